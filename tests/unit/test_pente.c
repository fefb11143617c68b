/*
 * test_pente.c - the Pente rules engines (standard, plus, partner, team):
 * perft against the published counts, every capture and win case on
 * hand-built positions, the Pente Plus examples of the PENTE rulebook, team and
 * partner rules, the fast engine against the naive reference engine
 * (tests/ref/pente_naive.c) over random games, notation and position lines.
 *
 * Rule references are to protocol/RULES.md (Pente: the PENTE rulebook and
 * online Pente), and the readings in referee/rules/pente_rules.c.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pente.h"
#include "rules.h"
#include "util/rng.h"
#include "../ref/pente_naive.h"

/* ---- helpers ----------------------------------------------------------- */

static rules_game *new_game(const char *variant, const char *options)
{
    char err[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new("pente", variant, options, err, sizeof err);
    cr_assert_not_null(g, "rules_game_new(pente, %s, %s): %s",
                       variant ? variant : "NULL",
                       options ? options : "NULL", err);
    return g;
}

/* Cell index of a point name like "K10" (valid names only). */
static int cell_of(const char *name)
{
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    const char *c = strchr(cols, name[0]);
    cr_assert_not_null(c, "bad point %s", name);
    int row = atoi(name + 1);
    return (19 - row) * 19 + (int)(c - cols);
}

/* A position line from stones "wK10 bL10 pQ12 ...", the colour to move,
 * the plies played, the captured stones and (plus) the power stones in
 * hand ("2,2", or NULL for the other variants). */
static void make_line(const char *stones, char mover, int ply, int cap0,
                      int cap1, const char *power, char *out, size_t len)
{
    char grid[361];
    memset(grid, '.', sizeof grid);
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", stones);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        grid[cell_of(tok + 1)] = tok[0];
    size_t n = 0;
    for (int r = 0; r < 19; r++) {
        int run = 0;
        if (r)
            out[n++] = '/';
        for (int c = 0; c <= 19; c++) {
            char ch = c < 19 ? grid[r * 19 + c] : 0;
            if (ch == '.') {
                run++;
                continue;
            }
            if (run)
                n += (size_t)snprintf(out + n, len - n, "%d", run);
            run = 0;
            if (ch)
                out[n++] = ch;
        }
    }
    n += (size_t)snprintf(out + n, len - n, " %c %d %d,%d", mover, ply, cap0,
                          cap1);
    if (power)
        snprintf(out + n, len - n, " %s", power);
}

/* Read a position line that must be valid. */
static void read_pos(const rules_game *g, const char *line, rules_pos *pos)
{
    char why[RULES_REASON_MAX] = "";
    rules_status st = rules_pos_read(g, line, pos, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "pos_read(\"%s\"): %s", line, why);
}

/* Set up stones on a game's board (see make_line). */
static void setup(const rules_game *g, rules_pos *pos, const char *stones,
                  char mover, int ply, int cap0, int cap1, const char *power)
{
    char line[RULES_POS_TEXT_MAX];
    make_line(stones, mover, ply, cap0, cap1, power, line, sizeof line);
    read_pos(g, line, pos);
}

/* Parse and play a move that must be legal. */
static void play(const rules_game *g, rules_pos *pos, const char *text)
{
    char why[RULES_REASON_MAX] = "";
    rules_move m;
    rules_status st = rules_parse_move(g, pos, text, &m, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "move \"%s\": %s", text, why);
    rules_apply(g, pos, &m);
}

/* The move must be refused with status st and a reason holding want. */
static void refuse(const rules_game *g, const rules_pos *pos,
                   const char *text, rules_status st, const char *want)
{
    char why[RULES_REASON_MAX] = "";
    rules_move m;
    rules_status got = rules_parse_move(g, pos, text, &m, why, sizeof why);
    cr_assert_eq(got, st, "move \"%s\": status %d, expected %d (%s)", text,
                 got, st, why);
    cr_assert(strstr(why, want), "move \"%s\": reason \"%s\" lacks \"%s\"",
              text, why, want);
}

static const pente_pos *pp(const rules_pos *pos)
{
    return (const pente_pos *)(const void *)pos->opaque;
}

/* The stone on a point: '.', 'w', 'b', 'r', 'u' or 'p'. */
static char at(const rules_pos *pos, const char *name)
{
    return ".wbrupp"[pente_at(pp(pos), cell_of(name))];
}

/* The game must be over with this winning team (-1: draw) and reason. */
static void expect_over(const rules_game *g, const rules_pos *pos,
                        int team, rules_end reason)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert(o.over, "game should be over");
    cr_assert_eq(o.reason, reason, "reason %s, expected %s",
                 rules_end_name(o.reason), rules_end_name(reason));
    cr_assert_eq(o.nseats, rules_seats(g));
    for (int s = 0; s < o.nseats; s++) {
        rules_result want = team < 0                           ? RULES_RESULT_DRAW
                            : rules_seat_team(g, s) == team ? RULES_RESULT_WIN
                                                            : RULES_RESULT_LOSS;
        cr_assert_eq(o.result[s], want, "seat %d: %s, expected %s", s,
                     rules_result_name(o.result[s]), rules_result_name(want));
        cr_assert_eq(o.place[s], want == RULES_RESULT_LOSS ? 2 : 1);
        cr_assert_eq(o.win_points[s], 0);
    }
    cr_assert_eq(rules_legal_moves(g, pos, NULL, 0), 0);
    cr_assert_eq(rules_count_moves(g, pos), 0);
}

static void expect_ongoing(const rules_game *g, const rules_pos *pos)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert_not(o.over, "game should go on (%s)", rules_end_name(o.reason));
}

/* ---- perft ------------------------------------------------------------- */

/* Published counts (depth 1 is the forced K10). */
static const uint64_t perft_start[] = {1, 1, 360, 120624, 43183392};

Test(pente, perft_depth_0_to_3)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    rules_start(g, &pos);
    for (int d = 0; d <= 3; d++)
        cr_assert_eq(rules_perft(g, &pos, d), perft_start[d], "perft(%d)", d);
    rules_game_free(g);
}

Test(pente, perft_depth_4, .timeout = 60)
{
    rules_game *g = new_game("standard", "opening=tournament");
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_perft(g, &pos, 4), perft_start[4]);
    rules_game_free(g);
}

