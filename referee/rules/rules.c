/* rules.c - the registry of games and the dispatch behind rules.h. */
#include "rules_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const rules_engine *const rules_engines[] = {
    &rules_engine_pentago,
    &rules_engine_pente,
    &rules_engine_multi,
    &rules_engine_puzzle,
};
#define RULES_NENGINES (sizeof rules_engines / sizeof rules_engines[0])

static const rules_engine *rules_find_engine(const char *name)
{
    for (size_t i = 0; i < RULES_NENGINES; i++)
        if (strcmp(rules_engines[i]->name, name) == 0)
            return rules_engines[i];
    return NULL;
}

/* Is word one of the comma-separated items of list? */
static bool rules_list_has(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, word, n) == 0)
            return true;
        p += len + (end != NULL);
    }
    return false;
}

rules_game *rules_game_new(const char *game, const char *variant,
                           const char *options, char *err, size_t errlen)
{
    const rules_engine *e = rules_find_engine(game ? game : "");
    if (!e) {
        snprintf(err, errlen, "unknown game '%s' (known: %s)",
                 game ? game : "", rules_games_list());
        return NULL;
    }
    if (!variant || !*variant)
        variant = NULL;
    char deflt[32];
    snprintf(deflt, sizeof deflt, "%.*s", (int)strcspn(e->variants, ","),
             e->variants);
    if (variant && !rules_list_has(e->variants, variant)) {
        snprintf(err, errlen, "unknown variant '%s' of %s (known: %s)",
                 variant, e->name, e->variants);
        return NULL;
    }
    if (options && strlen(options) >= sizeof ((rules_game *)0)->options) {
        snprintf(err, errlen, "options too long");
        return NULL;
    }
    rules_game *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->engine = e;
    snprintf(g->variant, sizeof g->variant, "%s", variant ? variant : deflt);
    if (!e->setup(g, options ? options : "", err, errlen)) {
        free(g);
        return NULL;
    }
    return g;
}

void rules_game_free(rules_game *g) { free(g); }

const char *rules_game_name(const rules_game *g) { return g->engine->name; }
const char *rules_variant_name(const rules_game *g) { return g->variant; }
const char *rules_options_text(const rules_game *g) { return g->options; }

bool rules_game_same(const rules_game *a, const rules_game *b, char *why,
                     size_t whylen)
{
    if (a->engine != b->engine) {
        snprintf(why, whylen, "game=%s against game=%s", a->engine->name,
                 b->engine->name);
        return false;
    }
    if (strcmp(a->variant, b->variant) != 0) {
        snprintf(why, whylen, "variant=%s against variant=%s", a->variant,
                 b->variant);
        return false;
    }
    return !a->engine->same || a->engine->same(a, b, why, whylen);
}

const char *rules_quote(const char *s, size_t max, char *out, size_t outlen)
{
    size_t n = 0;
    for (size_t i = 0; i < max && s[i] && n + 5 <= outlen; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\')
            out[n++] = (char)c;
        else
            n += (size_t)snprintf(out + n, outlen - n, "\\x%02x", c);
    }
    out[n] = 0;
    return out;
}

bool rules_read_int(const char *v, size_t len, int lo, int hi, int *out)
{
    if (len == 0 || len > 6)
        return false;
    int x = 0;
    for (size_t i = 0; i < len; i++) {
        if (v[i] < '0' || v[i] > '9')
            return false;
        x = x * 10 + (v[i] - '0');
    }
    if (x < lo || x > hi)
        return false;
    *out = x;
    return true;
}

/* In the registry's order; a test makes a game of every name. */
const char *rules_games_list(void)
{
    return "pentago,pente,pentago-multi,pentago-puzzle";
}

const char *rules_variants_list(const char *game)
{
    const rules_engine *e = rules_find_engine(game);
    return e ? e->variants : "";
}

const char *rules_options_help(const char *game)
{
    const rules_engine *e = rules_find_engine(game);
    return e ? e->options_help : NULL;
}

int rules_seats(const rules_game *g) { return g->nseats; }

bool rules_for_places(const rules_game *g)
{
    if (g->nseats <= 2)
        return false;
    for (int a = 0; a < g->nseats; a++)
        for (int b = a + 1; b < g->nseats; b++)
            if (rules_seat_team(g, a) == rules_seat_team(g, b))
                return false;
    return true;
}

const char *rules_seat_colour(const rules_game *g, int seat)
{
    return g->engine->seat_colour(g, seat);
}

int rules_seat_team(const rules_game *g, int seat)
{
    return g->engine->seat_team(g, seat);
}

void rules_start(const rules_game *g, rules_pos *pos)
{
    memset(pos, 0, sizeof *pos);
    g->engine->start(g, pos);
}

int rules_to_move(const rules_game *g, const rules_pos *pos)
{
    return g->engine->to_move(g, pos);
}

int rules_ply(const rules_game *g, const rules_pos *pos)
{
    return g->engine->ply(g, pos);
}

rules_status rules_parse_move(const rules_game *g, const rules_pos *pos,
                              const char *text, rules_move *move, char *why,
                              size_t whylen)
{
    memset(move, 0, sizeof *move);
    return g->engine->parse_move(g, pos, text, move, why, whylen);
}

void rules_format_move(const rules_game *g, const rules_move *move,
                       char *buf, size_t len)
{
    g->engine->format_move(g, move, buf, len);
}

void rules_apply(const rules_game *g, rules_pos *pos, const rules_move *move)
{
    g->engine->apply(g, pos, move);
}

