/*
 * test_puzzle.c - the Pentago Pattern Puzzle contest (game pentago-puzzle,
 * referee/rules/puzzle*.c): scripted breakers and menders through whole
 * rounds (success at levels 1 and 2, a failed mender out, a level
 * everybody failed replayed up to the cap, 3 players with one out, the
 * winner, the last level), the order of roles, illegal and malformed
 * turns, outcome_fault, position lines both ways, perft against counts
 * worked out by hand, the shipped pattern file against the compiled-in
 * table, options and their errors; and puzzle_bot (bots/c/puzzle_bot.c)
 * mending breaks of levels 1 to 3 and breaking, run on position lines.
 */
#include <criterion/criterion.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "board9.h"
#include "proto.h"
#include "puzzle.h"
#include "rules.h"
#include "support/botrun.h"
#include "util/rng.h"

/* Four gems in four colours, in blocks 1, 5 and 9; a1 and b1 make block
 * 1 change with every turn. */
#define ROWS_T                                                                \
    "wb......./........./........./........./....u..../........./"            \
    "........./........./........r"
#define PAT_T "pattern=" ROWS_T

/* ---- helpers ----------------------------------------------------------- */

static rules_game *new_game(const char *variant, const char *options)
{
    char err[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new("pentago-puzzle", variant, options, err,
                                   sizeof err);
    cr_assert_not_null(g, "rules_game_new(%s, %s): %s", variant, options,
                       err);
    return g;
}

/* The error of options that must be refused. */
static void game_error(const char *variant, const char *options, char *err,
                       size_t len)
{
    rules_game *g = rules_game_new("pentago-puzzle", variant, options, err,
                                   len);
    cr_assert_null(g, "options '%s' accepted", options);
}

static void play(const rules_game *g, rules_pos *pos, const char *text)
{
    char why[RULES_REASON_MAX] = "";
    rules_move m;
    rules_status st = rules_parse_move(g, pos, text, &m, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "move '%s': %s", text, why);
    rules_apply(g, pos, &m);
}

/* The move is refused with status want and a reason holding part. */
static void refused(const rules_game *g, const rules_pos *pos,
                    const char *text, rules_status want, const char *part)
{
    char why[RULES_REASON_MAX] = "";
    rules_move m;
    rules_status st = rules_parse_move(g, pos, text, &m, why, sizeof why);
    cr_assert_eq(st, want, "move '%s': status %d (%s), want %d", text, st,
                 why, want);
    cr_assert(strstr(why, part), "move '%s': reason '%s' lacks '%s'", text,
              why, part);
}

static const char *line_of(const rules_game *g, const rules_pos *pos,
                           char *buf)
{
    rules_pos_write(g, pos, buf, RULES_POS_TEXT_MAX);
    return buf;
}

/* The fields of the position line after the board. */
static const char *state_of(const rules_game *g, const rules_pos *pos,
                            char *buf)
{
    line_of(g, pos, buf);
    return strchr(buf, ' ') + 1;
}

static void expect_state(const rules_game *g, const rules_pos *pos,
                         const char *want)
{
    char buf[RULES_POS_TEXT_MAX];
    cr_assert_str_eq(state_of(g, pos, buf), want);
}

static void read_pos(const rules_game *g, const char *line, rules_pos *pos)
{
    char why[RULES_REASON_MAX] = "";
    rules_status st = rules_pos_read(g, line, pos, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "pos_read('%s'): %s", line, why);
}

/* The reason a bad position line is refused with; it must hold part. */
static void bad_line(const rules_game *g, const char *line, const char *part)
{
    char why[RULES_REASON_MAX] = "";
    rules_pos pos;
    rules_status st = rules_pos_read(g, line, &pos, why, sizeof why);
    cr_assert_eq(st, RULES_BAD_POS, "'%s' accepted", line);
    cr_assert(strstr(why, part), "'%s': reason '%s' lacks '%s'", line, why,
              part);
}

/* A break: the cell where the gem is removed and the block turn. */
typedef struct {
    const char *cell;
    int block, dir; /* block 0..8, dir 0 = R */
} cut;

static int cell_of(const char *name)
{
    const char *s = name;
    int c = board9_parse_cell(&s);
    cr_assert_geq(c, 0, "cell %s", name);
    return c;
}

#define MAX_K 4

/* The 2k turns of a mend at level k from pattern pat: break b ("-CELL
 * BR" each), then the mend that undoes it.  The mender turns the
 * breaker's blocks back in reverse order; the gem of removal i, whose
 * pattern cell p_i is the removal cell with the breaker's earlier turns
 * undone, is placed at turn i where the mender's remaining turns carry
 * it onto p_i. */
static void mend_texts(const cut *b, int k, const uint8_t *pat,
                       char out[][16])
{
    cr_assert_leq(k, MAX_K);
    for (int i = 0; i < k; i++) {
        char t[3], cell[3];
        board9_turn_text(b[i].block * 2 + b[i].dir, t);
        snprintf(out[i], 16, "-%s %s", b[i].cell, t);
        int p = cell_of(b[i].cell);
        for (int j = i - 1; j >= 0; j--)
            p = board9_turned_cell(p, b[j].block, !b[j].dir);
        cr_assert_gt(pat[p], 0, "no gem at the pattern cell of removal %d",
                     i);
        int x = p;
        for (int j = 0; j < k - i; j++)
            x = board9_turned_cell(x, b[j].block, b[j].dir);
        const cut *undo = &b[k - 1 - i];
        board9_cell_text(x, cell);
        board9_turn_text(undo->block * 2 + !undo->dir, t);
        snprintf(out[k + i], 16, "%s%c %s", cell,
                 puzzle_colour_char(pat[p]), t);
    }
}

static void pattern_of(const char *rows, uint8_t pat[PUZZLE_CELLS])
{
    char why[RULES_REASON_MAX];
    cr_assert(puzzle_rows_read(rows, strlen(rows), pat, why, sizeof why),
              "%s", why);
}

/* Put the gem of a mender's turn text on another empty cell: the mend
 * fails. */
static void spoil(const rules_game *g, const rules_pos *pos, char *text)
{
    char line[RULES_POS_TEXT_MAX];
    line_of(g, pos, line);
    int x = cell_of(text), y = 0;
    while (y == x || line[y + y / 9] != '.')
        y++;
    char colour = text[2];
    board9_cell_text(y, text);
    text[2] = colour;
}

static void play_break(const rules_game *g, rules_pos *pos, const cut *b,
                       int k)
{
    uint8_t pat[PUZZLE_CELLS];
    char t[2 * MAX_K][16];
    pattern_of(ROWS_T, pat);
    mend_texts(b, k, pat, t);
    for (int i = 0; i < k; i++)
        play(g, pos, t[i]);
}

/* The mender's k turns after break b of pattern pat; with wrong, the
 * last gem goes to another cell. */
static void play_mend(const rules_game *g, rules_pos *pos, const cut *b,
                      int k, const uint8_t *pat, bool wrong)
{
    char t[2 * MAX_K][16];
    mend_texts(b, k, pat, t);
    for (int i = k; i < 2 * k; i++) {
        if (wrong && i == 2 * k - 1)
            spoil(g, pos, t[i]);
        play(g, pos, t[i]);
    }
}

/* One whole mend at level k: break b, then an exact or a wrong mend. */
static void mend(const rules_game *g, rules_pos *pos, const cut *b, int k,
                 bool ok)
{
    uint8_t pat[PUZZLE_CELLS];
    pattern_of(ROWS_T, pat);
    play_break(g, pos, b, k);
    play_mend(g, pos, b, k, pat, !ok);
}

static const cut B1[] = {{"a1", 0, 0}};                 /* level 1 */
static const cut B2[] = {{"i9", 8, 1}, {"a1", 0, 0}};   /* level 2 */
static const cut B2b[] = {{"e5", 0, 0}, {"c1", 0, 0}};  /* block 1 twice */
static const cut B3[] = {{"b1", 4, 0}, {"e5", 0, 1}, {"i9", 8, 0}};

static void expect_outcome(const rules_game *g, const rules_pos *pos,
                           const char *places, const char *results)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert(o.over, "contest not over");
    cr_assert_eq(o.reason, RULES_END_PUZZLE);
    cr_assert_str_eq(rules_end_name(o.reason), "puzzle");
    for (int s = 0; s < rules_seats(g); s++) {
        cr_assert_eq(o.place[s], places[s] - '0', "seat %d place %d", s,
                     o.place[s]);
        char r = o.result[s] == RULES_RESULT_WIN    ? 'W'
                 : o.result[s] == RULES_RESULT_DRAW ? 'D'
                 : o.result[s] == RULES_RESULT_LOSS ? 'L'
                                                    : '?';
        cr_assert_eq(r, results[s], "seat %d result %c, want %c", s, r,
                     results[s]);
        cr_assert_eq(o.win_points[s], 0);
    }
    cr_assert_eq(rules_count_moves(g, pos), 0);
}

