/*
 * test_ratings_table.c - an event's league ratings (event/ratings_table.h):
 * by hand on made-up results (known ratings, draws as half a point, an
 * entrant who won every game reported unbounded, nobody ratable, the
 * order of the games irrelevant), and on real events with real bots
 * (a league and a swiss cup): ratings.yaml has its mean at 0, greedy
 * above random, positive intervals, the games and points of the records,
 * and `referee standings --write` writes the same file.
 */
#include "event/ratings_table.h"
#include "record/record.h"
#include "support/run.h"
#include "yaml/ytree.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_MAX 65536

/* ---- by hand ----------------------------------------------------------- */

/* A game between entrants e0 (seat 0, starts) and e1, outcome o. */
static tables_game game(int e0, int e1, plan_outcome o)
{
    tables_game g = {0};
    g.game.entrant[0] = e0;
    g.game.entrant[1] = e1;
    g.result.outcome = o;
    return g;
}

static const ratings_table_row *row_of(const ratings_table *t, int entrant)
{
    for (int i = 0; i < t->nrows; i++)
        if (t->row[i].entrant == entrant)
            return &t->row[i];
    cr_assert_fail("entrant %d has no row", entrant);
    return NULL;
}

/* The entrants of a definition made by hand (a loaded one has them on the
 * heap). */
#define HAND_MAX 16
static event_entrant hand_entrants[HAND_MAX];

static void def_of(event_def *def, int n, char *const *names)
{
    cr_assert_leq(n, HAND_MAX);
    memset(def, 0, sizeof *def);
    memset(hand_entrants, 0, sizeof hand_entrants);
    def->entrant = hand_entrants;
    def->name = "hand";
    def->seats = 2;
    def->nentrants = n;
    for (int i = 0; i < n; i++)
        def->entrant[i].name = names[i];
}

/* a and b: a scores 3 of 4 against b (2 wins, 2 draws, either seat); c
 * wins all four of its games.  a and b are rated at -/+ half of
 * 400 log10 3 (3:1 odds) from their mean 0, each with half of the
 * difference's interval 1.96 / (c sqrt(n p (1 - p))), c = ln 10 / 400;
 * c is above everyone. */
static const tables_game three[] = {
    {.game = {.entrant = {0, 1}}, .result = {.outcome = PLAN_SEAT0_WINS}},
    {.game = {.entrant = {1, 0}}, .result = {.outcome = PLAN_SEAT1_WINS}},
    {.game = {.entrant = {0, 1}}, .result = {.outcome = PLAN_DRAW}},
    {.game = {.entrant = {1, 0}}, .result = {.outcome = PLAN_DRAW}},
    {.game = {.entrant = {2, 0}}, .result = {.outcome = PLAN_SEAT0_WINS}},
    {.game = {.entrant = {0, 2}}, .result = {.outcome = PLAN_SEAT1_WINS}},
    {.game = {.entrant = {1, 2}}, .result = {.outcome = PLAN_SEAT1_WINS}},
    {.game = {.entrant = {2, 1}}, .result = {.outcome = PLAN_SEAT0_WINS}},
};

Test(ratings_table, known_ratings_and_an_unbeaten_entrant)
{
    ratings_table t;
    char err[256];
    cr_assert_eq(ratings_table_compute(3, three, 8, &t, err, sizeof err), 0,
                 "%s", err);
    cr_expect_eq(t.fit, RATINGS_PARTIAL);
    cr_expect_eq(t.games, 8);
    cr_assert_eq(t.nrows, 3);
    double c = log(10) / 400, half = 400 * log10(3) / 2;
    double err4 = RATINGS_Z95 / (c * sqrt(4 * 0.75 * 0.25)) / 2;
    /* c first, unbounded; then a, then b. */
    cr_expect_eq(t.row[0].entrant, 2);
    cr_expect_eq(t.row[0].status, RATINGS_ABOVE);
    cr_expect_eq(t.row[0].rank, 1);
    cr_expect_str_eq(t.row[0].note, "above all (won every game)");
    cr_expect_eq(t.row[0].games, 4);
    cr_expect_float_eq(t.row[0].points, 4, 0);
    const ratings_table_row *a = row_of(&t, 0), *b = row_of(&t, 1);
    cr_expect_eq(a->status, RATINGS_RATED);
    cr_expect_eq(a->rank, 2);
    cr_expect_eq(b->rank, 3);
    cr_expect_float_eq(a->rating, half, 1e-6, "a: %.9f", a->rating);
    cr_expect_float_eq(b->rating, -half, 1e-6, "b: %.9f", b->rating);
    cr_expect_float_eq(a->error, err4, 1e-6, "a: +- %.9f", a->error);
    cr_expect_float_eq(b->error, err4, 1e-6, "b: +- %.9f", b->error);
    cr_expect_eq(a->games, 6);
    cr_expect_float_eq(a->points, 3, 0); /* 2 wins, 2 draws, 2 losses */
    cr_expect_eq(b->games, 6);
    cr_expect_float_eq(b->points, 1, 0);
    cr_expect_null(a->note);
}

