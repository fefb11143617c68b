/*
 * test_line.c - the line reader: framing, CR stripping, the length cap,
 * NUL bytes, bytes left at end of input, and independence from how the
 * input is split into reads.
 */
#include "line.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the reader made of some input: one entry per event, as text
 * ("ok:LINE", "too-long", "bad-byte"), then "pending:N". */
typedef struct {
    char *text;
    size_t len;
    size_t cap;
} events;

static void ev_add(events *ev, const char *s, size_t n)
{
    if (ev->len + n + 2 > ev->cap) {
        ev->cap = (ev->len + n + 2) * 2;
        ev->text = realloc(ev->text, ev->cap);
        cr_assert_not_null(ev->text);
    }
    memcpy(ev->text + ev->len, s, n);
    ev->len += n;
    ev->text[ev->len++] = '\n';
    ev->text[ev->len] = '\0';
}

/* Take every whole line out; returns false once the reader is lost. */
static bool drain(line_reader *lr, events *ev)
{
    char *line;
    size_t len;
    line_status st;
    while ((st = line_reader_next(lr, &line, &len)) != LINE_NONE) {
        if (st == LINE_OK) {
            cr_assert_not_null(line);
            cr_assert_eq(line[len], '\0', "line not NUL-terminated");
            char *tagged = malloc(len + 3);
            cr_assert_not_null(tagged);
            memcpy(tagged, "ok:", 3);
            memcpy(tagged + 3, line, len);
            ev_add(ev, tagged, len + 3);
            free(tagged);
        } else if (st == LINE_BAD_BYTE) {
            ev_add(ev, "bad-byte", 8);
        } else {
            cr_assert_eq(st, LINE_TOO_LONG);
            ev_add(ev, "too-long", 8);
            return false;
        }
    }
    return true;
}

/* Feed data in reads of at most chunk bytes (0 = as much as fits);
 * returns false once the reader is lost. */
static bool feed(line_reader *lr, events *ev, const char *data, size_t n,
                 size_t chunk)
{
    size_t off = 0;
    while (off < n) {
        size_t room;
        char *dst = line_reader_space(lr, &room);
        if (room == 0)
            return false;
        size_t k = n - off;
        if (chunk && k > chunk)
            k = chunk;
        if (k > room)
            k = room;
        memcpy(dst, data + off, k);
        line_reader_commit(lr, k);
        off += k;
        if (!drain(lr, ev))
            return false;
    }
    return drain(lr, ev);
}

/* Note the bytes left at end of input, and free the reader. */
static void finish(line_reader *lr, events *ev)
{
    char tail[32];
    int k = snprintf(tail, sizeof tail, "pending:%zu", line_reader_pending(lr));
    ev_add(ev, tail, (size_t)k);
    line_reader_free(lr);
}

/* Read data in reads of `chunk` bytes (0 = one read) and describe it. */
static char *read_chunked(const char *data, size_t n, size_t chunk)
{
    events ev = {0};
    line_reader *lr = line_reader_new();
    cr_assert_not_null(lr);
    feed(lr, &ev, data, n, chunk);
    finish(lr, &ev);
    return ev.text;
}

/* Read data in two reads, split after `cut` bytes. */
static char *read_split(const char *data, size_t n, size_t cut)
{
    events ev = {0};
    line_reader *lr = line_reader_new();
    cr_assert_not_null(lr);
    if (feed(lr, &ev, data, cut, 0))
        feed(lr, &ev, data + cut, n - cut, 0);
    finish(lr, &ev);
    return ev.text;
}

/* Every split position and one-byte reads give what one read gives. */
static void check_splits(const char *data, size_t n, const char *expect)
{
    char *whole = read_chunked(data, n, 0);
    if (expect)
        cr_assert_str_eq(whole, expect);
    char *bytes = read_chunked(data, n, 1);
    cr_assert_str_eq(bytes, whole, "one-byte reads differ");
    free(bytes);
    for (size_t cut = 0; cut <= n; cut++) {
        char *split = read_split(data, n, cut);
        cr_assert_str_eq(split, whole, "split at %zu differs", cut);
        free(split);
    }
    free(whole);
}

