/*
 * test_shard.c - events split into shards and merged: the split itself
 * (every game of the sharded phase in exactly one shard for any N, more
 * shards than games included, balanced in count and in expected time),
 * and with real bot processes: round robins and a swiss-cup played as
 * shards then merged give the tables of one machine's run byte for byte
 * (the cup played after the merge), a shard killed with SIGKILL finishes
 * when run again, a Slurm array task's environment picks the shard, and
 * the merge names missing, duplicated and foreign records and then links
 * nothing.
 */
#include "support/run.h"

#include "event/plan.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUT_MAX 65536

/* ---- the split, on plans alone ------------------------------------------ */

/* The shard of every phase-0 game of cfg split n ways, by listing
 * position; the games' count into *ngames.  Each shard's plan lists its
 * own games, so the shard of a game is the plan that lists it. */
static int *shards_of(plan_config cfg, int n, size_t *ngames)
{
    cfg.shard_count = 0;
    plan *whole = plan_new(&cfg, NULL, 0);
    cr_assert(whole);
    size_t g = plan_ready(whole, NULL, 0);
    plan_game *all = calloc(g, sizeof *all);
    plan_ready(whole, all, g);
    int *shard = malloc(g * sizeof *shard);
    for (size_t i = 0; i < g; i++)
        shard[i] = -1;
    plan_game *mine = calloc(g, sizeof *mine);
    for (int s = 0; s < n; s++) {
        cfg.shard_count = n;
        cfg.shard_index = s;
        char err[256];
        plan *p = plan_new(&cfg, err, sizeof err);
        cr_assert(p, "%s", err);
        size_t k = plan_ready(p, mine, g);
        cr_assert_eq(k, plan_shard_games(p));
        for (size_t j = 0; j < k; j++) {
            cr_assert_eq(mine[j].phase, 0, "a shard lists only phase 0");
            size_t i = 0;
            while (i < g && strcmp(all[i].id, mine[j].id))
                i++;
            cr_assert_lt(i, g, "%s is not a game of the event", mine[j].id);
            cr_assert_eq(shard[i], -1, "%s is in shards %d and %d",
                         mine[j].id, shard[i] + 1, s + 1);
            shard[i] = s;
        }
        plan_free(p);
    }
    for (size_t i = 0; i < g; i++)
        cr_assert_neq(shard[i], -1, "%s is in no shard of %d", all[i].id, n);
    free(all);
    free(mine);
    plan_free(whole);
    *ngames = g;
    return shard;
}

static plan_config league(plan_format f, int n)
{
    plan_config c;
    plan_config_defaults(&c);
    c.format = f;
    c.nentrants = n;
    c.seed = 99;
    return c;
}

Test(shard, every_game_is_in_exactly_one_shard_for_any_n)
{
    plan_config cfgs[4] = {league(PLAN_ROUND_ROBIN, 9),
                           league(PLAN_GAUNTLET, 12),
                           league(PLAN_SWISS_CUP, 13),
                           league(PLAN_FREE_FOR_ALL, 6)};
    cfgs[3].seats = 3;
    int ns[] = {1, 2, 3, 5, 8, 17, 200};
    for (int c = 0; c < 4; c++)
        for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
            size_t g;
            int *shard = shards_of(cfgs[c], ns[k], &g);
            /* Equal costs: counts differ by one at most. */
            int count[200] = {0};
            for (size_t i = 0; i < g; i++)
                count[shard[i]]++;
            int lo = 1 << 30, hi = 0;
            for (int s = 0; s < ns[k]; s++) {
                int want = s < (int)g ? 1 : 0; /* shards beyond: empty */
                if (!want) {
                    cr_assert_eq(count[s], 0);
                    continue;
                }
                lo = count[s] < lo ? count[s] : lo;
                hi = count[s] > hi ? count[s] : hi;
            }
            cr_assert_leq(hi - lo, 1, "format %d, %d shards: %d..%d games",
                          c, ns[k], lo, hi);
            free(shard);
        }
}

/* A slow entrant's games weigh more: the shards even out the time, not
 * the count. */
