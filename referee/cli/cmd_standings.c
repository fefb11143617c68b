/*
 * cmd_standings.c - `referee standings DIR`: recompute an event's tables
 * from its match records alone.  DIR is the event's records directory
 * (with the event.yaml the event wrote there).  Every record is replayed
 * against the rules; a record that was edited, one that does not belong,
 * or one that is missing is reported.
 */
#include "commands.h"
#include "event/event_def.h"
#include "event/event_run.h"
#include "event/tables.h"
#include "replay/replay.h"

#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    event_def def;
    plan *plan;
    tables_game *games;
    size_t ngames;
    int problems;
} standings;

/* Replay one record file; count and report a disagreement. */
static void standings_replay(standings *st, const char *id)
{
    char path[4300], err[2048];
    record rec;
    snprintf(path, sizeof path, "%s/%s.yaml", st->def.records, id);
    if (record_read(path, &rec, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        st->problems++;
        return;
    }
    if (replay_check(&rec, path, NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        st->problems++;
    }
    record_release(&rec);
}

/* Feed records while they make more games ready; returns the number of
 * games ready without a record. */
static size_t standings_feed(standings *st)
{
    size_t cap = PLAN_MAX_ENTRANTS * PLAN_MAX_ENTRANTS, waiting = 0;
    plan_game *ready = malloc(cap * sizeof *ready);
    st->games = malloc(cap * 4 * sizeof *st->games);
    if (!ready || !st->games) {
        free(ready);
        st->problems++;
        return 0;
    }
    for (bool more = true; more;) {
        more = false;
        waiting = 0;
        size_t n = plan_ready(st->plan, ready, cap);
        for (size_t i = 0; i < n && i < cap; i++) {
            plan_result res;
            record rec;
            char err[2048];
            int got = event_read_result(&st->def, &ready[i], &res, &rec, err,
                                        sizeof err);
            if (got < 0) {
                fprintf(stderr, "%s\n", err);
                st->problems++;
            } else if (got == 0) {
                waiting++;
            } else if (st->ngames < cap * 4) {
                standings_replay(st, ready[i].id);
                st->games[st->ngames].game = ready[i];
                st->games[st->ngames++].result = res;
                if (plan_add_result(st->plan, &res, err, sizeof err) == 0)
                    more = true;
            }
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
        tables_print(stdout, &st.def, st.plan);
        if (!plan_done(st.plan))
            printf("(the event is not finished: %zu games ready to play)\n",
                   waiting);
        if (write && plan_done(st.plan) && !st.problems &&
            tables_write(&st.def, st.plan, st.games, st.ngames, err,
                         sizeof err) != 0) {
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
    event_def_release(&st.def);
    return rc;
}
