/*
 * pente_bot.c - a strong reference bot for two-seat Pente (`standard`) and
 * Pente Plus (`plus`), used where strength must be measured (referee sprt).
 *
 * Search: iterative-deepening negamax alpha-beta (PVS) over the top-K
 * candidates of each node; a Zobrist transposition table, allocated once
 * at start and freed at exit, whose entries carry a salt of their move (a
 * move's search never sees another's and goes exactly as with an empty
 * table); immediate-win and must-block detection at every node (fives,
 * fifth pairs, Plus power + bonus stone wins); a one-ply extension at
 * nodes that must answer such a threat, and at the horizon a quiescence
 * that answers them.  Candidates are the empty points at distance <= 2 of
 * a stone, ordered by a threat score (makes five, blocks five, open four,
 * four, blocks them, captures and capture wins, prevents a capture, open
 * threes, ...).  The evaluation reads line patterns through a
 * 65,536-entry table (each stone's best shape in each direction: open or
 * closed two, three, four), plus captured pairs and capture threats.
 *
 * Its own board follows the engine exactly for the moves it plays: Pente
 * Plus power stones count as the mover's colour (no '/' list), as in
 * rules_legal_moves; a power move may carry a bonus stone on a diamond.
 * The position is read through the public position line each turn; every
 * move sent is checked with rules_parse_move first, with a legal fallback.
 *
 * Options (besides botkit's --position):
 *   --depth N   deepest iteration (default: as deep as time allows)
 *   --nodes N   node budget per move
 *   --width N   candidates searched per node (default 12; the root: 30)
 *   --noise N   evaluation noise in [-N, N] from the seed (default 3; 0 off)
 *   --hash MB   transposition table size (default 16)
 * With --depth or --nodes the move depends only on the position, the seed
 * (`set seed`) and the seat, unless the time limit cuts the search first
 * (the stderr line then says "stop time").
 */
#include "botkit.h"

#define PB_N 19
#define PB_CELLS 361
#define PB_W 27 /* padded stride: 4 off-board points on every side */
#define PB_PADDED (PB_W * PB_W)
#define PB_CENTRE 180
#define PB_NOBONUS 511u
#define PB_NOMOVE 0xffffffffu
#define PB_MAXPLY 96
#define PB_MAXCAND 400
#define PB_WIN 30000
#define PB_INF 32000
#define PB_MATE (PB_WIN - 1000)

enum { PB_EMPTY = 0, PB_WHITE = 1, PB_BLACK = 2, PB_POWER = 3, PB_OFF = 4 };

/* Pattern classes of one stone in one direction, weakest first. */
enum {
    C_NONE, C_ONE, C_TWO, C_OPEN2, C_THREE, C_OPEN3, C_FOUR, C_OPEN4, C_FIVE
};

/* ---- settings of the game ------------------------------------------- */

static struct {
    bool ok;         /* a two-seat Pente variant we play */
    bool plus;
    bool tournament;
    int movecap;
    int need;        /* stones to capture to win */
    int ndiam;
    int diam[PB_CELLS];
} R;

/* ---- options -------------------------------------------------------- */

static int opt_depth = 0;        /* 0: as deep as time allows */
static uint64_t opt_nodes = 0;   /* 0: no budget */
static int opt_noise = 3;
static long opt_hash_mb = 16;
static int opt_width = 12;       /* candidates per node (root: 30) */

/* ---- geometry and tables -------------------------------------------- */

static int cell2pad[PB_CELLS];
static int16_t pad2cell[PB_PADDED];
static uint8_t line_of[4][PB_CELLS], pos_of[4][PB_CELLS];
static uint32_t loff[4][40];
static const int nlines[4] = {19, 19, 37, 37};
static const int pdir[8] = {1,  PB_W,  PB_W + 1,  PB_W - 1,
                            -1, -PB_W, -PB_W - 1, -PB_W + 1};
static uint8_t pat[65536];
static uint64_t zkey[PB_CELLS][3], zside, zcap[2][512], zpow[2][4];

/* Evaluation weight per stone and direction (shapes are counted once per
 * stone in them); fours never reach the evaluation (search answers them). */
static const int evw[9] = {0, 1, 4, 12, 20, 60, 60, 300, 300};
/* Move ordering: what a placement makes for the mover, and what it takes
 * from the opponent (his shape there). */
static const int myw[9] = {0, 2, 10, 40, 60, 500, 700, 6000, 100000};
static const int opw[9] = {0, 1, 5, 20, 30, 250, 400, 3000, 50000};

