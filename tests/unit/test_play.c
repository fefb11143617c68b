/*
 * test_play.c - `referee play` at a real terminal: tmux runs the referee
 * in a pane of a private tmux server (its own socket), the test types
 * into it (send-keys) and reads the screen (capture-pane).  A whole
 * Pentago game against a bot that plays a known game (seq_bot), with a
 * refused move, an undo and the record replayed; an undo against a bot
 * that takes positions; watching two bots; Pente to a resignation; the
 * person on the clock losing on time; Ctrl-C and Ctrl-D; a bot at fault.
 * Every record is read back and `referee replay` must agree with it, and
 * no process of the game may outlive the referee.  Also, without a
 * terminal: the
 * board's marks over whole random games, captured stones named, the
 * commands, and the usage errors.
 *
 * Every test that needs tmux is skipped, saying so, when it is missing.
 */
#include "play/play_board.h"
#include "play/play_input.h"
#include "record/record.h"
#include "rules.h"
#include "support/run.h"
#include "util/rng.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- a terminal ------------------------------------------------------- */

typedef struct {
    char sock[PATH_MAX + 16]; /* the private tmux server's socket */
    char tag[64];      /* RUN_TAG of the referee and its bots */
    char dir[PATH_MAX];   /* records: /tmp/referee-test-... */
    char data[PATH_MAX];  /* files bots read (a boxed bot has its own /tmp) */
    char record[PATH_MAX + 32];
    double started;
} term_t;

static term_t term;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Run tmux on our server with these arguments; its exit status.  quiet:
 * its complaints (no server left to kill) are not shown. */
