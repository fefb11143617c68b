/*
 * test_audit.c - a record or a table that lies is caught.
 *
 * Real games (a match, and a small Swiss event of the bundled bots) are
 * played by the test referee; their records are then edited the ways a
 * person (or a tool that knows no better) would: a move's time over its
 * limit, a bank going up, a negative time, a rotation of an empty quadrant
 * written the other way (the result stays), a record deleted, a record
 * copied over another, the definition changed, final.yaml edited or left
 * behind.  `referee replay` and `referee standings` must catch each with
 * the right message, and pass the records untouched.  The clock's
 * arithmetic is also checked on records made in memory, at its edges, and
 * SHA-256 against the published FIPS 180-4 examples.
 */
#include "record/record.h"
#include "rules.h"
#include "support/run.h"
#include "util/sha256.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OUT_MAX 200000

static char out[OUT_MAX];

/* ---- helpers --------------------------------------------------------- */

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

/* text with the first `from` at or after `after` replaced by `to`. */
static char *replace_at(const char *text, const char *after,
                        const char *from, const char *to)
{
    const char *at = strstr(after ? after : text, from);
    cr_assert(at, "'%s' not in:\n%s", from, text);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *s = malloc(n);
    cr_assert(s);
    snprintf(s, n, "%.*s%s%s", (int)(at - text), text, to,
             at + strlen(from));
    return s;
}

/* Set FIELD of move ply (1-based) in a record's text to value: the line
 * "  FIELD: ..." after "- ply: PLY\n". */
static char *set_move_field(const char *text, int ply, const char *field,
                            const char *value)
{
    char head[32], key[32];
    snprintf(head, sizeof head, "- ply: %d\n", ply);
    snprintf(key, sizeof key, "\n  %s: ", field);
    const char *m = strstr(text, head);
    cr_assert(m, "no ply %d in:\n%s", ply, text);
    const char *k = strstr(m, key);
    cr_assert(k, "no %s after ply %d", field, ply);
    k += strlen(key);
    const char *end = strchr(k, '\n');
    size_t n = strlen(text) + strlen(value) + 1;
    char *s = malloc(n);
    cr_assert(s);
    snprintf(s, n, "%.*s%s%s", (int)(k - text), text, value, end);
    return s;
}

/* `referee CMD [OPT] ARG` (opt may be NULL), output into out. */
static int referee(const char *tag, const char *cmd, const char *opt,
                   const char *arg)
{
    char *argv[6] = {RUN_REFEREE, (char *)cmd};
    int n = 2;
    if (!strcmp(cmd, "replay"))
        argv[n++] = "--quiet";
    if (opt)
        argv[n++] = (char *)opt;
    argv[n++] = (char *)arg;
    argv[n] = NULL;
    return run_cmd(argv, tag, out, sizeof out);
}

static int replay(const char *tag, const char *path, bool accept)
{
    return referee(tag, "replay", accept ? "--accept-undigested" : NULL,
                   path);
}

static int standings(const char *tag, const char *records, const char *opt)
{
    return referee(tag, "standings", opt, records);
}

/* How often needle occurs in hay. */
static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* The move of ply i of r written with its rotation the other way, when
 * that changes nothing: the quadrant it turns is empty (or looks the same
 * turned either way).  The text goes to alt; false if that ply has none. */
static bool same_either_way(const record *r, size_t i, char *alt,
                            size_t len)
{
    char err[256];
    rules_game *g = rules_game_new(r->game, r->variant, r->options, err,
                                   sizeof err);
    cr_assert(g, "%s", err);
    rules_pos pos;
    rules_move mv;
    rules_start(g, &pos);
    for (size_t k = 0; k < i; k++) {
        cr_assert_eq(rules_parse_move(g, &pos, r->moves[k].text, &mv, err,
                                      sizeof err), RULES_OK);
        rules_apply(g, &pos, &mv);
    }
    const char *t = r->moves[i].text;
    size_t n = strlen(t);
    bool ok = n > 0 && (t[n - 1] == 'R' || t[n - 1] == 'L');
    if (ok) {
        snprintf(alt, len, "%.*s%c", (int)(n - 1), t,
                 t[n - 1] == 'R' ? 'L' : 'R');
        rules_pos a = pos, b = pos;
        rules_move ma, mb;
        char la[RULES_POS_TEXT_MAX], lb[RULES_POS_TEXT_MAX];
        ok = rules_parse_move(g, &a, t, &ma, err, sizeof err) == RULES_OK &&
             rules_parse_move(g, &b, alt, &mb, err, sizeof err) == RULES_OK;
        if (ok) {
            rules_apply(g, &a, &ma);
            rules_apply(g, &b, &mb);
            rules_pos_write(g, &a, la, sizeof la);
            rules_pos_write(g, &b, lb, sizeof lb);
            ok = strcmp(la, lb) == 0;
        }
    }
    rules_game_free(g);
    return ok;
}

