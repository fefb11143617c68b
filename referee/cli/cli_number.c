/* cli_number.c - numeric command-line values (see commands.h). */
#include "commands.h"

#include <errno.h>
#include <stdlib.h>

bool cli_number(const char *arg, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || *end || end == arg || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}
