/*
 * test_hostile.c - hostile bots and hostile files, through the referee
 * binary of the test build:
 *   - a bot that writes binary garbage, or floods random bytes, loses with
 *     a clean one-line detail, in a match and in an event, and leaves no
 *     process behind;
 *   - definitions and records that are too large, cut in the middle of a
 *     line, nested 10,000 deep or built as an alias bomb are refused by
 *     `referee event`, `replay` and `standings`, naming the file, and
 *     nothing already written is lost;
 *   - `referee standings` reports a bad record once, counts a result the
 *     plan refuses, and has no cap on the number of games.
 */
#include "event/event_def.h"
#include "event/plan.h"
#include "record/record.h"
#include "support/run.h"
#include "util/sha256.h"
#include "yaml/ytree.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT_MAX 65536

/* ---- small helpers --------------------------------------------------- */

static void spit(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "cannot write %s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
}

/* Occurrences of needle in hay. */
static int count_str(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* A crash of the referee shows as a sanitizer report or a signal. */
static void expect_no_crash(int rc, const char *out)
{
    cr_expect_neq(rc, -1, "the referee died:\n%s", out);
    cr_expect_null(strstr(out, "Sanitizer"), "%s", out);
    cr_expect_null(strstr(out, "runtime error"), "%s", out);
}

/* Every byte printable ASCII: no control byte, DEL or byte >= 0x80 (they
 * are to be quoted as \xNN). */
static bool printable_ascii(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p > 0x7e)
            return false;
    return true;
}

static int replay_quiet(const char *path, const char *tag, char *out,
                        size_t len)
{
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", (char *)path, NULL};
    return run_cmd(argv, tag, out, len);
}

static int standings(const char *records, bool write, const char *tag,
                     char *out, size_t len)
{
    char *argv[5];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "standings";
    if (write)
        argv[n++] = "--write";
    argv[n++] = (char *)records;
    argv[n] = NULL;
    return run_cmd(argv, tag, out, len);
}

/* ---- garbage bots in matches ------------------------------------------- */

typedef struct {
    char dir[256];
    char tag[64];
    char out[OUT_MAX];
    int rc;
} hrun;

/* Two games of bad against the random bot, one in each seat. */
static void hrun_match(hrun *m, const char *bad)
{
    run_tmpdir(m->dir, sizeof m->dir);
    cr_assert(m->dir[0], "mkdtemp failed");
    snprintf(m->tag, sizeof m->tag, "%s", m->dir + 5);
    char *argv[] = {RUN_REFEREE, "match", "--out", m->dir, "-n", "2",
                    "--seed", "3", "--move-ms", "1000", "--startup-ms",
                    "2000", (char *)bad, RUN_BOTS "random_bot", NULL};
    m->rc = run_cmd(argv, m->tag, m->out, sizeof m->out);
    expect_no_crash(m->rc, m->out);
    cr_assert_eq(m->rc, 0, "referee failed:\n%s", m->out);
}

static void hrun_finish(hrun *m)
{
    cr_expect_eq(run_count_tagged(m->tag), 0,
                 "bot processes left behind after the match");
    run_rmtree(m->dir);
}

/* The record file holds no raw control byte but its line ends, and no DEL:
 * whatever the bot sent is escaped. */
static void expect_clean_file(const char *path)
{
    size_t len;
    char *text = run_slurp(path, &len);
    cr_assert(text, "cannot read %s", path);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        cr_expect(c == '\n' || (c >= 0x20 && c != 0x7f),
                  "%s: raw byte 0x%02x at offset %zu", path, c, i);
    }
    free(text);
}

/* Game g: the garbage bot lost by reason, the random bot won, the detail
 * holds detail_part, the file is clean, replay accepts it. */
