/* cgroup.c - a control group per bot, v1 and v2 (see cgroup.h). */
#include "cgroup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A hierarchy we use: where it is mounted, our group in it, and the run
 * group we made there. */
typedef struct {
    int version; /* 1 or 2; 0 = not found */
    char own[PATH_MAX];
    char run[PATH_MAX];
    bool made;
} cg_hier;

enum { H_V2, H_PIDS, H_MEMORY, H_FREEZER, H_CPUACCT, H_CPU, H_COUNT };
static const char *const cg_v1_names[H_COUNT] = {"", "pids", "memory",
                                                 "freezer", "cpuacct", "cpu"};

/* Which hierarchy serves each feature (an index into cg_h, or -1).  The
 * CPU weight is the only one a box may lack: it shares the processor
 * between boxes fairly, each box one share whatever its threads. */
typedef struct {
    int pids, memory, freeze, cpu, weight;
} cg_plan;
#define CG_FEATURES 5

static cg_hier cg_h[H_COUNT];
static cg_plan cg_use = {-1, -1, -1, -1, -1};
static char cg_text[160];

struct cgroup {
    long id;
    char dir[H_COUNT][PATH_MAX]; /* "" where unused */
    /* pids.events and the memory events, kept open for the check before
     * every move (-1 until first read) */
    int tasks_fd, oom_fd;
    /* cgroup.freeze or freezer.state, kept open: bots are frozen and
     * thawed at every move (-1 until first used) */
    int freeze_fd;
    /* cpu.weight or cpu.shares, kept open likewise (-1) */
    int weight_fd;
    /* cpu.stat or cpuacct.usage, kept open for the CPU clock, which reads
     * it several times a move (-1) */
    int cpu_fd;
};

/* ---- small file helpers ------------------------------------------------- */

static int cg_write(const char *dir, const char *file, const char *text)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t len = strlen(text);
    ssize_t n;
    do
        n = write(fd, text, len);
    while (n < 0 && errno == EINTR);
    int e = errno;
    close(fd);
    errno = e;
    return n == (ssize_t)len ? 0 : -1;
}

static ssize_t cg_read(const char *dir, const char *file, char *buf,
                       size_t len)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n, got = 0;
    while ((size_t)got < len - 1 &&
           ((n = read(fd, buf + got, len - 1 - (size_t)got)) > 0 ||
            (n < 0 && errno == EINTR)))
        if (n > 0)
            got += n;
    close(fd);
    buf[got] = '\0';
    return got;
}

/* The number after "key " in a flat keyed file, or -1. */
static long cg_read_key(const char *dir, const char *file, const char *key)
{
    char buf[4096];
    if (cg_read(dir, file, buf, sizeof buf) < 0)
        return -1;
    size_t klen = strlen(key);
    for (char *line = buf; line && *line;) {
        if (strncmp(line, key, klen) == 0 && line[klen] == ' ')
            return strtol(line + klen + 1, NULL, 10);
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

static long long cg_read_number(const char *dir, const char *file)
{
    char buf[64];
    if (cg_read(dir, file, buf, sizeof buf) <= 0)
        return -1;
    return strtoll(buf, NULL, 10);
}

/* ---- finding the hierarchies ------------------------------------------ */

static bool cg_has_word(const char *list, const char *word, char sep)
{
    size_t n = strlen(word);
    for (const char *p = list; p && *p;) {
        if (strncmp(p, word, n) == 0 && (p[n] == sep || p[n] == '\0' ||
                                          p[n] == '\n' || p[n] == ' '))
            return true;
        p = strchr(p, sep);
        if (p)
            p++;
    }
    return false;
}

/* Our group's path in hierarchy h, from /proc/self/cgroup. */
static bool cg_own_path(int h, char *out, size_t len)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    if (!f)
        return false;
    char line[PATH_MAX + 128];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2)
            continue;
        *c2 = '\0';
        char *ctrls = c1 + 1, *path = c2 + 1;
        path[strcspn(path, "\n")] = '\0';
        if (h == H_V2 ? (strncmp(line, "0:", 2) == 0 && !*ctrls)
                      : cg_has_word(ctrls, cg_v1_names[h], ',')) {
            snprintf(out, len, "%s", path);
            found = true;
        }
    }
    fclose(f);
    return found;
}

