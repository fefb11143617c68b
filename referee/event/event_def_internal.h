/*
 * event_def_internal.h - what the parts of the definition reader share
 * (event_def.c, event_seeding.c), and nobody else may use.  The contract
 * for callers is event_def.h.
 */
#ifndef EVENT_DEF_INTERNAL_H
#define EVENT_DEF_INTERNAL_H

#include "event/event_def.h"
#include "rules.h"
#include "yaml/ytree.h"

#include <stdio.h>

/* Fail on a key of mapping m that is not in the comma-separated known. */
int event_known_keys(ytree_ctx *c, const ytree_node *m, const char *prefix,
                     const char *known);
/* An optional true/false: absent or null leaves *out alone. */
int event_get_bool(ytree_ctx *c, const ytree_node *m, const char *key,
                   bool *out);
/* An optional integer within lo..hi: absent or null leaves *out alone. */
int event_opt_int(ytree_ctx *c, const ytree_node *m, const char *prefix,
                  const char *key, long long lo, long long hi,
                  long long *out);

/* event_seeding.c: `seeding`, `ranking` and `seed_order` (after the
 * entrants), into def->seeding, def->ranking and def->plan's seeded,
 * has_seed_order and seed_order. */
int event_get_seeding(ytree_ctx *c, const ytree_node *root, event_def *d);
/* An entrant's `rating:`, a number, into e. */
int event_get_rating(ytree_ctx *c, const ytree_node *n, const char *pre,
                     event_entrant *e);

/* event_def_box.c: an entrant's optional `files` (a list of paths its box
 * shows besides its own folder) and `env` (variables for its bot), put at
 * the head of its command and its partner's as REFEREE_FILES='a:b' and
 * NAME='value' words. */
int event_get_entrant_box(ytree_ctx *c, const ytree_node *n, const char *pre,
                          event_entrant *e);

/* event_cost.c: an entrant's optional `cost` (a number, default 1) into
 * *milli, in thousandths (plan_config.cost). */
int event_get_cost(ytree_ctx *c, const ytree_node *n, const char *pre,
                   int *milli);

/* event_def_ffa.c: the seats a format takes, and the free-for-all's own
 * keys. */
/* Do the rules seat two teams of two (seats 0 and 2 against 1 and 3)? */
bool event_rules_teams(const rules_game *g);
/* Does the format suit the game's seats: two sides or two teams of two
 * for swiss-cup, round-robin and gauntlet; three or four seats, each its
 * own side, for free-for-all?  The error names the format's line. */
int event_get_seats(ytree_ctx *c, const ytree_node *root, event_def *d);
/* `games_per_table` and `place_points` (only with free-for-all), into
 * def->plan with their defaults resolved. */
int event_get_ffa(ytree_ctx *c, const ytree_node *root, event_def *d);
/* The free-for-all's keys for event.yaml. */
void event_def_write_ffa(FILE *f, const event_def *d);

#endif
