/* event_def.c - load, check and write event definitions (see event_def.h). */
#include "event/event_def_internal.h"
#include "event/event_record.h"

#include "rules.h"
#include "util/fsutil.h"
#include "yaml/ytree.h"
#include "yaml/ywrite.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const event_formats[] = {
    [PLAN_SWISS_CUP] = "swiss-cup",
    [PLAN_ROUND_ROBIN] = "round-robin",
    [PLAN_GAUNTLET] = "gauntlet",
    [PLAN_FREE_FOR_ALL] = "free-for-all",
};
#define EVENT_NFORMATS (sizeof event_formats / sizeof event_formats[0])

const char *event_format_name(plan_format f)
{
    return (unsigned)f < EVENT_NFORMATS ? event_formats[f] : "unknown";
}

int event_seat_entrant(const event_def *d, const plan_game *g, int s)
{
    return d->teams ? g->entrant[s % 2] : g->entrant[s];
}

const char *event_seat_command(const event_def *d, const plan_game *g,
                               int s)
{
    const event_entrant *e = &d->entrant[event_seat_entrant(d, g, s)];
    return d->teams && s >= 2 ? e->partner : e->command;
}

int event_sides(const event_def *d)
{
    return d->plan.format == PLAN_FREE_FOR_ALL ? d->seats : 2;
}

void event_game_names(const event_def *d, const plan_game *g, char *buf,
                      size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int s = 0; s < event_sides(d) && at < len; s++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", s ? " vs " : "",
                               d->entrant[g->entrant[s]].name);
}

static bool event_name_ok(const char *s)
{
    if (!*s || *s == '.')
        return false;
    for (; *s; s++)
        if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') &&
            !(*s >= '0' && *s <= '9') && !strchr("-_.", *s))
            return false;
    return true;
}

/* A key the definition does not know is a typo, not an extension: say so
 * rather than run the event without the setting. */
int event_known_keys(ytree_ctx *c, const ytree_node *m, const char *prefix,
                     const char *known)
{
    for (size_t i = 0; i + 1 < m->nkids; i += 2) {
        const ytree_node *k = m->kids[i];
        size_t n = strlen(k->value);
        bool ok = false;
        for (const char *p = known; *p && !ok;) {
            size_t w = strcspn(p, ",");
            ok = w == n && strncmp(p, k->value, n) == 0;
            p += w + (p[w] == ',');
        }
        if (!ok) {
            char f[128];
            ytree_field(f, sizeof f, prefix, k->value);
            return ytree_fail(c, k->line, f, "unknown key (known: %s)",
                              known);
        }
    }
    return 0;
}

int event_get_bool(ytree_ctx *c, const ytree_node *m, const char *key,
                   bool *out)
{
    const ytree_node *n;
    char g[64];
    if (ytree_map_find(c, m, "", key, &n))
        return -1;
    if (!n || ytree_is_null(n))
        return 0;
    if (n->kind == YTREE_SCALAR && (!strcmp(n->value, "true") ||
                                     !strcmp(n->value, "yes"))) {
        *out = true;
        return 0;
    }
    if (n->kind == YTREE_SCALAR && (!strcmp(n->value, "false") ||
                                     !strcmp(n->value, "no"))) {
        *out = false;
        return 0;
    }
    return ytree_fail(c, ytree_line(n), key, "expected true or false, got %s",
                      ytree_got(n, g, sizeof g));
}

int event_opt_int(ytree_ctx *c, const ytree_node *m, const char *prefix,
                  const char *key, long long lo, long long hi,
                  long long *out)
{
    const ytree_node *n;
    char f[128];
    if (ytree_map_find(c, m, prefix, key, &n))
        return -1;
    if (!n || ytree_is_null(n))
        return 0;
    ytree_field(f, sizeof f, prefix, key);
    return ytree_parse_int(c, n, f, lo, hi, out);
}

