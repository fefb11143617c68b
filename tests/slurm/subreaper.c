/* subreaper PROGRAM [ARGS...]: run PROGRAM as a child and adopt every
 * process it leaves behind.
 *
 * slurmd starts slurmstepd, which forks twice and calls setsid, so its
 * parent exits and it would be reparented to init, out of the test's
 * reach.  As a child subreaper (prctl PR_SET_CHILD_SUBREAPER) this process
 * becomes the parent of such orphans instead: it reaps each one as it
 * dies, so a test that kills a daemon by pid sees it gone (no zombie left
 * answering kill -0).  When PROGRAM exits, any process still adopted is a
 * leak of the test: it is named, killed and reaped, and the exit status
 * is 1 even if PROGRAM succeeded.  Otherwise the status is PROGRAM's. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* The parent pid of PID from /proc/PID/stat, or -1.  The command field
 * may hold spaces and parentheses, so the parse starts after the last ')'. */
static pid_t subreaper_parent_of(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *paren = strrchr(buf, ')');
    char state;
    int ppid;
    if (!paren || sscanf(paren + 1, " %c %d", &state, &ppid) != 2)
        return -1;
    return (pid_t)ppid;
}

/* Kill every process whose parent is this one; the number killed. */
static int subreaper_kill_adopted(void)
{
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    int killed = 0;
    pid_t self = getpid();
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end != '\0' || pid <= 0 || subreaper_parent_of((pid_t)pid) != self)
            continue;
        char comm[64] = "?", path[64];
        snprintf(path, sizeof path, "/proc/%ld/comm", pid);
        FILE *f = fopen(path, "r");
        if (f) {
            if (fgets(comm, sizeof comm, f))
                comm[strcspn(comm, "\n")] = '\0';
            fclose(f);
        }
        fprintf(stderr, "subreaper: left behind: pid %ld (%s), killing it\n",
                pid, comm);
        kill((pid_t)pid, SIGKILL);
        killed++;
    }
    closedir(d);
    return killed;
}

/* Reap children until stop_at has exited; its exit status in *status. */
static void subreaper_wait_for(pid_t stop_at, int *status)
{
    for (;;) {
        int st;
        pid_t pid = waitpid(-1, &st, 0);
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid < 0 || pid == stop_at) {
            *status = pid < 0 ? 1 << 8 : st;
            return;
        }
    }
}

/* Kill and reap whatever is still adopted, again and again, since a
 * killed process's own children are adopted in turn; the number killed. */
static int subreaper_clear(void)
{
    int killed = 0;
    for (int round = 0; round < 200; round++) {
        int st;
        while (waitpid(-1, &st, WNOHANG) > 0)
            ;
        if (waitpid(-1, &st, WNOHANG) < 0 && errno == ECHILD)
            return killed;
        killed += subreaper_kill_adopted();
        usleep(50 * 1000);
    }
    fprintf(stderr, "subreaper: children still alive after 10 s\n");
    return killed > 0 ? killed : 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: subreaper PROGRAM [ARGS...]\n");
        return 2;
    }
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
        perror("subreaper: prctl(PR_SET_CHILD_SUBREAPER)");
        return 1;
    }
    /* The program's signals (Ctrl-C) reach it through the terminal's
     * process group; this process only waits for it. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_IGN);
    pid_t child = fork();
    if (child < 0) {
        perror("subreaper: fork");
        return 1;
    }
    if (child == 0) {
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        execvp(argv[1], argv + 1);
        fprintf(stderr, "subreaper: cannot run %s: %s\n", argv[1], strerror(errno));
        _exit(127);
    }
    int status = 0;
    subreaper_wait_for(child, &status);
    int leaked = subreaper_clear();
    if (leaked) {
        fprintf(stderr, "subreaper: FAIL: %d process(es) outlived the test\n", leaked);
        return 1;
    }
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
