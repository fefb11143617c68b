/*
 * event_merge.h - the shards of an event merged (EVENTS.md, "Sharding"):
 * every shard directory's records checked and put into the event's
 * records directory, as one machine's run lays them out.
 */
#ifndef EVENT_MERGE_H
#define EVENT_MERGE_H

#include "event/event_def.h"

#include <stdio.h>

/* What a merge found and did. */
typedef struct {
    size_t shards;     /* shard directories read */
    size_t records;    /* shard records found */
    size_t linked;     /* of them, put into the records directory now */
    size_t already;    /* of them, there already (an earlier merge) */
    size_t missing;    /* games of the phase without a record anywhere */
    size_t duplicates; /* games with two different records */
    size_t strays;     /* records of no game of the phase */
    size_t bad;        /* records that do not agree with the event */
    size_t unfinished; /* shard directories without their marker */
    size_t phase;      /* games of the sharded phase */
} event_merge_report;

/* Merge the shards of def (unsharded) into def->records.  Every problem
 * is named on out, one line each: a game of the sharded phase without a
 * record (or with a void one), a game with two different records, a
 * record of no game of the phase, a record that does not agree with the
 * event or the rules (event_record_take), a shard directory without its
 * done marker.  When there is none, the records and logs are linked
 * (copied across file systems) into the records directory and event.yaml
 * written there.  0 merged, 1 problems found (nothing linked), -1 with
 * why in err. */
int event_merge(event_def *def, FILE *out, event_merge_report *rep,
                char *err, size_t errlen);

#endif
