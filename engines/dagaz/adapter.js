#!/usr/bin/env node
// rithmocheck conformance adapter for GlukKazan/Dagaz's Rithmomachia
// (protocol rithmocheck-conformance-1, docs/conformance.md; ENGINE.md beside this file).
//
// Usage: node adapter.js /path/to/Dagaz-checkout < case.json
//        (or DAGAZ_CHECKOUT=/path/to/Dagaz-checkout node adapter.js < case.json)
// The checkout is the user's, at commit f627962a1dc0747949816bb9be63d4a2c4cb9306; this file
// holds none of the engine's code: it loads the engine's own scripts from the checkout into a
// Node vm context, as the game's page rithmomachia.htm does, and asks the engine for the moves
// of the case's position. `underscore` (which the engine expects as the global `_`) comes from
// NODE_PATH or DAGAZ_UNDERSCORE (prepare.sh installs it into a directory of its own).
//
// What comes from the engine: whether the move is generated (its legality), which men it takes
// and which kings it reduces (the move's capture and re-type actions), and its goal test. What
// the adapter adds, because the engine does not say it: the manner of each taking and the
// takers, read off the engine's code (ENGINE.md, "Captures"), every inference checked against
// what the engine did (a disagreement is an error of this adapter, exit 1).
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');

const PROTOCOL = 'rithmocheck-conformance-1';
const KERNEL = ['src/debug/kernel/dagaz.js', 'src/debug/kernel/model/zrf-model.js',
  'src/debug/kernel/model/zobrist.js', 'src/debug/kernel/model/common-setup-v2.js'];
const GAME = 'src/debug/games/elimination/';
// the order of rithmomachia.htm (lines 170-175); the view, controller and AI scripts are not rules
const SCRIPTS = ['rithmomachia-goal.js', 'rithmomachia-setup.js', 'rithmomachia-ambush.js',
  'rithmomachia-siege.js', 'rithmomachia-restrictions.js', 'rithmomachia.js'];

// Dagaz's sides: the even host is its White, the odd host its Black. Setup selector 1 puts White
// at the low ranks, so its square names (a1-h16, rank 1 at the bottom) are ours unchanged.
const SELECTOR = 1;
const PLAYER = { even: 'White', odd: 'Black' };
const SIDE = { White: 'even', Black: 'odd' };
const LETTER = { round: 'C', triangle: 'T', square: 'S', pyramid: 'P' };
// each king's layers as the engine's own setup gives them (rithmomachia-setup.js 32-48), with
// the off-board cell each layer's piece stands on (rithmomachia.js, design.setup for selector 1)
const KING_LAYERS = {
  White: { 1: ['C1', 'x6'], 4: ['C4', 'x5'], 9: ['T9', 'x4'], 16: ['T16', 'x3'], 25: ['S25', 'x2'], 36: ['S36', 'x1'] },
  Black: { 16: ['C16', 'y5'], 25: ['T25', 'y4'], 36: ['T36', 'y3'], 49: ['S49', 'y2'], 64: ['S64', 'y1'] },
};
const FULL_KING = { White: [1, 4, 9, 16, 25, 36], Black: [16, 25, 36, 49, 64] };
// the rows of the second kind's k2-cossick-taking table follow power = root ** sign
const COSSICK_SIGNS = [2, 3, 4, 6];

class Unsupported extends Error {}
class AdapterError extends Error {}

