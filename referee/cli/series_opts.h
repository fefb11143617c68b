/*
 * series_opts.h - the options of commands that play games between bots
 * (`match`, `sprt`): the game, the seed, the time control, the limits of
 * every bot, the sandbox, where records go and the name.
 *
 * Use: SERIES_LONG_OPTIONS in the command's getopt_long table, then for
 * every option series_opt_apply(); at the end series_opts_finish(), which
 * fills the seed from the clock and the name and directory if not given.
 */
#ifndef SERIES_OPTS_H
#define SERIES_OPTS_H

#include "match/series.h"
#include "sandbox_opts.h"

#include <getopt.h>
#include <stdbool.h>

#define SERIES_LONG_OPTIONS                                                  \
    {"game", required_argument, 0, 3001},                                    \
        {"variant", required_argument, 0, 3002},                             \
        {"options", required_argument, 0, 3003},                             \
        {"seed", required_argument, 0, 3004},                                \
        {"move-ms", required_argument, 0, 3005},                             \
        {"bank-ms", required_argument, 0, 3006},                             \
        {"inc-ms", required_argument, 0, 3007},                              \
        {"grace-ms", required_argument, 0, 3008},                            \
        {"startup-ms", required_argument, 0, 3009},                          \
        {"limit-mem", required_argument, 0, 3010},                           \
        {"limit-cpu", required_argument, 0, 3011},                           \
        {"limit-procs", required_argument, 0, 3012},                         \
        {"limit-fsize", required_argument, 0, 3013},                         \
        {"limit-files", required_argument, 0, 3014},                         \
        {"limit-vm", required_argument, 0, 3015},                            \
        {"suspend", no_argument, 0, 3016},                                   \
        {"ponder", no_argument, 0, 3020},                                    \
        {"keep-bots", no_argument, 0, 3017},                                 \
        {"out", required_argument, 0, 3018},                                 \
        {"name", required_argument, 0, 3019},                                \
        {"clock", required_argument, 0, 3021},                               \
        {"wall-cap-ms", required_argument, 0, 3022},                         \
        {"concurrency", required_argument, 0, 'j'},                          \
        SANDBOX_LONG_OPTIONS

#define SERIES_USAGE                                                         \
    "  -j, --concurrency K  games at once (default 1)\n"                     \
    "      --game G         game (default pentago)\n"                        \
    "      --variant V      rule set (default: the game's first, below)\n"   \
    "      --options O      variant options, key=value words\n"              \
    "      --seed S         seed for the lot and the bots (default: "        \
    "from the clock)\n"                                                      \
    "      --move-ms MS     per-move limit (default 5000; 0 = none)\n"       \
    "      --bank-ms MS     bank per game (default 0 = none)\n"              \
    "      --inc-ms MS      increment added to the bank per move\n"          \
    "      --grace-ms MS    allowance over the limit (default 100)\n"        \
    "      --startup-ms MS  start-up and handshake allowance (default "      \
    "10000)\n"                                                               \
    "      --clock C        what a move's time is: wall (default) or cpu, "  \
    "the\n"                                                                  \
    "                       CPU time of the bot's processes (for busy "     \
    "machines)\n"                                                            \
    "      --wall-cap-ms MS with --clock cpu, the most wall time a move "    \
    "may\n"                                                                  \
    "                       take (default 10 x (limit + grace) + 1000)\n"    \
    "      --limit-mem MB   resident memory of a bot and its children "      \
    "(default 1024)\n"                                                       \
    "      --limit-cpu S    CPU seconds per bot process (default 600)\n"     \
    "      --limit-procs N  processes and threads of a bot and its "         \
    "children (default 256)\n"                                               \
    "      --limit-fsize MB largest file a bot may write (default 64)\n"     \
    "      --limit-files N  open files per bot process (default 256)\n"      \
    "      --limit-vm MB    address space per bot process (default "         \
    "none)\n"                                                                \
    "      --ponder         let bots think on the others' time (default: "  \
    "bots\n"                                                                 \
    "                       not on move are frozen; --suspend says so)\n"   \
    "      --keep-bots      keep bots that allow it (id option newgame)\n"   \
    "                       running from one game to the next\n"             \
    SANDBOX_USAGE

typedef struct {
    series_options so;
    bool seeded;
    char name[256];
    char dir[4096];
} series_opts;

void series_opts_init(series_opts *o, const char *prog);
/* Option opt with its argument: 1 if it was one of ours and is applied,
 * 0 if it is not ours, -1 after saying on stderr what was wrong. */
int series_opt_apply(series_opts *o, int opt, const char *arg);
/* The seed from the clock if none was given; the name (PREFIX-DATE-TIME)
 * and the directory (matches/NAME) if not given; the number of seats of
 * the game.  Returns 0, or -1 after saying what was wrong (an unknown
 * game or variant). */
int series_opts_finish(series_opts *o, const char *prefix);

#endif
