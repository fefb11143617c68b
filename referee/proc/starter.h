/*
 * starter.h - bot starts and box teardowns off the event loop.
 *
 * Starting a bot waits for its exec, and a box (sandbox.h) also for its
 * namespaces and mounts: milliseconds, tens of them on a loaded machine.
 * Tearing a box down waits until it is empty.  Neither may hold up the
 * loop that times the bots of the other games, so a thread of its own
 * does both, one at a time in the order asked, and hands each start back
 * to the loop.
 *
 * Caller's protocol:
 *   1. starter_new(loop) after sandbox_setup(); the process must not reap
 *      children with waitpid(-1) (proc.h: use ev_loop_new, not libev's
 *      default loop), since a bot may exit before the loop hears of it.
 *   2. starter_spawn(s, ps, &child, done, arg) takes the proc_start (and
 *      frees it); child is filled, and left alone by the loop, until
 *      done(status, err, arg) runs on the loop.
 *   3. starter_reaped(s, pid) once the bot was reaped (proc_reap), and
 *      starter_release(s, &child) when it is done with: its box is torn
 *      down on the thread; child is cleared at once.
 * The starter also reaps, on SIGCHLD, every child of ours that nobody
 * else waits for (what bots left behind: the referee is a child
 * subreaper), but none while a start's pid is not yet known to it, since
 * a bot may exit before the loop hears of its start.
 *   4. starter_free() after every bot it started was reaped: it waits for
 *      the teardowns.  The bots' parent-death signal is tied to the thread
 *      that started them, so it must outlive them.
 * With s NULL everything happens at once, on the caller's thread: done
 * runs before starter_spawn returns.
 */
#ifndef STARTER_H
#define STARTER_H

#include "proc/proc.h"

#include <ev.h>
#include <stddef.h>

typedef struct starter starter;

/* err is the reason when st is not PROC_OK. */
typedef void (*starter_done_fn)(proc_status st, const char *err, void *arg);

/* NULL with a message in err. */
starter *starter_new(struct ev_loop *loop, char *err, size_t errlen);
/* 0, or -1 when out of memory: nothing started, ps freed, done not run. */
int starter_spawn(starter *s, proc_start *ps, proc_child *child,
                  starter_done_fn done, void *arg);
void starter_reaped(starter *s, pid_t pid);
void starter_release(starter *s, proc_child *child);
void starter_free(starter *s);

/* Test hook: every start sleeps this long on the thread first, as on a
 * machine where starts are slow (REFEREE_TEST_START_DELAY_MS). */
void starter_set_test_delay_ms(starter *s, long ms);

#endif
