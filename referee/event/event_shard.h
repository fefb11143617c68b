/*
 * event_shard.h - an event split into shards (EVENTS.md, "Sharding"):
 * where a shard keeps its records, and the marker it leaves when done.
 *
 * Shard I of N (1-based in names, 0-based in calls) plays its games of
 * the phase that needs no other results (plan_shard_assign) and keeps
 * records, logs and event.yaml in RECORDS/shards/I-of-N/, so that no two
 * shards ever write the same file.  The merge (event_merge.h) takes every
 * shard directory there is, whatever N each was run with.
 */
#ifndef EVENT_SHARD_H
#define EVENT_SHARD_H

#include "event/event_def.h"

#include <stdbool.h>
#include <stdio.h>

/* RECORDS/shards/I-of-N for shard index (0-based) of count. */
void event_shard_dir(const char *records, int index, int count, char *buf,
                     size_t len);

/* Make def the definition of shard index of count: its plan sharded and
 * its records directory the shard's.  Withdrawals already in the event's
 * own event.yaml are taken first.  0, or -1 with why in err. */
int event_def_shard(event_def *def, int index, int count, char *err,
                    size_t errlen);

/* The file a shard writes in its directory when every game of it is
 * recorded, and removes when it starts: the merge takes only finished
 * shards, whose records no longer change. */
#define EVENT_SHARD_DONE "done"

/* Write (done) or remove (not done) def's shard's marker.  0, or -1 with
 * why in err. */
int event_shard_mark(const event_def *def, bool done, size_t games,
                     char *err, size_t errlen);

#endif
