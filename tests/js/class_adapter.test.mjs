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
