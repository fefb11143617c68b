/*
 * hog_bot: uses up a resource at its first turn.  Built without
 * sanitizers (tests/bots/plain/), because an address-space limit stops a
 * sanitizer-built program before main.
 *
 * Usage: hog_bot spin|file|mem|forks|busy
 *   spin   burns CPU without end             -> cpu-limit with --limit-cpu
 *   file   writes a file without end         -> file-limit with --limit-fsize
 *          (in /tmp, removed first so nothing stays behind)
 *   mem    allocates and touches memory      -> dies with --limit-mem
 *          without end
 *   forks  forks 200 children that sleep     -> all must die with the bot
 *          (a bounded fork bomb: safe on any machine)
 *   bomb   every process forks two children -> process-limit; all die
 *          that do the same, 10 levels deep
 *          (2047 processes at most, all sleeping)
 *   busy   answers every turn at once, then  -> reaches --limit-cpu unless
 *          spins until the next one             the referee suspends it
 * Until then it behaves: handshake, then waits for its first `turn`.
 */
#include "../tbot.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

static void hog_spin(void)
{
    volatile unsigned long x = 0;
    for (;;)
        x++;
}

static void hog_file(void)
{
    char path[] = "/tmp/referee-hog-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        _exit(3);
    unlink(path);
    static char block[1 << 16];
    memset(block, 'x', sizeof block);
    for (;;)
        if (write(fd, block, sizeof block) < 0)
            _exit(4);
}

static void hog_mem(void)
{
    for (;;) {
        char *p = malloc(1 << 20);
        if (!p)
            _exit(5); /* what a bot does when memory runs out */
        memset(p, 1, 1 << 20);
    }
}

static void hog_forks(void)
{
    for (int i = 0; i < 200; i++)
        if (fork() == 0)
            for (;;)
                pause();
    for (;;)
        pause();
}

/* Exponential, like a real fork bomb, but bounded by depth so that a
 * referee that fails to stop it cannot take the machine down. */
static void hog_bomb(void)
{
    for (int depth = 0; depth < 10; depth++) {
        pid_t a = fork();
        pid_t b = a > 0 ? fork() : a;
        if (a != 0 && b != 0)
            break; /* a parent: both children carry on */
    }
    for (;;)
        pause();
}

/* Think on the other bot's time: answer, then spin until input comes. */
static int hog_busy(struct tb_state *st)
{
    do {
        tb_play_first_empty(st);
        struct pollfd p = {.fd = 0, .events = POLLIN};
        while (poll(&p, 1, 0) == 0)
            ;
    } while (tb_wait_turn(st));
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "spin";
    struct tb_state st = {0};
    if (tb_handshake("hog bot") < 0 || !tb_wait_turn(&st))
        return 0;
    if (!strcmp(mode, "busy"))
        return hog_busy(&st);
    if (!strcmp(mode, "file"))
        hog_file();
    else if (!strcmp(mode, "mem"))
        hog_mem();
    else if (!strcmp(mode, "forks"))
        hog_forks();
    else if (!strcmp(mode, "bomb"))
        hog_bomb();
    hog_spin();
}
