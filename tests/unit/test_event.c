/*
 * test_event.c - whole events with real bot processes: the Swiss format to
 * a final ranking, leagues, chained events, resume after kill -9 and
 * Ctrl-C with tables equal to an uninterrupted run, standings recomputed
 * from the records, and definitions with errors.
 */
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define OUT_MAX 65536

static int run_event(const char *def, const char *tag, char *out, size_t len,
                     const char *jobs)
{
    char *argv[] = {RUN_REFEREE, "event", "-j", (char *)jobs, (char *)def,
                    NULL};
    return run_cmd(argv, tag, out, len);
}

static int count_records(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > 5 && !strcmp(e->d_name + l - 5, ".yaml") &&
            strcmp(e->d_name, "event.yaml") && !strchr(e->d_name, '~') &&
            !strstr(e->d_name, ".tmp-"))
            n++;
    }
    closedir(d);
    return n;
}

/* The table files of two results directories are byte for byte equal;
 * seed names the run's kill points in a failure. */
static void expect_same_tables(const char *a, const char *b, unsigned seed)
{
    static const char *const files[] = {"final.yaml", "final.md",
                                        "group-A.yaml", "group-B.yaml",
                                        "cup.yaml", "cup.md"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char pa[1024], pb[1024];
        snprintf(pa, sizeof pa, "%s/%s", a, files[i]);
        snprintf(pb, sizeof pb, "%s/%s", b, files[i]);
        char *x = run_slurp(pa, NULL), *y = run_slurp(pb, NULL);
        cr_assert(x && y, "missing %s or %s", pa, pb);
        cr_expect_str_eq(x, y, "%s differs (REFEREE_TEST_RESUME_SEED=%u)",
                         files[i], seed);
        free(x);
        free(y);
    }
}

Test(event, swiss_cup_runs_to_a_final_ranking, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[512];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "swiss", RUN_SWISS8, def, sizeof def);
    int rc = run_event(def, dir + 5, out, sizeof out, "2");
    cr_assert_eq(rc, 0, "%s", out);
    static const char *const files[] = {"group-A.yaml", "group-A.md",
                                        "group-B.yaml", "group-B.md",
                                        "cup.yaml", "cup.md", "final.yaml",
                                        "final.md"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/results-swiss/%s", dir, files[i]);
        cr_expect_eq(access(path, R_OK), 0, "no %s", path);
    }
    snprintf(path, sizeof path, "%s/results-swiss/final.yaml", dir);
    char *fin = run_slurp(path, NULL);
    cr_assert(fin);
    cr_expect(strstr(fin, "place: 1\n"), "%s", fin);
    cr_expect(strstr(fin, "place: 8\n"), "%s", fin);
    free(fin);
    /* 2 groups of 4: 12 group games, then at least 3 cup games. */
    snprintf(path, sizeof path, "%s/records-swiss", dir);
    cr_expect_geq(count_records(path), 15);
    /* The records alone give the same tables. */
    char *argv[] = {RUN_REFEREE, "standings", path, NULL};
    char sout[OUT_MAX];
    cr_expect_eq(run_cmd(argv, dir + 5, sout, sizeof sout), 0, "%s", sout);
    snprintf(path, sizeof path, "%s/results-swiss/final.md", dir);
    char *md = run_slurp(path, NULL);
    cr_expect(md && strstr(sout, md), "standings differ:\n%s", sout);
    free(md);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* Start the event, kill -9 the referee once `after` records exist, check
 * no bot outlives it, then run it again to the end; seed (of the kill
 * points) is named in every failure. */
static void kill_and_resume(const char *dir, const char *def, int after,
                            int sig, unsigned seed)
{
    char records[512], out[OUT_MAX];
    snprintf(records, sizeof records, "%s/records-swiss", dir);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", (char *)def, NULL};
    pid_t pid = run_start(argv, dir + 5);
    cr_assert_geq(pid, 0);
    for (int i = 0; i < 20000 && count_records(records) < after; i++)
        usleep(2000);
    kill(pid, sig);
    int status;
    waitpid(pid, &status, 0);
    if (sig == SIGINT)
        cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 130,
                  "status %d after SIGINT (REFEREE_TEST_RESUME_SEED=%u)",
                  status, seed);
    /* Bots die with the referee (parent-death signal or its own kill). */
    for (int i = 0; i < 200 && run_count_tagged(dir + 5) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(dir + 5), 0,
                 "bots outlived the referee (signal %d after %d records, "
                 "REFEREE_TEST_RESUME_SEED=%u)",
                 sig, after, seed);
    int rc = run_event(def, dir + 5, out, sizeof out, "2");
    cr_assert_eq(rc, 0, "resume failed (signal %d after %d records, "
                        "REFEREE_TEST_RESUME_SEED=%u): %s",
                 sig, after, seed, out);
}

