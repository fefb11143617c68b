/*
 * ytree.c - YAML files as checked trees (see ytree.h).
 *
 * The libyaml event parser builds a small tree of nodes, each with its
 * line; this is where hostile input is stopped: the file size, the nesting
 * depth and the node count are capped, aliases are refused (they make
 * "billion laughs" documents), and only one document is read.
 */
#include "ytree.h"

#include "util/grow.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

/* Free a tree (its depth is at most YTREE_MAX_DEPTH). */
void ytree_free(ytree_node *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->nkids; i++)
        ytree_free(n->kids[i]);
    free(n->kids);
    free(n->value);
    free(n);
}

/* Append kid to parent's children, doubling the array. */
static int ytree_add(ytree_node *parent, ytree_node *kid)
{
    ytree_node **kids = grow(parent->kids, &parent->capkids,
                             parent->nkids + 1, sizeof *kids, 4);
    if (!kids)
        return -1;
    parent->kids = kids;
    parent->kids[parent->nkids++] = kid;
    return 0;
}

/* Report an error at a line; field may be NULL. Returns -1. */
int ytree_fail(ytree_ctx *c, unsigned long line, const char *field,
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

/* Read the whole file, refusing more than YTREE_MAX_BYTES. */
static int ytree_read_file(ytree_ctx *c, char **out, size_t *outlen)
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
    if (S_ISREG(st.st_mode) && st.st_size > YTREE_MAX_BYTES) {
        snprintf(c->err, c->errlen,
                 "%s: file too large (%jd bytes, the limit is %ld MiB)",
                 c->path, (intmax_t)st.st_size, YTREE_MAX_BYTES >> 20);
        close(fd);
        return -1;
    }
    size_t cap = 65536, len = 0;
    if (S_ISREG(st.st_mode) && st.st_size >= 0 && (size_t)st.st_size >= cap)
        cap = (size_t)st.st_size + 1; /* one read more sees the EOF */
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            snprintf(c->err, c->errlen, "%s: out of memory", c->path);
            close(fd);
            return -1;
        }
        if (len == cap) {
            if (cap > YTREE_MAX_BYTES) {
                snprintf(c->err, c->errlen,
                         "%s: file too large (the limit is %ld MiB)", c->path,
                         YTREE_MAX_BYTES >> 20);
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
        if (len > YTREE_MAX_BYTES) {
            snprintf(c->err, c->errlen,
                     "%s: file too large (the limit is %ld MiB)", c->path,
                     YTREE_MAX_BYTES >> 20);
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
static int ytree_parse_fail(ytree_ctx *c, const yaml_parser_t *p,
                            const char *buf, size_t len)
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
        return ytree_fail(c, line, NULL, "invalid YAML: %s (%s at line %lu)",
                          problem, p->context,
                          (unsigned long)p->context_mark.line + 1);
    return ytree_fail(c, line, NULL, "invalid YAML: %s", problem);
}

/* Parse buf into a tree of nodes; *root is NULL for an empty stream. */
static int ytree_build(ytree_ctx *c, const char *buf, size_t len,
                       ytree_node **root)
{
    yaml_parser_t p;
    yaml_event_t ev;
    ytree_node *stack[YTREE_MAX_DEPTH];
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
            ytree_parse_fail(c, &p, buf, len);
            goto out;
        }
        unsigned long line = (unsigned long)ev.start_mark.line + 1;
        ytree_node *n = NULL;
        bool done = false, push = false;
        switch (ev.type) {
        case YAML_DOCUMENT_START_EVENT:
            if (ndocs++) {
                ytree_fail(c, line, NULL,
                           "more than one YAML document (expected one)");
                goto fail_ev;
            }
            break;
        case YAML_ALIAS_EVENT:
            ytree_fail(c, line, NULL, "aliases are not allowed");
            goto fail_ev;
        case YAML_SCALAR_EVENT:
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            if (++nnodes > YTREE_MAX_NODES) {
                ytree_fail(c, line, NULL, "too many nodes (more than %ld)",
                           YTREE_MAX_NODES);
                goto fail_ev;
            }
            n = calloc(1, sizeof *n);
            if (!n) {
                snprintf(c->err, c->errlen, "%s: out of memory", c->path);
                goto fail_ev;
            }
            n->line = line;
            if (ev.type == YAML_SCALAR_EVENT) {
                n->kind = YTREE_SCALAR;
                n->len = ev.data.scalar.length;
                n->value = malloc(n->len + 1);
                if (!n->value) {
                    free(n);
                    snprintf(c->err, c->errlen, "%s: out of memory", c->path);
                    goto fail_ev;
                }
                memcpy(n->value, ev.data.scalar.value, n->len);
                n->value[n->len] = '\0';
                n->plain = ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
                n->str_tag = ev.data.scalar.tag &&
                             strcmp((const char *)ev.data.scalar.tag,
                                    YAML_STR_TAG) == 0;
            } else {
                n->kind = ev.type == YAML_MAPPING_START_EVENT ? YTREE_MAP
                                                              : YTREE_SEQ;
                if (depth == YTREE_MAX_DEPTH) {
                    free(n);
                    ytree_fail(c, line, NULL, "nested deeper than %d levels",
                               YTREE_MAX_DEPTH);
                    goto fail_ev;
                }
                push = true;
            }
            if (depth == 0) {
                *root = n;
            } else {
                ytree_node *parent = stack[depth - 1];
                if (parent->kind == YTREE_MAP && parent->nkids % 2 == 0 &&
                    n->kind != YTREE_SCALAR) {
                    ytree_free(n);
                    ytree_fail(c, line, NULL, "mapping keys must be scalars");
                    goto fail_ev;
                }
                if (parent->kind == YTREE_MAP && parent->nkids % 2)
                    n->keyline = parent->kids[parent->nkids - 1]->line;
                if (ytree_add(parent, n)) {
                    ytree_free(n);
                    snprintf(c->err, c->errlen, "%s: out of memory", c->path);
                    goto fail_ev;
                }
            }
            if (push)
                stack[depth++] = n;
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: depth--; break;
        case YAML_STREAM_END_EVENT: done = true; break;
        default: break;
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
        ytree_free(*root);
        *root = NULL;
    }
    return rc;
}

/* ---- pass 2: the checks --------------------------------------------------
 */

/* The line to blame for a node as a whole: a block collection starts at
 * its first entry, so name the line of its key instead. */
unsigned long ytree_line(const ytree_node *n)
{
    return n->kind != YTREE_SCALAR && n->keyline ? n->keyline : n->line;
}

/* Join a field path: "moves[3]" + "ms" -> "moves[3].ms". */
void ytree_field(char *buf, size_t len, const char *prefix, const char *key)
{
    if (prefix && *prefix)
        snprintf(buf, len, "%s.%s", prefix, key);
    else
        snprintf(buf, len, "%s", key);
}

/* Is n a null: a plain ~, null, Null, NULL or empty scalar, untagged? */
bool ytree_is_null(const ytree_node *n)
{
    if (n->kind != YTREE_SCALAR || !n->plain || n->str_tag)
        return false;
    return n->len == 0 || strcmp(n->value, "~") == 0 ||
           strcmp(n->value, "null") == 0 || strcmp(n->value, "Null") == 0 ||
           strcmp(n->value, "NULL") == 0;
}

/* Quote a scalar for a message: printable, at most 40 bytes. */
static const char *ytree_shown(const ytree_node *n, char *buf, size_t len)
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
const char *ytree_got(const ytree_node *n, char *buf, size_t len)
{
    char v[64];
    if (n->kind == YTREE_MAP)
        snprintf(buf, len, "a mapping");
    else if (n->kind == YTREE_SEQ)
        snprintf(buf, len, "a sequence");
    else if (ytree_is_null(n))
        snprintf(buf, len, "null");
    else if (n->plain)
        snprintf(buf, len, "'%s'", ytree_shown(n, v, sizeof v));
    else
        snprintf(buf, len, "the string \"%s\"", ytree_shown(n, v, sizeof v));
    return buf;
}

/* Find key in mapping m; *out is NULL when absent.  A key given twice is an
 * error (YAML forbids it, and which one counts would be a guess). */
int ytree_map_find(ytree_ctx *c, const ytree_node *m, const char *prefix,
                   const char *key, const ytree_node **out)
{
    *out = NULL;
    for (size_t i = 0; i + 1 < m->nkids; i += 2) {
        const ytree_node *k = m->kids[i];
        if (k->len != strlen(key) || strcmp(k->value, key) != 0)
            continue;
        if (*out) {
            char f[128];
            ytree_field(f, sizeof f, prefix, key);
            return ytree_fail(c, k->line, f, "duplicate key");
        }
        *out = m->kids[i + 1];
    }
    return 0;
}

/* Find a required key: absent or null is an error. */
int ytree_map_need(ytree_ctx *c, const ytree_node *m, const char *prefix,
                   const char *key, const ytree_node **out)
{
    char f[128];
    if (ytree_map_find(c, m, prefix, key, out))
        return -1;
    ytree_field(f, sizeof f, prefix, key);
    if (!*out)
        return ytree_fail(c, m->line, f, "required field is missing");
    if (ytree_is_null(*out))
        return ytree_fail(c, ytree_line(*out), f, "required, got null");
    return 0;
}

/* Check that n is a mapping or a sequence. */
int ytree_want_kind(ytree_ctx *c, const ytree_node *n, const char *field,
                    ytree_kind kind)
{
    char g[128];
    if (n->kind == kind)
        return 0;
    return ytree_fail(c, ytree_line(n), field, "expected a %s, got %s",
                      kind == YTREE_MAP ? "mapping" : "sequence",
                      ytree_got(n, g, sizeof g));
}

/* Parse n as a decimal integer within lo..hi. */
int ytree_parse_int(ytree_ctx *c, const ytree_node *n, const char *field,
                    long long lo, long long hi, long long *out)
{
    char g[128];
    if (n->kind != YTREE_SCALAR || !n->plain || n->str_tag || ytree_is_null(n))
        return ytree_fail(c, ytree_line(n), field,
                          "expected an integer, got %s",
                          ytree_got(n, g, sizeof g));
    const char *s = n->value;
    size_t i = (*s == '-' || *s == '+');
    if (!s[i] || strspn(s + i, "0123456789") != n->len - i)
        return ytree_fail(c, ytree_line(n), field,
                          "expected an integer, got %s",
                          ytree_got(n, g, sizeof g));
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == ERANGE || v < lo || v > hi)
        return ytree_fail(c, ytree_line(n), field,
                          "expected an integer from %lld to %lld, got %s", lo,
                          hi, ytree_got(n, g, sizeof g));
    *out = v;
    return 0;
}

