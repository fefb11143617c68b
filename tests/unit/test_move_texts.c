/*
 * test_move_texts.c - every distinct move text (rules_each_move_text,
 * rules_perft_texts): counts worked out by hand in Pente Plus positions
 * (colour lists, bonus stones, a capture that takes a power stone and so
 * shortens the bonus stone's list, a power stone that wins and so allows
 * no bonus), and on nearly full boards against an independent count: every
 * candidate text built letter by letter, kept when the rules accept it and
 * it is its own canonical form.  In the other games the texts are the
 * listed moves.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static const char texts_cols[] = "ABCDEFGHJKLMNOPQRST";

static rules_game *texts_game(const char *game, const char *variant,
                              const char *options)
{
    char err[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new(game, variant, options, err, sizeof err);
    cr_assert_not_null(g, "%s %s: %s", game, variant ? variant : "", err);
    return g;
}

static void texts_read(const rules_game *g, const char *line, rules_pos *pos)
{
    char why[RULES_REASON_MAX] = "";
    cr_assert_eq(rules_pos_read(g, line, pos, why, sizeof why), RULES_OK,
                 "%s: %s", line, why);
}

/* A Pente position line from grid[361] ('.', 'w', 'b', 'p'; row 19
 * first) and the rest of the line. */
static void texts_line(const char *grid, const char *tail, char *out,
                       size_t len)
{
    size_t n = 0;
    for (int r = 0; r < 19; r++) {
        if (r)
            out[n++] = '/';
        int run = 0;
        for (int c = 0; c <= 19; c++) {
            char ch = c < 19 ? grid[r * 19 + c] : 0;
            if (ch == '.') {
                run++;
                continue;
            }
            if (run)
                n += (size_t)snprintf(out + n, len - n, "%d", run);
            run = 0;
            if (ch)
                out[n++] = ch;
        }
    }
    snprintf(out + n, len - n, " %s", tail);
}

static int texts_cell(const char *name)
{
    const char *c = strchr(texts_cols, name[0]);
    cr_assert_not_null(c);
    return (19 - atoi(name + 1)) * 19 + (int)(c - texts_cols);
}

/* ---- counts worked out by hand ------------------------------------------ */

Test(move_texts, plus_start_depth_two_by_hand)
{
    rules_game *g = texts_game("pente", "plus", NULL);
    rules_pos pos;
    rules_start(g, &pos);
    /* Ply 0: K10, no power stone allowed.  Ply 1 (black, no power stone
     * on the board, so no lists): 360 plain and 360 power stones; a bonus
     * on each of the 12 diamonds after a power stone elsewhere (348
     * points), on the 11 others after one on a diamond. */
    cr_assert_eq(rules_perft_texts(g, &pos, 1), 1);
    cr_assert_eq(rules_perft_texts(g, &pos, 2),
                 360 + 360 + 348 * 12 + 12 * 11);
    /* The listed moves: a plain and a power stone per point. */
    cr_assert_eq(rules_perft(g, &pos, 2), 720);
    rules_game_free(g);
}

/* White to move with power stones in hand, black's power stone on L11
 * (one colour list letter: 2 lists), nothing to capture or to win. */
Test(move_texts, plus_one_power_stone_by_hand)
{
    rules_game *g = texts_game("pente", "plus", "opening=free");
    rules_pos pos;
    texts_read(g, "19/19/19/19/19/19/19/19/10p8/9w9/19/19/19/19/19/19/19/19/"
                  "19 w 2 0,0 2,1",
               &pos);
    int empty = 359, diamonds = 12;
    /* plain: 2 lists a point; power: 2 lists, each alone or with a bonus
     * on another empty diamond with 2 lists of its own. */
    uint64_t plain = (uint64_t)empty * 2;
    uint64_t power = (uint64_t)(empty - diamonds) * 2 * (1 + diamonds * 2) +
                     (uint64_t)diamonds * 2 * (1 + (diamonds - 1) * 2);
    cr_assert_eq(plain + power, 18620);
    cr_assert_eq(rules_each_move_text(g, &pos, NULL, NULL), plain + power);
    cr_assert_eq(rules_perft_texts(g, &pos, 1), 18620);
    cr_assert_eq(rules_perft(g, &pos, 1), 2 * 359);
    rules_game_free(g);
}

/* White B2-E2 (A2 and F2 make five: a power stone there allows no bonus);
 * black's power stone L15 with black M15 and white N15: K15 with L15
 * counted as black takes L15 and M15, and the bonus stone then has no
 * power stone to list. */
