/*
 * rules_engine.h - what a game's engine provides to rules.c.  Only engines
 * and rules.c include this; everyone else uses rules.h.
 */
#ifndef RULES_ENGINE_H
#define RULES_ENGINE_H

#include "multi.h"
#include "pentago.h"
#include "pente.h"
#include "puzzle.h"
#include "rules.h"

#include <stdio.h>

typedef struct rules_engine rules_engine;

struct rules_game {
    const rules_engine *engine;
    char variant[32];
    char options[256]; /* canonical, written by setup */
    int nseats;
    union { /* the engine's settings, typed, filled once by setup */
        pentago_ruleset pentago;
        pente_settings pente;
        multi_settings multi;
        puzzle_settings puzzle;
    } settings;
};

struct rules_engine {
    const char *name;
    const char *variants; /* comma-separated; the first is the default */
    /* For --help: one line per option, "key=VALUES  meaning (default)",
     * or NULL when the game has no options. */
    const char *options_help;
    /* Read g->variant (known) and options (never NULL) into g->settings,
     * write their canonical text into g->options and set nseats; return
     * false with a reason naming the option on error. */
    bool (*setup)(rules_game *g, const char *options, char *err,
                  size_t errlen);
    /* Do a and b, of this engine and the same variant, have the same
     * settings?  False with the first difference in why (rules.h,
     * rules_game_same).  NULL if the variant decides everything. */
    bool (*same)(const rules_game *a, const rules_game *b, char *why,
                 size_t whylen);
    const char *(*seat_colour)(const rules_game *g, int seat);
    int (*seat_team)(const rules_game *g, int seat);
    void (*start)(const rules_game *g, rules_pos *pos);
    int (*to_move)(const rules_game *g, const rules_pos *pos);
    int (*ply)(const rules_game *g, const rules_pos *pos);
    rules_status (*parse_move)(const rules_game *g, const rules_pos *pos,
                               const char *text, rules_move *move, char *why,
                               size_t whylen);
    void (*format_move)(const rules_game *g, const rules_move *move,
                        char *buf, size_t len);
    void (*apply)(const rules_game *g, rules_pos *pos,
                  const rules_move *move);
    size_t (*legal_moves)(const rules_game *g, const rules_pos *pos,
                          rules_move *out, size_t cap);
    size_t (*count_moves)(const rules_game *g, const rules_pos *pos);
    void (*outcome)(const rules_game *g, const rules_pos *pos,
                    rules_outcome_t *out);
    /* rules.h, rules_outcome_fault; NULL: the faulting seat's team loses
     * and every other team wins. */
    void (*outcome_fault)(const rules_game *g, const rules_pos *pos,
                          int seat, rules_outcome_t *out);
    /* rules.h, rules_moves_hidden. */
    bool moves_hidden;
    void (*render)(const rules_game *g, const rules_pos *pos, char *buf,
                   size_t len);
    void (*pos_write)(const rules_game *g, const rules_pos *pos, char *buf,
                      size_t len);
    rules_status (*pos_read)(const rules_game *g, const char *line,
                             rules_pos *pos, char *why, size_t whylen);
    /* Optional fast perft; rules.c falls back to a generic one. */
    uint64_t (*perft)(const rules_game *g, const rules_pos *pos, int depth);
    /* Every distinct legal move text (rules.h, rules_each_move_text). */
    uint64_t (*each_text)(const rules_game *g, const rules_pos *pos,
                          rules_text_fn fn, void *arg);
    /* Optional fast perft over every text (an engine whose listed moves
     * are every text gives its perft); rules.c falls back to a generic
     * one over each_text. */
    uint64_t (*perft_texts)(const rules_game *g, const rules_pos *pos,
                            int depth);
};

/* For engines writing text into buf (len bytes, n of them used so far),
 * as snprintf does: n counts what would have been written, so n >= len
 * says the text was cut. */
#define RULES_PUT(...)                                                        \
    do {                                                                      \
        int k_ = snprintf(buf + (n < len ? n : len), n < len ? len - n : 0,   \
                          __VA_ARGS__);                                       \
        n += k_ > 0 ? (size_t)k_ : 0;                                         \
    } while (0)

/* For engines reading options and position lines: a whole number of at
 * most 6 digits (digits only) from v[0..len), in [lo, hi]. */
bool rules_read_int(const char *v, size_t len, int lo, int hi, int *out);

extern const rules_engine rules_engine_pentago;
extern const rules_engine rules_engine_pente;
extern const rules_engine rules_engine_multi;
extern const rules_engine rules_engine_puzzle;

#endif
