import test from "node:test";
import assert from "node:assert/strict";
import { nearestSpeed, shownRolls, SPEEDS } from "../../puffteach/widget/static/panels.js";

test("the speed shown is the choice nearest to the state's delay", () => {
  assert.deepEqual(SPEEDS, [900, 450, 150, 0]);
  assert.equal(nearestSpeed(450), 450);
  assert.equal(nearestSpeed(1000), 900);
  assert.equal(nearestSpeed(200), 150);
  assert.equal(nearestSpeed(40), 0);
});

test("the review lists only the errors by default, each keeping its number in the game", () => {
  const rolls = [{ text: "a", error: false }, { text: "b", error: true }, { text: "c", error: true }];
  assert.deepEqual(shownRolls(rolls, true).map((x) => [x.text, x.index]), [["b", 1], ["c", 2]]);
  assert.deepEqual(shownRolls(rolls, false).map((x) => x.index), [0, 1, 2]);
  assert.equal(rolls[0].index, undefined); // the state's list is left as it is
});
