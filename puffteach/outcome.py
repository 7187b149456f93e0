"""How a game ends: :class:`Outcome` (winner, kind, points and the extras that score)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .color import Color
from .messages import Message

#: every outcome kind (design.md, "Command line"); ``draw`` is bräde RV 11's both-bore-off
KINDS: Final = (
    "bearoff",
    "tower",
    "goose",
    "hemspel",
    "enkelt-kronspel",
    "dubbelt-kronspel",
    "trappspel",
    "uppspel",
    "kejsarspel",
    "triangel",
    "nio-fem-ett",
    "jan",
    "sprangjan",
    "draw",
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a game. ``winner`` is None for a draw (bräde RV 11)."""

    winner: Color | None
    kind: str
    points: int
    munk: bool = False
    schneider: bool = False
    #: bräde RV 22: a blot hit and the last checker borne off in the same roll (no points)
    pissmunk: bool = False

    def __post_init__(self) -> None:
        if self.winner is not None and not isinstance(self.winner, Color):
            object.__setattr__(self, "winner", Color(self.winner))

    @property
    def loser(self) -> Color | None:
        return None if self.winner is None else self.winner.other

    def to_json(self) -> dict[str, object]:
        return {
            "winner": None if self.winner is None else self.winner.letter,
            "kind": self.kind,
            "points": self.points,
            "munk": self.munk,
            "schneider": self.schneider,
            "pissmunk": self.pissmunk,
        }

    @property
    def message(self) -> Message:
        """What the board says: who won, how and for how many points (a draw too)."""
        if self.winner is None:
            return Message.of("outcome.draw")
        return Message.of(
            "outcome.win",
            side=self.winner,
            kind=Message.of(f"kind.{self.kind}"),
            n=self.points,
            extra=self.extra,
        )

    @property
    def extra(self) -> Message | str:
        """`` (schneider)``, `` (munk, pissmunk)`` or nothing, as a message."""
        extras = [
            Message.of(f"extra.{k}") for k in ("schneider", "munk", "pissmunk") if getattr(self, k)
        ]
        if len(extras) == 1:
            return Message.of("outcome.extra1", a=extras[0])
        if extras:
            return Message.of("outcome.extra2", a=extras[0], b=extras[-1])
        return ""
