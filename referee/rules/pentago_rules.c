/*
 * pentago_rules.c - Pentago behind the generic rules.h interface: notation,
 * position lines, rendering and outcomes over the bitboards of pentago.c.
 *
 * Notation (protocol/RULES.md): "c4 2R" = marble on column c, row 4, then
 * quadrant 2 clockwise; "c4" alone when the placement makes five.  Case is
 * ignored and blanks may separate the parts.  A rotation written after a
 * placement that already makes five is accepted and dropped: the game ends
 * with the placement (rule 7: no quadrant needs to be turned), and the
 * canonical text is the bare cell.
 *
 * Position line: six rows of six cells, row 1 first, rows separated by '/',
 * '.' empty, 'w' white (seat 0), 'b' black (seat 1); a blank; the colour to
 * move.  The empty board is "....../....../....../....../....../...... w".
 */
#include "pentago.h"
#include "rules_engine.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static pentago_pos pentago_get(const rules_pos *pos)
{
    pentago_pos p;
    memcpy(&p, pos->opaque, sizeof p);
    return p;
}

static void pentago_put(rules_pos *pos, const pentago_pos *p)
{
    memcpy(pos->opaque, p, sizeof *p);
}

static pentago_ruleset pentago_rules_of(const rules_game *g)
{
    return g->settings.pentago;
}

static bool pentago_setup(rules_game *g, const char *options, char *err,
                          size_t errlen)
{
    if (options[0]) {
        snprintf(err, errlen, "pentago takes no options (got '%s')",
                 options);
        return false;
    }
    g->nseats = 2;
    g->settings.pentago = strcmp(g->variant, "standard") == 0
                              ? PENTAGO_STANDARD
                              : PENTAGO_SWISS_2010;
    return true;
}

static const char *pentago_seat_colour(const rules_game *g, int seat)
{
    (void)g;
    return seat == 0 ? "white" : "black";
}

static int pentago_seat_team(const rules_game *g, int seat)
{
    (void)g;
    return seat;
}

static void pentago_rules_start(const rules_game *g, rules_pos *pos)
{
    (void)g;
    pentago_pos p;
    pentago_start(&p);
    pentago_put(pos, &p);
}

static int pentago_to_move(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return pentago_get(pos).to_move;
}

static int pentago_ply(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return pentago_get(pos).ply;
}

static pentago_move pentago_from_generic(const rules_move *m)
{
    int rot = PENTAGO_NO_ROT;
    if (m->nsteps > 1)
        rot = m->step[1].block * 2 + m->step[1].dir;
    return pentago_make_move(m->step[0].cell, rot);
}

static void pentago_to_generic(pentago_move pm, rules_move *m)
{
    memset(m, 0, sizeof *m);
    m->nsteps = 1;
    m->step[0].kind = RULES_STEP_PLACE;
    m->step[0].cell = (uint16_t)pentago_move_cell(pm);
    int rot = pentago_move_rot(pm);
    if (rot == PENTAGO_NO_ROT)
        return;
    m->nsteps = 2;
    m->step[1].kind = RULES_STEP_ROTATE;
    m->step[1].block = (uint8_t)(rot >> 1);
    m->step[1].dir = (uint8_t)(rot & 1);
}

