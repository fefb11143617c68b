/*
 * test_sprt_cmd.c - `referee sprt` end to end, with real bot processes:
 * the verdict in the exit status, the YAML summary read back, the records
 * and their openings, resume after an interruption, and bad input.
 *
 * The bots are the bundled random_bot and greedy_bot (greedy wins nearly
 * every game against random): a candidate much weaker than its base is
 * caught, a much stronger one passes, and the same bot against itself is
 * not caught by a non-regression test.  Seeds are fixed, so every run of
 * a test plays the same games.
 */
#include "record/record.h"
#include "support/run.h"
#include "yaml/ytree.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUT_MAX 65536

static char out[OUT_MAX];

/* `referee sprt --out DIR/NAME --sandbox off -j 2 OPTS... CAND BASE`
 * (opts NULL-terminated); its exit status. */
static int sprt_run(const char *dir, const char *name,
                    const char *const *opts, const char *cand,
                    const char *base)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *argv[64];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "sprt";
    argv[n++] = "--out";
    argv[n++] = path;
    argv[n++] = "--sandbox";
    argv[n++] = "off";
    for (int i = 0; opts[i] && n < 60; i++)
        argv[n++] = (char *)opts[i];
    argv[n++] = (char *)cand;
    argv[n++] = (char *)base;
    argv[n] = NULL;
    return run_cmd(argv, dir + 5, out, sizeof out);
}

/* What the summary file says. */
typedef struct {
    char verdict[64];
    long exit_status, pairs, games, penta[5], wins, draws, losses;
    long at_verdict, after_verdict; /* -1 without a test */
    double llr, lower, upper;
} summary;

static long yaml_long(ytree_ctx *c, const ytree_node *m, const char *key)
{
    long long v = -1;
    cr_assert_eq(ytree_get_int(c, m, "", key, -1000000, 1000000, &v), 0,
                 "%s", c->err);
    return (long)v;
}

static void read_summary(const char *dir, const char *name, summary *s)
{
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/%s/sprt.yaml", dir, name);
    ytree_ctx c = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    cr_assert_eq(ytree_load(&c, "a summary", &root), 0, "%s\n%s", err, out);
    char *v = NULL;
    cr_assert_eq(ytree_get_str(&c, root, "", "verdict", true, &v), 0, "%s",
                 err);
    snprintf(s->verdict, sizeof s->verdict, "%s", v);
    free(v);
    s->exit_status = yaml_long(&c, root, "exit_status");
    s->pairs = yaml_long(&c, root, "pairs");
    s->games = yaml_long(&c, root, "games");
    const ytree_node *p = NULL, *g = NULL;
    cr_assert_eq(ytree_get_kind(&c, root, "", "pentanomial", YTREE_SEQ, &p),
                 0, "%s", err);
    cr_assert_eq(p->nkids, 5);
    for (int i = 0; i < 5; i++)
        s->penta[i] = strtol(p->kids[i]->value, NULL, 10);
    cr_assert_eq(ytree_get_kind(&c, root, "", "candidate_games", YTREE_MAP,
                                &g), 0, "%s", err);
    s->wins = yaml_long(&c, g, "wins");
    s->draws = yaml_long(&c, g, "draws");
    s->losses = yaml_long(&c, g, "losses");
    const ytree_node *t = NULL;
    s->at_verdict = s->after_verdict = -1;
    cr_assert_eq(ytree_map_find(&c, root, "", "test", &t), 0, "%s", err);
    if (t && t->kind == YTREE_MAP) {
        s->at_verdict = yaml_long(&c, t, "pairs_at_verdict");
        s->after_verdict = yaml_long(&c, t, "pairs_after_verdict");
    }
    ytree_free(root);
}

/* The counts agree with each other: five buckets make the pairs, two
 * games a pair, and the game results fit the buckets. */
static void expect_consistent(const summary *s)
{
    long sum = 0, points2 = 0;
    for (int i = 0; i < 5; i++) {
        sum += s->penta[i];
        points2 += i * s->penta[i];
    }
    cr_expect_eq(sum, s->pairs, "buckets %ld, pairs %ld", sum, s->pairs);
    cr_expect_eq(s->games, 2 * s->pairs);
    cr_expect_eq(s->wins + s->draws + s->losses, s->games);
    cr_expect_eq(2 * s->wins + s->draws, points2,
                 "game points and pair points differ");
}

