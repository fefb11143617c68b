/* pentago_naive.c - the simple reference Pentago (see pentago_naive.h). */
#include "pentago_naive.h"

static const char naive_mark[2] = {'w', 'b'};

void naive_start(naive_pos *p)
{
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            p->board[r][c] = '.';
    p->to_move = 0;
    p->over = false;
    p->winner = -1;
    p->end = NAIVE_ONGOING;
}

int naive_cell(const naive_pos *p, int cell)
{
    char m = p->board[cell / 6][cell % 6];
    return m == 'w' ? 0 : m == 'b' ? 1 : -1;
}

/* Do five cells from (r, c) in direction (dr, dc) all hold mark? */
static bool naive_five_from(const naive_pos *p, int r, int c, int dr, int dc,
                            char mark)
{
    for (int k = 0; k < 5; k++) {
        int rr = r + k * dr, cc = c + k * dc;
        if (rr < 0 || rr > 5 || cc < 0 || cc > 5)
            return false;
        if (p->board[rr][cc] != mark)
            return false;
    }
    return true;
}

bool naive_has_five(const naive_pos *p, int seat)
{
    /* right, down, down-right, down-left */
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    char mark = naive_mark[seat];
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            for (int d = 0; d < 4; d++)
                if (naive_five_from(p, r, c, dirs[d][0], dirs[d][1], mark))
                    return true;
    return false;
}

void naive_rotate(naive_pos *p, int q, int dir)
{
    int r0 = (q / 2) * 3, c0 = (q % 2) * 3;
    char old[3][3];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            old[r][c] = p->board[r0 + r][c0 + c];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            /* Clockwise, the left column becomes the top row read
             * bottom to top; counter-clockwise, the right column becomes
             * it read top to bottom. */
            char v = dir == 0 ? old[2 - c][r] : old[c][2 - r];
            p->board[r0 + r][c0 + c] = v;
        }
}

int naive_marbles(const naive_pos *p, int seat)
{
    int n = 0;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            n += p->board[r][c] == naive_mark[seat];
    return n;
}

/* Would placing on the empty cell make five for the side to move? */
static bool naive_placement_wins(const naive_pos *p, int cell)
{
    naive_pos t = *p;
    t.board[cell / 6][cell % 6] = naive_mark[p->to_move];
    return naive_has_five(&t, p->to_move);
}

int naive_legal_moves(const naive_pos *p, uint16_t *out)
{
    if (p->over)
        return 0;
    int n = 0;
    for (int cell = 0; cell < 36; cell++) {
        if (p->board[cell / 6][cell % 6] != '.')
            continue;
        if (naive_placement_wins(p, cell)) {
            out[n++] = (uint16_t)(cell | NAIVE_NO_ROT << 6);
            continue;
        }
        for (int rot = 0; rot < 8; rot++)
            out[n++] = (uint16_t)(cell | rot << 6);
    }
    return n;
}

void naive_apply(naive_pos *p, uint16_t move, naive_rules rules)
{
    int cell = move & 63, rot = move >> 6;
    int mover = p->to_move, other = 1 - mover;
    p->board[cell / 6][cell % 6] = naive_mark[mover];
    p->to_move = other;
    if (rot == NAIVE_NO_ROT) {
        /* Legal only when the placement makes five: the mover wins. */
        p->over = true;
        p->winner = mover;
        p->end = NAIVE_END_PLACEMENT;
        return;
    }
    naive_rotate(p, rot / 2, rot % 2);
    bool mine = naive_has_five(p, mover);
    bool theirs = naive_has_five(p, other);
    if (mine && theirs) {
        p->over = true;
        p->winner = rules == NAIVE_SWISS_2010 ? mover : -1;
        p->end = NAIVE_END_ROT_BOTH;
    } else if (mine) {
        p->over = true;
        p->winner = mover;
        p->end = NAIVE_END_ROT_MOVER;
    } else if (theirs) {
        p->over = true;
        p->winner = other;
        p->end = NAIVE_END_ROT_OPPONENT;
    } else if (naive_marbles(p, 0) + naive_marbles(p, 1) == 36) {
        p->over = true;
        p->winner = -1;
        p->end = NAIVE_END_FULL;
    }
}

int naive_outcome(const naive_pos *p, bool *over)
{
    *over = p->over;
    return p->winner;
}

uint64_t naive_perft(const naive_pos *p, int depth, naive_rules rules)
{
    if (depth == 0)
        return 1;
    uint16_t moves[NAIVE_MAX_MOVES];
    int n = naive_legal_moves(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        naive_pos child = *p;
        naive_apply(&child, moves[i], rules);
        total += naive_perft(&child, depth - 1, rules);
    }
    return total;
}
