/*
 * tbot.h: helpers shared by the misbehaving test bots in tests/bots/.
 *
 * Each tests/bots/NAME.c is built as a program of its own, linked with libc
 * only, so this header holds everything as static inline functions (unused
 * ones cost nothing and raise no warning). It speaks just enough of protocol
 * v1 (protocol/PROTOCOL.md) for a bot to reach its first turn properly:
 *
 *   1. tb_handshake(name) waits for `protocol`, sends `id name` and `ready 1`.
 *   2. tb_wait_turn(&st) reads setup and `played`/`position` lines, keeping
 *      st.seat and st.board up to date, until a `turn` line (returns 1) or
 *      `quit`/EOF (returns 0).
 *   3. tb_play_first_empty(&st) answers a turn legally: the first empty
 *      cell in reading order with rotation 1R, or the bare cell when the
 *      placement alone makes five.
 *   4. tb_drain() reads until `quit` or EOF.
 *
 * Board: cells 0..35 in reading order (a1 = 0, f1 = 5, a6 = 30); a cell
 * holds 0 when empty, else 1 + the seat of the marble's owner.
 */
#ifndef TBOT_H
#define TBOT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TB_LINE 8192

/* What a test bot knows about the game. */
struct tb_state {
    int seat;          /* from `set you`; 0 until then */
    int board[36];     /* 0 empty, 1 + seat of the owner */
};

/* Read one line from stdin without LF/CR; -1 on EOF or error. */
static inline int tb_readline(char *buf, size_t n)
{
    if (!fgets(buf, (int)n, stdin))
        return -1;
    size_t len = strlen(buf);
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
        buf[--len] = '\0';
    /* Echo to stderr: the referee's log of this bot becomes a transcript
     * of everything the bot was sent. */
    fprintf(stderr, "< %s\n", buf);
    return 0;
}

/* Send one line and flush it. */
static inline void tb_send(const char *line)
{
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

/* Does line start with keyword kw followed by a blank or the end? Returns
 * a pointer to the arguments (after the blank), or NULL. */
static inline const char *tb_keyword(const char *line, const char *kw)
{
    size_t n = strlen(kw);
    if (strncmp(line, kw, n) != 0)
        return NULL;
    if (line[n] == '\0')
        return line + n;
    if (line[n] == ' ')
        return line + n + 1;
    return NULL;
}

/* Sleep for ms milliseconds (restarted after signals). */
static inline void tb_sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* Sleep until killed. */
static inline _Noreturn void tb_sleep_forever(void)
{
    for (;;)
        tb_sleep_ms(3600L * 1000L);
}

/* Wait for `protocol`, then introduce the bot and send `ready 1`.
 * Returns 0, or -1 on EOF/quit before `protocol`. */
static inline int tb_handshake(const char *name)
{
    char line[TB_LINE];
    while (tb_readline(line, sizeof line) == 0) {
        if (tb_keyword(line, "quit"))
            return -1;
        if (tb_keyword(line, "protocol")) {
            printf("id name %s\n", name);
            printf("id author referee test suite\n");
            printf("ready 1\n");
            fflush(stdout);
            return 0;
        }
    }
    return -1;
}

/* Turn quadrant q (0..3) once, clockwise if cw, else counter-clockwise. */
static inline void tb_rotate(int board[36], int q, int cw)
{
    int r0 = (q / 2) * 3, c0 = (q % 2) * 3, old[3][3];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            old[r][c] = board[(r0 + r) * 6 + c0 + c];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) {
            /* clockwise: local (r,c) -> (c, 2-r); counter: (r,c) -> (2-c, r) */
            int nr = cw ? c : 2 - c, nc = cw ? 2 - r : r;
            board[(r0 + nr) * 6 + c0 + nc] = old[r][c];
        }
}