Test(shard, shards_are_balanced_in_expected_time)
{
    plan_config c = league(PLAN_ROUND_ROBIN, 10);
    c.games_per_pair = 1;
    c.cost[0] = 9000; /* entrant 0 takes nine times as long */
    size_t g;
    enum { N = 4 };
    int *shard = shards_of(c, N, &g);
    plan *p = plan_new(&c, NULL, 0);
    plan_game *all = calloc(g, sizeof *all);
    plan_ready(p, all, g);
    long load[N] = {0}, count[N] = {0}, heaviest = 0;
    for (size_t i = 0; i < g; i++) {
        long w = 0;
        for (int s = 0; s < 2; s++)
            w += all[i].entrant[s] == 0 ? 9000 : 1000;
        load[shard[i]] += w;
        count[shard[i]]++;
        heaviest = w > heaviest ? w : heaviest;
    }
    long lo = load[0], hi = load[0], clo = count[0], chi = count[0];
    for (int s = 1; s < N; s++) {
        lo = load[s] < lo ? load[s] : lo;
        hi = load[s] > hi ? load[s] : hi;
        clo = count[s] < clo ? count[s] : clo;
        chi = count[s] > chi ? count[s] : chi;
    }
    cr_assert_leq(hi - lo, heaviest, "loads %ld %ld %ld %ld", load[0],
                  load[1], load[2], load[3]);
    /* 45 games, 9 of them five times as heavy, in 4 shards: 3, 2, 2, 2
     * heavy games, so the shard with 3 takes fewer games in all. */
    cr_assert_geq(chi - clo, 2, "counts %ld %ld %ld %ld", count[0],
                  count[1], count[2], count[3]);
    free(all);
    free(shard);
    plan_free(p);
}

Test(shard, a_shard_out_of_range_is_refused)
{
    plan_config c = league(PLAN_ROUND_ROBIN, 4);
    char err[256] = "";
    c.shard_count = 3;
    c.shard_index = 3;
    cr_assert_null(plan_new(&c, err, sizeof err));
    cr_assert(strstr(err, "shard 4 of 3"), "%s", err);
    c.shard_index = 0;
    c.cost[2] = -1;
    cr_assert_null(plan_new(&c, err, sizeof err));
    cr_assert(strstr(err, "cost"), "%s", err);
}

/* ---- with real bots ------------------------------------------------------- */

/* Bots that play from their seed alone: a game played anywhere gives the
 * same result. */
#define SHARD_BODY_RR                                                         \
    "seed: 77\nformat: round-robin\ngames_per_pair: 2\n"                     \
    "time_control: {move_ms: 3000}\nentrants:\n"                              \
    "  - {name: g1, command: " RUN_BOTS "greedy_bot}\n"                        \
    "  - {name: g2, command: " RUN_BOTS "greedy_bot --position}\n"             \
    "  - {name: r1, command: " RUN_BOTS "random_bot, cost: 0.5}\n"             \
    "  - {name: r2, command: " RUN_BOTS "random_bot --position}\n"             \
    "  - {name: r3, command: " RUN_BOTS "random_bot}\n"
#define SHARD_RR_GAMES 20

static int referee(const char *tag, char *out, const char *a, const char *b,
                   const char *c, const char *d)
{
    char *argv[] = {RUN_REFEREE, (char *)a, (char *)b, (char *)c, (char *)d,
                    NULL};
    return run_cmd(argv, tag, out, OUT_MAX);
}

static int play_shard(const char *def, int i, int n, char *out)
{
    char s[32];
    snprintf(s, sizeof s, "%d/%d", i, n);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", "--shard", s,
                    (char *)def, NULL};
    return run_cmd(argv, "shard", out, OUT_MAX);
}

/* Every table file of results dir a is in b with the same bytes. */
static void same_tables(const char *a, const char *b)
{
    DIR *d = opendir(a);
    cr_assert(d, "no %s", a);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        bool table = (l > 5 && !strcmp(e->d_name + l - 5, ".yaml")) ||
                     (l > 3 && !strcmp(e->d_name + l - 3, ".md")) ||
                     !strcmp(e->d_name, "index.html");
        if (!table)
            continue;
        char pa[4300], pb[4300];
        snprintf(pa, sizeof pa, "%s/%s", a, e->d_name);
        snprintf(pb, sizeof pb, "%s/%s", b, e->d_name);
        char *x = run_slurp(pa, NULL), *y = run_slurp(pb, NULL);
        cr_assert(x && y, "%s or %s is missing", pa, pb);
        cr_assert_str_eq(x, y, "%s and %s differ", pa, pb);
        free(x);
        free(y);
        files++;
    }
    closedir(d);
    cr_assert_geq(files, 4, "tables in %s: %d", a, files);
}

