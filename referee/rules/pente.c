/* pente.c - Pente and its variants on a padded byte board (see pente.h). */
#include "pente.h"

#include <string.h>

/* The eight line steps on the padded board, opposite directions paired:
 * dir[k] and dir[k + 4] point opposite ways along axis k. */
static const int pente_dir[8] = {
    1, PENTE_STRIDE, PENTE_STRIDE + 1, PENTE_STRIDE - 1,
    -1, -PENTE_STRIDE, -PENTE_STRIDE - 1, -PENTE_STRIDE + 1,
};

/* D16, K16, Q16, G13, N13, D10, Q10, G7, N7, D4, K4, Q4 in cell order
 * (G13, N13, G7, N7 the diagonals at distance 3, the others axes and
 * diagonals at distance 6), as cell indices row * 19 + column with row 0
 * = row 19. */
#define PENTE_CELL(col, row) ((19 - (row)) * PENTE_N + (col))
const uint16_t pente_default_diamonds[12] = {
    PENTE_CELL(3, 16),  PENTE_CELL(9, 16),  PENTE_CELL(15, 16),
    PENTE_CELL(6, 13),  PENTE_CELL(12, 13), PENTE_CELL(3, 10),
    PENTE_CELL(15, 10), PENTE_CELL(6, 7),   PENTE_CELL(12, 7),
    PENTE_CELL(3, 4),   PENTE_CELL(9, 4),   PENTE_CELL(15, 4),
};

int pente_nseats(pente_variant v)
{
    return v == PENTE_PARTNER || v == PENTE_TEAM ? 4 : 2;
}

int pente_seat_team(pente_variant v, int seat)
{
    (void)v;
    return seat % 2;
}

int pente_seat_colour(pente_variant v, int seat)
{
    return v == PENTE_TEAM ? seat : seat % 2;
}

int pente_opening_ply(const pente_pos *p)
{
    return p->variant == PENTE_TEAM ? 4 : 2;
}

int pente_centre_distance(int cell)
{
    int dr = cell / PENTE_N - 9, dc = cell % PENTE_N - 9;
    dr = dr < 0 ? -dr : dr;
    dc = dc < 0 ? -dc : dc;
    return dr > dc ? dr : dc;
}

void pente_settings_default(pente_settings *s, pente_variant variant)
{
    memset(s, 0, sizeof *s);
    s->variant = variant;
    s->tournament = true;
    s->movecap = 0;
    s->captures = variant == PENTE_TEAM ? 10 : 5;
    if (variant == PENTE_PLUS)
        for (int i = 0; i < 12; i++) {
            int cell = pente_default_diamonds[i];
            s->diamonds[cell / 64] |= 1ULL << (cell % 64);
        }
}

int pente_stones_to_win(const pente_settings *s)
{
    return s->variant == PENTE_TEAM ? s->captures : 2 * s->captures;
}

void pente_start(pente_pos *p, const pente_settings *s)
{
    memset(p, 0, sizeof *p);
    memset(p->board, PENTE_OFF, sizeof p->board);
    for (int cell = 0; cell < PENTE_CELLS; cell++) {
        int idx = pente_pad(cell);
        p->board[idx] = PENTE_EMPTY;
        if (pente_settings_diamond(s, cell))
            p->diamonds[idx / 64] |= 1ULL << (idx % 64);
    }
    p->empties = PENTE_CELLS;
    p->movecap = (uint16_t)s->movecap;
    p->captures_needed = (uint8_t)pente_stones_to_win(s);
    p->variant = (uint8_t)s->variant;
    p->nseats = (uint8_t)pente_nseats(s->variant);
    p->tournament = s->tournament;
    if (s->variant == PENTE_PLUS)
        p->power_left[0] = p->power_left[1] = 2;
    p->winner = -1;
}

bool pente_is_diamond(const pente_pos *p, int cell)
{
    int idx = pente_pad(cell);
    return p->diamonds[idx / 64] >> (idx % 64) & 1;
}

/* Does the earlier power stone at idx count as the mover's under mask as? */
static inline bool pente_power_mine(const pente_pos *p, int idx, unsigned as)
{
    for (int i = 0; i < p->npower; i++)
        if (p->power_at[i] == idx)
            return as >> i & 1;
    return false;
}

