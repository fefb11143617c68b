/* tables_cup.c - the cup's tables (see tables_internal.h): the seeds and
 * how each qualified, every tie by round name with every game (replays
 * included) and the safeguard's decision where it applied. */
#include "event/tables_internal.h"

#include "event/plan_query.h"
#include "yaml/ywrite.h"

#include <string.h>

#define TABLES_MAX_TIES PLAN_TIES_MAX

void tables_round_name(char *buf, size_t len, int r, int rounds)
{
    int left = r >= 1 && rounds - r < 6 ? 2 << (rounds - r) : 0;
    if (r == 0)
        snprintf(buf, len, "intermediate round");
    else if (left == 2)
        snprintf(buf, len, "final");
    else if (left == 4)
        snprintf(buf, len, "semi-finals");
    else if (left == 8)
        snprintf(buf, len, "quarter-finals");
    else if (left)
        snprintf(buf, len, "round of %d", left);
    else
        snprintf(buf, len, "round %d", r);
}

/* The name of a tie's round for people. */
static void tables_tie_round(char *buf, size_t len, const tables_ctx *t,
                             const plan_tie *tie)
{
    if (tie->third_place)
        snprintf(buf, len, "third-place match");
    else
        tables_round_name(buf, len, tie->round, plan_q_cup_rounds(t->p));
}

static const char *tables_place_word(int place, char *buf, size_t len)
{
    static const char *const words[] = {"", "winner", "runner-up", "third",
                                        "fourth", "fifth", "sixth",
                                        "seventh"};
    if (place >= 1 && place <= 7)
        return words[place];
    snprintf(buf, len, "%dth", place);
    return buf;
}

/* How seed s qualified, for people. */
static void tables_qualified(char *buf, size_t len, const tables_ctx *t,
                             const plan_q_seed *s)
{
    char w[16];
    const char *group = s->group >= 0 ? plan_group_name(t->p, s->group) : "";
    switch (s->how) {
    case PLAN_Q_SEED_GROUP:
        snprintf(buf, len, "%s of group %s",
                 tables_place_word(s->group_place, w, sizeof w), group);
        break;
    case PLAN_Q_SEED_FILL:
        snprintf(buf, len, "%s of group %s, filling the bracket",
                 tables_place_word(s->group_place, w, sizeof w), group);
        break;
    case PLAN_Q_SEED_MID:
        snprintf(buf, len, "winner of intermediate tie %d", s->mid_tie);
        break;
    default:
        snprintf(buf, len, "bye");
    }
}

/* What the safeguard decided in tie i, or "" when it did not. */
static void tables_safeguard(char *buf, size_t len, const tables_ctx *t,
                             int i, const plan_tie *tie)
{
    buf[0] = '\0';
    if (!tie->by_safeguard || tie->winner < 0)
        return;
    int side = tie->entrant[0] == tie->winner ? 0 : 1;
    int mine = plan_q_tie_seed(t->p, i, side);
    int theirs = plan_q_tie_seed(t->p, i, 1 - side);
    snprintf(buf, len, "after %d drawn games %s goes through as the "
             "better %s (%d against %d)",
             tie->games, tables_name(t, tie->winner),
             tie->round == 0 ? "ranked candidate" : "seed", mine, theirs);
}

/* ---- YAML --------------------------------------------------------------- */

static void tables_seeds_yaml(FILE *f, const tables_ctx *t)
{
    plan_q_seed seeds[PLAN_BRACKET_MAX];
    size_t n = plan_q_seeds(t->p, seeds, PLAN_BRACKET_MAX);
    fprintf(f, "seeds:%s\n", n ? "" : " []");
    for (size_t i = 0; i < n && i < PLAN_BRACKET_MAX; i++) {
        const plan_q_seed *s = &seeds[i];
        char q[96];
        tables_qualified(q, sizeof q, t, s);
        fprintf(f, "  - seed: %d\n    entrant: ", s->seed);
        ywrite_str(f, s->entrant >= 0 ? tables_name(t, s->entrant) : NULL);
        fprintf(f, "\n    qualified: ");
        ywrite_str(f, q);
        fputc('\n', f);
        if (s->group >= 0) {
            fprintf(f, "    group: ");
            ywrite_str(f, plan_group_name(t->p, s->group));
            fprintf(f, "\n    group_place: %d\n", s->group_place);
        }
        if (s->how == PLAN_Q_SEED_MID)
            fprintf(f, "    intermediate_tie: %d\n", s->mid_tie);
    }
}

