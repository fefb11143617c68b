/* event_gaps.c - which records wait for a game without one (see
 * event_gaps.h). */
#include "event/event_gaps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The plan of the known results, with gap g given outcome o. */
static plan *event_gaps_suppose(const plan_config *cfg,
                                const plan_result *known, size_t nknown,
                                const plan_game *g, plan_outcome o,
                                char *err, size_t errlen)
{
    plan *p = plan_new(cfg, err, errlen);
    for (size_t i = 0; p && i < nknown; i++) {
        char why[256];
        /* Taken once already, in this order: it cannot fail now. */
        plan_add_result(p, &known[i], why, sizeof why);
    }
    if (!p)
        return NULL;
    plan_result r;
    memset(&r, 0, sizeof r);
    snprintf(r.id, sizeof r.id, "%s", g->id);
    r.outcome = o;
    char why[256];
    plan_add_result(p, &r, why, sizeof why);
    return p;
}

/* Place every stray the plan comes to know, in turn, marking it in
 * placed[]. */
static void event_gaps_place(plan *p, const plan_result *strays,
                             size_t nstrays, bool *placed)
{
    for (bool more = true; more;) {
        more = false;
        for (size_t j = 0; j < nstrays; j++) {
            char why[256];
            if (placed[j] || !plan_find(p, strays[j].id))
                continue;
            placed[j] = true;
            if (plan_add_result(p, &strays[j], why, sizeof why) == 0)
                more = true;
        }
    }
}

int event_gaps_find(const plan_config *cfg, const plan_result *known,
                    size_t nknown, const plan_game *gaps, size_t ngaps,
                    const plan_result *strays, size_t nstrays, bool *waits,
                    char *err, size_t errlen)
{
    static const plan_outcome outcomes[] = {PLAN_SEAT0_WINS, PLAN_SEAT1_WINS,
                                            PLAN_DRAW};
    memset(waits, 0, ngaps * nstrays * sizeof *waits);
    bool *placed = calloc(nstrays ? nstrays : 1, sizeof *placed);
    if (!placed) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < ngaps; i++)
        for (size_t k = 0; k < sizeof outcomes / sizeof outcomes[0]; k++) {
            plan *p = event_gaps_suppose(cfg, known, nknown, &gaps[i],
                                         outcomes[k], err, errlen);
            if (!p) {
                free(placed);
                return -1;
            }
            memset(placed, 0, nstrays * sizeof *placed);
            event_gaps_place(p, strays, nstrays, placed);
            for (size_t j = 0; j < nstrays; j++)
                waits[i * nstrays + j] |= placed[j];
            plan_free(p);
        }
    free(placed);
    return 0;
}
