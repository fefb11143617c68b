/* html_game.c - the viewer page of one game (see html_game.h). */
#include "view/html_game.h"

#include "util/fsutil.h"
#include "view/game_data.h"
#include "view/view_assets.h"
#include "view/view_escape.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const record *r;
    const char *back_href;
    const char *json;
    size_t json_len;
} hg_page;

/* Nothing leaves the page: no fetch, no image, no font from anywhere. */
static const char hg_csp[] =
    "default-src 'none'; script-src 'unsafe-inline'; "
    "style-src 'unsafe-inline'; img-src data:";

/* "group A, group-A-03: g1 vs r2" or "pentago, game 3: A vs B". */
static void hg_title(FILE *f, const record *r)
{
    if (r->event) {
        view_html_text(f, r->event);
        fputs(": ", f);
    }
    if (r->game_id)
        view_html_text(f, r->game_id);
    else
        fprintf(f, "game %d", r->round);
    fputs(" (", f);
    view_html_text(f, r->game);
    fputs(")", f);
    for (int i = 0; i < r->nplayers; i++) {
        const record_player *p = &r->players[i];
        fputs(i ? " vs " : " ", f);
        view_html_text(f, p->entrant ? p->entrant
                          : p->name  ? p->name
                                     : p->command);
    }
}

static void hg_head(FILE *f, const hg_page *pg)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
               "<meta charset=\"utf-8\">\n"
               "<meta http-equiv=\"Content-Security-Policy\" "
               "content=\"%s\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, "
               "initial-scale=1\">\n<title>",
            hg_csp);
    hg_title(f, pg->r);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n", view_viewer_css);
}

/* The frame the script fills: the board, the controls, the move list. */
static void hg_body(FILE *f, const hg_page *pg)
{
    fputs("<body>\n<header>\n", f);
    if (pg->back_href) {
        fputs("<a id=\"back\" href=\"", f);
        view_html_text(f, pg->back_href);
        fputs("\">event report</a>\n", f);
    }
    fputs("<h1 id=\"title\">", f);
    hg_title(f, pg->r);
    fputs("</h1>\n<ul id=\"players\"></ul>\n</header>\n", f);
    fputs(
"<main>\n<section id=\"view\">\n"
"<div id=\"boards\">\n"
"<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" data-ply=\"0\" "
"data-plies=\"0\"></svg>\n"
"<figure id=\"patternbox\" hidden><svg id=\"pattern\" "
"xmlns=\"http://www.w3.org/2000/svg\"></svg>"
"<figcaption>the pattern</figcaption></figure>\n"
"</div>\n"
"<div id=\"controls\">\n"
"<button id=\"first\" title=\"start (Home)\">|&#x25C0;</button>\n"
"<button id=\"prev\" title=\"back (&#x2190;)\">&#x25C0;</button>\n"
"<button id=\"play\" title=\"play or pause (Space)\">play</button>\n"
"<button id=\"next\" title=\"forward (&#x2192;)\">&#x25B6;</button>\n"
"<button id=\"last\" title=\"end (End)\">&#x25B6;|</button>\n"
"<label>speed <select id=\"speed\">"
"<option value=\"250\">250 ms</option>"
"<option value=\"500\">500 ms</option>"
"<option value=\"1000\" selected>1 s</option>"
"<option value=\"2000\">2 s</option>"
"</select></label>\n"
"<label>ply <input id=\"jump\" type=\"number\" min=\"0\" value=\"0\"></label>\n"
"</div>\n"
"<p id=\"ply\">ply 0 of 0</p>\n"
"<p id=\"status\"></p>\n"
"<div id=\"now\"></div>\n"
"<div id=\"result\"></div>\n"
"<p id=\"position\"></p>\n"
"</section>\n"
"<aside><h2>moves</h2><ol id=\"moves\"></ol></aside>\n"
"</main>\n"
"<noscript><p>This page draws the game with its script; allow scripts "
"to see the board.</p></noscript>\n", f);
}

static int hg_fill(FILE *f, void *arg)
{
    const hg_page *pg = arg;
    hg_head(f, pg);
    hg_body(f, pg);
    fputs("<script type=\"application/json\" id=\"data\">", f);
    fwrite(pg->json, 1, pg->json_len, f);
    fprintf(f, "</script>\n<script>\n%s</script>\n</body>\n</html>\n",
            view_viewer_js);
    if (ferror(f)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

int html_game_write(const record *r, const char *path, const char *back_href,
                    char *err, size_t errlen)
{
    char why[512];
    hg_page pg = {.r = r, .back_href = back_href};
    char *json;
    if (game_data_json(r, &json, &pg.json_len, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: %s", path, why);
        return -1;
    }
    pg.json = json;
    int rc = fs_write_replace(path, hg_fill, &pg, err, errlen);
    free(json);
    return rc;
}
