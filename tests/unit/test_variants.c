/*
 * test_variants.c - every Pente variant played end to end by the bundled C
 * bots: in `referee match` (two and four seats), replayed from its
 * records, and in events (a Swiss event for two seats, a team league for
 * four).
 */
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_MAX 65536

static int play(const char *dir, const char *variant, int nbots,
                char *out, size_t len)
{
    char *argv[24];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "match";
    argv[n++] = "-n";
    argv[n++] = "2";
    argv[n++] = "--seed";
    argv[n++] = "9";
    argv[n++] = "--game";
    argv[n++] = "pente";
    argv[n++] = "--variant";
    argv[n++] = (char *)variant;
    argv[n++] = "--out";
    argv[n++] = (char *)dir;
    for (int b = 0; b < nbots; b++)
        argv[n++] = b % 2 ? RUN_BOTS "random_bot" : RUN_BOTS "greedy_bot";
    argv[n] = NULL;
    return run_cmd(argv, dir + 5, out, len);
}

static void check_variant(const char *variant, int nbots)
{
    char dir[256], out[OUT_MAX], path[512], err[1024];
    run_tmpdir(dir, sizeof dir);
    cr_assert_eq(play(dir, variant, nbots, out, sizeof out), 0, "%s", out);
    const char *first[2] = {NULL, NULL};
    for (int g = 1; g <= 2; g++) {
        record r;
        snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, g);
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_expect_str_eq(r.game, "pente");
        cr_expect_str_eq(r.variant, variant);
        cr_expect_eq(r.nplayers, nbots);
        cr_expect_str_eq(r.status, "finished");
        cr_expect_eq(r.fault_seat, -1, "%s: %s", r.reason,
                     r.detail ? r.detail : "");
        cr_expect(!strcmp(r.reason, "five-in-a-row") ||
                      !strcmp(r.reason, "captures") ||
                      !strcmp(r.reason, "full-board"),
                  "%s", r.reason);
        /* Partners share their result. */
        for (int s = 2; s < nbots; s++)
            cr_expect_str_eq(r.players[s].result, r.players[s - 2].result);
        /* The other side starts the second game. */
        if (g == 1)
            first[0] = strdup(r.players[0].command);
        else
            cr_expect_str_neq(r.players[0].command, first[0]);
        record_release(&r);
        char *argv[] = {RUN_REFEREE, "replay", "--quiet", path, NULL};
        char rout[OUT_MAX];
        cr_expect_eq(run_cmd(argv, dir + 5, rout, sizeof rout), 0, "%s",
                     rout);
    }
    free((char *)first[0]);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

Test(variants, pente_standard, .timeout = 180) { check_variant("standard", 2); }
Test(variants, pente_plus, .timeout = 180) { check_variant("plus", 2); }
Test(variants, partner_pente, .timeout = 180) { check_variant("partner", 4); }
Test(variants, team_pente, .timeout = 180) { check_variant("team", 4); }

Test(variants, wrong_number_of_bots_is_a_usage_error, .timeout = 30)
{
    char dir[256], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    cr_expect_eq(play(dir, "partner", 2, out, sizeof out), 2);
    cr_expect(strstr(out, "has 4 seats: give 4 bot commands"), "%s", out);
    run_rmtree(dir);
}

static int run_def(const char *dir, const char *body, char *out, size_t len)
{
    char def[512];
    snprintf(def, sizeof def, "%s/ev.yaml", dir);
    FILE *f = fopen(def, "w");
    cr_assert(f);
    fprintf(f, "event: ev\nrecords: %s/rec\nresults: %s/res\n%s", dir, dir,
            body);
    fclose(f);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    return run_cmd(argv, dir + 5, out, len);
}

Test(variants, pente_swiss_event, .timeout = 240)
{
    char dir[256], out[OUT_MAX], path[512];
    run_tmpdir(dir, sizeof dir);
    cr_assert_eq(run_def(dir,
                         "game: pente\nvariant: standard\nseed: 3\n"
                         "format: swiss-cup\nentrants:\n"
                         "  - {name: g1, command: " RUN_BOTS "greedy_bot}\n"
                         "  - {name: g2, command: " RUN_BOTS "greedy_bot}\n"
                         "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
                         "  - {name: r2, command: " RUN_BOTS "random_bot}\n",
                         out, sizeof out),
                 0, "%s", out);
    snprintf(path, sizeof path, "%s/res/final.yaml", dir);
    cr_expect_eq(access(path, R_OK), 0, "%s", out);
    run_rmtree(dir);
}

Test(variants, team_league_event, .timeout = 240)
{
    char dir[256], out[OUT_MAX], path[512];
    run_tmpdir(dir, sizeof dir);
    cr_assert_eq(run_def(dir,
                         "game: pente\nvariant: team\nseed: 3\n"
                         "format: round-robin\ngames_per_pair: 2\n"
                         "entrants:\n"
                         "  - {name: ga, command: " RUN_BOTS "greedy_bot, "
                         "partner: " RUN_BOTS "greedy_bot}\n"
                         "  - {name: ra, command: " RUN_BOTS "random_bot, "
                         "partner: " RUN_BOTS "random_bot}\n"
                         "  - {name: mx, command: " RUN_BOTS "greedy_bot, "
                         "partner: " RUN_BOTS "random_bot}\n",
                         out, sizeof out),
                 0, "%s", out);
    snprintf(path, sizeof path, "%s/res/league.yaml", dir);
    cr_expect_eq(access(path, R_OK), 0, "%s", out);
    /* A team entrant without a partner is refused. */
    cr_expect_eq(run_def(dir,
                         "game: pente\nvariant: team\nseed: 3\n"
                         "format: round-robin\nentrants:\n"
                         "  - {name: a, command: x}\n  - {name: b, command: y}\n",
                         out, sizeof out),
                 1);
    cr_expect(strstr(out, "entrants[0].partner: required field is missing"),
              "%s", out);
    run_rmtree(dir);
}
