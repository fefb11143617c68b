/*
 * test_proto.c - the messages of protocol v1: every kind parsed from both
 * sides, malformed lines with their reasons, formatted lines read back by
 * the other side's parser, and refusal of what cannot be sent.
 */
#include "line.h"
#include "proto.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* Parse a copy of text as a bot line. */
static proto_msg bot_line(const char *text, char *store, size_t len)
{
    proto_msg m;
    snprintf(store, len, "%s", text);
    proto_parse_bot_line(store, &m);
    return m;
}

/* Parse a copy of text as a referee line. */
static proto_msg ref_line(const char *text, char *store, size_t len)
{
    proto_msg m;
    snprintf(store, len, "%s", text);
    proto_parse_referee_line(store, &m);
    return m;
}

#define BOT(text) bot_line((text), store, sizeof store)
#define REF(text) ref_line((text), store, sizeof store)

/* Cut the LF off a formatted line so that it can be parsed. */
static char *chomp(char *line, int n)
{
    cr_assert_gt(n, 0);
    cr_assert_eq(line[n - 1], '\n');
    cr_assert_eq((size_t)n, strlen(line));
    line[n - 1] = '\0';
    return line;
}

/* ---- bot lines --------------------------------------------------------- */

Test(proto, bot_id)
{
    char store[256];
    proto_msg m = BOT("id name Random Bot");
    cr_assert_eq(m.kind, PROTO_ID);
    cr_assert_str_eq(m.key, "name");
    cr_assert_str_eq(m.text, "Random Bot");
    m = BOT("id option position");
    cr_assert_eq(m.kind, PROTO_ID);
    cr_assert_str_eq(m.key, "option");
    cr_assert_str_eq(m.text, "position");
    m = BOT("id author");
    cr_assert_eq(m.kind, PROTO_ID);
    cr_assert_str_eq(m.key, "author");
    cr_assert_str_eq(m.text, "");
}

Test(proto, bot_ready)
{
    char store[64];
    proto_msg m = BOT("ready 1");
    cr_assert_eq(m.kind, PROTO_READY);
    cr_assert_eq(m.num, 1);
    m = BOT("ready 2");
    cr_assert_eq(m.kind, PROTO_READY);
    cr_assert_eq(m.num, 2);
    m = BOT("ready 1 later-arguments-are-ignored");
    cr_assert_eq(m.kind, PROTO_READY);
    cr_assert_eq(m.num, 1);
}

Test(proto, bot_move)
{
    char store[64];
    proto_msg m = BOT("move c4 2R");
    cr_assert_eq(m.kind, PROTO_MOVE);
    cr_assert_str_eq(m.text, "c4 2R");
    m = BOT("move  c4   2R  ");
    cr_assert_eq(m.kind, PROTO_MOVE);
    cr_assert_str_eq(m.text, "c4   2R");
    m = BOT("move\tc4");
    cr_assert_eq(m.kind, PROTO_MOVE);
    cr_assert_str_eq(m.text, "c4");
    m = BOT("move zz9 this is not a move");
    cr_assert_eq(m.kind, PROTO_MOVE, "the rules judge the text, not proto");
}

Test(proto, bot_info_and_comments)
{
    char store[64];
    proto_msg m = BOT("info depth 3 score +12");
    cr_assert_eq(m.kind, PROTO_INFO);
    cr_assert_str_eq(m.text, "depth 3 score +12");
    m = BOT("info");
    cr_assert_eq(m.kind, PROTO_INFO);
    cr_assert_str_eq(m.text, "");
    m = BOT("# thinking about move c4");
    cr_assert_eq(m.kind, PROTO_INFO);
    cr_assert_str_eq(m.text, "thinking about move c4");
    m = BOT("#move c4 2R");
    cr_assert_eq(m.kind, PROTO_INFO, "a comment is never a move");
    cr_assert_str_eq(m.text, "move c4 2R");
    m = BOT("#");
    cr_assert_eq(m.kind, PROTO_INFO);
    cr_assert_str_eq(m.text, "");
}

