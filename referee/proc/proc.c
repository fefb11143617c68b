/* proc.c - bot child processes (see proc.h). */
#include "proc.h"

#include "guard.h"
#include "sandbox/idmap.h"
#include "sandbox/seccomp_filter.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

void proc_ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

/* Open files of one running bot: its three pipes and its log; in a box
 * also its uid lock, its init's pidfd and five control-group files (two
 * counters, the freezer, the CPU weight and, for the CPU clock, its CPU
 * account). */
static rlim_t proc_files_per_bot(void)
{
    return sandbox_active() ? 11 : 4;
}

/* Open files with `games` games of `seats` bots at once: theirs, and a
 * fixed part (the loop, the threads, the guard, the files being written,
 * and the dozen a start holds for a moment: starts come one at a time). */
static rlim_t proc_files_for(int games, int seats)
{
    return 64 + proc_files_per_bot() * (rlim_t)seats * (rlim_t)games;
}

/* Raise the soft limit of open files to need, and the hard one too when
 * we may; the soft limit in force. */
static rlim_t proc_raise_files(rlim_t need)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 0;
    if (rl.rlim_cur < need) {
        struct rlimit up = {need, rl.rlim_max > need ? rl.rlim_max : need};
        if (setrlimit(RLIMIT_NOFILE, &up) != 0) {
            up.rlim_cur = rl.rlim_max < need ? rl.rlim_max : need;
            up.rlim_max = rl.rlim_max;
            setrlimit(RLIMIT_NOFILE, &up);
        }
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    return rl.rlim_cur;
}

int proc_max_games(int want, int seats, char *why, size_t whylen)
{
    rlim_t need = proc_files_for(want, seats);
    rlim_t have = proc_raise_files(need);
    rlim_t per_game = proc_files_per_bot() * (rlim_t)seats;
    long games = want;
    if (have < need) {
        games = have > 64 ? (long)((have - 64) / per_game) : 0;
        snprintf(why, whylen, "needs %lu open files, the limit is %lu "
                 "(ulimit -n) and cannot be raised here",
                 (unsigned long)need, (unsigned long)have);
    }
    unsigned long uids = sandbox_uid_count();
    if (uids && (unsigned long)seats * (unsigned long)games > uids) {
        games = (long)(uids / (unsigned long)seats);
        snprintf(why, whylen, "needs %lu sandbox user ids, the range has "
                 "%lu (--sandbox-uids)",
                 (unsigned long)seats * (unsigned long)want, uids);
    }
    return games < 1 ? 1 : (int)games;
}

/* One pass over the command: count words and bytes (out == NULL) or copy
 * them into out.  Returns the number of words or -1 on a bad quote. */
static int proc_scan_words(const char *s, char **argv, char *out)
{
    int words = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        if (argv)
            argv[words] = out;
        words++;
        while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
            char q = *s;
            if (q == '\'' || q == '"') {
                const char *end = strchr(s + 1, q);
                if (!end)
                    return -1;
                for (s++; s < end; s++) {
                    if (q == '"' && *s == '\\' && s + 1 < end)
                        s++;
                    if (out)
                        *out++ = *s;
                }
                s++;
            } else {
                if (q == '\\' && s[1])
                    s++;
                if (out)
                    *out++ = *s;
                s++;
            }
        }
        if (out)
            *out++ = '\0';
    }
    return words;
}

char **proc_split_command(const char *command, char *err, size_t errlen)
{
    int words = proc_scan_words(command, NULL, NULL);
    if (words < 0) {
        snprintf(err, errlen, "unbalanced quote in command '%s'", command);
        return NULL;
    }
    if (words == 0) {
        snprintf(err, errlen, "empty command");
        return NULL;
    }
    size_t ptrs = sizeof(char *) * (size_t)(words + 1);
    char **argv = malloc(ptrs + strlen(command) + 1);
    if (!argv) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    proc_scan_words(command, argv, (char *)argv + ptrs);
    argv[words] = NULL;
    return argv;
}

