/*
 * cmd_replay.c - `referee replay FILE`: re-check every move of a record
 * against the rules and the recorded result, showing the board after each
 * move (or at one ply).  Exits 1 naming the record and the ply where it
 * disagrees, or the line and field where it is malformed.
 */
#include "commands.h"
#include "record/record.h"
#include "rules.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const replay_faults[] = {
    "timeout", "illegal-move", "malformed-line", "out-of-turn", "exited",
    "killed", "closed-output", "failed-to-start", "handshake",
};

static bool replay_is_fault(const char *reason)
{
    for (size_t i = 0; i < sizeof replay_faults / sizeof *replay_faults; i++)
        if (!strcmp(reason, replay_faults[i]))
            return true;
    return false;
}

typedef struct {
    const char *file;
    const record *rec;
    rules_game *game;
    rules_pos pos;
    long show_ply; /* -1: every ply; -2: none */
} replay;

static void replay_show(replay *rp, size_t ply)
{
    if (rp->show_ply == -2 || (rp->show_ply >= 0 && (size_t)rp->show_ply != ply))
        return;
    char board[RULES_BOARD_TEXT_MAX];
    rules_render(rp->game, &rp->pos, board, sizeof board);
    if (ply > 0) {
        const record_move *m = &rp->rec->moves[ply - 1];
        printf("%zu. %s (seat %d) %s  [%ld ms]\n", ply,
               rules_seat_colour(rp->game, m->seat), m->seat, m->text, m->ms);
        for (size_t c = 0; c < m->ncomments; c++)
            printf("   # %s\n", m->comments[c]);
    } else {
        printf("start\n");
    }
    printf("%s\n", board);
}

static int replay_moves(replay *rp)
{
    const record *r = rp->rec;
    char why[RULES_REASON_MAX], canon[RULES_MOVE_TEXT_MAX];
    replay_show(rp, 0);
    for (size_t i = 0; i < r->nmoves; i++) {
        const record_move *m = &r->moves[i];
        rules_outcome_t o;
        rules_outcome(rp->game, &rp->pos, &o);
        if (o.over) {
            fprintf(stderr, "%s: ply %zu: the game was already over (%s)\n",
                    rp->file, i + 1, rules_end_name(o.reason));
            return 1;
        }
        int to_move = rules_to_move(rp->game, &rp->pos);
        if (m->seat != to_move) {
            fprintf(stderr, "%s: ply %zu: seat %d moved but seat %d was to "
                            "move\n", rp->file, i + 1, m->seat, to_move);
            return 1;
        }
        rules_move mv;
        if (rules_parse_move(rp->game, &rp->pos, m->text, &mv, why,
                             sizeof why) != RULES_OK) {
            fprintf(stderr, "%s: ply %zu: move '%s' is not legal: %s\n",
                    rp->file, i + 1, m->text, why);
            return 1;
        }
        rules_format_move(rp->game, &mv, canon, sizeof canon);
        if (strcmp(canon, m->text) != 0) {
            fprintf(stderr, "%s: ply %zu: move '%s' is not written in "
                            "canonical form '%s'\n", rp->file, i + 1,
                    m->text, canon);
            return 1;
        }
        rules_apply(rp->game, &rp->pos, &mv);
        replay_show(rp, i + 1);
    }
    return 0;
}

static int replay_check_seats(replay *rp, const rules_outcome_t *o, bool fault)
{
    const record *r = rp->rec;
    int fteam = fault ? rules_seat_team(rp->game, r->fault_seat) : -1;
    for (int s = 0; s < r->nplayers; s++) {
        const record_player *p = &r->players[s];
        const char *want;
        int wp = 0;
        if (fault) {
            want = rules_seat_team(rp->game, s) == fteam ? "loss" : "win";
        } else {
            want = rules_result_name(o->result[s]);
            wp = o->win_points[s];
        }
        if (!p->result || strcmp(p->result, want) != 0) {
            fprintf(stderr, "%s: result: seat %d is recorded as '%s' but the "
                            "moves give '%s'\n", rp->file, s,
                    p->result ? p->result : "none", want);
            return 1;
        }
        if (p->win_points != wp) {
            fprintf(stderr, "%s: result: seat %d has %d win points recorded, "
                            "the moves give %d\n", rp->file, s,
                    p->win_points, wp);
            return 1;
        }
    }
    return 0;
}

