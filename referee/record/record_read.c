/*
 * record_read.c - read a YAML record back and check it against SCHEMA.md.
 *
 * ytree.h loads the file into a tree of nodes with their lines, refusing
 * hostile input; the checker here walks the tree in schema order, so the
 * error a person sees first is the most useful one (an unknown schema
 * before a missing field), and fills the record.
 *
 * Every error is "FILE:LINE: FIELD: what is wrong", LINE 1-based, FIELD a
 * path such as moves[3].ms (indices from 0).  Keys the schema does not
 * name are ignored, so newer writers may add fields.
 */
#include "record.h"
#include "yaml/ytree.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    ytree_ctx y;
    int nplayers;
} rctx;

/* Check players[i] and fill r->players[i]. */
static int check_player(rctx *c, const ytree_node *n, size_t i, record *r,
                        bool *seen)
{
    char pre[64];
    snprintf(pre, sizeof pre, "players[%zu]", i);
    if (ytree_want_kind(&c->y, n, pre, YTREE_MAP))
        return -1;
    record_player *p = &r->players[i];
    if (ytree_get_i(&c->y, n, pre, "seat", 0, c->nplayers - 1, &p->seat))
        return -1;
    if (seen[p->seat]) {
        const ytree_node *s;
        ytree_map_find(&c->y, n, pre, "seat", &s);
        char f[128];
        ytree_field(f, sizeof f, pre, "seat");
        return ytree_fail(&c->y, s->line, f, "seat %d is listed twice", p->seat);
    }
    seen[p->seat] = true;
    if (ytree_get_str(&c->y, n, pre, "colour", true, &p->colour) ||
        ytree_get_str(&c->y, n, pre, "command", true, &p->command) ||
        ytree_get_str(&c->y, n, pre, "entrant", false, &p->entrant) ||
        ytree_get_str(&c->y, n, pre, "name", false, &p->name) ||
        ytree_get_str(&c->y, n, pre, "version", false, &p->version) ||
        ytree_get_str(&c->y, n, pre, "author", false, &p->author) ||
        ytree_get_str(&c->y, n, pre, "log", false, &p->log) ||
        ytree_get_str(&c->y, n, pre, "result", false, &p->result) ||
        ytree_want_word(&c->y, n, pre, "result", p->result, "win,loss,draw") ||
        ytree_get_i(&c->y, n, pre, "place", 0, c->nplayers, &p->place) ||
        ytree_get_i(&c->y, n, pre, "win_points", 0, INT32_MAX, &p->win_points))
        return -1;
    return 0;
}

/* An optional integer field within lo..hi: absent or null leaves *out. */
static int get_opt_l(rctx *c, const ytree_node *m, const char *prefix,
                     const char *key, long long lo, long long hi, long *out)
{
    const ytree_node *n;
    if (ytree_map_find(&c->y, m, prefix, key, &n))
        return -1;
    if (!n || ytree_is_null(n))
        return 0;
    char f[128];
    long long v;
    ytree_field(f, sizeof f, prefix, key);
    if (ytree_parse_int(&c->y, n, f, lo, hi, &v))
        return -1;
    *out = (long)v;
    return 0;
}


/* An optional list of strings (no nulls) under key of map n, appended to
 * *list. */
static int check_comments(rctx *c, const ytree_node *n, const char *pre,
                          const char *key, char ***list, size_t *count)
{
    const ytree_node *cs;
    if (ytree_map_find(&c->y, n, pre, key, &cs))
        return -1;
    if (!cs || ytree_is_null(cs))
        return 0;
    char f[128];
    ytree_field(f, sizeof f, pre, key);
    if (ytree_want_kind(&c->y, cs, f, YTREE_SEQ))
        return -1;
    for (size_t k = 0; k < cs->nkids; k++) {
        char cf[160];
        char *s = NULL;
        snprintf(cf, sizeof cf, "%s[%zu]", f, k);
        if (ytree_is_null(cs->kids[k]))
            return ytree_fail(&c->y, ytree_line(cs->kids[k]), cf,
                         "expected a string, got null");
        if (ytree_take_str(&c->y, cs->kids[k], cf, &s))
            return -1;
        int rc = record_list_add(list, count, s);
        free(s);
        if (rc)
            return ytree_fail(&c->y, ytree_line(cs->kids[k]), cf, "out of memory");
    }
    return 0;
}