Test(move_texts, plus_capture_and_win_by_hand)
{
    rules_game *g = texts_game("pente", "plus", "opening=free");
    rules_pos pos;
    texts_read(g, "19/19/19/19/10pbw6/19/19/19/19/19/19/19/19/19/19/19/19/"
                  "1wwww14/19 w 10 0,0 2,1",
               &pos);
    int empty = 361 - 7, diamonds = 12;
    uint64_t plain = (uint64_t)empty * 2;
    uint64_t wins = 2 * 2;                         /* A2*, A2*\/b, F2... */
    uint64_t k15 = (1 + diamonds * 2) + (1 + diamonds * 1);
    int others = empty - 3;
    uint64_t rest = (uint64_t)(others - diamonds) * 2 * (1 + diamonds * 2) +
                    (uint64_t)diamonds * 2 * (1 + (diamonds - 1) * 2);
    cr_assert_eq(plain + wins + k15 + rest, 18252);
    cr_assert_eq(rules_each_move_text(g, &pos, NULL, NULL), 18252);
    rules_game_free(g);
}

/* ---- an independent count on nearly full boards ------------------------- */

/* Letters of list number i among the lists of length 0..maxlen: i = 0 is
 * no list, then the 2 of length 1, the 4 of length 2, ... */
static int texts_nlists(int maxlen) { return (1 << (maxlen + 1)) - 1; }

static void texts_list(int i, char *out)
{
    int len = 0;
    while (i >= (1 << (len + 1)) - 1)
        len++;
    int bits = i - ((1 << len) - 1);
    if (len == 0) {
        out[0] = 0;
        return;
    }
    out[0] = '/';
    for (int k = 0; k < len; k++)
        out[1 + k] = bits >> k & 1 ? 'b' : 'w';
    out[1 + len] = 0;
}

/* Does the rules accept text as it is, in canonical form? */
static bool texts_canonical(const rules_game *g, const rules_pos *pos,
                            const char *text)
{
    rules_move m;
    char why[RULES_REASON_MAX], canon[RULES_MOVE_TEXT_MAX];
    if (rules_parse_move(g, pos, text, &m, why, sizeof why) != RULES_OK)
        return false;
    rules_format_move(g, &m, canon, sizeof canon);
    return strcmp(canon, text) == 0;
}

/* Every text a point, '*', a colour list of up to maxlen letters and,
 * after a power stone the rules accept, a second point with a list can
 * make: those the rules take as canonical. */
static uint64_t texts_brute(const rules_game *g, const rules_pos *pos,
                            int maxlen)
{
    uint64_t n = 0;
    char text[32], list[8], bonus[64], list2[8];
    for (int cell = 0; cell < 361; cell++)
        for (int power = 0; power < 2; power++)
            for (int i = 0; i < texts_nlists(maxlen); i++) {
                texts_list(i, list);
                snprintf(text, sizeof text, "%c%d%s%s",
                         texts_cols[cell % 19], 19 - cell / 19,
                         power ? "*" : "", list);
                if (!texts_canonical(g, pos, text))
                    continue;
                n++;
                for (int b = 0; power && b < 361; b++)
                    for (int j = 0; j < texts_nlists(maxlen); j++) {
                        texts_list(j, list2);
                        snprintf(bonus, sizeof bonus, "%s %c%d%s", text,
                                 texts_cols[b % 19], 19 - b / 19, list2);
                        n += texts_canonical(g, pos, bonus);
                    }
            }
    return n;
}

typedef struct {
    const rules_game *g;
    const rules_pos *pos;
    char (*texts)[RULES_MOVE_TEXT_MAX];
    size_t n, cap;
} texts_seen;

static void texts_collect(const rules_move *m, void *arg)
{
    texts_seen *s = arg;
    cr_assert_lt(s->n, s->cap);
    rules_format_move(s->g, m, s->texts[s->n], RULES_MOVE_TEXT_MAX);
    /* the move handed over plays as its text does */
    rules_move parsed;
    char why[RULES_REASON_MAX];
    cr_assert_eq(rules_parse_move(s->g, s->pos, s->texts[s->n], &parsed, why,
                                  sizeof why),
                 RULES_OK, "%s: %s", s->texts[s->n], why);
    rules_pos a = *s->pos, b = *s->pos;
    rules_apply(s->g, &a, m);
    rules_apply(s->g, &b, &parsed);
    char la[RULES_POS_TEXT_MAX], lb[RULES_POS_TEXT_MAX];
    rules_pos_write(s->g, &a, la, sizeof la);
    rules_pos_write(s->g, &b, lb, sizeof lb);
    cr_assert_str_eq(la, lb, "%s", s->texts[s->n]);
    s->n++;
}

static int texts_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The brute count, and every text the engine gives accepted, canonical
 * and given once. */
static void texts_check(const rules_game *g, const rules_pos *pos, int maxlen,
                        uint64_t at_least)
{
    texts_seen s = {g, pos, NULL, 0, 100000};
    s.texts = calloc(s.cap, sizeof *s.texts);
    cr_assert_not_null(s.texts);
    uint64_t n = rules_each_move_text(g, pos, texts_collect, &s);
    cr_assert_eq(n, s.n);
    cr_assert_geq(n, at_least, "too few texts to tell anything: %lu",
                  (unsigned long)n);
    cr_assert_eq(rules_each_move_text(g, pos, NULL, NULL), n);
    cr_assert_eq(texts_brute(g, pos, maxlen), n);
    for (size_t i = 0; i < s.n; i++)
        cr_assert(texts_canonical(g, pos, s.texts[i]), "%s", s.texts[i]);
    qsort(s.texts, s.n, sizeof *s.texts, texts_cmp);
    for (size_t i = 1; i < s.n; i++)
        cr_assert_str_neq(s.texts[i - 1], s.texts[i]);
    free(s.texts);
}

