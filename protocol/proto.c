/*
 * proto.c - parsing and formatting the messages of protocol v1.
 *
 * Parsing is lenient about blanks and strict about meaning:
 *   - leading and trailing blanks (space, tab) of a line are ignored, and a
 *     run of blanks separates words as one space does;
 *   - the keyword is the first word, compared case-sensitively;
 *   - a line that is empty (or blank) is PROTO_UNKNOWN, as is a keyword the
 *     receiving side does not know: both are ignored;
 *   - words after the arguments a message defines are ignored, so a later
 *     version may add arguments at the end;
 *   - the last argument of some messages is free text: everything after the
 *     previous word, without its leading and trailing blanks.
 * A known keyword with missing or bad arguments is PROTO_MALFORMED with a
 * fixed reason in msg->why.
 *
 * Where proto.h leaves a field open: for `result place:N`, msg->word is
 * "place" and msg->num is N; for win, loss and draw msg->num is 0.  For a
 * bare `quit` (no MS), msg->num is -1: a bot must still quit.
 *
 * Formatting writes single spaces, refuses (-1) any value holding a LF or
 * a CR, keys and single-word arguments holding blanks, empty values where
 * the reader would find the message malformed, and lines longer than
 * PROTO_LINE_MAX bytes before the LF.
 */
#include "proto.h"

#include "line.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing ----------------------------------------------------------- */

/* Is c a blank (space or tab)? */
static bool proto_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Step over blanks. */
static char *proto_skip_blanks(char *s)
{
    while (proto_blank(*s))
        s++;
    return s;
}

/* Cut the first word off *rest: NUL-terminate it, advance *rest past the
 * blanks after it.  Returns NULL when no word is left. */
static char *proto_word(char **rest)
{
    char *s = proto_skip_blanks(*rest);
    if (!*s) {
        *rest = s;
        return NULL;
    }
    char *w = s;
    while (*s && !proto_blank(*s))
        s++;
    if (*s)
        *s++ = '\0';
    *rest = proto_skip_blanks(s);
    return w;
}

