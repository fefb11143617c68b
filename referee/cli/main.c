/* main.c - the referee program: dispatch to a subcommand. */
#include "commands.h"
#include "proto.h"
#include "version.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} main_command;

static const main_command main_commands[] = {
    {"check-bot", cmd_check_bot, "run a bot through the protocol's course: pass or fail per step"},
    {"demo", cmd_demo, "play a seeded random game and show every move"},
    {"event", cmd_event, "run an event (groups and cup, or a league)"},
    {"gauntlet", cmd_gauntlet, "a candidate against reference bots, each with a least score"},
    {"merge", cmd_merge, "merge the shards of an event run on many machines"},
    {"match", cmd_match, "play games between two bots and record them"},
    {"perft", cmd_perft, "count move sequences of a depth from a position"},
    {"play", cmd_play, "play against a bot in the terminal, or watch two bots"},
    {"replay", cmd_replay, "re-check a match record and show its moves"},
    {"sprt", cmd_sprt, "is a candidate bot stronger than a base bot? (SPRT)"},
    {"standings", cmd_standings, "recompute an event's tables from records"},
};

static void main_usage(FILE *out)
{
    fprintf(out, "usage: referee COMMAND [OPTIONS]\n"
                 "       referee --version\n\ncommands:\n");
    for (size_t i = 0; i < sizeof main_commands / sizeof main_commands[0]; i++)
        fprintf(out, "  %-10s %s\n", main_commands[i].name,
                main_commands[i].summary);
    fprintf(out, "\n'referee COMMAND --help' describes a command;\n"
                 "'referee --version' (-V) prints the version of the "
                 "referee and of its\nbot protocol.\n");
}

int main(int argc, char **argv)
{
    /* Orphans of bots (what a bot forked and left behind) become our
     * children, so the starter reaps them (proc/starter.h): no zombies. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    /* Started with stdin, stdout or stderr closed, a pipe of a bot could
     * take fd 0, 1 or 2 and be mixed up with the bot's own. */
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) != fd)
            return 1;
    if (argc < 2) {
        main_usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        main_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
        printf("referee %s (protocol %d)\n", REFEREE_VERSION, PROTO_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof main_commands / sizeof main_commands[0]; i++)
        if (!strcmp(argv[1], main_commands[i].name))
            return main_commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "referee: unknown command '%s'\n", argv[1]);
    main_usage(stderr);
    return EXIT_USAGE;
}
