/*
 * botkit.h - the protocol v1 loop shared by the bundled C bots.
 *
 * A bot file fills a botkit_bot (its names and a function that picks a
 * move) and calls botkit_run() from main.  botkit does everything else:
 * it reads the referee's lines from stdin with the line reader (blocking
 * reads), answers the handshake, keeps the position through the rules
 * engine (from `played` or `position` lines), asks the bot for a move on
 * each `turn` and writes it, and exits 0 on `quit` or at end of input.
 *
 * Header-only on purpose: every .c file in bots/c/ becomes its own program
 * (see the Makefile), so shared code cannot live in a .c file there.  All
 * functions are static; each bot includes this once.
 *
 * Command line of every bot:
 *   --position   ask for `position` lines instead of `played` lines
 *                (sends `id option position` in the handshake)
 *
 * Exit status: 0 after `quit` or end of input; 1 when the game cannot be
 * followed (unknown game, a `played` move the rules reject, a write error);
 * 100 on a usage error.
 */
#ifndef BOTKIT_H
#define BOTKIT_H

#include "line.h"
#include "proto.h"
#include "util/rng.h"
#include "rules.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct botkit_turn;

typedef struct {
    const char *name;    /* sent as `id name` */
    const char *version; /* `id version` */
    const char *author;  /* `id author` */
    /* Pick a move for seat you in pos (a position where you is to move and
     * the game is not over) and write its text into buf.  Returns false if
     * there is none. */
    bool (*choose)(const rules_game *g, const rules_pos *pos, int you,
                   rng *r, char *buf, size_t len);
    /* Optional, used instead of choose when set: the same, knowing the
     * clock (a bot that searches until its time is spent). */
    bool (*choose_timed)(const struct botkit_turn *t, char *buf, size_t len);
    /* Optional: a command-line argument botkit does not know, at argv[i].
     * Returns how many arguments it took (0: not the bot's either: a usage
     * error). */
    int (*arg)(int argc, char **argv, int i);
    const char *usage; /* the bot's own options, for the usage line */
} botkit_bot;

/* What a bot knows when it is asked for a move. */
typedef struct botkit_turn {
    const rules_game *g;
    const rules_pos *pos;
    int you;
    rng *r;
    long move_ms;   /* this move's limit from `turn`, 0 if none */
    long bank_ms;   /* the bank left, -1 if the game has no bank */
    double started; /* botkit_now() when the turn line was read */
} botkit_turn;

/* Monotonic seconds, for timing a search against botkit_turn.started. */
static double botkit_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef enum {
    BOTKIT_HANDSHAKE, /* waiting for `protocol` */
    BOTKIT_SETUP,     /* `set` lines until `start` */
    BOTKIT_PLAYING,   /* `played`/`position`, `turn`, `result` */
} botkit_state;

typedef struct {
    const botkit_bot *bot;
    botkit_state state;
    bool want_position;
    char game[64];
    char variant[64];
    char options[512];
    int you;
    uint64_t seed;
    rules_game *g;
    rules_pos pos;
    rng r;
    int exit_code; /* >= 0: stop with this status */
} botkit;

/* Write all of buf to stdout, across partial writes and EINTR. */
static bool botkit_write_all(const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = write(STDOUT_FILENO, buf, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        buf += k;
        n -= (size_t)k;
    }
    return true;
}

/* Send one formatted line (len from a proto_fmt_* function). */
static void botkit_send(botkit *bk, const char *line, int len)
{
    if (len < 0) {
        fprintf(stderr, "%s: a line did not fit; not sent\n", bk->bot->name);
        return;
    }
    if (!botkit_write_all(line, (size_t)len)) {
        fprintf(stderr, "%s: write to stdout failed: %s\n", bk->bot->name,
                strerror(errno));
        bk->exit_code = 1;
    }
}

/* Answer `protocol`: the id lines and `ready 1`. */
static void botkit_handshake(botkit *bk, long version)
{
    char line[PROTO_LINE_MAX + 2];
    if (version != PROTO_VERSION)
        fprintf(stderr, "%s: referee speaks protocol %ld, we speak %d\n",
                bk->bot->name, version, PROTO_VERSION);
    botkit_send(bk, line, proto_fmt_id(line, sizeof line, "name",
                                       bk->bot->name));
    botkit_send(bk, line, proto_fmt_id(line, sizeof line, "version",
                                       bk->bot->version));
    botkit_send(bk, line, proto_fmt_id(line, sizeof line, "author",
                                       bk->bot->author));
    if (bk->want_position)
        botkit_send(bk, line, proto_fmt_id(line, sizeof line, "option",
                                           "position"));
    /* We can play game after game: after `result`, `newgame` instead of
     * `quit` (--keep-bots spares the start of a process per game). */
    botkit_send(bk, line, proto_fmt_id(line, sizeof line, "option",
                                       "newgame"));
    botkit_send(bk, line, proto_fmt_ready(line, sizeof line));
    bk->state = BOTKIT_SETUP;
}

