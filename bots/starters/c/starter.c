/*
 * starter.c - a starter bot for Pentago, Pente and Pentago Multiplayer,
 * in C.  Copy this one file, put your own choice in choose_move() (search for "YOUR MOVE"),
 * and build it:
 *
 *     cc -O2 -o starter starter.c
 *
 * Try it against the bundled random bot:
 *
 *     referee match ./starter build/bots/random_bot
 *     referee match --game pente --variant plus ./starter build/bots/random_bot
 *     referee match --game pentago-multi ./starter build/bots/random_bot
 *
 * What it does for you:
 *   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
 *     referee's lines on stdin and answers on stdout, one line at a time;
 *   - asks the referee for a `position` line before each of its turns, so
 *     it needs no rules to follow the game: it reads the board from that
 *     line;
 *   - lists the legal moves of the position and lets choose_move() pick
 *     one.  As written it picks one at random, seeded from the referee's
 *     `set seed` and its own seat, so the same seed plays the same game.
 *
 * The list of legal moves:
 *   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
 *     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
 *     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
 *     where the placement alone makes five (or more) in a row of the
 *     mover's colour, the bare cell "c4" instead: the mover has won there
 *     and no turn follows.  Cells in order a1, b1, ..., then row 2: the
 *     rules engine's own order.
 *   - Pente: every empty point ("K10"); the first stone of the game must
 *     be K10; with opening=tournament (the default) white's second stone
 *     (ply 2; ply 4 in the team variant) must be outside H8-M12.
 *   - Pente Plus: also every empty point as a power stone ("L12*") while
 *     the player to move has power stones in hand (not for the first
 *     stone).  Two optional extras are not listed: a bonus stone after a
 *     power stone ("L12* D4") and colour lists ("K15/w").  A move without
 *     them is always legal; add them yourself if you want them.
 *
 * Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
 * later): the bot does not play it.  On `set game` it says so on stderr,
 * and it answers every `turn` with "move unsupported-game", a text no game
 * accepts, so that `referee check-bot` lists the game as not played.
 *
 * A help for authors: `./starter --list-moves GAME VARIANT 'POSITION'
 * [OPTIONS]` prints the legal moves of a position, one a line, e.g.
 *     ./starter --list-moves pentago swiss-2010 \
 *         '....../....../....../....../....../...... w'
 *
 * Everything you print on stdout goes to the referee, so write your notes
 * to stderr (the referee keeps them in a log file).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 361  /* Pente: 19 x 19 points */
#define MAX_MOVES 1458 /* Pentago Multiplayer: 81 cells x 18 turns */
#define MOVE_LEN 16    /* room for one move's text, "c4 2R" or "L12*" */
#define MAX_SEATS 4

/* What the bot knows about the game. */
typedef struct {
    char game[32];     /* "pentago", "pente" or "pentago-multi" */
    char variant[32];  /* pentago: "swiss-2010" or "standard";
                          pente: "standard", "plus", "partner", "team";
                          pentago-multi: "2p", "3p", "4p", "team" */
    int tournament;    /* Pente: 1 with opening=tournament (the default) */
    int seat;          /* our seat: 0 moves first */
    unsigned long long seed; /* from `set seed`, for the random numbers */

    /* The position, from the last `position` line.  The board is
     * size x size cells, row by row as the position line lists them:
     *   Pentago: size 6, board[row * 6 + col], row 0 is row 1 (the top),
     *            col 0 is column a; cell "c4" is board[3 * 6 + 2].
     *   Pentago Multiplayer: the same with size 9; "e5" is board[4 * 9 + 4].
     *   Pente:   size 19, board[row * 19 + col], row 0 is row 19 (the top),
     *            col 0 is column A; K10 is board[9 * 19 + 9].
     * Each cell is '.' when empty, else the letter of its stone:
     * 'w' white, 'b' black, 'p' a power stone (Plus), 'r' red, 'u' blue
     * (Pente team, Pentago Multiplayer). */
    int size;
    char board[MAX_CELLS];
    char to_move;      /* colour to move: 'w', 'b', 'r' or 'u'; it is ours
                          whenever we are asked for a move */
    int ply;           /* Pente: plies played so far (0 at the start) */
    int captured[2];   /* Pente: stones captured by white's and black's team */
    int power[2];      /* Pente Plus: power stones in hand, white and black */
    int seat_to_move;  /* Pentago Multiplayer: the seat to move */
    int nseats;        /* Pentago Multiplayer: seats, with a place each: */
    int place[MAX_SEATS]; /* 0 while the seat is in, else its place */
} state;

