/*
 * cmd_demo.c - `referee demo`: a seeded random game, rendered move by move.
 */
#include "commands.h"
#include "rules.h"
#include "util/rng.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int cmd_demo(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seed", required_argument, 0, 's'},
        {"variant", required_argument, 0, 'v'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    uint64_t seed = 1;
    const char *variant = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:v:h", opts, NULL)) != -1) {
        switch (c) {
        case 's': seed = strtoull(optarg, NULL, 10); break;
        case 'v': variant = optarg; break;
        case 'h':
            printf("usage: referee demo [--seed N] [--variant V]\n"
                   "  a seeded random game of pentago, every move shown "
                   "(pentago's variants below)\n");
            cli_games_usage(stdout);
            return 0;
        default: return EXIT_USAGE;
        }
    }
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new("pentago", variant, NULL, err, sizeof err);
    if (!g) {
        fprintf(stderr, "referee demo: %s\n", err);
        return EXIT_USAGE;
    }
    rng r;
    rng_seed(&r, seed);
    rules_pos pos;
    rules_start(g, &pos);
    static rules_move moves[RULES_MAX_MOVES];
    char board[RULES_BOARD_TEXT_MAX], text[RULES_MOVE_TEXT_MAX];
    printf("pentago (%s), seed %" PRIu64 "\n\n", rules_variant_name(g), seed);
    size_t n;
    while ((n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES)) > 0) {
        const rules_move *m = &moves[rng_below(&r, (uint32_t)n)];
        rules_format_move(g, m, text, sizeof text);
        printf("%d. %s plays %s\n", rules_ply(g, &pos) + 1,
               rules_seat_colour(g, rules_to_move(g, &pos)), text);
        rules_apply(g, &pos, m);
        rules_render(g, &pos, board, sizeof board);
        printf("%s\n", board);
    }
    rules_game_free(g);
    return 0;
}
