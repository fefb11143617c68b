/*
 * cmd_perft.c - `referee perft`: the number of move sequences of a given
 * depth from a position, optionally broken down by first move, as chess
 * engines' perft, so that bot authors can check their move generators.
 * Two ways to count a move (--count): the moves the rules engine lists
 * (rules_perft), or every distinct move text (rules_perft_texts), which
 * differ in Pente Plus.
 */
#include "commands.h"
#include "rules.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { PERFT_SIMPLE = 0, PERFT_TEXTS } perft_mode;

/* What a position line of each game holds; the start lines are printed
 * beside it from the engines themselves. */
static const struct {
    const char *game, *text;
} perft_pos_help[] = {
    {"pentago",
     "six rows of six cells, row 1 first, separated by '/': '.' empty,\n"
     "'w' white, 'b' black; then a blank and the colour to move (w or b).\n"
     "The marbles' count must fit the colour to move.\n"},
    {"pente",
     "the 19 rows from row 19 down to row 1, separated by '/'; in each\n"
     "row, from A to T, a number 1-19 for a run of empty points, 'w'\n"
     "white, 'b' black, 'r' red and 'u' blue (team), 'p' a power stone\n"
     "(plus); then, each after a blank: the colour to move, the plies\n"
     "played (they decide the seat to move and the opening rule), the\n"
     "stones captured by team 0 and by team 1 ('c0,c1'), and in plus the\n"
     "power stones in hand of white and black ('p0,p1').\n"},
    {"pentago-multi",
     "nine rows of nine cells, row 1 first, separated by '/': '.' empty,\n"
     "'w' white, 'b' black, 'r' red, 'u' blue (the variant's colours);\n"
     "then, each after a blank: the seat to move (from 0), and every\n"
     "seat's place, seat 0 first, separated by ',' (0 while the seat is\n"
     "still in; in team play partners have their team's place).\n"},
    {"pentago-puzzle",
     "the board as nine rows of nine cells, row 1 first, separated by '/'\n"
     "('.' empty, 'w' white, 'b' black, 'r' red, 'u' blue); then, each\n"
     "after a blank: the level k; the seat to move; its role, b (breaks)\n"
     "or m (mends); its turn 1-k in this mend; the seat whose mend it is;\n"
     "one character per seat: + in, x in but failed in this round, 1-4\n"
     "out with that place; the gems handed back to the mender (w b r u\n"
     "letters, - for none); the replays of the level so far.  Once the\n"
     "contest is over every seat has its place and the turn fields are -.\n"
     "The pattern is in the options (pattern=ROWS).\n"},
};

/* Print text indented by ind, line by line. */
static void perft_indent(FILE *out, const char *text, const char *ind)
{
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        fprintf(out, "%s%.*s\n", ind, (int)len, line);
        line += len + (line[len] == '\n');
    }
}

/* The start position line of each variant of game, variants with the
 * same line together: "start (standard, partner, team): LINE". */
static void perft_start_lines(FILE *out, const char *game)
{
    char list[256], lines[8][RULES_POS_TEXT_MAX], names[8][32];
    snprintf(list, sizeof list, "%s", rules_variants_list(game));
    int n = 0;
    for (char *save = NULL, *v = strtok_r(list, ",", &save); v && n < 8;
         v = strtok_r(NULL, ",", &save)) {
        char err[RULES_REASON_MAX];
        rules_game *g = rules_game_new(game, v, NULL, err, sizeof err);
        if (!g)
            continue;
        rules_pos pos;
        rules_start(g, &pos);
        rules_pos_write(g, &pos, lines[n], sizeof lines[n]);
        snprintf(names[n++], sizeof names[0], "%s", v);
        rules_game_free(g);
    }
    for (int i = 0; i < n; i++) {
        bool first = true;
        for (int j = 0; j < i && first; j++)
            first = strcmp(lines[j], lines[i]) != 0;
        if (!first)
            continue;
        fprintf(out, "      start (%s", names[i]);
        for (int j = i + 1; j < n; j++)
            if (!strcmp(lines[j], lines[i]))
                fprintf(out, ", %s", names[j]);
        fprintf(out, "): %s\n", lines[i]);
    }
}

static void perft_positions_usage(FILE *out)
{
    char games[128];
    snprintf(games, sizeof games, "%s", rules_games_list());
    fprintf(out, "\nposition lines (--pos), as `referee replay` prints them "
                 "and bots with\n`id option position` receive them:\n");
    for (char *save = NULL, *game = strtok_r(games, ",", &save); game;
         game = strtok_r(NULL, ",", &save)) {
        fprintf(out, "  %s:\n", game);
        for (size_t i = 0; i < sizeof perft_pos_help / sizeof *perft_pos_help;
             i++)
            if (!strcmp(perft_pos_help[i].game, game))
                perft_indent(out, perft_pos_help[i].text, "      ");
        perft_start_lines(out, game);
    }
}

