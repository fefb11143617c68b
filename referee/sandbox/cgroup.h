/*
 * cgroup.h - a control group per bot: hard caps on its tasks and memory,
 * the CPU time of its whole tree, freezing it, and killing everything in
 * it at once.
 *
 * Works with cgroup v2 (the unified hierarchy) and v1 hierarchies, also
 * mixed as on hybrid systems: each feature comes from v2 where its
 * controller is enabled there, else from the v1 hierarchy of that
 * controller.  Freezing and killing are v2 core features (cgroup.freeze,
 * cgroup.kill) where v2 is mounted, else the v1 freezer.  Groups are made
 * only beneath the referee's own group in each hierarchy: a run group
 * "referee-PID" holding one group per bot, "bot-ID".
 *
 * Caller's protocol:
 *   1. cgroup_setup() once (again after cgroup_teardown()); it fails (with why) where the machine does not
 *      give us pids and memory groups, freezing and CPU accounting.  Where
 *      it can, every group also gets the same CPU weight (v2 cpu.weight
 *      100, v1 cpu.shares 1024): boxes share a busy processor equally,
 *      however many threads each runs.
 *   2. cgroup_new() per bot, before its process starts; the child joins
 *      the group by writing "0" to each fd of cgroup_join_fds() (one
 *      write per fd, async-signal-safe) before it forks anything.
 *   3. cgroup_freeze(), cgroup_kill(), cgroup_stats() while it plays.
 *   4. cgroup_free() once its processes are gone (kills what is left; a
 *      group still busy is removed later, at the latest by
 *      cgroup_teardown()).
 */
#ifndef CGROUP_H
#define CGROUP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cgroup cgroup;

/* Most hierarchies a bot's group spans (v2, and v1 pids, memory,
 * freezer, cpuacct, cpu). */
#define CGROUP_MAX_JOIN 6

typedef struct {
    long mem_kb_peak;  /* highest memory charged to the group */
    long oom_kills;    /* processes the kernel killed at the memory cap */
    long tasks_peak;   /* most tasks at once, where the kernel says */
    long tasks_denied; /* forks and clones refused at the task cap */
    double cpu_s;      /* CPU time of every process that ran in it */
} cgroup_stats;

/* Find the hierarchies and make this run's group in each.  Returns 0, or
 * -1 with why in err. */
int cgroup_setup(char *err, size_t errlen);
/* "v2 freeze,cpu; v1 pids,memory,weight" or "" before setup. */
const char *cgroup_describe(void);
/* The run groups' directories, for the kill -9 guard: n of them. */
size_t cgroup_run_dirs(const char **dirs, size_t max);
/* Remove the run groups (killing anything left in them). */
void cgroup_teardown(void);

/* A group for bot id with the caps (0 = none), CPU accounted.  NULL with
 * why in err. */
cgroup *cgroup_new(long id, long mem_mb, long tasks, char *err,
                   size_t errlen);
/* Open fds (O_CLOEXEC) of the group's cgroup.procs files. */
int cgroup_join_fds(const cgroup *cg, int fds[CGROUP_MAX_JOIN]);
void cgroup_freeze(cgroup *cg, bool on);
/* SIGKILL to every process in the group, at once where the kernel can. */
void cgroup_kill(cgroup *cg);
void cgroup_stats_read(const cgroup *cg, cgroup_stats *st);
/* The CPU seconds of every process that ran in the group, from a file
 * kept open (the CPU clock reads it several times a move); -1 if it cannot
 * be read. */
double cgroup_cpu_read(cgroup *cg);
/* Only the two counters of a breach (tasks_denied, oom_kills; the rest
 * zero): two reads of files kept open, cheap enough for every move. */
void cgroup_breaches_read(cgroup *cg, cgroup_stats *st);
/* Kill what is left and remove the group; NULL is allowed. */
void cgroup_free(cgroup *cg);

/* Kill every process in dir and in the groups beneath it, then remove
 * them, for at most about a second (the guard, after the referee died). */
void cgroup_kill_tree(const char *dir);

#endif
