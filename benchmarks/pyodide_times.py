"""Decision times of the default level under Pyodide (Node) and in CPython, on the same positions.

The static book's computer opponent runs in the engine's worker, in Pyodide (issue 10: "under
Pyodide, a browser test plays a whole game against the computer"; ``tests/test_book_computer.py``
plays one). This benchmark times the players' default level
(:data:`puffteach.players.search.DEFAULT_LEVEL`) choosing its play, ``player(level).choose(rules,
position, dice)`` with a fresh player each time as the board does, on the same decisions twice:

- in this CPython, and
- in Pyodide under Node: the npm package ``pyodide`` of the book (``node_modules/pyodide``, the
  files the book serves) with the engine wheel the book ships
  (:func:`puffteach.sphinxext.vendor.build_wheel`: the package with its net weights) on
  ``sys.path``, as ``engine-worker.js`` puts it (Node's V8 runs the same WebAssembly as the
  browser's worker).

The decisions come from real games (``benchmarks/hint.py``'s ``harvest``: seeded games between a
noisy beginner and the greedy advanced player; ``--decisions`` of them per rule set) plus its
*big rolls* (``--big`` per rule set): Puff positions of those games with both sides given an
earlier pasch and a pasch rolled, so a *later* pasch (eight moves, built step by step with the
level's beam; ``+fourth-pasch``: three earlier pasches; ``+generalpasch``: the generalpasch roll
too), and bräde allas and one-die rolls.

Printed per rule set and overall, for "game" and "big" decisions: median, p95 and max in ms of
CPU time (CPython: ``time.process_time``; Node: ``process.cpuUsage()``, the Node process's
user + system time, read from Python through Pyodide's ``js`` module), the wall-clock median, the
Pyodide/CPython ratio (median of the per-decision ratios), the time of the first use of each
family's net (reading its weights from the wheel), and whether both interpreters chose the same
play each time. ``--profile`` adds a cProfile of the decisions under Pyodide (a separate run:
the profiler slows everything down).

    nice -n 19 python benchmarks/pyodide_times.py                 # the default rule sets
    nice -n 19 python benchmarks/pyodide_times.py --rules gegenpuff --decisions 20 --big 6
    nice -n 19 python benchmarks/pyodide_times.py --profile

Needs Node and the npm packages (``make npm``). A benchmark, not a test: nothing is asserted.
The load average is printed with every run; figures are in ``docs-notes/learned-evaluator.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from hint import Item, big_rolls, harvest  # noqa: E402

from puffteach.players.search import DEFAULT_LEVEL  # noqa: E402
from puffteach.position import Position  # noqa: E402
from puffteach.sphinxext.vendor import build_wheel  # noqa: E402

#: Puff presets of every layout, a combination with the biggest rolls, and two bräde presets
DEFAULT_RULES = (
    "lang-puff",
    "kontrar-puff",
    "pierer-doppelter-contrapuff",
    "gegenpuff+generalpasch+fourth-pasch",
    "brade-standard",
    "vasamuseet",
)
#: how long Node may take (Pyodide's start and a few hundred decisions on a loaded machine)
TIMEOUT_S = 3600

#: the timing loop, run as it stands in CPython and in Pyodide: ``run(items, cpu, level,
#: profile)`` returns JSON text (the nets' first use, each decision's CPU and wall time and
#: choice, and a profile's text)
TIMING = r"""
import json, random, sys, time

