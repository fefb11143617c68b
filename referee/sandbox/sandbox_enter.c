/* sandbox_enter.c - the child's side of a box: namespaces, the box's
 * reaper, the bot's view of the machine (sandbox_view.h), its uid and its
 * system-call filter (see sandbox.h).
 * Everything here runs between fork and exec: async-signal-safe calls
 * only, no allocation. */
#include "sandbox.h"
#include "sandbox/sandbox_view.h"
#include "sandbox/seccomp_filter.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdbool.h>
#include <linux/mount.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* A child of our parent (the referee), not of us: the referee reaps it
 * and sees its exit status as it would a bot's it forked itself. */
static pid_t sb_clone_sibling(void)
{
    struct clone_args ca;
    memset(&ca, 0, sizeof ca);
    ca.flags = CLONE_PARENT; /* exit_signal must be 0: the parent's is used */
    return (pid_t)syscall(SYS_clone3, &ca, sizeof ca);
}

/* The box's pid 1: reap whatever is orphaned in the box, nothing else.
 * As a namespace's init it gets only the signals it handles (none) from
 * inside the box, and SIGKILL from the referee; it dies with the referee
 * (parent-death signal), and its death kills the whole box. */
static void sb_init_main(void)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    syscall(SYS_close_range, 0U, ~0U, 0U);
    /* Nothing of the machine's tree held by us once the bot has its own
     * root. */
    if (chdir("/") != 0)
        _exit(1);
    /* No handler of the referee's: with none, a namespace's init gets no
     * signal from inside the box at all. */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++)
        sigaction(sig, &dfl, NULL);
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_SETMASK, &chld, NULL);
    for (;;) {
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ;
        sigwaitinfo(&chld, NULL);
    }
}

static int sb_drop_uid(uid_t uid, const char **stage)
{
    *stage = "switching to its uid";
    if (setgroups(0, NULL) != 0 || setresgid(uid, uid, uid) != 0 ||
        setresuid(uid, uid, uid) != 0)
        return -1;
    /* No set-uid program can give it back. */
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

void sandbox_report_send(int fd, int32_t kind, int32_t a, int32_t b,
                         const char *text)
{
    sandbox_report r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.a = a;
    r.b = b;
    if (text)
        strncpy(r.text, text, sizeof r.text - 1);
    ssize_t n;
    do
        n = write(fd, &r, sizeof r);
    while (n < 0 && errno == EINTR);
}

int sandbox_enter(const sandbox_enter_args *a, const char **stage)
{
    *stage = "joining its control group";
    for (int i = 0; i < a->njoin; i++)
        if (write(a->join_fds[i], "0", 1) != 1)
            return -1;
    for (int i = 0; i < a->njoin; i++)
        close(a->join_fds[i]);
    *stage = "making its namespaces";
    int flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS |
                CLONE_NEWCGROUP | (a->network ? 0 : CLONE_NEWNET);
    if (unshare(flags) != 0)
        return -1;
    *stage = "starting its init";
    pid_t init = sb_clone_sibling();
    if (init == 0)
        sb_init_main();
    if (init < 0)
        return -1;
    *stage = "starting the bot";
    pid_t bot = sb_clone_sibling();
    if (bot < 0) {
        kill(init, SIGKILL);
        return -1;
    }
    if (bot > 0) {
        /* The go-between: tell the referee who is who, and go. */
        sandbox_report_send(a->report_fd, SANDBOX_REPORT_PIDS, (int32_t)init,
                            (int32_t)bot, NULL);
        _exit(0);
    }
    if (sandbox_view(a->files, a->idmap_fd, a->tmp_mb, stage) != 0 ||
        sb_drop_uid(a->uid, stage) != 0)
        return -1;
    *stage = "installing its system-call filter";
    return seccomp_filter_install(a->filter);
}