/* The same results in another order, seats swapped with the outcome:
 * the same table. */
Test(ratings_table, the_order_of_the_games_does_not_matter)
{
    tables_game rev[8];
    for (int i = 0; i < 8; i++) {
        rev[i] = three[7 - i];
        int e = rev[i].game.entrant[0];
        rev[i].game.entrant[0] = rev[i].game.entrant[1];
        rev[i].game.entrant[1] = e;
        plan_outcome o = rev[i].result.outcome;
        rev[i].result.outcome = o == PLAN_SEAT0_WINS   ? PLAN_SEAT1_WINS
                                : o == PLAN_SEAT1_WINS ? PLAN_SEAT0_WINS
                                                       : PLAN_DRAW;
    }
    ratings_table x, y;
    char err[256];
    cr_assert_eq(ratings_table_compute(3, three, 8, &x, err, sizeof err), 0);
    cr_assert_eq(ratings_table_compute(3, rev, 8, &y, err, sizeof err), 0);
    for (int i = 0; i < 3; i++) {
        cr_expect_eq(x.row[i].entrant, y.row[i].entrant);
        cr_expect_eq(x.row[i].rank, y.row[i].rank);
        cr_expect_float_eq(x.row[i].rating, y.row[i].rating, 1e-9);
        cr_expect_float_eq(x.row[i].points, y.row[i].points, 0);
    }
}

/* Nobody can be rated: one entrant beat the other in both games, a third
 * played nothing.  Every row still says where it stands. */
Test(ratings_table, nobody_ratable_still_says_who_swept)
{
    tables_game g[] = {game(0, 1, PLAN_SEAT1_WINS),
                       game(1, 0, PLAN_SEAT0_WINS)};
    ratings_table t;
    char err[256];
    cr_assert_eq(ratings_table_compute(3, g, 2, &t, err, sizeof err), 0);
    cr_expect_eq(t.fit, -1);
    cr_expect(t.why && *t.why);
    cr_expect_eq(t.row[0].entrant, 1);
    cr_expect_eq(t.row[0].status, RATINGS_ABOVE);
    cr_expect_eq(t.row[0].rank, 1);
    cr_expect_str_eq(t.row[0].note, "above all (won every game)");
    cr_expect_eq(t.row[1].entrant, 0);
    cr_expect_eq(t.row[1].status, RATINGS_BELOW);
    cr_expect_eq(t.row[1].rank, 2);
    cr_expect_str_eq(t.row[1].note, "below all (lost every game)");
    cr_expect_eq(t.row[2].entrant, 2);
    cr_expect_eq(t.row[2].status, RATINGS_APART);
    cr_expect_eq(t.row[2].rank, 0);
    cr_expect_str_eq(t.row[2].note, "not rated (played no game)");
}

/* ---- reading ratings.yaml back ------------------------------------------ */

/* A scalar of mapping m, or NULL. */
static const char *field(const ytree_node *m, const char *key)
{
    for (size_t i = 0; m && m->kind == YTREE_MAP && i + 1 < m->nkids; i += 2)
        if (!strcmp(m->kids[i]->value, key))
            return m->kids[i + 1]->kind == YTREE_SCALAR
                       ? m->kids[i + 1]->value
                       : NULL;
    return NULL;
}