/* A full board of runs of at most two ((row + 2 column) mod 4), so that
 * pairs to capture lie everywhere and no five; then the empty points and
 * power stones given. */
static void texts_full(char *grid, const char *const *empty, int nempty,
                       const char *const *power, int npower)
{
    for (int cell = 0; cell < 361; cell++)
        grid[cell] = (cell / 19 + 2 * (cell % 19)) % 4 < 2 ? 'w' : 'b';
    for (int i = 0; i < nempty; i++)
        grid[texts_cell(empty[i])] = '.';
    for (int i = 0; i < npower; i++)
        grid[texts_cell(power[i])] = 'p';
}

Test(move_texts, nearly_full_board_white_two_power_stones, .timeout = 120)
{
    rules_game *g = texts_game("pente", "plus", NULL);
    const char *empty[] = {"D4", "K4", "A1", "T19", "J10", "K9"};
    const char *power[] = {"J9", "L11"};
    char grid[361], line[RULES_POS_TEXT_MAX];
    texts_full(grid, empty, 6, power, 2);
    /* 355 stones after 354 plies: two power stones on the board, one in
     * each hand. */
    texts_line(grid, "w 354 0,0 1,1", line, sizeof line);
    rules_pos pos;
    texts_read(g, line, &pos);
    texts_check(g, &pos, 3, 6 * 4 * 2);
    rules_game_free(g);
}

Test(move_texts, nearly_full_board_black_three_power_stones, .timeout = 120)
{
    rules_game *g = texts_game("pente", "plus", NULL);
    const char *empty[] = {"Q4", "N7", "K5", "E5", "P3"};
    const char *power[] = {"Q5", "N8", "L6"};
    char grid[361], line[RULES_POS_TEXT_MAX];
    texts_full(grid, empty, 5, power, 3);
    texts_line(grid, "b 357 0,4 0,1", line, sizeof line);
    rules_pos pos;
    texts_read(g, line, &pos);
    texts_check(g, &pos, 4, 5 * 8 * 2);
    rules_game_free(g);
}

/* ---- deeper, and the other games ------------------------------------------ */

typedef struct {
    const rules_game *g;
    const rules_pos *pos;
    uint64_t sum;
} texts_sum;

static void texts_add_child(const rules_move *m, void *arg)
{
    texts_sum *s = arg;
    rules_pos child = *s->pos;
    rules_apply(s->g, &child, m);
    s->sum += rules_each_move_text(s->g, &child, NULL, NULL);
}

/* Depth 2 is the sum of the children's texts. */
Test(move_texts, depth_two_sums_the_children, .timeout = 60)
{
    rules_game *g = texts_game("pente", "plus", NULL);
    const char *empty[] = {"D4", "K4", "A1", "T19", "J10", "K9"};
    const char *power[] = {"J9", "L11"};
    char grid[361], line[RULES_POS_TEXT_MAX];
    texts_full(grid, empty, 6, power, 2);
    texts_line(grid, "w 354 0,0 1,1", line, sizeof line);
    rules_pos pos;
    texts_read(g, line, &pos);
    texts_sum s = {g, &pos, 0};
    rules_each_move_text(g, &pos, texts_add_child, &s);
    cr_assert_gt(s.sum, 0);
    cr_assert_eq(rules_perft_texts(g, &pos, 2), s.sum);
    rules_game_free(g);
}

/* Without power stones every text is a listed move. */
Test(move_texts, other_games_count_the_listed_moves, .timeout = 60)
{
    const char *games[][2] = {{"pentago", "swiss-2010"},
                              {"pentago", "standard"},
                              {"pente", "standard"},
                              {"pente", "partner"},
                              {"pente", "team"}};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        rules_game *g = texts_game(games[i][0], games[i][1], NULL);
        rules_pos pos;
        rules_start(g, &pos);
        for (int d = 0; d <= 3; d++)
            cr_assert_eq(rules_perft_texts(g, &pos, d),
                         rules_perft(g, &pos, d), "%s %s depth %d",
                         games[i][0], games[i][1], d);
        rules_game_free(g);
    }
    /* Pentago: the bare cell where the placement makes five. */
    rules_game *g = texts_game("pentago", NULL, NULL);
    rules_pos pos;
    texts_read(g, "wwww../bbbb../....../....../....../...... w", &pos);
    uint64_t n = rules_each_move_text(g, &pos, NULL, NULL);
    cr_assert_eq(n, 1 + 27 * 8);
    cr_assert(texts_canonical(g, &pos, "e1"));
    cr_assert_not(texts_canonical(g, &pos, "e1 1R"));
    rules_game_free(g);
}
