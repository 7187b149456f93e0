// puffteach board widget front end (plain ESM, no imports).
// It only draws the state Python sends (model "state") and sends actions back with
// model.send({type: ..., ...}); every rule lives in puffteach/widget/protocol.py.
//
// Static book (no kernel): the built site sets window.PUFFTEACH = {pyodide, wheel} (see
// puffteach/sphinxext/vendor.py). There the board first shows its embedded state; the first
// action (or the Play button) boots Pyodide from the site, installs the engine wheel and from
// then on applies protocol.step(state, action) in the browser, setting the model's traits
// locally. One Pyodide instance serves every board of the page.

// Every word the board shows comes from the message catalogue (puffteach/catalogue/<lang>/,
// ``ui.*`` keys): the state carries them in the board's language as ``state.ui`` (see say()).

function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function select(cls, options) {
  const s = h("select", cls);
  for (const [value, label] of options) {
    const o = h("option", "", label);
    o.value = String(value);
    s.append(o);
  }
  return s;
}

// ------------------------------------------------------------------ static book (engine worker)
const ENGINE = "__puffteachEngine"; // window property: the page's one engine (a promise)
const REVIEW_STEP = 8; // rolls a review step judges (about 1 s of a bräde game under Pyodide)

/** The static book's configuration, or null in Jupyter (where the kernel runs the engine). */
function staticConfig() {
  const cfg = typeof window !== "undefined" ? window.PUFFTEACH : undefined;
  return cfg && cfg.static && cfg.pyodide && cfg.wheel ? cfg : null;
}

/** A sentence of the board's own (``ui.*`` in the catalogue, sent in ``state.ui``). */
function say(state, key, params = {}) {
  const ui = (state && state.ui) || {};
  const text = ui[key] || key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
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
      this.failAll(new Error(ev.message || "the engine worker failed"));
    };
  }

  receive(ev) {
    const { id, result, error, phases } = ev.data || {};
    // where the boot's time went, updated after the first answer and the snapshot
    if (id === undefined && phases) window.__puffteachBootPhases = phases;
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (error !== undefined) p.reject(new Error(error));
    else p.resolve(result);
  }

  /** The worker the page's head started, with its boot request (id 0) under way or answered. */
  adopt(pre) {
    this.started = pre.started;
    this.preboot = true;
    const later = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    const already = pre.boot.then((m) => {
      if (m.error !== undefined) throw new Error(m.error);
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

  /** protocol.step(state, action) in the worker. */
  async step(state, action) {
    const text = await this.call({
      type: "step", state: JSON.stringify(state), action: JSON.stringify(action),
    });
    return JSON.parse(text);
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
    if (this.worker) this.worker.terminate();
    this.worker = null; // calls not yet sent wait for the new worker
    const e = new Error("cancelled");
    e.cancelled = true;
    this.failAll(e);
    this.started = performance.now();
    return this.start();
  }
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

function staticSender(model, root, status, start, stop) {
  let queue = Promise.resolve();
  const show = (phase, text) => {
    root.dataset.engine = phase;
    status.textContent = text;
    status.hidden = !text;
    start.hidden = phase !== "idle" && phase !== "failed";
  };
  const cur = () => model.get("state") || {};
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
      show("failed", say(cur(), "ui.load_failed", { error: e && e.message ? e.message : e }));
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
  let inFlight = false;
  return (action) => {
    // New game or Undo stops a computer's move still being computed (issue 10); the step
    // that started it (the human's last step) is dropped with it, so that is the Undo
    const cancels = inFlight && (action.type === "new_game" || action.type === "undo")
      && window.__puffteachClient;
    if (cancels) window.__puffteachClient.cancel();
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
          show("failed", say(cur(), "ui.load_failed", { error: e && e.message ? e.message : e }));
        }
      } finally {
        inFlight = false;
        clearTimeout(timer);
        stop.hidden = true;
        if (root.dataset.engine === "ready") {
          status.textContent = "";
          status.hidden = true;
        }
      }
    });
  };
}

/** The drawing's element of a place: a point 1-24 (a number) or a pool ("w0", "b25"). */
function placeElement(board, p) {
  return board.querySelector(typeof p === "number"
    ? `g.pt[data-point="${p}"]` : `g.pool[data-pool="${p}"]`);
}