static uint64_t pb_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The class of the 9 points of a line around a stone: own8/blk8 are the 8
 * points other than the centre (the centre counts as the side's stone). */
static void pb_pat_init(void)
{
    for (int pc = 8; pc >= 0; pc--)
        for (unsigned idx = 0; idx < 65536; idx++) {
            unsigned o8 = idx & 0xff, b8 = idx >> 8;
            if ((o8 & b8) || __builtin_popcount(o8) != pc)
                continue;
            unsigned own = (o8 & 0xf) | 0x10 | ((o8 >> 4) << 5);
            unsigned blk = (b8 & 0xf) | ((b8 >> 4) << 5);
            bool five = false, alive = false;
            for (int a = 0; a <= 4; a++) {
                unsigned w = 0x1fu << a;
                if ((own & w) == w)
                    five = true;
                if (!(blk & w))
                    alive = true;
            }
            if (five) {
                pat[idx] = C_FIVE;
                continue;
            }
            if (!alive) {
                pat[idx] = C_NONE;
                continue;
            }
            int compl = 0, best = C_NONE;
            for (int i = 0; i < 8; i++) {
                if ((o8 | b8) >> i & 1)
                    continue;
                int c = pat[(o8 | 1u << i) | b8 << 8];
                if (c == C_FIVE)
                    compl++;
                else if (c > best)
                    best = c;
            }
            int cls;
            if (compl >= 2)
                cls = C_OPEN4;
            else if (compl == 1)
                cls = C_FOUR;
            else if (best == C_OPEN4)
                cls = C_OPEN3;
            else if (best == C_FOUR)
                cls = C_THREE;
            else if (best == C_OPEN3)
                cls = C_OPEN2;
            else if (best == C_THREE)
                cls = C_TWO;
            else
                cls = C_ONE;
            pat[idx] = (uint8_t)cls;
        }
}

static void pb_tables_init(void)
{
    uint32_t valid[4][40];
    memset(valid, 0, sizeof valid);
    for (int i = 0; i < PB_PADDED; i++)
        pad2cell[i] = -1;
    for (int c = 0; c < PB_CELLS; c++) {
        int r = c / PB_N, col = c % PB_N;
        cell2pad[c] = (r + 4) * PB_W + col + 4;
        pad2cell[cell2pad[c]] = (int16_t)c;
        int lines[4] = {r, col, col - r + 18, r + col};
        int poss[4] = {col, r, r, r};
        for (int k = 0; k < 4; k++) {
            line_of[k][c] = (uint8_t)lines[k];
            pos_of[k][c] = (uint8_t)poss[k];
            valid[k][lines[k]] |= 1u << (poss[k] + 5);
        }
    }
    for (int k = 0; k < 4; k++)
        for (int l = 0; l < 40; l++)
            loff[k][l] = ~valid[k][l];
    uint64_t x = 0x5eed0fbe77e27ULL;
    for (int c = 0; c < PB_CELLS; c++)
        for (int p = 0; p < 3; p++)
            zkey[c][p] = pb_mix(x++);
    zside = pb_mix(x++);
    for (int s = 0; s < 2; s++) {
        for (int k = 0; k < 512; k++)
            zcap[s][k] = pb_mix(x++);
        for (int k = 0; k < 4; k++)
            zpow[s][k] = pb_mix(x++);
    }
    pb_pat_init();
}

/* ---- the board ------------------------------------------------------ */

static struct {
    uint8_t pb[PB_PADDED];
    uint8_t near[PB_PADDED]; /* stones within distance 2 */
    uint32_t lm[3][4][40];   /* line bits: white, black, power */
    int16_t occ[PB_CELLS], occpos[PB_CELLS];
    int nocc;
    int caps[2], powleft[2];
    int ply, empties, tomove;
    uint64_t hash;
} B;

static inline bool pb_own(int s, int v) { return v == s + 1 || v == PB_POWER; }

static void pb_put(int c, int piece)
{
    int pc = cell2pad[c];
    B.pb[pc] = (uint8_t)piece;
    for (int k = 0; k < 4; k++)
        B.lm[piece - 1][k][line_of[k][c]] |= 1u << (pos_of[k][c] + 5);
    for (int dr = -2; dr <= 2; dr++)
        for (int dc = -2; dc <= 2; dc++)
            B.near[pc + dr * PB_W + dc]++;
    B.occpos[c] = (int16_t)B.nocc;
    B.occ[B.nocc++] = (int16_t)c;
    B.hash ^= zkey[c][piece - 1];
    B.empties--;
}

static void pb_take(int c)
{
    int pc = cell2pad[c], piece = B.pb[pc];
    B.pb[pc] = PB_EMPTY;
    for (int k = 0; k < 4; k++)
        B.lm[piece - 1][k][line_of[k][c]] &= ~(1u << (pos_of[k][c] + 5));
    for (int dr = -2; dr <= 2; dr++)
        for (int dc = -2; dc <= 2; dc++)
            B.near[pc + dr * PB_W + dc]--;
    int i = B.occpos[c], last = B.occ[--B.nocc];
    B.occ[i] = (int16_t)last;
    B.occpos[last] = (int16_t)i;
    B.hash ^= zkey[c][piece - 1];
    B.empties++;
}

static void pb_clear(void)
{
    memset(&B, 0, sizeof B);
    memset(B.pb, PB_OFF, sizeof B.pb);
    for (int c = 0; c < PB_CELLS; c++)
        B.pb[cell2pad[c]] = PB_EMPTY;
    B.empties = PB_CELLS;
}

/* Class of the shape of colour col through cell c in direction k, with c
 * counted as col's stone. */
static inline int pb_class(int col, int k, int c)
{
    int l = line_of[k][c], p = pos_of[k][c];
    uint32_t own = (B.lm[col][k][l] | B.lm[2][k][l]) >> (p + 1);
    uint32_t blk = (B.lm[col ^ 1][k][l] | loff[k][l]) >> (p + 1);
    unsigned o8 = (own & 0xf) | ((own >> 1) & 0xf0);
    unsigned b8 = (blk & 0xf) | ((blk >> 1) & 0xf0);
    return pat[o8 | b8 << 8];
}

/* Pairs that colour s captures by playing at padded index pc. */
static inline int pb_caps_at(int pc, int s)
{
    int opp = (s ^ 1) + 1, n = 0;
    for (int d = 0; d < 8; d++) {
        int e = pdir[d];
        n += B.pb[pc + e] == opp && B.pb[pc + 2 * e] == opp &&
             pb_own(s, B.pb[pc + 3 * e]);
    }
    return n;
}

typedef struct {
    uint64_t hash;
    int caps[2], powleft[2];
    int nplaced, nrem;
    int16_t placed[2], rem[32];
    uint8_t rempiece[32];
} pb_undo;

/* Put piece for colour s on c, take the pairs it brackets; true if s wins. */
static bool pb_place(int c, int s, int piece, pb_undo *u)
{
    pb_put(c, piece);
    u->placed[u->nplaced++] = (int16_t)c;
    int pc = cell2pad[c], opp = (s ^ 1) + 1, before = B.caps[s];
    for (int d = 0; d < 8; d++) {
        int e = pdir[d];
        if (B.pb[pc + e] != opp || B.pb[pc + 2 * e] != opp ||
            !pb_own(s, B.pb[pc + 3 * e]))
            continue;
        for (int j = 1; j <= 2; j++) {
            int x = pad2cell[pc + j * e];
            u->rem[u->nrem] = (int16_t)x;
            u->rempiece[u->nrem++] = (uint8_t)opp;
            pb_take(x);
        }
        B.caps[s] += 2;
    }
    if (B.caps[s] != before)
        B.hash ^= zcap[s][before & 511] ^ zcap[s][B.caps[s] & 511];
    for (int d = 0; d < 4; d++) {
        int e = pdir[d], n = 1;
        for (int j = pc + e; pb_own(s, B.pb[j]); j += e)
            n++;
        for (int j = pc - e; pb_own(s, B.pb[j]); j -= e)
            n++;
        if (n >= 5)
            return true;
    }
    return B.caps[s] >= R.need;
}

static inline int mv_cell(uint32_t m) { return (int)(m & 511); }
static inline int mv_power(uint32_t m) { return (int)(m >> 9 & 1); }
static inline int mv_bonus(uint32_t m) { return (int)(m >> 10 & 511); }
static inline uint32_t mv_make(int cell, int power, unsigned bonus)
{
    return (uint32_t)cell | (uint32_t)power << 9 | bonus << 10;
}

/* Play a move for the side to move: 0 the game goes on, 1 the mover won,
 * 2 a draw. */
static int pb_make(uint32_t m, pb_undo *u)
{
    int s = B.tomove;
    u->hash = B.hash;
    u->caps[0] = B.caps[0];
    u->caps[1] = B.caps[1];
    u->powleft[0] = B.powleft[0];
    u->powleft[1] = B.powleft[1];
    u->nplaced = u->nrem = 0;
    int cell = mv_cell(m), bonus = mv_bonus(m), res = 0;
    if (mv_power(m)) {
        B.hash ^= zpow[s][B.powleft[s] & 3] ^ zpow[s][(B.powleft[s] - 1) & 3];
        B.powleft[s]--;
    }
    if (pb_place(cell, s, mv_power(m) ? PB_POWER : s + 1, u))
        res = 1;
    else if (bonus != (int)PB_NOBONUS &&
             B.pb[cell2pad[bonus]] == PB_EMPTY && pb_place(bonus, s, s + 1, u))
        res = 1;
    B.ply++;
    B.tomove ^= 1;
    B.hash ^= zside;
    if (!res && (B.empties == 0 || (R.movecap && B.ply >= R.movecap)))
        res = 2;
    return res;
}

static void pb_unmake(const pb_undo *u)
{
    B.ply--;
    B.tomove ^= 1;
    for (int i = u->nplaced - 1; i >= 0; i--)
        pb_take(u->placed[i]);
    for (int i = 0; i < u->nrem; i++)
        pb_put(u->rem[i], u->rempiece[i]);
    B.caps[0] = u->caps[0];
    B.caps[1] = u->caps[1];
    B.powleft[0] = u->powleft[0];
    B.powleft[1] = u->powleft[1];
    B.hash = u->hash;
}

/* ---- reading the game ----------------------------------------------- */

/* "D16" at *s: cell, and *s past it. */
static bool pb_scan_point(const char **s, int *cell)
{
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    char ch = **s;
    if (ch >= 'a' && ch <= 'z')
        ch = (char)(ch - 'a' + 'A');
    const char *at = ch ? strchr(cols, ch) : NULL;
    if (!at)
        return false;
    (*s)++;
    char *end;
    long row = strtol(*s, &end, 10);
    if (end == *s || row < 1 || row > PB_N)
        return false;
    *s = end;
    *cell = (int)(PB_N - row) * PB_N + (int)(at - cols);
    return true;
}

static void pb_point_name(int cell, char *buf, size_t len)
{
    static const char cols[] = "ABCDEFGHJKLMNOPQRST";
    snprintf(buf, len, "%c%d", cols[cell % PB_N], PB_N - cell / PB_N);
}

/* The game's settings from its names and canonical options. */
static void pb_read_rules(const rules_game *g)
{
    memset(&R, 0, sizeof R);
    const char *variant = rules_variant_name(g);
    R.ok = strcmp(rules_game_name(g), "pente") == 0 &&
           rules_seats(g) == 2 &&
           (strcmp(variant, "standard") == 0 || strcmp(variant, "plus") == 0);
    R.plus = strcmp(variant, "plus") == 0;
    R.tournament = true;
    R.need = 10;
    const char *s = rules_options_text(g);
    while (s && *s) {
        while (*s == ' ')
            s++;
        if (strncmp(s, "opening=", 8) == 0)
            R.tournament = strncmp(s + 8, "tournament", 10) == 0;
        else if (strncmp(s, "movecap=", 8) == 0)
            R.movecap = atoi(s + 8);
        else if (strncmp(s, "captures=", 9) == 0)
            R.need = 2 * atoi(s + 9);
        else if (strncmp(s, "diamonds=", 9) == 0) {
            const char *p = s + 9;
            int cell;
            while (R.ndiam < PB_CELLS && pb_scan_point(&p, &cell)) {
                R.diam[R.ndiam++] = cell;
                if (*p != ',')
                    break;
                p++;
            }
        }
        while (*s && *s != ' ')
            s++;
    }
    if (R.need < 2 || R.need > 400)
        R.need = 10;
}

/* Our board from the engine's position line. */
static bool pb_load(const rules_game *g, const rules_pos *pos)
{
    char line[RULES_POS_TEXT_MAX];
    rules_pos_write(g, pos, line, sizeof line);
    pb_clear();
    const char *s = line;
    int r = 0, c = 0;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') {
            r++;
            c = 0;
        } else if (*s >= '0' && *s <= '9') {
            char *end;
            c += (int)strtol(s, &end, 10);
            s = end - 1;
        } else if (*s == '.') {
            c++;
        } else {
            int piece = *s == 'w' ? PB_WHITE : *s == 'b' ? PB_BLACK
                      : *s == 'p' ? PB_POWER : 0;
            if (!piece || r >= PB_N || c >= PB_N)
                return false;
            pb_put(r * PB_N + c, piece);
            c++;
        }
    }
    char mover;
    int ply, c0, c1, p0 = 0, p1 = 0;
    int k = sscanf(s, " %c %d %d,%d %d,%d", &mover, &ply, &c0, &c1, &p0, &p1);
    if (k < 4 || r != PB_N - 1)
        return false;
    B.ply = ply;
    B.tomove = ply & 1;
    B.caps[0] = c0;
    B.caps[1] = c1;
    B.powleft[0] = R.plus ? p0 : 0;
    B.powleft[1] = R.plus ? p1 : 0;
    B.hash ^= zcap[0][c0 & 511] ^ zcap[1][c1 & 511] ^ zpow[0][p0 & 3] ^
              zpow[1][p1 & 3] ^ (B.tomove ? zside : 0);
    return true;
}

