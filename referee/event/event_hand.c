/* event_hand.c - results entered instead of played, the decisions an
 * event writes into its records, and records fed into a plan without
 * playing (see event_hand.h). */
#include "event/event_hand.h"

#include "event/event_record.h"
#include "event/event_run.h"
#include "rules.h"
#include "util/grow.h"
#include "version.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- entered records ------------------------------------------------------ */

/* Who sat where, as a played game of g would have them, with each
 * seat's place and the word it calls for: every seat first, a draw;
 * first, a win; else a loss. */
static void event_hand_players(const event_def *def, const plan_game *g,
                               const rules_game *rg, const int *place,
                               record *r)
{
    bool all_first = true;
    for (int s = 0; s < def->seats; s++)
        all_first = all_first && place[s] == 1;
    r->nplayers = def->seats;
    for (int s = 0; s < def->seats; s++) {
        const event_entrant *e = &def->entrant[event_seat_entrant(def, g, s)];
        record_player *p = &r->players[s];
        p->seat = s;
        record_set(&p->colour, rules_seat_colour(rg, s));
        record_set(&p->command, event_seat_command(def, g, s));
        record_set(&p->entrant, e->name);
        record_set(&p->result, all_first         ? "draw"
                               : place[s] == 1 ? "win"
                                               : "loss");
        p->place = place[s];
        p->win_points = 0;
    }
}

int event_hand_record(const event_def *def, const plan_game *g,
                      plan_outcome o, const char *reason, const char *by,
                      const char *why, record *r, char *err, size_t errlen)
{
    /* Each side's place: the loser second, a draw both first. */
    int side[2] = {o == PLAN_SEAT1_WINS || o == PLAN_BOTH_LOSE ? 2 : 1,
                   o == PLAN_SEAT0_WINS || o == PLAN_BOTH_LOSE ? 2 : 1};
    int place[PLAN_MAX_SEATS];
    for (int s = 0; s < PLAN_MAX_SEATS; s++)
        place[s] = side[s % 2];
    return event_hand_record_places(def, g, place, reason, by, why, r, err,
                                    errlen);
}