/* Get a required integer field within lo..hi. */
int ytree_get_int(ytree_ctx *c, const ytree_node *m, const char *prefix,
                  const char *key, long long lo, long long hi, long long *out)
{
    const ytree_node *n;
    char f[128];
    ytree_field(f, sizeof f, prefix, key);
    if (ytree_map_need(c, m, prefix, key, &n))
        return -1;
    return ytree_parse_int(c, n, f, lo, hi, out);
}

/* Get a required int field within lo..hi. */
int ytree_get_i(ytree_ctx *c, const ytree_node *m, const char *prefix,
                const char *key, long long lo, long long hi, int *out)
{
    long long v;
    if (ytree_get_int(c, m, prefix, key, lo, hi, &v))
        return -1;
    *out = (int)v;
    return 0;
}

/* Get a required long field within lo..hi. */
int ytree_get_l(ytree_ctx *c, const ytree_node *m, const char *prefix,
                const char *key, long long lo, long long hi, long *out)
{
    long long v;
    if (ytree_get_int(c, m, prefix, key, lo, hi, &v))
        return -1;
    *out = (long)v;
    return 0;
}

/* Copy scalar n as a string into *out (freeing what was there). */
int ytree_take_str(ytree_ctx *c, const ytree_node *n, const char *field,
                   char **out)
{
    char g[128];
    if (n->kind != YTREE_SCALAR)
        return ytree_fail(c, ytree_line(n), field, "expected a string, got %s",
                          ytree_got(n, g, sizeof g));
    if (strlen(n->value) != n->len)
        return ytree_fail(c, ytree_line(n), field, "contains a NUL character");
    char *copy = strdup(n->value);
    if (!copy)
        return ytree_fail(c, ytree_line(n), field, "out of memory");
    free(*out);
    *out = copy;
    return 0;
}

