/*
 * test_replay_cmd.c - `referee replay` as a bot author uses it, through the
 * real binary: a record of a game lost by a fault (played by `referee
 * match` with illegal_bot) ends with the fault's detail; --ply past the
 * end is refused; the position line printed under a board is one `referee
 * perft --pos` counts from; and --moves plays a plain list of moves (a
 * finished game's result and win points worked out by hand, an illegal
 * move with its number, line and reason, moves after the end, stdin).
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "support/mrun.h"
#include "support/run.h"

#define OUT_MAX 200000

static char out[OUT_MAX];

/* The text after the last "position: " in text, up to its newline. */
static void last_position(const char *text, char *line, size_t len)
{
    const char *at = NULL;
    for (const char *p = text; (p = strstr(p, "position: ")); p++)
        at = p;
    cr_assert_not_null(at, "no position line in:\n%s", text);
    at += strlen("position: ");
    snprintf(line, len, "%.*s", (int)strcspn(at, "\n"), at);
}

static int replay(const char *tag, const char *const *args)
{
    char *argv[16] = {RUN_REFEREE, "replay"};
    int n = 2;
    for (int i = 0; args[i]; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    return run_cmd(argv, tag, out, sizeof out);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

/* ---- records ------------------------------------------------------------ */

/* illegal_bot in seat 0 plays a legal first move, then a taken cell. */
static void play_fault(mrun *m, record *r, char *path, size_t len)
{
    const char *opts[] = {"-n", "1", "--seed", "5", "--move-ms", "2000",
                          NULL};
    mrun_match(m, opts, RUN_TBOTS "illegal_bot", RUN_BOTS "random_bot");
    cr_assert_eq(m->rc, 0, "%s", m->out);
    mrun_record(m, 1, r);
    cr_assert_str_eq(r->reason, "illegal-move");
    cr_assert_not_null(r->detail);
    snprintf(path, len, "%s/game-0001.yaml", m->dir);
}

Test(replay_cmd, fault_detail_is_shown_after_the_last_board, .timeout = 60)
{
    mrun m;
    record r;
    char path[512];
    play_fault(&m, &r, path, sizeof path);
    int bad = mrun_seat_of(&r, "illegal_bot");
    cr_assert_eq(r.fault_seat, bad);
    char want[512];
    snprintf(want, sizeof want, "seat %d (%s) lost by its fault: "
                                "illegal-move: %s\n",
             bad, r.players[bad].colour, r.detail);
    /* the detail names the bot's text and the rules' reason */
    cr_assert(strstr(r.detail, "is occupied"), "%s", r.detail);

    cr_assert_eq(replay(m.tag, (const char *[]){path, NULL}), 0, "%s", out);
    const char *at = strstr(out, want);
    cr_assert_not_null(at, "no '%s' in:\n%s", want, out);
    char last[32];
    snprintf(last, sizeof last, "\n%zu. ", r.nmoves);
    const char *board = strstr(out, last);
    cr_assert(board && board < at, "the detail is not after ply %zu:\n%s",
              r.nmoves, out);
    cr_assert_null(strstr(at, "position: "), "a board after the detail");

    /* --quiet: the check and the detail; --ply 0: not the end, no detail */
    cr_assert_eq(replay(m.tag, (const char *[]){"--quiet", path, NULL}), 0);
    cr_assert_not_null(strstr(out, want), "%s", out);
    cr_assert_eq(replay(m.tag, (const char *[]){"--ply", "0", path, NULL}),
                 0);
    cr_assert_null(strstr(out, "lost by its fault"), "%s", out);
    record_release(&r);
    mrun_finish(&m);
}

Test(replay_cmd, ply_past_the_end_is_refused, .timeout = 60)
{
    mrun m;
    record r;
    char path[512], n[16], past[16];
    play_fault(&m, &r, path, sizeof path);
    snprintf(n, sizeof n, "%zu", r.nmoves);
    snprintf(past, sizeof past, "%zu", r.nmoves + 1);
    cr_assert_eq(replay(m.tag, (const char *[]){"--ply", n, path, NULL}), 0,
                 "%s", out);
    cr_assert_eq(replay(m.tag, (const char *[]){"--ply", past, path, NULL}),
                 2, "%s", out);
    char want[1024];
    snprintf(want, sizeof want, "--ply %s is past the end of %s: it has %s "
                                "moves",
             past, path, n);
    cr_assert_not_null(strstr(out, want), "%s", out);
    cr_assert_null(strstr(out, "position: "), "%s", out);
    record_release(&r);
    mrun_finish(&m);
}

/* The position line under --ply 1 is one perft counts from: after one
 * Pentago move 35 cells are empty, 8 rotations each, and no single
 * placement makes five. */
Test(replay_cmd, ply_position_line_is_taken_by_perft, .timeout = 60)
{
    mrun m;
    record r;
    char path[512], line[1024];
    play_fault(&m, &r, path, sizeof path);
    cr_assert_eq(replay(m.tag, (const char *[]){"--ply", "1", path, NULL}), 0,
                 "%s", out);
    cr_assert_eq(strncmp(out, "1. white (seat 0) ", 18), 0, "%s", out);
    last_position(out, line, sizeof line);
    char *argv[] = {RUN_REFEREE, "perft", "--pos", line, "1", NULL};
    cr_assert_eq(run_cmd(argv, m.tag, out, sizeof out), 0, "%s: %s", line,
                 out);
    cr_assert_str_eq(out, "280\n", "perft --pos '%s'", line);
    record_release(&r);
    mrun_finish(&m);
}

/* ---- plain move lists --------------------------------------------------- */

/* White fills row 1 (a1-d1 in quadrant 1, then d1 and e1 in quadrant 2)
 * while black fills the start of row 6 and a5, every rotation turning the
 * empty quadrant 4: e1 makes five by placement with white's 5th marble,
 * so white wins 18 - 5 = 13 win points. */
static const char pentago_win[] =
    "# a finished game\n"
    "a1 4R, a6 4R\n"
    "b1 4R,b6 4R,  c1 4R\n"
    "\n"
    "c6 4R\n"
    "d1 4R , a5 4R # black has three in row 6\n"
    "e1\n";

Test(replay_cmd, move_list_finished_game_by_hand)
{
    char dir[64], path[128];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/win.txt", dir);
    write_file(path, pentago_win);
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--quiet", "--moves", path, NULL}),
                 0, "%s", out);
    cr_assert_str_eq(out, "moves: 9 played\n"
                          "result: seat 0 (white) win, seat 1 (black) loss\n"
                          "reason: five-by-placement\n"
                          "win points: seat 0 13, seat 1 0\n"
                          "position: wwwww./....../....../....../b...../"
                          "bbb... b\n");
    /* the boards: one a ply, the last one the final position */
    cr_assert_eq(replay("replay_cmd", (const char *[]){"--moves", path, NULL}),
                 0, "%s", out);
    cr_assert_not_null(strstr(out, "9. white (seat 0) e1\n"), "%s", out);
    cr_assert_not_null(strstr(out, "\nwhite wins"), "%s", out);
    /* one more move: the game was over */
    char more[512];
    snprintf(more, sizeof more, "%sa2 1R\n", pentago_win);
    write_file(path, more);
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--quiet", "--moves", path, NULL}),
                 1, "%s", out);
    char want[512];
    snprintf(want, sizeof want, "%s:8: move 10 'a2 1R': the game is already "
                                "over (five-by-placement)",
             path);
    cr_assert_not_null(strstr(out, want), "%s", out);
    run_rmtree(dir);
}