/* Does the stone at idx count as the mover's (colour byte c)? */
static inline bool pente_own(const pente_pos *p, int idx, int c, unsigned as)
{
    int v = p->board[idx];
    if (v == c)
        return true;
    if (v < PENTE_POWER || v == PENTE_OFF)
        return false;
    return v == PENTE_POWER_NEW || pente_power_mine(p, idx, as);
}

/* Does the stone at idx count as capturable for the mover (colour byte c):
 * any other colour, or an earlier power stone counted as the opponent's? */
static inline bool pente_other(const pente_pos *p, int idx, int c,
                               unsigned as)
{
    int v = p->board[idx];
    if (v == PENTE_EMPTY || v == c || v == PENTE_OFF ||
        v == PENTE_POWER_NEW)
        return false;
    return v < PENTE_POWER || !pente_power_mine(p, idx, as);
}

/* Team of a stone byte 1..4 (colour in seat order; team = colour % 2). */
static inline int pente_stone_team(int v) { return (v - 1) & 1; }

/* Drop the captured power stones from power_at, keeping cell order. */
static void pente_forget_captured_power(pente_pos *p)
{
    int n = 0;
    for (int i = 0; i < p->npower; i++)
        if (p->board[p->power_at[i]] == PENTE_POWER)
            p->power_at[n++] = p->power_at[i];
    p->npower = (uint8_t)n;
}

/* Put the byte v on idx for the side with colour byte c and team t, take
 * the pairs it brackets, and settle a win.  Earlier power stones count as
 * the mask as says, and bit i of the mask names the i-th power stone on the
 * board before this placement: captured power stones leave power_at only
 * after the five is read, or a stone after a captured one would be read
 * with the bit of the stone before it. */
static void pente_place(pente_pos *p, int idx, int v, int c, int t,
                        unsigned as)
{
    p->board[idx] = (uint8_t)v;
    p->empties--;
    bool lost_power = false;
    for (int k = 0; k < 8; k++) {
        int d = pente_dir[k];
        if (!pente_other(p, idx + d, c, as) ||
            !pente_other(p, idx + 2 * d, c, as) ||
            !pente_own(p, idx + 3 * d, c, as))
            continue;
        for (int j = 1; j <= 2; j++) {
            int w = p->board[idx + j * d];
            if (w == PENTE_POWER)
                lost_power = true;
            if (p->variant != PENTE_TEAM || pente_stone_team(w) != t)
                p->captured[t]++;
            p->board[idx + j * d] = PENTE_EMPTY;
        }
        p->empties += 2;
    }
    bool five = false;
    for (int k = 0; k < 4 && !five; k++) {
        int d = pente_dir[k], n = 1;
        for (int j = idx + d; pente_own(p, j, c, as); j += d)
            n++;
        for (int j = idx - d; pente_own(p, j, c, as); j -= d)
            n++;
        five = n >= 5;
    }
    if (lost_power)
        pente_forget_captured_power(p);
    if (five) {
        p->status = PENTE_WIN_FIVE;
        p->winner = (int8_t)t;
    } else if (p->captured[t] >= p->captures_needed) {
        p->status = PENTE_WIN_CAPTURES;
        p->winner = (int8_t)t;
    }
}

/* The move's first placement (for apply and for checking a bonus). */
static void pente_place_first(pente_pos *p, const pente_move *m)
{
    int seat = pente_to_move(p), t = pente_seat_team(p->variant, seat);
    int c = pente_seat_colour(p->variant, seat) + 1;
    if (m->power)
        p->power_left[t]--;
    pente_place(p, pente_pad(m->cell), m->power ? PENTE_POWER_NEW : c, c, t,
                m->as[0]);
}

void pente_apply(pente_pos *p, const pente_move *m)
{
    int seat = pente_to_move(p), t = pente_seat_team(p->variant, seat);
    int c = pente_seat_colour(p->variant, seat) + 1;
    pente_place_first(p, m);
    if (m->bonus != PENTE_NO_CELL && p->status == PENTE_ONGOING)
        pente_place(p, pente_pad(m->bonus), c, c, t, m->as[1]);
    if (m->power) {
        /* The new power stone joins the earlier ones, in cell order. */
        int idx = pente_pad(m->cell);
        if (p->board[idx] == PENTE_POWER_NEW) {
            p->board[idx] = PENTE_POWER;
            int i = p->npower++;
            for (; i > 0 && p->power_at[i - 1] > idx; i--)
                p->power_at[i] = p->power_at[i - 1];
            p->power_at[i] = (uint16_t)idx;
        }
    }
    p->ply++;
    if (p->status != PENTE_ONGOING)
        return;
    if (p->empties == 0)
        p->status = PENTE_DRAW_FULL;
    else if (p->movecap && p->ply >= p->movecap)
        p->status = PENTE_DRAW_CAP;
}

