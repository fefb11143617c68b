# A private single-node Slurm cluster for the test (sourced by run.sh).
#
# cluster_up DIR    writes DIR/slurm.conf and the munge key, starts munged,
#                   slurmctld and slurmd in the foreground as children of
#                   this shell (so their pids are known), all as the
#                   invoking user, and waits until the node is idle;
#                   exports SLURM_CONF so that sbatch, squeue, scontrol
#                   and scancel talk to this cluster and no other.
# cluster_down      cancels every job, stops the daemons and every
#                   slurmstepd by pid, and checks that none is left.
#
# Everything (configuration, state, spool, logs, pid files, the munge
# socket, key, seed and log) lives under DIR; nothing under /etc is read
# or written.  slurmstepd forks twice and calls setsid, so it is adopted
# by the nearest child subreaper: run.sh runs under build/slurm/subreaper,
# the parent of this shell ($PPID), and finds it there.

CLUSTER_MUNGED=""     # the daemons' pids, as started
CLUSTER_DAEMONS=""    # slurmctld and slurmd
CLUSTER_DIR=""

cluster_log() { printf '%s\n' "$*" >&2; }

# A TCP port nobody listens on, from a range away from Slurm's defaults.
cluster_free_port() {
    local p
    for _ in $(seq 50); do
        p=$((20000 + RANDOM % 20000))
        if ! ss -Htln "sport = :$p" 2>/dev/null | grep -q .; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

cluster_write_conf() {
    local dir=$1 user node cpus mem pctl pd
    user=$(id -un)
    node=$(hostname -s)
    cpus=$(nproc)
    # slurmd -C reports what slurmd will find; a node that claims more than
    # that is drained, so the configuration takes its figures.
    mem=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
    pctl=$(cluster_free_port) && pd=$(cluster_free_port) || return 1
    cat > "$dir/slurm.conf" <<EOF
# Written by tests/slurm/cluster.sh: a private single-node cluster.
ClusterName=referee-test
SlurmctldHost=$node(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$pctl
SlurmdPort=$pd
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MessageTimeout=5
ReturnToService=2
MinJobAge=600
KillWait=2
InactiveLimit=0
SlurmdTimeout=30
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
}

cluster_start_munge() {
    local dir=$1
    mkdir -p "$dir/munge" && chmod 700 "$dir/munge"
    mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null 2>&1 \
        || dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$dir/munge/munge.key"
    munged -F --force --socket="$dir/munge/munge.socket" \
        --key-file="$dir/munge/munge.key" --pid-file="$dir/munge/munged.pid" \
        --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed" \
        >>"$dir/munge/munged.out" 2>&1 &
    CLUSTER_MUNGED=$!
    local i
    for i in $(seq 100); do
        [ -S "$dir/munge/munge.socket" ] && return 0
        sleep 0.1
    done
    cluster_log "munged did not make its socket: $(tail -3 "$dir/munge/munged.log" 2>/dev/null)"
    return 1
}

# Wait until the node is idle (or mixed/allocated: usable); seconds in $2.
cluster_wait_idle() {
    local limit=$1 i p state
    for i in $(seq $((limit * 10))); do
        for p in $CLUSTER_MUNGED $CLUSTER_DAEMONS; do
            kill -0 "$p" 2>/dev/null && continue
            cluster_log "a daemon (pid $p) exited; its log says:"
            tail -n 5 "$CLUSTER_DIR"/log/*.out "$CLUSTER_DIR"/munge/munged.out >&2
            return 1
        done
        state=$(sinfo -h -N -o %T 2>/dev/null | head -1)
        case $state in
            idle*|mixed*|allocated*) return 0 ;;
        esac
        sleep 0.1
    done
    cluster_log "the node is '$state' after ${limit}s"
    return 1
}

cluster_up() {
    local dir=$1
    CLUSTER_DIR=$dir
    mkdir -p "$dir/state" "$dir/spool" "$dir/run" "$dir/log" || return 1
    cluster_write_conf "$dir" || { cluster_log "no free port"; return 1; }
    export SLURM_CONF="$dir/slurm.conf"
    cluster_start_munge "$dir" || return 1
    slurmctld -D -i -f "$SLURM_CONF" >>"$dir/log/slurmctld.out" 2>&1 &
    CLUSTER_DAEMONS="$!"
    slurmd -D -f "$SLURM_CONF" >>"$dir/log/slurmd.out" 2>&1 &
    CLUSTER_DAEMONS="$CLUSTER_DAEMONS $!"
    cluster_wait_idle 60
}

# The processes adopted by the subreaper (the parent of this shell) other
# than this shell: slurmstepd and whatever it left.
cluster_adopted() {
    local p
    for p in $(pgrep -P "$PPID"); do
        [ "$p" != "$$" ] && echo "$p"
    done
}

cluster_alive() {
    local p left=""
    for p in $CLUSTER_MUNGED $CLUSTER_DAEMONS $(cluster_adopted); do
        kill -0 "$p" 2>/dev/null && left="$left $p"
    done
    echo $left
}

cluster_wait_gone() {
    local limit=$1 i
    for i in $(seq $((limit * 10))); do
        [ -z "$(cluster_alive)" ] && return 0
        sleep 0.1
    done
    return 1
}

cluster_down() {
    [ -n "$CLUSTER_MUNGED$CLUSTER_DAEMONS" ] || return 0
    local p
    # Jobs first, while slurmctld can still end them cleanly.
    if [ -n "$CLUSTER_DAEMONS" ]; then
        scancel --quiet -u "$(id -un)" 2>/dev/null
        for p in $(seq 50); do
            [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.1
        done
    fi
    for p in $CLUSTER_DAEMONS; do kill -TERM "$p" 2>/dev/null; done
    for p in $CLUSTER_DAEMONS; do wait "$p" 2>/dev/null; done
    for p in $(cluster_adopted); do kill -KILL "$p" 2>/dev/null; done
    if [ -n "$CLUSTER_MUNGED" ]; then
        kill -TERM "$CLUSTER_MUNGED" 2>/dev/null
        wait "$CLUSTER_MUNGED" 2>/dev/null
    fi
    local ok=0
    if ! cluster_wait_gone 10; then
        cluster_log "FAIL teardown: still alive: $(cluster_alive)"
        for p in $(cluster_alive); do kill -KILL "$p" 2>/dev/null; done
        ok=1
    fi
    CLUSTER_MUNGED=""
    CLUSTER_DAEMONS=""
    return $ok
}
