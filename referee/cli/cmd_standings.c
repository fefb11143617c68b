/*
 * cmd_standings.c - `referee standings DIR`: recompute an event's tables
 * from its match records alone.  DIR is the event's records directory
 * (with the event.yaml the event wrote there).  Every record is replayed
 * against the rules; a record that was edited, one that does not belong,
 * one whose result the plan refuses, or one that is missing is reported,
 * each once.  There is no cap on the number of games.
 */
#include "commands.h"
#include "event/event_def.h"
#include "event/event_run.h"
#include "event/tables.h"
#include "replay/replay.h"
#include "util/fsutil.h"

#include <dirent.h>
#include <getopt.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    event_def def;
    plan *plan;
    tables_game *games; /* every result the plan took, for the tables */
    size_t ngames, capgames;
    void *bad;          /* tsearch tree of the ids of records reported */
    int problems;
} standings;

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

/* Replay a record against the rules; count and report a disagreement. */
static void standings_replay(standings *st, const record *rec,
                             const char *path)
{
    char err[2048];
    if (replay_check(rec, path, NULL, NULL, err, sizeof err) != 0)
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
    snprintf(path, sizeof path, "%s/%s.yaml", st->def.records, g->id);
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

/* Feed records while they make more games ready; returns the number of
 * games ready without a record. */
static size_t standings_feed(standings *st)
{
    plan_game *ready = NULL;
    size_t cap = 0, waiting = 0;
    for (bool more = true; more;) {
        more = false;
        waiting = 0;
        size_t n = standings_ready(st, &ready, &cap);
        for (size_t i = 0; i < n; i++) {
            if (standings_is_bad(st, ready[i].id))
                continue;
            int got = standings_take(st, &ready[i]);
            waiting += got == 0;
            more = more || got > 0;
        }
    }
    free(ready);
    return waiting;
}

/* Records in the directory that the plan does not know. */
static void standings_strays(standings *st)
{
    DIR *d = opendir(st->def.records);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0 ||
            !strcmp(e->d_name, "event.yaml"))
            continue;
        char id[PLAN_ID_MAX];
        snprintf(id, sizeof id, "%.*s", (int)(n - 5), e->d_name);
        if (!plan_find(st->plan, id)) {
            fprintf(stderr, "%s/%s: not a game of this event as its other "
                            "records stand (a record it depends on is "
                            "missing or was changed)\n",
                    st->def.records, e->d_name);
            st->problems++;
        }
    }
    closedir(d);
}

int cmd_standings(int argc, char **argv)
{
    static const struct option opts[] = {
        {"write", no_argument, 0, 'w'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    bool write = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "wh", opts, NULL)) != -1) {
        if (c == 'w')
            write = true;
        else {
            fprintf(c == 'h' ? stdout : stderr,
                    "usage: referee standings [--write] RECORDS-DIR\n");
            if (c == 'h')
                cli_games_usage(stdout);
            return c == 'h' ? 0 : EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        fprintf(stderr, "usage: referee standings [--write] RECORDS-DIR\n");
        return EXIT_USAGE;
    }
    standings st = {0};
    char path[4300], err[2048];
    snprintf(path, sizeof path, "%s/event.yaml", argv[optind]);
    if (event_def_load(path, &st.def, err, sizeof err) != 0) {
        fprintf(stderr, "referee standings: %s\n", err);
        return 1;
    }
    free(st.def.records);
    st.def.records = strdup(argv[optind]);
    st.plan = plan_new(&st.def.plan, err, sizeof err);
    int rc = 1;
    if (!st.plan || !st.def.records) {
        fprintf(stderr, "referee standings: %s\n", err);
    } else {
        size_t waiting = standings_feed(&st);
        standings_strays(&st);
        tables_print(stdout, &st.def, st.plan, st.games, st.ngames);
        if (!plan_done(st.plan))
            printf("(the event is not finished: %zu games ready to play)\n",
                   waiting);
        /* The results directory may be gone (records copied elsewhere):
         * make it again. */
        if (write && plan_done(st.plan) && !st.problems &&
            (fs_mkdirs(st.def.results, err, sizeof err) != 0 ||
             tables_write(&st.def, st.plan, st.games, st.ngames, err,
                          sizeof err) != 0)) {
            fprintf(stderr, "referee standings: %s\n", err);
            st.problems++;
        }
        if (st.problems)
            fprintf(stderr, "referee standings: %d problem(s) in %s\n",
                    st.problems, st.def.records);
        rc = st.problems ? 1 : 0;
    }
    plan_free(st.plan);
    free(st.games);
    tdestroy(st.bad, free);
    event_def_release(&st.def);
    return rc;
}
