/* cli_games.c - the games, variants and options every --help lists (see
 * commands.h), read from the rules engines so that help cannot fall
 * behind them. */
#include "commands.h"
#include "rules.h"

#include <stdio.h>
#include <string.h>

/* "swiss-2010 (default), standard", with the seats of variants that do
 * not have two. */
static void cli_games_variants(FILE *out, const char *game)
{
    char list[256];
    snprintf(list, sizeof list, "%s", rules_variants_list(game));
    int n = 0;
    for (char *save = NULL, *v = strtok_r(list, ",", &save); v;
         v = strtok_r(NULL, ",", &save), n++) {
        char err[RULES_REASON_MAX];
        rules_game *g = rules_game_new(game, v, NULL, err, sizeof err);
        int seats = g ? rules_seats(g) : 2;
        rules_game_free(g);
        fprintf(out, "%s%s", n ? ", " : "", v);
        if (n == 0)
            fprintf(out, " (default)");
        if (seats != 2)
            fprintf(out, " (%d seats)", seats);
    }
}

static void cli_games_options(FILE *out, const char *game)
{
    const char *help = rules_options_help(game);
    if (!help) {
        fprintf(out, "      options: none\n");
        return;
    }
    fprintf(out, "      options (--options 'key=value ...'):\n");
    for (const char *line = help; *line;) {
        const char *nl = strchr(line, '\n');
        int len = nl ? (int)(nl - line) : (int)strlen(line);
        fprintf(out, "        %.*s\n", len, line);
        line += len + (nl != NULL);
    }
}

void cli_games_usage(FILE *out)
{
    char games[128];
    snprintf(games, sizeof games, "%s", rules_games_list());
    fprintf(out, "\ngames (--game), their variants (--variant) and options:\n");
    for (char *save = NULL, *g = strtok_r(games, ",", &save); g;
         g = strtok_r(NULL, ",", &save)) {
        fprintf(out, "  %s\n      variants: ", g);
        cli_games_variants(out, g);
        fprintf(out, "\n");
        cli_games_options(out, g);
    }
}