static void tables_tie_games_yaml(FILE *f, const tables_ctx *t, int tie)
{
    int no = 0;
    for (size_t k = 0; k < t->ngames; k++) {
        size_t i = t->order[k];
        const tables_game *g = &t->games[i];
        if (plan_q_game_tie(t->p, g->game.id) != tie)
            continue;
        fprintf(f, "      - id: ");
        ywrite_str(f, g->game.id);
        fprintf(f, "\n        replay: %s\n", no++ ? "true" : "false");
        /* Win points play no part in the cup (tournament rule 5). */
        tables_game_fields_yaml(f, t, i, "        ", false);
    }
}

static void tables_tie_yaml(FILE *f, const tables_ctx *t, int i,
                            const plan_tie *tie)
{
    char name[32], sg[256];
    tables_tie_round(name, sizeof name, t, tie);
    fprintf(f, "  - round: %d\n    round_name: \"%s\"\n    tie: %d\n"
               "    entrants: [",
            tie->round, name, tie->tie);
    ywrite_str(f, tables_name(t, tie->entrant[0]));
    fprintf(f, ", ");
    ywrite_str(f, tables_name(t, tie->entrant[1]));
    fprintf(f, "]\n    seeds: [%d, %d]\n    winner: ",
            plan_q_tie_seed(t->p, i, 0), plan_q_tie_seed(t->p, i, 1));
    if (tie->winner >= 0)
        ywrite_str(f, tables_name(t, tie->winner));
    else
        fprintf(f, "null");
    fprintf(f, "\n    by_safeguard: %s\n", tie->by_safeguard ? "true"
                                                             : "false");
    tables_safeguard(sg, sizeof sg, t, i, tie);
    if (sg[0]) {
        fprintf(f, "    safeguard: ");
        ywrite_str(f, sg);
        fputc('\n', f);
    }
    fprintf(f, "    games:\n");
    tables_tie_games_yaml(f, t, i);
}

int tables_cup_yaml(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    plan_tie ties[TABLES_MAX_TIES];
    size_t n = plan_bracket(t->p, ties, TABLES_MAX_TIES);
    int rounds = plan_q_cup_rounds(t->p);
    fprintf(f, "event: ");
    ywrite_str(f, t->def->name);
    fputc('\n', f);
    tables_isolation_yaml(f, t);
    tables_record_dir_yaml(f, t);
    fprintf(f, "bracket: %d\nrounds: %d\n", rounds ? 1 << rounds : 0,
            rounds);
    tables_seeds_yaml(f, t);
    fprintf(f, "ties:%s\n", n ? "" : " []");
    for (size_t i = 0; i < n && i < TABLES_MAX_TIES; i++)
        tables_tie_yaml(f, t, (int)i, &ties[i]);
    return ferror(f) ? -1 : 0;
}

/* ---- Markdown ----------------------------------------------------------- */

static void tables_seeds_md(FILE *f, const tables_ctx *t)
{
    plan_q_seed seeds[PLAN_BRACKET_MAX];
    size_t n = plan_q_seeds(t->p, seeds, PLAN_BRACKET_MAX);
    fprintf(f, "### Seeds\n\n| seed | entrant | qualified as |\n"
               "|---:|---|---|\n");
    for (size_t i = 0; i < n && i < PLAN_BRACKET_MAX; i++) {
        char q[96];
        tables_qualified(q, sizeof q, t, &seeds[i]);
        int e = seeds[i].entrant;
        fprintf(f, "| %d | %s | %s |\n", seeds[i].seed,
                e >= 0 ? tables_name(t, e) : e == -1 ? "(to come)" : "", q);
    }
    fputc('\n', f);
}

/* "g1 (1)": an entrant of tie i with the seed its slot carries. */
static void tables_tie_side_md(FILE *f, const tables_ctx *t, int i,
                               const plan_tie *tie, int side)
{
    int seed = plan_q_tie_seed(t->p, i, side);
    fprintf(f, "%s", tables_name(t, tie->entrant[side]));
    if (tie->entrant[side] != -2 && seed > 0)
        fprintf(f, " (%d)", seed);
}

