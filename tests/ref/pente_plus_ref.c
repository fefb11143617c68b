/* pente_plus_ref.c - the simple reference Pente Plus (see pente_plus_ref.h).
 *
 * Written from protocol/RULES.md 2.2 and protocol/PROTOCOL.md section 8
 * only; no code shared with referee/rules/. */
#include "pente_plus_ref.h"

#include <stdio.h>
#include <string.h>

#define N PPREF_SIZE
#define CENTRE 9 /* K10: column K and printed row 10, both index 9 */

/* Board cells.  The "counts as" table of a placement uses only the first
 * three: a power stone there has been resolved to white or black. */
enum { EMPTY = 0, WHITE = 1, BLACK = 2, POWER = 3 };

static const char col_letters[] = "ABCDEFGHJKLMNOPQRST";

static const char *const default_diamonds =
    "D16,K16,Q16,G13,N13,D10,Q10,G7,N7,D4,K4,Q4";

/* One placement of a move text, as parsed.  The colour list is kept as a
 * pointer into the text: its letters are only read when resolved. */
typedef struct {
    int col, row; /* row 0..18 */
    bool power;
    const char *list; /* the letters after '/', or NULL */
    int nlist;
} placement;

/* What each stone counts as for one placement: EMPTY, WHITE or BLACK.  A
 * struct, so that a const pointer to it is plain ISO C. */
typedef struct {
    signed char at[N][N];
} table;

/* What one placement did. */
typedef struct {
    int pairs;
    int power_taken;
    bool taken_before_kept;
    bool five;
} outcome;

/* The power stone placed in this move: counts as the mover's, never listed. */
typedef struct {
    int col, row; /* col -1: none */
} fresh_stone;

static int colour_of(int side) {
    return side == 0 ? WHITE : BLACK;
}

static bool on_board(int col, int row) {
    return col >= 0 && col < N && row >= 0 && row < N;
}

static void say(char *why, size_t whylen, const char *text) {
    if (why != NULL && whylen > 0)
        snprintf(why, whylen, "%s", text);
}

/* ---- parsing ------------------------------------------------------------ */

static int column_of(char ch) {
    char up = (ch >= 'a' && ch <= 'z') ? (char)(ch - 'a' + 'A') : ch;
    for (int i = 0; i < N; i++)
        if (col_letters[i] == up)
            return i;
    return -1;
}

/* A point "K10" at s; returns the characters read, 0 if there is none.
 * Rows are 1..19 without leading zeros, so "K010" and "K0" are refused. */
static int parse_point(const char *s, int *col, int *row) {
    int c = column_of(s[0]);
    if (c < 0 || s[1] < '1' || s[1] > '9')
        return 0;
    int r = s[1] - '0', len = 2;
    if (s[2] >= '0' && s[2] <= '9') {
        r = r * 10 + (s[2] - '0');
        len = 3;
    }
    if (r > N)
        return 0;
    *col = c;
    *row = r - 1;
    return len;
}

static bool is_colour_letter(char ch) {
    return ch == 'w' || ch == 'W' || ch == 'b' || ch == 'B';
}

/* A token of len characters: point, optional '*', optional '/' and one or
 * more colour letters, nothing else. */
static bool parse_token(const char *s, int len, placement *pl) {
    int i = parse_point(s, &pl->col, &pl->row);
    if (i == 0 || i > len)
        return false;
    pl->power = i < len && s[i] == '*';
    if (pl->power)
        i++;
    pl->list = NULL;
    pl->nlist = 0;
    if (i < len && s[i] == '/') {
        i++;
        pl->list = s + i;
        while (i < len && is_colour_letter(s[i])) {
            i++;
            pl->nlist++;
        }
        if (pl->nlist == 0)
            return false; /* a bare '/' says nothing: refused */
    }
    return i == len;
}

static bool is_blank(char ch) {
    return ch == ' ' || ch == '\t';
}

/* Splits the text into at most two tokens at runs of blanks; blanks at
 * either end are ignored, as PROTOCOL.md section 2 lets readers do. */
static bool parse_move(const char *text, placement pl[2], int *count) {
    *count = 0;
    const char *s = text;
    for (;;) {
        while (is_blank(*s))
            s++;
        if (*s == '\0')
            break;
        const char *start = s;
        while (*s != '\0' && !is_blank(*s))
            s++;
        if (*count == 2)
            return false;
        if (!parse_token(start, (int)(s - start), &pl[*count]))
            return false;
        (*count)++;
    }
    return *count >= 1;
}

/* ---- the "counts as" table ---------------------------------------------- */