/* n copies of c followed by tail. */
static char *repeat(char c, size_t n, const char *tail, size_t *outlen)
{
    size_t t = strlen(tail);
    char *s = malloc(n + t + 1);
    cr_assert_not_null(s);
    memset(s, c, n);
    memcpy(s + n, tail, t + 1);
    *outlen = n + t;
    return s;
}

Test(line, simple_lines)
{
    const char in[] = "protocol 1\nset game pentago\nstart\n";
    check_splits(in, sizeof in - 1,
                 "ok:protocol 1\nok:set game pentago\nok:start\npending:0\n");
}

Test(line, empty_lines_are_lines)
{
    const char in[] = "\n\nx\n\r\n";
    check_splits(in, sizeof in - 1, "ok:\nok:\nok:x\nok:\npending:0\n");
}

Test(line, crlf_is_stripped)
{
    const char in[] = "move c4 2R\r\nready 1\r\n";
    check_splits(in, sizeof in - 1, "ok:move c4 2R\nok:ready 1\npending:0\n");
}

Test(line, only_one_cr_before_lf_is_dropped)
{
    const char in[] = "a\rb\n\r\r\nc\r\n";
    check_splits(in, sizeof in - 1, "ok:a\rb\nok:\r\nok:c\npending:0\n");
}

Test(line, several_lines_in_one_read)
{
    line_reader *lr = line_reader_new();
    size_t room;
    char *dst = line_reader_space(lr, &room);
    cr_assert_gt(room, 20);
    memcpy(dst, "a\nbb\nccc\nd", 10);
    line_reader_commit(lr, 10);
    char *line;
    size_t len;
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_OK);
    cr_assert_str_eq(line, "a");
    cr_assert_eq(len, 1);
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_OK);
    cr_assert_str_eq(line, "bb");
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_OK);
    cr_assert_str_eq(line, "ccc");
    cr_assert_eq(len, 3);
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_NONE);
    cr_assert_eq(line_reader_pending(lr), 1);
    dst = line_reader_space(lr, &room);
    memcpy(dst, "\n", 1);
    line_reader_commit(lr, 1);
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_OK);
    cr_assert_str_eq(line, "d");
    cr_assert_eq(line_reader_pending(lr), 0);
    line_reader_free(lr);
}

Test(line, exactly_max_is_ok)
{
    size_t n;
    char *in = repeat('x', PROTO_LINE_MAX, "\nnext\n", &n);
    char *expect = malloc(PROTO_LINE_MAX + 64);
    snprintf(expect, PROTO_LINE_MAX + 64, "ok:%.*s\nok:next\npending:0\n",
             PROTO_LINE_MAX, in);
    check_splits(in, n, expect);
    free(in);
    in = repeat('y', PROTO_LINE_MAX, "\r\nnext\n", &n);
    snprintf(expect, PROTO_LINE_MAX + 64, "ok:%.*s\nok:next\npending:0\n",
             PROTO_LINE_MAX, in);
    check_splits(in, n, expect);
    free(in);
    free(expect);
}

Test(line, max_plus_one_is_too_long)
{
    size_t n;
    char *in = repeat('x', PROTO_LINE_MAX + 1, "\nnext\n", &n);
    check_splits(in, n, "too-long\npending:0\n");
    free(in);
    /* With CRLF the CR does not count, but one more byte does. */
    in = repeat('x', PROTO_LINE_MAX + 1, "\r\nnext\n", &n);
    check_splits(in, n, "too-long\npending:0\n");
    free(in);
    in = repeat('x', PROTO_LINE_MAX, "\rz\n", &n);
    check_splits(in, n, "too-long\npending:0\n");
    free(in);
}

