"""Random full games per second per preset, and the worst case of listing one roll's plays.

Run: ``python benchmarks/random_games.py`` (``make bench``); ``--help`` says how games are
sampled. With ``pyspiel`` (``pip install open_spiel``) importable, the same number of random
games of OpenSpiel's "backgammon" is played as a yardstick.
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

try:
    import puffteach
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import puffteach

from puffteach import Game, Position, RuleSet
from puffteach.board import CROSS
from puffteach.movegen import legal_plays
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

Also measures the worst case of listing every legal play of one roll: a later pasch (eight
moves, e.g. wpasch=1 and dice 3 3) from random spread positions in each Puff preset, an alla
(pasch) from spread positions in bräde; reports the median and max milliseconds.

When pyspiel (pip package open_spiel) imports, N random games of OpenSpiel's "backgammon"
(uniform legal actions, chance outcomes drawn by their probabilities) give games/s as a
yardstick, and each preset's games/s is reported as a ratio to it.
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
    plays = game.legal_plays()
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


def bench_worst_case(rs: RuleSet, positions: int, seed: int) -> dict[str, Any]:
    """Time legal_plays() for every pasch 1-1 ... 6-6 from random spread positions."""
    rng = random.Random(seed)
    times: list[float] = []
    worst: tuple[float, str, tuple[int, int], int] = (0.0, "", (0, 0), 0)
    for _ in range(positions):
        pos = spread_position(rs, rng)
        for x in range(1, 7):
            t0 = time.perf_counter()
            n = len(legal_plays(rs, pos, (x, x)))
            ms = (time.perf_counter() - t0) * 1000
            times.append(ms)
            if ms > worst[0]:
                worst = (ms, str(pos), (x, x), n)
    return {
        "rolls": len(times),
        "median_ms": round(statistics.median(times), 2),
        "max_ms": round(max(times), 2),
        "max_position": worst[1],
        "max_dice": list(worst[2]),
        "max_plays": worst[3],
    }


# --------------------------------------------------------------------------- OpenSpiel


def bench_openspiel(games: int, seed: int) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(seed)
    game = pyspiel.load_game("backgammon")
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
    return {
        "game": "backgammon",
        "games": games,
        "seconds": round(dt, 3),
        "games_per_s": round(games / dt, 2),
        "decisions_per_game": round(moves / games, 1),
    }


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--games", type=int, default=200, help="random games per preset (200)")
    p.add_argument(
        "--presets",
        default=",".join(ALL_PRESETS),
        help="comma-separated rule sets (default: every preset puffteach.rules accepts)",
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
        "skips it; a Puff later pasch takes seconds to list)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")

    presets = available_presets([s.strip() for s in args.presets.split(",") if s.strip()])
    yardstick = bench_openspiel(args.games, args.seed)
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "sampling": "whole plays"
        if args.whole_plays
        else ("single steps (Game API)" if args.game_api else "single steps (rollout)"),
        "games": args.games,
        "seed": args.seed,
        "presets": {},
        "openspiel": yardstick,
    }
    for rs in presets:
        row = bench_games(rs, args.games, args.seed, args.whole_plays, args.game_api)
        if args.worst_positions > 0:
            row["worst_case"] = bench_worst_case(rs, args.worst_positions, args.seed)
        if yardstick:
            row["ratio_to_backgammon"] = round(row["games_per_s"] / yardstick["games_per_s"], 3)
        report["presets"][rs.name] = row
        if not args.json:
            ratio = f"  x{row['ratio_to_backgammon']:.3f} of backgammon" if yardstick else ""
            print(
                f"{rs.name:30s} {row['games_per_s']:8.1f} games/s "
                f"{row['rolls_per_game']:6.1f} rolls/game{ratio}",
                flush=True,
            )
            wc = row.get("worst_case")
            if wc:
                print(
                    f"{'':30s} worst-case plays listing: median {wc['median_ms']:.1f} ms, "
                    f"max {wc['max_ms']:.1f} ms ({wc['max_plays']} plays, dice "
                    f"{wc['max_dice'][0]}-{wc['max_dice'][1]}, {wc['max_position']})",
                    flush=True,
                )
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    elif yardstick:
        print(
            f"{'OpenSpiel backgammon':30s} {yardstick['games_per_s']:8.1f} games/s "
            f"{yardstick['decisions_per_game']:6.1f} decisions/game (yardstick)"
        )
    else:
        print("(pyspiel not importable: no OpenSpiel yardstick; pip install open_spiel)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
