"""A change of master measured against master itself, on the dice of the stored benchmark.

Every stored stream of a row ``master`` against B (``players.py``'s results, current keys) is
played again with a *variant* of master in master's place: the same dice stream, the same
seeds for B's random choices, the same sides. A game changes only where the variant picks
another play than master did, so most pairs are identical and the difference between the
variant and master is measured far more precisely than by a fresh row of its own (the
stored row is the other half of each pair). Reported: the streams replayed, how many ended
differently, the games won by each, and the differences per game (variant minus master) in
points and in the share of games won, with 95% intervals over the streams.

Variants:

- ``master``: master itself, a check of the method: every stream must end as stored.
- ``hits``: when none of master's candidates (the best three by the 0-ply ranking) hits a
  blot, the best two hitting plays of that ranking are searched as well (the Contrapuff
  diagnosis in ``docs-notes/learned-evaluator.md``).
- ``grandmaster``: the ladder's top level (master with 6 candidates, wider beams and 6
  replies), to see whether the slower level is the stronger one where the aims are measured.
- ``net`` (with ``--weights DIR``): master as it is, on a candidate net
  (``DIR/<family>.json``, e.g. one that ``scripts/train.py --weights DIR`` trains), to judge
  the candidate where the aims are measured before its weights ship. A new net changes more
  decisions than a new search rule, so fewer pairs stay identical, but the shared dice and
  opponent seeds still cancel much of the luck. The variant's name in the results file is
  ``net-<digest of the weights file>``, so checkpoints do not mix.

Results are appended to ``benchmarks/results/replay-<preset>-<variant>-<B>.jsonl`` (one line
per stream), so runs add up across sessions; a run replays the stored streams in order and
skips those done. A script, not a test: nothing here is timed.

    python benchmarks/paired_replay.py --preset pierer-contrapuff --against random --streams 400
    python benchmarks/paired_replay.py --preset pierer-contrapuff --against random --report
    python benchmarks/paired_replay.py --preset lang-puff --against advanced --variant net \
        --weights training/puff-128 --streams 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from players import RESULTS, match_key, mirrored_pair, paired, tally  # noqa: E402

from puffteach import rules  # noqa: E402
from puffteach.color import Color  # noqa: E402
from puffteach.movegen import Play  # noqa: E402
from puffteach.odds import pips  # noqa: E402
from puffteach.players.base import Estimate  # noqa: E402
from puffteach.players.net import Net, net_evaluator  # noqa: E402
from puffteach.players.search import SearchPlayer  # noqa: E402
from puffteach.position import Position  # noqa: E402

#: hitting plays searched besides the candidates when none of these hits (variant ``hits``)
EXTRA_HITS = 2


class HitsMaster(SearchPlayer):
    """Master that also searches the best hitting plays when none of its candidates hits."""

    def searched(self, start: Position, scored: list[tuple[Play, Estimate]]) -> list[int]:
        head = super().searched(start, scored)
        opp = Color(1 - start.turn)
        before = pips(start, opp)

        def hits(i: int) -> bool:
            p = scored[i][0]
            return p.outcome is None and pips(p.position, opp) > before

        if not any(hits(i) for i in head):
            head += [i for i in range(len(head), len(scored)) if hits(i)][:EXTRA_HITS]
        return head


VARIANTS: dict[str, Callable[[random.Random], SearchPlayer]] = {
    "grandmaster": lambda rng: SearchPlayer("grandmaster", rng=rng),
    "hits": lambda rng: HitsMaster("master", rng=rng),
    # master itself: every replayed game must end as stored (a check of the method)
    "master": lambda rng: SearchPlayer("master", rng=rng),
}

#: the candidate nets of variant ``net`` (per process: read once)
_NETS: dict[Path, Net] = {}


def weights_file(weights: str, preset: str) -> Path:
    """The candidate's weights for ``preset``'s family in the directory ``weights``."""
    path = Path(weights) / f"{rules(preset).family}.json"
    if not path.is_file():
        raise SystemExit(f"paired_replay: no weights {path}")
    return path


def variant_name(variant: str, weights: str | None, preset: str) -> str:
    """The variant as named in the results file (``net-<digest>`` for a candidate net)."""
    if variant != "net":
        return variant
    if not weights:
        raise SystemExit("paired_replay: --variant net needs --weights DIR")
    digest = hashlib.sha256(weights_file(weights, preset).read_bytes()).hexdigest()[:12]
    return f"net-{digest}"


def make_player(variant: str, wfile: str | None, rng: random.Random) -> SearchPlayer:
    """The variant's player; ``wfile``: the candidate's weights file (variant ``net``)."""
    if variant != "net":
        return VARIANTS[variant](rng)
    assert wfile is not None
    path = Path(wfile)
    net = _NETS.get(path)
    if net is None:
        net = _NETS[path] = Net.from_json(json.loads(path.read_text()))
    return SearchPlayer("master", net_evaluator(net), rng)


def replay(args: tuple[str, str, str, int, str | None]) -> dict[str, object]:
    """One stored stream played again with the variant in master's place (both games)."""
    preset, variant, against, stream, weights = args
    rs = rules(preset)
    wfile = str(weights_file(weights, preset)) if variant == "net" and weights else None
    pts = mirrored_pair(rs, lambda rng: make_player(variant, wfile, rng), against, stream)
    return {"stream": stream, "points": pts, "key": replay_key(preset, against)}


