// puffteach book: a game record packed small for a share link (issue 44, Build "Share links").
//
// A record ({format, rules, start, opening, events}, puffteach.game.Game.record) as base64url
// JSON makes a link of about 9,000 characters for a whole game of lång puff. Packed here (format
// 2) a whole random game of lång puff takes about 260 characters, the longest about 400; the
// link is #rules=…&g=… (the rules travel beside it, the start position inside it). Written and
// read by this module alone: no engine, no rules.
//
// Format 2 codes the events with a range coder (an arithmetic coder over bytes, as in LZMA)
// and adaptive models that guess what comes next from the game so far: after a roll of two
// unequal dice come mostly two moves, the lower die's first under LT's rules; a move starts
// where the mover has checkers and seldom lands on the opponent's band. For those guesses the
// packing keeps a sketch of the board: both sides' checkers by path point, moved by the
// record's moves, a hit checker sent back to wait. The sketch knows no rules: who rolled is
// written with each roll (as "the other side", cheap, or "the same side again"; the packer
// picks the sides that fit the moves best by a small beam search), and where a side's point
// lies on the opponent's path is one of the four board layouts or none (the packer tries each
// and keeps the shortest text). A wrong guess costs bits, never correctness: the unpacker keeps
// the same sketch and makes the same guesses (one function, `walk`, does both).
//
//   character 1  version 2 in its top 3 bits, the sketch's layout in its low 3 (0 none,
//                1 long, 2 contrary, 3 double-contrary, 4 bräde: puffteach.board.CROSS)
//   the rest     the range coder's bytes, 6 bits a character, trailing zero bits left off: the
//                start position (each side's fifteen on one point: the two points and the
//                side to move; else its text), the opening roll if any, the events (kind;
//                a roll's dice and whether the same side rolls again; a move's die, whether it
//                goes on with the checker moved last, its point or its text, whether it hits),
//                and the number of events modulo 64 (a check that the text was read whole)
//
// Format 1 (links made before, #rules=…&st=…&g=…, first character I-P) is still read:
//
//   header   3 bits  version (1)
//            1 bit   opening present, then 6 bits: (white - 1) * 6 + (black - 1)
//            3+ bits moves before the first other event (a count, see below)
//   group    6 bits  an event other than a move: 0-35 a roll of two dice ((a - 1) * 6 + b - 1,
//                    in the record's order), 36-41 a one-die roll, 42 end, 43 reroll,
//                    44 resign, 45-50 name 1-6; 63 ends the stream
//            3+ bits how many moves follow it: 0-6, or 7 and 4 more bits (7 + 0..15)
//   move     5 bits  from (0-24), or 31: the move's text follows (6 bits length, 7 bits a char)
//            2 bits  0 the roll's first die, 1 its second (a pasch or one die: 7 - the die),
//                    2 to "off", 3 a distance of 3 more bits (1-7)
//
// A hit's "*" is not kept in either format: the engine marks it again when it loads the
// record. A move written otherwise than from/to (with "@die", bräde's "x6") goes as text.
export const RECORD_FORMAT = "puffteach-game/1";
const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** A text that is not a packed game: the page says ``ui.play.bad_link`` (the error's message,
 *  a catalogue key); ``what`` names the fault for a developer (one word). */
function notPacked(what) {
  return Object.assign(new Error("ui.play.bad_link"), { what });
}

/** The 6-bit values of a base64url text. */
function sixes(text) {
  const out = [];
  for (const c of text) {
    const v = A.indexOf(c);
    if (v < 0) throw notPacked("character");
    out.push(v);
  }
  return out;
}

// ------------------------------------------------------------------ the range coder

const TOP = 2 ** 24;
const TWO32 = 2 ** 32;
/** a model's counts are halved when their sum passes this (so it follows the game) */
const LIMIT = 1 << 10;
/** what one occurrence adds to a model's count */
const STEP = 4;
const MAX_EVENTS = 20000;

