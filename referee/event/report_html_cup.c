/* report_html_cup.c - the cup of the event report drawn as a tree (see
 * report_html_internal.h): a column per round, each tie a box with its
 * two entrants and seeds (the winner in bold) and every game of the tie,
 * replays included, linked to its viewer page.  The ties of a round
 * are spread evenly down their column, two by two (tie k of a round
 * takes the winners of ties 2k-1 and 2k of the round before), so each
 * sits level with the pair that feeds it, and lines join each pair to
 * it: the tree needs no script.  The intermediate round, which feeds
 * round 1 by seed rather than by position, and the third-place match
 * are drawn apart. */
#include "event/report_html_internal.h"

#include "event/plan_query.h"

#include <string.h>

#define REPORT_MAX_TIES PLAN_TIES_MAX

/* Every game of tie i, linked: "game 1: g1 drew r3", "game 2 (replay):
 * g1 beat r3". */
static void report_tie_games(FILE *f, const tables_ctx *t, int i,
                             const plan_tie *tie)
{
    int n = 0;
    fputs("<div class=\"games\">", f);
    for (size_t k = 0; k < t->ngames; k++) {
        const tables_game *g = &t->games[t->order[k]];
        if (plan_q_game_tie(t->p, g->game.id) != i)
            continue;
        char said[600], label[700];
        tables_said(said, sizeof said, t, g);
        n++;
        snprintf(label, sizeof label, "game %d%s: %s", n,
                 n > 1 ? " (replay)" : "", said);
        fputs(n > 1 ? "<br>" : "", f);
        report_game_link(f, t, g, label);
    }
    if (tie->by_safeguard && tie->winner >= 0) {
        fputs("<br>the replay cap decided: ", f);
        view_html_text(f, tables_name(t, tie->winner));
        fputs(tie->round == 0 ? " goes through as the better-ranked "
                                "candidate"
                              : " goes through as the better seed",
              f);
    }
    if (!n && !tie->by_safeguard)
        fputs(tie->winner >= 0 ? "no game (bye)" : "to play", f);
    fputs("</div>", f);
}

static void report_tie(FILE *f, const tables_ctx *t, int i,
                       const plan_tie *tie)
{
    fprintf(f, "<div class=\"tie\" id=\"tie-%s%d-t%d\">",
            tie->third_place ? "third-r" : "r", tie->round, tie->tie);
    for (int s = 0; s < 2; s++) {
        int e = tie->entrant[s], seed = plan_q_tie_seed(t->p, i, s);
        bool won = e >= 0 && tie->winner == e;
        fprintf(f, "<div class=\"slot%s\">", won ? " won" : "");
        if (seed)
            fprintf(f, "<span class=\"seed\">%d</span>", seed);
        report_name(f, t, e);
        fputs("</div>", f);
    }
    report_tie_games(f, t, i, tie);
    fputs("</div>\n", f);
}

/* The ties of round r (0: the intermediate round) in one column; with
 * pairs, each two ties that feed one of the next round are boxed
 * together, and a line joins them. */
static void report_round(FILE *f, const tables_ctx *t, const plan_tie *ties,
                         size_t n, int r, bool third, bool pairs)
{
    char name[64];
    if (third)
        snprintf(name, sizeof name, "third-place match");
    else
        tables_round_name(name, sizeof name, r, plan_q_cup_rounds(t->p));
    fprintf(f, "<div class=\"round\" data-round=\"%d\">\n<h3>%s</h3>\n"
               "<div class=\"ties\">\n",
            r, name);
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        if (ties[i].round != r || ties[i].third_place != third)
            continue;
        if (pairs && k % 2 == 0)
            fputs("<div class=\"pair\">\n", f);
        report_tie(f, t, (int)i, &ties[i]);
        if (pairs && k % 2 == 1)
            fputs("</div>\n", f);
        k++;
    }
    if (pairs && k % 2 == 1)
        fputs("</div>\n", f);
    fputs("</div>\n</div>\n", f);
}

static bool report_has(const plan_tie *ties, size_t n, int r, bool third)
{
    for (size_t i = 0; i < n; i++)
        if (ties[i].round == r && ties[i].third_place == third)
            return true;
    return false;
}

void report_cup(FILE *f, const tables_ctx *t)
{
    plan_tie ties[REPORT_MAX_TIES];
    size_t n = plan_bracket(t->p, ties, REPORT_MAX_TIES);
    if (n > REPORT_MAX_TIES)
        n = REPORT_MAX_TIES;
    int rounds = plan_q_cup_rounds(t->p);
    fputs("<section id=\"cup\">\n<h2>Cup</h2>\n", f);
    if (report_has(ties, n, 0, false)) {
        fputs("<div class=\"bracket\" id=\"intermediate\">\n", f);
        report_round(f, t, ties, n, 0, false, false);
        fputs("</div>\n", f);
    }
    if (!rounds) {
        fputs(t->def->nentrants < 2
                  ? "<p>No cup: a single entrant.</p>\n"
                  : "<p>The cup is drawn when the group phase ends.</p>\n",
              f);
        fputs("</section>\n", f);
        return;
    }
    fputs("<div class=\"bracket\" id=\"bracket\">\n", f);
    for (int r = 1; r <= rounds; r++)
        report_round(f, t, ties, n, r, false, r < rounds);
    fputs("</div>\n", f);
    if (report_has(ties, n, rounds, true)) {
        fputs("<div class=\"bracket third\">\n", f);
        report_round(f, t, ties, n, rounds, true, false);
        fputs("</div>\n", f);
    }
    fputs("</section>\n", f);
}