static void perft_usage(FILE *out)
{
    fprintf(out,
"usage: referee perft [--game G] [--variant V] [--options O] [--pos LINE]\n"
"                     [--count simple|texts] [--divide] DEPTH\n"
"\n"
"The number of move sequences of DEPTH plies (0-64) from the start or from\n"
"a position, as chess engines' perft, to check a bot's move generator.\n"
"\n"
"  --game G      game (default pentago), --variant V and --options O its\n"
"                rule set (below)\n"
"  --pos LINE    start from this position line (below; default the start)\n"
"  --count MODE  what counts as one move (default simple):\n"
"                simple  the moves the rules engine lists: in Pentago and\n"
"                        in Pente every legal move; in Pente Plus one plain\n"
"                        and one power stone on each legal point, every\n"
"                        power stone on the board counted as the mover's\n"
"                        (no colour list) and no bonus stone\n"
"                texts   every distinct legal move text in canonical form.\n"
"                        In Pente Plus each colour list of the power stones\n"
"                        on the board counts (2^n lists for n stones) and,\n"
"                        after a power stone that does not win, each bonus\n"
"                        stone on an empty diamond point with each list of\n"
"                        the power stones left after the power stone's\n"
"                        captures; moves with the same effect are not\n"
"                        merged.  Elsewhere the same as simple (in Pentago\n"
"                        turning an empty quadrant counts too)\n"
"  --divide      the count under each first move (its canonical text),\n"
"                then the total\n"
"\n"
"A position line that cannot be read, that no game reaches, or in which\n"
"the game is over is refused with the reason.\n"
"exit status: 0 counted; 2 a usage error (an option, the depth or the\n"
"position refused)\n");
    perft_positions_usage(out);
    cli_games_usage(out);
}

/* --divide over every text: each first move's count, as it comes. */
typedef struct {
    const rules_game *g;
    const rules_pos *pos;
    int depth; /* below the first move */
    uint64_t total;
} perft_divide_walk;

static void perft_divide_text(const rules_move *move, void *arg)
{
    perft_divide_walk *w = arg;
    rules_pos child = *w->pos;
    rules_apply(w->g, &child, move);
    uint64_t c = rules_perft_texts(w->g, &child, w->depth);
    char text[RULES_MOVE_TEXT_MAX];
    rules_format_move(w->g, move, text, sizeof text);
    printf("%s: %" PRIu64 "\n", text, c);
    w->total += c;
}

static void perft_divide(const rules_game *g, const rules_pos *pos, int depth,
                         perft_mode mode)
{
    perft_divide_walk w = {g, pos, depth - 1, 0};
    if (mode == PERFT_TEXTS) {
        rules_each_move_text(g, pos, perft_divide_text, &w);
    } else {
        static rules_move moves[RULES_MAX_MOVES];
        size_t n = rules_legal_moves(g, pos, moves, RULES_MAX_MOVES);
        for (size_t i = 0; i < n; i++) {
            rules_pos child = *pos;
            rules_apply(g, &child, &moves[i]);
            uint64_t c = rules_perft(g, &child, depth - 1);
            char text[RULES_MOVE_TEXT_MAX];
            rules_format_move(g, &moves[i], text, sizeof text);
            printf("%s: %" PRIu64 "\n", text, c);
            w.total += c;
        }
    }
    printf("total: %" PRIu64 "\n", w.total);
}

/* The position to count from: the start, or line if it can be read and
 * the game goes on in it; false with the reason printed. */
static bool perft_position(const rules_game *g, const char *line,
                           rules_pos *pos)
{
    char err[RULES_REASON_MAX];
    rules_start(g, pos);
    if (!line)
        return true;
    if (rules_pos_read(g, line, pos, err, sizeof err) != RULES_OK) {
        fprintf(stderr, "referee perft: --pos '%s': %s\n", line, err);
        return false;
    }
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    if (o.over) {
        fprintf(stderr, "referee perft: --pos '%s': the game is over in this "
                        "position (%s): there is no move to count\n",
                line, rules_end_name(o.reason));
        return false;
    }
    return true;
}

int cmd_perft(int argc, char **argv)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, 'g'},
        {"variant", required_argument, 0, 'v'},
        {"options", required_argument, 0, 'o'},
        {"pos", required_argument, 0, 'p'},
        {"count", required_argument, 0, 'c'},
        {"divide", no_argument, 0, 'd'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    const char *game = "pentago", *variant = NULL, *options = NULL;
    const char *line = NULL;
    int divide = 0, c;
    perft_mode mode = PERFT_SIMPLE;
    optind = 1;
    while ((c = getopt_long(argc, argv, "g:v:o:p:c:dh", opts, NULL)) != -1) {
        switch (c) {
        case 'g': game = optarg; break;
        case 'v': variant = optarg; break;
        case 'o': options = optarg; break;
        case 'p': line = optarg; break;
        case 'c':
            if (!strcmp(optarg, "simple") || !strcmp(optarg, "texts")) {
                mode = optarg[0] == 't' ? PERFT_TEXTS : PERFT_SIMPLE;
                break;
            }
            fprintf(stderr, "referee perft: --count '%s': expected simple "
                            "or texts\n", optarg);
            return EXIT_USAGE;
        case 'd': divide = 1; break;
        case 'h': perft_usage(stdout); return 0;
        default:
            fprintf(stderr, "(referee perft --help for the options)\n");
            return EXIT_USAGE;
        }
    }
    long depth;
    if (optind != argc - 1 || !cli_number(argv[optind], 0, 64, &depth)) {
        fprintf(stderr, "referee perft: give one DEPTH, a number 0-64 "
                        "(referee perft --help)\n");
        return EXIT_USAGE;
    }
    char err[RULES_REASON_MAX];
    rules_game *g = rules_game_new(game, variant, options, err, sizeof err);
    if (!g) {
        fprintf(stderr, "referee perft: %s\n", err);
        return EXIT_USAGE;
    }
    rules_pos pos;
    if (!perft_position(g, line, &pos)) {
        rules_game_free(g);
        return EXIT_USAGE;
    }
    if (divide && depth > 0)
        perft_divide(g, &pos, (int)depth, mode);
    else if (mode == PERFT_TEXTS)
        printf("%" PRIu64 "\n", rules_perft_texts(g, &pos, (int)depth));
    else
        printf("%" PRIu64 "\n", rules_perft(g, &pos, (int)depth));
    rules_game_free(g);
    return 0;
}
