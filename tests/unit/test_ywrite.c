/*
 * test_ywrite.c - the one YAML string writer (ywrite.h) and the one atomic
 * file writer (fs_write_atomic, fsutil.h), read back with the project's
 * own readers: ytree, record_read, event_def_load of event.yaml, and a
 * chained event's entrants taken from final.yaml.
 *
 * What a string becomes: valid UTF-8 reads back byte for byte, whatever it
 * holds (controls, C1, line separators, byte-order marks); each byte that
 * does not begin a valid UTF-8 sequence reads back as U+FFFD.
 */
#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "event/event_def.h"
#include "event/plan.h"
#include "event/tables.h"
#include "record/record.h"
#include "support/run.h"
#include "util/fsutil.h"
#include "yaml/ytree.h"
#include "yaml/ywrite.h"

#define U_FFFD "\xEF\xBF\xBD"

/* ---- helpers -------------------------------------------------------------- */

/* What ywrite_str writes for s (free it). */
static char *yw_text(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert(f);
    ywrite_str(f, s);
    cr_assert_eq(fclose(f), 0);
    return buf;
}

/* UTF-8 of code point cp into buf (at least 5 bytes). */
static void yw_utf8(unsigned cp, char *buf)
{
    unsigned char *b = (unsigned char *)buf;
    if (cp < 0x80) {
        b[0] = (unsigned char)cp;
        b[1] = 0;
    } else if (cp < 0x800) {
        b[0] = (unsigned char)(0xC0 | cp >> 6);
        b[1] = (unsigned char)(0x80 | (cp & 0x3F));
        b[2] = 0;
    } else if (cp < 0x10000) {
        b[0] = (unsigned char)(0xE0 | cp >> 12);
        b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp & 0x3F));
        b[3] = 0;
    } else {
        b[0] = (unsigned char)(0xF0 | cp >> 18);
        b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        b[3] = (unsigned char)(0x80 | (cp & 0x3F));
        b[4] = 0;
    }
}

/* A list of strings and what each should read back as. */
typedef struct {
    char **in, **want;
    size_t n, cap;
} yw_cases;

static void yw_add(yw_cases *c, const char *in, const char *want)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->in = realloc(c->in, c->cap * sizeof *c->in);
        c->want = realloc(c->want, c->cap * sizeof *c->want);
        cr_assert(c->in && c->want);
    }
    c->in[c->n] = strdup(in);
    c->want[c->n] = strdup(want);
    cr_assert(c->in[c->n] && c->want[c->n]);
    c->n++;
}

static void yw_cases_free(yw_cases *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->in[i]);
        free(c->want[i]);
    }
    free(c->in);
    free(c->want);
}

/* Every byte 0x01..0xFF alone and between two letters: bytes below 0x80
 * read back as they are, the others (never valid alone) as U+FFFD. */
static void yw_add_every_byte(yw_cases *c)
{
    for (unsigned b = 1; b <= 0xFF; b++) {
        char in[4] = {(char)b, 0}, mid[8] = {'a', (char)b, 'z', 0};
        yw_add(c, in, b < 0x80 ? in : U_FFFD);
        yw_add(c, mid, b < 0x80 ? mid : "a" U_FFFD "z");
    }
}

/* Every C1 control U+0080..U+009F alone, and all of them in one string. */
static void yw_add_c1(yw_cases *c)
{
    char all[32 * 2 + 1] = "";
    for (unsigned cp = 0x80; cp <= 0x9F; cp++) {
        char u[8];
        yw_utf8(cp, u);
        yw_add(c, u, u);
        strcat(all, u);
    }
    yw_add(c, all, all);
}

/* Multi-byte text, code points at the edges of what YAML allows raw, and
 * strings that would not stay strings unquoted. */
