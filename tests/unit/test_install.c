/*
 * test_install.c - `make install` and `make uninstall` into a scratch
 * DESTDIR with PREFIX=/usr, as a packager runs them: every file lands
 * where users of command-line tools look for it, the installed referee is
 * the release build and says its version and protocol version, the man
 * page renders and holds every command that `referee --help` lists, an
 * installed bot plays a game under the installed referee, and uninstall
 * removes exactly what install put.
 *
 * make runs in the source tree with this test's BUILD (RUN_DIR without
 * its "test/"), so it installs the release build that `make` leaves
 * there, building it first only if it is missing or stale.
 */
#include "proto.h"
#include "support/run.h"
#include "version.h"

#include <criterion/criterion.h>
#include <ftw.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INST_OUT (256 * 1024)

/* BUILD of this test program: RUN_DIR less its trailing "test/". */
static void inst_build_dir(char *buf, size_t len)
{
    snprintf(buf, len, "%s", RUN_DIR);
    size_t n = strlen(buf);
    cr_assert(n >= 5 && strcmp(buf + n - 5, "test/") == 0,
              "RUN_DIR '%s' does not end in test/", RUN_DIR);
    buf[n - 5] = '\0';
    /* "build", not "build/": make would take build//obj/x.o for another
     * file than the build/obj/x.o its dependency files name, and so miss
     * a changed header and link stale objects. */
    n = strlen(buf);
    while (n > 1 && buf[n - 1] == '/')
        buf[--n] = '\0';
    if (buf[0] == '\0')
        snprintf(buf, len, ".");
}

/* `make TARGET` in the source tree, into destdir, with PREFIX=/usr.  The
 * variables of an outer make (its job server among them) are dropped:
 * this make stands alone. */
static int inst_make(const char *target, const char *destdir, char *out,
                     size_t outlen)
{
    char build[PATH_MAX], bvar[PATH_MAX + 8], dvar[PATH_MAX + 8];
    inst_build_dir(build, sizeof build);
    int n1 = snprintf(bvar, sizeof bvar, "BUILD=%s", build);
    int n2 = snprintf(dvar, sizeof dvar, "DESTDIR=%s", destdir);
    cr_assert(n1 > 0 && (size_t)n1 < sizeof bvar && n2 > 0 &&
              (size_t)n2 < sizeof dvar);
    char *argv[] = {"/usr/bin/env", "-u", "MAKEFLAGS", "-u", "MFLAGS",
                    "-u", "MAKELEVEL", "-u", "GNUMAKEFLAGS", "make",
                    "--no-print-directory", bvar, dvar, "PREFIX=/usr",
                    (char *)target, NULL};
    return run_cmd(argv, "install-make", out, outlen);
}

/* dir/rel into buf (PATH_MAX bytes). */
static const char *inst_path(const char *dir, const char *rel, char *buf)
{
    int n = snprintf(buf, PATH_MAX, "%s/%s", dir, rel);
    cr_assert(n > 0 && n < PATH_MAX, "path too long: %s/%s", dir, rel);
    return buf;
}

/* Is path an executable regular file with exactly the bytes of src (or
 * any bytes when src is NULL)? */
static void inst_expect_file(const char *path, const char *src, bool exec)
{
    struct stat st;
    cr_assert_eq(stat(path, &st), 0, "%s was not installed", path);
    cr_assert(S_ISREG(st.st_mode), "%s is not a regular file", path);
    if (exec)
        cr_assert_eq(st.st_mode & 0777, 0755, "%s: mode %o, not 755", path,
                     (unsigned)(st.st_mode & 0777));
    else
        cr_assert_eq(st.st_mode & 0777, 0644, "%s: mode %o, not 644", path,
                     (unsigned)(st.st_mode & 0777));
    if (!src)
        return;
    size_t n1, n2;
    char *a = run_slurp(path, &n1), *b = run_slurp(src, &n2);
    cr_assert(a && b, "cannot read %s or %s", path, src);
    cr_assert(n1 == n2 && memcmp(a, b, n1) == 0,
              "%s differs from %s", path, src);
    free(a);
    free(b);
}

/* Every file matching pattern in the source tree is installed in the bots
 * directory under its own name (C sources: the built program of the same
 * name, without ".c"). */
static int inst_expect_bots(const char *bots, const char *pattern, bool c)
{
    glob_t g;
    cr_assert_eq(glob(pattern, 0, NULL, &g), 0, "no %s", pattern);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char name[NAME_MAX + 1], path[PATH_MAX];
        const char *base = strrchr(g.gl_pathv[i], '/') + 1;
        snprintf(name, sizeof name, "%s", base);
        if (c)
            name[strlen(name) - 2] = '\0';
        inst_path(bots, name, path);
        inst_expect_file(path, c ? NULL : g.gl_pathv[i], true);
    }
    int n = (int)g.gl_pathc;
    globfree(&g);
    return n;
}

