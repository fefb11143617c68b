/*
 * checkbot_leaver: plays legally, and on `quit` leaves a process behind.
 *
 * Usage: checkbot_leaver [detach]
 * Legal play (first empty cell, 1R).  On `quit` or EOF it forks a child
 * that sleeps 30 s with stdin, stdout and stderr closed, and exits 0 at
 * once; with `detach` the child first moves into a session of its own
 * (out of the bot's process group).
 * Provokes: check-bot's leftovers step; the referee kills the child.
 */
#include <unistd.h>

#include "tbot.h"

int main(int argc, char **argv)
{
    int detach = argc > 1 && !strcmp(argv[1], "detach");
    struct tb_state st = {0};
    if (tb_handshake("leaver bot") < 0)
        return 0;
    while (tb_wait_turn(&st))
        tb_play_first_empty(&st);
    fflush(NULL);
    if (fork() == 0) {
        if (detach)
            setsid();
        close(0);
        close(1);
        close(2);
        tb_sleep_ms(30000);
        _exit(0);
    }
    return 0;
}
