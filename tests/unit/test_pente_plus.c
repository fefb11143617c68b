/*
 * test_pente_plus.c - Pente Plus against its second implementation
 * (tests/ref/pente_plus_ref.c, written from protocol/RULES.md 2.2 and
 * PROTOCOL.md section 8 alone, no code shared with referee/rules/).
 *
 * The three games of issue 27, in which a placement captures a power stone
 * listed before another one: the other stone keeps its own letter for the
 * five (the engine once read the list shifted by one).  The worked
 * examples of RULES.md and PROTOCOL.md.  Then thousands of random games
 * steered into power-stone captures, several pairs at once and bonus stones
 * (tests/support/plus_diff.h), every ply compared; bench_plus_diff and make
 * soak-plus play more.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#include "../ref/pente_plus_ref.h"
#include "rules.h"
#include "support/plus_diff.h"

/* Play the comma-separated moves in the engine and the reference, the
 * positions compared after each; the engine's outcome into *o. */
static void play_both(const char *moves, rules_outcome_t *o, char *line,
                      size_t len)
{
    char why[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new("pente", "plus", NULL, why, sizeof why);
    cr_assert_not_null(g, "%s", why);
    rules_pos pos;
    rules_start(g, &pos);
    ppref_pos ref;
    cr_assert(ppref_start(&ref, true, 0, 5, NULL));
    char list[512];
    snprintf(list, sizeof list, "%s", moves);
    char *save = NULL;
    for (char *t = strtok_r(list, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        rules_move m;
        cr_assert_eq(rules_parse_move(g, &pos, t, &m, why, sizeof why),
                     RULES_OK, "engine: %s: %s", t, why);
        rules_apply(g, &pos, &m);
        cr_assert(ppref_play(&ref, t, why, sizeof why), "reference: %s: %s",
                  t, why);
        char rline[PPREF_LINE_MAX];
        rules_pos_write(g, &pos, line, len);
        ppref_line(&ref, rline, sizeof rline);
        cr_assert_str_eq(line, rline, "after %s", t);
    }
    rules_outcome(g, &pos, o);
    rules_game_free(g);
    cr_assert_eq(o->over, ppref_end_of(&ref) != PPREF_ON, "%s", moves);
}

/* ---- issue 27 -------------------------------------------------------------- */

/* Black's J5 captures J6 and the power stone J7 (listed w, the first power
 * stone in cell order); K5, unlisted, counts for black: F5 G5 H5 J5 K5. */
Test(pente_plus, captured_power_stone_leaves_the_next_ones_letter_alone)
{
    rules_outcome_t o;
    char line[RULES_POS_TEXT_MAX];
    play_both("K10,F5,J6,G5,J7*,H5,A19,K5*,A17,J8,A15,J5/w", &o, line,
              sizeof line);
    cr_assert(o.over, "%s", line);
    cr_assert_eq(o.reason, RULES_END_FIVE);
    cr_assert_eq(o.result[1], RULES_RESULT_WIN);
    cr_assert_eq(o.result[0], RULES_RESULT_LOSS);
    /* captures and the position: black took 2 stones, K5 stays */
    cr_assert_str_eq(line, "w18/19/w18/19/w18/19/19/19/19/9w9/19/8b10/19/19/"
                           "5bbbbp9/19/19/19/19 w 12 0,2 1,1");
}

/* The same capture with K5 given to white too (J5/ww): no five. */
Test(pente_plus, both_power_stones_given_away_make_no_five)
{
    rules_outcome_t o;
    char line[RULES_POS_TEXT_MAX];
    play_both("K10,F5,J6,G5,J7*,H5,A19,K5*,A17,J8,A15,J5/ww", &o, line,
              sizeof line);
    cr_assert_not(o.over, "%s", line);
}

/* The bonus stone K4 (list b) captures K5 and the power stone K6; L4,
 * unlisted, counts for white: G4 H4 J4 K4 L4. */
Test(pente_plus, bonus_stone_capturing_a_power_stone_reads_the_rest_right)
{
    rules_outcome_t o;
    char line[RULES_POS_TEXT_MAX];
    play_both("K10,K5,G4,K6*,H4,L4*,J4,A1,K7,A3,B19* K4/b", &o, line,
              sizeof line);
    cr_assert(o.over, "%s", line);
    cr_assert_eq(o.reason, RULES_END_FIVE);
    cr_assert_eq(o.result[0], RULES_RESULT_WIN);
}

/* White's K4 captures K5 and the power stone K6 (b); T6 is w, L4 b as
 * listed: G4 H4 J4 K4 and a black L4 is no five. */
Test(pente_plus, listed_opponent_colour_after_a_capture_makes_no_five)
{
    rules_outcome_t o;
    char line[RULES_POS_TEXT_MAX];
    play_both("K10,K5,G4,K6*,H4,L4*,J4,A1,K7,A3,T6*,A5,K4/bwb", &o, line,
              sizeof line);
    cr_assert_not(o.over, "%s", line);
    cr_assert_str_eq(line, "19/19/19/19/19/19/19/19/19/9w9/19/19/9w9/18p/"
                           "b18/6wwwwp8/b18/19/b18 b 13 2,0 1,0");
}

/* ---- the documents' worked examples ---------------------------------------- */

/* PROTOCOL.md section 9's excerpt and the position line of section 8. */
Test(pente_plus, protocol_example_position)
{
    rules_outcome_t o;
    char line[RULES_POS_TEXT_MAX];
    play_both("K10,L11,K14,M10,L12*,J9,L13,L14*/w D4", &o, line, sizeof line);
    cr_assert_not(o.over);
    cr_assert_str_eq(line, "19/19/19/19/19/9wp8/19/19/10b8/9w1b7/8b10/19/19/"
                           "19/19/3b15/19/19/19 w 8 0,2 1,1");
}

/* PROTOCOL.md's C17*\/b Q10/b: power stones on C15 and Q9, black on C16
 * and Q8, white on C14 and Q7 (reached with filler stones in column A and
 * A1); C17 captures C16 and C15, then the bonus stone's one letter is
 * Q9's and Q10 captures Q9 and Q8. */
Test(pente_plus, protocol_example_bonus_list_after_a_capture)
{
    const char *opts = "opening=free";
    const char *moves[] = {"K10", "C15*", "C14", "Q9*", "Q7", "C16", "A1",
                           "Q8", NULL};
    char why[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new("pente", "plus", opts, why, sizeof why);
    cr_assert_not_null(g, "%s", why);
    rules_pos pos;
    rules_start(g, &pos);
    ppref_pos ref;
    cr_assert(ppref_start(&ref, false, 0, 5, NULL));
    rules_move m;
    for (int i = 0; moves[i]; i++) {
        cr_assert_eq(rules_parse_move(g, &pos, moves[i], &m, why, sizeof why),
                     RULES_OK, "%s: %s", moves[i], why);
        rules_apply(g, &pos, &m);
        cr_assert(ppref_play(&ref, moves[i], why, sizeof why), "%s", why);
    }
    /* two letters for one power stone left: refused by both */
    cr_assert_eq(rules_parse_move(g, &pos, "C17*/b Q10/wb", &m, why,
                                  sizeof why),
                 RULES_ILLEGAL);
    cr_assert_not(ppref_play(&ref, "C17*/b Q10/wb", why, sizeof why));
    const char *move = "C17*/b Q10/b";
    cr_assert_eq(rules_parse_move(g, &pos, move, &m, why, sizeof why),
                 RULES_OK, "%s", why);
    rules_apply(g, &pos, &m);
    cr_assert(ppref_play(&ref, move, why, sizeof why), "%s", why);
    char line[RULES_POS_TEXT_MAX], rline[PPREF_LINE_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    ppref_line(&ref, rline, sizeof rline);
    cr_assert_str_eq(line, rline);
    /* 4 stones taken by white; C17 and Q10 stand, C15 Q9 C16 Q8 are gone */
    cr_assert_str_eq(line, "19/19/2p16/19/19/2w16/19/19/19/9w5w3/19/19/15w3/"
                           "19/19/19/19/19/w18 b 9 4,0 1,0");
    rules_game_free(g);
}

/* ---- random games ------------------------------------------------------------ */

/* A few thousand steered random games here; make bench plays 20,000 and
 * make soak-plus as many as PLUS_GAMES says. */
Test(pente_plus, random_games_match_the_reference, .timeout = 300)
{
    plus_diff_stats st;
    memset(&st, 0, sizeof st);
    char err[16384];
    bool ok = plus_diff_run(27, 3000, &st, err, sizeof err);
    cr_assert(ok, "%s", err);
    cr_log_info("plus_diff: %ld games, %ld plies, %ld texts (%ld refused), "
                "%ld fives, %ld capture wins, %ld draws, %ld power-stone "
                "captures (%ld before a kept one), %ld multi-pair "
                "placements, %ld bonus stones (%ld capturing)",
                st.games, st.plies, st.texts, st.refused, st.fives,
                st.capture_wins, st.draws, st.power_captures, st.shifted,
                st.multi_pairs, st.bonus, st.bonus_captures);
    /* the games reach every case they are steered to */
    cr_assert_eq(st.games, 3000);
    cr_assert_gt(st.fives, 900, "%ld", st.fives);
    cr_assert_gt(st.capture_wins, 800, "%ld", st.capture_wins);
    cr_assert_gt(st.draws, 150, "%ld", st.draws);
    cr_assert_gt(st.power_captures, 1000, "%ld", st.power_captures);
    cr_assert_gt(st.shifted, 800, "%ld", st.shifted);
    cr_assert_gt(st.multi_pairs, 200, "%ld", st.multi_pairs);
    cr_assert_gt(st.bonus, 7000, "%ld", st.bonus);
    cr_assert_gt(st.bonus_captures, 150, "%ld", st.bonus_captures);
    cr_assert_gt(st.refused, st.texts / 20, "%ld of %ld", st.refused,
                 st.texts);
}
