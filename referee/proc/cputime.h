/*
 * cputime.h - the CPU time of a bot that runs without a box, read from
 * /proc: what the CPU clock (clock/turnclock.h) charges such a bot.  A
 * boxed bot's comes from its control group instead (cgroup_cpu_read),
 * which is exact.
 *
 * The sum, over every process in the bot's process group, of its own CPU
 * time and that of the children it has waited for (utime, stime, cutime,
 * cstime of /proc/PID/stat).  How exact: to the clock tick (1/100 s on
 * Linux) per process; a process that left the group (setsid, setpgid) is
 * not counted from then on, nor is a child that exited after its parent
 * did (its time goes to whoever reaps it: a double-forked helper that
 * ends between two looks is counted nowhere), and a process of another
 * bot that joins the group is counted to this one.  Bots without a box
 * must be trusted for these reasons among others.  Cost: one walk over
 * /proc, about a file read per process on the machine.
 */
#ifndef CPUTIME_H
#define CPUTIME_H

#include <sys/types.h>

/* Seconds of CPU used by the processes of group pgid; -1 if /proc cannot
 * be read. */
double proc_group_cpu_seconds(pid_t pgid);

#endif
