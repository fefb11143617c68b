/*
 * flood_bot: a legal player whose helper floods the referee with comment
 * lines, to stretch a clock that forgives the referee's busy time.
 *
 * Usage: flood_bot own MS     at each turn a child writes `#` lines as
 *                             fast as it can while the bot sleeps MS ms;
 *                             the child is killed, then the bot answers
 *        flood_bot always     a child writes `#` lines from the handshake
 *                             to the end of the game (on every seat's
 *                             turn: run it with --ponder, or it is
 *                             frozen off its turn); the bot answers at once
 *
 * The child writes whole lines, 64 to a write(2), each write far below
 * PIPE_BUF: the bot's own `move` line is never torn by them.  Legal play
 * as tbot.h (first empty cell, 1R).  Exits on `quit` or EOF.
 */
#include "tbot.h"

#include <signal.h>
#include <stdbool.h>
#include <sys/wait.h>
#include <unistd.h>

/* Write `#` lines to stdout until killed. */
static _Noreturn void flood(void)
{
    char block[64 * 8];
    for (int i = 0; i < 64; i++)
        memcpy(block + i * 8, "# flood\n", 8);
    for (;;)
        if (write(STDOUT_FILENO, block, sizeof block) < 0)
            _exit(0);
}

static pid_t flood_start(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0)
        flood();
    return pid;
}

static void flood_stop(pid_t pid)
{
    if (pid <= 0)
        return;
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "own";
    long ms = argc > 2 ? atol(argv[2]) : 1300;
    bool always = !strcmp(mode, "always");
    struct tb_state st = {0};
    if (tb_handshake("flood bot") < 0)
        return 0;
    pid_t helper = always ? flood_start() : -1;
    while (tb_wait_turn(&st)) {
        if (!always) {
            pid_t pid = flood_start();
            tb_sleep_ms(ms);
            flood_stop(pid);
        }
        tb_play_first_empty(&st);
    }
    flood_stop(helper);
    return 0;
}
