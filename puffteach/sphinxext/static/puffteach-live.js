// puffteach book: the live boards of a page.
//
// A live {board} figure carries its initial protocol state (computed at build time) in
// <script type="application/json" class="pt-initial">; board.js draws it at once. Every other
// board figure (unless marked static) gets a ▶ button that turns it into a live board at the
// position it shows. One engine (a Web Worker running Pyodide, see board.js) serves every board
// of the page; it starts loading when the page is idle or when the pointer nears a board, so
// that it is usually ready before the first click.
import widget, { loadEngine } from "./puffteach/board.js";

// A minimal anywidget model kept in the page: board.js sets the traits itself in static mode.
export function localModel(initial) {
  const data = {
    state: initial,
    svg: initial.svg,
    position: initial.position,
    rules: initial.rules,
    dice: initial.dice || [],
    history: initial.history || [],
  };
  const handlers = new Map();
  return {
    get: (key) => data[key],
    set: (key, value) => {
      const changed = data[key] !== value;
      data[key] = value;
      if (changed) for (const cb of handlers.get(`change:${key}`) || []) cb();
    },
    on: (name, cb) => handlers.set(name, [...(handlers.get(name) || []), cb]),
    off: (name, cb) => handlers.set(name, (handlers.get(name) || []).filter((f) => f !== cb)),
    save_changes: () => {},
    send: () => {
      throw new Error("puffteach: kernel"); // a static board has none (board.js runs the engine)
    },
  };
}

/** Put a board widget in place of the figure's drawing. */
export function mountState(figure, state) {
  const el = document.createElement("div");
  el.className = "pt-live";
  const drawing = figure.querySelector(".pt-static");
  if (drawing) drawing.replaceWith(el);
  else figure.prepend(el);
  figure.classList.add("puffteach-live");
  const model = localModel(state);
  widget.render({ model, el });
  el.ptModel = model; // the Play page follows the board's state through it
  return el;
}

function mount(figure) {
  if (figure.dataset.mounted) return;
  const json = figure.querySelector("script.pt-initial");
  if (!json) return;
  figure.dataset.mounted = "1";
  const state = JSON.parse(json.textContent);
  // a fixed :seed: repeats the book's rolls; otherwise every reader gets dice of his own
  if (!figure.dataset.seed) state.seed = Math.floor(Math.random() * 2 ** 31);
  mountState(figure, state);
}

// ------------------------------------------------------------------ ▶ on every board figure
async function goLive(figure, button) {
  button.disabled = true;
  button.classList.add("pt-waiting");
  try {
    const engine = await loadEngine();
    const d = figure.dataset;
    let state = await engine.initial({
      rules: d.rules,
      position: d.position,
      seed: Math.floor(Math.random() * 2 ** 31),
      view: {
        view: d.view || "physical",
        flip: d.flip === "1",
        arrows: d.arrows === "1",
        labels: d.labels || "en",
      },
    });
    if (state.error) throw new Error(state.error);
    if (d.dice) {
      const dice = d.dice.split(/\s+/).map(Number);
      const withDice = await engine.step(state, { type: "set_dice", dice });
      if (!withDice.error) state = withDice;
    }
    figure.dataset.mounted = "1";
    const wrap = figure.querySelector(".pt-static") || figure.querySelector("svg");
    if (wrap && !wrap.classList.contains("pt-static")) {
      const div = document.createElement("div");
      div.className = "pt-static";
      wrap.replaceWith(div);
      div.append(wrap);
    }
    button.remove();
    mountState(figure, state);
  } catch (e) {
    button.disabled = false;
    button.classList.remove("pt-waiting");
    button.title = String(e && e.message ? e.message : e);
    console.warn("puffteach:", e);
  }
}

function addPlayButton(figure) {
  if (figure.dataset.mounted || figure.querySelector(".pt-golive")) return;
  const words = (window.PUFFTEACH && window.PUFFTEACH.ui) || {};
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pt-golive";
  b.textContent = "▶";
  b.title = words["ui.play_title"] || "▶";
  b.setAttribute("aria-label", b.title);
  b.addEventListener("click", () => goLive(figure, b));
  figure.prepend(b);
}

// ------------------------------------------------------------------ start the engine early
let started = false;
function startEngine() {
  if (started || location.protocol === "file:") return;
  started = true;
  loadEngine().then(
    () => document.dispatchEvent(new CustomEvent("puffteach:engine-ready")),
    () => { started = false; },
  );
}

function whenNear(boards) {
  const NEAR = 160; // pixels around a board
  const onMove = (ev) => {
    for (const b of boards) {
      const r = b.getBoundingClientRect();
      if (ev.clientX > r.left - NEAR && ev.clientX < r.right + NEAR
        && ev.clientY > r.top - NEAR && ev.clientY < r.bottom + NEAR) {
        document.removeEventListener("pointermove", onMove);
        startEngine();
        return;
      }
    }
  };
  document.addEventListener("pointermove", onMove, { passive: true });
  for (const b of boards) b.addEventListener("touchstart", startEngine, { passive: true, once: true });
}

function mountAll() {
  if (document.querySelector(".puffteach-play")) return; // the Play page mounts its own board
  const figures = [...document.querySelectorAll("figure.puffteach-board")];
  for (const figure of figures) {
    if (figure.querySelector("script.pt-initial")) mount(figure);
    else if (!figure.classList.contains("pt-static-only")) addPlayButton(figure);
  }
  if (!figures.length) return;
  // the page's head started the engine already (a live board, the service worker serving)
  if (window.__puffteachPreboot) return startEngine();
  whenNear(figures);
  const idle = window.requestIdleCallback || ((cb) => setTimeout(cb, 1200));
  idle(startEngine, { timeout: 4000 });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
