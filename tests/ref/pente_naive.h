/*
 * pente_naive.h - a deliberately simple Pente for cross-checking the fast
 * engine (referee/rules/pente.c).  Tests and benchmarks only.
 *
 * Written from the rules text (protocol/RULES.md, Pente, and
 * the readings in pente_rules.c's header comment), not from pente.c: a
 * char board[19][19] indexed by the printed row (board[0] = row 1 at the
 * bottom), every neighbour bounds-checked, captures collected first and
 * removed afterwards, five found by testing every window of five cells
 * that holds the placed stone, power stones numbered by scanning the board.
 *
 * Rules:
 *   - seat s moves at plies s, s + nseats, ...; its colour is 'w'/'b' by
 *     seat (standard, plus), by seat % 2 (partner), or "wbru"[seat] (team);
 *     its team is seat % 2;
 *   - the first stone goes on K10; with the tournament rule the stone of
 *     ply 2 (ply 4 in team) is 3 or more intersections from K10;
 *   - a placed stone that brackets exactly two stones counted as not the
 *     mover's with a stone counted as the mover's takes them; every stone
 *     taken counts, except in team, where only the enemy team's count;
 *   - five or more through the placed stone, or enough captured stones,
 *     wins for the mover's team; a full board or the move cap draws;
 *   - plus: a power stone 'p' counts as the mover's in the move that places
 *     it; earlier ones as the placement's mask says (bit i = the i-th 'p'
 *     in cell order, row 19 first); a bonus stone may follow a power stone
 *     on an empty diamond point unless the power stone already won.
 *
 * Cells use the rules.h index: (19 - row) * 19 + column, column 0 = 'A'.
 * The position is plain data: copy it with '='.
 */
#ifndef PENTE_NAIVE_H
#define PENTE_NAIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PNAIVE_MAX_MOVES 722

typedef enum {
    PNAIVE_STANDARD = 0,
    PNAIVE_PLUS = 1,
    PNAIVE_PARTNER = 2,
    PNAIVE_TEAM = 3,
} pnaive_variant;

typedef enum {
    PNAIVE_ONGOING = 0,
    PNAIVE_FIVE,
    PNAIVE_CAPTURES,
    PNAIVE_FULL,
    PNAIVE_CAP,
} pnaive_end;

typedef struct {
    char board[19][19]; /* [printed row - 1][column]: '.', w b r u, 'p' */
    bool diamond[19][19];
    int variant, nseats;
    bool tournament;
    int movecap;      /* plies, 0 = none */
    int need;         /* captured stones that win */
    int ply;
    int captured[2];  /* per team */
    int power_left[2];
    pnaive_end end;
    int winner;       /* team, -1 for none or a draw */
} pnaive_pos;

typedef struct {
    int cell;      /* rules.h cell index */
    int bonus;     /* cell of the bonus stone, or -1 */
    bool power;
    unsigned as[2];
} pnaive_move;

/* Empty board; captures in stones; diamonds as cell indices. */
void pnaive_start(pnaive_pos *p, pnaive_variant v, bool tournament,
                  int movecap, int need, const uint16_t *diamonds,
                  int ndiamonds);
/* Is m legal here (colour masks are not checked)? */
bool pnaive_legal(const pnaive_pos *p, const pnaive_move *m);
/* Plain stones then (plus) power stones without bonus, all power stones
 * counted as the mover's, cells ascending; the count. */
int pnaive_legal_moves(const pnaive_pos *p, pnaive_move *out);
void pnaive_apply(pnaive_pos *p, const pnaive_move *m);
/* The position line of pente_rules.c's format. */
void pnaive_line(const pnaive_pos *p, char *buf, size_t len);
uint64_t pnaive_perft(const pnaive_pos *p, int depth);

#endif
