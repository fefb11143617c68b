/*
 * rules.h - the one interface every game's rules engine implements.
 *
 * A rules engine is pure: no I/O, no clock, no allocation once a game has
 * been created.  The referee, replay, the tests and the C bots all use it.
 *
 * Caller's protocol:
 *   1. rules_game_new("pentago", "swiss-2010", NULL, err) makes an immutable
 *      description of one game and variant (the only allocation); free it
 *      with rules_game_free().
 *   2. rules_start() fills a caller-owned rules_pos with the start position.
 *      A rules_pos is plain data: copy it with '=' to keep a position.
 *   3. Each turn: rules_to_move() says whose turn it is; rules_parse_move()
 *      turns a bot's text into a rules_move or says precisely why not;
 *      rules_apply() plays a legal move.  rules_legal_moves() enumerates.
 *   4. rules_outcome() says whether the game is over, the result of every
 *      seat, the reason and the win points.
 *
 * Seats are numbered 0..nseats-1 in playing order: seat 0 moves first.
 * Which bot sits in which seat (who starts, drawn by lot) is the match's
 * business, not the engine's.
 *
 * Moves are a short sequence of steps so that every game fits one type:
 *   Pentago         place, rotate            ("c4 2R"), or place ("c4")
 *   Pente           place                    ("K10")
 *   Pente Plus      place power, place bonus, each with the colours the
 *                   mover gives the power stones on the board
 *   Multiplayer     place, rotate on the 9x9 board ("e5 5R"), or place
 *   Pattern puzzle  breaker: remove, rotate ("-c4 2R"); mender: place a
 *                   gem of a colour, rotate ("c4w 2R"); one pair a turn
 * Engines validate the sequence; the type only has room for it.
 *
 * Errors: functions that can fail return a rules_status and write a
 * one-line reason (no trailing newline) into a caller buffer.
 */
#ifndef RULES_H
#define RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RULES_MAX_SEATS 4
#define RULES_MOVE_MAX_STEPS 16
#define RULES_MOVE_TEXT_MAX 128  /* longest formatted move, with NUL */
#define RULES_POS_TEXT_MAX 1024  /* longest position line, with NUL */
#define RULES_BOARD_TEXT_MAX 4096 /* longest rendered board, with NUL */
#define RULES_REASON_MAX 160     /* recommended size of reason buffers */
/* Upper bound of rules_legal_moves(): a puzzle mender's 4 colours x 81
 * empty cells x 18 turns (5832) is the most. */
#define RULES_MAX_MOVES 6144

typedef enum {
    RULES_OK = 0,
    RULES_MALFORMED, /* text is not a move in the game's notation */
    RULES_ILLEGAL,   /* a well-formed move the rules forbid here */
    RULES_BAD_GAME,  /* unknown game, variant or option */
    RULES_BAD_POS,   /* a position line that cannot be read */
} rules_status;

typedef enum {
    RULES_STEP_PLACE = 1,  /* put a stone/marble/gem on cell */
    RULES_STEP_ROTATE = 2, /* turn block by 90 degrees in dir */
    RULES_STEP_REMOVE = 3, /* take the piece off cell (puzzle breaker) */
} rules_step_kind;

typedef enum { RULES_CW = 0, RULES_CCW = 1 } rules_dir; /* R and L */

typedef struct {
    uint8_t kind;     /* rules_step_kind */
    uint8_t power;    /* PLACE: 1 if a power stone is placed (Pente Plus) */
    uint16_t cell;    /* PLACE/REMOVE: row * width + column, row 0 first */
    uint8_t block;    /* ROTATE: block index, 0 = top-left, reading order */
    uint8_t dir;      /* ROTATE: rules_dir */
    uint8_t power_as; /* PLACE: bit i set = the i-th power stone on the board
                         (in cell order) counts as the mover's colour */
    uint8_t colour;   /* PLACE in the pattern puzzle: the gem's colour
                         (0..3, the seat colours' order); else 0 */
} rules_step;

typedef struct {
    uint8_t nsteps;
    rules_step step[RULES_MOVE_MAX_STEPS];
} rules_move;

