/*
 * proto.h - the messages of protocol v1 (see PROTOCOL.md): parsing the
 * lines one side receives and formatting the lines it sends.  Pure: no
 * I/O, no allocation; shared by the referee and the C bots.
 *
 * Every parse function takes one line (without LF, NUL-terminated), may
 * modify it in place, and fills a message whose string fields point into
 * the line.  Unknown keywords give PROTO_UNKNOWN (which both sides ignore).
 * A known keyword with bad arguments gives PROTO_MALFORMED with a reason in
 * msg->why.
 *
 * Format functions write one line, LF-terminated, into buf and return its
 * length, or -1 if it does not fit (buf is then left NUL-terminated).
 */
#ifndef PROTO_H
#define PROTO_H

#include <stddef.h>
#include <stdint.h>

#define PROTO_VERSION 1

typedef enum {
    PROTO_UNKNOWN = 0,
    PROTO_MALFORMED,
    /* bot -> referee */
    PROTO_ID,       /* id KEY VALUE...: name, version, author, option */
    PROTO_READY,    /* ready VERSION: handshake done */
    PROTO_MOVE,     /* move TEXT */
    PROTO_INFO,     /* info TEXT or # TEXT: a comment, recorded */
    /* referee -> bot */
    PROTO_PROTOCOL, /* protocol VERSION */
    PROTO_SET,      /* set KEY VALUE... */
    PROTO_START,    /* start: setup is complete */
    PROTO_PLAYED,   /* played SEAT TEXT */
    PROTO_POSITION, /* position LINE */
    PROTO_TURN,     /* turn MOVE_MS BANK_MS */
    PROTO_RESULT,   /* result OUTCOME REASON [details] */
    PROTO_QUIT,     /* quit MS */
    PROTO_NEWGAME,  /* newgame: stay for another game (id option newgame) */
} proto_kind;

typedef struct {
    proto_kind kind;
    const char *key;  /* ID, SET: the key */
    const char *text; /* ID, SET: value; MOVE, INFO, PLAYED: move/comment
                         text; POSITION: line; RESULT: reason and details */
    long num;         /* READY, PROTOCOL: version; PLAYED: seat;
                         TURN: move ms; QUIT: ms */
    long num2;        /* TURN: bank ms (-1 if no bank) */
    const char *word; /* RESULT: win, loss, draw, or place */
    const char *why;  /* MALFORMED: the reason */
} proto_msg;

/* Lines a bot sends, as the referee reads them. */
void proto_parse_bot_line(char *line, proto_msg *msg);
/* Lines the referee sends, as a bot reads them. */
void proto_parse_referee_line(char *line, proto_msg *msg);

/* referee -> bot */
int proto_fmt_protocol(char *buf, size_t len);
int proto_fmt_set(char *buf, size_t len, const char *key, const char *value);
int proto_fmt_start(char *buf, size_t len);
int proto_fmt_played(char *buf, size_t len, int seat, const char *move);
int proto_fmt_position(char *buf, size_t len, const char *posline);
int proto_fmt_turn(char *buf, size_t len, long move_ms, long bank_ms);
int proto_fmt_result(char *buf, size_t len, const char *outcome,
                     const char *reason);
int proto_fmt_quit(char *buf, size_t len, long ms);
int proto_fmt_newgame(char *buf, size_t len);
/* bot -> referee */
int proto_fmt_id(char *buf, size_t len, const char *key, const char *value);
int proto_fmt_ready(char *buf, size_t len);
int proto_fmt_move(char *buf, size_t len, const char *move);
int proto_fmt_info(char *buf, size_t len, const char *text);

#endif
