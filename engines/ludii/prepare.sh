#!/usr/bin/env bash
# Compile our adapter against a Ludii you already have, and print the command that runs it
# (for `rithmocheck conformance --engine "$(engines/ludii/prepare.sh CLASSPATH)"`).
#
#   engines/ludii/prepare.sh CLASSPATH [--build DIR] [ADAPTER ARGUMENTS...]
#
# CLASSPATH  where Ludii is: its released jar (Ludii-1.3.12.jar from https://ludii.games/download.php),
#            or the classes and resource directories of a build of your own, joined by ':' (see
#            ENGINE.md: CLASSES:Common/lib/Trove4j_ApacheCommonsRNG.jar:Common/res). Ludii's code and
#            its .lud files stay where they are: nothing of Ludii is built, copied or changed here.
# --build    where the adapter's classes go (default: ${XDG_CACHE_HOME:-~/.cache}/rithmocheck/ludii-adapter)
# ADAPTER ARGUMENTS  passed to the adapter in the command printed: --game FILE (a description written by
#            `rithmocheck ruleset --format ludii`) or --game NAME (a game of Ludii's; default
#            Rithmomachia), --option CATEGORY/ITEM, --deadline SECONDS (ENGINE.md).
#
# Only the command line goes to stdout; javac's messages and Ludii's version go to stderr.
# JAVA_HOME (if set) chooses the JDK (8 or later; the recorded runs used 17); otherwise javac and java
# from PATH.
set -euo pipefail

PINNED_VERSION=1.3.12   # the Ludii of the recorded runs: PadLex/Ludii 93ed32184 (ENGINE.md)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ $# -lt 1 ]; then
  echo "usage: $0 CLASSPATH [--build DIR] [--game FILE|NAME] [--option CATEGORY/ITEM]... [--deadline S]" >&2
  exit 2
fi
classpath=$1
shift
build=${XDG_CACHE_HOME:-$HOME/.cache}/rithmocheck/ludii-adapter
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=${2:?--build needs a directory}; shift 2 ;;
    --game) args+=(--game "$(if [ -f "$2" ]; then cd "$(dirname "$2")" && echo "$PWD/$(basename "$2")"; else echo "$2"; fi)"); shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
case " ${args[*]-} " in *" --game "*) ;; *) args+=(--game Rithmomachia) ;; esac

# every entry of the class path must exist: a typo is said here, not as a missing class later
IFS=: read -r -a entries <<< "$classpath"
absolute=()
for e in "${entries[@]}"; do
  [ -e "$e" ] || { echo "$0: $e (in the class path) does not exist" >&2; exit 2; }
  absolute+=("$(cd "$(dirname "$e")" && echo "$PWD/$(basename "$e")")")
done
classpath=$(IFS=:; echo "${absolute[*]}")

if [ -n "${JAVA_HOME:-}" ]; then
  javac="$JAVA_HOME/bin/javac"
  java="$JAVA_HOME/bin/java"
else
  javac=$(command -v javac) || { echo "$0: no javac on PATH (a JDK 8 or later is needed)" >&2; exit 2; }
  javac=$(readlink -f "$javac")
  java="$(dirname "$javac")/java"
fi

mkdir -p "$build"
build=$(cd "$build" && pwd)
rm -rf "$build/classes"
mkdir -p "$build/classes"
"$javac" -encoding UTF-8 -nowarn -cp "$classpath" -d "$build/classes" \
  "$here/Adapter.java" "$here/LudiiOwn.java" "$here/../common/Json.java" >&2 \
  || { echo "$0: the adapter does not compile against $classpath: is it Ludii's jar, or its classes?" >&2; exit 2; }

# Ludii is there, with its resources, and its version is said
version=$("$java" -cp "$classpath:$build/classes" Adapter --check) \
  || { echo "$0: Ludii does not load from $classpath (the classes, Trove4j and the resources res/ are needed)" >&2; exit 2; }
echo "$0: Ludii $version" >&2
if [ "$version" != "$PINNED_VERSION" ]; then
  echo "$0: warning: Ludii $version, not $PINNED_VERSION, the version of the recorded runs" >&2
fi

cmd=()
for w in "$java" -Xss16m -Xmx2g -cp "$classpath:$build/classes" Adapter "${args[@]}"; do cmd+=("$(printf '%q' "$w")"); done
echo "${cmd[*]}"
