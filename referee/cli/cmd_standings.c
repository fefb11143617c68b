/*
 * cmd_standings.c - `referee standings DIR`: recompute an event's tables
 * from its match records alone, and audit what is there.  DIR is the
 * event's records directory (with the event.yaml the event wrote there).
 *
 * Every record is checked against the event (event_record.h), replayed
 * against the rules and the clock, and its digest checked (replay.h); a
 * record without a digest is refused unless --accept-undigested.  A
 * record that is missing is named once, with what waits for it
 * (event_gaps.h), rather than each later record being called a stranger;
 * and the tables posted in the results directory are compared with those
 * the records give (standings_tables.h).  Each problem is reported once;
 * any problem makes the exit status 1.  There is no cap on the number of
 * games.
 */
#include "cli/standings_tables.h"
#include "commands.h"
#include "event/event_def.h"
#include "event/event_gaps.h"
#include "event/event_run.h"
#include "event/report_html.h"
#include "event/tables.h"
#include "replay/replay.h"
#include "util/fsutil.h"

#include <dirent.h>
#include <getopt.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Later records named in one message about a missing one, at most. */
#define STANDINGS_NAMED 8

typedef struct {
    event_def def;
    const char *dir;    /* the records directory as given */
    plan *plan;
    tables_game *games; /* every result the plan took, in order */
    size_t ngames, capgames;
    void *bad;          /* tsearch tree of the ids of records reported */
    bool accept_undigested;
    int problems;
} standings;

/* Records whose ids the plan does not know, with their results when they
 * could be read (for event_gaps). */
typedef struct {
    char (*id)[PLAN_ID_MAX];
    plan_result *res;
    bool *readable;
    size_t n, cap;
} standings_strays;

/* Count a problem and say what it is, once. */
static void standings_problem(standings *st, const char *msg)
{
    fprintf(stderr, "%s\n", msg);
    st->problems++;
}

static int standings_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* A record that was reported stays ready in the plan; remember its id so
 * that later rounds of the feed do not read and report it again. */
static void standings_mark_bad(standings *st, const char *id)
{
    char *key = strdup(id);
    void *node = key ? tsearch(key, &st->bad, standings_cmp) : NULL;
    if (!node || *(char **)node != key)
        free(key);
}

static bool standings_is_bad(const standings *st, const char *id)
{
    return tfind(id, &st->bad, standings_cmp) != NULL;
}

/* Replay a record against the rules and the clock, and check its digest;
 * count and report a disagreement. */
static void standings_replay(standings *st, const record *rec,
                             const char *path)
{
    char err[2048];
    if (replay_check(rec, path, NULL, NULL, err, sizeof err) != 0 ||
        record_digest_check(rec, path, st->accept_undigested, err,
                            sizeof err) != 0)
        standings_problem(st, err);
}

/* Give the plan the result of game g and keep it for the tables; a result
 * the plan refuses is a problem of the record's, reported with its path. */
static int standings_keep(standings *st, const plan_game *g,
                          const plan_result *res, const char *path)
{
    char err[2048], msg[8192];
    if (st->ngames == st->capgames) {
        size_t cap = st->capgames ? st->capgames * 2 : 256;
        tables_game *more = realloc(st->games, cap * sizeof *more);
        if (!more) {
            snprintf(msg, sizeof msg, "%s: out of memory", path);
            standings_problem(st, msg);
            return -1;
        }
        st->games = more;
        st->capgames = cap;
    }
    if (plan_add_result(st->plan, res, err, sizeof err) != 0) {
        snprintf(msg, sizeof msg, "%s: its result cannot be counted: %s",
                 path, err);
        standings_problem(st, msg);
        return -1;
    }
    st->games[st->ngames].game = *g;
    st->games[st->ngames++].result = *res;
    return 0;
}

/* Check that the record of g at path belongs to the event (everything
 * that decides a game is as the definition says), and replay it if its
 * result counts; the result comes from event_record_result, as on
 * resume.  1 counted, 0 no result (a void game), -1 reported. */
