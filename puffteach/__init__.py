"""puffteach: learn, play and teach Puff and Swedish bräde.

>>> import puffteach
>>> g = puffteach.Game("kontrar-puff", position="W:0x15 B:0x15 w")
>>> g.set_dice(5, 5)
>>> [str(p.position) for p in g.legal_plays()]
['W:0x11,2x2,5x2 B:0x15 b wpasch=1']
"""

from __future__ import annotations

from .color import Color
from .explain import Explanation, IllegalMoveError, MoveSyntaxError
from .game import Game, GameError
from .movegen import Play, Step
from .outcome import Outcome, Termination
from .position import Position, PositionError
from .rules import RuleSet, RuleSetError, rules
from .svg import draw as _draw  # noqa: F401  (registers Position._repr_svg_)

__all__ = [
    "Color",
    "Explanation",
    "Game",
    "GameError",
    "IllegalMoveError",
    "MoveSyntaxError",
    "Outcome",
    "Play",
    "Position",
    "PositionError",
    "RuleSet",
    "RuleSetError",
    "Step",
    "Termination",
    "rules",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # The board widget needs anywidget; import it only when asked for (the engine stays
    # standard-library only).
    if name == "Board":
        from .widget import Board

        return Board
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