Test(proto, bot_unknown_and_empty)
{
    static const char *const lines[] = {
        "", "   ", "\t", "hello world", "MOVE c4 2R", "Move c4", "ready1",
        "moves c4", "turn 100 100", "played 0 c4 2R", "quit 10", "idname x",
    };
    char store[64];
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        proto_msg m = BOT(lines[i]);
        cr_assert_eq(m.kind, PROTO_UNKNOWN, "'%s' gave kind %d", lines[i],
                     m.kind);
    }
}

Test(proto, bot_malformed)
{
    static const struct {
        const char *line;
        const char *why; /* a word the reason must contain */
    } cases[] = {
        {"move", "move"},
        {"move ", "move"},
        {"move \t  ", "move"},
        {"ready", "version"},
        {"ready x", "version"},
        {"ready 1x", "version"},
        {"ready -1", "version"},
        {"ready 99999999999999999999999", "version"},
        {"id", "key"},
        {"id   ", "key"},
    };
    char store[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_msg m = BOT(cases[i].line);
        cr_assert_eq(m.kind, PROTO_MALFORMED, "'%s' gave kind %d",
                     cases[i].line, m.kind);
        cr_assert_not_null(m.why);
        cr_assert(strstr(m.why, cases[i].why) != NULL, "'%s': why '%s'",
                  cases[i].line, m.why);
    }
}

/* ---- referee lines ----------------------------------------------------- */

Test(proto, referee_protocol_start)
{
    char store[64];
    proto_msg m = REF("protocol 1");
    cr_assert_eq(m.kind, PROTO_PROTOCOL);
    cr_assert_eq(m.num, 1);
    m = REF("start");
    cr_assert_eq(m.kind, PROTO_START);
}

Test(proto, referee_set)
{
    char store[128];
    proto_msg m = REF("set game pentago");
    cr_assert_eq(m.kind, PROTO_SET);
    cr_assert_str_eq(m.key, "game");
    cr_assert_str_eq(m.text, "pentago");
    m = REF("set player 1 black 1 Jane's Bot 2.0");
    cr_assert_eq(m.kind, PROTO_SET);
    cr_assert_str_eq(m.key, "player");
    cr_assert_str_eq(m.text, "1 black 1 Jane's Bot 2.0");
    m = REF("set time 5000 60000 1000");
    cr_assert_str_eq(m.key, "time");
    cr_assert_str_eq(m.text, "5000 60000 1000");
    m = REF("set seed 18446744073709551615");
    cr_assert_str_eq(m.text, "18446744073709551615");
}

Test(proto, referee_played_position)
{
    char store[128];
    proto_msg m = REF("played 0 c4 2R");
    cr_assert_eq(m.kind, PROTO_PLAYED);
    cr_assert_eq(m.num, 0);
    cr_assert_str_eq(m.text, "c4 2R");
    m = REF("played 3 K10* L12/wb");
    cr_assert_eq(m.kind, PROTO_PLAYED);
    cr_assert_eq(m.num, 3);
    cr_assert_str_eq(m.text, "K10* L12/wb");
    m = REF("position ....../....../..w.../....../....../...... b");
    cr_assert_eq(m.kind, PROTO_POSITION);
    cr_assert_str_eq(m.text, "....../....../..w.../....../....../...... b");
}

Test(proto, referee_turn)
{
    char store[64];
    proto_msg m = REF("turn 5000 -1");
    cr_assert_eq(m.kind, PROTO_TURN);
    cr_assert_eq(m.num, 5000);
    cr_assert_eq(m.num2, -1);
    m = REF("turn 0 120000");
    cr_assert_eq(m.kind, PROTO_TURN);
    cr_assert_eq(m.num, 0);
    cr_assert_eq(m.num2, 120000);
}

