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
    ".pass{color:#176c17}.fail{color:#a11}.open{color:#7a5b00}"
    ".bar{position:relative;height:1.2em;background:#eee;border:1px solid "
    "#bbb;width:30em}.llr{position:absolute;top:0;bottom:0;width:3px;"
    "background:#222}";

/* A row: a header cell and a value written by the caller. */
static void sprt_html_row(FILE *f, const char *head)
{
    fputs("<tr><th>", f);
    view_html_text(f, head);
    fputs("</th><td>", f);
}

static void sprt_html_interval(FILE *f, const char *head,
                               const penta_interval *v)
{
    sprt_html_row(f, head);
    fprintf(f, "%+.1f [%+.1f, %+.1f]%s</td></tr>\n", v->value, v->lo, v->hi,
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

/* The LLR between its bounds, as a bar. */
static void sprt_html_test(FILE *f, const sprt_summary *s)
{
    fputs("<h2>Test</h2>\n", f);
    if (!s->sequential) {
        fprintf(f, "<p>A fixed number of pairs: %ld.</p>\n", s->max_pairs);
        return;
    }
    double lo = s->state.lower, hi = s->state.upper, llr = s->state.llr;
    double at = hi > lo ? (llr - lo) / (hi - lo) : 0.5;
    at = at < 0 ? 0 : at > 1 ? 1 : at;
    fprintf(f, "<p>%s Elo, H0: %g, H1: %g, alpha %g, beta %g. LLR %.2f "
               "between the bounds %.2f and %.2f%s.</p>\n",
            s->params.model == SPRT_NORMALIZED ? "normalised" : "logistic",
            s->params.elo0, s->params.elo1, s->params.alpha, s->params.beta,
            llr, lo, hi, s->verdict_pairs ? "" : " (no verdict)");
    fprintf(f, "<div class=\"bar\" title=\"LLR %.2f\"><div class=\"llr\" "
               "style=\"left:%.1f%%\"></div></div>\n",
            llr, 100 * at);
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
    sprt_html_interval(f, "Elo, 95 %", &r->elo);
    sprt_html_interval(f, "normalised Elo, 95 %", &r->nelo);
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
