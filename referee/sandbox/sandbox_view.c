/* sandbox_view.c - the boxed bot's view of the file system (see
 * sandbox_view.h).  Between fork and exec: system calls and string copies
 * only. */
#include "sandbox_view.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/mount.h>
#include <linux/openat2.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The new root is built on a tmpfs mounted here, over the machine's /tmp
 * in this namespace only; what the bot needs from the machine's /tmp (its
 * own files may be there) is opened before. */
#define SV_STAGE "/tmp"

static const char *const sv_runtime[] = {BOX_RUNTIME_DIRS, NULL};
static const char *const sv_devices[] = {"null", "zero", "full", "random",
                                         "urandom", NULL};
/* Machine-wide tables a bot could read other processes' doings from:
 * locks held, key users, timers, the scheduler's queues, and the load
 * average with its count of every thread on the machine.  Not all such
 * figures: sysinfo(2), /proc/stat and /proc/meminfo still show the whole
 * machine (README, "What is not closed"). */
static const char *const sv_proc_masked[] = {"locks", "key-users",
                                             "sched_debug", "timer_list",
                                             "loadavg", NULL};

/* dst = a followed by b, cut to PATH_MAX. */
static void sv_join(char *dst, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la >= PATH_MAX)
        la = PATH_MAX - 1;
    if (la + lb >= PATH_MAX)
        lb = PATH_MAX - 1 - la;
    memcpy(dst, a, la);
    memcpy(dst + la, b, lb);
    dst[la + lb] = '\0';
}

static int sv_setattr(int dfd, const char *path, unsigned flags,
                      struct mount_attr *attr)
{
    return (int)syscall(SYS_mount_setattr, dfd, path, flags, attr,
                        sizeof *attr);
}

/* Read-only, no set-uid, no devices, for path and every mount below it. */
static int sv_read_only(const char *path)
{
    struct mount_attr ro = {.attr_set = MOUNT_ATTR_RDONLY |
                                        MOUNT_ATTR_NOSUID |
                                        MOUNT_ATTR_NODEV};
    return sv_setattr(AT_FDCWD, path, AT_RECURSIVE, &ro);
}

/* mkdir -p of path, each new folder 0755 (root's: the bot cannot add to
 * them). */
static int sv_mkdirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0755);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

/* An empty file at path (its folders made), to mount a file over. */
static int sv_touch(char *path)
{
    char *slash = strrchr(path, '/');
    if (slash && slash != path) {
        *slash = '\0';
        int rc = sv_mkdirs(path);
        *slash = '/';
        if (rc != 0)
            return -1;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

static int sv_tmpfs(const char *path, long mb, const char *mode)
{
    /* "mode=1777,size=NNNNNm" without printf */
    char opts[64];
    char num[24];
    int n = 0;
    long v = mb > 0 ? mb : 1;
    char rev[24];
    do
        rev[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0 && n < 20);
    for (int i = 0; i < n; i++)
        num[i] = rev[n - 1 - i];
    num[n] = '\0';
    sv_join(opts, "mode=", mode);
    sv_join(opts + strlen(opts), ",size=", num);
    sv_join(opts + strlen(opts), "m", "");
    return mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, opts);
}

/* The bot's own files, cloned from where they really are before the stage
 * covers /tmp, refusing any symbolic link on the way (one swapped in since
 * box_files looked fails the start): detached mounts, read-only,
 * idmapped where asked. */
static int sv_open_files(const box_files *f, const int *idmap_fd, int *tree)
{
    for (int i = 0; i < f->n; i++) {
        struct open_how how = {.flags = O_PATH | O_CLOEXEC,
                               .resolve = RESOLVE_NO_SYMLINKS};
        int fd = (int)syscall(SYS_openat2, AT_FDCWD, f->file[i].real, &how,
                              sizeof how);
        if (fd < 0)
            return -1;
        tree[i] = (int)syscall(SYS_open_tree, fd, "",
                               AT_EMPTY_PATH | OPEN_TREE_CLONE |
                                   OPEN_TREE_CLOEXEC | AT_RECURSIVE);
        close(fd);
        if (tree[i] < 0)
            return -1;
        struct mount_attr attr = {.attr_set = MOUNT_ATTR_RDONLY |
                                              MOUNT_ATTR_NOSUID |
                                              MOUNT_ATTR_NODEV};
        if (f->file[i].idmap && idmap_fd && idmap_fd[i] >= 0) {
            attr.attr_set |= MOUNT_ATTR_IDMAP;
            attr.userns_fd = (unsigned)idmap_fd[i];
        }
        if (sv_setattr(tree[i], "", AT_EMPTY_PATH | AT_RECURSIVE, &attr) != 0)
            return -1;
    }
    return 0;
}

/* /usr, /etc, ...: bound read-only; the links among them kept. */
static int sv_runtime_dirs(void)
{
    char at[PATH_MAX], target[PATH_MAX];
    for (int i = 0; sv_runtime[i]; i++) {
        struct stat st;
        if (lstat(sv_runtime[i], &st) != 0)
            continue;
        sv_join(at, SV_STAGE, sv_runtime[i]);
        if (S_ISLNK(st.st_mode)) {
            ssize_t n = readlink(sv_runtime[i], target, sizeof target - 1);
            if (n < 0)
                return -1;
            target[n] = '\0';
            if (symlink(target, at) != 0)
                return -1;
            continue;
        }
        if (!S_ISDIR(st.st_mode))
            continue;
        if (mkdir(at, 0755) != 0 ||
            mount(sv_runtime[i], at, NULL, MS_BIND | MS_REC, NULL) != 0 ||
            sv_read_only(at) != 0)
            return -1;
    }
    return 0;
}

static int sv_dev(long tmp_mb)
{
    char at[PATH_MAX], from[PATH_MAX];
    static const char *const links[][2] = {
        {"fd", "/proc/self/fd"},          {"stdin", "/proc/self/fd/0"},
        {"stdout", "/proc/self/fd/1"},    {"stderr", "/proc/self/fd/2"},
    };
    if (mkdir(SV_STAGE "/dev", 0755) != 0)
        return -1;
    for (int i = 0; sv_devices[i]; i++) {
        sv_join(from, "/dev/", sv_devices[i]);
        sv_join(at, SV_STAGE "/dev/", sv_devices[i]);
        struct stat st;
        if (stat(from, &st) != 0)
            continue;
        if (sv_touch(at) != 0 ||
            mount(from, at, NULL, MS_BIND, NULL) != 0)
            return -1;
    }
    for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
        sv_join(at, SV_STAGE "/dev/", links[i][0]);
        if (symlink(links[i][1], at) != 0)
            return -1;
    }
    return mkdir(SV_STAGE "/dev/shm", 01777) == 0
               ? sv_tmpfs(SV_STAGE "/dev/shm", tmp_mb, "1777")
               : -1;
}

