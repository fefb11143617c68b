/*
 * watch.h - enforce the limits the kernel cannot: resident memory and
 * process count per bot, checked four times a second from /proc.
 *
 * An address-space limit (RLIMIT_AS) breaks sanitizer-built and JIT bots,
 * which reserve address space in bulk, and RLIMIT_NPROC counts every
 * process of the user (and does not bind root), so these two are measured
 * instead.  A bot can overshoot by what it allocates or forks within one
 * period; the kernel limits stay available as hard caps.
 *
 * All watches of a loop share one timer and one scan of /proc.  The
 * callback runs once per watch, from the loop, when a limit is first
 * exceeded; it must not call watch_remove.
 *
 * Every bot is watched, with limits or not, because the watches are also
 * the list of live bots for watch_sweep().
 */
#ifndef WATCH_H
#define WATCH_H

#include <ev.h>
#include <sys/types.h>

#define WATCH_PERIOD_S 0.25

typedef enum {
    WATCH_MEMORY, /* value: resident KiB */
    WATCH_PROCS,  /* value: processes */
} watch_what;

typedef void (*watch_cb)(void *arg, watch_what what, long value);

typedef struct watch watch;

/* Watch the bot whose process group is pgid; 0 means no limit.  NULL when
 * out of memory. */
watch *watch_add(struct ev_loop *loop, pid_t pgid, long mem_kb, long procs,
                 watch_cb cb, void *arg);
/* NULL is allowed. */
void watch_remove(watch *w);

/* Kill our children that belong to no watched bot (nor to the guard):
 * what a dead bot left behind outside its process group.  Runs with every
 * check, and should run when a bot has been reaped. */
void watch_sweep(void);

#endif
