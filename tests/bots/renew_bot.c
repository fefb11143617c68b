/*
 * renew_bot: a bot that says it can play game after game (`id option
 * newgame`), and what it then does when told `newgame`.
 *
 * Usage: renew_bot MODE
 *   good   clears its board and answers `ready 1`: kept for every game
 *   exit   exits: the next game must start a fresh one, and no game is lost
 *   late   exits 900 ms after `newgame`; every process of it takes 200 ms
 *          to say `ready`: a successor started then still needs the
 *          whole start-up allowance
 *   mute   never answers: the next game's handshake times out (its fault)
 *   move   answers with a move: killed while idle, the next game starts a
 *          fresh one
 * It plays the first empty cell with 1R, like slow_bot, and counts its
 * games on stderr ("game N"), so a test can tell one process from many.
 */
#include "tbot.h"

#include <unistd.h>

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "good";
    char line[TB_LINE];
    const char *arg;
    struct tb_state st = {0};
    int games = 1;
    while (tb_readline(line, sizeof line) == 0) {
        if (tb_keyword(line, "protocol")) {
            if (!strcmp(mode, "late"))
                tb_sleep_ms(200);
            tb_send("id name renew bot");
            tb_send("id option newgame");
            tb_send("ready 1");
        } else if (tb_keyword(line, "start")) {
            fprintf(stderr, "game %d\n", games);
        } else if (tb_keyword(line, "turn")) {
            tb_play_first_empty(&st);
        } else if (tb_keyword(line, "quit")) {
            return 0;
        } else if (tb_keyword(line, "newgame")) {
            memset(&st, 0, sizeof st);
            games++;
            if (!strcmp(mode, "exit"))
                return 0;
            if (!strcmp(mode, "late")) {
                tb_sleep_ms(900);
                _exit(0); /* at once: no sanitizer report at exit */
            }
            if (!strcmp(mode, "move"))
                tb_send("move a1 1R");
            else if (strcmp(mode, "mute") != 0)
                tb_send("ready 1");
        } else if ((arg = tb_keyword(line, "set")) &&
                   (arg = tb_keyword(arg, "you"))) {
            st.seat = atoi(arg);
        } else if ((arg = tb_keyword(line, "played"))) {
            int seat = atoi(arg);
            const char *sp = strchr(arg, ' ');
            if (sp)
                tb_apply(st.board, seat, sp + 1);
        }
    }
    return 0;
}