/* Without the opening rule: 1, 360, 360 * 359. */
Test(pente, perft_free_opening)
{
    rules_game *g = new_game("standard", "opening=free");
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_perft(g, &pos, 2), 360);
    cr_assert_eq(rules_perft(g, &pos, 3), 360 * 359);
    rules_game_free(g);
}

static pnaive_variant naive_variant(const char *v)
{
    return strcmp(v, "plus") == 0      ? PNAIVE_PLUS
           : strcmp(v, "partner") == 0 ? PNAIVE_PARTNER
           : strcmp(v, "team") == 0    ? PNAIVE_TEAM
                                       : PNAIVE_STANDARD;
}

static void naive_new(const char *variant, bool tournament, int movecap,
                      pnaive_pos *np)
{
    pnaive_variant v = naive_variant(variant);
    pnaive_start(np, v, tournament, movecap, 10,
                 pente_default_diamonds, v == PNAIVE_PLUS ? 12 : 0);
}

/* Depth 3 from the start, every variant, fast and naive: the opening
 * rule (ply 2, ply 4 in team) and Plus's power placements. */
Test(pente, perft_all_variants_match_naive, .timeout = 60)
{
    const char *variants[] = {"standard", "plus", "partner", "team"};
    /* plies 0..2: K10; 360 (x2 with a power stone in plus); the opening
     * rule at ply 2 except in team, where it is at ply 4. */
    const uint64_t want3[] = {120624, 4 * 120624, 120624, 360 * 359};
    for (int v = 0; v < 4; v++) {
        rules_game *g = new_game(variants[v], NULL);
        rules_pos pos;
        rules_start(g, &pos);
        pnaive_pos np;
        naive_new(variants[v], true, 0, &np);
        for (int d = 1; d <= 3; d++)
            cr_assert_eq(rules_perft(g, &pos, d), pnaive_perft(&np, d),
                         "%s perft(%d)", variants[v], d);
        cr_assert_eq(rules_perft(g, &pos, 3), want3[v], "%s perft(3)",
                     variants[v]);
        rules_game_free(g);
    }
}

/* ---- captures and wins --------------------------------------------------- */

Test(pente, single_capture)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    setup(g, &pos, "wK10 bL10 bM10 bA1", 'w', 10, 0, 0, NULL);
    play(g, &pos, "N10");
    cr_assert_eq(at(&pos, "L10"), '.');
    cr_assert_eq(at(&pos, "M10"), '.');
    cr_assert_eq(at(&pos, "N10"), 'w');
    cr_assert_eq(pp(&pos)->captured[0], 2);
    cr_assert_eq(pp(&pos)->empties, 361 - 3);
    expect_ongoing(g, &pos);
    /* the same pair in a column and on both diagonals, from either end */
    const char *cases[][2] = {
        {"wK10 bK11 bK12", "K13"}, {"wK13 bK11 bK12", "K10"},
        {"wK10 bL11 bM12", "N13"}, {"wN7 bM8 bL9", "K10"},
    };
    for (int i = 0; i < 4; i++) {
        setup(g, &pos, cases[i][0], 'w', 10, 0, 0, NULL);
        play(g, &pos, cases[i][1]);
        cr_assert_eq(pp(&pos)->captured[0], 2, "case %d", i);
        cr_assert_eq(pp(&pos)->empties, 361 - 2, "case %d", i);
    }
    rules_game_free(g);
}

Test(pente, only_exactly_two_are_captured)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    /* one, three, a gap, own stone inside: nothing is taken */
    const char *cases[][2] = {
        {"wK10 bL10", "M10"},
        {"wK10 bL10 bM10 bN10", "O10"},
        {"wK10 bL10 bN10", "O10"},
        {"wK10 bL10 wM10", "N10"},
        {"wK10 bL10 bM10", "O10"},
    };
    for (int i = 0; i < 5; i++) {
        setup(g, &pos, cases[i][0], 'w', 10, 0, 0, NULL);
        int before = pp(&pos)->empties;
        play(g, &pos, cases[i][1]);
        cr_assert_eq(pp(&pos)->captured[0], 0, "case %d", i);
        cr_assert_eq(pp(&pos)->empties, before - 1, "case %d", i);
    }
    rules_game_free(g);
}

Test(pente, double_capture_in_one_move)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    /* N10 brackets a row pair to the left and a column pair below, and a
     * diagonal pair up-right */
    setup(g, &pos, "wK10 bL10 bM10 wN7 bN8 bN9 bO11 bP12 wQ13", 'w', 12, 0,
          0, NULL);
    play(g, &pos, "N10");
    cr_assert_eq(pp(&pos)->captured[0], 6);
    const char *gone[] = {"L10", "M10", "N8", "N9", "O11", "P12"};
    for (int i = 0; i < 6; i++)
        cr_assert_eq(at(&pos, gone[i]), '.', "%s", gone[i]);
    expect_ongoing(g, &pos);
    rules_game_free(g);
}

Test(pente, playing_into_a_bracket_is_safe)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    setup(g, &pos, "wK10 wN10 bL10", 'b', 11, 0, 0, NULL);
    play(g, &pos, "M10");
    cr_assert_eq(at(&pos, "L10"), 'b');
    cr_assert_eq(at(&pos, "M10"), 'b');
    cr_assert_eq(pp(&pos)->captured[0], 0);
    cr_assert_eq(pp(&pos)->captured[1], 0);
    rules_game_free(g);
}

Test(pente, capture_at_the_edge)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    /* along the edge, and into the corner */
    setup(g, &pos, "wA1 bA2 bA3 wT19 bS18 bR17", 'w', 10, 0, 0, NULL);
    play(g, &pos, "A4");
    cr_assert_eq(pp(&pos)->captured[0], 2);
    cr_assert_eq(at(&pos, "A2"), '.');
    setup(g, &pos, "wT19 bS18 bR17", 'w', 10, 0, 0, NULL);
    play(g, &pos, "Q16");
    cr_assert_eq(pp(&pos)->captured[0], 2);
    /* a pair against the edge is not bracketed by the edge */
    setup(g, &pos, "bA1 bA2", 'w', 10, 0, 0, NULL);
    play(g, &pos, "A3");
    cr_assert_eq(pp(&pos)->captured[0], 0);
    setup(g, &pos, "bT1 bS1", 'w', 10, 0, 0, NULL);
    play(g, &pos, "R1");
    cr_assert_eq(pp(&pos)->captured[0], 0);
    /* no wrap-around from column T to column A of the next row */
    setup(g, &pos, "bS5 bT5 wA4", 'w', 10, 0, 0, NULL);
    play(g, &pos, "R5");
    cr_assert_eq(pp(&pos)->captured[0], 0);
    rules_game_free(g);
}

