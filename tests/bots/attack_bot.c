/*
 * attack_bot: a cheating bot.  It plays legally (the first empty cell,
 * as tbot.h), but at its first `turn` it attacks its opponent, the other
 * games, the guard and the referee, and reports what the attack achieved
 * in one comment before its move:
 *
 * Usage: attack_bot MODE [N]
 * forge: write "move a1 1R" into every pipe of every other process it can
 *   open through /proc/PID/fd (of the processes of the same test run: those
 *   whose environment holds its RUN_TAG, when it has one).
 *   -> info attack forge seen=S opened=O written=W
 *      (S other pids listed in /proc, O descriptors opened for writing,
 *      W lines written)
 * stop: SIGSTOP to every process it may signal: kill(-1) and then every
 *   pid from 2 to pid_max (4194304 at most) but its own.
 *   -> info attack stop kill_all=R hits=H first=P1,P2,...
 *      (R kill(-1)'s return value, H pids signalled, the first 5 of them)
 * stoprun: SIGSTOP to every process of the same test run it finds in
 *   /proc (those whose environment holds its RUN_TAG: its opponent, the
 *   referee, the guard), the targeted form of `stop` that a test can run
 *   without a sandbox.
 *   -> info attack stoprun seen=S hits=H
 * sigcont: forks a helper in a session of its own that sends SIGCONT to
 *   the bot every millisecond (so that a referee's SIGSTOP is undone);
 *   after every move the bot spins on the CPU until its next `turn`, and
 *   at every turn after the first reports the CPU time it used off turn.
 *   -> info attack sigcont offturn_cpu_ms=X total_ms=Y
 * orphans N (256): N children, each clearing REFEREE_* from its
 *   environment, moving into a session of its own and leaving an orphaned
 *   grandchild that sleeps 300 s (RUN_TAG kept, for the tests to count).
 *   -> info attack orphans forked=K failed=F
 * spinners N (4): N detached children that spin on the CPU for ever; the
 *   bot plays on.  Each child alone stays under a per-process CPU limit
 *   for a while; together they pass it for the tree.
 *   -> info attack spinners started=K
 * memory MB: touches MB MiB in 1 MiB blocks.
 *   -> info attack memory touched=T
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tbot.h"

static void report(const char *text)
{
    printf("info attack %s\n", text);
    fflush(stdout);
}

static int is_pid(const char *name)
{
    if (!*name)
        return 0;
    for (const char *p = name; *p; p++)
        if (*p < '0' || *p > '9')
            return 0;
    return 1;
}

/* ---- forge --------------------------------------------------------------- */

/* Write a move into every descriptor of pid we can open; counts. */
static void forge_pid(const char *pid, long *opened, long *written)
{
    char dir[300];
    snprintf(dir, sizeof dir, "/proc/%.32s/fd", pid);
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_pid(e->d_name))
            continue;
        char path[400];
        snprintf(path, sizeof path, "%s/%.32s", dir, e->d_name);
        /* Pipes only: the referee's files are not for a test to spoil. */
        struct stat sb;
        if (stat(path, &sb) != 0 || !S_ISFIFO(sb.st_mode))
            continue;
        int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        (*opened)++;
        if (write(fd, "move a1 1R\n", 11) == 11)
            (*written)++;
        close(fd);
    }
    closedir(d);
}

/* Does pid's environment hold our RUN_TAG?  The tests' processes carry
 * it; the attack spares everything else on the machine. */
