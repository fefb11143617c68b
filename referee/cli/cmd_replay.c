/*
 * cmd_replay.c - `referee replay FILE`: re-check every move of a record
 * against the rules and the recorded result (replay.h), showing the board
 * and position line after each move or at one ply, and at the end the
 * detail of a fault that ended the game.  Exits 1 naming the record and
 * the ply where it disagrees, or the line and field where it is malformed.
 *
 * `referee replay RECORD --html OUT.html`: the same check, then the game's
 * viewer page (html_game.h), written only when the record agrees.
 *
 * `referee replay --game G --moves LIST`: play a plain list of moves
 * (movelist.h) and print the result, reason, win points and final
 * position line, or the first move the rules refuse and why (exit 1).
 */
#include "commands.h"
#include "record/record.h"
#include "replay/movelist.h"
#include "replay/replay.h"
#include "view/html_game.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    long ply; /* -1: every ply; -2: none */
    bool accept_undigested; /* take a record without a digest */
    const char *html;       /* write the viewer page here, or NULL */
} replay_view;

static void replay_usage(FILE *out)
{
    fprintf(out,
"usage: referee replay [--ply N | --quiet] [--accept-undigested] RECORD\n"
"       referee replay [--accept-undigested] RECORD --html OUT.html\n"
"       referee replay [--game G] [--variant V] [--options O]\n"
"                      [--ply N | --quiet] --moves LIST\n"
"\n"
"Re-checks a match record against the rules: whose turn each move was, that\n"
"it is legal and written canonically, and that the recorded result, reason,\n"
"win points and final position follow from the moves, that every move's\n"
"time and bank left are possible under the time control, and that the\n"
"record's digest (its last line) still matches its content: an edit that\n"
"keeps to the rules is caught too.  A game lost by a fault ends with the\n"
"fault's detail.  With --moves, plays a plain list of moves from the start\n"
"instead and prints the result, reason, win points and final position\n"
"line, or the first move the rules refuse and why.\n"
"\n"
"With --html, once the record agrees, writes one self-contained page that\n"
"shows the game move by move in a browser, opened from disk (nothing is\n"
"fetched): the board of every ply as the rules engine computes it now,\n"
"buttons, arrow keys and a player at a chosen speed, every move with its\n"
"time, the bank left and the bot's comments, the result with its reason\n"
"and a fault's detail; turns of a block shown turning, Pente captures\n"
"marked and counted, the puzzle's pattern beside the board.  OUT.html#ply=N\n"
"opens it at ply N.\n"
"\n"
"  --ply N       show only the board after ply N (0 = the start); a ply\n"
"                past the last move is an error\n"
"  --quiet       show no board, only the check (or the list's result)\n"
"  --html OUT    write the viewer page of the record to OUT (replaced\n"
"                whole); no board is printed\n"
"  --accept-undigested\n"
"                take a record that has no digest (written before records\n"
"                carried one); without it, such a record is refused, since\n"
"                an edit to it cannot be detected\n"
"  --moves LIST  the file of a plain list of moves (- for stdin): moves in\n"
"                the game's notation, one a line or several on a line\n"
"                separated by commas; blanks around a move, blank lines and\n"
"                everything from a '#' to the end of its line are skipped\n"
"  --game G, --variant V, --options O\n"
"                the list's game (default pentago) and rule set (below); a\n"
"                record names its own\n"
"\n"
"Every board shown is followed by its position line ('position: ...'),\n"
"which `referee perft --pos` takes.\n"
"exit status: 0 the record agrees, or every move of the list is legal;\n"
"1 the record disagrees or cannot be read, a move of the list is\n"
"refused (the file, line, move number, text and reason on stderr), or\n"
"the page cannot be written;\n"
"2 a usage error (a ply past the end included)\n");
    cli_games_usage(out);
}

/* The board for people, then the position line for programs. */
static void replay_board(const rules_game *g, const rules_pos *pos)
{
    char board[RULES_BOARD_TEXT_MAX], line[RULES_POS_TEXT_MAX];
    rules_render(g, pos, board, sizeof board);
    rules_pos_write(g, pos, line, sizeof line);
    printf("%sposition: %s\n\n", board, line);
}

