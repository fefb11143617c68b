/*
 * test_multi.c - the Pentago Multiplayer rules engine (pentago-multi): every
 * rule case on hand-built positions (players finishing together, turns
 * skipped after a finish, a turn that finishes others, team play, a full
 * board, the bare cell), notation and its refusals, outcome_fault, position
 * lines and their refusals, perft, the bitboard engine against the naive
 * one (tests/support/naive_multi.c) over seeded random games, and the
 * strong bot (bots/c/pentago_bot.c) against the random one through the
 * referee (the test build's RUN_REFEREE and RUN_BOTS).
 *
 * Rule references are to protocol/RULES.md, section 5.1.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#include "board9.h"
#include "multi.h"
#include "record/record.h"
#include "rules.h"
#include "support/mrun.h"
#include "support/naive_multi.h"
#include "support/run.h"
#include "util/rng.h"

/* ---- helpers ----------------------------------------------------------- */

static rules_game *new_game(const char *variant)
{
    char err[RULES_REASON_MAX] = "";
    rules_game *g =
        rules_game_new("pentago-multi", variant, NULL, err, sizeof err);
    cr_assert_not_null(g, "rules_game_new(pentago-multi, %s): %s",
                       variant ? variant : "NULL", err);
    return g;
}

/* A position line from each colour's cells ("a1 d1 e1"; NULL for none),
 * the seat to move and the places ("0,0,0"). */
static const char *line_of(const char *const cells[4], int to_move,
                           const char *places, char *buf, size_t len)
{
    char board[81];
    memset(board, '.', sizeof board);
    for (int c = 0; c < 4; c++)
        for (const char *s = cells[c]; s && *s;) {
            while (*s == ' ')
                s++;
            if (!*s)
                break;
            int cell = board9_parse_cell(&s);
            cr_assert_geq(cell, 0, "bad cell in \"%s\"", cells[c]);
            cr_assert_eq(board[cell], '.', "cell %d twice", cell);
            board[cell] = "wbru"[c];
        }
    size_t n = 0;
    for (int r = 0; r < 9; r++) {
        memcpy(buf + n, board + 9 * r, 9);
        n += 9;
        buf[n++] = r < 8 ? '/' : ' ';
    }
    snprintf(buf + n, len - n, "%d %s", to_move, places);
    return buf;
}

/* Read a position line that must be valid. */
static void read_pos(const rules_game *g, const char *line, rules_pos *pos)
{
    char why[RULES_REASON_MAX] = "";
    rules_status st = rules_pos_read(g, line, pos, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "pos_read(\"%s\"): %s", line, why);
}

/* Parse and play a move that must be legal; its canonical text must be
 * canon (NULL: the text itself). */
static void play(const rules_game *g, rules_pos *pos, const char *text,
                 const char *canon)
{
    char why[RULES_REASON_MAX] = "", out[RULES_MOVE_TEXT_MAX];
    rules_move m;
    rules_status st = rules_parse_move(g, pos, text, &m, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "move \"%s\": %s", text, why);
    rules_format_move(g, &m, out, sizeof out);
    cr_assert_str_eq(out, canon ? canon : text);
    rules_apply(g, pos, &m);
}

/* The outcome: over or not, its reason, and every seat's place (0: still
 * in), with the result words that follow from them. */
static void expect(const rules_game *g, const rules_pos *pos, bool over,
                   rules_end reason, const int *places)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    int n = rules_seats(g);
    cr_assert_eq(o.over, over, "over %d, expected %d", o.over, over);
    cr_assert_eq(o.nseats, n);
    cr_assert_eq(o.reason, over ? reason : RULES_END_NONE,
                 "reason %s, expected %s", rules_end_name(o.reason),
                 rules_end_name(reason));
    bool all_first = true;
    for (int s = 0; s < n; s++)
        all_first &= places[s] == 1;
    for (int s = 0; s < n; s++) {
        cr_assert_eq(o.place[s], places[s], "seat %d: place %d, expected %d",
                     s, o.place[s], places[s]);
        rules_result want = !over        ? RULES_RESULT_NONE
                            : all_first  ? RULES_RESULT_DRAW
                            : places[s] == 1 ? RULES_RESULT_WIN
                                             : RULES_RESULT_LOSS;
        cr_assert_eq(o.result[s], want, "seat %d: %s, expected %s", s,
                     rules_result_name(o.result[s]), rules_result_name(want));
        cr_assert_eq(o.win_points[s], 0);
    }
    if (over) {
        cr_assert_eq(rules_legal_moves(g, pos, NULL, 0), 0);
        cr_assert_eq(rules_count_moves(g, pos), 0);
    }
}

/* The packed multi.h encoding of a generic move. */
static uint16_t packed_of(const rules_move *m)
{
    cr_assert(m->nsteps == 1 || m->nsteps == 2, "nsteps %d", m->nsteps);
    cr_assert_eq(m->step[0].kind, RULES_STEP_PLACE);
    cr_assert_lt(m->step[0].cell, 81);
    int turn = MULTI_NO_TURN;
    if (m->nsteps == 2) {
        cr_assert_eq(m->step[1].kind, RULES_STEP_ROTATE);
        cr_assert_lt(m->step[1].block, 9);
        cr_assert_lt(m->step[1].dir, 2);
        turn = m->step[1].block * 2 + m->step[1].dir;
    }
    return (uint16_t)(m->step[0].cell | turn << 7);
}

static int variant_seats(const char *variant)
{
    return strcmp(variant, "team") == 0 ? 4 : variant[0] - '0';
}

static void naive_for(const char *variant, naive_multi *np)
{
    naive_multi_start(np, variant_seats(variant),
                      strcmp(variant, "team") == 0);
}

static const char *const variants[] = {"2p", "3p", "4p", "team"};

/* ---- hand-built positions ---------------------------------------------- */

/* The two rows that one turn of block 1 completes: 1R carries a1 to c1,
 * which finishes c1-g1, and c1 to c3, which finishes c3-g3. */
#define ROW1 "a1 d1 e1 f1 g1"
#define ROW3 "c1 d3 e3 f3 g3"
/* Five gems in no line of five, even after turns of block 1. */
#define LOOSE "a9 c9 e9 g9 i7"

/* 4p: white's turn 1R finishes black and red together; white and blue
 * play on, the finished seats skipped, until blue's bare placement e8
 * finishes it third and leaves white last. */
