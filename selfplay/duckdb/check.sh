#!/usr/bin/env bash
# Checks that DuckDB, an independent parquet reader, reads a selfplay folder
# as one dataset and finds it consistent. Needs Node.js and the package of
# package.json: npm install --prefix selfplay/duckdb --no-audit --no-fund
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if ! command -v node >/dev/null; then
  echo "FAIL duckdb check: node is not installed" >&2
  exit 1
fi
if [ ! -d "$here/node_modules/@duckdb/node-api" ]; then
  echo "FAIL duckdb check: @duckdb/node-api is not installed; run: npm install --prefix selfplay/duckdb --no-audit --no-fund" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/paperio" ./cmd/paperio)
# Two shards written into one folder, then a --resume of the whole run that
# finds nothing left to do and rewrites the manifest: readers must see one
# dataset.
"$tmp/paperio" selfplay --games 150 --chunk 16 --workers 2 --shard 0/2 --quiet --out "$tmp/run"
"$tmp/paperio" selfplay --games 150 --chunk 16 --workers 2 --shard 1/2 --quiet --out "$tmp/run"
"$tmp/paperio" selfplay --games 150 --chunk 16 --workers 2 --resume --quiet --out "$tmp/run"
node "$here/check.mjs" "$tmp/run"
