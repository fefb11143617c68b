/*
 * multi_rules.c - Pentago Multiplayer behind the generic rules.h interface:
 * notation, position lines, rendering and outcomes over the bitboards of
 * multi.c.
 *
 * Notation (protocol/RULES.md 5.1, board9.h): "e5 5R" = a gem on column e,
 * row 5, then block 5 (the centre) clockwise; "e5" alone when the placement
 * makes five for the mover.  Case is ignored and blanks may separate the
 * parts.  A turn written after a placement that already makes five is
 * accepted and dropped: the mover has five at the placement, and the
 * canonical text is the bare cell.
 *
 * Outcome: places by competition rank.  When every seat has place 1 all
 * draw; otherwise place 1 wins and every other place loses.  The end
 * reason is that of the move that ended the game; a move that fills the
 * board with two players or more still in ends it as full-board even when
 * it finished someone (the full board, not the five, ended the game).
 * While the game goes on, rules_outcome already gives the places of the
 * seats that finished (result RULES_RESULT_NONE), for the referee to tell
 * them.  A position read from a line does not know its last move: a game
 * over in it ends as five-in-a-row, or full-board when the board is full
 * and the last place shared by players without five.
 *
 * The position line is documented in multi.h and read and written in
 * multi_line.c.
 */
#include "board9.h"
#include "multi.h"
#include "multi_glue.h"
#include "rules_engine.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ---- the game -------------------------------------------------------------- */

static bool multi_setup(rules_game *g, const char *options, char *err,
                        size_t errlen)
{
    if (options[0]) {
        snprintf(err, errlen, "pentago-multi takes no options (got '%s')",
                 options);
        return false;
    }
    multi_settings *s = &g->settings.multi;
    s->team = strcmp(g->variant, "team") == 0;
    s->nplayers = s->team ? 2 : g->variant[0] - '0';
    s->nseats = s->team ? 4 : s->nplayers;
    g->nseats = s->nseats;
    return true;
}

static const char *multi_seat_colour(const rules_game *g, int seat)
{
    return multi_colour_names[multi_colour_of(multi_of(g), seat)];
}

static int multi_seat_team(const rules_game *g, int seat)
{
    return multi_colour_of(multi_of(g), seat);
}

static void multi_rules_start(const rules_game *g, rules_pos *pos)
{
    (void)g;
    multi_pos p;
    multi_start(&p);
    multi_put(pos, &p);
}

static int multi_to_move(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return multi_get(pos).to_move;
}

static int multi_ply(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return multi_get(pos).ply;
}

/* ---- moves ----------------------------------------------------------------- */

static multi_move multi_from_generic(const rules_move *m)
{
    int turn = MULTI_NO_TURN;
    if (m->nsteps > 1)
        turn = m->step[1].block * 2 + m->step[1].dir;
    return multi_make_move(m->step[0].cell, turn);
}

static void multi_to_generic(multi_move mm, rules_move *m)
{
    memset(m, 0, sizeof *m);
    m->nsteps = 1;
    m->step[0].kind = RULES_STEP_PLACE;
    m->step[0].cell = (uint16_t)multi_move_cell(mm);
    int turn = multi_move_turn(mm);
    if (turn == MULTI_NO_TURN)
        return;
    m->nsteps = 2;
    m->step[1].kind = RULES_STEP_ROTATE;
    m->step[1].block = (uint8_t)(turn >> 1);
    m->step[1].dir = (uint8_t)(turn & 1);
}

static const char *multi_skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Read the cell at s into *cell and move *s past it; RULES_MALFORMED
 * with why if there is none. */