/* ---- search state --------------------------------------------------- */

typedef struct {
    uint64_t key;
    uint32_t move;
    int16_t score;
    int8_t depth;
    uint8_t flag; /* 1 upper, 2 lower, 3 exact */
} pb_tt;

typedef struct {
    uint32_t mv;
    int score;
    uint8_t flags;
} pb_cand;

enum { F_WIN = 1, F_BLOCK5 = 2, F_MYCAP = 4, F_OPPCAPWIN = 8 };

static struct {
    pb_tt *tt;
    uint64_t ttmask;
    uint64_t salt, noise_salt;
    uint64_t nodes, moves_searched;
    double deadline; /* hard: 0 = none */
    bool stop;
    const char *why;
    int capval[202];
    pb_cand cand[PB_MAXPLY][PB_MAXCAND];
} S;

static inline bool pb_should_stop(void)
{
    if (S.stop)
        return true;
    if (opt_nodes && S.nodes >= opt_nodes) {
        S.stop = true;
        S.why = "nodes";
    } else if ((S.nodes & 7) == 0 && S.deadline > 0 &&
               botkit_now() >= S.deadline) {
        S.stop = true;
        S.why = "time";
    }
    return S.stop;
}

/* Value of k captured pairs out of the pairs needed. */
static void pb_capval_init(void)
{
    int pairs = R.need / 2;
    S.capval[0] = 0;
    for (int k = 1; k < 202; k++) {
        int left = pairs - k;
        int step = left >= 4 ? 90 : left == 3 ? 130 : left == 2 ? 200
                 : left == 1 ? 350 : 0;
        S.capval[k] = S.capval[k - 1] + step;
    }
}

