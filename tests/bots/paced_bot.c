/*
 * paced_bot: a legal player that answers every turn D ms before its limit,
 * or after it has used C ms of CPU time on the turn.
 *
 * Usage: paced_bot [D]        (D in ms, default 5; D >= the limit: at once)
 *        paced_bot --burn C   (C in ms of CPU; 0: at once)
 *
 * On `turn MS BANK` it picks its move at once, then sleeps with
 * clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) until MS - D ms after the
 * moment it read the turn line, and only then writes the move.  Used by
 * tests/bench/bench_clock.sh to count false time losses: with the grace at
 * 0, every move arrives D ms inside the limit as far as the bot can tell.
 *
 * With --burn C it ignores MS and instead spins in user space (a counting
 * loop of 10 - 20 us between looks at the clock) until its own CPU time,
 * clock_gettime(CLOCK_PROCESS_CPUTIME_ID), has grown by C ms since the
 * read() that brought the turn line returned, then writes the move (at
 * most one loop later): a bot that needs C ms of CPU per move however long
 * the machine makes it wait for a processor (bench_clock.sh part e, the
 * referee's --clock cpu).  The referee's record has each move's wall
 * time, so it writes no `late` line.
 *
 * Games: pentago (either variant; first empty cell and 1R, as tbot.h) and
 * pente standard (two seats: K10 first, then the first empty point from A1
 * along row 1, row 2, ...; captures are tracked so the board stays exact).
 * It follows the game from `played` lines (no `position` support).  Unlike
 * the other test bots it does not echo its input to stderr: the log pipe
 * would add work to every move of the referee it is measuring.  It writes
 * one stderr line per move it sends more than 1 ms late by its own clock
 * (`late N: X.XXX ms`), so that a timeout can be told apart from the bot
 * oversleeping on a loaded machine.
 *
 * A `start` after a game resets the board: the minimal baseline referee
 * can play several games with the same processes (--reuse).  Exits on
 * `quit` or end of input.
 */
#include "tbot.h"

#include <errno.h>
#include <stdbool.h>
#include <time.h>
#include <unistd.h>

#define PB_SIDE 19
#define PB_POINTS (PB_SIDE * PB_SIDE)

#define PB_HELLO "id name paced bot\nready 1\n"

/* Pente columns: A-T without I. */
static const char pb_cols[] = "ABCDEFGHJKLMNOPQRST";

struct pb {
    long ahead_ms;           /* D */
    long burn_ms;            /* C, or -1: paced by the limit */
    int seat;
    bool pente;
    int pentago[36];         /* tbot.h board: 0 empty, 1 + seat */
    int pente_board[PB_POINTS]; /* row 1 first, A to T; 0 empty, 1 + seat */
    int stones;              /* stones placed by anyone, for K10 first */
    long turns;
};

static double pb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Point index of a Pente text ("K10", lower case too), or -1. */
static int pb_point(const char *t)
{
    while (*t == ' ')
        t++;
    char c = *t >= 'a' && *t <= 'z' ? (char)(*t - 'a' + 'A') : *t;
    const char *col = c ? strchr(pb_cols, c) : NULL;
    if (!col)
        return -1;
    int row = atoi(t + 1);
    if (row < 1 || row > PB_SIDE)
        return -1;
    return (row - 1) * PB_SIDE + (int)(col - pb_cols);
}

static int pb_at(const struct pb *b, int r, int c)
{
    if (r < 0 || r >= PB_SIDE || c < 0 || c >= PB_SIDE)
        return -1;
    return b->pente_board[r * PB_SIDE + c];
}

