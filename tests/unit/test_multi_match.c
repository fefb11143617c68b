/*
 * test_multi_match.c - Pentago Multiplayer and the Pattern Puzzle played
 * by real bot processes through `referee match`: three and four seats,
 * the seat order turning so that every bot starts equally often, places
 * in the records and the summary, a fault in a game for places, records
 * that replay, and hidden moves in the puzzle.
 */
#include "record/record.h"
#include "rules.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MM_OUT_MAX 65536

typedef struct {
    char dir[256];
    char out[MM_OUT_MAX];
    int rc;
} mm_run;

/* `referee match --out DIR --move-ms 5000 OPTS... BOTS...`. */
static void mm_match(mm_run *m, const char *const *opts,
                     const char *const *bots)
{
    char *argv[48];
    int n = 0;
    run_tmpdir(m->dir, sizeof m->dir);
    argv[n++] = RUN_REFEREE;
    argv[n++] = "match";
    argv[n++] = "--out";
    argv[n++] = m->dir;
    argv[n++] = "--move-ms";
    argv[n++] = "5000";
    for (; *opts; opts++)
        argv[n++] = (char *)*opts;
    for (; *bots; bots++)
        argv[n++] = (char *)*bots;
    argv[n] = NULL;
    m->rc = run_cmd(argv, m->dir + 5, m->out, sizeof m->out);
}

static void mm_record(const mm_run *m, int game, record *r)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", m->dir, game);
    cr_assert_eq(record_read(path, r, err, sizeof err), 0, "%s", err);
}

static void mm_replay(const mm_run *m, int game)
{
    char path[512], out[MM_OUT_MAX];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", m->dir, game);
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", path, NULL};
    cr_expect_eq(run_cmd(argv, m->dir + 5, out, sizeof out), 0, "%s", out);
}

static void mm_finish(mm_run *m)
{
    cr_expect_eq(run_count_tagged(m->dir + 5), 0);
    run_rmtree(m->dir);
}

/* Places of a finished game: each 1..n, a first place, every place p
 * held by seats that exactly p - 1 seats are ahead of, and the result
 * words that follow from them. */
static void mm_expect_places(const record *r)
{
    int n = r->nplayers, firsts = 0;
    for (int s = 0; s < n; s++) {
        int p = r->players[s].place, ahead = 0;
        cr_expect(p >= 1 && p <= n, "seat %d place %d", s, p);
        for (int o = 0; o < n; o++)
            ahead += r->players[o].place < p;
        cr_expect_eq(ahead, p - 1, "seat %d place %d with %d ahead", s, p,
                     ahead);
        firsts += p == 1;
    }
    cr_expect_geq(firsts, 1);
    /* The words follow the places: all first is a draw for all, else
     * first place (shared or not) wins and any other place loses. */
    for (int s = 0; s < n; s++) {
        int p = r->players[s].place;
        const char *want = p != 1 ? "loss" : firsts == n ? "draw" : "win";
        cr_expect_str_eq(r->players[s].result, want, "seat %d place %d", s,
                         p);
    }
}

/* n games of n bots: each bot sits in each seat exactly once. */
static void mm_rotation(const char *game, const char *variant, int n)
{
    static const char *const cmds[4] = {
        RUN_BOTS "random_bot", RUN_BOTS "greedy_bot",
        RUN_BOTS "random_bot --position", RUN_BOTS "greedy_bot --position"};
    const char *bots[5] = {NULL};
    for (int b = 0; b < n; b++)
        bots[b] = cmds[b];
    const char *opts[] = {"--game", game, "--variant", variant, "--seed",
                          "3", "-j", "2", NULL};
    mm_run m;
    mm_match(&m, opts, bots);
    cr_assert_eq(m.rc, 0, "%s", m.out);
    /* Without -n a game for places plays one game per seat order. */
    cr_expect(strstr(m.out, "mean place"), "%s", m.out);
    int seen[4][4] = {{0}};
    for (int g = 1; g <= n; g++) {
        record r;
        mm_record(&m, g, &r);
        cr_expect_str_eq(r.game, game);
        cr_expect_eq(r.nplayers, n);
        cr_expect_str_eq(r.status, "finished");
        cr_expect_eq(r.fault_seat, -1, "%s: %s", r.reason,
                     r.detail ? r.detail : "");
        mm_expect_places(&r);
        for (int s = 0; s < n; s++)
            for (int b = 0; b < n; b++)
                if (!strcmp(r.players[s].command, bots[b]))
                    seen[b][s]++;
        record_release(&r);
        mm_replay(&m, g);
    }
    for (int b = 0; b < n; b++)
        for (int s = 0; s < n; s++)
            cr_expect_eq(seen[b][s], 1, "bot %d in seat %d: %d times", b, s,
                         seen[b][s]);
    char path[512];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", m.dir, n + 1);
    cr_expect_null(run_slurp(path, NULL), "more games than seats");
    mm_finish(&m);
}

