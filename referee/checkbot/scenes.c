/* scenes.c - the positions of check-bot's course (see scenes.h). */
#include "checkbot/scenes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A Pentago game that fills the board without a five at any ply. */
static const char *const ckscene_draw[] = {
    "c6 1L", "c3 4L", "a6 4R", "f5 2L", "a5 1L", "f1 1R", "e4 3L", "d6 3L",
    "b1 1R", "a2 4R", "e1 1L", "f2 4R", "b5 1R", "e4 2R", "e5 1R", "d1 2L",
    "c2 2L", "f2 2L", "a6 4R", "c1 1R", "c6 2L", "f4 3R", "d3 3R", "d6 3R",
    "d4 1R", "b2 4L", "c5 1R", "e1 2L", "a5 2L", "b6 2R", "f5 2L", "c1 1L",
    "d3 1R", "c3 2L", "e2 1L",
};

/* White a1-d1 (the rotations turn an empty quadrant), black in
 * quadrant 4: e1 makes five by placement. */
static const char *const ckscene_pentago_five[] = {
    "a1 3R", "f6 3R", "b1 3R", "e6 3R", "c1 3R", "d6 3R", "d1 3R", "f4 3R",
};

/* K10 and N13 bracket L11 and M12: white captures the pair. */
static const char *const ckscene_pente_captures[] = {
    "K10", "L11", "G10", "M12", "N13", "L12", "N12", "M11",
};

/* The Pente Plus excerpt of PROTOCOL.md section 9. */
static const char *const ckscene_plus_power[] = {
    "K10", "L11", "K14", "M10", "L12*", "J9", "L13", "L14*/w D4",
};

/* Seat 0 gets K14-K17; the others' stones are far apart on the edges,
 * no two side by side, so nothing is captured. */
static const char *const ckscene_pente_five2[] = {
    "K10", "A1", "K14", "A3", "K15", "A5", "K16", "A7", "K17", "A9",
};
static const char *const ckscene_pente_five4[] = {
    "K10", "A1", "T1", "A19", "K14", "A3", "T3", "C19", "K15", "A5",
    "T5",  "E19", "K16", "A7", "T7", "G19", "K17", "A9", "T9", "J19",
};

#define CKSCENE_N(a) ((int)(sizeof(a) / sizeof((a)[0])))

typedef struct {
    const char *game, *variant; /* variant NULL: every one */
    ckscene scene;
} ckscene_entry;

/* In course order; of two entries for one step, the first the rules
 * allow is taken. */
static const ckscene_entry ckscene_table[] = {
    {"pentago", NULL,
     {CKSTEP_END_GAME, "with 4 empty cells", ckscene_draw, 32}},
    {"pentago", NULL,
     {CKSTEP_FULL_BOARD, "on the last empty cell", ckscene_draw, 35}},
    {"pente", NULL,
     {CKSTEP_CAPTURES, "after a pair was captured", ckscene_pente_captures,
      CKSCENE_N(ckscene_pente_captures)}},
    {"pente", "plus",
     {CKSTEP_POWER, "with a power stone of each side on the board",
      ckscene_plus_power, CKSCENE_N(ckscene_plus_power)}},
    {"pentago", NULL,
     {CKSTEP_FIVE, "with a five by placement on", ckscene_pentago_five,
      CKSCENE_N(ckscene_pentago_five)}},
    {"pente", NULL,
     {CKSTEP_FIVE, "with four in a row, both ends open",
      ckscene_pente_five2, CKSCENE_N(ckscene_pente_five2)}},
    {"pente", NULL,
     {CKSTEP_FIVE, "with four in a row, both ends open",
      ckscene_pente_five4, CKSCENE_N(ckscene_pente_five4)}},
};

bool ckscene_reach(const rules_game *g, const char *const *moves, int n,
                   rules_pos *pos, char *why, size_t whylen)
{
    rules_start(g, pos);
    for (int i = 0; i < n; i++) {
        char reason[RULES_REASON_MAX];
        rules_move m;
        if (rules_parse_move(g, pos, moves[i], &m, reason, sizeof reason) !=
            RULES_OK) {
            snprintf(why, whylen, "move %d '%s': %s", i + 1, moves[i],
                     reason);
            return false;
        }
        rules_apply(g, pos, &m);
        rules_outcome_t o;
        rules_outcome(g, pos, &o);
        if (o.over) {
            snprintf(why, whylen, "move %d '%s' ends the game (%s)", i + 1,
                     moves[i], rules_end_name(o.reason));
            return false;
        }
    }
    return true;
}

bool ckscene_win_in_one(const rules_game *g, const rules_pos *pos,
                        char *move, size_t len)
{
    rules_move *all = malloc(sizeof *all * RULES_MAX_MOVES);
    if (!all)
        return false;
    size_t n = rules_legal_moves(g, pos, all, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    int me = rules_to_move(g, pos);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++) {
        rules_pos after = *pos;
        rules_apply(g, &after, &all[i]);
        rules_outcome_t o;
        rules_outcome(g, &after, &o);
        if (o.over && o.result[me] == RULES_RESULT_WIN) {
            rules_format_move(g, &all[i], move, len);
            found = true;
        }
    }
    free(all);
    return found;
}

/* Whether the entry's scene can be played in g; why not if not. */
static bool ckscene_fits(const rules_game *g, const ckscene *s, char *why,
                         size_t whylen)
{
    rules_pos pos;
    if (!ckscene_reach(g, s->moves, s->nmoves, &pos, why, whylen))
        return false;
    char win[RULES_MOVE_TEXT_MAX];
    if (s->step == CKSTEP_FIVE && !ckscene_win_in_one(g, &pos, win,
                                                      sizeof win)) {
        snprintf(why, whylen, "no five is on after its moves");
        return false;
    }
    return true;
}

int ckscene_list(const rules_game *g, ckscene *out, int max,
                 ckscene_skip_fn skip, void *arg)
{
    const char *game = rules_game_name(g), *variant = rules_variant_name(g);
    int n = 0;
    size_t count = sizeof ckscene_table / sizeof ckscene_table[0];
    for (size_t i = 0; i < count; i++) {
        const ckscene_entry *e = &ckscene_table[i];
        if (strcmp(e->game, game) != 0 ||
            (e->variant && strcmp(e->variant, variant) != 0))
            continue;
        bool taken = false;
        for (int k = 0; k < n && !taken; k++)
            taken = out[k].step == e->scene.step;
        if (taken)
            continue;
        char why[RULES_REASON_MAX + 64];
        bool fits = ckscene_fits(g, &e->scene, why, sizeof why);
        /* Another entry for the same step may fit. */
        bool more = false;
        for (size_t j = i + 1; j < count && !more; j++)
            more = ckscene_table[j].scene.step == e->scene.step &&
                   !strcmp(ckscene_table[j].game, game);
        if (fits && n < max)
            out[n++] = e->scene;
        else if (!fits && !more && skip)
            skip(e->scene.step, why, arg);
    }
    return n;
}
