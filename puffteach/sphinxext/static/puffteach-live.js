// puffteach book: mount the board widget on every live {board} figure of the page.
// The figure carries its initial protocol state (computed at build time) in
// <script type="application/json" class="pt-initial">. board.js draws it at once; its first
// action boots Pyodide and the engine wheel from this site (window.PUFFTEACH, set by
// puffteach.sphinxext.vendor) and from then on applies protocol.step in the browser.
import widget from "./puffteach/board.js";

// A minimal anywidget model kept in the page: board.js sets the traits itself in static mode.
function localModel(initial) {
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
      throw new Error("puffteach: a static board has no kernel (board.js runs the engine)");
    },
  };
}

function mount(figure) {
  if (figure.dataset.mounted) return;
  const json = figure.querySelector("script.pt-initial");
  if (!json) return;
  figure.dataset.mounted = "1";
  const el = document.createElement("div");
  el.className = "pt-live";
  const drawing = figure.querySelector(".pt-static");
  if (drawing) drawing.replaceWith(el);
  else figure.prepend(el);
  const state = JSON.parse(json.textContent);
  // a fixed :seed: repeats the book's rolls; otherwise every reader gets dice of his own
  if (!figure.dataset.seed) state.seed = Math.floor(Math.random() * 2 ** 31);
  widget.render({ model: localModel(state), el });
}

function mountAll() {
  for (const figure of document.querySelectorAll("figure.puffteach-live")) mount(figure);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