/* The record's text with a move that turns an empty quadrant written the
 * other way; NULL if no move of it does. */
static char *edit_empty_rotation(const char *path)
{
    record r;
    char err[1024];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    char *text = run_slurp(path, NULL), *edited = NULL;
    cr_assert(text);
    for (size_t i = 0; i < r.nmoves && !edited; i++) {
        char alt[64], from[128], to[128], head[32];
        if (!same_either_way(&r, i, alt, sizeof alt))
            continue;
        snprintf(head, sizeof head, "- ply: %zu\n", i + 1);
        snprintf(from, sizeof from, "move: \"%s\"", r.moves[i].text);
        snprintf(to, sizeof to, "move: \"%s\"", alt);
        edited = replace_at(text, strstr(text, head), from, to);
    }
    free(text);
    record_release(&r);
    return edited;
}

/* ---- SHA-256 ----------------------------------------------------------- */

Test(audit, sha256_gives_the_fips_180_4_examples)
{
    static const struct {
        const char *msg, *digest;
    } v[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
         "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    char text[SHA256_TEXT_MAX], want[SHA256_TEXT_MAX];
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        sha256_text(v[i].msg, strlen(v[i].msg), text);
        snprintf(want, sizeof want, "sha256:%s", v[i].digest);
        cr_expect_str_eq(text, want, "message %zu", i);
    }
    /* A million 'a', fed in pieces of 1 to 97 bytes. */
    static char a[1000000];
    memset(a, 'a', sizeof a);
    sha256_ctx c;
    unsigned char d[SHA256_BYTES];
    sha256_init(&c);
    for (size_t at = 0, step = 1; at < sizeof a; at += step, step = step % 97 + 1)
        sha256_update(&c, a + at, at + step > sizeof a ? sizeof a - at : step);
    sha256_final(&c, d);
    sha256_format(d, text);
    cr_expect_str_eq(text, "sha256:cdc76e5c9914fb9281a1c7e284d73e67f1809a48"
                           "a497200e046d39ccc7112cd0");
}

/* Every split of a message into two updates gives the one digest, at
 * every length around the 56- and 64-byte edges of the padding. */
Test(audit, sha256_is_the_same_however_the_bytes_come)
{
    char msg[200];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (char)('A' + i % 53);
    for (size_t len = 50; len < 140; len++) {
        char whole[SHA256_TEXT_MAX], parts[SHA256_TEXT_MAX];
        sha256_text(msg, len, whole);
        for (size_t cut = 0; cut <= len; cut++) {
            sha256_ctx c;
            unsigned char d[SHA256_BYTES];
            sha256_init(&c);
            sha256_update(&c, msg, cut);
            sha256_update(&c, msg + cut, len - cut);
            sha256_final(&c, d);
            sha256_format(d, parts);
            cr_assert_str_eq(parts, whole, "len %zu cut %zu", len, cut);
        }
    }
}

/* ---- the clock, on records made in memory -------------------------------- */

/* A two-seat record with the time control given and no moves yet. */
static void clock_record(record *r, long move, long bank, long inc,
                         long grace)
{
    record_init(r);
    r->nplayers = 2;
    r->tc = (time_control){.move_ms = move, .bank_ms = bank,
                           .increment_ms = inc, .grace_ms = grace,
                           .startup_ms = 1000};
    record_set(&r->players[0].command, "bot-a");
    record_set(&r->players[1].command, "bot-b");
}

static void expect_clock(const record *r, const char *want)
{
    char err[1024] = "";
    int rc = record_clock_check(r, "x.yaml", err, sizeof err);
    if (!want) {
        cr_expect_eq(rc, 0, "refused: %s", err);
        return;
    }
    cr_expect_eq(rc, -1, "accepted; wanted '%s'", want);
    cr_expect(strstr(err, want), "'%s' lacks '%s'", err, want);
}

