/* cmd_check_bot.c - placeholder until the command is written. */
#include "commands.h"

int cmd_check_bot(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "referee: not written yet\n");
    return 1;
}
