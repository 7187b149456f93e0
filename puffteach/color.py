"""The two sides. ``Color`` is an ``IntEnum`` so a colour indexes per-side tuples directly."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Color(IntEnum):
    WHITE = 0
    BLACK = 1

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    @property
    def other(self) -> Color:
        return BLACK if self is WHITE else WHITE

    @property
    def letter(self) -> str:
        """``w`` or ``b`` (the notation's letters)."""
        return "wb"[self]

    @classmethod
    def parse(cls, letter: str) -> Color:
        """``w`` or ``b`` as a colour; a ``KeyError`` naming anything else (this module is
        below the catalogue: a reader of a user's text says it in words, as
        ``Position.parse`` does with ``error.position.turn``)."""
        return _BY_LETTER[letter]


WHITE: Final = Color.WHITE
BLACK: Final = Color.BLACK
COLORS: Final = (WHITE, BLACK)
#: ``OTHER[side]`` is ``side.other`` at the cost of a tuple index (the roll machine's hot paths)
OTHER: Final = (BLACK, WHITE)
_BY_LETTER: Final = {"w": WHITE, "b": BLACK}