class Encoder {
  constructor() {
    this.enc = true;
    this.low = 0;
    this.range = TWO32 - 1;
    this.cache = 0;
    this.cacheSize = 1;
    this.bytes = [];
  }
  /** Narrow the range to the symbol's share [start, start + size) of total. */
  put(start, size, total) {
    const r = Math.floor(this.range / total);
    this.low += start * r;
    this.range = size * r;
    while (this.range < TOP) {
      this.range *= 256;
      this.shiftLow();
    }
  }
  shiftLow() {
    if (this.low < 0xff000000 || this.low >= TWO32) {
      const carry = this.low >= TWO32 ? 1 : 0;
      let temp = this.cache;
      do {
        this.bytes.push((temp + carry) & 0xff);
        temp = 0xff;
      } while (--this.cacheSize !== 0);
      this.cache = Math.floor(this.low / TOP) & 0xff;
    }
    this.cacheSize++;
    this.low = (this.low % TOP) * 256;
  }
  /** The bytes, without the coder's leading zero byte. The value written is the one in the
   *  final range with the most trailing zero bytes (the reader reads zeros past the end). */
  finish() {
    for (let k = 32; k >= 0; k -= 8) {
      const v = Math.ceil(this.low / 2 ** k) * 2 ** k;
      if (v < this.low + this.range) {
        this.low = v;
        break;
      }
    }
    for (let i = 0; i < 5; i++) this.shiftLow();
    if (this.bytes[0] !== 0) throw new Error("puffteach-link: coder");
    return this.bytes.slice(1);
  }
}

class Decoder {
  constructor(bytes) {
    this.enc = false;
    this.bytes = bytes;
    this.at = 0;
    this.range = TWO32 - 1;
    this.code = 0;
    for (let i = 0; i < 4; i++) this.code = this.code * 256 + this.next();
  }
  next() {
    this.at++;
    if (this.at <= this.bytes.length) return this.bytes[this.at - 1];
    if (this.at > this.bytes.length + 32) throw notPacked("short");
    return 0;
  }
  /** Where the code lies in `total` (the caller finds the symbol there, then `take`s it). */
  peek(total) {
    this.r = Math.floor(this.range / total);
    return Math.min(Math.floor(this.code / this.r), total - 1);
  }
  take(start, size) {
    this.code -= start * this.r;
    this.range = size * this.r;
    if (this.code < 0 || this.code >= this.range) throw notPacked("code");
    while (this.range < TOP) {
      this.range *= 256;
      this.code = this.code * 256 + this.next();
    }
  }
}

/** Write `value` (packing) or read a value (unpacking) as one of the symbols weighted by
 *  `weights` (integers; a symbol of weight 0 cannot occur). Returns the value. */
function sym(io, weights, value) {
  let total = 0;
  for (const w of weights) total += w;
  if (io.enc) {
    if (!(weights[value] > 0)) throw new Error("puffteach-link: symbol");
    let start = 0;
    for (let i = 0; i < value; i++) start += weights[i];
    io.put(start, weights[value], total);
    return value;
  }
  const at = io.peek(total);
  let start = 0;
  let i = 0;
  while (i < weights.length - 1 && start + weights[i] <= at) start += weights[i++];
  if (!weights[i]) throw notPacked("symbol");
  io.take(start, weights[i]);
  return i;
}

/** One of n equally likely values. */
function uniform(io, n, value) {
  if (io.enc) {
    if (!(Number.isInteger(value) && value >= 0 && value < n)) {
      throw new Error("puffteach-link: range");
    }
    io.put(value, 1, n);
    return value;
  }
  const v = io.peek(n);
  io.take(v, 1);
  return v;
}

/** Adaptive models by context: the counts of the symbols seen so far, each model made from
 *  `prior(...context)` when its context first comes. */
