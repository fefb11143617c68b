/*
 * record_read.c - read a YAML record back and check it against SCHEMA.md.
 *
 * Two passes.  The libyaml event parser builds a small tree of nodes, each
 * with its line; this is where hostile input is stopped: the file size,
 * the nesting depth and the node count are capped, aliases are refused
 * (they make "billion laughs" documents), and only one document is read.
 * Then the checker walks the tree in schema order, so the error a person
 * sees first is the most useful one (an unknown schema before a missing
 * field), and fills the record.
 *
 * Every error is "FILE:LINE: FIELD: what is wrong", LINE 1-based, FIELD a
 * path such as moves[3].ms (indices from 0).  Keys the schema does not
 * name are ignored, so newer writers may add fields.
 */
#include "record.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#define RECORD_MAX_BYTES (64L * 1024 * 1024)
#define RECORD_MAX_DEPTH 16
#define RECORD_MAX_NODES 1000000L

typedef enum { RN_SCALAR, RN_SEQ, RN_MAP } rnode_kind;

/* A node of the parsed tree.  A mapping's kids alternate key, value. */
typedef struct rnode {
    rnode_kind kind;
    unsigned long line;     /* 1-based */
    unsigned long keyline;  /* line of its key in a mapping, or 0 */
    char *value;            /* scalar text, NUL-terminated */
    size_t len;             /* its length (a \0 escape makes len > strlen) */
    bool plain;             /* plain style: may be null or a number */
    bool str_tag;           /* explicitly tagged !!str */
    struct rnode **kids;
    size_t nkids, capkids;
} rnode;

typedef struct {
    const char *path;
    char *err;
    size_t errlen;
    int nplayers;
} rctx;

/* Free a tree (its depth is at most RECORD_MAX_DEPTH). */
static void rnode_free(rnode *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->nkids; i++)
        rnode_free(n->kids[i]);
    free(n->kids);
    free(n->value);
    free(n);
}

/* Append kid to parent's children, doubling the array. */
static int rnode_add(rnode *parent, rnode *kid)
{
    if (parent->nkids == parent->capkids) {
        size_t cap = parent->capkids ? parent->capkids * 2 : 4;
        rnode **kids = realloc(parent->kids, cap * sizeof *kids);
        if (!kids)
            return -1;
        parent->kids = kids;
        parent->capkids = cap;
    }
    parent->kids[parent->nkids++] = kid;
    return 0;
}

/* Report an error at a line; field may be NULL. Returns -1. */
static int rfail(rctx *c, unsigned long line, const char *field,
                 const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (field && *field)
        snprintf(c->err, c->errlen, "%s:%lu: %s: %s", c->path, line, field,
                 what);
    else
        snprintf(c->err, c->errlen, "%s:%lu: %s", c->path, line, what);
    return -1;
}

/* ---- pass 1: the tree -------------------------------------------------- */