Test(pente, five_captured_pairs_win)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    setup(g, &pos, "wK10 bL10 bM10", 'w', 30, 8, 6, NULL);
    play(g, &pos, "N10");
    expect_over(g, &pos, 0, RULES_END_CAPTURES);
    /* black wins the same way */
    setup(g, &pos, "bK10 wL10 wM10 bK13 wK11 wK12", 'b', 31, 8, 8, NULL);
    play(g, &pos, "N10");
    cr_assert_eq(pp(&pos)->captured[1], 10);
    expect_over(g, &pos, 1, RULES_END_CAPTURES);
    /* captures=3: three pairs are enough */
    rules_game *g3 = new_game(NULL, "captures=3");
    setup(g3, &pos, "wK10 bL10 bM10", 'w', 30, 4, 0, NULL);
    play(g3, &pos, "N10");
    expect_over(g3, &pos, 0, RULES_END_CAPTURES);
    rules_game_free(g3);
    rules_game_free(g);
}

Test(pente, five_in_a_row_wins_in_every_direction)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    const char *cases[][2] = {
        {"wA1 wB1 wC1 wD1", "E1"},   {"wT19 wT18 wT17 wT16", "T15"},
        {"wF6 wG7 wH8 wK10", "J9"},  {"wA19 wB18 wD16 wE15", "C17"},
        {"wK10 wL10 wN10 wO10", "M10"},
    };
    for (int i = 0; i < 5; i++) {
        setup(g, &pos, cases[i][0], 'w', 20, 0, 0, NULL);
        play(g, &pos, cases[i][1]);
        expect_over(g, &pos, 0, RULES_END_FIVE);
    }
    /* four is not five; and black stones do not count for white */
    setup(g, &pos, "wK10 wL10 wM10 bO10", 'w', 20, 0, 0, NULL);
    play(g, &pos, "N10");
    expect_ongoing(g, &pos);
    rules_game_free(g);
}

Test(pente, overline_wins)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    setup(g, &pos, "wJ10 wK10 wL10 wN10 wO10", 'w', 20, 0, 0, NULL);
    play(g, &pos, "M10");
    expect_over(g, &pos, 0, RULES_END_FIVE);
    setup(g, &pos, "bA1 bB2 bC3 bE5 bF6 bG7 bH8", 'b', 21, 0, 0, NULL);
    play(g, &pos, "D4");
    expect_over(g, &pos, 1, RULES_END_FIVE);
    rules_game_free(g);
}

/* Wins are checked after the move's captures: a capture that also makes
 * five is a five; a capture that opens a line does not help the victim. */
Test(pente, five_after_captures)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    /* M10 makes five on row 10 and captures the pair M11 M12 */
    setup(g, &pos, "wK10 wL10 wN10 wO10 bM11 bM12 wM13", 'w', 20, 0, 0,
          NULL);
    play(g, &pos, "M10");
    cr_assert_eq(at(&pos, "M11"), '.');
    cr_assert_eq(pp(&pos)->captured[0], 2);
    expect_over(g, &pos, 0, RULES_END_FIVE);
    /* a five and the fifth pair at once: reported as five */
    setup(g, &pos, "wK10 wL10 wN10 wO10 bM11 bM12 wM13", 'w', 20, 8, 0,
          NULL);
    play(g, &pos, "M10");
    expect_over(g, &pos, 0, RULES_END_FIVE);
    /* a capture that breaks the opponent's four leaves the game on */
    setup(g, &pos, "bK10 bL10 bM10 bN10 wK11 wK12 wA1", 'w', 20, 0, 0, NULL);
    play(g, &pos, "K13");
    expect_ongoing(g, &pos);
    setup(g, &pos, "bJ10 bL10 bM10 bN10 wK13 bK12 bK11", 'w', 20, 0, 0, NULL);
    play(g, &pos, "K10");
    cr_assert_eq(at(&pos, "K11"), '.');
    expect_ongoing(g, &pos);
    rules_game_free(g);
}

Test(pente, full_board_is_a_draw)
{
    /* 'wwbb' shifted by 0,1,0,2 per row has no five anywhere; S19 is the
     * last empty point, and white filling it captures nothing. */
    static const int shift[4] = {0, 1, 0, 2};
    char stones[361 * 5] = "";
    size_t n = 0;
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    for (int r = 0; r < 19; r++)
        for (int c = 0; c < 19; c++) {
            if (r == 0 && c == 17)
                continue;
            n += (size_t)snprintf(stones + n, sizeof stones - n, "%c%c%d ",
                                  "wwbb"[(c + shift[r % 4]) % 4], cols[c],
                                  19 - r);
        }
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    setup(g, &pos, stones, 'w', 360, 0, 0, NULL);
    expect_ongoing(g, &pos);
    cr_assert_eq(rules_count_moves(g, &pos), 1);
    play(g, &pos, "S19");
    expect_over(g, &pos, -1, RULES_END_FULL_BOARD);
    rules_game_free(g);
}

Test(pente, move_cap_is_a_draw)
{
    rules_game *g = new_game(NULL, "movecap=3");
    cr_assert_str_eq(rules_options_text(g),
                     "opening=tournament movecap=3 captures=5");
    rules_pos pos;
    rules_start(g, &pos);
    play(g, &pos, "K10");
    play(g, &pos, "A1");
    expect_ongoing(g, &pos);
    play(g, &pos, "K14");
    expect_over(g, &pos, -1, RULES_END_MOVE_CAP);
    rules_game_free(g);
}

/* ---- opening rule ---------------------------------------------------------- */

Test(pente, opening_rules)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_count_moves(g, &pos), 1);
    refuse(g, &pos, "A1", RULES_ILLEGAL, "first stone must go on K10");
    play(g, &pos, "k10");
    cr_assert_eq(rules_count_moves(g, &pos), 360);
    play(g, &pos, "L11"); /* black is free */
    cr_assert_eq(rules_count_moves(g, &pos), 359 - 23);
    refuse(g, &pos, "M12", RULES_ILLEGAL, "tournament opening rule");
    refuse(g, &pos, "H8", RULES_ILLEGAL, "H8 is 2 away");
    refuse(g, &pos, "K10", RULES_ILLEGAL, "K10 is occupied by white");
    refuse(g, &pos, "L11", RULES_ILLEGAL, "L11 is occupied by black");
    rules_pos p2 = pos;
    play(g, &p2, "N13"); /* distance 3 is enough */
    play(g, &p2, "L12");
    play(g, &p2, "L10"); /* white's third stone is free */
    p2 = pos;
    play(g, &p2, "G10");
    rules_game_free(g);

    g = new_game(NULL, "opening=free");
    rules_start(g, &pos);
    refuse(g, &pos, "A1", RULES_ILLEGAL, "K10");
    play(g, &pos, "K10");
    play(g, &pos, "A1");
    play(g, &pos, "L11");
    rules_game_free(g);
}

