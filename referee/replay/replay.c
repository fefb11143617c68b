/* replay.c - re-check a record against the rules (see replay.h). */
#include "replay/replay.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *file;
    const record *rec;
    rules_game *game;
    rules_pos pos;
    replay_show_fn show;
    void *arg;
    char *err;
    size_t errlen;
} replay;

static void replay_show(replay *rp, size_t ply)
{
    if (rp->show)
        rp->show(rp->game, &rp->pos, rp->rec, ply, rp->arg);
}

static int replay_moves(replay *rp)
{
    const record *r = rp->rec;
    char why[RULES_REASON_MAX], canon[RULES_MOVE_TEXT_MAX];
    replay_show(rp, 0);
    for (size_t i = 0; i < r->nmoves; i++) {
        const record_move *m = &r->moves[i];
        rules_outcome_t o;
        rules_outcome(rp->game, &rp->pos, &o);
        if (o.over) {
            snprintf(rp->err, rp->errlen, "%s: ply %zu: the game was already over (%s)",
                    rp->file, i + 1, rules_end_name(o.reason));
            return 1;
        }
        int to_move = rules_to_move(rp->game, &rp->pos);
        if (m->seat != to_move) {
            snprintf(rp->err, rp->errlen, "%s: ply %zu: seat %d moved but seat %d was to "
                            "move", rp->file, i + 1, m->seat, to_move);
            return 1;
        }
        rules_move mv;
        if (rules_parse_move(rp->game, &rp->pos, m->text, &mv, why,
                             sizeof why) != RULES_OK) {
            snprintf(rp->err, rp->errlen, "%s: ply %zu: move '%s' is not legal: %s",
                    rp->file, i + 1, m->text, why);
            return 1;
        }
        rules_format_move(rp->game, &mv, canon, sizeof canon);
        if (strcmp(canon, m->text) != 0) {
            snprintf(rp->err, rp->errlen, "%s: ply %zu: move '%s' is not written in "
                            "canonical form '%s'", rp->file, i + 1,
                    m->text, canon);
            return 1;
        }
        rules_apply(rp->game, &rp->pos, &mv);
        replay_show(rp, i + 1);
    }
    return 0;
}

/* Every seat's result word, place and win points are the rules': the
 * outcome of the moves, or of the fault in the position it came in (the
 * faulting team loses; in a game for places the bot at fault is out
 * below the seats still playing, and the places already won stand). */
static int replay_check_seats(replay *rp, const rules_outcome_t *rules_o,
                              bool fault)
{
    const record *r = rp->rec;
    rules_outcome_t fo;
    if (fault)
        rules_outcome_fault(rp->game, &rp->pos, r->fault_seat, &fo);
    const rules_outcome_t *o = fault ? &fo : rules_o;
    for (int s = 0; s < r->nplayers; s++) {
        const record_player *p = &r->players[s];
        const char *want = rules_result_name(o->result[s]);
        int wp = fault ? 0 : o->win_points[s];
        if (!p->result || strcmp(p->result, want) != 0) {
            snprintf(rp->err, rp->errlen, "%s: result: seat %d is recorded as '%s' but the "
                            "moves give '%s'", rp->file, s,
                    p->result ? p->result : "none", want);
            return 1;
        }
        /* Two-seat records of old may leave the place out (0). */
        if (p->place != o->place[s] && (p->place != 0 || r->nplayers > 2)) {
            snprintf(rp->err, rp->errlen, "%s: result: seat %d has place %d recorded, "
                            "the moves give %d", rp->file, s, p->place,
                    o->place[s]);
            return 1;
        }
        if (p->win_points != wp) {
            snprintf(rp->err, rp->errlen, "%s: result: seat %d has %d win points recorded, "
                            "the moves give %d", rp->file, s,
                    p->win_points, wp);
            return 1;
        }
    }
    return 0;
}