function main() {
  const input = JSON.parse(fs.readFileSync(0, 'utf8'));
  if (input.protocol !== PROTOCOL) throw new AdapterError(`unknown protocol ${JSON.stringify(input.protocol)}`);
  const checkout = process.argv[2] || process.env.DAGAZ_CHECKOUT;
  if (!checkout) throw new AdapterError('no Dagaz checkout: give its path as the first argument or in DAGAZ_CHECKOUT');
  let out;
  try {
    refuseUnsupported(input);
    const engine = loadEngine(checkout);
    out = runCase(engine, input);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    out = { unsupported: e.message };
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

// --- what Dagaz has no notion of -----------------------------------------------------------

function refuseUnsupported(input) {
  const kind = input.kind;
  if (input.move && input.move.enter) {
    throw new Unsupported('Dagaz removes the men it takes (ambush.js, siege.js: move.capturePiece): it has no prisoners in hand to enter');
  }
  if (input.agreement) {
    throw new Unsupported(`Dagaz has no common victories by agreement (asked: ${input.agreement.name}); its one fixed goal is in rithmomachia-goal.js`);
  }
  const options = input.options || {};
  if (options['proportion-taking']) throw new Unsupported('Dagaz has no taking by proportion');
  if (options['short-board']) throw new Unsupported('Dagaz has only the 8 x 16 board');
  if (kind === 2) {
    // cossick signs bear on a position where a power and his root stand on opposite sides
    const men = input.position.men.filter(m => m.shape !== 'pyramid');
    for (const a of men) {
      for (const b of men) {
        if (a.side === b.side || a.value < 2) continue;
        if (COSSICK_SIGNS.some(k => a.value ** k === b.value)) {
          throw new Unsupported(`Dagaz has no taking by cossick signs (second kind): ${b.value} on ${b.square} is a power of ${a.value} on ${a.square}`);
        }
      }
    }
  }
}

// --- loading the engine --------------------------------------------------------------------

function requireUnderscore() {
  const where = process.env.DAGAZ_UNDERSCORE;
  try {
    return require(where ? path.resolve(where) : 'underscore');
  } catch (e) {
    throw new AdapterError('cannot load underscore: run prepare.sh and use the command it prints (NODE_PATH), or set DAGAZ_UNDERSCORE');
  }
}

function loadEngine(checkout) {
  const ctx = {
    // the engine reads its URL (selector, setup, turn) and localStorage (a saved setup)
    window: { location: { search: `?selector=${SELECTOR}`, pathname: '/dagaz/rithmomachia.htm' } },
    localStorage: { getItem: () => null, setItem: () => {} },
    _: requireUnderscore(),
    // anything the engine prints goes to stderr (stdout carries the answer only), but for the
    // kernel's notes of the design's settings ("checkVersion: z2j=2")
    console: {
      log: (...a) => { if (!String(a[0]).startsWith('checkVersion')) process.stderr.write(a.join(' ') + '\n'); },
      warn: (...a) => process.stderr.write(a.join(' ') + '\n'),
      error: (...a) => process.stderr.write(a.join(' ') + '\n'),
    },
  };
  vm.createContext(ctx);
  const run = rel => {
    const file = path.join(checkout, rel);
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new AdapterError(`cannot read ${file}: is ${checkout} a checkout of GlukKazan/Dagaz?`);
    }
    vm.runInContext(text, ctx, { filename: file });
  };
  for (const f of KERNEL) run(f);
  // Each game script wraps Dagaz.Model.CheckInvariants; the chain runs restrictions, then siege
  // (obsidion), then ambush (equality, the arithmetic takings, eruption, kings by parts). A
  // marker laid between two scripts records, for every move, how many actions the move had
  // when the inner script began: so each capture is known to come from siege.js or ambush.js.
  const mark = key => {
    const inner = ctx.Dagaz.Model.CheckInvariants;
    ctx.Dagaz.Model.CheckInvariants = function (board) {
      for (const m of board.moves) m[key] = m.actions.length;
      return inner(board);
    };
  };
  for (const s of SCRIPTS) {
    run(GAME + s);
    if (s === 'rithmomachia-ambush.js') mark('__ambushFrom');
    if (s === 'rithmomachia-siege.js') mark('__siegeFrom');
  }
  const Dagaz = ctx.Dagaz;
  Dagaz.Model.InitGame();
  return { ctx, Dagaz, design: Dagaz.Model.design };
}

// --- the position --------------------------------------------------------------------------

function fileOf(sq) { return sq.charCodeAt(0) - 97; }
function rankOf(sq) { return parseInt(sq.slice(1), 10); }
function sqName(f, r) { return (f >= 0 && f < 8 && r >= 1 && r <= 16) ? String.fromCharCode(97 + f) + r : null; }

function setPosition(engine, position) {
  const { ctx, Dagaz, design } = engine;
  const player = side => Dagaz.find(design.playerNames, PLAYER[side]);
  const cells = {}; // square or off-board cell -> [type, player]
  const kings = []; // [square, player, [layer types]]
  const kingOf = {};
  for (const m of position.men) {
    const owner = PLAYER[m.side];
    if (cells[m.square]) throw new AdapterError(`two men on ${m.square}`);
    if (m.shape === 'pyramid') {
      const layers = m.layers || (m.value === 91 && owner === 'White' ? FULL_KING.White
        : m.value === 190 && owner === 'Black' ? FULL_KING.Black : null);
      if (!layers) throw new Unsupported(`a pyramid of ${m.value} without layers on ${m.square}`);
      if (kingOf[owner]) throw new Unsupported(`two kings of the ${m.side} side: Dagaz keeps one king's layer pieces a side`);
      kingOf[owner] = m.square;
      const types = [];
      for (const n of layers) {
        const l = KING_LAYERS[owner][n];
        if (!l) throw new Unsupported(`a layer of ${n} on ${m.square}: Dagaz's ${owner} king has no such layer`);
        types.push(design.getPieceType(l[0]));
        cells[l[1]] = [design.getPieceType(l[0]), player(m.side)]; // the layer's off-board piece
      }
      const sum = layers.reduce((a, b) => a + b, 0);
      const t = design.getPieceType('P' + sum);
      if (t === null || t === undefined) throw new Unsupported(`Dagaz has no pyramid of ${sum} (the layers ${layers.join('.')})`);
      cells[m.square] = [t, player(m.side)];
      kings.push([m.square, player(m.side), types]);
    } else {
      const t = design.getPieceType(LETTER[m.shape] + m.value);
      if (t === null || t === undefined) throw new Unsupported(`Dagaz has no ${m.shape} of ${m.value}`);
      cells[m.square] = [t, player(m.side)];
    }
  }
  // the engine's own position format: one `type:player;` term per position, in its order
  // (a16 .. h1, y1 .. y6, x1 .. x6), then the turn (common-setup-v2.js 215-263)
  const terms = design.positionNames.map(name => (cells[name] ? `${cells[name][0]}:${cells[name][1]}` : '') + ';');
  const turn = position.to_move === 'even' ? 0 : 1;
  ctx.window.location.search = `?selector=${SELECTOR}&setup=${terms.join('')}&turn=${turn}`;
  const board = Dagaz.Model.getInitBoard();
  Dagaz.Model.setup(board);
  // the kings' layers as numbers, as rithmomachia-setup.js sets them for a new game (the setup
  // string's attributes would arrive as strings)
  for (const [sq, owner, types] of kings) {
    let piece = Dagaz.Model.createPiece(cells[sq][0], owner);
    types.forEach((t, i) => { piece = piece.setValue(i, t); });
    board.setPiece(Dagaz.Model.stringToPos(sq, design), piece);
  }
  if (design.playerNames[board.player] !== PLAYER[position.to_move]) {
    throw new AdapterError(`the engine has ${design.playerNames[board.player]} to move, the case ${position.to_move}`);
  }
  for (const m of position.men) {
    const p = board.getPiece(Dagaz.Model.stringToPos(m.square, design));
    if (p === null || design.playerNames[p.player] !== PLAYER[m.side]) throw new AdapterError(`the engine did not set ${m.square}`);
  }
  return board;
}

// --- the engine's men, read through its own design -----------------------------------------

function mkView(engine, board) {
  const { Dagaz, design } = engine;
  const M = Dagaz.Model;
  const pos = sq => M.stringToPos(sq, design);
  const name = p => M.posToString(p, design);
  const price = t => design.price[t];
  const layersOf = piece => {
    const r = [];
    if (!M.isP(piece.type)) return r;
    for (let i = 0; i < 6; i++) {
      const t = piece.getValue(i);
      if (t !== null && t !== undefined) r.push(+t);
    }
    return r;
  };
  const onBoard = sq => sq !== null && /^[a-h]([1-9]|1[0-6])$/.test(sq);
  return { M, design, pos, name, price, layersOf, onBoard };
}

// the shapes a man moves and takes as (ambush.js 14-42): his own, or a pyramid's layers'
function shapes(v, piece) {
  const { M } = v;
  const s = new Set();
  const add = t => { if (M.isC(t)) s.add('C'); else if (M.isT(t)) s.add('T'); else if (M.isS(t)) s.add('S'); };
  if (M.isP(piece.type)) v.layersOf(piece).forEach(add); else add(piece.type);
  return s;
}

// The spaces a man standing on `sq` threatens, as Dagaz's getTargets (ambush.js 61-98) sets
// them: a round the four next spaces cornerwise; a triangle the space two away directly and the
// two knight's spaces beyond it, when the next space that way is void; a square the space three
// away and the two (3, 1) spaces beyond it, when the two spaces that way are void.
const ORTH = [[0, 1], [0, -1], [1, 0], [-1, 0]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
function targets(v, b, sq, piece) {
  const f = fileOf(sq), r = rankOf(sq);
  const empty = s => b.getPiece(v.pos(s)) === null;
  const out = [];
  const sh = shapes(v, piece);
  if (sh.has('C')) for (const [df, dr] of DIAG) { const q = sqName(f + df, r + dr); if (q) out.push(q); }
  for (const [shape, reach] of [['T', 2], ['S', 3]]) {
    if (!sh.has(shape)) continue;
    for (const [df, dr] of ORTH) {
      let clear = true;
      for (let k = 1; k < reach; k++) {
        const q = sqName(f + k * df, r + k * dr);
        if (q === null || !empty(q)) { clear = false; break; }
      }
      if (!clear) continue;
      const end = [f + (reach - 1) * df, r + (reach - 1) * dr];
      for (const [sf, sr] of [[df, dr], [df + dr, dr + df], [df - dr, dr - df]]) {
        const q = sqName(end[0] + sf, end[1] + sr);
        if (q) out.push(q);
      }
    }
  }
  return out;
}

// the numbers a man takes with: his own and, a pyramid, each of his layers' (ambush.js 148-171)
function numbers(v, piece) {
  return [v.price(piece.type)].concat(v.layersOf(piece).map(v.price));
}

const ARITH = [
  ['addition', (a, b, z) => a + b === z],
  ['subtraction', (a, b, z) => a - b === z || b - a === z],
  ['multiplication', (a, b, z) => a * b === z],
  ['division', (a, b, z) => a === z * b || b === z * a],
];

// what ambush.js's CheckInvariants (241-323) does to the enemy on `p`: the whole man taken by
// equality (getEqual 109-136), by two takers (getAmbush 173-184, the partner's targets 258-264),
// by eruption (getErruption 203-231), or some of a king's layers (281-321); with the reasons
function ambushVerdict(v, b, src, dst, piece, p, target, moverPlayer) {
  const { M } = v;
  const z = v.price(target.type);
  const tLayers = v.layersOf(target);
  const mine = numbers(v, piece);
  const pLayers = v.layersOf(piece).map(v.price);
  // equality: the mover's number or (a king) one of his layers' is the enemy's
  const eqWhole = v.price(piece.type) === z || pLayers.includes(z);
  const eqLayers = tLayers.filter(t => mine.includes(v.price(t)));
  // two takers: every man of the mover's on b (not on the mover's square) who threatens p
  const partners = [];
  for (const q of v.design.allPositions()) {
    const qs = v.name(q);
    if (qs === dst) continue;
    const x = b.getPiece(q);
    if (x === null || x.player !== moverPlayer) continue;
    if (!v.onBoard(qs) || !targets(v, b, qs, x).includes(p)) continue;
    partners.push([qs, numbers(v, x)]);
  }
  const ways = n => { // [partner, relation] pairs making n
    const r = [];
    for (const [qs, theirs] of partners) {
      for (const [rel, test] of ARITH) {
        if (mine.some(a => theirs.some(c => test(a, c, n)))) r.push([qs, rel]);
      }
    }
    return r;
  };
  const ambWhole = ways(z);
  const ambLayers = tLayers.filter(t => ways(v.price(t)).length > 0);
  // eruption: the distance on a file or a rank counting both men's spaces (getDistance 186-194)
  const fd = Math.abs(fileOf(dst) - fileOf(p)), rd = Math.abs(rankOf(dst) - rankOf(p));
  const d = fd === 0 ? rd + 1 : rd === 0 ? fd + 1 : null;
  const eru = (a, n) => d !== null && (a * d === n || a * n === d || n * d === a); // checkErruption 196-201
  const eruWhole = mine.some(a => eru(a, z));
  const eruLayers = tLayers.filter(t => mine.some(a => eru(a, v.price(t))));
  const eruRelation = n => {
    if (mine.some(a => a * d === n)) return 'multiplication';
    if (mine.some(a => n * d === a)) return 'division';
    return 'product-is-distance';
  };
  if (eqWhole) return { whole: { how: 'equality', value: z } };
  if (ambWhole.length) return { whole: { how: 'ambush', value: z, ways: ambWhole } };
  if (eruWhole) return { whole: { how: 'eruption', value: z, relation: eruRelation(z) } };
  const taken = [];
  for (const t of tLayers) {
    const n = v.price(t);
    if (eqLayers.includes(t)) taken.push({ layer: t, how: 'equality', value: n });
    else if (ambLayers.includes(t)) taken.push({ layer: t, how: 'ambush', value: n, ways: ways(n) });
    else if (eruLayers.includes(t)) taken.push({ layer: t, how: 'eruption', value: n, relation: eruRelation(n) });
  }
  if (taken.length === 0) return null;
  const left = tLayers.filter(t => !taken.some(x => x.layer === t));
  return { layers: taken, left };
}

function methodName(kind, v, how, info, taken) {
  if (how === 'equality') return kind === 3 ? 'encountering' : 'equality';
  if (how === 'eruption') {
    if (kind === 2 && info.relation === 'multiplication') return 'multiplication-by-spaces';
    if (kind === 2 && info.relation === 'division') return 'division-by-spaces';
    return 'eruption';
  }
  // two takers: the relation of the first way in the book's order (addition, subtraction,
  // multiplication, division); in the third kind an addition by two men in the enemy's next
  // spaces is lying in wait
  const rel = ARITH.map(a => a[0]).find(r => info.ways.some(w => w[1] === r));
  if (kind === 3 && rel === 'addition') {
    const next = (a, b) => Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b))) === 1;
    const partner = takersOf(info)[1];
    if (partner && next(partner, taken) && next(info.dst, taken)) return 'lying-in-wait';
  }
  return rel;
}

