/*
 * test_event_hand.c - running an event by hand, with the real referee and
 * real bots: `referee event --plan` prints the draw and what comes next
 * without playing; a Swiss event in which an entrant withdraws and a
 * forfeit is entered is played to its end, and an independent count of
 * its records agrees with its tables, standings takes it, and an edit to
 * an entered record is caught; the replay cap's decision and the win
 * points of a win by a fault are written in the records; the draw is
 * seeded from ratings and from an earlier event's ranking.
 */
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUT_MAX 65536

/* `referee event ARGS... DEF` (args NULL-terminated, at most 12). */
static int event_cmd(const char *def, const char *tag, char *out,
                     size_t len, const char *const *args)
{
    char *argv[16];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "event";
    for (int i = 0; args[i] && n < 14; i++)
        argv[n++] = (char *)args[i];
    argv[n++] = (char *)def;
    argv[n] = NULL;
    return run_cmd(argv, tag, out, len);
}

/* The line of out that holds game id's listing, copied into line. */
static bool plan_line(const char *out, const char *id, char *line,
                      size_t len)
{
    char key[64];
    snprintf(key, sizeof key, "- %s (", id);
    const char *at = strstr(out, key);
    if (!at)
        return false;
    snprintf(line, len, "%.*s", (int)strcspn(at, "\n"), at);
    return true;
}

Test(event_hand, plan_prints_the_draw_and_plays_nothing, .timeout = 60)
{
    char dir[256], def[512], out[OUT_MAX], records[600];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "pv", RUN_SWISS8, def, sizeof def);
    int rc = event_cmd(def, dir + 5, out, sizeof out,
                       (const char *[]){"--plan", NULL});
    cr_assert_eq(rc, 0, "%s", out);
    cr_expect(strstr(out, "# pv: swiss-cup, 8 entrants, seed 2026"), "%s",
              out);
    cr_expect(strstr(out, "starts: balanced") &&
                  strstr(out, "separate_groups: true"),
              "%s", out);
    cr_expect(strstr(out, "- A:") && strstr(out, "- B:"), "%s", out);
    cr_expect(strstr(out, "0 of 12 known played, 12 ready"), "%s", out);
    /* Every group game with who starts it; each entrant starts 1 or 2 of
     * its 3. */
    int starts[8] = {0};
    static const char *const names[8] = {"g1", "g2", "g3", "g4",
                                         "r1", "r2", "r3", "r4"};
    for (char g = 'A'; g <= 'B'; g++)
        for (int k = 1; k <= 6; k++) {
            char id[32], line[256], who[16];
            snprintf(id, sizeof id, "group-%c-%02d", g, k);
            cr_assert(plan_line(out, id, line, sizeof line), "%s:\n%s", id,
                      out);
            const char *s = strstr(line, "): ");
            s = s ? strstr(s, ", ") : NULL;
            cr_assert(s && sscanf(s + 2, "%15s starts", who) == 1, "%s",
                      line);
            for (int e = 0; e < 8; e++)
                starts[e] += !strcmp(who, names[e]);
        }
    for (int e = 0; e < 8; e++)
        cr_expect(starts[e] == 1 || starts[e] == 2, "%s starts %d",
                  names[e], starts[e]);
    /* Nothing was played or written. */
    snprintf(records, sizeof records, "%s/records-pv", dir);
    cr_expect_eq(run_count_records(records), 0);
    cr_expect_neq(access(records, F_OK), 0, "no records directory");
    /* The same again: the draw is the seed's. */
    char again[OUT_MAX];
    event_cmd(def, dir + 5, again, sizeof again,
              (const char *[]){"--plan", NULL});
    cr_expect_str_eq(out, again);
    run_rmtree(dir);
}

