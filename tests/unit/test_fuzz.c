/*
 * test_fuzz.c - every input saved under tests/fuzz/corpus/NAME/ and
 * tests/fuzz/crashes/NAME/ goes through its fuzz target again, under the
 * sanitizers: what the fuzzer once found stays a test.
 */
#include "fuzz/fuzz.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fuzz_fn)(const uint8_t *, size_t);

static int replay_dir(const char *dir, fuzz_fn fn)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        static uint8_t buf[1 << 20];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        uint8_t *copy = malloc(len ? len : 1);
        cr_assert(copy);
        memcpy(copy, buf, len);
        fn(copy, len); /* exact size: the sanitizers see any overrun */
        free(copy);
        n++;
    }
    closedir(d);
    return n;
}

static void replay_target(const char *name, fuzz_fn fn)
{
    char dir[256];
    snprintf(dir, sizeof dir, "tests/fuzz/corpus/%s", name);
    int n = replay_dir(dir, fn);
    snprintf(dir, sizeof dir, "tests/fuzz/crashes/%s", name);
    n += replay_dir(dir, fn);
    cr_expect_gt(n, 0, "no corpus for %s", name);
}

Test(fuzz, line_corpus, .timeout = 120) { replay_target("line", fuzz_line); }
Test(fuzz, moves_corpus, .timeout = 120) { replay_target("moves", fuzz_moves); }
Test(fuzz, record_corpus, .timeout = 120) { replay_target("record", fuzz_record); }
Test(fuzz, event_corpus, .timeout = 120) { replay_target("event", fuzz_event); }