static int count_records(const char *dir, const char *name)
{
    int n = 0;
    for (int i = 1; i < 10000; i++) {
        char path[400];
        snprintf(path, sizeof path, "%s/%s/game-%04d.yaml", dir, name, i);
        if (access(path, F_OK) != 0)
            break;
        n++;
    }
    return n;
}

static const char *const non_regression[] = {
    "--elo-model", "logistic", "--elo0", "-150", "--elo1", "0",
    "--move-ms", "2000", "--max-pairs", "200", "--seed", "11", "-j", "2",
    NULL};

/* OUT/sprt.html: the verdict and the pair and game counts of the YAML
 * summary, the Elo interval, and no script. */
static void expect_page(const char *dir, const char *name, const summary *s,
                        const char *cls)
{
    char path[600], want[256];
    snprintf(path, sizeof path, "%s/%s/sprt.html", dir, name);
    char *page = run_slurp(path, NULL);
    cr_assert(page, "no %s\n%s", path, out);
    snprintf(want, sizeof want, "<p class=\"verdict %s\">%s</p>", cls,
             s->verdict);
    cr_expect(strstr(page, want), "no '%s' in %s", want, path);
    snprintf(want, sizeof want, "%ld (%ld)</td>", s->pairs, s->games);
    cr_expect(strstr(page, want), "no '%s' in %s", want, path);
    cr_expect(strstr(page, "<th>Elo, 95 %</th><td>"), "%s", page);
    cr_expect(strstr(page, "<script") == NULL);
    cr_expect(strstr(out, "page: "), "%s", out);
    free(page);
}

/* A candidate far weaker than its base is caught: H0, exit 3; the
 * records are there, one per game, and the counts agree. */
Test(sprt_cmd, a_weaker_candidate_fails, .timeout = 240)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    int rc = sprt_run(dir, "weak", non_regression, RUN_BOTS "random_bot",
                      RUN_BOTS "greedy_bot");
    cr_expect_eq(rc, 3, "status %d\n%s", rc, out);
    summary s;
    read_summary(dir, "weak", &s);
    cr_expect_str_eq(s.verdict, "H0 accepted: failed");
    cr_expect_eq(s.exit_status, 3);
    expect_consistent(&s);
    cr_expect_gt(s.losses, s.wins);
    /* Pairs in flight at the verdict are recorded, not counted. */
    cr_expect_eq(count_records(dir, "weak"), s.games + 2 * s.after_verdict,
                 "%s", out);
    cr_expect_eq(s.at_verdict, s.pairs);
    cr_expect(strstr(out, "H0 accepted"), "%s", out);
    expect_page(dir, "weak", &s, "fail");
    run_rmtree(dir);
}

/* A much stronger candidate passes a progression test: H1, exit 0. */
Test(sprt_cmd, a_stronger_candidate_passes, .timeout = 240)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *const opts[] = {"--elo-model", "logistic", "--elo0", "0",
                                "--elo1", "150", "--seed", "12", "-j", "2",
                                "--max-pairs", "200", NULL};
    int rc = sprt_run(dir, "strong", opts, RUN_BOTS "greedy_bot",
                      RUN_BOTS "random_bot");
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    summary s;
    read_summary(dir, "strong", &s);
    cr_expect_str_eq(s.verdict, "H1 accepted: passed");
    expect_consistent(&s);
    cr_expect_gt(s.wins, s.losses);
    run_rmtree(dir);
}

/* The test stops at the first pair whose LLR crosses a bound: at -j 1 no
 * game is played after it; at -j 2 a pair in flight then is played out,
 * recorded and reported, but not counted.  A clean sweep shows its Elo
 * and nElo alike, as infinite, and the page draws the LLR's path. */
