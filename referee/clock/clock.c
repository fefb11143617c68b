/* clock.c - monotonic and wall-clock time (see clock.h). */
#include "clock.h"

#include <math.h>
#include <time.h>

double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

long clock_ms(double from, double to)
{
    return lround((to - from) * 1000.0);
}

void clock_utc_iso(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