static void expect_going_on(const rules_game *g, const rules_pos *pos)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert_not(o.over);
}

/* ---- rounds ------------------------------------------------------------ */

Test(puzzle, start_position_and_first_turns)
{
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_seats(g), 2);
    cr_assert(rules_moves_hidden(g));
    char line[RULES_POS_TEXT_MAX];
    cr_assert_str_eq(line_of(g, &pos, line), ROWS_T " 1 1 b 1 0 ++ - 0");
    /* Seat 0 mends first, so seat 1 breaks first. */
    cr_assert_eq(rules_to_move(g, &pos), 1);
    play(g, &pos, "-a1 1R");
    cr_assert_str_eq(line_of(g, &pos, line),
                     "........./..b....../........./........./....u..../"
                     "........./........./........./........r 1 0 m 1 0 ++ "
                     "w 0");
    cr_assert_eq(rules_to_move(g, &pos), 0);
    cr_assert_eq(rules_ply(g, &pos), 1);
    rules_game_free(g);
}

Test(puzzle, success_at_level_1_and_2)
{
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    play(g, &pos, "-a1 1R");
    play(g, &pos, "c1w 1L"); /* worked out by hand: a1 comes back */
    char line[RULES_POS_TEXT_MAX];
    cr_assert_str_eq(line_of(g, &pos, line), ROWS_T " 1 0 b 1 1 ++ - 0");
    mend(g, &pos, B1, 1, true); /* seat 1's mend, seat 0 breaks */
    /* Both mended: level 2, seat 0 mends first again. */
    expect_state(g, &pos, "2 1 b 1 0 ++ - 0");
    play_break(g, &pos, B2, 2);
    expect_state(g, &pos, "2 0 m 1 0 ++ wr 0");
    uint8_t pat[PUZZLE_CELLS];
    pattern_of(ROWS_T, pat);
    play_mend(g, &pos, B2, 2, pat, false);
    expect_state(g, &pos, "2 0 b 1 1 ++ - 0");
    mend(g, &pos, B2b, 2, true); /* one block turned twice */
    expect_state(g, &pos, "3 1 b 1 0 ++ - 0");
    mend(g, &pos, B3, 3, true);
    expect_state(g, &pos, "3 0 b 1 1 ++ - 0");
    cr_assert_eq(rules_ply(g, &pos), 18);
    expect_going_on(g, &pos);
    rules_game_free(g);
}

Test(puzzle, failed_mender_is_out_with_its_place)
{
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    mend(g, &pos, B1, 1, false);
    /* Still in until the round ends, marked as failed. */
    expect_state(g, &pos, "1 0 b 1 1 x+ - 0");
    expect_going_on(g, &pos);
    mend(g, &pos, B1, 1, true);
    expect_outcome(g, &pos, "21", "LW");
    expect_state(g, &pos, "1 - - - - 21 - 0");
    refused(g, &pos, "-a1 1R", RULES_ILLEGAL, "the contest is over");
    rules_game_free(g);
}

Test(puzzle, level_everybody_failed_is_replayed_then_shared)
{
    rules_game *g = new_game("2p", PAT_T " replays=1");
    rules_pos pos;
    rules_start(g, &pos);
    mend(g, &pos, B1, 1, false);
    mend(g, &pos, B1, 1, false);
    /* Nobody is out: level 1 again, once. */
    expect_state(g, &pos, "1 1 b 1 0 ++ - 1");
    mend(g, &pos, B1, 1, false);
    mend(g, &pos, B1, 1, false);
    /* The cap: those still in share place 1. */
    expect_outcome(g, &pos, "11", "DD");
    rules_game_free(g);
}

