/*
 * test_tables.c - the tables an organiser posts, checked against the
 * records they come from.  Real events with the bundled C bots (Pentago
 * and Pente; swiss-cup with 8 and 10 entrants, a round-robin league, a
 * gauntlet, and a cup tie the replay cap decides): every group's ranking,
 * crosstable and list of games, the cup's ties with every game and the
 * seeds, and the final ranking's stages and group-phase records are
 * recomputed here from the match records alone and compared with the
 * YAML the event wrote; the Markdown of Pente has no win-points column;
 * the progress lines name each game's winner; the summary printed by
 * `event` and by `standings` holds the cup.
 */
#include "record/record.h"
#include "support/run.h"
#include "yaml/ytree.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT_MAX (256 * 1024)
#define MAX_GAMES 512
#define NAME_MAX_ 64

/* ---- the records, read independently ----------------------------------- */

/* One game as its record says. */
typedef struct {
    char id[64];
    char white[NAME_MAX_], black[NAME_MAX_]; /* entrants in seats 0, 1 */
    char winner[NAME_MAX_];                  /* "" for a draw */
    char reason[64];
    int win_points;                          /* the winner's */
} rgame;

typedef struct {
    rgame g[MAX_GAMES];
    int n;
} rgames;

static void read_records(const char *dir, rgames *rg)
{
    DIR *d = opendir(dir);
    cr_assert(d, "no records in %s", dir);
    rg->n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l < 6 ||
            strcmp(e->d_name + l - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml"))
            continue;
        char path[1024], err[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_assert_lt(rg->n, MAX_GAMES);
        rgame *g = &rg->g[rg->n++];
        memset(g, 0, sizeof *g);
        snprintf(g->id, sizeof g->id, "%.*s", (int)(l - 5), e->d_name);
        cr_assert_str_eq(g->id, r.game_id);
        snprintf(g->white, sizeof g->white, "%s", r.players[0].entrant);
        snprintf(g->black, sizeof g->black, "%s", r.players[1].entrant);
        snprintf(g->reason, sizeof g->reason, "%s", r.reason);
        const char *res = r.players[0].result;
        cr_assert(res, "%s has no result", path);
        int w = !strcmp(res, "win") ? 0 : !strcmp(res, "loss") ? 1 : -1;
        if (w >= 0) {
            snprintf(g->winner, sizeof g->winner, "%s", r.players[w].entrant);
            g->win_points = r.players[w].win_points;
        }
        record_release(&r);
    }
    closedir(d);
    cr_assert_gt(rg->n, 0, "no records in %s", dir);
}

static const rgame *find_game(const rgames *rg, const char *id)
{
    for (int i = 0; i < rg->n; i++)
        if (!strcmp(rg->g[i].id, id))
            return &rg->g[i];
    return NULL;
}

static bool has_prefix(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* One entrant's games among the records whose id starts with prefix
 * (against one opponent when vs is not NULL). */
typedef struct {
    int played, won, drawn, lost, points, win_points;
} tally;

static tally count(const rgames *rg, const char *prefix, const char *who,
                   const char *vs)
{
    tally t = {0};
    for (int i = 0; i < rg->n; i++) {
        const rgame *g = &rg->g[i];
        if (!has_prefix(g->id, prefix))
            continue;
        const char *other = !strcmp(g->white, who)   ? g->black
                            : !strcmp(g->black, who) ? g->white
                                                     : NULL;
        if (!other || (vs && strcmp(other, vs)))
            continue;
        t.played++;
        if (!g->winner[0]) {
            t.drawn++;
            t.points += 1;
        } else if (!strcmp(g->winner, who)) {
            t.won++;
            t.points += 3;
            t.win_points += g->win_points;
        } else {
            t.lost++;
        }
    }
    return t;
}

/* ---- the tables, read as YAML ------------------------------------------- */

static ytree_node *yload(const char *path)
{
    char err[1024];
    ytree_ctx c = {.path = path, .err = err, .errlen = sizeof err};
    ytree_node *root;
    cr_assert_eq(ytree_load(&c, "a table", &root), 0, "%s", err);
    cr_assert_eq(root->kind, YTREE_MAP, "%s", path);
    return root;
}

static const ytree_node *yget(const ytree_node *m, const char *key)
{
    for (size_t i = 0; m && m->kind == YTREE_MAP && i + 1 < m->nkids; i += 2)
        if (!strcmp(m->kids[i]->value, key))
            return m->kids[i + 1];
    return NULL;
}

static const ytree_node *yseq(const ytree_node *m, const char *key)
{
    const ytree_node *n = yget(m, key);
    cr_assert(n && n->kind == YTREE_SEQ, "no list '%s'", key);
    return n;
}

/* A string value; NULL for a null or an absent key. */
static const char *ystr(const ytree_node *m, const char *key)
{
    const ytree_node *n = yget(m, key);
    return n && n->kind == YTREE_SCALAR && !ytree_is_null(n) ? n->value
                                                             : NULL;
}

static long yint(const ytree_node *m, const char *key)
{
    const char *s = ystr(m, key);
    cr_assert(s, "no number '%s'", key);
    return strtol(s, NULL, 10);
}

static void expect_tally(const ytree_node *m, const tally *t, bool wp,
                         const char *what)
{
    cr_expect_eq(yint(m, "played"), t->played, "%s: played", what);
    cr_expect_eq(yint(m, "won"), t->won, "%s: won", what);
    cr_expect_eq(yint(m, "drawn"), t->drawn, "%s: drawn", what);
    cr_expect_eq(yint(m, "lost"), t->lost, "%s: lost", what);
    cr_expect_eq(yint(m, "points"), t->points, "%s: points", what);
    if (wp)
        cr_expect_eq(yint(m, "win_points"), t->win_points, "%s: win points",
                     what);
    else
        cr_expect_null(yget(m, "win_points"), "%s: win points in Pente",
                       what);
}

/* A game of a table's list is its record's: seats, score, winner, reason,
 * win points, and a record file that is the record (in the table's
 * record_dir, relative to the results directory). */
static void expect_game(const ytree_node *y, const rgame *g,
                        const char *results, const char *record_dir,
                        const char *records, bool wp)
{
    cr_expect_str_eq(ystr(y, "white"), g->white, "%s", g->id);
    cr_expect_str_eq(ystr(y, "black"), g->black, "%s", g->id);
    const char *score = !g->winner[0]                  ? "1/2-1/2"
                        : !strcmp(g->winner, g->white) ? "1-0"
                                                       : "0-1";
    cr_expect_str_eq(ystr(y, "score"), score, "%s", g->id);
    const char *w = ystr(y, "winner");
    cr_expect_str_eq(w ? w : "", g->winner, "%s: winner", g->id);
    cr_expect_str_eq(ystr(y, "reason"), g->reason, "%s", g->id);
    if (wp)
        cr_expect_eq(yint(y, "win_points"), g->win_points, "%s", g->id);
    else
        cr_expect_null(yget(y, "win_points"), "%s", g->id);
    char path[1024], want[1024];
    snprintf(path, sizeof path, "%s/%s/%s", results, record_dir,
             ystr(y, "record"));
    snprintf(want, sizeof want, "%s/%s.yaml", records, g->id);
    struct stat a, b;
    cr_expect(stat(path, &a) == 0 && stat(want, &b) == 0 &&
                  a.st_ino == b.st_ino && a.st_dev == b.st_dev,
              "%s: record path %s does not lead to %s", g->id, path, want);
}

/* ---- an event ---------------------------------------------------------- */

typedef struct {
    char dir[256], name[32];
    char records[512], results[512];
    char out[OUT_MAX];  /* what `event` printed, progress and summary */
    rgames rg;
    bool wp;            /* the game gives win points */
} event;

/* `referee event ARGS... DEF` with DEF the event's definition; its
 * output into out. */
static int event_cmd(const event *ev, const char *const *args, char *out,
                     size_t len)
{
    char def[600], *argv[16];
    int n = 0;
    snprintf(def, sizeof def, "%s/%s.yaml", ev->dir, ev->name);
    argv[n++] = RUN_REFEREE;
    argv[n++] = "event";
    for (int i = 0; args[i] && n < 14; i++)
        argv[n++] = (char *)args[i];
    argv[n++] = def;
    argv[n] = NULL;
    return run_cmd(argv, ev->dir + 5, out, len);
}

/* Write the definition of event name into a new directory. */
static void write_event(event *ev, const char *name, const char *body,
                        bool wp)
{
    char def[512];
    run_tmpdir(ev->dir, sizeof ev->dir);
    snprintf(ev->name, sizeof ev->name, "%s", name);
    snprintf(ev->records, sizeof ev->records, "%s/records-%s", ev->dir, name);
    snprintf(ev->results, sizeof ev->results, "%s/results-%s", ev->dir,
             name);
    ev->wp = wp;
    run_write_event(ev->dir, name, body, def, sizeof def);
}

/* Play the event written, and read its records. */
static void play_event(event *ev)
{
    static const char *const args[] = {"-j", "2", NULL};
    int rc = event_cmd(ev, args, ev->out, sizeof ev->out);
    cr_assert_eq(rc, 0, "%s", ev->out);
    read_records(ev->records, &ev->rg);
}

static void run_event(event *ev, const char *name, const char *body,
                      bool wp)
{
    write_event(ev, name, body, wp);
    play_event(ev);
}

static char *slurp_table(const event *ev, const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", ev->results, file);
    char *s = run_slurp(path, NULL);
    cr_assert(s, "no %s", path);
    return s;
}

/* Every progress line names the winner first ("g1 beat r3 (reason)") or
 * the draw, as the record says. */
static void expect_progress(const event *ev)
{
    for (int i = 0; i < ev->rg.n; i++) {
        const rgame *g = &ev->rg.g[i];
        char line[256];
        if (g->winner[0])
            snprintf(line, sizeof line, "] %s: %s beat %s (%s)\n", g->id,
                     g->winner,
                     !strcmp(g->winner, g->white) ? g->black : g->white,
                     g->reason);
        else
            snprintf(line, sizeof line, "] %s: %s drew %s (%s)\n", g->id,
                     g->white, g->black, g->reason);
        cr_expect(strstr(ev->out, line), "no progress line '%s' in:\n%s",
                  line, ev->out);
    }
}

/* ---- groups and leagues ------------------------------------------------- */

/* group-X.yaml (or league.yaml) against the records of prefix: its
 * ranking rows, its crosstable and its list of games. */
static void expect_group(const event *ev, const char *file,
                         const char *prefix)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", ev->results, file);
    ytree_node *root = yload(path);
    cr_expect_str_eq(ystr(root, "has_win_points"), ev->wp ? "true" : "false");
    char rel[64];
    snprintf(rel, sizeof rel, "../records-%s", ev->name);
    cr_expect_str_eq(ystr(root, "record_dir"), rel);
    const ytree_node *table = yseq(root, "table");
    long last_points = 1L << 30;
    for (size_t i = 0; i < table->nkids; i++) {
        const ytree_node *row = table->kids[i];
        const char *who = ystr(row, "entrant");
        tally t = count(&ev->rg, prefix, who, NULL);
        expect_tally(row, &t, ev->wp, who);
        cr_expect_eq(yint(row, "rank"), (long)i + 1, "%s", who);
        cr_expect_leq(t.points, last_points, "%s ranked above more points",
                      who);
        last_points = t.points;
    }
    /* The crosstable: each entrant against each other, in rank order. */
    const ytree_node *cross = yseq(root, "crosstable");
    cr_expect_eq(cross->nkids, table->nkids);
    for (size_t i = 0; i < cross->nkids; i++) {
        const char *who = ystr(cross->kids[i], "entrant");
        cr_expect_str_eq(who, ystr(table->kids[i], "entrant"));
        const ytree_node *against = yseq(cross->kids[i], "against");
        cr_expect_eq(against->nkids, table->nkids - 1, "%s", who);
        for (size_t j = 0; j < against->nkids; j++) {
            const char *vs = ystr(against->kids[j], "opponent");
            char what[160];
            snprintf(what, sizeof what, "%s: %s against %s", file, who, vs);
            tally t = count(&ev->rg, prefix, who, vs);
            expect_tally(against->kids[j], &t, ev->wp, what);
        }
    }
    /* The games: every record of the group, once, in id order. */
    const ytree_node *games = yseq(root, "games");
    int n = 0;
    for (int i = 0; i < ev->rg.n; i++)
        n += has_prefix(ev->rg.g[i].id, prefix);
    cr_expect_eq((int)games->nkids, n, "%s: %zu games listed, %d records",
                 file, games->nkids, n);
    for (size_t i = 0; i < games->nkids; i++) {
        const char *id = ystr(games->kids[i], "id");
        const rgame *g = find_game(&ev->rg, id);
        cr_assert(g, "%s lists %s, which has no record", file, id);
        cr_expect(has_prefix(id, prefix), "%s lists %s", file, id);
        expect_game(games->kids[i], g, ev->results,
                    ystr(root, "record_dir"), ev->records, ev->wp);
        if (i)
            cr_expect_lt(strcmp(ystr(games->kids[i - 1], "id"), id), 0,
                         "%s: games out of order", file);
    }
    ytree_free(root);
}

/* The entrant at a place of group X's table. */
static void group_place(const event *ev, const char *group, int place,
                        char *who, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/group-%s.yaml", ev->results, group);
    ytree_node *root = yload(path);
    const ytree_node *table = yseq(root, "table");
    cr_assert_geq((int)table->nkids, place);
    snprintf(who, len, "%s", ystr(table->kids[place - 1], "entrant"));
    ytree_free(root);
}

/* ---- the cup ------------------------------------------------------------ */

/* The name of round r of a cup of rounds, worked out here. */
static const char *round_name(int r, int rounds)
{
    static const char *const names[] = {"final", "semi-finals",
                                        "quarter-finals", "round of 16"};
    return r == 0 ? "intermediate round" : names[rounds - r];
}

/* The records of one cup tie in game order, into ids; how many. */
static int tie_games(const event *ev, int round, int tie, const rgame **ids)
{
    int n = 0;
    for (int no = 1; no < 200; no++) {
        char id[64];
        if (round)
            snprintf(id, sizeof id, "cup-r%d-t%d-g%d", round, tie, no);
        else
            snprintf(id, sizeof id, "mid-t%d-g%d", tie, no);
        const rgame *g = find_game(&ev->rg, id);
        if (!g)
            break;
        ids[n++] = g;
    }
    return n;
}

/* Has the entrant named who a place in entrants ["a", "b"]? */
static bool in_pair(const ytree_node *pair, const char *who)
{
    for (size_t i = 0; i < pair->nkids; i++)
        if (!strcmp(pair->kids[i]->value, who))
            return true;
    return false;
}

/* cup.yaml against the records: every tie's games (replays included),
 * entrants, winner and round name, every cup record in one tie, and the
 * seeds as the group tables give them. */
static void expect_cup(const event *ev)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/cup.yaml", ev->results);
    ytree_node *root = yload(path);
    int rounds = (int)yint(root, "rounds");
    int bracket = (int)yint(root, "bracket");
    cr_expect_eq(bracket, 1 << rounds);
    const ytree_node *ties = yseq(root, "ties");
    int listed = 0;
    for (size_t i = 0; i < ties->nkids; i++) {
        const ytree_node *tie = ties->kids[i];
        int round = (int)yint(tie, "round"), num = (int)yint(tie, "tie");
        const rgame *rec[200];
        int n = tie_games(ev, round, num, rec);
        const ytree_node *games = yseq(tie, "games");
        cr_expect_str_eq(ystr(tie, "round_name"), round_name(round, rounds));
        cr_expect_eq((int)games->nkids, n, "round %d tie %d: %zu games, %d "
                     "records", round, num, games->nkids, n);
        for (int k = 0; k < n && k < (int)games->nkids; k++) {
            const ytree_node *y = games->kids[k];
            cr_expect_str_eq(ystr(y, "id"), rec[k]->id);
            cr_expect_str_eq(ystr(y, "replay"), k ? "true" : "false");
            expect_game(y, rec[k], ev->results, ystr(root, "record_dir"),
                        ev->records, false);
            cr_expect(in_pair(yseq(tie, "entrants"), rec[k]->white) &&
                          in_pair(yseq(tie, "entrants"), rec[k]->black),
                      "%s: not the tie's entrants", rec[k]->id);
            /* A drawn game is replayed, the other entrant starting. */
            if (k)
                cr_expect_str_eq(rec[k]->white, rec[k - 1]->black);
        }
        listed += n;
        if (n == 0)
            continue;
        const rgame *last = rec[n - 1];
        const char *winner = ystr(tie, "winner");
        cr_assert(winner, "round %d tie %d has no winner", round, num);
        if (last->winner[0]) {
            cr_expect_str_eq(winner, last->winner);
            cr_expect_str_eq(ystr(tie, "by_safeguard"), "false");
        } else {
            cr_expect_str_eq(ystr(tie, "by_safeguard"), "true");
            cr_expect(ystr(tie, "safeguard") &&
                          strstr(ystr(tie, "safeguard"), winner),
                      "the safeguard's decision is not told");
        }
    }
    int cup_records = 0;
    for (int i = 0; i < ev->rg.n; i++)
        cup_records += has_prefix(ev->rg.g[i].id, "cup-") ||
                       has_prefix(ev->rg.g[i].id, "mid-");
    cr_expect_eq(listed, cup_records, "cup records not in cup.yaml");
    /* Seeds: the group winners first, each as its group table has it, and
     * round 1 pairs seed k with seed B + 1 - k. */
    const ytree_node *seeds = yseq(root, "seeds");
    cr_expect_eq((int)seeds->nkids, bracket);
    for (size_t i = 0; i < seeds->nkids; i++) {
        const ytree_node *s = seeds->kids[i];
        cr_expect_eq(yint(s, "seed"), (long)i + 1);
        const char *group = ystr(s, "group"), *who = ystr(s, "entrant");
        if (!group || !who)
            continue;
        char at[NAME_MAX_], q[96];
        int place = (int)yint(s, "group_place");
        group_place(ev, group, place, at, sizeof at);
        cr_expect_str_eq(who, at, "seed %zu", i + 1);
        snprintf(q, sizeof q, "%s of group %s",
                 place == 1 ? "winner" : place == 2 ? "runner-up" : "third",
                 group);
        cr_expect(has_prefix(ystr(s, "qualified"), q), "seed %zu: '%s'",
                  i + 1, ystr(s, "qualified"));
    }
    /* Round 1 holds every seed once, the better half above. */
    int seen[64] = {0};
    for (size_t i = 0; i < ties->nkids; i++) {
        const ytree_node *tie = ties->kids[i];
        if (yint(tie, "round") != 1)
            continue;
        const ytree_node *sd = yseq(tie, "seeds"), *en = yseq(tie, "entrants");
        long a = strtol(sd->kids[0]->value, NULL, 10);
        long b = strtol(sd->kids[1]->value, NULL, 10);
        cr_assert(a >= 1 && a <= bracket / 2 && b > bracket / 2 &&
                      b <= bracket,
                  "round 1 pairs seeds %ld and %ld", a, b);
        seen[a]++;
        seen[b]++;
        for (int k = 0; k < 2; k++) {
            const char *sk = ystr(seeds->kids[(k ? b : a) - 1], "entrant");
            cr_expect_str_eq(en->kids[k]->value, sk ? sk : "(bye)");
        }
    }
    for (int k = 1; k <= bracket; k++)
        cr_expect_eq(seen[k], 1, "seed %d in round 1 %d times", k, seen[k]);
    ytree_free(root);
}

