/* sprt_run.c - one strength test run to its end (see sprt_run.h). */
#include "strength/sprt_run.h"

#include "record/record.h"
#include "rules.h"
#include "strength/openings.h"
#include "strength/sprt_html.h"
#include "strength/sprt_record.h"
#include "strength/sprt_summary.h"
#include "strength/sprt_tally.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    sprt_config c;
    char summary_buf[4200];
    rules_game *g;
    opening_book *book;
    sprt_tally *tally;
    long next_game;
    long counts[PENTA_BUCKETS]; /* pairs counted in order */
    sprt_verdict verdict;
    long verdict_pairs;
    double *llr_path; /* the LLR after each pair counted, max_pairs */
    sprt_faults faults[2];
    bool error;       /* a bot could not start, a game was void */
    int interrupted;  /* games Ctrl-C ended: not recorded */
} sprt_cmd;

static bool sprt_game(sprt_cmd *sc, long i, series_game *g, char *err,
                      size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->index = (int)i;
    g->bot_of_seat[0] = (int)(i % 2);
    g->bot_of_seat[1] = 1 - (int)(i % 2);
    g->opening = openings_get(sc->book, i / 2, &g->nopening, err, errlen);
    return g->opening != NULL;
}

/* The candidate's score in a record, times two; -1 if not scored. */
static int sprt_half2(const series_game *g, const record *r)
{
    if (!r->status || strcmp(r->status, "finished"))
        return -1;
    int seat = g->bot_of_seat[0] == 0 ? 0 : 1;
    const char *res = r->players[seat].result;
    return !res ? -1 : !strcmp(res, "win") ? 2 : !strcmp(res, "draw") ? 1 : 0;
}

/* The figures of counts (and of the games of those pairs, if known: the
 * exact draw ratio); the test's state unless the pairs are fixed. */
static void sprt_evaluate_now(const sprt_cmd *sc, const long counts[5],
                              const penta_wdl *games, sprt_summary *s)
{
    if (penta_from_pairs(counts, games, &s->rep, NULL) == PENTA_EINVAL)
        penta_from_pairs(counts, NULL, &s->rep, NULL);
    /* A failed LLR is NaN beside its bounds (stats/sprt.h), never zeros. */
    if (!sc->c.fixed)
        sprt_evaluate(&sc->c.params, counts, &s->state, NULL);
}

/* Hand the pairs now complete in index order to the test; the first
 * bound crossed is the verdict, and the test stops there, as fishtest's
 * and fastchess's do: a pair that was in flight then is played out and
 * recorded, but not counted (sprt_summary.pairs_after_verdict). */
static void sprt_count_in_order(sprt_cmd *sc)
{
    int bucket;
    while (sprt_tally_next(sc->tally, &bucket)) {
        if (sc->verdict != SPRT_CONTINUE)
            continue;
        sc->counts[bucket]++;
        if (sc->c.fixed)
            continue;
        sprt_state st;
        long n = sprt_tally_in_order(sc->tally);
        if (sprt_evaluate(&sc->c.params, sc->counts, &st, NULL) != 0)
            continue;
        if (sc->llr_path && n <= sc->c.max_pairs)
            sc->llr_path[n - 1] = st.llr;
        if (st.verdict != SPRT_CONTINUE) {
            sc->verdict = st.verdict;
            sc->verdict_pairs = n;
        }
    }
}

/* Pairs counted by the test so far. */
static long sprt_counted(const sprt_cmd *sc)
{
    long n = 0;
    for (int k = 0; k < PENTA_BUCKETS; k++)
        n += sc->counts[k];
    return n;
}

/* A recorded game: its score, and the faulting bot's fault.  After the
 * verdict a game of a pair in flight counts for nothing, and a void one
 * is no error either. */
static void sprt_take(sprt_cmd *sc, const series_game *g, const record *r)
{
    int half2 = sprt_half2(g, r);
    bool after = sc->verdict != SPRT_CONTINUE;
    if (half2 < 0 || (r->reason && !strcmp(r->reason, "failed-to-start"))) {
        if (after)
            return;
        sc->error = true; /* no result, or one that says nothing of
                             strength: the test stops */
        return;
    }
    if (r->fault_seat >= 0 && r->reason && !after)
        sprt_faults_add(&sc->faults[g->bot_of_seat[r->fault_seat]],
                        r->reason);
    sprt_tally_game(sc->tally, g->index, half2);
    sprt_count_in_order(sc);
}

/* ---- resume -------------------------------------------------------------- */

/* The records already in the directory: counted if they are this test's,
 * an error if they are another's. */
