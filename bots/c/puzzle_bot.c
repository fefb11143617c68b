/*
 * puzzle_bot.c - plays the Pentago Pattern Puzzle (pentago-puzzle) well:
 * it mends every break it can be given, and breaks so that a mender needs
 * every one of its turns.  In any other game it plays a random legal move.
 *
 * It knows what any bot can know: the pattern from `set options`
 * (pattern=ROWS) and, before each turn, the position line (board, level,
 * role, step, gems handed back; puzzle.h), which the referee sends in this
 * game without being asked.
 *
 * Mending.  Turns of different blocks commute, and a gem placed on a
 * block moves only with that block's later turns.  So what the mender's r
 * remaining turns do to the gems on the board depends only on the net
 * quarter turns rho[b] of each block b, and any rho with
 * sum(cost) <= r and sum(rho) = r (mod 2) can be turned in r turns
 * (cost 0, 1, 2, 1 for rho 0..3; spare turns go in R+L pairs).  rho[b] is
 * possible when every gem of block b, turned by rho[b], lands on a cell
 * of the pattern of its colour.  The cells of the pattern left empty are
 * then exactly the gems handed back, and each can be filled at any of the
 * r placements: placed at the cell that block b's remaining net turn
 * carries onto it, which is always empty.  So the mender finds, per
 * block, the rotations that fit, picks the cheapest vector of the right
 * parity (a tiny dynamic programme over the nine blocks), and plays one of
 * its placements with one of its turns.  A break of k turns is always
 * undone by k mender turns this way: mending never fails.
 *
 * Breaking.  Against such a mender nothing helps; against weaker ones the
 * bot makes the break as costly as it can: each turn, among all its legal
 * turns, those after which the cheapest mend (the same programme, without
 * parity) needs the most turns, at random among them: it never turns a
 * block a turn leaves the same, and never undoes its own earlier turn.
 */
#include "botkit.h"
#include "board9.h"
#include "puzzle.h"

#include <ctype.h>

static rules_move pz_moves[RULES_MAX_MOVES];

/* What the bot reads from the options and the position line. */
typedef struct {
    uint8_t pattern[PUZZLE_CELLS];
    uint8_t board[PUZZLE_CELLS];
    int level, step; /* step: 1..level within the mover's turns */
    bool breaking;
} pz_view;

/* ---- reading ------------------------------------------------------------ */

/* The pattern=ROWS option of the game. */
static bool pz_pattern(const rules_game *g, uint8_t pattern[PUZZLE_CELLS])
{
    char why[RULES_REASON_MAX];
    const char *o = strstr(rules_options_text(g), "pattern=");
    if (!o)
        return false;
    o += strlen("pattern=");
    return puzzle_rows_read(o, strcspn(o, " "), pattern, why, sizeof why);
}

/* The view of pos through its position line, as any bot would read it. */
static bool pz_read(const rules_game *g, const rules_pos *pos, pz_view *v)
{
    char line[RULES_POS_TEXT_MAX], rows[PUZZLE_ROWS_TEXT], why[160];
    char role;
    int seat;
    rules_pos_write(g, pos, line, sizeof line);
    if (sscanf(line, "%89s %d %d %c %d", rows, &v->level, &seat, &role,
               &v->step) != 5)
        return false;
    v->breaking = role == 'b';
    return pz_pattern(g, v->pattern) &&
           puzzle_rows_read(rows, strlen(rows), v->board, why, sizeof why);
}

/* ---- the rotations that fit ------------------------------------------- */

static const int pz_cost[4] = {0, 1, 2, 1};

/* Where cell is after rho clockwise quarter turns of its block. */
static int pz_turned(int cell, int rho)
{
    int b = board9_block_of(cell);
    for (int i = 0; i < rho; i++)
        cell = board9_turned_cell(cell, b, 0);
    return cell;
}

/* fits[b] bit rho: every gem of block b, turned by rho, lands on a
 * pattern cell of its colour. */
static void pz_fits(const pz_view *v, uint8_t fits[BOARD9_BLOCKS])
{
    for (int b = 0; b < BOARD9_BLOCKS; b++)
        fits[b] = 0xf;
    for (int cell = 0; cell < PUZZLE_CELLS; cell++) {
        if (!v->board[cell])
            continue;
        int b = board9_block_of(cell);
        for (int rho = 0; rho < 4; rho++)
            if (v->pattern[pz_turned(cell, rho)] != v->board[cell])
                fits[b] &= (uint8_t)~(1u << rho);
    }
}

/* The cheapest rho per block whose parity of sum is par (-1: any);
 * returns its cost, or -1 if no rho fits. */
static int pz_plan(const uint8_t fits[BOARD9_BLOCKS], int par,
                   int rho[BOARD9_BLOCKS])
{
    enum { INF = 1000 };
    int best[BOARD9_BLOCKS + 1][2], pick[BOARD9_BLOCKS][2];
    best[0][0] = 0;
    best[0][1] = INF;
    for (int b = 0; b < BOARD9_BLOCKS; b++) {
        best[b + 1][0] = best[b + 1][1] = INF;
        for (int p = 0; p < 2; p++)
            for (int r = 0; r < 4; r++) {
                int from = p ^ (r & 1);
                if (!(fits[b] >> r & 1) || best[b][from] >= INF)
                    continue;
                int c = best[b][from] + pz_cost[r];
                if (c < best[b + 1][p]) {
                    best[b + 1][p] = c;
                    pick[b][p] = r;
                }
            }
    }
    int p = par >= 0 ? par
            : best[BOARD9_BLOCKS][0] <= best[BOARD9_BLOCKS][1] ? 0 : 1;
    int cost = best[BOARD9_BLOCKS][p];
    if (cost >= INF)
        return -1;
    for (int b = BOARD9_BLOCKS - 1; b >= 0; b--) {
        rho[b] = pick[b][p];
        p ^= rho[b] & 1;
    }
    return cost;
}