static int tmux_run(const char *const *args, bool quiet)
{
    const char *argv[24] = {"tmux", "-S", term.sock};
    int n = 3;
    for (int i = 0; args[i] && n < 23; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        if (quiet && !freopen("/dev/null", "w", stderr))
            _exit(127);
        execvp("tmux", (char *const *)argv);
        _exit(127);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int tmux(const char *const *args)
{
    return tmux_run(args, false);
}

static bool tmux_missing(void)
{
    return system("tmux -V >/dev/null 2>&1") != 0;
}

#define SKIP_WITHOUT_TMUX()                                                  \
    do {                                                                     \
        if (tmux_missing())                                                  \
            cr_skip_test("tmux is not installed: the terminal tests need "   \
                         "it (apt-get install tmux)");                       \
    } while (0)

/* On every path: the session and its server go, whatever still runs of
 * the referee and its bots, and the files. */
static void term_fini(void)
{
    if (term.sock[0]) {
        tmux_run((const char *[]){"kill-session", "-t", "play", NULL}, true);
        tmux_run((const char *[]){"kill-server", NULL}, true);
    }
    if (term.tag[0])
        run_kill_tagged(term.tag);
    if (term.dir[0])
        run_rmtree(term.dir);
    if (term.data[0]) {
        char cmd[PATH_MAX + 16];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", term.data);
        if (system(cmd) != 0)
            fprintf(stderr, "could not remove %s\n", term.data);
    }
}

static void term_open(void)
{
    snprintf(term.tag, sizeof term.tag, "play-%d", (int)getpid());
    run_tmpdir(term.dir, sizeof term.dir);
    cr_assert(term.dir[0], "no temporary directory");
    /* In the test's directory: it goes with it. */
    snprintf(term.sock, sizeof term.sock, "%s/tmux", term.dir);
    snprintf(term.record, sizeof term.record, "%s/out/game-0001.yaml",
             term.dir);
    mkdir(RUN_DIR "play-data", 0755);
    snprintf(term.data, sizeof term.data, RUN_DIR "play-data/%d",
             (int)getpid());
    cr_assert(mkdir(term.data, 0755) == 0 || errno == EEXIST,
              "cannot make %s", term.data);
}

/* `referee play --out DIR/out ARGS` in a 100x50 pane; when it exits the
 * pane says "[exit N]" and stays, to be read. */
static void term_run(const char *const *args)
{
    char cmd[4096], cwd[PATH_MAX];
    cr_assert(getcwd(cwd, sizeof cwd));
    int n = snprintf(cmd, sizeof cmd,
                     "env RUN_TAG=%s %s play --out '%s/out'", term.tag,
                     RUN_REFEREE, term.dir);
    for (int i = 0; args[i]; i++)
        n += snprintf(cmd + n, sizeof cmd - (size_t)n, " '%s'", args[i]);
    snprintf(cmd + n, sizeof cmd - (size_t)n,
             "; echo \"[exit $?]\"; sleep 600");
    term.started = now_s();
    int rc = tmux((const char *[]){"new-session", "-d", "-s", "play", "-x",
                                   "100", "-y", "50", "-c", cwd, cmd, NULL});
    cr_assert_eq(rc, 0, "tmux new-session failed");
}

static void term_type(const char *text)
{
    cr_assert_eq(tmux((const char *[]){"send-keys", "-t", "play", "-l", text,
                                       NULL}), 0);
    cr_assert_eq(tmux((const char *[]){"send-keys", "-t", "play", "Enter",
                                       NULL}), 0);
}

/* Everything the pane showed, wrapped lines joined (free it). */
static char *term_screen(void)
{
    char cmd[PATH_MAX + 128];
    snprintf(cmd, sizeof cmd,
             "tmux -S '%s' capture-pane -p -J -S - -t play 2>/dev/null",
             term.sock);
    FILE *p = popen(cmd, "r");
    cr_assert(p, "cannot run tmux capture-pane");
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    cr_assert(buf);
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (n + 1 == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            cr_assert(buf);
        }
    }
    buf[n] = '\0';
    pclose(p);
    return buf;
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* The screen once needle is on it at least times times (10 s at most). */
static char *term_wait(const char *needle, int times)
{
    double until = now_s() + 10;
    for (;;) {
        char *s = term_screen();
        if (count_of(s, needle) >= times)
            return s;
        if (now_s() > until) {
            cr_assert_fail("'%s' not shown %d times; the screen:\n%s",
                           needle, times, s);
        }
        free(s);
        nanosleep(&(struct timespec){0, 50 * 1000000L}, NULL);
    }
}

/* The board drawn right after the first `anchor` on the screen: from its
 * top line to its bottom one (Pentago: the quadrant numbers; Pente: the
 * column letters), into buf. */
static const char *board_after(const char *screen, const char *anchor,
                               const char *top, const char *bottom,
                               char *buf, size_t len)
{
    const char *a = strstr(screen, anchor);
    cr_assert(a, "'%s' is not on the screen:\n%s", anchor, screen);
    const char *b = strstr(a, top);
    cr_assert(b, "no board after '%s'", anchor);
    const char *e = strstr(b + strlen(top), bottom);
    cr_assert(e, "no end of the board after '%s'", anchor);
    e += strlen(bottom);
    snprintf(buf, len, "%.*s", (int)(e - b), b);
    return buf;
}

#define PENTAGO_TOP "\n        1         2\n"
#define PENTAGO_BOTTOM "\n        3         4\n"

static const char *pentago_board(const char *screen, const char *anchor,
                                 char *buf, size_t len)
{
    return board_after(screen, anchor, PENTAGO_TOP, PENTAGO_BOTTOM, buf, len);
}

/* The last move is marked, and only it. */
static void expect_one_mark(const char *board, const char *row)
{
    cr_expect_eq(count_of(board, "["), 1, "one mark expected:\n%s", board);
    cr_expect(strstr(board, row), "row '%s' expected in:\n%s", row, board);
}

/* What the rules say of text in the position after moves. */
static void rules_reason(const char *game, const char *const *moves,
                         const char *text, char *why, size_t len)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(game, NULL, NULL, err, sizeof err);
    cr_assert(g, "%s", err);
    rules_pos pos;
    rules_start(g, &pos);
    rules_move mv;
    for (int i = 0; moves[i]; i++) {
        cr_assert_eq(rules_parse_move(g, &pos, moves[i], &mv, err,
                                      sizeof err), RULES_OK);
        rules_apply(g, &pos, &mv);
    }
    cr_assert_neq(rules_parse_move(g, &pos, text, &mv, why, len), RULES_OK,
                  "'%s' is legal", text);
    rules_game_free(g);
}

static void read_record(record *r)
{
    char err[1024];
    cr_assert_eq(record_read(term.record, r, err, sizeof err), 0, "%s", err);
}

/* `referee replay` of the record: it must agree. */
static void expect_replay_agrees(void)
{
    char out[8192];
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", term.record, NULL};
    int rc = run_cmd(argv, term.tag, out, sizeof out);
    cr_expect_eq(rc, 0, "replay disagrees:\n%s", out);
    cr_expect(strstr(out, "the result agrees"), "%s", out);
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The referee has exited with status rc and left no process behind. */
static char *term_wait_exit(int rc)
{
    char want[32];
    snprintf(want, sizeof want, "[exit %d]", rc);
    char *s = term_wait("[exit ", 1);
    cr_assert(strstr(s, want), "expected %s:\n%s", want, s);
    cr_expect_eq(run_count_tagged(term.tag), 0,
                 "processes of the game outlived the referee");
    return s;
}

/* ---- the whole games ----------------------------------------------------- */

/* White makes five down column a, turning the empty quadrant 4 each time;
 * black answers in quadrant 2.  seq_bot plays the black moves by ply. */
static const char *const known_game[] = {
    "a1 4R", "d1 4R", "a2 4R", "e1 4R", "a3 4R",
    "d2 4R", "a4 4R", "e2 4R", "a5", NULL,
};

static void write_known_game(char *path, size_t len)
{
    snprintf(path, len, "%s/game.txt", term.data);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    for (int i = 0; known_game[i]; i++)
        fprintf(f, "%s\n", known_game[i]);
    fclose(f);
}

Test(play, pentago_game_with_a_bad_move_and_an_undo, .fini = term_fini,
     .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    char moves[PATH_MAX + 16], bot[2 * PATH_MAX];
    write_known_game(moves, sizeof moves);
    snprintf(bot, sizeof bot, "%s %s", RUN_TBOTS "seq_bot", moves);
    term_run((const char *[]){"--seed", "7", bot, NULL});
    char *s = term_wait("white to move (you), 00:00 used; black 5 s a move > ",
                        1);
    char start[2048];
    pentago_board(s, "help lists the commands", start, sizeof start);
    cr_expect_eq(count_of(start, "["), 0, "nothing is marked at the start");
    free(s);

    /* Each move is drawn with its cell marked. */
    term_type("a1 4R");
    s = term_wait("2. black (seq bot) d1 4R", 1);
    char b1[2048], b2[2048];
    cr_expect(strstr(s, "1. white (you) a1 4R"), "%s", s);
    expect_one_mark(pentago_board(s, "1. white (you) a1 4R", b1, sizeof b1),
                    "\n  1 [w] .  . | .  .  .  1\n");
    expect_one_mark(pentago_board(s, "2. black (seq bot) d1 4R", b2,
                                  sizeof b2),
                    "\n  1  w  .  . |[b] .  .  1\n");
    free(s);

    /* Bad moves: the rules' reason, a new prompt, nothing played. */
    char why[RULES_REASON_MAX], want[512];
    const char *const two[] = {"a1 4R", "d1 4R", NULL};
    term_type("a1 1R");
    rules_reason("pentago", two, "a1 1R", why, sizeof why);
    snprintf(want, sizeof want, "'a1 1R': %s", why);
    free(term_wait(want, 1));
    term_type("z9");
    rules_reason("pentago", two, "z9", why, sizeof why);
    snprintf(want, sizeof want, "'z9': not a move: %s", why);
    free(term_wait(want, 1));
    s = term_wait("white to move (you)", 4);
    cr_expect(!strstr(s, "3. white"), "a bad move was played:\n%s", s);
    free(s);
    term_type("help");
    s = term_wait("white to move (you)", 5);
    cr_expect(strstr(s, "R clockwise, L anticlockwise: c4 2R") &&
              strstr(s, "commands: undo"), "%s", s);
    free(s);

    /* Undo takes back two plies: the board is as it was after ply 2. */
    term_type("a2 4R");
    free(term_wait("4. black (seq bot) e1 4R", 1));
    term_type("undo");
    s = term_wait("white to move (you)", 7);
    cr_expect(strstr(s, "took back 2 plies"), "%s", s);
    cr_expect(strstr(s, "black (seq bot) starts again"), "%s", s);
    char again[2048];
    pentago_board(s, "starts again", again, sizeof again);
    cr_expect_str_eq(again, b2, "the board after undo:\n%s\nbefore:\n%s",
                     again, b2);
    free(s);

    /* Again, at once (the restarted bot may still be starting): back to
     * the empty board. */
    term_type("undo");
    s = term_wait("white to move (you)", 8);
    cr_expect_eq(count_of(s, "took back 2 plies"), 2, "%s", s);
    const char *second = strstr(strstr(s, "took back 2 plies") + 1,
                                "took back 2 plies");
    pentago_board(second, "took back", again, sizeof again);
    cr_expect_str_eq(again, start);
    free(s);
    term_type("a1 4R");
    free(term_wait("2. black (seq bot) d1 4R", 2));

    /* The rest of the game: the bot, restarted, plays on from ply 3;
     * either case is taken. */
    const char *const mine[] = {"A2 4r", "a3 4R", "a4 4R"};
    for (int i = 0; i < 3; i++) {
        term_type(mine[i]);
        snprintf(want, sizeof want, "%d. black (seq bot) %s", 4 + 2 * i,
                 known_game[3 + 2 * i]);
        free(term_wait(want, i == 0 ? 2 : 1));
    }
    term_type("a5");
    s = term_wait_exit(0);
    cr_expect(strstr(s, "game over: white (you) wins by five-by-placement"),
              "%s", s);
    char shown[sizeof term.record + 16];
    snprintf(shown, sizeof shown, "record: %s", term.record);
    cr_expect(strstr(s, shown), "%s", s);
    free(s);

    /* The record: the game as finally played, the person marked. */
    record r;
    read_record(&r);
    cr_assert_eq(r.nmoves, 9);
    for (size_t i = 0; i < r.nmoves; i++)
        cr_expect_str_eq(r.moves[i].text, known_game[i]);
    cr_expect(r.moves[2].sent && !strcmp(r.moves[2].sent, "A2 4r"),
              "what the person typed is kept beside the canonical move");
    cr_expect_str_eq(r.players[0].command, "human");
    cr_expect_str_eq(r.players[0].name, "human");
    cr_expect_str_eq(r.players[0].result, "win");
    cr_expect_str_eq(r.players[1].result, "loss");
    cr_expect_str_eq(r.reason, "five-by-placement");
    cr_expect(r.detail && strstr(r.detail, "2 undos took back 4 plies"),
              "%s", r.detail ? r.detail : "(none)");
    /* The restarted bot wrote a log of its own. */
    cr_expect(r.players[1].log && strstr(r.players[1].log, "seat1-2.log"));
    char log1[PATH_MAX + 64];
    snprintf(log1, sizeof log1, "%s/out/logs/game-0001-seat1.log", term.dir);
    cr_expect(file_exists(log1), "%s is missing", log1);
    record_release(&r);
    expect_replay_agrees();
}

/* The move of ply on the screen, "N. WHO MOVE   [", into buf. */
static const char *move_on_screen(const char *screen, int ply,
                                  const char *who, char *buf, size_t len)
{
    char head[128];
    snprintf(head, sizeof head, "\n%d. %s ", ply, who);
    const char *p = strstr(screen, head);
    cr_assert(p, "'%s' is not on the screen:\n%s", head + 1, screen);
    p += strlen(head);
    const char *e = strstr(p, "   [");
    cr_assert(e, "no time after '%s'", head + 1);
    snprintf(buf, len, "%.*s", (int)(e - p), p);
    return buf;
}

/* The first legal move (canonical) after moves. */
static void first_legal(const char *game, const char *const *moves,
                        char *buf, size_t len)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(game, NULL, NULL, err, sizeof err);
    cr_assert(g, "%s", err);
    rules_pos pos;
    rules_start(g, &pos);
    rules_move mv;
    for (int i = 0; moves[i]; i++) {
        cr_assert_eq(rules_parse_move(g, &pos, moves[i], &mv, err,
                                      sizeof err), RULES_OK,
                     "'%s': %s", moves[i], err);
        rules_apply(g, &pos, &mv);
    }
    cr_assert(rules_legal_moves(g, &pos, &mv, 1) > 0);
    rules_format_move(g, &mv, buf, len);
    rules_game_free(g);
}

Test(play, undo_as_black_against_a_bot_that_takes_positions,
     .fini = term_fini, .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    term_run((const char *[]){"--as", "black", "--seed", "11",
                              RUN_BOTS "random_bot --position", NULL});
    char *s = term_wait("black to move (you)", 1);
    char m1[64], m2[64], m3[64], m4[64], b3[2048], again[2048];
    move_on_screen(s, 1, "white (random_bot)", m1, sizeof m1);
    free(s);
    term_type("undo");
    free(term_wait("nothing to undo: you have not moved yet", 1));

    first_legal("pentago", (const char *[]){m1, NULL}, m2, sizeof m2);
    term_type(m2);
    s = term_wait("\n3. white (random_bot) ", 1);
    move_on_screen(s, 3, "white (random_bot)", m3, sizeof m3);
    pentago_board(s, "\n3. white (random_bot) ", b3, sizeof b3);
    free(s);
    first_legal("pentago", (const char *[]){m1, m2, m3, NULL}, m4,
                sizeof m4);
    term_type(m4);
    free(term_wait("\n5. white (random_bot) ", 1));

    /* Back to after ply 3; a bot that takes positions is not restarted:
     * its next turn brings the position. */
    term_type("undo");
    s = term_wait("black to move (you)", 5);
    cr_expect(strstr(s, "took back 2 plies"), "%s", s);
    cr_expect(!strstr(s, "starts again"), "%s", s);
    pentago_board(s, "took back 2 plies", again, sizeof again);
    cr_expect_str_eq(again, b3);
    free(s);
    term_type(m4);
    free(term_wait("\n5. white (random_bot) ", 2));

    /* quit: the game is void, recorded as far as it went. */
    term_type("quit");
    s = term_wait_exit(0);
    cr_expect(strstr(s, "game void, not scored: the person quit after 5 "
                        "plies"), "%s", s);
    free(s);
    record r;
    read_record(&r);
    cr_expect_str_eq(r.status, "void");
    cr_assert_eq(r.nmoves, 5);
    const char *played[] = {m1, m2, m3, m4};
    for (int i = 0; i < 4; i++)
        cr_expect_str_eq(r.moves[i].text, played[i]);
    cr_expect_str_eq(r.players[1].command, "human");
    cr_expect(r.players[0].log && strstr(r.players[0].log, "seat0.log"),
              "one process played white: %s", r.players[0].log);
    record_release(&r);
    char log2[PATH_MAX + 64];
    snprintf(log2, sizeof log2, "%s/out/logs/game-0001-seat0-2.log",
             term.dir);
    cr_expect(!file_exists(log2), "the bot was restarted");
    expect_replay_agrees();
}

Test(play, watching_two_bots, .fini = term_fini, .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    const long delay_ms = 30;
    term_run((const char *[]){"--watch", "--delay-ms", "30", "--seed", "5",
                              RUN_BOTS "random_bot", RUN_BOTS "greedy_bot",
                              NULL});
    char *s = term_wait_exit(0);
    double took = now_s() - term.started;
    cr_expect(strstr(s, "\ngame over: "), "%s", s);
    cr_expect(!strstr(s, "(you)"), "nobody plays in watch mode:\n%s", s);
    record r;
    read_record(&r);
    cr_assert_gt(r.nmoves, 8);
    /* Every move on the screen, with a board marking it, in order. */
    const char *at = s;
    for (size_t i = 0; i < r.nmoves; i++) {
        const record_move *m = &r.moves[i];
        char line[256], board[2048];
        snprintf(line, sizeof line, "\n%zu. %s (%s) %s   [", i + 1,
                 r.players[m->seat].colour, r.players[m->seat].name,
                 m->text);
        const char *p = strstr(at, line);
        cr_assert(p, "'%s' not on the screen after ply %zu:\n%s", line + 1,
                  i, s);
        pentago_board(p, line, board, sizeof board);
        cr_expect_eq(count_of(board, "["), 1, "ply %zu:\n%s", i + 1, board);
        at = p + 1;
    }
    /* A pause before every move. */
    cr_expect_geq(took, (double)r.nmoves * (double)delay_ms / 1000.0,
                  "%zu moves in %.2f s", r.nmoves, took);
    cr_expect_str_neq(r.players[0].command, "human");
    cr_expect_str_neq(r.players[1].command, "human");
    cr_expect_null(r.detail, "no person, no note: %s", r.detail);
    record_release(&r);
    free(s);
    expect_replay_agrees();
}

static void pente_row(char *buf, size_t len, int row, int col, char stone)
{
    int n = snprintf(buf, len, "\n%3d ", row);
    for (int c = 0; c < 19; c++)
        n += snprintf(buf + n, len - (size_t)n, c == col ? "[%c]" : " . ",
                      stone);
    snprintf(buf + n, len - (size_t)n, " %d\n", row);
}

#define PENTE_COLUMNS                                                        \
    "\n     A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T\n"

Test(play, pente_a_few_moves_then_resign, .fini = term_fini, .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    term_run((const char *[]){"--game", "pente", "--seed", "3",
                              RUN_BOTS "random_bot", NULL});
    free(term_wait("white to move (you)", 1));
    term_type("k10");
    char *s = term_wait("\n2. black (random_bot) ", 1);
    char board[8192], row[128], m2[64], why[RULES_REASON_MAX], want[512];
    board_after(s, "1. white (you) K10", PENTE_COLUMNS, PENTE_COLUMNS, board,
                sizeof board);
    pente_row(row, sizeof row, 10, 9, 'w');
    expect_one_mark(board, row);
    move_on_screen(s, 2, "black (random_bot)", m2, sizeof m2);
    free(s);

    /* There is no column I; the second white stone must keep away from
     * the centre (the tournament rule): each refused with its reason. */
    const char *const two[] = {"K10", m2, NULL};
    term_type("I5");
    rules_reason("pente", two, "I5", why, sizeof why);
    snprintf(want, sizeof want, "'I5': not a move: %s", why);
    free(term_wait(want, 1));
    const char *near = strcmp(m2, "L11") ? "L11" : "J9";
    term_type(near);
    rules_reason("pente", two, near, why, sizeof why);
    snprintf(want, sizeof want, "'%s': %s", near, why);
    free(term_wait(want, 1));

    const char *far = strcmp(m2, "K14") ? "K14" : "K5";
    term_type(far);
    free(term_wait("\n4. black (random_bot) ", 1));
    term_type("resign");
    s = term_wait_exit(0);
    cr_expect(strstr(s, "game over: white (you) resigned; black (random_bot) "
                        "wins"), "%s", s);
    free(s);
    record r;
    read_record(&r);
    cr_expect_str_eq(r.game, "pente");
    cr_assert_eq(r.nmoves, 4);
    cr_expect_str_eq(r.moves[0].text, "K10");
    cr_expect_str_eq(r.moves[0].sent, "k10");
    cr_expect_str_eq(r.moves[2].text, far);
    cr_expect_str_eq(r.reason, "resigned");
    cr_expect_eq(r.fault_seat, 0);
    cr_expect_str_eq(r.players[0].result, "loss");
    cr_expect_str_eq(r.players[1].result, "win");
    record_release(&r);
    expect_replay_agrees();
}

Test(play, on_the_clock_the_person_loses_on_time, .fini = term_fini,
     .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    term_run((const char *[]){"--clock", "--move-ms", "400", "--grace-ms",
                              "50", RUN_BOTS "random_bot", NULL});
    free(term_wait("white to move (you), 400 ms a move; black 400 ms a "
                   "move > ", 1));
    double asked = now_s();
    char *s = term_wait_exit(0);
    cr_expect_geq(now_s() - asked, 0.2, "lost on time too soon");
    cr_expect(strstr(s, "game over: white (you) lost by timeout; black "
                        "(random_bot) wins"), "%s", s);
    free(s);
    record r;
    read_record(&r);
    cr_expect_str_eq(r.reason, "timeout");
    cr_expect_eq(r.fault_seat, 0);
    cr_expect_eq(r.nmoves, 0);
    cr_expect(r.detail && strstr(r.detail, "limit 400 ms + grace 50 ms"),
              "%s", r.detail ? r.detail : "(none)");
    record_release(&r);
    expect_replay_agrees();
}

/* Ctrl-C, and Ctrl-D at the prompt: the game is void, and recorded. */
Test(play, ctrl_c_and_ctrl_d_make_the_game_void, .fini = term_fini,
     .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    const char *keys[] = {"C-c", "C-d"};
    const char *why[] = {"interrupted after 2 plies",
                         "the person's input ended after 2 plies"};
    int rc[] = {130, 0};
    for (int i = 0; i < 2; i++) {
        term_run((const char *[]){"--seed", "2", RUN_BOTS "random_bot",
                                  NULL});
        free(term_wait("white to move (you)", 1));
        term_type("f6 4L");
        free(term_wait("white to move (you)", 2));
        cr_assert_eq(tmux((const char *[]){"send-keys", "-t", "play",
                                           keys[i], NULL}), 0);
        char *s = term_wait_exit(rc[i]);
        cr_expect(strstr(s, why[i]), "%s", s);
        free(s);
        record r;
        read_record(&r);
        cr_expect_str_eq(r.status, "void");
        cr_expect_eq(r.nmoves, 2);
        record_release(&r);
        expect_replay_agrees();
        tmux((const char *[]){"kill-session", "-t", "play", NULL});
    }
}

/* A bot that breaks the protocol loses as in a match: here it exits at
 * its first turn, as white, before the person has moved. */
Test(play, a_bot_at_fault_loses, .fini = term_fini, .timeout = 60)
{
    SKIP_WITHOUT_TMUX();
    term_open();
    term_run((const char *[]){"--as", "1", RUN_TBOTS "crash_bot exit",
                              NULL});
    char *s = term_wait_exit(0);
    cr_expect(strstr(s, "game over: white (crash bot) lost by exited; black "
                        "(you) wins"), "%s", s);
    free(s);
    record r;
    read_record(&r);
    cr_expect_str_eq(r.reason, "exited");
    cr_expect_eq(r.fault_seat, 0);
    cr_expect_str_eq(r.players[1].command, "human");
    /* Its log says why it lost, as a match's would. */
    char *log = r.players[0].log ? run_slurp(r.players[0].log, NULL) : NULL;
    cr_expect(log && strstr(log, "this bot lost the game: exited: exited "
                                 "with status 3"),
              "%s", log ? log : "(no log)");
    free(log);
    record_release(&r);
    expect_replay_agrees();
}

/* ---- without a terminal ---------------------------------------------------- */

/* Every "[x]" of a board drawn to text: how many, and their stones. */
static int marks_of(const char *text, char *stones, int cap)
{
    int n = 0;
    for (const char *p = text; (p = strchr(p, '[')); p++)
        if (p[1] && p[2] == ']' && n < cap)
            stones[n++] = p[1];
    return n;
}

static char *draw(const rules_game *g, const rules_pos *pos,
                  const rules_pos *before, const rules_move *mv)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cr_assert(f);
    play_board_draw(f, g, pos, before, mv, false);
    fclose(f);
    return text;
}

