#!/usr/bin/env bash
# Executes the notebooks of this folder (all, or those named), each with the
# kernel its metadata names (gonb for the Go notebooks, Debian's python3 for
# rl.ipynb and train.ipynb), and fails on the first cell that fails. The
# executed copies, with their outputs, go to out/notebooks/executed/.
#
#   bash notebooks/run.sh [--quick] [--update] [--jobs=N] [NAME.ipynb ...]
#
# --quick sets PAPERIO_NOTEBOOK_QUICK=1: the notebooks that play or train for
# minutes do it on a small budget instead, to show that every cell runs and what
# it draws (CI runs them so). --update then copies the executed notebooks over
# the committed ones, whose outputs are what readers see: it runs the full
# budgets, and refuses --quick. --jobs=N runs N notebooks at a time (the
# Python notebooks use one core, the Go ones' builds two).
#
# On a fresh Debian machine with Go it first installs what it needs: Jupyter's
# nbconvert and client from Debian (as root), and gonb and goimports at pinned
# versions into $PAPERIO_NOTEBOOK_TOOLS/bin (default
# ~/.cache/paperio-notebooks/bin), then registers the gonb kernel with this
# repository in its Go workspace, so that cells can import the project's
# packages. Later runs reuse what is installed. gopls, which gonb uses for
# completion when editing cells, is not needed to execute them, and is left to
# those who edit (notebooks/README.md).
set -euo pipefail

quick= update= jobs=
names=()
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	--update) update=1 ;;
	--jobs=[1-9]) jobs=${a#--jobs=} ;;
	-*)
		echo "run.sh: unknown option $a; usage: bash notebooks/run.sh [--quick] [--update] [--jobs=N] [NAME.ipynb ...]" >&2
		exit 2
		;;
	*) names+=("$a") ;;
	esac
done
if [ -n "$quick" ] && [ -n "$update" ]; then
	echo "run.sh: --update commits full runs' outputs; it does not go with --quick" >&2
	exit 2
fi
if [ -n "$quick" ]; then
	export PAPERIO_NOTEBOOK_QUICK=1
else
	unset PAPERIO_NOTEBOOK_QUICK
fi

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
tools=${PAPERIO_NOTEBOOK_TOOLS:-$HOME/.cache/paperio-notebooks}
gonb_version=v0.11.5
goimports_version=v0.52.0 # golang.org/x/tools

export GOBIN="$tools/bin"
export PATH="$GOBIN:$PATH"
# gonb manages a module of its own for the cells and must be free to edit it.
export GOFLAGS=

echo "== jupyter"
packages="jupyter-nbconvert python3-nbclient python3-ipykernel jupyter-client"
if ! dpkg -s $packages >/dev/null 2>&1; then
	if [ "$(id -u)" != 0 ]; then
		echo "run.sh: Jupyter is missing; as root: apt-get install $packages" >&2
		exit 1
	fi
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null
fi
jupyter nbconvert --version

echo "== gonb $gonb_version"
if ! { [ -x "$GOBIN/gonb" ] && go version -m "$GOBIN/gonb" | grep -q "github.com/janpfeifer/gonb[[:space:]]*$gonb_version"; }; then
	# gonb is installed from a small module of its own that requires it at
	# the pinned version.
	mod="$tools/gonb-mod"
	rm -rf "$mod"
	mkdir -p "$mod"
	(cd "$mod" && go mod init paperio-notebook-tools >/dev/null 2>&1 &&
		go get "github.com/janpfeifer/gonb@$gonb_version" && go install github.com/janpfeifer/gonb)
fi
[ -x "$GOBIN/goimports" ] || go install "golang.org/x/tools/cmd/goimports@$goimports_version"
# --force_deps: without gopls (gonb's completion) too.
gonb --install --force_deps --go_work="$repo" 2>&1 | tail -n 1

notebooks=()
if [ ${#names[@]} = 0 ]; then
	notebooks=("$here"/*.ipynb)
else
	for n in "${names[@]}"; do
		nb="$here/$(basename "$n")"
		[ -f "$nb" ] || { echo "run.sh: no notebook $n in $here" >&2; exit 2; }
		notebooks+=("$nb")
	done
fi

echo "== notebooks${quick:+ (quick)}${jobs:+, $jobs at a time}"
out="$repo/out/notebooks/executed"
mkdir -p "$out"

# execute NOTEBOOK runs one notebook into $out and prints one line on how it
# went (the failing cell too); its exit status is the notebook's.
execute() {
	local nb=$1 name start
	name=$(basename "$nb")
	rm -f "$out/$name" "$out/$name.fail"
	start=$(date +%s)
	if jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=1200 \
		--output-dir "$out" "$nb" >"$out/$name.log" 2>&1; then
		echo "ok    $name ($(($(date +%s) - start)) s)"
	else
		{
			echo "FAIL  $name ($(($(date +%s) - start)) s); the failing cell:"
			sed -n '/CellExecutionError/,$p' "$out/$name.log" | head -n 60
		} >"$out/$name.fail"
		cat "$out/$name.fail"
		return 1
	fi
}

if [ "${jobs:-1}" -gt 1 ]; then
	# The Python notebooks first: each runs on one core, so two of them
	# share the machine well; the Go ones follow, their builds on two cores.
	python=() other=()
	for nb in "${notebooks[@]}"; do
		if grep -q '"name": "python3"' "$nb"; then python+=("$nb"); else other+=("$nb"); fi
	done
	notebooks=("${python[@]}" "${other[@]}")
fi

status=0
running=0
for nb in "${notebooks[@]}"; do
	if [ "${jobs:-1}" -le 1 ]; then
		execute "$nb" || status=1
		continue
	fi
	if [ $running -ge "$jobs" ]; then
		wait -n || status=1
		running=$((running - 1))
	fi
	execute "$nb" &
	running=$((running + 1))
done
while [ $running -gt 0 ]; do
	wait -n || status=1
	running=$((running - 1))
done
if [ -n "$update" ]; then
	if [ $status != 0 ]; then
		echo "run.sh: a notebook failed; the committed notebooks are left as they are" >&2
		exit $status
	fi
	for nb in "${notebooks[@]}"; do
		name=$(basename "$nb")
		# Beside the notebook, then renamed over it.
		cp "$out/$name" "$nb.tmp" && mv "$nb.tmp" "$nb"
		echo "updated notebooks/$name ($(wc -c <"$nb") bytes)"
	done
fi
exit $status