static inline int pb_capgain(int s)
{
    int k = B.caps[s] / 2;
    if (k > 200)
        k = 200;
    return S.capval[k + 1] - S.capval[k];
}

/* ---- evaluation ----------------------------------------------------- */

typedef struct {
    int pat[2], open3[2], cappts[2];
    bool four[2];
} pb_stats;

static void pb_analyze(pb_stats *st)
{
    memset(st, 0, sizeof *st);
    for (int i = 0; i < B.nocc; i++) {
        int c = B.occ[i], v = B.pb[cell2pad[c]];
        for (int col = 0; col < 2; col++) {
            if (!pb_own(col, v))
                continue;
            for (int k = 0; k < 4; k++) {
                int cls = pb_class(col, k, c);
                st->pat[col] += evw[cls];
                if (cls >= C_FOUR)
                    st->four[col] = true;
                else if (cls == C_OPEN3)
                    st->open3[col]++;
            }
        }
    }
    for (int k = 0; k < 4; k++)
        for (int l = 0; l < nlines[k]; l++) {
            uint32_t w = B.lm[0][k][l], b = B.lm[1][k][l], p = B.lm[2][k][l];
            if (!w && !b)
                continue;
            uint32_t e = ~(w | b | p | loff[k][l]);
            for (int t = 0; t < 2; t++) {
                uint32_t x = t ? w : b, o = (t ? b : w) | p;
                uint32_t pts = (e & (x >> 1) & (x >> 2) & (o >> 3)) |
                               (e & (x << 1) & (x << 2) & (o << 3));
                st->cappts[t] += __builtin_popcount(pts);
            }
        }
}

static int pb_eval(const pb_stats *st, int s)
{
    int o = s ^ 1;
    int sc = st->pat[s] - st->pat[o];
    if (st->open3[s])
        sc += 120;
    int ks = B.caps[s] / 2, ko = B.caps[o] / 2;
    sc += S.capval[ks > 200 ? 200 : ks] - S.capval[ko > 200 ? 200 : ko];
    if (st->cappts[s])
        sc += pb_capgain(s) * 6 / 10 + 20 * (st->cappts[s] > 4 ? 3 : st->cappts[s] - 1);
    if (st->cappts[o])
        sc -= pb_capgain(o) * (st->cappts[o] >= 2 ? 5 : 2) / 10;
    if (opt_noise > 0) {
        uint64_t h = pb_mix(B.hash ^ S.noise_salt);
        sc += (int)(h % (uint64_t)(2 * opt_noise + 1)) - opt_noise;
    }
    return sc > PB_MATE - 1 ? PB_MATE - 1 : sc < 1 - PB_MATE ? 1 - PB_MATE : sc;
}

/* ---- candidates ----------------------------------------------------- */

static int pb_centre_dist(int c)
{
    int dr = c / PB_N - 9, dc = c % PB_N - 9;
    dr = dr < 0 ? -dr : dr;
    dc = dc < 0 ? -dc : dc;
    return dr > dc ? dr : dc;
}

/* May the side to move put a stone on empty cell c (opening rules)? */
static inline bool pb_cell_ok(int c)
{
    if (B.ply == 0)
        return c == PB_CENTRE;
    if (R.tournament && B.ply == 2 && pb_centre_dist(c) < 3)
        return false;
    return true;
}