void proc_limits_defaults(proc_limits *l)
{
    l->mem_mb = 1024;
    l->cpu_s = 600;
    l->procs = 256;
    l->fsize_mb = 64;
    l->files = 256;
    l->vm_mb = 0;
}

static void proc_set_limit(int resource, long value, long unit)
{
    if (value <= 0)
        return;
    struct rlimit old, rl = {.rlim_cur = (rlim_t)value * (rlim_t)unit,
                             .rlim_max = (rlim_t)value * (rlim_t)unit};
    /* CPU: SIGXCPU at the soft limit, SIGKILL a second later. */
    if (resource == RLIMIT_CPU)
        rl.rlim_max = rl.rlim_cur + 1;
    /* Never above what we inherited: raising a hard limit needs
     * privilege, and the whole call would fail. */
    if (getrlimit(resource, &old) == 0 && old.rlim_max != RLIM_INFINITY &&
        rl.rlim_max > old.rlim_max) {
        rl.rlim_max = old.rlim_max;
        if (rl.rlim_cur > rl.rlim_max)
            rl.rlim_cur = rl.rlim_max;
        /* At the hard CPU limit the kernel sends SIGKILL, not SIGXCPU:
         * keep a second between them so the cause stays known. */
        if (resource == RLIMIT_CPU && rl.rlim_cur == rl.rlim_max &&
            rl.rlim_cur > 1)
            rl.rlim_cur--;
    }
    setrlimit(resource, &rl);
}

/* What the child was asked to become. */
typedef struct {
    int in, out, err, status_fd;
    pid_t parent; /* 0 in a box: the parent is outside its pid namespace */
    char **argv, **envp;
    const proc_limits *lim;
    const sandbox_enter_args *box; /* NULL: no sandbox */
} proc_plan;

static _Noreturn void proc_child_fail(int status_fd, const char *stage)
{
    sandbox_report_send(status_fd, SANDBOX_REPORT_FAILED, errno, 0, stage);
    _exit(127);
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static _Noreturn void proc_child_setup(const proc_plan *p)
{
    int status_fd = p->status_fd;
    if (p->box) {
        const char *stage = "";
        if (sandbox_enter(p->box, &stage) != 0)
            proc_child_fail(status_fd, stage);
    }
    /* A group, not a session: setsid() would also make a scheduler
     * autogroup, which costs milliseconds per bot to create and destroy.
     * Without a box a bot may thus move a process into another bot's
     * group; usage.c charges a process to the bot it descends from, so
     * that gains it nothing. */
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != p->parent)
        _exit(127);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++)
        sigaction(sig, &sa, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (p->lim) {
        proc_set_limit(RLIMIT_AS, p->lim->vm_mb, 1L << 20);
        proc_set_limit(RLIMIT_CPU, p->lim->cpu_s, 1);
        proc_set_limit(RLIMIT_FSIZE, p->lim->fsize_mb, 1L << 20);
        proc_set_limit(RLIMIT_NOFILE, p->lim->files, 1);
    }
    if (dup2(p->in, 0) < 0 || dup2(p->out, 1) < 0 || dup2(p->err, 2) < 0)
        proc_child_fail(status_fd, "exec");
    /* Everything is O_CLOEXEC already; this also covers descriptors a
     * library may have opened without it.  The status pipe goes to fd 3
     * first (it is close-on-exec), so one range closes the rest. */
    if (status_fd != 3) {
        if (dup3(status_fd, 3, O_CLOEXEC) < 0)
            proc_child_fail(status_fd, "exec");
        status_fd = 3;
    }
    proc_close_from(4);
    /* execvpe looks the program up in our own PATH, not envp's: a boxed
     * child (forked, its memory its own) takes the box's environment
     * first, so that the box's PATH is the one searched. */
    if (p->box) {
        environ = p->envp;
        execvp(p->argv[0], p->argv);
    } else {
        execvpe(p->argv[0], p->argv, p->envp);
    }
    proc_child_fail(status_fd, "exec");
}

