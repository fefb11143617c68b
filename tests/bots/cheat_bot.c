/*
 * cheat_bot.c - a bot that plays legal moves and, beside them, tries to
 * win by other means: to read what must stay secret, to pass a token to
 * another bot, to take the CPU from the bot on move.  What it manages it
 * writes to stderr (the referee's log of it), one line per finding, for
 * the tests to read:
 *
 *   cheat_bot snoop   at its first turn, for each path in $SNOOP_PATHS
 *                     (colon-separated): "LEAK read PATH" if it can read
 *                     the file or list the folder, else "SAFE read PATH";
 *                     for each name in $SNOOP_ENV: "LEAK env NAME" if the
 *                     variable is set; "LEAK proc 1 CMDLINE" if pid 1's
 *                     command line is readable; "LEAK proc PID" for each
 *                     process of another user it can list; "LEAK cgroup"
 *                     if /sys/fs/cgroup can be listed; for each path in
 *                     $SNOOP_OWN "OWN read PATH" if it can read it, else
 *                     "NOT read PATH"; "CALL NAME ERRNO" for each call
 *                     a box refuses (0: the call went through).  Then
 *                     "SNOOP done".
 *   cheat_bot send T  at its first turn passes the 64-bit hex token T
 *                     through $TALK_FILE (a file both bots can read): a
 *                     read lock (F_OFD_SETLK) on byte 1000 + i for each bit
 *                     i set, a shared flock, an open of the file every turn
 *                     (for inotify), and, with $TALK_KEYS set, a user key
 *                     "cheat-token" holding T.  "SEND done" with what the
 *                     kernel said to each.
 *   cheat_bot recv    watches $TALK_FILE with inotify from the start, and
 *                     at every turn asks for the locks: "GOT locks HEX" for
 *                     bits seen, "GOT flock" if an exclusive flock is
 *                     refused, "GOT inotify N" for N open events, with
 *                     $TALK_KEYS "GOT key T" if the key is found.  At the
 *                     end "RECV done".
 *   cheat_bot spin N  after each of its moves, N threads spin until its
 *                     next turn line; at the end "SPIN cpu_ms=C turns=K
 *                     periods=P frozen=F": the CPU time all its threads had
 *                     between its moves and its next turn lines (the
 *                     opponent's time, and its own until it reads the
 *                     line), and of the P stretches between a move and
 *                     the next turn line, the F in which none of its threads
 *                     ran for 140 ms or more at a stretch (a freeze
 *                     through an opponent's turn of 150 ms).
 */
#include "tbot.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void finding(const char *kind, const char *what, const char *detail)
{
    fprintf(stderr, "%s %s%s%s\n", kind, what, detail ? " " : "",
            detail ? detail : "");
    fflush(stderr);
}

/* ---- snoop -------------------------------------------------------------- */

static int can_read(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        int n = 0;
        while (readdir(d))
            n++;
        closedir(d);
        return n > 0;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char c;
    ssize_t r = read(fd, &c, 1);
    close(fd);
    return r >= 0;
}

/* Processes listed in /proc that run as another uid. */
static void snoop_proc(void)
{
    DIR *d = opendir("/proc");
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        char path[300];
        struct stat st;
        snprintf(path, sizeof path, "/proc/%s", e->d_name);
        if (stat(path, &st) == 0 && st.st_uid != getuid())
            finding("LEAK proc", e->d_name, NULL);
    }
    closedir(d);
    char buf[256] = "";
    int fd = open("/proc/1/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (n > 0) {
            buf[n] = '\0';
            finding("LEAK proc 1 CMDLINE", buf, NULL);
        }
    }
}

/* System calls a box refuses: "CALL name ERRNO" (the errno's number, or
 * 0 when the call went through). */
static void call_said(const char *name, long rc)
{
    char num[16];
    snprintf(num, sizeof num, "%d", rc < 0 ? errno : 0);
    finding("CALL", name, num);
}

/* Each call is made so that, let through, it does no harm (the tests
 * also run this bot without a box, as root): a bad argument, or nothing
 * that outlives the bot. */
static void snoop_calls(void)
{
    call_said("unshare", syscall(SYS_unshare, 0x04000000 /* NEWUTS */));
    call_said("ptrace", syscall(SYS_ptrace, 2 /* PEEKDATA */, getpid(), 0, 0));
    call_said("perf_event_open",
              syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0));
    call_said("bpf", syscall(SYS_bpf, 0, NULL, 0));
    call_said("userfaultfd", syscall(SYS_userfaultfd, 0));
    call_said("io_uring_setup", syscall(SYS_io_uring_setup, 1, NULL));
    call_said("mount", syscall(SYS_mount, NULL, "/no-such-folder-here", NULL,
                               32 /* MS_REMOUNT */, NULL));
    call_said("add_key", syscall(SYS_add_key, "no-such-key-type", "x", "y",
                                 1, -4));
    call_said("inotify_init1", syscall(SYS_inotify_init1, 0));
    call_said("process_vm_readv",
              syscall(SYS_process_vm_readv, 1, NULL, 0, NULL, 0, 0));
    /* a page of our own, filled at once */
    void *page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
    call_said("madvise_populate",
              page == MAP_FAILED ? -1 : madvise(page, 4096, 22));
    void *more = mmap(NULL, 4096, PROT_READ,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    call_said("mmap_populate", more == MAP_FAILED ? -1 : 0);
    if (more != MAP_FAILED)
        munmap(more, 4096);
    if (page != MAP_FAILED)
        munmap(page, 4096);
}

