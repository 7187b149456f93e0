"""The hand-written evaluation: a position's value from a few exact or counted features.

For each side (its checkers ``own``, the opponent's ``opp``, both in their owners' path
numbers; ``CROSS`` turns one into the other):

- **pips** (:func:`puffteach.odds.pips`): the race, with a tempo bonus for the side on roll;
- **blots**: each blot's shots, the rolls out of 36 that bring an opponent checker standing
  behind it (or waiting to enter) exactly onto it, touching down on no band of the blot's side
  (:func:`puffteach.odds.shots`, a fast table; the exact count is ``odds.hit_rolls``), times
  what the hit costs (the blot's progress plus a re-entry cost);
- **blocks**: bands standing in front of opponent checkers, and the longest row of them;
- **entering**: checkers waiting at 0 and the share of their entry points the opponent holds;
- family features, from a table keyed by family (no test of the family in code):
  Puff's schneider (LT/PI scoring: the loser's checkers on his first quarter or waiting) and,
  with tower-goose, the chance that a side completes a tower with its next roll (exact,
  :func:`puffteach.odds.pattern_chance`, asked only when a side has at least
  ``PATTERN_NEAR`` checkers on one point; the side to roll completes his first, the other may
  on the roll after), and bräde's jan (checkers to enter against free points, B-jan), blots in
  reach of a jan, and the progress towards a beautiful pattern (B-beautiful).

The score is in pips; ``win`` is a logistic of it (wider when many pips are left) and
``equity`` weighs the expected points of each side's win. Cheap enough for a search: about
30 µs a position in CPython.

Known approximations, measured and kept (``docs-notes/learned-evaluator.md``): the shots
ignore that an attacker's waiting checkers must enter first (P-enter); the win chance is
overconfident in Puff (the entry term outweighs the logistic's width); the schneider value does
not depend on how near the end is. Correcting each of them changed greedy play's strength by
less than 0.03 points a game in lång puff (600 games each, within the noise).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final, NamedTuple

from ..board import CROSS, OFF
from ..color import Color
from ..families import family_of
from ..families.brade import entry_burst_allowed, jan_excess
from ..odds import TWO_DICE, pattern_chance
from ..position import CHECKERS, Position
from ..rules import BradeRules, RuleSet
from ..rules.brade import PATTERNS, POINTS
from .base import Estimate, Evaluator

__all__ = [
    "WEIGHTS",
    "SideFeatures",
    "Weights",
    "features",
    "heuristic",
    "jan_risk",
    "judged",
    "shot_mask",
    "shots_of_mask",
    "weighted",
]

#: ways out of 36 of each of the 21 rolls (bit i of a shot mask is roll i of odds.TWO_DICE)
_WAYS: Final = tuple(w for _, w in TWO_DICE)
_MASK_WAYS: dict[int, int] = {}
_SHOT_MASK: dict[tuple[int, int], int] = {}
_LOW: Final = tuple((1 << d) - 1 for d in range(OFF + 1))  # the bits below distance d


def shot_mask(distance: int, blocked: int) -> int:
    """The rolls (a bit per roll of ``odds.TWO_DICE``) that move one checker exactly
    ``distance`` pips without touching down on a blocked distance (bit d of ``blocked``)."""
    blocked &= _LOW[distance]
    key = (distance, blocked)
    mask = _SHOT_MASK.get(key)
    if mask is not None:
        return mask
    mask = 0
    for i, ((a, b), _) in enumerate(TWO_DICE):
        if a == b:
            ok = any(a * k == distance for k in range(1, 5)) and not any(
                blocked >> (a * j) & 1 for j in range(1, distance // a)
            )
        else:
            ok = (
                a == distance
                or b == distance
                or (a + b == distance and not (blocked >> a & 1 and blocked >> b & 1))
            )
        if ok:
            mask |= 1 << i
    _SHOT_MASK[key] = mask
    return mask


def shots_of_mask(mask: int) -> int:
    """How many of the 36 rolls a shot mask holds."""
    n = _MASK_WAYS.get(mask)
    if n is None:
        n = _MASK_WAYS[mask] = sum(w for i, w in enumerate(_WAYS) if mask >> i & 1)
    return n


class SideFeatures(NamedTuple):
    """One side's features (see the module's docstring)."""

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


#: the weights per family (tuned by short matches against random, see benchmarks/players.py)
WEIGHTS: dict[str, Weights] = {
    "puff": Weights(blocks=12.0, prime=6.0, entry=16.0),
    "brade": Weights(blocks=6.0, prime=3.0, entry=5.0, reentry=14.0),
}


def features(
    rs: RuleSet, pos: Position, side: Color, weights: Weights | None = None
) -> SideFeatures:
    """The features of ``side`` (its blots are exposed to the opponent's checkers);
    ``weights``: the table to use instead of the family's :data:`WEIGHTS`."""
    x = CROSS[rs.layout]
    reentry = (weights or WEIGHTS[rs.family]).reentry
    own = pos.side(side)
    opp = pos.side(side.other)
    # the opponent's path points (bits) where this side holds a band: he cannot touch down
    blocked = 0
    pips = OFF * own[0]
    singles: list[int] = []
    for p in range(1, OFF):
        n = own[p]
        if n:
            pips += (OFF - p) * n
            if n >= 2:
                blocked |= 1 << x[p]
            else:
                singles.append(p)
    opp_points = [q for q in range(OFF) if opp[q]]
    rear = opp_points[0] if opp_points else OFF
    blots: list[tuple[int, int]] = []
    cost = 0.0
    table = _SHOT_MASK
    for p in singles:
        tp = x[p]
        mask = 0
        for q in opp_points:
            if q >= tp:
                break
            d = tp - q
            m = table.get((d, (blocked >> q) & _LOW[d]))
            mask |= shot_mask(d, blocked >> q) if m is None else m
        if mask:
            s = shots_of_mask(mask)
            blots.append((p, s))
            cost += s / 36.0 * (p + reentry)
    blocks = run = best = 0
    ahead = blocked >> (rear + 1)  # bands on his path ahead of his rearmost checker
    while ahead:
        if ahead & 1:
            blocks += 1
            run += 1
            if run > best:
                best = run
        else:
            run = 0
        ahead >>= 1
    entry_blocked = 0
    enter_own = rs.enter_own
    for p in range(1, 7):
        if opp[x[p]] >= 2 or (not enter_own and own[p]):
            entry_blocked += 1
    return SideFeatures(pips, own[0], own[OFF], tuple(blots), cost, blocks, best, entry_blocked)


# --------------------------------------------------------------------------- family features

#: (extra score in pips for ``side``, expected points of a win for ``side``)
FamilyTerm = Callable[[RuleSet, Position, Color, SideFeatures, SideFeatures], tuple[float, float]]


def _puff(
    rs: RuleSet, pos: Position, side: Color, me: SideFeatures, him: SideFeatures
) -> tuple[float, float]:
    """Puff: a win is worth more while the loser is far behind (LT: checkers waiting or on his
    first quarter; PI: none borne off). A tower threat: :func:`_puff_pattern`."""
    opp = pos.side(side.other)
    value = 1.0
    if rs.scoring == "lt":
        back = opp[0] + sum(opp[1:7])
        value += min(1.0, back / 4.0) + (0.5 if opp[0] else 0.0)
    elif rs.scoring == "pi" and not opp[OFF]:
        value += min(1.0, (CHECKERS - sum(opp[19:OFF])) / 10.0)
    return 0.0, value


#: a side is asked about a tower when at least this many of its checkers stand on one point;
#: fewer leave too many checkers to bring in with one roll, bar a pasch
PATTERN_NEAR: Final = 11
#: what a tower wins (tower-goose: 4, in LT's and Pierer's scoring)
PATTERN_POINTS: Final = {"tower": 4.0}


def _puff_pattern(rs: RuleSet, pos: Position, side: Color) -> tuple[float, float]:
    """(chance, points): ``side`` completing a tower with its next roll, when the rule set has
    tower-goose and the side has at least ``PATTERN_NEAR`` checkers on one point. (Not the
    goose march: fifteen single checkers in a row hardly ever occur in play, and with a later
    pasch's eight moves among fifteen single checkers its exact search can take seconds.)"""
    if not family_of(rs).shape_wins(rs) or max(pos.side(side)[1:OFF]) < PATTERN_NEAR:
        return 0.0, 0.0
    return float(pattern_chance(rs, pos, side, "tower")), PATTERN_POINTS["tower"]


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
    faces = sum(1 for p in range(1, 7) if victim[x[p]] >= 2)
    return 1.0 - ((6 - faces) / 6.0) ** 2


def _brade(
    rs: RuleSet, pos: Position, side: Color, me: SideFeatures, him: SideFeatures
) -> tuple[float, float]:
    """Bräde: jan (the opponent with more checkers to enter than free first-quarter points,
    counting his blots there as future waiting checkers), and beautiful patterns."""
    rs = BradeRules.narrow(rs)
    own = pos.side(side)
    opp = pos.side(side.other)
    table = POINTS[rs.points]
    w = WEIGHTS[rs.family]
    his_risk = jan_risk(opp, him)
    my_risk = jan_risk(own, me)
    extra = w.jan * (his_risk - my_risk + _burst_risk(rs, own, opp) - _burst_risk(rs, opp, own))
    value = 1.0 + (table["jan"] - 1) * his_risk
    if rs.patterns and not own[OFF]:
        best = 0
        for kind in rs.patterns:
            shape = PATTERNS.get(kind)
            if shape is not None:
                best = max(best, sum(min(a, b) for a, b in zip(own[20:OFF], shape, strict=True)))
        extra += 0.3 * best
    return extra, value


FAMILY_TERMS: Final[dict[str, FamilyTerm]] = {"puff": _puff, "brade": _brade}
#: (chance, points) of a side winning at once with its next roll by a pattern, by family
PatternTerm = Callable[[RuleSet, Position, Color], tuple[float, float]]
PATTERN_TERMS: Final[dict[str, PatternTerm]] = {"puff": _puff_pattern}


def heuristic(rs: RuleSet, pos: Position, side: Color) -> Estimate:
    """The hand-written :data:`~puffteach.players.base.Evaluator`."""
    return judged(rs, pos, side, features(rs, pos, side), features(rs, pos, side.other))


def weighted(table: dict[str, Weights]) -> Evaluator:
    """The hand-written evaluation with another weights table (by family; a family not in it
    keeps :data:`WEIGHTS`)."""

    def evaluate(rs: RuleSet, pos: Position, side: Color) -> Estimate:
        w = table.get(rs.family)
        if w is None:
            return heuristic(rs, pos, side)
        return judged(
            rs, pos, side, features(rs, pos, side, w), features(rs, pos, side.other, w), w
        )

    return evaluate


def judged(
    rs: RuleSet,
    pos: Position,
    side: Color,
    me: SideFeatures,
    him: SideFeatures,
    weights: Weights | None = None,
) -> Estimate:
    """The hand-written evaluation from both sides' features (``me`` those of ``side``);
    ``weights`` as in :func:`features`."""
    term = FAMILY_TERMS[rs.family]
    my_extra, my_value = term(rs, pos, side, me, him)
    his_extra, his_value = term(rs, pos, side.other, him, me)
    w = weights or WEIGHTS[rs.family]
    score = (
        him.pips
        - me.pips
        + (w.tempo if pos.turn == side else -w.tempo)
        - me.blot_cost
        + him.blot_cost
        + w.blocks * (me.blocks - him.blocks)
        + w.prime * (me.prime - him.prime)
        - me.waiting * me.entry_blocked * w.entry
        + him.waiting * him.entry_blocked * w.entry
        + my_extra
        - his_extra
    )
    scale = 6.0 + w.scale * (me.pips + him.pips) / 2.0
    z = max(-30.0, min(30.0, score / scale))
    win = 1.0 / (1.0 + math.exp(-z))
    equity = win * my_value - (1.0 - win) * his_value
    pattern = PATTERN_TERMS.get(rs.family)
    if pattern is not None:
        roller = Color(pos.turn)
        first, first_pts = pattern(rs, pos, roller)
        then, then_pts = pattern(rs, pos, roller.other)
        if first or then:  # the roller's pattern comes first; the other's on the next roll
            mine = 1.0 if roller == side else -1.0
            equity = first * mine * first_pts + (1.0 - first) * (
                -then * mine * then_pts + (1.0 - then) * equity
            )
            won = 1.0 if roller == side else 0.0
            win = first * won + (1.0 - first) * (then * (1.0 - won) + (1.0 - then) * win)
    return Estimate(equity, win)
