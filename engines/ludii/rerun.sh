#!/usr/bin/env bash
# Every recorded run in Ludii again, from a Ludii you have (issue 34):
#
#   engines/ludii/rerun.sh LUDII
#
# LUDII is a checkout of Ludii's sources (PadLex/Ludii or Ludeme/Ludii at the pinned commit, ENGINE.md),
# which prepare.sh compiles once outside this repository, or a class path (Ludii's jar, or a build of your
# own). In order:
#
# 1. Ludii's own Rithmomachia on every conformance case, classed under its profile engine/ludii
#    (engines/run.sh ludii LUDII: rithmocheck/conformance/runs/ludii.json);
# 2. for each kind, the description rithmocheck writes, run on the kind's cases (run-generated.sh:
#    runs/ludii-kind-K.json);
# 3. for each kind, the perft to depth 2 and 1,000 random plies checked against the reference engine
#    (tools/ludii_check.py: engines/ludii/checks/kind-K.json).
#
# Then `python tools/reclassify_runs.py --check` and `rithmocheck build`. Each step is bounded:
# RUN_TIMEOUT (seconds a case, default 300) for step 1, RUN_DEADLINE (seconds a kind, default 7200) for
# step 2, CHECK_TIMEOUT (seconds a Ludii run, default 3600) for step 3. Exit 0 when everything was
# recorded and the checks found no disagreement, 1 when a check found one (it is recorded, with its
# position), 2 or more when a step failed (what it had recorded before stands).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
ludii="${1:?usage: engines/ludii/rerun.sh LUDII (a checkout of Ludii, or its class path)}"
status=0

echo "== Ludii's own Rithmomachia, under engine/ludii" >&2
RUN_TIMEOUT="${RUN_TIMEOUT:-300}" "$root/engines/run.sh" ludii "$ludii"

for kind in 1 2 3; do
  echo "== the description of kind $kind, on its cases" >&2
  RUN_DEADLINE="${RUN_DEADLINE:-7200}" "$here/run-generated.sh" "$kind" "$ludii"
done

mkdir -p "$here/checks"
for kind in 1 2 3; do
  echo "== kind $kind: perft and 1,000 random plies checked" >&2
  set +e
  python3 "$root/tools/ludii_check.py" "$ludii" --kind "$kind" --plies 1000 --depth 2 \
    --timeout "${CHECK_TIMEOUT:-3600}" -o "$here/checks/kind-$kind.json"
  rc=$?
  set -e
  if [ "$rc" -gt 1 ]; then exit "$rc"; fi
  if [ "$rc" -eq 1 ]; then status=1; fi
done
exit "$status"
