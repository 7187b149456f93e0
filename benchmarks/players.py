"""Matches between computer players with mirrored dice, and decision times.

Each game's dice come from a stream seeded by the game's number; the stream is played twice,
the players swapping sides, so luck cancels out in each pair. The dice are drawn in the order
the rolls happen (the deciding opening roll first), whoever rolls them. Reported per pairing:
the first player's points per game with a 95% interval (over the pairs, which are
independent), and its share of games won.

    python benchmarks/players.py --games 200 --preset kontrar-puff --pairing expert:random
    python benchmarks/players.py --games 200            # the standard pairings, every preset
    python benchmarks/players.py --times --positions 200 # decision times at the default level

Pairings: the strongest against random and against greedy (``advanced``), and each level
against the one below it. The benchmark is a script, not a test: nothing here is timed by
the test suite.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puffteach import rules  # noqa: E402
from puffteach.families import family_of  # noqa: E402
from puffteach.outcome import Outcome  # noqa: E402
from puffteach.players.search import DEFAULT_LEVEL, MATCH_LEVELS, player  # noqa: E402
from puffteach.position import Position  # noqa: E402
from puffteach.rules import ALL_PRESETS, RuleSet  # noqa: E402

MAX_ROLLS = 3000
ORDER = ["random", *MATCH_LEVELS]
STRONGEST = ORDER[-1]


def pairings(strongest: str) -> list[tuple[str, str]]:
    """Strongest vs random, strongest vs greedy, each level vs the one below."""
    out = [(strongest, "random"), (strongest, "advanced")]
    for lo, hi in zip(ORDER, ORDER[1:], strict=False):
        if (hi, lo) not in out:
            out.append((hi, lo))
    return out


def play_game(
    rs: RuleSet, white: str, black: str, seed: int, noise_seed: int
) -> tuple[Outcome | None, int, list[tuple[str, float]]]:
    """One game from the dice stream ``seed``; the outcome, rolls and decision times."""
    dice = random.Random(seed)
    players = [
        player(white, rng=random.Random(noise_seed)),
        player(black, rng=random.Random(noise_seed + 1)),
    ]
    fam = family_of(rs)
    while True:
        a, b = dice.randint(1, 6), dice.randint(1, 6)
        if a != b:
            break
    pos = Position.start(rs).after_opening(rs, a, b)
    times: list[tuple[str, float]] = []
    for n in range(MAX_ROLLS):
        roll = (
            (dice.randint(1, 6),)
            if fam.one_die_required(rs, pos)
            else (dice.randint(1, 6), dice.randint(1, 6))
        )
        p = players[pos.turn]
        t0 = time.perf_counter()
        play = p.choose(rs, pos, roll)
        times.append((p.name, time.perf_counter() - t0))
        if play.outcome is not None:
            return play.outcome, n + 1, times
        pos = play.position
    return None, MAX_ROLLS, times


def _points(outcome: Outcome | None, side: int) -> int:
    if outcome is None or outcome.winner is None:
        return 0
    return outcome.points if int(outcome.winner) == side else -outcome.points


def play_pair(args: tuple[str, str, str, int]) -> tuple[int, int, int, int]:
    """Both games of one dice stream: (points of A as White, as Black, A's wins, games)."""
    name, a, b, seed = args
    rs = rules(name)
    o1, _, _ = play_game(rs, a, b, seed, 2 * seed)
    o2, _, _ = play_game(rs, b, a, seed, 2 * seed + 7)
    p1, p2 = _points(o1, 0), _points(o2, 1)
    return p1, p2, (p1 > 0) + (p2 > 0), 2


def match(name: str, a: str, b: str, games: int, jobs: int, seed: int = 0) -> dict[str, float]:
    pairs = max(1, games // 2)
    work = [(name, a, b, seed * 1_000_003 + i) for i in range(pairs)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            results = list(ex.map(play_pair, work, chunksize=4))
    else:
        results = [play_pair(w) for w in work]
    per_pair = [(p1 + p2) / 2 for p1, p2, _, _ in results]
    mean = statistics.fmean(per_pair)
    sd = statistics.stdev(per_pair) if len(per_pair) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(per_pair))
    wins = sum(w for _, _, w, _ in results)
    n = sum(g for _, _, _, g in results)
    return {"ppg": mean, "lo": mean - half, "hi": mean + half, "wins": wins / n, "games": n}


def decision_times(names: list[str], level: str, positions: int, seed: int) -> None:
    """Decision times of ``level`` on the positions of real games (it plays itself)."""
    for name in names:
        rs = rules(name)
        times: list[float] = []
        g = 0
        while len(times) < positions:
            _, _, t = play_game(rs, level, level, seed + g, g)
            times.extend(x for _, x in t)
            g += 1
        times.sort()
        med = times[len(times) // 2] * 1e3
        p95 = times[int(len(times) * 0.95)] * 1e3
        print(
            f"{name:32} {level:12} decisions {len(times):5}  median {med:6.1f} ms"
            f"  p95 {p95:6.1f} ms  max {times[-1] * 1e3:7.1f} ms",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per pairing (even)")
    ap.add_argument("--preset", action="append", help="rule set (repeatable); default: all")
    ap.add_argument("--pairing", action="append", help="A:B (repeatable); default: standard")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--times", action="store_true", help="decision times instead of matches")
    ap.add_argument("--level", default=DEFAULT_LEVEL, help="level for --times")
    ap.add_argument("--positions", type=int, default=200, help="decisions per preset (--times)")
    args = ap.parse_args(argv)
    names = args.preset or list(ALL_PRESETS)
    if args.times:
        decision_times(names, args.level, args.positions, args.seed)
        return 0
    pairs = [tuple(p.split(":", 1)) for p in args.pairing] if args.pairing else pairings(STRONGEST)
    print(f"{'rule set':32} {'A':12} {'B':12} {'games':>5}  {'A points/game (95%)':>24}  A wins")
    for name in names:
        for a, b in pairs:
            t0 = time.perf_counter()
            r = match(name, a, b, args.games, args.jobs, args.seed)
            print(
                f"{name:32} {a:12} {b:12} {int(r['games']):5}  "
                f"{r['ppg']:+6.3f} [{r['lo']:+6.3f}, {r['hi']:+6.3f}]  {r['wins']:6.1%}"
                f"   ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
