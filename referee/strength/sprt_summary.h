/*
 * sprt_summary.h - what a strength test found, for people (a few lines)
 * and for CI (a YAML file with every figure, the bounds, the counts, the
 * openings, the seed, the commands and the verdict).
 */
#ifndef SPRT_SUMMARY_H
#define SPRT_SUMMARY_H

#include "match/series.h"
#include "stats/pentanomial.h"
#include "stats/sprt.h"

#include <stdbool.h>
#include <stdio.h>

#define SPRT_FAULT_KINDS 24

/* The games a bot lost by a fault, by reason ("timeout", "exited", ...). */
typedef struct {
    const char *reason[SPRT_FAULT_KINDS]; /* static strings or record's */
    char name[SPRT_FAULT_KINDS][32];
    long count[SPRT_FAULT_KINDS];
    int n;
} sprt_faults;

void sprt_faults_add(sprt_faults *f, const char *reason);

typedef struct {
    const char *verdict;      /* "H1 accepted", "H0 accepted", ... */
    int exit_status;
    const series_options *o;  /* bot[0] the candidate, bot[1] the base */
    const rules_game *g;
    const char *openings;     /* the file, or NULL for random openings */
    int random_plies;
    bool sequential;          /* a test, not a fixed number of pairs */
    sprt_params params;
    sprt_state state;         /* over every pair counted in the end */
    long verdict_pairs;       /* pairs (in order) when the verdict fell */
    long max_pairs;           /* the cap, or the fixed number */
    long counts[PENTA_BUCKETS];
    penta_wdl wdl;
    penta_report rep;
    sprt_faults faults[2];    /* candidate, base */
    int interrupted;          /* games not recorded */
    long pairs_after_verdict; /* in flight at the verdict: played and
                                 recorded, not counted */
    const double *llr_path;   /* the LLR after each pair counted */
    long npath;
} sprt_summary;

/* Write the summary to path atomically; 0 or -1 with err. */
int sprt_summary_write(const sprt_summary *s, const char *path, char *err,
                       size_t errlen);
/* The human summary. */
void sprt_summary_print(FILE *out, const sprt_summary *s);
/* An Elo figure as people read it: "+12.3", or "+inf"/"-inf" where it has
 * no finite value and was clamped (pentanomial.h: every game won or lost). */
const char *sprt_elo_text(double v, char *buf, size_t len);
/* nElo likewise: one that is not bounded (variance 0, score not 1/2) is
 * shown as +-inf, as Elo is, not as its regularised figure. */
const char *sprt_nelo_text(const penta_report *r, char *buf, size_t len);
/* The progress line after a pair: games, score, Elo, LLR and bounds. */
void sprt_summary_progress(char *buf, size_t len, const sprt_summary *s);

#endif