class Models {
  constructor(prior) {
    this.prior = prior;
    this.counts = new Map();
  }
  table(context) {
    const key = context.join();
    let counts = this.counts.get(key);
    if (!counts) this.counts.set(key, (counts = this.prior(...context).slice()));
    return counts;
  }
  learn(counts, v) {
    counts[v] += STEP;
    if (counts.reduce((a, b) => a + b, 0) > LIMIT) {
      for (let i = 0; i < counts.length; i++) counts[i] = Math.max(1, counts[i] >> 1);
    }
  }
  code(io, context, value) {
    const counts = this.table(context);
    const v = sym(io, counts, value);
    this.learn(counts, v);
    return v;
  }
}

// ------------------------------------------------------------------ the sketch of the board

/** The opponent's path point on the same physical point as path point p (1-24), by layout
 *  (puffteach.board.CROSS); the first: no layout (the sketch then knows no hits). */
const CROSS = [
  null,
  (p) => p,
  (p) => 25 - p,
  (p) => (p <= 12 ? 13 - p : 37 - p),
  (p) => ((p + 11) % 24) + 1,
];
const SIMPLE_START = /^W:(\d+)x15 B:(\d+)x15 ([wb])$/;
const PLAIN_MOVE = /^(\d+)\/(\d+|off)(\*?)$/;

/** Both sides' checkers by path point (0 waiting, 25 off) and the side to move (0 White),
 *  read from a position's text as far as it goes (a part it cannot read stays empty). */
function sketch(start) {
  const boards = [new Array(26).fill(0), new Array(26).fill(0)];
  const parts = String(start).split(" ");
  for (const [i, part] of parts.slice(0, 2).entries()) {
    const m = /^([WB]):(.*)$/.exec(part);
    if (!m || m[1] !== "WB"[i]) continue;
    for (const stack of m[2].split(",")) {
      const s = /^(\d+)(?:x(\d+))?$/.exec(stack);
      if (s && Number(s[1]) <= 25) boards[i][Number(s[1])] += s[2] ? Number(s[2]) : 1;
    }
  }
  return { boards, side: parts[2] === "b" ? 1 : 0 };
}

/** A plain move "from/to" ("to" 25 for off; hit: it ends in "*"), or null. */
function plainMove(move) {
  const m = PLAIN_MOVE.exec(move);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === "off" ? 25 : Number(m[2]);
  if (from > 24 || (to !== 25 && (to <= from || to > 24))) return null;
  return { from, to, hit: m[3] === "*" };
}

/** What the sketch reads of a move written as text ("22/off@6", "1/7x6": its from/to). */
function textMove(move) {
  return plainMove(move) || plainMove(move.replace(/[@x].*$/, ""));
}

/** The sketch after `side` moves a checker from `from` to `to` (a hit sends the opponent's
 *  checkers on that point back to wait). Returns 1 when the sketch had no checker there. */
function advance(boards, side, from, to, hit, cross) {
  const own = boards[side];
  const opp = boards[1 - side];
  let miss = 0;
  if (own[from] > 0) own[from]--;
  else miss = 1;
  own[to]++;
  if (hit && cross && to >= 1 && to <= 24) {
    const q = cross(to);
    opp[0] += opp[q];
    opp[q] = 0;
  }
  return miss;
}

/** Pseudo-random weights of the 52 places of a sketch, for guessSides's hashes. */
const WEIGHTS = [];
for (let k = 0, x = 0x2545f491; k < 52; k++) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  WEIGHTS.push(x | 0);
}

/** Who rolled each roll, as the packer writes it: the sides under which the sketch has a
 *  checker for the most moves, then the fewest turns that do not pass, of `width` guesses
 *  (each guess's sketch in one array, White's 26 counts then Black's). */