def run(items_json, cpu, level, profile=False):
    from puffteach.players.net import load
    from puffteach.players.search import player
    from puffteach.position import Position
    from puffteach.rules import rules
    out = {"python": sys.version.split()[0], "load": {}, "items": [], "profile": ""}
    for fam in ("puff", "brade"):
        c0, w0 = cpu(), time.perf_counter()
        load(fam)
        out["load"][fam] = [cpu() - c0, time.perf_counter() - w0]
    items = json.loads(items_json)
    prof = None
    if profile:
        import cProfile
        prof = cProfile.Profile()
    for it in items:
        rs = rules(it["rules"])
        pos = Position.parse(it["position"])
        dice = tuple(it["dice"])
        p = player(level, rng=random.Random(0))
        if prof is not None:
            prof.enable()
        c0, w0 = cpu(), time.perf_counter()
        play = p.choose(rs, pos, dice)
        c1, w1 = cpu(), time.perf_counter()
        if prof is not None:
            prof.disable()
        out["items"].append([c1 - c0, w1 - w0, str(play.position), [str(m) for m in play.moves]])
    if prof is not None:
        import io, pstats
        buf = io.StringIO()
        st = pstats.Stats(prof, stream=buf)
        st.sort_stats("tottime").print_stats(25)
        st.sort_stats("cumulative").print_stats(25)
        out["profile"] = buf.getvalue()
    return json.dumps(out)
"""

#: Node's side: Pyodide, the wheel on sys.path, the timing loop, the answer written to a file
NODE_SCRIPT = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [pyodideDir, wheel, code, items, out, level, profile] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ indexURL, packages: [] });
const boot = performance.now() - t0;
py.FS.writeFile("/lib/puffteach-engine.zip", readFileSync(wheel));
py.runPython(readFileSync(code, "utf8"));
py.globals.set("ITEMS", readFileSync(items, "utf8"));
py.globals.set("LEVEL", level);
py.globals.set("PROFILE", profile === "1");
const answer = py.runPython(`
import sys
sys.path.insert(0, "/lib/puffteach-engine.zip")
import puffteach.widget.worker  # what the book's snapshot has imported
from js import process

def _cpu():
    u = process.cpuUsage()
    return (u.user + u.system) / 1e6

run(ITEMS, _cpu, LEVEL, PROFILE)
`);
const result = JSON.parse(answer);
result.boot_ms = boot;
writeFileSync(out, JSON.stringify(result));
"""


def _items(names: list[str], games: int, decisions: int, big: int, seed: int) -> list[Item]:
    out: list[Item] = []
    for name in names:
        items, _ = harvest(name, games, seed)
        rng = random.Random(seed)
        out += rng.sample(items, min(decisions, len(items)))
        out += big_rolls(name, items, big, seed)
    for it in out:  # the positions travel as text: they must come back whole
        if Position.parse(str(it.position)) != it.position:
            raise SystemExit(f"{it.rules}: {it.position} does not round-trip as text")
    return out


def _as_json(items: list[Item]) -> str:
    return json.dumps(
        [{"rules": it.rules, "position": str(it.position), "dice": list(it.dice)} for it in items]
    )


def in_cpython(items: list[Item], level: str) -> dict[str, Any]:
    """The timing loop in this interpreter."""
    space: dict[str, Any] = {}
    exec(TIMING, space)
    run: Callable[..., str] = space["run"]
    result: dict[str, Any] = json.loads(run(_as_json(items), time.process_time, level))
    return result


