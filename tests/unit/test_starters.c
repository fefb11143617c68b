/*
 * test_starters.c - the starter bots of bots/starters/, one test per
 * language.  Each is built as its README section says (the test is
 * skipped, naming the missing tool and its Debian package, when the
 * toolchain is not there), then:
 *   - its --list-moves output for a set of positions is checked against
 *     the rules engine's list of legal moves in canonical form: the same
 *     moves in Pente, the same moves in the same order in Pentago and
 *     Pentago Multiplayer (2p, 3p, team; a placement that makes five
 *     listed bare);
 *   - it is run on a referee script twice: the handshake, moves that are
 *     legal, the same moves from the same seed, `newgame` answered, an
 *     exit at the end of input; and on a script of a game it does not
 *     play (the Pattern Puzzle): a note on stderr, `move
 *     unsupported-game`, then the next game after `newgame` played;
 *   - `referee check-bot` passes it, every game played but the puzzle,
 *     which it declines;
 *   - it plays real matches against the C random bot in every two-seat
 *     game and variant (Pentago Multiplayer 2p included), with
 *     --keep-bots, and the records are read back:
 *     every game finished by the rules, both seats played, the starter
 *     kept from one game to the next (so `newgame` worked), the records
 *     replayed.
 *
 * Compiled starters are built under RUN_DIR/starters/, inside the working
 * directory, world-readable: boxed bots run as another user and see only
 * the working directory's path (README.md, Isolation).
 */
#include "record/record.h"
#include "rules.h"
#include "support/botrun.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* One starter: what it needs, how it is built and run.  In build "%s" is
 * the directory it is built into. */
typedef struct {
    const char *tool;    /* program the starter needs, e.g. "javac" */
    const char *package; /* Debian package that brings it */
    const char *build;   /* shell command, or NULL for a script */
    const char *run;     /* its command line for the referee; with
                            build, a format with "%s" for the directory */
    const char *name;    /* its `id name` */
} starter;

#define EMPTY19 "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19"
#define PLY2 "19/19/19/19/19/19/19/19/10b8/9w9/19/19/19/19/19/19/19/19/19"
#define PLUS8 "19/19/19/19/19/9wp8/19/19/10b8/9w1b7/8b10/19/19/19/19/3b15/" \
              "19/19/19"
#define PLY3 "19/19/19/19/19/19/19/19/10b8/6w2w9/19/19/19/19/19/19/19/19/19"
#define TEAM4 "19/19/19/19/19/19/19/12u6/10b8/7r1w9/19/19/19/19/19/19/19/" \
              "19/19"
#define EMPTY9 "........./........./........./........./........./" \
               "........./........./........./........."
#define PENTE_OPTS "opening=tournament movecap=0 captures=5"
#define PLUS_OPTS PENTE_OPTS " diamonds=D16,K16,Q16,G13,N13,D10,Q10,G7,N7," \
                             "D4,K4,Q4"

/* A position whose legal moves a starter must list. */
typedef struct {
    const char *game, *variant, *options, *pos;
} list_case;

