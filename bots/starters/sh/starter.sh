#!/bin/sh
# A starter bot for Pentago, Pente and Pentago Multiplayer, in POSIX sh
# and awk (any awk: mawk, gawk, busybox).  Copy this one file, put your own choice in the awk
# function choose_move (search for "YOUR MOVE") and try it against the
# bundled random bot:
#
#   referee match "sh starter.sh" build/bots/random_bot
#   referee match --game pente --variant plus "sh starter.sh" build/bots/random_bot
#   referee match --game pentago-multi "sh starter.sh" build/bots/random_bot
#
# What it does for you:
#   - speaks the bot protocol (protocol/PROTOCOL.md): it reads the
#     referee's lines on stdin and answers on stdout, one line at a time;
#   - asks the referee for a `position` line before each of its turns, so
#     it needs no rules to follow the game: it reads the board from that
#     line;
#   - lists the legal moves of the position and lets choose_move pick one.
#     As written it picks one at random, seeded from the referee's
#     `set seed` and its own seat, so the same seed plays the same game.
#
# The list of legal moves:
#   - Pentago (6x6, 4 quadrants) and Pentago Multiplayer (9x9, 9 blocks;
#     `set game pentago-multi`, variants 2p, 3p, 4p, team): every empty
#     cell with each turn of each block, "c4 1R", "c4 1L", "c4 2R", ...;
#     where the placement alone makes five (or more) in a row of the
#     mover's colour, the bare cell "c4" instead: the mover has won there
#     and no turn follows.  Cells in order a1, b1, ..., then row 2: the
#     rules engine's own order.
#   - Pente: every empty point ("K10"); the first stone of the game must
#     be K10; with opening=tournament (the default) white's second stone
#     (ply 2; ply 4 in the team variant) must be outside H8-M12.
#   - Pente Plus: also every empty point as a power stone ("L12*") while
#     the player to move has power stones in hand (not for the first
#     stone).  Two optional extras are not listed: a bonus stone after a
#     power stone ("L12* D4") and colour lists ("K15/w").  A move without
#     them is always legal; add them yourself if you want them.
#
# Any other game (the Pattern Puzzle, `pentago-puzzle`, or a game added
# later): the bot does not play it.  On `set game` it says so on stderr,
# and it answers every `turn` with "move unsupported-game", a text no game
# accepts, so that `referee check-bot` lists the game as not played.
#
# A help for authors: `sh starter.sh --list-moves GAME VARIANT 'POSITION'
# [OPTIONS]` prints the legal moves of a position, one a line.
#
# The whole bot is the awk program below; sh only starts it.  Everything
# awk prints goes to the referee, so write your notes with note("..."),
# which goes to stderr (the referee keeps it in a log file).
#
# mawk reads its input in big blocks unless told -W interactive, and would
# then wait for lines the referee has not sent yet: it gets that option.
# Set AWK=gawk (for example) to choose another awk.

AWK=${AWK:-awk}
interactive=
case $("$AWK" -W version 2>&1 </dev/null) in
*mawk*) interactive="-W interactive" ;;
esac