static void yw_add_text(yw_cases *c)
{
    static const unsigned edges[] = {
        0xA0,   0x7FF,  0x800,  0x2027, 0x2028, 0x2029, 0xD7FF,  0xE000,
        0xFDD0, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF};
    static const char *const texts[] = {
        "",           "yes",         "null",        "~",
        "1",          " lead",       "trail ",      "a  b",
        "key: value", "# not a comment", "\"quoted\"", "back\\slash",
        "\\x85 is no escape", "- item", "[a, b]", "{a: b}",
        "caf\xC3\xA9 na\xC3\xAFve", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E",
        "emoji \xF0\x9F\x98\x80 end", "a\tb\nc\r\n", "\xEF\xBB\xBFwith bom"};
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
        char u[8], s[16];
        yw_utf8(edges[i], u);
        snprintf(s, sizeof s, "x%sy", u);
        yw_add(c, u, u);
        yw_add(c, s, s);
    }
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        yw_add(c, texts[i], texts[i]);
    char *longer = malloc(20001);
    cr_assert(longer);
    for (size_t i = 0; i < 20000; i++)
        longer[i] = i % 7 == 6 ? ' ' : (char)('a' + i % 26);
    longer[20000] = '\0';
    yw_add(c, longer, longer); /* never folded over lines */
    free(longer);
}

/* Bytes that are not UTF-8: one U+FFFD per byte that does not begin a
 * valid sequence, the rest kept. */
