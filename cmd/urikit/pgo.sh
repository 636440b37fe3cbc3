#!/usr/bin/env bash
# Regenerates cmd/urikit/default.pgo, the CPU profile that `go build` uses
# for profile-guided optimization of the CLI. Run from anywhere in the
# repository with only Go installed and ../shared/datasets beside the
# repository root (or URIKIT_DATASETS=dir holding *.txt, one URL per line):
#
#   bash cmd/urikit/pgo.sh
#
# It builds a profiling copy of the CLI with -pgo=off and a go build
# -overlay that adds a CPU-profiling hook (nothing in the tree changes),
# runs each bulk workload below over the datasets (concatenated three
# times) for about SECONDS_PER_WORKLOAD seconds of wall time, so each
# weighs about as much in the profile, and merges the profiles.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
datasets="${URIKIT_DATASETS:-$root/../shared/datasets}"
per="${SECONDS_PER_WORKLOAD:-6}"
out="$root/cmd/urikit/default.pgo"

shopt -s nullglob
files=("$datasets"/*.txt)
if [ ${#files[@]} -eq 0 ]; then
  echo "pgo.sh: no datasets in $datasets (set URIKIT_DATASETS)" >&2
  exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/prof"

# The hook: profile from init to the exit status, one file per process.
cat >"$tmp/zz_pgo_hook.go" <<EOF
package main

import (
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
)

var pgoFile *os.File

func init() {
	f, err := os.Create(filepath.Join("$tmp/prof", strconv.Itoa(os.Getpid())+".pprof"))
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		panic(err)
	}
	pgoFile = f
}

func pgoStop(code int) int {
	pprof.StopCPUProfile()
	if err := pgoFile.Close(); err != nil {
		panic(err)
	}
	return code
}
EOF
# Same line count as main.go, so the profile's line offsets stay true.
sed 's/os\.Exit(run(\(.*\)))$/os.Exit(pgoStop(run(\1)))/' cmd/urikit/main.go >"$tmp/main.go"
if ! grep -q 'pgoStop(run(' "$tmp/main.go"; then
  echo "pgo.sh: main() no longer ends in os.Exit(run(...)); update the sed above" >&2
  exit 1
fi
cat >"$tmp/overlay.json" <<EOF
{"Replace": {
  "$root/cmd/urikit/main.go": "$tmp/main.go",
  "$root/cmd/urikit/zz_pgo_hook.go": "$tmp/zz_pgo_hook.go"
}}
EOF
go build -pgo=off -overlay "$tmp/overlay.json" -o "$tmp/urikit" ./cmd/urikit

for _ in 1 2 3; do
  for f in "${files[@]}"; do
    cat "$f"
    [ -z "$(tail -c 1 "$f")" ] || echo
  done
done >"$tmp/urls.txt"
"$tmp/urikit" encode -f "$tmp/urls.txt" >"$tmp/encoded.txt"
rm -f "$tmp"/prof/*

workloads=(
  "normalize -f $tmp/urls.txt"
  "parse --whatwg -f $tmp/urls.txt"
  "parse --whatwg --json -f $tmp/urls.txt"
  "parse -f $tmp/urls.txt"
  "encode -f $tmp/urls.txt"
  "decode -f $tmp/encoded.txt"
  "check -f $tmp/urls.txt"
)
for w in "${workloads[@]}"; do
  start="$EPOCHREALTIME"
  n=0
  while :; do
    # Exit status 1 (some records failed) is expected on real URL lists.
    # shellcheck disable=SC2086
    "$tmp/urikit" $w >/dev/null 2>&1 || [ $? -eq 1 ]
    n=$((n + 1))
    awk -v s="$start" -v e="$EPOCHREALTIME" -v p="$per" 'BEGIN { exit !(e - s < p) }' || break
  done
  echo "pgo.sh: urikit ${w%% -f *}: $n runs" >&2
done

go tool pprof -proto "$tmp"/prof/*.pprof >"$out" 2>/dev/null
echo "pgo.sh: wrote $out ($(wc -c <"$out") bytes)" >&2
