/* play_bot.c - one bot's seat in a game at the terminal (see
 * play_bot.h). */
#include "play/play_bot.h"

#include "clock/clock.h"
#include "match/explain.h"
#include "match/setup.h"
#include "match/turn_history.h"
#include "line.h"
#include "proto.h"
#include "util/grow.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Comment text kept per seat per game, as a match keeps (match.c). */
#define PLAY_BOT_COMMENT_BYTES (256L * 1024)

struct play_bot {
    struct ev_loop *loop;
    int seat;
    play_bot_config cfg;
    play_bot_fn fn;
    void *arg;
    bot *b;            /* the process now in the seat */
    bool b_done;       /* it was reaped, or never ran */
    bot **old;         /* processes retired by restarts, until freed */
    size_t nold, capold;
    int starts;
    bool ready, set_up, want_position, asked, over;
    double asked_at;   /* when the pending turn line was written */
    size_t seen;       /* moves of the record it has been told */
    size_t known;      /* moves it has on its board: told and its own */
    size_t all_below;  /* moves below this are told whatever their seat */
    char log[4200];
    ev_timer w_startup;
    char **comments;
    size_t ncomments;
    long dropped, comment_bytes;
};

static void play_bot_cb(bot *b, bot_event ev, const proto_msg *msg, double t,
                        void *arg);
static void play_bot_startup_cb(struct ev_loop *loop, ev_timer *w, int rev);

play_bot *play_bot_new(struct ev_loop *loop, int seat,
                       const play_bot_config *cfg, play_bot_fn fn, void *arg)
{
    play_bot *pb = calloc(1, sizeof *pb);
    if (!pb)
        return NULL;
    pb->loop = loop;
    pb->seat = seat;
    pb->cfg = *cfg;
    pb->fn = fn;
    pb->arg = arg;
    pb->b_done = true;
    ev_timer_init(&pb->w_startup, play_bot_startup_cb, 0., 0.);
    pb->w_startup.data = pb;
    return pb;
}

static void play_bot_emit(play_bot *pb, play_bot_event ev, const char *text,
                          const char *detail, double t)
{
    pb->fn(pb->arg, pb->seat, ev, text, detail, t);
}

static void play_bot_fault(play_bot *pb, const char *reason,
                           const char *detail)
{
    if (!pb->over)
        play_bot_emit(pb, PLAY_BOT_FAULT, reason, detail, clock_now());
}

static void play_bot_send(play_bot *pb, int len, const char *buf)
{
    if (len > 0)
        bot_send(pb->b, buf, (size_t)len);
}

static void play_bot_queue(play_bot *pb, int len, const char *buf)
{
    if (len > 0)
        bot_queue(pb->b, buf, (size_t)len);
}

/* ---- start ------------------------------------------------------------- */

static void play_bot_start_failed(play_bot *pb, proc_status st,
                                  const char *why)
{
    if (pb->over)
        return;
    if (st == PROC_SYS_ERROR)
        play_bot_emit(pb, PLAY_BOT_VOID, NULL, why, clock_now());
    else
        play_bot_fault(pb, "failed-to-start", why);
}

void play_bot_start(play_bot *pb)
{
    const char *log = NULL;
    pb->starts++;
    if (pb->cfg.log_base) {
        if (pb->starts == 1)
            snprintf(pb->log, sizeof pb->log, "%s.log", pb->cfg.log_base);
        else
            snprintf(pb->log, sizeof pb->log, "%s-%d.log", pb->cfg.log_base,
                     pb->starts);
        log = pb->log;
    }
    pb->ready = pb->set_up = pb->want_position = pb->asked = false;
    pb->seen = pb->known = 0;
    pb->b = bot_new(pb->loop, NULL, pb->seat, pb->cfg.command, log,
                    pb->cfg.log_cap, &pb->cfg.limits, play_bot_cb, pb);
    if (!pb->b) {
        play_bot_start_failed(pb, PROC_SYS_ERROR, "out of memory");
        return;
    }
    pb->b_done = false;
    char err[512], buf[32];
    proc_status st = bot_start(pb->b, err, sizeof err);
    if (st != PROC_OK) {
        pb->b_done = true; /* it never ran */
        play_bot_start_failed(pb, st, err);
        return;
    }
    play_bot_send(pb, proto_fmt_protocol(buf, sizeof buf), buf);
}

bool play_bot_ready(const play_bot *pb) { return pb->ready; }

