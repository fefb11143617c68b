/*
 * test_box.c - what a boxed bot can see, call and take (README, "What a
 * bot may and may not do"): each promise tried by tests/bots/cheat_bot,
 * which plays legal moves and reports in its stderr log what else it
 * managed.  Where it shows that the test can fail, the same attack is made
 * without a box and must then succeed.
 *
 * The box needs root: run as another user these tests are skipped.
 */
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT_MAX 65536

static char out[OUT_MAX];

static void need_root(void)
{
    if (geteuid() != 0)
        cr_skip_test("the box needs root; these tests run as uid %d",
                     (int)geteuid());
}

/* Run the shell command cmd (the referee among it) with tag; it must
 * succeed. */
static void sh(const char *tag, const char *cmd)
{
    char *argv[] = {"/bin/sh", "-c", (char *)cmd, NULL};
    int rc = run_cmd(argv, tag, out, sizeof out);
    cr_assert_eq(rc, 0, "%s\n%s", cmd, out);
}

/* The stderr log of the seat whose command holds needle, game game of
 * the records in dir (free it). */
static char *log_of(const char *dir, int game, const char *needle)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", dir, game);
    record r;
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    char *text = NULL;
    for (int s = 0; s < r.nplayers; s++)
        if (strstr(r.players[s].command, needle) && r.players[s].log)
            text = run_slurp(r.players[s].log, NULL);
    record_release(&r);
    cr_assert_not_null(text, "no log of '%s' in %s", needle, path);
    return text;
}

static void write_text(const char *path, const char *text, mode_t mode)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s: %s", path, strerror(errno));
    fputs(text, f);
    fclose(f);
    chmod(path, mode);
}

/* ---- what it sees ----------------------------------------------------------- */

/* A league's folder: alice's bot (private, 0700), bob's files (readable
 * by all, as a bot's files had to be before), records already written,
 * the organiser's log; the referee runs there with a secret in its
 * environment. */
typedef struct {
    char dir[256];
    char snoop[4096], own[1024];
} league;

static void league_make(league *l)
{
    char path[600], cmd[2048];
    run_tmpdir(l->dir, sizeof l->dir);
    chmod(l->dir, 0755);
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/alice %s/bob %s/records && cp " RUN_TBOTS
             "cheat_bot %s/alice/ && chmod 700 %s/alice && "
             "chmod 755 %s/bob",
             l->dir, l->dir, l->dir, l->dir, l->dir, l->dir);
    sh("box-make", cmd);
    snprintf(path, sizeof path, "%s/bob/weights.txt", l->dir);
    write_text(path, "bob's secret weights\n", 0644);
    snprintf(path, sizeof path, "%s/records/game-0099.yaml", l->dir);
    write_text(path, "an earlier game's moves\n", 0644);
    snprintf(path, sizeof path, "%s/organiser.log", l->dir);
    write_text(path, "who plays whom next\n", 0644);
    char *cwd = getcwd(NULL, 0);
    cr_assert_not_null(cwd);
    snprintf(l->snoop, sizeof l->snoop,
             "%s/bob/weights.txt:%s/bob:%s/records/game-0099.yaml:"
             "%s/records:%s/organiser.log:/root:/home:%s/" RUN_REFEREE
             ":%s:/run:/var/log",
             l->dir, l->dir, l->dir, l->dir, l->dir, cwd, cwd);
    snprintf(l->own, sizeof l->own, "%s/alice/cheat_bot:%s/alice:/tmp",
             l->dir, l->dir);
    free(cwd);
}

/* Run `bot` (one command, the snooper) against a random bot from the
 * league's folder, with the referee's options opts and ORGANISER_TOKEN in
 * its environment; the snooper's log, which must say it got through. */