void proc_close_from(int fd)
{
    if (syscall(SYS_close_range, (unsigned)fd, ~0U, 0U) == 0)
        return;
    /* Kernels before 5.9 or a seccomp filter: the referee holds a few
     * thousand descriptors at most (proc_max_games), so this bound is
     * safe, and it does not depend on a limit just lowered for the bot. */
    for (; fd < 65536; fd++)
        close(fd);
}

/* Leading NAME=VALUE words of a command, as a shell reads them: the
 * variables its entrant gives the bot.  How many. */
static int proc_assignments(char *const *argv)
{
    int n = 0;
    for (; argv[n]; n++) {
        const char *w = argv[n];
        if (!(*w == '_' || (*w >= 'A' && *w <= 'Z') ||
              (*w >= 'a' && *w <= 'z')))
            break;
        size_t len = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "abcdefghijklmnopqrstuvwxyz0123456789_");
        if (w[len] != '=')
            break;
    }
    return n;
}

/* Does one of the command's assignments name entry's variable? */
static bool proc_assigned(const char *entry, char *const *argv, int nassign)
{
    size_t len = strcspn(entry, "=");
    for (int i = 0; i < nassign; i++)
        if (strncmp(argv[i], entry, len) == 0 && argv[i][len] == '=')
            return true;
    return false;
}

/* What a boxed bot gets whatever the referee's environment holds. */
static const char *const proc_box_base[] = {
    "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "TMPDIR=/tmp",
    "LANG=C.UTF-8", NULL,
};

/* The entry of the referee's environment that a bot gets for entry:
 * unboxed, entry itself; boxed, FOO=v for REFEREE_BOT_FOO=v (what an
 * organiser gives every bot on purpose), NULL for anything else. */
static const char *proc_passed_on(const char *entry, bool boxed)
{
    size_t n = strlen(PROC_BOT_ENV_PREFIX);
    if (!boxed)
        return entry;
    return strncmp(entry, PROC_BOT_ENV_PREFIX, n) == 0 && entry[n] &&
                   entry[n] != '='
               ? entry + n
               : NULL;
}

/* Is the variable of entry set again by a later source: the command's
 * assignments, or (for the box's base) a REFEREE_BOT_ variable? */
static bool proc_overridden(const char *entry, char *const *argv,
                            int nassign, bool by_referee, bool boxed)
{
    if (proc_assigned(entry, argv, nassign))
        return true;
    if (!by_referee)
        return false;
    size_t len = strcspn(entry, "=");
    for (size_t i = 0; environ[i]; i++) {
        const char *e = proc_passed_on(environ[i], boxed);
        if (e && strncmp(e, entry, len) == 0 && e[len] == '=')
            return true;
    }
    return false;
}

/* The bot's environment, built before the fork (the child may not
 * allocate), in one allocation: unboxed, the referee's with the guard's
 * mark and the bot's id first (guard.h); boxed, proc_box_base and what the
 * referee's REFEREE_BOT_* variables give.  Then the command's own
 * assignments (nassign words of argv).  A later source replaces a
 * variable of an earlier one (a reader takes the first of a name). */