static bool is_fresh(const fresh_stone *f, int col, int row) {
    return f->col == col && f->row == row;
}

/* Power stones from earlier moves, in cell order (row 19 first, A to T
 * within a row): the order the colour letters are given in. */
static int earlier_powers(const ppref_pos *p, const fresh_stone *f,
                          int cols[N * N], int rows[N * N]) {
    int n = 0;
    for (int row = N - 1; row >= 0; row--)
        for (int col = 0; col < N; col++)
            if (p->cell[col][row] == POWER && !is_fresh(f, col, row)) {
                cols[n] = col;
                rows[n] = row;
                n++;
            }
    return n;
}

static int letter_colour(char ch) {
    return (ch == 'w' || ch == 'W') ? WHITE : BLACK;
}

/* Resolves the placement's list; false if it has more letters than there
 * are earlier power stones to give them to. */
static bool build_table(const ppref_pos *p, const placement *pl,
                        const fresh_stone *f, int mover, table *as) {
    int cols[N * N], rows[N * N];
    int n = earlier_powers(p, f, cols, rows);
    if (pl->nlist > n)
        return false;
    for (int col = 0; col < N; col++)
        for (int row = 0; row < N; row++) {
            int c = p->cell[col][row];
            as->at[col][row] = (signed char)(c == POWER ? colour_of(mover) : c);
        }
    for (int i = 0; i < pl->nlist; i++)
        as->at[cols[i]][rows[i]] = (signed char)letter_colour(pl->list[i]);
    return true;
}

/* ---- one placement ------------------------------------------------------ */

static const int dirs8[8][2] = {
    {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1},
};

/* Cell-order rank: smaller comes first (row 19 first, A to T). */
static int rank_of(int col, int row) {
    return (N - 1 - row) * N + col;
}

static void remove_stone(ppref_pos *p, table *as, int col, int row, outcome *o,
                         int *first_taken_power) {
    if (p->cell[col][row] == POWER) {
        o->power_taken++;
        int rk = rank_of(col, row);
        if (*first_taken_power < 0 || rk < *first_taken_power)
            *first_taken_power = rk;
    }
    p->cell[col][row] = EMPTY;
    as->at[col][row] = EMPTY;
}

/* Both bracketed stones must be there and not the mover's: an empty cell
 * is neither colour and breaks the bracket. */
static bool is_enemy(const table *as, int col, int row, int me) {
    return on_board(col, row) && as->at[col][row] != EMPTY &&
           as->at[col][row] != me;
}

static void capture(ppref_pos *p, table *as, int col, int row, int me,
                    outcome *o, int *first_taken_power) {
    for (int d = 0; d < 8; d++) {
        int dc = dirs8[d][0], dr = dirs8[d][1];
        int c3 = col + 3 * dc, r3 = row + 3 * dr;
        if (!is_enemy(as, col + dc, row + dr, me) ||
            !is_enemy(as, col + 2 * dc, row + 2 * dr, me))
            continue;
        if (!on_board(c3, r3) || as->at[c3][r3] != me)
            continue;
        remove_stone(p, as, col + dc, row + dr, o, first_taken_power);
        remove_stone(p, as, col + 2 * dc, row + 2 * dr, o, first_taken_power);
        o->pairs++;
    }
}

static int run_length(const table *as, int col, int row, int dc, int dr,
                      int me) {
    int n = 0;
    for (int c = col + dc, r = row + dr; on_board(c, r) && as->at[c][r] == me;
         c += dc, r += dr)
        n++;
    return n;
}

