/* record.c - the in-memory match record: lifecycle and the builders. */
#include "record.h"

#include "util/grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Make an empty record: no strings, no moves, nobody at fault. */
const char *const record_fault_reasons[] = {
    "timeout",        "illegal-move", "malformed-line", "out-of-turn",
    "exited",         "killed",       "closed-output",  "cpu-limit",
    "file-limit",     "memory-limit", "process-limit",  "failed-to-start",
    "handshake",      "resigned", /* referee play: the person gave up */
    NULL,
};

bool record_is_fault(const char *reason)
{
    for (size_t i = 0; reason && record_fault_reasons[i]; i++)
        if (!strcmp(reason, record_fault_reasons[i]))
            return true;
    return false;
}

void record_init(record *r)
{
    memset(r, 0, sizeof *r);
    r->schema = RECORD_SCHEMA;
    r->round = 1;
    r->fault_seat = -1;
    for (int i = 0; i < RECORD_MAX_PLAYERS; i++)
        r->players[i].seat = i;
}

static void record_list_release(char **list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

/* Free one move's strings and comments. */
static void record_move_release(record_move *m)
{
    free(m->text);
    free(m->sent);
    record_list_release(m->comments, m->ncomments);
}

/* Free one player's strings. */
static void record_player_release(record_player *p)
{
    free(p->colour);
    free(p->command);
    free(p->entrant);
    free(p->name);
    free(p->version);
    free(p->author);
    free(p->log);
    free(p->result);
}

/* Free everything the record owns and leave it empty (as record_init). */
void record_release(record *r)
{
    free(r->referee_version);
    free(r->isolation);
    free(r->sandbox);
    free(r->pondering);
    free(r->event);
    free(r->game_id);
    free(r->stage);
    free(r->event_digest);
    record_note_release(&r->note);
    free(r->game);
    free(r->variant);
    free(r->options);
    free(r->start_time);
    free(r->end_time);
    for (int i = 0; i < RECORD_MAX_PLAYERS; i++)
        record_player_release(&r->players[i]);
    for (size_t i = 0; i < r->nmoves; i++)
        record_move_release(&r->moves[i]);
    free(r->moves);
    free(r->status);
    free(r->reason);
    free(r->detail);
    record_list_release(r->fault_comments, r->nfault_comments);
    free(r->final_position);
    record_init(r);
}

/* Replace *field with a copy of value.  The signature cannot report out of
 * memory: the field is then left NULL (the old value is freed either way),
 * which record_read reports as a missing value if the field is required. */
void record_set(char **field, const char *value)
{
    char *copy = value ? strdup(value) : NULL;
    free(*field);
    *field = copy;
}

/* Append a move, copying its strings; sent equal to text is stored as NULL
 * (the header's "only if it differs").  NULL text is taken as "". */
record_move *record_add_move(record *r, int seat, const char *text,
                             const char *sent, long ms, long left_ms)
{
    if (!text)
        text = "";
    if (sent && strcmp(sent, text) == 0)
        sent = NULL;
    record_move *moves = grow(r->moves, &r->capmoves, r->nmoves + 1,
                              sizeof *moves, 16);
    if (!moves)
        return NULL;
    r->moves = moves;
    record_move m = {
        .seat = seat, .ms = ms, .left_ms = left_ms,
        .text = strdup(text), .sent = sent ? strdup(sent) : NULL,
    };
    if (!m.text || (sent && !m.sent)) {
        record_move_release(&m);
        return NULL;
    }
    r->moves[r->nmoves] = m;
    return &r->moves[r->nmoves++];
}

/* Append a comment (NULL is taken as "").  The array has no capacity field:
 * its capacity is implied by the count (4, then the next power of two), so
 * it grows by doubling exactly when the count reaches a power of two. */
int record_list_add(char ***list, size_t *count, const char *text)
{
    /* The lists keep no capacity: it is 4, 8, 16, ... as they grew. */
    size_t n = *count, cap = n ? 4 : 0;
    while (cap < n)
        cap *= 2;
    char **grown = grow(*list, &cap, n + 1, sizeof *grown, 4);
    if (!grown)
        return -1;
    *list = grown;
    char *copy = strdup(text ? text : "");
    if (!copy)
        return -1;
    (*list)[(*count)++] = copy;
    return 0;
}

int record_add_comment(record_move *m, const char *text)
{
    return record_list_add(&m->comments, &m->ncomments, text);
}

int record_add_fault_comment(record *r, const char *text)
{
    return record_list_add(&r->fault_comments, &r->nfault_comments, text);
}
