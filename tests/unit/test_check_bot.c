/*
 * test_check_bot.c - `referee check-bot` end to end, with real bot
 * processes: the bundled C bots pass every game, in a sandbox and
 * without; each misbehaving bot fails at the step it breaks, with the
 * reason; a bot that plays some games only is told which; usage errors.
 *
 * The misbehaving bots are tests/bots/ programs (checkbot_*.c and the
 * older ones they share), built by `make test` into BUILD/test/tbots/.
 * The course's seeds are fixed, so every run plays the same games.
 */
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_MAX (256 * 1024)

static char out[OUT_MAX];
static char tmpdir[64];

/* The bot's logs go to a directory of the test's own, which must be left
 * empty. */
static void check_setup(void)
{
    run_tmpdir(tmpdir, sizeof tmpdir);
    cr_assert(tmpdir[0], "no temporary directory");
    setenv("TMPDIR", tmpdir, 1);
}

static void check_teardown(void)
{
    DIR *d = opendir(tmpdir);
    int files = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        files += e->d_name[0] != '.';
    if (d)
        closedir(d);
    run_rmtree(tmpdir);
    cr_expect_eq(files, 0, "check-bot left %d files in its TMPDIR", files);
}

/* Each test's own .init and .fini, not a TestSuite: under AddressSanitizer
 * Criterion reads a second TestSuite in the binary at the wrong place
 * (the redzones ASan puts around globals shift the section it iterates),
 * and stats_ratings has one already. */
#define CHECK_BOT_TEST(name)                                                 \
    Test(check_bot, name, .init = check_setup, .fini = check_teardown,      \
         .timeout = 60)

/* `referee check-bot ARGS...` (NULL-terminated); its exit status, its
 * output in out.  Nothing of the run may be left running after it. */
