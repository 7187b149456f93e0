// The marks of a live board (plain ESM): the selected checker's place and its legal targets.
// The state's ``svg`` is the board with no place marked, the same for every click that only
// selects (so its patch leaves it out); ``state.marks`` holds each marked place's group as
// puffteach.svg draws it marked (its rings and dots, data-highlight/data-target, the name a
// screen reader reads): [{place, svg}, ...] (puffteach.widget.derive.draw). The board puts
// those groups in place of the drawing's and puts the drawing's back when a mark goes, so
// what is shown is what puffteach.svg.draw draws with the marks (svg.with_marks in Python).
import { placeElement } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** What to change to show ``marks`` where ``shown`` (place -> the group text put there) is
 *  shown: ``{restore: [place], put: [[place, text]]}`` (restore first, then put). */
export function marksPlan(shown, marks) {
  const want = new Map();
  for (const m of Array.isArray(marks) ? marks : []) {
    if (m && (typeof m.place === "number" || typeof m.place === "string")
      && typeof m.svg === "string") want.set(m.place, m.svg);
  }
  const restore = [];
  for (const [place, text] of shown) if (want.get(place) !== text) restore.push(place);
  const put = [];
  for (const [place, text] of want) if (shown.get(place) !== text) put.push([place, text]);
  return { restore, put };
}

/** A place's group from its text, made in the drawing's document and namespace. */
function group(svg, text) {
  const holder = svg.ownerDocument.createElementNS(SVG_NS, "svg");
  holder.innerHTML = text;
  return holder.firstElementChild;
}

/** The marks of one drawing: ``show(marks)`` changes the places whose marks changed (true if
 *  any did), keeping the focus on a place that is swapped. A new drawing needs a new one. */
export function boardMarks(board) {
  const shown = new Map(); // place -> the text of the group put there
  const originals = new Map(); // place -> the drawing's own (unmarked) group
  return {
    show(marks) {
      const svg = board.querySelector("svg");
      if (!svg) return false;
      const { restore, put } = marksPlan(shown, marks);
      if (!restore.length && !put.length) return false;
      const active = board.ownerDocument.activeElement;
      let focused = null;
      const swap = (place, next) => {
        const now = placeElement(board, place);
        if (!now || !next) return;
        if (now === active || (active && now.contains(active))) focused = next;
        now.replaceWith(next);
      };
      for (const place of restore) {
        swap(place, originals.get(place));
        originals.delete(place);
        shown.delete(place);
      }
      for (const [place, text] of put) {
        const now = placeElement(board, place);
        if (!now) continue;
        if (!originals.has(place)) originals.set(place, now);
        swap(place, group(svg, text));
        shown.set(place, text);
      }
      if (focused) focused.focus();
      return true;
    },
  };
}
