/*
 * test_html_game.c - the viewer page of a record (view/html_game.h), C
 * level, no browser: real records of every game and variant, played by
 * `referee match` with the C bots (and one lost by crash_bot's exit),
 * turned into pages by `referee replay --html` and by html_game_write;
 * the JSON embedded in each page read back with a small JSON reader of
 * this file and every ply compared with the rules engine's position line
 * at that ply, which this test computes itself by replaying the record;
 * hostile text (a comment that tries to end the script element, a name
 * with markup, bytes that are not UTF-8) stays text; and the errors of
 * `replay --html`.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "record/record.h"
#include "rules.h"
#include "support/run.h"
#include "view/html_game.h"

#define OUT_MAX 65536

static char out[OUT_MAX]; /* what a command printed */

/* ---- a small JSON reader ----------------------------------------------- */

static void js_ws(const char **p)
{
    while (**p == ' ' || **p == '\n' || **p == '\t' || **p == '\r')
        (*p)++;
}

/* Decode the string at *p (which starts at its quote) into buf; false if
 * it is not a JSON string.  \uXXXX below 0x80 and U+FFFD, U+2028/9 are
 * all this page writes; others are written back as UTF-8 too. */
static bool js_string(const char **p, char *buf, size_t len)
{
    const char *s = *p;
    size_t n = 0;
    if (*s++ != '"')
        return false;
    while (*s && *s != '"') {
        unsigned code = (unsigned char)*s++;
        bool escaped_u = false;
        if (code < 0x20)
            return false;
        if (code == '\\') {
            char e = *s++;
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            const char *at = e ? strchr(from, e) : NULL;
            if (at) {
                code = (unsigned char)to[at - from];
            } else if (e == 'u') {
                char hex[5] = {0};
                for (int i = 0; i < 4; i++) {
                    hex[i] = *s++;
                    if (!hex[i] || !strchr("0123456789abcdefABCDEF", hex[i]))
                        return false;
                }
                code = (unsigned)strtoul(hex, NULL, 16);
                escaped_u = true;
            } else {
                return false;
            }
        }
        char enc[3];
        int m = 1;
        enc[0] = (char)code; /* ASCII, or a raw byte of UTF-8 */
        if (escaped_u && code >= 0x800) {
            enc[0] = (char)(0xe0 | code >> 12);
            enc[1] = (char)(0x80 | ((code >> 6) & 0x3f));
            enc[2] = (char)(0x80 | (code & 0x3f));
            m = 3;
        } else if (escaped_u && code >= 0x80) {
            enc[0] = (char)(0xc0 | code >> 6);
            enc[1] = (char)(0x80 | (code & 0x3f));
            m = 2;
        }
        if (n + (size_t)m >= len)
            return false;
        memcpy(buf + n, enc, (size_t)m);
        n += (size_t)m;
    }
    if (*s != '"')
        return false;
    buf[n] = '\0';
    *p = s + 1;
    return true;
}

static bool js_value(const char **p, int depth);

static bool js_members(const char **p, char close, int depth)
{
    static char key[256];
    (*p)++;
    js_ws(p);
    if (**p == close) {
        (*p)++;
        return true;
    }
    for (;;) {
        if (close == '}') {
            if (!js_string(p, key, sizeof key))
                return false;
            js_ws(p);
            if (*(*p)++ != ':')
                return false;
        }
        if (!js_value(p, depth + 1))
            return false;
        js_ws(p);
        if (**p == close) {
            (*p)++;
            return true;
        }
        if (*(*p)++ != ',')
            return false;
        js_ws(p);
    }
}

/* Skip one JSON value; false if it is not one. */
static bool js_value(const char **p, int depth)
{
    static char scratch[65536];
    js_ws(p);
    if (depth > 32)
        return false;
    if (**p == '{' || **p == '[')
        return js_members(p, **p == '{' ? '}' : ']', depth);
    if (**p == '"')
        return js_string(p, scratch, sizeof scratch);
    for (const char *lit = "true\0false\0null\0"; *lit; lit += strlen(lit) + 1)
        if (!strncmp(*p, lit, strlen(lit))) {
            *p += strlen(lit);
            return true;
        }
    char *end;
    strtod(*p, &end);
    if (end == *p)
        return false;
    *p = end;
    return true;
}

/* The value of the n-th (0-based) "key": at or after from, as a string;
 * NULL when there is none.  A key inside a string is written \"key\", so
 * a plain "key": is always a key. */
