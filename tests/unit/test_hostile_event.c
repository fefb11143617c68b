/*
 * test_hostile_event.c - real events whose entrants include the misbehaving
 * test bots (tests/bots/), through the referee binary of the test build:
 *   - a gauntlet in which the random bot plays one game against each of 23
 *     hostile or odd bots: every game's record names the hostile seat and
 *     the cause the plain matches of test_match.c give, the random bot wins
 *     every game against a faulting bot, every record replays, the tables
 *     rank the random bot first, the event ends in good time and nothing
 *     it started is left running;
 *   - a round robin in which two good bots meet in the same event (and on
 *     the same event loop, at the same time) as some of the worst bots:
 *     their game ends by the rules, undisturbed.
 *
 * Every hostile bot misbehaves at its first turn (or in the handshake), so
 * in any game the fault belongs to the first seat on move whose bot
 * misbehaves; a game without such a seat ends by the rules.
 */
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define OUT_MAX 65536
#define MAX_GAMES 64

/* An entrant of the event and what it is expected to provoke: the fault
 * reason and part of its detail, or reason NULL for a bot that plays. */
typedef struct {
    const char *name;
    const char *command;
    const char *reason;
    const char *detail;
} entrant;

/* Per-move limit of the events: long enough that 1 s of CPU time fits in
 * it with room to spare on a loaded machine (so the spinner meets its CPU
 * limit before its clock), short enough to keep the timeouts cheap. */
#define MOVE_MS "4000"

/* The other outcomes allowed for an entrant, each being right: the
 * comment flood writes as fast as the referee reads; under a CPU limit of
 * 1 s it may spend that before its clock runs out.  The memory hog's page
 * faults are at times very slow on this virtual machine (we take it to be
 * the host faulting fresh memory in): they can cost it its 1 s of CPU
 * (the gauntlet's limit), or, without a CPU limit, its 4 s on the clock,
 * before it reaches 200 MiB (seen once in three runs of the whole suite;
 * never when the test runs alone). */
static const entrant alternatives[] = {
    {"garbage-flood", NULL, "cpu-limit", "its 1 s of CPU"},
    {"hog-mem", NULL, "cpu-limit", "its 1 s of CPU"},
    {"hog-mem", NULL, "timeout", "the limit of " MOVE_MS " ms"},
};

/* ---- small helpers --------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A crash of the referee shows as a sanitizer report or a signal. */
static void expect_no_crash(int rc, const char *out)
{
    cr_expect_neq(rc, -1, "the referee died:\n%s", out);
    cr_expect_null(strstr(out, "Sanitizer"), "%s", out);
    cr_expect_null(strstr(out, "runtime error"), "%s", out);
}

/* ---- the event ------------------------------------------------------- */

/* Write dir/name.yaml: head (seed, format, limits...), then the entrants,
 * with records and results under dir. */
static void write_event(const char *dir, const char *name, const char *head,
                        const entrant *e, size_t n, char *path, size_t len)
{
    snprintf(path, len, "%s/%s.yaml", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fprintf(f, "event: %s\nrecords: %s/records\nresults: %s/results\n%s"
               "entrants:\n",
            name, dir, dir, head);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "  - {name: %s, command: %s}\n", e[i].name, e[i].command);
    cr_assert_eq(fclose(f), 0);
}

