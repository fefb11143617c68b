/*
 * multi_line.c - Pentago Multiplayer's position lines (the format is in
 * multi.h): written from a position, and read back only when a game could
 * be in it, with the reason when not.
 */
#include "multi_glue.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *const multi_colour_names[MULTI_MAX_COLOURS] = {"white", "black",
                                                           "red", "blue"};
const char multi_letters[] = "wbru";

char multi_cell_char(const multi_pos *p, int cell)
{
    int owner = multi_cell_owner(p, cell);
    return owner < 0 ? '.' : multi_letters[owner];
}

/* ---- position lines ---------------------------------------------------------- */

void multi_pos_write(const rules_game *g, const rules_pos *pos,
                            char *buf, size_t len)
{
    const multi_settings *s = multi_of(g);
    multi_pos p = multi_get(pos);
    char line[128];
    size_t n = 0;
    for (int cell = 0; cell < MULTI_CELLS; cell++) {
        if (cell && cell % MULTI_SIDE == 0)
            line[n++] = '/';
        line[n++] = multi_cell_char(&p, cell);
    }
    line[n++] = ' ';
    line[n++] = (char)('0' + p.to_move);
    for (int seat = 0; seat < s->nseats; seat++) {
        line[n++] = seat ? ',' : ' ';
        line[n++] = (char)('0' + p.place[multi_colour_of(s, seat)]);
    }
    line[n] = 0;
    snprintf(buf, len, "%s", line);
}

/* "'.', 'w', 'b' or 'r'": the cell letters of the variant. */
static void multi_letters_text(const multi_settings *s, char *buf,
                               size_t len)
{
    size_t n = 0;
    RULES_PUT("'.'");
    for (int c = 0; c < s->nplayers; c++)
        RULES_PUT("%s'%c'", c == s->nplayers - 1 ? " or " : ", ",
                  multi_letters[c]);
}

/* The nine rows into p; *end just after them. */
static rules_status multi_read_rows(const multi_settings *s, const char *line,
                                    multi_pos *p, const char **end,
                                    char *why, size_t whylen)
{
    const char *at = line;
    for (int cell = 0; cell < MULTI_CELLS; cell++, at++) {
        int row = cell / MULTI_SIDE + 1;
        if (cell && cell % MULTI_SIDE == 0 && *at++ != '/') {
            snprintf(why, whylen, "expected '/' before row %d", row);
            return RULES_BAD_POS;
        }
        if (*at == '.')
            continue;
        const char *letter = *at ? strchr(multi_letters, *at) : NULL;
        if (!letter || letter - multi_letters >= s->nplayers) {
            char q[8], letters[48];
            multi_letters_text(s, letters, sizeof letters);
            if (!*at || *at == '/' || *at == ' ')
                snprintf(why, whylen, "row %d is too short", row);
            else
                snprintf(why, whylen, "row %d: '%s' is not %s", row,
                         rules_quote(at, 1, q, sizeof q), letters);
            return RULES_BAD_POS;
        }
        p->gems[letter - multi_letters] |= multi_cell_bit(cell);
        p->ply++;
    }
    *end = at;
    return RULES_OK;
}

/* The seat to move and the seats' places after the rows. */
static rules_status multi_read_tail(const multi_settings *s, const char *at,
                                    int *to_move, int *places, char *why,
                                    size_t whylen)
{
    char q[4 * 20 + 1];
    if (at[0] != ' ' || !isdigit((unsigned char)at[1]) ||
        isdigit((unsigned char)at[2])) {
        snprintf(why, whylen, "expected a blank and the seat to move "
                              "(0-%d) after the nine rows", s->nseats - 1);
        return RULES_BAD_POS;
    }
    *to_move = at[1] - '0';
    if (*to_move >= s->nseats) {
        snprintf(why, whylen, "seat %d is to move, but the seats are 0-%d",
                 *to_move, s->nseats - 1);
        return RULES_BAD_POS;
    }
    at += 2;
    for (int seat = 0; seat < s->nseats; seat++, at += 2) {
        if (at[0] != (seat ? ',' : ' ') || !isdigit((unsigned char)at[1]) ||
            isdigit((unsigned char)at[2])) {
            snprintf(why, whylen, "expected the places of the %d seats "
                                  "after the seat to move, separated by "
                                  "',' (%d read)", s->nseats, seat);
            return RULES_BAD_POS;
        }
        places[seat] = at[1] - '0';
        if (places[seat] > s->nplayers) {
            snprintf(why, whylen, "seat %d has place %d, but the places "
                                  "are 1-%d (0 while still in)",
                     seat, places[seat], s->nplayers);
            return RULES_BAD_POS;
        }
    }
    if (*at) {
        snprintf(why, whylen, "unexpected '%s' after the places",
                 rules_quote(at, 20, q, sizeof q));
        return RULES_BAD_POS;
    }
    return RULES_OK;
}