/* ---- notation ----------------------------------------------------------- */

Test(pente, notation_round_trip_every_point)
{
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    rules_start(g, &pos);
    play(g, &pos, "K10");
    rules_move list[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, &pos, list, RULES_MAX_MOVES);
    cr_assert_eq(n, 360);
    size_t k = 0;
    for (int row = 19; row >= 1; row--)
        for (int c = 0; c < 19; c++) {
            char up[16], low[16], back[RULES_MOVE_TEXT_MAX], why[160];
            snprintf(up, sizeof up, "%c%d", cols[c], row);
            snprintf(low, sizeof low, " %c%d\t", cols[c] + 32, row);
            if (strcmp(up, "K10") == 0)
                continue;
            rules_move m1, m2;
            cr_assert_eq(rules_parse_move(g, &pos, up, &m1, why, sizeof why),
                         RULES_OK, "%s: %s", up, why);
            cr_assert_eq(rules_parse_move(g, &pos, low, &m2, why, sizeof why),
                         RULES_OK, "%s: %s", low, why);
            cr_assert(memcmp(&m1, &m2, sizeof m1) == 0, "%s", up);
            cr_assert(memcmp(&m1, &list[k], sizeof m1) == 0,
                      "%s is not legal move %zu", up, k);
            cr_assert_eq(m1.nsteps, 1);
            cr_assert_eq(m1.step[0].kind, RULES_STEP_PLACE);
            cr_assert_eq(m1.step[0].cell, (19 - row) * 19 + c);
            rules_format_move(g, &m1, back, sizeof back);
            cr_assert_str_eq(back, up);
            k++;
        }
    rules_game_free(g);
}

Test(pente, malformed_and_illegal_moves)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos;
    rules_start(g, &pos);
    play(g, &pos, "K10");
    refuse(g, &pos, "", RULES_MALFORMED, "empty move");
    refuse(g, &pos, "   ", RULES_MALFORMED, "empty move");
    refuse(g, &pos, "I5", RULES_MALFORMED, "no column I");
    refuse(g, &pos, "i5", RULES_MALFORMED, "no column I");
    refuse(g, &pos, "U5", RULES_MALFORMED, "column U is off the board");
    refuse(g, &pos, "K0", RULES_MALFORMED, "row 0 is off the board");
    refuse(g, &pos, "K20", RULES_MALFORMED, "row 20 is off the board");
    refuse(g, &pos, "K05", RULES_MALFORMED, "off the board");
    refuse(g, &pos, "K123456", RULES_MALFORMED, "off the board");
    refuse(g, &pos, "K", RULES_MALFORMED, "row missing");
    refuse(g, &pos, "Kx", RULES_MALFORMED, "'x' is not a row");
    refuse(g, &pos, "5K", RULES_MALFORMED, "'5' is not a column");
    refuse(g, &pos, "\x01", RULES_MALFORMED, "\\x01");
    refuse(g, &pos, "K11x", RULES_MALFORMED, "unexpected 'x'");
    refuse(g, &pos, "K11 L12", RULES_MALFORMED, "one intersection");
    refuse(g, &pos, "K11*", RULES_MALFORMED, "only in Pente Plus");
    refuse(g, &pos, "K11/w", RULES_MALFORMED, "only in Pente Plus");
    refuse(g, &pos, "K10", RULES_ILLEGAL, "K10 is occupied by white");
    rules_pos over;
    setup(g, &over, "wK10 wL10 wM10 wN10", 'w', 20, 0, 0, NULL);
    play(g, &over, "O10");
    refuse(g, &over, "A1", RULES_ILLEGAL, "already over");
    rules_game_free(g);
}

