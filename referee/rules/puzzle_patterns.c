/*
 * puzzle_patterns.c - the shipped patterns of the Pattern Puzzle, compiled
 * in (the engine is pure: it reads no file), and the text of a pattern's
 * rows.  matches/patterns/pentago-puzzle.txt is the same set for people
 * and bot authors; tests/unit/test_puzzle.c checks that the two agree.
 * Rows run from row 1 (the top) to row 9, each from column a to i.
 */
#include "puzzle.h"

#include "rules.h"

#include <stdio.h>
#include <string.h>

static const puzzle_pattern puzzle_patterns[] = {
    {"plus",
     "easy: a white plus in the centre block; every turn of that block "
     "leaves it as it is",
     "........./"
     "........./"
     "........./"
     "....w..../"
     "...www.../"
     "....w..../"
     "........./"
     "........./"
     "........."},
    {"diamonds",
     "easy: a white diamond in each corner block, every one unchanged by "
     "a turn",
     ".w.....w./"
     "w.w...w.w/"
     ".w.....w./"
     "........./"
     "........./"
     "........./"
     ".w.....w./"
     "w.w...w.w/"
     ".w.....w."},
    {"smile",
     "easy: a face in three colours over six blocks, symmetric left to "
     "right",
     "........./"
     "..u...u../"
     "..u...u../"
     "........./"
     "....r..../"
     "........./"
     ".b.....b./"
     "..bbbbb../"
     "........."},
    {"diagonals",
     "medium: a white and a black diagonal crossing at e5; five blocks, "
     "each the same after a half turn",
     "w.......b/"
     ".w.....b./"
     "..w...b../"
     "...w.b.../"
     "....w..../"
     "...b.w.../"
     "..b...w../"
     ".b.....w./"
     "b.......w"},
    {"stripes",
     "medium: three full rows of white, black and red; every block, each "
     "the same after a half turn",
     "........./"
     "wwwwwwwww/"
     "........./"
     "........./"
     "bbbbbbbbb/"
     "........./"
     "........./"
     "rrrrrrrrr/"
     "........."},
    {"arrow",
     "medium: a white shaft and a red head pointing right over five "
     "blocks; no symmetry",
     "........./"
     "........./"
     "......r../"
     ".......r./"
     "wwwwwwwwr/"
     ".......r./"
     "......r../"
     "........./"
     "........."},
    {"windmill",
     "medium (the default): four arms in four colours turning around e5 "
     "over five blocks",
     "........./"
     "....ww.../"
     "....w..../"
     ".u..w..../"
     ".uuu.bbb./"
     "....r..b./"
     "....r..../"
     "...rr..../"
     "........."},
    {"spiral",
     "hard: a long white spiral over all nine blocks, one colour, no "
     "symmetry",
     "wwwwwwwww/"
     "........w/"
     ".wwwwww.w/"
     ".w....w.w/"
     ".w.ww.w.w/"
     ".w.w..w.w/"
     ".w.wwww.w/"
     ".w......w/"
     ".wwwwwwww"},
    {"mosaic",
     "hard: 29 gems in four colours scattered without any order",
     "w.b..r.u./"
     ".r..w...b/"
     "u...b.w../"
     "..w.u..r./"
     "b..r...w./"
     ".u..b.r../"
     "r.w...u.b/"
     "..b.w..../"
     ".u...r.wb"},
};
#define PUZZLE_NPATTERNS (sizeof puzzle_patterns / sizeof puzzle_patterns[0])

size_t puzzle_pattern_count(void) { return PUZZLE_NPATTERNS; }

const puzzle_pattern *puzzle_pattern_at(size_t i)
{
    return i < PUZZLE_NPATTERNS ? &puzzle_patterns[i] : NULL;
}

const puzzle_pattern *puzzle_pattern_find(const char *name, size_t len)
{
    for (size_t i = 0; i < PUZZLE_NPATTERNS; i++)
        if (strlen(puzzle_patterns[i].name) == len &&
            strncmp(puzzle_patterns[i].name, name, len) == 0)
            return &puzzle_patterns[i];
    return NULL;
}

/* Four colours, several levels and no symmetry: a real test by default. */
const char *puzzle_pattern_default(void) { return "windmill"; }

char puzzle_colour_char(int colour)
{
    return colour >= 1 && colour <= PUZZLE_COLOURS ? ".wbru"[colour] : '.';
}

int puzzle_colour_of(char c)
{
    switch (c) {
    case '.': return 0;
    case 'w': case 'W': return 1;
    case 'b': case 'B': return 2;
    case 'r': case 'R': return 3;
    case 'u': case 'U': return 4;
    default: return -1;
    }
}

/* One row of nine at rows[0..len) (len may be short or long). */
static bool puzzle_row_read(const char *row, size_t len, int r,
                            uint8_t board[PUZZLE_CELLS], char *why,
                            size_t whylen)
{
    if (len != 9) {
        snprintf(why, whylen, "row %d has %zu cell%s, not 9", r + 1, len,
                 len == 1 ? "" : "s");
        return false;
    }
    for (size_t c = 0; c < 9; c++) {
        /* Rows are lower case, as written: one spelling per pattern. */
        int colour = row[c] == '.' || (row[c] >= 'a' && row[c] <= 'z')
                         ? puzzle_colour_of(row[c])
                         : -1;
        if (colour < 0) {
            char q[8];
            snprintf(why, whylen, "row %d: '%s' is not one of . w b r u",
                     r + 1, rules_quote(row + c, 1, q, sizeof q));
            return false;
        }
        board[r * 9 + (int)c] = (uint8_t)colour;
    }
    return true;
}

bool puzzle_rows_read(const char *rows, size_t len,
                      uint8_t board[PUZZLE_CELLS], char *why, size_t whylen)
{
    const char *p = rows, *end = rows + len;
    for (int r = 0; r < 9; r++) {
        const char *slash = memchr(p, '/', (size_t)(end - p));
        const char *stop = slash ? slash : end;
        if (r < 8 && !slash) {
            snprintf(why, whylen, "%d row%s, not 9 (rows of nine of .wbru "
                                  "separated by '/')",
                     r + 1, r ? "s" : "");
            return false;
        }
        if (r == 8 && slash) {
            snprintf(why, whylen, "more than 9 rows");
            return false;
        }
        if (!puzzle_row_read(p, (size_t)(stop - p), r, board, why, whylen))
            return false;
        p = stop + 1;
    }
    return true;
}

void puzzle_rows_write(const uint8_t board[PUZZLE_CELLS], char *out)
{
    size_t n = 0;
    for (int cell = 0; cell < PUZZLE_CELLS; cell++) {
        if (cell && cell % 9 == 0)
            out[n++] = '/';
        out[n++] = puzzle_colour_char(board[cell]);
    }
    out[n] = '\0';
}
