/*
 * priority.h - the loop ahead of the bots on the processor.
 *
 * On a machine whose cores are all busy (bots that think on every core, or
 * anything else), a woken thread waits its turn; for the thread that reads
 * the bots' moves and watches their deadlines, that wait is time a bot is
 * charged or a timeout noticed late.  Where the referee may (as root, or
 * with CAP_SYS_NICE), its loop thread runs at nice -10: woken, it runs
 * before the bots.  The bots, and the referee's other threads, keep the
 * nice value the referee was started with, so no bot gains on another.
 */
#ifndef PRIORITY_H
#define PRIORITY_H

#include <stdbool.h>

#define PRIORITY_LOOP_NICE (-10)

/* Record the nice value we started with (once, at program start, before
 * any thread is made). */
void priority_init(void);
/* The nice value bots and helper threads get. */
int priority_base(void);
/* Raise the calling thread (the loop's); false where not allowed. */
bool priority_raise_loop(void);
/* Give the calling thread the base value again (helper threads). */
void priority_drop_thread(void);

#endif