/* From one /proc/self/mountinfo line: the mount point and root of a
 * cgroup mount serving hierarchy h. */
static bool cg_mount_of(char *line, int h, char **root, char **point)
{
    char *sep = strstr(line, " - ");
    if (!sep)
        return false;
    *sep = '\0';
    char *fstype = strtok(sep + 3, " "), *src = strtok(NULL, " "),
         *opts = strtok(NULL, " \n");
    (void)src;
    if (!fstype || !opts)
        return false;
    if (h == H_V2 ? strcmp(fstype, "cgroup2") != 0
                  : (strcmp(fstype, "cgroup") != 0 ||
                     !cg_has_word(opts, cg_v1_names[h], ',')))
        return false;
    char *f[5] = {0};
    char *save = NULL, *p = strtok_r(line, " ", &save);
    for (int i = 0; i < 5 && p; i++, p = strtok_r(NULL, " ", &save))
        f[i] = p;
    if (!f[4])
        return false;
    *root = f[3];
    *point = f[4];
    return true;
}

static bool cg_find(int h)
{
    char own[PATH_MAX];
    if (!cg_own_path(h, own, sizeof own))
        return false;
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f)
        return false;
    char line[2 * PATH_MAX];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char *root = NULL, *point = NULL;
        if (!cg_mount_of(line, h, &root, &point))
            continue;
        size_t rl = strcmp(root, "/") == 0 ? 0 : strlen(root);
        if (strncmp(own, root, rl) != 0)
            continue; /* our group is outside what is mounted here */
        snprintf(cg_h[h].own, sizeof cg_h[h].own, "%s%s", point, own + rl);
        size_t l = strlen(cg_h[h].own);
        if (l > 1 && cg_h[h].own[l - 1] == '/')
            cg_h[h].own[l - 1] = '\0';
        cg_h[h].version = h == H_V2 ? 2 : 1;
        found = true;
    }
    fclose(f);
    return found;
}

/* Remove the run groups of referees that died without removing theirs
 * (killed before their guard started, or with it): what is left in them
 * is killed.  A group whose pid lives is someone's, and left alone. */
static void cg_sweep_dead_runs(const char *own)
{
    DIR *d = opendir(own);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        char *end;
        if (strncmp(e->d_name, "referee-", 8) != 0)
            continue;
        long pid = strtol(e->d_name + 8, &end, 10);
        if (*end || pid <= 0 || pid == (long)getpid() ||
            kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char path[PATH_MAX + 300];
        snprintf(path, sizeof path, "%s/%s", own, e->d_name);
        cgroup_kill_tree(path);
    }
    closedir(d);
}

/* Make (or reuse, after a dead run of the same pid) our run group. */
static bool cg_make_run(int h)
{
    cg_hier *c = &cg_h[h];
    cg_sweep_dead_runs(c->own);
    char name[32];
    snprintf(name, sizeof name, "/referee-%ld", (long)getpid());
    size_t l = strlen(c->own);
    if (l + strlen(name) >= sizeof c->run)
        return false;
    memcpy(c->run, c->own, l);
    memcpy(c->run + l, name, strlen(name) + 1);
    if (mkdir(c->run, 0755) != 0) {
        if (errno != EEXIST)
            return false;
        cgroup_kill_tree(c->run);
        if (mkdir(c->run, 0755) != 0 && errno != EEXIST)
            return false;
    }
    c->made = true;
    return true;
}

/* v2: can our run group hand controller ctl to its children? */
static bool cg_v2_enable(const char *ctl)
{
    char avail[512], word[32];
    if (cg_read(cg_h[H_V2].own, "cgroup.controllers", avail, sizeof avail) <
            0 ||
        !cg_has_word(avail, ctl, ' '))
        return false;
    snprintf(word, sizeof word, "+%s", ctl);
    /* Our own group must pass it down; it may already. */
    cg_read(cg_h[H_V2].own, "cgroup.subtree_control", avail, sizeof avail);
    if (!cg_has_word(avail, ctl, ' ') &&
        cg_write(cg_h[H_V2].own, "cgroup.subtree_control", word) != 0)
        return false;
    return cg_write(cg_h[H_V2].run, "cgroup.subtree_control", word) == 0;
}

