/*
 * test_grow.c - the one doubling rule of growable arrays (util/grow.h).
 */
#include "util/grow.h"

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>

Test(grow, starts_at_first_and_doubles)
{
    size_t cap = 0;
    int *a = grow(NULL, &cap, 1, sizeof *a, 16);
    cr_assert(a);
    cr_expect_eq(cap, 16);
    int *same = grow(a, &cap, 16, sizeof *a, 16);
    cr_expect_eq(same, a, "room enough: the array stays");
    cr_expect_eq(cap, 16);
    a = grow(a, &cap, 17, sizeof *a, 16);
    cr_assert(a);
    cr_expect_eq(cap, 32);
    a = grow(a, &cap, 1000, sizeof *a, 16);
    cr_assert(a);
    cr_expect_eq(cap, 1024, "doubled until it holds what is needed");
    for (int i = 0; i < 1000; i++)
        a[i] = i; /* all of it is there (ASan would say otherwise) */
    free(a);
}

Test(grow, an_overflowing_size_fails_and_changes_nothing)
{
    size_t cap = 4;
    char *a = malloc(4);
    cr_assert(a);
    cr_expect_null(grow(a, &cap, SIZE_MAX / 2 + 2, 1, 4));
    cr_expect_null(grow(a, &cap, 8, SIZE_MAX / 4, 4));
    cr_expect_eq(cap, 4);
    a[3] = 'x'; /* still ours */
    free(a);
}