/* ---- random numbers (splitmix64: small, fast, the same everywhere) ------- */

static unsigned long long rng_state;

static void random_seed(unsigned long long seed, int seat)
{
    /* Mix the seat in, so two copies of this bot play differently. */
    rng_state = seed ^ (0x9E3779B97F4A7C15ULL * (unsigned long long)(seat + 1));
}

/* A random number from 0 to n - 1. */
static int random_below(int n)
{
    unsigned long long z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (int)(z % (unsigned long long)n);
}

/* ==== YOUR MOVE ==========================================================
 * Put your own choice here.  You get:
 *   s        the game and the position (see `state` above)
 *   moves    every legal move as text, moves[0] to moves[n - 1]
 *   time_ms  milliseconds you have for this move: answer well within it
 * Return the text of your move: one of moves[], or a legal move you build
 * yourself (for example a Pente Plus bonus stone, "L12* D4").
 * As written: a random legal move. */
static const char *choose_move(const state *s, char moves[][MOVE_LEN], int n,
                               long time_ms)
{
    (void)s;
    (void)time_ms;
    return moves[random_below(n)];
}
/* ==== end of YOUR MOVE ================================================== */

/* The games this bot knows; it declines any other. */
static int plays_game(const char *game)
{
    return strcmp(game, "pentago") == 0 || strcmp(game, "pente") == 0 ||
           strcmp(game, "pentago-multi") == 0;
}

/* ---- the position line --------------------------------------------------- */

/* Read the rows of a Pentago or Pentago Multiplayer line: size rows of
 * size cells split by '/'.  Returns what follows the rows, or NULL. */
static const char *read_rows(state *s, const char *line, int size)
{
    s->size = size;
    int cell = 0;
    for (; *line && *line != ' '; line++)
        if (*line != '/' && cell < size * size)
            s->board[cell++] = *line;
    return cell == size * size ? line : NULL;
}

/* Read a Pentago line, "....../...w../....../....../....../...... b". */
static int read_pentago(state *s, const char *line)
{
    line = read_rows(s, line, 6);
    if (!line)
        return 0;
    s->to_move = *line == ' ' ? line[1] : 'w';
    return 1;
}

/* Read a Pentago Multiplayer line: nine rows, the seat to move, each
 * seat's place ("... 2 0,1,0").  The colour to move follows from the seat:
 * seat s plays "wbru"[s], in team play "wb"[s % 2]. */
static int read_multi(state *s, const char *line)
{
    line = read_rows(s, line, 9);
    if (!line)
        return 0;
    char *end;
    s->seat_to_move = (int)strtol(line, &end, 10);
    if (end == line || s->seat_to_move < 0 || s->seat_to_move >= MAX_SEATS)
        return 0;
    s->nseats = 0;
    for (line = end; s->nseats < MAX_SEATS && *line; line = end) {
        s->place[s->nseats] = (int)strtol(line + 1, &end, 10);
        if (end == line + 1)
            break;
        s->nseats++;
    }
    int team = strcmp(s->variant, "team") == 0;
    s->to_move = "wbru"[team ? s->seat_to_move % 2 : s->seat_to_move];
    return s->nseats > s->seat_to_move;
}

/* Read a Pente line: rows from 19 down to 1 split by '/', a number for a
 * run of empty points, then the colour to move, the plies, the captures
 * "c0,c1" and, in Plus, the power stones in hand "p0,p1". */
static int read_pente(state *s, const char *line)
{
    s->size = 19;
    int cell = 0;
    while (*line && *line != ' ') {
        if (*line >= '0' && *line <= '9') {
            char *end;
            long run = strtol(line, &end, 10);
            for (; run > 0 && cell < MAX_CELLS; run--)
                s->board[cell++] = '.';
            line = end;
        } else {
            if (*line != '/' && cell < MAX_CELLS)
                s->board[cell++] = *line;
            line++;
        }
    }
    s->power[0] = s->power[1] = 0;
    int got = sscanf(line, " %c %d %d,%d %d,%d", &s->to_move, &s->ply,
                     &s->captured[0], &s->captured[1], &s->power[0],
                     &s->power[1]);
    return cell == MAX_CELLS && got >= 4;
}

