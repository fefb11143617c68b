/*
 * test_browser.c - pages opened in headless Chromium (support/browser.h):
 * the harness itself on a page of its own that follows the viewer's DOM
 * contract, then the viewer page of a record of every game kind (the
 * board at a chosen ply against the rules engine's position line,
 * navigation by keys and buttons, no console message) and an event's
 * report.  Skipped, saying why, where no browser can run.
 */
#include "record/record.h"
#include "rules.h"
#include "support/browser.h"
#include "support/dom.h"
#include "support/run.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BT_OUT_MAX 65536
#define BT_CELLS (19 * 19)

/* ---- the board of a position line, and of a page ---------------------- */

/* A position line's grid: rows split by '/', '.' or a run length for
 * empty cells, a letter for a piece; what follows the first blank is not
 * the board's. */
typedef struct {
    int width, height;
    char cell[BT_CELLS]; /* '.' empty, else the line's letter */
} bt_grid;

static void bt_grid_read(const char *line, bt_grid *g)
{
    int row = 0, col = 0;
    g->width = 0;
    memset(g->cell, '.', sizeof g->cell);
    for (const char *p = line; *p && *p != ' '; p++) {
        if (*p == '/') {
            cr_assert(!g->width || col == g->width, "ragged row in %s", line);
            g->width = col;
            row++;
            col = 0;
            continue;
        }
        int run = 1;
        char c = *p;
        if (*p >= '0' && *p <= '9') {
            char *end;
            run = (int)strtol(p, &end, 10);
            p = end - 1;
            c = '.';
        }
        for (int i = 0; i < run; i++, col++) {
            int at = row * g->width + col; /* row 0: width not known yet */
            cr_assert(at < BT_CELLS, "board too big: %s", line);
            g->cell[at] = c;
        }
    }
    if (!g->width)
        g->width = col;
    cr_assert(col == g->width, "ragged last row in %s", line);
    g->height = row + 1;
    cr_assert(g->width * g->height <= BT_CELLS, "board too big: %s", line);
}

/* The pieces the page shows in #board: cell[i] is the data-piece of the
 * piece at data-cell i, '.' where there is none. */
static void bt_page_cells(const char *dom, int ncells, char *cell)
{
    memset(cell, '.', (size_t)ncells);
    const char *board = dom_by_id(dom, "board");
    cr_assert(board, "no #board in the page");
    const char *end = dom_end(board);
    for (const char *t = dom_step(board, end); t; t = dom_step(t, end)) {
        if (!dom_has_class(t, "piece"))
            continue;
        char at[16], what[8];
        cr_assert(dom_attr(t, "data-cell", at, sizeof at) &&
                      dom_attr(t, "data-piece", what, sizeof what),
                  "a piece without data-cell or data-piece: %.120s", t);
        int i = atoi(at);
        cr_assert(i >= 0 && i < ncells, "data-cell %s off the board", at);
        cr_assert_eq(strlen(what), 1, "data-piece '%s'", what);
        cr_assert_eq(cell[i], '.', "two pieces on cell %d", i);
        cell[i] = what[0];
    }
}

/* The page shows ply of plies, and the board of line. */
static void bt_assert_board(const char *dom, const char *line, int ply,
                            int plies)
{
    bt_grid g;
    bt_grid_read(line, &g);
    const char *board = dom_by_id(dom, "board");
    cr_assert(board, "no #board in the page");
    char val[32], text[256], want[64];
    cr_assert(dom_attr(board, "data-ply", val, sizeof val), "no data-ply");
    cr_assert_eq(atoi(val), ply, "the page is at ply %s, not %d", val, ply);
    cr_assert(dom_attr(board, "data-plies", val, sizeof val));
    cr_expect_eq(atoi(val), plies, "data-plies %s, not %d", val, plies);
    const char *shown = dom_by_id(dom, "ply");
    cr_assert(shown, "no #ply");
    dom_text(shown, text, sizeof text);
    snprintf(want, sizeof want, "ply %d of %d", ply, plies);
    cr_expect(strstr(text, want), "#ply says '%s', not '%s'", text, want);
    char cell[BT_CELLS];
    int n = g.width * g.height;
    bt_page_cells(dom, n, cell);
    for (int i = 0; i < n; i++)
        cr_assert_eq(cell[i], g.cell[i],
                     "ply %d, cell %d (row %d, column %d): the page shows "
                     "'%c', the engine '%c' (%s)",
                     ply, i, i / g.width, i % g.width, cell[i], g.cell[i],
                     line);
}

