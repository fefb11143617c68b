#!/bin/bash
# tests/slurm/run.sh BUILD: the Slurm test (`make test-slurm`, not part of
# `make test`).  Stands up a private single-node Slurm (tests/slurm/
# cluster.sh) and checks that an event run as a job array of shards plus
# the merge job (referee/slurm/submit-event.sh) gives the same tables as
# the same event run on one machine, also after a shard was killed, and
# for a 1,000-entrant gauntlet.  Prints PASS or FAIL per step; exits 1 on
# any failure.  It must run under BUILD/slurm/subreaper (the Makefile's
# rule does), which adopts slurmstepd so that teardown finds it by pid.
#
# Uses BUILD/referee and BUILD/bots/{random,greedy}_bot; REFEREE and BOTS
# (a directory) override them.  REFEREE_OPTS: options for every `referee
# event` (e.g. `--sandbox off`).  SLURM_TEST_KEEP=1 keeps the work
# directory (printed) for a look after the run.  SLURM_TEST_BIG=1 adds a
# 1,000-entrant round robin (499,500 games, about 25 minutes).
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
referee=${REFEREE:-$build/referee}
bots=${BOTS:-$build/bots}
read -r -a ropts <<< "${REFEREE_OPTS:-}"
packages="slurmctld slurmd slurm-client munge"

. "$root/tests/slurm/cluster.sh"

failed=0
pass() { printf 'PASS %s\n' "$*"; }
fail() { printf 'FAIL %s\n' "$*"; failed=1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# ---- packages -----------------------------------------------------------
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' \
        || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "installing:$missing"
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq $missing) >/dev/null \
            || { echo "FAIL could not install:$missing"; exit 1; }
    else
        echo "missing packages:$missing"
        echo "install them with: sudo apt-get install$missing"
        exit 1
    fi
fi
for f in "$referee" "$bots/random_bot" "$bots/greedy_bot"; do
    [ -x "$f" ] || { echo "FAIL no $f (make BUILD=... builds it)"; exit 1; }
done
if [ "$(awk '{ print $4 }' /proc/$$/stat)" != "$PPID" ] ||
   ! grep -q subreaper "/proc/$PPID/comm"; then
    echo "FAIL run.sh must run under subreaper (make test-slurm does)"
    exit 1
fi

work=$(mktemp -d /tmp/referee-slurm.XXXXXX)
chmod 755 "$work"
teardown() {
    trap - EXIT INT TERM HUP
    if cluster_down; then
        pass "teardown: slurmctld, slurmd, munged and every slurmstepd gone"
    else
        fail "teardown"
    fi
    if [ "${SLURM_TEST_KEEP:-0}" = 1 ]; then
        echo "work directory kept: $work"
    else
        rm -rf "$work"
    fi
    [ "$failed" = 0 ] && echo "slurm test: PASS" || echo "slurm test: FAIL"
    exit "$failed"
}
trap teardown EXIT
trap 'failed=1; exit 1' INT TERM HUP

