// Make the book's memory snapshot of Pyodide with the engine imported and warmed up
// (puffteach/sphinxext/snapshot.py runs this with Node at build time; the engine worker,
// puffteach/widget/static/engine-worker.js, restores it in the browser).
//
//     node snapshot.mjs PYODIDE_DIR WHEEL OUT
//
// PYODIDE_DIR holds the npm package pyodide (the same files the book serves), WHEEL is the
// engine wheel the book serves, OUT receives the raw snapshot. The wheel goes where the worker
// puts it too, as a zip on sys.path.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const WHEEL = "/lib/puffteach-engine.zip"; // the same in engine-worker.js
const [pyodideDir, wheel, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR WHEEL OUT");
  process.exit(2);
}
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, packages: [], _makeSnapshot: true });
pyodide.FS.writeFile(WHEEL, readFileSync(wheel));
const steps = pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(WHEEL)})
import puffteach.widget.worker
puffteach.widget.worker.warm_up()
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
console.log(`snapshot: ${steps} warm-up steps`);
