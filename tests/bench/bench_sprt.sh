#!/bin/bash
# bench_sprt.sh - what a strength test costs beyond the games: `referee
# sprt --pairs N` against `referee match -n 2N` with the same instant bots,
# the same -j, sandbox off, run in turn by farm-bench (median ratio of
# sprt / match).  The difference is the openings (random plies from the
# seed, checked for wins in one), the pair bookkeeping and the statistics
# after every pair, and the summary file.
#
#   tests/bench/bench_sprt.sh             # PAIRS=100 JOBS=2 RUNS=5
#   PAIRS=400 GAME=pente tests/bench/bench_sprt.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
PAIRS=${PAIRS:-100}
JOBS=${JOBS:-2}
RUNS=${RUNS:-5}
GAME=${GAME:-pentago}
REF=${REF:-build/referee}
BOT=${BOT:-build/bots/random_bot}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
common="-j $JOBS --seed 1 --sandbox off --game $GAME --move-ms 1000"
sprt="rm -rf $TMP/s && exec $REF sprt --pairs $PAIRS $common --out $TMP/s $BOT $BOT >/dev/null"
match="rm -rf $TMP/m && exec $REF match -n $((2 * PAIRS)) $common --out $TMP/m $BOT $BOT >/dev/null"
echo "bench_sprt: $PAIRS pairs of $GAME between instant bots ($BOT), -j $JOBS,"
echo "  sprt (A) against match of the same number of games (B)"
farm-bench -n "$RUNS" --timeout 1800 --vs "sh -c '$match'" -- sh -c "$sprt"
