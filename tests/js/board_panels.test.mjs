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

test("against the computer, only the errors are the people's (issue 44 item 9)", () => {
  const rolls = [
    { text: "w1", side: "w", error: true },
    { text: "b1", side: "b", error: true },
    { text: "w2", side: "w", error: false },
    { text: "b2", side: "b", error: true },
  ];
  const texts = (players, only = true) => shownRolls(rolls, only, players).map((x) => x.text);
  assert.deepEqual(texts({ w: "human", b: "beginner" }), ["w1"]);
  assert.deepEqual(texts({ w: "expert", b: "human" }), ["b1", "b2"]);
  // two people, or two computers: every error
  assert.deepEqual(texts({ w: "human", b: "human" }), ["w1", "b1", "b2"]);
  assert.deepEqual(texts({ w: "random", b: "beginner" }), ["w1", "b1", "b2"]);
  assert.deepEqual(texts({}), ["w1", "b1", "b2"]);
  // every roll when the filter is off, the computer's too
  assert.deepEqual(texts({ w: "human", b: "beginner" }, false), ["w1", "b1", "w2", "b2"]);
});
