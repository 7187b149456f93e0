"""The players' common interface: estimates, evaluators and players.

An *evaluator* scores a position between rolls (the side to roll next is ``pos.turn``) from
the viewpoint of one side: ``Evaluator = Callable[[RuleSet, Position, Color], Estimate]``.
``Estimate.equity`` is the expected points of a game won (signed: negative when that side is
expected to lose points), ``Estimate.win`` its chance to win the game (0..1). The hand-written
evaluator (:mod:`puffteach.players.evaluate`) and the learned one plug in alike.

A *player* chooses a whole play for a roll: :meth:`Player.choose` takes the rule set, the
position before the roll and the dice, and returns one of the roll machine's
:class:`~puffteach.movegen.Play` records (the steps, the position after it with the side to
roll next, the outcome, whether the same side rolls again). A generalpasch offers several plans;
the player picks among the plays of all of them. :meth:`Player.choose_turn` does the same
for a roll already in progress (a :class:`~puffteach.steps.Turn` from ``movegen.begin``/
``push``), so a board can hand over in the middle of a roll.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from ..color import Color
from ..errors import LocalizedError

if TYPE_CHECKING:
    from ..movegen import Play
    from ..outcome import Outcome
    from ..position import Position
    from ..rules import RuleSet
    from ..steps import Turn

__all__ = ["Estimate", "Evaluator", "Player", "PlayersError", "outcome_estimate"]


class PlayersError(LocalizedError):
    """A bad request to a player, a hint or a review (an unknown level, a record that does not
    replay)."""


class Estimate(NamedTuple):
    """A position's value for one side: expected points (signed) and chance to win."""

    equity: float
    win: float

    def flipped(self) -> Estimate:
        """The same estimate from the other side's viewpoint (a draw is no win for either:
        this assumes no draws, which the evaluators' win estimates ignore)."""
        return Estimate(-self.equity, 1.0 - self.win)


#: a position's value from the viewpoint of the given side (the side to roll is ``pos.turn``)
Evaluator = Callable[["RuleSet", "Position", Color], Estimate]


def outcome_estimate(outcome: Outcome, side: Color) -> Estimate:
    """The exact value of a finished game for ``side``: the points won or lost, 1 or 0 (a
    draw is worth nothing and half a win)."""
    if outcome.winner is None:
        return Estimate(0.0, 0.5)
    if outcome.winner == side:
        return Estimate(float(outcome.points), 1.0)
    return Estimate(-float(outcome.points), 0.0)


@runtime_checkable
class Player(Protocol):
    """Chooses a play for a roll. ``name`` is the level or kind (``"random"``, ``"expert"``)."""

    name: str

    def choose(self, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> Play:
        """The play for ``dice`` rolled in ``pos`` (every plan of a generalpasch considered)."""
        ...

    def choose_turn(self, turn: Turn) -> Play:
        """The rest of a roll in progress: a play that starts with ``turn.moves``."""
        ...