/* `newgame`: forget the game that ended, take new `set` lines, and say
 * when we are ready for them. */
static void botkit_newgame(botkit *bk)
{
    char line[16];
    rules_game_free(bk->g);
    bk->g = NULL;
    bk->game[0] = bk->variant[0] = bk->options[0] = '\0';
    bk->you = 0;
    bk->seed = 0;
    botkit_send(bk, line, proto_fmt_ready(line, sizeof line));
    bk->state = BOTKIT_SETUP;
}

/* Copy a `set` value into a field, refusing values that do not fit. */
static void botkit_keep(botkit *bk, char *dst, size_t len, const char *key,
                        const char *value)
{
    if (strlen(value) >= len) {
        fprintf(stderr, "%s: set %s: value too long, ignored\n",
                bk->bot->name, key);
        return;
    }
    memcpy(dst, value, strlen(value) + 1);
}

/* Remember a `set` line; keys the bot does not use are ignored. */
static void botkit_set(botkit *bk, const char *key, const char *value)
{
    if (strcmp(key, "game") == 0)
        botkit_keep(bk, bk->game, sizeof bk->game, key, value);
    else if (strcmp(key, "variant") == 0)
        botkit_keep(bk, bk->variant, sizeof bk->variant, key, value);
    else if (strcmp(key, "options") == 0)
        botkit_keep(bk, bk->options, sizeof bk->options, key, value);
    else if (strcmp(key, "you") == 0)
        bk->you = atoi(value);
    else if (strcmp(key, "seed") == 0)
        bk->seed = strtoull(value, NULL, 10);
}

/* `start`: make the game, the start position and the seeded generator. */
static void botkit_start(botkit *bk)
{
    char err[RULES_REASON_MAX];
    bk->g = rules_game_new(bk->game, bk->variant[0] ? bk->variant : NULL,
                           bk->options[0] ? bk->options : NULL, err,
                           sizeof err);
    if (!bk->g) {
        fprintf(stderr, "%s: cannot play: %s\n", bk->bot->name, err);
        bk->exit_code = 1;
        return;
    }
    if (bk->you < 0 || bk->you >= rules_seats(bk->g)) {
        fprintf(stderr, "%s: seat %d does not exist in %s\n", bk->bot->name,
                bk->you, bk->game);
        bk->exit_code = 1;
        return;
    }
    rules_start(bk->g, &bk->pos);
    /* Different seats of the same game draw differently from one seed. */
    rng_seed(&bk->r, bk->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(bk->you + 1)));
    (void)rng_next(&bk->r);
    bk->state = BOTKIT_PLAYING;
}

/* `played SEAT TEXT`: follow another seat's move. */
static void botkit_played(botkit *bk, long seat, const char *text)
{
    char why[RULES_REASON_MAX];
    rules_move m;
    if (seat != rules_to_move(bk->g, &bk->pos))
        fprintf(stderr, "%s: played by seat %ld, but seat %d is to move\n",
                bk->bot->name, seat, rules_to_move(bk->g, &bk->pos));
    if (rules_parse_move(bk->g, &bk->pos, text, &m, why, sizeof why) !=
        RULES_OK) {
        fprintf(stderr, "%s: cannot follow 'played %ld %s': %s\n",
                bk->bot->name, seat, text, why);
        bk->exit_code = 1;
        return;
    }
    rules_apply(bk->g, &bk->pos, &m);
}

/* `position LINE`: take the referee's position. */
static void botkit_position(botkit *bk, const char *text)
{
    char why[RULES_REASON_MAX];
    if (rules_pos_read(bk->g, text, &bk->pos, why, sizeof why) != RULES_OK) {
        fprintf(stderr, "%s: cannot read 'position %s': %s\n",
                bk->bot->name, text, why);
        bk->exit_code = 1;
    }
}

/* `turn`: pick a move, send it, and play it on our own board. */
static void botkit_on_turn(botkit *bk, long move_ms, long bank_ms)
{
    char text[RULES_MOVE_TEXT_MAX];
    char line[PROTO_LINE_MAX + 2];
    botkit_turn t = {.g = bk->g, .pos = &bk->pos, .you = bk->you,
                     .r = &bk->r, .move_ms = move_ms, .bank_ms = bank_ms,
                     .started = botkit_now()};
    if (rules_to_move(bk->g, &bk->pos) != bk->you)
        fprintf(stderr, "%s: turn, but our board says seat %d is to move\n",
                bk->bot->name, rules_to_move(bk->g, &bk->pos));
    bool found = bk->bot->choose_timed
                     ? bk->bot->choose_timed(&t, text, sizeof text)
                     : bk->bot->choose(bk->g, &bk->pos, bk->you, &bk->r,
                                       text, sizeof text);
    if (!found) {
        fprintf(stderr, "%s: turn, but no legal move\n", bk->bot->name);
        return;
    }
    botkit_send(bk, line, proto_fmt_move(line, sizeof line, text));
    char why[RULES_REASON_MAX];
    rules_move m;
    if (rules_parse_move(bk->g, &bk->pos, text, &m, why, sizeof why) ==
        RULES_OK)
        rules_apply(bk->g, &bk->pos, &m);
}

