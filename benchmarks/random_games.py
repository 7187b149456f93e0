"""Random full games per second per preset, and the worst cases of counting and listing one
roll's plays.

Run: ``python benchmarks/random_games.py`` (``make bench``); ``--help`` says how games are
sampled. With ``pyspiel`` (``pip install open_spiel``) importable, random games of OpenSpiel's
"backgammon" are played as a yardstick, interleaved with the presets' games in small batches
(yardstick, preset, yardstick, preset, ...), so that both see the same load; each preset's
ratio is the median of its batch ratios, reported with their spread.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any

try:
    import puffteach
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import puffteach

from puffteach import Game, Position, RuleSet
from puffteach.board import CROSS
from puffteach.listing import count_plays, iter_plays
from puffteach.movegen import Play
from puffteach.position import PositionError
from puffteach.rollout import random_game
from puffteach.rules import ALL_PRESETS

#: Every preset of design.md; those ``puffteach.rules`` cannot build are skipped.
MAX_ROLLS = 3000

DESCRIPTION = """\
Plays N random games per preset from the start position and prints games/s and rolls/game.

Sampling: step by step, uniformly over the legal single steps at each moment: roll, then
repeatedly pick one of the legal steps with equal probability until the roll is over; a
generalpasch is named as one of the six pasches or played as rolled, each of the seven
choices equally likely. By default the games are played by puffteach.rollout.random_game, the
engine's simulation loop (the same rules, without Game's undo snapshots and records); with
--game-api they go through Game.play_random_roll (game.legal_moves() and push, the
distribution is the same). With --whole-plays each roll is instead one play drawn uniformly
from game.legal_plays() (every distinct way to end the roll; much slower, as later pasches
have thousands of plays).

Also measures the worst cases of one roll's plays: a later pasch (eight moves, e.g. wpasch=1
and dice 3 3) from random spread positions in each Puff preset, an alla (pasch) from spread
positions in bräde, and the fixed CASES (a generalpasch with 124,605 plays). For each roll:
count_plays (the exact number), the first 100 plays of iter_plays, the whole listing, and
the next single step during the play (Game.push then Game.legal_moves, after every step
of the play with the most moves).

When pyspiel (pip package open_spiel) imports, random games of OpenSpiel's "backgammon"
(uniform legal actions, chance outcomes drawn by their probabilities) are the yardstick. The
N games of each preset are played in --batches K batches, in rounds over the presets, each
batch between two batches of as many backgammon games (yardstick, preset, yardstick,
preset, ..., yardstick): a batch's ratio is its games/s over the mean games/s of the two
yardstick batches beside it, so a load that comes and goes touches both sides alike. A
preset's ratio is the median of its K batch ratios; "ratio_spread" gives their min, quartiles
and max. A wide spread (IQR over about 10% of the median) says the machine was busy: rerun.
The games are seeded, so every run plays the same games; only the timing differs.
"""


def available_presets(names: list[str]) -> list[RuleSet]:
    out = []
    for name in names:
        try:
            out.append(puffteach.rules(name))
        except NotImplementedError as e:
            print(f"skipping {name}: {e}", file=sys.stderr)
        except puffteach.RuleSetError as e:
            if name in ALL_PRESETS:
                print(f"skipping {name}: {e}", file=sys.stderr)
            else:
                raise
    return out


# --------------------------------------------------------------------------- random games


def play_whole_plays_roll(game: Game, rng: random.Random) -> None:
    game.roll()
    if game.turn is None:
        return
    plays = list(game.legal_plays())
    if not plays:  # defensive: a roll always has at least the empty play
        game.end_roll()
        return
    play = rng.choice(plays)
    if play.plan.named is not None:
        game.name_pasch(play.plan.named)
    for step in play.moves:
        game.push(step)
    if game.turn is not None:
        game.end_roll()


def bench_games(
    rs: RuleSet, games: int, seed: int, whole_plays: bool, game_api: bool = False
) -> dict[str, Any]:
    rolls: list[int] = []
    unfinished = 0
    t0 = time.perf_counter()
    if not (whole_plays or game_api):
        rng = random.Random(seed)
        for _ in range(games):
            _, _, n = random_game(rs, rng)
            rolls.append(n)
    for i in range(games if (whole_plays or game_api) else 0):
        game = Game(rs, seed=seed + i)
        rng = random.Random(seed + i)
        n = 0
        while not game.is_over() and n < MAX_ROLLS:
            if whole_plays:
                play_whole_plays_roll(game, rng)
            else:
                game.play_random_roll(rng)
            n += 1
        unfinished += not game.is_over()
        rolls.append(n)
    dt = time.perf_counter() - t0
    return {
        "games": games,
        "seconds": round(dt, 3),
        "games_per_s": round(games / dt, 2),
        "rolls_per_game": round(statistics.fmean(rolls), 1),
        "unfinished": unfinished,
    }


def merge_batches(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One row for several batches of bench_games: totals, games/s over the total time."""
    games = sum(r["games"] for r in rows)
    seconds = sum(r["games"] / r["games_per_s"] for r in rows)  # unrounded, unlike "seconds"
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 2) if seconds else 0.0,
        "rolls_per_game": round(sum(r["rolls_per_game"] * r["games"] for r in rows) / games, 1),
        "unfinished": sum(r["unfinished"] for r in rows),
    }


