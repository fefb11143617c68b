/*
 * test_pentago.c - the Pentago rules engine: perft and position counts, every
 * rule case on hand-built positions, the bitboard engine against the naive
 * reference engine (tests/ref/pentago_naive.c) over random games, notation,
 * position lines and game creation errors.
 *
 * Rule references are to protocol/RULES.md (Pentago), which reads
 * the Swiss Pentago rules and tournament regulations 2010/2011.
 *
 * The slow tests (perft(4), distinct boards after 5 plies, naive perft(3),
 * random games) take up to ~10 s each under ASan+UBSan and are bounded by the
 * runner's --timeout (Makefile).  They set no .timeout of their own on
 * purpose: Criterion 2.4.1 leaks 48 bytes in the runner, and LeakSanitizer
 * then fails the whole run, when a test with a long .timeout is still
 * running while tests with a shorter .timeout start and finish (-j2).
 */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>

#include "pentago.h"
#include "rules.h"
#include "util/rng.h"
#include "../ref/pentago_naive.h"

/* ---- helpers ----------------------------------------------------------- */

static rules_game *new_game(const char *variant)
{
    char err[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new("pentago", variant, NULL, err, sizeof err);
    cr_assert_not_null(g, "rules_game_new(pentago, %s): %s",
                       variant ? variant : "NULL", err);
    return g;
}

/* Read a position line that must be valid. */
static void read_pos(const rules_game *g, const char *line, rules_pos *pos)
{
    char why[RULES_REASON_MAX] = "";
    rules_status st = rules_pos_read(g, line, pos, why, sizeof why);
    cr_assert_eq(st, RULES_OK, "pos_read(\"%s\"): %s", line, why);
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

/* The packed pentago.h encoding of a generic move. */
static uint16_t packed_of(const rules_move *m)
{
    cr_assert(m->nsteps == 1 || m->nsteps == 2, "nsteps %d", m->nsteps);
    cr_assert_eq(m->step[0].kind, RULES_STEP_PLACE);
    int rot = PENTAGO_NO_ROT;
    if (m->nsteps == 2) {
        cr_assert_eq(m->step[1].kind, RULES_STEP_ROTATE);
        cr_assert_lt(m->step[1].block, 4);
        cr_assert_lt(m->step[1].dir, 2);
        rot = m->step[1].block * 2 + m->step[1].dir;
    }
    return (uint16_t)(m->step[0].cell | rot << 6);
}

/* A naive position from a position line (the game must be on). */
static void naive_from_line(const char *line, naive_pos *np)
{
    naive_start(np);
    const char *s = line;
    for (int cell = 0; cell < 36; cell++, s++) {
        if (cell && cell % 6 == 0)
            s++; /* the '/' */
        np->board[cell / 6][cell % 6] = *s;
    }
    np->to_move = s[1] == 'b';
}

/* The rules.h end reason the naive engine's end corresponds to. */
static rules_end end_of_naive(naive_end e)
{
    switch (e) {
    case NAIVE_END_PLACEMENT: return RULES_END_FIVE_PLACEMENT;
    case NAIVE_END_ROT_MOVER: return RULES_END_FIVE_ROTATION;
    case NAIVE_END_ROT_OPPONENT: return RULES_END_FIVE_OPPONENT;
    case NAIVE_END_ROT_BOTH: return RULES_END_FIVE_BOTH;
    case NAIVE_END_FULL: return RULES_END_FULL_BOARD;
    default: return RULES_END_NONE;
    }
}

/* The outcome must be over with this winner (-1: draw) and reason, and the
 * winner's win points 18 - its marbles (tournament rule 5). */
static void expect_outcome(const rules_game *g, const rules_pos *pos,
                           int winner, rules_end reason, int points)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert(o.over, "game should be over");
    cr_assert_eq(o.nseats, 2);
    cr_assert_eq(o.reason, reason, "reason %s, expected %s",
                 rules_end_name(o.reason), rules_end_name(reason));
    for (int s = 0; s < 2; s++) {
        rules_result want = winner < 0     ? RULES_RESULT_DRAW
                            : s == winner ? RULES_RESULT_WIN
                                          : RULES_RESULT_LOSS;
        cr_assert_eq(o.result[s], want, "seat %d: %s, expected %s", s,
                     rules_result_name(o.result[s]), rules_result_name(want));
        cr_assert_eq(o.place[s], want == RULES_RESULT_LOSS ? 2 : 1);
        cr_assert_eq(o.win_points[s], s == winner ? points : 0,
                     "seat %d win points %d", s, o.win_points[s]);
    }
    cr_assert_eq(rules_legal_moves(g, pos, NULL, 0), 0);
    cr_assert_eq(rules_count_moves(g, pos), 0);
}

static void expect_ongoing(const rules_game *g, const rules_pos *pos)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    cr_assert_not(o.over);
    cr_assert_eq(o.reason, RULES_END_NONE);
}

/* Play text on a copy of the position line under variant, with the naive
 * engine alongside, and check both agree on the outcome. */