/* The cup's winner: the final's last game's, or (when that was drawn:
 * the replay cap decided) the winner cup.yaml names, whose decision
 * expect_cup checks. */
static void champion(const event *ev, int rounds, char *who, size_t len)
{
    const rgame *rec[200];
    int n = tie_games(ev, rounds, 1, rec);
    cr_assert_gt(n, 0, "no final");
    if (rec[n - 1]->winner[0]) {
        snprintf(who, len, "%s", rec[n - 1]->winner);
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/cup.yaml", ev->results);
    ytree_node *root = yload(path);
    const ytree_node *ties = yseq(root, "ties");
    const ytree_node *fin = ties->kids[ties->nkids - 1];
    cr_assert_eq(yint(fin, "round"), rounds);
    snprintf(who, len, "%s", ystr(fin, "winner"));
    ytree_free(root);
}

/* The furthest stage of who, from the cup records. */
static void stage_of(const event *ev, const char *who, int rounds,
                     const char *champ, char *buf, size_t len)
{
    int best = -1;
    for (int i = 0; i < ev->rg.n; i++) {
        const rgame *g = &ev->rg.g[i];
        int r, t, k;
        bool in = !strcmp(g->white, who) || !strcmp(g->black, who);
        if (!in)
            continue;
        if (sscanf(g->id, "cup-r%d-t%d-g%d", &r, &t, &k) == 3) {
            if (r > best)
                best = r;
        } else if (has_prefix(g->id, "mid-") && best < 0) {
            best = 0;
        }
    }
    snprintf(buf, len, "%s", !strcmp(champ, who) ? "winner"
                             : best < 0          ? "group phase"
                                                 : round_name(best, rounds));
}

/* final.yaml: every entrant, its stage as the cup records give it, and its
 * group-phase record as the group records give it. */
static void expect_final(const event *ev, int rounds)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/final.yaml", ev->results);
    ytree_node *root = yload(path);
    const ytree_node *ranking = yseq(root, "ranking");
    char champ[NAME_MAX_];
    champion(ev, rounds, champ, sizeof champ);
    for (size_t i = 0; i < ranking->nkids; i++) {
        const ytree_node *row = ranking->kids[i];
        const char *who = ystr(row, "entrant");
        char stage[64], prefix[32];
        stage_of(ev, who, rounds, champ, stage, sizeof stage);
        cr_expect_str_eq(ystr(row, "stage"), stage, "%s", who);
        snprintf(prefix, sizeof prefix, "group-%s-", ystr(row, "group"));
        tally t = count(&ev->rg, prefix, who, NULL);
        expect_tally(yget(row, "group_phase"), &t, ev->wp, who);
        char at[NAME_MAX_];
        group_place(ev, ystr(row, "group"), (int)yint(row, "group_place"),
                    at, sizeof at);
        cr_expect_str_eq(at, who);
    }
    cr_expect_str_eq(ystr(ranking->kids[0], "stage"), "winner");
    ytree_free(root);
}

