#!/usr/bin/env bash
# The speed lines of an earlier revision beside the checkout's, alternated in one run so that both
# see the same machine:
#
#   scripts/speed-vs.sh REV [ROUNDS]     # e.g. 83dd5ec, 3 rounds: about 8 minutes on 2 cores
#
# Each round measures, REV first, then the checkout:
#   engine       BenchmarkStep (the public reference games), ns a half-step (earlier revisions
#                report no CPU time)
#   environment  BenchmarkEngineReplay (games/paperio/rl: the engine alone on the environment's games) and
#                BenchmarkEnv/full, crop11 and blind, CPU-ns an agent step
#   self-play    `paperio selfplay --games 2000 --seed 7`: games/s, CPU-s and the dataset hash
#   bridge       `paperio bench --bots py:square.py,py:square.py --games 3` in CPU-ms of every process
#                (perf stat), beside the course's cost of the same (course_cost.py 3)
#
# Absolute figures move with the machine; compare REV and the checkout within a round. The
# environment's percentage of the engine (scripts/speed.sh) is the ratio of its two lines.
# REV must hold the same benchmarks (from 83dd5ec on: the engine under engine/ or engine/paperio).
# PY names the interpreter (default /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/speedlib.sh
rev=${1:?usage: scripts/speed-vs.sh REV [ROUNDS]}
rounds=${2:-3}
PY="${PY:-/usr/bin/python3}"
here=$(pwd)
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/rev" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git worktree add --detach "$tmp/rev" "$rev" >/dev/null

# build NAME TREE: the command and the test binaries of a tree, under $tmp/NAME
build() {
	local name=$1 tree=$2 eng=engine/paperio rl=games/paperio/rl
	[ -d "$tree/$eng" ] || eng=engine
	[ -d "$tree/$rl" ] || rl=rl
	mkdir -p "$tmp/$name"
	(cd "$tree" && go build -o "$tmp/$name/paperio" ./cmd/paperio &&
		go test -c -o "$tmp/$name/engine.test" "./$eng" &&
		go test -c -o "$tmp/$name/rl.test" "./$rl")
	echo "$tree/$eng" >"$tmp/$name/engdir"
	echo "$tree/$rl" >"$tmp/$name/rldir"
	echo "$tree" >"$tmp/$name/tree"
}
build rev "$tmp/rev"
build now "$here"

# metric UNIT: the value before UNIT in each benchmark line on stdin, after the name
metric() { awk -v u="$1" '/^Benchmark/ {for (i = 2; i <= NF; i++) if ($i == u) print $1, $(i-1)}'; }
havePerf=1
command -v perf >/dev/null || havePerf=0

for r in $(seq "$rounds"); do
	echo "== round $r"
	for v in rev now; do
		b=$tmp/$v
		(cd "$(cat "$b/engdir")" && "$b/engine.test" -test.run '^$' -test.bench 'Step$' -test.benchtime 2s) |
			metric ns/op | sed "s/^/$v engine, ns a half-step: /"
		out=$(cd "$(cat "$b/rldir")" && "$b/rl.test" -test.run '^$' -test.bench 'EngineReplay$|Env/(full|crop11|blind)$' -test.benchtime 2s)
		echo "$out" | metric cpu-ns/half-step | sed "s/^/$v environment's engine, CPU-ns a half-step: /"
		echo "$out" | metric cpu-ns/agent-step | sed "s/^/$v environment, CPU-ns an agent step: /"
	done
	for v in rev now; do
		b=$tmp/$v
		rm -rf "$tmp/sp"
		TIMEFORMAT='%R %U %S'
		{ time "$b/paperio" selfplay --games 2000 --seed 7 --out "$tmp/sp" >/dev/null 2>&1; } 2>"$tmp/time"
		read -r wall user sys <"$tmp/time"
		hash=$(dataset_hash "$tmp/sp")
		awk -v v="$v" -v w="$wall" -v u="$user" -v s="$sys" -v h="$hash" \
			'BEGIN {printf "%s selfplay: %.0f games/s, %.2f CPU-s, dataset %s\n", v, 2000/w, u+s, h}'
	done
	if [ $havePerf = 1 ]; then
		t=$here/games/paperio/testdata
		echo "course bridge: $(cd "$t" && cpu_ms "$PY" course_cost.py 3) CPU-ms for three games"
		for v in rev now; do
			echo "$v bridge: $(cd "$t" && cpu_ms "$tmp/$v/paperio" bench --python "$PY" --bots py:square.py,py:square.py --games 3) CPU-ms"
		done
	fi
done
[ $havePerf = 1 ] || echo "perf is not installed (apt-get install linux-perf): no bridge line"
