#!/usr/bin/env bash
# bench_clock.sh - is the clock fair, and how close is the referee to the
# physical limit?  build/referee against a minimal referee of our own
# (tests/bench/baseline/minimal_referee.c: one libev loop, pipes, a per-move
# timer, no rules, no records) with the same bots in the same run, reported
# as ratios.  See tests/bench/CLOCK.md for what each figure means.
#
#   make bench-clock                       # builds, then runs this
#   MOVES=100000 LONG=1 make bench-clock    # the issue's full run
#
# Environment (defaults in brackets):
#   RUNS         runs of each side in a and b, best kept [5]
#   LONG_GAMES   games in a [20]        SHORT_GAMES  games in b [100]
#   MOVES        moves to play in c [5000]
#   PACE_MS      how long before the limit the paced bot answers in c [5]
#   C_JOBS       games at once in c [8]
#   LAT_GAMES    games per limit in d [60]   LAT_JOBS  games at once in d [4]
#   LONG=1       also the 10000 ms limit in d
#   SANDBOX      --sandbox for c, d and e1: on or off [on, the referee's
#                default]
#   CPU_MOVES    moves to play in e1 under --clock cpu [1000]
#   BURN_MS      CPU time the paced bot uses per move in e1 [150]
#   E_MOVE_MS    --move-ms in e1 [200]   E_GRACE_MS  --grace-ms in e1 [100]
#   E_JOBS       games at once in e1 [8]
#   E_WALL_CAP_MS  --wall-cap-ms for e1's cpu side [none: the referee's
#                default, 10 x (limit + grace) + 1000]
#   COST_GAMES   games per run in e2 [20]   COST_RUNS  runs per side [5]
#   ONLY         run only these parts, e.g. ONLY=cd [abcde]
#   BASE_NICE    nice value of the baseline in c and d, its bots kept at
#                ours [0: as build/referee, whose loop runs at the bots'
#                priority (5ff429e raised it to -10, 895176c took that
#                back); -10 to compare with 5ff429e]
#   REF          the referee to measure [build/referee]
#
# Part e measures the referee's --clock cpu against its wall clock (no
# baseline): e1 the time losses of bots that need BURN_MS of CPU a move on
# a machine whose cores are all spun, e2 what the CPU clock costs the
# referee per move.
#
# Everything goes to a temporary directory that is removed at the end;
# the CPU spinners of c, d and e are killed on any exit.
set -euo pipefail

cd "$(dirname "$0")/../.."
REF=${REF:-build/referee}
BASE=build/bench/baseline/minimal_referee
RANDOM_BOT=build/bots/random_bot
PACED=build/bench/bots/paced_bot
SILENT=build/bench/bots/silent_bot
SELFCPU=build/bench/baseline/selfcpu.so

RUNS=${RUNS:-5}
LONG_GAMES=${LONG_GAMES:-20}
SHORT_GAMES=${SHORT_GAMES:-100}
MOVES=${MOVES:-5000}
PACE_MS=${PACE_MS:-5}
C_JOBS=${C_JOBS:-8}
LAT_GAMES=${LAT_GAMES:-60}
LAT_JOBS=${LAT_JOBS:-4}
LONG=${LONG:-0}
SANDBOX=${SANDBOX:-on}
CPU_MOVES=${CPU_MOVES:-1000}
BURN_MS=${BURN_MS:-150}
E_MOVE_MS=${E_MOVE_MS:-200}
E_GRACE_MS=${E_GRACE_MS:-100}
E_JOBS=${E_JOBS:-8}
E_WALL_CAP_MS=${E_WALL_CAP_MS:-}
COST_GAMES=${COST_GAMES:-20}
COST_RUNS=${COST_RUNS:-5}
ONLY=${ONLY:-abcde}
NCPU=$(nproc)
BASE_NICE=${BASE_NICE:-0}

for f in "$REF" "$BASE" "$RANDOM_BOT" "$PACED" "$SILENT" "$SELFCPU"; do
    [ -f "$f" ] || { echo "bench_clock: $f missing: run make bench-clock" >&2; exit 1; }
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/bench-clock.XXXXXX")
SPIN=()
CHILD=

