#!/usr/bin/env bash
# End-to-end browser test of "urikit serve": installs what is missing
# (Debian's chromium, node and npm, the npm packages of package-lock.json),
# builds urikit, and runs test.mjs with node's test runner. Screenshots go
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
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/urikit" ./cmd/urikit)
URIKIT_BIN="$tmp/urikit" node --test test.mjs
echo "screenshots: $URIKIT_E2E_OUT/playground.png $URIKIT_E2E_OUT/playground-narrow.png"