/* Read the whole file, refusing more than RECORD_MAX_BYTES. */
static int read_file(rctx *c, char **out, size_t *outlen)
{
    int fd = open(c->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(c->err, c->errlen, "%s: %s", c->path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(c->err, c->errlen, "%s: %s", c->path, strerror(errno));
        close(fd);
        return -1;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(c->err, c->errlen, "%s: is a directory", c->path);
        close(fd);
        return -1;
    }
    if (S_ISREG(st.st_mode) && st.st_size > RECORD_MAX_BYTES) {
        snprintf(c->err, c->errlen,
                 "%s: file too large (%jd bytes, the limit is %ld MiB)",
                 c->path, (intmax_t)st.st_size, RECORD_MAX_BYTES >> 20);
        close(fd);
        return -1;
    }
    size_t cap = 65536, len = 0;
    if (S_ISREG(st.st_mode) && st.st_size >= 0 &&
        (size_t)st.st_size >= cap)
        cap = (size_t)st.st_size + 1; /* one read more sees the EOF */
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            snprintf(c->err, c->errlen, "%s: out of memory", c->path);
            close(fd);
            return -1;
        }
        if (len == cap) {
            if (cap > RECORD_MAX_BYTES) {
                snprintf(c->err, c->errlen,
                         "%s: file too large (the limit is %ld MiB)",
                         c->path, RECORD_MAX_BYTES >> 20);
                free(buf);
                close(fd);
                return -1;
            }
            char *bigger = realloc(buf, cap * 2);
            if (!bigger)
                free(buf);
            buf = bigger;
            cap *= 2;
            continue;
        }
        ssize_t n = read(fd, buf + len, cap - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(c->err, c->errlen, "%s: %s", c->path, strerror(errno));
            free(buf);
            close(fd);
            return -1;
        }
        if (n == 0)
            break;
        len += (size_t)n;
        if (len > RECORD_MAX_BYTES) {
            snprintf(c->err, c->errlen,
                     "%s: file too large (the limit is %ld MiB)", c->path,
                     RECORD_MAX_BYTES >> 20);
            free(buf);
            close(fd);
            return -1;
        }
    }
    close(fd);
    *out = buf;
    *outlen = len;
    return 0;
}

/* Report a libyaml parser error with its line. */
static int parse_fail(rctx *c, const yaml_parser_t *p, const char *buf,
                      size_t len)
{
    if (p->error == YAML_MEMORY_ERROR) {
        snprintf(c->err, c->errlen, "%s: out of memory", c->path);
        return -1;
    }
    unsigned long line;
    if (p->error == YAML_READER_ERROR) {
        /* The reader gives a byte offset, not a mark. */
        line = 1;
        for (size_t i = 0; i < p->problem_offset && i < len; i++)
            line += buf[i] == '\n';
    } else {
        line = (unsigned long)p->problem_mark.line + 1;
    }
    const char *problem = p->problem ? p->problem : "syntax error";
    if (p->context)
        return rfail(c, line, NULL, "invalid YAML: %s (%s at line %lu)",
                     problem, p->context,
                     (unsigned long)p->context_mark.line + 1);
    return rfail(c, line, NULL, "invalid YAML: %s", problem);
}