static const char *pentago_skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Read the notation into cell and rot; RULES_MALFORMED with why if not. */
static rules_status pentago_scan(const char *text, int *cell, int *rot,
                                 char *why, size_t whylen)
{
    char q[4 * 20 + 1]; /* quoted text for reasons */
    const char *s = pentago_skip_blanks(text);
    if (!*s) {
        snprintf(why, whylen, "empty move");
        return RULES_MALFORMED;
    }
    int col = tolower((unsigned char)s[0]) - 'a';
    if (col < 0 || col > 5) {
        snprintf(why, whylen, "'%s' is not a column a-f",
                 rules_quote(s, 1, q, sizeof q));
        return RULES_MALFORMED;
    }
    if (s[1] < '1' || s[1] > '6') {
        if (s[1])
            snprintf(why, whylen, "'%s' is not a row 1-6",
                     rules_quote(s + 1, 1, q, sizeof q));
        else
            snprintf(why, whylen, "row missing after column '%c'", s[0]);
        return RULES_MALFORMED;
    }
    *cell = (s[1] - '1') * 6 + col;
    *rot = PENTAGO_NO_ROT;
    const char *t = pentago_skip_blanks(s + 2);
    if (!*t)
        return RULES_OK;
    if (t == s + 2) {
        snprintf(why, whylen, "unexpected '%s' after cell %.2s",
                 rules_quote(t, 20, q, sizeof q), s);
        return RULES_MALFORMED;
    }
    if (t[0] < '1' || t[0] > '4') {
        snprintf(why, whylen, "'%s' is not a quadrant 1-4",
                 rules_quote(t, 1, q, sizeof q));
        return RULES_MALFORMED;
    }
    int dir = toupper((unsigned char)t[1]);
    if (dir != 'R' && dir != 'L') {
        if (t[1])
            snprintf(why, whylen, "'%s' is not a direction R or L",
                     rules_quote(t + 1, 1, q, sizeof q));
        else
            snprintf(why, whylen, "direction R or L missing after quadrant");
        return RULES_MALFORMED;
    }
    const char *rest = pentago_skip_blanks(t + 2);
    if (*rest) {
        snprintf(why, whylen, "unexpected '%s' after the move",
                 rules_quote(rest, 20, q, sizeof q));
        return RULES_MALFORMED;
    }
    *rot = (t[0] - '1') * 2 + (dir == 'L');
    return RULES_OK;
}

static rules_status pentago_parse(const rules_game *g, const rules_pos *pos,
                                  const char *text, rules_move *move,
                                  char *why, size_t whylen)
{
    (void)g;
    int cell, rot;
    rules_status st = pentago_scan(text, &cell, &rot, why, whylen);
    if (st != RULES_OK)
        return st;
    pentago_pos p = pentago_get(pos);
    char name[3] = {(char)('a' + cell % 6), (char)('1' + cell / 6), 0};
    if (p.status != PENTAGO_ONGOING) {
        snprintf(why, whylen, "the game is already over");
        return RULES_ILLEGAL;
    }
    int owner = pentago_cell_owner(&p, cell);
    if (owner >= 0) {
        snprintf(why, whylen, "cell %s is occupied by %s", name,
                 owner == 0 ? "white" : "black");
        return RULES_ILLEGAL;
    }
    bool wins = pentago_winning_cells(&p) & pentago_cell_bit(cell);
    if (wins)
        rot = PENTAGO_NO_ROT;
    else if (rot == PENTAGO_NO_ROT) {
        snprintf(why, whylen,
                 "a rotation is required: placing on %s does not make five",
                 name);
        return RULES_ILLEGAL;
    }
    pentago_to_generic(pentago_make_move(cell, rot), move);
    return RULES_OK;
}

static void pentago_format(const rules_game *g, const rules_move *move,
                           char *buf, size_t len)
{
    (void)g;
    pentago_move m = pentago_from_generic(move);
    int cell = pentago_move_cell(m), rot = pentago_move_rot(m);
    if (rot == PENTAGO_NO_ROT)
        snprintf(buf, len, "%c%c", 'a' + cell % 6, '1' + cell / 6);
    else
        snprintf(buf, len, "%c%c %d%c", 'a' + cell % 6, '1' + cell / 6,
                 (rot >> 1) + 1, (rot & 1) ? 'L' : 'R');
}

static void pentago_rules_apply(const rules_game *g, rules_pos *pos,
                                const rules_move *move)
{
    pentago_pos p = pentago_get(pos);
    pentago_apply(&p, pentago_from_generic(move), pentago_rules_of(g));
    pentago_put(pos, &p);
}

static size_t pentago_rules_legal(const rules_game *g, const rules_pos *pos,
                                  rules_move *out, size_t cap)
{
    (void)g;
    pentago_move moves[PENTAGO_MAX_MOVES];
    pentago_pos p = pentago_get(pos);
    int n = pentago_legal_moves(&p, moves);
    for (int i = 0; i < n && (size_t)i < cap; i++)
        pentago_to_generic(moves[i], &out[i]);
    return (size_t)n;
}

