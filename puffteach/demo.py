"""A short demo game in the terminal: `python -m puffteach.demo [RULES] [SEED]`."""

from __future__ import annotations

import sys

from .game import Game


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    spec = argv[0] if argv else "kontrar-puff"
    seed = int(argv[1]) if len(argv) > 1 else 1
    game = Game(spec, seed=seed)
    print(f"puffteach demo: {game.rules.name}, seed {seed}")
    print(f"opening roll {game.opening}: {'White' if game.start.turn == 0 else 'Black'} starts")
    print(f"start  {game.start}")
    shown = 0
    while not game.is_over():
        rec = game.play_random_roll()
        shown += 1
        if shown <= 12 or game.is_over():
            who = "White" if rec.side == 0 else "Black"
            moves = " ".join(map(str, rec.moves)) or "-"
            lost = f"  forfeited {' '.join(map(str, rec.forfeited))}" if rec.forfeited else ""
            again = "  (rolls again)" if rec.again else ""
            print(f"{shown:4d}. {who} {rec.dice}: {moves}{lost}{again}")
        elif shown == 13:
            print("      ...")
    out = game.outcome
    assert out is not None
    print(f"end    {game.position}")
    print(
        f"{'White' if out.winner == 0 else 'Black'} wins by {out.kind} for {out.points} point(s)"
        f"{' (schneider)' if out.schneider else ''} after {shown} rolls"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
