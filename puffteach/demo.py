"""A short demo game in the terminal: `python -m puffteach.demo [RULES] [SEED] [--lang sv]`."""

from __future__ import annotations

import sys

from .game import Game
from .messages import DEFAULT, language, text


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = DEFAULT
    if "--lang" in argv:
        i = argv.index("--lang")
        lang = language(argv[i + 1] if i + 1 < len(argv) else "")
        del argv[i : i + 2]
    spec = argv[0] if argv else "kontrar-puff"
    seed = int(argv[1]) if len(argv) > 1 else 1
    game = Game(spec, seed=seed, lang=lang)

    def say(key: str, **params: object) -> None:
        print(text(f"demo.{key}", lang, **params))

    say("title", rules=game.rules.name, seed=seed)
    w, b = game.opening or ("-", "-")
    say("opening", w=w, b=b, side=game.start.turn)
    say("start", position=game.start)
    shown = 0
    while not game.is_over():
        rec = game.play_random_roll()
        shown += 1
        if shown <= 12 or game.is_over():
            lost = (
                text("demo.forfeited", lang, dice=" ".join(map(str, rec.forfeited)))
                if rec.forfeited
                else ""
            )
            again = text("demo.again", lang) if rec.again else ""
            say(
                "roll",
                n=f"{shown:4d}",
                side=rec.side,
                dice="-".join(map(str, rec.dice)),
                moves=" ".join(map(str, rec.moves)) or "-",
                forfeited=lost,
                again=again,
            )
        elif shown == 13:
            print("      ...")
    out = game.outcome
    assert out is not None
    say("end", position=game.position)
    say("result", outcome=out.message, n=shown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
