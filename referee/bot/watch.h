/*
 * watch.h - enforce the limits the kernel cannot: memory and tasks per
 * bot, checked four times a second from /proc; and kill what dead bots
 * left behind.
 *
 * An address-space limit (RLIMIT_AS) breaks sanitizer-built and JIT bots,
 * which reserve address space in bulk, and RLIMIT_NPROC counts every
 * process of the user (and does not bind root), so these two are measured
 * instead.  A bot can overshoot by what it allocates or starts within one
 * period (--limit-vm remains as a hard cap on memory; there is none on
 * tasks).
 *
 * All watches share one timer per loop and one scan of /proc.  The scan
 * (milliseconds with many processes on the machine) runs on a thread of
 * its own, never on the loop, so that it cannot delay a bot's move or a
 * deadline; its findings come back to the loop, which acts on them.
 * Callbacks run from the loop, once per watch, when a limit is first
 * exceeded; they must not call watch_remove (the bot's exit, later,
 * does).
 *
 * Every bot is watched, with limits or not: the watches are also the list
 * of live bots that tells a stray from a bot.
 */
#ifndef WATCH_H
#define WATCH_H

#include <ev.h>
#include <sys/types.h>

#define WATCH_PERIOD_S 0.25

typedef enum {
    WATCH_MEMORY, /* value: anonymous resident KiB */
    WATCH_TASKS,  /* value: processes and threads */
} watch_what;

typedef void (*watch_cb)(void *arg, watch_what what, long value);

typedef struct watch watch;

/* Watch the bot whose process group is pgid and whose environment holds
 * id (proc_child.id); 0 means no limit.  NULL when out of memory. */
watch *watch_add(struct ev_loop *loop, pid_t pgid, long id, long mem_kb,
                 long tasks, watch_cb cb, void *arg);
/* NULL is allowed. */
void watch_remove(watch *w);

/* Kill our children that belong to no watched bot (nor to the guard):
 * what a dead bot left outside its process group.  Each one killed hands
 * its own children to us as it dies, so this looks again shortly after,
 * generation by generation; nothing waits on the loop.  A stray is killed
 * only if it is still the process the scan saw (pid and start time) and
 * still unreaped, checked on the loop, which alone reaps.  Call it when a bot
 * has been reaped; the periodic check does it too.  The pending timer
 * keeps the loop running until it is done. */
void watch_sweep_soon(struct ev_loop *loop);
/* The same after the loop has stopped (before the program exits): kill,
 * reap and look again until nothing is left, for one second at most; then
 * stop the scanning threads. */
void watch_sweep_final(void);

/* Test hook: every scan first sleeps this long (the environment's
 * REFEREE_TEST_SCAN_DELAY_MS, read by the commands), as a machine with
 * thousands of processes would take. */
void watch_set_test_delay_ms(long ms);

#endif
