/*
 * record_write.c - write a record as YAML (SCHEMA.md), atomically.
 *
 * Layout: block style, two-space indentation, keys plain, numbers plain,
 * every string through ywrite_str (double-quoted, escaped; ywrite.h), the
 * same writer as the event definition and the tables, so that what a bot
 * sends reads back the same from any of them.  A NULL string is a plain
 * null.  Written by hand rather than with libyaml's emitter: the layout is
 * fixed, and one string writer means one behaviour to test.
 *
 * Atomicity, the directory's fsync and the error messages are
 * fs_write_atomic's (fsutil.h), as for every other output file.
 *
 * The document is made in memory first, so that its last line can be the
 * digest of every byte before it (record_digest.c).
 */
#include "record.h"

#include "util/fsutil.h"
#include "yaml/ywrite.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Write `key: "string"` at the given indentation. */
static void rw_str(FILE *f, int indent, const char *key, const char *s)
{
    fprintf(f, "%*s%s: ", indent, "", key);
    ywrite_str(f, s);
    fputc('\n', f);
}

/* Write `key: integer` at the given indentation. */
static void rw_long(FILE *f, int indent, const char *key, long v)
{
    fprintf(f, "%*s%s: %ld\n", indent, "", key, v);
}

/* The referee, event, game and time control: everything before players. */
static void rw_header(FILE *f, const record *r)
{
    rw_long(f, 0, "schema", r->schema);
    fputs("referee:\n", f);
    rw_str(f, 2, "version", r->referee_version);
    rw_str(f, 2, "isolation", r->isolation);
    rw_str(f, 2, "sandbox", r->sandbox);
    rw_str(f, 2, "pondering", r->pondering);
    rw_str(f, 0, "event", r->event);
    rw_long(f, 0, "round", r->round);
    rw_str(f, 0, "game_id", r->game_id);
    rw_str(f, 0, "stage", r->stage);
    rw_str(f, 0, "event_digest", r->event_digest);
    fputs("game:\n", f);
    rw_str(f, 2, "name", r->game);
    rw_str(f, 2, "variant", r->variant);
    rw_str(f, 2, "options", r->options);
    fprintf(f, "seed: %" PRIu64 "\n", r->seed);
    fputs("time_control:\n", f);
    rw_long(f, 2, "move_ms", r->tc.move_ms);
    rw_long(f, 2, "bank_ms", r->tc.bank_ms);
    rw_long(f, 2, "increment_ms", r->tc.increment_ms);
    rw_long(f, 2, "grace_ms", r->tc.grace_ms);
    rw_long(f, 2, "startup_ms", r->tc.startup_ms);
    rw_str(f, 2, "clock", time_clock_name(r->tc.clock));
    if (r->tc.clock == TIME_CLOCK_CPU)
        rw_long(f, 2, "wall_cap_ms", r->tc.wall_cap_ms);
    if (r->opening_plies > 0)
        rw_long(f, 0, "opening_plies", (long)r->opening_plies);
    rw_str(f, 0, "started", r->start_time);
    rw_str(f, 0, "ended", r->end_time);
}

/* One players[] entry. */
static void rw_player(FILE *f, const record_player *p)
{
    fprintf(f, "- seat: %d\n", p->seat);
    rw_str(f, 2, "colour", p->colour);
    rw_str(f, 2, "command", p->command);
    rw_str(f, 2, "entrant", p->entrant);
    rw_str(f, 2, "name", p->name);
    rw_str(f, 2, "version", p->version);
    rw_str(f, 2, "author", p->author);
    rw_str(f, 2, "log", p->log);
    rw_str(f, 2, "result", p->result);
    rw_long(f, 2, "place", p->place);
    rw_long(f, 2, "win_points", p->win_points);
}

/* A list of strings at indent 2, left out when empty. */
static void rw_list(FILE *f, const char *key, char *const *items, size_t n)
{
    if (!n)
        return;
    fprintf(f, "  %s:\n", key);
    for (size_t i = 0; i < n; i++) {
        fputs("  - ", f);
        ywrite_str(f, items[i]);
        fputc('\n', f);
    }
}

