/*
 * procs.h - what of a bot runs, seen from the referee in /proc.
 *
 * The referee is the parent of every bot (a boxed one too: it is cloned
 * with CLONE_PARENT) and the subreaper of what bots orphan (main.c), so
 * whatever a bot started and left running is a descendant of the
 * referee: reparented to it, or, in a box, to the box's init, which is
 * the referee's child too.  The guard (proc/guard.h) and the boxes' inits
 * are the referee's own and are left out.  check-bot runs one bot at a
 * time, so every other descendant is that bot's.
 */
#ifndef CHECKBOT_PROCS_H
#define CHECKBOT_PROCS_H

#include <stddef.h>
#include <sys/types.h>

#define CKPROCS_MAX 16

typedef struct {
    pid_t pid, pgrp;
    char name[80]; /* its comm, quoted */
} ckproc;

typedef struct {
    size_t n;                /* live descendants found */
    ckproc p[CKPROCS_MAX];   /* the first of them */
} ckprocs;

/* The running descendants of this process, but for the guard and the
 * boxes' inits (zombies are not running).  0, or -1 if /proc cannot be
 * read. */
int ckprocs_scan(ckprocs *out);
/* The bot just started: the newest child of this process that is neither
 * the guard nor a box's init (zombie or not); -1 if none. */
pid_t ckprocs_newest_child(void);
/* "2 processes: 4242 'sleep' (in the bot's process group), 4243 'sh'" */
void ckprocs_describe(const ckprocs *ps, pid_t bot_pgrp, char *buf,
                      size_t len);

#endif
