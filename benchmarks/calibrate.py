"""The tutor's verdict thresholds and the review's rating bands, measured on these games.

Each level of the ladder plays itself (both sides that level, fresh dice), and every decision
with a choice is judged as the board judges it: the equity lost against the best play at the
tutor's level (``COACH_LEVEL``, which the review uses too), exactly as ``hint.tutor`` and
``hint.review`` compute it, and, for comparison, by greedy play on the hand-written
evaluation (``GREEDY_LEVEL``: the review's judge until 26 November 2026, replaced because in
bräde it found no error in its own plays and rated the expert level "casual"). Printed per
family and level: the decisions, the mean equity lost per decision (the review's error rate)
and the share of decisions with each verdict (``hint.VERDICTS``), by both judges. The raw
figures go to ``benchmarks/results/calibrate.json``.

    python benchmarks/calibrate.py --games 10      # games per level and preset

The thresholds and bands in ``puffteach/players/hint.py`` were set from this table (book
chapter 10 gives it and the reasoning). A script, not a test: nothing here is timed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from players import dice_game  # noqa: E402

from puffteach import rules  # noqa: E402
from puffteach.movegen import Play  # noqa: E402
from puffteach.players.hint import _judged, _player, _turns, verdict  # noqa: E402
from puffteach.players.search import GREEDY_LEVEL, MATCH_LEVELS, player  # noqa: E402
from puffteach.position import Position  # noqa: E402
from puffteach.rules import RuleSet  # noqa: E402
from puffteach.widget.computer import COACH_LEVEL  # noqa: E402

PRESETS = {
    "puff": ["lang-puff", "kontrar-puff", "pierer-langer-puff"],
    "brade": ["brade-standard", "brade-family", "vasamuseet"],
}
LEVELS = [lv for lv in MATCH_LEVELS if lv != "master"]  # master: too slow to judge many games
OUT = Path(__file__).resolve().parent / "results" / "calibrate.json"


def lost(judge: Any, rs: RuleSet, pos: Position, dice: tuple[int, ...], play: Play) -> float:
    turns = [t for t in _turns(rs, pos, dice) if t.plan == play.plan]
    ranked = _judged(judge, rs, turns, play)
    best = ranked[0][1].equity
    key = (play.position, play.outcome)
    mine = next(e for x, e in ranked if (x.position, x.outcome) == key)
    return max(0.0, best - mine.equity)


def game(rs: RuleSet, level: str, seed: int, judges: dict[str, Any]) -> dict[str, list[float]]:
    """One game of ``level`` against itself: each judge's equity lost per decision."""
    me = player(level, rng=random.Random(seed + 1))
    out: dict[str, list[float]] = {j: [] for j in judges}

    def choose(rs: RuleSet, pos: Position, roll: tuple[int, ...]) -> Play:
        play = me.choose(rs, pos, roll)
        for name, judge in judges.items():
            if len(_judged(judge, rs, _turns(rs, pos, roll))) > 1:
                out[name].append(lost(judge, rs, pos, roll, play))
        return play

    dice_game(rs, choose, seed)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="games per level and preset")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--family", action="append", help="puff or brade (default both)")
    args = ap.parse_args(argv)
    levels = {"tutor": COACH_LEVEL, "greedy": GREEDY_LEVEL}
    judges = {name: _player(lv, None) for name, lv in levels.items()}
    data: dict[str, dict[str, dict[str, list[float]]]] = {}
    for fam in args.family or list(PRESETS):
        data[fam] = {}
        for level in LEVELS:
            t0 = time.perf_counter()
            got: dict[str, list[float]] = {j: [] for j in judges}
            for name in PRESETS[fam]:
                rs = rules(name)
                for g in range(args.games):
                    for j, xs in game(rs, level, args.seed * 10_000 + g, judges).items():
                        got[j].extend(xs)
            data[fam][level] = got
            for j, xs in got.items():
                n = len(xs)
                shares = {v: sum(1 for x in xs if verdict(x) == v) / n for v in VERDICT_NAMES}
                print(
                    f"{fam:6} {level:12} judged by {j:6} ({levels[j]:8})"
                    f"  decisions {n:5}  error rate {statistics.fmean(xs):.4f}"
                    f"  median {statistics.median(xs):.4f}  "
                    + " ".join(f"{v} {s:5.1%}" for v, s in shares.items())
                    + f"  ({time.perf_counter() - t0:.0f} s)",
                    flush=True,
                )
    rounded = {
        f: {lv: {j: [round(x, 5) for x in xs] for j, xs in v.items()} for lv, v in fv.items()}
        for f, fv in data.items()
    }
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    # a run of some families keeps the stored figures of the others
    OUT.write_text(json.dumps({**old, **rounded}, separators=(",", ":")))
    return 0


VERDICT_NAMES = ("best", "good", "doubtful", "bad", "very-bad")

if __name__ == "__main__":
    raise SystemExit(main())