static void cg_describe(void)
{
    static const char *const what[CG_FEATURES] = {"pids", "memory", "freeze",
                                                  "cpu", "weight"};
    const int *use = &cg_use.pids;
    size_t n = 0;
    for (int v = 2; v >= 1; v--) {
        bool any = false;
        for (int i = 0; i < CG_FEATURES; i++) {
            if (use[i] < 0 || cg_h[use[i]].version != v)
                continue;
            n += (size_t)snprintf(cg_text + n, sizeof cg_text - n, "%s%s",
                                  any ? "," : (n ? "; v1 " : v == 2
                                                                 ? "v2 "
                                                                 : "v1 "),
                                  what[i]);
            any = true;
            if (n >= sizeof cg_text)
                return;
        }
    }
}

/* The CPU weight: v2's cpu controller where our group can pass it on,
 * else the v1 cpu hierarchy (which may be mounted with cpuacct, and is
 * then that one). */
static void cg_plan_weight(void)
{
    if (cg_use.cpu == H_V2 && cg_v2_enable("cpu")) {
        cg_use.weight = H_V2;
        return;
    }
    if (!cg_h[H_CPU].version)
        return;
    if (cg_use.cpu == H_CPUACCT &&
        strcmp(cg_h[H_CPU].own, cg_h[H_CPUACCT].own) == 0) {
        cg_use.weight = H_CPUACCT;
        cg_h[H_CPU].version = 0;
    } else if (cg_make_run(H_CPU)) {
        cg_use.weight = H_CPU;
    }
}

int cgroup_setup(char *err, size_t errlen)
{
    if (cg_use.pids >= 0)
        return 0;
    for (int h = 0; h < H_COUNT; h++)
        cg_find(h);
    /* REFEREE_CGROUP=v1: leave v2 alone where v1 can do it all (to test
     * the v1 paths on a hybrid machine, or where v2 misbehaves). */
    const char *only = getenv("REFEREE_CGROUP");
    if (only && strcmp(only, "v1") == 0)
        cg_h[H_V2].version = 0;
    if (cg_h[H_V2].version && cg_make_run(H_V2)) {
        cg_use.freeze = cg_use.cpu = H_V2;
        if (cg_v2_enable("pids"))
            cg_use.pids = H_V2;
        if (cg_v2_enable("memory"))
            cg_use.memory = H_V2;
    }
    int want[][2] = {{H_PIDS, 0}, {H_MEMORY, 1}, {H_FREEZER, 2},
                     {H_CPUACCT, 3}};
    int *use = &cg_use.pids;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (use[want[i][1]] < 0 && cg_h[want[i][0]].version &&
            cg_make_run(want[i][0]))
            use[want[i][1]] = want[i][0];
    cg_plan_weight();
    if (cg_use.pids < 0 || cg_use.memory < 0 || cg_use.freeze < 0 ||
        cg_use.cpu < 0) {
        snprintf(err, errlen,
                 "no writable control groups for%s%s%s%s beneath ours",
                 cg_use.pids < 0 ? " pids" : "",
                 cg_use.memory < 0 ? " memory" : "",
                 cg_use.freeze < 0 ? " freezing" : "",
                 cg_use.cpu < 0 ? " cpu" : "");
        cgroup_teardown();
        return -1;
    }
    cg_describe();
    return 0;
}

const char *cgroup_describe(void)
{
    return cg_text;
}

size_t cgroup_run_dirs(const char **dirs, size_t max)
{
    size_t n = 0;
    for (int h = 0; h < H_COUNT && n < max; h++)
        if (cg_h[h].made)
            dirs[n++] = cg_h[h].run;
    return n;
}

static void cg_drop_pending(void);
static void cg_retry_pending(void);

void cgroup_teardown(void)
{
    cg_drop_pending();
    for (int h = 0; h < H_COUNT; h++)
        if (cg_h[h].made) {
            cgroup_kill_tree(cg_h[h].run);
            cg_h[h].made = false;
        }
    /* Forget the hierarchies too: a cgroup_setup() after this one (the
     * next series of the same run) finds them afresh, not through what
     * this one changed (cg_plan_weight drops the cpu hierarchy it shares
     * with cpuacct, REFEREE_CGROUP=v1 drops v2). */
    memset(cg_h, 0, sizeof cg_h);
    cg_use = (cg_plan){-1, -1, -1, -1, -1};
    cg_text[0] = '\0';
}