function guessSides(record, cross, width = 16) {
  const rolls = [];
  for (const [kind, value] of record.events) {
    if (kind === "roll") rolls.push([]);
    else if (kind === "move" && rolls.length) {
      const m = textMove(value);
      if (m) rolls[rolls.length - 1].push(m);
    }
  }
  const first = sketch(record.start);
  // a guess's key: a hash of its sketch (sum of count times a weight per place), kept up to
  // date move by move; guesses with the same sketch and side are one (a clash drops a guess)
  const flat0 = [...first.boards[0], ...first.boards[1]];
  let hash0 = 0;
  for (let k = 0; k < 52; k++) hash0 = (hash0 + Math.imul(flat0[k], WEIGHTS[k])) | 0;
  let guesses = [{ cost: 0, flat: flat0, hash: hash0, side: 1 - first.side, before: null }];
  for (const moves of rolls) {
    const next = [];
    for (const g of guesses) {
      const other = 1 - g.side;
      for (const side of [other, 1 - other]) {
        const flat = g.flat.slice();
        let hash = g.hash;
        const add = (k, n) => {
          flat[k] += n;
          hash = (hash + Math.imul(n, WEIGHTS[k])) | 0;
        };
        const own = side * 26;
        const opp = 26 - own;
        let miss = 0;
        for (const { from, to, hit } of moves) {
          if (flat[own + from] > 0) add(own + from, -1);
          else miss++;
          add(own + to, 1);
          if (hit && cross && to >= 1 && to <= 24) {
            const q = opp + cross(to);
            const n = flat[q];
            add(opp, n);
            add(q, -n);
          }
        }
        const cost = g.cost + 4 * miss + (side === other ? 0 : 1);
        next.push({ cost, flat, hash, side, before: g });
      }
    }
    next.sort((a, b) => a.cost - b.cost);
    const seen = new Set();
    guesses = [];
    for (const g of next) {
      const key = g.hash ^ g.side;
      if (seen.has(key)) continue;
      seen.add(key);
      guesses.push(g);
      if (guesses.length === width) break;
    }
  }
  const sides = [];
  for (let g = guesses[0]; g.before !== null; g = g.before) sides.push(g.side);
  return sides.reverse();
}

/** The distances a move's die codes 0 and 1 stand for: the lower and the higher of two
 *  unequal dice, a pasch's die and its opposite, a single die. */
function dieCodes(dice) {
  if (!dice) return [0, 0];
  if (dice.length === 1) return [dice[0], dice[0]];
  const [a, b] = dice;
  return a === b ? [a, 7 - a] : [Math.min(a, b), Math.max(a, b)];
}

/** "-" before the first roll, "o" one die, "p" a pasch, "u" two unequal dice. */
function rollKind(dice) {
  return !dice ? "-" : dice.length === 1 ? "o" : dice[0] === dice[1] ? "p" : "u";
}

const KIND = { move: 0, roll: 1 };
const OTHERS = ["END", "end", "reroll", "resign", "name"];
const OTHER_VALUE = { end: null, reroll: 1, resign: 1 };

/** Pack (io an Encoder, `record` and `sides` given) or unpack (io a Decoder) format 2's
 *  stream; returns the start, opening and events read (packing: as written). The same code
 *  both ways, so packer and unpacker make the same guesses. */
