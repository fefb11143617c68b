/*
 * test_transcripts.c - the example transcripts of protocol/PROTOCOL.md that
 * are marked as checked are played by the referee, line for line.
 *
 * A transcript marked `<!-- checked: ARGS -->` (ARGS: `referee match`
 * options) is cut into one script per seat: the seat's own lines (`S>R
 * TEXT`) are sent, the referee's lines to it (`R>S TEXT`) awaited.  Then
 * `referee match -n 1 ARGS` runs the scripts as bots, and what each bot
 * read, in its log, must be exactly the transcript's lines to it: every
 * `set`, `played`, `position`, `turn` and `result` line.  A transcript
 * that drifts from the referee fails here.
 */
#include "record/record.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TR_OUT_MAX 65536
#define TR_MAX_ARGS 24
#define TR_DOC "protocol/PROTOCOL.md"

typedef struct {
    char args[256];       /* the marker's `referee match` options */
    const char *body;     /* the transcript's first line */
    size_t len;           /* up to its closing fence */
    int nseats;
} tr_block;

/* The next marked transcript after *from; false when there is none. */
static bool tr_next(const char **from, tr_block *b)
{
    const char *m = strstr(*from, "<!-- checked: ");
    if (!m)
        return false;
    const char *end = strstr(m, " -->");
    cr_assert(end, "unclosed marker in " TR_DOC);
    const char *a = m + strlen("<!-- checked: ");
    snprintf(b->args, sizeof b->args, "%.*s", (int)(end - a), a);
    const char *fence = strstr(end, "```\n");
    cr_assert(fence, "marker without a transcript: %s", b->args);
    b->body = fence + 4;
    const char *close = strstr(b->body, "```");
    cr_assert(close, "unclosed transcript: %s", b->args);
    b->len = (size_t)(close - b->body);
    b->nseats = 0;
    for (const char *p = b->body; p < close; p = strchr(p, '\n') + 1) {
        int seat = -1;
        if (p[0] == 'R' && p[1] == '>')
            seat = p[2] - '0';
        else if (p[1] == '>' && p[2] == 'R')
            seat = p[0] - '0';
        cr_assert(seat >= 0 && seat < 4, "not a transcript line: %.20s", p);
        if (seat + 1 > b->nseats)
            b->nseats = seat + 1;
    }
    *from = close + 3;
    return true;
}

/* Seat s's script, and the lines it must read (each "< TEXT\n"). */
static void tr_script(const tr_block *b, int s, const char *path,
                      char *expect, size_t cap)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "%s", path);
    size_t n = 0;
    expect[0] = 0;
    for (const char *p = b->body; p < b->body + b->len;
         p = strchr(p, '\n') + 1) {
        const char *nl = strchr(p, '\n');
        const char *text = p + 3;
        while (*text == ' ')
            text++;
        int len = (int)(nl - text);
        if (p[0] == 'R' && p[2] - '0' == s) {
            fprintf(f, "< %.*s\n", len, text);
            n += (size_t)snprintf(expect + n, cap - n, "< %.*s\n", len, text);
        } else if (p[0] - '0' == s) {
            fprintf(f, "> %.*s\n", len, text);
        }
    }
    fclose(f);
}

/* Split s in place into words at blanks, a '...' quoted part keeping
 * its blanks (`--options 'pattern=plus maxlevel=1'`); how many. */
static int tr_words(char *s, char **words, int cap)
{
    int n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        cr_assert(n < cap, "too many words in a marker");
        char *w = s, *out = s;
        bool quoted = false;
        for (; *s && (quoted || *s != ' '); s++) {
            if (*s == '\'')
                quoted = !quoted;
            else
                *out++ = *s;
        }
        if (*s)
            s++;
        *out = 0;
        words[n++] = w;
    }
    return n;
}

static const char *tr_tag(const char *dir) { return strrchr(dir, '/') + 1; }

/* Run one transcript and compare every seat's input with it. */
static void tr_check(const tr_block *b, const char *dir)
{
    char path[4][512], cmd[4][600], expect[4][16384], out[TR_OUT_MAX];
    char args[256], *argv[TR_MAX_ARGS + 8];
    int n = 0;
    argv[n++] = RUN_REFEREE;
    argv[n++] = "match";
    argv[n++] = "-n";
    argv[n++] = "1";
    argv[n++] = "--out";
    argv[n++] = (char *)dir;
    snprintf(args, sizeof args, "%s", b->args);
    n += tr_words(args, argv + n, TR_MAX_ARGS - n);
    for (int s = 0; s < b->nseats; s++) {
        snprintf(path[s], sizeof path[s], "%s/seat%d.script", dir, s);
        tr_script(b, s, path[s], expect[s], sizeof expect[s]);
        snprintf(cmd[s], sizeof cmd[s], RUN_TBOTS "script_bot %s", path[s]);
        argv[n++] = cmd[s];
    }
    argv[n] = NULL;
    int rc = run_cmd(argv, tr_tag(dir), out, sizeof out);
    cr_assert_eq(rc, 0, "%s: %s", b->args, out);
    char rec[600], err[512];
    snprintf(rec, sizeof rec, "%s/game-0001.yaml", dir);
    record r;
    cr_assert_eq(record_read(rec, &r, err, sizeof err), 0, "%s", err);
    for (int s = 0; s < b->nseats; s++)
        cr_assert(strstr(r.players[s].command, path[s]),
                  "%s: the seed seats bot %s in seat %d; choose another seed",
                  b->args, r.players[s].command, s);
    record_release(&r);
    for (int s = 0; s < b->nseats; s++) {
        char log[600];
        snprintf(log, sizeof log, "%s/logs/game-0001-seat%d.log", dir, s);
        char *got = run_slurp(log, NULL);
        cr_assert(got, "no log %s", log);
        /* The log ends with the referee's own note after the bot's lines. */
        char *note = strstr(got, "[referee]");
        if (note)
            *note = 0;
        cr_expect_str_eq(got, expect[s], "%s: seat %d read otherwise",
                         b->args, s);
        free(got);
    }
    char *argv2[] = {RUN_REFEREE, "replay", "--quiet", rec, NULL};
    cr_expect_eq(run_cmd(argv2, tr_tag(dir), out, sizeof out), 0, "%s", out);
}

Test(transcripts, checked_transcripts_are_what_the_referee_says,
     .timeout = 240)
{
    char *doc = run_slurp(TR_DOC, NULL);
    cr_assert(doc, "cannot read " TR_DOC);
    const char *from = doc;
    tr_block b;
    int checked = 0;
    while (tr_next(&from, &b)) {
        char dir[256];
        /* In the build tree: a boxed bot cannot see the host's /tmp. */
        snprintf(dir, sizeof dir, RUN_DIR "transcript-%d-XXXXXX", checked);
        cr_assert(mkdtemp(dir), "mkdtemp %s", dir);
        /* A boxed bot runs as another user: it must read its script. */
        cr_assert_eq(chmod(dir, 0755), 0);
        tr_check(&b, dir);
        cr_expect_eq(run_count_tagged(tr_tag(dir)), 0);
        run_rmtree(dir);
        checked++;
    }
    /* Pentago Multiplayer all against all and in teams, the puzzle. */
    cr_expect_geq(checked, 3, "only %d checked transcripts", checked);
    free(doc);
}
