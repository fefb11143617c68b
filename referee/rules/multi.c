/* multi.c - Pentago Multiplayer on padded 9x9 bitboards (see multi.h). */
#include "multi.h"

/* Bits of a row's nine cells; the guard bit above them stays clear. */
#define MULTI_ROW 0x1ffULL
/* The nine bits of the top-left block, rows 10 bits apart. */
#define MULTI_BLOCK_BITS (0x7ULL | 0x7ULL << 10 | 0x7ULL << 20)

/* Bit offset of each block's top-left cell. */
static const uint8_t multi_block_base[9] = {0, 3, 6, 30, 33, 36, 60, 63, 66};

void multi_start(multi_pos *p)
{
    for (int c = 0; c < MULTI_MAX_COLOURS; c++) {
        p->gems[c] = 0;
        p->place[c] = 0;
    }
    p->to_move = 0;
    p->ply = 0;
    p->nfinished = 0;
    p->status = MULTI_QUIET;
    p->over = 0;
}

multi_bits multi_cell_bit(int cell)
{
    return (multi_bits)1 << (cell / MULTI_SIDE * MULTI_STRIDE +
                             cell % MULTI_SIDE);
}

multi_bits multi_all_cells(void)
{
    multi_bits all = 0;
    for (int r = 0; r < MULTI_SIDE; r++)
        all |= (multi_bits)MULTI_ROW << (r * MULTI_STRIDE);
    return all;
}

multi_bits multi_block_cells(int block)
{
    return (multi_bits)MULTI_BLOCK_BITS << multi_block_base[block];
}

int multi_cell_owner(const multi_pos *p, int cell)
{
    multi_bits b = multi_cell_bit(cell);
    for (int c = 0; c < MULTI_MAX_COLOURS; c++)
        if (p->gems[c] & b)
            return c;
    return -1;
}

/* Runs along one direction, as a bit step d: 1 along a row, 10 down a
 * column, 11 and 9 along the diagonals.  Inlined with constant steps, the
 * shifts of the 128-bit boards compile to a few instructions. */
static inline bool multi_five_along(multi_bits x, int d)
{
    multi_bits two = x & x >> d;          /* runs of 2 from each bit */
    multi_bits four = two & two >> 2 * d; /* of 4 */
    return (four & x >> 4 * d) != 0;
}

bool multi_has_five(multi_bits x)
{
    if (multi_popcount(x) < 5)
        return false;
    return multi_five_along(x, 1) || multi_five_along(x, 10) ||
           multi_five_along(x, 11) || multi_five_along(x, 9);
}

/* A cell completes a five in direction d when the four other cells of one
 * of the five windows through it are own gems: with R_k = x >> kd (the
 * gem k steps ahead) and L_k = x << kd (k steps back), the windows are
 * R1R2R3R4, L1R1R2R3, L2L1R1R2, L3L2L1R1 and L4L3L2L1. */
static inline multi_bits multi_five_cells_along(multi_bits x, int d)
{
    multi_bits r1 = x >> d, r2 = x >> 2 * d, r3 = x >> 3 * d;
    multi_bits l1 = x << d, l2 = x << 2 * d, l3 = x << 3 * d;
    multi_bits r12 = r1 & r2, l12 = l1 & l2;
    return (r12 & ((r3 & x >> 4 * d) | (l1 & r3) | l12)) |
           (l12 & ((l3 & r1) | (l3 & x << 4 * d)));
}

multi_bits multi_five_cells(multi_bits x, multi_bits empty)
{
    if (multi_popcount(x) < 4)
        return 0;
    return (multi_five_cells_along(x, 1) | multi_five_cells_along(x, 10) |
            multi_five_cells_along(x, 11) | multi_five_cells_along(x, 9)) &
           empty;
}

/* A quarter turn moves each of the nine bits of a block by a fixed
 * offset: clockwise (r, c) goes to (c, 2 - r), that is by 9c - 11r + 2
 * bits; anticlockwise to (2 - c, r), by 20 - 11c - 9r. */
static uint64_t multi_turn_block(uint64_t y, int dir)
{
    if (dir == 0)
        return (y & 1ULL) << 2 | (y & 1ULL << 22) >> 2 |
               (y & 1ULL << 1) << 11 | (y & 1ULL << 21) >> 11 |
               (y & 1ULL << 2) << 20 | (y & 1ULL << 20) >> 20 |
               (y & 1ULL << 12) << 9 | (y & 1ULL << 10) >> 9 |
               (y & 1ULL << 11);
    return (y & 1ULL) << 20 | (y & 1ULL << 22) >> 20 |
           (y & 1ULL << 1) << 9 | (y & 1ULL << 21) >> 9 |
           (y & 1ULL << 10) << 11 | (y & 1ULL << 12) >> 11 |
           (y & 1ULL << 20) << 2 | (y & 1ULL << 2) >> 2 |
           (y & 1ULL << 11);
}

multi_bits multi_turn(multi_bits board, int block, int dir)
{
    int base = multi_block_base[block];
    uint64_t y = (uint64_t)(board >> base) & MULTI_BLOCK_BITS;
    if (!y)
        return board;
    multi_bits mask = (multi_bits)MULTI_BLOCK_BITS << base;
    return (board & ~mask) | (multi_bits)multi_turn_block(y, dir) << base;
}

