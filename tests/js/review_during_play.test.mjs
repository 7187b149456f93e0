import test from "node:test";
import assert from "node:assert/strict";
import { ReviewAhead, reviewsAhead } from "../../puffteach/widget/static/engine-client.js";

/** A worker that answers ``ahead`` calls when told: ``asked`` the messages, ``answer(i, left)``
 *  answers the i-th with ``left`` rolls left, ``fail(i)`` fails it. */
function fakeWorker() {
  const asked = [];
  const call = (msg) => new Promise((resolve, reject) => asked.push({ msg, resolve, reject }));
  const settle = async () => {
    for (let k = 0; k < 5; k++) await Promise.resolve(); // the loop takes the answer up
  };
  const answer = async (i, left) => {
    asked[i].resolve(JSON.stringify({ left }));
    await settle();
  };
  const fail = async (i) => {
    asked[i].reject(new Error("cancelled"));
    await settle();
  };
  return { asked, call, answer, fail };
}

const playing = {
  record: { rules: "lang-puff", events: [["roll", [3, 4]], ["move", "0/3"], ["move", "0/4*"]] },
  rev: "abc",
  history: ["1. W 3-4: 0/3 0/4*"],
  review: null,
  review_work: null,
  error: null,
};

test("a game with a roll played, not reviewed, is worked out ahead; nothing else is", () => {
  assert.equal(reviewsAhead(playing), true);
  assert.equal(reviewsAhead({ ...playing, outcome: { winner: "w" } }), true); // finished by play
  assert.equal(reviewsAhead({ ...playing, history: [] }), false); // no roll yet
  assert.equal(reviewsAhead({ ...playing, review: { rolls: [] } }), false);
  assert.equal(reviewsAhead({ ...playing, review_work: { rolls: [] } }), false);
  assert.equal(reviewsAhead({ ...playing, error: "refused" }), false);
  assert.equal(reviewsAhead({ ...playing, record: undefined }), false);
  assert.equal(reviewsAhead(null), false);
});

test("calls go one at a time with the record and revision, until no roll is left", async () => {
  const w = fakeWorker();
  const ahead = new ReviewAhead(w.call, 25);
  const done = ahead.work(playing, () => true);
  assert.equal(w.asked.length, 1); // one call at a time
  const m = w.asked[0].msg;
  assert.equal(m.type, "ahead");
  assert.equal(m.ms, 25);
  assert.deepEqual(JSON.parse(m.state), { record: playing.record, rev: "abc" }); // no more
  await w.answer(0, 7);
  assert.equal(w.asked.length, 2);
  assert.equal(ahead.left, 7);
  await w.answer(1, 0);
  assert.equal(await done, 2);
  assert.equal(w.asked.length, 2); // none left: no third call
  assert.equal(ahead.calls, 2);
  assert.equal(ahead.left, 0);
});

test("the work stops once the board moves on or an action waits, after the call under way", async () => {
  const w = fakeWorker();
  const ahead = new ReviewAhead(w.call);
  let still = true;
  const done = ahead.work(playing, () => still);
  await w.answer(0, 5);
  assert.equal(w.asked.length, 2);
  still = false; // the reader clicked: the board's action waits
  await w.answer(1, 4);
  assert.equal(await done, 2);
  assert.equal(w.asked.length, 2);
  // a newer work ends the older one
  const first = ahead.work(playing, () => true);
  const second = ahead.work({ ...playing, rev: "def" }, () => true);
  assert.equal(w.asked.length, 4);
  await w.answer(2, 3); // the older one's answer: it ends there
  await w.answer(3, 0);
  assert.equal(await first, 1);
  assert.equal(await second, 1);
  assert.equal(w.asked.length, 4);
  assert.equal(JSON.parse(w.asked[3].msg.state).rev, "def");
});

test("a failed call (the worker cancelled) ends the work; stop() ends it too", async () => {
  const w = fakeWorker();
  const ahead = new ReviewAhead(w.call);
  const done = ahead.work(playing, () => true);
  await w.fail(0);
  assert.equal(await done, 0);
  assert.equal(w.asked.length, 1);
  const again = ahead.work(playing, () => true);
  ahead.stop();
  await w.answer(1, 9);
  assert.equal(await again, 1);
  assert.equal(w.asked.length, 2);
});

test("no more calls than the limit from one state", async () => {
  const w = fakeWorker();
  const ahead = new ReviewAhead(w.call, 30, 3);
  const done = ahead.work(playing, () => true);
  for (let i = 0; i < 3; i++) await w.answer(i, 50);
  assert.equal(await done, 3);
  assert.equal(w.asked.length, 3);
});

test("a state with the rolls last worked out to the end asks nothing; after stop() it asks", async () => {
  const w = fakeWorker();
  const ahead = new ReviewAhead(w.call);
  const done = ahead.work(playing, () => true);
  await w.answer(0, 0);
  assert.equal(await done, 1);
  // a step within the next roll (the dice rolled, a checker moved): the same rolls played
  assert.equal(await ahead.work({ ...playing, rev: "abd" }, () => true), 0);
  assert.equal(w.asked.length, 1);
  // a roll more: asked
  const more = ahead.work({ ...playing, history: [...playing.history, "2. B 6-6"] }, () => true);
  assert.equal(w.asked.length, 2);
  await w.answer(1, 0);
  assert.equal(await more, 1);
  // the worker restarted (cancel stops the work): what it kept is gone, so it asks again
  ahead.stop();
  const again = ahead.work({ ...playing, history: [...playing.history, "2. B 6-6"] }, () => true);
  assert.equal(w.asked.length, 3);
  await w.answer(2, 0);
  assert.equal(await again, 1);
});
