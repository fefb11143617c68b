/* cputime.c - the CPU time of a process group (see cputime.h). */
#include "cputime.h"

#include "procfs.h"
#include "usage.h"

#include <stdio.h>
#include <unistd.h>

typedef struct {
    pid_t pgid;
    unsigned long long ticks;
} cputime_walk;

static int cputime_add(pid_t pid, const char *name, void *arg)
{
    (void)pid;
    cputime_walk *w = arg;
    char path[64], buf[1024];
    proc_stat st;
    snprintf(path, sizeof path, "/proc/%.20s/stat", name);
    if (procfs_read(path, buf, sizeof buf) == 0 &&
        proc_usage_parse_stat(buf, &st) == 0 && st.pgrp == w->pgid)
        w->ticks += st.cpu_ticks;
    return 0;
}

double proc_group_cpu_seconds(pid_t pgid)
{
    cputime_walk w = {.pgid = pgid};
    if (procfs_each(cputime_add, &w) != 0)
        return -1.;
    long hz = sysconf(_SC_CLK_TCK);
    return (double)w.ticks / (double)(hz > 0 ? hz : 100);
}
