/*
 * usage.h - what the bots' processes use right now, read from /proc:
 * anonymous resident memory and tasks (processes and threads); and what
 * dead bots left behind among our children.
 *
 * A process belongs to the bot whose leader is its nearest ancestor.  One
 * whose ancestry no longer leads to a bot (reparented to us after its
 * parent died) belongs to the bot whose id its environment carries; only
 * if it carries none (it was exec'd with another environment) to the bot
 * whose process group it is in.  So a bot cannot make another pay for
 * what it started by moving it into the other's group.  One scan of /proc serves every bot of the referee, so its cost
 * does not grow with the number of games.
 */
#ifndef USAGE_H
#define USAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct {
    long mem_kb; /* anonymous resident memory, summed over the processes */
    int procs;   /* live processes */
    int tasks;   /* their threads, the processes' main threads included */
} proc_usage;

#define PROC_USAGE_MAX_STRAYS 64

typedef struct {
    /* In: the live bots' process groups (each also its leader's pid), and
     * a child of ours that is no bot's and must be left alone. */
    const pid_t *pgids;
    size_t n;
    pid_t keep;
    /* Optional: the bots' ids (proc_child.id) and the environment prefix
     * they are written under, to place orphans (below); NULL if unused. */
    const long *ids;
    const char *mark;
    /* Optional: the largest id a bot had when the list was made (0: none
     * given).  A process marked with a larger id belongs to a bot started
     * since, not to a dead one: it is no stray. */
    long max_id;
    /* Out: use[i] for pgids[i] (the caller's array of n), and our
     * children that belong to no live bot. */
    proc_usage *use;
    pid_t strays[PROC_USAGE_MAX_STRAYS];
    unsigned long long stray_start[PROC_USAGE_MAX_STRAYS]; /* start times */
    pid_t stray_pgrp[PROC_USAGE_MAX_STRAYS];               /* their groups */
    size_t nstrays;
} proc_scan;

/* One pass over /proc.  Returns 0, or -1 if /proc cannot be read (use is
 * then all zero and there are no strays). */
int proc_usage_scan(proc_scan *scan);

typedef struct {
    pid_t pid, ppid, pgrp;
    char state;   /* 'R', 'S', 'Z', ... */
    long threads;
    long rss_pages;
    unsigned long long start; /* start time after boot, in clock ticks */
    /* CPU time in clock ticks: its own (utime + stime) and that of the
     * children it has waited for (cutime + cstime) */
    unsigned long long cpu_ticks;
} proc_stat;

/* Whether pid is still the stray a scan saw (the same start time) and
 * still an unreaped child of ours.  A scan that ran on another thread may
 * be older than a reaping by the loop, and the pid reused since: check
 * this on the thread that reaps, right before the kill. */
bool proc_usage_still_stray(pid_t pid, unsigned long long start);

/* Parse one /proc/PID/stat line.  Returns 0, or -1 if it is not one. */
int proc_usage_parse_stat(const char *line, proc_stat *st);

#endif