/* ---- opening pages ---------------------------------------------------- */

/* Open url; the browser's processes all ended; unless console_ok, the
 * page wrote nothing to the console; the page's inputs were replayed. */
static void bt_open(const char *url, bool console_ok, browser_page *page)
{
    browser_open_or_skip(url, page);
    cr_expect_eq(run_count_tagged(page->tag), 0,
                 "browser processes outlived the page");
    for (size_t i = 0; !console_ok && i < page->nconsole; i++)
        cr_expect_fail("console: %s", page->console[i]);
    const char *t = strstr(page->dom, "<body");
    char ready[8] = "";
    cr_expect(t && dom_attr(t, "data-ready", ready, sizeof ready) &&
                  !strcmp(ready, "1"),
              "body has no data-ready=\"1\" after %s", url);
}

static void bt_url(char *buf, size_t len, const char *path, const char *hash)
{
    char abs[PATH_MAX];
    cr_assert(realpath(path, abs), "no %s", path);
    snprintf(buf, len, "file://%s#%s", abs, hash);
}

/* ---- the harness's own page ------------------------------------------- */

/* Position lines of a short Pentago game (each ply the first legal move),
 * from the engine. */
#define BT_OWN_PLIES 7
static void bt_own_lines(char lines[][RULES_POS_TEXT_MAX])
{
    char err[256];
    rules_game *g = rules_game_new("pentago", NULL, NULL, err, sizeof err);
    cr_assert(g, "%s", err);
    rules_pos pos;
    rules_start(g, &pos);
    for (int ply = 0;; ply++) {
        rules_pos_write(g, &pos, lines[ply], RULES_POS_TEXT_MAX);
        if (ply == BT_OWN_PLIES)
            break;
        rules_move mv;
        cr_assert_geq(rules_legal_moves(g, &pos, &mv, 1), 1);
        rules_apply(g, &pos, &mv);
    }
    rules_game_free(g);
}

/* The page: the contract's board, #ply, buttons, keys and hash, drawn from
 * the engine's lines; `say=error|throw|hang|count` makes it misbehave.  A
 * board in a script's text or a comment, before the real one, and a piece
 * outside #board must not count. */
static const char bt_own_head[] =
    "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>harness"
    "</title><style>.piece{fill:#333}</style>\n"
    "<script>var decoy = '<svg id=\"board\" data-ply=\"5\"><circle "
    "class=\"piece\" data-cell=\"2\" data-piece=\"b\"></circle></svg>';"
    "</script></head><body>\n"
    "<!-- <svg id=\"board\" data-ply=\"6\"> <p id=\"ply\">ply 6 of 7</p> -->\n"
    "<svg id=\"board\" width=\"300\" height=\"300\"></svg>\n"
    "<svg id=\"pattern\"><circle class=\"piece\" data-cell=\"0\" "
    "data-piece=\"u\"></circle></svg>\n"
    "<p id=\"ply\"></p>\n"
    "<button id=\"first\">first</button><button id=\"prev\">prev</button>"
    "<button id=\"next\">next</button><button id=\"last\">last</button>\n"
    "<script>\nvar lines = [\n";
