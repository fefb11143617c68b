/*
 * botrun.h - test support: one bot program run by itself, without a
 * referee, on a script of referee lines, for the tests of the bundled
 * bots.  Criterion assertions: for tests only.
 */
#ifndef BOTRUN_H
#define BOTRUN_H

#include <stdbool.h>
#include <stddef.h>

/* What a bot wrote on stdout and how it ended. */
typedef struct {
    char out[16384];
    int status; /* as waitpid gives it */
} botrun;

/* BUILD/test/bots/name, from where this test program lives (asserts it
 * is built). */
void botrun_path(const char *name, char *buf, size_t len);
/* Run argv (argv[0] the program, NULL-terminated) with script (under
 * 4096 bytes, so it fits in the pipe) on its stdin until it exits; its
 * stderr discarded when quiet. */
void botrun_script(char *const argv[], const char *script, bool quiet,
                   botrun *run);

#endif
