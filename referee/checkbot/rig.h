/*
 * rig.h - the referee's machinery for running bots, set up as `match`
 * sets it up (match/series.c): the sandbox level the machine allows, an
 * event loop of our own (not libev's default loop, which reaps every
 * child), the loop's clock, and the starter thread that starts bots and
 * tears their boxes down off the loop.  So a bot that passes check-bot
 * was started, boxed, limited and timed as it is in a match.
 *
 * Ctrl-C, SIGTERM and SIGHUP set a flag that the course reads
 * (ckrig_interrupted); the bot running then is killed by its driver.
 */
#ifndef CHECKBOT_RIG_H
#define CHECKBOT_RIG_H

#include "checkbot/procs.h"
#include "clock/loopclock.h"
#include "proc/proc.h"
#include "proc/starter.h"
#include "sandbox/sandbox.h"

#include <ev.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct {
    sandbox_options sandbox;
    proc_limits limits;
    long startup_ms, grace_ms;
    long quit_ms, term_ms; /* as a match: `quit` then SIGTERM, SIGKILL */
    bool verbose;          /* print every line to and from the bot */
    FILE *out;
} ckrig_options;

typedef struct ckrig ckrig;

/* NULL with a message in err. */
ckrig *ckrig_new(const ckrig_options *o, char *err, size_t errlen);
/* After every bot it ran was freed: waits for the boxes' teardowns, kills
 * what is left among our children, removes the control groups and stops
 * the guard. */
void ckrig_free(ckrig *r);

const ckrig_options *ckrig_opts(const ckrig *r);
struct ev_loop *ckrig_loop(ckrig *r);
starter *ckrig_starter(ckrig *r);
loopclock *ckrig_clock(ckrig *r);
bool ckrig_interrupted(const ckrig *r);

/* Run the loop until nothing of the bots is left running (their boxes'
 * inits aside), for max_s at most: what is left then is in *left. */
void ckrig_settle(ckrig *r, double max_s, ckprocs *left);

#endif
