/* event_record.c - does a match record belong to an event (see
 * event_record.h)? */
#include "event/event_record.h"

#include "rules.h"
#include "util/sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a message ends with: what the reader can do about it, by what the
 * record's digests say (event_record_advice). */
#define EVENT_RECORD_ADVICE                                                  \
    "not from this event; move it away or use another records directory"
#define EVENT_RECORD_ADVICE_CHANGED_DEF                                      \
    "not from this event as it is now defined: the record is intact (its "  \
    "digest holds) and was played under another definition "                 \
    "(event_digest), so the definition was changed since; restore it, or "  \
    "run the changed one with another records directory"
#define EVENT_RECORD_ADVICE_EDITED                                           \
    "the record was changed after it was written (its digest does not "     \
    "match its content); restore it as it was written"

typedef struct {
    const char *path;
    const char *advice;
    char *err;
    size_t errlen;
} event_record_ctx;

/* Say that field differs: the record has have, the event want. */
static int event_record_differs(const event_record_ctx *c, const char *field,
                                const char *have, const char *want)
{
    snprintf(c->err, c->errlen, "%s: %s: the record has '%s', the event "
                                "'%s': %s",
             c->path, field, have, want, c->advice);
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
static int event_record_game(const event_record_ctx *c, const event_def *def,
                             const record *rec)
{
    if (strcmp(event_record_str(rec->game), def->game))
        return event_record_differs(c, "game", event_record_str(rec->game),
                                    def->game);
    if (strcmp(event_record_str(rec->variant), def->variant))
        return event_record_differs(c, "variant",
                                    event_record_str(rec->variant),
                                    def->variant);
    char have[512], want[512];
    event_record_options(def, rec->options, have, sizeof have);
    event_record_options(def, def->options, want, sizeof want);
    if (strcmp(have, want))
        return event_record_differs(c, "options", have, want);
    return 0;
}

/* The time control, as a whole: the start-up allowance too, which
 * decides a game lost on its handshake. */
static int event_record_time(const event_record_ctx *c, const event_def *def,
                             const record *rec)
{
    long have, want;
    const char *field = time_control_diff(&rec->tc, &def->tc, &have, &want);
    if (!field)
        return 0;
    char a[32], b[32];
    time_control_value(field, have, a, sizeof a);
    time_control_value(field, want, b, sizeof b);
    snprintf(c->err, c->errlen, "%s: time_control.%s: the record has %s, "
                                "the event %s: %s",
             c->path, field, a, b, c->advice);
    return -1;
}

/* Who sat where: the seats, each seat's command and entrant. */
static int event_record_seats(const event_record_ctx *c, const event_def *def,
                              const plan_game *g, const record *rec)
{
    if (rec->nplayers != def->seats) {
        snprintf(c->err, c->errlen, "%s: seats: the record has %d players, "
                                    "the event's game %d seats: %s",
                 c->path, rec->nplayers, def->seats, c->advice);
        return -1;
    }
    char field[96];
    for (int s = 0; s < def->seats; s++) {
        /* Seats 2 and 3 of a team game: the partners of 0 and 1. */
        int who = event_seat_entrant(def, g, s);
        const event_entrant *e = &def->entrant[who];
        const record_player *pl = &rec->players[s];
        const char *cmd = event_seat_command(def, g, s);
        bool partner = def->teams && s >= 2;
        snprintf(field, sizeof field, "seat %d: entrants[%d].%s", s, who,
                 partner ? "partner" : "command");
        if (strcmp(event_record_str(pl->command), event_record_str(cmd)))
            return event_record_differs(c, field,
                                        event_record_str(pl->command),
                                        event_record_str(cmd));
        snprintf(field, sizeof field, "seat %d: entrants[%d].name", s, who);
        if (strcmp(event_record_str(pl->entrant), e->name))
            return event_record_differs(c, field,
                                        event_record_str(pl->entrant),
                                        e->name);
    }
    return 0;
}

/* ---- the event's digest ------------------------------------------------ */

/* One field of the canonical text: its length first, so that no name or
 * command, whatever bytes it holds, reads as another field. */
static void event_record_canon_str(FILE *f, const char *key, const char *v)
{
    v = event_record_str(v);
    fprintf(f, "%s %zu:%s\n", key, strlen(v), v);
}

/* The format's options, each only for its format: the draw, who starts,
 * the bracket and how the tables count (not the withdrawals, which an
 * event takes on as it goes). */
static void event_record_canon_plan(FILE *f, const event_def *def)
{
    const plan_config *p = &def->plan;
    event_record_canon_str(f, "format", event_format_name(p->format));
    if (p->format == PLAN_FREE_FOR_ALL) {
        fprintf(f, "games_per_table %d\nplace_points", p->games_per_table);
        for (int i = 0; i < p->nplace_points; i++)
            fprintf(f, " %d", p->place_points[i]);
        fputc('\n', f);
        return;
    }
    if (p->format != PLAN_GAUNTLET)
        fprintf(f, "starts %d\n", (int)p->starts);
    if (p->format == PLAN_SWISS_CUP) {
        fprintf(f, "seeded %d\nthirds %d\nqualifiers %d\nreplay_cap %d\n"
                   "cross %d\nseparate_groups %d\nthird_place %d\n",
                p->seeded ? 1 : 0, p->thirds ? 1 : 0, p->qualifiers,
                p->replay_cap, (int)p->cross, p->separate_groups ? 1 : 0,
                p->third_place ? 1 : 0);
        fprintf(f, "seed_order");
        for (int i = 0; p->has_seed_order && i < p->nentrants; i++)
            fprintf(f, " %d", p->seed_order[i]);
        fputc('\n', f);
    } else {
        fprintf(f, "games_per_pair %d\n", p->games_per_pair);
    }
    if (p->format == PLAN_GAUNTLET && p->challenger >= 0 &&
        p->challenger < def->nentrants)
        event_record_canon_str(f, "challenger",
                               def->entrant[p->challenger].name);
    fprintf(f, "fault_win_points %d\n", (int)p->fault_win_points);
}

/* What decides the games and the tables, in one fixed form (see
 * event_record.h). */
static void event_record_canon(FILE *f, const event_def *def)
{
    char opts[512];
    event_record_options(def, def->options, opts, sizeof opts);
    fputs("referee event digest 1\n", f);
    event_record_canon_str(f, "event", def->name);
    event_record_canon_str(f, "game", def->game);
    event_record_canon_str(f, "variant", def->variant);
    event_record_canon_str(f, "options", opts);
    fprintf(f, "seats %d\nseed %llu\n", def->seats,
            (unsigned long long)def->seed);
    fprintf(f, "time_control %ld %ld %ld %ld %ld\n", def->tc.move_ms,
            def->tc.bank_ms, def->tc.increment_ms, def->tc.grace_ms,
            def->tc.startup_ms);
    /* Only a CPU clock is written, so that a wall-clock event's digest is
     * what it was before there was a choice. */
    if (def->tc.clock == TIME_CLOCK_CPU)
        fprintf(f, "clock cpu %ld\n", def->tc.wall_cap_ms);
    event_record_canon_plan(f, def);
    fprintf(f, "entrants %d\n", def->nentrants);
    for (int i = 0; i < def->nentrants; i++) {
        event_record_canon_str(f, "name", def->entrant[i].name);
        event_record_canon_str(f, "command", def->entrant[i].command);
        event_record_canon_str(f, "partner", def->entrant[i].partner);
    }
}

const char *event_record_digest(const event_def *def)
{
    if (def->digest[0])
        return def->digest;
    static _Thread_local char text[SHA256_TEXT_MAX];
    char *canon = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&canon, &len);
    if (f) {
        event_record_canon(f, def);
        if (fclose(f) != 0) {
            free(canon);
            canon = NULL;
        }
    }
    /* Out of memory: a digest of nothing, which no record will match, so
     * the event refuses its records rather than take them unchecked. */
    sha256_text(canon ? canon : "", canon ? len : 0, text);
    free(canon);
    return text;
}

