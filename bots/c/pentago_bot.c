/*
 * pentago_bot.c - a strong Pentago reference bot for both variants
 * (swiss-2010 and standard), with a strength set on the command line, for
 * strength tests such as `referee sprt`.
 *
 * It searches straight on the bitboards of referee/rules/pentago.h
 * (pentago_legal_moves, pentago_apply and the outcome it settles); the
 * text layer of rules.h only gives it the position and checks the move it
 * chose (rules_parse_move) before it is sent.
 *
 * Search:
 *   - negamax alpha-beta with principal-variation (null-window) search and
 *     late-move reductions, in iterative deepening from depth 1 up to
 *     --depth (default 64, cut at the plies left to a full board); the best
 *     move of the last completed iteration is always kept (or a root move
 *     proved better in the unfinished one);
 *   - the engine's moves, less the rotations that give the same position
 *     as another rotation with the same placement (an empty or centre-only
 *     quadrant, a quadrant with half-turn symmetry turned L and R);
 *   - move ordering: the transposition-table move first, then by the
 *     static value of each child (nodes of depth 2 and more) or by killer
 *     moves, history and a cheap cell value (near the leaves);
 *   - a transposition table of 2^20 entries (16 MiB, allocated once at
 *     start and freed at exit), Zobrist keys; each move starts with an
 *     empty table (entries are tagged with the search), so a move depends
 *     on its position alone;
 *   - wins and losses from the engine's outcome (five by placement, by
 *     rotation, for the opponent, for both by the variant's rule), mate
 *     scores adjusted by ply (the quickest win and the longest defence are
 *     preferred), and at every node an exact test of a win at once for the
 *     side to move (a placement that makes five, or a placement and one of
 *     the 8 rotations);
 *   - evaluation: the 32 lines of five; a line with no opponent marble is
 *     worth 1, 4, 16, 64 for 1..4 of a player's marbles (mine plus, the
 *     opponent's minus), taken after the best of the 8 rotations the side
 *     to move can make next, since rotations carry marbles into and out
 *     of lines.
 *
 * Options (besides botkit's --position):
 *   --depth N   deepest iteration, 1..64
 *   --nodes N   node budget per move (positions the search visits)
 * With either, the move depends only on the position, the seed (`set
 * seed`), the seat and the number of moves the bot has made, unless the
 * clock stops the search first (its stderr line then ends in "(time)").
 * Without them the search deepens until its share of the time is spent.
 * Ties between equal moves go to the root order, shuffled by the seeded
 * rng: games differ from seed to seed and replay from a seed.
 *
 * Time: at most min(40% of the move's limit, 10% of the bank left), from
 * the moment the turn line was read; the clock is read every 64 nodes.
 *
 * A line per move on stderr: ply, move, depth completed, nodes, score (in
 * line weights; a win in k plies is 30000 - k, a loss -(30000 - k)) and
 * milliseconds.  In pentago-multi (all variants) it plays a two-ply search
 * of its own (the "Pentago Multiplayer" section below).  In any other game
 * it plays a random legal move; should the search ever fail it falls back
 * to one too.
 */
#include "board9.h"
#include "botkit.h"
#include "multi.h"
#include "pentago.h"

#include <limits.h>

#define PB_INF 32000
#define PB_MATE 30000
#define PB_MATE_BOUND (PB_MATE - 200)
#define PB_MAX_PLY 64
#define PB_MAX_DEPTH 64
#define PB_TT_BITS 20
#define PB_MOVE_SLOTS 576 /* cell | rot << 6 with rot <= 8 */
#define PB_ALL 0x01ff01ff01ff01ffULL
#define PB_CHECK_EVERY 64 /* nodes between two looks at the clock */
/* Late-move reductions, at nodes of depth PB_LMR_DEPTH and more: the moves
 * from the PB_LMR_FROM-th on (in order) are searched one ply less deep,
 * from the PB_LMR_FROM2-th on two plies less (at depth 4 and more), and
 * again at full depth if they beat alpha. */
#define PB_LMR_DEPTH 3
#define PB_LMR_FROM 4
#define PB_LMR_FROM2 24

/* ---- options ------------------------------------------------------------ */

static int pb_opt_depth;       /* 0: none given */
static uint64_t pb_opt_nodes;  /* 0: none given */

/* ---- tables --------------------------------------------------------------- */

static uint64_t pb_line[32];
static int pb_quad_lines[4][32]; /* lines meeting each quadrant */
static int pb_quad_nlines[4];
static int pb_cell_lines[36][8]; /* lines through each cell */
static int pb_cell_nlines[36];
static uint64_t pb_cell_bit[36];
static uint16_t pb_lane_rot[2][512]; /* a 3x3 lane turned R (0) or L (1) */
static uint64_t pb_zobrist[2][64];
static uint64_t pb_zobrist_side;
/* Open-line weights by the number of a player's marbles in the line. */
static const int pb_weight[6] = {0, 1, 4, 16, 64, 2000};
/* By m | o << 3 (m, o: the mover's and the opponent's marbles in a line):
 * the line's value for the mover, and flags. */
static int pb_value[64];
static uint8_t pb_flag[64];
#define PB_F_MINE 1   /* four or five of the mover's, no opponent's */
#define PB_F_THEIRS 2 /* five of the opponent's */

static void pb_add_line(int *n, int r, int c, int dr, int dc)
{
    uint64_t m = 0;
    for (int k = 0; k < 5; k++)
        m |= pentago_cell_bit((r + k * dr) * 6 + c + k * dc);
    pb_line[(*n)++] = m;
}

