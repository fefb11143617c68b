/*
 * procfs.h - every process on the machine, from /proc: the one walk that
 * the limit watch's scans (usage.h), the kill -9 guard (guard.h) and the
 * tests' count of what a run left behind share.
 */
#ifndef PROCFS_H
#define PROCFS_H

#include <stddef.h>
#include <sys/types.h>

/* Called with each process's pid and its /proc entry name; a non-zero
 * return stops the walk and is returned. */
typedef int (*procfs_fn)(pid_t pid, const char *name, void *arg);

/* fn for every process listed now (one that ends meanwhile may still be
 * seen, one that starts may not).  0, -1 if /proc cannot be read, or what
 * fn returned to stop. */
int procfs_each(procfs_fn fn, void *arg);

/* Read a small /proc file (a stat or status line) whole into buf, NUL
 * terminated: 0, or -1 if the process is gone or the file is empty. */
int procfs_read(const char *path, char *buf, size_t len);

#endif
