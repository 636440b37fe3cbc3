#!/usr/bin/env bash
# run.sh: throughput of the urikit CLI against a Node.js loop on the same
# machine, in the same run.
#
# It builds urikit, writes a file of RECORDS lines (default 2,000,000) made
# by repeating the URL lists of the datasets directory into a temporary
# directory (removed at the end), checks on a sample that
# "urikit parse --whatwg --get href" writes what Node's new URL(line).href
# does (it fails when they differ), and then times, ROUNDS times (default
# 3) in turn:
#
#   node href.js                            read lines, new URL(line).href, write lines
#   urikit parse --whatwg --get href -j 1   the same with urikit, one worker (like for like)
#   urikit parse --whatwg --get href -j N   the same with N workers (default one per CPU)
#   urikit normalize -j 1                   RFC 3986 normalization (scheme level)
#   ada driver --href                       ada (C++, inside Node.js) as a filter, like
#                                           its own "adaparse -g href" (bench/ada/driver.cpp)
#
# Each reads the file on standard input and writes to /dev/null. It prints
# each command's fastest round (wall and CPU seconds, records/s) and, for
# the one-worker href row only, the ratio of its records/s to Node's and
# to the ada filter's in those fastest rounds and the medians of the
# per-round ratios (the commands of a round run back to back, so on a
# busy machine they share its load; compare ratios, not absolute times).
# Above 1, urikit is faster. The N-worker row and the normalize row (other
# work than Node's) have no ratio: they are shown for reference.
#
# The ada filter is built at the start from ADA (default:
# ../shared/peers/ada next to the repository) with CXX (default: g++)
# -O3 -march=native; without a compiler or the sources its row is left
# out. Its output is checked against urikit's like Node's.
#
# Environment: RECORDS, ROUNDS, JOBS (N above, default: one per CPU),
# URIKIT_DATASETS (default: ../shared/datasets next to the repository),
# NODE (default: node), ADA, CXX, TMPDIR.
set -euo pipefail

script=run.sh default_records=2000000
source "$(dirname "$0")/common.sh"
shopt -s nullglob
lists=("$datasets"/*.txt)
((${#lists[@]})) || { echo "run.sh: no *.txt URL lists in $datasets" >&2; exit 1; }

build_urikit

ada=${ADA:-$root/../shared/peers/ada}
cxx=${CXX:-g++}
adabin=
if command -v "$cxx" >/dev/null && [ -f "$ada/ada.cpp" ]; then
	echo "building the ada filter (bench/ada/driver.cpp)..."
	if "$cxx" -O3 -march=native -std=c++20 -I "$ada" "$root/bench/ada/driver.cpp" "$ada/ada.cpp" -o "$work/ada"; then
		adabin=$work/ada
	fi
fi
[ -n "$adabin" ] || echo "no ada filter ($cxx or $ada/ada.cpp missing, or the build failed): its row is left out"

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
	echo "run.sh: urikit and node write different hrefs, so the timings would not compare the same work:" >&2
	diff "$work/node.out" "$work/urikit.out" | head -n 10 >&2
	exit 1
fi
if [ -n "$adabin" ]; then
	"$adabin" --href <"$work/sample.txt" >"$work/ada.out" 2>/dev/null || true
	if ! cmp -s "$work/ada.out" "$work/urikit.out"; then
		echo "run.sh: urikit and ada write different hrefs:" >&2
		diff "$work/ada.out" "$work/urikit.out" | head -n 10 >&2
		exit 1
	fi
	echo "  same output as ada"
fi
rm -f "$work/sample.txt" "$work/node.out" "$work/urikit.out" "$work/ada.out"

names=(node href hrefN normalize)
cmds=(
	"$node $here/href.js"
	"$urikit parse --whatwg --get href -j 1"
	"$urikit parse --whatwg --get href -j $jobs"
	"$urikit normalize -j 1"
)
if [ -n "$adabin" ]; then
	names+=(ada)
	cmds+=("$adabin --href")
fi
results=$work/results
: >"$results"
for ((r = 1; r <= rounds; r++)); do
	for i in "${!names[@]}"; do
		# shellcheck disable=SC2086 # a command is its words
		time_command "$r" "${names[$i]}" ${cmds[$i]}
	done
done

echo
echo "$records records, $rounds rounds, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best: the fastest round of each command; median: of the per-round ratios"
echo "(each round runs the commands back to back, so its ratios share the load)."
awk -v n="$records" -v node_label="node href.js" -v href_label="urikit parse --whatwg --get href -j 1" -v hrefn_label="urikit parse --whatwg --get href -j $jobs" -v norm_label="urikit normalize -j 1" -v ada_label="ada driver --href" "$awk_median"'
{ wall[$1, $2] = $3; cpu[$1, $2] = $4; if ($1 > rounds) rounds = $1
  if (!(($2) in best) || $3 < best[$2]) { best[$2] = $3; bestcpu[$2] = $4 } }
END {
	label["node"] = node_label; label["href"] = href_label; label["hrefN"] = hrefn_label; label["normalize"] = norm_label; label["ada"] = ada_label
	printf "%-42s %8s %8s %12s %9s %9s %9s %9s\n", "command", "wall-s", "cpu-s", "records/s", "vs-node", "median", "vs-ada", "median"
	split("node href hrefN normalize ada", order, " ")
	for (o = 1; o <= 5; o++) {
		name = order[o]
		if (!(name in best)) continue
		if (name != "href") {
			printf "%-42s %8.2f %8.2f %12.0f %9s %9s %9s %9s\n", label[name], best[name], bestcpu[name], n / best[name], "-", "-", "-", "-"
			continue
		}
		for (r = 1; r <= rounds; r++) ratio[r] = wall[r, "node"] / wall[r, name]
		vsada = "-"; madar = "-"
		if ("ada" in best) {
			for (r = 1; r <= rounds; r++) aratio[r] = wall[r, "ada"] / wall[r, name]
			vsada = sprintf("%.2fx", best["ada"] / best[name]); madar = sprintf("%.2fx", median(aratio, rounds))
		}
		printf "%-42s %8.2f %8.2f %12.0f %8.2fx %8.2fx %9s %9s\n", label[name], best[name], bestcpu[name], n / best[name], best["node"] / best[name], median(ratio, rounds), vsada, madar
	}
}' "$results"