Test(event_hand, usage_errors_say_what_is_missing, .timeout = 60)
{
    char dir[256], def[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "u", RUN_SWISS8, def, sizeof def);
    static const struct {
        const char *args[8];
        const char *says;
    } cases[] = {
        {{"--withdraw", "r1", NULL}, "need --reason"},
        {{"--enter", "group-A-01", "--reason", "x", NULL}, "needs --by"},
        {{"--enter", "group-A-01", "--by", "me", "--reason", "x", NULL},
         "--winner NAME or --draw"},
        {{"--enter", "group-A-01", "--draw", "--by", "me", "--reason", "x",
          NULL},
         "add --adjudicated"},
        {{"--plan", "--withdraw", "r1", "--reason", "x", NULL},
         "one at a time"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int rc = event_cmd(def, dir + 5, out, sizeof out, cases[i].args);
        cr_expect_eq(rc, 2, "case %zu: %s", i, out);
        cr_expect(strstr(out, cases[i].says), "case %zu: %s", i, out);
    }
    /* Well formed, but not so: an unknown entrant, a game not ready. */
    int rc = event_cmd(def, dir + 5, out, sizeof out,
                       (const char *[]){"--withdraw", "nobody", "--reason",
                                        "x", NULL});
    cr_expect_eq(rc, 1);
    cr_expect(strstr(out, "'nobody' is not an entrant's name"), "%s", out);
    rc = event_cmd(def, dir + 5, out, sizeof out,
                   (const char *[]){"--enter", "cup-r1-t1-g1", "--winner",
                                    "g1", "--by", "me", "--reason", "x",
                                    NULL});
    cr_expect_eq(rc, 1);
    cr_expect(strstr(out, "not a game ready to play now"), "%s", out);
    run_rmtree(dir);
}

/* ---- a whole event with a withdrawal and an entered forfeit ----------------- */

typedef struct {
    char name[32];
    int played, won, drawn, lost, points;
} tally;

static tally *tally_of(tally *t, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(t[i].name, name))
            return &t[i];
    snprintf(t[*n].name, sizeof t[*n].name, "%s", name);
    return &t[(*n)++];
}

/* Count every group record of dir from its players' results alone. */
static int count_group_records(const char *dir, tally *t)
{
    int n = 0;
    DIR *d = opendir(dir);
    cr_assert(d);
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, "group-", 6) || !strstr(e->d_name, ".yaml"))
            continue;
        char path[1024], err[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        for (int s = 0; s < 2; s++) {
            tally *x = tally_of(t, &n, r.players[s].entrant);
            const char *res = r.players[s].result;
            x->played++;
            x->won += !strcmp(res, "win");
            x->drawn += !strcmp(res, "draw");
            x->lost += !strcmp(res, "loss");
            x->points += !strcmp(res, "win") ? 3 : !strcmp(res, "draw");
        }
        record_release(&r);
    }
    closedir(d);
    return n;
}

/* The value of `key: N` after at in text. */
static int int_after(const char *at, const char *key)
{
    const char *k = strstr(at, key);
    cr_assert(k, "no %s", key);
    return atoi(k + strlen(key));
}

/* Every row of results/group-*.yaml agrees with the count. */
static void expect_tables_agree(const char *results, const tally *t, int n)
{
    int rows = 0;
    for (char g = 'A'; g <= 'B'; g++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/group-%c.yaml", results, g);
        char *y = run_slurp(path, NULL);
        cr_assert(y, "no %s", path);
        char *end = strstr(y, "\ncrosstable:");
        if (end)
            *end = '\0';
        for (const char *at = strstr(y, "entrant: \""); at;
             at = strstr(at + 1, "entrant: \"")) {
            char name[32];
            cr_assert_eq(sscanf(at, "entrant: \"%31[^\"]\"", name), 1);
            int i = 0;
            while (i < n && strcmp(t[i].name, name))
                i++;
            cr_assert_lt(i, n, "%s: %s has no record", path, name);
            cr_expect_eq(int_after(at, "played: "), t[i].played, "%s", name);
            cr_expect_eq(int_after(at, "won: "), t[i].won, "%s", name);
            cr_expect_eq(int_after(at, "drawn: "), t[i].drawn, "%s", name);
            cr_expect_eq(int_after(at, "lost: "), t[i].lost, "%s", name);
            cr_expect_eq(int_after(at, "points: "), t[i].points, "%s",
                         name);
            rows++;
        }
        free(y);
    }
    cr_expect_eq(rows, n, "a row for every entrant");
}

/* A ready group game of the plan printed in out without entrant `not`. */
static void a_game_without(const char *out, const char *not, char *id,
                           size_t len, char *winner, size_t wlen)
{
    for (const char *at = strstr(out, "- group-"); at;
         at = strstr(at + 1, "- group-")) {
        char line[256], a[32], b[32];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(at, "\n"), at);
        const char *colon = strstr(line, "): ");
        if (strstr(line, not) || !colon ||
            sscanf(colon + 3, "%31s v %31[^,]", a, b) != 2)
            continue;
        snprintf(id, len, "%.*s", (int)strcspn(line + 2, " "), line + 2);
        snprintf(winner, wlen, "%s", b);
        return;
    }
    cr_assert_fail("no game without %s in:\n%s", not, out);
}

