/* match.c - one refereed game (see match.h). */
#include "match.h"
#include "sandbox/sandbox.h"

#include "bot/bot.h"
#include "bot/botpool.h"
#include "clock/clock.h"
#include "clock/turnclock.h"
#include "explain.h"
#include "setup.h"
#include "turn_history.h"
#include "line.h"
#include "proto.h"
#include "version.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Comment text kept per seat per game: beyond it comments are counted, not
 * stored, so a chatty bot cannot grow the record without end. */
#define MATCH_COMMENT_BYTES (256L * 1024)
/* How long a bot that lost by a fault has to read its `result` (which
 * says why) before it is killed; a move it sends meanwhile after a
 * timeout tells how late it was. */
#define MATCH_FAULT_READ_MS 100

typedef enum {
    MATCH_NEW = 0,
    MATCH_HANDSHAKE, /* waiting for every bot's `ready` */
    MATCH_PLAYING,
    MATCH_ENDING,    /* result sent, waiting for every bot to be reaped */
    MATCH_DONE,
} match_state;

typedef struct {
    bot *b;
    bool ready, want_position, reaped;
    bool starting;    /* its start is under way (proc/starter.h) */
    bool adopted;     /* a kept bot (botpool.h), not started for this game */
    bool retired;     /* finished its game (a place won), then broke a
                         rule: stopped, while the others play on */
    size_t seen;      /* moves of the record this seat has been told */
    long bank_left;   /* ms, when there is a bank */
    double cpu_at_move; /* CPU clock: its CPU seconds when its last move
                           was read, -1 if none (or unknown) */
    char *comments[64];
    int ncomments;
    long dropped;       /* saturates */
    long comment_bytes; /* kept this game, capped */
} match_seat;

struct match {
    struct ev_loop *loop;
    match_config cfg;
    rules_game *game;
    rules_pos pos;
    record rec;
    match_state state;
    int nseats;
    match_seat seat[RULES_MAX_SEATS];
    int turn_seat;       /* seat asked to move, -1 if none */
    turnclock clk;       /* the turn's clock, or the handshake's */
    int ncpu;            /* processors a bot's tree may use at once */
    ev_timer w_deadline;
    ev_timer w_done;     /* runs the done callback outside bot callbacks */
    ev_timer w_stall;    /* test hook: the loop stalls after a turn line */
    match_done_cb done;
    void *done_arg;
    char write_err[512];
    bool write_failed;
    bool aborted;
    /* A timeout, for the detail to say how late a late move was. */
    double late_due;     /* when it was found over */
    explain_late late;
    bool late_seen;
};

void match_config_defaults(match_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->game = "pentago";
    time_control_defaults(&cfg->tc);
    cfg->quit_ms = 1000;
    cfg->term_ms = 1000;
    cfg->log_cap = 1 << 20;
    cfg->max_comments = 64;
    cfg->round = 1;
    cfg->suspend = true;
    proc_limits_defaults(&cfg->limits);
}

static void match_bot_cb(bot *b, bot_event ev, const proto_msg *msg,
                         double t, void *arg);
static void match_begin_if_ready(match *m);
static void match_check_done(match *m);
static void match_deadline_cb(struct ev_loop *loop, ev_timer *w, int rev);
static void match_done_timer_cb(struct ev_loop *loop, ev_timer *w, int rev);
static void match_stall_cb(struct ev_loop *loop, ev_timer *w, int rev);

/* ---- setup ----------------------------------------------------------------- */

static bool match_check_config(const match_config *cfg, int nseats, char *err,
                               size_t errlen)
{
    if (!time_control_check(&cfg->tc, err, errlen))
        return false;
    if (cfg->quit_ms < 0 || cfg->term_ms < 0) {
        snprintf(err, errlen, "time values must not be negative");
        return false;
    }
    for (int s = 0; s < nseats; s++)
        if (!cfg->command[s] || !cfg->command[s][0]) {
            snprintf(err, errlen, "no command for seat %d", s);
            return false;
        }
    return true;
}

static void match_fill_record_header(match *m)
{
    record *r = &m->rec;
    const match_config *c = &m->cfg;
    record_set(&r->referee_version, REFEREE_VERSION);
    record_set(&r->isolation, sandbox_level());
    record_set(&r->pondering, m->cfg.suspend ? "off" : "on");
    record_set(&r->sandbox, sandbox_detail());
    record_set(&r->event, c->event);
    r->round = c->round;
    record_set(&r->game_id, c->game_id);
    record_set(&r->stage, c->stage);
    record_set(&r->event_digest, c->event_digest);
    record_set(&r->game, rules_game_name(m->game));
    record_set(&r->variant, rules_variant_name(m->game));
    record_set(&r->options, rules_options_text(m->game));
    r->seed = c->seed;
    r->tc = c->tc;
    r->nplayers = m->nseats;
    for (int s = 0; s < m->nseats; s++) {
        record_player *p = &r->players[s];
        p->seat = s;
        record_set(&p->colour, rules_seat_colour(m->game, s));
        record_set(&p->command, c->command[s]);
        record_set(&p->log, c->log_path[s]);
        record_set(&p->entrant, c->entrant[s]);
    }
}

/* The opening's moves, played into the position and the record as if
 * the seats had played them (no time used).  An opening that is not legal
 * or that ends the game is refused: it is no start for a game. */
