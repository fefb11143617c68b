/*
 * session_internal.h - what the parts of a session share: session.c (its
 * lines, its failures and its end), session_handshake.c (the start and
 * the handshake) and session_turns.c (the set lines and the turns).  For
 * those files only.
 */
#ifndef CHECKBOT_SESSION_INTERNAL_H
#define CHECKBOT_SESSION_INTERNAL_H

#include "checkbot/driver.h"
#include "checkbot/session.h"
#include "proto.h"
#include "rules.h"
#include "util/rng.h"

#include <stdbool.h>
#include <stddef.h>

/* After a missed deadline, how long the answer is still awaited before
 * the bot is told to quit: a late answer is told from no answer. */
#define CKSESS_PATIENCE_MS 1000
/* The moment after `start` in which a bot that cannot take its set lines
 * shows it. */
#define CKSESS_SETUP_WATCH_MS 50
/* How long what a bot left may take to be cleaned up by the referee. */
#define CKSESS_SETTLE_S 3.0
#define CKSESS_SENT_LINES 6
#define CKSESS_ERR_LINES 8
#define CKSESS_MAX_FAILS 4

typedef struct {
    int seat;
    char text[RULES_MOVE_TEXT_MAX];
} cksess_move;

typedef struct {
    int block;
    ckstep step;
    char detail[480];
    char sent[CKSESS_SENT_LINES * 210];
} cksess_fail_t;

typedef struct {
    const cksession_ctx *ctx;
    const cksession_plan *plan;
    cksession_result *res;
    const ckrig_options *o;
    ckdrv *d;
    rules_pos pos;
    int nseats;
    cksess_move *hist; /* the opening's moves first (plan->nopening) */
    size_t nhist, caphist, seen;
    time_control tc;   /* the plan's, on the wall clock */
    long bank_left;
    rng r;
    rules_move *legal; /* room for the other seats' choices */
    cksess_fail_t fails[CKSESS_MAX_FAILS];
    int nfails;
    bool ended;        /* a step failed: no more steps */
} cksess;

/* ---- session.c ------------------------------------------------------- */

/* A failed step, kept until the bot is gone, so that its stderr is
 * complete when it is shown; the session ends there. */
void cksess_fail(cksess *s, int block, ckstep step, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The probe's verdict: not this bot's game. */
void cksess_not_played(cksess *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Append sep (unless buf is empty) and text, cut to fit. */
void cksess_append(char *buf, size_t len, const char *sep, const char *text);
/* The bot's text, quoted (up to 120 bytes). */
const char *cksess_quote(const char *text, char *buf, size_t len);
/* A line made by a proto_fmt_ function, queued without its LF. */
void cksess_queue(cksess *s, const char *buf, int len);
void cksess_queue_set(cksess *s, const char *key, const char *value);
bool cksess_add_move(cksess *s, int seat, const char *text);
/* The bot's next line within clock c (ckdrv_next); Ctrl-C ends the
 * session there. */
ckdrv_wait cksess_next(cksess *s, const turnclock *c, ckdrv_line *l);
/* After a missed deadline: `quit`, and whether a line of kind want came
 * before the bot's end (into *got). */
bool cksess_came_at_exit(cksess *s, proto_kind want, ckdrv_line *got);

/* ---- session_handshake.c --------------------------------------------- */

/* Start the bot; false (reported) if it cannot run. */
bool cksess_start(cksess *s);
/* `protocol 1` to `ready 1`; false (reported) if not. */
bool cksess_handshake(cksess *s);

/* ---- session_turns.c ------------------------------------------------- */

void cksess_send_setup(cksess *s);
/* The moment after `start`; false (reported) if the bot fails in it. */
bool cksess_watch_setup(cksess *s);
/* The plan's turns, until one fails or the game is over. */
void cksess_play(cksess *s);

#endif
