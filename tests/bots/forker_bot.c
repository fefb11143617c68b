/*
 * forker_bot: leaves a grandchild holding its stdout.
 *
 * Usage: forker_bot [hang|exit|detach|chain]
 * At its first `turn` it forks a child that keeps stdin/stdout/stderr open
 * and sleeps 300 s. Then:
 * hang (default): the bot itself never answers and sleeps until killed
 *   (timeout; the referee must kill the whole process group).
 * exit: the bot exits with status 0 at once, leaving the child holding the
 *   pipe (exited; the referee must not wait for EOF on stdout).
 * detach: the child first moves into a session of its own (setsid), out
 *   of the bot's process group, then the bot hangs as with `hang`: the
 *   group kill misses the child, and the referee must find it anyway.
 * chain: like detach, but the detached child forks a child that detaches
 *   in turn, four generations deep: each reaches the referee only once
 *   its parent is dead.  The last one execs `sleep 300` with RUN_TAG as
 *   its whole environment, beyond the reach of the kill -9 guard.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tbot.h"

/* The last generation sheds the referee's mark from its environment (an
 * exec with only RUN_TAG, by which the tests count it), so that only the
 * referee's sweep, not the kill -9 guard, can find it. */
static void chain_leaf(void)
{
    static char tag[256];
    const char *t = getenv("RUN_TAG");
    snprintf(tag, sizeof tag, "RUN_TAG=%s", t ? t : "");
    char *envp[] = {tag, NULL};
    execle("/bin/sleep", "sleep", "300", (char *)0, envp);
    sleep(300);
    _exit(0);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "hang";
    struct tb_state st = {0};
    if (tb_handshake("forker bot") < 0)
        return 0;
    if (!tb_wait_turn(&st))
        return 0;
    pid_t pid = fork();
    if (pid == 0) {
        if (strcmp(mode, "detach") == 0)
            setsid();
        for (int gen = 0; strcmp(mode, "chain") == 0 && gen < 4; gen++) {
            setsid();
            if (fork() != 0)
                break;
            if (gen == 3)
                chain_leaf();
        }
        sleep(300);
        _exit(0);
    }
    if (strcmp(mode, "exit") == 0)
        _exit(0);
    tb_sleep_forever();
}
