/* play_board.c - the board for a person at a terminal (see play_board.h). */
#include "play/play_board.h"

#include <stdlib.h>
#include <string.h>

#define PLAY_BOARD_MAX_CELLS (19 * 19)

/* How a game's position line is laid out, and how its cells are named. */
typedef struct {
    const char *game;
    int width, height;
    const char *columns;      /* the letter of each column, left to right */
    int top_row, row_step;    /* the label of the top row; + step downwards */
    int block;                /* side of the blocks that turn; 0 none */
    bool counts;              /* Pente: captures (and power stones) follow */
} play_layout;

static const play_layout play_layouts[] = {
    {"pentago", 6, 6, "abcdef", 1, 1, 3, false},
    {"pente", 19, 19, "ABCDEFGHJKLMNOPQRST", 19, -1, 0, true},
    {"pentago-multi", 9, 9, "abcdefghi", 1, 1, 3, false},
    {"pentago-puzzle", 9, 9, "abcdefghi", 1, 1, 3, false},
};

typedef struct {
    char cell[PLAY_BOARD_MAX_CELLS]; /* '.' empty, else the stone letter */
    const char *rest;                /* the fields after the board */
} play_grid;

static const play_layout *play_board_layout(const rules_game *g)
{
    const char *name = rules_game_name(g);
    for (size_t i = 0; i < sizeof play_layouts / sizeof play_layouts[0]; i++)
        if (!strcmp(play_layouts[i].game, name))
            return &play_layouts[i];
    return NULL;
}

/* The cells of a position line: rows split by '/', '.' or a run length
 * for empty cells, a letter for a stone.  False when it does not fit the
 * layout (a game whose line changed): then the engine draws the board. */
static bool play_grid_read(const play_layout *lay, const char *line,
                           play_grid *gr)
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
    gr->rest = *p ? p + 1 : p;
    return row == lay->height - 1 && col == lay->width;
}

static bool play_grid_of(const rules_game *g, const play_layout *lay,
                         const rules_pos *pos, play_grid *gr)
{
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    return play_grid_read(lay, line, gr);
}

const char *play_board_cell_name(const rules_game *g, int cell, char *buf,
                                 size_t len)
{
    const play_layout *lay = play_board_layout(g);
    if (!lay || cell < 0 || cell >= lay->width * lay->height) {
        snprintf(buf, len, "?");
        return buf;
    }
    snprintf(buf, len, "%c%d", lay->columns[cell % lay->width],
             lay->top_row + lay->row_step * (cell / lay->width));
    return buf;
}

/* Where a marble on cell goes when its block turns (R: local (r,c) to
 * (c,2-r) for a block of 3; L: to (2-c,r)); cells of other blocks stay. */
static int play_board_turn(const play_layout *lay, int cell,
                           const rules_step *st)
{
    int n = lay->block, per_row = lay->width / n;
    int row = cell / lay->width, col = cell % lay->width;
    int brow = st->block / per_row * n, bcol = st->block % per_row * n;
    if (row < brow || row >= brow + n || col < bcol || col >= bcol + n)
        return cell;
    int r = row - brow, c = col - bcol, nr, nc;
    if (st->dir == RULES_CW) {
        nr = c;
        nc = n - 1 - r;
    } else {
        nr = n - 1 - c;
        nc = r;
    }
    return (brow + nr) * lay->width + bcol + nc;
}

/* The cells the move's stones stand on after it, each turn applied to
 * the stones placed before it. */
static void play_board_marks(const play_layout *lay, const rules_move *mv,
                             bool *mark)
{
    int placed[RULES_MOVE_MAX_STEPS], n = 0;
    for (int i = 0; i < mv->nsteps; i++) {
        const rules_step *st = &mv->step[i];
        if (st->kind == RULES_STEP_PLACE)
            placed[n++] = st->cell;
        else if (st->kind == RULES_STEP_ROTATE && lay->block > 0)
            for (int k = 0; k < n; k++)
                placed[k] = play_board_turn(lay, placed[k], st);
    }
    for (int k = 0; k < n; k++)
        if (placed[k] >= 0 && placed[k] < lay->width * lay->height)
            mark[placed[k]] = true;
}

static bool play_board_turns(const rules_move *mv)
{
    for (int i = 0; i < mv->nsteps; i++)
        if (mv->step[i].kind == RULES_STEP_ROTATE)
            return true;
    return false;
}

static void play_board_columns(FILE *out, const play_layout *lay)
{
    fprintf(out, "    ");
    for (int c = 0; c < lay->width; c++) {
        if (lay->block && c && c % lay->block == 0)
            fputc(' ', out);
        fprintf(out, " %c%s", lay->columns[c], c + 1 < lay->width ? " " : "");
    }
    fputc('\n', out);
}

