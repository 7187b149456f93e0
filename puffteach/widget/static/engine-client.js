// The board's engine client: one interface to whatever runs the rules.
//
// - Jupyter (anywidget) and the class pages (puffteach/server/static/adapter.js): the model
//   runs them elsewhere; an action goes out with model.send(action) and the new state comes
//   back in the model. The kernel's Board syncs each key of the state as its own trait
//   ("state.<key>", the names in "_state_keys", "_state_v" counting the steps) and a step
//   sends only the keys it changed (puffteach.widget.protocol.patch_of); stateStore reads
//   them. The class pages' adapter and the book's own boards hold the state whole ("state").
//   A click that only selects changes state.marks (marks.js), not state.svg, so it is small.
// - The static book (no kernel): the built site sets window.PUFFTEACH = {pyodide, wheel} (see
//   puffteach/sphinxext/vendor.py). There the board first shows its embedded state; the first
//   action (or the Play button) boots Pyodide in a module Web Worker (engine-worker.js) and
//   from then on the worker applies protocol.step(state, action) and answers with the state;
//   the model's traits are set here. One worker serves every board of the page.
import { say } from "./dom.js";
import { awaitsReview, reviewStep } from "./panels.js";

// ------------------------------------------------------------------ steps worked out ahead
/** Steps worked out before the reader asks (issue 44): a shared link to a finished game opens
 *  where Review is the natural next action, and the review's first steps run 2-4 times slower
 *  on WebAssembly just loaded (V8's baseline tier) than later. So once the engine is ready the
 *  page's client sends the review's steps itself, one after the other (``prepare``), and keeps
 *  each answer (a promise of the state's JSON text) under its step: the state's and the
 *  action's JSON text. A step the board asks (``step``) that is kept is answered by the kept
 *  promise (at once when done; a step under way is not asked twice); any other ends the work
 *  ahead and drops what was kept (another record, another action: nothing is waited for but
 *  the one step under way in the worker). Only steps of ``action`` are kept, and a review
 *  step is a function of its state (no dice), so a kept answer is the one the worker would
 *  give. ``send(stateText, actionText)`` asks the worker. */
export class StepsAhead {
  constructor(send, action, limit = 64) {
    this.send = send;
    this.action = action; // the action text of the steps worked out and kept
    this.limit = limit; // steps at most (a whole review of a long game takes about 10)
    this.kept = new Map();
    this.run = 0; // the work ahead under way (a new number ends the older)
    this.sent = 0; // steps sent ahead (the page's tests and benchmark read these)
    this.hits = 0; // steps answered by a kept one
    this.asked = 0; // steps of ``action`` the board asked of the worker (none kept)
    this.done = 0; // works ahead ended
  }

  /** The answer to the board's step: the kept one, or the worker's (kept too if it is a step
   *  of ``action``, for the work ahead to take up; any other ends the work ahead). */
  step(stateText, actionText) {
    const key = `${actionText}\n${stateText}`;
    const hit = this.kept.get(key);
    if (hit) {
      this.hits += 1;
      return hit;
    }
    const same = actionText === this.action;
    if (!same) this.stop();
    const answer = this.send(stateText, actionText);
    if (same) {
      this.asked += 1;
      this.keep(key, answer);
    }
    return answer;
  }

  keep(key, answer) {
    this.kept.set(key, answer);
    // a failed step is not kept (the next ask tries again)
    answer.catch(() => {
      if (this.kept.get(key) === answer) this.kept.delete(key);
    });
  }

  /** Work out the steps of ``action`` from ``state`` (JSON text), each from the last one's
   *  answer, while ``more(answer)`` (the new state) says so; resolves to the number of steps
   *  (those the board asked first included: they are taken up, not asked again). */
  async prepare(stateText, more) {
    const run = ++this.run;
    let text = stateText;
    let n = 0;
    while (n < this.limit && run === this.run) {
      const key = `${this.action}\n${text}`;
      let answer = this.kept.get(key);
      if (!answer) {
        answer = this.send(text, this.action);
        this.sent += 1;
        this.keep(key, answer);
      }
      n += 1;
      let next;
      try {
        next = JSON.parse(await answer);
      } catch {
        break; // (cancelled, failed: the board's own ask says so)
      }
      if (run !== this.run || !more(next)) break;
      text = JSON.stringify(next); // as the board sends the state it was given
    }
    this.done += 1;
    return n;
  }

  /** End the work ahead and drop what was kept. */
  stop() {
    this.run += 1;
    this.kept.clear();
  }
}

