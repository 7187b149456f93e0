// Shared bits of the class pages: the page's words (GET /api/words), small DOM helpers that set
// text only with textContent, the connection status line and the stored secrets.
import { pickLanguage, say, safeStorage } from "./words.js";
import { Connection, socketUrl } from "./connection.js";

export const lang = pickLanguage(location.search, navigator.languages || [navigator.language]);
export const storage = safeStorage();
let WORDS = {};

/** Load the words of the page's language and fill every [data-w] element's text. */
export async function loadWords() {
  const r = await fetch(`/api/words?lang=${encodeURIComponent(lang)}`);
  WORDS = await r.json();
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = t(el.dataset.w);
  return WORDS;
}

export const t = (key, params) => say(WORDS, key, params);
export const words = () => WORDS;

/** An element with a class and a text (textContent only: names are never HTML). */
export function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

export const $ = (sel) => document.querySelector(sel);

/** A seat's name for showing: the pupil's name, or the computer's. */
export function seatName(seat) {
  if (!seat) return "";
  return seat.name || (seat.computer ? t("server.computer_name", { level: seat.computer }) : "");
}

/** The message of an HTTP error answer ({error: {key, message}}), in one line. */
export async function errorText(r) {
  try {
    const body = await r.json();
    if (body && body.error) return body.error.message || t(body.error.key);
  } catch { /* not JSON */ }
  return t("server.network", { error: r.status });
}

/** A Connection to /ws that reports its state in `statusEl`. */
export function connect({ hello, onMessage, statusEl, onClosed }) {
  const conn = new Connection({
    url: socketUrl(location),
    hello: { ...hello, lang },
    onMessage,
    onStatus(kind, seconds) {
      if (!statusEl) return;
      statusEl.dataset.status = kind;
      statusEl.textContent = kind === "open" ? t("server.connected")
        : kind === "waiting" ? t("server.reconnecting", { seconds })
          : kind === "closed" ? "" : t("server.connecting");
      if (kind === "closed" && onClosed) onClosed();
    },
  });
  conn.open();
  return conn;
}

/** The teacher keys this browser holds: {class_id: {key, name, code}}. */
export function teacherKeys() {
  try { return JSON.parse(storage.getItem("puffteach.teacher") || "{}") || {}; } catch { return {}; }
}
export function saveTeacherKeys(keys) { storage.setItem("puffteach.teacher", JSON.stringify(keys)); }

/** The book's board (board.js) drawing the server's table messages in `el`; returns the
 *  adapter model (call model.applyTable(msg) for each table message). `onAction(action)`,
 *  when given, sees each of the board's actions first and returns true for one it took. */
export async function mountBoard(el, {
  send, readOnly = false, hints = false, tutor = false, onAction = null,
}) {
  const [{ default: board }, { createModel }] = await Promise.all([
    import("/class/widget/board.js"), import("./adapter.js"),
  ]);
  const model = createModel({ send, readOnly });
  if (onAction) { // the page answers some of the board's actions itself (the teacher's review)
    const viaServer = model.send.bind(model);
    model.send = (action) => (onAction(action) ? null : viaServer(action));
  }
  el.classList.add("class-board");
  el.classList.toggle("read-only", readOnly);
  el.classList.toggle("no-hints", !hints);
  el.classList.toggle("no-tutor", !tutor);
  let drawn = false;
  return {
    model,
    /** One `table` message: the board shows its state (drawn the first time); false when
     *  the message was not drawn (a patch to a board this page does not hold: the adapter
     *  asked the server for the whole state). */
    show(msg) {
      if (!model.applyTable(msg)) return false;
      if (!drawn) { board.render({ model, el }); drawn = true; }
      return true;
    },
  };
}
