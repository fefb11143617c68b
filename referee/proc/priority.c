/* priority.c - the loop ahead of the bots (see priority.h). */
#include "priority.h"

#include <errno.h>
#include <sys/resource.h>

static int priority_start;

void priority_init(void)
{
    errno = 0;
    int n = getpriority(PRIO_PROCESS, 0);
    priority_start = errno ? 0 : n;
}

int priority_base(void) { return priority_start; }

bool priority_raise_loop(void)
{
    if (priority_start <= PRIORITY_LOOP_NICE)
        return true;
    /* On Linux, PRIO_PROCESS with 0 is the calling thread only. */
    return setpriority(PRIO_PROCESS, 0, PRIORITY_LOOP_NICE) == 0;
}

void priority_drop_thread(void)
{
    setpriority(PRIO_PROCESS, 0, priority_start);
}