int pente_power_before_bonus(const pente_pos *p, const pente_move *m)
{
    pente_pos q = *p;
    pente_place_first(&q, m);
    return q.npower;
}

/* May the side to move put its main stone on cell (empty, opening)? */
static pente_error pente_check_cell(const pente_pos *p, int cell)
{
    if (p->board[pente_pad(cell)] != PENTE_EMPTY)
        return PENTE_ERR_OCCUPIED;
    if (p->ply == 0 && cell != PENTE_CENTRE)
        return PENTE_ERR_FIRST_K10;
    if (p->tournament && p->ply == pente_opening_ply(p) &&
        pente_centre_distance(cell) < 3)
        return PENTE_ERR_OPENING;
    return PENTE_LEGAL;
}

pente_error pente_check(const pente_pos *p, const pente_move *m,
                        int *bad_cell)
{
    *bad_cell = m->cell;
    if (p->status != PENTE_ONGOING)
        return PENTE_ERR_OVER;
    bool plus = p->variant == PENTE_PLUS;
    if (!plus && (m->power || m->bonus != PENTE_NO_CELL))
        return PENTE_ERR_NOT_PLUS;
    pente_error e = pente_check_cell(p, m->cell);
    if (e != PENTE_LEGAL)
        return e;
    int t = pente_seat_team(p->variant, pente_to_move(p));
    if (m->power && p->ply == 0)
        return PENTE_ERR_POWER_FIRST;
    if (m->power && p->power_left[t] == 0)
        return PENTE_ERR_NO_POWER;
    if (m->bonus == PENTE_NO_CELL)
        return PENTE_LEGAL;
    *bad_cell = m->bonus;
    if (!m->power)
        return PENTE_ERR_BONUS_ALONE;
    if (m->bonus >= PENTE_CELLS || !pente_is_diamond(p, m->bonus))
        return PENTE_ERR_BONUS_CELL;
    if (m->bonus == m->cell ||
        p->board[pente_pad(m->bonus)] != PENTE_EMPTY)
        return PENTE_ERR_BONUS_TAKEN;
    pente_pos q = *p;
    pente_place_first(&q, m);
    if (q.status != PENTE_ONGOING)
        return PENTE_ERR_BONUS_OVER;
    return PENTE_LEGAL;
}

int pente_legal_moves(const pente_pos *p, pente_move *out)
{
    if (p->status != PENTE_ONGOING)
        return 0;
    int t = pente_seat_team(p->variant, pente_to_move(p));
    bool power = p->variant == PENTE_PLUS && p->ply > 0 && p->power_left[t];
    uint8_t mask = p->variant == PENTE_PLUS ? PENTE_ALL_MINE : 0;
    int n = 0;
    for (int cell = 0; cell < PENTE_CELLS; cell++) {
        if (pente_check_cell(p, cell) != PENTE_LEGAL)
            continue;
        out[n++] = (pente_move){(uint16_t)cell, PENTE_NO_CELL, 0, {mask, 0}};
        if (power)
            out[n++] =
                (pente_move){(uint16_t)cell, PENTE_NO_CELL, 1, {mask, 0}};
    }
    return n;
}

int pente_count_moves(const pente_pos *p)
{
    if (p->status != PENTE_ONGOING)
        return 0;
    if (p->ply == 0)
        return 1;
    int n = p->empties;
    if (p->tournament && p->ply == pente_opening_ply(p))
        for (int r = 7; r <= 11; r++)
            for (int c = 7; c <= 11; c++)
                n -= p->board[pente_pad(r * PENTE_N + c)] == PENTE_EMPTY;
    int t = pente_seat_team(p->variant, pente_to_move(p));
    if (p->variant == PENTE_PLUS && p->power_left[t])
        n *= 2;
    return n;
}

/* The empty diamond points of p as padded indices, ascending (the padded
 * order is the cell order); their count. */
static int pente_empty_diamonds(const pente_pos *p, uint16_t *out)
{
    int n = 0;
    for (int w = 0; w < 9; w++)
        for (uint64_t bits = p->diamonds[w]; bits; bits &= bits - 1) {
            int idx = w * 64 + __builtin_ctzll(bits);
            if (p->board[idx] == PENTE_EMPTY)
                out[n++] = (uint16_t)idx;
        }
    return n;
}