// ------------------------------------------------------------ the review worked out during play
/** The review worked out while a game is played (issue 44): the Review button at the end of
 *  a long game cost seconds under Pyodide, the luck of every roll most of them, though the
 *  worker sat idle while the reader thought. So after each step of a board, once the page is
 *  idle, the page's client asks the worker to work out and keep the review of the rolls
 *  played so far (``ahead``: ``puffteach.widget.worker.ahead_json``, about ``ms`` ms of
 *  ``hint.review_ahead`` a call, answered with how many rolls are left), call after call while
 *  rolls are left and ``still()`` (the board shows the state it started from, no action of it
 *  waits: an action waits for one call at most). Nothing of the board's state changes; the
 *  Review button's steps find the rolls kept and show the review in one step. ``call(msg)``
 *  asks the worker. */
export class ReviewAhead {
  constructor(call, ms = 30, limit = 1000) {
    this.call = call;
    this.ms = ms;
    this.limit = limit; // calls at most from one state
    this.run = 0; // the work under way (a new number ends the older)
    this.calls = 0; // calls made (the page's tests and benchmark read these)
    this.left = null; // rolls left after the last answer
    this.caught = null; // the rolls of the last state worked out to the end (rollsOf)
  }

  /** Work ahead from board state ``state`` while ``still()``; resolves to the calls made
   *  (none when its rolls are those last worked out to the end: a step within a roll). */
  async work(state, still) {
    const run = ++this.run;
    const rolls = rollsOf(state);
    if (rolls === this.caught) return 0;
    const text = JSON.stringify({ record: state.record, rev: state.rev });
    let n = 0;
    while (n < this.limit && run === this.run && still()) {
      let left;
      try {
        left = JSON.parse(await this.call({ type: "ahead", state: text, ms: this.ms })).left;
      } catch {
        break; // (cancelled, a worker that failed: the board's own steps say so)
      }
      n += 1;
      this.calls += 1;
      this.left = left;
      if (!left) {
        this.caught = rolls;
        break;
      }
    }
    return n;
  }

  /** End the work under way (after the call in the worker); a worker restarted (``cancel``)
   *  has forgotten what it kept, so the next work asks again. */
  stop() {
    this.run += 1;
    this.caught = null;
  }
}

/** The rolls a board state has played, as text: its rule set, start, number of rolls and
 *  the last one's line (the same text: the same rolls, bar an undo replayed alike). */
function rollsOf(s) {
  const h = s.history || [];
  return JSON.stringify([s.record.rules, s.record.start, h.length, h[h.length - 1]]);
}

/** Does board state ``s`` hold rolls whose review can be worked out during play (a game with
 *  a roll played, no review shown or under way)? */
export function reviewsAhead(s) {
  return !!(s && s.record && Array.isArray(s.history) && s.history.length > 0
    && !s.review && !s.review_work && !s.error);
}

// ------------------------------------------------------------------ static book (engine worker)
const ENGINE = "__puffteachEngine"; // window property: the page's one engine (a promise)

/** The static book's configuration, or null in Jupyter (where the kernel runs the engine). */
export function staticConfig() {
  const cfg = typeof window !== "undefined" ? window.PUFFTEACH : undefined;
  return cfg && cfg.static && cfg.pyodide && cfg.wheel ? cfg : null;
}


/** Wait (a little) for the book's service worker to control the page, so that the engine
 *  worker's downloads go through its cache (first visit); never longer than 1.5 s. */
function serviceWorkerReady() {
  const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  if (!sw || sw.controller || !window.__puffteachSW) return Promise.resolve();
  return Promise.race([
    new Promise((res) => sw.addEventListener("controllerchange", res, { once: true })),
    new Promise((res) => setTimeout(res, 1500)),
  ]);
}

/** The page's engine: a module Web Worker running Pyodide (engine-worker.js). Requests carry
 *  ids; ``cancel()`` terminates the worker (a long call stops at once) and starts a new one. */
class EngineClient {
  constructor(cfg) {
    this.cfg = cfg;
    this.pending = new Map();
    this.nextId = 1;
    this.started = performance.now();
    const send = (state, action) => this.call({ type: "step", state, action });
    this.ahead = new StepsAhead(send, JSON.stringify(reviewStep()));
    this.during = new ReviewAhead((msg) => this.call(msg));
    this.start();
  }

