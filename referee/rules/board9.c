/* board9.c - cell and turn notation of the 9x9 board (board9.h). */
#include "board9.h"

#include <ctype.h>
#include <string.h>

int board9_parse_cell(const char **s)
{
    const char *p = *s;
    int col = tolower((unsigned char)p[0]) - 'a';
    int row = p[0] ? p[1] - '1' : -1;
    if (col < 0 || col >= BOARD9_SIDE || row < 0 || row >= BOARD9_SIDE)
        return -1;
    /* "e10" is not e1 followed by junk that happens to parse. */
    if (isdigit((unsigned char)p[2]))
        return -1;
    *s = p + 2;
    return row * BOARD9_SIDE + col;
}

int board9_parse_turn(const char **s)
{
    const char *p = *s;
    int block = p[0] - '1';
    if (block < 0 || block >= BOARD9_BLOCKS)
        return -1;
    int d = toupper((unsigned char)p[1]);
    if (d != 'R' && d != 'L')
        return -1;
    *s = p + 2;
    return block * 2 + (d == 'L');
}

void board9_cell_text(int cell, char *out)
{
    out[0] = (char)('a' + cell % BOARD9_SIDE);
    out[1] = (char)('1' + cell / BOARD9_SIDE);
    out[2] = 0;
}

void board9_turn_text(int turn, char *out)
{
    out[0] = (char)('1' + turn / 2);
    out[1] = turn % 2 ? 'L' : 'R';
    out[2] = 0;
}

int board9_block_of(int cell)
{
    int row = cell / BOARD9_SIDE, col = cell % BOARD9_SIDE;
    return row / 3 * 3 + col / 3;
}

int board9_turned_cell(int cell, int block, int dir)
{
    if (board9_block_of(cell) != block)
        return cell;
    int top = block / 3 * 3, left = block % 3 * 3;
    int r = cell / BOARD9_SIDE - top, c = cell % BOARD9_SIDE - left;
    /* Clockwise on a board drawn row 1 at the top: (r, c) -> (c, 2 - r). */
    int nr = dir == 0 ? c : 2 - c;
    int nc = dir == 0 ? 2 - r : r;
    return (top + nr) * BOARD9_SIDE + left + nc;
}

void board9_turn_bytes(uint8_t board[BOARD9_CELLS], int block, int dir)
{
    uint8_t before[BOARD9_CELLS];
    memcpy(before, board, sizeof before);
    int top = block / 3 * 3, left = block % 3 * 3;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            int cell = (top + r) * BOARD9_SIDE + left + c;
            board[board9_turned_cell(cell, block, dir)] = before[cell];
        }
}