static const char bt_own_tail[] =
    "];\n"
    "var M = lines.length - 1, ply = 0, svg = document.getElementById('board');\n"
    "function draw() {\n"
    "  while (svg.firstChild) svg.removeChild(svg.firstChild);\n"
    "  var rows = lines[ply].split(' ')[0].split('/');\n"
    "  rows.forEach(function (row, r) {\n"
    "    row.split('').forEach(function (c, k) {\n"
    "      if (c === '.') return;\n"
    "      var e = document.createElementNS('http://www.w3.org/2000/svg', 'circle');\n"
    "      e.setAttribute('class', 'piece');\n"
    "      e.setAttribute('cx', 25 + 50 * k); e.setAttribute('cy', 25 + 50 * r);\n"
    "      e.setAttribute('r', 20);\n"
    "      e.dataset.cell = r * row.length + k; e.dataset.piece = c;\n"
    "      svg.appendChild(e);\n"
    "    });\n"
    "  });\n"
    "  svg.dataset.ply = ply; svg.dataset.plies = M;\n"
    "  document.getElementById('ply').textContent = 'ply ' + ply + ' of ' + M;\n"
    "}\n"
    "function go(n) { ply = Math.max(0, Math.min(M, n)); draw(); }\n"
    "var keys = {ArrowRight: function () { go(ply + 1); },\n"
    "  ArrowLeft: function () { go(ply - 1); },\n"
    "  Home: function () { go(0); }, End: function () { go(M); }};\n"
    "document.addEventListener('keydown', function (e) {\n"
    "  if (keys[e.key]) keys[e.key]();\n"
    "});\n"
    "var buttons = {first: 'Home', prev: 'ArrowLeft', next: 'ArrowRight', last: 'End'};\n"
    "Object.keys(buttons).forEach(function (id) {\n"
    "  document.getElementById(id).addEventListener('click', keys[buttons[id]]);\n"
    "});\n"
    "var args = {};\n"
    "location.hash.slice(1).split('&').forEach(function (kv) {\n"
    "  var i = kv.indexOf('='); args[kv.slice(0, i)] = kv.slice(i + 1);\n"
    "});\n"
    "go(+(args.ply || 0));\n"
    "(args.keys ? args.keys.split(',') : []).forEach(function (k) {\n"
    "  if (k.indexOf('click:') === 0) document.getElementById(k.slice(6)).click();\n"
    "  else document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}));\n"
    "});\n"
    "if (args.say === 'error') console.error('harness says no');\n"
    "if (args.say === 'throw') setTimeout(function () { null.x(); }, 10);\n"
    "if (args.say === 'hang') setTimeout(function () { for (;;) {} }, 10);\n"
    "if (args.say === 'count') {\n"
    "  var n = +(localStorage.getItem('opened') || 0) + 1;\n"
    "  localStorage.setItem('opened', n); document.body.dataset.opened = n;\n"
    "}\n"
    "document.body.dataset.ready = '1';\n"
    "</script></body></html>\n";

typedef struct {
    char dir[256], path[512];
    char lines[BT_OWN_PLIES + 1][RULES_POS_TEXT_MAX];
} bt_own;

static void bt_own_write(bt_own *own)
{
    run_tmpdir(own->dir, sizeof own->dir);
    snprintf(own->path, sizeof own->path, "%s/own.html", own->dir);
    bt_own_lines(own->lines);
    FILE *f = fopen(own->path, "w");
    cr_assert(f);
    fputs(bt_own_head, f);
    for (int i = 0; i <= BT_OWN_PLIES; i++)
        fprintf(f, "  '%s',\n", own->lines[i]);
    fputs(bt_own_tail, f);
    cr_assert_eq(fclose(f), 0);
}

/* Open the own page at hash; it must end at ply with its board. */
static void bt_own_expect(const bt_own *own, const char *hash, int ply)
{
    char url[1024];
    bt_url(url, sizeof url, own->path, hash);
    browser_page page;
    bt_open(url, false, &page);
    bt_assert_board(page.dom, own->lines[ply], ply, BT_OWN_PLIES);
    browser_page_release(&page);
}

Test(browser, harness_reads_the_board_at_the_hash_ply)
{
    bt_own own;
    bt_own_write(&own);
    bt_own_expect(&own, "ply=3", 3);
    bt_own_expect(&own, "ply=0", 0);
    run_rmtree(own.dir);
}

