/*
 * crash_bot: dies, or stops talking, at its first turn.
 *
 * Usage: crash_bot exit|signal|term|closeout
 * exit: exits with status 3 at its first `turn` (exited).
 * signal: kills itself with SIGKILL at its first `turn` (killed; SIGKILL
 *   rather than SIGSEGV so that no sanitizer report gets in the way).
 * term: kills itself with SIGTERM at its first `turn`, as a batch system
 *   ending a job would (killed, a moment later: the referee waits for a
 *   signal of its own before it believes the bot).
 * closeout: closes its stdout (fd 1) at its first `turn` and sleeps until
 * killed (EOF on the bot's stdout while the process lives on).
 * Without an argument it behaves as exit.
 */
#include <signal.h>
#include <unistd.h>

#include "tbot.h"

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "exit";
    struct tb_state st = {0};
    if (tb_handshake("crash bot") < 0)
        return 0;
    if (!tb_wait_turn(&st))
        return 0;
    if (strcmp(mode, "signal") == 0 || strcmp(mode, "term") == 0) {
        kill(getpid(), strcmp(mode, "term") == 0 ? SIGTERM : SIGKILL);
        tb_sleep_forever();
    }
    if (strcmp(mode, "closeout") == 0) {
        close(1);
        tb_sleep_forever();
    }
    return 3;
}