/* Threat score of the side to move playing on empty cell c. */
static int pb_score_cell(int c, uint8_t *flags)
{
    int s = B.tomove, o = s ^ 1, pc = cell2pad[c];
    int sc = 0, threats = 0;
    uint8_t f = 0;
    for (int k = 0; k < 4; k++) {
        int mc = pb_class(s, k, c), oc = pb_class(o, k, c);
        sc += myw[mc] + opw[oc];
        if (mc == C_FIVE)
            f |= F_WIN;
        if (oc == C_FIVE)
            f |= F_BLOCK5;
        if (mc >= C_OPEN3)
            threats++;
    }
    if (threats >= 2)
        sc += 5000;
    int mcap = pb_caps_at(pc, s);
    if (mcap) {
        f |= F_MYCAP;
        if (B.caps[s] + 2 * mcap >= R.need)
            f |= F_WIN;
        sc += mcap * (600 + pb_capgain(s) * 3);
    }
    int ocap = pb_caps_at(pc, o);
    if (ocap) {
        sc += ocap * (400 + pb_capgain(o) * 2);
        if (B.caps[o] + 2 * ocap >= R.need) {
            f |= F_OPPCAPWIN;
            sc += 20000;
        }
    }
    /* Pairs the stone makes that the opponent could take next, and pairs
     * of his it threatens to take. */
    int mine = s + 1, his = o + 1;
    for (int d = 0; d < 8; d++) {
        int e = pdir[d];
        int a = B.pb[pc + e], b = B.pb[pc + 2 * e], z = B.pb[pc - e];
        if (a == mine) {
            bool ob = b == his || b == PB_POWER, oz = z == his || z == PB_POWER;
            if ((ob && z == PB_EMPTY) || (oz && b == PB_EMPTY))
                sc -= 300;
        } else if (a == his && b == his && B.pb[pc + 3 * e] == PB_EMPTY) {
            sc += 150;
        }
    }
    if (f & F_WIN)
        sc += 1000000;
    *flags = f;
    return sc;
}

/* Score of a bonus stone on the diamond c (for choosing one). */
static int pb_score_bonus(int c)
{
    int s = B.tomove, sc = 0;
    for (int k = 0; k < 4; k++)
        sc += myw[pb_class(s, k, c)] + opw[pb_class(s ^ 1, k, c)];
    return sc + B.near[cell2pad[c]] * 3;
}

/* Pente Plus: the power stone + bonus stone pairs with which colour s
 * (with a power stone in hand) makes five: a bonus point D that would give
 * a four, and the point P that completes it.  Up to max moves into out;
 * returns how many (0 without a power stone). */
static int pb_power_wins(int s, uint32_t *out, int max)
{
    if (!R.plus || B.powleft[s] <= 0 || B.ply == 0)
        return 0;
    int n = 0;
    for (int i = 0; i < R.ndiam && n < max; i++) {
        int d = R.diam[i], pd = cell2pad[d];
        if (B.pb[pd] != PB_EMPTY)
            continue;
        bool any = false;
        for (int k = 0; k < 4; k++)
            any |= pb_class(s, k, d) >= C_FOUR;
        if (!any)
            continue;
        pb_put(d, s + 1);
        for (int k = 0; k < 4 && n < max; k++) {
            if (pb_class(s, k, d) < C_FOUR)
                continue;
            for (int j = -4; j <= 4 && n < max; j++) {
                int q = pd + j * pdir[k];
                if (j == 0 || B.pb[q] != PB_EMPTY)
                    continue;
                int p = pad2cell[q];
                if (pb_cell_ok(p) && pb_class(s, k, p) == C_FIVE)
                    out[n++] = mv_make(p, 1, (unsigned)d);
            }
        }
        pb_take(d);
    }
    return n;
}

static uint32_t pb_stamp_now;
static uint32_t pb_stamp[PB_CELLS];
static int16_t pb_at[PB_CELLS];

/* Every candidate of the side to move with its score.  *win: index of a
 * move that wins at once, or -1; *forced: the opponent threatens to win
 * (five, capture win, or in Plus power + bonus stone) and the list is cut
 * to the answers. */
static int pb_gen(pb_cand *out, int *win, bool *forced)
{
    int n = 0, s = B.tomove;
    bool block = false;
    *win = -1;
    pb_stamp_now++;
    for (int c = 0; c < PB_CELLS; c++) {
        int pc = cell2pad[c];
        if (B.pb[pc] != PB_EMPTY)
            continue;
        bool near = B.near[pc] > 0;
        if (B.ply == 2 && R.tournament)
            near = near || pb_centre_dist(c) <= 4;
        if (!near && B.ply != 0)
            continue;
        if (!pb_cell_ok(c))
            continue;
        pb_cand *k = &out[n];
        k->mv = mv_make(c, 0, PB_NOBONUS);
        k->score = pb_score_cell(c, &k->flags);
        if ((k->flags & F_WIN) && *win < 0)
            *win = n;
        if (k->flags & (F_BLOCK5 | F_OPPCAPWIN))
            block = true;
        pb_stamp[c] = pb_stamp_now;
        pb_at[c] = (int16_t)n;
        n++;
    }
    if (n == 0)
        for (int c = 0; c < PB_CELLS && n < PB_MAXCAND; c++)
            if (B.pb[cell2pad[c]] == PB_EMPTY && pb_cell_ok(c)) {
                out[n].mv = mv_make(c, 0, PB_NOBONUS);
                out[n].score = 0;
                out[n].flags = 0;
                pb_stamp[c] = pb_stamp_now;
                pb_at[c] = (int16_t)n;
                n++;
            }
    if (R.plus && *win < 0) {
        uint32_t pw[1];
        if (pb_power_wins(s, pw, 1) && n < PB_MAXCAND) {
            out[n].mv = pw[0];
            out[n].score = 2000000;
            out[n].flags = F_WIN;
            *win = n++;
        }
    }
    if (R.plus && *win < 0) {
        /* The points of his power + bonus wins must be taken. */
        uint32_t ow[16];
        int k = pb_power_wins(s ^ 1, ow, 16);
        for (int i = 0; i < k; i++) {
            int cells[2] = {mv_cell(ow[i]), mv_bonus(ow[i])};
            for (int j = 0; j < 2; j++) {
                int c = cells[j];
                if (!pb_cell_ok(c))
                    continue;
                if (pb_stamp[c] != pb_stamp_now) {
                    if (n >= PB_MAXCAND)
                        continue;
                    out[n].mv = mv_make(c, 0, PB_NOBONUS);
                    out[n].score = pb_score_cell(c, &out[n].flags);
                    pb_stamp[c] = pb_stamp_now;
                    pb_at[c] = (int16_t)n++;
                }
                out[pb_at[c]].flags |= F_BLOCK5;
                out[pb_at[c]].score += 3000;
                block = true;
            }
        }
    }
    *forced = block;
    if (block) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (out[i].flags & (F_BLOCK5 | F_OPPCAPWIN | F_MYCAP))
                out[m++] = out[i];
        n = m;
    }
    return n;
}

