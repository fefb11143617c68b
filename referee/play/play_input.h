/*
 * play_input.h - what the person types: lines read from a terminal (or a
 * pipe) on the event loop, and the commands among them.
 *
 * The terminal edits the line (canonical mode is left as it is), so a
 * line arrives whole.  A line is handed over without its LF or CR and
 * without blanks around it.  A line longer than PLAY_INPUT_MAX is not
 * handed over: the callback hears PLAY_INPUT_TOO_LONG once, and the rest
 * up to its LF is dropped.  End of input (Ctrl-D, a closed pipe, a read
 * error) is told once with PLAY_INPUT_END, and the watcher stops.
 */
#ifndef PLAY_INPUT_H
#define PLAY_INPUT_H

#include <ev.h>

#define PLAY_INPUT_MAX 256

typedef enum {
    PLAY_INPUT_LINE,
    PLAY_INPUT_TOO_LONG,
    PLAY_INPUT_END,
} play_input_event;

/* line: the line for PLAY_INPUT_LINE, else NULL. */
typedef void (*play_input_fn)(void *arg, play_input_event ev,
                              const char *line);

typedef struct play_input play_input;

/* Read fd (left blocking: it is the terminal's, shared with the shell
 * after us; a read follows readiness, so it does not block). */
play_input *play_input_new(struct ev_loop *loop, int fd, play_input_fn fn,
                           void *arg);
/* Stop reading (NULL allowed). */
void play_input_free(play_input *in);

typedef enum {
    PLAY_CMD_NONE,   /* an empty line */
    PLAY_CMD_MOVE,   /* anything else: a move to check with the rules */
    PLAY_CMD_UNDO,
    PLAY_CMD_HELP,
    PLAY_CMD_RESIGN,
    PLAY_CMD_QUIT,
} play_cmd;

/* The command a line is: the words undo, help (or ?), resign and quit in
 * any case; no move of any game is one of them. */
play_cmd play_input_command(const char *line);

#endif