/* Random games: after every move exactly its stone is marked, with the
 * mover's colour, wherever a turned quadrant carried it. */
static void marks_over_games(const char *game, int games)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(game, NULL, NULL, err, sizeof err);
    cr_assert(g, "%s", err);
    static rules_move moves[RULES_MAX_MOVES];
    for (int seed = 1; seed <= games; seed++) {
        rng r;
        rng_seed(&r, (uint64_t)seed);
        rules_pos pos, before;
        rules_start(g, &pos);
        size_t n;
        while ((n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES)) > 0) {
            const rules_move *mv = &moves[rng_below(&r, (uint32_t)n)];
            char mover = rules_seat_colour(g, rules_to_move(g, &pos))[0];
            before = pos;
            rules_apply(g, &pos, mv);
            char *text = draw(g, &pos, &before, mv), stones[4];
            cr_assert_eq(marks_of(text, stones, 4), 1, "%s", text);
            cr_assert_eq(stones[0], mover, "%s", text);
            free(text);
        }
    }
    rules_game_free(g);
}

Test(play_board, the_last_move_is_marked_over_whole_games)
{
    marks_over_games("pentago", 40);
    marks_over_games("pente", 2);
}

Test(play_board, a_marble_is_marked_where_its_quadrant_turned_it)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", NULL, NULL, err, sizeof err);
    rules_pos pos, before;
    rules_start(g, &pos);
    rules_move mv;
    cr_assert_eq(rules_parse_move(g, &pos, "d3 2R", &mv, err, sizeof err),
                 RULES_OK);
    before = pos;
    rules_apply(g, &pos, &mv);
    char *text = draw(g, &pos, &before, &mv);
    /* d3 is the bottom-left of quadrant 2: clockwise, its top-left. */
    cr_expect(strstr(text, "\n  1  .  .  . |[w] .  .  1\n"), "%s", text);
    cr_expect(strstr(text, "\n  3  .  .  . | .  .  .  3\n"), "%s", text);
    free(text);
    rules_game_free(g);
}

