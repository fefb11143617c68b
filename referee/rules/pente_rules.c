/*
 * pente_rules.c - Pente, Pente Plus, Partner-Pente and Team-Pente behind the
 * generic rules.h interface: notation, position lines, rendering and
 * outcomes over the engine of pente.c and the settings of
 * pente_settings.c.
 *
 * Game "pente", variants (the first is the default):
 *   standard  2 seats: white (seat 0), black (seat 1).
 *   plus      Pente Plus, 2 seats, 2 power stones each (the PENTE rulebook).
 *   partner   Partner-PENTE: 4 seats; seats 0 and 2 (team 0) play white,
 *             seats 1 and 3 (team 1) black; partners alternate.
 *   team      Team-PENTE: 4 seats, 4 colours white, black, red, blue in seat
 *             order; seats 0 and 2 are team 0, seats 1 and 3 team 1.
 *
 * Options: opening, movecap, captures and (plus) diamonds, read once into
 * the game's pente_settings (pente_settings.h says what they mean);
 * rules_options_text() is their canonical text.
 *
 * Notation: an intersection is a column A-T without I and a row 1-19 from
 * bottom to top ("K10" is the centre); lower case is accepted, the canonical
 * form is upper case.  A move is one intersection ("K10").  Pente Plus:
 *   - a power stone is marked with '*': "L12*";
 *   - after a power stone the bonus stone may follow, separated by blanks:
 *     "L12* D4" (the bonus stone is a plain stone of the mover's colour on
 *     an empty diamond point);
 *   - each placement may carry a '/' and one letter per power stone on the
 *     board, in cell order (row 19 first, A to T within a row), saying
 *     which colour it counts as for that placement: "L12/bw" = the first
 *     counts as black, the second as white.  The power stone placed by the
 *     move itself always counts as the mover's and is not listed; for the
 *     bonus stone the list covers the power stones left after the first
 *     placement's captures.  Stones not listed count as the mover's, so the
 *     list may stop after the last stone given to the opponent, and no '/'
 *     at all means every power stone counts as the mover's.  The canonical
 *     form is the shortest.
 * In rules_move: step 0 is RULES_STEP_PLACE with power = 1 for a power
 * stone, step 1 (optional, Plus only) the bonus stone.  power_as bit i set =
 * the i-th listed power stone counts as the mover's (canonically every bit
 * beyond the stones given to the opponent is set: 0xff = all the mover's);
 * for Pente Plus, block holds the mover's colour (0 white, 1 black) so that
 * rules_format_move, which sees no position, can write the letters.  In the
 * other variants power_as and block are 0.
 *
 * Readings of the rulebooks (protocol/RULES.md states them all):
 *   - The opening rule restricts the second stone of the starting colour:
 *     ply 2 in standard, plus and partner (in partner seat 2 places white's
 *     second stone; the rule exists to curb the starting side's advantage,
 *     and the partners are that side), ply 4 in team (seat 0's second
 *     stone; there seat 0 alone plays white).
 *   - The first move is the plain stone on K10: no power stone there.
 *   - Team: a pair is any two stones of colours other than the mover's,
 *     mixed colours and the partner's stones included (002: "Auch die
 *     Steine des Teampartners können mitgefangen werden"); the bracketing
 *     stone must be the mover's colour.  Only enemy stones count toward the
 *     team total; a captured partner stone simply leaves the board.
 *   - Plus: power stones count in fives and in brackets as the mask says;
 *     a pair may hold power stones counted as the opponent's; every stone
 *     of a captured pair counts toward the 5 pairs.  A five must run
 *     through a stone placed in the move (002: the game ends "in dem
 *     Moment, in dem der 5. Stein in einer Reihe gelegt ... wird"), so
 *     re-colouring a power stone alone never makes five.  The game ends at
 *     the placement that wins: a bonus stone after a winning power stone is
 *     illegal.
 *   - Win and captures are checked after each placement's captures; the
 *     result is a team result: both partners win or lose.  No win points.
 *
 * Position line: the 19 rows from row 19 down to row 1, separated by '/',
 * each row A to T: '.' or a digit run (1-19) for empty intersections, like
 * FEN, 'w' white, 'b' black, 'r' red, 'u' blue, 'p' power stone; then the
 * colour to move, the plies played, the stones captured by team 0 and team
 * 1 ("c0,c1"), and in plus the power stones in hand ("2,2").  The empty
 * standard board: "19/19/.../19 w 0 0,0".  The seat to move is ply % seats.
 */