Test(proto, referee_result)
{
    char store[128];
    proto_msg m = REF("result win five-by-rotation");
    cr_assert_eq(m.kind, PROTO_RESULT);
    cr_assert_str_eq(m.word, "win");
    cr_assert_str_eq(m.text, "five-by-rotation");
    cr_assert_eq(m.num, 0);
    m = REF("result loss timeout seat 1 took 5012 ms");
    cr_assert_str_eq(m.word, "loss");
    cr_assert_str_eq(m.text, "timeout seat 1 took 5012 ms");
    m = REF("result draw full-board");
    cr_assert_str_eq(m.word, "draw");
    m = REF("result place:2 five-in-a-row");
    cr_assert_eq(m.kind, PROTO_RESULT);
    cr_assert_str_eq(m.word, "place");
    cr_assert_eq(m.num, 2);
    cr_assert_str_eq(m.text, "five-in-a-row");
}

Test(proto, referee_quit)
{
    char store[64];
    proto_msg m = REF("quit 1000");
    cr_assert_eq(m.kind, PROTO_QUIT);
    cr_assert_eq(m.num, 1000);
    m = REF("quit");
    cr_assert_eq(m.kind, PROTO_QUIT, "a bare quit still means quit");
    cr_assert_eq(m.num, -1);
}

Test(proto, referee_unknown)
{
    static const char *const lines[] = {
        "", "  ", "hello", "Protocol 1", "move c4 2R", "ready 1",
        "id name x", "info x", "# comment", "SET game pentago", "starts",
    };
    char store[64];
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        proto_msg m = REF(lines[i]);
        cr_assert_eq(m.kind, PROTO_UNKNOWN, "'%s' gave kind %d", lines[i],
                     m.kind);
    }
}

Test(proto, referee_malformed)
{
    static const struct {
        const char *line;
        const char *why;
    } cases[] = {
        {"protocol", "version"},
        {"protocol one", "version"},
        {"set", "key"},
        {"played", "seat"},
        {"played x c4", "seat"},
        {"played -1 c4", "seat"},
        {"played 0", "move"},
        {"played 0   ", "move"},
        {"position", "position"},
        {"turn", "MOVE_MS"},
        {"turn -5 0", "MOVE_MS"},
        {"turn 100", "BANK_MS"},
        {"turn 100 -2", "BANK_MS"},
        {"turn 100 x", "BANK_MS"},
        {"result", "outcome"},
        {"result won timeout", "outcome"},
        {"result place:0 five", "place"},
        {"result place: five", "place"},
        {"result place:x five", "place"},
        {"result win", "reason"},
        {"quit soon", "MS"},
        {"quit -1", "MS"},
    };
    char store[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        proto_msg m = REF(cases[i].line);
        cr_assert_eq(m.kind, PROTO_MALFORMED, "'%s' gave kind %d",
                     cases[i].line, m.kind);
        cr_assert_not_null(m.why);
        cr_assert(strstr(m.why, cases[i].why) != NULL, "'%s': why '%s'",
                  cases[i].line, m.why);
    }
}

/* ---- formatting, read back by the other side --------------------------- */