Test(browser, harness_drives_keys_and_buttons)
{
    bt_own own;
    bt_own_write(&own);
    bt_own_expect(&own, "ply=2&keys=ArrowRight,ArrowRight,ArrowLeft,click:next",
                  4);
    bt_own_expect(&own, "ply=5&keys=Home,click:next", 1);
    bt_own_expect(&own, "ply=1&keys=End,click:prev", BT_OWN_PLIES - 1);
    bt_own_expect(&own, "ply=1&keys=click:first,ArrowLeft", 0);
    bt_own_expect(&own, "ply=1&keys=click:last,ArrowRight", BT_OWN_PLIES);
    run_rmtree(own.dir);
}

/* The console lines of the own page opened with say=what. */
static void bt_own_console(const char *what, const char *want)
{
    bt_own own;
    bt_own_write(&own);
    char url[1024], hash[64];
    snprintf(hash, sizeof hash, "ply=1&say=%s", what);
    bt_url(url, sizeof url, own.path, hash);
    browser_page page;
    bt_open(url, true, &page);
    bt_assert_board(page.dom, own.lines[1], 1, BT_OWN_PLIES);
    bool seen = false;
    for (size_t i = 0; i < page.nconsole; i++)
        seen |= strstr(page.console[i], want) != NULL;
    cr_expect(seen, "no console line with '%s' among %zu", want,
              page.nconsole);
    browser_page_release(&page);
    run_rmtree(own.dir);
}

Test(browser, harness_sees_a_console_error)
{
    bt_own_console("error", "harness says no");
}

Test(browser, harness_sees_an_uncaught_exception)
{
    bt_own_console("throw", "Uncaught TypeError");
}

Test(browser, harness_kills_a_page_that_hangs)
{
    bt_own own;
    bt_own_write(&own);
    char url[1024], err[512];
    bt_url(url, sizeof url, own.path, "say=hang");
    browser_page page;
    bt_open("data:text/html,<body data-ready=1><svg id=board></svg></body>",
            false, &page); /* skips where no browser runs */
    browser_page_release(&page);
    cr_assert_eq(browser_open(url, 8000, &page, err, sizeof err), -1);
    cr_expect(strstr(err, "timed out"), "%s", err);
    cr_expect_eq(run_count_tagged(page.tag), 0,
                 "browser processes outlived the timeout");
    run_rmtree(own.dir);
}

/* A stand-in for the browser: PATH holds only dir, whose `chromium` is
 * the shell script body. */
static void bt_fake_browser(const char *dir, const char *body)
{
    char path[512];
    snprintf(path, sizeof path, "%s/chromium", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "#!/bin/sh\n%s\n", body);
    cr_assert_eq(fclose(f), 0);
    cr_assert_eq(chmod(path, 0755), 0);
    setenv("PATH", dir, 1); /* this test's own process */
}

Test(browser, harness_says_when_there_is_no_browser)
{
    char dir[256], prog[512], err[512];
    run_tmpdir(dir, sizeof dir);
    setenv("PATH", dir, 1);
    cr_expect_not(browser_find(prog, sizeof prog));
    browser_page page;
    cr_expect_eq(browser_open("data:text/html,x", 5000, &page, err,
                              sizeof err),
                 -1);
    cr_expect(strstr(err, "no chromium"), "%s", err);
    bt_fake_browser(dir, "exit 3");
    cr_expect(browser_find(prog, sizeof prog));
    cr_expect_eq(browser_open("data:text/html,x", 5000, &page, err,
                              sizeof err),
                 -1);
    cr_expect(strstr(err, "status 3"), "%s", err);
    run_rmtree(dir);
}

/* A browser that hangs with a child of its own: both killed at the
 * timeout, and HOME was the run's own directory. */
Test(browser, harness_kills_a_hung_browser_and_its_children)
{
    char dir[256], err[512], mark[600];
    run_tmpdir(dir, sizeof dir);
    snprintf(mark, sizeof mark, "echo \"$HOME\" > %s/home; /bin/sleep 600 & "
                                "/bin/sleep 600", dir);
    bt_fake_browser(dir, mark);
    browser_page page;
    cr_assert_eq(browser_open("data:text/html,x", 1500, &page, err,
                              sizeof err),
                 -1);
    cr_expect(strstr(err, "timed out"), "%s", err);
    cr_expect_eq(run_count_tagged(page.tag), 0, "the browser's child lives");
    snprintf(mark, sizeof mark, "%s/home", dir);
    char *home = run_slurp(mark, NULL);
    cr_assert(home, "the stand-in did not run");
    cr_expect(strncmp(home, "/tmp/referee-test-", 18) == 0 &&
                  strncmp(home, dir, strlen(dir)),
              "HOME was %s", home);
    home[strcspn(home, "\n")] = '\0';
    cr_expect_neq(access(home, F_OK), 0, "%s was not removed", home);
    free(home);
    run_rmtree(dir);
}