/* The transition function: one referee line in the current state. */
static void botkit_handle(botkit *bk, char *line)
{
    proto_msg msg;
    proto_parse_referee_line(line, &msg);
    if (msg.kind == PROTO_MALFORMED) {
        fprintf(stderr, "%s: malformed line ignored: %s\n", bk->bot->name,
                msg.why);
        return;
    }
    if (msg.kind == PROTO_QUIT) {
        bk->exit_code = 0;
        return;
    }
    if (msg.kind == PROTO_UNKNOWN)
        return;
    if (msg.kind == PROTO_NEWGAME && bk->state != BOTKIT_HANDSHAKE) {
        botkit_newgame(bk);
        return;
    }
    switch (bk->state) {
    case BOTKIT_HANDSHAKE:
        if (msg.kind == PROTO_PROTOCOL)
            botkit_handshake(bk, msg.num);
        else if (msg.kind == PROTO_SET)
            botkit_set(bk, msg.key, msg.text);
        return;
    case BOTKIT_SETUP:
        if (msg.kind == PROTO_SET)
            botkit_set(bk, msg.key, msg.text);
        else if (msg.kind == PROTO_START)
            botkit_start(bk);
        return;
    case BOTKIT_PLAYING:
        if (msg.kind == PROTO_PLAYED)
            botkit_played(bk, msg.num, msg.text);
        else if (msg.kind == PROTO_POSITION)
            botkit_position(bk, msg.text);
        else if (msg.kind == PROTO_TURN)
            botkit_on_turn(bk, msg.num, msg.num2);
        else if (msg.kind == PROTO_RESULT)
            fprintf(stderr, "%s: result %s %s\n", bk->bot->name, msg.word,
                    msg.text);
        return;
    }
}

/* Run the bot on stdin/stdout until `quit` or end of input. */
static int botkit_run(int argc, char **argv, const botkit_bot *bot)
{
    botkit bk = {.bot = bot, .state = BOTKIT_HANDSHAKE, .exit_code = -1};
    for (int i = 1; i < argc; i++) {
        int took = 0;
        if (strcmp(argv[i], "--position") == 0) {
            bk.want_position = true;
        } else if (bot->arg && (took = bot->arg(argc, argv, i)) > 0) {
            i += took - 1;
        } else {
            fprintf(stderr, "usage: %s [--position]%s%s\n", argv[0],
                    bot->usage ? " " : "", bot->usage ? bot->usage : "");
            return 100;
        }
    }
    /* A referee that has gone away must not kill us mid-write: we see
     * EPIPE, then end of input. */
    signal(SIGPIPE, SIG_IGN);
    line_reader *lr = line_reader_new();
    if (!lr) {
        fprintf(stderr, "%s: out of memory\n", bot->name);
        return 1;
    }
    while (bk.exit_code < 0) {
        char *line;
        size_t len;
        line_status st;
        while (bk.exit_code < 0 &&
               (st = line_reader_next(lr, &line, &len)) != LINE_NONE) {
            if (st == LINE_OK) {
                botkit_handle(&bk, line);
            } else if (st == LINE_BAD_BYTE) {
                fprintf(stderr, "%s: line with a NUL byte ignored\n",
                        bot->name);
            } else {
                fprintf(stderr, "%s: line too long from referee\n",
                        bot->name);
                bk.exit_code = 1;
            }
        }
        if (bk.exit_code >= 0)
            break;
        size_t room;
        char *dst = line_reader_space(lr, &room);
        ssize_t n = read(STDIN_FILENO, dst, room);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            fprintf(stderr, "%s: read from stdin failed: %s\n", bot->name,
                    strerror(errno));
            bk.exit_code = 1;
        } else if (n == 0) {
            if (line_reader_pending(lr))
                fprintf(stderr, "%s: incomplete last line ignored\n",
                        bot->name);
            bk.exit_code = 0; /* end of input means quit */
        } else {
            line_reader_commit(lr, (size_t)n);
        }
    }
    line_reader_free(lr);
    rules_game_free(bk.g);
    return bk.exit_code;
}

#endif