static int run_event(const char *def, const char *tag, char *out,
                     size_t len)
{
    char *argv[] = {RUN_REFEREE, "event", (char *)def, NULL};
    return run_cmd(argv, tag, out, len);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The records of the directory (not event.yaml, not temporary files),
 * sorted by name; returns how many. */
static int list_records(const char *dir, char names[][64], int max)
{
    DIR *d = opendir(dir);
    cr_assert(d, "no records directory %s", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l <= 5 || strcmp(e->d_name + l - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml") || strstr(e->d_name, ".tmp"))
            continue;
        cr_assert_lt(n, max, "too many records in %s", dir);
        cr_assert_lt(l, 64, "record name %s too long", e->d_name);
        memcpy(names[n++], e->d_name, l + 1);
    }
    closedir(d);
    qsort(names, (size_t)n, 64, by_name);
    return n;
}

static const entrant *find_entrant(const entrant *e, size_t n,
                                   const char *name)
{
    for (size_t i = 0; name && i < n; i++)
        if (!strcmp(e[i].name, name))
            return &e[i];
    cr_assert_fail("entrant '%s' is not in the event", name ? name : "?");
    return NULL;
}

static void expect_tables(const char *dir)
{
    static const char *const files[] = {"league.yaml", "league.md",
                                        "final.yaml", "final.md"};
    char path[512];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/results/%s", dir, files[i]);
        cr_expect_eq(access(path, R_OK), 0, "no table %s", path);
    }
}

/* The entrant on the first row of a results table ("entrant: ..."). */
static void first_entrant(const char *dir, const char *file, char *who,
                          size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/results/%s", dir, file);
    char *t = run_slurp(path, NULL);
    cr_assert(t, "no %s", path);
    const char *at = strstr(t, "entrant: \"");
    cr_assert(at, "%s has no entrant:\n%s", path, t);
    at += strlen("entrant: \"");
    snprintf(who, len, "%.*s", (int)strcspn(at, "\""), at);
    free(t);
}

/* The row of entrant in league.yaml holds "key: value". */
static bool row_has(const char *dir, const char *who, const char *kv)
{
    char path[512], needle[96];
    snprintf(path, sizeof path, "%s/results/league.yaml", dir);
    snprintf(needle, sizeof needle, "entrant: \"%s\"\n", who);
    char *t = run_slurp(path, NULL);
    cr_assert(t, "no %s", path);
    const char *row = strstr(t, needle);
    const char *next = row ? strstr(row, "- rank:") : NULL;
    const char *at = row ? strstr(row, kv) : NULL;
    bool ok = at && (!next || at < next);
    free(t);
    return ok;
}

/* ---- one game -------------------------------------------------------- */

/* The bot in seat wrote "info fds 0 1 2" at its first turn. */
static void expect_only_std_fds(const record *r, int seat, const char *id)
{
    for (size_t i = 0; i < r->nmoves; i++)
        if (r->moves[i].seat == seat && r->moves[i].ncomments) {
            cr_expect_str_eq(r->moves[i].comments[0], "fds 0 1 2",
                             "%s: the bot inherited more descriptors", id);
            return;
        }
    cr_expect_fail("%s: the fd listing was not recorded", id);
}

/* The record shows the fault of seat bad as e expects: reason, detail,
 * loss against a win. */
static void expect_fault(const record *r, int bad, const entrant *e,
                         const char *id)
{
    const char *detail = r->detail ? r->detail : "(none)";
    const char *want = e->reason, *part = e->detail;
    for (size_t i = 0; i < sizeof alternatives / sizeof *alternatives; i++)
        if (!strcmp(e->name, alternatives[i].name) &&
            !strcmp(r->reason, alternatives[i].reason)) {
            want = alternatives[i].reason;
            part = alternatives[i].detail;
        }
    cr_expect_str_eq(r->reason, want, "%s: %s: reason %s (%s)", id, e->name,
                     r->reason, detail);
    cr_expect_eq(r->fault_seat, bad, "%s: %s in seat %d, fault seat %d", id,
                 e->name, bad, r->fault_seat);
    cr_expect_str_eq(r->players[bad].result, "loss", "%s: %s", id, e->name);
    cr_expect_str_eq(r->players[1 - bad].result, "win", "%s: %s's opponent",
                     id, e->name);
    cr_expect(strstr(detail, part), "%s: %s: detail '%s' lacks '%s'", id,
              e->name, detail, part);
}

static void expect_rules_end(const record *r, const char *id)
{
    cr_expect(run_is_rules_end(r->reason) && !record_is_fault(r->reason),
              "%s: %s vs %s ended by %s (%s)", id, r->players[0].entrant,
              r->players[1].entrant, r->reason,
              r->detail ? r->detail : "");
    cr_expect_eq(r->fault_seat, -1, "%s", id);
}

/* Check one record of the event: the first seat on move whose bot
 * misbehaves is at fault as expected, or the game ended by the rules;
 * `referee replay --quiet` accepts it.  Returns the seat at fault (-1). */
static int check_game(const char *records, const char *file,
                      const entrant *ents, size_t n, const char *tag,
                      record *r)
{
    char path[512], err[1024], out[OUT_MAX];
    snprintf(path, sizeof path, "%s/%s", records, file);
    cr_assert_eq(record_read(path, r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r->nplayers, 2, "%s", file);
    cr_expect_str_eq(r->status, "finished", "%s", file);
    const entrant *seat[2] = {find_entrant(ents, n, r->players[0].entrant),
                              find_entrant(ents, n, r->players[1].entrant)};
    int bad = seat[0]->reason ? 0 : seat[1]->reason ? 1 : -1;
    if (bad >= 0)
        expect_fault(r, bad, seat[bad], r->game_id);
    else
        expect_rules_end(r, r->game_id);
    for (int s = 0; s < 2; s++)
        if (!strcmp(seat[s]->name, "fdlist"))
            expect_only_std_fds(r, s, r->game_id);
    int rc = run_cmd((char *[]){RUN_REFEREE, "replay", "--quiet", path, NULL},
                     tag, out, sizeof out);
    cr_expect_eq(rc, 0, "replay of %s failed: %s", path, out);
    return bad;
}

/* ---- the gauntlet ------------------------------------------------------ */

#define T RUN_TBOTS
#define P RUN_PBOTS

static const entrant gauntlet[] = {
    {"random", RUN_BOTS "random_bot", NULL, NULL},
    {"silent", T "silent_bot", "timeout", "the limit of " MOVE_MS " ms"},
    /* answers a second after limit + grace */
    {"slow", T "slow_bot 5100", "timeout", "+ 100 ms grace"},
    {"crash-exit", T "crash_bot exit", "exited", "status 3"},
    {"crash-signal", T "crash_bot signal", "killed", "signal 9"},
    {"crash-closeout", T "crash_bot closeout", "closed-output",
     "closed its output"},
    {"garbage-text", T "garbage_bot text", "illegal-move", "not a move"},
    {"garbage-nul", T "garbage_bot nul", "malformed-line", "NUL"},
    {"garbage-long", T "garbage_bot long", "malformed-line", "4096"},
    {"garbage-flood", T "garbage_bot flood", "timeout",
     "the limit of " MOVE_MS " ms"},
    {"early", T "early_bot", "out-of-turn", "when the game had not started"},
    {"illegal", T "illegal_bot", "illegal-move", "occupied"},
    {"nohs-silent", T "nohandshake_bot silent", "handshake",
     "start-up allowance of 2000 ms"},
    {"nohs-version", T "nohandshake_bot version", "handshake", "version 2"},
    {"stubborn", T "stubborn_bot", NULL, NULL},
    {"forker-hang", T "forker_bot hang", "timeout", "the limit of " MOVE_MS " ms"},
    {"forker-detach", T "forker_bot detach", "timeout",
     "the limit of " MOVE_MS " ms"},
    {"escape", T "escape_bot", "timeout", "the limit of " MOVE_MS " ms"},
    {"fdlist", T "fdlist_bot", NULL, NULL},
    {"hog-mem", P "hog_bot mem", "memory-limit", "over its 200 MiB limit"},
    {"hog-forks", P "hog_bot forks", "process-limit", "limit of 64"},
    {"hog-bomb", P "hog_bot bomb", "process-limit", "limit of 64"},
    {"hog-spin", P "hog_bot spin", "cpu-limit", "its 1 s of CPU"},
    {"hog-file", P "hog_bot file", "file-limit", "its 1 MiB limit"},
};

#define NGAUNTLET (sizeof gauntlet / sizeof *gauntlet)

static const char gauntlet_head[] =
    "seed: 77\nformat: gauntlet\nchallenger: random\ngames_per_pair: 1\n"
    "concurrency: 4\n"
    "time_control: {move_ms: " MOVE_MS ", startup_ms: 2000}\n"
    "limits: {cpu_s: 1, fsize_mb: 1, mem_mb: 200, procs: 64}\n";

/* The random bot meets each of the others once: every hostile seat loses
 * with its own cause, the two bots that play legally (stubborn_bot,
 * fdlist_bot) finish by the rules, and the tables agree. */
Test(hostile_event, gauntlet_against_every_misbehaving_bot, .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], records[512];
    run_tmpdir(dir, sizeof dir);
    cr_assert(dir[0], "mkdtemp failed");
    const char *tag = dir + 5;
    write_event(dir, "hostile-gauntlet", gauntlet_head, gauntlet, NGAUNTLET,
                def, sizeof def);
    double t0 = now_s();
    int rc = run_event(def, tag, out, sizeof out);
    double took = now_s() - t0;
    expect_no_crash(rc, out);
    cr_assert_eq(rc, 0, "the event failed (status %d):\n%s", rc, out);
    cr_expect_lt(took, 150.0, "the event took %.0f s", took);
    cr_expect_eq(run_count_tagged(tag), 0, "processes outlived the event");
    expect_tables(dir);

    snprintf(records, sizeof records, "%s/records", dir);
    char files[MAX_GAMES][64];
    int n = list_records(records, files, MAX_GAMES);
    cr_assert_eq(n, (int)NGAUNTLET - 1, "%d records", n);
    int won = 0, faults = 0;
    bool met[NGAUNTLET] = {false};
    for (int i = 0; i < n; i++) {
        record r;
        int bad = check_game(records, files[i], gauntlet, NGAUNTLET, tag, &r);
        int me = !strcmp(r.players[0].entrant, "random") ? 0 : 1;
        cr_expect_str_eq(r.players[me].entrant, "random", "%s", files[i]);
        const entrant *other =
            find_entrant(gauntlet, NGAUNTLET, r.players[1 - me].entrant);
        met[other - gauntlet] = true;
        faults += bad >= 0;
        won += !strcmp(r.players[me].result, "win");
        record_release(&r);
    }
    for (size_t i = 1; i < NGAUNTLET; i++)
        cr_expect(met[i], "no game against %s", gauntlet[i].name);
    cr_expect_eq(faults, (int)NGAUNTLET - 3, "games lost by a fault");

    /* The tables: the random bot first, its row as the records say. */
    char who[64], kv[32];
    first_entrant(dir, "league.yaml", who, sizeof who);
    cr_expect_str_eq(who, "random", "league table");
    first_entrant(dir, "final.yaml", who, sizeof who);
    cr_expect_str_eq(who, "random", "final ranking");
    snprintf(kv, sizeof kv, "played: %d\n", n);
    cr_expect(row_has(dir, "random", kv), "random's row lacks %s", kv);
    snprintf(kv, sizeof kv, "won: %d\n", won);
    cr_expect(row_has(dir, "random", kv), "random's row lacks %s", kv);
    cr_expect_eq(run_count_tagged(tag), 0, "processes left after replays");
    run_rmtree(dir);
}

/* ---- good bots beside the worst ----------------------------------------- */

/* The circle method pairs entrants 1 and 6 first (rr-001), beside the
 * flood against the chained forker and the fork bomb against the memory
 * hog (rr-002, rr-003): the good bots' game runs in the first wave. */
static const entrant crowd[] = {
    {"stubborn", T "stubborn_bot", NULL, NULL},
    {"random", RUN_BOTS "random_bot", NULL, NULL},
    {"garbage-flood", T "garbage_bot flood", "timeout",
     "the limit of " MOVE_MS " ms"},
    {"hog-bomb", P "hog_bot bomb", "process-limit", "limit of 64"},
    {"hog-mem", P "hog_bot mem", "memory-limit", "over its 200 MiB limit"},
    /* its last generation is beyond the guard: only the referee's
     * sweeps, during and after the event, can find it */
    {"forker-chain", T "forker_bot chain", "timeout",
     "the limit of " MOVE_MS " ms"},
    {"greedy", RUN_BOTS "greedy_bot", NULL, NULL},
};

#define NCROWD (sizeof crowd / sizeof *crowd)

static const char crowd_head[] =
    "seed: 31\nformat: round-robin\ngames_per_pair: 1\nconcurrency: 4\n"
    "time_control: {move_ms: " MOVE_MS ", startup_ms: 2000}\n"
    "limits: {mem_mb: 200, procs: 64}\n";

static bool is_good(const char *name)
{
    return !strcmp(name, "random") || !strcmp(name, "greedy");
}

Test(hostile_event, good_bots_play_undisturbed_beside_the_worst,
     .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX], records[512];
    run_tmpdir(dir, sizeof dir);
    cr_assert(dir[0], "mkdtemp failed");
    const char *tag = dir + 5;
    write_event(dir, "hostile-crowd", crowd_head, crowd, NCROWD, def,
                sizeof def);
    int rc = run_event(def, tag, out, sizeof out);
    expect_no_crash(rc, out);
    cr_assert_eq(rc, 0, "the event failed (status %d):\n%s", rc, out);
    cr_expect_eq(run_count_tagged(tag), 0, "processes outlived the event");
    expect_tables(dir);

    snprintf(records, sizeof records, "%s/records", dir);
    char files[MAX_GAMES][64];
    int n = list_records(records, files, MAX_GAMES);
    cr_assert_eq(n, (int)(NCROWD * (NCROWD - 1) / 2), "%d records", n);
    int good_games = 0;
    for (int i = 0; i < n; i++) {
        record r;
        check_game(records, files[i], crowd, NCROWD, tag, &r);
        if (is_good(r.players[0].entrant) && is_good(r.players[1].entrant)) {
            good_games++;
            cr_expect_str_eq(r.game_id, "rr-001",
                             "the good bots' game is no longer in the "
                             "first wave");
            cr_expect_gt(r.nmoves, 4, "%s", r.game_id);
        }
        record_release(&r);
    }
    cr_expect_eq(good_games, 1);
    run_rmtree(dir);
}
