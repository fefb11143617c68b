/*
 * cmd_replay.c - `referee replay FILE`: re-check every move of a record
 * against the rules and the recorded result (replay.h), showing the board
 * after each move or at one ply.  Exits 1 naming the record and the ply
 * where it disagrees, or the line and field where it is malformed.
 */
#include "commands.h"
#include "record/record.h"
#include "replay/replay.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    long ply; /* -1: every ply; -2: none */
} replay_view;

static void replay_print(const rules_game *g, const rules_pos *pos,
                         const record *r, size_t ply, void *arg)
{
    const replay_view *v = arg;
    if (v->ply == -2 || (v->ply >= 0 && (size_t)v->ply != ply))
        return;
    char board[RULES_BOARD_TEXT_MAX];
    rules_render(g, pos, board, sizeof board);
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
    printf("%s\n", board);
}

int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = {
        {"ply", required_argument, 0, 'p'},
        {"quiet", no_argument, 0, 'q'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    replay_view view = {.ply = -1};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "p:qh", opts, NULL)) != -1) {
        char *end;
        switch (c) {
        case 'p':
            view.ply = strtol(optarg, &end, 10);
            if (*end || view.ply < 0) {
                fprintf(stderr, "referee replay: --ply '%s': expected a "
                                "ply number >= 0\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'q': view.ply = -2; break;
        case 'h':
            printf("usage: referee replay [--ply N | --quiet] FILE\n");
            return 0;
        default: return EXIT_USAGE;
        }
    }
    if (argc - optind != 1) {
        fprintf(stderr, "usage: referee replay [--ply N | --quiet] FILE\n");
        return EXIT_USAGE;
    }
    const char *file = argv[optind];
    record rec;
    char err[1024];
    if (record_read(file, &rec, err, sizeof err) != 0) {
        fprintf(stderr, "referee replay: %s\n", err);
        return 1;
    }
    int rc = replay_check(&rec, file, replay_print, &view, err, sizeof err);
    if (rc == 0 && view.ply == -1 && rec.nfault_comments) {
        static char q[4 * 4096 + 1];
        printf("seat %d, in the turn it lost by its fault (%s):\n",
               rec.fault_seat, rec.reason);
        for (size_t i = 0; i < rec.nfault_comments; i++)
            printf("   # %s\n", rules_quote(rec.fault_comments[i], 4096, q,
                                            sizeof q));
    }
    if (rc == 0)
        printf("%s: %zu moves replayed; the result agrees: %s (%s)\n", file,
               rec.nmoves, rec.status, rec.reason);
    else
        fprintf(stderr, "%s\n", err);
    record_release(&rec);
    return rc;
}