/* Parse buf into a tree of nodes; *root is NULL for an empty stream. */
static int build_tree(rctx *c, const char *buf, size_t len, rnode **root)
{
    yaml_parser_t p;
    yaml_event_t ev;
    rnode *stack[RECORD_MAX_DEPTH];
    int depth = 0, ndocs = 0, rc = -1;
    long nnodes = 0;

    *root = NULL;
    if (!yaml_parser_initialize(&p)) {
        snprintf(c->err, c->errlen, "%s: out of memory", c->path);
        return -1;
    }
    yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
    for (;;) {
        if (!yaml_parser_parse(&p, &ev)) {
            parse_fail(c, &p, buf, len);
            goto out;
        }
        unsigned long line = (unsigned long)ev.start_mark.line + 1;
        rnode *n = NULL;
        bool done = false, push = false;
        switch (ev.type) {
        case YAML_DOCUMENT_START_EVENT:
            if (ndocs++) {
                rfail(c, line, NULL,
                      "more than one YAML document (a record is one)");
                goto fail_ev;
            }
            break;
        case YAML_ALIAS_EVENT:
            rfail(c, line, NULL, "aliases are not allowed");
            goto fail_ev;
        case YAML_SCALAR_EVENT:
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            if (++nnodes > RECORD_MAX_NODES) {
                rfail(c, line, NULL, "too many nodes (more than %ld)",
                      RECORD_MAX_NODES);
                goto fail_ev;
            }
            n = calloc(1, sizeof *n);
            if (!n) {
                snprintf(c->err, c->errlen, "%s: out of memory", c->path);
                goto fail_ev;
            }
            n->line = line;
            if (ev.type == YAML_SCALAR_EVENT) {
                n->kind = RN_SCALAR;
                n->len = ev.data.scalar.length;
                n->value = malloc(n->len + 1);
                if (!n->value) {
                    free(n);
                    snprintf(c->err, c->errlen, "%s: out of memory",
                             c->path);
                    goto fail_ev;
                }
                memcpy(n->value, ev.data.scalar.value, n->len);
                n->value[n->len] = '\0';
                n->plain = ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
                n->str_tag = ev.data.scalar.tag &&
                             strcmp((const char *)ev.data.scalar.tag,
                                    YAML_STR_TAG) == 0;
            } else {
                n->kind = ev.type == YAML_MAPPING_START_EVENT ? RN_MAP
                                                              : RN_SEQ;
                if (depth == RECORD_MAX_DEPTH) {
                    free(n);
                    rfail(c, line, NULL, "nested deeper than %d levels",
                          RECORD_MAX_DEPTH);
                    goto fail_ev;
                }
                push = true;
            }
            if (depth == 0) {
                *root = n;
            } else {
                rnode *parent = stack[depth - 1];
                if (parent->kind == RN_MAP && parent->nkids % 2 == 0 &&
                    n->kind != RN_SCALAR) {
                    rnode_free(n);
                    rfail(c, line, NULL, "mapping keys must be scalars");
                    goto fail_ev;
                }
                if (parent->kind == RN_MAP && parent->nkids % 2)
                    n->keyline = parent->kids[parent->nkids - 1]->line;
                if (rnode_add(parent, n)) {
                    rnode_free(n);
                    snprintf(c->err, c->errlen, "%s: out of memory",
                             c->path);
                    goto fail_ev;
                }
            }
            if (push)
                stack[depth++] = n;
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            depth--;
            break;
        case YAML_STREAM_END_EVENT:
            done = true;
            break;
        default:
            break;
        }
        yaml_event_delete(&ev);
        if (done)
            break;
        continue;
    fail_ev:
        yaml_event_delete(&ev);
        goto out;
    }
    rc = 0;
out:
    yaml_parser_delete(&p);
    if (rc) {
        rnode_free(*root);
        *root = NULL;
    }
    return rc;
}

/* ---- pass 2: the checks -------------------------------------------------- */

/* The line to blame for a node as a whole: a block collection starts at
 * its first entry, so name the line of its key instead. */
static unsigned long node_line(const rnode *n)
{
    return n->kind != RN_SCALAR && n->keyline ? n->keyline : n->line;
}

/* Join a field path: "moves[3]" + "ms" -> "moves[3].ms". */
static void field_name(char *buf, size_t len, const char *prefix,
                       const char *key)
{
    if (prefix && *prefix)
        snprintf(buf, len, "%s.%s", prefix, key);
    else
        snprintf(buf, len, "%s", key);
}

/* Is n a null: a plain ~, null, Null, NULL or empty scalar, untagged? */
static bool rnode_is_null(const rnode *n)
{
    if (n->kind != RN_SCALAR || !n->plain || n->str_tag)
        return false;
    return n->len == 0 || strcmp(n->value, "~") == 0 ||
           strcmp(n->value, "null") == 0 || strcmp(n->value, "Null") == 0 ||
           strcmp(n->value, "NULL") == 0;
}

/* Quote a scalar for a message: printable, at most 40 bytes. */
static const char *shown(const rnode *n, char *buf, size_t len)
{
    size_t j = 0;
    for (size_t i = 0; i < n->len && j + 4 < len; i++) {
        unsigned char ch = (unsigned char)n->value[i];
        if (i == 40) {
            memcpy(buf + j, "...", 3);
            j += 3;
            break;
        }
        buf[j++] = ch < 0x20 || ch == 0x7f ? '?' : (char)ch;
    }
    buf[j] = '\0';
    return buf;
}