function walk(io, crossId, record, sides) {
  const cross = CROSS[crossId];
  const enc = io.enc;
  // the start position
  let start = enc ? record.start : "";
  const simple = enc ? SIMPLE_START.exec(start) : null;
  const isSimple = enc ? Number(simple !== null && +simple[1] <= 25 && +simple[2] <= 25) : 0;
  if (uniform(io, 2, isSimple)) {
    const w = uniform(io, 26, enc ? Number(simple[1]) : 0);
    const b = uniform(io, 26, enc ? Number(simple[2]) : 0);
    const s = uniform(io, 2, enc ? Number(simple[3] === "b") : 0);
    start = `W:${w}x15 B:${b}x15 ${"wb"[s]}`;
  } else {
    const n = uniform(io, 256, enc ? start.length : 0);
    let text = "";
    for (let i = 0; i < n; i++) {
      text += String.fromCharCode(32 + uniform(io, 95, enc ? start.charCodeAt(i) - 32 : 0));
    }
    start = text;
  }
  // the opening roll
  let opening = enc ? record.opening || null : null;
  if (uniform(io, 2, Number(opening !== null))) {
    const o = uniform(io, 36, enc ? (opening[0] - 1) * 6 + opening[1] - 1 : 0);
    opening = [Math.floor(o / 6) + 1, (o % 6) + 1];
  }
  // the events
  const { boards, side: firstSide } = sketch(start);
  const kinds = new Models((rolled, moved) => {
    const expected = { "-": 0, u: 2, o: 1, p: 4 }[rolled];
    if (moved < expected) return [8, 2, 1];
    return rolled === "p" && moved < 8 ? [4, 4, 1] : [1, 8, 1];
  });
  const others = new Models(() => [2, 1, 1, 1, 1]);
  const oneDie = new Models(() => [8, 1]);
  const again = new Models((last) => (last === "p" || last === "o" ? [2, 2] : [8, 1]));
  const dies = new Models((rolled) => (rolled === "o" ? [8, 1, 2, 1, 1] : [4, 4, 2, 1, 1]));
  const goesOn = new Models(() => [4, 1]);
  const hits = new Models((n) => (n === 1 ? [1, 4] : [8, 1]));
  const froms = new Models(() => new Array(25).fill(2));
  const events = enc ? record.events : [];
  const out = [];
  let dice = null;
  let moved = 0;
  let side = firstSide;
  let rolls = 0;
  let last = "-";
  let prev = null;
  let prevDie = -1;
  for (let i = 0; ; i++) {
    if (i > MAX_EVENTS) throw notPacked("long");
    const ev = enc ? events[i] || ["END", null] : null;
    const rolled = rollKind(dice);
    const kind = kinds.code(io, [rolled, Math.min(moved, 8)], enc ? KIND[ev[0]] ?? 2 : 0);
    if (kind === 2) {
      const which = others.code(io, [], enc ? OTHERS.indexOf(ev[0]) : 0);
      if (which === 0) break;
      if (which === 4) {
        const x = uniform(io, 6, enc ? ev[1] - 1 : 0) + 1;
        out.push(["name", x]);
        dice = [x, x]; // a named pasch: moved as that pasch
        prevDie = -1;
      } else out.push([OTHERS[which], OTHER_VALUE[OTHERS[which]]]);
      continue;
    }
    if (kind === 1) {
      const one = oneDie.code(io, [last === "o"], enc ? Number(ev[1].length === 1) : 0);
      if (one) dice = [uniform(io, 6, enc ? ev[1][0] - 1 : 0) + 1];
      else {
        const d = uniform(io, 36, enc ? (ev[1][0] - 1) * 6 + ev[1][1] - 1 : 0);
        dice = [Math.floor(d / 6) + 1, (d % 6) + 1];
      }
      out.push(["roll", dice]);
      const other = rolls === 0 ? firstSide : 1 - side;
      side = again.code(io, [last], enc ? Number(sides[rolls] !== other) : 0) ? 1 - other : other;
      rolls++;
      last = rollKind(dice);
      moved = 0;
      prev = null;
      prevDie = -1;
      continue;
    }
    // a move: its die (0, 1: dieCodes; 2 off; 3 another distance; 4 its text)
    const plain = enc ? plainMove(ev[1]) : null;
    const [d0, d1] = dieCodes(dice);
    let die = 4;
    if (plain) {
      const dist = plain.to - plain.from;
      die = plain.to === 25 ? 2 : dist === d0 ? 0 : dist === d1 ? 1 : 3;
    }
    die = dies.code(io, [rolled, prevDie], die);
    prevDie = die;
    let move;
    let step = null;
    if (die === 4) {
      const text = enc ? ev[1] : "";
      const n = uniform(io, 64, text.length);
      move = "";
      for (let k = 0; k < n; k++) {
        move += String.fromCharCode(32 + uniform(io, 95, enc ? text.charCodeAt(k) - 32 : 0));
      }
      step = textMove(move);
    } else {
      let dist = die === 0 ? d0 : die === 1 ? d1 : 0;
      if (die === 3) dist = uniform(io, 24, enc ? plain.to - plain.from - 1 : 0) + 1;
      const own = boards[side];
      const opp = boards[1 - side];
      const canGoOn = prev !== null && prev.to >= 1 && prev.to <= 24;
      const goOn = canGoOn && goesOn.code(io, [die], enc ? Number(plain.from === prev.to) : 0);
      let from;
      if (goOn) from = prev.to;
      else {
        // the points the mover has checkers on (and 0: a hit checker the sketch missed),
        // weighted by how often moves started there, less where the opponent has a band
        const table = froms.table([own[0] > 0, die === 2]);
        const weights = new Array(26).fill(0);
        let total = 0;
        for (let p = 0; p <= 24; p++) {
          if (!(own[p] > 0 || p === 0) || (canGoOn && p === prev.to)) continue;
          if (die === 2 ? p < 13 : p + dist > 24) continue;
          const blocked = cross && die !== 2 && opp[cross(p + dist)] >= 2;
          weights[p] = table[p] * (own[p] > 0 ? 4 : 1) * (blocked ? 1 : 8);
          total += weights[p];
        }
        weights[25] = Math.max(1, Math.floor(total / 128)); // none of these: any point 0-24
        from = sym(io, weights, enc ? (weights[plain.from] ? plain.from : 25) : 0);
        if (from === 25) from = uniform(io, 25, enc ? plain.from : 0);
        table[from] += 2;
        if (table.reduce((a, b) => a + b, 0) > 4 * LIMIT) {
          for (let p = 0; p < 25; p++) table[p] = Math.max(1, table[p] >> 1);
        }
      }
      const to = die === 2 ? 25 : from + dist;
      if (to > 25 || (die !== 2 && dist < 1)) throw notPacked("move");
      let hit = false;
      if (cross && to >= 1 && to <= 24 && opp[cross(to)] >= 1) {
        const context = [Math.min(opp[cross(to)], 2), Math.floor((to - 1) / 6)];
        hit = hits.code(io, context, enc ? Number(plain.hit) : 0) === 1;
      }
      move = `${from}/${to === 25 ? "off" : to}`;
      step = { from, to, hit };
    }
    if (step) advance(boards, side, step.from, step.to, step.hit, cross);
    out.push(["move", move]);
    prev = step;
    moved++;
  }
  if (uniform(io, 64, out.length % 64) !== out.length % 64) throw notPacked("check");
  return { start, opening, events: out };
}

