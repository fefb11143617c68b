/*
 * test_big_event.c - events of thousands of entrants: a 1,000-entrant
 * round robin (499,500 games) planned and fed every result, its table
 * checked against counts made here; a 4096-entrant gauntlet; definitions
 * of 1,000 entrants read and of 4097 refused; a withdrawal in a big
 * league; and the tables of a 300-entrant league, whose YAML keeps the
 * crosstable that its Markdown and index.html leave out.
 *
 * The results follow one rule, so that every count can be made here
 * without the plan: between entrants a < b, a draw when (a + b) % 7 == 0,
 * else the lower index (a) wins.
 */
#include "event/event_def.h"
#include "event/event_views.h"
#include "event/plan.h"
#include "event/report_html.h"
#include "event/tables.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* plan_ready's games are taken this many at a time. */
#define CHUNK 4096

static bool rule_draw(int a, int b)
{
    return (a + b) % 7 == 0;
}

/* The rule's result of game g (two seats). */
static plan_result rule_result(const plan_game *g)
{
    plan_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.id, sizeof r.id, "%s", g->id);
    int a = g->entrant[0], b = g->entrant[1];
    if (rule_draw(a, b))
        r.outcome = PLAN_DRAW;
    else
        r.outcome = a < b ? PLAN_SEAT0_WINS : PLAN_SEAT1_WINS;
    r.how = PLAN_HOW_RULES;
    return r;
}

/* Feed the rule's result of every game plan_ready lists until none is
 * left; each game and result into *out when out is not NULL (grown as
 * needed).  Returns the games fed. */
static size_t feed_all(plan *p, tables_game **out)
{
    plan_game *buf = malloc(CHUNK * sizeof *buf);
    cr_assert_not_null(buf);
    size_t fed = 0, cap = 0;
    char err[256];
    for (;;) {
        size_t n = plan_ready(p, buf, CHUNK);
        if (n == 0)
            break;
        if (n > CHUNK)
            n = CHUNK;
        for (size_t i = 0; i < n; i++) {
            plan_result r = rule_result(&buf[i]);
            cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0,
                         "%s: %s", buf[i].id, err);
            if (out) {
                if (fed == cap) {
                    cap = cap ? 2 * cap : CHUNK;
                    *out = realloc(*out, cap * sizeof **out);
                    cr_assert_not_null(*out);
                }
                (*out)[fed] = (tables_game){.game = buf[i], .result = r};
            }
            fed++;
        }
    }
    free(buf);
    return fed;
}

static plan *league(plan_format fmt, int n, char *err, size_t errlen)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = fmt;
    c.nentrants = n;
    c.games_per_pair = 1;
    c.seed = 18;
    return plan_new(&c, err, errlen);
}

/* Each entrant's won, drawn and lost in a round robin of n by the rule. */
typedef struct {
    int won, drawn, lost;
} wdl;

static wdl *rule_counts(int n)
{
    wdl *w = calloc((size_t)n, sizeof *w);
    cr_assert_not_null(w);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            if (rule_draw(a, b)) {
                w[a].drawn++;
                w[b].drawn++;
            } else {
                w[a].won++;
                w[b].lost++;
            }
        }
    return w;
}

/* Head-to-head points of e against the others of rows[i..j) (the rule's
 * results among them). */
static int rule_h2h(const plan_row *rows, size_t i, size_t j, int e)
{
    int pts = 0;
    for (size_t k = i; k < j; k++) {
        int o = rows[k].entrant;
        if (o == e)
            continue;
        pts += rule_draw(e, o) ? 1 : e < o ? 3 : 0;
    }
    return pts;
}

