/* event_merge.c - the merge of every shard's records into the event's
 * (see event_merge.h). */
#include "event/event_merge.h"

#include "event/event_run.h"
#include "event/event_shard.h"
#include "util/fsutil.h"
#include "util/grow.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Problems named one by one, at most; then how many more. */
#define EVENT_MERGE_NAMED 20

/* One record found in a shard directory. */
typedef struct {
    char id[PLAN_ID_MAX];
    char *dir;  /* the shard directory (owned by the merge's list) */
} merge_found;

typedef struct {
    const event_def *def;
    plan *plan;
    FILE *out;
    event_merge_report *rep;
    char **dirs;        /* shard directories, sorted */
    size_t ndirs, capdirs;
    merge_found *found; /* sorted by id, then directory */
    size_t nfound, capfound;
    size_t named;       /* problems named so far */
    char *err;
    size_t errlen;
} merge;

/* Name a problem, up to EVENT_MERGE_NAMED of them. */
static void merge_say(merge *m, const char *fmt, const char *a,
                      const char *b, const char *c)
{
    if (m->named++ < EVENT_MERGE_NAMED) {
        fprintf(m->out, fmt, a, b, c);
        fputc('\n', m->out);
    }
}

static int merge_cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int merge_cmp_found(const void *a, const void *b)
{
    const merge_found *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : strcmp(x->dir, y->dir);
}

/* Is name a shard directory's, "I-of-N", spelt as the referee spells it
 * (no "01-of-4")? */
static bool merge_is_shard_name(const char *name)
{
    int i, n, end = 0;
    char again[64];
    if (sscanf(name, "%d-of-%d%n", &i, &n, &end) != 2 || name[end] ||
        i < 1 || i > n)
        return false;
    snprintf(again, sizeof again, "%d-of-%d", i, n);
    return !strcmp(again, name);
}

/* A shard that is not done (running, killed, or stopped by an error) may
 * still write or rewrite records: its directory is not merged. */
static void merge_check_done(merge *m, const char *dir)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/" EVENT_SHARD_DONE, dir);
    if (access(path, F_OK) == 0)
        return;
    m->rep->unfinished++;
    merge_say(m, "%s: the shard has not finished (it is running, or was "
              "stopped): run it again, or wait for it", dir, "", "");
}