function isDie(d) {
  return Number.isInteger(d) && d >= 1 && d <= 6;
}

/** Is every event one that format 2 packs? */
function packable(record) {
  if (typeof record.start !== "string" || record.start.length > 255) return false;
  if (/[^\x20-\x7e]/.test(record.start)) return false;
  const op = record.opening;
  if (op && !(Array.isArray(op) && op.length === 2 && op.every(isDie))) return false;
  if (record.events.length > MAX_EVENTS) return false;
  return record.events.every((ev) => {
    if (!Array.isArray(ev) || ev.length !== 2) return false;
    const [kind, value] = ev;
    if (kind === "move") return typeof value === "string" && /^[\x20-\x7e]{0,63}$/.test(value);
    if (kind === "roll") {
      const n = Array.isArray(value) ? value.length : 0;
      return (n === 1 || n === 2) && value.every(isDie);
    }
    if (kind === "name") return isDie(value);
    return Object.hasOwn(OTHER_VALUE, kind) && value === OTHER_VALUE[kind];
  });
}

/** The record packed (a string of base64url characters, the start position inside), or null
 *  when the record has something this packing does not know (the link then carries the
 *  JSON). Of the sketch's layouts, the one that packs shortest. */
export function packRecord(record) {
  if (!record || record.format !== RECORD_FORMAT || !Array.isArray(record.events)) return null;
  if (!packable(record)) return null;
  let best = null;
  for (let crossId = 0; crossId < CROSS.length; crossId++) {
    const io = new Encoder();
    let bytes;
    try {
      walk(io, crossId, record, guessSides(record, CROSS[crossId]));
      bytes = io.finish();
    } catch (e) {
      console.warn("puffteach: packing", e); // (a fault of this module: the link takes the JSON)
      return null;
    }
    let text = A[(2 << 3) | crossId];
    for (let i = 0; i < bytes.length; i += 3) {
      const v = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
      text += A[(v >> 18) & 63] + A[(v >> 12) & 63] + A[(v >> 6) & 63] + A[v & 63];
    }
    text = text.replace(/A+$/, "");
    if (best === null || text.length < best.length) best = text;
  }
  return best;
}

