/* naive_multi.c - the slow, simple Pentago Multiplayer (naive_multi.h). */
#include "support/naive_multi.h"

#include "board9.h"

#include <stdio.h>
#include <string.h>

static const char naive_multi_letters[] = ".wbru";

void naive_multi_start(naive_multi *p, int nseats, bool team)
{
    memset(p, 0, sizeof *p);
    p->nseats = nseats;
    p->team = team;
}

int naive_multi_colour(const naive_multi *p, int seat)
{
    return p->team ? seat % 2 : seat;
}

static bool naive_multi_on_board(int row, int col)
{
    return row >= 0 && row < 9 && col >= 0 && col < 9;
}

/* Length of the run of colour through (row, col) along (dr, dc). */
static int naive_multi_run(const naive_multi *p, int row, int col, int dr,
                           int dc, int colour)
{
    int n = 0;
    for (int k = -4; k <= 4; k++) {
        int r = row + k * dr, c = col + k * dc;
        if (naive_multi_on_board(r, c) && p->board[r * 9 + c] == colour + 1) {
            if (++n >= 5)
                return n;
        } else if (k >= 0) {
            break;
        } else {
            n = 0;
        }
    }
    return n;
}

static const int naive_multi_dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

bool naive_multi_five(const naive_multi *p, int colour)
{
    for (int cell = 0; cell < 81; cell++)
        for (int d = 0; d < 4; d++) {
            int n = 0;
            for (int k = 0; k < 5; k++) {
                int r = cell / 9 + k * naive_multi_dirs[d][0];
                int c = cell % 9 + k * naive_multi_dirs[d][1];
                n += naive_multi_on_board(r, c) &&
                     p->board[r * 9 + c] == colour + 1;
            }
            if (n == 5)
                return true;
        }
    return false;
}

/* Would a gem of colour on the empty cell make five through it? */
static bool naive_multi_makes_five(const naive_multi *p, int cell,
                                   int colour)
{
    naive_multi q = *p;
    q.board[cell] = (uint8_t)(colour + 1);
    for (int d = 0; d < 4; d++)
        if (naive_multi_run(&q, cell / 9, cell % 9, naive_multi_dirs[d][0],
                            naive_multi_dirs[d][1], colour) >= 5)
            return true;
    return false;
}

int naive_multi_moves(const naive_multi *p, uint16_t *out)
{
    if (p->over)
        return 0;
    int colour = naive_multi_colour(p, p->to_move), n = 0;
    for (int cell = 0; cell < 81; cell++) {
        if (p->board[cell])
            continue;
        if (naive_multi_makes_five(p, cell, colour)) {
            out[n++] = (uint16_t)(cell | NAIVE_MULTI_NO_TURN << 7);
            continue;
        }
        for (int turn = 0; turn < 18; turn++)
            out[n++] = (uint16_t)(cell | turn << 7);
    }
    return n;
}

static bool naive_multi_full(const naive_multi *p)
{
    for (int cell = 0; cell < 81; cell++)
        if (!p->board[cell])
            return false;
    return true;
}

/* Team play: the first five decides, a full board draws. */
static void naive_multi_team_end(naive_multi *p, const bool five[4])
{
    bool any = five[0] || five[1];
    if (!any && !naive_multi_full(p))
        return;
    for (int seat = 0; seat < 4; seat++)
        p->place[seat] = !any || five[seat % 2] ? 1 : 2;
    p->over = true;
    if (!any)
        p->end = NAIVE_MULTI_FULL;
}

/* All against all: the seats in done finish together; the game ends with
 * one seat left, or none, or a full board. */
