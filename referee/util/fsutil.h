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

/* Write path atomically, the one way every output file is written
 * (records, event definitions, tables):
 *   1. writer fills a temporary file DIR/.NAME.XXXXXX beside path (mode
 *      0644), returning 0, or -1 with errno set;
 *   2. the file is flushed, fsync'ed and closed;
 *   3. it is renamed over path, so that a reader sees the old file or the
 *      new one, never half of one;
 *   4. DIR is fsync'ed, so that the rename survives a crash (a file system
 *      that cannot sync a directory, EINVAL, is taken as done).
 * Returns 0, or -1 with a message that begins with path in err.  The
 * temporary file never stays behind; after a failed step 4, path is the
 * new file, but the caller is told it may not last. */
typedef int (*fs_writer)(FILE *f, void *arg);
int fs_write_atomic(const char *path, fs_writer writer, void *arg, char *err,
                    size_t errlen);
/* The same without steps 2's fsync and 4: a reader still sees the old file
 * or the new one, but a crash may lose the new one.  For files made from
 * others and made again at will (the HTML pages, which `standings --write`
 * rewrites): two fsyncs per page would hold up the disk that the records
 * and the bots' logs are written to. */
int fs_write_replace(const char *path, fs_writer writer, void *arg,
                     char *err, size_t errlen);

#endif