static size_t pentago_rules_count(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    pentago_pos p = pentago_get(pos);
    return (size_t)pentago_count_moves(&p);
}

static rules_end pentago_end_of(pentago_status st)
{
    switch (st) {
    case PENTAGO_WIN_PLACEMENT: return RULES_END_FIVE_PLACEMENT;
    case PENTAGO_WIN_ROTATION: return RULES_END_FIVE_ROTATION;
    case PENTAGO_LOSS_ROTATION: return RULES_END_FIVE_OPPONENT;
    case PENTAGO_BOTH_DRAW:
    case PENTAGO_BOTH_MOVER: return RULES_END_FIVE_BOTH;
    case PENTAGO_FULL_DRAW: return RULES_END_FULL_BOARD;
    case PENTAGO_FIVE_READ: return RULES_END_FIVE;
    default: return RULES_END_NONE;
    }
}

static void pentago_rules_outcome(const rules_game *g, const rules_pos *pos,
                                  rules_outcome_t *out)
{
    (void)g;
    pentago_pos p = pentago_get(pos);
    out->over = p.status != PENTAGO_ONGOING;
    out->reason = pentago_end_of((pentago_status)p.status);
    if (!out->over)
        return;
    for (int s = 0; s < 2; s++) {
        if (p.winner < 0) {
            out->result[s] = RULES_RESULT_DRAW;
            out->place[s] = 1;
        } else {
            bool won = s == p.winner;
            out->result[s] = won ? RULES_RESULT_WIN : RULES_RESULT_LOSS;
            out->place[s] = won ? 1 : 2;
            /* Tournament rule 5: 18 minus the marbles the winner placed. */
            if (won)
                out->win_points[s] = 18 - __builtin_popcountll(p.side[s]);
        }
    }
}

static char pentago_cell_char(const pentago_pos *p, int cell)
{
    static const char chars[] = {'.', 'w', 'b'};
    return chars[pentago_cell_owner(p, cell) + 1];
}

static void pentago_render(const rules_game *g, const rules_pos *pos,
                           char *buf, size_t len)
{
    pentago_pos p = pentago_get(pos);
    size_t n = 0;
    RULES_PUT("    a b c   d e f\n");
    for (int r = 0; r < 6; r++) {
        if (r == 3)
            RULES_PUT("    ------+------\n");
        RULES_PUT(" %d  ", r + 1);
        for (int c = 0; c < 6; c++)
            RULES_PUT("%c%s", pentago_cell_char(&p, r * 6 + c),
                      c == 2 ? " | " : c == 5 ? "\n" : " ");
    }
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    if (!o.over)
        RULES_PUT("%s to move\n", p.to_move ? "black" : "white");
    else if (p.winner < 0)
        RULES_PUT("draw (%s)\n", rules_end_name(o.reason));
    else
        RULES_PUT("%s wins (%s)\n", p.winner ? "black" : "white",
                  rules_end_name(o.reason));
}

static void pentago_pos_write(const rules_game *g, const rules_pos *pos,
                              char *buf, size_t len)
{
    (void)g;
    pentago_pos p = pentago_get(pos);
    char line[48];
    size_t n = 0;
    for (int cell = 0; cell < PENTAGO_CELLS; cell++) {
        if (cell && cell % 6 == 0)
            line[n++] = '/';
        line[n++] = pentago_cell_char(&p, cell);
    }
    line[n++] = ' ';
    line[n++] = p.to_move ? 'b' : 'w';
    line[n] = 0;
    snprintf(buf, len, "%s", line);
}

