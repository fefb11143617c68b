/* fuzz_line.c - the line reader and both message parsers. */
#include "fuzz.h"

#include "line.h"
#include "proto.h"

#include <string.h>

/* The first byte chooses the chunk size, so reads split lines anywhere. */
int fuzz_line(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t chunk = (size_t)(data[0] % 64) + 1;
    data++;
    size--;
    line_reader *lr = line_reader_new();
    if (!lr)
        return 0;
    size_t at = 0;
    while (at < size) {
        size_t room;
        char *dst = line_reader_space(lr, &room);
        if (room == 0)
            break;
        size_t n = size - at < chunk ? size - at : chunk;
        if (n > room)
            n = room;
        memcpy(dst, data + at, n);
        line_reader_commit(lr, n);
        at += n;
        char *line;
        size_t len;
        line_status st;
        while ((st = line_reader_next(lr, &line, &len)) == LINE_OK) {
            char copy[PROTO_LINE_MAX + 1];
            memcpy(copy, line, len + 1);
            proto_msg msg;
            proto_parse_bot_line(line, &msg);
            proto_parse_referee_line(copy, &msg);
        }
        if (st == LINE_TOO_LONG)
            break;
    }
    line_reader_pending(lr);
    line_reader_free(lr);
    return 0;
}