size_t rules_legal_moves(const rules_game *g, const rules_pos *pos,
                         rules_move *out, size_t cap)
{
    return g->engine->legal_moves(g, pos, out, cap);
}

size_t rules_count_moves(const rules_game *g, const rules_pos *pos)
{
    return g->engine->count_moves(g, pos);
}

void rules_outcome(const rules_game *g, const rules_pos *pos,
                   rules_outcome_t *out)
{
    memset(out, 0, sizeof *out);
    out->nseats = g->nseats;
    g->engine->outcome(g, pos, out);
}

bool rules_over(const rules_game *g, const rules_pos *pos)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    return o.over;
}

void rules_outcome_fault(const rules_game *g, const rules_pos *pos, int seat,
                         rules_outcome_t *out)
{
    memset(out, 0, sizeof *out);
    out->nseats = g->nseats;
    out->over = true;
    if (g->engine->outcome_fault) {
        g->engine->outcome_fault(g, pos, seat, out);
        return;
    }
    int team = rules_seat_team(g, seat);
    for (int s = 0; s < g->nseats; s++) {
        bool lost = rules_seat_team(g, s) == team;
        out->result[s] = lost ? RULES_RESULT_LOSS : RULES_RESULT_WIN;
        out->place[s] = lost ? 2 : 1;
    }
}

bool rules_moves_hidden(const rules_game *g)
{
    return g->engine->moves_hidden;
}

const char *rules_end_name(rules_end reason)
{
    static const char *const names[] = {
        [RULES_END_NONE] = "none",
        [RULES_END_FIVE_PLACEMENT] = "five-by-placement",
        [RULES_END_FIVE_ROTATION] = "five-by-rotation",
        [RULES_END_FIVE_OPPONENT] = "five-for-opponent",
        [RULES_END_FIVE_BOTH] = "five-for-both",
        [RULES_END_FULL_BOARD] = "full-board",
        [RULES_END_FIVE] = "five-in-a-row",
        [RULES_END_CAPTURES] = "captures",
        [RULES_END_MOVE_CAP] = "move-cap",
        [RULES_END_PUZZLE] = "puzzle",
    };
    if ((unsigned)reason < sizeof names / sizeof names[0] && names[reason])
        return names[reason];
    return "unknown";
}

const char *rules_result_name(rules_result result)
{
    switch (result) {
    case RULES_RESULT_WIN: return "win";
    case RULES_RESULT_LOSS: return "loss";
    case RULES_RESULT_DRAW: return "draw";
    default: return "none";
    }
}

void rules_render(const rules_game *g, const rules_pos *pos, char *buf,
                  size_t len)
{
    g->engine->render(g, pos, buf, len);
}

void rules_pos_write(const rules_game *g, const rules_pos *pos, char *buf,
                     size_t len)
{
    g->engine->pos_write(g, pos, buf, len);
}

rules_status rules_pos_read(const rules_game *g, const char *line,
                            rules_pos *pos, char *why, size_t whylen)
{
    memset(pos, 0, sizeof *pos);
    return g->engine->pos_read(g, line, pos, why, whylen);
}

/* Generic perft: bulk-count at the last ply, recurse with copies above. */
static uint64_t rules_perft_generic(const rules_game *g, const rules_pos *pos,
                                    int depth, rules_move *buf)
{
    if (depth == 0)
        return 1;
    if (depth == 1)
        return rules_count_moves(g, pos);
    size_t n = rules_legal_moves(g, pos, buf, RULES_MAX_MOVES);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        rules_pos child = *pos;
        rules_apply(g, &child, &buf[i]);
        total += rules_perft_generic(g, &child, depth - 1,
                                     buf + RULES_MAX_MOVES);
    }
    return total;
}

uint64_t rules_perft(const rules_game *g, const rules_pos *pos, int depth)
{
    if (g->engine->perft)
        return g->engine->perft(g, pos, depth);
    if (depth <= 1)
        return depth == 0 ? 1 : rules_count_moves(g, pos);
    /* One move list per ply, allocated once here, outside the move path. */
    rules_move *buf = malloc(sizeof *buf * RULES_MAX_MOVES * (size_t)depth);
    if (!buf)
        return 0;
    uint64_t n = rules_perft_generic(g, pos, depth, buf);
    free(buf);
    return n;
}

uint64_t rules_each_move_text(const rules_game *g, const rules_pos *pos,
                              rules_text_fn fn, void *arg)
{
    return g->engine->each_text(g, pos, fn, arg);
}

/* One node of the generic perft over texts: each text's child, counted
 * to the remaining depth. */
typedef struct {
    const rules_game *g;
    const rules_pos *pos;
    int depth; /* of the children */
    uint64_t total;
} rules_texts_node;

static void rules_texts_child(const rules_move *move, void *arg)
{
    rules_texts_node *node = arg;
    rules_pos child = *node->pos;
    rules_apply(node->g, &child, move);
    node->total += rules_perft_texts(node->g, &child, node->depth);
}

uint64_t rules_perft_texts(const rules_game *g, const rules_pos *pos,
                           int depth)
{
    if (g->engine->perft_texts)
        return g->engine->perft_texts(g, pos, depth);
    if (depth <= 1)
        return depth == 0 ? 1 : rules_each_move_text(g, pos, NULL, NULL);
    rules_texts_node node = {g, pos, depth - 1, 0};
    rules_each_move_text(g, pos, rules_texts_child, &node);
    return node.total;
}
