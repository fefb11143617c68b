/*
 * checkbot_blind: asks for position lines and then ignores them.
 *
 * Usage: checkbot_blind
 * Sends `id option position`, reads nothing but `turn`, `quit` and EOF,
 * and believes the board holds only its own marbles: at each turn it
 * places on the next cell of rows 1 to 3 and a4-c6 in reading order
 * (a1, b1, c1, ...) and turns quadrant 4, which none of them is in.
 * Provokes: an illegal move (an occupied cell) once it is asked to move
 * in a position it did not make itself.
 */
#include "tbot.h"

int main(void)
{
    char line[TB_LINE];
    while (tb_readline(line, sizeof line) == 0 &&
           !tb_keyword(line, "protocol"))
        ;
    tb_send("id name blind bot");
    tb_send("id option position");
    tb_send("ready 1");
    int next = 0;
    while (tb_readline(line, sizeof line) == 0 && !tb_keyword(line, "quit")) {
        if (!tb_keyword(line, "turn"))
            continue;
        /* Skip quadrant 4 (d4-f6). */
        while (next / 6 >= 3 && next % 6 >= 3)
            next++;
        char name[3], move[16];
        tb_cell_name(next++, name);
        snprintf(move, sizeof move, "move %s 4R", name);
        tb_send(move);
    }
    return 0;
}
