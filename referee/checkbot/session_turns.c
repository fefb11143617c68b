/* session_turns.c - a session's set lines and turns (see
 * session_internal.h). */
#include "checkbot/session_internal.h"

#include "checkbot/scenes.h"
#include "clock/clock.h"
#include "match/explain.h"
#include "match/turn_history.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---- setup ----------------------------------------------------------- */

void cksess_send_setup(cksess *s)
{
    const rules_game *g = s->plan->g;
    char val[PROTO_LINE_MAX], buf[PROTO_LINE_MAX + 2];
    cksess_queue_set(s, "game", rules_game_name(g));
    cksess_queue_set(s, "variant", rules_variant_name(g));
    if (rules_options_text(g)[0])
        cksess_queue_set(s, "options", rules_options_text(g));
    snprintf(val, sizeof val, "%d", s->nseats);
    cksess_queue_set(s, "seats", val);
    /* Keys a later referee may send: a bot must let them pass. */
    cksess_queue_set(s, "check-bot-unknown-key", "a value to ignore");
    for (int o = 0; o < s->nseats; o++) {
        const char *name = o != s->plan->seat ? "check-bot"
                           : s->res->name[0]  ? s->res->name
                                              : "unnamed";
        snprintf(val, sizeof val, "%d %s %d %s", o, rules_seat_colour(g, o),
                 rules_seat_team(g, o), name);
        cksess_queue_set(s, "player", val);
    }
    snprintf(val, sizeof val, "%d", s->plan->seat);
    cksess_queue_set(s, "you", val);
    snprintf(val, sizeof val, "%ld %ld %ld", s->plan->move_ms,
             s->plan->bank_ms, s->plan->inc_ms);
    cksess_queue_set(s, "time", val);
    snprintf(val, sizeof val, "%" PRIu64, s->plan->seed);
    cksess_queue_set(s, "seed", val);
    ckdrv_queue(s->d, "check-bot-unknown-keyword to be ignored");
    int n = proto_fmt_start(buf, sizeof buf);
    cksess_queue(s, buf, n);
    ckdrv_flush(s->d);
}

/* The moment after `start`: nothing is expected, and a bot that cannot
 * take its set lines fails there rather than at its first turn. */
bool cksess_watch_setup(cksess *s)
{
    turnclock c;
    ckdrv_clock_wait(s->d, &c, CKSESS_SETUP_WATCH_MS, clock_now());
    for (;;) {
        ckdrv_line l;
        char q[4 * 120 + 1];
        switch (cksess_next(s, &c, &l)) {
        case CKDRV_INTERRUPTED:
            return false;
        case CKDRV_TIMED_OUT:
            ckrep_pass(s->ctx->rep, s->ctx->block, CKSTEP_SET,
                       "the set lines and 'start' taken, with an unknown "
                       "key and an unknown keyword among them");
            return true;
        case CKDRV_GONE:
            if (s->plan->probe && ckdrv_end_kind(s->d) == BOT_EXITED)
                cksess_not_played(s, "it %s after the set lines",
                                  ckdrv_gone_text(s->d));
            else
                cksess_fail(s, s->ctx->block, CKSTEP_SET,
                            "%s after the set lines, before its first turn",
                            ckdrv_gone_text(s->d));
            return false;
        case CKDRV_LINE:
            break;
        }
        if (l.kind == PROTO_MOVE) {
            cksess_fail(s, s->ctx->block, CKSTEP_SET,
                        "sent 'move %s' before its first turn: out of turn",
                        cksess_quote(l.text, q, sizeof q));
            return false;
        }
        if (l.kind == PROTO_MALFORMED) {
            cksess_fail(s, s->ctx->block, CKSTEP_SET, "a bad line: %s",
                        l.text);
            return false;
        }
    }
}

/* Does the bot get `position` lines: asked for, or a game of hidden
 * moves (rules_moves_hidden)? */
static bool cksess_positions(const cksess *s)
{
    return turn_history_positions(s->plan->g, s->res->want_position);
}

