/* environ.c - an entry of /proc/PID/environ (see environ.h). */
#include "environ.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Entries are NUL-terminated; they are read in chunks, one whole entry at
 * a time, and an entry longer than the buffer is skipped. */
#define ENVIRON_CHUNK 65536

static int environ_match(const char *entry, size_t n, const char *prefix,
                         size_t plen, char *val, size_t len)
{
    if (n < plen || memcmp(entry, prefix, plen) != 0)
        return 0;
    size_t v = n - plen < len - 1 ? n - plen : len - 1;
    memcpy(val, entry + plen, v);
    val[v] = '\0';
    return 1;
}

int proc_environ_find(pid_t pid, const char *prefix, char *val, size_t len)
{
    static char buf[ENVIRON_CHUNK];
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || len == 0)
        return fd >= 0 ? close(fd), 0 : 0;
    size_t plen = strlen(prefix), have = 0;
    int found = 0, skipping = 0;
    while (!found) {
        ssize_t n = read(fd, buf + have, sizeof buf - have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        have += (size_t)n;
        size_t at = 0;
        const char *nul;
        while (!found && (nul = memchr(buf + at, '\0', have - at))) {
            size_t entry = (size_t)(nul - buf) - at;
            if (!skipping)
                found = environ_match(buf + at, entry, prefix, plen, val,
                                      len);
            skipping = 0;
            at = (size_t)(nul - buf) + 1;
        }
        memmove(buf, buf + at, have - at);
        have -= at;
        if (have == sizeof buf) {
            have = 0;
            skipping = 1;
        }
    }
    close(fd);
    return found;
}