  start() {
    const base = new URL(this.cfg.base || ".", document.baseURI);
    const workerUrl = new URL(this.cfg.worker || "engine-worker.js", base).href;
    // the page's head may have started the worker already (vendor.py, PREBOOT_JS): adopt it
    const pre = window.__puffteachPreboot;
    window.__puffteachPreboot = null; // once: a restart (cancel) starts a new worker
    const booted = pre ? this.adopt(pre) : serviceWorkerReady().then(() => {
      this.attach(new Worker(workerUrl, { type: "module" }));
      return this.request({
        type: "boot",
        pyodide: new URL(this.cfg.pyodide, document.baseURI).href,
        wheel: new URL(this.cfg.wheel, document.baseURI).href,
        // Pyodide with the engine imported, made at build time (the worker restores it)
        snapshot: this.cfg.snapshot ? new URL(this.cfg.snapshot, document.baseURI).href : null,
      });
    });
    this.ready = booted.then((r) => {
      window.__puffteachEngineMs = performance.now() - this.started;
      window.__puffteachBootMs = r && r.ms;
      window.__puffteachBootPhases = r && r.phases;
      return this;
    });
    return this.ready;
  }

  attach(worker) {
    this.worker = worker;
    worker.onmessage = (ev) => this.receive(ev);
    worker.onerror = (ev) => {
      ev.preventDefault();
      this.failAll(new Error(ev.message || "ui.engine.failed"));
    };
  }

  receive(ev) {
    const { id, result, error, params, phases } = ev.data || {};
    // where the boot's time went, updated after the first answer and the snapshot
    if (id === undefined && phases) window.__puffteachBootPhases = phases;
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (error !== undefined) p.reject(Object.assign(new Error(error), { params }));
    else p.resolve(result);
  }

  /** The worker the page's head started, with its boot request (id 0) under way or answered. */
  adopt(pre) {
    this.started = pre.started;
    this.preboot = true;
    const later = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    const already = pre.boot.then((m) => {
      if (m.error !== undefined) throw Object.assign(new Error(m.error), { params: m.params });
      return m.result;
    });
    this.attach(pre.worker);
    for (const ev of pre.queue) this.receive(ev);
    return Promise.race([already, later]).finally(() => this.pending.delete(0));
  }

  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** A request to the worker that is ready now (after a cancel, the new one). */
  async call(msg) {
    for (;;) {
      const ready = this.ready;
      await ready;
      if (ready === this.ready && this.worker) return this.request(msg);
    }
  }

  failAll(error) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error);
  }

  /** protocol.step(state, action) in the worker (or the answer worked out ahead). */
  async step(state, action) {
    return JSON.parse(await this.ahead.step(JSON.stringify(state), JSON.stringify(action)));
  }

  /** A finished game's review worked out ahead (``state`` the board's), while nothing else is
   *  asked; a game not finished, or already reviewed, gets nothing. */
  prepareReview(state) {
    if (!awaitsReview(state)) return Promise.resolve(0);
    const more = (s) => !s.error && !!s.review_work;
    return this.ahead.prepare(JSON.stringify(state), more);
  }

  /** The review of board state ``state``'s rolls worked out while ``still()`` (ReviewAhead). */
  reviewDuringPlay(state, still) {
    if (!reviewsAhead(state)) return Promise.resolve(0);
    return this.during.work(state, still);
  }

  /** protocol.initial_state(rules, position, seed, **view) in the worker ({error} if refused). */
  async initial(args) {
    return JSON.parse(await this.call({ type: "initial", args: JSON.stringify(args) }));
  }

  /** The names of the computer players a side can be given (``players`` action). */
  async players() {
    return JSON.parse(await this.call({ type: "players" }));
  }

  /** Stop whatever the worker is doing (its requests fail with ``cancelled``) and restart it. */
  cancel() {
    this.ahead.stop();
    this.during.stop();
    if (this.worker) this.worker.terminate();
    this.worker = null; // calls not yet sent wait for the new worker
    const e = new Error("cancelled");
    e.cancelled = true;
    this.failAll(e);
    this.started = performance.now();
    return this.start();
  }
}

/** What went wrong, in the board's words: the worker's own failures are ``ui.engine.*`` keys
 * (with ``params``); anything else (the browser's, Pyodide's) is shown as it came. */
export function reason(state, e) {
  const text = e && e.message ? e.message : String(e);
  return text.startsWith("ui.") ? say(state, text, (e && e.params) || {}) : text;
}

/** Start the page's one engine (once); resolves to the EngineClient when it is ready. */
export function loadEngine(cfg = staticConfig()) {
  if (!window[ENGINE]) {
    const client = new EngineClient(cfg);
    const promise = client.ready;
    window[ENGINE] = promise;
    window.__puffteachClient = client;
    promise.catch(() => {
      if (window[ENGINE] === promise) window[ENGINE] = null; // the next action tries again
    });
  }
  return window[ENGINE];
}

