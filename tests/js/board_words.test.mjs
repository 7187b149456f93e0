import test from "node:test";
import assert from "node:assert/strict";
import { reason } from "../../puffteach/widget/static/engine-client.js";

test("the worker's own failures are said in the board's language (ui.engine.* keys)", () => {
  const sv = { ui: { "ui.engine.wheel": "dess paket kom inte fram (HTTP {status})" } };
  const wheel = Object.assign(new Error("ui.engine.wheel"), { params: { status: 404 } });
  assert.equal(reason(sv, wheel), "dess paket kom inte fram (HTTP 404)");
  assert.equal(reason(sv, new Error("Failed to fetch")), "Failed to fetch"); // the browser's own
});