/* Check moves[i] and append it to r. */
static int check_move(rctx *c, const ytree_node *n, size_t i, record *r)
{
    char pre[64];
    snprintf(pre, sizeof pre, "moves[%zu]", i);
    if (ytree_want_kind(&c->y, n, pre, YTREE_MAP))
        return -1;
    long long ply;
    int seat;
    long ms, left_ms, paused_ms = 0, wall_ms = 0;
    char *text = NULL, *sent = NULL;
    const ytree_node *pn;
    if (ytree_map_need(&c->y, n, pre, "ply", &pn) ||
        ytree_get_int(&c->y, n, pre, "ply", 1, INT64_MAX, &ply))
        return -1;
    if ((unsigned long long)ply != i + 1) {
        char f[128];
        ytree_field(f, sizeof f, pre, "ply");
        return ytree_fail(&c->y, pn->line, f, "expected ply %zu (moves in order), "
                     "got %lld", i + 1, ply);
    }
    if (ytree_get_i(&c->y, n, pre, "seat", 0, c->nplayers - 1, &seat) ||
        ytree_get_str(&c->y, n, pre, "move", true, &text) ||
        ytree_get_str(&c->y, n, pre, "sent", false, &sent) ||
        ytree_get_l(&c->y, n, pre, "ms", 0, INT32_MAX * 1024LL, &ms) ||
        ytree_get_l(&c->y, n, pre, "left_ms", -1, INT32_MAX * 1024LL, &left_ms) ||
        get_opt_l(c, n, pre, "paused_ms", 0, INT32_MAX * 1024LL, &paused_ms) ||
        get_opt_l(c, n, pre, "wall_ms", 0, INT32_MAX * 1024LL, &wall_ms))
        goto fail;
    record_move *m = record_add_move(r, seat, text, sent, ms, left_ms);
    if (m) {
        m->paused_ms = paused_ms;
        m->wall_ms = wall_ms;
    }
    free(text);
    free(sent);
    text = sent = NULL;
    if (!m)
        return ytree_fail(&c->y, ytree_line(n), pre, "out of memory");

    return check_comments(c, n, pre, "comments", &m->comments,
                          &m->ncomments);
fail:
    free(text);
    free(sent);
    return -1;
}

/* The clock a record was timed by: "wall" (also when absent: records
 * written before the CPU clock) or "cpu", with its wall cap. */
static int check_clock(rctx *c, const ytree_node *tc, time_control *out)
{
    char *name = NULL;
    if (ytree_get_str(&c->y, tc, "time_control", "clock", false, &name) ||
        ytree_want_word(&c->y, tc, "time_control", "clock", name, "wall,cpu")) {
        free(name);
        return -1;
    }
    out->clock = TIME_CLOCK_WALL;
    if (name)
        time_clock_parse(name, &out->clock);
    free(name);
    return get_opt_l(c, tc, "time_control", "wall_cap_ms", 0,
                     INT32_MAX * 1024LL, &out->wall_cap_ms);
}

/* Check the schema version first: a newer file fails on that, not on a
 * field this referee has never heard of. */
static int check_schema(rctx *c, const ytree_node *root, record *r)
{
    const ytree_node *n;
    long long v;
    if (ytree_map_need(&c->y, root, "", "schema", &n) ||
        ytree_parse_int(&c->y, n, "schema", INT32_MIN, INT32_MAX, &v))
        return -1;
    if (v > RECORD_SCHEMA)
        return ytree_fail(&c->y, ytree_line(n), "schema",
                     "schema %lld is newer than this referee reads (%d); "
                     "use a newer referee", v, RECORD_SCHEMA);
    if (v != RECORD_SCHEMA)
        return ytree_fail(&c->y, ytree_line(n), "schema",
                     "unknown schema %lld (this referee reads %d)", v,
                     RECORD_SCHEMA);
    r->schema = (int)v;
    return 0;
}

void record_note_release(record_event_note *n)
{
    free(n->entered_by);
    free(n->entered_reason);
    free(n->entered_when);
    free(n->decision_rule);
    free(n->decision_entrant);
    free(n->decision_detail);
    memset(n, 0, sizeof *n);
}