bool play_bot_set_up(const play_bot *pb) { return pb->set_up; }

/* The allowance counts from when the process runs, not from when its
 * start was asked for. */
static void play_bot_on_started(play_bot *pb)
{
    if (pb->over || pb->ready)
        return;
    ev_timer_stop(pb->loop, &pb->w_startup);
    ev_timer_set(&pb->w_startup, (double)pb->cfg.startup_ms / 1000.0, 0.);
    ev_timer_start(pb->loop, &pb->w_startup);
}

static void play_bot_startup_cb(struct ev_loop *loop, ev_timer *w, int rev)
{
    (void)loop;
    (void)rev;
    play_bot *pb = w->data;
    if (pb->over || pb->ready)
        return;
    bot_poll(pb->b); /* a `ready` already in the pipe counts */
    if (pb->over || pb->ready)
        return;
    char detail[EXPLAIN_MAX];
    explain_handshake(pb->b, pb->cfg.startup_ms, detail, sizeof detail);
    play_bot_fault(pb, "handshake", detail);
}

/* ---- what the bot says ------------------------------------------------ */

static void play_bot_on_id(play_bot *pb, const char *key, const char *value)
{
    bot_ident *id = bot_identity(pb->b);
    if (!strcmp(key, "name"))
        snprintf(id->name, sizeof id->name, "%s", value);
    else if (!strcmp(key, "version"))
        snprintf(id->version, sizeof id->version, "%s", value);
    else if (!strcmp(key, "author"))
        snprintf(id->author, sizeof id->author, "%s", value);
    else if (!strcmp(key, "option") && !strcmp(value, "position"))
        pb->want_position = id->want_position = true;
}

static void play_bot_on_ready(play_bot *pb, long version)
{
    if (pb->ready)
        return; /* a repeated ready is harmless */
    if (version != PROTO_VERSION) {
        char detail[96];
        explain_version(version, detail, sizeof detail);
        play_bot_fault(pb, "handshake", detail);
        return;
    }
    pb->ready = true;
    ev_timer_stop(pb->loop, &pb->w_startup);
    play_bot_emit(pb, PLAY_BOT_READY, NULL, NULL, clock_now());
}

/* A move read before its turn line was written was sent unasked. */
static void play_bot_on_move(play_bot *pb, const char *text, double t)
{
    if (!pb->asked || t < pb->asked_at) {
        char q[4 * 100 + 1], detail[sizeof q + 64];
        rules_quote(text, 100, q, sizeof q);
        snprintf(detail, sizeof detail, "sent 'move %s' when %s", q,
                 !pb->set_up ? "the game had not started"
                 : pb->asked ? "it had not been asked yet"
                             : "it was not its turn");
        play_bot_fault(pb, "out-of-turn", detail);
        return;
    }
    pb->asked = false;
    pb->known = pb->seen + 1;
    play_bot_emit(pb, PLAY_BOT_MOVE, text, NULL, t);
}

static void play_bot_on_comment(play_bot *pb, const char *text)
{
    long len = text ? (long)strlen(text) : 0;
    if ((int)pb->ncomments >= pb->cfg.max_comments ||
        pb->comment_bytes + len > PLAY_BOT_COMMENT_BYTES ||
        record_list_add(&pb->comments, &pb->ncomments, text) != 0) {
        if (pb->dropped < LONG_MAX)
            pb->dropped++;
        return;
    }
    pb->comment_bytes += len;
}

static void play_bot_on_line(play_bot *pb, const proto_msg *msg, double t)
{
    switch (msg->kind) {
    case PROTO_ID: play_bot_on_id(pb, msg->key, msg->text); break;
    case PROTO_READY: play_bot_on_ready(pb, msg->num); break;
    case PROTO_MOVE: play_bot_on_move(pb, msg->text, t); break;
    case PROTO_INFO: play_bot_on_comment(pb, msg->text); break;
    case PROTO_MALFORMED:
        play_bot_fault(pb, "malformed-line", msg->why ? msg->why : "");
        break;
    default: break;
    }
}

static void play_bot_on_gone(play_bot *pb)
{
    char detail[EXPLAIN_MAX];
    explain_gone(pb->b, !pb->ready, detail, sizeof detail);
    play_bot_fault(pb, explain_gone_reason(pb->b), detail);
}