Test(multi_match, three_players_each_start_once, .timeout = 180)
{
    mm_rotation("pentago-multi", "3p", 3);
}

Test(multi_match, four_players_each_start_once, .timeout = 180)
{
    mm_rotation("pentago-multi", "4p", 4);
}

Test(multi_match, puzzle_of_three_each_start_once, .timeout = 240)
{
    mm_rotation("pentago-puzzle", "3p", 3);
}

/* A bot that crashes is last; nobody else has finished, so the others
 * share first place. */
Test(multi_match, a_fault_puts_the_bot_last, .timeout = 120)
{
    const char *bots[] = {RUN_BOTS "random_bot", RUN_TBOTS "crash_bot",
                          RUN_BOTS "greedy_bot", NULL};
    const char *opts[] = {"--game", "pentago-multi", "--variant", "3p",
                          "-n", "1", "--seed", "5", NULL};
    mm_run m;
    mm_match(&m, opts, bots);
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mm_record(&m, 1, &r);
    int crash = -1;
    for (int s = 0; s < 3; s++)
        if (strstr(r.players[s].command, "crash_bot"))
            crash = s;
    cr_assert_geq(crash, 0);
    cr_expect_eq(r.fault_seat, crash);
    cr_expect_str_eq(r.reason, "exited");
    for (int s = 0; s < 3; s++) {
        cr_expect_eq(r.players[s].place, s == crash ? 3 : 1, "seat %d", s);
        cr_expect_str_eq(r.players[s].result, s == crash ? "loss" : "win");
    }
    record_release(&r);
    mm_replay(&m, 1);
    /* The bot at fault read its place. */
    char log[600];
    snprintf(log, sizeof log, "%s/logs/game-0001-seat%d.log", m.dir, crash);
    char *text = run_slurp(log, NULL);
    cr_assert(text);
    cr_expect(strstr(text, "this bot lost the game: exited"), "%s", text);
    free(text);
    mm_finish(&m);
}

/* In the puzzle no bot is sent another's move: a mender must not see the
 * break.  Each bot's input, copied into its log by the shell, holds a
 * `position` line before every turn and no `played` line, though the
 * random bot never asked for positions. */
Test(multi_match, puzzle_moves_are_hidden, .timeout = 120)
{
    /* The copy goes to the inherited stderr: a boxed bot may not open
     * /dev/stderr, which is the referee's log file.  The bot's program is
     * inside the shell's script, so the command names its folder. */
#define MM_TEE                                                                \
    "REFEREE_FILES=" RUN_BOTS " "                                             \
    "sh -c 'while IFS= read -r l; do printf \"%s\\n\" \"$l\" >&2; "           \
    "printf \"%s\\n\" \"$l\"; done | " RUN_BOTS "random_bot'"
    const char *bots[] = {MM_TEE, MM_TEE, NULL};
    const char *opts[] = {"--game", "pentago-puzzle", "-n", "1", "--seed",
                          "4", "--options", "maxlevel=2 replays=0", NULL};
    mm_run m;
    mm_match(&m, opts, bots);
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mm_record(&m, 1, &r);
    cr_expect_str_eq(r.reason, "puzzle");
    cr_expect_geq(r.nmoves, 4, "a level-1 round is 4 turns");
    mm_expect_places(&r);
    size_t moves[2] = {0, 0};
    for (size_t i = 0; i < r.nmoves; i++)
        moves[r.moves[i].seat]++;
    record_release(&r);
    mm_replay(&m, 1);
    for (int s = 0; s < 2; s++) {
        char log[600];
        snprintf(log, sizeof log, "%s/logs/game-0001-seat%d.log", m.dir, s);
        char *text = run_slurp(log, NULL);
        cr_assert(text, "%s", log);
        size_t turns = 0, positions = 0;
        for (char *l = text; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
            turns += !strncmp(l, "turn ", 5);
            positions += !strncmp(l, "position ", 9);
            cr_expect(strncmp(l, "played ", 7) != 0, "seat %d: %.60s", s, l);
        }
        cr_expect_eq(turns, moves[s], "seat %d", s);
        cr_expect_eq(positions, turns, "seat %d", s);
        free(text);
    }
    mm_finish(&m);
}

