/*
 * test_report_html.c - the event report, results/EVENT/index.html, from
 * real events of the C bots: a swiss-cup (groups, then a cup) with an
 * entrant withdrawn for a hostile reason, a round robin, and a
 * free-for-all of Pentago Multiplayer for three.  The page exists while
 * the event runs and after it; it is well formed, holds every entrant and
 * every table row, links every game (cup games and replays included) to
 * a viewer page that exists, and every link resolves; `referee standings`
 * agrees with it, and `referee standings --write` into an emptied results
 * directory writes the same bytes.  Text from people (a reason, an
 * entrant's name) reaches the page escaped.
 */
#include "support/run.h"

#include "event/event_def.h"
#include "event/plan.h"
#include "event/report_html.h"
#include "rules.h"

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

#define RH_BOT(name, flags)                                                   \
    "  - {name: " name ", command: \"" RUN_BOTS "random_bot" flags "\"}\n"

/* ---- the page checked ---------------------------------------------------- */

static bool rh_void_element(const char *name, size_t len)
{
    static const char *const v[] = {"meta", "br", "img", "hr", "input",
                                    "link", NULL};
    for (int i = 0; v[i]; i++)
        if (strlen(v[i]) == len && !strncmp(v[i], name, len))
            return true;
    return false;
}

/* Is html well formed as far as a page of ours can be checked without a
 * browser: every element closed in order, no '<' or '&' in text that is
 * not a tag or one of the entities the report writes, no script? */
static void expect_well_formed(const char *html)
{
    cr_assert(!strncmp(html, "<!DOCTYPE html>\n", 16), "no doctype");
    cr_expect(!strstr(html, "<script"), "a script in the report");
    char stack[64][32];
    int depth = 0;
    static const char *const ents[] = {"&amp;", "&lt;", "&gt;", "&quot;",
                                       "&#39;", "&plusmn;", NULL};
    for (const char *s = html + 15; *s;) {
        if (*s == '&') {
            bool ok = false;
            for (int i = 0; ents[i] && !ok; i++)
                ok = !strncmp(s, ents[i], strlen(ents[i]));
            cr_assert(ok, "a bare '&' at %.40s", s);
            s++;
            continue;
        }
        if (*s != '<') {
            s++;
            continue;
        }
        const char *end = strchr(s, '>');
        cr_assert(end, "a tag not closed at %.40s", s);
        bool closing = s[1] == '/';
        const char *name = s + 1 + closing;
        size_t len = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789");
        cr_assert(len > 0 && len < 32, "not a tag at %.40s", s);
        if (closing) {
            cr_assert(depth > 0, "</%.*s> closes nothing", (int)len, name);
            depth--;
            cr_assert(strlen(stack[depth]) == len &&
                          !strncmp(stack[depth], name, len),
                      "</%.*s> closes <%s>", (int)len, name, stack[depth]);
        } else if (!rh_void_element(name, len)) {
            cr_assert(depth < 64, "too deep");
            snprintf(stack[depth++], sizeof stack[0], "%.*s", (int)len,
                     name);
        }
        s = end + 1;
        if (!closing && len == 5 && !strncmp(name, "style", 5)) {
            s = strstr(s, "</style>");
            cr_assert(s, "style not closed");
        }
    }
    cr_expect_eq(depth, 0, "%d elements left open", depth);
}

/* Every link of the page resolves: a viewer page that exists under the
 * results directory, or an element of the page.  Returns the number of
 * links to viewer pages. */
static int expect_links_resolve(const char *html, const char *results)
{
    int games = 0;
    for (const char *s = strstr(html, "href=\""); s;
         s = strstr(s + 1, "href=\"")) {
        const char *v = s + 6, *q = strchr(v, '"');
        cr_assert(q, "an unclosed href");
        char target[512];
        snprintf(target, sizeof target, "%.*s", (int)(q - v), v);
        if (target[0] == '#') {
            char id[600];
            snprintf(id, sizeof id, "id=\"%s\"", target + 1);
            cr_expect(strstr(html, id), "link %s: no such element", target);
            continue;
        }
        cr_assert(!strncmp(target, "games/", 6) &&
                      strstr(target, ".html"),
                  "a link out of the report: %s", target);
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", results, target);
        cr_expect(access(path, R_OK) == 0, "link %s: %s does not exist",
                  target, path);
        games++;
    }
    return games;
}

/* The ids of the game records in dir, each given to fn. */
static int for_each_record(const char *dir,
                           void (*fn)(const char *id, void *arg), void *arg)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml") || e->d_name[0] == '.')
            continue;
        char id[256];
        snprintf(id, sizeof id, "%.*s", (int)(l - 5), e->d_name);
        fn(id, arg);
        n++;
    }
    if (d)
        closedir(d);
    return n;
}

typedef struct {
    const char *html, *results;
    int cup;
} rh_linked;

