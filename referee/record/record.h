/*
 * record.h - the YAML match record of one game: build it in memory, write
 * it atomically, read it back with errors that name the file, line and
 * field.  Schema: record/SCHEMA.md (schema version RECORD_SCHEMA).
 *
 * Ownership: a record owns every string and array in it (heap copies).
 * record_init() makes an empty record; the record_set_* / record_add_*
 * helpers copy their arguments; record_release() frees everything and
 * leaves an empty record.  Functions that can fail return 0 on success and
 * -1 with a one-line message in err (no trailing newline).
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdbool.h>
#include "clock/time_control.h"
#include "util/sha256.h"
#include <stddef.h>
#include <stdint.h>

#define RECORD_SCHEMA 1
#define RECORD_MAX_PLAYERS 4

typedef struct {
    int seat;
    char *text;      /* canonical move text, as the rules format it */
    char *sent;      /* what the bot sent, if it differs from text, or NULL */
    long ms;         /* measured thinking time */
    long left_ms;    /* bank left after the move, or -1 without a bank */
    long paused_ms;  /* the referee's pause within the move, not charged
                        (not in ms), 0 if none */
    long wall_ms;    /* CPU clock (ms is then CPU time): the wall time from
                        the turn line to the move; 0 on the wall clock */
    char **comments; /* info lines the bot sent during this turn */
    size_t ncomments;
} record_move;

typedef struct {
    int seat;
    char *colour;    /* "white", "black", ... */
    char *command;   /* the command line the referee ran */
    char *entrant;   /* the event entrant's name, or NULL outside events */
    char *name;      /* as the bot reported (id name), or NULL */
    char *version;   /* id version, or NULL */
    char *author;    /* id author, or NULL */
    char *log;       /* path of the bot's stderr log, or NULL */
    char *result;    /* "win", "loss", "draw", or NULL while unfinished */
    int place;       /* 1 = first; 0 unknown */
    int win_points;  /* Pentago tournament rule 5; 0 for loss or draw */
} record_player;

/* What record_read found of the record's digest (SCHEMA.md, "Digest"). */
typedef enum {
    RECORD_DIGEST_NONE = 0, /* no digest line: a record written before
                               digests, one built in memory, or one whose
                               digest line was removed */
    RECORD_DIGEST_OK,       /* the content gives the recorded digest */
    RECORD_DIGEST_BAD,      /* it does not: the record was changed after it
                               was written */
    RECORD_DIGEST_MISPLACED, /* a digest that is not the file's last line:
                                lines were added after it */
} record_digest_state;

/* What an event adds to a record (referee/event/EVENTS.md, "Running an
 * event by hand"): all NULL for a game played and counted as its result
 * says.  record_note_release() frees it (record_read.c). */
typedef struct {
    /* A result entered, not played (`referee event --enter`, or the
     * forfeit of a withdrawn entrant): who entered it, why, and when
     * (ISO 8601 UTC). */
    char *entered_by, *entered_reason, *entered_when;
    /* How the event counted the game beyond what its result says: rule
     * "replay-cap" (the tie's last game was drawn: entrant went through
     * by the safeguard) or "fault-win-points" (a win by a fault: the
     * winner, entrant, counts win_points in the tables). */
    char *decision_rule, *decision_entrant, *decision_detail;
    int decision_win_points;
} record_event_note;

void record_note_release(record_event_note *n);