/* The seed of the resume test's kill points: REFEREE_TEST_RESUME_SEED
 * when set, so that a failed run can be repeated, else the clock. */
static unsigned resume_seed(void)
{
    const char *s = getenv("REFEREE_TEST_RESUME_SEED");
    if (!s || !*s)
        return (unsigned)time(NULL);
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    cr_assert(*s >= '0' && *s <= '9' && !*end && errno == 0 &&
                  v <= UINT_MAX,
              "REFEREE_TEST_RESUME_SEED=%s: not a number 0..%u", s,
              UINT_MAX);
    return (unsigned)v;
}

Test(event, resume_after_kill_gives_the_same_tables, .timeout = 300)
{
    char ref[256], a[256], b[256], c[256], def[512], out[OUT_MAX];
    unsigned seed = resume_seed();
    run_tmpdir(ref, sizeof ref);
    run_tmpdir(a, sizeof a);
    run_tmpdir(b, sizeof b);
    run_tmpdir(c, sizeof c);
    run_write_event(ref, "swiss", RUN_SWISS8, def, sizeof def);
    cr_assert_eq(run_event(def, ref + 5, out, sizeof out, "2"), 0, "%s", out);
    char rres[512], res[512];
    snprintf(rres, sizeof rres, "%s/results-swiss", ref);
    /* In the group phase, in the cup, and Ctrl-C anywhere: the points
     * move from run to run (12 group games, then the cup), and the seed
     * is printed, and named in every failure, so that a failure can be
     * repeated with REFEREE_TEST_RESUME_SEED. */
    srand(seed);
    const char *dirs[] = {a, b, c};
    int after[] = {1 + rand() % 11, 12 + rand() % 3, 1 + rand() % 14};
    int sigs[] = {SIGKILL, SIGKILL, SIGINT};
    fprintf(stderr, "resume test: kill points %d %d %d "
                    "(REFEREE_TEST_RESUME_SEED=%u)\n",
            after[0], after[1], after[2], seed);
    for (int i = 0; i < 3; i++) {
        run_write_event(dirs[i], "swiss", RUN_SWISS8, def, sizeof def);
        kill_and_resume(dirs[i], def, after[i], sigs[i], seed);
        snprintf(res, sizeof res, "%s/results-swiss", dirs[i]);
        expect_same_tables(rres, res, seed);
        run_rmtree(dirs[i]);
    }
    run_rmtree(ref);
}