def spread(values: list[float]) -> dict[str, Any]:
    """min, quartiles, max of the batch ratios (quartiles as statistics.quantiles, inclusive)."""
    if len(values) >= 2:
        q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    else:
        q1 = q3 = values[0]
    return {
        "batches": len(values),
        "min": round(min(values), 3),
        "q1": round(q1, 3),
        "q3": round(q3, 3),
        "max": round(max(values), 3),
        "batch_ratios": [round(v, 3) for v in values],
    }


# --------------------------------------------------------------------------- worst case


def spread_position(rs: RuleSet, rng: random.Random) -> Position:
    """Both sides' 15 checkers spread over the board (none waiting, none borne off, nobody
    bearing off), the side to move White; a later pasch for Puff (wpasch=1)."""
    cross = CROSS[rs.layout]
    for _ in range(1000):
        points = list(range(1, 25))
        rng.shuffle(points)
        white_points = sorted(points[:12])
        taken = {cross[p] for p in white_points}
        black_points = [p for p in range(1, 25) if p not in taken]
        w = [0] * 26
        b = [0] * 26
        for side, pts in ((w, white_points), (b, black_points)):
            for p in pts:  # one on each of its 12 points, the other three on random ones
                side[p] += 1
            for p in rng.sample(pts, 3):
                side[p] += 1
        pos = Position(tuple(w), tuple(b), 0)
        if rs.family == "puff":
            pos = pos._replace(wpasch=1)
        try:
            return Position.parse(str(pos), rs)
        except PositionError:
            continue
    raise RuntimeError(f"no spread position found for {rs.name}")


#: fixed worst cases: (rule set, position, dice)
CASES = (
    (
        "pierer-contrapuff+generalpasch",
        "W:1x2,2x2,3x4,4x3,7,8,10,12 B:1,4x3,6x6,8x5 w bpasch=2 general=1-5 wpasch=1",
        (1, 5),
    ),
)


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def next_step_ms(rs: RuleSet, pos: Position, dice: tuple[int, ...], play: Play) -> float:
    """The longest Game.push + Game.legal_moves() while playing ``play`` step by step."""
    game = Game(rs, position=str(pos))
    game.set_dice(*dice)
    if play.plan.named is not None:
        game.name_pasch(play.plan.named)
    worst = 0.0
    for step in play.moves:
        t0 = time.perf_counter()
        game.push(step)
        game.legal_moves()
        worst = max(worst, _ms(t0))
    return worst