Test(pente, game_creation)
{
    char err[RULES_REASON_MAX];
    cr_assert(strstr(rules_games_list(), "pente"));
    cr_assert_str_eq(rules_variants_list("pente"),
                     "standard,plus,partner,team");
    const char *bad[][2] = {
        {"standard", "opening=strict"}, {"standard", "movecap=-1"},
        {"standard", "captures=0"},     {"standard", "diamonds=D4"},
        {"standard", "colour=red"},     {"standard", "movecap"},
        {"plus", "diamonds=I4"},        {"plus", "diamonds=D4,D4"},
        {"plus", "diamonds="},          {"oops", NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        cr_assert_null(rules_game_new("pente", bad[i][0], bad[i][1], err,
                                      sizeof err),
                       "%s %s", bad[i][0], bad[i][1]);
        cr_assert(err[0], "no reason for %s %s", bad[i][0], bad[i][1]);
    }
    rules_game *g = new_game(NULL, NULL);
    cr_assert_str_eq(rules_variant_name(g), "standard");
    cr_assert_eq(rules_seats(g), 2);
    cr_assert_str_eq(rules_seat_colour(g, 1), "black");
    rules_game_free(g);
    /* canonical: upper case, diamonds in cell order (row 19 first) */
    g = new_game("plus", "diamonds=a1,T19 captures=4");
    cr_assert_str_eq(rules_options_text(g), "opening=tournament movecap=0 "
                                            "captures=4 diamonds=T19,A1");
    rules_game_free(g);
    g = new_game("plus", NULL);
    cr_assert_str_eq(rules_options_text(g),
                     "opening=tournament movecap=0 captures=5 "
                     "diamonds=D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4");
    rules_game_free(g);
    g = new_game("team", NULL);
    cr_assert_str_eq(rules_options_text(g),
                     "opening=tournament movecap=0 captures=10");
    const char *colours[] = {"white", "black", "red", "blue"};
    for (int s = 0; s < 4; s++) {
        cr_assert_str_eq(rules_seat_colour(g, s), colours[s]);
        cr_assert_eq(rules_seat_team(g, s), s % 2);
    }
    rules_game_free(g);
    g = new_game("partner", NULL);
    for (int s = 0; s < 4; s++) {
        cr_assert_str_eq(rules_seat_colour(g, s), colours[s % 2]);
        cr_assert_eq(rules_seat_team(g, s), s % 2);
    }
    rules_game_free(g);
}

/* ---- position lines and rendering ---------------------------------------- */

Test(pente, position_lines)
{
    rules_game *g = new_game(NULL, NULL);
    rules_pos pos, back;
    rules_start(g, &pos);
    char line[RULES_POS_TEXT_MAX], line2[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert_str_eq(line, "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/"
                           "19/19/19 w 0 0,0");
    play(g, &pos, "K10");
    play(g, &pos, "A19");
    play(g, &pos, "T1");
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert_str_eq(line, "b18/19/19/19/19/19/19/19/19/9w9/19/19/19/19/19/"
                           "19/19/19/18w b 3 0,0");
    read_pos(g, line, &back);
    rules_pos_write(g, &back, line2, sizeof line2);
    cr_assert_str_eq(line, line2);
    cr_assert(memcmp(pp(&pos), pp(&back), sizeof(pente_pos)) == 0);
    char why[RULES_REASON_MAX];
    const char *bad[] = {
        "19/19 w 0 0,0",
        "20/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 w 0 0,0",
        "x18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 w 0 0,0",
        "r18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b 1 0,0",
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b 0 0,0",
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 w 0 1,0",
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 w 0",
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 w 0 0,0 2,2",
        "w18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 w 0 0,0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(rules_pos_read(g, bad[i], &back, why, sizeof why),
                     RULES_BAD_POS, "%s", bad[i]);
    /* a five read from text ends the game */
    setup(g, &back, "wA1 wA2 wA3 wA4 wA5", 'b', 9, 0, 0, NULL);
    expect_over(g, &back, 0, RULES_END_FIVE);
    setup(g, &back, "wA1", 'b', 9, 0, 10, NULL);
    expect_over(g, &back, 1, RULES_END_CAPTURES);
    char board[RULES_BOARD_TEXT_MAX];
    rules_render(g, &pos, board, sizeof board);
    cr_assert(strstr(board, " 19 b . ."), "%s", board);
    cr_assert(strstr(board, "black to move (seat 1, ply 3)"), "%s", board);
    rules_game_free(g);
}

/* ---- Partner-Pente ---------------------------------------------------------- */

Test(pente, partner_alternation_and_shared_captures)
{
    rules_game *g = new_game("partner", NULL);
    rules_pos pos;
    rules_start(g, &pos);
    const char *moves[] = {"K10", "A1", "K13", "A2", "K11", "A3", "K12"};
    for (int i = 0; i < 7; i++) {
        cr_assert_eq(rules_to_move(g, &pos), i % 4);
        if (i == 2) /* white's second stone, placed by seat 2 */
            refuse(g, &pos, "L11", RULES_ILLEGAL, "white's second stone");
        play(g, &pos, moves[i]);
    }
    cr_assert_eq(at(&pos, "K13"), 'w');
    cr_assert_eq(at(&pos, "A3"), 'b');
    expect_ongoing(g, &pos);
    play(g, &pos, "A4"); /* seat 3 */
    play(g, &pos, "K14"); /* seat 0: five with seat 2's stones */
    expect_over(g, &pos, 0, RULES_END_FIVE);
    rules_outcome_t o;
    rules_outcome(g, &pos, &o);
    cr_assert_eq(o.result[0], RULES_RESULT_WIN);
    cr_assert_eq(o.result[2], RULES_RESULT_WIN);
    cr_assert_eq(o.result[1], RULES_RESULT_LOSS);
    cr_assert_eq(o.result[3], RULES_RESULT_LOSS);

    /* a pair taken by seat 2 with seat 0's stone counts for team 0, and
     * the team's earlier captures with it */
    setup(g, &pos, "wK10 bL10 bM10", 'w', 22, 8, 0, NULL);
    cr_assert_eq(rules_to_move(g, &pos), 2);
    play(g, &pos, "N10");
    expect_over(g, &pos, 0, RULES_END_CAPTURES);
    rules_game_free(g);
}

/* ---- Team-Pente --------------------------------------------------------------- */

Test(pente, team_captures)
{
    rules_game *g = new_game("team", NULL);
    rules_pos pos;
    /* seat 0 (white) to move at ply 20 */
    struct {
        const char *stones;
        int counted;
    } cases[] = {
        {"wK10 bL10 uM10", 2}, /* two enemy colours */
        {"wK10 bL10 rM10", 1}, /* enemy and partner: one counts */
        {"wK10 rL10 rM10", 0}, /* the partner's pair leaves the board */
    };
    for (int i = 0; i < 3; i++) {
        setup(g, &pos, cases[i].stones, 'w', 20, 0, 0, NULL);
        play(g, &pos, "N10");
        cr_assert_eq(at(&pos, "L10"), '.', "case %d", i);
        cr_assert_eq(at(&pos, "M10"), '.', "case %d", i);
        cr_assert_eq(pp(&pos)->captured[0], cases[i].counted, "case %d", i);
    }
    /* the bracketing stone must be the mover's colour, not the partner's */
    setup(g, &pos, "rK10 bL10 uM10", 'w', 20, 0, 0, NULL);
    play(g, &pos, "N10");
    cr_assert_eq(at(&pos, "L10"), 'b');
    /* red (seat 2) captures for team 0; blue (seat 3) for team 1 */
    setup(g, &pos, "rK10 bL10 uM10", 'r', 22, 0, 0, NULL);
    play(g, &pos, "N10");
    cr_assert_eq(pp(&pos)->captured[0], 2);
    setup(g, &pos, "uK10 wL10 rM10", 'u', 23, 0, 0, NULL);
    play(g, &pos, "N10");
    cr_assert_eq(pp(&pos)->captured[1], 2);
    /* 10 enemy stones win for the team */
    setup(g, &pos, "wK10 bL10 uM10", 'w', 20, 9, 0, NULL);
    play(g, &pos, "N10");
    expect_over(g, &pos, 0, RULES_END_CAPTURES);
    /* a partner stone in the pair does not count: 9 + 1 = 10 */
    setup(g, &pos, "wK10 bL10 rM10", 'w', 20, 8, 0, NULL);
    play(g, &pos, "N10");
    expect_ongoing(g, &pos);
    cr_assert_eq(pp(&pos)->captured[0], 9);
    rules_game_free(g);
}

Test(pente, team_five_of_one_colour)
{
    rules_game *g = new_game("team", NULL);
    rules_pos pos;
    /* four white and a red stone are not five */
    setup(g, &pos, "wK10 wL10 wM10 rO10", 'w', 20, 0, 0, NULL);
    play(g, &pos, "N10");
    expect_ongoing(g, &pos);
    /* five red stones: seat 2 wins for team 0 */
    setup(g, &pos, "rK10 rL10 rM10 rN10", 'r', 22, 0, 0, NULL);
    play(g, &pos, "O10");
    expect_over(g, &pos, 0, RULES_END_FIVE);
    setup(g, &pos, "uK10 uL10 uM10 uN10", 'u', 23, 0, 0, NULL);
    play(g, &pos, "J10");
    expect_over(g, &pos, 1, RULES_END_FIVE);
    /* the opening rule is on seat 0's second stone, ply 4 */
    rules_start(g, &pos);
    play(g, &pos, "K10");
    play(g, &pos, "K11");
    play(g, &pos, "L11");
    play(g, &pos, "J9");
    refuse(g, &pos, "L10", RULES_ILLEGAL, "white's second stone");
    play(g, &pos, "O10");
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert(strstr(line, " b 5 0,0"), "%s", line);
    cr_assert(strstr(line, "/9br8/9w3w5/8u10/"), "%s", line);
    rules_game_free(g);
}

/* ---- Pente Plus (the PENTE rulebook) ------------------------------------------------ */

/* Example 1: blue (here white) sets a power stone, then the bonus stone on
 * a diamond, and has five: the game is won. */
Test(pente, plus_example_bonus_makes_five)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    setup(g, &pos, "wD5 wD6 wD7 bA1 bA2 bA3", 'w', 6, 0, 0, "2,2");
    play(g, &pos, "D8* D4");
    cr_assert_eq(at(&pos, "D8"), 'p');
    cr_assert_eq(at(&pos, "D4"), 'w');
    expect_over(g, &pos, 0, RULES_END_FIVE);
    rules_game_free(g);
}

/* Example 2: the bonus stone brackets an enemy stone and the power stone
 * just set; the power stone counts as the mover's in its own move, so the
 * pair is not taken. */
Test(pente, plus_example_new_power_stone_is_not_captured)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    setup(g, &pos, "wK7 bK5 bA2 bA3", 'w', 6, 0, 0, "2,2");
    play(g, &pos, "K6* K4");
    cr_assert_eq(at(&pos, "K5"), 'b');
    cr_assert_eq(at(&pos, "K6"), 'p');
    cr_assert_eq(at(&pos, "K4"), 'w');
    cr_assert_eq(pp(&pos)->captured[0], 0);
    cr_assert_eq(pp(&pos)->power_left[0], 1);
    expect_ongoing(g, &pos);
    /* on a later move black counts the power stone as white's and takes
     * it with K7 between K8 and black's K5 */
    play(g, &pos, "K8/w");
    cr_assert_eq(at(&pos, "K6"), '.');
    cr_assert_eq(at(&pos, "K7"), '.');
    cr_assert_eq(pp(&pos)->captured[1], 2);
    cr_assert_eq(pp(&pos)->npower, 0);
    rules_game_free(g);
}

