/*
 * test_pente_settings.c - Pente's options read into typed settings
 * (referee/rules/pente_settings.h): every error names the option and what
 * is wrong, the values land in their fields, the canonical text is a fixed
 * point, and rules_game_same compares two games setting by setting.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <string.h>

#include "pente.h"
#include "pente_settings.h"
#include "rules.h"

static rules_game *new_game(const char *game, const char *variant,
                            const char *options)
{
    char err[RULES_REASON_MAX] = "";
    rules_game *g = rules_game_new(game, variant, options, err, sizeof err);
    cr_assert_not_null(g, "%s %s '%s': %s", game, variant ? variant : "-",
                       options ? options : "", err);
    return g;
}

static pente_settings parsed(const char *variant, const char *options)
{
    pente_settings s;
    char err[RULES_REASON_MAX] = "";
    cr_assert(pente_settings_parse(&s, variant, options, err, sizeof err),
              "%s '%s': %s", variant, options, err);
    return s;
}

/* ---- errors --------------------------------------------------------------- */

Test(pente_settings, errors_name_the_option_and_the_fault)
{
    const char *cases[][3] = {
        {"standard", "opening=strict",
         "opening: 'strict' is not tournament or free"},
        {"standard", "opening=", "opening: no value after '='"},
        {"standard", "movecap=-1",
         "movecap: '-1' is not a number 0-65535 (plies; 0 = none)"},
        {"standard", "movecap=65536",
         "movecap: '65536' is not a number 0-65535 (plies; 0 = none)"},
        {"standard", "movecap=8x",
         "movecap: '8x' is not a number 0-65535 (plies; 0 = none)"},
        {"standard", "movecap=\x01",
         "movecap: '\\x01' is not a number 0-65535 (plies; 0 = none)"},
        {"standard", "movecap", "option 'movecap' is not key=value"},
        {"standard", "movecap=3 movecap=5", "movecap: given twice"},
        {"standard", "captures=0",
         "captures: '0' is not a number 1-100 (pairs)"},
        {"partner", "captures=101",
         "captures: '101' is not a number 1-100 (pairs)"},
        {"team", "captures=201",
         "captures: '201' is not a number 1-200 (enemy stones)"},
        {"standard", "colour=red",
         "unknown option 'colour' (known: opening, movecap, captures)"},
        {"plus", "colour=red", "unknown option 'colour' (known: opening, "
                               "movecap, captures, diamonds)"},
        {"standard", "=5", "option '=5' is not key=value"},
        {"team", "diamonds=D4",
         "diamonds: an option of the plus variant only"},
        {"plus", "diamonds=", "diamonds: no value after '='"},
        {"plus", "diamonds=I4",
         "diamonds: 'I4': there is no column I (columns A-T without I)"},
        {"plus", "diamonds=D20",
         "diamonds: 'D20': row 20 is off the board (rows 1-19)"},
        {"plus", "diamonds=D4x", "diamonds: 'D4x' is not a point like D4"},
        {"plus", "diamonds=D4;K4",
         "diamonds: 'D4;K4' is not a point like D4"},
        {"plus", "diamonds=D4,d4", "diamonds: D4 is listed twice"},
        {"plus", "diamonds=D4,", "diamonds: a point is missing in 'D4,'"},
        {"plus", "diamonds=,D4", "diamonds: a point is missing in ',D4'"},
        {"plus", "diamonds=D4,,K4",
         "diamonds: a point is missing in 'D4,,K4'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[RULES_REASON_MAX] = "";
        rules_game *g = rules_game_new("pente", cases[i][0], cases[i][1],
                                       err, sizeof err);
        cr_assert_null(g, "%s '%s' accepted", cases[i][0], cases[i][1]);
        cr_assert_str_eq(err, cases[i][2], "%s '%s'", cases[i][0],
                         cases[i][1]);
    }
}

Test(pente_settings, unknown_variant)
{
    pente_settings s;
    char err[RULES_REASON_MAX] = "";
    cr_assert_not(pente_settings_parse(&s, "quad", "", err, sizeof err));
    cr_assert_str_eq(err, "unknown variant 'quad' of pente");
}

/* The canonical text must fit rules.h's options text: a long diamond list
 * that fits as given but not with the defaults filled in is refused. */
Test(pente_settings, canonical_text_too_long)
{
    char options[256] = "diamonds=";
    size_t n = strlen(options);
    for (int cell = 0; n + 5 < sizeof options; cell++) {
        char name[16];
        snprintf(name, sizeof name, "%c%d", "ABCDEFGHJKLMNOPQRST"[cell % 19],
                 10 + cell / 19);
        n += (size_t)snprintf(options + n, sizeof options - n, "%s%s",
                              cell ? "," : "", name);
    }
    char err[RULES_REASON_MAX] = "";
    cr_assert_null(rules_game_new("pente", "plus", options, err, sizeof err));
    cr_assert(strstr(err, "options too long"), "%s", err);
}

/* ---- values ---------------------------------------------------------------- */

Test(pente_settings, defaults_per_variant)
{
    const struct {
        const char *variant;
        pente_variant v;
        int captures, stones;
        bool diamonds;
    } cases[] = {
        {"standard", PENTE_STANDARD, 5, 10, false},
        {"plus", PENTE_PLUS, 5, 10, true},
        {"partner", PENTE_PARTNER, 5, 10, false},
        {"team", PENTE_TEAM, 10, 10, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pente_settings s = parsed(cases[i].variant, NULL);
        cr_assert_eq(s.variant, cases[i].v);
        cr_assert_str_eq(pente_variant_name(s.variant), cases[i].variant);
        cr_assert(s.tournament);
        cr_assert_eq(s.movecap, 0);
        cr_assert_eq(s.captures, cases[i].captures);
        cr_assert_eq(pente_stones_to_win(&s), cases[i].stones);
        int n = 0;
        for (int cell = 0; cell < PENTE_CELLS; cell++)
            n += pente_settings_diamond(&s, cell);
        cr_assert_eq(n, cases[i].diamonds ? 12 : 0, "%s", cases[i].variant);
        for (int k = 0; cases[i].diamonds && k < 12; k++)
            cr_assert(pente_settings_diamond(&s, pente_default_diamonds[k]));
    }
}

Test(pente_settings, values_land_in_their_fields)
{
    pente_settings s =
        parsed("plus", "\tdiamonds=k10,A1  opening=free movecap=007 "
                       "captures=3 ");
    cr_assert_eq(s.variant, PENTE_PLUS);
    cr_assert_not(s.tournament);
    cr_assert_eq(s.movecap, 7);
    cr_assert_eq(s.captures, 3);
    cr_assert_eq(pente_stones_to_win(&s), 6);
    for (int cell = 0; cell < PENTE_CELLS; cell++)
        cr_assert_eq(pente_settings_diamond(&s, cell),
                     cell == PENTE_CENTRE || cell == 18 * 19, "cell %d",
                     cell);
    s = parsed("team", "captures=200 movecap=65535");
    cr_assert_eq(s.captures, 200);
    cr_assert_eq(pente_stones_to_win(&s), 200);
    cr_assert_eq(s.movecap, 65535);
}

/* The rules engine starts from the parsed settings themselves: its start
 * position is the one pente_start makes of them, byte for byte. */
Test(pente_settings, the_engine_starts_from_the_settings)
{
    const char *cases[][2] = {
        {"standard", "opening=free movecap=9 captures=2"},
        {"plus", "diamonds=A1,T19 captures=7"},
        {"partner", "movecap=40"},
        {"team", "captures=14 opening=free"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_game *g = new_game("pente", cases[i][0], cases[i][1]);
        pente_settings s = parsed(cases[i][0], cases[i][1]);
        rules_pos pos;
        rules_start(g, &pos);
        pente_pos p;
        pente_start(&p, &s);
        cr_assert(memcmp(&p, pos.opaque, sizeof p) == 0, "%s '%s'",
                  cases[i][0], cases[i][1]);
        rules_game_free(g);
    }
}

/* ---- canonical text ------------------------------------------------------ */

Test(pente_settings, canonical_text)
{
    const char *cases[][3] = {
        {"standard", "", "opening=tournament movecap=0 captures=5"},
        {"team", NULL, "opening=tournament movecap=0 captures=10"},
        {"partner", " captures=3\tmovecap=12 opening=free ",
         "opening=free movecap=12 captures=3"},
        {"plus", "diamonds=q4,D4,k10,T19 movecap=00",
         "opening=tournament movecap=0 captures=5 "
         "diamonds=T19,K10,D4,Q4"},
        {"plus", NULL,
         "opening=tournament movecap=0 captures=5 "
         "diamonds=D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_game *g = new_game("pente", cases[i][0], cases[i][1]);
        const char *text = rules_options_text(g);
        cr_assert_str_eq(text, cases[i][2]);
        /* the canonical text reads back to itself and to the same game */
        rules_game *again = new_game("pente", cases[i][0], text);
        cr_assert_str_eq(rules_options_text(again), text);
        char why[RULES_REASON_MAX] = "";
        cr_assert(rules_game_same(g, again, why, sizeof why), "%s", why);
        rules_game_free(again);
        rules_game_free(g);
    }
}

Test(pente_settings, write_truncates_and_says_how_long)
{
    pente_settings s = parsed("standard", "movecap=12");
    char buf[16];
    size_t n = pente_settings_write(&s, buf, sizeof buf);
    cr_assert_eq(n, strlen("opening=tournament movecap=12 captures=5"));
    cr_assert_str_eq(buf, "opening=tournam");
}

/* ---- comparison ------------------------------------------------------------- */

Test(pente_settings, same_game_however_written)
{
    const char *cases[][3] = {
        {"standard", NULL, "opening=tournament movecap=0 captures=5"},
        {"standard", "movecap=8 captures=4", "captures=04  movecap=8"},
        {"team", "", "captures=10"},
        {"plus", "diamonds=A1,T19", "diamonds=t19,a1"},
        {"plus", NULL, "diamonds=Q4,K4,D4,Q10,D10,N7,G7,N13,G13,Q16,K16,D16"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_game *a = new_game("pente", cases[i][0], cases[i][1]);
        rules_game *b = new_game("pente", cases[i][0], cases[i][2]);
        char why[RULES_REASON_MAX] = "";
        cr_assert(rules_game_same(a, b, why, sizeof why), "%zu: %s", i, why);
        cr_assert(rules_game_same(b, a, why, sizeof why), "%zu: %s", i, why);
        cr_assert_str_eq(rules_options_text(a), rules_options_text(b));
        rules_game_free(a);
        rules_game_free(b);
    }
}

Test(pente_settings, first_difference_named)
{
    const char *cases[][6] = {
        {"pentago", "standard", "pente", "standard", "",
         "game=pentago against game=pente"},
        {"pentago", "standard", "pentago", "swiss-2010", "",
         "variant=standard against variant=swiss-2010"},
        {"pente", "standard", "pente", "partner", "",
         "variant=standard against variant=partner"},
        {"pente", "standard", "pente", "standard", "opening=free",
         "opening=tournament against opening=free"},
        {"pente", "team", "pente", "team", "movecap=8",
         "movecap=0 against movecap=8"},
        {"pente", "plus", "pente", "plus", "captures=4 movecap=3",
         "movecap=0 against movecap=3"},
        {"pente", "partner", "pente", "partner", "captures=4",
         "captures=5 against captures=4"},
        {"pente", "plus", "pente", "plus",
         "diamonds=D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4",
         "diamonds: Q4 is a diamond point in the first game only"},
        {"pente", "plus", "pente", "plus",
         "diamonds=A19,D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4",
         "diamonds: A19 is a diamond point in the second game only"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rules_game *a = new_game(cases[i][0], cases[i][1], NULL);
        rules_game *b = new_game(cases[i][2], cases[i][3], cases[i][4]);
        char why[RULES_REASON_MAX] = "";
        cr_assert_not(rules_game_same(a, b, why, sizeof why), "%zu", i);
        cr_assert_str_eq(why, cases[i][5]);
        cr_assert_not(rules_game_same(b, a, why, sizeof why), "%zu", i);
        rules_game_free(a);
        rules_game_free(b);
    }
}

Test(pente_settings, pentago_games_compare_by_variant)
{
    rules_game *a = new_game("pentago", NULL, NULL);
    rules_game *b = new_game("pentago", "swiss-2010", "");
    char why[RULES_REASON_MAX] = "";
    cr_assert(rules_game_same(a, b, why, sizeof why), "%s", why);
    rules_game_free(a);
    rules_game_free(b);
}

/* Same settings exactly when the canonical texts are equal, both ways
 * round, over every pair of a set of games that differ in one setting or
 * only in how they are written. */
Test(pente_settings, same_iff_canonical_text_equal)
{
    const char *games[][2] = {
        {"standard", NULL},
        {"standard", "movecap=0"},
        {"standard", "movecap=1"},
        {"standard", "opening=free"},
        {"standard", "captures=4"},
        {"partner", NULL},
        {"partner", "captures=5 opening=tournament"},
        {"team", "captures=5"},
        {"team", NULL},
        {"plus", NULL},
        {"plus", "diamonds=K10"},
        {"plus", "diamonds=k10"},
        {"plus", "diamonds=K10,A1"},
        {"plus", "diamonds=A1,K10 movecap=2"},
    };
    enum { N = sizeof games / sizeof games[0] };
    rules_game *g[N];
    for (int i = 0; i < N; i++)
        g[i] = new_game("pente", games[i][0], games[i][1]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            char why[RULES_REASON_MAX] = "";
            bool same = rules_game_same(g[i], g[j], why, sizeof why);
            bool text = strcmp(rules_variant_name(g[i]),
                               rules_variant_name(g[j])) == 0 &&
                        strcmp(rules_options_text(g[i]),
                               rules_options_text(g[j])) == 0;
            cr_assert_eq(same, text, "%d %d: %s", i, j, why);
            cr_assert_eq(same, i == j || (i == 0 && j == 1) ||
                                   (i == 1 && j == 0) ||
                                   (i == 5 && j == 6) || (i == 6 && j == 5) ||
                                   (i == 10 && j == 11) ||
                                   (i == 11 && j == 10),
                         "%d %d", i, j);
        }
    for (int i = 0; i < N; i++)
        rules_game_free(g[i]);
}