Test(proto, referee_lines_round_trip)
{
    char buf[256];
    proto_msg m;
    int n = proto_fmt_protocol(buf, sizeof buf);
    cr_assert_str_eq(buf, "protocol 1\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_PROTOCOL);
    cr_assert_eq(m.num, PROTO_VERSION);

    n = proto_fmt_set(buf, sizeof buf, "player", "0 white 0 Random Bot");
    cr_assert_str_eq(buf, "set player 0 white 0 Random Bot\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_SET);
    cr_assert_str_eq(m.key, "player");
    cr_assert_str_eq(m.text, "0 white 0 Random Bot");

    n = proto_fmt_start(buf, sizeof buf);
    cr_assert_str_eq(buf, "start\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_START);

    n = proto_fmt_played(buf, sizeof buf, 1, "c4 2R");
    cr_assert_str_eq(buf, "played 1 c4 2R\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_PLAYED);
    cr_assert_eq(m.num, 1);
    cr_assert_str_eq(m.text, "c4 2R");

    const char *pos = "....../....../..w.../....../....../...... b";
    n = proto_fmt_position(buf, sizeof buf, pos);
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_POSITION);
    cr_assert_str_eq(m.text, pos);

    n = proto_fmt_turn(buf, sizeof buf, 4750, -1);
    cr_assert_str_eq(buf, "turn 4750 -1\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_TURN);
    cr_assert_eq(m.num, 4750);
    cr_assert_eq(m.num2, -1);

    n = proto_fmt_result(buf, sizeof buf, "place:3", "five-in-a-row");
    cr_assert_str_eq(buf, "result place:3 five-in-a-row\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_RESULT);
    cr_assert_str_eq(m.word, "place");
    cr_assert_eq(m.num, 3);
    cr_assert_str_eq(m.text, "five-in-a-row");

    n = proto_fmt_result(buf, sizeof buf, "loss", "illegal-move d5 occupied");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_str_eq(m.word, "loss");
    cr_assert_str_eq(m.text, "illegal-move d5 occupied");

    n = proto_fmt_quit(buf, sizeof buf, 2000);
    cr_assert_str_eq(buf, "quit 2000\n");
    proto_parse_referee_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_QUIT);
    cr_assert_eq(m.num, 2000);
}

Test(proto, bot_lines_round_trip)
{
    char buf[256];
    proto_msg m;
    int n = proto_fmt_id(buf, sizeof buf, "name", "Greedy Bot");
    cr_assert_str_eq(buf, "id name Greedy Bot\n");
    proto_parse_bot_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_ID);
    cr_assert_str_eq(m.key, "name");
    cr_assert_str_eq(m.text, "Greedy Bot");

    n = proto_fmt_ready(buf, sizeof buf);
    cr_assert_str_eq(buf, "ready 1\n");
    proto_parse_bot_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_READY);
    cr_assert_eq(m.num, PROTO_VERSION);

    n = proto_fmt_move(buf, sizeof buf, "c4");
    cr_assert_str_eq(buf, "move c4\n");
    proto_parse_bot_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_MOVE);
    cr_assert_str_eq(m.text, "c4");

    n = proto_fmt_info(buf, sizeof buf, "score 12 # not a comment");
    proto_parse_bot_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_INFO);
    cr_assert_str_eq(m.text, "score 12 # not a comment");

    n = proto_fmt_info(buf, sizeof buf, "");
    cr_assert_str_eq(buf, "info\n");
    proto_parse_bot_line(chomp(buf, n), &m);
    cr_assert_eq(m.kind, PROTO_INFO);
    cr_assert_str_eq(m.text, "");
}

Test(proto, formatted_lines_pass_the_line_reader)
{
    /* A formatted line framed by the reader gives the same message. */
    char buf[128];
    int n = proto_fmt_played(buf, sizeof buf, 0, "f6 4L");
    line_reader *lr = line_reader_new();
    size_t room;
    char *dst = line_reader_space(lr, &room);
    memcpy(dst, buf, (size_t)n);
    line_reader_commit(lr, (size_t)n);
    char *line;
    size_t len;
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_OK);
    proto_msg m;
    proto_parse_referee_line(line, &m);
    cr_assert_eq(m.kind, PROTO_PLAYED);
    cr_assert_str_eq(m.text, "f6 4L");
    line_reader_free(lr);
}

/* ---- refusals ---------------------------------------------------------- */

