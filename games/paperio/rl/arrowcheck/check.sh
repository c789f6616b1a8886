#!/usr/bin/env bash
# Checks that the Apache Arrow JavaScript library, an Arrow reader
# independent of the Go one that wrote them, reads `paperio export` files and
# finds every row consistent (check.mjs). Needs Node.js and the package of
# package.json: npm install --prefix games/paperio/rl/arrowcheck --no-audit --no-fund
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
if ! command -v node >/dev/null; then
  echo "FAIL arrow check: node is not installed" >&2
  exit 1
fi
if [ ! -d "$here/node_modules/apache-arrow" ]; then
  echo "FAIL arrow check: apache-arrow is not installed; run: npm install --prefix games/paperio/rl/arrowcheck --no-audit --no-fund" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/paperio" ./cmd/paperio)
"$tmp/paperio" selfplay --games 24 --turns 300 --quiet --out "$tmp/run"
# Every compression, both IPC formats.
"$tmp/paperio" export --data "$tmp/run" --view crop11 --batch 1000 --out "$tmp/crop.arrow"
"$tmp/paperio" export --data "$tmp/run" --view full --batch 777 --compress zstd --out "$tmp/full.arrow"
"$tmp/paperio" export --data "$tmp/run" --view crop11 --batch 500 --compress none --out "$tmp/plain.arrows"
for f in crop.arrow full.arrow plain.arrows; do
  node "$here/check.mjs" "$tmp/$f" "$tmp/run"
done
