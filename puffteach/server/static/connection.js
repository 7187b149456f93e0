// A WebSocket to the class server that comes back by itself (PROTOCOL.md): after a drop it
// waits backoff(attempt) ms, opens a new socket and sends the same hello again (the token
// travels only in that first message). WebSocket and timers are injectable for the tests.

/** Milliseconds to wait before reconnect attempt `attempt` (0, 1, 2, ...): doubling from
 *  `base` up to `max`, with up to `jitter` of it taken off at random (so 25 pupils whose
 *  Wi-Fi comes back together do not all knock at once). */
export function backoff(attempt, { base = 500, max = 15000, jitter = 0.25, random = Math.random } = {}) {
  const n = Math.max(0, Math.floor(attempt));
  const full = Math.min(max, base * 2 ** Math.min(n, 30));
  return Math.round(full * (1 - jitter * random()));
}

/** The ws:// or wss:// address of /ws on the page's own host (no other host is used). */
export function socketUrl(loc) {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`;
}

export class Connection {
  /** hello: the first message (object); onMessage(msg); onStatus("connecting"|"open"|
   *  "waiting", seconds?). A message that is not JSON is ignored. */
  constructor({ url, hello, onMessage, onStatus = () => {}, WebSocketImpl = globalThis.WebSocket,
    setTimer = (f, ms) => setTimeout(f, ms), clearTimer = (t) => clearTimeout(t),
    backoffOptions = {} }) {
    Object.assign(this, { url, hello, onMessage, onStatus, WebSocketImpl, setTimer, clearTimer,
      backoffOptions });
    this.attempt = 0;
    this.socket = null;
    this.timer = null;
    this.closed = false;
    this.queue = []; // messages sent while the socket is not open: sent after the hello
  }

  open() {
    if (this.closed) return;
    this.onStatus("connecting");
    const ws = new this.WebSocketImpl(this.url);
    this.socket = ws;
    ws.onopen = () => {
      if (this.socket !== ws) return;
      this.attempt = 0;
      ws.send(JSON.stringify(this.hello));
      for (const m of this.queue.splice(0)) ws.send(JSON.stringify(m));
      this.onStatus("open");
    };
    ws.onmessage = (ev) => {
      if (this.socket !== ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && typeof msg === "object") this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.socket !== ws) return;
      this.socket = null;
      // 1008: the server refused the hello (a bad token): trying again would not help
      if (this.closed || (ev && ev.code === 1008)) { this.closed = true; this.onStatus("closed"); return; }
      const ms = backoff(this.attempt, this.backoffOptions);
      this.attempt += 1;
      this.onStatus("waiting", Math.ceil(ms / 1000));
      this.timer = this.setTimer(() => { this.timer = null; this.open(); }, ms);
    };
    ws.onerror = () => {}; // a close follows
  }

  send(msg) {
    const ws = this.socket;
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
    else this.queue.push(msg);
  }

  close() {
    this.closed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    if (this.socket) this.socket.close();
  }
}