static int check_bot(const char *tag, const char *const *args)
{
    char *argv[40];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "check-bot";
    for (int i = 0; args[i] && n < 38; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    int rc = run_cmd(argv, tag, out, sizeof out);
    cr_expect_eq(run_count_tagged(tag), 0,
                 "processes of the run outlived check-bot:\n%s", out);
    return rc;
}

/* The report's line for step in the block titled block ("pentago
 * swiss-2010", or "the bot"), without its leading blanks; NULL if the
 * step is not reported there. */
static const char *step_line(const char *block, const char *step,
                             char *buf, size_t len)
{
    char title[80];
    snprintf(title, sizeof title, "\n%s\n", block);
    const char *p = strstr(out, title);
    if (!p)
        return NULL;
    p += strlen(title);
    while (*p == ' ' || *p == '\n') {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char line[2048];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        /* Steps are "  WORD step: ..." or "  WORD step". */
        if (strncmp(line, "  ", 2) == 0 && line[2] != ' ') {
            const char *name = line + 7;
            size_t k = strlen(step);
            if (!strncmp(name, step, k) && (name[k] == ':' || !name[k])) {
                snprintf(buf, len, "%s", line + 2);
                return buf;
            }
        } else if (strncmp(line, "  ", 2) != 0) {
            return NULL; /* the next block */
        }
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    return NULL;
}

static void expect_step(const char *block, const char *step,
                        const char *status, const char *text)
{
    char line[2048];
    cr_assert(step_line(block, step, line, sizeof line),
              "no step %s in block %s:\n%s", step, block, out);
    cr_expect(!strncmp(line, status, strlen(status)),
              "%s %s is not %s: %s\n%s", block, step, status, line, out);
    if (text)
        cr_expect(strstr(line, text), "%s %s does not say '%s': %s\n%s",
                  block, step, text, line, out);
}

static const char *const all_games[] = {
    "pentago swiss-2010", "pentago standard", "pente standard",
    "pente plus",         "pente partner",    "pente team",
};

/* Every game played, every step passed or told. */
static void expect_all_pass(const char *bot)
{
    cr_expect(strstr(out, "check-bot: ") && strstr(out, " 0 failed"),
              "%s failed a step:\n%s", bot, out);
    cr_expect(!strstr(out, "\n  FAIL "), "%s:\n%s", bot, out);
    cr_expect(!strstr(out, "does not play"), "%s:\n%s", bot, out);
    for (size_t i = 0; i < sizeof all_games / sizeof all_games[0]; i++) {
        expect_step(all_games[i], "first-move", "PASS", NULL);
        expect_step(all_games[i], "time-limit", "PASS", "'turn 300 -1'");
        expect_step(all_games[i], "bank", "PASS", "'turn 200 200'");
        expect_step(all_games[i], "foreign-position", "PASS", NULL);
        expect_step(all_games[i], "five", "INFO", NULL);
        expect_step(all_games[i], "quit", "PASS", "exited with status 0");
        expect_step(all_games[i], "leftovers", "PASS", NULL);
    }
    expect_step("pentago swiss-2010", "full-board", "PASS",
                "on the last empty cell");
    expect_step("pentago standard", "end-game", "PASS", "4 empty cells");
    expect_step("pente team", "captures", "PASS", NULL);
    expect_step("pente plus", "power-stones", "PASS", NULL);
    expect_step("the bot", "handshake", "PASS", "'ready 1'");
    expect_step("the bot", "flush", "PASS", NULL);
}

CHECK_BOT_TEST(random_bot_passes_every_game_in_a_sandbox)
{
    const char *args[] = {"--", RUN_BOTS "random_bot", NULL};
    cr_assert_eq(check_bot("ck-random", args), 0, "%s", out);
    expect_all_pass("random_bot");
    expect_step("pentago swiss-2010", "played", "PASS", NULL);
    expect_step("pentago swiss-2010", "position", "INFO", "not sent");
    expect_step("the bot", "id", "PASS", "name 'random_bot'");
    cr_expect(strstr(out, "plays: pentago swiss-2010, pentago standard, "
                          "pente standard, pente plus, pente partner, "
                          "pente team, pentago-multi 2p, pentago-multi 3p, "
                          "pentago-multi 4p, pentago-multi team, "
                          "pentago-puzzle 2p, pentago-puzzle 3p, "
                          "pentago-puzzle 4p\n"), "%s", out);
    /* In the puzzle it is sent positions it did not ask for. */
    expect_step("pentago-puzzle 3p", "position", "PASS", NULL);
}

CHECK_BOT_TEST(greedy_bot_passes_every_game_without_a_sandbox)
{
    const char *args[] = {"--sandbox", "off", RUN_BOTS "greedy_bot", NULL};
    cr_assert_eq(check_bot("ck-greedy", args), 0, "%s", out);
    cr_expect(strstr(out, "isolation none"), "%s", out);
    expect_all_pass("greedy_bot");
    /* It wins when it can. */
    expect_step("pentago swiss-2010", "five", "INFO", "it took the five");
    expect_step("pente plus", "five", "INFO", "it took the five");
}

CHECK_BOT_TEST(a_bot_on_position_lines_gets_a_foreign_position)
{
    const char *args[] = {"--", RUN_BOTS "random_bot", "--position", NULL};
    cr_assert_eq(check_bot("ck-position", args), 0, "%s", out);
    expect_all_pass("random_bot --position");
    expect_step("the bot", "id", "PASS", "option");
    expect_step("pente partner", "position", "PASS", NULL);
    expect_step("pente partner", "foreign-position", "PASS",
                "'position' line of another game");
}

CHECK_BOT_TEST(words_after_dashes_are_one_command)
{
    /* A word with blanks and quotes reaches the bot's program whole. */
    const char *args[] = {"--game", "pentago", "--variant", "standard",
                          "--", "/bin/sh", "-c",
                          "exec \"$0\" '--position'", RUN_BOTS "random_bot",
                          NULL};
    cr_assert_eq(check_bot("ck-words", args), 0, "%s", out);
    expect_step("pentago standard", "position", "PASS", NULL);
}

CHECK_BOT_TEST(a_bot_that_does_not_flush_is_told_so)
{
    const char *args[] = {"--startup-ms", "300", "--",
                          RUN_TBOTS "checkbot_noflush", NULL};
    cr_assert_eq(check_bot("ck-noflush", args), 1, "%s", out);
    expect_step("the bot", "handshake", "FAIL",
                "'ready 1' came only when it was told to quit");
    expect_step("the bot", "flush", "FAIL", "did you flush stdout?");
    /* The handshake failed: no game is tried. */
    cr_expect(!strstr(out, "\npentago swiss-2010\n"), "%s", out);
}

CHECK_BOT_TEST(a_bot_that_holds_back_its_moves_is_told_so)
{
    const char *args[] = {"--game", "pentago", "--variant", "swiss-2010",
                          "--", RUN_TBOTS "checkbot_noflush", "moves",
                          NULL};
    cr_assert_eq(check_bot("ck-noflush-moves", args), 1, "%s", out);
    expect_step("the bot", "handshake", "PASS", NULL);
    expect_step("pentago swiss-2010", "first-move", "FAIL",
                "came only when it was told to quit");
    expect_step("pentago swiss-2010", "flush", "FAIL",
                "did you flush stdout?");
}

CHECK_BOT_TEST(ready_2_fails_the_protocol_version)
{
    const char *args[] = {"--", RUN_TBOTS "nohandshake_bot", "version",
                          NULL};
    cr_assert_eq(check_bot("ck-ready2", args), 1, "%s", out);
    expect_step("the bot", "protocol-version", "FAIL",
                "it answered 'ready 2'");
    /* The stderr of the bot is shown under the failure. */
    cr_expect(strstr(out, "its stderr ends:\n       | < protocol 1\n"), "%s",
              out);
}

CHECK_BOT_TEST(a_move_before_ready_fails_the_handshake)
{
    const char *args[] = {"--", RUN_TBOTS "early_bot", NULL};
    cr_assert_eq(check_bot("ck-early", args), 1, "%s", out);
    expect_step("the bot", "handshake", "FAIL", "out of turn");
}

CHECK_BOT_TEST(a_bot_that_ignores_position_lines_plays_illegally)
{
    const char *args[] = {"--game", "pentago", "--variant", "swiss-2010",
                          "--", RUN_TBOTS "checkbot_blind", NULL};
    cr_assert_eq(check_bot("ck-blind", args), 1, "%s", out);
    /* Its own first move is legal; where it fails depends on the course's
     * positions, but it is on a position it did not make. */
    expect_step("pentago swiss-2010", "first-move", "PASS", NULL);
    char line[2048];
    const char *steps[] = {"position", "foreign-position", "end-game"};
    const char *failed = NULL;
    for (int i = 0; i < 3 && !failed; i++)
        if (step_line("pentago swiss-2010", steps[i], line, sizeof line) &&
            !strncmp(line, "FAIL", 4))
            failed = line;
    cr_assert(failed, "no failure on a given position:\n%s", out);
    cr_expect(strstr(failed, "is occupied") &&
                  strstr(failed, "(illegal-move)"),
              "%s", failed);
    /* The position it was given is among the lines shown. */
    cr_expect(strstr(out, "       > position "), "%s", out);
}

CHECK_BOT_TEST(a_slow_bot_fails_the_time_limit)
{
    const char *args[] = {"--game", "pentago", "--variant", "swiss-2010",
                          "--", RUN_TBOTS "slow_bot", "500", NULL};
    cr_assert_eq(check_bot("ck-slow", args), 1, "%s", out);
    /* 500 ms is fine for 'turn 1000 -1', late for 'turn 300 -1'. */
    expect_step("pentago swiss-2010", "first-move", "PASS", NULL);
    expect_step("pentago swiss-2010", "time-limit", "FAIL",
                "after 'turn 300 -1': over the limit of 300 ms and the "
                "grace of 100 ms");
}

CHECK_BOT_TEST(a_bot_that_does_not_exit_after_quit_fails)
{
    const char *args[] = {"--game", "pentago", "--variant", "swiss-2010",
                          "--", RUN_TBOTS "stubborn_bot", NULL};
    cr_assert_eq(check_bot("ck-stubborn", args), 1, "%s", out);
    expect_step("pentago swiss-2010", "first-move", "PASS", NULL);
    expect_step("pentago swiss-2010", "result", "PASS", "result win");
    expect_step("pentago swiss-2010", "quit", "FAIL",
                "still running 1000 ms after 'quit 1000'");
}

CHECK_BOT_TEST(a_child_left_behind_after_quit_fails_in_a_sandbox)
{
    const char *args[] = {"--game", "pentago", "--variant", "swiss-2010",
                          "--", RUN_TBOTS "checkbot_leaver", NULL};
    cr_assert_eq(check_bot("ck-leaver", args), 1, "%s", out);
    expect_step("pentago swiss-2010", "quit", "PASS", "exited");
    expect_step("pentago swiss-2010", "leftovers", "FAIL",
                "1 process:");
    expect_step("pentago swiss-2010", "leftovers", "FAIL",
                "'checkbot_leaver' (in the bot's process group) still ran "
                "when it exited");
}

CHECK_BOT_TEST(a_detached_child_left_behind_fails_without_a_sandbox)
{
    const char *args[] = {"--sandbox", "off", "--game", "pentago",
                          "--variant", "standard", "--",
                          RUN_TBOTS "checkbot_leaver", "detach", NULL};
    cr_assert_eq(check_bot("ck-leaver-detach", args), 1, "%s", out);
    expect_step("pentago standard", "leftovers", "FAIL",
                "'checkbot_leaver' still ran when it exited");
}

CHECK_BOT_TEST(games_a_bot_does_not_play_are_named_not_failed)
{
    /* A Pentago-only bot answers Pente in Pentago's notation (its moves
     * on the 6x6 board are moves of Pentago Multiplayer too, but not of
     * the puzzle, whose placements name a colour). */
    const char *args[] = {"--", RUN_TBOTS "slow_bot", "0", NULL};
    cr_assert_eq(check_bot("ck-pentago-only", args), 0, "%s", out);
    cr_expect(strstr(out, "plays: pentago swiss-2010, pentago standard, "
                          "pentago-multi 2p, pentago-multi 3p, "
                          "pentago-multi 4p, pentago-multi team\n"),
              "%s", out);
    cr_expect(strstr(out, "does not play: pente standard, pente plus, "
                          "pente partner, pente team, pentago-puzzle 2p, "
                          "pentago-puzzle 3p, pentago-puzzle 4p\n"),
              "%s", out);
    cr_expect(strstr(out, "pente plus\n  INFO not played: its first move "
                          "'a1 1R' is not in the game's notation"),
              "%s", out);
}

CHECK_BOT_TEST(a_bot_that_plays_no_game_fails)
{
    const char *args[] = {"--", RUN_TBOTS "crash_bot", NULL};
    cr_assert_eq(check_bot("ck-crash", args), 1, "%s", out);
    cr_expect(strstr(out, "FAIL it plays none of the games"), "%s", out);
    cr_expect(strstr(out, "INFO not played: it exited with status 3 at its "
                          "first turn"), "%s", out);
}

CHECK_BOT_TEST(a_game_asked_for_must_be_played)
{
    const char *args[] = {"--game", "pente", "--variant", "plus", "--",
                          RUN_TBOTS "crash_bot", NULL};
    cr_assert_eq(check_bot("ck-crash-pente", args), 1, "%s", out);
    expect_step("pente plus", "first-move", "FAIL",
                "exited with status 3 during its turn");
    cr_expect(!strstr(out, "\npentago swiss-2010\n"), "%s", out);
}

CHECK_BOT_TEST(verbose_shows_the_transcript)
{
    const char *args[] = {"-v", "--game", "pentago", "--variant",
                          "standard", "--", RUN_BOTS "random_bot", NULL};
    cr_assert_eq(check_bot("ck-verbose", args), 0, "%s", out);
    cr_expect(strstr(out, "[pentago standard, start, seat 0]"), "%s", out);
    cr_expect(strstr(out, " > protocol 1\n"), "%s", out);
    cr_expect(strstr(out, " < ready 1\n"), "%s", out);
    cr_expect(strstr(out, " > set check-bot-unknown-key a value to ignore\n"),
              "%s", out);
    cr_expect(strstr(out, " > quit 1000\n"), "%s", out);
}

CHECK_BOT_TEST(a_command_that_cannot_run_fails_its_start)
{
    const char *args[] = {"--", RUN_TBOTS "no_such_bot", NULL};
    cr_assert_eq(check_bot("ck-missing", args), 1, "%s", out);
    expect_step("the bot", "start", "FAIL", "cannot run");
}

CHECK_BOT_TEST(usage_errors_exit_2)
{
    const char *none[] = {NULL};
    cr_expect_eq(check_bot("ck-usage", none), 2, "%s", out);
    const char *two[] = {RUN_BOTS "random_bot", "extra", NULL};
    cr_expect_eq(check_bot("ck-usage", two), 2, "%s", out);
    const char *variant[] = {"--variant", "plus", RUN_BOTS "random_bot",
                             NULL};
    cr_expect_eq(check_bot("ck-usage", variant), 2, "%s", out);
    cr_expect(strstr(out, "--variant and --options need --game"), "%s", out);
    const char *game[] = {"--game", "chess", RUN_BOTS "random_bot", NULL};
    cr_expect_eq(check_bot("ck-usage", game), 2, "%s", out);
    const char *ms[] = {"--startup-ms", "0", RUN_BOTS "random_bot", NULL};
    cr_expect_eq(check_bot("ck-usage", ms), 2, "%s", out);
}

CHECK_BOT_TEST(help_lists_the_steps_and_the_games)
{
    const char *args[] = {"--help", NULL};
    cr_assert_eq(check_bot("ck-help", args), 0, "%s", out);
    const char *want[] = {"usage: referee check-bot", "--sandbox on|off",
                          "  handshake ", "  flush ", "  foreign-position ",
                          "  full-board ", "  leftovers ",
                          "games (--game)", "pente\n", "team (4 seats)"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect(strstr(out, want[i]), "no '%s' in:\n%s", want[i], out);
}
