/*
 * sprt_record.h - does a record on disk belong to a strength test?  A
 * resumed test counts a game already recorded only if it was played as
 * this test would play it: the same game and options, time control,
 * commands in the same seats, the game's seed and the pair's opening.
 */
#ifndef SPRT_RECORD_H
#define SPRT_RECORD_H

#include "match/series.h"
#include "record/record.h"

#include <stddef.h>

/* g is the test's game (for its normalised options); game is the series
 * game the record would be (index, seats, opening).  Returns 0, or -1
 * with "PATH: FIELD: the record has X, the test Y" in err. */
int sprt_record_check(const series_options *o, const rules_game *g,
                      const series_game *game, const record *r,
                      const char *path, char *err, size_t errlen);

#endif