static void pb_init_tables(void)
{
    int n = 0;
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 2; c++)
            pb_add_line(&n, r, c, 0, 1);
    for (int c = 0; c < 6; c++)
        for (int r = 0; r < 2; r++)
            pb_add_line(&n, r, c, 1, 0);
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 2; c++) {
            pb_add_line(&n, r, c, 1, 1);
            pb_add_line(&n, r, 5 - c, 1, -1);
        }
    for (int cell = 0; cell < 36; cell++)
        pb_cell_bit[cell] = pentago_cell_bit(cell);
    for (int m = 0; m <= 5; m++)
        for (int o = 0; m + o <= 5; o++) {
            int k = m | o << 3;
            pb_value[k] = o == 0 ? pb_weight[m] : m == 0 ? -pb_weight[o] : 0;
            pb_flag[k] = (uint8_t)((o == 0 && m >= 4 ? PB_F_MINE : 0) |
                                   (o == 5 ? PB_F_THEIRS : 0));
        }
    for (int i = 0; i < 32; i++) {
        for (int q = 0; q < 4; q++)
            if (pb_line[i] & (0x1ffULL << (16 * q)))
                pb_quad_lines[q][pb_quad_nlines[q]++] = i;
        for (int cell = 0; cell < 36; cell++)
            if ((pb_line[i] & pb_cell_bit[cell]) && pb_cell_nlines[cell] < 8)
                pb_cell_lines[cell][pb_cell_nlines[cell]++] = i;
    }
    for (int x = 0; x < 512; x++)
        for (int d = 0; d < 2; d++)
            pb_lane_rot[d][x] = (uint16_t)pentago_rotate((uint64_t)x, 0, d);
    rng z;
    rng_seed(&z, 0x70656e7461676fULL); /* fixed: hashes are reproducible */
    for (int s = 0; s < 2; s++)
        for (int b = 0; b < 64; b++)
            pb_zobrist[s][b] = rng_next(&z);
    pb_zobrist_side = rng_next(&z);
}

static inline int pb_pop(uint64_t x) { return __builtin_popcountll(x); }

/* The evaluation is mostly popcounts: on x86-64 compile it twice, with
 * and without the popcnt instruction, and let the loader pick. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__ELF__)
#define PB_POPCNT __attribute__((target_clones("popcnt", "default")))
#else
#define PB_POPCNT
#endif

/* ---- transposition table ------------------------------------------------ */

enum { PB_EXACT = 1, PB_LOWER = 2, PB_UPPER = 3 };

typedef struct {
    uint64_t key;
    int16_t score;
    uint16_t move;
    uint8_t depth;
    uint8_t flag;
    uint16_t gen; /* the search that wrote it; others count as empty */
} pb_tt_entry;

static pb_tt_entry *pb_tt;
static uint64_t pb_tt_mask;
static uint16_t pb_tt_gen;

static void pb_free_tt(void)
{
    free(pb_tt);
    pb_tt = NULL;
}

/* A new search: entries of earlier searches no longer count, so a move
 * depends on its position alone, not on the searches before it. */
static void pb_tt_new_search(void)
{
    if (!pb_tt)
        return;
    if (++pb_tt_gen == 0) { /* wrapped: clear for real */
        memset(pb_tt, 0, (size_t)(pb_tt_mask + 1) * sizeof *pb_tt);
        pb_tt_gen = 1;
    }
}

static uint64_t pb_hash(const pentago_pos *p)
{
    uint64_t h = p->to_move ? pb_zobrist_side : 0;
    for (int s = 0; s < 2; s++)
        for (uint64_t b = p->side[s]; b; b &= b - 1)
            h ^= pb_zobrist[s][__builtin_ctzll(b)];
    return h;
}

/* Mate scores are stored relative to the node, read back relative to the
 * root. */
static int pb_score_to_tt(int v, int ply)
{
    return v > PB_MATE_BOUND ? v + ply : v < -PB_MATE_BOUND ? v - ply : v;
}

static int pb_score_from_tt(int v, int ply)
{
    return v > PB_MATE_BOUND ? v - ply : v < -PB_MATE_BOUND ? v + ply : v;
}

/* ---- static evaluation ---------------------------------------------------- */

/* The position for the side to move.  Returns true when it wins at once
 * (a placement that makes five, or a placement and a rotation that make
 * five for it and not for the opponent, or for both under swiss-2010);
 * otherwise *eval is the open-line score after the best of its 8
 * rotations. */