static void expect_garbage_lost(const hrun *m, int g, const char *reason,
                                const char *detail_part)
{
    char path[512], err[1024], out[OUT_MAX];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", m->dir, g);
    record r;
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s\n%s", err,
                 m->out);
    int bad = strstr(r.players[0].command, "garbage_bot") ? 0 : 1;
    cr_expect_str_eq(r.status, "finished");
    cr_expect_str_eq(r.reason, reason, "game %d: %s (%s)", g, r.reason,
                     r.detail ? r.detail : "");
    cr_expect_eq(r.fault_seat, bad);
    cr_expect_str_eq(r.players[bad].result, "loss");
    cr_expect_str_eq(r.players[1 - bad].result, "win");
    cr_assert(r.detail, "no detail");
    cr_expect(strstr(r.detail, detail_part), "game %d: '%s' lacks '%s'", g,
              r.detail, detail_part);
    record_release(&r);
    expect_clean_file(path);
    int rc = replay_quiet(path, m->tag, out, sizeof out);
    cr_expect_eq(rc, 0, "replay of %s failed: %s", path, out);
}

/* Binary lines that no keyword starts are ignored; the move line's text is
 * no move at all: illegal-move with the rules' reason. */
Test(hostile, binary_garbage_loses, .timeout = 120)
{
    hrun m;
    hrun_match(&m, RUN_TBOTS "garbage_bot binary");
    for (int g = 1; g <= 2; g++)
        expect_garbage_lost(&m, g, "illegal-move",
                            "not a move: '\\x1b' is not a column");
    hrun_finish(&m);
}

/* The bytes the bot sent reach neither the record's detail nor the
 * terminal raw: the detail is one line of printable ASCII with the bot's
 * text quoted as \xNN. */
Test(hostile, binary_garbage_detail_is_quoted, .timeout = 120)
{
    hrun m;
    hrun_match(&m, RUN_TBOTS "garbage_bot binary");
    for (int g = 1; g <= 2; g++) {
        char path[512], err[1024];
        snprintf(path, sizeof path, "%s/game-%04d.yaml", m.dir, g);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_assert(r.detail, "no detail");
        cr_expect(printable_ascii(r.detail),
                  "game %d: detail is not clean printable ASCII: '%s'", g,
                  r.detail);
        cr_expect(strstr(r.detail, "\\x1b[31m\\xff\\xfe\\x01"),
                  "game %d: the move text is not quoted: '%s'", g, r.detail);
        record_release(&r);
    }
    cr_expect_null(strchr(m.out, '\x1b'), "escape byte on the terminal:\n%s",
                   m.out);
    cr_expect_null(strchr(m.out, '\r'), "CR on the terminal:\n%s", m.out);
    hrun_finish(&m);
}

/* A flood of random bytes is comment-like noise: it does not stop the
 * clock.  (The bot's fixed stream holds no line over 4096 bytes and no
 * line the referee reads as a message in its first 4.6 GB.) */
Test(hostile, binary_flood_times_out, .timeout = 120)
{
    hrun m;
    hrun_match(&m, RUN_TBOTS "garbage_bot binaryflood");
    for (int g = 1; g <= 2; g++) {
        expect_garbage_lost(&m, g, "timeout", "the limit of 1000 ms");
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/game-%04d.yaml", m.dir, g);
        cr_assert_eq(stat(path, &st), 0);
        cr_expect_lt(st.st_size, 1L << 20, "record of %jd bytes",
                     (intmax_t)st.st_size);
    }
    hrun_finish(&m);
}

/* ---- events ------------------------------------------------------------ */

static int run_event(const char *def, const char *tag, char *out, size_t len)
{
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", (char *)def, NULL};
    return run_cmd(argv, tag, out, len);
}

/* Regular files of a directory whose names end in suffix. */
static int count_files(const char *dir, const char *suffix)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    size_t sl = strlen(suffix);
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > sl && !strcmp(e->d_name + l - sl, suffix) &&
            strcmp(e->d_name, "event.yaml"))
            n++;
    }
    closedir(d);
    return n;
}

/* The table row of entrant in a league.yaml has "key: value". */
static bool row_has(const char *table, const char *entrant, const char *kv)
{
    char who[64];
    snprintf(who, sizeof who, "entrant: \"%s\"\n", entrant);
    const char *row = strstr(table, who);
    if (!row)
        return false;
    const char *next = strstr(row + 1, "- rank:");
    const char *at = strstr(row, kv);
    return at && (!next || at < next);
}

/* The garbage bot loses its three games; the three games between good
 * bots end by the rules, as if it were not there. */
