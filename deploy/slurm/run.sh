#!/usr/bin/env bash
# Submit a sharded perlagg run to Slurm: a job array of SHARDS tasks (task k runs shard k), then the merge,
# which starts once every task has succeeded. Everything is a parameter (environment variables, defaults in
# brackets); arguments are passed on to both sbatch calls (e.g. --partition=long --account=proj).
#
#   OUT=/shared/perlagg/run1 DEALS=100000000 SHARDS=8 CPUS=4 deploy/slurm/run.sh
#   deploy/slurm/run.sh merge        # submit the merge alone (after a failed shard was retried by hand)
#
#   PERLAGG_DIR  the perlagg checkout (npm ci done), on a file system every node sees    [this checkout]
#   OUT          the run's folder on a shared file system: shard-<k>-of-<n>/, merged/, logs/
#                                                                      [$PERLAGG_DIR/results/slurm-run]
#   DEALS        deals in the whole run                                                   [10000000]
#   SHARDS       array tasks, one shard each                                              [4]
#   CPUS         CPUs per task, = worker threads per shard          [2, at most the largest node's CPUs]
#   MEM          memory per task (sbatch --mem)                      [512 MB + 192 MB a CPU, e.g. 896M]
#   TIME         time limit per task (sbatch --time)                                      [04:00:00]
#   RULESET SEED simulate's --ruleset and --seed                                 [oberland, 20261130]
#   SIM_ARGS     more simulate options, split at spaces, e.g. "--mode hands --policies simple,random" []
#
# A task that fails or is requeued (scontrol requeue <job>_<k>) reruns the same command: it resumes its
# shard, or finds it finished and exits 0 with the files untouched; the merge is just as safe to rerun.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "deploy/slurm/run.sh: $*" >&2; exit 2; }
whole() { if ! [[ $2 =~ ^[0-9]+$ ]] || (( $2 < ${3:-1} )); then fail "$1=$2: give a whole number >= ${3:-1}"; fi; }

export PERLAGG_DIR=${PERLAGG_DIR:-$(cd "$here/../.." && pwd)}
export OUT=${OUT:-$PERLAGG_DIR/results/slurm-run}
export DEALS=${DEALS:-10000000} SHARDS=${SHARDS:-4} RULESET=${RULESET:-oberland} SEED=${SEED:-20261130} SIM_ARGS=${SIM_ARGS:-}
TIME=${TIME:-04:00:00}
whole DEALS "$DEALS"
whole SHARDS "$SHARDS"
whole SEED "$SEED" 0
[[ -f $PERLAGG_DIR/bin/perlagg.js ]] || fail "PERLAGG_DIR=$PERLAGG_DIR is not a perlagg checkout (no bin/perlagg.js)"
[[ -d $PERLAGG_DIR/node_modules ]] || fail "PERLAGG_DIR=$PERLAGG_DIR has no node_modules: run npm ci there first"
[[ $OUT = /* ]] || OUT=$PWD/$OUT

# What the nodes have (sinfo: CPUs and MB per node); a request no node can meet would pend forever.
node_cpus=$(sinfo -h -o '%c' 2>/dev/null | tr -d '+' | sort -n | tail -1 || true)
node_mem=$(sinfo -h -o '%m' 2>/dev/null | tr -d '+' | sort -n | tail -1 || true)
if [[ -z ${CPUS:-} ]]; then
  CPUS=2
  if [[ $node_cpus =~ ^[0-9]+$ ]] && (( node_cpus < CPUS )); then CPUS=$node_cpus; fi
fi
whole CPUS "$CPUS"
MEM=${MEM:-$(( 512 + 192 * CPUS ))M}
[[ $MEM =~ ^([0-9]+)([KMGT]?)$ ]] || fail "MEM=$MEM: give a size as sbatch --mem takes it, e.g. 2G or 900M"
num=${BASH_REMATCH[1]}
case ${BASH_REMATCH[2]:-M} in K) mem_mb=$(( num / 1024 )) ;; M) mem_mb=$num ;; G) mem_mb=$(( num * 1024 )) ;; T) mem_mb=$(( num * 1048576 )) ;; esac
if [[ $node_cpus =~ ^[0-9]+$ ]] && (( CPUS > node_cpus )); then
  fail "CPUS=$CPUS: no node has more than $node_cpus CPUs (sinfo); the tasks would pend forever"
fi
if [[ $node_mem =~ ^[0-9]+$ ]] && (( node_mem > 1 )) && (( mem_mb > node_mem )); then
  fail "MEM=$MEM: no node has more than ${node_mem} MB (sinfo); the tasks would pend forever"
fi

mkdir -p "$OUT/logs"
# SBATCH_ARRAY_INX in the environment would make every job an array: the array is given here, the merge has none
submit() { env -u SBATCH_ARRAY_INX sbatch --parsable --export=ALL "$@"; }
merge_job() {
  local id
  id=$(submit --job-name=perlagg-merge --cpus-per-task=1 --mem=1G --time="$TIME" --requeue \
    --output="$OUT/logs/merge.log" --open-mode=append "$@" "$here/merge.sbatch")
  echo "${id%%;*}"
}
if [[ ${1:-} == merge ]]; then
  shift
  m=$(merge_job "$@")
  echo "perlagg: submitted the merge of $OUT as job $m (log $OUT/logs/merge.log)"
  exit 0
fi
array=$(submit --job-name=perlagg-shards --array="0-$(( SHARDS - 1 ))" --cpus-per-task="$CPUS" --mem="$MEM" \
  --time="$TIME" --requeue --output="$OUT/logs/shard-%a.log" --open-mode=append "$@" "$here/shards.sbatch")
array=${array%%;*}
# afterok on each task, not on the array: Slurm marks an array's afterok failed for good once any task failed,
# even after that task was requeued and succeeded; a task's own afterok follows its last run.
dep=afterok
for (( k = 0; k < SHARDS; k++ )); do dep+=":${array}_$k"; done
m=$(merge_job --dependency="$dep" --kill-on-invalid-dep=no "$@")
echo "perlagg: submitted $SHARDS shards of $DEALS deals as job $array (array 0-$(( SHARDS - 1 )), $CPUS CPUs and $MEM each) and the merge as job $m after them"
echo "perlagg: shards in $OUT/shard-<k>-of-$SHARDS, the merged run in $OUT/merged, logs in $OUT/logs"
