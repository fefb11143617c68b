/* event_def_box.c - an entrant's `files` and `env`: what its box shows
 * besides its own folder, and the variables its bot gets.  Both become
 * words at the head of its command (and its partner's), as one would
 * write them on a match's command line: `REFEREE_FILES='a:b' K='v' cmd`
 * (proc.h, box_files.h).  So the command the records and tables show says
 * them, and a definition written back reads the same. */
#include "event_def_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growing text. */
typedef struct {
    char *s;
    size_t len, cap;
} ed_text;

static int ed_put(ed_text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = (t->len + n + 1) * 2;
        char *p = realloc(t->s, cap);
        if (!p)
            return -1;
        t->s = p;
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
    return 0;
}

/* value in single quotes, each ' written as '\'' as a shell does. */
static int ed_put_quoted(ed_text *t, const char *value)
{
    if (ed_put(t, "'", 1))
        return -1;
    for (const char *p = value; *p; p++)
        if (*p == '\'' ? ed_put(t, "'\\''", 4) : ed_put(t, p, 1))
            return -1;
    return ed_put(t, "'", 1);
}

static bool ed_name_ok(const char *s)
{
    if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')))
        return false;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') ||
              (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

/* `files:` a list of paths, as REFEREE_FILES='a:b'. */
static int ed_files(ytree_ctx *c, const ytree_node *n, const char *pre,
                    ed_text *t)
{
    const ytree_node *list;
    char f[64];
    if (ytree_map_find(c, n, pre, "files", &list))
        return -1;
    if (!list || ytree_is_null(list))
        return 0;
    ytree_field(f, sizeof f, pre, "files");
    if (ytree_want_kind(c, list, f, YTREE_SEQ))
        return -1;
    ed_text paths = {0};
    int rc = 0;
    for (size_t i = 0; i < list->nkids && rc == 0; i++) {
        const ytree_node *k = list->kids[i];
        if (k->kind != YTREE_SCALAR || !*k->value ||
            strlen(k->value) != k->len || strchr(k->value, ':'))
            rc = ytree_fail(c, k->line, f,
                            "expected paths of files or folders, without ':'");
        else if ((i && ed_put(&paths, ":", 1)) ||
                 ed_put(&paths, k->value, k->len))
            rc = ytree_fail(c, k->line, f, "out of memory");
    }
    if (rc == 0 && paths.len &&
        (ed_put(t, "REFEREE_FILES=", 14) || ed_put_quoted(t, paths.s) ||
         ed_put(t, " ", 1)))
        rc = ytree_fail(c, ytree_line(list), f, "out of memory");
    free(paths.s);
    return rc;
}

/* `env:` a mapping of names to values, as NAME='value' words. */
static int ed_env(ytree_ctx *c, const ytree_node *n, const char *pre,
                  ed_text *t)
{
    const ytree_node *map;
    char f[64];
    if (ytree_map_find(c, n, pre, "env", &map))
        return -1;
    if (!map || ytree_is_null(map))
        return 0;
    ytree_field(f, sizeof f, pre, "env");
    if (ytree_want_kind(c, map, f, YTREE_MAP))
        return -1;
    for (size_t i = 0; i + 1 < map->nkids; i += 2) {
        const ytree_node *k = map->kids[i], *v = map->kids[i + 1];
        if (!ed_name_ok(k->value) || strcmp(k->value, "REFEREE_FILES") == 0)
            return ytree_fail(c, k->line, f,
                              "'%s' is not a variable's name (letters, "
                              "digits and '_', not first a digit; "
                              "REFEREE_FILES is the files key)",
                              k->value);
        if (v->kind != YTREE_SCALAR || strlen(v->value) != v->len)
            return ytree_fail(c, v->line, f,
                              "the value of %s must be a text", k->value);
        for (size_t j = 0; j < i; j += 2)
            if (strcmp(map->kids[j]->value, k->value) == 0)
                return ytree_fail(c, k->line, f, "%s is set twice",
                                  k->value);
        if (ed_put(t, k->value, k->len) || ed_put(t, "=", 1) ||
            ed_put_quoted(t, v->value) || ed_put(t, " ", 1))
            return ytree_fail(c, v->line, f, "out of memory");
    }
    return 0;
}

/* *cmd with the head words in front, replacing it. */
static int ed_prepend(ytree_ctx *c, const ytree_node *n, const char *pre,
                      const ed_text *head, char **cmd)
{
    if (!*cmd)
        return 0;
    size_t len = head->len + strlen(*cmd) + 1;
    char *s = malloc(len);
    if (!s)
        return ytree_fail(c, ytree_line(n), pre, "out of memory");
    snprintf(s, len, "%s%s", head->s, *cmd);
    free(*cmd);
    *cmd = s;
    return 0;
}

int event_get_entrant_box(ytree_ctx *c, const ytree_node *n, const char *pre,
                          event_entrant *e)
{
    ed_text head = {0};
    int rc = ed_files(c, n, pre, &head);
    if (rc == 0)
        rc = ed_env(c, n, pre, &head);
    if (rc == 0 && head.len)
        rc = ed_prepend(c, n, pre, &head, &e->command) ||
             ed_prepend(c, n, pre, &head, &e->partner);
    free(head.s);
    return rc ? -1 : 0;
}
