/*
 * silent_bot: completes the handshake, then never answers its first turn.
 *
 * Usage: silent_bot
 * At its first `turn` it stops reading and sleeps until killed (SIGTERM
 * keeps its default action). Provokes: timeout.
 */
#include "tbot.h"

int main(void)
{
    struct tb_state st = {0};
    if (tb_handshake("silent bot") < 0)
        return 0;
    if (!tb_wait_turn(&st))
        return 0;
    tb_sleep_forever();
}