/* ---- one bot's group ---------------------------------------------------- */

static bool cg_used(int h)
{
    return cg_use.pids == h || cg_use.memory == h || cg_use.freeze == h ||
           cg_use.cpu == h || cg_use.weight == h;
}

static int cg_set_caps(cgroup *cg, long mem_mb, long tasks)
{
    char num[32];
    const char *pd = cg->dir[cg_use.pids], *md = cg->dir[cg_use.memory];
    if (tasks > 0)
        snprintf(num, sizeof num, "%ld", tasks);
    if (cg_write(pd, "pids.max", tasks > 0 ? num : "max") != 0)
        return -1;
    /* Every box the same share, set rather than assumed. */
    if (cg_use.weight >= 0 &&
        cg_write(cg->dir[cg_use.weight],
                 cg_h[cg_use.weight].version == 2 ? "cpu.weight"
                                                  : "cpu.shares",
                 cg_h[cg_use.weight].version == 2 ? "100" : "1024") != 0)
        return -1;
    if (mem_mb <= 0)
        return 0;
    snprintf(num, sizeof num, "%lld", (long long)mem_mb << 20);
    if (cg_h[cg_use.memory].version == 2) {
        cg_write(md, "memory.swap.max", "0"); /* absent without swap */
        return cg_write(md, "memory.max", num);
    }
    if (cg_write(md, "memory.limit_in_bytes", num) != 0)
        return -1;
    cg_write(md, "memory.memsw.limit_in_bytes", num); /* no swapping out */
    return 0;
}

cgroup *cgroup_new(long id, long mem_mb, long tasks, char *err,
                   size_t errlen)
{
    if (cg_use.pids < 0) {
        snprintf(err, errlen, "control groups are not set up");
        return NULL;
    }
    cg_retry_pending();
    cgroup *cg = calloc(1, sizeof *cg);
    if (!cg) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    cg->id = id;
    cg->tasks_fd = cg->oom_fd = cg->freeze_fd = cg->weight_fd = cg->cpu_fd = -1;
    for (int h = 0; h < H_COUNT; h++) {
        if (!cg_used(h))
            continue;
        snprintf(cg->dir[h], sizeof cg->dir[h], "%s/bot-%ld", cg_h[h].run,
                 id);
        if (mkdir(cg->dir[h], 0755) != 0) {
            snprintf(err, errlen, "cannot make control group %s: %s",
                     cg->dir[h], strerror(errno));
            cg->dir[h][0] = '\0';
            cgroup_free(cg);
            return NULL;
        }
    }
    if (cg_set_caps(cg, mem_mb, tasks) != 0) {
        snprintf(err, errlen, "cannot set the limits of control group %s: %s",
                 cg->dir[cg_use.pids], strerror(errno));
        cgroup_free(cg);
        return NULL;
    }
    return cg;
}

int cgroup_join_fds(const cgroup *cg, int fds[CGROUP_MAX_JOIN])
{
    int n = 0;
    for (int h = 0; h < H_COUNT; h++) {
        if (!cg->dir[h][0] || n == CGROUP_MAX_JOIN)
            continue;
        char path[PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/cgroup.procs", cg->dir[h]);
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0) {
            while (n > 0)
                close(fds[--n]);
            return -1;
        }
        fds[n++] = fd;
    }
    return n;
}

/* *fd open on dir/name: opened on first use and kept open for the checks
 * and writes made at every move.  false if it cannot be opened. */
