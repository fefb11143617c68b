/* box_files.c - which files a boxed bot sees (see box_files.h). */
#include "box_files.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const bf_runtime[] = {BOX_RUNTIME_DIRS, NULL};

/* path is dir or lies below it. */
static bool bf_within(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (n == 1 && dir[0] == '/')
        return true;
    return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static bool bf_in_runtime(const char *path)
{
    for (int i = 0; bf_runtime[i]; i++)
        if (bf_within(path, bf_runtime[i]))
            return true;
    return false;
}

/* name made absolute against cwd, "." and ".." taken away by the letter
 * (symbolic links are kept: the bot names the path, not its target).  A
 * new string, or NULL. */
static char *bf_absolute(const char *cwd, const char *name)
{
    size_t len = strlen(cwd) + strlen(name) + 2;
    char *in = malloc(len), *out = malloc(len);
    if (!in || !out) {
        free(in);
        free(out);
        return NULL;
    }
    snprintf(in, len, "%s/%s", name[0] == '/' ? "" : cwd, name);
    size_t n = 0;
    for (char *save = NULL, *part = strtok_r(in, "/", &save); part;
         part = strtok_r(NULL, "/", &save)) {
        if (strcmp(part, ".") == 0)
            continue;
        if (strcmp(part, "..") == 0) {
            while (n > 0 && out[n - 1] != '/')
                n--;
            if (n > 0)
                n--;
            continue;
        }
        out[n++] = '/';
        size_t k = strlen(part);
        memcpy(out + n, part, k);
        n += k;
    }
    if (n == 0)
        out[n++] = '/';
    out[n] = '\0';
    free(in);
    return out;
}

/* Is path named as it lies, no symbolic link on its way? */
static bool bf_no_links(const char *path)
{
    char *real = realpath(path, NULL);
    bool same = real && strcmp(real, path) == 0;
    free(real);
    return same;
}

/* Add path (absolute, a new string we now own) unless it or a folder
 * holding it is there.  own: the entrant's own folder (of its program or
 * script), the only kind a box shows as the bot's own when others may not
 * read it, and only when no symbolic link leads to it: a path named
 * otherwise, or through a link, shows what other users may read. */
static int bf_add(box_files *f, char *path, const struct stat *st, bool own,
                  char *err, size_t errlen)
{
    for (int i = 0; i < f->n; i++)
        if (bf_within(path, f->file[i].path)) {
            free(path);
            return 0;
        }
    if (f->n == BOX_FILES_MAX) {
        snprintf(err, errlen, "more than %d files and folders for one box",
                 BOX_FILES_MAX);
        free(path);
        return -1;
    }
    box_file *b = &f->file[f->n++];
    b->path = path;
    b->is_dir = S_ISDIR(st->st_mode);
    mode_t need = b->is_dir ? S_IROTH | S_IXOTH : S_IROTH;
    b->idmap = own && (st->st_mode & need) != need && bf_no_links(path);
    b->owner = st->st_uid;
    b->group = st->st_gid;
    return 0;
}

/* The file or folder abs, or (a file in the working directory or above
 * it) the file alone when its folder would show more than its own. */
static int bf_show(box_files *f, char *abs, bool folder_of_file, bool own,
                   char *err, size_t errlen)
{
    struct stat st;
    if (stat(abs, &st) != 0 || bf_in_runtime(abs)) {
        free(abs);
        return 0;
    }
    if (folder_of_file && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(abs, '/');
        char *dir = strndup(abs, slash == abs ? 1 : (size_t)(slash - abs));
        if (!dir) {
            free(abs);
            return -1;
        }
        if (!bf_within(f->cwd, dir) && !bf_in_runtime(dir) &&
            stat(dir, &st) == 0) {
            free(abs);
            return bf_add(f, dir, &st, own, err, errlen);
        }
        free(dir);
    } else if (S_ISDIR(st.st_mode) && bf_within(f->cwd, abs)) {
        free(abs); /* never the working directory whole */
        return 0;
    }
    return bf_add(f, abs, &st, own, err, errlen);
}

/* REFEREE_FILES=A:B:...: each must exist and not hold the working
 * directory. */
static int bf_extra(box_files *f, const char *extra, char *err, size_t errlen)
{
    char *list = strdup(extra);
    if (!list)
        return -1;
    int rc = 0;
    for (char *save = NULL, *p = strtok_r(list, ":", &save); p && rc == 0;
         p = strtok_r(NULL, ":", &save)) {
        char *abs = bf_absolute(f->cwd, p);
        struct stat st;
        if (!abs) {
            rc = -1;
        } else if (stat(abs, &st) != 0) {
            snprintf(err, errlen, "REFEREE_FILES: '%s': %s", p,
                     strerror(errno));
            free(abs);
            rc = -1;
        } else if (S_ISDIR(st.st_mode) && bf_within(f->cwd, abs)) {
            snprintf(err, errlen,
                     "REFEREE_FILES: '%s' is the working directory or holds "
                     "it, which a box never shows whole",
                     p);
            free(abs);
            rc = -1;
        } else {
            rc = bf_show(f, abs, false, false, err, errlen);
        }
    }
    free(list);
    return rc;
}

/* Parents before what they hold, so that mounts stack the right way. */
static int bf_by_length(const void *a, const void *b)
{
    size_t la = strlen(((const box_file *)a)->path);
    size_t lb = strlen(((const box_file *)b)->path);
    return la < lb ? -1 : la > lb;
}

/* A path within another shown is seen through it (as that one shows it);
 * mounting it again could only fail on a link inside the other. */
static void bf_drop_nested(box_files *f)
{
    int n = 0;
    for (int i = 0; i < f->n; i++) {
        bool inside = false;
        for (int j = 0; j < n && !inside; j++)
            inside = bf_within(f->file[i].path, f->file[j].path);
        if (inside)
            free(f->file[i].path);
        else
            f->file[n++] = f->file[i];
    }
    f->n = n;
}

int box_files_find(char *const *argv, const char *extra, box_files *out,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (errlen)
        err[0] = '\0';
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf) || !(out->cwd = strdup(buf))) {
        snprintf(err, errlen, "cannot read the working directory: %s",
                 strerror(errno));
        return -1;
    }
    /* The entrant's own folder: its program's, or, when the program is
     * the runtime's (an interpreter), its script's: the first file the
     * command names. */
    int rc = 0;
    bool own_found = false;
    for (int i = 0; argv[i] && rc == 0; i++) {
        const char *w = argv[i];
        if (w[0] == '\0' || w[0] == '-' || (i == 0 && !strchr(w, '/')))
            continue;
        char *abs = bf_absolute(out->cwd, w);
        struct stat st;
        bool own = !own_found && abs && stat(abs, &st) == 0 &&
                   S_ISREG(st.st_mode) && !bf_in_runtime(abs);
        own_found |= own || (i == 0 && abs && bf_in_runtime(abs) == false);
        rc = abs ? bf_show(out, abs, true, own, err, errlen) : -1;
    }
    if (rc == 0 && extra && *extra)
        rc = bf_extra(out, extra, err, errlen);
    if (rc != 0) {
        if (!*err)
            snprintf(err, errlen, "out of memory");
        box_files_free(out);
        return -1;
    }
    qsort(out->file, (size_t)out->n, sizeof *out->file, bf_by_length);
    bf_drop_nested(out);
    return 0;
}

void box_files_free(box_files *f)
{
    for (int i = 0; i < f->n; i++)
        free(f->file[i].path);
    free(f->cwd);
    memset(f, 0, sizeof *f);
}