Test(proto, refuses_line_breaks)
{
    char buf[128];
    cr_assert_eq(proto_fmt_move(buf, sizeof buf, "c4\nmove d5 1L"), -1);
    cr_assert_str_eq(buf, "", "buf left NUL-terminated and empty");
    cr_assert_eq(proto_fmt_move(buf, sizeof buf, "c4 2R\r"), -1);
    cr_assert_eq(proto_fmt_info(buf, sizeof buf, "a\nb"), -1);
    cr_assert_eq(proto_fmt_id(buf, sizeof buf, "name", "Evil\r\nready 1"),
                 -1);
    cr_assert_eq(proto_fmt_set(buf, sizeof buf, "game", "pentago\nstart"),
                 -1);
    cr_assert_eq(proto_fmt_played(buf, sizeof buf, 0, "c4\n"), -1);
    cr_assert_eq(proto_fmt_position(buf, sizeof buf, "x\ny"), -1);
    cr_assert_eq(proto_fmt_result(buf, sizeof buf, "win", "a\rb"), -1);
    cr_assert_eq(proto_fmt_result(buf, sizeof buf, "w\nin", "x"), -1);
}

Test(proto, refuses_bad_words_and_empty_texts)
{
    char buf[128];
    cr_assert_eq(proto_fmt_set(buf, sizeof buf, "two words", "x"), -1);
    cr_assert_eq(proto_fmt_set(buf, sizeof buf, "", "x"), -1);
    cr_assert_eq(proto_fmt_id(buf, sizeof buf, NULL, "x"), -1);
    cr_assert_eq(proto_fmt_move(buf, sizeof buf, ""), -1);
    cr_assert_eq(proto_fmt_move(buf, sizeof buf, "   "), -1);
    cr_assert_eq(proto_fmt_move(buf, sizeof buf, NULL), -1);
    cr_assert_eq(proto_fmt_played(buf, sizeof buf, 0, ""), -1);
    cr_assert_eq(proto_fmt_played(buf, sizeof buf, -1, "c4"), -1);
    cr_assert_eq(proto_fmt_turn(buf, sizeof buf, -1, 0), -1);
    cr_assert_eq(proto_fmt_turn(buf, sizeof buf, 0, -2), -1);
    cr_assert_eq(proto_fmt_quit(buf, sizeof buf, -1), -1);
    cr_assert_eq(proto_fmt_result(buf, sizeof buf, "win", ""), -1);
    cr_assert_eq(proto_fmt_result(buf, sizeof buf, "", "timeout"), -1);
    /* An empty value is allowed where the reader accepts it. */
    cr_assert_eq(proto_fmt_id(buf, sizeof buf, "author", ""), 10);
    cr_assert_str_eq(buf, "id author\n");
}

Test(proto, refuses_what_does_not_fit)
{
    char small[8];
    cr_assert_eq(proto_fmt_move(small, sizeof small, "c4 2R"), -1);
    cr_assert_str_eq(small, "");
    cr_assert_eq(proto_fmt_move(small, 0, "c4"), -1);
    /* "move c4\n" is 8 bytes and needs 9 with the NUL. */
    cr_assert_eq(proto_fmt_move(small, sizeof small, "c4"), -1);
    char nine[9];
    cr_assert_eq(proto_fmt_move(nine, sizeof nine, "c4"), 8);
    cr_assert_str_eq(nine, "move c4\n");
}

Test(proto, longest_line_is_the_limit)
{
    static char big[2 * PROTO_LINE_MAX];
    static char text[2 * PROTO_LINE_MAX];
    /* "info " + text = PROTO_LINE_MAX bytes: fits. */
    memset(text, 'x', PROTO_LINE_MAX - 5);
    text[PROTO_LINE_MAX - 5] = '\0';
    int n = proto_fmt_info(big, sizeof big, text);
    cr_assert_eq(n, PROTO_LINE_MAX + 1);
    /* One more byte is too long even though the buffer has room. */
    text[PROTO_LINE_MAX - 5] = 'x';
    text[PROTO_LINE_MAX - 4] = '\0';
    cr_assert_eq(proto_fmt_info(big, sizeof big, text), -1);
    cr_assert_str_eq(big, "");
}
