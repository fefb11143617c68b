/*
 * run.h - test support: run the referee (or any program) as a child, with
 * its output captured, and count processes that outlived it.
 *
 * Every child started through run_cmd() gets RUN_TAG=<tag> in its
 * environment; bots inherit it from the referee, so run_count_tagged()
 * finds any bot process left behind, wherever it was reparented.
 */
#ifndef RUN_H
#define RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Paths of the sanitizer build (make test builds them first); the
 * Makefile passes its own test directory, so BUILD=... works. */
#ifndef RUN_DIR
#define RUN_DIR "build/test/"
#endif
#define RUN_REFEREE RUN_DIR "referee"
#define RUN_BOTS RUN_DIR "bots/"
#define RUN_TBOTS RUN_DIR "tbots/"
#define RUN_PBOTS RUN_DIR "pbots/"

/* Run argv with RUN_TAG=tag, stdout+stderr into out (NUL-terminated,
 * truncated to outlen).  Returns the exit status, or -1 if it did not exit
 * normally. */
int run_cmd(char *const argv[], const char *tag, char *out, size_t outlen);
/* `referee match --out dir OPTS... BOT1 BOT2` (opts NULL-terminated, at
 * most 50) through run_cmd. */
int run_match(const char *dir, const char *tag, const char *const *opts,
              const char *bot1, const char *bot2, char *out, size_t outlen);
/* Start argv with RUN_TAG=tag and its output discarded; returns its pid
 * (the caller reaps it). */
pid_t run_start(char *const argv[], const char *tag);
/* Processes whose environment holds RUN_TAG=tag. */
int run_count_tagged(const char *tag);
/* SIGKILL to each of them (stopped ones too); how many there were. */
int run_kill_tagged(const char *tag);
/* sig to each of them but except (0: none), as a batch system ending a
 * job signals every process of it; how many there were. */
int run_signal_tagged(const char *tag, int sig, pid_t except);
/* The game records in an event's records directory: NAME.yaml, not
 * event.yaml, not a temporary file. */
int run_count_records(const char *dir);
/* A fresh directory under /tmp for one test; path into buf. */
void run_tmpdir(char *buf, size_t len);
/* The whole of a file, NUL-terminated (free it); NULL if unreadable.  len
 * may be NULL. */
char *run_slurp(const char *path, size_t *len);
/* The body of an event definition: the Swiss format, 8 entrants made of
 * the bundled C bots (two groups of four, then the cup), seed 2026. */
#define RUN_SWISS8                                                            \
    "seed: 2026\nformat: swiss-cup\ntime_control: {move_ms: 3000}\n"          \
    "entrants:\n"                                                             \
    "  - {name: g1, command: " RUN_BOTS "greedy_bot}\n"                        \
    "  - {name: g2, command: " RUN_BOTS "greedy_bot --position}\n"             \
    "  - {name: g3, command: " RUN_BOTS "greedy_bot}\n"                        \
    "  - {name: g4, command: " RUN_BOTS "greedy_bot --position}\n"             \
    "  - {name: r1, command: " RUN_BOTS "random_bot}\n"                        \
    "  - {name: r2, command: " RUN_BOTS "random_bot --position}\n"             \
    "  - {name: r3, command: " RUN_BOTS "random_bot}\n"                        \
    "  - {name: r4, command: " RUN_BOTS "random_bot --position}\n"

/* Write dir/name.yaml: an event named name with its records and results
 * under dir, then body; its path into path. */
void run_write_event(const char *dir, const char *name, const char *body,
                     char *path, size_t len);
/* Is reason a Pentago end by the rules (not a fault)? */
bool run_is_rules_end(const char *reason);
/* rm -r of a test directory. */
void run_rmtree(const char *path);

#endif
