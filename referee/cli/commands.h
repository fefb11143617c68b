/*
 * commands.h - the referee's subcommands.  Each takes the arguments after
 * its name (argv[0] is the subcommand) and returns the process exit status:
 * 0 success, 1 the work failed (a record disagrees, a match could not run),
 * 2 usage error.
 */
#ifndef COMMANDS_H
#define COMMANDS_H

#include <stdbool.h>
#include <stdio.h>

#define EXIT_USAGE 2

/* A whole number from lo to hi, checked before it is narrowed (strtol
 * with its overflow, trailing text and empty input refused). */
bool cli_number(const char *arg, long lo, long hi, long *out);

/* The games, their variants (seats where not two) and their options with
 * defaults, for every command's --help. */
void cli_games_usage(FILE *out);

int cmd_check_bot(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_event(int argc, char **argv);
int cmd_sprt(int argc, char **argv);
int cmd_gauntlet(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_merge(int argc, char **argv);

#endif
