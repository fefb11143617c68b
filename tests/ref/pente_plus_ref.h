/*
 * pente_plus_ref.h - a deliberately simple, independent Pente Plus for
 * differential testing of the referee's rules engine.  Tests only.
 *
 * Written only from protocol/RULES.md section 2.2 (and the Pente rules of
 * 2.1 it builds on) and protocol/PROTOCOL.md section 8 ("Pente (19x19)",
 * "Pente Plus", "Position line"); it shares no code with referee/rules/
 * nor with tests/ref/pente_naive.*.  A shared misreading must not be
 * copied, so the whole point is that it is built differently:
 *
 *   - a plain char grid cell[col][row] (no bitboards), row 0 = printed
 *     row 1;
 *   - its own move-text parser, reading the text a bot sends;
 *   - before each placement touches the board, a per-cell table says what
 *     every stone counts as for that placement (white, black or empty),
 *     the colour list resolved into it; captures and fives are then found
 *     by walking that table cell by cell;
 *   - every move is played on a copy of the position, which replaces the
 *     position only when the whole move was legal.
 *
 * The position is plain data: copy it with '='.  No allocation, no global
 * mutable state.
 */
#ifndef PENTE_PLUS_REF_H
#define PENTE_PLUS_REF_H

#include <stdbool.h>
#include <stddef.h>

#define PPREF_LINE_MAX 1024
#define PPREF_SIZE 19

typedef enum {
    PPREF_ON = 0,
    PPREF_FIVE,
    PPREF_CAPTURES,
    PPREF_FULL,
    PPREF_CAP
} ppref_end;

/* What the last move played did (for a test to steer and count). */
typedef struct {
    int pairs;       /* pairs captured by the move, both placements */
    int power_taken; /* power stones captured by the move */
    int power_taken_before_kept; /* placements in which a captured power stone
                                    came, in cell order, before a power stone
                                    that stayed on the board */
    int most_pairs;  /* the most pairs one placement of the move captured */
    bool bonus;      /* a bonus stone was placed */
    int bonus_pairs; /* pairs the bonus stone captured */
} ppref_facts;

typedef struct {
    /* cell[col][row]: col 0..18 = A..T (no I), row 0..18 = printed 1..19;
     * 0 empty, 1 white, 2 black, 3 a power stone. */
    signed char cell[PPREF_SIZE][PPREF_SIZE];
    bool diamond[PPREF_SIZE][PPREF_SIZE];
    bool opening_rule;
    int movecap;     /* 0 = none */
    int pairs;       /* pairs a side must capture to win */
    int plies;       /* moves played; a bonus stone is part of its move */
    int captured[2]; /* stones captured by white, by black */
    int in_hand[2];  /* power stones white, black have left */
    ppref_end end;
    int winner; /* 0 white, 1 black, -1 none */
    ppref_facts last;
} ppref_pos;

/* A new game. opening_rule: the tournament opening rule on; movecap: plies
 * then a draw, 0 = none; pairs: pairs a side must capture to win (>= 1);
 * diamonds: the diamond points as text "D16,K16,..." (any order, each once;
 * NULL = the 12 defaults D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4).
 * false if diamonds is malformed. */
bool ppref_start(ppref_pos *p, bool opening_rule, int movecap, int pairs,
                 const char *diamonds);
/* Play a move text as a bot sends it after "move ". false with a reason in
 * why if malformed or illegal; then the position is untouched. */
bool ppref_play(ppref_pos *p, const char *text, char *why, size_t whylen);
void ppref_line(const ppref_pos *p, char *buf, size_t len);
ppref_end ppref_end_of(const ppref_pos *p);
int ppref_winner(
    const ppref_pos *p); /* 0 white, 1 black, -1 none (game on or a draw) */
int ppref_to_move(const ppref_pos *p); /* 0 white, 1 black */
int ppref_power_on_board(const ppref_pos *p);
int ppref_in_hand(const ppref_pos *p, int side);
bool ppref_empty(const ppref_pos *p, int col,
                 int row); /* col 0..18 = A..T, row 1..19 */
bool ppref_diamond(const ppref_pos *p, int col, int row);

#endif
