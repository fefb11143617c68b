/* guard.c - kill the bots' groups when the referee dies (see guard.h). */
#include "guard.h"

#include "proc/procfs.h"
#include "util/grow.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "environ.h"
#include "proc.h"
#include "sandbox/cgroup.h"

/* How long a clean exit waits for the guard before killing it. */
#define GUARD_WAIT_MS 1000

/* Rounds of environment scans after the referee's death: a process
 * forked between a scan and its kill is found by the next. */
#define GUARD_SCAN_ROUNDS 5

/* Messages are one int32 each, written atomically: +pgid adds a group,
 * -pgid removes it. */
static int guard_fd = -1;
static pid_t guard_child = -1;
/* A pidfd of the guard where the kernel has them: the guard may be
 * reaped if it dies (the starter's reaper leaves it alone while it is
 * ours, proc/starter.h), and its pid may then be a new bot's; the pidfd
 * still names the dead guard. */
static int guard_pidfd = -1;
static int guard_failed;
/* One guard per process, whichever thread's loop starts bots: its start
 * and its messages go one at a time. */
static pthread_mutex_t guard_mu = PTHREAD_MUTEX_INITIALIZER;
/* "REFEREE_GUARD_<token>=", put with the bot's id as value in every bot's
 * environment; unique per referee run, so nested referees keep each
 * their own. */
static char guard_mark[64];

typedef struct {
    int32_t *pg;
    size_t n, cap;
} guard_set;

static void guard_set_add(guard_set *s, int32_t pg)
{
    int32_t *p = grow(s->pg, &s->cap, s->n + 1, sizeof *p, 64);
    if (!p)
        return; /* unprotected, not fatal */
    s->pg = p;
    s->pg[s->n++] = pg;
}

static void guard_set_remove(guard_set *s, int32_t pg)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->pg[i] == pg) {
            s->pg[i] = s->pg[--s->n];
            return;
        }
}

/* Kill every process carrying our mark: whatever a bot started, even in a
 * session of its own.  Returns how many were found. */
static int guard_kill_one(pid_t pid, const char *name, void *arg)
{
    (void)name;
    char id[32];
    if (proc_environ_find(pid, guard_mark, id, sizeof id)) {
        kill(pid, SIGKILL);
        ++*(int *)arg;
    }
    return 0;
}

static int guard_kill_marked(void)
{
    int found = 0;
    procfs_each(guard_kill_one, &found);
    return found;
}

/* The guard process: only its pipe open, deaf to the signals meant for
 * the referee, in a session of its own so that a terminal's or a group's
 * signal does not end it before it has done its work. */
