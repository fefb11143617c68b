/*
 * sprt_run.h - one strength test run to its end: the games of the pairs
 * (match/series.h), the records already on disk counted first (a resume),
 * the pairs handed to the test in index order (sprt_tally.h), progress
 * after each pair, the summary printed and written (sprt_summary.h), and
 * the verdict as an exit status.
 */
#ifndef SPRT_RUN_H
#define SPRT_RUN_H

#include "match/series.h"
#include "stats/pentanomial.h"
#include "stats/sprt.h"

#include <stdbool.h>

/* Exit statuses (README): 0 passed, 1 error, 2 usage, 3 failed, 4
 * inconclusive, 130 interrupted. */
#define SPRT_EXIT_FAILED 3
#define SPRT_EXIT_INCONCLUSIVE 4

typedef struct {
    series_options so;       /* bot[0] the candidate, bot[1] the base */
    sprt_params params;
    long max_pairs;          /* the cap (a test) or the number (fixed) */
    bool fixed;              /* no test: max_pairs pairs, figures only */
    const char *openings_path; /* or NULL: random_plies from the seed */
    int random_plies;
    const char *summary_path;  /* NULL: DIR/sprt.yaml */
} sprt_config;

/* What a run found, for a caller that runs several (a gauntlet). */
typedef struct {
    int status;              /* the exit status */
    long counts[PENTA_BUCKETS];
    penta_wdl wdl;
    penta_report rep;
} sprt_result;

/* Run the test; its exit status (also in *res when not NULL). */
int sprt_run(const sprt_config *c, sprt_result *res);

#endif
