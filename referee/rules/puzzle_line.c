/*
 * puzzle_line.c - the Pattern Puzzle's position lines (the format is in
 * puzzle.h): written from a position, and read back only when a contest
 * could be in it, with the reason when not.
 */
#include "puzzle_glue.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void puzzle_pos_write(const rules_game *g, const rules_pos *pos,
                             char *buf, size_t len)
{
    const puzzle_settings *s = puzzle_of(g);
    puzzle_pos p = puzzle_get(pos);
    char rows[PUZZLE_ROWS_TEXT], players[PUZZLE_MAX_SEATS + 1], hand[96];
    puzzle_rows_write(p.board, rows);
    for (int seat = 0; seat < s->nplayers; seat++)
        players[seat] = p.place[seat]   ? (char)('0' + p.place[seat])
                        : p.failed >> seat & 1 ? 'x'
                                               : '+';
    players[s->nplayers] = '\0';
    size_t h = 0;
    for (int c = 0; c < PUZZLE_COLOURS; c++)
        for (int i = 0; i < p.handed[c] && h + 1 < sizeof hand; i++)
            hand[h++] = puzzle_colour_char(c + 1);
    hand[h] = '\0';
    size_t n = 0;
    if (puzzle_over(s, &p)) {
        RULES_PUT("%s %d - - - - %s - %d", rows, p.level, players, p.replayed);
        return;
    }
    RULES_PUT("%s %d %d %c %d %d %s %s %d", rows, p.level, puzzle_mover(s, &p),
              puzzle_breaking(&p) ? 'b' : 'm', p.step % p.level + 1, p.mender,
              players, h ? hand : "-", p.replayed);
}

/* ---- reading a position line -------------------------------------------- */

/* The next blank-separated field of *s into f (at most flen - 1 bytes;
 * longer fields are cut, and then do not read as valid); false at the
 * end of the line. */
static bool puzzle_field(const char **s, char *f, size_t flen)
{
    const char *p = *s;
    if (*p == ' ')
        p++;
    size_t len = strcspn(p, " ");
    if (len == 0)
        return false;
    snprintf(f, flen, "%.*s", (int)(len < flen ? len : flen - 1), p);
    *s = p + len;
    return true;
}

/* A number field 0..max, or -1. */
static int puzzle_field_int(const char *f, int max)
{
    int v;
    return rules_read_int(f, strlen(f), 0, max, &v) ? v : -1;
}

/* PLAYERS: one character per seat. */
static bool puzzle_read_players(const puzzle_settings *s, const char *f,
                                puzzle_pos *p, char *why, size_t whylen)
{
    if ((int)strlen(f) != s->nplayers) {
        snprintf(why, whylen, "players '%.8s': one of + x 1-%d for each of "
                              "the %d seats", f, s->nplayers, s->nplayers);
        return false;
    }
    for (int seat = 0; seat < s->nplayers; seat++) {
        char c = f[seat];
        if (c == 'x')
            p->failed |= (uint8_t)(1u << seat);
        else if (c >= '1' && c < '1' + s->nplayers)
            p->place[seat] = (uint8_t)(c - '0');
        else if (c != '+') {
            snprintf(why, whylen, "players: seat %d is '%c', not one of + x "
                                  "1-%d", seat, c, s->nplayers);
            return false;
        }
    }
    return true;
}

/* HANDED: colour letters, or '-'. */
static bool puzzle_read_handed(const char *f, puzzle_pos *p, char *why,
                               size_t whylen)
{
    if (strcmp(f, "-") == 0)
        return true;
    for (const char *c = f; *c; c++) {
        int colour = *c >= 'a' && *c <= 'z' ? puzzle_colour_of(*c) : -1;
        if (colour <= 0 || p->handed[colour - 1] >= PUZZLE_CELLS) {
            snprintf(why, whylen, "handed back '%.16s': '%c' is not one of "
                                  "w b r u ('-' for none)", f, *c);
            return false;
        }
        p->handed[colour - 1]++;
    }
    return true;
}

#define PUZZLE_FIELD_MAX 96 /* a field of a position line, with NUL */

/* SEAT ROLE STEP MENDER (f[0..3]) of a contest going on: into p->step
 * and p->mender, checked against each other (the players are known). */
