/* puzzle.c - the Pattern Puzzle contest's state machine (puzzle.h): whose
 * turn and role, the end of a mend, of a round and of the contest. */
#include "puzzle.h"

#include "board9.h"

#include <stdio.h>
#include <string.h>

int puzzle_gems(const uint8_t board[PUZZLE_CELLS])
{
    int n = 0;
    for (int c = 0; c < PUZZLE_CELLS; c++)
        n += board[c] != 0;
    return n;
}

int puzzle_top_level(const puzzle_settings *s)
{
    int gems = puzzle_gems(s->pattern);
    return s->maxlevel < gems ? s->maxlevel : gems;
}

/* The lowest seat still in at or after from (no wrap), or -1. */
static int puzzle_next_in_from(const puzzle_settings *s, const puzzle_pos *p,
                               int from)
{
    for (int seat = from; seat < s->nplayers; seat++)
        if (p->place[seat] == 0)
            return seat;
    return -1;
}

static int puzzle_count_in(const puzzle_settings *s, const puzzle_pos *p)
{
    int n = 0;
    for (int seat = 0; seat < s->nplayers; seat++)
        n += p->place[seat] == 0;
    return n;
}

/* A new mend: the board is the pattern, nothing is handed back. */
static void puzzle_new_mend(const puzzle_settings *s, puzzle_pos *p,
                            int mender)
{
    memcpy(p->board, s->pattern, sizeof p->board);
    memset(p->handed, 0, sizeof p->handed);
    p->step = 0;
    p->mender = (uint8_t)mender;
}

void puzzle_start(const puzzle_settings *s, puzzle_pos *p)
{
    memset(p, 0, sizeof *p);
    p->level = 1;
    puzzle_new_mend(s, p, 0);
}

bool puzzle_over(const puzzle_settings *s, const puzzle_pos *p)
{
    return puzzle_count_in(s, p) == 0;
}

bool puzzle_in(const puzzle_pos *p, int seat)
{
    return seat >= 0 && seat < PUZZLE_MAX_SEATS && p->place[seat] == 0;
}

int puzzle_breaker(const puzzle_settings *s, const puzzle_pos *p)
{
    for (int i = 1; i < s->nplayers; i++) {
        int seat = (p->mender + i) % s->nplayers;
        if (p->place[seat] == 0)
            return seat;
    }
    return p->mender;
}

bool puzzle_breaking(const puzzle_pos *p) { return p->step < p->level; }

int puzzle_mover(const puzzle_settings *s, const puzzle_pos *p)
{
    if (puzzle_over(s, p) || !puzzle_breaking(p))
        return p->mender;
    return puzzle_breaker(s, p);
}

/* Every seat still in takes place 1: the contest is over. */
static void puzzle_share_first(const puzzle_settings *s, puzzle_pos *p)
{
    for (int seat = 0; seat < s->nplayers; seat++)
        if (p->place[seat] == 0)
            p->place[seat] = 1;
    p->failed = 0;
    p->mender = 0; /* as a position line read back has it */
}

/* The round is over: a replay, eliminations, a new level or the end. */
static void puzzle_end_round(const puzzle_settings *s, puzzle_pos *p)
{
    int in = puzzle_count_in(s, p);
    int failed = __builtin_popcount(p->failed);
    if (failed == in) {
        p->failed = 0;
        if (p->replayed >= s->replays) {
            puzzle_share_first(s, p);
            return;
        }
        p->replayed++;
    } else {
        /* The failed share the place below those still in. */
        for (int seat = 0; seat < s->nplayers; seat++)
            if (p->failed >> seat & 1)
                p->place[seat] = (uint8_t)(in - failed + 1);
        p->failed = 0;
        p->replayed = 0;
        if (in - failed == 1 || p->level + 1 > puzzle_top_level(s)) {
            puzzle_share_first(s, p);
            return;
        }
        p->level++;
    }
    puzzle_new_mend(s, p, puzzle_next_in_from(s, p, 0));
}

/* The mender's last turn is played: judge the mend, go on. */
static void puzzle_end_mend(const puzzle_settings *s, puzzle_pos *p)
{
    if (memcmp(p->board, s->pattern, sizeof p->board) != 0)
        p->failed |= (uint8_t)(1u << p->mender);
    /* The pattern again, also when the contest ends here. */
    puzzle_new_mend(s, p, p->mender);
    int next = puzzle_next_in_from(s, p, p->mender + 1);
    if (next < 0)
        puzzle_end_round(s, p);
    else
        puzzle_new_mend(s, p, next);
}

void puzzle_play(const puzzle_settings *s, puzzle_pos *p, int cell,
                 int colour, int block, int dir)
{
    if (colour < 0) {
        p->handed[p->board[cell] - 1]++;
        p->board[cell] = 0;
    } else {
        p->handed[colour]--;
        p->board[cell] = (uint8_t)(colour + 1);
    }
    board9_turn_bytes(p->board, block, dir);
    p->ply++;
    if (++p->step == 2 * p->level)
        puzzle_end_mend(s, p);
}