static void naive_multi_ffa_end(naive_multi *p, const bool done[4])
{
    int before = 0;
    for (int seat = 0; seat < p->nseats; seat++)
        before += p->place[seat] != 0;
    int finished = before;
    for (int seat = 0; seat < p->nseats; seat++)
        if (done[seat]) {
            p->place[seat] = before + 1;
            finished++;
        }
    int left = p->nseats - finished;
    bool full = naive_multi_full(p);
    if (left > 1 && !full)
        return;
    if (left > 1)
        p->end = NAIVE_MULTI_FULL;
    for (int seat = 0; seat < p->nseats; seat++)
        if (!p->place[seat])
            p->place[seat] = finished + 1;
    p->over = true;
}

void naive_multi_apply(naive_multi *p, uint16_t move)
{
    int mover = p->to_move, colour = naive_multi_colour(p, mover);
    int cell = move & 127, turn = move >> 7;
    p->board[cell] = (uint8_t)(colour + 1);
    bool done[4] = {false, false, false, false};
    if (turn == NAIVE_MULTI_NO_TURN) {
        for (int seat = 0; seat < p->nseats; seat++)
            done[seat] = naive_multi_colour(p, seat) == colour;
    } else {
        board9_turn_bytes(p->board, turn / 2, turn % 2);
        for (int seat = 0; seat < p->nseats; seat++)
            done[seat] = !p->place[seat] &&
                         naive_multi_five(p, naive_multi_colour(p, seat));
    }
    bool mine = false, others = false;
    for (int seat = 0; seat < p->nseats; seat++) {
        if (!done[seat])
            continue;
        if (naive_multi_colour(p, seat) == colour)
            mine = true;
        else
            others = true;
    }
    p->end = turn == NAIVE_MULTI_NO_TURN ? NAIVE_MULTI_PLACEMENT
             : mine && others            ? NAIVE_MULTI_ROT_BOTH
             : mine                      ? NAIVE_MULTI_ROT_MOVER
             : others                    ? NAIVE_MULTI_ROT_OTHERS
                                         : NAIVE_MULTI_NONE;
    if (p->team)
        naive_multi_team_end(p, done);
    else
        naive_multi_ffa_end(p, done);
    int next = (mover + 1) % p->nseats;
    while (!p->over && p->place[next])
        next = (next + 1) % p->nseats;
    p->to_move = next;
}

uint64_t naive_multi_perft(const naive_multi *p, int depth)
{
    if (depth == 0)
        return 1;
    uint16_t moves[NAIVE_MULTI_MAX_MOVES];
    int n = naive_multi_moves(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        naive_multi child = *p;
        naive_multi_apply(&child, moves[i]);
        total += naive_multi_perft(&child, depth - 1);
    }
    return total;
}

void naive_multi_line(const naive_multi *p, char *buf, size_t len)
{
    char line[128];
    size_t n = 0;
    for (int row = 0; row < 9; row++) {
        for (int col = 0; col < 9; col++)
            line[n++] = naive_multi_letters[p->board[row * 9 + col]];
        line[n++] = row < 8 ? '/' : ' ';
    }
    n += (size_t)snprintf(line + n, sizeof line - n, "%d", p->to_move);
    for (int seat = 0; seat < p->nseats; seat++)
        n += (size_t)snprintf(line + n, sizeof line - n, "%c%d",
                              seat ? ',' : ' ', p->place[seat]);
    snprintf(buf, len, "%s", line);
}

void naive_multi_from_line(naive_multi *p, const char *line)
{
    naive_multi_start(p, p->nseats, p->team);
    const char *s = line;
    for (int cell = 0; cell < 81; cell++, s++) {
        if (cell && cell % 9 == 0)
            s++; /* the '/' */
        const char *at = strchr(naive_multi_letters, *s);
        p->board[cell] = (uint8_t)(at ? at - naive_multi_letters : 0);
    }
    p->to_move = s[1] - '0';
    s += 3;
    bool all = true;
    for (int seat = 0; seat < p->nseats; seat++, s += 2) {
        p->place[seat] = s[0] - '0';
        all &= p->place[seat] != 0;
    }
    p->over = all;
}