list=0
if [ "$1" = "--list-moves" ]; then
    if [ $# -lt 4 ]; then
        echo "usage: $0 --list-moves GAME VARIANT 'POSITION' [OPTIONS]" >&2
        exit 2
    fi
    list=1
    shift
fi

# $interactive is left unquoted on purpose: it is two words or none.
exec "$AWK" $interactive -v list="$list" -v list_game="$1" \
    -v list_variant="$2" -v list_position="$3" -v list_options="$4" '

# What the bot knows about the game, in global variables:
#   GAME        "pentago", "pente" or "pentago-multi"
#   VARIANT     pentago: swiss-2010, standard; pente: standard, plus,
#               partner, team; pentago-multi: 2p, 3p, 4p, team
#   TOURNAMENT  Pente: 1 with opening=tournament (the default)
#   SEAT        our seat: 0 moves first
#   SIZE        the board is SIZE x SIZE cells: 6 (Pentago), 9 (Pentago
#               Multiplayer) or 19 (Pente)
#   B[cell]     the board, cell = row * SIZE + col, rows as the position
#               line lists them:
#                 Pentago: row 0 is row 1 (the top), col 0 column a,
#                          so cell "c4" is B[3 * 6 + 2] (Pentago
#                          Multiplayer: "e5" is B[4 * 9 + 4]);
#                 Pente:   row 0 is row 19 (the top), col 0 column A,
#                          so K10 is B[9 * 19 + 9].
#               "." empty, "w" white, "b" black, "p" a power stone
#               (Plus), "r" red, "u" blue (Pente team, Pentago
#               Multiplayer)
#   TO_MOVE     colour to move: "w", "b", "r" or "u"
#   PLY         Pente: plies played so far
#   CAPTURED[0], CAPTURED[1]  Pente: stones captured by white, black
#   POWER[0], POWER[1]        Pente Plus: power stones in hand, white, black
#   SEAT_TO_MOVE  Pentago Multiplayer: the seat to move
#   NSEATS, PLACE[0..NSEATS-1]  Pentago Multiplayer: the place of each seat, 0
#               while it is still in

# ==== YOUR MOVE ============================================================
# Put your own choice here.  You get:
#   moves     every legal move as text, moves[1] to moves[n]
#   n         how many there are
#   time_ms   milliseconds you have for this move: answer well within it
# and the globals above; random_below(k) gives a number from 0 to k - 1.
# Return the text of your move: one of moves, or a legal move you build
# yourself (for example a Pente Plus bonus stone, "L12* D4").
# As written: a random legal move.
function choose_move(moves, n, time_ms) {
    return moves[random_below(n) + 1]
}
# ==== end of YOUR MOVE =====================================================

# One line to the referee, flushed at once (or it never arrives).
function say(text) { print text; fflush() }

# A note for the log: stderr, never stdout.
function note(text) { print text > "/dev/stderr" }

# Random numbers: the Park-Miller generator, x = 48271 x mod (2^31 - 1),
# exact in the double-precision numbers awk computes with.
function random_seed(seed_text, seat,    i, v) {
    # The seed can be up to 20 digits, more than awk holds exactly, so it
    # is reduced modulo 2^31 - 1 one digit at a time.
    v = 0
    for (i = 1; i <= length(seed_text); i++)
        v = (v * 10 + index("0123456789", substr(seed_text, i, 1)) - 1) % M
    # Mix the seat in, so two copies of this bot play differently.
    X = (v + 1 + 1000003 * seat) % M
    if (X == 0)
        X = 1
}

function random_below(k) {
    X = (X * 48271) % M
    return X % k
}

# The games this bot knows; it declines any other.
function plays_game(game) {
    return game == "pentago" || game == "pente" || game == "pentago-multi"
}

# The rows of a Pentago or Pentago Multiplayer line into B: size rows of
# size cells split by "/".
function read_rows(s, size,    i, ch, cell) {
    SIZE = size
    cell = 0
    for (i = 1; i <= length(s); i++)
        if ((ch = substr(s, i, 1)) != "/")
            B[cell++] = ch
}

# Turn a `position` line into B and the other globals.
function read_position(text,    f, nf, s, i, ch, number, cell, k, pair) {
    nf = split(text, f, " ")
    s = f[1]
    cell = 0
    if (GAME == "pente") {
        # A number is a run of empty points; then the colour to move, the
        # plies, captures "c0,c1", in Plus power stones "p0,p1".
        SIZE = 19
        number = ""
        for (i = 1; i <= length(s) + 1; i++) {
            ch = substr(s, i, 1)
            if (ch ~ /[0-9]/) {
                number = number ch
                continue
            }
            for (k = 0; k < number + 0; k++)
                B[cell++] = "."
            number = ""
            if (ch != "/" && ch != "")
                B[cell++] = ch
        }
        TO_MOVE = f[2]
        PLY = f[3] + 0
        split(f[4], pair, ",")
        CAPTURED[0] = pair[1] + 0
        CAPTURED[1] = pair[2] + 0
        POWER[0] = POWER[1] = 0
        if (nf > 4) {
            split(f[5], pair, ",")
            POWER[0] = pair[1] + 0
            POWER[1] = pair[2] + 0
        }
    } else if (GAME == "pentago-multi") {
        # Nine rows of nine cells, the seat to move, the place of each seat.
        # Seat s plays colour s (w b r u); in team play s % 2 (w b).
        read_rows(s, 9)
        SEAT_TO_MOVE = f[2] + 0
        NSEATS = split(f[3], pair, ",")
        for (i = 1; i <= NSEATS; i++)
            PLACE[i - 1] = pair[i] + 0
        if (VARIANT == "team")
            TO_MOVE = substr("wb", SEAT_TO_MOVE % 2 + 1, 1)
        else
            TO_MOVE = substr("wbru", SEAT_TO_MOVE + 1, 1)
    } else {
        # Pentago: six rows of six cells, then the colour to move.
        read_rows(s, 6)
        TO_MOVE = nf > 1 ? f[2] : "w"
    }
}

# Does a gem of colour on the empty cell make five or more in a row?
# Along each line through it: its own gems on both sides, plus itself.
function makes_five(cell, colour,    d, dr, dc, sign, r, c, run) {
    for (d = 1; d <= 4; d++) {
        dr = d == 1 ? 0 : 1                  # along the row, the column,
        dc = d == 2 ? 0 : (d == 4 ? -1 : 1)  # and the two diagonals
        run = 1
        for (sign = -1; sign <= 1; sign += 2) {
            r = int(cell / SIZE) + sign * dr
            c = cell % SIZE + sign * dc
            while (r >= 0 && r < SIZE && c >= 0 && c < SIZE && \
                   B[r * SIZE + c] == colour) {
                run++
                r += sign * dr
                c += sign * dc
            }
        }
        if (run >= 5)
            return 1
    }
    return 0
}

# Every legal move of the position into moves[1..n]; returns n.
function legal_moves(moves,    n, cell, r, c, q, blocks, opening, mine, power, near, point) {
    split("", moves)
    n = 0
    if (GAME == "pente") {
        opening = VARIANT == "team" ? 4 : 2
        mine = TO_MOVE == "b" ? 1 : 0   # Plus: whose power stones
        power = VARIANT == "plus" && PLY > 0 && POWER[mine] > 0
        for (cell = 0; cell < 361; cell++) {
            if (B[cell] != ".")
                continue
            r = int(cell / 19)
            c = cell % 19
            if (PLY == 0 && cell != 9 * 19 + 9)
                continue   # the first stone goes on K10
            near = r >= 7 && r <= 11 && c >= 7 && c <= 11
            if (TOURNAMENT && PLY == opening && near)
                continue   # white s second stone: outside H8-M12
            point = substr("ABCDEFGHJKLMNOPQRST", c + 1, 1) (19 - r)
            moves[++n] = point
            if (power)
                moves[++n] = point "*"
        }
    } else {
        # Pentago and Pentago Multiplayer: the board is cut into 3x3
        # blocks, 4 or 9, numbered in reading order.
        blocks = int(SIZE / 3) * int(SIZE / 3)
        for (cell = 0; cell < SIZE * SIZE; cell++) {
            if (B[cell] != ".")
                continue
            point = substr("abcdefghi", cell % SIZE + 1, 1) (int(cell / SIZE) + 1)
            if (makes_five(cell, TO_MOVE)) {
                moves[++n] = point   # it wins here: no turn follows
                continue
            }
            for (q = 1; q <= blocks; q++) {
                moves[++n] = point " " q "R"
                moves[++n] = point " " q "L"
            }
        }
    }
    return n
}

# Forget the last game: the defaults before the `set` lines.
function new_game() {
    GAME = "pentago"
    VARIANT = ""
    TOURNAMENT = 1
    SEAT = 0
    SEED = "0"
}

BEGIN {
    M = 2147483647
    new_game()
    random_seed("0", 0)
    if (list) {
        # --list-moves GAME VARIANT POSITION [OPTIONS]: print the moves.
        if (!plays_game(list_game)) {
            note("starter: this bot does not play " list_game)
            exit 2
        }
        GAME = list_game
        VARIANT = list_variant
        TOURNAMENT = index(list_options, "opening=free") == 0
        read_position(list_position)
        n = legal_moves(LIST)
        for (i = 1; i <= n; i++)
            print LIST[i]
        exit 0
    }
}

{ sub(/\r$/, "") }   # a CR before the LF is not part of the line

$1 == "protocol" {
    say("id name Starter (sh+awk)")
    say("id version 0.1")
    say("id author Your Name")
    say("id option position")   # a `position` line before turns
    say("id option newgame")    # can play game after game
    say("ready 1")
    next
}
$1 == "set" && $2 == "game" {
    GAME = $3
    VARIANT = GAME == "pente" ? "standard" : (GAME == "pentago-multi" ? "2p" : "")
    if (!plays_game(GAME))
        note("starter: this bot does not play " GAME " (it plays pentago, " \
             "pente and pentago-multi); it answers every turn with " \
             "\047move unsupported-game\047")
    next
}
$1 == "set" && $2 == "variant" { VARIANT = $3; next }
$1 == "set" && $2 == "options" { TOURNAMENT = index($0, "opening=free") == 0; next }
$1 == "set" && $2 == "you"     { SEAT = $3 + 0; next }
$1 == "set" && $2 == "seed"    { SEED = $3; next }
$1 == "start"    { random_seed(SEED, SEAT); next }
$1 == "position" {
    if (plays_game(GAME))
        read_position($2 " " $3 " " $4 " " $5 " " $6)
    next
}
$1 == "turn" && !plays_game(GAME) {
    say("move unsupported-game")   # no game accepts it: we decline
    next
}
$1 == "turn" {
    n = legal_moves(MOVES)
    if (n == 0)
        note("starter: no legal move found")
    else
        say("move " choose_move(MOVES, n, $2 + 0))
    next
}
$1 == "result"  { note("starter: game over: " $2 " " $3); next }
$1 == "newgame" { new_game(); say("ready 1"); next }
$1 == "quit"    { exit 0 }
# Any other line (`played`, new keywords): ignored.  At the end of input
# awk stops by itself: the referee has gone, so quit.
'
