/* tables_records.c - what the tables take from the records directory
 * (see tables_internal.h): where it is as seen from the tables, so that
 * posted tables link to the records, and what only a record says of its
 * game: the reason its result gives, and who entered a result not played
 * and why.  The only part of the tables that reads files. */
#include "event/tables_internal.h"

#include "yaml/ywrite.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>

/* The path of game g's record from the results directory. */
static void tables_record_path(char *buf, size_t len, const tables_ctx *t,
                               const tables_game *g)
{
    snprintf(buf, len, "%s%s.yaml", t->recdir, g->game.id);
}

void tables_record_link(FILE *f, const tables_ctx *t, const tables_game *g)
{
    char path[4500];
    tables_record_path(path, sizeof path, t, g);
    for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
            (*s >= '0' && *s <= '9') || strchr("-._~/", *s))
            fputc(*s, f);
        else
            fprintf(f, "%%%02X", *s);
    }
}

/* ---- the records directory seen from the results directory -------------- */

#define TABLES_MAX_PARTS 128

/* Split path into its parts, "." dropped and ".." taken back where a part
 * before it can be; returns how many, or -1 when there are too many. */
static int tables_split(char *path, char **part)
{
    int n = 0;
    char *save = NULL;
    for (char *s = strtok_r(path, "/", &save); s;
         s = strtok_r(NULL, "/", &save)) {
        if (!strcmp(s, "."))
            continue;
        if (!strcmp(s, "..") && n > 0 && strcmp(part[n - 1], ".."))
            n--;
        else if (n == TABLES_MAX_PARTS)
            return -1;
        else
            part[n++] = s;
    }
    return n;
}

/* dir as an absolute path into buf (the working directory in front of a
 * relative one); false when the working directory is unknown. */
static bool tables_absolute(const char *dir, char *buf, size_t len)
{
    if (dir[0] == '/') {
        snprintf(buf, len, "%s", dir);
        return true;
    }
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
        return false;
    snprintf(buf, len, "%s/%s", cwd, dir);
    return true;
}

/* t->recdir: the records directory relative to the results directory,
 * worked out from the two paths as written (both relative or both
 * absolute; else both made absolute); the records path as written when
 * the results path climbs out of where it is (a ".." that stays). */
void tables_recdir(tables_ctx *t)
{
    const char *res = t->def->results, *rec = t->def->records;
    char a[4400], b[4400];
    bool same = (res[0] == '/') == (rec[0] == '/');
    snprintf(t->recdir, sizeof t->recdir, "%s/", rec);
    if (same) {
        snprintf(a, sizeof a, "%s", res);
        snprintf(b, sizeof b, "%s", rec);
    } else if (!tables_absolute(res, a, sizeof a) ||
               !tables_absolute(rec, b, sizeof b)) {
        return;
    }
    char *pa[TABLES_MAX_PARTS], *pb[TABLES_MAX_PARTS];
    int na = tables_split(a, pa), nb = tables_split(b, pb);
    if (na < 0 || nb < 0)
        return;
    int c = 0;
    while (c < na && c < nb && !strcmp(pa[c], pb[c]))
        c++;
    for (int i = c; i < na; i++)
        if (!strcmp(pa[i], ".."))
            return;
    size_t at = 0;
    t->recdir[0] = '\0';
    for (int i = c; i < na && at < sizeof t->recdir; i++)
        at += (size_t)snprintf(t->recdir + at, sizeof t->recdir - at, "../");
    for (int i = c; i < nb && at < sizeof t->recdir; i++)
        at += (size_t)snprintf(t->recdir + at, sizeof t->recdir - at, "%s/",
                               pb[i]);
}

/* ---- what only the record says ------------------------------------------ */

/* What the tables take from a record besides its plan result: its
 * result's reason and detail, and who entered it and why. */
typedef struct {
    char detail[256];
    char by[128], why[256]; /* "entered:" */
} tables_said_of;

/* The note of a result that was not played out, from how the plan
 * counted it (a forfeit, for a withdrawal or entered; a game decided by
 * a person; a result entered by hand) and what the record says of who
 * entered it and why: "forfeit, entered by referee event: r2 withdrew". */
static void tables_records_note(const plan_result *res, const tables_said_of *s,
                              char *note, size_t len)
{
    const char *what = res->how == PLAN_HOW_FORFEIT       ? "forfeit"
                       : res->how == PLAN_HOW_ADJUDICATED ? "adjudicated"
                       : res->entered                     ? "entered"
                                                          : NULL;
    note[0] = '\0';
    if (!what)
        return;
    const char *why = s->why[0] ? s->why : s->detail;
    snprintf(note, len, "%s%s%s%s%s", what,
             s->by[0] && strcmp(what, "entered") ? ", entered" : "",
             s->by[0] ? " by " : "", s->by, why[0] ? ": " : "");
    size_t at = strlen(note);
    snprintf(note + at, len - at, "%s", why);
}

