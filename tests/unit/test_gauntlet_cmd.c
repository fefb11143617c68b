/*
 * test_gauntlet_cmd.c - `referee gauntlet` end to end, in the sandbox it
 * has by default: every reference's games are played boxed (each
 * reference is a series of its own, which sets the sandbox up and tears
 * it down; the second once found it torn down and voided every game), and
 * a reference that counted no game is an error that says why, never a
 * score.
 *
 * The bots are the bundled greedy_bot and random_bot: fast, and with the
 * seed fixed every run plays the same games.  The boxed test needs root
 * and a machine that boxes bots; elsewhere it is skipped, saying why.
 */
#include "record/record.h"
#include "support/run.h"
#include "yaml/ytree.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_MAX 65536

static char out[OUT_MAX];

/* Skip unless the referee boxes bots here (as root, by default): one game
 * of two random bots, and its record's isolation. */
static void need_box(const char *dir)
{
    if (geteuid() != 0)
        cr_skip_test("the sandbox needs root; these tests run as uid %d",
                     (int)geteuid());
    char path[400], err[600];
    snprintf(path, sizeof path, "%s/probe", dir);
    const char *opts[] = {"-n", "1", "--seed", "1", "--move-ms", "200", NULL};
    int rc = run_match(path, dir + 5, opts, RUN_BOTS "random_bot",
                       RUN_BOTS "random_bot", out, sizeof out);
    cr_assert_eq(rc, 0, "the probe match failed:\n%s", out);
    snprintf(path, sizeof path, "%s/probe/game-0001.yaml", dir);
    record r;
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    bool boxed = r.isolation && strcmp(r.isolation, "full") == 0;
    char why[400];
    snprintf(why, sizeof why, "%s", r.sandbox ? r.sandbox : "(not said)");
    record_release(&r);
    if (!boxed)
        cr_skip_test("this machine does not box bots: %s", why);
}

/* `referee gauntlet --out DIR/g --seed 2 --pairs 2 --move-ms 200 -j 2
 * CANDIDATE REFS...` in the default sandbox (refs NULL-terminated); its
 * exit status, its output in out. */
static int gauntlet(const char *dir, const char *candidate,
                    const char *const *refs)
{
    char path[400];
    snprintf(path, sizeof path, "%s/g", dir);
    char *argv[32] = {RUN_REFEREE, "gauntlet", "--out", path, "--seed", "2",
                      "--pairs", "2", "--move-ms", "200", "-j", "2",
                      (char *)candidate};
    int n = 13;
    for (int i = 0; refs[i] && n < 31; i++)
        argv[n++] = (char *)refs[i];
    argv[n] = NULL;
    return run_cmd(argv, dir + 5, out, sizeof out);
}

/* The final summary's line of the reference command (copied into line):
 * after "gauntlet: ", the line "  COMMAND ...". */
static void summary_line(const char *command, char *line, size_t len)
{
    const char *sum = strstr(out, "\ngauntlet: ");
    cr_assert_not_null(sum, "no final summary:\n%s", out);
    char head[300];
    snprintf(head, sizeof head, "\n  %s ", command);
    const char *p = strstr(sum, head);
    cr_assert_not_null(p, "no summary line of %s:\n%s", command, out);
    p += 1;
    size_t n = strcspn(p, "\n");
    snprintf(line, len, "%.*s", (int)n, p);
}

/* The gauntlet.yaml of DIR/g: its references, and the root (free it). */
static const ytree_node *summary_refs(ytree_ctx *c, ytree_node **root,
                                      int nrefs)
{
    cr_assert_eq(ytree_load(c, "a gauntlet summary", root), 0, "%s\n%s",
                 c->err, out);
    const ytree_node *refs = NULL;
    cr_assert_eq(ytree_get_kind(c, *root, "", "references", YTREE_SEQ,
                                &refs), 0, "%s", c->err);
    cr_assert_eq(refs->nkids, (size_t)nrefs, "%s", out);
    return refs;
}

