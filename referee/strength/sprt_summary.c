/* sprt_summary.c - a strength test's summary (see sprt_summary.h). */
#include "strength/sprt_summary.h"

#include "util/fsutil.h"
#include "yaml/ywrite.h"

#include <inttypes.h>
#include <string.h>

void sprt_faults_add(sprt_faults *f, const char *reason)
{
    for (int i = 0; i < f->n; i++)
        if (!strcmp(f->name[i], reason)) {
            f->count[i]++;
            return;
        }
    if (f->n == SPRT_FAULT_KINDS)
        return;
    snprintf(f->name[f->n], sizeof f->name[f->n], "%s", reason);
    f->reason[f->n] = f->name[f->n];
    f->count[f->n++] = 1;
}

static const char *sprt_model_name(sprt_model m)
{
    return m == SPRT_NORMALIZED ? "normalized" : "logistic";
}

static void sprt_yaml_interval(FILE *f, const char *key,
                               const penta_interval *v)
{
    fprintf(f, "  %s: %.2f\n  %s_95: [%.2f, %.2f]\n", key, v->value, key,
            v->lo, v->hi);
}

static void sprt_yaml_faults(FILE *f, const char *who, const sprt_faults *x)
{
    fprintf(f, "  %s:", who);
    if (x->n == 0)
        fputs(" {}", f);
    fputc('\n', f);
    for (int i = 0; i < x->n; i++) {
        fputs("    ", f);
        ywrite_str(f, x->name[i]);
        fprintf(f, ": %ld\n", x->count[i]);
    }
}

static void sprt_yaml_setup(FILE *f, const sprt_summary *s)
{
    const series_options *o = s->o;
    fputs("candidate: ", f);
    ywrite_str(f, o->bot[0]);
    fputs("\nbase: ", f);
    ywrite_str(f, o->bot[1]);
    fputs("\ngame:\n  name: ", f);
    ywrite_str(f, rules_game_name(s->g));
    fputs("\n  variant: ", f);
    ywrite_str(f, rules_variant_name(s->g));
    fputs("\n  options: ", f);
    ywrite_str(f, rules_options_text(s->g));
    fprintf(f, "\ntime_control:\n  move_ms: %ld\n  bank_ms: %ld\n"
               "  increment_ms: %ld\n  grace_ms: %ld\n  startup_ms: %ld\n",
            o->base.tc.move_ms, o->base.tc.bank_ms, o->base.tc.increment_ms,
            o->base.tc.grace_ms, o->base.tc.startup_ms);
    fprintf(f, "  clock: %s\n", time_clock_name(o->base.tc.clock));
    if (o->base.tc.clock == TIME_CLOCK_CPU)
        fprintf(f, "  wall_cap_ms: %ld\n", o->base.tc.wall_cap_ms);
    fprintf(f, "seed: %" PRIu64 "\nopenings:\n  file: ", o->base.seed);
    ywrite_str(f, s->openings);
    fprintf(f, "\n  random_plies: %d\nrecords: ", s->openings ? 0 :
                                                  s->random_plies);
    ywrite_str(f, o->dir);
    fputc('\n', f);
}

static void sprt_yaml_test(FILE *f, const sprt_summary *s)
{
    if (!s->sequential) {
        fprintf(f, "test: null\nfixed_pairs: %ld\n", s->max_pairs);
        return;
    }
    fprintf(f, "test:\n  model: %s\n  elo0: %g\n  elo1: %g\n  alpha: %g\n"
               "  beta: %g\n  lower: %.4f\n  upper: %.4f\n  llr: %.4f\n"
               "  pairs_at_verdict: %ld\n  pairs_after_verdict: %ld\n"
               "  max_pairs: %ld\n",
            sprt_model_name(s->params.model), s->params.elo0, s->params.elo1,
            s->params.alpha, s->params.beta, s->state.lower, s->state.upper,
            s->state.llr, s->verdict_pairs, s->pairs_after_verdict,
            s->max_pairs);
}

static void sprt_yaml_figures(FILE *f, const sprt_summary *s)
{
    const penta_report *r = &s->rep;
    fprintf(f, "pairs: %ld\ngames: %ld\ninterrupted: %d\n", r->pairs,
            r->games, s->interrupted);
    fprintf(f, "pentanomial: [%ld, %ld, %ld, %ld, %ld]\n", s->counts[0],
            s->counts[1], s->counts[2], s->counts[3], s->counts[4]);
    fprintf(f, "candidate_games: {wins: %ld, draws: %ld, losses: %ld}\n",
            s->wdl.wins, s->wdl.draws, s->wdl.losses);
    fprintf(f, "figures:\n  score: %.4f\n", r->score);
    sprt_yaml_interval(f, "elo", &r->elo);
    sprt_yaml_interval(f, "nelo", &r->nelo);
    fprintf(f, "  bounded: %s\n  los: %.4f\n  draw_ratio: %.4f\n"
               "  pair_draw_ratio: %.4f\n",
            r->elo.bounded && r->nelo.bounded ? "true" : "false", r->los,
            r->draw_ratio_lo, r->pair_draw_ratio);
    fputs("faults:\n", f);
    sprt_yaml_faults(f, "candidate", &s->faults[0]);
    sprt_yaml_faults(f, "base", &s->faults[1]);
}