stop_spinners() {
    if [ ${#SPIN[@]} -gt 0 ]; then
        kill "${SPIN[@]}" 2>/dev/null || true
        wait "${SPIN[@]}" 2>/dev/null || true
    fi
    SPIN=()
}

cleanup() {
    if [ -n "$CHILD" ]; then
        kill "$CHILD" 2>/dev/null || true # both referees end their bots
        wait "$CHILD" 2>/dev/null || true
    fi
    stop_spinners
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# One busy loop per core, at the referee's own priority: the load a
# tournament machine may carry (other games' bots thinking).
start_spinners() {
    for _ in $(seq "$NCPU"); do
        ( trap - INT TERM HUP; while :; do :; done ) &
        SPIN+=($!)
    done
}

# run CMD...: CMD in the background, waited for.  Bash runs a trap only
# once the foreground command is over, so a referee in the foreground would
# keep a TERM to this script (and the spinners) waiting for minutes.
run() {
    local rc=0
    "$@" &
    CHILD=$!
    wait "$CHILD" || rc=$?
    CHILD=
    return "$rc"
}

# measure OUT CMD...: run CMD (stdout to OUT); sets WALL and CPU, seconds.
# CPU is CMD's own user + system time, every thread and no child, written
# at its exit by the selfcpu.so preload (tests/bench/baseline/selfcpu.c).
measure() {
    local out=$1 t0 t1
    shift
    rm -f "$TMP/cpu.txt"
    t0=$EPOCHREALTIME
    LD_PRELOAD="$PWD/$SELFCPU" SELFCPU_OUT="$TMP/cpu.txt" run "$@" >"$out" 2>>"$TMP/stderr.log"
    t1=$EPOCHREALTIME
    WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
    CPU=$(awk '{ printf "%.6f\n", $1 + $2 }' "$TMP/cpu.txt" 2>/dev/null | tail -n 1)
}

# base_run CMD...: the baseline at BASE_NICE (c, d); base_bot CMD: a bot
# command for it that runs at our nice value again, as the referee's bots do.
base_run() { run nice -n "$BASE_NICE" "$@"; }
base_bot() {
    if [ "$BASE_NICE" = 0 ]; then echo "$1"; else echo "nice -n $((-BASE_NICE)) $1"; fi
}

# min A B: the smaller, with an empty B counting as none.
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }

# "SEED PLIES" per record of DIR, in game order: the baseline replays the
# very same games (the bots play from the seed).
seeds_of() {
    local f
    for f in "$1"/game-*.yaml; do
        printf '%s %s\n' "$(awk '/^seed:/ { print $2; exit }' "$f")" \
            "$(grep -c '^- ply:' "$f")"
    done
}

plies_of() { awk '{ n += $2 } END { print n }' "$1"; }

# per UNITS SECONDS SCALE: seconds / units * scale, one decimal.
per() { awk -v n="$1" -v s="$2" -v k="$3" 'BEGIN { if (s == "") print "n/a"; else printf "%.1f", s / n * k }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.1fx", a / b }'; }

# check_base OUT PLIES: the baseline must have played every ply, no fault.
check_base() {
    read -r _ _ _ plies _ touts _ others _ < "$1"
    if [ "$plies" != "$2" ] || [ "$touts" != 0 ] || [ "$others" != 0 ]; then
        echo "bench_clock: baseline did not replay the games: $(cat "$1")" >&2
        exit 1
    fi
}

# compare NAME GAMES GAME REFEREE_ARGS...: RUNS alternating runs of
# build/referee (records in $TMP/NAME) and of the baseline on its seeds;
# sets R_WALL R_CPU B_WALL B_CPU (best of each) and PLIES.
compare() {
    local name=$1 games=$2 game=$3
    shift 3
    R_WALL='' R_CPU='' B_WALL='' B_CPU=''
    for _ in $(seq "$RUNS"); do
        rm -rf "${TMP:?}/$name"
        measure "$TMP/$name.out" "$REF" match -n "$games" -j 1 --seed 1 \
            --game "$game" --out "$TMP/$name" "$@" "$RANDOM_BOT" "$RANDOM_BOT"
        R_WALL=$(min "$WALL" "$R_WALL")
        [ -z "$CPU" ] || R_CPU=$(min "$CPU" "$R_CPU")
        if [ ! -f "$TMP/$name.seeds" ]; then
            seeds_of "$TMP/$name" > "$TMP/$name.seeds"
            PLIES=$(plies_of "$TMP/$name.seeds")
        fi
        measure "$TMP/$name.base" "$BASE" --seeds "$TMP/$name.seeds" \
            --game "$game" "$RANDOM_BOT" "$RANDOM_BOT"
        check_base "$TMP/$name.base" "$PLIES"
        B_WALL=$(min "$WALL" "$B_WALL")
        [ -z "$CPU" ] || B_CPU=$(min "$CPU" "$B_CPU")
    done
}

row() { printf '  %-26s %12s %12s %8s\n' "$@"; }

echo "bench_clock: $REF against the minimal baseline referee, same"
echo "bots, same run ($NCPU cores; best of $RUNS runs in a and b; CPU is the"
echo "referee process's own, all its threads, no bots and no guard process)"

# ---- a. per move, long games -----------------------------------------------
if [[ $ONLY == *a* ]]; then
    compare long "$LONG_GAMES" pente --sandbox off
    echo
    echo "a. per move: long games (pente, random C bots, $LONG_GAMES games,"
    echo "   $PLIES plies, -j 1, sandbox off; the baseline replays the same games)"
    row "" referee baseline ratio
    row "wall per move (us)" "$(per "$PLIES" "$R_WALL" 1e6)" \
        "$(per "$PLIES" "$B_WALL" 1e6)" "$(ratio "$R_WALL" "$B_WALL")"
    row "own CPU per move (us)" "$(per "$PLIES" "$R_CPU" 1e6)" \
        "$(per "$PLIES" "$B_CPU" 1e6)" "$(ratio "$R_CPU" "$B_CPU")"
fi

# ---- b. per game, short games ------------------------------------------------
if [[ $ONLY == *b* ]]; then
    compare short "$SHORT_GAMES" pentago --sandbox off
    off_wall=$R_WALL off_cpu=$R_CPU
    echo
    echo "b. per game: short games (pentago, random C bots, $SHORT_GAMES games,"
    echo "   $PLIES plies, two bot starts per game, -j 1)"
    row "" referee baseline ratio
    row "games/s, sandbox off" \
        "$(per "$off_wall" "$SHORT_GAMES" 1)" "$(per "$B_WALL" "$SHORT_GAMES" 1)" \
        "$(ratio "$off_wall" "$B_WALL")"
    row "wall per game (ms)" "$(per "$SHORT_GAMES" "$off_wall" 1e3)" \
        "$(per "$SHORT_GAMES" "$B_WALL" 1e3)" "$(ratio "$off_wall" "$B_WALL")"
    row "own CPU per game (ms)" "$(per "$SHORT_GAMES" "$off_cpu" 1e3)" \
        "$(per "$SHORT_GAMES" "$B_CPU" 1e3)" "$(ratio "$off_cpu" "$B_CPU")"
    compare short "$SHORT_GAMES" pentago --sandbox on
    row "games/s, sandbox on" \
        "$(per "$R_WALL" "$SHORT_GAMES" 1)" "$(per "$B_WALL" "$SHORT_GAMES" 1)" \
        "$(ratio "$R_WALL" "$B_WALL")"
    row "own CPU per game (ms)" "$(per "$SHORT_GAMES" "$R_CPU" 1e3)" \
        "$(per "$SHORT_GAMES" "$B_CPU" 1e3)" "$(ratio "$R_CPU" "$B_CPU")"
fi

# percentiles FILE: "p50 p99 max" of the numbers in FILE (nearest rank).
percentiles() {
    sort -g "$1" | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "- - -"; exit }
        i50 = int(NR * 0.50); if (i50 < NR * 0.50) i50++
        i99 = int(NR * 0.99); if (i99 < NR * 0.99) i99++
        print v[i50], v[i99], v[NR] }'
}

