// The class pages' words (PROTOCOL.md: GET /api/words?lang=xx -> {key: template}) and the
// page's language; the pages have no English of their own. Also a storage that keeps working
// where localStorage is refused (a private window, storage turned off): then in memory only.

export const LANGUAGES = ["en", "sv", "de"];

/** The page's language: ?lang= first, then the browser's languages, else English. */
export function pickLanguage(search = "", browserLanguages = []) {
  const asked = new URLSearchParams(search).get("lang");
  if (asked && LANGUAGES.includes(asked)) return asked;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** A catalogue template with its {name} fields filled; an unknown field stays as written. */
export function fill(template, params = {}) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) =>
    (Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m));
}

/** The text of `key` (the key itself when the words lack it, so a gap shows, never a crash). */
export function say(words, key, params = {}) {
  return fill(words && key in words ? words[key] : key, params);
}

/** localStorage when the browser allows it, else a Map (the seat lasts as long as the tab). */
export function safeStorage(get = () => globalThis.localStorage) {
  let store = null;
  try {
    store = get();
    const probe = "__puffteach_probe__";
    store.setItem(probe, "1");
    store.removeItem(probe);
  } catch {
    store = null;
  }
  if (store) return store;
  const mem = new Map();
  return {
    getItem: (k) => (mem.has(k) ? mem.get(k) : null),
    setItem: (k, v) => { mem.set(k, String(v)); },
    removeItem: (k) => { mem.delete(k); },
  };
}