static int event_get_seed(ytree_ctx *c, const ytree_node *root,
                          uint64_t *seed)
{
    const ytree_node *n;
    char g[64];
    if (ytree_map_need(c, root, "", "seed", &n))
        return -1;
    if (n->kind != YTREE_SCALAR || !n->plain || !n->len ||
        strspn(n->value, "0123456789") != n->len)
        return ytree_fail(c, ytree_line(n), "seed",
                          "expected an unsigned integer, got %s",
                          ytree_got(n, g, sizeof g));
    errno = 0;
    *seed = strtoull(n->value, NULL, 10);
    if (errno == ERANGE)
        return ytree_fail(c, ytree_line(n), "seed", "larger than %" PRIu64,
                          UINT64_MAX);
    return 0;
}

/* time_control.clock: wall or cpu; wall_cap_ms only with cpu. */
static int event_get_clock(ytree_ctx *c, const ytree_node *tc, event_def *d)
{
    char *name = NULL;
    if (ytree_get_str(c, tc, "time_control", "clock", false, &name) ||
        ytree_want_word(c, tc, "time_control", "clock", name, "wall,cpu")) {
        free(name);
        return -1;
    }
    if (name)
        time_clock_parse(name, &d->tc.clock);
    free(name);
    long long cap = d->tc.wall_cap_ms;
    if (event_opt_int(c, tc, "time_control", "wall_cap_ms", 1, 86400000LL,
                      &cap))
        return -1;
    d->tc.wall_cap_ms = (long)cap;
    const ytree_node *said;
    if (ytree_map_find(c, tc, "time_control", "wall_cap_ms", &said))
        return -1;
    if (said && d->tc.clock != TIME_CLOCK_CPU)
        return ytree_fail(c, ytree_line(said), "time_control.wall_cap_ms",
                          "is the CPU clock's: give clock: cpu too");
    return 0;
}

static int event_get_time(ytree_ctx *c, const ytree_node *root,
                          event_def *d)
{
    const ytree_node *tc;
    if (ytree_map_find(c, root, "", "time_control", &tc))
        return -1;
    if (!tc || ytree_is_null(tc))
        return 0;
    if (ytree_want_kind(c, tc, "time_control", YTREE_MAP) ||
        event_known_keys(c, tc, "time_control",
                         "move_ms,bank_ms,increment_ms,grace_ms,startup_ms,"
                         "clock,wall_cap_ms") ||
        event_get_clock(c, tc, d))
        return -1;
    static const char *const keys[] = {"move_ms", "bank_ms", "increment_ms",
                                       "grace_ms", "startup_ms"};
    long *vals[] = {&d->tc.move_ms, &d->tc.bank_ms, &d->tc.increment_ms, &d->tc.grace_ms,
                    &d->tc.startup_ms};
    for (int i = 0; i < 5; i++) {
        long long v = *vals[i];
        if (event_opt_int(c, tc, "time_control", keys[i], 0, 86400000LL, &v))
            return -1;
        *vals[i] = (long)v;
    }
    if (d->tc.move_ms <= 0 && d->tc.bank_ms <= 0)
        return ytree_fail(c, ytree_line(tc), "time_control",
                          "needs move_ms or bank_ms above 0");
    if (d->tc.startup_ms <= 0)
        return ytree_fail(c, ytree_line(tc), "time_control.startup_ms",
                          "must be above 0");
    time_control_settle(&d->tc);
    return 0;
}

/* Entrant `from: DIR, place: N`: the entrant at that place in DIR's final
 * ranking, which the earlier event wrote. */