Test(hostile, binary_garbage_bot_in_an_event, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], path[1024], err[1024];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "junk",
                "seed: 9\nformat: round-robin\ngames_per_pair: 1\n"
                "time_control: {move_ms: 2000}\nentrants:\n"
                "  - {name: junk, command: " RUN_TBOTS "garbage_bot binary}\n"
                "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
                "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
                "  - {name: r2, command: " RUN_BOTS "random_bot --position}\n",
                def, sizeof def);
    int rc = run_event(def, dir + 5, out, sizeof out);
    expect_no_crash(rc, out);
    cr_assert_eq(rc, 0, "%s", out);
    static const char *const tables[] = {"league.yaml", "league.md",
                                         "final.yaml", "final.md"};
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
        snprintf(path, sizeof path, "%s/results-junk/%s", dir, tables[i]);
        cr_expect_eq(access(path, R_OK), 0, "no %s", path);
    }
    char records[512];
    snprintf(records, sizeof records, "%s/records-junk", dir);
    cr_assert_eq(count_files(records, ".yaml"), 6);
    int junk_games = 0, clean_games = 0;
    for (int g = 1; g <= 6; g++) {
        snprintf(path, sizeof path, "%s/rr-%03d.yaml", records, g);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        int bad = !strcmp(r.players[0].entrant, "junk")   ? 0
                  : !strcmp(r.players[1].entrant, "junk") ? 1
                                                          : -1;
        if (bad >= 0) {
            junk_games++;
            cr_expect_str_eq(r.reason, "illegal-move", "%s: %s", path,
                             r.reason);
            cr_expect_str_eq(r.players[bad].result, "loss");
            cr_expect_str_eq(r.players[1 - bad].result, "win");
        } else {
            clean_games++;
            cr_expect(run_is_rules_end(r.reason), "%s: %s (%s)", path, r.reason,
                      r.detail ? r.detail : "");
            cr_expect_eq(r.fault_seat, -1);
        }
        record_release(&r);
    }
    cr_expect_eq(junk_games, 3);
    cr_expect_eq(clean_games, 3);
    snprintf(path, sizeof path, "%s/results-junk/league.yaml", dir);
    char *league = run_slurp(path, NULL);
    cr_assert(league);
    cr_expect(row_has(league, "junk", "lost: 3\n"), "%s", league);
    cr_expect(row_has(league, "junk", "points: 0\n"), "%s", league);
    free(league);
    /* The records, garbage ones included, replay and give the tables. */
    rc = standings(records, false, dir + 5, out, sizeof out);
    cr_expect_eq(rc, 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- hostile files --------------------------------------------------------- */

/* The files directly in a directory, with their contents. */
typedef struct {
    char name[256];
    char *data;
    size_t len;
} hfile;

typedef struct {
    hfile f[64];
    int n;
} snapshot;

static void snap_take(snapshot *s, const char *dir)
{
    s->n = 0;
    DIR *d = opendir(dir);
    cr_assert(d, "no %s", dir);
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        cr_assert_lt(s->n, 64);
        hfile *f = &s->f[s->n++];
        snprintf(f->name, sizeof f->name, "%s", e->d_name);
        f->data = run_slurp(path, &f->len);
        cr_assert(f->data);
    }
    closedir(d);
    cr_assert_gt(s->n, 0, "nothing in %s", dir);
}

/* Every file of the snapshot is still there, unchanged (except skip). */
static void snap_expect_same(const snapshot *s, const char *dir,
                             const char *skip)
{
    for (int i = 0; i < s->n; i++) {
        const hfile *f = &s->f[i];
        if (skip && !strcmp(f->name, skip))
            continue;
        char path[1024];
        size_t len;
        snprintf(path, sizeof path, "%s/%s", dir, f->name);
        char *now = run_slurp(path, &len);
        cr_expect(now && len == f->len && !memcmp(now, f->data, len),
                  "%s was lost or changed", path);
        free(now);
    }
}

static void snap_free(snapshot *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->f[i].data);
    s->n = 0;
}

/* A small finished league: three games, records and tables on disk. */
typedef struct {
    char dir[256], def[512], records[512], results[512];
    snapshot rec, res;
} good_event;