Test(multi, finishing_together_and_turns_skipped)
{
    rules_game *g = new_game("4p");
    const char *cells[4] = {LOOSE, ROW1, ROW3, "a8 b8 c8 d8 h5"};
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    read_pos(g, line_of(cells, 0, "0,0,0,0", line, sizeof line), &pos);
    expect(g, &pos, false, RULES_END_NONE, (int[]){0, 0, 0, 0});

    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, false, RULES_END_NONE, (int[]){0, 1, 1, 0});
    cr_assert_eq(rules_to_move(g, &pos), 3, "black and red are skipped");
    play(g, &pos, "h1 9R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 0);
    play(g, &pos, "b9 4R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 3);
    /* The finished seats' gems stay and count as occupied. */
    rules_move m;
    char why[RULES_REASON_MAX];
    cr_assert_eq(rules_parse_move(g, &pos, "e1 1R", &m, why, sizeof why),
                 RULES_ILLEGAL);
    cr_assert(strstr(why, "occupied by black"), "%s", why);
    play(g, &pos, "e8 7L", "e8");
    expect(g, &pos, true, RULES_END_FIVE_PLACEMENT, (int[]){4, 1, 1, 3});
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert(strstr(line, "/uuuuu..../www.w.w.w 0 4,1,1,3"), "%s", line);
    rules_game_free(g);
}

/* 3p: white's turn finishes white and red at once (five-for-both); black,
 * alone, is third. */
Test(multi, mover_and_other_finish_together)
{
    rules_game *g = new_game("3p");
    const char *cells[4] = {ROW1, LOOSE, ROW3, NULL};
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    read_pos(g, line_of(cells, 0, "0,0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_BOTH, (int[]){1, 3, 1});
    rules_game_free(g);
}

/* 3p: black's turn finishes white and red (five-for-opponent) and leaves
 * black alone, third. */
Test(multi, turn_finishes_others_only)
{
    rules_game *g = new_game("3p");
    const char *cells[4] = {ROW1 " i5", LOOSE, ROW3, NULL};
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    read_pos(g, line_of(cells, 1, "0,0,0", line, sizeof line), &pos);
    play(g, &pos, "h9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_OPPONENT, (int[]){1, 3, 1});
    rules_game_free(g);
}

/* 3p: red's turn finishes white alone (five-for-opponent, the game goes
 * on); black and red play on with white skipped, white's place standing
 * when a turn breaks its five, until black's placement makes it second. */
Test(multi, a_turn_finishes_another_and_play_goes_on)
{
    rules_game *g = new_game("3p");
    const char *cells[4] = {ROW1 " i5", "b5 c5 d5 e5 i3 i4",
                            "c1 a7 c7 e7 g7", NULL};
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    read_pos(g, line_of(cells, 2, "0,0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, false, RULES_END_NONE, (int[]){1, 0, 0});
    cr_assert_eq(rules_to_move(g, &pos), 1, "white is skipped");
    play(g, &pos, "h9 9R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 2);
    play(g, &pos, "b1 2R", NULL); /* turns white's d1 e1 f1 away */
    expect(g, &pos, false, RULES_END_NONE, (int[]){1, 0, 0});
    cr_assert_eq(rules_to_move(g, &pos), 1);
    play(g, &pos, "a5", NULL);
    expect(g, &pos, true, RULES_END_FIVE_PLACEMENT, (int[]){1, 2, 3});
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert(strstr(line, " 1,2,3"), "%s", line);
    rules_game_free(g);
}

/* 2p: the turn gives five to the mover only, and to both. */
Test(multi, two_players_turn_fives)
{
    rules_game *g = new_game("2p");
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    const char *mine[4] = {ROW1, LOOSE, NULL, NULL};
    read_pos(g, line_of(mine, 0, "0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_ROTATION, (int[]){1, 2});
    const char *both[4] = {ROW1, ROW3, NULL, NULL};
    read_pos(g, line_of(both, 0, "0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_BOTH, (int[]){1, 1});
    /* The opponent's only: black's turn completes white's five. */
    const char *theirs[4] = {ROW1 " i5", LOOSE, NULL, NULL};
    read_pos(g, line_of(theirs, 1, "0,0", line, sizeof line), &pos);
    play(g, &pos, "h9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_OPPONENT, (int[]){1, 2});
    rules_game_free(g);
}

/* Team play: seat 2 (white) turns block 1; both colours five: a draw;
 * black's five only: black's team wins; white's placement: white's team. */
Test(multi, team_play)
{
    rules_game *g = new_game("team");
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    const char *both[4] = {ROW1, ROW3, NULL, NULL};
    read_pos(g, line_of(both, 2, "0,0,0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_BOTH, (int[]){1, 1, 1, 1});
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert(strstr(line, " 3 1,1,1,1"), "%s", line);

    const char *theirs[4] = {LOOSE, ROW1, NULL, NULL};
    read_pos(g, line_of(theirs, 2, "0,0,0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect(g, &pos, true, RULES_END_FIVE_OPPONENT, (int[]){2, 1, 2, 1});

    const char *mine[4] = {"a5 b5 c5 d5 i1", LOOSE, NULL, NULL};
    read_pos(g, line_of(mine, 2, "0,0,0,0", line, sizeof line), &pos);
    play(g, &pos, "e5 9L", "e5");
    expect(g, &pos, true, RULES_END_FIVE_PLACEMENT, (int[]){1, 2, 1, 2});
    rules_game_free(g);
}

/* Full boards: 2p, nobody has five after the last turn: a draw; 3p with
 * white first: black and red, still in, share place 2. */
Test(multi, full_board)
{
    rules_game *g = new_game("2p");
    rules_pos pos;
    read_pos(g,
             "wwwbwbwbw/bwwwwbbwb/wbwbwbbbb/bbwwwbbbw/wbbwbwbwb/wwbbbwwwb/"
             "bwwwbbbbw/wwbbbwwbb/wwbbwwbw. 0 0,0",
             &pos);
    cr_assert_eq(rules_count_moves(g, &pos), 18);
    play(g, &pos, "i9 9R", NULL);
    expect(g, &pos, true, RULES_END_FULL_BOARD, (int[]){1, 1});
    cr_assert_eq(rules_ply(g, &pos), 81);
    rules_game_free(g);

    g = new_game("3p");
    read_pos(g,
             "brrbbrrr./rrrbrbrrr/bbbrrbrbr/rrrbbrrrb/rbrrwbbbr/brbrbrbrb/"
             "bbrbbrbbb/bbbbrbbbr/wwwwwrrrb 1 1,0,0",
             &pos);
    expect(g, &pos, false, RULES_END_NONE, (int[]){1, 0, 0});
    play(g, &pos, "i1 3R", NULL);
    expect(g, &pos, true, RULES_END_FULL_BOARD, (int[]){1, 2, 2});
    rules_game_free(g);
}

/* The bare cell where the placement makes five; a turn written after it
 * is dropped; a bare cell that makes no five is refused; in 3p the game
 * goes on after a placement five. */
Test(multi, bare_cell_and_dropped_turn)
{
    rules_game *g = new_game("2p");
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos, start;
    const char *cells[4] = {"a5 b5 c5 d5 i1", LOOSE, NULL, NULL};
    read_pos(g, line_of(cells, 0, "0,0", line, sizeof line), &start);
    static rules_move moves[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, &start, moves, RULES_MAX_MOVES);
    cr_assert_eq(n, 1 + 70 * 18, "e5 bare, every other empty cell 18 ways");
    cr_assert_eq(rules_count_moves(g, &start), n);
    const char *texts[] = {"e5", "E5", "e5 5R", " e5\t9l ", "e5 1L"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        pos = start;
        play(g, &pos, texts[i], "e5");
        expect(g, &pos, true, RULES_END_FIVE_PLACEMENT, (int[]){1, 2});
    }
    rules_move m;
    char why[RULES_REASON_MAX] = "";
    cr_assert_eq(rules_parse_move(g, &start, "f5", &m, why, sizeof why),
                 RULES_ILLEGAL);
    cr_assert(strstr(why, "turn is required"), "%s", why);
    rules_game_free(g);

    g = new_game("3p");
    const char *three[4] = {"a5 b5 c5 d5 i1", LOOSE, "a1 a2 a3 c2 c3",
                            NULL};
    read_pos(g, line_of(three, 0, "0,0,0", line, sizeof line), &pos);
    play(g, &pos, "e5 5R", "e5");
    expect(g, &pos, false, RULES_END_NONE, (int[]){1, 0, 0});
    cr_assert_eq(rules_to_move(g, &pos), 1);
    play(g, &pos, "i5 5R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 2);
    play(g, &pos, "i6 5R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 1, "white is skipped");
    rules_game_free(g);
}

/* ---- notation -------------------------------------------------------------- */

Test(multi, notation_maps_cells_and_turns)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    rules_start(g, &pos);
    static const struct {
        const char *text;
        int cell, turn;
    } map[] = {{"a1 1R", 0, 0},   {"i1 1L", 8, 1},   {"a9 2R", 72, 2},
               {"i9 9L", 80, 17}, {"e5 5R", 40, 8},  {"E5 5r", 40, 8},
               {"b3 3l", 19, 5},  {"h2 7R", 16, 12}, {"c8\t\t4L", 65, 7}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        rules_move m;
        char why[RULES_REASON_MAX];
        cr_assert_eq(rules_parse_move(g, &pos, map[i].text, &m, why,
                                      sizeof why),
                     RULES_OK, "%s: %s", map[i].text, why);
        cr_assert_eq(packed_of(&m), map[i].cell | map[i].turn << 7, "%s",
                     map[i].text);
    }
    rules_game_free(g);
}

Test(multi, malformed_and_illegal_moves)
{
    rules_game *g = new_game("3p");
    char line[RULES_POS_TEXT_MAX];
    rules_pos pos;
    const char *cells[4] = {"a5 b5 c5 d5 i1", LOOSE, "a1 a2 a3 c2 c3",
                            NULL};
    read_pos(g, line_of(cells, 0, "0,0,0", line, sizeof line), &pos);
    static const struct {
        const char *text;
        rules_status st;
        const char *word;
    } cases[] = {
        {"", RULES_MALFORMED, "empty"},
        {" \t ", RULES_MALFORMED, "empty"},
        {"j5 5R", RULES_MALFORMED, "'j' is not a column a-i"},
        {"5e 5R", RULES_MALFORMED, "column"},
        {"e0 5R", RULES_MALFORMED, "'0' is not a row 1-9"},
        {"ee 5R", RULES_MALFORMED, "row"},
        {"e", RULES_MALFORMED, "row missing after column 'e'"},
        {"e10 5R", RULES_MALFORMED, "'10' is not a row 1-9"},
        {"e5x", RULES_MALFORMED, "unexpected 'x' after cell e5"},
        {"e55R", RULES_MALFORMED, "'55' is not a row"},
        {"e5 0R", RULES_MALFORMED, "'0' is not a block 1-9"},
        {"e5 10R", RULES_MALFORMED, "'10' is not a block 1-9"},
        {"e5 R5", RULES_MALFORMED, "'R' is not a block"},
        {"e5 5X", RULES_MALFORMED, "'X' is not a direction R or L"},
        {"e5 5", RULES_MALFORMED, "direction R or L missing"},
        {"e5 5 R", RULES_MALFORMED, "direction"},
        {"e5 5RR", RULES_MALFORMED, "unexpected 'R' after the move"},
        {"e5 5R x", RULES_MALFORMED, "unexpected 'x'"},
        {"e5 5R\n", RULES_MALFORMED, "unexpected '\\x0a'"},
        {"\x80" "5 5R", RULES_MALFORMED, "'\\x80' is not a column"},
        {"e\x01 5R", RULES_MALFORMED, "'\\x01' is not a row"},
        {"e5 \x1b[2J", RULES_MALFORMED, "'\\x1b' is not a block"},
        {"a1 1R", RULES_ILLEGAL, "cell a1 is occupied by red"},
        {"A5 1R", RULES_ILLEGAL, "cell a5 is occupied by white"},
        {"g9", RULES_ILLEGAL, "occupied by black"},
        {"f5", RULES_ILLEGAL, "a block turn is required: a gem on f5 does "
                              "not make five"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_move m;
        char why[RULES_REASON_MAX] = "";
        rules_status st =
            rules_parse_move(g, &pos, cases[i].text, &m, why, sizeof why);
        cr_assert_eq(st, cases[i].st, "\"%s\": status %d (%s)",
                     cases[i].text, st, why);
        cr_assert(strstr(why, cases[i].word), "\"%s\": reason \"%s\" lacks %s",
                  cases[i].text, why, cases[i].word);
        for (const char *c = why; *c; c++)
            cr_assert(*c >= 0x20 && *c < 0x7f, "\"%s\": unprintable reason",
                      cases[i].text);
    }
    /* Red's five by placement at a4 is not white's: white needs a turn. */
    rules_move m;
    char why[RULES_REASON_MAX] = "";
    cr_assert_eq(rules_parse_move(g, &pos, "a4", &m, why, sizeof why),
                 RULES_ILLEGAL);
    /* Once the game is over every well-formed move is refused. */
    const char *over[4] = {ROW1, LOOSE, ROW3, NULL};
    read_pos(g, line_of(over, 0, "0,0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    cr_assert_eq(rules_parse_move(g, &pos, "h8 1R", &m, why, sizeof why),
                 RULES_ILLEGAL);
    cr_assert(strstr(why, "already over"), "%s", why);
    cr_assert_eq(rules_parse_move(g, &pos, "z9", &m, why, sizeof why),
                 RULES_MALFORMED);
    char tiny[8];
    cr_assert_eq(rules_parse_move(g, &pos, "e5 0R", &m, tiny, sizeof tiny),
                 RULES_MALFORMED);
    cr_assert_eq(strlen(tiny), sizeof tiny - 1);
    rules_game_free(g);
}

/* Every legal move along random games formats and parses back to itself;
 * the texts are every text (rules_each_move_text). */
Test(multi, notation_round_trip)
{
    static rules_move moves[RULES_MAX_MOVES];
    rng r;
    rng_seed(&r, 99);
    size_t checked = 0, bare = 0;
    for (size_t v = 0; v < 4; v++) {
        rules_game *g = new_game(variants[v]);
        for (int game = 0; game < 3; game++) {
            rules_pos pos;
            rules_start(g, &pos);
            size_t n;
            while ((n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES))) {
                cr_assert_eq(rules_each_move_text(g, &pos, NULL, NULL), n);
                for (size_t i = 0; i < n; i++) {
                    char text[RULES_MOVE_TEXT_MAX], why[RULES_REASON_MAX];
                    rules_format_move(g, &moves[i], text, sizeof text);
                    rules_move back;
                    cr_assert_eq(rules_parse_move(g, &pos, text, &back, why,
                                                  sizeof why),
                                 RULES_OK, "%s: %s", text, why);
                    cr_assert_eq(memcmp(&back, &moves[i], sizeof back), 0,
                                 "%s", text);
                    cr_assert_eq(strlen(text),
                                 moves[i].nsteps == 1 ? 2u : 5u);
                    checked++;
                    bare += moves[i].nsteps == 1;
                }
                rules_apply(g, &pos, &moves[rng_below(&r, (uint32_t)n)]);
            }
        }
        rules_game_free(g);
    }
    cr_assert_gt(checked, 100000);
    cr_assert_gt(bare, 0);
}

/* ---- outcome_fault ------------------------------------------------------- */

static void expect_fault(const rules_game *g, const rules_pos *pos, int seat,
                         const int *places)
{
    rules_outcome_t o;
    rules_outcome_fault(g, pos, seat, &o);
    cr_assert(o.over);
    cr_assert_eq(o.reason, RULES_END_NONE);
    for (int s = 0; s < rules_seats(g); s++) {
        cr_assert_eq(o.place[s], places[s], "fault of %d: seat %d place %d",
                     seat, s, o.place[s]);
        cr_assert_eq(o.result[s],
                     places[s] == 1 ? RULES_RESULT_WIN : RULES_RESULT_LOSS,
                     "fault of %d: seat %d", seat, s);
    }
}

Test(multi, outcome_fault)
{
    /* 3p from the start: the others share first place. */
    rules_game *g = new_game("3p");
    rules_pos pos;
    rules_start(g, &pos);
    expect_fault(g, &pos, 1, (int[]){1, 3, 1});
    expect_fault(g, &pos, 0, (int[]){3, 1, 1});
    rules_game_free(g);

    /* 4p after black and red finished first: their places stand. */
    g = new_game("4p");
    char line[RULES_POS_TEXT_MAX];
    const char *cells[4] = {LOOSE, ROW1, ROW3, "a8 b8 c8 d8 h5"};
    read_pos(g, line_of(cells, 0, "0,0,0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    expect_fault(g, &pos, 3, (int[]){3, 1, 1, 4});
    expect_fault(g, &pos, 0, (int[]){4, 1, 1, 3});
    rules_game_free(g);

    /* 2p: the other wins; team: the faulting seat's team loses. */
    g = new_game("2p");
    rules_start(g, &pos);
    expect_fault(g, &pos, 0, (int[]){2, 1});
    rules_game_free(g);
    g = new_game("team");
    rules_start(g, &pos);
    expect_fault(g, &pos, 3, (int[]){1, 2, 1, 2});
    expect_fault(g, &pos, 2, (int[]){2, 1, 2, 1});
    rules_game_free(g);
}

/* ---- position lines ---------------------------------------------------- */

#define R9 "........."
#define EMPTY R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9

Test(multi, position_line_start)
{
    static const char *const want[] = {EMPTY " 0 0,0", EMPTY " 0 0,0,0",
                                       EMPTY " 0 0,0,0,0",
                                       EMPTY " 0 0,0,0,0"};
    for (size_t v = 0; v < 4; v++) {
        rules_game *g = new_game(variants[v]);
        rules_pos pos;
        rules_start(g, &pos);
        char line[RULES_POS_TEXT_MAX];
        rules_pos_write(g, &pos, line, sizeof line);
        cr_assert_str_eq(line, want[v]);
        rules_pos back;
        read_pos(g, line, &back);
        cr_assert_eq(rules_count_moves(g, &back), 81 * 18);
        rules_game_free(g);
    }
}

/* Lines that are not positions of the game, each with its reason. */
Test(multi, position_line_errors)
{
    char l[16][RULES_POS_TEXT_MAX];
    const char *black3[4] = {"a9 b9 c9 d7", "a1 b1 c1", "a3 b3 c3", NULL};
    const char *black8[4] = {"a9 c9 e9 g9 i7 i5", "a1 b1 c1 d1 e1 a3 c3 e3",
                             "a5 c5 e5 g5 i9", NULL};
    const char *white5[4] = {"a1 b1 c1 d1 e1", LOOSE, "a5 c5 e5 g5 i5",
                             NULL};
    const char *team5[4] = {"a1 b1 c1 d1 e1 i5", LOOSE " i3", NULL, NULL};
    const char *team_only[4] = {"a1 b1 c1 d1 e1", LOOSE, NULL, NULL};
    static const char *const full_on =
        "brrbbrrrb/rrrbrbrrr/bbbrrbrbr/rrrbbrrrb/rbrrwbbbr/brbrbrbrb/"
        "bbrbbrbbb/bbbbrbbbr/wwwwwrrrb 2 1,0,0";
    const struct {
        const char *variant, *line, *word;
    } cases[] = {
        {"3p", "", "row 1 is too short"},
        {"3p", R9 "/" R9, "expected '/' before row 3"},
        {"3p", "....x..../", "row 1: 'x' is not '.', 'w', 'b' or 'r'"},
        {"2p", "r......../", "row 1: 'r' is not '.', 'w' or 'b'"},
        {"3p", R9 "/u", "row 2: 'u' is not"},
        {"4p", R9 "/W", "row 2: 'W' is not '.', 'w', 'b', 'r' or 'u'"},
        {"3p", "......../", "row 1 is too short"},
        {"3p", "........../", "expected '/' before row 2"},
        {"3p", R9 "/....\x01", "row 2: '\\x01' is not"},
        {"3p", EMPTY, "expected a blank and the seat to move (0-2)"},
        {"3p", EMPTY " ", "seat to move"},
        {"3p", EMPTY " x 0,0,0", "seat to move"},
        {"3p", EMPTY " 00 0,0,0", "seat to move"},
        {"3p", EMPTY " 3 0,0,0", "seat 3 is to move, but the seats are 0-2"},
        {"3p", EMPTY " 0", "expected the places of the 3 seats"},
        {"3p", EMPTY " 0 0,0", "(2 read)"},
        {"3p", EMPTY " 0 0;0;0", "separated by ','"},
        {"3p", EMPTY " 0 0,0,10", "(2 read)"},
        {"3p", EMPTY " 0 0,0,0,0", "unexpected ',0' after the places"},
        {"3p", EMPTY " 0 0,0,0 ", "unexpected ' ' after the places"},
        {"3p", EMPTY " 0 0,0,0\n", "unexpected '\\x0a'"},
        {"3p", EMPTY " 0 0,4,0", "seat 1 has place 4, but the places are "
                                 "1-3"},
        {"3p", EMPTY " 1 0,0,0", "seat 0 (white) has 0 gems, but with seat "
                                 "1 to move it has 1"},
        {"3p", "w......../" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9
               "/" R9 " 0 0,0,0",
         "seat 1 (black) has 0 gems, but with seat 0 to move it has 1"},
        {"3p", EMPTY " 0 0,2,0", "seat 1 (black) has place 2, but 0 placed "
                                 "ahead of it"},
        {"4p", EMPTY " 0 0,1,3,0", "seat 2 (red) has place 3, but 1 placed"},
        {"3p", EMPTY " 0 1,2,0", "only seat 2 (red) is still in: the game "
                                 "would be over, with place 3 for it"},
        {"3p", line_of(black8, 1, "0,1,0", l[0], sizeof l[0]),
         "seat 1 (black) is to move, but has finished (place 1)"},
        {"3p", line_of(black3, 2, "0,1,0", l[1], sizeof l[1]),
         "seat 1 (black) has place 1 but 3 gems: a five needs 5"},
        {"3p", line_of(black8, 2, "0,1,0", l[2], sizeof l[2]),
         "seat 1 (black) finished with 8 gems, but with seat 2 to move it "
         "has 6 at most"},
        {"3p", line_of(white5, 0, "0,0,0", l[3], sizeof l[3]),
         "seat 0 (white) has five, so it has finished"},
        {"3p", full_on, "the board is full, so the game is over"},
        {"3p", EMPTY " 0 1,2,2", "seat 1 (black) shares the last place on a "
                                 "board that is not full, but has no five"},
        {"team", EMPTY " 0 0,0,1,0", "seats 0 and 2 are partners but have "
                                     "places 0 and 1"},
        {"team", EMPTY " 0 2,2,2,2", "team places 2 and 2"},
        {"team", EMPTY " 0 0,3,0,3", "seat 1 has place 3, but the places "
                                     "are 1-2"},
        {"team", "b......../" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9
                 "/" R9 " 0 0,0,0,0",
         "0 white and 1 black gems"},
        {"team", "w......../" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/" R9
                 "/" R9 " 0 0,0,0,0",
         "with 1 gems on the board seat 1 is to move, not seat 0"},
        {"team", line_of(team5, 0, "0,0,0,0", l[4], sizeof l[4]),
         "white has five, so the game is over"},
        {"team", EMPTY " 0 1,2,1,2", "white is first but has no five"},
        {"team", EMPTY " 0 1,1,1,1", "a draw needs five for both or a full "
                                     "board"},
        {"team", line_of(team_only, 2, "2,1,2,1", l[5], sizeof l[5]),
         "only white has five, so it is first"},
        {"team", "r" R9, "row 1: 'r' is not '.', 'w' or 'b'"},
        {"team", "wwwww..../bbbbb..../" R9 "/" R9 "/" R9 "/" R9 "/" R9 "/"
                 R9 "/" R9 " 2 1,2,1,2",
         "both teams have five, so the game is a draw (places 1,1)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_game *g = new_game(cases[i].variant);
        rules_pos pos;
        char why[RULES_REASON_MAX] = "";
        cr_assert_eq(rules_pos_read(g, cases[i].line, &pos, why, sizeof why),
                     RULES_BAD_POS, "%s \"%s\" accepted", cases[i].variant,
                     cases[i].line);
        cr_assert(strstr(why, cases[i].word), "\"%s\": \"%s\" lacks \"%s\"",
                  cases[i].line, why, cases[i].word);
        rules_game_free(g);
    }
}

/* The example of multi.h: black finished first, red to move, white still
 * in; red's and white's turns alternate. */
Test(multi, position_line_with_a_finished_player)
{
    static const char *const line =
        "....w..../...bbbbb./..w....r./........./w...w..../.r......./"
        "......w../....r...r/r.w...... 2 0,1,0";
    rules_game *g = new_game("3p");
    rules_pos pos;
    read_pos(g, line, &pos);
    expect(g, &pos, false, RULES_END_NONE, (int[]){0, 1, 0});
    cr_assert_eq(rules_to_move(g, &pos), 2);
    cr_assert_eq(rules_ply(g, &pos), 16);
    cr_assert_eq(rules_count_moves(g, &pos), 65 * 18);
    char out[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, out, sizeof out);
    cr_assert_str_eq(out, line);
    play(g, &pos, "a1 1R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 0);
    play(g, &pos, "a2 1R", NULL);
    cr_assert_eq(rules_to_move(g, &pos), 2);
    rules_game_free(g);
}

/* Finished games read from lines: the places, and the reason the line can
 * tell (five-in-a-row, or full-board). */
Test(multi, position_line_over)
{
    rules_game *g = new_game("3p");
    rules_pos pos;
    read_pos(g, EMPTY " 2 1,2,3", &pos);
    expect(g, &pos, true, RULES_END_FIVE, (int[]){1, 2, 3});
    read_pos(g,
             "brrbbrrrb/rrrbrbrrr/bbbrrbrbr/rrrbbrrrb/rbrrwbbbr/brbrbrbrb/"
             "bbrbbrbbb/bbbbrbbbr/wwwwwrrrb 2 1,2,2",
             &pos);
    expect(g, &pos, true, RULES_END_FULL_BOARD, (int[]){1, 2, 2});
    rules_game_free(g);
    g = new_game("team");
    const char *both[4] = {"a1 b1 c1 d1 e1", "a3 b3 c3 d3 e3", NULL, NULL};
    char line[RULES_POS_TEXT_MAX];
    read_pos(g, line_of(both, 2, "1,1,1,1", line, sizeof line), &pos);
    expect(g, &pos, true, RULES_END_FIVE, (int[]){1, 1, 1, 1});
    rules_game_free(g);
}

/* ---- primitives against the naive engine ------------------------------- */

/* Every one of the 140 lines of five is five, and none less one gem. */
Test(multi, every_line_of_five)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int lines = 0;
    for (int cell = 0; cell < 81; cell++)
        for (int d = 0; d < 4; d++) {
            int r = cell / 9, c = cell % 9;
            int er = r + 4 * dirs[d][0], ec = c + 4 * dirs[d][1];
            if (er > 8 || ec < 0 || ec > 8)
                continue;
            lines++;
            multi_bits line = 0;
            for (int k = 0; k < 5; k++)
                line |= multi_cell_bit((r + k * dirs[d][0]) * 9 + c +
                                       k * dirs[d][1]);
            cr_assert(multi_has_five(line), "line %d", lines);
            for (int k = 0; k < 5; k++) {
                multi_bits hole = multi_cell_bit((r + k * dirs[d][0]) * 9 +
                                                 c + k * dirs[d][1]);
                cr_assert_not(multi_has_five(line & ~hole));
                cr_assert(multi_five_cells(line & ~hole, hole) == hole);
            }
        }
    cr_assert_eq(lines, 140);
}

/* Random boards: fives, the cells that make five, and turns agree with
 * the naive engine and with board9.h. */
Test(multi, primitives_match_naive)
{
    rng r;
    rng_seed(&r, 20260116);
    int fives = 0, five_cells = 0;
    for (int i = 0; i < 1500; i++) {
        multi_pos p;
        naive_multi np;
        multi_start(&p);
        naive_multi_start(&np, 4, false);
        int density = 30 + (int)rng_below(&r, 71);
        for (int cell = 0; cell < 81; cell++) {
            if ((int)rng_below(&r, 100) >= density)
                continue;
            int c = (int)rng_below(&r, 2 + (int)(i % 3));
            p.gems[c] |= multi_cell_bit(cell);
            np.board[cell] = (uint8_t)(c + 1);
        }
        multi_bits empty =
            multi_all_cells() & ~(p.gems[0] | p.gems[1] | p.gems[2] |
                                  p.gems[3]);
        for (int c = 0; c < 4; c++) {
            bool five = naive_multi_five(&np, c);
            fives += five;
            cr_assert_eq(multi_has_five(p.gems[c]), five, "board %d", i);
            if (five)
                continue;
            multi_bits cells = multi_five_cells(p.gems[c], empty);
            for (int cell = 0; cell < 81; cell++) {
                if (np.board[cell])
                    continue;
                naive_multi q = np;
                q.board[cell] = (uint8_t)(c + 1);
                bool makes = naive_multi_five(&q, c);
                five_cells += makes;
                cr_assert_eq((cells & multi_cell_bit(cell)) != 0, makes,
                             "board %d colour %d cell %d", i, c, cell);
            }
        }
        int block = (int)rng_below(&r, 9), dir = (int)rng_below(&r, 2);
        for (int c = 0; c < 4; c++)
            p.gems[c] = multi_turn(p.gems[c], block, dir);
        board9_turn_bytes(np.board, block, dir);
        for (int cell = 0; cell < 81; cell++)
            cr_assert_eq(multi_cell_owner(&p, cell), np.board[cell] - 1,
                         "board %d cell %d after %d/%d", i, cell, block,
                         dir);
    }
    cr_assert_gt(fives, 500, "too few fives (%d)", fives);
    cr_assert_gt(five_cells, 500, "too few cells making five (%d)",
                 five_cells);
}

/* Four quarter turns are the identity, R then L too; only the block moves;
 * a turn moves each cell where board9_turned_cell says. */
Test(multi, turns_cycle_and_stay_in_their_block)
{
    for (int block = 0; block < 9; block++)
        for (int dir = 0; dir < 2; dir++)
            for (int cell = 0; cell < 81; cell++)
                cr_assert(multi_turn(multi_cell_bit(cell), block, dir) ==
                              multi_cell_bit(board9_turned_cell(cell, block,
                                                                dir)),
                          "cell %d block %d dir %d", cell, block, dir);
    rng r;
    rng_seed(&r, 7);
    multi_bits all = multi_all_cells(), blocks = 0;
    cr_assert_eq(multi_popcount(all), 81);
    for (int block = 0; block < 9; block++) {
        multi_bits cells = multi_block_cells(block);
        cr_assert_eq(multi_popcount(cells), 9);
        cr_assert((blocks & cells) == 0);
        blocks |= cells;
        for (int cell = 0; cell < 81; cell++)
            cr_assert_eq((cells & multi_cell_bit(cell)) != 0,
                         board9_block_of(cell) == block, "cell %d", cell);
    }
    cr_assert(blocks == all);
    for (int i = 0; i < 300; i++) {
        multi_bits b = ((multi_bits)rng_next(&r) << 64 | rng_next(&r)) & all;
        for (int block = 0; block < 9; block++) {
            multi_bits x = b;
            for (int k = 0; k < 4; k++)
                x = multi_turn(x, block, 0);
            cr_assert(x == b);
            cr_assert(multi_turn(multi_turn(b, block, 0), block, 1) == b);
            cr_assert(multi_popcount(multi_turn(b, block, 1)) ==
                      multi_popcount(b));
            cr_assert((multi_turn(b, block, 1) & ~all) == 0);
        }
    }
}

/* ---- perft -------------------------------------------------------------- */

/* No five before a colour's fifth gem: from the start every cell takes
 * 18 turns, so perft(d) = prod 18 * (81 - i). */
Test(multi, perft_from_the_start)
{
    static const uint64_t want[] = {1, 1458, 2099520};
    for (size_t v = 0; v < 4; v++) {
        rules_game *g = new_game(variants[v]);
        rules_pos pos;
        rules_start(g, &pos);
        naive_multi np;
        naive_for(variants[v], &np);
        for (int d = 0; d <= 2; d++) {
            cr_assert_eq(rules_perft(g, &pos, d), want[d], "%s perft(%d)",
                         variants[v], d);
            cr_assert_eq(rules_perft_texts(g, &pos, d), want[d]);
        }
        cr_assert_eq(naive_multi_perft(&np, 2), want[2], "%s naive",
                     variants[v]);
        rules_game_free(g);
    }
    rules_game *g = new_game("2p");
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_perft(g, &pos, 3), 2985517440ULL);
    rules_game_free(g);
}

/* Blank the given cells of a position line. */
static char *blank(const char *line, const char *cells, char *buf,
                         size_t len)
{
    snprintf(buf, len, "%s", line);
    for (const char *s = cells; *s;) {
        while (*s == ' ')
            s++;
        int cell = board9_parse_cell(&s);
        cr_assert_geq(cell, 0);
        buf[cell + cell / 9] = '.';
    }
    return buf;
}

/* The board of line with another seat to move and places. */
static const char *with_tail(char *line, const char *tail)
{
    strcpy(line + 89, tail);
    return line;
}

/* Positions whose trees hold every kind of end: fast and naive agree. */
Test(multi, perft_fast_and_naive_agree)
{
    char l[12][RULES_POS_TEXT_MAX];
    const char *p4[4] = {LOOSE, ROW1, ROW3, "a8 b8 c8 d8 h5"};
    const char *p3[4] = {ROW1, LOOSE, ROW3, NULL};
    const char *p3b[4] = {ROW1 " i5", LOOSE, ROW3, NULL};
    const char *p2[4] = {ROW1, ROW3, NULL, NULL};
    const char *bare[4] = {"a5 b5 c5 d5 i1", LOOSE, "a1 a2 a3 c2 c3", NULL};
    static const char *const full2 =
        "wwwbwbwbw/bwwwwbbwb/wbwbwbbbb/bbwwwbbbw/wbbwbwbwb/wwbbbwwwb/"
        "bwwwbbbbw/wwbbbwwbb/wwbbwwbw. 0 0,0";
    static const char *const full3 =
        "brrbbrrr./rrrbrbrrr/bbbrrbrbr/rrrbbrrrb/rbrrwbbbr/brbrbrbrb/"
        "bbrbbrbbb/bbbbrbbbr/wwwwwrrrb 1 1,0,0";
    const struct {
        const char *variant, *line;
        int depth;
    } cases[] = {
        {"4p", line_of(p4, 0, "0,0,0,0", l[0], sizeof l[0]), 2},
        {"3p", line_of(p3, 0, "0,0,0", l[1], sizeof l[1]), 2},
        {"3p", line_of(p3b, 1, "0,0,0", l[2], sizeof l[2]), 2},
        {"3p", line_of(bare, 0, "0,0,0", l[3], sizeof l[3]), 2},
        {"2p", line_of(p2, 0, "0,0", l[4], sizeof l[4]), 2},
        {"team", line_of(p2, 2, "0,0,0,0", l[5], sizeof l[5]), 2},
        {"2p", blank(full2, "a1 b1 d1 f1", l[6], sizeof l[6]), 3},
        {"3p", blank(full3, "a1 b2", l[7], sizeof l[7]), 3},
        {"team", with_tail(blank(full2, "c4 d4 f4 g4", l[8], sizeof l[8]),
                           " 0 0,0,0,0"),
         3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_game *g = new_game(cases[i].variant);
        rules_pos pos;
        read_pos(g, cases[i].line, &pos);
        naive_multi np;
        naive_for(cases[i].variant, &np);
        naive_multi_from_line(&np, cases[i].line);
        for (int d = 1; d <= cases[i].depth; d++)
            cr_assert_eq(rules_perft(g, &pos, d), naive_multi_perft(&np, d),
                         "%s %s perft(%d)", cases[i].variant, cases[i].line,
                         d);
        rules_game_free(g);
    }
}

/* ---- random games: bitboard engine against the naive engine ------------ */

static rules_end end_of_naive(naive_multi_end e)
{
    switch (e) {
    case NAIVE_MULTI_PLACEMENT: return RULES_END_FIVE_PLACEMENT;
    case NAIVE_MULTI_ROT_MOVER: return RULES_END_FIVE_ROTATION;
    case NAIVE_MULTI_ROT_OTHERS: return RULES_END_FIVE_OPPONENT;
    case NAIVE_MULTI_ROT_BOTH: return RULES_END_FIVE_BOTH;
    case NAIVE_MULTI_FULL: return RULES_END_FULL_BOARD;
    default: return RULES_END_NONE;
    }
}

typedef struct {
    int ends[6];     /* games per naive end */
    int finishes;    /* moves that finished a seat and did not end the game */
    int shared;      /* pairs of seats of two teams sharing a place */
    int plies;
} game_stats;

/* At one ply: the same board and seat to move and places (their position
 * lines), a line that reads back to itself, the same legal moves in the
 * same order, the same outcome. */
static size_t cross_check_ply(const rules_game *g, const rules_pos *pos,
                              const naive_multi *np, rules_move *moves,
                              uint16_t *nmoves)
{
    char line[RULES_POS_TEXT_MAX], nline[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    naive_multi_line(np, nline, sizeof nline);
    cr_assert_str_eq(line, nline);
    rules_pos back;
    char again[RULES_POS_TEXT_MAX];
    read_pos(g, line, &back);
    rules_pos_write(g, &back, again, sizeof again);
    cr_assert_str_eq(again, line);
    cr_assert_eq(rules_ply(g, &back), rules_ply(g, pos));

    int nn = naive_multi_moves(np, nmoves);
    size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
    cr_assert_eq(n, (size_t)nn, "%s: %zu moves, naive %d", line, n, nn);
    cr_assert_eq(rules_count_moves(g, pos), n, "%s", line);
    cr_assert_eq(rules_count_moves(g, &back), n, "%s", line);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(packed_of(&moves[i]), nmoves[i], "%s: move %zu differs",
                     line, i);

    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert_eq(o.over, np->over, "%s", line);
    for (int s = 0; s < np->nseats; s++)
        cr_assert_eq(o.place[s], np->place[s], "%s seat %d", line, s);
    if (o.over)
        cr_assert_eq(o.reason, end_of_naive(np->end), "%s", line);
    return n;
}

/* Play one seeded random game through rules.h and the naive engine side
 * by side, checking every ply. */
static void cross_check_game(const rules_game *g, const char *variant,
                             rng *r, game_stats *st)
{
    static rules_move moves[RULES_MAX_MOVES];
    static uint16_t nmoves[NAIVE_MULTI_MAX_MOVES];
    rules_pos pos;
    naive_multi np;
    rules_start(g, &pos);
    naive_for(variant, &np);
    for (;;) {
        size_t n = cross_check_ply(g, &pos, &np, moves, nmoves);
        if (np.over) {
            st->ends[np.end]++;
            for (int a = 0; a < np.nseats; a++)
                for (int b = 0; b < np.nseats; b++)
                    st->shared += a < b && np.place[a] == np.place[b] &&
                                  rules_seat_team(g, a) !=
                                      rules_seat_team(g, b);
            return;
        }
        cr_assert_gt(n, 0);
        /* Take a winning placement a quarter of the time it is there, so
         * that games end in every way. */
        size_t pick = rng_below(r, (uint32_t)n);
        if (rng_below(r, 4) == 0)
            for (size_t i = 0; i < n; i++)
                if (moves[i].nsteps == 1)
                    pick = i;
        int before = 0;
        for (int s = 0; s < np.nseats; s++)
            before += np.place[s] != 0;
        rules_apply(g, &pos, &moves[pick]);
        naive_multi_apply(&np, nmoves[pick]);
        int after = 0;
        for (int s = 0; s < np.nseats; s++)
            after += np.place[s] != 0;
        st->finishes += !np.over && after > before;
        st->plies++;
    }
}

static game_stats cross_check_games(const char *variant, uint64_t seed,
                                    int games)
{
    rules_game *g = new_game(variant);
    rng r;
    rng_seed(&r, seed);
    game_stats st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < games; i++)
        cross_check_game(g, variant, &r, &st);
    rules_game_free(g);
    /* Random play must have reached the ends by a five, by placement and
     * by a turn. */
    cr_assert_gt(st.ends[NAIVE_MULTI_PLACEMENT], 0, "%s", variant);
    cr_assert_gt(st.ends[NAIVE_MULTI_ROT_MOVER], 0, "%s", variant);
    cr_assert_gt(st.ends[NAIVE_MULTI_ROT_OTHERS], 0, "%s", variant);
    return st;
}

Test(multi, random_games_match_naive_2p)
{
    cross_check_games("2p", 1, 250);
}

Test(multi, random_games_match_naive_3p)
{
    game_stats st = cross_check_games("3p", 2, 250);
    cr_assert_gt(st.finishes, 50, "too few games went on after a finish");
    cr_assert_gt(st.shared, 0, "no place shared");
    cr_assert_gt(st.ends[NAIVE_MULTI_FULL], 0, "no full board");
}

Test(multi, random_games_match_naive_4p)
{
    game_stats st = cross_check_games("4p", 3, 250);
    cr_assert_gt(st.finishes, 100, "too few games went on after a finish");
    cr_assert_gt(st.ends[NAIVE_MULTI_FULL], 0, "no full board");
}

Test(multi, random_games_match_naive_team)
{
    cross_check_games("team", 4, 250);
}

/* ---- the game ----------------------------------------------------------- */

/* rules_games_list() is written out by hand beside the registry: every
 * name in it makes a game of that name, with its variants, and there are
 * as many names as engines. */
Test(multi, every_listed_game_can_be_made)
{
    char list[256], err[256];
    snprintf(list, sizeof list, "%s", rules_games_list());
    int n = 0;
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name;
         name = strtok_r(NULL, ",", &save), n++) {
        cr_expect(*rules_variants_list(name), "%s has no variants", name);
        rules_game *g = rules_game_new(name, NULL, NULL, err, sizeof err);
        cr_assert(g, "%s: %s", name, err);
        cr_expect_str_eq(rules_game_name(g), name);
        rules_game_free(g);
    }
    cr_expect_eq(n, 4);
}

Test(multi, game_names_seats_and_colours)
{
    cr_assert(strstr(rules_games_list(), "pentago-multi"));
    cr_assert_str_eq(rules_variants_list("pentago-multi"), "2p,3p,4p,team");
    cr_assert_null(rules_options_help("pentago-multi"));
    rules_game *g = new_game(NULL);
    cr_assert_str_eq(rules_game_name(g), "pentago-multi");
    cr_assert_str_eq(rules_variant_name(g), "2p");
    cr_assert_str_eq(rules_options_text(g), "");
    cr_assert_not(rules_moves_hidden(g));
    rules_game_free(g);
    static const struct {
        const char *variant;
        int seats;
        const char *colours[4];
        int teams[4];
    } cases[] = {
        {"2p", 2, {"white", "black"}, {0, 1}},
        {"3p", 3, {"white", "black", "red"}, {0, 1, 2}},
        {"4p", 4, {"white", "black", "red", "blue"}, {0, 1, 2, 3}},
        {"team", 4, {"white", "black", "white", "black"}, {0, 1, 0, 1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        g = new_game(cases[i].variant);
        cr_assert_eq(rules_seats(g), cases[i].seats);
        for (int s = 0; s < cases[i].seats; s++) {
            cr_assert_str_eq(rules_seat_colour(g, s), cases[i].colours[s]);
            cr_assert_eq(rules_seat_team(g, s), cases[i].teams[s]);
        }
        rules_game_free(g);
    }
    const char *bad[][3] = {{"5p", NULL, "unknown variant '5p'"},
                            {"1p", NULL, "unknown variant"},
                            {"2p", "size=9", "takes no options"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[RULES_REASON_MAX] = "";
        cr_assert_null(rules_game_new("pentago-multi", bad[i][0], bad[i][1],
                                      err, sizeof err));
        cr_assert(strstr(err, bad[i][2]), "%s", err);
    }
}

Test(multi, render_shows_board_and_places)
{
    rules_game *g = new_game("4p");
    rules_pos pos;
    char buf[RULES_BOARD_TEXT_MAX], line[RULES_POS_TEXT_MAX];
    rules_start(g, &pos);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "white to move (seat 0)\n"), "%s", buf);
    cr_assert_not(strstr(buf, "finished"), "%s", buf);
    cr_assert(strstr(buf, "    a b c   d e f   g h i\n"), "%s", buf);
    const char *cells[4] = {LOOSE, ROW1, ROW3, "a8 b8 c8 d8 h5"};
    read_pos(g, line_of(cells, 0, "0,0,0,0", line, sizeof line), &pos);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, " 1  b . r | b b b | b . .\n"), "%s", buf);
    cr_assert(strstr(buf, " 8  u u u | u . . | . . .\n"), "%s", buf);
    play(g, &pos, "i9 1R", NULL);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "blue to move (seat 3)\nfinished: black 1, red 1\n"),
              "%s", buf);
    play(g, &pos, "e8", NULL);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "places: white 4, black 1, red 1, blue 3 "
                          "(five-by-placement)"),
              "%s", buf);
    char tiny[10];
    rules_render(g, &pos, tiny, sizeof tiny);
    cr_assert_eq(strlen(tiny), sizeof tiny - 1);
    rules_game_free(g);
    g = new_game("2p");
    const char *both[4] = {ROW1, ROW3, NULL, NULL};
    read_pos(g, line_of(both, 0, "0,0", line, sizeof line), &pos);
    play(g, &pos, "i9 1R", NULL);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "draw (five-for-both)"), "%s", buf);
    rules_game_free(g);
}

/* ---- the strong bot ----------------------------------------------------- */

/* pentago_bot's two-ply search beats random_bot in most of 10 games of
 * 2p through the referee, each seat in turn; every game ends by the
 * rules, with no fault. */
Test(multi, pentago_bot_beats_random_bot, .timeout = 180)
{
    mrun m;
    const char *opts[] = {"--game", "pentago-multi", "-n", "10", "--seed",
                          "5", "--move-ms", "3000", "--sandbox", "off",
                          NULL};
    mrun_match(&m, opts, RUN_BOTS "pentago_bot", RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "referee failed:\n%s", m.out);
    int wins = 0, starts = 0;
    for (int game = 1; game <= 10; game++) {
        record r;
        mrun_record(&m, game, &r);
        cr_expect(run_is_rules_end(r.reason), "game %d ended by %s: %s",
                  game, r.reason, r.detail ? r.detail : "");
        cr_expect_eq(r.fault_seat, -1);
        int seat = mrun_seat_of(&r, "pentago_bot");
        cr_assert_geq(seat, 0);
        starts += seat == 0;
        wins += r.players[seat].result &&
                !strcmp(r.players[seat].result, "win");
        record_release(&r);
    }
    cr_expect_eq(starts, 5, "each bot starts half the games");
    cr_expect_geq(wins, 8, "pentago_bot won %d of 10:\n%s", wins, m.out);
    mrun_finish(&m);
}