/** The record packed by packRecord, given its rules (and, for a link of format 1, its start
 *  position). Throws an Error (message ``ui.play.bad_link``, ``what`` the fault) for a text
 *  that is not one. */
export function unpackRecord(text, rules, start) {
  const values = sixes(text);
  if (!values.length) throw notPacked("empty");
  const version = values[0] >> 3;
  if (version === 1) {
    if (typeof start !== "string") throw notPacked("start");
    return unpackV1(values, rules, start);
  }
  if (version !== 2 || (values[0] & 7) >= CROSS.length) throw notPacked("version");
  const bytes = [];
  let acc = 0;
  let n = 0;
  for (const v of values.slice(1)) {
    acc = (acc << 6) | v;
    n += 6;
    if (n >= 8) {
      n -= 8;
      bytes.push((acc >> n) & 0xff);
      acc &= (1 << n) - 1;
    }
  }
  if (acc) bytes.push((acc << (8 - n)) & 0xff);
  const got = walk(new Decoder(bytes), values[0] & 7, null, null);
  return { format: RECORD_FORMAT, rules, ...got };
}

// ------------------------------------------------------------------ format 1 (read only)

class Reader {
  constructor(values) {
    this.bits = [];
    for (const v of values) for (let i = 5; i >= 0; i--) this.bits.push((v >> i) & 1);
    this.at = 0;
  }
  get(n) {
    if (this.at + n > this.bits.length) throw notPacked("short");
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | this.bits[this.at++];
    return v;
  }
  count() {
    const n = this.get(3);
    return n < 7 ? n : 7 + this.get(4);
  }
}

/** The two distances a format-1 move's code 0 and 1 stand for after the roll `dice`. */
function dists(dice) {
  if (!dice) return [];
  const [a, b] = dice;
  return dice.length === 1 || a === b ? [a, 7 - a] : [a, b];
}

function getMove(reader, dice) {
  const from = reader.get(5);
  if (from === 31) {
    const n = reader.get(6);
    let s = "";
    for (let i = 0; i < n; i++) s += String.fromCharCode(reader.get(7));
    return s;
  }
  if (from > 24) throw notPacked("from");
  const code = reader.get(2);
  if (code === 2) return `${from}/off`;
  const [d0, d1] = dists(dice);
  const dist = code === 0 ? d0 : code === 1 ? d1 : reader.get(3);
  if (!dist) throw notPacked("distance");
  return `${from}/${from + dist}`;
}

function unpackV1(values, rules, start) {
  const reader = new Reader(values);
  reader.get(3); // the version
  let opening = null;
  if (reader.get(1)) {
    const o = reader.get(6);
    if (o > 35) throw notPacked("opening");
    opening = [Math.floor(o / 6) + 1, (o % 6) + 1];
  }
  const events = [];
  let dice = null;
  let n = reader.count();
  for (;;) {
    for (let i = 0; i < n; i++) events.push(["move", getMove(reader, dice)]);
    const code = reader.get(6);
    if (code === 63) break;
    if (code < 36) {
      dice = [Math.floor(code / 6) + 1, (code % 6) + 1];
      events.push(["roll", dice]);
    } else if (code < 42) {
      dice = [code - 35];
      events.push(["roll", dice]);
    } else if (code === 42) events.push(["end", null]);
    else if (code === 43) events.push(["reroll", 1]);
    else if (code === 44) events.push(["resign", 1]);
    else if (code < 51) events.push(["name", code - 44]);
    else throw notPacked("event");
    n = reader.count();
  }
  return { format: RECORD_FORMAT, rules, start, opening, events };
}
