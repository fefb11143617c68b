/*
 * test_event_def.c - the definition reader and the planner agree on what
 * an event may ask for: a value the planner would refuse is refused where
 * the file is read, with the file, the line and the field.
 */
#include "event/event_def.h"
#include "event/plan.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* Write body (after two entrants' worth of header) to dir/def.yaml and
 * load it; the path into path. */
static int load(const char *dir, const char *body, event_def *d, char *err,
                size_t errlen, char *path, size_t pathlen)
{
    snprintf(path, pathlen, "%s/def.yaml", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fprintf(f, "event: limits\nseed: 1\n%s"
               "entrants:\n  - {name: a, command: x}\n"
               "  - {name: b, command: y}\n",
            body);
    fclose(f);
    return event_def_load(path, d, err, errlen);
}

/* A field over its limit is refused naming the file, its line and the
 * field, for every format (the reader does not know which fields the
 * format uses; a value out of range is a mistake in any of them). */
Test(event_def, limits_are_checked_where_the_file_is_read)
{
    static const struct {
        const char *body, *message;
    } cases[] = {
        {"format: swiss-cup\nreplay_cap: 101\n",
         ":4: replay_cap: expected an integer from 1 to 100, got '101'"},
        {"format: swiss-cup\nreplay_cap: 1000\n",
         ":4: replay_cap: expected an integer from 1 to 100, got '1000'"},
        {"format: round-robin\ngames_per_pair: 51\n",
         ":4: games_per_pair: expected an integer from 1 to 50, got '51'"},
        {"format: gauntlet\nchallenger: a\ngames_per_pair: 1000\n",
         ":5: games_per_pair: expected an integer from 1 to 50, got '1000'"},
        {"format: swiss-cup\nqualifiers: 3\n",
         ":4: qualifiers: expected an integer from 0 to 2, got '3'"},
    };
    char dir[256], path[512], err[1024], want[1024];
    run_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        event_def d;
        int rc = load(dir, cases[i].body, &d, err, sizeof err, path,
                      sizeof path);
        cr_expect_eq(rc, -1, "case %zu accepted", i);
        if (rc == 0)
            event_def_release(&d);
        snprintf(want, sizeof want, "%s%s", path, cases[i].message);
        cr_expect_str_eq(err, want, "case %zu", i);
    }
    run_rmtree(dir);
}

/* At the limits and one past them, the reader takes what the planner
 * takes, and nothing else. */
Test(event_def, reader_and_planner_agree_at_the_limits)
{
    static const struct {
        const char *format, *field;
        int value;
    } cases[] = {
        {"swiss-cup", "replay_cap", PLAN_REPLAY_CAP_MAX},
        {"swiss-cup", "replay_cap", PLAN_REPLAY_CAP_MAX + 1},
        {"round-robin", "games_per_pair", PLAN_GAMES_PER_PAIR_MAX},
        {"round-robin", "games_per_pair", PLAN_GAMES_PER_PAIR_MAX + 1},
        {"swiss-cup", "qualifiers", PLAN_QUALIFIERS_MAX},
        {"swiss-cup", "qualifiers", PLAN_QUALIFIERS_MAX + 1},
    };
    char dir[256], path[512], err[1024], body[256];
    run_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(body, sizeof body, "format: %s\n%s: %d\n", cases[i].format,
                 cases[i].field, cases[i].value);
        event_def d;
        bool read = load(dir, body, &d, err, sizeof err, path,
                         sizeof path) == 0;
        plan_config c;
        plan_config_defaults(&c);
        c.format = strcmp(cases[i].format, "swiss-cup") ? PLAN_ROUND_ROBIN
                                                         : PLAN_SWISS_CUP;
        c.nentrants = 2;
        if (!strcmp(cases[i].field, "replay_cap"))
            c.replay_cap = cases[i].value;
        else if (!strcmp(cases[i].field, "games_per_pair"))
            c.games_per_pair = cases[i].value;
        else
            c.qualifiers = cases[i].value;
        char perr[256];
        plan *p = plan_new(&c, perr, sizeof perr);
        cr_expect_eq(read, p != NULL, "%s %s: %d: the reader %s it (%s), "
                     "the planner %s it (%s)", cases[i].format,
                     cases[i].field, cases[i].value,
                     read ? "takes" : "refuses", read ? "" : err,
                     p ? "takes" : "refuses", p ? "" : perr);
        if (read) {
            plan *q = plan_new(&d.plan, perr, sizeof perr);
            cr_expect_not_null(q, "the definition's own plan: %s", perr);
            plan_free(q);
            event_def_release(&d);
        }
        plan_free(p);
    }
    run_rmtree(dir);
}

/* An entrant's `files` and `env` become the head of its command, quoted
 * as a shell would; a bad name or a ':' in a path is refused with the
 * line. */
