/*
 * event_def.h - an event definition: the YAML file `referee event` runs
 * (format in referee/event/EVENTS.md), loaded and checked, every error
 * naming the file, the line and the field.
 *
 * Entrants may come from earlier events ("from: DIR, place: N" reads the
 * final ranking DIR/final.yaml that an earlier event wrote), so events
 * chain: the winners of local events meet in a final.
 */
#ifndef EVENT_DEF_H
#define EVENT_DEF_H

#include "event/plan.h"
#include "clock/time_control.h"
#include "proc/proc.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *name;    /* unique within the event */
    char *command; /* bot command line */
    char *partner; /* four-seat team games: the partner's command */
} event_entrant;

typedef struct {
    char *path;            /* the definition file */
    char *name;            /* event name: letters, digits, '-', '_', '.' */
    char *game, *variant, *options;
    int seats;             /* 2, or 4 for team games (entrants are teams) */
    uint64_t seed;
    int concurrency;       /* 0 = the number of cores */
    time_control tc;
    plan_config plan;      /* format and its options */
    proc_limits limits;    /* per bot process */
    bool suspend;          /* stop the bots that are not on move */
    bool keep_bots;        /* bots that allow it play game after game */
    int nentrants;
    event_entrant entrant[PLAN_MAX_ENTRANTS];
    char *records;         /* directory of match records */
    char *results;         /* directory of tables */
} event_def;

/* Load and check path.  0, or -1 with "FILE:LINE: FIELD: what" in err. */
int event_def_load(const char *path, event_def *def, char *err,
                   size_t errlen);
void event_def_release(event_def *def);

/* Write the definition with its entrants resolved (no `from:`), so that the
 * records directory holds everything `referee standings` needs. */
int event_def_write(const event_def *def, const char *path, char *err,
                    size_t errlen);

const char *event_format_name(plan_format f);

#endif
