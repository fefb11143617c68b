/*
 * random_bot.c - plays a uniformly random legal move, for any game the
 * rules engine knows.  Reproducible: the choices follow from `set seed`
 * and the bot's seat.  The protocol loop is botkit.h.
 */
#include "botkit.h"

static rules_move random_moves[RULES_MAX_MOVES];

/* Pick one legal move uniformly at random. */
static bool random_choose(const rules_game *g, const rules_pos *pos, int you,
                          rng *r, char *buf, size_t len)
{
    (void)you;
    size_t n = rules_legal_moves(g, pos, random_moves, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    if (n == 0)
        return false;
    rules_format_move(g, &random_moves[rng_below(r, (uint32_t)n)], buf, len);
    return true;
}

static const botkit_bot random_bot = {
    .name = "random_bot",
    .version = "1.0",
    .author = "the referee project",
    .choose = random_choose,
};

int main(int argc, char **argv)
{
    return botkit_run(argc, argv, &random_bot);
}
