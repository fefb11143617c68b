/* session.c - one game of check-bot's course (see session.h): its lines,
 * its failures, its end; the handshake and the turns are in
 * session_handshake.c and session_turns.c. */
#include "checkbot/session_internal.h"

#include "checkbot/scenes.h"
#include "clock/clock.h"
#include "util/grow.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reporting ------------------------------------------------------- */

void cksess_fail(cksess *s, int block, ckstep step, const char *fmt, ...)
{
    s->ended = true;
    s->res->failed = true;
    if (s->nfails == CKSESS_MAX_FAILS)
        return;
    cksess_fail_t *f = &s->fails[s->nfails++];
    f->block = block;
    f->step = step;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->detail, sizeof f->detail, fmt, ap);
    va_end(ap);
    f->sent[0] = '\0';
    if (s->d)
        ckdrv_sent_tail(s->d, CKSESS_SENT_LINES, f->sent, sizeof f->sent);
}

static void cksess_report_fails(cksess *s)
{
    char err[CKSESS_ERR_LINES * 700];
    err[0] = '\0';
    if (s->d)
        ckdrv_stderr_tail(s->d, CKSESS_ERR_LINES, err, sizeof err);
    /* Failures of one session share what was sent and the stderr: shown
     * under the first. */
    for (int i = 0; i < s->nfails; i++) {
        const cksess_fail_t *f = &s->fails[i];
        ckrep_fail(s->ctx->rep, f->block, f->step, i ? NULL : f->sent,
                   i ? NULL : err, "%s", f->detail);
    }
}

void cksess_not_played(cksess *s, const char *fmt, ...)
{
    s->ended = true;
    s->res->not_played = true;
    cksess_fail_t *f = &s->fails[0];
    s->nfails = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->detail, sizeof f->detail, fmt, ap);
    va_end(ap);
}

void cksess_append(char *buf, size_t len, const char *sep, const char *text)
{
    size_t at = strlen(buf);
    int n = snprintf(buf + at, len - at, "%s%s", at ? sep : "", text);
    (void)n; /* a list cut short is still a list */
}

const char *cksess_quote(const char *text, char *buf, size_t len)
{
    return rules_quote(text, 120, buf, len);
}

/* ---- lines ----------------------------------------------------------- */

void cksess_queue(cksess *s, const char *buf, int len)
{
    char line[PROTO_LINE_MAX + 2];
    if (len <= 0)
        return;
    if (buf[len - 1] == '\n')
        len--;
    snprintf(line, sizeof line, "%.*s", len, buf);
    ckdrv_queue(s->d, line);
}

void cksess_queue_set(cksess *s, const char *key, const char *value)
{
    char buf[PROTO_LINE_MAX + 2];
    cksess_queue(s, buf, proto_fmt_set(buf, sizeof buf, key, value));
}

bool cksess_add_move(cksess *s, int seat, const char *text)
{
    cksess_move *h = grow(s->hist, &s->caphist, s->nhist + 1, sizeof *h, 64);
    if (!h)
        return false;
    s->hist = h;
    cksess_move *m = &s->hist[s->nhist++];
    m->seat = seat;
    snprintf(m->text, sizeof m->text, "%s", text);
    return true;
}

ckdrv_wait cksess_next(cksess *s, const turnclock *c, ckdrv_line *l)
{
    ckdrv_wait w = ckdrv_next(s->d, c, l);
    if (w == CKDRV_INTERRUPTED)
        s->res->interrupted = s->ended = true;
    return w;
}

/* After a missed deadline: the bot is told to quit, and whether a line of
 * kind want comes before its end says whether it held it back (its
 * output buffered: it comes out at exit) or had none. */
bool cksess_came_at_exit(cksess *s, proto_kind want, ckdrv_line *got)
{
    char buf[32];
    int n = proto_fmt_quit(buf, sizeof buf, s->o->quit_ms);
    cksess_queue(s, buf, n);
    turnclock c;
    ckdrv_clock_wait(s->d, &c, s->o->quit_ms, ckdrv_flush(s->d));
    for (;;) {
        ckdrv_wait w = ckdrv_next(s->d, &c, got);
        if (w != CKDRV_LINE)
            return false;
        if (got->kind == want)
            return true;
    }
}