/* What n is, for "expected X, got Y". */
static const char *got(const rnode *n, char *buf, size_t len)
{
    char v[64];
    if (n->kind == RN_MAP)
        snprintf(buf, len, "a mapping");
    else if (n->kind == RN_SEQ)
        snprintf(buf, len, "a sequence");
    else if (rnode_is_null(n))
        snprintf(buf, len, "null");
    else if (n->plain)
        snprintf(buf, len, "'%s'", shown(n, v, sizeof v));
    else
        snprintf(buf, len, "the string \"%s\"", shown(n, v, sizeof v));
    return buf;
}

/* Find key in mapping m; *out is NULL when absent.  A key given twice is an
 * error (YAML forbids it, and which one counts would be a guess). */
static int map_find(rctx *c, const rnode *m, const char *prefix,
                    const char *key, const rnode **out)
{
    *out = NULL;
    for (size_t i = 0; i + 1 < m->nkids; i += 2) {
        const rnode *k = m->kids[i];
        if (k->len != strlen(key) || strcmp(k->value, key) != 0)
            continue;
        if (*out) {
            char f[128];
            field_name(f, sizeof f, prefix, key);
            return rfail(c, k->line, f, "duplicate key");
        }
        *out = m->kids[i + 1];
    }
    return 0;
}

/* Find a required key: absent or null is an error. */
static int map_need(rctx *c, const rnode *m, const char *prefix,
                    const char *key, const rnode **out)
{
    char f[128];
    if (map_find(c, m, prefix, key, out))
        return -1;
    field_name(f, sizeof f, prefix, key);
    if (!*out)
        return rfail(c, m->line, f, "required field is missing");
    if (rnode_is_null(*out))
        return rfail(c, node_line(*out), f, "required, got null");
    return 0;
}

/* Check that n is a mapping or a sequence. */
static int want_kind(rctx *c, const rnode *n, const char *field,
                     rnode_kind kind)
{
    char g[128];
    if (n->kind == kind)
        return 0;
    return rfail(c, node_line(n), field, "expected a %s, got %s",
                 kind == RN_MAP ? "mapping" : "sequence",
                 got(n, g, sizeof g));
}

/* Parse n as a decimal integer within lo..hi. */
static int parse_int(rctx *c, const rnode *n, const char *field,
                     long long lo, long long hi, long long *out)
{
    char g[128];
    if (n->kind != RN_SCALAR || !n->plain || n->str_tag ||
        rnode_is_null(n))
        return rfail(c, node_line(n), field, "expected an integer, got %s",
                     got(n, g, sizeof g));
    const char *s = n->value;
    size_t i = (*s == '-' || *s == '+');
    if (!s[i] || strspn(s + i, "0123456789") != n->len - i)
        return rfail(c, node_line(n), field, "expected an integer, got %s",
                     got(n, g, sizeof g));
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == ERANGE || v < lo || v > hi)
        return rfail(c, node_line(n), field,
                     "expected an integer from %lld to %lld, got %s", lo, hi,
                     got(n, g, sizeof g));
    *out = v;
    return 0;
}

/* Get a required integer field within lo..hi. */
static int get_int(rctx *c, const rnode *m, const char *prefix,
                   const char *key, long long lo, long long hi,
                   long long *out)
{
    const rnode *n;
    char f[128];
    field_name(f, sizeof f, prefix, key);
    if (map_need(c, m, prefix, key, &n))
        return -1;
    return parse_int(c, n, f, lo, hi, out);
}

/* Get a required int field within lo..hi. */
static int get_i(rctx *c, const rnode *m, const char *prefix,
                 const char *key, long long lo, long long hi, int *out)
{
    long long v;
    if (get_int(c, m, prefix, key, lo, hi, &v))
        return -1;
    *out = (int)v;
    return 0;
}

/* Get a required long field within lo..hi. */
static int get_l(rctx *c, const rnode *m, const char *prefix,
                 const char *key, long long lo, long long hi, long *out)
{
    long long v;
    if (get_int(c, m, prefix, key, lo, hi, &v))
        return -1;
    *out = (long)v;
    return 0;
}

