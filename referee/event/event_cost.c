/* event_cost.c - an entrant's `cost`: its expected time per game relative
 * to the others (default 1), which balances the shards of an event
 * (plan_shard.c).  Kept in thousandths, so that every machine splits the
 * event alike. */
#include "event/event_def_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

int event_get_cost(ytree_ctx *c, const ytree_node *m, const char *pre,
                   int *milli)
{
    const ytree_node *n;
    char f[96], g[64];
    if (ytree_map_find(c, m, pre, "cost", &n))
        return -1;
    if (!n || ytree_is_null(n))
        return 0;
    ytree_field(f, sizeof f, pre, "cost");
    char *end = NULL;
    errno = 0;
    double v = n->kind == YTREE_SCALAR && n->plain ? strtod(n->value, &end)
                                                   : NAN;
    double most = PLAN_COST_MAX / 1000.0;
    if (!end || end == n->value || *end || errno || !isfinite(v) ||
        v < 0.001 || v > most)
        return ytree_fail(c, ytree_line(n), f,
                          "expected a number from 0.001 to %g (the "
                          "entrant's time per game against the others'), "
                          "got %s", most, ytree_got(n, g, sizeof g));
    *milli = (int)lround(v * 1000.0);
    return 0;
}
