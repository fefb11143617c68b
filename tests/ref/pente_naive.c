/* pente_naive.c - the simple reference Pente (see pente_naive.h). */
#include "pente_naive.h"

#include <stdio.h>
#include <string.h>

/* Printed row index (0 = row 1) and column of a rules.h cell index. */
static int pn_row(int cell) { return 18 - cell / 19; }
static int pn_col(int cell) { return cell % 19; }

static bool pn_on_board(int r, int c)
{
    return r >= 0 && r < 19 && c >= 0 && c < 19;
}

static int pn_seat(const pnaive_pos *p) { return p->ply % p->nseats; }
static int pn_team(const pnaive_pos *p) { return pn_seat(p) % 2; }

static char pn_colour(const pnaive_pos *p)
{
    int s = pn_seat(p);
    if (p->variant == PNAIVE_TEAM)
        return "wbru"[s];
    return "wb"[s % 2];
}

static int pn_letter_team(char ch) { return ch == 'b' || ch == 'u'; }

void pnaive_start(pnaive_pos *p, pnaive_variant v, bool tournament,
                  int movecap, int need, const uint16_t *diamonds,
                  int ndiamonds)
{
    memset(p, 0, sizeof *p);
    for (int r = 0; r < 19; r++)
        for (int c = 0; c < 19; c++)
            p->board[r][c] = '.';
    for (int i = 0; i < ndiamonds; i++)
        p->diamond[pn_row(diamonds[i])][pn_col(diamonds[i])] = true;
    p->variant = v;
    p->nseats = v == PNAIVE_PARTNER || v == PNAIVE_TEAM ? 4 : 2;
    p->tournament = tournament;
    p->movecap = movecap;
    p->need = need;
    if (v == PNAIVE_PLUS)
        p->power_left[0] = p->power_left[1] = 2;
    p->winner = -1;
}

/* The number of the power stone at (r, c) among all 'p' stones, counted
 * in cell order: row 19 first, A to T. */
static int pn_power_number(const pnaive_pos *p, int r, int c)
{
    int k = 0;
    for (int rr = 18; rr >= 0; rr--)
        for (int cc = 0; cc < 19; cc++) {
            if (rr == r && cc == c)
                return k;
            if (p->board[rr][cc] == 'p')
                k++;
        }
    return -1;
}

/* Does (r, c) hold a stone that counts as the mover's (colour me)?  The
 * mask's bits number the power stones of the board order, as it was when
 * the placement began (captures remove stones, not letters). */
static bool pn_mine(const pnaive_pos *p, const pnaive_pos *order, int r,
                    int c, char me, unsigned as)
{
    if (!pn_on_board(r, c))
        return false;
    char ch = p->board[r][c];
    if (ch == me || ch == 'N')
        return true;
    if (ch == 'p')
        return (as >> pn_power_number(order, r, c)) & 1;
    return false;
}

/* Does (r, c) hold a stone that counts as not the mover's? */
static bool pn_theirs(const pnaive_pos *p, const pnaive_pos *order, int r,
                      int c, char me, unsigned as)
{
    if (!pn_on_board(r, c))
        return false;
    char ch = p->board[r][c];
    if (ch == '.' || ch == me || ch == 'N')
        return false;
    if (ch == 'p')
        return !((as >> pn_power_number(order, r, c)) & 1);
    return true;
}