/* Copy scalar n as a string into *out (freeing what was there). */
static int take_str(rctx *c, const rnode *n, const char *field, char **out)
{
    char g[128];
    if (n->kind != RN_SCALAR)
        return rfail(c, node_line(n), field, "expected a string, got %s",
                     got(n, g, sizeof g));
    if (strlen(n->value) != n->len)
        return rfail(c, node_line(n), field, "contains a NUL character");
    char *copy = strdup(n->value);
    if (!copy)
        return rfail(c, node_line(n), field, "out of memory");
    free(*out);
    *out = copy;
    return 0;
}

/* Get a string field: required (not null) or optional (NULL if absent or
 * null).  Any scalar is a string: move: c4 and move: "c4" are the same. */
static int get_str(rctx *c, const rnode *m, const char *prefix,
                   const char *key, bool required, char **out)
{
    const rnode *n;
    char f[128];
    field_name(f, sizeof f, prefix, key);
    if (required ? map_need(c, m, prefix, key, &n)
                 : map_find(c, m, prefix, key, &n))
        return -1;
    if (!n || rnode_is_null(n))
        return 0;
    return take_str(c, n, f, out);
}

/* Get a required mapping or sequence field. */
static int get_kind(rctx *c, const rnode *m, const char *prefix,
                    const char *key, rnode_kind kind, const rnode **out)
{
    char f[128];
    field_name(f, sizeof f, prefix, key);
    if (map_need(c, m, prefix, key, out))
        return -1;
    return want_kind(c, *out, f, kind);
}

/* Check a string against a comma-separated list of allowed words. */
static int want_word(rctx *c, const rnode *m, const char *prefix,
                     const char *key, const char *value, const char *words)
{
    if (!value)
        return 0;
    size_t n = strlen(value);
    for (const char *p = words; *p;) {
        size_t w = strcspn(p, ",");
        if (w == n && strncmp(p, value, n) == 0)
            return 0;
        p += w + (p[w] == ',');
    }
    const rnode *v;
    char f[128], g[128];
    field_name(f, sizeof f, prefix, key);
    map_find(c, m, prefix, key, &v);
    return rfail(c, v ? node_line(v) : m->line, f, "expected one of %s, got %s",
                 words, v ? got(v, g, sizeof g) : "nothing");
}

/* Check players[i] and fill r->players[i]. */
static int check_player(rctx *c, const rnode *n, size_t i, record *r,
                        bool *seen)
{
    char pre[64];
    snprintf(pre, sizeof pre, "players[%zu]", i);
    if (want_kind(c, n, pre, RN_MAP))
        return -1;
    record_player *p = &r->players[i];
    if (get_i(c, n, pre, "seat", 0, c->nplayers - 1, &p->seat))
        return -1;
    if (seen[p->seat]) {
        const rnode *s;
        map_find(c, n, pre, "seat", &s);
        char f[128];
        field_name(f, sizeof f, pre, "seat");
        return rfail(c, s->line, f, "seat %d is listed twice", p->seat);
    }
    seen[p->seat] = true;
    if (get_str(c, n, pre, "colour", true, &p->colour) ||
        get_str(c, n, pre, "command", true, &p->command) ||
        get_str(c, n, pre, "name", false, &p->name) ||
        get_str(c, n, pre, "version", false, &p->version) ||
        get_str(c, n, pre, "author", false, &p->author) ||
        get_str(c, n, pre, "log", false, &p->log) ||
        get_str(c, n, pre, "result", false, &p->result) ||
        want_word(c, n, pre, "result", p->result, "win,loss,draw") ||
        get_i(c, n, pre, "place", 0, c->nplayers, &p->place) ||
        get_i(c, n, pre, "win_points", 0, INT32_MAX, &p->win_points))
        return -1;
    return 0;
}

