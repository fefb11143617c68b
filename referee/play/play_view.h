/*
 * play_view.h - the text a person reads around the board: the line of
 * each move, the prompt with the clocks, the help, the result.
 *
 * A seat's clock reads "04:32 left" with a bank, "5 s a move" with only a
 * per-move limit, and "01:12 used" for a seat the time control does not
 * bind (the person, by default).
 */
#ifndef PLAY_VIEW_H
#define PLAY_VIEW_H

#include "rules.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    int seat;
    bool many;          /* more than two seats: a colour may repeat */
    const char *colour;
    const char *who;    /* "you", or the bot's name */
    bool clocked;       /* the time control binds this seat */
    long bank_left;     /* ms left in the bank; -1: no bank */
    long move_ms;       /* per-move limit, 0: none */
    long used_ms;       /* thinking time so far */
} play_view_seat;

/* "04:32" (minutes and seconds), "1:02:03" from an hour on. */
void play_view_clock(char *buf, size_t len, long ms);
/* "white (you)", "black (random bot)"; with more than two seats
 * "white, seat 2 (random bot)". */
void play_view_name(char *buf, size_t len, const play_view_seat *s);
/* "white to move (you), 00:41 used; black 04:32 left > ", no newline. */
void play_view_prompt(FILE *out, const play_view_seat *seats, int nseats,
                      int on_move);
/* "7. black (random bot) c4 2R   [12 ms, 04:31 left]" */
void play_view_move(FILE *out, int ply, const play_view_seat *s,
                    const char *move, long ms);
/* The commands, and how the game's moves are written. */
void play_view_help(FILE *out, const rules_game *g, bool watching);

#endif
