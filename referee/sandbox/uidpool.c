/* uidpool.c - user ids for bots, held by lock files (see uidpool.h). */
#include "uidpool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static int uidpool_try(uid_t uid)
{
    char path[64];
    snprintf(path, sizeof path, UIDPOOL_DIR "/%lu", (unsigned long)uid);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return -1;
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int uidpool_take(uid_t first, unsigned count, uid_t *uid)
{
    if (mkdir(UIDPOOL_DIR, 0700) != 0 && errno != EEXIST)
        return -1;
    /* Start where this referee's last one stopped, so ids rotate and a
     * lock just given back is not fought over. */
    static unsigned next;
    for (unsigned i = 0; i < count; i++) {
        unsigned k = (next + i) % count;
        int fd = uidpool_try(first + (uid_t)k);
        if (fd >= 0) {
            next = k + 1;
            *uid = first + (uid_t)k;
            return fd;
        }
    }
    return -1;
}
