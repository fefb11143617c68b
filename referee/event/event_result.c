/* event_result.c - what a record of an event counts for (see
 * event_run.h): the outcome, how it came about (by the rules, by a fault,
 * forfeited or adjudicated), and the win points under the event's rule for
 * a win by a fault (EVENTS.md, "Fairness").  Shared by the runner, its
 * resume and `referee standings`. */
#include "event/event_run.h"

#include "event/event_record.h"
#include "replay/replay.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The most win points a Pentago win gives: 18 minus the marbles. */
#define EVENT_WIN_POINTS_BASE 18

bool event_record_entered(const record *r)
{
    return r->note.entered_by != NULL;
}

/* A player's result word as an index: win 0, loss 1, draw 2, else -1. */
static int event_word(const char *w)
{
    return !w ? -1 : !strcmp(w, "win") ? 0 : !strcmp(w, "loss") ? 1
           : !strcmp(w, "draw")        ? 2
                                       : -1;
}

/* The outcome the two sides' results say, or -1 when they disagree. */
static int event_outcome(const record *r, bool entered)
{
    int a = event_word(r->players[0].result);
    int b = r->nplayers > 1 ? event_word(r->players[1].result) : -1;
    if (a == 0 && b == 1)
        return PLAN_SEAT0_WINS;
    if (a == 1 && b == 0)
        return PLAN_SEAT1_WINS;
    if (a == 2 && b == 2)
        return PLAN_DRAW;
    if (a == 1 && b == 1 && entered)
        return PLAN_BOTH_LOSE;
    return -1;
}

int event_fault_win_points(const event_def *def, const record *r, int seat)
{
    if (def->plan.fault_win_points != PLAN_FAULT_WP_FULL ||
        strcmp(def->game, "pentago") != 0)
        return 0;
    int marbles = 0;
    for (size_t i = 0; i < r->nmoves; i++)
        marbles += r->moves[i].seat == seat;
    return marbles < EVENT_WIN_POINTS_BASE ? EVENT_WIN_POINTS_BASE - marbles
                                           : 0;
}

/* An entered record must say who entered it and why, end as a forfeit or
 * an adjudication, give nobody win points, and have team seats agree. */
static int event_entered_check(const event_def *def, const record *r,
                               const char *path, char *err, size_t errlen)
{
    const char *why = NULL;
    if (!r->note.entered_reason || !*r->note.entered_by)
        why = "entered without who entered it and why";
    else if (strcmp(r->reason, "forfeit") && strcmp(r->reason, "adjudicated"))
        why = "an entered result must be a forfeit or adjudicated";
    for (int s = 0; !why && s < r->nplayers; s++) {
        if (r->players[s].win_points)
            why = "an entered result gives no win points";
        else if (def->teams && s >= 2 &&
                 event_word(r->players[s].result) !=
                     event_word(r->players[s - 2].result))
            why = "partners with different results";
    }
    if (!why)
        return 0;
    snprintf(err, errlen, "%s: entered: %s", path, why);
    return -1;
}

/* How the record's result came about. */
static plan_how event_how(const record *r, bool entered)
{
    return entered && !strcmp(r->reason, "adjudicated") ? PLAN_HOW_ADJUDICATED
           : entered                                    ? PLAN_HOW_FORFEIT
           : record_is_fault(r->reason)                 ? PLAN_HOW_FAULT
                                                        : PLAN_HOW_RULES;
}

/* A free-for-all's places, which score, from the record: each seat's
 * place 1..seats, with the result word it calls for (every seat first: a
 * draw; first: a win; else a loss), and the seat at fault.  0, or -1 when
 * they do not agree. */
static int event_places(const event_def *def, const record *r,
                        bool entered, plan_result *res)
{
    int k = def->seats;
    bool all_first = true;
    if (r->nplayers != k)
        return -1;
    for (int s = 0; s < k; s++) {
        int pl = r->players[s].place;
        if (pl < 1 || pl > k)
            return -1;
        all_first = all_first && pl == 1;
        res->place[s] = pl;
    }
    for (int s = 0; s < k; s++) {
        int want = all_first ? 2 : res->place[s] == 1 ? 0 : 1;
        if (event_word(r->players[s].result) != want)
            return -1;
    }
    res->outcome = PLAN_DRAW; /* two sides' word, not a free-for-all's */
    if (!entered && record_is_fault(r->reason) && r->fault_seat >= 0 &&
        r->fault_seat < k)
        res->fault[r->fault_seat] = true;
    return 0;
}

int event_result_of(const event_def *def, const record *r, plan_result *res)
{
    bool entered = event_record_entered(r);
    snprintf(res->isolation, sizeof res->isolation, "%s",
             r->isolation ? r->isolation : "");
    /* "on" or "off", or not said: any other word counts as not said */
    bool said = r->pondering && (strcmp(r->pondering, "on") == 0 ||
                                 strcmp(r->pondering, "off") == 0);
    snprintf(res->pondering, sizeof res->pondering, "%s",
             said ? r->pondering : "");
    if (def->plan.format == PLAN_FREE_FOR_ALL) {
        if (event_places(def, r, entered, res) != 0)
            return -1;
        res->entered = entered;
        res->how = event_how(r, entered);
        return 0;
    }
    int o = r->nplayers >= 2 ? event_outcome(r, entered) : -1;
    if (o < 0)
        return -1;
    res->outcome = (plan_outcome)o;
    res->entered = entered;
    res->how = event_how(r, entered);
    for (int s = 0; s < 2; s++)
        res->win_points[s] = r->players[s].win_points;
    if (res->how == PLAN_HOW_FAULT && o != PLAN_DRAW) {
        int w = o == PLAN_SEAT0_WINS ? 0 : 1;
        res->win_points[w] = event_fault_win_points(def, r, w);
    }
    return 0;
}

int event_record_result(const event_def *def, const plan_game *g,
                        const record *rec, const char *path,
                        plan_result *res, char *err, size_t errlen)
{
    /* Everything that decides a game, as standings checks it. */
    if (event_record_check(def, g, rec, path, err, errlen) != 0)
        return -1;
    if (strcmp(rec->status, "void") == 0)
        return 0; /* played again */
    if (event_record_entered(rec) &&
        event_entered_check(def, rec, path, err, errlen) != 0)
        return -1;
    memset(res, 0, sizeof *res);
    snprintf(res->id, sizeof res->id, "%s", g->id);
    if (event_result_of(def, rec, res) != 0) {
        snprintf(err, errlen, "%s: finished but without results that "
                 "agree", path);
        return -1;
    }
    return 1;
}

int event_record_take(const event_def *def, const plan_game *g,
                      const char *path, plan_result *res, char *err,
                      size_t errlen)
{
    if (access(path, F_OK) != 0)
        return 0;
    record rec;
    if (record_read(path, &rec, err, errlen) != 0)
        return -1;
    int got = event_record_result(def, g, &rec, path, res, err, errlen);
    /* An entered record has no game whose end the rules could vouch for:
     * it must carry its digest. */
    if (got == 1 && event_record_entered(&rec) &&
        record_digest_check(&rec, path, false, err, errlen) != 0)
        got = -1;
    if (got == 1 && replay_check(&rec, path, NULL, NULL, err, errlen) != 0) {
        size_t n = strlen(err);
        snprintf(err + n, errlen - n, "; restore the record if it was "
                 "edited, or move it away to play the game again");
        got = -1;
    }
    record_release(&rec);
    return got;
}
