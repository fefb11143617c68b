#!/usr/bin/env bash
# bench_scale.sh - N games at once in one referee (make bench-scale).
#
# Plays N games at once (default 1000: 2,000 bot processes) of paced_bot
# against itself, every move answered 500 ms into a 1 s limit, without a
# sandbox (a box per bot needs a user id each: 2,000 ids), and prints:
# games recorded, games lost on time (there must be none: every move is
# 500 ms early), the referee's peak memory and its share per game against
# the same referee running one game (the baseline, same run), its CPU, and
# the loop's worst pause as the referee reports it.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${N:-1000}
REF=build/referee
BOT="build/bench/bots/paced_bot 500"
tmp=$(mktemp -d /tmp/bench-scale.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

run() { # games dir -> prints "rss_kb user_s sys_s wall_s"
    /usr/bin/time -f "%M %U %S %e" -o "$tmp/time.$2" \
        "$REF" match -n "$1" -j "$1" --seed 1 --move-ms 1000 \
        --sandbox off --out "$tmp/$2" "$BOT" "$BOT" > "$tmp/out.$2" 2>&1
    cat "$tmp/time.$2"
}

read -r rss1 _ _ _ < <(run 1 one)
read -r rssn user sys wall < <(run "$N" many)
recorded=$(ls "$tmp/many"/game-*.yaml | wc -l)
timeouts=$(grep -l 'reason: "timeout"' "$tmp/many"/game-*.yaml | wc -l || true)
pause=$(grep -o 'worst pause of the loop [0-9.]* ms' "$tmp/out.many" || true)
limited=$(grep -o 'running [0-9]* at once' "$tmp/out.many" || true)
echo "bench_scale: $N games at once ($((2 * N)) bot processes), 1 s per move, moves 500 ms early"
[ -n "$limited" ] && echo "  the machine allowed fewer: $limited"
echo "  games recorded          $recorded of $N"
echo "  lost on time            $timeouts"
echo "  referee peak memory     $((rssn / 1024)) MiB vs $((rss1 / 1024)) MiB for one game: $(( (rssn - rss1) / N )) KiB per game"
echo "  referee CPU             ${user} s user + ${sys} s system in ${wall} s"
echo "  $pause"
[ "$recorded" -eq "$N" ] && [ "$timeouts" -eq 0 ]
