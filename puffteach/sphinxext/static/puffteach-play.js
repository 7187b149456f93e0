// puffteach book: the Play page.
//
// Choose a rule set (any preset and codes), a start (the rule set's start, a position, or a game
// record), the seed of the dice and who plays each side; then play on the board below. The whole
// state lives in the page address (after #): rules, start position, game record, seed, the
// number of rolls drawn and the players, so a link shares a position or a game. A class link
// (rules, start and seed only) gives everyone who opens it the same opening roll and the same
// stream of dice: the n-th roll comes from the seed and n (puffteach.widget.protocol).
import { loadEngine } from "./puffteach/board.js";
import { mountState } from "./puffteach-live.js";
import { packRecord, unpackRecord } from "./puffteach-link.js";

const root = document.querySelector(".puffteach-play");
const catalog = JSON.parse(root.dataset.catalog);
const ui = (window.PUFFTEACH && window.PUFFTEACH.ui) || {};
const t = (key) => ui[`ui.play.${key}`] || key;

// ------------------------------------------------------------------ the address
function b64encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function b64decode(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** The page address's settings: {rules, pos, seed, rec, rolls, w, b}. A game record comes
 *  packed (g: puffteach-link.js; links of its first format carry the start position beside
 *  it, st) or, in older links, as base64url JSON (rec). */
export function readAddress(hash = location.hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const out = {};
  for (const k of ["rules", "pos", "w", "b"]) if (p.get(k)) out[k] = p.get(k);
  // A hand-typed link joins codes with a bare "+", which the address decodes as a space; a rule
  // set's name never has a space, so each one was a "+" (kontrar-puff+generalpasch).
  if (out.rules) out.rules = out.rules.trim().replace(/\s+/g, "+");
  for (const k of ["seed", "rolls"]) {
    if (p.get(k) !== null && /^\d+$/.test(p.get(k))) out[k] = Number(p.get(k));
  }
  if (p.get("g") && out.rules) {
    try {
      out.rec = unpackRecord(p.get("g"), out.rules, p.get("st"));
    } catch (e) {
      out.recError = t("bad_link"); // the page's words, not the reader's or the browser's
      console.warn("puffteach: link", e.what || e);
    }
  } else if (p.get("rec")) {
    try {
      out.rec = JSON.parse(b64decode(p.get("rec")));
    } catch (e) {
      out.recError = t("bad_link"); // the page's words, not the reader's or the browser's
      console.warn("puffteach: link", e.what || e);
    }
  }
  return out;
}

function address(settings) {
  const p = new URLSearchParams();
  for (const k of ["rules", "pos", "seed", "rolls", "w", "b"]) {
    if (settings[k] !== undefined && settings[k] !== null && settings[k] !== "") {
      p.set(k, String(settings[k]));
    }
  }
  if (settings.rec) {
    // packed when the record is of the link's rule set and the packing knows every event
    const packed = settings.rec.rules === settings.rules ? packRecord(settings.rec) : null;
    if (packed !== null) p.set("g", packed);
    else p.set("rec", b64encode(JSON.stringify(settings.rec)));
  }
  return `#${p.toString()}`;
}

// ------------------------------------------------------------------ the form
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

function field(label, control) {
  return el("label", { class: "pt-play-field" }, el("span", { text: label }), control);
}

const presetSel = el("select", { class: "pt-play-preset", name: "preset" });
for (const [name, title] of Object.entries(catalog.presets)) {
  presetSel.append(el("option", { value: name, text: `${title} (${name})` }));
}
const codesIn = el("input", { class: "pt-play-codes", name: "codes", type: "text",
  spellcheck: "false", placeholder: "8b+22" });
const codesHint = el("small", { class: "pt-play-hint" });
const startSel = el("select", { class: "pt-play-start", name: "start" });
for (const [v, k] of [["start", "start_rules"], ["position", "start_position"],
  ["record", "start_record"]]) {
  startSel.append(el("option", { value: v, text: t(k) }));
}
const posIn = el("input", { class: "pt-play-position", name: "position", type: "text",
  spellcheck: "false", placeholder: "W:0x15 B:0x15 w" });
const recIn = el("textarea", { class: "pt-play-record", name: "record", rows: "3",
  spellcheck: "false", placeholder: '{"rules": …, "start": …, "events": […]}' });
const seedIn = el("input", { class: "pt-play-seed", name: "seed", type: "number", min: "0",
  step: "1" });
const sideSel = (side) => {
  const s = el("select", { class: `pt-play-side pt-play-${side}`, name: side });
  s.append(el("option", { value: "human", text: t("human") }));
  return s;
};
const whiteSel = sideSel("w");
const blackSel = sideSel("b");
const startBtn = el("button", { type: "button", class: "pt-play-go", text: t("go") });
const linkBtn = el("button", { type: "button", class: "pt-play-link", text: t("link") });
const classBtn = el("button", { type: "button", class: "pt-play-class", text: t("class_link") });
const linkOut = el("input", { class: "pt-play-url", type: "text", readonly: "",
  "aria-label": t("link") });
const status = el("p", { class: "pt-play-status", role: "status" });
const boardBox = el("div", { class: "pt-play-board" });

const form = el("form", { class: "pt-play-form" },
  field(t("rules"), presetSel), field(t("codes"), codesIn), codesHint,
  field(t("start"), startSel), field(t("position"), posIn), field(t("record"), recIn),
  field(t("seed"), seedIn), field(t("white"), whiteSel), field(t("black"), blackSel),
  el("div", { class: "pt-play-buttons" }, startBtn, linkBtn, classBtn), linkOut);
form.addEventListener("submit", (ev) => ev.preventDefault());
// The board comes first (on the first screen, early in the tab order); the form folds away
// under its summary once a game runs, and opens again when a game could not start.
const settingsBox = el("details", { class: "pt-play-settings", open: "" },
  el("summary", { text: t("settings") }), form);
root.append(status, boardBox, settingsBox);
// The page's skip link (its first Tab stop) leads to the board here, not to the page's text:
// Tab, Enter, Tab reaches the board's first control.
boardBox.id = "pt-play-board";
boardBox.tabIndex = -1;
const skip = document.querySelector("#pst-skip-link a, a.skip-link");
if (skip) skip.setAttribute("href", "#pt-play-board");

function showStart() {
  posIn.closest("label").hidden = startSel.value !== "position";
  recIn.closest("label").hidden = startSel.value !== "record";
}
startSel.addEventListener("change", showStart);

function showCodes() {
  const family = catalog.families[presetSel.value];
  codesHint.textContent = `${t("codes_hint")} ${(catalog.codes[family] || []).join(", ")}`;
}
presetSel.addEventListener("change", showCodes);

function rulesOf() {
  const codes = codesIn.value.trim().replace(/^\+/, "");
  return codes ? `${presetSel.value}+${codes}` : presetSel.value;
}

function fill(settings) {
  const [preset, ...codes] = (settings.rules || catalog.default).split("+");
  presetSel.value = preset in catalog.presets ? preset : catalog.default;
  codesIn.value = codes.join("+");
  posIn.value = settings.pos || "";
  recIn.value = settings.rec ? JSON.stringify(settings.rec) : "";
  startSel.value = settings.rec ? "record" : settings.pos ? "position" : "start";
  seedIn.value = String(settings.seed ?? Math.floor(Math.random() * 2 ** 31));
  showStart();
  showCodes();
  showLevels({ w: settings.w, b: settings.b });
}

// ------------------------------------------------------------------ the game
let board = null; // {el, model}
let current = null; // the settings the board was made from

function settingsOf(state) {
  const record = state.record || {};
  const out = { rules: state.rules, seed: state.seed, rolls: state.rolls };
  if ((record.events || []).length || !record.opening) {
    out.rec = { ...record, events: [...(record.events || []), ...(state.future || [])] };
  }
  if (!out.rec && current && current.pos) out.pos = current.pos;
  const players = state.players || {};
  if (players.w && players.w !== "human") out.w = players.w;
  if (players.b && players.b !== "human") out.b = players.b;
  return out;
}

function follow(state) {
  const hash = address(settingsOf(state));
  if (hash !== location.hash) history.replaceState(null, "", hash);
  linkOut.value = location.href;
}

// the board speaks the page's language (<html lang>: the book's en/sv/de builds)
const PAGE_LANG = ["en", "sv", "de"].find((l) => (document.documentElement.lang || "").startsWith(l)) || "en";

async function makeState(engine, settings) {
  let state = await engine.initial({
    rules: settings.rules || catalog.default,
    position: settings.rec ? null : settings.pos || null,
    seed: settings.seed,
    view: { lang: PAGE_LANG },
  });
  if (state.error) throw new Error(state.error);
  if (settings.rec) {
    const loaded = await engine.step(state, { type: "load", record: settings.rec, index: -1 });
    if (loaded.error) throw new Error(loaded.error);
    state = loaded;
  }
  if (settings.rolls !== undefined) state.rolls = settings.rolls;
  const players = {};
  if (settings.w) players.w = settings.w;
  if (settings.b) players.b = settings.b;
  if (Object.keys(players).length) {
    const chosen = await engine.step(state, { type: "players", ...players });
    if (!chosen.error) state = chosen;
  }
  return state;
}

async function start(settings) {
  status.textContent = ui["ui.loading"] || "";
  status.classList.remove("pt-error");
  try {
    const engine = await loadEngine();
    const state = await makeState(engine, settings);
    current = settings;
    boardBox.replaceChildren();
    const holder = el("figure", { class: "puffteach-board puffteach-live pt-play-figure" });
    boardBox.append(holder);
    const mounted = mountState(holder, state);
    board = { el: mounted, model: mounted.ptModel };
    board.model.on("change:state", () => follow(board.model.get("state")));
    follow(state);
    status.textContent = "";
    settingsBox.open = false;
  } catch (e) {
    status.textContent = `${t("error")} ${e && e.message ? e.message : e}`;
    status.classList.add("pt-error");
    settingsBox.open = true;
  }
}

function fromForm() {
  const settings = { rules: rulesOf(), seed: Number(seedIn.value) || 0 };
  if (startSel.value === "position" && posIn.value.trim()) settings.pos = posIn.value.trim();
  if (startSel.value === "record" && recIn.value.trim()) {
    try {
      settings.rec = JSON.parse(recIn.value);
    } catch (e) {
      status.textContent = `${t("error")} ${e.message}`;
      status.classList.add("pt-error");
      return null;
    }
  }
  if (whiteSel.value !== "human") settings.w = whiteSel.value;
  if (blackSel.value !== "human") settings.b = blackSel.value;
  return settings;
}

startBtn.addEventListener("click", () => {
  const settings = fromForm();
  if (settings) start(settings);
});

async function copy(text) {
  linkOut.value = text;
  linkOut.select();
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = t("copied");
  } catch (e) {
    status.textContent = t("copy_by_hand");
  }
}