/* The rest of the line as free text, trailing blanks cut (may be ""). */
static char *proto_text(char *rest)
{
    char *s = proto_skip_blanks(rest);
    size_t n = strlen(s);
    while (n > 0 && proto_blank(s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* A decimal integer in [lo, hi], with an optional '-', nothing else. */
static bool proto_number(const char *w, long lo, long hi, long *out)
{
    if (!w)
        return false;
    const char *d = *w == '-' ? w + 1 : w;
    if (*d < '0' || *d > '9')
        return false;
    errno = 0;
    char *end;
    long v = strtol(w, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Mark the message malformed, with a fixed reason. */
static void proto_malformed(proto_msg *msg, const char *why)
{
    msg->kind = PROTO_MALFORMED;
    msg->why = why;
}

/* Empty a message: PROTO_UNKNOWN, no fields. */
static void proto_clear(proto_msg *msg)
{
    memset(msg, 0, sizeof *msg);
    msg->key = msg->text = msg->word = msg->why = NULL;
}

/* `KEYWORD KEY VALUE...` (id, set): a key is required, the value may be
 * empty. */
static void proto_key_value(char *rest, proto_kind kind, proto_msg *msg,
                            const char *nokey)
{
    char *key = proto_word(&rest);
    if (!key) {
        proto_malformed(msg, nokey);
        return;
    }
    msg->kind = kind;
    msg->key = key;
    msg->text = proto_text(rest);
}

/* `KEYWORD N` with N a version: ready, protocol. */
static void proto_version(char *rest, proto_kind kind, proto_msg *msg,
                          const char *bad)
{
    if (!proto_number(proto_word(&rest), 0, 1000000, &msg->num)) {
        proto_malformed(msg, bad);
        return;
    }
    msg->kind = kind;
}

/* Parse one line sent by a bot. */
void proto_parse_bot_line(char *line, proto_msg *msg)
{
    proto_clear(msg);
    char *rest = proto_skip_blanks(line);
    if (*rest == '#') {
        msg->kind = PROTO_INFO;
        msg->text = proto_text(rest + 1);
        return;
    }
    char *kw = proto_word(&rest);
    if (!kw)
        return; /* empty line: PROTO_UNKNOWN, ignored */
    if (strcmp(kw, "id") == 0) {
        proto_key_value(rest, PROTO_ID, msg, "id without a key");
    } else if (strcmp(kw, "ready") == 0) {
        proto_version(rest, PROTO_READY, msg,
                      "ready needs a protocol version (a number)");
    } else if (strcmp(kw, "move") == 0) {
        char *text = proto_text(rest);
        if (!*text) {
            proto_malformed(msg, "move without a move");
            return;
        }
        msg->kind = PROTO_MOVE;
        msg->text = text;
    } else if (strcmp(kw, "info") == 0) {
        msg->kind = PROTO_INFO;
        msg->text = proto_text(rest);
    }
}

/* Parse `result OUTCOME REASON [details]`. */
static void proto_parse_result(char *rest, proto_msg *msg)
{
    char *outcome = proto_word(&rest);
    if (!outcome) {
        proto_malformed(msg, "result without an outcome");
        return;
    }
    if (strncmp(outcome, "place:", 6) == 0) {
        if (!proto_number(outcome + 6, 1, 1000, &msg->num)) {
            proto_malformed(msg, "result place:N needs a place N >= 1");
            return;
        }
        outcome[5] = '\0';
    } else if (strcmp(outcome, "win") != 0 && strcmp(outcome, "loss") != 0 &&
               strcmp(outcome, "draw") != 0) {
        proto_malformed(msg,
                        "result outcome is not win, loss, draw or place:N");
        return;
    }
    char *reason = proto_text(rest);
    if (!*reason) {
        proto_malformed(msg, "result without a reason");
        return;
    }
    msg->kind = PROTO_RESULT;
    msg->word = outcome;
    msg->text = reason;
}

/* Parse one line sent by the referee. */
void proto_parse_referee_line(char *line, proto_msg *msg)
{
    proto_clear(msg);
    char *rest = line;
    char *kw = proto_word(&rest);
    if (!kw)
        return; /* empty line: PROTO_UNKNOWN, ignored */
    if (strcmp(kw, "protocol") == 0) {
        proto_version(rest, PROTO_PROTOCOL, msg,
                      "protocol needs a version (a number)");
    } else if (strcmp(kw, "set") == 0) {
        proto_key_value(rest, PROTO_SET, msg, "set without a key");
    } else if (strcmp(kw, "newgame") == 0) {
        msg->kind = PROTO_NEWGAME;
    } else if (strcmp(kw, "start") == 0) {
        msg->kind = PROTO_START;
    } else if (strcmp(kw, "played") == 0) {
        if (!proto_number(proto_word(&rest), 0, 1000, &msg->num)) {
            proto_malformed(msg, "played needs a seat (a number >= 0)");
            return;
        }
        char *text = proto_text(rest);
        if (!*text) {
            proto_malformed(msg, "played without a move");
            return;
        }
        msg->kind = PROTO_PLAYED;
        msg->text = text;
    } else if (strcmp(kw, "position") == 0) {
        char *text = proto_text(rest);
        if (!*text) {
            proto_malformed(msg, "position without a position");
            return;
        }
        msg->kind = PROTO_POSITION;
        msg->text = text;
    } else if (strcmp(kw, "turn") == 0) {
        if (!proto_number(proto_word(&rest), 0, LONG_MAX, &msg->num)) {
            proto_malformed(msg, "turn needs MOVE_MS (a number >= 0)");
            return;
        }
        if (!proto_number(proto_word(&rest), -1, LONG_MAX, &msg->num2)) {
            proto_malformed(msg, "turn needs BANK_MS (a number >= -1)");
            return;
        }
        msg->kind = PROTO_TURN;
    } else if (strcmp(kw, "result") == 0) {
        proto_parse_result(rest, msg);
    } else if (strcmp(kw, "quit") == 0) {
        char *ms = proto_word(&rest);
        msg->num = -1;
        if (ms && !proto_number(ms, 0, LONG_MAX, &msg->num)) {
            proto_malformed(msg, "quit needs MS (a number >= 0)");
            return;
        }
        msg->kind = PROTO_QUIT;
    }
}

/* ---- formatting -------------------------------------------------------- */

/* A line being built into a caller's buffer. */
typedef struct {
    char *buf;
    size_t len;
    size_t n;
    bool bad;
} proto_out;

/* Append s if it fits (with room for the NUL), else mark the line bad. */
static void proto_add(proto_out *o, const char *s)
{
    size_t k = strlen(s);
    if (o->bad || k >= o->len - o->n) {
        o->bad = true;
        return;
    }
    memcpy(o->buf + o->n, s, k + 1);
    o->n += k;
}

/* Free text: no LF, no CR. */
static void proto_add_text(proto_out *o, const char *s)
{
    if (!s || strpbrk(s, "\r\n")) {
        o->bad = true;
        return;
    }
    proto_add(o, s);
}

/* One word: not empty, no blanks, no LF, no CR. */
static void proto_add_word(proto_out *o, const char *s)
{
    if (!s || !*s || strpbrk(s, " \t\r\n")) {
        o->bad = true;
        return;
    }
    proto_add(o, s);
}

/* Text that must hold something besides blanks. */
static void proto_add_nonblank(proto_out *o, const char *s)
{
    if (!s || s[strspn(s, " \t")] == '\0') {
        o->bad = true;
        return;
    }
    proto_add_text(o, s);
}

/* Append a decimal number. */
static void proto_add_num(proto_out *o, long v)
{
    char num[24];
    snprintf(num, sizeof num, "%ld", v);
    proto_add(o, num);
}

/* Start a line in buf (emptied again if the line fails). */
static proto_out proto_begin(char *buf, size_t len)
{
    proto_out o = {buf, len, 0, len == 0};
    if (len > 0)
        buf[0] = '\0';
    return o;
}

/* Add the LF, check the length, return the length or -1. */
static int proto_end(proto_out *o)
{
    proto_add(o, "\n");
    if (o->bad || o->n > PROTO_LINE_MAX + 1) {
        if (o->len > 0)
            o->buf[0] = '\0';
        return -1;
    }
    return (int)o->n;
}

/* Write `protocol 1`. */
int proto_fmt_protocol(char *buf, size_t len)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "protocol ");
    proto_add_num(&o, PROTO_VERSION);
    return proto_end(&o);
}

/* Write `KEYWORD KEY VALUE`; an empty value writes `KEYWORD KEY`. */
static int proto_fmt_keyed(char *buf, size_t len, const char *keyword,
                           const char *key, const char *value)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, keyword);
    proto_add_word(&o, key);
    if (value && *value) {
        proto_add(&o, " ");
        proto_add_text(&o, value);
    } else if (!value) {
        o.bad = true;
    }
    return proto_end(&o);
}

/* Write `set KEY VALUE` (an empty value writes `set KEY`). */
int proto_fmt_set(char *buf, size_t len, const char *key, const char *value)
{
    return proto_fmt_keyed(buf, len, "set ", key, value);
}

/* Write `start`. */
int proto_fmt_start(char *buf, size_t len)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "start");
    return proto_end(&o);
}