static const ytree_node *node(const ytree_node *m, const char *key)
{
    for (size_t i = 0; m && m->kind == YTREE_MAP && i + 1 < m->nkids; i += 2)
        if (!strcmp(m->kids[i]->value, key))
            return m->kids[i + 1];
    return NULL;
}

static bool is_null(const char *s)
{
    return !s || !*s || !strcmp(s, "null") || !strcmp(s, "~");
}

/* Rows of a ratings file read back: the events here are small. */
#define RF_MAX 64

typedef struct {
    char name[64];
    int rank;      /* 0: null */
    char status[16];
    double rating, error;
    bool rated;
    long games;
    double points;
    char note[128];
} rrow;

typedef struct {
    char fit[16];
    long games;
    int n;
    rrow row[RF_MAX];
} rfile;

static void read_ratings(const char *path, rfile *rf)
{
    char err[1024];
    ytree_ctx c = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root;
    cr_assert_eq(ytree_load(&c, "ratings", &root), 0, "%s", err);
    memset(rf, 0, sizeof *rf);
    const char *s = field(root, "fit");
    cr_assert(s, "%s: no fit", path);
    snprintf(rf->fit, sizeof rf->fit, "%s", s);
    cr_assert((s = field(root, "games")), "%s: no games", path);
    rf->games = atol(s);
    const ytree_node *rows = node(root, "ratings");
    cr_assert(rows && rows->kind == YTREE_SEQ, "%s: no ratings", path);
    for (size_t i = 0; i < rows->nkids && i < RF_MAX; i++) {
        const ytree_node *m = rows->kids[i];
        rrow *r = &rf->row[rf->n++];
        cr_assert((s = field(m, "entrant")));
        snprintf(r->name, sizeof r->name, "%s", s);
        s = field(m, "rank");
        r->rank = is_null(s) ? 0 : atoi(s);
        cr_assert((s = field(m, "status")));
        snprintf(r->status, sizeof r->status, "%s", s);
        s = field(m, "rating");
        r->rated = !is_null(s);
        r->rating = r->rated ? strtod(s, NULL) : 0;
        s = field(m, "error");
        r->error = is_null(s) ? 0 : strtod(s, NULL);
        cr_assert((s = field(m, "games")));
        r->games = atol(s);
        cr_assert((s = field(m, "points")));
        r->points = strtod(s, NULL);
        s = field(m, "note");
        snprintf(r->note, sizeof r->note, "%s", s ? s : "");
    }
    ytree_free(root);
}

/* ---- by hand, through the files --------------------------------------- */

Test(ratings_table, files_say_the_same)
{
    char dir[256], path[512];
    run_tmpdir(dir, sizeof dir);
    char *names[] = {"a", "b", "c"};
    event_def def;
    def_of(&def, 3, names);
    def.results = dir;
    char err[256];
    cr_assert_eq(ratings_table_write(&def, three, 8, "full", err, sizeof err),
                 0, "%s", err);
    rfile rf;
    snprintf(path, sizeof path, "%s/ratings.yaml", dir);
    read_ratings(path, &rf);
    cr_expect_str_eq(rf.fit, "partial");
    cr_expect_eq(rf.games, 8);
    cr_assert_eq(rf.n, 3);
    cr_expect_str_eq(rf.row[0].name, "c");
    cr_expect_str_eq(rf.row[0].status, "above");
    cr_expect_not(rf.row[0].rated);
    cr_expect_str_eq(rf.row[0].note, "above all (won every game)");
    cr_expect_str_eq(rf.row[1].name, "a");
    cr_expect_float_eq(rf.row[1].rating, 95.4, 1e-9);
    cr_expect_float_eq(rf.row[2].rating, -95.4, 1e-9);
    cr_expect_float_eq(rf.row[1].points, 3, 0);
    snprintf(path, sizeof path, "%s/ratings.md", dir);
    char *md = run_slurp(path, NULL);
    cr_assert(md);
    cr_expect(strstr(md, "| 1 | c | above all (won every game) | | 4 | 4.0 "
                         "| 100.0% |\n"),
              "%s", md);
    cr_expect(strstr(md, "| 2 | a | 95.4 | "), "%s", md);
    cr_expect(strstr(md, "| 3 | b | -95.4 | "), "%s", md);
    free(md);
    run_rmtree(dir);
}

