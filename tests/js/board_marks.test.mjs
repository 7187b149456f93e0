import test from "node:test";
import assert from "node:assert/strict";
import { marksPlan } from "../../puffteach/widget/static/marks.js";

const shown = (pairs) => new Map(pairs);

test("a selection puts the marked groups; nothing shown yet means nothing to restore", () => {
  const marks = [{ place: "w0", svg: "<g a/>" }, { place: 5, svg: "<g b/>" }];
  assert.deepEqual(marksPlan(shown([]), marks), {
    restore: [], put: [["w0", "<g a/>"], [5, "<g b/>"]],
  });
});

test("the same marks again change nothing; a changed or dropped mark is restored first", () => {
  const now = shown([["w0", "<g a/>"], [5, "<g b/>"]]);
  assert.deepEqual(marksPlan(now, [{ place: "w0", svg: "<g a/>" }, { place: 5, svg: "<g b/>" }]),
    { restore: [], put: [] });
  assert.deepEqual(marksPlan(now, [{ place: 5, svg: "<g c/>" }, { place: 8, svg: "<g d/>" }]), {
    restore: ["w0", 5], put: [[5, "<g c/>"], [8, "<g d/>"]],
  });
  // deselected: every mark goes back to the drawing's own group
  assert.deepEqual(marksPlan(now, []), { restore: ["w0", 5], put: [] });
  assert.deepEqual(marksPlan(now, undefined), { restore: ["w0", 5], put: [] });
});

test("a point 5 and a pool named '5' are different places; malformed marks are left out", () => {
  const plan = marksPlan(shown([]), [
    { place: 5, svg: "<g x/>" }, { place: "5", svg: "<g y/>" },
    { place: null, svg: "<g/>" }, { place: 3 }, "junk", null,
  ]);
  assert.deepEqual(plan, { restore: [], put: [[5, "<g x/>"], ["5", "<g y/>"]] });
});
