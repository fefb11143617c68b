/*
 * garbage_bot: answers its first turn with something that is not a move.
 *
 * Usage: garbage_bot [text|empty|nul|long|flood]
 * text (default): sends `move zz9 9X`, well-formed as a line but not Pentago
 *   notation: the rules reject it as malformed (recorded as illegal-move
 *   with the rules' reason).
 * empty: sends `move` with no move text (malformed-line).
 * nul: sends a line holding a NUL byte, `move a<NUL>1 1R` (malformed-line).
 * long: writes 'x' forever without a newline until killed or the pipe
 *   breaks (line longer than 4096 bytes: malformed-line).
 * flood: writes `info flood N` lines forever and never moves (timeout, or
 *   whatever limit the referee puts on comment lines).
 * After a complete faulty line (text, empty, nul) it reads until
 * `quit`/EOF and exits 0; after long/flood it sleeps until killed if the
 * write fails.
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
    } else {
        tb_send("move zz9 9X");
    }
    tb_drain();
    return 0;
}
