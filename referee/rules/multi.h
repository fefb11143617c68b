/*
 * multi.h - Pentago Multiplayer on the 9x9 board, on bitboards: the fast
 * engine under rules.h (adapter: multi_rules.c).
 *
 * Rules as protocol/RULES.md (section 5.1) states them from the Pentago
 * Multiplayer rulebook:
 *   - a move places a gem of the mover's colour on an empty cell, then
 *     turns any of the nine 3x3 blocks a quarter either way; when the
 *     placement alone makes five for the mover, the move ends there (the
 *     bare cell, no turn);
 *   - all against all (2p, 3p, 4p): after each move every player still in
 *     with five of their colour finishes; those finishing on one move share
 *     the place 1 + (players finished on earlier moves).  Finished players'
 *     gems stay and their turns are skipped.  The game ends when at most
 *     one player is still in (who takes the next place alone) or when the
 *     board is full (81 gems; the players still in share the next place);
 *   - team play (team): seats 0 and 2 play white, 1 and 3 black, moving in
 *     seat order; the first five decides: one team's -> it is first, both
 *     teams' on one move, or a full board without five -> both first.
 *
 * Variants, seats and colours (colour c is the gem letter "wbru"[c]):
 *   2p, 3p, 4p  2, 3, 4 seats; seat s plays colour s (white, black, red,
 *               blue) and is its own team.
 *   team        4 seats; seat s plays colour s % 2, team s % 2.
 * A "player" below is a colour: in team play a team.
 *
 * Cells are numbered row * 9 + column, row 0 = "1" at the top, column 0 =
 * "a" (board9.h).  In a bitboard a cell is bit row * 10 + column: each row
 * is followed by one guard bit that is always clear, so a run walked by a
 * shift of 1 (along a row), 10 (a column), 11 or 9 (the diagonals) leaves
 * the board onto a guard bit instead of wrapping into the next row.  A
 * block turn moves nine bits by fixed shifts.
 *
 * Moves are packed in 16 bits: cell | turn << 7, where turn is block * 2 +
 * direction (0 = R, clockwise; 1 = L), or MULTI_NO_TURN for a placement
 * that makes five by itself.  Legal moves come in canonical order: cells in
 * order, each with 1R, 1L, 2R, ..., 9L, or the bare cell alone where the
 * placement makes five.
 *
 * Position line (rules_pos_write, rules_pos_read; PROTOCOL.md section 8):
 *     ROW1/ROW2/.../ROW9 SEAT PLACES
 *   - nine rows of nine cells, row 1 (the top) first, each from a to i,
 *     separated by '/': '.' empty, 'w' white, 'b' black, 'r' red, 'u' blue
 *     (only the variant's colours);
 *   - a blank, then the seat to move, a digit from 0;
 *   - a blank, then each seat's place, seat 0 first, separated by ',':
 *     0 while the seat is still in; once the game is over every seat has
 *     its place.  In team play both partners have their team's place.
 * The start of 3p, and a 3p game in which black has finished first (on
 * row 2) and red is to move (each is one line, cut here):
 *     ........./........./........./........./........./........./
 *     ........./........./......... 0 0,0,0
 *     ....w..../...bbbbb./..w....r./........./w...w..../.r......./
 *     ......w../....r...r/r.w...... 2 0,1,0
 * Once the game is over the seat to move is the one after the last mover.
 * A line is refused, with the reason, when the game cannot be in it: gem
 * counts that do not fit the seat to move (the players still in move in
 * seat order), a player still in with five, places that are not
 * competition ranks, a finished player with fewer than five gems, a full
 * board with players still in (checks of these conditions, not a search
 * for a game that reaches the line).
 *
 * Pure: no I/O, no allocation.  A multi_pos is plain data.
 */
#ifndef MULTI_H
#define MULTI_H

#include <stdbool.h>
#include <stdint.h>

#define MULTI_SIDE 9
#define MULTI_CELLS 81
#define MULTI_STRIDE 10 /* bits per row: nine cells and a guard bit */
#define MULTI_TURNS 18
#define MULTI_NO_TURN 18
#define MULTI_MAX_MOVES (MULTI_CELLS * MULTI_TURNS)
#define MULTI_MAX_COLOURS 4
#define MULTI_MAX_SEATS 4

__extension__ typedef unsigned __int128 multi_bits;
typedef uint16_t multi_move;

/* One game's settings, filled by rules_game_new from the variant. */
typedef struct {
    int nplayers; /* colours: 2..4; team play: 2 */
    int nseats;   /* seats: nplayers; team play: 4 */
    bool team;
} multi_settings;

/* What the last move did, or how a position read from text stands. */
typedef enum {
    MULTI_QUIET = 0,       /* nobody finished on the last move */
    MULTI_FIVE_PLACEMENT,  /* the placement made five for the mover */
    MULTI_FIVE_ROTATION,   /* the turn made five for the mover only */
    MULTI_FIVE_OTHERS,     /* the turn made five for others only */
    MULTI_FIVE_BOTH,       /* the turn made five for the mover and others */
    MULTI_FULL,            /* the board filled with players still in */
    MULTI_FIVE_READ,       /* a finished game read from text */
} multi_status;

typedef struct {
    multi_bits gems[MULTI_MAX_COLOURS]; /* by colour */
    uint8_t to_move;  /* seat */
    uint8_t ply;      /* gems on the board: one per move */
    uint8_t place[MULTI_MAX_COLOURS]; /* by colour; 0 = still in */
    uint8_t nfinished; /* colours with a place */
    uint8_t status;    /* multi_status of the last move */
    uint8_t over;
} multi_pos;

/* Gems on a bitboard. */
static inline int multi_popcount(multi_bits x)
{
    return __builtin_popcountll((uint64_t)x) +
           __builtin_popcountll((uint64_t)(x >> 64));
}

static inline multi_move multi_make_move(int cell, int turn)
{
    return (multi_move)(cell | turn << 7);
}
static inline int multi_move_cell(multi_move m) { return m & 127; }
static inline int multi_move_turn(multi_move m) { return m >> 7; }

/* The colour a seat plays. */
static inline int multi_colour_of(const multi_settings *s, int seat)
{
    return s->team ? seat % 2 : seat;
}

void multi_start(multi_pos *p);
/* Bit of a cell (row * 9 + column) in the padded layout. */
multi_bits multi_cell_bit(int cell);
/* Every cell's bit. */
multi_bits multi_all_cells(void);
/* The nine cells of a block (0..8). */
multi_bits multi_block_cells(int block);
/* Colour on a cell, or -1 if it is empty. */
int multi_cell_owner(const multi_pos *p, int cell);
bool multi_has_five(multi_bits gems);
/* Empty cells where gems would have five with one more gem. */
multi_bits multi_five_cells(multi_bits gems, multi_bits empty);
/* Turn block (0..8) of a bitboard a quarter; dir 0 = clockwise. */
multi_bits multi_turn(multi_bits board, int block, int dir);

/* Play a legal move and settle who finishes and whether the game ends. */
void multi_apply(multi_pos *p, const multi_settings *s, multi_move m);
/* Every legal move in canonical order; returns the count (at most
 * MULTI_MAX_MOVES), 0 once the game is over. */
int multi_legal_moves(const multi_pos *p, const multi_settings *s,
                      multi_move *out);
int multi_count_moves(const multi_pos *p, const multi_settings *s);
uint64_t multi_perft(const multi_pos *p, const multi_settings *s, int depth);

#endif