static const list_case list_cases[] = {
    {"pentago", "swiss-2010", "",
     "....../....../....../....../....../...... w"},
    /* e1 makes five for white: listed bare, as the engine lists it. */
    {"pentago", "standard", "", "wwww../bbbb../....../....../....../...... w"},
    {"pente", "standard", PENTE_OPTS, EMPTY19 " w 0 0,0"},
    /* White's second stone under the tournament rule, and without it. */
    {"pente", "standard", PENTE_OPTS, PLY2 " w 2 0,0"},
    {"pente", "standard", "opening=free movecap=0 captures=5", PLY2 " w 2 0,0"},
    {"pente", "plus", PLUS_OPTS, EMPTY19 " w 0 0,0 2,2"},
    /* Power stones at ply 2 obey the opening rule too. */
    {"pente", "plus", PLUS_OPTS, PLY2 " w 2 0,0 2,2"},
    /* PROTOCOL.md's Plus example: white with one power stone in hand,
     * then with none. */
    {"pente", "plus", PLUS_OPTS, PLUS8 " w 8 0,2 1,1"},
    {"pente", "plus", PLUS_OPTS, PLUS8 " w 8 0,2 0,1"},
    /* Team: the opening rule is on seat 0's second stone, ply 4. */
    {"pente", "team", "opening=tournament movecap=0 captures=10",
     TEAM4 " w 4 0,0"},
    {"pentago-multi", "2p", "", EMPTY9 " 0 0,0"},
    /* d1 makes six for white: listed bare; black's c2 is not white's. */
    {"pentago-multi", "2p", "",
     "www.ww.../bb.bb.b../........./........./........./........./"
     "........./........./......... 0 0,0"},
    /* Red (seat 2) to move: e5 is its five, e1 white's and i5 black's
     * are not. */
    {"pentago-multi", "3p", "",
     "wwww....b/........b/........b/........b/rrrr...../........./"
     "........./........./b.......w 2 0,0,0"},
    /* PROTOCOL.md's 3p example: black has finished, red to move. */
    {"pentago-multi", "3p", "",
     "....w..../...bbbbb./..w....r./........./w...w..../.r......./"
     "......w../....r...r/r.w...... 2 0,1,0"},
    /* Team: seat 3 plays black (a1 and f6 make five for it), not blue;
     * white's g1 and g6 are not its own. */
    {"pentago-multi", "team", "",
     "........b/.b....w../..b...w../...b..w../....b.w../........./"
     "........./........./ww....... 3 0,0,0,0"},
    {"pentago-multi", "4p", "", EMPTY9 " 0 0,0,0,0"},
};

/* ---- building and running ------------------------------------------------ */

/* Run a shell command line; its exit status, output into out. */
static int sh(const char *cmd, char *out, size_t len)
{
    char *argv[] = {"/bin/sh", "-c", (char *)cmd, NULL};
    return run_cmd(argv, "starters", out, len);
}

/* Skip unless the starter's tool is on the PATH. */
static void need_tool(const starter *s)
{
    char cmd[128], out[256];
    snprintf(cmd, sizeof cmd, "command -v %s", s->tool);
    if (sh(cmd, out, sizeof out) != 0)
        cr_skip_test("%s is not installed (apt-get install %s)", s->tool,
                     s->package);
}

/* Build s into a fresh world-readable directory under RUN_DIR (dir); its
 * command line into cmd. */
static void build(const starter *s, char *dir, size_t dirlen, char *cmd,
                  size_t cmdlen)
{
    dir[0] = '\0';
    if (s->build) {
        mkdir(RUN_DIR "starters", 0755);
        snprintf(dir, dirlen, RUN_DIR "starters/%s-XXXXXX", s->tool);
        cr_assert(mkdtemp(dir), "mkdtemp %s failed", dir);
        cr_assert_eq(chmod(dir, 0755), 0);
        char line[1024];
        static char out[65536];
        snprintf(line, sizeof line, s->build, dir);
        int rc = sh(line, out, sizeof out);
        cr_assert_eq(rc, 0, "build failed: %s\n%s", line, out);
        snprintf(line, sizeof line, "chmod -R a+rX %s", dir);
        cr_assert_eq(sh(line, out, sizeof out), 0, "%s", out);
        snprintf(cmd, cmdlen, s->run, dir);
    } else {
        snprintf(cmd, cmdlen, "%s", s->run);
    }
}

/* rm -r of a build directory (only ours). */
static void unbuild(const char *dir)
{
    if (strncmp(dir, RUN_DIR "starters/", strlen(RUN_DIR "starters/")))
        return;
    char line[512], out[256];
    snprintf(line, sizeof line, "rm -rf %s", dir);
    sh(line, out, sizeof out);
}

/* ---- the legal-move lists ------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The engine's legal moves of the position, as canonical texts; how
 * many. */
