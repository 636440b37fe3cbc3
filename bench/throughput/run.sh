#!/usr/bin/env bash
# run.sh: throughput of the urikit CLI against a Node.js loop on the same
# machine, in the same run.
#
# It builds urikit, writes a file of RECORDS lines (default 5,000,000) made
# by repeating the URL lists of the datasets directory into a temporary
# directory (removed at the end), checks on a sample that
# "urikit parse --whatwg --get href" writes what Node's new URL(line).href
# does, and then times, ROUNDS times (default 3) in turn:
#
#   node href.js                          read lines, new URL(line).href, write lines
#   urikit parse --whatwg --get href      the same with urikit
#   urikit normalize                      RFC 3986 normalization (scheme level)
#
# Each reads the file on standard input and writes to /dev/null. It prints
# the best wall time of each, records/s, CPU seconds (user+sys) and the
# ratios of urikit's records/s to Node's.
#
# Environment: RECORDS, ROUNDS, JOBS (urikit -j, default: one per CPU),
# URIKIT_DATASETS (default: ../shared/datasets next to the repository),
# NODE (default: node), TMPDIR.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
datasets=${URIKIT_DATASETS:-$root/../shared/datasets}
records=${RECORDS:-5000000}
rounds=${ROUNDS:-3}
node=${NODE:-node}
jobs=()
if [[ -n "${JOBS:-}" ]]; then jobs=(-j "$JOBS"); fi

command -v "$node" >/dev/null || { echo "run.sh: $node not found" >&2; exit 1; }
shopt -s nullglob
lists=("$datasets"/*.txt)
((${#lists[@]})) || { echo "run.sh: no *.txt URL lists in $datasets" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/urikit-throughput.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "building urikit..."
(cd "$root" && go build -o "$work/urikit" ./cmd/urikit)
urikit=$work/urikit

echo "generating $records records from ${lists[*]##*/}..."
# awk 1 ends every file's last line with a newline.
input=$work/urls.txt
per=$(awk 1 "${lists[@]}" | wc -l)
for ((i = 0; i < (records + per - 1) / per; i++)); do awk 1 "${lists[@]}"; done | head -n "$records" >"$input" || true
bytes=$(wc -c <"$input")
echo "input: $(wc -l <"$input") lines, $bytes bytes"

echo "checking that urikit and node agree on the first 100000 records..."
head -n 100000 "$input" >"$work/sample.txt"
"$node" "$here/href.js" <"$work/sample.txt" >"$work/node.out" 2>/dev/null || true
"$urikit" parse --whatwg --get href <"$work/sample.txt" >"$work/urikit.out" 2>/dev/null || true
if cmp -s "$work/node.out" "$work/urikit.out"; then
	echo "  same output"
else
	echo "  outputs differ:"
	diff "$work/node.out" "$work/urikit.out" | head -n 10
fi
rm -f "$work/sample.txt" "$work/node.out" "$work/urikit.out"

names=(node href normalize)
cmds=(
	"$node $here/href.js"
	"$urikit parse --whatwg --get href ${jobs[*]:-}"
	"$urikit normalize ${jobs[*]:-}"
)
declare -A best cpu
TIMEFORMAT='%R %U %S'
for ((r = 1; r <= rounds; r++)); do
	for i in "${!names[@]}"; do
		name=${names[$i]}
		# A record that is not a URL makes the exit status 1: expected.
		{ time ${cmds[$i]} <"$input" >/dev/null 2>"$work/stderr" || true; } 2>"$work/time"
		read -r real user sys <"$work/time"
		echo "  round $r: $name: ${real} s wall, $(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}') s CPU"
		if [[ -z "${best[$name]:-}" ]] || awk -v a="$real" -v b="${best[$name]}" 'BEGIN{exit !(a<b)}'; then
			best[$name]=$real
			cpu[$name]=$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')
		fi
	done
done

echo
echo "best of $rounds rounds, $records records, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg):"
printf '%-34s %9s %9s %14s %8s\n' command wall-s cpu-s records/s vs-node
for i in "${!names[@]}"; do
	name=${names[$i]}
	awk -v n="$records" -v t="${best[$name]}" -v c="${cpu[$name]}" -v nt="${best[node]}" -v label="${cmds[$i]##*/}" \
		'BEGIN{printf "%-34s %9.2f %9.2f %14.0f %7.2fx\n", substr(label,1,34), t, c, n/t, nt/t}'
done