static bool match_play_opening(match *m, char *err, size_t errlen)
{
    for (int i = 0; i < m->cfg.nopening; i++) {
        const char *text = m->cfg.opening[i];
        char why[RULES_REASON_MAX], canon[RULES_MOVE_TEXT_MAX];
        rules_move mv;
        if (rules_parse_move(m->game, &m->pos, text, &mv, why, sizeof why) !=
            RULES_OK) {
            snprintf(err, errlen, "opening move %d '%s': %s", i + 1, text,
                     why);
            return false;
        }
        int seat = rules_to_move(m->game, &m->pos);
        rules_apply(m->game, &m->pos, &mv);
        rules_format_move(m->game, &mv, canon, sizeof canon);
        long left = m->cfg.tc.bank_ms > 0 ? m->cfg.tc.bank_ms : -1;
        if (!record_add_move(&m->rec, seat, canon, NULL, 0, left)) {
            snprintf(err, errlen, "out of memory");
            return false;
        }
        rules_outcome_t o;
        rules_outcome(m->game, &m->pos, &o);
        if (o.over) {
            snprintf(err, errlen, "opening move %d '%s' ends the game", i + 1,
                     text);
            return false;
        }
    }
    m->rec.opening_plies = (size_t)m->cfg.nopening;
    return true;
}