/* The section of text that begins with heading, up to the next "## ". */
static char *section(const char *text, const char *heading)
{
    const char *at = strstr(text, heading);
    cr_assert(at, "no '%s' in:\n%s", heading, text);
    const char *end = strstr(at + strlen(heading), "\n## ");
    size_t n = end ? (size_t)(end - at) : strlen(at);
    char *s = malloc(n + 1);
    cr_assert(s);
    memcpy(s, at, n);
    s[n] = '\0';
    return s;
}

/* The summary's cup: every cup game said with its winner, in its round. */
static void expect_summary_cup(const event *ev, const char *text)
{
    char heading[64];
    snprintf(heading, sizeof heading, "## %s: cup\n", ev->name);
    char *cup = section(text, heading);
    for (int i = 0; i < ev->rg.n; i++) {
        const rgame *g = &ev->rg.g[i];
        int r, t, k;
        if (sscanf(g->id, "cup-r%d-t%d-g%d", &r, &t, &k) != 3)
            continue;
        char said[256];
        if (g->winner[0])
            snprintf(said, sizeof said, "%d: %s beat %s (%s)", k, g->winner,
                     !strcmp(g->winner, g->white) ? g->black : g->white,
                     g->reason);
        else
            snprintf(said, sizeof said, "%d: %s drew %s (%s)", k, g->white,
                     g->black, g->reason);
        cr_expect(strstr(cup, said), "the summary's cup lacks '%s':\n%s",
                  said, cup);
    }
    cr_expect(strstr(cup, "| final | 1 | "), "%s", cup);
    free(cup);
}

