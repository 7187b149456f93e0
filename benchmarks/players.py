"""Matches between computer players with mirrored dice, and decision times.

Each game's dice come from a stream seeded by the game's number; the stream is played twice,
the players swapping sides, so luck cancels out in each pair. The dice are drawn in the order
the rolls happen (the deciding opening roll first), whoever rolls them. Reported per pairing:
the number of games, the first player's points per game with a 95% interval (over the
streams, each stream's two games being one independent sample), its share of the games won
and its share of the points won (points won / points won and lost).

**Stored and resumable.** Every finished block of streams is appended to
``benchmarks/results/players-<preset>.jsonl``, one JSON line: the pairing, each player's key
(level settings, the net's weights or the hand-written evaluation's weights table,
``search.PLAY_VERSION``), the
seed, the streams and A's points in each game. A run asks for a number of games per pairing
and plays only the streams of its seed not stored yet, so runs add up across sessions;
``--report`` prints the table from everything stored under the current keys (every seed).
A changed level, evaluator or weights starts a new count; the old lines stay in the file.
``--compare A1 A2 B`` sets two stored rows against the same B side by side on the streams both
played (same dice, same seeds for B): A1's points a game minus A2's, with a 95% interval.
``--history A B`` lists A against B under every key it was stored with (an earlier net, say),
each beside the current row on the streams both played: the change in points a game and in
the share of games won, with 95% intervals, without playing the old player again.

    python benchmarks/players.py --games 2000 --preset lang-puff --jobs 2   # the ladder
    python benchmarks/players.py --games 200 --pairing expert:random        # every preset
    python benchmarks/players.py --report                                   # the stored table
    python benchmarks/players.py --times --positions 300   # decision times at the default level
    python benchmarks/players.py --preset lang-puff --compare master expert advanced
    python benchmarks/players.py --preset pierer-contrapuff --history master random

Pairings (default): the strongest match level against random and against greedy (the
``advanced`` level: greedy on the hand-written evaluation), and each level against the one
below it. The benchmark is a script, not a test: nothing here is timed by the test suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puffteach import rules  # noqa: E402
from puffteach.families import family_of  # noqa: E402
from puffteach.movegen import Play  # noqa: E402
from puffteach.outcome import Outcome  # noqa: E402
from puffteach.players import search  # noqa: E402
from puffteach.players.evaluate import WEIGHTS  # noqa: E402
from puffteach.players.net import OUTPUTS, load, max_points  # noqa: E402
from puffteach.players.search import (  # noqa: E402
    DEFAULT_LEVEL,
    GREEDY_LEVEL,
    LEVELS,
    MATCH_LEVELS,
    PLAY_VERSION,
    player,
)
from puffteach.position import Position  # noqa: E402
from puffteach.rules import ALL_PRESETS, RuleSet  # noqa: E402

MAX_ROLLS = 3000
ORDER = ["random", *MATCH_LEVELS]
STRONGEST = ORDER[-1]


def pairings(strongest: str) -> list[tuple[str, str]]:
    """Strongest vs random, strongest vs greedy, each level vs the one below."""
    out = [(strongest, "random"), (strongest, GREEDY_LEVEL)]
    for lo, hi in zip(ORDER, ORDER[1:], strict=False):
        if (hi, lo) not in out:
            out.append((hi, lo))
    return out


def play_game(
    rs: RuleSet, white: str, black: str, seed: int, noise_seed: int
) -> tuple[Outcome | None, int, list[tuple[str, float]]]:
    """One game from the dice stream ``seed``; the outcome, rolls and decision times."""
    players = [
        player(white, rng=random.Random(noise_seed)),
        player(black, rng=random.Random(noise_seed + 1)),
    ]
    times: list[tuple[str, float]] = []

    def timed(rs: RuleSet, pos: Position, roll: tuple[int, ...]) -> Play:
        p = players[pos.turn]
        t0 = time.perf_counter()
        play = p.choose(rs, pos, roll)
        times.append((p.name, time.perf_counter() - t0))
        return play

    outcome = dice_game(rs, timed, seed)
    return outcome, len(times), times


#: a side's choice of play for a roll (the side to roll is ``position.turn``)
Chooser = Callable[[RuleSet, Position, tuple[int, ...]], Play]


def dice_game(rs: RuleSet, choose: Chooser, seed: int) -> Outcome | None:
    """A game from the dice stream ``seed``: the dice are drawn in the order the rolls happen
    (the deciding opening roll first), whoever rolls them, so a stream played twice with the
    sides swapped gives both players the same dice. ``choose`` plays each roll for the side to
    roll. The outcome, or None after ``MAX_ROLLS`` rolls. (``scripts/tune.py`` and
    ``benchmarks/calibrate.py`` play their games with it too.)"""
    dice = random.Random(seed)
    fam = family_of(rs)
    while True:
        a, b = dice.randint(1, 6), dice.randint(1, 6)
        if a != b:
            break
    pos = Position.start(rs).after_opening(rs, a, b)
    for _ in range(MAX_ROLLS):
        roll = (
            (dice.randint(1, 6),)
            if fam.one_die_required(rs, pos)
            else (dice.randint(1, 6), dice.randint(1, 6))
        )
        play = choose(rs, pos, roll)
        if play.outcome is not None:
            return play.outcome
        pos = play.position
    return None


def _points(outcome: Outcome | None, side: int) -> int:
    if outcome is None or outcome.winner is None:
        return 0
    return outcome.points if int(outcome.winner) == side else -outcome.points


def play_pair(args: tuple[str, str, str, int]) -> tuple[int, int]:
    """Both games of one dice stream: A's points as White and as Black."""
    name, a, b, seed = args
    rs = rules(name)
    o1, _, _ = play_game(rs, a, b, seed, 2 * seed)
    o2, _, _ = play_game(rs, b, a, seed, 2 * seed + 7)
    return _points(o1, 0), _points(o2, 1)