/* Get a string field: required (not null) or optional (NULL if absent or
 * null).  Any scalar is a string: move: c4 and move: "c4" are the same. */
int ytree_get_str(ytree_ctx *c, const ytree_node *m, const char *prefix,
                  const char *key, bool required, char **out)
{
    const ytree_node *n;
    char f[128];
    ytree_field(f, sizeof f, prefix, key);
    if (required ? ytree_map_need(c, m, prefix, key, &n)
                 : ytree_map_find(c, m, prefix, key, &n))
        return -1;
    if (!n || ytree_is_null(n))
        return 0;
    return ytree_take_str(c, n, f, out);
}

/* Get a required mapping or sequence field. */
int ytree_get_kind(ytree_ctx *c, const ytree_node *m, const char *prefix,
                   const char *key, ytree_kind kind, const ytree_node **out)
{
    char f[128];
    ytree_field(f, sizeof f, prefix, key);
    if (ytree_map_need(c, m, prefix, key, out))
        return -1;
    return ytree_want_kind(c, *out, f, kind);
}

/* Check a string against a comma-separated list of allowed words. */
int ytree_want_word(ytree_ctx *c, const ytree_node *m, const char *prefix,
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
    const ytree_node *v;
    char f[128], g[128];
    ytree_field(f, sizeof f, prefix, key);
    ytree_map_find(c, m, prefix, key, &v);
    return ytree_fail(c, v ? ytree_line(v) : m->line, f,
                      "expected one of %s, got %s", words,
                      v ? ytree_got(v, g, sizeof g) : "nothing");
}

int ytree_load(ytree_ctx *c, const char *what, ytree_node **root)
{
    char *buf = NULL;
    size_t len = 0;
    *root = NULL;
    if (ytree_read_file(c, &buf, &len))
        return -1;
    int rc = ytree_build(c, buf, len, root);
    free(buf);
    if (rc == 0 && !*root) {
        snprintf(c->err, c->errlen, "%s:1: empty file, expected %s", c->path,
                 what);
        rc = -1;
    }
    return rc;
}
