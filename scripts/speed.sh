#!/usr/bin/env bash
# The toolkit's speed lines, each beside its anchor and its limit, in one run:
#
#   scripts/speed.sh            # about 2 minutes on 2 cores; run it on an idle machine
#
# engine       BenchmarkStep beside BenchmarkStepNoFill (enclosure free: the limit a faster
#              fill approaches), CPU-ns per half-step of the public reference games
# self-play    `paperio selfplay --games 2000 --seed 7` (2 workers) in games/s, beside
#              BenchmarkRunRows (the writer alone, the limit) and BenchmarkRunPlay (the play and
#              the rows alone), and BenchmarkRecord (a row's columns beside the bare replay)
# environment  BenchmarkEnv: agent steps/s as % of the engine's half-steps/s, whole boards,
#              11x11 crops and the blind floor under them
# bridge       three full games of two trivial course AIs (py:square.py) against the course's
#              own cost of three games (games/paperio/testdata/course_cost.py), in CPU time of
#              every process (perf stat), alternated three times
#
# Figures are CPU time where the line allows, so a busy machine moves them less than wall
# time; compare figures of one run. PY names the interpreter (default /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/speedlib.sh
PY="${PY:-/usr/bin/python3}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/paperio" ./cmd/paperio
for p in engine/paperio selfplay games/paperio/tables games/paperio/rl; do
	go test -c -o "$tmp/$(echo $p | tr / _).test" ./$p
done

# metric NAME: the value before unit NAME in a benchmark line on stdin
metric() { awk -v u="$1" '{for (i = 2; i <= NF; i++) if ($i == u) print $(i-1)}'; }

echo "== engine: replaying the reference games"
out=$(cd engine/paperio && "$tmp/engine_paperio.test" -test.run '^$' -test.bench 'Step$|StepNoFill$' -test.benchtime 3s -test.count 3)
echo "$out" | grep '^Benchmark'
step=$(echo "$out" | grep 'BenchmarkStep-' | metric cpu-ns/op | sort -n | head -1)
nofill=$(echo "$out" | grep 'BenchmarkStepNoFill-' | metric cpu-ns/op | sort -n | head -1)
awk -v s="$step" -v n="$nofill" 'BEGIN {printf "engine: %.1f CPU-ns a half-step, the no-fill limit %.1f: %.0f %% of the limit'"'"'s speed (the target, 20,000x of a 22,000x limit, is 91 %%)\n", s, n, 100*n/s}'

echo "== self-play: per-turn rows, 2 workers"
for i in 1 2 3; do
	rm -rf "$tmp/sp"
	TIMEFORMAT='%R %U %S'
	{ time "$tmp/paperio" selfplay --games 2000 --seed 7 --out "$tmp/sp" >/dev/null 2>&1; } 2>"$tmp/time"
	read -r wall user sys <"$tmp/time"
	awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {printf "selfplay --games 2000 --seed 7: %.0f games/s (%.0f games per CPU-second; the target is 2,000 games/s)\n", 2000/w, 2000/(u+s)}'
done
echo "dataset: $(dataset_hash "$tmp/sp") (sha256 of the parquet files' sha256 sums, in name order)"
out=$(cd selfplay && "$tmp/selfplay.test" -test.run '^$' -test.bench 'Run$|RunRows$|RunPlay$' -test.benchtime 3x)
echo "$out" | grep '^Benchmark'
for b in Run RunRows RunPlay; do
	v=$(echo "$out" | grep "Benchmark$b-" | metric games/cpu-s)
	echo "  $b: $v games per CPU-second"
done
(cd games/paperio/tables && "$tmp/games_paperio_tables.test" -test.run '^$' -test.bench 'Record$' -test.benchtime 10x) | grep '^Benchmark'

echo "== environment: 256 games, random actions against random"
out=$(cd games/paperio/rl && "$tmp/games_paperio_rl.test" -test.run '^$' -test.bench 'Env$' -test.benchtime 2s)
echo "$out" | grep '^Benchmark'
for v in full crop11 blind; do
	p=$(echo "$out" | grep "BenchmarkEnv/$v-" | metric pct-engine)
	echo "  $v: $p % of the engine's half-steps/s"
done
echo "  (targets: crop11 at least 16.7 %, full at least 8.3 %)"

echo "== bridge: three games of two trivial course AIs against the course's cost"
if ! command -v perf >/dev/null; then
	echo "perf is not installed (apt-get install linux-perf): the bridge line needs it to count the AI processes"
	exit 0
fi
cd games/paperio/testdata
for i in 1 2 3; do
	c=$(cpu_ms "$PY" course_cost.py 3)
	p=$(cpu_ms "$tmp/paperio" bench --python "$PY" --bots py:square.py,py:square.py --games 3)
	awk -v c="$c" -v p="$p" 'BEGIN {printf "bridge: the course %.0f CPU-ms, paperio %.0f CPU-ms: %.1fx the course (the target is 5x, the goal 10x)\n", c, p, c/p}'
done
