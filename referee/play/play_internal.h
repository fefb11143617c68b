/*
 * play_internal.h - the inside of a game at the terminal, shared by the
 * game driver (play_game.c: bots, clocks, moves, the end) and the
 * person's side (play_person.c: their lines, type-ahead, undo).  Not for
 * other modules: they use play_game.h.
 */
#ifndef PLAY_INTERNAL_H
#define PLAY_INTERNAL_H

#include "clock/turnclock.h"
#include "play/play_bot.h"
#include "play/play_game.h"
#include "play/play_input.h"

#include <ev.h>
#include <stdbool.h>
#include <stddef.h>

/* Lines typed while a bot is to move, kept for the person's turn. */
#define PLAY_TYPEAHEAD 16

typedef enum {
    PLAY_NEW = 0,
    PLAY_STARTING, /* waiting for every bot's `ready` */
    PLAY_PLAYING,
    PLAY_ENDING,   /* over: waiting for every bot process to go */
    PLAY_DONE,
} play_state;

typedef struct {
    play_bot *bot; /* NULL: the person's seat */
    long bank_left;
    long used_ms;  /* thinking time so far */
} play_seat;

struct play_game {
    struct ev_loop *loop;
    play_config cfg;
    rules_game *game;
    rules_pos pos, before; /* before: the position before the last move */
    rules_move last;
    bool has_last;
    record rec;
    int nseats;
    int person;            /* the person's seat; -1: watching */
    play_seat seat[RULES_MAX_SEATS];
    play_state state;
    int waiting;           /* a bot seat whose turn waits: delay, start */
    int turn_seat;         /* the seat whose clock runs, -1 */
    turnclock clk;         /* its clock (a deadline only for a seat the
                              time control binds) */
    ev_timer w_deadline, w_delay;
    play_input *input;
    bool input_tty, input_ended;
    char ahead[PLAY_TYPEAHEAD][PLAY_INPUT_MAX + 1];
    int nahead;
    /* Each bot's name as shown: its own bytes, quoted so that none can
     * drive the terminal (rules_quote); "" until it gave one. */
    char shown[RULES_MAX_SEATS][4 * 40 + 1];
    int undos;
    size_t undone;         /* plies taken back */
    char write_err[512];
    bool write_failed;
};

/* play_game.c */
/* "white (you)", "black (random bot)". */
void play_seat_name(const play_game *pg, int s, char *buf, size_t len);
/* The board, the last move marked. */
void play_draw(play_game *pg);
/* The person's prompt, with every seat's clock. */
void play_prompt(play_game *pg);
void play_say(play_game *pg, const char *text);
bool play_person_on_move(const play_game *pg);
/* Seat s's clock runs from start (a deadline if the time control binds
 * it). */
void play_clock_start(play_game *pg, int s, double start);
/* A legal move of seat s that came at t: timed, recorded, played, shown;
 * then the next turn or the end (comments: handed to the record). */
void play_accept(play_game *pg, int s, const rules_move *mv,
                 const char *sent, double t, char **comments,
                 size_t ncomments);
/* The ends the person brings about: void (quit: why "the person quit"),
 * or a resignation. */
void play_void(play_game *pg, const char *detail);
void play_quit(play_game *pg, const char *why);
void play_resign(play_game *pg);

/* play_person.c */
/* The person is to move: the prompt, then what they typed ahead. */
void play_person_turn(play_game *pg);
/* play_input's callback. */
void play_person_input(void *arg, play_input_event ev, const char *line);

#endif