Test(browser, harness_runs_share_no_state)
{
    bt_own own;
    bt_own_write(&own);
    char url[1024], n[8];
    bt_url(url, sizeof url, own.path, "say=count");
    for (int i = 0; i < 2; i++) {
        browser_page page;
        bt_open(url, false, &page);
        const char *body = strstr(page.dom, "<body");
        cr_assert(body && dom_attr(body, "data-opened", n, sizeof n));
        cr_expect_str_eq(n, "1", "run %d saw the storage of another", i);
        browser_page_release(&page);
    }
    run_rmtree(own.dir);
}

/* ---- the viewer's pages of real records ------------------------------- */

typedef struct {
    char dir[256], rec[512], html[512];
    record r;
    char (*lines)[RULES_POS_TEXT_MAX]; /* the engine's line at each ply */
} bt_game;

/* Read gm->rec and replay its moves with the engine: gm->lines. */
static void bt_game_load(bt_game *gm)
{
    char err[512];
    cr_assert_eq(record_read(gm->rec, &gm->r, err, sizeof err), 0, "%s", err);
    rules_game *g = rules_game_new(gm->r.game, gm->r.variant, gm->r.options,
                                   err, sizeof err);
    cr_assert(g, "%s", err);
    gm->lines = calloc(gm->r.nmoves + 1, sizeof *gm->lines);
    cr_assert(gm->lines);
    rules_pos pos;
    rules_start(g, &pos);
    rules_pos_write(g, &pos, gm->lines[0], RULES_POS_TEXT_MAX);
    for (size_t i = 0; i < gm->r.nmoves; i++) {
        rules_move mv;
        cr_assert_eq(rules_parse_move(g, &pos, gm->r.moves[i].text, &mv, err,
                                      sizeof err),
                     RULES_OK, "ply %zu: %s", i + 1, err);
        rules_apply(g, &pos, &mv);
        rules_pos_write(g, &pos, gm->lines[i + 1], RULES_POS_TEXT_MAX);
    }
    rules_game_free(g);
}

/* `referee match -n 1` of bots with opts, then `referee replay --html`;
 * the record read back and its positions replayed by the engine. */