PB_POPCNT static bool pb_static(const pentago_pos *p,
                                pentago_ruleset rules, int *eval)
{
    uint64_t me = p->side[p->to_move], op = p->side[!p->to_move];
    int base = 0, val[32];
    for (int i = 0; i < 32; i++) {
        uint64_t l = pb_line[i];
        int k = pb_pop(me & l) | pb_pop(op & l) << 3;
        if (k == 4 || k == 5)
            return true; /* four (or five) in an open line: place the fifth */
        val[i] = pb_value[k];
        base += val[i];
    }
    bool swiss = rules == PENTAGO_SWISS_2010;
    int best = -PB_INF;
    for (int q = 0; q < 4; q++) {
        int sh = 16 * q;
        unsigned lm = (unsigned)(me >> sh) & 0x1ff;
        unsigned lo = (unsigned)(op >> sh) & 0x1ff;
        unsigned rm = pb_lane_rot[0][lm], ro = pb_lane_rot[0][lo];
        if (rm == lm && ro == lo) {
            /* Turning this quadrant changes nothing. */
            if (base > best)
                best = base;
            continue;
        }
        const int *ql = pb_quad_lines[q];
        int nq = pb_quad_nlines[q], before = 0;
        for (int k = 0; k < nq; k++)
            before += val[ql[k]];
        /* L is R turned twice more: the same if the quadrant has
         * half-turn symmetry. */
        int dirs = pb_lane_rot[0][rm] == lm && pb_lane_rot[0][ro] == lo ? 1
                                                                      : 2;
        uint64_t keep = ~(0x1ffULL << sh);
        for (int d = 0; d < dirs; d++) {
            uint64_t me2 = (me & keep) | (uint64_t)pb_lane_rot[d][lm] << sh;
            uint64_t op2 = (op & keep) | (uint64_t)pb_lane_rot[d][lo] << sh;
            int after = 0;
            unsigned flags = 0;
            for (int k = 0; k < nq; k++) {
                uint64_t l = pb_line[ql[k]];
                int x = pb_pop(me2 & l) | pb_pop(op2 & l) << 3;
                after += pb_value[x];
                flags |= pb_flag[x];
            }
            /* Five for us after placing and turning: a win, unless the
             * turn makes five for the opponent too (a draw in the
             * standard rules). */
            if ((flags & PB_F_MINE) && (!(flags & PB_F_THEIRS) || swiss))
                return true;
            int v = base - before + after;
            if (v > best)
                best = v;
        }
    }
    *eval = best;
    return false;
}

/* ---- move generation ---------------------------------------------------- */

/* The engine's legal moves, less the rotations that give a position some
 * earlier move of the same cell already gives. */
static int pb_moves(const pentago_pos *p, pentago_move *out)
{
    pentago_move all[PENTAGO_MAX_MOVES];
    int n = pentago_legal_moves(p, all), k = 0;
    uint64_t me = p->side[p->to_move], op = p->side[!p->to_move];
    for (int i = 0; i < n; i++) {
        pentago_move m = all[i];
        int rot = pentago_move_rot(m);
        if (rot == PENTAGO_NO_ROT) {
            out[k++] = m;
            continue;
        }
        int q = rot >> 1, d = rot & 1;
        uint64_t mine = me | pb_cell_bit[pentago_move_cell(m)];
        unsigned lm = (unsigned)(mine >> (16 * q)) & 0x1ff;
        unsigned lo = (unsigned)(op >> (16 * q)) & 0x1ff;
        bool ident = pb_lane_rot[0][lm] == lm && pb_lane_rot[0][lo] == lo;
        if (ident) {
            /* Turning this quadrant changes nothing: keep only the first
             * such turn for this cell. */
            bool seen = false;
            for (int q2 = 0; q2 < q && !seen; q2++) {
                unsigned a = (unsigned)(mine >> (16 * q2)) & 0x1ff;
                unsigned b = (unsigned)(op >> (16 * q2)) & 0x1ff;
                seen = pb_lane_rot[0][a] == a && pb_lane_rot[0][b] == b;
            }
            if (seen || d == 1)
                continue;
        } else if (d == 1) {
            /* L is R turned twice more: the same if the quadrant has
             * half-turn symmetry. */
            unsigned hm = pb_lane_rot[0][pb_lane_rot[0][lm]];
            unsigned ho = pb_lane_rot[0][pb_lane_rot[0][lo]];
            if (hm == lm && ho == lo)
                continue;
        }
        out[k++] = m;
    }
    return k;
}

/* ---- search ----------------------------------------------------------------- */

typedef struct {
    pentago_ruleset rules;
    uint64_t nodes;
    uint64_t node_limit; /* 0: none */
    uint64_t next_check; /* read the clock when nodes reach it */
    double start_time;   /* botkit_now() when the turn was read */
    double deadline;     /* botkit_now() seconds; stop after it */
    bool stop;
    bool by_time;        /* the clock stopped it */
    pentago_move killer[PB_MAX_PLY + 2][2];
    int32_t history[2][PB_MOVE_SLOTS];
} pb_search;

static bool pb_out_of_budget(pb_search *s)
{
    if (s->stop)
        return true;
    if (s->node_limit && s->nodes >= s->node_limit) {
        s->stop = true;
        return true;
    }
    if (s->nodes >= s->next_check) {
        s->next_check = s->nodes + PB_CHECK_EVERY;
        if (botkit_now() >= s->deadline) {
            s->stop = s->by_time = true;
            return true;
        }
    }
    return false;
}

/* The value for the side that moved into the finished child. */
static int pb_terminal(const pentago_pos *child, int mover, int ply)
{
    if (child->winner < 0)
        return 0;
    return child->winner == mover ? PB_MATE - ply : -(PB_MATE - ply);
}

typedef struct {
    pentago_move m;
    int32_t key;
} pb_scored;

static int pb_cmp_scored(const void *a, const void *b)
{
    const pb_scored *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->m < y->m ? -1 : x->m > y->m;
}

/* Cheap worth of placing on each cell: lines it extends or blocks. */
PB_POPCNT static void pb_cell_values(const pentago_pos *p, int32_t *val)
{
    uint64_t me = p->side[p->to_move], op = p->side[!p->to_move];
    uint64_t empty = PB_ALL & ~(me | op);
    for (int c = 0; c < 36; c++) {
        val[c] = 0;
        if (!(empty & pb_cell_bit[c]))
            continue;
        for (int k = 0; k < pb_cell_nlines[c]; k++) {
            uint64_t l = pb_line[pb_cell_lines[c][k]];
            int m = pb_pop(me & l), o = pb_pop(op & l);
            if (o == 0)
                val[c] += pb_weight[m + 1] - pb_weight[m];
            if (m == 0)
                val[c] += pb_weight[o + 1] - pb_weight[o];
        }
    }
}

