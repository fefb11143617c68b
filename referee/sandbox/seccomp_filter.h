/*
 * seccomp_filter.h - the system calls a boxed bot may not make: every
 * channel between two bots that the namespaces leave open, and every way
 * out of the box (libseccomp; the README's "What a bot may and may not do"
 * lists them).
 *
 * Caller's protocol:
 *   1. seccomp_filter_build() once, in the referee, before the first box:
 *      libseccomp allocates, so the filter is made and exported as a BPF
 *      program here, never between fork and exec.
 *   2. seccomp_filter_install(prog) in the box's child, last before exec,
 *      after no_new_privs: one prctl, async-signal-safe.  The filter holds
 *      for the bot and everything it starts, and cannot be lifted.
 *
 * Refused (everything else is allowed; calls of another architecture, such
 * as 32-bit ones, kill the process):
 *   - locks another process could see: flock and fcntl F_SETLK, F_SETLKW,
 *     F_OFD_SETLK, F_OFD_SETLKW succeed without taking a lock; F_GETLK and
 *     F_OFD_GETLK fail with ENOLCK; leases (F_SETLEASE) and directory
 *     notices (F_NOTIFY) with EPERM;
 *   - watching files: inotify_init, inotify_init1, inotify_add_watch,
 *     fanotify_init, fanotify_mark (EPERM);
 *   - keyrings, which outlive the bot under its uid: add_key, keyctl,
 *     request_key (EPERM);
 *   - other processes: ptrace, process_vm_readv, process_vm_writev, kcmp,
 *     pidfd_getfd (EPERM);
 *   - kernel interfaces no bot needs: perf_event_open, bpf, userfaultfd,
 *     syslog (EPERM); io_uring_setup, io_uring_enter, io_uring_register
 *     (ENOSYS: runtimes that probe for io_uring fall back to plain calls);
 *   - filling page tables in bulk, which keeps a thread in the kernel,
 *     beyond the freezer's reach, for seconds: madvise MADV_POPULATE_READ,
 *     MADV_POPULATE_WRITE and MADV_COLLAPSE (EINVAL, as on kernels
 *     without them), mmap with MAP_POPULATE (EPERM);
 *   - new namespaces and mounts: unshare, setns, clone with a CLONE_NEW*
 *     flag, mount, umount2, pivot_root, chroot, open_tree, move_mount,
 *     fsopen, fsconfig, fsmount, fspick, mount_setattr (EPERM); clone3
 *     (ENOSYS: its flags cannot be read by a filter, and the C library
 *     falls back to clone).
 */
#ifndef SECCOMP_FILTER_H
#define SECCOMP_FILTER_H

#include <linux/filter.h>
#include <stdbool.h>
#include <stddef.h>

/* Make the filter (once; later calls return the first result).  false
 * with why in err if libseccomp could not. */
bool seccomp_filter_build(char *err, size_t errlen);
/* The program built, or NULL before a successful build. */
const struct sock_fprog *seccomp_filter_program(void);
/* In the child: install prog.  0, or -1 with errno. */
int seccomp_filter_install(const struct sock_fprog *prog);

#endif
