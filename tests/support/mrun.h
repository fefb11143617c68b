/*
 * mrun.h - test support: one `referee match` run in a directory of its
 * own, its output, its records read back, and the check that no process
 * it started outlived it.  Criterion assertions: for tests only.
 */
#ifndef MRUN_H
#define MRUN_H

#include "record/record.h"

#define MRUN_OUT_MAX 65536

typedef struct {
    char dir[256];
    char tag[64];   /* RUN_TAG of every process of the run */
    char out[MRUN_OUT_MAX];
    int rc;         /* the referee's exit status */
    double seconds; /* how long it ran */
} mrun;

/* `referee match --out DIR OPTS... BOT1 BOT2` (opts NULL-terminated). */
void mrun_match(mrun *m, const char *const *opts, const char *bot1,
                const char *bot2);
/* No process of the run may be left (they get 2 s to go); rm -r DIR. */
void mrun_finish(mrun *m);
/* Read DIR/game-NNNN.yaml (asserts it can be read). */
void mrun_record(const mrun *m, int game, record *r);
/* `referee replay --quiet` of a record (expects success); its status. */
int mrun_replay(const mrun *m, int game);
/* The seat whose command holds needle, or -1. */
int mrun_seat_of(const record *r, const char *needle);

#endif
