/*
 * checkbot_noflush: a bot that forgot to flush stdout.
 *
 * Usage: checkbot_noflush [moves]
 * Its stdout is fully buffered and never flushed, so whatever it writes
 * reaches the referee only when it exits (on `quit` or EOF): its handshake
 * by default; with `moves` it flushes the handshake and holds back only
 * its moves.  Legal play otherwise (first empty cell, 1R).
 * Provokes: check-bot's "did you flush stdout?"; a handshake or timeout
 * loss in a match.
 */
#include "tbot.h"

static char tb_out[1 << 16];

int main(int argc, char **argv)
{
    int moves_only = argc > 1 && !strcmp(argv[1], "moves");
    setvbuf(stdout, tb_out, _IOFBF, sizeof tb_out);
    char line[TB_LINE];
    while (tb_readline(line, sizeof line) == 0 &&
           !tb_keyword(line, "protocol"))
        ;
    printf("id name no-flush bot\nready 1\n");
    if (moves_only)
        fflush(stdout);
    struct tb_state st = {0};
    while (tb_wait_turn(&st)) {
        int cell = tb_first_empty(st.board);
        char name[3];
        tb_cell_name(cell < 0 ? 0 : cell, name);
        st.board[cell < 0 ? 0 : cell] = 1 + st.seat;
        tb_rotate(st.board, 0, 1);
        printf("move %s 1R\n", name); /* no fflush: the point of this bot */
    }
    return 0; /* exit() flushes stdout: everything comes out now */
}