Test(puzzle, replay_then_success_resets_the_count)
{
    rules_game *g = new_game("3p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    for (int i = 0; i < 3; i++)
        mend(g, &pos, B1, 1, false);
    expect_state(g, &pos, "1 1 b 1 0 +++ - 1");
    mend(g, &pos, B1, 1, false);
    mend(g, &pos, B1, 1, true);
    mend(g, &pos, B1, 1, false);
    /* Seats 0 and 2 share place 2; seat 1 alone is left and wins. */
    expect_outcome(g, &pos, "212", "LWL");
    rules_game_free(g);
}

Test(puzzle, three_players_one_out_contest_goes_on_to_a_winner)
{
    rules_game *g = new_game("3p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_seats(g), 3);
    mend(g, &pos, B1, 1, false); /* seat 0, broken by seat 1 */
    mend(g, &pos, B1, 1, true);  /* seat 1, broken by seat 2 */
    mend(g, &pos, B1, 1, true);  /* seat 2, broken by seat 0 */
    /* Seat 0 is out in third place; level 2 with seats 1 and 2. */
    expect_state(g, &pos, "2 2 b 1 1 3++ - 0");
    expect_going_on(g, &pos);
    mend(g, &pos, B2, 2, true);   /* seat 1, broken by seat 2 */
    expect_state(g, &pos, "2 1 b 1 2 3++ - 0");
    mend(g, &pos, B2b, 2, false); /* seat 2, broken by seat 1 */
    expect_outcome(g, &pos, "312", "LWL");
    rules_game_free(g);
}

Test(puzzle, last_level_reached_shares_first_place)
{
    rules_game *g = new_game("2p", PAT_T " maxlevel=1");
    rules_pos pos;
    rules_start(g, &pos);
    mend(g, &pos, B1, 1, true);
    mend(g, &pos, B1, 1, true);
    expect_outcome(g, &pos, "11", "DD");
    rules_game_free(g);

    /* The pattern's 4 gems stop the contest after level 4 whatever
     * maxlevel says. */
    g = new_game("2p", PAT_T " maxlevel=9");
    char line[RULES_POS_TEXT_MAX];
    cr_assert(strstr(rules_options_text(g), "maxlevel=9"));
    read_pos(g, ROWS_T " 4 1 b 1 0 ++ - 0", &pos);
    bad_line(g, ROWS_T " 5 1 b 1 0 ++ - 0", "level 5 is not 1-4");
    static const cut b4[] = {
        {"a1", 0, 0}, {"c2", 0, 0}, {"e5", 4, 0}, {"i9", 8, 0}};
    uint8_t pat[PUZZLE_CELLS];
    pattern_of(ROWS_T, pat);
    for (int m = 0; m < 2; m++) {
        play_break(g, &pos, b4, 4);
        cr_assert(strncmp(line_of(g, &pos, line), "........./", 10) == 0,
                  "%s", line); /* every gem removed */
        play_mend(g, &pos, b4, 4, pat, false);
    }
    expect_outcome(g, &pos, "11", "DD");
    rules_game_free(g);
}

Test(puzzle, four_players_two_out_together_share_third)
{
    rules_game *g = new_game("4p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    mend(g, &pos, B1, 1, true);
    mend(g, &pos, B1, 1, false);
    mend(g, &pos, B1, 1, true);
    mend(g, &pos, B1, 1, false);
    expect_state(g, &pos, "2 2 b 1 0 +3+3 - 0");
    /* Seat 0's breaker is seat 2 now: seat 1 is out. */
    cr_assert_eq(rules_to_move(g, &pos), 2);
    mend(g, &pos, B2, 2, false);
    mend(g, &pos, B2, 2, true);
    expect_outcome(g, &pos, "2313", "LLWL");
    rules_game_free(g);
}

Test(puzzle, roles_turn_in_seat_order_across_rounds)
{
    rules_game *g = new_game("3p", PAT_T " maxlevel=2");
    rules_pos pos;
    rules_start(g, &pos);
    uint8_t pat[PUZZLE_CELLS];
    pattern_of(ROWS_T, pat);
    char t1[2][16], t2[4][16];
    mend_texts(B1, 1, pat, t1);
    mend_texts(B2, 2, pat, t2);
    /* Who moves and as what, turn by turn, every mend a success: level 1
     * (2 turns a mend), then level 2 (4 turns a mend), then the end. */
    const char *want = "1b0m 2b1m 0b2m "
                       "1b1b0m0m 2b2b1m1m 0b0b2m2m ";
    char got[128] = "";
    for (int turn = 0; turn < 3 * 2 + 3 * 4; turn++) {
        char line[RULES_POS_TEXT_MAX];
        int level, seat, step, mender;
        char role;
        line_of(g, &pos, line);
        cr_assert_eq(sscanf(strchr(line, ' '), "%d %d %c %d %d", &level,
                            &seat, &role, &step, &mender), 5, "%s", line);
        cr_assert_eq(seat, rules_to_move(g, &pos));
        cr_assert_eq(mender, role == 'm' ? seat : mender);
        size_t n = strlen(got);
        snprintf(got + n, sizeof got - n, "%d%c%s", seat, role,
                 step == level && role == 'm' ? " " : "");
        play(g, &pos, turn < 6 ? t1[turn % 2] : t2[(turn - 6) % 4]);
    }
    cr_assert_str_eq(got, want);
    expect_outcome(g, &pos, "111", "DDD");
    rules_game_free(g);
}

/* ---- turns refused ----------------------------------------------------- */

Test(puzzle, illegal_turns_say_why)
{
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    refused(g, &pos, "-c4 2R", RULES_ILLEGAL,
            "cell c4 is empty: there is no gem to remove");
    refused(g, &pos, "c4w 2R", RULES_ILLEGAL, "seat 1 breaks now");
    play(g, &pos, "-a1 1R");
    /* A white gem was handed back: red is not. */
    refused(g, &pos, "c1r 1L", RULES_ILLEGAL,
            "no red gem is handed back to place (handed back: w)");
    refused(g, &pos, "-e5 1L", RULES_ILLEGAL, "seat 0 mends now");
    refused(g, &pos, "e5w 1L", RULES_ILLEGAL,
            "cell e5 is occupied by a blue gem");
    rules_game_free(g);

    /* Each gem at most as often as removed. */
    g = new_game("2p", PAT_T);
    read_pos(g, ROWS_T " 2 1 b 1 0 ++ - 0", &pos);
    play(g, &pos, "-a1 1R");
    play(g, &pos, "-e5 5R");
    play(g, &pos, "a1W 5L"); /* upper case is read */
    refused(g, &pos, "b2w 5L", RULES_ILLEGAL, "no white gem is handed back");
    play(g, &pos, "B2U 5l");
    rules_game_free(g);
}

Test(puzzle, malformed_turns_say_why)
{
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    refused(g, &pos, "", RULES_MALFORMED, "empty move");
    refused(g, &pos, "-j1 1R", RULES_MALFORMED, "'j1' is not a cell a1-i9");
    refused(g, &pos, "-a1w 1R", RULES_MALFORMED, "a removal takes no colour");
    refused(g, &pos, "-a1", RULES_MALFORMED, "a turn is missing after a1");
    refused(g, &pos, "-a1 0R", RULES_MALFORMED, "is not a turn 1R-9L");
    refused(g, &pos, "-a1 1X", RULES_MALFORMED, "is not a turn 1R-9L");
    refused(g, &pos, "-a11R", RULES_MALFORMED, "'a11' is not a cell");
    refused(g, &pos, "- 1R", RULES_MALFORMED, "'1R' is not a cell a1-i9");
    refused(g, &pos, "-", RULES_MALFORMED, "a cell a1-i9 is missing");
    refused(g, &pos, "-a1 1R 2R", RULES_MALFORMED,
            "unexpected '2R' after the move");
    play(g, &pos, "  - a1   1r ");
    refused(g, &pos, "c1 1L", RULES_MALFORMED,
            "the gem's colour is missing after c1");
    refused(g, &pos, "c1x 1L", RULES_MALFORMED,
            "the gem's colour is missing after c1");
    refused(g, &pos, "c1w1L", RULES_MALFORMED, "is not a turn");
    rules_game_free(g);
}

Test(puzzle, move_texts_canonical_and_in_order)
{
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    static rules_move moves[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
    cr_assert_eq(n, 4 * 18);
    char text[RULES_MOVE_TEXT_MAX];
    rules_format_move(g, &moves[0], text, sizeof text);
    cr_assert_str_eq(text, "-a1 1R");
    rules_format_move(g, &moves[1], text, sizeof text);
    cr_assert_str_eq(text, "-a1 1L");
    rules_format_move(g, &moves[18 + 17], text, sizeof text);
    cr_assert_str_eq(text, "-b1 9L");
    rules_format_move(g, &moves[n - 1], text, sizeof text);
    cr_assert_str_eq(text, "-i9 9L");
    cr_assert_eq(moves[0].step[0].kind, RULES_STEP_REMOVE);
    cr_assert_eq(moves[0].step[1].kind, RULES_STEP_ROTATE);
    play(g, &pos, "-E5 5r");
    /* The mender: every empty cell, the one colour handed back. */
    n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
    cr_assert_eq(n, (81 - 3) * 18);
    cr_assert_eq(rules_count_moves(g, &pos), n);
    rules_format_move(g, &moves[0], text, sizeof text);
    cr_assert_str_eq(text, "c1u 1R"); /* a1, b1 hold gems */
    cr_assert_eq(moves[0].step[0].kind, RULES_STEP_PLACE);
    cr_assert_eq(moves[0].step[0].colour, 3);
    /* Every listed move parses back to itself. */
    for (size_t i = 0; i < n; i += 97) {
        rules_move m;
        char why[RULES_REASON_MAX], again[RULES_MOVE_TEXT_MAX];
        rules_format_move(g, &moves[i], text, sizeof text);
        cr_assert_eq(rules_parse_move(g, &pos, text, &m, why, sizeof why),
                     RULES_OK, "%s: %s", text, why);
        rules_format_move(g, &m, again, sizeof again);
        cr_assert_str_eq(again, text);
    }
    rules_game_free(g);
}

Test(puzzle, mender_list_fits_the_bound)
{
    /* One gem of each colour, all removed at level 4: the most moves a
     * mender can have, 4 colours x 81 cells x 18 turns. */
    rules_game *g = new_game(
        "2p", "pattern=wbru...../........./........./........./........./"
              "........./........./........./.........");
    rules_pos pos;
    rules_start(g, &pos);
    read_pos(g, "wbru...../........./........./........./........./"
                "........./........./........./......... 4 1 b 1 0 ++ - 0",
             &pos);
    play(g, &pos, "-a1 9R");
    play(g, &pos, "-b1 9R");
    play(g, &pos, "-c1 9R");
    play(g, &pos, "-d1 9R");
    cr_assert_eq(rules_count_moves(g, &pos), 4 * 81 * 18);
    cr_assert_leq(4 * 81 * 18, RULES_MAX_MOVES);
    static rules_move moves[RULES_MAX_MOVES];
    cr_assert_eq(rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES),
                 4 * 81 * 18);
    rules_game_free(g);
}

/* ---- faults ------------------------------------------------------------- */

static void expect_fault(const rules_game *g, const rules_pos *pos, int seat,
                         const char *places, const char *results)
{
    rules_outcome_t o;
    rules_outcome_fault(g, pos, seat, &o);
    cr_assert(o.over);
    for (int s = 0; s < rules_seats(g); s++) {
        cr_assert_eq(o.place[s], places[s] - '0', "fault by %d: seat %d "
                     "place %d", seat, s, o.place[s]);
        char r = o.result[s] == RULES_RESULT_WIN    ? 'W'
                 : o.result[s] == RULES_RESULT_DRAW ? 'D'
                                                    : 'L';
        cr_assert_eq(r, results[s], "fault by %d: seat %d", seat, s);
    }
}

Test(puzzle, outcome_fault_keeps_places_decided)
{
    rules_game *g = new_game("3p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    /* At the start: the faulting seat is last, the others share first. */
    expect_fault(g, &pos, 1, "131", "WLW");
    rules_game_free(g);

    g = new_game("2p", PAT_T);
    rules_start(g, &pos);
    expect_fault(g, &pos, 0, "21", "LW");
    rules_game_free(g);

    /* Seat 0 is out in third place; seat 2 faults: seat 1 wins. */
    g = new_game("3p", PAT_T);
    read_pos(g, ROWS_T " 2 2 b 1 1 3++ - 0", &pos);
    expect_fault(g, &pos, 2, "312", "LWL");
    /* A seat already out keeps its place; the others share first. */
    expect_fault(g, &pos, 0, "311", "LWW");
    rules_game_free(g);

    /* 4 players, seat 3 out in fourth: a fault by seat 0 puts it third. */
    g = new_game("4p", PAT_T);
    read_pos(g, ROWS_T " 2 2 b 1 1 +++4 - 0", &pos);
    expect_fault(g, &pos, 0, "3114", "LWWL");
    rules_game_free(g);
}

/* ---- position lines ----------------------------------------------------- */

Test(puzzle, position_lines_round_trip_through_a_contest)
{
    rules_game *g = new_game("3p", PAT_T " maxlevel=3 replays=1");
    rules_pos pos;
    rules_start(g, &pos);
    rng r;
    rng_seed(&r, 16);
    static rules_move moves[RULES_MAX_MOVES];
    int lines = 0;
    for (;;) {
        char line[RULES_POS_TEXT_MAX], again[RULES_POS_TEXT_MAX];
        rules_pos back;
        line_of(g, &pos, line);
        read_pos(g, line, &back);
        cr_assert_str_eq(line_of(g, &back, again), line);
        cr_assert_eq(rules_to_move(g, &back), rules_to_move(g, &pos));
        cr_assert_eq(rules_count_moves(g, &back), rules_count_moves(g, &pos));
        rules_outcome_t a, b;
        rules_outcome(g, &pos, &a);
        rules_outcome(g, &back, &b);
        cr_assert_eq(a.over, b.over);
        cr_assert_eq(memcmp(a.place, b.place, sizeof a.place), 0);
        lines++;
        size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
        if (n == 0)
            break;
        rules_apply(g, &pos, &moves[rng_below(&r, (uint32_t)n)]);
    }
    /* Random menders fail: every level is replayed once, then the end. */
    cr_assert_eq(lines, 2 * 3 * 2 + 1);
    char end[RULES_POS_TEXT_MAX];
    cr_assert_str_eq(state_of(g, &pos, end), "1 - - - - 111 - 1");
    rules_game_free(g);
}

Test(puzzle, position_lines_refused_with_a_reason)
{
    rules_game *g = new_game("3p", PAT_T);
    const char *b1 = "........./..b....../........./........./....u..../"
                     "........./........./........./........r";
    rules_pos pos;
    read_pos(g, ROWS_T " 1 1 b 1 0 +++ - 0", &pos);
    char line[RULES_POS_TEXT_MAX];
    snprintf(line, sizeof line, "%s 1 0 m 1 0 +++ w 0", b1);
    read_pos(g, line, &pos);
    bad_line(g, "wb....../", "board: row 1 has 8 cells, not 9");
    bad_line(g, "wb......x/", "board: row 1: 'x' is not one of . w b r u");
    bad_line(g, ROWS_T, "LEVEL is missing");
    bad_line(g, ROWS_T " 1 1 b 1 0 +++ -", "REPLAYS is missing");
    bad_line(g, ROWS_T " 1 1 b 1 0 +++ - 0 9", "unexpected text");
    bad_line(g, ROWS_T " 0 1 b 1 0 +++ - 0", "level '0' is not a number");
    bad_line(g, ROWS_T " 1 1 b 1 0 +++ - 3", "3 replays of the level, but "
                                             "replays=2");
    bad_line(g, ROWS_T " 1 1 q 1 0 +++ - 0", "role 'q' is not b");
    bad_line(g, ROWS_T " 1 2 b 1 0 +++ - 0",
             "seat 2 cannot break in seat 0's mend: seat 1 does");
    bad_line(g, ROWS_T " 1 1 m 1 0 +++ - 0",
             "seat 1 cannot mend in seat 0's mend: seat 0 does");
    bad_line(g, ROWS_T " 1 1 b 2 0 +++ - 0", "step '2' is not a turn 1-1");
    bad_line(g, ROWS_T " 1 1 b 1 0 ++ - 0", "players '++'");
    bad_line(g, ROWS_T " 1 1 b 1 0 ++? - 0", "seat 2 is '?'");
    bad_line(g, ROWS_T " 1 1 b 1 0 +++ w 0",
             "1 white gem on the board and 1 handed back, but the pattern "
             "has 1");
    bad_line(g, ROWS_T " 1 1 b 1 0 +++ k 0", "'k' is not one of w b r u");
    snprintf(line, sizeof line, "%s 1 0 m 1 0 +++ - 0", b1);
    bad_line(g, line, "0 white gems on the board and 0 handed back");
    snprintf(line, sizeof line, "%s 1 0 b 1 2 +++ w 0", b1);
    bad_line(g, line, "1 gem handed back, but the breaker has removed 0");
    bad_line(g, ROWS_T " 1 1 b 1 0 x++ - 0",
             "seat 0 cannot have failed in this round");
    read_pos(g, ROWS_T " 1 2 b 1 1 3++ - 0", &pos);
    bad_line(g, ROWS_T " 1 2 b 1 1 2++ - 0",
             "seat 0 cannot have place 2: 2 seats rank above it");
    bad_line(g, ROWS_T " 1 0 b 1 2 +33 - 0", "seat 1 cannot have place 3");
    bad_line(g, ROWS_T " 1 2 b 1 1 +2+ - 0", "seat 1 cannot have place 2");
    bad_line(g, ROWS_T " 1 0 b 1 0 2+3 - 0", "the mender, seat 0, is not in");
    bad_line(g, ROWS_T " 1 0 b 1 1 1+2 - 0", "seat 0 cannot have place 1");
    bad_line(g, ROWS_T " 1 0 b 1 2 32+ - 0", "two players in at least");
    /* Over: every seat placed, the turn fields '-'. */
    read_pos(g, ROWS_T " 2 - - - - 312 - 0", &pos);
    expect_outcome(g, &pos, "312", "LWL");
    read_pos(g, ROWS_T " 2 - - - - 113 - 0", &pos);
    expect_outcome(g, &pos, "113", "WWL");
    bad_line(g, ROWS_T " 2 1 b 1 0 312 - 0", "SEAT must be '-'");
    bad_line(g, ROWS_T " 2 - - - - 312 w 0", "HANDED must be '-'");
    bad_line(g, ROWS_T " 2 - - - - 313 - 0",
             "seat 0 cannot have place 3: 1 seat ranks above it");
    snprintf(line, sizeof line, "%s 2 - - - - 312 - 0", b1);
    bad_line(g, line, "the contest is over, so the board is the pattern");
    rules_game_free(g);
}

Test(puzzle, mangled_lines_and_moves_never_break_the_engine)
{
    /* Lines one character off a real one, cut short or with a field
     * dropped: refused, or read into a state that writes a line which
     * reads back to itself; texts one character off a real turn: refused,
     * or parsed into a turn whose canonical text parses back. */
    rules_game *g = new_game("3p", PAT_T);
    rules_pos pos, back;
    static const char alphabet[] = ".wbru+x-0123456789mb /";
    const char *bases[] = {
        ROWS_T " 1 1 b 1 0 +++ - 0",
        "........./..b....../........./........./....u..../........./"
        "........./........./........r 1 0 m 1 0 +++ w 0",
        ROWS_T " 2 2 b 1 1 3++ - 1",
        ROWS_T " 2 - - - - 312 - 0",
    };
    rng r;
    rng_seed(&r, 77);
    static rules_move moves[RULES_MAX_MOVES];
    for (int i = 0; i < 20000; i++) {
        char line[RULES_POS_TEXT_MAX], out[RULES_POS_TEXT_MAX],
            again[RULES_POS_TEXT_MAX], why[RULES_REASON_MAX];
        snprintf(line, sizeof line, "%s", bases[rng_below(&r, 4)]);
        size_t len = strlen(line), at = rng_below(&r, (uint32_t)len);
        switch (rng_below(&r, 3)) {
        case 0: line[at] = alphabet[rng_below(&r, sizeof alphabet - 1)];
                break;
        case 1: line[at] = '\0'; break;
        default: memmove(line + at, line + at + 1, len - at); break;
        }
        if (rules_pos_read(g, line, &pos, why, sizeof why) != RULES_OK) {
            cr_assert(why[0], "'%s' refused without a reason", line);
            continue;
        }
        line_of(g, &pos, out);
        read_pos(g, out, &back);
        cr_assert_str_eq(line_of(g, &back, again), out, "from '%s'", line);
        size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
        cr_assert_eq(n, rules_count_moves(g, &pos));
        if (n == 0)
            continue;
        char text[RULES_MOVE_TEXT_MAX], canon[RULES_MOVE_TEXT_MAX];
        rules_format_move(g, &moves[rng_below(&r, (uint32_t)n)], text,
                          sizeof text);
        text[rng_below(&r, (uint32_t)strlen(text))] =
            alphabet[rng_below(&r, sizeof alphabet - 1)];
        rules_move m;
        if (rules_parse_move(g, &pos, text, &m, why, sizeof why) !=
            RULES_OK) {
            cr_assert(why[0], "'%s' refused without a reason", text);
            continue;
        }
        rules_format_move(g, &m, canon, sizeof canon);
        play(g, &pos, canon);
    }
    rules_game_free(g);
}

/* ---- perft -------------------------------------------------------------- */

Test(puzzle, perft_from_the_start_matches_counts_by_hand)
{
    /* G gems: a breaker has G x 18 turns; then the mender every empty
     * cell (81 - G + 1) with the one colour x 18; then, the mend over,
     * the next breaker G x 18 again. */
    rules_game *g = new_game("2p", PAT_T);
    rules_pos pos;
    rules_start(g, &pos);
    const uint64_t gems = 4, nbrk = gems * 18, mnd = (81 - gems + 1) * 18;
    cr_assert_eq(rules_perft(g, &pos, 0), 1);
    cr_assert_eq(rules_perft(g, &pos, 1), nbrk);
    cr_assert_eq(rules_perft(g, &pos, 2), nbrk * mnd);
    cr_assert_eq(rules_perft(g, &pos, 3), nbrk * mnd * nbrk);
    cr_assert_eq(rules_perft_texts(g, &pos, 2), nbrk * mnd);
    rules_game_free(g);

    /* The shipped default (windmill, 16 gems), 3 players. */
    g = new_game("3p", NULL);
    rules_start(g, &pos);
    cr_assert_eq(rules_perft(g, &pos, 2), (16 * 18) * (66 * 18));
    rules_game_free(g);

    /* Level 2, a mender with a white and a red gem to place: each empty
     * cell takes either; the next turn places the other. */
    g = new_game("2p", PAT_T);
    read_pos(g, ROWS_T " 2 1 b 1 0 ++ - 0", &pos);
    play(g, &pos, "-a1 2R");
    play(g, &pos, "-i9 2R");
    cr_assert_eq(rules_perft(g, &pos, 1), 79 * 2 * 18);
    cr_assert_eq(rules_perft(g, &pos, 2), (79 * 2 * 18) * (78 * 18));
    rules_game_free(g);
}

/* ---- patterns and options ----------------------------------------------- */

Test(puzzle, shipped_file_and_compiled_table_agree)
{
    FILE *f = fopen("matches/patterns/pentago-puzzle.txt", "r");
    cr_assert_not_null(f, "matches/patterns/pentago-puzzle.txt");
    char line[512], rows[PUZZLE_ROWS_TEXT + 16];
    size_t count = 0;
    int row = -1;
    const puzzle_pattern *pat = NULL;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (strncmp(line, "pattern ", 8) == 0) {
            cr_assert_eq(row, -1, "pattern %s: rows missing",
                         pat ? pat->name : "?");
            pat = puzzle_pattern_at(count++);
            cr_assert_not_null(pat, "more patterns in the file than built in");
            size_t nlen = strcspn(line + 8, " ");
            cr_assert_eq(strlen(pat->name), nlen);
            cr_assert(strncmp(line + 8, pat->name, nlen) == 0,
                      "pattern %zu: file '%s', table '%s'", count, line + 8,
                      pat->name);
            cr_assert_str_eq(line + 8 + nlen + 1, pat->about);
            row = 0;
            rows[0] = '\0';
            continue;
        }
        cr_assert(row >= 0 && row < 9, "a row outside a pattern: '%s'",
                  line);
        cr_assert_eq(strlen(line), 9, "%s row %d: '%s'", pat->name, row + 1,
                     line);
        strcat(rows, line);
        if (++row < 9) {
            strcat(rows, "/");
            continue;
        }
        cr_assert_str_eq(rows, pat->rows, "pattern %s", pat->name);
        row = -1;
    }
    fclose(f);
    cr_assert_eq(row, -1);
    cr_assert_eq(count, puzzle_pattern_count());
    cr_assert_geq(count, 8);
    cr_assert_not_null(puzzle_pattern_find(puzzle_pattern_default(),
                                           strlen(puzzle_pattern_default())));
}

Test(puzzle, every_shipped_pattern_makes_a_game)
{
    for (size_t i = 0; i < puzzle_pattern_count(); i++) {
        const puzzle_pattern *pat = puzzle_pattern_at(i);
        char opts[64], want[160];
        snprintf(opts, sizeof opts, "pattern=%s", pat->name);
        rules_game *g = new_game("4p", opts);
        snprintf(want, sizeof want, "pattern=%s maxlevel=4 replays=2",
                 pat->rows);
        cr_assert_str_eq(rules_options_text(g), want);
        uint8_t board[PUZZLE_CELLS];
        pattern_of(pat->rows, board);
        cr_assert_geq(puzzle_gems(board), 4, "%s: too few gems", pat->name);
        rules_game_free(g);
    }
}

Test(puzzle, options_canonical_and_compared)
{
    rules_game *a = new_game(NULL, NULL);
    cr_assert_str_eq(rules_variant_name(a), "2p");
    const char *windmill = puzzle_pattern_find("windmill", 8)->rows;
    char want[200];
    snprintf(want, sizeof want, "pattern=%s maxlevel=4 replays=2", windmill);
    cr_assert_str_eq(rules_options_text(a), want);
    /* The canonical text makes the same game. */
    rules_game *b = new_game("2p", rules_options_text(a));
    char why[RULES_REASON_MAX] = "";
    cr_assert(rules_game_same(a, b, why, sizeof why), "%s", why);
    rules_game_free(b);
    b = new_game("2p", "  replays=2 pattern=windmill  ");
    cr_assert(rules_game_same(a, b, why, sizeof why), "%s", why);
    rules_game_free(b);
    b = new_game("2p", "pattern=plus");
    cr_assert_not(rules_game_same(a, b, why, sizeof why));
    cr_assert_str_eq(why, "pattern: e2 is 'w' against '.'");
    rules_game_free(b);
    b = new_game("2p", "maxlevel=3");
    cr_assert_not(rules_game_same(a, b, why, sizeof why));
    cr_assert_str_eq(why, "maxlevel=4 against maxlevel=3");
    rules_game_free(b);
    b = new_game("2p", "replays=0");
    cr_assert_not(rules_game_same(a, b, why, sizeof why));
    cr_assert_str_eq(why, "replays=2 against replays=0");
    rules_game_free(b);
    b = new_game("3p", NULL);
    cr_assert_not(rules_game_same(a, b, why, sizeof why));
    cr_assert_eq(rules_seats(b), 3);
    cr_assert_str_eq(rules_seat_colour(b, 2), "red");
    cr_assert_eq(rules_seat_team(b, 2), 2);
    rules_game_free(b);
    rules_game_free(a);
    cr_assert_not_null(rules_options_help("pentago-puzzle"));
    cr_assert_str_eq(rules_variants_list("pentago-puzzle"), "2p,3p,4p");
}

Test(puzzle, bad_options_are_named)
{
    char err[RULES_REASON_MAX] = "";
    game_error("2p", "pattern=nope", err, sizeof err);
    cr_assert(strstr(err, "pattern: unknown pattern 'nope' (known: plus, "
                          "diamonds, smile,"), "%s", err);
    game_error("2p", "pattern=........./", err, sizeof err);
    cr_assert_str_eq(err, "pattern: 2 rows, not 9 (rows of nine of .wbru "
                          "separated by '/')");
    game_error("2p", "pattern=" ROWS_T "x", err, sizeof err);
    cr_assert_str_eq(err, "pattern: row 9 has 10 cells, not 9");
    game_error("2p", "pattern=......../", err, sizeof err);
    cr_assert_str_eq(err, "pattern: row 1 has 8 cells, not 9");
    game_error("2p", "pattern=a......../", err, sizeof err);
    cr_assert_str_eq(err, "pattern: row 1: 'a' is not one of . w b r u");
    game_error("2p", "pattern=W......../", err, sizeof err);
    cr_assert_str_eq(err, "pattern: row 1: 'W' is not one of . w b r u");
    game_error("2p", "pattern=........./........./........./........./"
                     "........./........./........./.........",
               err, sizeof err);
    cr_assert_str_eq(err, "pattern: 8 rows, not 9 (rows of nine of .wbru "
                          "separated by '/')");
    game_error("2p", "pattern=" ROWS_T "/.........", err, sizeof err);
    cr_assert_str_eq(err, "pattern: more than 9 rows");
    game_error("2p", "pattern=........./........./........./........./"
                     "........./........./........./........./.........",
               err, sizeof err);
    cr_assert_str_eq(err, "pattern: the pattern has no gem");
    game_error("2p", "maxlevel=0", err, sizeof err);
    cr_assert_str_eq(err, "maxlevel: '0' is not a number 1-81");
    game_error("2p", "replays=-1", err, sizeof err);
    cr_assert_str_eq(err, "replays: '-1' is not a number 0-99");
    game_error("2p", "level=2", err, sizeof err);
    cr_assert_str_eq(err, "unknown option 'level' (known: pattern, "
                          "maxlevel, replays)");
    game_error("2p", "maxlevel=2 maxlevel=3", err, sizeof err);
    cr_assert_str_eq(err, "maxlevel given twice");
    game_error("2p", "pattern", err, sizeof err);
    cr_assert_str_eq(err, "'pattern' is not key=value");
    game_error("5p", NULL, err, sizeof err);
    cr_assert(strstr(err, "unknown variant '5p'"), "%s", err);
}

Test(puzzle, render_shows_board_pattern_and_roles)
{
    rules_game *g = new_game("3p", PAT_T);
    rules_pos pos;
    read_pos(g, ROWS_T " 2 2 b 1 1 3++ - 1", &pos);
    play(g, &pos, "-a1 1R");
    char buf[RULES_BOARD_TEXT_MAX];
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "pattern"), "%s", buf);
    cr_assert(strstr(buf, " 1  . . . | . . . | . . .       w b . |"), "%s",
              buf);
    cr_assert(strstr(buf, "level 2 (replay 1 of 2), seat 1's mend: seat 2 "
                          "breaks, turn 2 of 2; handed back: w"), "%s", buf);
    cr_assert(strstr(buf, "players: 0 out (place 3), 1 in, 2 in"), "%s",
              buf);
    read_pos(g, ROWS_T " 2 - - - - 312 - 0", &pos);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "over (puzzle): seat 0 place 3, seat 1 place 1, "
                          "seat 2 place 2"), "%s", buf);
    rules_game_free(g);
}