static void replay_print(const rules_game *g, const rules_pos *pos,
                         const record *r, size_t ply, void *arg)
{
    const replay_view *v = arg;
    if (v->ply == -2 || (v->ply >= 0 && (size_t)v->ply != ply))
        return;
    if (ply > 0) {
        const record_move *m = &r->moves[ply - 1];
        if (ply <= r->opening_plies)
            printf("%zu. %s (seat %d) %s  [opening]\n", ply,
                   rules_seat_colour(g, m->seat), m->seat, m->text);
        else
            printf("%zu. %s (seat %d) %s  [%ld ms]\n", ply,
                   rules_seat_colour(g, m->seat), m->seat, m->text, m->ms);
        /* A bot's comments are its own bytes: quoted, so that none can
         * drive the terminal. */
        static char q[4 * 4096 + 1];
        for (size_t c = 0; c < m->ncomments; c++)
            printf("   # %s\n", rules_quote(m->comments[c], 4096, q,
                                              sizeof q));
    } else {
        printf("start\n");
    }
    replay_board(g, pos);
}

/* A record's detail for the terminal: the referee wrote it with a bot's
 * bytes already quoted, but the file may have been edited since, so any
 * byte that is not printable ASCII is shown as \xNN. */
static void replay_print_clean(const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f)
            putchar(c);
        else
            printf("\\x%02x", c);
    }
}

/* What ended a game by a fault (or made it void), after its last board. */
static void replay_print_fault(const record *r, const replay_view *v)
{
    bool last = v->ply < 0 || (size_t)v->ply == r->nmoves;
    bool fault = r->reason && record_is_fault(r->reason);
    bool is_void = r->status && !strcmp(r->status, "void");
    if (!last || (!fault && !is_void))
        return;
    if (fault && r->fault_seat >= 0 && r->fault_seat < r->nplayers)
        printf("seat %d (%s) lost by its fault: %s", r->fault_seat,
               r->players[r->fault_seat].colour
                   ? r->players[r->fault_seat].colour
                   : "?",
               r->reason);
    else
        printf("the game is void, no bot's fault");
    if (r->detail && *r->detail) {
        printf(": ");
        replay_print_clean(r->detail);
    }
    printf("\n");
    if (v->ply != -1 || !r->nfault_comments)
        return;
    static char q[4 * 4096 + 1];
    printf("seat %d, in the turn it lost by its fault (%s):\n", r->fault_seat,
           r->reason);
    for (size_t i = 0; i < r->nfault_comments; i++)
        printf("   # %s\n", rules_quote(r->fault_comments[i], 4096, q,
                                        sizeof q));
}

static int replay_record(const char *file, replay_view *view)
{
    record rec;
    char err[1024];
    if (record_read(file, &rec, err, sizeof err) != 0) {
        fprintf(stderr, "referee replay: %s\n", err);
        return 1;
    }
    if (view->ply > (long)rec.nmoves) {
        fprintf(stderr, "referee replay: --ply %ld is past the end of %s: "
                        "it has %zu moves (plies 0-%zu)\n",
                view->ply, file, rec.nmoves, rec.nmoves);
        record_release(&rec);
        return EXIT_USAGE;
    }
    int rc = replay_check(&rec, file, replay_print, view, err, sizeof err);
    if (rc == 0 && record_digest_check(&rec, file, view->accept_undigested,
                                       err, sizeof err) != 0)
        rc = 1;
    if (rc == 0 && view->html &&
        html_game_write(&rec, view->html, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "referee replay: cannot write the page: %s\n", err);
        record_release(&rec);
        return 1;
    }
    if (rc == 0) {
        replay_print_fault(&rec, view);
        printf("%s: %zu moves replayed; the result agrees: %s (%s)\n", file,
               rec.nmoves, rec.status, rec.reason);
        if (view->html)
            printf("page: %s\n", view->html);
    } else {
        fprintf(stderr, "%s\n", err);
    }
    record_release(&rec);
    return rc;
}

/* ---- a plain list of moves ------------------------------------------- */

static void replay_list_print(const rules_game *g, const rules_pos *pos,
                              size_t ply, const rules_move *move, int seat,
                              void *arg)
{
    const replay_view *v = arg;
    if (v->ply == -2 || (v->ply >= 0 && (size_t)v->ply != ply))
        return;
    if (move) {
        char text[RULES_MOVE_TEXT_MAX];
        rules_format_move(g, move, text, sizeof text);
        printf("%zu. %s (seat %d) %s\n", ply, rules_seat_colour(g, seat),
               seat, text);
    } else {
        printf("start\n");
    }
    replay_board(g, pos);
}

/* The result of the game the list played: every seat's result and win
 * points, the reason, the final position line. */
