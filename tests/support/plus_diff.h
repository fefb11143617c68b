/*
 * plus_diff.h - random Pente Plus games played at once by the referee's
 * rules engine (referee/rules/, through rules.h) and by the independent
 * reference of tests/ref/pente_plus_ref.h, compared at every ply: each
 * candidate text accepted or refused alike, then, for the move played, the
 * position line, whether the game is over, its result and its reason.
 *
 * The games are steered to where two readings of Pente Plus can part:
 *   - play stays in a square round K10 (radius 3 to 6), so pairs, captures
 *     and fives come within a few dozen plies;
 *   - power stones come early, every placement may carry a random colour
 *     list (sometimes one letter too many), bonus stones follow power stones
 *     on default or random diamond points (sometimes one taken);
 *   - among several candidate texts, those that capture a power stone,
 *     above all one listed before a power stone that stays on the board
 *     (the case of issue 27), or several pairs, or with the bonus stone,
 *     are played most of the time;
 *   - per game, random options: the opening rule on or off, a move cap,
 *     2 to 5 pairs to win, the diamond points.
 * Both sides read the same move texts: the engine through
 * rules_parse_move, the reference with its own reader; the engine's
 * canonical text of the move is played on a copy of the reference too.
 *
 * Used by tests/unit/test_pente_plus.c (a few thousand games in make test)
 * and tests/bench/bench_plus_diff.c (make bench, and make soak-plus for as
 * many games as PLUS_GAMES says).
 */
#ifndef PLUS_DIFF_H
#define PLUS_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    long games, plies;
    long texts;          /* candidate texts put to both sides */
    long refused;        /* of them, refused by both */
    long decided, fives, capture_wins, draws;
    long power_captures; /* moves that captured a power stone */
    long shifted;        /* placements that captured a power stone listed
                            before one that stayed on the board */
    long multi_pairs;    /* placements that took two pairs or more */
    long bonus;          /* bonus stones played */
    long bonus_captures; /* bonus stones that captured */
} plus_diff_stats;

/* Play games random games from seed (the same seed, the same games),
 * adding to *st.  false at the first disagreement, with err saying the
 * seed, game, ply and what differs, the game's options and its moves so
 * far as a list for `referee replay --moves`. */
bool plus_diff_run(uint64_t seed, long games, plus_diff_stats *st, char *err,
                   size_t errlen);
/* The same, and fn (if not NULL) is called after each game with its
 * options and its moves in canonical form, comma-separated, so that a
 * benchmark can replay them. */
typedef void (*plus_diff_game_fn)(const char *options, const char *moves,
                                  void *arg);
bool plus_diff_run_with(uint64_t seed, long games, plus_diff_stats *st,
                        plus_diff_game_fn fn, void *arg, char *err,
                        size_t errlen);

#endif
