/* course.c - check-bot's games and sessions (see course.h). */
#include "checkbot/course.h"

#include "checkbot/report.h"
#include "checkbot/scenes.h"
#include "checkbot/session.h"
#include "rules.h"
#include "strength/openings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plies of the mid-game opening. */
#define CKCOURSE_OPENING_PLIES 8
#define CKCOURSE_SEED 20260101ULL

typedef struct {
    const ckcourse_options *o;
    ckrig *rig;
    ckrep *rep;
    bool first;          /* no session has run yet */
    bool stop;           /* the whole course ends */
    bool interrupted;
    bool error;          /* the course itself failed (said on stderr) */
    bool want_position;  /* what the bot asked for in its last handshake */
    int nvariant;        /* games played so far, for their seeds */
    char plays[1024], not_plays[1024];
} ckcourse;

typedef struct {
    ckcourse *c;
    const rules_game *g;
    char label[128];
    int block;
    bool explicit_game;
    int nsession;
    bool over; /* a session failed, or the game is not the bot's */
} ckvariant;

static void ckcourse_list_add(char *list, size_t len, const char *label)
{
    size_t at = strlen(list);
    snprintf(list + at, len - at, "%s%s", at ? ", " : "", label);
}

/* Run one session of the game; false once the game's course is over. */
static bool ckcourse_session(ckvariant *v, cksession_plan *p)
{
    ckcourse *c = v->c;
    p->g = v->g;
    p->seed = CKCOURSE_SEED + (uint64_t)(100 * v->c->nvariant + v->nsession);
    v->nsession++;
    cksession_ctx ctx = {.rig = c->rig, .rep = c->rep,
                         .command = c->o->command, .label = v->label,
                         .bot_block = c->first ? 0 : v->block,
                         .block = v->block, .first = c->first};
    cksession_result res;
    cksession_run(&ctx, p, &res);
    if (c->first) {
        c->first = false;
        ckrep_print(c->rep, 0);
        if (!res.handshaken)
            c->stop = true; /* nothing else can be tried */
    }
    if (res.handshaken)
        c->want_position = res.want_position;
    if (res.fatal || res.interrupted)
        c->stop = true;
    c->error |= res.fatal;
    c->interrupted |= res.interrupted;
    if (res.failed || res.not_played || c->stop)
        v->over = true;
    return !v->over;
}

static void ckcourse_turn(cksession_plan *p, ckstep step, ckstep time_step,
                          const char *what)
{
    ckturn *t = &p->turn[p->nturns++];
    memset(t, 0, sizeof *t);
    t->step = step;
    t->time_step = time_step;
    t->what = what;
}

static void ckcourse_plan(cksession_plan *p, const char *name, int seat,
                          long move_ms, long bank_ms, long inc_ms)
{
    memset(p, 0, sizeof *p);
    p->name = name;
    p->seat = seat;
    p->move_ms = move_ms;
    p->bank_ms = bank_ms;
    p->inc_ms = inc_ms;
}

/* Seat 0 from the start: the set lines, a first move, `played` input. */
static bool ckcourse_start(ckvariant *v)
{
    cksession_plan p;
    ckcourse_plan(&p, "start", 0, 1000, 0, 0);
    p.watch_setup = true;
    p.probe = !v->explicit_game;
    ckcourse_turn(&p, CKSTEP_FIRST_MOVE, CKSTEP_COUNT,
                  "from the empty board as seat 0");
    for (int i = 0; i < 2; i++)
        ckcourse_turn(&p, CKSTEP_PLAYED, CKSTEP_COUNT,
                      "after the other seats' moves");
    return ckcourse_session(v, &p);
}

/* The last seat, on a short clock. */
static bool ckcourse_last_seat(ckvariant *v)
{
    cksession_plan p;
    int seat = rules_seats(v->g) - 1;
    ckcourse_plan(&p, "last seat", seat, 300, 0, 0);
    for (int i = 0; i < 2; i++)
        ckcourse_turn(&p, CKSTEP_PLAYED, CKSTEP_TIME_LIMIT,
                      "after the other seats' moves, as the last seat");
    return ckcourse_session(v, &p);
}

