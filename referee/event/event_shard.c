/* event_shard.c - a shard's records directory and its `done` marker (see
 * event_shard.h). */
#include "event/event_shard.h"

#include "util/fsutil.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void event_shard_dir(const char *records, int index, int count, char *buf,
                     size_t len)
{
    snprintf(buf, len, "%s/shards/%d-of-%d", records, index + 1, count);
}

int event_def_shard(event_def *def, int index, int count, char *err,
                    size_t errlen)
{
    if (event_def_merge_withdrawals(def, err, errlen) != 0)
        return -1;
    char dir[4300];
    event_shard_dir(def->records, index, count, dir, sizeof dir);
    char *copy = strdup(dir);
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    free(def->records);
    def->records = copy;
    def->plan.shard_index = index;
    def->plan.shard_count = count;
    return 0;
}

/* The marker's text: what the shard played. */
typedef struct {
    int index, count;
    size_t games;
} shard_done_text;

static int event_shard_done_writer(FILE *f, void *arg)
{
    const shard_done_text *t = arg;
    return fprintf(f, "shard %d of %d: %zu games recorded\n", t->index + 1,
                   t->count, t->games) < 0
               ? -1
               : 0;
}

int event_shard_mark(const event_def *def, bool done, size_t games,
                     char *err, size_t errlen)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/" EVENT_SHARD_DONE, def->records);
    if (!done) {
        if (unlink(path) == 0 || errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    shard_done_text t = {def->plan.shard_index, def->plan.shard_count,
                         games};
    return fs_write_atomic(path, event_shard_done_writer, &t, err, errlen);
}
