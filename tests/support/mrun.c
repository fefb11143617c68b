/* mrun.c - one referee match run for a test (see mrun.h). */
#include "support/mrun.h"

#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double mrun_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void mrun_match(mrun *m, const char *const *opts, const char *bot1,
                const char *bot2)
{
    run_tmpdir(m->dir, sizeof m->dir);
    cr_assert(m->dir[0], "mkdtemp failed");
    snprintf(m->tag, sizeof m->tag, "%s", m->dir + 5);
    double t0 = mrun_now();
    m->rc = run_match(m->dir, m->tag, opts, bot1, bot2, m->out,
                      sizeof m->out);
    m->seconds = mrun_now() - t0;
}

void mrun_finish(mrun *m)
{
    for (int i = 0; i < 200 && run_count_tagged(m->tag) > 0; i++)
        usleep(10000);
    cr_expect_eq(run_count_tagged(m->tag), 0,
                 "bot processes left behind after the match");
    run_rmtree(m->dir);
}

void mrun_record(const mrun *m, int game, record *r)
{
    char path[512], err[1024];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", m->dir, game);
    int rc = record_read(path, r, err, sizeof err);
    cr_assert_eq(rc, 0, "record %s: %s\nreferee said:\n%s", path, err,
                 m->out);
}

int mrun_replay(const mrun *m, int game)
{
    static char out[MRUN_OUT_MAX];
    char path[512];
    snprintf(path, sizeof path, "%s/game-%04d.yaml", m->dir, game);
    char *argv[] = {RUN_REFEREE, "replay", "--quiet", path, NULL};
    int rc = run_cmd(argv, m->tag, out, sizeof out);
    cr_expect_eq(rc, 0, "replay of %s failed: %s", path, out);
    return rc;
}

int mrun_seat_of(const record *r, const char *needle)
{
    for (int s = 0; s < r->nplayers; s++)
        if (strstr(r->players[s].command, needle))
            return s;
    return -1;
}
