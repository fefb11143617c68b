/*
 * course.h - `referee check-bot`'s course: which games are played with a
 * bot, in which sessions (session.h), and the verdict.
 *
 * For each game and variant, sessions of one bot process each:
 *   start      seat 0 from the empty board, `set time 1000 0 0`; its set
 *              lines carry an unknown key and an unknown keyword line;
 *              three turns, the other seats' moves as `played` lines (or
 *              a `position` line for a bot that asked for them)
 *   last seat  the last seat, `set time 300 0 0`: two turns of
 *              `turn 300 -1`, after the other seats' moves
 *   mid-game   an opening of 8 random plies, `set time 0 200 100`
 *              (`turn 200 200`): sent as `played` lines, moves of the bot's
 *              own seat among them; a bot that asked for position lines
 *              gets the position, then one from another game
 *   scenes     scenes.h: end-game, full-board, captures, power-stones,
 *              five; `set time 1000 0 0`, one turn each
 * and each ends with `result` and `quit 1000`, as a match ends.
 *
 * Which games: the one asked with --game (every variant, or the one of
 * --variant), where a failure is a failure; without --game every game
 * and variant the referee knows, where a bot that exits, does not answer
 * or answers in another game's notation at its very first turn is taken
 * not to play that game (said, not failed).  A bot that plays none
 * fails.  A failed step ends its game's course (the steps after it are
 * not tried); a failed start or handshake ends the whole course.
 */
#ifndef CHECKBOT_COURSE_H
#define CHECKBOT_COURSE_H

#include "checkbot/rig.h"

typedef struct {
    const char *command;
    const char *game, *variant, *options; /* NULL: every one, defaults */
    ckrig_options rig;
} ckcourse_options;

/* Run the course and print the report on rig.out; the exit status: 0 no
 * step failed, 1 one did (or the course could not run), 130 interrupted. */
int ckcourse_run(const ckcourse_options *o);

#endif
