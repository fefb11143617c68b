/*
 * test_standings.c - `referee standings` refuses records that were played
 * under another definition: a Pente event played with movecap=8 whose
 * event.yaml now says movecap=0, or another time control, is reported
 * with the field that differs, and the exit status is 1.
 */
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUT_MAX 65536

/* Replace the first `from` in the file at path by `to`. */
static void edit(const char *path, const char *from, const char *to)
{
    char *text = run_slurp(path, NULL);
    cr_assert(text, "cannot read %s", path);
    char *at = strstr(text, from);
    cr_assert(at, "no '%s' in %s:\n%s", from, path, text);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    fclose(f);
    free(text);
}

Test(standings, records_of_another_definition_are_reported, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], records[512], snap[600];
    run_tmpdir(dir, sizeof dir);
    /* 8 plies and a draw: two short games. */
    run_write_event(dir, "cap",
                    "game: pente\noptions: \"movecap=8\"\nseed: 3\n"
                    "time_control: {move_ms: 3000}\n"
                    "format: round-robin\ngames_per_pair: 2\nentrants:\n"
                    "  - {name: g, command: " RUN_BOTS "greedy_bot}\n"
                    "  - {name: r, command: " RUN_BOTS "random_bot}\n",
                    def, sizeof def);
    char *ev[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    cr_assert_eq(run_cmd(ev, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(records, sizeof records, "%s/records-cap", dir);
    snprintf(snap, sizeof snap, "%s/event.yaml", records);
    char *st[] = {RUN_REFEREE, "standings", records, NULL};
    cr_assert_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);

    /* The definition now says movecap=0: no record is a game of it. */
    edit(snap, "movecap=8", "movecap=0");
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 1,
                 "movecap=8 records taken for a movecap=0 event: %s", out);
    cr_expect(strstr(out, "rr-001.yaml: options: the record has "
                          "'opening=tournament movecap=8 captures=5', the "
                          "event 'opening=tournament movecap=0 captures=5': "
                          "not from this event"),
              "%s", out);
    edit(snap, "movecap=0", "movecap=8");
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);

    /* Another time control. */
    edit(snap, "move_ms: 3000", "move_ms: 2500");
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 1,
                 "records of 3000 ms taken for 2500 ms: %s", out);
    cr_expect(strstr(out, "rr-001.yaml: time_control.move_ms: the record "
                          "has 3000, the event 2500: not from this event"),
              "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* Resume compares the same way: the event of movecap=8 records, run again
 * from a definition that now says movecap=0 (or another start-up
 * allowance), is refused with the field named, and the event.yaml beside
 * the records keeps the definition they were played under. */
Test(standings, resume_refuses_records_of_another_definition, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], snap[600];
    run_tmpdir(dir, sizeof dir);
    const char *body = "game: pente\noptions: \"movecap=8\"\nseed: 3\n"
                       "time_control: {move_ms: 3000}\n"
                       "format: round-robin\ngames_per_pair: 2\nentrants:\n"
                       "  - {name: g, command: " RUN_BOTS "greedy_bot}\n"
                       "  - {name: r, command: " RUN_BOTS "random_bot}\n";
    run_write_event(dir, "cap", body, def, sizeof def);
    char *ev[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    cr_assert_eq(run_cmd(ev, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(snap, sizeof snap, "%s/records-cap/event.yaml", dir);

    edit(def, "movecap=8", "movecap=0");
    cr_expect_eq(run_cmd(ev, dir + 5, out, sizeof out), 1,
                 "movecap=8 records resumed as movecap=0: %s", out);
    cr_expect(strstr(out, "rr-001.yaml: options: the record has "
                          "'opening=tournament movecap=8 captures=5'"),
              "%s", out);
    char *kept = run_slurp(snap, NULL);
    cr_expect(kept && strstr(kept, "movecap=8"), "event.yaml rewritten:\n%s",
              kept ? kept : "(none)");
    free(kept);

    edit(def, "movecap=0", "movecap=8");
    edit(def, "{move_ms: 3000}", "{move_ms: 3000, startup_ms: 4000}");
    cr_expect_eq(run_cmd(ev, dir + 5, out, sizeof out), 1,
                 "records resumed under another start-up allowance: %s",
                 out);
    cr_expect(strstr(out, "time_control.startup_ms: the record has 10000, "
                          "the event 4000"),
              "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}
