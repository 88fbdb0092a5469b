#!/usr/bin/env bash
# Submit the shard array and the merge that waits for it.
#   PERLAGG_DIR=$PWD OUT=/scratch/$USER/perlagg-run DEALS=100000000 deploy/slurm/run.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export PERLAGG_DIR OUT
array=$(sbatch --parsable --export=ALL "$here/shards.sbatch")
sbatch --dependency="afterok:${array}" --export=ALL "$here/merge.sbatch"
echo "submitted shards ${array} and the merge after them"
