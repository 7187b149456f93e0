"""Lengths of the Play page's share links (issue 44, "Share links"), packed by
``puffteach/sphinxext/static/puffteach-link.js`` in Node.

    python benchmarks/share_links.py [--games 200] [--rules lang-puff] [--level random|expert]

Plays ``--games`` whole games (seeds 0, 1, …; ``random``: random legal steps,
``Game.play_random_roll``; a level of :mod:`puffteach.players.search`: that player on both
sides), packs each record and prints the lengths of the link's record part (``g=…``) and of the
base64url JSON it replaces (``rec=…``): min, median, max, and the CPU time Node takes to pack
one game. Every packed record is unpacked again and compared with the original (the hits' ``*``
aside, which the engine marks again when it loads the record).

Measured on 5 December 2026 (lång puff; min / median / max characters of ``g=…``; format 1 is
the bit packing before, still read, which carried the start position beside the events,
``&st=W%3A0x15+B%3A0x15+b``, 23 characters more than its ``g=…`` shown here):

====================================== ================= ================= ====================
games                                  format 1          format 2          JSON ``rec=…``
====================================== ================= ================= ====================
200 random (226 / 428 / 674 events)    298 / 557 / 873   151 / 269 / 398   5624 / 10528 / 16440
60 expert (200 / 379 / 491 events)     —                 139 / 250 / 367   4976 / 9310 / 12018
====================================== ================= ================= ====================

Format 1 on 60 other expert games (seeds 1000-1059; 193 / 397 / 543 events): 254 / 517 / 706,
format 2 on them 129 / 256 / 350. Packing a whole game takes Node 5-10 ms of CPU time (five
layouts tried, each with its beam search of who rolled).
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puffteach import Game  # noqa: E402
from puffteach.players.search import player  # noqa: E402

LINK_JS = ROOT / "puffteach" / "sphinxext" / "static" / "puffteach-link.js"

PACK = f"""
import {{ packRecord, unpackRecord }} from {json.dumps(LINK_JS.as_uri())};
let text = "";
for await (const chunk of process.stdin) text += chunk;
const plain = (m) => (/^\\d+\\/(\\d+|off)\\*$/.test(m) ? m.slice(0, -1) : m);
const out = [];
let cpu = 0;
for (const rec of JSON.parse(text)) {{
  const c0 = process.cpuUsage();
  const g = packRecord(rec);
  const c = process.cpuUsage(c0);
  cpu += c.user + c.system;
  const back = unpackRecord(g, rec.rules);
  const same =
    back.start === rec.start &&
    JSON.stringify(back.opening) === JSON.stringify(rec.opening ?? null) &&
    JSON.stringify(back.events) ===
      JSON.stringify(rec.events.map(([k, v]) => [k, k === "move" ? plain(v) : v]));
  out.push([g.length, same]);
}}
console.log(JSON.stringify({{ lengths: out, cpu_ms: cpu / 1000 }}));
"""


def game(rules: str, level: str, seed: int) -> dict[str, Any]:
    g = Game(rules, seed=seed)
    rng = random.Random(seed)
    me = None if level == "random" else player(level, rng=rng)
    for _ in range(5000):
        if g.outcome is not None:
            break
        if me is None:
            g.play_random_roll(rng)
            continue
        pos = g.position
        dice = g.roll()
        if g.turn is None:
            continue
        for m in me.choose(g.rules, pos, dice).moves:
            g.push(m)
        if g.turn is not None:
            g.end_roll()
    return g.record()


def b64(record: dict[str, Any]) -> bytes:
    return base64.urlsafe_b64encode(json.dumps(record).encode()).rstrip(b"=")


def spread(xs: list[int]) -> str:
    return f"{min(xs)} / {statistics.median(xs):.0f} / {max(xs)}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rules", default="lang-puff")
    ap.add_argument("--level", default="random")
    args = ap.parse_args()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed")
    records = [game(args.rules, args.level, seed) for seed in range(args.games)]
    proc = subprocess.run(
        [node, "--input-type=module", "-e", PACK],
        input=json.dumps(records),
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(proc.stdout)
    packed = [2 + n for n, _ in got["lengths"]]  # "g=" and the text
    wrong = sum(not same for _, same in got["lengths"])
    as_json = [4 + len(b64(r)) for r in records]
    events = [len(r["events"]) for r in records]
    print(f"{args.rules}, {args.games} games, {args.level} play ({spread(events)} events)")
    print(f"  g=…    min / median / max: {spread(packed)} characters")
    print(f"  rec=…  min / median / max: {spread(as_json)} characters")
    cpu = got["cpu_ms"] / len(records)
    print(f"  packing: {cpu:.1f} ms CPU a game; unpacked differently: {wrong}")


if __name__ == "__main__":
    main()
