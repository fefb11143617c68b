/* plus_diff.c - the engine against the reference over random Pente Plus
 * games (see plus_diff.h). */
#include "plus_diff.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../ref/pente_plus_ref.h"
#include "rules.h"
#include "util/rng.h"

/* Texts tried per ply; the best of those both sides accept is played. */
#define PLUS_CANDIDATES 8
#define PLUS_MOVES_MAX 16384

static const char plus_cols[] = "ABCDEFGHJKLMNOPQRST";

static const int plus_default_diamonds[12][2] = {
    {3, 16}, {9, 16}, {15, 16}, {6, 13}, {12, 13}, {3, 10},
    {15, 10}, {6, 7}, {12, 7}, {3, 4}, {9, 4}, {15, 4},
};

typedef struct {
    rng r;
    uint64_t seed;
    long game;
    int radius;            /* play stays within this of K10 */
    char options[512];
    int diam[12][2];       /* column 0-18, row 1-19 */
    int ndiam;
    rules_game *g;
    rules_pos pos;
    ppref_pos ref;
    char moves[PLUS_MOVES_MAX]; /* the moves so far, comma-separated */
    size_t nmoves;
    int ply;
} plus_game;

static bool plus_fail(const plus_game *pg, char *err, size_t errlen,
                      const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static bool plus_fail(const plus_game *pg, char *err, size_t errlen,
                      const char *fmt, ...)
{
    int n = snprintf(err, errlen, "seed %llu game %ld ply %d: ",
                     (unsigned long long)pg->seed, pg->game, pg->ply);
    if (n < 0 || (size_t)n >= errlen)
        return false;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    if (k >= 0 && (size_t)(n + k) < errlen)
        snprintf(err + n + k, errlen - (size_t)(n + k),
                 "\noptions: %s\nmoves before it: %s", pg->options,
                 pg->nmoves ? pg->moves : "(none)");
    return false;
}

static size_t plus_put_point(char *s, size_t n, size_t cap, int col, int row)
{
    int k = snprintf(s + n, cap - n, "%c%d", plus_cols[col], row);
    return k < 0 ? n : n + (size_t)k;
}

/* ---- a game's settings ---------------------------------------------------- */

/* Is (col, row) one of the game's diamond points? */
static bool plus_is_diamond(const plus_game *pg, int col, int row)
{
    for (int i = 0; i < pg->ndiam; i++)
        if (pg->diam[i][0] == col && pg->diam[i][1] == row)
            return true;
    return false;
}

/* Random diamond points in the square of play (4 to 12 of them), in cell
 * order (row 19 first, A to T), as the options want them. */
static void plus_random_diamonds(plus_game *pg)
{
    int want = 4 + (int)rng_below(&pg->r, 9), side = 2 * pg->radius + 1;
    pg->ndiam = 0;
    while (pg->ndiam < want) {
        int col = 9 - pg->radius + (int)rng_below(&pg->r, (uint32_t)side);
        int row = 10 - pg->radius + (int)rng_below(&pg->r, (uint32_t)side);
        if (plus_is_diamond(pg, col, row))
            continue;
        int i = pg->ndiam++;
        for (; i > 0 && (pg->diam[i - 1][1] < row ||
                         (pg->diam[i - 1][1] == row &&
                          pg->diam[i - 1][0] > col));
             i--) {
            pg->diam[i][0] = pg->diam[i - 1][0];
            pg->diam[i][1] = pg->diam[i - 1][1];
        }
        pg->diam[i][0] = col;
        pg->diam[i][1] = row;
    }
}

static bool plus_new_game(plus_game *pg, char *err, size_t errlen)
{
    pg->radius = 3 + (int)rng_below(&pg->r, 4);
    bool opening = rng_below(&pg->r, 5) != 0;
    int movecap = rng_below(&pg->r, 6) == 0 ? 20 + (int)rng_below(&pg->r, 60)
                                            : 0;
    int pairs = rng_below(&pg->r, 3) == 0 ? 2 + (int)rng_below(&pg->r, 3) : 5;
    bool own_diamonds = rng_below(&pg->r, 5) >= 2;
    char dtext[128] = "";
    if (own_diamonds) {
        plus_random_diamonds(pg);
        size_t n = 0;
        for (int i = 0; i < pg->ndiam; i++) {
            if (i)
                dtext[n++] = ',';
            n = plus_put_point(dtext, n, sizeof dtext, pg->diam[i][0],
                               pg->diam[i][1]);
        }
    } else {
        pg->ndiam = 12;
        memcpy(pg->diam, plus_default_diamonds, sizeof pg->diam);
    }
    snprintf(pg->options, sizeof pg->options,
             "opening=%s movecap=%d captures=%d%s%s",
             opening ? "tournament" : "free", movecap, pairs,
             own_diamonds ? " diamonds=" : "", dtext);
    char why[RULES_REASON_MAX];
    pg->g = rules_game_new("pente", "plus", pg->options, why, sizeof why);
    if (!pg->g)
        return plus_fail(pg, err, errlen, "the engine refuses the options: %s",
                         why);
    if (!ppref_start(&pg->ref, opening, movecap, pairs,
                     own_diamonds ? dtext : NULL)) {
        rules_game_free(pg->g);
        pg->g = NULL;
        return plus_fail(pg, err, errlen, "the reference refuses the options");
    }
    rules_start(pg->g, &pg->pos);
    pg->nmoves = 0;
    pg->moves[0] = 0;
    pg->ply = 0;
    return true;
}

/* ---- candidate texts ------------------------------------------------------ */

/* A point in the square of play, mostly an empty one and mostly not a
 * diamond point (kept free for bonus stones). */
static void plus_point(plus_game *pg, int *col, int *row)
{
    bool want_empty = rng_below(&pg->r, 8) != 0;
    bool shun_diamonds = rng_below(&pg->r, 5) != 0;
    uint32_t side = (uint32_t)(2 * pg->radius + 1);
    for (int t = 0; t < 16; t++) {
        *col = 9 - pg->radius + (int)rng_below(&pg->r, side);
        *row = 10 - pg->radius + (int)rng_below(&pg->r, side);
        if ((!want_empty || ppref_empty(&pg->ref, *col, *row)) &&
            !(shun_diamonds && plus_is_diamond(pg, *col, *row)))
            return;
    }
}

/* Maybe a colour list for a placement that may name up to most power
 * stones: mostly of 1 to most letters, now and then one letter too many. */
static size_t plus_put_list(plus_game *pg, char *s, size_t n, size_t cap,
                            int most)
{
    if (most == 0 || rng_below(&pg->r, 10) < 3 || n + most + 3 >= cap)
        return n;
    int len = 1 + (int)rng_below(&pg->r, (uint32_t)most);
    if (rng_below(&pg->r, 20) == 0)
        len = most + 1;
    s[n++] = '/';
    for (int i = 0; i < len; i++)
        s[n++] = "wb"[rng_below(&pg->r, 2)];
    s[n] = 0;
    return n;
}

/* The bonus point: an empty diamond point, now and then a taken one or a
 * point that is no diamond. */
static void plus_bonus_point(plus_game *pg, int *col, int *row)
{
    if (rng_below(&pg->r, 25) == 0) {
        plus_point(pg, col, row);
        return;
    }
    bool want_empty = rng_below(&pg->r, 10) != 0;
    for (int t = 0; t < 16; t++) {
        int i = (int)rng_below(&pg->r, (uint32_t)pg->ndiam);
        *col = pg->diam[i][0];
        *row = pg->diam[i][1];
        if (!want_empty || ppref_empty(&pg->ref, *col, *row))
            return;
    }
}

static void plus_candidate(plus_game *pg, char *text, size_t cap)
{
    int col, row;
    plus_point(pg, &col, &row);
    int me = ppref_to_move(&pg->ref);
    /* Power stones kept for the crowded board, where they capture and are
     * captured; a few early ones, and now and then one not in hand. */
    uint32_t odds = pg->ply < 16 ? 40 : 3;
    bool power = ppref_in_hand(&pg->ref, me) > 0
                     ? rng_below(&pg->r, odds) == 0
                     : rng_below(&pg->r, 40) == 0;
    size_t n = plus_put_point(text, 0, cap, col, row);
    if (power)
        text[n++] = '*';
    text[n] = 0;
    int earlier = ppref_power_on_board(&pg->ref);
    n = plus_put_list(pg, text, n, cap, earlier);
    if (power && rng_below(&pg->r, 5) < 3) {
        plus_bonus_point(pg, &col, &row);
        text[n++] = ' ';
        n = plus_put_point(text, n, cap, col, row);
        /* The list may name stones the first placement captures: then
         * both sides must refuse it. */
        n = plus_put_list(pg, text, n, cap, earlier);
    }
    if (rng_below(&pg->r, 10) == 0)
        for (size_t i = 0; i < n; i++)
            text[i] = (char)tolower((unsigned char)text[i]);
}

/* How much a move the reference has played is worth playing. */
static int plus_score(const ppref_facts *f, rng *r)
{
    return 16 * f->power_taken_before_kept + 6 * f->power_taken +
           8 * (f->most_pairs >= 2) + 2 * f->pairs + 2 * f->bonus +
           8 * f->bonus_pairs + (int)rng_below(r, 3);
}

/* ---- one ply ----------------------------------------------------------------- */

typedef struct {
    char text[RULES_MOVE_TEXT_MAX];
    rules_move m;
    ppref_pos after;
    int score;
} plus_choice;

/* Put text to both sides; false on a disagreement.  *ok: both accept. */
static bool plus_try(plus_game *pg, const char *text, plus_choice *c,
                     bool *ok, plus_diff_stats *st, char *err, size_t errlen)
{
    char why[RULES_REASON_MAX], rwhy[RULES_REASON_MAX];
    bool e_ok = rules_parse_move(pg->g, &pg->pos, text, &c->m, why,
                                 sizeof why) == RULES_OK;
    c->after = pg->ref;
    bool r_ok = ppref_play(&c->after, text, rwhy, sizeof rwhy);
    st->texts++;
    if (e_ok != r_ok)
        return plus_fail(pg, err, errlen,
                         "'%s': the engine %s%s%s, the reference %s%s%s", text,
                         e_ok ? "accepts it" : "refuses it (", e_ok ? "" : why,
                         e_ok ? "" : ")", r_ok ? "accepts it" : "refuses it (",
                         r_ok ? "" : rwhy, r_ok ? "" : ")");
    st->refused += !e_ok;
    *ok = e_ok;
    snprintf(c->text, sizeof c->text, "%s", text);
    return true;
}

/* No candidate taken: the first plain stone both accept, from a random
 * point of the square, then anywhere (the square may be full). */
static bool plus_fallback(plus_game *pg, plus_choice *c, plus_diff_stats *st,
                          char *err, size_t errlen)
{
    int start = (int)rng_below(&pg->r, 361);
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < 361; k++) {
            int cell = (start + k) % 361, col = cell % 19, row = 1 + cell / 19;
            int dc = col - 9, dr = row - 10;
            bool inside = dc >= -pg->radius && dc <= pg->radius &&
                          dr >= -pg->radius && dr <= pg->radius;
            if (inside == (pass == 1) || !ppref_empty(&pg->ref, col, row))
                continue;
            char text[8];
            plus_put_point(text, 0, sizeof text, col, row);
            bool ok;
            if (!plus_try(pg, text, c, &ok, st, err, errlen))
                return false;
            if (ok)
                return true;
        }
    return plus_fail(pg, err, errlen, "no plain stone is legal on either side");
}

