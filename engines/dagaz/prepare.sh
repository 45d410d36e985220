#!/usr/bin/env bash
# Prepare the Dagaz adapter: check the user's checkout of GlukKazan/Dagaz at the pinned commit,
# install underscore (the one library the engine needs) into a directory of our own, and print
# the command line that runs the adapter, for `rithmocheck conformance --engine "$(...)"`.
#
#   engines/dagaz/prepare.sh /path/to/Dagaz
#
# Everything but the command goes to stderr. Nothing is written into the checkout.
# DAGAZ_DEPS chooses where underscore goes (default: ${XDG_CACHE_HOME:-~/.cache}/rithmocheck/dagaz);
# DAGAZ_ANY_COMMIT=1 accepts engine files that differ from the pinned commit's.
set -euo pipefail

COMMIT=f627962a1dc0747949816bb9be63d4a2c4cb9306
UNDERSCORE=underscore@1.13.8
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

die() { echo "prepare.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: $0 /path/to/Dagaz-checkout (GlukKazan/Dagaz at $COMMIT)"
[ -d "$1" ] || die "no such directory: $1"
CHECKOUT=$(cd "$1" && pwd)

command -v node >/dev/null || die "node is needed (tested with Node 20)"
command -v npm >/dev/null || die "npm is needed to install $UNDERSCORE"
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 18 ] || die "node $major is too old (tested with Node 20)"

# The files the adapter loads, with their git blob ids at the pinned commit: the check reads the
# files themselves, so it works on a clone, a worktree or an unpacked archive alike.
node - "$CHECKOUT" "$COMMIT" <<'EOF' || exit 1
const fs = require('fs'), path = require('path'), crypto = require('crypto');
const [checkout, commit] = process.argv.slice(2);
const pinned = {
  'LICENSE.txt': '43981a91938a180926cc1ede36c63f7503580ed9',
  'src/debug/kernel/dagaz.js': '647ab5dc0aecde9fc983c9c6eccdf697ebcfa5ce',
  'src/debug/kernel/model/zrf-model.js': 'ab2794509f59f1f9dfcae471a8ec4fa153c11f73',
  'src/debug/kernel/model/zobrist.js': 'eba34be0d7f014edb5214d70af977a154f9c3716',
  'src/debug/kernel/model/common-setup-v2.js': '1f3f2fb715e39f54082beefffb991d676cc9de26',
  'src/debug/games/elimination/rithmomachia-goal.js': '29ab6b3008ad31afd7709ae42b6bfabdc637cefc',
  'src/debug/games/elimination/rithmomachia-setup.js': '39e6af93cbd918b78ce17403c62b3887addbe06f',
  'src/debug/games/elimination/rithmomachia-ambush.js': '4f515e593927617693df3223b4e39b30655f1cae',
  'src/debug/games/elimination/rithmomachia-siege.js': '23de896e2512a37ce0f20766263d6d4a98b49dbc',
  'src/debug/games/elimination/rithmomachia-restrictions.js': '8a0225a8c9f82f51455a46623e006c841227836b',
  'src/debug/games/elimination/rithmomachia.js': '53567fa99e9502964bdedba1ea95a37d46576808',
};
const bad = [];
for (const [rel, id] of Object.entries(pinned)) {
  const file = path.join(checkout, rel);
  if (!fs.existsSync(file)) { bad.push(`missing ${rel}`); continue; }
  const data = fs.readFileSync(file);
  const got = crypto.createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex');
  if (got !== id) bad.push(`${rel} differs from commit ${commit.slice(0, 8)} (blob ${got.slice(0, 8)}, pinned ${id.slice(0, 8)})`);
}
if (bad.length) {
  process.stderr.write(`prepare.sh: ${checkout} is not GlukKazan/Dagaz at ${commit}:\n  ${bad.join('\n  ')}\n`);
  if (process.env.DAGAZ_ANY_COMMIT !== '1') process.exit(1);
  process.stderr.write('prepare.sh: going on (DAGAZ_ANY_COMMIT=1)\n');
}
EOF

DEPS=${DAGAZ_DEPS:-${XDG_CACHE_HOME:-$HOME/.cache}/rithmocheck/dagaz}
case "$DEPS" in /*) ;; *) DEPS=$PWD/$DEPS ;; esac
case "$DEPS/" in "$CHECKOUT"/*) die "DAGAZ_DEPS ($DEPS) lies inside the checkout: choose a directory of our own" ;; esac
mkdir -p "$DEPS"
DEPS=$(cd "$DEPS" && pwd)
case "$DEPS/" in "$CHECKOUT"/*) die "DAGAZ_DEPS ($DEPS) lies inside the checkout: choose a directory of our own" ;; esac
want=${UNDERSCORE#underscore@}
have=$(node -p "try { require('$DEPS/node_modules/underscore/package.json').version } catch (e) { '' }")
if [ "$have" != "$want" ]; then
  echo "prepare.sh: installing $UNDERSCORE into $DEPS" >&2
  npm install --prefix "$DEPS" --no-save --no-package-lock --no-audit --no-fund "$UNDERSCORE" >&2 \
    || die "npm install $UNDERSCORE failed"
fi

# the command, quoted for a POSIX shell and for the runner's shlex.split
q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
echo "env NODE_PATH=$(q "$DEPS/node_modules") node $(q "$HERE/adapter.js") $(q "$CHECKOUT")"