static void bt_game_make(bt_game *gm, const char *const *opts,
                         const char *const *bots)
{
    char *argv[48], out[BT_OUT_MAX];
    int n = 0;
    run_tmpdir(gm->dir, sizeof gm->dir);
    const char *head[] = {RUN_REFEREE, "match", "--out", gm->dir, "-n", "1",
                          "--move-ms", "5000", "--sandbox", "off", NULL};
    for (int i = 0; head[i]; i++)
        argv[n++] = (char *)head[i];
    for (; *opts; opts++)
        argv[n++] = (char *)*opts;
    for (; *bots; bots++)
        argv[n++] = (char *)*bots;
    argv[n] = NULL;
    cr_assert_eq(run_cmd(argv, gm->dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(gm->rec, sizeof gm->rec, "%s/game-0001.yaml", gm->dir);
    snprintf(gm->html, sizeof gm->html, "%s/game-0001.html", gm->dir);
    char *rargv[] = {RUN_REFEREE, "replay", gm->rec, "--html", gm->html,
                     NULL};
    cr_assert_eq(run_cmd(rargv, gm->dir + 5, out, sizeof out), 0, "%s", out);
    bt_game_load(gm);
}

static void bt_game_free(bt_game *gm)
{
    free(gm->lines);
    record_release(&gm->r);
    run_rmtree(gm->dir);
}

/* Open the game's page at hash: it must be at ply, with the engine's
 * board, and the move list and result; returns nothing, asserts. */
static void bt_game_expect(const bt_game *gm, const char *hash, int ply)
{
    char url[1024], text[1024];
    bt_url(url, sizeof url, gm->html, hash);
    browser_page page;
    bt_open(url, false, &page);
    int plies = (int)gm->r.nmoves;
    bt_assert_board(page.dom, gm->lines[ply], ply, plies);
    const char *moves = dom_by_id(page.dom, "moves");
    cr_assert(moves, "no #moves");
    cr_expect_eq(dom_count_attr(moves, dom_end(moves), "data-ply"), plies,
                 "#moves should list every move");
    const char *result = dom_by_id(page.dom, "result");
    cr_assert(result, "no #result");
    dom_text(result, text, sizeof text);
    cr_expect(strstr(text, gm->r.reason), "#result '%s' has no '%s'", text,
              gm->r.reason);
    browser_page_release(&page);
}

/* The page of one game: at its middle, at its end, and moved by keys and
 * buttons from the middle. */
static void bt_game_check(const char *const *opts, const char *const *bots)
{
    bt_game gm;
    bt_game_make(&gm, opts, bots);
    int m = (int)gm.r.nmoves, mid = m / 2;
    cr_assert_geq(m, 2, "a game of %d plies is too short to look at", m);
    char hash[128];
    snprintf(hash, sizeof hash, "ply=%d", mid);
    bt_game_expect(&gm, hash, mid);
    snprintf(hash, sizeof hash, "ply=%d", m);
    bt_game_expect(&gm, hash, m);
    snprintf(hash, sizeof hash,
             "ply=%d&keys=ArrowRight,ArrowRight,ArrowLeft,click:next", mid);
    bt_game_expect(&gm, hash, mid + 2 <= m ? mid + 2 : m);
    snprintf(hash, sizeof hash, "ply=%d&keys=click:prev,ArrowLeft", mid);
    bt_game_expect(&gm, hash, mid - 2);
    bt_game_free(&gm);
}

#define BT_BOT(name) RUN_BOTS name

Test(browser, pentago_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pentago", "--seed", "11", NULL};
    const char *bots[] = {BT_BOT("greedy_bot"), BT_BOT("random_bot"), NULL};
    bt_game_check(opts, bots);
}

Test(browser, pente_standard_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pente", "--seed", "12", NULL};
    const char *bots[] = {BT_BOT("greedy_bot"), BT_BOT("greedy_bot"), NULL};
    bt_game_check(opts, bots);
}

Test(browser, pente_plus_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pente", "--variant", "plus", "--seed",
                          "13", NULL};
    const char *bots[] = {BT_BOT("greedy_bot"), BT_BOT("random_bot"), NULL};
    bt_game_check(opts, bots);
}

Test(browser, team_pente_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pente", "--variant", "team", "--seed",
                          "14", NULL};
    const char *bots[] = {BT_BOT("greedy_bot"), BT_BOT("random_bot"),
                          BT_BOT("greedy_bot"), BT_BOT("random_bot"), NULL};
    bt_game_check(opts, bots);
}

Test(browser, pentago_multi_3p_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pentago-multi", "--variant", "3p",
                          "--seed", "15", NULL};
    const char *bots[] = {BT_BOT("random_bot"), BT_BOT("greedy_bot"),
                          BT_BOT("random_bot"), NULL};
    bt_game_check(opts, bots);
}

Test(browser, puzzle_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pentago-puzzle", "--seed", "16",
                          "--options", "maxlevel=2 replays=0", NULL};
    const char *bots[] = {BT_BOT("puzzle_bot"), BT_BOT("random_bot"), NULL};
    bt_game_check(opts, bots);
}

/* A game lost by a fault: the page shows it to the last move and says why
 * the game ended, with the fault's detail. */
