/*
 * fsutil.h - small file-system helpers for the referee's output files.
 */
#ifndef FSUTIL_H
#define FSUTIL_H

#include <stddef.h>
#include <stdio.h>

/* mkdir -p: create path and its missing parents (mode 0755).  Returns 0,
 * or -1 with a message naming the directory in err. */
int fs_mkdirs(const char *path, char *err, size_t errlen);

/* Write path atomically: writer fills a temporary file in the same
 * directory (returning 0, or -1 with errno set), which is then flushed,
 * synced and renamed over path.  Returns 0, or -1 with a message naming
 * path in err; the temporary file never stays behind. */
typedef int (*fs_writer)(FILE *f, void *arg);
int fs_write_atomic(const char *path, fs_writer writer, void *arg, char *err,
                    size_t errlen);

#endif