/* Issue 27's three Pente Plus games through the command a user types:
 * a power stone captured before another one does not shift the list. */
Test(replay_cmd, pente_plus_power_stone_captures_decide_fives_right)
{
    static const char *const games[3][2] = {
        {"K10,F5,J6,G5,J7*,H5,A19,K5*,A17,J8,A15,J5/w\n",
         "result: seat 0 (white) loss, seat 1 (black) win\n"
         "reason: five-in-a-row\n"},
        {"K10,K5,G4,K6*,H4,L4*,J4,A1,K7,A3,B19* K4/b\n",
         "result: seat 0 (white) win, seat 1 (black) loss\n"
         "reason: five-in-a-row\n"},
        {"K10,K5,G4,K6*,H4,L4*,J4,A1,K7,A3,T6*,A5,K4/bwb\n",
         "result: none: the game goes on, seat 1 (black) to move\n"
         "reason: none\n"},
    };
    char dir[64], path[128];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/plus.txt", dir);
    for (int i = 0; i < 3; i++) {
        write_file(path, games[i][0]);
        cr_assert_eq(replay("replay_cmd",
                            (const char *[]){"--game", "pente", "--variant",
                                             "plus", "--quiet", "--moves",
                                             path, NULL}),
                     0, "%s", out);
        cr_assert_not_null(strstr(out, games[i][1]), "game %d:\n%s", i + 1,
                           out);
    }
    run_rmtree(dir);
}