# ---- c. false time losses ----------------------------------------------------
# The paced bot plays 78 plies per game of pente (first empty point from A1
# until a five on a diagonal), every move PACE_MS before the limit.  The
# baseline plays the same 78 plies per game under the same load.
if [[ $ONLY == *c* ]]; then
    games=$(( (MOVES + 77) / 78 ))
    [ "$games" -ge "$C_JOBS" ] || games=$C_JOBS
    start_spinners
    t0=$EPOCHREALTIME
    run "$REF" match -n "$games" -j "$C_JOBS" --seed 1 --game pente \
        --move-ms 50 --grace-ms 0 --sandbox "$SANDBOX" --out "$TMP/c" \
        "$PACED $PACE_MS" "$PACED $PACE_MS" >/dev/null 2>>"$TMP/stderr.log" || true
    t1=$EPOCHREALTIME
    base_run "$BASE" -n "$games" -p 78 -j "$C_JOBS" --game pente --move-ms 50 \
        --grace-ms 0 "$(base_bot "$PACED $PACE_MS")" "$(base_bot "$PACED $PACE_MS")" \
        >"$TMP/c.base.out" 2>>"$TMP/stderr.log"
    tail -n 1 "$TMP/c.base.out" > "$TMP/c.base"
    stop_spinners
    played=$(cat "$TMP"/c/game-*.yaml | grep -c '^- ply:' || true)
    lost=$({ grep -l 'reason: "timeout"' "$TMP"/c/game-*.yaml || true; } | wc -l)
    other=$(grep -h '^  reason:' "$TMP"/c/game-*.yaml | grep -vc '"five-in-a-row"\|"timeout"' || true)
    read -r _ _ _ b_played _ b_lost _ _ _ _ _ _ _ b_pipe < "$TMP/c.base"
    { grep -h '^  ms:' "$TMP"/c/game-*.yaml || true; } | awk '{ print $2 }' > "$TMP/c.ms"
    rate() { awk -v t="$1" -v m="$2" 'BEGIN { printf "%.2g", t / (m + t) }'; }
    # For each loss, whether the paced bot itself overslept by PACE_MS or
    # more (its own clock, from its log): then the move really was late
    # and the referee is not to blame.
    : > "$TMP/c.lost"
    botlate=0
    while read -r f; do
        seat=$(awk '/^  fault_seat:/ { print $2 }' "$f")
        turns=$(awk -v s="$seat" '/^  seat:/ && $2 == s { n++ } END { print n + 1 }' "$f")
        log="$TMP/c/logs/$(basename "$f" .yaml)-seat$seat.log"
        late=$(awk -v k="late $turns:" 'index($0, k) == 1 { print $3 }' "$log" 2>/dev/null || true)
        if awk -v l="${late:-0}" -v d="$PACE_MS" 'BEGIN { exit !(l >= d) }'; then
            botlate=$((botlate + 1))
        fi
        printf '    %s seat %s: %s; the bot overslept: %s\n' "$(basename "$f" .yaml)" \
            "$seat" "$(awk -F'"' '/^  detail:/ { print $2 }' "$f")" \
            "$([ -n "$late" ] && echo "$late ms" || echo "no (< 1 ms)")" >> "$TMP/c.lost"
    done < <(grep -l 'reason: "timeout"' "$TMP"/c/game-*.yaml || true)
    echo
    echo "c. false time losses (pente, paced bot answering $PACE_MS ms before the"
    echo "   limit, --move-ms 50 --grace-ms 0, -j $C_JOBS, $NCPU CPU spinners; referee"
    echo "   with sandbox $SANDBOX, baseline at nice $BASE_NICE: $games games in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }') s)"
    row "" referee baseline ""
    row "moves played" "$played" "$b_played" ""
    row "timeouts" "$lost" "$b_lost" ""
    row "rate per move asked" "$(rate "$lost" "$played")" "$(rate "$b_lost" "$b_played")" ""
    row "  bot overslept >= $PACE_MS ms" "$botlate" "n/a" ""
    row "  false (the rest)" "$((lost - botlate))" "" ""
    row "false rate per move asked" "$(rate "$((lost - botlate))" "$played")" "" ""
    echo "  baseline moves found in the pipe by its deadline callback: $b_pipe"
    if [ "$other" != 0 ]; then
        echo "  (referee games ended otherwise than by five or timeout: $other)"
        for f in "$TMP"/c/game-*.yaml; do
            grep -q '^  reason: "\(five-in-a-row\|timeout\)"' "$f" && continue
            printf '    %s: %s: %s\n' "$(basename "$f" .yaml)" \
                "$(awk -F'"' '/^  reason:/ { print $2 }' "$f")" \
                "$(awk -F'"' '/^  detail:/ { print $2 }' "$f")"
        done | head -n 5
    fi
    read -r p50 p99 mx < <(percentiles "$TMP/c.ms")
    echo "  referee's recorded move times (paced at $((50 - PACE_MS)) ms): p50 $p50, p99 $p99, max $mx ms"
    paused=$({ grep -h '^  paused_ms:' "$TMP"/c/game-*.yaml || true; } | awk '{ n++; if ($2 > m) m = $2 } END { printf "%d (longest %d ms)", n, m }')
    echo "  moves whose deadline was extended for a referee pause: $paused"
    head -n 10 "$TMP/c.lost"