static void good_event_run(good_event *g)
{
    char out[OUT_MAX];
    run_tmpdir(g->dir, sizeof g->dir);
    cr_assert(g->dir[0]);
    run_write_event(g->dir, "rr",
                "seed: 7\nformat: round-robin\ngames_per_pair: 1\n"
                "entrants:\n"
                "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n"
                "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
                "  - {name: r2, command: " RUN_BOTS "random_bot --position}\n",
                g->def, sizeof g->def);
    int rc = run_event(g->def, g->dir + 5, out, sizeof out);
    cr_assert_eq(rc, 0, "%s", out);
    snprintf(g->records, sizeof g->records, "%s/records-rr", g->dir);
    snprintf(g->results, sizeof g->results, "%s/results-rr", g->dir);
    snap_take(&g->rec, g->records);
    snap_take(&g->res, g->results);
}

/* Nothing of the event was lost or changed (but the file skip). */
static void good_event_intact(const good_event *g, const char *skip)
{
    snap_expect_same(&g->rec, g->records, skip);
    snap_expect_same(&g->res, g->results, NULL);
}

static void good_event_free(good_event *g)
{
    cr_expect_eq(run_count_tagged(g->dir + 5), 0);
    snap_free(&g->rec);
    snap_free(&g->res);
    run_rmtree(g->dir);
}

/* Write head, then grow the file (sparse) one byte over the loader's
 * limit. */
static void make_oversize(const char *path, const char *head)
{
    spit(path, head, strlen(head));
    cr_assert_eq(truncate(path, YTREE_MAX_BYTES + 1), 0);
}

/* A command refused a file: exit 1, no crash, and its message names the
 * file exactly once, with what is wrong. */
static void expect_refused(int rc, const char *out, const char *file,
                           const char *what)
{
    expect_no_crash(rc, out);
    cr_expect_eq(rc, 1, "accepted %s: %s", file, out);
    cr_expect_eq(count_str(out, file), 1, "'%s' not named once:\n%s", file,
                 out);
    cr_expect(strstr(out, what), "'%s' lacks '%s'", out, what);
}

/* 10,000 levels of flow sequences around a scalar. */
static char *deep_nesting(const char *prefix, const char *key)
{
    size_t depth = 10000, plen = strlen(prefix), klen = strlen(key);
    char *s = malloc(plen + klen + 2 * depth + 8);
    cr_assert(s);
    size_t n = 0;
    memcpy(s + n, prefix, plen);
    n += plen;
    memcpy(s + n, key, klen);
    n += klen;
    memset(s + n, '[', depth);
    n += depth;
    s[n++] = '1';
    memset(s + n, ']', depth);
    n += depth;
    memcpy(s + n, "\n", 2);
    return s;
}

/* "Billion laughs": nine levels, each nine aliases of the one before. */
static char *alias_bomb(const char *prefix)
{
    size_t cap = strlen(prefix) + 4096, n = 0;
    char *s = malloc(cap);
    cr_assert(s);
    n += (size_t)snprintf(s, cap, "%slol0: &l0 \"lol\"\n", prefix);
    for (int level = 1; level <= 9; level++) {
        n += (size_t)snprintf(s + n, cap - n, "lol%d: &l%d [", level, level);
        for (int k = 0; k < 9; k++)
            n += (size_t)snprintf(s + n, cap - n, "%s*l%d", k ? ", " : "",
                                  level - 1);
        n += (size_t)snprintf(s + n, cap - n, "]\n");
    }
    return s;
}

/* Definitions too large, nested 10,000 deep, or an alias bomb: `referee
 * event` refuses them before anything runs; the earlier event's records
 * and tables, which the oversize definition names, are untouched. */