// the takers by two: the mover and his partner, when one partner only can have made the number
function takersOf(info) {
  const ps = [...new Set(info.ways.map(w => w[0]))];
  return ps.length === 1 ? [info.dst, ps[0]] : [info.dst];
}

// --- a case ---------------------------------------------------------------------------------

function runCase(engine, input) {
  const { Dagaz, design } = engine;
  const board = setPosition(engine, input.position);
  const v = mkView(engine, board);
  const kind = input.kind;
  const mover = board.player;
  if (input.move === null) {
    // the victories of the side that moved last, by the engine's goal test
    const last = design.nextPlayer(mover);
    const g = Dagaz.Model.checkGoals(design, board, last);
    return { legal: true, captures: [], victories: g === 1 ? [{ victory: goalName(v, board, last), side: SIDE[design.playerNames[last]] }] : [] };
  }
  board.generate(design);
  const { from, to, flying } = input.move;
  const fd = Math.abs(fileOf(to) - fileOf(from)), rd = Math.abs(rankOf(to) - rankOf(from));
  const straight = fd === 0 || rd === 0 || fd === rd;
  // Dagaz's flying draughts are its triangles' and squares' knight-like leaps (zrf jump-2,
  // jump-3): a move off the straight lines. Its moves carry no other mark of flying.
  const found = board.moves.filter(m => {
    const a = m.actions[0];
    return a && a[0] && a[1] && v.name(a[0][0]) === from && v.name(a[1][0]) === to;
  });
  if (found.length === 0 || flying === straight) return { legal: false, captures: [], victories: [] };
  const move = found[0];
  if (process.env.DAGAZ_ADAPTER_DEBUG) { // the engine's own account of the move, for checking by hand
    process.stderr.write(`engine move: ${move.toString()}\n`);
    for (const a of move.actions) {
      process.stderr.write(`  action ${a[0] ? v.name(a[0][0]) : '-'} -> ${a[1] ? v.name(a[1][0]) : 'captured'}${a[2] && a[2][0] ? ' as ' + design.pieceNames[a[2][0].type] : ''}\n`);
    }
  }
  const captures = readCaptures(engine, v, board, move, kind);
  for (const other of found.slice(1)) { // one from-to pair is one move of the engine
    const again = readCaptures(engine, v, board, other, kind);
    if (JSON.stringify(again) !== JSON.stringify(captures)) throw new AdapterError(`the engine has two moves ${from}-${to} with different captures`);
  }
  return { legal: true, captures, victories: victories(v, board, move, mover) };
}