static void snoop(void)
{
    const char *paths = getenv("SNOOP_PATHS");
    char list[4096];
    snprintf(list, sizeof list, "%s", paths ? paths : "");
    for (char *save = NULL, *p = strtok_r(list, ":", &save); p;
         p = strtok_r(NULL, ":", &save))
        finding(can_read(p) ? "LEAK read" : "SAFE read", p, NULL);
    const char *names = getenv("SNOOP_ENV");
    snprintf(list, sizeof list, "%s", names ? names : "");
    for (char *save = NULL, *p = strtok_r(list, ":", &save); p;
         p = strtok_r(NULL, ":", &save))
        finding(getenv(p) ? "LEAK env" : "SAFE env", p, NULL);
    names = getenv("SNOOP_OWN");
    snprintf(list, sizeof list, "%s", names ? names : "");
    for (char *save = NULL, *p = strtok_r(list, ":", &save); p;
         p = strtok_r(NULL, ":", &save))
        finding(can_read(p) ? "OWN read" : "NOT read", p, NULL);
    snoop_proc();
    if (can_read("/sys/fs/cgroup"))
        finding("LEAK cgroup", "/sys/fs/cgroup", NULL);
    snoop_calls();
    finding("SNOOP done", "", NULL);
}

/* ---- talk --------------------------------------------------------------- */

static const char *talk_file(void)
{
    const char *f = getenv("TALK_FILE");
    return f ? f : "/etc/passwd";
}

/* A one-byte lock call at byte at; high: with bits above 32 in the
 * command, which the kernel drops (an int) but a careless filter
 * compares. */
static int lock_at(int fd, int cmd, bool high, short type, off_t at,
                   struct flock *fl)
{
    memset(fl, 0, sizeof *fl);
    fl->l_type = type;
    fl->l_whence = SEEK_SET;
    fl->l_start = at;
    fl->l_len = 1;
    return (int)syscall(SYS_fcntl, fd,
                        (high ? 1UL << 32 : 0UL) | (unsigned long)cmd, fl);
}

static int talk_fd = -1;

static void send_token(uint64_t token)
{
    talk_fd = open(talk_file(), O_RDONLY | O_CLOEXEC);
    int lock_rc = 0, lock_err = 0;
    for (int i = 0; i < 64 && talk_fd >= 0; i++) {
        struct flock fl;
        if ((token >> i & 1) &&
            lock_at(talk_fd, F_OFD_SETLK, false, F_RDLCK, 1000 + i, &fl) != 0) {
            lock_rc = -1;
            lock_err = errno;
        }
        if (token >> i & 1)
            lock_at(talk_fd, F_OFD_SETLK, true, F_RDLCK, 2000 + i, &fl);
    }
    int flock_rc = talk_fd >= 0 ? flock(talk_fd, LOCK_SH | LOCK_NB) : -1;
    int flock_err = errno;
    long key = -1;
    int key_err = 0;
    if (getenv("TALK_KEYS")) {
        char payload[24];
        snprintf(payload, sizeof payload, "%016llx",
                 (unsigned long long)token);
        key = syscall(SYS_add_key, "user", "cheat-token", payload,
                      strlen(payload), -4 /* KEY_SPEC_USER_KEYRING */);
        key_err = errno;
    }
    fprintf(stderr,
            "SEND done open %d locks %d (%s) flock %d (%s) key %ld (%s)\n",
            talk_fd, lock_rc, lock_rc ? strerror(lock_err) : "ok", flock_rc,
            flock_rc ? strerror(flock_err) : "ok", key,
            key < 0 ? strerror(key_err) : "ok");
    fflush(stderr);
}

static int watch_fd = -1;

static void recv_start(void)
{
    watch_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (watch_fd >= 0 &&
        inotify_add_watch(watch_fd, talk_file(), IN_OPEN | IN_ACCESS) < 0) {
        close(watch_fd);
        watch_fd = -1;
    }
    fprintf(stderr, "RECV watch %d (%s)\n", watch_fd,
            watch_fd < 0 ? strerror(errno) : "ok");
}

