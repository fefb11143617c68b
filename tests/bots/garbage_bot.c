/*
 * garbage_bot: answers its first turn with something that is not a move.
 *
 * Usage: garbage_bot [text|empty|nul|long|flood|binary|binaryflood]
 * text (default): sends `move zz9 9X`, well-formed as a line but not Pentago
 *   notation: the rules reject it as malformed (recorded as illegal-move
 *   with the rules' reason).
 * empty: sends `move` with no move text (malformed-line).
 * nul: sends a line holding a NUL byte, `move a<NUL>1 1R` (malformed-line).
 * long: writes 'x' forever without a newline until killed or the pipe
 *   breaks (line longer than 4096 bytes: malformed-line).
 * flood: writes `info flood N` lines forever and never moves (timeout, or
 *   whatever limit the referee puts on comment lines).
 * binary: writes lines of binary garbage (control bytes, bytes 0x7f-0xff,
 *   invalid UTF-8, CRs, ANSI escape sequences; never NUL), then
 *   `move ` followed by such bytes: the rules reject the text (illegal-move).
 * binaryflood: writes random bytes 0x01-0xff forever (LF among them, so
 *   lines of random length, about 255 bytes on average); never moves.  The
 *   stream is fixed: its first 4.6 GB hold no line over 4096 bytes and no
 *   line the referee reads as a message, so the clock runs out (timeout).
 * After a complete faulty line (text, empty, nul, binary) it reads until
 * `quit`/EOF and exits 0; after long/flood/binaryflood it sleeps until
 * killed if the write fails.
 */
#include <unistd.h>

#include "tbot.h"

/* Write all of buf to fd 1; -1 if a write fails. */
static int write_all(const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(1, buf, len);
        if (n < 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Garbage lines that no keyword starts, each a class of hostile bytes. */
static const char *const binary_lines[] = {
    /* every control byte but NUL and LF (TAB and CR included) */
    "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0b\x0c\x0d\x0e\x0f"
    "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f",
    /* invalid UTF-8: overlong '/', surrogate, 5-byte form, lone
     * continuation, cut sequence, bytes never valid */
    "\xc0\xaf \xe0\x80\xaf \xed\xa0\x80 \xf8\x88\x80\x80\x80 \x80 "
    "\xe2\x82 \xfe\xff",
    /* bare CRs inside the line and one before the LF */
    "\r\r\rcarriage\rreturns\r",
    /* ANSI: clear screen, home, colour, window title */
    "\x1b[2J\x1b[H\x1b[31mred\x1b[0m\x1b]0;title\x07\x1b[?25l",
};

/* The move: an escape, invalid UTF-8, a control byte, a CR, DEL. */
static const char binary_move[] =
    "move \x1b[31m\xff\xfe\x01\r\xc0\xaf" "c4 2R\x7f\x9b\n";

static void send_binary(void)
{
    char high[0x81 + 1];
    for (int b = 0x7f; b <= 0xff; b++) /* 0x7f-0xff, one line */
        high[b - 0x7f] = (char)b;
    high[0x81] = '\n';
    write_all(high, 0x82);
    for (size_t i = 0; i < sizeof binary_lines / sizeof *binary_lines; i++)
        if (write_all(binary_lines[i], strlen(binary_lines[i])) < 0 ||
            write_all("\n", 1) < 0)
            return;
    write_all(binary_move, sizeof binary_move - 1);
}

/* Random bytes 0x01-0xff forever (xorshift, fixed seed: the same stream
 * every run). */
static _Noreturn void binary_flood(void)
{
    unsigned long long x = 0x9e3779b97f4a7c15ULL;
    unsigned char buf[65536];
    for (;;) {
        for (size_t i = 0; i < sizeof buf; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf[i] = (unsigned char)(1 + (x >> 32) % 255);
        }
        if (write_all((const char *)buf, sizeof buf) < 0)
            tb_sleep_forever();
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "text";
    struct tb_state st = {0};
    if (tb_handshake("garbage bot") < 0)
        return 0;
    if (!tb_wait_turn(&st))
        return 0;
    if (strcmp(mode, "empty") == 0) {
        tb_send("move");
    } else if (strcmp(mode, "nul") == 0) {
        static const char nul[] = "move a\0" "1 1R\n";
        write_all(nul, sizeof nul - 1);
    } else if (strcmp(mode, "long") == 0) {
        char x[4096];
        memset(x, 'x', sizeof x);
        while (write_all(x, sizeof x) == 0)
            ;
        tb_sleep_forever();
    } else if (strcmp(mode, "flood") == 0) {
        char line[64];
        for (unsigned long i = 0;; i++) {
            int n = snprintf(line, sizeof line, "info flood %lu\n", i);
            if (write_all(line, (size_t)n) < 0)
                tb_sleep_forever();
        }
    } else if (strcmp(mode, "binary") == 0) {
        send_binary();
    } else if (strcmp(mode, "binaryflood") == 0) {
        binary_flood();
    } else {
        tb_send("move zz9 9X");
    }
    tb_drain();
    return 0;
}
