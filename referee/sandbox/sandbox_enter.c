/* sandbox_enter.c - the child's side of a box: namespaces, the box's
 * reaper, the bot's view of the machine and its uid (see sandbox.h).
 * Everything here runs between fork and exec: async-signal-safe calls
 * only, no allocation. */
#include "sandbox.h"

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

static int sb_scratch_tmp(long tmp_mb, const char **stage);

/* mkdir -p of path's components below the first len bytes (a folder
 * that exists), each 0755. */
static int sb_mkdirs(char *path, size_t len)
{
    if (path[len] == '\0')
        return 0;
    for (char *p = path + len + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0755);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

/* The highest folder above cwd (or cwd itself) that the bot's uid could
 * not pass, or /tmp, which the box covers with its own; its length, or 0
 * if every folder on the way is open to others and outside /tmp. */
static size_t sb_cover_point(char *cwd)
{
    for (char *p = cwd + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat st;
        bool cover = strcmp(cwd, "/tmp") == 0 ||
                     (stat(cwd, &st) == 0 && !(st.st_mode & S_IXOTH));
        *p = c;
        if (cover)
            return (size_t)(p - cwd);
        if (!c)
            return 0;
    }
}

/* Keep the working directory where it is for the bot, whatever is above
 * it: the folder that would stop it (a private home, a mkdtemp folder, the
 * box's own /tmp) is covered with an empty tmpfs holding just the path
 * down to the working directory, bound there read-only.  Interpreters
 * that turn a relative script path into an absolute one (python, node)
 * then find it. */
static int sb_keep_cwd(long tmp_mb, const char **stage)
{
    static char cwd[PATH_MAX];
    *stage = "keeping its working directory";
    if (!getcwd(cwd, sizeof cwd) || strcmp(cwd, "/tmp") == 0)
        return sb_scratch_tmp(tmp_mb, stage);
    size_t cover = sb_cover_point(cwd);
    int here = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (here < 0 || sb_scratch_tmp(tmp_mb, stage) != 0)
        return -1;
    *stage = "keeping its working directory";
    if (cover == 0) {
        close(here);
        return 0;
    }
    char c = cwd[cover];
    cwd[cover] = '\0';
    int rc = strcmp(cwd, "/tmp") == 0
                 ? 0
                 : mount("tmpfs", cwd, "tmpfs", MS_NOSUID | MS_NODEV,
                         "mode=0755,size=1m");
    cwd[cover] = c;
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", here);
    struct mount_attr ro = {.attr_set = MOUNT_ATTR_RDONLY |
                                        MOUNT_ATTR_NOSUID |
                                        MOUNT_ATTR_NODEV};
    if (rc != 0 || sb_mkdirs(cwd, cover) != 0 ||
        mount(self, cwd, NULL, MS_BIND | MS_REC, NULL) != 0 ||
        syscall(SYS_mount_setattr, AT_FDCWD, cwd, AT_RECURSIVE, &ro,
                sizeof ro) != 0 ||
        chdir(cwd) != 0)
        rc = -1;
    close(here);
    return rc;
}

/* Its own empty /tmp and /dev/shm. */
static int sb_scratch_tmp(long tmp_mb, const char **stage)
{
    *stage = "mounting its /tmp";
    char opts[64];
    snprintf(opts, sizeof opts, "mode=1777,size=%ldm", tmp_mb > 0 ? tmp_mb : 64);
    if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0)
        return -1;
    struct stat st;
    if (stat("/dev/shm", &st) == 0 &&
        mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0)
        return -1;
    return 0;
}

/* The bot's view: nothing it mounts reaches the machine; everything
 * read-only and without set-uid; its own /proc, /tmp and /dev/shm, and
 * its working directory reachable. */
static int sb_view(long tmp_mb, const char **stage)
{
    *stage = "making its mounts private";
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return -1;
    *stage = "making its view read-only";
    struct mount_attr ro = {.attr_set = MOUNT_ATTR_RDONLY |
                                        MOUNT_ATTR_NOSUID |
                                        MOUNT_ATTR_NODEV};
    /* /dev stays usable for /dev/null and friends: nodev only elsewhere. */
    if (syscall(SYS_mount_setattr, AT_FDCWD, "/", AT_RECURSIVE, &ro,
                sizeof ro) != 0)
        return -1;
    struct mount_attr dev = {.attr_clr = MOUNT_ATTR_NODEV};
    syscall(SYS_mount_setattr, AT_FDCWD, "/dev", 0, &dev, sizeof dev);
    *stage = "mounting its /proc";
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
              NULL) != 0)
        return -1;
    return sb_keep_cwd(tmp_mb, stage);
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
    if (sb_view(a->tmp_mb, stage) != 0 || sb_drop_uid(a->uid, stage) != 0)
        return -1;
    return 0;
}