/* Write `newgame`. */
int proto_fmt_newgame(char *buf, size_t len)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "newgame");
    return proto_end(&o);
}

/* Write `played SEAT MOVE`. */
int proto_fmt_played(char *buf, size_t len, int seat, const char *move)
{
    proto_out o = proto_begin(buf, len);
    if (seat < 0)
        o.bad = true;
    proto_add(&o, "played ");
    proto_add_num(&o, seat);
    proto_add(&o, " ");
    proto_add_nonblank(&o, move);
    return proto_end(&o);
}

/* Write `position POSLINE`. */
int proto_fmt_position(char *buf, size_t len, const char *posline)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "position ");
    proto_add_nonblank(&o, posline);
    return proto_end(&o);
}

/* Write `turn MOVE_MS BANK_MS`. */
int proto_fmt_turn(char *buf, size_t len, long move_ms, long bank_ms)
{
    proto_out o = proto_begin(buf, len);
    if (move_ms < 0 || bank_ms < -1)
        o.bad = true;
    proto_add(&o, "turn ");
    proto_add_num(&o, move_ms);
    proto_add(&o, " ");
    proto_add_num(&o, bank_ms);
    return proto_end(&o);
}

/* Write `result OUTCOME REASON`; reason may carry details after a blank. */
int proto_fmt_result(char *buf, size_t len, const char *outcome,
                     const char *reason)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "result ");
    proto_add_word(&o, outcome);
    proto_add(&o, " ");
    proto_add_nonblank(&o, reason);
    return proto_end(&o);
}

/* Write `quit MS`. */
int proto_fmt_quit(char *buf, size_t len, long ms)
{
    proto_out o = proto_begin(buf, len);
    if (ms < 0)
        o.bad = true;
    proto_add(&o, "quit ");
    proto_add_num(&o, ms);
    return proto_end(&o);
}

/* Write `id KEY VALUE` (an empty value writes `id KEY`). */
int proto_fmt_id(char *buf, size_t len, const char *key, const char *value)
{
    return proto_fmt_keyed(buf, len, "id ", key, value);
}

/* Write `ready 1`. */
int proto_fmt_ready(char *buf, size_t len)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "ready ");
    proto_add_num(&o, PROTO_VERSION);
    return proto_end(&o);
}

/* Write `move MOVE`. */
int proto_fmt_move(char *buf, size_t len, const char *move)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "move ");
    proto_add_nonblank(&o, move);
    return proto_end(&o);
}

/* Write `info TEXT` (an empty text writes `info`). */
int proto_fmt_info(char *buf, size_t len, const char *text)
{
    proto_out o = proto_begin(buf, len);
    proto_add(&o, "info");
    if (text && *text) {
        proto_add(&o, " ");
        proto_add_text(&o, text);
    } else if (!text) {
        o.bad = true;
    }
    return proto_end(&o);
}
