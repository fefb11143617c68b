/*
 * usage.h - what the bots' processes use right now: resident memory and
 * process count, read from /proc.
 *
 * A bot owns every process of its process group, and every descendant of
 * those that moved to a group of its own (setsid, setpgid) while its
 * parent still lives.  One scan of /proc serves every bot of the referee,
 * so its cost does not grow with the number of games.
 */
#ifndef USAGE_H
#define USAGE_H

#include <stddef.h>
#include <sys/types.h>

typedef struct {
    long rss_kb; /* resident memory, summed over the processes */
    int procs;   /* processes (not threads) */
} proc_usage;

/* Fill use[i] for the bot whose group is pgids[i] (also its leader's pid).
 * Returns 0, or -1 if /proc cannot be read (use[] is then all zero). */
int proc_usage_scan(const pid_t *pgids, size_t n, proc_usage *use);

/* Our children that belong to no bot in pgids and are not keep: what a
 * bot left behind in a session or group of its own, reparented to us as
 * the child subreaper once the bot died.  Up to max pids into out;
 * returns how many, or -1 if /proc cannot be read. */
int proc_usage_strays(const pid_t *pgids, size_t n, pid_t keep, pid_t *out,
                      size_t max);

/* Parse one /proc/PID/stat line.  Returns 0, or -1 if it is not one. */
int proc_usage_parse_stat(const char *line, pid_t *pid, pid_t *ppid,
                          pid_t *pgrp, long *rss_pages);

#endif
