/* game_note.c - a position line's fields beyond the board, in words (see
 * game_note.h). */
#include "view/game_note.h"

#include <stdio.h>
#include <string.h>

/* Appends to a note without running past its end. */
typedef struct {
    char *buf;
    size_t len, at;
} gn_out;

static void gn_add(gn_out *o, const char *text)
{
    if (o->at + 1 >= o->len)
        return;
    int n = snprintf(o->buf + o->at, o->len - o->at, "%s", text);
    o->at += (size_t)n < o->len - o->at ? (size_t)n : o->len - o->at - 1;
}

static const char *gn_colour(const rules_game *g, int seat)
{
    return seat >= 0 && seat < rules_seats(g) ? rules_seat_colour(g, seat)
                                              : "?";
}

/* A team by its colours: "white", "white/red". */
static void gn_team(gn_out *o, const rules_game *g, int team)
{
    int n = 0;
    for (int s = 0; s < rules_seats(g); s++) {
        if (rules_seat_team(g, s) != team)
            continue;
        bool seen = false;
        for (int t = 0; t < s; t++)
            seen |= rules_seat_team(g, t) == team &&
                    !strcmp(rules_seat_colour(g, t), rules_seat_colour(g, s));
        if (seen)
            continue;
        gn_add(o, n++ ? "/" : "");
        gn_add(o, rules_seat_colour(g, s));
    }
}

static const char *gn_ordinal(int place)
{
    static const char *const names[] = {"?", "1st", "2nd", "3rd", "4th"};
    return place >= 1 && place <= 4 ? names[place] : "?";
}

/* "w 8 0,2 1,1": to move, plies, stones captured by team 0 and 1, power
 * stones in hand of white and black (Plus only). */
static void gn_pente(gn_out *o, const rules_game *g, const char *rest)
{
    char mover[8];
    int plies, c[2], p[2];
    int n = sscanf(rest, "%7s %d %d,%d %d,%d", mover, &plies, &c[0], &c[1],
                   &p[0], &p[1]);
    char num[96];
    if (n >= 4) {
        gn_add(o, "captured: ");
        for (int t = 0; t < 2; t++) {
            gn_add(o, t ? ", " : "");
            gn_team(o, g, t);
            snprintf(num, sizeof num, " %d", c[t]);
            gn_add(o, num);
        }
    }
    if (n >= 6) {
        snprintf(num, sizeof num, "; power stones in hand: white %d, black %d",
                 p[0], p[1]);
        gn_add(o, num);
    }
}

/* "2 0,1,0": the seat to move, each seat's place (0: still in). */
static void gn_multi(gn_out *o, const rules_game *g, const char *rest)
{
    const char *p = strchr(rest, ' ');
    int n = 0;
    for (int s = 0; p && s < rules_seats(g); s++) {
        int place = 0, used = 0;
        if (sscanf(p + 1, "%d%n", &place, &used) != 1)
            break;
        if (place > 0) {
            gn_add(o, n++ ? ", " : "finished: ");
            gn_add(o, gn_colour(g, s));
            gn_add(o, " ");
            gn_add(o, gn_ordinal(place));
        }
        p = strchr(p + 1, ',');
    }
}

static void gn_puzzle_players(gn_out *o, const rules_game *g,
                              const char *players)
{
    int failed = 0, out = 0;
    for (int s = 0; players[s] && s < rules_seats(g); s++)
        if (players[s] == 'x') {
            gn_add(o, failed++ ? ", " : "; failed a mend this round: ");
            gn_add(o, gn_colour(g, s));
        }
    for (int s = 0; players[s] && s < rules_seats(g); s++)
        if (players[s] >= '1' && players[s] <= '4') {
            gn_add(o, out++ ? ", " : "; out: ");
            gn_add(o, gn_colour(g, s));
            gn_add(o, " ");
            gn_add(o, gn_ordinal(players[s] - '0'));
        }
}

/* "LEVEL SEAT ROLE STEP MENDER PLAYERS HANDED REPLAYS". */
static void gn_puzzle(gn_out *o, const rules_game *g, const char *rest)
{
    char seat[8], role[8], step[8], mender[8], players[8], handed[32];
    int level, replays;
    if (sscanf(rest, "%d %7s %7s %7s %7s %7s %31s %d", &level, seat, role,
               step, mender, players, handed, &replays) != 8)
        return;
    char text[96];
    if (seat[0] == '-') {
        snprintf(text, sizeof text, "the contest is over at level %d",
                 level);
        gn_add(o, text);
    } else if (role[0] == 'b') {
        snprintf(text, sizeof text, "level %d: %s breaks for %s (turn %s of "
                 "%d)", level, gn_colour(g, seat[0] - '0'),
                 gn_colour(g, mender[0] - '0'), step, level);
        gn_add(o, text);
    } else {
        snprintf(text, sizeof text, "level %d: %s mends (turn %s of %d)%s%s",
                 level, gn_colour(g, seat[0] - '0'), step, level,
                 handed[0] == '-' ? "" : ", gems to place: ",
                 handed[0] == '-' ? "" : handed);
        gn_add(o, text);
    }
    gn_puzzle_players(o, g, players);
    if (replays > 0) {
        snprintf(text, sizeof text, "; level played again %d time%s",
                 replays, replays == 1 ? "" : "s");
        gn_add(o, text);
    }
}

void game_note(const rules_game *g, const board_layout *lay,
               const board_grid *gr, char *buf, size_t len)
{
    gn_out o = {buf, len, 0};
    if (len)
        buf[0] = '\0';
    const char *name = lay->game;
    if (!strcmp(name, "pente"))
        gn_pente(&o, g, gr->rest);
    else if (!strcmp(name, "pentago-multi"))
        gn_multi(&o, g, gr->rest);
    else if (!strcmp(name, "pentago-puzzle"))
        gn_puzzle(&o, g, gr->rest);
}