/* Check moves[i] and append it to r. */
static int check_move(rctx *c, const rnode *n, size_t i, record *r)
{
    char pre[64];
    snprintf(pre, sizeof pre, "moves[%zu]", i);
    if (want_kind(c, n, pre, RN_MAP))
        return -1;
    long long ply;
    int seat;
    long ms, left_ms;
    char *text = NULL, *sent = NULL;
    const rnode *pn;
    if (map_need(c, n, pre, "ply", &pn) ||
        get_int(c, n, pre, "ply", 1, INT64_MAX, &ply))
        return -1;
    if ((unsigned long long)ply != i + 1) {
        char f[128];
        field_name(f, sizeof f, pre, "ply");
        return rfail(c, pn->line, f, "expected ply %zu (moves in order), "
                     "got %lld", i + 1, ply);
    }
    if (get_i(c, n, pre, "seat", 0, c->nplayers - 1, &seat) ||
        get_str(c, n, pre, "move", true, &text) ||
        get_str(c, n, pre, "sent", false, &sent) ||
        get_l(c, n, pre, "ms", 0, INT32_MAX * 1024LL, &ms) ||
        get_l(c, n, pre, "left_ms", -1, INT32_MAX * 1024LL, &left_ms))
        goto fail;
    record_move *m = record_add_move(r, seat, text, sent, ms, left_ms);
    free(text);
    free(sent);
    text = sent = NULL;
    if (!m)
        return rfail(c, node_line(n), pre, "out of memory");

    const rnode *cs;
    if (map_find(c, n, pre, "comments", &cs))
        return -1;
    if (!cs || rnode_is_null(cs))
        return 0;
    char f[128];
    field_name(f, sizeof f, pre, "comments");
    if (want_kind(c, cs, f, RN_SEQ))
        return -1;
    for (size_t k = 0; k < cs->nkids; k++) {
        char cf[160];
        char *s = NULL;
        snprintf(cf, sizeof cf, "%s[%zu]", f, k);
        if (rnode_is_null(cs->kids[k]))
            return rfail(c, node_line(cs->kids[k]), cf,
                         "expected a string, got null");
        if (take_str(c, cs->kids[k], cf, &s))
            return -1;
        int rc = record_add_comment(m, s);
        free(s);
        if (rc)
            return rfail(c, node_line(cs->kids[k]), cf, "out of memory");
    }
    return 0;
fail:
    free(text);
    free(sent);
    return -1;
}

/* Check the schema version first: a newer file fails on that, not on a
 * field this referee has never heard of. */
static int check_schema(rctx *c, const rnode *root, record *r)
{
    const rnode *n;
    long long v;
    if (map_need(c, root, "", "schema", &n) ||
        parse_int(c, n, "schema", INT32_MIN, INT32_MAX, &v))
        return -1;
    if (v > RECORD_SCHEMA)
        return rfail(c, node_line(n), "schema",
                     "schema %lld is newer than this referee reads (%d); "
                     "use a newer referee", v, RECORD_SCHEMA);
    if (v != RECORD_SCHEMA)
        return rfail(c, node_line(n), "schema",
                     "unknown schema %lld (this referee reads %d)", v,
                     RECORD_SCHEMA);
    r->schema = (int)v;
    return 0;
}

