/* usage.c - bots' memory and tasks from /proc (see usage.h). */
#include "usage.h"

#include "environ.h"
#include "proc/procfs.h"
#include "util/grow.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* How far up the parent chain a process is followed to find its bot. */
#define USAGE_MAX_DEPTH 64
#define USAGE_UNKNOWN (-2)
#define USAGE_NOBODY (-1)
#define USAGE_ORPHAN (-3) /* marked by a bot that is gone: nobody's */
#define USAGE_NEWER (-4)  /* marked by a bot newer than the scan's list */

typedef struct {
    proc_stat st;
    int owner;
} usage_proc;

typedef struct {
    usage_proc *p;
    size_t n, cap;
} usage_table;

int proc_usage_parse_stat(const char *line, proc_stat *st)
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
    const char *s = close + 1;
    while (*s == ' ')
        s++;
    if (!*s || *s == ' ')
        return -1;
    st->pid = (pid_t)v;
    st->state = *s++;
    long field[21]; /* stat fields 4 (ppid) to 24 (rss) */
    for (int nf = 0; nf < 21; nf++) {
        field[nf] = strtol(s, &end, 10);
        if (end == s)
            return -1;
        s = end;
    }
    st->ppid = (pid_t)field[0];
    st->pgrp = (pid_t)field[1];
    st->threads = field[16];
    st->rss_pages = field[20];
    st->start = (unsigned long long)field[18];
    st->cpu_ticks = (unsigned long long)field[10] + (unsigned long long)field[11] +
                    (unsigned long long)field[12] + (unsigned long long)field[13];
    return 0;
}

static int usage_read_stat(const char *name, usage_proc *out)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%.20s/stat", name);
    if (procfs_read(path, buf, sizeof buf) != 0 ||
        proc_usage_parse_stat(buf, &out->st) != 0)
        return -1;
    out->owner = USAGE_UNKNOWN;
    return 0;
}

/* Resident minus shared pages: what the process itself allocated, not
 * the program text or a mapped file, which the kernel can drop. */
static long usage_anon_kb(pid_t pid, long page_kb)
{
    char path[64], buf[256];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    long size, resident, shared;
    if (procfs_read(path, buf, sizeof buf) != 0 ||
        sscanf(buf, "%ld %ld %ld", &size, &resident, &shared) != 3 ||
        resident < shared)
        return 0;
    return (resident - shared) * page_kb;
}

static int usage_push(usage_table *t, const usage_proc *p)
{
    usage_proc *q = grow(t->p, &t->cap, t->n + 1, sizeof *q, 256);
    if (!q)
        return -1;
    t->p = q;
    t->p[t->n++] = *p;
    return 0;
}

static int usage_cmp_pid(const void *a, const void *b)
{
    pid_t x = ((const usage_proc *)a)->st.pid;
    pid_t y = ((const usage_proc *)b)->st.pid;
    return (x > y) - (x < y);
}

static int usage_read_one(pid_t pid, const char *name, void *arg)
{
    (void)pid;
    usage_proc p;
    return usage_read_stat(name, &p) == 0 ? usage_push(arg, &p) : 0;
}

static int usage_read_all(usage_table *t)
{
    int rc = procfs_each(usage_read_one, t);
    if (rc == 0)
        qsort(t->p, t->n, sizeof *t->p, usage_cmp_pid);
    return rc == 0 ? 0 : -1;
}

static usage_proc *usage_find(const usage_table *t, pid_t pid)
{
    usage_proc key = {.st.pid = pid};
    return bsearch(&key, t->p, t->n, sizeof *t->p, usage_cmp_pid);
}

static int usage_leader_of(pid_t pid, const proc_scan *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (pid == s->pgids[i])
            return (int)i;
    return USAGE_NOBODY;
}

