/* game_data.c - the viewer page's data of one record (see game_data.h). */
#include "view/game_data.h"

#include "rules.h"
#include "view/board_grid.h"
#include "view/game_note.h"
#include "view/view_escape.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const record *r;
    rules_game *g;
    const board_layout *lay;
    FILE *f;
} gd_ctx;

static void gd_key(FILE *f, const char *key, bool first)
{
    fprintf(f, "%s\"%s\":", first ? "" : ",", key);
}

static void gd_str(FILE *f, const char *key, const char *value)
{
    gd_key(f, key, false);
    view_json_str(f, value);
}

static void gd_int(FILE *f, const char *key, long value)
{
    gd_key(f, key, false);
    fprintf(f, "%ld", value);
}

static void gd_list(FILE *f, const char *key, char *const *items, size_t n)
{
    gd_key(f, key, false);
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        view_json_str(f, items[i]);
    }
    fputc(']', f);
}

/* The cells as one string of letters, row 0 first. */
static void gd_cells(FILE *f, const board_layout *lay, const char *cell)
{
    fputc('"', f);
    fwrite(cell, 1, (size_t)(lay->width * lay->height), f);
    fputc('"', f);
}

/* A line's board letters are '.', digits and the piece letters, which
 * need no escape; anything else is refused before it gets here. */
static bool gd_cells_plain(const board_layout *lay, const board_grid *gr)
{
    for (int i = 0; i < lay->width * lay->height; i++)
        if (!(gr->cell[i] == '.' || (gr->cell[i] >= 'a' && gr->cell[i] <= 'z')))
            return false;
    return true;
}

static void gd_cell_list(FILE *f, const char *key, const board_layout *lay,
                         const bool *set)
{
    gd_key(f, key, false);
    fputc('[', f);
    for (int i = 0, n = 0; i < lay->width * lay->height; i++)
        if (set[i])
            fprintf(f, "%s%d", n++ ? "," : "", i);
    fputc(']', f);
}

/* ---- the layout and the players ---------------------------------------- */

static char gd_letter(const char *colour)
{
    if (!colour || !*colour)
        return '?';
    if (!strcmp(colour, "blue"))
        return 'u';
    return colour[0];
}

/* The puzzle's pattern, from its canonical options ("pattern=ROWS"). */
static void gd_pattern(gd_ctx *c)
{
    const char *opt = strstr(rules_options_text(c->g), "pattern=");
    board_grid pat;
    gd_key(c->f, "pattern", false);
    if (opt && board_grid_read(c->lay, opt + strlen("pattern="), &pat) &&
        gd_cells_plain(c->lay, &pat))
        gd_cells(c->f, c->lay, pat.cell);
    else
        fputs("null", c->f);
}

static void gd_layout(gd_ctx *c)
{
    FILE *f = c->f;
    const board_layout *lay = c->lay;
    gd_int(f, "width", lay->width);
    gd_int(f, "height", lay->height);
    gd_int(f, "block", lay->block);
    gd_str(f, "columns", lay->columns);
    gd_int(f, "top_row", lay->top_row);
    gd_int(f, "row_step", lay->row_step);
    gd_pattern(c);
}

static void gd_player(gd_ctx *c, const record_player *p)
{
    FILE *f = c->f;
    gd_key(f, "seat", true);
    fprintf(f, "%d", p->seat);
    gd_str(f, "colour", p->colour);
    char letter[2] = {gd_letter(p->colour), 0};
    gd_str(f, "letter", letter);
    gd_int(f, "team", p->seat >= 0 && p->seat < rules_seats(c->g)
                          ? rules_seat_team(c->g, p->seat)
                          : p->seat);
    gd_str(f, "name", p->name);
    gd_str(f, "version", p->version);
    gd_str(f, "author", p->author);
    gd_str(f, "command", p->command);
    gd_str(f, "entrant", p->entrant);
    gd_str(f, "result", p->result);
    gd_int(f, "place", p->place);
    gd_int(f, "win_points", p->win_points);
}

static void gd_players(gd_ctx *c)
{
    gd_key(c->f, "players", false);
    fputc('[', c->f);
    for (int i = 0; i < c->r->nplayers; i++) {
        fputs(i ? ",{" : "{", c->f);
        gd_player(c, &c->r->players[i]);
        fputc('}', c->f);
    }
    fputc(']', c->f);
}

