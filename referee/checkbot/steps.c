/* steps.c - the names and meanings of check-bot's steps (see steps.h). */
#include "checkbot/steps.h"

#include <string.h>

typedef struct {
    const char *name;
    const char *help;
} ckstep_info;

static const ckstep_info ckstep_table[CKSTEP_COUNT] = {
    [CKSTEP_START] = {"start", "the command can be run"},
    [CKSTEP_HANDSHAKE] = {"handshake", "'protocol 1' answered with 'ready' "
                                       "within the start-up allowance"},
    [CKSTEP_VERSION] = {"protocol-version", "the answer is 'ready 1'"},
    [CKSTEP_ID] = {"id", "the 'id' lines, before 'ready'"},
    [CKSTEP_FLUSH] = {"flush", "every line comes when it is written, not "
                               "only when the bot exits"},
    [CKSTEP_SET] = {"set", "the 'set' lines and 'start', with an unknown "
                           "key and an unknown keyword to ignore"},
    [CKSTEP_FIRST_MOVE] = {"first-move", "a legal move from the start, "
                                         "as seat 0"},
    [CKSTEP_PLAYED] = {"played", "legal moves after the other seats' "
                                 "'played' lines"},
    [CKSTEP_POSITION] = {"position", "legal moves after 'position' lines "
                                     "(bots that ask for them)"},
    [CKSTEP_TIME_LIMIT] = {"time-limit", "'turn 300 -1' answered within "
                                         "300 ms and the grace"},
    [CKSTEP_BANK] = {"bank", "'turn 200 200' (no limit, 200 ms left in the "
                             "bank) answered in time"},
    [CKSTEP_FOREIGN] = {"foreign-position", "a position not from its own "
                        "game: an opening's 'played' lines with moves in "
                        "its own colour, or an unrelated 'position' line"},
    [CKSTEP_END_GAME] = {"end-game", "a legal move on a nearly full board "
                                     "(Pentago)"},
    [CKSTEP_FULL_BOARD] = {"full-board", "the last empty cell: a move that "
                                         "ends the game, most often in a "
                                         "draw, then 'result' (Pentago)"},
    [CKSTEP_CAPTURES] = {"captures", "a legal move after a capture (Pente)"},
    [CKSTEP_POWER] = {"power-stones", "a legal move with power stones on "
                                      "the board (Pente Plus)"},
    [CKSTEP_FIVE] = {"five", "a legal move when a five is on; whether it "
                             "takes it is told, not judged"},
    [CKSTEP_RESULT] = {"result", "'result' taken without a move or a bad "
                                 "line after it"},
    [CKSTEP_QUIT] = {"quit", "the bot exits within the time 'quit' gives"},
    [CKSTEP_LEFTOVERS] = {"leftovers", "nothing the bot started still runs "
                                       "when it exits"},
};

const char *ckstep_name(ckstep s)
{
    return s < CKSTEP_COUNT ? ckstep_table[s].name : "?";
}

bool ckstep_bot_wide(ckstep s)
{
    return s <= CKSTEP_ID;
}

/* Words of text after the name, wrapped to 78 columns under it. */
void ckstep_usage(FILE *out)
{
    enum { INDENT = 20, WIDTH = 78 };
    for (int s = 0; s < CKSTEP_COUNT; s++) {
        int col = fprintf(out, "  %-*s", INDENT - 3, ckstep_table[s].name);
        for (const char *w = ckstep_table[s].help; *w;) {
            int len = (int)strcspn(w, " ");
            if (col + 1 + len > WIDTH) {
                col = fprintf(out, "\n%*s", INDENT - 1, "") - 1;
            }
            col += fprintf(out, " %.*s", len, w);
            w += len;
            while (*w == ' ')
                w++;
        }
        fprintf(out, "\n");
    }
}
