/* grow.c - room in a growable array (see grow.h). */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

void *grow(void *items, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap && items)
        return items;
    size_t n = *cap ? *cap : (first ? first : 1);
    while (n < need) {
        if (n > SIZE_MAX / 2)
            return NULL;
        n *= 2;
    }
    if (size && n > SIZE_MAX / size)
        return NULL;
    void *p = realloc(items, n * size);
    if (p)
        *cap = n;
    return p;
}
