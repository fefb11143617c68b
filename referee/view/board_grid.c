/* board_grid.c - a game's board as its position line lays it out (see
 * board_grid.h). */
#include "view/board_grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const board_layout board_layouts[] = {
    {"pentago", 6, 6, "abcdef", 1, 1, 3, false},
    {"pente", 19, 19, "ABCDEFGHJKLMNOPQRST", 19, -1, 0, true},
    {"pentago-multi", 9, 9, "abcdefghi", 1, 1, 3, false},
    {"pentago-puzzle", 9, 9, "abcdefghi", 1, 1, 3, false},
};

const board_layout *board_layout_of(const rules_game *g)
{
    const char *name = rules_game_name(g);
    for (size_t i = 0; i < sizeof board_layouts / sizeof board_layouts[0];
         i++)
        if (!strcmp(board_layouts[i].game, name))
            return &board_layouts[i];
    return NULL;
}

bool board_grid_read(const board_layout *lay, const char *line,
                     board_grid *gr)
{
    int row = 0, col = 0;
    const char *p = line;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            if (col != lay->width)
                return false;
            row++;
            col = 0;
            continue;
        }
        int run = 1;
        char c = *p;
        if (*p >= '0' && *p <= '9') {
            char *end;
            run = (int)strtol(p, &end, 10);
            p = end - 1;
            c = '.';
        }
        if (row >= lay->height || run < 1 || col + run > lay->width)
            return false;
        for (int i = 0; i < run; i++)
            gr->cell[row * lay->width + col++] = c;
    }
    snprintf(gr->rest, sizeof gr->rest, "%s", *p ? p + 1 : p);
    return row == lay->height - 1 && col == lay->width;
}

bool board_grid_of(const rules_game *g, const board_layout *lay,
                   const rules_pos *pos, board_grid *gr)
{
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    return board_grid_read(lay, line, gr);
}

const char *board_cell_name(const board_layout *lay, int cell, char *buf,
                            size_t len)
{
    if (!lay || cell < 0 || cell >= lay->width * lay->height) {
        snprintf(buf, len, "?");
        return buf;
    }
    snprintf(buf, len, "%c%d", lay->columns[cell % lay->width],
             lay->top_row + lay->row_step * (cell / lay->width));
    return buf;
}

/* R: local (r,c) to (c,n-1-r); L: to (n-1-c,r). */
static int board_turn_dir(const board_layout *lay, int cell, int block,
                          int dir)
{
    int n = lay->block;
    if (n <= 0)
        return cell;
    int per_row = lay->width / n;
    int row = cell / lay->width, col = cell % lay->width;
    int brow = block / per_row * n, bcol = block % per_row * n;
    if (row < brow || row >= brow + n || col < bcol || col >= bcol + n)
        return cell;
    int r = row - brow, c = col - bcol, nr, nc;
    if (dir == RULES_CW) {
        nr = c;
        nc = n - 1 - r;
    } else {
        nr = n - 1 - c;
        nc = r;
    }
    return (brow + nr) * lay->width + bcol + nc;
}

int board_turn(const board_layout *lay, int cell, const rules_step *st)
{
    return board_turn_dir(lay, cell, st->block, st->dir);
}

int board_turn_back(const board_layout *lay, int cell, const rules_step *st)
{
    return board_turn_dir(lay, cell, st->block,
                          st->dir == RULES_CW ? RULES_CCW : RULES_CW);
}

void board_move_marks(const board_layout *lay, const rules_move *mv,
                      bool *placed, bool *removed)
{
    int at[RULES_MOVE_MAX_STEPS], n = 0;
    bool put[RULES_MOVE_MAX_STEPS];
    for (int i = 0; i < mv->nsteps; i++) {
        const rules_step *st = &mv->step[i];
        if (st->kind == RULES_STEP_PLACE || st->kind == RULES_STEP_REMOVE) {
            put[n] = st->kind == RULES_STEP_PLACE;
            at[n++] = st->cell;
        } else if (st->kind == RULES_STEP_ROTATE && lay->block > 0) {
            for (int k = 0; k < n; k++)
                at[k] = board_turn(lay, at[k], st);
        }
    }
    for (int k = 0; k < n; k++) {
        if (at[k] < 0 || at[k] >= lay->width * lay->height)
            continue;
        if (put[k])
            placed[at[k]] = true;
        else if (removed)
            removed[at[k]] = true;
    }
}

bool board_move_turns(const rules_move *mv)
{
    for (int i = 0; i < mv->nsteps; i++)
        if (mv->step[i].kind == RULES_STEP_ROTATE)
            return true;
    return false;
}