static void play_bot_reaped(play_bot *pb)
{
    if (play_bot_gone(pb))
        play_bot_emit(pb, PLAY_BOT_REAPED, NULL, NULL, clock_now());
}

static void play_bot_cb(bot *b, bot_event ev, const proto_msg *msg, double t,
                        void *arg)
{
    play_bot *pb = arg;
    const char *why = NULL;
    proc_status st;
    (void)b;
    switch (ev) {
    case BOT_STARTED: play_bot_on_started(pb); break;
    case BOT_START_FAILED:
        st = bot_start_status(pb->b, &why);
        play_bot_start_failed(pb, st, why ? why : "");
        break;
    case BOT_LINE:
        if (!pb->over)
            play_bot_on_line(pb, msg, t);
        break;
    case BOT_BAD_LINE: play_bot_fault(pb, "malformed-line", msg->why); break;
    case BOT_GONE:
        if (!pb->over)
            play_bot_on_gone(pb);
        break;
    case BOT_REAPED:
        pb->b_done = true;
        play_bot_reaped(pb);
        break;
    }
}

/* A process retired by a restart: nothing it says counts any more. */
static void play_bot_old_cb(bot *b, bot_event ev, const proto_msg *msg,
                            double t, void *arg)
{
    (void)b;
    (void)msg;
    (void)t;
    if (ev == BOT_REAPED)
        play_bot_reaped(arg);
}

/* ---- the referee's lines ----------------------------------------------- */

static void play_bot_setup_emit(void *arg, const char *line, int len,
                                bool last)
{
    if (last)
        play_bot_send(arg, len, line);
    else
        play_bot_queue(arg, len, line);
}

void play_bot_setup(play_bot *pb, const rules_game *g,
                    const char *const *names, uint64_t seed,
                    const time_control *tc)
{
    setup_lines(g, pb->seat, names, tc, seed, play_bot_setup_emit, pb);
    pb->set_up = true;
}

/* The lines go out with the turn line, in the same write. */
static void play_bot_history_emit(void *arg, const char *line, int len)
{
    play_bot_queue(arg, len, line);
}

static void play_bot_history(play_bot *pb, const rules_game *g,
                             const rules_pos *pos, const record *rec)
{
    /* A bot knows its own moves, but not those it made in an earlier
     * process (all_below). */
    turn_history h = {.g = g, .pos = pos, .seat = pb->seat,
                      .want_position = pb->want_position, .moves = rec,
                      .move = turn_history_record_move,
                      .nmoves = rec->nmoves, .seen = pb->seen,
                      .told_all = pb->all_below};
    turn_history_lines(&h, play_bot_history_emit, pb);
    pb->seen = pb->known = rec->nmoves;
}

double play_bot_turn(play_bot *pb, const rules_game *g, const rules_pos *pos,
                     const record *rec, long limit_ms, long bank_ms)
{
    char buf[64];
    play_bot_history(pb, g, pos, rec);
    double queued = clock_now();
    play_bot_send(pb, proto_fmt_turn(buf, sizeof buf, limit_ms, bank_ms), buf);
    /* The clock starts when the request is written. */
    double at = bot_flushed_at(pb->b);
    pb->asked = true;
    pb->asked_at = at >= queued ? at : clock_now();
    return pb->asked_at;
}

void play_bot_poll(play_bot *pb)
{
    if (pb->b && !pb->b_done)
        bot_poll(pb->b);
}

/* ---- restarts and the end ---------------------------------------------- */

static void play_bot_drop_comments(play_bot *pb)
{
    for (size_t i = 0; i < pb->ncomments; i++)
        free(pb->comments[i]);
    free(pb->comments);
    pb->comments = NULL;
    pb->ncomments = 0;
    pb->dropped = 0;
}

/* The running process is asked to quit and kept until it is reaped. */
static bool play_bot_retire(play_bot *pb)
{
    if (pb->b_done) {
        bot_free(pb->b); /* it never ran, or is reaped: nothing waits */
        pb->b = NULL;
        return true;
    }
    bot **grown = grow(pb->old, &pb->capold, pb->nold + 1, sizeof *grown, 4);
    if (!grown)
        return false;
    pb->old = grown;
    char buf[32];
    play_bot_send(pb, proto_fmt_quit(buf, sizeof buf, pb->cfg.quit_ms), buf);
    bot_stop(pb->b, pb->cfg.quit_ms, pb->cfg.term_ms);
    bot_rebind(pb->b, pb->seat, play_bot_old_cb, pb);
    pb->old[pb->nold++] = pb->b;
    pb->b = NULL;
    pb->b_done = true;
    return true;
}