static int standings_take_record(standings *st, const plan_game *g,
                                 const char *path)
{
    plan_result res;
    record rec;
    char err[2048];
    if (record_read(path, &rec, err, sizeof err) != 0) {
        standings_problem(st, err);
        return -1;
    }
    int got = event_record_result(&st->def, g, &rec, path, &res, err,
                                  sizeof err);
    if (got < 0)
        standings_problem(st, err);
    else if (got == 1 && standings_keep(st, g, &res, path) != 0)
        got = -1;
    else if (got == 1)
        standings_replay(st, &rec, path);
    record_release(&rec);
    return got;
}

/* Read, count and replay the record of ready game g: 1 when its result
 * went into the plan, 0 when there is no record yet, -1 when the record is
 * bad (reported once). */
static int standings_take(standings *st, const plan_game *g)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", st->dir, g->id);
    if (access(path, F_OK) != 0)
        return 0;
    int got = standings_take_record(st, g, path);
    if (got < 0)
        standings_mark_bad(st, g->id);
    return got;
}

/* The games ready now, into *ready (grown as needed); how many. */
static size_t standings_ready(standings *st, plan_game **ready, size_t *cap)
{
    size_t n = plan_ready(st->plan, *ready, *cap);
    if (n <= *cap)
        return n;
    plan_game *more = realloc(*ready, n * sizeof *more);
    if (!more) {
        standings_problem(st, "referee standings: out of memory");
        return 0;
    }
    *ready = more;
    *cap = n;
    return plan_ready(st->plan, *ready, *cap);
}

/* Feed records while they make more games ready; then *gaps holds the
 * games ready without a record that counts (none, void, or reported), and
 * their number is returned. */
static size_t standings_feed(standings *st, plan_game **gaps)
{
    plan_game *ready = NULL;
    size_t cap = 0;
    for (bool more = true; more;) {
        more = false;
        size_t n = standings_ready(st, &ready, &cap);
        for (size_t i = 0; i < n; i++)
            if (!standings_is_bad(st, ready[i].id) &&
                standings_take(st, &ready[i]) > 0)
                more = true;
    }
    *gaps = ready;
    return standings_ready(st, gaps, &cap);
}

/* ---- records the plan cannot place ------------------------------------- */

/* The result a stray record gives, for trying where it goes. */
static bool standings_stray_result(const char *path, const char *id,
                                   plan_result *res)
{
    record rec;
    char err[2048];
    memset(res, 0, sizeof *res);
    if (record_read(path, &rec, err, sizeof err) != 0)
        return false;
    const char *w = rec.nplayers > 0 ? rec.players[0].result : NULL;
    bool ok = w && rec.nplayers >= 2;
    snprintf(res->id, sizeof res->id, "%s", id);
    if (ok) {
        res->outcome = !strcmp(w, "win")    ? PLAN_SEAT0_WINS
                       : !strcmp(w, "loss") ? PLAN_SEAT1_WINS
                                            : PLAN_DRAW;
        res->win_points[0] = rec.players[0].win_points;
        res->win_points[1] = rec.players[1].win_points;
    }
    record_release(&rec);
    return ok;
}

static int standings_stray_add(standings_strays *s, const char *id,
                               const char *path)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        void *a = realloc(s->id, cap * sizeof *s->id);
        if (a)
            s->id = a;
        void *b = a ? realloc(s->res, cap * sizeof *s->res) : NULL;
        if (b)
            s->res = b;
        void *c = b ? realloc(s->readable, cap * sizeof *s->readable) : NULL;
        if (!c)
            return -1;
        s->readable = c;
        s->cap = cap;
    }
    snprintf(s->id[s->n], PLAN_ID_MAX, "%s", id);
    s->readable[s->n] = standings_stray_result(path, id, &s->res[s->n]);
    s->n++;
    return 0;
}