Test(browser, fault_page, .timeout = 240)
{
    const char *opts[] = {"--game", "pentago", "--seed", "17", NULL};
    const char *bots[] = {BT_BOT("random_bot"), RUN_TBOTS "illegal_bot", NULL};
    bt_game gm;
    bt_game_make(&gm, opts, bots);
    cr_assert_str_eq(gm.r.reason, "illegal-move");
    int m = (int)gm.r.nmoves;
    char hash[64], url[1024], text[1024];
    snprintf(hash, sizeof hash, "ply=%d", m);
    bt_game_expect(&gm, hash, m);
    snprintf(hash, sizeof hash, "ply=0&keys=End");
    bt_game_expect(&gm, hash, m);
    bt_url(url, sizeof url, gm.html, "ply=0");
    browser_page page;
    bt_open(url, false, &page);
    const char *result = dom_by_id(page.dom, "result");
    cr_assert(result);
    dom_text(result, text, sizeof text);
    /* The detail names the illegal text the bot sent, quoted. */
    cr_expect(gm.r.detail && strstr(text, "occupied"),
              "#result '%s' lacks the detail '%s'", text,
              gm.r.detail ? gm.r.detail : "");
    browser_page_release(&page);
    bt_game_free(&gm);
}

/* Every way to move: Home, End, the first and last buttons, and no step
 * past either end. */
Test(browser, viewer_navigation, .timeout = 240)
{
    const char *opts[] = {"--game", "pentago", "--seed", "18", NULL};
    const char *bots[] = {BT_BOT("greedy_bot"), BT_BOT("greedy_bot"), NULL};
    bt_game gm;
    bt_game_make(&gm, opts, bots);
    int m = (int)gm.r.nmoves;
    cr_assert_geq(m, 4);
    char hash[128];
    snprintf(hash, sizeof hash, "ply=%d&keys=Home,ArrowRight", m - 1);
    bt_game_expect(&gm, hash, 1);
    bt_game_expect(&gm, "ply=1&keys=End,ArrowLeft", m - 1);
    bt_game_expect(&gm, "ply=2&keys=click:first,click:prev,ArrowLeft", 0);
    bt_game_expect(&gm, "ply=0&keys=click:last,click:next,ArrowRight", m);
    bt_game_expect(&gm, "ply=0&keys=click:next,click:next,click:next", 3);
    bt_game_free(&gm);
}

/* The ply the page of gm shows after hash, its board checked. */
static int bt_game_ply_after(const bt_game *gm, const char *hash)
{
    char url[1024], val[16];
    bt_url(url, sizeof url, gm->html, hash);
    browser_page page;
    bt_open(url, false, &page);
    const char *board = dom_by_id(page.dom, "board");
    cr_assert(board && dom_attr(board, "data-ply", val, sizeof val));
    int ply = atoi(val);
    cr_assert(ply >= 0 && ply <= (int)gm->r.nmoves, "data-ply %d", ply);
    bt_assert_board(page.dom, gm->lines[ply], ply, (int)gm->r.nmoves);
    browser_page_release(&page);
    return ply;
}

/* Space plays the game on by itself (the page's timers run for three
 * seconds of virtual time) and a second Space pauses it at once.  Pente,
 * where no block turns: the page may be caught in the middle of a
 * Pentago turn's animation while it plays. */
Test(browser, viewer_play_and_pause, .timeout = 240)
{
    const char *opts[] = {"--game", "pente", "--seed", "19", NULL};
    const char *bots[] = {BT_BOT("greedy_bot"), BT_BOT("greedy_bot"), NULL};
    bt_game gm;
    bt_game_make(&gm, opts, bots);
    cr_assert_geq(gm.r.nmoves, 6);
    cr_expect_geq(bt_game_ply_after(&gm, "ply=0&keys=Space"), 2,
                  "Space did not play the game on");
    cr_expect_leq(bt_game_ply_after(&gm, "ply=0&keys=Space,Space"), 1,
                  "a second Space did not pause");
    bt_game_free(&gm);
}

/* ---- the event report ---------------------------------------------------- */

/* Every relative href of the page at dir names a file that exists; the
 * hrefs, each followed by a newline, into list (free it). */