static int read_position(state *s, const char *line)
{
    if (strcmp(s->game, "pente") == 0)
        return read_pente(s, line);
    if (strcmp(s->game, "pentago-multi") == 0)
        return read_multi(s, line);
    return read_pentago(s, line);
}

/* ---- the legal moves ----------------------------------------------------- */

/* Whether a gem of colour on the empty cell makes five or more in a row:
 * along each line through it, its own gems on both sides, plus itself. */
static int makes_five(const state *s, int cell, char colour)
{
    static const int step[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int size = s->size;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int sign = -1; sign <= 1; sign += 2) {
            int dr = sign * step[d][0], dc = sign * step[d][1];
            int r = cell / size + dr, c = cell % size + dc;
            for (; r >= 0 && r < size && c >= 0 && c < size &&
                   s->board[r * size + c] == colour;
                 r += dr, c += dc)
                run++;
        }
        if (run >= 5)
            return 1;
    }
    return 0;
}

/* Pentago and Pentago Multiplayer, the board cut into 3x3 blocks (4 or
 * 9, numbered in reading order): every empty cell with each block turned
 * each way ("c4 2R"), or the bare cell where the placement makes five. */
static int block_moves(const state *s, char moves[][MOVE_LEN])
{
    int blocks = (s->size / 3) * (s->size / 3), n = 0;
    for (int cell = 0; cell < s->size * s->size; cell++) {
        if (s->board[cell] != '.')
            continue;
        char name[4] = {(char)('a' + cell % s->size),
                        (char)('1' + cell / s->size), '\0'};
        if (makes_five(s, cell, s->to_move)) {
            snprintf(moves[n++], MOVE_LEN, "%s", name); /* it wins here */
            continue;
        }
        for (int block = 1; block <= blocks; block++)
            for (int d = 0; d < 2; d++)
                snprintf(moves[n++], MOVE_LEN, "%s %c%c", name, '0' + block,
                         "RL"[d]);
    }
    return n;
}

/* Pente: every empty point, within the opening rules; in Plus each also
 * as a power stone while the player to move has one in hand. */
static int pente_moves(const state *s, char moves[][MOVE_LEN])
{
    static const char columns[] = "ABCDEFGHJKLMNOPQRST"; /* no I */
    int opening_ply = strcmp(s->variant, "team") == 0 ? 4 : 2;
    int mine = s->to_move == 'b'; /* Plus: whose power stones */
    int power = strcmp(s->variant, "plus") == 0 && s->ply > 0 &&
                s->power[mine] > 0;
    int n = 0;
    for (int cell = 0; cell < MAX_CELLS; cell++) {
        int row = cell / 19, col = cell % 19;
        if (s->board[cell] != '.')
            continue;
        if (s->ply == 0 && cell != 9 * 19 + 9)
            continue; /* the first stone goes on K10 */
        int far = abs(row - 9) >= 3 || abs(col - 9) >= 3;
        if (s->tournament && s->ply == opening_ply && !far)
            continue; /* white's second stone: outside H8-M12 */
        snprintf(moves[n++], MOVE_LEN, "%c%d", columns[col], 19 - row);
        if (power)
            snprintf(moves[n++], MOVE_LEN, "%c%d*", columns[col], 19 - row);
    }
    return n;
}

static int legal_moves(const state *s, char moves[][MOVE_LEN])
{
    if (strcmp(s->game, "pente") == 0)
        return pente_moves(s, moves);
    return block_moves(s, moves);
}

/* ---- the protocol -------------------------------------------------------- */

/* Print one line to the referee and flush it: without the flush the line
 * would wait in a buffer and the bot would lose on time. */
static void say(const char *text)
{
    printf("%s\n", text);
    fflush(stdout);
}

/* Forget the last game: the defaults before the `set` lines. */
static void new_game(state *s)
{
    memset(s, 0, sizeof *s);
    strcpy(s->game, "pentago");
    s->tournament = 1;
}

