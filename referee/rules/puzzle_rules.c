/*
 * puzzle_rules.c - the Pentago Pattern Puzzle contest ("pentago-puzzle")
 * behind the generic rules.h interface: options, notation, legal moves,
 * outcomes, rendering and position lines over the state machine of
 * puzzle.c (puzzle.h says how the contest goes and documents the position
 * line).
 *
 * Variants: 2p (default), 3p, 4p: that many seats, each its own team.
 * Options (canonical order and form: "pattern=ROWS maxlevel=4 replays=2"):
 *   pattern=NAME|ROWS  a shipped pattern's name (puzzle_patterns.c) or nine
 *                      rows of nine of ".wbru" separated by '/'; the
 *                      canonical text holds the rows, so that a record
 *                      replays without the table.
 *   maxlevel=N         the last level, 1-81 (default 4).
 *   replays=N          plays again of a level everybody failed, 0-99
 *                      (default 2).
 *
 * Notation: a breaker's turn "-c4 2R" removes the gem on c4, then turns
 * block 2 clockwise; a mender's turn "c4w 2R" places a white gem on c4
 * (colour letters w, b, r, u), then turns.  Case is ignored; blanks may
 * follow the '-' and the cell, and at least one comes before the turn.
 * In rules_move: step 0 is RULES_STEP_REMOVE or RULES_STEP_PLACE (colour
 * 0..3), step 1 RULES_STEP_ROTATE.  The moves are hidden: the referee
 * shows every seat the position, never the others' moves.
 */
#include "board9.h"
#include "puzzle.h"
#include "puzzle_glue.h"
#include "rules_engine.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const puzzle_colour_names[] = {"white", "black", "red",
                                                  "blue"};

/* ---- options ------------------------------------------------------------ */

/* The shipped patterns' names, comma-separated, for messages. */
static void puzzle_names(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < puzzle_pattern_count() && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "",
                              puzzle_pattern_at(i)->name);
}

static bool puzzle_opt_pattern(puzzle_settings *s, const char *v, size_t len,
                               char *err, size_t errlen)
{
    char why[RULES_REASON_MAX], q[4 * 30 + 1];
    if (memchr(v, '/', len) || len == PUZZLE_ROWS_TEXT - 1) {
        if (!puzzle_rows_read(v, len, s->pattern, why, sizeof why)) {
            snprintf(err, errlen, "pattern: %s", why);
            return false;
        }
    } else {
        const puzzle_pattern *pat = puzzle_pattern_find(v, len);
        if (!pat) {
            char names[256];
            puzzle_names(names, sizeof names);
            snprintf(err, errlen,
                     "pattern: unknown pattern '%s' (known: %s; or nine "
                     "rows of nine of .wbru separated by '/')",
                     rules_quote(v, len < 30 ? len : 30, q, sizeof q),
                     names);
            return false;
        }
        puzzle_rows_read(pat->rows, strlen(pat->rows), s->pattern, why,
                         sizeof why);
    }
    if (puzzle_gems(s->pattern) == 0) {
        snprintf(err, errlen, "pattern: the pattern has no gem");
        return false;
    }
    return true;
}

static bool puzzle_opt_number(int *field, const char *key, const char *v,
                              size_t len, int lo, int hi, char *err,
                              size_t errlen)
{
    char q[4 * 30 + 1];
    if (!rules_read_int(v, len, lo, hi, field)) {
        snprintf(err, errlen, "%s: '%s' is not a number %d-%d", key,
                 rules_quote(v, len < 30 ? len : 30, q, sizeof q), lo, hi);
        return false;
    }
    return true;
}