static char *bt_links(const char *dom, const char *dir)
{
    size_t len = 0;
    char *list = calloc(1, 1);
    cr_assert(list);
    for (const char *t = dom_next(dom, NULL); t; t = dom_step(t, NULL)) {
        char href[1024], path[2048], name[8];
        dom_name(t, name, sizeof name);
        if (strcmp(name, "a") || !dom_attr(t, "href", href, sizeof href) ||
            strstr(href, "://") || href[0] == '#')
            continue;
        href[strcspn(href, "#?")] = '\0';
        snprintf(path, sizeof path, "%s/%s", dir, href);
        cr_expect_eq(access(path, R_OK), 0, "link to %s: no such file", href);
        size_t n = strlen(href);
        list = realloc(list, len + n + 2);
        cr_assert(list);
        memcpy(list + len, href, n);
        list[len + n] = '\n';
        list[len += n + 1] = '\0';
    }
    return list;
}

/* Every record of the event (a game: event.yaml is its definition) has a
 * link to its page, games/GAME-ID.html, in links; how many games. */
static int bt_games_linked(const char *records, const char *links)
{
    DIR *d = opendir(records);
    cr_assert(d, "no %s", records);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml"))
            continue;
        char want[300];
        snprintf(want, sizeof want, "games/%.*s.html\n", (int)len - 5,
                 e->d_name);
        bool linked = !strncmp(links, want, strlen(want));
        for (const char *p = strchr(links, '\n'); p && !linked;
             p = strchr(p + 1, '\n'))
            linked = !strncmp(p + 1, want, strlen(want));
        cr_expect(linked, "no link to %s", want);
        n++;
    }
    closedir(d);
    return n;
}

/* A link of the game's page back to the report. */
static bool bt_links_back(const char *dom)
{
    for (const char *t = dom_next(dom, NULL); t; t = dom_step(t, NULL)) {
        char href[1024], name[8];
        dom_name(t, name, sizeof name);
        if (!strcmp(name, "a") && dom_attr(t, "href", href, sizeof href) &&
            !strcmp(href, "../index.html"))
            return true;
    }
    return false;
}

Test(browser, event_report, .timeout = 300)
{
    char dir[256], def[512], out[BT_OUT_MAX], index[400], res[300];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "swiss", RUN_SWISS8, def, sizeof def);
    char *argv[] = {RUN_REFEREE, "event", "--sandbox", "off", "-j", "2", def,
                    NULL};
    cr_assert_eq(run_cmd(argv, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(res, sizeof res, "%s/results-swiss", dir);
    snprintf(index, sizeof index, "%s/index.html", res);
    cr_assert_eq(access(index, R_OK), 0, "the event wrote no %s", index);
    char url[1024], recs[300];
    bt_url(url, sizeof url, index, "");
    browser_page page;
    browser_open_or_skip(url, &page);
    for (size_t i = 0; i < page.nconsole; i++)
        cr_expect_fail("console: %s", page.console[i]);
    char *links = bt_links(page.dom, res);
    snprintf(recs, sizeof recs, "%s/records-swiss", dir);
    cr_expect_geq(bt_games_linked(recs, links), 15,
                  "two groups of four and a cup of four");
    browser_page_release(&page);
    cr_assert(!strncmp(links, "games/", 6) || strstr(links, "\ngames/"),
              "no link to a game's page");
    const char *first = !strncmp(links, "games/", 6)
                            ? links
                            : strstr(links, "\ngames/") + 1;
    /* That game's page: the engine's board, and a link back. */
    char id[128];
    snprintf(id, sizeof id, "%.*s", (int)strcspn(first + 6, "\n") - 5,
             first + 6); /* without games/ and .html */
    bt_game gm = {.dir = ""};
    snprintf(gm.html, sizeof gm.html, "%s/games/%s.html", res, id);
    snprintf(gm.rec, sizeof gm.rec, "%s/%s.yaml", recs, id);
    free(links);
    bt_game_load(&gm);
    bt_game_expect(&gm, "ply=1", 1);
    bt_game_expect(&gm, "ply=0&keys=End", (int)gm.r.nmoves);
    bt_url(url, sizeof url, gm.html, "ply=0");
    bt_open(url, false, &page);
    cr_expect(bt_links_back(page.dom), "the game's page has no link back");
    browser_page_release(&page);
    bt_game_free(&gm);
    run_rmtree(dir);
}
