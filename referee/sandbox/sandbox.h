/*
 * sandbox.h - a box per bot: what a bot can see and signal is itself and
 * its own descendants, nothing else.
 *
 * A box is
 *   - a pid namespace with its own /proc: other bots, the referee and the
 *     guard are neither visible nor reachable by signal or /proc/PID/fd;
 *     its first process (pid 1, our small reaper) dies with the referee,
 *     and when it dies the kernel kills everything in the box;
 *   - a mount namespace and a root of its own (sandbox_view.h): the
 *     runtime read-only, its own files (box_files.h), private, empty /tmp
 *     and /dev/shm, nothing else of the machine;
 *   - network, IPC and host-name namespaces: no network unless allowed,
 *     no shared memory or abstract sockets with other bots;
 *   - a user id of its own from a configured range (bots run as root
 *     never), and a clean environment (proc.h);
 *   - a system-call filter (seccomp_filter.h): no locks, file watches or
 *     keyrings between bots, no way to new namespaces or mounts;
 *   - a control group (cgroup.h) with hard caps on tasks and memory, CPU
 *     time of the whole tree, an equal CPU weight, and the freezer that
 *     holds it while it is not on move.
 * Level "full" is all of it; it needs root (CAP_SYS_ADMIN), writable
 * control groups beneath the referee's own and libseccomp's filter.
 * Otherwise the level is "none": bots run as the referee's user in process groups, their limits
 * measured from /proc (bot/watch.h), as the record says.
 *
 * The bot process itself is the referee's child (it is created with
 * CLONE_PARENT), so its exit status and the pipes are as without a box.
 */
#ifndef SANDBOX_H
#define SANDBOX_H

#include "sandbox/box_files.h"
#include "sandbox/cgroup.h"

#include <linux/filter.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct {
    bool enabled;       /* false: run bots without a box (level none) */
    bool network;       /* keep the machine's network */
    unsigned long uid_first, uid_count; /* the bots' user ids */
} sandbox_options;

/* On, no network, ids 60000-60999. */
void sandbox_options_defaults(sandbox_options *o);

/* Decide what this machine allows; later calls change nothing until
 * sandbox_teardown(), after which the next call decides again (a
 * gauntlet's references are series of their own).  Says on stderr, once
 * a run, why bots are not boxed if they are not (unless the options
 * turned boxes off). */
void sandbox_setup(const sandbox_options *o);
bool sandbox_active(void);
/* How many user ids boxed bots may run as (each running bot holds one);
 * 0 without boxes. */
unsigned long sandbox_uid_count(void);
/* Whether boxes keep the machine's network. */
bool sandbox_network(void);
/* "full" or "none". */
const char *sandbox_level(void);
/* One line for records and tables: the level and what it is made of, or
 * why there is none. */
const char *sandbox_detail(void);
/* Remove the control groups (after every bot is gone). */
void sandbox_teardown(void);

/* One bot's box, from the referee's side. */
typedef struct {
    cgroup *cg;
    uid_t uid;
    int uid_lock;    /* holds the uid; -1 */
    pid_t init;      /* the box's pid 1, our child; -1 */
    int init_pidfd;  /* -1 */
} sandbox_box;

/* Make the box's control group and take a uid; nothing runs yet. */
int sandbox_box_open(sandbox_box *box, long id, long mem_mb, long tasks,
                     char *err, size_t errlen);
/* SIGKILL to everything in the box. */
void sandbox_box_kill(sandbox_box *box);
void sandbox_box_freeze(sandbox_box *box, bool on);
/* Kill, wait until the box is empty (at most a few seconds) and reap its
 * init, give the uid back, remove the group.  It blocks: for a thread
 * (proc/starter.h), or for the end of a command. */
void sandbox_box_close(sandbox_box *box);

/* In the forked child only (async-signal-safe calls): join the group
 * (the fds of cgroup_join_fds), make the namespaces, start the box's
 * reaper and the bot as children of our parent, report both pids on
 * report_fd as {1, init, bot}, and exit.  Returns only in the bot, after
 * its view of the machine is set and its uid dropped; -1 in *stage and
 * errno set on failure there (the caller reports it and exits). */
/* What a starting child tells the referee on its report pipe, one
 * atomic write each: the box's pids, or why it could not start. */
enum { SANDBOX_REPORT_PIDS = 1, SANDBOX_REPORT_FAILED = 2 };
typedef struct {
    int32_t kind;
    int32_t a, b;   /* PIDS: init, bot; FAILED: errno, 0 */
    char text[52];  /* FAILED: what it was doing */
} sandbox_report;

void sandbox_report_send(int fd, int32_t kind, int32_t a, int32_t b,
                         const char *text);

typedef struct {
    int join_fds[CGROUP_MAX_JOIN];
    int njoin;
    int report_fd;
    uid_t uid;
    bool network;
    long tmp_mb; /* size of the private /tmp */
    const struct sock_fprog *filter; /* seccomp_filter.h, installed last */
    const box_files *files;          /* what it sees (sandbox_view.h) */
    int idmap_fd[BOX_FILES_MAX];     /* idmap.h, per file; -1 */
    int nidmap;                      /* idmap_fd[0..nidmap) are set */
} sandbox_enter_args;

int sandbox_enter(const sandbox_enter_args *a, const char **stage);

#endif