/* The withdrawn entrant's games: n of them forfeits entered by the event
 * (the others played before it withdrew). */
static void expect_forfeits_of_n(const char *records, const char *who,
                                 int n)
{
    DIR *d = opendir(records);
    cr_assert(d);
    int forfeits = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, "group-", 6))
            continue;
        char path[1024], err[1024];
        snprintf(path, sizeof path, "%s/%s", records, e->d_name);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        for (int s = 0; s < 2; s++)
            if (!strcmp(r.players[s].entrant, who) && r.note.entered_by) {
                cr_expect_str_eq(r.reason, "forfeit", "%s", path);
                cr_expect_str_eq(r.players[s].result, "loss");
                cr_expect_eq(r.nmoves, 0);
                cr_expect_str_eq(r.note.entered_by, "referee event");
                cr_expect(strstr(r.note.entered_reason, "withdrew: lost "
                                                        "its network"),
                          "%s", r.note.entered_reason);
                forfeits++;
            }
        record_release(&r);
    }
    closedir(d);
    cr_expect_eq(forfeits, n, "%s's forfeits", who);
}

/* Change the first `from` of the file at path to `to`. */
static void edit(const char *path, const char *from, const char *to)
{
    char *text = run_slurp(path, NULL);
    cr_assert(text, "cannot read %s", path);
    char *at = strstr(text, from);
    cr_assert(at, "no '%s' in %s", from, path);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    fclose(f);
    free(text);
}