/* Keep the k best of list[0..n) in order, best first (the first of equal
 * scores first), the move first of all if it is in the list. */
static int pb_select(pb_cand *list, int n, int k, uint32_t first)
{
    int start = 0;
    if (first != PB_NOMOVE)
        for (int i = 0; i < n; i++)
            if (list[i].mv == first) {
                pb_cand t = list[i];
                memmove(&list[1], &list[0], (size_t)i * sizeof *list);
                list[0] = t;
                start = 1;
                break;
            }
    if (k > n)
        k = n;
    for (int i = start; i < k; i++) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (list[j].score > list[b].score)
                b = j;
        if (b != i) {
            pb_cand t = list[b];
            memmove(&list[i + 1], &list[i], (size_t)(b - i) * sizeof *list);
            list[i] = t;
        }
    }
    return k;
}

/* Pente Plus: after the first `top` plain candidates, the same points as
 * power stones with the bonus stone that fits them best (scored with the
 * power stone on the board); list has room for them. */
static int pb_add_power(pb_cand *list, int n, int top)
{
    int s = B.tomove;
    if (!R.plus || B.powleft[s] <= 0 || B.ply == 0)
        return n;
    int m = n, added = 0;
    for (int i = 0; i < n && added < top && m < PB_MAXCAND; i++) {
        if (mv_power(list[i].mv) || (list[i].flags & F_WIN))
            continue;
        int c = mv_cell(list[i].mv), best = -1, bs = -1;
        pb_put(c, PB_POWER);
        for (int j = 0; j < R.ndiam; j++) {
            int d = R.diam[j];
            if (B.pb[cell2pad[d]] != PB_EMPTY)
                continue;
            int sc = pb_score_bonus(d);
            if (sc > bs) {
                best = d;
                bs = sc;
            }
        }
        pb_take(c);
        list[m].mv = mv_make(c, 1, best < 0 ? PB_NOBONUS : (unsigned)best);
        list[m].score = list[i].score - 1;
        list[m].flags = list[i].flags;
        m++;
        added++;
    }
    return m;
}

/* ---- search --------------------------------------------------------- */

static int pb_width(int depth)
{
    return depth >= 4 ? opt_width + 2 : depth >= 2 ? opt_width
                                                   : opt_width - 2;
}