static void guard_main(int rd)
{
    if (rd != 0) {
        dup2(rd, 0);
        rd = 0;
    }
    proc_close_from(1);
    setsid();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    for (int sig = 1; sig < NSIG; sig++) {
        sa.sa_handler = sig == SIGINT || sig == SIGTERM || sig == SIGHUP ||
                                sig == SIGQUIT || sig == SIGPIPE ||
                                sig == SIGTSTP || sig == SIGTTIN ||
                                sig == SIGTTOU
                            ? SIG_IGN
                            : SIG_DFL;
        sigaction(sig, &sa, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    guard_set s = {0};
    unsigned char buf[4096];
    size_t have = 0;
    for (;;) {
        ssize_t n = read(rd, buf + have, sizeof buf - have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        have += (size_t)n;
        size_t used = 0;
        for (; have - used >= sizeof(int32_t); used += sizeof(int32_t)) {
            int32_t v;
            memcpy(&v, buf + used, sizeof v);
            if (v > 0)
                guard_set_add(&s, v);
            else if (v < 0)
                guard_set_remove(&s, -v);
        }
        memmove(buf, buf + used, have - used);
        have -= used;
    }
    for (size_t i = 0; i < s.n; i++)
        kill(-(pid_t)s.pg[i], SIGKILL);
    /* Boxed bots: everything in their control groups, wherever it went
     * and whatever it did to its environment. */
    const char *dirs[8];
    size_t ndirs = cgroup_run_dirs(dirs, 8);
    for (size_t i = 0; i < ndirs; i++)
        cgroup_kill_tree(dirs[i]);
    for (int round = 0; round < GUARD_SCAN_ROUNDS; round++)
        if (guard_kill_marked() == 0)
            break;
    _exit(0);
}

static int guard_start(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    snprintf(guard_mark, sizeof guard_mark, "REFEREE_GUARD_%x_%lx_%lx=",
             (unsigned)getpid(), (unsigned long)ts.tv_sec,
             (unsigned long)ts.tv_nsec);
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return -1;
    /* No handler of the referee's may run in the guard before it has
     * reset them: block every signal across the fork. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = fork();
    if (pid == 0)
        guard_main(p[0]);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    close(p[0]);
    /* Never block the referee on a guard that stopped reading. */
    fcntl(p[1], F_SETFL, fcntl(p[1], F_GETFL) | O_NONBLOCK);
    guard_fd = p[1];
    guard_child = pid;
    guard_pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    return 0;
}

static void guard_kill(void)
{
    if (guard_pidfd >= 0)
        syscall(SYS_pidfd_send_signal, guard_pidfd, SIGKILL, NULL, 0);
    else
        kill(guard_child, SIGKILL);
}

/* Reaped now, or already (it died and was reaped as an orphan)?  Never
 * waits. */
static int guard_reaped(void)
{
    if (guard_pidfd >= 0) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        int r = waitid((idtype_t)P_PIDFD, (id_t)guard_pidfd, &si,
                       WEXITED | WNOHANG);
        return r < 0 ? errno != EINTR : si.si_pid != 0;
    }
    pid_t r = waitpid(guard_child, NULL, WNOHANG);
    return r == guard_child || (r < 0 && errno != EINTR);
}

static void guard_end(void)
{
    close(guard_fd);
    guard_fd = -1;
    /* Wait a moment for it to finish its work, but never hang on one that
     * was stopped or cannot exit. */
    for (int ms = 0; !guard_reaped() && ms < 2 * GUARD_WAIT_MS; ms++) {
        if (ms == GUARD_WAIT_MS)
            guard_kill();
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    if (guard_pidfd >= 0)
        close(guard_pidfd);
    guard_pidfd = -1;
    guard_child = -1;
}

static void guard_send(int32_t v)
{
    if (guard_fd < 0)
        return;
    ssize_t n;
    do
        n = write(guard_fd, &v, sizeof v);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof v) {
        /* A guard that missed a message could later kill a group id that
         * is someone else's by then: better no guard at all. */
        guard_kill();
        guard_end();
        guard_failed = 1;
    }
}

static void guard_ensure(void)
{
    if (guard_fd < 0 && !guard_failed && guard_start() != 0)
        guard_failed = 1;
}

const char *guard_env_mark(void)
{
    pthread_mutex_lock(&guard_mu);
    guard_ensure();
    const char *mark = guard_fd >= 0 ? guard_mark : NULL;
    pthread_mutex_unlock(&guard_mu);
    return mark;
}

void guard_add(pid_t pgid)
{
    if (pgid <= 0)
        return;
    pthread_mutex_lock(&guard_mu);
    guard_ensure();
    guard_send((int32_t)pgid);
    pthread_mutex_unlock(&guard_mu);
}

void guard_remove(pid_t pgid)
{
    if (pgid <= 0)
        return;
    pthread_mutex_lock(&guard_mu);
    guard_send(-(int32_t)pgid);
    pthread_mutex_unlock(&guard_mu);
}

void guard_stop(void)
{
    pthread_mutex_lock(&guard_mu);
    if (guard_fd >= 0)
        guard_end();
    pthread_mutex_unlock(&guard_mu);
}

pid_t guard_pid(void)
{
    return guard_child;
}
