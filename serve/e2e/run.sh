#!/usr/bin/env bash
# End-to-end browser test of "urikit serve": installs what is missing
# (Debian's chromium, node and npm, the npm packages of package-lock.json),
# builds urikit (with and without its in-browser engine) and the static
# site of "urikit playground", and runs test.mjs with node's test runner. Screenshots go
# to $URIKIT_E2E_OUT (default serve/e2e/out). Works as root without a TTY,
# as CI runs it; elsewhere it uses sudo -n for apt-get.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export URIKIT_E2E_OUT="${URIKIT_E2E_OUT:-$here/out}"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi
}
apt_install() {
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

echo "== e2e: browser test of urikit serve"
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt_install "${missing[@]}"
fi
"$CHROMIUM" --version 2>/dev/null

cd "$here"
# npm ci when node_modules lacks the locked playwright-core.
if ! node -e 'const lock = require("./package-lock.json").packages["node_modules/playwright-core"];
  process.exit(require("./node_modules/playwright-core/package.json").version === lock.version ? 0 : 1)' 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
fi

tmp="$(mktemp -d)"
engine="$root/serve/static/engine"
saved=""
restore() {
  # Put back an engine that "go generate ./serve" had made before; remove
  # the one this script made.
  rm -f "$engine/urikit.wasm" "$engine/urikit.wasm.gz" "$engine/wasm_exec.js"
  if [ -n "$saved" ]; then mv "$saved"/* "$engine/"; fi
  rm -rf "$tmp"
}
trap restore EXIT
if [ -f "$engine/urikit.wasm" ]; then
  saved="$tmp/saved"
  mkdir -p "$saved"
  mv "$engine/urikit.wasm" "$engine/wasm_exec.js" "$saved/"
  if [ -f "$engine/urikit.wasm.gz" ]; then mv "$engine/urikit.wasm.gz" "$saved/"; fi
fi
cd "$root"
# urikit-api: a urikit without the in-browser engine (the page answers
# with the API); urikit: one with it embedded (go generate ./serve).
go build -o "$tmp/urikit-api" ./cmd/urikit
go generate ./serve
go build -o "$tmp/urikit" ./cmd/urikit
# The static site, served by a plain file server in the test.
"$tmp/urikit" playground --out "$tmp/site"
wasm="$tmp/site/engine/urikit.wasm"
echo "engine: $(wc -c <"$wasm") bytes, gzip -9 $(gzip -9 -c "$wasm" | wc -c) bytes"
cd "$here"
URIKIT_BIN="$tmp/urikit" URIKIT_API_BIN="$tmp/urikit-api" URIKIT_SITE="$tmp/site" node --test test.mjs
echo "screenshots: $URIKIT_E2E_OUT/*.png"
