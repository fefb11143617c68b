/*
 * worker.h - a thread that does the slow work the event loop must never
 * wait for (fsync, rename, reading /proc, writing to a terminal or a pipe
 * that may be full), one job at a time in the order given, and hands each
 * result back to the loop.
 *
 * Caller's protocol:
 *   1. worker_new(loop) starts the thread (every signal blocked in it, so
 *      signals stay with the loop).
 *   2. worker_submit(w, run, done, arg): run(arg) runs on the thread; then
 *      done(arg), if given, runs on the loop.  A job submitted keeps the
 *      loop running until its done callback has run; an idle worker does
 *      not.
 *   3. worker_free() after the loop: runs what is still queued, joins the
 *      thread and runs the done callbacks still owed.
 *
 * run() must touch nothing the loop touches meanwhile: the caller hands
 * the job its data and leaves it alone until done().
 */
#ifndef WORKER_H
#define WORKER_H

#include <ev.h>
#include <stddef.h>
#include <stdio.h>

typedef struct worker worker;
typedef void (*worker_fn)(void *arg);

/* NULL with a message in err. */
worker *worker_new(struct ev_loop *loop, char *err, size_t errlen);
/* 0, or -1 when out of memory (nothing runs then). */
int worker_submit(worker *w, worker_fn run, worker_fn done, void *arg);
/* Write text (copied) to fd on the thread, whole, in order with the
 * other jobs: output to a terminal or a pipe may block.  With w NULL, or
 * out of memory, it is written at once. */
void worker_print(worker *w, int fd, const char *text);

/* Text formatted with stdio for worker_print: out is NULL when out of
 * memory (print nothing then); worker_out_print() prints what was written,
 * if anything, and frees it. */
typedef struct {
    FILE *f;
    char *text;
    size_t len;
} worker_out;
FILE *worker_out_open(worker_out *o);
void worker_out_print(worker *w, int fd, worker_out *o);

/* Wait (blocking) until every job submitted so far has run and its done
 * callback too: for the end of a command, after its loop. */
void worker_drain(worker *w);
/* Drains, then stops the thread.  NULL is allowed. */
void worker_free(worker *w);

#endif
