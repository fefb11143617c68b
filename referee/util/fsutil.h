/*
 * fsutil.h - small file-system helpers for the referee's output files.
 */
#ifndef FSUTIL_H
#define FSUTIL_H

#include <stddef.h>

/* mkdir -p: create path and its missing parents (mode 0755).  Returns 0,
 * or -1 with a message naming the directory in err. */
int fs_mkdirs(const char *path, char *err, size_t errlen);

#endif
