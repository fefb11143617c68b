/*
 * test_ci_check.c - bots/ci/strength-check.sh, the CI strength check for a
 * bot in any language, end to end: the script run as a CI job runs it, on
 * a git repository of a Python bot (bots/ci/example_bot.py) whose newest
 * commit leaves the bot as it was (the check passes, exit 0) or weakens it
 * (it plays at random: the check fails, exit 3), on two command lines with
 * a bot weaker in one game only (the worst game counts), on a repository
 * with no base yet (exit 0, said so) and on bad input (1, 2).
 *
 * Fast and the same on a busy machine: the CPU clock with a second a move
 * for a bot that needs about 30 ms (no verdict depends on wall time),
 * generous start-up and wall allowances, wide bounds ([-300, -100]
 * normalised Elo: a bot that plays at random against its one-ply self is
 * some thousand below, an unchanged one at 0), a cap of 60 pairs a game,
 * fixed seeds.  Python bots with the sandbox the script defaults to (off,
 * bots/ci/README.md); the unchanged bot's test boxes them where the
 * machine allows it, as a root CI runner would.
 */
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CI_OUT_MAX (256 * 1024)
#define CI_SCRIPT "bots/ci/strength-check.sh"
#define CI_BOT "bots/ci/example_bot.py"

static char out[CI_OUT_MAX];

static void ci_need(const char *program)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", program);
    if (system(cmd) != 0)
        cr_skip_test("%s is not installed: the check cannot run", program);
}

/* sh -c cmd, which must succeed. */
static void ci_sh(const char *cmd)
{
    int rc = system(cmd);
    cr_assert_eq(rc, 0, "failed (%d): %s", rc, cmd);
}

/* The fast settings, then the rest of the script's arguments. */
#define CI_FAST                                                               \
    "--referee", RUN_REFEREE, "--elo0", "-300", "--elo1", "-100",             \
        "--max-pairs", "60", "-j", "2", "--move-ms", "1000", "--clock",      \
        "cpu"
#define CI_SPRT_EXTRA "--", "--startup-ms", "30000", "--wall-cap-ms", "60000"

/* The script with args (NULL-terminated, at most 40); its exit status. */
static int ci_run(const char *dir, const char *const *args)
{
    char *argv[48];
    int n = 0;
    argv[n++] = "/bin/sh";
    argv[n++] = CI_SCRIPT;
    for (int i = 0; args[i] && n < 46; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    return run_cmd(argv, dir + 5, out, sizeof out);
}

/* dir/repo: a git repository of the example bot as bot.py, one commit;
 * then, if second is not NULL, a second commit made by the shell command
 * second (run in the repository). */
static void ci_repo(const char *dir, const char *second)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "set -e; mkdir %s/repo; cp " CI_BOT " %s/repo/bot.py; cd %s/repo;"
             " git init -q; git add bot.py;"
             " git -c user.name=t -c user.email=t@t commit -qm one",
             dir, dir, dir);
    ci_sh(cmd);
    if (!second)
        return;
    snprintf(cmd, sizeof cmd,
             "set -e; cd %s/repo; %s; git add -A;"
             " git -c user.name=t -c user.email=t@t commit -qm two",
             dir, second);
    ci_sh(cmd);
}

/* What a game's summary, dir/out/game/sprt.yaml, says its exit status
 * was; -1 without one. */
static int ci_game_status(const char *dir, const char *game)
{
    char path[512];
    snprintf(path, sizeof path, "%s/out/%s/sprt.yaml", dir, game);
    char *s = run_slurp(path, NULL);
    if (!s)
        return -1;
    const char *p = strstr(s, "\nexit_status: ");
    int st = p ? atoi(p + 14) : -1;
    free(s);
    return st;
}

/* The first game record of dir/out/game names the bots by the launcher
 * in each tree and then the bot's own command line. */
static void ci_expect_launched(const char *dir, const char *game)
{
    char path[512], want[512];
    snprintf(path, sizeof path, "%s/out/%s/game-0001.yaml", dir, game);
    char *rec = run_slurp(path, NULL);
    cr_assert(rec, "no %s\n%s", path, out);
    snprintf(want, sizeof want, "%s/repo/.strength-check-bot python3 bot.py",
             dir);
    cr_expect(strstr(rec, want), "no '%s' in %s", want, path);
    snprintf(want, sizeof want,
             "%s/out/base/.strength-check-bot python3 bot.py", dir);
    cr_expect(strstr(rec, want), "no '%s' in %s", want, path);
    free(rec);
}

