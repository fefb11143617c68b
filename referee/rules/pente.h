/*
 * pente.h - Pente, Pente Plus, Partner-Pente and Team-Pente on a padded
 * byte board: the fast engine under rules.h (adapter: pente_rules.c).
 *
 * Rules as protocol/RULES.md states them (the PENTE rulebook, online Pente):
 *   - 19x19 intersections; the first stone of the game goes on K10; under
 *     the tournament opening rule (002 "Startvorteil", 003) the starting
 *     colour's second stone is at Chebyshev distance >= 3 from K10.
 *   - A placed stone that brackets exactly two enemy stones on one of the 8
 *     lines with another stone of the mover removes them; several pairs may
 *     go in one move; playing into a bracket is safe (002 "Schlagen").
 *   - The mover wins with five or more in a row through a stone placed in
 *     the move, or with enough captured stones (5 pairs; Team: 10 enemy
 *     stones), checked after each placement's captures.  No empty
 *     intersection left, or the move cap reached: a draw.
 *
 * Variants and seats (seat s moves at plies s, s + nseats, ...):
 *   standard, plus  2 seats; colours white (seat 0), black (seat 1).
 *   partner         4 seats, team = seat % 2, one colour per team: white for
 *                   seats 0 and 2, black for 1 and 3 (002 "Partner-PENTE").
 *   team            4 seats, team = seat % 2, one colour per seat: white,
 *                   black, red, blue (002 "Team-PENTE").
 *
 * Readings settled here (argued in pente_rules.c's header comment):
 *   - Opening rule: applies to the second stone of the starting colour:
 *     ply 2 in standard, plus and partner (in partner, seat 2 places it),
 *     ply 4 in team (seat 0's second stone).
 *   - Team: any two stones of colours other than the mover's are captured
 *     (a partner's stone too, 002: "Auch die Steine des Teampartners können
 *     mitgefangen werden"); only the enemy team's stones count toward the
 *     team's total.  The bracketing stone must be the mover's own colour.
 *   - Plus: a power stone placed in this move counts as the mover's; each
 *     power stone already on the board counts, for each placement of the
 *     move separately, as the mover's or the opponent's colour as the
 *     move's mask says.  A power stone counted as the opponent's is
 *     captured like an enemy stone; every captured stone counts.  After a
 *     power stone the mover may add a bonus stone of his colour on an empty
 *     diamond point.  No power stone in the game's first move (K10).
 *
 * Cells: a cell index is row * 19 + column with row 0 = row "19" at the TOP
 * and column 0 = "A" (the rules.h convention, row 0 first).  Inside the
 * position the board is padded: three off-board rows above and below, and
 * three off-board columns between rows, so that every line walk of up to
 * three steps (a capture) and every run (a five) stops on an OFF byte
 * without a bounds check.
 *
 * Pure: no I/O, no allocation.  A pente_pos is plain data (about 700 bytes)
 * that carries what the move path needs of its game's settings (copied by
 * pente_start from a pente_settings), so the move path needs nothing else.
 */
#ifndef PENTE_H
#define PENTE_H

#include <stdbool.h>
#include <stdint.h>

#define PENTE_N 19
#define PENTE_CELLS (PENTE_N * PENTE_N)
#define PENTE_CENTRE (9 * PENTE_N + 9) /* K10 */
#define PENTE_STRIDE 22                /* 19 columns + 3 OFF columns */
#define PENTE_PADDED 556               /* 25 rows of 22, + margin */
#define PENTE_MAX_POWER 4              /* power stones on the board */
#define PENTE_NO_CELL 0xffff
/* Listed moves: a plain and a power placement per empty cell. */
#define PENTE_MAX_MOVES (2 * PENTE_CELLS)

typedef enum {
    PENTE_STANDARD = 0,
    PENTE_PLUS = 1,
    PENTE_PARTNER = 2,
    PENTE_TEAM = 3,
} pente_variant;

/* Cell bytes of the padded board. */
enum {
    PENTE_EMPTY = 0,
    /* 1..4: a stone of colour 0..3 (white, black, red, blue) */
    PENTE_POWER = 5,     /* a power stone from an earlier move */
    PENTE_POWER_NEW = 6, /* the power stone placed in the current move */
    PENTE_OFF = 0xff,
};

typedef enum {
    PENTE_ONGOING = 0,
    PENTE_WIN_FIVE,     /* the mover's team made five or more */
    PENTE_WIN_CAPTURES, /* the mover's team captured enough stones */
    PENTE_DRAW_FULL,    /* no empty intersection left */
    PENTE_DRAW_CAP,     /* the move cap was reached */
} pente_status;

#define PENTE_CELL_WORDS ((PENTE_CELLS + 63) / 64) /* a bit per cell */

/* The settings of a game: every option that decides play, with names and
 * types (read from the options text and written back by pente_settings.h).
 * pente_start copies what the move path needs into the position.  A new
 * field needs its line in pente_settings_parse, _write and _same. */
typedef struct {
    pente_variant variant;
    bool tournament; /* opening=tournament: the opening rule applies */
    int movecap;     /* movecap=N: plies, then a draw; 0 = no cap */
    int captures;    /* captures=N: pairs to win; in team, enemy stones */
    uint64_t diamonds[PENTE_CELL_WORDS]; /* diamonds=LIST (plus only): bit
                                            cell % 64 of word cell / 64 */
} pente_settings;