Test(play_board, captured_stones_are_named)
{
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pente", NULL, NULL, err, sizeof err);
    rules_pos pos, before;
    rules_start(g, &pos);
    rules_move mv;
    const char *game[] = {"K10", "L11", "G10", "M12", "N13"};
    for (int i = 0; i < 5; i++) {
        cr_assert_eq(rules_parse_move(g, &pos, game[i], &mv, err,
                                      sizeof err), RULES_OK);
        before = pos;
        rules_apply(g, &pos, &mv);
    }
    char *text = draw(g, &pos, &before, &mv);
    cr_expect(strstr(text, "\ntaken: M12 L11\n"), "%s", text);
    cr_expect(strstr(text, "\ncaptured: white 2, black 0\n"), "%s", text);
    free(text);
    rules_game_free(g);
}

Test(play_input, commands_in_any_case_and_moves)
{
    cr_expect_eq(play_input_command("undo"), PLAY_CMD_UNDO);
    cr_expect_eq(play_input_command("UNDO"), PLAY_CMD_UNDO);
    cr_expect_eq(play_input_command("Help"), PLAY_CMD_HELP);
    cr_expect_eq(play_input_command("?"), PLAY_CMD_HELP);
    cr_expect_eq(play_input_command("resign"), PLAY_CMD_RESIGN);
    cr_expect_eq(play_input_command("quit"), PLAY_CMD_QUIT);
    cr_expect_eq(play_input_command(""), PLAY_CMD_NONE);
    cr_expect_eq(play_input_command("c4 2R"), PLAY_CMD_MOVE);
    cr_expect_eq(play_input_command("undo c4"), PLAY_CMD_MOVE);
}