static int sprt_resume(sprt_cmd *sc)
{
    const series_options *o = &sc->c.so;
    for (long i = 0; i < sc->c.max_pairs * 2; i++) {
        char path[4200], err[1200];
        snprintf(path, sizeof path, "%s/game-%04ld.yaml", o->dir, i + 1);
        if (access(path, F_OK) != 0)
            continue;
        series_game g;
        record r;
        if (!sprt_game(sc, i, &g, err, sizeof err)) {
            fprintf(stderr, "%s: opening of pair %ld: %s\n", o->prog,
                    i / 2 + 1, err);
            return -1;
        }
        if (record_read(path, &r, err, sizeof err) != 0 ||
            sprt_record_check(o, sc->g, &g, &r, path, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", sc->c.so.prog, err);
            record_release(&r);
            return -1;
        }
        if (sprt_half2(&g, &r) >= 0)
            sprt_take(sc, &g, &r);
        record_release(&r);
    }
    sc->error = false; /* a void game on disk is played again */
    return 0;
}

/* ---- the series' owner --------------------------------------------------- */

/* Games in index order, but for those already recorded.  Once the test
 * has decided (or erred), only the pairs already begun are played out:
 * they are finished and counted, and no other pair is started. */
static bool sprt_next(void *arg, series *s, series_game *g)
{
    sprt_cmd *sc = arg;
    bool stopping = sc->verdict != SPRT_CONTINUE || sc->error;
    while (sc->next_game < sc->c.max_pairs * 2) {
        long i = sc->next_game;
        if (i % 2 == 0 && stopping && !sprt_tally_known(sc->tally, i) &&
            !sprt_tally_known(sc->tally, i + 1)) {
            sc->next_game += 2;
            continue;
        }
        sc->next_game++;
        if (sprt_tally_known(sc->tally, i))
            continue;
        char err[300];
        if (!sprt_game(sc, i, g, err, sizeof err)) {
            char line[400];
            snprintf(line, sizeof line, "%s: opening of pair %ld: %s\n",
                     sc->c.so.prog, i / 2 + 1, err);
            series_print(s, 2, line);
            sc->error = true;
            return false;
        }
        return true;
    }
    return false;
}

/* The game is played: its result is taken before the next game is asked
 * for (series.h), so that no pair starts after the verdict. */
static void sprt_over(void *arg, series *s, const series_game *g,
                      const match *m)
{
    sprt_cmd *sc = arg;
    long before = sprt_counted(sc);
    bool erred = sc->error;
    sprt_take(sc, g, match_record(m));
    if (sc->error && erred)
        return; /* said once */
    if (sc->error) {
        char line[300];
        snprintf(line, sizeof line, "%s: a game ended without a result "
                 "that measures strength (void, or a bot could not start): "
                 "the test stops\n", sc->c.so.prog);
        series_print(s, 2, line);
        return;
    }
    if (sprt_counted(sc) == before)
        return; /* no pair completed, or one after the verdict */
    sprt_summary sum = {.sequential = !sc->c.fixed};
    sprt_evaluate_now(sc, sc->counts, NULL, &sum);
    char line[400];
    sprt_summary_progress(line, sizeof line, &sum);
    size_t n = strlen(line);
    snprintf(line + n, sizeof line - n, "%s\n",
             sc->verdict == SPRT_ACCEPT_H1   ? ": H1 accepted"
             : sc->verdict == SPRT_ACCEPT_H0 ? ": H0 accepted"
                                             : "");
    series_print(s, 1, line);
}

/* Its record is on disk (or the series says why not); the result was
 * taken when the game was over (sprt_over). */
static void sprt_done(void *arg, series *s, const series_game *g,
                      const match *m)
{
    (void)arg;
    (void)s;
    (void)g;
    (void)m;
}

static const char *sprt_verdict_text(const sprt_cmd *sc, int *status,
                                     bool interrupted)
{
    if (sc->error) {
        *status = 1;
        return "error";
    }
    if (sc->verdict == SPRT_ACCEPT_H1) {
        *status = 0;
        return "H1 accepted: passed";
    }
    if (sc->verdict == SPRT_ACCEPT_H0) {
        *status = SPRT_EXIT_FAILED;
        return "H0 accepted: failed";
    }
    if (interrupted) {
        *status = 130;
        return "interrupted";
    }
    if (sc->c.fixed) {
        *status = 0;
        return "played";
    }
    *status = SPRT_EXIT_INCONCLUSIVE;
    return "inconclusive: the cap was reached";
}

static void sprt_fill_summary(sprt_cmd *sc, sprt_summary *s, int status,
                              const char *verdict)
{
    memset(s, 0, sizeof *s);
    s->verdict = verdict;
    s->exit_status = status;
    s->o = &sc->c.so;
    s->g = sc->g;
    s->openings = sc->c.openings_path;
    s->random_plies = sc->c.random_plies;
    s->sequential = !sc->c.fixed;
    s->params = sc->c.params;
    s->verdict_pairs = sc->verdict_pairs;
    s->max_pairs = sc->c.max_pairs;
    /* After a verdict, the pairs up to it; else every complete pair. */
    long upto = sc->verdict != SPRT_CONTINUE ? sc->verdict_pairs : -1;
    sprt_tally_all(sc->tally, upto, s->counts);
    long w, d, l;
    sprt_tally_wdl(sc->tally, upto, &w, &d, &l);
    s->pairs_after_verdict = upto < 0 ? 0 : sprt_tally_beyond(sc->tally, upto);
    s->llr_path = sc->llr_path;
    s->npath = sc->c.fixed ? 0 : sprt_tally_in_order(sc->tally);
    if (upto >= 0)
        s->npath = upto;
    s->wdl = (penta_wdl){w, d, l};
    sprt_evaluate_now(sc, s->counts, &s->wdl, s);
    s->faults[0] = sc->faults[0];
    s->faults[1] = sc->faults[1];
}

/* The summary printed and written; the exit status. */
static int sprt_finish(sprt_cmd *sc, int run_status, sprt_result *res)
{
    int status;
    const char *verdict = sprt_verdict_text(sc, &status, run_status == 130);
    if (run_status == 1 && status != 130)
        status = 1, verdict = "error";
    sprt_summary sum;
    sprt_fill_summary(sc, &sum, status, verdict);
    sum.interrupted = sc->interrupted;
    sprt_summary_print(stdout, &sum);
    if (res) {
        memcpy(res->counts, sum.counts, sizeof res->counts);
        res->wdl = sum.wdl;
        res->rep = sum.rep;
    }
    char err[600];
    if (sprt_summary_write(&sum, sc->c.summary_path, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", sc->c.so.prog, err);
        return 1;
    }
    printf("  summary: %s\n", sc->c.summary_path);
    char page[sizeof sc->summary_buf];
    snprintf(page, sizeof page, "%s/sprt.html", sc->c.so.dir);
    if (sprt_html_write(&sum, page, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", sc->c.so.prog, err);
        return 1;
    }
    printf("  page: %s\n", page);
    fflush(stdout);
    return status;
}

static void sprt_summary_cb(void *arg, series *s)
{
    sprt_cmd *sc = arg;
    sc->interrupted = series_interrupted(s);
    char loop[512];
    series_describe(s, loop, sizeof loop);
    printf("\n  referee: %s\n", loop);
}

/* ---- the run ---------------------------------------------------------------- */

static int sprt_setup(sprt_cmd *sc)
{
    const series_options *o = &sc->c.so;
    char err[600];
    sc->g = rules_game_new(o->base.game, o->base.variant, o->base.options,
                           err, sizeof err);
    if (!sc->g) {
        fprintf(stderr, "%s: %s\n", sc->c.so.prog, err);
        return 2;
    }
    sc->book = sc->c.openings_path
                   ? openings_read(sc->g, sc->c.openings_path, err, sizeof err)
                   : openings_generate(sc->g, sc->c.random_plies, o->base.seed,
                                       err, sizeof err);
    if (!sc->book) {
        fprintf(stderr, "%s: %s\n", sc->c.so.prog, err);
        return 2;
    }
    sc->tally = sprt_tally_new(sc->c.max_pairs);
    sc->llr_path = calloc((size_t)sc->c.max_pairs, sizeof *sc->llr_path);
    if (!sc->tally || !sc->llr_path) {
        fprintf(stderr, "%s: out of memory\n", sc->c.so.prog);
        return 1;
    }
    if (!sc->c.summary_path) {
        snprintf(sc->summary_buf, sizeof sc->summary_buf, "%s/sprt.yaml",
                 o->dir);
        sc->c.summary_path = sc->summary_buf;
    }
    return -1;
}

static void sprt_free(sprt_cmd *sc)
{
    sprt_tally_free(sc->tally);
    free(sc->llr_path);
    openings_free(sc->book);
    rules_game_free(sc->g);
}

int sprt_run(const sprt_config *c, sprt_result *res)
{
    sprt_cmd sc;
    memset(&sc, 0, sizeof sc);
    sc.c = *c;
    int rc = sprt_setup(&sc);
    if (rc < 0 && sprt_resume(&sc) != 0)
        rc = 1;
    if (rc < 0) {
        series_owner owner = {sprt_next, sprt_done, sprt_summary_cb, &sc,
                              sprt_over};
        rc = sprt_finish(&sc, series_run(&sc.c.so, &owner), res);
    }
    if (res)
        res->status = rc;
    sprt_free(&sc);
    return rc;
}
