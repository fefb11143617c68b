/* sprt_html.c - a strength test's page (see sprt_html.h). */
#include "strength/sprt_html.h"

#include "util/fsutil.h"
#include "view/view_escape.h"

#include <inttypes.h>
#include <stdio.h>

static const char sprt_html_style[] =
    "body{font-family:sans-serif;margin:2em;max-width:60em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}"
    "td,th{border:1px solid #bbb;padding:.25em .6em;text-align:left}"
    "th{background:#eee}.verdict{font-size:1.4em;font-weight:bold}"
    ".pass{color:#176c17}.fail{color:#a11}.open{color:#7a5b00}";

/* A row: a header cell and a value written by the caller. */
static void sprt_html_row(FILE *f, const char *head)
{
    fputs("<tr><th>", f);
    view_html_text(f, head);
    fputs("</th><td>", f);
}

/* An estimate and its interval; value: its text (sprt_elo_text, ...). */
static void sprt_html_interval(FILE *f, const char *head,
                               const penta_interval *v, const char *value)
{
    char lo[32], hi[32];
    sprt_html_row(f, head);
    fprintf(f, "%s [%s, %s]%s</td></tr>\n", value,
            sprt_elo_text(v->lo, lo, sizeof lo),
            sprt_elo_text(v->hi, hi, sizeof hi),
            v->bounded ? "" : " (not bounded: too few games or one-sided)");
}

static void sprt_html_setup(FILE *f, const sprt_summary *s)
{
    const series_options *o = s->o;
    fputs("<h2>Setup</h2>\n<table>\n", f);
    sprt_html_row(f, "candidate");
    view_html_text(f, o->bot[0]);
    fputs("</td></tr>\n", f);
    sprt_html_row(f, "base");
    view_html_text(f, o->bot[1]);
    fputs("</td></tr>\n", f);
    sprt_html_row(f, "game");
    view_html_text(f, rules_game_name(s->g));
    fputc(' ', f);
    view_html_text(f, rules_variant_name(s->g));
    fputc(' ', f);
    view_html_text(f, rules_options_text(s->g));
    fputs("</td></tr>\n", f);
    sprt_html_row(f, "time control");
    fprintf(f, "%ld ms a move, bank %ld ms, increment %ld ms, grace %ld "
               "ms%s</td></tr>\n",
            o->base.tc.move_ms, o->base.tc.bank_ms, o->base.tc.increment_ms,
            o->base.tc.grace_ms,
            o->base.tc.clock == TIME_CLOCK_CPU ? ", CPU time" : "");
    sprt_html_row(f, "openings");
    if (s->openings)
        view_html_text(f, s->openings);
    else
        fprintf(f, "%d random plies", s->random_plies);
    fprintf(f, "</td></tr>\n");
    sprt_html_row(f, "seed");
    fprintf(f, "%" PRIu64 "</td></tr>\n", o->base.seed);
    sprt_html_row(f, "records");
    view_html_text(f, o->dir);
    fputs(" (<code>referee replay RECORD --html PAGE</code> shows a "
          "game)</td></tr>\n</table>\n", f);
}

/* Where the LLR stands against its bounds, in words. */
static void sprt_html_llr_words(FILE *f, const sprt_summary *s)
{
    double lo = s->state.lower, hi = s->state.upper, llr = s->state.llr;
    if (llr >= hi)
        fprintf(f, "LLR %.2f reached the upper bound %.2f after %ld pairs: "
                   "H1 accepted", llr, hi, s->verdict_pairs);
    else if (llr <= lo)
        fprintf(f, "LLR %.2f reached the lower bound %.2f after %ld pairs: "
                   "H0 accepted", llr, lo, s->verdict_pairs);
    else
        fprintf(f, "LLR %.2f, between the bounds %.2f and %.2f: no verdict "
                   "after %ld pairs", llr, lo, hi, s->npath);
}

#define SPRT_SVG_W 600.
#define SPRT_SVG_H 240.

/* The LLR's path over the pairs between its two bounds, as an inline SVG
 * (no script): a reader sees at a glance how the test went. */
static void sprt_html_path(FILE *f, const sprt_summary *s)
{
    double lo = s->state.lower, hi = s->state.upper;
    double top = hi, bottom = lo;
    for (long i = 0; i < s->npath; i++) {
        top = s->llr_path[i] > top ? s->llr_path[i] : top;
        bottom = s->llr_path[i] < bottom ? s->llr_path[i] : bottom;
    }
    double span = top - bottom > 0 ? top - bottom : 1., n = s->npath;
#define SPRT_Y(v) (SPRT_SVG_H * (top - (v)) / span)
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
               "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
               "aria-label=\"the LLR after each pair\" style=\"border:1px "
               "solid #bbb;background:#fafafa\">\n",
            SPRT_SVG_W, SPRT_SVG_H, SPRT_SVG_W, SPRT_SVG_H);
    fprintf(f, "<line x1=\"0\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" "
               "stroke=\"#176c17\" stroke-dasharray=\"6 4\"/>\n"
               "<line x1=\"0\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" "
               "stroke=\"#a11\" stroke-dasharray=\"6 4\"/>\n"
               "<line x1=\"0\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" "
               "stroke=\"#bbb\"/>\n",
            SPRT_SVG_W, SPRT_Y(hi), SPRT_Y(hi), SPRT_SVG_W, SPRT_Y(lo),
            SPRT_Y(lo), SPRT_SVG_W, SPRT_Y(0.), SPRT_Y(0.));
    fprintf(f, "<polyline fill=\"none\" stroke=\"#222\" stroke-width="
               "\"1.5\" points=\"0,%.1f", SPRT_Y(0.));
    for (long i = 0; i < s->npath; i++)
        fprintf(f, " %.1f,%.1f", SPRT_SVG_W * (double)(i + 1) / n,
                SPRT_Y(s->llr_path[i]));
    fprintf(f, "\"/>\n<text x=\"4\" y=\"%.1f\" font-size=\"12\" "
               "fill=\"#176c17\">H1 %.2f</text>\n<text x=\"4\" "
               "y=\"%.1f\" font-size=\"12\" fill=\"#a11\">H0 %.2f</text>\n"
               "</svg>\n<p>The LLR after each of the %ld pairs counted (left "
               "to right); the test ends where it first meets a dashed "
               "bound.</p>\n",
            SPRT_Y(hi) + 14 > SPRT_SVG_H ? SPRT_SVG_H - 2 : SPRT_Y(hi) + 14,
            hi, SPRT_Y(lo) - 4 < 12 ? 12 : SPRT_Y(lo) - 4, lo, s->npath);