static int standings_by_id(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Records in the directory that the plan does not know, by id. */
static void standings_find_strays(standings *st, standings_strays *s)
{
    DIR *d = opendir(st->dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || n - 5 >= PLAN_ID_MAX || e->d_name[0] == '.' ||
            strcmp(e->d_name + n - 5, ".yaml") != 0 ||
            !strcmp(e->d_name, "event.yaml"))
            continue;
        char id[PLAN_ID_MAX], path[4400];
        snprintf(id, sizeof id, "%.*s", (int)(n - 5), e->d_name);
        snprintf(path, sizeof path, "%s/%s", st->dir, e->d_name);
        if (!plan_find(st->plan, id) && standings_stray_add(s, id, path)) {
            standings_problem(st, "referee standings: out of memory");
            break;
        }
    }
    closedir(d);
    /* Sorted, so that messages come in the same order on every machine
     * (the results move with the ids: a permutation of both). */
    for (size_t i = 1; i < s->n; i++)
        for (size_t j = i; j > 0 && standings_by_id(s->id[j - 1],
                                                     s->id[j]) > 0;
             j--) {
            char t[PLAN_ID_MAX];
            memcpy(t, s->id[j], sizeof t);
            memcpy(s->id[j], s->id[j - 1], sizeof t);
            memcpy(s->id[j - 1], t, sizeof t);
            plan_result r = s->res[j];
            s->res[j] = s->res[j - 1];
            s->res[j - 1] = r;
            bool b = s->readable[j];
            s->readable[j] = s->readable[j - 1];
            s->readable[j - 1] = b;
        }
}

static void standings_strays_release(standings_strays *s)
{
    free(s->id);
    free(s->res);
    free(s->readable);
}

/* ---- missing records ----------------------------------------------------- */

/* What cannot be computed without game g, for people. */
static void standings_consequence(const standings *st, const plan_game *g,
                                  char *buf, size_t len)
{
    if (g->phase == 0 && st->def.plan.format == PLAN_SWISS_CUP) {
        snprintf(buf, len, "%s's table cannot be computed, nor the cup and "
                           "the final ranking after it",
                 g->stage);
        return;
    }
    if (g->phase == 0) {
        snprintf(buf, len, "the league table and the final ranking cannot "
                           "be computed");
        return;
    }
    /* "cup semi-final 1, game 2" -> "cup semi-final 1" */
    const char *game = strstr(g->stage, ", game ");
    int n = game ? (int)(game - g->stage) : (int)strlen(g->stage);
    snprintf(buf, len, "the winner of the %.*s cannot be computed, nor the "
                       "rest of the cup and the final ranking",
             n, g->stage);
}

/* ", a, b, c (and N more)": the strays that wait for gap i. */
static void standings_waiting_list(const standings_strays *s,
                                   const bool *waits, char *buf, size_t len)
{
    size_t used = 0, named = 0, more = 0;
    buf[0] = '\0';
    for (size_t j = 0; j < s->n; j++) {
        if (!waits[j])
            continue;
        if (named++ >= STANDINGS_NAMED) {
            more++;
            continue;
        }
        int k = snprintf(buf + used, len - used, "%s%s.yaml",
                         named > 1 ? ", " : "", s->id[j]);
        if (k > 0 && (size_t)k < len - used)
            used += (size_t)k;
    }
    if (more)
        snprintf(buf + used, len - used, " (and %zu more)", more);
}

/* Say what gap g (no record, a void one, or one reported above) holds
 * up; waits: which strays wait for it; claimed: the posted tables say the
 * event is finished. */