/* Example 3: the power stone set counts as blue (white); white names the
 * power stone on the board white as well and takes two black stones with
 * it; then sets the bonus stone and, in the same move, names that power
 * stone black and takes it with another black stone. */
Test(pente, plus_example_power_stone_changes_colour_within_a_move)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    const char *stones = "bO12 bP12 pQ12 bQ11 wQ13 bA1 wA5";
    setup(g, &pos, stones, 'w', 20, 0, 0, "2,1");
    char why[RULES_REASON_MAX], text[RULES_MOVE_TEXT_MAX];
    rules_move m;
    cr_assert_eq(rules_parse_move(g, &pos, "n12*/W q10/B", &m, why,
                                  sizeof why),
                 RULES_OK, "%s", why);
    cr_assert_eq(m.nsteps, 2);
    cr_assert_eq(m.step[0].power, 1);
    cr_assert_eq(m.step[0].power_as, 0xff);
    cr_assert_eq(m.step[1].power, 0);
    cr_assert_eq(m.step[1].power_as, 0xfe);
    rules_format_move(g, &m, text, sizeof text);
    cr_assert_str_eq(text, "N12* Q10/b");
    rules_apply(g, &pos, &m);
    const char *gone[] = {"O12", "P12", "Q12", "Q11"};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(at(&pos, gone[i]), '.', "%s", gone[i]);
    cr_assert_eq(at(&pos, "N12"), 'p');
    cr_assert_eq(at(&pos, "Q10"), 'w');
    cr_assert_eq(pp(&pos)->captured[0], 4); /* the power stone counts */
    cr_assert_eq(pp(&pos)->npower, 1);
    cr_assert_eq(pp(&pos)->power_left[0], 1);
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert(strstr(line, " b 21 4,0 1,1"), "%s", line);

    /* naming the old power stone black for the first placement: no pair
     * for the power stone, and the bonus stone still takes Q11 Q12 */
    setup(g, &pos, stones, 'w', 20, 0, 0, "2,1");
    play(g, &pos, "N12*/b Q10/b");
    cr_assert_eq(at(&pos, "O12"), 'b');
    cr_assert_eq(at(&pos, "Q12"), '.');
    cr_assert_eq(pp(&pos)->captured[0], 2);
    /* without colour letters the old power stone is white throughout */
    setup(g, &pos, stones, 'w', 20, 0, 0, "2,1");
    play(g, &pos, "N12* Q10");
    cr_assert_eq(at(&pos, "Q12"), 'p');
    cr_assert_eq(at(&pos, "Q11"), 'b');
    cr_assert_eq(pp(&pos)->captured[0], 2);
    /* after the first placement no power stone is left to name */
    setup(g, &pos, stones, 'w', 20, 0, 0, "2,1");
    refuse(g, &pos, "N12* Q10/bb", RULES_ILLEGAL, "lists 2 power stone");
    rules_game_free(g);
}