/* The step an answer to turn t proves, for this bot. */
static ckstep cksess_step(const cksess *s, const ckturn *t)
{
    return t->step == CKSTEP_PLAYED && cksess_positions(s)
               ? CKSTEP_POSITION
               : t->step;
}

/* ---- turns ----------------------------------------------------------- */

/* The other seats play until the bot's seat is to move: random legal
 * moves that do not end the game, where there is one.  False once the
 * game is over. */
static bool cksess_others_play(cksess *s)
{
    const rules_game *g = s->plan->g;
    for (;;) {
        rules_outcome_t o;
        rules_outcome(g, &s->pos, &o);
        if (o.over)
            return false;
        int seat = rules_to_move(g, &s->pos);
        if (seat == s->plan->seat)
            return true;
        size_t n = rules_legal_moves(g, &s->pos, s->legal, RULES_MAX_MOVES);
        if (n > RULES_MAX_MOVES)
            n = RULES_MAX_MOVES;
        if (n == 0)
            return false;
        size_t pick = rng_below(&s->r, (uint32_t)n);
        for (size_t k = 0; k < n; k++) {
            rules_pos after = s->pos;
            rules_apply(g, &after, &s->legal[(pick + k) % n]);
            rules_outcome(g, &after, &o);
            if (!o.over) {
                pick = (pick + k) % n;
                break;
            }
        }
        char text[RULES_MOVE_TEXT_MAX];
        rules_format_move(g, &s->legal[pick], text, sizeof text);
        rules_apply(g, &s->pos, &s->legal[pick]);
        if (!cksess_add_move(s, seat, text))
            return false;
    }
}

static turn_history_move cksess_hist_move(const void *hist, size_t i)
{
    const cksess_move *m = (const cksess_move *)hist + i;
    return (turn_history_move){m->seat, m->text};
}

static void cksess_history_line(void *s, const char *line, int len)
{
    cksess_queue(s, line, len);
}

/* What the bot is told before its turn: the moves it has not seen (the
 * opening's all), or the position. */
static void cksess_send_history(cksess *s)
{
    turn_history h = {.g = s->plan->g, .pos = &s->pos,
                      .seat = s->plan->seat,
                      .want_position = s->res->want_position,
                      .moves = s->hist, .move = cksess_hist_move,
                      .nmoves = s->nhist, .seen = s->seen,
                      .told_all = (size_t)s->plan->nopening};
    turn_history_lines(&h, cksess_history_line, s);
    s->seen = s->nhist;
}

typedef struct {
    const ckturn *t;
    ckstep step;
    turnclock clk;
    char line[64]; /* the turn line, for the report */
} cksess_turn;

/* The turn's failure, on its time step when it is about time. */
static ckstep cksess_late_step(const cksess_turn *tn)
{
    return tn->t->time_step < CKSTEP_COUNT ? tn->t->time_step : tn->step;
}

/* The bot went during its turn: at its first turn of a probe, with an
 * exit of its own, it does not play the game. */
static void cksess_gone_at_turn(cksess *s, const cksess_turn *tn,
                                bool first)
{
    if (first && s->plan->probe && ckdrv_end_kind(s->d) == BOT_EXITED)
        cksess_not_played(s, "it %s at its first turn",
                          ckdrv_gone_text(s->d));
    else
        cksess_fail(s, s->ctx->block, tn->step, "%s during its turn",
                    ckdrv_gone_text(s->d));
}

/* How long after the turn line a late move read at t came, less the
 * referee's pauses the turn forgives. */
static long cksess_late_ms(const cksess *s, const cksess_turn *tn, double t)
{
    turnclock_reading r = ckdrv_read_clock(s->d, true);
    return clock_ms(tn->clk.start, t) -
           clock_ms(0., turnclock_forgiven(&tn->clk, &r));
}

