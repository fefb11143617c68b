/*
 * test_perft_cmd.c - `referee perft` through the real binary: the two ways
 * of counting a move (--count simple, the default, and --count texts) in a
 * Pente Plus position counted by hand, --divide over every text, the
 * counts from the start that the README quotes, positions that cannot be
 * counted from (unreadable, impossible, finished) refused with the reason,
 * and --help documenting the modes, the position lines and the games.
 */
#include <criterion/criterion.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/run.h"

#define OUT_MAX (4 << 20)

static char out[OUT_MAX];

static int perft(const char *const *args)
{
    char *argv[24] = {RUN_REFEREE, "perft"};
    int n = 2;
    for (int i = 0; args[i]; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    return run_cmd(argv, "perft_cmd", out, sizeof out);
}

/* White B2-E2, black's power stone L15 and black M15 against white N15;
 * white to move with two power stones in hand (test_move_texts.c works
 * the count out: 708 plain texts, A2 and F2 win with their power stone,
 * K15 with L15 counted as black takes L15 and M15). */
static const char *const hand_pos =
    "19/19/19/19/10pbw6/19/19/19/19/19/19/19/19/19/19/19/19/1wwww14/19 w 10 "
    "0,0 2,1";

Test(perft_cmd, simple_and_texts_by_hand)
{
    const char *base[] = {"--game", "pente", "--variant", "plus",
                          "--options", "opening=free", "--pos", hand_pos};
    const char *simple[] = {base[0], base[1], base[2], base[3], base[4],
                            base[5], base[6], base[7], "1", NULL};
    cr_assert_eq(perft(simple), 0, "%s", out);
    /* 354 empty points, a plain and a power stone on each */
    cr_assert_str_eq(out, "708\n");
    const char *texts[] = {base[0], base[1], base[2], base[3], base[4],
                           base[5], base[6], base[7], "--count", "texts",
                           "1", NULL};
    cr_assert_eq(perft(texts), 0, "%s", out);
    cr_assert_str_eq(out, "18252\n");
}

/* Lines of out that start with prefix. */
static int lines_with(const char *prefix)
{
    int n = 0;
    size_t len = strlen(prefix);
    for (const char *p = out; *p; p += strcspn(p, "\n") + (p[strcspn(p,
                                                               "\n")] != 0))
        n += strncmp(p, prefix, len) == 0;
    return n;
}

Test(perft_cmd, divide_lists_every_text)
{
    const char *args[] = {"--game", "pente", "--variant", "plus",
                          "--options", "opening=free", "--pos", hand_pos,
                          "--count", "texts", "--divide", "1", NULL};
    cr_assert_eq(perft(args), 0, "%s", out);
    cr_assert_eq(lines_with(""), 18252 + 1);
    cr_assert_not_null(strstr(out, "\ntotal: 18252\n"));
    /* K10: two lists for L15, each alone or with a bonus on one of the 12
     * diamonds and the list of L15 again */
    cr_assert_eq(lines_with("K10"), 2 + 2 * (1 + 12 * 2));
    cr_assert_not_null(strstr(out, "\nK10/b: 1\n"));
    cr_assert_not_null(strstr(out, "\nK10* D4/b: 1\n"));
    /* K15: with L15 counted as black the pair goes, and the bonus stone
     * has no power stone left to list */
    cr_assert_eq(lines_with("K15* "), 12 * 2);
    cr_assert_eq(lines_with("K15*/b "), 12);
    cr_assert_not_null(strstr(out, "\nK15*/b D4: 1\n"));
    cr_assert_null(strstr(out, "\nK15*/b D4/b"));
    /* A2 wins: no bonus after its power stone */
    cr_assert_eq(lines_with("A2"), 4);
    cr_assert_eq(lines_with("A2* "), 0);
}

/* Depth 2: the divide's lines add up to the count.  The position of
 * hand_pos with no power stone in white's hand (black keeps one): 354
 * empty points, each with the two lists of L15. */
Test(perft_cmd, divide_depth_two_adds_up, .timeout = 60)
{
    char pos[256];
    snprintf(pos, sizeof pos, "%.*s 0,1", (int)(strlen(hand_pos) - 4),
             hand_pos);
    const char *count[] = {"--game", "pente", "--variant", "plus",
                           "--options", "opening=free", "--pos", pos,
                           "--count", "texts", "2", NULL};
    cr_assert_eq(perft(count), 0, "%s", out);
    uint64_t want = strtoull(out, NULL, 10);
    const char *divide[] = {"--game", "pente", "--variant", "plus",
                            "--options", "opening=free", "--pos", pos,
                            "--count", "texts", "--divide", "2", NULL};
    cr_assert_eq(perft(divide), 0, "%s", out);
    uint64_t sum = 0, total = 0;
    int lines = 0;
    for (const char *p = out; *p; p += strcspn(p, "\n") + 1) {
        const char *colon = strstr(p, ": ");
        cr_assert(colon && colon < p + strcspn(p, "\n"));
        uint64_t v = strtoull(colon + 2, NULL, 10);
        if (!strncmp(p, "total: ", 7))
            total = v;
        else
            sum += v, lines++;
        if (!p[strcspn(p, "\n")])
            break;
    }
    cr_assert_eq(lines, 354 * 2);
    /* black answers with more than a plain stone a point */
    cr_assert_gt(want, (uint64_t)lines * 353 * 2);
    cr_assert_eq(sum, want);
    cr_assert_eq(total, want);
}

Test(perft_cmd, counts_from_the_start)
{
    cr_assert_eq(perft((const char *[]){"2", NULL}), 0);
    cr_assert_str_eq(out, "80640\n");
    cr_assert_eq(perft((const char *[]){"--count", "texts", "2", NULL}), 0);
    cr_assert_str_eq(out, "80640\n");
    cr_assert_eq(perft((const char *[]){"--game", "pente", "3", NULL}), 0);
    cr_assert_str_eq(out, "120624\n");
    cr_assert_eq(perft((const char *[]){"--game", "pente", "--variant",
                                        "plus", "2", NULL}),
                 0);
    cr_assert_str_eq(out, "720\n");
    /* black's second stone: 360 plain, 360 power, and a bonus on each of
     * the 12 diamonds (11 after a power stone on one) */
    cr_assert_eq(perft((const char *[]){"--game", "pente", "--variant",
                                        "plus", "--count", "texts", "2",
                                        NULL}),
                 0);
    cr_assert_str_eq(out, "5028\n");
}

Test(perft_cmd, positions_that_cannot_be_counted_are_refused)
{
    static const struct {
        const char *game, *variant, *pos, *message;
    } cases[] = {
        {"pentago", NULL, "wwww../....../....../....../....../......",
         "expected"},
        /* four white marbles and no black: black would be to move */
        {"pentago", NULL, "wwww../....../....../....../....../...... w",
         "cannot have white to move"},
        {"pente", "plus",
         "19/19/19/19/19/19/19/19/19/9w9/19/19/19/19/19/19/19/19/19 w 1 0,0 "
         "2,2",
         "after 1 plies seat 1 (black) is to move"},
        /* five in a row: the game is over */
        {"pentago", NULL, "wwwww./bbbb../....../....../....../...... b",
         "the game is over in this position (five-in-a-row)"},
        /* ten stones captured by white: over by captures */
        {"pente", NULL,
         "19/19/19/19/19/19/19/19/19/9w9/19/19/19/19/19/19/19/19/19 b 11 "
         "10,0",
         "the game is over in this position (captures)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *args[] = {"--game", cases[i].game, "--pos", cases[i].pos,
                              "1", NULL, NULL, NULL};
        if (cases[i].variant) {
            args[4] = "--variant";
            args[5] = cases[i].variant;
            args[6] = "1";
        }
        cr_expect_eq(perft(args), 2, "case %zu: %s", i, out);
        cr_expect_not_null(strstr(out, cases[i].message),
                           "case %zu: '%s' lacks '%s'", i, out,
                           cases[i].message);
        cr_expect_not_null(strstr(out, "--pos '"), "case %zu: %s", i, out);
    }
    cr_assert_eq(perft((const char *[]){"--count", "effects", "1", NULL}), 2);
    cr_assert_not_null(strstr(out, "expected simple or texts"), "%s", out);
    cr_assert_eq(perft((const char *[]){"65", NULL}), 2);
}

Test(perft_cmd, help_documents_modes_positions_and_games)
{
    cr_assert_eq(perft((const char *[]){"--help", NULL}), 0);
    const char *want[] = {
        "--count MODE", "simple", "texts", "colour list", "bonus",
        "position lines (--pos)",
        /* every game's start line, as the engines write it */
        "start (swiss-2010, standard): ....../....../....../....../....../"
        "...... w",
        "start (standard, partner, team): 19/19/19/19/19/19/19/19/19/19/19/"
        "19/19/19/19/19/19/19/19 w 0 0,0\n",
        "start (plus): 19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/"
        "19 w 0 0,0 2,2\n",
        "'p0,p1'", "games (--game)", "partner (4 seats)", "diamonds=",
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        cr_expect_not_null(strstr(out, want[i]), "help lacks '%s':\n%s",
                           want[i], out);
}
