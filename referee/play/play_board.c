/* play_board.c - the board for a person at a terminal (see play_board.h). */
#include "play/play_board.h"

#include "view/board_grid.h"

const char *play_board_cell_name(const rules_game *g, int cell, char *buf,
                                 size_t len)
{
    return board_cell_name(board_layout_of(g), cell, buf, len);
}

static void play_board_columns(FILE *out, const board_layout *lay)
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
static void play_board_blocks(FILE *out, const board_layout *lay, int first)
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

static void play_board_rule(FILE *out, const board_layout *lay)
{
    fprintf(out, "    ");
    for (int c = 0; c < lay->width; c++) {
        if (c && c % lay->block == 0)
            fputc('+', out);
        fprintf(out, "---");
    }
    fputc('\n', out);
}

static void play_board_row(FILE *out, const board_layout *lay,
                           const board_grid *gr, const bool *mark, int row,
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
                             const board_layout *lay, const board_grid *now,
                             const board_grid *was)
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
static void play_board_counts(FILE *out, const board_grid *gr)
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
    const board_layout *lay = board_layout_of(g);
    board_grid now, was;
    if (!lay || !board_grid_of(g, lay, pos, &now)) {
        play_board_render(out, g, pos, last);
        return;
    }
    bool mark[BOARD_GRID_MAX_CELLS] = {false};
    if (last)
        board_move_marks(lay, last, mark, NULL);
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
    if (last && before && !board_move_turns(last) &&
        board_grid_of(g, lay, before, &was))
        play_board_taken(out, g, lay, &now, &was);
    if (lay->counts)
        play_board_counts(out, &now);
}