/* The optional `entered` and `decision` mappings (record_event_note). */
static int check_note(rctx *c, const ytree_node *root, record *r)
{
    record_event_note *n = &r->note;
    const ytree_node *e, *d;
    if (ytree_map_find(&c->y, root, "", "entered", &e) ||
        ytree_map_find(&c->y, root, "", "decision", &d))
        return -1;
    if (e && !ytree_is_null(e) &&
        (ytree_want_kind(&c->y, e, "entered", YTREE_MAP) ||
         ytree_get_str(&c->y, e, "entered", "by", true, &n->entered_by) ||
         ytree_get_str(&c->y, e, "entered", "reason", true,
                       &n->entered_reason) ||
         ytree_get_str(&c->y, e, "entered", "when", false,
                       &n->entered_when)))
        return -1;
    if (!d || ytree_is_null(d))
        return 0;
    if (ytree_want_kind(&c->y, d, "decision", YTREE_MAP) ||
        ytree_get_str(&c->y, d, "decision", "rule", true,
                      &n->decision_rule) ||
        ytree_get_str(&c->y, d, "decision", "entrant", false,
                      &n->decision_entrant) ||
        ytree_get_str(&c->y, d, "decision", "detail", false,
                      &n->decision_detail))
        return -1;
    long wp = 0;
    if (get_opt_l(c, d, "decision", "win_points", 0, INT32_MAX, &wp))
        return -1;
    n->decision_win_points = (int)wp;
    return 0;
}

/* Check the whole tree and fill r. */
static int check_record(rctx *c, const ytree_node *root, record *r)
{
    const ytree_node *ref, *game, *tc, *players, *moves, *res, *n;
    char g[128];
    if (root->kind != YTREE_MAP)
        return ytree_fail(&c->y, ytree_line(root), NULL,
                     "expected a mapping (a record) at the top, got %s",
                     ytree_got(root, g, sizeof g));
    if (check_schema(c, root, r))
        return -1;

    if (ytree_get_kind(&c->y, root, "", "referee", YTREE_MAP, &ref) ||
        ytree_get_str(&c->y, ref, "referee", "version", true, &r->referee_version) ||
        ytree_get_str(&c->y, ref, "referee", "isolation", false, &r->isolation) ||
        ytree_get_str(&c->y, ref, "referee", "sandbox", false, &r->sandbox) ||
        ytree_get_str(&c->y, ref, "referee", "pondering", false,
                      &r->pondering) ||
        ytree_get_str(&c->y, root, "", "event", false, &r->event) ||
        ytree_get_i(&c->y, root, "", "round", 1, INT32_MAX, &r->round) ||
        ytree_get_str(&c->y, root, "", "game_id", false, &r->game_id) ||
        ytree_get_str(&c->y, root, "", "stage", false, &r->stage))
        return -1;

    if (ytree_get_kind(&c->y, root, "", "game", YTREE_MAP, &game) ||
        ytree_get_str(&c->y, game, "game", "name", true, &r->game) ||
        ytree_get_str(&c->y, game, "game", "variant", true, &r->variant) ||
        ytree_get_str(&c->y, game, "game", "options", false, &r->options))
        return -1;

    if (ytree_map_need(&c->y, root, "", "seed", &n))
        return -1;
    if (n->kind != YTREE_SCALAR || !n->plain || n->str_tag ||
        !n->len || strspn(n->value, "0123456789") != n->len)
        return ytree_fail(&c->y, ytree_line(n), "seed",
                     "expected an unsigned integer, got %s",
                     ytree_got(n, g, sizeof g));
    errno = 0;
    unsigned long long seed = strtoull(n->value, NULL, 10);
    if (errno == ERANGE)
        return ytree_fail(&c->y, ytree_line(n), "seed",
                     "expected an integer from 0 to %" PRIu64 ", got %s",
                     UINT64_MAX, ytree_got(n, g, sizeof g));
    r->seed = (uint64_t)seed;

    const long long big = INT32_MAX * 1024LL; /* over 3 years in ms */
    if (ytree_get_kind(&c->y, root, "", "time_control", YTREE_MAP, &tc) ||
        ytree_get_l(&c->y, tc, "time_control", "move_ms", 0, big, &r->tc.move_ms) ||
        ytree_get_l(&c->y, tc, "time_control", "bank_ms", 0, big, &r->tc.bank_ms) ||
        ytree_get_l(&c->y, tc, "time_control", "increment_ms", 0, big,
              &r->tc.increment_ms) ||
        ytree_get_l(&c->y, tc, "time_control", "grace_ms", 0, big, &r->tc.grace_ms) ||
        ytree_get_l(&c->y, tc, "time_control", "startup_ms", 0, big, &r->tc.startup_ms) ||
        check_clock(c, tc, &r->tc))
        return -1;

    if (ytree_get_str(&c->y, root, "", "event_digest", false,
                      &r->event_digest) ||
        ytree_get_str(&c->y, root, "", "started", true, &r->start_time) ||
        ytree_get_str(&c->y, root, "", "ended", false, &r->end_time))
        return -1;

    if (ytree_get_kind(&c->y, root, "", "players", YTREE_SEQ, &players))
        return -1;
    if (players->nkids < 1 || players->nkids > RECORD_MAX_PLAYERS)
        return ytree_fail(&c->y, ytree_line(players), "players",
                     "expected 1 to %d players, got %zu", RECORD_MAX_PLAYERS,
                     players->nkids);
    c->nplayers = (int)players->nkids;
    r->nplayers = c->nplayers;
    bool seen[RECORD_MAX_PLAYERS] = {0};
    for (size_t i = 0; i < players->nkids; i++)
        if (check_player(c, players->kids[i], i, r, seen))
            return -1;

    if (ytree_get_kind(&c->y, root, "", "moves", YTREE_SEQ, &moves))
        return -1;
    for (size_t i = 0; i < moves->nkids; i++)
        if (check_move(c, moves->kids[i], i, r))
            return -1;
    long opening = 0;
    if (get_opt_l(c, root, "", "opening_plies", 0, INT32_MAX, &opening))
        return -1;
    if ((size_t)opening > r->nmoves) {
        ytree_map_find(&c->y, root, "", "opening_plies", &n);
        return ytree_fail(&c->y, n ? ytree_line(n) : 0, "opening_plies",
                          "%ld plies of opening, but the record has %zu "
                          "moves", opening, r->nmoves);
    }
    r->opening_plies = (size_t)opening;

    if (ytree_get_kind(&c->y, root, "", "result", YTREE_MAP, &res) ||
        ytree_get_str(&c->y, res, "result", "status", true, &r->status) ||
        ytree_want_word(&c->y, res, "result", "status", r->status, "finished,void") ||
        ytree_get_str(&c->y, res, "result", "reason", true, &r->reason) ||
        ytree_get_str(&c->y, res, "result", "detail", false, &r->detail))
        return -1;
    if (ytree_map_find(&c->y, res, "result", "fault_seat", &n))
        return -1;
    r->fault_seat = -1;
    if (n && !ytree_is_null(n)) {
        long long v;
        if (ytree_parse_int(&c->y, n, "result.fault_seat", -1, c->nplayers - 1, &v))
            return -1;
        r->fault_seat = (int)v;
    }
    if (check_comments(c, res, "result", "fault_comments", &r->fault_comments,
                       &r->nfault_comments))
        return -1;

    if (check_note(c, root, r))
        return -1;
    return ytree_get_str(&c->y, root, "", "final_position", true, &r->final_position);
}

