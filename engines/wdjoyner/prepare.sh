#!/usr/bin/env bash
# Print the command that runs the rithmocheck conformance adapter for wdjoyner/rithmomachia.
#   engines/wdjoyner/prepare.sh /path/to/checkout
#   rithmocheck conformance --engine "$(engines/wdjoyner/prepare.sh /path/to/checkout)"
# The checkout should be at the pinned commit; another commit is run, with a warning on stderr.
set -euo pipefail
PINNED=b77fe77f67c93a6f7675d445a5cdfdfc303bc547
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -lt 1 ]; then
    echo "usage: $0 /path/to/wdjoyner-rithmomachia-checkout" >&2
    echo "  get it: git clone https://github.com/wdjoyner/rithmomachia && git -C rithmomachia checkout $PINNED" >&2
    exit 2
fi
[ -d "$1" ] || { echo "$0: no such directory: $1" >&2; exit 2; }
checkout="$(cd "$1" && pwd)"
shift
if [ ! -f "$checkout/rithmo.py" ]; then
    echo "$0: $checkout has no rithmo.py: not a checkout of wdjoyner/rithmomachia" >&2
    exit 2
fi
top="$(git -C "$checkout" rev-parse --show-toplevel 2>/dev/null || true)"
if [ "$top" = "$checkout" ] && head="$(git -C "$checkout" rev-parse HEAD 2>/dev/null)"; then
    if [ "$head" != "$PINNED" ]; then
        echo "$0: warning: $checkout is at $head, not the pinned $PINNED" >&2
    elif [ -n "$(git -C "$checkout" status --porcelain --untracked-files=no -- rithmo.py 2>/dev/null)" ]; then
        echo "$0: warning: $checkout has local changes to rithmo.py" >&2
    fi
else
    echo "$0: warning: $checkout is not a git checkout; cannot check that it is $PINNED" >&2
fi
python="$(command -v python3 || true)"
if [ -z "$python" ]; then
    echo "$0: no python3 on PATH" >&2
    exit 2
fi
if ! "$python" -c 'import tkinter' 2>/dev/null; then
    echo "$0: warning: $python has no tkinter, which rithmo.py imports (every case will err)" >&2
fi
printf '%q %q %q' "$python" "$here/adapter.py" "$checkout"
for a in "$@"; do printf ' %q' "$a"; done
printf '\n'