static size_t engine_texts(const rules_game *g, const rules_pos *pos,
                           char (*texts)[RULES_MOVE_TEXT_MAX])
{
    static rules_move moves[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
    for (size_t i = 0; i < n; i++)
        rules_format_move(g, &moves[i], texts[i], RULES_MOVE_TEXT_MAX);
    return n;
}

/* The starter's list must be the engine's: in Pentago and Pentago
 * Multiplayer move for move in the engine's order (the starters promise
 * it), in Pente as a set. */
static void check_list(const char *cmd, const list_case *c)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(c->game, c->variant, c->options, err,
                                   sizeof err);
    cr_assert_not_null(g, "%s", err);
    rules_pos pos;
    rules_status st = rules_pos_read(g, c->pos, &pos, err, sizeof err);
    static char want[RULES_MAX_MOVES][RULES_MOVE_TEXT_MAX];
    size_t nwant = st == RULES_OK ? engine_texts(g, &pos, want) : 0;
    rules_game_free(g); /* before any assertion can end the test */
    cr_assert_eq(st, RULES_OK, "%s: %s", c->pos, err);
    cr_assert_gt(nwant, 0, "%s: no legal move", c->pos);

    static char line[2048], out[65536];
    snprintf(line, sizeof line, "%s --list-moves %s %s '%s' '%s'", cmd,
             c->game, c->variant, c->pos, c->options);
    cr_assert_eq(sh(line, out, sizeof out), 0, "%s:\n%s", line, out);
    static char *moves[RULES_MAX_MOVES];
    size_t n = 0;
    for (char *save, *m = strtok_r(out, "\n", &save); m;
         m = strtok_r(NULL, "\n", &save)) {
        cr_assert_lt(n, RULES_MAX_MOVES);
        moves[n++] = m;
    }
    cr_assert_eq(n, nwant, "%s %s %s [%s]: %zu moves listed, the engine "
                           "has %zu",
                 c->game, c->variant, c->pos, c->options, n, nwant);
    static char *wanted[RULES_MAX_MOVES];
    for (size_t i = 0; i < n; i++)
        wanted[i] = want[i];
    if (!strcmp(c->game, "pente")) {
        qsort(moves, n, sizeof *moves, cmp_str);
        qsort(wanted, n, sizeof *wanted, cmp_str);
    }
    for (size_t i = 0; i < n; i++)
        cr_assert_str_eq(moves[i], wanted[i],
                         "%s %s %s: move %zu listed as '%s', the engine's "
                         "is '%s'%s",
                         c->game, c->variant, c->pos, i + 1, moves[i],
                         wanted[i], strcmp(c->game, "pente") ? ""
                                                             : " (sorted)");
}

/* ---- one run on a script ------------------------------------------------- */

#define SCRIPT_SETUP(seat)                                                    \
    "set game pente\n"                                                        \
    "set variant plus\n"                                                      \
    "set options " PLUS_OPTS "\n"                                             \
    "set seats 2\n"                                                           \
    "set player 0 white 0 A\n"                                                \
    "set player 1 black 1 B\n"                                                \
    "set you " #seat "\n"                                                     \
    "set colour mauve\n"                                                      \
    "set time 2000 0 0\n"                                                     \
    "set seed 18446744073709551615\n"                                         \
    "start\n"

/* Two games on one process: the second after `newgame`, ended by the end
 * of input; an unknown keyword and an unknown `set` key on the way. */
static const char script[] =
    "protocol 1\n" SCRIPT_SETUP(1)
    "hello there\n"
    "position 19/19/19/19/19/19/19/19/19/9w9/19/19/19/19/19/19/19/19/19 "
    "b 1 0,0 2,2\n"
    "turn 2000 -1\n"
    "position " PLY3 " b 3 0,0 2,2\n"
    "turn 2000 -1\n"
    "result loss five-in-a-row\n"
    "newgame\n" SCRIPT_SETUP(0)
    "position " EMPTY19 " w 0 0,0 2,2\n"
    "turn 2000 -1\n";

/* The positions of the script's turns, in order. */
static const char *const script_pos[] = {
    "19/19/19/19/19/19/19/19/19/9w9/19/19/19/19/19/19/19/19/19 b 1 0,0 2,2",
    PLY3 " b 3 0,0 2,2",
    EMPTY19 " w 0 0,0 2,2",
};

/* The lines of out that start with prefix, copied into lines (at most
 * max); how many. */