static int event_entrant_from(ytree_ctx *c, const ytree_node *n,
                              const char *pre, event_entrant *e)
{
    char *dir = NULL, field[96];
    long long place = 1;
    ytree_field(field, sizeof field, pre, "from");
    if (ytree_get_str(c, n, pre, "from", true, &dir) ||
        event_opt_int(c, n, pre, "place", 1, PLAN_MAX_ENTRANTS, &place)) {
        free(dir);
        return -1;
    }
    char path[4200], err[1024];
    snprintf(path, sizeof path, "%s/final.yaml", dir);
    ytree_ctx fc = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root = NULL;
    int rc = ytree_load(&fc, "a final ranking", &root);
    const ytree_node *rank = NULL;
    if (rc == 0)
        rc = ytree_get_kind(&fc, root, "", "ranking", YTREE_SEQ, &rank);
    for (size_t i = 0; rc == 0 && i < rank->nkids && !e->command; i++) {
        const ytree_node *row = rank->kids[i];
        char rp[32];
        long long p;
        snprintf(rp, sizeof rp, "ranking[%zu]", i);
        rc = ytree_want_kind(&fc, row, rp, YTREE_MAP) ||
             ytree_get_int(&fc, row, rp, "place", 1, PLAN_MAX_ENTRANTS, &p);
        if (rc == 0 && p == place)
            e->from_row = (int)i;
        if (rc == 0 && p == place)
            rc = ytree_get_str(&fc, row, rp, "command", true, &e->command) ||
                 ytree_get_str(&fc, row, rp, "partner", false, &e->partner) ||
                 (e->name ? 0
                          : ytree_get_str(&fc, row, rp, "entrant", true,
                                          &e->name));
    }
    ytree_free(root);
    if (rc == 0 && !e->command)
        snprintf(err, sizeof err, "%.900s has no entrant at place %lld", path,
                 place);
    if (rc != 0 || !e->command) {
        ytree_fail(c, ytree_line(n), field, "%s", err);
        free(dir);
        return -1;
    }
    e->from = dir;
    return 0;
}

static int event_get_entrant(ytree_ctx *c, const ytree_node *n, size_t i,
                             event_def *d)
{
    char pre[32];
    snprintf(pre, sizeof pre, "entrants[%zu]", i);
    if (ytree_want_kind(c, n, pre, YTREE_MAP) ||
        event_known_keys(c, n, pre,
                         "name,command,partner,from,place,rating,cost,files,"
                         "env"))
        return -1;
    event_entrant *e = &d->entrant[i];
    const ytree_node *from;
    if (ytree_get_str(c, n, pre, "name", false, &e->name) ||
        ytree_map_find(c, n, pre, "from", &from))
        return -1;
    if (from) {
        if (event_entrant_from(c, n, pre, e))
            return -1;
    } else if (ytree_get_str(c, n, pre, "name", true, &e->name) ||
               ytree_get_str(c, n, pre, "command", true, &e->command) ||
               ytree_get_str(c, n, pre, "partner", d->teams,
                             &e->partner)) {
        return -1;
    }
    if (d->teams && !e->partner)
        return ytree_fail(c, ytree_line(n), pre,
                          "a team game: the entrant needs a partner command");
    if (event_get_entrant_box(c, n, pre, e))
        return -1;
    if (event_get_rating(c, n, pre, e) ||
        event_get_cost(c, n, pre, &d->plan.cost[i]))
        return -1;
    char f[64];
    ytree_field(f, sizeof f, pre, "name");
    if (!event_name_ok(e->name))
        return ytree_fail(c, ytree_line(n), f,
                          "'%s': use letters, digits, '-', '_' and '.'",
                          e->name);
    for (size_t k = 0; k < i; k++)
        if (!strcmp(d->entrant[k].name, e->name))
            return ytree_fail(c, ytree_line(n), f,
                              "'%s' is already entrants[%zu]", e->name, k);
    return 0;
}

static int event_get_entrants(ytree_ctx *c, const ytree_node *root,
                              event_def *d)
{
    const ytree_node *list;
    if (ytree_get_kind(c, root, "", "entrants", YTREE_SEQ, &list))
        return -1;
    if (list->nkids < 2 || list->nkids > PLAN_MAX_ENTRANTS)
        return ytree_fail(c, ytree_line(list), "entrants",
                          "expected 2 to %d entrants, got %zu",
                          PLAN_MAX_ENTRANTS, list->nkids);
    d->entrant = calloc(list->nkids, sizeof *d->entrant);
    d->withdrawal = calloc(list->nkids, sizeof *d->withdrawal);
    if (!d->entrant || !d->withdrawal)
        return ytree_fail(c, ytree_line(list), "entrants", "out of memory");
    for (size_t i = 0; i < list->nkids; i++) {
        d->nentrants = (int)i + 1;
        if (event_get_entrant(c, list->kids[i], i, d))
            return -1;
    }
    return 0;
}