/* One machine's run of body, in a directory of its own; the event file
 * into def. */
static void single_run(const char *body, char *dir, size_t dlen, char *def,
                       size_t len)
{
    run_tmpdir(dir, dlen);
    chmod(dir, 0755);
    run_write_event(dir, "ev", body, def, len);
    char out[OUT_MAX];
    cr_assert_eq(referee("shard", out, "event", "-j", "2", def), 0, "%s",
                 out);
}

/* The shards of body, n of them, then the merge: 0 with the results. */
static void sharded_run(const char *body, int n, char *dir, size_t dlen,
                        char *def, size_t len)
{
    run_tmpdir(dir, dlen);
    chmod(dir, 0755);
    run_write_event(dir, "ev", body, def, len);
    char out[OUT_MAX];
    for (int i = 1; i <= n; i++)
        cr_assert_eq(play_shard(def, i, n, out), 0, "shard %d/%d: %s", i, n,
                     out);
    cr_assert_eq(referee("shard", out, "merge", def, NULL, NULL), 0, "%s",
                 out);
}

static void results_of(const char *dir, char *buf, size_t len)
{
    snprintf(buf, len, "%s/results-ev", dir);
}

Test(shard, round_robins_in_shards_give_the_tables_of_one_run, .timeout = 240)
{
    char one[256], def[512], ra[512];
    single_run(SHARD_BODY_RR, one, sizeof one, def, sizeof def);
    results_of(one, ra, sizeof ra);
    int ns[] = {1, 3, SHARD_RR_GAMES + 5};
    for (size_t k = 0; k < 3; k++) {
        char dir[256], sdef[512], rb[512], recs[512];
        sharded_run(SHARD_BODY_RR, ns[k], dir, sizeof dir, sdef, sizeof sdef);
        results_of(dir, rb, sizeof rb);
        same_tables(ra, rb);
        snprintf(recs, sizeof recs, "%s/records-ev", dir);
        cr_assert_eq(run_count_records(recs), SHARD_RR_GAMES);
        /* Each shard kept its own records, and together every game once. */
        int sum = 0;
        for (int i = 1; i <= ns[k]; i++) {
            char sd[600];
            snprintf(sd, sizeof sd, "%s/shards/%d-of-%d", recs, i, ns[k]);
            sum += run_count_records(sd);
        }
        cr_assert_eq(sum, SHARD_RR_GAMES, "%d shards", ns[k]);
        run_rmtree(dir);
    }
    run_rmtree(one);
}

Test(shard, a_swiss_cup_merges_its_groups_then_plays_the_cup, .timeout = 240)
{
    char one[256], def[512], ra[512];
    single_run(RUN_SWISS8, one, sizeof one, def, sizeof def);
    results_of(one, ra, sizeof ra);
    char dir[256], sdef[512], rb[512], out[OUT_MAX];
    sharded_run(RUN_SWISS8, 4, dir, sizeof dir, sdef, sizeof sdef);
    cr_assert_eq(referee("shard", out, "event", "-j", "2", sdef), 0, "%s",
                 out);
    cr_assert(strstr(out, "resuming: 12 games already recorded"), "%s", out);
    results_of(dir, rb, sizeof rb);
    same_tables(ra, rb);
    run_rmtree(dir);
    run_rmtree(one);
}

/* A shard killed outright (no chance to tidy up) finishes when it is run
 * again, playing only what it lacks. */
