/*
 * slow_bot: a legal but slow player.
 *
 * Usage: slow_bot MS [K]
 * Tracks the board from `played`/`position` lines and answers every turn
 * with the first empty cell and rotation 1R, after sleeping MS milliseconds
 * (counted from reading the `turn` line). With K, it sleeps only at its
 * K-th turn (1-based) and answers the others at once. Used to answer just
 * before or just after a deadline. Exits on `quit` or EOF.
 */
#include "tbot.h"

int main(int argc, char **argv)
{
    long ms = argc > 1 ? atol(argv[1]) : 0;
    long only = argc > 2 ? atol(argv[2]) : 0;
    struct tb_state st = {0};
    if (tb_handshake("slow bot") < 0)
        return 0;
    for (long turn = 1; tb_wait_turn(&st); turn++) {
        if (ms > 0 && (only == 0 || only == turn))
            tb_sleep_ms(ms);
        tb_play_first_empty(&st);
    }
    return 0;
}
