/*
 * test_event_record.c - event_record_check: a record counts for a game of
 * an event only if everything that decides a game is as the definition
 * says, and the message names the first field that differs.
 */
#include "event/event_def.h"
#include "event/event_record.h"
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static const char *const def_body =
    "event: ev\nseed: 1\ngame: pente\nvariant: %s\noptions: \"%s\"\n"
    "time_control: {move_ms: 2000, bank_ms: 60000, increment_ms: 10, "
    "grace_ms: 50}\n"
    "format: round-robin\nentrants:\n"
    "  - {name: a, command: bot-a, partner: pa}\n"
    "  - {name: b, command: bot-b, partner: pb}\n";

/* Load the definition of def_body with variant and options. */
static void load_def(const char *dir, const char *variant,
                     const char *options, event_def *d)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/ev.yaml", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, def_body, variant, options);
    fclose(f);
    cr_assert_eq(event_def_load(path, d, err, sizeof err), 0, "%s", err);
}

/* The record the event would write for g: entrant 1 in seat 0. */
static void make_record(const event_def *d, const plan_game *g, record *r)
{
    record_init(r);
    record_set(&r->game, "pente");
    record_set(&r->variant, d->variant);
    record_set(&r->options, "opening=tournament movecap=8 captures=5");
    r->tc.move_ms = 2000;
    r->tc.bank_ms = 60000;
    r->tc.increment_ms = 10;
    r->tc.grace_ms = 50;
    r->tc.startup_ms = 10000;
    r->seed = g->seed;
    r->nplayers = d->seats;
    for (int s = 0; s < d->seats; s++) {
        const event_entrant *e = &d->entrant[g->entrant[s % 2]];
        record_set(&r->players[s].command, s < 2 ? e->command : e->partner);
        record_set(&r->players[s].entrant, e->name);
    }
}

static const plan_game game = {.id = "rr-001", .entrant = {1, 0},
                               .seed = 77};

/* Check r and expect the message after "PATH: " to be want (NULL: a
 * match). */
static void expect(const event_def *d, const record *r, const char *want)
{
    char err[2048] = "";
    int rc = event_record_check(d, &game, r, "m/rr-001.yaml", err,
                                sizeof err);
    if (!want) {
        cr_expect_eq(rc, 0, "refused: %s", err);
        return;
    }
    char full[2048];
    snprintf(full, sizeof full, "m/rr-001.yaml: %s: not from this event; "
                                "move it away or use another records "
                                "directory",
             want);
    cr_expect_eq(rc, -1, "accepted, wanted '%s'", want);
    cr_expect_str_eq(err, full);
}

Test(event_record, options_are_compared_normalised)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    event_def d;
    record r;
    /* The definition says only movecap=8: the defaults make it the
     * record's text. */
    load_def(dir, "standard", "movecap=8", &d);
    make_record(&d, &game, &r);
    expect(&d, &r, NULL);
    record_set(&r.options, "captures=5 movecap=8");
    expect(&d, &r, NULL);
    event_def_release(&d);
    /* The definition changed to movecap=0 after the games were played. */
    load_def(dir, "standard", "movecap=0", &d);
    record_set(&r.options, "opening=tournament movecap=8 captures=5");
    expect(&d, &r, "options: the record has 'opening=tournament movecap=8 "
                   "captures=5', the event 'opening=tournament movecap=0 "
                   "captures=5'");
    /* Options the rules refuse are shown as they are. */
    record_set(&r.options, "movecap=lots");
    expect(&d, &r, "options: the record has 'movecap=lots', the event "
                   "'opening=tournament movecap=0 captures=5'");
    record_release(&r);
    event_def_release(&d);
    run_rmtree(dir);
}

Test(event_record, first_differing_field_is_named)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    event_def d;
    record r;
    load_def(dir, "standard", "movecap=8", &d);
    make_record(&d, &game, &r);

    r.tc.move_ms = 3000;
    expect(&d, &r, "time_control.move_ms: the record has 3000, the event "
                   "2000");
    r.tc.move_ms = 2000;
    r.tc.bank_ms = 0;
    expect(&d, &r, "time_control.bank_ms: the record has 0, the event 60000");
    r.tc.bank_ms = 60000;
    r.tc.increment_ms = 0;
    expect(&d, &r, "time_control.increment_ms: the record has 0, the event "
                   "10");
    r.tc.increment_ms = 10;
    r.tc.grace_ms = 100;
    expect(&d, &r, "time_control.grace_ms: the record has 100, the event 50");
    r.tc.grace_ms = 50;
    /* The start-up allowance decides a game lost on its handshake. */
    r.tc.startup_ms = 1;
    expect(&d, &r, "time_control.startup_ms: the record has 1, the event "
                   "10000");
    r.tc.startup_ms = 10000;
    expect(&d, &r, NULL);

    /* The game before the time control. */
    r.tc.move_ms = 1;
    record_set(&r.game, "pentago");
    expect(&d, &r, "game: the record has 'pentago', the event 'pente'");
    record_set(&r.game, "pente");
    record_set(&r.variant, "plus");
    expect(&d, &r, "variant: the record has 'plus', the event 'standard'");
    record_set(&r.variant, "standard");
    r.tc.move_ms = 2000;

    /* Seats: entrant 1 (b) plays seat 0 in this game. */
    record_set(&r.players[0].command, "bot-a");
    expect(&d, &r, "seat 0: entrants[1].command: the record has 'bot-a', "
                   "the event 'bot-b'");
    record_set(&r.players[0].command, "bot-b");
    record_set(&r.players[1].entrant, "z");
    expect(&d, &r, "seat 1: entrants[0].name: the record has 'z', the "
                   "event 'a'");
    record_set(&r.players[1].entrant, NULL);
    expect(&d, &r, "seat 1: entrants[0].name: the record has '', the "
                   "event 'a'");
    record_set(&r.players[1].entrant, "a");
    r.nplayers = 4;
    expect(&d, &r, "seats: the record has 4 players, the event's game 2 "
                   "seats");
    r.nplayers = 2;
    r.seed = 78;
    expect(&d, &r, "seed: the record has 78, the event gives this game 77");
    r.seed = 77;
    expect(&d, &r, NULL);
    record_release(&r);
    event_def_release(&d);
    run_rmtree(dir);
}

/* Team games: seats 2 and 3 are the partners of seats 0 and 1. */
Test(event_record, partners_sit_in_seats_2_and_3)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    event_def d;
    record r;
    load_def(dir, "partner", "", &d);
    cr_assert_eq(d.seats, 4);
    make_record(&d, &game, &r);
    record_set(&r.options, "opening=tournament movecap=0 captures=5");
    expect(&d, &r, NULL);
    record_set(&r.players[3].command, "bot-a");
    expect(&d, &r, "seat 3: entrants[0].partner: the record has 'bot-a', "
                   "the event 'pa'");
    record_release(&r);
    event_def_release(&d);
    run_rmtree(dir);
}
