/* procfs.c - the walk over /proc (see procfs.h). */
#include "procfs.h"

#include <dirent.h>
#include <stdlib.h>

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