/* No answer in time: a late one, one held back until its exit, or none. */
static void cksess_no_move(cksess *s, const cksess_turn *tn, bool first)
{
    int block = s->ctx->block;
    long limit = tn->clk.limit_ms, grace = s->tc.grace_ms;
    turnclock late;
    ckdrv_clock_wait(s->d, &late, CKSESS_PATIENCE_MS, clock_now());
    ckdrv_line l;
    char q[4 * 120 + 1];
    for (;;) {
        ckdrv_wait w = cksess_next(s, &late, &l);
        if (w == CKDRV_LINE && l.kind != PROTO_MOVE)
            continue;
        if (w == CKDRV_INTERRUPTED)
            return;
        if (w == CKDRV_LINE) {
            cksess_fail(s, block, cksess_late_step(tn),
                        "'move %s' came %ld ms after '%s': over the limit of "
                        "%ld ms and the grace of %ld ms; a match ends there "
                        "(timeout)",
                        cksess_quote(l.text, q, sizeof q),
                        cksess_late_ms(s, tn, l.t), tn->line, limit, grace);
            return;
        }
        break;
    }
    bool gone = ckdrv_end_kind(s->d) != BOT_ALIVE;
    if (!gone && cksess_came_at_exit(s, PROTO_MOVE, &l)) {
        cksess_fail(s, block, cksess_late_step(tn),
                    "no move within %ld ms of '%s'; 'move %s' came only "
                    "when it was told to quit",
                    limit + grace, tn->line,
                    cksess_quote(l.text, q, sizeof q));
        cksess_fail(s, block, CKSTEP_FLUSH,
                    "its move came out only when it exited: did you flush "
                    "stdout? (or it thinks far too long)");
        return;
    }
    if (gone) {
        cksess_gone_at_turn(s, tn, first);
        return;
    }
    if (first && s->plan->probe) {
        cksess_not_played(s, "no move within %ld ms of its first turn",
                          limit + grace);
        return;
    }
    cksess_fail(s, block, cksess_late_step(tn),
                "no move within %ld ms of '%s' (limit %ld ms, grace %ld ms)",
                limit + grace, tn->line, limit, grace);
}

/* Whether the move ends the game with the bot's side winning. */
static bool cksess_wins(cksess *s)
{
    rules_outcome_t o;
    rules_outcome(s->plan->g, &s->pos, &o);
    return o.over && o.result[s->plan->seat] == RULES_RESULT_WIN;
}

static void cksess_pass_turn(cksess *s, const cksess_turn *tn,
                             const char *text, long ms, const char *win)
{
    ckrep *rep = s->ctx->rep;
    int block = s->ctx->block;
    char q[4 * 120 + 1];
    cksess_quote(text, q, sizeof q);
    if (tn->step == CKSTEP_FIVE) {
        if (cksess_wins(s))
            ckrep_info(rep, block, CKSTEP_FIVE, "it took the five: '%s'", q);
        else
            ckrep_info(rep, block, CKSTEP_FIVE, "it played '%s' when '%s' "
                       "won at once", q, win);
    } else {
        char end[160] = "";
        rules_outcome_t o;
        rules_outcome(s->plan->g, &s->pos, &o);
        if (o.over)
            snprintf(end, sizeof end, ": the game ends, %s by %s",
                     rules_result_name(o.result[s->plan->seat]),
                     rules_end_name(o.reason));
        ckrep_pass(rep, block, tn->step, "'%s' %s%s", q, tn->t->what, end);
    }
    if (tn->t->time_step < CKSTEP_COUNT)
        ckrep_pass(rep, block, tn->t->time_step, "'%s' answered in %ld ms",
                   tn->line, ms);
}