function staticSender(model, store, root, status, start, stop) {
  let queue = Promise.resolve();
  const show = (phase, text) => {
    root.dataset.engine = phase;
    status.textContent = text;
    status.hidden = !text;
    start.hidden = phase !== "idle" && phase !== "failed";
  };
  const cur = store.get;
  if (typeof location !== "undefined" && location.protocol === "file:") {
    show("file", say(cur(), "ui.file"));
    start.hidden = true;
    return () => {};
  }
  show("idle", "");
  const boot = async () => {
    const loading = window[ENGINE] ? null : "new";
    if (root.dataset.engine !== "ready") show("loading", say(cur(), "ui.loading"));
    try {
      const engine = await loadEngine();
      show("ready", "");
      return engine;
    } catch (e) {
      show("failed", say(cur(), "ui.load_failed", { error: reason(cur(), e) }));
      if (loading) console.warn("puffteach:", e);
      return null;
    }
  };
  // another board of the page (or the page's idle time) started the engine: show it here too
  const ready = () => {
    if (root.dataset.engine === "idle") show("ready", "");
  };
  document.addEventListener("puffteach:engine-ready", ready);
  if (window[ENGINE]) window[ENGINE].then(ready, () => {}); // mounted after the engine started
  // a board that opens on a finished game (a shared link to it): its review worked out while
  // the page is idle once the engine is ready (StepsAhead), for the Review button
  const opened = cur();
  if (awaitsReview(opened)) {
    const ahead = () => {
      document.removeEventListener("puffteach:engine-ready", ahead);
      const idle = window.requestIdleCallback || ((cb) => setTimeout(cb, 50));
      idle(() => {
        const client = window.__puffteachClient;
        if (cur() === opened && client) client.prepareReview(opened);
      }, { timeout: 1000 });
    };
    if (window[ENGINE]) window[ENGINE].then(ahead, () => {});
    else document.addEventListener("puffteach:engine-ready", ahead);
  }
  const apply = (next) => {
    model.set("state", next);
    model.set("svg", next.svg);
    model.set("rules", next.rules);
    model.set("position", next.position);
    model.set("dice", next.dice || []);
    model.set("history", next.history || []);
  };
  start.addEventListener("click", () => {
    queue = queue.then(boot);
  });
  // the review of the game worked out while the reader plays (ReviewAhead): after a step,
  // once the page is idle, while the board shows that step's state and no action waits
  let waiting = 0; // the board's actions sent and not yet done
  const idle = (typeof window !== "undefined" && window.requestIdleCallback)
    || ((cb) => setTimeout(cb, 50));
  const workAhead = () => {
    const s = cur();
    if (!reviewsAhead(s)) return;
    idle(() => {
      const client = window.__puffteachClient;
      const still = () => cur() === s && !waiting;
      if (client && still()) client.reviewDuringPlay(s, still);
    }, { timeout: 1000 });
  };
  let inFlight = false;
  return (action) => {
    // New game or Undo stops a computer's move still being computed (issue 10); the step
    // that started it (the human's last step) is dropped with it, so that is the Undo
    const cancels = inFlight && (action.type === "new_game" || action.type === "undo")
      && window.__puffteachClient;
    if (cancels) window.__puffteachClient.cancel();
    waiting += 1;
    queue = queue.then(async () => {
      if (cancels && action.type === "undo") return;
      const engine = await boot();
      if (!engine) return;
      // a step that takes long can be stopped (the worker is restarted)
      const timer = setTimeout(() => {
        status.textContent = say(cur(), "ui.working");
        status.hidden = false;
        stop.hidden = false;
      }, 800);
      stop.onclick = () => engine.cancel();
      inFlight = true;
      try {
        apply(await engine.step(cur(), action));
      } catch (e) {
        if (e && e.cancelled) {
          apply({ ...cur(), message: say(cur(), "ui.stopped"), error: null });
        } else {
          show("failed", say(cur(), "ui.load_failed", { error: reason(cur(), e) }));
        }
      } finally {
        inFlight = false;
        waiting -= 1;
        clearTimeout(timer);
        stop.hidden = true;
        if (root.dataset.engine === "ready") {
          status.textContent = "";
          status.hidden = true;
          if (!waiting) workAhead();
        }
      }
    });
  };
}