/* ---- the end --------------------------------------------------------- */

/* `result OUTCOME REASON` for the bot's seat, without its LF. */
static void cksess_result_line(cksess *s, char *buf, size_t len)
{
    const rules_game *g = s->plan->g;
    rules_outcome_t o;
    rules_outcome(g, &s->pos, &o);
    char outcome[16];
    const char *reason = "exited"; /* the other side went: a fault */
    int seat = s->plan->seat;
    if (!o.over)
        snprintf(outcome, sizeof outcome, "%s",
                 s->nseats > 2 ? "place:1" : "win");
    else if (o.result[seat] == RULES_RESULT_DRAW || s->nseats <= 2)
        snprintf(outcome, sizeof outcome, "%s",
                 rules_result_name(o.result[seat]));
    else
        snprintf(outcome, sizeof outcome, "place:%d", o.place[seat]);
    if (o.over)
        reason = rules_end_name(o.reason);
    proto_fmt_result(buf, len, outcome, reason);
    buf[strcspn(buf, "\n")] = '\0'; /* the report quotes it */
}

/* `result` and `quit`: the bot must say nothing out of place and exit in
 * time, leaving nothing behind. */
static void cksess_finish(cksess *s)
{
    ckrep *rep = s->ctx->rep;
    int block = s->ctx->block;
    char res[200], buf[32];
    cksess_result_line(s, res, sizeof res);
    int rn = (int)strlen(res);
    cksess_queue(s, res, rn);
    cksess_queue(s, buf, proto_fmt_quit(buf, sizeof buf, s->o->quit_ms));
    double sent = ckdrv_flush(s->d);
    turnclock c;
    ckdrv_clock_wait(s->d, &c, s->o->quit_ms, sent);
    for (;;) {
        ckdrv_line l;
        char q[4 * 120 + 1];
        ckdrv_wait w = cksess_next(s, &c, &l);
        if (w == CKDRV_INTERRUPTED)
            return;
        if (w != CKDRV_LINE)
            break;
        if (l.kind == PROTO_MOVE && l.t < sent)
            cksess_fail(s, block, CKSTEP_RESULT, "a second move for its "
                        "last turn, 'move %s': out of turn",
                        cksess_quote(l.text, q, sizeof q));
        else if (l.kind == PROTO_MOVE)
            cksess_fail(s, block, CKSTEP_RESULT, "'move %s' after '%s'",
                        cksess_quote(l.text, q, sizeof q), res);
        else if (l.kind == PROTO_MALFORMED)
            cksess_fail(s, block, CKSTEP_RESULT, "a bad line after '%s': "
                        "%s", res, l.text);
    }
    ckrep_pass(rep, block, CKSTEP_RESULT, "'%s' taken", res);
    double at;
    if (!ckdrv_exited(s->d, &at)) {
        cksess_fail(s, block, CKSTEP_QUIT, "still running %ld ms after "
                    "'quit %ld'; a match then sends SIGTERM, and SIGKILL %ld "
                    "ms later", s->o->quit_ms, s->o->quit_ms, s->o->term_ms);
        return;
    }
    long ms = clock_ms(sent, at);
    if (ckdrv_end_kind(s->d) == BOT_SIGNALLED)
        ckrep_info(rep, block, CKSTEP_QUIT, "%s, %ld ms after 'quit %ld': a "
                   "crash at its end?", ckdrv_gone_text(s->d), ms,
                   s->o->quit_ms);
    else
        ckrep_pass(rep, block, CKSTEP_QUIT, "%s, %ld ms after 'quit %ld'",
                   ckdrv_gone_text(s->d), ms, s->o->quit_ms);
    bool seen;
    const ckprocs *left = ckdrv_left_at_exit(s->d, &seen);
    if (seen && left->n > 0) {
        char desc[900];
        ckprocs_describe(left, ckdrv_pid(s->d), desc, sizeof desc);
        cksess_fail(s, block, CKSTEP_LEFTOVERS, "%s still ran when it "
                    "exited; the referee kills them, but a bot must end "
                    "what it started before it exits", desc);
    }
}

