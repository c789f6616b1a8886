#!/usr/bin/env bash
# Executes every notebook in this folder, each with the kernel its metadata
# names (gonb for the Go notebooks, Debian's python3 for rl.ipynb), and fails
# on the first cell that fails. The executed copies, with their outputs, go to
# out/notebooks/executed/ (the notebooks themselves are left as they are).
#
# On a fresh Debian machine with Go it first installs what it needs: Jupyter's
# nbconvert and client from Debian (as root), and gonb, goimports and gopls at
# pinned versions into $PAPERIO_NOTEBOOK_TOOLS/bin (default
# ~/.cache/paperio-notebooks/bin), then registers the gonb kernel with this
# repository in its Go workspace, so that cells can import the project's
# packages. Later runs reuse what is installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
tools=${PAPERIO_NOTEBOOK_TOOLS:-$HOME/.cache/paperio-notebooks}
gonb_version=v0.11.5
goimports_version=v0.52.0 # golang.org/x/tools
gopls_version=v0.23.0

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
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
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
[ -x "$GOBIN/gopls" ] || go install "golang.org/x/tools/gopls@$gopls_version"
gonb --install --go_work="$repo" 2>&1 | tail -n 1

echo "== notebooks"
out="$repo/out/notebooks/executed"
mkdir -p "$out"
status=0
for nb in "$here"/*.ipynb; do
	name=$(basename "$nb")
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
exit $status
