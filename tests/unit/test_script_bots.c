/*
 * test_script_bots.c - the Python, JavaScript and shell random bots
 * (bots/python, bots/js, bots/sh) play real games of every game and
 * variant under the test referee: each game finishes by the rules with no
 * fault and replays against the rules; the Python and JavaScript bots play
 * the same games from one seed; the shell bot replays its games from the
 * seed.  Scripted turns check the points whose rules a whole game rarely
 * puts to the test: K10 first, the tournament opening rule at its ply in
 * each variant, and power stones only while one is in hand.
 *
 * Two-seat games: the script bot against the C random_bot, two games, so
 * that it plays both seats.  Four-seat games: two copies of the script bot
 * and two of random_bot, partners alike, two games, so that it plays
 * every seat.  A missing interpreter (python3, node, awk) skips its tests.
 */
#include "record/record.h"
#include "rules.h"
#include "support/botrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SB_OUT_MAX 65536
#define SB_GAMES 2

typedef struct {
    const char *interp;  /* the program it needs on PATH */
    const char *command; /* the command line, from the top of the tree */
} sb_bot;

static const sb_bot sb_python = {"python3",
                                 "python3 bots/python/random_bot.py"};
static const sb_bot sb_js = {"node", "node bots/js/random_bot.js"};
static const sb_bot sb_sh = {"awk", "sh bots/sh/random_bot.sh"};

static void sb_need(const sb_bot *bot)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", bot->interp);
    if (system(cmd) != 0)
        cr_skip_test("%s is not installed: '%s' cannot run", bot->interp,
                     bot->command);
}

static int sb_seats(const char *variant)
{
    return !strcmp(variant, "partner") || !strcmp(variant, "team") ? 4 : 2;
}

/* `referee match -n 2 -j 2` of game/variant in dir, bots[0..seats-1],
 * records into dir; the referee's exit status. */
static int sb_play(const char *dir, const char *game, const char *variant,
                   const char *seed, const char *const *bots, char *out,
                   size_t len)
{
    char *argv[32];
    int n = 0;
    const char *head[] = {RUN_REFEREE, "match", "--out", dir, "-n", "2",
                          "-j", "2", "--seed", seed, "--game", game,
                          "--variant", variant, "--move-ms", "2000"};
    for (size_t i = 0; i < sizeof head / sizeof *head; i++)
        argv[n++] = (char *)head[i];
    for (int b = 0; b < sb_seats(variant); b++)
        argv[n++] = (char *)bots[b];
    argv[n] = NULL;
    return run_cmd(argv, dir + 5, out, len);
}

static void sb_read(const char *dir, int game, record *r)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, game);
    cr_assert_eq(record_read(path, r, err, sizeof err), 0, "%s", err);
}

static bool sb_rules_end(const char *game, const char *reason)
{
    if (!strcmp(game, "pentago"))
        return run_is_rules_end(reason);
    return !strcmp(reason, "five-in-a-row") || !strcmp(reason, "captures") ||
           !strcmp(reason, "full-board");
}

/* The game was played to its end by the rules, by the bots asked for. */
static void sb_check_record(const record *r, const char *game,
                            const char *variant)
{
    cr_expect_str_eq(r->game, game);
    cr_expect_str_eq(r->variant, variant);
    cr_expect_eq(r->nplayers, sb_seats(variant));
    cr_expect_str_eq(r->status, "finished");
    cr_expect_eq(r->fault_seat, -1, "seat %d at fault: %s: %s",
                 r->fault_seat, r->reason, r->detail ? r->detail : "");
    cr_expect(sb_rules_end(game, r->reason), "%s/%s ended by %s: %s", game,
              variant, r->reason, r->detail ? r->detail : "");
    for (int s = 0; s < r->nplayers; s++)
        cr_expect(r->players[s].result != NULL, "seat %d has no result", s);
}

/* `referee replay --quiet` checks every move against the rules. */
static void sb_replay(const char *dir, int game)
{
    char path[512], out[SB_OUT_MAX];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, game);
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", path, NULL};
    cr_expect_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
}

