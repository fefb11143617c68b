/*
 * illegal_bot: answers with a well-formed move the rules forbid.
 *
 * Usage: illegal_bot [occupied|norotation]
 * occupied (default): tracks the board and answers `move CELL 1R` with the
 *   first OCCUPIED cell in reading order. If the board is still empty (the
 *   bot moves first) it plays the first empty cell legally and the illegal
 *   move follows at its second turn. So: illegal at its first turn when it
 *   has seat 1, at its second turn when it has seat 0.
 * norotation: answers its first turn with the bare first empty cell (no
 *   rotation) although the placement does not make five: illegal at its
 *   first turn whatever its seat.
 * After the illegal move it reads until `quit`/EOF and exits 0.
 * Provokes: illegal-move.
 */
#include "tbot.h"

int main(int argc, char **argv)
{
    int norot = argc > 1 && strcmp(argv[1], "norotation") == 0;
    struct tb_state st = {0};
    if (tb_handshake("illegal bot") < 0)
        return 0;
    while (tb_wait_turn(&st)) {
        int occupied = -1;
        for (int i = 0; i < 36 && occupied < 0; i++)
            if (st.board[i])
                occupied = i;
        char name[3], line[32];
        if (norot) {
            tb_cell_name(tb_first_empty(st.board), name);
            snprintf(line, sizeof line, "move %s", name);
        } else if (occupied >= 0) {
            tb_cell_name(occupied, name);
            snprintf(line, sizeof line, "move %s 1R", name);
        } else {
            tb_play_first_empty(&st);
            continue;
        }
        tb_send(line);
        tb_drain();
        return 0;
    }
    return 0;
}