/* Half the time the mover has a power stone on a crowded board: one power
 * stone, followed in turn by each diamond point as the bonus stone, so that
 * bonus stones that capture are found where they exist. */
static int plus_bonus_sweep(plus_game *pg, char texts[][RULES_MOVE_TEXT_MAX],
                            int room)
{
    if (ppref_in_hand(&pg->ref, ppref_to_move(&pg->ref)) == 0 ||
        pg->ply < 16 || rng_below(&pg->r, 2) == 0)
        return 0;
    int col, row, earlier = ppref_power_on_board(&pg->ref), n = 0;
    char base[RULES_MOVE_TEXT_MAX];
    plus_point(pg, &col, &row);
    size_t k = plus_put_point(base, 0, sizeof base, col, row);
    base[k++] = '*';
    base[k] = 0;
    k = plus_put_list(pg, base, k, sizeof base, earlier);
    for (int i = 0; i < pg->ndiam && n < room; i++) {
        char *t = texts[n++];
        size_t m = (size_t)snprintf(t, RULES_MOVE_TEXT_MAX, "%s ", base);
        m = plus_put_point(t, m, RULES_MOVE_TEXT_MAX, pg->diam[i][0],
                           pg->diam[i][1]);
        plus_put_list(pg, t, m, RULES_MOVE_TEXT_MAX, earlier);
    }
    return n;
}