/* The commands `referee --help` lists, one per line: "check-bot\n..." */
static void inst_commands(const char *help, char *out, size_t len)
{
    const char *p = strstr(help, "\ncommands:\n");
    cr_assert_not_null(p, "no command list in:\n%s", help);
    size_t n = 0;
    out[0] = '\0';
    for (p += 11; strncmp(p, "  ", 2) == 0 && p[2] != ' ';) {
        p += 2;
        size_t k = strcspn(p, " \n");
        n += (size_t)snprintf(out + n, len - n, "%.*s\n", (int)k, p);
        p = strchr(p, '\n');
        if (!p)
            break;
        p++;
    }
    cr_assert(n > 0, "no commands listed in:\n%s", help);
}

/* The man page rendered as text, or false if neither man nor groff is
 * here. */
static bool inst_render_man(const char *page, char *out, size_t len)
{
    if (access("/usr/bin/man", X_OK) == 0) {
        char *argv[] = {"/usr/bin/env", "LC_ALL=C", "MANWIDTH=250",
                        "/usr/bin/man", "--warnings", "-l", (char *)page,
                        NULL};
        cr_assert_eq(run_cmd(argv, "install-man", out, len), 0,
                     "man -l %s failed:\n%s", page, out);
        cr_assert_null(strstr(out, "troff:"), "the man page has troff "
                       "warnings:\n%.2000s", strstr(out, "troff:"));
        return true;
    }
    if (access("/usr/bin/groff", X_OK) == 0) {
        char *argv[] = {"/usr/bin/groff", "-man", "-Tascii", "-ww",
                        (char *)page, NULL};
        cr_assert_eq(run_cmd(argv, "install-man", out, len), 0,
                     "groff -man -Tascii %s failed:\n%s", page, out);
        return true;
    }
    return false;
}

/* Every command has its section (.SS, rendered as "   NAME" on a line of
 * its own) holding the first line of its --help, when it has one. */
static void inst_expect_man(const char *referee, const char *commands,
                            const char *text)
{
    cr_assert(strstr(text, "REFEREE(1)"), "no REFEREE(1) header:\n%.2000s",
              text);
    const char *want[] = {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS",
                          "FILES", "SEE ALSO", "VERSION",
                          "referee " REFEREE_VERSION,
                          "/usr/lib/referee/bots/",
                          "/usr/share/doc/referee/PROTOCOL.md"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert(strstr(text, want[i]), "'%s' is not in the man page",
                  want[i]);
    for (const char *c = commands; *c; c = strchr(c, '\n') + 1) {
        char name[64], heading[80];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(c, "\n"), c);
        snprintf(heading, sizeof heading, "\n   %s\n", name);
        cr_assert(strstr(text, heading), "no section for '%s' in the man "
                  "page", name);
        char *argv[] = {(char *)referee, name, "--help", NULL};
        char *help = malloc(INST_OUT);
        cr_assert_not_null(help);
        if (run_cmd(argv, "install-help", help, INST_OUT) == 0) {
            help[strcspn(help, "\n")] = '\0';
            cr_assert(strstr(text, help),
                      "'%s' (from %s --help) is not in the man page", help,
                      name);
        }
        free(help);
    }
}

/* An installed bot against another, under the installed referee: a
 * finished game by the rules, whose record replays. */
static void inst_expect_game(const char *referee, const char *bots,
                             const char *tmp)
{
    char out_dir[PATH_MAX], a[PATH_MAX], b[PATH_MAX], record[PATH_MAX];
    inst_path(tmp, "m", out_dir);
    inst_path(bots, "greedy_bot", a);
    inst_path(bots, "random_bot", b);
    char *out = malloc(INST_OUT);
    cr_assert_not_null(out);
    char *argv[] = {(char *)referee, "match", "-n", "1", "--seed", "5",
                    "--move-ms", "3000", "--sandbox", "off", "--out",
                    out_dir, a, b, NULL};
    cr_assert_eq(run_cmd(argv, "install-game", out, INST_OUT), 0,
                 "the installed referee's match failed:\n%s", out);
    inst_path(out_dir, "game-0001.yaml", record);
    char *rec = run_slurp(record, NULL);
    cr_assert_not_null(rec, "no record %s:\n%s", record, out);
    cr_assert(strstr(rec, "status: \"finished\""), "%s", rec);
    const char *reason = strstr(rec, "  reason: \"");
    cr_assert_not_null(reason, "%s", rec);
    char r[64];
    snprintf(r, sizeof r, "%.*s", (int)strcspn(reason + 11, "\""),
             reason + 11);
    cr_assert(run_is_rules_end(r), "the game ended by '%s', not the rules",
              r);
    char *rargv[] = {(char *)referee, "replay", "--quiet", record, NULL};
    cr_assert_eq(run_cmd(rargv, "install-game", out, INST_OUT), 0,
                 "replay of %s: %s", record, out);
    cr_assert_eq(run_count_tagged("install-game"), 0, "a bot outlived its "
                 "game");
    free(rec);
    free(out);
}