static bool five_through(const table *as, int col, int row, int me) {
    static const int axes[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (int a = 0; a < 4; a++) {
        int dc = axes[a][0], dr = axes[a][1];
        if (1 + run_length(as, col, row, dc, dr, me) +
                run_length(as, col, row, -dc, -dr, me) >=
            5)
            return true;
    }
    return false;
}

/* Whether an earlier power stone that stayed on the board comes after the
 * first one captured, in cell order: the case where the bonus stone's list
 * is numbered differently from the first one's. */
static bool kept_after(const ppref_pos *p, const fresh_stone *f,
                       int first_taken_power) {
    if (first_taken_power < 0)
        return false;
    int cols[N * N], rows[N * N];
    int n = earlier_powers(p, f, cols, rows);
    for (int i = 0; i < n; i++)
        if (rank_of(cols[i], rows[i]) > first_taken_power)
            return true;
    return false;
}

/* Puts pl's stone down for the mover with its table already resolved,
 * makes its captures and judges its five.  The five reads the same table
 * as the captures: the letters hold for the whole placement, so a captured
 * power stone takes its letter with it and nothing is renumbered (that
 * happens only for the bonus stone, whose table is built afresh). */
static void place(ppref_pos *p, const placement *pl, const fresh_stone *f,
                  table *as, outcome *o) {
    int side = p->plies % 2, me = colour_of(side);
    memset(o, 0, sizeof *o);
    p->cell[pl->col][pl->row] = (signed char)(pl->power ? POWER : me);
    as->at[pl->col][pl->row] = (signed char)me;
    if (pl->power)
        p->in_hand[side]--;
    int first_taken_power = -1;
    capture(p, as, pl->col, pl->row, me, o, &first_taken_power);
    p->captured[side] += 2 * o->pairs;
    o->taken_before_kept = kept_after(p, f, first_taken_power);
    o->five = five_through(as, pl->col, pl->row, me);
    if (o->five) {
        p->end = PPREF_FIVE;
        p->winner = side;
    } else if (p->captured[side] >= 2 * p->pairs) {
        p->end = PPREF_CAPTURES;
        p->winner = side;
    }
}

/* ---- legality ----------------------------------------------------------- */

static int chebyshev_from_centre(int col, int row) {
    int dc = col > CENTRE ? col - CENTRE : CENTRE - col;
    int dr = row > CENTRE ? row - CENTRE : CENTRE - row;
    return dc > dr ? dc : dr;
}

/* The first placement's own rules, on the position before the move. */
static const char *first_problem(const ppref_pos *p, const placement *pl) {
    int side = p->plies % 2;
    if (p->plies == 0 && (pl->col != CENTRE || pl->row != CENTRE))
        return "the first stone must go on K10";
    if (p->plies == 0 && pl->power)
        return "the first stone cannot be a power stone";
    if (p->plies == 2 && p->opening_rule &&
        chebyshev_from_centre(pl->col, pl->row) < 3)
        return "opening rule: the third stone must lie outside H8-M12";
    if (p->cell[pl->col][pl->row] != EMPTY)
        return "the point is occupied";
    if (pl->power && p->in_hand[side] <= 0)
        return "no power stone left in hand";
    return NULL;
}

/* The bonus stone's rules that the position before the move decides. */
static const char *bonus_problem(const ppref_pos *p, const placement *first,
                                 const placement *bonus) {
    if (!first->power)
        return "a bonus stone only follows a power stone";
    if (bonus->power)
        return "the bonus stone cannot be a power stone";
    if (!p->diamond[bonus->col][bonus->row])
        return "the bonus stone must go on a diamond point";
    if (bonus->col == first->col && bonus->row == first->row)
        return "the bonus stone cannot go on the power stone's point";
    if (p->cell[bonus->col][bonus->row] != EMPTY)
        return "the bonus point is occupied";
    return NULL;
}

static bool board_full(const ppref_pos *p) {
    for (int col = 0; col < N; col++)
        for (int row = 0; row < N; row++)
            if (p->cell[col][row] == EMPTY)
                return false;
    return true;
}

static void record_facts(ppref_facts *facts, const outcome *o, int count) {
    memset(facts, 0, sizeof *facts);
    for (int i = 0; i < count; i++) {
        facts->pairs += o[i].pairs;
        facts->power_taken += o[i].power_taken;
        facts->power_taken_before_kept += o[i].taken_before_kept ? 1 : 0;
        if (o[i].pairs > facts->most_pairs)
            facts->most_pairs = o[i].pairs;
    }
    facts->bonus = count == 2;
    facts->bonus_pairs = count == 2 ? o[1].pairs : 0;
}

/* Plays both placements on q, a copy; a reason if the move is illegal. */
static const char *play_on(ppref_pos *q, const placement pl[2], int count) {
    const char *bad = first_problem(q, &pl[0]);
    if (bad == NULL && count == 2)
        bad = bonus_problem(q, &pl[0], &pl[1]);
    if (bad != NULL)
        return bad;
    /* Known before the first placement: its point is empty until then, so
     * leaving it out of the earlier power stones changes nothing there. */
    fresh_stone fresh = {-1, -1};
    if (pl[0].power)
        fresh = (fresh_stone){pl[0].col, pl[0].row};
    int side = q->plies % 2;
    table as;
    outcome o[2];
    if (!build_table(q, &pl[0], &fresh, side, &as))
        return "the colour list has more letters than power stones on the "
               "board";
    place(q, &pl[0], &fresh, &as, &o[0]);
    if (count == 2) {
        if (q->end != PPREF_ON)
            return "no bonus stone after a power stone that won";
        if (!build_table(q, &pl[1], &fresh, side, &as))
            return "the bonus colour list has more letters than power stones "
                   "left";
        place(q, &pl[1], &fresh, &as, &o[1]);
    }
    q->plies++;
    if (q->end == PPREF_ON && board_full(q))
        q->end = PPREF_FULL;
    else if (q->end == PPREF_ON && q->movecap > 0 && q->plies >= q->movecap)
        q->end = PPREF_CAP;
    record_facts(&q->last, o, count);
    return NULL;
}

bool ppref_play(ppref_pos *p, const char *text, char *why, size_t whylen) {
    if (p->end != PPREF_ON) {
        say(why, whylen, "the game is over");
        return false;
    }
    placement pl[2];
    int count;
    if (text == NULL || !parse_move(text, pl, &count)) {
        say(why, whylen, "malformed move");
        return false;
    }
    ppref_pos q = *p;
    const char *bad = play_on(&q, pl, count);
    if (bad != NULL) {
        say(why, whylen, bad);
        return false;
    }
    *p = q;
    return true;
}

/* ---- start -------------------------------------------------------------- */

static bool parse_diamonds(const char *text, bool diamond[N][N]) {
    memset(diamond, 0, sizeof(bool) * N * N);
    const char *s = text;
    for (;;) {
        int col, row, len = parse_point(s, &col, &row);
        if (len == 0 || diamond[col][row])
            return false;
        diamond[col][row] = true;
        s += len;
        if (*s == '\0')
            return true;
        if (*s != ',')
            return false;
        s++;
    }
}

bool ppref_start(ppref_pos *p, bool opening_rule, int movecap, int pairs,
                 const char *diamonds) {
    memset(p, 0, sizeof *p);
    if (pairs < 1 || movecap < 0)
        return false;
    if (!parse_diamonds(diamonds != NULL ? diamonds : default_diamonds,
                        p->diamond))
        return false;
    p->opening_rule = opening_rule;
    p->movecap = movecap;
    p->pairs = pairs;
    p->in_hand[0] = p->in_hand[1] = 2;
    p->end = PPREF_ON;
    p->winner = -1;
    return true;
}

/* ---- the position line -------------------------------------------------- */

typedef struct {
    char *buf;
    size_t len, used;
} writer;

static void put(writer *w, const char *s) {
    for (; *s != '\0'; s++)
        if (w->used + 1 < w->len)
            w->buf[w->used++] = *s;
    if (w->len > 0)
        w->buf[w->used] = '\0';
}

static void put_int(writer *w, int v) {
    char num[16];
    snprintf(num, sizeof num, "%d", v);
    put(w, num);
}

static void put_row(writer *w, const ppref_pos *p, int row) {
    static const char *const marks[] = {"", "w", "b", "p"};
    int empties = 0;
    for (int col = 0; col < N; col++) {
        int c = p->cell[col][row];
        if (c == EMPTY) {
            empties++;
            continue;
        }
        if (empties > 0)
            put_int(w, empties);
        empties = 0;
        put(w, marks[c]);
    }
    if (empties > 0)
        put_int(w, empties);
}

void ppref_line(const ppref_pos *p, char *buf, size_t len) {
    writer w = {buf, len, 0};
    put(&w, "");
    for (int row = N - 1; row >= 0; row--) {
        put_row(&w, p, row);
        if (row > 0)
            put(&w, "/");
    }
    put(&w, ppref_to_move(p) == 0 ? " w " : " b ");
    put_int(&w, p->plies);
    put(&w, " ");
    put_int(&w, p->captured[0]);
    put(&w, ",");
    put_int(&w, p->captured[1]);
    put(&w, " ");
    put_int(&w, p->in_hand[0]);
    put(&w, ",");
    put_int(&w, p->in_hand[1]);
}

/* ---- queries ------------------------------------------------------------ */

ppref_end ppref_end_of(const ppref_pos *p) {
    return p->end;
}

int ppref_winner(const ppref_pos *p) {
    return p->winner;
}

int ppref_to_move(const ppref_pos *p) {
    return p->plies % 2;
}

int ppref_power_on_board(const ppref_pos *p) {
    int n = 0;
    for (int col = 0; col < N; col++)
        for (int row = 0; row < N; row++)
            n += p->cell[col][row] == POWER;
    return n;
}

int ppref_in_hand(const ppref_pos *p, int side) {
    return (side == 0 || side == 1) ? p->in_hand[side] : 0;
}

bool ppref_empty(const ppref_pos *p, int col, int row) {
    return on_board(col, row - 1) && p->cell[col][row - 1] == EMPTY;
}

bool ppref_diamond(const ppref_pos *p, int col, int row) {
    return on_board(col, row - 1) && p->diamond[col][row - 1];
}