/* Nothing of the run is left: no launcher in the candidate's tree, no
 * base tree, no bot process. */
static void ci_expect_clean(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/repo/.strength-check-bot", dir);
    cr_expect_neq(access(path, F_OK), 0, "%s is left", path);
    snprintf(path, sizeof path, "%s/out/base", dir);
    cr_expect_neq(access(path, F_OK), 0, "%s is left", path);
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "test \"$(git -C %s/repo worktree list | wc -l)\" -eq 1", dir);
    cr_expect_eq(system(cmd), 0, "a worktree is still listed");
    cr_expect_eq(run_count_tagged(dir + 5), 0, "bot processes are left");
}

/* A commit that leaves the bot as it was (a README): the check against
 * HEAD~1 passes in both games, each game's test accepting H1. */
Test(ci_check, an_unchanged_bot_passes, .timeout = 120)
{
    ci_need("git");
    ci_need("python3");
    char dir[256], outdir[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(outdir, sizeof outdir, "%s/out", dir);
    ci_repo(dir, "echo 'a bot' > README");
    char repo[300];
    snprintf(repo, sizeof repo, "%s/repo", dir);
    /* Boxed, where the machine allows it: the launcher in each tree makes
     * the tree the bot's own folder. */
    const char *box = geteuid() == 0 ? "on" : "off";
    const char *const args[] = {CI_FAST, "--repo", repo, "--bot",
                                "python3 bot.py", "--build",
                                "python3 -m py_compile bot.py", "--seed",
                                "7", "--sandbox", box, "--out", outdir,
                                CI_SPRT_EXTRA, NULL};
    int rc = ci_run(dir, args);
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "base: HEAD~1 = "), "%s", out);
    cr_expect(strstr(out, "PASSED"), "%s", out);
    cr_expect_eq(ci_game_status(dir, "pentago"), 0, "%s", out);
    cr_expect_eq(ci_game_status(dir, "pente"), 0, "%s", out);
    ci_expect_launched(dir, "pente");
    ci_expect_clean(dir);
    char path[512];
    snprintf(path, sizeof path, "%s/summary.md", outdir);
    char *sum = run_slurp(path, NULL);
    cr_assert(sum, "no %s", path);
    cr_expect(strstr(sum, "PASSED") && strstr(sum, "- pentago: H1 accepted") &&
                  strstr(sum, "- pente: H1 accepted"),
              "%s", sum);
    free(sum);
    run_rmtree(dir);
}

/* A commit that makes the bot play at random: the first game's test
 * accepts H0, the check fails with 3 and tests no further game. */
Test(ci_check, a_weakened_bot_fails, .timeout = 120)
{
    ci_need("git");
    ci_need("python3");
    char dir[256], outdir[300], repo[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(outdir, sizeof outdir, "%s/out", dir);
    snprintf(repo, sizeof repo, "%s/repo", dir);
    ci_repo(dir, "sed -i 's/^WEAK_GAMES = ()/WEAK_GAMES = "
                 "(\"pentago\", \"pente\")/' bot.py;"
                 " grep -q '^WEAK_GAMES = (\"pentago\"' bot.py");
    const char *const args[] = {CI_FAST, "--repo", repo, "--bot",
                                "python3 bot.py", "--base", "HEAD~1",
                                "--seed", "8", "--out", outdir,
                                CI_SPRT_EXTRA, NULL};
    int rc = ci_run(dir, args);
    cr_expect_eq(rc, 3, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "FAILED"), "%s", out);
    cr_expect_eq(ci_game_status(dir, "pentago"), 3, "%s", out);
    cr_expect_eq(ci_game_status(dir, "pente"), -1,
                 "pente was tested after pentago failed\n%s", out);
    ci_expect_launched(dir, "pentago");
    ci_expect_clean(dir);
    run_rmtree(dir);
}

/* Two command lines, the base an identical copy of the bot, the candidate
 * weaker in Pente only; --keep-going tests both: Pentago passes, Pente
 * fails, and the check fails with 3. */