/* Place a Pente stone and take the pairs it brackets (X O O X). */
static void pb_pente_place(struct pb *b, int p, int seat)
{
    static const int dir[8][2] = {{0, 1},  {1, 0},  {1, 1},  {1, -1},
                                  {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};
    int me = 1 + seat, r = p / PB_SIDE, c = p % PB_SIDE;
    b->pente_board[p] = me;
    b->stones++;
    for (int d = 0; d < 8; d++) {
        int dr = dir[d][0], dc = dir[d][1];
        int a = pb_at(b, r + dr, c + dc), o = pb_at(b, r + 2 * dr, c + 2 * dc);
        if (a > 0 && a != me && o == a && pb_at(b, r + 3 * dr, c + 3 * dc) == me) {
            b->pente_board[(r + dr) * PB_SIDE + c + dc] = 0;
            b->pente_board[(r + 2 * dr) * PB_SIDE + c + 2 * dc] = 0;
        }
    }
}

/* Our Pente move: K10 on an empty board (the rules demand it), else the
 * first empty point from A1.  That is far from K10, so the tournament
 * opening rule (white's second stone outside H8-M12) always holds. */
static void pb_pente_move(struct pb *b, char *text, size_t len)
{
    int p = pb_point("K10");
    if (b->stones > 0)
        for (p = 0; p < PB_POINTS && b->pente_board[p]; p++)
            ;
    if (p >= PB_POINTS)
        p = 0; /* no empty point: the game is over anyway */
    snprintf(text, len, "%c%d", pb_cols[p % PB_SIDE], p / PB_SIDE + 1);
    pb_pente_place(b, p, b->seat);
}

/* Our Pentago move: the first empty cell and 1R, or the bare cell when the
 * placement makes five (the rotation would then be dropped anyway). */
static void pb_pentago_move(struct pb *b, char *text, size_t len)
{
    int cell = tb_first_empty(b->pentago), probe[36];
    char name[3];
    if (cell < 0)
        cell = 0;
    memcpy(probe, b->pentago, sizeof probe);
    probe[cell] = 1 + b->seat;
    tb_cell_name(cell, name);
    snprintf(text, len, "%s%s", name, tb_five(probe, 1 + b->seat) ? "" : " 1R");
    tb_apply(b->pentago, b->seat, text);
}

static void pb_reset(struct pb *b)
{
    memset(b->pentago, 0, sizeof b->pentago);
    memset(b->pente_board, 0, sizeof b->pente_board);
    b->stones = 0;
}

/* The CPU time this process has used, seconds. */
static double pb_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Sleep until the absolute monotonic time t (seconds). */
static void pb_sleep_until(double t)
{
    struct timespec ts;
    ts.tv_sec = (time_t)t;
    ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}

static void pb_write(const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = write(STDOUT_FILENO, buf, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            exit(0); /* the referee is gone */
        buf += k;
        n -= (size_t)k;
    }
}

/* `turn MS BANK` read at time t, CPU time cpu: choose now, answer at
 * t + MS - D, or once cpu + C of CPU time is used with --burn C. */
static void pb_turn(struct pb *b, const char *args, double t, double cpu)
{
    char text[16], line[32];
    long ms = atol(args);
    if (b->pente)
        pb_pente_move(b, text, sizeof text);
    else
        pb_pentago_move(b, text, sizeof text);
    int n = snprintf(line, sizeof line, "move %s\n", text);
    b->turns++;
    if (b->burn_ms >= 0) {
        double until = cpu + (double)b->burn_ms / 1000.0;
        while (pb_cpu() < until)
            for (volatile int i = 0; i < 20000; i++)
                ;
        pb_write(line, (size_t)n);
        return;
    }
    double at = t + (double)(ms - b->ahead_ms) / 1000.0;
    if (ms > b->ahead_ms)
        pb_sleep_until(at);
    double sent = pb_now();
    pb_write(line, (size_t)n);
    if (ms > b->ahead_ms && sent - at > 0.001)
        fprintf(stderr, "late %ld: %.3f ms\n", b->turns, (sent - at) * 1e3);
}

static void pb_played(struct pb *b, const char *args)
{
    int seat = atoi(args);
    const char *sp = strchr(args, ' ');
    if (!sp)
        return;
    if (!b->pente) {
        tb_apply(b->pentago, seat, sp + 1);
        return;
    }
    int p = pb_point(sp + 1);
    if (p >= 0)
        pb_pente_place(b, p, seat);
}

/* One line from the referee; false on `quit`. */
static bool pb_line(struct pb *b, const char *line, double t, double cpu)
{
    const char *arg;
    if ((arg = tb_keyword(line, "turn")))
        pb_turn(b, arg, t, cpu);
    else if ((arg = tb_keyword(line, "played")))
        pb_played(b, arg);
    else if (tb_keyword(line, "protocol"))
        pb_write(PB_HELLO, sizeof PB_HELLO - 1);
    else if ((arg = tb_keyword(line, "set")) && (arg = tb_keyword(arg, "you")))
        b->seat = atoi(arg);
    else if ((arg = tb_keyword(line, "set")) && (arg = tb_keyword(arg, "game")))
        b->pente = strcmp(arg, "pente") == 0;
    else if (tb_keyword(line, "start"))
        pb_reset(b);
    else if (tb_keyword(line, "quit"))
        return false;
    return true;
}

int main(int argc, char **argv)
{
    static struct pb b;
    static char buf[TB_LINE];
    size_t len = 0;
    b.ahead_ms = 5;
    b.burn_ms = -1;
    if (argc > 2 && strcmp(argv[1], "--burn") == 0)
        b.burn_ms = atol(argv[2]) > 0 ? atol(argv[2]) : 0;
    else if (argc > 1)
        b.ahead_ms = atol(argv[1]);
    for (;;) {
        ssize_t n = read(STDIN_FILENO, buf + len, sizeof buf - 1 - len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        /* The clock of every line in this read starts now: as close to
         * the referee's write as the bot can see. */
        double t = pb_now(), cpu = b.burn_ms >= 0 ? pb_cpu() : 0.;
        len += (size_t)n;
        buf[len] = '\0';
        char *start = buf, *nl;
        while ((nl = strchr(start, '\n'))) {
            *nl = '\0';
            if (nl > start && nl[-1] == '\r')
                nl[-1] = '\0';
            if (!pb_line(&b, start, t, cpu))
                return 0;
            start = nl + 1;
        }
        len -= (size_t)(start - buf);
        memmove(buf, start, len);
        if (len == sizeof buf - 1)
            len = 0; /* an over-long line: drop it */
    }
}
