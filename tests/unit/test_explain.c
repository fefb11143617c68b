/*
 * test_explain.c - a referee that explains itself: a bot that loses by a
 * fault is told why where it can still read it, and its log ends with
 * the cause; a crash quotes the bot's last stderr lines; a handshake that
 * fails says whether the bot's output may be unflushed or starts with a
 * byte-order mark; a timeout says how late the move came against the
 * deadline; a time control without a limit or a bank writes nothing.
 * Real referee, real bot processes, records and logs read back.
 */
#include "support/mrun.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The stderr log of seat s of game 1, whole (asserts it can be read). */
static char *read_log(const mrun *m, int s)
{
    char path[512];
    snprintf(path, sizeof path, "%s/logs/game-0001-seat%d.log", m->dir, s);
    FILE *f = fopen(path, "r");
    cr_assert(f, "no log %s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* Game 1 of a match between bot and the C random bot; the record in r,
 * the seat of bot returned. */
static int play_one(mrun *m, const char *const *opts, const char *bot,
                    const char *needle, record *r)
{
    mrun_match(m, opts, bot, RUN_BOTS "random_bot");
    cr_assert_eq(m->rc, 0, "referee failed:\n%s", m->out);
    mrun_record(m, 1, r);
    int s = mrun_seat_of(r, needle);
    cr_assert_geq(s, 0, "no seat runs %s", needle);
    return s;
}

Test(explain, the_bot_at_fault_reads_why_and_its_log_ends_with_it,
     .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", NULL};
    mrun m;
    record r;
    int bad = play_one(&m, opts, RUN_TBOTS "illegal_bot norotation",
                       "illegal_bot", &r);
    cr_assert_str_eq(r.reason, "illegal-move");
    cr_assert(r.detail && strstr(r.detail, "rotation"), "detail '%s'",
              r.detail ? r.detail : "");
    /* The test bots write every line they read to stderr ("< LINE"). */
    const char *log = read_log(&m, bad);
    char told[1024];
    snprintf(told, sizeof told, "< result loss illegal-move %s\n",
             r.detail);
    cr_expect(strstr(log, told), "the bot was not told '%s'; its log:\n%s",
              told, log);
    cr_expect(strstr(log, "< quit 100\n"), "no quit; log:\n%s", log);
    char last[1024];
    snprintf(last, sizeof last,
             "[referee] this bot lost the game: illegal-move: %s\n",
             r.detail);
    size_t n = strlen(log), k = strlen(last);
    cr_expect(n >= k && !strcmp(log + n - k, last),
              "the log does not end with '%s':\n%s", last, log);
    /* The winner is told the reason alone. */
    const char *other = read_log(&m, 1 - bad);
    cr_expect(strstr(other, "result win illegal-move\n") ||
                  !strstr(other, "result"),
              "winner's log:\n%s", other);
    record_release(&r);
    mrun_replay(&m, 1);
    mrun_finish(&m);
}

/* slow_bot answers 30 ms after the deadline (limit 300 + grace 50): the
 * detail says how late the move came, against the deadline, not when the
 * referee noticed. */
Test(explain, a_late_move_is_timed_against_the_deadline, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", "--move-ms", "300",
                          "--grace-ms", "50", NULL};
    mrun m;
    record r;
    int bad = play_one(&m, opts, RUN_TBOTS "slow_bot 380", "slow_bot", &r);
    cr_assert_str_eq(r.reason, "timeout");
    cr_assert_eq(r.fault_seat, bad);
    const char *head = "no move within 350 ms of its turn line (the limit "
                       "of 300 ms + 50 ms grace";
    cr_expect(r.detail && !strncmp(r.detail, head, strlen(head)),
              "detail '%s'", r.detail ? r.detail : "");
    const char *came = r.detail ? strstr(r.detail, "' came ") : NULL;
    cr_assert(came, "the late move is not in '%s'", r.detail);
    long late = strtol(came + 7, NULL, 10);
    cr_expect(late >= 15 && late <= 100, "late by %ld ms? '%s'", late,
              r.detail);
    cr_expect(strstr(came, " ms after that deadline"), "'%s'", r.detail);
    record_release(&r);
    mrun_finish(&m);
}

Test(explain, a_silent_bot_is_said_to_send_nothing_after_the_deadline,
     .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", "--move-ms", "200",
                          "--grace-ms", "50", NULL};
    mrun m;
    record r;
    play_one(&m, opts, RUN_TBOTS "silent_bot", "silent_bot", &r);
    cr_assert_str_eq(r.reason, "timeout");
    cr_expect_str_eq(r.detail,
                     "no move within 250 ms of its turn line (the limit of "
                     "200 ms + 50 ms grace); no move came in the 100 ms "
                     "after that deadline either");
    record_release(&r);
    mrun_finish(&m);
}

/* An interpreter that cannot find its script says so on stderr: the game
 * line and the record quote it. */