def mirrored_pair(
    rs: RuleSet, make_a: Callable[[random.Random], search.SearchPlayer], b: str, stream: int
) -> list[int]:
    """Both games of dice stream ``stream`` with the noise seeds of :func:`play_pair`, for a
    player built by ``make_a`` (from its seeded generator) against level ``b``: A's points as
    White and as Black. The replays and judges of other players on the stored dice use it."""
    pts = []
    # A White with 2s (B 2s+1), then B White with 2s+7 (A 2s+8)
    for side, a_seed, b_seed in (
        (0, 2 * stream, 2 * stream + 1),
        (1, 2 * stream + 8, 2 * stream + 7),
    ):
        a = make_a(random.Random(a_seed))
        opp = search.player(b, rng=random.Random(b_seed))
        seats = [a, opp] if side == 0 else [opp, a]
        outcome = dice_game(
            rs, lambda r, pos, roll, seats=seats: seats[pos.turn].choose(r, pos, roll), stream
        )
        pts.append(_points(outcome, side))
    return pts


def play_block(args: tuple[str, str, str, int, list[int]]) -> tuple[list[int], list[int]]:
    """Several dice streams (``seed * STREAMS + i`` for each i): the streams and the flat list
    of A's points, two per stream."""
    name, a, b, seed, streams = args
    pts: list[int] = []
    for i in streams:
        pts.extend(play_pair((name, a, b, seed * STREAMS + i)))
    return streams, pts


# ------------------------------------------------------------------ stored results
#: dice streams per seed (stream i of seed s is seeded s * STREAMS + i)
STREAMS = 1_000_003
RESULTS = Path(__file__).resolve().parent / "results"


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p)
    return h.hexdigest()[:12]


#: the hand-written evaluation's pattern term (tower threats, ``evaluate.
#: PATTERN_TERMS``): its version, in the keys of rule sets with those wins only (it changes
#: nothing elsewhere, so the other rule sets' stored results keep counting)
PATTERN_VERSION = 2