/* Every game of tie i in one cell: "1: g1 drew g3 (full-board); 2: ..." */
static void tables_tie_games_md(FILE *f, const tables_ctx *t, int i)
{
    int no = 0;
    for (size_t k = 0; k < t->ngames; k++) {
        const tables_game *g = &t->games[t->order[k]];
        if (plan_q_game_tie(t->p, g->game.id) != i)
            continue;
        char said[160];
        tables_said(said, sizeof said, t, g);
        fprintf(f, "%s%d: %s (%s", no ? "; " : " ", no + 1, said,
                t->info[t->order[k]].reason);
        if (t->info[t->order[k]].note[0]) {
            fprintf(f, "; ");
            tables_md_text(f, t->info[t->order[k]].note);
        }
        fprintf(f, ")");
        no++;
    }
}

static void tables_tie_md(FILE *f, const tables_ctx *t, int i,
                          const plan_tie *tie)
{
    char name[32], sg[256];
    tables_tie_round(name, sizeof name, t, tie);
    fprintf(f, "| %s | %d | ", name, tie->tie);
    tables_tie_side_md(f, t, i, tie, 0);
    fprintf(f, " vs ");
    tables_tie_side_md(f, t, i, tie, 1);
    fprintf(f, " |");
    tables_tie_games_md(f, t, i);
    fprintf(f, " | ");
    tables_safeguard(sg, sizeof sg, t, i, tie);
    if (tie->winner >= 0)
        fprintf(f, "%s", tables_name(t, tie->winner));
    if (sg[0])
        fprintf(f, " (replay cap: %s)", sg);
    else if (tie->winner >= 0 && tie->games == 0)
        fprintf(f, " (bye)");
    fprintf(f, " |\n");
}

/* The ties by round, each with its games and winner. */
static void tables_ties_table(FILE *f, const tables_ctx *t)
{
    plan_tie ties[TABLES_MAX_TIES];
    size_t n = plan_bracket(t->p, ties, TABLES_MAX_TIES);
    bool mid = n > 0 && ties[0].round == 0;
    fprintf(f, "Beside each entrant its seed%s. A drawn game is replayed "
               "with the other entrant starting.\n\n"
               "| round | tie | entrants | games | winner |\n"
               "|---|---:|---|---|---|\n",
            mid ? " (in the intermediate round: its place among the "
                  "candidates)"
                : "");
    for (size_t i = 0; i < n && i < TABLES_MAX_TIES; i++)
        tables_tie_md(f, t, (int)i, &ties[i]);
    fputc('\n', f);
}

void tables_cup_ties_md(FILE *f, const tables_ctx *t)
{
    fprintf(f, "## %s: cup\n\n", t->def->name);
    tables_ties_table(f, t);
}

/* Every game of the cup, for the record links. */
static void tables_cup_games_md(FILE *f, const tables_ctx *t)
{
    plan_tie ties[TABLES_MAX_TIES];
    size_t n = plan_bracket(t->p, ties, TABLES_MAX_TIES);
    fprintf(f, "### Games\n\n| game | round | tie | white | black | score "
               "| winner | reason | record |\n"
               "|---|---|---:|---|---|:-:|---|---|---|\n");
    for (size_t i = 0; i < n && i < TABLES_MAX_TIES; i++) {
        char name[32];
        tables_tie_round(name, sizeof name, t, &ties[i]);
        for (size_t k = 0; k < t->ngames; k++) {
            const tables_game *g = &t->games[t->order[k]];
            if (plan_q_game_tie(t->p, g->game.id) != (int)i)
                continue;
            int w = tables_winner(g);
            fprintf(f, "| %s | %s | %d | %s | %s | %s | %s | %s | [%s.yaml](",
                    g->game.id, name, ties[i].tie,
                    tables_name(t, g->game.entrant[0]),
                    tables_name(t, g->game.entrant[1]),
                    tables_score(g->result.outcome),
                    w >= 0 ? tables_name(t, w) : "draw",
                    t->info[t->order[k]].reason, g->game.id);
            tables_record_link(f, t, g);
            fprintf(f, ") |\n");
        }
    }
    fputc('\n', f);
}

int tables_cup_md_file(FILE *f, void *ctx)
{
    const tables_ctx *t = ctx;
    fprintf(f, "## %s: cup\n\n", t->def->name);
    if (t->games)
        tables_isolation_md(f, t);
    tables_seeds_md(f, t);
    fprintf(f, "### Ties\n\n");
    tables_ties_table(f, t);
    tables_cup_games_md(f, t);
    return ferror(f) ? -1 : 0;
}
