import test from "node:test";
import assert from "node:assert/strict";
import { actionToMessage, createModel } from "../../puffteach/server/static/adapter.js";

const tableMsg = (rev, extra = {}) => ({ type: "table", table: { id: "t1", status: "playing" },
  seat: "w", rev, state: { rev: `s${rev}`, svg: "<svg/>" }, ...extra });

test("a table message draws its state and the board's actions go out with its rev", () => {
  const out = [];
  const model = createModel({ send: (m) => out.push(m) });
  const seen = [];
  model.on("change:state", (s) => seen.push(s.rev));
  assert.equal(model.applyTable(tableMsg(7)), true);
  assert.deepEqual(seen, ["s7"]);
  model.send({ type: "click", point: 5 });
  assert.deepEqual(out, [{ type: "act", table: "t1", rev: 7, action: { type: "click", point: 5 } }]);
});

test("a private hint reply is drawn but keeps the table's rev", () => {
  const out = [];
  const model = createModel({ send: (m) => out.push(m) });
  model.applyTable(tableMsg(3));
  model.applyTable(tableMsg(99, { private: true }));
  model.send({ type: "roll" });
  assert.equal(out[0].rev, 3);
});

test("controls without meaning in class play send nothing", () => {
  const out = [];
  const model = createModel({ send: (m) => out.push(m) });
  model.applyTable(tableMsg(1));
  for (const type of ["new_game", "set_dice", "setup_toggle", "load", "players", "redo",
    "set_position", "replay_goto"]) {
    assert.equal(model.send({ type }), null, type);
  }
  assert.deepEqual(out, []);
});

test("view keeps only lang and flip; a spectator sends no act", () => {
  assert.deepEqual(actionToMessage({ type: "view", lang: "sv", arrows: true }, { table: "t" }),
    { type: "view", lang: "sv" });
  assert.equal(actionToMessage({ type: "view", arrows: true }, { table: "t" }), null);
  assert.equal(actionToMessage({ type: "roll" }, { table: "t", rev: 1, readOnly: true }), null);
  assert.equal(actionToMessage({ type: "roll" }, { table: null, rev: 1 }), null);
  assert.equal(actionToMessage({ nope: 1 }, { table: "t" }), null);
});

test("on/off: an unsubscribed handler is not called; an unchanged value fires nothing", () => {
  const model = createModel({});
  let n = 0;
  const cb = () => { n += 1; };
  model.on("change:x", cb);
  model.set("x", 1);
  model.set("x", 1);
  model.off("change:x", cb);
  model.set("x", 2);
  assert.equal(n, 1);
  assert.equal(model.applyTable({ type: "lobby" }), false);
});

test("a patch on the board held is merged; a patch after a missed one asks resync once", () => {
  const out = [];
  const model = createModel({ send: (m) => out.push(m) });
  const seen = [];
  model.on("change:state", (s) => seen.push(s.message));
  const base = { type: "table", table: { id: "t1", status: "playing" }, seat: "w" };
  model.applyTable({ ...base, rev: 1, n: 1, state: { svg: "<svg/>", message: "a", hint: 1 } });
  assert.equal(model.applyTable({ ...base, rev: 2, n: 2, base: 1,
    patch: { message: "b", hint: null } }), true);
  assert.deepEqual(model.get("state"), { svg: "<svg/>", message: "b", hint: null });
  // n 3 never came: the next patch does not fit, nothing is drawn, the whole state is asked
  assert.equal(model.applyTable({ ...base, rev: 4, n: 4, base: 3, patch: { message: "d" } }), false);
  assert.equal(model.applyTable({ ...base, rev: 5, n: 5, base: 4, patch: { message: "e" } }), false);
  assert.deepEqual(out, [{ type: "resync", table: "t1" }]);
  assert.deepEqual(seen, ["a", "b"]);
  model.send({ type: "roll" }); // the rev of the last board drawn
  assert.equal(out[1].rev, 2);
  // the whole state comes: drawn, and patches on it apply again
  assert.equal(model.applyTable({ ...base, rev: 5, n: 1, state: { svg: "<svg/>", message: "e" } }), true);
  assert.equal(model.applyTable({ ...base, rev: 6, n: 2, base: 1, patch: { message: "f" } }), true);
  assert.deepEqual(seen, ["a", "b", "e", "f"]);
  // a patch for a table this page holds no board of is a gap too
  const fresh = createModel({ send: (m) => out.push(m) });
  assert.equal(fresh.applyTable({ ...base, table: { id: "t2" }, rev: 1, n: 2, base: 1, patch: {} }), false);
  assert.deepEqual(out.at(-1), { type: "resync", table: "t2" });
});