Test(big_event, a_1000_entrant_round_robin_plays_every_pair_once,
     .timeout = 240)
{
    enum { N = 1000 };
    char err[256];
    plan *p = league(PLAN_ROUND_ROBIN, N, err, sizeof err);
    cr_assert_not_null(p, "%s", err);
    cr_expect_eq(plan_known(p), (size_t)N * (N - 1) / 2);
    cr_expect_eq(plan_ready(p, NULL, 0), (size_t)N * (N - 1) / 2,
                 "a league's games are all ready at once");
    cr_expect_not_null(plan_find(p, "rr-000001"));
    cr_expect_not_null(plan_find(p, "rr-499500"));
    cr_expect_null(plan_find(p, "rr-499501"));
    size_t fed = feed_all(p, NULL);
    cr_expect_eq(fed, (size_t)499500);
    cr_assert(plan_done(p));
    cr_expect_eq(plan_played(p), (size_t)499500);

    plan_row *rows = malloc(N * sizeof *rows);
    cr_assert_not_null(rows);
    cr_assert_eq(plan_group_table(p, 0, rows, N), (size_t)N);
    wdl *w = rule_counts(N);
    /* Counted here by hand: entrant 0 beats everyone but the 142
     * multiples of 7 in 1..999 (draws); 999 (999 % 7 == 5) draws with
     * the 143 of 0..998 that are 2 mod 7 and loses the rest. */
    cr_expect_eq(w[0].won, 857);
    cr_expect_eq(w[0].drawn, 142);
    cr_expect_eq(w[999].drawn, 143);
    cr_expect_eq(w[999].lost, 856);
    long total_points = 0;
    bool seen[N] = {false};
    for (size_t i = 0; i < N; i++) {
        const plan_row *r = &rows[i];
        cr_assert(r->entrant >= 0 && r->entrant < N && !seen[r->entrant]);
        seen[r->entrant] = true;
        cr_expect_eq(r->played, N - 1, "entrant %d", r->entrant);
        cr_expect_eq(r->won, w[r->entrant].won, "entrant %d", r->entrant);
        cr_expect_eq(r->drawn, w[r->entrant].drawn);
        cr_expect_eq(r->lost, w[r->entrant].lost);
        cr_expect_eq(r->points, 3 * r->won + r->drawn);
        total_points += r->points;
        if (r->entrant == 0)
            cr_expect_eq(r->points, 3 * 857 + 142);
        if (r->entrant == 999)
            cr_expect_eq(r->points, 143);
        if (i > 0)
            cr_expect_geq(rows[i - 1].points, r->points, "row %zu", i);
    }
    /* Every game gives 3 points (a win) or 2 (a draw). */
    long draws = 0;
    for (int e = 0; e < N; e++)
        draws += w[e].drawn;
    draws /= 2;
    cr_expect_eq(total_points, 3 * (499500 - draws) + 2 * draws);
    /* Entrants level on points: ordered by their head to head among
     * exactly them (no win points here), as counted here. */
    for (size_t i = 0; i < N;) {
        size_t j = i + 1;
        while (j < N && rows[j].points == rows[i].points)
            j++;
        for (size_t k = i + 1; k < j; k++) {
            int x = rule_h2h(rows, i, j, rows[k - 1].entrant);
            int y = rule_h2h(rows, i, j, rows[k].entrant);
            cr_expect_geq(x, y, "rows %zu and %zu", k - 1, k);
            cr_expect(!strcmp(rows[k - 1].decided_by, "head to head") ||
                          !strcmp(rows[k - 1].decided_by, "lot"),
                      "row %zu: %s", k - 1, rows[k - 1].decided_by);
        }
        if (j < N)
            cr_expect_str_eq(rows[j - 1].decided_by, "points");
        i = j;
    }
    /* The final ranking is the table's order. */
    int *who = malloc(N * sizeof *who), *place = malloc(N * sizeof *place);
    cr_assert(who && place);
    cr_assert_eq(plan_final_ranking(p, who, place, N), (size_t)N);
    for (int i = 0; i < N; i++) {
        cr_expect_eq(who[i], rows[i].entrant);
        cr_expect_eq(place[i], i + 1);
    }
    free(who);
    free(place);
    free(w);
    free(rows);
    plan_free(p);
}

