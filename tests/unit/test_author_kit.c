/*
 * test_author_kit.c - the bot author's path, end to end, as the issue
 * that asked for the kit puts it: copy a starter bot, fill in its one
 * function, run check-bot until it passes, and enter the bot in a league.
 * (Playing it by hand is test_play.c's.)  Real files, real processes:
 * the Python starter, copied out of the tree and changed as an author
 * would, checked and then played in a round-robin event.
 */
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The author's copy of the starter in a folder the sandboxed bot can
 * read (under the working directory: a box sees no host /tmp), with
 * choose_move filled in.  The folder in dir. */
static void kit_copy_and_fill(char *dir, size_t len)
{
    mkdir(RUN_DIR "kit", 0755);
    snprintf(dir, len, RUN_DIR "kit/author-XXXXXX");
    cr_assert(mkdtemp(dir), "mkdtemp failed");
    cr_assert_eq(chmod(dir, 0755), 0);
    char *src = run_slurp("bots/starters/python/starter.py", NULL);
    cr_assert(src, "no Python starter");
    const char *stock = "    return rng.choice(moves)\n";
    char *at = strstr(src, stock);
    cr_assert(at, "the starter's choose_move has changed: update this test");
    char path[512];
    snprintf(path, sizeof path, "%s/my_bot.py", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    /* The author's own choice: the last legal move in the list. */
    fprintf(f, "%.*s    return moves[-1]\n%s", (int)(at - src), src,
            at + strlen(stock));
    fclose(f);
    free(src);
    cr_assert_eq(chmod(path, 0644), 0);
}

static void kit_remove(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/my_bot.py", dir);
    unlink(path);
    rmdir(dir);
}

Test(author_kit, a_filled_in_starter_passes_check_bot_and_plays_a_league,
     .timeout = 240)
{
    if (system("command -v python3 >/dev/null 2>&1") != 0)
        cr_skip_test("python3 is not installed (apt-get install python3)");
    /* Set on some machines; it would hide a bot that does not flush. */
    unsetenv("PYTHONUNBUFFERED");
    char kit[256], cmd[512];
    kit_copy_and_fill(kit, sizeof kit);
    snprintf(cmd, sizeof cmd, "python3 %s/my_bot.py", kit);

    static char out[1 << 17];
    char *check[] = {RUN_REFEREE, "check-bot", "--game", "pentago", "--",
                     "python3", NULL, NULL};
    char script[512];
    snprintf(script, sizeof script, "%s/my_bot.py", kit);
    check[6] = script;
    int rc = run_cmd(check, "author_kit", out, sizeof out);
    cr_assert_eq(rc, 0, "check-bot failed (status %d):\n%s", rc, out);
    cr_expect(strstr(out, " 0 failed"), "%s", out);

    char dir[256], def[512], path[512];
    run_tmpdir(dir, sizeof dir);
    char body[2048];
    snprintf(body, sizeof body,
             "seed: 11\nformat: round-robin\ngames_per_pair: 2\n"
             "time_control: {move_ms: 3000}\n"
             "entrants:\n"
             "  - {name: my-bot, command: %s}\n"
             "  - {name: random, command: " RUN_BOTS "random_bot}\n"
             "  - {name: greedy, command: " RUN_BOTS "greedy_bot}\n",
             cmd);
    run_write_event(dir, "kit", body, def, sizeof def);
    char *event[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    rc = run_cmd(event, dir + 5, out, sizeof out);
    cr_assert_eq(rc, 0, "the league failed (status %d):\n%s", rc, out);

    /* Every game of my-bot finished by the rules, in both seats. */
    snprintf(path, sizeof path, "%s/records-kit", dir);
    DIR *d = opendir(path);
    cr_assert(d, "no records in %s", path);
    int games = 0, seats[2] = {0, 0};
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml"))
            continue;
        char rec[768], err[512];
        snprintf(rec, sizeof rec, "%s/%s", path, e->d_name);
        record r;
        cr_assert_eq(record_read(rec, &r, err, sizeof err), 0, "%s", err);
        for (int s = 0; s < 2; s++)
            if (r.players[s].command && strstr(r.players[s].command,
                                               "my_bot.py")) {
                games++;
                seats[s]++;
                cr_expect_eq(r.fault_seat, -1, "%s: %s: %s", e->d_name,
                             r.reason, r.detail ? r.detail : "");
                cr_expect(run_is_rules_end(r.reason), "%s ended by %s",
                          e->d_name, r.reason);
            }
        record_release(&r);
    }
    closedir(d);
    cr_expect_eq(games, 4, "my-bot played %d games, not 2 x 2", games);
    cr_expect(seats[0] && seats[1], "my-bot started %d and answered %d",
              seats[0], seats[1]);
    snprintf(path, sizeof path, "%s/results-kit/league.md", dir);
    char *table = run_slurp(path, NULL);
    cr_assert(table, "no league table %s", path);
    cr_expect(strstr(table, "my-bot"), "my-bot is not in the table:\n%s",
              table);
    free(table);
    cr_expect_eq(run_count_tagged(dir + 5), 0, "bots left behind");
    run_rmtree(dir);
    kit_remove(kit);
}