static int event_get_limits(ytree_ctx *c, const ytree_node *root,
                            event_def *d)
{
    const ytree_node *lm;
    bool ponder = !d->suspend;
    if (event_get_bool(c, root, "suspend", &d->suspend) ||
        event_get_bool(c, root, "ponder", &ponder) ||
        event_get_bool(c, root, "keep_bots", &d->keep_bots) ||
        ytree_map_find(c, root, "", "limits", &lm))
        return -1;
    const ytree_node *said_suspend = NULL, *said_ponder = NULL;
    if (ytree_map_find(c, root, "", "suspend", &said_suspend) ||
        ytree_map_find(c, root, "", "ponder", &said_ponder))
        return -1;
    bool both = said_suspend && !ytree_is_null(said_suspend) &&
                said_ponder && !ytree_is_null(said_ponder);
    if (both && d->suspend == ponder)
        return ytree_fail(c, ytree_line(said_suspend), "suspend",
                          "suspend: %s and ponder: %s say opposite things: "
                          "bots not on move are frozen (suspend), or they "
                          "think (ponder)",
                          d->suspend ? "true" : "false",
                          ponder ? "true" : "false");
    if (ponder)
        d->suspend = false;
    if (!lm || ytree_is_null(lm))
        return 0;
    if (ytree_want_kind(c, lm, "limits", YTREE_MAP) ||
        event_known_keys(c, lm, "limits", "mem_mb,cpu_s,procs,fsize_mb,files,vm_mb"))
        return -1;
    static const char *const keys[] = {"mem_mb",   "cpu_s", "procs",
                                       "fsize_mb", "files", "vm_mb"};
    long *vals[] = {&d->limits.mem_mb,   &d->limits.cpu_s, &d->limits.procs,
                    &d->limits.fsize_mb, &d->limits.files, &d->limits.vm_mb};
    for (int i = 0; i < 6; i++) {
        long long v = *vals[i];
        if (event_opt_int(c, lm, "limits", keys[i], 0, 1000000, &v))
            return -1;
        *vals[i] = (long)v;
    }
    return 0;
}

/* A word option: absent leaves *out alone, else the index of the word in
 * the comma-separated words. */
static int event_opt_word(ytree_ctx *c, const ytree_node *root,
                          const char *key, const char *words, int *out)
{
    char *v = NULL;
    int rc = ytree_get_str(c, root, "", key, false, &v) ||
             ytree_want_word(c, root, "", key, v, words);
    if (rc == 0 && v) {
        int i = 0;
        for (const char *w = words; *w; i++) {
            size_t n = strcspn(w, ",");
            if (n == strlen(v) && !strncmp(w, v, n))
                *out = i;
            w += n + (w[n] == ',');
        }
    }
    free(v);
    return rc ? -1 : 0;
}

/* The fairness options (EVENTS.md, "Fairness"). */
static int event_get_fairness(ytree_ctx *c, const ytree_node *root,
                              plan_config *p)
{
    int starts = (int)p->starts, cross = (int)p->cross;
    int fault = (int)p->fault_win_points;
    if (event_opt_word(c, root, "starts", "balanced,lot", &starts) ||
        event_opt_word(c, root, "compare_groups", "per-game,points",
                       &cross) ||
        event_opt_word(c, root, "fault_win_points", "0,full", &fault) ||
        event_get_bool(c, root, "separate_groups", &p->separate_groups) ||
        event_get_bool(c, root, "third_place", &p->third_place))
        return -1;
    p->starts = (plan_starts)starts;
    p->cross = (plan_cross)cross;
    p->fault_win_points = (plan_fault_wp)fault;
    return 0;
}

/* The gauntlet's challenger, by name. */
static int event_get_challenger(ytree_ctx *c, const ytree_node *root,
                                event_def *d)
{
    char *challenger = NULL;
    plan_config *p = &d->plan;
    if (ytree_get_str(c, root, "", "challenger", false, &challenger))
        return -1;
    int rc = 0;
    if (p->format == PLAN_GAUNTLET) {
        const ytree_node *n;
        ytree_map_find(c, root, "", "challenger", &n);
        p->challenger = challenger ? event_entrant_index(d, challenger) : -1;
        if (p->challenger < 0)
            rc = ytree_fail(c, n ? ytree_line(n) : root->line, "challenger",
                            challenger ? "'%s' is not an entrant's name"
                                       : "a gauntlet needs a challenger%s",
                            challenger ? challenger : "");
    }
    free(challenger);
    return rc;
}

