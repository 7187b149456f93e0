"""Bräde's player-side knowledge (:class:`~puffteach.players.play_data.PlayData`): the
hand-written evaluation's weights and its jan and beautiful-pattern term, the learned net's
outputs, rule-set units and jan inputs, the highest score the net tells apart and the tutor's
rating bands. ``families/__init__.py`` gives it to :data:`BRADE`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..board import CROSS, FIRST_QUARTER, OFF
from ..players.play_data import PlayData, SideFeatures, Weights
from ..rules import BradeRules
from ..rules.brade import PATTERNS, POINTS
from .brade import entry_burst_allowed, jan_excess

if TYPE_CHECKING:
    from ..color import Color
    from ..players.play_data import Judge
    from ..position import Position
    from ..rules import RuleSet

__all__ = ["BRADE_PLAY", "jan_risk"]

_WEIGHTS: Final = Weights(blocks=6.0, prime=3.0, entry=5.0, reentry=14.0)


def jan_risk(victim: tuple[int, ...], f: SideFeatures) -> float:
    """The chance that the next hit makes ``victim`` jan: when he has no more free points in
    his first quarter than checkers waiting (B-jan), any hit outside it does; one free point
    more, only a double hit. The chance of a hit is that of his most exposed blots."""
    margin = -jan_excess(victim)  # free points minus checkers waiting
    if margin > 1 or not f.blots:
        return 0.0
    shots = min(36, sum(s for _, s in f.blots)) / 36.0
    return shots if margin <= 0 else shots * shots / 4.0


def _burst_risk(rs: BradeRules, victim: tuple[int, ...], enterer: tuple[int, ...]) -> float:
    """The chance that ``enterer``, with checkers waiting, bursts one of ``victim``'s bands in
    his first quarter on his next roll (RV 5a/5b, sprängjan): one of the band points' faces on
    either die, when the rule set lets him burst there now."""
    if not enterer[0] or not entry_burst_allowed(rs, enterer, victim):
        return 0.0
    x = CROSS[rs.layout]
    faces = sum(1 for p in FIRST_QUARTER if victim[x[p]] >= 2)
    return 1.0 - ((6 - faces) / 6.0) ** 2


def _term(
    rs: RuleSet, pos: Position, side: Color, me: SideFeatures, him: SideFeatures
) -> tuple[float, float]:
    """Bräde: jan (the opponent with more checkers to enter than free first-quarter points,
    counting his blots there as future waiting checkers), and beautiful patterns."""
    rs = BradeRules.narrow(rs)
    own = pos.side(side)
    opp = pos.side(side.other)
    table = POINTS[rs.points]
    his_risk = jan_risk(opp, him)
    my_risk = jan_risk(own, me)
    extra = _WEIGHTS.jan * (
        his_risk - my_risk + _burst_risk(rs, own, opp) - _burst_risk(rs, opp, own)
    )
    value = 1.0 + (table["jan"] - 1) * his_risk
    if rs.patterns and not own[OFF]:
        extra += 0.3 * _pattern_progress(rs.patterns, own[20:OFF])
    return extra, value


#: :func:`_pattern_progress` by the patterns and the counts of the last five points
_PROGRESS: dict[tuple[tuple[str, ...], tuple[int, ...]], int] = {}


def _pattern_progress(patterns: tuple[str, ...], last: tuple[int, ...]) -> int:
    """The most checkers of one of ``patterns`` already in place, ``last`` being a side's
    counts on its points 20-24 (B-beautiful); kept, as the evaluation asks it of every
    position."""
    key = (patterns, last)
    best = _PROGRESS.get(key)
    if best is None:
        best = 0
        for kind in patterns:
            shape = PATTERNS.get(kind)
            if shape is not None:
                best = max(best, sum(min(a, b) for a, b in zip(last, shape, strict=True)))
        if len(_PROGRESS) >= 50_000:
            _PROGRESS.clear()
        _PROGRESS[key] = best
    return best


def _extra(
    rs: RuleSet, pos: Position, side: Color, mine: SideFeatures, his: SideFeatures, judge: Judge
) -> list[float]:
    """Bräde's jan inputs (B-jan), seen by ``side``: per side (``side`` first) its margin
    against jan, the points of its first quarter free of its own checkers minus its checkers
    waiting, as three threshold units (at most 0: any hit makes it jan; at most 1; at most 2);
    the hand-written evaluation's chance that the next hit makes it jan; its blots on its
    first quarter (/6); its most exposed blot's shots (/36)."""
    vals: list[float] = []
    for s, f in ((side, mine), (side.other, his)):
        own = pos.side(s)
        margin = -jan_excess(own)
        vals.extend((float(margin <= 0), float(margin <= 1), float(margin <= 2)))
        vals.append(jan_risk(own, f))
        vals.append(sum(1 for p in FIRST_QUARTER if own[p] == 1) / 6.0)
        vals.append(max((n for _, n in f.blots), default=0) / 36.0)
    return vals


