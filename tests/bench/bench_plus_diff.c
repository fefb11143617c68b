/*
 * bench_plus_diff.c - Pente Plus, the engine against its second
 * implementation (tests/ref/pente_plus_ref.c) over many steered random
 * games (tests/support/plus_diff.h): every ply's position, result and
 * reason compared; the run fails (exit 1) at the first disagreement, which
 * it prints with the game's options and moves.
 *
 *     ./build/bench/bench_plus_diff [GAMES [SEED]]
 *
 * GAMES defaults to $PLUS_GAMES, else 20,000 (make bench); make soak-plus
 * sets PLUS_GAMES (default 200,000).  Then the games of the first
 * thousand are played again from their move texts by each side alone
 * (read, play, outcome; no comparison), and the ratio of the reference's
 * time to the engine's is printed: the figure is a ratio in one run.
 */
#include "clock/clock.h"
#include "rules.h"
#include "ref/pente_plus_ref.h"
#include "support/plus_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPLAY_GAMES 1000

typedef struct {
    char *options[REPLAY_GAMES];
    char *moves[REPLAY_GAMES];
    int n;
} kept_games;

static void keep_game(const char *options, const char *moves, void *arg)
{
    kept_games *k = arg;
    if (k->n == REPLAY_GAMES)
        return;
    k->options[k->n] = strdup(options);
    k->moves[k->n] = strdup(moves);
    if (k->options[k->n] && k->moves[k->n])
        k->n++;
}

/* Read "opening=X movecap=N captures=N[ diamonds=LIST]" for the reference. */
static void read_options(const char *o, bool *opening, int *movecap,
                         int *pairs, const char **diamonds)
{
    *opening = strstr(o, "opening=tournament") != NULL;
    const char *m = strstr(o, "movecap="), *c = strstr(o, "captures=");
    *movecap = m ? atoi(m + 8) : 0;
    *pairs = c ? atoi(c + 9) : 5;
    const char *d = strstr(o, "diamonds=");
    *diamonds = d ? d + 9 : NULL;
}

/* Every kept game through rules.h; the plies played. */
static long replay_engine(const kept_games *k, double *seconds)
{
    long plies = 0;
    double t0 = clock_now();
    for (int i = 0; i < k->n; i++) {
        char why[RULES_REASON_MAX], list[16384];
        rules_game *g = rules_game_new("pente", "plus", k->options[i], why,
                                       sizeof why);
        if (!g)
            continue;
        rules_pos pos;
        rules_start(g, &pos);
        snprintf(list, sizeof list, "%s", k->moves[i]);
        char *save = NULL;
        for (char *t = strtok_r(list, ",", &save); t;
             t = strtok_r(NULL, ",", &save)) {
            rules_move m;
            if (rules_parse_move(g, &pos, t, &m, why, sizeof why) != RULES_OK)
                break;
            rules_apply(g, &pos, &m);
            rules_outcome_t o;
            rules_outcome(g, &pos, &o);
            plies++;
        }
        rules_game_free(g);
    }
    *seconds = clock_now() - t0;
    return plies;
}

/* Every kept game through the reference; the plies played. */
static long replay_reference(const kept_games *k, double *seconds)
{
    long plies = 0;
    double t0 = clock_now();
    for (int i = 0; i < k->n; i++) {
        bool opening;
        int movecap, pairs;
        const char *diamonds;
        read_options(k->options[i], &opening, &movecap, &pairs, &diamonds);
        ppref_pos p;
        if (!ppref_start(&p, opening, movecap, pairs, diamonds))
            continue;
        char why[160], list[16384];
        snprintf(list, sizeof list, "%s", k->moves[i]);
        char *save = NULL;
        for (char *t = strtok_r(list, ",", &save); t;
             t = strtok_r(NULL, ",", &save)) {
            if (!ppref_play(&p, t, why, sizeof why))
                break;
            (void)ppref_end_of(&p);
            plies++;
        }
    }
    *seconds = clock_now() - t0;
    return plies;
}

int main(int argc, char **argv)
{
    const char *env = getenv("PLUS_GAMES");
    long games = argc > 1 ? atol(argv[1]) : env ? atol(env) : 20000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 2027;
    if (games <= 0) {
        fprintf(stderr, "bench_plus_diff: GAMES must be a positive number\n");
        return 2;
    }
    static kept_games kept;
    plus_diff_stats st;
    memset(&st, 0, sizeof st);
    static char err[32768];
    double t0 = clock_now();
    bool ok = plus_diff_run_with(seed, games, &st, keep_game, &kept, err,
                                 sizeof err);
    double took = clock_now() - t0;
    printf("bench_plus_diff: Pente Plus, engine against reference, seed "
           "%llu\n",
           (unsigned long long)seed);
    if (!ok) {
        printf("  DISAGREEMENT after %ld games:\n%s\n", st.games, err);
        return 1;
    }
    printf("  %ld games agree at every ply (%ld plies, %.1f s)\n", st.games,
           st.plies, took);
    printf("  %ld texts put to both, %ld refused by both\n", st.texts,
           st.refused);
    printf("  ends: %ld fives, %ld capture wins, %ld draws\n", st.fives,
           st.capture_wins, st.draws);
    printf("  moves capturing a power stone: %ld; placements capturing one "
           "listed before a power stone that stays: %ld\n",
           st.power_captures, st.shifted);
    printf("  placements taking two pairs or more: %ld; bonus stones: %ld "
           "(%ld capturing)\n",
           st.multi_pairs, st.bonus, st.bonus_captures);
    double te, tr;
    long pe = replay_engine(&kept, &te), pr = replay_reference(&kept, &tr);
    printf("  replaying %d of those games from their texts: engine %.3f s, "
           "reference %.3f s for %ld plies: reference/engine %.2fx\n",
           kept.n, te, tr, pe, te > 0 ? tr / te : 0.0);
    for (int i = 0; i < kept.n; i++) {
        free(kept.options[i]);
        free(kept.moves[i]);
    }
    if (pe != pr) {
        printf("  MISMATCH: the replays played %ld and %ld plies\n", pe, pr);
        return 1;
    }
    return 0;
}