static void expect_linked(const char *id, void *arg)
{
    rh_linked *l = arg;
    char link[400], page[1200];
    snprintf(link, sizeof link, "href=\"games/%s.html\"", id);
    cr_expect(strstr(l->html, link), "game %s is not linked", id);
    snprintf(page, sizeof page, "%s/games/%s.html", l->results, id);
    cr_expect(access(page, R_OK) == 0, "no viewer page %s", page);
    l->cup += !strncmp(id, "cup-", 4) || !strncmp(id, "mid-", 4);
}

/* How often needle occurs in hay. */
static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *s = strstr(hay, needle); s; s = strstr(s + 1, needle))
        n++;
    return n;
}

/* The finished page of an event in dir named name, with entrants names:
 * well formed, finished, every entrant, rows rows, every record's game
 * linked to a page that exists, every link resolving.  The page (free
 * it); *cup the cup games linked. */
static char *expect_report(const char *dir, const char *name,
                           const char *const *names, int rows, int *cup)
{
    char results[400], records[400], path[600];
    snprintf(results, sizeof results, "%s/results-%s", dir, name);
    snprintf(records, sizeof records, "%s/records-%s", dir, name);
    snprintf(path, sizeof path, "%s/index.html", results);
    char *html = run_slurp(path, NULL);
    cr_assert(html, "no %s", path);
    expect_well_formed(html);
    cr_expect(strstr(html, "<span id=\"status\">finished</span>"),
              "the page does not say the event is finished");
    for (int i = 0; names[i]; i++) {
        char cell[128];
        snprintf(cell, sizeof cell, "<td>%s", names[i]);
        cr_expect(count_of(html, cell) >= 3,
                  "%s is not in the tables, the faults and the ratings",
                  names[i]);
    }
    cr_expect_eq(count_of(html, "<tr class=\"row\">"), rows);
    rh_linked l = {.html = html, .results = results};
    int games = for_each_record(records, expect_linked, &l);
    cr_expect_gt(games, 0);
    cr_expect_geq(expect_links_resolve(html, results), games);
    if (cup)
        *cup = l.cup;
    return html;
}

/* ---- running events --------------------------------------------------- */

static int rh_run(char *const argv[], const char *dir, char *out,
                  size_t len)
{
    return run_cmd(argv, dir + 5, out, len);
}

/* `referee standings` agrees with the page; `--write` into an emptied
 * results directory writes the same bytes, and the viewer pages. */
static void expect_standings_same(const char *dir, const char *name,
                                  const char *html)
{
    char results[400], records[400], path[600], out[OUT_MAX];
    snprintf(results, sizeof results, "%s/results-%s", dir, name);
    snprintf(records, sizeof records, "%s/records-%s", dir, name);
    char *check[] = {RUN_REFEREE, "standings", records, NULL};
    cr_expect_eq(rh_run(check, dir, out, sizeof out), 0, "%s", out);
    run_rmtree(results);
    cr_assert_eq(mkdir(results, 0755), 0);
    char *write[] = {RUN_REFEREE, "standings", "--write", records, NULL};
    cr_assert_eq(rh_run(write, dir, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/index.html", results);
    char *again = run_slurp(path, NULL);
    cr_assert(again, "standings --write wrote no %s", path);
    cr_expect_str_eq(again, html, "standings --write wrote other bytes");
    rh_linked l = {.html = again, .results = results};
    for_each_record(records, expect_linked, &l);
    expect_links_resolve(again, results);
    free(again);
}

/* Run the event def in the background, slowed so that it lasts, and look
 * at its page while it runs: it must be there, say the event is in
 * progress, and link only pages that exist. */
static void run_watching(const char *def, const char *dir, const char *name)
{
    char results[400], path[600];
    snprintf(results, sizeof results, "%s/results-%s", dir, name);
    snprintf(path, sizeof path, "%s/index.html", results);
    setenv("REFEREE_TEST_START_DELAY_MS", "150", 1);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", (char *)def, NULL};
    pid_t pid = run_start(argv, dir + 5);
    unsetenv("REFEREE_TEST_START_DELAY_MS");
    cr_assert_gt(pid, 0);
    int status = 0, seen = 0, linked = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        char *html = run_slurp(path, NULL);
        if (html && strstr(html, "<span id=\"status\">in progress")) {
            expect_well_formed(html);
            linked += expect_links_resolve(html, results) > 0;
            seen++;
        }
        free(html);
        usleep(50 * 1000);
    }
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
              "the event failed (status %d)", status);
    cr_expect_gt(seen, 0, "no page while the event ran");
    cr_expect_gt(linked, 0, "no game linked while the event ran");
}

