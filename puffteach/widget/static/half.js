// The phone's half board (plain ESM): which half of the drawing a narrow board shows.
import { h, placeElement, say } from "./dom.js";

// ------------------------------------------------------------------ phone: half the board
// The whole drawing is 764 units wide, 40 per point: on a phone (a board under 500 px) its
// points would be narrower than 26 px. There the board shows one half (a quarter of each side,
// with the pools beside it), where a point is about 37 px wide at 390 px; a button shows the
// other half, and the board turns to the half that holds the legal targets of a selected
// checker, or a place focused by keyboard. Wider boards show the whole drawing, as before.
// The first half shown is the one with more checkers (the side to move's on a tie), chosen
// once the board is on the page: a board not yet attached has no width (issue 44 item 13).
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
  // the centre of a place in the drawing's units: its box when laid out, else its first shape
  const centreX = (g) => {
    let b = null;
    try {
      b = g.getBBox();
    } catch (e) {
      b = null; // not rendered
    }
    if (b && b.width) return b.x + b.width / 2;
    const r = g.querySelector("rect, circle");
    if (!r) return 0;
    if (r.tagName.toLowerCase() === "circle") return Number(r.getAttribute("cx"));
    return Number(r.getAttribute("x")) + Number(r.getAttribute("width")) / 2;
  };
  const sideOf = (g) => (centreX(g) < fullWidth() / 2 ? "left" : "right");
  /** The half holding more checkers; on a tie, more of the side to move's. */
  const fullerHalf = () => {
    const turn = cur().to_move;
    const count = { left: 0, right: 0 };
    const mover = { left: 0, right: 0 };
    for (const g of board.querySelectorAll("g.pt[data-count], g.pool[data-count]")) {
      const n = Number(g.dataset.count) || 0;
      if (!n) continue;
      const side = sideOf(g);
      count[side] += n;
      if ((g.dataset.color || g.dataset.side) === turn) mover[side] += n;
    }
    if (count.left !== count.right) return count.left > count.right ? "left" : "right";
    return mover.right > mover.left ? "right" : "left";
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
  // a board not on the page (or not laid out) has no width yet: not narrow until it has one
  const narrow = () => {
    const width = board.clientWidth || root.clientWidth;
    return root.isConnected && width > 0 && width < MIN_WHOLE;
  };
  button.addEventListener("click", () => {
    half = half === "left" ? "right" : "left";
    apply();
  });
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      const want = narrow();
      if (want && !half) half = svg() ? fullerHalf() : "left";
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
      if (fresh) half = fullerHalf();
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
