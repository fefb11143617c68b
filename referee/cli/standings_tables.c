/* standings_tables.c - do the posted tables follow from the records (see
 * standings_tables.h)? */
#include "cli/standings_tables.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a line of a table is shown as, at most this long. */
#define ST_SHOW_MAX 120

typedef struct {
    const char *results; /* the event's results directory */
    const char *made;    /* the tables the records give, or NULL */
    bool rewriting;
    bool explained;      /* the records' problems were reported */
    FILE *out;
    int disagree;
} st_audit;

/* Is name, by its name alone, a table an event writes? */
static bool st_table_name(const char *name)
{
    static const char *const fixed[] = {"league", "cup", "final", "ratings",
                                        NULL};
    const char *ext = strrchr(name, '.');
    if (!ext || (strcmp(ext, ".yaml") != 0 && strcmp(ext, ".md") != 0))
        return false;
    size_t base = (size_t)(ext - name);
    if (base > 6 && strncmp(name, "group-", 6) == 0)
        return true;
    for (int i = 0; fixed[i]; i++)
        if (strlen(fixed[i]) == base && strncmp(name, fixed[i], base) == 0)
            return true;
    return false;
}

/* The names in dir that are not hidden, sorted (so that messages come in
 * one order everywhere); free each and the array.  NULL with *n 0 when it
 * cannot be read or is empty. */
static int st_by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **st_list(const char *dir, size_t *n)
{
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 32;
            char **more = realloc(names, cap * sizeof *more);
            if (!more)
                break;
            names = more;
        }
        if (!(names[*n] = strdup(e->d_name)))
            break;
        (*n)++;
    }
    if (d)
        closedir(d);
    if (*n)
        qsort(names, *n, sizeof *names, st_by_name);
    return names;
}

static void st_list_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* The whole file, NUL-terminated, or NULL (errno says why). */
static char *st_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            size_t more = cap ? 2 * cap : 8192;
            char *grown = realloc(buf, more);
            if (!grown) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = grown;
            cap = more;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Line at of text (up to its newline) for a message: printable ASCII,
 * shortened; "(nothing: the file ends)" past the end. */
static void st_show(const char *at, const char *end, char *out, size_t len)
{
    if (at >= end) {
        snprintf(out, len, "(nothing: the file ends)");
        return;
    }
    size_t k = 0;
    for (; at < end && *at != '\n' && k + 4 < len && k < ST_SHOW_MAX; at++)
        out[k++] = (*at >= 0x20 && *at < 0x7f) ? *at : '?';
    if (at < end && *at != '\n' && k + 4 < len)
        out[k++] = '.', out[k++] = '.', out[k++] = '.';
    out[k] = '\0';
}

/* The first line where the table posted (have) and the one the records
 * give (want) differ: its number, and the two lines shown. */
static unsigned long st_first_diff(const char *have, size_t hl,
                                   const char *want, size_t wl, char *hs,
                                   char *ws, size_t len)
{
    size_t i = 0, line_start = 0;
    unsigned long line = 1;
    while (i < hl && i < wl && have[i] == want[i]) {
        if (have[i] == '\n') {
            line++;
            line_start = i + 1;
        }
        i++;
    }
    st_show(have + line_start, have + hl, hs, len);
    st_show(want + line_start, want + wl, ws, len);
    return line;
}

/* Compare one table the records give with the one posted. */
static void st_compare(st_audit *a, const char *name)
{
    char mine[4400], posted[4400];
    snprintf(mine, sizeof mine, "%s/%s", a->made, name);
    snprintf(posted, sizeof posted, "%s/%s", a->results, name);
    size_t wl = 0, hl = 0;
    char *want = st_slurp(mine, &wl);
    char *have = want ? st_slurp(posted, &hl) : NULL;
    if (!want) {
        fprintf(a->out, "referee standings: %s: %s\n", mine, strerror(errno));
        a->disagree++;
    } else if (!have) {
        fprintf(a->out, a->rewriting ? "%s: written: it was missing\n"
                                     : "%s: missing: the records give this "
                                       "table (standings --write writes "
                                       "it)\n",
                posted);
        a->disagree += !a->rewriting;
    } else if (hl != wl || memcmp(have, want, hl) != 0) {
        char hs[ST_SHOW_MAX + 8], ws[ST_SHOW_MAX + 8];
        unsigned long line = st_first_diff(have, hl, want, wl, hs, ws,
                                           sizeof hs);
        if (a->rewriting)
            fprintf(a->out, "%s: rewritten: its line %lu said '%s', the "
                            "records give '%s'\n",
                    posted, line, hs, ws);
        else
            fprintf(a->out, "%s:%lu: the table says '%s', the records give "
                            "'%s': it no longer follows from the records\n",
                    posted, line, hs, ws);
        a->disagree += !a->rewriting;
    }
    free(want);
    free(have);
}