/* The shard directories under RECORDS/shards, sorted.  0, or -1. */
static int merge_list_dirs(merge *m)
{
    char root[4300];
    snprintf(root, sizeof root, "%s/shards", m->def->records);
    DIR *d = opendir(root);
    if (!d) {
        if (errno == ENOENT)
            return 0;
        snprintf(m->err, m->errlen, "%s: %s", root, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (!merge_is_shard_name(e->d_name))
            continue;
        char **v = grow(m->dirs, &m->capdirs, m->ndirs + 1, sizeof *v, 8);
        char path[4600];
        snprintf(path, sizeof path, "%s/%s", root, e->d_name);
        char *dup = v ? strdup(path) : NULL;
        if (v)
            m->dirs = v;
        if (!dup) {
            snprintf(m->err, m->errlen, "out of memory");
            rc = -1;
        } else {
            m->dirs[m->ndirs++] = dup;
        }
    }
    closedir(d);
    if (rc == 0)
        qsort(m->dirs, m->ndirs, sizeof *m->dirs, merge_cmp_str);
    return rc;
}

/* Is name a record's file name, NAME.yaml (not event.yaml, not a
 * temporary file)? */
static bool merge_record_name(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && !strcmp(name + n - 5, ".yaml") && name[0] != '.' &&
           strcmp(name, "event.yaml") != 0;
}

/* A record whose name is too long to be a game id's: no game's. */
static void merge_long_name(merge *m, const char *dir, const char *name)
{
    m->rep->strays++;
    merge_say(m, "%s/%s: not a game of the event", dir, name, "");
}

static int merge_scan_dir(merge *m, char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(m->err, m->errlen, "%s: %s", dir, strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (!merge_record_name(e->d_name))
            continue;
        size_t len = strlen(e->d_name) - 5;
        if (len >= PLAN_ID_MAX) {
            merge_long_name(m, dir, e->d_name);
            continue;
        }
        merge_found *f = grow(m->found, &m->capfound, m->nfound + 1,
                              sizeof *f, 1024);
        if (!f) {
            snprintf(m->err, m->errlen, "out of memory");
            rc = -1;
            break;
        }
        m->found = f;
        memcpy(f[m->nfound].id, e->d_name, len);
        f[m->nfound].id[len] = '\0';
        f[m->nfound++].dir = dir;
    }
    closedir(d);
    return rc;
}

/* Do files a and b hold the same record: one file, or the same bytes? */
static bool merge_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    if (sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino)
        return true;
    if (sa.st_size != sb.st_size)
        return false;
    FILE *fa = fopen(a, "rbe"), *fb = fopen(b, "rbe");
    bool same = fa && fb;
    char x[8192], y[8192];
    size_t n;
    while (same && (n = fread(x, 1, sizeof x, fa)) > 0)
        same = fread(y, 1, n, fb) == n && memcmp(x, y, n) == 0;
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

static void merge_record_path(const char *dir, const char *id, char *buf,
                              size_t len)
{
    snprintf(buf, len, "%s/%s.yaml", dir, id);
}

/* Is the record at path one the event takes for game id: a result that
 * agrees with the event and the rules?  A void record (a game the referee
 * could not run) is missing: its shard plays it again. */
static void merge_check_record(merge *m, const char *id, const char *path)
{
    const plan_game *g = plan_find(m->plan, id);
    plan_result res;
    char why[2048];
    int got = event_record_take(m->def, g, path, &res, why, sizeof why);
    if (got == 0) {
        m->rep->missing++;
        merge_say(m, "game %s: %s is void (the referee could not run the "
                  "game): run its shard again", id, path, "");
    } else if (got < 0) {
        m->rep->bad++;
        merge_say(m, "%s", why, "", "");
    }
}

/* The records of one game id, found[i..j): a stray, a duplicate, or one
 * record (maybe several copies of it), checked. */
static void merge_check_game(merge *m, size_t i, size_t j)
{
    const char *id = m->found[i].id;
    char a[4300], b[4300];
    merge_record_path(m->found[i].dir, id, a, sizeof a);
    if (!plan_sharded_phase(m->plan, id)) {
        m->rep->strays++;
        merge_say(m, "%s: not a game of the event%s%s", a,
                  m->def->plan.format == PLAN_SWISS_CUP ? "'s group phase"
                                                        : "", "");
        return;
    }
    for (size_t k = i + 1; k < j; k++) {
        merge_record_path(m->found[k].dir, id, b, sizeof b);
        if (!merge_same_file(a, b)) {
            m->rep->duplicates++;
            merge_say(m, "game %s: played twice, %s and %s differ (keep "
                      "one, move the other away)", id, a, b);
            return;
        }
    }
    merge_record_path(m->def->records, id, b, sizeof b);
    if (access(b, F_OK) == 0 && !merge_same_file(a, b)) {
        m->rep->duplicates++;
        merge_say(m, "game %s: %s differs from %s, already in the event's "
                  "records (keep one, move the other away)", id, a, b);
        return;
    }
    merge_check_record(m, id, a);
}

/* The phase's games without a record in a shard or the records
 * directory. */
static int merge_find_missing(merge *m)
{
    size_t n = plan_known(m->plan);
    plan_game *g = malloc((n ? n : 1) * sizeof *g);
    if (!g) {
        snprintf(m->err, m->errlen, "out of memory");
        return -1;
    }
    n = plan_ready(m->plan, g, n);
    for (size_t k = 0; k < n; k++) {
        if (g[k].phase != 0)
            continue;
        merge_found key;
        snprintf(key.id, sizeof key.id, "%s", g[k].id);
        key.dir = "";
        /* The first record of the id, if any, sorts at or after the key
         * with the empty directory. */
        size_t lo = 0, hi = m->nfound;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (merge_cmp_found(&m->found[mid], &key) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < m->nfound && !strcmp(m->found[lo].id, g[k].id))
            continue;
        char path[4300];
        merge_record_path(m->def->records, g[k].id, path, sizeof path);
        if (access(path, F_OK) == 0)
            continue;
        m->rep->missing++;
        merge_say(m, "game %s (%s): no record in any shard", g[k].id,
                  g[k].stage, "");
    }
    free(g);
    return 0;
}

/* Copy src to dst whole (temporary file, then rename): a shard on
 * another file system than the records directory. */
static int merge_copy_writer(FILE *f, void *arg)
{
    FILE *in = fopen(arg, "rbe");
    if (!in)
        return -1;
    char buf[65536];
    size_t n;
    int rc = 0;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        rc = fwrite(buf, 1, n, f) == n ? 0 : -1;
    if (ferror(in))
        rc = -1;
    fclose(in);
    return rc;
}

/* Put src at dst, unless a file is there: a hard link, or a copy across
 * file systems.  1 put, 0 there already, -1 with err. */
static int merge_put(merge *m, const char *src, const char *dst)
{
    if (link(src, dst) == 0)
        return 1;
    if (errno == EEXIST)
        return 0;
    if (errno != EXDEV && errno != EPERM) {
        snprintf(m->err, m->errlen, "%s -> %s: %s", src, dst,
                 strerror(errno));
        return -1;
    }
    char *s = strdup(src);
    if (!s) {
        snprintf(m->err, m->errlen, "out of memory");
        return -1;
    }
    int rc = fs_write_atomic(dst, merge_copy_writer, s, m->err, m->errlen);
    free(s);
    return rc == 0 ? 1 : -1;
}

/* Put src at dst in place of what is there: a log of an earlier merge
 * may be of a game played again since. */
static int merge_replace(merge *m, const char *src, const char *dst)
{
    char tmp[4400];
    snprintf(tmp, sizeof tmp, "%s.merge", dst);
    unlink(tmp);
    int put = merge_put(m, src, tmp);
    if (put < 0)
        return -1;
    if (rename(tmp, dst) != 0) {
        snprintf(m->err, m->errlen, "%s: %s", dst, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* The bots' logs of game id from dir, beside the event's. */
static int merge_put_logs(merge *m, const char *dir, const char *id)
{
    for (int s = 0; s < PLAN_MAX_SEATS; s++) {
        char src[4300], dst[4300];
        snprintf(src, sizeof src, "%s/logs/%s-seat%d.log", dir, id, s);
        snprintf(dst, sizeof dst, "%s/logs/%s-seat%d.log", m->def->records,
                 id, s);
        if (access(src, F_OK) == 0 && merge_replace(m, src, dst) < 0)
            return -1;
    }
    return 0;
}

static int merge_link_all(merge *m)
{
    char logs[4300];
    snprintf(logs, sizeof logs, "%s/logs", m->def->records);
    if (fs_mkdirs(logs, m->err, m->errlen) != 0)
        return -1;
    for (size_t i = 0; i < m->nfound; i++) {
        if (i > 0 && !strcmp(m->found[i].id, m->found[i - 1].id))
            continue; /* a copy of the same record */
        char src[4300], dst[4300];
        merge_record_path(m->found[i].dir, m->found[i].id, src, sizeof src);
        merge_record_path(m->def->records, m->found[i].id, dst, sizeof dst);
        int put = merge_put(m, src, dst);
        if (put < 0 || merge_put_logs(m, m->found[i].dir, m->found[i].id))
            return -1;
        if (put)
            m->rep->linked++;
        else
            m->rep->already++;
    }
    char snap[4300];
    snprintf(snap, sizeof snap, "%s/event.yaml", m->def->records);
    return event_def_write(m->def, snap, m->err, m->errlen);
}

static int merge_run(merge *m)
{
    if (merge_list_dirs(m) != 0)
        return -1;
    m->rep->shards = m->ndirs;
    for (size_t i = 0; i < m->ndirs; i++) {
        merge_check_done(m, m->dirs[i]);
        if (merge_scan_dir(m, m->dirs[i]) != 0)
            return -1;
    }
    qsort(m->found, m->nfound, sizeof *m->found, merge_cmp_found);
    m->rep->records = m->nfound;
    for (size_t i = 0, j; i < m->nfound; i = j) {
        for (j = i + 1; j < m->nfound && !strcmp(m->found[j].id,
                                                 m->found[i].id);
             j++)
            ;
        merge_check_game(m, i, j);
    }
    if (merge_find_missing(m) != 0)
        return -1;
    if (m->named > EVENT_MERGE_NAMED)
        fprintf(m->out, "... and %zu more\n", m->named - EVENT_MERGE_NAMED);
    if (m->rep->duplicates || m->rep->strays || m->rep->missing ||
        m->rep->bad || m->rep->unfinished)
        return 1;
    return merge_link_all(m) == 0 ? 0 : -1;
}

int event_merge(event_def *def, FILE *out, event_merge_report *rep,
                char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    if (event_def_merge_withdrawals(def, err, errlen) != 0)
        return -1;
    merge m = {.def = def, .out = out, .rep = rep, .err = err,
               .errlen = errlen};
    m.plan = plan_new(&def->plan, err, errlen);
    if (!m.plan)
        return -1;
    rep->phase = plan_shard_games(m.plan);
    int rc = merge_run(&m);
    plan_free(m.plan);
    for (size_t i = 0; i < m.ndirs; i++)
        free(m.dirs[i]);
    free(m.dirs);
    free(m.found);
    return rc;
}
