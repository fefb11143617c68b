/*
 * record_write.c - write a record as YAML (SCHEMA.md), atomically.
 *
 * Layout: block style, keys plain, numbers plain, every string
 * double-quoted.  Double quotes are the one scalar style that round-trips
 * any text exactly: move texts like yes, 1, null or ~ stay strings, and
 * comments may hold ':', '#', quotes, tabs or newlines (escaped).  A NULL
 * string is written as a plain null.
 *
 * Atomicity: the YAML goes to a temporary file beside path, is flushed and
 * fsync'ed, then renamed over path, so a reader sees the old record or the
 * new one, never half of one.
 */
#include "record.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

typedef struct {
    yaml_emitter_t em;
    FILE *f;
    int werrno; /* errno of the first failed write, or 0 */
    bool oom;   /* a string copy failed */
} record_out;

/* libyaml output handler: write to the FILE and remember errno. */
static int record_out_write(void *data, unsigned char *buf, size_t size)
{
    record_out *o = data;
    errno = 0;
    if (fwrite(buf, 1, size, o->f) != size) {
        o->werrno = errno ? errno : EIO;
        return 0;
    }
    return 1;
}

/* Length of the valid UTF-8 sequence at s (as libyaml's reader accepts
 * it: no overlong forms, no surrogates, at most U+10FFFF), or 0. */
static size_t utf8_seq_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n;
    unsigned v;
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        n = 2, v = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
        n = 3, v = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
        n = 4, v = c & 0x07;
    else
        return 0;
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xC0) != 0x80) /* also stops at the NUL */
            return 0;
        v = v << 6 | (s[k] & 0x3F);
    }
    static const unsigned min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < min[n] || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF)
        return 0;
    return n;
}

/* A copy of s with every byte that is not valid UTF-8 replaced by U+FFFD,
 * or NULL when s is valid already (or out of memory: *oom is set).  Bots
 * may send any bytes; libyaml refuses to emit invalid UTF-8. */
static char *utf8_repair(const char *s, bool *oom)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t bad = 0, len = 0;
    while (p[len]) {
        size_t n = utf8_seq_len(p + len);
        bad += n == 0;
        len += n ? n : 1;
    }
    if (!bad)
        return NULL;
    char *out = malloc(len + bad * 2 + 1);
    if (!out) {
        *oom = true;
        return NULL;
    }
    char *q = out;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_seq_len(p + i);
        if (n) {
            memcpy(q, p + i, n);
            q += n;
            i += n;
        } else {
            memcpy(q, "\xEF\xBF\xBD", 3);
            q += 3;
            i++;
        }
    }
    *q = '\0';
    return out;
}

/* Emit one event; 0 on success, -1 when the emitter failed. */
static int emit(record_out *o, yaml_event_t *ev)
{
    return yaml_emitter_emit(&o->em, ev) ? 0 : -1;
}

/* Emit a scalar in the given style. */
static int emit_scalar(record_out *o, const char *s, yaml_scalar_style_t style)
{
    yaml_event_t ev;
    bool plain = style == YAML_PLAIN_SCALAR_STYLE;
    if (!yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
                                      (int)strlen(s), plain, !plain, style))
        return -1;
    return emit(o, &ev);
}

/* Emit a mapping key (always a plain identifier). */
static int emit_key(record_out *o, const char *key)
{
    return emit_scalar(o, key, YAML_PLAIN_SCALAR_STYLE);
}

/* Emit a string double-quoted, or a plain null for NULL. */
static int emit_str(record_out *o, const char *s)
{
    if (!s)
        return emit_scalar(o, "null", YAML_PLAIN_SCALAR_STYLE);
    char *fixed = utf8_repair(s, &o->oom);
    if (o->oom)
        return -1;
    int rc = emit_scalar(o, fixed ? fixed : s,
                         YAML_DOUBLE_QUOTED_SCALAR_STYLE);
    free(fixed);
    return rc;
}

/* Emit a signed integer, plain. */
static int emit_long(record_out *o, long v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%ld", v);
    return emit_scalar(o, buf, YAML_PLAIN_SCALAR_STYLE);
}

/* Emit key: "string". */
static int emit_kv_str(record_out *o, const char *key, const char *s)
{
    return emit_key(o, key) || emit_str(o, s) ? -1 : 0;
}

/* Emit key: integer. */
static int emit_kv_long(record_out *o, const char *key, long v)
{
    return emit_key(o, key) || emit_long(o, v) ? -1 : 0;
}