static const char *js_find(const char *from, const char *key, int n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *at = from;
    for (int i = 0; (at = strstr(at, pat)); at++)
        if (at[-1] != '\\' && i++ == n)
            return at + strlen(pat);
    return NULL;
}

static void js_str_at(const char *json, const char *key, int n, char *buf,
                      size_t len)
{
    const char *v = js_find(json, key, n);
    cr_assert_not_null(v, "no %d-th \"%s\" in the data", n, key);
    cr_assert(js_string(&v, buf, len), "\"%s\" #%d is not a string", key, n);
}

/* The JSON of a page's data element, checked to be one JSON value that
 * spans it all (free it). */
static char *page_json(const char *page)
{
    const char *open = "<script type=\"application/json\" id=\"data\">";
    const char *at = strstr(page, open);
    cr_assert_not_null(at, "no data element");
    at += strlen(open);
    const char *end = strstr(at, "</script>");
    cr_assert_not_null(end);
    char *json = strndup(at, (size_t)(end - at));
    const char *p = json;
    cr_assert(js_value(&p, 0), "the data is not JSON near: %.80s", p);
    js_ws(&p);
    cr_assert_eq(*p, '\0', "more after the JSON: %.80s", p);
    return json;
}

/* ---- what the engine says ------------------------------------------------ */

/* The board of a position line as the page's cells: a letter a cell,
 * '.' empty, digits as so many empty cells, rows joined. */
static void expand(const char *line, char *cells, size_t len)
{
    size_t n = 0;
    for (const char *p = line; *p && *p != ' '; p++) {
        if (*p == '/')
            continue;
        if (*p >= '0' && *p <= '9') {
            char *end;
            long run = strtol(p, &end, 10);
            for (long i = 0; i < run && n + 1 < len; i++)
                cells[n++] = '.';
            p = end - 1;
        } else if (n + 1 < len) {
            cells[n++] = *p;
        }
    }
    cells[n] = '\0';
}

/* pre with block b (side 3) of a width-wide board turned: R clockwise. */
static void turn_cells(const char *pre, int width, int b, char dir,
                       char *after)
{
    int per = width / 3, r0 = b / per * 3, c0 = b % per * 3;
    strcpy(after, pre);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            int nr = dir == 'R' ? c : 2 - c, nc = dir == 'R' ? 2 - r : r;
            after[(r0 + nr) * width + c0 + nc] =
                pre[(r0 + r) * width + c0 + c];
        }
}

static int count_diff(const char *a, const char *b)
{
    int n = 0;
    for (size_t i = 0; a[i] && b[i]; i++)
        n += a[i] != b[i];
    return n;
}

/* The cell numbers of the list after "key": of ply k's object. */
static int cell_list(const char *ply, const char *key, int *cells, int cap)
{
    const char *v = js_find(ply, key, 0);
    cr_assert_not_null(v);
    cr_assert_eq(*v, '[');
    int n = 0;
    for (v++; *v != ']';) {
        char *end;
        long c = strtol(v, &end, 10);
        cr_assert(end != v && n < cap);
        cells[n++] = (int)c;
        v = *end == ',' ? end + 1 : end;
    }
    return n;
}

/* The start of ply k's object in the data. */
static const char *ply_at(const char *json, size_t k)
{
    const char *v = js_find(json, "pos", (int)k);
    cr_assert_not_null(v, "no ply %zu in the data", k);
    return v - strlen("\"pos\":");
}

/* Ply k of the page's data against the engine's position after k moves
 * (and k - 1). */