Test(big_event, a_4096_entrant_gauntlet, .timeout = 120)
{
    enum { N = PLAN_MAX_ENTRANTS };
    char err[256];
    plan_config c;
    plan_config_defaults(&c);
    c.format = PLAN_GAUNTLET;
    c.nentrants = N;
    c.games_per_pair = 1;
    c.challenger = 4000;
    c.seed = 3;
    plan *p = plan_new(&c, err, sizeof err);
    cr_assert_not_null(p, "%s", err);
    cr_expect_eq(plan_known(p), (size_t)N - 1);
    plan_game *g = malloc(N * sizeof *g);
    cr_assert_not_null(g);
    size_t n = plan_ready(p, g, N);
    cr_assert_eq(n, (size_t)N - 1);
    int *met = calloc(N, sizeof *met);
    cr_assert_not_null(met);
    for (size_t i = 0; i < n; i++) {
        int a = g[i].entrant[0], b = g[i].entrant[1];
        cr_assert(a == 4000 || b == 4000, "%s: %d v %d", g[i].id, a, b);
        met[a == 4000 ? b : a]++;
    }
    for (int e = 0; e < N; e++)
        cr_expect_eq(met[e], e == 4000 ? 0 : 1, "entrant %d", e);
    cr_expect_eq(feed_all(p, NULL), (size_t)N - 1);
    cr_assert(plan_done(p));
    plan_row *rows = malloc(N * sizeof *rows);
    cr_assert_not_null(rows);
    cr_assert_eq(plan_group_table(p, 0, rows, N), (size_t)N);
    for (int i = 0; i < N; i++)
        if (rows[i].entrant == 4000) {
            /* 4000 % 7 == 3: a draw against the 585 that are 4 mod 7
             * (14 of them above 4000), a win against the other 95 - 14
             * above it */
            cr_expect_eq(rows[i].played, N - 1);
            cr_expect_eq(rows[i].drawn, 585);
            cr_expect_eq(rows[i].won, 95 - 14);
        }
    int *who = malloc(N * sizeof *who);
    cr_assert_not_null(who);
    cr_expect_eq(plan_final_ranking(p, who, NULL, N), (size_t)N);
    free(who);
    free(rows);
    free(met);
    free(g);
    plan_free(p);
    /* One more is refused, naming the limit. */
    c.nentrants = N + 1;
    cr_expect_null(plan_new(&c, err, sizeof err));
    cr_expect(strstr(err, "4096"), "%s", err);
}

/* dir/NAME.yaml: a round robin of n entrants e0000, e0001, ..., its
 * records and results under dir.  The path into path; the line of
 * "entrants:" is 6. */
