#!/usr/bin/env bash
# bench_fair_cpu.sh - can a bot take the processor from the bot on move?
# (make bench-fair; minutes, so not part of make bench; needs root, for
# the boxes).
#
# The attacker is cheat_bot with SPIN threads (default 200) that spin
# whenever it is not on move; the victim is pentago_bot --depth 4, which
# needs most of a 250 ms move on this machine.  Printed: the victim's games
# lost on time out of GAMES (default 8)
#   1. in the same game, bots not on move frozen (the default);
#   2. the same with --ponder (the attacker spins on the victim's time);
#   3. with REF_OLD=path/to/an/older/referee, the same games under it;
#   4. two games at once (-j 2), attacker against victim in each: the
#      attacker of one game spins on its own time while the other game's
#      victim thinks.
# A verdict that depends on the machine's speed: a benchmark, not a test
# (the test of the freezing itself is box::a_spinner_is_frozen_... in
# tests/unit/test_box.c).
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${GAMES:-8}
SPIN=${SPIN:-200}
REF=build/referee
ATTACK="build/bench/bots/cheat_bot spin $SPIN"
VICTIM="build/bots/pentago_bot --depth 4"
tmp=$(mktemp -d /tmp/bench-fair.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

if [ "$(id -u)" != 0 ]; then
    echo "bench_fair_cpu: not measured (the boxes need root)"
    exit 0
fi

# referee out-dir options... -> the victim's games lost on time
lost() {
    local ref=$1 dir=$2
    shift 2
    "$ref" match -n "$GAMES" --seed 11 --move-ms 250 --out "$tmp/$dir" \
        "$@" > "$tmp/$dir.out" 2>&1 || true
    local n=0 r seat cmd
    for r in "$tmp/$dir"/game-*.yaml; do
        [ -e "$r" ] || continue
        grep -q '^  reason: "timeout"' "$r" || continue
        seat=$(sed -n 's/^  fault_seat: \([0-9]*\)$/\1/p' "$r")
        [ -n "$seat" ] || continue
        cmd=$(grep '^  command: ' "$r" | sed -n "$((seat + 1))p")
        case "$cmd" in *pentago_bot*) n=$((n + 1)) ;; esac
    done
    echo "$n"
}

echo "bench_fair_cpu: not measured (the boxes need root)"
    exit 0
fi

# referee out-dir options... -> the victim's games lost on time
lost() {
    local ref=$1 dir=$2
    shift 2
    "$ref" match -n "$GAMES" --seed 11 --move-ms 250 --out "$tmp/$dir" \
        "$@" > "$tmp/$dir.out" 2>&1 || true
    local n=0
    for r in "$tmp/$dir"/game-*.yaml; do
        [ -e "$r" ] || continue
        if grep -q 'reason: "timeout"' "$r" &&
            grep -A3 'fault_seat' "$r" >/dev/null; then
            seat=$(sed -n 's/^fault_seat: \(-\?[0-9]*\)/\1/p' "$r")
            cmd=$(grep '  command: ' "$r" | sed -n "$((seat + 1))p")
            case "$cmd" in *pentago_bot*) n=$((n + 1)) ;; esac
        fi
    done
    echo "$n"
}

echo "bench_fair_cpu: $SPIN spinning threads against pentago_bot --depth 4, 250 ms a move, $GAMES games"
echo "  frozen off move (default):   $(lost "$REF" frozen "$ATTACK" "$VICTIM") lost on time by the victim"
echo "  --ponder:                    $(lost "$REF" ponder --ponder "$ATTACK" "$VICTIM") lost on time"
if [ -n "${REF_OLD:-}" ]; then
    echo "  $REF_OLD:  $(lost "$REF_OLD" old "$ATTACK" "$VICTIM") lost on time"
fi
# Across games too: two games at once, each the attacker against the
# victim; in each the attacker spins on its own time while the other
# game's victim thinks (equal CPU weights share the processor).
echo "  two games at once (-j 2):    $(lost "$REF" j2 -j 2 "$ATTACK" "$VICTIM") lost on time"
