/* sprt_record.c - does a record belong to a strength test (see
 * sprt_record.h). */
#include "strength/sprt_record.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int sprt_record_differs(const char *path, const char *field,
                               const char *has, const char *want, char *err,
                               size_t errlen)
{
    snprintf(err, errlen, "%s: %s: the record has '%.300s', the test "
                          "'%.300s': not a game of this test (give another "
                          "--out, or the test's own options)",
             path, field, has ? has : "", want ? want : "");
    return -1;
}

static int sprt_record_game(const rules_game *g, const record *r,
                            const char *path, char *err, size_t errlen)
{
    if (!r->game || strcmp(r->game, rules_game_name(g)))
        return sprt_record_differs(path, "game", r->game,
                                   rules_game_name(g), err, errlen);
    if (!r->variant || strcmp(r->variant, rules_variant_name(g)))
        return sprt_record_differs(path, "variant", r->variant,
                                   rules_variant_name(g), err, errlen);
    const char *want = rules_options_text(g);
    if (strcmp(r->options ? r->options : "", want ? want : ""))
        return sprt_record_differs(path, "options", r->options, want, err,
                                   errlen);
    return 0;
}

static int sprt_record_opening(const series_game *game, const record *r,
                               const char *path, char *err, size_t errlen)
{
    char has[32], want[32];
    if (r->opening_plies != (size_t)game->nopening) {
        snprintf(has, sizeof has, "%zu", r->opening_plies);
        snprintf(want, sizeof want, "%d", game->nopening);
        return sprt_record_differs(path, "opening_plies", has, want, err,
                                   errlen);
    }
    for (int k = 0; k < game->nopening; k++)
        if (strcmp(r->moves[k].text, game->opening[k])) {
            char field[64];
            snprintf(field, sizeof field, "moves[%d] (opening)", k);
            return sprt_record_differs(path, field, r->moves[k].text,
                                       game->opening[k], err, errlen);
        }
    return 0;
}

int sprt_record_check(const series_options *o, const rules_game *g,
                      const series_game *game, const record *r,
                      const char *path, char *err, size_t errlen)
{
    if (sprt_record_game(g, r, path, err, errlen))
        return -1;
    long va, vb;
    const char *tf = time_control_diff(&r->tc, &o->base.tc, &va, &vb);
    if (tf) {
        char field[64], has[32], want[32];
        snprintf(field, sizeof field, "time_control.%s", tf);
        time_control_value(tf, va, has, sizeof has);
        time_control_value(tf, vb, want, sizeof want);
        return sprt_record_differs(path, field, has, want, err, errlen);
    }
    if (r->nplayers != o->nbots)
        return sprt_record_differs(path, "players", "another number",
                                   "two", err, errlen);
    for (int s = 0; s < o->nbots; s++) {
        const char *want = o->bot[game->bot_of_seat[s]];
        if (!r->players[s].command || strcmp(r->players[s].command, want)) {
            char field[64];
            snprintf(field, sizeof field, "players[%d].command", s);
            return sprt_record_differs(path, field, r->players[s].command,
                                       want, err, errlen);
        }
    }
    uint64_t seed = series_game_seed(o->base.seed, game->index);
    if (r->seed != seed) {
        char has[32], want[32];
        snprintf(has, sizeof has, "%" PRIu64, r->seed);
        snprintf(want, sizeof want, "%" PRIu64, seed);
        return sprt_record_differs(path, "seed", has, want, err, errlen);
    }
    return sprt_record_opening(game, r, path, err, errlen);
}
