/*
 * openings.h - the openings of a strength test: each game pair starts
 * from one, played twice with the seats swapped, so that neither bot
 * gains from a lucky start.
 *
 * From a file: one opening per line, its moves in the game's notation
 * separated by commas ("c4 2R, d3 1L" in Pentago, "K10, L12, N9" in
 * Pente); blank lines and lines starting with '#' are skipped.  Every
 * opening is checked when the file is read: each move legal, none ending
 * the game; an error names the file, the line and the move.
 *
 * Generated from a seed: `plies` random plies.  An opening is drawn again
 * until no ply ends the game, the side to move cannot win at once, and it
 * has a move after which the other side cannot win at once either (so
 * neither side is handed a win in one).  In Pente each ply after the first
 * is drawn among the points within two of a stone already placed, as
 * openings are played.  Opening i depends only on the seed and i.
 *
 * Pair i plays opening i of a generated book, or line i modulo the count
 * of a file.  No allocation after the book is made, but for generated
 * openings, which are made when first asked for.
 */
#ifndef OPENINGS_H
#define OPENINGS_H

#include "rules.h"

#include <stddef.h>
#include <stdint.h>

#define OPENINGS_MAX_PLIES 64

typedef struct opening_book opening_book;

/* NULL with "FILE:LINE: ..." in err.  The game must outlive the book. */
opening_book *openings_read(const rules_game *g, const char *path, char *err,
                            size_t errlen);
/* plies from 1 to OPENINGS_MAX_PLIES; NULL with a message in err. */
opening_book *openings_generate(const rules_game *g, int plies, uint64_t seed,
                                char *err, size_t errlen);
void openings_free(opening_book *b);

/* The moves of pair i's opening (NULL and *n = 0 when it cannot be made:
 * out of memory, or no opening found; err says which). */
const char *const *openings_get(opening_book *b, long i, int *n, char *err,
                                size_t errlen);
/* Pair i's opening as one line ("c4 2R, d3 1L"). */
void openings_describe(opening_book *b, long i, char *buf, size_t len);
/* Where pair i's opening came from: "book.txt:12", or "random" when
 * generated. */
void openings_source(const opening_book *b, long i, char *buf, size_t len);
/* Openings in the file (0 for a generated book: no end). */
long openings_count(const opening_book *b);

#endif