/* The bot whose id pid's environment carries, or nobody. */
static int usage_bot_by_mark(pid_t pid, const proc_scan *s)
{
    char val[32];
    if (!s->ids || !s->mark ||
        !proc_environ_find(pid, s->mark, val, sizeof val))
        return USAGE_NOBODY;
    char *end;
    long id = strtol(val, &end, 10);
    for (size_t i = 0; *end == '\0' && i < s->n; i++)
        if (s->ids[i] == id)
            return (int)i;
    /* Ids only grow: a bot started after the list was made, not yet
     * known to this scan, whose helper must be left alone. */
    if (*end == '\0' && s->max_id > 0 && id > s->max_id)
        return USAGE_NEWER;
    /* Marked, but its bot is gone: no group may adopt it. */
    return USAGE_ORPHAN;
}

/* The bot owning p: its nearest ancestor that leads a bot; failing that,
 * for an orphan of ours, the bot its environment names; failing that, the
 * bot of its process group. */
static int usage_owner(usage_table *t, usage_proc *p, const proc_scan *s,
                       pid_t self)
{
    usage_proc *path[USAGE_MAX_DEPTH];
    int depth = 0, owner = USAGE_NOBODY;
    for (usage_proc *q = p; q && q->st.pid != self;
         q = usage_find(t, q->st.ppid)) {
        if (q->owner != USAGE_UNKNOWN) {
            owner = q->owner;
            break;
        }
        if (depth == USAGE_MAX_DEPTH)
            break;
        path[depth++] = q;
        owner = usage_leader_of(q->st.pid, s);
        if (owner != USAGE_NOBODY || q->st.ppid <= 1)
            break;
    }
    /* An orphan of ours: the bot its environment names. */
    if (owner == USAGE_NOBODY && depth > 0 &&
        path[depth - 1]->st.ppid == self)
        owner = usage_bot_by_mark(path[depth - 1]->st.pid, s);
    /* Top down: a child inherits its parent's bot, else its group's. */
    for (int i = depth - 1; i >= 0; i--) {
        if (owner == USAGE_NOBODY)
            owner = usage_leader_of(path[i]->st.pgrp, s);
        path[i]->owner = owner;
    }
    return p->owner >= 0 || p->owner == USAGE_NEWER ? p->owner
                                                    : USAGE_NOBODY;
}

static void usage_add(proc_scan *s, const usage_proc *p, long page_kb)
{
    proc_usage *u = &s->use[p->owner];
    u->procs++;
    u->tasks += p->st.threads > 0 ? (int)p->st.threads : 1;
    u->mem_kb += usage_anon_kb(p->st.pid, page_kb);
}

int proc_usage_scan(proc_scan *s)
{
    memset(s->use, 0, s->n * sizeof *s->use);
    s->nstrays = 0;
    usage_table t = {0};
    if (usage_read_all(&t) != 0) {
        free(t.p);
        return -1;
    }
    pid_t self = getpid();
    long page_kb = sysconf(_SC_PAGESIZE) / 1024;
    for (size_t i = 0; i < t.n; i++) {
        usage_proc *p = &t.p[i];
        int owner = usage_owner(&t, p, s, self);
        if (p->st.state == 'Z' || p->st.state == 'X')
            continue; /* dead, only not reaped yet */
        if (owner >= 0)
            usage_add(s, p, page_kb);
        else if (owner != USAGE_NEWER && p->st.ppid == self &&
                 p->st.pid != s->keep && s->nstrays < PROC_USAGE_MAX_STRAYS) {
            s->stray_start[s->nstrays] = p->st.start;
            s->stray_pgrp[s->nstrays] = p->st.pgrp;
            s->strays[s->nstrays++] = p->st.pid;
        }
    }
    free(t.p);
    return 0;
}

bool proc_usage_still_stray(pid_t pid, unsigned long long start)
{
    char name[24];
    usage_proc p;
    snprintf(name, sizeof name, "%d", (int)pid);
    return usage_read_stat(name, &p) == 0 && p.st.start == start &&
           p.st.ppid == getpid();
}
