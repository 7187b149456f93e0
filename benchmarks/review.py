"""CPU time of a whole game's review in CPython (issue 44 item 9: the browser's review).

    python benchmarks/review.py [--runs 5] [--games lang-puff:3,brade-standard:3] [--agree N]

Each game is a fixed seeded random game (as ``benchmarks/static_book.py`` opens on the Play page);
it is reviewed as the board's Review button reviews it (:func:`puffteach.players.hint.review_rolls`
at the tutor's level), the remembered rankings cleared before each run. Printed: the median CPU
time of ``--runs`` runs per game (``time.process_time``: the machine is shared, wall time is
not), and of its two parts as the board runs them (the verdicts, then the luck); with
``--agree N`` the review's verdicts (``hint._review_judged``) against the tutor's own ranking
(``review_rolls(..., exact=True)``) on seeds 1..N of each game's rule set: how many rolls get
the same class (doubtful, bad, very bad, or none of these) and how the others moved; with
``--old`` the review with the old luck measure (21 rankings a roll on the greedy player, until
5 December 2026) timed in turn with it; with ``--compare`` the old and new luck figures of
every roll compared. Nothing is asserted. Pyodide in Chromium takes about 3-6 times the
CPython figure (the net's arithmetic more than the rest).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puffteach import Game  # noqa: E402
from puffteach.players import hint as hint_mod  # noqa: E402
from puffteach.widget.computer import COACH_LEVEL  # noqa: E402


def game_of(rules: str, seed: int) -> Game:
    """The seeded random game ``benchmarks/static_book.py`` reviews in the browser."""
    import random

    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.play_random_roll(rng)
    return game


def fresh() -> None:
    """Forget what a review keeps between calls (the remembered rankings, the rolls the board's
    review kept, the hand-written evaluation's values the two passes share), so that each run
    reviews the game afresh."""
    hint_mod._RANKED.clear()
    getattr(hint_mod, "forget_reviews", lambda: None)()  # the rolls kept (since 5 December)
    getattr(hint_mod, "_SHARED", []).clear()  # (older trees, for interleaved runs)


def timed(game: Game, luck_level: str | None = None) -> tuple[float, list[Any]]:
    """CPU seconds of one whole review of ``game`` (luck as the board measures it, or with
    ``luck_level`` the old way: 21 rankings a roll at that level) and its rolls."""
    fresh()
    t0 = time.process_time()
    rolls, _ = hint_mod.review_rolls(game, COACH_LEVEL, None, luck_level)
    return time.process_time() - t0, rolls


def parts(game: Game) -> tuple[float, float]:
    """CPU seconds of the verdicts (no luck) and of the luck alone, as the board runs them."""
    fresh()
    t0 = time.process_time()
    hint_mod.review_rolls(game, COACH_LEVEL, luck=False)
    t1 = time.process_time()
    hint_mod.review_luck(game)
    return t1 - t0, time.process_time() - t1


def agree(rules: str, seeds: int) -> str:
    """The review's verdict classes against the tutor's own ranking on ``seeds`` games."""
    kind = {"doubtful": "doubtful", "bad": "bad", "very-bad": "very-bad"}
    moved: dict[str, int] = {}
    same = total = 0
    t_exact = t_fast = 0.0
    for seed in range(1, seeds + 1):
        game = game_of(rules, seed)
        fresh()
        t0 = time.process_time()
        exact, _ = hint_mod.review_rolls(game, COACH_LEVEL, exact=True, luck=False)
        t1 = time.process_time()
        fast, _ = hint_mod.review_rolls(game, COACH_LEVEL, luck=False)
        t2 = time.process_time()
        t_exact += t1 - t0
        t_fast += t2 - t1
        for a, b in zip(exact, fast, strict=True):
            x, y = kind.get(a.verdict, "none"), kind.get(b.verdict, "none")
            total += 1
            if x == y:
                same += 1
            else:
                moved[f"{x}->{y}"] = moved.get(f"{x}->{y}", 0) + 1
    return (
        f"{rules} seeds 1-{seeds}: verdict class the same in {same} of {total} rolls "
        f"({100 * same / total:.1f}%), moved {moved or 'none'}; verdicts CPU {t_exact:.2f} s "
        f"(tutor's ranking) -> {t_fast:.2f} s (review's)"
    )


def _corr(xs: list[float], ys: list[float]) -> float:
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", default="lang-puff:3,brade-standard:3")
    ap.add_argument(
        "--old",
        action="store_true",
        help="also time the old luck (21 rankings a roll), interleaved",
    )
    ap.add_argument(
        "--compare",
        action="store_true",
        help="compare the luck figures with the old measure's (correlation, largest difference)",
    )
    ap.add_argument("--agree", type=int, default=0, help="verdicts against the tutor's, N seeds")
    args = ap.parse_args()
    if args.agree:
        for spec in args.games.split(","):
            print(agree(spec.split(":")[0], args.agree), flush=True)
        return
    for spec in args.games.split(","):
        rules, seed = spec.split(":")
        game = game_of(rules, int(seed))
        timed(game)  # warm: the net's weights, the imports
        new: list[float] = []
        old: list[float] = []
        for _ in range(args.runs):
            new.append(timed(game)[0])
            if args.old:
                old.append(timed(game, OLD_LUCK)[0])
        split = [parts(game) for _ in range(args.runs)]
        line = (
            f"{rules} seed {seed} ({len(game.history)} rolls): review "
            f"{statistics.median(new):.2f} s CPU (median of {args.runs}; min {min(new):.2f}); "
            f"verdicts {statistics.median(v for v, _ in split):.2f} s, "
            f"luck {statistics.median(lk for _, lk in split):.2f} s"
        )
        if old:
            line += f"; old luck {statistics.median(old):.2f} s (min {min(old):.2f})"
        print(line, flush=True)
        if args.compare:
            a = [r.luck for r in timed(game, OLD_LUCK)[1]]
            b = [r.luck for r in timed(game)[1]]
            worst = max(range(len(a)), key=lambda i: abs(a[i] - b[i]))
            sides = [r.side.letter for r in game.history[: len(a)]]
            tot = {
                c: (
                    sum(x for x, s in zip(a, sides, strict=True) if s == c),
                    sum(y for y, s in zip(b, sides, strict=True) if s == c),
                )
                for c in "wb"
            }
            print(
                f"  luck per roll: correlation {_corr(a, b):.3f}, mean |difference| "
                f"{statistics.fmean(abs(x - y) for x, y in zip(a, b, strict=True)):.3f}, largest "
                f"{abs(a[worst] - b[worst]):.3f} (roll {worst + 1}, {game.history[worst].dice}: "
                f"old {a[worst]:+.3f}, new {b[worst]:+.3f}); game's luck old/new "
                + ", ".join(f"{c} {o:+.2f}/{n:+.2f}" for c, (o, n) in tot.items()),
                flush=True,
            )


#: the luck level of the review until 5 December 2026 (the greedy player on the hand-written
#: evaluation, 21 rankings a roll)
OLD_LUCK = "advanced"


if __name__ == "__main__":
    main()