Test(shard, a_killed_shard_finishes_when_run_again, .timeout = 240)
{
    char one[256], def[512], ra[512];
    single_run(SHARD_BODY_RR, one, sizeof one, def, sizeof def);
    results_of(one, ra, sizeof ra);
    char dir[256], sdef[512], out[OUT_MAX], sd[600];
    run_tmpdir(dir, sizeof dir);
    chmod(dir, 0755);
    run_write_event(dir, "ev", SHARD_BODY_RR, sdef, sizeof sdef);
    snprintf(sd, sizeof sd, "%s/records-ev/shards/1-of-2", dir);
    char *argv[] = {RUN_REFEREE, "event", "-j", "1", "--shard", "1/2", sdef,
                    NULL};
    pid_t pid = run_start(argv, "shard-kill");
    int n = 0;
    for (int i = 0; i < 600 && (n = run_count_records(sd)) < 3; i++)
        usleep(50 * 1000);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    cr_assert_geq(n, 3, "the shard recorded %d games before it was killed",
                  n);
    cr_assert_lt(run_count_records(sd), SHARD_RR_GAMES / 2,
                 "the shard was killed before its end");
    cr_assert_eq(referee("shard", out, "merge", sdef, NULL, NULL), 1, "%s",
                 out);
    cr_assert(strstr(out, "1-of-2: the shard has not finished"), "%s", out);
    cr_assert(strstr(out, "no record in any shard"), "%s", out);
    cr_assert_eq(play_shard(sdef, 1, 2, out), 0, "%s", out);
    cr_assert(strstr(out, "resuming:"), "%s", out);
    cr_assert_eq(play_shard(sdef, 2, 2, out), 0, "%s", out);
    cr_assert_eq(referee("shard", out, "merge", sdef, NULL, NULL), 0, "%s",
                 out);
    char rb[512];
    results_of(dir, rb, sizeof rb);
    same_tables(ra, rb);
    run_rmtree(dir);
    run_rmtree(one);
}

/* In a Slurm array task the environment names the shard: ids 4..6 are
 * shards 1..3. */
Test(shard, a_slurm_array_task_plays_its_shard)
{
    char dir[256], def[512], out[OUT_MAX], sd[600];
    run_tmpdir(dir, sizeof dir);
    chmod(dir, 0755);
    run_write_event(dir, "ev", SHARD_BODY_RR, def, sizeof def);
    setenv("SLURM_ARRAY_TASK_ID", "5", 1);
    setenv("SLURM_ARRAY_TASK_MIN", "4", 1);
    setenv("SLURM_ARRAY_TASK_COUNT", "3", 1);
    int rc = referee("shard", out, "event", "-j", "2", def);
    cr_assert_eq(rc, 0, "%s", out);
    cr_assert(strstr(out, "shard 2/3 (SLURM_ARRAY_TASK_ID)"), "%s", out);
    snprintf(sd, sizeof sd, "%s/records-ev/shards/2-of-3", dir);
    int n = run_count_records(sd);
    cr_assert(n == SHARD_RR_GAMES / 3 || n == SHARD_RR_GAMES / 3 + 1,
              "%d games", n);
    /* --shard off plays the whole event whatever the environment says. */
    rc = referee("shard", out, "event", "--shard", "off", def);
    cr_assert_eq(rc, 0, "%s", out);
    char recs[512];
    snprintf(recs, sizeof recs, "%s/records-ev", dir);
    cr_assert_eq(run_count_records(recs), SHARD_RR_GAMES);
    /* An id beyond the array is refused, naming the variables. */
    setenv("SLURM_ARRAY_TASK_ID", "9", 1);
    rc = referee("shard", out, "event", def, NULL, NULL);
    cr_assert_eq(rc, 2, "%s", out);
    cr_assert(strstr(out, "SLURM_ARRAY_TASK_ID 9"), "%s", out);
    /* So is an array with a step: its ids are not shards 1..N. */
    setenv("SLURM_ARRAY_TASK_ID", "4", 1);
    setenv("SLURM_ARRAY_TASK_STEP", "2", 1);
    rc = referee("shard", out, "event", def, NULL, NULL);
    cr_assert_eq(rc, 2, "%s", out);
    cr_assert(strstr(out, "step 2"), "%s", out);
    unsetenv("SLURM_ARRAY_TASK_STEP");
    /* And an id without a count: every task would play every game. */
    unsetenv("SLURM_ARRAY_TASK_COUNT");
    rc = referee("shard", out, "event", def, NULL, NULL);
    cr_assert_eq(rc, 2, "%s", out);
    cr_assert(strstr(out, "not SLURM_ARRAY_TASK_COUNT"), "%s", out);
    unsetenv("SLURM_ARRAY_TASK_ID");
    unsetenv("SLURM_ARRAY_TASK_MIN");
    unsetenv("SLURM_ARRAY_TASK_COUNT");
    cr_assert_eq(referee("shard", out, "event", "--shard", "4/3", def), 2,
                 "%s", out);
    cr_assert(strstr(out, "--shard '4/3'"), "%s", out);
    run_rmtree(dir);
}

