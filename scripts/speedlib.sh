# Helpers that scripts/speed.sh and scripts/speed-vs.sh share (sourced, not run).

# cpu_ms CMD...: the CPU time of CMD and every process it starts, in ms (perf stat)
cpu_ms() { perf stat -x, -e task-clock -- "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {printf "%.0f\n", $1}'; }

# dataset_hash DIR: a self-play folder's dataset hash, the sha256 of its parquet files' sha256 sums
# in name order, first 16 hex digits (manifest.json, whose times differ run to run, is left out)
dataset_hash() { (cd "$1" && find games turns -name '*.parquet' | sort | xargs sha256sum | sha256sum | cut -c1-16); }
