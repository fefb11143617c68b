/*
 * selfcpu.c - an LD_PRELOAD helper for tests/bench/bench_clock.sh: when the
 * process it is loaded into exits, append that process's own CPU time to
 * the file named by $SELFCPU_OUT, as "USER_S SYS_S" (seconds).
 *
 * Why: the referee's own CPU is what bench_clock compares, without its
 * bots.  Measured from outside, a process's CPU time includes that of the
 * children it has reaped (the bots); per-task counters miss its threads
 * (the referee writes records and scans /proc on worker threads).
 * getrusage(RUSAGE_SELF) inside the process counts every thread, living or
 * ended, and no child: exactly the referee's share.
 *
 * The constructor takes LD_PRELOAD and SELFCPU_OUT out of the environment,
 * so the programs the process starts (the bots) run without this library;
 * the destructor writes only in the process that loaded it, not in a child
 * forked without exec (the referee's guard).  A process that ends by a
 * signal or _exit() writes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static pid_t selfcpu_pid;
static char selfcpu_path[4096];

__attribute__((constructor)) static void selfcpu_init(void)
{
    const char *p = getenv("SELFCPU_OUT");
    if (!p || strlen(p) >= sizeof selfcpu_path)
        return;
    memcpy(selfcpu_path, p, strlen(p) + 1);
    selfcpu_pid = getpid();
    unsetenv("LD_PRELOAD");
    unsetenv("SELFCPU_OUT");
}

static double selfcpu_seconds(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

__attribute__((destructor)) static void selfcpu_fini(void)
{
    if (!selfcpu_pid || getpid() != selfcpu_pid)
        return;
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return;
    FILE *f = fopen(selfcpu_path, "a");
    if (!f)
        return;
    fprintf(f, "%.6f %.6f\n", selfcpu_seconds(ru.ru_utime),
            selfcpu_seconds(ru.ru_stime));
    fclose(f);
}