static int pb_negamax(pb_search *s, const pentago_pos *p, int depth,
                      int alpha, int beta, int ply);

/* Key each move for ordering: the table move first, then by the child's
 * static value (depth >= 2) or killers, history and cell values. */
static void pb_order(pb_search *s, const pentago_pos *p,
                     const pentago_move *moves, int n, pb_scored *sc,
                     pentago_move tt_move, int depth, int ply)
{
    int32_t cellv[36];
    if (depth < 2)
        pb_cell_values(p, cellv);
    int mover = p->to_move;
    for (int i = 0; i < n; i++) {
        pentago_move m = moves[i];
        int32_t key;
        if (m == tt_move) {
            key = 1 << 30;
        } else if (depth >= 2) {
            pentago_pos c = *p;
            pentago_apply(&c, m, s->rules);
            int v;
            /* Wins first, then by value, moves that let the opponent
             * win at once last. */
            if (c.status != PENTAGO_ONGOING)
                key = c.winner < 0 ? 0 : c.winner == mover ? 1 << 27
                                                           : -(1 << 27);
            else if (pb_static(&c, s->rules, &v))
                key = -(1 << 27) + 1;
            else
                key = -v * 16 + (s->history[mover][m] > 0);
        } else if (m == s->killer[ply][0]) {
            key = 1 << 29;
        } else if (m == s->killer[ply][1]) {
            key = 1 << 28;
        } else {
            int32_t h = s->history[mover][m];
            key = (h > (1 << 20) ? (1 << 20) : h) * 64 +
                  cellv[pentago_move_cell(m)];
        }
        sc[i].m = m;
        sc[i].key = key;
    }
}

/* The i-th move in order.  Most cut-offs come in the first moves: those
 * are picked one by one, the rest sorted at once when they are reached. */
#define PB_PICKED 4
static pentago_move pb_next(pb_scored *sc, int n, int i)
{
    if (i < PB_PICKED) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (pb_cmp_scored(&sc[j], &sc[b]) < 0)
                b = j;
        pb_scored tmp = sc[i];
        sc[i] = sc[b];
        sc[b] = tmp;
    } else if (i == PB_PICKED) {
        qsort(sc + i, (size_t)(n - i), sizeof sc[0], pb_cmp_scored);
    }
    return sc[i].m;
}

/* Search move m, the i-th tried at this node, and return its value for
 * the side to move at p: principal-variation search (the first move with
 * the full window, the others with a null window and again in full if
 * they beat alpha), late moves first searched less deep. */
static int pb_child(pb_search *s, const pentago_pos *p, pentago_move m,
                    int i, int depth, int alpha, int beta, int ply)
{
    pentago_pos c = *p;
    pentago_apply(&c, m, s->rules);
    if (c.status != PENTAGO_ONGOING) {
        s->nodes++;
        return pb_terminal(&c, p->to_move, ply + 1);
    }
    if (i == 0)
        return -pb_negamax(s, &c, depth - 1, -beta, -alpha, ply + 1);
    int r = 0;
    if (depth >= PB_LMR_DEPTH && i >= PB_LMR_FROM)
        r = depth >= 4 && i >= PB_LMR_FROM2 ? 2 : 1;
    int v = -pb_negamax(s, &c, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
    if (r && v > alpha && !s->stop)
        v = -pb_negamax(s, &c, depth - 1, -alpha - 1, -alpha, ply + 1);
    if (v > alpha && v < beta && !s->stop)
        v = -pb_negamax(s, &c, depth - 1, -beta, -alpha, ply + 1);
    return v;
}

static int pb_negamax(pb_search *s, const pentago_pos *p, int depth,
                      int alpha, int beta, int ply)
{
    s->nodes++;
    if (pb_out_of_budget(s))
        return 0;
    int eval;
    if (pb_static(p, s->rules, &eval))
        return PB_MATE - (ply + 1);
    if (depth <= 0 || ply >= PB_MAX_PLY)
        return eval;
    /* No win at once: our earliest win is our next move, worth no more
     * than this. */
    if (alpha >= PB_MATE - (ply + 3))
        return alpha;

    uint64_t key = pb_hash(p);
    pb_tt_entry *e = &pb_tt[key & pb_tt_mask];
    pentago_move tt_move = 0xffff;
    if (e->gen == pb_tt_gen && e->key == key) {
        tt_move = e->move;
        if (e->depth >= depth) {
            int v = pb_score_from_tt(e->score, ply);
            if (e->flag == PB_EXACT ||
                (e->flag == PB_LOWER && v >= beta) ||
                (e->flag == PB_UPPER && v <= alpha))
                return v;
        }
    }

    /* The table move, then (near the leaves) the killers, are tried
     * before the other moves are generated: a cut-off often comes first. */
    int alpha0 = alpha, best = -PB_INF, tried = 0;
    pentago_move first[3], best_move = 0xffff;
    pentago_move cand[3] = {tt_move, depth < 2 ? s->killer[ply][0] : 0xffff,
                            depth < 2 ? s->killer[ply][1] : 0xffff};
    uint64_t empty = PB_ALL & ~(p->side[0] | p->side[1]);
    for (int k = 0; k < 3; k++) {
        pentago_move m = cand[k];
        /* Legal here: an empty cell and a rotation (no placement wins
         * here, pb_static said so). */
        if (m == 0xffff || pentago_move_rot(m) >= PENTAGO_NO_ROT ||
            pentago_move_cell(m) >= PENTAGO_CELLS ||
            !(empty & pb_cell_bit[pentago_move_cell(m)]) ||
            (tried > 0 && first[0] == m) || (tried > 1 && first[1] == m))
            continue;
        first[tried] = m;
        int v = pb_child(s, p, m, tried++, depth, alpha, beta, ply);
        if (s->stop)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha)
                alpha = v;
        }
        if (alpha >= beta)
            break;
    }

    if (alpha < beta) {
        pentago_move moves[PENTAGO_MAX_MOVES];
        pb_scored sc[PENTAGO_MAX_MOVES];
        int n = pb_moves(p, moves);
        pb_order(s, p, moves, n, sc, tt_move, depth, ply);
        for (int j = 0; j < n; j++) {
            pentago_move m = pb_next(sc, n, j);
            bool seen = false;
            for (int k = 0; k < tried && k < 3; k++)
                seen |= first[k] == m;
            if (seen)
                continue;
            int v = pb_child(s, p, m, tried++, depth, alpha, beta, ply);
            if (s->stop)
                return 0;
            if (v > best) {
                best = v;
                best_move = m;
                if (v > alpha)
                    alpha = v;
            }
            if (alpha >= beta)
                break;
        }
    }
    if (best_move == 0xffff)
        return 0; /* no move: cannot happen in a game that goes on */
    if (alpha >= beta) {
        int mover = p->to_move;
        if (ply <= PB_MAX_PLY && s->killer[ply][0] != best_move) {
            s->killer[ply][1] = s->killer[ply][0];
            s->killer[ply][0] = best_move;
        }
        if (s->history[mover][best_move] < (1 << 28))
            s->history[mover][best_move] += depth * depth;
    }

    if (e->gen != pb_tt_gen || e->key == key || depth >= e->depth) {
        e->key = key;
        e->score = (int16_t)pb_score_to_tt(best, ply);
        e->move = best_move;
        e->depth = (uint8_t)depth;
        e->flag = best >= beta ? PB_LOWER : best > alpha0 ? PB_EXACT
                                                          : PB_UPPER;
        e->gen = pb_tt_gen;
    }
    return best;
}