static void play_checked(const char *variant, const char *line,
                         const char *text, int winner, rules_end reason,
                         int points)
{
    rules_game *g = new_game(variant);
    rules_pos pos;
    read_pos(g, line, &pos);
    expect_ongoing(g, &pos);
    naive_pos np;
    naive_from_line(line, &np);

    rules_move m;
    char why[RULES_REASON_MAX];
    cr_assert_eq(rules_parse_move(g, &pos, text, &m, why, sizeof why),
                 RULES_OK, "move \"%s\": %s", text, why);
    rules_apply(g, &pos, &m);
    expect_outcome(g, &pos, winner, reason, points);

    naive_apply(&np, packed_of(&m),
                strcmp(variant, "standard") == 0 ? NAIVE_STANDARD
                                                 : NAIVE_SWISS_2010);
    bool over;
    cr_assert_eq(naive_outcome(&np, &over), winner, "naive winner");
    cr_assert(over);
    cr_assert_eq(end_of_naive(np.end), reason);
    rules_game_free(g);
}

/* ---- perft ------------------------------------------------------------- */

static const uint64_t perft_empty[] = {1, 288, 80640, 21934080,
                                       5790597120ULL};

Test(pentago, perft_depth_0_to_3_both_variants)
{
    const char *variants[] = {"swiss-2010", "standard"};
    for (int v = 0; v < 2; v++) {
        rules_game *g = new_game(variants[v]);
        rules_pos pos;
        rules_start(g, &pos);
        for (int d = 0; d <= 3; d++)
            cr_assert_eq(rules_perft(g, &pos, d), perft_empty[d],
                         "%s perft(%d)", variants[v], d);
        rules_game_free(g);
    }
}

Test(pentago, perft_depth_4)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    rules_start(g, &pos);
    cr_assert_eq(rules_perft(g, &pos, 4), perft_empty[4]);
    rules_game_free(g);
}

Test(pentago, perft_naive_depth_0_to_3)
{
    naive_pos np;
    naive_start(&np);
    for (int d = 0; d <= 3; d++)
        cr_assert_eq(naive_perft(&np, d, NAIVE_SWISS_2010), perft_empty[d],
                     "naive perft(%d)", d);
}

/* Perft from positions where games end inside the tree: fast and naive
 * must count the same under both rule sets. */
Test(pentago, perft_fast_and_naive_agree_mid_game)
{
    static const char *lines[] = {
        "wwww../....../....../....../..b.b./b....b w",
        "www.../...w.b/bbb..b/....../....../.....w w",
        "bwbw.b/wbwbbw/wwbwwb/bbwwbw/wwwbbw/bbwbbw b",
        "w.w.w./.b.b.b/w.w.w./.b.b.b/....../...... w",
        "wwb.../wwb.../bb..../....../....../...... w",
    };
    const char *variants[] = {"swiss-2010", "standard"};
    for (int v = 0; v < 2; v++) {
        rules_game *g = new_game(variants[v]);
        naive_rules nr = v ? NAIVE_STANDARD : NAIVE_SWISS_2010;
        for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
            rules_pos pos;
            naive_pos np;
            read_pos(g, lines[i], &pos);
            naive_from_line(lines[i], &np);
            for (int d = 1; d <= 2; d++)
                cr_assert_eq(rules_perft(g, &pos, d),
                             naive_perft(&np, d, nr), "%s %s perft(%d)",
                             variants[v], lines[i], d);
        }
        rules_game_free(g);
    }
}

/* ---- distinct positions ------------------------------------------------ */

/* Binomial coefficients: C[n][k] for n, k <= 36 (0 for k > n). */
static uint64_t C[37][37];

static void binom_init(void)
{
    for (int n = 0; n <= 36; n++) {
        C[n][0] = 1;
        for (int k = 1; k <= n; k++)
            C[n][k] = C[n - 1][k - 1] + C[n - 1][k];
    }
}

/* A bitboard's 36 cells as bits 0..35 (quadrant by quadrant). */
static uint64_t lanes36(uint64_t b)
{
    return (b & 0x1ff) | (b >> 16 & 0x1ff) << 9 | (b >> 32 & 0x1ff) << 18 |
           (b >> 48 & 0x1ff) << 27;
}

/* A board's index among all boards with as many white and black marbles:
 * the rank of its occupied cells among the C(36, n) sets of n cells, times
 * C(n, white), plus the rank of the white ones among the occupied.  Exact
 * and dense, so a bitmap dedupes millions of boards without a hash table. */
static uint64_t board_index(const pentago_pos *p)
{
    uint64_t w = lanes36(p->side[0]), occ = w | lanes36(p->side[1]);
    uint64_t occ_rank = 0, white_rank = 0;
    int i = 0, j = 0;
    for (uint64_t m = occ; m; m &= m - 1, i++) {
        int cell = __builtin_ctzll(m);
        occ_rank += C[cell][i + 1];
        if (w >> cell & 1)
            white_rank += C[i][++j];
    }
    return occ_rank * C[i][j] + white_rank;
}

/* Number of distinct boards after exactly n plies from the empty board
 * (the side to move follows from n); games that ended are not expanded. */
