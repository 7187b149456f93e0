"""What a game family tells the players: the types of its player-side data.

Every family carries one :class:`PlayData` (``family_of(rs).play``, written in the family's
own ``families/<name>_play.py``): the hand-written evaluation's weights and family term, the
pattern it looks ahead for, the learned net's outputs, rule-set units and hand-written inputs,
the highest score the net tells apart, the tutor's rating bands and the levels that prune
their search. The players (:mod:`~puffteach.players.evaluate`, :mod:`~puffteach.players.net`,
:mod:`~puffteach.players.hint`, :mod:`~puffteach.players.search`) read only this, never a
table keyed by the family's name. This module imports nothing of the families, so a family
module may import it without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from ..color import Color
    from ..position import Position
    from ..rules import RuleSet

__all__ = [
    "ExtraFeatures",
    "FamilyTerm",
    "Judge",
    "PlayData",
    "SideFeatures",
    "Verdict",
    "Weights",
]


class SideFeatures(NamedTuple):
    """One side's features (see :mod:`puffteach.players.evaluate`)."""

    pips: int
    waiting: int
    off: int
    blots: tuple[tuple[int, int], ...]  # (path point, shots out of 36) for each blot in reach
    blot_cost: float  # expected pips lost to hits: sum of shots/36 x (point + re-entry cost)
    blocks: int  # bands standing in front of an opponent checker
    prime: int  # the longest row of such bands (on the opponent's path)
    entry_blocked: int  # own entry points (1-6) the side cannot enter on


class Weights(NamedTuple):
    """The evaluation's weights (pips per unit of each feature): data, not code."""

    tempo: float = 8.0  # the side on roll
    reentry: float = 8.0  # pips a hit costs beyond the blot's own progress
    blocks: float = 3.0  # per band in front of an opponent checker
    prime: float = 2.0  # per point of the longest row of such bands
    entry: float = 1.5  # per waiting checker and blocked entry point
    scale: float = 0.09  # the logistic's width per pip left (plus 6)
    jan: float = 40.0  # bräde: pips a sure jan threat is worth


#: a family's term of the hand-written evaluation: (extra score in pips for ``side``,
#: expected points of a win for ``side``) from both sides' features (``side``'s first)
FamilyTerm = Callable[
    ["RuleSet", "Position", "Color", SideFeatures, SideFeatures], tuple[float, float]
]


class Verdict(Protocol):
    """What a family's net features read of an estimate (``players.base.Estimate`` is one;
    named here so this module needs nothing that imports the families)."""

    @property
    def equity(self) -> float: ...

    @property
    def win(self) -> float: ...


#: the hand-written evaluation from both sides' features (``evaluate.judged``), handed to a
#: family's net features so the family module need not import the players
Judge = Callable[["RuleSet", "Position", "Color", SideFeatures, SideFeatures], Verdict]

#: a family's hand-written net inputs, seen by ``side`` (its features first, the opponent's
#: second), as the values of its ``extra_features`` units in order (zeros included)
ExtraFeatures = Callable[
    ["RuleSet", "Position", "Color", SideFeatures, SideFeatures, Judge], list[float]
]


def _no_term(
    rs: RuleSet, pos: Position, side: Color, me: SideFeatures, him: SideFeatures
) -> tuple[float, float]:
    return 0.0, 1.0


def _no_extra(
    rs: RuleSet, pos: Position, side: Color, me: SideFeatures, him: SideFeatures, judge: Judge
) -> list[float]:
    return []


def _one_point(rs: RuleSet) -> int:
    return 1


#: rating bands when a family has not calibrated its own: every rate is ``beginner``'s
_UNRATED: tuple[tuple[str, float], ...] = (("beginner", float("inf")),)


@dataclass(frozen=True)
class PlayData:
    """A family's player-side knowledge (the defaults suit a family with single wins only and
    no tuned values: a new family plays with them until it is tuned)."""

    #: the hand-written evaluation's weights (tuned by short matches, benchmarks/players.py)
    weights: Weights = Weights()
    #: the family's own evaluation term (schneider, jan, beautiful patterns …)
    term: FamilyTerm = _no_term
    #: the pattern win the evaluation looks ahead for and its points (Puff's tower), when the
    #: family's ``shape_wins``
    lookahead: tuple[str, float] | None = None
    #: the learned net's point thresholds K: outputs P(win >= k), P(lose >= k), k = 1..K
    outputs: int = 1
    #: (RuleSet field, value) pairs, one net input unit each (see ``net.RULE_FEATURES``)
    rule_features: tuple[tuple[str, object], ...] = ()
    #: how many hand-written net inputs follow the rule-set units, and their values
    extra_features: int = 0
    extra: ExtraFeatures = _no_extra
    #: where among them the hand-written verdict stands (win, gain / 3, loss / 3), if it does
    judged_at: int | None = None
    #: the most points a game of the rule set scores, as far as the net's outputs tell apart
    max_points: Callable[[RuleSet], int] = _one_point
    #: the tutor's rating bands: (band, highest mean equity lost per decision), best first
    ratings: tuple[tuple[str, float], ...] = _UNRATED
    #: level name -> (replies, beam) for the levels that prune their search in this family
    prune: Mapping[str, tuple[int, int]] = field(default_factory=dict)
