/*
 * cmd_merge.c - `referee merge FILE`: the shards of an event (`referee
 * event FILE --shard I/N`, on one machine or a cluster's) merged into the
 * event's records directory, then its tables written from the records
 * exactly as `referee standings --write` writes them (event_merge.h).
 */
#include "commands.h"
#include "event/event_def.h"
#include "event/event_merge.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void merge_usage(FILE *out)
{
    fprintf(out,
"usage: referee merge FILE\n"
"\n"
"Merges the records of every shard of the event FILE defines (each run as\n"
"`referee event FILE --shard I/N`, kept in RECORDS/shards/I-of-N/) into\n"
"its records directory, then checks every record and writes the tables as\n"
"`referee standings --write RECORDS` does: the tables of one machine's\n"
"run.  A game with no record in any shard (or a void one), a game\n"
"recorded twice with different records, a record of no game of the\n"
"event, a record that does not agree with the event or the rules, and a\n"
"shard that has not finished (no `done` file: running, or stopped) are\n"
"each named, and then nothing is merged.  A swiss-cup's shards play its\n"
"groups: the merge prints the group tables, and `referee event FILE`\n"
"then plays the cup and writes every table.  Merging again is harmless.\n"
"\n""exit status: 0 merged and the tables written (a swiss-cup: its groups\n"
"merged); 1 a game missing, duplicated or foreign, or a record that does\n"
"not agree; 2 a usage error\n");
    cli_games_usage(out);
}

/* What was merged, and what comes next. */
static void merge_tell(const event_def *def, const event_merge_report *r)
{
    fprintf(stderr, "merged %zu games from %zu shard director%s into %s "
            "(%zu new, %zu there already)\n", r->phase, r->shards,
            r->shards == 1 ? "y" : "ies", def->records, r->linked,
            r->already);
}

/* The tables from the merged records: `standings --write`. */
static int merge_tables(const event_def *def)
{
    char *records = strdup(def->records);
    if (!records) {
        fprintf(stderr, "referee merge: out of memory\n");
        return 1;
    }
    char *args[] = {"standings", "--write", records, NULL};
    int rc = cmd_standings(3, args);
    free(records);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            merge_usage(stdout);
            return 0;
        }
        fprintf(stderr, "(referee merge --help for the options)\n");
        return EXIT_USAGE;
    }
    if (argc - optind != 1) {
        fprintf(stderr, "usage: referee merge FILE\n");
        return EXIT_USAGE;
    }
    event_def def;
    char err[2048];
    if (event_def_load(argv[optind], &def, err, sizeof err) != 0) {
        fprintf(stderr, "referee merge: %s\n", err);
        return 1;
    }
    event_merge_report rep;
    int rc = event_merge(&def, stderr, &rep, err, sizeof err);
    if (rc < 0)
        fprintf(stderr, "referee merge: %s\n", err);
    else if (rc > 0)
        fprintf(stderr, "referee merge: nothing merged: %zu missing, %zu "
                "recorded twice, %zu not of the event, %zu not agreeing "
                "with it, %zu shard%s not finished (of %zu games in %zu "
                "shard directories); run the shards that lack games again, "
                "and move away what is not the event's\n", rep.missing,
                rep.duplicates, rep.strays, rep.bad, rep.unfinished,
                rep.unfinished == 1 ? "" : "s", rep.phase, rep.shards);
    if (rc != 0) {
        event_def_release(&def);
        return 1;
    }
    merge_tell(&def, &rep);
    rc = merge_tables(&def);
    if (rc == 0 && def.plan.format == PLAN_SWISS_CUP)
        fprintf(stderr, "the groups are complete: `referee event %s` plays "
                "the cup\n", def.path);
    event_def_release(&def);
    return rc;
}