/* A move may take the limit plus the grace (a line read late is recorded
 * at the deadline), and one millisecond for rounding; no more. */
Test(audit, clock_allows_the_limit_and_grace_and_no_more)
{
    record r;
    clock_record(&r, 1000, 0, 0, 100);
    record_add_move(&r, 0, "a1 1R", NULL, 1100, -1);
    record_add_move(&r, 1, "b1 1R", NULL, 1101, -1);
    expect_clock(&r, NULL);
    r.moves[1].ms = 1102;
    expect_clock(&r, "x.yaml: ply 2 (seat 1, 'b1 1R'): ms: 1102 ms, more "
                     "than the move could take: 1000 ms (the per-move "
                     "limit) + 100 ms of grace");
    /* The referee's pause is not in ms: it changes nothing (up to what
     * one turn is ever forgiven: clock_forgives_at_most_...). */
    r.moves[1].ms = 1100;
    r.moves[1].paused_ms = 1100;
    expect_clock(&r, NULL);
    /* No bank: the bank left is -1. */
    r.moves[0].left_ms = 0;
    expect_clock(&r, "ply 1 (seat 0, 'a1 1R'): left_ms: 0 ms left in a bank, "
                     "but the time control has no bank");
    record_release(&r);
}

/* With a bank: the move's time is the bank when it is less than the
 * limit; a move within the grace empties the bank, then the increment;
 * each seat has its own bank; it never grows by more than the increment. */
Test(audit, clock_follows_the_bank_exactly)
{
    record r;
    clock_record(&r, 2000, 1000, 100, 100);
    record_add_move(&r, 0, "a1 1R", NULL, 1050, 100); /* within the grace */
    record_add_move(&r, 1, "b1 1R", NULL, 300, 800);
    record_add_move(&r, 0, "c1 1R", NULL, 199, 100);  /* had 100 + 100 */
    record_add_move(&r, 1, "d1 1R", NULL, 0, 900);
    expect_clock(&r, NULL);
    r.moves[2].ms = 202;
    expect_clock(&r, "ply 3 (seat 0, 'c1 1R'): ms: 202 ms, more than the "
                     "move could take: 100 ms (what was left in the bank) "
                     "+ 100 ms of grace");
    r.moves[2].ms = 199;
    r.moves[3].left_ms = 1000; /* 800 + 100 at most */
    expect_clock(&r, "ply 4 (seat 1, 'd1 1R'): left_ms: the bank went up "
                     "from 800 to 1000 ms, by more than the increment "
                     "(increment_ms: 100)");
    r.moves[3].left_ms = 899;
    expect_clock(&r, "ply 4 (seat 1, 'd1 1R'): left_ms: 899, but 800 ms in "
                     "the bank before the move, less the 0 ms it took, plus "
                     "the increment of 100, leave 900");
    r.moves[3].left_ms = -1;
    expect_clock(&r, "left_ms: -1, but the time control has a bank "
                     "(bank_ms: 1000)");
    record_release(&r);
}

/* Opening moves are untimed and leave the bank alone; a person's seat in
 * `referee play` is held to the clock only where it shows one. */
Test(audit, clock_knows_openings_and_people)
{
    record r;
    clock_record(&r, 0, 5000, 0, 100);
    record_add_move(&r, 0, "a1 1R", NULL, 0, 5000);
    record_add_move(&r, 1, "b1 1R", NULL, 0, 5000);
    record_add_move(&r, 0, "c1 1R", NULL, 4000, 1000);
    r.opening_plies = 2;
    expect_clock(&r, NULL);
    r.moves[1].ms = 3;
    expect_clock(&r, "ply 2 (seat 1, 'b1 1R'): ms: 3 ms, but it is a move "
                     "of the opening (opening_plies: 2), which no bot "
                     "played: 0 ms");
    r.moves[1].ms = 0;
    r.moves[1].left_ms = 4000;
    expect_clock(&r, "left_ms: 4000, but a move of the opening");
    record_release(&r);

    clock_record(&r, 1000, 0, 0, 100);
    record_add_move(&r, 0, "a1 1R", NULL, 99999, -1);
    expect_clock(&r, "ms: 99999 ms, more than the move could take");
    record_set(&r.players[0].command, "human");
    expect_clock(&r, NULL);
    record_release(&r);
}

/* What a turn is forgiven is at most its limit and grace: a record that
 * says more was forgiven was not written by this referee's clock. */