/* One key=value word w[0..len); seen marks the keys met so far. */
static bool puzzle_option(puzzle_settings *s, const char *w, size_t len,
                          unsigned *seen, char *err, size_t errlen)
{
    static const char *const keys[] = {"pattern", "maxlevel", "replays"};
    char q[4 * 30 + 1];
    const char *eq = memchr(w, '=', len);
    if (!eq || eq == w || eq + 1 == w + len) {
        snprintf(err, errlen, "'%s' is not key=value",
                 rules_quote(w, len < 30 ? len : 30, q, sizeof q));
        return false;
    }
    size_t klen = (size_t)(eq - w), vlen = len - klen - 1;
    for (unsigned k = 0; k < 3; k++) {
        if (strlen(keys[k]) != klen || strncmp(keys[k], w, klen) != 0)
            continue;
        if (*seen >> k & 1) {
            snprintf(err, errlen, "%s given twice", keys[k]);
            return false;
        }
        *seen |= 1u << k;
        if (k == 0)
            return puzzle_opt_pattern(s, eq + 1, vlen, err, errlen);
        if (k == 1)
            return puzzle_opt_number(&s->maxlevel, "maxlevel", eq + 1, vlen,
                                     1, PUZZLE_MAX_LEVEL, err, errlen);
        return puzzle_opt_number(&s->replays, "replays", eq + 1, vlen, 0,
                                 PUZZLE_MAX_REPLAYS, err, errlen);
    }
    snprintf(err, errlen,
             "unknown option '%s' (known: pattern, maxlevel, replays)",
             rules_quote(w, klen < 30 ? klen : 30, q, sizeof q));
    return false;
}

static bool puzzle_setup(rules_game *g, const char *options, char *err,
                         size_t errlen)
{
    puzzle_settings *s = &g->settings.puzzle;
    memset(s, 0, sizeof *s);
    s->nplayers = g->variant[0] - '0'; /* "2p", "3p", "4p" */
    s->maxlevel = 4;
    s->replays = 2;
    const char *def = puzzle_pattern_find(puzzle_pattern_default(),
                                          strlen(puzzle_pattern_default()))
                          ->rows;
    char why[RULES_REASON_MAX];
    puzzle_rows_read(def, strlen(def), s->pattern, why, sizeof why);
    unsigned seen = 0;
    for (const char *p = options;;) {
        p += strspn(p, " \t");
        if (!*p)
            break;
        size_t len = strcspn(p, " \t");
        if (!puzzle_option(s, p, len, &seen, err, errlen))
            return false;
        p += len;
    }
    char rows[PUZZLE_ROWS_TEXT];
    puzzle_rows_write(s->pattern, rows);
    snprintf(g->options, sizeof g->options,
             "pattern=%s maxlevel=%d replays=%d", rows, s->maxlevel,
             s->replays);
    g->nseats = s->nplayers;
    return true;
}

static bool puzzle_same(const rules_game *a, const rules_game *b, char *why,
                        size_t whylen)
{
    const puzzle_settings *x = puzzle_of(a), *y = puzzle_of(b);
    for (int c = 0; c < PUZZLE_CELLS; c++)
        if (x->pattern[c] != y->pattern[c]) {
            char name[3];
            board9_cell_text(c, name);
            snprintf(why, whylen, "pattern: %s is '%c' against '%c'", name,
                     puzzle_colour_char(x->pattern[c]),
                     puzzle_colour_char(y->pattern[c]));
            return false;
        }
    if (x->maxlevel != y->maxlevel) {
        snprintf(why, whylen, "maxlevel=%d against maxlevel=%d", x->maxlevel,
                 y->maxlevel);
        return false;
    }
    if (x->replays != y->replays) {
        snprintf(why, whylen, "replays=%d against replays=%d", x->replays,
                 y->replays);
        return false;
    }
    return true;
}

static const char *puzzle_seat_colour(const rules_game *g, int seat)
{
    (void)g;
    return puzzle_colour_names[seat & 3];
}

static int puzzle_seat_team(const rules_game *g, int seat)
{
    (void)g;
    return seat;
}

/* ---- play --------------------------------------------------------------- */

static void puzzle_rules_start(const rules_game *g, rules_pos *pos)
{
    puzzle_pos p;
    puzzle_start(puzzle_of(g), &p);
    puzzle_put(pos, &p);
}

static int puzzle_to_move(const rules_game *g, const rules_pos *pos)
{
    puzzle_pos p = puzzle_get(pos);
    return puzzle_mover(puzzle_of(g), &p);
}

static int puzzle_ply(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return (int)puzzle_get(pos).ply;
}

static void puzzle_make_move(rules_move *m, int cell, int colour, int turn)
{
    memset(m, 0, sizeof *m);
    m->nsteps = 2;
    m->step[0].kind = colour < 0 ? RULES_STEP_REMOVE : RULES_STEP_PLACE;
    m->step[0].cell = (uint16_t)cell;
    m->step[0].colour = (uint8_t)(colour < 0 ? 0 : colour);
    m->step[1].kind = RULES_STEP_ROTATE;
    m->step[1].block = (uint8_t)(turn / 2);
    m->step[1].dir = (uint8_t)(turn % 2);
}