Test(event_hand, withdrawal_and_entered_forfeit_to_the_posted_tables,
     .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], records[600], results[600];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "club", RUN_SWISS8, def, sizeof def);
    snprintf(records, sizeof records, "%s/records-club", dir);
    snprintf(results, sizeof results, "%s/results-club", dir);
    /* r3 withdraws before the first game; a game without it is entered
     * as a forfeit. */
    int rc = event_cmd(def, dir + 5, out, sizeof out,
                       (const char *[]){"--withdraw", "r3", "--reason",
                                        "lost its network", "--by", "arbiter",
                                        NULL});
    cr_assert_eq(rc, 0, "%s", out);
    rc = event_cmd(def, dir + 5, out, sizeof out,
                   (const char *[]){"--plan", NULL});
    cr_assert_eq(rc, 0, "%s", out);
    cr_expect(strstr(out, "withdrawn: r3 (lost its network, by arbiter"),
              "%s", out);
    char id[64], winner[32];
    a_game_without(out, "r3", id, sizeof id, winner, sizeof winner);
    rc = event_cmd(def, dir + 5, out, sizeof out,
                   (const char *[]){"--enter", id, "--winner", winner, "--by",
                                    "arbiter", "--reason", "did not show up",
                                    NULL});
    cr_assert_eq(rc, 0, "%s", out);
    rc = event_cmd(def, dir + 5, out, sizeof out,
                   (const char *[]){"--enter", id, "--winner", winner, "--by",
                                    "arbiter", "--reason", "again", NULL});
    cr_expect_eq(rc, 1, "entered twice: %s", out);
    rc = event_cmd(def, dir + 5, out, sizeof out,
                   (const char *[]){"--plan", NULL});
    cr_expect(strstr(out, "1 of 12 known played, 11 ready"), "%s", out);
    cr_expect(strstr(out, "(forfeit)"), "%s", out);
    cr_expect(strstr(out, "; a forfeit (withdrawn)"), "%s", out);

    /* Played to its end. */
    rc = event_cmd(def, dir + 5, out, sizeof out,
                   (const char *[]){"-j", "2", NULL});
    cr_assert_eq(rc, 0, "%s", out);
    cr_expect(strstr(out, "resuming: 1 games already recorded"), "%s", out);
    expect_forfeits_of_n(records, "r3", 3);
    char path[1024], err[1024];
    snprintf(path, sizeof path, "%s/%s.yaml", records, id);
    record r;
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(r.note.entered_by, "arbiter");
    cr_expect_str_eq(r.note.entered_reason, "did not show up");
    cr_expect_str_eq(r.reason, "forfeit");
    record_release(&r);

    /* An independent count of the records agrees with the tables. */
    tally t[8];
    memset(t, 0, sizeof t);
    int n = count_group_records(records, t);
    cr_assert_eq(n, 8);
    expect_tables_agree(results, t, n);
    char *fin = NULL;
    snprintf(path, sizeof path, "%s/final.yaml", results);
    fin = run_slurp(path, NULL);
    cr_assert(fin);
    cr_expect(strstr(fin, "place: 8\n"), "%s", fin);
    free(fin);

    /* standings takes the entered records, and catches an edit of one. */
    char *st[] = {RUN_REFEREE, "standings", records, NULL};
    rc = run_cmd(st, dir + 5, out, sizeof out);
    cr_expect_eq(rc, 0, "%s", out);
    snprintf(path, sizeof path, "%s/%s.yaml", records, id);
    edit(path, "did not show up", "did not show, up");
    rc = run_cmd(st, dir + 5, out, sizeof out);
    cr_expect_eq(rc, 1, "an edited entered record was taken: %s", out);
    cr_expect(strstr(out, id), "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- decisions written into records ------------------------------------------ */

Test(event_hand, the_replay_caps_decision_is_in_the_last_games_record,
     .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], body[2048], path[1024];
    char err[1024];
    run_tmpdir(dir, sizeof dir);
    const char *seq = RUN_TBOTS "seq_bot tests/data/draw-game.txt";
    snprintf(body, sizeof body,
             "seed: 4\nformat: swiss-cup\nreplay_cap: 2\nentrants:\n"
             "  - {name: d1, command: %s}\n  - {name: d2, command: %s}\n"
             "  - {name: d3, command: %s}\n  - {name: d4, command: %s}\n",
             seq, seq, seq, seq);
    run_write_event(dir, "cap", body, def, sizeof def);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"-j", "2", NULL}),
                 0, "%s", out);
    record r;
    snprintf(path, sizeof path, "%s/records-cap/cup-r1-t1-g1.yaml", dir);
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_expect_null(r.note.decision_rule, "the first game decided nothing");
    record_release(&r);
    snprintf(path, sizeof path, "%s/records-cap/cup-r1-t1-g2.yaml", dir);
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_assert_not_null(r.note.decision_rule);
    cr_expect_str_eq(r.note.decision_rule, "replay-cap");
    cr_expect_eq(r.digest, RECORD_DIGEST_OK, "rewritten whole");
    /* The group's winner goes through. */
    snprintf(path, sizeof path, "%s/results-cap/group-A.yaml", dir);
    char *grp = run_slurp(path, NULL), first[32];
    cr_assert(grp);
    cr_assert_eq(sscanf(strstr(grp, "entrant: "), "entrant: \"%31[^\"]",
                        first),
                 1);
    cr_expect_str_eq(r.note.decision_entrant, first);
    free(grp);
    record_release(&r);
    char *st[] = {RUN_REFEREE, "standings", path, NULL};
    snprintf(path, sizeof path, "%s/records-cap", dir);
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    run_rmtree(dir);
}

/* A league of a greedy bot and one that crashes at its first turn: the
 * greedy one wins both games by a fault, once having placed one marble
 * (it started) and once none; the win points counted are the rule's. */