static void yw_add_invalid(yw_cases *c)
{
    static const char *const cases[][2] = {
        {"\x80", U_FFFD},
        {"a\xBFz", "a" U_FFFD "z"},
        {"\xC3", U_FFFD},                         /* cut short at the end */
        {"\xE2\x82z", U_FFFD U_FFFD "z"},         /* cut short */
        {"\xC0\xAF", U_FFFD U_FFFD},              /* overlong '/' */
        {"\xE0\x80\xAF", U_FFFD U_FFFD U_FFFD},   /* overlong */
        {"\xED\xA0\x80", U_FFFD U_FFFD U_FFFD},   /* surrogate U+D800 */
        {"\xF4\x90\x80\x80", U_FFFD U_FFFD U_FFFD U_FFFD}, /* > U+10FFFF */
        {"\xF8\x88\x80\x80\x80", U_FFFD U_FFFD U_FFFD U_FFFD U_FFFD},
        {"\xFE\xFF", U_FFFD U_FFFD},
        {"ok \xC3\xA9 \xFF ok", "ok \xC3\xA9 " U_FFFD " ok"},
        {"\xC2\x85\xC2", "\xC2\x85" U_FFFD},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        yw_add(c, cases[i][0], cases[i][1]);
}

/* All of the above. */
static void yw_add_all(yw_cases *c)
{
    yw_add_every_byte(c);
    yw_add_c1(c);
    yw_add_text(c);
    yw_add_invalid(c);
}

/* fs_writer: the cases as a YAML sequence, one string per entry. */
static int yw_write_seq(FILE *f, void *arg)
{
    const yw_cases *c = arg;
    fputs("# ywrite round trip\nitems:\n", f);
    for (size_t i = 0; i < c->n; i++) {
        fputs("  - ", f);
        ywrite_str(f, c->in[i]);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

/* Count the entries of dir (without . and ..). */
static int yw_dir_count(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert(d, "cannot open %s", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

/* ---- the text written --------------------------------------------------------------- */

Test(ywrite, escapes_what_yaml_does_not_take_raw)
{
    static const char *const cases[][2] = {
        {"", "\"\""},
        {"plain", "\"plain\""},
        {"a\"b\\c", "\"a\\\"b\\\\c\""},
        {"\t\n\r", "\"\\t\\n\\r\""},
        {"\x01\x1B\x1F\x7F", "\"\\x01\\x1B\\x1F\\x7F\""},
        {"\xC2\x80\xC2\x85\xC2\x9F", "\"\\x80\\x85\\x9F\""},
        {"\xE2\x80\xA8\xE2\x80\xA9", "\"\\u2028\\u2029\""},
        {"\xEF\xBB\xBF\xEF\xBF\xBE\xEF\xBF\xBF", "\"\\uFEFF\\uFFFE\\uFFFF\""},
        {"\xC2\xA0\xC3\xA9\xF0\x9F\x98\x80", "\"\xC2\xA0\xC3\xA9\xF0\x9F\x98\x80\""},
        {"\xFF", "\"" U_FFFD "\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *t = yw_text(cases[i][0]);
        cr_expect_str_eq(t, cases[i][1], "case %zu", i);
        free(t);
    }
    char *t = yw_text(NULL);
    cr_expect_str_eq(t, "null");
    free(t);
}

/* Whatever goes in, no character that YAML refuses, folds or strips comes
 * out raw: no C0 control (not even tab), DEL, C1 control, U+2028/2029 or
 * U+FEFF, and no byte that is not UTF-8. */
Test(ywrite, written_text_has_nothing_a_reader_refuses)
{
    yw_cases c = {0};
    yw_add_all(&c);
    for (size_t i = 0; i < c.n; i++) {
        char *t = yw_text(c.in[i]);
        const unsigned char *p = (const unsigned char *)t;
        for (size_t k = 0; p[k]; k++) {
            cr_assert(p[k] >= 0x20 && p[k] != 0x7F,
                      "case %zu: byte 0x%02X at %zu", i, p[k], k);
            cr_assert(!(p[k] == 0xC2 && p[k + 1] >= 0x80 && p[k + 1] <= 0x9F),
                      "case %zu: raw C1 at %zu", i, k);
            const char *q = t + k;
            cr_assert(strncmp(q, "\xE2\x80\xA8", 3) &&
                          strncmp(q, "\xE2\x80\xA9", 3) &&
                          strncmp(q, "\xEF\xBB\xBF", 3),
                      "case %zu: raw line separator or BOM at %zu", i, k);
            cr_assert(p[k] < 0xF8 && p[k] != 0xC0 && p[k] != 0xC1,
                      "case %zu: not UTF-8 at %zu", i, k);
        }
        free(t);
    }
    yw_cases_free(&c);
}

/* ---- read back ---------------------------------------------------------------------- */

Test(ywrite, every_string_reads_back_through_ytree)
{
    char dir[256], path[300], err[512];
    run_tmpdir(dir, sizeof dir);
    cr_assert(dir[0]);
    snprintf(path, sizeof path, "%s/strings.yaml", dir);
    yw_cases c = {0};
    yw_add_all(&c);
    cr_assert_eq(fs_write_atomic(path, yw_write_seq, &c, err, sizeof err), 0,
                 "%s", err);
    ytree_ctx ctx = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    cr_assert_eq(ytree_load(&ctx, "strings", &root), 0, "%s", err);
    const ytree_node *items = NULL;
    cr_assert_eq(ytree_get_kind(&ctx, root, "", "items", YTREE_SEQ, &items),
                 0, "%s", err);
    cr_assert_eq(items->nkids, c.n);
    for (size_t i = 0; i < c.n; i++) {
        const ytree_node *n = items->kids[i];
        cr_assert_eq(n->kind, YTREE_SCALAR);
        cr_expect(!n->plain, "case %zu came back plain", i);
        cr_expect_eq(n->len, strlen(c.want[i]), "case %zu: length", i);
        cr_expect_str_eq(n->value, c.want[i], "case %zu", i);
    }
    ytree_free(root);
    yw_cases_free(&c);
    run_rmtree(dir);
}

/* A record that reads back (players and a move are required). */
static void yw_record(record *r)
{
    record_init(r);
    record_set(&r->referee_version, "0.1.0");
    record_set(&r->game, "pentago");
    record_set(&r->variant, "swiss-2010");
    record_set(&r->options, "");
    r->round = 1;
    r->tc.move_ms = 1000;
    record_set(&r->start_time, "2026-11-22T05:00:00Z");
    record_set(&r->end_time, "2026-11-22T05:00:10Z");
    r->nplayers = 2;
    for (int i = 0; i < 2; i++) {
        record_player *p = &r->players[i];
        p->seat = i;
        record_set(&p->colour, i ? "black" : "white");
        record_set(&p->command, "bots/x");
        record_set(&p->result, "draw");
        p->place = 1;
    }
    record_set(&r->status, "finished");
    record_set(&r->reason, "full-board");
    r->fault_seat = -1;
    record_set(&r->final_position, "x");
}

/* Records go through the same writer: every case as a comment, and some
 * in the fields a bot fills (command, name, detail), read back with
 * record_read; the file holds exactly what ywrite_str writes. */
Test(ywrite, records_use_the_same_writer)
{
    char dir[256], path[300], err[512];
    run_tmpdir(dir, sizeof dir);
    cr_assert(dir[0]);
    snprintf(path, sizeof path, "%s/game-0001.yaml", dir);
    yw_cases c = {0};
    yw_add_all(&c);
    record r, back;
    yw_record(&r);
    record_move *m = record_add_move(&r, 0, "a1 1R", "a1\xC2\x85", 5, -1);
    cr_assert(m);
    for (size_t i = 0; i < c.n; i++)
        cr_assert_eq(record_add_comment(m, c.in[i]), 0);
    record_set(&r.players[0].command, "bots/x --tag \xC2\x85\xC2\x9F");
    record_set(&r.players[1].name, "\xE2\x80\xA8name\xFF");
    record_set(&r.detail, "\x01\x7F\xC2\x80");
    cr_assert_eq(record_write(&r, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(record_read(path, &back, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back.nmoves, 1);
    cr_assert_eq(back.moves[0].ncomments, c.n);
    for (size_t i = 0; i < c.n; i++)
        cr_expect_str_eq(back.moves[0].comments[i], c.want[i], "case %zu", i);
    cr_expect_str_eq(back.moves[0].sent, "a1\xC2\x85");
    cr_expect_str_eq(back.players[0].command, r.players[0].command);
    cr_expect_str_eq(back.players[1].name, "\xE2\x80\xA8name" U_FFFD);
    cr_expect_str_eq(back.detail, r.detail);
    char *file = run_slurp(path, NULL), *want = yw_text(r.players[0].command);
    cr_assert(file);
    cr_expect(strstr(file, want), "%s not in the record", want);
    free(want);
    free(file);
    record_release(&back);
    record_release(&r);
    yw_cases_free(&c);
    run_rmtree(dir);
}

/* ---- event.yaml and final.yaml ------------------------------------------------------- */

/* Write dir/name.yaml with text; its path into path. */
static void yw_write_file(const char *dir, const char *name, const char *text,
                          char *path, size_t len)
{
    snprintf(path, len, "%s/%s.yaml", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

/* Play the one game of a two-entrant round robin (seat 0 wins) and write
 * the tables, final.yaml among them. */
static void yw_tables(const event_def *d)
{
    char err[512];
    plan *p = plan_new(&d->plan, err, sizeof err);
    cr_assert(p, "%s", err);
    tables_game g = {0};
    cr_assert_eq(plan_ready(p, &g.game, 1), 1);
    snprintf(g.result.id, sizeof g.result.id, "%s", g.game.id);
    g.result.outcome = PLAN_SEAT0_WINS;
    g.result.win_points[0] = 1;
    snprintf(g.result.isolation, sizeof g.result.isolation, "none");
    cr_assert_eq(plan_add_result(p, &g.result, err, sizeof err), 0, "%s",
                 err);
    cr_assert(plan_done(p));
    cr_assert_eq(fs_mkdirs(d->results, err, sizeof err), 0, "%s", err);
    cr_assert_eq(tables_write(d, p, &g, 1, err, sizeof err), 0, "%s", err);
    plan_free(p);
}

/* An entrant whose command holds U+0085 (and the other C1 controls):
 * event.yaml, written as the runner does, loads back with the same
 * commands, and so does a chained event that takes its entrants from
 * final.yaml.  Before the one writer, U+0085 went out raw and came back a
 * space, and the other C1 controls made the files unreadable. */
Test(ywrite, event_yaml_and_final_yaml_keep_c1_in_commands)
{
    char dir[256], path[512], body[2048], err[1024];
    run_tmpdir(dir, sizeof dir);
    cr_assert(dir[0]);
    snprintf(body, sizeof body,
             "event: c1\nrecords: %s/records\nresults: %s/results\n"
             "seed: 1\nformat: round-robin\ngames_per_pair: 1\n"
             "entrants:\n"
             "  - {name: a, command: \"bots/x --tag a\\x85b\"}\n"
             "  - {name: b, command: \"bots/y\"}\n",
             dir, dir);
    yw_write_file(dir, "c1", body, path, sizeof path);
    event_def d, back, chained;
    cr_assert_eq(event_def_load(path, &d, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(d.entrant[0].command, "bots/x --tag a\xC2\x85" "b");
    /* Every C1 control and a few more in the other command. */
    char cmd[256] = "bots/y";
    for (unsigned cp = 0x80; cp <= 0x9F; cp++)
        yw_utf8(cp, cmd + strlen(cmd));
    strcat(cmd, " \xE2\x80\xA8 \xEF\xBB\xBF \xC3\xA9\t\"q\" \\");
    free(d.entrant[1].command);
    d.entrant[1].command = strdup(cmd);

    char snap[600];
    snprintf(snap, sizeof snap, "%s/event.yaml", dir);
    cr_assert_eq(event_def_write(&d, snap, err, sizeof err), 0, "%s", err);
    cr_assert_eq(event_def_load(snap, &back, err, sizeof err), 0, "%s", err);
    for (int i = 0; i < 2; i++)
        cr_expect_str_eq(back.entrant[i].command, d.entrant[i].command,
                         "event.yaml, entrant %d", i);

    yw_tables(&d);
    snprintf(body, sizeof body,
             "event: chained\nseed: 2\nformat: round-robin\n"
             "games_per_pair: 1\nentrants:\n"
             "  - {from: %s, place: 1}\n  - {from: %s, place: 2}\n",
             d.results, d.results);
    yw_write_file(dir, "chained", body, path, sizeof path);
    cr_assert_eq(event_def_load(path, &chained, err, sizeof err), 0, "%s",
                 err);
    for (int i = 0; i < 2; i++) {
        int from = !strcmp(chained.entrant[i].name, "a") ? 0 : 1;
        cr_expect_str_eq(chained.entrant[i].command, d.entrant[from].command,
                         "final.yaml, place %d", i + 1);
    }
    event_def_release(&chained);
    event_def_release(&back);
    event_def_release(&d);
    run_rmtree(dir);
}

/* ---- the atomic write ---------------------------------------------------------------- */

static int yw_write_new(FILE *f, void *arg)
{
    (void)arg;
    fputs("new: 1\n", f);
    return ferror(f) ? -1 : 0;
}

/* A writer that fails half-way, as a full disk would. */
static int yw_write_fails(FILE *f, void *arg)
{
    (void)arg;
    fputs("half", f);
    errno = ENOSPC;
    return -1;
}

Test(fs_atomic, replaces_the_file_and_leaves_no_temporary)
{
    char dir[256], path[300], err[512];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/t.yaml", dir);
    yw_write_file(dir, "t", "old: 1\n", path, sizeof path);
    cr_assert_eq(fs_write_atomic(path, yw_write_new, NULL, err, sizeof err),
                 0, "%s", err);
    char *text = run_slurp(path, NULL);
    cr_expect_str_eq(text, "new: 1\n");
    free(text);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_expect_eq(st.st_mode & 0777, 0644);
    cr_expect_eq(yw_dir_count(dir), 1);
    run_rmtree(dir);
}

Test(fs_atomic, a_failed_write_keeps_the_old_file_and_names_the_path)
{
    char dir[256], path[300], err[512] = "";
    run_tmpdir(dir, sizeof dir);
    yw_write_file(dir, "t", "old: 1\n", path, sizeof path);
    cr_assert_eq(fs_write_atomic(path, yw_write_fails, NULL, err, sizeof err),
                 -1);
    char want[600];
    snprintf(want, sizeof want, "%s: write error: %s", path,
             strerror(ENOSPC));
    cr_expect_str_eq(err, want);
    char *text = run_slurp(path, NULL);
    cr_expect_str_eq(text, "old: 1\n");
    free(text);
    cr_expect_eq(yw_dir_count(dir), 1);
    run_rmtree(dir);
}

Test(fs_atomic, a_missing_directory_is_named)
{
    char dir[256], path[300], err[512] = "", want[700];
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/no/t.yaml", dir);
    cr_assert_eq(fs_write_atomic(path, yw_write_new, NULL, err, sizeof err),
                 -1);
    snprintf(want, sizeof want, "%s: directory '%s/no' does not exist", path,
             dir);
    cr_expect_str_eq(err, want);
    snprintf(path, sizeof path, "%s/", dir);
    cr_assert_eq(fs_write_atomic(path, yw_write_new, NULL, err, sizeof err),
                 -1);
    snprintf(want, sizeof want, "%s: not a file name", path);
    cr_expect_str_eq(err, want);
    run_rmtree(dir);
}

/* The directory is synced after the rename: one it cannot open is an
 * error that says the file is written.  (root opens any directory.) */
Test(fs_atomic, an_unsyncable_directory_is_an_error)
{
    if (geteuid() == 0)
        cr_skip_test("root can open a directory without read permission");
    char dir[256], path[300], err[512] = "";
    run_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/t.yaml", dir);
    cr_assert_eq(chmod(dir, 0300), 0);
    int rc = fs_write_atomic(path, yw_write_new, NULL, err, sizeof err);
    cr_assert_eq(chmod(dir, 0700), 0);
    cr_expect_eq(rc, -1);
    cr_expect(strstr(err, path) && strstr(err, "written, but cannot sync"),
              "%s", err);
    cr_expect_eq(access(path, R_OK), 0);
    run_rmtree(dir);
}