Test(audit, clock_forgives_at_most_the_limit_and_grace)
{
    record r;
    clock_record(&r, 1000, 0, 0, 100);
    record_add_move(&r, 0, "a1 1R", NULL, 1000, -1);
    r.moves[0].paused_ms = 1100;
    expect_clock(&r, NULL);
    r.moves[0].paused_ms = 1101;
    expect_clock(&r, "ply 1 (seat 0, 'a1 1R'): paused_ms: 1101 ms forgiven, "
                     "more than the most a turn is forgiven: the limit of "
                     "1000 ms + 100 ms of grace");
    record_release(&r);
}

/* On the CPU clock ms is CPU time, held to limit + grace to the
 * millisecond; nothing is forgiven; the wall time is within the cap. */
Test(audit, clock_checks_the_cpu_clock)
{
    record r;
    clock_record(&r, 300, 0, 0, 100);
    r.tc.clock = TIME_CLOCK_CPU;
    r.tc.wall_cap_ms = 2200;
    record_add_move(&r, 0, "a1 1R", NULL, 400, -1);
    r.moves[0].wall_ms = 2200;
    expect_clock(&r, NULL);
    r.moves[0].ms = 401;
    expect_clock(&r, "ms: 401 ms, more than the move could take: 300 ms (the "
                     "per-move limit) + 100 ms of grace of CPU time");
    r.moves[0].ms = 12;
    r.moves[0].wall_ms = 2202;
    expect_clock(&r, "wall_ms: 2202 ms, more than the CPU clock's wall cap "
                     "of 2200 ms");
    r.moves[0].wall_ms = 900;
    r.moves[0].paused_ms = 3;
    expect_clock(&r, "paused_ms: 3, but on the CPU clock nothing is "
                     "forgiven");
    record_release(&r);
}

/* ---- a match: replay ---------------------------------------------------- */

typedef struct {
    char dir[256], tag[64], path[600];
} played;

/* One game of greedy against random with a bank, in a directory of its
 * own. */
static void play_match(played *p)
{
    run_tmpdir(p->dir, sizeof p->dir);
    snprintf(p->tag, sizeof p->tag, "%s", p->dir + 5);
    const char *opts[] = {"-n", "1", "--seed", "11", "--move-ms", "2000",
                          "--bank-ms", "20000", "--inc-ms", "50",
                          "--grace-ms", "100", NULL};
    int rc = run_match(p->dir, p->tag, opts, RUN_BOTS "greedy_bot",
                       RUN_BOTS "random_bot", out, sizeof out);
    cr_assert_eq(rc, 0, "%s", out);
    snprintf(p->path, sizeof p->path, "%s/game-0001.yaml", p->dir);
}

static void end_match(played *p)
{
    cr_expect_eq(run_count_tagged(p->tag), 0);
    run_rmtree(p->dir);
}

/* The record as written replays; its times, read again and written with a
 * fresh digest (as a tool that knows the digest would), are still checked
 * against the clock. */
Test(audit, replay_refuses_times_the_clock_makes_impossible, .timeout = 60)
{
    played p;
    play_match(&p);
    cr_assert_eq(replay(p.tag, p.path, false), 0, "%s", out);
    char *text = run_slurp(p.path, NULL);
    cr_assert(text);
    cr_assert(strstr(text, "\ndigest: \"sha256:"), "%s", text);
    record r;
    char err[1024], edited[700];
    cr_assert_eq(record_read(p.path, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.digest, RECORD_DIGEST_OK);
    cr_assert_geq(r.nmoves, 4);
    snprintf(edited, sizeof edited, "%s/edited.yaml", p.dir);

    /* Over the limit: 2000 + 100 of grace at most. */
    long ms = r.moves[2].ms;
    r.moves[2].ms = 2200;
    cr_assert_eq(record_write(&r, edited, err, sizeof err), 0, "%s", err);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, edited) && strstr(out, "ply 3 (seat ") &&
                  strstr(out, "ms: 2200 ms, more than the move could take: "
                              "2000 ms (the per-move limit) + 100 ms of "
                              "grace"),
              "%s", out);
    r.moves[2].ms = ms;

    /* A bank that went up by more than the increment. */
    long left = r.moves[3].left_ms;
    r.moves[3].left_ms = left + 51 + r.moves[3].ms;
    cr_assert_eq(record_write(&r, edited, err, sizeof err), 0, "%s", err);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, "ply 4 (seat ") &&
                  strstr(out, "left_ms: the bank went up from") &&
                  strstr(out, "by more than the increment (increment_ms: "
                              "50)"),
              "%s", out);
    r.moves[3].left_ms = left;
    cr_assert_eq(record_write(&r, edited, err, sizeof err), 0, "%s", err);
    cr_expect_eq(replay(p.tag, edited, false), 0, "%s", out);
    record_release(&r);

    /* A negative time, edited by hand: refused as the file is read. */
    char *neg = set_move_field(text, 2, "ms", "-40");
    write_text(edited, neg);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, "moves[1].ms: expected an integer from 0"), "%s",
              out);
    free(neg);
    /* A time over the limit, edited by hand: the clock names it before
     * the digest does. */
    char *slow = set_move_field(text, 1, "ms", "9999");
    write_text(edited, slow);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, "ply 1 (seat 0, ") &&
                  strstr(out, "ms: 9999 ms, more than the move could take"),
              "%s", out);
    free(slow);
    free(text);
    end_match(&p);
}