static char *league_match(const league *l, const char *opts, const char *bot)
{
    char cmd[8192], records[300];
    char *cwd = getcwd(NULL, 0);
    cr_assert_not_null(cwd);
    snprintf(records, sizeof records, "%s/records/out", l->dir);
    snprintf(cmd, sizeof cmd,
             "cd %s && ORGANISER_TOKEN=s3cret exec %s/" RUN_REFEREE
             " match -n 1 --seed 3 %s --out %s \"%s\" %s/" RUN_BOTS
             "random_bot",
             l->dir, cwd, opts, records, bot, cwd);
    free(cwd);
    sh("box-league", cmd);
    char *log = log_of(records, 1, "cheat_bot");
    cr_assert_not_null(strstr(log, "SNOOP done"), "%s", log);
    return log;
}

/* Alice's snooping bot, looking for everything league_make set out. */
static char *league_snoop(const league *l, const char *extra_opts)
{
    char bot[8192];
    snprintf(bot, sizeof bot,
             "SNOOP_PATHS='%s' SNOOP_OWN='%s' SNOOP_ENV=ORGANISER_TOKEN "
             "alice/cheat_bot snoop",
             l->snoop, l->own);
    return league_match(l, extra_opts, bot);
}

Test(box, a_bot_sees_its_own_files_and_nothing_of_the_others, .timeout = 120)
{
    need_root();
    league l;
    league_make(&l);
    char *log = league_snoop(&l, "");
    /* nothing of another entrant, the records, the organiser, the
     * referee, the machine's homes and control groups */
    cr_assert_null(strstr(log, "LEAK"), "%s", log);
    char *save = NULL, list[4096];
    snprintf(list, sizeof list, "%s", l.snoop);
    for (char *p = strtok_r(list, ":", &save); p;
         p = strtok_r(NULL, ":", &save)) {
        char want[600];
        snprintf(want, sizeof want, "SAFE read %s\n", p);
        cr_assert_not_null(strstr(log, want), "%s not tried:\n%s", p, log);
    }
    cr_assert_not_null(strstr(log, "SAFE env ORGANISER_TOKEN\n"), "%s", log);
    /* its own folder, private to the organiser's uid, and its /tmp */
    cr_assert_null(strstr(log, "NOT read"), "%s", log);
    free(log);
    run_rmtree(l.dir);
}

/* The same bot without a box reads all of it: the test can fail. */
Test(box, without_a_box_the_snooper_reads_everything, .timeout = 120)
{
    need_root();
    league l;
    league_make(&l);
    char *log = league_snoop(&l, "--sandbox off");
    char want[600];
    snprintf(want, sizeof want, "LEAK read %s/bob/weights.txt\n", l.dir);
    cr_assert_not_null(strstr(log, want), "%s", log);
    snprintf(want, sizeof want, "LEAK read %s/records/game-0099.yaml\n",
             l.dir);
    cr_assert_not_null(strstr(log, want), "%s", log);
    cr_assert_not_null(strstr(log, "LEAK env ORGANISER_TOKEN\n"), "%s", log);
    free(log);
    run_rmtree(l.dir);
}

/* A private file the command names, and a link in the entrant's folder
 * to a private folder that the organiser lists in REFEREE_FILES: both are
 * shown with the machine's permissions, so the bot reads neither, and the
 * game is played (not void). */
Test(box, named_private_files_and_links_stay_private, .timeout = 120)
{
    need_root();
    league l;
    league_make(&l);
    char path[600], bot[4096], records[300], link[600];
    snprintf(path, sizeof path, "%s/secret", l.dir);
    cr_assert_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/secret/key", l.dir);
    write_text(path, "the organiser's key\n", 0600);
    snprintf(path, sizeof path, "%s/secret", l.dir);
    snprintf(link, sizeof link, "%s/alice/data", l.dir);
    cr_assert_eq(symlink(path, link), 0);
    snprintf(records, sizeof records, "%s/records/out", l.dir);
    snprintf(bot, sizeof bot,
             "REFEREE_FILES=alice/data SNOOP_PATHS=%s/secret/key:"
             "%s/alice/data/key alice/cheat_bot snoop %s/secret/key",
             l.dir, l.dir, l.dir);
    char *log = league_match(&l, "", bot);
    cr_assert_null(strstr(log, "LEAK"), "%s", log);
    free(log);
    snprintf(path, sizeof path, "%s/game-0001.yaml", records);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_expect(run_is_rules_end(r.reason), "%s (%s)", r.reason,
              r.detail ? r.detail : "");
    record_release(&r);
    run_rmtree(l.dir);
}

