/* procfs.c - the walk over /proc (see procfs.h). */
#include "procfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int procfs_each(procfs_fn fn, void *arg)
{
    DIR *d = opendir("/proc");
    if (!d)
        return -1;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        /* Processes are the entries that are numbers. */
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end == '\0')
            rc = fn((pid_t)pid, e->d_name, arg);
    }
    closedir(d);
    return rc;
}

int procfs_read(const char *path, char *buf, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1; /* it exited meanwhile */
    ssize_t n;
    do
        n = read(fd, buf, len - 1);
    while (n < 0 && errno == EINTR);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    return 0;
}
