/* sandbox.c - the level this machine allows, and a box per bot (see
 * sandbox.h). */
#include "sandbox.h"

#include "sandbox/seccomp_filter.h"
#include "sandbox/uidpool.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* sb_decided: set up and not torn down since.  sb_warned outlives a
 * teardown: the word that bots are not boxed is said once a run, however
 * many series (a gauntlet's references) set the sandbox up again. */
static bool sb_decided, sb_active, sb_warned;
static sandbox_options sb_opts;
static char sb_text[320];

void sandbox_options_defaults(sandbox_options *o)
{
    o->enabled = true;
    o->network = false;
    o->uid_first = 60000;
    o->uid_count = 1000;
}

static bool sb_privileged(char *why, size_t len)
{
    if (geteuid() != 0) {
        snprintf(why, len, "the referee does not run as root");
        return false;
    }
    return true;
}

void sandbox_setup(const sandbox_options *o)
{
    if (sb_decided)
        return;
    sb_decided = true;
    sb_opts = *o;
    char why[200] = "";
    if (!o->enabled) {
        snprintf(sb_text, sizeof sb_text, "none (turned off)");
        return;
    }
    if (sb_privileged(why, sizeof why) &&
        seccomp_filter_build(why, sizeof why) &&
        cgroup_setup(why, sizeof why) == 0) {
        sb_active = true;
        snprintf(sb_text, sizeof sb_text,
                 "full (pid, mount, ipc, uts%s namespaces; minimal view; "
                 "uid %lu-%lu; seccomp filter; cgroups %s)",
                 o->network ? "" : ", net", o->uid_first,
                 o->uid_first + o->uid_count - 1, cgroup_describe());
        return;
    }
    snprintf(sb_text, sizeof sb_text, "none (%s)", why);
    if (sb_warned)
        return;
    sb_warned = true;
    fprintf(stderr,
            "referee: bots run without a sandbox: %s; they can see and "
            "signal each other (see README, isolation)\n",
            why);
}

bool sandbox_active(void)
{
    return sb_active;
}

unsigned long sandbox_uid_count(void)
{
    return sb_active ? sb_opts.uid_count : 0;
}

bool sandbox_network(void)
{
    return sb_opts.network;
}

const char *sandbox_level(void)
{
    return sb_active ? "full" : "none";
}

const char *sandbox_detail(void)
{
    return sb_decided ? sb_text : "none (not set up)";
}

void sandbox_teardown(void)
{
    if (sb_active)
        cgroup_teardown();
    /* Back to not set up, so that the next sandbox_setup() decides again
     * and makes the control groups again: a run may hold several series
     * (`gauntlet` runs one per reference), each setting up and tearing
     * down.  Left decided, a later setup returned at once and every box
     * after the first teardown failed ("control groups are not set
     * up"). */
    sb_decided = sb_active = false;
    sb_text[0] = '\0';
}

int sandbox_box_open(sandbox_box *box, long id, long mem_mb, long tasks,
                     char *err, size_t errlen)
{
    box->cg = NULL;
    box->uid_lock = box->init = box->init_pidfd = -1;
    box->uid = (uid_t)-1;
    box->uid_lock = uidpool_take((uid_t)sb_opts.uid_first,
                                 (unsigned)sb_opts.uid_count, &box->uid);
    if (box->uid_lock < 0) {
        snprintf(err, errlen, "no free sandbox uid in %lu-%lu",
                 sb_opts.uid_first, sb_opts.uid_first + sb_opts.uid_count - 1);
        return -1;
    }
    box->cg = cgroup_new(id, mem_mb, tasks, err, errlen);
    if (!box->cg) {
        close(box->uid_lock);
        box->uid_lock = -1;
        return -1;
    }
    return 0;
}

void sandbox_box_kill(sandbox_box *box)
{
    cgroup_kill(box->cg);
    /* The init's death takes the whole pid namespace with it. */
    if (box->init_pidfd >= 0)
        syscall(SYS_pidfd_send_signal, box->init_pidfd, SIGKILL, NULL, 0);
}

void sandbox_box_freeze(sandbox_box *box, bool on)
{
    if (box->cg)
        cgroup_freeze(box->cg, on);
}

/* How long a killed box may take to empty: its init exits only once every
 * process in its pid namespace is gone. */
#define SB_EMPTY_MS 5000

/* Reap the box's init once the box is empty.  It is our child, and no one
 * else reaps it (proc.h). */
static void sb_reap_init(sandbox_box *box)
{
    if (box->init <= 0)
        return;
    if (box->init_pidfd >= 0) {
        struct pollfd p = {.fd = box->init_pidfd, .events = POLLIN};
        while (poll(&p, 1, SB_EMPTY_MS) < 0 && errno == EINTR)
            ;
    }
    while (waitpid(box->init, NULL, WNOHANG) < 0 && errno == EINTR)
        ;
}

void sandbox_box_close(sandbox_box *box)
{
    sandbox_box_kill(box);
    /* Its uid goes back only when nothing runs as it any more. */
    sb_reap_init(box);
    if (box->init_pidfd >= 0)
        close(box->init_pidfd);
    cgroup_free(box->cg);
    if (box->uid_lock >= 0)
        close(box->uid_lock);
    box->cg = NULL;
    box->uid_lock = box->init_pidfd = box->init = -1;
}
