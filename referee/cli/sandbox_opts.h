/*
 * sandbox_opts.h - the sandbox options of `match` and `event`:
 *   --sandbox on|off      a box per bot (default on where the machine
 *                         allows it)
 *   --network             boxes keep the machine's network
 *   --sandbox-uids A-B    the bots' user ids (default 60000-60999)
 */
#ifndef SANDBOX_OPTS_H
#define SANDBOX_OPTS_H

#include "sandbox/sandbox.h"

#include <getopt.h>
#include <stdio.h>

#define SANDBOX_OPT_SANDBOX 2001
#define SANDBOX_OPT_NETWORK 2002
#define SANDBOX_OPT_UIDS 2003

#define SANDBOX_LONG_OPTIONS                                                 \
    {"sandbox", required_argument, 0, SANDBOX_OPT_SANDBOX},                  \
        {"network", no_argument, 0, SANDBOX_OPT_NETWORK},                    \
        {"sandbox-uids", required_argument, 0, SANDBOX_OPT_UIDS}

#define SANDBOX_USAGE                                                        \
    "      --sandbox on|off a box per bot: own pid, mount, network\n"        \
    "                       namespaces, uid and control group (default on\n" \
    "                       where the machine allows it)\n"                  \
    "      --network        let bots use the network\n"                      \
    "      --sandbox-uids A-B  user ids for bots (default 60000-60999)\n"

/* Apply option opt (one of SANDBOX_OPT_*) with its argument; returns 0,
 * or -1 after saying on stderr what was wrong (prog: "referee match"). */
int sandbox_opt_apply(sandbox_options *o, int opt, const char *arg,
                      const char *prog);

#endif