/* Opaque, fixed-size, copyable position storage; each engine lays out its
 * own state inside.  Large enough for a 19x19 board with four colours. */
typedef struct {
    _Alignas(8) unsigned char opaque[1024];
} rules_pos;

typedef enum {
    RULES_RESULT_NONE = 0, /* game not over */
    RULES_RESULT_WIN,
    RULES_RESULT_LOSS,
    RULES_RESULT_DRAW,
} rules_result;

typedef enum {
    RULES_END_NONE = 0,
    RULES_END_FIVE_PLACEMENT,  /* the placement made five for the mover */
    RULES_END_FIVE_ROTATION,   /* the rotation made five for the mover */
    RULES_END_FIVE_OPPONENT,   /* the rotation made five for the opponent only */
    RULES_END_FIVE_BOTH,       /* the rotation made five for both */
    RULES_END_FULL_BOARD,      /* every cell filled, no five */
    RULES_END_FIVE,            /* five or more in a row (games without rotation) */
    RULES_END_CAPTURES,        /* enough captured stones */
    RULES_END_MOVE_CAP,        /* the variant's move cap was reached */
    RULES_END_PUZZLE,          /* the pattern puzzle ended */
} rules_end;

typedef struct {
    bool over;
    rules_end reason;
    int nseats;
    rules_result result[RULES_MAX_SEATS];
    /* 1 = first; shared places repeat (two first, then third).  In a
     * game for places (Pentago Multiplayer, the puzzle) the places already
     * decided are given while the game goes on; 0 = still playing. */
    uint8_t place[RULES_MAX_SEATS];
    int win_points[RULES_MAX_SEATS]; /* Pentago: 18 - winner's marbles */
} rules_outcome_t;

typedef struct rules_game rules_game;

/* Make a game description.  variant may be NULL for the default; options is
 * a space-separated list of key=value pairs or NULL.  On failure returns NULL
 * and writes why into err. */
rules_game *rules_game_new(const char *game, const char *variant,
                           const char *options, char *err, size_t errlen);
void rules_game_free(rules_game *g);

/* Names: "pentago"; the variant, e.g. "swiss-2010"; the options in
 * canonical form: every option with its default filled in, in a fixed
 * order, in the key=value form rules_game_new takes (Pente:
 * "opening=tournament movecap=0 captures=5"; Pentago: "").  Games with
 * the same settings have the same text. */
const char *rules_game_name(const rules_game *g);
const char *rules_variant_name(const rules_game *g);
const char *rules_options_text(const rules_game *g);

/* Do a and b play the same game: the same game, the same variant and every
 * option that decides play equal?  Options are compared as the engine's
 * typed settings, not as text, so the default given or left out, options
 * in another order or a diamond list in another order make no difference.
 * Returns true if so; otherwise false, and why names the first setting
 * that differs in key=value form, a's value first: "movecap=8 against
 * movecap=0", "variant=plus against variant=standard".  To check that a
 * record belongs to an event, make a game from the record's game, variant
 * and options and compare it with the event's. */
bool rules_game_same(const rules_game *a, const rules_game *b, char *why,
                     size_t whylen);

/* Comma-separated lists of known games and a game's variants, for help. */
const char *rules_games_list(void);
const char *rules_variants_list(const char *game);
/* A game's options for help, one "key=VALUES  meaning (default)" line
 * each, or NULL when it has none (or the game is unknown). */
const char *rules_options_help(const char *game);

int rules_seats(const rules_game *g);
/* Is it a game for places: more than two seats, each its own team
 * (Pentago Multiplayer 3p/4p, the puzzle 3p/4p)?  Results are then best
 * read as places, not as wins and losses. */
bool rules_for_places(const rules_game *g);
/* Colour name of a seat ("white", "black"), its team (seats with the same
 * team number win or lose together). */
const char *rules_seat_colour(const rules_game *g, int seat);
int rules_seat_team(const rules_game *g, int seat);

void rules_start(const rules_game *g, rules_pos *pos);
int rules_to_move(const rules_game *g, const rules_pos *pos);
/* Number of moves played so far (plies). */
int rules_ply(const rules_game *g, const rules_pos *pos);