#include "pente.h"
#include "pente_point.h"
#include "pente_settings.h"
#include "rules_engine.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char pente_colour_chars[] = ".wbrupp"; /* by cell byte */
static const char *const pente_colour_names[4] = {"white", "black", "red",
                                                  "blue"};

static pente_pos *pente_get(const rules_pos *pos)
{
    _Static_assert(sizeof(pente_pos) <= sizeof(rules_pos),
                   "pente_pos must fit in rules_pos");
    return (pente_pos *)(void *)pos->opaque;
}

static const pente_pos *pente_cget(const rules_pos *pos)
{
    return (const pente_pos *)(const void *)pos->opaque;
}

static pente_variant pente_variant_of(const rules_game *g)
{
    return g->settings.pente.variant;
}

/* ---- settings ----------------------------------------------------------- */

static bool pente_setup(rules_game *g, const char *options, char *err,
                        size_t errlen)
{
    pente_settings *s = &g->settings.pente;
    if (!pente_settings_parse(s, g->variant, options, err, errlen))
        return false;
    size_t n = pente_settings_write(s, g->options, sizeof g->options);
    if (n >= sizeof g->options) {
        snprintf(err, errlen, "options too long: %zu bytes in canonical "
                              "form, at most %zu",
                 n, sizeof g->options - 1);
        return false;
    }
    g->nseats = pente_nseats(s->variant);
    return true;
}

static bool pente_rules_same(const rules_game *a, const rules_game *b,
                             char *why, size_t whylen)
{
    return pente_settings_same(&a->settings.pente, &b->settings.pente, why,
                               whylen);
}

static const char *pente_seat_colour_name(const rules_game *g, int seat)
{
    return pente_colour_names[pente_seat_colour(pente_variant_of(g), seat)];
}

static int pente_rules_seat_team(const rules_game *g, int seat)
{
    return pente_seat_team(pente_variant_of(g), seat);
}

static void pente_rules_start(const rules_game *g, rules_pos *pos)
{
    pente_start(pente_get(pos), &g->settings.pente);
}

static int pente_rules_to_move(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return pente_to_move(pente_cget(pos));
}

static int pente_rules_ply(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return pente_cget(pos)->ply;
}

/* ---- moves -------------------------------------------------------------- */

static pente_move pente_from_generic(const rules_move *m)
{
    pente_move pm = {m->step[0].cell, PENTE_NO_CELL, m->step[0].power,
                     {m->step[0].power_as, 0}};
    if (m->nsteps > 1) {
        pm.bonus = m->step[1].cell;
        pm.as[1] = m->step[1].power_as;
    }
    return pm;
}

static void pente_to_generic(const pente_pos *p, const pente_move *pm,
                             rules_move *m)
{
    memset(m, 0, sizeof *m);
    bool plus = p->variant == PENTE_PLUS;
    uint8_t colour = (uint8_t)pente_seat_colour(p->variant, pente_to_move(p));
    m->nsteps = pm->bonus == PENTE_NO_CELL ? 1 : 2;
    for (int k = 0; k < m->nsteps; k++) {
        rules_step *st = &m->step[k];
        st->kind = RULES_STEP_PLACE;
        st->cell = k ? pm->bonus : pm->cell;
        st->power = k ? 0 : pm->power;
        st->power_as = plus ? pm->as[k] : 0;
        st->block = plus ? colour : 0;
    }
}

/* One placement as written: "L12", "L12*", "L12/bw". */
typedef struct {
    int cell;
    bool power;
    int nletters;
    char letters[PENTE_MAX_POWER];
} pente_written;