/* The value node of key in mapping m (it must be there). */
static const ytree_node *field(ytree_ctx *c, const ytree_node *m,
                               const char *key)
{
    const ytree_node *v = NULL;
    cr_assert_eq(ytree_map_find(c, m, "", key, &v), 0, "%s", c->err);
    cr_assert_not_null(v, "%s: no %s", c->path, key);
    return v;
}

/* The case: two references in the default sandbox.  Both play
 * all their games, boxed, none void; both minimums are made, the exit
 * status is 0 and the summary says so line by line. */
Test(gauntlet_cmd, two_references_play_every_game_boxed, .timeout = 120)
{
    char dir[256], path[600], err[600];
    run_tmpdir(dir, sizeof dir);
    need_box(dir);
    const char *refs[] = {"0.5:" RUN_BOTS "random_bot",
                          "0:" RUN_BOTS "greedy_bot", NULL};
    int rc = gauntlet(dir, RUN_BOTS "greedy_bot", refs);
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    cr_expect(!strstr(out, "void"), "a void game:\n%s", out);
    cr_expect(!strstr(out, "the test stops"), "%s", out);
    for (int k = 1; k <= 2; k++) {
        /* --pairs 2: four games each, all finished by the rules, boxed */
        for (int g = 1; g <= 4; g++) {
            snprintf(path, sizeof path, "%s/g/ref-%d/game-%04d.yaml", dir, k,
                     g);
            record r;
            cr_assert_eq(record_read(path, &r, err, sizeof err), 0,
                         "%s\n%s", err, out);
            cr_expect_str_eq(r.status, "finished", "%s: %s (%s)", path,
                             r.status, r.detail ? r.detail : "");
            cr_expect(run_is_rules_end(r.reason), "%s: %s (%s)", path,
                      r.reason, r.detail ? r.detail : "");
            cr_expect_str_eq(r.isolation, "full", "%s: %s", path,
                             r.sandbox ? r.sandbox : "");
            record_release(&r);
        }
        snprintf(path, sizeof path, "%s/g/ref-%d/game-0005.yaml", dir, k);
        cr_expect_neq(access(path, F_OK), 0, "%s: more games than pairs",
                      path);
    }
    char line[600];
    summary_line(RUN_BOTS "random_bot", line, sizeof line);
    cr_expect(strstr(line, "(at least  50.0%): made"), "%s\n%s", line, out);
    summary_line(RUN_BOTS "greedy_bot", line, sizeof line);
    cr_expect(strstr(line, "(at least   0.0%): made"), "%s\n%s", line, out);
    cr_expect(strstr(out, "  verdict: passed; summary: "), "%s", out);
    /* The file agrees: two pairs and four games counted for each. */
    snprintf(path, sizeof path, "%s/g/gauntlet.yaml", dir);
    ytree_ctx c = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    const ytree_node *list = summary_refs(&c, &root, 2);
    cr_expect_str_eq(field(&c, root, "verdict")->value, "passed");
    cr_expect_str_eq(field(&c, root, "exit_status")->value, "0");
    for (size_t k = 0; k < 2; k++) {
        const ytree_node *ref = list->kids[k];
        long pairs = 0, w = 0, d = 0, l = 0;
        cr_assert_eq(ytree_get_l(&c, ref, "", "pairs", 0, 100, &pairs), 0,
                     "%s", err);
        cr_assert_eq(ytree_get_l(&c, ref, "", "wins", 0, 100, &w), 0, "%s",
                     err);
        cr_assert_eq(ytree_get_l(&c, ref, "", "draws", 0, 100, &d), 0, "%s",
                     err);
        cr_assert_eq(ytree_get_l(&c, ref, "", "losses", 0, 100, &l), 0,
                     "%s", err);
        cr_expect_eq(pairs, 2, "reference %zu", k + 1);
        cr_expect_eq(w + d + l, 4, "reference %zu", k + 1);
        cr_expect_str_eq(field(&c, ref, "passed")->value, "true");
        cr_expect(ytree_is_null(field(&c, ref, "error")), "reference %zu",
                  k + 1);
    }
    ytree_free(root);
    for (int i = 0; i < 200 && run_count_tagged(dir + 5) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(dir + 5), 0, "bots left running");
    run_rmtree(dir);
}

