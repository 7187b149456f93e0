"""A candidate net judged by greedy play on it, before its weights ship.

Greedy play on the candidate (level ``expert``: no search, the net's estimate mixed with the
hand-written one as the weights' ``meta["mix"]`` says) plays level B (``advanced`` unless told)
on the dice streams ``--start`` to ``--stop`` - 1 of a preset, each stream twice with the sides
swapped and the noise seeds of ``players.play_pair``. Without a search, a better net shows as
better play at once, and the same streams played by two nets pair their games: most of the
dice's luck cancels in the difference stream by stream.

Results are appended to ``benchmarks/results/judge-<preset>-<B>-<name>.jsonl`` (one line a
stream), where the name is ``--name`` or the first 12 hex digits of the weights file's SHA-256
(and ``-mix<m>`` if ``--mix`` is given);
a run skips the streams stored, so runs add up across sessions. ``--report`` prints each named
run's points a game (95% interval), share of the points and games won, and the paired
difference of each run against the first named. A script, not a test: nothing here is timed.

**Once the candidate ships**, its judged games are the games of ``benchmarks/players.py``'s
pairing ``expert`` against B (the same players, dice streams and noise seeds, seed 0):
``--to-players`` appends the named run's streams to that file under the pairing's current
keys (streams already stored there are skipped). It refuses unless ``--weights`` holds exactly
the shipped weights file and no ``--mix`` is given, and unless the run's first and last new
streams, played again by the benchmark's own players, come out the same (a run's file does not
record the mix it was played with), so only games of the shipped players move.

    python benchmarks/judge_net.py --weights puffteach/players/weights --name shipped --jobs 2
    python benchmarks/judge_net.py --weights training/puff-128 --name c117392 --jobs 2
    python benchmarks/judge_net.py --report shipped c117392
    python benchmarks/judge_net.py --weights training/puff-128 --name c134096 --to-players
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import players  # noqa: E402
from players import RESULTS, mirrored_pair, summary  # noqa: E402

from puffteach import rules  # noqa: E402
from puffteach.players import search  # noqa: E402
from puffteach.players.net import Net, net_evaluator  # noqa: E402
from puffteach.players.search import SearchPlayer  # noqa: E402

#: the candidate nets (per process: read once), by weights file and mix
_NETS: dict[tuple[str, float | None], Net] = {}


def load(wfile: str, mix: float | None) -> Net:
    key = (wfile, mix)
    net = _NETS.get(key)
    if net is None:
        data = json.loads(Path(wfile).read_text())
        if mix is not None:
            data["meta"]["mix"] = mix
        net = _NETS[key] = Net.from_json(data)
    return net


def play_stream(args: tuple[str, str, str, float | None, int]) -> dict[str, object]:
    """Both games of one dice stream: greedy on the candidate against B, then sides swapped."""
    preset, against, wfile, mix, stream = args
    rs = rules(preset)
    net = load(wfile, mix)
    pts = mirrored_pair(
        rs, lambda rng: SearchPlayer("expert", net_evaluator(net), rng), against, stream
    )
    return {"stream": stream, "points": pts}


def path(preset: str, against: str, name: str) -> Path:
    return RESULTS / f"judge-{preset}-{against}-{name}.jsonl"


def stored(preset: str, against: str, name: str) -> dict[int, list[int]]:
    p = path(preset, against, name)
    if not p.exists():
        return {}
    rows = [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    return {r["stream"]: r["points"] for r in rows}


def report(preset: str, against: str, names: list[str]) -> str:
    runs = {n: stored(preset, against, n) for n in names}
    common = sorted(set.intersection(*(set(r) for r in runs.values())))
    if len(common) < 2:
        return f"{preset} against {against}: {len(common)} streams in common"
    lines = [f"{preset}, greedy on each net against {against}, streams in common: {len(common)}"]
    for n, r in runs.items():
        m = summary([(r[s][0], r[s][1]) for s in common])
        lines.append(
            f"  {n}: {m['ppg']:+.3f} [{m['lo']:+.3f}, {m['hi']:+.3f}] points a game, "
            f"{m['share']:.1%} of the points, {round(m['wins'] * m['games'])} of "
            f"{m['games']} games won"
        )
    pairs = {n: {s: (r[s][0], r[s][1]) for s in common} for n, r in runs.items()}
    for n in names[1:]:
        _, mean, half = players.paired(pairs[n], pairs[names[0]])
        lines.append(f"  {n} - {names[0]}, stream by stream: {mean:+.3f} ± {half:.3f}")
    return "\n".join(lines)


def to_players(preset: str, against: str, name: str, wfile: Path) -> int:
    """Append the judged run ``name`` to ``players.py``'s results as ``expert`` against
    ``against`` (seed 0, stream numbers kept); the number of streams added. ``wfile`` must be
    byte for byte the shipped weights file of the preset's family."""
    family = rules(preset).family
    shipped = Path(str(search.__file__)).resolve().parent / "weights" / f"{family}.json"
    if wfile.resolve() != shipped and wfile.read_bytes() != shipped.read_bytes():
        raise SystemExit(f"judge_net: {wfile} is not the shipped {shipped}")
    ka, kb = players.match_key(preset, "expert", against)
    have = players.tally(preset, "expert", against, 0)
    rows = stored(preset, against, name)
    new = sorted(s for s in rows if s not in have)
    # the run's file does not say which mix or weights played it: replay its first and last
    # stream with the benchmark's own players, and copy nothing unless they come out the same
    for s in {new[0], new[-1]} if new else ():
        if list(players.play_pair((preset, "expert", against, s))) != rows[s]:
            raise SystemExit(f"judge_net: stream {s} of {name} does not replay as expert")
    for k in range(0, len(new), 5):
        block = new[k : k + 5]
        pts = [p for s in block for p in rows[s]]
        players.store_block(preset, ("expert", against), (ka, kb), 0, block, pts)
    return len(new)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="lang-puff")
    ap.add_argument("--against", default="advanced")
    ap.add_argument("--weights", help="directory holding <family>.json")
    ap.add_argument("--mix", type=float, help="the net's share, in place of meta['mix']")
    ap.add_argument("--name", help="the run's name in the results file")
    ap.add_argument("--start", type=int, default=3000)
    ap.add_argument("--stop", type=int, default=4000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--report", nargs="+", metavar="NAME")
    ap.add_argument(
        "--to-players", action="store_true", help="copy the run to players.py (shipped only)"
    )
    a = ap.parse_args(argv)
    if a.report:
        print(report(a.preset, a.against, a.report))
        return 0
    if not a.weights:
        raise SystemExit("judge_net: --weights DIR or --report NAME ...")
    wfile = Path(a.weights) / f"{rules(a.preset).family}.json"
    if not wfile.is_file():
        raise SystemExit(f"judge_net: no weights {wfile}")
    name = a.name or hashlib.sha256(wfile.read_bytes()).hexdigest()[:12]
    if not a.name and a.mix is not None:
        name += f"-mix{a.mix}"
    if a.to_players:
        if a.mix is not None:
            raise SystemExit("judge_net: --to-players takes the weights' own mix, not --mix")
        n = to_players(a.preset, a.against, name, wfile)
        print(f"{n} streams of {name} added to {players.results_path(a.preset)}")
        return 0
    done = stored(a.preset, a.against, name)
    todo = [s for s in range(a.start, a.stop) if s not in done]
    tasks = [(a.preset, a.against, str(wfile), a.mix, s) for s in todo]
    out = path(a.preset, a.against, name)
    with ProcessPoolExecutor(a.jobs) as pool, out.open("a") as f:
        for row in pool.map(play_stream, tasks, chunksize=4):
            f.write(json.dumps(row, separators=(",", ":")) + "\n")
            f.flush()
    print(report(a.preset, a.against, [name]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