/* `set KEY VALUE...`: remember what we need, ignore the rest. */
static void handle_set(state *s, char *rest)
{
    char key[32] = "", value[32] = "";
    sscanf(rest, "%31s %31s", key, value);
    if (strcmp(key, "game") == 0) {
        strcpy(s->game, value);
        strcpy(s->variant, strcmp(value, "pente") == 0           ? "standard"
                           : strcmp(value, "pentago-multi") == 0 ? "2p"
                                                                 : "");
        if (!plays_game(value))
            fprintf(stderr, "starter: this bot does not play %s (it plays "
                            "pentago, pente and pentago-multi); it answers "
                            "every turn with 'move unsupported-game'\n",
                    value);
    } else if (strcmp(key, "variant") == 0) {
        strcpy(s->variant, value);
    } else if (strcmp(key, "options") == 0) {
        s->tournament = strstr(rest, "opening=free") == NULL;
    } else if (strcmp(key, "you") == 0) {
        s->seat = atoi(value);
    } else if (strcmp(key, "seed") == 0) {
        s->seed = strtoull(value, NULL, 10);
    }
}

/* `turn MOVE_MS BANK_MS`: list the moves, choose one, send it. */
static void handle_turn(state *s, const char *rest)
{
    static char moves[MAX_MOVES][MOVE_LEN];
    if (!plays_game(s->game)) {
        say("move unsupported-game"); /* no game accepts it: we decline */
        return;
    }
    long time_ms = atol(rest);
    int n = legal_moves(s, moves);
    if (n == 0) {
        fprintf(stderr, "starter: no legal move found\n");
        return;
    }
    char line[MOVE_LEN + 64];
    snprintf(line, sizeof line, "move %s", choose_move(s, moves, n, time_ms));
    say(line);
}

/* Read the referee's lines until `quit` or the end of input. */
static int play(void)
{
    static state s;
    static char line[8192];
    new_game(&s);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *rest = strchr(line, ' ');
        rest = rest ? rest + 1 : line + strlen(line);
        char keyword[32] = "";
        sscanf(line, "%31s", keyword);
        if (strcmp(keyword, "protocol") == 0) {
            say("id name Starter (C)");
            say("id version 0.1");
            say("id author Your Name");
            say("id option position"); /* a `position` line before turns */
            say("id option newgame");  /* can play game after game */
            say("ready 1");
        } else if (strcmp(keyword, "set") == 0) {
            handle_set(&s, rest);
        } else if (strcmp(keyword, "start") == 0) {
            random_seed(s.seed, s.seat);
        } else if (strcmp(keyword, "position") == 0) {
            if (plays_game(s.game) && !read_position(&s, rest))
                fprintf(stderr, "starter: cannot read position %s\n", rest);
        } else if (strcmp(keyword, "turn") == 0) {
            handle_turn(&s, rest);
        } else if (strcmp(keyword, "result") == 0) {
            fprintf(stderr, "starter: game over: %s\n", rest);
        } else if (strcmp(keyword, "newgame") == 0) {
            new_game(&s);
            say("ready 1");
        } else if (strcmp(keyword, "quit") == 0) {
            return 0;
        }
        /* Any other line (`played`, `info`, new keywords): ignored. */
    }
    return 0; /* end of input: the referee has gone, so quit */
}

/* --list-moves GAME VARIANT POSITION [OPTIONS]: print the legal moves. */
static int list_moves(int argc, char **argv)
{
    static state s;
    static char moves[MAX_MOVES][MOVE_LEN];
    if (argc < 5) {
        fprintf(stderr, "usage: %s --list-moves GAME VARIANT 'POSITION' "
                        "[OPTIONS]\n", argv[0]);
        return 2;
    }
    if (!plays_game(argv[2])) {
        fprintf(stderr, "starter: this bot does not play %s\n", argv[2]);
        return 2;
    }
    new_game(&s);
    snprintf(s.game, sizeof s.game, "%s", argv[2]);
    snprintf(s.variant, sizeof s.variant, "%s", argv[3]);
    s.tournament = argc < 6 || strstr(argv[5], "opening=free") == NULL;
    if (!read_position(&s, argv[4])) {
        fprintf(stderr, "cannot read position %s\n", argv[4]);
        return 2;
    }
    int n = legal_moves(&s, moves);
    for (int i = 0; i < n; i++)
        printf("%s\n", moves[i]);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--list-moves") == 0)
        return list_moves(argc, argv);
    return play();
}