static void check_ply(const char *json, const record *r, size_t k,
                      const char *line, const char *before_cells, int width,
                      const char *pattern)
{
    static char got[RULES_POS_TEXT_MAX], cells[512], want[512], turned[512];
    js_str_at(json, "pos", (int)k, got, sizeof got);
    cr_assert_str_eq(got, line, "ply %zu: the page's position", k);
    js_str_at(json, "cells", (int)k, cells, sizeof cells);
    expand(line, want, sizeof want);
    cr_assert_str_eq(cells, want, "ply %zu: the page's cells", k);
    if (k == 0)
        return;
    const char *ply = ply_at(json, k);
    const record_move *m = &r->moves[k - 1];
    js_str_at(ply, "move", 0, got, sizeof got);
    cr_assert_str_eq(got, m->text, "ply %zu: the move", k);
    int marks[16], taken[400];
    int nm = cell_list(ply, "marks", marks, 16);
    for (int i = 0; i < nm; i++)
        cr_assert_neq(cells[marks[i]], '.', "ply %zu: a mark on an empty "
                      "cell %d", k, marks[i]);
    const char *turn = js_find(ply, "turn", 0);
    bool turns = strncmp(turn, "null", 4) != 0;
    int nt = cell_list(ply, "taken", taken, 400);
    for (int i = 0; i < nt && !turns; i++)
        cr_assert(cells[taken[i]] == '.' && before_cells[taken[i]] != '.',
                  "ply %zu: cell %d marked taken", k, taken[i]);
    if (!turns) {
        /* Pieces stay: what changed is what the move put and took. */
        cr_assert_eq(count_diff(before_cells, cells), nm + nt,
                     "ply %zu: %d placed, %d taken", k, nm, nt);
        return;
    }
    /* The cells before the turn, turned, are the engine's after it; and
     * they are the position before the move but for its one piece put or
     * taken. */
    char pre[512];
    js_str_at(turn, "pre", 0, pre, sizeof pre);
    const char *b = js_find(turn, "block", 0), *d = js_find(turn, "dir", 0);
    cr_assert(b && d);
    turn_cells(pre, width, atoi(b), d[1], turned);
    cr_assert_eq(count_diff(before_cells, pre), 1, "ply %zu: before the "
                 "turn\n%s\n%s", k, before_cells, pre);
    if (pattern && !strcmp(cells, pattern))
        return; /* the puzzle's pattern, put back after a mend */
    cr_assert_str_eq(turned, cells, "ply %zu: the turn of block %d %c", k,
                     atoi(b), d[1]);
}

/* Every ply of the page against the engine, replaying r here. */
static void check_page_data(const char *json, const record *r)
{
    char why[256];
    rules_game *g = rules_game_new(r->game, r->variant, r->options, why,
                                   sizeof why);
    cr_assert_not_null(g, "%s", why);
    rules_pos pos;
    rules_start(g, &pos);
    char line[RULES_POS_TEXT_MAX], before[512];
    int width = !strcmp(r->game, "pente") ? 19
                : !strcmp(r->game, "pentago") ? 6
                                              : 9;
    rules_pos_write(g, &pos, line, sizeof line);
    char pattern[128] = "";
    const char *opt = r->options ? strstr(r->options, "pattern=") : NULL;
    if (opt)
        expand(opt + strlen("pattern="), pattern, sizeof pattern);
    check_ply(json, r, 0, line, NULL, width, NULL);
    for (size_t k = 1; k <= r->nmoves; k++) {
        expand(line, before, sizeof before);
        rules_move mv;
        cr_assert_eq(rules_parse_move(g, &pos, r->moves[k - 1].text, &mv,
                                      why, sizeof why),
                     RULES_OK, "%s", why);
        rules_apply(g, &pos, &mv);
        rules_pos_write(g, &pos, line, sizeof line);
        check_ply(json, r, k, line, before, width, opt ? pattern : NULL);
    }
    cr_assert_null(js_find(json, "pos", (int)r->nmoves + 1),
                   "more plies than moves");
    rules_game_free(g);
}

/* ---- pages of real games ---------------------------------------------------- */

typedef struct {
    char dir[256];
    char rec[512];  /* the record */
    char page[512]; /* the page replay --html wrote */
    record r;
} game_run;

/* `referee match -n 1` of the game with these bots, then `referee
 * replay RECORD --html PAGE`. */
static void play(game_run *gr, const char *game, const char *variant,
                 const char *const *bots)
{
    run_tmpdir(gr->dir, sizeof gr->dir);
    cr_assert(gr->dir[0]);
    char *argv[32] = {RUN_REFEREE, "match", "-n", "1", "--seed", "11",
                      "--move-ms", "5000", "--out", gr->dir, "--game",
                      (char *)game, "--variant", (char *)variant};
    int n = 14;
    for (int i = 0; bots[i]; i++)
        argv[n++] = (char *)bots[i];
    argv[n] = NULL;
    int rc = run_cmd(argv, gr->dir + 5, out, sizeof out);
    cr_assert_eq(rc, 0, "%s", out);
    snprintf(gr->rec, sizeof gr->rec, "%s/game-0001.yaml", gr->dir);
    snprintf(gr->page, sizeof gr->page, "%s/game.html", gr->dir);
    char err[512];
    cr_assert_eq(record_read(gr->rec, &gr->r, err, sizeof err), 0, "%s", err);
    char *rargv[] = {RUN_REFEREE, "replay", gr->rec, "--html", gr->page,
                     NULL};
    rc = run_cmd(rargv, gr->dir + 5, out, sizeof out);
    cr_assert_eq(rc, 0, "%s", out);
    cr_assert(strstr(out, "page: "), "%s", out);
}