/* `referee standings` prints the same summary: the cup, and final.md. */
static void expect_standings(const event *ev)
{
    static char out[OUT_MAX];
    char *argv[] = {RUN_REFEREE, "standings", (char *)ev->records, NULL};
    cr_assert_eq(run_cmd(argv, ev->dir + 5, out, sizeof out), 0, "%s", out);
    expect_summary_cup(ev, out);
    char *fin = slurp_table(ev, "final.md");
    cr_expect(strstr(out, fin), "standings' final ranking differs:\n%s\n"
              "---\n%s", out, fin);
    free(fin);
}

static void expect_no_win_points(const event *ev, const char *const *files)
{
    for (size_t i = 0; files[i]; i++) {
        char *s = slurp_table(ev, files[i]);
        bool md = strstr(files[i], ".md") != NULL;
        /* YAML: no key but the one that says there are none. */
        const char *at = md ? strstr(s, "win points") : s;
        while (!md && (at = strstr(at, "win_points:")) &&
               at >= s + 4 && !strncmp(at - 4, "has_", 4))
            at++;
        cr_expect_null(at, "%s has win points:\n%s", files[i], s);
        free(s);
    }
}

static void finish(event *ev)
{
    cr_expect_eq(run_count_tagged(ev->dir + 5), 0);
    run_rmtree(ev->dir);
}

