/* idmap.c - a one-owner user namespace for idmapped mounts (see
 * idmap.h). */
#include "idmap.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* Write text to /proc/pid/name. */
static int idmap_write(pid_t pid, const char *name, const char *text)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t len = (ssize_t)strlen(text), n = write(fd, text, (size_t)len);
    int saved = errno;
    close(fd);
    errno = saved;
    return n == len ? 0 : -1;
}

int idmap_userns(uid_t owner, gid_t group, uid_t to, char *err,
                 size_t errlen)
{
    int hold[2];
    if (pipe2(hold, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "idmap: cannot make a pipe: %s",
                 strerror(errno));
        return -1;
    }
    /* The helper only exists to own the namespace: it waits on the pipe
     * (which it never gets an end of to write) until killed, every signal
     * blocked so that none of the referee's handlers runs in it. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = (pid_t)syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
    if (pid != 0)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pid == 0) {
        char c;
        close(hold[1]);
        while (read(hold[0], &c, 1) < 0 && errno == EINTR)
            ;
        _exit(0);
    }
    int saved = errno;
    close(hold[0]);
    if (pid < 0) {
        close(hold[1]);
        snprintf(err, errlen, "idmap: cannot make a user namespace: %s",
                 strerror(saved));
        return -1;
    }
    char map[64];
    int fd = -1;
    snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)owner,
             (unsigned long)to);
    if (idmap_write(pid, "uid_map", map) == 0) {
        snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)group,
                 (unsigned long)to);
        if (idmap_write(pid, "gid_map", map) == 0) {
            char path[64];
            snprintf(path, sizeof path, "/proc/%d/ns/user", (int)pid);
            fd = open(path, O_RDONLY | O_CLOEXEC);
        }
    }
    saved = errno;
    close(hold[1]); /* the helper reads EOF and exits */
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    if (fd < 0)
        snprintf(err, errlen, "idmap: cannot map uid %lu to %lu: %s",
                 (unsigned long)owner, (unsigned long)to, strerror(saved));
    return fd;
}
