/*
 * steps.h - the steps of `referee check-bot`'s course: what each one
 * proves about a bot, by name, for the report and for --help.
 *
 * The first five are about the program (its start and handshake); the
 * others are proved once per game and variant the course plays with it.
 */
#ifndef CHECKBOT_STEPS_H
#define CHECKBOT_STEPS_H

#include <stdbool.h>
#include <stdio.h>

typedef enum {
    CKSTEP_START,      /* the program can be run */
    CKSTEP_HANDSHAKE,  /* `ready` within the start-up allowance */
    CKSTEP_VERSION,    /* `ready 1`: protocol version 1 */
    CKSTEP_ID,         /* its id lines */
    CKSTEP_FLUSH,      /* every answer came when it was written */
    CKSTEP_SET,        /* the set lines, unknown ones among them */
    CKSTEP_FIRST_MOVE, /* a legal first move from the start */
    CKSTEP_PLAYED,     /* legal moves after `played` lines */
    CKSTEP_POSITION,   /* legal moves after `position` lines */
    CKSTEP_TIME_LIMIT, /* `turn 300 -1` answered within limit + grace */
    CKSTEP_BANK,       /* `turn 200 200` answered within bank + grace */
    CKSTEP_FOREIGN,    /* a position not from its own game */
    CKSTEP_END_GAME,   /* a nearly full board */
    CKSTEP_FULL_BOARD, /* the last cell: a move that fills the board */
    CKSTEP_CAPTURES,   /* a position after captures */
    CKSTEP_POWER,      /* a position with power stones */
    CKSTEP_FIVE,       /* a five is on: does it take it (informational) */
    CKSTEP_RESULT,     /* `result` taken without a word out of place */
    CKSTEP_QUIT,       /* exits within the time `quit` gives */
    CKSTEP_LEFTOVERS,  /* nothing of it still runs once it has exited */
    CKSTEP_COUNT
} ckstep;

const char *ckstep_name(ckstep s);
/* Whether the step is about the program rather than one game. */
bool ckstep_bot_wide(ckstep s);
/* Every step with what it checks, for --help. */
void ckstep_usage(FILE *out);

#endif
