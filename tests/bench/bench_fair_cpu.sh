#!/usr/bin/env bash
# bench_fair_cpu.sh - can a bot take the processor from the bot on move?
# (make bench-fair; minutes, so not part of make bench; needs root, for
# the boxes).
#
# The attacker is cheat_bot with SPIN threads (default 200) that spin
# whenever it is not on move; the victim is pentago_bot --depth 4, which
# stops its search when its clock says so (its log line then ends in
# "(time)").  Printed for each run: the games the victim and the attacker
# lost on time out of GAMES (default 8), and how many of the victim's
# searches its clock cut short:
#   0. the attacker without threads (the baseline: how often the victim's
#      own time management cuts a search);
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

# referee out-dir options... -> "V A C/M": games the victim lost on time,
# games the attacker lost on time, the victim's moves whose search the
# clock cut short (pentago_bot logs "(time)") out of its moves.
lost() {
    local ref=$1 dir=$2
    shift 2
    "$ref" match -n "$GAMES" --seed 11 --move-ms 250 --out "$tmp/$dir" \
        "$@" > "$tmp/$dir.out" 2>&1 || true
    local v=0 a=0 r seat cmd
    for r in "$tmp/$dir"/game-*.yaml; do
        [ -e "$r" ] || continue
        grep -q '^  reason: "timeout"' "$r" || continue
        seat=$(sed -n 's/^  fault_seat: \([0-9]*\)$/\1/p' "$r")
        [ -n "$seat" ] || continue
        cmd=$(grep '^  command: ' "$r" | sed -n "$((seat + 1))p")
        case "$cmd" in
        *pentago_bot*) v=$((v + 1)) ;;
        *) a=$((a + 1)) ;;
        esac
    done
    local moves cut
    moves=$(cat "$tmp/$dir"/logs/*.log | grep -c '^pentago_bot: ply' || true)
    cut=$(cat "$tmp/$dir"/logs/*.log | grep '^pentago_bot: ply' |
        grep -c '(time)' || true)
    echo "$v $a $cut/$moves"
}

report() { # label V A C/M
    printf '  %-28s victim lost %s on time, attacker %s; victim searches cut by the clock: %s\n' \
        "$1" "$2" "$3" "$4"
}

echo "bench_fair_cpu: $SPIN spinning threads against pentago_bot --depth 4, 250 ms a move, $GAMES games"
report "no threads (the baseline):" $(lost "$REF" base "build/bench/bots/cheat_bot spin 0" "$VICTIM")
report "frozen off move (default):" $(lost "$REF" frozen "$ATTACK" "$VICTIM")
report "--ponder:" $(lost "$REF" ponder --ponder "$ATTACK" "$VICTIM")
if [ -n "${REF_OLD:-}" ]; then
    report "$REF_OLD:" $(lost "$REF_OLD" old "$ATTACK" "$VICTIM")
fi
# Two games at once, each the attacker against the victim: in each the
# attacker spins on its own time while the other game's victim thinks
# (equal CPU weights share the processor).
report "two games at once (-j 2):" $(lost "$REF" j2 -j 2 "$ATTACK" "$VICTIM")