/* Pentago's quadrant numbers above (first) or below the board. */
static void play_board_blocks(FILE *out, const play_layout *lay, int first)
{
    if (!lay->block)
        return;
    /* Each number above the middle column of its block. */
    int per_row = lay->width / lay->block, w = 3 * lay->block;
    int at = 0; /* where the line is */
    for (int b = 0; b < per_row; b++) {
        int col = 4 + b * (w + 1) + w / 2;
        fprintf(out, "%*d", col - at + 1, first + b);
        at = col + 1;
    }
    fputc('\n', out);
}

static void play_board_rule(FILE *out, const play_layout *lay)
{
    fprintf(out, "    ");
    for (int c = 0; c < lay->width; c++) {
        if (c && c % lay->block == 0)
            fputc('+', out);
        fprintf(out, "---");
    }
    fputc('\n', out);
}

static void play_board_row(FILE *out, const play_layout *lay,
                           const play_grid *gr, const bool *mark, int row,
                           bool ansi)
{
    int label = lay->top_row + lay->row_step * row;
    fprintf(out, "%3d ", label);
    for (int c = 0; c < lay->width; c++) {
        if (lay->block && c && c % lay->block == 0)
            fputc('|', out);
        int cell = row * lay->width + c;
        if (mark[cell])
            fprintf(out, "%s[%c]%s", ansi ? "\033[1m" : "", gr->cell[cell],
                    ansi ? "\033[0m" : "");
        else
            fprintf(out, " %c ", gr->cell[cell]);
    }
    fprintf(out, " %d\n", label);
}

/* The stones the move took off the board ("taken: L11 M12"), in games
 * where stones do not move (a turned block moves them all). */
static void play_board_taken(FILE *out, const rules_game *g,
                             const play_layout *lay, const play_grid *now,
                             const play_grid *was)
{
    int n = 0;
    for (int cell = 0; cell < lay->width * lay->height; cell++)
        if (was->cell[cell] != '.' && now->cell[cell] == '.') {
            char name[8];
            fprintf(out, "%s %s", n++ ? "" : "taken:",
                    play_board_cell_name(g, cell, name, sizeof name));
        }
    if (n)
        fputc('\n', out);
}

/* Pente's counts after the board: "w 8 0,2 1,1" = to move, plies, stones
 * captured by team 0 and 1, power stones in hand (plus only). */
static void play_board_counts(FILE *out, const play_grid *gr)
{
    char mover[8];
    int plies, c0, c1, p0, p1;
    int n = sscanf(gr->rest, "%7s %d %d,%d %d,%d", mover, &plies, &c0, &c1,
                   &p0, &p1);
    if (n >= 4)
        fprintf(out, "captured: white %d, black %d", c0, c1);
    if (n >= 6)
        fprintf(out, "; power stones in hand: white %d, black %d", p0, p1);
    if (n >= 4)
        fputc('\n', out);
}

static void play_board_render(FILE *out, const rules_game *g,
                              const rules_pos *pos, const rules_move *last)
{
    char board[RULES_BOARD_TEXT_MAX], text[RULES_MOVE_TEXT_MAX];
    rules_render(g, pos, board, sizeof board);
    fputs(board, out);
    if (last) {
        rules_format_move(g, last, text, sizeof text);
        fprintf(out, "last move: %s\n", text);
    }
}

void play_board_draw(FILE *out, const rules_game *g, const rules_pos *pos,
                     const rules_pos *before, const rules_move *last,
                     bool ansi)
{
    const play_layout *lay = play_board_layout(g);
    play_grid now, was;
    if (!lay || !play_grid_of(g, lay, pos, &now)) {
        play_board_render(out, g, pos, last);
        return;
    }
    bool mark[PLAY_BOARD_MAX_CELLS] = {false};
    if (last)
        play_board_marks(lay, last, mark);
    play_board_blocks(out, lay, 1);
    play_board_columns(out, lay);
    for (int r = 0; r < lay->height; r++) {
        if (lay->block && r && r % lay->block == 0)
            play_board_rule(out, lay);
        play_board_row(out, lay, &now, mark, r, ansi);
    }
    play_board_columns(out, lay);
    if (lay->block)
        play_board_blocks(out, lay, (lay->height / lay->block - 1) *
                                        (lay->width / lay->block) + 1);
    if (last && before && !play_board_turns(last) &&
        play_grid_of(g, lay, before, &was))
        play_board_taken(out, g, lay, &now, &was);
    if (lay->counts)
        play_board_counts(out, &now);
}