static bool plus_choose(plus_game *pg, plus_choice *best, plus_diff_stats *st,
                        char *err, size_t errlen)
{
    char texts[PLUS_CANDIDATES + 12][RULES_MOVE_TEXT_MAX];
    int n = 0;
    for (; n < PLUS_CANDIDATES; n++)
        plus_candidate(pg, texts[n], sizeof texts[n]);
    n += plus_bonus_sweep(pg, texts + n, 12);
    bool any = false, random_pick = rng_below(&pg->r, 4) == 0;
    for (int i = 0; i < n; i++) {
        plus_choice c;
        bool ok;
        if (!plus_try(pg, texts[i], &c, &ok, st, err, errlen))
            return false;
        if (!ok)
            continue;
        c.score = random_pick ? (int)rng_below(&pg->r, 100)
                              : plus_score(&c.after.last, &pg->r);
        if (!any || c.score > best->score)
            *best = c;
        any = true;
    }
    return any || plus_fallback(pg, best, st, err, errlen);
}

static rules_end plus_end_of(ppref_end e)
{
    switch (e) {
    case PPREF_FIVE: return RULES_END_FIVE;
    case PPREF_CAPTURES: return RULES_END_CAPTURES;
    case PPREF_FULL: return RULES_END_FULL_BOARD;
    case PPREF_CAP: return RULES_END_MOVE_CAP;
    default: return RULES_END_NONE;
    }
}