typedef struct {
    pentago_move move;
    int score;
    int depth;      /* deepest completed iteration */
    uint64_t nodes;
    bool by_time;
} pb_result;

/* Iterative deepening from the root; res gets the move to play. */
static void pb_think(pb_search *s, const pentago_pos *root, int max_depth,
                     rng *r, pb_result *res)
{
    pentago_move moves[PENTAGO_MAX_MOVES];
    int n = pb_moves(root, moves);
    res->move = 0xffff; /* none: the caller falls back */
    res->score = 0;
    res->depth = 0;
    res->nodes = 0;
    res->by_time = false;
    if (n == 0)
        return;

    /* First order: static value of each child, ties by the seeded rng. */
    pb_scored sc[PENTAGO_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        pentago_pos c = *root;
        pentago_apply(&c, moves[i], s->rules);
        int v = 0, key;
        if (c.status != PENTAGO_ONGOING)
            key = pb_terminal(&c, root->to_move, 1);
        else if (pb_static(&c, s->rules, &v))
            key = -(PB_MATE - 2);
        else
            key = -v;
        sc[i].m = moves[i];
        sc[i].key = key * 1024 + (int32_t)rng_below(r, 1024);
    }
    qsort(sc, (size_t)n, sizeof sc[0], pb_cmp_scored);
    for (int i = 0; i < n; i++)
        moves[i] = sc[i].m;
    res->move = moves[0];

    int left = PENTAGO_CELLS - root->ply; /* plies to a full board */
    if (max_depth > left)
        max_depth = left;
    if (max_depth < 1)
        max_depth = 1;
    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -PB_INF, beta = PB_INF, best_i = -1;
        for (int i = 0; i < n; i++) {
            pentago_pos c = *root;
            pentago_apply(&c, moves[i], s->rules);
            int v;
            if (c.status != PENTAGO_ONGOING) {
                s->nodes++;
                v = pb_terminal(&c, root->to_move, 1);
            } else if (i == 0) {
                v = -pb_negamax(s, &c, depth - 1, -beta, -alpha, 1);
            } else {
                v = -pb_negamax(s, &c, depth - 1, -alpha - 1, -alpha, 1);
                if (v > alpha && !s->stop)
                    v = -pb_negamax(s, &c, depth - 1, -beta, -alpha, 1);
            }
            if (s->stop)
                break;
            if (v > alpha) {
                alpha = v;
                best_i = i;
            }
        }
        if (s->stop) {
            /* A move searched in full that beat the first one at this
             * depth is better than the last iteration's choice. */
            if (best_i > 0) {
                res->move = moves[best_i];
                res->score = alpha;
            }
            break;
        }
        if (best_i < 0)
            break; /* no move: cannot happen in a game that goes on */
        res->move = moves[best_i];
        res->score = alpha;
        res->depth = depth;
        /* The best move first for the next iteration, the rest in order. */
        pentago_move b = moves[best_i];
        memmove(moves + 1, moves, (size_t)best_i * sizeof moves[0]);
        moves[0] = b;
        if (alpha > PB_MATE_BOUND || alpha < -PB_MATE_BOUND)
            break; /* proved: the shortest win, or the longest defence */
        /* The next iteration costs several times this one: do not start
         * it without the time for it. */
        if (!s->node_limit && !pb_opt_depth) {
            double now = botkit_now();
            if (now + (now - s->start_time) * 2.0 > s->deadline)
                break;
        }
    }
    res->nodes = s->nodes;
    res->by_time = s->by_time;
}

/* ---- the bot ---------------------------------------------------------------- */

/* Our bitboard position from the rules position, through its text line
 * (so nothing depends on how rules_pos lays out its bytes). */