/* Derive the outcome of a position read from text from its fives. */
static void pentago_settle_read(pentago_pos *p, pentago_ruleset rules)
{
    bool five[2] = {pentago_has_five(p->side[0]),
                    pentago_has_five(p->side[1])};
    int last = !p->to_move;
    if (five[0] || five[1]) {
        p->status = PENTAGO_FIVE_READ;
        if (five[0] && five[1])
            p->winner = rules == PENTAGO_SWISS_2010 ? (int8_t)last : -1;
        else
            p->winner = five[0] ? 0 : 1;
    } else if (p->ply == PENTAGO_CELLS) {
        p->status = PENTAGO_FULL_DRAW;
    }
}

static rules_status pentago_pos_read(const rules_game *g, const char *line,
                                     rules_pos *pos, char *why,
                                     size_t whylen)
{
    pentago_pos p;
    pentago_start(&p);
    const char *s = line;
    int count[2] = {0, 0};
    for (int cell = 0; cell < PENTAGO_CELLS; cell++, s++) {
        if (cell && cell % 6 == 0 && *s++ != '/') {
            snprintf(why, whylen, "expected '/' before row %d", cell / 6 + 1);
            return RULES_BAD_POS;
        }
        int who = *s == 'w' ? 0 : *s == 'b' ? 1 : *s == '.' ? -1 : -2;
        if (who == -2) {
            char q[8];
            if (!*s)
                snprintf(why, whylen, "row %d is too short", cell / 6 + 1);
            else
                snprintf(why, whylen, "row %d: '%s' is not '.', 'w' or 'b'",
                         cell / 6 + 1, rules_quote(s, 1, q, sizeof q));
            return RULES_BAD_POS;
        }
        if (who >= 0) {
            p.side[who] |= pentago_cell_bit(cell);
            count[who]++;
        }
    }
    if (s[0] != ' ' || (s[1] != 'w' && s[1] != 'b') || s[2]) {
        snprintf(why, whylen, "expected ' w' or ' b' (the colour to move) "
                              "after the six rows");
        return RULES_BAD_POS;
    }
    p.to_move = s[1] == 'b';
    if (count[0] - count[1] != p.to_move) {
        snprintf(why, whylen,
                 "%d white and %d black marbles cannot have %s to move",
                 count[0], count[1], p.to_move ? "black" : "white");
        return RULES_BAD_POS;
    }
    p.ply = (uint8_t)(count[0] + count[1]);
    pentago_settle_read(&p, pentago_rules_of(g));
    pentago_put(pos, &p);
    return RULES_OK;
}

static uint64_t pentago_rules_perft(const rules_game *g, const rules_pos *pos,
                                    int depth)
{
    pentago_pos p = pentago_get(pos);
    return pentago_perft(&p, depth, pentago_rules_of(g));
}

/* The listed moves are every distinct text: a bare cell only where the
 * placement makes five (a rotation after it is dropped), and each
 * rotation, even of a quadrant it leaves as it was. */
static uint64_t pentago_rules_each_text(const rules_game *g,
                                        const rules_pos *pos,
                                        rules_text_fn fn, void *arg)
{
    (void)g;
    pentago_move moves[PENTAGO_MAX_MOVES];
    pentago_pos p = pentago_get(pos);
    int n = pentago_legal_moves(&p, moves);
    for (int i = 0; fn && i < n; i++) {
        rules_move m;
        pentago_to_generic(moves[i], &m);
        fn(&m, arg);
    }
    return (uint64_t)n;
}

const rules_engine rules_engine_pentago = {
    .name = "pentago",
    .variants = "swiss-2010,standard",
    .options_help = NULL,
    .setup = pentago_setup,
    .seat_colour = pentago_seat_colour,
    .seat_team = pentago_seat_team,
    .start = pentago_rules_start,
    .to_move = pentago_to_move,
    .ply = pentago_ply,
    .parse_move = pentago_parse,
    .format_move = pentago_format,
    .apply = pentago_rules_apply,
    .legal_moves = pentago_rules_legal,
    .count_moves = pentago_rules_count,
    .outcome = pentago_rules_outcome,
    .render = pentago_render,
    .pos_write = pentago_pos_write,
    .pos_read = pentago_pos_read,
    .perft = pentago_rules_perft,
    .each_text = pentago_rules_each_text,
    .perft_texts = pentago_rules_perft,
};
