/* play_game.c - one game at the terminal (see play_game.h). */
#include "play/play_game.h"
#include "play/play_internal.h"

#include "clock/clock.h"
#include "clock/loopclock.h"
#include "clock/turnclock.h"
#include "match/explain.h"
#include "play/play_board.h"
#include "play/play_bot.h"
#include "play/play_input.h"
#include "play/play_record.h"
#include "play/play_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void play_bot_event_cb(void *arg, int seat, play_bot_event ev,
                              const char *text, const char *detail,
                              double t);
static void play_deadline_cb(struct ev_loop *loop, ev_timer *w, int rev);
static void play_delay_cb(struct ev_loop *loop, ev_timer *w, int rev);
static void play_next_turn(play_game *pg);
static void play_check_done(play_game *pg);
static void play_begin_if_ready(play_game *pg);

/* ---- what the person sees ---------------------------------------------- */

static bool play_clocked(const play_game *pg, int s)
{
    return pg->seat[s].bot || pg->cfg.person_clock;
}

static void play_view_seats(const play_game *pg, play_view_seat *vs)
{
    for (int s = 0; s < pg->nseats; s++) {
        const play_seat *st = &pg->seat[s];
        /* A bot by the name it gave (kept through its restarts). */
        const char *who = "you";
        if (st->bot)
            who = pg->shown[s][0] ? pg->shown[s] : pg->cfg.command[s];
        vs[s] = (play_view_seat){
            .seat = s,
            .many = pg->nseats > 2,
            .colour = rules_seat_colour(pg->game, s),
            .who = who,
            .clocked = play_clocked(pg, s),
            .bank_left = pg->cfg.tc.bank_ms > 0 ? st->bank_left : -1,
            .move_ms = pg->cfg.tc.move_ms,
            .used_ms = st->used_ms,
        };
    }
}

void play_seat_name(const play_game *pg, int s, char *buf, size_t len)
{
    play_view_seat vs[RULES_MAX_SEATS];
    play_view_seats(pg, vs);
    play_view_name(buf, len, &vs[s]);
}

void play_draw(play_game *pg)
{
    FILE *out = pg->cfg.out;
    play_board_draw(out, pg->game, &pg->pos,
                    pg->has_last ? &pg->before : NULL,
                    pg->has_last ? &pg->last : NULL, pg->cfg.ansi);
    fflush(out);
}

void play_prompt(play_game *pg)
{
    play_view_seat vs[RULES_MAX_SEATS];
    play_view_seats(pg, vs);
    play_view_prompt(pg->cfg.out, vs, pg->nseats, pg->person);
}

void play_say(play_game *pg, const char *text)
{
    fprintf(pg->cfg.out, "%s\n", text);
    fflush(pg->cfg.out);
}

bool play_person_on_move(const play_game *pg)
{
    return pg->state == PLAY_PLAYING && pg->person >= 0 &&
           pg->turn_seat == pg->person;
}

/* ---- setup -------------------------------------------------------------- */

static bool play_check_config(const play_config *cfg, int nseats, char *err,
                              size_t errlen)
{
    if (!time_control_check(&cfg->tc, err, errlen))
        return false;
    /* Its turns are timed on the wall clock alone (play_read_clock). */
    if (cfg->tc.clock != TIME_CLOCK_WALL) {
        snprintf(err, errlen, "referee play times moves on the wall clock: "
                              "the %s clock is for match",
                 time_clock_name(cfg->tc.clock));
        return false;
    }
    int people = 0;
    for (int s = 0; s < nseats; s++)
        if (!cfg->command[s])
            people++;
        else if (!cfg->command[s][0]) {
            snprintf(err, errlen, "no command for seat %d", s);
            return false;
        }
    if (people > 1 || people == nseats) {
        snprintf(err, errlen, "one person plays against bots: %d of %d seats "
                              "have no bot", people, nseats);
        return false;
    }
    return true;
}