Test(report_html, swiss_cup_page_live_and_from_standings, .timeout = 300)
{
    char dir[256], def[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "sw", RUN_SWISS8, def, sizeof def);
    /* Withdrawn before it starts, for a reason that is HTML: its games
     * are forfeits whose note carries it. */
    char *wd[] = {RUN_REFEREE, "event", "--withdraw", "r4", "--reason",
                  "<script>alert(\"x\")</script> & 'so'", "--by",
                  "<b>arbiter</b>", def, NULL};
    cr_assert_eq(rh_run(wd, dir, out, sizeof out), 0, "%s", out);
    run_watching(def, dir, "sw");
    static const char *const names[] = {"g1", "g2", "g3", "g4", "r1",
                                        "r2", "r3", "r4", NULL};
    int cup = 0;
    char *html = expect_report(dir, "sw", names, 8, &cup);
    cr_expect_geq(cup, 3, "a cup of four has at least 3 games: %d", cup);
    cr_expect(strstr(html, "id=\"group-A\"") && strstr(html, "id=\"group-B\""));
    cr_expect(strstr(html, "id=\"bracket\""), "no bracket");
    cr_expect(strstr(html, "<h3>final</h3>") &&
                  strstr(html, "<h3>semi-finals</h3>"),
              "the bracket has no rounds by name");
    cr_expect(strstr(html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
                           " &amp; &#39;so&#39;"),
              "the reason is not escaped");
    cr_expect(strstr(html, "&lt;b&gt;arbiter&lt;/b&gt;"));
    cr_expect(!strstr(html, "<b>arbiter"));
    cr_expect(strstr(html, "<small>(withdrawn)</small>"));
    expect_standings_same(dir, "sw", html);
    free(html);
    run_rmtree(dir);
}

Test(report_html, round_robin_page, .timeout = 300)
{
    char dir[256], def[512], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "rr",
                    "seed: 7\nformat: round-robin\ngames_per_pair: 1\n"
                    "time_control: {move_ms: 3000}\nentrants:\n" RH_BOT(
                        "a", "") RH_BOT("b", " --position") RH_BOT("c", "")
                        RH_BOT("d", " --position"),
                    def, sizeof def);
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", def, NULL};
    cr_assert_eq(rh_run(argv, dir, out, sizeof out), 0, "%s", out);
    static const char *const names[] = {"a", "b", "c", "d", NULL};
    char *html = expect_report(dir, "rr", names, 4, NULL);
    cr_expect(strstr(html, "id=\"league\""));
    cr_expect(strstr(html, "<table class=\"cross\">"), "no crosstable");
    /* 6 games, each linked from the two cells of its pair and its row. */
    cr_expect_eq(count_of(html, "href=\"games/rr-"), 18);
    cr_expect(!strstr(html, "id=\"cup\""), "a cup in a league");
    expect_standings_same(dir, "rr", html);
    free(html);
    run_rmtree(dir);
}

Test(report_html, free_for_all_page, .timeout = 300)
{
    char why[256];
    rules_game *g = rules_game_new("pentago-multi", "3p", NULL, why,
                                   sizeof why);
    if (!g)
        cr_skip_test("pentago-multi 3p: %s", why);
    rules_game_free(g);
    char dir[256], def[512];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "ff",
                    "game: pentago-multi\nvariant: 3p\nseed: 31\n"
                    "time_control: {move_ms: 5000}\nformat: free-for-all\n"
                    "games_per_table: 1\nentrants:\n" RH_BOT("a", "")
                        RH_BOT("b", " --position") RH_BOT("c", "")
                            RH_BOT("d", " --position"),
                    def, sizeof def);
    run_watching(def, dir, "ff");
    static const char *const names[] = {"a", "b", "c", "d", NULL};
    char *html = expect_report(dir, "ff", names, 4, NULL);
    cr_expect(strstr(html, "<th>1st</th><th>2nd</th><th>3rd</th>"),
              "no places in the table");
    cr_expect_eq(count_of(html, "href=\"games/ffa-t"), 4);
    expect_standings_same(dir, "ff", html);
    free(html);
    run_rmtree(dir);
}

/* A name no definition can carry (names are [A-Za-z0-9._-]), given to the
 * writer directly: whatever the text, the page escapes it. */
Test(report_html, hostile_name_escaped)
{
    char dir[256], def[512], err[512], path[600];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "ho", RUN_SWISS8, def, sizeof def);
    event_def d;
    cr_assert_eq(event_def_load(def, &d, err, sizeof err), 0, "%s", err);
    free(d.entrant[2].name);
    d.entrant[2].name = strdup("<img src=x onerror=alert(1)>&\"'");
    plan *p = plan_new(&d.plan, err, sizeof err);
    cr_assert(p, "%s", err);
    cr_assert_eq(mkdir(d.results, 0755), 0);
    cr_assert_eq(report_html_write(&d, p, NULL, 0, err, sizeof err), 0,
                 "%s", err);
    snprintf(path, sizeof path, "%s/index.html", d.results);
    char *html = run_slurp(path, NULL);
    cr_assert(html);
    expect_well_formed(html);
    cr_expect(!strstr(html, "<img"));
    cr_expect(strstr(html, "&lt;img src=x onerror=alert(1)&gt;&amp;&quot;"
                           "&#39;"));
    cr_expect(strstr(html, "The cup is drawn when the group phase ends."));
    cr_expect(strstr(html, "<span id=\"status\">in progress: 0 of 12"));
    free(html);
    plan_free(p);
    event_def_release(&d);
    run_rmtree(dir);
}
