"""Time the hint, the tutor and the review on positions from real games of every rule set.

For each rule set, ``--games`` games are played (seeded) between a noisy ``beginner`` and the
greedy ``advanced`` player, so the positions are real and the played plays include bad ones.
Every decision of those games is an *item*: its position, dice and the play made. On top of
those, *big rolls* are made from the same positions, the worst a hint meets:

- Puff: both sides given an earlier pasch (so a pasch is a later pasch: eight moves, the
  mover's now and the opponent's in the hit chances of the reasons) and a pasch rolled
  (1-1 ... 6-6 in turn); with ``+generalpasch`` also the generalpasch roll itself; with
  ``+fourth-pasch`` three earlier pasches;
- bräde: every alla (1-1 ... 6-6), and one-die rolls.

The played play of a big roll is a random legal play (the worst case for the tutor: far down
the ranking, outside the beam).

Timed per item (CPU time of this process, ``time.process_time``): ``hint(rules, position,
dice)`` at the default level (top 5, as the CLI), ``tutor(rules, position, dice, played)`` at
the board's level (cold: without the ranking a hint on the same roll leaves behind), and per
game ``review(record)`` as the board asks for it (plays judged at the tutor.s level, luck from
the same values). Printed per rule set: median, p95 and
max (ms), then the slowest items over all rule sets (each with a command line to reproduce
it).

    nice -n 19 python benchmarks/hint.py                      # every preset and combination
    nice -n 19 python benchmarks/hint.py --rules gegenpuff --games 1 --big 4
    python benchmarks/hint.py --profile hint --rules lang-puff+long-puff-entry   # cProfile

The benchmark is a script, not a test: nothing here is timed by the test suite. Figures
(CPython 3.11, a shared two-core machine; the load average is printed with every run) are in
CONTRIBUTING.md, "Computer players, hints and exact odds".
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puffteach import Game, rules  # noqa: E402
from puffteach.families import family_of  # noqa: E402
from puffteach.movegen import Play, begin_roll, finish, plans, random_play  # noqa: E402
from puffteach.players.hint import _RANKED, hint, review, tutor  # noqa: E402
from puffteach.players.search import DEFAULT_LEVEL, player  # noqa: E402
from puffteach.position import Position  # noqa: E402
from puffteach.rules import ALL_PRESETS, PuffRules, RuleSet  # noqa: E402
from puffteach.widget.computer import COACH_LEVEL  # noqa: E402

#: code combinations that make the biggest rolls, besides the presets
COMBOS = (
    "lang-puff+long-puff-entry",
    "kontrar-puff+generalpasch",
    "dubbel-kontrar-puff+fourth-pasch",
    "gegenpuff+generalpasch+fourth-pasch",
    "pierer-langer-puff+tower-goose",
)
MAX_ROLLS = 400


@dataclass(frozen=True)
class Item:
    rules: str
    position: Position
    dice: tuple[int, ...]
    played: Play
    kind: str  # "game" or "big"

    def command(self) -> str:
        dice = " ".join(map(str, self.dice))
        return (
            f"python -m puffteach hint --rules {self.rules} --position '{self.position}' "
            f"--dice {dice}"
        )


def _random_play(rs: RuleSet, pos: Position, dice: tuple[int, ...], rng: random.Random) -> Play:
    turns = begin_roll(rs, pos, dice)
    t = random_play(turns[rng.randrange(len(turns))], rng)
    p, outcome, again = finish(t)
    return Play(t.moves, t.forfeited, p, outcome, t.plan, again)


def harvest(name: str, games: int, seed: int) -> tuple[list[Item], list[dict[str, Any]]]:
    """The decisions and records of ``games`` games beginner (noisy) vs advanced (greedy)."""
    rs = rules(name)
    items: list[Item] = []
    records: list[dict[str, Any]] = []
    for gno in range(games):
        rng = random.Random(f"{seed}:{name}:{gno}")
        g = Game(rs, seed=seed * 1000 + gno)
        players = [player("beginner", rng=rng), player("advanced", rng=rng)]
        if gno % 2:
            players.reverse()
        for _ in range(MAX_ROLLS):
            if g.is_over():
                break
            before = g.position
            one = g.one_die_allowed() and rng.random() < 0.3
            dice = g.roll(one_die=one)
            if g.turn is None:  # nothing could be moved: the roll closed itself
                continue
            play = players[before.turn].choose(rs, before, dice)
            items.append(Item(name, before, dice, play, "game"))
            if play.plan.named is not None:
                g.name_pasch(play.plan.named)
            for step in play.moves:
                g.push(step)
            if g.turn is not None:
                g.end_roll()
        records.append(g.record())
    return items, records


def big_rolls(name: str, items: list[Item], n: int, seed: int) -> list[Item]:
    """``n`` big rolls made from the games' positions (see the module's docstring)."""
    rs = rules(name)
    rng = random.Random(f"big:{seed}:{name}")
    fam = family_of(rs)
    pool = [it for it in items if it.played.outcome is None and it.position.streak == 0]
    out: list[Item] = []
    for k in range(n):
        pos = rng.choice(pool).position
        if isinstance(rs, PuffRules):
            earlier = 3 if "fourth-pasch" in name and k % 2 else 1
            mine, his = ("wpasch", "bpasch") if pos.turn == 0 else ("bpasch", "wpasch")
            pos = pos._replace(**{mine: earlier, his: max(1, getattr(pos, his))})
            if rs.generalpasch and pos.general is not None and k % 3 == 2:
                dice: tuple[int, ...] = pos.general
            else:
                d = 1 + k % 6
                dice = (d, d)
        else:
            d = 1 + k % 6
            dice = (d,) if k % 3 == 2 and fam.one_die_allowed(rs, pos) else (d, d)
        turns = plans(rs, pos, dice)
        if not turns:
            continue
        out.append(Item(name, pos, dice, _random_play(rs, pos, dice, rng), "big"))
    return out


def _timed(fn: Callable[[], object]) -> float:
    """The CPU time of ``fn()`` in this process (on a shared machine the wall time also
    counts the other processes' turns; on a quiet one the two agree)."""
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def _stats(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    med = statistics.median(xs) * 1e3
    p95 = xs[min(len(xs) - 1, int(len(xs) * 0.95))] * 1e3
    return f"{med:7.1f} {p95:8.1f} {xs[-1] * 1e3:8.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rules", action="append", help="rule set (repeatable); default: all")
    ap.add_argument("--games", type=int, default=2, help="games per rule set")
    ap.add_argument("--decisions", type=int, default=40, help="game decisions timed per rule set")
    ap.add_argument("--big", type=int, default=12, help="big rolls per rule set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default=DEFAULT_LEVEL, help="level of the hint")
    ap.add_argument("--no-review", action="store_true")
    ap.add_argument("--worst", type=int, default=8, help="slowest items listed")
    ap.add_argument("--profile", choices=("hint", "tutor", "review"), help="cProfile one kind")
    args = ap.parse_args(argv)
    names = args.rules or [*ALL_PRESETS, *COMBOS]
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    print(
        f"{'rule set':38} {'n':>4} {'hint med':>8} {'p95':>8} {'max':>8} | "
        f"{'tutor med':>9} {'p95':>8} {'max':>8} | {'review/game med':>15} {'max':>8}",
        flush=True,
    )
    worst: list[tuple[float, str, Item]] = []
    prof = cProfile.Profile() if args.profile else None
    all_h: list[float] = []
    all_t: list[float] = []
    for name in names:
        items, records = harvest(name, args.games, args.seed)
        rng = random.Random(args.seed)
        sample = rng.sample(items, min(args.decisions, len(items)))
        sample += big_rolls(name, items, args.big, args.seed)
        th: list[float] = []
        tt: list[float] = []
        tr: list[float] = []
        for it in sample:
            rs = rules(it.rules)
            if prof and args.profile == "hint":
                prof.enable()
            th.append(
                _timed(lambda it=it, rs=rs: hint(rs, it.position, it.dice, args.level, 5))  # type: ignore[misc]
            )
            if prof:
                prof.disable()
            _RANKED.clear()  # the tutor cold: after a hint on the same roll it reuses its ranking
            if prof and args.profile == "tutor":
                prof.enable()
            tt.append(
                _timed(
                    lambda it=it, rs=rs: tutor(rs, it.position, it.dice, it.played, COACH_LEVEL)  # type: ignore[misc]
                )
            )
            if prof:
                prof.disable()
            worst.append((th[-1], "hint", it))
            worst.append((tt[-1], "tutor", it))
        if not args.no_review:
            for rec in records:
                if prof and args.profile == "review":
                    prof.enable()
                tr.append(_timed(lambda rec=rec: review(rec, COACH_LEVEL)))  # type: ignore[misc]
                if prof:
                    prof.disable()
        all_h += th
        all_t += tt
        rv = "-" if not tr else f"{statistics.median(tr):13.2f} s {max(tr):6.2f} s"
        print(f"{name:38} {len(sample):4} {_stats(th)} | {_stats(tt):>26} | {rv}", flush=True)
    print(f"{'all':38} {len(all_h):4} {_stats(all_h)} | {_stats(all_t):>26} |")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("slowest:")
    for t, kind, it in sorted(worst, key=lambda x: -x[0])[: args.worst]:
        print(f"  {t * 1e3:8.1f} ms {kind:5} {it.kind:4} {it.command()}")
    if prof:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(40)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