/* A move written the other way round that changes nothing on the board
 * keeps the rules and the result: only the digest shows the edit.  A
 * record without its digest line is refused unless accepted as one from
 * before digests; a line added after the digest is caught; and a digest
 * recomputed by someone who knows how (`head -n -1 | sha256sum`) is
 * accepted: a digest makes an edit evident, not impossible. */
Test(audit, replay_catches_an_edit_that_keeps_the_result, .timeout = 60)
{
    played p;
    play_match(&p);
    char edited[700];
    snprintf(edited, sizeof edited, "%s/edited.yaml", p.dir);
    char *text = edit_empty_rotation(p.path);
    cr_assert(text, "no move of the game turns an empty quadrant");
    write_text(edited, text);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, edited) &&
                  strstr(out, "digest: the record was changed after it was "
                              "written: its content gives sha256:"),
              "%s", out);
    cr_expect_null(strstr(out, "ply "), "the rules saw it: %s", out);

    /* The digest recomputed over every byte before its line. */
    char *last = strstr(text, "\ndigest: \"sha256:");
    cr_assert(last);
    char fresh[SHA256_TEXT_MAX];
    sha256_text(text, (size_t)(last + 1 - text), fresh);
    memcpy(last + 1 + strlen("digest: \""), fresh, strlen(fresh));
    write_text(edited, text);
    cr_expect_eq(replay(p.tag, edited, false), 0, "%s", out);

    /* Without the digest line. */
    last[1] = '\0';
    write_text(edited, text);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, "digest: the record has none") &&
                  strstr(out, "--accept-undigested"),
              "%s", out);
    cr_expect_eq(replay(p.tag, edited, true), 0, "%s", out);
    free(text);

    /* A line after the digest (an opening that would skip the clock). */
    char *orig = run_slurp(p.path, NULL);
    cr_assert(orig);
    size_t n = strlen(orig) + 64;
    char *more = malloc(n);
    cr_assert(more);
    snprintf(more, n, "%sopening_plies: 2\n", orig);
    write_text(edited, more);
    cr_expect_eq(replay(p.tag, edited, false), 1, "%s", out);
    cr_expect(strstr(out, "digest: it is not the file's last line"), "%s",
              out);
    free(more);
    free(orig);
    end_match(&p);
}

/* ---- an event: standings ------------------------------------------------- */

typedef struct {
    char dir[256], tag[64], def[512], records[512], results[512];
} event;

/* Four entrants, one group of four, then a final between the top two:
 * seven games or so, with a bank. */
static void play_event(event *e)
{
    run_tmpdir(e->dir, sizeof e->dir);
    snprintf(e->tag, sizeof e->tag, "%s", e->dir + 5);
    run_write_event(e->dir, "au",
                    "seed: 15\nformat: swiss-cup\n"
                    "time_control: {move_ms: 2000, bank_ms: 30000, "
                    "increment_ms: 100}\n"
                    "entrants:\n"
                    "  - {name: g1, command: " RUN_BOTS "greedy_bot}\n"
                    "  - {name: g2, command: " RUN_BOTS "greedy_bot "
                    "--position}\n"
                    "  - {name: r1, command: " RUN_BOTS "random_bot}\n"
                    "  - {name: r2, command: " RUN_BOTS "random_bot "
                    "--position}\n",
                    e->def, sizeof e->def);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", e->def, NULL};
    cr_assert_eq(run_cmd(argv, e->tag, out, sizeof out), 0, "%s", out);
    snprintf(e->records, sizeof e->records, "%s/records-au", e->dir);
    snprintf(e->results, sizeof e->results, "%s/results-au", e->dir);
    cr_assert_eq(standings(e->tag, e->records, NULL), 0,
                 "standings disagree with the event's own tables: %s", out);
}

