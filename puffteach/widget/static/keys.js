// The board's keyboard and screen reader support (plain ESM).
import { h, placeElement, say } from "./dom.js";
import { halfBoard } from "./half.js";

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
/** What key ``key`` does on the board, the focus being on place ``index`` (-1: none) of the
 *  mover's path of ``length`` places: ``{go: j}`` (focus place j, clamped by the caller),
 *  ``{send: action}`` (a click sends the focused place), ``{announce: key}`` (a word read
 *  aloud), ``{hint: true}``, ``{help: true}``, or null (not the board's key). */
export function keyCommand(key, { index, length, selected }) {
  const i = index;
  switch (key) {
    case "ArrowRight": case "ArrowDown": return { go: i + 1 };
    case "ArrowLeft": case "ArrowUp": return { go: i < 0 ? 0 : i - 1 };
    case "Home": return { go: 0 };
    case "End": return { go: length - 1 };
    case "PageDown": return { go: i + PAGE };
    case "PageUp": return { go: i < 0 ? 0 : i - PAGE };
    case "Enter": case " ": return { send: { type: "click" } };
    case "Escape":
      return selected ? { send: { type: "select", point: null } }
        : { announce: "ui.nothing_selected" };
    case "r": case "R": return { send: { type: "roll" } };
    case "u": return { send: { type: "undo" } };
    case "U": return { send: { type: "redo" } };
    case "h": case "H": return { hint: true };
    case "?": return { help: true };
    default: return null;
  }
}

/** Page Up/Down: a quarter of the board. */
export const PAGE = 6;

export function boardKeys({ root, board, cur, send }) {
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
    const what = keyCommand(ev.key, { index: i, length: order.length, selected: !!s.selected });
    if (!what) return;
    if ("go" in what) go(what.go);
    else if (what.send) {
      if (what.send.type !== "click" || here) send(what.send.type === "click"
        ? { type: "click", point: place(here) } : what.send);
    } else if (what.announce) announce(say(s, what.announce));
    else if (what.hint) {
      const hint = root.querySelector("button.pt-hint");
      if (hint && !hint.hidden && !hint.disabled) hint.click();
      else announce(say(s, "ui.no_hint"));
    } else if (what.help) {
      help.open = !help.open;
      if (help.open) announce(helpText.textContent);
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