static int same_run(const char *pid)
{
    const char *tag = getenv("RUN_TAG");
    if (!tag)
        return 1;
    char want[300], path[64], buf[65536];
    snprintf(want, sizeof want, "RUN_TAG=%.256s", tag);
    snprintf(path, sizeof path, "/proc/%.32s/environ", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    for (ssize_t i = 0; i < n;) {
        if (strcmp(buf + i, want) == 0)
            return 1;
        i += (ssize_t)strnlen(buf + i, (size_t)(n - i)) + 1;
    }
    return 0;
}

static void attack_forge(void)
{
    long seen = 0, opened = 0, written = 0;
    char self[32];
    snprintf(self, sizeof self, "%d", (int)getpid());
    DIR *d = opendir("/proc");
    if (d) {
        for (struct dirent *e; (e = readdir(d));) {
            if (!is_pid(e->d_name) || strcmp(e->d_name, self) == 0)
                continue;
            seen++;
            if (same_run(e->d_name))
                forge_pid(e->d_name, &opened, &written);
        }
        closedir(d);
    }
    char text[160];
    snprintf(text, sizeof text, "forge seen=%ld opened=%ld written=%ld",
             seen, opened, written);
    report(text);
}

/* ---- stop ---------------------------------------------------------------- */

static long pid_max(void)
{
    long max = 32768;
    FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
    if (f) {
        if (fscanf(f, "%ld", &max) != 1)
            max = 32768;
        fclose(f);
    }
    return max > 4194304 ? 4194304 : max;
}

static void attack_stop(void)
{
    int all = kill(-1, SIGSTOP);
    long hits = 0, max = pid_max();
    pid_t self = getpid();
    char first[128] = "";
    size_t used = 0;
    for (long p = 2; p <= max; p++) {
        if ((pid_t)p == self || kill((pid_t)p, SIGSTOP) != 0)
            continue;
        if (hits++ < 5 && used < sizeof first - 16)
            used += (size_t)snprintf(first + used, sizeof first - used,
                                     "%s%ld", used ? "," : "", p);
    }
    char text[256];
    snprintf(text, sizeof text, "stop kill_all=%d hits=%ld first=%s", all,
             hits, first);
    report(text);
}

static void attack_stoprun(void)
{
    long seen = 0, hits = 0;
    char self[32];
    snprintf(self, sizeof self, "%d", (int)getpid());
    DIR *d = opendir("/proc");
    if (d) {
        for (struct dirent *e; (e = readdir(d));) {
            if (!is_pid(e->d_name) || strcmp(e->d_name, self) == 0)
                continue;
            seen++;
            if (getenv("RUN_TAG") && same_run(e->d_name) &&
                kill((pid_t)atol(e->d_name), SIGSTOP) == 0)
                hits++;
        }
        closedir(d);
    }
    char text[96];
    snprintf(text, sizeof text, "stoprun seen=%ld hits=%ld", seen, hits);
    report(text);
}

/* ---- sigcont --------------------------------------------------------------- */

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void start_waker(void)
{
    pid_t bot = getpid();
    pid_t pid = fork();
    if (pid != 0)
        return;
    setsid();
    for (;;) {
        if (kill(bot, SIGCONT) != 0 && errno == ESRCH)
            _exit(0);
        usleep(1000);
    }
}

/* Spin until stdin has something to read (stdio's buffer is empty right
 * after a turn was answered: the referee sends nothing more until then). */
static void spin_until_input(void)
{
    struct pollfd p = {0, POLLIN, 0};
    while (poll(&p, 1, 0) == 0) {
        volatile unsigned long x = 0;
        for (int i = 0; i < 200000; i++)
            x += (unsigned long)i;
    }
}

static void play_sigcont(struct tb_state *st)
{
    start_waker();
    double total = 0;
    for (;;) {
        tb_play_first_empty(st);
        double t0 = cpu_ms();
        spin_until_input();
        double off = cpu_ms() - t0;
        total += off;
        if (!tb_wait_turn(st))
            return;
        char text[128];
        snprintf(text, sizeof text,
                 "sigcont offturn_cpu_ms=%.0f total_ms=%.0f", off, total);
        report(text);
    }
}

/* ---- orphans ------------------------------------------------------------ */

static void clear_referee_env(void)
{
    extern char **environ;
    for (int again = 1; again;) {
        again = 0;
        for (char **e = environ; *e; e++)
            if (strncmp(*e, "REFEREE_", 8) == 0) {
                char name[256];
                size_t n = strcspn(*e, "=");
                snprintf(name, sizeof name, "%.*s", (int)n, *e);
                unsetenv(name);
                again = 1;
                break;
            }
    }
}

/* In the child: detach, leave an orphan, exit 0 (1 if the fork failed). */
static _Noreturn void orphan_child(void)
{
    clear_referee_env();
    setsid();
    pid_t g = fork();
    if (g < 0)
        _exit(1);
    if (g > 0)
        _exit(0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        dup2(null, 2);
    }
    sleep(300);
    _exit(0);
}

static void attack_orphans(int n)
{
    int forked = 0, failed = 0;
    fflush(stdout);
    for (int i = 0; i < n; i++) {
        pid_t c = fork();
        if (c == 0)
            orphan_child();
        if (c < 0) {
            failed++;
            continue;
        }
        int status;
        while (waitpid(c, &status, 0) < 0 && errno == EINTR)
            ;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            forked++;
        else
            failed++;
    }
    char text[128];
    snprintf(text, sizeof text, "orphans forked=%d failed=%d", forked,
             failed);
    report(text);
}

/* ---- spinners ------------------------------------------------------------ */

static void attack_spinners(int n)
{
    int started = 0;
    fflush(stdout);
    for (int i = 0; i < n; i++) {
        pid_t c = fork();
        if (c == 0) {
            setsid();
            for (volatile unsigned long x = 0;; x++)
                ;
        }
        if (c > 0)
            started++;
    }
    char text[64];
    snprintf(text, sizeof text, "spinners started=%d", started);
    report(text);
}

/* ---- memory --------------------------------------------------------------- */

static void attack_memory(long mb)
{
    long touched = 0;
    for (; touched < mb; touched++) {
        char *block = malloc(1 << 20);
        if (!block)
            break;
        memset(block, 0x5a, 1 << 20);
    }
    char text[96];
    snprintf(text, sizeof text, "memory touched=%ld", touched);
    report(text);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "forge";
    long n = argc > 2 ? atol(argv[2]) : 0;
    struct tb_state st = {0};
    if (tb_handshake("attack bot") < 0 || !tb_wait_turn(&st))
        return 0;
    if (strcmp(mode, "sigcont") == 0) {
        play_sigcont(&st);
        return 0;
    }
    if (strcmp(mode, "forge") == 0)
        attack_forge();
    else if (strcmp(mode, "stop") == 0)
        attack_stop();
    else if (strcmp(mode, "stoprun") == 0)
        attack_stoprun();
    else if (strcmp(mode, "orphans") == 0)
        attack_orphans(n > 0 ? (int)n : 256);
    else if (strcmp(mode, "spinners") == 0)
        attack_spinners(n > 0 ? (int)n : 4);
    else if (strcmp(mode, "memory") == 0)
        attack_memory(n > 0 ? n : 256);
    do
        tb_play_first_empty(&st);
    while (tb_wait_turn(&st));
    return 0;
}