/* ---- the events --------------------------------------------------------- */

#define ENTRANT(name, bot) "  - {name: " name ", command: " RUN_BOTS bot "}\n"

static event ev; /* large: not on the stack */

Test(tables, pentago_swiss_cup_of_8_agrees_with_its_records, .timeout = 120)
{
    run_event(&ev, "sw8",
              "seed: 11\nformat: swiss-cup\ntime_control: {move_ms: 3000}\n"
              "entrants:\n"
              ENTRANT("greedy-a", "greedy_bot")
              ENTRANT("greedy-b", "greedy_bot --position")
              ENTRANT("greedy-c", "greedy_bot")
              ENTRANT("greedy-d", "greedy_bot --position")
              ENTRANT("random-a", "random_bot")
              ENTRANT("random-b", "random_bot --position")
              ENTRANT("random-c", "random_bot")
              ENTRANT("random-d", "random_bot"),
              true);
    expect_progress(&ev);
    expect_group(&ev, "group-A.yaml", "group-A-");
    expect_group(&ev, "group-B.yaml", "group-B-");
    expect_cup(&ev);
    expect_final(&ev, 2);
    /* The posted Markdown: crosstable, games, win points, rounds named. */
    char *md = slurp_table(&ev, "group-A.md");
    cr_expect(strstr(md, "### Crosstable") && strstr(md, "### Games") &&
                  strstr(md, "| win points |") &&
                  strstr(md, "(../records-sw8/group-A-01.yaml)"),
              "%s", md);
    free(md);
    md = slurp_table(&ev, "cup.md");
    cr_expect(strstr(md, "### Seeds") && strstr(md, "| semi-finals | 1 | ") &&
                  strstr(md, "| final | 1 | "),
              "%s", md);
    free(md);
    md = slurp_table(&ev, "final.md");
    cr_expect(strstr(md, "| winner |") && strstr(md, "| final |") &&
                  strstr(md, "| semi-finals |"),
              "%s", md);
    free(md);
    expect_summary_cup(&ev, ev.out);
    expect_standings(&ev);
    finish(&ev);
}