static void done(game_run *gr)
{
    record_release(&gr->r);
    run_rmtree(gr->dir);
}

/* Nothing of the page comes from elsewhere: no src, no link but the
 * back link, no URL but the SVG namespace. */
static void check_self_contained(const char *page, bool back)
{
    cr_assert_null(strstr(page, " src="));
    cr_assert_null(strstr(page, "<link"));
    cr_assert_eq(strstr(page, "href=") != NULL, back);
    for (const char *p = page; (p = strstr(p, "http")); p++)
        cr_assert(!strncmp(p, "http://www.w3.org/2000/svg", 26) ||
                      !strncmp(p, "http-equiv", 10),
                  "a URL in the page: %.60s", p);
    cr_assert(strstr(page, "default-src 'none'"), "no content policy");
}

/* The page of the game: the engine's plies in its data; the page that
 * html_game_write writes with a back link holds the same data. */
static void check_game(const char *game, const char *variant,
                       const char *const *bots)
{
    game_run gr;
    play(&gr, game, variant, bots);
    cr_assert_gt(gr.r.nmoves, 0);
    char *page = run_slurp(gr.page, NULL);
    cr_assert_not_null(page);
    check_self_contained(page, false);
    char *json = page_json(page);
    check_page_data(json, &gr.r);
    char reason[64];
    js_str_at(json, "reason", 0, reason, sizeof reason);
    cr_assert_str_eq(reason, gr.r.reason);

    char path[600], err[512];
    snprintf(path, sizeof path, "%s/with-back.html", gr.dir);
    cr_assert_eq(html_game_write(&gr.r, path, "../index.html", err,
                                 sizeof err), 0, "%s", err);
    char *page2 = run_slurp(path, NULL);
    cr_assert_not_null(page2);
    check_self_contained(page2, true);
    cr_assert(strstr(page2, "<a id=\"back\" href=\"../index.html\">"));
    char *json2 = page_json(page2);
    cr_assert_str_eq(json, json2);
    free(json2);
    free(page2);
    free(json);
    free(page);
    done(&gr);
}

#define B(name) RUN_BOTS name

Test(html_game, pentago, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), NULL};
    check_game("pentago", "swiss-2010", bots);
}

Test(html_game, pente_standard, .timeout = 120)
{
    const char *bots[] = {B("pente_bot"), B("random_bot"), NULL};
    check_game("pente", "standard", bots);
}

Test(html_game, pente_plus, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), NULL};
    check_game("pente", "plus", bots);
}

Test(html_game, pente_partner, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), B("greedy_bot"),
                          B("random_bot"), NULL};
    check_game("pente", "partner", bots);
}

Test(html_game, pente_team, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), B("greedy_bot"),
                          B("random_bot"), NULL};
    check_game("pente", "team", bots);
}

Test(html_game, multi_2p, .timeout = 120)
{
    const char *bots[] = {B("pentago_bot"), B("random_bot"), NULL};
    check_game("pentago-multi", "2p", bots);
}

Test(html_game, multi_3p, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), B("greedy_bot"),
                          NULL};
    check_game("pentago-multi", "3p", bots);
}

Test(html_game, multi_4p, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), B("random_bot"),
                          B("greedy_bot"), NULL};
    check_game("pentago-multi", "4p", bots);
}

Test(html_game, multi_team, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), B("greedy_bot"),
                          B("random_bot"), NULL};
    check_game("pentago-multi", "team", bots);
}

Test(html_game, puzzle_2p_with_its_pattern, .timeout = 120)
{
    const char *bots[] = {B("puzzle_bot"), B("random_bot"), NULL};
    check_game("pentago-puzzle", "2p", bots);
    /* the pattern beside the board is the one the options give */
    game_run gr;
    play(&gr, "pentago-puzzle", "2p", bots);
    char *page = run_slurp(gr.page, NULL);
    char *json = page_json(page);
    char pat[128], want[128];
    js_str_at(json, "pattern", 0, pat, sizeof pat);
    const char *opt = strstr(gr.r.options, "pattern=");
    cr_assert_not_null(opt);
    expand(opt + strlen("pattern="), want, sizeof want);
    cr_assert_str_eq(pat, want);
    cr_assert_eq(strlen(pat), 81);
    free(json);
    free(page);
    done(&gr);
}