Test(sprt_cmd, no_pair_is_played_after_the_verdict, .timeout = 240)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    const char *const one[] = {"--elo-model", "logistic", "--elo0", "0",
                               "--elo1", "150", "--seed", "12", "-j", "1",
                               "--max-pairs", "200", NULL};
    int rc = sprt_run(dir, "one", one, RUN_BOTS "greedy_bot",
                      RUN_BOTS "random_bot");
    cr_assert_eq(rc, 0, "status %d\n%s", rc, out);
    summary s;
    read_summary(dir, "one", &s);
    cr_expect_eq(s.at_verdict, s.pairs);
    cr_expect_eq(s.after_verdict, 0);
    cr_expect_eq(count_records(dir, "one"), 2 * s.pairs, "%s", out);
    const char *const two[] = {"--elo-model", "logistic", "--elo0", "0",
                               "--elo1", "150", "--seed", "12", "-j", "2",
                               "--max-pairs", "200", NULL};
    rc = sprt_run(dir, "two", two, RUN_BOTS "greedy_bot",
                  RUN_BOTS "random_bot");
    cr_assert_eq(rc, 0, "status %d\n%s", rc, out);
    summary t;
    read_summary(dir, "two", &t);
    cr_expect_eq(t.at_verdict, t.pairs);
    cr_expect_leq(t.after_verdict, 1);
    cr_expect_eq(count_records(dir, "two"), 2 * (t.pairs + t.after_verdict),
                 "%s", out);
    if (t.after_verdict == 1)
        cr_expect(strstr(out, "1 more pair was in flight at the verdict: "
                              "played and recorded, not counted"),
                  "%s", out);
    char path[600];
    snprintf(path, sizeof path, "%s/one/sprt.html", dir);
    char *page = run_slurp(path, NULL);
    cr_assert(page);
    cr_expect(strstr(page, "reached the upper bound"), "%s", page);
    cr_expect(strstr(page, "<svg") && strstr(page, "<polyline"), "%s", page);
    if (s.penta[4] == s.pairs)
        cr_expect(strstr(out, "Elo +inf [+inf, +inf], nElo +inf"), "%s",
                  out);
    free(page);
    run_rmtree(dir);
}

/* The same bot against itself is no regression: the non-regression test
 * that caught the weak candidate passes it. */
Test(sprt_cmd, the_same_bot_is_no_regression, .timeout = 400)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    int rc = sprt_run(dir, "same", non_regression, RUN_BOTS "greedy_bot",
                      RUN_BOTS "greedy_bot");
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    summary s;
    read_summary(dir, "same", &s);
    cr_expect_str_eq(s.verdict, "H1 accepted: passed");
    expect_consistent(&s);
    run_rmtree(dir);
}

/* A fixed number of pairs from an opening file: every record starts with
 * its pair's opening, both games of a pair share it with the seats
 * swapped, the bots followed it (no faults), and the records replay. */