/* Pente has no win points: no column, no key; groups of 5; drawn cup games
 * (the move cap) replayed. */
Test(tables, pente_swiss_cup_of_10_has_no_win_points, .timeout = 180)
{
    run_event(&ev, "pe10",
              "game: pente\noptions: \"movecap=100\"\nseed: 5\n"
              "format: swiss-cup\nreplay_cap: 2\n"
              "time_control: {move_ms: 3000}\n"
              "entrants:\n"
              ENTRANT("g1", "greedy_bot")
              ENTRANT("g2", "greedy_bot --position")
              ENTRANT("g3", "greedy_bot")
              ENTRANT("g4", "greedy_bot")
              ENTRANT("r1", "random_bot")
              ENTRANT("r2", "random_bot --position")
              ENTRANT("r3", "random_bot")
              ENTRANT("r4", "random_bot")
              ENTRANT("r5", "random_bot")
              ENTRANT("r6", "random_bot"),
              false);
    expect_progress(&ev);
    expect_group(&ev, "group-A.yaml", "group-A-");
    expect_group(&ev, "group-B.yaml", "group-B-");
    expect_cup(&ev);
    expect_final(&ev, 2);
    static const char *const files[] = {
        "group-A.md", "group-B.md", "cup.md", "final.md", "group-A.yaml",
        "group-B.yaml", "cup.yaml", "final.yaml", NULL};
    expect_no_win_points(&ev, files);
    char *md = slurp_table(&ev, "group-A.md");
    cr_expect(strstr(md, "| rank | entrant | played | won | drawn | lost | "
                         "points | decided by |"),
              "%s", md);
    free(md);
    expect_summary_cup(&ev, ev.out);
    char *group = section(ev.out, "## pe10: group A");
    cr_expect_null(strstr(group, "win points"), "%s", group);
    free(group);
    expect_standings(&ev);
    finish(&ev);
}

Test(tables, round_robin_crosstable_agrees_with_its_records, .timeout = 120)
{
    run_event(&ev, "rr",
              "seed: 3\nformat: round-robin\ngames_per_pair: 2\n"
              "entrants:\n"
              ENTRANT("greedy", "greedy_bot")
              ENTRANT("r1", "random_bot")
              ENTRANT("r2", "random_bot --position")
              ENTRANT("r3", "random_bot"),
              true);
    expect_progress(&ev);
    expect_group(&ev, "league.yaml", "rr-");
    char *md = slurp_table(&ev, "league.md");
    cr_expect(strstr(md, "### Crosstable") && strstr(md, "| rr-012 |"), "%s",
              md);
    free(md);
    finish(&ev);
}