Test(html_game, puzzle_3p, .timeout = 120)
{
    const char *bots[] = {B("puzzle_bot"), B("random_bot"), B("greedy_bot"),
                          NULL};
    check_game("pentago-puzzle", "3p", bots);
}

/* crash_bot exits at its first turn: the page says who lost by which
 * fault, with the record's detail. */
Test(html_game, a_game_lost_by_a_fault, .timeout = 120)
{
    const char *bots[] = {B("random_bot"), RUN_TBOTS "crash_bot", NULL};
    game_run gr;
    play(&gr, "pentago", "swiss-2010", bots);
    cr_assert_str_eq(gr.r.reason, "exited");
    cr_assert_not_null(gr.r.detail);
    char *page = run_slurp(gr.page, NULL);
    char *json = page_json(page);
    check_page_data(json, &gr.r);
    char got[512];
    js_str_at(json, "reason", 0, got, sizeof got);
    cr_assert_str_eq(got, "exited");
    js_str_at(json, "detail", 0, got, sizeof got);
    cr_assert_str_eq(got, gr.r.detail);
    const char *seat = js_find(json, "fault_seat", 0);
    cr_assert_not_null(seat);
    cr_assert_eq(atoi(seat), gr.r.fault_seat);
    cr_assert_geq(gr.r.fault_seat, 0);
    free(json);
    free(page);
    done(&gr);
}

/* ---- hostile text ------------------------------------------------------------- */

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

Test(html_game, hostile_text_stays_text, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), NULL};
    game_run gr;
    play(&gr, "pentago", "swiss-2010", bots);
    const char *evil = "</script><script>alert(1)</script>";
    const char *odd = "<!-- a\xe2\x80\xa8line \xff\xfe \"q\" & \\ end";
    cr_assert_eq(record_add_comment(&gr.r.moves[0], evil), 0);
    cr_assert_eq(record_add_comment(&gr.r.moves[1], odd), 0);
    record_set(&gr.r.players[0].name, "<b onmouseover=alert(2)>x</b>");
    record_set(&gr.r.players[0].entrant, "<i>\"e\"&'</i>");
    record_set(&gr.r.detail, "</SCRIPT><img src=x onerror=alert(3)>");
    char path[600], err[512];
    snprintf(path, sizeof path, "%s/evil.html", gr.dir);
    cr_assert_eq(html_game_write(&gr.r, path, "a\"b<c>.html", err,
                                 sizeof err), 0, "%s", err);
    char *page = run_slurp(path, NULL);
    cr_assert_not_null(page);
    /* the page's own two script elements, no more */
    cr_assert_eq(count(page, "<script"), 2, "%zu script elements",
                 count(page, "<script"));
    cr_assert_eq(count(page, "</script"), 2);
    cr_assert_null(strstr(page, "</SCRIPT"));
    cr_assert_null(strstr(page, "<img"));
    cr_assert_null(strstr(page, "<b onmouseover"));
    cr_assert_null(strstr(page, "<!-- a"));
    /* the entrant's name in the title, as entities */
    cr_assert(strstr(page, "&lt;i&gt;&quot;e&quot;&amp;&#39;&lt;/i&gt;"));
    cr_assert(strstr(page, "href=\"a&quot;b&lt;c&gt;.html\""));
    /* and the text comes back as it was from the JSON */
    char *json = page_json(page);
    char got[512];
    const char *c1 = js_find(json, "comments", 0);
    cr_assert_eq(*c1, '[');
    c1++;
    cr_assert(js_string(&c1, got, sizeof got));
    cr_assert_str_eq(got, evil);
    const char *c2 = js_find(json, "comments", 1) + 1;
    cr_assert(js_string(&c2, got, sizeof got));
    cr_assert_str_eq(got, "<!-- a\xe2\x80\xa8line \xef\xbf\xbd\xef\xbf\xbd "
                          "\"q\" & \\ end");
    js_str_at(json, "detail", 0, got, sizeof got);
    cr_assert_str_eq(got, gr.r.detail);
    free(json);
    free(page);
    done(&gr);
}

