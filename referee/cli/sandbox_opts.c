/* sandbox_opts.c - the sandbox options of match and event (see
 * sandbox_opts.h). */
#include "sandbox_opts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* "A-B" with 1 <= A <= B < 2^31 - 1 and at most 65536 ids. */
static int sandbox_opt_uids(sandbox_options *o, const char *arg)
{
    if (!*arg || *arg < '0' || *arg > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long a = strtoul(arg, &end, 10);
    if (errno || *end != '-' || end[1] < '0' || end[1] > '9')
        return -1;
    unsigned long b = strtoul(end + 1, &end, 10);
    if (errno || *end || a < 1 || b < a || b >= 2147483647UL ||
        b - a >= 65536)
        return -1;
    o->uid_first = a;
    o->uid_count = b - a + 1;
    return 0;
}

int sandbox_opt_apply(sandbox_options *o, int opt, const char *arg,
                      const char *prog)
{
    switch (opt) {
    case SANDBOX_OPT_SANDBOX:
        if (strcmp(arg, "on") && strcmp(arg, "off")) {
            fprintf(stderr, "%s: --sandbox '%s': expected on or off\n", prog,
                    arg);
            return -1;
        }
        o->enabled = strcmp(arg, "on") == 0;
        return 0;
    case SANDBOX_OPT_NETWORK:
        o->network = true;
        return 0;
    case SANDBOX_OPT_UIDS:
        if (sandbox_opt_uids(o, arg) != 0) {
            fprintf(stderr,
                    "%s: --sandbox-uids '%s': expected FIRST-LAST, from 1 "
                    "to 2147483646, at most 65536 ids\n",
                    prog, arg);
            return -1;
        }
        return 0;
    default:
        return -1;
    }
}