static void end_event(event *e)
{
    cr_expect_eq(run_count_tagged(e->tag), 0);
    run_rmtree(e->dir);
}

static char *event_file(const char *dir, const char *name, char *path,
                        size_t len)
{
    snprintf(path, len, "%s/%s", dir, name);
    char *text = run_slurp(path, NULL);
    cr_assert(text, "no %s", path);
    return text;
}

/* Edited moves and times in an event's records are named by standings, a
 * record copied over another is named as such, and a definition changed
 * since the games is told apart from an edited record. */
Test(audit, standings_catches_edited_records, .timeout = 120)
{
    event e;
    play_event(&e);
    char path[700], other[700];
    char *a1 = event_file(e.records, "group-A-01.yaml", path,
                          sizeof path);

    /* A time over the limit. */
    char *slow = set_move_field(a1, 2, "ms", "5000");
    write_text(path, slow);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "group-A-01.yaml: ply 2 (seat 1, ") &&
                  strstr(out, "ms: 5000 ms, more than the move could take: "
                              "2000 ms (the per-move limit) + 100 ms of "
                              "grace"),
              "%s", out);
    cr_expect_eq(count_of(out, "group-A-01.yaml: "), 1, "reported twice: %s",
                 out);
    free(slow);

    /* A rotation of an empty quadrant written the other way, in the
     * first group game that has one. */
    write_text(path, a1);
    char *turned = NULL, gpath[700], want[800];
    for (int g = 1; g <= 6 && !turned; g++) {
        snprintf(gpath, sizeof gpath, "%s/group-A-%02d.yaml", e.records, g);
        turned = edit_empty_rotation(gpath);
    }
    cr_assert(turned, "no group game turns an empty quadrant");
    char *kept = run_slurp(gpath, NULL);
    write_text(gpath, turned);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    snprintf(want, sizeof want, "%s: digest: the record was changed after "
                                "it was written", gpath);
    cr_expect(strstr(out, want), "no '%s' in:\n%s", want, out);
    /* The event run again (a resume) does not take it either. */
    char *ev[] = {RUN_REFEREE, "event", e.def, NULL};
    cr_expect_eq(run_cmd(ev, e.tag, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, want), "no '%s' in:\n%s", want, out);
    write_text(gpath, kept);
    free(kept);
    free(turned);

    /* Without a digest: refused, unless accepted as an old record. */
    char *plain = strdup(a1);
    *strstr(plain, "\ndigest: ") = '\0';
    strcat(plain, "\n");
    write_text(path, plain);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "group-A-01.yaml: digest: the record has none"),
              "%s", out);
    cr_expect_eq(standings(e.tag, e.records, "--accept-undigested"), 0, "%s",
                 out);
    free(plain);
    write_text(path, a1);

    /* group-A-01 copied over group-A-02. */
    char *a2 = event_file(e.records, "group-A-02.yaml", other,
                          sizeof other);
    write_text(other, a1);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "group-A-02.yaml: game_id: the record is of game "
                          "'group-A-01', not of 'group-A-02'"),
              "%s", out);
    cr_expect_null(strstr(out, "move it away"), "%s", out);
    write_text(other, a2);
    free(a2);
    cr_expect_eq(standings(e.tag, e.records, NULL), 0, "%s", out);
    free(a1);
    end_event(&e);
}

/* The definition beside the records changed after the games: the intact
 * records say so (their event_digest), instead of being called records
 * of another event to move away; reformatting it changes nothing. */
