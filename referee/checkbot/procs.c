/* procs.c - a bot's processes from /proc (see procs.h). */
#include "checkbot/procs.h"

#include "proc/guard.h"
#include "proc/procfs.h"
#include "proc/usage.h"
#include "rules.h"
#include "util/grow.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    proc_stat st;
    char comm[80];
    bool ours; /* a descendant of this process, the guard's excepted */
} ckprocs_entry;

typedef struct {
    ckprocs_entry *e;
    size_t n, cap;
} ckprocs_table;

/* The name between the first '(' and the last ')' of a stat line. */
static void ckprocs_comm(const char *line, char *out, size_t len)
{
    const char *open = strchr(line, '(');
    const char *close = strrchr(line, ')');
    if (!open || !close || close < open) {
        snprintf(out, len, "?");
        return;
    }
    char raw[16]; /* the kernel keeps 15 bytes */
    size_t n = (size_t)(close - open - 1);
    if (n >= sizeof raw)
        n = sizeof raw - 1;
    memcpy(raw, open + 1, n);
    raw[n] = '\0';
    /* A process names itself: it must not drive the terminal. */
    rules_quote(raw, n, out, len);
}

static int ckprocs_add(pid_t pid, const char *name, void *arg)
{
    ckprocs_table *t = arg;
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", name);
    ckprocs_entry en;
    memset(&en, 0, sizeof en);
    if (procfs_read(path, buf, sizeof buf) != 0 ||
        proc_usage_parse_stat(buf, &en.st) != 0 || en.st.pid != pid)
        return 0;
    ckprocs_comm(buf, en.comm, sizeof en.comm);
    ckprocs_entry *e = grow(t->e, &t->cap, t->n + 1, sizeof *e, 256);
    if (!e)
        return -1;
    t->e = e;
    t->e[t->n++] = en;
    return 0;
}

/* Whether pid is the first process of a pid namespace below ours: a
 * box's init (its innermost pid, the last of NSpid, is 1). */
static bool ckprocs_box_init(pid_t pid)
{
    char path[64], buf[4096];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    if (procfs_read(path, buf, sizeof buf) != 0)
        return false;
    const char *line = strstr(buf, "\nNSpid:");
    if (!line)
        return false;
    line += strlen("\nNSpid:");
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    int fields = 0;
    long last = 0;
    for (const char *p = line; p < line + len;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        last = v;
        fields++;
        p = end;
    }
    return fields > 1 && last == 1;
}

static int ckprocs_by_pid(const void *a, const void *b)
{
    pid_t x = ((const ckprocs_entry *)a)->st.pid;
    pid_t y = ((const ckprocs_entry *)b)->st.pid;
    return (x > y) - (x < y);
}

static const ckprocs_entry *ckprocs_find(const ckprocs_table *t, pid_t pid)
{
    ckprocs_entry key;
    key.st.pid = pid;
    return bsearch(&key, t->e, t->n, sizeof *t->e, ckprocs_by_pid);
}

/* Mark our descendants, the guard's excepted: a pass per generation. */
static void ckprocs_mark(ckprocs_table *t)
{
    pid_t self = getpid(), guard = guard_pid();
    qsort(t->e, t->n, sizeof *t->e, ckprocs_by_pid);
    for (bool more = true; more;) {
        more = false;
        for (size_t i = 0; i < t->n; i++) {
            ckprocs_entry *e = &t->e[i];
            if (e->ours || e->st.pid == guard || e->st.pid == self)
                continue;
            const ckprocs_entry *parent = ckprocs_find(t, e->st.ppid);
            if (e->st.ppid == self || (parent && parent->ours))
                e->ours = more = true;
        }
    }
}

static int ckprocs_load(ckprocs_table *t)
{
    memset(t, 0, sizeof *t);
    if (procfs_each(ckprocs_add, t) != 0) {
        free(t->e);
        return -1;
    }
    ckprocs_mark(t);
    return 0;
}

int ckprocs_scan(ckprocs *out)
{
    memset(out, 0, sizeof *out);
    ckprocs_table t;
    if (ckprocs_load(&t) != 0)
        return -1;
    pid_t self = getpid();
    for (size_t i = 0; i < t.n; i++) {
        const ckprocs_entry *e = &t.e[i];
        if (!e->ours || e->st.state == 'Z' || e->st.state == 'X' ||
            (e->st.ppid == self && ckprocs_box_init(e->st.pid)))
            continue;
        if (out->n < CKPROCS_MAX) {
            ckproc *p = &out->p[out->n];
            p->pid = e->st.pid;
            p->pgrp = e->st.pgrp;
            snprintf(p->name, sizeof p->name, "%s", e->comm);
        }
        out->n++;
    }
    free(t.e);
    return 0;
}

pid_t ckprocs_newest_child(void)
{
    ckprocs_table t;
    if (ckprocs_load(&t) != 0)
        return -1;
    pid_t self = getpid(), best = -1;
    unsigned long long start = 0;
    for (size_t i = 0; i < t.n; i++) {
        const ckprocs_entry *e = &t.e[i];
        if (e->st.ppid != self || e->st.pid == guard_pid() ||
            ckprocs_box_init(e->st.pid))
            continue;
        if (best < 0 || e->st.start >= start) {
            best = e->st.pid;
            start = e->st.start;
        }
    }
    free(t.e);
    return best;
}

void ckprocs_describe(const ckprocs *ps, pid_t bot_pgrp, char *buf,
                      size_t len)
{
    size_t at = 0;
    at += (size_t)snprintf(buf, len, "%zu process%s:", ps->n,
                           ps->n == 1 ? "" : "es");
    for (size_t i = 0; i < ps->n && i < CKPROCS_MAX && at < len; i++) {
        const ckproc *p = &ps->p[i];
        at += (size_t)snprintf(buf + at, len - at, "%s %d '%s'%s",
                               i ? "," : "", (int)p->pid, p->name,
                               p->pgrp == bot_pgrp
                                   ? " (in the bot's process group)"
                                   : "");
    }
    if (ps->n > CKPROCS_MAX && at < len)
        snprintf(buf + at, len - at, ", ...");
}