Test(hostile, hostile_definitions_are_refused, .timeout = 180)
{
    good_event g;
    good_event_run(&g);
    char out[OUT_MAX], path[1024], head[2048];
    snprintf(head, sizeof head,
             "event: rr\nrecords: %s\nresults: %s\nseed: 7\n"
             "format: round-robin\n# padding follows\n",
             g.records, g.results);
    snprintf(path, sizeof path, "%s/big.yaml", g.dir);
    make_oversize(path, head);
    int rc = run_event(path, g.dir + 5, out, sizeof out);
    expect_refused(rc, out, path, "file too large");
    cr_expect(strstr(out, "the limit is 64 MiB"), "%s", out);
    good_event_intact(&g, NULL);
    /* A definition that never ends. */
    rc = run_event("/dev/zero", g.dir + 5, out, sizeof out);
    expect_refused(rc, out, "/dev/zero", "file too large");
    /* The event's own definition grown over the limit. */
    make_oversize(g.def, head);
    rc = run_event(g.def, g.dir + 5, out, sizeof out);
    expect_refused(rc, out, g.def, "file too large");
    good_event_intact(&g, NULL);
    /* Deep nesting and an alias bomb. */
    char *deep = deep_nesting("event: deep\nseed: 1\n", "x: ");
    snprintf(path, sizeof path, "%s/deep.yaml", g.dir);
    spit(path, deep, strlen(deep));
    free(deep);
    rc = run_event(path, g.dir + 5, out, sizeof out);
    expect_refused(rc, out, path, "nested deeper than 16 levels");
    char *bomb = alias_bomb("event: bomb\nseed: 1\n");
    snprintf(path, sizeof path, "%s/bomb.yaml", g.dir);
    spit(path, bomb, strlen(bomb));
    free(bomb);
    rc = run_event(path, g.dir + 5, out, sizeof out);
    expect_refused(rc, out, path, "aliases are not allowed");
    good_event_intact(&g, NULL);
    good_event_free(&g);
}

/* Replace a record of the good event with bad content, check that replay
 * and standings (also with --write) refuse it once and keep everything
 * else, then put the record back. */
static void expect_bad_record(good_event *g, const char *id,
                              const char *content, size_t len,
                              const char *what)
{
    char path[1024], out[OUT_MAX];
    snprintf(path, sizeof path, "%s/%s.yaml", g->records, id);
    char *orig = run_slurp(path, NULL);
    cr_assert(orig);
    if (content)
        spit(path, content, len);
    else
        make_oversize(path, orig);
    int rc = replay_quiet(path, g->dir + 5, out, sizeof out);
    expect_refused(rc, out, path, what);
    for (int write = 0; write <= 1; write++) {
        rc = standings(g->records, write, g->dir + 5, out, sizeof out);
        expect_refused(rc, out, path, what);
        cr_expect(strstr(out, "1 problem(s)"), "%s", out);
    }
    char name[64];
    snprintf(name, sizeof name, "%s.yaml", id);
    good_event_intact(g, name);
    spit(path, orig, strlen(orig));
    free(orig);
    rc = standings(g->records, false, g->dir + 5, out, sizeof out);
    cr_expect_eq(rc, 0, "restored: %s", out);
}

Test(hostile, oversize_record_is_refused, .timeout = 180)
{
    good_event g;
    good_event_run(&g);
    expect_bad_record(&g, "rr-002", NULL, 0, "file too large");
    /* The event.yaml beside the records. */
    char path[1024], out[OUT_MAX];
    snprintf(path, sizeof path, "%s/event.yaml", g.records);
    char *orig = run_slurp(path, NULL);
    cr_assert(orig);
    make_oversize(path, orig);
    int rc = standings(g.records, true, g.dir + 5, out, sizeof out);
    expect_refused(rc, out, path, "file too large");
    spit(path, orig, strlen(orig));
    free(orig);
    good_event_intact(&g, NULL);
    good_event_free(&g);
}

Test(hostile, truncated_deep_and_alias_bomb_records_are_refused,
     .timeout = 180)
{
    good_event g;
    good_event_run(&g);
    char path[1024];
    snprintf(path, sizeof path, "%s/rr-002.yaml", g.records);
    char *orig = run_slurp(path, NULL);
    cr_assert(orig);
    /* Cut in the middle of the line of the second player's command. */
    const char *cmd = strstr(strstr(orig, "- seat: 1"), "command: ");
    cr_assert(cmd);
    size_t cut = (size_t)(cmd - orig) + 14;
    cr_assert_neq(orig[cut - 1], '\n');
    expect_bad_record(&g, "rr-002", orig, cut, "rr-002.yaml:");
    char *deep = deep_nesting(orig, "deep: ");
    expect_bad_record(&g, "rr-002", deep, strlen(deep),
                      "nested deeper than 16 levels");
    free(deep);
    char *bomb = alias_bomb(orig);
    expect_bad_record(&g, "rr-002", bomb, strlen(bomb),
                      "aliases are not allowed");
    free(bomb);
    free(orig);
    good_event_free(&g);
}