function readCaptures(engine, v, board, move, kind) {
  const src = v.name(move.actions[0][0][0]), dst = v.name(move.actions[0][1][0]);
  const piece = board.getPiece(v.pos(src));
  const siegeFrom = move.__siegeFrom, ambushFrom = move.__ambushFrom;
  if (siegeFrom === undefined || ambushFrom === undefined) throw new AdapterError('the engine ran no CheckInvariants for the move');
  if (siegeFrom !== 1) throw new AdapterError(`the engine's move ${src}-${dst} has ${siegeFrom} actions before its captures`);
  const out = [];
  // the board as each script saw it: siege.js after the draught, ambush.js after the sieges too
  const prefix = n => { const all = move.actions; move.actions = all.slice(0, n); const b = board.apply(move); move.actions = all; return b; };
  const bSiege = prefix(siegeFrom), bAmbush = prefix(ambushFrom);

  // siege.js 11-34: an enemy next to the mover's new space, every other space of the same ring
  // about him (the four directly, or the four cornerwise) held by the mover's men or off the board
  for (let i = siegeFrom; i < ambushFrom; i++) {
    const a = move.actions[i];
    if (!(a[0] && a[1] === null)) throw new AdapterError(`siege.js made an action other than a capture: ${JSON.stringify(a)}`);
    const p = v.name(a[0][0]);
    if (!v.onBoard(p)) continue; // a taken king's layer pieces off the board (siege.js 25-32)
    const df = fileOf(p) - fileOf(dst), dr = rankOf(p) - rankOf(dst);
    const ring = (df === 0 || dr === 0) ? ORTH : DIAG;
    const takers = ring.map(([x, y]) => sqName(fileOf(p) + x, rankOf(p) + y)).filter(q => q !== null);
    for (const q of takers) {
      const x = bSiege.getPiece(v.pos(q));
      if (x === null || x.player !== board.player) throw new AdapterError(`obsidion of ${p}: ${q} holds no man of the mover's`);
    }
    const target = board.getPiece(v.pos(p));
    out.push({ method: 'obsidion', taken: p, takers, value: v.price(target.type) });
  }

  // ambush.js 239-323: what the engine did to each enemy, and what its code says it would do
  const did = {};
  for (let i = ambushFrom; i < move.actions.length; i++) {
    const a = move.actions[i];
    const p = v.name(a[0][0]);
    if (!v.onBoard(p)) continue; // the reduced or taken king's layer pieces off the board (296-303)
    if (a[1] === null) did[p] = { taken: true };
    else if (a[0][0] === a[1][0]) { // the king re-typed: his layers left, or the one man he is reduced to
      const x = a[2][0];
      did[p] = { left: v.M.isP(x.type) ? v.layersOf(x) : [x.type] };
    }
    else throw new AdapterError(`ambush.js made an unknown action ${JSON.stringify(a)}`);
  }
  const predicted = {};
  const captured = new Set(move.actions.slice(siegeFrom, ambushFrom).map(a => v.name(a[0][0])));
  for (const p of targets(v, bAmbush, dst, piece)) {
    if (p === src || captured.has(p)) continue;
    const target = board.getPiece(v.pos(p));
    if (target === null || target.player === board.player) continue;
    const verdict = ambushVerdict(v, bAmbush, src, dst, piece, p, target, board.player);
    if (verdict) predicted[p] = verdict;
  }
  const squares = new Set(Object.keys(did).concat(Object.keys(predicted)));
  for (const p of [...squares].sort()) {
    const d = did[p], w = predicted[p];
    if (!d || !w) throw new AdapterError(`on ${p} the engine ${d ? 'took' : 'took nothing'} where the adapter's reading of ambush.js ${w ? 'takes' : 'takes nothing'}`);
    if (w.whole) {
      if (!d.taken) throw new AdapterError(`on ${p} the engine reduced a man the adapter's reading takes whole`);
      const info = Object.assign({ dst }, w.whole);
      out.push({ method: methodName(kind, v, w.whole.how, info, p), taken: p,
        takers: w.whole.how === 'ambush' ? takersOf(info) : [dst], value: w.whole.value });
    } else {
      // a king by parts: the engine re-types him to what is left (a single layer becomes a plain
      // man of that layer's type), or takes him away when nothing is left
      const left = w.left.map(t => v.price(t)).sort((x, y) => x - y);
      const got = d.taken ? [] : d.left.map(t => v.price(t)).sort((x, y) => x - y);
      if (JSON.stringify(left) !== JSON.stringify(got)) throw new AdapterError(`on ${p} the king keeps ${got} in the engine, ${left} in the adapter's reading`);
      for (const l of w.layers) {
        const info = Object.assign({ dst }, l);
        out.push({ method: methodName(kind, v, l.how, info, p), taken: p,
          takers: l.how === 'ambush' ? takersOf(info) : [dst], value: l.value, layer: true });
      }
    }
  }
  return out;
}

