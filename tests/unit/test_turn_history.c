/*
 * test_turn_history.c - what a bot is told before its turn (PROTOCOL.md
 * section 4), the one rule that match, play and check-bot share: the
 * moves it has not seen but its own, an opening's moves to every seat,
 * or one position line.
 */
#include "match/turn_history.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static void collect(void *arg, const char *line, int len)
{
    strncat(arg, line, (size_t)len);
}

/* Four plies of Pentago: a1 1R, b1 1R, c1 1R, d1 1R. */
static rules_game *four_plies(record *r, rules_pos *pos)
{
    char err[256];
    rules_game *g = rules_game_new("pentago", NULL, NULL, err, sizeof err);
    cr_assert(g, "%s", err);
    rules_start(g, pos);
    record_init(r);
    const char *moves[] = {"a1 1R", "b1 1R", "c1 1R", "d1 1R"};
    for (int i = 0; i < 4; i++) {
        rules_move mv;
        char why[RULES_REASON_MAX];
        cr_assert_eq(rules_parse_move(g, pos, moves[i], &mv, why, sizeof why),
                     RULES_OK, "%s", why);
        rules_apply(g, pos, &mv);
        record_add_move(r, i % 2, moves[i], NULL, 0, -1);
    }
    return g;
}

Test(turn_history, the_moves_not_seen_but_its_own_or_the_opening)
{
    record r;
    rules_pos pos;
    rules_game *g = four_plies(&r, &pos);
    char out[1024] = "";
    turn_history h = {.g = g, .pos = &pos, .seat = 0, .moves = &r,
                      .move = turn_history_record_move, .nmoves = 4,
                      .seen = 1};
    turn_history_lines(&h, collect, out);
    cr_expect_str_eq(out, "played 1 b1 1R\nplayed 1 d1 1R\n");
    out[0] = '\0';
    h.seen = 0;
    h.told_all = 2; /* an opening of two plies: seat 0 did not make a1 */
    turn_history_lines(&h, collect, out);
    cr_expect_str_eq(out, "played 0 a1 1R\nplayed 1 b1 1R\n"
                          "played 1 d1 1R\n");
    out[0] = '\0';
    h.seen = 4;
    turn_history_lines(&h, collect, out);
    cr_expect_str_eq(out, "", "nothing new");
    record_release(&r);
    rules_game_free(g);
}

Test(turn_history, a_position_when_asked_for)
{
    record r;
    rules_pos pos;
    rules_game *g = four_plies(&r, &pos);
    char out[1024] = "", line[RULES_POS_TEXT_MAX], want[RULES_POS_TEXT_MAX + 16];
    turn_history h = {.g = g, .pos = &pos, .seat = 1, .want_position = true,
                      .moves = &r, .move = turn_history_record_move,
                      .nmoves = 4, .seen = 2};
    turn_history_lines(&h, collect, out);
    rules_pos_write(g, &pos, line, sizeof line);
    snprintf(want, sizeof want, "position %s\n", line);
    cr_expect_str_eq(out, want);
    cr_expect(turn_history_positions(g, true));
    cr_expect_not(turn_history_positions(g, false));
    record_release(&r);
    rules_game_free(g);
}