static void replay_list_result(const rules_game *g, const rules_pos *pos,
                               size_t played)
{
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    printf("moves: %zu played\nresult: ", played);
    if (!o.over) {
        int s = rules_to_move(g, pos);
        printf("none: the game goes on, seat %d (%s) to move\n", s,
               rules_seat_colour(g, s));
    }
    for (int s = 0; o.over && s < rules_seats(g); s++)
        printf("%sseat %d (%s) %s", s ? ", " : "", s, rules_seat_colour(g, s),
               rules_result_name(o.result[s]));
    printf("%sreason: %s\nwin points: ", o.over ? "\n" : "",
           o.over ? rules_end_name(o.reason) : "none");
    for (int s = 0; s < rules_seats(g); s++)
        printf("%sseat %d %d", s ? ", " : "", s, o.win_points[s]);
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    printf("\nposition: %s\n", line);
}

static int replay_list(const char *path, const char *game,
                       const char *variant, const char *options,
                       replay_view *view)
{
    char err[1024];
    rules_game *g = rules_game_new(game, variant, options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "referee replay: %s\n", err);
        return EXIT_USAGE;
    }
    movelist ml;
    if (movelist_read(path, &ml, err, sizeof err) != 0) {
        fprintf(stderr, "referee replay: %s\n", err);
        rules_game_free(g);
        return 1;
    }
    int rc = 0;
    if (view->ply > (long)ml.count) {
        fprintf(stderr, "referee replay: --ply %ld is past the end of %s: "
                        "it has %zu moves (plies 0-%zu)\n",
                view->ply, ml.name, ml.count, ml.count);
        rc = EXIT_USAGE;
    } else {
        rules_pos pos;
        size_t played;
        rc = movelist_play(g, &ml, &pos, &played, replay_list_print, view,
                           err, sizeof err);
        if (rc == 0) {
            replay_list_result(g, &pos, played);
        } else {
            char line[RULES_POS_TEXT_MAX];
            rules_pos_write(g, &pos, line, sizeof line);
            printf("moves: %zu played\nposition: %s\n", played, line);
            fprintf(stderr, "%s\n", err);
        }
    }
    movelist_release(&ml);
    rules_game_free(g);
    return rc;
}

int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = {
        {"ply", required_argument, 0, 'p'},
        {"quiet", no_argument, 0, 'q'},
        {"moves", required_argument, 0, 'm'},
        {"game", required_argument, 0, 'g'},
        {"variant", required_argument, 0, 'v'},
        {"options", required_argument, 0, 'o'},
        {"accept-undigested", no_argument, 0, 'u'},
        {"html", required_argument, 0, 'H'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    replay_view view = {.ply = -1};
    const char *moves = NULL, *game = NULL, *variant = NULL, *options = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "p:qm:g:v:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'p':
            if (!cli_number(optarg, 0, 1000000, &view.ply)) {
                fprintf(stderr, "referee replay: --ply '%s': expected a "
                                "ply number >= 0\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'q': view.ply = -2; break;
        case 'm': moves = optarg; break;
        case 'g': game = optarg; break;
        case 'v': variant = optarg; break;
        case 'o': options = optarg; break;
        case 'u': view.accept_undigested = true; break;
        case 'H': view.html = optarg; break;
        case 'h': replay_usage(stdout); return 0;
        default:
            fprintf(stderr, "(referee replay --help for the options)\n");
            return EXIT_USAGE;
        }
    }
    if (view.html && (moves || view.ply >= 0)) {
        fprintf(stderr, "referee replay: --html goes with a record and "
                        "without --ply (open OUT.html#ply=N instead)\n");
        return EXIT_USAGE;
    }
    if (view.html)
        view.ply = -2;
    if (moves) {
        if (argc != optind) {
            fprintf(stderr, "referee replay: --moves takes no record "
                            "(referee replay --help)\n");
            return EXIT_USAGE;
        }
        return replay_list(moves, game ? game : "pentago", variant, options,
                           &view);
    }
    if (game || variant || options) {
        fprintf(stderr, "referee replay: --game, --variant and --options go "
                        "with --moves; a record names its own game\n");
        return EXIT_USAGE;
    }
    if (argc - optind != 1) {
        fprintf(stderr, "usage: referee replay [--ply N | --quiet] "
                        "[--accept-undigested] RECORD\n"
                        "(referee replay --help for the options)\n");
        return EXIT_USAGE;
    }
    return replay_record(argv[optind], &view);
}