/* Read the text into up to two placements; RULES_MALFORMED with why. */
static rules_status pente_scan(const char *text, bool plus,
                               pente_written w[2], int *count, char *why,
                               size_t whylen)
{
    char q[4 * 20 + 1];
    const char *s = text;
    *count = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        if (*count == (plus ? 2 : 1)) {
            if (plus)
                snprintf(why, whylen, "too many placements: a move is a "
                                      "stone, or a power stone and a bonus "
                                      "stone");
            else
                snprintf(why, whylen, "unexpected '%s' after the move (a "
                                      "move is one intersection)",
                         rules_quote(s, 20, q, sizeof q));
            return RULES_MALFORMED;
        }
        pente_written *pw = &w[(*count)++];
        memset(pw, 0, sizeof *pw);
        if (!pente_point_scan(&s, &pw->cell, why, whylen))
            return RULES_MALFORMED;
        if (*s == '*') {
            if (!plus) {
                snprintf(why, whylen, "power stones ('*') exist only in "
                                      "Pente Plus");
                return RULES_MALFORMED;
            }
            pw->power = true;
            s++;
        }
        if (*s == '/') {
            if (!plus) {
                snprintf(why, whylen, "colour choices ('/') exist only in "
                                      "Pente Plus");
                return RULES_MALFORMED;
            }
            for (s++; *s && *s != ' ' && *s != '\t'; s++) {
                int c = tolower((unsigned char)*s);
                if (c != 'w' && c != 'b') {
                    snprintf(why, whylen, "'%s' is not a colour w or b",
                             rules_quote(s, 1, q, sizeof q));
                    return RULES_MALFORMED;
                }
                if (pw->nletters == PENTE_MAX_POWER) {
                    snprintf(why, whylen, "more than %d colour letters",
                             PENTE_MAX_POWER);
                    return RULES_MALFORMED;
                }
                pw->letters[pw->nletters++] = (char)c;
            }
            if (pw->nletters == 0) {
                snprintf(why, whylen, "colour letters missing after '/'");
                return RULES_MALFORMED;
            }
        }
        if (*s && *s != ' ' && *s != '\t') {
            snprintf(why, whylen, "unexpected '%s' after %s",
                     rules_quote(s, 20, q, sizeof q),
                     *count == 1 ? "the intersection" : "the bonus stone");
            return RULES_MALFORMED;
        }
    }
    if (*count == 0) {
        snprintf(why, whylen, "empty move");
        return RULES_MALFORMED;
    }
    return RULES_OK;
}

/* The mask of written letters for colour letter mine, checked against the
 * n power stones on the board; false with why if there are too many. */
static bool pente_mask_of(const pente_written *w, char mine, int n,
                          uint8_t *mask, char *why, size_t whylen)
{
    if (w->nletters > n) {
        char name[PENTE_POINT_NAME_MAX];
        snprintf(why, whylen,
                 "%s lists %d power stone colour%s, but %d earlier power "
                 "stone%s on the board",
                 pente_point_name(w->cell, name), w->nletters,
                 w->nletters == 1 ? "" : "s", n, n == 1 ? " is" : "s are");
        return false;
    }
    *mask = PENTE_ALL_MINE;
    for (int i = 0; i < w->nletters; i++)
        if (w->letters[i] != mine)
            *mask &= (uint8_t)~(1u << i);
    return true;
}

/* Why the engine refused a move, in words. */
static void pente_explain(const pente_pos *p, pente_error e, int cell,
                          char *why, size_t whylen)
{
    char name[PENTE_POINT_NAME_MAX];
    pente_point_name(cell, name);
    int seat = pente_to_move(p);
    const char *colour =
        pente_colour_names[pente_seat_colour(p->variant, seat)];
    int v = cell < PENTE_CELLS ? pente_at(p, cell) : 0;
    switch (e) {
    case PENTE_ERR_OVER:
        snprintf(why, whylen, "the game is already over");
        break;
    case PENTE_ERR_OCCUPIED:
        snprintf(why, whylen, "%s is occupied by %s", name,
                 v >= PENTE_POWER    ? "a power stone"
                 : v >= 1 && v <= 4 ? pente_colour_names[v - 1]
                                     : "a stone");
        break;
    case PENTE_ERR_FIRST_K10:
        snprintf(why, whylen, "the first stone must go on K10, not %s", name);
        break;
    case PENTE_ERR_OPENING:
        snprintf(why, whylen,
                 "tournament opening rule: %s's second stone must be at "
                 "least 3 intersections from K10 (outside H8-M12); %s is %d "
                 "away",
                 colour, name, pente_centre_distance(cell));
        break;
    case PENTE_ERR_NOT_PLUS:
        snprintf(why, whylen, "power and bonus stones exist only in Pente "
                              "Plus");
        break;
    case PENTE_ERR_NO_POWER:
        snprintf(why, whylen, "%s has no power stone left", colour);
        break;
    case PENTE_ERR_POWER_FIRST:
        snprintf(why, whylen, "the first stone of the game (K10) cannot be "
                              "a power stone");
        break;
    case PENTE_ERR_BONUS_ALONE:
        snprintf(why, whylen, "a second stone (%s) is allowed only as the "
                              "bonus stone after a power stone ('*')",
                 name);
        break;
    case PENTE_ERR_BONUS_CELL:
        snprintf(why, whylen, "the bonus stone must go on a diamond point; "
                              "%s is not one",
                 name);
        break;
    case PENTE_ERR_BONUS_TAKEN:
        snprintf(why, whylen, "the bonus point %s is not empty", name);
        break;
    case PENTE_ERR_BONUS_OVER:
        snprintf(why, whylen, "the power stone already wins the game: no "
                              "bonus stone (%s) may follow",
                 name);
        break;
    default:
        snprintf(why, whylen, "illegal move");
        break;
    }
}