// --- victories: the engine's goal (rithmomachia-goal.js 45-69) ------------------------------

// A side loses when it has nine men or fewer on the board (its king's off-board layer pieces
// counted, the pyramid not), or when their numbers sum to 328 or less (White) / 433 or less
// (Black). After a move the game asks the goal of the side that moved (app-v2.js 696). The
// adapter reports a victory only when the move ends a game that was not over before it.
function goalName(v, board, player) {
  const count = {};
  for (const q of v.design.allPositions()) {
    const x = board.getPiece(q);
    if (x === null || v.M.isP(x.type)) continue;
    count[x.player] = (count[x.player] || 0) + 1;
  }
  const other = v.design.nextPlayer(player);
  return ((count[player] || 0) <= 9 || (count[other] || 0) <= 9) ? 'bodies' : 'goods';
}

function victories(v, board, move, mover) {
  const { M, design } = v;
  const other = design.nextPlayer(mover);
  if (M.checkGoals(design, board, other) !== null || M.checkGoals(design, board, mover) !== null) return [];
  const after = board.apply(move);
  const g = M.checkGoals(design, after, mover);
  if (g === null || g === 0) return [];
  const winner = g > 0 ? mover : other;
  return [{ victory: goalName(v, after, mover), side: SIDE[design.playerNames[winner]] }];
}

try {
  main();
} catch (e) {
  process.stderr.write(`dagaz adapter: ${e instanceof AdapterError ? e.message : (e && e.stack) || e}\n`);
  process.exit(1);
}