/* Does colour (1 + seat) have five in a row on the board? */
static inline int tb_five(const int board[36], int colour)
{
    static const int step[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            for (int d = 0; d < 4; d++) {
                int er = r + 4 * step[d][0], ec = c + 4 * step[d][1];
                if (er > 5 || ec < 0 || ec > 5)
                    continue;
                int i = 0;
                while (i < 5 && board[(r + i * step[d][0]) * 6 + c +
                                      i * step[d][1]] == colour)
                    i++;
                if (i == 5)
                    return 1;
            }
    return 0;
}

/* Apply Pentago move text ("c4 2R" or bare "c4") for seat. Returns 0, or
 * -1 if the text is not a move (the board is then unchanged). */
static inline int tb_apply(int board[36], int seat, const char *text)
{
    while (*text == ' ')
        text++;
    if (text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6')
        return -1;
    board[(text[1] - '1') * 6 + text[0] - 'a'] = 1 + seat;
    if (tb_five(board, 1 + seat))
        return 0; /* five by placement: a rotation given is ignored */
    const char *t = text + 2;
    while (*t == ' ')
        t++;
    if (t[0] >= '1' && t[0] <= '4' && (t[1] == 'R' || t[1] == 'L'))
        tb_rotate(board, t[0] - '1', t[1] == 'R');
    return 0;
}

/* Load a `position` line's board ("....../.../...... w"). */
static inline void tb_load_position(int board[36], const char *pos)
{
    int i = 0;
    for (const char *p = pos; *p && *p != ' ' && i < 36; p++) {
        if (*p == '/')
            continue;
        board[i++] = *p == 'w' ? 1 : *p == 'b' ? 2 : 0;
    }
}

/* Read lines until `turn` (1) or `quit`/EOF (0), tracking seat and board. */
static inline int tb_wait_turn(struct tb_state *st)
{
    char line[TB_LINE];
    const char *arg;
    while (tb_readline(line, sizeof line) == 0) {
        if (tb_keyword(line, "turn"))
            return 1;
        if (tb_keyword(line, "quit"))
            return 0;
        if ((arg = tb_keyword(line, "set")) && (arg = tb_keyword(arg, "you")))
            st->seat = atoi(arg);
        else if ((arg = tb_keyword(line, "played"))) {
            int seat = atoi(arg);
            const char *sp = strchr(arg, ' ');
            if (sp)
                tb_apply(st->board, seat, sp + 1);
        } else if ((arg = tb_keyword(line, "position")))
            tb_load_position(st->board, arg);
    }
    return 0;
}

/* Read lines until `quit` or EOF. */
static inline void tb_drain(void)
{
    char line[TB_LINE];
    while (tb_readline(line, sizeof line) == 0)
        if (tb_keyword(line, "quit"))
            return;
}

/* Name of cell i ("a1".."f6") into buf[3]. */
static inline void tb_cell_name(int i, char buf[3])
{
    buf[0] = (char)('a' + i % 6);
    buf[1] = (char)('1' + i / 6);
    buf[2] = '\0';
}

/* Send `move CELL ROT` (bare `move CELL` if rot is "") and apply it. */
static inline void tb_play(struct tb_state *st, int cell, const char *rot)
{
    char name[3], text[32];
    tb_cell_name(cell, name);
    snprintf(text, sizeof text, "%s%s%s", name, *rot ? " " : "", rot);
    printf("move %s\n", text);
    fflush(stdout);
    tb_apply(st->board, st->seat, text);
}

/* First empty cell in reading order, or -1 on a full board. */
static inline int tb_first_empty(const int board[36])
{
    for (int i = 0; i < 36; i++)
        if (board[i] == 0)
            return i;
    return -1;
}

/* Answer a turn with the first empty cell and 1R, or the bare cell when
 * the placement makes five. */
static inline void tb_play_first_empty(struct tb_state *st)
{
    int cell = tb_first_empty(st->board);
    if (cell < 0)
        cell = 0;
    st->board[cell] = 1 + st->seat;
    tb_play(st, cell, tb_five(st->board, 1 + st->seat) ? "" : "1R");
}

#endif