static int play_cmd_run(const char *const *args, char *out, size_t len)
{
    char *argv[16] = {RUN_REFEREE, "play", "--out",
                      "/tmp/referee-test-play-never-made"};
    int n = 4;
    for (int i = 0; args[i] && n < 15; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    return run_cmd(argv, "play-usage", out, len);
}

Test(play, usage_errors_exit_2_and_say_why)
{
    char out[16384];
    cr_expect_eq(play_cmd_run((const char *[]){"--keep-bots", "x", NULL}, out,
                              sizeof out), 2);
    cr_expect(strstr(out, "--keep-bots is for referee match"), "%s", out);
    cr_expect_eq(play_cmd_run((const char *[]){"--as", "purple", "x", NULL},
                              out, sizeof out), 2);
    cr_expect(strstr(out, "--as 'purple'") && strstr(out, "white black"),
              "%s", out);
    cr_expect_eq(play_cmd_run((const char *[]){"a", "b", NULL}, out,
                              sizeof out), 2);
    cr_expect(strstr(out, "give 1 bot command"), "%s", out);
    cr_expect_eq(play_cmd_run((const char *[]){"--move-ms", "0", "x", NULL},
                              out, sizeof out), 2);
    cr_expect(strstr(out, "bank"), "%s", out);
    cr_expect_eq(play_cmd_run((const char *[]){"--color", "pink", "x", NULL},
                              out, sizeof out), 2);
    cr_expect_eq(play_cmd_run((const char *[]){"--watch", "--as", "black",
                                                "x", NULL},
                              out, sizeof out), 2);
    cr_expect(strstr(out, "a watcher has no seat"), "%s", out);
    cr_expect(!file_exists("/tmp/referee-test-play-never-made"),
              "a usage error made the records' directory");
    cr_expect_eq(play_cmd_run((const char *[]){"--help", NULL}, out,
                              sizeof out), 0);
    cr_expect(strstr(out, "usage: referee play"), "%s", out);
    /* It ends with the games, their variants and options. */
    const char *games = strstr(out, "\ngames (--game)");
    cr_expect(games && strstr(games, "pente") && strstr(games, "pentago"),
              "%s", out);
}
