/* seccomp_filter.c - the boxed bots' system-call filter (see
 * seccomp_filter.h). */
#include "seccomp_filter.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* fcntl's command and madvise's advice are ints: the kernel reads the low
 * 32 bits of the register, so the rules must compare only those (a call
 * with high bits set would otherwise pass every rule and still lock). */
#define SF_INT 0xffffffffULL

static struct sock_fprog sf_prog;
static bool sf_built;
static char sf_error[160];
static pthread_once_t sf_once = PTHREAD_ONCE_INIT;

/* A rule, or the name of the call that could not be added. */
static int sf_rule(scmp_filter_ctx ctx, uint32_t action, const char *name,
                   unsigned nargs, const struct scmp_arg_cmp *args)
{
    int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR)
        return 0; /* not on this architecture: nothing to refuse */
    int rc = seccomp_rule_add_array(ctx, action, nr, nargs, args);
    if (rc != 0)
        snprintf(sf_error, sizeof sf_error, "cannot filter %s: %s", name,
                 strerror(-rc));
    return rc;
}

static int sf_refuse(scmp_filter_ctx ctx, int err, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (sf_rule(ctx, SCMP_ACT_ERRNO((uint32_t)err), names[i], 0, NULL))
            return -1;
    return 0;
}

/* A rule on the int argument arg of name equal to value. */
static int sf_int_rule(scmp_filter_ctx ctx, uint32_t action, const char *name,
                       unsigned arg, int value)
{
    struct scmp_arg_cmp c = {arg, SCMP_CMP_MASKED_EQ, SF_INT,
                             (scmp_datum_t)(unsigned)value};
    return sf_rule(ctx, action, name, 1, &c);
}

/* Locks: a lock taken succeeds without effect, a lock asked about fails,
 * so no bot learns of another's lock; leases and dnotify refused.  And the
 * calls that keep a thread in the kernel for seconds, where the freezer
 * cannot stop it: filling page tables in bulk. */
static int sf_int_rules(scmp_filter_ctx ctx)
{
    static const struct {
        const char *name;
        unsigned arg;
        int value, err;
    } rules[] = {
        {"fcntl", 1, F_SETLK, 0},       {"fcntl", 1, F_SETLKW, 0},
        {"fcntl", 1, F_OFD_SETLK, 0},   {"fcntl", 1, F_OFD_SETLKW, 0},
        {"fcntl", 1, F_GETLK, ENOLCK},  {"fcntl", 1, F_OFD_GETLK, ENOLCK},
        {"fcntl", 1, F_SETLEASE, EPERM}, {"fcntl", 1, F_NOTIFY, EPERM},
        {"madvise", 2, 22 /* MADV_POPULATE_READ */, EINVAL},
        {"madvise", 2, 23 /* MADV_POPULATE_WRITE */, EINVAL},
        {"madvise", 2, 25 /* MADV_COLLAPSE */, EINVAL},
    };
    if (sf_rule(ctx, SCMP_ACT_ERRNO(0), "flock", 0, NULL))
        return -1;
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
        if (sf_int_rule(ctx, SCMP_ACT_ERRNO((uint32_t)rules[i].err),
                        rules[i].name, rules[i].arg, rules[i].value))
            return -1;
    /* mmap with MAP_POPULATE among its flags */
    struct scmp_arg_cmp c = SCMP_A3(SCMP_CMP_MASKED_EQ, MAP_POPULATE,
                                    MAP_POPULATE);
    return sf_rule(ctx, SCMP_ACT_ERRNO(EPERM), "mmap", 1, &c);
}

/* clone with any flag that makes a namespace. */
static int sf_clone_namespaces(scmp_filter_ctx ctx)
{
    static const unsigned long flags[] = {
        CLONE_NEWNS,  CLONE_NEWUSER,   CLONE_NEWPID, CLONE_NEWNET,
        CLONE_NEWIPC, CLONE_NEWUTS,    CLONE_NEWCGROUP,
    };
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++) {
        struct scmp_arg_cmp c =
            SCMP_A0(SCMP_CMP_MASKED_EQ, flags[i], flags[i]);
        if (sf_rule(ctx, SCMP_ACT_ERRNO(EPERM), "clone", 1, &c))
            return -1;
    }
    return 0;
}

static int sf_rules(scmp_filter_ctx ctx)
{
    static const char *const eperm[] = {
        "inotify_init", "inotify_init1", "inotify_add_watch",
        "fanotify_init", "fanotify_mark",
        "add_key", "keyctl", "request_key",
        "ptrace", "process_vm_readv", "process_vm_writev", "kcmp",
        "pidfd_getfd",
        "perf_event_open", "bpf", "userfaultfd", "syslog",
        "unshare", "setns", "mount", "umount2", "pivot_root", "chroot",
        "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount",
        "fspick", "mount_setattr",
        NULL,
    };
    static const char *const enosys[] = {
        "io_uring_setup", "io_uring_enter", "io_uring_register", "clone3",
        NULL,
    };
    if (sf_refuse(ctx, EPERM, eperm) || sf_refuse(ctx, ENOSYS, enosys))
        return -1;
    return sf_int_rules(ctx) || sf_clone_namespaces(ctx) ? -1 : 0;
}

/* The BPF program of ctx, read back from a memory file. */
static int sf_export(scmp_filter_ctx ctx)
{
    int fd = memfd_create("seccomp", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    int rc = -1;
    if (seccomp_export_bpf(ctx, fd) == 0 && fstat(fd, &st) == 0 &&
        st.st_size > 0 && st.st_size % sizeof(struct sock_filter) == 0 &&
        st.st_size / sizeof(struct sock_filter) <= BPF_MAXINSNS) {
        struct sock_filter *insns = malloc((size_t)st.st_size);
        if (insns && pread(fd, insns, (size_t)st.st_size, 0) == st.st_size) {
            sf_prog.filter = insns;
            sf_prog.len =
                (unsigned short)(st.st_size / sizeof(struct sock_filter));
            rc = 0;
        } else {
            free(insns);
        }
    }
    close(fd);
    return rc;
}

static void sf_build_once(void)
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) {
        snprintf(sf_error, sizeof sf_error, "libseccomp: cannot start a "
                                            "filter");
        return;
    }
    /* The filter is installed after no_new_privs by the box itself. */
    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
    seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    if (sf_rules(ctx) == 0) {
        if (sf_export(ctx) == 0)
            sf_built = true;
        else
            snprintf(sf_error, sizeof sf_error,
                     "libseccomp: cannot export the filter");
    }
    seccomp_release(ctx);
}

bool seccomp_filter_build(char *err, size_t errlen)
{
    pthread_once(&sf_once, sf_build_once);
    if (!sf_built && err)
        snprintf(err, errlen, "%s", sf_error);
    return sf_built;
}

const struct sock_fprog *seccomp_filter_program(void)
{
    return sf_built ? &sf_prog : NULL;
}

int seccomp_filter_install(const struct sock_fprog *prog)
{
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, prog, 0, 0);
}
