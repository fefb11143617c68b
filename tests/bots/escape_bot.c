/*
 * escape_bot: leaves its own process group at its first turn.
 *
 * Usage: escape_bot
 * At its first `turn` it moves itself into its parent's (the referee's)
 * process group, ignores SIGTERM and waits forever without answering, so
 * signalling its original group reaches nobody.  The referee must still
 * time it out, kill it, and reap it.
 */
#include "tbot.h"

#include <signal.h>
#include <unistd.h>

int main(void)
{
    struct tb_state st = {0};
    if (tb_handshake("escape bot") < 0)
        return 0;
    if (!tb_wait_turn(&st))
        return 0;
    setpgid(0, getpgid(getppid()));
    signal(SIGTERM, SIG_IGN);
    for (;;)
        pause();
}