static int pb_search(int depth, int alpha, int beta, int ply)
{
    if (pb_should_stop())
        return 0;
    S.nodes++;
    int s = B.tomove, o = s ^ 1;
    pb_stats st;
    if (ply >= PB_MAXPLY - 2) {
        pb_analyze(&st);
        return pb_eval(&st, s);
    }
    /* The slot from the position alone, the check with this move's salt:
     * the search goes exactly as with an empty table. */
    uint64_t key = B.hash ^ S.salt;
    pb_tt *e = &S.tt[B.hash & S.ttmask];
    uint32_t ttmove = PB_NOMOVE;
    if (depth > 0 && e->key == key) {
        ttmove = e->move;
        if (e->depth >= depth) {
            int sc = e->score;
            if (sc > PB_MATE)
                sc -= ply;
            else if (sc < -PB_MATE)
                sc += ply;
            if (e->flag == 3 || (e->flag == 2 && sc >= beta) ||
                (e->flag == 1 && sc <= alpha))
                return sc;
        }
    }
    if (depth <= 0) {
        uint32_t pw;
        pb_analyze(&st);
        if (st.four[s] || (st.cappts[s] && B.caps[s] + 2 >= R.need) ||
            pb_power_wins(s, &pw, 1))
            return PB_WIN - ply - 1;
        if (!st.four[o] && !(st.cappts[o] && B.caps[o] + 2 >= R.need) &&
            !pb_power_wins(o, &pw, 1))
            return pb_eval(&st, s);
    }
    pb_cand *list = S.cand[ply];
    int win;
    bool forced;
    int n = pb_gen(list, &win, &forced);
    if (win >= 0)
        return PB_WIN - ply - 1;
    if (n == 0) {
        if (forced)
            return -(PB_WIN - ply - 2); /* nothing stops the threat */
        pb_analyze(&st);
        return pb_eval(&st, s);
    }
    if (depth <= 0 && !forced) {
        pb_analyze(&st);
        return pb_eval(&st, s);
    }
    int newdepth = depth - 1;
    if (forced && depth > 0 && ply < PB_MAXPLY / 2)
        newdepth = depth;
    if (forced) {
        n = pb_select(list, n, n < 24 ? n : 24, ttmove);
    } else {
        n = pb_select(list, n, pb_width(depth), ttmove);
        n = pb_add_power(list, n, 2);
    }
    int best = -PB_INF, a0 = alpha;
    uint32_t bestmv = list[0].mv;
    for (int i = 0; i < n; i++) {
        pb_undo u;
        int r = pb_make(list[i].mv, &u), sc;
        if (r == 1)
            sc = PB_WIN - ply - 1;
        else if (r == 2)
            sc = 0;
        else if (i == 0)
            sc = -pb_search(newdepth, -beta, -alpha, ply + 1);
        else {
            sc = -pb_search(newdepth, -alpha - 1, -alpha, ply + 1);
            if (sc > alpha && sc < beta && !S.stop)
                sc = -pb_search(newdepth, -beta, -alpha, ply + 1);
        }
        pb_unmake(&u);
        if (S.stop)
            return 0;
        if (sc > best) {
            best = sc;
            bestmv = list[i].mv;
            if (sc > alpha) {
                alpha = sc;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (depth > 0) {
        int sc = best;
        if (sc > PB_MATE)
            sc += ply;
        else if (sc < -PB_MATE)
            sc -= ply;
        e->key = key;
        e->move = bestmv;
        e->score = (int16_t)sc;
        e->depth = (int8_t)(depth > 127 ? 127 : depth);
        e->flag = best <= a0 ? 1 : best >= beta ? 2 : 3;
    }
    return best;
}

/* ---- the turn ------------------------------------------------------- */

static rules_move pb_legal[RULES_MAX_MOVES];

static void pb_format(uint32_t m, char *buf, size_t len)
{
    char a[8], b[8];
    pb_point_name(mv_cell(m), a, sizeof a);
    if (mv_bonus(m) != (int)PB_NOBONUS) {
        pb_point_name(mv_bonus(m), b, sizeof b);
        snprintf(buf, len, "%s%s %s", a, mv_power(m) ? "*" : "", b);
    } else {
        snprintf(buf, len, "%s%s", a, mv_power(m) ? "*" : "");
    }
}

/* A legal move at random: for games we do not play, and the last resort. */
static bool pb_random(const botkit_turn *t, char *buf, size_t len)
{
    size_t n = rules_legal_moves(t->g, t->pos, pb_legal, RULES_MAX_MOVES);
    if (n > RULES_MAX_MOVES)
        n = RULES_MAX_MOVES;
    if (n == 0)
        return false;
    rules_format_move(t->g, &pb_legal[rng_below(t->r, (uint32_t)n)], buf,
                      len);
    return true;
}

/* Is text legal here? */
static bool pb_valid(const botkit_turn *t, const char *text)
{
    rules_move m;
    char why[RULES_REASON_MAX];
    return rules_parse_move(t->g, t->pos, text, &m, why, sizeof why) ==
           RULES_OK;
}

static bool pb_choose(const botkit_turn *t, char *buf, size_t len)
{
    double t0 = t->started;
    uint64_t draw = rng_next(t->r); /* exactly one draw per turn */
    pb_read_rules(t->g);
    if (!R.ok || !pb_load(t->g, t->pos) || B.tomove != t->you % 2) {
        fprintf(stderr, "pente_bot: not a two-seat Pente position; random "
                        "legal move\n");
        return pb_random(t, buf, len);
    }
    pb_capval_init();
    /* The legal points (plain and power) by the engine. */
    static uint8_t legal_plain[PB_CELLS], legal_power[PB_CELLS];
    memset(legal_plain, 0, sizeof legal_plain);
    memset(legal_power, 0, sizeof legal_power);
    size_t nl = rules_legal_moves(t->g, t->pos, pb_legal, RULES_MAX_MOVES);
    if (nl > RULES_MAX_MOVES)
        nl = RULES_MAX_MOVES;
    if (nl == 0)
        return false;
    for (size_t i = 0; i < nl; i++) {
        const rules_step *st = &pb_legal[i].step[0];
        if (st->cell >= PB_CELLS)
            continue;
        if (st->power)
            legal_power[st->cell] = 1;
        else
            legal_plain[st->cell] = 1;
    }
    /* Time: a safe share of this move's limit and of the bank. */
    bool fixed = opt_depth > 0 || opt_nodes > 0;
    double budget = -1;
    if (t->move_ms > 0)
        budget = (double)t->move_ms * (fixed ? 0.6 : 0.4);
    if (t->bank_ms >= 0) {
        double b = (double)t->bank_ms / (fixed ? 5.0 : 10.0);
        budget = budget < 0 || b < budget ? b : budget;
    }
    if (budget < 0 && !fixed)
        budget = 1000;
    if (budget >= 0) {
        budget -= 2;
        if (budget < 1)
            budget = 1;
    }
    S.deadline = budget >= 0 ? t0 + budget / 1000.0 : 0;
    double soft = budget >= 0 ? t0 + budget * 0.45 / 1000.0 : 0;
    S.stop = false;
    S.why = NULL;
    S.nodes = 0;
    /* A fresh table for every move (entries of other moves never match:
     * the search depends only on this position), however many games. */
    S.salt = pb_mix(draw ^ pb_mix(++S.moves_searched));
    S.noise_salt = pb_mix(draw);
    rng r;
    rng_seed(&r, draw ^ B.hash);

    /* Root candidates: ours, kept if the engine lists them. */
    pb_cand *root = S.cand[0];
    int win;
    bool forced;
    int n = pb_gen(root, &win, &forced);
    int m = 0;
    for (int i = 0; i < n; i++)
        if ((mv_power(root[i].mv) ? legal_power
                                  : legal_plain)[mv_cell(root[i].mv)])
            root[m++] = root[i];
    n = m;
    if (n == 0) { /* should not happen: every legal plain point */
        for (int c = 0; c < PB_CELLS && n < PB_MAXCAND; c++)
            if (legal_plain[c]) {
                root[n].mv = mv_make(c, 0, PB_NOBONUS);
                root[n].score = pb_score_cell(c, &root[n].flags);
                n++;
            }
    }
    uint32_t best = PB_NOMOVE;
    int best_score = 0, done_depth = 0;
    for (int i = 0; i < n; i++)
        if (root[i].flags & F_WIN) {
            best = root[i].mv;
            best_score = PB_WIN - 1;
            break;
        }
    if (best == PB_NOMOVE && n > 0) {
        /* Seeded tie-break: shuffle, then the stable selection keeps the
         * shuffled order among equal scores. */
        for (int i = n - 1; i > 0; i--) {
            int j = (int)rng_below(&r, (uint32_t)(i + 1));
            pb_cand tmp = root[i];
            root[i] = root[j];
            root[j] = tmp;
        }
        n = pb_select(root, n, forced ? n : 30, PB_NOMOVE);
        if (!forced) {
            int k = n;
            n = pb_add_power(root, n, 4);
            m = k;
            for (int i = k; i < n; i++)
                if (legal_power[mv_cell(root[i].mv)])
                    root[m++] = root[i];
            n = m;
        }
        best = root[0].mv;
        int maxd = opt_depth > 0 ? opt_depth : PB_MAXPLY / 2 - 4;
        if (n == 1 && !fixed)
            maxd = 0;
        for (int d = 1; d <= maxd; d++) {
            int alpha = -PB_INF, beta = PB_INF, ibest = -1;
            for (int i = 0; i < n; i++) {
                pb_undo u;
                int r2 = pb_make(root[i].mv, &u), sc;
                S.nodes++;
                if (r2 == 1)
                    sc = PB_WIN - 1;
                else if (r2 == 2)
                    sc = 0;
                else if (i == 0)
                    sc = -pb_search(d - 1, -beta, -alpha, 1);
                else {
                    sc = -pb_search(d - 1, -alpha - 1, -alpha, 1);
                    if (sc > alpha && !S.stop)
                        sc = -pb_search(d - 1, -beta, -alpha, 1);
                }
                pb_unmake(&u);
                if (S.stop)
                    break;
                if (sc > alpha) {
                    alpha = sc;
                    ibest = i;
                }
            }
            if (ibest >= 0) {
                /* A root move searched to the end is good to play, even in
                 * an iteration cut short (the first one is the last best). */
                best = root[ibest].mv;
                best_score = alpha;
                pb_cand tmp = root[ibest];
                memmove(&root[1], &root[0], (size_t)ibest * sizeof *root);
                root[0] = tmp;
            }
            if (S.stop)
                break;
            done_depth = d;
            if (alpha > PB_MATE || alpha < -PB_MATE)
                break;
            if (!fixed && soft > 0 && botkit_now() >= soft)
                break;
        }
    }
    /* The move, checked by the engine. */
    if (best != PB_NOMOVE) {
        pb_format(best, buf, len);
        if (!pb_valid(t, buf) && mv_bonus(best) != (int)PB_NOBONUS) {
            best = mv_make(mv_cell(best), mv_power(best), PB_NOBONUS);
            pb_format(best, buf, len);
        }
        if (!pb_valid(t, buf)) {
            fprintf(stderr, "pente_bot: own move %s refused; fallback\n", buf);
            best = PB_NOMOVE;
        }
    }
    if (best == PB_NOMOVE) {
        for (int i = 0; i < n; i++) {
            pb_format(mv_make(mv_cell(root[i].mv), 0, PB_NOBONUS), buf, len);
            if (pb_valid(t, buf)) {
                best = root[i].mv;
                break;
            }
        }
        if (best == PB_NOMOVE && !pb_random(t, buf, len))
            return false;
    }
    fprintf(stderr, "pente_bot: ply %d move %s depth %d nodes %" PRIu64
                    " score %d ms %.0f%s%s\n",
            B.ply, buf, done_depth, S.nodes, best_score,
            (botkit_now() - t0) * 1000.0, S.why ? " stop " : "",
            S.why ? S.why : "");
    return true;
}

/* ---- command line --------------------------------------------------- */

static bool pb_number(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int pb_arg(int argc, char **argv, int i)
{
    long v;
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(argv[i], "--depth") == 0 && pb_number(val, 1, 40, &v)) {
        opt_depth = (int)v;
        return 2;
    }
    if (strcmp(argv[i], "--nodes") == 0 &&
        pb_number(val, 1, 2000000000L, &v)) {
        opt_nodes = (uint64_t)v;
        return 2;
    }
    if (strcmp(argv[i], "--noise") == 0 && pb_number(val, 0, 1000, &v)) {
        opt_noise = (int)v;
        return 2;
    }
    if (strcmp(argv[i], "--width") == 0 && pb_number(val, 3, 100, &v)) {
        opt_width = (int)v;
        return 2;
    }
    if (strcmp(argv[i], "--hash") == 0 && pb_number(val, 1, 1024, &v)) {
        opt_hash_mb = v;
        return 2;
    }
    return 0;
}

static const botkit_bot pente_bot = {
    .name = "pente_bot",
    .version = "1.0",
    .author = "the referee project",
    .choose_timed = pb_choose,
    .arg = pb_arg,
    .usage = "[--depth N] [--nodes N] [--width N] [--noise N] [--hash MB]",
};

int main(int argc, char **argv)
{
    pb_tables_init();
    /* The table is allocated before botkit reads the options: look for
     * --hash first (botkit checks its value again). */
    long mb = opt_hash_mb;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--hash") == 0)
            (void)pb_number(argv[i + 1], 1, 1024, &mb);
    uint64_t entries = 1;
    while (entries * 2 * sizeof(pb_tt) <= (uint64_t)mb << 20)
        entries *= 2;
    S.tt = calloc(entries, sizeof *S.tt);
    if (!S.tt) {
        fprintf(stderr, "pente_bot: out of memory\n");
        return 1;
    }
    S.ttmask = entries - 1;
    int rc = botkit_run(argc, argv, &pente_bot);
    free(S.tt);
    return rc;
}