static void gd_result(gd_ctx *c)
{
    const record *r = c->r;
    FILE *f = c->f;
    gd_key(f, "result", false);
    fputc('{', f);
    gd_key(f, "status", true);
    view_json_str(f, r->status);
    gd_str(f, "reason", r->reason);
    gd_str(f, "detail", r->detail);
    gd_int(f, "fault_seat", r->fault_seat);
    gd_list(f, "fault_comments", r->fault_comments, r->nfault_comments);
    gd_key(f, "entered", false);
    if (r->note.entered_by) {
        fputc('{', f);
        gd_key(f, "by", true);
        view_json_str(f, r->note.entered_by);
        gd_str(f, "reason", r->note.entered_reason);
        gd_str(f, "when", r->note.entered_when);
        fputc('}', f);
    } else {
        fputs("null", f);
    }
    gd_key(f, "decision", false);
    if (r->note.decision_rule) {
        fputc('{', f);
        gd_key(f, "rule", true);
        view_json_str(f, r->note.decision_rule);
        gd_str(f, "entrant", r->note.decision_entrant);
        gd_str(f, "detail", r->note.decision_detail);
        fputc('}', f);
    } else {
        fputs("null", f);
    }
    fputc('}', f);
}

static void gd_head(gd_ctx *c)
{
    const record *r = c->r;
    FILE *f = c->f;
    gd_key(f, "game", true);
    view_json_str(f, r->game);
    gd_str(f, "variant", r->variant);
    gd_str(f, "options", r->options);
    gd_str(f, "event", r->event);
    gd_str(f, "stage", r->stage);
    gd_str(f, "game_id", r->game_id);
    gd_int(f, "round", r->round);
    gd_str(f, "started", r->start_time);
    gd_str(f, "ended", r->end_time);
    gd_layout(c);
    gd_players(c);
    gd_key(f, "time_control", false);
    fprintf(f, "{\"move_ms\":%ld,\"bank_ms\":%ld,\"increment_ms\":%ld}",
            (long)r->tc.move_ms, (long)r->tc.bank_ms,
            (long)r->tc.increment_ms);
    gd_result(c);
}

/* ---- the plies ----------------------------------------------------------- */

/* The fields every position has: its line, its cells, who is to move and
 * the note.  False when the line does not fit the layout. */
static bool gd_position(gd_ctx *c, const rules_pos *pos, board_grid *gr)
{
    char line[RULES_POS_TEXT_MAX], note[512];
    rules_pos_write(c->g, pos, line, sizeof line);
    if (!board_grid_read(c->lay, line, gr) || !gd_cells_plain(c->lay, gr))
        return false;
    FILE *f = c->f;
    gd_key(f, "pos", true);
    view_json_str(f, line);
    gd_key(f, "cells", false);
    gd_cells(f, c->lay, gr->cell);
    rules_outcome_t o;
    rules_outcome(c->g, pos, &o);
    gd_int(f, "to_move", o.over ? -1 : rules_to_move(c->g, pos));
    game_note(c->g, c->lay, gr, note, sizeof note);
    gd_str(f, "note", note);
    return true;
}

/* The letter a placement puts on the board: the puzzle's gem colour, else
 * the mover's colour. */
static char gd_placed_letter(gd_ctx *c, const rules_step *st, int seat)
{
    if (!strcmp(c->lay->game, "pentago-puzzle"))
        return "wbru"[st->colour & 3];
    return gd_letter(rules_seat_colour(c->g, seat));
}

/* A move of one turn as its last step (every game that turns a block) is
 * drawn turning.  The cells before the turn are the cells before the
 * move with its piece put or taken; the turn of them gives the engine's
 * cells after it, except where the rules then change the board (the
 * puzzle puts the pattern back after a mend), which the page shows once
 * the turn is done. */
static void gd_turn(gd_ctx *c, const rules_move *mv, int seat,
                    const board_grid *was)
{
    FILE *f = c->f;
    int turns = 0;
    for (int i = 0; i < mv->nsteps; i++)
        turns += mv->step[i].kind == RULES_STEP_ROTATE;
    const rules_step *st = mv->nsteps ? &mv->step[mv->nsteps - 1] : NULL;
    gd_key(f, "turn", false);
    if (turns != 1 || !st || st->kind != RULES_STEP_ROTATE ||
        c->lay->block <= 0) {
        fputs("null", f);
        return;
    }
    char pre[BOARD_GRID_MAX_CELLS];
    int ncells = c->lay->width * c->lay->height;
    memcpy(pre, was->cell, (size_t)ncells);
    for (int i = 0; i + 1 < mv->nsteps; i++) {
        const rules_step *put = &mv->step[i];
        if (put->cell >= ncells)
            continue;
        if (put->kind == RULES_STEP_PLACE)
            pre[put->cell] = gd_placed_letter(c, put, seat);
        else if (put->kind == RULES_STEP_REMOVE)
            pre[put->cell] = '.';
    }
    fprintf(f, "{\"block\":%d,\"dir\":\"%c\",\"pre\":", st->block,
            st->dir == RULES_CW ? 'R' : 'L');
    gd_cells(f, c->lay, pre);
    fputc('}', f);
}

/* Where the move's pieces stand, and what it took off: the pieces it
 * removed (the puzzle's breaker), and in games where pieces do not move,
 * every piece there before and gone after (Pente's captures). */