static int lines_with(const char *out, const char *prefix, char lines[][128],
                      int max)
{
    int n = 0;
    for (const char *p = out; *p && n < max;) {
        size_t k = strcspn(p, "\n");
        if (!strncmp(p, prefix, strlen(prefix)))
            snprintf(lines[n++], 128, "%.*s", (int)k, p);
        p += k + (p[k] == '\n');
    }
    return n;
}

static void check_script(const char *cmd, const starter *s)
{
    char exec_cmd[1024];
    snprintf(exec_cmd, sizeof exec_cmd, "exec %s", cmd);
    char *argv[] = {"/bin/sh", "-c", exec_cmd, NULL};
    static botrun a, b;
    botrun_script(argv, script, true, &a);
    botrun_script(argv, script, true, &b);
    cr_assert(WIFEXITED(a.status) && WEXITSTATUS(a.status) == 0,
              "%s did not exit 0 at the end of input:\n%s", cmd, a.out);
    cr_expect_str_eq(a.out, b.out, "the same seed played differently");

    char lines[8][128];
    char want[64];
    snprintf(want, sizeof want, "id name %s", s->name);
    cr_expect_eq(lines_with(a.out, want, lines, 8), 1, "%s", a.out);
    cr_expect_eq(lines_with(a.out, "id version ", lines, 8), 1);
    cr_expect_eq(lines_with(a.out, "id author ", lines, 8), 1);
    cr_expect_eq(lines_with(a.out, "id option position", lines, 8), 1);
    cr_expect_eq(lines_with(a.out, "id option newgame", lines, 8), 1);
    cr_expect_eq(lines_with(a.out, "ready 1", lines, 8), 2,
                 "one `ready 1` for `protocol`, one for `newgame`:\n%s",
                 a.out);
    int n = lines_with(a.out, "move ", lines, 8);
    cr_assert_eq(n, 3, "one move per turn:\n%s", a.out);
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pente", "plus", PLUS_OPTS, err,
                                   sizeof err);
    cr_assert_not_null(g, "%s", err);
    for (int i = 0; i < n; i++) {
        rules_pos pos;
        rules_move mv;
        cr_assert_eq(rules_pos_read(g, script_pos[i], &pos, err, sizeof err),
                     RULES_OK, "%s", err);
        cr_expect_eq(rules_parse_move(g, &pos, lines[i] + 5, &mv, err,
                                      sizeof err),
                     RULES_OK, "turn %d: '%s': %s", i + 1, lines[i], err);
    }
    rules_game_free(g);
}

/* ---- a game it does not play --------------------------------------------- */

#define PUZZLE_POS "........./........./........./....w..../...www.../" \
                   "....w..../........./........./......... 1 1 b 1 0 " \
                   "++ - 0"

/* The Pattern Puzzle, which no starter plays, then Pentago after
 * `newgame`. */
static const char decline_script[] =
    "protocol 1\n"
    "set game pentago-puzzle\n"
    "set variant 2p\n"
    "set options pattern=........./........./........./....w..../"
    "...www.../....w..../........./........./......... maxlevel=4 "
    "replays=2\n"
    "set seats 2\n"
    "set you 1\n"
    "set seed 5\n"
    "start\n"
    "position " PUZZLE_POS "\n"
    "turn 1000 -1\n"
    "result loss illegal-move\n"
    "newgame\n"
    "set game pentago\n"
    "set variant standard\n"
    "set you 0\n"
    "start\n"
    "position ....../....../....../....../....../...... w\n"
    "turn 1000 -1\n";

/* It declines the puzzle: a note on stderr naming the game, a move that
 * no game accepts, and the next game played as usual; its --list-moves
 * refuses the game. */
