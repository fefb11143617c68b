/* turn_history.c - the lines before a bot's turn (see turn_history.h). */
#include "turn_history.h"

#include "line.h"
#include "proto.h"

bool turn_history_positions(const rules_game *g, bool want_position)
{
    return want_position || rules_moves_hidden(g);
}

void turn_history_lines(const turn_history *h, turn_history_emit_fn emit,
                        void *arg)
{
    char buf[PROTO_LINE_MAX + 2];
    if (turn_history_positions(h->g, h->want_position)) {
        char line[RULES_POS_TEXT_MAX];
        rules_pos_write(h->g, h->pos, line, sizeof line);
        emit(arg, buf, proto_fmt_position(buf, sizeof buf, line));
        return;
    }
    for (size_t i = h->seen; i < h->nmoves; i++) {
        turn_history_move mv = h->move(h->moves, i);
        if (mv.seat != h->seat || i < h->told_all)
            emit(arg, buf, proto_fmt_played(buf, sizeof buf, mv.seat,
                                            mv.text));
    }
}

turn_history_move turn_history_record_move(const void *moves, size_t i)
{
    const record *rec = moves;
    return (turn_history_move){rec->moves[i].seat, rec->moves[i].text};
}
