/*
 * nohandshake_bot: fails the handshake.
 *
 * Usage: nohandshake_bot silent|version|exit
 * silent (default): reads everything, never sends `ready`; exits 0 on
 *   `quit`/EOF (handshake not completed, by timeout).
 * version: answers `protocol` with `id name ...` and `ready 2`, then reads
 *   until `quit`/EOF (handshake fault: wrong version).
 * exit: exits with status 0 as soon as `protocol` arrives, without a word
 *   (exited during the handshake).
 */
#include "tbot.h"

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "silent";
    char line[TB_LINE];
    if (strcmp(mode, "version") == 0 || strcmp(mode, "exit") == 0) {
        while (tb_readline(line, sizeof line) == 0) {
            if (tb_keyword(line, "quit"))
                return 0;
            if (tb_keyword(line, "protocol"))
                break;
        }
        if (strcmp(mode, "exit") == 0)
            return 0;
        tb_send("id name nohandshake bot");
        tb_send("ready 2");
    }
    tb_drain();
    return 0;
}