#: the bräde net's equity before it was cut at the rule set's highest score: every table
#: counted all of the net's K outputs (``net.max_points``). Net levels in the bräde rule sets
#: whose highest score is lower (BH's 1, Regler för bräde's 4) carry ``/top-N`` in their keys:
#: their play changed, so their counts start again; Vasamuseet's (6) kept its key
NET_TOP_BEFORE = OUTPUTS["brade"]


def player_key(name: str, family: str, patterns: bool = False, top: int | None = None) -> str:
    """What a player's games depend on besides the dice: the level's settings, its evaluator's
    data (the net's weights, the hand-written evaluation's weights table) and
    ``search.PLAY_VERSION``; with ``patterns`` (a rule set where a tower or goose march wins)
    also ``PATTERN_VERSION``; with ``top`` (a net level in a bräde rule set, its
    ``net.max_points``) ``/top-N`` where that differs from :data:`NET_TOP_BEFORE`. Results
    are only added up under the same key, so a changed level or new weights start a new count;
    a code change that changes which play is chosen must raise ``PLAY_VERSION`` (a refactor
    that does not, keeps the stored results)."""
    if name == "random":
        return f"random/{PLAY_VERSION}"
    lv = LEVELS[name]
    pkg = Path(search.__file__).resolve().parent
    if lv.evaluator == "net":
        ev = _digest((pkg / "weights" / f"{family}.json").read_bytes())
        if load(family).mix < 1.0:  # the net mixes in the hand-written evaluation
            ev = _digest(ev.encode(), repr(WEIGHTS[family]).encode())
    else:
        ev = _digest(repr(WEIGHTS[family]).encode())
    # (a field added after results were stored is left out while at its default, so that
    # the stored results of the levels it does not change keep counting; pruning counts only
    # in the families it names)
    view = replace(lv, prune=tuple(x for x in lv.prune if x[0] == family))
    cfg = _digest(repr(view).replace(", prune=())", ")").replace(", careless=0.0)", ")").encode())
    tail = f"/patterns-{PATTERN_VERSION}" if patterns else ""
    if lv.evaluator == "net" and family == "brade" and top not in (None, NET_TOP_BEFORE):
        tail += f"/top-{top}"
    return f"{name}/{cfg}/{lv.evaluator}-{ev}/{PLAY_VERSION}{tail}"


def results_path(preset: str) -> Path:
    return RESULTS / f"players-{preset}.jsonl"


def stored(preset: str) -> list[dict[str, Any]]:
    path = results_path(preset)
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def store_block(
    preset: str,
    pair: tuple[str, str],
    keys: tuple[str, str],
    seed: int,
    streams: list[int],
    pts: list[int],
) -> None:
    """Append one finished block of streams (A's points, two per stream) to the results file."""
    line = {
        "a": pair[0],
        "b": pair[1],
        "key_a": keys[0],
        "key_b": keys[1],
        "seed": seed,
        "streams": streams,
        "points": pts,
    }
    path = results_path(preset)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        f.write(json.dumps(line, separators=(",", ":")) + "\n")


def match_key(preset: str, a: str, b: str) -> tuple[str, str]:
    rs = rules(preset)
    shapes = family_of(rs).shape_wins(rs)
    top = max_points(rs)
    return player_key(a, rs.family, shapes, top), player_key(b, rs.family, shapes, top)


def tally(preset: str, a: str, b: str, seed: int | None = None) -> dict[int, tuple[int, int]]:
    """The stored results of A against B under the current keys: stream -> A's points (as
    White, as Black). ``seed`` None: every seed (stream numbers offset by seed * STREAMS)."""
    return by_keys(preset, a, b, seed).get(match_key(preset, a, b), {})


