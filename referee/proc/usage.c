/* usage.c - bots' memory and process counts from /proc (see usage.h). */
#include "usage.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How far up the parent chain a process is followed to find its bot. */
#define USAGE_MAX_DEPTH 64
#define USAGE_UNKNOWN (-2)
#define USAGE_NOBODY (-1)

typedef struct {
    pid_t pid, ppid, pgrp;
    long rss_kb;
    int owner;
} usage_proc;

typedef struct {
    usage_proc *p;
    size_t n, cap;
} usage_table;

int proc_usage_parse_stat(const char *line, pid_t *pid, pid_t *ppid,
                          pid_t *pgrp, long *rss_pages)
{
    /* "pid (comm) state ppid pgrp session tty_nr tpgid flags minflt
     * cminflt majflt cmajflt utime stime cutime cstime priority nice
     * num_threads itrealvalue starttime vsize rss ...": comm may hold
     * spaces and parentheses, so fields are counted from the last ')'. */
    char *end;
    long v = strtol(line, &end, 10);
    const char *close = strrchr(line, ')');
    if (end == line || v <= 0 || !close || close < end)
        return -1;
    *pid = (pid_t)v;
    const char *s = close + 1;
    long field[22];
    int nf = 0;
    while (nf < 22) {
        while (*s == ' ')
            s++;
        if (nf == 0) { /* the state letter */
            if (!*s)
                return -1;
            s++;
            field[nf++] = 0;
            continue;
        }
        field[nf] = strtol(s, &end, 10);
        if (end == s)
            return -1;
        s = end;
        nf++;
    }
    *ppid = (pid_t)field[1];
    *pgrp = (pid_t)field[2];
    *rss_pages = field[21];
    return 0;
}

static int usage_read_stat(const char *name, usage_proc *out, long page_kb)
{
    char path[64], buf[1024];
    size_t len = strlen(name);
    if (len > 20)
        return -1;
    memcpy(path, "/proc/", 6);
    memcpy(path + 6, name, len);
    memcpy(path + 6 + len, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1; /* it exited meanwhile */
    ssize_t n;
    do
        n = read(fd, buf, sizeof buf - 1);
    while (n < 0 && errno == EINTR);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    long rss;
    if (proc_usage_parse_stat(buf, &out->pid, &out->ppid, &out->pgrp, &rss))
        return -1;
    out->rss_kb = rss > 0 ? rss * page_kb : 0;
    out->owner = USAGE_UNKNOWN;
    return 0;
}

static int usage_push(usage_table *t, const usage_proc *p)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        usage_proc *q = realloc(t->p, cap * sizeof *q);
        if (!q)
            return -1;
        t->p = q;
        t->cap = cap;
    }
    t->p[t->n++] = *p;
    return 0;
}

static int usage_cmp_pid(const void *a, const void *b)
{
    pid_t x = ((const usage_proc *)a)->pid, y = ((const usage_proc *)b)->pid;
    return (x > y) - (x < y);
}

static int usage_read_all(usage_table *t)
{
    DIR *d = opendir("/proc");
    if (!d)
        return -1;
    long page_kb = sysconf(_SC_PAGESIZE) / 1024;
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        usage_proc p;
        if (usage_read_stat(e->d_name, &p, page_kb) == 0)
            rc = usage_push(t, &p);
    }
    closedir(d);
    if (rc == 0)
        qsort(t->p, t->n, sizeof *t->p, usage_cmp_pid);
    return rc;
}

static usage_proc *usage_find(const usage_table *t, pid_t pid)
{
    usage_proc key = {.pid = pid};
    return bsearch(&key, t->p, t->n, sizeof *t->p, usage_cmp_pid);
}

static int usage_bot_of(const usage_proc *p, const pid_t *pgids, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p->pgrp == pgids[i] || p->pid == pgids[i])
            return (int)i;
    return USAGE_NOBODY;
}

/* The bot owning p: its group's, or its nearest owned ancestor's. */
static int usage_owner(usage_table *t, usage_proc *p, const pid_t *pgids,
                       size_t n, pid_t self)
{
    usage_proc *path[USAGE_MAX_DEPTH];
    int depth = 0, owner = USAGE_NOBODY;
    for (usage_proc *q = p; q; q = usage_find(t, q->ppid)) {
        if (q->owner != USAGE_UNKNOWN) {
            owner = q->owner;
            break;
        }
        if (depth == USAGE_MAX_DEPTH || q->pid == self)
            break;
        path[depth++] = q;
        owner = usage_bot_of(q, pgids, n);
        if (owner != USAGE_NOBODY || q->ppid <= 1)
            break;
    }
    for (int i = 0; i < depth; i++)
        path[i]->owner = owner;
    return owner;
}

int proc_usage_scan(const pid_t *pgids, size_t n, proc_usage *use)
{
    memset(use, 0, n * sizeof *use);
    usage_table t = {0};
    if (usage_read_all(&t) != 0) {
        free(t.p);
        return -1;
    }
    pid_t self = getpid();
    for (size_t i = 0; i < t.n; i++) {
        int owner = usage_owner(&t, &t.p[i], pgids, n, self);
        if (owner >= 0) {
            use[owner].rss_kb += t.p[i].rss_kb;
            use[owner].procs++;
        }
    }
    free(t.p);
    return 0;
}

int proc_usage_strays(const pid_t *pgids, size_t n, pid_t keep, pid_t *out,
                      size_t max)
{
    usage_table t = {0};
    if (usage_read_all(&t) != 0) {
        free(t.p);
        return -1;
    }
    pid_t self = getpid();
    size_t found = 0;
    for (size_t i = 0; i < t.n && found < max; i++) {
        const usage_proc *p = &t.p[i];
        if (p->ppid == self && p->pid != keep &&
            usage_bot_of(p, pgids, n) == USAGE_NOBODY)
            out[found++] = p->pid;
    }
    free(t.p);
    return (int)found;
}
