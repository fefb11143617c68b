/*
 * shard_opts.h - which shard of an event this run plays: `--shard I/N`,
 * `--shard off`, or a Slurm job array's task (SLURM_ARRAY_TASK_ID,
 * SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN) when no --shard is given.
 */
#ifndef SHARD_OPTS_H
#define SHARD_OPTS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    bool given; /* --shard was on the command line */
    bool off;   /* --shard off: the whole event, whatever the environment */
    int index;  /* 0-based */
    int count;  /* 0: not sharded */
    const char *from; /* "--shard" or "SLURM_ARRAY_TASK_ID" */
} shard_opts;

/* Take --shard's argument.  0, or -1 with why in err. */
int shard_opts_parse(shard_opts *o, const char *text, char *err,
                     size_t errlen);
/* Without --shard: a Slurm array task's shard, if the environment names
 * one (task id - min + 1 of count).  0 (o->count 0: none), or -1 with why
 * in err. */
int shard_opts_from_env(shard_opts *o, char *err, size_t errlen);

#endif