static uint64_t distinct_after(int n)
{
    binom_init();
    size_t nlevel = 1;
    pentago_pos *level = malloc(sizeof *level);
    cr_assert_not_null(level);
    pentago_start(&level[0]);
    for (int ply = 1; ply <= n; ply++) {
        int nw = (ply + 1) / 2, nb = ply / 2;
        uint64_t nboards = C[36][ply] * C[ply][nw];
        uint64_t *seen = calloc(nboards / 64 + 1, sizeof *seen);
        cr_assert_not_null(seen);
        size_t cap = 1024, nnext = 0, distinct = 0;
        pentago_pos *next = malloc(cap * sizeof *next);
        cr_assert_not_null(next);
        for (size_t i = 0; i < nlevel; i++) {
            pentago_move moves[PENTAGO_MAX_MOVES];
            int nm = pentago_legal_moves(&level[i], moves);
            for (int k = 0; k < nm; k++) {
                pentago_pos child = level[i];
                pentago_apply(&child, moves[k], PENTAGO_SWISS_2010);
                if (__builtin_popcountll(child.side[0]) != nw ||
                    __builtin_popcountll(child.side[1]) != nb ||
                    (child.side[0] & child.side[1]))
                    cr_assert_fail("ply %d: bad marble counts", ply);
                uint64_t x = board_index(&child);
                if (x >= nboards)
                    cr_assert_fail("ply %d: index out of range", ply);
                if (seen[x / 64] >> (x % 64) & 1)
                    continue;
                seen[x / 64] |= 1ULL << (x % 64);
                distinct++;
                if (ply == n || child.status != PENTAGO_ONGOING)
                    continue;
                if (nnext == cap) {
                    cap *= 2;
                    next = realloc(next, cap * sizeof *next);
                    cr_assert_not_null(next);
                }
                next[nnext++] = child;
            }
        }
        free(seen);
        free(level);
        level = next;
        nlevel = nnext;
        if (ply == n) {
            free(level);
            return distinct;
        }
    }
    free(level);
    return 1;
}

/* The index is a bijection: all C(36,n) * C(n,w) boards get distinct
 * indices below that count (checked exhaustively for small n). */
Test(pentago, board_index_is_dense)
{
    binom_init();
    for (int n = 1; n <= 3; n++)
        for (int nw = 0; nw <= n; nw++) {
            uint64_t nboards = C[36][n] * C[n][nw];
            uint8_t *hit = calloc(nboards, 1);
            cr_assert_not_null(hit);
            uint64_t count = 0;
            /* every set of exactly n cells, in order (Gosper's hack) */
            for (uint64_t occ = (1ULL << n) - 1; occ < 1ULL << 36;) {
                /* colour the occupied cells in every way with nw white */
                for (unsigned col = 0; col < 1u << n; col++) {
                    if (__builtin_popcount(col) != nw)
                        continue;
                    pentago_pos p;
                    pentago_start(&p);
                    int i = 0;
                    for (uint64_t m = occ; m; m &= m - 1, i++) {
                        int c = __builtin_ctzll(m);
                        uint64_t bit = 1ULL << ((c / 9) * 16 + c % 9);
                        p.side[col >> i & 1 ? 0 : 1] |= bit;
                    }
                    uint64_t x = board_index(&p);
                    cr_assert_lt(x, nboards);
                    cr_assert_eq(hit[x], 0);
                    hit[x] = 1;
                    count++;
                }
                uint64_t c = occ & -occ, r = occ + c;
                occ = (((r ^ occ) >> 2) / c) | r;
            }
            cr_assert_eq(count, nboards);
            free(hit);
        }
}

Test(pentago, distinct_positions_0_to_4)
{
    /* Every board with ceil(n/2) white and floor(n/2) black marbles. */
    static const uint64_t want[] = {1, 36, 1260, 21420, 353430};
    for (int n = 0; n <= 4; n++)
        cr_assert_eq(distinct_after(n), want[n], "distinct after %d plies",
                     n);
}

/* With 3 marbles nobody has five, and any board with 3 white and 2 black
 * marbles can be reached (undo a rotation, lift a white marble, repeat), so
 * the count is C(36,3) * C(33,2). */
Test(pentago, distinct_positions_5)
{
    cr_assert_eq(distinct_after(5), 7140ULL * 528ULL);
}

/* ---- primitives against the naive engine ------------------------------- */

/* A random board, each cell empty, white or black; in both engines. */
static void random_board(rng *r, int density, pentago_pos *p, naive_pos *np)
{
    pentago_start(p);
    naive_start(np);
    for (int cell = 0; cell < 36; cell++) {
        uint32_t x = rng_below(r, 100);
        int who = x >= (uint32_t)density ? -1 : (int)(x & 1);
        if (who < 0)
            continue;
        p->side[who] |= pentago_cell_bit(cell);
        np->board[cell / 6][cell % 6] = who ? 'b' : 'w';
    }
}

Test(pentago, five_detection_and_rotation_match_naive)
{
    rng r;
    rng_seed(&r, 20240601);
    int fives = 0;
    for (int i = 0; i < 20000; i++) {
        pentago_pos p;
        naive_pos np;
        random_board(&r, 40 + (int)rng_below(&r, 61), &p, &np);
        for (int s = 0; s < 2; s++) {
            bool five = naive_has_five(&np, s);
            fives += five;
            cr_assert_eq(pentago_has_five(p.side[s]), five, "board %d", i);
        }
        int q = (int)rng_below(&r, 4), dir = (int)rng_below(&r, 2);
        naive_rotate(&np, q, dir);
        for (int s = 0; s < 2; s++)
            p.side[s] = pentago_rotate(p.side[s], q, dir);
        for (int cell = 0; cell < 36; cell++)
            cr_assert_eq(pentago_cell_owner(&p, cell), naive_cell(&np, cell),
                         "board %d, cell %d after rotating %d/%d", i, cell, q,
                         dir);
    }
    cr_assert_gt(fives, 1000, "too few fives to test anything (%d)", fives);
}