bool play_bot_rewind(play_bot *pb, size_t nmoves)
{
    if (pb->over)
        return false;
    /* Moves past the cut are gone, from what it was told too. */
    if (pb->seen > nmoves)
        pb->seen = nmoves;
    if (pb->all_below > nmoves)
        pb->all_below = nmoves;
    if (pb->want_position || pb->known <= nmoves) {
        if (pb->known > nmoves)
            pb->known = nmoves;
        return false;
    }
    ev_timer_stop(pb->loop, &pb->w_startup);
    play_bot_drop_comments(pb);
    if (!play_bot_retire(pb)) {
        play_bot_start_failed(pb, PROC_SYS_ERROR, "out of memory");
        return false;
    }
    pb->all_below = nmoves;
    play_bot_start(pb);
    return true;
}

void play_bot_take_comments(play_bot *pb, char ***list, size_t *count)
{
    if (pb->dropped) {
        char note[64];
        snprintf(note, sizeof note, "[referee: %ld more comments dropped]",
                 pb->dropped);
        record_list_add(&pb->comments, &pb->ncomments, note);
    }
    *list = pb->comments;
    *count = pb->ncomments;
    pb->comments = NULL;
    pb->ncomments = 0;
    pb->dropped = 0;
}

void play_bot_end(play_bot *pb, const char *outcome, const char *reason)
{
    pb->over = true;
    ev_timer_stop(pb->loop, &pb->w_startup);
    if (!pb->b || pb->b_done)
        return;
    char buf[PROTO_LINE_MAX + 2];
    if (pb->set_up)
        play_bot_send(pb, proto_fmt_result(buf, sizeof buf, outcome, reason),
                      buf);
    play_bot_send(pb, proto_fmt_quit(buf, sizeof buf, pb->cfg.quit_ms), buf);
    bot_stop(pb->b, pb->cfg.quit_ms, pb->cfg.term_ms);
}

/* As a match does (match.c): the log says why, and a bot still running
 * is told `result loss REASON DETAIL` and given a moment to read it. */
void play_bot_fault_end(play_bot *pb, const char *reason, const char *detail)
{
    pb->over = true;
    ev_timer_stop(pb->loop, &pb->w_startup);
    if (!pb->b || pb->b_done)
        return;
    char note[EXPLAIN_MAX + 96], why[EXPLAIN_MAX + 64];
    char buf[PROTO_LINE_MAX + 2];
    snprintf(note, sizeof note, "this bot lost the game: %s%s%s", reason,
             detail ? ": " : "", detail ? detail : "");
    bot_log_note(pb->b, note);
    if (!bot_alive(pb->b)) {
        bot_kill(pb->b);
        return;
    }
    snprintf(why, sizeof why, "%s%s%s", reason, detail ? " " : "",
             detail ? detail : "");
    play_bot_send(pb, proto_fmt_result(buf, sizeof buf, "loss", why), buf);
    play_bot_send(pb, proto_fmt_quit(buf, sizeof buf, PLAY_BOT_FAULT_READ_MS),
                  buf);
    bot_stop_listening(pb->b, PLAY_BOT_FAULT_READ_MS);
}

void play_bot_kill(play_bot *pb)
{
    pb->over = true;
    ev_timer_stop(pb->loop, &pb->w_startup);
    if (pb->b && !pb->b_done)
        bot_kill(pb->b);
}

bool play_bot_gone(const play_bot *pb)
{
    if (pb->b && !pb->b_done)
        return false;
    for (size_t i = 0; i < pb->nold; i++)
        if (!bot_reaped(pb->old[i]))
            return false;
    return true;
}

const bot_ident *play_bot_ident(const play_bot *pb)
{
    static const bot_ident none;
    return pb->b ? bot_identity(pb->b) : &none;
}

const char *play_bot_log(const play_bot *pb)
{
    return pb->cfg.log_base && pb->starts ? pb->log : NULL;
}

void play_bot_free(play_bot *pb)
{
    if (!pb)
        return;
    ev_timer_stop(pb->loop, &pb->w_startup);
    play_bot_drop_comments(pb);
    bot_free(pb->b);
    for (size_t i = 0; i < pb->nold; i++)
        bot_free(pb->old[i]);
    free(pb->old);
    free(pb);
}
