#!/bin/sh
# The round robin of round-robin.toml spread over 3 Slurm array tasks:
#   sbatch examples/tournaments/slurm-array.sh
# Task k plays shard k/3 into its own database in $RESULTS (a shared
# filesystem); resubmitting resumes every unfinished shard. Afterwards:
#   dtref merge $RESULTS/merged.db $RESULTS/shard-*.db
#   dtref standings --db $RESULTS/merged.db
#SBATCH --job-name=dtref-round-robin
#SBATCH --array=0-2
#SBATCH --cpus-per-task=2
#SBATCH --output=dtref-shard-%a.log
set -eu
SHARDS=3   # keep equal to the number of array tasks
RESULTS=${RESULTS:-$PWD/results}
mkdir -p "$RESULTS"
exec dtref tournament \
  --config examples/tournaments/round-robin.toml \
  --shard "${SLURM_ARRAY_TASK_ID}/${SHARDS}" \
  --db "$RESULTS/shard-${SLURM_ARRAY_TASK_ID}.db" \
  --concurrency "${SLURM_CPUS_PER_TASK:-1}"