static int replay_check_result(replay *rp)
{
    const record *r = rp->rec;
    rules_outcome_t o;
    rules_outcome(rp->game, &rp->pos, &o);
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(rp->game, &rp->pos, line, sizeof line);
    if (r->final_position && strcmp(line, r->final_position) != 0) {
        snprintf(rp->err, rp->errlen, "%s: final_position: recorded '%s', the moves give "
                        "'%s'", rp->file, r->final_position, line);
        return 1;
    }
    if (!r->status || !r->reason) {
        snprintf(rp->err, rp->errlen, "%s: result: status and reason are required",
                rp->file);
        return 1;
    }
    /* A result a person entered (a forfeit, an adjudication: SCHEMA.md,
     * `entered`) is not the rules' to give; the moves played, the clock
     * and the digest still are checked. */
    if (!strcmp(r->status, "void") || r->note.entered_by)
        return 0;
    bool fault = record_is_fault(r->reason);
    if (fault) {
        if (o.over) {
            snprintf(rp->err, rp->errlen, "%s: result: recorded as %s, but the game was "
                            "over by the rules (%s)", rp->file, r->reason,
                    rules_end_name(o.reason));
            return 1;
        }
        if (r->fault_seat < 0 || r->fault_seat >= r->nplayers) {
            snprintf(rp->err, rp->errlen, "%s: result: fault '%s' without a valid "
                            "fault_seat", rp->file, r->reason);
            return 1;
        }
        bool on_move = !strcmp(r->reason, "timeout") ||
                       !strcmp(r->reason, "illegal-move");
        if (on_move && r->fault_seat != rules_to_move(rp->game, &rp->pos)) {
            snprintf(rp->err, rp->errlen, "%s: result: seat %d is blamed for '%s' but "
                            "seat %d was to move", rp->file, r->fault_seat,
                    r->reason, rules_to_move(rp->game, &rp->pos));
            return 1;
        }
    } else if (!o.over || strcmp(rules_end_name(o.reason), r->reason) != 0) {
        snprintf(rp->err, rp->errlen, "%s: result: recorded reason '%s', the moves give "
                        "'%s'", rp->file, r->reason,
                o.over ? rules_end_name(o.reason) : "a game still going");
        return 1;
    }
    return replay_check_seats(rp, &o, fault);
}

int replay_check(const record *r, const char *file, replay_show_fn show,
                 void *arg, char *err, size_t errlen)
{
    replay rp = {.file = file, .rec = r, .show = show, .arg = arg,
                 .err = err, .errlen = errlen};
    rp.game = rules_game_new(r->game, r->variant, r->options, err, errlen);
    if (!rp.game) {
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "%s: game: %s", file, why);
        return 1;
    }
    if (r->nplayers != rules_seats(rp.game)) {
        snprintf(err, errlen, "%s: players: %d listed, %s has %d seats", file,
                 r->nplayers, r->game, rules_seats(rp.game));
        rules_game_free(rp.game);
        return 1;
    }
    /* Lines after the digest first: they may be what the rules or the
     * clock would then complain about (an opening_plies added). */
    if (r->digest == RECORD_DIGEST_MISPLACED) {
        record_digest_check(r, file, true, err, errlen);
        rules_game_free(rp.game);
        return 1;
    }
    rules_start(rp.game, &rp.pos);
    int rc = replay_moves(&rp);
    if (rc == 0)
        rc = replay_check_result(&rp);
    /* Then what the rules cannot see: times the clock makes impossible,
     * and an edit that kept to the rules (the digest; a record without one
     * is the caller's to refuse or not). */
    if (rc == 0 && record_clock_check(r, file, err, errlen) != 0)
        rc = 1;
    if (rc == 0 && r->digest != RECORD_DIGEST_NONE &&
        record_digest_check(r, file, true, err, errlen) != 0)
        rc = 1;
    rules_game_free(rp.game);
    return rc;
}