Test(sprt_cmd, pairs_play_their_openings_with_seats_swapped, .timeout = 120)
{
    char dir[256], book[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(book, sizeof book, "%s/book.txt", dir);
    FILE *f = fopen(book, "w");
    cr_assert(f);
    fputs("# two openings\n\na1 1R, f6 2L, c3 3R\n\nd4 4L, b2 1L\n", f);
    fclose(f);
    const char *const opts[] = {"--pairs", "3", "--openings", book,
                                "--seed", "5", NULL};
    int rc = sprt_run(dir, "fixed", opts, RUN_BOTS "greedy_bot",
                      RUN_BOTS "random_bot");
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    const char *first[] = {"a1 1R", "d4 4L", "a1 1R"}; /* lines cycle */
    const size_t plies[] = {3, 2, 3};
    for (int g = 0; g < 6; g++) {
        char path[400], err[512];
        snprintf(path, sizeof path, "%s/fixed/game-%04d.yaml", dir, g + 1);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_expect_eq(r.opening_plies, plies[g / 2], "game %d", g + 1);
        cr_expect_str_eq(r.moves[0].text, first[g / 2], "game %d", g + 1);
        int cand = strstr(r.players[0].command, "greedy") ? 0 : 1;
        cr_expect_eq(cand, g % 2, "game %d: the candidate in seat %d", g + 1,
                     cand);
        cr_expect(r.fault_seat < 0, "game %d: %s: %s", g + 1, r.reason,
                  r.detail ? r.detail : "");
        char *argv[] = {RUN_REFEREE, "replay", "--quiet", path, NULL};
        char rout[4096];
        cr_expect_eq(run_cmd(argv, dir + 5, rout, sizeof rout), 0, "%s",
                     rout);
        record_release(&r);
    }
    summary s;
    read_summary(dir, "fixed", &s);
    cr_expect_str_eq(s.verdict, "played");
    cr_expect_eq(s.pairs, 3);
    expect_consistent(&s);
    run_rmtree(dir);
}

/* Interrupted, then run again: only the missing games are played, and
 * the verdict and counts are those of a run never interrupted (-j 1, so
 * that the games past the verdict are the same too). */
Test(sprt_cmd, a_resumed_test_ends_as_an_uninterrupted_one, .timeout = 400)
{
    char dir[256], path[400];
    run_tmpdir(dir, sizeof dir);
    const char *const opts[] = {"--elo-model", "logistic", "--elo0", "-150",
                                "--elo1", "0", "--seed", "21", "-j", "1",
                                "--max-pairs", "200", NULL};
    int rc = sprt_run(dir, "whole", opts, RUN_BOTS "random_bot",
                      RUN_BOTS "greedy_bot");
    cr_assert_eq(rc, 3, "status %d\n%s", rc, out);
    summary whole;
    read_summary(dir, "whole", &whole);
    cr_assert_geq(whole.games, 6, "too short a test to interrupt");

    /* The same test, stopped by SIGTERM when a few records are written. */
    snprintf(path, sizeof path, "%s/cut", dir);
    char *argv[40];
    int n = 0;
    const char *head[] = {RUN_REFEREE, "sprt", "--out", path, "--sandbox",
                          "off"};
    for (size_t i = 0; i < 6; i++)
        argv[n++] = (char *)head[i];
    for (int i = 0; opts[i]; i++)
        argv[n++] = (char *)opts[i];
    argv[n++] = RUN_BOTS "random_bot";
    argv[n++] = RUN_BOTS "greedy_bot";
    argv[n] = NULL;
    pid_t pid = run_start(argv, dir + 5);
    cr_assert_gt(pid, 0);
    for (int i = 0; i < 3000 && count_records(dir, "cut") < 3; i++)
        usleep(10000);
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    int cut = count_records(dir, "cut");
    cr_expect_lt(cut, whole.games, "the run was not interrupted");

    rc = sprt_run(dir, "cut", opts, RUN_BOTS "random_bot",
                  RUN_BOTS "greedy_bot");
    cr_expect_eq(rc, 3, "status %d\n%s", rc, out);
    summary again;
    read_summary(dir, "cut", &again);
    cr_expect_str_eq(again.verdict, whole.verdict);
    cr_expect_eq(again.pairs, whole.pairs);
    for (int i = 0; i < 5; i++)
        cr_expect_eq(again.penta[i], whole.penta[i], "bucket %d", i);
    /* Played again: only what was missing. */
    int played = 0;
    for (const char *p = out; (p = strstr(p, "\ngame ")); p++)
        played++;
    if (strncmp(out, "game ", 5) == 0)
        played++;
    cr_expect_eq(played, whole.games - cut, "%s", out);
    run_rmtree(dir);
}

/* Bad input: an opening file with an illegal move names the file, the
 * line and the move, and nothing is played; a record of another test in
 * the directory is refused, naming the field. */
Test(sprt_cmd, bad_openings_and_foreign_records_are_refused, .timeout = 120)
{
    char dir[256], book[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(book, sizeof book, "%s/book.txt", dir);
    FILE *f = fopen(book, "w");
    cr_assert(f);
    fputs("a1 1R, b2 2L\n# fine so far\nb2 1R, b2 2R\n", f);
    fclose(f);
    const char *const opts[] = {"--pairs", "2", "--openings", book, NULL};
    int rc = sprt_run(dir, "bad", opts, RUN_BOTS "greedy_bot",
                      RUN_BOTS "random_bot");
    cr_expect_eq(rc, 2, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "book.txt:3: move 2 'b2 2R'"), "%s", out);
    cr_expect_eq(count_records(dir, "bad"), 0);

    const char *const two[] = {"--pairs", "1", "--seed", "3", NULL};
    rc = sprt_run(dir, "mine", two, RUN_BOTS "greedy_bot",
                  RUN_BOTS "random_bot");
    cr_assert_eq(rc, 0, "%s", out);
    const char *const other[] = {"--pairs", "1", "--seed", "4", NULL};
    rc = sprt_run(dir, "mine", other, RUN_BOTS "greedy_bot",
                  RUN_BOTS "random_bot");
    cr_expect_eq(rc, 1, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "game-0001.yaml: seed: the record has"), "%s",
              out);
    run_rmtree(dir);
}

/* A gauntlet: the candidate must make each reference's least score.
 * greedy_bot makes 75 % against random_bot (it wins nearly every game)
 * but not 90 % against itself; the exit status says so, and the summary
 * names which was missed. */
