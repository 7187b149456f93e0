"""How a game ends: :class:`Outcome` (winner, kind, points and the extras that score)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .color import Color
from .messages import Message


class Termination(StrEnum):
    """How a game ended (python-chess's pattern). Each value is the outcome's name of
    design.md ("Command line": the JSON's ``kind``), so a termination equals, hashes and
    formats as that string; ``draw`` is bräde RV 11's both-bore-off."""

    BEAROFF = "bearoff"
    TOWER = "tower"
    GOOSE = "goose"
    HEMSPEL = "hemspel"
    ENKELT_KRONSPEL = "enkelt-kronspel"
    DUBBELT_KRONSPEL = "dubbelt-kronspel"
    TRAPPSPEL = "trappspel"
    UPPSPEL = "uppspel"
    KEJSARSPEL = "kejsarspel"
    TRIANGEL = "triangel"
    NIO_FEM_ETT = "nio-fem-ett"
    JAN = "jan"
    SPRANGJAN = "sprangjan"
    DRAW = "draw"

    def __repr__(self) -> str:
        return f"Termination.{self.name}"


#: every outcome kind's name (design.md, "Command line")
KINDS: Final = tuple(t.value for t in Termination)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a game. ``winner`` is None for a draw (bräde RV 11); ``kind`` how it
    ended (a name such as ``"hemspel"`` is taken as its :class:`Termination`)."""

    winner: Color | None
    kind: Termination
    points: int
    munk: bool = False
    schneider: bool = False
    #: bräde RV 22: a blot hit and the last checker borne off in the same roll (no points)
    pissmunk: bool = False

    def __post_init__(self) -> None:
        if self.winner is not None and not isinstance(self.winner, Color):
            object.__setattr__(self, "winner", Color(self.winner))
        if not isinstance(self.kind, Termination):
            object.__setattr__(self, "kind", Termination(self.kind))

    @property
    def termination(self) -> Termination:
        """How the game ended (python-chess's name for ``kind``)."""
        return self.kind

    @property
    def loser(self) -> Color | None:
        return None if self.winner is None else self.winner.other

    def to_json(self) -> dict[str, object]:
        return {
            "winner": None if self.winner is None else self.winner.letter,
            "kind": self.kind.value,
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