/* An opening of another game, on a bank. */
static bool ckcourse_mid_game(ckvariant *v)
{
    char err[256];
    opening_book *b = openings_generate(v->g, CKCOURSE_OPENING_PLIES,
                                        CKCOURSE_SEED, err, sizeof err);
    int n0 = 0, n1 = 0;
    const char *const *first = b ? openings_get(b, 0, &n0, err, sizeof err)
                                 : NULL;
    const char *const *second =
        first ? openings_get(b, 1, &n1, err, sizeof err) : NULL;
    rules_pos pos;
    if (!second || !ckscene_reach(v->g, first, n0, &pos, err, sizeof err)) {
        /* Options that end games early (a move cap) leave no room. */
        ckrep_info(v->c->rep, v->block, CKSTEP_BANK,
                   "not tried under these rules: %s", err);
        ckrep_info(v->c->rep, v->block, CKSTEP_FOREIGN,
                   "not tried under these rules: %s", err);
        openings_free(b);
        return true;
    }
    cksession_plan p;
    ckcourse_plan(&p, "mid-game", rules_to_move(v->g, &pos), 0, 200, 100);
    p.opening = first;
    p.nopening = n0;
    if (v->c->want_position || rules_moves_hidden(v->g)) {
        ckcourse_turn(&p, CKSTEP_PLAYED, CKSTEP_BANK,
                      "after a 'position' line of a game in its middle");
        ckcourse_turn(&p, CKSTEP_FOREIGN, CKSTEP_BANK,
                      "after a 'position' line of another game");
        p.turn[1].jump = second;
        p.turn[1].njump = n1;
    } else {
        ckcourse_turn(&p, CKSTEP_FOREIGN, CKSTEP_BANK,
                      "after an opening of 8 plies as 'played' lines, "
                      "moves in its own colour among them");
    }
    bool go_on = ckcourse_session(v, &p);
    openings_free(b);
    return go_on;
}

static void ckcourse_skip_scene(ckstep step, const char *why, void *arg)
{
    ckvariant *v = arg;
    ckrep_info(v->c->rep, v->block, step, "not tried: its position cannot "
               "be reached under these rules: %s", why);
}

static void ckcourse_scenes(ckvariant *v)
{
    ckscene sc[CKSCENE_MAX];
    int n = ckscene_list(v->g, sc, CKSCENE_MAX, ckcourse_skip_scene, v);
    for (int i = 0; i < n && !v->over; i++) {
        rules_pos pos;
        char why[RULES_REASON_MAX + 64];
        ckscene_reach(v->g, sc[i].moves, sc[i].nmoves, &pos, why,
                      sizeof why);
        cksession_plan p;
        ckcourse_plan(&p, ckstep_name(sc[i].step), rules_to_move(v->g, &pos),
                      1000, 0, 0);
        p.opening = sc[i].moves;
        p.nopening = sc[i].nmoves;
        ckcourse_turn(&p, sc[i].step, CKSTEP_COUNT, sc[i].what);
        ckcourse_session(v, &p);
    }
}

/* The kind of input this bot does not use is said, not tried. */
static void ckcourse_input_note(ckvariant *v)
{
    if (ckrep_get(v->c->rep, v->block, CKSTEP_PLAYED) == CKREP_PASS &&
        ckrep_get(v->c->rep, v->block, CKSTEP_POSITION) == CKREP_NONE)
        ckrep_info(v->c->rep, v->block, CKSTEP_POSITION,
                   "not sent: the bot did not ask for them ('id option "
                   "position')");
}