/* ---- puzzle_bot --------------------------------------------------------- */

/* Run puzzle_bot (seat you) on one position line and one turn; its
 * move. */
static void bot_move(const char *options, int you, const char *line,
                     char *move, size_t len)
{
    char path[PATH_MAX + 16], script[4096];
    botrun_path("puzzle_bot", path, sizeof path);
    int n = snprintf(script, sizeof script,
                     "protocol 1\nset game pentago-puzzle\nset variant 2p\n"
                     "set options %s\nset seats 2\nset you %d\nset seed 5\n"
                     "set time 2000 0 0\nstart\nposition %s\n"
                     "turn 2000 -1\nquit 100\n",
                     options, you, line);
    cr_assert_lt(n, (int)sizeof script);
    char *argv[] = {path, NULL};
    botrun run;
    botrun_script(argv, script, true, &run);
    cr_assert(WIFEXITED(run.status) && WEXITSTATUS(run.status) == 0,
              "puzzle_bot failed on '%s'", line);
    const char *m = strstr(run.out, "\nmove ");
    cr_assert_not_null(m, "no move in:\n%s", run.out);
    m += 6;
    snprintf(move, len, "%.*s", (int)strcspn(m, "\n"), m);
}

/* Random breaks at levels 1 to 3 of a pattern, mended by the bot one
 * turn at a time: every mend succeeds. */
