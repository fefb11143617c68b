/* shard_opts.c - `--shard I/N` and a Slurm array task's shard (see
 * shard_opts.h). */
#include "cli/shard_opts.h"

#include "event/plan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A whole decimal number lo..hi, nothing else. */
static bool shard_number(const char *s, const char *end, long lo, long hi,
                         long *out)
{
    if (s == end || *s < '0' || *s > '9')
        return false;
    errno = 0;
    char *stop;
    long v = strtol(s, &stop, 10);
    if (errno || stop != end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

int shard_opts_parse(shard_opts *o, const char *text, char *err,
                     size_t errlen)
{
    o->given = true;
    o->from = "--shard";
    if (!strcmp(text, "off")) {
        o->off = true;
        o->count = 0;
        return 0;
    }
    const char *slash = strchr(text, '/');
    long i, n;
    if (!slash || !shard_number(slash + 1, slash + strlen(slash), 1,
                                PLAN_SHARDS_MAX, &n) ||
        !shard_number(text, slash, 1, n, &i)) {
        snprintf(err, errlen, "--shard '%s': expected I/N, shard I of N "
                 "(1 <= I <= N <= %d), or off", text, PLAN_SHARDS_MAX);
        return -1;
    }
    o->off = false;
    o->index = (int)i - 1;
    o->count = (int)n;
    return 0;
}

/* An environment variable's number, lo..hi: 1 with it, 0 unset, -1 bad. */
static int shard_env(const char *name, long lo, long hi, long *out,
                     char *err, size_t errlen)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    if (shard_number(v, v + strlen(v), lo, hi, out))
        return 1;
    snprintf(err, errlen, "%s='%.64s': expected a number from %ld to %ld",
             name, v, lo, hi);
    return -1;
}

/* Is the array one of consecutive ids, min..min+count-1?  A step
 * (--array=0-15:4) or a list (--array=1,5,9) would need the task's rank,
 * which Slurm does not give.  0, or -1 with why. */
static int shard_env_consecutive(long id, long min, long count, char *err,
                                 size_t errlen)
{
    long step = 1, max = min + count - 1;
    if (shard_env("SLURM_ARRAY_TASK_STEP", 1, 4000000000L, &step, err,
                  errlen) < 0 ||
        shard_env("SLURM_ARRAY_TASK_MAX", min, 4000000000L, &max, err,
                  errlen) < 0)
        return -1;
    if (step == 1 && max == min + count - 1 && id - min < count)
        return 0;
    snprintf(err, errlen, "SLURM_ARRAY_TASK_ID %ld of an array of %ld "
             "tasks from %ld to %ld, step %ld: submit the array as "
             "--array=%ld-%ld (consecutive ids), or give --shard I/N", id,
             count, min, max, step, min, min + count - 1);
    return -1;
}

int shard_opts_from_env(shard_opts *o, char *err, size_t errlen)
{
    long id, count, min = 0;
    int has_id = shard_env("SLURM_ARRAY_TASK_ID", 0, 4000000000L, &id, err,
                           errlen);
    if (has_id <= 0)
        return has_id;
    /* Every task of the array would play the whole event into the same
     * files. */
    int has_count = shard_env("SLURM_ARRAY_TASK_COUNT", 1, PLAN_SHARDS_MAX,
                              &count, err, errlen);
    if (has_count < 0)
        return -1;
    if (!has_count) {
        snprintf(err, errlen, "SLURM_ARRAY_TASK_ID is set but not "
                 "SLURM_ARRAY_TASK_COUNT: give --shard I/N (or --shard off "
                 "to play the whole event)");
        return -1;
    }
    if (shard_env("SLURM_ARRAY_TASK_MIN", 0, id, &min, err, errlen) < 0 ||
        shard_env_consecutive(id, min, count, err, errlen) != 0)
        return -1;
    o->index = (int)(id - min);
    o->count = (int)count;
    o->from = "SLURM_ARRAY_TASK_ID";
    return 0;
}
