#!/usr/bin/env bash
# Print the command that runs the rithmocheck conformance adapter for leungwk/games.
#   engines/leungwk/prepare.sh /path/to/checkout [adapter options...]
#   rithmocheck conformance --engine "$(engines/leungwk/prepare.sh /path/to/checkout)"
# The checkout should be at the pinned commit; another commit is run, with a warning on stderr.
set -euo pipefail
PINNED=ff2a6bf1d63e37ce0dc1f9f380b17d7cef7740e4
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -lt 1 ]; then
    echo "usage: $0 /path/to/leungwk-games-checkout [--kind-draughts] [--eruption-counting void-between]" >&2
    echo "  get it: git clone https://github.com/leungwk/games && git -C games checkout $PINNED" >&2
    exit 2
fi
[ -d "$1" ] || { echo "$0: no such directory: $1" >&2; exit 2; }
checkout="$(cd "$1" && pwd)"
shift
if [ ! -f "$checkout/games/rith/rith.py" ]; then
    echo "$0: $checkout has no games/rith/rith.py: not a checkout of leungwk/games" >&2
    exit 2
fi
top="$(git -C "$checkout" rev-parse --show-toplevel 2>/dev/null || true)"
if [ "$top" = "$checkout" ] && head="$(git -C "$checkout" rev-parse HEAD 2>/dev/null)"; then
    if [ "$head" != "$PINNED" ]; then
        echo "$0: warning: $checkout is at $head, not the pinned $PINNED" >&2
    elif [ -n "$(git -C "$checkout" status --porcelain --untracked-files=no -- games 2>/dev/null)" ]; then
        echo "$0: warning: $checkout has local changes under games/" >&2
    fi
else
    echo "$0: warning: $checkout is not a git checkout; cannot check that it is $PINNED" >&2
fi
python="$(command -v python3 || true)"
if [ -z "$python" ]; then
    echo "$0: no python3 on PATH" >&2
    exit 2
fi
printf '%q %q %q' "$python" "$here/adapter.py" "$checkout"
for a in "$@"; do printf ' %q' "$a"; done
printf '\n'