static void recv_probe(void)
{
    int fd = open(talk_file(), O_RDONLY | O_CLOEXEC);
    uint64_t bits = 0;
    for (int i = 0; i < 64 && fd >= 0; i++) {
        struct flock fl;
        if (lock_at(fd, F_OFD_GETLK, false, F_WRLCK, 1000 + i, &fl) == 0 &&
            fl.l_type != F_UNLCK)
            bits |= 1ULL << i;
    }
    char hex[24];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)bits);
    if (bits)
        finding("GOT locks", hex, NULL);
    uint64_t high = 0;
    for (int i = 0; i < 64 && fd >= 0; i++) {
        struct flock fl;
        if (lock_at(fd, F_OFD_GETLK, true, F_WRLCK, 2000 + i, &fl) == 0 &&
            fl.l_type != F_UNLCK)
            high |= 1ULL << i;
    }
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)high);
    if (high)
        finding("GOT hilocks", hex, NULL);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        finding("GOT flock", "", NULL);
    if (fd >= 0) {
        flock(fd, LOCK_UN);
        close(fd);
    }
    char ev[4096];
    ssize_t n = watch_fd >= 0 ? read(watch_fd, ev, sizeof ev) : -1;
    if (n > 0) {
        snprintf(hex, sizeof hex, "%zd", n);
        finding("GOT inotify", hex, NULL);
    }
    if (getenv("TALK_KEYS")) {
        long id = syscall(SYS_request_key, "user", "cheat-token", NULL, 0);
        char payload[32] = "";
        if (id >= 0 &&
            syscall(SYS_keyctl, 11 /* KEYCTL_READ */, id, payload,
                    sizeof payload - 1) > 0)
            finding("GOT key", payload, NULL);
    }
}

/* ---- spin --------------------------------------------------------------- */

static atomic_int spinning, quitting;
/* The longest stretch, since our last move, in which none of our threads
 * ran: every spinner's step and our reading of the turn line stamp
 * last_run_ns; a freeze shows as a stretch as long as the opponent's
 * turn. */
static atomic_llong last_run_ns, longest_gap_ns;

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void stamp_run(void)
{
    long long now = now_ns(), prev = atomic_exchange(&last_run_ns, now);
    if (now - prev > atomic_load(&longest_gap_ns))
        atomic_store(&longest_gap_ns, now - prev);
}
static pthread_mutex_t spin_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spin_cv = PTHREAD_COND_INITIALIZER;

/* Spin while spinning is set; sleep on the condition otherwise, so that
 * an idle spinner costs nothing. */
static void *spin_main(void *arg)
{
    (void)arg;
    volatile unsigned long x = 0;
    while (!atomic_load(&quitting)) {
        if (atomic_load(&spinning)) {
            x++;
            stamp_run();
            continue;
        }
        pthread_mutex_lock(&spin_mu);
        while (!atomic_load(&spinning) && !atomic_load(&quitting))
            pthread_cond_wait(&spin_cv, &spin_mu);
        pthread_mutex_unlock(&spin_mu);
    }
    return NULL;
}

static void spin_set(int on, int quit)
{
    pthread_mutex_lock(&spin_mu);
    atomic_store(&spinning, on);
    if (quit)
        atomic_store(&quitting, 1);
    pthread_cond_broadcast(&spin_cv);
    pthread_mutex_unlock(&spin_mu);
}

/* CPU time of all our threads so far, in microseconds. */
static long long cpu_us(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
           ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

static void spin_report(long long off_move_us, int turns, int periods,
                        int frozen)
{
    fprintf(stderr, "SPIN cpu_ms=%lld turns=%d periods=%d frozen=%d\n",
            off_move_us / 1000, turns, periods, frozen);
    fflush(stderr);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "snoop";
    int spinners = strcmp(mode, "spin") == 0 && argc > 2 ? atoi(argv[2]) : 0;
    pthread_t th[512];
    if (spinners > 512)
        spinners = 512;
    if (strcmp(mode, "recv") == 0)
        recv_start();
    for (int i = 0; i < spinners; i++)
        pthread_create(&th[i], NULL, spin_main, NULL);
    tb_handshake("cheat bot");
    struct tb_state st;
    memset(&st, 0, sizeof st);
    int turns = 0;
    long long moved_at = -1, off_move = 0; /* CPU clock, microseconds */
    int periods = 0, frozen = 0;
    while (tb_wait_turn(&st)) {
        if (spinners) {
            stamp_run();
            spin_set(0, 0);
        }
        if (moved_at >= 0) {
            off_move += cpu_us() - moved_at;
            periods++;
            frozen += atomic_load(&longest_gap_ns) >= 140000000LL;
        }
        if (turns++ == 0) {
            if (strcmp(mode, "snoop") == 0)
                snoop();
            else if (strcmp(mode, "send") == 0 && argc > 2)
                send_token(strtoull(argv[2], NULL, 16));
        }
        if (strcmp(mode, "recv") == 0)
            recv_probe();
        if (strcmp(mode, "send") == 0) {
            int fd = open(talk_file(), O_RDONLY | O_CLOEXEC);
            if (fd >= 0)
                close(fd);
        }
        /* Spinning from before the move is sent: the referee may freeze
         * us the moment it reads it. */
        if (spinners) {
            moved_at = cpu_us();
            atomic_store(&last_run_ns, now_ns());
            atomic_store(&longest_gap_ns, 0);
            spin_set(1, 0);
        }
        tb_play_first_empty(&st);
    }
    spin_set(0, 1);
    for (int i = 0; i < spinners; i++)
        pthread_join(th[i], NULL);
    if (spinners)
        spin_report(off_move, turns, periods, frozen);
    if (strcmp(mode, "recv") == 0)
        fprintf(stderr, "RECV done\n");
    return 0;
}