typedef struct {
    int schema;            /* RECORD_SCHEMA */
    char *referee_version;
    char *isolation;       /* "full" or "none" (sandbox.h), or NULL (older) */
    char *sandbox;         /* what the isolation is made of, or NULL */
    char *pondering;       /* "off": bots not on move were frozen; "on":
                              they could think; NULL (older, or play) */
    char *event;           /* event or match name, or NULL */
    int round;             /* game number within the match/event, from 1 */
    char *game_id;         /* the event's id of this game, or NULL */
    char *stage;           /* the event stage, e.g. "group A", or NULL */
    char *event_digest;    /* "sha256:HEX" of the event definition's
                              content that decides its games
                              (event_record.h), or NULL outside events */
    char *game, *variant, *options;
    uint64_t seed;
    time_control tc;       /* as the game was played */
    char *start_time;      /* ISO 8601 UTC, e.g. 2026-11-22T05:00:00Z */
    char *end_time;
    int nplayers;
    record_player players[RECORD_MAX_PLAYERS];
    record_move *moves;
    size_t nmoves, capmoves;
    /* The first moves came from an opening (a strength test's), not from
     * the bots: so many plies, 0 if none. */
    size_t opening_plies;
    /* The result. */
    char *status;          /* "finished" (scored) or "void" (no bot's fault) */
    char *reason;          /* rules end ("five-by-rotation", "full-board",
                              ...) or fault ("timeout", "illegal-move",
                              ...: record_fault_reasons) */
    char *detail;          /* one line for people: the overrun, the illegal
                              text and its reason, the exit status, ... */
    int fault_seat;        /* seat at fault, or -1 */
    /* The info lines the seat at fault sent during the turn that ended in
     * its fault: no move holds them. */
    char **fault_comments;
    size_t nfault_comments;
    char *final_position;  /* position line after the last move */
    record_event_note note; /* an event's own facts: entered, decision */
    /* Filled by record_read, ignored by record_write (which computes the
     * digest of what it writes): the digest state, the digest the file
     * gives and the one its content gives (empty when there is none). */
    record_digest_state digest;
    char digest_recorded[SHA256_TEXT_MAX];
    char digest_actual[SHA256_TEXT_MAX];
} record;

/* The reasons that put a seat at fault, as the match writes them and
 * replay expects them: NULL-terminated. */
extern const char *const record_fault_reasons[];
bool record_is_fault(const char *reason);

void record_init(record *r);
void record_release(record *r);

/* Replace *field with a copy of value (NULL allowed). */
void record_set(char **field, const char *value);
/* Append a move (copies text and sent); returns it for adding comments,
 * or NULL when out of memory. */
record_move *record_add_move(record *r, int seat, const char *text,
                             const char *sent, long ms, long left_ms);
int record_add_comment(record_move *m, const char *text);
int record_add_fault_comment(record *r, const char *text);
/* Append a copy of text (NULL: "") to a list of strings such as a move's
 * comments; 0, or -1 when out of memory. */
int record_list_add(char ***list, size_t *count, const char *text);

/* Write to path atomically with fs_write_atomic (fsutil.h): a temporary
 * file in the same directory, fsync, rename over path, fsync of the
 * directory.  Strings are written by ywrite_str (ywrite.h). */
int record_write(const record *r, const char *path, char *err,
                 size_t errlen);
/* Read and check the structure and types of a record; on error the
 * message names the file, the line and the field.  The digest is checked
 * too, but only noted in r->digest: whether it must be there is the
 * reader's choice (record_digest_check). */
int record_read(const char *path, record *r, char *err, size_t errlen);

/* ---- digest (record_digest.c) ---------------------------------------- */

/* The digest line: `digest: "sha256:HEX"`, HEX the SHA-256 of every byte
 * of the file before that line, which is the file's last. */
#define RECORD_DIGEST_KEY "digest"
/* Fill r->digest and the two texts from the file's bytes; line is the
 * line of the `digest` key that the YAML holds at the top level, 0 if
 * none. */
void record_digest_scan(record *r, const char *buf, size_t len,
                        unsigned long line);
/* Is r's digest as it must be?  0, or -1 with "PATH: digest: ..." in err:
 * a digest that does not match, one that is not the last line, and (unless
 * accept_none) no digest at all, naming --accept-undigested. */
int record_digest_check(const record *r, const char *path, bool accept_none,
                        char *err, size_t errlen);

/* ---- clock (record_clock.c) ------------------------------------------ */

/* Are the recorded times possible under the record's time control, as the
 * match times a move (PROTOCOL.md section 5)?  0, or -1 with
 * "PATH: ply N (seat S, 'MOVE'): FIELD: ..." and the figures in err. */
int record_clock_check(const record *r, const char *path, char *err,
                       size_t errlen);

#endif
