/* box_files.c - which files a boxed bot sees (see box_files.h).
 *
 * Every check is made on the path as the bot names it and on the path it
 * really leads to (symbolic links followed): a link in an entrant's files
 * must not show the machine's root, the working directory or the
 * referee's /proc.  The box mounts the real path, refusing any link on
 * the way (sandbox_view.c), so a link swapped in after this check fails
 * the start instead of showing its target. */
#include "box_files.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const bf_runtime[] = {BOX_RUNTIME_DIRS, NULL};
/* Never shown, whatever a command names: the machine's own state. */
static const char *const bf_never[] = {"/proc", "/sys", "/dev", "/run",
                                       "/boot", NULL};

/* path is dir or lies below it. */
static bool bf_within(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (n == 1 && dir[0] == '/')
        return true;
    return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static bool bf_in_list(const char *path, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (bf_within(path, list[i]))
            return true;
    return false;
}

/* Seen through the runtime already: within a runtime folder, and not in
 * the working directory (which a box covers when it lies in one). */
static bool bf_in_runtime(const box_files *f, const char *path)
{
    return bf_in_list(path, bf_runtime) && !bf_within(path, f->cwd) &&
           !bf_within(path, f->real_cwd);
}

/* Would showing path show the working directory, or the whole machine? */
static bool bf_too_wide(const box_files *f, const char *path)
{
    return strcmp(path, "/") == 0 || bf_within(f->cwd, path) ||
           bf_within(f->real_cwd, path) || bf_in_list(path, bf_never);
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

/* Could any user reach real: every folder above it searchable by others?
 * A box makes its own folders on the way, so a file in a private folder
 * must not be shown just because it is readable itself. */
static bool bf_reachable(const char *real)
{
    char *up = strdup(real);
    bool ok = up != NULL;
    for (char *slash; ok && (slash = strrchr(up, '/')) && slash != up;) {
        *slash = '\0';
        struct stat st;
        ok = stat(up, &st) == 0 && (st.st_mode & S_IXOTH);
    }
    free(up);
    return ok;
}

/* Add path (absolute, as named) whose real path is real (both new strings
 * we now own) unless it is there.  own: the entrant's own folder (of its
 * program or script), the only kind a box shows as the bot's own when
 * others may not read it, and only when no symbolic link leads to it: a
 * path named otherwise, or through a link, shows what other users may
 * read. */
static int bf_add(box_files *f, char *path, char *real, const struct stat *st,
                  bool own, char *err, size_t errlen)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->file[i].path, path) == 0) {
            free(path);
            free(real);
            return 0;
        }
    if (f->n == BOX_FILES_MAX) {
        snprintf(err, errlen, "more than %d files and folders for one box",
                 BOX_FILES_MAX);
        free(path);
        free(real);
        return -1;
    }
    if (!own && !bf_reachable(real)) {
        free(path); /* in a folder other users may not pass: not shown */
        free(real);
        return 0;
    }
    box_file *b = &f->file[f->n++];
    b->path = path;
    b->real = real;
    b->is_dir = S_ISDIR(st->st_mode);
    mode_t need = b->is_dir ? S_IROTH | S_IXOTH : S_IROTH;
    b->idmap = own && (st->st_mode & need) != need && strcmp(path, real) == 0;
    b->owner = st->st_uid;
    b->group = st->st_gid;
    return 0;
}

/* Show abs (a new string we own): the file or folder, or for a file named
 * in a command its folder, unless that folder would show the working
 * directory or more (then the file alone).  Nothing that does not exist,
 * that the runtime shows already, or that is too wide. */
static int bf_show(box_files *f, char *abs, bool folder_of_file, bool own,
                   char *err, size_t errlen)
{
    struct stat st;
    char *real = stat(abs, &st) == 0 ? realpath(abs, NULL) : NULL;
    if (!real || bf_in_runtime(f, abs) || bf_in_runtime(f, real)) {
        free(abs);
        free(real);
        return 0;
    }
    if (folder_of_file && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(abs, '/');
        char *dir = strndup(abs, slash == abs ? 1 : (size_t)(slash - abs));
        char *rdir = dir ? realpath(dir, NULL) : NULL;
        struct stat dst;
        if (rdir && !bf_too_wide(f, dir) && !bf_too_wide(f, rdir) &&
            !bf_in_runtime(f, dir) && !bf_in_runtime(f, rdir) &&
            stat(rdir, &dst) == 0) {
            free(abs);
            free(real);
            return bf_add(f, dir, rdir, &dst, own, err, errlen);
        }
        free(dir);
        free(rdir);
    }
    if (bf_too_wide(f, abs) || bf_too_wide(f, real)) {
        free(abs); /* never the working directory whole, nor the machine */
        free(real);
        return 0;
    }
    return bf_add(f, abs, real, &st, own, err, errlen);
}