/* A play_bot for every bot seat; the person's seat noted. */
static bool play_seats_new(play_game *pg)
{
    const play_config *cfg = &pg->cfg;
    for (int s = 0; s < pg->nseats; s++) {
        pg->seat[s].bank_left = cfg->tc.bank_ms;
        if (!cfg->command[s]) {
            pg->person = s;
            continue;
        }
        play_bot_config bc = {
            .command = cfg->command[s], .log_base = cfg->log_base[s],
            .log_cap = cfg->log_cap, .limits = cfg->limits,
            .startup_ms = cfg->tc.startup_ms, .quit_ms = cfg->quit_ms,
            .term_ms = cfg->term_ms, .max_comments = cfg->max_comments};
        pg->seat[s].bot = play_bot_new(pg->loop, s, &bc, play_bot_event_cb,
                                       pg);
        if (!pg->seat[s].bot)
            return false;
    }
    return true;
}

/* The game's rules, its checked seats, its record's header and its bots,
 * on a play_game that play_game_free can free at any point of it. */
static bool play_game_open(play_game *pg, char *err, size_t errlen)
{
    const play_config *cfg = &pg->cfg;
    pg->game = rules_game_new(cfg->game, cfg->variant, cfg->options, err,
                              errlen);
    if (!pg->game ||
        !play_check_config(cfg, rules_seats(pg->game), err, errlen))
        return false;
    pg->nseats = rules_seats(pg->game);
    rules_start(pg->game, &pg->pos);
    play_record_header(&pg->rec, pg->game, cfg->event, cfg->seed, &cfg->tc,
                       cfg->command);
    if (!play_seats_new(pg)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    return true;
}

/* What play_game_free reads, set before anything can fail. */
static void play_game_init(play_game *pg, struct ev_loop *loop,
                           const play_config *cfg)
{
    pg->loop = loop;
    pg->cfg = *cfg;
    pg->person = pg->waiting = pg->turn_seat = -1;
    record_init(&pg->rec);
    ev_timer_init(&pg->w_deadline, play_deadline_cb, 0., 0.);
    ev_timer_init(&pg->w_delay, play_delay_cb, 0., 0.);
    pg->w_deadline.data = pg->w_delay.data = pg;
}

play_game *play_game_new(struct ev_loop *loop, const play_config *cfg,
                         char *err, size_t errlen)
{
    play_game *pg = calloc(1, sizeof *pg);
    if (!pg) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    play_game_init(pg, loop, cfg);
    if (!play_game_open(pg, err, errlen)) {
        play_game_free(pg);
        return NULL;
    }
    return pg;
}

static void play_intro(play_game *pg)
{
    FILE *out = pg->cfg.out;
    fprintf(out, "%s %s%s%s, seed %llu\n", rules_game_name(pg->game),
            rules_variant_name(pg->game),
            rules_options_text(pg->game)[0] ? " " : "",
            rules_options_text(pg->game),
            (unsigned long long)pg->cfg.seed);
    for (int s = 0; s < pg->nseats; s++)
        fprintf(out, "  seat %d, %s: %s\n", s,
                rules_seat_colour(pg->game, s),
                pg->seat[s].bot ? pg->cfg.command[s] : "you");
    if (pg->person >= 0)
        fprintf(out, "type your moves at the prompt; help lists the "
                     "commands\n");
    else
        fprintf(out, "you are watching; quit (or Ctrl-C) stops the game\n");
    fflush(out);
}

void play_game_start(play_game *pg)
{
    pg->state = PLAY_STARTING;
    if (pg->cfg.in_fd >= 0) {
        pg->input_tty = isatty(pg->cfg.in_fd);
        pg->input = play_input_new(pg->loop, pg->cfg.in_fd,
                                   play_person_input, pg);
    }
    play_intro(pg);
    /* A start may fail at once and end the game. */
    for (int s = 0; s < pg->nseats && pg->state == PLAY_STARTING; s++)
        if (pg->seat[s].bot)
            play_bot_start(pg->seat[s].bot);
    if (pg->state == PLAY_STARTING)
        play_begin_if_ready(pg);
    play_check_done(pg);
}

/* What a bot said of itself goes in the record, with its log. */
static void play_record_ident(play_game *pg, int s)
{
    record_player *p = &pg->rec.players[s];
    const bot_ident *id = play_bot_ident(pg->seat[s].bot);
    record_set(&p->name, id->name[0] ? id->name : NULL);
    record_set(&p->version, id->version[0] ? id->version : NULL);
    record_set(&p->author, id->author[0] ? id->author : NULL);
    record_set(&p->log, play_bot_log(pg->seat[s].bot));
    rules_quote(id->name, 40, pg->shown[s], sizeof pg->shown[s]);
}

static void play_setup(play_game *pg, int s)
{
    const char *names[RULES_MAX_SEATS];
    for (int o = 0; o < pg->nseats; o++)
        names[o] = pg->rec.players[o].name;
    play_bot_setup(pg->seat[s].bot, pg->game, names, pg->cfg.seed,
                   &pg->cfg.tc);
}

/* Once every bot is ready: the setup, the board, the first turn. */
static void play_begin_if_ready(play_game *pg)
{
    for (int s = 0; s < pg->nseats; s++)
        if (pg->seat[s].bot && !play_bot_ready(pg->seat[s].bot))
            return;
    pg->state = PLAY_PLAYING;
    for (int s = 0; s < pg->nseats; s++)
        if (pg->seat[s].bot)
            play_setup(pg, s);
    play_draw(pg);
    play_next_turn(pg);
}

/* ---- the clock ------------------------------------------------------------ */

/* What the clock reads now.  play has no loopclock: no pause of the
 * referee is known, so none is forgiven (paused 0); and it times on the
 * wall clock only (play_check_config), so no CPU time is read. */
static turnclock_reading play_read_clock(void)
{
    return (turnclock_reading){.now = clock_now(),
                               .output = bot_output_spent()};
}

static void play_arm_deadline(play_game *pg, double at)
{
    loopclock_timer_at(pg->loop, &pg->w_deadline, at);
}

/* The clock of seat s starts at start (its turn line's time). */
void play_clock_start(play_game *pg, int s, double start)
{
    turnclock_reading r = play_read_clock();
    pg->turn_seat = s;
    turnclock_begin(&pg->clk, &pg->cfg.tc, pg->seat[s].bank_left, start,
                    &r);
    if (play_clocked(pg, s))
        play_arm_deadline(pg, turnclock_due(&pg->clk, 0.));
}

/* Whether the turn's time is up, as *r reads it; if not, the deadline is
 * set again for when to look next (the timer woke early). */
static turnclock_state play_due(play_game *pg, turnclock_reading *r)
{
    double next;
    *r = play_read_clock();
    turnclock_state st = turnclock_check(&pg->clk, r, 1, &next);
    if (st == TURNCLOCK_RUNNING)
        play_arm_deadline(pg, next);
    return st;
}

/* ---- the end ---------------------------------------------------------- */

/* In a game for places (three or four seats, each for itself), every
 * seat's place: the first place alone does not tell the others'. */
static void play_show_places(play_game *pg)
{
    const record *r = &pg->rec;
    if (!rules_for_places(pg->game))
        return;
    char name[192];
    for (int s = 0; s < r->nplayers; s++) {
        play_seat_name(pg, s, name, sizeof name);
        fprintf(pg->cfg.out, "  place %d: %s\n", r->players[s].place, name);
    }
}

static void play_show_result(play_game *pg)
{
    const record *r = &pg->rec;
    FILE *out = pg->cfg.out;
    char name[192];
    if (!strcmp(r->status, "void")) {
        fprintf(out, "\ngame void, not scored: %s\n", r->detail);
        fflush(out);
        return;
    }
    fprintf(out, "\ngame over: ");
    if (r->fault_seat >= 0) {
        play_seat_name(pg, r->fault_seat, name, sizeof name);
        if (!strcmp(r->reason, "resigned"))
            fprintf(out, "%s resigned; ", name);
        else
            fprintf(out, "%s lost by %s; ", name, r->reason);
    }
    int wins = 0;
    for (int s = 0; s < r->nplayers; s++)
        if (r->players[s].result && !strcmp(r->players[s].result, "win")) {
            play_seat_name(pg, s, name, sizeof name);
            fprintf(out, "%s%s", wins++ ? " and " : "", name);
        }
    if (wins)
        fprintf(out, " %s", wins > 1 ? "win" : "wins");
    else
        fprintf(out, "a draw");
    if (r->fault_seat < 0)
        fprintf(out, " by %s", r->reason);
    fprintf(out, "\n");
    play_show_places(pg);
    if (r->fault_seat >= 0 && r->detail && strcmp(r->reason, "resigned"))
        fprintf(out, "  %s\n", r->detail);
    fflush(out);
}

/* What the record says of the terminal: who the person was, undos. */
static void play_note(play_game *pg)
{
    if (pg->person < 0)
        return;
    char note[256];
    int n = snprintf(note, sizeof note,
                     "played at the terminal: a person in seat %d (%s), %s",
                     pg->person, rules_seat_colour(pg->game, pg->person),
                     pg->cfg.person_clock ? "on the clock"
                                          : "without a time limit");
    if (pg->undos && n > 0 && (size_t)n < sizeof note)
        snprintf(note + n, sizeof note - (size_t)n,
                 "; %d undo%s took back %zu plies", pg->undos,
                 pg->undos > 1 ? "s" : "", pg->undone);
    play_record_note(&pg->rec, note);
}

/* The result is in the record: tell the bots, stop them, and wait for
 * them to go.  A bot at fault, or every bot of a void game, is killed. */
static void play_end(play_game *pg, int fault_seat, bool is_void)
{
    pg->state = PLAY_ENDING;
    pg->waiting = pg->turn_seat = -1;
    ev_timer_stop(pg->loop, &pg->w_deadline);
    ev_timer_stop(pg->loop, &pg->w_delay);
    for (int s = 0; s < pg->nseats; s++) {
        play_bot *b = pg->seat[s].bot;
        if (!b)
            continue;
        if (is_void) {
            play_bot_kill(b);
        } else if (s == fault_seat) {
            play_bot_fault_end(b, pg->rec.reason, pg->rec.detail);
        } else {
            char outcome[16];
            play_record_outcome(&pg->rec, s, outcome, sizeof outcome);
            play_bot_end(b, outcome, pg->rec.reason);
        }
    }
    play_show_result(pg);
    play_note(pg); /* for the record: the person has seen what it says */
    play_check_done(pg);
}

static void play_end_by_rules(play_game *pg)
{
    play_record_rules_end(&pg->rec, pg->game, &pg->pos);
    play_end(pg, -1, false);
}

static void play_fault(play_game *pg, int s, const char *reason,
                       const char *detail)
{
    if (pg->state >= PLAY_ENDING)
        return;
    play_record_fault(&pg->rec, pg->game, &pg->pos, s, reason, detail);
    if (pg->seat[s].bot) {
        /* What it said in the turn it lost may tell why. */
        char **list;
        size_t n;
        play_bot_take_comments(pg->seat[s].bot, &list, &n);
        for (size_t i = 0; i < n; i++) {
            record_add_fault_comment(&pg->rec, list[i]);
            free(list[i]);
        }
        free(list);
    }
    play_end(pg, s, false);
}

void play_void(play_game *pg, const char *detail)
{
    if (pg->state >= PLAY_ENDING)
        return;
    play_record_void(&pg->rec, pg->game, &pg->pos, detail);
    play_end(pg, -1, true);
}

void play_quit(play_game *pg, const char *why)
{
    char detail[128];
    snprintf(detail, sizeof detail, "%s after %zu plies", why,
             pg->rec.nmoves);
    play_void(pg, detail);
}

void play_resign(play_game *pg)
{
    if (pg->state != PLAY_PLAYING) {
        play_say(pg, "the game has not begun: quit leaves it");
        return;
    }
    char detail[128];
    snprintf(detail, sizeof detail, "the person in seat %d (%s) resigned "
                                    "after %zu plies",
             pg->person, rules_seat_colour(pg->game, pg->person),
             pg->rec.nmoves);
    play_fault(pg, pg->person, "resigned", detail);
}

static void play_check_done(play_game *pg)
{
    if (pg->state != PLAY_ENDING)
        return;
    for (int s = 0; s < pg->nseats; s++)
        if (pg->seat[s].bot && !play_bot_gone(pg->seat[s].bot))
            return;
    pg->state = PLAY_DONE;
    FILE *out = pg->cfg.out;
    if (pg->cfg.record_path) {
        if (record_write(&pg->rec, pg->cfg.record_path, pg->write_err,
                         sizeof pg->write_err) != 0) {
            pg->write_failed = true;
            fprintf(out, "the record could not be written: %s\n",
                    pg->write_err);
        } else {
            fprintf(out, "record: %s\n", pg->cfg.record_path);
        }
    }
    fflush(out);
    ev_break(pg->loop, EVBREAK_ALL);
}

/* ---- moves ---------------------------------------------------------------- */

/* Seat s's move came at t: what it is charged, off its bank; the clock
 * stops.  A person off the clock is charged the time taken, which no
 * deadline bounds. */
static turnclock_charge play_charge(play_game *pg, int s, double t)
{
    play_seat *st = &pg->seat[s];
    turnclock_charge c = {.cpu_ms = -1};
    if (play_clocked(pg, s)) {
        /* A line read after the deadline was there when the referee
         * first looked (play_deadline_cb): it counts at the deadline. */
        turnclock_reading r = play_read_clock();
        c = turnclock_move(&pg->clk, &r, t);
        st->bank_left = turnclock_bank_after(&pg->cfg.tc, st->bank_left,
                                             c.ms);
    } else {
        long ms = clock_ms(pg->clk.start, t);
        c.ms = c.wall_ms = ms > 0 ? ms : 0;
    }
    st->used_ms += c.ms;
    ev_timer_stop(pg->loop, &pg->w_deadline);
    pg->turn_seat = -1;
    return c;
}

static void play_show_move(play_game *pg, int s, const char *canon,
                           long used)
{
    play_view_seat vs[RULES_MAX_SEATS];
    play_view_seats(pg, vs);
    fputc('\n', pg->cfg.out);
    play_view_move(pg->cfg.out, (int)pg->rec.nmoves, &vs[s], canon, used);
    play_draw(pg);
}

void play_accept(play_game *pg, int s, const rules_move *mv,
                 const char *sent, double t, char **comments,
                 size_t ncomments)
{
    turnclock_charge used = play_charge(pg, s, t);
    bool bank = play_clocked(pg, s) && pg->cfg.tc.bank_ms > 0;
    char canon[RULES_MOVE_TEXT_MAX];
    rules_format_move(pg->game, mv, canon, sizeof canon);
    record_move *rm = record_add_move(&pg->rec, s, canon, sent, used.ms,
                                      bank ? pg->seat[s].bank_left : -1);
    if (!rm) {
        for (size_t i = 0; i < ncomments; i++)
            free(comments[i]);
        free(comments);
        play_void(pg, "out of memory");
        return;
    }
    rm->paused_ms = used.paused_ms;
    rm->comments = comments;
    rm->ncomments = ncomments;
    pg->before = pg->pos;
    rules_apply(pg->game, &pg->pos, mv);
    pg->last = *mv;
    pg->has_last = true;
    play_show_move(pg, s, canon, used.ms);
    if (rules_over(pg->game, &pg->pos))
        play_end_by_rules(pg);
    else
        play_next_turn(pg);
}

static void play_on_bot_move(play_game *pg, int s, const char *text, double t)
{
    if (pg->state != PLAY_PLAYING || pg->turn_seat != s)
        return;
    char detail[EXPLAIN_MAX];
    rules_move mv;
    if (!explain_parse_move(pg->game, &pg->pos, text, &mv, detail,
                            sizeof detail)) {
        play_fault(pg, s, "illegal-move", detail);
        return;
    }
    char **comments;
    size_t n;
    play_bot_take_comments(pg->seat[s].bot, &comments, &n);
    play_accept(pg, s, &mv, text, t, comments, n);
}

/* ---- turns ---------------------------------------------------------------- */

/* Seat s, a bot, gets its turn once its pause is over and it is set up
 * (a bot restarted by an undo may still be starting). */
static void play_give_turn(play_game *pg, int s)
{
    play_bot *b = pg->seat[s].bot;
    if (pg->state != PLAY_PLAYING || pg->waiting != s ||
        ev_is_active(&pg->w_delay) || !play_bot_set_up(b))
        return;
    pg->waiting = -1;
    long limit = turnclock_limit(&pg->cfg.tc, pg->seat[s].bank_left, NULL);
    double at = play_bot_turn(b, pg->game, &pg->pos, &pg->rec, limit,
                              pg->cfg.tc.bank_ms > 0 ? pg->seat[s].bank_left
                                                     : -1);
    play_clock_start(pg, s, at);
}

static void play_delay_cb(struct ev_loop *loop, ev_timer *w, int rev)
{
    (void)loop;
    (void)rev;
    play_game *pg = w->data;
    if (pg->waiting >= 0)
        play_give_turn(pg, pg->waiting);
}

static void play_next_turn(play_game *pg)
{
    int s = rules_to_move(pg->game, &pg->pos);
    if (!pg->seat[s].bot) {
        play_person_turn(pg);
        return;
    }
    pg->waiting = s;
    if (pg->cfg.delay_ms > 0) {
        ev_timer_set(&pg->w_delay, (double)pg->cfg.delay_ms / 1000.0, 0.);
        ev_timer_start(pg->loop, &pg->w_delay);
        return;
    }
    play_give_turn(pg, s);
}

/* Seat s lost on time, as reading r found. */
static void play_timeout(play_game *pg, int s, const turnclock_reading *r)
{
    const turnclock *c = &pg->clk;
    double due = turnclock_due(c, turnclock_forgiven(c, r));
    char detail[200];
    snprintf(detail, sizeof detail,
             "no move within %ld ms (limit %ld ms + grace %ld ms); %ld ms "
             "over",
             clock_ms(c->start, r->now), c->limit_ms, c->tc.grace_ms,
             clock_ms(due, r->now));
    play_fault(pg, s, "timeout", detail);
}

/* The deadline: a move already in the pipe counts; otherwise, a seat
 * the time control binds has lost on time. */
static void play_deadline_cb(struct ev_loop *loop, ev_timer *w, int rev)
{
    (void)loop;
    (void)rev;
    play_game *pg = w->data;
    int s = pg->turn_seat;
    turnclock_reading r;
    if (pg->state != PLAY_PLAYING || s < 0 ||
        play_due(pg, &r) == TURNCLOCK_RUNNING)
        return;
    size_t moves = pg->rec.nmoves;
    if (pg->seat[s].bot)
        play_bot_poll(pg->seat[s].bot);
    if (pg->state != PLAY_PLAYING || pg->rec.nmoves != moves)
        return;
    play_timeout(pg, s, &r);
}

/* ---- the bots' events ------------------------------------------------------- */

static void play_on_ready(play_game *pg, int s)
{
    play_record_ident(pg, s);
    if (pg->state == PLAY_STARTING) {
        play_begin_if_ready(pg);
        return;
    }
    if (pg->state != PLAY_PLAYING)
        return;
    /* A bot restarted by an undo: its setup, and its turn if it waits. */
    play_setup(pg, s);
    play_give_turn(pg, s);
}

static void play_bot_event_cb(void *arg, int seat, play_bot_event ev,
                              const char *text, const char *detail, double t)
{
    play_game *pg = arg;
    switch (ev) {
    case PLAY_BOT_READY: play_on_ready(pg, seat); break;
    case PLAY_BOT_MOVE: play_on_bot_move(pg, seat, text, t); break;
    case PLAY_BOT_FAULT: play_fault(pg, seat, text, detail); break;
    case PLAY_BOT_VOID: play_void(pg, detail); break;
    case PLAY_BOT_REAPED: play_check_done(pg); break;
    }
}

/* ---- the rest ------------------------------------------------------------------ */

void play_game_interrupt(play_game *pg)
{
    if (pg->state == PLAY_STARTING || pg->state == PLAY_PLAYING)
        play_quit(pg, "interrupted");
}

bool play_game_done(const play_game *pg) { return pg->state == PLAY_DONE; }

const record *play_game_record(const play_game *pg) { return &pg->rec; }

const char *play_game_write_error(const play_game *pg)
{
    return pg->write_failed ? pg->write_err : NULL;
}

void play_game_free(play_game *pg)
{
    if (!pg)
        return;
    ev_timer_stop(pg->loop, &pg->w_deadline);
    ev_timer_stop(pg->loop, &pg->w_delay);
    play_input_free(pg->input);
    for (int s = 0; s < pg->nseats; s++)
        play_bot_free(pg->seat[s].bot);
    record_release(&pg->rec);
    rules_game_free(pg->game);
    free(pg);
}
