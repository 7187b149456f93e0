"""Perft-style counts: distinct plays and first single steps for every roll from fixed positions.

    python scripts/perft.py            # recount the positions already in tests/perft/*.perft
    python scripts/perft.py --select   # choose the positions afresh (timing-dependent)

Each file holds one rule set; each block a position and one line per roll:
``dice plays steps`` (the number of distinct legal plays of the roll, and the number of legal
single steps at its start). Two-dice rolls are the 21 combinations; one-die rolls (bräde RV 15)
are listed when the position allows them. The positions are the start, positions met in seeded
random games (so later pasches, generalpasches and one-die series occur) and hand-set ones
(bräde walls, six-outs, a one-die chance). The counts were generated before the rules-kernel
refactor and must not change except where a fidelity fix changes them (named in the commit).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from puffteach import rules
from puffteach.listing import legal_plays
from puffteach.movegen import begin, plans, turn_steps
from puffteach.position import Position
from puffteach.rollout import opening, random_roll

OUT = Path(__file__).resolve().parent.parent / "tests" / "perft"

RULE_SETS = (
    "lang-puff",
    "kontrar-puff",
    "dubbel-kontrar-puff",
    "gegenpuff",
    "pierer-langer-puff",
    "pierer-contrapuff",
    "pierer-doppelter-contrapuff",
    "lang-puff+long-puff-entry",
    "kontrar-puff+fourth-pasch+exact-25",
    "kontrar-puff+generalpasch",
    "brade-family",
    "brade-standard",
    "vasamuseet",
    "brade-standard+2b+3+8b",
    "brade-family+9",
    "brade-standard+6b+7+9",
)

HAND: dict[str, tuple[str, ...]] = {
    "brade": (
        # Black's bands on his 14-19 (White's 2-7): a wall of six White may burst (B-burst-wall)
        "W:1x10,12x2,14x3 B:1x3,14x2,15x2,16x2,17x2,18x2,19x2 w",
        # one checker six pips from an uppspel: a one-die roll is allowed (RV 15)
        "W:18,24x14 B:1x15 w",
        # bearing off with blots in the fourth quarter (RV 8, RV 9)
        "W:19,20x2,22,23x3,24x4,25x4 B:1x5,6x2,14x8 w",
        # ... and with the opponent's huk band standing (RV 8d, RV 10)
        "W:19x3,20x2,21,22x3,23x2,25x4 B:1x5,12x2,14x8 w",
        # the review's RV 9 case (brade-family+9 refuses to go on bearing off) and the
        # one-die win of RV 24a that must not be compulsory (vasamuseet, 4-2)
        "W:22,23x2,24x2,25x10 B:1x15 w",
        "W:0,1x6,2,3,5,6,9,15,21,22 B:7,23x2,24x12 b",
        # two hit checkers waiting, entry bursts (RV 5)
        "W:0x2,2,3,4,5,6,14x2,15x6 B:1x3,13x2,20x2,21x2,22x2,23x2,24x2 w",
    ),
    "puff": (
        # a later pasch with checkers spread (eight moves)
        "W:3x2,5,8x3,10x2,14x2,16,20x2,22x2 B:0x3,4x3,9x2,12x2,18x2,21x3 w wpasch=1 bpasch=2",
        # bearing off (P-bearoff, exact-25)
        "W:19,20x2,21x3,22x2,23x3,24x3,25 B:0,2x3,6x2,10x2,13x3,15x4 w wpasch=2 bpasch=1",
    ),
}

GAME_ROLLS = (3, 9, 25, 60)
SEEDS = (1, 2, 3)
#: a position whose rolls take longer than this is left out (keeps the test quick)
BUDGET = 0.8


def _rolls(rs: object, pos: Position) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    out += [(d,) for d in range(1, 7)]
    ok = []
    for dice in out:
        try:
            plans(rs, pos, dice)  # type: ignore[arg-type]
        except ValueError:
            continue
        ok.append(dice)
    return ok


def count(rs: object, pos: Position, dice: tuple[int, ...]) -> tuple[int, int]:
    plays = len(legal_plays(rs, pos, dice))  # type: ignore[arg-type]
    steps = len(turn_steps(begin(rs, pos, plans(rs, pos, dice)[0])))  # type: ignore[arg-type]
    return plays, steps


def positions(name: str) -> list[Position]:
    rs = rules(name)
    found: list[Position] = [Position.start(rs)]
    for text in HAND[rs.family]:
        try:
            found.append(Position.parse(text, rs))
        except ValueError:
            pass  # a key this rule set does not track
    for seed in SEEDS:
        rng = random.Random(f"perft:{name}:{seed}")
        pos = opening(rs, rng)
        for n in range(1, max(GAME_ROLLS) + 1):
            roll = random_roll(rs, pos, rng)
            if roll.outcome is not None:
                break
            pos = roll.position
            if n in GAME_ROLLS:
                found.append(pos)
    return list(dict.fromkeys(found))


def generate(name: str, select: bool) -> str:
    rs = rules(name)
    lines = [f"rules {name}"]
    path = OUT / f"{name}.perft"
    if select or not path.exists():
        chosen = positions(name)
    else:  # the same positions as before, so a recount shows only changed counts
        rows = parse(path.read_text(encoding="utf-8"))[1]
        chosen = list(dict.fromkeys(Position.parse(r[0], rs) for r in rows))
    for pos in chosen:
        t0 = time.perf_counter()
        block = [f"position {pos}"]
        for dice in _rolls(rs, pos):
            plays, steps = count(rs, pos, dice)
            block.append(f"{'-'.join(map(str, dice))} {plays} {steps}")
            if select and time.perf_counter() - t0 > BUDGET:
                break
        else:
            lines.extend(block)
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[str, list[tuple[str, str, int, int]]]:
    name = ""
    pos = ""
    rows: list[tuple[str, str, int, int]] = []
    for line in text.splitlines():
        if line.startswith("rules "):
            name = line[6:]
        elif line.startswith("position "):
            pos = line[9:]
        elif line.strip():
            dice, plays, steps = line.split()
            rows.append((pos, dice, int(plays), int(steps)))
    return name, rows


def main() -> int:
    select = "--select" in sys.argv[1:]
    OUT.mkdir(parents=True, exist_ok=True)
    for name in RULE_SETS:
        t0 = time.perf_counter()
        text = generate(name, select)
        (OUT / f"{name}.perft").write_text(text, encoding="utf-8")
        n = sum(1 for line in text.splitlines() if line[:1].isdigit())
        print(f"{name}: {n} rolls, {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
