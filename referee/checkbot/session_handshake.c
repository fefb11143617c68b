/* session_handshake.c - a session's start and handshake (see
 * session_internal.h). */
#include "checkbot/session_internal.h"

#include "clock/clock.h"

#include <stdio.h>
#include <string.h>

/* ---- start and handshake --------------------------------------------- */

bool cksess_start(cksess *s)
{
    char label[160], err[600];
    snprintf(label, sizeof label, "[%s, %s, seat %d]", s->ctx->label,
             s->plan->name, s->plan->seat);
    s->d = ckdrv_new(s->ctx->rig, s->ctx->command, label, err, sizeof err);
    if (!s->d) {
        fprintf(stderr, "referee check-bot: %s\n", err);
        s->res->fatal = s->res->failed = true;
        return false;
    }
    bool bots_fault;
    if (ckdrv_start(s->d, &bots_fault, err, sizeof err)) {
        if (s->ctx->first)
            ckrep_pass(s->ctx->rep, s->ctx->bot_block, CKSTEP_START,
                       "the command runs");
        return true;
    }
    s->res->fatal = true;
    if (bots_fault) {
        cksess_fail(s, s->ctx->bot_block, CKSTEP_START, "%s", err);
    } else {
        fprintf(stderr, "referee check-bot: cannot start the bot: %s\n",
                err);
        s->res->failed = true;
    }
    return false;
}

static void cksess_take_id(cksess *s, const ckdrv_line *l, char *opts,
                           size_t optlen, char *ids, size_t idlen)
{
    char q[4 * 120 + 1];
    cksess_quote(l->text, q, sizeof q);
    if (!strcmp(l->key, "option")) {
        if (!strcmp(l->text, "position"))
            s->res->want_position = true;
        cksess_append(opts, optlen, ", ", q);
        return;
    }
    if (!strcmp(l->key, "name")) {
        s->res->name[0] = '\0';
        cksess_append(s->res->name, sizeof s->res->name, "", l->text);
    }
    char k[4 * 30 + 1], item[sizeof k + sizeof q + 4];
    rules_quote(l->key, 30, k, sizeof k);
    int n = snprintf(item, sizeof item, "%s '%s'", k, q);
    (void)n;
    cksess_append(ids, idlen, ", ", item);
}

static void cksess_report_ids(cksess *s, const char *ids, const char *opts)
{
    if (!s->ctx->first)
        return;
    char more[300] = "";
    if (opts[0])
        snprintf(more, sizeof more, "; option%s %s", strchr(opts, ',') ? "s"
                                                                    : "",
                 opts);
    if (!s->res->name[0])
        ckrep_info(s->ctx->rep, s->ctx->bot_block, CKSTEP_ID,
                   "no 'id name': records and the other bots call it "
                   "'unnamed'%s%s%s",
                   ids[0] ? " (" : "", ids, ids[0] ? ")" : "");
    else
        ckrep_pass(s->ctx->rep, s->ctx->bot_block, CKSTEP_ID, "%s%s", ids,
                   more);
}

/* No `ready` in the start-up allowance. */
static void cksess_no_ready(cksess *s)
{
    int block = s->ctx->bot_block;
    long allowed = s->o->startup_ms;
    ckdrv_line l;
    if (cksess_came_at_exit(s, PROTO_READY, &l)) {
        cksess_fail(s, block, CKSTEP_HANDSHAKE,
                    "no 'ready' within the start-up allowance of %ld ms; "
                    "'ready %ld' came only when it was told to quit",
                    allowed, l.num);
        cksess_fail(s, block, CKSTEP_FLUSH,
                    "its lines come out only when it exits: did you flush "
                    "stdout? (PROTOCOL.md: flush after every line)");
        return;
    }
    double at;
    bool exited = ckdrv_exited(s->d, &at);
    cksess_fail(s, block, CKSTEP_HANDSHAKE,
                "no 'ready 1' within the start-up allowance of %ld ms%s",
                allowed,
                exited ? ", and nothing when it exited after 'quit'"
                       : ", and it did not exit after 'quit' either");
}

bool cksess_handshake(cksess *s)
{
    int block = s->ctx->bot_block;
    char buf[32], ids[600] = "", opts[200] = "";
    cksess_queue(s, buf, proto_fmt_protocol(buf, sizeof buf));
    ckdrv_flush(s->d);
    double started = ckdrv_started_at(s->d);
    turnclock c;
    ckdrv_clock_wait(s->d, &c, s->o->startup_ms, started);
    for (;;) {
        ckdrv_line l;
        char q[4 * 120 + 1];
        switch (cksess_next(s, &c, &l)) {
        case CKDRV_INTERRUPTED:
            return false;
        case CKDRV_TIMED_OUT:
            cksess_no_ready(s);
            return false;
        case CKDRV_GONE:
            cksess_fail(s, block, CKSTEP_HANDSHAKE, "%s during the handshake, "
                        "without 'ready 1'", ckdrv_gone_text(s->d));
            return false;
        case CKDRV_LINE:
            break;
        }
        if (l.kind == PROTO_ID) {
            cksess_take_id(s, &l, opts, sizeof opts, ids, sizeof ids);
            continue;
        }
        if (l.kind == PROTO_MOVE) {
            cksess_fail(s, block, CKSTEP_HANDSHAKE, "sent 'move %s' before "
                        "the game began: out of turn",
                        cksess_quote(l.text, q, sizeof q));
            return false;
        }
        if (l.kind == PROTO_MALFORMED) {
            cksess_fail(s, block, CKSTEP_HANDSHAKE, "a bad line: %s", l.text);
            return false;
        }
        /* ready */
        long ms = clock_ms(started, l.t);
        if (s->ctx->first)
            ckrep_pass(s->ctx->rep, block, CKSTEP_HANDSHAKE,
                       "'ready %ld' %ld ms after it started (allowance "
                       "%ld ms)", l.num, ms, s->o->startup_ms);
        if (l.num != PROTO_VERSION) {
            cksess_fail(s, block, CKSTEP_VERSION, "it answered 'ready %ld': "
                        "the referee speaks protocol %d, so a match ends "
                        "here (handshake); answer 'ready %d'",
                        l.num, PROTO_VERSION, PROTO_VERSION);
            return false;
        }
        s->res->handshaken = true;
        if (s->ctx->first) {
            ckrep_pass(s->ctx->rep, block, CKSTEP_VERSION, "'ready 1'");
            ckrep_pass(s->ctx->rep, block, CKSTEP_FLUSH,
                       "'ready 1' came when it was written");
        }
        cksess_report_ids(s, ids, opts);
        return true;
    }
}