/* The format and its options.  Limits are plan.h's, checked here so that
 * a value the planner cannot take is refused with its file and line. */
static int event_get_format(ytree_ctx *c, const ytree_node *root,
                            event_def *d)
{
    char *fmt = NULL;
    int rc = ytree_get_str(c, root, "", "format", true, &fmt) ||
             ytree_want_word(c, root, "", "format", fmt,
                             "swiss-cup,round-robin,gauntlet,free-for-all");
    plan_config *p = &d->plan;
    for (int f = 0; rc == 0 && f < (int)EVENT_NFORMATS; f++)
        if (!strcmp(fmt, event_formats[f]))
            p->format = (plan_format)f;
    free(fmt);
    long long cap = p->replay_cap, gpp = p->games_per_pair;
    long long quals = 0;
    if (rc == 0)
        rc = event_get_seeding(c, root, d) ||
             event_get_bool(c, root, "thirds", &p->thirds) ||
             event_opt_int(c, root, "", "replay_cap", 1,
                           PLAN_REPLAY_CAP_MAX, &cap) ||
             event_opt_int(c, root, "", "qualifiers", 0,
                           PLAN_QUALIFIERS_MAX, &quals) ||
             event_opt_int(c, root, "", "games_per_pair", 1,
                           PLAN_GAMES_PER_PAIR_MAX, &gpp) ||
             event_get_fairness(c, root, p) ||
             event_get_challenger(c, root, d) ||
             event_get_seats(c, root, d) || event_get_ffa(c, root, d);
    p->replay_cap = (int)cap;
    p->qualifiers = (int)quals;
    p->games_per_pair = (int)gpp;
    return rc ? -1 : 0;
}

/* One `withdrawals:` entry: {entrant, reason, by, when}. */
static int event_get_withdrawal(ytree_ctx *c, const ytree_node *n, size_t i,
                                event_def *d)
{
    char pre[48], f[80];
    snprintf(pre, sizeof pre, "withdrawals[%zu]", i);
    char *name = NULL, *reason = NULL, *by = NULL, *when = NULL;
    int rc = ytree_want_kind(c, n, pre, YTREE_MAP) ||
             event_known_keys(c, n, pre, "entrant,reason,by,when") ||
             ytree_get_str(c, n, pre, "entrant", true, &name) ||
             ytree_get_str(c, n, pre, "reason", true, &reason) ||
             ytree_get_str(c, n, pre, "by", false, &by) ||
             ytree_get_str(c, n, pre, "when", false, &when);
    char why[256] = "";
    if (rc == 0 && event_def_withdraw(d, name, reason, by, when ? when : "",
                                      why, sizeof why) != 0) {
        ytree_field(f, sizeof f, pre, "entrant");
        rc = ytree_fail(c, ytree_line(n), f, "%s", why);
    }
    free(name);
    free(reason);
    free(by);
    free(when);
    return rc ? -1 : 0;
}

static int event_get_withdrawals(ytree_ctx *c, const ytree_node *root,
                                 event_def *d)
{
    const ytree_node *list;
    if (ytree_map_find(c, root, "", "withdrawals", &list))
        return -1;
    if (!list || ytree_is_null(list))
        return 0;
    if (ytree_want_kind(c, list, "withdrawals", YTREE_SEQ))
        return -1;
    for (size_t i = 0; i < list->nkids; i++)
        if (event_get_withdrawal(c, list->kids[i], i, d))
            return -1;
    return 0;
}