static bool cg_kept_open(int *fd, const char *dir, const char *name,
                         int flags)
{
    if (*fd < 0) {
        char path[PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        *fd = open(path, flags | O_CLOEXEC);
    }
    return *fd >= 0;
}

/* Write text to the file name of dir through *fd (cg_kept_open). */
static void cg_rewrite(int *fd, const char *dir, const char *name,
                       const char *text)
{
    if (!cg_kept_open(fd, dir, name, O_WRONLY))
        return;
    ssize_t n;
    do
        n = pwrite(*fd, text, strlen(text), 0);
    while (n < 0 && errno == EINTR);
}

void cgroup_freeze(cgroup *cg, bool on)
{
    bool v2 = cg_h[cg_use.freeze].version == 2;
    /* A frozen box also gets the least CPU weight: a thread the freezer
     * cannot stop until its system call ends (a long page-table walk, say)
     * then gets next to nothing while the bot on move wants the CPU.  It
     * gets it back before it is thawed. */
    if (cg_use.weight >= 0 && !on) {
        bool w2 = cg_h[cg_use.weight].version == 2;
        cg_rewrite(&cg->weight_fd, cg->dir[cg_use.weight],
                   w2 ? "cpu.weight" : "cpu.shares", w2 ? "100" : "1024");
    }
    cg_rewrite(&cg->freeze_fd, cg->dir[cg_use.freeze],
               v2 ? "cgroup.freeze" : "freezer.state",
               v2 ? (on ? "1" : "0") : (on ? "FROZEN" : "THAWED"));
    if (cg_use.weight >= 0 && on) {
        bool w2 = cg_h[cg_use.weight].version == 2;
        cg_rewrite(&cg->weight_fd, cg->dir[cg_use.weight],
                   w2 ? "cpu.weight" : "cpu.shares", w2 ? "1" : "2");
    }
}

/* SIGKILL to every process listed in dir/cgroup.procs; how many. */
static int cg_kill_listed(const char *dir)
{
    char buf[65536];
    if (cg_read(dir, "cgroup.procs", buf, sizeof buf) <= 0)
        return 0;
    int n = 0;
    for (char *p = buf; *p;) {
        long pid = strtol(p, &p, 10);
        if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0)
            n++;
        while (*p == '\n' || *p == ' ')
            p++;
        if (pid <= 0)
            break;
    }
    return n;
}

static void cg_kill_dir(const char *dir)
{
    char probe[PATH_MAX + 32];
    snprintf(probe, sizeof probe, "%s/cgroup.kill", dir);
    if (access(probe, W_OK) == 0 && cg_write(dir, "cgroup.kill", "1") == 0)
        return;
    /* v1: a frozen group cannot fork between our reading and killing. */
    cg_write(dir, "freezer.state", "FROZEN");
    for (int round = 0; round < 8 && cg_kill_listed(dir) > 0; round++)
        ;
    cg_write(dir, "freezer.state", "THAWED");
}

void cgroup_kill(cgroup *cg)
{
    if (!cg)
        return;
    for (int h = 0; h < H_COUNT; h++)
        if (cg->dir[h][0]) {
            cg_kill_dir(cg->dir[h]);
            if (cg_h[h].version == 2)
                break; /* cgroup.kill got them all */
        }
}

void cgroup_stats_read(const cgroup *cg, cgroup_stats *st)
{
    memset(st, 0, sizeof *st);
    const char *pd = cg->dir[cg_use.pids], *md = cg->dir[cg_use.memory],
               *cd = cg->dir[cg_use.cpu];
    st->tasks_peak = cg_read_number(pd, "pids.peak");
    st->tasks_denied = cg_read_key(pd, "pids.events", "max");
    if (cg_h[cg_use.memory].version == 2) {
        st->mem_kb_peak = (long)(cg_read_number(md, "memory.peak") / 1024);
        st->oom_kills = cg_read_key(md, "memory.events", "oom_kill");
    } else {
        st->mem_kb_peak =
            (long)(cg_read_number(md, "memory.max_usage_in_bytes") / 1024);
        st->oom_kills = cg_read_key(md, "memory.oom_control", "oom_kill");
    }
    if (cg_h[cg_use.cpu].version == 2)
        st->cpu_s = (double)cg_read_key(cd, "cpu.stat", "usage_usec") / 1e6;
    else
        st->cpu_s = (double)cg_read_number(cd, "cpuacct.usage") / 1e9;
    if (st->tasks_denied < 0)
        st->tasks_denied = 0;
    if (st->oom_kills < 0)
        st->oom_kills = 0;
}

/* The number after "key " in the keyed file open on *fd (opened from
 * dir/file on first use), read again from its start; -1 if unreadable. */