static void check_decline(const char *cmd)
{
    char path[256];
    snprintf(path, sizeof path, RUN_DIR "starters/decline-XXXXXX");
    mkdir(RUN_DIR "starters", 0755);
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0, "mkstemp %s failed", path);
    size_t len = strlen(decline_script);
    cr_assert_eq(write(fd, decline_script, len), (ssize_t)len);
    close(fd);

    static char line[2048], out[16384], err[16384];
    snprintf(line, sizeof line, "%s <%s 2>/dev/null", cmd, path);
    cr_assert_eq(sh(line, out, sizeof out), 0, "%s:\n%s", line, out);
    snprintf(line, sizeof line, "%s <%s 2>&1 >/dev/null", cmd, path);
    sh(line, err, sizeof err);
    unlink(path);
    cr_expect(strstr(err, "does not play pentago-puzzle"),
              "no note on stderr that it does not play the puzzle:\n%s",
              err);
    char lines[4][128], ready[4][128];
    cr_expect_eq(lines_with(out, "ready 1", ready, 4), 2,
                 "`newgame` not answered:\n%s", out);
    cr_assert_eq(lines_with(out, "move ", lines, 4), 2, "one move per "
                 "turn:\n%s", out);
    cr_expect_str_eq(lines[0], "move unsupported-game");

    char why[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", "standard", "", why,
                                   sizeof why);
    cr_assert_not_null(g, "%s", why);
    rules_pos pos;
    rules_move mv;
    rules_start(g, &pos);
    cr_expect_eq(rules_parse_move(g, &pos, lines[1] + 5, &mv, why,
                                  sizeof why),
                 RULES_OK, "after the puzzle, '%s': %s", lines[1], why);
    rules_game_free(g);

    snprintf(line, sizeof line, "%s --list-moves pentago-puzzle 2p '%s'",
             cmd, PUZZLE_POS);
    cr_expect_neq(sh(line, out, sizeof out), 0, "%s listed moves:\n%s",
                  line, out);
    cr_expect(strstr(out, "does not play pentago-puzzle"), "%s:\n%s", line,
              out);
}

/* ---- real matches -------------------------------------------------------- */

static bool is_rules_end(const char *game, const char *reason)
{
    static const char *const pente_ends[] = {"five-in-a-row", "captures",
                                             "full-board", "move-cap"};
    if (strcmp(game, "pente"))
        return run_is_rules_end(reason); /* Pentago, 6x6 and 9x9 */
    for (size_t i = 0; i < sizeof pente_ends / sizeof *pente_ends; i++)
        if (!strcmp(reason, pente_ends[i]))
            return true;
    return false;
}

/* Two games of game/variant against the C random bot, the starter kept
 * between them; the number of power stones it played. */
static int check_match(const char *cmd, const char *game, const char *variant)
{
    mrun m;
    const char *opts[] = {"-n", "2", "-j", "1", "--keep-bots", "--seed", "23",
                          "--move-ms", "3000", "--game", game, "--variant",
                          variant, NULL};
    mrun_match(&m, opts, cmd, RUN_BOTS "random_bot");
    cr_assert_eq(m.rc, 0, "referee failed:\n%s", m.out);
    int seat[2], power = 0;
    char log1[512] = "";
    for (int g = 1; g <= 2; g++) {
        record r;
        mrun_record(&m, g, &r);
        cr_expect_str_eq(r.game, game);
        cr_expect_str_eq(r.variant, variant);
        cr_expect_str_eq(r.status, "finished");
        cr_expect_eq(r.fault_seat, -1, "%s %s game %d: %s: %s", game,
                     variant, g, r.reason, r.detail ? r.detail : "");
        cr_expect(is_rules_end(game, r.reason), "%s %s game %d ended by %s",
                  game, variant, g, r.reason);
        int s = seat[g - 1] = mrun_seat_of(&r, cmd);
        cr_assert_geq(s, 0, "no starter in game %d", g);
        cr_expect(r.players[s].name &&
                      !strncmp(r.players[s].name, "Starter (", 9),
                  "id name not recorded");
        int own = 0;
        for (size_t i = 0; i < r.nmoves; i++)
            if (r.moves[i].seat == s) {
                own++;
                power += strchr(r.moves[i].text, '*') != NULL;
            }
        cr_expect_gt(own, 0, "the starter made no move in game %d", g);
        /* A bot kept for the next game writes on in its first log. */
        const char *log = r.players[s].log ? r.players[s].log : "";
        if (g == 1)
            snprintf(log1, sizeof log1, "%s", log);
        else
            cr_expect_str_eq(log, log1, "the starter was not kept for game "
                                        "2: did it answer `newgame`?");
        record_release(&r);
        mrun_replay(&m, g);
    }
    cr_expect_neq(seat[0], seat[1], "the starter played one seat only");
    mrun_finish(&m);
    return power;
}

