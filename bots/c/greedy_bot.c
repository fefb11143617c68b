/*
 * greedy_bot.c - looks one move ahead for itself and one for the others:
 *   1. a move that wins at once is played;
 *   2. otherwise it avoids moves after which the next seat (if not a
 *      partner) has a reply that makes us lose at once, and moves that lose
 *      or draw at once;
 *   3. among the moves left in the best class it picks at random (seeded).
 * Classes, best first: win, safe, draw now, opponent can win, loss now.
 * In a game for places (Pentago Multiplayer with 3 or 4 players) a move
 * that finishes us, ahead of everyone still playing, counts as a win.
 * Cost: moves x replies applications (Pentago: at most 288 x 287); where
 * that would be more than GREEDY_MAX_WORK (the 9x9 board, 1458 x 1457,
 * but not Pente Plus, 720 x 719 at most) step 2 is left out, so that a
 * move takes milliseconds, not seconds; so it is in the puzzle, where no
 * single reply decides the contest.
 * For any game the rules engine knows; the protocol loop is botkit.h.
 */
#include "botkit.h"

typedef enum {
    GREEDY_LOSS = 0,   /* the move loses (or places us badly) at once */
    GREEDY_THREAT = 1, /* the next seat can then win at once */
    GREEDY_DRAW = 2,   /* the move ends the game in a draw */
    GREEDY_SAFE = 3,   /* the game goes on and no reply beats us at once */
    GREEDY_WIN = 4,    /* the move wins at once */
    GREEDY_NCLASSES
} greedy_class;

#define GREEDY_MAX_WORK 1000000

static rules_move greedy_moves[RULES_MAX_MOVES];
static rules_move greedy_replies[RULES_MAX_MOVES];
static uint8_t greedy_class_of[RULES_MAX_MOVES];

/* Did a seat finish ahead of everyone still playing (a place no worse
 * than the number of seats placed)? */
static bool greedy_top_placed(const rules_outcome_t *o)
{
    int placed = 0;
    for (int s = 0; s < o->nseats; s++)
        placed += o->place[s] != 0;
    for (int s = 0; s < o->nseats; s++)
        if (o->place[s] && o->place[s] <= placed)
            return true;
    return false;
}

/* What a move did for seat you, from the places before and after it (in
 * every game the rules give places: 1 to the winners, 2 to the losers, 1
 * to all in a draw; in Pentago Multiplayer also to players who finish
 * while the others play on, and in the puzzle to players who are out).
 * Placed now ahead of every seat placed now: a win; level with one: a
 * draw; behind one: a loss.  Not placed, while another seat finished
 * ahead of everyone still playing: a loss.  Else the game goes on. */
static greedy_class greedy_class_after(const rules_game *g,
                                       const rules_outcome_t *before,
                                       const rules_outcome_t *after, int you)
{
    int mine = after->place[you], placed = 0;
    bool ahead = false, level = false, finished = false;
    for (int s = 0; s < after->nseats; s++) {
        placed += after->place[s] != 0;
        if (rules_seat_team(g, s) == rules_seat_team(g, you) ||
            before->place[s] || !after->place[s])
            continue;
        ahead |= mine && after->place[s] < mine;
        level |= mine && after->place[s] == mine;
        finished |= !mine;
    }
    if (!mine)
        return finished && !after->over && greedy_top_placed(after)
                   ? GREEDY_LOSS
                   : GREEDY_SAFE;
    if (ahead || mine > placed)
        return GREEDY_LOSS;
    return level ? GREEDY_DRAW : GREEDY_WIN;
}

/* Can the seat to move in pos (not a partner of you) make you lose now? */
static bool greedy_threatened(const rules_game *g, const rules_pos *pos,
                              int you)
{
    int next = rules_to_move(g, pos);
    if (rules_seat_team(g, next) == rules_seat_team(g, you))
        return false;
    rules_outcome_t before;
    rules_outcome(g, pos, &before);
    size_t n = rules_legal_moves(g, pos, greedy_replies, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    for (size_t i = 0; i < n; i++) {
        rules_pos after = *pos;
        rules_outcome_t o;
        rules_apply(g, &after, &greedy_replies[i]);
        rules_outcome(g, &after, &o);
        if (greedy_class_after(g, &before, &o, you) == GREEDY_LOSS)
            return true;
    }
    return false;
}

/* Pick a random move of the best class. */
static bool greedy_choose(const rules_game *g, const rules_pos *pos, int you,
                          rng *r, char *buf, size_t len)
{
    size_t n = rules_legal_moves(g, pos, greedy_moves, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    if (n == 0)
        return false;
    /* Pass 1: what each move does at once. */
    bool can_win = false;
    rules_outcome_t before;
    rules_outcome(g, pos, &before);
    for (size_t i = 0; i < n; i++) {
        rules_pos after = *pos;
        rules_outcome_t o;
        rules_apply(g, &after, &greedy_moves[i]);
        rules_outcome(g, &after, &o);
        greedy_class_of[i] = (uint8_t)greedy_class_after(g, &before, &o, you);
        can_win |= greedy_class_of[i] == GREEDY_WIN;
    }
    /* Pass 2, only when no move wins: the replies to each move. */
    /* In a game of hidden moves (the puzzle) no reply decides the game
     * at once: a contest is decided at the end of a round. */
    bool affordable = n * n <= GREEDY_MAX_WORK && !rules_moves_hidden(g);
    for (size_t i = 0; i < n && !can_win && affordable; i++) {
        if (greedy_class_of[i] != GREEDY_SAFE)
            continue;
        rules_pos after = *pos;
        rules_apply(g, &after, &greedy_moves[i]);
        if (greedy_threatened(g, &after, you))
            greedy_class_of[i] = GREEDY_THREAT;
    }
    size_t count[GREEDY_NCLASSES] = {0};
    for (size_t i = 0; i < n; i++)
        count[greedy_class_of[i]]++;
    int best = GREEDY_NCLASSES - 1;
    while (count[best] == 0)
        best--;
    uint32_t k = rng_below(r, (uint32_t)count[best]);
    for (size_t i = 0; i < n; i++) {
        if (greedy_class_of[i] == best && k-- == 0) {
            rules_format_move(g, &greedy_moves[i], buf, len);
            return true;
        }
    }
    return false;
}

static const botkit_bot greedy_bot = {
    .name = "greedy_bot",
    .version = "1.0",
    .author = "the referee project",
    .choose = greedy_choose,
};

int main(int argc, char **argv)
{
    return botkit_run(argc, argv, &greedy_bot);
}