match *match_new(struct ev_loop *loop, const match_config *cfg,
                 match_done_cb done, void *arg, char *err, size_t errlen)
{
    rules_game *g = rules_game_new(cfg->game, cfg->variant, cfg->options, err,
                                   errlen);
    if (!g)
        return NULL;
    if (!match_check_config(cfg, rules_seats(g), err, errlen)) {
        rules_game_free(g);
        return NULL;
    }
    match *m = calloc(1, sizeof *m);
    if (!m) {
        rules_game_free(g);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->loop = loop;
    m->cfg = *cfg;
    time_control_settle(&m->cfg.tc);
    m->game = g;
    m->nseats = rules_seats(g);
    m->turn_seat = -1;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    m->ncpu = ncpu > 0 ? (int)ncpu : 1;
    m->done = done;
    m->done_arg = arg;
    rules_start(g, &m->pos);
    record_init(&m->rec);
    match_fill_record_header(m);
    ev_timer_init(&m->w_deadline, match_deadline_cb, 0., 0.);
    ev_timer_init(&m->w_done, match_done_timer_cb, 0., 0.);
    ev_timer_init(&m->w_stall, match_stall_cb, 0., 0.);
    m->w_deadline.data = m->w_done.data = m->w_stall.data = m;
    for (int s = 0; s < m->nseats; s++) {
        m->seat[s].bank_left = cfg->tc.bank_ms;
        m->seat[s].cpu_at_move = -1.;
        m->seat[s].b = bot_new(loop, cfg->starter, s, cfg->command[s],
                               cfg->log_path[s], cfg->log_cap, &cfg->limits,
                               match_bot_cb, m);
        if (!m->seat[s].b) {
            snprintf(err, errlen, "out of memory");
            match_free(m);
            return NULL;
        }
    }
    if (!match_play_opening(m, err, errlen)) {
        match_free(m);
        return NULL;
    }
    return m;
}

/* For the test hooks. */
/* The whole stall, though a signal comes (a bot stopped or continued
 * sends its parent SIGCHLD). */
static void match_sleep_ms(long ms)
{
    struct timespec left = {ms / 1000, ms % 1000 * 1000000L};
    while (ms > 0 && nanosleep(&left, &left) != 0 && errno == EINTR)
        ;
}

/* ---- sending ------------------------------------------------------------- */

static void match_send(match *m, int seat, int len, const char *buf)
{
    if (len > 0)
        bot_send(m->seat[seat].b, buf, (size_t)len);
}

/* Lines that go out with the next match_send, in the same write. */
static void match_queue(match *m, int seat, int len, const char *buf)
{
    if (len > 0)
        bot_queue(m->seat[seat].b, buf, (size_t)len);
}

/* Setup lines are queued and go out with `start`, in one write. */
typedef struct {
    match *m;
    int seat;
} match_setup_to;

static void match_setup_emit(void *arg, const char *line, int len, bool last)
{
    match_setup_to *to = arg;
    if (last)
        match_send(to->m, to->seat, len, line);
    else
        match_queue(to->m, to->seat, len, line);
}

static void match_send_setup(match *m, int s)
{
    const char *names[RULES_MAX_SEATS];
    for (int o = 0; o < m->nseats; o++)
        names[o] = m->rec.players[o].name;
    match_setup_to to = {m, s};
    setup_lines(m->game, s, names, &m->cfg.tc, m->cfg.seed, match_setup_emit,
                &to);
}

/* ---- ending ----------------------------------------------------------------- */

static void match_set_result(match *m, int s, rules_result res, int place,
                             int win_points)
{
    record_player *p = &m->rec.players[s];
    record_set(&p->result, rules_result_name(res));
    p->place = place;
    p->win_points = win_points;
}

/* `result OUTCOME REASON`, and for the seat at fault the detail after
 * the reason (free text a bot may log: the protocol lets it follow). */
static void match_tell_result(match *m, int s, bool with_detail)
{
    char buf[PROTO_LINE_MAX + 2], why[EXPLAIN_MAX + 64];
    const record_player *p = &m->rec.players[s];
    char outcome[16];
    if (m->nseats > 2 && p->result && strcmp(p->result, "draw") != 0)
        snprintf(outcome, sizeof outcome, "place:%d", p->place);
    else
        snprintf(outcome, sizeof outcome, "%s", p->result ? p->result : "draw");
    snprintf(why, sizeof why, "%s%s%s", m->rec.reason,
             with_detail && m->rec.detail ? " " : "",
             with_detail && m->rec.detail ? m->rec.detail : "");
    match_send(m, s, proto_fmt_result(buf, sizeof buf, outcome, why), buf);
}

/* A bot that can play another game and did nothing wrong in this one
 * waits in the pool for it (botpool.h) instead of quitting. */
static bool match_keep(match *m, int s)
{
    bot *b = m->seat[s].b;
    if (!m->cfg.pool || !bot_alive(b) || !bot_identity(b)->can_renew ||
        !m->rec.players[s].result)
        return false;
    if (m->cfg.suspend)
        bot_suspend(b, false);
    if (!botpool_put(m->cfg.pool, b))
        return false;
    m->seat[s].b = NULL;
    m->seat[s].reaped = true;
    return true;
}

/* The comments seat s sent this turn go to the list given (a move's, or
 * the fault's), or nowhere (NULL). */
static void match_attach_comments_to(match *m, int s, char ***list,
                                     size_t *count)
{
    match_seat *st = &m->seat[s];
    for (int i = 0; i < st->ncomments; i++) {
        if (list)
            record_list_add(list, count, st->comments[i]);
        free(st->comments[i]);
    }
    if (list && st->dropped) {
        char note[64];
        snprintf(note, sizeof note, "[referee: %ld more comments dropped]",
                 st->dropped);
        record_list_add(list, count, note);
    }
    st->ncomments = st->dropped = 0;
}

static void match_attach_comments(match *m, int s, record_move *mv)
{
    match_attach_comments_to(m, s, mv ? &mv->comments : NULL,
                             mv ? &mv->ncomments : NULL);
}

/* What the seat at fault is told, in its log and where it can read it:
 * "lost this game: timeout: no move within ...". */
static void match_note_fault(match *m, int s)
{
    char note[EXPLAIN_MAX + 96];
    snprintf(note, sizeof note, "this bot lost the game: %s%s%s",
             m->rec.reason, m->rec.detail ? ": " : "",
             m->rec.detail ? m->rec.detail : "");
    bot_log_note(m->seat[s].b, note);
}

/* The bot at fault is told why where it can still read it (a bot that
 * logs its input then shows its author the cause), and is killed after a
 * moment; a bot already gone, or over a limit, is killed at once. */
static void match_stop_faulty(match *m, int s)
{
    bot *b = m->seat[s].b;
    match_note_fault(m, s);
    if (!bot_alive(b)) {
        bot_kill(b);
        return;
    }
    char buf[32];
    match_tell_result(m, s, true);
    match_send(m, s, proto_fmt_quit(buf, sizeof buf, MATCH_FAULT_READ_MS),
               buf);
    bot_stop_listening(b, MATCH_FAULT_READ_MS);
}

static void match_end(match *m, int fault_seat)
{
    char when[32], line[RULES_POS_TEXT_MAX];
    m->state = MATCH_ENDING;
    m->turn_seat = -1;
    ev_timer_stop(m->loop, &m->w_deadline);
    clock_utc_iso(when, sizeof when);
    record_set(&m->rec.end_time, when);
    rules_pos_write(m->game, &m->pos, line, sizeof line);
    record_set(&m->rec.final_position, line);
    m->rec.fault_seat = fault_seat;
    for (int s = 0; s < m->nseats; s++) {
        bot *b = m->seat[s].b;
        if (!b)
            continue; /* could not even be made */
        if (s == fault_seat) {
            match_stop_faulty(m, s);
            continue;
        }
        if (m->seat[s].retired) {
            bot_kill(b);
            continue;
        }
        if (m->rec.players[s].result) {
            match_tell_result(m, s, false);
            if (match_keep(m, s))
                continue;
            char buf[32];
            match_send(m, s, proto_fmt_quit(buf, sizeof buf, m->cfg.quit_ms),
                       buf);
        }
        bot_stop(b, m->cfg.quit_ms, m->cfg.term_ms);
    }
    match_check_done(m); /* every bot may have been kept */
}

static void match_end_by_rules(match *m)
{
    rules_outcome_t o;
    rules_outcome(m->game, &m->pos, &o);
    record_set(&m->rec.status, "finished");
    record_set(&m->rec.reason, rules_end_name(o.reason));
    for (int s = 0; s < m->nseats; s++)
        match_set_result(m, s, o.result[s], o.place[s], o.win_points[s]);
    match_end(m, -1);
}

/* A seat that has already won its place (Pentago Multiplayer: it made
 * five, and the others play on without it) and then breaks a rule (it
 * exits, crashes, speaks out of turn) keeps that place: it is stopped and
 * told why in its log, and the game goes on, as it does not need it. */
static bool match_retire(match *m, int seat, const char *reason,
                         const char *detail)
{
    rules_outcome_t o;
    rules_outcome(m->game, &m->pos, &o);
    if (m->state != MATCH_PLAYING || o.over || !o.place[seat])
        return false;
    match_seat *st = &m->seat[seat];
    if (!st->retired) {
        char note[EXPLAIN_MAX + 160];
        snprintf(note, sizeof note,
                 "this bot had finished (place %d), then: %s%s%s; it keeps "
                 "its place, is stopped, and the game goes on",
                 o.place[seat], reason, detail ? ": " : "",
                 detail ? detail : "");
        bot_log_note(st->b, note);
        st->retired = true;
        bot_kill(st->b);
    }
    return true;
}

/* The faulting seat's team loses and every other team wins; in a game
 * for places, the seat at fault comes below every seat still playing
 * (rules_outcome_fault), unless it has won its place already. */
static void match_fault(match *m, int seat, const char *reason,
                        const char *detail)
{
    if (m->state >= MATCH_ENDING || match_retire(m, seat, reason, detail))
        return;
    record_set(&m->rec.status, "finished");
    record_set(&m->rec.reason, reason);
    record_set(&m->rec.detail, detail);
    rules_outcome_t o;
    rules_outcome_fault(m->game, &m->pos, seat, &o);
    for (int s = 0; s < m->nseats; s++)
        match_set_result(m, s, o.result[s], o.place[s], 0);
    /* What it said during the turn it lost is kept: it may tell why. */
    match_attach_comments_to(m, seat, &m->rec.fault_comments,
                             &m->rec.nfault_comments);
    match_end(m, seat);
}

static void match_void(match *m, const char *detail)
{
    if (m->state >= MATCH_ENDING)
        return;
    record_set(&m->rec.status, "void");
    record_set(&m->rec.reason, "void");
    record_set(&m->rec.detail, detail);
    match_end(m, -1);
    for (int s = 0; s < m->nseats; s++)
        bot_kill(m->seat[s].b);
}

/* ---- turns ---------------------------------------------------------------- */

static void match_queue_line(void *arg, const char *line, int len)
{
    if (len > 0)
        bot_queue(arg, line, (size_t)len);
}

/* The moves seat s has not seen, or the position (turn_history.h); a
 * seat knows its own moves, but not the opening's. */
static void match_send_history(match *m, int s)
{
    match_seat *st = &m->seat[s];
    turn_history h = {.g = m->game, .pos = &m->pos, .seat = s,
                      .want_position = st->want_position, .moves = &m->rec,
                      .move = turn_history_record_move,
                      .nmoves = m->rec.nmoves, .seen = st->seen,
                      .told_all = m->rec.opening_plies};
    turn_history_lines(&h, match_queue_line, st->b);
    st->seen = m->rec.nmoves;
}

static void match_arm_deadline(match *m, double at)
{
    loopclock_timer_at(m->loop, &m->w_deadline, at);
}

/* What the turn clock needs now, of seat s (-1: the handshake's, which
 * no CPU time bears on).  at_wake: the loop's pauses up to its last
 * wake-up, for a line read now (loopclock.h). */
static void match_read_clock(match *m, int s, bool at_wake,
                             turnclock_reading *r)
{
    const loopclock *lc = m->cfg.clock;
    *r = (turnclock_reading){.now = clock_now(),
                             .output = bot_output_spent()};
    if (lc)
        r->paused = at_wake ? loopclock_paused_at_wake(lc)
                            : loopclock_paused(lc);
    if (s < 0)
        return;
    match_seat *st = &m->seat[s];
    if (m->cfg.tc.clock != TIME_CLOCK_CPU)
        return;
    /* At the start of a turn of a bot frozen since its last move was
     * read, that reading serves: it used no CPU meanwhile, and without a
     * box a reading is a walk of /proc. */
    if (s != m->turn_seat && m->cfg.suspend && st->cpu_at_move >= 0.)
        r->cpu = st->cpu_at_move;
    else
        r->cpu = bot_cpu_seconds(st->b);
}

/* The handshake's one deadline: ms after start on the wall clock, the
 * loop's pauses counted from now on. */
static void match_clock_from(match *m, double start, long ms)
{
    turnclock_reading r;
    match_read_clock(m, -1, false, &r);
    turnclock_begin_wait(&m->clk, ms, start, &r);
    match_arm_deadline(m, turnclock_due(&m->clk, 0.));
}

static void match_next_turn(match *m)
{
    int s = rules_to_move(m->game, &m->pos);
    match_seat *st = &m->seat[s];
    long limit = turnclock_limit(&m->cfg.tc, st->bank_left, NULL);
    if (m->cfg.suspend)
        bot_suspend(st->b, false); /* before the clock starts */
    match_send_history(m, s);
    double queued = clock_now();
    char buf[64];
    int n = proto_fmt_turn(buf, sizeof buf, limit,
                           m->cfg.tc.bank_ms > 0 ? st->bank_left : -1);
    match_send(m, s, n, buf);
    /* The clock starts when the request is written; a turn line is far
     * below PIPE_BUF, so unless the bot left its stdin unread it is. */
    double at = bot_flushed_at(st->b);
    turnclock_reading r;
    match_read_clock(m, s, false, &r); /* before it is the turn seat */
    m->turn_seat = s;
    turnclock_begin(&m->clk, &m->cfg.tc, st->bank_left,
                    at >= queued ? at : r.now, &r);
    double next;
    turnclock_check(&m->clk, &r, m->ncpu, &next);
    match_arm_deadline(m, next);
    if (m->cfg.test.loop_stall_ms > 0)
        ev_timer_start(m->loop, &m->w_stall);
}

/* When a line read at t is taken to have come: the loop's wake-up, the
 * earliest time the referee can vouch for (turnclock_move keeps it within
 * the turn).
 *
 * The referee proves a move late only by looking in the pipe after the
 * deadline and finding none there (match_deadline_cb), and then the game
 * is over.  A line it reads later than the deadline was in the pipe when
 * it first looked: when it came, the referee cannot tell, because it was
 * waiting for a CPU (woken by the line or by its own timer, it ran only
 * when the machine let it), and a bot is not charged for that wait. */
static double match_arrival(const match *m, double t)
{
    if (m->cfg.clock) {
        double wake = loopclock_wake(m->cfg.clock);
        if (wake < t)
            t = wake;
    }
    return t;
}

/* Seat s's turn ran out (state), as reading r found. */
static void match_timeout(match *m, int s, turnclock_state state,
                          const turnclock_reading *r)
{
    char detail[EXPLAIN_MAX];
    double forgiven = turnclock_forgiven(&m->clk, r);
    m->late = (explain_late){
        .clock = m->cfg.tc.clock, .limit_ms = m->clk.limit_ms,
        .grace_ms = m->cfg.tc.grace_ms, .paused_ms = clock_ms(0., forgiven),
        .cpu_ms = turnclock_cpu_used_ms(&m->clk, r),
        .wall_ms = clock_ms(m->clk.start, r->now),
        .by_wall_cap = state == TURNCLOCK_OVER_WALL_CAP};
    m->late_due = m->cfg.tc.clock == TIME_CLOCK_CPU
                      ? r->now
                      : turnclock_due(&m->clk, forgiven);
    explain_timeout(&m->late, MATCH_FAULT_READ_MS, detail, sizeof detail);
    match_fault(m, s, "timeout", detail);
}

/* A move from the seat that lost on time, read while it was being
 * stopped: the detail says how late it came. */
static void match_on_late_move(match *m, int s, const proto_msg *msg,
                               double t)
{
    if (s != m->rec.fault_seat || m->late_seen || !m->rec.reason ||
        strcmp(m->rec.reason, "timeout") != 0 || msg->kind != PROTO_MOVE)
        return;
    char detail[EXPLAIN_MAX];
    m->late_seen = true;
    explain_timeout_late(&m->late, msg->text, clock_ms(m->late_due, t),
                         detail, sizeof detail);
    record_set(&m->rec.detail, detail);
    match_note_fault(m, s);
}

static void match_on_move(match *m, int s, const char *text, double t)
{
    /* A move read before its turn request was written was sent unasked,
     * even if the request went out while we were still reading. */
    if (s != m->turn_seat || t < m->clk.start) {
        char q[4 * 100 + 1], detail[sizeof q + 64];
        rules_quote(text, 100, q, sizeof q);
        snprintf(detail, sizeof detail, "sent 'move %s' when %s", q,
                 m->state == MATCH_HANDSHAKE ? "the game had not started"
                 : s == m->turn_seat         ? "it had not been asked yet"
                                             : "it was not its turn");
        match_fault(m, s, "out-of-turn", detail);
        return;
    }
    turnclock_reading r;
    match_read_clock(m, s, true, &r);
    turnclock_charge used = turnclock_move(&m->clk, &r, match_arrival(m, t));
    ev_timer_stop(m->loop, &m->w_deadline);
    if (used.state != TURNCLOCK_RUNNING) {
        match_timeout(m, s, used.state, &r);
        return;
    }
    char detail[EXPLAIN_MAX], canon[RULES_MOVE_TEXT_MAX];
    rules_move mv;
    if (!explain_parse_move(m->game, &m->pos, text, &mv, detail,
                            sizeof detail)) {
        match_fault(m, s, "illegal-move", detail);
        return;
    }
    match_seat *seat = &m->seat[s];
    seat->cpu_at_move = r.cpu;
    seat->bank_left = turnclock_bank_after(&m->cfg.tc, seat->bank_left,
                                           used.ms);
    rules_format_move(m->game, &mv, canon, sizeof canon);
    record_move *rm = record_add_move(&m->rec, s, canon,
                                      strcmp(canon, text) ? text : NULL,
                                      used.ms, seat->bank_left);
    if (rm) {
        rm->paused_ms = used.paused_ms;
        if (m->cfg.tc.clock == TIME_CLOCK_CPU)
            rm->wall_ms = used.wall_ms;
    }
    match_attach_comments(m, s, rm);
    rules_apply(m->game, &m->pos, &mv);
    m->turn_seat = -1;
    if (m->cfg.suspend)
        bot_suspend(seat->b, true);
    if (rules_over(m->game, &m->pos))
        match_end_by_rules(m);
    else
        match_next_turn(m);
}

/* ---- handshake ----------------------------------------------------------- */

static void match_on_ready(match *m, int s, long version)
{
    match_seat *st = &m->seat[s];
    if (m->state != MATCH_HANDSHAKE || st->ready)
        return; /* a repeated ready is harmless */
    if (version != PROTO_VERSION) {
        char detail[96];
        explain_version(version, detail, sizeof detail);
        match_fault(m, s, "handshake", detail);
        return;
    }
    st->ready = true;
    match_begin_if_ready(m);
}

/* Once every seat is ready: the setup, and the first turn. */
static void match_begin_if_ready(match *m)
{
    for (int o = 0; o < m->nseats; o++)
        if (!m->seat[o].ready)
            return;
    ev_timer_stop(m->loop, &m->w_deadline);
    m->state = MATCH_PLAYING;
    int first = rules_to_move(m->game, &m->pos);
    for (int o = 0; o < m->nseats; o++) {
        match_send_setup(m, o);
        if (m->cfg.suspend && o != first)
            bot_suspend(m->seat[o].b, true);
    }
    match_next_turn(m);
}

/* What the bot says of itself goes in the record and stays with the bot,
 * for its next game if it is kept (botpool.h). */
static void match_on_id(match *m, int s, const char *key, const char *value)
{
    record_player *p = &m->rec.players[s];
    bot_ident *id = bot_identity(m->seat[s].b);
    if (!strcmp(key, "name")) {
        record_set(&p->name, value);
        snprintf(id->name, sizeof id->name, "%s", value);
    } else if (!strcmp(key, "version")) {
        record_set(&p->version, value);
        snprintf(id->version, sizeof id->version, "%s", value);
    } else if (!strcmp(key, "author")) {
        record_set(&p->author, value);
        snprintf(id->author, sizeof id->author, "%s", value);
    } else if (!strcmp(key, "option") && !strcmp(value, "position")) {
        m->seat[s].want_position = id->want_position = true;
    } else if (!strcmp(key, "option") && !strcmp(value, "newgame")) {
        id->can_renew = true;
    }
}

/* A bot kept from an earlier game takes seat s: it is known already, and
 * may have said `ready 1` while it waited. */
static void match_adopt(match *m, int s, bot *b, bool ready)
{
    record_player *p = &m->rec.players[s];
    const bot_ident *id = bot_identity(b);
    bot_free(m->seat[s].b); /* the one that was never started */
    m->seat[s].b = b;
    bot_rebind(b, s, match_bot_cb, m);
    m->seat[s].adopted = true;
    m->seat[s].ready = ready;
    m->seat[s].want_position = id->want_position;
    record_set(&p->name, id->name[0] ? id->name : NULL);
    record_set(&p->version, id->version[0] ? id->version : NULL);
    record_set(&p->author, id->author[0] ? id->author : NULL);
    record_set(&p->log, bot_log_path(b));
}

static void match_on_comment(match *m, int s, const char *text)
{
    match_seat *st = &m->seat[s];
    int cap = m->cfg.max_comments;
    if (cap > (int)(sizeof st->comments / sizeof st->comments[0]))
        cap = (int)(sizeof st->comments / sizeof st->comments[0]);
    size_t len = text ? strlen(text) : 0;
    if (st->ncomments >= cap ||
        st->comment_bytes + (long)len > MATCH_COMMENT_BYTES) {
        if (st->dropped < LONG_MAX)
            st->dropped++;
        return;
    }
    char *copy = strdup(text ? text : "");
    if (copy) {
        st->comments[st->ncomments++] = copy;
        st->comment_bytes += (long)len;
    }
}

/* ---- events ----------------------------------------------------------------- */

static void match_on_line(match *m, int s, const proto_msg *msg, double t)
{
    char detail[200];
    switch (msg->kind) {
    case PROTO_ID:
        match_on_id(m, s, msg->key, msg->text);
        break;
    case PROTO_READY:
        match_on_ready(m, s, msg->num);
        break;
    case PROTO_MOVE:
        match_on_move(m, s, msg->text, t);
        break;
    case PROTO_INFO:
        match_on_comment(m, s, msg->text);
        break;
    case PROTO_MALFORMED:
        snprintf(detail, sizeof detail, "%s", msg->why ? msg->why : "");
        match_fault(m, s, "malformed-line", detail);
        break;
    default:
        break;
    }
}

static void match_on_gone(match *m, int s)
{
    bot *b = m->seat[s].b;
    char detail[EXPLAIN_MAX];
    explain_gone(b, m->state == MATCH_HANDSHAKE, detail, sizeof detail);
    match_fault(m, s, explain_gone_reason(b), detail);
}

/* A kept bot that broke off before saying `ready` for this game (it
 * exited, or spoke out of place between games) did so before any game
 * began: it goes, and a fresh one is started in its seat. */
static bool match_broke_off(match *m, int s, bot_event ev,
                            const proto_msg *msg)
{
    match_seat *st = &m->seat[s];
    if (!st->adopted || st->ready || m->state != MATCH_HANDSHAKE)
        return false;
    if (ev == BOT_LINE && (msg->kind == PROTO_INFO || msg->kind == PROTO_ID ||
                           (msg->kind == PROTO_READY &&
                            msg->num == PROTO_VERSION)))
        return false;
    return ev == BOT_LINE || ev == BOT_BAD_LINE || ev == BOT_GONE;
}

/* A seat's bot could not start: its fault (it cannot be run), or nobody's
 * (void). */
static void match_start_failed(match *m, int s, proc_status st,
                               const char *err)
{
    if (st == PROC_SYS_ERROR)
        match_void(m, err);
    else
        match_fault(m, s, "failed-to-start", err);
}

/* Begin seat s's start; false when it cannot even begin, which ends the
 * game.  How the start ends comes later (match_bot_cb). */
static bool match_start_seat(match *m, int s)
{
    char err[512];
    m->seat[s].starting = true;
    proc_status st = bot_start(m->seat[s].b, err, sizeof err);
    if (st == PROC_OK)
        return true;
    m->seat[s].starting = false;
    m->seat[s].reaped = true; /* a bot that never ran */
    match_start_failed(m, s, st, err);
    return false;
}

static bool match_any_starting(const match *m)
{
    for (int s = 0; s < m->nseats; s++)
        if (m->seat[s].starting)
            return true;
    return false;
}

/* A seat's bot runs.  The start-up allowance counts from when the last
 * one does: starts wait their turn on the starter's thread, and no bot
 * pays for the queue. */
static void match_on_started(match *m, int s, double t)
{
    m->seat[s].starting = false;
    if (m->state == MATCH_HANDSHAKE && !match_any_starting(m))
        match_clock_from(m, t, m->cfg.tc.startup_ms);
}

static void match_restart_seat(match *m, int s)
{
    char buf[32];
    match_seat *st = &m->seat[s];
    record_player *p = &m->rec.players[s];
    if (!botpool_discard(m->cfg.pool, st->b)) {
        match_void(m, "out of memory");
        return;
    }
    st->adopted = st->want_position = false;
    st->b = bot_new(m->loop, m->cfg.starter, s, m->cfg.command[s],
                    m->cfg.log_path[s], m->cfg.log_cap, &m->cfg.limits,
                    match_bot_cb, m);
    record_set(&p->name, NULL);
    record_set(&p->version, NULL);
    record_set(&p->author, NULL);
    record_set(&p->log, m->cfg.log_path[s]);
    if (!st->b) {
        st->reaped = true;
        match_void(m, "out of memory");
        return;
    }
    if (match_start_seat(m, s))
        match_send(m, s, proto_fmt_protocol(buf, sizeof buf), buf);
    /* The fresh bot gets the whole start-up allowance, from when it runs
     * (match_on_started). */
}

static void match_check_done(match *m)
{
    if (m->state != MATCH_ENDING)
        return;
    for (int s = 0; s < m->nseats; s++)
        if (!m->seat[s].reaped)
            return;
    m->state = MATCH_DONE;
    ev_timer_start(m->loop, &m->w_done);
}

static void match_bot_cb(bot *b, bot_event ev, const proto_msg *msg,
                         double t, void *arg)
{
    match *m = arg;
    int s = bot_seat(b);
    if (match_broke_off(m, s, ev, msg)) {
        match_restart_seat(m, s);
        return;
    }
    const char *why;
    switch (ev) {
    case BOT_STARTED:
        match_on_started(m, s, t);
        break;
    case BOT_START_FAILED:
        m->seat[s].starting = false;
        if (m->state < MATCH_ENDING) {
            proc_status st = bot_start_status(b, &why);
            match_start_failed(m, s, st, why);
        }
        break;
    case BOT_LINE:
        if (m->seat[s].retired)
            break;
        if (m->state < MATCH_ENDING)
            match_on_line(m, s, msg, t);
        else if (m->state == MATCH_ENDING)
            match_on_late_move(m, s, msg, t);
        break;
    case BOT_BAD_LINE:
        match_fault(m, s, bot_sent_bom(b) ? "handshake" : "malformed-line",
                    msg->why);
        break;
    case BOT_GONE:
        if (m->state < MATCH_ENDING)
            match_on_gone(m, s);
        break;
    case BOT_REAPED:
        m->seat[s].reaped = true;
        if (m->state == MATCH_ENDING)
            match_check_done(m);
        break;
    }
}

/* Whether the turn (or the handshake) is over; if not, the timer is set
 * for when to look again (it woke early, the referee paused meanwhile, or
 * the CPU clock has not run out yet).  r: the reading it was judged by. */
static turnclock_state match_due(match *m, turnclock_reading *r)
{
    double next;
    match_read_clock(m, m->state == MATCH_PLAYING ? m->turn_seat : -1, false,
                     r);
    turnclock_state st = turnclock_check(&m->clk, r, m->ncpu, &next);
    if (st == TURNCLOCK_RUNNING)
        match_arm_deadline(m, next);
    return st;
}

/* The start-up allowance is over, but for the referee's own pauses (it
 * may have been starting a thousand bots): then every `ready` already in
 * a pipe counts, and a bot that has none loses on its handshake. */
static void match_handshake_due(match *m)
{
    if (match_any_starting(m)) {
        /* Its allowance has not begun: wait for the start. */
        match_clock_from(m, clock_now(), m->cfg.tc.startup_ms);
        return;
    }
    turnclock_reading r;
    if (match_due(m, &r) == TURNCLOCK_RUNNING)
        return;
    for (int s = 0; s < m->nseats && m->state == MATCH_HANDSHAKE; s++)
        if (!m->seat[s].ready)
            bot_poll(m->seat[s].b);
    /* A kept bot that broke off meanwhile was replaced by a fresh one,
     * which has its allowance still before it. */
    if (m->state == MATCH_HANDSHAKE && match_due(m, &r) == TURNCLOCK_RUNNING)
        return;
    for (int s = 0; s < m->nseats && m->state == MATCH_HANDSHAKE; s++)
        if (!m->seat[s].ready) {
            char detail[EXPLAIN_MAX];
            explain_handshake(m->seat[s].b, m->cfg.tc.startup_ms, detail,
                              sizeof detail);
            match_fault(m, s, "handshake", detail);
        }
}

static void match_deadline_cb(struct ev_loop *loop, ev_timer *w, int rev)
{
    (void)loop;
    (void)rev;
    match *m = w->data;
    if (m->state == MATCH_HANDSHAKE) {
        match_handshake_due(m);
        return;
    }
    turnclock_reading r;
    if (m->state != MATCH_PLAYING || m->turn_seat < 0)
        return;
    turnclock_state due = match_due(m, &r);
    if (due == TURNCLOCK_RUNNING)
        return;
    /* A move already in the pipe counts, whatever order the loop runs
     * its callbacks in. */
    int s = m->turn_seat;
    size_t moves = m->rec.nmoves;
    bot_poll(m->seat[s].b);
    if (m->state == MATCH_PLAYING && m->rec.nmoves == moves)
        match_timeout(m, s, due, &r);
}

/* The test hook's stall of the loop, in a stretch of its own: inside the
 * callback of the bot that moved it would count as that bot's output
 * (turnclock.h), which a referee that the machine does not run is not. */
static void match_stall_cb(struct ev_loop *loop, ev_timer *w, int rev)
{
    (void)loop;
    (void)rev;
    match *m = w->data;
    match_sleep_ms(m->cfg.test.loop_stall_ms);
}

/* On the writer's thread: the loop leaves the record alone meanwhile. */
static void match_write_job(void *arg)
{
    match *m = arg;
    match_sleep_ms(m->cfg.test.write_delay_ms);
    const char *fail = m->cfg.test.write_fail;
    if (fail && fail[0] && strstr(m->cfg.record_path, fail)) {
        snprintf(m->write_err, sizeof m->write_err,
                 "%s: write error: %s (test hook)", m->cfg.record_path,
                 strerror(ENOSPC));
        m->write_failed = true;
        return;
    }
    if (record_write(&m->rec, m->cfg.record_path, m->write_err,
                     sizeof m->write_err) != 0)
        m->write_failed = true;
}

static void match_written(void *arg)
{
    match *m = arg;
    m->done(m, m->done_arg);
}

static void match_done_timer_cb(struct ev_loop *loop, ev_timer *w, int rev)
{
    (void)loop;
    (void)rev;
    match *m = w->data;
    for (int s = 0; s < m->nseats; s++)
        match_attach_comments(m, s, NULL);
    if (!m->cfg.record_path || m->aborted) {
        match_written(m);
        return;
    }
    /* The disk may take long (fsync): never on the loop that times the
     * other games' moves, unless there is no writer. */
    if (m->cfg.writer && worker_submit(m->cfg.writer, match_write_job,
                                       match_written, m) == 0) {
        if (m->cfg.over)
            m->cfg.over(m, m->done_arg);
        return;
    }
    match_write_job(m);
    match_written(m);
}

/* ---- start ---------------------------------------------------------------- */

void match_start(match *m)
{
    char when[32];
    clock_utc_iso(when, sizeof when);
    record_set(&m->rec.start_time, when);
    m->state = MATCH_HANDSHAKE;
    for (int s = 0; s < m->nseats; s++) {
        /* A bot that never ran counts as reaped. */
        if (m->state != MATCH_HANDSHAKE) {
            m->seat[s].reaped = true;
            continue;
        }
        bool ready = false;
        bot *kept = m->cfg.pool ? botpool_take(m->cfg.pool,
                                               m->cfg.command[s], &ready)
                                : NULL;
        if (kept)
            match_adopt(m, s, kept, ready);
        else
            match_start_seat(m, s);
    }
    if (m->state == MATCH_HANDSHAKE) {
        char buf[32];
        for (int s = 0; s < m->nseats; s++)
            if (!m->seat[s].adopted)
                match_send(m, s, proto_fmt_protocol(buf, sizeof buf), buf);
        match_clock_from(m, clock_now(), m->cfg.tc.startup_ms);
        match_begin_if_ready(m);
    }
    match_check_done(m);
}

void match_free(match *m)
{
    if (!m)
        return;
    ev_timer_stop(m->loop, &m->w_deadline);
    ev_timer_stop(m->loop, &m->w_done);
    ev_timer_stop(m->loop, &m->w_stall);
    for (int s = 0; s < m->nseats; s++) {
        match_attach_comments(m, s, NULL);
        bot_free(m->seat[s].b);
    }
    record_release(&m->rec);
    rules_game_free(m->game);
    free(m);
}

void match_abort(match *m)
{
    if (m->state == MATCH_DONE)
        return;
    if (m->state < MATCH_ENDING) {
        m->aborted = true;
        m->state = MATCH_ENDING;
        m->turn_seat = -1;
        ev_timer_stop(m->loop, &m->w_deadline);
    }
    for (int s = 0; s < m->nseats; s++)
        bot_kill(m->seat[s].b); /* NULL for a bot kept in the pool */
    match_check_done(m);
}

bool match_aborted(const match *m) { return m->aborted; }

const record *match_record(const match *m) { return &m->rec; }

const char *match_write_error(const match *m)
{
    return m->write_failed ? m->write_err : NULL;
}