Test(audit, standings_tells_a_changed_definition, .timeout = 120)
{
    event e;
    play_event(&e);
    char path[700];
    char *def = event_file(e.records, "event.yaml", path, sizeof path);
    /* The replay cap: nothing a record shows but its event_digest. */
    char *cap = strstr(def, "replay_cap: 8")
                    ? replace_at(def, NULL, "replay_cap: 8", "replay_cap: 7")
                    : NULL;
    cr_assert(cap, "%s", def);
    write_text(path, cap);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "event_digest: the record is intact (its digest "
                          "holds) but was played under another definition "
                          "of the event"),
              "%s", out);
    free(cap);
    /* The time control: named, and the advice is the definition's. */
    char *tc = replace_at(def, NULL, "move_ms: 2000", "move_ms: 2500");
    write_text(path, tc);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "time_control.move_ms: the record has 2000, the "
                          "event 2500: not from this event as it is now "
                          "defined: the record is intact"),
              "%s", out);
    cr_expect_null(strstr(out, "move it away"), "%s", out);
    free(tc);
    /* Comments and blank lines: the same definition. */
    size_t n = strlen(def) + 64;
    char *fmt = malloc(n);
    cr_assert(fmt);
    snprintf(fmt, n, "# reformatted by hand\n\n%s\n# end\n", def);
    write_text(path, fmt);
    cr_expect_eq(standings(e.tag, e.records, NULL), 0, "%s", out);
    free(fmt);
    free(def);
    end_event(&e);
}

/* A deleted record is named once, with what waits for it, and the final
 * ranking posted without it no longer follows; an edited table is named
 * with its line, and --write puts it right. */
Test(audit, standings_names_a_missing_record_and_stale_tables,
     .timeout = 120)
{
    event e;
    play_event(&e);
    char path[700], fin[700], moved[700];
    char *table = event_file(e.results, "final.yaml", fin, sizeof fin);

    /* final.yaml edited: which table, which line. */
    char *lie = replace_at(table, NULL, "place: 1", "place: 4");
    write_text(fin, lie);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "final.yaml:") &&
                  strstr(out, ": the table says '") &&
                  strstr(out, "place: 4") &&
                  strstr(out, "it no longer follows from the records"),
              "%s", out);
    cr_expect_eq(standings(e.tag, e.records, "--write"), 0, "%s", out);
    cr_expect(strstr(out, "final.yaml: rewritten: its line"), "%s", out);
    char *back = run_slurp(fin, NULL);
    cr_expect(back && strcmp(back, table) == 0, "final.yaml not restored");
    free(back);
    free(lie);
    cr_expect_eq(standings(e.tag, e.records, NULL), 0, "%s", out);

    /* group-A-03 moved away: named once as missing; the final waits. */
    snprintf(path, sizeof path, "%s/group-A-03.yaml", e.records);
    snprintf(moved, sizeof moved, "%s/group-A-03.yaml", e.dir);
    cr_assert_eq(rename(path, moved), 0);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "group-A-03.yaml is missing (group A: ") &&
                  strstr(out, "group A's table cannot be computed") &&
                  strstr(out, "1 later record waits for it and is not "
                              "counted: cup-r1-t1-g1.yaml"),
              "%s", out);
    cr_expect_eq(count_of(out, "is missing"), 1, "%s", out);
    cr_expect_null(strstr(out, "not a game of this event"), "%s", out);
    cr_expect_null(strstr(out, "move it away"), "%s", out);
    cr_expect(strstr(out, "results-au: the records do not finish the event "
                          "(see above), so these tables no longer follow "
                          "from them: ") &&
                  strstr(out, "final.yaml"),
              "%s", out);
    /* One cause, one problem: the tables it leaves stale are told. */
    cr_expect(strstr(out, "referee standings: 1 problem(s)"), "%s", out);
    cr_assert_eq(rename(moved, path), 0);
    cr_expect_eq(standings(e.tag, e.records, NULL), 0, "%s", out);

    /* The final's record gone: final.yaml says the event is done. */
    snprintf(path, sizeof path, "%s/cup-r1-t1-g1.yaml", e.records);
    snprintf(moved, sizeof moved, "%s/cup-r1-t1-g1.yaml", e.dir);
    cr_assert_eq(rename(path, moved), 0);
    cr_expect_eq(standings(e.tag, e.records, NULL), 1, "%s", out);
    cr_expect(strstr(out, "cup-r1-t1-g1.yaml is missing (cup final, game 1: ") &&
                  strstr(out, "the winner of the cup final cannot be "
                              "computed") &&
                  strstr(out, "say the event is finished"),
              "%s", out);
    cr_expect(strstr(out, "so these tables no longer follow from them: ") &&
                  strstr(out, "final.yaml"),
              "%s", out);
    /* Put back: all agree again. */
    cr_assert_eq(rename(moved, path), 0);
    cr_expect_eq(standings(e.tag, e.records, NULL), 0, "%s", out);
    free(table);
    end_event(&e);
}