Test(pente, plus_power_stones_in_fives)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    setup(g, &pos, "wK10 wL10 wM10 pO10 bA1", 'w', 20, 0, 0, "1,2");
    rules_pos p2 = pos;
    play(g, &p2, "N10/b"); /* named black: only four */
    expect_ongoing(g, &p2);
    play(g, &pos, "N10"); /* the mover's by default: five */
    expect_over(g, &pos, 0, RULES_END_FIVE);
    /* a new power stone counts for the mover in its own five */
    setup(g, &pos, "bK10 bL10 bM10 bO10 wA1", 'b', 21, 0, 0, "2,2");
    play(g, &pos, "N10*");
    expect_over(g, &pos, 1, RULES_END_FIVE);
    /* naming a power stone does not by itself make five: the five must run
     * through a stone placed in the move */
    setup(g, &pos, "wK10 wL10 wM10 wN10 pO10 bA1", 'w', 20, 0, 0, "1,2");
    play(g, &pos, "A10");
    expect_ongoing(g, &pos);
    rules_game_free(g);
}

Test(pente, plus_power_stone_mistakes)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    rules_start(g, &pos);
    refuse(g, &pos, "K10*", RULES_ILLEGAL, "cannot be a power stone");
    play(g, &pos, "K10");
    cr_assert_eq(rules_count_moves(g, &pos), 720);
    refuse(g, &pos, "K10*", RULES_ILLEGAL, "occupied");
    refuse(g, &pos, "A1 D4", RULES_ILLEGAL, "only as the bonus stone");
    refuse(g, &pos, "A1* D5", RULES_ILLEGAL, "not one");
    refuse(g, &pos, "A1* D4*", RULES_ILLEGAL, "plain stone");
    refuse(g, &pos, "A1* D4 E4", RULES_MALFORMED, "too many placements");
    refuse(g, &pos, "A1/b", RULES_ILLEGAL, "0 earlier power stones");
    refuse(g, &pos, "A1/x", RULES_MALFORMED, "not a colour");
    refuse(g, &pos, "A1/", RULES_MALFORMED, "missing");
    refuse(g, &pos, "A1*/", RULES_MALFORMED, "missing");
    refuse(g, &pos, "D4* D4", RULES_ILLEGAL, "not empty");
    rules_game_free(g);
}

Test(pente, plus_power_stones_run_out_and_bonus_after_win)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    setup(g, &pos, "wK10 bA1 pB19 pC19", 'w', 20, 0, 0, "0,2");
    refuse(g, &pos, "L12*", RULES_ILLEGAL, "white has no power stone left");
    cr_assert_eq(rules_count_moves(g, &pos), 361 - 4);
    play(g, &pos, "L12");
    cr_assert_eq(rules_count_moves(g, &pos), 2 * (361 - 5));
    /* the power stone already makes five: no bonus stone may follow */
    setup(g, &pos, "bK10 bL10 bM10 bO10 wA1", 'b', 21, 0, 0, "2,2");
    refuse(g, &pos, "N10* D4", RULES_ILLEGAL, "already wins");
    /* the bonus point must be empty */
    setup(g, &pos, "bK10 wD4", 'b', 21, 0, 0, "2,2");
    refuse(g, &pos, "N10* D4", RULES_ILLEGAL, "not empty");
    play(g, &pos, "N10* Q16");
    /* custom diamonds */
    rules_game *g2 = new_game("plus", "diamonds=A1,T19");
    setup(g2, &pos, "bK10", 'w', 20, 0, 0, "2,2");
    refuse(g2, &pos, "N10* D4", RULES_ILLEGAL, "diamond");
    play(g2, &pos, "N10* t19");
    cr_assert_eq(at(&pos, "T19"), 'w');
    rules_game_free(g2);
    rules_game_free(g);
}

/* Letters are absolute colours; the canonical text is the shortest. */
Test(pente, plus_notation_round_trips)
{
    rules_game *g = new_game("plus", NULL);
    rules_pos pos;
    setup(g, &pos, "wK10 bA1 pB19 pC19 pD19", 'b', 21, 0, 0, "0,1");
    const char *texts[][2] = {
        {"E5", "E5"},           {"e5/bbb", "E5"},
        {"E5/w", "E5/w"},       {"E5/bwb", "E5/bw"},
        {"E5/bbw", "E5/bbw"},   {"E5*/wwb D4/w", "E5*/ww D4/w"},
        {"E5* D4/bbb", "E5* D4"},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char why[RULES_REASON_MAX], out[RULES_MOVE_TEXT_MAX];
        rules_move m, m2;
        cr_assert_eq(rules_parse_move(g, &pos, texts[i][0], &m, why,
                                      sizeof why),
                     RULES_OK, "%s: %s", texts[i][0], why);
        rules_format_move(g, &m, out, sizeof out);
        cr_assert_str_eq(out, texts[i][1], "%s", texts[i][0]);
        cr_assert_eq(rules_parse_move(g, &pos, out, &m2, why, sizeof why),
                     RULES_OK, "%s: %s", out, why);
        cr_assert(memcmp(&m, &m2, sizeof m) == 0, "%s", out);
    }
    refuse(g, &pos, "E5/bbbb", RULES_ILLEGAL, "3 earlier power stones");
    rules_game_free(g);
}

/* ---- fast against naive over random games ---------------------------------- */

static pnaive_move naive_of(const rules_move *m)
{
    pnaive_move nm = {m->step[0].cell, -1, m->step[0].power,
                      {m->step[0].power_as, 0}};
    if (m->nsteps > 1) {
        nm.bonus = m->step[1].cell;
        nm.as[1] = m->step[1].power_as;
    }
    return nm;
}

static rules_end naive_end(pnaive_end e)
{
    switch (e) {
    case PNAIVE_FIVE: return RULES_END_FIVE;
    case PNAIVE_CAPTURES: return RULES_END_CAPTURES;
    case PNAIVE_FULL: return RULES_END_FULL_BOARD;
    case PNAIVE_CAP: return RULES_END_MOVE_CAP;
    default: return RULES_END_NONE;
    }
}

/* A move text for a random game: mostly next to a stone already placed,
 * so that pairs, captures and fives happen; in plus sometimes a power stone
 * with a bonus stone and random colour letters.  The text may be illegal
 * (occupied, opening rule, bonus point taken); the caller falls back to a
 * listed move then. */
