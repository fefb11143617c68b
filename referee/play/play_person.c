/* play_person.c - the person's side of a game at the terminal: their
 * lines, typed ahead or not, their moves and undo (see play_game.h). */
#include "play/play_internal.h"

#include "clock/clock.h"
#include "play/play_record.h"
#include "play/play_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void play_person_line(play_game *pg, const char *line, bool echo);

/* Lines typed ahead are taken now, in order, while the person is to
 * move; then an end of input that came after them. */
static void play_take_typeahead(play_game *pg)
{
    while (pg->nahead > 0 && play_person_on_move(pg)) {
        char line[PLAY_INPUT_MAX + 1];
        memcpy(line, pg->ahead[0], sizeof line);
        memmove(pg->ahead[0], pg->ahead[1],
                (size_t)(pg->nahead - 1) * sizeof pg->ahead[0]);
        pg->nahead--;
        play_person_line(pg, line, true);
    }
    /* The end of input that came after them: when asked for more. */
    if (pg->input_ended && pg->nahead == 0 && play_person_on_move(pg))
        play_quit(pg, "the person's input ended");
}

void play_person_turn(play_game *pg)
{
    play_clock_start(pg, pg->person, clock_now());
    play_prompt(pg);
    play_take_typeahead(pg);
}

/* ---- undo ----------------------------------------------------------------- */

/* The position, the last move and the clocks from the record's moves. */
static bool play_rebuild(play_game *pg)
{
    rules_start(pg->game, &pg->pos);
    pg->has_last = false;
    for (int s = 0; s < pg->nseats; s++) {
        pg->seat[s].bank_left = pg->cfg.tc.bank_ms;
        pg->seat[s].used_ms = 0;
    }
    for (size_t i = 0; i < pg->rec.nmoves; i++) {
        const record_move *m = &pg->rec.moves[i];
        char why[RULES_REASON_MAX];
        if (rules_parse_move(pg->game, &pg->pos, m->text, &pg->last, why,
                             sizeof why) != RULES_OK)
            return false;
        pg->before = pg->pos;
        rules_apply(pg->game, &pg->pos, &pg->last);
        pg->has_last = true;
        pg->seat[m->seat].used_ms += m->ms;
        if (m->left_ms >= 0)
            pg->seat[m->seat].bank_left = m->left_ms;
    }
    return true;
}

/* The person's last move goes, and every move after it: they are to move
 * where they were. */
static void play_undo(play_game *pg)
{
    size_t n = pg->rec.nmoves;
    while (n > 0 && pg->rec.moves[n - 1].seat != pg->person)
        n--;
    if (n == 0) {
        play_say(pg, "nothing to undo: you have not moved yet");
        play_prompt(pg);
        return;
    }
    n--;
    size_t took = pg->rec.nmoves - n;
    ev_timer_stop(pg->loop, &pg->w_deadline);
    pg->turn_seat = -1;
    play_record_truncate(&pg->rec, n);
    if (!play_rebuild(pg)) {
        play_void(pg, "the moves kept after an undo could not be played "
                      "again");
        return;
    }
    pg->undos++;
    pg->undone += took;
    fprintf(pg->cfg.out, "took back %zu plies: your move and what came "
                         "after it\n", took);
    for (int s = 0; s < pg->nseats && pg->state == PLAY_PLAYING; s++) {
        play_bot *b = pg->seat[s].bot;
        if (b && play_bot_rewind(b, n)) {
            record_set(&pg->rec.players[s].log, play_bot_log(b));
            char name[192];
            play_seat_name(pg, s, name, sizeof name);
            fprintf(pg->cfg.out, "%s starts again, to forget them\n", name);
        }
    }
    if (pg->state != PLAY_PLAYING)
        return;
    play_draw(pg);
    play_person_turn(pg);
}

/* ---- the person's lines ----------------------------------------------------- */

/* A line on the person's turn: undo, or a move for the rules to check. */
static void play_person_line(play_game *pg, const char *line, bool echo)
{
    char q[4 * PLAY_INPUT_MAX + 1];
    rules_quote(line, PLAY_INPUT_MAX, q, sizeof q);
    if (echo)
        fprintf(pg->cfg.out, "%s\n", q);
    double t = clock_now();
    play_cmd cmd = play_input_command(line);
    switch (cmd) {
    case PLAY_CMD_UNDO: play_undo(pg); return;
    case PLAY_CMD_RESIGN: play_resign(pg); return;
    case PLAY_CMD_QUIT: play_quit(pg, "the person quit"); return;
    case PLAY_CMD_HELP:
        play_view_help(pg->cfg.out, pg->game, false);
        play_prompt(pg);
        return;
    case PLAY_CMD_NONE: play_prompt(pg); return;
    case PLAY_CMD_MOVE: break;
    }
    char why[RULES_REASON_MAX];
    rules_move mv;
    rules_status st = rules_parse_move(pg->game, &pg->pos, line, &mv, why,
                                       sizeof why);
    if (st != RULES_OK) {
        fprintf(pg->cfg.out, "'%s': %s%s (help: how moves are written)\n",
                q, st == RULES_MALFORMED ? "not a move: " : "", why);
        play_prompt(pg);
        return;
    }
    play_accept(pg, pg->person, &mv, line, t, NULL, 0);
}

static void play_type_ahead(play_game *pg, const char *line)
{
    if (pg->nahead == PLAY_TYPEAHEAD) {
        play_say(pg, "too many lines typed ahead: this one is dropped");
        return;
    }
    snprintf(pg->ahead[pg->nahead++], sizeof pg->ahead[0], "%s", line);
}

/* Lines wait for the person's turn, in order.  From a terminal, help,
 * resign and quit act at once (a person may give up while a bot thinks);
 * from a pipe or a file they take their turn like the rest. */
static void play_on_line(play_game *pg, const char *line)
{
    play_cmd cmd = play_input_command(line);
    bool watching = pg->person < 0;
    if (!watching && (pg->nahead > 0 ||
                      (!pg->input_tty && !play_person_on_move(pg)))) {
        play_type_ahead(pg, line);
        return;
    }
    switch (cmd) {
    case PLAY_CMD_HELP:
        play_view_help(pg->cfg.out, pg->game, watching);
        if (play_person_on_move(pg))
            play_prompt(pg);
        return;
    case PLAY_CMD_QUIT:
        play_quit(pg, "the person quit");
        return;
    case PLAY_CMD_NONE:
        if (play_person_on_move(pg))
            play_prompt(pg);
        return;
    default:
        break;
    }
    if (watching) {
        play_say(pg, "you are watching: help or quit");
        return;
    }
    if (cmd == PLAY_CMD_RESIGN) {
        play_resign(pg);
        return;
    }
    if (play_person_on_move(pg))
        play_person_line(pg, line, !pg->input_tty);
    else
        play_type_ahead(pg, line);
}

void play_person_input(void *arg, play_input_event ev, const char *line)
{
    play_game *pg = arg;
    if (pg->state >= PLAY_ENDING)
        return;
    switch (ev) {
    case PLAY_INPUT_LINE: play_on_line(pg, line); break;
    case PLAY_INPUT_TOO_LONG:
        fprintf(pg->cfg.out, "that line is too long (at most %d "
                             "characters)\n", PLAY_INPUT_MAX);
        if (play_person_on_move(pg))
            play_prompt(pg);
        break;
    case PLAY_INPUT_END:
        if (pg->person < 0)
            break; /* a watcher needs no input */
        pg->input_ended = true;
        if (pg->nahead == 0)
            play_quit(pg, "the person's input ended");
        break;
    }
}