static int fault_win_points(const char *rule, char *dir, size_t dirlen)
{
    char def[512], out[OUT_MAX], body[1024], path[1024];
    run_tmpdir(dir, dirlen);
    snprintf(body, sizeof body,
             "seed: 3\nformat: round-robin\ngames_per_pair: 2\n"
             "fault_win_points: %s\nentrants:\n"
             "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
             "  - {name: crash, command: " RUN_TBOTS "crash_bot exit}\n",
             rule);
    run_write_event(dir, "fw", body, def, sizeof def);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"-j", "1", NULL}),
                 0, "%s", out);
    int sum = 0;
    for (int k = 1; k <= 2; k++) {
        char err[1024];
        record r;
        snprintf(path, sizeof path, "%s/records-fw/rr-%03d.yaml", dir, k);
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_expect_str_eq(r.reason, "exited");
        int w = r.players[0].result && !strcmp(r.players[0].result, "win")
                    ? 0
                    : 1;
        cr_expect_str_eq(r.players[w].entrant, "greedy");
        cr_expect_eq(r.players[w].win_points, 0, "the rules give none");
        int marbles = 0;
        for (size_t i = 0; i < r.nmoves; i++)
            marbles += r.moves[i].seat == w;
        int want = !strcmp(rule, "full") ? 18 - marbles : 0;
        cr_assert_not_null(r.note.decision_rule, "%s", path);
        cr_expect_str_eq(r.note.decision_rule, "fault-win-points");
        cr_expect_str_eq(r.note.decision_entrant, "greedy");
        cr_expect_eq(r.note.decision_win_points, want, "%s", path);
        sum += want;
        record_release(&r);
    }
    snprintf(path, sizeof path, "%s/results-fw/league.yaml", dir);
    char *y = run_slurp(path, NULL);
    cr_assert(y);
    const char *row = strstr(y, "entrant: \"greedy\"");
    cr_assert(row, "%s", y);
    cr_expect_eq(int_after(row, "win_points: "), sum, "%s", y);
    /* The table says which rule applied, in YAML and in Markdown. */
    char rule_line[64];
    snprintf(rule_line, sizeof rule_line, "\nfault_win_points: %s\n", rule);
    cr_expect(strstr(y, rule_line), "no '%s' in:\n%s", rule_line + 1, y);
    free(y);
    snprintf(path, sizeof path, "%s/results-fw/league.md", dir);
    char *md = run_slurp(path, NULL);
    cr_assert(md);
    snprintf(rule_line, sizeof rule_line, "(fault_win_points: %s)", rule);
    cr_expect(strstr(md, rule_line), "no '%s' in:\n%s", rule_line, md);
    free(md);
    char records[600];
    snprintf(records, sizeof records, "%s/records-fw", dir);
    char *st[] = {RUN_REFEREE, "standings", records, NULL};
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    return sum;
}

Test(event_hand, a_win_by_a_fault_counts_the_events_win_points,
     .timeout = 120)
{
    char dir[256];
    cr_expect_eq(fault_win_points("0", dir, sizeof dir), 0);
    run_rmtree(dir);
    /* Started once (17 = 18 - 1) and second once (18 - 0). */
    cr_expect_eq(fault_win_points("full", dir, sizeof dir), 35);
    run_rmtree(dir);
}

/* ---- seeding ------------------------------------------------------------------ */

/* The seeds line of --plan's output, "1. a 2. b ...", into seeds. */
static void seeds_of(const char *out, char *seeds, size_t len)
{
    const char *at = strstr(out, "- seeds: ");
    cr_assert(at, "%s", out);
    at += 9;
    snprintf(seeds, len, "%.*s", (int)strcspn(at, "\n"), at);
}