static rules_status multi_scan_cell(const char **s, int *cell, char *why,
                                    size_t whylen)
{
    char q[4 * 20 + 1]; /* quoted text for reasons */
    const char *p = *s;
    int col = tolower((unsigned char)p[0]) - 'a';
    if (col < 0 || col >= BOARD9_SIDE) {
        snprintf(why, whylen, "'%s' is not a column a-i",
                 rules_quote(p, 1, q, sizeof q));
        return RULES_MALFORMED;
    }
    if (p[1] < '1' || p[1] > '9') {
        if (p[1])
            snprintf(why, whylen, "'%s' is not a row 1-9",
                     rules_quote(p + 1, 1, q, sizeof q));
        else
            snprintf(why, whylen, "row missing after column '%c'", p[0]);
        return RULES_MALFORMED;
    }
    if (isdigit((unsigned char)p[2])) {
        snprintf(why, whylen, "'%s' is not a row 1-9",
                 rules_quote(p + 1, strspn(p + 1, "0123456789"), q,
                             sizeof q));
        return RULES_MALFORMED;
    }
    *cell = board9_parse_cell(s);
    return RULES_OK;
}

/* Read the turn at t into *turn; RULES_MALFORMED with why if there is
 * none. */
static rules_status multi_scan_turn(const char *t, int *turn, char *why,
                                    size_t whylen)
{
    char q[4 * 20 + 1];
    if (t[0] < '1' || t[0] > '9' || isdigit((unsigned char)t[1])) {
        snprintf(why, whylen, "'%s' is not a block 1-9",
                 rules_quote(t, isdigit((unsigned char)t[0])
                                    ? strspn(t, "0123456789")
                                    : 1,
                             q, sizeof q));
        return RULES_MALFORMED;
    }
    int d = toupper((unsigned char)t[1]);
    if (d != 'R' && d != 'L') {
        if (t[1])
            snprintf(why, whylen, "'%s' is not a direction R or L",
                     rules_quote(t + 1, 1, q, sizeof q));
        else
            snprintf(why, whylen, "direction R or L missing after block");
        return RULES_MALFORMED;
    }
    const char *rest = multi_skip_blanks(t + 2);
    if (*rest) {
        snprintf(why, whylen, "unexpected '%s' after the move",
                 rules_quote(rest, 20, q, sizeof q));
        return RULES_MALFORMED;
    }
    *turn = board9_parse_turn(&t);
    return RULES_OK;
}

/* Read the notation into cell and turn (MULTI_NO_TURN for a bare cell). */
static rules_status multi_scan(const char *text, int *cell, int *turn,
                               char *why, size_t whylen)
{
    char q[4 * 20 + 1];
    const char *s = multi_skip_blanks(text);
    if (!*s) {
        snprintf(why, whylen, "empty move");
        return RULES_MALFORMED;
    }
    const char *at = s;
    rules_status st = multi_scan_cell(&s, cell, why, whylen);
    if (st != RULES_OK)
        return st;
    *turn = MULTI_NO_TURN;
    const char *t = multi_skip_blanks(s);
    if (!*t)
        return RULES_OK;
    if (t == s) {
        snprintf(why, whylen, "unexpected '%s' after cell %.2s",
                 rules_quote(t, 20, q, sizeof q), at);
        return RULES_MALFORMED;
    }
    return multi_scan_turn(t, turn, why, whylen);
}

static rules_status multi_parse(const rules_game *g, const rules_pos *pos,
                                const char *text, rules_move *move,
                                char *why, size_t whylen)
{
    int cell, turn;
    rules_status st = multi_scan(text, &cell, &turn, why, whylen);
    if (st != RULES_OK)
        return st;
    multi_pos p = multi_get(pos);
    char name[3];
    board9_cell_text(cell, name);
    if (p.over) {
        snprintf(why, whylen, "the game is already over");
        return RULES_ILLEGAL;
    }
    int owner = multi_cell_owner(&p, cell);
    if (owner >= 0) {
        snprintf(why, whylen, "cell %s is occupied by %s", name,
                 multi_colour_names[owner]);
        return RULES_ILLEGAL;
    }
    multi_bits mine = p.gems[multi_colour_of(multi_of(g), p.to_move)];
    multi_bits bit = multi_cell_bit(cell);
    if (multi_five_cells(mine, bit)) {
        turn = MULTI_NO_TURN;
    } else if (turn == MULTI_NO_TURN) {
        snprintf(why, whylen,
                 "a block turn is required: a gem on %s does not make five",
                 name);
        return RULES_ILLEGAL;
    }
    multi_to_generic(multi_make_move(cell, turn), move);
    return RULES_OK;
}

