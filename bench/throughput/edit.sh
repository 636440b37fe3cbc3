#!/usr/bin/env bash
# edit.sh: throughput of "urikit edit --delete 'query=utm_*' --set
# scheme=https" against edit.js, a Node.js loop doing the same with URL and
# URLSearchParams, on the same machine, in the same run (issue 18).
#
# It builds urikit and writes a file of RECORDS lines (default 1,000,000)
# from the http(s) links of kasztp.txt in the datasets directory: every
# second line without a query or fragment gets tracking parameters
# appended ("?utm_source=newsletter&id=N&utm_medium=email&utm_campaign=spring"),
# so that about half the records have pairs to delete. It checks that both
# write the same output on the first 100,000 records (it prints how many
# lines differ: URLSearchParams re-encodes the whole query of a URL it
# edits, urikit keeps the pairs it does not delete byte for byte), then
# times, ROUNDS times (default 3) in turn:
#
#   node edit.js                    read lines, URL + URLSearchParams, write lines
#   urikit edit ... -j 1            the same with urikit, one worker (like for like)
#   urikit edit ... -j N            the same with N workers (default one per CPU)
#
# Each reads the file on standard input and writes to /dev/null. It prints
# each command's fastest round (wall and CPU seconds, records/s), the ratio
# of the one-worker row's records/s to Node's in the fastest rounds, the
# median of the per-round wall ratios, and the ratio of CPU seconds (which
# a busy machine disturbs least).
#
# Environment: RECORDS, ROUNDS, JOBS, URIKIT_DATASETS (default:
# ../shared/datasets next to the repository), NODE (default: node), TMPDIR.
set -euo pipefail

script=edit.sh default_records=1000000
source "$(dirname "$0")/common.sh"
links=$datasets/kasztp.txt
[[ -r $links ]] || { echo "edit.sh: no $links" >&2; exit 1; }

build_urikit

echo "generating $records records from ${links##*/}..."
# The byte order mark of the file's first line goes; awk 1 ends the last
# line with a newline.
sed '1s/^\xEF\xBB\xBF//' "$links" | awk 1 |
	awk '{ if (NR % 2 == 0 && index($0, "?") == 0 && index($0, "#") == 0) print $0 "?utm_source=newsletter&id=" NR "&utm_medium=email&utm_campaign=spring"; else print }' >"$work/base.txt"
per=$(wc -l <"$work/base.txt")
input=$work/urls.txt
for ((i = 0; i < (records + per - 1) / per; i++)); do cat "$work/base.txt"; done | head -n "$records" >"$input" || true
echo "input: $(wc -l <"$input") lines, $(wc -c <"$input") bytes, $(grep -c 'utm_' "$input") with utm_ parameters"

edit=(edit --delete 'query=utm_*' --set scheme=https)
echo "comparing the outputs on the first 100000 records..."
head -n 100000 "$input" >"$work/sample.txt"
"$node" "$here/edit.js" <"$work/sample.txt" >"$work/node.out" 2>/dev/null || true
"$urikit" "${edit[@]}" <"$work/sample.txt" >"$work/urikit.out" 2>/dev/null || true
echo "  $(diff "$work/node.out" "$work/urikit.out" | grep -c '^<' || true) of 100000 lines differ"
rm -f "$work/sample.txt" "$work/node.out" "$work/urikit.out"

names=(node edit editN)
results=$work/results
: >"$results"
for ((r = 1; r <= rounds; r++)); do
	for name in "${names[@]}"; do
		case $name in
		node) cmd=("$node" "$here/edit.js") ;;
		edit) cmd=("$urikit" "${edit[@]}" -j 1) ;;
		editN) cmd=("$urikit" "${edit[@]}" -j "$jobs") ;;
		esac
		time_command "$r" "$name" "${cmd[@]}"
	done
done

echo
echo "$records records, $rounds rounds, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v n="$records" -v jobs="$jobs" "$awk_median"'
{ wall[$1, $2] = $3; cpu[$1, $2] = $4; if ($1 > rounds) rounds = $1
  if (!(($2) in best) || $3 < best[$2]) { best[$2] = $3; bestcpu[$2] = $4 } }
END {
	label["node"] = "node edit.js"; label["edit"] = "urikit edit -j 1"; label["editN"] = "urikit edit -j " jobs
	printf "%-22s %8s %8s %12s %9s %9s %9s\n", "command", "wall-s", "cpu-s", "records/s", "vs-node", "median", "cpu-ratio"
	split("node edit editN", order, " ")
	for (o = 1; o <= 3; o++) {
		name = order[o]
		if (name != "edit") {
			printf "%-22s %8.2f %8.2f %12.0f %9s %9s %9s\n", label[name], best[name], bestcpu[name], n / best[name], "-", "-", "-"
			continue
		}
		for (r = 1; r <= rounds; r++) ratio[r] = wall[r, "node"] / wall[r, name]
		printf "%-22s %8.2f %8.2f %12.0f %8.2fx %8.2fx %8.2fx\n", label[name], best[name], bestcpu[name], n / best[name], best["node"] / best[name], median(ratio, rounds), bestcpu["node"] / bestcpu[name]
	}
}' "$results"
