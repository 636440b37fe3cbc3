# common.sh: what run.sh and edit.sh share. They source it after
# "set -euo pipefail", with script set to their name and default_records
# to their default RECORDS. It reads the environment (RECORDS, ROUNDS,
# JOBS, URIKIT_DATASETS, NODE) and checks that Node.js is there;
# build_urikit makes the work directory (under TMPDIR, removed at exit)
# and builds urikit into it; time_command times one command of a round;
# awk_median is the awk function the reports take medians with.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
datasets=${URIKIT_DATASETS:-$root/../shared/datasets}
records=${RECORDS:-$default_records}
rounds=${ROUNDS:-3}
node=${NODE:-node}
jobs=${JOBS:-$(nproc)}

command -v "$node" >/dev/null || { echo "$script: $node not found" >&2; exit 1; }

# build_urikit makes the work directory $work and builds $urikit in it.
build_urikit() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/urikit-${script%.sh}.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	echo "building urikit..."
	(cd "$root" && go build -o "$work/urikit" ./cmd/urikit)
	urikit=$work/urikit
}

# time_command ROUND NAME COMMAND...: runs COMMAND with $input on
# standard input and its output thrown away (a record that fails makes
# the exit status 1: expected), appends "ROUND NAME WALL CPU" to $results
# and prints the round's line.
TIMEFORMAT='%R %U %S'
time_command() {
	local r=$1 name=$2 real user sys cpu
	shift 2
	{ time "$@" <"$input" >/dev/null 2>"$work/stderr" || true; } 2>"$work/time"
	read -r real user sys <"$work/time"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')
	echo "$r $name $real $cpu" >>"$results"
	echo "  round $r: $name: $real s wall, $cpu s CPU"
}

# awk_median defines median(a, k): the median of a[1..k] (which it sorts).
awk_median='
function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2
}'