def by_keys(
    preset: str, a: str, b: str, seed: int | None = None
) -> dict[tuple[str, str], dict[int, tuple[int, int]]]:
    """Every stored result of A against B, old keys too (an earlier net, level or
    ``PLAY_VERSION``), by its keys in the order first stored: stream -> A's points as in
    :func:`tally`."""
    out: dict[tuple[str, str], dict[int, tuple[int, int]]] = {}
    for r in stored(preset):
        if (r["a"], r["b"]) != (a, b) or (seed is not None and r["seed"] != seed):
            continue
        rows = out.setdefault((r["key_a"], r["key_b"]), {})
        pts = r["points"]
        for j, i in enumerate(r["streams"]):
            rows[r["seed"] * STREAMS + i] = (pts[2 * j], pts[2 * j + 1])
    return out


def summary(per_stream: list[tuple[int, int]]) -> dict[str, float]:
    """Points per game with a 95% interval over the streams (each stream's two games are one
    independent sample), and the share of games won."""
    per_pair = [(p1 + p2) / 2 for p1, p2 in per_stream]
    if not per_pair:
        return {"ppg": 0.0, "lo": 0.0, "hi": 0.0, "wins": 0.0, "games": 0, "share": 0.5}
    mean = statistics.fmean(per_pair)
    sd = statistics.stdev(per_pair) if len(per_pair) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(per_pair))
    wins = sum((p1 > 0) + (p2 > 0) for p1, p2 in per_stream)
    n = 2 * len(per_stream)
    won = sum(max(p, 0) for pair in per_stream for p in pair)
    lost = sum(max(-p, 0) for pair in per_stream for p in pair)
    share = won / (won + lost) if won + lost else 0.5
    return {
        "ppg": mean,
        "lo": mean - half,
        "hi": mean + half,
        "wins": wins / n,
        "games": n,
        "share": share,
    }


def paired(
    first: Mapping[int, tuple[float, float]], second: Mapping[int, tuple[float, float]]
) -> tuple[int, float, float]:
    """The first result minus the second, stream by stream, on the streams both played
    (e.g. master against advanced and expert against advanced: the same dice and the same
    seeds for B's random choices, so much of the luck cancels): the streams compared, the
    difference in points a game and the half-width of its 95% interval (infinite below two
    streams)."""
    common = sorted(first.keys() & second.keys())
    diff = [(sum(first[s]) - sum(second[s])) / 2 for s in common]
    if len(diff) < 2:
        return len(diff), (diff[0] if diff else 0.0), math.inf
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    return len(diff), statistics.fmean(diff), half


def paired_wins(
    first: dict[int, tuple[int, int]], second: dict[int, tuple[int, int]]
) -> tuple[int, float, float]:
    """As :func:`paired`, for the share of games won: the streams compared, the first's share
    minus the second's and the half-width of its 95% interval."""
    won = {s: (float(p1 > 0), float(p2 > 0)) for s, (p1, p2) in first.items()}
    other = {s: (float(p1 > 0), float(p2 > 0)) for s, (p1, p2) in second.items()}
    return paired(won, other)


def history(preset: str, a: str, b: str) -> list[str]:
    """The stored rows of A against B under every key they were played with, oldest first,
    each beside the current keys' row on the streams both played (same dice, same seeds):
    how much a new net or level changed the result, without playing the old one again."""
    rows = by_keys(preset, a, b)
    now = match_key(preset, a, b)
    lines = []
    for keys, per in rows.items():
        r = summary(list(per.values()))
        mark = "current" if keys == now else "earlier"
        line = f"{report_line(preset, a, b, r)}  {mark} {keys[0]} | {keys[1]}"
        if keys != now and now in rows:
            n, mean, half = paired(rows[now], per)
            _, wmean, whalf = paired_wins(rows[now], per)
            line += (
                f"\n    current − earlier on {2 * n} common games: {mean:+.3f} ± {half:.3f}"
                f" points a game, {wmean:+.1%} ± {whalf:.1%} of the games won"
            )
        lines.append(line)
    return lines