def replay_key(preset: str, against: str) -> str:
    """The keys of the stored row a replay pairs with (master's and B's, ``players.py``): the
    variants play on the shipped net too, so a replay counts only beside the row of the
    same keys (rows without a key were played before keys were recorded, 28 November)."""
    return "|".join(match_key(preset, "master", against))


def path(preset: str, variant: str, against: str) -> Path:
    return RESULTS / f"replay-{preset}-{variant}-{against}.jsonl"


def replayed(preset: str, variant: str, against: str) -> tuple[list[dict[str, Any]], int]:
    """The stored replays under the current keys, and how many others the file holds."""
    p = path(preset, variant, against)
    rows = []
    if p.exists():
        rows = [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    key = replay_key(preset, against)
    return [r for r in rows if r.get("key") == key], sum(r.get("key") != key for r in rows)


def report(preset: str, variant: str, against: str) -> str:
    stored = tally(preset, "master", against)
    rows, other = replayed(preset, variant, against)
    by_stream = {r["stream"]: tuple(r["points"]) for r in rows if r["stream"] in stored}
    pairs = [(p, stored[s]) for s, p in by_stream.items()]
    left_out = f" ({other} replayed under other keys left out)" if other else ""
    if len(pairs) < 2:
        return f"{preset} {variant} vs {against}: {len(pairs)} streams replayed{left_out}"

    def ci(xs: list[float]) -> float:
        return 1.96 * statistics.stdev(xs) / len(xs) ** 0.5

    _, dp_mean, dp_ci = paired(by_stream, stored)
    dw = [(sum(x > 0 for x in n) - sum(x > 0 for x in o)) / 2 for n, o in pairs]
    won_new = sum(x > 0 for n, _ in pairs for x in n)
    won_old = sum(x > 0 for _, o in pairs for x in o)
    return (
        f"{preset} {variant} vs {against}: {len(pairs)} streams ({2 * len(pairs)} games), "
        f"{sum(n != o for n, o in pairs)} ended differently; won {won_new} (master {won_old}); "
        f"points a game {dp_mean:+.3f} ± {dp_ci:.3f}, "
        f"share of games won {statistics.fmean(dw):+.4f} ± {ci(dw):.4f}{left_out}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", required=True)
    ap.add_argument("--variant", default="hits", choices=sorted([*VARIANTS, "net"]))
    ap.add_argument("--weights", help="variant net: the candidate's directory")
    ap.add_argument("--against", default="random", help="B of the stored master row")
    ap.add_argument("--streams", type=int, default=0, help="replay up to this many streams")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args(argv)
    name = variant_name(a.variant, a.weights, a.preset)
    if not a.report:
        out = path(a.preset, name, a.against)
        done = {r["stream"] for r in replayed(a.preset, name, a.against)[0]}
        todo = [
            s for s in sorted(tally(a.preset, "master", a.against))[: a.streams] if s not in done
        ]
        tasks = [(a.preset, a.variant, a.against, s, a.weights) for s in todo]
        with ProcessPoolExecutor(a.jobs) as pool, out.open("a") as f:
            for row in pool.map(replay, tasks):
                f.write(json.dumps(row, separators=(",", ":")) + "\n")
                f.flush()
    print(report(a.preset, name, a.against))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