static void bot_mends(const char *name, uint64_t seed)
{
    char opts[64];
    snprintf(opts, sizeof opts, "pattern=%s", name);
    rules_game *g = new_game("2p", opts);
    const char *rows = puzzle_pattern_find(name, strlen(name))->rows;
    rng r;
    rng_seed(&r, seed);
    static rules_move moves[RULES_MAX_MOVES];
    for (int k = 1; k <= 3; k++) {
        char line[RULES_POS_TEXT_MAX];
        rules_pos pos;
        snprintf(line, sizeof line, "%s %d 1 b 1 0 ++ - 0", rows, k);
        read_pos(g, line, &pos);
        for (int i = 0; i < k; i++) {
            size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
            rules_apply(g, &pos, &moves[rng_below(&r, (uint32_t)n)]);
        }
        for (int i = 0; i < k; i++) {
            char move[RULES_MOVE_TEXT_MAX];
            cr_assert_eq(rules_to_move(g, &pos), 0);
            bot_move(rules_options_text(g), 0, line_of(g, &pos, line), move,
                     sizeof move);
            play(g, &pos, move);
        }
        /* Mended: seat 1 breaks for itself next, seat 0 did not fail. */
        char want[32];
        snprintf(want, sizeof want, "%d 0 b 1 1 ++ - 0", k);
        expect_state(g, &pos, want);
    }
    rules_game_free(g);
}

