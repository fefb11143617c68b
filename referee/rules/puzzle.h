/*
 * puzzle.h - the Pentago Pattern Puzzle (rulebook 004) as a contest
 * between bots: the game "pentago-puzzle" under rules.h.
 *
 * The contest.  The board starts as the pattern.  Level k starts at 1.  A
 * round: every player still in mends once, in seat order from the lowest
 * seat; the breaker of a mend is the next player still in after the mender
 * (cyclically).  A mend is 2k turns: the breaker's k turns, each removing
 * one gem and turning one block ("-c4 2R"), then the mender's k turns, each
 * placing one gem of a colour the breaker removed in this break and turning
 * one block ("c4w 2R").  The mend succeeds iff the board then equals the
 * pattern exactly; either way the board is the pattern again.  At the end
 * of a round: if every mender failed, the level is played again, at most
 * `replays` times (then the players still in share place 1); otherwise the
 * failed are out, sharing the place below those still in, and k grows by
 * one.  One player left: place 1, alone.  k would pass maxlevel or the
 * pattern's number of gems: the players still in share place 1.
 *
 * Cells hold 0 (empty) or a colour 1..4: white, black, red, blue, written
 * '.', 'w', 'b', 'r', 'u'.  Pure: no I/O, no allocation.
 *
 * Position line (one line, fields separated by single blanks):
 *
 *   ROWS LEVEL SEAT ROLE STEP MENDER PLAYERS HANDED REPLAYS
 *
 *   ROWS     the board: nine rows of nine cells, row 1 (the top) first,
 *            columns a-i, rows separated by '/', cells '.wbru'.
 *   LEVEL    k, from 1.
 *   SEAT     the seat to move.
 *   ROLE     'b' when it breaks, 'm' when it mends.
 *   STEP     its turn within its k turns of this mend, 1..k.
 *   MENDER   the seat whose mend it is (SEAT itself when ROLE is 'm').
 *   PLAYERS  one character per seat, seat 0 first: '+' still in, 'x' still
 *            in but failed its mend in this round, '1'-'4' out with that
 *            place.  Once the contest is over every seat has its place.
 *   HANDED   the gems the breaker removed in this break that the mender has
 *            not placed yet, as colour letters in the order w b r u ('-'
 *            for none): what the mender may place.
 *   REPLAYS  how many times the current level has been played again.
 *
 * Once the contest is over SEAT, ROLE, STEP, MENDER and HANDED are '-'.
 * The start of a 3-seat contest on pattern P: "P 1 1 b 1 0 +++ - 0" (seat 1
 * breaks first, for seat 0's mend).  The pattern itself is in the game's
 * options (pattern=ROWS), which every bot receives in `set options`.  A
 * position read from a line counts its plies (rules_ply) from 0.
 */
#ifndef PUZZLE_H
#define PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PUZZLE_CELLS 81
#define PUZZLE_COLOURS 4
#define PUZZLE_MAX_SEATS 4
#define PUZZLE_TURNS 18         /* 9 blocks x 2 directions */
#define PUZZLE_ROWS_TEXT 90     /* nine rows of nine, 8 '/', NUL */
#define PUZZLE_MAX_LEVEL 81
#define PUZZLE_MAX_REPLAYS 99

typedef struct {
    int nplayers;                     /* 2..4 */
    uint8_t pattern[PUZZLE_CELLS];    /* 0 empty, 1..4 colour */
    int maxlevel;                     /* 1..PUZZLE_MAX_LEVEL, default 4 */
    int replays;                      /* 0..PUZZLE_MAX_REPLAYS, default 2 */
} puzzle_settings;

/* The contest's whole state (it lives in rules_pos). */
typedef struct {
    uint8_t board[PUZZLE_CELLS];
    uint8_t level;  /* k */
    uint8_t step;   /* turns played in this mend: breaker's < k <= mender's */
    uint8_t mender; /* the seat whose mend it is */
    uint8_t failed; /* bit per seat: still in, but failed in this round */
    uint8_t place[PUZZLE_MAX_SEATS]; /* 0 while in; the place once out */
    uint8_t handed[PUZZLE_COLOURS];  /* removed, not placed back yet */
    uint8_t replayed;                /* plays again of the current level */
    uint32_t ply;                    /* turns played (0 from a line) */
} puzzle_pos;

/* ---- the contest (puzzle.c) --------------------------------------------- */

/* Gems on a board. */
int puzzle_gems(const uint8_t board[PUZZLE_CELLS]);
/* The highest level this contest reaches: maxlevel, or fewer when the
 * pattern has fewer gems. */
int puzzle_top_level(const puzzle_settings *s);
void puzzle_start(const puzzle_settings *s, puzzle_pos *p);
bool puzzle_over(const puzzle_settings *s, const puzzle_pos *p);
/* Is seat still in (not out, contest not over)? */
bool puzzle_in(const puzzle_pos *p, int seat);
/* The breaker of the current mend: the next seat still in after the
 * mender. */
int puzzle_breaker(const puzzle_settings *s, const puzzle_pos *p);
/* Is the breaker to move (rather than the mender)? */
bool puzzle_breaking(const puzzle_pos *p);
/* The seat to move (0 once the contest is over). */
int puzzle_mover(const puzzle_settings *s, const puzzle_pos *p);
/* Play one turn the caller has checked: colour -1 removes the gem on cell
 * (breaker), colour 0..3 places a gem of it there (mender); then block
 * turns in dir (0 clockwise, 1 counter-clockwise).  Ends the mend, the
 * round and the contest when it is their time. */
void puzzle_play(const puzzle_settings *s, puzzle_pos *p, int cell,
                 int colour, int block, int dir);
/* The places when seat loses by a fault: the places decided stand; a
 * faulting seat still in is out alone, below the others still in, who
 * share place 1. */
void puzzle_fault_places(const puzzle_settings *s, const puzzle_pos *p,
                         int seat, uint8_t place[PUZZLE_MAX_SEATS]);
/* Is p a state the contest can reach, as far as one position tells?  False
 * with the first thing wrong in why. */
bool puzzle_check(const puzzle_settings *s, const puzzle_pos *p, char *why,
                  size_t whylen);

/* ---- patterns (puzzle_patterns.c) --------------------------------------- */

/* A shipped pattern: matches/patterns/pentago-puzzle.txt, compiled in. */
typedef struct {
    const char *name;
    const char *about; /* one line: difficulty and what it looks like */
    const char *rows;  /* nine rows of nine of ".wbru", '/'-separated */
} puzzle_pattern;

size_t puzzle_pattern_count(void);
const puzzle_pattern *puzzle_pattern_at(size_t i);
/* The shipped pattern called name[0..len), or NULL. */
const puzzle_pattern *puzzle_pattern_find(const char *name, size_t len);
/* The default pattern's name. */
const char *puzzle_pattern_default(void);
/* Read rows[0..len) (nine rows of nine of ".wbru" separated by '/') into
 * board; false with what is wrong in why. */
bool puzzle_rows_read(const char *rows, size_t len,
                      uint8_t board[PUZZLE_CELLS], char *why, size_t whylen);
/* Write board as rows into out (PUZZLE_ROWS_TEXT bytes). */
void puzzle_rows_write(const uint8_t board[PUZZLE_CELLS], char *out);
/* The letter of a colour 1..4 ('.' for 0); the colour of a letter 'w',
 * 'b', 'r', 'u' in either case (0 for '.'), -1 for any other. */
char puzzle_colour_char(int colour);
int puzzle_colour_of(char c);

#endif