/* Places must be competition ranks: place k needs k - 1 players placed
 * strictly ahead of it. */
static rules_status multi_check_ranks(const multi_pos *p, int nplayers,
                                      char *why, size_t whylen)
{
    for (int c = 0; c < nplayers; c++) {
        if (!p->place[c])
            continue;
        int ahead = 0;
        for (int o = 0; o < nplayers; o++)
            ahead += p->place[o] && p->place[o] < p->place[c];
        if (ahead != p->place[c] - 1) {
            snprintf(why, whylen, "seat %d (%s) has place %d, but %d "
                                  "placed ahead of it (places are ranks: "
                                  "%d needs %d)",
                     c, multi_colour_names[c], p->place[c], ahead,
                     p->place[c], p->place[c] - 1);
            return RULES_BAD_POS;
        }
    }
    return RULES_OK;
}

/* Team play: the partners' places, the counts, the seat to move and the
 * fives must fit a game of team play. */
static rules_status multi_check_team(multi_pos *p, const int *places,
                                     char *why, size_t whylen)
{
    for (int seat = 0; seat < 2; seat++)
        if (places[seat] != places[seat + 2]) {
            snprintf(why, whylen, "seats %d and %d are partners but have "
                                  "places %d and %d",
                     seat, seat + 2, places[seat], places[seat + 2]);
            return RULES_BAD_POS;
        }
    int a = places[0], b = places[1];
    bool on = !a && !b;
    if (!on && !(a == 1 && b == 1) && !(a + b == 3)) {
        snprintf(why, whylen, "team places %d and %d: expected 0,0 (the "
                              "game goes on), 1,2, 2,1 or 1,1", a, b);
        return RULES_BAD_POS;
    }
    int nw = multi_popcount(p->gems[0]), nb = multi_popcount(p->gems[1]);
    if (nw != nb && nw != nb + 1) {
        snprintf(why, whylen, "%d white and %d black gems: white moves "
                              "first, so it has as many as black or one "
                              "more", nw, nb);
        return RULES_BAD_POS;
    }
    if (p->to_move != p->ply % 4) {
        snprintf(why, whylen, "with %d gems on the board seat %d is to "
                              "move, not seat %d", p->ply, p->ply % 4,
                 p->to_move);
        return RULES_BAD_POS;
    }
    bool five[2] = {multi_has_five(p->gems[0]), multi_has_five(p->gems[1])};
    bool full = p->ply == MULTI_CELLS;
    for (int c = 0; c < 2; c++) {
        if (on && five[c]) {
            snprintf(why, whylen, "%s has five, so the game is over (its "
                                  "places cannot be 0)",
                     multi_colour_names[c]);
            return RULES_BAD_POS;
        }
        if (!on && five[c] && !five[!c] && p->place[c] != 1) {
            snprintf(why, whylen, "only %s has five, so it is first",
                     multi_colour_names[c]);
            return RULES_BAD_POS;
        }
        if (!on && p->place[c] == 1 && p->place[!c] == 2 && !five[c]) {
            snprintf(why, whylen, "%s is first but has no five",
                     multi_colour_names[c]);
            return RULES_BAD_POS;
        }
    }
    if (on && full) {
        snprintf(why, whylen, "the board is full, so the game is over "
                              "(its places cannot be 0)");
        return RULES_BAD_POS;
    }
    if (!on && five[0] && five[1] && !(a == 1 && b == 1)) {
        snprintf(why, whylen, "both teams have five, so the game is a "
                              "draw (places 1,1)");
        return RULES_BAD_POS;
    }
    if (a == 1 && b == 1 && !full && !(five[0] && five[1])) {
        snprintf(why, whylen, "a draw needs five for both or a full board");
        return RULES_BAD_POS;
    }
    p->over = !on;
    p->nfinished = on ? 0 : 2;
    p->status = on ? MULTI_QUIET
                   : full && !five[0] && !five[1] ? MULTI_FULL
                                                  : MULTI_FIVE_READ;
    return RULES_OK;
}

/* All against all, a game over: the last place, when shared on a board
 * that is not full, went to players who finished together with five. */
