/*
 * bench_usage.c - what the memory and process limits cost: one scan of
 * /proc (referee/proc/usage.c), which the referee runs four times a second
 * while bots play, measured with the machine as it is and with many more
 * processes.  Baseline in the same run: reading one /proc/PID/stat file,
 * the unit of work a scan repeats for every process on the machine.
 */
#include "proc/usage.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BENCH_EXTRA 500
#define BENCH_ROUNDS 200

static double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double bench_one_stat(void)
{
    char buf[1024];
    double t0 = bench_now();
    for (int i = 0; i < BENCH_ROUNDS * 100; i++) {
        int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
        ssize_t n = read(fd, buf, sizeof buf);
        (void)n;
        close(fd);
    }
    return (bench_now() - t0) / (BENCH_ROUNDS * 100);
}

static int bench_procs(void)
{
    DIR *d = opendir("/proc");
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] >= '1' && e->d_name[0] <= '9';
    if (d)
        closedir(d);
    return n;
}

/* Seconds per scan, with two bots watched (this process's group, whose
 * members are measured, and a stranger). */
static double bench_scan(void)
{
    pid_t pgids[2] = {getpgrp(), 1};
    proc_usage use[2];
    proc_scan s = {.pgids = pgids, .n = 2, .keep = -1, .use = use};
    double t0 = bench_now();
    for (int i = 0; i < BENCH_ROUNDS; i++)
        proc_usage_scan(&s);
    return (bench_now() - t0) / BENCH_ROUNDS;
}

static void bench_report(const char *what, int procs, double scan,
                         double stat)
{
    printf("%-28s %6d processes  %8.3f ms/scan  %5.1f stat reads  "
           "%5.2f %% of a core at 4 scans/s\n",
           what, procs, scan * 1e3, scan / stat, scan * 4 * 100);
}

int main(void)
{
    double stat = bench_one_stat();
    printf("bench_usage: one /proc/PID/stat read %.2f us (baseline)\n",
           stat * 1e6);
    int base = bench_procs();
    bench_report("machine as it is", base, bench_scan(), stat);
    pid_t kids[BENCH_EXTRA];
    int started = 0;
    for (; started < BENCH_EXTRA; started++) {
        kids[started] = fork();
        if (kids[started] < 0)
            break;
        if (kids[started] == 0) {
            for (;;)
                pause();
        }
    }
    bench_report("with sleeping children", bench_procs(), bench_scan(),
                 stat);
    for (int i = 0; i < started; i++)
        kill(kids[i], SIGKILL);
    for (int i = 0; i < started; i++)
        waitpid(kids[i], NULL, 0);
    return 0;
}