/* A reference whose command cannot run counts no game: the gauntlet says
 * so, naming the reference and the records' reason, exits 1 (an error,
 * not 3: nothing was measured), gives it no score (not the 50 % of no
 * pairs, not MISSED), and plays no reference after it.  In the default
 * sandbox, boxed where the machine boxes, as a second reference. */
Test(gauntlet_cmd, a_reference_that_cannot_run_is_an_error_not_a_score,
     .timeout = 120)
{
    char dir[256], path[600], err[600];
    run_tmpdir(dir, sizeof dir);
    const char *refs[] = {"0:" RUN_BOTS "random_bot",
                          "0.5:" RUN_BOTS "no_such_bot",
                          "0:" RUN_BOTS "greedy_bot", NULL};
    int rc = gauntlet(dir, RUN_BOTS "greedy_bot", refs);
    cr_expect_eq(rc, 1, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "referee gauntlet: reference 2 (" RUN_BOTS
                          "no_such_bot): no game counted, so no score: "
                          "game 1: failed-to-start: cannot run '" RUN_BOTS
                          "no_such_bot'"),
              "%s", out);
    char line[600];
    summary_line(RUN_BOTS "random_bot", line, sizeof line);
    cr_expect(strstr(line, "(at least   0.0%): made"), "%s\n%s", line, out);
    summary_line(RUN_BOTS "no_such_bot", line, sizeof line);
    cr_expect(strstr(line, "ERROR: no game counted, so no score: game 1: "
                           "failed-to-start"),
              "%s\n%s", line, out);
    cr_expect(!strstr(line, "%") && !strstr(line, "MISSED"), "%s", line);
    summary_line(RUN_BOTS "greedy_bot", line, sizeof line);
    cr_expect(strstr(line, "not played"), "%s\n%s", line, out);
    cr_expect(strstr(out, "  verdict: error; summary: "), "%s", out);
    snprintf(path, sizeof path, "%s/g/ref-3", dir);
    cr_expect_neq(access(path, F_OK), 0, "the third reference was played");
    /* The file: no score, the error, and nothing of the one not played. */
    snprintf(path, sizeof path, "%s/g/gauntlet.yaml", dir);
    ytree_ctx c = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    const ytree_node *list = summary_refs(&c, &root, 3);
    cr_expect_str_eq(field(&c, root, "verdict")->value, "error");
    cr_expect_str_eq(field(&c, root, "exit_status")->value, "1");
    const ytree_node *bad = list->kids[1];
    cr_expect(ytree_is_null(field(&c, bad, "score")), "%s", out);
    cr_expect(ytree_is_null(field(&c, bad, "elo")), "%s", out);
    cr_expect_str_eq(field(&c, bad, "passed")->value, "false");
    cr_expect_str_eq(field(&c, bad, "exit_status")->value, "1");
    const ytree_node *why = field(&c, bad, "error");
    cr_expect(!ytree_is_null(why) && strstr(why->value, "cannot run"), "%s",
              why->value);
    const ytree_node *rest = list->kids[2];
    cr_expect(ytree_is_null(field(&c, rest, "score")));
    cr_expect(ytree_is_null(field(&c, rest, "exit_status")));
    cr_expect(ytree_is_null(field(&c, rest, "records")));
    ytree_free(root);
    for (int i = 0; i < 200 && run_count_tagged(dir + 5) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(dir + 5), 0, "bots left running");
    run_rmtree(dir);
}