static rules_status pente_parse(const rules_game *g, const rules_pos *pos,
                                const char *text, rules_move *move,
                                char *why, size_t whylen)
{
    bool plus = pente_variant_of(g) == PENTE_PLUS;
    pente_written w[2];
    int count;
    rules_status st = pente_scan(text, plus, w, &count, why, whylen);
    if (st != RULES_OK)
        return st;
    const pente_pos *p = pente_cget(pos);
    if (p->status != PENTE_ONGOING) {
        snprintf(why, whylen, "the game is already over");
        return RULES_ILLEGAL;
    }
    if (count == 2 && w[1].power) {
        snprintf(why, whylen, "the bonus stone is a plain stone: no '*'");
        return RULES_ILLEGAL;
    }
    pente_move m = {(uint16_t)w[0].cell, PENTE_NO_CELL, w[0].power,
                    {0, 0}};
    char mine = "wb"[pente_to_move(p) & 1];
    if (plus && !pente_mask_of(&w[0], mine, p->npower, &m.as[0], why, whylen))
        return RULES_ILLEGAL;
    int bad;
    pente_error e = pente_check(p, &m, &bad);
    if (e == PENTE_LEGAL && count == 2) {
        /* The first placement's captures (with its colours) decide which
         * power stones are left for the bonus stone's colours. */
        int left = pente_power_before_bonus(p, &m);
        if (!pente_mask_of(&w[1], mine, left, &m.as[1], why, whylen))
            return RULES_ILLEGAL;
        m.bonus = (uint16_t)w[1].cell;
        e = pente_check(p, &m, &bad);
    }
    if (e != PENTE_LEGAL) {
        pente_explain(p, e, bad, why, whylen);
        return RULES_ILLEGAL;
    }
    pente_to_generic(p, &m, move);
    return RULES_OK;
}

static void pente_format(const rules_game *g, const rules_move *move,
                         char *buf, size_t len)
{
    bool plus = pente_variant_of(g) == PENTE_PLUS;
    char text[RULES_MOVE_TEXT_MAX];
    size_t n = 0;
    for (int k = 0; k < move->nsteps && k < 2; k++) {
        const rules_step *st = &move->step[k];
        char name[PENTE_POINT_NAME_MAX];
        pente_point_name(st->cell, name);
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%s%s",
                              k ? " " : "", name, st->power ? "*" : "");
        unsigned low = st->power_as & 0x0f;
        if (!plus || low == 0x0f)
            continue;
        int last = 31 - __builtin_clz(~low & 0x0fu);
        text[n++] = '/';
        for (int i = 0; i <= last; i++) {
            bool mine = low >> i & 1;
            text[n++] = "wb"[(st->block & 1) ^ !mine];
        }
        text[n] = 0;
    }
    snprintf(buf, len, "%s", text);
}

static void pente_rules_apply(const rules_game *g, rules_pos *pos,
                              const rules_move *move)
{
    (void)g;
    pente_move m = pente_from_generic(move);
    pente_apply(pente_get(pos), &m);
}

static size_t pente_rules_legal(const rules_game *g, const rules_pos *pos,
                                rules_move *out, size_t cap)
{
    (void)g;
    const pente_pos *p = pente_cget(pos);
    pente_move moves[PENTE_MAX_MOVES];
    int n = pente_legal_moves(p, moves);
    if (n == 0 || cap == 0)
        return (size_t)n;
    /* Listed moves differ only in cell and power: fill one template. */
    rules_move tmpl;
    pente_to_generic(p, &moves[0], &tmpl);
    for (int i = 0; i < n && (size_t)i < cap; i++) {
        out[i] = tmpl;
        out[i].step[0].cell = moves[i].cell;
        out[i].step[0].power = moves[i].power;
    }
    return (size_t)n;
}