/* Check the whole tree and fill r. */
static int check_record(rctx *c, const rnode *root, record *r)
{
    const rnode *ref, *game, *tc, *players, *moves, *res, *n;
    char g[128];
    if (root->kind != RN_MAP)
        return rfail(c, node_line(root), NULL,
                     "expected a mapping (a record) at the top, got %s",
                     got(root, g, sizeof g));
    if (check_schema(c, root, r))
        return -1;

    if (get_kind(c, root, "", "referee", RN_MAP, &ref) ||
        get_str(c, ref, "referee", "version", true, &r->referee_version) ||
        get_str(c, root, "", "event", false, &r->event) ||
        get_i(c, root, "", "round", 1, INT32_MAX, &r->round))
        return -1;

    if (get_kind(c, root, "", "game", RN_MAP, &game) ||
        get_str(c, game, "game", "name", true, &r->game) ||
        get_str(c, game, "game", "variant", true, &r->variant) ||
        get_str(c, game, "game", "options", false, &r->options))
        return -1;

    if (map_need(c, root, "", "seed", &n))
        return -1;
    if (n->kind != RN_SCALAR || !n->plain || n->str_tag ||
        !n->len || strspn(n->value, "0123456789") != n->len)
        return rfail(c, node_line(n), "seed",
                     "expected an unsigned integer, got %s",
                     got(n, g, sizeof g));
    errno = 0;
    unsigned long long seed = strtoull(n->value, NULL, 10);
    if (errno == ERANGE)
        return rfail(c, node_line(n), "seed",
                     "expected an integer from 0 to %" PRIu64 ", got %s",
                     UINT64_MAX, got(n, g, sizeof g));
    r->seed = (uint64_t)seed;

    const long long big = INT32_MAX * 1024LL; /* over 3 years in ms */
    if (get_kind(c, root, "", "time_control", RN_MAP, &tc) ||
        get_l(c, tc, "time_control", "move_ms", 0, big, &r->move_ms) ||
        get_l(c, tc, "time_control", "bank_ms", 0, big, &r->bank_ms) ||
        get_l(c, tc, "time_control", "increment_ms", 0, big,
              &r->increment_ms) ||
        get_l(c, tc, "time_control", "grace_ms", 0, big, &r->grace_ms) ||
        get_l(c, tc, "time_control", "startup_ms", 0, big, &r->startup_ms))
        return -1;

    if (get_str(c, root, "", "started", true, &r->start_time) ||
        get_str(c, root, "", "ended", false, &r->end_time))
        return -1;

    if (get_kind(c, root, "", "players", RN_SEQ, &players))
        return -1;
    if (players->nkids < 1 || players->nkids > RECORD_MAX_PLAYERS)
        return rfail(c, node_line(players), "players",
                     "expected 1 to %d players, got %zu", RECORD_MAX_PLAYERS,
                     players->nkids);
    c->nplayers = (int)players->nkids;
    r->nplayers = c->nplayers;
    bool seen[RECORD_MAX_PLAYERS] = {0};
    for (size_t i = 0; i < players->nkids; i++)
        if (check_player(c, players->kids[i], i, r, seen))
            return -1;

    if (get_kind(c, root, "", "moves", RN_SEQ, &moves))
        return -1;
    for (size_t i = 0; i < moves->nkids; i++)
        if (check_move(c, moves->kids[i], i, r))
            return -1;

    if (get_kind(c, root, "", "result", RN_MAP, &res) ||
        get_str(c, res, "result", "status", true, &r->status) ||
        want_word(c, res, "result", "status", r->status, "finished,void") ||
        get_str(c, res, "result", "reason", true, &r->reason) ||
        get_str(c, res, "result", "detail", false, &r->detail))
        return -1;
    if (map_find(c, res, "result", "fault_seat", &n))
        return -1;
    r->fault_seat = -1;
    if (n && !rnode_is_null(n)) {
        long long v;
        if (parse_int(c, n, "result.fault_seat", -1, c->nplayers - 1, &v))
            return -1;
        r->fault_seat = (int)v;
    }

    return get_str(c, root, "", "final_position", true, &r->final_position);
}

/* Read and check a record (see the top of this file).  r need not be
 * initialised; on failure it is left released (empty). */
int record_read(const char *path, record *r, char *err, size_t errlen)
{
    rctx c = {.path = path, .err = err, .errlen = errlen};
    char *buf = NULL;
    size_t len = 0;
    rnode *root = NULL;
    int rc = -1;

    record_init(r);
    if (read_file(&c, &buf, &len))
        return -1;
    if (build_tree(&c, buf, len, &root))
        goto out;
    if (!root) {
        snprintf(err, errlen, "%s:1: empty file, expected a record",
                 path);
        goto out;
    }
    rc = check_record(&c, root, r);
out:
    rnode_free(root);
    free(buf);
    if (rc)
        record_release(r);
    return rc;
}
