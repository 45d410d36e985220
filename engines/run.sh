#!/usr/bin/env bash
# A live run of an engine on the conformance cases, recorded (issue 29):
#
#   engines/run.sh NAME CHECKOUT [ADAPTER OPTIONS...]
#
# NAME is one of the adapters beside this script (dagaz, phalenopsis, tronicek,
# leungwk, wdjoyner, ludii); CHECKOUT a checkout of the engine at the commit its
# ENGINE.md pins. engines/NAME/prepare.sh builds what the adapter needs (never
# inside the checkout's sources) and prints the adapter's command; every case
# runs through it (rithmocheck conformance --engine) and each result is classed
# against the engine's own profile, engine/NAME (pass, reading, departure,
# not-implemented, error). The record is written to
# rithmocheck/conformance/runs/NAME.json (deterministic: the engine's commit
# says when), which the build publishes and the tests hold to the cases and the
# profile. Exit 0 when the run was recorded, whatever its classes. RUN_TIMEOUT
# (seconds, default 20) bounds each case (an engine that loads slowly, as Ludii
# compiling a game, needs more).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
name="${1:?usage: engines/run.sh NAME CHECKOUT [ADAPTER OPTIONS...]}"
checkout="${2:?usage: engines/run.sh NAME CHECKOUT [ADAPTER OPTIONS...]}"
shift 2
[ -x "$here/$name/prepare.sh" ] || { echo "engines/run.sh: no adapter $name (engines/$name/prepare.sh)" >&2; exit 2; }
cmd="$("$here/$name/prepare.sh" "$checkout" "$@")"
out="$root/rithmocheck/conformance/runs/$name.json"
tmp="$(mktemp "$out.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
set +e
rithmocheck conformance --engine "$cmd" --profile "engine/$name" --format json --timeout "${RUN_TIMEOUT:-20}" > "$tmp"
rc=$?
set -e
if [ "$rc" -gt 1 ]; then
  echo "engines/run.sh: the run of $name failed (exit $rc); nothing recorded" >&2
  exit "$rc"
fi
mv "$tmp" "$out"
trap - EXIT
echo "recorded $out" >&2