static size_t pente_rules_count(const rules_game *g, const rules_pos *pos)
{
    (void)g;
    return (size_t)pente_count_moves(pente_cget(pos));
}

static uint64_t pente_rules_perft(const rules_game *g, const rules_pos *pos,
                                  int depth)
{
    (void)g;
    return pente_perft(pente_cget(pos), depth);
}

/* pente_each_text's moves, handed on as rules_moves. */
typedef struct {
    const pente_pos *p;
    rules_text_fn fn;
    void *arg;
} pente_texts_to;

static void pente_text_generic(const pente_move *pm, void *arg)
{
    const pente_texts_to *to = arg;
    rules_move m;
    pente_to_generic(to->p, pm, &m);
    to->fn(&m, to->arg);
}

static uint64_t pente_rules_each_text(const rules_game *g,
                                      const rules_pos *pos, rules_text_fn fn,
                                      void *arg)
{
    (void)g;
    pente_texts_to to = {pente_cget(pos), fn, arg};
    return pente_each_text(to.p, fn ? pente_text_generic : NULL, &to);
}

/* ---- outcome, render, position lines ------------------------------------ */

static rules_end pente_end_of(pente_status st)
{
    switch (st) {
    case PENTE_WIN_FIVE: return RULES_END_FIVE;
    case PENTE_WIN_CAPTURES: return RULES_END_CAPTURES;
    case PENTE_DRAW_FULL: return RULES_END_FULL_BOARD;
    case PENTE_DRAW_CAP: return RULES_END_MOVE_CAP;
    default: return RULES_END_NONE;
    }
}

static void pente_rules_outcome(const rules_game *g, const rules_pos *pos,
                                rules_outcome_t *out)
{
    const pente_pos *p = pente_cget(pos);
    out->over = p->status != PENTE_ONGOING;
    out->reason = pente_end_of((pente_status)p->status);
    if (!out->over)
        return;
    for (int s = 0; s < g->nseats; s++) {
        int team = pente_seat_team(pente_variant_of(g), s);
        if (p->winner < 0) {
            out->result[s] = RULES_RESULT_DRAW;
            out->place[s] = 1;
        } else {
            bool won = team == p->winner;
            out->result[s] = won ? RULES_RESULT_WIN : RULES_RESULT_LOSS;
            out->place[s] = won ? 1 : 2;
        }
    }
}

/* The names of a team's colours: "white", or "white and red" in team. */
static const char *pente_team_name(const pente_pos *p, int team)
{
    static const char *const team_names[2] = {"white+red", "black+blue"};
    return p->variant == PENTE_TEAM ? team_names[team]
                                    : pente_colour_names[team];
}

static void pente_render(const rules_game *g, const rules_pos *pos,
                         char *buf, size_t len)
{
    const pente_pos *p = pente_cget(pos);
    size_t n = 0;
    RULES_PUT("    A B C D E F G H J K L M N O P Q R S T\n");
    for (int r = 0; r < PENTE_N; r++) {
        RULES_PUT("%3d", PENTE_N - r);
        for (int c = 0; c < PENTE_N; c++) {
            int cell = r * PENTE_N + c, v = pente_at(p, cell);
            char ch = pente_colour_chars[v];
            if (v == PENTE_EMPTY && pente_is_diamond(p, cell))
                ch = '+';
            RULES_PUT(" %c", ch);
        }
        RULES_PUT(" %d\n", PENTE_N - r);
    }
    RULES_PUT("    A B C D E F G H J K L M N O P Q R S T\n");
    RULES_PUT("captured: %s %d, %s %d", pente_team_name(p, 0), p->captured[0],
              pente_team_name(p, 1), p->captured[1]);
    if (p->variant == PENTE_PLUS)
        RULES_PUT("; power stones in hand: white %d, black %d",
                  p->power_left[0], p->power_left[1]);
    RULES_PUT("\n");
    rules_outcome_t o;
    rules_outcome(g, pos, &o);
    int seat = pente_to_move(p);
    if (!o.over)
        RULES_PUT("%s to move (seat %d, ply %d)\n",
                  pente_colour_names[pente_seat_colour(p->variant, seat)], seat,
                  p->ply);
    else if (p->winner < 0)
        RULES_PUT("draw (%s)\n", rules_end_name(o.reason));
    else
        RULES_PUT("%s win%s (%s)\n", pente_team_name(p, p->winner),
                  p->variant == PENTE_STANDARD || p->variant == PENTE_PLUS ? "s"
                  : "",
                  rules_end_name(o.reason));
}