Test(puzzle_bot, mends_breaks_of_levels_1_to_3)
{
    bot_mends("windmill", 1);
    bot_mends("plus", 2);
    bot_mends("mosaic", 3);
}

/* Can board be mended with at most one block turn: does the board, as
 * it is or after one of the 18 turns, have every gem on a cell of the
 * pattern of its colour? */
static bool mended_in_one(const char *board_rows, const char *pattern_rows)
{
    uint8_t b[PUZZLE_CELLS], pat[PUZZLE_CELLS];
    char rows[PUZZLE_ROWS_TEXT];
    snprintf(rows, sizeof rows, "%.89s", board_rows);
    pattern_of(rows, b);
    pattern_of(pattern_rows, pat);
    for (int turn = -1; turn < 18; turn++) {
        uint8_t t[PUZZLE_CELLS];
        memcpy(t, b, sizeof t);
        if (turn >= 0)
            board9_turn_bytes(t, turn / 2, turn % 2);
        bool fits = true;
        for (int c = 0; c < PUZZLE_CELLS; c++)
            fits &= !t[c] || t[c] == pat[c];
        if (fits)
            return true;
    }
    return false;
}

Test(puzzle_bot, breaks_so_that_every_turn_counts)
{
    /* arrow's block 5 is one row of three white gems: the same after a
     * half turn.  After "-e5 5R" a second 5R would leave a break that
     * one turn (or none) mends; the bot's second turn must not. */
    rules_game *g = new_game("2p", "pattern=arrow");
    const char *rows = puzzle_pattern_find("arrow", 5)->rows;
    rules_pos pos;
    char line[RULES_POS_TEXT_MAX], move[RULES_MOVE_TEXT_MAX];
    snprintf(line, sizeof line, "%s 2 1 b 1 0 ++ - 0", rows);
    read_pos(g, line, &pos);
    play(g, &pos, "-e5 5R");
    cr_assert(mended_in_one(line_of(g, &pos, line), rows));
    bot_move(rules_options_text(g), 1, line, move, sizeof move);
    cr_assert_eq(move[0], '-', "%s", move);
    play(g, &pos, move);
    cr_assert_not(mended_in_one(line_of(g, &pos, line), rows),
                  "after %s the break is mended with one turn", move);

    /* At level 1 its turn changes the board: putting the gem back alone
     * does not mend it. */
    rules_start(g, &pos);
    bot_move(rules_options_text(g), 1, line_of(g, &pos, line), move,
             sizeof move);
    play(g, &pos, move);
    line_of(g, &pos, line);
    uint8_t b[PUZZLE_CELLS], pat[PUZZLE_CELLS];
    pattern_of(strtok(line, " "), b);
    pattern_of(rows, pat);
    int wrong = 0;
    for (int c = 0; c < PUZZLE_CELLS; c++)
        wrong += b[c] && b[c] != pat[c];
    cr_assert_gt(wrong, 0, "%s leaves every gem in place", move);
    rules_game_free(g);
}