static int event_get_game(ytree_ctx *c, const ytree_node *root,
                          event_def *d)
{
    if (ytree_get_str(c, root, "", "game", false, &d->game) ||
        ytree_get_str(c, root, "", "variant", false, &d->variant) ||
        ytree_get_str(c, root, "", "options", false, &d->options))
        return -1;
    if (!d->game && !(d->game = strdup("pentago")))
        return ytree_fail(c, 1, "game", "out of memory");
    char err[256];
    rules_game *g = rules_game_new(d->game, d->variant, d->options, err,
                                   sizeof err);
    if (!g) {
        const ytree_node *n;
        ytree_map_find(c, root, "", "game", &n);
        return ytree_fail(c, n ? ytree_line(n) : 1, "game", "%s", err);
    }
    d->seats = rules_seats(g);
    d->teams = event_rules_teams(g);
    /* Record the variant actually played (the default when none given). */
    free(d->variant);
    d->variant = strdup(rules_variant_name(g));
    rules_game_free(g);
    return d->variant ? 0 : ytree_fail(c, 1, "variant", "out of memory");
}

static int event_check(ytree_ctx *c, const ytree_node *root, event_def *d)
{
    char g[64];
    long long conc = 0;
    if (root->kind != YTREE_MAP)
        return ytree_fail(c, ytree_line(root), NULL,
                          "expected a mapping (an event definition), got %s",
                          ytree_got(root, g, sizeof g));
    if (event_known_keys(c, root, "",
                         "event,game,variant,options,seed,concurrency,"
                         "time_control,format,seeding,ranking,seed_order,"
                         "thirds,replay_cap,qualifiers,starts,"
                         "compare_groups,separate_groups,third_place,"
                         "fault_win_points,withdrawals,"
                         "games_per_pair,challenger,games_per_table,"
                         "place_points,entrants,records,"
                         "results,limits,suspend,ponder,keep_bots") ||
        ytree_get_str(c, root, "", "event", true, &d->name))
        return -1;
    if (!event_name_ok(d->name)) {
        const ytree_node *n;
        ytree_map_find(c, root, "", "event", &n);
        return ytree_fail(c, ytree_line(n), "event",
                          "'%s': use letters, digits, '-', '_' and '.'",
                          d->name);
    }
    if (event_get_game(c, root, d) || event_get_seed(c, root, &d->seed) ||
        event_opt_int(c, root, "", "concurrency", 0, PROC_MAX_GAMES, &conc) ||
        event_get_time(c, root, d) || event_get_entrants(c, root, d) ||
        event_get_format(c, root, d) || event_get_withdrawals(c, root, d) ||
        event_get_limits(c, root, d) ||
        ytree_get_str(c, root, "", "records", false, &d->records) ||
        ytree_get_str(c, root, "", "results", false, &d->results))
        return -1;
    if ((d->records && !*d->records) || (d->results && !*d->results))
        return ytree_fail(c, 1, d->records && !*d->records ? "records"
                                                          : "results",
                          "must not be empty");
    d->concurrency = (int)conc;
    d->plan.nentrants = d->nentrants;
    d->plan.seed = d->seed;
    char buf[4200];
    if (!d->records) {
        snprintf(buf, sizeof buf, "matches/%s", d->name);
        d->records = strdup(buf);
    }
    if (!d->results) {
        snprintf(buf, sizeof buf, "results/%s", d->name);
        d->results = strdup(buf);
    }
    return d->records && d->results ? 0 : ytree_fail(c, 1, NULL, "out of memory");
}

int event_def_load(const char *path, event_def *d, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    time_control_defaults(&d->tc);
    plan_config_defaults(&d->plan);
    proc_limits_defaults(&d->limits);
    d->suspend = true;
    d->path = strdup(path);
    ytree_ctx c = {.path = path, .err = err, .errlen = errlen};
    ytree_node *root = NULL;
    int rc = d->path ? ytree_load(&c, "an event definition", &root) : -1;
    if (rc == 0)
        rc = event_check(&c, root, d);
    ytree_free(root);
    if (rc)
        event_def_release(d);
    else
        snprintf(d->digest, sizeof d->digest, "%s", event_record_digest(d));
    return rc;
}

