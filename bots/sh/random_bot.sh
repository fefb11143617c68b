#!/bin/sh
# Random bot for every game the referee knows, in POSIX sh + awk, protocol
# v1.
#
# Pentago (swiss-2010, standard): a random empty cell and a random quadrant
# rotation; the bare cell when the placement alone makes five.
# Pente (standard, plus, partner, team): a random legal point (K10 first,
# the tournament opening rule at its ply); in Pente Plus a power stone now
# and then, never a bonus stone or a colour list.
# Pentago Multiplayer (2p, 3p, 4p, team): a random empty cell of the 9x9
# board and a random block turn (the turn is dropped after a five by
# placement, so it is always legal).
# The Pattern Puzzle (2p, 3p, 4p): as breaker a random gem off the board,
# as mender a random empty cell with a gem handed back; a random turn
# either way.
# Any other game is played as Pentago, on its position line.
#
# The bot asks for `position` lines (`id option position`), so it never has
# to play captures or rotations of other seats' moves itself.
# Deterministic: the moves depend only on `set seed`, `set you` and the
# positions. The generator is the Park-Miller "minimal standard" LCG
# (x = 48271 x mod 2^31-1), whose products stay below 2^53 and so are exact
# in awk's doubles; it starts from the seed reduced mod 2^31-1 digit by
# digit, plus 1 + 1000003 times the bot's seat (so two copies given one
# seed play differently). bots/README.md gives the draws.
#
# Run: sh bots/sh/random_bot.sh     (set AWK=gawk or similar to choose awk)
#
# awk does the whole loop; every line is flushed with fflush(). mawk reads
# its input in blocks unless told -W interactive, which would make it wait
# for more input than the referee has sent, so it gets that option.

AWK=${AWK:-awk}
case $("$AWK" -W version 2>&1 </dev/null) in
*mawk*) set -- -W interactive ;;
*) set -- ;;
esac

exec "$AWK" "$@" '
function say(s) { print s; fflush() }

# Reduce the decimal seed text modulo M without losing digits.
function modseed(s,    i, d, v) {
    v = 0
    for (i = 1; i <= length(s); i++) {
        d = index("0123456789", substr(s, i, 1)) - 1
        if (d < 0)
            return v
        v = (v * 10 + d) % M
    }
    return v
}

function seedrng() {
    X = (seedmod + 1 + seat * 1000003) % M
    if (X == 0)
        X = 1
    seeded = 1
}

# A draw in 0..n-1.
function below(n) {
    X = (X * 48271) % M
    return X % n
}

# ---- Pentago: B[0..35], a1 first, "." empty, else the marble letter.

function pentago_five(me,    k, i) {
    for (k = 0; k < NLINES; k++) {
        for (i = 0; i < 5; i++)
            if (B[LN[k, i]] != me)
                break
        if (i == 5)
            return 1
    }
    return 0
}

