/*
 * seq_bot: plays a fixed game by ply, whichever seat it has.
 *
 * Usage: seq_bot FILE
 * FILE holds one move a line (lines starting with # are skipped).  At each
 * turn the bot sends the move of the current ply, counting the `played`
 * lines it was sent and its own moves.  Two seq_bots with the same file
 * replay the same game whoever starts: tests use a full-board draw
 * (tests/data/draw-game.txt) to make cup ties that never end by
 * themselves.  Exits on `quit` or EOF, or with status 8 if FILE is bad.
 */
#include "tbot.h"

#define SEQ_MAX 400

int main(int argc, char **argv)
{
    static char moves[SEQ_MAX][64];
    int n = 0, ply = 0;
    FILE *f = argc > 1 ? fopen(argv[1], "r") : NULL;
    if (!f)
        return 8;
    char line[TB_LINE];
    while (n < SEQ_MAX && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] && line[0] != '#')
            snprintf(moves[n++], sizeof moves[0], "%.60s", line);
    }
    fclose(f);
    if (tb_handshake("seq bot") < 0)
        return 0;
    while (tb_readline(line, sizeof line) == 0) {
        if (tb_keyword(line, "played")) {
            ply++;
        } else if (tb_keyword(line, "turn")) {
            char out[80];
            snprintf(out, sizeof out, "move %s", ply < n ? moves[ply] : "a1");
            tb_send(out);
            ply++;
        } else if (tb_keyword(line, "quit")) {
            break;
        }
    }
    return 0;
}