int event_hand_record_places(const event_def *def, const plan_game *g,
                             const int *place, const char *reason,
                             const char *by, const char *why, record *r,
                             char *err, size_t errlen)
{
    record_init(r);
    rules_game *rg = rules_game_new(def->game, def->variant, def->options,
                                    err, errlen);
    if (!rg)
        return -1;
    char now[32], pos[RULES_POS_TEXT_MAX];
    event_now_text(now, sizeof now);
    rules_pos start;
    rules_start(rg, &start);
    rules_pos_write(rg, &start, pos, sizeof pos);
    record_set(&r->referee_version, REFEREE_VERSION);
    record_set(&r->event, def->name);
    r->round = g->round;
    record_set(&r->game_id, g->id);
    record_set(&r->stage, g->stage);
    record_set(&r->event_digest, event_record_digest(def));
    record_set(&r->game, rules_game_name(rg));
    record_set(&r->variant, rules_variant_name(rg));
    record_set(&r->options, rules_options_text(rg));
    r->seed = g->seed;
    r->tc = def->tc;
    record_set(&r->start_time, now);
    record_set(&r->end_time, now);
    event_hand_players(def, g, rg, place, r);
    record_set(&r->status, "finished");
    record_set(&r->reason, reason);
    record_set(&r->detail, why);
    r->fault_seat = -1;
    record_set(&r->final_position, pos);
    record_set(&r->note.entered_by, by);
    record_set(&r->note.entered_reason, why);
    record_set(&r->note.entered_when, now);
    rules_game_free(rg);
    if (!r->final_position || !r->note.entered_when || !r->reason) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

int event_hand_forfeit(const event_def *def, const plan_game *g,
                       const plan_result *res, record *out, char *err,
                       size_t errlen)
{
    char why[1024] = "";
    size_t n = 0;
    for (int i = 0; i < def->nwithdrawals; i++) {
        const event_withdrawal *w = &def->withdrawal[i];
        bool at_table = false;
        for (int s = 0; s < event_sides(def); s++)
            at_table = at_table || w->entrant == g->entrant[s];
        if (!at_table)
            continue;
        n += (size_t)snprintf(why + n, n < sizeof why ? sizeof why - n : 0,
                              "%s%s withdrew: %s", n ? "; " : "",
                              def->entrant[w->entrant].name, w->reason);
        if (n >= sizeof why)
            break;
    }
    if (def->plan.format == PLAN_FREE_FOR_ALL)
        return event_hand_record_places(def, g, res->place, "forfeit",
                                        EVENT_HAND_RUNNER, why, out, err,
                                        errlen);
    return event_hand_record(def, g, res->outcome, "forfeit",
                             EVENT_HAND_RUNNER, why, out, err, errlen);
}

/* ---- decisions ----------------------------------------------------------- */

bool event_decision_for(const event_def *def, const plan *p,
                        const plan_game *g, const plan_result *r,
                        event_decision *d)
{
    memset(d, 0, sizeof *d);
    int adv;
    if (plan_decided_by_cap(p, g->id, &adv)) {
        snprintf(d->rule, sizeof d->rule, "replay-cap");
        snprintf(d->entrant, sizeof d->entrant, "%s", def->entrant[adv].name);
        snprintf(d->detail, sizeof d->detail,
                 "%d games of the tie drawn (replay_cap %d): the better "
                 "seed goes through", def->plan.replay_cap,
                 def->plan.replay_cap);
        return true;
    }
    if (r->how != PLAN_HOW_FAULT || r->outcome == PLAN_DRAW ||
        r->outcome == PLAN_BOTH_LOSE)
        return false;
    int w = r->outcome == PLAN_SEAT0_WINS ? 0 : 1;
    snprintf(d->rule, sizeof d->rule, "fault-win-points");
    snprintf(d->entrant, sizeof d->entrant, "%s",
             def->entrant[g->entrant[w]].name);
    d->win_points = r->win_points[w];
    snprintf(d->detail, sizeof d->detail, "%s",
             def->plan.fault_win_points == PLAN_FAULT_WP_FULL
                 ? "fault_win_points: full (as a win by the rules: 18 minus "
                   "the winner's marbles)"
                 : "fault_win_points: 0 (no game was won on the board)");
    return true;
}

/* Does the record's note say d already? */
static bool event_decision_said(const record_event_note *n,
                                const event_decision *d)
{
    return n->decision_rule && !strcmp(n->decision_rule, d->rule) &&
           n->decision_entrant && !strcmp(n->decision_entrant, d->entrant) &&
           n->decision_win_points == d->win_points;
}

int event_decision_write(const char *path, const event_decision *d,
                         char *err, size_t errlen)
{
    record r;
    if (record_read(path, &r, err, errlen) != 0)
        return -1;
    int rc = 0;
    if (!event_decision_said(&r.note, d)) {
        record_set(&r.note.decision_rule, d->rule);
        record_set(&r.note.decision_entrant, d->entrant);
        record_set(&r.note.decision_detail, d->detail);
        r.note.decision_win_points = d->win_points;
        rc = record_write(&r, path, err, errlen);
    }
    record_release(&r);
    return rc;
}

/* ---- feeding a plan from the records --------------------------------------- */

/* The result of ready game g from its record, if there is one: 1, 0 (none,
 * or void), -1 with err. */
static int event_hand_take(const event_def *def, const plan_game *g,
                           plan_result *res, char *err, size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", def->records, g->id);
    if (access(path, F_OK) != 0)
        return 0;
    record rec;
    if (record_read(path, &rec, err, errlen) != 0)
        return -1;
    int got = event_record_result(def, g, &rec, path, res, err, errlen);
    record_release(&rec);
    return got;
}

/* Room for one more, or -1 with err. */
static int event_hand_keep(event_hand_done **done, size_t *n, size_t *cap,
                           const plan_game *g, const plan_result *r,
                           char *err, size_t errlen)
{
    event_hand_done *d = grow(*done, cap, *n + 1, sizeof *d, 64);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    *done = d;
    d[*n].game = *g;
    d[*n].result = *r;
    (*n)++;
    return 0;
}

int event_hand_feed(const event_def *def, plan *p, event_hand_done **done,
                    size_t *ndone, char *err, size_t errlen)
{
    size_t cap = 0, rcap = 0;
    plan_game *ready = NULL;
    *done = NULL;
    *ndone = 0;
    int rc = 0;
    for (bool more = true; more && rc == 0;) {
        more = false;
        size_t n = plan_ready(p, NULL, 0);
        plan_game *r2 = n ? grow(ready, &rcap, n, sizeof *ready, 64) : ready;
        if (n && !r2) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        ready = r2;
        plan_ready(p, ready, n);
        for (size_t i = 0; i < n && rc == 0; i++) {
            plan_result res;
            int got = event_hand_take(def, &ready[i], &res, err, errlen);
            if (got < 0)
                rc = -1;
            else if (got == 1)
                rc = event_hand_keep(done, ndone, &cap, &ready[i], &res, err,
                                     errlen) ||
                     plan_add_result(p, &res, err, errlen);
            more = more || got == 1;
        }
    }
    free(ready);
    if (rc) {
        free(*done);
        *done = NULL;
        *ndone = 0;
    }
    return rc;
}