static char **proc_bot_environ(long id, bool boxed, char *const *argv,
                               int nassign)
{
    /* A box is found by its control group, not by what a bot can erase. */
    const char *mark = boxed ? NULL : guard_env_mark();
    size_t n = 0;
    while (environ[n])
        n++;
    size_t nbase = boxed ? sizeof proc_box_base / sizeof *proc_box_base - 1
                         : 0;
    size_t ptrs = (n + nbase + (size_t)nassign + 2) * sizeof(char *);
    size_t room = mark ? strlen(mark) + 24 : 0;
    char **envp = malloc(ptrs + room);
    if (!envp)
        return NULL;
    /* First, where the guard finds it soonest. */
    size_t k = 0;
    if (mark) {
        char *entry = (char *)envp + ptrs;
        snprintf(entry, room, "%s%ld", mark, id);
        envp[k++] = entry;
    }
    for (size_t i = 0; i < nbase; i++)
        if (!proc_overridden(proc_box_base[i], argv, nassign, true, boxed))
            envp[k++] = (char *)proc_box_base[i];
    for (size_t i = 0; i < n; i++) {
        const char *e = proc_passed_on(environ[i], boxed);
        if (e && !proc_overridden(e, argv, nassign, false, boxed))
            envp[k++] = (char *)e;
    }
    for (int i = 0; i < nassign; i++)
        if (!proc_assigned(argv[i], argv + i + 1, nassign - i - 1))
            envp[k++] = argv[i]; /* the last of a name wins, as in a shell */
    envp[k] = NULL;
    return envp;
}

static int proc_set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static void proc_close_pair(int p[2])
{
    for (int i = 0; i < 2; i++)
        if (p[i] >= 0) {
            close(p[i]);
            p[i] = -1;
        }
}

/* The child's reports, until EOF (every writer has exec'd or exited):
 * the box's pids, if any, and a failure, if any. */
typedef struct {
    pid_t init, bot;
    int err;
    char stage[sizeof ((sandbox_report *)0)->text];
} proc_reports;

static void proc_read_reports(int fd, proc_reports *r)
{
    memset(r, 0, sizeof *r);
    r->init = r->bot = -1;
    sandbox_report m;
    for (;;) {
        ssize_t n = read(fd, &m, sizeof m);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != (ssize_t)sizeof m)
            return;
        if (m.kind == SANDBOX_REPORT_PIDS) {
            r->init = (pid_t)m.a;
            r->bot = (pid_t)m.b;
        } else if (m.kind == SANDBOX_REPORT_FAILED && !r->err) {
            r->err = m.a ? m.a : EIO;
            memcpy(r->stage, m.text, sizeof r->stage);
            r->stage[sizeof r->stage - 1] = '\0';
        }
    }
}

static void proc_wait_pid(pid_t pid)
{
    if (pid <= 0)
        return;
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
}

int proc_reap(proc_child *child, int *status, bool wait)
{
    pid_t r;
    do
        r = waitpid(child->pid, status, wait ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == 0)
        return 0;
    if (child->pidfd >= 0) {
        close(child->pidfd);
        child->pidfd = -1;
    }
    return r == child->pid ? 1 : -1;
}

static void proc_fail_text(const char *cmd0, const proc_reports *r,
                           const proc_child *child, char *err, size_t errlen)
{
    if (strcmp(r->stage, "exec") != 0)
        snprintf(err, errlen, "cannot start '%s' in its sandbox (%s): %s",
                 cmd0, r->stage, strerror(r->err));
    else if (child->boxed && r->err == EACCES)
        snprintf(err, errlen,
                 "cannot run '%s': %s (as sandbox uid %lu: is the file "
                 "executable? chmod +x)",
                 cmd0, strerror(r->err), (unsigned long)child->box.uid);
    else if (child->boxed && r->err == ENOENT && !strchr(cmd0, '/'))
        snprintf(err, errlen,
                 "cannot run '%s': %s (a box looks for programs in "
                 "/usr/local/bin:/usr/bin:/bin only: name it by its path)",
                 cmd0, strerror(r->err));
    else if (child->boxed && r->err == ENOENT && access(cmd0, F_OK) == 0)
        snprintf(err, errlen,
                 "cannot run '%s': %s (in its box: an interpreter its first "
                 "line names may be outside /usr, /bin, /lib and /opt)",
                 cmd0, strerror(r->err));
    else
        snprintf(err, errlen, "cannot run '%s': %s", cmd0, strerror(r->err));
}