/* Put stone on (r, c), capture, and settle a win. */
static void pn_place(pnaive_pos *p, int r, int c, char stone, unsigned as)
{
    static const int dirs[8][2] = {{0, 1},  {1, 0},  {1, 1},   {1, -1},
                                   {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};
    char me = pn_colour(p);
    int team = pn_team(p);
    p->board[r][c] = stone;
    const pnaive_pos order = *p;
    int taken[16][2], ntaken = 0;
    for (int d = 0; d < 8; d++) {
        int dr = dirs[d][0], dc = dirs[d][1];
        if (pn_theirs(p, &order, r + dr, c + dc, me, as) &&
            pn_theirs(p, &order, r + 2 * dr, c + 2 * dc, me, as) &&
            pn_mine(p, &order, r + 3 * dr, c + 3 * dc, me, as)) {
            for (int k = 1; k <= 2; k++) {
                taken[ntaken][0] = r + k * dr;
                taken[ntaken][1] = c + k * dc;
                ntaken++;
            }
        }
    }
    for (int i = 0; i < ntaken; i++) {
        char *cell = &p->board[taken[i][0]][taken[i][1]];
        if (p->variant != PNAIVE_TEAM || pn_letter_team(*cell) != team)
            p->captured[team]++;
        *cell = '.';
    }
    for (int d = 0; d < 4; d++) {
        int dr = dirs[d][0], dc = dirs[d][1];
        for (int start = 0; start < 5; start++) {
            int ok = 0;
            for (int j = 0; j < 5; j++)
                ok += pn_mine(p, &order, r + (j - start) * dr,
                              c + (j - start) * dc, me, as);
            if (ok == 5) {
                p->end = PNAIVE_FIVE;
                p->winner = team;
                return;
            }
        }
    }
    if (p->captured[team] >= p->need) {
        p->end = PNAIVE_CAPTURES;
        p->winner = team;
    }
}

static bool pn_empty(const pnaive_pos *p, int cell)
{
    return cell >= 0 && cell < 361 &&
           p->board[pn_row(cell)][pn_col(cell)] == '.';
}

/* The legality of the first stone of a move. */
static bool pn_first_ok(const pnaive_pos *p, int cell, bool power)
{
    if (p->end != PNAIVE_ONGOING || !pn_empty(p, cell))
        return false;
    int r = pn_row(cell), c = pn_col(cell);
    if (p->ply == 0 && !(r == 9 && c == 9))
        return false;
    int opening = p->variant == PNAIVE_TEAM ? 4 : 2;
    if (p->tournament && p->ply == opening) {
        int dr = r > 9 ? r - 9 : 9 - r, dc = c > 9 ? c - 9 : 9 - c;
        if (dr < 3 && dc < 3)
            return false;
    }
    if (power && (p->variant != PNAIVE_PLUS || p->ply == 0 ||
                  p->power_left[pn_team(p)] == 0))
        return false;
    return true;
}

static void pn_first(pnaive_pos *p, const pnaive_move *m)
{
    char me = pn_colour(p);
    if (m->power)
        p->power_left[pn_team(p)]--;
    pn_place(p, pn_row(m->cell), pn_col(m->cell), m->power ? 'N' : me,
             m->as[0]);
}

bool pnaive_legal(const pnaive_pos *p, const pnaive_move *m)
{
    if (!pn_first_ok(p, m->cell, m->power))
        return false;
    if (m->bonus < 0)
        return true;
    if (!m->power || m->bonus == m->cell || !pn_empty(p, m->bonus) ||
        !p->diamond[pn_row(m->bonus)][pn_col(m->bonus)])
        return false;
    pnaive_pos q = *p;
    pn_first(&q, m);
    return q.end == PNAIVE_ONGOING;
}

int pnaive_legal_moves(const pnaive_pos *p, pnaive_move *out)
{
    int n = 0;
    for (int cell = 0; cell < 361; cell++)
        for (int power = 0; power < 2; power++) {
            pnaive_move m = {cell, -1, power, {0xff, 0}};
            if (pnaive_legal(p, &m))
                out[n++] = m;
        }
    return n;
}

void pnaive_apply(pnaive_pos *p, const pnaive_move *m)
{
    char me = pn_colour(p);
    pn_first(p, m);
    if (m->bonus >= 0 && p->end == PNAIVE_ONGOING)
        pn_place(p, pn_row(m->bonus), pn_col(m->bonus), me, m->as[1]);
    for (int r = 0; r < 19; r++)
        for (int c = 0; c < 19; c++)
            if (p->board[r][c] == 'N')
                p->board[r][c] = 'p';
    p->ply++;
    if (p->end != PNAIVE_ONGOING)
        return;
    bool full = true;
    for (int cell = 0; cell < 361; cell++)
        full = full && !pn_empty(p, cell);
    if (full)
        p->end = PNAIVE_FULL;
    else if (p->movecap > 0 && p->ply >= p->movecap)
        p->end = PNAIVE_CAP;
}

void pnaive_line(const pnaive_pos *p, char *buf, size_t len)
{
    char line[1024];
    size_t n = 0;
    for (int r = 18; r >= 0; r--) {
        int empty = 0;
        for (int c = 0; c < 19; c++) {
            char ch = p->board[r][c];
            if (ch == '.') {
                empty++;
                continue;
            }
            if (empty > 0)
                n += (size_t)snprintf(line + n, sizeof line - n, "%d",
                                      empty);
            empty = 0;
            line[n++] = ch;
        }
        if (empty > 0)
            n += (size_t)snprintf(line + n, sizeof line - n, "%d", empty);
        if (r > 0)
            line[n++] = '/';
    }
    n += (size_t)snprintf(line + n, sizeof line - n, " %c %d %d,%d",
                          pn_colour(p), p->ply, p->captured[0],
                          p->captured[1]);
    if (p->variant == PNAIVE_PLUS)
        snprintf(line + n, sizeof line - n, " %d,%d", p->power_left[0],
                 p->power_left[1]);
    snprintf(buf, len, "%s", line);
}

uint64_t pnaive_perft(const pnaive_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    pnaive_move moves[PNAIVE_MAX_MOVES];
    int n = pnaive_legal_moves(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pnaive_pos q = *p;
        pnaive_apply(&q, &moves[i]);
        total += pnaive_perft(&q, depth - 1);
    }
    return total;
}