static const char *puzzle_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Read the notation into cell, colour (-1: a removal) and turn;
 * RULES_MALFORMED with why if it is not a puzzle move. */
static rules_status puzzle_scan(const char *text, int *cell, int *colour,
                                int *turn, char *why, size_t whylen)
{
    char q[4 * 20 + 1], name[3];
    const char *s = puzzle_blanks(text);
    if (!*s) {
        snprintf(why, whylen, "empty move");
        return RULES_MALFORMED;
    }
    bool removal = *s == '-';
    if (removal)
        s = puzzle_blanks(s + 1);
    if ((*cell = board9_parse_cell(&s)) < 0) {
        size_t len = strcspn(s, " \t");
        if (len == 0)
            snprintf(why, whylen, "a cell a1-i9 is missing");
        else
            snprintf(why, whylen, "'%s' is not a cell a1-i9",
                     rules_quote(s, len < 3 ? len : 3, q, sizeof q));
        return RULES_MALFORMED;
    }
    board9_cell_text(*cell, name);
    const char *t = puzzle_blanks(s);
    int letter = *t ? puzzle_colour_of(*t) : -1;
    *colour = letter > 0 ? letter - 1 : -1;
    if (*colour >= 0) {
        if (removal) {
            snprintf(why, whylen, "a removal takes no colour: '-%s 2R' "
                                  "removes the gem on %s, whatever its colour",
                     name, name);
            return RULES_MALFORMED;
        }
        s = t + 1;
        t = puzzle_blanks(s);
    } else if (!removal) {
        snprintf(why, whylen, "the gem's colour is missing after %s: %sw, "
                              "%sb, %sr or %su (or '-%s' to remove a gem)",
                 name, name, name, name, name, name);
        return RULES_MALFORMED;
    }
    if (!*t) {
        snprintf(why, whylen, "a turn is missing after %s: a block 1-9 and "
                              "R or L, e.g. '5R'", name);
        return RULES_MALFORMED;
    }
    if (t == s || (*turn = board9_parse_turn(&t)) < 0) {
        snprintf(why, whylen, "'%s' is not a turn 1R-9L (after a blank)",
                 rules_quote(t, 20, q, sizeof q));
        return RULES_MALFORMED;
    }
    t = puzzle_blanks(t);
    if (*t) {
        snprintf(why, whylen, "unexpected '%s' after the move",
                 rules_quote(t, 20, q, sizeof q));
        return RULES_MALFORMED;
    }
    return RULES_OK;
}

/* "w b" for the colours handed back, or "none". */
static void puzzle_handed_text(const puzzle_pos *p, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int c = 0; c < PUZZLE_COLOURS; c++)
        for (int i = 0; i < p->handed[c] && n < len; i++)
            n += (size_t)snprintf(buf + n, len - n, "%s%c", n ? " " : "",
                                  puzzle_colour_char(c + 1));
    if (!n)
        snprintf(buf, len, "none");
}

/* Is the scanned turn legal for the seat to move in p?  why if not. */
static rules_status puzzle_legal(const puzzle_settings *s,
                                 const puzzle_pos *p, int cell, int colour,
                                 char *why, size_t whylen)
{
    char name[3], handed[2 * PUZZLE_CELLS + 1];
    board9_cell_text(cell, name);
    int seat = puzzle_mover(s, p);
    if (puzzle_over(s, p)) {
        snprintf(why, whylen, "the contest is over");
    } else if (puzzle_breaking(p) && colour >= 0) {
        snprintf(why, whylen, "seat %d breaks now: a breaker removes a gem "
                              "('-%s 2R') and places none", seat, name);
    } else if (!puzzle_breaking(p) && colour < 0) {
        snprintf(why, whylen, "seat %d mends now: a mender places a gem "
                              "('%sw 2R') and removes none", seat, name);
    } else if (colour < 0 && !p->board[cell]) {
        snprintf(why, whylen, "cell %s is empty: there is no gem to remove",
                 name);
    } else if (colour >= 0 && p->board[cell]) {
        snprintf(why, whylen, "cell %s is occupied by a %s gem", name,
                 puzzle_colour_names[p->board[cell] - 1]);
    } else if (colour >= 0 && !p->handed[colour]) {
        puzzle_handed_text(p, handed, sizeof handed);
        snprintf(why, whylen, "no %s gem is handed back to place (handed "
                              "back: %s)", puzzle_colour_names[colour],
                 handed);
    } else {
        return RULES_OK;
    }
    return RULES_ILLEGAL;
}