/* Fork the child as planned; the pid of the bot (with a box: of the
 * go-between, which exits at once) or -1. */
static pid_t proc_fork(const proc_plan *plan, int *fork_errno)
{
    /* The child resets every handler before unblocking: none of the
     * referee's (libev's) may run in it meanwhile.  Without a box the
     * child shares our memory until it execs (vfork): it writes nothing
     * but its own stack, and we are spared copying the page tables and
     * the copy-on-write faults, which took milliseconds per bot on the
     * loop.  A box's child clones the box's processes, so it forks. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = plan->box ? fork() : vfork();
    if (pid == 0)
        proc_child_setup(plan);
    *fork_errno = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return pid;
}

/* Make the box and the arguments for entering it. */
static proc_status proc_box_open(proc_child *child, const proc_limits *lim,
                                 sandbox_enter_args *ea, char *err,
                                 size_t errlen)
{
    if (sandbox_box_open(&child->box, child->id, lim ? lim->mem_mb : 0,
                         lim ? lim->procs : 0, err, errlen) != 0)
        return PROC_SYS_ERROR;
    child->boxed = true;
    memset(ea, 0, sizeof *ea);
    ea->njoin = cgroup_join_fds(child->box.cg, ea->join_fds);
    if (ea->njoin < 0) {
        snprintf(err, errlen, "cannot join control group: %s",
                 strerror(errno));
        return PROC_SYS_ERROR;
    }
    ea->uid = child->box.uid;
    ea->network = sandbox_network();
    ea->tmp_mb = lim && lim->fsize_mb > 0 ? lim->fsize_mb : 64;
    ea->filter = seccomp_filter_program();
    return PROC_OK;
}

struct proc_start {
    char **argv, **envp;
    char **program; /* argv past the command's assignments */
    box_files files; /* boxed: what the box shows (box_files.h) */
    proc_limits limits;
    bool has_limits, boxed;
    long id;
};

void proc_start_free(proc_start *ps)
{
    if (!ps)
        return;
    box_files_free(&ps->files);
    free(ps->argv);
    free(ps->envp);
    free(ps);
}

/* The box's files, and a user namespace for each that its owner keeps
 * from other users (idmap.h): the bot sees those as its own. */
static proc_status proc_box_files(const proc_start *ps,
                                  sandbox_enter_args *ea, char *err,
                                  size_t errlen)
{
    ea->files = &ps->files;
    for (int i = 0; i < ps->files.n; i++) {
        const box_file *f = &ps->files.file[i];
        ea->idmap_fd[i] = -1;
        ea->nidmap = i + 1;
        if (f->idmap &&
            (ea->idmap_fd[i] = idmap_userns(f->owner, f->group, ea->uid, err,
                                            errlen)) < 0)
            return PROC_SYS_ERROR;
    }
    return PROC_OK;
}

/* The value of the command's REFEREE_FILES=..., or NULL. */
static const char *proc_files_named(char *const *argv, char *const *program)
{
    static const char name[] = "REFEREE_FILES=";
    const char *found = NULL;
    for (char *const *a = argv; a < program; a++)
        if (strncmp(*a, name, sizeof name - 1) == 0)
            found = *a + sizeof name - 1;
    return found;
}

proc_status proc_start_new(const char *command, const proc_limits *limits,
                           proc_start **out, char *err, size_t errlen)
{
    *out = NULL;
    proc_start *ps = calloc(1, sizeof *ps);
    if (!ps) {
        snprintf(err, errlen, "out of memory");
        return PROC_SYS_ERROR;
    }
    if (!(ps->argv = proc_split_command(command, err, errlen))) {
        free(ps);
        return PROC_BAD_COMMAND;
    }
    int nassign = proc_assignments(ps->argv);
    ps->program = ps->argv + nassign;
    if (!ps->program[0]) {
        snprintf(err, errlen, "the command sets variables but names no "
                              "program");
        proc_start_free(ps);
        return PROC_BAD_COMMAND;
    }
    /* Ids in start order: the limit watch tells a stray from a bot still
     * starting by its id (usage.h). */
    static long proc_spawned;
    ps->id = ++proc_spawned;
    ps->boxed = sandbox_active();
    if (ps->boxed &&
        box_files_find(ps->program, proc_files_named(ps->argv, ps->program),
                       &ps->files, err, errlen) != 0) {
        proc_start_free(ps);
        return PROC_BAD_COMMAND;
    }
    if (limits) {
        ps->limits = *limits;
        ps->has_limits = true;
    }
    if (!(ps->envp = proc_bot_environ(ps->id, ps->boxed, ps->argv,
                                      nassign))) {
        proc_start_free(ps);
        snprintf(err, errlen, "out of memory");
        return PROC_SYS_ERROR;
    }
    *out = ps;
    return PROC_OK;
}

static void proc_child_clear(proc_child *child, long id)
{
    memset(child, 0, sizeof *child);
    child->pid = -1;
    child->id = id;
    child->in_fd = child->out_fd = child->err_fd = child->pidfd = -1;
    child->box.uid_lock = child->box.init = child->box.init_pidfd = -1;
}

/* After the fork: the bot's pid (with a box, from its go-between's
 * report) and its pidfd, or a failure in rep. */
static pid_t proc_after_fork(pid_t pid, int status_fd, proc_child *child,
                             proc_reports *rep)
{
    proc_read_reports(status_fd, rep);
    if (child->boxed) {
        proc_wait_pid(pid); /* the go-between */
        pid = rep->bot;
        child->box.init = rep->init;
        if (rep->init > 0)
            child->box.init_pidfd =
                (int)syscall(SYS_pidfd_open, rep->init, 0);
    }
    if (pid > 0)
        setpgid(pid, pid); /* so the group exists before we signal it */
    if (pid > 0 && !rep->err &&
        (child->pidfd = (int)syscall(SYS_pidfd_open, pid, 0)) < 0) {
        rep->err = errno;
        snprintf(rep->stage, sizeof rep->stage, "watching the bot");
        kill(pid, SIGKILL);
    }
    return pid;
}

/* Starts run but not yet settled on the loop (proc_start_settled): such
 * a child of ours may carry no bot's mark yet, and must not be taken for
 * a stray.  Not only between fork and exec: the report of the exec comes
 * when the exec closes our pipe, before the new program's environment is
 * in place (the kernel sets it up after), and the loop learns of the bot
 * later still. */
static atomic_int proc_forking;

int proc_starts_in_fork(void)
{
    return atomic_load(&proc_forking);
}

void proc_start_settled(void)
{
    atomic_fetch_sub(&proc_forking, 1);
}

proc_status proc_start_run(proc_start *ps, proc_child *child, char *err,
                           size_t errlen)
{
    atomic_fetch_add(&proc_forking, 1); /* until proc_start_settled() */
    proc_child_clear(child, ps->id);
    const proc_limits *limits = ps->has_limits ? &ps->limits : NULL;
    int in[2] = {-1, -1}, out[2] = {-1, -1}, er[2] = {-1, -1};
    int st[2] = {-1, -1};
    sandbox_enter_args ea;
    ea.njoin = ea.nidmap = 0;
    proc_status rc = PROC_SYS_ERROR;
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) ||
        pipe2(er, O_CLOEXEC) || pipe2(st, O_CLOEXEC) ||
        proc_set_nonblock(in[1]) || proc_set_nonblock(out[0]) ||
        proc_set_nonblock(er[0])) {
        snprintf(err, errlen, "cannot make pipes: %s", strerror(errno));
        goto done;
    }
    if (ps->boxed &&
        ((rc = proc_box_open(child, limits, &ea, err, errlen)) != PROC_OK ||
         (rc = proc_box_files(ps, &ea, err, errlen)) != PROC_OK))
        goto done;
    rc = PROC_SYS_ERROR;
    ea.report_fd = st[1];
    proc_plan plan = {in[0], out[1], er[1], st[1], ps->boxed ? 0 : getpid(),
                      ps->program, ps->envp, limits, ps->boxed ? &ea : NULL};
    int fork_errno = 0;
    pid_t pid = proc_fork(&plan, &fork_errno);
    if (pid < 0) {
        snprintf(err, errlen, "cannot fork: %s", strerror(fork_errno));
        goto done;
    }
    close(st[1]);
    st[1] = -1;
    proc_reports rep;
    pid = proc_after_fork(pid, st[0], child, &rep);
    if (rep.err || pid <= 0) {
        if (!rep.err) {
            rep.err = EIO;
            snprintf(rep.stage, sizeof rep.stage, "starting the bot");
        }
        proc_wait_pid(pid);
        proc_fail_text(ps->program[0], &rep, child, err, errlen);
        rc = strcmp(rep.stage, "exec") == 0 ? PROC_EXEC_FAILED
                                            : PROC_SYS_ERROR;
        goto done;
    }
    child->pid = pid;
    child->in_fd = in[1];
    child->out_fd = out[0];
    child->err_fd = er[0];
    in[1] = out[0] = er[0] = -1;
    rc = PROC_OK;
