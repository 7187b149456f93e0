import test from "node:test";
import assert from "node:assert/strict";
import { arrowShapes, arrowsOf, EDGE, TWIN_GAP } from "../../puffteach/widget/static/arrows.js";

const at = { 1: [100, 50], 2: [300, 50], 3: [700, 50], w0: [20, 80] };
const centre = (p) => at[p] || null;
const whole = [0, 0, 764, 400];

test("an arrow runs from centre to centre with its head at the target", () => {
  const [s] = arrowShapes([{ from: 1, to: 2 }], centre, whole);
  assert.deepEqual(s.p, [100, 50]);
  assert.deepEqual(s.q, [300, 50]);
  assert.deepEqual(s.head[0], [300, 50]);
  // the head's base lies 14 units back along the arrow, 7 either side of it
  assert.deepEqual(s.head.slice(1).map(([x]) => x), [286, 286]);
  assert.deepEqual(s.head.slice(1).map(([, y]) => y).sort((a, b) => a - b), [43, 57]);
  assert.equal(s.cut, null);
});

test("two arrows joining the same places lie side by side, the same distance apart", () => {
  const [a, b] = arrowShapes([{ from: 1, to: 2 }, { from: 1, to: 2 }], centre, whole);
  assert.equal(Math.abs(a.p[1] - b.p[1]), TWIN_GAP);
  assert.equal(a.p[1] + b.p[1], 100); // around the line between the centres
  assert.equal(a.p[0], b.p[0]);
});

test("on half a board an arrow leaving the half is cut at its edge and names its hidden end", () => {
  const left = [0, 0, 382, 400];
  const [s] = arrowShapes([{ from: 2, to: 3, path: [5, 10] }], centre, left);
  assert.equal(s.q[0], 382 - EDGE);
  assert.deepEqual(s.cut, [382 - EDGE, 50, 10]);
  // an arrow with both ends out of view is not drawn, one with a missing place neither
  assert.deepEqual(arrowShapes([{ from: 3, to: 3 }, { from: 1, to: 9 }], centre, left), []);
});

test("the hint's arrows win over the tutor's, but only for the revision they were made for", () => {
  const verdict = { arrows: [{ from: 1, to: 2 }] };
  const hint = { rev: "r1", arrows: [{ from: 2, to: 3 }] };
  assert.deepEqual(arrowsOf({ rev: "r1", hint, verdict }), { arrows: hint.arrows, from: "hint" });
  assert.deepEqual(arrowsOf({ rev: "r2", hint, verdict }), { arrows: verdict.arrows, from: "tutor" });
  assert.deepEqual(arrowsOf({}), { arrows: [], from: "tutor" });
});