/* ---- real events -------------------------------------------------------- */

/* The events run without a sandbox: the ratings do not depend on it, and a
 * sandboxed bot sees a private /tmp, where a BUILD=/tmp/... build of the
 * bots would not be found (every game then a failure to start). */

/* Games and points of every entrant from the records alone. */
typedef struct {
    char name[64];
    long games;
    double points;
} tally;

static int tally_records(const char *records, tally *t, int max)
{
    DIR *d = opendir(records);
    cr_assert(d, "no %s", records);
    int n = 0, recs = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml") || strchr(e->d_name, '~') ||
            strstr(e->d_name, ".tmp-"))
            continue;
        char path[1024], err[2048];
        snprintf(path, sizeof path, "%s/%s", records, e->d_name);
        record rec;
        cr_assert_eq(record_read(path, &rec, err, sizeof err), 0, "%s", err);
        if (!strcmp(rec.status, "finished")) {
            recs++;
            for (int s = 0; s < rec.nplayers; s++) {
                const record_player *p = &rec.players[s];
                cr_assert(p->entrant && p->result, "%s", path);
                int k = 0;
                while (k < n && strcmp(t[k].name, p->entrant))
                    k++;
                if (k == n) {
                    cr_assert_lt(n, max);
                    snprintf(t[n++].name, sizeof t->name, "%s", p->entrant);
                }
                t[k].games++;
                t[k].points += !strcmp(p->result, "win")    ? 1
                               : !strcmp(p->result, "draw") ? 0.5
                                                            : 0;
            }
        }
        record_release(&rec);
    }
    closedir(d);
    return recs;
}

/* Everything the brief of ratings.yaml promises, against the records. */
static void check_event_ratings(const char *results, const char *records,
                                int nentrants)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/ratings.yaml", results);
    rfile rf;
    read_ratings(path, &rf);
    static tally t[PLAN_MAX_ENTRANTS];
    memset(t, 0, sizeof t);
    int recs = tally_records(records, t, PLAN_MAX_ENTRANTS);
    cr_expect_gt(recs, 0);
    cr_expect_eq(rf.games, recs, "games: %ld, records %d", rf.games, recs);
    cr_assert_eq(rf.n, nentrants);
    cr_expect_str_neq(rf.fit, "none", "nobody rated");
    int rated = 0;
    double sum = 0;
    for (int i = 0; i < rf.n; i++) {
        const rrow *r = &rf.row[i];
        int k = 0;
        while (k < PLAN_MAX_ENTRANTS && strcmp(t[k].name, r->name))
            k++;
        cr_assert_lt(k, PLAN_MAX_ENTRANTS, "%s played no game", r->name);
        cr_expect_eq(r->games, t[k].games, "%s: %ld games, records %ld",
                     r->name, r->games, t[k].games);
        cr_expect_float_eq(r->points, t[k].points, 1e-9,
                           "%s: %.1f points, records %.1f", r->name,
                           r->points, t[k].points);
        cr_expect_gt(r->rank, 0, "%s has no rank", r->name);
        if (i > 0)
            cr_expect_geq(r->rank, rf.row[i - 1].rank, "rows not by rank");
        if (r->rated) {
            cr_expect_str_eq(r->status, "rated");
            cr_expect_gt(r->error, 0, "%s: interval %.1f", r->name,
                         r->error);
            rated++;
            sum += r->rating;
        } else {
            cr_expect(!strcmp(r->status, "above") ||
                          !strcmp(r->status, "below"),
                      "%s: %s", r->name, r->status);
            cr_expect(*r->note, "%s: unbounded without a note", r->name);
        }
        if (i > 0 && r->rated && rf.row[i - 1].rated)
            cr_expect_leq(r->rating, rf.row[i - 1].rating,
                          "rows not by rating");
    }
    cr_expect_geq(rated, 2);
    /* Ratings are printed to 0.1: their mean is 0 within rounding. */
    cr_expect_leq(fabs(sum), 0.05 * rated + 1e-9, "sum of ratings %.2f", sum);
    /* Every greedy bot is above every random one. */
    for (int i = 0; i < rf.n; i++)
        for (int j = 0; j < rf.n; j++) {
            const rrow *g = &rf.row[i], *r = &rf.row[j];
            if (g->name[0] != 'g' || r->name[0] != 'r')
                continue;
            cr_expect_lt(g->rank, r->rank, "%s (rank %d) not above %s "
                                           "(rank %d)",
                         g->name, g->rank, r->name, r->rank);
            if (g->rated && r->rated)
                cr_expect_gt(g->rating, r->rating, "%s %.1f <= %s %.1f",
                             g->name, g->rating, r->name, r->rating);
        }
}

