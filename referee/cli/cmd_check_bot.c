/*
 * cmd_check_bot.c - `referee check-bot`: run a bot through the protocol's
 * course (checkbot/course.h) and say, step by step, what passes and what
 * does not.  The options; the course is in referee/checkbot/.
 */
#include "checkbot/course.h"
#include "checkbot/steps.h"
#include "clock/time_control.h"
#include "commands.h"
#include "rules.h"
#include "sandbox_opts.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_bot_usage(FILE *out)
{
    fprintf(out,
        "usage: referee check-bot [OPTIONS] -- COMMAND [ARGUMENTS...]\n"
        "       referee check-bot [OPTIONS] \"COMMAND LINE\"\n"
        "  Runs a bot through a scripted course of short games, started,\n"
        "  boxed and timed as in a match, and prints a line per step: PASS,\n"
        "  FAIL with the reason (and the end of the bot's stderr), or INFO.\n"
        "  Exit status: 0 no step failed, 1 one did, 2 usage error.\n"
        "\n"
        "      --game G         check this game only (every variant of it,\n"
        "                       or --variant's), where any failure counts;\n"
        "                       default: every game, and a game whose first\n"
        "                       move the bot cannot make is reported as not\n"
        "                       played\n"
        "      --variant V      with --game: this variant only\n"
        "      --options O      with --game: variant options, key=value "
        "words\n"
        "      --startup-ms MS  start-up and handshake allowance (default "
        "10000)\n"
        "      --grace-ms MS    allowance over a move's time (default 100)\n"
        "  -v, --verbose        show every line sent to and from the bot\n"
        SANDBOX_USAGE
        "\n"
        "steps:\n");
    ckstep_usage(out);
    cli_games_usage(out);
}

enum { CHECK_OPT_GAME = 4001, CHECK_OPT_VARIANT, CHECK_OPT_OPTIONS,
       CHECK_OPT_STARTUP, CHECK_OPT_GRACE };

/* The words after `--` as one command line that proc_split_command
 * splits back into them: every blank, quote and backslash escaped. */
static char *check_bot_join(char **words, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += 2 * strlen(words[i]) + 1;
    char *line = malloc(len), *p = line;
    if (!line)
        return NULL;
    for (int i = 0; i < n; i++) {
        if (i)
            *p++ = ' ';
        for (const char *c = words[i]; *c; c++) {
            if (strchr(" \t\n'\"\\", *c))
                *p++ = '\\';
            *p++ = *c;
        }
    }
    *p = '\0';
    return line;
}

static bool check_bot_ms(const char *opt, const char *arg, long *out)
{
    if (cli_number(arg, 1, 86400000L, out))
        return true;
    fprintf(stderr, "referee check-bot: %s '%s': expected a number of "
                    "milliseconds from 1 to 86400000\n", opt, arg);
    return false;
}

/* Returns -1 to go on, or the exit status. */
static int check_bot_parse(ckcourse_options *o, int argc, char **argv,
                           char **command)
{
    static const struct option opts[] = {
        {"game", required_argument, 0, CHECK_OPT_GAME},
        {"variant", required_argument, 0, CHECK_OPT_VARIANT},
        {"options", required_argument, 0, CHECK_OPT_OPTIONS},
        {"startup-ms", required_argument, 0, CHECK_OPT_STARTUP},
        {"grace-ms", required_argument, 0, CHECK_OPT_GRACE},
        {"verbose", no_argument, 0, 'v'},
        {"help", no_argument, 0, 'h'},
        SANDBOX_LONG_OPTIONS,
        {0, 0, 0, 0},
    };
    int opt;
    optind = 1;
    /* '+': options end at the bot's command. */
    while ((opt = getopt_long(argc, argv, "+vh", opts, NULL)) != -1) {
        switch (opt) {
        case CHECK_OPT_GAME: o->game = optarg; break;
        case CHECK_OPT_VARIANT: o->variant = optarg; break;
        case CHECK_OPT_OPTIONS: o->options = optarg; break;
        case CHECK_OPT_STARTUP:
            if (!check_bot_ms("--startup-ms", optarg, &o->rig.startup_ms))
                return EXIT_USAGE;
            break;
        case CHECK_OPT_GRACE:
            if (!cli_number(optarg, 0, 86400000L, &o->rig.grace_ms)) {
                fprintf(stderr, "referee check-bot: --grace-ms '%s': "
                                "expected a number from 0 to 86400000\n",
                        optarg);
                return EXIT_USAGE;
            }
            break;
        case 'v': o->rig.verbose = true; break;
        case 'h': check_bot_usage(stdout); return 0;
        case SANDBOX_OPT_SANDBOX:
        case SANDBOX_OPT_NETWORK:
        case SANDBOX_OPT_UIDS:
            if (sandbox_opt_apply(&o->rig.sandbox, opt, optarg,
                                  "referee check-bot") != 0)
                return EXIT_USAGE;
            break;
        default:
            check_bot_usage(stderr);
            return EXIT_USAGE;
        }
    }
    bool dashes = optind > 1 && !strcmp(argv[optind - 1], "--");
    int words = argc - optind;
    if (words < 1 || (!dashes && words > 1)) {
        fprintf(stderr, "referee check-bot: give the bot's command after "
                        "'--', or as one quoted argument\n");
        check_bot_usage(stderr);
        return EXIT_USAGE;
    }
    *command = dashes ? check_bot_join(argv + optind, words)
                      : strdup(argv[optind]);
    if (!*command) {
        fprintf(stderr, "referee check-bot: out of memory\n");
        return 1;
    }
    return -1;
}

/* --variant and --options belong to a game; every name must be known. */
static int check_bot_game(const ckcourse_options *o)
{
    if ((o->variant || o->options) && !o->game) {
        fprintf(stderr, "referee check-bot: --variant and --options need "
                        "--game\n");
        return EXIT_USAGE;
    }
    char err[RULES_REASON_MAX];
    rules_game *g = o->game ? rules_game_new(o->game, o->variant, o->options,
                                             err, sizeof err)
                            : NULL;
    if (o->game && !g) {
        fprintf(stderr, "referee check-bot: %s\n", err);
        return EXIT_USAGE;
    }
    rules_game_free(g);
    return -1;
}

int cmd_check_bot(int argc, char **argv)
{
    ckcourse_options o;
    memset(&o, 0, sizeof o);
    time_control tc;
    time_control_defaults(&tc);
    o.rig.startup_ms = tc.startup_ms;
    o.rig.grace_ms = tc.grace_ms;
    o.rig.quit_ms = 1000;
    o.rig.term_ms = 1000;
    o.rig.out = stdout;
    sandbox_options_defaults(&o.rig.sandbox);
    proc_limits_defaults(&o.rig.limits);
    char *command = NULL;
    int rc = check_bot_parse(&o, argc, argv, &command);
    if (rc < 0)
        rc = check_bot_game(&o);
    if (rc >= 0) {
        free(command);
        return rc;
    }
    o.command = command;
    rc = ckcourse_run(&o);
    free(command);
    return rc;
}