static long cg_pread_key(int *fd, const char *dir, const char *file,
                         const char *key)
{
    if (!cg_kept_open(fd, dir, file, O_RDONLY))
        return -1;
    char buf[1024];
    ssize_t n;
    do
        n = pread(*fd, buf, sizeof buf - 1, 0);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    size_t klen = strlen(key);
    for (char *line = buf; line && *line;) {
        if (strncmp(line, key, klen) == 0 && line[klen] == ' ')
            return strtol(line + klen + 1, NULL, 10);
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

double cgroup_cpu_read(cgroup *cg)
{
    const char *cd = cg->dir[cg_use.cpu];
    if (cg_h[cg_use.cpu].version == 2) {
        long us = cg_pread_key(&cg->cpu_fd, cd, "cpu.stat", "usage_usec");
        return us < 0 ? -1. : (double)us / 1e6;
    }
    if (!cg_kept_open(&cg->cpu_fd, cd, "cpuacct.usage", O_RDONLY))
        return -1.;
    char buf[64];
    ssize_t n;
    do
        n = pread(cg->cpu_fd, buf, sizeof buf - 1, 0);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return -1.;
    buf[n] = '\0';
    return (double)strtoull(buf, NULL, 10) / 1e9;
}

void cgroup_breaches_read(cgroup *cg, cgroup_stats *st)
{
    memset(st, 0, sizeof *st);
    st->tasks_denied = cg_pread_key(&cg->tasks_fd, cg->dir[cg_use.pids],
                                    "pids.events", "max");
    st->oom_kills = cg_pread_key(&cg->oom_fd, cg->dir[cg_use.memory],
                                 cg_h[cg_use.memory].version == 2
                                     ? "memory.events"
                                     : "memory.oom_control",
                                 "oom_kill");
    if (st->tasks_denied < 0)
        st->tasks_denied = 0;
    if (st->oom_kills < 0)
        st->oom_kills = 0;
}

/* Remove dir once nothing runs in it: a group is busy until its last
 * process has exited, which takes a moment after SIGKILL. */
static void cg_remove(const char *dir, int tries)
{
    for (int i = 0; i < tries; i++) {
        if (rmdir(dir) == 0 || errno != EBUSY)
            return;
        cg_kill_dir(dir);
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
}

/* Groups whose processes were still dying when their bot was freed:
 * removed later, never waited for on the loop. */
#define CG_PENDING 256
static char *cg_pending[CG_PENDING];

static void cg_retry_pending(void)
{
    for (int i = 0; i < CG_PENDING; i++)
        if (cg_pending[i] &&
            (rmdir(cg_pending[i]) == 0 || errno != EBUSY)) {
            free(cg_pending[i]);
            cg_pending[i] = NULL;
        }
}

static void cg_defer(const char *dir)
{
    for (int i = 0; i < CG_PENDING; i++)
        if (!cg_pending[i]) {
            cg_pending[i] = strdup(dir);
            return;
        }
    /* Full: the run group's teardown removes it. */
}

void cgroup_free(cgroup *cg)
{
    if (!cg)
        return;
    if (cg->tasks_fd >= 0)
        close(cg->tasks_fd);
    if (cg->oom_fd >= 0)
        close(cg->oom_fd);
    if (cg->freeze_fd >= 0)
        close(cg->freeze_fd);
    if (cg->weight_fd >= 0)
        close(cg->weight_fd);
    if (cg->cpu_fd >= 0)
        close(cg->cpu_fd);
    for (int h = 0; h < H_COUNT; h++)
        if (cg->dir[h][0] && rmdir(cg->dir[h]) != 0 && errno == EBUSY) {
            cg_kill_dir(cg->dir[h]);
            cg_defer(cg->dir[h]);
        }
    free(cg);
    cg_retry_pending();
}

static void cg_drop_pending(void)
{
    for (int i = 0; i < CG_PENDING; i++)
        if (cg_pending[i]) {
            cg_remove(cg_pending[i], 1000);
            free(cg_pending[i]);
            cg_pending[i] = NULL;
        }
}

void cgroup_kill_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        for (struct dirent *e; (e = readdir(d));) {
            if (e->d_type != DT_DIR || e->d_name[0] == '.')
                continue;
            char sub[PATH_MAX + 300];
            snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
            cgroup_kill_tree(sub);
        }
        closedir(d);
    }
    cg_kill_dir(dir);
    cg_remove(dir, 1000);
}