linkBtn.addEventListener("click", () => {
  const state = board ? board.model.get("state") : null;
  const hash = state ? address(settingsOf(state)) : address(fromForm() || {});
  copy(location.href.split("#")[0] + hash);
});

// a class link: the rules, the start and the seed, no record: everyone gets the same dice
classBtn.addEventListener("click", () => {
  const settings = fromForm();
  if (!settings) return;
  const { rec, rolls, ...rest } = settings;
  copy(location.href.split("#")[0] + address(rest));
});

// the sides: human, or a level of the ladder the preset's family offers, weakest first
// (catalog.levels: puffteach.players.ladder, the same list and order as the board's)
export function levelsOf(cat, preset) {
  return (cat.levels && cat.levels[preset]) || [];
}

function showLevels(wanted = {}) {
  for (const [side, sel] of [["w", whiteSel], ["b", blackSel]]) {
    const was = wanted[side] || sel.value;
    sel.replaceChildren(el("option", { value: "human", text: t("human") }));
    // each level under its name in the page's language (ui.level.*), as on the board
    for (const n of levelsOf(catalog, presetSel.value)) {
      sel.append(el("option", { value: n, text: ui[`ui.level.${n}`] || n }));
    }
    sel.value = [...sel.options].some((o) => o.value === was) ? was : "human";
  }
}
presetSel.addEventListener("change", () => showLevels());

window.addEventListener("hashchange", () => {
  const s = readAddress();
  if (board && address(settingsOf(board.model.get("state"))) === location.hash) return;
  fill(s);
  start(s);
});

if (location.protocol === "file:") {
  status.textContent = ui["ui.file"] || "";
} else {
  const s = readAddress();
  if (s.recError) {
    status.textContent = `${t("error")} ${s.recError}`;
    status.classList.add("pt-error");
  }
  fill(s);
  start({ ...s, seed: Number(seedIn.value) });
}