/* ---- standings ----------------------------------------------------------------- */

/* A record the reader refuses is reported once, though the feed goes
 * round again after the other records. */
Test(hostile, standings_reports_a_bad_record_once, .timeout = 120)
{
    good_event g;
    good_event_run(&g);
    char path[1024], out[OUT_MAX];
    snprintf(path, sizeof path, "%s/rr-001.yaml", g.records);
    char *orig = run_slurp(path, NULL);
    cr_assert(orig);
    char *seed = strstr(orig, "\nseed: ");
    cr_assert(seed);
    size_t len = strlen(orig);
    char *bad = malloc(len + 16);
    cr_assert(bad);
    int at = (int)(seed - orig);
    int n = snprintf(bad, len + 16, "%.*s\nseed: oops%s", at, orig,
                     strchr(seed + 1, '\n'));
    spit(path, bad, (size_t)n);
    free(bad);
    int rc = standings(g.records, false, g.dir + 5, out, sizeof out);
    expect_refused(rc, out, path, "seed: expected");
    cr_expect(strstr(out, "1 problem(s)"), "%s", out);
    spit(path, orig, len);
    free(orig);
    good_event_free(&g);
}

/* A record whose result the plan cannot take (win points beyond any game's)
 * is an error naming the file, counted once, not silently dropped. */
Test(hostile, standings_counts_a_result_the_plan_refuses, .timeout = 120)
{
    good_event g;
    good_event_run(&g);
    char path[1024], out[OUT_MAX];
    char *orig = NULL, *win = NULL;
    for (int i = 1; i <= 3 && !win; i++) {
        free(orig);
        snprintf(path, sizeof path, "%s/rr-%03d.yaml", g.records, i);
        orig = run_slurp(path, NULL);
        cr_assert(orig);
        win = strstr(orig, "result: \"win\"");
    }
    cr_assert(win, "all three games drawn");
    const char *wp = strstr(win, "win_points: ");
    cr_assert(wp);
    size_t len = strlen(orig);
    char *bad = malloc(len + 16);
    cr_assert(bad);
    int n = snprintf(bad, len + 16, "%.*swin_points: 99999%s",
                     (int)(wp - orig), orig, strchr(wp, '\n'));
    spit(path, bad, (size_t)n);
    free(bad);
    for (int write = 0; write <= 1; write++) {
        int rc = standings(g.records, write, g.dir + 5, out, sizeof out);
        expect_refused(rc, out, path, "win points 99999 are more than 1000");
        cr_expect(strstr(out, "its result cannot be counted"), "%s", out);
        cr_expect(strstr(out, "1 problem(s)"), "%s", out);
    }
    good_event_intact(&g, strrchr(path, '/') + 1);
    spit(path, orig, len);
    free(orig);
    good_event_free(&g);
}

/* Write a record of game gm in which seat 0 exits at its first turn. */
/* A record written by hand ends with its digest, as the referee's do
 * (record/SCHEMA.md): the text's SHA-256 appended to the file. */
static void write_exit_record_digest(const char *path)
{
    size_t len;
    char *text = run_slurp(path, &len);
    cr_assert(text, "cannot read %s", path);
    char digest[SHA256_TEXT_MAX];
    sha256_text(text, len, digest);
    free(text);
    FILE *f = fopen(path, "a");
    cr_assert(f, "cannot append to %s", path);
    fprintf(f, "digest: \"%s\"\n", digest);
    cr_assert_eq(fclose(f), 0);
}