static void pente_pos_write(const rules_game *g, const rules_pos *pos,
                            char *buf, size_t len)
{
    (void)g;
    const pente_pos *p = pente_cget(pos);
    char line[RULES_POS_TEXT_MAX];
    size_t n = 0;
    for (int r = 0; r < PENTE_N; r++) {
        if (r)
            line[n++] = '/';
        int run = 0;
        for (int c = 0; c <= PENTE_N; c++) {
            int v = c < PENTE_N ? pente_at(p, r * PENTE_N + c) : -1;
            if (v == PENTE_EMPTY) {
                run++;
                continue;
            }
            if (run >= 10)
                line[n++] = '1';
            if (run)
                line[n++] = (char)('0' + run % 10);
            run = 0;
            if (v > 0)
                line[n++] = pente_colour_chars[v];
        }
    }
    n += (size_t)snprintf(
        line + n, sizeof line - n, " %c %d %d,%d",
        "wbru"[pente_seat_colour(p->variant, pente_to_move(p))], p->ply,
        p->captured[0], p->captured[1]);
    if (p->variant == PENTE_PLUS)
        snprintf(line + n, sizeof line - n, " %d,%d", p->power_left[0],
                 p->power_left[1]);
    snprintf(buf, len, "%s", line);
}

/* Read "a,b" of two small numbers at *s; advance. */
static bool pente_read_pair(const char **s, int max, int out[2])
{
    for (int i = 0; i < 2; i++) {
        if (i && *(*s)++ != ',')
            return false;
        char *end;
        if (!isdigit((unsigned char)**s))
            return false;
        long x = strtol(*s, &end, 10);
        if (x > max || end - *s > 5)
            return false;
        out[i] = (int)x;
        *s = end;
    }
    return true;
}