Test(ci_check, weaker_in_one_game_fails_the_check, .timeout = 120)
{
    ci_need("python3");
    char dir[256], outdir[300], base[400], cmd[700];
    run_tmpdir(dir, sizeof dir);
    snprintf(outdir, sizeof outdir, "%s/out", dir);
    snprintf(cmd, sizeof cmd, "mkdir %s/old && cp " CI_BOT " %s/old/", dir,
             dir);
    ci_sh(cmd);
    snprintf(base, sizeof base, "python3 %s/old/example_bot.py", dir);
    const char *const args[] = {CI_FAST, "--games", "pentago,pente",
                                "--keep-going", "--seed", "9", "--out",
                                outdir, "python3 " CI_BOT " --weak-in pente",
                                base, CI_SPRT_EXTRA, NULL};
    int rc = ci_run(dir, args);
    cr_expect_eq(rc, 3, "status %d\n%s", rc, out);
    cr_expect_eq(ci_game_status(dir, "pentago"), 0, "%s", out);
    cr_expect_eq(ci_game_status(dir, "pente"), 3, "%s", out);
    cr_expect(strstr(out, "pentago: H1 accepted: passed (exit 0)"), "%s", out);
    cr_expect(strstr(out, "pente: H0 accepted: failed (exit 3)"), "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0, "bot processes are left");
    run_rmtree(dir);
}

/* The first commit of a repository: no base yet.  The check says so (a
 * GitHub Actions notice when it runs there) and passes without playing. */
Test(ci_check, no_base_yet_passes_saying_so, .timeout = 60)
{
    ci_need("git");
    char dir[256], outdir[300], repo[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(outdir, sizeof outdir, "%s/out", dir);
    snprintf(repo, sizeof repo, "%s/repo", dir);
    ci_repo(dir, NULL);
    setenv("GITHUB_ACTIONS", "true", 1);
    /* A referee that does not exist: none is needed without a base. */
    const char *const args[] = {"--referee", "/nonexistent/referee",
                                "--repo", repo, "--bot", "python3 bot.py",
                                "--out", outdir, NULL};
    int rc = ci_run(dir, args);
    unsetenv("GITHUB_ACTIONS");
    cr_expect_eq(rc, 0, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "no base yet: HEAD~1 is no commit"), "%s", out);
    cr_expect(strstr(out, "::notice title=strength check::no base yet"), "%s",
              out);
    cr_expect_eq(ci_game_status(dir, "pentago"), -1);
    run_rmtree(dir);
}

/* A base given that is no commit is an error (1), not "no base yet";
 * usage errors are 2; an earlier test in --out is not mixed with a new
 * one. */
Test(ci_check, bad_input_is_refused, .timeout = 60)
{
    ci_need("git");
    char dir[256], outdir[300], repo[300];
    run_tmpdir(dir, sizeof dir);
    snprintf(outdir, sizeof outdir, "%s/out", dir);
    snprintf(repo, sizeof repo, "%s/repo", dir);
    ci_repo(dir, "echo x > README");

    const char *const no_tag[] = {"--referee", RUN_REFEREE, "--repo", repo,
                                  "--bot", "python3 bot.py", "--base",
                                  "v9.9", "--out", outdir, NULL};
    int rc = ci_run(dir, no_tag);
    cr_expect_eq(rc, 1, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "--base 'v9.9' is no commit"), "%s", out);

    const char *const one_cmd[] = {"--referee", RUN_REFEREE, "./bot", NULL};
    rc = ci_run(dir, one_cmd);
    cr_expect_eq(rc, 2, "status %d\n%s", rc, out);

    const char *const clock[] = {"--clock", "sundial", "./a", "./b", NULL};
    rc = ci_run(dir, clock);
    cr_expect_eq(rc, 2, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "--clock is cpu or wall"), "%s", out);

    const char *const book[] = {"--openings", "/nonexistent.txt", "./a",
                                "./b", NULL};
    rc = ci_run(dir, book);
    cr_expect_eq(rc, 2, "status %d\n%s", rc, out);

    char cmd[700];
    snprintf(cmd, sizeof cmd, "mkdir -p %s/pente && touch %s/pente/x",
             outdir, outdir);
    ci_sh(cmd);
    const char *const again[] = {"--referee", RUN_REFEREE, "--out", outdir,
                                 "./a", "./b", NULL};
    rc = ci_run(dir, again);
    cr_expect_eq(rc, 2, "status %d\n%s", rc, out);
    cr_expect(strstr(out, "holds an earlier test"), "%s", out);
    run_rmtree(dir);
}
