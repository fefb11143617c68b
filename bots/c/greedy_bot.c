/*
 * greedy_bot.c - looks one move ahead for itself and one for the others:
 *   1. a move that wins at once is played;
 *   2. otherwise it avoids moves after which the next seat (if not a
 *      partner) has a reply that makes us lose at once, and moves that lose
 *      or draw at once;
 *   3. among the moves left in the best class it picks at random (seeded).
 * Classes, best first: win, safe, draw now, opponent can win, loss now.
 * Cost: moves x replies applications (Pentago: at most 288 x 287).
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

static rules_move greedy_moves[RULES_MAX_MOVES];
static rules_move greedy_replies[RULES_MAX_MOVES];
static uint8_t greedy_class_of[RULES_MAX_MOVES];

/* The class of a finished game for seat you. */
static greedy_class greedy_ended(const rules_outcome_t *o, int you)
{
    switch (o->result[you]) {
    case RULES_RESULT_WIN: return GREEDY_WIN;
    case RULES_RESULT_DRAW: return GREEDY_DRAW;
    default: return GREEDY_LOSS;
    }
}

/* Can the seat to move in pos (not a partner of you) make you lose now? */
static bool greedy_threatened(const rules_game *g, const rules_pos *pos,
                              int you)
{
    int next = rules_to_move(g, pos);
    if (rules_seat_team(g, next) == rules_seat_team(g, you))
        return false;
    size_t n = rules_legal_moves(g, pos, greedy_replies, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    for (size_t i = 0; i < n; i++) {
        rules_pos after = *pos;
        rules_outcome_t o;
        rules_apply(g, &after, &greedy_replies[i]);
        rules_outcome(g, &after, &o);
        if (o.over && o.result[you] == RULES_RESULT_LOSS)
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
    for (size_t i = 0; i < n; i++) {
        rules_pos after = *pos;
        rules_outcome_t o;
        rules_apply(g, &after, &greedy_moves[i]);
        rules_outcome(g, &after, &o);
        greedy_class_of[i] = o.over ? (uint8_t)greedy_ended(&o, you)
                                    : (uint8_t)GREEDY_SAFE;
        can_win |= o.over && o.result[you] == RULES_RESULT_WIN;
    }
    /* Pass 2, only when no move wins: the replies to each move. */
    for (size_t i = 0; i < n && !can_win; i++) {
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