def run_match(
    preset: str, a: str, b: str, games: int, jobs: int, seed: int = 0, block: int = 5
) -> dict[str, float]:
    """Play A against B on ``preset`` until ``games`` games of ``seed``'s streams are stored
    (resuming where the stored results stop); each finished block of streams is appended to
    the results file at once, so an interrupted run loses at most the blocks in play."""
    ka, kb = match_key(preset, a, b)
    have = tally(preset, a, b, seed)
    want = [i for i in range(max(1, games // 2)) if seed * STREAMS + i not in have]
    blocks = [want[k : k + block] for k in range(0, len(want), block)]
    work = [(preset, a, b, seed, bl) for bl in blocks]

    def store(streams: list[int], pts: list[int]) -> None:
        store_block(preset, (a, b), (ka, kb), seed, streams, pts)

    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(jobs) as ex:
            for streams, pts in ex.map(play_block, work):
                store(streams, pts)
    else:
        for w in work:
            store(*play_block(w))
    return summary(list(tally(preset, a, b, seed).values()))


def report_line(preset: str, a: str, b: str, r: dict[str, float]) -> str:
    return (
        f"{preset:28} {a:12} {b:12} {int(r['games']):5}  "
        f"{r['ppg']:+6.3f} [{r['lo']:+6.3f}, {r['hi']:+6.3f}]  {r['wins']:6.1%}  {r['share']:6.1%}"
    )


HEADER = (
    f"{'rule set':28} {'A':12} {'B':12} {'games':>5}  {'A points/game (95%)':>24}  A wins  A points"
)


def report(names: list[str], pairs: list[tuple[str, str]] | None) -> None:
    """The table from the stored results (every seed) under the current keys: the given
    pairings, or every pairing stored for the preset, in the ladder's order."""
    print(HEADER)
    for name in names:
        todo = pairs
        if todo is None:
            seen = {(r["a"], r["b"]) for r in stored(name)}
            std = [p for p in pairings(STRONGEST) if p in seen]
            todo = std + sorted(seen - set(std))
        for a, b in todo:
            per = list(tally(name, a, b).values())
            if per:
                print(report_line(name, a, b, summary(per)), flush=True)


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
    ap.add_argument("--report", action="store_true", help="print the table of stored results")
    ap.add_argument(
        "--compare",
        nargs=3,
        metavar=("A1", "A2", "B"),
        help="stored A1 against B minus A2 against B, stream by stream",
    )
    ap.add_argument(
        "--history",
        nargs=2,
        metavar=("A", "B"),
        help="A against B under every stored key, each beside the current row",
    )
    ap.add_argument("--times", action="store_true", help="decision times instead of matches")
    ap.add_argument("--level", default=DEFAULT_LEVEL, help="level for --times")
    ap.add_argument("--positions", type=int, default=200, help="decisions per preset (--times)")
    args = ap.parse_args(argv)
    names = args.preset or list(ALL_PRESETS)
    if args.times:
        decision_times(names, args.level, args.positions, args.seed)
        return 0
    pairs: list[tuple[str, str]] | None = (
        [(p.split(":", 1)[0], p.split(":", 1)[1]) for p in args.pairing] if args.pairing else None
    )
    if args.compare:
        a1, a2, b = args.compare
        for name in names:
            n, mean, half = paired(tally(name, a1, b), tally(name, a2, b))
            print(
                f"{name:28} {a1} − {a2}, both against {b}: {n} streams ({2 * n} games), "
                f"{mean:+.3f} ± {half:.3f} points a game"
            )
        return 0
    if args.history:
        a, b = args.history
        for name in names:
            for line in history(name, a, b):
                print(line)
        return 0
    if args.report:
        report(names, pairs)
        return 0
    print(HEADER + "  (seconds)")
    for name in names:
        for a, b in pairs or pairings(STRONGEST):
            t0 = time.perf_counter()
            r = run_match(name, a, b, args.games, args.jobs, args.seed)
            print(f"{report_line(name, a, b, r)}   ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