/* ---- errors of replay --html -------------------------------------------------- */

Test(html_game, replay_html_errors, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), NULL};
    game_run gr;
    play(&gr, "pentago", "swiss-2010", bots);
    char missing[600], page[600];
    struct stat st;

    /* an unreadable record: status 1, the record named, no page */
    snprintf(missing, sizeof missing, "%s/no-such.yaml", gr.dir);
    snprintf(page, sizeof page, "%s/a.html", gr.dir);
    char *a1[] = {RUN_REFEREE, "replay", missing, "--html", page, NULL};
    cr_assert_eq(run_cmd(a1, gr.dir + 5, out, sizeof out), 1, "%s", out);
    cr_assert(strstr(out, "referee replay: ") && strstr(out, missing), "%s",
              out);
    cr_assert_neq(stat(page, &st), 0);

    /* an output that cannot be written: status 1, the page named */
    snprintf(page, sizeof page, "%s/no-dir/b.html", gr.dir);
    char *a2[] = {RUN_REFEREE, "replay", gr.rec, "--html", page, NULL};
    cr_assert_eq(run_cmd(a2, gr.dir + 5, out, sizeof out), 1, "%s", out);
    cr_assert(strstr(out, "referee replay: cannot write the page: ") &&
                  strstr(out, page),
              "%s", out);

    /* a record that disagrees with the rules gets no page */
    char *text = run_slurp(gr.rec, NULL);
    char *digest = strstr(text, "\ndigest:");
    cr_assert_not_null(digest);
    digest[1] = '\0';
    char *res = strstr(text, "reason: \"");
    cr_assert_not_null(res);
    char edited[600];
    snprintf(edited, sizeof edited, "%s/edited.yaml", gr.dir);
    FILE *f = fopen(edited, "w");
    cr_assert_not_null(f);
    fprintf(f, "%.*sreason: \"full-board\"%s", (int)(res - text), text,
            strchr(res + 9, '"') + 1);
    fclose(f);
    free(text);
    snprintf(page, sizeof page, "%s/c.html", gr.dir);
    char *a3[] = {RUN_REFEREE, "replay", "--accept-undigested", edited,
                  "--html", page, NULL};
    cr_assert_eq(run_cmd(a3, gr.dir + 5, out, sizeof out), 1, "%s", out);
    cr_assert(strstr(out, "result"), "%s", out);
    cr_assert_neq(stat(page, &st), 0, "a page for a record that disagrees");

    /* --html with --ply or --moves is a usage error */
    char *a4[] = {RUN_REFEREE, "replay", "--ply", "3", gr.rec, "--html",
                  page, NULL};
    cr_assert_eq(run_cmd(a4, gr.dir + 5, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "--html"), "%s", out);
    done(&gr);
}

/* A result entered by hand has no moves: the page is the start position
 * and says who entered the result and why. */
Test(html_game, an_entered_result_without_moves, .timeout = 120)
{
    const char *bots[] = {B("greedy_bot"), B("random_bot"), NULL};
    game_run gr;
    play(&gr, "pentago", "swiss-2010", bots);
    for (size_t i = 0; i < gr.r.nmoves; i++) {
        free(gr.r.moves[i].text);
        free(gr.r.moves[i].sent);
        for (size_t c = 0; c < gr.r.moves[i].ncomments; c++)
            free(gr.r.moves[i].comments[c]);
        free(gr.r.moves[i].comments);
    }
    gr.r.nmoves = 0;
    record_set(&gr.r.reason, "forfeit");
    record_set(&gr.r.note.entered_by, "J. Arbiter");
    record_set(&gr.r.note.entered_reason, "r4 did not start");
    char path[600], err[512];
    snprintf(path, sizeof path, "%s/entered.html", gr.dir);
    cr_assert_eq(html_game_write(&gr.r, path, NULL, err, sizeof err), 0,
                 "%s", err);
    char *page = run_slurp(path, NULL);
    char *json = page_json(page);
    check_page_data(json, &gr.r);
    const char *entered = js_find(json, "entered", 0);
    cr_assert_not_null(entered);
    char got[128];
    js_str_at(entered, "by", 0, got, sizeof got);
    cr_assert_str_eq(got, "J. Arbiter");
    js_str_at(entered, "reason", 0, got, sizeof got);
    cr_assert_str_eq(got, "r4 did not start");
    free(json);
    free(page);
    done(&gr);
}