static bool puzzle_read_turn(const puzzle_settings *s,
                             char f[][PUZZLE_FIELD_MAX], puzzle_pos *p,
                             char *why, size_t whylen)
{
    int seat = puzzle_field_int(f[0], s->nplayers - 1);
    int step = puzzle_field_int(f[2], p->level);
    int mender = puzzle_field_int(f[3], s->nplayers - 1);
    bool breaking = strcmp(f[1], "b") == 0;
    if (seat < 0 || mender < 0) {
        snprintf(why, whylen, "seat to move '%.8s' and mender '%.8s': seats "
                              "0-%d", f[0], f[3], s->nplayers - 1);
        return false;
    }
    if (!breaking && strcmp(f[1], "m") != 0) {
        snprintf(why, whylen, "role '%.8s' is not b (breaks) or m (mends)",
                 f[1]);
        return false;
    }
    if (step < 1) {
        snprintf(why, whylen, "step '%.8s' is not a turn 1-%d of level %d",
                 f[2], p->level, p->level);
        return false;
    }
    p->mender = (uint8_t)mender;
    p->step = (uint8_t)(step - 1 + (breaking ? 0 : p->level));
    if (!puzzle_in(p, mender) || puzzle_breaker(s, p) == mender)
        return true; /* puzzle_check says what is wrong */
    int want = breaking ? puzzle_breaker(s, p) : mender;
    if (seat != want) {
        snprintf(why, whylen, "seat %d cannot %s in seat %d's mend: seat %d "
                              "does", seat, breaking ? "break" : "mend",
                 mender, want);
        return false;
    }
    return true;
}

/* LEVEL and REPLAYS: numbers (puzzle_check checks their range). */
static bool puzzle_read_counts(const char *level, const char *replays,
                               puzzle_pos *p, char *why, size_t whylen)
{
    int k = puzzle_field_int(level, PUZZLE_MAX_LEVEL);
    int r = puzzle_field_int(replays, PUZZLE_MAX_REPLAYS);
    if (k < 1) {
        snprintf(why, whylen, "level '%.8s' is not a number 1-%d", level,
                 PUZZLE_MAX_LEVEL);
        return false;
    }
    if (r < 0) {
        snprintf(why, whylen, "replays '%.8s' is not a number 0-%d", replays,
                 PUZZLE_MAX_REPLAYS);
        return false;
    }
    p->level = (uint8_t)k;
    p->replayed = (uint8_t)r;
    return true;
}

rules_status puzzle_pos_read(const rules_game *g, const char *line,
                                    rules_pos *pos, char *why, size_t whylen)
{
    static const char *const names[] = {
        "LEVEL", "SEAT", "ROLE", "STEP", "MENDER", "PLAYERS", "HANDED",
        "REPLAYS"};
    const puzzle_settings *s = puzzle_of(g);
    puzzle_pos p;
    memset(&p, 0, sizeof p);
    char bad[RULES_REASON_MAX];
    size_t rows = strcspn(line, " ");
    if (!puzzle_rows_read(line, rows, p.board, bad, sizeof bad)) {
        snprintf(why, whylen, "board: %s", bad);
        return RULES_BAD_POS;
    }
    const char *rest = line + rows;
    char f[8][PUZZLE_FIELD_MAX];
    for (int i = 0; i < 8; i++)
        if (!puzzle_field(&rest, f[i], sizeof f[i])) {
            snprintf(why, whylen, "%s is missing: the fields are ROWS LEVEL "
                                  "SEAT ROLE STEP MENDER PLAYERS HANDED "
                                  "REPLAYS, one blank apart", names[i]);
            return RULES_BAD_POS;
        }
    if (*rest) {
        snprintf(why, whylen, "unexpected text after REPLAYS");
        return RULES_BAD_POS;
    }
    if (!puzzle_read_counts(f[0], f[7], &p, why, whylen) ||
        !puzzle_read_players(s, f[5], &p, why, whylen) ||
        !puzzle_read_handed(f[6], &p, why, whylen))
        return RULES_BAD_POS;
    if (puzzle_over(s, &p)) {
        for (int i = 1; i <= 6; i++)
            if (i != 5 && strcmp(f[i], "-") != 0) {
                snprintf(why, whylen, "the contest is over (every seat has "
                                      "its place): %s must be '-'",
                         names[i]);
                return RULES_BAD_POS;
            }
    } else if (!puzzle_read_turn(s, f + 1, &p, why, whylen)) {
        return RULES_BAD_POS;
    }
    if (!puzzle_check(s, &p, why, whylen))
        return RULES_BAD_POS;
    puzzle_put(pos, &p);
    return RULES_OK;
}

