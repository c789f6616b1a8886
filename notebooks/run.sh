#!/usr/bin/env bash
# Executes the notebooks of this folder (all, or those named), each with the
# kernel its metadata names (gonb for the Go notebooks, Debian's python3 for
# rl.ipynb and train.ipynb), and fails on the first cell that fails. The
# executed copies, with their outputs, go to out/notebooks/executed/.
#
#   bash notebooks/run.sh [--quick] [--update] [NAME.ipynb ...]
#
# --quick sets PAPERIO_NOTEBOOK_QUICK=1: the notebooks that play or train for
# minutes do it on a small budget instead, to show that every cell runs and what
# it draws (CI runs them so). --update then copies the executed notebooks over
# the committed ones, whose outputs are what readers see: it runs the full
# budgets, and refuses --quick.
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

quick= update=
names=()
for a in "$@"; do
	case $a in
	--quick) quick=1 ;;
	--update) update=1 ;;
	-*)
		echo "run.sh: unknown option $a; usage: bash notebooks/run.sh [--quick] [--update] [NAME.ipynb ...]" >&2
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

echo "== notebooks${quick:+ (quick)}"
out="$repo/out/notebooks/executed"
mkdir -p "$out"
status=0
for nb in "${notebooks[@]}"; do
	name=$(basename "$nb")
	rm -f "$out/$name"
	start=$(date +%s)
	if jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=1200 \
		--output-dir "$out" "$nb" >"$out/$name.log" 2>&1; then
		echo "ok    $name ($(($(date +%s) - start)) s)"
	else
		echo "FAIL  $name ($(($(date +%s) - start)) s); the failing cell:"
		sed -n '/CellExecutionError/,$p' "$out/$name.log" | head -n 60
		status=1
	fi
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