// ------------------------------------------------------------------ phone: half the board
// The whole drawing is 764 units wide, 40 per point: on a phone (a board under 500 px) its
// points would be narrower than 26 px. There the board shows one half (a quarter of each side,
// with the pools beside it), where a point is about 37 px wide at 390 px; a button shows the
// other half, and the board turns to the half that holds the legal targets of a selected
// checker, or a place focused by keyboard. Wider boards show the whole drawing, as before.
function halfBoard({ root, board, cur }) {
  const MIN_WHOLE = 500;
  const button = h("button", "pt-half");
  button.type = "button";
  button.hidden = true;
  let half = null; // null (whole board), "left" or "right"
  const svg = () => board.querySelector("svg.puffteach-board");
  const fullWidth = () => {
    const el = svg();
    return Number((el.dataset.viewBox || el.getAttribute("viewBox")).split(/\s+/)[2]);
  };
  const sideOf = (g) => {
    const b = g.getBBox();
    return b.x + b.width / 2 < fullWidth() / 2 ? "left" : "right";
  };
  const apply = () => {
    const el = svg();
    if (!el) return;
    if (!el.dataset.viewBox) {
      el.dataset.viewBox = el.getAttribute("viewBox");
      el.dataset.size = `${el.getAttribute("width")} ${el.getAttribute("height")}`;
    }
    const [x0, y0, w, hgt] = el.dataset.viewBox.split(/\s+/).map(Number);
    if (half) {
      el.setAttribute("viewBox", `${half === "left" ? x0 : x0 + w / 2} ${y0} ${w / 2} ${hgt}`);
      el.setAttribute("width", String(Math.round(w / 2)));
      el.setAttribute("height", String(Math.round(hgt)));
      el.dataset.half = half;
    } else {
      const [width, height] = el.dataset.size.split(" ");
      el.setAttribute("viewBox", el.dataset.viewBox);
      el.setAttribute("width", width);
      el.setAttribute("height", height);
      delete el.dataset.half;
    }
    const s = cur();
    button.textContent = say(s, half === "left" ? "ui.half_right" : "ui.half_left");
    button.hidden = !half;
    root.dispatchEvent(new CustomEvent("pt-half")); // arrows cut at the edge are drawn anew
  };
  const narrow = () => (board.clientWidth || root.clientWidth) < MIN_WHOLE;
  button.addEventListener("click", () => {
    half = half === "left" ? "right" : "left";
    apply();
  });
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      const want = narrow();
      if (want && !half) half = "left";
      if (!want) half = null;
      apply();
    }).observe(root);
  }
  return {
    button,
    /** The half that shows ``g`` (a point or pool), when only half is shown. */
    show(g) {
      if (!half || !svg()) return;
      const side = sideOf(g);
      if (side !== half) {
        half = side;
        apply();
      }
    },
    /** New arrows (a hint, a verdict, a reviewed roll): the half that holds most of their
     * ends, when only half is shown (a tie keeps the half in view). */
    showMost(places) {
      if (!half || !svg()) return;
      const els = places.map((p) => placeElement(board, p)).filter(Boolean);
      const here = els.filter((g) => sideOf(g) === half).length;
      if (els.length - here > here) {
        half = half === "left" ? "right" : "left";
        apply();
      }
    },
    /** After a redraw; true when the board has just become half a board. */
    update(s, redrawn) {
      const fresh = narrow() && !half;
      if (fresh) half = "left";
      if (!narrow()) half = null;
      if (redrawn || fresh) apply();
      if (!half || !svg()) return fresh;
      const targets = [...board.querySelectorAll('g[data-target="1"]')];
      if (targets.length && !targets.some((g) => sideOf(g) === half)) this.show(targets[0]);
      else if (redrawn && !targets.length) {
        const sel = board.querySelector('g[data-highlight="1"]');
        if (sel) this.show(sel);
      }
      return fresh;
    },
  };
}

