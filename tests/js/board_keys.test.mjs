import test from "node:test";
import assert from "node:assert/strict";
import { keyCommand, PAGE } from "../../puffteach/widget/static/keys.js";

const at = (index, selected = false) => ({ index, length: 26, selected });

test("the arrow keys walk the mover's path; Home/End go to its ends, Page keys a quarter", () => {
  assert.deepEqual(keyCommand("ArrowRight", at(3)), { go: 4 });
  assert.deepEqual(keyCommand("ArrowDown", at(3)), { go: 4 });
  assert.deepEqual(keyCommand("ArrowLeft", at(3)), { go: 2 });
  assert.deepEqual(keyCommand("ArrowUp", at(-1)), { go: 0 }); // nothing focused: the start
  assert.deepEqual(keyCommand("Home", at(9)), { go: 0 });
  assert.deepEqual(keyCommand("End", at(0)), { go: 25 });
  assert.deepEqual(keyCommand("PageDown", at(2)), { go: 2 + PAGE });
  assert.deepEqual(keyCommand("PageUp", at(-1)), { go: 0 });
});

test("Enter and Space click the place; Escape clears a selection or says there is none", () => {
  assert.deepEqual(keyCommand("Enter", at(1)), { send: { type: "click" } });
  assert.deepEqual(keyCommand(" ", at(1)), { send: { type: "click" } });
  assert.deepEqual(keyCommand("Escape", at(1, true)), { send: { type: "select", point: null } });
  assert.deepEqual(keyCommand("Escape", at(1)), { announce: "ui.nothing_selected" });
});

test("R rolls, u undoes, U redoes, H asks for a hint, ? the keys; other keys are not ours", () => {
  assert.deepEqual(keyCommand("r", at(0)), { send: { type: "roll" } });
  assert.deepEqual(keyCommand("R", at(0)), { send: { type: "roll" } });
  assert.deepEqual(keyCommand("u", at(0)), { send: { type: "undo" } });
  assert.deepEqual(keyCommand("U", at(0)), { send: { type: "redo" } });
  assert.deepEqual(keyCommand("h", at(0)), { hint: true });
  assert.deepEqual(keyCommand("?", at(0)), { help: true });
  for (const key of ["a", "Tab", "x", "1"]) assert.equal(keyCommand(key, at(0)), null, key);
});
