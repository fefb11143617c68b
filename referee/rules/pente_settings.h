/*
 * pente_settings.h - a Pente game's settings (pente.h's pente_settings)
 * from its options text, back to canonical text, and compared.
 *
 * Options: space-separated key=value words, each key at most once:
 *   opening=tournament|free  tournament (default): the starting colour's
 *             second stone at least 3 intersections from K10 in every
 *             direction (outside H8-M12; the PENTE rulebook's "Startvorteil" tip, online Pente).
 *   movecap=N plies after which the game is a draw, 0-65535; 0 (default)
 *             = none.
 *   captures=N  pairs a side must capture to win, 1-100 (default 5); in
 *             team, the enemy stones a team must capture, 1-200 (default
 *             10).
 *   diamonds=LIST  plus only: the bonus points, comma-separated points
 *             like D4 (pente_point.h), each once.  Default, in cell
 *             order: D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4 (G13, N13,
 *             G7, N7 the diagonals at distance 3 from K10, the others axes
 *             and diagonals at distance 6): 12 points,
 *             symmetric under every turn and mirror of the board, none of
 *             them restricted by the opening rule.
 *
 * The canonical text lists every option, defaults filled in, in the order
 * above, diamonds (plus only) in cell order (row 19 first, A to T within a
 * row): "opening=tournament movecap=0 captures=5".  Two settings are the
 * same exactly when their canonical texts are equal.
 *
 * Errors name the option and what is wrong with it, in one line:
 * "movecap: '-1' is not a number 0-65535 (plies; 0 = none)".
 */
#ifndef PENTE_SETTINGS_H
#define PENTE_SETTINGS_H

#include "pente.h"

#include <stdbool.h>
#include <stddef.h>

/* The name of a variant ("standard", "plus", "partner", "team"). */
const char *pente_variant_name(pente_variant v);

/* Fill *s from a variant name and an options text (NULL or "" for the
 * defaults).  Returns false, with the reason in err, if the variant is
 * unknown or an option is unknown, repeated, not key=value or has a bad
 * value; *s is then unspecified. */
bool pente_settings_parse(pente_settings *s, const char *variant,
                          const char *options, char *err, size_t errlen);

/* Write the canonical options text of *s into buf (truncated to len, always
 * terminated if len > 0).  Returns the length of the whole text, as
 * snprintf does, so that a caller can tell when it did not fit. */
size_t pente_settings_write(const pente_settings *s, char *buf, size_t len);

/* Do a and b decide play the same way?  Returns true if every setting is
 * equal; otherwise false, and why names the first that differs, a's value
 * first: "movecap=8 against movecap=0", "diamonds: D4 is a diamond point
 * in the first game only". */
bool pente_settings_same(const pente_settings *a, const pente_settings *b,
                         char *why, size_t whylen);

#endif
