/*
 * stubborn_bot: plays legally but will not die politely.
 *
 * Usage: stubborn_bot
 * Ignores SIGTERM. Answers every turn at once with the first empty cell and
 * rotation 1R. On `quit` or EOF it does not exit but sleeps forever.
 * Provokes: the referee's SIGKILL after the grace period.
 */
#include <signal.h>

#include "tbot.h"

int main(void)
{
    signal(SIGTERM, SIG_IGN);
    struct tb_state st = {0};
    if (tb_handshake("stubborn bot") == 0)
        while (tb_wait_turn(&st))
            tb_play_first_empty(&st);
    tb_sleep_forever();
}