/* Parse text in the game's notation and check it is legal here.  Returns
 * RULES_OK and fills *move, or RULES_MALFORMED / RULES_ILLEGAL with why. */
rules_status rules_parse_move(const rules_game *g, const rules_pos *pos,
                              const char *text, rules_move *move,
                              char *why, size_t whylen);
/* Canonical text of a move (as rules_legal_moves would produce it). */
void rules_format_move(const rules_game *g, const rules_move *move,
                       char *buf, size_t len);
/* Play a move that rules_parse_move or rules_legal_moves gave for pos. */
void rules_apply(const rules_game *g, rules_pos *pos, const rules_move *move);

/* Fill out[0..cap) with every legal move in canonical order; returns the
 * number of legal moves (which may exceed cap; then only cap are written).
 * Zero once the game is over. */
size_t rules_legal_moves(const rules_game *g, const rules_pos *pos,
                         rules_move *out, size_t cap);
/* Number of legal moves, without writing them (perft's bulk count). */
size_t rules_count_moves(const rules_game *g, const rules_pos *pos);

void rules_outcome(const rules_game *g, const rules_pos *pos,
                   rules_outcome_t *out);
/* Whether the game is over in pos (rules_outcome's `over`). */
bool rules_over(const rules_game *g, const rules_pos *pos);
/* The outcome when seat loses by a fault in pos (a timeout, a crash...).
 * Two sides or teams: the faulting seat's team loses, the others win.
 * Free for all: the places already decided stand, the faulting seat is
 * last, and the seats still playing share the best place left.  The
 * reason is left RULES_END_NONE for the caller to name. */
void rules_outcome_fault(const rules_game *g, const rules_pos *pos, int seat,
                         rules_outcome_t *out);
/* Must a seat not see the others' moves?  True in the pattern puzzle (a
 * mender must not see the break): the referee then sends every seat the
 * position line before each of its turns and no `played` lines. */
bool rules_moves_hidden(const rules_game *g);
/* Short text for an end reason: "five-by-placement", "full-board", ... */
const char *rules_end_name(rules_end reason);
const char *rules_result_name(rules_result result);

/* The board as several lines of text for people, ending in a newline. */
void rules_render(const rules_game *g, const rules_pos *pos, char *buf,
                  size_t len);
/* The position as one compact line and back (documented per game). */
void rules_pos_write(const rules_game *g, const rules_pos *pos, char *buf,
                     size_t len);
rules_status rules_pos_read(const rules_game *g, const char *line,
                            rules_pos *pos, char *why, size_t whylen);

/* perft: the number of move sequences of length depth from pos, each
 * ply one of the moves rules_legal_moves lists. */
uint64_t rules_perft(const rules_game *g, const rules_pos *pos, int depth);

/* Every distinct legal move text in canonical form: what a move generator
 * that lists every move the rules accept must find.  In Pente Plus that is
 * more than rules_legal_moves lists (which gives one plain and one power
 * stone per point, every power stone counted as the mover's, no bonus
 * stone): every colour list of the power stones on the board and every
 * bonus stone count, even where they change nothing.  In the other games
 * and variants the listed moves are every text.  Calls fn (NULL: count
 * only) with each move, in canonical order; returns how many. */
typedef void (*rules_text_fn)(const rules_move *move, void *arg);
uint64_t rules_each_move_text(const rules_game *g, const rules_pos *pos,
                              rules_text_fn fn, void *arg);
/* perft over every distinct move text (rules_each_move_text). */
uint64_t rules_perft_texts(const rules_game *g, const rules_pos *pos,
                           int depth);

/* Quote up to max bytes of untrusted text (a bot's move) for a reason or
 * a record: printable ASCII as is, any other byte (and the backslash) as
 * \xNN, so the text stays one clean line that cannot drive a terminal and
 * reads back unambiguously.  Needs outlen of
 * 4 * max + 1 to quote all max bytes.  Returns out. */
const char *rules_quote(const char *s, size_t max, char *out, size_t outlen);

#endif