Test(replay_cmd, move_list_stops_at_the_illegal_move)
{
    char dir[64], path[128], want[256];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/bad.txt", dir);
    /* move 4, on line 2: b6 is taken; then a move that is not Pentago */
    write_file(path, "a1 4R, a6 4R\nb1 4R, a6 1L, c1 4R\n");
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--quiet", "--moves", path, NULL}),
                 1, "%s", out);
    snprintf(want, sizeof want, "%s:2: move 4 'a6 1L' is not legal: cell a6 "
                                "is occupied by black\n",
             path);
    cr_assert_not_null(strstr(out, want), "%s", out);
    /* where it stopped: the position before move 4 */
    cr_assert_not_null(strstr(out, "moves: 3 played\nposition: "
                                   "ww..../....../....../....../....../"
                                   "b..... b\n"),
                       "%s", out);
    cr_assert_null(strstr(out, "result:"), "%s", out);

    write_file(path, "a1 4R\n\n  zz9 9X\n");
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--quiet", "--moves", path, NULL}),
                 1, "%s", out);
    snprintf(want, sizeof want, "%s:3: move 2 'zz9 9X' is not legal: ", path);
    cr_assert_not_null(strstr(out, want), "%s", out);
    run_rmtree(dir);
}

/* The Pente Plus excerpt of PROTOCOL.md section 9, from stdin: its position
 * line after black's L14* /w D4, and perft counts from it. */
Test(replay_cmd, move_list_from_stdin_gives_position_for_perft)
{
    char *argv[] = {"/bin/sh", "-c",
                    "printf 'K10, L11, K14, M10\\nl12*, J9, L13, l14*/w d4\\n"
                    "' | " RUN_REFEREE " replay --game pente --variant plus "
                    "--ply 8 --moves -",
                    NULL};
    cr_assert_eq(run_cmd(argv, "replay_cmd", out, sizeof out), 0, "%s", out);
    const char *line = "19/19/19/19/19/9wp8/19/19/10b8/9w1b7/8b10/19/19/19/"
                       "19/3b15/19/19/19 w 8 0,2 1,1";
    cr_assert_not_null(strstr(out, "8. black (seat 1) L14*/w D4\n"), "%s",
                       out);
    char got[1024];
    last_position(out, got, sizeof got);
    cr_assert_str_eq(got, line);
    cr_assert_not_null(strstr(out, "result: none: the game goes on, seat 0 "
                                   "(white) to move\nreason: none\n"),
                       "%s", out);
    /* 354 empty points: a plain and a power stone on each */
    char *perft[] = {RUN_REFEREE, "perft", "--game", "pente", "--variant",
                     "plus", "--pos", (char *)line, "1", NULL};
    cr_assert_eq(run_cmd(perft, "replay_cmd", out, sizeof out), 0, "%s", out);
    cr_assert_str_eq(out, "708\n");
}

Test(replay_cmd, usage_errors)
{
    char dir[64], path[128];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/l.txt", dir);
    write_file(path, "K10\n");
    /* a ply past the list's end */
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--game", "pente", "--ply", "2",
                                         "--moves", path, NULL}),
                 2, "%s", out);
    cr_assert_not_null(strstr(out, "--ply 2 is past the end"), "%s", out);
    /* --game belongs to --moves */
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--game", "pente", path, NULL}),
                 2, "%s", out);
    cr_assert_eq(replay("replay_cmd",
                        (const char *[]){"--game", "chess", "--moves", path,
                                         NULL}),
                 2, "%s", out);
    cr_assert_not_null(strstr(out, "unknown game 'chess'"), "%s", out);
    /* a list that cannot be read */
    char missing[160];
    snprintf(missing, sizeof missing, "%s/none.txt", dir);
    cr_assert_eq(replay("replay_cmd", (const char *[]){"--moves", missing,
                                                       NULL}),
                 1, "%s", out);
    cr_assert_not_null(strstr(out, missing), "%s", out);
    run_rmtree(dir);
}

Test(replay_cmd, help_lists_every_game)
{
    cr_assert_eq(replay("replay_cmd", (const char *[]){"--help", NULL}), 0);
    cr_assert_not_null(strstr(out, "--moves LIST"), "%s", out);
    cr_assert_not_null(strstr(out, "games (--game)"), "%s", out);
    cr_assert_not_null(strstr(out, "partner (4 seats)"), "%s", out);
    cr_assert_not_null(strstr(out, "diamonds="), "%s", out);
}
