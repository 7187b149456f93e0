import test from "node:test";
import assert from "node:assert/strict";
import { connect, stateStore } from "../../puffteach/widget/static/engine-client.js";

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

test("a state held whole (the class adapter, the book's boards) is read and followed", () => {
  const model = fakeModel({ svg: "<svg/>", message: "a" });
  const store = stateStore(model);
  const seen = [];
  store.on((s) => seen.push(s.message));
  assert.equal(store.get().message, "a");
  model.set("state", { svg: "<svg/>", message: "b" });
  assert.deepEqual(seen, ["b"]);
  store.dispose();
  model.set("state", { message: "late" });
  assert.deepEqual(seen, ["b"]);
});

/** A model as the kernel's Board syncs it: every key of the state its own trait. */
function keyedModel(state, v = 1) {
  const model = fakeModel(undefined);
  model.set("state", undefined);
  for (const [k, x] of Object.entries(state)) model.set(`state.${k}`, x);
  model.set("_state_keys", Object.keys(state));
  model.set("_state_v", v);
  return model;
}

/** A kernel update: the keys in the order the message has them (marimo sets them one by one). */
function update(model, changes) {
  for (const [k, x] of Object.entries(changes)) model.set(k, x);
}

test("the kernel's keys make the state; a step's changed keys change it once, at _state_v", () => {
  const model = keyedModel({ svg: "<svg/>", selected: null, marks: [], message: "" });
  const store = stateStore(model);
  assert.deepEqual(store.get(), { svg: "<svg/>", selected: null, marks: [], message: "" });
  const seen = [];
  store.on((s) => seen.push(s));
  const svg = store.get().svg;
  update(model, {
    "state.selected": { point: 5 }, "state.marks": [{ place: 5, svg: "<g/>" }],
    "state.message": "selected", _state_v: 2,
  });
  assert.equal(seen.length, 1); // once a step, with every key in place
  assert.deepEqual(seen[0].selected, { point: 5 });
  assert.equal(seen[0].message, "selected");
  assert.equal(seen[0].svg, svg); // the drawing, not sent again, is the same string
  // a key the state dropped: null, and gone from the names
  update(model, { "state.hint": { plays: [] }, _state_keys: ["svg", "selected", "marks", "message", "hint"], _state_v: 3 });
  assert.deepEqual(store.get().hint, { plays: [] });
  update(model, { "state.hint": null, _state_keys: ["svg", "selected", "marks", "message"], _state_v: 4 });
  assert.equal("hint" in store.get(), false);
});

test("with a kernel (or the class adapter) actions go out by model.send, the state comes back", () => {
  const model = keyedModel({ rev: "r1", svg: "<svg/>", message: "" });
  const seen = [];
  const engine = connect(model, {}, null);
  engine.state.on((s) => seen.push(s.message));
  assert.equal(engine.isStatic, false);
  engine.send({ type: "click", point: 5 });
  assert.deepEqual(model.sent, [{ type: "click", point: 5 }]);
  update(model, { "state.message": "selected", _state_v: 2 });
  assert.deepEqual(seen, ["selected"]);
  assert.equal(engine.state.get().svg, "<svg/>");
  model.custom({ patch: { message: "no" } }); // custom messages carry no state
  assert.equal(engine.state.get().message, "selected");
  engine.dispose();
  update(model, { "state.message": "late", _state_v: 3 }); // after dispose: not followed
  assert.deepEqual(seen, ["selected"]);
});