/* The texts that add a bonus stone to the power stone m: each of the ndiam
 * empty diamonds of diam but m's own point, with each list of the power
 * stones m's captures leave; none when m wins (pente_check's rules). */
static uint64_t pente_each_bonus(const pente_pos *p, pente_move m,
                                 const uint16_t *diam, int ndiam,
                                 pente_text_fn fn, void *arg)
{
    pente_pos q = *p;
    pente_place_first(&q, &m);
    if (q.status != PENTE_ONGOING)
        return 0;
    unsigned lists = 1u << q.npower;
    int own = pente_pad(m.cell);
    uint64_t n = 0;
    for (int i = 0; i < ndiam; i++) {
        if (diam[i] == own)
            continue;
        n += lists;
        m.bonus = (uint16_t)pente_unpad(diam[i]);
        for (unsigned k = 0; fn && k < lists; k++) {
            m.as[1] = (uint8_t)(PENTE_ALL_MINE & ~k);
            fn(&m, arg);
        }
    }
    return n;
}

uint64_t pente_each_text(const pente_pos *p, pente_text_fn fn, void *arg)
{
    if (p->status != PENTE_ONGOING)
        return 0;
    bool plus = p->variant == PENTE_PLUS;
    int t = pente_seat_team(p->variant, pente_to_move(p));
    int power = plus && p->ply > 0 && p->power_left[t];
    unsigned lists = plus ? 1u << p->npower : 1;
    uint16_t diam[PENTE_CELLS];
    int ndiam = power ? pente_empty_diamonds(p, diam) : 0;
    uint64_t n = 0;
    for (int cell = 0; cell < PENTE_CELLS; cell++) {
        if (pente_check_cell(p, cell) != PENTE_LEGAL)
            continue;
        for (int pw = 0; pw <= power; pw++)
            for (unsigned k = 0; k < lists; k++) {
                uint8_t as = plus ? (uint8_t)(PENTE_ALL_MINE & ~k) : 0;
                pente_move m = {(uint16_t)cell, PENTE_NO_CELL, (uint8_t)pw,
                                {as, 0}};
                n++;
                if (fn)
                    fn(&m, arg);
                if (pw)
                    n += pente_each_bonus(p, m, diam, ndiam, fn, arg);
            }
    }
    return n;
}

uint64_t pente_perft(const pente_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return (uint64_t)pente_count_moves(p);
    pente_move moves[PENTE_MAX_MOVES];
    int n = pente_legal_moves(p, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pente_pos child = *p;
        pente_apply(&child, &moves[i]);
        total += pente_perft(&child, depth - 1);
    }
    return total;
}

/* Is there a run of five or more bytes v anywhere on the board? */
static bool pente_has_five(const pente_pos *p, int v)
{
    for (int cell = 0; cell < PENTE_CELLS; cell++) {
        int idx = pente_pad(cell);
        if (p->board[idx] != v)
            continue;
        for (int k = 0; k < 4; k++) {
            int n = 1;
            for (int j = idx + pente_dir[k]; p->board[j] == v;
                 j += pente_dir[k])
                n++;
            if (n >= 5)
                return true;
        }
    }
    return false;
}

bool pente_settle_read(pente_pos *p)
{
    bool won[2] = {false, false};
    pente_status why[2] = {PENTE_ONGOING, PENTE_ONGOING};
    for (int t = 0; t < 2; t++)
        if (p->captured[t] >= p->captures_needed) {
            won[t] = true;
            why[t] = PENTE_WIN_CAPTURES;
        }
    int ncolours = p->variant == PENTE_TEAM ? 4 : 2;
    for (int c = 0; c < ncolours; c++)
        if (pente_has_five(p, c + 1)) {
            won[c % 2] = true;
            why[c % 2] = PENTE_WIN_FIVE;
        }
    if (won[0] && won[1])
        return false;
    p->status = PENTE_ONGOING;
    p->winner = -1;
    if (won[0] || won[1]) {
        int t = won[1];
        p->status = (uint8_t)why[t];
        p->winner = (int8_t)t;
    } else if (p->empties == 0) {
        p->status = PENTE_DRAW_FULL;
    } else if (p->movecap && p->ply >= p->movecap) {
        p->status = PENTE_DRAW_CAP;
    }
    return true;
}