function pentago_move(rows, me,    i, n, cell, rot, name) {
    gsub(/\//, "", rows)
    n = 0
    for (i = 0; i < 36; i++) {
        B[i] = substr(rows, i + 1, 1)
        if (B[i] == ".")
            E[n++] = i
    }
    cell = E[below(n)]
    rot = below(8)
    name = substr("abcdef", cell % 6 + 1, 1) (int(cell / 6) + 1)
    B[cell] = me
    if (pentago_five(me))
        return name
    return name " " (int(rot / 2) + 1) (rot % 2 == 0 ? "R" : "L")
}

# ---- The 9x9 board (Pentago Multiplayer, the Pattern Puzzle): cells 0..80,
# a1 first. E[0..n-1] gets the empty cells (empty 1) or the gems; n returned.

function board9_cells(rows, empty,    i, n) {
    gsub(/\//, "", rows)
    n = 0
    for (i = 0; i < 81; i++)
        if ((substr(rows, i + 1, 1) == ".") == empty)
            E[n++] = i
    return n
}

function board9_name(cell) {
    return substr("abcdefghi", cell % 9 + 1, 1) (int(cell / 9) + 1)
}

function board9_turn(    t) {
    t = below(18)
    return (int(t / 2) + 1) (t % 2 == 0 ? "R" : "L")
}

# The turn is sent even after a placement that makes five: the referee
# drops it.
function multi_move(rows,    cell) {
    cell = E[below(board9_cells(rows, 1))]
    return board9_name(cell) " " board9_turn()
}

# A gem off as breaker (role b), a gem handed back on as mender.
function puzzle_move(rows, role, handed,    cell, colour) {
    if (role == "b") {
        cell = E[below(board9_cells(rows, 0))]
        return "-" board9_name(cell) " " board9_turn()
    }
    cell = E[below(board9_cells(rows, 1))]
    colour = substr(handed, below(length(handed)) + 1, 1)
    return board9_name(cell) colour " " board9_turn()
}

# ---- Pente: B[0..360], row 19 first, "." empty, else the stone letter.

function pente_board(rows,    i, n, ch, run, k) {
    n = 0
    run = ""
    rows = rows "/"
    for (i = 1; i <= length(rows); i++) {
        ch = substr(rows, i, 1)
        if (ch ~ /[0-9]/) {
            run = run ch
            continue
        }
        for (k = run + 0; k > 0; k--)
            B[n++] = "."
        run = ""
        if (ch != "/")
            B[n++] = ch
    }
}

function pente_move(rows, me, ply, hand,    i, n, dr, dc, cell, name, p) {
    pente_board(rows)
    n = 0
    for (i = 0; i < 361; i++) {
        if (B[i] != ".")
            continue
        if (ply == 0 && i != 180)
            continue
        dr = int(i / 19) - 9; if (dr < 0) dr = -dr
        dc = i % 19 - 9; if (dc < 0) dc = -dc
        if (tournament && ply == (variant == "team" ? 4 : 2) && dr < 3 && dc < 3)
            continue
        E[n++] = i
    }
    cell = E[below(n)]
    name = substr("ABCDEFGHJKLMNOPQRST", cell % 19 + 1, 1) (19 - int(cell / 19))
    if (variant == "plus" && ply > 0) {
        split(hand, p, ",")
        if (p[me == "w" ? 1 : 2] > 0 && below(4) == 0)
            name = name "*"
    }
    return name
}

BEGIN {
    M = 2147483647
    game = "pentago"; variant = "standard"; tournament = 1
    seat = 0; seedmod = 0; seeded = 0; position = ""
    NLINES = 0
    split("0 1 1 1", DR, " ")
    split("1 0 1 -1", DC, " ")
    for (r = 0; r < 6; r++)
        for (c = 0; c < 6; c++)
            for (d = 1; d <= 4; d++) {
                er = r + 4 * DR[d]; ec = c + 4 * DC[d]
                if (er < 0 || er > 5 || ec < 0 || ec > 5)
                    continue
                for (i = 0; i < 5; i++)
                    LN[NLINES, i] = (r + i * DR[d]) * 6 + c + i * DC[d]
                NLINES++
            }
}

{ sub(/\r$/, "") }

$1 == "protocol" {
    say("id name Random Bot (sh+awk)")
    say("id version 2.0")
    say("id author referee project")
    say("id option position")
    say("id option newgame")
    say("ready 1")
    next
}
# Kept for another game (match --keep-bots): its settings come again;
# forget those of this game.
$1 == "newgame" {
    game = "pentago"; variant = "standard"; tournament = 1
    seat = 0; seedmod = 0; seeded = 0; position = ""
    say("ready 1")
    next
}
$1 == "set" && $2 == "game"    { game = $3; next }
$1 == "set" && $2 == "variant" { variant = $3; next }
$1 == "set" && $2 == "options" {
    tournament = 1
    for (i = 3; i <= NF; i++)
        if ($i == "opening=free")
            tournament = 0
    next
}
$1 == "set" && $2 == "you"  { seat = $3 + 0; next }
$1 == "set" && $2 == "seed" { seedmod = modseed($3); next }
$1 == "start"    { seedrng(); next }
# The fields of the position line, P[2] the rows first; what each means
# depends on the game.
$1 == "position" && NF >= 3 {
    split($0, P, " ")
    position = 1
    next
}
$1 == "turn" {
    if (!seeded)
        seedrng()
    if (!position) {
        print "no position line before the turn" > "/dev/stderr"
        exit 1
    }
    if (game == "pente")
        say("move " pente_move(P[2], P[3], P[4] + 0, P[6]))
    else if (game == "pentago-multi")
        say("move " multi_move(P[2]))
    else if (game == "pentago-puzzle")
        say("move " puzzle_move(P[2], P[5], P[9]))
    else
        say("move " pentago_move(P[2], P[3]))
    next
}
$1 == "quit" { exit 0 }
'