/* REFEREE_FILES=A:B:...: each must exist and not be too wide. */
static int bf_extra(box_files *f, const char *extra, char *err, size_t errlen)
{
    char *list = strdup(extra);
    if (!list)
        return -1;
    int rc = 0;
    for (char *save = NULL, *p = strtok_r(list, ":", &save); p && rc == 0;
         p = strtok_r(NULL, ":", &save)) {
        char *abs = bf_absolute(f->cwd, p), *real = NULL;
        struct stat st;
        if (!abs) {
            rc = -1;
        } else if (stat(abs, &st) != 0 || !(real = realpath(abs, NULL))) {
            snprintf(err, errlen, "REFEREE_FILES: '%s': %s", p,
                     strerror(errno));
            rc = -1;
        } else if (bf_too_wide(f, abs) || bf_too_wide(f, real)) {
            snprintf(err, errlen,
                     "REFEREE_FILES: '%s' is (or leads to) the working "
                     "directory, a folder holding it, or the machine's own "
                     "state, which a box never shows",
                     p);
            rc = -1;
        }
        free(real);
        if (rc == 0)
            rc = bf_show(f, abs, false, false, err, errlen);
        else
            free(abs);
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
        if (inside) {
            free(f->file[i].path);
            free(f->file[i].real);
        } else {
            f->file[n++] = f->file[i];
        }
    }
    f->n = n;
}

/* Does the word name something to show?  The program by a path; later
 * words by a path, or a bare name only when it is a file (a script in the
 * working directory: `python3 bot.py`), never a bare folder name (`out`). */
static bool bf_names_a_path(const box_files *f, int i, const char *w)
{
    if (w[0] == '\0' || w[0] == '-')
        return false;
    if (strchr(w, '/'))
        return true;
    if (i == 0)
        return false; /* found in PATH: the runtime's */
    char *abs = bf_absolute(f->cwd, w);
    struct stat st;
    bool file = abs && stat(abs, &st) == 0 && S_ISREG(st.st_mode);
    free(abs);
    return file;
}

/* Which word of argv names the entrant's own file (-1: none). */
static int bf_own_word(const box_files *f, char *const *argv)
{
    int i = 0;
    if (strchr(argv[0], '/')) {
        char *abs = bf_absolute(f->cwd, argv[0]);
        bool runtime = !abs || bf_in_runtime(f, abs);
        free(abs);
        if (!runtime)
            return 0;
    }
    for (i = 1; argv[i] && argv[i][0] == '-'; i++)
        ;
    if (!argv[i])
        return -1;
    char *abs = bf_absolute(f->cwd, argv[i]);
    struct stat st;
    bool file = abs && stat(abs, &st) == 0 && S_ISREG(st.st_mode) &&
                !bf_in_runtime(f, abs);
    free(abs);
    return file ? i : -1;
}

static int bf_cwd(box_files *out, char *err, size_t errlen)
{
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf) || !(out->cwd = strdup(buf)) ||
        !(out->real_cwd = realpath(buf, NULL))) {
        snprintf(err, errlen, "cannot read the working directory: %s",
                 strerror(errno));
        return -1;
    }
    out->cover_cwd = bf_in_list(out->cwd, bf_runtime) ||
                     bf_in_list(out->real_cwd, bf_runtime);
    return 0;
}

int box_files_find(char *const *argv, const char *extra, box_files *out,
                   char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (errlen)
        err[0] = '\0';
    if (bf_cwd(out, err, errlen) != 0) {
        box_files_free(out);
        return -1;
    }
    /* The entrant's own folder: its program's, or, when the program is
     * the runtime's (an interpreter), its script's: the first word after
     * the program that is not an option, if that is a file.  Nothing
     * later: `sh -c CMD FILE` makes no file its own. */
    int rc = 0;
    int own_word = bf_own_word(out, argv);
    for (int i = 0; argv[i] && rc == 0; i++) {
        const char *w = argv[i];
        if (!bf_names_a_path(out, i, w))
            continue;
        char *abs = bf_absolute(out->cwd, w);
        rc = abs ? bf_show(out, abs, true, i == own_word, err, errlen) : -1;
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
    for (int i = 0; i < f->n; i++) {
        free(f->file[i].path);
        free(f->file[i].real);
    }
    free(f->cwd);
    free(f->real_cwd);
    memset(f, 0, sizeof *f);
}
