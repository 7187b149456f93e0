// puffteach engine worker (a module Web Worker; the static book only).
//
// Pyodide's own pattern: the page posts {id, type, ...} and gets {id, result} or {id, error}
// back. One worker serves every board of a page (board.js, loadEngine). The engine runs here,
// off the main thread, so the page stays responsive while Pyodide boots or a long step runs;
// board.js cancels a long call by terminating this worker and starting a new one.
//
// Messages:
//   {id, type: "boot", pyodide, wheel, snapshot}
//                                        load Pyodide (absolute URL of pyodide.mjs), the engine
//                                        wheel and (if any) the book's memory snapshot;
//                                        answers {id, result: {ms, phases}}
//   {id, type: "step", state, action}    state and action as JSON text; answers the new
//                                        state as JSON text (puffteach.widget.protocol.step)
//   {id, type: "initial", args}          protocol.initial_state(**args) as JSON text (the
//                                        Play page's boards)
//   {id, type: "players"}                the computer players' names (JSON list)
// and, unasked, {phases} when the boot's figures grow (the first answer, the snapshot kept).
//
// Memory snapshots. Starting Python and importing the engine are most of a boot (seconds); a
// memory snapshot of Pyodide with the engine imported and warmed up skips both. The book ships
// one, made at build time (puffteach/sphinxext/snapshot.py: gzip of a sparse copy, the zero
// pages left out). The worker restores it, keeps the unpacked copy in the browser (the Cache
// Storage, or IndexedDB where a page served over plain http has no Cache Storage) for the next
// page and the next visit, and only when there is no snapshot or it does not load starts
// Pyodide as usual, imports the engine and, once the worker is idle, makes a snapshot of its
// own and keeps that. The key of a kept snapshot is this file's ``?v=`` version (a hash of the
// engine wheel, the front end and Pyodide's lock file, vendor.py): a new build keeps its own,
// and Pyodide refuses a snapshot of another Pyodide build (then the boot starts afresh).
// Emscripten keeps its file system in JavaScript, so the files are not in a snapshot: the
// wheel is put back at the same place (a zip on sys.path) for whatever the engine imports later.

// where the wheel lies in Pyodide's file system (the same in puffteach/sphinxext/snapshot.mjs)
const WHEEL = "/lib/puffteach-engine.zip";
const BOOT_PY = `
import sys
if ${JSON.stringify(WHEEL)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(WHEEL)})
import puffteach.widget.worker
`;
// after a restore: fresh random seeds (the snapshot holds the ones of the boot that made it)
const RESTORED_PY = "import random; random.seed()";

const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const CACHE = `puffteach-${VERSION}`; // the service worker's cache (it drops older ones)
const KEY = new URL(`engine-snapshot.bin?v=${VERSION}`, self.location.href).href;
const DB = "puffteach-engine";
const STORE = "snapshots";

let engine = null; // a promise of {step, initial, players, ms, phases}

/** A failure the board says in its own language: a ``ui.engine.*`` key and its parameters. */
function keyed(key, params = {}) {
  return Object.assign(new Error(key), { params });
}
let keep = null; // what to keep once the worker is idle: {snapshot} bytes or {pyodide} to snapshot
let busy = 0; // requests being answered

// ------------------------------------------------------------------ sparse snapshots
// "PTS1", the full length, the number of runs, (offset, length) of each run of non-zero
// 4 KiB pages, then those runs' bytes: a snapshot is about half zeros.
const MAGIC = 0x31535450; // "PTS1" little-endian
const PAGE = 4096;

function decodeSparse(data) {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.byteLength < 12 || v.getUint32(0, true) !== MAGIC) throw new Error("not a snapshot");
  const out = new Uint8Array(v.getUint32(4, true));
  const runs = v.getUint32(8, true);
  let at = 12 + 8 * runs;
  for (let i = 0; i < runs; i++) {
    const offset = v.getUint32(12 + 8 * i, true);
    const length = v.getUint32(16 + 8 * i, true);
    out.set(data.subarray(at, at + length), offset);
    at += length;
  }
  return out;
}

function encodeSparse(snap) {
  const n = snap.byteLength;
  const words = new Uint32Array(snap.buffer, snap.byteOffset, n >> 2);
  const zero = (page) => {
    const end = Math.min(n, (page + 1) * PAGE);
    if (end % 4) return false; // a ragged end is kept as it is
    for (let i = (page * PAGE) >> 2; i < end >> 2; i++) if (words[i] !== 0) return false;
    return true;
  };
  const runs = [];
  for (let p = 0; p * PAGE < n; p++) {
    if (zero(p)) continue;
    const end = Math.min(n, (p + 1) * PAGE);
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === p * PAGE) last[1] = end - last[0];
    else runs.push([p * PAGE, end - p * PAGE]);
  }
  const size = runs.reduce((sum, r) => sum + r[1], 12 + 8 * runs.length);
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  v.setUint32(0, MAGIC, true);
  v.setUint32(4, n, true);
  v.setUint32(8, runs.length, true);
  let at = 12 + 8 * runs.length;
  runs.forEach(([offset, length], i) => {
    v.setUint32(12 + 8 * i, offset, true);
    v.setUint32(16 + 8 * i, length, true);
    out.set(snap.subarray(offset, offset + length), at);
    at += length;
  });
  return out;
}

