/* movelist.c - a game as a plain list of moves (see movelist.h). */
#include "replay/movelist.h"
#include "util/grow.h"
#include "util/trim.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

void movelist_release(movelist *ml)
{
    for (size_t i = 0; i < ml->count; i++)
        free(ml->moves[i].text);
    free(ml->moves);
    ml->moves = NULL;
    ml->count = ml->cap = 0;
}

static int movelist_add(movelist *ml, const char *text, long line)
{
    movelist_move *p =
        grow(ml->moves, &ml->cap, ml->count + 1, sizeof *p, 64);
    if (!p)
        return -1;
    ml->moves = p;
    if (!(p[ml->count].text = strdup(text)))
        return -1;
    p[ml->count++].line = line;
    return 0;
}

/* The moves of one line (its comment cut off). */
static int movelist_add_line(movelist *ml, char *text, long line)
{
    text[strcspn(text, "#")] = '\0';
    for (char *item = text; item;) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        char *mv = trim(item);
        if (*mv && movelist_add(ml, mv, line) != 0)
            return -1;
        item = comma ? comma + 1 : NULL;
    }
    return 0;
}

int movelist_read(const char *path, movelist *ml, char *err, size_t errlen)
{
    bool std_in = !strcmp(path, "-");
    *ml = (movelist){.name = std_in ? "stdin" : path};
    FILE *f = std_in ? stdin : fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0;
    long line = 0;
    int rc = 0;
    ssize_t len;
    while (rc == 0 && (len = getline(&buf, &cap, f)) >= 0) {
        line++;
        if ((size_t)len != strlen(buf)) {
            snprintf(err, errlen, "%s:%ld: a NUL byte in the line", ml->name,
                     line);
            rc = -1;
        } else if (movelist_add_line(ml, buf, line) != 0) {
            snprintf(err, errlen, "%s:%ld: out of memory", ml->name, line);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: %s", ml->name, strerror(errno));
        rc = -1;
    }
    free(buf);
    if (!std_in)
        fclose(f);
    if (rc != 0)
        movelist_release(ml);
    return rc;
}

int movelist_play(const rules_game *g, const movelist *ml, rules_pos *pos,
                  size_t *played, movelist_show_fn show, void *arg,
                  char *err, size_t errlen)
{
    rules_start(g, pos);
    *played = 0;
    if (show)
        show(g, pos, 0, NULL, -1, arg);
    for (size_t i = 0; i < ml->count; i++) {
        const movelist_move *m = &ml->moves[i];
        char q[4 * 60 + 1], why[RULES_REASON_MAX];
        rules_quote(m->text, 60, q, sizeof q);
        rules_outcome_t o;
        rules_outcome(g, pos, &o);
        if (o.over) {
            snprintf(err, errlen, "%s:%ld: move %zu '%s': the game is "
                                  "already over (%s)",
                     ml->name, m->line, i + 1, q, rules_end_name(o.reason));
            return 1;
        }
        rules_move mv;
        if (rules_parse_move(g, pos, m->text, &mv, why, sizeof why) !=
            RULES_OK) {
            snprintf(err, errlen, "%s:%ld: move %zu '%s' is not legal: %s",
                     ml->name, m->line, i + 1, q, why);
            return 1;
        }
        int seat = rules_to_move(g, pos);
        rules_apply(g, pos, &mv);
        *played = i + 1;
        if (show)
            show(g, pos, i + 1, &mv, seat, arg);
    }
    return 0;
}