/* ---- mending ------------------------------------------------------------ */

/* One turn of an exact mend into buf, or false if the board cannot be
 * mended in the turns left. */
static bool pz_mend(const pz_view *v, rng *r, char *buf, size_t len)
{
    uint8_t fits[BOARD9_BLOCKS];
    int rho[BOARD9_BLOCKS];
    int left = v->level - v->step + 1;
    pz_fits(v, fits);
    int cost = pz_plan(fits, left & 1, rho);
    if (cost < 0 || cost > left)
        return false;
    /* The board after the net turns; its holes are the cells to fill. */
    uint8_t after[PUZZLE_CELLS] = {0};
    for (int cell = 0; cell < PUZZLE_CELLS; cell++)
        if (v->board[cell])
            after[pz_turned(cell, rho[board9_block_of(cell)])] =
                v->board[cell];
    int holes[PUZZLE_CELLS], nholes = 0;
    for (int cell = 0; cell < PUZZLE_CELLS; cell++)
        if (v->pattern[cell] && !after[cell])
            holes[nholes++] = cell;
    if (nholes == 0)
        return false;
    int y = holes[rng_below(r, (uint32_t)nholes)];
    int b = board9_block_of(y);
    int x = pz_turned(y, (4 - rho[b]) % 4); /* carried onto y */
    /* This turn's block turn: one the plan needs; with none needed (and
     * so an even number of turns left), a spare 1R, which the next
     * turn's plan undoes. */
    int turn = 0;
    for (int k = BOARD9_BLOCKS - 1; k >= 0; k--)
        if (rho[k])
            turn = k * 2 + (rho[k] == 3);
    char cell[3], t[3];
    board9_cell_text(x, cell);
    board9_turn_text(turn, t);
    snprintf(buf, len, "%s%c %s", cell, puzzle_colour_char(v->pattern[y]),
             t);
    return true;
}

/* ---- breaking ----------------------------------------------------------- */

/* The fewest mender turns that undo board v (no parity): what a break
 * costs a mender. */
static int pz_undo_cost(const pz_view *v)
{
    uint8_t fits[BOARD9_BLOCKS];
    int rho[BOARD9_BLOCKS];
    pz_fits(v, fits);
    return pz_plan(fits, -1, rho);
}

/* A legal removal and turn after which the cheapest mend costs most. */
static bool pz_break(const rules_game *g, const rules_pos *pos,
                     const pz_view *v, rng *r, char *buf, size_t len)
{
    size_t n = rules_legal_moves(g, pos, pz_moves, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    int best = -2;
    uint32_t ties = 0;
    size_t pick = 0;
    for (size_t i = 0; i < n; i++) {
        pz_view after = *v;
        after.board[pz_moves[i].step[0].cell] = 0;
        board9_turn_bytes(after.board, pz_moves[i].step[1].block,
                          pz_moves[i].step[1].dir);
        int cost = pz_undo_cost(&after);
        if (cost > best) {
            best = cost;
            ties = 0;
        }
        /* Reservoir sampling: each of the best equally likely. */
        if (cost == best && rng_below(r, ++ties) == 0)
            pick = i;
    }
    if (n == 0)
        return false;
    rules_format_move(g, &pz_moves[pick], buf, len);
    return true;
}

/* ---- the move ----------------------------------------------------------- */

static bool pz_random(const rules_game *g, const rules_pos *pos, rng *r,
                      char *buf, size_t len)
{
    size_t n = rules_legal_moves(g, pos, pz_moves, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    if (n == 0)
        return false;
    rules_format_move(g, &pz_moves[rng_below(r, (uint32_t)n)], buf, len);
    return true;
}

static bool pz_choose_timed(const botkit_turn *t, char *buf, size_t len)
{
    pz_view v;
    if (strcmp(rules_game_name(t->g), "pentago-puzzle") != 0 ||
        !pz_read(t->g, t->pos, &v))
        return pz_random(t->g, t->pos, t->r, buf, len);
    bool found = v.breaking ? pz_break(t->g, t->pos, &v, t->r, buf, len)
                            : pz_mend(&v, t->r, buf, len);
    char why[RULES_REASON_MAX];
    rules_move m;
    if (found &&
        rules_parse_move(t->g, t->pos, buf, &m, why, sizeof why) == RULES_OK) {
        fprintf(stderr, "puzzle_bot: level %d %s turn %d: %s (%.2f ms)\n",
                v.level, v.breaking ? "break" : "mend", v.step, buf,
                (botkit_now() - t->started) * 1000);
        return true;
    }
    fprintf(stderr, "puzzle_bot: level %d: no %s found (%s), a random "
                    "move\n",
            v.level, v.breaking ? "break" : "mend",
            found ? why : "cannot be mended");
    return pz_random(t->g, t->pos, t->r, buf, len);
}

static const botkit_bot puzzle_bot = {
    .name = "puzzle_bot",
    .version = "1.0",
    .author = "the referee project",
    .choose_timed = pz_choose_timed,
};

int main(int argc, char **argv)
{
    return botkit_run(argc, argv, &puzzle_bot);
}