/* The author's loop: check-bot must pass it, in every game it plays. */
static void check_check_bot(const char *cmd)
{
    static char out[1 << 17];
    char *argv[] = {RUN_REFEREE, "check-bot", (char *)cmd, NULL};
    int rc = run_cmd(argv, "starters", out, sizeof out);
    cr_expect_eq(rc, 0, "check-bot failed (status %d):\n%s", rc, out);
    cr_expect(strstr(out, "plays: pentago swiss-2010, pentago standard, "
                          "pente standard, pente plus, pente partner, "
                          "pente team, pentago-multi 2p, pentago-multi 3p, "
                          "pentago-multi 4p, pentago-multi team\n"),
              "check-bot did not find every variant but the puzzle "
              "played:\n%s", out);
    cr_expect(strstr(out, "does not play: pentago-puzzle 2p, pentago-puzzle "
                          "3p, pentago-puzzle 4p\n"),
              "check-bot did not find the puzzle declined:\n%s", out);
    cr_expect(strstr(out, "INFO not played: its first move "
                          "'unsupported-game'"),
              "the puzzle not declined by 'move unsupported-game':\n%s",
              out);
    cr_expect(strstr(out, " 0 failed"), "%s", out);
}

/* ---- one test per language ----------------------------------------------- */

static void check_starter(const starter *s)
{
    /* Set on some machines; it would hide a Python starter that does not
     * flush. */
    unsetenv("PYTHONUNBUFFERED");
    need_tool(s);
    char dir[256], cmd[512];
    build(s, dir, sizeof dir, cmd, sizeof cmd);
    for (size_t i = 0; i < sizeof list_cases / sizeof *list_cases; i++)
        check_list(cmd, &list_cases[i]);
    check_script(cmd, s);
    check_decline(cmd);
    check_check_bot(cmd);
    check_match(cmd, "pentago", "swiss-2010");
    check_match(cmd, "pentago", "standard");
    check_match(cmd, "pentago-multi", "2p");
    check_match(cmd, "pente", "standard");
    cr_expect_gt(check_match(cmd, "pente", "plus"), 0,
                 "no power stone played in Pente Plus");
    unbuild(dir);
}

Test(starters, c, .timeout = 120)
{
    static const starter s = {
        "cc", "gcc", "cc -O2 -o %s/starter bots/starters/c/starter.c",
        "%s/starter", "Starter (C)"};
    check_starter(&s);
}

Test(starters, python, .timeout = 120)
{
    static const starter s = {"python3", "python3", NULL,
                              "python3 bots/starters/python/starter.py",
                              "Starter (Python)"};
    check_starter(&s);
}

Test(starters, javascript, .timeout = 120)
{
    static const starter s = {"node", "nodejs", NULL,
                              "node bots/starters/js/starter.js",
                              "Starter (JavaScript)"};
    check_starter(&s);
}

Test(starters, shell, .timeout = 120)
{
    static const starter s = {"awk", "mawk", NULL,
                              "sh bots/starters/sh/starter.sh",
                              "Starter (sh+awk)"};
    check_starter(&s);
}

Test(starters, go, .timeout = 120)
{
    static const starter s = {
        "go", "golang-go", "go build -o %s/starter bots/starters/go/starter.go",
        "%s/starter", "Starter (Go)"};
    check_starter(&s);
}

Test(starters, rust, .timeout = 120)
{
    static const starter s = {
        "rustc", "rustc",
        "rustc -O -o %s/starter bots/starters/rust/starter.rs",
        "%s/starter", "Starter (Rust)"};
    check_starter(&s);
}

Test(starters, java, .timeout = 120)
{
    static const starter s = {
        "javac", "default-jdk-headless",
        "javac -d %s bots/starters/java/Starter.java", "java -cp %s Starter",
        "Starter (Java)"};
    check_starter(&s);
}

Test(starters, perl, .timeout = 120)
{
    static const starter s = {"perl", "perl", NULL,
                              "perl bots/starters/perl/starter.pl",
                              "Starter (Perl)"};
    check_starter(&s);
}