Test(line, too_long_is_seen_before_the_lf)
{
    size_t n;
    char *in = repeat('x', PROTO_LINE_MAX + 1, "", &n);
    line_reader *lr = line_reader_new();
    size_t room;
    char *dst = line_reader_space(lr, &room);
    cr_assert_geq(room, n);
    memcpy(dst, in, PROTO_LINE_MAX);
    line_reader_commit(lr, PROTO_LINE_MAX);
    char *line;
    size_t len;
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_NONE);
    cr_assert_eq(line_reader_pending(lr), PROTO_LINE_MAX);
    dst = line_reader_space(lr, &room);
    memcpy(dst, "x", 1);
    line_reader_commit(lr, 1);
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_TOO_LONG);
    /* Sticky: no more room, no more lines. */
    dst = line_reader_space(lr, &room);
    cr_assert_eq(room, 0);
    line_reader_commit(lr, 0);
    cr_assert_eq(line_reader_next(lr, &line, &len), LINE_TOO_LONG);
    cr_assert_null(line);
    line_reader_free(lr);
    free(in);
}

Test(line, max_then_cr_waits_for_lf)
{
    size_t n;
    char *in = repeat('x', PROTO_LINE_MAX, "\r", &n);
    char *ev = read_chunked(in, n, 0);
    char expect[32];
    snprintf(expect, sizeof expect, "pending:%d\n", PROTO_LINE_MAX + 1);
    cr_assert_str_eq(ev, expect);
    free(ev);
    free(in);
}

Test(line, nul_byte_is_bad_and_consumed)
{
    const char in[] = "ok\nmo\0ve\nafter\n\0\n";
    check_splits(in, sizeof in - 1,
                 "ok:ok\nbad-byte\nok:after\nbad-byte\npending:0\n");
}

Test(line, nul_in_incomplete_line_waits)
{
    const char in[] = "a\nb\0c";
    check_splits(in, sizeof in - 1, "ok:a\npending:3\n");
}

Test(line, pending_bytes_at_eof)
{
    const char in[] = "move c4 2R\nmove d5";
    check_splits(in, sizeof in - 1, "ok:move c4 2R\npending:7\n");
    const char none[] = "";
    check_splits(none, 0, "pending:0\n");
    const char cr[] = "x\r";
    check_splits(cr, 2, "pending:2\n");
}

Test(line, mixed_input_split_everywhere)
{
    /* Short lines, CRLF, an empty line, a NUL, a line of exactly the
     * maximum, then text after the last LF. */
    size_t n;
    char *big = repeat('m', PROTO_LINE_MAX, "\r\n", &n);
    const char head[] = "id name X\r\n\nready 1\nbad\0line\n";
    const char tail[] = "info tail\nmove c";
    size_t total = sizeof head - 1 + n + sizeof tail - 1;
    char *in = malloc(total);
    memcpy(in, head, sizeof head - 1);
    memcpy(in + sizeof head - 1, big, n);
    memcpy(in + sizeof head - 1 + n, tail, sizeof tail - 1);
    check_splits(in, total, NULL);
    char *ev = read_chunked(in, total, 0);
    cr_assert(strncmp(ev, "ok:id name X\nok:\nok:ready 1\nbad-byte\nok:mmm",
                      41) == 0, "got %.60s", ev);
    cr_assert(strstr(ev, "\nok:info tail\npending:6\n") != NULL);
    free(ev);
    free(in);
    free(big);
}

Test(line, long_streams_reuse_the_buffer)
{
    /* Far more bytes than the buffer holds, in reads of awkward sizes. */
    size_t cap = 200000, n = 0;
    char *in = malloc(cap);
    int k = 0;
    for (; n + 40 < cap; k++)
        n += (size_t)snprintf(in + n, cap - n, "played %d c%d 2R\n", k,
                              k % 6 + 1);
    static const size_t chunks[] = {0, 1, 7, 4095, 4096, 4097, 9000};
    char *first = NULL;
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        char *ev = read_chunked(in, n, chunks[i]);
        if (!first)
            first = ev;
        else {
            cr_assert_str_eq(ev, first, "reads of %zu differ", chunks[i]);
            free(ev);
        }
    }
    size_t lines = 0;
    for (const char *p = first; (p = strstr(p, "ok:played ")); p++)
        lines++;
    cr_assert_eq(lines, (size_t)k);
    free(first);
    free(in);
}

Test(line, free_null_is_fine)
{
    line_reader_free(NULL);
}