static bool pb_read_pos(const rules_game *g, const rules_pos *pos,
                        pentago_pos *p)
{
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    pentago_start(p);
    const char *s = line;
    for (int cell = 0; cell < PENTAGO_CELLS; cell++, s++) {
        if (cell && cell % 6 == 0 && *s++ != '/')
            return false;
        if (*s == 'w')
            p->side[0] |= pb_cell_bit[cell];
        else if (*s == 'b')
            p->side[1] |= pb_cell_bit[cell];
        else if (*s != '.')
            return false;
    }
    if (s[0] != ' ' || (s[1] != 'w' && s[1] != 'b'))
        return false;
    p->to_move = s[1] == 'b';
    p->ply = (uint8_t)(pb_pop(p->side[0]) + pb_pop(p->side[1]));
    return p->to_move == rules_to_move(g, pos) &&
           p->ply < PENTAGO_CELLS && !pentago_has_five(p->side[0]) &&
           !pentago_has_five(p->side[1]);
}

static void pb_move_text(pentago_move m, char *buf, size_t len)
{
    int cell = pentago_move_cell(m), rot = pentago_move_rot(m);
    if (rot == PENTAGO_NO_ROT)
        snprintf(buf, len, "%c%c", 'a' + cell % 6, '1' + cell / 6);
    else
        snprintf(buf, len, "%c%c %d%c", 'a' + cell % 6, '1' + cell / 6,
                 (rot >> 1) + 1, (rot & 1) ? 'L' : 'R');
}