/* A link in the entrant's folder to the machine's root, named in the
 * command and in REFEREE_FILES: never followed to show the machine. */
Test(box, a_link_to_the_root_shows_nothing_of_the_machine, .timeout = 120)
{
    need_root();
    league l;
    league_make(&l);
    char link[600], cmd[8192], records[300], bot[4096];
    snprintf(link, sizeof link, "%s/alice/root", l.dir);
    cr_assert_eq(symlink("/", link), 0);
    char *cwd = getcwd(NULL, 0);
    cr_assert_not_null(cwd);
    snprintf(records, sizeof records, "%s/records/out", l.dir);
    snprintf(bot, sizeof bot,
             "SNOOP_PATHS=%s/alice/root/root:%s/alice/root%s/README.md:"
             "%s/alice/root/proc/1/cmdline alice/cheat_bot snoop alice/root/",
             l.dir, l.dir, cwd, l.dir);
    char *log = league_match(&l, "", bot);
    cr_assert_null(strstr(log, "LEAK"), "%s", log);
    free(log);
    /* named as a box's extra files, the link is refused outright */
    snprintf(cmd, sizeof cmd,
             "cd %s && exec %s/" RUN_REFEREE " match -n 1 --seed 3 --out "
             "%s/x \"REFEREE_FILES=alice/root alice/cheat_bot snoop\" %s/"
             RUN_BOTS "random_bot",
             l.dir, cwd, records, cwd);
    free(cwd);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    run_cmd(argv, "box-link2", out, sizeof out);
    cr_assert_not_null(strstr(out, "REFEREE_FILES: 'alice/root' is (or leads "
                                   "to) the working directory"),
                       "%s", out);
    run_rmtree(l.dir);
}

/* An entrant that writes its own command: an interpreter's later word
 * naming another entrant's private file does not make that folder its
 * own, and a readable file inside a private folder, named in
 * REFEREE_FILES, is not shown past the folder that guards it. */