Test(event_hand, seeding_from_ratings_and_from_an_earlier_ranking,
     .timeout = 120)
{
    char dir[256], def[512], out[OUT_MAX], body[2048], seeds[512];
    run_tmpdir(dir, sizeof dir);
    /* Ratings: the best first, the unrated after in their order. */
    run_write_event(dir, "rated",
                    "seed: 1\nformat: swiss-cup\nseeding: rating\n"
                    "entrants:\n"
                    "  - {name: a, command: x, rating: 1500}\n"
                    "  - {name: b, command: x}\n"
                    "  - {name: c, command: x, rating: 1720.5}\n"
                    "  - {name: d, command: x, rating: 1600}\n"
                    "  - {name: e, command: x}\n"
                    "  - {name: f, command: x, rating: 1600}\n"
                    "  - {name: g, command: x, rating: 900}\n"
                    "  - {name: h, command: x, rating: 2100}\n",
                    def, sizeof def);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"--plan", NULL}),
                 0, "%s", out);
    seeds_of(out, seeds, sizeof seeds);
    cr_expect_str_eq(seeds, "1. h 2. c 3. d 4. f 5. a 6. g 7. b 8. e");
    /* Dealt snake: A gets seeds 1, 4, 5, 8, B seeds 2, 3, 6, 7. */
    cr_expect(strstr(out, "- A: h, f, a, e\n"), "%s", out);
    cr_expect(strstr(out, "- B: c, d, g, b\n"), "%s", out);

    /* An earlier event's final ranking, played: a league of four. */
    run_write_event(dir, "early",
                    "seed: 5\nformat: round-robin\ngames_per_pair: 1\n"
                    "entrants:\n"
                    "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
                    "  - {name: g1, command: " RUN_BOTS "greedy_bot}\n"
                    "  - {name: r2, command: " RUN_BOTS "random_bot}\n"
                    "  - {name: g2, command: " RUN_BOTS "greedy_bot}\n",
                    def, sizeof def);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"-j", "2", NULL}),
                 0, "%s", out);
    char path[600], names[4][32];
    snprintf(path, sizeof path, "%s/results-early/final.yaml", dir);
    char *fin = run_slurp(path, NULL);
    cr_assert(fin);
    int k = 0;
    for (const char *at = strstr(fin, "entrant: \""); at && k < 4;
         at = strstr(at + 1, "entrant: \""))
        cr_assert_eq(sscanf(at, "entrant: \"%31[^\"]", names[k++]), 1);
    free(fin);
    cr_assert_eq(k, 4);
    /* Its winner taken by place and renamed, the others by name in
     * another order, and a newcomer, whom the ranking does not list. */
    snprintf(body, sizeof body,
             "seed: 9\nformat: swiss-cup\nseeding: ranking\n"
             "ranking: %s/results-early\nentrants:\n"
             "  - {name: new, command: " RUN_BOTS "random_bot}\n"
             "  - {name: %s, command: " RUN_BOTS "random_bot}\n"
             "  - {from: %s/results-early, place: 1, name: champ}\n"
             "  - {name: %s, command: " RUN_BOTS "random_bot}\n"
             "  - {name: %s, command: " RUN_BOTS "random_bot}\n",
             dir, names[3], dir, names[2], names[1]);
    run_write_event(dir, "later", body, def, sizeof def);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"--plan", NULL}),
                 0, "%s", out);
    seeds_of(out, seeds, sizeof seeds);
    char want[256];
    snprintf(want, sizeof want, "1. champ 2. %s 3. %s 4. %s 5. new",
             names[1], names[2], names[3]);
    cr_expect_str_eq(seeds, want);
    /* The event.yaml of the played event carries the order itself, so
     * that standings needs neither the ratings nor the earlier event. */
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"-j", "2", NULL}),
                 0, "%s", out);
    /* The earlier results gone: standings does not need them. */
    snprintf(path, sizeof path, "%s/results-early", dir);
    run_rmtree(path);
    snprintf(path, sizeof path, "%s/records-later/event.yaml", dir);
    char *snap = run_slurp(path, NULL);
    cr_assert(snap);
    cr_expect(strstr(snap, "seeding: ranking\nranking: ") &&
                  strstr(snap, "seed_order:\n  - \"champ\"\n"),
              "%s", snap);
    free(snap);
    snprintf(path, sizeof path, "%s/records-later", dir);
    char *st[] = {RUN_REFEREE, "standings", path, NULL};
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- a withdrawal while the event runs ------------------------------------------- */

Test(event_hand, withdrawn_while_the_event_runs, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], records[600], line[256];
    char who[32], other[32];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "live", RUN_SWISS8, def, sizeof def);
    snprintf(records, sizeof records, "%s/records-live", dir);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"--plan", NULL}),
                 0, "%s", out);
    /* The first game's first entrant withdraws once that game is
     * recorded: its other two games come rounds later. */
    cr_assert(plan_line(out, "group-A-01", line, sizeof line));
    cr_assert_eq(sscanf(strstr(line, "): ") + 3, "%31s v %31[^,]", who,
                        other),
                 2, "%s", line);
    /* Slow starts, one game at a time, so that the withdrawal comes
     * while the group phase runs. */
    setenv("REFEREE_TEST_START_DELAY_MS", "300", 1);
    char *argv[] = {RUN_REFEREE, "event", "-j", "1", def, NULL};
    pid_t pid = run_start(argv, dir + 5);
    unsetenv("REFEREE_TEST_START_DELAY_MS");
    cr_assert_geq(pid, 0);
    char first[700];
    snprintf(first, sizeof first, "%s/group-A-01.yaml", records);
    for (int i = 0; i < 3000 && access(first, F_OK) != 0; i++)
        usleep(10000);
    cr_assert_eq(event_cmd(def, dir + 5, out, sizeof out,
                           (const char *[]){"--withdraw", who, "--reason",
                                            "lost its network", NULL}),
                 0, "%s", out);
    int status;
    waitpid(pid, &status, 0);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d",
              status);
    /* Its game before the withdrawal stands; the two after are
     * forfeits. */
    char err[1024];
    record r;
    cr_assert_eq(record_read(first, &r, err, sizeof err), 0, "%s", err);
    cr_expect_null(r.note.entered_by, "the game played keeps its result");
    cr_expect_str_neq(r.reason, "forfeit");
    record_release(&r);
    expect_forfeits_of_n(records, who, 2);
    char *st[] = {RUN_REFEREE, "standings", records, NULL};
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}
