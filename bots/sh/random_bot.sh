#!/bin/sh
# Random Pentago bot in POSIX sh + awk, protocol v1.
#
# Plays a random empty cell and a random quadrant rotation each turn; when
# the placement alone makes five it sends the bare cell. Deterministic: the
# moves depend only on `set seed`, `set you` and the moves played. The
# generator is the Park-Miller "minimal standard" LCG (x = 48271 x mod
# 2^31-1), whose products stay below 2^53 and so are exact in awk's doubles;
# it starts from the seed reduced mod 2^31-1 digit by digit, plus 1 + 1000003
# times the bot's seat (so two copies given one seed play differently).
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

function rnd() {
    X = (X * 48271) % M
    return X
}

function five(colour,    k, i) {
    for (k = 0; k < NLINES; k++) {
        for (i = 0; i < 5; i++)
            if (B[LN[k, i]] != colour)
                break
        if (i == 5)
            return 1
    }
    return 0
}

# Turn quadrant q (0..3): clockwise local (r,c) -> (c,2-r), else (2-c,r).
function rotate(q, cw,    r0, c0, r, c, nr, nc) {
    r0 = int(q / 2) * 3
    c0 = (q % 2) * 3
    for (r = 0; r < 3; r++)
        for (c = 0; c < 3; c++)
            T[r, c] = B[(r0 + r) * 6 + c0 + c]
    for (r = 0; r < 3; r++)
        for (c = 0; c < 3; c++) {
            if (cw) { nr = c; nc = 2 - r } else { nr = 2 - c; nc = r }
            B[(r0 + nr) * 6 + c0 + nc] = T[r, c]
        }
}

function clear(    i) {
    for (i = 0; i < 36; i++)
        B[i] = 0
}

# Apply a played move (cell text, rotation text or "") for seat s.
function apply(s, cell, rot,    col, row) {
    if (length(cell) != 2)
        return
    col = index("abcdef", tolower(substr(cell, 1, 1))) - 1
    row = index("123456", substr(cell, 2, 1)) - 1
    if (col < 0 || row < 0)
        return
    B[row * 6 + col] = s + 1
    if (five(s + 1))
        return
    if (rot ~ /^[1-4][RLrl]$/)
        rotate(substr(rot, 1, 1) - 1, toupper(substr(rot, 2, 1)) == "R")
}

function load(pos,    i, n, ch) {
    gsub(/\//, "", pos)
    for (i = 0; i < 36; i++) {
        ch = substr(pos, i + 1, 1)
        B[i] = ch == "w" ? 1 : ch == "b" ? 2 : 0
    }
}

function name(i) {
    return substr("abcdef", i % 6 + 1, 1) (int(i / 6) + 1)
}

function choose(    n, i, cell, rot, q, cw) {
    n = 0
    for (i = 0; i < 36; i++)
        if (B[i] == 0)
            E[n++] = i
    cell = E[rnd() % n]
    rot = rnd() % 8
    B[cell] = seat + 1
    if (five(seat + 1))
        return name(cell)
    q = int(rot / 2)
    cw = rot % 2 == 0
    rotate(q, cw)
    return name(cell) " " (q + 1) (cw ? "R" : "L")
}

BEGIN {
    M = 2147483647
    seat = 0; seedmod = 0; seeded = 0
    clear()
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
    say("id version 1.0")
    say("id author referee project")
    say("ready 1")
    next
}
$1 == "set" && $2 == "you"  { seat = $3 + 0; next }
$1 == "set" && $2 == "seed" { seedmod = modseed($3); next }
$1 == "start"    { clear(); seedrng(); next }
$1 == "played"   { apply($2 + 0, $3, $4); next }
$1 == "position" { load($2); next }
$1 == "turn" {
    if (!seeded)
        seedrng()
    say("move " choose())
    next
}
$1 == "quit" { exit 0 }
'
