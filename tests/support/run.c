/* run.c - test support for running programs (see run.h). */
#include "run.h"

#include "proc/environ.h"
#include "proc/procfs.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int run_cmd(char *const argv[], const char *tag, char *out, size_t outlen)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(p[1], 1);
        dup2(p[1], 2);
        setenv("RUN_TAG", tag, 1);
        setenv("REFEREE_BOT_RUN_TAG", tag, 1); /* boxed bots get RUN_TAG */
        execv(argv[0], argv);
        _exit(127);
    }
    close(p[1]);
    size_t n = 0;
    char scratch[4096];
    for (;;) {
        char *dst = n + 1 < outlen ? out + n : scratch;
        size_t room = n + 1 < outlen ? outlen - n - 1 : sizeof scratch;
        ssize_t r = read(p[0], dst, room);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        if (dst != scratch)
            n += (size_t)r;
    }
    close(p[0]);
    if (outlen)
        out[n < outlen ? n : outlen - 1] = '\0';
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

pid_t run_start(char *const argv[], const char *tag)
{
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        setenv("RUN_TAG", tag, 1);
        setenv("REFEREE_BOT_RUN_TAG", tag, 1); /* boxed bots get RUN_TAG */
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* Send sig (if not 0) to every process whose environment holds
 * RUN_TAG=tag; how many there are. */
typedef struct {
    const char *tag;
    int sig, count;
    pid_t except; /* not signalled (0: none) */
} run_tagged;

static int run_one_tagged(pid_t pid, const char *name, void *arg)
{
    (void)name;
    run_tagged *t = arg;
    char val[256];
    if (proc_environ_find(pid, "RUN_TAG=", val, sizeof val) &&
        !strcmp(val, t->tag)) {
        t->count++;
        if (t->sig && pid != t->except)
            kill(pid, t->sig);
    }
    return 0;
}

static int run_each_tagged(const char *tag, int sig)
{
    run_tagged t = {tag, sig, 0, 0};
    return procfs_each(run_one_tagged, &t) == 0 ? t.count : -1;
}

int run_count_tagged(const char *tag)
{
    return run_each_tagged(tag, 0);
}

int run_kill_tagged(const char *tag)
{
    return run_each_tagged(tag, SIGKILL);
}

int run_signal_tagged(const char *tag, int sig, pid_t except)
{
    run_tagged t = {tag, sig, 0, except};
    return procfs_each(run_one_tagged, &t) == 0 ? t.count : -1;
}

int run_count_records(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        n += l > 5 && !strcmp(e->d_name + l - 5, ".yaml") &&
             strcmp(e->d_name, "event.yaml") && e->d_name[0] != '.';
    }
    if (d)
        closedir(d);
    return n;
}

void run_tmpdir(char *buf, size_t len)
{
    snprintf(buf, len, "/tmp/referee-test-XXXXXX");
    if (!mkdtemp(buf))
        buf[0] = '\0';
}

void run_rmtree(const char *path)
{
    if (strncmp(path, "/tmp/referee-test-", 18) != 0)
        return;
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/rm", "rm", "-rf", path, (char *)NULL);
        _exit(127);
    }
    int status;
    if (pid > 0)
        waitpid(pid, &status, 0);
}

bool run_is_rules_end(const char *reason)
{
    static const char *const ends[] = {
        "five-by-placement", "five-by-rotation", "five-for-opponent",
        "five-for-both", "full-board",
    };
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++)
        if (!strcmp(reason, ends[i]))
            return true;
    return false;
}

char *run_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *more = realloc(buf, cap * 2);
            if (!more)
                free(buf);
            buf = more;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

void run_write_event(const char *dir, const char *name, const char *body,
                     char *path, size_t len)
{
    snprintf(path, len, "%s/%s.yaml", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fprintf(f, "event: %s\nrecords: %s/records-%s\nresults: %s/results-%s\n"
               "%s",
            name, dir, name, dir, name, body);
    fclose(f);
}

int run_match(const char *dir, const char *tag, const char *const *opts,
              const char *bot1, const char *bot2, char *out, size_t outlen)
{
    char *argv[64];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "match";
    argv[n++] = "--out";
    argv[n++] = (char *)dir;
    for (int i = 0; opts[i] && n < 58; i++)
        argv[n++] = (char *)opts[i];
    argv[n++] = (char *)bot1;
    argv[n++] = (char *)bot2;
    argv[n] = NULL;
    return run_cmd(argv, tag, out, outlen);
}
