/*
 * test_cbots.c - the bundled C bots driven by a scripted referee: the
 * handshake they send, a legal move on `turn`, the greedy choices, seeded
 * reproducibility, and exit status at `quit` and at end of input.
 *
 * The bots are the sanitizer builds next to this test program
 * (BUILD/test/bots/NAME, made by `make test`).
 */
#include "line.h"
#include "proto.h"
#include "rules.h"
#include "support/botrun.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef botrun bot_run;

/* Run a bot with script on its stdin until it exits. */
static void run_bot(const char *name, const char *arg, const char *script,
                    bot_run *run)
{
    char path[PATH_MAX + 16];
    botrun_path(name, path, sizeof path);
    char *argv[] = {path, (char *)arg, NULL};
    botrun_script(argv, script, false, run);
}

/* The n-th line (0-based) of text, without its LF, into buf. */
static const char *nth_line(const char *text, int n, char *buf, size_t len)
{
    const char *p = text;
    for (int i = 0; i < n && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p)
        return NULL;
    size_t k = strcspn(p, "\n");
    snprintf(buf, len, "%.*s", (int)k, p);
    return buf;
}

/* The text of the first `move` line of out, checked by the parser. */
static const char *first_move(const char *out, char *buf, size_t len)
{
    char line[256];
    for (int i = 0; nth_line(out, i, line, sizeof line); i++) {
        proto_msg m;
        proto_parse_bot_line(line, &m);
        if (m.kind == PROTO_MOVE) {
            snprintf(buf, len, "%s", m.text);
            return buf;
        }
        cr_assert_neq(m.kind, PROTO_MALFORMED, "bot sent '%s'", line);
    }
    cr_assert_fail("no move in:\n%s", out);
    return NULL;
}

/* The bot exited by itself with status 0. */
static void assert_exit_0(const bot_run *run)
{
    cr_assert(WIFEXITED(run->status), "bot did not exit normally");
    cr_assert_eq(WEXITSTATUS(run->status), 0);
}

#define SETUP(you, seed)                                                      \
    "protocol 1\n"                                                            \
    "set game pentago\n"                                                      \
    "set variant swiss-2010\n"                                                \
    "set seats 2\n"                                                           \
    "set player 0 white 0 Alice\n"                                            \
    "set player 1 black 1 Bob\n"                                              \
    "set you " #you "\n"                                                      \
    "set time 5000 0 0\n"                                                     \
    "set seed " #seed "\n"                                                    \
    "start\n"

/* move must be legal for black after white's c4 2R on the empty board. */
static void expect_legal_after_c4(const char *move)
{
    char err[RULES_REASON_MAX], why[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", "swiss-2010", NULL, err,
                                   sizeof err);
    cr_assert_not_null(g, "%s", err);
    rules_pos pos;
    rules_move m;
    rules_start(g, &pos);
    cr_assert_eq(rules_parse_move(g, &pos, "c4 2R", &m, why, sizeof why),
                 RULES_OK);
    rules_apply(g, &pos, &m);
    cr_expect_eq(rules_parse_move(g, &pos, move, &m, why, sizeof why),
                 RULES_OK, "'%s': %s", move, why);
    rules_game_free(g);
}

Test(cbots, random_handshake_and_legal_move, .timeout = 20)
{
    bot_run run;
    run_bot("random_bot", NULL,
            SETUP(1, 7) "played 0 c4 2R\nturn 5000 -1\n"
                        "result draw move-cap\nquit 1000\n",
            &run);
    assert_exit_0(&run);
    char line[256];
    cr_assert_str_eq(nth_line(run.out, 0, line, sizeof line),
                     "id name random_bot");
    cr_assert(strncmp(nth_line(run.out, 1, line, sizeof line),
                      "id version ", 11) == 0);
    cr_assert(strncmp(nth_line(run.out, 2, line, sizeof line),
                      "id author ", 10) == 0);
    cr_assert_str_eq(nth_line(run.out, 3, line, sizeof line),
                     "id option newgame");
    cr_assert_str_eq(nth_line(run.out, 4, line, sizeof line), "ready 1");
    char move[128];
    first_move(run.out, move, sizeof move);
    expect_legal_after_c4(move);
}

Test(cbots, random_is_reproducible_from_the_seed, .timeout = 20)
{
    static const char script[] = SETUP(0, 12345) "turn 5000 -1\nquit 100\n";
    bot_run a, b;
    run_bot("random_bot", NULL, script, &a);
    run_bot("random_bot", NULL, script, &b);
    assert_exit_0(&a);
    cr_assert_str_eq(a.out, b.out);
}