typedef struct {
    uint8_t board[PENTE_PADDED]; /* padded, see above */
    uint64_t diamonds[9];        /* bit per padded index: a diamond point */
    uint16_t power_at[PENTE_MAX_POWER]; /* padded indices, ascending */
    uint16_t ply;
    uint16_t empties;
    uint16_t movecap;
    uint8_t captures_needed;
    uint8_t variant;     /* pente_variant */
    uint8_t nseats;
    uint8_t tournament;
    uint8_t npower;      /* power stones on the board */
    uint8_t power_left[2]; /* Plus: power stones in hand per team */
    uint8_t captured[2]; /* enemy stones captured per team */
    uint8_t status;      /* pente_status */
    int8_t winner;       /* team, or -1 (game on or a draw) */
} pente_pos;

/* A move: a stone on cell (a power stone if power), then, only after a power
 * stone, an optional bonus stone.  as[0] and as[1] are the colour masks of
 * the two placements: bit i set = the i-th power stone on the board (cell
 * order, not counting the one placed in this move) counts as the mover's;
 * bits beyond the power stones on the board are ignored. */
typedef struct {
    uint16_t cell;
    uint16_t bonus; /* PENTE_NO_CELL for none */
    uint8_t power;
    uint8_t as[2];
} pente_move;

/* Why a move is illegal (PENTE_LEGAL if it is not). */
typedef enum {
    PENTE_LEGAL = 0,
    PENTE_ERR_OVER,         /* the game is over */
    PENTE_ERR_OCCUPIED,     /* the cell is not empty */
    PENTE_ERR_FIRST_K10,    /* the first stone must go on K10 */
    PENTE_ERR_OPENING,      /* tournament rule: too close to K10 */
    PENTE_ERR_NOT_PLUS,     /* power stones or bonus outside Pente Plus */
    PENTE_ERR_NO_POWER,     /* no power stone left in hand */
    PENTE_ERR_POWER_FIRST,  /* no power stone in the first move */
    PENTE_ERR_BONUS_ALONE,  /* a bonus stone without a power stone */
    PENTE_ERR_BONUS_CELL,   /* the bonus point is not a diamond */
    PENTE_ERR_BONUS_TAKEN,  /* the bonus point is not empty */
    PENTE_ERR_BONUS_OVER,   /* the power stone already won the game */
} pente_error;

/* Padded index of a cell and back. */
static inline int pente_pad(int cell)
{
    return (cell / PENTE_N + 3) * PENTE_STRIDE + cell % PENTE_N + 3;
}
static inline int pente_unpad(int idx)
{
    return (idx / PENTE_STRIDE - 3) * PENTE_N + idx % PENTE_STRIDE - 3;
}

/* The 12 default diamond points (pente_settings.h), as cell indices. */
extern const uint16_t pente_default_diamonds[12];

/* The defaults of a variant: tournament opening, no move cap, 5 pairs
 * (team: 10 stones), and in plus the 12 default diamond points. */
void pente_settings_default(pente_settings *s, pente_variant variant);
/* Is cell a diamond point of these settings? */
static inline bool pente_settings_diamond(const pente_settings *s, int cell)
{
    return s->diamonds[cell / 64] >> (cell % 64) & 1;
}
/* The stones a team must capture to win under these settings. */
int pente_stones_to_win(const pente_settings *s);
void pente_start(pente_pos *p, const pente_settings *s);
int pente_nseats(pente_variant v);
int pente_seat_team(pente_variant v, int seat);
/* Colour index (0 white, 1 black, 2 red, 3 blue) of a seat's stones. */
int pente_seat_colour(pente_variant v, int seat);
static inline int pente_to_move(const pente_pos *p)
{
    return p->ply % p->nseats;
}
/* The ply whose stone the tournament rule restricts. */
int pente_opening_ply(const pente_pos *p);
/* Chebyshev distance of a cell from K10. */
int pente_centre_distance(int cell);
/* Cell byte at a cell index. */
static inline int pente_at(const pente_pos *p, int cell)
{
    return p->board[pente_pad(cell)];
}
bool pente_is_diamond(const pente_pos *p, int cell);
/* The colour mask that counts every power stone as the mover's. */
#define PENTE_ALL_MINE 0xff

/* Check a move; *bad_cell says which cell an error is about. */
pente_error pente_check(const pente_pos *p, const pente_move *m,
                        int *bad_cell);
/* Play a legal move (checked by pente_check) and settle the outcome. */
void pente_apply(pente_pos *p, const pente_move *m);
/* Earlier power stones on the board just before the move's bonus stone,
 * i.e. after its first placement's captures (the bonus mask's stones). */
int pente_power_before_bonus(const pente_pos *p, const pente_move *m);

/* Listed moves in canonical order: cells ascending, for each a plain stone
 * then (Plus, with a power stone in hand) a power stone without bonus; all
 * power stones on the board counted as the mover's.  Returns the count. */
int pente_legal_moves(const pente_pos *p, pente_move *out);
int pente_count_moves(const pente_pos *p);
/* Every distinct legal move text in canonical form, which in Plus is more
 * than the listed moves: each colour list of the earlier power stones
 * (2^n for n of them: the masks differ in their low n bits, the bits
 * beyond set as pente_check reads them), and after each power stone that
 * does not win, each bonus stone on an empty diamond point with each
 * colour list of the power stones left after the first placement's
 * captures.  Moves with the same effect are not merged.  Other variants:
 * the listed moves.  Calls fn (NULL: count only) for each, in canonical
 * order: cells ascending; at each, the plain stone with every list, then
 * for every list the power stone alone and followed by each bonus point
 * ascending with every list; lists from none (all the mover's) up, bit i
 * cleared for the i-th stone given to the opponent.  Returns the count. */
typedef void (*pente_text_fn)(const pente_move *m, void *arg);
uint64_t pente_each_text(const pente_pos *p, pente_text_fn fn, void *arg);
uint64_t pente_perft(const pente_pos *p, int depth);

/* Settle the outcome of a position built by hand or read from text:
 * returns false if more than one team has won. */
bool pente_settle_read(pente_pos *p);

#endif