/* Whatever happened: the bot ends, its failures are reported with its
 * complete stderr, and what it left is looked for once the referee has
 * cleaned up after it. */
static void cksess_end(cksess *s)
{
    if (!s->d)
        return;
    /* A bot at fault is killed, as in a match; one that obeyed `quit`
     * is gone already. */
    ckdrv_kill(s->d);
    ckdrv_wait_reaped(s->d, 5.0);
    if (s->res->not_played) {
        char err[CKSESS_ERR_LINES * 700];
        ckdrv_stderr_tail(s->d, 3, err, sizeof err);
        ckrep_not_played(s->ctx->rep, s->ctx->block, err, "%s",
                         s->fails[0].detail);
    }
    cksess_report_fails(s);
    ckdrv_free(s->d);
    s->d = NULL;
    ckprocs left;
    ckrig_settle(s->ctx->rig, CKSESS_SETTLE_S, &left);
    if (left.n > 0) {
        char desc[900];
        ckprocs_describe(&left, -1, desc, sizeof desc);
        ckrep_fail(s->ctx->rep, s->ctx->block, CKSTEP_LEFTOVERS, NULL, NULL,
                   "%s still ran %.0f s after the referee ended the bot",
                   desc, CKSESS_SETTLE_S);
        s->res->failed = true;
    } else if (!s->res->failed && !s->ended) {
        ckrep_pass(s->ctx->rep, s->ctx->block, CKSTEP_LEFTOVERS,
                   "nothing it started ran on after its exit");
    }
}

static bool cksess_prepare(cksess *s)
{
    const cksession_plan *p = s->plan;
    char why[RULES_REASON_MAX + 64];
    s->nseats = rules_seats(p->g);
    s->tc = (time_control){.move_ms = p->move_ms, .bank_ms = p->bank_ms,
                           .increment_ms = p->inc_ms,
                           .grace_ms = s->o->grace_ms,
                           .startup_ms = s->o->startup_ms,
                           .clock = TIME_CLOCK_WALL};
    s->bank_left = p->bank_ms;
    rng_seed(&s->r, p->seed ^ 0x5ca1ab1e0ddba11ULL);
    s->legal = malloc(sizeof *s->legal * RULES_MAX_MOVES);
    if (!s->legal) {
        fprintf(stderr, "referee check-bot: out of memory\n");
        return false;
    }
    if (!ckscene_reach(p->g, p->opening, p->nopening, &s->pos, why,
                       sizeof why)) {
        fprintf(stderr, "referee check-bot: a position of the course "
                        "cannot be reached: %s\n", why);
        return false;
    }
    rules_pos walk;
    rules_start(p->g, &walk);
    for (int i = 0; i < p->nopening; i++) {
        rules_move mv;
        char text[RULES_MOVE_TEXT_MAX];
        int seat = rules_to_move(p->g, &walk);
        rules_parse_move(p->g, &walk, p->opening[i], &mv, why, sizeof why);
        rules_format_move(p->g, &mv, text, sizeof text);
        rules_apply(p->g, &walk, &mv);
        if (!cksess_add_move(s, seat, text))
            return false;
    }
    return true;
}

void cksession_run(const cksession_ctx *ctx, const cksession_plan *plan,
                   cksession_result *res)
{
    memset(res, 0, sizeof *res);
    cksess s;
    memset(&s, 0, sizeof s);
    s.ctx = ctx;
    s.plan = plan;
    s.res = res;
    s.o = ckrig_opts(ctx->rig);
    if (!cksess_prepare(&s)) {
        res->fatal = res->failed = true;
    } else if (cksess_start(&s) && cksess_handshake(&s)) {
        cksess_send_setup(&s);
        if (!plan->watch_setup || cksess_watch_setup(&s))
            cksess_play(&s);
        if (!s.ended)
            cksess_finish(&s);
    }
    if (!s.d)
        cksess_report_fails(&s);
    cksess_end(&s);
    free(s.hist);
    free(s.legal);
}
