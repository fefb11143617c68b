/* fuzz_moves.c - every game's move notation and position lines. */
#include "fuzz.h"

#include "rules.h"

#include <stdlib.h>
#include <string.h>

static const char *const fuzz_games[][2] = {
    {"pentago", "swiss-2010"}, {"pentago", "standard"},
    {"pente", "standard"},     {"pente", "plus"},
    {"pente", "partner"},      {"pente", "team"},
    {"pentago-multi", "2p"},   {"pentago-multi", "3p"},
    {"pentago-multi", "4p"},   {"pentago-multi", "team"},
    {"pentago-puzzle", "2p"},  {"pentago-puzzle", "3p"},
    {"pentago-puzzle", "4p"},
};
#define FUZZ_NGAMES (sizeof fuzz_games / sizeof fuzz_games[0])

/* The first byte chooses the game and how many legal moves to play first;
 * the rest is text tried as a move and as a position line. */
int fuzz_moves(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 4096)
        return 0;
    char err[256], why[RULES_REASON_MAX], text[RULES_MOVE_TEXT_MAX];
    rules_game *g = rules_game_new(fuzz_games[data[0] % FUZZ_NGAMES][0],
                                   fuzz_games[data[0] % FUZZ_NGAMES][1],
                                   NULL, err, sizeof err);
    if (!g)
        return 0;
    char *s = malloc(size);
    if (!s) {
        rules_game_free(g);
        return 0;
    }
    memcpy(s, data + 1, size - 1);
    s[size - 1] = '\0';
    static rules_move moves[RULES_MAX_MOVES];
    rules_pos pos;
    rules_start(g, &pos);
    for (size_t k = 0; k < data[0] / FUZZ_NGAMES % 8; k++) {
        size_t n = rules_legal_moves(g, &pos, moves, RULES_MAX_MOVES);
        if (!n)
            break;
        rules_apply(g, &pos, &moves[k * 7 % n]);
    }
    rules_move m;
    if (rules_parse_move(g, &pos, s, &m, why, sizeof why) == RULES_OK) {
        rules_format_move(g, &m, text, sizeof text);
        rules_move again;
        /* The canonical text must parse back to a legal move. */
        if (rules_parse_move(g, &pos, text, &again, why, sizeof why) !=
            RULES_OK)
            abort();
        rules_apply(g, &pos, &m);
    }
    rules_pos read;
    if (rules_pos_read(g, s, &read, why, sizeof why) == RULES_OK) {
        char line[RULES_POS_TEXT_MAX], board[RULES_BOARD_TEXT_MAX];
        rules_pos_write(g, &read, line, sizeof line);
        rules_render(g, &read, board, sizeof board);
        rules_legal_moves(g, &read, moves, RULES_MAX_MOVES);
        rules_outcome_t o;
        rules_outcome(g, &read, &o);
    }
    free(s);
    rules_game_free(g);
    return 0;
}
