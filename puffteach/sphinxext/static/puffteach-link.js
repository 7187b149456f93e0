// puffteach book: a game record packed small for a share link (issue 44, Build "Share links").
//
// A record ({format, rules, start, opening, events}, puffteach.game.Game.record) as base64url
// JSON makes a link of about 9,000 characters for a whole game of lång puff. Packed here it is
// about 550: the events go as bits, written and read by this module alone (no engine needed).
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
// A hit's "*" is not kept: the engine marks it again when it loads the record. A move written
// with "@die" (the engine asks for it when it matters) goes as text. The rules and the start
// position travel in the link beside it (#rules=…&st=…&g=…); readAddress rebuilds the record.
export const RECORD_FORMAT = "puffteach-game/1";
const VERSION = 1;
const END = 63;
const OTHER = { end: 42, reroll: 43, resign: 44 };

class Bits {
  constructor() {
    this.out = [];
  }
  put(value, n) {
    for (let i = n - 1; i >= 0; i--) this.out.push((value >> i) & 1);
  }
  count(n) {
    if (n < 7) this.put(n, 3);
    else {
      this.put(7, 3);
      this.put(n - 7, 4);
    }
  }
  text() {
    const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let s = "";
    for (let i = 0; i < this.out.length; i += 6) {
      let v = 0;
      for (let j = 0; j < 6; j++) v = (v << 1) | (this.out[i + j] || 0);
      s += A[v];
    }
    return s;
  }
}

/** A text that is not a packed game: the page says ``ui.play.bad_link`` (the error's message,
 *  a catalogue key); ``what`` names the fault for a developer (one word). */
function notPacked(what) {
  return Object.assign(new Error("ui.play.bad_link"), { what });
}

class Reader {
  constructor(text) {
    const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    this.bits = [];
    for (const c of text) {
      const v = A.indexOf(c);
      if (v < 0) throw notPacked("character");
      for (let i = 5; i >= 0; i--) this.bits.push((v >> i) & 1);
    }
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

/** The two distances a move's code 0 and 1 stand for after the roll `dice`. */
function dists(dice) {
  if (!dice) return [];
  const [a, b] = dice;
  return dice.length === 1 || a === b ? [a, 7 - a] : [a, b];
}

function putMove(bits, move, dice) {
  const m = /^(\d+)\/(\d+|off)\*?$/.exec(move);
  const from = m ? Number(m[1]) : -1;
  const to = m ? (m[2] === "off" ? 25 : Number(m[2])) : -1;
  const dist = to - from;
  const [d0, d1] = dists(dice);
  if (!m || from > 24 || (m[2] !== "off" && (dist < 1 || dist > 7 || to > 24))) {
    const text = [...move].filter((c) => c.charCodeAt(0) < 128);
    if (text.length !== move.length || text.length > 63) return false;
    bits.put(31, 5);
    bits.put(text.length, 6);
    for (const c of text) bits.put(c.charCodeAt(0), 7);
    return true;
  }
  bits.put(from, 5);
  if (m[2] === "off") bits.put(2, 2);
  else if (dist === d0) bits.put(0, 2);
  else if (dist === d1) bits.put(1, 2);
  else {
    bits.put(3, 2);
    bits.put(dist, 3);
  }
  return true;
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

function isDie(d) {
  return Number.isInteger(d) && d >= 1 && d <= 6;
}

/** The record's events and opening packed (a string of base64url characters), or null when the
 *  record has something this packing does not know (the link then carries the JSON). */
export function packRecord(record) {
  if (!record || record.format !== RECORD_FORMAT || !Array.isArray(record.events)) return null;
  const bits = new Bits();
  bits.put(VERSION, 3);
  const op = record.opening;
  if (op) {
    if (!Array.isArray(op) || op.length !== 2 || !op.every(isDie)) return null;
    bits.put(1, 1);
    bits.put((op[0] - 1) * 6 + op[1] - 1, 6);
  } else bits.put(0, 1);
  // events in groups: the moves after each other event
  const groups = [{ code: null, moves: [] }];
  let dice = null;
  for (const ev of record.events) {
    if (!Array.isArray(ev) || ev.length !== 2) return null;
    const [kind, value] = ev;
    const group = groups[groups.length - 1];
    if (kind === "move") {
      if (typeof value !== "string") return null;
      group.moves.push([value, dice]);
      continue;
    }
    let code;
    if (kind === "roll") {
      if (!Array.isArray(value) || !value.every(isDie)) return null;
      if (value.length === 2) code = (value[0] - 1) * 6 + value[1] - 1;
      else if (value.length === 1) code = 36 + value[0] - 1;
      else return null;
      dice = value;
    } else if (kind === "name") {
      if (!isDie(value)) return null;
      code = 45 + value - 1;
    } else if (kind in OTHER) code = OTHER[kind];
    else return null;
    groups.push({ code, moves: [] });
  }
  for (const [i, group] of groups.entries()) {
    if (i > 0) bits.put(group.code, 6);
    if (group.moves.length > 22) return null;
    bits.count(group.moves.length);
    for (const [move, d] of group.moves) if (!putMove(bits, move, d)) return null;
  }
  bits.put(END, 6);
  return bits.text();
}

/** The record packed by packRecord, given its rules and start position. Throws an Error
 *  (message ``ui.play.bad_link``, ``what`` the fault) for a text that is not one. */
export function unpackRecord(text, rules, start) {
  const reader = new Reader(text);
  if (reader.get(3) !== VERSION) throw notPacked("version");
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
    if (code === END) break;
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