/** The book's snapshot file (sparse, gzip), unpacked to its sparse form; null if none. */
async function fetchSnapshot(url) {
  if (!url) return null;
  try {
    const r = await fetch(url);
    if (!r.ok) return null;
    const data = new Uint8Array(await r.arrayBuffer());
    if (data[0] !== 0x1f || data[1] !== 0x8b) return data; // a server that unpacked it
    const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ the kept snapshot
function openDb() {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(null);
    let req;
    try {
      req = indexedDB.open(DB, 1);
    } catch {
      return resolve(null);
    }
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
}

async function withDb(mode, use) {
  const db = await openDb();
  if (!db) return null;
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The snapshot kept by an earlier boot of this build (sparse), or null. */
async function readKept() {
  try {
    if (typeof caches !== "undefined") {
      const hit = await (await caches.open(CACHE)).match(KEY);
      return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    }
    const data = await withDb("readonly", (s) => s.get(VERSION));
    return data instanceof Uint8Array ? data : null;
  } catch {
    return null;
  }
}

async function writeKept(sparse) {
  if (typeof caches !== "undefined") {
    const headers = { "content-type": "application/octet-stream" };
    await (await caches.open(CACHE)).put(KEY, new Response(sparse, { headers }));
  } else {
    // one snapshot: this build's (an older build's goes)
    const done = await withDb("readwrite", (s) => {
      s.clear();
      return s.put(sparse, VERSION);
    });
    if (done === null) return false;
  }
  return true;
}

async function dropKept() {
  try {
    if (typeof caches !== "undefined") await (await caches.open(CACHE)).delete(KEY);
    else await withDb("readwrite", (s) => s.delete(VERSION));
  } catch {
    // nothing to drop
  }
}

// ------------------------------------------------------------------ boot
/** When WebAssembly's instantiate of pyodide.asm.wasm ran (the longest call: Pyodide also
 *  instantiates a tiny module of its own). */
const wasmTimes = { took: -1 };
/** pyodide.asm.wasm compiled as the boot begins (a promise of the Module, or null): Pyodide's
 *  own instantiateStreaming call gets an instance of it, so the compile runs while pyodide.mjs
 *  loads and the snapshot is read instead of after. */
const early = { module: null };
for (const name of ["instantiateStreaming", "instantiate"]) {
  const orig = WebAssembly[name];
  WebAssembly[name] = async function (...args) {
    const start = performance.now();
    try {
      const module = name === "instantiateStreaming" && early.module && (await early.module);
      if (module) {
        Promise.resolve(args[0]).then((r) => r.body && r.body.cancel(), () => {}); // not needed
        return { module, instance: await WebAssembly.instantiate(module, args[1]) };
      }
      return await orig.apply(this, args);
    } finally {
      const end = performance.now();
      if (end - start > wasmTimes.took) Object.assign(wasmTimes, { start, end, took: end - start });
    }
  };
}

// Where a boot's time goes (ms; window.__puffteachBootPhases on the page, for the benchmark):
// import (pyodide.mjs), snapshot_read (the kept snapshot, or the book's fetched and unpacked),
// setup (Pyodide's lock file and Emscripten module), wasm (fetch, compile and instantiate
// pyodide.asm.wasm), python (restore the snapshot, or start Python), wheel (the engine's file
// in place), engine (import the engine; nothing after a restore), first_step (the first
// request answered); restored: "stored" (the snapshot kept in this browser), "book" (the
// book's) or false; snapshot_saved: ms to keep one (snapshot_made: this browser made it).
async function boot(pyodideUrl, wheelUrl, snapshotUrl) {
  const t0 = performance.now();
  // when the worker was made and when its boot began (epoch ms: the page subtracts its own origin)
  const phases = { at_worker: performance.timeOrigin, at_boot: performance.timeOrigin + t0 };
  const lap = (name, since) => {
    const now = performance.now();
    phases[name] = Math.round(now - since);
    return now;
  };
  const wheelBytes = fetch(wheelUrl).then((r) => {
    if (!r.ok) throw keyed("ui.engine.wheel", { status: r.status });
    return r.arrayBuffer();
  });
  const kept = readKept();
  const indexURL = new URL(".", pyodideUrl).href;
  // Pyodide's Emscripten module and its wasm, loaded and compiled side by side from the start
  const createPyodideModule = import(new URL("pyodide.asm.mjs", indexURL).href).then(
    (m) => m.default,
    () => undefined, // loadPyodide finds its own
  );
  early.module = WebAssembly.compileStreaming(fetch(new URL("pyodide.asm.wasm", indexURL))).then(
    (m) => ((phases.wasm_compiled_at = Math.round(performance.now() - t0)), m),
    () => null, // (a server that does not say application/wasm) Pyodide compiles it itself
  );
  const { loadPyodide } = await import(pyodideUrl);
  let t = lap("import", t0);

  let source = null;
  let sparse = await kept;
  if (sparse) source = "stored";
  else if ((sparse = await fetchSnapshot(snapshotUrl))) source = "book";
  let pyodide = null;
  const options = async () => ({
    indexURL,
    packages: [],
    createPyodideModule: await createPyodideModule,
  });
  if (sparse) {
    try {
      const snap = decodeSparse(sparse);
      t = lap("snapshot_read", t);
      pyodide = await loadPyodide({ ...(await options()), _loadSnapshot: snap });
      // the book's snapshot, unpacked, for the next page and the next visit (no CPU to speak of)
      if (source === "book") keep = { snapshot: sparse, now: true };
    } catch (e) {
      console.warn(`puffteach: the engine snapshot (${source}) did not load; starting afresh`, e);
      if (source === "stored") dropKept();
      pyodide = null;
    }
  }
  sparse = null;
  const restored = pyodide ? source : false;
  if (!restored) {
    if (phases.snapshot_read === undefined) t = lap("snapshot_read", t);
    pyodide = await loadPyodide({ ...(await options()), _makeSnapshot: true });
  }
  if (wasmTimes.end !== undefined && wasmTimes.start >= t) {
    phases.setup = Math.round(wasmTimes.start - t);
    phases.wasm = Math.round(wasmTimes.end - wasmTimes.start);
    t = wasmTimes.end;
  }
  t = lap("python", t);
  pyodide.FS.writeFile(WHEEL, new Uint8Array(await wheelBytes));
  t = lap("wheel", t);
  if (restored) {
    pyodide.runPython(RESTORED_PY);
  } else {
    pyodide.runPython(BOOT_PY);
    keep = { pyodide };
  }
  const api = pyodide.pyimport("puffteach.widget.worker"); // kept: its functions borrow it
  const step = api.step_json;
  const initial = api.initial_json;
  const players = api.players_json;
  const ahead = api.ahead_json;
  lap("engine", t);
  phases.restored = restored;
  return { step, initial, players, ahead, ms: performance.now() - t0, phases };
}

/** Keep a snapshot once the worker is idle (after the boot or an answer, never during one). */
function keepSoon() {
  if (!keep) return;
  setTimeout(async () => {
    const what = keep;
    if (!what || busy) return; // a request came: the next answer tries again
    keep = null;
    const t0 = performance.now();
    let saved = false;
    try {
      const sparse = what.snapshot || encodeSparse(what.pyodide.makeMemorySnapshot());
      saved = await writeKept(sparse);
    } catch (e) {
      console.warn("puffteach: the engine snapshot was not kept", e);
    }
    const e = await engine;
    e.phases.snapshot_saved = saved ? Math.round(performance.now() - t0) : false;
    if (what.pyodide) e.phases.snapshot_made = true;
    self.postMessage({ phases: e.phases });
  }, keep.now ? 0 : 500);
}

/** A request answered: its result (and, the first time, the boot's phases with its time). */
async function answer(type, data) {
  const e = await engine;
  if (!e) throw keyed("ui.engine.not_started");
  const first = e.phases.first_step === undefined;
  const t0 = performance.now();
  let result;
  if (type === "step") result = e.step(data.state, data.action);
  else if (type === "players") result = e.players();
  else if (type === "ahead") result = e.ahead(data.state, data.ms);
  else result = e.initial(data.args);
  if (first) e.phases.first_step = Math.round(performance.now() - t0);
  return { result, phases: first ? e.phases : undefined };
}

self.onmessage = async (ev) => {
  const { id, type } = ev.data || {};
  busy += 1;
  try {
    if (type === "boot") {
      if (!engine) engine = boot(ev.data.pyodide, ev.data.wheel, ev.data.snapshot);
      const e = await engine;
      self.postMessage({ id, result: { ms: e.ms, phases: e.phases } });
    } else if (type === "step" || type === "players" || type === "initial" || type === "ahead") {
      const { result, phases } = await answer(type, ev.data);
      self.postMessage({ id, result });
      if (phases) self.postMessage({ phases });
    } else {
      throw keyed("ui.engine.request", { type });
    }
  } catch (e) {
    if (type === "boot") engine = null; // the next boot tries again
    self.postMessage({ id, error: e && e.message ? e.message : String(e), params: e && e.params });
  } finally {
    busy -= 1;
    keepSoon();
  }
};
