/*
 * sandbox_view.h - the boxed bot's view of the file system, made in its
 * own mount namespace between fork and exec (async-signal-safe calls, no
 * allocation).
 *
 * A new root (a small tmpfs) holding, and nothing else:
 *   - the runtime (box_files.h), bound read-only, without set-uid or
 *     devices;
 *   - /dev with null, zero, full, random and urandom bound from the
 *     machine, the links fd, stdin, stdout and stderr, and a private,
 *     empty /dev/shm;
 *   - its own /proc (its pid namespace; hidepid=invisible, so the box's
 *     first process, which runs as root, is not even listed), with the
 *     machine-wide tables of locks, key users, timers and the scheduler
 *     covered by empty files;
 *   - a private, empty /tmp (tmpfs of the file-size limit), its HOME;
 *   - the bot's own files (box_files.h), read-only, at their own paths,
 *     idmapped where box_files asks for it;
 *   - its working directory at the referee's path, empty but for the
 *     paths through it to the bot's files.
 * No /sys, no /run, no /home, no /var: not the machine's control groups,
 * not the referee's files, records or logs, not another entrant's files.
 */
#ifndef SANDBOX_VIEW_H
#define SANDBOX_VIEW_H

#include "sandbox/box_files.h"

/* In the box's child, in its new mount and pid namespaces, as root: make
 * the view and enter it (the working directory set).  idmap_fd[i] is the
 * user namespace for files->file[i] if it is idmapped.  0, or -1 with
 * errno and *stage saying what failed. */
int sandbox_view(const box_files *files, const int *idmap_fd, long tmp_mb,
                 const char **stage);

#endif