Test(event, round_robin_and_gauntlet, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[512];
    run_tmpdir(dir, sizeof dir);
    const char *entrants =
        "entrants:\n"
        "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
        "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
        "  - {name: r2, command: " RUN_BOTS "random_bot --position}\n"
        "  - {name: r3, command: " RUN_BOTS "random_bot}\n";
    char body[2048];
    snprintf(body, sizeof body, "seed: 5\nformat: round-robin\n"
                                "games_per_pair: 2\n%s", entrants);
    run_write_event(dir, "rr", body, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    snprintf(path, sizeof path, "%s/records-rr", dir);
    cr_expect_eq(count_records(path), 12); /* 6 pairs x 2 */
    snprintf(path, sizeof path, "%s/results-rr/league.yaml", dir);
    cr_expect_eq(access(path, R_OK), 0);
    snprintf(body, sizeof body, "seed: 5\nformat: gauntlet\n"
                                "challenger: greedy\ngames_per_pair: 2\n%s",
             entrants);
    run_write_event(dir, "gt", body, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    snprintf(path, sizeof path, "%s/records-gt", dir);
    cr_expect_eq(count_records(path), 6); /* 3 opponents x 2 */
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* Without a sandbox (bots as the referee's user, limits measured from
 * /proc): an event with bots that fork helpers and hang plays to its end,
 * exits cleanly (the limit watch's threads go before the loop does) and
 * leaves no process behind. */
Test(event, an_event_without_a_sandbox_leaves_nothing, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[512];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "ns",
                    "seed: 9\nformat: round-robin\ngames_per_pair: 1\n"
                    "time_control: {move_ms: 300}\n"
                    "entrants:\n"
                    "  - {name: hang, command: " RUN_TBOTS "forker_bot hang}\n"
                    "  - {name: detach, command: " RUN_TBOTS
                    "forker_bot detach}\n"
                    "  - {name: r1, command: " RUN_BOTS "random_bot}\n",
                    def, sizeof def);
    char *argv[] = {RUN_REFEREE, "event", "--sandbox", "off", "-j", "2", def,
                    NULL};
    cr_assert_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/records-ns", dir);
    cr_expect_eq(count_records(path), 3);
    snprintf(path, sizeof path, "%s/results-ns/league.yaml", dir);
    cr_expect_eq(access(path, R_OK), 0);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

Test(event, chained_events_take_earlier_winners, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], body[2048];
    run_tmpdir(dir, sizeof dir);
    snprintf(body, sizeof body,
             "seed: 1\nformat: swiss-cup\nentrants:\n"
             "  - {name: ga, command: " RUN_BOTS "greedy_bot}\n"
             "  - {name: ra, command: " RUN_BOTS "random_bot}\n"
             "  - {name: rb, command: " RUN_BOTS "random_bot}\n"
             "  - {name: rc, command: " RUN_BOTS "random_bot}\n");
    run_write_event(dir, "local", body, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    snprintf(body, sizeof body,
             "seed: 2\nformat: round-robin\nentrants:\n"
             "  - {from: %s/results-local, place: 1}\n"
             "  - {from: %s/results-local, place: 2, name: second}\n"
             "  - {name: extra, command: " RUN_BOTS "random_bot}\n",
             dir, dir);
    run_write_event(dir, "final", body, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    char path[512];
    snprintf(path, sizeof path, "%s/records-final/event.yaml", dir);
    char *snap = run_slurp(path, NULL);
    cr_assert(snap);
    cr_expect(strstr(snap, "name: \"second\""), "%s", snap);
    cr_expect(strstr(snap, "name: \"extra\""), "%s", snap);
    free(snap);
    run_rmtree(dir);
}

Test(event, standings_detects_edited_and_missing_records, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[1024], sout[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "swiss", RUN_SWISS8, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    char records[512];
    snprintf(records, sizeof records, "%s/records-swiss", dir);
    char *argv[] = {RUN_REFEREE, "standings", records, NULL};
    /* Swap the results of a group game: the replay disagrees. */
    snprintf(path, sizeof path, "%s/group-A-01.yaml", records);
    char *rec = run_slurp(path, NULL);
    cr_assert(rec);
    char *w = strstr(rec, "result: \"win\"");
    char *l = strstr(rec, "result: \"loss\"");
    cr_assert(w || l || strstr(rec, "result: \"draw\""));
    char *edited = strdup(rec);
    if (w)
        memcpy(edited + (w - rec), "result: \"draw\"", 14);
    else if (l)
        memcpy(edited + (l - rec), "result: \"draw\"", 14);
    else
        memcpy(strstr(edited, "result: \"draw\""), "result: \"win!\"", 14);
    FILE *f = fopen(path, "w");
    fputs(edited, f);
    fclose(f);
    int rc = run_cmd(argv, dir + 5, sout, sizeof sout);
    cr_expect_eq(rc, 1, "edited record accepted: %s", sout);
    cr_expect(strstr(sout, "group-A-01.yaml"), "%s", sout);
    /* Restore it and remove another: later records no longer fit. */
    f = fopen(path, "w");
    fputs(rec, f);
    fclose(f);
    free(rec);
    free(edited);
    cr_expect_eq(run_cmd(argv, dir + 5, sout, sizeof sout), 0, "%s", sout);
    snprintf(path, sizeof path, "%s/group-B-02.yaml", records);
    cr_assert_eq(unlink(path), 0);
    rc = run_cmd(argv, dir + 5, sout, sizeof sout);
    cr_expect_eq(rc, 1, "missing record not noticed: %s", sout);
    /* Named once, as missing, with what waits for it; never as a record
     * of another event. */
    cr_expect(strstr(sout, "group-B-02.yaml is missing"), "%s", sout);
    cr_expect_null(strstr(sout, "not a game of this event"), "%s", sout);
    cr_expect_null(strstr(sout, "move it away"), "%s", sout);
    cr_expect(strstr(sout, "not finished"), "%s", sout);
    run_rmtree(dir);
}

/* Resume replays every record it takes, as standings does: a record whose
 * recorded end does not follow from its moves stops the event with the
 * file named, instead of counting. */
Test(event, resume_refuses_a_record_the_rules_disagree_with, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[1024];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "rr",
                    "seed: 4\nformat: round-robin\ngames_per_pair: 1\n"
                    "entrants:\n"
                    "  - {name: g, command: " RUN_BOTS "greedy_bot}\n"
                    "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
                    "  - {name: r2, command: " RUN_BOTS "random_bot}\n",
                    def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    char records[512];
    snprintf(records, sizeof records, "%s/records-rr", dir);
    DIR *d = opendir(records);
    cr_assert(d);
    char name[256] = "";
    for (struct dirent *e; (e = readdir(d));)
        if (strstr(e->d_name, ".yaml") && strcmp(e->d_name, "event.yaml"))
            snprintf(name, sizeof name, "%s", e->d_name);
    closedir(d);
    cr_assert(name[0]);
    snprintf(path, sizeof path, "%s/%s", records, name);
    char *rec = run_slurp(path, NULL);
    cr_assert(rec);
    /* Another rules end than the moves give. */
    char *reason = strstr(rec, "reason: \"");
    cr_assert(reason);
    const char *fake = strncmp(reason + 9, "full-board", 10) ? "full-board"
                                                             : "five-by-placement";
    char *end = strchr(reason + 9, '"');
    FILE *f = fopen(path, "w");
    fprintf(f, "%.*s%s%s", (int)(reason + 9 - rec), rec, fake, end);
    fclose(f);
    free(rec);
    cr_expect_eq(run_event(def, dir + 5, out, sizeof out, "2"), 1,
                 "an edited record was taken: %s", out);
    cr_expect(strstr(out, name) && strstr(out, "the moves give") &&
                  strstr(out, "restore the record if it was edited"),
              "%s", out);
    run_rmtree(dir);
}

Test(event, definition_errors_name_file_line_and_field, .timeout = 60)
{
    static const struct {
        const char *body, *message;
    } cases[] = {
        {"seed: 1\nformat: swiss-cup\n", "entrants: required field is missing"},
        {"seed: 1\nformat: knockout\nentrants:\n  - {name: a, command: x}\n"
         "  - {name: b, command: y}\n",
         ":5: format: expected one of swiss-cup,round-robin,gauntlet"},
        {"seed: 1\nformat: swiss-cup\nentrants:\n  - {name: a, command: x}\n"
         "  - {name: a, command: y}\n",
         ":8: entrants[1].name: 'a' is already entrants[0]"},
        {"seed: 1\nformat: gauntlet\nentrants:\n  - {name: a, command: x}\n"
         "  - {name: b, command: y}\n",
         "challenger: a gauntlet needs a challenger"},
        {"seed: -3\nformat: swiss-cup\n", ":4: seed: expected an unsigned"},
        {"seed: 1\ntime_control: {move_ms: 0}\nformat: swiss-cup\n",
         "time_control: needs move_ms or bank_ms above 0"},
        {"seed: 1\nformat: swiss-cup\nentrants:\n  - {from: /nonexistent}\n"
         "  - {name: b, command: y}\n",
         ":7: entrants[0].from: /nonexistent/final.yaml"},
        {"seed: 1\ngame: chess\nformat: swiss-cup\n", ":5: game: unknown game 'chess'"},
        {"seed: 1\nformat: swiss-cup\nentrants: [1, 2]\n",
         "entrants[0]: expected a mapping"},
        {"seed: 1\nformat: swiss-cup\nreplay_caps: 3\n",
         ":6: replay_caps: unknown key"},
        {"seed: &s 1\nformat: *s\n", "aliases are not allowed"},
        {"seed: 1\nx: [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]\n",
         "nested deeper than 16 levels"},
        {"seed: 1\nformat: [swiss-cup\n", "invalid YAML"},
        {"seed: 99999999999999999999999\n", "seed: larger than"},
        {"seed: 1\ntime_control: {move_ms: 10, grace: 5}\n",
         ":5: time_control.grace: unknown key"},
    };
    char dir[256], def[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        run_write_event(dir, "bad", cases[i].body, def, sizeof def);
        int rc = run_event(def, "defs", out, sizeof out, "1");
        cr_expect_eq(rc, 1, "case %zu accepted: %s", i, out);
        cr_expect(strstr(out, def) && strstr(out, cases[i].message),
                  "case %zu: '%s' lacks '%s'", i, out, cases[i].message);
    }
    run_rmtree(dir);
}

/* Every game is the same full-board draw (seq_bot plays it in either seat),
 * so the final is replayed, the other entrant starting each time, until
 * the replay cap decides for the better-ranked entrant. */
Test(event, drawn_cup_tie_is_replayed_until_the_safeguard, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[1024];
    run_tmpdir(dir, sizeof dir);
    const char *seq = RUN_TBOTS "seq_bot tests/data/draw-game.txt";
    char body[2048];
    snprintf(body, sizeof body,
             "seed: 4\nformat: swiss-cup\nreplay_cap: 3\nentrants:\n"
             "  - {name: d1, command: %s}\n  - {name: d2, command: %s}\n"
             "  - {name: d3, command: %s}\n  - {name: d4, command: %s}\n",
             seq, seq, seq, seq);
    run_write_event(dir, "draws", body, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "2"), 0, "%s", out);
    snprintf(path, sizeof path, "%s/results-draws/cup.yaml", dir);
    char *cup = run_slurp(path, NULL);
    cr_assert(cup);
    cr_expect(strstr(cup, "by_safeguard: true"), "%s", cup);
    /* Three games, white alternating between the two finalists. */
    char *g1 = strstr(cup, "cup-r1-t1-g1"), *g2 = strstr(cup, "cup-r1-t1-g2");
    char *g3 = strstr(cup, "cup-r1-t1-g3");
    cr_assert(g1 && g2 && g3, "%s", cup);
    cr_expect_null(strstr(cup, "cup-r1-t1-g4"));
    char w1[32], w2[32], w3[32], b1[32];
    cr_assert_eq(sscanf(strstr(g1, "white: "), "white: %31s", w1), 1);
    cr_assert_eq(sscanf(strstr(g1, "black: "), "black: %31s", b1), 1);
    cr_assert_eq(sscanf(strstr(g2, "white: "), "white: %31s", w2), 1);
    cr_assert_eq(sscanf(strstr(g3, "white: "), "white: %31s", w3), 1);
    cr_expect_str_eq(w2, b1, "the replay did not swap who starts");
    cr_expect_str_eq(w3, w1);
    /* The safeguard's winner is the group's first. */
    snprintf(path, sizeof path, "%s/results-draws/group-A.yaml", dir);
    char *grp = run_slurp(path, NULL);
    char first[32], winner[32];
    cr_assert(grp);
    cr_assert_eq(sscanf(strstr(grp, "entrant: "), "entrant: %31s", first), 1);
    cr_assert_eq(sscanf(strstr(cup, "winner: "), "winner: %31s", winner), 1);
    cr_expect_str_eq(winner, first);
    free(cup);
    free(grp);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

static int count_logs(const char *records)
{
    char logs[600];
    snprintf(logs, sizeof logs, "%s/logs", records);
    DIR *d = opendir(logs);
    if (!d)
        return 0;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* keep_bots: the C bots play game after game in one process each, and
 * the event's tables are those of the same event with a process per game
 * (the bots play from each game's seed). */
Test(event, kept_bots_give_the_same_tables, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[600], path2[600];
    run_tmpdir(dir, sizeof dir);
    const char *body =
        "seed: 7\nformat: round-robin\ngames_per_pair: 2\n%s"
        "entrants:\n"
        "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
        "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
        "  - {name: r2, command: " RUN_BOTS "random_bot --position}\n"
        "  - {name: r3, command: " RUN_BOTS "random_bot}\n";
    char text[2048];
    snprintf(text, sizeof text, body, "");
    run_write_event(dir, "fresh", text, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "1"), 0, "%s", out);
    snprintf(text, sizeof text, body, "keep_bots: true\n");
    run_write_event(dir, "kept", text, def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out, "1"), 0, "%s", out);
    snprintf(path, sizeof path, "%s/records-fresh", dir);
    snprintf(path2, sizeof path2, "%s/records-kept", dir);
    cr_expect_eq(count_records(path2), 12);
    cr_expect_eq(count_logs(path), 24, "a process per bot per game");
    /* at -j 1, one process per command, and two of the random bot's for
     * the games r1 and r3 play each other */
    cr_expect_eq(count_logs(path2), 4, "processes kept: %d logs",
                 count_logs(path2));
    snprintf(path, sizeof path, "%s/results-fresh/league.yaml", dir);
    snprintf(path2, sizeof path2, "%s/results-kept/league.yaml", dir);
    char *a = run_slurp(path, NULL), *b = run_slurp(path2, NULL);
    cr_assert(a && b);
    /* the tables name their event: compare from the rows on */
    const char *ra = strstr(a, "table:"), *rb = strstr(b, "table:");
    cr_expect(ra && rb && !strcmp(ra, rb), "tables differ:\n%s\n---\n%s",
              a, b);
    free(a);
    free(b);
    char *argv[] = {RUN_REFEREE, "standings", path2, NULL};
    snprintf(path2, sizeof path2, "%s/records-kept", dir);
    cr_expect_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}