/* A seat that has finished keeps its place when its bot then breaks a
 * rule (here it exits): it is stopped and the others play on.  Ada makes
 * five on row 1 and exits; Bea and Cid play on until Bea's five (Bea
 * first waits half a second, for Ada's exit to be seen mid-game). */
Test(multi_match, a_finished_bot_that_exits_keeps_its_place, .timeout = 120)
{
    static const char *const script[3] = {
        "< protocol\n> ready 1\n< turn\n> move a1 9R\n< turn\n"
        "> move b1 9R\n< turn\n> move c1 9R\n< turn\n> move d1 9R\n"
        "< turn\n> move e1\nexit 3\n",
        "< protocol\n> ready 1\n< turn\n> move a3 9R\n< turn\n"
        "> move b3 9R\n< turn\n> move c3 9R\n< turn\n> move d3 9R\n"
        "< turn\nsleep 500\n> move i1 9R\n< turn\n> move e3\n",
        "< protocol\n> ready 1\n< turn\n> move a5 9R\n< turn\n"
        "> move b5 9R\n< turn\n> move c5 9R\n< turn\n> move d5 9R\n"
        "< turn\n> move i2 9R\n"};
    char dir[256], path[3][300], cmd[3][400];
    snprintf(dir, sizeof dir, RUN_DIR "finished-XXXXXX");
    cr_assert(mkdtemp(dir));
    cr_assert_eq(chmod(dir, 0755), 0); /* a boxed bot reads its script */
    const char *bots[4] = {NULL};
    for (int s = 0; s < 3; s++) {
        snprintf(path[s], sizeof path[s], "%s/seat%d.script", dir, s);
        FILE *f = fopen(path[s], "w");
        cr_assert(f);
        fputs(script[s], f);
        fclose(f);
        snprintf(cmd[s], sizeof cmd[s], RUN_TBOTS "script_bot %s", path[s]);
        bots[s] = cmd[s];
    }
    /* Seed 3 seats the bots in the order given (PROTOCOL.md's 3p
     * transcript uses it too).  Pondering, so that Ada's exit comes while
     * the others play (frozen off move, it would come at the end). */
    const char *opts[] = {"--game", "pentago-multi", "--variant", "3p",
                          "-n", "1", "--seed", "3", "--ponder", NULL};
    mm_run m;
    mm_match(&m, opts, bots);
    cr_assert_eq(m.rc, 0, "%s", m.out);
    record r;
    mm_record(&m, 1, &r);
    for (int s = 0; s < 3; s++)
        cr_assert(strstr(r.players[s].command, path[s]), "seat %d: %s", s,
                  r.players[s].command);
    cr_expect_eq(r.fault_seat, -1);
    cr_expect_str_eq(r.reason, "five-by-placement");
    cr_expect_eq(r.nmoves, 16, "the game went on after Ada left");
    for (int s = 0; s < 3; s++)
        cr_expect_eq(r.players[s].place, s + 1, "seat %d", s);
    cr_expect_str_eq(r.players[0].result, "win");
    record_release(&r);
    mm_replay(&m, 1);
    char log[600];
    snprintf(log, sizeof log, "%s/logs/game-0001-seat0.log", m.dir);
    char *text = run_slurp(log, NULL);
    cr_assert(text);
    cr_expect(strstr(text, "this bot had finished (place 1), then: exited"),
              "%s", text);
    free(text);
    mm_finish(&m);
    run_rmtree(dir);
}

/* The rules' side of it: a fault of a seat that has finished leaves every
 * place won as it stands. */
Test(multi_match, the_fault_of_a_finished_seat_keeps_its_place)
{
    char err[256], why[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago-multi", "3p", NULL, err,
                                   sizeof err);
    cr_assert(g, "%s", err);
    rules_pos pos;
    /* White finished first on row 1; black to move. */
    cr_assert_eq(rules_pos_read(g,
                                "wwwww..../........./bbbb...../........./"
                                "rrrr...../........./........./........./"
                                "......... 1 1,0,0",
                                &pos, why, sizeof why),
                 RULES_OK, "%s", why);
    rules_outcome_t o;
    rules_outcome_fault(g, &pos, 0, &o);
    cr_expect_eq(o.place[0], 1);
    cr_expect_eq(o.place[1], 2);
    cr_expect_eq(o.place[2], 2);
    rules_outcome_fault(g, &pos, 2, &o);
    cr_expect_eq(o.place[0], 1);
    cr_expect_eq(o.place[1], 2);
    cr_expect_eq(o.place[2], 3);
    rules_game_free(g);
}