static rules_status pente_pos_read(const rules_game *g, const char *line,
                                   rules_pos *pos, char *why, size_t whylen)
{
    const pente_settings *cfg = &g->settings.pente;
    pente_pos *p = pente_get(pos);
    pente_start(p, cfg);
    bool plus = cfg->variant == PENTE_PLUS;
    bool team = cfg->variant == PENTE_TEAM;
    const char *s = line;
    char q[8];
    int stones = 0;
    for (int r = 0; r < PENTE_N; r++) {
        if (r && *s++ != '/') {
            snprintf(why, whylen, "expected '/' before row %d", PENTE_N - r);
            return RULES_BAD_POS;
        }
        int c = 0;
        while (c < PENTE_N && *s && *s != '/' && *s != ' ') {
            if (isdigit((unsigned char)*s)) {
                char *end;
                long k = strtol(s, &end, 10);
                if (k < 1 || k > PENTE_N - c) {
                    snprintf(why, whylen, "row %d: bad run of empties",
                             PENTE_N - r);
                    return RULES_BAD_POS;
                }
                c += (int)k;
                s = end;
                continue;
            }
            const char *at = strchr(pente_colour_chars, *s);
            int v = at ? (int)(at - pente_colour_chars) : -1;
            if (v < 0 || (v >= 3 && v <= 4 && !team) ||
                (v >= PENTE_POWER && !plus)) {
                snprintf(why, whylen, "row %d: '%s' is not a %s",
                         PENTE_N - r, rules_quote(s, 1, q, sizeof q),
                         team   ? "'.', digit, 'w', 'b', 'r' or 'u'"
                         : plus ? "'.', digit, 'w', 'b' or 'p'"
                                : "'.', digit, 'w' or 'b'");
                return RULES_BAD_POS;
            }
            if (v > 0) {
                int idx = pente_pad(r * PENTE_N + c);
                p->board[idx] = (uint8_t)v;
                p->empties--;
                stones++;
                if (v == PENTE_POWER) {
                    if (p->npower == PENTE_MAX_POWER) {
                        snprintf(why, whylen, "more than 4 power stones");
                        return RULES_BAD_POS;
                    }
                    p->power_at[p->npower++] = (uint16_t)idx;
                }
            }
            c++;
            s++;
        }
        if (c != PENTE_N) {
            snprintf(why, whylen, "row %d has %d intersections, not 19",
                     PENTE_N - r, c);
            return RULES_BAD_POS;
        }
    }
    int ply = 0, caps[2], power[2] = {0, 0};
    if (*s++ != ' ' || !*s) {
        snprintf(why, whylen, "expected the colour to move after the rows");
        return RULES_BAD_POS;
    }
    char mover = *s++;
    char *end;
    if (*s != ' ' || !isdigit((unsigned char)s[1]) ||
        (ply = (int)strtol(s + 1, &end, 10)) > 65535 || end - s > 6) {
        snprintf(why, whylen, "expected the plies played after the colour");
        return RULES_BAD_POS;
    }
    s = end;
    if (*s++ != ' ' || !pente_read_pair(&s, 200, caps)) {
        snprintf(why, whylen, "expected the captured stones 'c0,c1' after "
                              "the plies");
        return RULES_BAD_POS;
    }
    if (plus && (*s++ != ' ' || !pente_read_pair(&s, 2, power))) {
        snprintf(why, whylen, "expected the power stones in hand 'p0,p1'");
        return RULES_BAD_POS;
    }
    if (*s) {
        snprintf(why, whylen, "unexpected '%s' at the end",
                 rules_quote(s, 4, q, sizeof q));
        return RULES_BAD_POS;
    }
    p->ply = (uint16_t)ply;
    int seat = pente_to_move(p);
    if (mover != "wbru"[pente_seat_colour(cfg->variant, seat)]) {
        snprintf(why, whylen, "after %d plies seat %d (%s) is to move, not "
                              "'%s'",
                 ply, seat,
                 pente_colour_names[pente_seat_colour(cfg->variant, seat)],
                 rules_quote(&mover, 1, q, sizeof q));
        return RULES_BAD_POS;
    }
    if (stones > ply + (plus ? 4 - power[0] - power[1] : 0) ||
        (ply > 0 && pente_at(p, PENTE_CENTRE) == PENTE_EMPTY && ply == 1)) {
        snprintf(why, whylen, "%d stones cannot be on the board after %d "
                              "plies",
                 stones, ply);
        return RULES_BAD_POS;
    }
    if (!team && (caps[0] % 2 || caps[1] % 2)) {
        snprintf(why, whylen, "captured stones come in pairs: %d,%d",
                 caps[0], caps[1]);
        return RULES_BAD_POS;
    }
    if (p->npower + power[0] + power[1] > 4) {
        snprintf(why, whylen, "more than 4 power stones in all");
        return RULES_BAD_POS;
    }
    p->captured[0] = (uint8_t)caps[0];
    p->captured[1] = (uint8_t)caps[1];
    p->power_left[0] = (uint8_t)power[0];
    p->power_left[1] = (uint8_t)power[1];
    if (!pente_settle_read(p)) {
        snprintf(why, whylen, "both teams have won");
        return RULES_BAD_POS;
    }
    return RULES_OK;
}

const rules_engine rules_engine_pente = {
    .name = "pente",
    .variants = "standard,plus,partner,team",
    .options_help =
        "opening=tournament|free  white's second stone outside H8-M12, or "
        "anywhere (default tournament)\n"
        "movecap=N  a draw after N plies; 0 = no cap (default 0)\n"
        "captures=N  pairs to capture to win; in team, enemy stones "
        "(default 5; team 10)\n"
        "diamonds=P,P,...  plus only: the bonus points (default "
        "D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4)\n",
    .setup = pente_setup,
    .same = pente_rules_same,
    .seat_colour = pente_seat_colour_name,
    .seat_team = pente_rules_seat_team,
    .start = pente_rules_start,
    .to_move = pente_rules_to_move,
    .ply = pente_rules_ply,
    .parse_move = pente_parse,
    .format_move = pente_format,
    .apply = pente_rules_apply,
    .legal_moves = pente_rules_legal,
    .count_moves = pente_rules_count,
    .outcome = pente_rules_outcome,
    .render = pente_render,
    .pos_write = pente_pos_write,
    .pos_read = pente_pos_read,
    .perft = pente_rules_perft,
    .each_text = pente_rules_each_text,
};