// ------------------------------------------------------------------ keyboard and screen reader
// The board is one tab stop (a roving tabindex over its points and pools, issue 13): the arrow
// keys walk the path of the side to move, from its waiting checkers (pool x0) over its path
// points 1-24 to its borne-off ones (x25); Home/End go to the ends, Page Up/Down a quarter.
// Enter or Space clicks the place (select a checker, then a target; a forbidden target is
// explained), Escape clears the selection, R rolls, U undoes (Shift+U redoes), H asks for a
// hint where the board offers one (a button.pt-hint), ? shows the keys. Focus never falls
// out of the board after an action: when the control that had it is disabled or hidden, the
// board takes it. A polite live region reads what the board says after every action (rolls,
// moves and refusals with their reason, the game's end): the sentences of state.message, which
// come from the message catalogue like every word here (ui.* keys).
function boardKeys({ root, board, cur, send }) {
  const zoom = halfBoard({ root, board, cur });
  const live = h("div", "pt-live");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  // visually hidden, read by screen readers
  Object.assign(live.style, {
    position: "absolute", width: "1px", height: "1px", overflow: "hidden",
    clip: "rect(0 0 0 0)", clipPath: "inset(50%)", whiteSpace: "nowrap", margin: "-1px",
  });
  const help = h("details", "pt-keys");
  const helpTitle = h("summary");
  const helpText = h("p");
  help.append(helpTitle, helpText);

  let cursor = null; // the place holding the board's tab stop: a point 1-24 or a pool name
  let focusInside = false; // focus was in this board's widget (and not moved away since)
  let last = null; // the state last shown

  const place = (g) => (g.dataset.point ? Number(g.dataset.point) : g.dataset.pool);
  const find = (p) => placeElement(board, p);
  const side = () => (cur().to_move === "b" ? "b" : "w");
  /** The mover's path: his waiting pool, his points 1-24 in his numbering, his borne-off pool. */
  const path = () => {
    const me = side();
    const key = me === "w" ? "white" : "black";
    const points = [...board.querySelectorAll("g.pt")]
      .sort((a, b) => Number(a.dataset[key]) - Number(b.dataset[key]));
    return [find(`${me}0`), ...points, find(`${me}25`)].filter(Boolean);
  };
  /** Where the tab stop goes first: the selection, else the mover's first checker on his path. */
  const home = () => {
    const s = cur();
    if (s.selected && find(s.selected.point)) return find(s.selected.point);
    const me = side();
    const order = path();
    return order.find((g) => (g.classList.contains("pool")
      ? g.dataset.pool === `${me}0` && Number(g.dataset.count) > 0
      : g.dataset.color === me)) || order[0] || null;
  };
  /** One tab stop: the cursor's place has tabindex 0, every other place -1. */
  const rove = () => {
    let g = cursor !== null ? find(cursor) : null;
    if (!g) g = home();
    cursor = g ? place(g) : null;
    for (const p of board.querySelectorAll("g.pt, g.pool")) {
      p.setAttribute("tabindex", p === g ? "0" : "-1");
    }
    return g;
  };
  const focusBoard = () => {
    const g = rove();
    if (g) g.focus();
  };
  const announce = (text) => {
    if (!text) return;
    live.textContent = "";
    // a new text node after a pause, so the same sentence twice is read twice
    setTimeout(() => { live.textContent = text; }, 40);
  };

  // how the reader works the board: a mouse or a finger (no focus box) or the keys (the ring)
  root.addEventListener("pointerdown", () => { root.dataset.input = "pointer"; }, true);
  root.addEventListener("keydown", () => { root.dataset.input = "keys"; }, true);
  root.addEventListener("focusin", (ev) => {
    focusInside = true;
    const g = ev.target.closest ? ev.target.closest("g.pt, g.pool") : null;
    if (g && board.contains(g)) {
      cursor = place(g);
      rove();
      zoom.show(g); // on a phone: the half of the board that holds the focused place
    }
  });
  root.addEventListener("focusout", (ev) => {
    if (ev.relatedTarget && !root.contains(ev.relatedTarget)) focusInside = false;
  });
  document.addEventListener("pointerdown", (ev) => {
    if (!root.contains(ev.target)) focusInside = false;
  }, true);

  // JupyterLab: its single-key shortcuts (R, U, H, arrows in command mode) wait while the focus
  // is on the board, so the board's keys reach it
  board.setAttribute("data-lm-suppress-shortcuts", "true");
  board.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
    const s = cur();
    const here = ev.target.closest ? ev.target.closest("g.pt, g.pool") : null;
    const order = path();
    const i = here ? order.indexOf(here) : -1;
    const go = (j) => {
      const g = order[Math.max(0, Math.min(order.length - 1, j))];
      if (!g) return;
      cursor = place(g);
      rove();
      g.focus();
    };
    switch (ev.key) {
      case "ArrowRight": case "ArrowDown": go(i + 1); break;
      case "ArrowLeft": case "ArrowUp": go(i < 0 ? 0 : i - 1); break;
      case "Home": go(0); break;
      case "End": go(order.length - 1); break;
      case "PageDown": go(i + 6); break;
      case "PageUp": go(i < 0 ? 0 : i - 6); break;
      case "Enter": case " ":
        if (here) send({ type: "click", point: place(here) });
        break;
      case "Escape":
        if (s.selected) send({ type: "select", point: null });
        else announce(say(s, "ui.nothing_selected"));
        break;
      case "r": case "R": send({ type: "roll" }); break;
      case "u": send({ type: "undo" }); break;
      case "U": send({ type: "redo" }); break;
      case "h": case "H": {
        const hint = root.querySelector("button.pt-hint");
        if (hint && !hint.hidden && !hint.disabled) hint.click();
        else announce(say(s, "ui.no_hint"));
        break;
      }
      case "?":
        help.open = !help.open;
        if (help.open) announce(helpText.textContent);
        break;
      default:
        return;
    }
    ev.preventDefault();
    ev.stopPropagation();
  });

  return {
    live,
    help,
    focusBoard,
    /** After every redraw: one tab stop, the words, what to announce, and the focus kept. */
    zoom,
    update(s, redrawn) {
      if (redrawn) rove();
      if (zoom.update(s, redrawn)) {
        const g = rove(); // a phone: first the half where the mover's checkers wait
        if (g) zoom.show(g);
      }
      helpTitle.textContent = say(s, "ui.keys");
      helpText.textContent = say(s, "ui.keys_help");
      board.setAttribute("aria-description", say(s, "ui.board_label"));
      if (last !== null && s !== last && s.message
        && (s.error || s.rev !== last.rev || s.message !== last.message)) announce(s.message);
      last = s;
      const a = document.activeElement;
      const lost = !a || a === document.body || (root.contains(a) && (a.disabled || a.hidden
        || a.offsetParent === null && !(a instanceof SVGElement)));
      if (focusInside && lost) focusBoard();
    },
  };
}