def in_pyodide(items: list[Item], level: str, profile: bool) -> dict[str, Any]:
    """The timing loop in Pyodide under Node (the book's npm package, the book's wheel)."""
    node = shutil.which("node")
    pyodide_dir = ROOT / "node_modules" / "pyodide"
    if node is None or not (pyodide_dir / "pyodide.mjs").is_file():
        raise SystemExit("needs node and node_modules/pyodide (make npm)")
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        _, wheel = build_wheel()
        (t / "engine.whl").write_bytes(wheel)
        (t / "timing.py").write_text(TIMING, encoding="utf-8")
        (t / "items.json").write_text(_as_json(items), encoding="utf-8")
        (t / "run.mjs").write_text(NODE_SCRIPT, encoding="utf-8")
        args = [str(t / n) for n in ("engine.whl", "timing.py", "items.json", "out.json")]
        proc = subprocess.run(
            [node, str(t / "run.mjs"), str(pyodide_dir), *args, level, "1" if profile else "0"],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
        if proc.returncode != 0:
            raise SystemExit(f"node failed:\n{proc.stderr[-4000:]}")
        result: dict[str, Any] = json.loads((t / "out.json").read_text(encoding="utf-8"))
    return result


def _stats(xs: list[float]) -> str:
    if not xs:
        return f"{'-':>7} {'-':>8} {'-':>8}"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(len(xs) * 0.95))]
    return f"{statistics.median(xs) * 1e3:7.1f} {p95 * 1e3:8.1f} {xs[-1] * 1e3:8.1f}"


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def report(items: list[Item], cp: dict[str, Any], py: dict[str, Any]) -> None:
    print(
        f"{'rule set':38} {'kind':4} {'n':>4} | {'CPython med':>11} {'p95':>8} {'max':>8} |"
        f" {'Pyodide med':>11} {'p95':>8} {'max':>8} {'wall med':>8} | {'ratio':>5} {'same':>5}"
    )
    groups: dict[tuple[str, str], list[int]] = {}
    for i, it in enumerate(items):
        groups.setdefault((it.rules, it.kind), []).append(i)
    for kind in ("game", "big"):
        groups[("all", kind)] = [i for i, it in enumerate(items) if it.kind == kind]
    groups[("all", "both")] = list(range(len(items)))
    for (name, kind), idx in groups.items():
        c = [cp["items"][i][0] for i in idx]
        p = [py["items"][i][0] for i in idx]
        pw = [py["items"][i][1] for i in idx]
        ratio = statistics.median(b / a for a, b in zip(c, p, strict=True) if a > 0) if c else 0
        same = sum(cp["items"][i][2:] == py["items"][i][2:] for i in idx)
        print(
            f"{name:38} {kind:4} {len(idx):4} | {_stats(c):>28} | {_stats(p):>28} "
            f"{statistics.median(pw) * 1e3:8.1f} | {ratio:5.2f} {same:5}"
        )
    worst = sorted(range(len(items)), key=lambda i: -py["items"][i][0])[:6]
    print("slowest under Pyodide (CPU ms, CPython ms):")
    for i in worst:
        it = items[i]
        print(
            f"  {py['items'][i][0] * 1e3:8.1f} {cp['items'][i][0] * 1e3:8.1f}  {it.kind:4} "
            f"{it.rules} '{it.position}' dice {'-'.join(map(str, it.dice))}"
        )
    for fam in ("puff", "brade"):
        print(
            f"first use of the {fam} net (weights read from the wheel): "
            f"CPython {cp['load'][fam][0] * 1e3:.0f} ms, Pyodide {py['load'][fam][0] * 1e3:.0f} ms"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rules", action="append", help="rule set (repeatable)")
    ap.add_argument("--games", type=int, default=2, help="games per rule set")
    ap.add_argument("--decisions", type=int, default=50, help="game decisions per rule set")
    ap.add_argument("--big", type=int, default=12, help="big rolls per rule set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default=DEFAULT_LEVEL)
    ap.add_argument("--profile", action="store_true", help="also profile under Pyodide")
    args = ap.parse_args(argv)
    names = args.rules or list(DEFAULT_RULES)
    print(f"load average at start: {_load()}", flush=True)
    items = _items(names, args.games, args.decisions, args.big, args.seed)
    print(f"{len(items)} decisions at level {args.level}; CPython ...", flush=True)
    cp = in_cpython(items, args.level)
    print(f"load average: {_load()}; Pyodide under Node ...", flush=True)
    py = in_pyodide(items, args.level, False)
    print(
        f"CPython {cp['python']}, Pyodide's Python {py['python']} "
        f"(Pyodide's start {py['boot_ms'] / 1e3:.1f} s); load average now: {_load()}"
    )
    report(items, cp, py)
    if args.profile:
        prof = in_pyodide(items, args.level, True)
        print(f"cProfile under Pyodide (load average {_load()}):")
        print(prof["profile"])
    print(f"load average at end: {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