/* Any legal move, drawn with the rng: the fallback, and other games. */
static bool pb_any_move(const rules_game *g, const rules_pos *pos, rng *r,
                        char *buf, size_t len)
{
    static rules_move all[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, pos, all, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    if (n == 0)
        return false;
    rules_format_move(g, &all[rng_below(r, (uint32_t)n)], buf, len);
    return true;
}

/* The time this move may use, in seconds. */
static double pb_budget(const botkit_turn *t)
{
    double ms;
    if (t->move_ms > 0)
        ms = (double)t->move_ms * 0.4;
    else
        ms = t->bank_ms > 0 ? (double)t->bank_ms / 10.0 : 10000.0;
    if (t->bank_ms >= 0 && (double)t->bank_ms / 10.0 < ms)
        ms = (double)t->bank_ms / 10.0;
    if (ms < 1.0)
        ms = 1.0;
    return ms / 1000.0;
}

/* ---- Pentago Multiplayer ------------------------------------------------- */

/* A two-ply search on the bitboards of referee/rules/multi.h: each of our
 * moves (less turns of blocks left empty, which all give one position) is
 * valued at once by the places it decides and an open-line count, less a
 * penalty when the next player can then make five; the best PM_TOP of
 * them are searched again against every reply of the next player, who is
 * taken to play against us (also in the games of three and four, where
 * the others play for themselves), with alpha-beta cut-offs.  The search
 * stops at the time budget, keeping the best move proved so far. */
#define PM_WIN 1000000
#define PM_TOP 24

static multi_bits pm_starts[4]; /* cells where a line of five starts */
static const char pm_letters[] = "wbru";
static const int pm_dir[4] = {1, 10, 11, 9};
/* Open-line weights by the number of gems of one colour in a line. */
static const int pm_weight[6] = {0, 1, 4, 16, 64, 0};

static void pm_init_tables(void)
{
    multi_bits all = multi_all_cells();
    for (int i = 0; i < 4; i++) {
        int d = pm_dir[i];
        pm_starts[i] = all & all >> d & all >> 2 * d & all >> 3 * d &
                       all >> 4 * d;
    }
}

/* The weighted count of the lines of five that hold gems x and none of y:
 * for each direction, the gems of every window are summed bit-sliced. */
PB_POPCNT static int pm_lines(multi_bits x, multi_bits y)
{
    int total = 0;
    for (int i = 0; i < 4; i++) {
        int d = pm_dir[i];
        multi_bits a1 = x >> d, a2 = x >> 2 * d, a3 = x >> 3 * d,
                   a4 = x >> 4 * d;
        multi_bits open = pm_starts[i] & ~(y | y >> d | y >> 2 * d |
                                           y >> 3 * d | y >> 4 * d);
        multi_bits s01 = x ^ a1, c01 = x & a1, s23 = a2 ^ a3, c23 = a2 & a3;
        multi_bits low = s01 ^ s23, carry = s01 & s23;
        multi_bits twos = c01 ^ c23 ^ carry;
        multi_bits fours = (c01 & c23) | ((c01 ^ c23) & carry);
        multi_bits b0 = low ^ a4, c = low & a4;
        multi_bits b1 = twos ^ c, b2 = fours | (twos & c);
        total += pm_weight[1] * multi_popcount(open & ~b2 & ~b1 & b0) +
                 pm_weight[2] * multi_popcount(open & ~b2 & b1 & ~b0) +
                 pm_weight[3] * multi_popcount(open & ~b2 & b1 & b0) +
                 pm_weight[4] * multi_popcount(open & b2 & ~b1 & ~b0);
    }
    return total;
}

/* Our open lines less those of every player still in. */
static int pm_eval(const multi_pos *p, const multi_settings *s, int me)
{
    multi_bits occ = p->gems[0] | p->gems[1] | p->gems[2] | p->gems[3];
    int v = pm_lines(p->gems[me], occ & ~p->gems[me]);
    for (int c = 0; c < s->nplayers; c++)
        if (c != me && !p->place[c])
            v -= pm_lines(p->gems[c], occ & ~p->gems[c]);
    return v;
}

/* Can the player to move make five now, by placing or by placing and
 * turning?  A turn t takes a placement on c to t(c): five after it needs
 * t(c) to complete a five of the turned gems, or the turned gems alone. */
static bool pm_can_win(const multi_pos *p, const multi_settings *s)
{
    multi_bits mine = p->gems[multi_colour_of(s, p->to_move)];
    multi_bits empty = multi_all_cells() & ~(p->gems[0] | p->gems[1] |
                                             p->gems[2] | p->gems[3]);
    if (multi_five_cells(mine, empty))
        return true;
    for (int t = 0; t < MULTI_TURNS; t++) {
        multi_bits m = multi_turn(mine, t >> 1, t & 1);
        if (multi_has_five(m) ||
            multi_five_cells(m, multi_turn(empty, t >> 1, t & 1)))
            return true;
    }
    return false;
}

/* The value of p for colour me: the places decided so far (players ahead
 * of us against players behind, a whole win or loss in two-sided games),
 * plus the open lines while we are still in. */
static int pm_value(const multi_pos *p, const multi_settings *s, int me)
{
    int mine = p->place[me], ahead = 0, behind = 0;
    for (int c = 0; c < s->nplayers; c++) {
        if (c == me)
            continue;
        if (p->place[c] && (!mine || p->place[c] < mine))
            ahead++;
        else if (mine && (!p->place[c] || p->place[c] > mine))
            behind++;
    }
    int v = PM_WIN / (s->nplayers - 1) * (behind - ahead);
    if (!p->over && !mine)
        v += pm_eval(p, s, me);
    return v;
}

/* The legal moves less every turn of a block that holds no gem after the
 * placement but the first: they all give the same position. */
static int pm_moves(const multi_pos *p, const multi_settings *s,
                    multi_move *out)
{
    multi_move all[MULTI_MAX_MOVES];
    int n = multi_legal_moves(p, s, all), k = 0;
    multi_bits occ = p->gems[0] | p->gems[1] | p->gems[2] | p->gems[3];
    int seen_cell = -1;
    for (int i = 0; i < n; i++) {
        int cell = multi_move_cell(all[i]), t = multi_move_turn(all[i]);
        if (t != MULTI_NO_TURN) {
            multi_bits after = occ | multi_cell_bit(cell);
            if (!(after & multi_block_cells(t >> 1))) {
                if (seen_cell == cell)
                    continue;
                seen_cell = cell;
            }
        }
        out[k++] = all[i];
    }
    return k;
}

/* Our position from the rules position, through its position line. */
static bool pm_read(const rules_game *g, const rules_pos *pos, multi_pos *p,
                    multi_settings *s)
{
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    s->team = strcmp(rules_variant_name(g), "team") == 0;
    s->nseats = rules_seats(g);
    s->nplayers = s->team ? 2 : s->nseats;
    multi_start(p);
    const char *at = line;
    for (int cell = 0; cell < MULTI_CELLS; cell++, at++) {
        if (cell && cell % MULTI_SIDE == 0 && *at++ != '/')
            return false;
        const char *c = *at && *at != '.' ? strchr(pm_letters, *at) : NULL;
        if (c) {
            p->gems[c - pm_letters] |= multi_cell_bit(cell);
            p->ply++;
        } else if (*at != '.') {
            return false;
        }
    }
    if (at[0] != ' ' || at[1] - '0' != rules_to_move(g, pos))
        return false;
    p->to_move = (uint8_t)(at[1] - '0');
    at += 2;
    for (int seat = 0; seat < s->nseats; seat++, at += 2) {
        if (at[0] != (seat ? ',' : ' ') || at[1] < '0' || at[1] > '4')
            return false;
        p->place[multi_colour_of(s, seat)] = (uint8_t)(at[1] - '0');
    }
    for (int c = 0; c < s->nplayers; c++)
        p->nfinished = (uint8_t)(p->nfinished + (p->place[c] != 0));
    return !p->place[multi_colour_of(s, p->to_move)];
}

typedef struct {
    multi_move m;
    int value;
    int32_t key;
} pm_scored;

static int pm_cmp(const void *a, const void *b)
{
    const pm_scored *x = a, *y = b;
    return x->key != y->key ? (x->key > y->key ? -1 : 1)
                            : (x->m > y->m) - (x->m < y->m);
}

/* The worst value for us among the replies to child, or at most floor
 * once a reply gets there (it cannot be the best move then). */
static int pm_reply(const multi_pos *child, const multi_settings *s, int me,
                    int floor)
{
    multi_move replies[MULTI_MAX_MOVES];
    int n = pm_moves(child, s, replies), worst = INT32_MAX;
    for (int j = 0; j < n && worst > floor; j++) {
        multi_pos gc = *child;
        multi_apply(&gc, s, replies[j]);
        int v = pm_value(&gc, s, me);
        if (v < worst)
            worst = v;
    }
    return worst;
}

static pm_scored pm_sc[MULTI_MAX_MOVES];

static bool pm_choose(const botkit_turn *t, char *buf, size_t len)
{
    multi_pos root;
    multi_settings s;
    if (!pm_read(t->g, t->pos, &root, &s))
        return false;
    int me = multi_colour_of(&s, root.to_move), n = 0;
    multi_move moves[MULTI_MAX_MOVES];
    int nm = pm_moves(&root, &s, moves);
    rng r;
    rng_seed(&r, rng_next(t->r));
    for (int i = 0; i < nm; i++) {
        multi_pos c = root;
        multi_apply(&c, &s, moves[i]);
        int v = pm_value(&c, &s, me);
        if (!c.over && !c.place[me] && pm_can_win(&c, &s))
            v -= PM_WIN / (2 * (s.nplayers - 1));
        pm_sc[n].m = moves[i];
        pm_sc[n].value = v;
        pm_sc[n++].key = v * 64 + (int32_t)rng_below(&r, 64);
    }
    if (n == 0)
        return false;
    qsort(pm_sc, (size_t)n, sizeof pm_sc[0], pm_cmp);
    double deadline = t->started + pb_budget(t);
    int best = 0, best_value = INT32_MIN, searched = 0;
    for (int i = 0; i < n && i < PM_TOP; i++) {
        if (i > 0 && botkit_now() > deadline)
            break;
        multi_pos c = root;
        multi_apply(&c, &s, pm_sc[i].m);
        int v = c.over || c.place[me] ? pm_sc[i].value
                                      : pm_reply(&c, &s, me, best_value);
        searched++;
        if (v > best_value) {
            best_value = v;
            best = i;
        }
    }
    multi_move m = pm_sc[best].m;
    char cell[3], turn[3];
    board9_cell_text(multi_move_cell(m), cell);
    if (multi_move_turn(m) == MULTI_NO_TURN) {
        snprintf(buf, len, "%s", cell);
    } else {
        board9_turn_text(multi_move_turn(m), turn);
        snprintf(buf, len, "%s %s", cell, turn);
    }
    fprintf(stderr, "pentago_bot: ply %d move %s searched %d of %d score %d "
                    "ms %.1f\n",
            root.ply, buf, searched, n, best_value,
            (botkit_now() - t->started) * 1000.0);
    return true;
}

static pb_search pb_s;

static bool pb_choose(const botkit_turn *t, char *buf, size_t len)
{
    if (strcmp(rules_game_name(t->g), "pentago-multi") == 0) {
        if (pm_choose(t, buf, len))
            return true;
        fprintf(stderr, "pentago_bot: BUG: no move found; playing any legal "
                        "move\n");
        return pb_any_move(t->g, t->pos, t->r, buf, len);
    }
    pentago_pos root;
    if (!pb_tt || strcmp(rules_game_name(t->g), "pentago") != 0 ||
        !pb_read_pos(t->g, t->pos, &root))
        return pb_any_move(t->g, t->pos, t->r, buf, len);

    pb_search *s = &pb_s;
    memset(s, 0, sizeof *s);
    s->rules = strcmp(rules_variant_name(t->g), "standard") == 0
                   ? PENTAGO_STANDARD
                   : PENTAGO_SWISS_2010;
    s->start_time = t->started;
    s->deadline = t->started + pb_budget(t);
    s->node_limit = pb_opt_nodes;
    pb_tt_new_search();
    /* One draw per move: the same game from the same seed draws the same. */
    rng r;
    rng_seed(&r, rng_next(t->r));

    pb_result res;
    pb_think(s, &root, pb_opt_depth ? pb_opt_depth : PB_MAX_DEPTH, &r, &res);
    if (res.move == 0xffff) {
        fprintf(stderr, "pentago_bot: BUG: no move found; playing any legal "
                        "move\n");
        return pb_any_move(t->g, t->pos, t->r, buf, len);
    }
    pb_move_text(res.move, buf, len);

    char why[RULES_REASON_MAX];
    rules_move m;
    if (rules_parse_move(t->g, t->pos, buf, &m, why, sizeof why) !=
        RULES_OK) {
        fprintf(stderr, "pentago_bot: BUG: chose '%s': %s; playing any "
                        "legal move\n", buf, why);
        return pb_any_move(t->g, t->pos, t->r, buf, len);
    }
    char canon[RULES_MOVE_TEXT_MAX];
    rules_format_move(t->g, &m, canon, sizeof canon);
    if (strcmp(canon, buf) != 0)
        fprintf(stderr, "pentago_bot: BUG: '%s' reads back as '%s'\n", buf,
                canon);
    fprintf(stderr,
            "pentago_bot: ply %d move %s depth %d nodes %" PRIu64
            " score %d ms %.1f%s\n",
            root.ply, buf, res.depth, res.nodes, res.score,
            (botkit_now() - t->started) * 1000.0,
            res.by_time ? " (time)" : s->stop ? " (nodes)" : "");
    return true;
}

static bool pb_number(const char *text, long long lo, long long hi,
                      long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int pb_arg(int argc, char **argv, int i)
{
    long long v;
    if (i + 1 >= argc)
        return 0;
    if (strcmp(argv[i], "--depth") == 0) {
        if (!pb_number(argv[i + 1], 1, PB_MAX_DEPTH, &v))
            return 0;
        pb_opt_depth = (int)v;
        return 2;
    }
    if (strcmp(argv[i], "--nodes") == 0) {
        if (!pb_number(argv[i + 1], 1, (long long)1 << 60, &v))
            return 0;
        pb_opt_nodes = (uint64_t)v;
        return 2;
    }
    return 0;
}

static const botkit_bot pentago_bot = {
    .name = "pentago_bot",
    .version = "1.0",
    .author = "the referee project",
    .choose_timed = pb_choose,
    .arg = pb_arg,
    .usage = "[--depth N] [--nodes N]",
};

int main(int argc, char **argv)
{
    pb_init_tables();
    pm_init_tables();
    pb_tt_mask = ((uint64_t)1 << PB_TT_BITS) - 1;
    pb_tt = calloc((size_t)(pb_tt_mask + 1), sizeof *pb_tt);
    if (!pb_tt)
        fprintf(stderr, "pentago_bot: no memory for the transposition "
                        "table; playing random moves\n");
    pb_tt_gen = 1;
    int status = botkit_run(argc, argv, &pentago_bot);
    pb_free_tt();
    return status;
}
