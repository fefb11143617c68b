/*
 * explain.h - the words that tell a bot's author why the bot lost: the
 * details of faults, built from what the bot did (its stdout, its last
 * stderr lines) and the time control, in words that cannot be misread.
 * Every text is one line of printable ASCII: what came from the bot is
 * quoted (rules_quote), so a detail is safe in a record, a `result` line
 * and a terminal.
 */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include "bot/bot.h"
#include "clock/time_control.h"
#include "rules.h"

#include <stddef.h>

/* Room for any detail written here. */
#define EXPLAIN_MAX 1536

/* No `ready 1` within the start-up allowance: what the bot did write,
 * and so whether it may be buffering its output. */
void explain_handshake(const bot *b, long startup_ms, char *out, size_t len);

/* The bot exited, was killed or closed its output ("exited with status
 * 2 during the handshake"), with the last lines of its stderr. */
void explain_gone(const bot *b, bool in_handshake, char *out, size_t len);

/* `ready` with another version than the referee's. */
void explain_version(long version, char *out, size_t len);

/* The reason word for a bot that is gone: "exited", "killed",
 * "closed-output", or the limit it broke ("memory-limit", ...). */
const char *explain_gone_reason(const bot *b);

/* A move the rules refused, as its detail says it: "'d2 1R': cell d2 is
 * occupied", or "'hello': not a move: ..." for one that is no move at all
 * (st RULES_MALFORMED).  The bot's text is quoted. */
void explain_illegal(const char *text, rules_status st, const char *why,
                     char *out, size_t len);
/* A bot's move text read in the position: true with the move, or false
 * with its illegal-move detail (explain_illegal) in out. */
bool explain_parse_move(const rules_game *g, const rules_pos *pos,
                        const char *text, rules_move *mv, char *out,
                        size_t len);

/* How a turn ran out (clock/turnclock.h). */
typedef struct {
    time_clock clock;
    long limit_ms, grace_ms;
    long paused_ms;   /* wall clock: the referee's pauses forgiven */
    long cpu_ms;      /* CPU clock: CPU time used when it was seen */
    long wall_ms;     /* CPU clock: wall time since the turn line then */
    bool by_wall_cap; /* CPU clock: the wall cap, not the CPU time */
} explain_late;

/* No move by the deadline: the limit, the grace and the referee's own
 * pauses that moved it (or the CPU time used, or the wall cap), then what
 * followed (after_ms: how long the bot had after the deadline to send a
 * late move before it was stopped). */
void explain_timeout(const explain_late *l, long after_ms, char *out,
                     size_t len);

/* The same, once the late move came: how long after the deadline. */
void explain_timeout_late(const explain_late *l, const char *move,
                          long late_ms, char *out, size_t len);

#endif