static int sv_proc(void)
{
    char at[PATH_MAX];
    if (mkdir(SV_STAGE "/proc", 0555) != 0 ||
        mount("proc", SV_STAGE "/proc", "proc",
              MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=invisible") != 0)
        return -1;
    for (int i = 0; sv_proc_masked[i]; i++) {
        sv_join(at, SV_STAGE "/proc/", sv_proc_masked[i]);
        struct stat st;
        if (stat(at, &st) == 0 &&
            mount("/dev/null", at, NULL, MS_BIND | MS_RDONLY, NULL) != 0)
            return -1;
    }
    return 0;
}

/* The bot's files at their paths, in the stage. */
static int sv_place_files(const box_files *f, int *tree)
{
    char at[PATH_MAX];
    for (int i = 0; i < f->n; i++) {
        sv_join(at, SV_STAGE, f->file[i].path);
        int rc = f->file[i].is_dir ? sv_mkdirs(at) : sv_touch(at);
        if (rc != 0 ||
            syscall(SYS_move_mount, tree[i], "", AT_FDCWD, at,
                    MOVE_MOUNT_F_EMPTY_PATH) != 0)
            return -1;
        close(tree[i]);
        tree[i] = -1;
    }
    return 0;
}

int sandbox_view(const box_files *files, const int *idmap_fd, long tmp_mb,
                 const char **stage)
{
    int tree[BOX_FILES_MAX];
    char at[PATH_MAX];
    umask(022); /* the referee's may be stricter: folders must open */
    *stage = "making its mounts private";
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return -1;
    *stage = "opening its files";
    if (sv_open_files(files, idmap_fd, tree) != 0)
        return -1;
    *stage = "making its root";
    if (sv_tmpfs(SV_STAGE, 1, "0755") != 0)
        return -1;
    *stage = "showing the runtime";
    if (sv_runtime_dirs() != 0)
        return -1;
    *stage = "making its /dev";
    if (sv_dev(tmp_mb) != 0)
        return -1;
    *stage = "mounting its /proc";
    if (sv_proc() != 0)
        return -1;
    /* A working directory in /opt or /usr would be shown whole by the
     * runtime: cover it with an empty folder of its own. */
    *stage = "covering its working directory";
    sv_join(at, SV_STAGE, files->cwd);
    if (files->cover_cwd && sv_tmpfs(at, 1, "0755") != 0)
        return -1;
    *stage = "mounting its /tmp";
    if (mkdir(SV_STAGE "/tmp", 01777) != 0 ||
        sv_tmpfs(SV_STAGE "/tmp", tmp_mb, "1777") != 0)
        return -1;
    *stage = "showing its files";
    if (sv_place_files(files, tree) != 0)
        return -1;
    *stage = "keeping its working directory";
    sv_join(at, SV_STAGE, files->cwd);
    if (sv_mkdirs(at) != 0)
        return -1;
    *stage = "entering its root";
    if (chdir(SV_STAGE) != 0 || syscall(SYS_pivot_root, ".", ".") != 0 ||
        umount2(".", MNT_DETACH) != 0 || chdir("/") != 0)
        return -1;
    struct mount_attr ro = {.attr_set = MOUNT_ATTR_RDONLY};
    if (sv_setattr(AT_FDCWD, "/", 0, &ro) != 0)
        return -1;
    return chdir(files->cwd);
}