static void random_text(rng *r, const pente_pos *p, char *text, size_t len)
{
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    int cell = (int)rng_below(r, 361);
    for (int tries = 0; tries < 30; tries++) {
        int c = (int)rng_below(r, 361);
        if (pente_at(p, c) != PENTE_EMPTY) {
            cell = c;
            break;
        }
    }
    int row = cell / 19 + (int)rng_below(r, 5) - 2;
    int col = cell % 19 + (int)rng_below(r, 5) - 2;
    row = row < 0 ? 0 : row > 18 ? 18 : row;
    col = col < 0 ? 0 : col > 18 ? 18 : col;
    size_t k = (size_t)snprintf(text, len, "%c%d", cols[col], 19 - row);
    if (p->variant != PENTE_PLUS)
        return;
    bool power = rng_below(r, 4) == 0;
    if (power)
        text[k++] = '*';
    if (p->npower && rng_below(r, 3) == 0) {
        text[k++] = '/';
        int nl = 1 + (int)rng_below(r, p->npower);
        for (int i = 0; i < nl; i++)
            text[k++] = "wb"[rng_below(r, 2)];
    }
    text[k] = 0;
    if (power && rng_below(r, 2)) {
        int d = pente_default_diamonds[rng_below(r, 12)];
        snprintf(text + k, len - k, " %c%d%s", cols[d % 19], 19 - d / 19,
                 rng_below(r, 3) == 0 ? "/b" : "");
    }
}

/* Play random games in both engines; compare position lines and outcomes
 * after every move, and the legal move lists in the opening and every 16th
 * ply (the lists are slow under the sanitizers and follow from the board).
 * Returns the number of decided games. */
static int compare_random_games(const char *variant, int games,
                                uint64_t seed, int *captures_seen)
{
    rules_game *g = new_game(variant, NULL);
    rng r;
    rng_seed(&r, seed);
    static rules_move list[RULES_MAX_MOVES];
    static pnaive_move nlist[PNAIVE_MAX_MOVES];
    int decided = 0;
    for (int game = 0; game < games; game++) {
        rules_pos pos;
        rules_start(g, &pos);
        pnaive_pos np;
        naive_new(variant, true, 0, &np);
        for (int ply = 0;; ply++) {
            char line[RULES_POS_TEXT_MAX] = "", nline[RULES_POS_TEXT_MAX];
            rules_outcome_t o;
            rules_outcome(g, &pos, &o);
            if (o.over || ply % 16 == 0) {
                rules_pos_write(g, &pos, line, sizeof line);
                pnaive_line(&np, nline, sizeof nline);
                if (strcmp(line, nline) != 0)
                    cr_assert_fail("%s game %d ply %d:\n%s\n%s", variant,
                                   game, ply, line, nline);
            } else {
                const pente_pos *p = pp(&pos);
                for (int cell = 0; cell < 361; cell++)
                    if (".wbrupp"[pente_at(p, cell)] !=
                        np.board[18 - cell / 19][cell % 19])
                        cr_assert_fail("%s game %d ply %d: cell %d differs",
                                       variant, game, ply, cell);
                if (p->ply != np.ply || p->captured[0] != np.captured[0] ||
                    p->captured[1] != np.captured[1] ||
                    p->power_left[0] != np.power_left[0] ||
                    p->power_left[1] != np.power_left[1])
                    cr_assert_fail("%s game %d ply %d: counters differ",
                                   variant, game, ply);
            }
            if (o.over != (np.end != PNAIVE_ONGOING))
                cr_assert_fail("%s game %d: over %d: %s", variant, game,
                               o.over, line);
            if (o.over) {
                cr_assert_eq(o.reason, naive_end(np.end));
                for (int s = 0; s < o.nseats; s++)
                    if (np.winner >= 0)
                        cr_assert_eq(o.result[s] == RULES_RESULT_WIN,
                                     s % 2 == np.winner);
                decided += np.winner >= 0;
                if (o.reason == RULES_END_CAPTURES)
                    (*captures_seen)++;
                break;
            }
            size_t n = 0;
            if (ply < 8 || ply % 16 == 0) {
                n = rules_legal_moves(g, &pos, list, RULES_MAX_MOVES);
                int nn = pnaive_legal_moves(&np, nlist);
                if (n != (size_t)nn || rules_count_moves(g, &pos) != n)
                    cr_assert_fail("%s game %d: %zu legal moves, naive %d: "
                                   "%s",
                                   variant, game, n, nn, line);
                for (size_t i = 0; i < n; i++) {
                    pnaive_move a = naive_of(&list[i]);
                    if (a.cell != nlist[i].cell ||
                        a.power != nlist[i].power ||
                        a.bonus != nlist[i].bonus)
                        cr_assert_fail("%s game %d: legal move %zu differs",
                                       variant, game, i);
                }
            }
            char text[RULES_MOVE_TEXT_MAX], why[RULES_REASON_MAX];
            rules_move m;
            bool ok = false;
            for (int t = 0; t < 4 && ply > 0 && !ok; t++) {
                random_text(&r, pp(&pos), text, sizeof text);
                ok = rules_parse_move(g, &pos, text, &m, why, sizeof why) ==
                     RULES_OK;
            }
            if (!ok) {
                if (n == 0)
                    n = rules_legal_moves(g, &pos, list, RULES_MAX_MOVES);
                m = list[rng_below(&r, (uint32_t)n)];
                rules_format_move(g, &m, text, sizeof text);
            }
            char back[RULES_MOVE_TEXT_MAX];
            rules_move m2;
            rules_format_move(g, &m, back, sizeof back);
            if (rules_parse_move(g, &pos, back, &m2, why, sizeof why) !=
                    RULES_OK ||
                memcmp(&m, &m2, sizeof m) != 0)
                cr_assert_fail("%s -> %s: %s", text, back, why);
            pnaive_move nm = naive_of(&m);
            if (!pnaive_legal(&np, &nm))
                cr_assert_fail("%s game %d: naive refuses %s", variant, game,
                               text);
            rules_apply(g, &pos, &m);
            pnaive_apply(&np, &nm);
        }
    }
    rules_game_free(g);
    return decided;
}

Test(pente, random_games_standard_match_naive, .timeout = 120)
{
    int caps = 0;
    int decided = compare_random_games("standard", 2000, 1, &caps);
    cr_assert_gt(decided, 1500, "decided %d", decided);
    cr_assert_gt(caps, 20, "capture wins %d", caps);
}

Test(pente, random_games_plus_match_naive, .timeout = 120)
{
    int caps = 0;
    int decided = compare_random_games("plus", 400, 2, &caps);
    cr_assert_gt(decided, 260, "decided %d", decided);
}

Test(pente, random_games_partner_and_team_match_naive, .timeout = 120)
{
    int caps = 0;
    cr_assert_gt(compare_random_games("partner", 300, 3, &caps), 180);
    cr_assert_gt(compare_random_games("team", 300, 4, &caps), 180);
}