/* One moves[] entry; sent, paused_ms and comments only when present,
 * wall_ms on the CPU clock. */
static void rw_move(FILE *f, const record *r, const record_move *m,
                    size_t index)
{
    fprintf(f, "- ply: %zu\n", index + 1);
    rw_long(f, 2, "seat", m->seat);
    rw_str(f, 2, "move", m->text);
    if (m->sent)
        rw_str(f, 2, "sent", m->sent);
    rw_long(f, 2, "ms", m->ms);
    rw_long(f, 2, "left_ms", m->left_ms);
    if (m->paused_ms > 0)
        rw_long(f, 2, "paused_ms", m->paused_ms);
    if (r->tc.clock == TIME_CLOCK_CPU && index >= r->opening_plies)
        rw_long(f, 2, "wall_ms", m->wall_ms);
    rw_list(f, "comments", m->comments, m->ncomments);
}

/* The result and the final position. */
static void rw_result(FILE *f, const record *r)
{
    fputs("result:\n", f);
    rw_str(f, 2, "status", r->status);
    rw_str(f, 2, "reason", r->reason);
    rw_str(f, 2, "detail", r->detail);
    rw_long(f, 2, "fault_seat", r->fault_seat);
    rw_list(f, "fault_comments", r->fault_comments, r->nfault_comments);
    rw_str(f, 0, "final_position", r->final_position);
}

/* An event's facts (record_event_note), each block only when there is
 * something in it. */
static void rw_note(FILE *f, const record_event_note *n)
{
    if (n->entered_by || n->entered_reason || n->entered_when) {
        fputs("entered:\n", f);
        rw_str(f, 2, "by", n->entered_by);
        rw_str(f, 2, "reason", n->entered_reason);
        rw_str(f, 2, "when", n->entered_when);
    }
    if (n->decision_rule) {
        fputs("decision:\n", f);
        rw_str(f, 2, "rule", n->decision_rule);
        rw_str(f, 2, "entrant", n->decision_entrant);
        if (!strcmp(n->decision_rule, "fault-win-points"))
            rw_long(f, 2, "win_points", n->decision_win_points);
        rw_str(f, 2, "detail", n->decision_detail);
    }
}

/* The whole document (an fs_writer). */
static int rw_record(FILE *f, void *arg)
{
    const record *r = arg;
    int np = r->nplayers < 0 ? 0
           : r->nplayers > RECORD_MAX_PLAYERS ? RECORD_MAX_PLAYERS
           : r->nplayers;
    rw_header(f, r);
    fputs(np ? "players:\n" : "players: []\n", f);
    for (int i = 0; i < np; i++)
        rw_player(f, &r->players[i]);
    fputs(r->nmoves ? "moves:\n" : "moves: []\n", f);
    for (size_t i = 0; i < r->nmoves; i++)
        rw_move(f, r, &r->moves[i], i);
    rw_result(f, r);
    rw_note(f, &r->note);
    return ferror(f) ? -1 : 0;
}

/* The document made in memory, and its digest line after it. */
typedef struct {
    const char *doc;
    size_t len;
    char digest[SHA256_TEXT_MAX];
} rw_digested;

/* The whole file (an fs_writer). */
static int rw_file(FILE *f, void *arg)
{
    const rw_digested *d = arg;
    fwrite(d->doc, 1, d->len, f);
    fprintf(f, "%s: \"%s\"\n", RECORD_DIGEST_KEY, d->digest);
    return ferror(f) ? -1 : 0;
}

int record_write(const record *r, const char *path, char *err,
                 size_t errlen)
{
    char *doc = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&doc, &len);
    int made = mem ? rw_record(mem, (void *)r) : -1;
    if (mem && fclose(mem) != 0)
        made = -1;
    if (made != 0) {
        snprintf(err, errlen, "%s: cannot make the record: %s", path,
                 strerror(errno ? errno : ENOMEM));
        free(doc);
        return -1;
    }
    rw_digested d = {.doc = doc, .len = len};
    sha256_text(doc, len, d.digest);
    int rc = fs_write_atomic(path, rw_file, &d, err, errlen);
    free(doc);
    return rc;
}