static void copy_file(const char *from, const char *to, bool spoil)
{
    size_t len;
    char *s = run_slurp(from, &len);
    cr_assert(s, "%s", from);
    if (spoil)
        s[len - 2] = s[len - 2] == 'x' ? 'y' : 'x';
    FILE *f = fopen(to, "w");
    cr_assert(f, "%s", to);
    fwrite(s, 1, len, f);
    fclose(f);
    free(s);
}

/* The merge names what is wrong and merges nothing: a game in two shards
 * with different records, a record of no game, a game without a
 * record; the same record twice is one game. */
Test(shard, the_merge_names_missing_duplicated_and_foreign_games,
     .timeout = 240)
{
    char dir[256], def[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    chmod(dir, 0755);
    run_write_event(dir, "ev", SHARD_BODY_RR, def, sizeof def);
    for (int i = 1; i <= 2; i++)
        cr_assert_eq(play_shard(def, i, 2, out), 0, "%s", out);
    char a[600], b[600], recs[512];
    snprintf(recs, sizeof recs, "%s/records-ev", dir);
    /* rr-001 into the other shard's directory too. */
    int own = 1;
    snprintf(a, sizeof a, "%s/shards/1-of-2/rr-001.yaml", recs);
    if (access(a, F_OK) != 0)
        own = 2;
    snprintf(a, sizeof a, "%s/shards/%d-of-2/rr-001.yaml", recs, own);
    snprintf(b, sizeof b, "%s/shards/%d-of-2/rr-001.yaml", recs, 3 - own);
    copy_file(a, b, false);
    cr_assert_eq(referee("shard", out, "merge", def, NULL, NULL), 0,
                 "the same record twice is one game: %s", out);
    copy_file(a, b, true);
    snprintf(b, sizeof b, "%s/shards/2-of-2/rr-099.yaml", recs);
    copy_file(a, b, false);
    /* rr-002 gone from its shard and from the earlier merge. */
    for (int i = 1; i <= 2; i++) {
        snprintf(b, sizeof b, "%s/shards/%d-of-2/rr-002.yaml", recs, i);
        unlink(b);
    }
    snprintf(b, sizeof b, "%s/rr-002.yaml", recs);
    unlink(b);
    cr_assert_eq(referee("shard", out, "merge", def, NULL, NULL), 1, "%s",
                 out);
    cr_assert(strstr(out, "game rr-001: played twice"), "%s", out);
    cr_assert(strstr(out, "rr-099.yaml: not a game of the event"), "%s",
              out);
    cr_assert(strstr(out, "game rr-002 (league, game 1 of 2): no record in "
                          "any shard"), "%s", out);
    cr_assert(strstr(out, "nothing merged: 1 missing, 1 recorded twice, 1 "
                          "not of the event, 0 not agreeing with it, 0 "
                          "shards not finished"), "%s", out);
    cr_assert_eq(run_count_records(recs), SHARD_RR_GAMES - 1,
                 "nothing more was linked");
    /* Put right, but a record edited in its shard, and a shard whose
     * marker is gone (it is running again): each named. */
    snprintf(b, sizeof b, "%s/shards/%d-of-2/rr-001.yaml", recs, 3 - own);
    unlink(b);
    snprintf(b, sizeof b, "%s/shards/2-of-2/rr-099.yaml", recs);
    unlink(b);
    char c[600];
    snprintf(c, sizeof c, "%s/shards/%d-of-2/rr-002.yaml", recs, own);
    copy_file(a, c, false); /* rr-001's record under rr-002's name */
    snprintf(c, sizeof c, "%s/shards/%d-of-2/done", recs, 3 - own);
    cr_assert_eq(unlink(c), 0, "%s", c);
    cr_assert_eq(referee("shard", out, "merge", def, NULL, NULL), 1, "%s",
                 out);
    cr_assert(strstr(out, "rr-002.yaml: game_id: the record is of game "
                          "'rr-001'"), "%s", out);
    cr_assert(strstr(out, "-of-2: the shard has not finished"), "%s", out);
    cr_assert(strstr(out, "1 not agreeing with it, 1 shard not finished"),
              "%s", out);
    cr_assert_eq(run_count_records(recs), SHARD_RR_GAMES - 1,
                 "nothing more was linked");
    run_rmtree(dir);
}

/* A batch system ending a job (scancel, the time limit) signals every
 * process of it, the bots with the referee.  The games running then end
 * without a result, as after Ctrl-C: no bot loses a game to a signal it
 * did not bring on itself, and the event resumes to its end. */
#define SHARD_BODY_PACED                                                      \
    "seed: 5\nformat: round-robin\ngames_per_pair: 2\n"                      \
    "time_control: {move_ms: 400}\nentrants:\n"                               \
    "  - {name: p1, command: \"" RUN_TBOTS "paced_bot 360\"}\n"                \
    "  - {name: p2, command: \"" RUN_TBOTS "paced_bot 360\"}\n"                \
    "  - {name: p3, command: \"" RUN_TBOTS "paced_bot 360\"}\n"

Test(shard, a_job_wide_sigterm_costs_no_bot_a_game, .timeout = 240)
{
    char dir[256], def[512], recs[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    chmod(dir, 0755);
    run_write_event(dir, "ev", SHARD_BODY_PACED, def, sizeof def);
    snprintf(recs, sizeof recs, "%s/records-ev", dir);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    const char *tag = dir + 5;
    pid_t pid = run_start(argv, tag);
    for (int i = 0; i < 3000 && run_count_records(recs) < 1; i++)
        usleep(10 * 1000);
    /* Two games under way, a few moves in: the bots signalled first,
     * the referee a moment later, as a signal to a whole job may come. */
    usleep(300 * 1000);
    cr_assert_geq(run_signal_tagged(tag, SIGTERM, pid), 3,
                  "the referee and the bots of two games");
    usleep(40 * 1000);
    kill(pid, SIGTERM);
    int status;
    waitpid(pid, &status, 0);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 130,
              "status %d", status);
    int n = run_count_records(recs);
    cr_assert_lt(n, 6, "the event was stopped before its end");
    DIR *d = opendir(recs);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.' || !strstr(e->d_name, ".yaml"))
            continue;
        char p[900];
        snprintf(p, sizeof p, "%s/%s", recs, e->d_name);
        char *rec = run_slurp(p, NULL);
        cr_assert(rec, "%s", p);
        cr_expect(!strstr(rec, "killed by signal"), "%s:\n%s", p, rec);
        free(rec);
    }
    if (d)
        closedir(d);
    for (int i = 0; i < 200 && run_count_tagged(tag) > 0; i++)
        usleep(10000);
    cr_assert_eq(run_count_tagged(tag), 0);
    cr_assert_eq(referee("shard", out, "event", "-j", "2", def), 0, "%s",
                 out);
    cr_assert_eq(run_count_records(recs), 6);
    run_rmtree(dir);
}