/* All 32 lines: each is five, none minus one cell is. */
Test(pentago, every_line_of_five)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int lines = 0;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + 4 * dirs[d][0], ec = c + 4 * dirs[d][1];
                if (er < 0 || er > 5 || ec < 0 || ec > 5)
                    continue;
                lines++;
                uint64_t line = 0;
                for (int k = 0; k < 5; k++)
                    line |= pentago_cell_bit((r + k * dirs[d][0]) * 6 + c +
                                             k * dirs[d][1]);
                cr_assert(pentago_has_five(line), "line %d", lines);
                for (int k = 0; k < 5; k++) {
                    uint64_t hole = pentago_cell_bit(
                        (r + k * dirs[d][0]) * 6 + c + k * dirs[d][1]);
                    cr_assert_not(pentago_has_five(line & ~hole));
                }
            }
    cr_assert_eq(lines, 32);
}

/* Four rotations of a quadrant are the identity; R then L too. */
Test(pentago, rotation_cycles)
{
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < 1000; i++) {
        uint64_t b = rng_next(&r) & 0x01ff01ff01ff01ffULL;
        for (int q = 0; q < 4; q++) {
            uint64_t x = b;
            for (int k = 0; k < 4; k++)
                x = pentago_rotate(x, q, 0);
            cr_assert_eq(x, b);
            cr_assert_eq(pentago_rotate(pentago_rotate(b, q, 0), q, 1), b);
            uint64_t other = 0x01ffULL << (16 * q);
            cr_assert_eq(pentago_rotate(b, q, 0) & ~other, b & ~other);
        }
    }
}

/* ---- random games: bitboard engine against the naive engine ------------ */

typedef struct {
    int ends[6]; /* games per naive_end */
    int plies;
} game_stats;

/* Play one seeded random game through rules.h and the naive engine side by
 * side, comparing boards, move lists and outcomes at every ply. */
static void cross_check_game(const rules_game *g, naive_rules nr, rng *r,
                             game_stats *st)
{
    static rules_move moves[RULES_MAX_MOVES];
    rules_pos pos;
    naive_pos np;
    rules_start(g, &pos);
    naive_start(&np);
    for (;;) {
        char line[RULES_POS_TEXT_MAX];
        rules_pos_write(g, &pos, line, sizeof line);
        for (int cell = 0; cell < 36; cell++) {
            char c = line[cell + cell / 6];
            int owner = c == 'w' ? 0 : c == 'b' ? 1 : -1;
            cr_assert_eq(owner, naive_cell(&np, cell), "%s cell %d", line,
                         cell);
        }
        cr_assert_eq(rules_to_move(g, &pos), np.to_move, "%s", line);
        cr_assert_eq(rules_ply(g, &pos),
                     naive_marbles(&np, 0) + naive_marbles(&np, 1));

        uint16_t nmoves[NAIVE_MAX_MOVES];
        int nn = naive_legal_moves(&np, nmoves);
        size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
        cr_assert_eq(n, (size_t)nn, "%s: %zu moves, naive %d", line, n, nn);
        cr_assert_eq(rules_count_moves(g, &pos), n, "%s", line);
        for (size_t i = 0; i < n; i++)
            cr_assert_eq(packed_of(&moves[i]), nmoves[i],
                         "%s: move %zu differs", line, i);

        rules_outcome_t o;
        rules_outcome(g, &pos, &o);
        bool over;
        int winner = naive_outcome(&np, &over);
        cr_assert_eq(o.over, over, "%s", line);
        if (over) {
            cr_assert_eq(o.reason, end_of_naive(np.end), "%s", line);
            for (int s = 0; s < 2; s++) {
                rules_result want = winner < 0     ? RULES_RESULT_DRAW
                                    : s == winner ? RULES_RESULT_WIN
                                                  : RULES_RESULT_LOSS;
                cr_assert_eq(o.result[s], want, "%s seat %d", line, s);
                int pts = s == winner ? 18 - naive_marbles(&np, s) : 0;
                cr_assert_eq(o.win_points[s], pts, "%s seat %d", line, s);
            }
            st->ends[np.end]++;
            return;
        }
        cr_assert_gt(n, 0);

        /* Take a winning placement half the time it is there, so that
         * placement wins are common; otherwise any legal move. */
        size_t pick = rng_below(r, (uint32_t)n);
        if (rng_below(r, 2))
            for (size_t i = 0; i < n; i++)
                if (moves[i].nsteps == 1)
                    pick = i;
        rules_apply(g, &pos, &moves[pick]);
        naive_apply(&np, nmoves[pick], nr);
        st->plies++;
    }
}

static void cross_check_games(const char *variant, naive_rules nr,
                              uint64_t seed, int games)
{
    rules_game *g = new_game(variant);
    rng r;
    rng_seed(&r, seed);
    game_stats st = {{0}, 0};
    for (int i = 0; i < games; i++)
        cross_check_game(g, nr, &r, &st);
    /* Random play must have reached every kind of ending. */
    for (int e = NAIVE_END_PLACEMENT; e <= NAIVE_END_FULL; e++)
        cr_assert_gt(st.ends[e], 0, "%s: no game ended with kind %d",
                     variant, e);
    rules_game_free(g);
}

Test(pentago, random_games_match_naive_swiss)
{
    cross_check_games("swiss-2010", NAIVE_SWISS_2010, 1, 2000);
}

Test(pentago, random_games_match_naive_standard)
{
    cross_check_games("standard", NAIVE_STANDARD, 2, 2000);
}

/* ---- hand-built positions: every rule case ----------------------------- */