Test(explain, an_exit_quotes_the_last_lines_of_stderr, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", NULL};
    mrun m;
    record r;
    play_one(&m, opts,
             "sh -c 'echo one >&2; printf \"two\\ttabbed\\n\\033[31mred\\n\\n\" "
             ">&2; exit 4'",
             "echo one", &r);
    cr_assert_str_eq(r.reason, "exited");
    const char *want = "exited with status 4 during the handshake; its "
                       "stderr ends: 'one | two\\x09tabbed | \\x1b[31mred'";
    cr_expect_str_eq(r.detail, want);
    cr_expect(strstr(m.out, want), "the game line lacks it:\n%s", m.out);
    record_release(&r);
    mrun_finish(&m);
}

Test(explain, a_missing_perl_script_shows_perls_message, .timeout = 60)
{
    if (system("command -v perl >/dev/null 2>&1") != 0)
        cr_skip_test("perl is not installed (Debian package perl-base)");
    const char *opts[] = {"-n", "1", "--seed", "5", NULL};
    mrun m;
    record r;
    play_one(&m, opts, "perl nonexist.pl", "perl", &r);
    cr_assert_str_eq(r.reason, "exited");
    cr_expect(r.detail && strstr(r.detail, "its stderr ends: 'Can't open "
                                           "perl script \"nonexist.pl\""),
              "detail '%s'", r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
}

/* perl buffers its output in a pipe: `ready 1` never leaves the bot. */
Test(explain, an_unflushed_handshake_asks_about_flushing, .timeout = 60)
{
    if (system("command -v perl >/dev/null 2>&1") != 0)
        cr_skip_test("perl is not installed (Debian package perl-base)");
    const char *opts[] = {"-n", "1", "--seed", "5", "--startup-ms", "700",
                          NULL};
    mrun m;
    record r;
    play_one(&m, opts,
             "perl -e 'while (<STDIN>) { print \"ready 1\\n\" }'", "perl",
             &r);
    cr_assert_str_eq(r.reason, "handshake");
    cr_expect(r.detail && strstr(r.detail, "it wrote nothing to stdout") &&
                  strstr(r.detail, "did you flush stdout?"),
              "detail '%s'", r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
}

Test(explain, a_handshake_without_ready_names_the_last_line, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", "--startup-ms", "700",
                          NULL};
    mrun m;
    record r;
    play_one(&m, opts, "sh -c 'echo Ready 1; exec 3>&1; exec cat >&2'", "Ready",
             &r);
    cr_assert_str_eq(r.reason, "handshake");
    cr_expect(r.detail && strstr(r.detail, "it sent 1 line, the last "
                                           "'Ready 1'"),
              "detail '%s'", r.detail ? r.detail : "");
    record_release(&r);
    mrun_finish(&m);
}

/* A byte-order mark before `ready 1` is named at once, not after the
 * start-up allowance. */
Test(explain, a_byte_order_mark_is_named, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", "--startup-ms", "20000",
                          NULL};
    mrun m;
    record r;
    play_one(&m, opts,
             "sh -c 'printf \"\\357\\273\\277ready 1\\n\"; exec cat >&2'",
             "printf", &r);
    cr_assert_str_eq(r.reason, "handshake");
    cr_expect(r.detail && strstr(r.detail, "UTF-8 byte-order mark"),
              "detail '%s'", r.detail ? r.detail : "");
    cr_expect_lt(m.seconds, 15., "it waited for the allowance: %.1f s",
                 m.seconds);
    record_release(&r);
    mrun_finish(&m);
}

Test(explain, no_limit_and_no_bank_is_a_usage_error_that_writes_nothing,
     .timeout = 30)
{
    const char *opts[] = {"-n", "1", "--move-ms", "0", NULL};
    mrun m;
    mrun_match(&m, opts, RUN_BOTS "random_bot", RUN_BOTS "random_bot");
    cr_expect_eq(m.rc, 2, "status %d:\n%s", m.rc, m.out);
    cr_expect(strstr(m.out, "--move-ms 0") && strstr(m.out, "--bank-ms"),
              "%s", m.out);
    struct stat st;
    char logs[512];
    snprintf(logs, sizeof logs, "%s/logs", m.dir);
    cr_expect_neq(stat(logs, &st), 0, "%s was made", logs);
    mrun_finish(&m);
}

/* A bot at fault that ignores `quit` and SIGTERM is still killed once
 * its moment to read is over: the game ends, is recorded, and nothing of
 * it is left. */
Test(explain, the_bot_at_fault_that_will_not_go_is_killed, .timeout = 60)
{
    const char *opts[] = {"-n", "1", "--seed", "5", NULL};
    mrun m;
    record r;
    play_one(&m, opts,
             "sh -c 'trap \"\" TERM; while read l; do case $l in "
             "protocol*) echo ready 1;; turn*) echo move zz9 9X;; esac; "
             "done; sleep 30'",
             "trap", &r);
    cr_expect_str_eq(r.reason, "illegal-move");
    cr_expect_lt(m.seconds, 20., "the referee waited for the bot to go: "
                                 "%.1f s", m.seconds);
    record_release(&r);
    mrun_finish(&m);
}