Test(box, a_command_cannot_adopt_another_entrants_files, .timeout = 120)
{
    need_root();
    league l;
    league_make(&l);
    char path[600], cmd[8192];
    snprintf(path, sizeof path, "%s/carol", l.dir);
    cr_assert_eq(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/carol/notes.txt", l.dir);
    write_text(path, "carol's notes\n", 0600);
    snprintf(path, sizeof path, "%s/alice/book.txt", l.dir);
    write_text(path, "alice's book\n", 0644); /* in her 0700 folder */
    snprintf(cmd, sizeof cmd, "mkdir -p %s/pub && cp " RUN_TBOTS
             "cheat_bot %s/pub/ && chmod -R a+rX %s/pub", l.dir, l.dir, l.dir);
    sh("box-adopt-make", cmd);
    char bot[4096];
    snprintf(bot, sizeof bot,
             "REFEREE_FILES=pub:alice/book.txt SNOOP_PATHS=%s/carol/notes.txt:"
             "%s/alice/book.txt /bin/sh -c 'exec pub/cheat_bot snoop' "
             "%s/carol/notes.txt",
             l.dir, l.dir, l.dir);
    char *log = league_match(&l, "", bot);
    cr_assert_null(strstr(log, "LEAK"), "%s", log);
    free(log);
    run_rmtree(l.dir);
}

/* Every call of the filter's list fails in a box, with the README's
 * error. */
Test(box, refused_system_calls_fail_with_their_errors, .timeout = 120)
{
    need_root();
    static const struct {
        const char *name;
        int err;
    } calls[] = {
        {"unshare", EPERM},         {"ptrace", EPERM},
        {"perf_event_open", EPERM}, {"bpf", EPERM},
        {"userfaultfd", EPERM},     {"io_uring_setup", ENOSYS},
        {"mount", EPERM},           {"add_key", EPERM},
        {"inotify_init1", EPERM},   {"process_vm_readv", EPERM},
        {"madvise_populate", EINVAL}, {"mmap_populate", EPERM},
    };
    league l;
    league_make(&l);
    char *log = league_snoop(&l, "");
    for (size_t i = 0; i < sizeof calls / sizeof *calls; i++) {
        char want[80];
        snprintf(want, sizeof want, "CALL %s %d\n", calls[i].name,
                 calls[i].err);
        cr_expect_not_null(strstr(log, want), "%s:\n%s", want, log);
    }
    free(log);
    run_rmtree(l.dir);
}

/* ---- what it can pass ---------------------------------------------------------- */

/* Two games at once, each a sender against a receiver: a token through
 * locks, flock and inotify on a file every box shows; the log of each
 * receiver. */
static void talk(const char *dir, const char *opts, const char *keys,
                 char *logs[2])
{
    char cmd[4096];
    char *cwd = getcwd(NULL, 0);
    cr_assert_not_null(cwd);
    snprintf(cmd, sizeof cmd,
             "exec %s/" RUN_REFEREE " match -n 2 -j 2 --seed 5 %s --out %s "
             "\"TALK_FILE=/etc/passwd %s%s/" RUN_TBOTS
             "cheat_bot send 0123456789abcdef\" "
             "\"TALK_FILE=/etc/passwd %s%s/" RUN_TBOTS "cheat_bot recv\"",
             cwd, opts, dir, keys, cwd, keys, cwd);
    free(cwd);
    sh("box-talk", cmd);
    for (int g = 0; g < 2; g++) {
        logs[g] = log_of(dir, g + 1, "recv");
        cr_assert_not_null(strstr(logs[g], "RECV done"), "%s", logs[g]);
    }
}

Test(box, no_lock_inotify_or_key_passes_between_bots, .timeout = 180)
{
    need_root();
    char dir[256], *logs[2];
    run_tmpdir(dir, sizeof dir);
    talk(dir, "", "TALK_KEYS=1 ", logs);
    for (int g = 0; g < 2; g++) {
        cr_assert_null(strstr(logs[g], "GOT"), "game %d:\n%s", g + 1,
                       logs[g]);
        free(logs[g]);
    }
    /* the sender was told its locks were taken: it cannot tell either */
    char *send = log_of(dir, 1, "send");
    cr_assert_not_null(strstr(send, "locks 0 (ok) flock 0 (ok) key -1 "
                                    "(Operation not permitted)"),
                       "%s", send);
    free(send);
    run_rmtree(dir);
}

Test(box, without_a_box_locks_and_inotify_carry_the_token, .timeout = 180)
{
    need_root();
    char dir[256], *logs[2];
    run_tmpdir(dir, sizeof dir);
    talk(dir, "--sandbox off", "", logs);
    int got = 0;
    for (int g = 0; g < 2; g++) {
        got += strstr(logs[g], "GOT locks 0123456789abcdef") != NULL &&
               strstr(logs[g], "GOT hilocks 0123456789abcdef") != NULL;
        cr_assert_not_null(strstr(logs[g], "GOT inotify"), "%s", logs[g]);
        free(logs[g]);
    }
    cr_assert_gt(got, 0, "no receiver read the token");
    run_rmtree(dir);
}

/* ---- the CPU ----------------------------------------------------------------- */

/* A bot whose 8 threads spin whenever its opponent is on move, against a
 * bot that sleeps 150 ms a turn: of the stretches between the spinner's
 * move and its next turn, how many held a stretch of 140 ms or more in
 * which none of its threads ran (*frozen), out of how many (*periods).
 * A freeze shows whatever the machine's load; spinning threads that run
 * show none. */
static void spin_periods(const char *opts, int *frozen, int *periods)
{
    char dir[256], cmd[4096];
    run_tmpdir(dir, sizeof dir);
    char *cwd = getcwd(NULL, 0);
    cr_assert_not_null(cwd);
    snprintf(cmd, sizeof cmd,
             "exec %s/" RUN_REFEREE " match -n 1 --seed 2 --move-ms 5000 %s "
             "--out %s '%s/" RUN_TBOTS "cheat_bot spin 8' '%s/" RUN_TBOTS
             "slow_bot 150'",
             cwd, opts, dir, cwd, cwd);
    free(cwd);
    sh("box-spin", cmd);
    char *log = log_of(dir, 1, "cheat_bot");
    const char *at = strstr(log, "SPIN cpu_ms=");
    cr_assert_not_null(at, "%s", log);
    cr_assert_eq(sscanf(strstr(at, "periods="), "periods=%d frozen=%d",
                        periods, frozen),
                 2, "%s", log);
    cr_assert_gt(*periods, 5, "%s", log);
    free(log);
    run_rmtree(dir);
}

/* Frozen off move (the default): through every turn of its opponent the
 * spinner does not run at all. */
Test(box, a_spinner_is_frozen_through_its_opponents_every_turn,
     .timeout = 180)
{
    need_root();
    int frozen, periods;
    spin_periods("", &frozen, &periods);
    cr_assert_eq(frozen, periods, "frozen through %d of %d turns", frozen,
                 periods);
}

/* With --ponder it spins on the opponent's time: the test above can
 * fail. */
Test(box, pondering_lets_the_spinner_run, .timeout = 180)
{
    need_root();
    int frozen, periods;
    spin_periods("--ponder", &frozen, &periods);
    cr_assert_lt(frozen, periods, "frozen through %d of %d turns", frozen,
                 periods);
}

/* An event entrant's `files` and `env` reach its box: the folder `files`
 * names is shown, the variables `env` sets are there; another entrant's
 * files are not. */
Test(box, an_entrants_files_and_env_reach_its_box, .timeout = 180)
{
    need_root();
    league l;
    league_make(&l);
    char path[600], cmd[4096];
    snprintf(path, sizeof path, "%s/books", l.dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/books/opening.txt", l.dir);
    write_text(path, "a1 1R\n", 0644);
    char *cwd = getcwd(NULL, 0);
    cr_assert_not_null(cwd);
    snprintf(path, sizeof path, "%s/def.yaml", l.dir);
    snprintf(cmd, sizeof cmd,
             "event: box-files\nseed: 1\nformat: round-robin\n"
             "games_per_pair: 1\ntime_control: {move_ms: 5000}\n"
             "records: %s/ev\nresults: %s/res\nentrants:\n"
             "  - {name: alice, command: alice/cheat_bot snoop, "
             "files: [books], env: {SNOOP_OWN: %s/books/opening.txt, "
             "SNOOP_PATHS: %s/bob/weights.txt}}\n"
             "  - {name: rnd, command: %s/" RUN_BOTS "random_bot}\n",
             l.dir, l.dir, l.dir, l.dir, cwd);
    write_text(path, cmd, 0644);
    snprintf(cmd, sizeof cmd, "cd %s && exec %s/" RUN_REFEREE
             " event def.yaml", l.dir, cwd);
    free(cwd);
    sh("box-event", cmd);
    /* the one game's record: the only .yaml in the records folder but
     * event.yaml */
    char recdir[600], rec[900] = "";
    snprintf(recdir, sizeof recdir, "%s/ev", l.dir);
    DIR *d = opendir(recdir);
    cr_assert_not_null(d, "%s", recdir);
    for (struct dirent *e; (e = readdir(d));)
        if (strstr(e->d_name, ".yaml") && strcmp(e->d_name, "event.yaml"))
            snprintf(rec, sizeof rec, "%s/%s", recdir, e->d_name);
    closedir(d);
    record r;
    char err[512];
    cr_assert_eq(record_read(rec, &r, err, sizeof err), 0, "%s: %s", rec,
                 err);
    char *log = NULL;
    for (int s = 0; s < r.nplayers; s++)
        if (strstr(r.players[s].command, "cheat_bot"))
            log = run_slurp(r.players[s].log, NULL);
    record_release(&r);
    cr_assert_not_null(log);
    char want[700];
    snprintf(want, sizeof want, "OWN read %s/books/opening.txt\n", l.dir);
    cr_assert_not_null(strstr(log, want), "%s", log);
    snprintf(want, sizeof want, "SAFE read %s/bob/weights.txt\n", l.dir);
    cr_assert_not_null(strstr(log, want), "%s", log);
    free(log);
    run_rmtree(l.dir);
}