static void gd_marks(gd_ctx *c, const rules_move *mv, const board_grid *was,
                     const board_grid *now)
{
    bool placed[BOARD_GRID_MAX_CELLS] = {false};
    bool taken[BOARD_GRID_MAX_CELLS] = {false};
    board_move_marks(c->lay, mv, placed, taken);
    for (int i = 0; i < c->lay->width * c->lay->height; i++)
        placed[i] &= now->cell[i] != '.'; /* not where the rules cleared */
    if (!board_move_turns(mv))
        for (int i = 0; i < c->lay->width * c->lay->height; i++)
            if (was->cell[i] != '.' && now->cell[i] == '.')
                taken[i] = true;
    gd_cell_list(c->f, "marks", c->lay, placed);
    gd_cell_list(c->f, "taken", c->lay, taken);
}

static void gd_move_fields(gd_ctx *c, size_t k, const record_move *m)
{
    FILE *f = c->f;
    gd_int(f, "seat", m->seat);
    gd_str(f, "move", m->text);
    gd_str(f, "sent", m->sent);
    gd_int(f, "ms", m->ms);
    gd_int(f, "left", m->left_ms);
    gd_int(f, "paused", m->paused_ms);
    gd_key(f, "opening", false);
    fputs(k < c->r->opening_plies ? "true" : "false", f);
    gd_list(f, "comments", m->comments, m->ncomments);
}

/* Move k (0-based) from pos: checked and played by the rules. */
static int gd_move(gd_ctx *c, size_t k, rules_pos *pos, board_grid *was,
                   char *err, size_t errlen)
{
    const record_move *m = &c->r->moves[k];
    char why[RULES_REASON_MAX], q[4 * 64 + 1];
    rules_move mv;
    int seat = rules_to_move(c->g, pos);
    rules_outcome_t o;
    rules_outcome(c->g, pos, &o);
    if (o.over || m->seat != seat) {
        snprintf(err, errlen, "ply %zu (seat %d): '%s': %s", k + 1, m->seat,
                 rules_quote(m->text, 64, q, sizeof q),
                 o.over ? "the game was already over"
                        : "it was not this seat's turn");
        return -1;
    }
    if (rules_parse_move(c->g, pos, m->text, &mv, why, sizeof why) !=
        RULES_OK) {
        snprintf(err, errlen, "ply %zu (seat %d): '%s': %s", k + 1, m->seat,
                 rules_quote(m->text, 64, q, sizeof q), why);
        return -1;
    }
    rules_apply(c->g, pos, &mv);
    board_grid now;
    fputs(",{", c->f);
    if (!gd_position(c, pos, &now)) {
        snprintf(err, errlen, "ply %zu: the position line does not fit the "
                 "board of %s", k + 1, c->lay->game);
        return -1;
    }
    gd_move_fields(c, k, m);
    gd_marks(c, &mv, was, &now);
    gd_turn(c, &mv, m->seat, was);
    fputc('}', c->f);
    *was = now;
    return 0;
}

static int gd_plies(gd_ctx *c, char *err, size_t errlen)
{
    rules_pos pos;
    board_grid was;
    rules_start(c->g, &pos);
    gd_key(c->f, "plies", false);
    fputs("[{", c->f);
    if (!gd_position(c, &pos, &was)) {
        snprintf(err, errlen, "the start position does not fit the board of "
                 "%s", c->lay->game);
        return -1;
    }
    fputc('}', c->f);
    for (size_t k = 0; k < c->r->nmoves; k++)
        if (gd_move(c, k, &pos, &was, err, errlen) != 0)
            return -1;
    fputc(']', c->f);
    return 0;
}

/* ---- the whole ------------------------------------------------------------ */

static int gd_game(gd_ctx *c, char *err, size_t errlen)
{
    char why[512];
    if (!c->r->game) {
        snprintf(err, errlen, "the record names no game");
        return -1;
    }
    c->g = rules_game_new(c->r->game, c->r->variant, c->r->options, why,
                          sizeof why);
    if (!c->g) {
        snprintf(err, errlen, "game: %s", why);
        return -1;
    }
    c->lay = board_layout_of(c->g);
    if (!c->lay) {
        snprintf(err, errlen, "no board layout for the game %s",
                 rules_game_name(c->g));
        return -1;
    }
    return 0;
}

int game_data_json(const record *r, char **json, size_t *len, char *err,
                   size_t errlen)
{
    gd_ctx c = {.r = r};
    *json = NULL;
    *len = 0;
    if (gd_game(&c, err, errlen) != 0) {
        rules_game_free(c.g);
        return -1;
    }
    c.f = open_memstream(json, len);
    if (!c.f) {
        snprintf(err, errlen, "out of memory");
        rules_game_free(c.g);
        return -1;
    }
    fputc('{', c.f);
    gd_head(&c);
    int rc = gd_plies(&c, err, errlen);
    fputc('}', c.f);
    if (ferror(c.f) && rc == 0) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    fclose(c.f);
    rules_game_free(c.g);
    if (rc != 0) {
        free(*json);
        *json = NULL;
        *len = 0;
    }
    return rc;
}
