import test from "node:test";
import assert from "node:assert/strict";
import { fill, pickLanguage, safeStorage, say } from "../../puffteach/server/static/words.js";

test("the language: ?lang= wins, then the browser's, else English", () => {
  assert.equal(pickLanguage("?lang=de", ["sv-SE"]), "de");
  assert.equal(pickLanguage("?lang=fr", ["sv-SE", "en"]), "sv");
  assert.equal(pickLanguage("", ["fr-FR", "DE-at"]), "de");
  assert.equal(pickLanguage("", ["fr"]), "en");
});

test("templates are filled; missing fields and keys show as written", () => {
  assert.equal(fill("{name} to move", { name: "<b>Ann</b>" }), "<b>Ann</b> to move");
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
  assert.equal(say({ "server.x": "in {seconds} s" }, "server.x", { seconds: 2 }), "in 2 s");
  assert.equal(say({}, "server.missing"), "server.missing");
  assert.equal(fill("{toString}", {}), "{toString}");
});

test("storage falls back to memory when localStorage is refused", () => {
  const refused = safeStorage(() => { throw new Error("SecurityError"); });
  assert.equal(refused.getItem("k"), null);
  refused.setItem("k", 5);
  assert.equal(refused.getItem("k"), "5");
  refused.removeItem("k");
  assert.equal(refused.getItem("k"), null);
  const real = new Map();
  const ls = { getItem: (k) => real.get(k) ?? null, setItem: (k, v) => real.set(k, v),
    removeItem: (k) => real.delete(k) };
  assert.equal(safeStorage(() => ls), ls);
});