/* The file's bytes again (ytree keeps none): up to YTREE_MAX_BYTES, as
 * much as its size says (records are renamed into place whole, so it does
 * not change under the reader).  NULL on failure. */
static char *read_again(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    struct stat st;
    char *buf = NULL;
    if (fstat(fileno(f), &st) == 0 && st.st_size >= 0 &&
        st.st_size <= YTREE_MAX_BYTES)
        buf = malloc((size_t)st.st_size + 1);
    *len = buf ? fread(buf, 1, (size_t)st.st_size + 1, f) : 0;
    if (buf && (ferror(f) || *len > (size_t)st.st_size)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

/* The digest: the line of the `digest` key, and the file's bytes hashed
 * as they are on disk (record_digest.c). */
static int check_digest(rctx *c, const ytree_node *root, record *r)
{
    const ytree_node *n;
    if (ytree_map_find(&c->y, root, "", RECORD_DIGEST_KEY, &n))
        return -1;
    unsigned long line = n ? (n->keyline ? n->keyline : n->line) : 0;
    size_t len;
    char *buf = read_again(c->y.path, &len);
    if (!buf)
        return ytree_fail(&c->y, 0, RECORD_DIGEST_KEY,
                          "cannot read the file again to check it");
    record_digest_scan(r, buf, len, line);
    free(buf);
    return 0;
}

/* Read and check a record (see the top of this file).  r need not be
 * initialised; on failure it is left released (empty). */
int record_read(const char *path, record *r, char *err, size_t errlen)
{
    rctx c = {.y = {.path = path, .err = err, .errlen = errlen}};
    ytree_node *root = NULL;
    record_init(r);
    int rc = ytree_load(&c.y, "a record", &root);
    if (rc == 0)
        rc = check_record(&c, root, r);
    if (rc == 0)
        rc = check_digest(&c, root, r);
    ytree_free(root);
    if (rc)
        record_release(r);
    return rc;
}