/* ---- the check --------------------------------------------------------- */

/* What to tell the reader when a field differs: the record's own digest
 * and the event's say which side changed. */
static const char *event_record_advice(const event_def *def,
                                       const record *rec)
{
    if (rec->digest == RECORD_DIGEST_BAD ||
        rec->digest == RECORD_DIGEST_MISPLACED)
        return EVENT_RECORD_ADVICE_EDITED;
    if (rec->digest == RECORD_DIGEST_OK && rec->event_digest &&
        strcmp(rec->event_digest, event_record_digest(def)) != 0)
        return EVENT_RECORD_ADVICE_CHANGED_DEF;
    return EVENT_RECORD_ADVICE;
}

/* The record names the game it is of: a record renamed or copied over
 * another game's file is that game's, whatever else matches. */
static int event_record_id(const event_record_ctx *c, const plan_game *g,
                           const record *rec)
{
    if (!rec->game_id || strcmp(rec->game_id, g->id) == 0)
        return 0;
    snprintf(c->err, c->errlen, "%s: game_id: the record is of game '%s', "
                                "not of '%s' whose file it is: a record "
                                "renamed or copied over another",
             c->path, rec->game_id, g->id);
    return -1;
}

/* An intact record played under another definition than this one, in
 * what no other field shows (the format's options, the entrants' order). */
static int event_record_event_digest(const event_record_ctx *c,
                                     const event_def *def, const record *rec)
{
    if (rec->digest != RECORD_DIGEST_OK || !rec->event_digest)
        return 0;
    const char *now = event_record_digest(def);
    if (strcmp(rec->event_digest, now) == 0)
        return 0;
    snprintf(c->err, c->errlen,
             "%s: event_digest: the record is intact (its digest holds) but "
             "was played under another definition of the event (%s) than "
             "this one (%s): something that decides the draw, the pairings "
             "or the tables was changed since (the event's name, seed, "
             "format or its options, the entrants, their order); restore "
             "it, or run the changed one with another records directory",
             c->path, rec->event_digest, now);
    return -1;
}

int event_record_check(const event_def *def, const plan_game *g,
                       const record *rec, const char *path, char *err,
                       size_t errlen)
{
    event_record_ctx c = {.path = path, .err = err, .errlen = errlen,
                          .advice = event_record_advice(def, rec)};
    if (event_record_id(&c, g, rec) || event_record_game(&c, def, rec) ||
        event_record_time(&c, def, rec) || event_record_seats(&c, def, g, rec))
        return -1;
    if (rec->seed != g->seed) {
        snprintf(err, errlen, "%s: seed: the record has %llu, the event "
                              "gives this game %llu: %s",
                 path, (unsigned long long)rec->seed,
                 (unsigned long long)g->seed, c.advice);
        return -1;
    }
    return event_record_event_digest(&c, def, rec);
}