/* White a1 b1 c1 d1: e1 makes five by placement. */
#define POS_PLACEMENT "wwww../....../....../....../..b.b./b....b w"
/* White a1 b1 c1 d2: d3 then 2R brings d3, d2 to d1, e1. */
#define POS_ROTATION "www.../...w../....../b...../.b...b/.....b w"
/* Black a1 b1 c1 d2 d3: white's 2R gives black five. */
#define POS_OPPONENT "bbb.../...b../...b../w.w..w/....../.w..w. w"
/* After d3 2R: white a1-e1 and black a3-e3. */
#define POS_BOTH "www.../...w.b/bbb..b/....../....../.....w w"
/* 35 marbles, black to place the 36th on e1: 1R fills the board without
 * five, 1L gives white five, 4R black five, 2L both. */
#define POS_LAST "bwbw.b/wbwbbw/wwbwwb/bbwwbw/wwwbbw/bbwbbw b"

Test(pentago, placement_five_bare_move)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    read_pos(g, POS_PLACEMENT, &pos);
    rules_move moves[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
    /* 28 empty cells, 8 moves each, but e1 only bare. */
    cr_assert_eq(n, 28 * 8 - 7);
    char text[RULES_MOVE_TEXT_MAX];
    rules_format_move(g, &moves[0], text, sizeof text);
    cr_assert_str_eq(text, "e1");
    cr_assert_eq(moves[0].nsteps, 1);
    rules_format_move(g, &moves[1], text, sizeof text);
    cr_assert_str_eq(text, "f1 1R");
    rules_game_free(g);

    play_checked("swiss-2010", POS_PLACEMENT, "e1", 0,
                 RULES_END_FIVE_PLACEMENT, 13);
    play_checked("standard", POS_PLACEMENT, "e1", 0,
                 RULES_END_FIVE_PLACEMENT, 13);
}

/* Rule 7: the rotation after a winning placement is not needed; it is
 * accepted and dropped, and the board is not turned. */
Test(pentago, placement_five_with_rotation_normalised)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    read_pos(g, POS_PLACEMENT, &pos);
    const char *texts[] = {"e1 3L", "e1 1R", "E1 2l", "e1 4R"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        rules_move m;
        char why[RULES_REASON_MAX];
        cr_assert_eq(rules_parse_move(g, &pos, texts[i], &m, why, sizeof why),
                     RULES_OK, "%s: %s", texts[i], why);
        cr_assert_eq(m.nsteps, 1, "%s", texts[i]);
        char text[RULES_MOVE_TEXT_MAX];
        rules_format_move(g, &m, text, sizeof text);
        cr_assert_str_eq(text, "e1");
    }
    play(g, &pos, "e1 1R");
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert_str_eq(line, "wwwww./....../....../....../..b.b./b....b b");
    expect_outcome(g, &pos, 0, RULES_END_FIVE_PLACEMENT, 13);
    rules_game_free(g);
}

Test(pentago, rotation_five_for_mover)
{
    play_checked("swiss-2010", POS_ROTATION, "d3 2R", 0,
                 RULES_END_FIVE_ROTATION, 13);
    play_checked("standard", POS_ROTATION, "d3 2R", 0,
                 RULES_END_FIVE_ROTATION, 13);
    /* The same placement with another rotation does not win. */
    rules_game *g = new_game(NULL);
    rules_pos pos;
    read_pos(g, POS_ROTATION, &pos);
    play(g, &pos, "d3 2L");
    expect_ongoing(g, &pos);
    rules_game_free(g);
}

/* Win points go to the opponent, counted on the opponent's marbles. */
Test(pentago, rotation_five_for_opponent_only)
{
    play_checked("swiss-2010", POS_OPPONENT, "a5 2R", 1,
                 RULES_END_FIVE_OPPONENT, 13);
    play_checked("standard", POS_OPPONENT, "a5 2R", 1,
                 RULES_END_FIVE_OPPONENT, 13);
}

/* Rule 8: five for both is a draw; the Swiss rules give it to the mover. */
Test(pentago, rotation_five_for_both)
{
    play_checked("standard", POS_BOTH, "d3 2R", -1, RULES_END_FIVE_BOTH, 0);
    play_checked("swiss-2010", POS_BOTH, "d3 2R", 0, RULES_END_FIVE_BOTH, 12);
    /* The default variant is swiss-2010. */
    rules_game *g = new_game(NULL);
    cr_assert_str_eq(rules_variant_name(g), "swiss-2010");
    rules_pos pos;
    read_pos(g, POS_BOTH, &pos);
    play(g, &pos, "d3 2R");
    expect_outcome(g, &pos, 0, RULES_END_FIVE_BOTH, 12);
    rules_game_free(g);
}

/* Rule 9: the 36th marble; a win with it is worth 18 - 18 = 0 points. */
Test(pentago, last_marble)
{
    for (int v = 0; v < 2; v++) {
        const char *variant = v ? "standard" : "swiss-2010";
        play_checked(variant, POS_LAST, "e1 1R", -1, RULES_END_FULL_BOARD, 0);
        play_checked(variant, POS_LAST, "e1 4R", 1, RULES_END_FIVE_ROTATION,
                     0);
        play_checked(variant, POS_LAST, "e1 1L", 0, RULES_END_FIVE_OPPONENT,
                     0);
        play_checked(variant, POS_LAST, "e1 2L", v ? -1 : 1,
                     RULES_END_FIVE_BOTH, 0);
    }
    rules_game *g = new_game(NULL);
    rules_pos pos;
    read_pos(g, POS_LAST, &pos);
    cr_assert_eq(rules_ply(g, &pos), 35);
    cr_assert_eq(rules_to_move(g, &pos), 1);
    cr_assert_eq(rules_count_moves(g, &pos), 8);
    play(g, &pos, "e1 1R");
    cr_assert_eq(rules_ply(g, &pos), 36);
    /* The full board read back from its line is still a draw. */
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert_null(strchr(line, '.'));
    rules_pos again;
    read_pos(g, line, &again);
    expect_outcome(g, &again, -1, RULES_END_FULL_BOARD, 0);
    rules_game_free(g);
}

