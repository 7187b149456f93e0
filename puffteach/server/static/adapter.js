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

/** A model for board.js. `send(message)` sends one message to the server. */
export function createModel({ send, readOnly = false } = {}) {
  const values = new Map();
  const handlers = new Map(); // event name -> Set of callbacks
  let table = null;
  let rev = 0;
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
    /** A `table` message from the server: remember table id and revision, draw its state. */
    applyTable(msg) {
      if (!msg || msg.type !== "table" || !msg.table || !msg.state) return false;
      table = msg.table.id;
      if (!msg.private && Number.isInteger(msg.rev)) rev = msg.rev;
      this.set("table", msg.table);
      this.set("state", msg.state);
      return true;
    },
    get rev() { return rev; },
    get tableId() { return table; },
  };
}
