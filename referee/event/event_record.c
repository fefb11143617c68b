/* event_record.c - does a match record belong to an event (see
 * event_record.h)? */
#include "event/event_record.h"

#include "rules.h"

#include <stdio.h>
#include <string.h>

/* What the message ends with: what the reader can do about it. */
#define EVENT_RECORD_ADVICE                                                  \
    "not from this event; move it away or use another records directory"

/* Say that field differs: the record has have, the event want. */
static int event_record_differs(const char *path, const char *field,
                                const char *have, const char *want,
                                char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s: the record has '%s', the event '%s': %s",
             path, field, have, want, EVENT_RECORD_ADVICE);
    return -1;
}

static const char *event_record_str(const char *s) { return s ? s : ""; }

/* The options as the rules write them with every default filled in; the
 * text as it is when the rules refuse it (it then equals no valid text). */
static void event_record_options(const event_def *def, const char *options,
                                 char *out, size_t len)
{
    char why[256];
    rules_game *rg = rules_game_new(def->game, def->variant, options, why,
                                    sizeof why);
    snprintf(out, len, "%s",
             rg ? rules_options_text(rg) : event_record_str(options));
    rules_game_free(rg);
}

/* Game, variant and options. */
static int event_record_game(const event_def *def, const record *rec,
                             const char *path, char *err, size_t errlen)
{
    if (strcmp(event_record_str(rec->game), def->game))
        return event_record_differs(path, "game", event_record_str(rec->game),
                                    def->game, err, errlen);
    if (strcmp(event_record_str(rec->variant), def->variant))
        return event_record_differs(path, "variant",
                                    event_record_str(rec->variant),
                                    def->variant, err, errlen);
    char have[512], want[512];
    event_record_options(def, rec->options, have, sizeof have);
    event_record_options(def, def->options, want, sizeof want);
    if (strcmp(have, want))
        return event_record_differs(path, "options", have, want, err, errlen);
    return 0;
}

/* The time control, as a whole: the start-up allowance too, which
 * decides a game lost on its handshake. */
static int event_record_time(const event_def *def, const record *rec,
                             const char *path, char *err, size_t errlen)
{
    long have, want;
    const char *field = time_control_diff(&rec->tc, &def->tc, &have, &want);
    if (!field)
        return 0;
    snprintf(err, errlen, "%s: time_control.%s: the record has %ld, the "
                          "event %ld: %s",
             path, field, have, want, EVENT_RECORD_ADVICE);
    return -1;
}

/* Who sat where: the seats, each seat's command and entrant. */
static int event_record_seats(const event_def *def, const plan_game *g,
                              const record *rec, const char *path, char *err,
                              size_t errlen)
{
    if (rec->nplayers != def->seats) {
        snprintf(err, errlen, "%s: seats: the record has %d players, the "
                              "event's game %d seats: %s",
                 path, rec->nplayers, def->seats, EVENT_RECORD_ADVICE);
        return -1;
    }
    char field[96];
    for (int s = 0; s < def->seats; s++) {
        /* Seats 2 and 3 of a team game: the partners of 0 and 1. */
        int who = g->entrant[s % 2];
        const event_entrant *e = &def->entrant[who];
        const record_player *pl = &rec->players[s];
        const char *cmd = s < 2 ? e->command : e->partner;
        snprintf(field, sizeof field, "seat %d: entrants[%d].%s", s, who,
                 s < 2 ? "command" : "partner");
        if (strcmp(event_record_str(pl->command), event_record_str(cmd)))
            return event_record_differs(path, field,
                                        event_record_str(pl->command),
                                        event_record_str(cmd), err, errlen);
        snprintf(field, sizeof field, "seat %d: entrants[%d].name", s, who);
        if (strcmp(event_record_str(pl->entrant), e->name))
            return event_record_differs(path, field,
                                        event_record_str(pl->entrant),
                                        e->name, err, errlen);
    }
    return 0;
}

int event_record_check(const event_def *def, const plan_game *g,
                       const record *rec, const char *path, char *err,
                       size_t errlen)
{
    if (event_record_game(def, rec, path, err, errlen) ||
        event_record_time(def, rec, path, err, errlen) ||
        event_record_seats(def, g, rec, path, err, errlen))
        return -1;
    if (rec->seed != g->seed) {
        snprintf(err, errlen, "%s: seed: the record has %llu, the event "
                              "gives this game %llu: %s",
                 path, (unsigned long long)rec->seed,
                 (unsigned long long)g->seed, EVENT_RECORD_ADVICE);
        return -1;
    }
    return 0;
}