/* The reason of a move: who among the finishing colours moved. */
static multi_status multi_classify(unsigned done, int colour, bool turned)
{
    if (!turned)
        return MULTI_FIVE_PLACEMENT;
    unsigned mine = 1u << colour;
    if (done == mine)
        return MULTI_FIVE_ROTATION;
    return done & mine ? MULTI_FIVE_BOTH : MULTI_FIVE_OTHERS;
}

/* Give the colours of done their shared place, then end the game if at
 * most one player is left or the board is full. */
static void multi_settle(multi_pos *p, const multi_settings *s,
                         unsigned done)
{
    int n = s->nplayers;
    if (s->team) {
        if (!done && p->ply < MULTI_CELLS)
            return;
        /* The first five decides; both, or none on a full board: both
         * share first place. */
        for (int c = 0; c < 2; c++)
            p->place[c] = !done || (done >> c & 1) ? 1 : 2;
        p->nfinished = 2;
        p->over = 1;
        if (!done)
            p->status = MULTI_FULL;
        return;
    }
    if (done) {
        uint8_t place = (uint8_t)(p->nfinished + 1);
        for (int c = 0; c < n; c++)
            if (done >> c & 1)
                p->place[c] = place;
        p->nfinished = (uint8_t)(p->nfinished + __builtin_popcount(done));
    }
    int left = n - p->nfinished;
    if (left >= 2 && p->ply < MULTI_CELLS)
        return;
    if (left >= 2)
        p->status = MULTI_FULL;
    for (int c = 0; c < n; c++)
        if (!p->place[c])
            p->place[c] = (uint8_t)(p->nfinished + 1);
    p->nfinished = (uint8_t)n;
    p->over = 1;
}

/* The next seat to move after mover: the next one still in; once the
 * game is over, simply the next seat. */
static void multi_pass_turn(multi_pos *p, const multi_settings *s,
                            int mover)
{
    int seat = mover;
    do
        seat = (seat + 1) % s->nseats;
    while (!p->over && p->place[multi_colour_of(s, seat)]);
    p->to_move = (uint8_t)seat;
}

void multi_apply(multi_pos *p, const multi_settings *s, multi_move m)
{
    int mover = p->to_move, colour = multi_colour_of(s, mover);
    int turn = multi_move_turn(m);
    p->gems[colour] |= multi_cell_bit(multi_move_cell(m));
    p->ply++;
    unsigned done = 0;
    if (turn == MULTI_NO_TURN) {
        /* Only legal when the placement makes five (see legal_moves). */
        done = 1u << colour;
    } else {
        for (int c = 0; c < s->nplayers; c++)
            p->gems[c] = multi_turn(p->gems[c], turn >> 1, turn & 1);
        for (int c = 0; c < s->nplayers; c++)
            if (!p->place[c] && multi_has_five(p->gems[c]))
                done |= 1u << c;
    }
    p->status = done ? (uint8_t)multi_classify(done, colour,
                                               turn != MULTI_NO_TURN)
                     : MULTI_QUIET;
    multi_settle(p, s, done);
    multi_pass_turn(p, s, mover);
}

static multi_bits multi_empty(const multi_pos *p)
{
    return multi_all_cells() &
           ~(p->gems[0] | p->gems[1] | p->gems[2] | p->gems[3]);
}

int multi_legal_moves(const multi_pos *p, const multi_settings *s,
                      multi_move *out)
{
    if (p->over)
        return 0;
    multi_bits empty = multi_empty(p);
    multi_bits wins =
        multi_five_cells(p->gems[multi_colour_of(s, p->to_move)], empty);
    int n = 0;
    /* Bits run in cell order: row by row, column by column. */
    for (int half = 0; half < 2; half++) {
        uint64_t e = (uint64_t)(empty >> 64 * half);
        uint64_t w = (uint64_t)(wins >> 64 * half);
        for (; e; e &= e - 1) {
            int bit = __builtin_ctzll(e);
            int pos = bit + 64 * half;
            int cell = pos / MULTI_STRIDE * MULTI_SIDE + pos % MULTI_STRIDE;
            if (w >> bit & 1) {
                out[n++] = multi_make_move(cell, MULTI_NO_TURN);
                continue;
            }
            for (int t = 0; t < MULTI_TURNS; t++)
                out[n++] = multi_make_move(cell, t);
        }
    }
    return n;
}

int multi_count_moves(const multi_pos *p, const multi_settings *s)
{
    if (p->over)
        return 0;
    multi_bits empty = multi_empty(p);
    multi_bits wins =
        multi_five_cells(p->gems[multi_colour_of(s, p->to_move)], empty);
    return MULTI_TURNS * multi_popcount(empty) -
           (MULTI_TURNS - 1) * multi_popcount(wins);
}

uint64_t multi_perft(const multi_pos *p, const multi_settings *s, int depth)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)multi_count_moves(p, s);
    multi_move moves[MULTI_MAX_MOVES];
    int n = multi_legal_moves(p, s, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        multi_pos child = *p;
        multi_apply(&child, s, moves[i]);
        total += multi_perft(&child, s, depth - 1);
    }
    return total;
}