static rules_status multi_check_ffa_over(multi_pos *p, int n, char *why,
                                         size_t whylen)
{
    int worst = 0, shared = 0;
    for (int c = 0; c < n; c++)
        worst = p->place[c] > worst ? p->place[c] : worst;
    bool full = p->ply == MULTI_CELLS, any_five = false;
    for (int c = 0; c < n; c++) {
        if (p->place[c] != worst)
            continue;
        shared++;
        any_five |= multi_has_five(p->gems[c]);
    }
    for (int c = 0; c < n && !full && shared > 1; c++)
        if (p->place[c] == worst && !multi_has_five(p->gems[c])) {
            snprintf(why, whylen, "seat %d (%s) shares the last place on a "
                                  "board that is not full, but has no five",
                     c, multi_colour_names[c]);
            return RULES_BAD_POS;
        }
    p->over = 1;
    p->nfinished = (uint8_t)n;
    p->status = full && !any_five ? MULTI_FULL : MULTI_FIVE_READ;
    return RULES_OK;
}

/* All against all, the game on: the seat to move is still in; the players
 * still in have moved in seat order (those before the seat to move once
 * more than it and those after it); a finished player has at least the
 * five gems of its five and no more than the players still in allow; no
 * player still in has five. */
static rules_status multi_check_ffa_on(multi_pos *p, int n, char *why,
                                       size_t whylen)
{
    int tm = p->to_move, k = multi_popcount(p->gems[tm]);
    if (p->place[tm]) {
        snprintf(why, whylen, "seat %d (%s) is to move, but has finished "
                              "(place %d)",
                 tm, multi_colour_names[tm], p->place[tm]);
        return RULES_BAD_POS;
    }
    if (p->ply == MULTI_CELLS) {
        snprintf(why, whylen, "the board is full, so the game is over "
                              "(every seat has a place)");
        return RULES_BAD_POS;
    }
    for (int c = 0; c < n; c++) {
        int have = multi_popcount(p->gems[c]), most = k + (c < tm);
        const char *name = multi_colour_names[c];
        if (!p->place[c] && have != most) {
            snprintf(why, whylen, "seat %d (%s) has %d gems, but with seat "
                                  "%d to move it has %d (the players still "
                                  "in move in seat order)",
                     c, name, have, tm, most);
            return RULES_BAD_POS;
        }
        if (p->place[c] && have < 5) {
            snprintf(why, whylen, "seat %d (%s) has place %d but %d gems: "
                                  "a five needs 5",
                     c, name, p->place[c], have);
            return RULES_BAD_POS;
        }
        if (p->place[c] && have > most) {
            snprintf(why, whylen, "seat %d (%s) finished with %d gems, but "
                                  "with seat %d to move it has %d at most",
                     c, name, have, tm, most);
            return RULES_BAD_POS;
        }
        if (!p->place[c] && multi_has_five(p->gems[c])) {
            snprintf(why, whylen, "seat %d (%s) has five, so it has "
                                  "finished (its place cannot be 0)",
                     c, name);
            return RULES_BAD_POS;
        }
        p->nfinished = (uint8_t)(p->nfinished + (p->place[c] != 0));
    }
    return RULES_OK;
}

/* All against all: the places and then the game over or on. */
static rules_status multi_check_ffa(multi_pos *p, int n, char *why,
                                    size_t whylen)
{
    rules_status st = multi_check_ranks(p, n, why, whylen);
    if (st != RULES_OK)
        return st;
    int in = 0, last = 0;
    for (int c = 0; c < n; c++)
        if (!p->place[c]) {
            in++;
            last = c;
        }
    if (in == 1) {
        snprintf(why, whylen, "only seat %d (%s) is still in: the game "
                              "would be over, with place %d for it",
                 last, multi_colour_names[last], n);
        return RULES_BAD_POS;
    }
    return in ? multi_check_ffa_on(p, n, why, whylen)
              : multi_check_ffa_over(p, n, why, whylen);
}

rules_status multi_pos_read(const rules_game *g, const char *line,
                                   rules_pos *pos, char *why, size_t whylen)
{
    const multi_settings *s = multi_of(g);
    multi_pos p;
    multi_start(&p);
    const char *at;
    int to_move, places[MULTI_MAX_SEATS];
    rules_status st = multi_read_rows(s, line, &p, &at, why, whylen);
    if (st == RULES_OK)
        st = multi_read_tail(s, at, &to_move, places, why, whylen);
    if (st != RULES_OK)
        return st;
    p.to_move = (uint8_t)to_move;
    for (int c = 0; c < s->nplayers; c++)
        p.place[c] = (uint8_t)places[c];
    st = s->team ? multi_check_team(&p, places, why, whylen)
                 : multi_check_ffa(&p, s->nplayers, why, whylen);
    if (st != RULES_OK)
        return st;
    multi_put(pos, &p);
    return RULES_OK;
}