Test(event_def, files_and_env_go_to_the_head_of_the_command)
{
    char dir[256], path[512], err[1024];
    run_tmpdir(dir, sizeof dir);
    event_def d;
    snprintf(path, sizeof path, "%s/def.yaml", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "event: box\nseed: 1\nformat: round-robin\nentrants:\n"
               "  - {name: a, command: bots/a/bot, files: [books, 'x y'],\n"
               "     env: {MODEL: big, QUOTE: \"it's\"}}\n"
               "  - {name: b, command: y}\n");
    fclose(f);
    cr_assert_eq(event_def_load(path, &d, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(d.entrant[0].command,
                     "REFEREE_FILES='books:x y' MODEL='big' "
                     "QUOTE='it'\\''s' bots/a/bot");
    cr_expect_str_eq(d.entrant[1].command, "y");
    event_def_release(&d);
    static const struct {
        const char *entrant, *message;
    } bad[] = {
        {"  - {name: a, command: x, env: {9LIVES: x}}\n",
         ":5: entrants[0].env: '9LIVES' is not a variable's name"},
        {"  - {name: a, command: x, files: ['a:b']}\n",
         ":5: entrants[0].files: expected paths of files or folders, "
         "without ':'"},
        {"  - {name: a, command: x, env: [A]}\n",
         ":5: entrants[0].env: expected a mapping"},
        {"  - {name: a, command: x, env: {A: 1, A: 2}}\n",
         "entrants[0].env: A is set twice"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        f = fopen(path, "w");
        cr_assert(f);
        fprintf(f, "event: box\nseed: 1\nformat: round-robin\nentrants:\n%s"
                   "  - {name: b, command: y}\n",
                bad[i].entrant);
        fclose(f);
        int rc = event_def_load(path, &d, err, sizeof err);
        cr_expect_eq(rc, -1, "case %zu accepted", i);
        if (rc == 0)
            event_def_release(&d);
        cr_expect(strstr(err, bad[i].message), "case %zu: %s", i, err);
    }
    run_rmtree(dir);
}

/* suspend and ponder say the same thing from two sides: saying both, they
 * must not contradict each other. */
Test(event_def, suspend_and_ponder_must_agree)
{
    static const struct {
        const char *body;
        int rc;
        bool suspend;
    } cases[] = {
        {"format: round-robin\n", 0, true},
        {"format: round-robin\nponder: true\n", 0, false},
        {"format: round-robin\nsuspend: false\n", 0, false},
        {"format: round-robin\nsuspend: true\nponder: false\n", 0, true},
        {"format: round-robin\nsuspend: true\nponder: true\n", -1, false},
        {"format: round-robin\nsuspend: false\nponder: false\n", -1, false},
    };
    char dir[256], path[512], err[1024];
    run_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        event_def d;
        int rc = load(dir, cases[i].body, &d, err, sizeof err, path,
                      sizeof path);
        cr_expect_eq(rc, cases[i].rc, "case %zu: %s", i, err);
        if (rc == 0) {
            cr_expect_eq(d.suspend, cases[i].suspend, "case %zu", i);
            event_def_release(&d);
        } else {
            cr_expect(strstr(err, "say opposite things"), "%s", err);
        }
    }
    run_rmtree(dir);
}

/* time_control.clock: wall (the default) or cpu; a wall cap only with
 * the CPU clock; anything else named with its line. */
Test(event_def, the_clock_is_wall_or_cpu)
{
    static const struct {
        const char *body;
        int rc;
        time_clock clock;
        long cap;
        const char *why;
    } cases[] = {
        {"format: round-robin\n", 0, TIME_CLOCK_WALL, 0, NULL},
        /* The default cap, 10 x (5000 + 100) + 1000, is written down. */
        {"format: round-robin\ntime_control: {clock: cpu}\n", 0,
         TIME_CLOCK_CPU, 52000, NULL},
        {"format: round-robin\ntime_control: {clock: cpu, wall_cap_ms: "
         "9000}\n", 0, TIME_CLOCK_CPU, 9000, NULL},
        {"format: round-robin\ntime_control: {clock: wall}\n", 0,
         TIME_CLOCK_WALL, 0, NULL},
        {"format: round-robin\ntime_control: {clock: cpu-ish}\n", -1,
         TIME_CLOCK_WALL, 0, "time_control.clock"},
        {"format: round-robin\ntime_control: {wall_cap_ms: 9000}\n", -1,
         TIME_CLOCK_WALL, 0, "is the CPU clock's: give clock: cpu too"},
        {"format: round-robin\ntime_control: {clock: cpu, wall_cap_ms: 0}\n",
         -1, TIME_CLOCK_WALL, 0, "time_control.wall_cap_ms"},
    };
    char dir[256], path[512], err[1024];
    run_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        event_def d;
        int rc = load(dir, cases[i].body, &d, err, sizeof err, path,
                      sizeof path);
        cr_expect_eq(rc, cases[i].rc, "case %zu: %s", i, err);
        if (rc == 0) {
            cr_expect_eq(d.tc.clock, cases[i].clock, "case %zu", i);
            cr_expect_eq(d.tc.wall_cap_ms, cases[i].cap, "case %zu", i);
            event_def_release(&d);
        } else {
            cr_expect(strstr(err, cases[i].why), "case %zu: %s", i, err);
            cr_expect(strstr(err, "def.yaml:4: "), "case %zu: %s", i,
                      err);
        }
    }
    run_rmtree(dir);
}