/** The board's state as ``model`` holds it, and its changes: whole in ``"state"`` (the class
 *  pages' adapter, the book's own boards, the static book's worker answers, a notebook saved
 *  before 6 Dec 2026), or key by key as the kernel's Board syncs it (``"state.<key>"`` for
 *  every name in ``"_state_keys"``; ``"_state_v"`` changes once a step, after the keys, so
 *  the state is read again then). ``get()`` the current state, ``on(f)``/``off(f)`` follow its
 *  changes, ``dispose()``. */
export function stateStore(model) {
  const fromKeys = () => {
    const keys = model.get("_state_keys");
    if (!Array.isArray(keys)) return null;
    const s = {};
    for (const k of keys) s[k] = model.get(`state.${k}`);
    return s;
  };
  const whole = () => {
    const s = model.get("state");
    return s && typeof s === "object" ? s : null;
  };
  let current = whole() || fromKeys() || {};
  const listeners = new Set();
  const changed = (next) => {
    if (!next) return;
    current = next;
    for (const f of [...listeners]) f(current);
  };
  const onWhole = () => changed(whole());
  const onKeys = () => changed(fromKeys());
  model.on("change:state", onWhole);
  model.on("change:_state_v", onKeys);
  return {
    get: () => current,
    on: (f) => listeners.add(f),
    off: (f) => listeners.delete(f),
    dispose() {
      listeners.clear();
      model.off("change:state", onWhole);
      model.off("change:_state_v", onKeys);
    },
  };
}

/** Is ``msg`` (a custom message from the kernel) the answer to the board's ``hello``? */
export function isHello(msg) {
  return !!(msg && typeof msg === "object" && msg.hello === true);
}

/** Is ``el`` drawn by marimo (its anywidget element, ``<marimo-anywidget>``, holds the board
 *  in its shadow root)? */
export function inMarimo(el) {
  const root = el && el.getRootNode ? el.getRootNode() : null;
  return !!(root && root.host && root.host.tagName === "MARIMO-ANYWIDGET");
}

// ms the board waits for the kernel's answer to its hello before it says nobody answers
export const HELLO_WAIT = 4000;

/** The board's one way to the engine: ``send(action)``, ``state`` (a stateStore: the state
 *  to draw and its changes) and ``dispose()``. In the static book (``window.PUFFTEACH``) the
 *  page's worker runs the step; elsewhere the model sends the action (the kernel, or the class
 *  pages' adapter) and the state comes back in the model (the kernel's: only the keys that
 *  changed). ``ui`` holds the status elements (``root``, ``status``, ``start``,
 *  ``stop``) and the element the board is drawn in (``el``).
 *
 *  In marimo an action goes through the synced trait ``action`` (Board._on_action): marimo
 *  runs the cells that read ``board.value`` again only when the page changes a trait, and
 *  a custom message changes none. Under a real widget manager (Jupyter, marimo, an exported
 *  page's html-manager) the board greets the kernel (``{"type": "hello"}``, answered by
 *  ``{"hello": true}``); with no answer in HELLO_WAIT ms it says that no kernel runs it
 *  (``ui.no_kernel``): a page exported by nbconvert, or a notebook opened with its kernel
 *  stopped. Any answer later takes the note away. */
export function connect(model, ui, cfg = staticConfig()) {
  const store = stateStore(model);
  if (cfg) {
    return { send: staticSender(model, store, ui.root, ui.status, ui.start, ui.stop),
      state: store, dispose: store.dispose, isStatic: true };
  }
  let answered = false;
  let timer = null;
  const heard = () => {
    answered = true;
    clearTimeout(timer);
    if (ui.root && ui.root.dataset.engine === "nokernel") {
      delete ui.root.dataset.engine;
      ui.status.textContent = "";
      ui.status.hidden = true;
    }
  };
  const onHello = (msg) => {
    if (isHello(msg)) heard();
  };
  model.on("msg:custom", onHello);
  store.on(heard);
  if (model.widget_manager && ui.status) {
    timer = setTimeout(() => {
      if (answered) return;
      ui.root.dataset.engine = "nokernel";
      ui.status.textContent = say(store.get(), "ui.no_kernel");
      ui.status.hidden = false;
    }, HELLO_WAIT);
    model.send({ type: "hello" });
  }
  let n = Date.now();
  const viaTrait = inMarimo(ui.el);
  return {
    send: viaTrait
      ? (action) => {
        model.set("action", { ...action, n: ++n });
        model.save_changes();
      }
      : (action) => model.send(action),
    state: store,
    dispose: () => {
      clearTimeout(timer);
      model.off("msg:custom", onHello);
      store.dispose();
    },
    isStatic: false,
    viaTrait,
  };
}