/* A cost that is not a positive number is refused with the file, the
 * line and the field; a good one is kept in event.yaml as given. */
Test(shard, a_bad_cost_is_refused_naming_file_line_and_field)
{
    char dir[256], def[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    chmod(dir, 0755);
    run_write_event(dir, "ev",
                    "seed: 1\nformat: round-robin\nentrants:\n"
                    "  - {name: a, command: " RUN_BOTS "random_bot}\n"
                    "  - {name: b, command: " RUN_BOTS "random_bot, "
                    "cost: 0}\n",
                    def, sizeof def);
    cr_assert_eq(referee("shard", out, "event", "--plan", def, NULL), 1,
                 "%s", out);
    char want[600];
    snprintf(want, sizeof want, "%s:8: entrants[1].cost: expected a number "
             "from 0.001 to 1000", def);
    cr_assert(strstr(out, want), "%s", out);
    run_write_event(dir, "ev",
                    "seed: 1\nformat: round-robin\nentrants:\n"
                    "  - {name: a, command: " RUN_BOTS "random_bot}\n"
                    "  - {name: b, command: " RUN_BOTS "random_bot, "
                    "cost: 2.5}\n",
                    def, sizeof def);
    cr_assert_eq(play_shard(def, 1, 2, out), 0, "%s", out);
    char snap[600];
    snprintf(snap, sizeof snap, "%s/records-ev/shards/1-of-2/event.yaml",
             dir);
    char *s = run_slurp(snap, NULL);
    cr_assert(s && strstr(s, "cost: 2.5"), "%s", s ? s : snap);
    free(s);
    run_rmtree(dir);
}
