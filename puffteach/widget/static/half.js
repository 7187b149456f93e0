// The phone's half board (plain ESM): which half of the drawing a narrow board shows.
import { h, placeElement, say } from "./dom.js";

// ------------------------------------------------------------------ phone: half the board
// The whole drawing is 764 units wide, 40 per point: on a phone (a board under 500 px) its
// points would be narrower than 26 px. There the board shows one half (a quarter of each side,
// with the pools beside it), where a point is about 37 px wide at 390 px; a button shows the
// other half, and the board turns to the half that holds the legal targets of a selected
// checker, or a place focused by keyboard. Wider boards show the whole drawing, as before.
export function halfBoard({ root, board, cur }) {
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