Test(sprt_cmd, a_gauntlet_fails_on_the_one_minimum_missed, .timeout = 240)
{
    char dir[256], path[400], err[512];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/g", dir);
    char *pass[] = {RUN_REFEREE, "gauntlet", "--out", path, "--sandbox",
                    "off", "--pairs", "4", "--seed", "2", "-j", "2",
                    RUN_BOTS "greedy_bot", "0.75:" RUN_BOTS "random_bot",
                    NULL};
    int rc = run_cmd(pass, dir + 5, out, sizeof out);
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    run_rmtree(path);
    char *fail[] = {RUN_REFEREE, "gauntlet", "--out", path, "--sandbox",
                    "off", "--pairs", "4", "--seed", "2", "-j", "2",
                    RUN_BOTS "greedy_bot", "0.75:" RUN_BOTS "random_bot",
                    "0.9:" RUN_BOTS "greedy_bot", NULL};
    rc = run_cmd(fail, dir + 5, out, sizeof out);
    cr_expect_eq(rc, 3, "status %d\n%s", rc, out);
    snprintf(path, sizeof path, "%s/g/gauntlet.yaml", dir);
    ytree_ctx c = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    cr_assert_eq(ytree_load(&c, "a gauntlet", &root), 0, "%s", err);
    const ytree_node *refs = NULL;
    cr_assert_eq(ytree_get_kind(&c, root, "", "references", YTREE_SEQ,
                                &refs), 0, "%s", err);
    cr_assert_eq(refs->nkids, 2);
    char *made = NULL, *missed = NULL;
    cr_assert_eq(ytree_get_str(&c, refs->kids[0], "", "passed", true, &made),
                 0, "%s", err);
    cr_assert_eq(ytree_get_str(&c, refs->kids[1], "", "passed", true,
                               &missed), 0, "%s", err);
    cr_expect_str_eq(made, "true", "%s", out);
    cr_expect_str_eq(missed, "false", "%s", out);
    free(made);
    free(missed);
    ytree_free(root);
    /* Usage errors, of sprt and of the gauntlet, name what was wrong and
     * play nothing. */
    char bad_out[4096];
    static const struct {
        const char *a, *b, *said;
    } usage[] = {
        {"--elo0", "5", "elo0 must be less than elo1"},
        {"--random-plies", "0", "--random-plies '0': expected a number"},
        {"--alpha", "0.7", "--alpha '0.7': expected a number"},
        {"--variant", "team", "in a two-seat game"},
    };
    for (size_t i = 0; i < sizeof usage / sizeof usage[0]; i++) {
        char *argv[] = {RUN_REFEREE, "sprt", "--out", path, "--elo1", "0",
                        "--game", "pente", (char *)usage[i].a,
                        (char *)usage[i].b, RUN_BOTS "greedy_bot",
                        RUN_BOTS "random_bot", NULL};
        if (strcmp(usage[i].a, "--elo0"))
            argv[5] = "10"; /* only the first case has its bounds wrong */
        cr_expect_eq(run_cmd(argv, dir + 5, bad_out, sizeof bad_out), 2,
                     "%s %s: %s", usage[i].a, usage[i].b, bad_out);
        cr_expect(strstr(bad_out, usage[i].said), "%s %s: %s", usage[i].a,
                  usage[i].b, bad_out);
    }
    char *bad[] = {RUN_REFEREE, "gauntlet", "--out", path, "--sandbox", "off",
                   RUN_BOTS "greedy_bot", "1.5:" RUN_BOTS "random_bot", NULL};
    cr_expect_eq(run_cmd(bad, dir + 5, bad_out, sizeof bad_out), 2);
    cr_expect(strstr(bad_out, "expected MIN:COMMAND"), "%s", bad_out);
    run_rmtree(dir);
}

/* The reference bot itself: a build weakened to --depth 1 is caught as a
 * regression of the --depth 3 base, and an unchanged one (--depth 2 on
 * both sides) is not.  Fixed seeds: the same games every run. */
Test(sprt_cmd, a_weakened_reference_bot_is_caught, .timeout = 300)
{
    char dir[256];
    run_tmpdir(dir, sizeof dir);
    int rc = sprt_run(dir, "weak", non_regression,
                      RUN_BOTS "pentago_bot --depth 1",
                      RUN_BOTS "pentago_bot --depth 3");
    cr_expect_eq(rc, 3, "status %d\n%s", rc, out);
    summary s;
    read_summary(dir, "weak", &s);
    expect_consistent(&s);
    cr_expect_gt(s.losses, s.wins);
    rc = sprt_run(dir, "same", non_regression,
                  RUN_BOTS "pentago_bot --depth 2",
                  RUN_BOTS "pentago_bot --depth 2");
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    read_summary(dir, "same", &s);
    expect_consistent(&s);
    run_rmtree(dir);
}