/* nftw: count what is not a directory. */
static int inst_left;
static char inst_first_left[PATH_MAX];
static int inst_count_file(const char *path, const struct stat *st,
                           int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag != FTW_D && flag != FTW_DP) {
        if (inst_left++ == 0)
            snprintf(inst_first_left, sizeof inst_first_left, "%s", path);
    }
    return 0;
}

Test(install, make_install_and_uninstall, .timeout = 240)
{
    cr_assert_eq(access("referee/cli/mkman.sh", R_OK), 0,
                 "run from the top of the source tree");
    char tmp[PATH_MAX], dest[PATH_MAX], p[PATH_MAX];
    run_tmpdir(tmp, sizeof tmp);
    inst_path(tmp, "root", dest);
    char *out = malloc(INST_OUT);
    cr_assert_not_null(out);
    cr_assert_eq(inst_make("install", dest, out, INST_OUT), 0,
                 "make install failed:\n%s", out);

    /* The files, where they belong. */
    char referee[PATH_MAX], bots[PATH_MAX], page[PATH_MAX];
    inst_path(dest, "usr/bin/referee", referee);
    inst_path(dest, "usr/lib/referee/bots", bots);
    inst_path(dest, "usr/share/man/man1/referee.1", page);
    inst_expect_file(referee, NULL, true);
    inst_expect_file(page, NULL, false);
    inst_expect_file(inst_path(dest, "usr/share/doc/referee/PROTOCOL.md", p),
                     "protocol/PROTOCOL.md", false);
    inst_expect_file(inst_path(dest, "usr/share/doc/referee/RULES.md", p),
                     "protocol/RULES.md", false);
    int nbots = inst_expect_bots(bots, "bots/c/*.c", true);
    cr_assert_geq(nbots, 2, "fewer than two C bots");
    inst_expect_bots(bots, "bots/python/*.py", false);
    inst_expect_bots(bots, "bots/js/*.js", false);
    inst_expect_bots(bots, "bots/sh/*.sh", false);

    /* The release build, not the sanitizer one. */
    size_t n;
    char *bin = run_slurp(referee, &n);
    cr_assert_not_null(bin);
    cr_assert_null(memmem(bin, n, "AddressSanitizer", 16),
                   "the installed referee is a sanitizer build");
    free(bin);

    /* Its version and protocol version. */
    char *vargv[] = {referee, "--version", NULL};
    cr_assert_eq(run_cmd(vargv, "install-version", out, INST_OUT), 0, "%s",
                 out);
    char want[64];
    snprintf(want, sizeof want, "referee %s (protocol %d)\n",
             REFEREE_VERSION, PROTO_VERSION);
    cr_assert_str_eq(out, want);
    char *hargv[] = {referee, "--help", NULL};
    cr_assert_eq(run_cmd(hargv, "install-version", out, INST_OUT), 0, "%s",
                 out);
    cr_assert(strstr(out, "--version"), "--help names no --version:\n%s",
              out);

    /* The man page: every command of --help, its help text. */
    char commands[4096];
    inst_commands(out, commands, sizeof commands);
    char *text = malloc(INST_OUT);
    cr_assert_not_null(text);
    if (inst_render_man(page, text, INST_OUT))
        inst_expect_man(referee, commands, text);
    else
        cr_log_warn("neither man nor groff here: the man page was installed "
                    "but not rendered");
    free(text);

    inst_expect_game(referee, bots, tmp);

    /* Uninstall removes what install put and nothing else. */
    char keep[PATH_MAX];
    inst_path(dest, "usr/bin/other-tool", keep);
    FILE *f = fopen(keep, "w");
    cr_assert_not_null(f);
    fclose(f);
    cr_assert_eq(inst_make("uninstall", dest, out, INST_OUT), 0,
                 "make uninstall failed:\n%s", out);
    cr_assert_eq(unlink(keep), 0, "uninstall removed a file it did not put");
    inst_left = 0;
    cr_assert_eq(nftw(dest, inst_count_file, 16, FTW_PHYS), 0);
    cr_assert_eq(inst_left, 0, "%d files left after uninstall, e.g. %s",
                 inst_left, inst_first_left);
    struct stat st;
    cr_assert_neq(stat(inst_path(dest, "usr/lib/referee", p), &st),
                  0, "%s is left", p);
    cr_assert_neq(stat(inst_path(dest, "usr/share/doc/referee", p), &st),
                  0, "%s is left", p);
    free(out);
    run_rmtree(tmp);
}