done:
    for (int i = 0; i < ea.njoin; i++)
        close(ea.join_fds[i]);
    for (int i = 0; i < ea.nidmap; i++)
        if (ea.idmap_fd[i] >= 0)
            close(ea.idmap_fd[i]);
    if (rc != PROC_OK)
        proc_release(child);
    proc_close_pair(in);
    proc_close_pair(out);
    proc_close_pair(er);
    proc_close_pair(st);
    return rc;
}

proc_status proc_spawn(const char *command, const proc_limits *limits,
                       proc_child *child, char *err, size_t errlen)
{
    proc_start *ps;
    proc_status rc = proc_start_new(command, limits, &ps, err, errlen);
    if (rc == PROC_OK) {
        rc = proc_start_run(ps, child, err, errlen);
        proc_start_settled();
    } else
        proc_child_clear(child, 0);
    proc_start_free(ps);
    return rc;
}

int proc_signal_group(pid_t pgid, int sig)
{
    if (pgid <= 0)
        return -1;
    /* The leader too: a bot can move itself into another group, and it is
     * not reaped yet, so its pid cannot have been reused. */
    int rc = kill(-pgid, sig);
    int rc_leader = kill(pgid, sig);
    if (sig == SIGTERM) {
        kill(-pgid, SIGCONT);
        kill(pgid, SIGCONT);
    }
    return rc == 0 || rc_leader == 0 ? 0 : -1;
}

int proc_signal_members(pid_t pgid, int sig)
{
    return pgid > 0 ? kill(-pgid, sig) : -1;
}

void proc_kill_all(proc_child *child)
{
    if (child->boxed)
        sandbox_box_kill(&child->box);
    else
        proc_signal_group(child->pid, SIGKILL);
}

void proc_freeze(proc_child *child, bool on)
{
    if (child->boxed)
        sandbox_box_freeze(&child->box, on);
    else
        proc_signal_group(child->pid, on ? SIGSTOP : SIGCONT);
}

void proc_release(proc_child *child)
{
    if (child->pidfd >= 0) {
        close(child->pidfd);
        child->pidfd = -1;
    }
    if (!child->boxed)
        return;
    sandbox_box_close(&child->box);
    child->boxed = false;
}

void proc_close_fds(proc_child *child)
{
    int *fds[] = {&child->in_fd, &child->out_fd, &child->err_fd};
    for (int i = 0; i < 3; i++)
        if (*fds[i] >= 0) {
            close(*fds[i]);
            *fds[i] = -1;
        }
}