static rules_status puzzle_parse(const rules_game *g, const rules_pos *pos,
                                 const char *text, rules_move *move,
                                 char *why, size_t whylen)
{
    int cell, colour, turn;
    rules_status st = puzzle_scan(text, &cell, &colour, &turn, why, whylen);
    if (st != RULES_OK)
        return st;
    puzzle_pos p = puzzle_get(pos);
    st = puzzle_legal(puzzle_of(g), &p, cell, colour, why, whylen);
    if (st == RULES_OK)
        puzzle_make_move(move, cell, colour, turn);
    return st;
}

static void puzzle_format(const rules_game *g, const rules_move *move,
                          char *buf, size_t len)
{
    (void)g;
    char cell[3], turn[3];
    board9_cell_text(move->step[0].cell, cell);
    board9_turn_text(move->step[1].block * 2 + move->step[1].dir, turn);
    if (move->step[0].kind == RULES_STEP_REMOVE)
        snprintf(buf, len, "-%s %s", cell, turn);
    else
        snprintf(buf, len, "%s%c %s", cell,
                 puzzle_colour_char(move->step[0].colour + 1), turn);
}

static void puzzle_rules_apply(const rules_game *g, rules_pos *pos,
                               const rules_move *move)
{
    puzzle_pos p = puzzle_get(pos);
    const rules_step *put = &move->step[0], *turn = &move->step[1];
    puzzle_play(puzzle_of(g), &p, put->cell,
                put->kind == RULES_STEP_REMOVE ? -1 : put->colour,
                turn->block, turn->dir);
    puzzle_put(pos, &p);
}

/* Every legal turn in canonical order: cells in order, then colours
 * (w b r u, mender only), then turns 1R, 1L, ..., 9L; out may be NULL
 * (count only).  Returns how many. */
static size_t puzzle_each(const rules_game *g, const rules_pos *pos,
                          rules_move *out, size_t cap, rules_text_fn fn,
                          void *arg)
{
    puzzle_pos p = puzzle_get(pos);
    const puzzle_settings *s = puzzle_of(g);
    if (puzzle_over(s, &p))
        return 0;
    bool breaking = puzzle_breaking(&p);
    size_t n = 0;
    for (int cell = 0; cell < PUZZLE_CELLS; cell++) {
        if (breaking != (p.board[cell] != 0))
            continue;
        for (int c = breaking ? -1 : 0; c < (breaking ? 0 : PUZZLE_COLOURS);
             c++) {
            if (c >= 0 && !p.handed[c])
                continue;
            for (int turn = 0; turn < PUZZLE_TURNS; turn++, n++) {
                if (!out && !fn)
                    continue;
                rules_move m;
                puzzle_make_move(&m, cell, c, turn);
                if (out && n < cap)
                    out[n] = m;
                if (fn)
                    fn(&m, arg);
            }
        }
    }
    return n;
}

static size_t puzzle_legal_moves(const rules_game *g, const rules_pos *pos,
                                 rules_move *out, size_t cap)
{
    return puzzle_each(g, pos, out, cap, NULL, NULL);
}

static size_t puzzle_count(const rules_game *g, const rules_pos *pos)
{
    return puzzle_each(g, pos, NULL, 0, NULL, NULL);
}

/* Every listed move is a distinct text. */
static uint64_t puzzle_each_text(const rules_game *g, const rules_pos *pos,
                                 rules_text_fn fn, void *arg)
{
    return puzzle_each(g, pos, NULL, 0, fn, arg);
}

/* As in Pentago Multiplayer: everyone first is a draw for all; otherwise
 * place 1 wins (shared or not) and any other place loses. */
static void puzzle_results(const rules_game *g, const uint8_t *place,
                           rules_outcome_t *out)
{
    int firsts = 0;
    for (int seat = 0; seat < g->nseats; seat++)
        firsts += place[seat] == 1;
    for (int seat = 0; seat < g->nseats; seat++) {
        out->place[seat] = place[seat];
        out->result[seat] = place[seat] != 1         ? RULES_RESULT_LOSS
                            : firsts == g->nseats ? RULES_RESULT_DRAW
                                                   : RULES_RESULT_WIN;
    }
}