/* The position, whether the game is over, its result and reason. */
static bool plus_compare(plus_game *pg, const char *text, char *err,
                         size_t errlen)
{
    char line[RULES_POS_TEXT_MAX], rline[PPREF_LINE_MAX];
    rules_pos_write(pg->g, &pg->pos, line, sizeof line);
    ppref_line(&pg->ref, rline, sizeof rline);
    if (strcmp(line, rline) != 0)
        return plus_fail(pg, err, errlen,
                         "after '%s' the positions differ:\n  engine    %s\n"
                         "  reference %s",
                         text, line, rline);
    rules_outcome_t o;
    rules_outcome(pg->g, &pg->pos, &o);
    ppref_end e = ppref_end_of(&pg->ref);
    int winner = ppref_winner(&pg->ref);
    if (o.over != (e != PPREF_ON) || o.reason != plus_end_of(e))
        return plus_fail(pg, err, errlen,
                         "after '%s': the engine says %s (%s), the reference "
                         "%s (%s)",
                         text, o.over ? "over" : "on", rules_end_name(o.reason),
                         e != PPREF_ON ? "over" : "on",
                         rules_end_name(plus_end_of(e)));
    for (int s = 0; o.over && s < 2; s++) {
        rules_result want = winner < 0        ? RULES_RESULT_DRAW
                            : winner == s ? RULES_RESULT_WIN
                                          : RULES_RESULT_LOSS;
        if (o.result[s] != want)
            return plus_fail(pg, err, errlen,
                             "after '%s': seat %d has %s, the reference says "
                             "%s",
                             text, s, rules_result_name(o.result[s]),
                             rules_result_name(want));
    }
    return true;
}