#: the net's point thresholds: hemspel, munk, jan, beautiful plays and sprängjan as the
#: points tables value them
_K: Final = 6


def _max_points(rs: RuleSet) -> int:
    """The most points a bräde game of ``rs`` scores by its points table (B-score, RV 26; see
    ``families.brade.score``): a win's row plus the munk bonus (hemspel and beautiful wins),
    jan or sprängjan; graded munk or jan (RV 20, 21) has no bound short of the net's K."""
    b = BradeRules.narrow(rs)
    table = POINTS[b.points]
    if b.jan_graded or (b.munk_graded and table["munk"] > 0):
        return _K
    wins = max(table[k] for k in ("hemspel", "uppspel", "trappspel", "kronspel"))
    return min(_K, max(wins + table["munk"], table["jan"], table["sprangjan"]))


BRADE_PLAY: Final = PlayData(
    weights=_WEIGHTS,
    term=_term,
    outputs=_K,
    rule_features=(
        ("burst_entry", "5a"),
        ("burst_entry", "5b"),
        ("burst_entry_strict", True),
        ("wall", "6a"),
        ("wall", "6b"),
        ("huk_burst", True),
        ("bear_bands_only", True),
        ("huk_blocks_bearoff", True),
        ("bearoff", "8a"),
        ("bearoff", "8b"),
        ("bearoff", "8c"),
        ("bearoff", "8d"),
        ("beautiful", "14a"),
        ("beautiful", "14b"),
        ("patterns", "enkelt-kronspel"),
        ("patterns", "dubbelt-kronspel"),
        ("patterns", "trappspel"),
        ("patterns", "uppspel"),
        ("patterns", "triangel"),
        ("patterns", "nio-fem-ett"),
        ("patterns", "kejsarspel"),
        ("shifted_patterns", True),
        ("one_die", "15a"),
        ("one_die", "15b"),
        ("munk_graded", True),
        ("jan_graded", True),
        ("jan_when", "24a"),
        ("sprangjan_now", True),
        ("reroll_once", True),
        ("points", "bh"),
        ("points", "26a"),
        ("points", "26b"),
        ("points", "26c"),
        ("points", "26d"),
        ("points", "26e"),
        ("opening_six", "2a"),
        ("opening_six", "2b"),
        ("opening_six", "2c"),
        ("six_out_kvartaner", True),
        ("six_out_count", 4),
        ("five_blots", True),
        ("resign", "4a"),
        ("resign", "4b"),
        ("resign", "4c"),
    ),
    extra_features=12,
    extra=_extra,
    max_points=_max_points,
    # measured error rates (the bräde net judging, 26 November 2026): expert 0, advanced
    # 0.056, intermediate 0.079, casual 0.19, beginner 0.27
    ratings=(
        ("expert", 0.028),
        ("advanced", 0.067),
        ("intermediate", 0.12),
        ("casual", 0.23),
        ("beginner", float("inf")),
    ),
)
