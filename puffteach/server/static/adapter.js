// The class pages' model adapter: an anywidget-style model (get, set, on, off, save_changes,
// send) that lets the book's board (puffteach/widget/static/board.js, render({model, el}))
// draw a state the class server sends and turns the board's actions into WebSocket messages
// (puffteach/server/PROTOCOL.md). No DOM, no network: the page passes `send` (one message out).

/** The board actions a pupil may send in class play (PROTOCOL.md: act). */
export const PUPIL_ACTIONS = new Set([
  "roll", "click", "select", "move", "name_pasch", "end_roll", "reroll", "resign", "undo",
  "hint", "tutor", "odds",
]);

/** One board action -> the message to the server, or null when class play has no such action
 *  (new game, set-up, load, players, set dice, redo, ...) or the viewer is read-only. */
export function actionToMessage(action, { table, rev, readOnly = false }) {
  if (!action || typeof action.type !== "string") return null;
  if (action.type === "view") {
    const msg = { type: "view" };
    if (typeof action.lang === "string") msg.lang = action.lang;
    if (typeof action.flip === "boolean") msg.flip = action.flip;
    return Object.keys(msg).length > 1 ? msg : null;
  }
  if (readOnly || !PUPIL_ACTIONS.has(action.type) || table == null) return null;
  return { type: "act", table, rev, action };
}

/** The board a `table` message leaves a client holding: its whole `state`, or the board held
 *  (`held`: {n, state} of that table) with its `patch` when the patch applies to it
 *  (`base` === held.n); null for a patch to another board (a gap: ask `resync`). */
export function boardOf(msg, held) {
  if (msg.state && typeof msg.state === "object") return { n: msg.n, state: msg.state };
  if (!msg.patch || typeof msg.patch !== "object" || !held || held.n !== msg.base) return null;
  return { n: msg.n, state: { ...held.state, ...msg.patch } };
}

/** A model for board.js. `send(message)` sends one message to the server. */
export function createModel({ send, readOnly = false } = {}) {
  const values = new Map();
  const handlers = new Map(); // event name -> Set of callbacks
  let table = null;
  let rev = 0;
  let held = null; // {n, state}: the board of `table` this page holds (PROTOCOL.md: patches)
  let asked = false; // a resync is under way
  const emit = (name, value) => {
    for (const cb of [...(handlers.get(name) || [])]) cb(value);
  };
  return {
    get: (key) => values.get(key),
    set(key, value) {
      const old = values.get(key);
      values.set(key, value);
      if (old !== value) emit(`change:${key}`, value);
    },
    on(name, cb) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(cb);
    },
    off(name, cb) {
      if (!handlers.has(name)) return;
      if (cb) handlers.get(name).delete(cb); else handlers.delete(name);
    },
    save_changes() {}, // the server holds the state: nothing to save from the page
    send(action) {
      const msg = actionToMessage(action, { table, rev, readOnly });
      if (msg && send) send(msg);
      return msg;
    },
    /** A `table` message from the server: remember table id and revision, draw its state
     *  (whole, or the board held with the message's patch). A patch to a board this page
     *  does not hold (a message missed) asks the server for the whole state once
     *  (`{"type": "resync", "table"}`) and draws nothing until it comes. */
    applyTable(msg) {
      if (!msg || msg.type !== "table" || !msg.table) return false;
      const board = boardOf(msg, msg.table.id === table ? held : null);
      if (!board) {
        if (!asked && send) send({ type: "resync", table: msg.table.id });
        asked = true;
        return false;
      }
      asked = false;
      held = board;
      table = msg.table.id;
      if (!msg.private && Number.isInteger(msg.rev)) rev = msg.rev;
      this.set("table", msg.table);
      this.set("state", board.state);
      return true;
    },
    get rev() { return rev; },
    get tableId() { return table; },
  };
}