static int sprt_yaml(FILE *f, void *arg)
{
    const sprt_summary *s = arg;
    fputs("verdict: ", f);
    ywrite_str(f, s->verdict);
    fprintf(f, "\nexit_status: %d\n", s->exit_status);
    sprt_yaml_setup(f, s);
    sprt_yaml_test(f, s);
    sprt_yaml_figures(f, s);
    return ferror(f) ? -1 : 0;
}

int sprt_summary_write(const sprt_summary *s, const char *path, char *err,
                       size_t errlen)
{
    return fs_write_atomic(path, sprt_yaml, (void *)s, err, errlen);
}

/* An Elo figure as people read it: "+12.3", or "+inf" where it has no
 * finite value and was clamped (pentanomial.h: every game won or lost). */
const char *sprt_elo_text(double v, char *buf, size_t len)
{
    if (v >= PENTA_ELO_MAX - 1e-6)
        return "+inf";
    if (v <= -PENTA_ELO_MAX + 1e-6)
        return "-inf";
    snprintf(buf, len, "%+.1f", v);
    return buf;
}

/* nElo likewise: unbounded (variance 0, score not 1/2) is +-inf, as Elo
 * is, not the regularised figure. */
const char *sprt_nelo_text(const penta_report *r, char *buf, size_t len)
{
    if (!r->nelo.bounded && r->pairs > 0 && r->score != 0.5)
        return r->score > 0.5 ? "+inf" : "-inf";
    snprintf(buf, len, "%+.1f", r->nelo.value);
    return buf;
}

void sprt_summary_progress(char *buf, size_t len, const sprt_summary *s)
{
    const penta_report *r = &s->rep;
    char e[3][32], ne[32];
    if (r->pairs == 0) {
        snprintf(buf, len, "no pair counted: no score");
        return;
    }
    int n = snprintf(buf, len, "pairs %ld (%ld games): score %.1f%%, Elo "
                               "%s [%s, %s], nElo %s",
                     r->pairs, r->games, 100. * r->score,
                     sprt_elo_text(r->elo.value, e[0], sizeof e[0]),
                     sprt_elo_text(r->elo.lo, e[1], sizeof e[1]),
                     sprt_elo_text(r->elo.hi, e[2], sizeof e[2]),
                     sprt_nelo_text(r, ne, sizeof ne));
    if (s->sequential && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ", LLR %.2f [%.2f, %.2f]",
                 s->state.llr, s->state.lower, s->state.upper);
}

static void sprt_print_faults(FILE *out, const char *who,
                              const sprt_faults *f)
{
    if (f->n == 0)
        return;
    fprintf(out, "  %s lost by fault:", who);
    for (int i = 0; i < f->n; i++)
        fprintf(out, "%s %s %ld", i ? "," : "", f->name[i], f->count[i]);
    fputc('\n', out);
}

void sprt_summary_print(FILE *out, const sprt_summary *s)
{
    char line[300];
    sprt_summary_progress(line, sizeof line, s);
    fprintf(out, "\n%s: %s\n  %s\n", s->sequential ? "SPRT" : "fixed games",
            s->verdict, line);
    fprintf(out, "  pentanomial [LL LD DD+WL WD WW] = [%ld %ld %ld %ld %ld]; "
                 "candidate +%ld =%ld -%ld; LOS %.1f%%, draws %.1f%%\n",
            s->counts[0], s->counts[1], s->counts[2], s->counts[3],
            s->counts[4], s->wdl.wins, s->wdl.draws, s->wdl.losses,
            100. * s->rep.los, 100. * s->rep.draw_ratio_lo);
    if (s->sequential && s->verdict_pairs > 0)
        fprintf(out, "  test: %s Elo [%g, %g], alpha %g, beta %g; verdict "
                     "after %ld pairs\n",
                sprt_model_name(s->params.model), s->params.elo0,
                s->params.elo1, s->params.alpha, s->params.beta,
                s->verdict_pairs);
    else if (s->sequential)
        fprintf(out, "  test: %s Elo [%g, %g], alpha %g, beta %g; no "
                     "verdict in %ld pairs\n",
                sprt_model_name(s->params.model), s->params.elo0,
                s->params.elo1, s->params.alpha, s->params.beta,
                s->rep.pairs);
    if (s->pairs_after_verdict > 0)
        fprintf(out, "  %ld more %s in flight at the verdict: played and "
                     "recorded, not counted\n",
                s->pairs_after_verdict,
                s->pairs_after_verdict == 1 ? "pair was" : "pairs were");
    sprt_print_faults(out, "candidate", &s->faults[0]);
    sprt_print_faults(out, "base", &s->faults[1]);
}
