/* explain.c - the details of faults (see explain.h). */
#include "explain.h"

#include "proto.h"
#include "rules.h"

#include <stdio.h>
#include <string.h>

/* Lines of stderr quoted in a detail, and their bytes at most: enough for
 * an interpreter's message, short enough for a game line. */
#define EXPLAIN_TAIL_LINES 3
#define EXPLAIN_TAIL_BYTES 240

/* "; its stderr ends: '...'" or nothing. */
static void explain_stderr(const bot *b, char *out, size_t len)
{
    char tail[1024], q[4 * EXPLAIN_TAIL_BYTES + 1];
    size_t n = bot_stderr_tail(b, EXPLAIN_TAIL_LINES, tail, sizeof tail);
    out[0] = 0;
    if (n == 0)
        return;
    /* The end of the message matters most: keep its last bytes. */
    const char *from = n > EXPLAIN_TAIL_BYTES ? tail + n - EXPLAIN_TAIL_BYTES
                                              : tail;
    rules_quote(from, EXPLAIN_TAIL_BYTES, q, sizeof q);
    snprintf(out, len, "; its stderr ends: '%s%s'",
             from == tail ? "" : "...", q);
}

void explain_handshake(const bot *b, long startup_ms, char *out, size_t len)
{
    char what[200], q[4 * 63 + 1];
    long bytes = bot_stdout_bytes(b), lines = bot_stdout_lines(b);
    if (bytes == 0)
        snprintf(what, sizeof what,
                 "it wrote nothing to stdout: if it prints 'ready 1', the "
                 "line is still in its output buffer (did you flush "
                 "stdout?)");
    else if (lines == 0)
        snprintf(what, sizeof what,
                 "it wrote %ld bytes to stdout but no complete line (end "
                 "every line with a newline, and flush)", bytes);
    else
        snprintf(what, sizeof what, "it sent %ld line%s, the last '%s'",
                 lines, lines == 1 ? "" : "s",
                 rules_quote(bot_last_line(b), 63, q, sizeof q));
    char err[EXPLAIN_MAX];
    explain_stderr(b, err, sizeof err);
    snprintf(out, len,
             "no 'ready 1' within the start-up allowance of %ld ms; %s%s",
             startup_ms, what, err);
}

void explain_gone(const bot *b, bool in_handshake, char *out, size_t len)
{
    char err[EXPLAIN_MAX];
    explain_stderr(b, err, sizeof err);
    snprintf(out, len, "%s %s%s", bot_gone_text(b),
             in_handshake ? "during the handshake" : "during the game", err);
}

void explain_version(long version, char *out, size_t len)
{
    snprintf(out, len, "speaks protocol version %ld, the referee speaks %d",
             version, PROTO_VERSION);
}

const char *explain_gone_reason(const bot *b)
{
    static const char *const reasons[] = {
        [BOT_EXITED] = "exited",
        [BOT_SIGNALLED] = "killed",
        [BOT_CLOSED_OUTPUT] = "closed-output",
        [BOT_CPU_LIMIT] = "cpu-limit",
        [BOT_FILE_LIMIT] = "file-limit",
        [BOT_MEMORY_LIMIT] = "memory-limit",
        [BOT_PROCESS_LIMIT] = "process-limit",
    };
    bot_end end = bot_end_kind(b);
    return end >= BOT_EXITED && end <= BOT_PROCESS_LIMIT ? reasons[end]
                                                         : "exited";
}

void explain_illegal(const char *text, rules_status st, const char *why,
                     char *out, size_t len)
{
    char q[4 * 120 + 1];
    rules_quote(text, 120, q, sizeof q);
    snprintf(out, len, "'%s': %s%s", q,
             st == RULES_MALFORMED ? "not a move: " : "", why);
}

bool explain_parse_move(const rules_game *g, const rules_pos *pos,
                        const char *text, rules_move *mv, char *out,
                        size_t len)
{
    char why[RULES_REASON_MAX];
    rules_status st = rules_parse_move(g, pos, text, mv, why, sizeof why);
    if (st == RULES_OK)
        return true;
    explain_illegal(text, st, why, out, len);
    return false;
}

/* "no move within 1100 ms of its turn line (the limit of 1000 ms + 100 ms
 * grace), not counting 12 ms in which the referee itself was paused"; on
 * the CPU clock, the CPU time used or the wall cap. */
static int explain_deadline(const explain_late *l, char *out, size_t len)
{
    char paused[96] = "";
    if (l->clock == TIME_CLOCK_CPU && l->by_wall_cap)
        return snprintf(out, len,
                        "no move within %ld ms of its turn line, the CPU "
                        "clock's wall cap (it had used %ld ms of CPU time of "
                        "the limit of %ld ms + %ld ms grace)",
                        l->wall_ms, l->cpu_ms, l->limit_ms, l->grace_ms);
    if (l->clock == TIME_CLOCK_CPU)
        return snprintf(out, len,
                        "used %ld ms of CPU time in its turn, over the limit "
                        "of %ld ms + %ld ms grace on the CPU clock (%ld ms "
                        "since its turn line)",
                        l->cpu_ms, l->limit_ms, l->grace_ms, l->wall_ms);
    if (l->paused_ms > 0)
        snprintf(paused, sizeof paused,
                 ", not counting %ld ms in which the referee itself was "
                 "paused", l->paused_ms);
    return snprintf(out, len,
                    "no move within %ld ms of its turn line (the limit of "
                    "%ld ms + %ld ms grace)%s",
                    l->limit_ms + l->grace_ms, l->limit_ms, l->grace_ms,
                    paused);
}

void explain_timeout(const explain_late *l, long after_ms, char *out,
                     size_t len)
{
    int n = explain_deadline(l, out, len);
    if (n > 0 && (size_t)n < len)
        snprintf(out + n, len - (size_t)n,
                 "; no move came in the %ld ms after that deadline either", after_ms);
}

void explain_timeout_late(const explain_late *l, const char *move,
                          long late_ms, char *out, size_t len)
{
    char q[4 * 100 + 1];
    int n = explain_deadline(l, out, len);
    if (n > 0 && (size_t)n < len)
        snprintf(out + n, len - (size_t)n,
                 "; its move '%s' came %ld ms after that deadline",
                 rules_quote(move, 100, q, sizeof q), late_ms);
}