static void standings_gap(standings *st, const plan_game *g,
                          const standings_strays *s, const bool *waits,
                          bool claimed)
{
    size_t nwait = 0;
    for (size_t j = 0; j < s->n; j++)
        nwait += waits[j];
    char path[4300], cons[400], list[1024], msg[8192];
    snprintf(path, sizeof path, "%s/%s.yaml", st->dir, g->id);
    bool present = access(path, F_OK) == 0;
    bool reported = standings_is_bad(st, g->id);
    if (!nwait && (!claimed || present))
        return; /* a game still to play */
    standings_consequence(st, g, cons, sizeof cons);
    standings_waiting_list(s, waits, list, sizeof list);
    char names[600];
    event_game_names(&st->def, g, names, sizeof names);
    int k = snprintf(msg, sizeof msg, "%s %s (%s: %s): %s", path,
                     reported  ? "is not counted (above)"
                     : present ? "is void (a game to play again)"
                               : "is missing",
                     g->stage, names, cons);
    if (k > 0 && (size_t)k < sizeof msg && nwait)
        snprintf(msg + k, sizeof msg - (size_t)k, "; %zu later record%s "
                 "wait%s for it and %s not counted: %s",
                 nwait, nwait == 1 ? "" : "s", nwait == 1 ? "s" : "",
                 nwait == 1 ? "is" : "are", list);
    else if (k > 0 && (size_t)k < sizeof msg)
        snprintf(msg + k, sizeof msg - (size_t)k, "; the tables in %s say "
                 "the event is finished", st->def.results);
    if (reported)
        fprintf(stderr, "%s\n", msg); /* counted once, above */
    else
        standings_problem(st, msg);
}

/* Strays that wait for no single gap. */
static void standings_lost(standings *st, const standings_strays *s,
                           const bool *placed, size_t ngaps)
{
    for (size_t j = 0; j < s->n; j++) {
        if (placed[j])
            continue;
        char msg[8192];
        snprintf(msg, sizeof msg, "%s/%s.yaml: not a game of this event as "
                 "its records stand: no game of it has the id '%s'%s",
                 st->dir, s->id[j], s->id[j],
                 ngaps ? " (it may follow more than one game without a "
                         "record that counts, named above)"
                       : "");
        standings_problem(st, msg);
    }
}

/* Does a posted table say the event is finished? */
static bool standings_claimed(const standings *st)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/final.yaml", st->def.results);
    return access(path, F_OK) == 0;
}

/* Name the games without a record that counts that something waits for,
 * and the records that fit nowhere. */
static void standings_gaps(standings *st, const plan_game *gaps,
                           size_t ngaps)
{
    standings_strays s = {0};
    standings_find_strays(st, &s);
    bool *waits = calloc(ngaps * s.n + 1, sizeof *waits);
    bool *placed = calloc(s.n + 1, sizeof *placed);
    plan_result *known = malloc((st->ngames + 1) * sizeof *known);
    char err[1024];
    if (!waits || !placed || !known) {
        standings_problem(st, "referee standings: out of memory");
    } else {
        for (size_t i = 0; i < st->ngames; i++)
            known[i] = st->games[i].result;
        if (s.n && ngaps &&
            event_gaps_find(plan_get_config(st->plan), known, st->ngames,
                            gaps, ngaps, s.res, s.n, waits, err,
                            sizeof err) != 0) {
            fprintf(stderr, "referee standings: %s\n", err);
            memset(waits, 0, ngaps * s.n * sizeof *waits);
        }
        /* An unreadable stray was reported when it was read, or is here. */
        for (size_t i = 0; i < ngaps; i++)
            for (size_t j = 0; j < s.n; j++)
                waits[i * s.n + j] &= s.readable[j];
        bool claimed = standings_claimed(st);
        for (size_t i = 0; i < ngaps; i++) {
            standings_gap(st, &gaps[i], &s, waits + i * s.n, claimed);
            for (size_t j = 0; j < s.n; j++)
                placed[j] |= waits[i * s.n + j];
        }
        standings_lost(st, &s, placed, ngaps);
    }
    free(known);
    free(placed);
    free(waits);
    standings_strays_release(&s);
}

/* ---- the command --------------------------------------------------------- */