/* A position line may already hold a five: the game is over on reading. */
Test(pentago, position_with_five_already)
{
    static const struct {
        const char *line;
        int winner_swiss, winner_standard, points;
    } cases[] = {
        /* white five, black to move */
        {"wwwww./....../bbbb../....../....../...... b", 0, 0, 13},
        /* black five, white to move */
        {"bbbbb./....../wwww../....../....../w..... w", 1, 1, 13},
        /* both: the last mover (white) under swiss-2010, else a draw */
        {"wwwww./....../bbbbb./....../....../w..... b", 0, -1, 12},
        /* both, black moved last */
        {"wwwww./....../bbbbb./....../....../...... w", 1, -1, 13},
        /* a six counts as five */
        {"wwwwww/bbbbb./....../....../....../...... b", 0, -1, 12},
        /* a column */
        {"w...../w...../w...../w...../w...../bbbb.. b", 0, 0, 13},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int v = 0; v < 2; v++) {
            rules_game *g = new_game(v ? "standard" : "swiss-2010");
            rules_pos pos;
            read_pos(g, cases[i].line, &pos);
            int winner = v ? cases[i].winner_standard : cases[i].winner_swiss;
            int points = winner < 0 ? 0 : cases[i].points;
            expect_outcome(g, &pos, winner, RULES_END_FIVE, points);
            rules_move m;
            char why[RULES_REASON_MAX] = "";
            cr_assert_eq(rules_parse_move(g, &pos, "f6 1R", &m, why,
                                          sizeof why),
                         RULES_ILLEGAL);
            cr_assert(strstr(why, "over"), "why: %s", why);
            char line[RULES_POS_TEXT_MAX];
            rules_pos_write(g, &pos, line, sizeof line);
            cr_assert_str_eq(line, cases[i].line);
            rules_game_free(g);
        }
    }
}

/* ---- notation ------------------------------------------------------------ */

/* Every legal move along random games formats and parses back to itself. */
Test(pentago, notation_round_trip)
{
    rules_game *g = new_game(NULL);
    static rules_move moves[RULES_MAX_MOVES];
    rng r;
    rng_seed(&r, 99);
    size_t checked = 0, bare = 0;
    for (int game = 0; game < 30; game++) {
        rules_pos pos;
        rules_start(g, &pos);
        size_t n;
        while ((n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES))) {
            for (size_t i = 0; i < n; i++) {
                char text[RULES_MOVE_TEXT_MAX], why[RULES_REASON_MAX];
                rules_format_move(g, &moves[i], text, sizeof text);
                rules_move back;
                cr_assert_eq(rules_parse_move(g, &pos, text, &back, why,
                                              sizeof why),
                             RULES_OK, "%s: %s", text, why);
                cr_assert_eq(memcmp(&back, &moves[i], sizeof back), 0,
                             "%s", text);
                cr_assert_eq(strlen(text), moves[i].nsteps == 1 ? 2u : 5u);
                checked++;
                bare += moves[i].nsteps == 1;
            }
            size_t pick = rng_below(&r, (uint32_t)n);
            for (size_t i = 0; i < n; i++)
                if (moves[i].nsteps == 1)
                    pick = i;
            rules_apply(g, &pos, &moves[pick]);
        }
    }
    cr_assert_gt(checked, 10000);
    cr_assert_gt(bare, 0);
    rules_game_free(g);
}

Test(pentago, notation_case_and_blanks)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    rules_start(g, &pos);
    const char *texts[] = {"c4 2R", "C4 2r", "c4 2r", "C4 2R", "  c4 2R",
                           "c4   2R", "c4\t2R\t", "c4 2R  "};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        rules_move m;
        char why[RULES_REASON_MAX], text[RULES_MOVE_TEXT_MAX];
        cr_assert_eq(rules_parse_move(g, &pos, texts[i], &m, why, sizeof why),
                     RULES_OK, "\"%s\": %s", texts[i], why);
        rules_format_move(g, &m, text, sizeof text);
        cr_assert_str_eq(text, "c4 2R", "\"%s\"", texts[i]);
        cr_assert_eq(packed_of(&m), 20 | 2 << 6); /* c4 = row 3, col 2 */
    }
    /* Corners, quadrants and directions map as in pentago.h. */
    static const struct {
        const char *text;
        int cell, rot;
    } map[] = {{"a1 1R", 0, 0},  {"f1 1L", 5, 1},  {"a6 2R", 30, 2},
               {"f6 2L", 35, 3}, {"b2 3R", 7, 4},  {"e5 3l", 28, 5},
               {"d4 4r", 21, 6}, {"c3 4L", 14, 7}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        rules_move m;
        char why[RULES_REASON_MAX];
        cr_assert_eq(rules_parse_move(g, &pos, map[i].text, &m, why,
                                      sizeof why),
                     RULES_OK);
        cr_assert_eq(packed_of(&m), map[i].cell | map[i].rot << 6, "%s",
                     map[i].text);
    }
    rules_game_free(g);
}