static void multi_format(const rules_game *g, const rules_move *move,
                         char *buf, size_t len)
{
    (void)g;
    multi_move m = multi_from_generic(move);
    char cell[3], turn[3];
    board9_cell_text(multi_move_cell(m), cell);
    if (multi_move_turn(m) == MULTI_NO_TURN) {
        snprintf(buf, len, "%s", cell);
        return;
    }
    board9_turn_text(multi_move_turn(m), turn);
    snprintf(buf, len, "%s %s", cell, turn);
}

static void multi_rules_apply(const rules_game *g, rules_pos *pos,
                              const rules_move *move)
{
    multi_pos p = multi_get(pos);
    multi_apply(&p, multi_of(g), multi_from_generic(move));
    multi_put(pos, &p);
}

static size_t multi_rules_legal(const rules_game *g, const rules_pos *pos,
                                rules_move *out, size_t cap)
{
    multi_move moves[MULTI_MAX_MOVES];
    multi_pos p = multi_get(pos);
    int n = multi_legal_moves(&p, multi_of(g), moves);
    for (int i = 0; i < n && (size_t)i < cap; i++)
        multi_to_generic(moves[i], &out[i]);
    return (size_t)n;
}

static size_t multi_rules_count(const rules_game *g, const rules_pos *pos)
{
    multi_pos p = multi_get(pos);
    return (size_t)multi_count_moves(&p, multi_of(g));
}

/* ---- outcomes ---------------------------------------------------------------- */

static rules_end multi_end_of(multi_status st)
{
    switch (st) {
    case MULTI_FIVE_PLACEMENT: return RULES_END_FIVE_PLACEMENT;
    case MULTI_FIVE_ROTATION: return RULES_END_FIVE_ROTATION;
    case MULTI_FIVE_OTHERS: return RULES_END_FIVE_OPPONENT;
    case MULTI_FIVE_BOTH: return RULES_END_FIVE_BOTH;
    case MULTI_FULL: return RULES_END_FULL_BOARD;
    case MULTI_FIVE_READ: return RULES_END_FIVE;
    default: return RULES_END_NONE;
    }
}

/* Result words from the places: all first -> all draw; otherwise first
 * wins and the rest lose. */
static void multi_words(rules_outcome_t *out, int nseats)
{
    bool all_first = true;
    for (int s = 0; s < nseats; s++)
        all_first &= out->place[s] == 1;
    for (int s = 0; s < nseats; s++)
        out->result[s] = all_first           ? RULES_RESULT_DRAW
                         : out->place[s] == 1 ? RULES_RESULT_WIN
                                              : RULES_RESULT_LOSS;
}

static void multi_rules_outcome(const rules_game *g, const rules_pos *pos,
                                rules_outcome_t *out)
{
    const multi_settings *s = multi_of(g);
    multi_pos p = multi_get(pos);
    for (int seat = 0; seat < s->nseats; seat++)
        out->place[seat] = p.place[multi_colour_of(s, seat)];
    out->over = p.over;
    if (!p.over)
        return;
    out->reason = multi_end_of((multi_status)p.status);
    multi_words(out, s->nseats);
}

/* All against all: the places won stand (the faulting seat's too, if it
 * had finished), the seat at fault is otherwise last alone, and the
 * players still in share the best place left.  Team play: the
 * team at fault loses (as rules.c does for games without this hook). */
static void multi_outcome_fault(const rules_game *g, const rules_pos *pos,
                                int seat, rules_outcome_t *out)
{
    const multi_settings *s = multi_of(g);
    multi_pos p = multi_get(pos);
    if (s->team) {
        for (int t = 0; t < s->nseats; t++)
            out->place[t] = t % 2 == seat % 2 ? 2 : 1;
        multi_words(out, s->nseats);
        return;
    }
    /* A seat that finished before it broke a rule keeps its place. */
    int decided = 0;
    for (int c = 0; c < s->nplayers; c++)
        decided += c != seat && p.place[c];
    for (int c = 0; c < s->nplayers; c++)
        out->place[c] = p.place[c]  ? p.place[c]
                        : c == seat ? (uint8_t)s->nplayers
                                    : (uint8_t)(decided + 1 +
                                                (p.place[seat] != 0));
    multi_words(out, s->nseats);
}

