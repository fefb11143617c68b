/*
 * proc.h - start a bot program as a child process, in a process group of
 * its own, with pipes to its stdin, stdout and stderr.
 *
 * Caller's protocol:
 *   1. proc_ignore_sigpipe() once at program start (writes to a dead bot
 *      then fail with EPIPE instead of killing the referee).
 *   2. proc_spawn(command, &child, err) starts the bot.  The command is
 *      split into words like a shell would for blanks, '...' and "..." and
 *      backslash, but nothing else is interpreted; leading NAME=VALUE
 *      words are variables for the bot's environment, as in a shell, and
 *      the first other word, the program, is looked up in PATH.  The
 *      environment: without a box the referee's own; in a box PATH,
 *      HOME=/tmp, TMPDIR=/tmp, LANG=C.UTF-8 and FOO=v for each
 *      REFEREE_BOT_FOO=v of the referee's, nothing else of it.  The
 *      command's variables replace those of the same name.  Or in two
 *      halves, to start bots off the loop (proc/starter.h):
 *      proc_start_new() where the loop runs (it reads the environment and
 *      may start the guard), proc_start_run() on any thread (it forks and
 *      waits for the exec).
 *   3. The caller owns child.in_fd, out_fd and err_fd (the referee's ends:
 *      O_NONBLOCK and O_CLOEXEC; the bot's ends are blocking) and
 *      child.pidfd, which turns readable when the bot exits; it reaps the
 *      bot with proc_reap() and closes the fds with proc_close_fds().
 *      Nothing else in the process may reap children with waitpid(-1):
 *      libev's default loop does (use ev_loop_new), and a status reaped
 *      that way is lost, its pid free for reuse.
 *   4. proc_signal_group() signals the whole group, grandchildren too.
 *
 * With a sandbox (sandbox.h) the bot starts in a box of its own; the
 * caller's protocol is the same.
 *
 * In the child: a new process group; every signal disposition reset and
 * the signal mask cleared; SIGKILL on the referee's death
 * (PR_SET_PDEATHSIG); descriptors 0, 1, 2 are the pipes and no other
 * descriptor stays open.
 */
#ifndef PROC_H
#define PROC_H

#include "sandbox/sandbox.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef enum {
    PROC_OK = 0,
    PROC_EXEC_FAILED, /* the program could not be run: the bot's fault */
    PROC_BAD_COMMAND, /* empty command, unbalanced quote: the user's */
    PROC_SYS_ERROR,   /* pipe or fork failed: nobody's fault, the game is void */
} proc_status;

/* Resource limits for a bot (0 = no limit).  CPU time, file size, open
 * files and address space are kernel limits set in the child (setrlimit):
 * CPU time and file size end the bot with SIGXCPU / SIGXFSZ, which the
 * match records as cpu-limit / file-limit.  Memory and tasks (processes
 * and threads) are measured by the referee over everything the bot runs
 * (bot/watch.h, proc/usage.h) and end it as memory-limit / process-limit: an
 * address-space limit breaks sanitizer-built and JIT runtimes that reserve
 * address space in bulk, and RLIMIT_NPROC counts every process of the
 * user and does not bind root. */
typedef struct {
    long mem_mb;   /* anonymous resident memory of the bot, measured */
    long cpu_s;    /* RLIMIT_CPU, per process */
    long procs;    /* processes and threads of the bot, measured */
    long fsize_mb; /* RLIMIT_FSIZE */
    long files;    /* RLIMIT_NOFILE */
    long vm_mb;    /* RLIMIT_AS, per process */
} proc_limits;

/* The defaults: 1024 MiB of memory, 600 s of CPU, 256 processes and
 * threads, 64 MiB files, 256 open files, no address-space limit. */
void proc_limits_defaults(proc_limits *l);

typedef struct {
    pid_t pid; /* also the process group id */
    long id;   /* in the bot's environment: which bot an orphan came from */
    int in_fd;
    int out_fd;
    int err_fd;
    int pidfd;       /* readable once the bot has exited */
    bool boxed;      /* in a sandbox (sandbox.h): box is its */
    sandbox_box box;
} proc_child;

void proc_ignore_sigpipe(void);

/* The most games one referee runs at once: each game's two bots are
 * 2,000 processes at this many, and the loop and the machine, not the
 * referee's tables, are then the limit. */
#define PROC_MAX_GAMES 1024

/* How many games of `seats` bots may run at once, at most want: the open
 * files they need (the limit is raised as far as it goes, the hard one too
 * when we may) and, with boxes, a user id per bot.  Call it after
 * sandbox_setup().  When fewer than want, why says what is short. */
int proc_max_games(int want, int seats, char *why, size_t whylen);

/* REFEREE_BOT_FOO=v in the referee's environment gives a boxed bot
 * FOO=v; a boxed bot gets no other variable of the referee's
 * (proc_start_new). */
#define PROC_BOT_ENV_PREFIX "REFEREE_BOT_"

/* Split a command line into a NULL-terminated argv (one allocation, free
 * with free()).  Returns NULL with a reason in err. */
char **proc_split_command(const char *command, char *err, size_t errlen);

proc_status proc_spawn(const char *command, const proc_limits *limits,
                       proc_child *child, char *err, size_t errlen);

/* proc_spawn() in two halves (see the top): what the child will be, then
 * the start itself.  proc_start_free() after the run, or instead of it. */
typedef struct proc_start proc_start;
proc_status proc_start_new(const char *command, const proc_limits *limits,
                           proc_start **out, char *err, size_t errlen);
proc_status proc_start_run(proc_start *ps, proc_child *child, char *err,
                           size_t errlen);
void proc_start_free(proc_start *ps);

/* How many starts have run (proc_start_run, on any thread) but are not
 * settled yet: their children may carry no bot's mark yet, or it may not
 * be readable yet, and no watch knows them (bot/watch.h).  Whoever calls
 * proc_start_run() calls proc_start_settled() once the bot is known where
 * it is watched (the loop), or its start failed. */
int proc_starts_in_fork(void);
void proc_start_settled(void);

/* Reap the bot: 1 with its wait status in *status (its pidfd closed), 0
 * if it still runs (never with wait), -1 on error. */
int proc_reap(proc_child *child, int *status, bool wait);

/* Send sig to the child's process group; SIGCONT too after SIGTERM so a
 * stopped bot can act on it.  Returns 0 or -1 with errno. */
int proc_signal_group(pid_t pgid, int sig);

/* Send sig to the group's members only: for after the leader was reaped,
 * when its pid may already belong to someone else. */
int proc_signal_members(pid_t pgid, int sig);

/* Close every descriptor from fd up, between fork and exec too (only
 * async-signal-safe calls): close_range(2), else one by one up to the
 * open-file limit. */
void proc_close_from(int fd);

/* Everything the bot runs gets SIGKILL: its box, or its process group
 * (proc_signal_group). */
void proc_kill_all(proc_child *child);
/* Stop or continue the bot and everything it runs: the box's freezer,
 * or SIGSTOP / SIGCONT to its group. */
void proc_freeze(proc_child *child, bool on);
/* After the bot was reaped: kill what is left of its box, wait until
 * the box is empty (its init reaped: at most a few seconds) and free it
 * (nothing without a box). */
void proc_release(proc_child *child);

/* Close whichever of the three fds are still open (>= 0) and mark them -1. */
void proc_close_fds(proc_child *child);

#endif