/* A gauntlet: the challenger's score against each opponent from its side,
 * not a ranking of it among them (Pente: no win points). */
Test(tables, gauntlet_shows_the_challengers_score, .timeout = 120)
{
    run_event(&ev, "gt",
              "game: pente\noptions: \"movecap=100\"\nseed: 8\n"
              "format: gauntlet\nchallenger: greedy\ngames_per_pair: 2\n"
              "entrants:\n"
              ENTRANT("greedy", "greedy_bot")
              ENTRANT("r1", "random_bot")
              ENTRANT("r2", "random_bot --position")
              ENTRANT("g2", "greedy_bot --position"),
              false);
    expect_progress(&ev);
    char path[1024];
    snprintf(path, sizeof path, "%s/league.yaml", ev.results);
    ytree_node *root = yload(path);
    cr_expect_null(yget(root, "table"), "the challenger ranked among them");
    const ytree_node *ch = yget(root, "challenger");
    cr_assert(ch);
    cr_expect_str_eq(ystr(ch, "entrant"), "greedy");
    tally all = count(&ev.rg, "gt-", "greedy", NULL);
    expect_tally(ch, &all, false, "greedy");
    const ytree_node *opp = yseq(root, "opponents");
    cr_expect_eq(opp->nkids, 3);
    for (size_t i = 0; i < opp->nkids; i++) {
        const char *vs = ystr(opp->kids[i], "opponent");
        tally t = count(&ev.rg, "gt-", "greedy", vs);
        cr_expect_eq(t.played, 2, "%s", vs);
        expect_tally(opp->kids[i], &t, false, vs);
        char score[32];
        snprintf(score, sizeof score, "%.1f",
                 100.0 * (t.won + 0.5 * t.drawn) / t.played);
        cr_expect_str_eq(ystr(opp->kids[i], "score"), score, "%s", vs);
    }
    cr_expect_eq(yseq(root, "games")->nkids, 6);
    ytree_free(root);
    static const char *const files[] = {"league.md", "league.yaml",
                                        "final.md", NULL};
    expect_no_win_points(&ev, files);
    char *md = slurp_table(&ev, "league.md");
    cr_expect(strstr(md, "## gt: gauntlet of greedy") &&
                  strstr(md, "| opponent | games | won-drawn-lost |") &&
                  !strstr(md, "| rank |"),
              "%s", md);
    free(md);
    finish(&ev);
}

/* Every game the same full-board draw (seq_bot): the final is replayed
 * until the replay cap, and the cup says the safeguard decided it, for
 * whom and why. */
Test(tables, the_safeguards_decision_is_shown, .timeout = 120)
{
    const char *seq = RUN_TBOTS "seq_bot tests/data/draw-game.txt";
    char body[1024];
    snprintf(body, sizeof body,
             "seed: 4\nformat: swiss-cup\nreplay_cap: 3\nentrants:\n"
             "  - {name: d1, command: %s}\n  - {name: d2, command: %s}\n"
             "  - {name: d3, command: %s}\n  - {name: d4, command: %s}\n",
             seq, seq, seq, seq);
    run_event(&ev, "cap", body, true);
    expect_progress(&ev);
    expect_group(&ev, "group-A.yaml", "group-A-");
    expect_cup(&ev);
    expect_final(&ev, 1);
    char *md = slurp_table(&ev, "cup.md");
    char *yaml = slurp_table(&ev, "cup.yaml");
    char *w = strstr(yaml, "winner: \"");
    cr_assert(w, "%s", yaml);
    char who[NAME_MAX_], said[256];
    snprintf(who, sizeof who, "%.*s", (int)strcspn(w + 9, "\""), w + 9);
    snprintf(said, sizeof said, "| %s (replay cap: after 3 drawn games %s "
             "goes through as the better seed (1 against 2)) |", who, who);
    cr_expect(strstr(md, said), "no '%s' in:\n%s", said, md);
    snprintf(said, sizeof said, "safeguard: \"after 3 drawn games %s goes "
             "through as the better seed (1 against 2)\"", who);
    cr_expect(strstr(yaml, said), "no '%s' in:\n%s", said, yaml);
    free(yaml);
    free(md);
    expect_summary_cup(&ev, ev.out);
    finish(&ev);
}

/* The row of who in the list under key of a table, or NULL. */
static const ytree_node *row_of(const ytree_node *root, const char *key,
                                const char *field, const char *who)
{
    const ytree_node *list = yseq(root, key);
    for (size_t i = 0; i < list->nkids; i++)
        if (!strcmp(ystr(list->kids[i], field), who))
            return list->kids[i];
    return NULL;
}

/* An organiser withdraws an entrant before the event and enters a forfeit
 * for a no-show: the tables mark the entrant withdrawn, count its games
 * as forfeits, and say for each game entered who entered it and why; the
 * recomputation from the records still agrees with every table. */