Test(pentago, malformed_and_illegal_moves)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    read_pos(g, POS_PLACEMENT, &pos);
    static const struct {
        const char *text;
        rules_status st;
        const char *word;
    } cases[] = {
        {"", RULES_MALFORMED, "empty"},
        {"   ", RULES_MALFORMED, "empty"},
        {"\t", RULES_MALFORMED, "empty"},
        {"g4 2R", RULES_MALFORMED, "column"},
        {"4c 2R", RULES_MALFORMED, "column"},
        {"@1 1R", RULES_MALFORMED, "column"},
        {"c7 2R", RULES_MALFORMED, "row"},
        {"c0 2R", RULES_MALFORMED, "row"},
        {"cc 2R", RULES_MALFORMED, "row"},
        {"c", RULES_MALFORMED, "row missing"},
        {"c 4 2R", RULES_MALFORMED, "row"},
        {"c42R", RULES_MALFORMED, "unexpected"},
        {"c4x", RULES_MALFORMED, "unexpected"},
        {"c4 5R", RULES_MALFORMED, "quadrant"},
        {"c4 0R", RULES_MALFORMED, "quadrant"},
        {"c4 R2", RULES_MALFORMED, "quadrant"},
        {"c4 2X", RULES_MALFORMED, "direction"},
        {"c4 2", RULES_MALFORMED, "direction R or L missing"},
        {"c4 2 R", RULES_MALFORMED, "direction"},
        {"c4 2RR", RULES_MALFORMED, "unexpected"},
        {"c4 2R x", RULES_MALFORMED, "unexpected"},
        {"c4 2R\n", RULES_MALFORMED, "unexpected '\\x0a'"},
        {"c4 2R\r", RULES_MALFORMED, "unexpected '\\x0d'"},
        {"\x80" "4 2R", RULES_MALFORMED, "'\\x80' is not a column"},
        {"c\x01 2R", RULES_MALFORMED, "'\\x01' is not a row"},
        {"c4 \x1b[2J", RULES_MALFORMED, "'\\x1b' is not a quadrant"},
        {"c4 2\x7f", RULES_MALFORMED, "'\\x7f' is not a direction"},
        {"c4 2R \xc3\xa9", RULES_MALFORMED, "unexpected '\\xc3\\xa9'"},
        {"a1 1R", RULES_ILLEGAL, "occupied by white"},
        {"a6 1R", RULES_ILLEGAL, "occupied by black"},
        {"c5", RULES_ILLEGAL, "occupied"},
        {"a2", RULES_ILLEGAL, "rotation is required"},
        {"f6", RULES_ILLEGAL, "occupied"},
        {"f5", RULES_ILLEGAL, "rotation is required"},
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
    /* Once the game is over every well-formed move is refused. */
    play(g, &pos, "e1");
    static const char *after[] = {"a2 1R", "a2", "a1 1R"};
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
        rules_move m;
        char why[RULES_REASON_MAX] = "";
        cr_assert_eq(rules_parse_move(g, &pos, after[i], &m, why, sizeof why),
                     RULES_ILLEGAL);
        cr_assert(strstr(why, "over"), "why: %s", why);
    }
    /* A malformed move stays malformed after the end. */
    rules_move m;
    char why[RULES_REASON_MAX] = "";
    cr_assert_eq(rules_parse_move(g, &pos, "z9", &m, why, sizeof why),
                 RULES_MALFORMED);
    /* A short reason buffer is cut, not overrun. */
    char tiny[8];
    cr_assert_eq(rules_parse_move(g, &pos, "c4 9R", &m, tiny, sizeof tiny),
                 RULES_MALFORMED);
    cr_assert_eq(strlen(tiny), sizeof tiny - 1);
    rules_game_free(g);
}

/* ---- position lines ---------------------------------------------------- */

Test(pentago, position_line_round_trip)
{
    rules_game *g = new_game(NULL);
    rules_pos pos;
    rules_start(g, &pos);
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, &pos, line, sizeof line);
    cr_assert_str_eq(line, "....../....../....../....../....../...... w");
    static rules_move moves[RULES_MAX_MOVES];
    rng r;
    rng_seed(&r, 5);
    for (int game = 0; game < 200; game++) {
        rules_start(g, &pos);
        for (;;) {
            rules_pos_write(g, &pos, line, sizeof line);
            cr_assert_eq(strlen(line), 43u);
            rules_pos back;
            read_pos(g, line, &back);
            char again[RULES_POS_TEXT_MAX];
            rules_pos_write(g, &back, again, sizeof again);
            cr_assert_str_eq(again, line);
            cr_assert_eq(rules_to_move(g, &back), rules_to_move(g, &pos));
            cr_assert_eq(rules_ply(g, &back), rules_ply(g, &pos));
            size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
            cr_assert_eq(rules_count_moves(g, &back), n, "%s", line);
            if (n == 0)
                break;
            rules_apply(g, &pos, &moves[rng_below(&r, (uint32_t)n)]);
        }
    }
    rules_game_free(g);
}

