/*
 * test_keep.c - `match --keep-bots`: bots that say `id option newgame`
 * play game after game in one process; bots that do not, or that break
 * the promise between games, are started afresh, and no game is lost for
 * what a bot did while no game was being played.
 */
#include "record/record.h"
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A run that must work. */
static void krun_match(mrun *k, const char *const *opts, const char *bot1,
                       const char *bot2)
{
    mrun_match(k, opts, bot1, bot2);
    cr_assert_eq(k->rc, 0, "%s", k->out);
}

/* The distinct stderr logs the records name for the bot whose command
 * holds needle: one per process that played. */
static int krun_processes(const mrun *k, int games, const char *needle)
{
    char seen[64][512];
    int n = 0;
    for (int g = 1; g <= games; g++) {
        record r;
        mrun_record(k, g, &r);
        for (int s = 0; s < r.nplayers; s++) {
            if (!strstr(r.players[s].command, needle) || !r.players[s].log)
                continue;
            bool known = false;
            for (int i = 0; i < n; i++)
                known |= !strcmp(seen[i], r.players[s].log);
            if (!known && n < 64)
                snprintf(seen[n++], sizeof seen[0], "%s", r.players[s].log);
        }
        record_release(&r);
    }
    return n;
}

static const char *krun_reason(const mrun *k, int game, char *buf,
                               size_t len, int *fault_cmd_renew)
{
    record r;
    mrun_record(k, game, &r);
    snprintf(buf, len, "%s", r.reason);
    *fault_cmd_renew = r.fault_seat >= 0 &&
                       strstr(r.players[r.fault_seat].command, "renew_bot");
    record_release(&r);
    return buf;
}

static int count_logs(const mrun *k)
{
    char logs[300];
    snprintf(logs, sizeof logs, "%s/logs", k->dir);
    DIR *d = opendir(logs);
    cr_assert(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

Test(keep, kept_bots_play_every_game_in_one_process, .timeout = 120)
{
    mrun k;
    const char *opts[] = {"-n", "6", "-j", "2", "--seed", "9",
                          "--keep-bots", NULL};
    krun_match(&k, opts, RUN_TBOTS "renew_bot good", RUN_BOTS "random_bot");
    char why[64];
    int renew_fault;
    for (int g = 1; g <= 6; g++)
        cr_expect(run_is_rules_end(krun_reason(&k, g, why, sizeof why,
                                               &renew_fault)),
                  "game %d: %s", g, why);
    /* Two games at once: two processes of each bot for six games. */
    cr_expect_eq(krun_processes(&k, 6, "renew_bot"), 2);
    cr_expect_eq(krun_processes(&k, 6, "random_bot"), 2);
    cr_expect_eq(count_logs(&k), 4);
    mrun_finish(&k);
}

Test(keep, without_the_option_every_game_starts_its_bots, .timeout = 120)
{
    mrun k;
    const char *opts[] = {"-n", "3", "--seed", "9", NULL};
    krun_match(&k, opts, RUN_TBOTS "renew_bot good", RUN_BOTS "random_bot");
    cr_expect_eq(krun_processes(&k, 3, "renew_bot"), 3);
    cr_expect_eq(count_logs(&k), 6);
    mrun_finish(&k);
}

/* A bot that exits when told `newgame` is started afresh for the next
 * game, which it plays as usual. */
Test(keep, a_bot_that_leaves_between_games_is_restarted, .timeout = 120)
{
    mrun k;
    const char *opts[] = {"-n", "3", "--seed", "9", "--keep-bots", NULL};
    krun_match(&k, opts, RUN_TBOTS "renew_bot exit", RUN_BOTS "random_bot");
    char why[64];
    int renew_fault;
    for (int g = 1; g <= 3; g++)
        cr_expect(run_is_rules_end(krun_reason(&k, g, why, sizeof why,
                                               &renew_fault)),
                  "game %d: %s", g, why);
    cr_expect_eq(krun_processes(&k, 3, "renew_bot"), 3);
    cr_expect_eq(krun_processes(&k, 3, "random_bot"), 1);
    mrun_finish(&k);
}

/* A move sent while no game is played: the bot is killed, and the next
 * game starts a fresh one and is played by the rules. */
Test(keep, a_move_between_games_costs_the_process_not_a_game,
     .timeout = 120)
{
    mrun k;
    const char *opts[] = {"-n", "2", "--seed", "9", "--keep-bots", NULL};
    krun_match(&k, opts, RUN_TBOTS "renew_bot move", RUN_BOTS "random_bot");
    char why[64];
    int renew_fault;
    cr_expect(run_is_rules_end(krun_reason(&k, 2, why, sizeof why,
                                           &renew_fault)),
              "game 2: %s\n%s", why, k.out);
    cr_expect_eq(krun_processes(&k, 2, "renew_bot"), 2, "%s", k.out);
    mrun_finish(&k);
}

/* A kept bot that never says `ready` again loses the next game on its
 * handshake, as a fresh bot would. */
Test(keep, a_kept_bot_that_is_never_ready_loses_its_handshake,
     .timeout = 120)
{
    mrun k;
    const char *opts[] = {"-n", "2", "--seed", "9", "--keep-bots",
                          "--startup-ms", "1000", NULL};
    krun_match(&k, opts, RUN_TBOTS "renew_bot mute", RUN_BOTS "random_bot");
    char why[64];
    int renew_fault = 0;
    cr_expect_str_eq(krun_reason(&k, 2, why, sizeof why, &renew_fault),
                     "handshake");
    cr_expect(renew_fault, "the fault is not the renew bot's");
    mrun_finish(&k);
}

/* A kept bot that leaves late in the next game's start-up allowance: its
 * fresh successor gets the whole allowance, and plays. */
Test(keep, a_late_leaver_s_successor_gets_the_whole_allowance,
     .timeout = 120)
{
    mrun k;
    const char *opts[] = {"-n", "2", "--seed", "9", "--keep-bots",
                          "--startup-ms", "1000", NULL};
    krun_match(&k, opts, RUN_TBOTS "renew_bot late", RUN_BOTS "random_bot");
    char why[64];
    int renew_fault;
    cr_expect(run_is_rules_end(krun_reason(&k, 2, why, sizeof why,
                                           &renew_fault)),
              "game 2: %s\n%s", why, k.out);
    cr_expect_eq(krun_processes(&k, 2, "renew_bot"), 2, "%s", k.out);
    mrun_finish(&k);
}
