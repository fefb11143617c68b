/*
 * guard.h - a watchman process that ends every bot's process group when
 * the referee dies without ending them itself (kill -9, a crash).
 *
 * Bots die with the referee through their parent-death signal, but what a
 * bot forked does not.  The guard is a small child of the referee in a
 * session of its own; the referee tells it through a pipe which process
 * groups are alive, and puts a mark unique to this run in every bot's
 * environment, which whatever a bot starts inherits.  When the pipe
 * reaches end of file (the referee exited, however), the guard sends
 * SIGKILL to every group still listed and to every process carrying the
 * mark, wherever it went, and exits.
 *
 * Started on first use; guard_stop() at a clean exit reaps it.  A group is
 * removed once it was killed after its bot's end, so a process group id
 * reused later by someone else is never signalled.  Only a process that
 * left its bot's group and cleared its environment escapes.
 */
#ifndef GUARD_H
#define GUARD_H

#include <sys/types.h>

/* Tell the guard about a new bot group (starting the guard if needed).
 * Best effort: a failure only loses the protection, never the game. */
void guard_add(pid_t pgid);
void guard_remove(pid_t pgid);
/* The "NAME=" of the entry to add to a bot's environment, with the bot's
 * id as its value (the guard matches any value); starts the guard if
 * needed; NULL without a guard. */
const char *guard_env_mark(void);

/* Close the pipe and reap the guard. */
void guard_stop(void);
/* The guard's pid, or -1: it is our child but no bot's. */
pid_t guard_pid(void);

#endif