/* ---- rendering ----------------------------------------------------------------- */


/* The places of the finished colours, "black 1, white 2", or "". */
static void multi_render_places(const multi_settings *s, const multi_pos *p,
                                char *buf, size_t len)
{
    size_t n = 0;
    const char *sep = "";
    buf[0] = 0;
    for (int c = 0; c < s->nplayers; c++) {
        if (!p->place[c])
            continue;
        RULES_PUT("%s%s %d", sep, multi_colour_names[c], p->place[c]);
        sep = ", ";
    }
}

static void multi_render(const rules_game *g, const rules_pos *pos,
                         char *buf, size_t len)
{
    const multi_settings *s = multi_of(g);
    multi_pos p = multi_get(pos);
    size_t n = 0;
    RULES_PUT("    a b c   d e f   g h i\n");
    for (int r = 0; r < MULTI_SIDE; r++) {
        if (r == 3 || r == 6)
            RULES_PUT("    ------+-------+------\n");
        RULES_PUT(" %d  ", r + 1);
        for (int c = 0; c < MULTI_SIDE; c++)
            RULES_PUT("%c%s", multi_cell_char(&p, r * MULTI_SIDE + c),
                      c == 2 || c == 5 ? " | " : c == 8 ? "\n" : " ");
    }
    char places[96];
    multi_render_places(s, &p, places, sizeof places);
    if (!p.over) {
        RULES_PUT("%s to move (seat %d)\n",
                  multi_colour_names[multi_colour_of(s, p.to_move)],
                  p.to_move);
        if (places[0])
            RULES_PUT("finished: %s\n", places);
        return;
    }
    const char *reason = rules_end_name(multi_end_of((multi_status)p.status));
    bool draw = true;
    for (int c = 0; c < s->nplayers; c++)
        draw &= p.place[c] == 1;
    if (draw)
        RULES_PUT("draw (%s)\n", reason);
    else
        RULES_PUT("places: %s (%s)\n", places, reason);
}

/* ---- counting -------------------------------------------------------------- */

static uint64_t multi_rules_perft(const rules_game *g, const rules_pos *pos,
                                  int depth)
{
    multi_pos p = multi_get(pos);
    return multi_perft(&p, multi_of(g), depth);
}

/* The listed moves are every distinct text: a bare cell only where the
 * placement makes five (a turn after it is dropped), and each turn, even
 * of a block it leaves as it was. */
static uint64_t multi_rules_each_text(const rules_game *g,
                                      const rules_pos *pos,
                                      rules_text_fn fn, void *arg)
{
    multi_move moves[MULTI_MAX_MOVES];
    multi_pos p = multi_get(pos);
    int n = multi_legal_moves(&p, multi_of(g), moves);
    for (int i = 0; fn && i < n; i++) {
        rules_move m;
        multi_to_generic(moves[i], &m);
        fn(&m, arg);
    }
    return (uint64_t)n;
}

const rules_engine rules_engine_multi = {
    .name = "pentago-multi",
    .variants = "2p,3p,4p,team",
    .options_help = NULL,
    .setup = multi_setup,
    .seat_colour = multi_seat_colour,
    .seat_team = multi_seat_team,
    .start = multi_rules_start,
    .to_move = multi_to_move,
    .ply = multi_ply,
    .parse_move = multi_parse,
    .format_move = multi_format,
    .apply = multi_rules_apply,
    .legal_moves = multi_rules_legal,
    .count_moves = multi_rules_count,
    .outcome = multi_rules_outcome,
    .outcome_fault = multi_outcome_fault,
    .render = multi_render,
    .pos_write = multi_pos_write,
    .pos_read = multi_pos_read,
    .perft = multi_rules_perft,
    .each_text = multi_rules_each_text,
    .perft_texts = multi_rules_perft,
};
