/* test_record.c - the YAML match record: round trips, the atomic write,
 * and the reader's checks with their FILE:LINE: FIELD: messages. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/record.h"

/* ---- helpers --------------------------------------------------------------- */

/* printf into a new heap string. */
static char *fmt(const char *f, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, f);
    int n = vasprintf(&s, f, ap);
    va_end(ap);
    cr_assert(n >= 0);
    return s;
}

/* Make a fresh temporary directory. */
static char *tmpdir_new(void)
{
    char tmpl[] = "/tmp/test_record.XXXXXX";
    cr_assert_not_null(mkdtemp(tmpl));
    return strdup(tmpl);
}

/* Count the entries of dir (without . and ..). */
static int dir_count(const char *dir)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

/* Remove dir, its files and its empty subdirectories; free the name. */
static void tmpdir_free(char *dir)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char *p = fmt("%s/%s", dir, e->d_name);
        if (unlink(p) != 0)
            rmdir(p);
        free(p);
    }
    closedir(d);
    cr_assert_eq(rmdir(dir), 0, "rmdir %s", dir);
    free(dir);
}

/* Write len bytes of text to path. */
static void write_bytes(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(text, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

/* Write a string to path. */
static void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

/* Read a whole file into a heap string. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "open %s", path);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    int ch;
    while ((ch = getc(f)) != EOF)
        putc(ch, m);
    fclose(f);
    fclose(m);
    return buf;
}

/* text with the first `from` replaced by `to` (which must occur). */
static char *replace(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    cr_assert_not_null(at, "'%s' not in the text", from);
    return fmt("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

/* The 1-based line on which marker first occurs in text. */
static int line_of(const char *text, const char *marker)
{
    const char *at = strstr(text, marker);
    cr_assert_not_null(at, "'%s' not in the text", marker);
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

/* Is the record empty, as record_init leaves it? */
static void assert_empty(const record *r)
{
    cr_assert_eq(r->nmoves, 0);
    cr_assert_null(r->moves);
    cr_assert_eq(r->nplayers, 0);
    cr_assert_null(r->game);
    cr_assert_null(r->referee_version);
    cr_assert_null(r->players[0].colour);
    cr_assert_null(r->status);
}

/* Compare two possibly-NULL strings. */
static void assert_same_str(const char *a, const char *b, const char *what)
{
    if (!a || !b)
        cr_assert(a == b, "%s: '%s' vs '%s'", what, a ? a : "(null)",
                  b ? b : "(null)");
    else
        cr_assert_str_eq(a, b, "%s", what);
}

/* Compare every field of two records. */
static void assert_same_record(const record *a, const record *b)
{
    cr_assert_eq(a->schema, b->schema);
    assert_same_str(a->referee_version, b->referee_version, "version");
    assert_same_str(a->event, b->event, "event");
    cr_assert_eq(a->round, b->round);
    assert_same_str(a->game, b->game, "game");
    assert_same_str(a->variant, b->variant, "variant");
    assert_same_str(a->options, b->options, "options");
    cr_assert_eq(a->seed, b->seed);
    cr_assert_eq(a->tc.move_ms, b->tc.move_ms);
    cr_assert_eq(a->tc.bank_ms, b->tc.bank_ms);
    cr_assert_eq(a->tc.increment_ms, b->tc.increment_ms);
    cr_assert_eq(a->tc.grace_ms, b->tc.grace_ms);
    cr_assert_eq(a->tc.startup_ms, b->tc.startup_ms);
    assert_same_str(a->start_time, b->start_time, "started");
    assert_same_str(a->end_time, b->end_time, "ended");
    cr_assert_eq(a->nplayers, b->nplayers);
    for (int i = 0; i < a->nplayers; i++) {
        const record_player *p = &a->players[i], *q = &b->players[i];
        cr_assert_eq(p->seat, q->seat);
        assert_same_str(p->colour, q->colour, "colour");
        assert_same_str(p->command, q->command, "command");
        assert_same_str(p->name, q->name, "name");
        assert_same_str(p->version, q->version, "player version");
        assert_same_str(p->author, q->author, "author");
        assert_same_str(p->log, q->log, "log");
        assert_same_str(p->result, q->result, "result");
        cr_assert_eq(p->place, q->place);
        cr_assert_eq(p->win_points, q->win_points);
    }
    cr_assert_eq(a->nmoves, b->nmoves);
    for (size_t i = 0; i < a->nmoves; i++) {
        const record_move *m = &a->moves[i], *n = &b->moves[i];
        cr_assert_eq(m->seat, n->seat, "move %zu", i);
        assert_same_str(m->text, n->text, "move text");
        assert_same_str(m->sent, n->sent, "sent");
        cr_assert_eq(m->ms, n->ms);
        cr_assert_eq(m->left_ms, n->left_ms);
        cr_assert_eq(m->ncomments, n->ncomments, "move %zu", i);
        for (size_t k = 0; k < m->ncomments; k++)
            assert_same_str(m->comments[k], n->comments[k], "comment");
    }
    assert_same_str(a->status, b->status, "status");
    assert_same_str(a->reason, b->reason, "reason");
    assert_same_str(a->detail, b->detail, "detail");
    cr_assert_eq(a->fault_seat, b->fault_seat);
    assert_same_str(a->final_position, b->final_position, "final_position");
}

/* Texts YAML would take for something else if written plain. */
static const char *const awkward[] = {
    "c4 2R", "yes", "no", "1", "-1", "0x1F", "1.5", "null", "~", "", " ",
    "true", "NULL", "key: value", "a # not a comment", "#hash", "- dash",
    "[1, 2]", "{a: b}", "&anchor", "*alias", "!tag", "%directive", "@at",
    "`tick", "'single'", "\"double\"", "back\\slash", "tab\there",
    "line one\nline two", "trailing space ", " leading space", "---",
    "...", "? key", "caf\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x8e\xb2", "\x01\x1b[0m",
    "x\xc2\x85y", "\xef\xbb\xbf" "bom", "ls\xe2\x80\xa8ps\xe2\x80\xa9.",
    "cr\r\nlf", "  two  spaces\n\n  ", "\\x41 not an escape",
};
#define NAWKWARD (sizeof awkward / sizeof awkward[0])

/* Fill a record with every field set, nplayers players and nmoves moves
 * whose texts and comments include the awkward ones. */
static void fill_record(record *r, int nplayers, size_t nmoves)
{
    static const char *const colours[] = {"white", "black", "red", "blue"};
    record_set(&r->referee_version, "0.1.0");
    record_set(&r->event, "Club night: round #2");
    r->round = 7;
    record_set(&r->game, "pentago");
    record_set(&r->variant, "swiss-2010");
    record_set(&r->options, "");
    r->seed = UINT64_MAX;
    r->tc.move_ms = 1000;
    r->tc.bank_ms = 60000;
    r->tc.increment_ms = 500;
    r->tc.grace_ms = 200;
    r->tc.startup_ms = 5000;
    record_set(&r->start_time, "2026-11-22T05:00:00Z");
    record_set(&r->end_time, "2026-11-22T05:03:10Z");
    r->nplayers = nplayers;
    for (int i = 0; i < nplayers; i++) {
        record_player *p = &r->players[i];
        p->seat = i;
        record_set(&p->colour, colours[i]);
        char *s = fmt("bots/run --seed %d 'a b' \"c\" # x", i);
        record_set(&p->command, s);
        free(s);
        record_set(&p->name, i == 1 ? NULL : awkward[(size_t)i % NAWKWARD]);
        record_set(&p->version, "1.0");
        record_set(&p->author, "A. N. Other <a@example.org>");
        record_set(&p->log, "logs/x: y.log");
        record_set(&p->result, i == 0 ? "win" : "loss");
        p->place = i + 1;
        p->win_points = i == 0 ? 2 : 0;
    }
    for (size_t i = 0; i < nmoves; i++) {
        const char *text = awkward[i % NAWKWARD];
        const char *sent = i % 3 == 0 ? awkward[(i + 5) % NAWKWARD] : NULL;
        record_move *m = record_add_move(r, (int)(i % (size_t)nplayers), text,
                                         sent, (long)i * 7, i % 2 ? -1 : 900);
        cr_assert_not_null(m);
        for (size_t k = 0; k < i % 4; k++)
            cr_assert_eq(record_add_comment(m, awkward[(i + k) % NAWKWARD]),
                         0);
    }
    record_set(&r->status, "finished");
    record_set(&r->reason, "illegal-move");
    record_set(&r->detail, "sent \"z9 9X\": no such cell; # really");
    r->fault_seat = nplayers - 1;
    record_set(&r->final_position, "w..b.. ...... / to move: 1 #");
}

/* Write r to dir/name, read it back, compare, and check that a second
 * write of what was read is byte for byte the same file. */
static void round_trip(const record *r, const char *dir, const char *name)
{
    char err[512] = "";
    char *path = fmt("%s/%s", dir, name);
    char *path2 = fmt("%s/again-%s", dir, name);
    record back;
    cr_assert_eq(record_write(r, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(record_read(path, &back, err, sizeof err), 0, "%s", err);
    assert_same_record(r, &back);
    cr_assert_eq(record_write(&back, path2, err, sizeof err), 0, "%s", err);
    char *a = slurp(path), *b = slurp(path2);
    cr_assert_str_eq(a, b);
    free(a);
    free(b);
    record_release(&back);
    free(path);
    free(path2);
}

/* A valid record in the layout record_write uses; the bad inputs below are
 * edits of it. */
static const char base_yaml[] =
    "schema: 1\n"
    "referee:\n"
    "  version: \"0.1.0\"\n"
    "event: \"club night\"\n"
    "round: 2\n"
    "game:\n"
    "  name: \"pentago\"\n"
    "  variant: \"swiss-2010\"\n"
    "  options: \"\"\n"
    "seed: 12345\n"
    "time_control:\n"
    "  move_ms: 1000\n"
    "  bank_ms: 0\n"
    "  increment_ms: 0\n"
    "  grace_ms: 200\n"
    "  startup_ms: 5000\n"
    "started: \"2026-11-22T05:00:00Z\"\n"
    "ended: \"2026-11-22T05:00:09Z\"\n"
    "players:\n"
    "- seat: 0\n"
    "  colour: \"white\"\n"
    "  command: \"bots/random --seed 1\"\n"
    "  name: \"random\"\n"
    "  version: \"1.0\"\n"
    "  author: null\n"
    "  log: \"logs/s0.log\"\n"
    "  result: \"win\"\n"
    "  place: 1\n"
    "  win_points: 1\n"
    "- seat: 1\n"
    "  colour: \"black\"\n"
    "  command: \"bots/greedy\"\n"
    "  name: null\n"
    "  version: null\n"
    "  author: null\n"
    "  log: null\n"
    "  result: \"loss\"\n"
    "  place: 2\n"
    "  win_points: 0\n"
    "moves:\n"
    "- ply: 1\n"
    "  seat: 0\n"
    "  move: \"a1 1R\"\n"
    "  ms: 11\n"
    "  left_ms: -1\n"
    "- ply: 2\n"
    "  seat: 1\n"
    "  move: \"b2 2L\"\n"
    "  sent: \"B2 2l\"\n"
    "  ms: 22\n"
    "  left_ms: -1\n"
    "  comments:\n"
    "  - \"info depth 3\"\n"
    "  - \"info score: 12 # ok\"\n"
    "result:\n"
    "  status: \"finished\"\n"
    "  reason: \"timeout\"\n"
    "  detail: \"took 1400 ms of 1000 + 200\"\n"
    "  fault_seat: 1\n"
    "final_position: \"w....../b.....\"\n";

/* Write yaml to dir/bad.yaml and check that reading it fails with exactly
 * "PATH:LINE: rest", leaving the record empty. */
static void expect_error(const char *dir, const char *yaml, int line,
                         const char *rest)
{
    char *path = fmt("%s/bad.yaml", dir);
    write_text(path, yaml);
    char err[512] = "";
    record r;
    cr_assert_eq(record_read(path, &r, err, sizeof err), -1,
                 "read succeeded, expected: %s", rest);
    char *want = fmt("%s:%d: %s", path, line, rest);
    cr_assert_str_eq(err, want);
    assert_empty(&r);
    free(want);
    free(path);
}

/* Like expect_error for an edit of base_yaml; the line is where marker
 * first occurs in the edited text. */
static void expect_edit_error(const char *dir, const char *from,
                              const char *to, const char *marker,
                              const char *rest)
{
    char *yaml = replace(base_yaml, from, to);
    expect_error(dir, yaml, line_of(yaml, marker), rest);
    free(yaml);
}

/* ---- record.c ----------------------------------------------------------------- */

Test(record, init_and_release_leave_an_empty_record)
{
    record r;
    record_init(&r);
    cr_assert_eq(r.schema, RECORD_SCHEMA);
    cr_assert_eq(r.fault_seat, -1);
    assert_empty(&r);
    fill_record(&r, 2, 40);
    cr_assert_eq(r.nmoves, 40);
    cr_assert_geq(r.capmoves, 40);
    record_release(&r);
    assert_empty(&r);
    record_release(&r); /* twice is harmless */
}

Test(record, set_copies_and_replaces)
{
    char buf[] = "abc";
    char *field = NULL;
    record_set(&field, buf);
    buf[0] = 'x';
    cr_assert_str_eq(field, "abc");
    record_set(&field, "def");
    cr_assert_str_eq(field, "def");
    record_set(&field, NULL);
    cr_assert_null(field);
}

Test(record, add_move_copies_and_drops_sent_equal_to_text)
{
    record r;
    record_init(&r);
    char text[] = "c4 2R";
    record_move *m = record_add_move(&r, 0, text, "c4 2R", 5, -1);
    cr_assert_not_null(m);
    text[0] = 'x';
    cr_assert_str_eq(r.moves[0].text, "c4 2R");
    cr_assert_null(r.moves[0].sent);
    m = record_add_move(&r, 1, "d5 3L", "D5 3l", 6, 100);
    cr_assert_str_eq(m->sent, "D5 3l");
    for (int i = 0; i < 100; i++)
        cr_assert_eq(record_add_comment(m, "info"), 0);
    cr_assert_eq(m->ncomments, 100);
    cr_assert_str_eq(m->comments[99], "info");
    record_release(&r);
}

/* ---- round trips ------------------------------------------------------------------ */

Test(record, round_trip_rich_record_four_players)
{
    char *dir = tmpdir_new();
    record r;
    record_init(&r);
    fill_record(&r, 4, 3 * NAWKWARD);
    round_trip(&r, dir, "rich.yaml");
    record_release(&r);
    tmpdir_free(dir);
}

Test(record, round_trip_zero_moves_and_null_fields)
{
    char *dir = tmpdir_new();
    record r;
    record_init(&r);
    record_set(&r.referee_version, "0.1.0");
    record_set(&r.game, "pentago");
    record_set(&r.variant, "standard");
    record_set(&r.start_time, "2026-11-22T05:00:00Z");
    r.nplayers = 2;
    record_set(&r.players[0].colour, "white");
    record_set(&r.players[0].command, "a");
    record_set(&r.players[1].colour, "black");
    record_set(&r.players[1].command, "b");
    record_set(&r.status, "void");
    record_set(&r.reason, "failed-to-start");
    record_set(&r.final_position, "start");
    round_trip(&r, dir, "empty.yaml");
    char *path = fmt("%s/empty.yaml", dir);
    char *text = slurp(path);
    cr_assert_not_null(strstr(text, "\nmoves: []\n"), "%s", text);
    cr_assert_not_null(strstr(text, "\nevent: null\n"), "%s", text);
    cr_assert_not_null(strstr(text, "\n  fault_seat: -1\n"), "%s", text);
    free(text);
    free(path);
    record_release(&r);
    tmpdir_free(dir);
}

Test(record, round_trip_many_moves)
{
    char *dir = tmpdir_new();
    record r;
    record_init(&r);
    fill_record(&r, 2, 5000);
    round_trip(&r, dir, "long.yaml");
    record_release(&r);
    tmpdir_free(dir);
}

Test(record, round_trip_long_comment_is_not_folded)
{
    char *dir = tmpdir_new();
    record r;
    record_init(&r);
    fill_record(&r, 2, 1);
    char *longtext = calloc(1, 5001);
    for (int i = 0; i < 5000; i++)
        longtext[i] = i % 7 == 6 ? ' ' : (char)('a' + i % 26);
    cr_assert_eq(record_add_comment(&r.moves[0], longtext), 0);
    round_trip(&r, dir, "long-comment.yaml");
    char *path = fmt("%s/long-comment.yaml", dir);
    char *text = slurp(path);
    cr_assert_not_null(strstr(text, longtext));
    free(text);
    free(path);
    free(longtext);
    record_release(&r);
    tmpdir_free(dir);
}

Test(record, written_strings_are_double_quoted)
{
    char *dir = tmpdir_new();
    record r;
    record_init(&r);
    fill_record(&r, 2, 20);
    char *path = fmt("%s/q.yaml", dir);
    char err[512];
    cr_assert_eq(record_write(&r, path, err, sizeof err), 0, "%s", err);
    char *text = slurp(path);
    cr_assert_not_null(strstr(text, "schema: 1\n"), "%s", text);
    cr_assert_not_null(strstr(text, "  move: \"c4 2R\"\n"), "%s", text);
    cr_assert_not_null(strstr(text, "  move: \"yes\"\n"), "%s", text);
    cr_assert_not_null(strstr(text, "  move: \"null\"\n"), "%s", text);
    cr_assert_not_null(strstr(text, "  move: \"~\"\n"), "%s", text);
    cr_assert_not_null(strstr(text, "  - \"key: value\"\n"), "%s", text);
    cr_assert_not_null(strstr(text, "seed: 18446744073709551615\n"));
    free(text);
    free(path);
    record_release(&r);
    tmpdir_free(dir);
}

Test(record, invalid_utf8_is_replaced_not_fatal)
{
    char *dir = tmpdir_new();
    record r, back;
    record_init(&r);
    fill_record(&r, 2, 1);
    cr_assert_eq(record_add_comment(&r.moves[0], "bad \xff\xc3 end \xed\xa0\x80"),
                 0);
    char *path = fmt("%s/u.yaml", dir);
    char err[512];
    cr_assert_eq(record_write(&r, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(record_read(path, &back, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(back.moves[0].comments[0],
                     "bad \xef\xbf\xbd\xef\xbf\xbd end "
                     "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    record_release(&back);
    record_release(&r);
    free(path);
    tmpdir_free(dir);
}

/* ---- the atomic write --------------------------------------------------------------- */

Test(record, write_replaces_existing_file_and_leaves_no_temp)
{
    char *dir = tmpdir_new();
    char *path = fmt("%s/game.yaml", dir);
    write_text(path, "old contents, not YAML: [\n");
    record r, back;
    record_init(&r);
    fill_record(&r, 2, 10);
    char err[512];
    cr_assert_eq(record_write(&r, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(dir_count(dir), 1);
    cr_assert_eq(record_write(&r, path, err, sizeof err), 0, "%s", err);
    cr_assert_eq(dir_count(dir), 1);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0644);
    cr_assert_eq(record_read(path, &back, err, sizeof err), 0, "%s", err);
    assert_same_record(&r, &back);
    record_release(&back);
    record_release(&r);
    free(path);
    tmpdir_free(dir);
}

Test(record, write_relative_path_in_current_directory)
{
    char *dir = tmpdir_new();
    char *old = getcwd(NULL, 0);
    cr_assert_eq(chdir(dir), 0);
    record r;
    record_init(&r);
    fill_record(&r, 2, 2);
    char err[512];
    cr_assert_eq(record_write(&r, "plain.yaml", err, sizeof err), 0, "%s",
                 err);
    cr_assert_eq(dir_count("."), 1);
    record_release(&r);
    cr_assert_eq(chdir(old), 0);
    free(old);
    tmpdir_free(dir);
}

Test(record, write_into_missing_directory_fails_with_message)
{
    char *dir = tmpdir_new();
    char *path = fmt("%s/no/such/dir/game.yaml", dir);
    record r;
    record_init(&r);
    fill_record(&r, 2, 2);
    char err[512] = "";
    cr_assert_eq(record_write(&r, path, err, sizeof err), -1);
    char *want = fmt("%s: directory '%s/no/such/dir' does not exist", path,
                     dir);
    cr_assert_str_eq(err, want);
    cr_assert_eq(dir_count(dir), 0);
    free(want);
    free(path);
    record_release(&r);
    tmpdir_free(dir);
}

Test(record, write_over_a_directory_fails_and_cleans_up)
{
    char *dir = tmpdir_new();
    char *path = fmt("%s/sub", dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    record r;
    record_init(&r);
    fill_record(&r, 2, 2);
    char err[512] = "";
    cr_assert_eq(record_write(&r, path, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, path), "%s", err);
    cr_assert_not_null(strstr(err, "Is a directory"), "%s", err);
    cr_assert_eq(dir_count(dir), 1); /* no temporary file left */
    free(path);
    record_release(&r);
    tmpdir_free(dir);
}

/* ---- reading: what is accepted -------------------------------------------------------- */

Test(record, read_base_example)
{
    char *dir = tmpdir_new();
    char *path = fmt("%s/ok.yaml", dir);
    write_text(path, base_yaml);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.nplayers, 2);
    cr_assert_eq(r.round, 2);
    cr_assert_eq(r.seed, 12345);
    cr_assert_str_eq(r.players[0].log, "logs/s0.log");
    cr_assert_null(r.players[0].author);
    cr_assert_null(r.players[1].name);
    cr_assert_eq(r.nmoves, 2);
    cr_assert_str_eq(r.moves[1].sent, "B2 2l");
    cr_assert_eq(r.moves[1].ncomments, 2);
    cr_assert_str_eq(r.moves[1].comments[1], "info score: 12 # ok");
    cr_assert_eq(r.fault_seat, 1);
    record_release(&r);
    free(path);
    tmpdir_free(dir);
}

Test(record, read_ignores_unknown_keys)
{
    char *dir = tmpdir_new();
    char *a = replace(base_yaml, "round: 2\n",
                      "round: 2\nfuture:\n  deep: {a: [1, 2, {b: c}]}\n");
    char *b = replace(a, "  ms: 22\n", "  ms: 22\n  nodes: 12345\n");
    char *c = replace(b, "  place: 2\n", "  place: 2\n  rating: \"1500\"\n");
    char *d = replace(c, "  fault_seat: 1\n",
                      "  fault_seat: 1\n  adjudicator: null\n");
    char *path = fmt("%s/extra.yaml", dir);
    write_text(path, d);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.moves[1].ms, 22);
    record_release(&r);
    free(a);
    free(b);
    free(c);
    free(d);
    free(path);
    tmpdir_free(dir);
}

Test(record, read_accepts_plain_strings_and_omitted_optionals)
{
    char *dir = tmpdir_new();
    char *a = replace(base_yaml, "  move: \"a1 1R\"\n", "  move: a1 1R\n");
    char *b = replace(a, "event: \"club night\"\n", "");
    char *c = replace(b, "  fault_seat: 1\n", "");
    char *d = replace(c, "  name: null\n", "");
    char *path = fmt("%s/plain.yaml", dir);
    write_text(path, d);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(r.moves[0].text, "a1 1R");
    cr_assert_null(r.event);
    cr_assert_eq(r.fault_seat, -1);
    record_release(&r);
    free(a);
    free(b);
    free(c);
    free(d);
    free(path);
    tmpdir_free(dir);
}

/* ---- reading: what is rejected ----------------------------------------------------------- */

Test(record, reject_missing_field)
{
    char *dir = tmpdir_new();
    expect_edit_error(dir, "  colour: \"black\"\n", "", "- seat: 1",
                      "players[1].colour: required field is missing");
    expect_edit_error(dir, "final_position: \"w....../b.....\"\n", "",
                      "schema:", "final_position: required field is missing");
    expect_edit_error(dir, "  ms: 11\n", "", "- ply: 1",
                      "moves[0].ms: required field is missing");
    expect_edit_error(dir, "  reason: \"timeout\"\n", "", "  status:",
                      "result.reason: required field is missing");
    expect_edit_error(dir, "  colour: \"black\"\n", "  colour: ~\n",
                      "  colour: ~", "players[1].colour: required, got null");
    tmpdir_free(dir);
}

Test(record, reject_wrong_type)
{
    char *dir = tmpdir_new();
    expect_edit_error(dir, "  ms: 22\n", "  ms: abc\n", "  ms: abc",
                      "moves[1].ms: expected an integer, got 'abc'");
    expect_edit_error(dir, "  ms: 22\n", "  ms: 22.5\n", "  ms: 22.5",
                      "moves[1].ms: expected an integer, got '22.5'");
    expect_edit_error(dir, "round: 2\n", "round: \"2\"\n", "round:",
                      "round: expected an integer, got the string \"2\"");
    expect_edit_error(dir, "round: 2\n", "round: [2]\n", "round:",
                      "round: expected an integer, got a sequence");
    expect_edit_error(dir, "  ms: 11\n", "  ms: 99999999999999999999999\n",
                      "  ms: 9999",
                      "moves[0].ms: expected an integer from 0 to "
                      "2199023254528, got '99999999999999999999999'");
    expect_edit_error(dir, "  move: \"a1 1R\"\n", "  move: {a: 1}\n",
                      "  move: {",
                      "moves[0].move: expected a string, got a mapping");
    expect_edit_error(dir, "game:\n", "game: pentago\nx:\n", "game:",
                      "game: expected a mapping, got 'pentago'");
    expect_edit_error(dir, "seed: 12345\n", "seed: -5\n", "seed:",
                      "seed: expected an unsigned integer, got '-5'");
    expect_edit_error(dir, "  - \"info depth 3\"\n", "  - [x]\n", "  - [x]",
                      "moves[1].comments[0]: expected a string, got a "
                      "sequence");
    expect_edit_error(dir, "  result: \"loss\"\n", "  result: \"lost\"\n",
                      "  result: \"lost\"",
                      "players[1].result: expected one of win,loss,draw, "
                      "got the string \"lost\"");
    expect_edit_error(dir, "  status: \"finished\"\n", "  status: done\n",
                      "  status: done",
                      "result.status: expected one of finished,void, got "
                      "'done'");
    expect_edit_error(dir, "event: \"club night\"\n",
                      "event: \"club\\0night\"\n", "event:",
                      "event: contains a NUL character");
    tmpdir_free(dir);
}

Test(record, reject_bad_seat_and_ply)
{
    char *dir = tmpdir_new();
    expect_edit_error(dir, "  seat: 1\n  move:", "  seat: 2\n  move:",
                      "  seat: 2",
                      "moves[1].seat: expected an integer from 0 to 1, got "
                      "'2'");
    expect_edit_error(dir, "- seat: 1\n", "- seat: 0\n", "- seat: 0\n  colour: \"black\"",
                      "players[1].seat: seat 0 is listed twice");
    expect_edit_error(dir, "  fault_seat: 1\n", "  fault_seat: 5\n",
                      "  fault_seat",
                      "result.fault_seat: expected an integer from -1 to 1, "
                      "got '5'");
    expect_edit_error(dir, "- ply: 2\n", "- ply: 3\n", "- ply: 3",
                      "moves[1].ply: expected ply 2 (moves in order), got 3");
    tmpdir_free(dir);
}

Test(record, reject_too_many_or_no_players)
{
    char *dir = tmpdir_new();
    const char *p = "- seat: 0\n  colour: \"x\"\n  command: \"c\"\n"
                    "  place: 0\n  win_points: 0\n";
    char *five = fmt("players:\n%s%s%s%s%s", p, p, p, p, p);
    expect_edit_error(dir, "players:\n", five, "players:",
                      "players: expected 1 to 4 players, got 7");
    free(five);
    char *a = replace(base_yaml, "players:\n", "players: []\nx:\n");
    expect_error(dir, a, line_of(a, "players:"),
                 "players: expected 1 to 4 players, got 0");
    free(a);
    tmpdir_free(dir);
}

Test(record, reject_other_schema)
{
    char *dir = tmpdir_new();
    expect_edit_error(dir, "schema: 1\n", "schema: 2\n", "schema",
                      "schema: schema 2 is newer than this referee reads (1); "
                      "use a newer referee");
    /* A newer schema wins over the fields it may have renamed. */
    expect_edit_error(dir, "schema: 1\nreferee:", "schema: 3\nreferee2:",
                      "schema",
                      "schema: schema 3 is newer than this referee reads (1); "
                      "use a newer referee");
    expect_edit_error(dir, "schema: 1\n", "schema: 0\n", "schema",
                      "schema: unknown schema 0 (this referee reads 1)");
    expect_edit_error(dir, "schema: 1\n", "schema: one\n", "schema",
                      "schema: expected an integer, got 'one'");
    expect_edit_error(dir, "schema: 1\n", "", "referee:",
                      "schema: required field is missing");
    tmpdir_free(dir);
}

Test(record, reject_duplicate_key)
{
    char *dir = tmpdir_new();
    expect_edit_error(dir, "round: 2\n", "round: 2\nround: 3\n", "round: 3",
                      "round: duplicate key");
    tmpdir_free(dir);
}

Test(record, reject_yaml_syntax_error)
{
    char *dir = tmpdir_new();
    char *yaml = replace(base_yaml, "round: 2\n", "round: 2\n  - oops: [\n");
    expect_error(dir, yaml, line_of(yaml, "  - oops"),
                 "invalid YAML: mapping values are not allowed in this "
                 "context");
    free(yaml);
    yaml = replace(base_yaml, "  move: \"a1 1R\"\n", "  move: \"a1 \x01\"\n");
    expect_error(dir, yaml, line_of(yaml, "  move: \"a1"),
                 "invalid YAML: control characters are not allowed");
    free(yaml);
    yaml = replace(base_yaml, "  move: \"b2 2L\"\n", "  move: \"b2 \xff\"\n");
    expect_error(dir, yaml, line_of(yaml, "  move: \"b2"),
                 "invalid YAML: invalid leading UTF-8 octet");
    free(yaml);
    tmpdir_free(dir);
}

Test(record, reject_alias)
{
    char *dir = tmpdir_new();
    char *yaml = fmt("%sx: &a [1, 2]\ny: [*a, *a]\n", base_yaml);
    expect_error(dir, yaml, line_of(yaml, "y: ["), "aliases are not allowed");
    free(yaml);
    tmpdir_free(dir);
}

Test(record, reject_deep_nesting)
{
    char *dir = tmpdir_new();
    char open_[1001], close_[1001];
    memset(open_, '[', 1000);
    memset(close_, ']', 1000);
    open_[1000] = close_[1000] = '\0';
    char *yaml = fmt("schema: 1\nx: %s%s\n", open_, close_);
    expect_error(dir, yaml, 2, "nested deeper than 16 levels");
    free(yaml);
    tmpdir_free(dir);
}

Test(record, reject_truncated_file)
{
    char *dir = tmpdir_new();
    /* Cut at a line end: valid YAML, missing fields. */
    const char *cut = strstr(base_yaml, "  move: \"a1 1R\"");
    char *yaml = fmt("%.*s", (int)(cut - base_yaml), base_yaml);
    expect_error(dir, yaml, line_of(yaml, "- ply: 1"),
                 "moves[0].move: required field is missing");
    free(yaml);
    /* Cut inside a quoted string: a syntax error. */
    yaml = fmt("%.*s", (int)(cut - base_yaml) + 11, base_yaml);
    expect_error(dir, yaml, line_of(yaml, "  move: \"a1"),
                 "invalid YAML: found unexpected end of stream "
                 "(while scanning a quoted scalar at line 43)");
    free(yaml);
    tmpdir_free(dir);
}

Test(record, reject_empty_file_and_scalar)
{
    char *dir = tmpdir_new();
    expect_error(dir, "", 1, "empty file, expected a record");
    expect_error(dir, "# only a comment\n", 1, "empty file, expected a record");
    expect_error(dir, "just a string\n", 1,
                 "expected a mapping (a record) at the top, got 'just a "
                 "string'");
    expect_error(dir, "\n\n- 1\n- 2\n", 3,
                 "expected a mapping (a record) at the top, got a sequence");
    expect_error(dir, "---\n", 2,
                 "expected a mapping (a record) at the top, got null");
    tmpdir_free(dir);
}

Test(record, reject_second_document)
{
    char *dir = tmpdir_new();
    char *yaml = fmt("%s---\nschema: 1\n", base_yaml);
    expect_error(dir, yaml, line_of(yaml, "---"),
                 "more than one YAML document (expected one)");
    free(yaml);
    tmpdir_free(dir);
}

Test(record, reject_missing_and_huge_files)
{
    char *dir = tmpdir_new();
    char *path = fmt("%s/none.yaml", dir);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), -1);
    char *want = fmt("%s: No such file or directory", path);
    cr_assert_str_eq(err, want);
    assert_empty(&r);
    free(want);

    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    cr_assert_geq(fd, 0);
    cr_assert_eq(ftruncate(fd, 65L * 1024 * 1024), 0); /* sparse */
    close(fd);
    cr_assert_eq(record_read(path, &r, err, sizeof err), -1);
    want = fmt("%s: file too large (68157440 bytes, the limit is 64 MiB)",
               path);
    cr_assert_str_eq(err, want);
    assert_empty(&r);
    free(want);
    free(path);
    tmpdir_free(dir);
}

Test(record, reject_huge_counts_without_crashing)
{
    char *dir = tmpdir_new();
    /* A million-entry sequence is stopped by the node cap. */
    size_t n = 1100000;
    char *yaml = malloc(n * 3 + 64);
    size_t len = (size_t)sprintf(yaml, "schema: 1\nx: [");
    for (size_t i = 0; i < n; i++) {
        memcpy(yaml + len, "0,", 2);
        len += 2;
    }
    memcpy(yaml + len, "0]\n", 4);
    expect_error(dir, yaml, 2, "too many nodes (more than 1000000)");
    free(yaml);
    /* A huge ply or seat number is a range error, not a crash. */
    expect_edit_error(dir, "- ply: 2\n", "- ply: 18446744073709551617\n",
                      "- ply: 1844",
                      "moves[1].ply: expected an integer from 1 to "
                      "9223372036854775807, got '18446744073709551617'");
    tmpdir_free(dir);
}
