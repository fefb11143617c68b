/*
 * early_bot: speaks out of turn.
 *
 * Usage: early_bot [after-ready]
 * By default it answers `protocol 1` with `move a1 1R` and only then
 * `ready 1`: a move before the game has started, which no timing can make
 * look like an answer.  With `after-ready` it sends the move right after
 * `ready 1` instead; whether that reaches the referee before its first
 * `turn` is written depends on timing, so tests use the default.
 * Then reads until `quit`/EOF and exits 0.
 * Provokes: out-of-turn.
 */
#include "tbot.h"

int main(int argc, char **argv)
{
    char line[TB_LINE];
    if (argc > 1 && strcmp(argv[1], "after-ready") == 0) {
        if (tb_handshake("early bot") < 0)
            return 0;
        tb_send("move a1 1R");
    } else {
        while (tb_readline(line, sizeof line) == 0 &&
               !tb_keyword(line, "protocol"))
            ;
        tb_send("id name early bot");
        tb_send("move a1 1R");
        tb_send("ready 1");
    }
    tb_drain();
    return 0;
}