void puzzle_fault_places(const puzzle_settings *s, const puzzle_pos *p,
                         int seat, uint8_t place[PUZZLE_MAX_SEATS])
{
    memcpy(place, p->place, PUZZLE_MAX_SEATS);
    int in = puzzle_count_in(s, p);
    if (place[seat] == 0)
        place[seat] = (uint8_t)in;
    for (int o = 0; o < s->nplayers; o++)
        if (place[o] == 0)
            place[o] = 1;
}

/* ---- checking a state read from a line ---------------------------------- */

/* Are the places of the seats out (and all of them once over) competition
 * ranks: each place 1 + the seats ranked better, those still in first? */
static bool puzzle_check_places(const puzzle_settings *s, const puzzle_pos *p,
                                char *why, size_t whylen)
{
    int in = puzzle_count_in(s, p);
    for (int seat = 0; seat < s->nplayers; seat++) {
        int pl = p->place[seat];
        if (pl == 0)
            continue;
        int better = in;
        for (int o = 0; o < s->nplayers; o++)
            better += p->place[o] != 0 && p->place[o] < pl;
        if (pl != better + 1) {
            snprintf(why, whylen,
                     "seat %d cannot have place %d: %d seat%s rank%s above "
                     "it",
                     seat, pl, better, better == 1 ? "" : "s",
                     better == 1 ? "s" : "");
            return false;
        }
    }
    return true;
}

/* The round goes in seat order: seats before the mender have mended (they
 * may have failed), the mender and the seats after it have not. */
static bool puzzle_check_round(const puzzle_settings *s, const puzzle_pos *p,
                               char *why, size_t whylen)
{
    if (!puzzle_in(p, p->mender) || p->mender >= s->nplayers) {
        snprintf(why, whylen, "the mender, seat %d, is not in the contest",
                 p->mender);
        return false;
    }
    for (int seat = p->mender; seat < s->nplayers; seat++)
        if (p->failed >> seat & 1) {
            snprintf(why, whylen,
                     "seat %d cannot have failed in this round: it has not "
                     "mended yet (seat %d mends now)",
                     seat, p->mender);
            return false;
        }
    if (puzzle_count_in(s, p) < 2) {
        snprintf(why, whylen, "a contest goes on with two players in at "
                              "least");
        return false;
    }
    return true;
}

/* Board and hand against the pattern: every colour's gems on the board
 * and handed back are the pattern's; the break starts from the pattern. */
static bool puzzle_check_gems(const puzzle_settings *s, const puzzle_pos *p,
                              char *why, size_t whylen)
{
    static const char *const names[] = {"white", "black", "red", "blue"};
    int board[PUZZLE_COLOURS] = {0}, pattern[PUZZLE_COLOURS] = {0};
    int handed = 0;
    for (int c = 0; c < PUZZLE_CELLS; c++) {
        if (p->board[c])
            board[p->board[c] - 1]++;
        if (s->pattern[c])
            pattern[s->pattern[c] - 1]++;
    }
    for (int k = 0; k < PUZZLE_COLOURS; k++) {
        handed += p->handed[k];
        if (board[k] + p->handed[k] != pattern[k]) {
            snprintf(why, whylen,
                     "%d %s gem%s on the board and %d handed back, but the "
                     "pattern has %d",
                     board[k], names[k], board[k] == 1 ? "" : "s",
                     p->handed[k], pattern[k]);
            return false;
        }
    }
    int want = puzzle_breaking(p) ? p->step : 2 * p->level - p->step;
    if (handed != want) {
        if (puzzle_breaking(p))
            snprintf(why, whylen,
                     "%d gem%s handed back, but the breaker has removed %d "
                     "in this break",
                     handed, handed == 1 ? "" : "s", want);
        else
            snprintf(why, whylen,
                     "%d gem%s handed back, but the mender has %d turn%s "
                     "left to place them",
                     handed, handed == 1 ? "" : "s", want,
                     want == 1 ? "" : "s");
        return false;
    }
    if (p->step == 0 && memcmp(p->board, s->pattern, sizeof p->board)) {
        snprintf(why, whylen, "the breaker's first turn starts from the "
                              "pattern, and the board is not the pattern");
        return false;
    }
    return true;
}

bool puzzle_check(const puzzle_settings *s, const puzzle_pos *p, char *why,
                  size_t whylen)
{
    if (!puzzle_check_places(s, p, why, whylen))
        return false;
    if (puzzle_over(s, p)) {
        if (memcmp(p->board, s->pattern, sizeof p->board)) {
            snprintf(why, whylen, "the contest is over, so the board is the "
                                  "pattern, and it is not");
            return false;
        }
        return true;
    }
    if (p->level < 1 || p->level > puzzle_top_level(s)) {
        snprintf(why, whylen, "level %d is not 1-%d", p->level,
                 puzzle_top_level(s));
        return false;
    }
    if (p->replayed > s->replays) {
        snprintf(why, whylen, "%d replays of the level, but replays=%d",
                 p->replayed, s->replays);
        return false;
    }
    return puzzle_check_round(s, p, why, whylen) &&
           puzzle_check_gems(s, p, why, whylen);
}