static void standings_usage(FILE *out)
{
    fprintf(out,
"usage: referee standings [--write] [--accept-undigested] RECORDS-DIR\n"
"\n"
"Recomputes an event's tables from its records and the event.yaml beside\n"
"them, and prints them.  Every record is checked against the event,\n"
"replayed against the rules and the clock, and its digest checked; a\n"
"missing record is named with what waits for it; the tables posted in the\n"
"results directory are compared with those the records give.  Each\n"
"problem is reported once.\n"
"\n"
"  --write       rewrite the results directory's tables when nothing is\n"
"                wrong with the records (saying which tables change), with\n"
"                the event report index.html and each game's viewer page\n"
"                games/GAME-ID.html\n"
"  --accept-undigested\n"
"                take records that have no digest (written before records\n"
"                carried one); without it each is a problem, since an edit\n"
"                to it cannot be detected\n"
"\n"
"exit status: 0 the records and the tables agree; 1 a problem (each on\n"
"stderr); 2 a usage error\n");
    cli_games_usage(out);
}

/* Tables are made with the records directory as event.yaml names it when
 * it is the one given (a table may name its records' files), else with the
 * one given. */
static int standings_records_dir(standings *st)
{
    struct stat a, b;
    if (st->def.records && stat(st->def.records, &a) == 0 &&
        stat(st->dir, &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino)
        return 0;
    free(st->def.records);
    st->def.records = strdup(st->dir);
    return st->def.records ? 0 : -1;
}

/* Everything after the options: 0 or 1. */
static int standings_run(standings *st, bool write)
{
    char path[4300], err[2048];
    snprintf(path, sizeof path, "%s/event.yaml", st->dir);
    if (event_def_load(path, &st->def, err, sizeof err) != 0) {
        fprintf(stderr, "referee standings: %s\n", err);
        return 1;
    }
    if (standings_records_dir(st) != 0 ||
        !(st->plan = plan_new(&st->def.plan, err, sizeof err))) {
        fprintf(stderr, "referee standings: %s\n",
                st->plan ? "out of memory" : err);
        return 1;
    }
    plan_game *gaps = NULL;
    size_t ngaps = standings_feed(st, &gaps);
    standings_gaps(st, gaps, ngaps);
    free(gaps);
    tables_print(stdout, &st->def, st->plan, st->games, st->ngames);
    bool done = plan_done(st->plan);
    if (!done)
        printf("(the event is not finished: %zu games ready to play)\n",
               ngaps);
    bool rewrite = write && done && !st->problems;
    int off = standings_tables_audit(&st->def, st->plan, st->games,
                                     st->ngames, rewrite, st->problems > 0,
                                     stderr);
    st->problems += off < 0 ? 1 : off;
    /* The results directory may be gone (records copied elsewhere):
     * make it again. */
    if (rewrite && !st->problems &&
        (fs_mkdirs(st->def.results, err, sizeof err) != 0 ||
         tables_write(&st->def, st->plan, st->games, st->ngames, err,
                      sizeof err) != 0 ||
         report_html_games(&st->def, st->games, st->ngames, true, err,
                           sizeof err) != 0)) {
        fprintf(stderr, "referee standings: %s\n", err);
        st->problems++;
    }
    if (st->problems)
        fprintf(stderr, "referee standings: %d problem(s) in %s\n",
                st->problems, st->dir);
    return st->problems ? 1 : 0;
}

int cmd_standings(int argc, char **argv)
{
    static const struct option opts[] = {
        {"write", no_argument, 0, 'w'},
        {"accept-undigested", no_argument, 0, 'u'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    bool write = false, accept = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "wh", opts, NULL)) != -1) {
        if (c == 'w')
            write = true;
        else if (c == 'u')
            accept = true;
        else if (c == 'h') {
            standings_usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "(referee standings --help for the options)\n");
            return EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        fprintf(stderr, "usage: referee standings [--write] "
                        "[--accept-undigested] RECORDS-DIR\n");
        return EXIT_USAGE;
    }
    standings st = {.dir = argv[optind], .accept_undigested = accept};
    int rc = standings_run(&st, write);
    plan_free(st.plan);
    free(st.games);
    tdestroy(st.bad, free);
    event_def_release(&st.def);
    return rc;
}