function render({ model, el }) {
  const root = h("div", "puffteach-widget");
  const cfg = staticConfig();
  const engineStatus = h("div", "pt-engine");
  engineStatus.setAttribute("role", "status");
  engineStatus.hidden = true;
  const start = h("button", "pt-start", say(model.get("state"), "ui.play"));
  start.type = "button";
  start.hidden = true;
  const stop = h("button", "pt-stop", say(model.get("state"), "ui.stop"));
  stop.type = "button";
  stop.hidden = true;
  const send = cfg
    ? staticSender(model, root, engineStatus, start, stop)
    : (action) => model.send(action);
  const bar1 = h("div", "pt-bar");
  const bar2 = h("div", "pt-bar");
  const board = h("div", "pt-board");
  const diceRow = h("div", "pt-dice");
  const msg = h("div", "pt-message");
  // read aloud by the live region of boardKeys (not by this element, so nothing is read twice)
  const outcome = h("div", "pt-outcome");
  const posRow = h("div", "pt-posrow");
  const posInput = h("input", "pt-position");
  posInput.type = "text";
  posInput.spellcheck = false;
  posInput.setAttribute("aria-label", "position");
  const posBtn = h("button", "pt-setpos");
  posRow.append(posInput, posBtn);
  const hist = h("ol", "pt-history");

  const faces = [1, 2, 3, 4, 5, 6].map((d) => [d, String(d)]);
  const btn = (cls, action) => {
    const b = h("button", cls);
    b.type = "button";
    if (action) b.addEventListener("click", () => send(typeof action === "function" ? action() : action));
    return b;
  };
  const roll = btn("pt-roll", { type: "roll" });
  const rollOne = btn("pt-roll1", { type: "roll", one_die: true });
  const reroll = btn("pt-reroll", { type: "reroll" });
  const resign = btn("pt-resign", { type: "resign" });
  const die1 = select("pt-die1", faces);
  const die2 = select("pt-die2", [["", "–"], ...faces]);
  die2.value = "1";
  const setDice = btn("pt-setdice", () => ({
    type: "set_dice",
    dice: die2.value ? [Number(die1.value), Number(die2.value)] : [Number(die1.value)],
  }));
  const nameSel = select("pt-namesel", faces);
  const name = btn("pt-name", () => ({ type: "name_pasch", x: Number(nameSel.value) }));
  const end = btn("pt-end", { type: "end_roll" });
  const undo = btn("pt-undo", { type: "undo" });
  const redo = btn("pt-redo", { type: "redo" });
  const back = btn("pt-back", () => ({ type: "replay_goto", index: cur().replay_index - 1 }));
  back.textContent = "◀";
  const fwd = btn("pt-fwd", () => ({ type: "replay_goto", index: cur().replay_index + 1 }));
  fwd.textContent = "▶";
  const where = h("span", "pt-where");
  const newGame = btn("pt-new", { type: "new_game" });
  const flip = btn("pt-flip", () => ({ type: "view", flip: !cur().view.flip }));
  const arrowsBox = h("input", "pt-arrows");
  arrowsBox.type = "checkbox";
  const arrowsLbl = h("label", "pt-check");
  const arrowsTxt = h("span");
  arrowsLbl.append(arrowsBox, arrowsTxt);
  arrowsBox.addEventListener("change", () => send({ type: "view", arrows: arrowsBox.checked }));
  const viewSel = select("pt-view", [["physical", "1-24"], ["white", "W"], ["black", "B"]]);
  viewSel.addEventListener("change", () => send({ type: "view", view: viewSel.value }));
  // the language switch: each language under its own name (ui.lang.*), labelled (ui.language)
  const langSel = select("pt-lang", [["en", "en"], ["sv", "sv"], ["de", "de"]]);
  langSel.addEventListener("change", () => send({ type: "view", lang: langSel.value }));
  const langLbl = h("label", "pt-langswitch");
  const langTxt = h("span");
  langLbl.append(langTxt, langSel);
  const setup = btn("pt-setup", () => ({ type: "setup_toggle", on: !cur().setup }));
  const toolSel = select("pt-tool", [["w", "W"], ["b", "B"], ["remove", "×"]]);
  toolSel.addEventListener("change", () => send({ type: "setup_toggle", on: true, tool: toolSel.value }));
  const turnSel = select("pt-turn", [["w", "W"], ["b", "B"]]);
  turnSel.addEventListener("change", () => send({ type: "setup_toggle", on: true, turn: turnSel.value }));
  posBtn.type = "button";
  posBtn.addEventListener("click", () => send({ type: "set_position", position: posInput.value }));

  bar1.append(roll, rollOne, reroll, die1, die2, setDice, nameSel, name, end, undo, redo, back,
    where, fwd, resign);
  // optional auto-play of forced steps: when the roll in progress has exactly one legal step
  const autoBox = h("input", "pt-autoplay");
  autoBox.type = "checkbox";
  const autoLbl = h("label", "pt-check");
  const autoTxt = h("span");
  autoLbl.append(autoBox, autoTxt);
  let autoTimer = null;
  const autoplay = (s) => {
    clearTimeout(autoTimer);
    if (!autoBox.checked || s.error || s.setup || s.replay || s.outcome) return;
    const moves = s.legal_moves || [];
    if (moves.length !== 1 || !(s.remaining || []).length) return;
    autoTimer = setTimeout(() => {
      if (cur() === s) send({ type: "move", move: moves[0] });
    }, 350);
  };
  autoBox.addEventListener("change", () => autoplay(cur()));
  // the own-path numbering of the notation, explained once per page
  const note = h("p", "pt-note");
  if (typeof window !== "undefined") {
    note.hidden = !!window.__puffteachNoteShown;
    window.__puffteachNoteShown = true;
  }
  bar2.append(newGame, flip, viewSel, arrowsLbl, autoLbl, langLbl, setup, toolSel, turnSel);
  // issue 10: play against the computer (side, level), hint, tutor, odds, review
  const bar3 = h("div", "pt-bar pt-computer");
  const compSide = select("pt-comp-side", [["", "–"], ["w", "W"], ["b", "B"]]);
  // the levels the rule set's family offers, weakest first (state.levels: players.ladder)
  const compLevel = select("pt-comp-level", []);
  let shownLevels = "";
  const showLevels = (levels) => {
    if (levels.join() === shownLevels) return;
    shownLevels = levels.join();
    const was = compLevel.value;
    compLevel.replaceChildren(...levels.map((l) => {
      const o = document.createElement("option");
      o.value = l;
      o.textContent = l;
      return o;
    }));
    if (levels.includes(was)) compLevel.value = was;
  };
  showLevels(["random", "beginner", "casual", "intermediate", "advanced", "expert"]);
  compLevel.value = "beginner";
  const compLbl = h("label", "pt-check");
  const compTxt = h("span");
  compLbl.append(compTxt, compSide);
  const levelLbl = h("label", "pt-check");
  const levelTxt = h("span");
  levelLbl.append(levelTxt, compLevel);
  const choosePlayers = () => {
    const side = compSide.value;
    send({ type: "players", w: side === "w" ? compLevel.value : "human",
      b: side === "b" ? compLevel.value : "human" });
  };
  // how fast the computer's steps are shown (view.delay, ms between two steps)
  const SPEEDS = [900, 450, 150, 0];
  const speedSel = select("pt-speed", SPEEDS.map((ms) => [ms, String(ms)]));
  speedSel.addEventListener("change", () => send({ type: "view", delay: Number(speedSel.value) }));
  const speedLbl = h("label", "pt-check");
  const speedTxt = h("span");
  speedLbl.append(speedTxt, speedSel);
  compSide.addEventListener("change", choosePlayers);
  compLevel.addEventListener("change", () => { if (compSide.value) choosePlayers(); });
  const hintBtn = btn("pt-hint", { type: "hint" });
  const check = (cls) => {
    const box = h("input", cls);
    box.type = "checkbox";
    const lbl = h("label", "pt-check");
    const txt = h("span");
    lbl.append(box, txt);
    return [box, lbl, txt];
  };
  const [tutorBox, tutorLbl, tutorTxt] = check("pt-tutor");
  tutorBox.addEventListener("change", () => send({ type: "tutor", on: tutorBox.checked }));
  const [oddsBox, oddsLbl, oddsTxt] = check("pt-odds-box");
  oddsBox.addEventListener("change", () => send({ type: "odds", on: oddsBox.checked }));
  // the review goes a few rolls a step (REVIEW_STEP), each step saying how far it is, until
  // the panel fills: a long game takes seconds in the browser, and New game stops it
  // (while it is under way the button says so with aria-disabled and does nothing: a disabled
  // button would drop the keyboard focus onto the board)
  const reviewBtn = btn("pt-review-btn");
  reviewBtn.addEventListener("click", () => {
    if (reviewBtn.getAttribute("aria-disabled") !== "true") send({ type: "review", rolls: REVIEW_STEP });
  });
  let reviewTimer = null;
  let reviewAsked = null; // the state the next step was asked for (a redraw does not ask again)
  const reviewOn = (s) => {
    clearTimeout(reviewTimer);
    if (!s.review_work || s.review || s.error || !s.outcome || reviewAsked === s) return;
    reviewTimer = setTimeout(() => {
      if (cur() !== s || reviewAsked === s) return;
      reviewAsked = s;
      send({ type: "review", rolls: REVIEW_STEP });
    }, 0);
  };
  bar3.append(compLbl, levelLbl, speedLbl, hintBtn, tutorLbl, oddsLbl, reviewBtn);
  const hintBox = h("div", "pt-hintbox");
  const hintTitle = h("strong");
  const hintList = h("ol", "pt-hintlist");
  // the optional decisions of the roll (re-roll, naming a generalpasch) with their values
  const hintDecisions = h("ul", "pt-hint-decisions");
  hintBox.append(hintTitle, hintDecisions, hintList);
  const verdictLine = h("div", "pt-verdict");
  const oddsBoxPanel = h("div", "pt-oddspanel");
  const reviewBox = h("details", "pt-reviewbox");
  const reviewTitle = h("summary");
  const reviewSides = h("ul", "pt-review-sides");
  // every roll of a long game is a long list on a phone: by default only the errors (the
  // verdicts the review counts as errors), each still with its number in the game
  const [reviewOnly, reviewOnlyLbl, reviewOnlyTxt] = check("pt-review-only");
  reviewOnly.checked = true;
  reviewOnlyLbl.classList.add("pt-review-filter");
  reviewOnly.addEventListener("change", () => update());
  const reviewRolls = h("ul", "pt-review-rolls");
  reviewBox.append(reviewTitle, reviewSides, reviewOnlyLbl, reviewRolls);
  if (cfg) root.append(h("div", "pt-bar pt-static-bar"));
  if (cfg) root.lastChild.append(start, engineStatus, stop);
  root.append(bar1, board, diceRow, msg, outcome, bar3, hintBox, verdictLine, oddsBoxPanel,
    reviewBox, posRow, note, bar2, hist);
  el.append(root);

  const cur = () => model.get("state") || {};

  // clicks and keys on points and pools become "click" actions
  const pointOf = (target) => {
    const g = target && target.closest ? target.closest("g.pt, g.pool") : null;
    if (!g) return null;
    return g.dataset.point ? Number(g.dataset.point) : g.dataset.pool;
  };
  // drag and drop (pointer events: mouse, pen and touch) beside click-click: a checker dragged
  // from one point or pool to another is a "move" action from/to those places
  let drag = null;
  let dragged = false;
  const placeAt = (x, y) => pointOf(document.elementFromPoint(x, y));
  board.addEventListener("pointerdown", (ev) => {
    if (ev.button !== undefined && ev.button > 0) return;
    const p = pointOf(ev.target);
    if (p === null || cur().setup || cur().replay) return;
    drag = { from: p, x: ev.clientX, y: ev.clientY, id: ev.pointerId, ghost: null };
  });
  board.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 8) return;
      drag.ghost = h("div", `pt-ghost pt-ghost-${cur().to_move || "w"}`);
      document.body.append(drag.ghost);
      root.classList.add("pt-dragging");
      try { board.setPointerCapture(ev.pointerId); } catch (e) { /* already released */ }
    }
    drag.ghost.style.left = `${ev.clientX}px`;
    drag.ghost.style.top = `${ev.clientY}px`;
    ev.preventDefault();
  });
  const endDrag = (ev, drop) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return; // a click: the click handler does it
    d.ghost.remove();
    root.classList.remove("pt-dragging");
    dragged = true; // the click that follows this pointerup is not a click
    setTimeout(() => { dragged = false; }, 0);
    const to = drop ? placeAt(ev.clientX, ev.clientY) : null;
    if (to !== null && to !== d.from) send({ type: "move", from: d.from, to });
  };
  board.addEventListener("pointerup", (ev) => endDrag(ev, true));
  board.addEventListener("pointercancel", (ev) => endDrag(ev, false));
  board.addEventListener("click", (ev) => {
    if (dragged) return;
    const p = pointOf(ev.target);
    if (p !== null) send({ type: "click", point: p });
  });
  // keys (one tab stop, arrows along the path, Enter, Escape, R, U, H, ?) and the live region
  const keys = boardKeys({ root, board, cur, send });
  root.append(keys.live, keys.help);
  bar1.append(keys.zoom.button);
  start.addEventListener("click", () => keys.focusBoard()); // Play: the board takes the focus

  let lastSvg = null;
  function update() {
    const s = cur();
    const w = (key) => say(s, `ui.${key}`);
    langTxt.textContent = w("language");
    for (const o of langSel.options) o.textContent = w(`lang.${o.value}`);
    posInput.setAttribute("aria-label", w("position"));
    start.textContent = w("play");
    stop.textContent = w("stop");
    roll.textContent = w("roll");
    rollOne.textContent = w("roll_one");
    reroll.textContent = w("reroll");
    resign.textContent = w("resign");
    setDice.textContent = w("set_dice");
    name.textContent = w("name");
    end.textContent = w("end");
    undo.textContent = w("undo");
    redo.textContent = w("redo");
    back.title = w("back");
    fwd.title = w("forward");
    newGame.textContent = w("new_game");
    flip.textContent = w("flip");
    arrowsTxt.textContent = w("arrows");
    setup.textContent = w("setup");
    posBtn.textContent = w("set_position");
    viewSel.title = w("numbering");
    viewSel.options[0].textContent = w("physical");
    viewSel.options[1].textContent = w("white");
    viewSel.options[2].textContent = w("black");
    for (const sel of [toolSel, turnSel]) {
      sel.options[0].textContent = w("white");
      sel.options[1].textContent = w("black");
    }
    toolSel.options[2].textContent = w("remove");
    turnSel.title = w("to_move");
    // every control has a name (a select's or ◀/▶'s tooltip is no label)
    die1.setAttribute("aria-label", w("die1"));
    die2.setAttribute("aria-label", w("die2"));
    nameSel.setAttribute("aria-label", w("pasch_face"));
    toolSel.setAttribute("aria-label", w("setup_tool"));
    turnSel.setAttribute("aria-label", w("turn_select"));
    viewSel.setAttribute("aria-label", w("numbering"));
    back.setAttribute("aria-label", w("back"));
    fwd.setAttribute("aria-label", w("forward"));
    hist.setAttribute("aria-label", w("history"));

    roll.disabled = !s.can_roll;
    rollOne.hidden = !s.can_roll_one_die;
    reroll.hidden = !s.can_reroll;
    resign.hidden = !s.can_resign;
    setDice.disabled = !s.can_roll;
    die1.disabled = die2.disabled = !s.can_roll;
    name.hidden = nameSel.hidden = !s.can_name_pasch;
    end.hidden = !s.can_end_roll;
    undo.disabled = !s.can_undo;
    redo.disabled = !s.can_redo;
    back.disabled = !s.replay_index;
    fwd.disabled = !(s.replay_index < s.replay_length);
    where.textContent = s.replay_length ? `${s.replay_index} / ${s.replay_length}` : "";
    where.classList.toggle("pt-replaying", !!s.replay);
    back.hidden = fwd.hidden = where.hidden = !s.replay; // replay controls only in replay
    flip.setAttribute("aria-pressed", String(!!(s.view && s.view.flip)));
    setup.setAttribute("aria-pressed", String(!!s.setup));
    toolSel.hidden = turnSel.hidden = !s.setup;
    if (s.setup) {
      toolSel.value = s.setup.tool;
      turnSel.value = s.to_move;
    }
    if (s.view) {
      viewSel.value = s.view.view;
      langSel.value = s.view.lang || s.view.labels || "en";
      arrowsBox.checked = !!s.view.arrows;
    }
    root.classList.toggle("pt-setup-mode", !!s.setup);

    computerUi(s, w);
    const redrawn = s.svg !== lastSvg && !animate(s);
    if (redrawn) {
      const focused = pointOf(document.activeElement);
      board.innerHTML = s.svg || "";
      lastSvg = s.svg;
      if (s.last_to !== null && s.last_to !== undefined) {
        const sel = typeof s.last_to === "number"
          ? `g.pt[data-point="${s.last_to}"]` : `g.pool[data-pool="${s.last_to}"]`;
        const dest = board.querySelector(sel);
        if (dest) dest.classList.add("pt-arrived");
      }
      if (focused !== null) {
        const sel = typeof focused === "number"
          ? `g.pt[data-point="${focused}"]` : `g.pool[data-pool="${focused}"]`;
        const again = board.querySelector(sel);
        if (again) again.focus();
      }
    }

    diceRow.replaceChildren();
    if (s.roll_name) diceRow.append(h("span", "pt-rollname", `${w("dice")} ${s.roll_name}:`));
    for (const d of s.dice_view || []) {
      const chip = h("span", `pt-die pt-${d.status}`, String(d.value));
      chip.title = say(s, `ui.${d.status}`);
      diceRow.append(chip);
    }
    msg.textContent = s.message || "";
    msg.classList.toggle("pt-error", !!s.error);
    outcome.textContent = "";
    if (s.outcome) {
      const o = s.outcome;
      // "Black: hemspel, 1" or "Draw" (bräde RV 11: both sides bore off), rendered by Python
      outcome.textContent = s.outcome_line || "";
      outcome.classList.toggle("pt-draw", o.winner === null || o.winner === undefined);
    }
    if (document.activeElement !== posInput) posInput.value = s.position || "";
    hist.replaceChildren(...(s.history || []).map((line) => h("li", "", line)));
    hist.scrollTop = hist.scrollHeight; // the newest roll in view
    autoTxt.textContent = w("autoplay");
    note.textContent = w("numbering_note");
    autoplay(s);
    hist.title = w("history");
    keys.update(s, redrawn);
    drawArrows(s);
  }

  // ---------------------------------------------------------------- issue 10: the computer
  function computerUi(s, w) {
    compTxt.textContent = w("computer");
    levelTxt.textContent = w("level");
    compSide.options[0].textContent = w("computer_none");
    compSide.options[1].textContent = w("white");
    compSide.options[2].textContent = w("black");
    if (Array.isArray(s.levels)) showLevels(s.levels);
    for (const o of compLevel.options) o.textContent = w(`level.${o.value}`);
    speedTxt.textContent = w("speed");
    for (const o of speedSel.options) o.textContent = w(`speed.${o.value}`);
    if (document.activeElement !== speedSel) {  // the nearest of the choices to view.delay
      const ms = s.view && Number.isInteger(s.view.delay) ? s.view.delay : 450;
      speedSel.value = String(SPEEDS.reduce((a, b) => (Math.abs(b - ms) < Math.abs(a - ms) ? b : a)));
    }
    compSide.setAttribute("aria-label", w("computer"));
    compLevel.setAttribute("aria-label", w("level"));
    hintBtn.textContent = w("hint");
    tutorTxt.textContent = w("tutor");
    oddsTxt.textContent = w("odds");
    reviewBtn.textContent = w("review");
    const players = s.players || {};
    const comp = ["w", "b"].find((c) => players[c] && players[c] !== "human");
    if (document.activeElement !== compSide) compSide.value = comp || "";
    if (comp && document.activeElement !== compLevel) compLevel.value = players[comp];
    hintBtn.disabled = !(s.legal_moves || []).length || !!s.setup;
    tutorBox.checked = !!s.tutor;
    oddsBox.checked = !!s.odds_on;
    reviewBtn.hidden = !s.outcome;
    // under way (after a refusal a click goes on)
    reviewBtn.setAttribute("aria-disabled", String(!!s.review_work && !s.error));
    reviewOn(s);
    const hint = s.hint && s.hint.rev === s.rev ? s.hint : null;
    hintBox.hidden = !hint;
    hintTitle.textContent = w("hint_title");
    hintList.replaceChildren(...(hint ? hint.plays : []).map((p) => h("li", "",
      `${p.label || p.text}: ${p.reasons.join("; ")}`)));
    hintDecisions.replaceChildren(...(hint ? hint.decisions || [] : []).map((d) => h("li", "", d)));
    hintDecisions.hidden = !hint || !(hint.decisions || []).length;
    verdictLine.textContent = s.verdict ? s.verdict.text : "";
    verdictLine.hidden = !s.verdict;
    if (s.verdict) verdictLine.dataset.verdict = s.verdict.verdict;
    oddsBoxPanel.hidden = !s.odds;
    oddsBoxPanel.replaceChildren(...(s.odds ? [h("strong", "", w("odds_title")),
      ...s.odds.lines.map((l) => h("div", "", l))] : []));
    reviewBox.hidden = !s.review;
    reviewTitle.textContent = w("review_title");
    const r = s.review || { sides: [], rolls: [] };
    reviewSides.replaceChildren(...r.sides.map((x) => h("li", "", x.text)));
    reviewOnlyTxt.textContent = w("review_errors_only");
    const shown = reviewOnly.checked ? r.rolls.filter((x) => x.error) : r.rolls;
    // each roll is a button: the board replays the game to that roll, with the better play
    // drawn as arrows (the review stays open to show the next one)
    const focused = reviewRolls.contains(document.activeElement)
      ? document.activeElement.dataset.index : null;
    reviewRolls.replaceChildren(...shown.map((x) => {
      const li = h("li", `pt-v-${x.verdict}`);
      const show = h("button", "pt-review-roll", x.text);
      const index = r.rolls.indexOf(x);
      show.type = "button";
      show.title = w("review_show");
      show.dataset.index = String(index);
      show.addEventListener("click", () => send({ type: "review_show", index }));
      li.append(show);
      return li;
    }));
    if (focused !== null) {  // keyboard users stay on the roll they chose
      const again = reviewRolls.querySelector(`button[data-index="${focused}"]`);
      if (again) again.focus();
    }
    if (!shown.length && r.rolls.length) reviewRolls.append(h("li", "pt-v-best", w("review_no_errors")));
    if (s.review && !reviewBox.dataset.shown) { reviewBox.open = true; reviewBox.dataset.shown = "1"; }
  }

  // the computer's steps, one by one (state.computer_steps, view.delay ms apart), then the
  // final state; what it did is read by the live region when its play is shown
  let animatedRev = null;
  let animating = false;
  function animate(s) {
    if (animating) return true;
    const frames = s.computer_steps || [];
    if (!frames.length || s.rev === animatedRev || s.error) return false;
    animatedRev = s.rev;
    animating = true;
    root.dataset.computer = "moving";
    const delay = s.view && Number.isInteger(s.view.delay) ? s.view.delay : 450;
    let i = 0;
    const next = () => {
      if (cur() !== s) { animating = false; lastSvg = null; delete root.dataset.computer; update(); return; }
      if (i < frames.length) {
        board.innerHTML = frames[i].svg || "";
        i += 1;
        setTimeout(next, delay);
        return;
      }
      animating = false;
      delete root.dataset.computer;
      lastSvg = null;
      update();
      if (s.computer_message) keys.live.textContent = s.computer_message;
    };
    next();
    return true;
  }

  // hint and tutor arrows over the drawing: from the centre of one place to another's
  let shownArrows = null;
  let drawing = false; // turning to the arrows' half redraws them (pt-half): not twice
  function drawArrows(s) {
    const svg = board.querySelector("svg.puffteach-board") || board.querySelector("svg");
    if (!svg || animating || drawing) return;
    drawing = true;
    try {
      drawArrowsOn(svg, s);
    } finally {
      drawing = false;
    }
  }
  root.addEventListener("pt-half", () => drawArrows(cur()));
  function drawArrowsOn(svg, s) {
    for (const old of svg.querySelectorAll(".pt-hint-arrows")) old.remove();
    const hint = s.hint && s.hint.rev === s.rev ? s.hint : null;
    const arrows = hint ? hint.arrows : (s.verdict && s.verdict.arrows) || [];
    if (!arrows.length) { shownArrows = null; return; }
    const arrowKey = JSON.stringify(arrows);
    if (arrowKey !== shownArrows) {  // new arrows: on a phone, turn to the half they are on
      shownArrows = arrowKey;
      keys.zoom.showMost(arrows.flatMap((a) => [a.from, a.to]));
    }
    const NS = "http://www.w3.org/2000/svg";
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", `pt-hint-arrows ${hint ? "pt-from-hint" : "pt-from-tutor"}`);
    g.setAttribute("pointer-events", "none");
    g.setAttribute("aria-hidden", "true");
    const centre = (p) => {
      const el = placeElement(board, p);
      if (!el) return null;
      const b = el.getBBox();
      return [b.x + b.width / 2, b.y + b.height / 2];
    };
    // on a phone's half board an arrow may cross into the half not shown: it is cut at the
    // edge, where a label names its hidden end (the mover's path number, as in "5/10")
    const [vx, , vw] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    const EDGE = 12;
    const [lo, hi] = [vx + EDGE, vx + vw - EDGE];
    // arrows that join the same two places (0/3 0/3) side by side, across their direction
    const ends = arrows.map((a) => `${a.from}>${a.to}`);
    arrows.forEach((a, k) => {
      let p = centre(a.from);
      let q = centre(a.to);
      if (!p || !q) return;
      const twins = ends.filter((e) => e === ends[k]).length;
      const nth = ends.slice(0, k).filter((e) => e === ends[k]).length;
      const off = (nth - (twins - 1) / 2) * 7;
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      const [nx, ny] = [-(q[1] - p[1]) / d, (q[0] - p[0]) / d];
      p = [p[0] + off * nx, p[1] + off * ny];
      q = [q[0] + off * nx, q[1] + off * ny];
      const outside = (x) => x < lo || x > hi;
      let cut = null; // [the edge point, the hidden end's path number]
      if (outside(p[0]) && outside(q[0])) return;
      if (outside(p[0]) || outside(q[0])) {
        const [inner, outer] = outside(q[0]) ? [p, q] : [q, p];
        const x = outer[0] < lo ? lo : hi;
        const t = (x - inner[0]) / (outer[0] - inner[0]);
        const e = [x, inner[1] + t * (outer[1] - inner[1])];
        const path = a.path ? a.path[outside(q[0]) ? 1 : 0] : null;
        cut = [e, path];
        if (outside(q[0])) q = e; else p = e;
      }
      const line = document.createElementNS(NS, "line");
      line.setAttribute("x1", p[0]); line.setAttribute("y1", p[1]);
      line.setAttribute("x2", q[0]); line.setAttribute("y2", q[1]);
      line.setAttribute("class", "pt-hint-arrow");
      const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
      const len = Math.hypot(dx, dy) || 1;
      const [ux, uy] = [dx / len, dy / len];
      const head = document.createElementNS(NS, "polygon");
      const [tx, ty] = q;
      head.setAttribute("points", `${tx},${ty} ${tx - 14 * ux - 7 * uy},${ty - 14 * uy + 7 * ux} `
        + `${tx - 14 * ux + 7 * uy},${ty - 14 * uy - 7 * ux}`);
      head.setAttribute("class", "pt-hint-head");
      g.append(line, head);
      if (cut && cut[1] !== null && cut[1] !== undefined) {
        const [[ex, ey], path] = cut;
        const label = document.createElementNS(NS, "text");
        label.setAttribute("x", ex < vx + vw / 2 ? ex + 4 : ex - 4);
        label.setAttribute("y", ey - 10);
        label.setAttribute("text-anchor", ex < vx + vw / 2 ? "start" : "end");
        label.setAttribute("class", "pt-hint-edge");
        label.textContent = String(path);
        g.append(label);
      }
    });
    svg.append(g);
  }

  // the kernel sends a step's changed fields only ({patch}: puffteach.widget.protocol.patch_of)
  const onPatch = (msg) => {
    if (msg && typeof msg === "object" && msg.patch && typeof msg.patch === "object") {
      model.set("state", { ...(model.get("state") || {}), ...msg.patch });
    }
  };
  model.on("change:state", update);
  model.on("msg:custom", onPatch);
  update();
  return () => {
    model.off("change:state", update);
    model.off("msg:custom", onPatch);
  };
}

export default { render };