#undef SPRT_Y
}

/* The LLR against its bounds: in words, and its path. */
static void sprt_html_test(FILE *f, const sprt_summary *s)
{
    fputs("<h2>Test</h2>\n", f);
    if (!s->sequential) {
        fprintf(f, "<p>A fixed number of pairs: %ld.</p>\n", s->max_pairs);
        return;
    }
    fprintf(f, "<p>%s Elo, H0: %g, H1: %g, alpha %g, beta %g. ",
            s->params.model == SPRT_NORMALIZED ? "normalised" : "logistic",
            s->params.elo0, s->params.elo1, s->params.alpha, s->params.beta);
    sprt_html_llr_words(f, s);
    if (s->pairs_after_verdict > 0)
        fprintf(f, "; %ld more %s in flight then: played and recorded, not "
                   "counted", s->pairs_after_verdict,
                s->pairs_after_verdict == 1 ? "pair was" : "pairs were");
    fputs(".</p>\n", f);
    if (s->npath > 0 && s->llr_path)
        sprt_html_path(f, s);
}

static void sprt_html_figures(FILE *f, const sprt_summary *s)
{
    const penta_report *r = &s->rep;
    fputs("<h2>Figures</h2>\n<table>\n", f);
    sprt_html_row(f, "pairs (games)");
    fprintf(f, "%ld (%ld)</td></tr>\n", r->pairs, r->games);
    sprt_html_row(f, "candidate: wins, draws, losses");
    fprintf(f, "%ld, %ld, %ld</td></tr>\n", s->wdl.wins, s->wdl.draws,
            s->wdl.losses);
    sprt_html_row(f, "pairs scoring 0, 1/2, 1, 3/2, 2");
    fprintf(f, "%ld, %ld, %ld, %ld, %ld</td></tr>\n", s->counts[0],
            s->counts[1], s->counts[2], s->counts[3], s->counts[4]);
    sprt_html_row(f, "score");
    fprintf(f, "%.1f %%</td></tr>\n", 100 * r->score);
    char e[32], ne[32];
    sprt_html_interval(f, "Elo, 95 %", &r->elo,
                       sprt_elo_text(r->elo.value, e, sizeof e));
    sprt_html_interval(f, "normalised Elo, 95 %", &r->nelo,
                       sprt_nelo_text(r, ne, sizeof ne));
    sprt_html_row(f, "LOS");
    fprintf(f, "%.1f %%</td></tr>\n", 100 * r->los);
    sprt_html_row(f, "draw ratio (games, pairs)");
    fprintf(f, "%.1f %%, %.1f %%</td></tr>\n</table>\n",
            100 * r->draw_ratio_lo, 100 * r->pair_draw_ratio);
}

static void sprt_html_faults(FILE *f, const char *who, const sprt_faults *x)
{
    sprt_html_row(f, who);
    if (x->n == 0)
        fputs("none", f);
    for (int i = 0; i < x->n; i++) {
        fputs(i ? ", " : "", f);
        view_html_text(f, x->name[i]);
        fprintf(f, " %ld", x->count[i]);
    }
    fputs("</td></tr>\n", f);
}

static int sprt_html_page(FILE *f, void *arg)
{
    const sprt_summary *s = arg;
    const char *cls = s->exit_status == 0   ? "pass"
                      : s->exit_status == 3 ? "fail"
                                            : "open";
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
               "charset=\"utf-8\"><title>strength test: ");
    view_html_text(f, s->verdict);
    fprintf(f, "</title><style>%s</style></head><body>\n", sprt_html_style);
    fputs("<h1>Strength test</h1>\n<p class=\"verdict ", f);
    fputs(cls, f);
    fputs("\">", f);
    view_html_text(f, s->verdict);
    fprintf(f, "</p>\n<p>Exit status %d.", s->exit_status);
    if (s->interrupted)
        fprintf(f, " Interrupted: %d games not recorded.", s->interrupted);
    fputs("</p>\n", f);
    sprt_html_test(f, s);
    sprt_html_figures(f, s);
    fputs("<h2>Faults</h2>\n<table>\n", f);
    sprt_html_faults(f, "candidate", &s->faults[0]);
    sprt_html_faults(f, "base", &s->faults[1]);
    fputs("</table>\n", f);
    sprt_html_setup(f, s);
    fputs("</body></html>\n", f);
    return ferror(f) ? -1 : 0;
}

int sprt_html_write(const sprt_summary *s, const char *path, char *err,
                    size_t errlen)
{
    return fs_write_replace(path, sprt_html_page, (void *)s, err, errlen);
}
