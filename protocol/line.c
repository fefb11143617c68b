/*
 * line.c - the line reader of line.h: one fixed buffer, bytes in, whole
 * lines out.
 *
 * The buffer holds [start, end): the bytes received and not yet handed out
 * as lines.  A line is handed out in place (its LF, or the CR before it,
 * is overwritten with a NUL) and start moves past it at once; the bytes
 * stay where they are until the next call to line_reader_space(), which
 * moves the unread bytes to the front.  That is why a line is valid only
 * until the next call on the reader.
 *
 * Length rule: the limit PROTO_LINE_MAX applies to the line as handed out,
 * that is without its LF and without a CR right before the LF.  So a line
 * of exactly PROTO_LINE_MAX bytes sent with CRLF is fine, and the reader
 * decides "too long" as soon as the bytes received without an LF can no
 * longer be the start of such a line: PROTO_LINE_MAX + 1 bytes whose last
 * is not a CR, or PROTO_LINE_MAX + 2 bytes.  The decision depends only on
 * the bytes, never on how they were split into reads.
 *
 * Room: the buffer holds one longest line with its CR and LF, plus a spare
 * read's worth, so line_reader_space() offers room > 0 whenever the caller
 * has taken out every whole line (line_reader_next() said LINE_NONE), and
 * the reader is not in the LINE_TOO_LONG state.
 */
#include "line.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A longest line, its CR and LF, and room for another read. */
#define LINE_BUF_SIZE (PROTO_LINE_MAX + 2 + 4096)

struct line_reader {
    size_t start;  /* first byte not handed out yet */
    size_t end;    /* one past the last byte received */
    bool too_long; /* sticky: the stream is lost */
    char buf[LINE_BUF_SIZE];
};

/* Make an empty reader: the only allocation. */
line_reader *line_reader_new(void)
{
    line_reader *lr = calloc(1, sizeof *lr);
    return lr;
}

/* Free a reader (NULL is fine). */
void line_reader_free(line_reader *lr)
{
    free(lr);
}

/* Move the unread bytes to the front, then offer the free tail. */
char *line_reader_space(line_reader *lr, size_t *room)
{
    if (lr->too_long) {
        *room = 0;
        return lr->buf;
    }
    if (lr->start > 0) {
        memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
        lr->end -= lr->start;
        lr->start = 0;
    }
    *room = LINE_BUF_SIZE - lr->end;
    return lr->buf + lr->end;
}

/* Count n bytes written at the space offered. */
void line_reader_commit(line_reader *lr, size_t n)
{
    if (lr->too_long)
        return;
    if (n > LINE_BUF_SIZE - lr->end)
        n = LINE_BUF_SIZE - lr->end; /* a caller bug; never overrun */
    lr->end += n;
}

/* Hand out the next whole line, or say why there is none. */
line_status line_reader_next(line_reader *lr, char **line, size_t *len)
{
    *line = NULL;
    *len = 0;
    if (lr->too_long)
        return LINE_TOO_LONG;
    char *p = lr->buf + lr->start;
    size_t avail = lr->end - lr->start;
    /* Only the first PROTO_LINE_MAX + 2 bytes can hold the LF of a line
     * that is not too long (content, CR, LF). */
    size_t look = avail < PROTO_LINE_MAX + 2 ? avail : PROTO_LINE_MAX + 2;
    char *lf = memchr(p, '\n', look);
    if (!lf) {
        if (avail >= PROTO_LINE_MAX + 2 ||
            (avail == PROTO_LINE_MAX + 1 && p[PROTO_LINE_MAX] != '\r')) {
            lr->too_long = true;
            return LINE_TOO_LONG;
        }
        return LINE_NONE;
    }
    size_t n = (size_t)(lf - p);
    lr->start += n + 1;
    if (n > 0 && p[n - 1] == '\r')
        n--;
    if (n > PROTO_LINE_MAX) {
        lr->too_long = true;
        return LINE_TOO_LONG;
    }
    p[n] = '\0';
    if (memchr(p, '\0', n))
        return LINE_BAD_BYTE;
    *line = p;
    *len = n;
    return LINE_OK;
}

/* Bytes after the last LF: a line still arriving (or cut off by EOF). */
size_t line_reader_pending(const line_reader *lr)
{
    if (lr->too_long)
        return 0;
    const char *p = lr->buf + lr->start;
    size_t avail = lr->end - lr->start;
    const char *lf = memrchr(p, '\n', avail);
    return lf ? avail - (size_t)(lf + 1 - p) : avail;
}
