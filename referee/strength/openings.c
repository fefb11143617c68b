/* openings.c - a strength test's openings (see openings.h). */
#include "strength/openings.h"

#include "util/grow.h"
#include "util/rng.h"
#include "util/trim.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tries per generated opening before it is given up: with the checks
 * above, a try fails only when random plies happen to make a threat. */
#define OPENINGS_TRIES 1000

typedef struct {
    char *moves[OPENINGS_MAX_PLIES];
    int n;
    long line; /* in the file; 0 when generated */
} opening;

struct opening_book {
    const rules_game *g;
    char path[1024];        /* "" when generated */
    int plies;              /* generated: plies per opening */
    uint64_t seed;
    opening **items;        /* file: every line; generated: made so far;
                               each apart, so that its moves stay put */
    size_t count, cap;
};

static void opening_release(opening *o)
{
    for (int i = 0; i < o->n; i++)
        free(o->moves[i]);
    o->n = 0;
}

void openings_free(opening_book *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->count; i++)
        if (b->items[i]) {
            opening_release(b->items[i]);
            free(b->items[i]);
        }
    free(b->items);
    free(b);
}

static opening_book *openings_new(const rules_game *g, char *err,
                                  size_t errlen)
{
    opening_book *b = calloc(1, sizeof *b);
    if (!b)
        snprintf(err, errlen, "out of memory");
    else
        b->g = g;
    return b;
}

/* Item i, made empty if new (generated books fill theirs in any
 * order). */
static opening *openings_slot(opening_book *b, size_t i)
{
    opening **p = grow(b->items, &b->cap, i + 1, sizeof *p, 64);
    if (!p)
        return NULL;
    b->items = p;
    if (i >= b->count) {
        memset(&b->items[b->count], 0, (i + 1 - b->count) * sizeof *p);
        b->count = i + 1;
    }
    if (!b->items[i])
        b->items[i] = calloc(1, sizeof **p);
    return b->items[i];
}

/* ---- from a file ------------------------------------------------------- */

/* One line's moves, checked from the start position; false with the
 * reason (without the file and line) in err. */
static bool openings_parse_line(const rules_game *g, char *text, opening *o,
                                char *err, size_t errlen)
{
    rules_pos pos;
    rules_start(g, &pos);
    char *save = NULL;
    for (char *tok = strtok_r(text, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        char *mv_text = trim(tok);
        if (o->n == OPENINGS_MAX_PLIES) {
            snprintf(err, errlen, "more than %d moves", OPENINGS_MAX_PLIES);
            return false;
        }
        char why[RULES_REASON_MAX], canon[RULES_MOVE_TEXT_MAX];
        rules_move mv;
        if (rules_parse_move(g, &pos, mv_text, &mv, why, sizeof why) !=
            RULES_OK) {
            snprintf(err, errlen, "move %d '%.60s': %s", o->n + 1, mv_text,
                     why);
            return false;
        }
        rules_apply(g, &pos, &mv);
        rules_format_move(g, &mv, canon, sizeof canon);
        rules_outcome_t out;
        rules_outcome(g, &pos, &out);
        if (out.over) {
            snprintf(err, errlen, "move %d '%.60s' ends the game (%s)",
                     o->n + 1, mv_text, rules_end_name(out.reason));
            return false;
        }
        if (!(o->moves[o->n] = strdup(canon))) {
            snprintf(err, errlen, "out of memory");
            return false;
        }
        o->n++;
    }
    if (o->n == 0) {
        snprintf(err, errlen, "no moves (an empty opening is a blank line, "
                              "and blank lines are skipped)");
        return false;
    }
    return true;
}

static bool openings_add_line(opening_book *b, char *text, long line,
                              char *err, size_t errlen)
{
    opening *o = openings_slot(b, b->count);
    char why[300];
    if (!o) {
        snprintf(err, errlen, "%s:%ld: out of memory", b->path, line);
        return false;
    }
    o->line = line;
    if (!openings_parse_line(b->g, text, o, why, sizeof why)) {
        snprintf(err, errlen, "%s:%ld: %s", b->path, line, why);
        return false;
    }
    return true;
}

opening_book *openings_read(const rules_game *g, const char *path, char *err,
                            size_t errlen)
{
    opening_book *b = openings_new(g, err, errlen);
    if (!b)
        return NULL;
    snprintf(b->path, sizeof b->path, "%s", path);
    FILE *f = fopen(path, "re");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        openings_free(b);
        return NULL;
    }
    char buf[4096];
    long line = 0;
    bool ok = true;
    while (ok && fgets(buf, sizeof buf, f)) {
        line++;
        if (!strchr(buf, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s:%ld: line longer than %zu bytes", path,
                     line, sizeof buf - 2);
            ok = false;
            break;
        }
        char *text = trim(buf);
        if (!*text || *text == '#')
            continue;
        ok = openings_add_line(b, text, line, err, errlen);
    }
    if (ok && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        ok = false;
    }
    fclose(f);
    if (ok && b->count == 0) {
        snprintf(err, errlen, "%s: no openings in the file", path);
        ok = false;
    }
    if (!ok) {
        openings_free(b);
        return NULL;
    }
    return b;
}

/* ---- generated --------------------------------------------------------- */

opening_book *openings_generate(const rules_game *g, int plies, uint64_t seed,
                                char *err, size_t errlen)
{
    if (plies < 1 || plies > OPENINGS_MAX_PLIES) {
        snprintf(err, errlen, "random openings of %d plies: from 1 to %d",
                 plies, OPENINGS_MAX_PLIES);
        return NULL;
    }
    opening_book *b = openings_new(g, err, errlen);
    if (b) {
        b->plies = plies;
        b->seed = seed;
    }
    return b;
}

