// Small DOM and word helpers shared by the board's modules (plain ESM, no imports).
// Every word the board shows comes from the message catalogue (puffteach/catalogue/<lang>/,
// ``ui.*`` keys): the state carries them in the board's language as ``state.ui`` (see say()).

export function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function select(cls, options) {
  const s = h("select", cls);
  for (const [value, label] of options) {
    const o = h("option", "", label);
    o.value = String(value);
    s.append(o);
  }
  return s;
}

/** A sentence of the board's own (``ui.*`` in the catalogue, sent in ``state.ui``). */
export function say(state, key, params = {}) {
  const ui = (state && state.ui) || {};
  const text = ui[key] || key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** The drawing's element of a place: a point 1-24 (a number) or a pool ("w0", "b25"). */
export function placeElement(board, p) {
  return board.querySelector(typeof p === "number"
    ? `g.pt[data-point="${p}"]` : `g.pool[data-pool="${p}"]`);
}

/** A button maker: ``btn(cls, action)`` sends ``action`` (or ``action()``) when clicked. */
export function buttonMaker(send) {
  return (cls, action) => {
    const b = h("button", cls);
    b.type = "button";
    if (action) {
      b.addEventListener("click", () => send(typeof action === "function" ? action() : action));
    }
    return b;
  };
}

/** A checkbox in its label: ``[box, label, text]`` (the text's words are set later). */
export function check(cls) {
  const box = h("input", cls);
  box.type = "checkbox";
  const lbl = h("label", "pt-check");
  const txt = h("span");
  lbl.append(box, txt);
  return [box, lbl, txt];
}
