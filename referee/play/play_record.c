/* play_record.c - the record of a game at the terminal (see
 * play_record.h). */
#include "play/play_record.h"

#include "clock/clock.h"
#include "sandbox/sandbox.h"
#include "version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void play_record_header(record *r, const rules_game *g, const char *event,
                        uint64_t seed, const time_control *tc,
                        const char *const *command)
{
    char when[32];
    record_set(&r->referee_version, REFEREE_VERSION);
    record_set(&r->isolation, sandbox_level());
    record_set(&r->sandbox, sandbox_detail());
    record_set(&r->event, event);
    r->round = 1;
    record_set(&r->game, rules_game_name(g));
    record_set(&r->variant, rules_variant_name(g));
    record_set(&r->options, rules_options_text(g));
    r->seed = seed;
    r->tc = *tc;
    clock_utc_iso(when, sizeof when);
    record_set(&r->start_time, when);
    r->nplayers = rules_seats(g);
    for (int s = 0; s < r->nplayers; s++) {
        record_player *p = &r->players[s];
        p->seat = s;
        record_set(&p->colour, rules_seat_colour(g, s));
        record_set(&p->command, command[s] ? command[s] : PLAY_HUMAN);
        if (!command[s])
            record_set(&p->name, PLAY_HUMAN);
    }
}

void play_record_truncate(record *r, size_t n)
{
    while (r->nmoves > n) {
        record_move *m = &r->moves[--r->nmoves];
        free(m->text);
        free(m->sent);
        for (size_t i = 0; i < m->ncomments; i++)
            free(m->comments[i]);
        free(m->comments);
        memset(m, 0, sizeof *m);
    }
}

static void play_record_close(record *r, const rules_game *g,
                              const rules_pos *pos, const char *status,
                              const char *reason)
{
    char when[32], line[RULES_POS_TEXT_MAX];
    clock_utc_iso(when, sizeof when);
    record_set(&r->end_time, when);
    rules_pos_write(g, pos, line, sizeof line);
    record_set(&r->final_position, line);
    record_set(&r->status, status);
    record_set(&r->reason, reason);
}

static void play_record_result(record *r, int s, rules_result res, int place,
                               int win_points)
{
    record_set(&r->players[s].result, rules_result_name(res));
    r->players[s].place = place;
    r->players[s].win_points = win_points;
}

void play_record_rules_end(record *r, const rules_game *g,
                           const rules_pos *pos)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    play_record_close(r, g, pos, "finished", rules_end_name(o.reason));
    for (int s = 0; s < r->nplayers; s++)
        play_record_result(r, s, o.result[s], o.place[s], o.win_points[s]);
    r->fault_seat = -1;
}

void play_record_fault(record *r, const rules_game *g, const rules_pos *pos,
                       int seat, const char *reason, const char *detail)
{
    play_record_close(r, g, pos, "finished", reason);
    record_set(&r->detail, detail);
    int team = rules_seat_team(g, seat);
    for (int s = 0; s < r->nplayers; s++) {
        bool lost = rules_seat_team(g, s) == team;
        play_record_result(r, s, lost ? RULES_RESULT_LOSS : RULES_RESULT_WIN,
                           lost ? 2 : 1, 0);
    }
    r->fault_seat = seat;
}

void play_record_void(record *r, const rules_game *g, const rules_pos *pos,
                      const char *detail)
{
    play_record_close(r, g, pos, "void", "void");
    record_set(&r->detail, detail);
    r->fault_seat = -1;
}

void play_record_note(record *r, const char *note)
{
    if (!r->detail) {
        record_set(&r->detail, note);
        return;
    }
    size_t len = strlen(r->detail) + strlen(note) + 3;
    char *both = malloc(len);
    if (!both)
        return; /* a note for people: the record stands without it */
    snprintf(both, len, "%s; %s", r->detail, note);
    free(r->detail);
    r->detail = both;
}

void play_record_outcome(const record *r, int seat, char *buf, size_t len)
{
    const record_player *p = &r->players[seat];
    if (r->nplayers > 2 && p->result && strcmp(p->result, "draw") != 0)
        snprintf(buf, len, "place:%d", p->place);
    else
        snprintf(buf, len, "%s", p->result ? p->result : "draw");
}