static void plus_count(const ppref_facts *f, plus_diff_stats *st)
{
    st->plies++;
    st->power_captures += f->power_taken > 0;
    st->shifted += f->power_taken_before_kept;
    st->multi_pairs += f->most_pairs >= 2;
    st->bonus += f->bonus;
    st->bonus_captures += f->bonus_pairs > 0;
}

static void plus_note_move(plus_game *pg, const char *text)
{
    int k = snprintf(pg->moves + pg->nmoves, sizeof pg->moves - pg->nmoves,
                     "%s%s", pg->nmoves ? "," : "", text);
    if (k > 0 && pg->nmoves + (size_t)k < sizeof pg->moves)
        pg->nmoves += (size_t)k;
}

/* Choose and play one move on both sides, then compare; *over when the
 * game has ended. */
static bool plus_ply(plus_game *pg, bool *over, plus_diff_stats *st,
                     char *err, size_t errlen)
{
    plus_choice c;
    if (!plus_choose(pg, &c, st, err, errlen))
        return false;
    /* The canonical text must mean the same to the reference. */
    char canon[RULES_MOVE_TEXT_MAX], why[RULES_REASON_MAX];
    char line[PPREF_LINE_MAX], cline[PPREF_LINE_MAX];
    rules_format_move(pg->g, &c.m, canon, sizeof canon);
    ppref_pos q = pg->ref;
    if (!ppref_play(&q, canon, why, sizeof why))
        return plus_fail(pg, err, errlen,
                         "the reference refuses the canonical text '%s' of "
                         "'%s': %s",
                         canon, c.text, why);
    ppref_line(&q, line, sizeof line);
    ppref_line(&c.after, cline, sizeof cline);
    if (strcmp(line, cline) != 0)
        return plus_fail(pg, err, errlen,
                         "'%s' and its canonical text '%s' differ:\n  %s\n  %s",
                         c.text, canon, cline, line);
    rules_apply(pg->g, &pg->pos, &c.m);
    pg->ref = c.after;
    plus_count(&pg->ref.last, st);
    if (!plus_compare(pg, c.text, err, errlen))
        return false;
    plus_note_move(pg, canon);
    pg->ply++;
    *over = ppref_end_of(&pg->ref) != PPREF_ON;
    return true;
}

static void plus_count_end(const plus_game *pg, plus_diff_stats *st)
{
    ppref_end e = ppref_end_of(&pg->ref);
    st->games++;
    st->decided += ppref_winner(&pg->ref) >= 0;
    st->fives += e == PPREF_FIVE;
    st->capture_wins += e == PPREF_CAPTURES;
    st->draws += e == PPREF_FULL || e == PPREF_CAP;
}

bool plus_diff_run(uint64_t seed, long games, plus_diff_stats *st, char *err,
                   size_t errlen)
{
    return plus_diff_run_with(seed, games, st, NULL, NULL, err, errlen);
}

bool plus_diff_run_with(uint64_t seed, long games, plus_diff_stats *st,
                        plus_diff_game_fn fn, void *arg, char *err,
                        size_t errlen)
{
    plus_game pg;
    memset(&pg, 0, sizeof pg);
    rng_seed(&pg.r, seed);
    pg.seed = seed;
    for (pg.game = 0; pg.game < games; pg.game++) {
        if (!plus_new_game(&pg, err, errlen))
            return false;
        bool over = false, ok = true;
        while (ok && !over)
            ok = plus_ply(&pg, &over, st, err, errlen);
        rules_game_free(pg.g);
        pg.g = NULL;
        if (!ok)
            return false;
        plus_count_end(&pg, st);
        if (fn)
            fn(pg.options, pg.moves, arg);
    }
    return true;
}