static void ckcourse_variant(ckcourse *c, const char *game,
                             const char *variant)
{
    char err[256];
    rules_game *g = rules_game_new(game, variant, c->o->options, err,
                                   sizeof err);
    if (!g) {
        fprintf(stderr, "referee check-bot: %s\n", err);
        c->stop = c->error = true;
        return;
    }
    ckvariant v = {.c = c, .g = g, .explicit_game = c->o->game != NULL};
    snprintf(v.label, sizeof v.label, "%s %s", rules_game_name(g),
             rules_variant_name(g));
    v.block = ckrep_block(c->rep, v.label);
    if (v.block < 0) {
        fprintf(stderr, "referee check-bot: out of memory\n");
        rules_game_free(g);
        c->stop = c->error = true;
        return;
    }
    if (ckcourse_start(&v) && ckcourse_last_seat(&v) &&
        ckcourse_mid_game(&v))
        ckcourse_scenes(&v);
    c->nvariant++;
    if (c->interrupted || (c->stop && ckrep_failed(c->rep, 0))) {
        rules_game_free(g);
        return; /* the bot's own block said it all */
    }
    ckcourse_input_note(&v);
    ckrep_print(c->rep, v.block);
    bool played = !ckrep_not_played_block(c->rep, v.block);
    ckcourse_list_add(played ? c->plays : c->not_plays,
                      played ? sizeof c->plays : sizeof c->not_plays,
                      v.label);
    rules_game_free(g);
}

static void ckcourse_game(ckcourse *c, const char *game)
{
    char list[256];
    snprintf(list, sizeof list, "%s",
             c->o->variant ? c->o->variant : rules_variants_list(game));
    for (char *save = NULL, *v = strtok_r(list, ",", &save);
         v && !c->stop; v = strtok_r(NULL, ",", &save))
        ckcourse_variant(c, game, v);
}

static void ckcourse_header(const ckcourse *c)
{
    const ckrig_options *r = &c->o->rig;
    fprintf(r->out, "check-bot: %s\n", c->o->command);
    fprintf(r->out, "  run as in a match: isolation %s, start-up allowance "
                    "%ld ms, grace %ld ms, 'quit %ld'\n",
            sandbox_level(), r->startup_ms, r->grace_ms, r->quit_ms);
    fflush(r->out);
}

static int ckcourse_summary(ckcourse *c)
{
    FILE *out = c->o->rig.out;
    int pass, fail, info;
    ckrep_counts(c->rep, &pass, &fail, &info);
    bool none = !c->stop && !c->interrupted && !c->plays[0];
    if (none)
        fail++;
    fprintf(out, "\n");
    if (c->plays[0])
        fprintf(out, "plays: %s\n", c->plays);
    if (c->not_plays[0])
        fprintf(out, "does not play: %s\n", c->not_plays);
    if (none)
        fprintf(out, "FAIL it plays none of the games\n");
    if (c->interrupted)
        fprintf(out, "interrupted\n");
    fprintf(out, "check-bot: %d passed, %d failed, %d info\n", pass, fail,
            info);
    fflush(out);
    if (c->interrupted)
        return 130;
    return fail || c->error ? 1 : 0;
}

int ckcourse_run(const ckcourse_options *o)
{
    char err[512];
    ckcourse c = {.o = o, .first = true};
    c.rig = ckrig_new(&o->rig, err, sizeof err);
    if (!c.rig) {
        fprintf(stderr, "referee check-bot: %s\n", err);
        return 1;
    }
    c.rep = ckrep_new(o->rig.out, "the bot");
    if (!c.rep) {
        fprintf(stderr, "referee check-bot: out of memory\n");
        ckrig_free(c.rig);
        return 1;
    }
    ckcourse_header(&c);
    char games[256];
    snprintf(games, sizeof games, "%s", o->game ? o->game
                                                : rules_games_list());
    for (char *save = NULL, *g = strtok_r(games, ",", &save);
         g && !c.stop; g = strtok_r(NULL, ",", &save))
        ckcourse_game(&c, g);
    int rc = ckcourse_summary(&c);
    ckrep_free(c.rep);
    ckrig_free(c.rig);
    return rc;
}
