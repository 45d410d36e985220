#!/usr/bin/env bash
# A live run of a description rithmocheck writes, in Ludii, recorded (issue 34):
#
#   engines/ludii/run-generated.sh KIND LUDII [--build DIR]
#
# KIND is 1, 2 or 3; LUDII a Ludii you have, as prepare.sh takes it (ENGINE.md: a checkout of its
# sources, compiled once outside this repository, or a class path). The script writes the kind's description
# (rithmocheck ruleset --kind KIND --format ludii), compiles the adapter against Ludii (prepare.sh), runs
# the kind's conformance cases through it in one process (record.py: the protocol's cases, one a line,
# each answer classed against the kind itself as `rithmocheck conformance --profile` classes it) and
# records the run in rithmocheck/conformance/runs/ludii-kind-KIND.json with the Ludii version, the pinned
# commit and the SHA-256 of the description; engines/ludii/reasons.yaml gives the reason of every case
# that does not pass (record.py refuses a run with a case it does not explain). RUN_DEADLINE (seconds,
# default 36000) bounds the whole run. One process, because Ludii compiles the description once for
# each set of options (10 to 40 s on a busy machine), not once a case.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
kind="${1:?usage: engines/ludii/run-generated.sh KIND LUDII [--build DIR]}"
classpath="${2:?usage: engines/ludii/run-generated.sh KIND LUDII [--build DIR]}"
shift 2
build="${XDG_CACHE_HOME:-$HOME/.cache}/rithmocheck/ludii-kind-$kind"
if [ "${1:-}" = "--build" ]; then build="${2:?--build needs a directory}"; fi
case "$kind" in 1|2|3) ;; *) echo "$0: KIND is 1, 2 or 3, not $kind" >&2; exit 2 ;; esac
mkdir -p "$build"
lud="$build/kind-$kind.lud"
rithmocheck ruleset --kind "$kind" --format ludii -o "$lud"
cmd="$("$here/prepare.sh" "$classpath" --build "$build/adapter" --game "$lud" 2> "$build/prepare.log")" \
  || { cat "$build/prepare.log" >&2; exit 2; }
version="$(sed -n 's/.*: Ludii \([0-9.]*\)$/\1/p' "$build/prepare.log" | tail -1)"
out="$root/rithmocheck/conformance/runs/ludii-kind-$kind.json"
tmp="$(mktemp "$out.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
python3 "$here/record.py" --kind "$kind" --engine "$cmd" --deadline "${RUN_DEADLINE:-36000}" --description "$lud" \
  --ludii "$version" > "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "recorded $out" >&2
