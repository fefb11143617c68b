/*
 * fdlist_bot: reports which file descriptors it inherited.
 *
 * Usage: fdlist_bot
 * At its first turn it lists /proc/self/fd and sends `info fds N N ...`
 * with the open descriptors in increasing order, leaving out the one used to
 * read the directory (a well-behaved referee gives `info fds 0 1 2`). Then it
 * answers every turn legally (first empty cell, 1R). Exits on `quit`/EOF.
 */
#include <dirent.h>

#include "tbot.h"

/* Compare two ints for qsort. */
static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Send `info fds ...` for the open descriptors. */
static void report_fds(void)
{
    int fds[256], n = 0;
    DIR *d = opendir("/proc/self/fd");
    if (!d) {
        tb_send("info fds unknown");
        return;
    }
    int self = dirfd(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 256) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        int fd = atoi(e->d_name);
        if (fd != self)
            fds[n++] = fd;
    }
    closedir(d);
    qsort(fds, (size_t)n, sizeof fds[0], cmp_int);
    printf("info fds");
    for (int i = 0; i < n; i++)
        printf(" %d", fds[i]);
    printf("\n");
    fflush(stdout);
}

int main(void)
{
    struct tb_state st = {0};
    if (tb_handshake("fdlist bot") < 0)
        return 0;
    for (int turn = 1; tb_wait_turn(&st); turn++) {
        if (turn == 1)
            report_fds();
        tb_play_first_empty(&st);
    }
    return 0;
}
