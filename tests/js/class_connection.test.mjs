import test from "node:test";
import assert from "node:assert/strict";
import { backoff, Connection, socketUrl } from "../../puffteach/server/static/connection.js";

test("backoff doubles from base to max, and jitter only shortens", () => {
  const none = { random: () => 0 };
  assert.deepEqual([0, 1, 2, 3].map((a) => backoff(a, none)), [500, 1000, 2000, 4000]);
  assert.equal(backoff(20, none), 15000);
  assert.equal(backoff(1000, none), 15000);
  assert.equal(backoff(2, { random: () => 1 }), 1500); // 2000 less a quarter
  assert.equal(backoff(-3, none), 500);
});

test("the socket address is the page's own host, wss under https", () => {
  assert.equal(socketUrl({ protocol: "http:", host: "classroom.test:8000" }), "ws://classroom.test:8000/ws");
  assert.equal(socketUrl({ protocol: "https:", host: "club.example" }), "wss://club.example/ws");
});

class FakeSocket {
  static all = [];
  constructor(url) { this.url = url; this.sent = []; this.readyState = 0; FakeSocket.all.push(this); }
  send(t) { this.sent.push(JSON.parse(t)); }
  close() { this.readyState = 3; }
  up() { this.readyState = 1; this.onopen(); }
  down(code = 1006) { this.readyState = 3; this.onclose({ code }); }
}

function setup() {
  FakeSocket.all = [];
  const timers = [];
  const got = [];
  const status = [];
  const conn = new Connection({ url: "ws://h/ws", hello: { type: "hello", role: "pupil", token: "T" },
    onMessage: (m) => got.push(m), onStatus: (s, sec) => status.push(sec === undefined ? s : `${s}:${sec}`),
    WebSocketImpl: FakeSocket, setTimer: (f, ms) => { timers.push({ f, ms }); return timers.length; },
    clearTimer: () => {}, backoffOptions: { random: () => 0 } });
  return { conn, timers, got, status };
}

test("hello first, queued messages after it; a drop reconnects with growing waits and the same hello", () => {
  const { conn, timers, got, status } = setup();
  conn.open();
  conn.send({ type: "view", lang: "sv" }); // before the socket is open
  const a = FakeSocket.all[0];
  a.up();
  assert.deepEqual(a.sent.map((m) => m.type), ["hello", "view"]);
  a.onmessage({ data: '{"type":"welcome"}' });
  a.onmessage({ data: "not json" });
  assert.deepEqual(got, [{ type: "welcome" }]);
  a.down();
  assert.equal(timers[0].ms, 500);
  timers[0].f();
  FakeSocket.all[1].down(); // the server is still away
  assert.equal(timers[1].ms, 1000);
  timers[1].f();
  const c = FakeSocket.all[2];
  c.up();
  assert.deepEqual(c.sent, [{ type: "hello", role: "pupil", token: "T" }]);
  c.down(); // after a success the wait starts again from the base
  assert.equal(timers[2].ms, 500);
  assert.deepEqual(status.slice(0, 4), ["connecting", "open", "waiting:1", "connecting"]);
});

test("a refused hello (1008) or close() stops reconnecting", () => {
  const { conn, timers } = setup();
  conn.open();
  FakeSocket.all[0].up();
  FakeSocket.all[0].down(1008);
  assert.equal(timers.length, 0);
  conn.open();
  assert.equal(FakeSocket.all.length, 1);
  const other = setup();
  other.conn.open();
  other.conn.close();
  FakeSocket.all[0].onclose({ code: 1006 });
  assert.equal(other.timers.length, 0);
});