static void write_exit_record(const event_def *d, const plan_game *gm,
                              int round)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.yaml", d->records, gm->id);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fprintf(f,
            "schema: 1\nreferee:\n  version: \"0.1.0\"\nevent: \"%s\"\n"
            "round: %d\ngame_id: \"%s\"\nstage: \"league\"\n"
            "game:\n  name: \"%s\"\n  variant: \"%s\"\n  options: \"\"\n"
            "seed: %llu\ntime_control:\n  move_ms: %ld\n  bank_ms: %ld\n"
            "  increment_ms: %ld\n  grace_ms: %ld\n  startup_ms: %ld\n"
            "started: \"2026-11-22T05:00:00Z\"\n"
            "ended: \"2026-11-22T05:00:00Z\"\nplayers:\n",
            d->name, round, gm->id, d->game, d->variant,
            (unsigned long long)gm->seed, d->tc.move_ms, d->tc.bank_ms,
            d->tc.increment_ms, d->tc.grace_ms, d->tc.startup_ms);
    for (int s = 0; s < 2; s++) {
        const event_entrant *e = &d->entrant[gm->entrant[s]];
        fprintf(f,
                "- seat: %d\n  colour: \"%s\"\n  command: \"%s\"\n"
                "  entrant: \"%s\"\n  result: \"%s\"\n  place: %d\n"
                "  win_points: 0\n",
                s, s ? "black" : "white", e->command, e->name,
                s ? "win" : "loss", s ? 1 : 2);
    }
    fprintf(f, "moves: []\nresult:\n  status: \"finished\"\n"
               "  reason: \"exited\"\n"
               "  detail: \"exited with status 3 during the game\"\n"
               "  fault_seat: 0\n"
               "final_position: \"....../....../....../....../....../"
               "...... w\"\n");
    cr_assert_eq(fclose(f), 0);
    write_exit_record_digest(path);
}

/* 27 entrants, 50 games a pair: 17,550 games, more than the 16,384 that
 * standings once stopped at (and more than the 4,096 ready at once that it
 * asked the plan for).  The records are written here, not played. */
Test(hostile, standings_has_no_cap_on_games, .timeout = 600)
{
    char dir[256], def_path[512], out[OUT_MAX], err[1024];
    run_tmpdir(dir, sizeof dir);
    char body[4096];
    int n = snprintf(body, sizeof body,
                     "seed: 11\nformat: round-robin\ngames_per_pair: 50\n"
                     "entrants:\n");
    for (int i = 1; i <= 27; i++)
        n += snprintf(body + n, sizeof body - (size_t)n,
                      "  - {name: e%02d, command: bot-%02d}\n", i, i);
    run_write_event(dir, "big", body, def_path, sizeof def_path);
    event_def d;
    cr_assert_eq(event_def_load(def_path, &d, err, sizeof err), 0, "%s", err);
    cr_assert_eq(mkdir(d.records, 0755), 0);
    char path[1024];
    snprintf(path, sizeof path, "%s/event.yaml", d.records);
    cr_assert_eq(event_def_write(&d, path, err, sizeof err), 0, "%s", err);
    plan *p = plan_new(&d.plan, err, sizeof err);
    cr_assert(p, "%s", err);
    size_t total = plan_ready(p, NULL, 0);
    cr_assert_eq(total, 17550);
    plan_game *games = malloc(total * sizeof *games);
    cr_assert(games);
    cr_assert_eq(plan_ready(p, games, total), total);
    for (size_t i = 0; i < total; i++)
        write_exit_record(&d, &games[i], (int)i + 1);
    free(games);
    plan_free(p);
    int rc = standings(d.records, true, dir + 5, out, sizeof out);
    expect_no_crash(rc, out);
    cr_expect_eq(rc, 0, "%.4000s", out);
    cr_expect_null(strstr(out, "not finished"), "%.4000s", out);
    snprintf(path, sizeof path, "%s/league.yaml", d.results);
    char *league = run_slurp(path, NULL);
    cr_assert(league, "no %s: %.4000s", path, out);
    /* Every entrant played 26 opponents 50 times. */
    cr_expect_eq(count_str(league, "played: 1300\n"), 27, "%s", league);
    free(league);
    event_def_release(&d);
    run_rmtree(dir);
}
