// puffteach engine worker (a module Web Worker; the static book only).
//
// Pyodide's own pattern: the page posts {id, type, ...} and gets {id, result} or {id, error}
// back. One worker serves every board of a page (board.js, loadEngine). The engine runs here,
// off the main thread, so the page stays responsive while Pyodide boots or a long step runs;
// board.js cancels a long call by terminating this worker and starting a new one.
//
// Messages:
//   {id, type: "boot", pyodide, wheel}   load Pyodide (absolute URL of pyodide.mjs) and the
//                                        engine wheel; answers {id, result: {ms}}
//   {id, type: "step", state, action}    state and action as JSON text; answers the new
//                                        state as JSON text (puffteach.widget.protocol.step)
//   {id, type: "initial", args}          protocol.initial_state(**args) as JSON text (the
//                                        Play page's boards)
//   {id, type: "players"}                the computer players' names (JSON list)

const STEP_PY = `
import json
from puffteach.widget import protocol as _puffteach_protocol

def _puffteach_step_json(state, action):
    return json.dumps(_puffteach_protocol.step(json.loads(state), json.loads(action)))

def _puffteach_initial_json(args):
    args = json.loads(args)
    try:
        state = _puffteach_protocol.initial_state(
            args.get("rules") or "kontrar-puff", args.get("position"), args.get("seed"),
            **(args.get("view") or {}))
    except ValueError as e:
        return json.dumps({"error": str(e)})
    return json.dumps(state)

def _puffteach_players_json():
    # the computer players a board can choose (protocol.register_player); puffteach.players
    # registers its own when it offers any (the Play page's White/Black choices)
    try:
        import puffteach.players as _players
        hook = getattr(_players, "register_board_players", None)
        if hook is not None:
            hook()
    except Exception:
        pass
    return json.dumps(sorted(_puffteach_protocol.PLAYERS))
`;

let engine = null; // a promise of {step, initial}

async function boot(pyodideUrl, wheelUrl) {
  const started = performance.now();
  const { loadPyodide } = await import(pyodideUrl);
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: new URL(".", pyodideUrl).href, packages: [] }),
    fetch(wheelUrl).then((r) => {
      if (!r.ok) throw new Error(`the engine wheel: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const loaded = performance.now();
  pyodide.unpackArchive(wheel, "wheel"); // pure Python: Pyodide's core is all it needs
  pyodide.runPython(STEP_PY);
  const step = pyodide.globals.get("_puffteach_step_json");
  const initial = pyodide.globals.get("_puffteach_initial_json");
  const players = pyodide.globals.get("_puffteach_players_json");
  const done = performance.now();
  // where the boot's time goes: Pyodide (download, compile, start) and the engine's import
  const phases = { pyodide: loaded - started, engine: done - loaded };
  return { step, initial, players, ms: done - started, phases };
}

self.onmessage = async (ev) => {
  const { id, type } = ev.data || {};
  try {
    if (type === "boot") {
      if (!engine) engine = boot(ev.data.pyodide, ev.data.wheel);
      const e = await engine;
      self.postMessage({ id, result: { ms: e.ms, phases: e.phases } });
    } else if (type === "step") {
      const e = await engine;
      self.postMessage({ id, result: e.step(ev.data.state, ev.data.action) });
    } else if (type === "players") {
      const e = await engine;
      self.postMessage({ id, result: e.players() });
    } else if (type === "initial") {
      const e = await engine;
      self.postMessage({ id, result: e.initial(ev.data.args) });
    } else {
      throw new Error(`unknown request ${type}`);
    }
  } catch (e) {
    if (type === "boot") engine = null; // the next boot tries again
    self.postMessage({ id, error: e && e.message ? e.message : String(e) });
  }
};
