"""Puff's player-side knowledge (:class:`~puffteach.players.play_data.PlayData`): the
hand-written evaluation's weights and schneider term, the tower it looks ahead for, the
learned net's outputs, rule-set units and hand-written inputs, the tutor's rating bands and
the levels that prune their search. ``families/__init__.py`` gives it to :data:`PUFF`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..board import IN_FIRST_QUARTER, IN_HOME_QUARTER, OFF
from ..players.play_data import PlayData, SideFeatures, Weights
from ..position import CHECKERS
from ..rules import PuffRules
from .puff import PUFF

if TYPE_CHECKING:
    from ..color import Color
    from ..players.play_data import Judge
    from ..position import Position
    from ..rules import RuleSet

__all__ = ["PUFF_PLAY"]


def _term(
    rs: RuleSet, pos: Position, side: Color, me: SideFeatures, him: SideFeatures
) -> tuple[float, float]:
    """Puff: a win is worth more while the loser is far behind (LT: checkers waiting or on his
    first quarter; PI: none borne off). A tower threat: the evaluation's ``lookahead``."""
    opp = pos.w if side else pos.b  # the other side's counts (the hot path: no calls)
    value = 1.0
    scoring = rs.scoring
    if scoring == "lt":
        back = opp[0] + sum(opp[IN_FIRST_QUARTER])
        value += min(1.0, back / 4.0) + (0.5 if opp[0] else 0.0)
    elif scoring == "pi" and not opp[OFF]:
        value += min(1.0, (CHECKERS - sum(opp[IN_HOME_QUARTER])) / 10.0)
    return 0.0, value


def _extra(
    rs: RuleSet, pos: Position, side: Color, mine: SideFeatures, his: SideFeatures, judge: Judge
) -> list[float]:
    """Puff's hand-written net inputs, seen by ``side``: per side (``side`` first) the expected
    pips its blots lose to hits (/25), its most exposed blot's shots (/36), its bands in front
    of the other side's checkers and its longest row of them (/6), its waiting checkers times
    the entry points it cannot use (/36); then the hand-written evaluation's own verdict: the
    win chance and the equity, split into its gain and loss (/3)."""
    vals: list[float] = []
    for f in (mine, his):
        vals.append(f.blot_cost / 25.0)
        vals.append(max((s for _, s in f.blots), default=0) / 36.0)
        vals.append(f.blocks / 6.0)
        vals.append(f.prime / 6.0)
        vals.append(f.waiting * f.entry_blocked / 36.0)
    est = judge(rs, pos, side, mine, his)
    vals.append(est.win)
    vals.append(max(est.equity, 0.0) / 3.0)
    vals.append(max(-est.equity, 0.0) / 3.0)
    return vals


#: the net's point thresholds: single, the two schneider grades, tower
_K: Final = 4
#: the highest score of a Puff rule set by its scoring
_MAX: Final[dict[str, int]] = {"lt": 3, "pi": 2, "gp": 1}


def _max_points(rs: RuleSet) -> int:
    top = _MAX.get(rs.scoring, _K)
    if PUFF.shape_wins(PuffRules.narrow(rs)):  # a tower
        top = 4
    return min(_K, top)


PUFF_PLAY: Final = PlayData(
    weights=Weights(blocks=12.0, prime=6.0, entry=16.0),
    term=_term,
    lookahead=("tower", 4.0),  # tower-goose: a tower wins 4 in LT's and Pierer's scoring
    outputs=_K,
    rule_features=(
        ("layout", "long"),
        ("layout", "contrary"),
        ("layout", "double-contrary"),
        ("scoring", "lt"),
        ("scoring", "pi"),
        ("scoring", "gp"),
        ("dice_order", "free"),
        ("pasch_reroll", "later"),
        ("pasch_reroll", "all"),
        ("reroll_needs_complete", True),
        ("fourth_pasch", True),
        ("generalpasch", True),
        ("bearoff", "rearmost"),
        ("bearoff", "any-over"),
        ("exact_25", True),
        ("tower_goose", True),
        ("long_entry", True),
        ("first_pasch", "top"),
    ),
    extra_features=13,
    extra=_extra,
    judged_at=10,
    max_points=_max_points,
    # measured error rates (hint.py's RATINGS note): expert 0.0004, advanced 0.0057,
    # intermediate 0.0100, casual 0.057, beginner 0.138 (128-unit Puff net, 28 November 2026)
    ratings=(
        ("expert", 0.0028),
        ("advanced", 0.0076),
        ("intermediate", 0.024),
        ("casual", 0.089),
        ("beginner", float("inf")),
    ),
    prune={"master": (3, 6), "grandmaster": (6, 8)},
)