/* Start a block mapping. */
static int emit_map_start(record_out *o)
{
    yaml_event_t ev;
    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
                                        YAML_BLOCK_MAPPING_STYLE);
    return emit(o, &ev);
}

/* End a mapping. */
static int emit_map_end(record_out *o)
{
    yaml_event_t ev;
    yaml_mapping_end_event_initialize(&ev);
    return emit(o, &ev);
}

/* Start a block sequence (an empty one comes out as []). */
static int emit_seq_start(record_out *o)
{
    yaml_event_t ev;
    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
                                         YAML_BLOCK_SEQUENCE_STYLE);
    return emit(o, &ev);
}

/* End a sequence. */
static int emit_seq_end(record_out *o)
{
    yaml_event_t ev;
    yaml_sequence_end_event_initialize(&ev);
    return emit(o, &ev);
}

/* Emit one players[] entry. */
static int emit_player(record_out *o, const record_player *p)
{
    if (emit_map_start(o) || emit_kv_long(o, "seat", p->seat) ||
        emit_kv_str(o, "colour", p->colour) ||
        emit_kv_str(o, "command", p->command) ||
        emit_kv_str(o, "entrant", p->entrant) ||
        emit_kv_str(o, "name", p->name) ||
        emit_kv_str(o, "version", p->version) ||
        emit_kv_str(o, "author", p->author) ||
        emit_kv_str(o, "log", p->log) ||
        emit_kv_str(o, "result", p->result) ||
        emit_kv_long(o, "place", p->place) ||
        emit_kv_long(o, "win_points", p->win_points))
        return -1;
    return emit_map_end(o);
}

/* Emit one moves[] entry; sent and comments only when present. */
static int emit_move(record_out *o, const record_move *m, size_t index)
{
    if (emit_map_start(o) || emit_kv_long(o, "ply", (long)index + 1) ||
        emit_kv_long(o, "seat", m->seat) || emit_kv_str(o, "move", m->text))
        return -1;
    if (m->sent && emit_kv_str(o, "sent", m->sent))
        return -1;
    if (emit_kv_long(o, "ms", m->ms) || emit_kv_long(o, "left_ms", m->left_ms))
        return -1;
    if (m->paused_ms > 0 && emit_kv_long(o, "paused_ms", m->paused_ms))
        return -1;
    if (m->ncomments) {
        if (emit_key(o, "comments") || emit_seq_start(o))
            return -1;
        for (size_t i = 0; i < m->ncomments; i++)
            if (emit_str(o, m->comments[i]))
                return -1;
        if (emit_seq_end(o))
            return -1;
    }
    return emit_map_end(o);
}

/* Emit the whole document. */
static int emit_record(record_out *o, const record *r)
{
    yaml_event_t ev;
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    if (emit(o, &ev))
        return -1;
    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
    if (emit(o, &ev) || emit_map_start(o) ||
        emit_kv_long(o, "schema", r->schema) ||
        emit_key(o, "referee") || emit_map_start(o) ||
        emit_kv_str(o, "version", r->referee_version) ||
        emit_kv_str(o, "isolation", r->isolation) ||
        emit_kv_str(o, "sandbox", r->sandbox) || emit_map_end(o) ||
        emit_kv_str(o, "event", r->event) ||
        emit_kv_long(o, "round", r->round) ||
        emit_kv_str(o, "game_id", r->game_id) ||
        emit_kv_str(o, "stage", r->stage) ||
        emit_key(o, "game") || emit_map_start(o) ||
        emit_kv_str(o, "name", r->game) ||
        emit_kv_str(o, "variant", r->variant) ||
        emit_kv_str(o, "options", r->options) || emit_map_end(o) ||
        emit_key(o, "seed") || emit_scalar(o, seed, YAML_PLAIN_SCALAR_STYLE) ||
        emit_key(o, "time_control") || emit_map_start(o) ||
        emit_kv_long(o, "move_ms", r->move_ms) ||
        emit_kv_long(o, "bank_ms", r->bank_ms) ||
        emit_kv_long(o, "increment_ms", r->increment_ms) ||
        emit_kv_long(o, "grace_ms", r->grace_ms) ||
        emit_kv_long(o, "startup_ms", r->startup_ms) || emit_map_end(o) ||
        emit_kv_str(o, "started", r->start_time) ||
        emit_kv_str(o, "ended", r->end_time) ||
        emit_key(o, "players") || emit_seq_start(o))
        return -1;
    int np = r->nplayers < 0 ? 0
           : r->nplayers > RECORD_MAX_PLAYERS ? RECORD_MAX_PLAYERS
           : r->nplayers;
    for (int i = 0; i < np; i++)
        if (emit_player(o, &r->players[i]))
            return -1;
    if (emit_seq_end(o) || emit_key(o, "moves") || emit_seq_start(o))
        return -1;
    for (size_t i = 0; i < r->nmoves; i++)
        if (emit_move(o, &r->moves[i], i))
            return -1;
    if (emit_seq_end(o) ||
        emit_key(o, "result") || emit_map_start(o) ||
        emit_kv_str(o, "status", r->status) ||
        emit_kv_str(o, "reason", r->reason) ||
        emit_kv_str(o, "detail", r->detail) ||
        emit_kv_long(o, "fault_seat", r->fault_seat) || emit_map_end(o) ||
        emit_kv_str(o, "final_position", r->final_position) ||
        emit_map_end(o))
        return -1;
    yaml_document_end_event_initialize(&ev, 1);
    if (emit(o, &ev))
        return -1;
    yaml_stream_end_event_initialize(&ev);
    if (emit(o, &ev))
        return -1;
    return yaml_emitter_flush(&o->em) ? 0 : -1;
}