def bench_roll(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> dict[str, Any]:
    """count_plays, the first 100 plays, the whole listing, the next step during a play."""
    t0 = time.perf_counter()
    n = count_plays(rs, pos, dice)
    count_ms = _ms(t0)
    t0 = time.perf_counter()
    first = list(islice(iter_plays(rs, pos, dice), 100))
    first_ms = _ms(t0)
    t0 = time.perf_counter()
    listed = list(iter_plays(rs, pos, dice))
    list_ms = _ms(t0)
    if len(listed) != n:
        raise AssertionError(f"{rs.name} {pos} {dice}: count {n}, listed {len(listed)}")
    longest = max(listed, key=lambda p: len(p.moves))
    return {
        "plays": n,
        "count_ms": round(count_ms, 1),
        "first100_ms": round(first_ms, 1),
        "first_plays": len(first),
        "list_ms": round(list_ms, 1),
        "next_step_ms": round(next_step_ms(rs, pos, dice, longest), 2),
    }


def bench_worst_case(rs: RuleSet, positions: int, seed: int) -> dict[str, Any]:
    """Every pasch 1-1 ... 6-6 from random spread positions: the slowest of each measure."""
    rng = random.Random(seed)
    rows: list[tuple[str, tuple[int, ...], dict[str, Any]]] = []
    for _ in range(positions):
        pos = spread_position(rs, rng)
        for x in range(1, 7):
            rows.append((str(pos), (x, x), bench_roll(rs, pos, (x, x))))
    text, dice, worst = max(rows, key=lambda r: r[2]["list_ms"])
    return {
        "rolls": len(rows),
        "max_count_ms": max(r[2]["count_ms"] for r in rows),
        "max_first100_ms": max(r[2]["first100_ms"] for r in rows),
        "median_list_ms": round(statistics.median(r[2]["list_ms"] for r in rows), 1),
        "max_list_ms": worst["list_ms"],
        "max_next_step_ms": max(r[2]["next_step_ms"] for r in rows),
        "max_position": text,
        "max_dice": list(dice),
        "max": worst,
    }


def bench_cases() -> list[dict[str, Any]]:
    out = []
    for name, text, dice in CASES:
        rs = puffteach.rules(name)
        pos = Position.parse(text, rs)
        row = bench_roll(rs, pos, dice)
        out.append({"rules": name, "position": text, "dice": list(dice), **row})
    return out


def _roll_line(row: dict[str, Any]) -> str:
    return (
        f"{row['plays']} plays: count {row['count_ms']:.0f} ms, first 100 "
        f"{row['first100_ms']:.1f} ms, list {row['list_ms']:.0f} ms, next step "
        f"{row['next_step_ms']:.2f} ms"
    )


# --------------------------------------------------------------------------- OpenSpiel


class Yardstick:
    """Random games of OpenSpiel's backgammon, played in batches from one seeded stream."""

    def __init__(self, seed: int) -> None:
        import pyspiel  # type: ignore[import-not-found]

        self.game = pyspiel.load_game("backgammon")
        self.rng = random.Random(seed)
        self.games = 0
        self.moves = 0
        self.seconds = 0.0
        self.batches: list[float] = []  # games/s of each batch

    @classmethod
    def load(cls, seed: int) -> Yardstick | None:
        try:
            return cls(seed)
        except ImportError:
            return None

    def batch(self, games: int) -> float:
        """Play ``games`` games; their games/s."""
        rng, game = self.rng, self.game
        moves = 0
        t0 = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    moves += 1
        dt = time.perf_counter() - t0
        self.games += games
        self.moves += moves
        self.seconds += dt
        self.batches.append(games / dt)
        return games / dt

    def report(self) -> dict[str, Any]:
        return {
            "game": "backgammon",
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / self.seconds, 2) if self.seconds else 0.0,
            "decisions_per_game": round(self.moves / self.games, 1) if self.games else 0.0,
            "batches": len(self.batches),
            "batch_games_per_s": {
                "min": round(min(self.batches), 2) if self.batches else None,
                "max": round(max(self.batches), 2) if self.batches else None,
            },
        }


