#!/usr/bin/env bash
# Build tronicek/Rithmomachia's rules engine (main sources only) and our adapter, and print the
# command that runs the adapter (for `rithmocheck conformance --engine "$(engines/tronicek/prepare.sh CHECKOUT)"`).
#
#   engines/tronicek/prepare.sh CHECKOUT [BUILD_DIR]
#
# CHECKOUT  a checkout of https://github.com/tronicek/Rithmomachia at the pinned commit
# BUILD_DIR where the classes go (default: CHECKOUT/rithmocheck-build); nothing else is written,
#           and no file of the checkout is changed.
#
# The engine is src/main/java/rithmomachia/*.java. Its pom.xml asks for Java 23, but the sources
# compile with `javac --release 17` except Minimax.java, which calls List.getFirst() (a Java 21
# API, Minimax.java 20, 50, 56); nothing else refers to Minimax (the engine's AI), so it is left
# out of the build. No source is changed. The REST service ("jakarta connection/") and the web UI
# are not part of the rules engine and are not built.
# JAVA_HOME (if set) chooses the JDK; otherwise javac and java from PATH (JDK 17 or later).
#
# Only the command line goes to stdout; javac's messages go to stderr.
set -euo pipefail

PINNED=666198aa0c43e42146e42871c673bb332d8fa496
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 CHECKOUT [BUILD_DIR]" >&2
  exit 2
fi
checkout=$(cd "$1" && pwd)
src="$checkout/src/main/java/rithmomachia"
if [ ! -f "$src/Board.java" ]; then
  echo "$0: $checkout is not a checkout of tronicek/Rithmomachia (no $src/Board.java)" >&2
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

rm -rf "$build/engine" "$build/adapter"
mkdir -p "$build/engine" "$build/adapter"
find "$src" -maxdepth 1 -name '*.java' ! -name Minimax.java | sort > "$build/engine-sources.txt"
"$javac" --release 17 -nowarn -encoding UTF-8 -d "$build/engine" @"$build/engine-sources.txt" >&2
"$javac" --release 17 -encoding UTF-8 -cp "$build/engine" -d "$build/adapter" "$here/Adapter.java" "$here/../common/Json.java" >&2

cmd=()
for w in "$java" -cp "$build/engine:$build/adapter" Adapter; do cmd+=("$(printf '%q' "$w")"); done
echo "${cmd[*]}"
