/*
 * cmd_perft.c - `referee perft`: the number of move sequences of a given
 * depth from a position, optionally broken down by first move, as chess
 * engines' perft, so that bot authors can check their move generators.
 */
#include "commands.h"
#include "rules.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static void perft_usage(FILE *out)
{
    fprintf(out,
            "usage: referee perft [--game G] [--variant V] [--options O]\n"
            "                     [--pos LINE] [--divide] DEPTH\n"
            "  --game G      game (default pentago; known: %s)\n"
            "  --variant V   rule set (pentago: swiss-2010, standard)\n"
            "  --pos LINE    start from this position line (default: start)\n"
            "  --divide      print the count under each first move\n",
            rules_games_list());
}

static int perft_divide(const rules_game *g, const rules_pos *pos, int depth)
{
    static rules_move moves[RULES_MAX_MOVES];
    size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        rules_pos child = *pos;
        rules_apply(g, &child, &moves[i]);
        uint64_t c = rules_perft(g, &child, depth - 1);
        char text[RULES_MOVE_TEXT_MAX];
        rules_format_move(g, &moves[i], text, sizeof text);
        printf("%s: %" PRIu64 "\n", text, c);
        total += c;
    }
    printf("total: %" PRIu64 "\n", total);
    return 0;
}

int cmd_perft(int argc, char **argv)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, 'g'},
        {"variant", required_argument, 0, 'v'},
        {"options", required_argument, 0, 'o'},
        {"pos", required_argument, 0, 'p'},
        {"divide", no_argument, 0, 'd'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    const char *game = "pentago", *variant = NULL, *options = NULL;
    const char *line = NULL;
    int divide = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "g:v:o:p:dh", opts, NULL)) != -1) {
        switch (c) {
        case 'g': game = optarg; break;
        case 'v': variant = optarg; break;
        case 'o': options = optarg; break;
        case 'p': line = optarg; break;
        case 'd': divide = 1; break;
        case 'h': perft_usage(stdout); return 0;
        default: perft_usage(stderr); return EXIT_USAGE;
        }
    }
    char *end = NULL;
    long depth = optind == argc - 1 ? strtol(argv[optind], &end, 10) : -1;
    if (depth < 0 || depth > 64 || !end || *end) {
        fprintf(stderr, "referee perft: give one DEPTH, a number 0-64\n");
        perft_usage(stderr);
        return EXIT_USAGE;
    }
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(game, variant, options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "referee perft: %s\n", err);
        return EXIT_USAGE;
    }
    rules_pos pos;
    rules_start(g, &pos);
    if (line && rules_pos_read(g, line, &pos, err, sizeof err) != RULES_OK) {
        fprintf(stderr, "referee perft: --pos '%s': %s\n", line, err);
        rules_game_free(g);
        return EXIT_USAGE;
    }
    if (divide && depth > 0)
        perft_divide(g, &pos, (int)depth);
    else
        printf("%" PRIu64 "\n", rules_perft(g, &pos, (int)depth));
    rules_game_free(g);
    return 0;
}