static int replay_check_result(replay *rp)
{
    const record *r = rp->rec;
    rules_outcome_t o;
    rules_outcome(rp->game, &rp->pos, &o);
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(rp->game, &rp->pos, line, sizeof line);
    if (r->final_position && strcmp(line, r->final_position) != 0) {
        fprintf(stderr, "%s: final_position: recorded '%s', the moves give "
                        "'%s'\n", rp->file, r->final_position, line);
        return 1;
    }
    if (!r->status || !r->reason) {
        fprintf(stderr, "%s: result: status and reason are required\n",
                rp->file);
        return 1;
    }
    if (!strcmp(r->status, "void"))
        return 0;
    bool fault = replay_is_fault(r->reason);
    if (fault) {
        if (o.over) {
            fprintf(stderr, "%s: result: recorded as %s, but the game was "
                            "over by the rules (%s)\n", rp->file, r->reason,
                    rules_end_name(o.reason));
            return 1;
        }
        if (r->fault_seat < 0 || r->fault_seat >= r->nplayers) {
            fprintf(stderr, "%s: result: fault '%s' without a valid "
                            "fault_seat\n", rp->file, r->reason);
            return 1;
        }
        bool on_move = !strcmp(r->reason, "timeout") ||
                       !strcmp(r->reason, "illegal-move");
        if (on_move && r->fault_seat != rules_to_move(rp->game, &rp->pos)) {
            fprintf(stderr, "%s: result: seat %d is blamed for '%s' but "
                            "seat %d was to move\n", rp->file, r->fault_seat,
                    r->reason, rules_to_move(rp->game, &rp->pos));
            return 1;
        }
    } else if (!o.over || strcmp(rules_end_name(o.reason), r->reason) != 0) {
        fprintf(stderr, "%s: result: recorded reason '%s', the moves give "
                        "'%s'\n", rp->file, r->reason,
                o.over ? rules_end_name(o.reason) : "a game still going");
        return 1;
    }
    return replay_check_seats(rp, &o, fault);
}

int cmd_replay(int argc, char **argv)
{
    static const struct option opts[] = {
        {"ply", required_argument, 0, 'p'},
        {"quiet", no_argument, 0, 'q'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    long show = -1;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "p:qh", opts, NULL)) != -1) {
        char *end;
        switch (c) {
        case 'p':
            show = strtol(optarg, &end, 10);
            if (*end || show < 0) {
                fprintf(stderr, "referee replay: --ply '%s': expected a "
                                "ply number >= 0\n", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'q': show = -2; break;
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
    replay rp = {.file = argv[optind], .show_ply = show};
    record rec;
    char err[1024];
    if (record_read(rp.file, &rec, err, sizeof err) != 0) {
        fprintf(stderr, "referee replay: %s\n", err);
        return 1;
    }
    rp.rec = &rec;
    rp.game = rules_game_new(rec.game, rec.variant, rec.options, err,
                             sizeof err);
    int rc = 1;
    if (!rp.game) {
        fprintf(stderr, "%s: game: %s\n", rp.file, err);
    } else {
        rules_start(rp.game, &rp.pos);
        rc = replay_moves(&rp);
        if (rc == 0)
            rc = replay_check_result(&rp);
        if (rc == 0)
            printf("%s: %zu moves replayed; the result agrees: %s (%s)\n",
                   rp.file, rec.nmoves, rec.status, rec.reason);
    }
    rules_game_free(rp.game);
    record_release(&rec);
    return rc;
}
