#!/bin/bash
# submit-event.sh FILE N [SBATCH OPTIONS...] [-- REFEREE OPTIONS...]: run an event on a Slurm
# cluster as N shards: a job array of N tasks (event-array.sbatch, each
# task `referee event FILE` on its shard) and a merge job
# (event-merge.sbatch: `referee merge FILE`, then the cup of a swiss-cup)
# that starts when every task has succeeded (--dependency=afterok).
# Prints the two job ids:
#   array 1234
#   merge 1235
# The SBATCH OPTIONS go to both submissions (--partition=..., --time=...,
# --cpus-per-task=K: K games at once per shard, ...); the REFEREE OPTIONS
# after `--` go to `referee event` (`-- --sandbox off`).  N above 1000
# needs a cluster whose MaxArraySize is above N.  Run it from the
# directory the definition's paths (bots, records, results) are relative
# to: the jobs run there.  The tables appear in the results directory when
# the merge job ends; the tasks' output is in slurm-event-ARRAY_TASK.out,
# the merge's in slurm-merge-JOB.out.
#
# Environment: REFEREE, the referee program for both jobs (default: the
# `referee` in the build/ directory of the repository this script is in,
# ../../build/referee; an installed one: REFEREE=$(command -v referee)),
# made absolute and passed on to the jobs; REFEREE_ATTEMPTS (default 3):
# runs per task (event-array.sbatch).
#
# A shard that failed every attempt leaves the merge job pending
# (DependencyNeverSatisfied).  Finish the shard, then let the merge go:
#   sbatch referee/slurm/event-array.sbatch FILE --shard I/N      # job J
#   scontrol update JobId=MERGE Dependency=afterok:J
# (or cancel the merge job and `sbatch referee/slurm/event-merge.sbatch
# FILE` once J is done).
#
# The shared filesystem: every node must see the definition, the bots,
# the referee and the records and results directories at the same paths;
# a rename must be atomic and a synced file visible to the other nodes,
# since each record is written to a temporary file and renamed into
# place; no two shards write the same file (each has its own
# RECORDS/shards/I-of-N/).
set -eu

if [ $# -lt 2 ]; then
    echo "usage: submit-event.sh FILE N [sbatch options...] [-- referee event options...]" >&2
    exit 2
fi
file=$1
n=$2
shift 2
case $n in
    ''|*[!0-9]*) echo "submit-event.sh: N '$n': expected a number from 1 to 100000" >&2; exit 2 ;;
esac
if [ "$n" -lt 1 ] || [ "$n" -gt 100000 ]; then
    echo "submit-event.sh: N '$n': expected a number from 1 to 100000" >&2
    exit 2
fi
if [ ! -r "$file" ]; then
    echo "submit-event.sh: cannot read $file" >&2
    exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
REFEREE=${REFEREE:-$here/../../build/referee}
case $REFEREE in
    */*) [ -x "$REFEREE" ] && [ -d "$(dirname "$REFEREE")" ] \
           && REFEREE=$(cd "$(dirname "$REFEREE")" && pwd)/$(basename "$REFEREE") ;;
    *) REFEREE=$(command -v "$REFEREE" || echo "$REFEREE") ;;
esac
if [ ! -x "$REFEREE" ]; then
    echo "submit-event.sh: no referee at $REFEREE (run make, or set REFEREE)" >&2
    exit 2
fi
export REFEREE

# The options: sbatch's before `--`, the referee's after it.
sbatch_opts=()
referee_opts=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    sbatch_opts+=("$1")
    shift
done
[ $# -gt 0 ] && shift
referee_opts=("$@")

# The array's task ids are 0..N-1; the referee numbers the shards 1..N
# from SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1.
array=$(sbatch --parsable --array=0-$((n - 1)) "${sbatch_opts[@]}" \
        "$here/event-array.sbatch" "$file" "${referee_opts[@]}")
array=${array%%;*}
echo "array $array"
merge=$(sbatch --parsable --dependency=afterok:"$array" "${sbatch_opts[@]}" \
        "$here/event-merge.sbatch" "$file" "${referee_opts[@]}")
merge=${merge%%;*}
echo "merge $merge"
