/*
 * cpu_bot: a legal player that uses a given CPU time at every turn, for
 * the CPU clock (clock/turnclock.h).
 *
 * Usage: cpu_bot MODE MS [K]  (with K, only at its K-th turn, 1-based;
 *                            the other turns are answered at once)
 *        cpu_bot burn MS     spins until its own CPU time has grown by MS
 *                            ms since it read the turn line, then answers
 *        cpu_bot child MS    a child it forks spins MS ms of CPU; the bot
 *                            waits for it (using none itself), then
 *                            answers: the CPU of the bot's whole tree
 *        cpu_bot sleep MS    sleeps MS ms of wall time, using no CPU
 *
 * Legal play as tbot.h (first empty cell, 1R).  Exits on `quit` or EOF.
 */
#include "tbot.h"

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void burn(long ms)
{
    double until = cpu_now() + (double)ms / 1e3;
    volatile unsigned long spin = 0;
    while (cpu_now() < until)
        for (int i = 0; i < 10000; i++)
            spin++;
}

static void burn_in_child(long ms)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        burn(ms);
        _exit(0);
    }
    if (pid > 0)
        waitpid(pid, NULL, 0);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "burn";
    long ms = argc > 2 ? atol(argv[2]) : 100;
    long only = argc > 3 ? atol(argv[3]) : 0;
    struct tb_state st = {0};
    if (tb_handshake("cpu bot") < 0)
        return 0;
    for (long turn = 1; tb_wait_turn(&st); turn++) {
        if (only && turn != only)
            ;
        else if (!strcmp(mode, "child"))
            burn_in_child(ms);
        else if (!strcmp(mode, "sleep"))
            tb_sleep_ms(ms);
        else
            burn(ms);
        tb_play_first_empty(&st);
    }
    return 0;
}