void event_def_release(event_def *d)
{
    free(d->path);
    free(d->name);
    free(d->game);
    free(d->variant);
    free(d->options);
    free(d->records);
    free(d->results);
    free(d->ranking);
    for (int i = 0; d->entrant && i < d->nentrants; i++) {
        free(d->entrant[i].name);
        free(d->entrant[i].command);
        free(d->entrant[i].partner);
        free(d->entrant[i].from);
    }
    /* A withdrawal that failed half-way left its strings past
     * nwithdrawals. */
    for (int i = 0; d->withdrawal && i < d->nentrants; i++) {
        free(d->withdrawal[i].reason);
        free(d->withdrawal[i].by);
        free(d->withdrawal[i].when);
    }
    free(d->entrant);
    free(d->withdrawal);
    memset(d, 0, sizeof *d);
}

static void event_kv(FILE *f, const char *key, const char *value)
{
    fprintf(f, "%s: ", key);
    ywrite_str(f, value);
    fputc('\n', f);
}

/* The format, its options, and the seeding as resolved. */
static void event_def_write_format(FILE *f, const event_def *d)
{
    const plan_config *p = &d->plan;
    event_kv(f, "format", event_format_name(p->format));
    fprintf(f, "seeding: %s\n", event_seeding_name(d->seeding));
    if (d->ranking)
        event_kv(f, "ranking", d->ranking);
    if (p->seeded && p->has_seed_order) {
        fprintf(f, "seed_order:\n");
        for (int i = 0; i < d->nentrants; i++) {
            fprintf(f, "  - ");
            ywrite_str(f, d->entrant[p->seed_order[i]].name);
            fputc('\n', f);
        }
    }
    fprintf(f, "thirds: %s\nreplay_cap: %d\nqualifiers: %d\n"
               "games_per_pair: %d\nstarts: %s\ncompare_groups: %s\n"
               "separate_groups: %s\nthird_place: %s\n"
               "fault_win_points: %s\n",
            p->thirds ? "true" : "false", p->replay_cap, p->qualifiers,
            p->games_per_pair,
            p->starts == PLAN_STARTS_LOT ? "lot" : "balanced",
            p->cross == PLAN_CROSS_POINTS ? "points" : "per-game",
            p->separate_groups ? "true" : "false",
            p->third_place ? "true" : "false",
            p->fault_win_points == PLAN_FAULT_WP_FULL ? "full" : "0");
    if (p->format == PLAN_GAUNTLET)
        event_kv(f, "challenger", d->entrant[p->challenger].name);
    if (p->format == PLAN_FREE_FOR_ALL)
        event_def_write_ffa(f, d);
}

static void event_def_write_entrants(FILE *f, const event_def *d)
{
    fprintf(f, "entrants:\n");
    for (int i = 0; i < d->nentrants; i++) {
        const event_entrant *e = &d->entrant[i];
        fprintf(f, "  - name: ");
        ywrite_str(f, e->name);
        fprintf(f, "\n    command: ");
        ywrite_str(f, e->command);
        if (e->partner) {
            fprintf(f, "\n    partner: ");
            ywrite_str(f, e->partner);
        }
        if (e->rated)
            fprintf(f, "\n    rating: %.15g", e->rating);
        if (d->plan.cost[i])
            fprintf(f, "\n    cost: %g", d->plan.cost[i] / 1000.0);
        fputc('\n', f);
    }
}

static void event_def_write_withdrawals(FILE *f, const event_def *d)
{
    if (!d->nwithdrawals)
        return;
    fprintf(f, "withdrawals:\n");
    for (int i = 0; i < d->nwithdrawals; i++) {
        const event_withdrawal *w = &d->withdrawal[i];
        fprintf(f, "  - entrant: ");
        ywrite_str(f, d->entrant[w->entrant].name);
        fprintf(f, "\n    reason: ");
        ywrite_str(f, w->reason);
        fprintf(f, "\n    by: ");
        ywrite_str(f, w->by);
        fprintf(f, "\n    when: ");
        ywrite_str(f, w->when);
        fputc('\n', f);
    }
}

