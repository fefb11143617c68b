/* play_view.c - the text around the board (see play_view.h). */
#include "play/play_view.h"

#include <string.h>

void play_view_clock(char *buf, size_t len, long ms)
{
    long s = ms > 0 ? ms / 1000 : 0;
    if (s >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%02ld:%02ld", s / 60, s % 60);
}

void play_view_name(char *buf, size_t len, const play_view_seat *s)
{
    if (s->many)
        snprintf(buf, len, "%s, seat %d (%s)", s->colour, s->seat, s->who);
    else
        snprintf(buf, len, "%s (%s)", s->colour, s->who);
}

static void play_view_seat_clock(char *buf, size_t len,
                                 const play_view_seat *s)
{
    char t[32];
    if (s->clocked && s->bank_left >= 0) {
        play_view_clock(t, sizeof t, s->bank_left);
        snprintf(buf, len, "%s left", t);
    } else if (s->clocked && s->move_ms > 0) {
        if (s->move_ms % 1000 == 0)
            snprintf(buf, len, "%ld s a move", s->move_ms / 1000);
        else
            snprintf(buf, len, "%ld ms a move", s->move_ms);
    } else {
        play_view_clock(t, sizeof t, s->used_ms);
        snprintf(buf, len, "%s used", t);
    }
}

void play_view_prompt(FILE *out, const play_view_seat *seats, int nseats,
                      int on_move)
{
    char clock[64];
    play_view_seat_clock(clock, sizeof clock, &seats[on_move]);
    fprintf(out, "%s to move (%s), %s", seats[on_move].colour,
            seats[on_move].who, clock);
    for (int s = 0; s < nseats; s++) {
        if (s == on_move)
            continue;
        play_view_seat_clock(clock, sizeof clock, &seats[s]);
        if (nseats > 2) {
            char name[192];
            play_view_name(name, sizeof name, &seats[s]);
            fprintf(out, "; %s %s", name, clock);
        } else {
            fprintf(out, "; %s %s", seats[s].colour, clock);
        }
    }
    fprintf(out, " > ");
    fflush(out);
}

void play_view_move(FILE *out, int ply, const play_view_seat *s,
                    const char *move, long ms)
{
    char name[192], took[32], clock[64] = "";
    play_view_name(name, sizeof name, s);
    if (ms >= 1000)
        snprintf(took, sizeof took, "%.1f s", (double)ms / 1000.0);
    else
        snprintf(took, sizeof took, "%ld ms", ms);
    if (s->clocked && s->bank_left >= 0) {
        char t[32];
        play_view_clock(t, sizeof t, s->bank_left);
        snprintf(clock, sizeof clock, ", %s left", t);
    }
    fprintf(out, "%d. %s %s   [%s%s]\n", ply, name, move, took, clock);
}

static void play_view_notation(FILE *out, const rules_game *g)
{
    const char *name = rules_game_name(g);
    if (!strcmp(name, "pentago")) {
        fprintf(out,
                "a move: a cell (a1 top left to f6 bottom right), a blank, "
                "and a quadrant\n"
                "  turn: 1 2 / 3 4 as drawn, R clockwise, L anticlockwise: "
                "c4 2R; the bare\n"
                "  cell when the marble alone makes five; either case\n");
    } else if (!strcmp(name, "pente")) {
        fprintf(out,
                "a move: a point (A1 bottom left to T19 top right, no I "
                "column): K10;\n"
                "  the first stone goes on K10; in plus a power stone is "
                "K10*, see\n"
                "  protocol/PROTOCOL.md section 8 for power and bonus "
                "stones\n");
    } else if (!strcmp(name, "pentago-multi")) {
        fprintf(out,
                "a move: a cell (a1 top left to i9 bottom right), a blank, "
                "and a block\n"
                "  turn: 1 2 3 / 4 5 6 / 7 8 9 as drawn, R clockwise, L "
                "anticlockwise: e5 5R;\n"
                "  the bare cell when the gem alone makes five\n");
    } else if (!strcmp(name, "pentago-puzzle")) {
        fprintf(out,
                "a move: breaking, -CELL and a block turn (-c4 2R: take the "
                "gem off c4,\n"
                "  turn block 2 clockwise); mending, a cell with a gem "
                "colour and a turn\n"
                "  (c4w 2R: a white gem on c4); blocks 1 2 3 / 4 5 6 / 7 8 9\n");
    } else {
        fprintf(out, "a move: in the game's notation (protocol/PROTOCOL.md "
                     "section 8)\n");
    }
}

void play_view_help(FILE *out, const rules_game *g, bool watching)
{
    if (watching) {
        fprintf(out, "you are watching; commands: help, quit (the game is "
                     "void, not scored)\n");
        fflush(out);
        return;
    }
    play_view_notation(out, g);
    fprintf(out,
            "commands: undo (take back your last move and the replies "
            "to it),\n"
            "  resign (you lose), quit or end of input, Ctrl-D (the game "
            "is void,\n"
            "  not scored), help\n");
    fflush(out);
}