/* The whole of the file at path, NUL-terminated (free it), or NULL. */
static char *tables_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size >= 0 && fseek(f, 0, SEEK_SET) == 0)
        buf = malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[size] = '\0';
        *len = (size_t)size;
    }
    return buf;
}

/* Where the record's top-level "result:" block begins in buf, or NULL.
 * Every string of a record is double-quoted with its line breaks escaped
 * (ywrite.h), so a line that begins "result:" is that key. */
static const char *tables_result_at(const char *buf, size_t len)
{
    static const char key[] = "result:\n";
    const char *found = NULL;
    if (len >= sizeof key - 1 && !strncmp(buf, key, sizeof key - 1))
        found = buf;
    for (const char *at = buf; (at = memmem(at, len - (size_t)(at - buf),
                                            "\nresult:\n", 9));
         at++)
        found = at + 1;
    return found;
}

/* Copy scalar v[0..n) to the field of s (or info) that top.key names. */
static void tables_take(const char *top, const char *key, const char *v,
                        int n, tables_info *info, tables_said_of *s)
{
    if (!strcmp(top, "result") && !strcmp(key, "reason"))
        snprintf(info->reason, sizeof info->reason, "%.*s", n, v);
    else if (!strcmp(top, "result") && !strcmp(key, "detail"))
        snprintf(s->detail, sizeof s->detail, "%.*s", n, v);
    else if (!strcmp(top, "entered") && !strcmp(key, "by"))
        snprintf(s->by, sizeof s->by, "%.*s", n, v);
    else if (!strcmp(top, "entered") && !strcmp(key, "reason"))
        snprintf(s->why, sizeof s->why, "%.*s", n, v);
}

/* The text from the result block on (text[0..len)), parsed as YAML: the
 * scalars of the top-level mappings "result" and "entered". */
static void tables_parse_result(const char *text, size_t len,
                                tables_info *info, tables_said_of *s)
{
    yaml_parser_t yp;
    if (!yaml_parser_initialize(&yp))
        return;
    yaml_parser_set_input_string(&yp, (const unsigned char *)text, len);
    bool want_key[4] = {true, true, true, true}, done = false;
    char top[16] = "", key[16] = "";
    int depth = 0;
    while (!done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&yp, &ev))
            break;
        if (ev.type == YAML_SCALAR_EVENT && (depth == 1 || depth == 2)) {
            const char *v = (const char *)ev.data.scalar.value;
            int n = (int)ev.data.scalar.length;
            if (depth == 1 && want_key[1])
                snprintf(top, sizeof top, "%.*s", n, v);
            else if (depth == 2 && want_key[2])
                snprintf(key, sizeof key, "%.*s", n, v);
            else if (depth == 2 && ev.data.scalar.style !=
                                       YAML_PLAIN_SCALAR_STYLE)
                tables_take(top, key, v, n, info, s); /* nulls are plain */
            want_key[depth] = !want_key[depth];
        } else if (ev.type == YAML_MAPPING_START_EVENT ||
                   ev.type == YAML_SEQUENCE_START_EVENT) {
            if (depth == 1 || depth == 2) /* a collection as a value */
                want_key[depth] = !want_key[depth];
            if (++depth < 4)
                want_key[depth] = true;
        } else if (ev.type == YAML_MAPPING_END_EVENT ||
                   ev.type == YAML_SEQUENCE_END_EVENT) {
            depth--;
        } else if (ev.type == YAML_STREAM_END_EVENT) {
            done = true;
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&yp);
}

/* Read the reason of game i from its record, and make its note.  Only
 * the blocks from the result on are parsed: the record was read whole and
 * checked when its result was taken, and a record of a long game takes
 * milliseconds to parse whole.  A record that cannot be read leaves the
 * reason empty. */
void tables_records_read(tables_ctx *t, size_t i)
{
    char path[4400];
    tables_said_of said = {0};
    snprintf(path, sizeof path, "%s/%s.yaml", t->def->records,
             t->games[i].game.id);
    size_t len;
    char *buf = tables_slurp(path, &len);
    const char *at = buf ? tables_result_at(buf, len) : NULL;
    if (at)
        tables_parse_result(at, len - (size_t)(at - buf), &t->info[i],
                            &said);
    free(buf);
    tables_records_note(&t->games[i].result, &said, t->info[i].note,
                      sizeof t->info[i].note);
}

void tables_record_dir_yaml(FILE *f, const tables_ctx *t)
{
    char dir[4400];
    size_t n = strlen(t->recdir);
    if (n == 0)
        snprintf(dir, sizeof dir, ".");
    else /* without its trailing slash, unless it is the root */
        snprintf(dir, sizeof dir, "%.*s", n > 1 ? (int)n - 1 : 1, t->recdir);
    fprintf(f, "record_dir: ");
    ywrite_str(f, dir);
    fputc('\n', f);
}