fi

# ---- d. timeout detection latency ------------------------------------------
# The referee's detail reads "...; K ms over", and where the referee's own
# loop was held up during the move, "...; P ms of referee pause not
# charged)": the deadline was moved by P, so the verdict came K + P ms
# after the original deadline.
if [[ $ONLY == *d* ]]; then
    limits="50 1000"
    [ "$LONG" != 1 ] || limits="$limits 10000"
    echo
    echo "d. timeout detection latency (silent bot, grace 0, $LAT_GAMES games per limit,"
    echo "   -j $LAT_JOBS, referee with sandbox $SANDBOX, baseline at nice $BASE_NICE, $NCPU CPU"
    echo "   spinners): ms from the deadline to the verdict, p50 / p99 / max; the"
    echo "   referee's detail is in whole ms"
    printf '  %-9s %-22s %-22s %-22s\n' limit "referee verdict" "of it pause forgiven" "baseline verdict"
    start_spinners
    for lim in $limits; do
        run "$REF" match -n "$LAT_GAMES" -j "$LAT_JOBS" --seed 1 --move-ms "$lim" \
            --grace-ms 0 --sandbox "$SANDBOX" --out "$TMP/d$lim" \
            "$SILENT" "$SILENT" >/dev/null 2>>"$TMP/stderr.log" || true
        awk -F'"' '/^  detail: "no move within.* ms over"$/ {
                d = $2; k = d; sub(/ ms over$/, "", k); sub(/.*; /, "", k)
                p = 0
                if (match(d, /[0-9]+ ms of referee pause/)) {
                    p = substr(d, RSTART); sub(/ ms of.*/, "", p) }
                print k + p > "/dev/stdout"; print p > "/dev/stderr" }' \
            "$TMP"/d"$lim"/game-*.yaml > "$TMP/d$lim.ref" 2> "$TMP/d$lim.pause"
        base_run "$BASE" -n "$LAT_GAMES" -j "$LAT_JOBS" --move-ms "$lim" --grace-ms 0 \
            "$(base_bot "$SILENT")" "$(base_bot "$SILENT")" >"$TMP/d$lim.base.out" 2>>"$TMP/stderr.log"
        awk '$1 == "timeout" { printf "%.2f\n", $7 }' "$TMP/d$lim.base.out" > "$TMP/d$lim.base"
        read -r r50 r99 rmx < <(percentiles "$TMP/d$lim.ref")
        read -r p50 p99 pmx < <(percentiles "$TMP/d$lim.pause")
        read -r b50 b99 bmx < <(percentiles "$TMP/d$lim.base")
        printf '  %-9s %-22s %-22s %-22s (%d / %d)\n' "$lim ms" \
            "$r50 / $r99 / $rmx" "$p50 / $p99 / $pmx" "$b50 / $b99 / $bmx" \
            "$(wc -l < "$TMP/d$lim.ref")" "$(wc -l < "$TMP/d$lim.base")"
        [ -s "$TMP/d$lim.ref" ] || d_none=1
    done
    # Since ea95794 the detail of a move that never came ends "no move came
    # in the 100 ms after that deadline either": no "K ms over" to read.
    [ -z "${d_none:-}" ] ||
        echo "  (referee: no detail ended \"K ms over\", so no verdict latency was read)"
    stop_spinners
