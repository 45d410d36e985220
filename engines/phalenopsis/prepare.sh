#!/usr/bin/env bash
# Build Phalenopsis/rithmo-engine (main sources only) and our adapter, and print the command that
# runs the adapter (for `rithmocheck conformance --engine "$(engines/phalenopsis/prepare.sh CHECKOUT)"`).
#
#   engines/phalenopsis/prepare.sh CHECKOUT [BUILD_DIR]
#
# CHECKOUT  a checkout of https://github.com/Phalenopsis/rithmo-engine at the pinned commit
# BUILD_DIR where the classes go (default: CHECKOUT/rithmocheck-build); nothing else is written,
#           and no file of the checkout is changed.
#
# The engine's main sources use pattern matching in `switch` (capture/CaptureEngine.java 20-23,
# victory/VictoryType.java 9-13), final in Java 21 and a preview feature in Java 17. With a JDK 17
# they are compiled `--release 17 --enable-preview` and the adapter runs with `--enable-preview`
# on that same JDK; with a JDK 21 or later, `--release 21`. No source is changed.
# JAVA_HOME (if set) chooses the JDK; otherwise javac and java from PATH.
#
# Only the command line goes to stdout; javac's messages go to stderr.
set -euo pipefail

PINNED=702980277a32df896cbcbf2697f47cb6d36ca753
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 CHECKOUT [BUILD_DIR]" >&2
  exit 2
fi
checkout=$(cd "$1" && pwd)
src="$checkout/src/main/java"
if [ ! -d "$src/eu/nicosworld/rithmo/engine" ]; then
  echo "$0: $checkout is not a checkout of Phalenopsis/rithmo-engine (no $src/eu/nicosworld/rithmo/engine)" >&2
  exit 2
fi
if head=$(git -C "$checkout" rev-parse HEAD 2>/dev/null); then
  if [ "$head" != "$PINNED" ]; then
    echo "$0: warning: $checkout is at $head, not the pinned $PINNED" >&2
  fi
else
  echo "$0: warning: $checkout is not a git checkout; cannot check it is at $PINNED" >&2
fi
build=${2:-$checkout/rithmocheck-build}
mkdir -p "$build"
build=$(cd "$build" && pwd)

if [ -n "${JAVA_HOME:-}" ]; then
  javac="$JAVA_HOME/bin/javac"
  java="$JAVA_HOME/bin/java"
else
  javac=$(command -v javac) || { echo "$0: no javac on PATH (a JDK 17 or later is needed)" >&2; exit 2; }
  javac=$(readlink -f "$javac")
  java="$(dirname "$javac")/java"
fi
version=$("$javac" -version 2>&1 | awk '{print $2}')
major=${version%%.*}
if [ "$major" = 17 ]; then
  engine_flags=(--release 17 --enable-preview -Xlint:-preview)
  run_flags=(--enable-preview)
elif [ "$major" -ge 21 ] 2>/dev/null; then
  engine_flags=(--release 21)
  run_flags=()
else
  echo "$0: $javac is version $version; a JDK 17 or 21+ is needed" >&2
  exit 2
fi

rm -rf "$build/engine" "$build/adapter"
mkdir -p "$build/engine" "$build/adapter"
find "$src" -name '*.java' | sort > "$build/engine-sources.txt"
"$javac" "${engine_flags[@]}" -nowarn -encoding UTF-8 -d "$build/engine" @"$build/engine-sources.txt" >&2
# The adapter uses nothing of preview, but a class linked against preview classes compiles with the same flags.
"$javac" "${engine_flags[@]}" -encoding UTF-8 -cp "$build/engine" -d "$build/adapter" "$here/Adapter.java" "$here/../common/Json.java" >&2

cmd=()
for w in "$java" ${run_flags[@]+"${run_flags[@]}"} -cp "$build/engine:$build/adapter" Adapter; do cmd+=("$(printf '%q' "$w")"); done
echo "${cmd[*]}"