/* The answer to the turn: a legal move in time, or the turn's failure. */
static bool cksess_take_move(cksess *s, const cksess_turn *tn,
                             const ckdrv_line *l, bool first)
{
    const rules_game *g = s->plan->g;
    int block = s->ctx->block;
    char q[4 * 120 + 1], why[RULES_REASON_MAX];
    cksess_quote(l->text, q, sizeof q);
    if (l->t < tn->clk.start) {
        cksess_fail(s, block, tn->step, "'move %s' was sent before '%s': "
                    "out of turn", q, tn->line);
        return false;
    }
    char win[RULES_MOVE_TEXT_MAX] = "";
    if (tn->step == CKSTEP_FIVE)
        ckscene_win_in_one(g, &s->pos, win, sizeof win);
    rules_move mv;
    rules_status st = rules_parse_move(g, &s->pos, l->text, &mv, why,
                                       sizeof why);
    if (st != RULES_OK) {
        if (first && s->plan->probe && st == RULES_MALFORMED)
            cksess_not_played(s, "its first move '%s' is not in the game's "
                              "notation: %s", q, why);
        else {
            char detail[EXPLAIN_MAX];
            explain_illegal(l->text, st, why, detail, sizeof detail);
            cksess_fail(s, block, tn->step, "%s; a match ends there "
                        "(illegal-move)", detail);
        }
        return false;
    }
    turnclock_reading r = ckdrv_read_clock(s->d, true);
    long ms = turnclock_move(&tn->clk, &r, l->t).ms;
    s->bank_left = turnclock_bank_after(&s->tc, s->bank_left, ms);
    char canon[RULES_MOVE_TEXT_MAX];
    rules_format_move(g, &mv, canon, sizeof canon);
    rules_apply(g, &s->pos, &mv);
    cksess_add_move(s, s->plan->seat, canon);
    s->seen = s->nhist;
    cksess_pass_turn(s, tn, l->text, ms, win);
    return true;
}

/* One turn: the lines before it, the turn line, the answer. */
static bool cksess_turn_once(cksess *s, const ckturn *t, bool first)
{
    cksess_turn tn = {.t = t, .step = cksess_step(s, t)};
    cksess_send_history(s);
    char buf[64];
    int n = proto_fmt_turn(buf, sizeof buf,
                           turnclock_limit(&s->tc, s->bank_left, NULL),
                           s->tc.bank_ms > 0 ? s->bank_left : -1);
    cksess_queue(s, buf, n);
    snprintf(tn.line, sizeof tn.line, "%s", buf);
    tn.line[strcspn(tn.line, "\n")] = '\0';
    ckdrv_clock(s->d, &tn.clk, &s->tc, s->bank_left, ckdrv_flush(s->d));
    for (;;) {
        ckdrv_line l;
        switch (cksess_next(s, &tn.clk, &l)) {
        case CKDRV_INTERRUPTED:
            return false;
        case CKDRV_TIMED_OUT:
            cksess_no_move(s, &tn, first);
            return false;
        case CKDRV_GONE:
            cksess_gone_at_turn(s, &tn, first);
            return false;
        case CKDRV_LINE:
            break;
        }
        if (l.kind == PROTO_MOVE)
            return cksess_take_move(s, &tn, &l, first);
        if (l.kind == PROTO_MALFORMED) {
            cksess_fail(s, s->ctx->block, tn.step, "a bad line: %s; a match "
                        "ends there (malformed-line)", l.text);
            return false;
        }
        /* id and ready lines after the handshake are harmless. */
    }
}

static bool cksess_jump(cksess *s, const ckturn *t)
{
    char why[RULES_REASON_MAX + 64];
    if (!ckscene_reach(s->plan->g, t->jump, t->njump, &s->pos, why,
                       sizeof why)) {
        fprintf(stderr, "referee check-bot: a position of the course "
                        "cannot be reached: %s\n", why);
        s->res->fatal = s->res->failed = s->ended = true;
        return false;
    }
    return true;
}

void cksess_play(cksess *s)
{
    for (int i = 0; i < s->plan->nturns && !s->ended; i++) {
        const ckturn *t = &s->plan->turn[i];
        if (t->jump && !cksess_positions(s))
            return; /* such a bot had its foreign position already */
        if (t->jump && !cksess_jump(s, t))
            return;
        if (!cksess_others_play(s))
            return; /* the game is over */
        if (!cksess_turn_once(s, t, i == 0))
            return;
        rules_outcome_t o;
        rules_outcome(s->plan->g, &s->pos, &o);
        if (o.over)
            return;
    }
}
