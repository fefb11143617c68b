/* fsutil.c - file-system helpers (see fsutil.h). */
#include "fsutil.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <limits.h>
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

/* Split path into its directory ("." for a bare name) and its last
 * component. */
static int fs_split(const char *path, char *dir, size_t dirlen,
                    const char **base, char *err, size_t errlen)
{
    const char *slash = strrchr(path, '/');
    *base = slash ? slash + 1 : path;
    if (!**base) {
        snprintf(err, errlen, "%s: not a file name", path);
        return -1;
    }
    int n = !slash          ? snprintf(dir, dirlen, ".")
            : slash == path ? snprintf(dir, dirlen, "/")
                            : snprintf(dir, dirlen, "%.*s",
                                       (int)(slash - path), path);
    if (n < 0 || (size_t)n >= dirlen) {
        snprintf(err, errlen, "%.200s...: path too long", path);
        return -1;
    }
    return 0;
}

/* Create the temporary file DIR/.BASE.XXXXXX, mode 0644 (mkostemp makes
 * 0600; these files are for everyone to read).  Its fd, or -1. */
static int fs_temp_open(const char *path, const char *dir, const char *base,
                        char *tmp, size_t tmplen, char *err, size_t errlen)
{
    int n = snprintf(tmp, tmplen, "%s/.%s.XXXXXX", dir, base);
    if (n < 0 || (size_t)n >= tmplen) {
        snprintf(err, errlen, "%.200s...: path too long", path);
        return -1;
    }
    int fd = mkostemp(tmp, O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        struct stat st;
        if (e == ENOENT || (e == ENOTDIR && stat(dir, &st) != 0))
            snprintf(err, errlen, "%s: directory '%s' does not exist", path,
                     dir);
        else
            snprintf(err, errlen,
                     "%s: cannot create a temporary file in '%s': %s", path,
                     dir, strerror(e));
        return -1;
    }
    if (fchmod(fd, 0644) != 0) {
        snprintf(err, errlen, "%s: chmod %s: %s", path, tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    return fd;
}

/* Let writer fill fd, then flush, fsync (if sync) and close it (always).
 * 0, or -1 with errno set. */
static int fs_fill(int fd, fs_writer writer, void *arg, bool sync)
{
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    errno = 0;
    int rc = writer(f, arg);
    if (rc == 0 && (fflush(f) != 0 || (sync && fsync(fileno(f)) != 0)))
        rc = -1;
    int saved = rc == 0 ? 0 : errno ? errno : EIO;
    if (fclose(f) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    errno = saved;
    return rc;
}

/* fsync dir, so that a rename in it survives a crash.  EINVAL: the file
 * system cannot sync a directory, and there is nothing more to do. */
static int fs_sync_dir(const char *path, const char *dir, char *err,
                       size_t errlen)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int rc = fd < 0 ? -1 : fsync(fd);
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (rc == 0 || e == EINVAL)
        return 0;
    snprintf(err, errlen, "%s: written, but cannot sync directory '%s': %s",
             path, dir, strerror(e));
    return -1;
}

static int fs_write_file(const char *path, fs_writer writer, void *arg,
                         bool sync, char *err, size_t errlen)
{
    char dir[PATH_MAX], tmp[PATH_MAX + 16];
    const char *base;
    if (fs_split(path, dir, sizeof dir, &base, err, errlen))
        return -1;
    int fd = fs_temp_open(path, dir, base, tmp, sizeof tmp, err, errlen);
    if (fd < 0)
        return -1;
    if (fs_fill(fd, writer, arg, sync) != 0) {
        snprintf(err, errlen, "%s: write error: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot rename %s over it: %s", path, tmp,
                 strerror(errno));
        unlink(tmp);
        return -1;
    }
    return sync ? fs_sync_dir(path, dir, err, errlen) : 0;
}

int fs_write_atomic(const char *path, fs_writer writer, void *arg, char *err,
                    size_t errlen)
{
    return fs_write_file(path, writer, arg, true, err, errlen);
}

int fs_write_replace(const char *path, fs_writer writer, void *arg,
                     char *err, size_t errlen)
{
    return fs_write_file(path, writer, arg, false, err, errlen);
}
