/* fsutil.c - file-system helpers (see fsutil.h). */
#include "fsutil.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int fs_mkdirs(const char *path, char *err, size_t errlen)
{
    char buf[4096];
    if (!*path) {
        snprintf(err, errlen, "empty directory name");
        return -1;
    }
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        snprintf(err, errlen, "path too long: %.100s...", path);
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create directory %s: %s", buf,
                     strerror(errno));
            return -1;
        }
        *p = c;
        if (!c)
            break;
    }
    struct stat st;
    if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s is not a directory", buf);
        return -1;
    }
    return 0;
}

int fs_write_atomic(const char *path, fs_writer writer, void *arg, char *err,
                    size_t errlen)
{
    char tmp[4200];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    int fd = mkostemp(tmp, O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    FILE *f = fdopen(fd, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    int rc = writer(f, arg);
    if (rc == 0 && (fflush(f) != 0 || fsync(fileno(f)) != 0))
        rc = -1;
    int saved = errno;
    if (fclose(f) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    if (rc == 0) {
        /* mkostemp makes 0600 files; these are for everyone to read. */
        chmod(tmp, 0644);
        if (rename(tmp, path) != 0) {
            rc = -1;
            saved = errno;
        }
    }
    if (rc != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
        unlink(tmp);
    }
    return rc;
}