static bool sb_is_script(const record *r, int seat, const sb_bot *bot)
{
    return !strcmp(r->players[seat].command, bot->command);
}

/* The script bot in every seat of a game of game/variant, with the C
 * random_bot: two games, each finished by the rules and replayed. */
static void sb_check_variant(const sb_bot *bot, const char *game,
                             const char *variant)
{
    sb_need(bot);
    char dir[256], out[SB_OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    const char *bots[4] = {bot->command, RUN_BOTS "random_bot",
                           bot->command, RUN_BOTS "random_bot"};
    cr_assert_eq(sb_play(dir, game, variant, "11", bots, out, sizeof out),
                 0, "%s", out);
    bool seat_played[4] = {false, false, false, false};
    int power_stones = 0;
    for (int g = 1; g <= SB_GAMES; g++) {
        record r;
        sb_read(dir, g, &r);
        sb_check_record(&r, game, variant);
        for (int s = 0; s < r.nplayers; s++)
            if (sb_is_script(&r, s, bot)) {
                seat_played[s] = true;
                cr_expect(r.players[s].name != NULL, "no id name from %s",
                          bot->command);
            }
        for (size_t i = 0; i < r.nmoves; i++)
            if (sb_is_script(&r, r.moves[i].seat, bot) &&
                strchr(r.moves[i].text, '*'))
                power_stones++;
        record_release(&r);
        sb_replay(dir, g);
    }
    for (int s = 0; s < sb_seats(variant); s++)
        cr_expect(seat_played[s], "%s never played seat %d", bot->command,
                  s);
    if (!strcmp(variant, "plus"))
        cr_expect_gt(power_stones, 0, "%s placed no power stone",
                     bot->command);
    cr_expect_eq(run_count_tagged(dir + 5), 0, "processes left behind");
    run_rmtree(dir);
}

#define SB_VARIANT_TESTS(bot)                                                 \
    Test(script_bots, bot##_pentago_swiss, .timeout = 60)                     \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago", "swiss-2010");                 \
    }                                                                         \
    Test(script_bots, bot##_pentago_standard, .timeout = 60)                  \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pentago", "standard");                   \
    }                                                                         \
    Test(script_bots, bot##_pente_standard, .timeout = 60)                    \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "standard");                     \
    }                                                                         \
    Test(script_bots, bot##_pente_plus, .timeout = 60)                        \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "plus");                         \
    }                                                                         \
    Test(script_bots, bot##_pente_partner, .timeout = 60)                     \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "partner");                      \
    }                                                                         \
    Test(script_bots, bot##_pente_team, .timeout = 60)                        \
    {                                                                         \
        sb_check_variant(&sb_##bot, "pente", "team");                         \
    }

SB_VARIANT_TESTS(python)
SB_VARIANT_TESTS(js)
SB_VARIANT_TESTS(sh)

/* ---- the same games from the same seed ---------------------------------- */

/* Two games of game/variant with bot in every seat, from seed, into a
 * fresh directory (dir). */
static void sb_self_play(const sb_bot *bot, const char *game,
                         const char *variant, const char *seed, char *dir,
                         size_t len)
{
    char out[SB_OUT_MAX];
    run_tmpdir(dir, len);
    const char *bots[4] = {bot->command, bot->command, bot->command,
                           bot->command};
    cr_assert_eq(sb_play(dir, game, variant, seed, bots, out, sizeof out), 0,
                 "%s", out);
}

/* Do the games in directories a and b hold the same moves?  Each game is
 * also checked to have ended by the rules. */
static bool sb_same_games(const char *a, const char *b, const char *game,
                          const char *variant)
{
    bool same = true;
    for (int g = 1; g <= SB_GAMES; g++) {
        record ra, rb;
        sb_read(a, g, &ra);
        sb_read(b, g, &rb);
        sb_check_record(&ra, game, variant);
        sb_check_record(&rb, game, variant);
        if (ra.nmoves != rb.nmoves || strcmp(ra.reason, rb.reason))
            same = false;
        for (size_t i = 0; same && i < ra.nmoves; i++)
            if (strcmp(ra.moves[i].text, rb.moves[i].text) ||
                ra.moves[i].seat != rb.moves[i].seat)
                same = false;
        record_release(&ra);
        record_release(&rb);
    }
    return same;
}

static void sb_check_python_js(const char *game, const char *variant)
{
    sb_need(&sb_python);
    sb_need(&sb_js);
    char py[256], js[256];
    sb_self_play(&sb_python, game, variant, "2026", py, sizeof py);
    sb_self_play(&sb_js, game, variant, "2026", js, sizeof js);
    bool same = sb_same_games(py, js, game, variant);
    cr_expect(same,
              "%s/%s: the Python games in %s differ from the JavaScript "
              "games in %s (kept)",
              game, variant, py, js);
    cr_expect_eq(run_count_tagged(py + 5), 0, "processes left behind");
    cr_expect_eq(run_count_tagged(js + 5), 0, "processes left behind");
    if (same) {
        run_rmtree(py);
        run_rmtree(js);
    }
}

Test(script_bots, python_and_js_same_pentago_swiss, .timeout = 60)
{
    sb_check_python_js("pentago", "swiss-2010");
}
Test(script_bots, python_and_js_same_pentago_standard, .timeout = 60)
{
    sb_check_python_js("pentago", "standard");
}
Test(script_bots, python_and_js_same_pente_standard, .timeout = 60)
{
    sb_check_python_js("pente", "standard");
}
Test(script_bots, python_and_js_same_pente_plus, .timeout = 60)
{
    sb_check_python_js("pente", "plus");
}
Test(script_bots, python_and_js_same_pente_partner, .timeout = 60)
{
    sb_check_python_js("pente", "partner");
}
Test(script_bots, python_and_js_same_pente_team, .timeout = 60)
{
    sb_check_python_js("pente", "team");
}

/* The shell bot draws from its own generator: the same seed gives the same
 * games, another seed other games. */
Test(script_bots, sh_replays_from_its_seed, .timeout = 60)
{
    sb_need(&sb_sh);
    char a[256], b[256], c[256];
    sb_self_play(&sb_sh, "pente", "plus", "5", a, sizeof a);
    sb_self_play(&sb_sh, "pente", "plus", "5", b, sizeof b);
    sb_self_play(&sb_sh, "pente", "plus", "6", c, sizeof c);
    cr_expect(sb_same_games(a, b, "pente", "plus"),
              "one seed, other games: %s and %s", a, b);
    cr_expect(!sb_same_games(a, c, "pente", "plus"),
              "seeds 5 and 6 gave the same games: %s and %s", a, c);
    run_rmtree(a);
    run_rmtree(b);
    run_rmtree(c);
}

/* ---- scripted turns: the opening rule and power stones ------------------- */

#define SB_TURNS 200

typedef struct {
    const char *variant;
    const char *options;
    const char *moves[8]; /* played from the start, NULL-terminated */
} sb_spot;

/* The position after spot's moves, and the game, into *g and pos. */
static void sb_spot_position(const sb_spot *spot, rules_game **g,
                             rules_pos *pos, char *line, size_t len)
{
    char err[256], why[256];
    *g = rules_game_new("pente", spot->variant, spot->options, err,
                        sizeof err);
    cr_assert(*g, "%s", err);
    rules_start(*g, pos);
    for (int i = 0; spot->moves[i]; i++) {
        rules_move m;
        cr_assert_eq(rules_parse_move(*g, pos, spot->moves[i], &m, why,
                                      sizeof why),
                     RULES_OK, "%s: %s", spot->moves[i], why);
        rules_apply(*g, pos, &m);
    }
    rules_pos_write(*g, pos, line, len);
}

/* What bot answers to SB_TURNS turns on spot's position, in seat you. */
static void sb_spot_run(const sb_bot *bot, const sb_spot *spot,
                        const rules_game *g, const char *line, int you,
                        botrun *run)
{
    char script[4000];
    size_t n = (size_t)snprintf(
        script, sizeof script,
        "protocol 1\nset game pente\nset variant %s\nset options %s\n"
        "set you %d\nset seed 99\nstart\nposition %s\n",
        spot->variant, rules_options_text(g), you, line);
    for (int t = 0; t < SB_TURNS; t++)
        n += (size_t)snprintf(script + n, sizeof script - n,
                              "turn 1000 -1\n");
    snprintf(script + n, sizeof script - n, "quit 100\n");
    cr_assert_lt(n, sizeof script - 16, "script too long");
    char *argv[] = {"/bin/sh", "-c", (char *)bot->command, NULL};
    botrun_script(argv, script, false, run);
}

typedef struct {
    int moves;   /* move lines */
    int illegal; /* of them refused by the rules */
    int inside;  /* placed inside H8-M12 */
    int power;   /* power stones */
    int points;  /* different points */
    int ply;     /* of the position */
    char first_illegal[400];
} sb_tally;

/* Every move of out checked by the engine on pos, and tallied. */
static void sb_spot_check(const rules_game *g, const rules_pos *pos,
                          const char *out, sb_tally *t)
{
    memset(t, 0, sizeof *t);
    bool seen[19 * 19] = {false};
    const char *p = out;
    while ((p = strstr(p, "move ")) != NULL) {
        if (p != out && p[-1] != '\n') {
            p++;
            continue;
        }
        char text[64], why[256];
        size_t k = strcspn(p + 5, "\n");
        snprintf(text, sizeof text, "%.*s", (int)k, p + 5);
        p += 5 + k;
        rules_move m;
        t->moves++;
        if (rules_parse_move(g, pos, text, &m, why, sizeof why) != RULES_OK) {
            if (!t->illegal++)
                snprintf(t->first_illegal, sizeof t->first_illegal,
                         "%s: %s", text, why);
            continue;
        }
        int cell = m.step[0].cell, row = cell / 19, col = cell % 19;
        t->inside += row >= 7 && row <= 11 && col >= 7 && col <= 11;
        t->power += strchr(text, '*') != NULL;
        t->points += !seen[cell];
        seen[cell] = true;
    }
}

/* bot's answers to SB_TURNS turns on spot, checked legal, tallied. */
static sb_tally sb_spot_play(const sb_bot *bot, const sb_spot *spot,
                             botrun *run)
{
    rules_game *g;
    rules_pos pos;
    char line[RULES_POS_TEXT_MAX];
    sb_spot_position(spot, &g, &pos, line, sizeof line);
    sb_spot_run(bot, spot, g, line, rules_to_move(g, &pos), run);
    sb_tally t;
    sb_spot_check(g, &pos, run->out, &t);
    t.ply = rules_ply(g, &pos);
    cr_expect_eq(t.moves, SB_TURNS, "%s answered %d of %d turns:\n%s",
                 bot->command, t.moves, SB_TURNS, run->out);
    cr_expect_eq(t.illegal, 0, "%s, %s %s, after %d plies: %d illegal "
                               "moves, the first %s",
                 bot->command, spot->variant, spot->options, t.ply,
                 t.illegal, t.first_illegal);
    rules_game_free(g);
    return t;
}

static const char *const sb_tournament = "opening=tournament";

static void sb_check_spots(const sb_bot *bot)
{
    sb_need(bot);
    static botrun run; /* 16 KiB: not on the stack */
    /* The first stone: K10 every time, never a power stone. */
    const sb_spot first = {"plus", sb_tournament, {NULL}};
    sb_tally t = sb_spot_play(bot, &first, &run);
    cr_expect_eq(t.points, 1);
    cr_expect_eq(t.power, 0);
    /* The opening rule's ply: 2 in standard, plus and partner, 4 in team;
     * free elsewhere and with opening=free. */
    const struct {
        sb_spot spot;
        bool restricted;
    } opening[] = {
        {{"standard", sb_tournament, {"K10", "L11", NULL}}, true},
        {{"plus", sb_tournament, {"K10", "L11", NULL}}, true},
        {{"partner", sb_tournament, {"K10", "L11", NULL}}, true},
        {{"team", sb_tournament, {"K10", "L11", NULL}}, false},
        {{"team", sb_tournament, {"K10", "L11", "M12", "J9", NULL}}, true},
        {{"standard", "opening=free", {"K10", "L11", NULL}}, false},
        {{"standard", sb_tournament, {"K10", "L11", "C3", "L9", NULL}},
         false},
    };
    for (size_t i = 0; i < sizeof opening / sizeof *opening; i++) {
        const sb_spot *spot = &opening[i].spot;
        t = sb_spot_play(bot, spot, &run);
        if (opening[i].restricted)
            cr_expect_eq(t.inside, 0, "%s %s: %d stones inside H8-M12",
                         spot->variant, spot->options, t.inside);
        else
            cr_expect_gt(t.inside, 0, "%s %s after %d plies: never "
                                      "inside H8-M12, as if the rule "
                                      "applied",
                         spot->variant, spot->options, t.ply);
        cr_expect_gt(t.points, 20, "%s: only %d different points",
                     spot->variant, t.points);
    }
    /* Pente Plus: power stones now and then while one is in hand, never
     * without (white has placed both of its own here). */
    const sb_spot in_hand = {"plus", sb_tournament, {"K10", "L11", NULL}};
    t = sb_spot_play(bot, &in_hand, &run);
    cr_expect(t.power > SB_TURNS / 8 && t.power < SB_TURNS / 2,
              "%d power stones in %d moves", t.power, SB_TURNS);
    const sb_spot spent = {
        "plus", sb_tournament, {"K10", "L11", "D4*", "E5", "F16*", "G7", NULL}};
    t = sb_spot_play(bot, &spent, &run);
    cr_expect_eq(t.power, 0, "power stones with none in hand");
}

Test(script_bots, python_opening_and_power_stones, .timeout = 60)
{
    sb_check_spots(&sb_python);
}
Test(script_bots, js_opening_and_power_stones, .timeout = 60)
{
    sb_check_spots(&sb_js);
}
Test(script_bots, sh_opening_and_power_stones, .timeout = 60)
{
    sb_check_spots(&sb_sh);
}

/* ---- kept between games ---------------------------------------------------- */

/* `match -n 2 --keep-bots` of a script bot against the C random bot: the
 * script bot says `id option newgame`, so one process plays both games
 * (its second record names the first game's log) in both seats, each game
 * played to its end by the rules. */
static void sb_check_kept(const sb_bot *bot)
{
    sb_need(bot);
    char dir[256], out[SB_OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    char *argv[] = {RUN_REFEREE, "match", "--out", dir, "-n", "2",
                    "--keep-bots", "--seed", "8", "--move-ms", "2000",
                    (char *)bot->command, RUN_BOTS "random_bot", NULL};
    cr_assert_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    char log1[512] = "";
    int seat1 = -1;
    for (int g = 1; g <= 2; g++) {
        record r;
        sb_read(dir, g, &r);
        sb_check_record(&r, "pentago", "swiss-2010");
        int s = sb_is_script(&r, 0, bot) ? 0 : 1;
        cr_assert(sb_is_script(&r, s, bot), "no script bot in game %d", g);
        const char *log = r.players[s].log ? r.players[s].log : "";
        if (g == 1) {
            snprintf(log1, sizeof log1, "%s", log);
            seat1 = s;
        } else {
            cr_expect_str_eq(log, log1, "%s was not kept for game 2",
                             bot->command);
            cr_expect_neq(s, seat1, "the seats did not alternate");
        }
        record_release(&r);
        sb_replay(dir, g);
    }
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

Test(script_bots, python_is_kept_between_games, .timeout = 60)
{
    sb_check_kept(&sb_python);
}

Test(script_bots, js_is_kept_between_games, .timeout = 60)
{
    sb_check_kept(&sb_js);
}

Test(script_bots, sh_is_kept_between_games, .timeout = 60)
{
    sb_check_kept(&sb_sh);
}