static void puzzle_outcome(const rules_game *g, const rules_pos *pos,
                           rules_outcome_t *out)
{
    puzzle_pos p = puzzle_get(pos);
    out->over = puzzle_over(puzzle_of(g), &p);
    if (!out->over)
        return;
    out->reason = RULES_END_PUZZLE;
    puzzle_results(g, p.place, out);
}

static void puzzle_outcome_fault(const rules_game *g, const rules_pos *pos,
                                 int seat, rules_outcome_t *out)
{
    puzzle_pos p = puzzle_get(pos);
    uint8_t place[PUZZLE_MAX_SEATS];
    puzzle_fault_places(puzzle_of(g), &p, seat, place);
    puzzle_results(g, place, out);
}

/* ---- text --------------------------------------------------------------- */

/* The board and the pattern side by side, then who does what. */
static void puzzle_render(const rules_game *g, const rules_pos *pos,
                          char *buf, size_t len)
{
    const puzzle_settings *s = puzzle_of(g);
    puzzle_pos p = puzzle_get(pos);
    size_t n = 0;
    const char *head = "    a b c   d e f   g h i";
    RULES_PUT("%s      pattern\n", head);
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            RULES_PUT("    ------+-------+------"
                      "       ------+-------+------\n");
        RULES_PUT(" %d  ", r + 1);
        for (int half = 0; half < 2; half++) {
            const uint8_t *b = half ? s->pattern : p.board;
            for (int c = 0; c < 9; c++)
                RULES_PUT("%c%s", puzzle_colour_char(b[r * 9 + c]),
                          c == 2 || c == 5 ? " | " : c < 8 ? " " : "");
            RULES_PUT(half ? "\n" : "       ");
        }
    }
    if (puzzle_over(s, &p)) {
        RULES_PUT("over (puzzle):");
        for (int seat = 0; seat < s->nplayers; seat++)
            RULES_PUT(" seat %d place %d%s", seat, p.place[seat],
                      seat + 1 < s->nplayers ? "," : "\n");
        return;
    }
    char handed[2 * PUZZLE_CELLS + 1];
    puzzle_handed_text(&p, handed, sizeof handed);
    bool breaking = puzzle_breaking(&p);
    RULES_PUT("level %d (replay %d of %d), seat %d's mend: seat %d %s, "
              "turn %d of %d; handed back: %s\n",
              p.level, p.replayed, s->replays, p.mender, puzzle_mover(s, &p),
              breaking ? "breaks" : "mends", p.step % p.level + 1, p.level,
              handed);
    RULES_PUT("players:");
    for (int seat = 0; seat < s->nplayers; seat++) {
        if (p.place[seat])
            RULES_PUT(" %d out (place %d)", seat, p.place[seat]);
        else
            RULES_PUT(" %d in%s", seat,
                      p.failed >> seat & 1 ? " (failed)" : "");
        RULES_PUT("%s", seat + 1 < s->nplayers ? "," : "\n");
    }
}

const rules_engine rules_engine_puzzle = {
    .name = "pentago-puzzle",
    .variants = "2p,3p,4p",
    .options_help =
        "pattern=NAME|ROWS  a shipped pattern (plus, diamonds, smile, "
        "diagonals, stripes, arrow, windmill, spiral, mosaic: "
        "matches/patterns/pentago-puzzle.txt) or nine rows of nine of "
        ".wbru separated by / (default windmill)\n"
        "maxlevel=N  the last level k, 1-81 (default 4)\n"
        "replays=N  plays again of a level every player failed, 0-99 "
        "(default 2)\n",
    .setup = puzzle_setup,
    .same = puzzle_same,
    .seat_colour = puzzle_seat_colour,
    .seat_team = puzzle_seat_team,
    .start = puzzle_rules_start,
    .to_move = puzzle_to_move,
    .ply = puzzle_ply,
    .parse_move = puzzle_parse,
    .format_move = puzzle_format,
    .apply = puzzle_rules_apply,
    .legal_moves = puzzle_legal_moves,
    .count_moves = puzzle_count,
    .outcome = puzzle_outcome,
    .outcome_fault = puzzle_outcome_fault,
    .moves_hidden = true,
    .render = puzzle_render,
    .pos_write = puzzle_pos_write,
    .pos_read = puzzle_pos_read,
    .each_text = puzzle_each_text,
};