fi

# ---- e. the CPU clock against the wall clock ---------------------------------
# e1: paced bots that need BURN_MS of CPU per move (paced_bot --burn), the
# same games under --clock cpu and under the wall clock, both cores spun.
# Under the wall clock a bot that gets a fifth of a core takes five times
# its CPU time to answer; under the CPU clock it is charged only that CPU.
# e2: the referee's own cost per move under each clock, with instant bots
# (paced_bot --burn 0) at -j 1 and no load: COST_RUNS runs a side,
# alternating, medians.

# median FILE: the median of the numbers in FILE (the mean of the middle
# two for an even count).
median() {
    sort -g "$1" | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print ""; exit }
        printf "%.1f\n", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# e_field DIR KEY: every move's KEY (ms, wall_ms) in the records of DIR.
e_field() {
    { grep -h "^  $2:" "$1"/game-*.yaml || true; } | awk '{ print $2 }'
}

ratio2() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.2fx", a / b }'; }
erow() { printf '  %-34s %17s %17s %8s\n' "$@"; }

if [[ $ONLY == *e* ]]; then
    # paced_bot plays 26 plies a game of pentago against itself.
    e_games=$(( (CPU_MOVES + 25) / 26 ))
    [ "$e_games" -ge "$E_JOBS" ] || e_games=$E_JOBS
    e_bot="$PACED --burn $BURN_MS"
    declare -A E=()
    e_cap=()
    [ -z "$E_WALL_CAP_MS" ] || e_cap=(--wall-cap-ms "$E_WALL_CAP_MS")
    start_spinners
    for clk in cpu wall; do
        clock=(--clock "$clk")
        [ "$clk" = wall ] || clock+=("${e_cap[@]}")
        t0=$EPOCHREALTIME
        measure "$TMP/e1$clk.out" "$REF" match -n "$e_games" -j "$E_JOBS" --seed 1 \
            --game pentago --move-ms "$E_MOVE_MS" --grace-ms "$E_GRACE_MS" \
            "${clock[@]}" --sandbox "$SANDBOX" --out "$TMP/e1$clk" \
            "$e_bot" "$e_bot" || true
        t1=$EPOCHREALTIME
        E[secs_$clk]="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')"
        E[cpu_$clk]="$CPU"
    done
    stop_spinners
    for clk in cpu wall; do
        d=$TMP/e1$clk
        E[games_$clk]="$(find "$d" -maxdepth 1 -name 'game-*.yaml' | wc -l)"
        E[played_$clk]="$(cat "$d"/game-*.yaml | grep -c '^- ply:' || true)"
        E[lost_$clk]="$({ grep -l '^  reason: "timeout"' "$d"/game-*.yaml || true; } | wc -l)"
        E[cap_$clk]="$({ grep -l '^  detail: ".*wall cap' "$d"/game-*.yaml || true; } | wc -l)"
        E[other_$clk]="$({ grep -h '^  reason:' "$d"/game-*.yaml || true; } | grep -vc '"five-by-\|"timeout"' || true)"
        e_field "$d" ms > "$TMP/e1$clk.ms"
        e_field "$d" wall_ms > "$TMP/e1$clk.wall"
    done
    rate() { awk -v t="$1" -v m="$2" 'BEGIN { printf "%.2g", t / (m + t) }'; }
    pct() { read -r a b c < <(percentiles "$1"); echo "$a / $b / $c"; }
    echo
    echo "e. the CPU clock (--clock cpu) against the wall clock, same run, no baseline"
    echo "e1. fairness under load (pentago, paced bots using $BURN_MS ms of CPU a move,"
    echo "   --move-ms $E_MOVE_MS --grace-ms $E_GRACE_MS, -j $E_JOBS, $NCPU CPU spinners, sandbox $SANDBOX,"
    echo "   wall cap ${E_WALL_CAP_MS:-$((10 * (E_MOVE_MS + E_GRACE_MS) + 1000))} ms;"
    echo "   $e_games games a side: cpu in ${E[secs_cpu]} s, then wall in ${E[secs_wall]} s)"
    erow "" "--clock cpu" "--clock wall" ""
    erow "games" "${E[games_cpu]}" "${E[games_wall]}" ""
    erow "moves played" "${E[played_cpu]}" "${E[played_wall]}" ""
    erow "time losses (games)" "${E[lost_cpu]}" "${E[lost_wall]}" ""
    erow "  of them at the wall cap" "${E[cap_cpu]}" "n/a" ""
    erow "rate per move asked" "$(rate "${E[lost_cpu]}" "${E[played_cpu]}")" \
        "$(rate "${E[lost_wall]}" "${E[played_wall]}")" ""
    erow "charged ms p50 / p99 / max" "$(pct "$TMP/e1cpu.ms")" "$(pct "$TMP/e1wall.ms")" ""
    erow "wall ms p50 / p99 / max" "$(pct "$TMP/e1cpu.wall")" "$(pct "$TMP/e1wall.wall")" ""
    secs() { awk -v c="$1" 'BEGIN { if (c == "") print "n/a"; else printf "%.2f", c }'; }
    erow "referee's own CPU (s)" "$(secs "${E[cpu_cpu]}")" "$(secs "${E[cpu_wall]}")" ""
    for clk in cpu wall; do
        [ "${E[other_$clk]}" = 0 ] ||
            echo "  ($clk: games ended otherwise than by five or timeout: ${E[other_$clk]})"
    done
    # The CPU clock's losses are the interesting ones: show them all (up
    # to 5); of the wall clock's, one.
    for clk in cpu wall; do
        n=5; [ "$clk" = cpu ] || n=1
        { grep -l '^  reason: "timeout"' "$TMP/e1$clk"/game-*.yaml || true; } | head -n "$n" |
        while read -r f; do
            printf '    %s %s: %s\n' "$clk" "$(basename "$f" .yaml)" \
                "$(awk -F'"' '/^  detail:/ { print $2 }' "$f")"
        done
    done

    # e2: the cost.  Pente, 78 plies a game of paced_bot against itself.
    echo
    echo "e2. the CPU clock's own cost (pente, paced bots answering at once, $COST_GAMES games,"
    echo "   $((COST_GAMES * 78)) plies a run, -j 1, no spinners; median of $COST_RUNS runs a side, alternating;"
    echo "   ratio = cpu / wall)"
    erow "" "--clock cpu" "--clock wall" "ratio"
    for sb in on off; do
        for clk in cpu wall; do : > "$TMP/e2$sb$clk.wall"; : > "$TMP/e2$sb$clk.cpu"; done
        for i in $(seq "$COST_RUNS"); do
            order="cpu wall"; [ $((i % 2)) = 1 ] || order="wall cpu"
            for clk in $order; do
                rm -rf "${TMP:?}/e2"
                measure "$TMP/e2.out" "$REF" match -n "$COST_GAMES" -j 1 --seed 1 \
                    --game pente --clock "$clk" --sandbox "$sb" --out "$TMP/e2" \
                    "$PACED --burn 0" "$PACED --burn 0"
                plies=$(cat "$TMP"/e2/game-*.yaml | grep -c '^- ply:' || true)
                if [ "$plies" != $((COST_GAMES * 78)) ]; then
                    echo "bench_clock: e2 played $plies plies, not $((COST_GAMES * 78)):" >&2
                    tail -n 5 "$TMP/e2.out" >&2
                    exit 1
                fi
                printf '%s\n' "$(per "$plies" "$WALL" 1e6)" >> "$TMP/e2$sb$clk.wall"
                printf '%s\n' "$(per "$plies" "$CPU" 1e6)" >> "$TMP/e2$sb$clk.cpu"
            done
        done
        for k in cpu wall; do
            a=$(median "$TMP/e2${sb}cpu.$k") b=$(median "$TMP/e2${sb}wall.$k")
            what="own CPU"; [ "$k" = cpu ] || what="wall"
            erow "sandbox $sb: $what per move (us)" "$a" "$b" "$(ratio2 "$a" "$b")"
            E[diff_$sb$k]=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", a - b }')
        done
    done
    echo "  the CPU clock's cost per move (difference of the medians): own CPU"
    echo "  ${E[diff_oncpu]} us with the sandbox (cgroup), ${E[diff_offcpu]} us without (/proc)"
    echo "  runs, per move (us), cpu | wall:"
    for sb in on off; do
        for k in cpu wall; do
            printf '    sandbox %-3s %-5s %s | %s\n' "$sb" "$k" \
                "$(tr '\n' ' ' < "$TMP/e2${sb}cpu.$k")" "$(tr '\n' ' ' < "$TMP/e2${sb}wall.$k")"
        done
    done
fi
