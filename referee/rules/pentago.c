/* pentago.c - Pentago on quadrant-lane bitboards (see pentago.h). */
#include "pentago.h"

/* The 32 lines of five: rows, columns, then diagonals, in lane layout.
 * Generated once from the cell layout; checked by tests/unit/test_pentago.c
 * against the naive engine. */
static const uint64_t pentago_lines[32] = {
    0x0000000000030007ULL, 0x0000000000070006ULL,
    0x0000000000180038ULL, 0x0000000000380030ULL,
    0x0000000000c001c0ULL, 0x0000000001c00180ULL,
    0x0003000700000000ULL, 0x0007000600000000ULL,
    0x0018003800000000ULL, 0x0038003000000000ULL,
    0x00c001c000000000ULL, 0x01c0018000000000ULL,
    0x0000000900000049ULL, 0x0000004900000048ULL,
    0x0000001200000092ULL, 0x0000009200000090ULL,
    0x0000002400000124ULL, 0x0000012400000120ULL,
    0x0009000000490000ULL, 0x0049000000480000ULL,
    0x0012000000920000ULL, 0x0092000000900000ULL,
    0x0024000001240000ULL, 0x0124000001200000ULL,
    0x0011000000000111ULL, 0x0000000a000a0100ULL,
    0x0022000000400022ULL, 0x0000001400540000ULL,
    0x0088000400000088ULL, 0x0000005400500000ULL,
    0x0111000000000110ULL, 0x000100a000a00000ULL,
};

#define PENTAGO_ALL 0x01ff01ff01ff01ffULL

void pentago_start(pentago_pos *p)
{
    p->side[0] = p->side[1] = 0;
    p->to_move = 0;
    p->ply = 0;
    p->status = PENTAGO_ONGOING;
    p->winner = -1;
}

uint64_t pentago_cell_bit(int cell)
{
    int r = cell / 6, c = cell % 6;
    int q = (r / 3) * 2 + c / 3;
    return 1ULL << (q * 16 + (r % 3) * 3 + c % 3);
}

int pentago_cell_owner(const pentago_pos *p, int cell)
{
    uint64_t b = pentago_cell_bit(cell);
    if (p->side[0] & b)
        return 0;
    if (p->side[1] & b)
        return 1;
    return -1;
}

bool pentago_has_five(uint64_t side)
{
    if (__builtin_popcountll(side) < 5)
        return false;
    for (int i = 0; i < 32; i++)
        if ((side & pentago_lines[i]) == pentago_lines[i])
            return true;
    return false;
}

uint64_t pentago_winning_cells(const pentago_pos *p)
{
    uint64_t mine = p->side[p->to_move], theirs = p->side[!p->to_move];
    uint64_t cells = 0;
    if (__builtin_popcountll(mine) < 4)
        return 0;
    for (int i = 0; i < 32; i++) {
        uint64_t line = pentago_lines[i];
        if (!(theirs & line) && __builtin_popcountll(mine & line) == 4)
            cells |= line & ~mine;
    }
    return cells;
}

/* Each bit of a 3x3 lane moves by a fixed shift under a quarter turn, so a
 * rotation is seven mask-and-shift pairs on the chosen lane. */
uint64_t pentago_rotate(uint64_t board, int q, int dir)
{
    int s = q * 16;
    uint64_t x = (board >> s) & 0x1ff, y;
    if (dir == 0)
        y = ((x & 0x021) << 2) | ((x & 0x002) << 4) | ((x & 0x004) << 6) |
            ((x & 0x108) >> 2) | (x & 0x010) | ((x & 0x040) >> 6) |
            ((x & 0x080) >> 4);
    else
        y = ((x & 0x001) << 6) | ((x & 0x042) << 2) | ((x & 0x084) >> 2) |
            ((x & 0x008) << 4) | (x & 0x010) | ((x & 0x020) >> 4) |
            ((x & 0x100) >> 6);
    return (board & ~(0x1ffULL << s)) | (y << s);
}

static void pentago_settle(pentago_pos *p, int mover, pentago_ruleset rules)
{
    bool mine = pentago_has_five(p->side[mover]);
    bool theirs = pentago_has_five(p->side[!mover]);
    if (mine && theirs) {
        p->status = rules == PENTAGO_SWISS_2010 ? PENTAGO_BOTH_MOVER
                                                : PENTAGO_BOTH_DRAW;
        p->winner = rules == PENTAGO_SWISS_2010 ? mover : -1;
    } else if (mine) {
        p->status = PENTAGO_WIN_ROTATION;
        p->winner = (int8_t)mover;
    } else if (theirs) {
        p->status = PENTAGO_LOSS_ROTATION;
        p->winner = (int8_t)!mover;
    } else if (p->ply == PENTAGO_CELLS) {
        p->status = PENTAGO_FULL_DRAW;
    }
}

void pentago_apply(pentago_pos *p, pentago_move m, pentago_ruleset rules)
{
    int mover = p->to_move, rot = pentago_move_rot(m);
    p->side[mover] |= pentago_cell_bit(pentago_move_cell(m));
    p->ply++;
    p->to_move = (uint8_t)!mover;
    if (rot == PENTAGO_NO_ROT) {
        /* Only legal when the placement makes five (see legal_moves). */
        p->status = PENTAGO_WIN_PLACEMENT;
        p->winner = (int8_t)mover;
        return;
    }
    p->side[0] = pentago_rotate(p->side[0], rot >> 1, rot & 1);
    p->side[1] = pentago_rotate(p->side[1], rot >> 1, rot & 1);
    pentago_settle(p, mover, rules);
}

int pentago_legal_moves(const pentago_pos *p, pentago_move *out)
{
    if (p->status != PENTAGO_ONGOING)
        return 0;
    uint64_t empty = PENTAGO_ALL & ~(p->side[0] | p->side[1]);
    uint64_t wins = pentago_winning_cells(p);
    int n = 0;
    for (int cell = 0; cell < PENTAGO_CELLS; cell++) {
        uint64_t b = pentago_cell_bit(cell);
        if (!(empty & b))
            continue;
        if (wins & b) {
            out[n++] = pentago_make_move(cell, PENTAGO_NO_ROT);
            continue;
        }
        for (int rot = 0; rot < 8; rot++)
            out[n++] = pentago_make_move(cell, rot);
    }
    return n;
}

int pentago_count_moves(const pentago_pos *p)
{
    if (p->status != PENTAGO_ONGOING)
        return 0;
    uint64_t empty = PENTAGO_ALL & ~(p->side[0] | p->side[1]);
    int wins = __builtin_popcountll(pentago_winning_cells(p) & empty);
    return 8 * __builtin_popcountll(empty) - 7 * wins;
}

uint64_t pentago_perft(const pentago_pos *p, int depth,
                       pentago_ruleset rules)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)pentago_count_moves(p);
    pentago_move moves[PENTAGO_MAX_MOVES];
    int n = pentago_legal_moves(p, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pentago_pos child = *p;
        pentago_apply(&child, moves[i], rules);
        total += pentago_perft(&child, depth - 1, rules);
    }
    return total;
}