# ---- definitions ----------------------------------------------------------
# Each run has its own directory holding the same definition (relative
# records and results directories, so that the tables' links between them
# are the same bytes), the bots named by absolute path.
# rr12 DELAY: a round robin of 12 entrants, two games a pair (132 games);
# each bot waits DELAY seconds before it starts, so that a shard runs long
# enough to be killed half-way.
rr12() {
    cat <<EOF
event: slurm-rr12
game: pentago
seed: 180118
format: round-robin
games_per_pair: 2
time_control:
  move_ms: 5000
entrants:
EOF
    local i bot
    for i in $(seq -w 1 12); do
        bot=random_bot
        [ $((10#$i % 3)) = 0 ] && bot=greedy_bot
        printf '  - name: e%s\n    command: "sh -c '\''sleep %s; exec %s/%s'\''"\n' \
            "$i" "$1" "$bots" "$bot"
    done
}

# gauntlet1000: greedy against 999 random bots, one game each.
gauntlet1000() {
    cat <<EOF
event: slurm-gauntlet1000
game: pentago
seed: 1000
format: gauntlet
challenger: c0000
games_per_pair: 1
time_control:
  move_ms: 5000
entrants:
  - name: c0000
    command: $bots/greedy_bot
EOF
    local i
    for i in $(seq -w 1 999); do
        printf '  - name: r%s\n    command: %s/random_bot\n' "$i" "$bots"
    done
}

# rr1000: a round robin of 1,000 random bots, one game a pair (499,500
# games), kept between games: the issue's scale, for SLURM_TEST_BIG=1.
rr1000() {
    cat <<EOF
event: slurm-rr1000
game: pentago
seed: 1000
format: round-robin
games_per_pair: 1
keep_bots: true
time_control:
  move_ms: 5000
entrants:
EOF
    local i bot
    for i in $(seq -w 0 999); do
        bot=random_bot
        [ $((10#$i % 3)) = 0 ] && bot="random_bot --position"
        printf '  - name: b%s\n    command: %s/%s\n' "$i" "$bots" "$bot"
    done
}

# swiss16: a swiss-cup of 16 (four groups of four, then the cup): the
# groups are sharded, the merge job plays the cup.
swiss16() {
    cat <<EOF
event: slurm-swiss16
game: pentago
seed: 1616
format: swiss-cup
time_control:
  move_ms: 5000
entrants:
EOF
    local i bot
    for i in $(seq -w 1 16); do
        bot=random_bot
        [ $((10#$i % 4)) = 0 ] && bot=greedy_bot
        printf '  - name: s%s\n    command: %s/%s\n' "$i" "$bots" "$bot"
    done
}

# ---- helpers -----------------------------------------------------------------
# job_states ID: "TASK STATE EXIT" per line, for a job or every task of an array.
job_states() {
    scontrol -o show job "$1" 2>/dev/null | awk '{
        id = ""; task = ""; state = ""; code = ""
        for (i = 1; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "JobId") id = kv[2]
            else if (kv[1] == "ArrayTaskId") task = kv[2]
            else if (kv[1] == "JobState") state = kv[2]
            else if (kv[1] == "ExitCode") code = kv[2]
        }
        print (task != "" ? task : id), state, code
    }' | sort -u
}

# wait_jobs SECONDS ID...: until none of the jobs is pending or running.
wait_jobs() {
    local limit=$1 i
    shift
    local ids
    ids=$(echo "$@" | tr ' ' ',')
    for i in $(seq $((limit * 5))); do
        [ -z "$(squeue -h -j "$ids" -o %i 2>/dev/null)" ] && return 0
        sleep 0.2
    done
    echo "jobs $ids still queued after ${limit}s:"
    squeue -j "$ids"
    return 1
}

# all_completed ID: every task of the job COMPLETED with exit 0.
all_completed() {
    local bad
    bad=$(job_states "$1" | grep -v ' COMPLETED 0:0$')
    [ -z "$bad" ] && [ -n "$(job_states "$1")" ] && return 0
    echo "job $1: $(job_states "$1" | tr '\n' ';')"
    return 1
}

# same_results A B: the tables (every *.yaml and *.md) and index.html of
# the results directory A have the same bytes in B, and both hold the same
# files.  The viewer pages games/ID.html are compared by name only: each
# carries its game's start time and move times, which no two runs share.
same_results() {
    local a=$1 b=$2 f diffs=""
    if ! diff <(cd "$a" && find . -type f | sort) <(cd "$b" && find . -type f | sort) >/dev/null; then
        echo "the results directories hold different files:"
        diff <(cd "$a" && find . -type f | sort) <(cd "$b" && find . -type f | sort) | head -5
        return 1
    fi
    local tables
    tables=$(cd "$a" && ls *.yaml *.md index.html 2>/dev/null)
    [ -n "$tables" ] || { echo "no tables in $a"; return 1; }
    for f in $tables; do
        cmp -s "$a/$f" "$b/$f" || diffs="$diffs $f ($(cmp "$a/$f" "$b/$f" 2>&1 | sed 's/.*differ: //'))"
    done
    if [ -n "$diffs" ]; then
        echo "differ:$diffs"
        return 1
    fi
    echo "identical: $(echo $tables) ($(ls "$a/games" 2>/dev/null | wc -l) viewer pages, the same names)"
}

# single NAME DEFINITION-FUNCTION ARGS: the event on this machine, -j 2.
single() {
    local dir=$work/$1
    shift
    mkdir -p "$dir"
    "$@" > "$dir/event.yaml"
    (cd "$dir" && "$referee" event -j 2 "${ropts[@]}" event.yaml \
        >"$dir/stdout" 2>"$dir/stderr")
}

# sharded NAME N DEFINITION-FUNCTION ARGS: submit the event as N shards plus
# the merge; sets array and merge to their job ids.
sharded() {
    local dir=$work/$1 n=$2 out
    shift 2
    mkdir -p "$dir"
    "$@" > "$dir/event.yaml"
    out=$(cd "$dir" && REFEREE=$referee "$root/referee/slurm/submit-event.sh" \
              event.yaml "$n" -- "${ropts[@]}") || return 1
    array=$(echo "$out" | sed -n 's/^array //p')
    merge=$(echo "$out" | sed -n 's/^merge //p')
    [ -n "$array" ] && [ -n "$merge" ]
}

show_logs() {
    local dir=$1
    for f in "$dir"/slurm-*.out; do
        [ -f "$f" ] && { echo "--- $f"; tail -n 8 "$f"; }
    done
}

# ---- the cluster ---------------------------------------------------------------
t=$(now)
if cluster_up "$work/cluster"; then
    pass "cluster up in $(since "$t")s ($(sinfo -h -N -o '%N %c CPUs %m MB %T'))"
else
    fail "cluster up"
    exit 1
fi

t=$(now)
a=$(cd "$work" && sbatch --parsable --array=0-3 -o "$work/trivial-%a.out" \
        --wrap 'echo $SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_MIN $SLURM_ARRAY_TASK_COUNT')
b=$(cd "$work" && sbatch --parsable --dependency=afterok:"$a" -o "$work/trivial-merge.out" \
        --wrap 'cat trivial-[0-3].out')
if wait_jobs 60 "$a" "$b" && all_completed "$a" && all_completed "$b" &&
   [ "$(sort "$work/trivial-merge.out" | tr '\n' ' ')" = "0 0 4 1 0 4 2 0 4 3 0 4 " ]; then
    pass "trivial array of 4 + dependent job in $(since "$t")s"
else
    fail "trivial array of 4 + dependent job"
    exit 1
fi

# ---- (b)-(d): a round robin, one machine against 4 shards ---------------------------
delay=${SLURM_TEST_DELAY:-0.1}
t=$(now)
if single rr-single rr12 "$delay"; then
    pass "single-machine round robin (132 games) in $(since "$t")s"
else
    fail "single-machine round robin: $(tail -3 "$work/rr-single/stderr")"
    exit 1
fi

t=$(now)
if sharded rr-array 4 rr12 "$delay" && wait_jobs 300 "$array" "$merge" &&
   all_completed "$array" && all_completed "$merge"; then
    pass "round robin as an array of 4 + merge in $(since "$t")s"
else
    fail "round robin as an array of 4 + merge"
    show_logs "$work/rr-array"
fi
if out=$(same_results "$work/rr-single/results/slurm-rr12" "$work/rr-array/results/slurm-rr12"); then
    pass "round robin tables, array against one machine: $out"
else
    fail "round robin tables, array against one machine: $out"
fi

# ---- (e): a shard killed half-way ---------------------------------------------
# kill -9 of shard 2's referee once it has recorded 3 games: the task's
# script runs it again, the event resumes, the merge follows.
t=$(now)
if sharded rr-kill 4 rr12 "$delay"; then
    dir=$work/rr-kill
    shard_dir=$dir/matches/slurm-rr12/shards/2-of-4
    log=$dir/slurm-event-${array}_1.out
    killed=""
    for i in $(seq 600); do
        n=$(ls "$shard_dir"/*.yaml 2>/dev/null | grep -cv '/event.yaml$')
        pid=$(sed -n 's/.*attempt 1 of .*referee pid \([0-9]*\).*/\1/p' "$log" 2>/dev/null)
        if [ "${n:-0}" -ge 3 ] && [ -n "$pid" ]; then
            kill -KILL "$pid" && killed=$pid
            break
        fi
        sleep 0.1
    done
    if [ -z "$killed" ]; then
        fail "killed shard: shard 2 never had 3 records and a pid"
    elif wait_jobs 300 "$array" "$merge" && all_completed "$array" && all_completed "$merge"; then
        again=$(sed -n '/attempt 2 of/,$p' "$log" | grep -c '^\[[0-9]*/[0-9]*\]')
        total=$(ls "$shard_dir"/*.yaml | grep -cv '/event.yaml$')
        if grep -q 'attempt 2 of' "$log" && [ "$again" -lt "$total" ]; then
            pass "killed shard: referee $killed killed after $n records; attempt 2 played $again of the shard's $total games; merged in $(since "$t")s"
        else
            fail "killed shard: no second attempt, or it played all $total games again ($again)"
            show_logs "$dir"
        fi
    else
        fail "killed shard: the array or the merge failed"
        show_logs "$dir"
    fi
    if out=$(same_results "$work/rr-single/results/slurm-rr12" "$dir/results/slurm-rr12"); then
        pass "killed shard: tables against one machine: $out"
    else
        fail "killed shard: tables against one machine: $out"
    fi
else
    fail "killed shard: submit"
fi

# ---- (e2): a task stopped, its shard run again as a job of its own ------------
# A plain scancel (every process of the task signalled, the bots with the
# referee, as at the end of a time limit) ends task 3 once shard 4 has 3
# records.  The referee holds back the end of a bot killed by a signal it
# did not send, so the running games end without a result: no record of
# the shard may say a bot was killed by a signal.
# The task fails, the merge job is left pending (its dependency can never
# be met); the shard is submitted again with --shard 4/4 and the merge
# job's dependency moved to that job, as submit-event.sh's header says.
t=$(now)
if sharded rr-fail 4 rr12 "$delay"; then
    dir=$work/rr-fail
    shard_dir=$dir/matches/slurm-rr12/shards/4-of-4
    log=$dir/slurm-event-${array}_3.out
    killed=""
    for i in $(seq 600); do
        n=$(ls "$shard_dir"/*.yaml 2>/dev/null | grep -cv '/event.yaml$')
        pid=$(sed -n 's/.*attempt 1 of .*referee pid \([0-9]*\).*/\1/p' "$log" 2>/dev/null)
        if [ "${n:-0}" -ge 3 ] && [ -n "$pid" ]; then
            scancel "${array}_3" && killed=$pid
            break
        fi
        sleep 0.1
    done
    for i in $(seq 150); do
        job_states "$array" | grep -q '^3 \(RUNNING\|PENDING\|COMPLETING\)' || break
        sleep 0.2
    done
    state=$(job_states "$array" | sed -n 's/^3 //p')
    reason=$(squeue -h -j "$merge" -o %r)
    again=$(cd "$dir" && REFEREE=$referee sbatch --parsable -o "slurm-event-%j.out" \
                "$root/referee/slurm/event-array.sbatch" event.yaml --shard 4/4 "${ropts[@]}")
    scontrol update JobId="$merge" Dependency=afterok:"$again"
    signalled=$(grep -l 'killed by signal' "$shard_dir"/*.yaml 2>/dev/null)
    if [ -n "$killed" ] &&
       { [ "${state%% *}" = FAILED ] || [ "${state%% *}" = CANCELLED ]; } &&
       grep -q 'stopped by a signal (referee exit 130)' "$log" &&
       [ -z "$signalled" ] &&
       wait_jobs 300 "$array" "$again" "$merge" &&
       all_completed "$again" && all_completed "$merge"; then
        pass "stopped task: task 3 $state after $n records (merge pending: $reason); shard 4/4 run again as job $again, merged in $(since "$t")s"
    else
        fail "stopped task (task 3: ${state:-?}; merge: ${reason:-?}; records of a bot killed by a signal: ${signalled:-none})"
        show_logs "$dir"
    fi
    if out=$(same_results "$work/rr-single/results/slurm-rr12" "$dir/results/slurm-rr12"); then
        pass "stopped task: tables against one machine: $out"
    else
        fail "stopped task: tables against one machine: $out"
    fi
else
    fail "stopped task: submit"
fi

# ---- a swiss-cup: groups sharded, the cup played by the merge job ---------------
t=$(now)
if single sw-single swiss16 &&
   sharded sw-array 3 swiss16 && wait_jobs 300 "$array" "$merge" &&
   all_completed "$array" && all_completed "$merge" &&
   grep -q 'playing the cup' "$work/sw-array/slurm-merge-$merge.out"; then
    pass "swiss-cup of 16: one machine, and groups as an array of 3 + merge and cup, in $(since "$t")s"
else
    fail "swiss-cup of 16 (one machine, then an array of 3 + merge and cup)"
    show_logs "$work/sw-array"
fi
if out=$(same_results "$work/sw-single/results/slurm-swiss16" "$work/sw-array/results/slurm-swiss16"); then
    pass "swiss-cup tables, array against one machine: $out"
else
    fail "swiss-cup tables, array against one machine: $out"
fi

# ---- (f): a 1,000-entrant gauntlet, one machine against 8 shards ------------------
t=$(now)
if single g-single gauntlet1000; then
    pass "single-machine gauntlet of 1,000 entrants (999 games) in $(since "$t")s"
else
    fail "single-machine gauntlet of 1,000: $(tail -3 "$work/g-single/stderr")"
fi
t=$(now)
if sharded g-array 8 gauntlet1000 && wait_jobs 900 "$array" "$merge" &&
   all_completed "$array" && all_completed "$merge"; then
    pass "gauntlet of 1,000 as an array of 8 + merge in $(since "$t")s"
else
    fail "gauntlet of 1,000 as an array of 8 + merge"
    show_logs "$work/g-array"
fi
if out=$(same_results "$work/g-single/results/slurm-gauntlet1000" "$work/g-array/results/slurm-gauntlet1000"); then
    pass "gauntlet tables, array against one machine: $out"
else
    fail "gauntlet tables, array against one machine: $out"
fi

# ---- (g), SLURM_TEST_BIG=1 only: a 1,000-entrant round robin ------------------
# 499,500 games twice (7 minutes on one machine, 13 as 8 shards and the
# merge, on 2 cores without a sandbox; 2 GB of records each): the scale of the issue, one machine against 8
# shards.
if [ "${SLURM_TEST_BIG:-0}" = 1 ]; then
    saved=("${ropts[@]}")
    ropts=("${ropts[@]}" --sandbox off)
    t=$(now)
    if single rr1000-single rr1000; then
        pass "single-machine round robin of 1,000 entrants (499,500 games) in $(since "$t")s"
    else
        fail "single-machine round robin of 1,000: $(tail -3 "$work/rr1000-single/stderr")"
    fi
    t=$(now)
    if sharded rr1000-array 8 rr1000 && wait_jobs 7200 "$array" "$merge" &&
       all_completed "$array" && all_completed "$merge"; then
        pass "round robin of 1,000 as an array of 8 + merge in $(since "$t")s"
    else
        fail "round robin of 1,000 as an array of 8 + merge"
        show_logs "$work/rr1000-array"
    fi
    if out=$(same_results "$work/rr1000-single/results/slurm-rr1000" "$work/rr1000-array/results/slurm-rr1000"); then
        pass "round robin of 1,000 tables, array against one machine: $out"
    else
        fail "round robin of 1,000 tables, array against one machine: $out"
    fi
    ropts=("${saved[@]}")
fi
exit "$failed"