/* Every table the records give, against the one posted. */
static void st_compare_made(st_audit *a)
{
    size_t n;
    char **names = st_list(a->made, &n);
    for (size_t i = 0; i < n; i++)
        st_compare(a, names[i]);
    st_list_free(names, n);
}

/* Tables posted that the records do not give at all: each named when
 * the event is finished (a table of another definition); all in one line
 * when the records do not finish it, since one cause (a missing record,
 * named above) makes every posted table stale. */
static void st_find_extra(st_audit *a)
{
    char list[2048] = "";
    size_t used = 0, n;
    char **names = st_list(a->results, &n);
    for (size_t i = 0; i < n; i++) {
        char mine[4400];
        if (!st_table_name(names[i]))
            continue;
        if (a->made) {
            snprintf(mine, sizeof mine, "%s/%s", a->made, names[i]);
            if (access(mine, F_OK) == 0)
                continue;
            fprintf(a->out, "%s/%s: the records give no such table\n",
                    a->results, names[i]);
            a->disagree++;
            continue;
        }
        int k = snprintf(list + used, sizeof list - used, "%s%s",
                         used ? ", " : "", names[i]);
        if (k > 0 && (size_t)k < sizeof list - used)
            used += (size_t)k;
    }
    st_list_free(names, n);
    if (!used)
        return;
    fprintf(a->out, "%s: the records do not finish the event%s, so these "
                    "tables no longer follow from them: %s\n",
            a->results, a->explained ? " (see above)" : "", list);
    a->disagree += !a->explained;
}

/* Remove the temporary directory and what tables_write put there. */
static void st_remove(const char *dir)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[4400];
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* The tables the records give, written into a new temporary directory
 * beside the results directory (its path into dir): a table names its
 * records relative to where it is, so it must be made from the same
 * place.  0, or -1 with a line said. */
static int st_make(const event_def *def, const plan *p,
                   const tables_game *games, size_t ngames, char *dir,
                   size_t len, FILE *out)
{
    const char *slash = strrchr(def->results, '/');
    if (slash && slash[1] == '\0') /* "results/x/": its parent is results */
        snprintf(dir, len, "%s.standings-XXXXXX", def->results);
    else if (slash)
        snprintf(dir, len, "%.*s/.standings-XXXXXX",
                 (int)(slash - def->results), def->results);
    else
        snprintf(dir, len, ".standings-XXXXXX");
    if (!mkdtemp(dir)) {
        fprintf(out, "referee standings: cannot compare the tables in %s: "
                     "%s: %s\n",
                def->results, dir, strerror(errno));
        return -1;
    }
    event_def copy = *def;
    copy.results = dir;
    char err[2048];
    if (tables_write(&copy, p, games, ngames, err, sizeof err) != 0) {
        fprintf(out, "referee standings: %s\n", err);
        st_remove(dir);
        return -1;
    }
    return 0;
}

int standings_tables_audit(const event_def *def, const plan *p,
                           const tables_game *games, size_t ngames,
                           bool rewriting, bool explained, FILE *out)
{
    struct stat sb;
    if (stat(def->results, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return 0; /* nothing posted: nothing that can disagree */
    char made[4300];
    bool done = plan_done(p);
    if (done && st_make(def, p, games, ngames, made, sizeof made, out))
        return -1;
    st_audit a = {.results = def->results, .made = done ? made : NULL,
                  .rewriting = rewriting, .explained = explained,
                  .out = out};
    if (done)
        st_compare_made(&a);
    st_find_extra(&a);
    if (done)
        st_remove(made);
    return a.disagree;
}