def bench_interleaved(
    presets: list[RuleSet],
    games: int,
    batches: int,
    seed: int,
    whole_plays: bool,
    game_api: bool,
    yardstick: Yardstick | None,
) -> dict[str, dict[str, Any]]:
    """Every preset's N games in K batches, in rounds over the presets, each batch between
    two yardstick batches of as many games; per preset the merged row and, with a
    yardstick, the median batch ratio and the spread."""
    sizes = [games // batches + (i < games % batches) for i in range(batches)]
    rows: dict[str, list[dict[str, Any]]] = {rs.name: [] for rs in presets}
    ratios: dict[str, list[float]] = {rs.name: [] for rs in presets}
    before = yardstick.batch(sizes[0]) if yardstick else 0.0
    for i, size in enumerate(sizes):
        start = seed + sum(sizes[:i])  # each batch its own seeds: every run the same games
        for rs in presets:
            row = bench_games(rs, size, start, whole_plays, game_api)
            rows[rs.name].append(row)
            if yardstick:
                after = yardstick.batch(size)
                ratios[rs.name].append(row["games_per_s"] / ((before + after) / 2))
                before = after
    out: dict[str, dict[str, Any]] = {}
    for rs in presets:
        row = merge_batches(rows[rs.name])
        if yardstick:
            row["ratio_to_backgammon"] = round(statistics.median(ratios[rs.name]), 3)
            row["ratio_spread"] = spread(ratios[rs.name])
        out[rs.name] = row
    return out


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--games",
        type=int,
        default=1000,
        help="random games per preset (1000), and as many of the yardstick beside them",
    )
    p.add_argument(
        "--presets",
        default=",".join(ALL_PRESETS),
        help="comma-separated rule sets (default: every preset puffteach.rules accepts)",
    )
    p.add_argument(
        "--batches",
        type=int,
        default=10,
        metavar="K",
        help="batches per preset, each between two yardstick batches of as many games (10: "
        "100 games a batch by default; more batches of fewer games follow a changing load "
        "more closely, but each batch's ratio is noisier)",
    )
    p.add_argument("--seed", type=int, default=0, help="first game seed (0)")
    p.add_argument(
        "--whole-plays",
        action="store_true",
        help="sample each roll uniformly over legal_plays() instead of over single steps",
    )
    p.add_argument(
        "--game-api",
        action="store_true",
        help="play through Game.play_random_roll (with undo and records) instead of the "
        "engine's rollout loop",
    )
    p.add_argument(
        "--worst-positions",
        type=int,
        default=1,
        metavar="K",
        help="spread positions per preset for the worst case, each with all six pasches (1; 0 "
        "skips it and the fixed cases)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    if not 1 <= args.batches <= args.games:
        p.error("--batches must be between 1 and --games")

    presets = available_presets([s.strip() for s in args.presets.split(",") if s.strip()])
    yardstick = Yardstick.load(args.seed)
    rows = bench_interleaved(
        presets, args.games, args.batches, args.seed, args.whole_plays, args.game_api, yardstick
    )
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "sampling": "whole plays"
        if args.whole_plays
        else ("single steps (Game API)" if args.game_api else "single steps (rollout)"),
        "games": args.games,
        "batches": args.batches,
        "seed": args.seed,
        "presets": {},
        "openspiel": yardstick.report() if yardstick else None,
    }
    for rs in presets:
        row = rows[rs.name]
        if args.worst_positions > 0:
            row["worst_case"] = bench_worst_case(rs, args.worst_positions, args.seed)
        report["presets"][rs.name] = row
        if not args.json:
            ratio = ""
            if yardstick:
                sp = row["ratio_spread"]
                ratio = (
                    f"  x{row['ratio_to_backgammon']:.3f} of backgammon (median of "
                    f"{sp['batches']} batches; min-max {sp['min']:.3f}-{sp['max']:.3f}, "
                    f"IQR {sp['q1']:.3f}-{sp['q3']:.3f})"
                )
            print(
                f"{rs.name:30s} {row['games_per_s']:8.1f} games/s "
                f"{row['rolls_per_game']:6.1f} rolls/game{ratio}",
                flush=True,
            )
            wc = row.get("worst_case")
            if wc:
                print(
                    f"{'':30s} worst case of {wc['rolls']} rolls: count max "
                    f"{wc['max_count_ms']:.0f} ms, first 100 max {wc['max_first100_ms']:.1f} ms, "
                    f"list median {wc['median_list_ms']:.0f} ms, next step max "
                    f"{wc['max_next_step_ms']:.2f} ms",
                    flush=True,
                )
                print(
                    f"{'':30s} slowest: {_roll_line(wc['max'])}; dice "
                    f"{wc['max_dice'][0]}-{wc['max_dice'][1]}, {wc['max_position']}",
                    flush=True,
                )
    if args.worst_positions > 0:
        report["cases"] = bench_cases()
        if not args.json:
            for case in report["cases"]:
                dice = "-".join(map(str, case["dice"]))
                print(f"{case['rules']} {case['position']} {dice}:", flush=True)
                print(f"{'':30s} {_roll_line(case)}", flush=True)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    elif yardstick:
        ys = yardstick.report()
        print(
            f"{'OpenSpiel backgammon':30s} {ys['games_per_s']:8.1f} games/s "
            f"{ys['decisions_per_game']:6.1f} decisions/game (yardstick, {ys['batches']} "
            f"batches: {ys['batch_games_per_s']['min']:.0f}-{ys['batch_games_per_s']['max']:.0f}"
            " games/s)"
        )
    else:
        print("(pyspiel not importable: no OpenSpiel yardstick; pip install open_spiel)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