Test(cbots, exits_0_at_end_of_input, .timeout = 20)
{
    bot_run run;
    run_bot("random_bot", NULL, "protocol 1\n", &run);
    assert_exit_0(&run);
    run_bot("greedy_bot", NULL, SETUP(0, 1) "turn 100 -1\n", &run);
    assert_exit_0(&run);
}

Test(cbots, position_option, .timeout = 20)
{
    bot_run run;
    run_bot("random_bot", "--position",
            SETUP(0, 3) "position "
                        "wb..../....../....../....../....../...... w\n"
                        "turn 5000 -1\nquit 100\n",
            &run);
    assert_exit_0(&run);
    cr_assert(strstr(run.out, "\nid option position\nid option newgame\n"
                              "ready 1\n") != NULL,
              "got:\n%s", run.out);
    char move[128];
    first_move(run.out, move, sizeof move);
    cr_assert(strncmp(move, "a1", 2) != 0 && strncmp(move, "b1", 2) != 0,
              "played on an occupied cell: %s", move);
}

/* `newgame` after a game: the bot forgets it, says `ready 1`, and plays
 * the next game from its own set lines (another seat, a fresh board: its
 * move must be legal on the empty board after c4 2R, whatever it played
 * in the first game). */
Test(cbots, newgame_starts_a_fresh_game, .timeout = 20)
{
    bot_run run;
    run_bot("random_bot", NULL,
            SETUP(0, 3) "turn 5000 -1\nresult loss five-by-rotation\n"
                        "newgame\n"
            "set game pentago\nset variant swiss-2010\nset seats 2\n"
            "set player 0 white 0 Bob\nset player 1 black 1 Alice\n"
            "set you 1\nset time 5000 0 0\nset seed 4\nstart\n"
            "played 0 c4 2R\nturn 5000 -1\nquit 100\n",
            &run);
    assert_exit_0(&run);
    const char *again = strstr(run.out, "\nready 1\n");
    cr_assert(again && strstr(again + 1, "\nready 1\n"),
              "no second ready:\n%s", run.out);
    const char *second = strstr(strstr(again + 1, "\nready 1\n") + 1,
                                "move ");
    cr_assert(second, "no move in the second game:\n%s", run.out);
    char move[128];
    snprintf(move, sizeof move, "%s", second + 5);
    move[strcspn(move, "\n")] = '\0';
    expect_legal_after_c4(move);
}

Test(cbots, greedy_takes_a_win, .timeout = 20)
{
    bot_run run;
    run_bot("greedy_bot", "--position",
            SETUP(0, 9) "position "
                        "wwww../....../....../bbbb../....../...... w\n"
                        "turn 5000 -1\nquit 100\n",
            &run);
    assert_exit_0(&run);
    char move[128];
    cr_assert_str_eq(first_move(run.out, move, sizeof move), "e1");
}

Test(cbots, greedy_blocks_a_win, .timeout = 20)
{
    const char *posline = "wwww../....../....../bbb.../....../...... b";
    char script[1024];
    snprintf(script, sizeof script,
             SETUP(1, 5) "position %s\nturn 5000 -1\nquit 100\n", posline);
    bot_run run;
    run_bot("greedy_bot", "--position", script, &run);
    assert_exit_0(&run);
    char move[128];
    first_move(run.out, move, sizeof move);

    /* After the bot's move, white must have no move that wins at once. */
    char err[RULES_REASON_MAX], why[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", NULL, NULL, err, sizeof err);
    cr_assert_not_null(g, "%s", err);
    rules_pos pos;
    rules_move m;
    cr_assert_eq(rules_pos_read(g, posline, &pos, why, sizeof why), RULES_OK,
                 "%s", why);
    cr_assert_eq(rules_parse_move(g, &pos, move, &m, why, sizeof why),
                 RULES_OK, "'%s': %s", move, why);
    rules_apply(g, &pos, &m);
    static rules_move replies[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, &pos, replies, RULES_MAX_MOVES);
    cr_assert_gt(n, 0);
    for (size_t i = 0; i < n; i++) {
        rules_pos after = pos;
        rules_outcome_t o;
        rules_apply(g, &after, &replies[i]);
        rules_outcome(g, &after, &o);
        cr_assert(!(o.over && o.result[0] == RULES_RESULT_WIN),
                  "after %s white wins", move);
    }
    rules_game_free(g);
}

Test(cbots, unknown_lines_are_ignored, .timeout = 20)
{
    bot_run run;
    run_bot("greedy_bot", NULL,
            "hello there\nprotocol 1\nset colour-scheme dark\n"
            "set game pentago\nset you 0\nset seed 1\nfrobnicate 3\nstart\n"
            "\nturn 5000 -1\nquit 100\n",
            &run);
    assert_exit_0(&run);
    char move[128];
    first_move(run.out, move, sizeof move);
}
