"""Tune the hand-written evaluation's weights for a family by self-play matches (SPSA).

SPSA (simultaneous perturbation stochastic approximation, as chess engines tune their
evaluation terms by games): each round perturbs every weight at once, up or down by a random
sign (``c``, in log space: a weight is multiplied or divided by ``exp(c)``), plays greedy on
the weights pushed up against greedy on the weights pushed down over dice streams of their
own, each stream twice with the sides swapped, and moves the weights along the signs by the
points a game the "up" side won. No gradient of the play exists; the matches are the
measure. Greedy is the benchmark's ``advanced`` level (0 plies, no noise), only the weights
differ.

One reproducible command with a seed, resumable (the state, every round's weights and
result, in ``benchmarks/results/tune-<family>-<seed>.json``), using ``--workers`` processes:

    python scripts/tune.py --family puff --seed 1 --rounds 120 --streams 100 --workers 2
    python scripts/tune.py --family puff --seed 1 --check 1000   # tuned vs shipped, paired

``--check N`` plays the tuned weights (the mean of the last rounds' weights) against the
shipped ones (``evaluate.WEIGHTS``) on N dice streams of a seed no round used.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from players import dice_game  # noqa: E402

from puffteach import rules  # noqa: E402
from puffteach.outcome import Outcome  # noqa: E402
from puffteach.players.evaluate import WEIGHTS, Weights, weighted  # noqa: E402
from puffteach.players.search import SearchPlayer  # noqa: E402
from puffteach.rules import ALL_PRESETS, RuleSet  # noqa: E402

STATE = ROOT / "benchmarks" / "results"
#: the weights tuned (bräde's ``jan`` is left out of Puff: it plays no part there)
TUNED = {
    "puff": ("tempo", "reentry", "blocks", "prime", "entry", "scale"),
    "brade": ("tempo", "reentry", "blocks", "prime", "entry", "scale", "jan"),
}
#: stream seeds: round r of a run with seed s uses s * BIG + r * 10_000 + i; checks use
#: s * BIG + CHECK + i
BIG = 100_000_000
CHECK = 90_000_000


def presets(family: str) -> list[str]:
    return [n for n in ALL_PRESETS if rules(n).family == family]


def _points(outcome: Outcome | None, side: int) -> int:
    if outcome is None or outcome.winner is None:
        return 0
    return outcome.points if int(outcome.winner) == side else -outcome.points


def play(rs: RuleSet, white: Weights, black: Weights, seed: int) -> Outcome | None:
    """One game of greedy on ``white``'s weights against greedy on ``black``'s, on the
    benchmark's dice stream ``seed``."""
    players = [
        SearchPlayer("advanced", weighted({rs.family: white})),
        SearchPlayer("advanced", weighted({rs.family: black})),
    ]
    return dice_game(rs, lambda rs, pos, roll: players[pos.turn].choose(rs, pos, roll), seed)


def pair(args: tuple[str, list[float], list[float], int]) -> float:
    """A's points a game over one dice stream played twice (A White, then Black)."""
    name, a, b, seed = args
    rs = rules(name)
    wa, wb = Weights(*a), Weights(*b)
    return (_points(play(rs, wa, wb, seed), 0) + _points(play(rs, wb, wa, seed), 1)) / 2


def match(
    family: str, a: Weights, b: Weights, seeds: list[int], ex: ProcessPoolExecutor | None
) -> list[float]:
    names = presets(family)
    work = [(names[s % len(names)], list(a), list(b), s) for s in seeds]
    if ex is None:
        return [pair(w) for w in work]
    return list(ex.map(pair, work, chunksize=max(1, len(work) // 16)))


def with_logs(base: Weights, fields: tuple[str, ...], logs: list[float]) -> Weights:
    return base._replace(**{f: math.exp(v) for f, v in zip(fields, logs, strict=True)})


def load(path: Path, family: str, seed: int, c: float) -> dict[str, Any]:
    if path.exists():
        state: dict[str, Any] = json.loads(path.read_text())
        return state
    base = WEIGHTS[family]
    fields = TUNED[family]
    return {
        "family": family,
        "seed": seed,
        "c": c,
        "fields": list(fields),
        "logs": [math.log(getattr(base, f)) for f in fields],
        "rounds": [],
    }


def tuned(state: dict[str, Any], last: int) -> Weights:
    """The mean (in log space) of the last ``last`` rounds' weights."""
    fam = state["family"]
    rows = [r["logs"] for r in state["rounds"][-last:]] or [state["logs"]]
    mean = [statistics.fmean(col) for col in zip(*rows, strict=True)]
    return with_logs(WEIGHTS[fam], tuple(state["fields"]), mean)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--family", default="puff", choices=sorted(TUNED), help="the family tuned")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=100, help="rounds in all (resumes)")
    ap.add_argument("--streams", type=int, default=100, help="dice streams a round")
    ap.add_argument("--c", type=float, default=0.2, help="perturbation in log space")
    ap.add_argument("--a", type=float, default=0.3, help="step size")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--check", type=int, default=0, help="streams of tuned vs shipped")
    ap.add_argument("--last", type=int, default=20, help="rounds averaged for the result")
    args = ap.parse_args(argv)
    path = STATE / f"tune-{args.family}-{args.seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    state = load(path, args.family, args.seed, args.c)
    fam = args.family
    fields = tuple(state["fields"])
    base = WEIGHTS[fam]
    ex = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    if args.check:
        best = tuned(state, args.last)
        seeds = [args.seed * BIG + CHECK + i for i in range(args.check)]
        t0 = time.perf_counter()
        res = match(args.family, best, base, seeds, ex)
        m = statistics.fmean(res)
        half = 1.96 * statistics.stdev(res) / math.sqrt(len(res))
        print(f"tuned {best}\nagainst shipped {base}")
        print(
            f"{2 * len(res)} games: {m:+.3f} [{m - half:+.3f}, {m + half:+.3f}] points a game"
            f"  ({time.perf_counter() - t0:.0f} s)"
        )
        return 0
    rng = random.Random(args.seed)
    for _ in range(len(state["rounds"])):  # the signs already drawn
        [rng.random() < 0.5 for _ in fields]
    while len(state["rounds"]) < args.rounds:
        k = len(state["rounds"])
        signs = [1.0 if rng.random() < 0.5 else -1.0 for _ in fields]
        logs = state["logs"]
        c = state["c"]
        up = with_logs(base, fields, [v + c * s for v, s in zip(logs, signs, strict=True)])
        down = with_logs(base, fields, [v - c * s for v, s in zip(logs, signs, strict=True)])
        seeds = [args.seed * BIG + k * 10_000 + i for i in range(args.streams)]
        t0 = time.perf_counter()
        res = match(args.family, up, down, seeds, ex)
        r = statistics.fmean(res)
        step = args.a / (1 + k / 50) ** 0.602
        state["logs"] = [v + step * r / (2 * c) * s for v, s in zip(logs, signs, strict=True)]
        state["rounds"].append({"signs": signs, "result": r, "logs": state["logs"]})
        path.write_text(json.dumps(state, indent=1))
        now = with_logs(base, fields, state["logs"])
        print(
            f"round {k + 1:4}  up-down {r:+.3f}  "
            + " ".join(f"{f}={getattr(now, f):.2f}" for f in fields)
            + f"  ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
