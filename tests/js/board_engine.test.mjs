import test from "node:test";
import assert from "node:assert/strict";
import { applyPatch, connect, isPatch } from "../../puffteach/widget/static/engine-client.js";

/** An anywidget-like model: traits, change events, custom messages, what it sent. */
function fakeModel(state) {
  const values = new Map([["state", state]]);
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    get: (k) => values.get(k),
    set(k, v) {
      values.set(k, v);
      for (const cb of handlers.get(`change:${k}`) || []) cb(v);
    },
    on(name, cb) { handlers.set(name, [...(handlers.get(name) || []), cb]); },
    off(name, cb) { handlers.set(name, (handlers.get(name) || []).filter((f) => f !== cb)); },
    send: (m) => sent.push(m),
    custom(msg) { for (const cb of handlers.get("msg:custom") || []) cb(msg); },
  };
}

test("a patch replaces the fields it holds and keeps the others", () => {
  const s = { svg: "<svg/>", selected: null, message: "a" };
  const next = applyPatch(s, { selected: { point: 5 }, message: "b" });
  assert.deepEqual(next, { svg: "<svg/>", selected: { point: 5 }, message: "b" });
  assert.equal(s.message, "a"); // the old state is not changed
  assert.deepEqual(applyPatch(s, { hint: null }).hint, null); // a dropped field
});

test("only an object under patch is a patch", () => {
  assert.equal(isPatch({ patch: { a: 1 } }), true);
  for (const m of [null, "x", {}, { patch: null }, { patch: [1] }, { patch: "a" }]) {
    assert.equal(isPatch(m), false, JSON.stringify(m));
  }
});

test("with a kernel (or the class adapter) actions go out by model.send, patches come back", () => {
  const model = fakeModel({ rev: "r1", svg: "<svg/>", message: "" });
  const seen = [];
  model.on("change:state", (s) => seen.push(s.message));
  const engine = connect(model, {}, null);
  assert.equal(engine.isStatic, false);
  engine.send({ type: "click", point: 5 });
  assert.deepEqual(model.sent, [{ type: "click", point: 5 }]);
  model.custom({ patch: { message: "selected" } });
  assert.deepEqual(seen, ["selected"]);
  assert.equal(model.get("state").svg, "<svg/>");
  model.custom({ other: 1 }); // not a patch: nothing happens
  engine.dispose();
  model.custom({ patch: { message: "late" } }); // after dispose: not merged
  assert.deepEqual(seen, ["selected"]);
});