Test(tables, withdrawals_and_entered_results_are_shown, .timeout = 120)
{
    write_event(&ev, "wd",
                "seed: 11\nformat: swiss-cup\n"
                "time_control: {move_ms: 3000}\n"
                "entrants:\n"
                ENTRANT("greedy-a", "greedy_bot")
                ENTRANT("greedy-b", "greedy_bot --position")
                ENTRANT("greedy-c", "greedy_bot")
                ENTRANT("greedy-d", "greedy_bot --position")
                ENTRANT("random-a", "random_bot")
                ENTRANT("random-b", "random_bot --position")
                ENTRANT("random-c", "random_bot")
                ENTRANT("random-d", "random_bot"),
                true);
    static char out[OUT_MAX];
    static const char *const withdraw[] = {"--withdraw", "random-c",
                                           "--reason", "fell ill", "--by",
                                           "the organiser", NULL};
    cr_assert_eq(event_cmd(&ev, withdraw, out, sizeof out), 0, "%s", out);
    /* A game ready now between two who play: entered as a forfeit. */
    static const char *const plan[] = {"--plan", NULL};
    cr_assert_eq(event_cmd(&ev, plan, out, sizeof out), 0, "%s", out);
    char id[64] = "", winner[NAME_MAX_] = "";
    for (char *l = strstr(out, "\n- group-"); l && !id[0];
         l = strstr(l + 1, "\n- group-")) {
        char a[NAME_MAX_], b[NAME_MAX_];
        char *eol = strchr(l + 1, '\n');
        if (eol && memmem(l, (size_t)(eol - l), "forfeit", 7))
            continue;
        if (sscanf(l, "\n- %63s (%*[^)]): %63s v %63[^,]", id, a, b) == 3)
            snprintf(winner, sizeof winner, "%s", b);
        else
            id[0] = '\0';
    }
    cr_assert(id[0], "no game to enter in:\n%s", out);
    const char *enter[] = {"--enter", id, "--winner", winner, "--by",
                           "the arbiter", "--reason", "did not show up",
                           NULL};
    cr_assert_eq(event_cmd(&ev, enter, out, sizeof out), 0, "%s", out);
    play_event(&ev);

    char group[8], prefix[16], path[1024];
    snprintf(group, sizeof group, "%c", id[6]);
    snprintf(prefix, sizeof prefix, "group-%s-", group);
    expect_group(&ev, "group-A.yaml", "group-A-");
    expect_group(&ev, "group-B.yaml", "group-B-");
    expect_cup(&ev);
    expect_final(&ev, 2);
    /* The entered game and the withdrawn entrant's games say why. */
    snprintf(path, sizeof path, "%s/group-%s.yaml", ev.results, group);
    ytree_node *root = yload(path);
    const ytree_node *g = row_of(root, "games", "id", id);
    cr_assert(g);
    cr_expect_str_eq(ystr(g, "reason"), "forfeit");
    cr_expect_str_eq(ystr(g, "note"),
                     "forfeit, entered by the arbiter: did not show up");
    ytree_free(root);
    int forfeits = 0;
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/group-%c.yaml", ev.results, 'A' + k);
        root = yload(path);
        const ytree_node *row = row_of(root, "table", "entrant", "random-c");
        if (row) {
            cr_expect_str_eq(ystr(row, "withdrawn"), "true");
            cr_expect_eq(yint(row, "forfeits_lost"), yint(row, "played"));
            cr_expect_eq(yint(row, "lost"), yint(row, "played"));
        }
        const ytree_node *games = yseq(root, "games");
        for (size_t i = 0; i < games->nkids; i++) {
            const char *note = ystr(games->kids[i], "note");
            if (strcmp(ystr(games->kids[i], "white"), "random-c") &&
                strcmp(ystr(games->kids[i], "black"), "random-c"))
                continue;
            forfeits++;
            cr_expect(note && strstr(note, "forfeit, entered by referee "
                                           "event: ") &&
                          strstr(note, "fell ill"),
                      "%s: note '%s'", ystr(games->kids[i], "id"), note);
        }
        ytree_free(root);
    }
    cr_expect_eq(forfeits, 3, "random-c's group games");
    snprintf(path, sizeof path, "%s/final.yaml", ev.results);
    root = yload(path);
    const ytree_node *row = row_of(root, "ranking", "entrant", "random-c");
    cr_assert(row);
    cr_expect_str_eq(ystr(row, "withdrawn"), "true");
    cr_expect_str_eq(ystr(yget(row, "withdrawal"), "reason"), "fell ill");
    cr_expect_str_eq(ystr(yget(row, "withdrawal"), "by"), "the organiser");
    ytree_free(root);
    char *md = slurp_table(&ev, "final.md");
    cr_expect(strstr(md, "| random-c (withdrawn) |") &&
                  strstr(md, "random-c withdrew on ") &&
                  strstr(md, "(entered by the organiser): fell ill."),
              "%s", md);
    free(md);
    expect_standings(&ev);
    finish(&ev);
}
