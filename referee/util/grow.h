/*
 * grow.h - room in a growable array: the one doubling rule for every list
 * the referee builds (records' moves, the limit watch's bots, /proc
 * tables, ...).
 *
 *     T *p = grow(items, &cap, n + 1, sizeof *items, 16);
 *     if (!p) return -1;        // out of memory: items and cap unchanged
 *     items = p;
 *     items[n++] = x;
 */
#ifndef GROW_H
#define GROW_H

#include <stddef.h>

/* items with room for at least need elements of size bytes: as it is if
 * *cap suffices, else reallocated to the larger of need and twice *cap
 * (first when empty), *cap updated.  NULL when out of memory or the size
 * would overflow; items stays valid then. */
void *grow(void *items, size_t *cap, size_t need, size_t size, size_t first);

#endif