Test(pentago, position_line_errors)
{
    rules_game *g = new_game(NULL);
    static const struct {
        const char *line, *word;
    } cases[] = {
        {"", "row 1 is too short"},
        {"....../...", "row 2 is too short"},
        {"w\x01..../....../....../....../....../...... w", "'\\x01'"},
        {"x...../....../....../....../....../...... w", "'x'"},
        {"...W../....../....../....../....../...... w", "'W'"},
        {"....../....../....../.....1/....../...... w", "row 4"},
        {"......./....../....../....../....../...... w", "'/' before row 2"},
        {"...../....../....../....../....../...... w", "row 1: '/'"},
        {"......|....../....../....../....../...... w", "'/'"},
        {"....../....../....../....../....../......", "colour to move"},
        {"....../....../....../....../....../...... ", "colour to move"},
        {"....../....../....../....../....../......w", "colour to move"},
        {"....../....../....../....../....../...... x", "colour to move"},
        {"....../....../....../....../....../...... W", "colour to move"},
        {"....../....../....../....../....../...... w ", "colour to move"},
        {"....../....../....../....../....../...... wb", "colour to move"},
        {"....../....../....../....../....../...... w\n", "colour to move"},
        {"....../....../....../....../....../...... b",
         "0 white and 0 black marbles cannot have black to move"},
        {"w...../....../....../....../....../...... w",
         "1 white and 0 black marbles cannot have white to move"},
        {"b...../....../....../....../....../...... b", "cannot have"},
        {"b...../....../....../....../....../...... w", "cannot have"},
        {"ww..../....../....../....../....../...... b", "cannot have"},
        {"wwwww./bbbbbb/....../....../....../...... b", "cannot have"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_pos pos;
        char why[RULES_REASON_MAX] = "";
        cr_assert_eq(rules_pos_read(g, cases[i].line, &pos, why, sizeof why),
                     RULES_BAD_POS, "\"%s\" accepted", cases[i].line);
        cr_assert(strstr(why, cases[i].word), "\"%s\": \"%s\" lacks \"%s\"",
                  cases[i].line, why, cases[i].word);
    }
    rules_game_free(g);
}

Test(pentago, render_mentions_state)
{
    rules_game *g = new_game("standard");
    rules_pos pos;
    char buf[RULES_BOARD_TEXT_MAX];
    rules_start(g, &pos);
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "white to move"), "%s", buf);
    read_pos(g, POS_PLACEMENT, &pos);
    play(g, &pos, "e1");
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "white wins (five-by-placement)"), "%s", buf);
    cr_assert(strstr(buf, " 1  w w w | w w .\n"), "%s", buf);
    read_pos(g, POS_BOTH, &pos);
    play(g, &pos, "d3 2R");
    rules_render(g, &pos, buf, sizeof buf);
    cr_assert(strstr(buf, "draw (five-for-both)"), "%s", buf);
    /* A short buffer is cut, not overrun. */
    char tiny[10];
    rules_render(g, &pos, tiny, sizeof tiny);
    cr_assert_eq(strlen(tiny), sizeof tiny - 1);
    rules_game_free(g);
}

/* ---- game creation --------------------------------------------------------- */

Test(pentago, game_new_and_names)
{
    rules_game *g = new_game("standard");
    cr_assert_str_eq(rules_game_name(g), "pentago");
    cr_assert_str_eq(rules_variant_name(g), "standard");
    cr_assert_str_eq(rules_options_text(g), "");
    cr_assert_eq(rules_seats(g), 2);
    cr_assert_str_eq(rules_seat_colour(g, 0), "white");
    cr_assert_str_eq(rules_seat_colour(g, 1), "black");
    cr_assert_neq(rules_seat_team(g, 0), rules_seat_team(g, 1));
    rules_game_free(g);
    g = new_game("");
    cr_assert_str_eq(rules_variant_name(g), "swiss-2010");
    rules_game_free(g);
    char err[RULES_REASON_MAX];
    g = rules_game_new("pentago", "swiss-2010", "", err, sizeof err);
    cr_assert_not_null(g, "%s", err);
    rules_game_free(g);
    cr_assert(strstr(rules_games_list(), "pentago"));
    cr_assert(strstr(rules_variants_list("pentago"), "standard"));
    cr_assert(strstr(rules_variants_list("pentago"), "swiss-2010"));
    cr_assert_str_eq(rules_variants_list("chess"), "");
}

Test(pentago, game_new_errors)
{
    static const struct {
        const char *game, *variant, *options, *word;
    } cases[] = {
        {"chess", NULL, NULL, "unknown game 'chess'"},
        {NULL, NULL, NULL, "unknown game"},
        {"", NULL, NULL, "unknown game"},
        {"Pentago", NULL, NULL, "unknown game"},
        {"pentago", "swiss", NULL, "unknown variant 'swiss'"},
        {"pentago", "Standard", NULL, "unknown variant"},
        {"pentago", "swiss-2010,standard", NULL, "unknown variant"},
        {"pentago", NULL, "x=1", "takes no options"},
        {"pentago", "standard", "rotate=no", "takes no options"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[RULES_REASON_MAX] = "";
        rules_game *g = rules_game_new(cases[i].game, cases[i].variant,
                                       cases[i].options, err, sizeof err);
        cr_assert_null(g, "case %zu accepted", i);
        cr_assert(strstr(err, cases[i].word), "case %zu: \"%s\"", i, err);
    }
    char opts[400];
    memset(opts, 'x', sizeof opts - 1);
    opts[sizeof opts - 1] = 0;
    char err[RULES_REASON_MAX] = "";
    cr_assert_null(rules_game_new("pentago", NULL, opts, err, sizeof err));
    cr_assert(strstr(err, "too long"), "%s", err);
}
