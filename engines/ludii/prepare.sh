#!/usr/bin/env bash
# Compile our adapter against a Ludii you have, and print the command that runs it
# (for `rithmocheck conformance --engine "$(engines/ludii/prepare.sh LUDII)"`).
#
#   engines/ludii/prepare.sh LUDII [--build DIR] [ADAPTER ARGUMENTS...]
#
# LUDII      a Ludii you have, either
#            * a CHECKOUT of Ludii's sources (Ludeme/Ludii, or the fork PadLex/Ludii at the pinned commit
#              93ed32184: a directory holding Common/src, Language/src, Core/src, Common/lib and
#              Common/res): its modules Common, Language and Core are compiled here, once, with one
#              `javac -parameters` call against Common/lib/Trove4j_ApacheCommonsRNG.jar (about 1,500
#              files; 30 s to 3 minutes), into LUDII_BUILD (default ${XDG_CACHE_HOME:-~/.cache}/rithmocheck/
#              ludii-build), a directory for each state of the sources, reused while they are unchanged;
#              the class path is then those classes, the jar and the checkout's Common/res; or
#            * a CLASSPATH: Ludii's released jar (Ludii-1.3.12.jar from https://ludii.games/download.php),
#              or the classes and resource directories of a build of your own, joined by ':' (ENGINE.md).
#            Ludii's sources and its .lud files stay where they are, unchanged; the build is the user's
#            own, on the user's machine, outside this repository (Ludii is CC BY-NC-ND 4.0: nothing of it
#            is kept here).
# --build    where the adapter's classes go (default: ${XDG_CACHE_HOME:-~/.cache}/rithmocheck/ludii-adapter)
# ADAPTER ARGUMENTS  passed to the adapter in the command printed: --game FILE (a description written by
#            `rithmocheck ruleset --format ludii`) or --game NAME (a game of Ludii's; default
#            Rithmomachia), --option CATEGORY/ITEM, --deadline SECONDS (ENGINE.md).
#
# Only the command line goes to stdout; javac's messages and Ludii's version go to stderr.
# JAVA_HOME (if set) chooses the JDK (8 or later; the recorded runs used 17); otherwise javac and java
# from PATH. LUDII_BUILD_TIMEOUT (seconds, default 1800) bounds the build of a checkout.
set -euo pipefail

PINNED_VERSION=1.3.12   # the Ludii of the recorded runs: PadLex/Ludii 93ed32184 (ENGINE.md)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ $# -lt 1 ]; then
  echo "usage: $0 CHECKOUT|CLASSPATH [--build DIR] [--game FILE|NAME] [--option CATEGORY/ITEM]... [--deadline S]" >&2
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

if [ -n "${JAVA_HOME:-}" ]; then
  javac="$JAVA_HOME/bin/javac"
  java="$JAVA_HOME/bin/java"
else
  javac=$(command -v javac) || { echo "$0: no javac on PATH (a JDK 8 or later is needed)" >&2; exit 2; }
  javac=$(readlink -f "$javac")
  java="$(dirname "$javac")/java"
fi

# a checkout of Ludii's sources: Common, Language and Core compiled once for each state of the sources
if [ -d "$classpath" ] && [ -d "$classpath/Core/src" ]; then
  checkout=$(cd "$classpath" && pwd)
  for d in Common/src Language/src Core/src Common/res/lud Common/res/def; do
    [ -d "$checkout/$d" ] || { echo "$0: $checkout has no $d: not a checkout of Ludii" >&2; exit 2; }
  done
  trove="$checkout/Common/lib/Trove4j_ApacheCommonsRNG.jar"
  [ -f "$trove" ] || { echo "$0: $checkout has no Common/lib/Trove4j_ApacheCommonsRNG.jar" >&2; exit 2; }
  # the state of the sources: each Java file's path, size and time, and the JDK (a changed file, a new build)
  stamp=$( (cd "$checkout" && find Common/src Language/src Core/src -name '*.java' -printf '%p %s %T@\n' | LC_ALL=C sort
            sha256sum "$trove"; "$javac" -version 2>&1) | sha256sum | cut -c1-16)
  store=${LUDII_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/rithmocheck/ludii-build}
  ludii="$store/$stamp"
  if [ ! -f "$ludii/built" ]; then
    mkdir -p "$store"
    work=$(mktemp -d "$store/.build.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    (cd "$checkout" && find Common/src Language/src Core/src -name '*.java' | LC_ALL=C sort) > "$work/sources.txt"
    mkdir -p "$work/classes"
    echo "$0: compiling Ludii's Common, Language and Core ($(wc -l < "$work/sources.txt") files) from $checkout into $ludii" >&2
    (cd "$checkout" && timeout "${LUDII_BUILD_TIMEOUT:-1800}" "$javac" -parameters -encoding UTF-8 -nowarn \
        -J-Xmx1g -cp "$trove" -d "$work/classes" @"$work/sources.txt") > "$work/javac.log" 2>&1 \
      || { tail -20 "$work/javac.log" >&2; echo "$0: Ludii's sources in $checkout do not compile (above)" >&2; exit 2; }
    echo "$checkout" > "$work/checkout"
    git -C "$checkout" rev-parse HEAD > "$work/commit" 2>/dev/null || true
    touch "$work/built"
    if ! mv -T "$work" "$ludii" 2>/dev/null; then rm -rf "$work"; fi  # another build finished first: its classes stand
    trap - EXIT
  fi
  [ -f "$ludii/built" ] || { echo "$0: no build of Ludii in $ludii" >&2; exit 2; }
  echo "$0: Ludii's classes from $checkout$( [ -s "$ludii/commit" ] && echo " at $(cut -c1-9 "$ludii/commit")") in $ludii" >&2
  classpath="$ludii/classes:$trove:$checkout/Common/res"
fi

# every entry of the class path must exist: a typo is said here, not as a missing class later
IFS=: read -r -a entries <<< "$classpath"
absolute=()
for e in "${entries[@]}"; do
  [ -e "$e" ] || { echo "$0: $e (in the class path) does not exist" >&2; exit 2; }
  absolute+=("$(cd "$(dirname "$e")" && echo "$PWD/$(basename "$e")")")
done
classpath=$(IFS=:; echo "${absolute[*]}")

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
