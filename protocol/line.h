/*
 * line.h - framing of the line protocol: bytes in, whole lines out.
 *
 * Pure (no I/O).  The caller reads from a pipe into the space the reader
 * offers, reports how much arrived, then takes whole lines out:
 *
 *   line_reader *lr = line_reader_new();
 *   size_t room; char *dst = line_reader_space(lr, &room);
 *   ssize_t n = read(fd, dst, room);  ... line_reader_commit(lr, n);
 *   char *line; size_t len;
 *   while ((st = line_reader_next(lr, &line, &len)) != LINE_NONE) ...
 *
 * Rules: a line ends at LF; one CR right before the LF is dropped; the line
 * handed out is NUL-terminated and valid until the next call on the reader.
 * A line longer than PROTO_LINE_MAX bytes (without its LF) is LINE_TOO_LONG
 * as soon as that many bytes have arrived without an LF; the reader stays
 * in that state (the stream cannot be resynchronised safely).  A line that
 * holds a NUL byte is LINE_BAD_BYTE (the line is consumed).  Bytes after
 * the last LF at end of file are an incomplete line: line_reader_pending()
 * tells how many there are.
 */
#ifndef LINE_H
#define LINE_H

#include <stddef.h>

#define PROTO_LINE_MAX 4096

typedef enum {
    LINE_NONE = 0,  /* no complete line buffered */
    LINE_OK,        /* *line holds one line */
    LINE_TOO_LONG,  /* more than PROTO_LINE_MAX bytes without LF */
    LINE_BAD_BYTE,  /* the line held a NUL byte */
} line_status;

typedef struct line_reader line_reader;

line_reader *line_reader_new(void);
void line_reader_free(line_reader *lr);
/* Where the next bytes go and how many fit (always > 0 unless the reader
 * is in the LINE_TOO_LONG state). */
char *line_reader_space(line_reader *lr, size_t *room);
/* n bytes were written at the space given. */
void line_reader_commit(line_reader *lr, size_t n);
line_status line_reader_next(line_reader *lr, char **line, size_t *len);
/* Bytes buffered that do not end a line yet. */
size_t line_reader_pending(const line_reader *lr);

#endif
