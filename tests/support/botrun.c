/* botrun.c - a bot program run on a script (see botrun.h). */
#include "support/botrun.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void botrun_path(const char *name, char *buf, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    cr_assert_gt(n, 0);
    exe[n] = '\0';
    snprintf(buf, len, "%s/bots/%s", dirname(exe), name);
    cr_assert_eq(access(buf, X_OK), 0, "%s not built (run make test)", buf);
}

void botrun_script(char *const argv[], const char *script, bool quiet,
                   botrun *run)
{
    int in[2], out[2];
    cr_assert_eq(pipe2(in, O_CLOEXEC), 0);
    cr_assert_eq(pipe2(out, O_CLOEXEC), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        int null = quiet ? open("/dev/null", O_WRONLY) : -1;
        if (null >= 0)
            dup2(null, STDERR_FILENO);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    size_t len = strlen(script);
    cr_assert_lt(len, 4096); /* fits in the pipe without blocking */
    if (len)
        cr_assert_eq(write(in[1], script, len), (ssize_t)len);
    close(in[1]);
    size_t got = 0;
    for (;;) {
        ssize_t k = read(out[0], run->out + got, sizeof run->out - 1 - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    run->out[got] = '\0';
    close(out[0]);
    cr_assert_eq(waitpid(pid, &run->status, 0), pid);
}