static void write_league(const char *dir, const char *name, int n,
                         char *path, size_t len)
{
    snprintf(path, len, "%s/%s.yaml", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot write %s", path);
    fprintf(f, "event: %s\nseed: 18\nformat: round-robin\n"
               "games_per_pair: 1\nrecords: %s/records\n"
               "entrants:\n",
            name, dir);
    for (int i = 0; i < n; i++)
        fprintf(f, "  - {name: e%04d, command: bots/e%04d}\n", i, i);
    fprintf(f, "results: %s/results\n", dir);
    cr_assert_eq(fclose(f), 0);
}

Test(big_event, definitions_take_up_to_4096_entrants, .timeout = 120)
{
    char dir[256], path[512], err[1024];
    run_tmpdir(dir, sizeof dir);
    write_league(dir, "thousand", 1000, path, sizeof path);
    event_def d;
    cr_assert_eq(event_def_load(path, &d, err, sizeof err), 0, "%s", err);
    cr_expect_eq(d.nentrants, 1000);
    cr_expect_eq(d.plan.nentrants, 1000);
    cr_expect_str_eq(d.entrant[0].name, "e0000");
    cr_expect_str_eq(d.entrant[999].name, "e0999");
    cr_expect_str_eq(d.entrant[999].command, "bots/e0999");
    cr_expect_eq(event_entrant_index(&d, "e0500"), 500);
    /* A withdrawal of the last entrant is in the plan's bitset. */
    cr_assert_eq(event_def_withdraw(&d, "e0999", "gone", "test", NULL, err,
                                    sizeof err),
                 0, "%s", err);
    cr_expect(plan_config_withdrawn(&d.plan, 999));
    cr_expect_not(plan_config_withdrawn(&d.plan, 998));
    cr_expect_neq(event_def_withdraw(&d, "e0999", "again", "test", NULL,
                                     err, sizeof err),
                  0);
    cr_expect(strstr(err, "withdrawn already"), "%s", err);
    event_def_release(&d);

    write_league(dir, "toomany", PLAN_MAX_ENTRANTS + 1, path, sizeof path);
    cr_expect_neq(event_def_load(path, &d, err, sizeof err), 0);
    char want[700];
    snprintf(want, sizeof want,
             "%s:6: entrants: expected 2 to 4096 entrants, got 4097", path);
    cr_expect_str_eq(err, want);
    run_rmtree(dir);
}

Test(big_event, a_withdrawal_in_a_big_league_makes_its_games_forfeits,
     .timeout = 120)
{
    enum { N = 1000 };
    char err[256];
    plan *p = league(PLAN_ROUND_ROBIN, N, err, sizeof err);
    cr_assert_not_null(p, "%s", err);
    cr_assert_eq(plan_withdraw(p, 999), 0);
    cr_expect(plan_withdrawn(p, 999));
    cr_expect_not(plan_withdrawn(p, 998));
    cr_expect_not(plan_withdrawn(p, 63));
    cr_expect_neq(plan_withdraw(p, N), 0);
    plan_game *buf = malloc(CHUNK * sizeof *buf);
    cr_assert_not_null(buf);
    size_t forfeits = 0, seen = 0;
    int *beat = calloc(N, sizeof *beat);
    cr_assert_not_null(beat);
    /* Every game, forfeit or not, by the rule; a forfeit as the plan
     * gives it. */
    for (;;) {
        size_t n = plan_ready(p, buf, CHUNK);
        if (n == 0)
            break;
        if (n > CHUNK)
            n = CHUNK;
        for (size_t i = 0; i < n; i++) {
            const plan_game *g = &buf[i];
            bool mine = g->entrant[0] == 999 || g->entrant[1] == 999;
            plan_result r;
            int got = plan_forfeit(p, g, &r);
            cr_assert_eq(got, mine ? 1 : 0, "%s", g->id);
            if (got) {
                int other = g->entrant[g->entrant[0] == 999 ? 1 : 0];
                cr_expect_eq(r.how, PLAN_HOW_FORFEIT);
                cr_expect_eq(r.outcome, g->entrant[0] == other
                                            ? PLAN_SEAT0_WINS
                                            : PLAN_SEAT1_WINS);
                beat[other]++;
                forfeits++;
            } else {
                r = rule_result(g);
            }
            cr_assert_eq(plan_add_result(p, &r, err, sizeof err), 0, "%s",
                         err);
            seen++;
        }
    }
    cr_expect_eq(seen, (size_t)499500);
    cr_expect_eq(forfeits, (size_t)N - 1);
    for (int e = 0; e < N - 1; e++)
        cr_expect_eq(beat[e], 1, "entrant %d", e);
    cr_assert(plan_done(p));
    plan_row *rows = malloc(N * sizeof *rows);
    cr_assert_not_null(rows);
    cr_assert_eq(plan_group_table(p, 0, rows, N), (size_t)N);
    const plan_row *last = &rows[N - 1];
    cr_expect_eq(last->entrant, 999, "the withdrawn entrant is last");
    cr_expect(last->withdrawn);
    cr_expect_eq(last->lost, N - 1);
    cr_expect_eq(last->forfeits_lost, N - 1);
    free(rows);
    free(beat);
    free(buf);
    plan_free(p);
}

/* Lines of s that start with prefix (after spaces). */
static size_t count_lines(const char *s, const char *prefix)
{
    size_t n = 0, len = strlen(prefix);
    for (const char *l = s; l && *l;) {
        const char *t = l + strspn(l, " ");
        n += strncmp(t, prefix, len) == 0;
        l = strchr(l, '\n');
        l = l ? l + 1 : NULL;
    }
    return n;
}

Test(big_event, a_300_entrant_leagues_tables_keep_the_crosstable_in_yaml,
     .timeout = 240)
{
    enum { N = 300 };
    char dir[256], path[512], err[1024], file[700];
    run_tmpdir(dir, sizeof dir);
    write_league(dir, "three-hundred", N, path, sizeof path);
    event_def d;
    cr_assert_eq(event_def_load(path, &d, err, sizeof err), 0, "%s", err);
    snprintf(file, sizeof file, "%s/results", dir);
    cr_assert_eq(mkdir(file, 0755), 0);
    plan *p = plan_new(&d.plan, err, sizeof err);
    cr_assert_not_null(p, "%s", err);
    tables_game *games = NULL;
    size_t ngames = feed_all(p, &games);
    cr_assert_eq(ngames, (size_t)N * (N - 1) / 2);
    cr_assert_eq(tables_write(&d, p, games, ngames, err, sizeof err), 0,
                 "%s", err);

    snprintf(file, sizeof file, "%s/results/league.yaml", dir);
    char *yaml = run_slurp(file, NULL);
    cr_assert_not_null(yaml, "%s", file);
    cr_expect(strstr(yaml, "\ncrosstable:\n"));
    /* Every entrant against every other, and every game listed. */
    cr_expect_eq(count_lines(yaml, "- {opponent: "), (size_t)N * (N - 1));
    cr_expect_eq(count_lines(yaml, "- rank: "), (size_t)N);
    cr_expect(strstr(yaml, "rr-44850"));
    /* e0000 (ranked first, its row first) beat e0001 and drew with e0007
     * ((0 + 7) % 7 == 0). */
    const char *row0 = strstr(yaml, "  - entrant: \"e0000\"\n    against:\n");
    cr_assert_not_null(row0, "%.400s", strstr(yaml, "\ncrosstable:\n"));
    cr_expect(strstr(row0, "{opponent: \"e0001\", played: 1, won: 1, "
                           "drawn: 0, lost: 0, points: 3"));
    cr_expect(strstr(row0, "{opponent: \"e0007\", played: 1, won: 0, "
                           "drawn: 1, lost: 0, points: 1"));
    free(yaml);

    snprintf(file, sizeof file, "%s/results/league.md", dir);
    char *md = run_slurp(file, NULL);
    cr_assert_not_null(md, "%s", file);
    cr_expect(strstr(md, "### Crosstable\n\nLeft out here: 300 entrants are "
                         "more than the 64 a crosstable shows"),
              "%.300s", md);
    cr_expect_null(strstr(md, "| # | entrant |"), "no crosstable rows");
    cr_expect(strstr(md, "| 1 | e0000 | 299 | 257 | 42 | 0 |"),
              "the ranking stays");
    free(md);

    snprintf(file, sizeof file, "%s/results/index.html", dir);
    char *html = run_slurp(file, NULL);
    cr_assert_not_null(html, "%s", file);
    cr_expect(strstr(html, "The crosstable is left out: 300 entrants"));
    cr_expect(strstr(html, "The list of every game is left out: the event "
                           "has 44850 games, more than the 5000"));
    cr_expect(strstr(html, "referee replay RECORD --html OUT"));
    cr_expect_null(strstr(html, "href=\"games/"), "no links to no pages");
    free(html);
    /* No viewer pages for so many games, not even asked for all. */
    cr_expect_eq(report_html_games(&d, games, ngames, true, err, sizeof err),
                 0, "%s", err);
    snprintf(file, sizeof file, "%s/results/games", dir);
    struct stat sb;
    cr_expect_neq(stat(file, &sb), 0, "%s made", file);

    free(games);
    plan_free(p);
    event_def_release(&d);
    run_rmtree(dir);
}
