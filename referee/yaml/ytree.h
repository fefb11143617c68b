/*
 * ytree.h - a YAML file as a tree of nodes with their line numbers, and
 * typed getters whose errors name the file, the line and the field.
 * Shared by the record reader and the event-definition loader.
 *
 * Caller's protocol:
 *   ytree_ctx c = {.path = path, .err = err, .errlen = errlen};
 *   ytree_node *root;
 *   if (ytree_load(&c, "an event definition", &root)) -> err is set
 *   ... ytree_get_str(&c, root, "", "name", true, &name) ...
 *   ytree_free(root);
 *
 * Hostile input is refused while loading: files over YTREE_MAX_BYTES,
 * nesting deeper than YTREE_MAX_DEPTH, more than YTREE_MAX_NODES nodes,
 * aliases, more than one document.  Every getter returns 0, or -1 with
 * "FILE:LINE: FIELD: what is wrong" in c->err; FIELD is prefix.key, e.g.
 * "players[2].seat".  A getter for a required key fails when the key is
 * absent or null; an optional one leaves *out untouched.
 */
#ifndef YTREE_H
#define YTREE_H

#include <stdbool.h>
#include <stddef.h>

#define YTREE_MAX_BYTES (64L * 1024 * 1024)
#define YTREE_MAX_DEPTH 16
#define YTREE_MAX_NODES 1000000L

typedef enum { YTREE_SCALAR, YTREE_SEQ, YTREE_MAP } ytree_kind;

/* A node.  A mapping's kids alternate key, value. */
typedef struct ytree_node {
    ytree_kind kind;
    unsigned long line;    /* 1-based */
    unsigned long keyline; /* line of its key in a mapping, or 0 */
    char *value;           /* scalar text, NUL-terminated */
    size_t len;            /* its length (a \0 escape makes len > strlen) */
    bool plain;            /* plain style: may be null or a number */
    bool str_tag;          /* explicitly tagged !!str */
    struct ytree_node **kids;
    size_t nkids, capkids;
} ytree_node;

typedef struct {
    const char *path; /* named in every message */
    char *err;
    size_t errlen;
} ytree_ctx;

/* Read and parse c->path; what names the expected content for an empty
 * file ("a record"). */
int ytree_load(ytree_ctx *c, const char *what, ytree_node **root);
void ytree_free(ytree_node *n);

/* Report an error at a line; field may be NULL.  Returns -1. */
int ytree_fail(ytree_ctx *c, unsigned long line, const char *field,
               const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The line to blame for a node as a whole. */
unsigned long ytree_line(const ytree_node *n);
/* Join a field path: "moves[3]" + "ms" -> "moves[3].ms". */
void ytree_field(char *buf, size_t len, const char *prefix, const char *key);
/* Is n a plain, untagged null (~, null, empty)? */
bool ytree_is_null(const ytree_node *n);
/* What n is, for "expected X, got Y". */
const char *ytree_got(const ytree_node *n, char *buf, size_t len);

/* Find key in mapping m (*out NULL when absent; a duplicate key fails). */
int ytree_map_find(ytree_ctx *c, const ytree_node *m, const char *prefix,
                   const char *key, const ytree_node **out);
/* Find a required key: absent or null fails. */
int ytree_map_need(ytree_ctx *c, const ytree_node *m, const char *prefix,
                   const char *key, const ytree_node **out);
int ytree_want_kind(ytree_ctx *c, const ytree_node *n, const char *field,
                    ytree_kind kind);
int ytree_parse_int(ytree_ctx *c, const ytree_node *n, const char *field,
                    long long lo, long long hi, long long *out);
/* Required integers within lo..hi. */
int ytree_get_int(ytree_ctx *c, const ytree_node *m, const char *prefix,
                  const char *key, long long lo, long long hi,
                  long long *out);
int ytree_get_i(ytree_ctx *c, const ytree_node *m, const char *prefix,
                const char *key, long long lo, long long hi, int *out);
int ytree_get_l(ytree_ctx *c, const ytree_node *m, const char *prefix,
                const char *key, long long lo, long long hi, long *out);
/* Copy scalar n into *out (freeing what was there). */
int ytree_take_str(ytree_ctx *c, const ytree_node *n, const char *field,
                   char **out);
/* A string field, required or optional (absent or null: *out untouched). */
int ytree_get_str(ytree_ctx *c, const ytree_node *m, const char *prefix,
                  const char *key, bool required, char **out);
/* A required mapping or sequence field. */
int ytree_get_kind(ytree_ctx *c, const ytree_node *m, const char *prefix,
                   const char *key, ytree_kind kind, const ytree_node **out);
/* value must be one of the comma-separated words (NULL passes). */
int ytree_want_word(ytree_ctx *c, const ytree_node *m, const char *prefix,
                    const char *key, const char *value, const char *words);

#endif