/* `referee standings --write` on the records writes ratings.yaml/.md
 * again, the same bytes, and prints the table. */
static void check_standings(const char *dir, const char *name)
{
    char records[512], path[600], moved[600], out[OUT_MAX];
    snprintf(records, sizeof records, "%s/records-%s", dir, name);
    snprintf(path, sizeof path, "%s/results-%s/ratings.yaml", dir, name);
    snprintf(moved, sizeof moved, "%s/ratings-%s.yaml", dir, name);
    cr_assert_eq(rename(path, moved), 0);
    char *st[] = {RUN_REFEREE, "standings", "--write", records, NULL};
    cr_assert_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    char *a = run_slurp(moved, NULL), *b = run_slurp(path, NULL);
    cr_assert(a && b, "standings wrote no %s", path);
    cr_expect_str_eq(a, b, "standings wrote other ratings");
    snprintf(path, sizeof path, "%s/results-%s/ratings.md", dir, name);
    char *md = run_slurp(path, NULL);
    cr_assert(md);
    cr_expect(strstr(out, md), "standings printed no ratings:\n%s", out);
    free(md);
    free(a);
    free(b);
}

static const char *const four =
    "entrants:\n"
    "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
    "  - {name: random, command: " RUN_BOTS "random_bot}\n"
    "  - {name: greedy2, command: " RUN_BOTS "greedy_bot --position}\n"
    "  - {name: random2, command: " RUN_BOTS "random_bot --position}\n";

Test(ratings_table, league_of_real_bots, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], body[2048], a[600], b[600];
    run_tmpdir(dir, sizeof dir);
    snprintf(body, sizeof body, "seed: 11\ntime_control: {move_ms: 3000}\n"
                                "format: round-robin\ngames_per_pair: 4\n%s",
             four);
    run_write_event(dir, "lg", body, def, sizeof def);
    char *ev[] = {RUN_REFEREE, "event", "--sandbox", "off", "-j", "2", def,
                  NULL};
    cr_assert_eq(run_cmd(ev, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(a, sizeof a, "%s/results-lg", dir);
    snprintf(b, sizeof b, "%s/records-lg", dir);
    check_event_ratings(a, b, 4);
    snprintf(a, sizeof a, "%s/results-lg/ratings.md", dir);
    char *md = run_slurp(a, NULL);
    cr_assert(md, "no %s", a);
    cr_expect(strstr(out, md), "event printed no ratings:\n%s", out);
    cr_expect(strstr(md, "## lg: ratings\n"), "%s", md);
    free(md);
    check_standings(dir, "lg");
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* A swiss cup of one group of four, then the final (replayed while
 * drawn): the cup games count too. */
Test(ratings_table, swiss_cup_counts_cup_games, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], body[2048], a[600], b[600];
    run_tmpdir(dir, sizeof dir);
    snprintf(body, sizeof body, "seed: 7\ntime_control: {move_ms: 3000}\n"
                                "format: swiss-cup\n%s",
             four);
    run_write_event(dir, "cup", body, def, sizeof def);
    char *ev[] = {RUN_REFEREE, "event", "--sandbox", "off", "-j", "2", def,
                  NULL};
    cr_assert_eq(run_cmd(ev, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(a, sizeof a, "%s/results-cup", dir);
    snprintf(b, sizeof b, "%s/records-cup", dir);
    check_event_ratings(a, b, 4);
    rfile rf;
    snprintf(a, sizeof a, "%s/results-cup/ratings.yaml", dir);
    read_ratings(a, &rf);
    cr_expect_geq(rf.games, 7, "6 group games and at least one final");
    check_standings(dir, "cup");
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}
