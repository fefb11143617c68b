#!/bin/bash
# strength_table.sh - the reference bots' strength, measured with `referee
# sprt --pairs N` (fixed pairs, no test): each strong bot against greedy
# and random, and each --depth against the next one down.  Prints a
# Markdown table: candidate, base, pairs, the candidate's W-D-L, score,
# logistic Elo with its 95 % interval.  Minutes (PAIRS pairs per line).
#
#   tests/bench/strength_table.sh            # PAIRS=10 MOVE_MS=1000 JOBS=2
set -euo pipefail
cd "$(dirname "$0")/../.."
PAIRS=${PAIRS:-10}
MOVE_MS=${MOVE_MS:-1000}
JOBS=${JOBS:-2}
REF=${REF:-build/referee}
B=build/bots
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=0
# row GAME CANDIDATE BASE
row() {
    n=$((n + 1))
    "$REF" sprt --game "$1" --pairs "$PAIRS" --move-ms "$MOVE_MS" -j "$JOBS" \
        --seed "$n" --sandbox off --out "$TMP/$n" "$2" "$3" >/dev/null || true
    awk -v g="$1" -v c="$2" -v b="$3" '
        /^pairs:/ { p = $2 }
        /^candidate_games:/ { gsub(/[{},]/, ""); w = $3; d = $5; l = $7 }
        /^  score:/ { s = $2 }
        /^  elo:/ { e = $2 }
        /^  elo_95:/ { gsub(/[\[\],]/, ""); lo = $2; hi = $3 }
        END { printf "| %s | `%s` | `%s` | %d | %d-%d-%d | %.1f %% | %+.0f [%+.0f, %+.0f] |\n",
                     g, c, b, p, w, d, l, 100 * s, e, lo, hi }' "$TMP/$n/sprt.yaml"
}
echo "| game | candidate | base | pairs | W-D-L | score | Elo [95 %] |"
echo "|---|---|---|---|---|---|---|"
row pentago "$B/greedy_bot" "$B/random_bot"
row pentago "$B/pentago_bot --depth 1" "$B/greedy_bot"
row pentago "$B/pentago_bot --depth 2" "$B/pentago_bot --depth 1"
row pentago "$B/pentago_bot --depth 3" "$B/pentago_bot --depth 2"
row pentago "$B/pentago_bot --depth 4" "$B/pentago_bot --depth 3"
row pentago "$B/pentago_bot" "$B/pentago_bot --depth 4"
row pente "$B/greedy_bot" "$B/random_bot"
row pente "$B/pente_bot --depth 1" "$B/greedy_bot"
row pente "$B/pente_bot --depth 2" "$B/pente_bot --depth 1"
row pente "$B/pente_bot --depth 3" "$B/pente_bot --depth 2"
row pente "$B/pente_bot --depth 4" "$B/pente_bot --depth 3"