/* Can the side to move in pos win with one move?  And (if after is not
 * NULL) is there a move of it after which the other side cannot win at
 * once?  Outcomes only, no search beyond that. */
static bool openings_wins_at_once(const rules_game *g, const rules_pos *pos,
                                  rules_move *moves)
{
    size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
    int me = rules_to_move(g, pos);
    for (size_t i = 0; i < n; i++) {
        rules_pos p = *pos;
        rules_apply(g, &p, &moves[i]);
        rules_outcome_t o;
        rules_outcome(g, &p, &o);
        if (o.over && o.result[me] == RULES_RESULT_WIN)
            return true;
    }
    return false;
}

/* Whether the side to move has a move that does not lose at once and
 * leaves the other side no win in one. */
static bool openings_can_hold(const rules_game *g, const rules_pos *pos,
                              rules_move *moves, rules_move *replies)
{
    size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
    for (size_t i = 0; i < n; i++) {
        rules_pos p = *pos;
        rules_apply(g, &p, &moves[i]);
        rules_outcome_t o;
        rules_outcome(g, &p, &o);
        if (!o.over && !openings_wins_at_once(g, &p, replies))
            return true;
    }
    return false;
}

/* Board width for the "near a stone" rule of Pente; 0: any legal move. */
static int openings_near_width(const rules_game *g)
{
    return strcmp(rules_game_name(g), "pente") == 0 ? 19 : 0;
}

static bool openings_is_near(const rules_move *m, const int *cells, int n,
                             int width)
{
    if (width == 0 || n == 0 || m->nsteps == 0 ||
        m->step[0].kind != RULES_STEP_PLACE)
        return true;
    int r = m->step[0].cell / width, c = m->step[0].cell % width;
    for (int i = 0; i < n; i++) {
        int dr = abs(cells[i] / width - r), dc = abs(cells[i] % width - c);
        if (dr <= 2 && dc <= 2)
            return true;
    }
    return false;
}

/* One try: plies random moves into pos and o; false if a ply ended the
 * game or no move was left. */
static bool openings_try(const rules_game *g, int plies, rng *r,
                         rules_pos *pos, rules_move *moves, rules_move *near,
                         rules_move *played)
{
    int width = openings_near_width(g), cells[OPENINGS_MAX_PLIES];
    rules_start(g, pos);
    for (int k = 0; k < plies; k++) {
        size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES), nn = 0;
        for (size_t i = 0; i < n; i++)
            if (openings_is_near(&moves[i], cells, k, width))
                near[nn++] = moves[i];
        if (nn == 0)
            return false;
        played[k] = near[rng_below(r, (uint32_t)nn)];
        rules_apply(g, pos, &played[k]);
        cells[k] = played[k].step[0].cell;
        rules_outcome_t o;
        rules_outcome(g, pos, &o);
        if (o.over)
            return false;
    }
    return true;
}

/* Opening i of a generated book into o. */
static bool openings_make(opening_book *b, long i, opening *o, char *err,
                          size_t errlen)
{
    rules_move *moves = malloc(3 * RULES_MAX_MOVES * sizeof *moves);
    if (!moves) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    rules_move *near = moves + RULES_MAX_MOVES, *replies = near;
    rules_move played[OPENINGS_MAX_PLIES];
    rng r;
    rng_seed(&r, b->seed ^ ((uint64_t)(i + 1) * 0x9e3779b97f4a7c15ULL));
    (void)rng_next(&r);
    bool found = false;
    rules_pos pos;
    for (int t = 0; t < OPENINGS_TRIES && !found; t++)
        found = openings_try(b->g, b->plies, &r, &pos, moves, near, played) &&
                !openings_wins_at_once(b->g, &pos, moves) &&
                openings_can_hold(b->g, &pos, moves + 2 * RULES_MAX_MOVES,
                                  replies);
    free(moves);
    if (!found) {
        snprintf(err, errlen, "no opening of %d plies found in %d tries",
                 b->plies, OPENINGS_TRIES);
        return false;
    }
    for (int k = 0; k < b->plies; k++) {
        char text[RULES_MOVE_TEXT_MAX];
        rules_format_move(b->g, &played[k], text, sizeof text);
        if (!(o->moves[k] = strdup(text))) {
            opening_release(o);
            snprintf(err, errlen, "out of memory");
            return false;
        }
        o->n = k + 1;
    }
    return true;
}

/* ---- use ----------------------------------------------------------------- */

const char *const *openings_get(opening_book *b, long i, int *n, char *err,
                                size_t errlen)
{
    *n = 0;
    if (b->path[0]) {
        opening *o = b->items[(size_t)i % b->count];
        *n = o->n;
        return (const char *const *)o->moves;
    }
    opening *o = openings_slot(b, (size_t)i);
    if (!o) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (o->n == 0 && !openings_make(b, i, o, err, errlen))
        return NULL;
    *n = o->n;
    return (const char *const *)o->moves;
}

void openings_describe(opening_book *b, long i, char *buf, size_t len)
{
    char err[200];
    int n;
    const char *const *moves = openings_get(b, i, &n, err, sizeof err);
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; moves && k < n && used < len; k++) {
        int w = snprintf(buf + used, len - used, "%s%s", k ? ", " : "",
                         moves[k]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

void openings_source(const opening_book *b, long i, char *buf, size_t len)
{
    if (b->path[0])
        snprintf(buf, len, "%s:%ld", b->path,
                 b->items[(size_t)i % b->count]->line);
    else
        snprintf(buf, len, "random");
}

long openings_count(const opening_book *b)
{
    return b->path[0] ? (long)b->count : 0;
}
