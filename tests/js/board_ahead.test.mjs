import test from "node:test";
import assert from "node:assert/strict";
import { StepsAhead } from "../../puffteach/widget/static/engine-client.js";
import { awaitsReview, reviewStep } from "../../puffteach/widget/static/panels.js";

const REVIEW = JSON.stringify(reviewStep());
const more = (s) => !s.error && !!s.review_work;

/** A worker that answers each step when told: ``asked`` the steps sent (state, action),
 *  ``answer(i)`` answers the i-th by ``rule`` (a review of ``total`` steps by default). */
function fakeWorker(total = 3) {
  const asked = [];
  const rule = (state, action) => {
    const s = JSON.parse(state);
    if (JSON.parse(action).type !== "review") return { ...s, moved: true };
    const done = (s.review_work ? s.review_work.done : 0) + 1;
    return done < total
      ? { ...s, review_work: { done }, review: null }
      : { ...s, review_work: null, review: { steps: done } };
  };
  const send = (state, action) => new Promise((resolve, reject) => {
    asked.push({ state, action, resolve, reject });
  });
  const answer = async (i) => {
    const a = asked[i];
    a.resolve(JSON.stringify(rule(a.state, a.action)));
    for (let k = 0; k < 5; k++) await Promise.resolve(); // the chain takes the answer up
  };
  return { asked, send, answer };
}

const finished = { outcome: { winner: "w" }, review: null, review_work: null, error: null };
const text = (s) => JSON.stringify(s);

test("a finished game not yet reviewed awaits its review; any other state does not", () => {
  assert.equal(awaitsReview(finished), true);
  assert.equal(awaitsReview({ ...finished, outcome: null }), false); // a game under way
  assert.equal(awaitsReview({ ...finished, review: { rolls: [] } }), false);
  assert.equal(awaitsReview({ ...finished, review_work: { rolls: [] } }), false);
  assert.equal(awaitsReview({ ...finished, error: "refused" }), false);
  assert.equal(awaitsReview(null), false);
});

test("the review is worked out ahead step by step, and the board's steps are the kept ones", async () => {
  const w = fakeWorker(3);
  const ahead = new StepsAhead(w.send, REVIEW);
  const done = ahead.prepare(text(finished), more);
  assert.equal(w.asked.length, 1); // one step at a time
  await w.answer(0);
  assert.equal(w.asked.length, 2);
  assert.equal(JSON.parse(w.asked[1].state).review_work.done, 1); // from the last answer
  await w.answer(1);
  await w.answer(2);
  assert.equal(await done, 3);
  assert.equal(w.asked.length, 3); // the last answer (review_work null) ends it
  // the board asks the same steps: every one answered without the worker
  let s = finished;
  for (let i = 0; i < 3; i++) s = JSON.parse(await ahead.step(text(s), REVIEW));
  assert.deepEqual(s.review, { steps: 3 });
  assert.equal(w.asked.length, 3);
  assert.deepEqual([ahead.sent, ahead.hits], [3, 3]);
});

test("Review pressed while a step is under way gets that step's answer, not a second one", async () => {
  const w = fakeWorker(2);
  const ahead = new StepsAhead(w.send, REVIEW);
  const done = ahead.prepare(text(finished), more);
  const pressed = ahead.step(text(finished), REVIEW);
  assert.equal(w.asked.length, 1);
  await w.answer(0);
  const s1 = JSON.parse(await pressed);
  assert.deepEqual(s1.review_work, { done: 1 });
  // the next step is under way for the work ahead: the board's ask joins it
  const next = ahead.step(text(s1), REVIEW);
  assert.equal(w.asked.length, 2);
  await w.answer(1);
  assert.deepEqual(JSON.parse(await next).review, { steps: 2 });
  assert.equal(await done, 2);
  assert.equal(w.asked.length, 2);
});

test("Review pressed before the work ahead began is asked once and taken up by it", async () => {
  const w = fakeWorker(2);
  const ahead = new StepsAhead(w.send, REVIEW);
  const pressed = ahead.step(text(finished), REVIEW);
  const done = ahead.prepare(text(finished), more);
  assert.equal(w.asked.length, 1); // the board's ask, not a second one
  await w.answer(0);
  assert.deepEqual(JSON.parse(await pressed).review_work, { done: 1 });
  assert.equal(w.asked.length, 2); // the work ahead went on from its answer
  await w.answer(1);
  assert.equal(await done, 2);
  assert.equal(ahead.sent, 1);
});

test("another action (another record, New game) ends the work ahead and drops what was kept", async () => {
  const w = fakeWorker(5);
  const ahead = new StepsAhead(w.send, REVIEW);
  const done = ahead.prepare(text(finished), more);
  await w.answer(0);
  assert.equal(w.asked.length, 2); // the second step under way
  const other = ahead.step(text({ ...finished, outcome: null }), JSON.stringify({ type: "new_game" }));
  assert.equal(w.asked.length, 3); // asked at once (the worker answers it after the step under way)
  await w.answer(1); // the step under way ends, and nothing follows it
  await w.answer(2);
  assert.equal(await done, 2);
  assert.equal(w.asked.length, 3);
  assert.equal(JSON.parse(await other).moved, true);
  assert.equal(ahead.kept.size, 0);
  // a review asked now is the worker's again (nothing kept answers it)
  ahead.step(text(finished), REVIEW);
  assert.equal(w.asked.length, 4);
  assert.equal(ahead.hits, 0);
});

test("a step that fails is not kept, and the work ahead stops there", async () => {
  const w = fakeWorker(3);
  const ahead = new StepsAhead(w.send, REVIEW);
  const done = ahead.prepare(text(finished), more);
  w.asked[0].reject(Object.assign(new Error("cancelled"), { cancelled: true }));
  assert.equal(await done, 1);
  assert.equal(ahead.kept.size, 0);
  const again = ahead.step(text(finished), REVIEW);
  assert.equal(w.asked.length, 2); // asked anew
  await w.answer(1);
  assert.deepEqual(JSON.parse(await again).review_work, { done: 1 });
});

test("the work ahead stops at its limit", async () => {
  const w = fakeWorker(100);
  const ahead = new StepsAhead(w.send, REVIEW, 4);
  const done = ahead.prepare(text(finished), more);
  for (let i = 0; i < 4; i++) await w.answer(i);
  assert.equal(await done, 4);
  assert.equal(w.asked.length, 4);
});