static int event_def_writer(FILE *f, void *arg)
{
    const event_def *d = arg;
    fprintf(f, "# The event definition as played, entrants resolved.\n");
    event_kv(f, "event", d->name);
    event_kv(f, "game", d->game);
    event_kv(f, "variant", d->variant);
    event_kv(f, "options", d->options ? d->options : "");
    fprintf(f, "seed: %" PRIu64 "\nconcurrency: %d\n", d->seed,
            d->concurrency);
    fprintf(f, "time_control:\n  move_ms: %ld\n  bank_ms: %ld\n"
               "  increment_ms: %ld\n  grace_ms: %ld\n  startup_ms: %ld\n",
            d->tc.move_ms, d->tc.bank_ms, d->tc.increment_ms, d->tc.grace_ms,
            d->tc.startup_ms);
    fprintf(f, "  clock: %s\n", time_clock_name(d->tc.clock));
    if (d->tc.wall_cap_ms > 0)
        fprintf(f, "  wall_cap_ms: %ld\n", d->tc.wall_cap_ms);
    fprintf(f, "limits:\n  mem_mb: %ld\n  cpu_s: %ld\n  procs: %ld\n"
               "  fsize_mb: %ld\n  files: %ld\n  vm_mb: %ld\nsuspend: %s\n"
               "keep_bots: %s\n",
            d->limits.mem_mb, d->limits.cpu_s, d->limits.procs,
            d->limits.fsize_mb, d->limits.files, d->limits.vm_mb,
            d->suspend ? "true" : "false", d->keep_bots ? "true" : "false");
    event_def_write_format(f, d);
    event_def_write_entrants(f, d);
    event_def_write_withdrawals(f, d);
    event_kv(f, "records", d->records);
    event_kv(f, "results", d->results);
    return ferror(f) ? -1 : 0;
}

int event_def_write(const event_def *d, const char *path, char *err,
                    size_t errlen)
{
    return fs_write_atomic(path, event_def_writer, (void *)d, err, errlen);
}

/* ---- entrants and withdrawals ------------------------------------------ */

int event_entrant_index(const event_def *d, const char *name)
{
    for (int i = 0; name && i < d->nentrants; i++)
        if (!strcmp(d->entrant[i].name, name))
            return i;
    return -1;
}

void event_now_text(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int event_def_withdraw(event_def *d, const char *name, const char *reason,
                       const char *by, const char *when, char *err,
                       size_t errlen)
{
    int e = event_entrant_index(d, name);
    if (e < 0) {
        snprintf(err, errlen, "'%s' is not an entrant's name",
                 name ? name : "");
        return -1;
    }
    if (plan_config_withdrawn(&d->plan, e)) {
        snprintf(err, errlen, "'%s' has withdrawn already", name);
        return -1;
    }
    /* A definition made by hand may come without room for them. */
    if (!d->withdrawal)
        d->withdrawal = calloc((size_t)d->nentrants, sizeof *d->withdrawal);
    if (!d->withdrawal) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char now[32];
    event_now_text(now, sizeof now);
    event_withdrawal *w = &d->withdrawal[d->nwithdrawals];
    w->entrant = e;
    w->reason = strdup(reason ? reason : "");
    w->by = strdup(by ? by : "");
    w->when = strdup(when ? when : now);
    if (!w->reason || !w->by || !w->when) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    d->nwithdrawals++;
    plan_config_withdraw(&d->plan, e);
    return 0;
}

int event_def_merge_withdrawals(event_def *d, char *err, size_t errlen)
{
    char path[4300], why[2048];
    snprintf(path, sizeof path, "%s/event.yaml", d->records);
    if (access(path, F_OK) != 0)
        return 0;
    event_def snap;
    if (event_def_load(path, &snap, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    int rc = 0;
    for (int i = 0; rc == 0 && i < snap.nwithdrawals; i++) {
        const event_withdrawal *w = &snap.withdrawal[i];
        const char *name = snap.entrant[w->entrant].name;
        int e = event_entrant_index(d, name);
        if (plan_config_withdrawn(&d->plan, e))
            continue;
        rc = event_def_withdraw(d, name, w->reason, w->by, w->when, why,
                                sizeof why);
        if (rc)
            snprintf(err, errlen, "%s: withdrawals[%d]: %s", path, i, why);
    }
    event_def_release(&snap);
    return rc;
}