/* Split path into its directory ("." when none) for the temporary file. */
static char *record_dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* fsync a directory so that a rename in it is durable.  Best effort: some
 * file systems refuse to fsync a directory, and by now the record is in
 * place. */
static void record_sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* Write the record to path atomically (see the top of this file). */
int record_write(const record *r, const char *path, char *err,
                 size_t errlen)
{
    char *dir = NULL, *tmp = NULL;
    FILE *f = NULL;
    int fd = -1, rc = -1;
    record_out o = {0};
    bool emitter = false;

    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!*base) {
        snprintf(err, errlen, "%s: not a file name", path);
        return -1;
    }
    dir = record_dir_of(path);
    if (!dir || asprintf(&tmp, "%s/.%s.XXXXXX", dir, base) < 0) {
        tmp = NULL;
        snprintf(err, errlen, "%s: out of memory", path);
        goto fail;
    }
    fd = mkostemp(tmp, O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        struct stat st;
        free(tmp);
        tmp = NULL; /* nothing to remove */
        if (e == ENOENT || (e == ENOTDIR && stat(dir, &st) != 0))
            snprintf(err, errlen, "%s: directory '%s' does not exist", path,
                     dir);
        else
            snprintf(err, errlen,
                     "%s: cannot create a temporary file in '%s': %s", path,
                     dir, strerror(e));
        goto fail;
    }
    /* mkostemp makes the file 0600; a record is for everyone to read. */
    if (fchmod(fd, 0644) != 0) {
        snprintf(err, errlen, "%s: chmod %s: %s", path, tmp, strerror(errno));
        goto fail;
    }
    f = fdopen(fd, "w");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        goto fail;
    }
    fd = -1; /* f owns it now */

    o.f = f;
    if (!yaml_emitter_initialize(&o.em)) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto fail;
    }
    emitter = true;
    yaml_emitter_set_output(&o.em, record_out_write, &o);
    yaml_emitter_set_unicode(&o.em, 1);
    yaml_emitter_set_indent(&o.em, 2);
    yaml_emitter_set_width(&o.em, -1); /* never fold long strings */
    yaml_emitter_set_break(&o.em, YAML_LN_BREAK);
    if (emit_record(&o, r) != 0) {
        if (o.werrno)
            snprintf(err, errlen, "%s: write error: %s", path,
                     strerror(o.werrno));
        else if (o.oom || o.em.error == YAML_MEMORY_ERROR)
            snprintf(err, errlen, "%s: out of memory", path);
        else
            snprintf(err, errlen, "%s: cannot write YAML: %s", path,
                     o.em.problem ? o.em.problem : "invalid event");
        goto fail;
    }
    if (fflush(f) != 0 || fsync(fileno(f)) != 0) {
        snprintf(err, errlen, "%s: write error: %s", path, strerror(errno));
        goto fail;
    }
    FILE *closing = f;
    f = NULL;
    if (fclose(closing) != 0) {
        snprintf(err, errlen, "%s: write error: %s", path, strerror(errno));
        goto fail;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot rename %s over it: %s", path, tmp,
                 strerror(errno));
        goto fail;
    }
    free(tmp);
    tmp = NULL;
    record_sync_dir(dir);
    rc = 0;
fail:
    if (emitter)
        yaml_emitter_delete(&o.em);
    if (f)
        fclose(f);
    if (fd >= 0)
        close(fd);
    if (tmp) {
        unlink(tmp);
        free(tmp);
    }
    free(dir);
    return rc;
}
