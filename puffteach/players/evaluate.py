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
- family features, from the family's own term (``family_of(rs).play``, written in
  ``families/<name>_play.py``; no test or table of the family here): Puff's schneider
  (LT/PI scoring: the loser's checkers on his first quarter or waiting) and,
  with tower-goose, the chance that a side completes a tower with its next roll (exact,
  :func:`puffteach.odds.pattern_chance`, asked only when a side has at least
  ``PATTERN_NEAR`` checkers on one point; the side to roll completes his first, the other may
  on the roll after), and bräde's jan (checkers to enter against free points, B-jan), blots in
  reach of a jan, and the progress towards a beautiful pattern (B-beautiful).

The score is in pips; ``win`` is a logistic of it (wider when many pips are left) and
``equity`` weighs the expected points of each side's win. Cheap enough for a search: in
CPython about 10 µs a position met for the first time and 6 µs once each side's counts and
the blots' surroundings are kept (the positions of a lång puff review; bräde 14 and 10 µs).

Known approximations, measured and kept (``docs-notes/learned-evaluator.md``): the shots
ignore that an attacker's waiting checkers must enter first (P-enter); the win chance is
overconfident in Puff (the entry term outweighs the logistic's width); the schneider value does
not depend on how near the end is. Correcting each of them changed greedy play's strength by
less than 0.03 points a game in lång puff (600 games each, within the noise).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import compress
from typing import Final, NamedTuple

from ..board import CROSS, FIRST_QUARTER, OFF
from ..color import COLORS, OTHER, Color
from ..families import FAMILIES, family_of
from ..odds import TWO_DICE, pattern_chance
from ..position import Position
from ..rules import RuleSet
from .base import Estimate, Evaluator
from .play_data import PlayData, SideFeatures, Weights

__all__ = [
    "WEIGHTS",
    "SideFeatures",
    "Weights",
    "features",
    "heuristic",
    "judged",
    "shot_mask",
    "shots_of_mask",
    "weighted",
]

_new = tuple.__new__

#: ways out of 36 of each of the 21 rolls (bit i of a shot mask is roll i of odds.TWO_DICE)
_WAYS: Final = tuple(w for _, w in TWO_DICE)
_MASK_WAYS: dict[int, int] = {}
#: :func:`shot_mask` by its blocked distances and its distance (5 bits), packed in one int
_SHOT_MASK: dict[int, int] = {}
_LOW: Final = tuple((1 << d) - 1 for d in range(OFF + 1))  # the bits below distance d


def shot_mask(distance: int, blocked: int) -> int:
    """The rolls (a bit per roll of ``odds.TWO_DICE``) that move one checker exactly
    ``distance`` pips without touching down on a blocked distance (bit d of ``blocked``)."""
    blocked &= _LOW[distance]
    key = blocked << 5 | distance
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


#: the weights per family (each family's ``play.weights``; tuned by short matches against
#: random, see benchmarks/players.py): an index derived from the families, for the tuning
#: scripts and tests
WEIGHTS: Final[dict[str, Weights]] = {name: f.play.weights for name, f in FAMILIES.items()}


#: what :func:`features` needs of one side's checkers alone, by (its counts, the layout):
#: a search meets the same side's checkers again and again (the side not moving keeps them
#: through a whole roll), so they are kept (:func:`_alone`)
_Alone = tuple[int, int, tuple[int, ...], int, int, int]
#: the points of the board (1-24)
_BOARD: Final = range(1, OFF)
#: bits 1-6: the first quarter's points
_FIRST: Final = sum(1 << p for p in FIRST_QUARTER)
_ALONE: dict[str, dict[tuple[int, ...], _Alone]] = {layout: {} for layout in CROSS}
#: (bands, longest row) of a mask of bands (:func:`features`), by the mask
_ROWS: dict[int, tuple[int, int]] = {}


def _alone(own: tuple[int, ...], layout: str) -> _Alone:
    """Of one side's counts ``own``: its pip count; the other side's path points (bits, by
    ``layout``'s cross table) where it holds a band (he cannot touch down there); its single
    checkers' points; the points 0-24 (bits) it has checkers on; the rearmost of them
    (``OFF`` when none); and the points 1-6 of the other side's path (bits) where it holds
    a band (the cross table is its own inverse: ``blocked``'s bits 1-6)."""
    known = _ALONE[layout]
    got = known.get(own)
    if got is not None:
        return got
    x = CROSS[layout]
    blocked = 0
    n = own[0]
    pips = OFF * n
    points = 1 if n else 0
    singles: list[int] = []
    for p in compress(_BOARD, own[1:OFF]):  # the points 1-24 it has checkers on
        n = own[p]
        pips += (OFF - p) * n
        points |= 1 << p
        if n == 1:
            singles.append(p)
        else:
            blocked |= 1 << x[p]
    rear = (points & -points).bit_length() - 1 if points else OFF
    got = (pips, blocked, tuple(singles), points, rear, blocked & _FIRST)
    if len(known) >= 50_000:
        known.clear()
    known[own] = got
    return got


#: a blot's surroundings in :func:`_features`' keys: the points up to ``_SPAN`` pips behind it
#: (the farthest an attacker can stand), bit ``_SPAN - e`` for the point ``e`` pips behind
_SPAN: Final = OFF - 1


def _reach() -> tuple[int, int]:
    """(the distances from which a checker can hit a blot with one roll, the distances from a
    blot where a band can stop such a shot), as bits in the keys' order (``_SPAN - e``): what
    :func:`shot_mask` reads. A band is read for a distance when adding it to no band, or taking
    it from all of them, changes the rolls that hit (a roll is stopped by one band of a pasch's
    path or by both of an unequal roll's two)."""
    hits = stops = 0
    for e in range(1, _SPAN + 1):
        if shot_mask(e, 0):
            hits |= 1 << (_SPAN - e)
        full = _LOW[e]
        for j in range(1, e):
            if shot_mask(e, 1 << j) != shot_mask(e, 0) or shot_mask(e, full) != shot_mask(
                e, full ^ 1 << j
            ):
                stops |= 1 << (_SPAN - (e - j))
    return hits, stops


_HITS, _STOPS = _reach()
#: the shots at a blot (:func:`_blot_shots`) by its surroundings: the attacker's points it can
#: be hit from and the bands that can stop a shot (bits ``_SPAN - e``, :func:`_reach`), packed
#: in one int (:func:`_features`): the same shots wherever on the board
_BLOT_SHOTS: dict[int, int] = {}


def _blot_shots(attackers: int, bands: int) -> int:
    """The rolls out of 36 that hit a blot from the attacker's points ``attackers`` without
    touching down on a band (``bands``; both as bits ``_SPAN - e`` for ``e`` pips behind the
    blot): the union of each attacker's :func:`shot_mask`."""
    mask = 0
    table = _SHOT_MASK
    while attackers:
        k = (attackers & -attackers).bit_length() - 1
        attackers &= attackers - 1
        d = _SPAN - k  # (a band j pips in front of this attacker: bit k + j)
        m = table.get(((bands >> k) & _LOW[d]) << 5 | d)  # (shot_mask's key)
        mask |= shot_mask(d, bands >> k) if m is None else m
    return shots_of_mask(mask) if mask else 0


def _rows(ahead: int) -> tuple[int, int]:
    """How many bands a mask holds and its longest row of them."""
    got = _ROWS.get(ahead)
    if got is None:
        blocks = run = best = 0
        mask = ahead
        while mask:
            if mask & 1:
                blocks += 1
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
            mask >>= 1
        got = _ROWS[ahead] = (blocks, best)
    return got


def features(
    rs: RuleSet, pos: Position, side: Color, weights: Weights | None = None
) -> SideFeatures:
    """The features of ``side`` (its blots are exposed to the opponent's checkers);
    ``weights``: the table to use instead of the family's (``family_of(rs).play.weights``)."""
    layout = rs.layout
    own = pos.side(side)
    return _features(
        own,
        _alone(own, layout),
        _alone(pos.side(side.other), layout),
        CROSS[layout],
        # (the registry read inline, not through family_of: this runs twice per evaluation)
        (weights or FAMILIES[rs.family].play.weights).reentry,
        rs.enter_own,
    )


def _features(
    own: tuple[int, ...],
    mine: _Alone,
    his: _Alone,
    x: tuple[int, ...],
    reentry: float,
    enter_own: bool,
) -> SideFeatures:
    """:func:`features` of the side whose counts are ``own``, from what it and the other side
    hold alone (:func:`_alone`, ``mine`` and ``his``), the layout's cross table ``x``, the
    re-entry cost and the rule set's ``enter_own`` (:func:`heuristic` finds each side's
    ``_alone`` once for both sides' features)."""
    pips, blocked, singles, points, _, _ = mine
    _, _, _, behind, rear, cover = his
    blots: list[tuple[int, int]] = []
    cost = 0.0
    known = _BLOT_SHOTS
    for p in singles:
        shift = _SPAN - x[p]  # (his points and my bands seen from the blot, :data:`_SPAN`)
        attackers = (behind << shift) & _HITS
        if attackers:
            bands = (blocked << shift) & _STOPS
            key = attackers << _SPAN | bands
            s = known.get(key)
            if s is None:
                s = _blot_shots(attackers, bands)
                if len(known) >= 200_000:
                    known.clear()
                known[key] = s
            if s:
                blots.append((p, s))
                cost += s / 36.0 * (p + reentry)
    # bands on his path ahead of his rearmost checker, and the longest row of them
    ahead = blocked >> (rear + 1)
    row = _ROWS.get(ahead)
    blocks, best = _rows(ahead) if row is None else row
    # own entry points he holds with a band (or, where a side may not enter on its own
    # checkers, that it holds itself)
    closed = cover if enter_own else cover | (points & _FIRST)
    entry_blocked = closed.bit_count()
    return _new(
        SideFeatures, (pips, own[0], own[OFF], tuple(blots), cost, blocks, best, entry_blocked)
    )


# --------------------------------------------------------------------------- family features

#: a side is asked about a pattern (the family's ``play.lookahead``, Puff's tower) when at
#: least this many of its checkers stand on one point; fewer leave too many checkers to bring
#: in with one roll, bar a pasch
PATTERN_NEAR: Final = 11


def _lookahead(rs: RuleSet, play: PlayData, pos: Position, side: Color) -> tuple[float, float]:
    """(chance, points): ``side`` completing the family's look-ahead pattern (Puff: a tower)
    with its next roll, when the rule set has such wins (``shape_wins``: tower-goose) and the
    side has at least ``PATTERN_NEAR`` checkers on one point. (Not the goose march: fifteen
    single checkers in a row hardly ever occur in play, and with a later pasch's eight moves
    among fifteen single checkers its exact search can take seconds.)"""
    ahead = play.lookahead
    if (
        ahead is None
        or not family_of(rs).shape_wins(rs)
        or max(pos.side(side)[1:OFF]) < PATTERN_NEAR
    ):
        return 0.0, 0.0
    kind, points = ahead
    return float(pattern_chance(rs, pos, side, kind)), points


class _Context(NamedTuple):
    """What :func:`heuristic` reads of a rule set, found once (:func:`_context`)."""

    rs: RuleSet
    x: tuple[int, ...]  # the layout's cross table
    alone: dict[tuple[int, ...], _Alone]  # the layout's :func:`_alone` values
    reentry: float
    enter_own: bool
    play: PlayData
    #: the family looks ahead for a pattern and the rule set has such wins (:func:`_lookahead`)
    looks: bool


#: each rule set's :class:`_Context`, by the rule set's identity (the entry holds the rule
#: set, so no other object takes its id while it is kept)
_CONTEXTS: dict[int, _Context] = {}


def _context(rs: RuleSet) -> _Context:
    """The :class:`_Context` of ``rs`` (kept: the hot path reads it by ``id(rs)``)."""
    c = _CONTEXTS.get(id(rs))
    if c is None:
        if len(_CONTEXTS) >= 1_000:
            _CONTEXTS.clear()
        fam = family_of(rs)
        play = fam.play
        c = _CONTEXTS[id(rs)] = _Context(
            rs,
            CROSS[rs.layout],
            _ALONE[rs.layout],
            play.weights.reentry,
            rs.enter_own,
            play,
            play.lookahead is not None and fam.shape_wins(rs),
        )
    return c


def heuristic(rs: RuleSet, pos: Position, side: Color) -> Estimate:
    """The hand-written :data:`~puffteach.players.base.Evaluator`."""
    c = _CONTEXTS.get(id(rs))
    if c is None:
        c = _context(rs)
    mine, theirs = (pos.b, pos.w) if side else (pos.w, pos.b)
    known = c.alone
    a = known.get(mine)
    if a is None:
        a = _alone(mine, rs.layout)
    b = known.get(theirs)
    if b is None:
        b = _alone(theirs, rs.layout)
    x, reentry, own_entry = c.x, c.reentry, c.enter_own
    return _judged(
        rs,
        c,
        pos,
        side,
        _features(mine, a, b, x, reentry, own_entry),
        _features(theirs, b, a, x, reentry, own_entry),
        c.play.weights,
    )


def weighted(table: Mapping[str, Weights]) -> Evaluator:
    """The hand-written evaluation with another weights table (by family name, as
    ``rules.family`` gives it; a family not in it keeps its own weights)."""

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
    c = _context(rs)
    return _judged(rs, c, pos, side, me, him, weights or c.play.weights)


def _judged(
    rs: RuleSet,
    c: _Context,
    pos: Position,
    side: Color,
    me: SideFeatures,
    him: SideFeatures,
    w: Weights,
) -> Estimate:
    """:func:`judged` with the rule set's :class:`_Context` and the weights found."""
    play = c.play
    term = play.term
    my_extra, my_value = term(rs, pos, side, me, him)
    his_extra, his_value = term(rs, pos, OTHER[side], him, me)
    # (the features and weights unpacked: read once each, in the order of the sum below)
    my_pips, my_waiting, _, _, my_cost, my_blocks, my_prime, my_closed = me
    his_pips, his_waiting, _, _, his_cost, his_blocks, his_prime, his_closed = him
    tempo, _, blocks, prime, entry, width, _ = w
    score = (
        his_pips
        - my_pips
        + (tempo if pos.turn == side else -tempo)
        - my_cost
        + his_cost
        + blocks * (my_blocks - his_blocks)
        + prime * (my_prime - his_prime)
        - my_waiting * my_closed * entry
        + his_waiting * his_closed * entry
        + my_extra
        - his_extra
    )
    scale = 6.0 + width * (my_pips + his_pips) / 2.0
    z = score / scale
    z = z if z < 30.0 else 30.0  # max(-30.0, min(30.0, z)), without the calls
    z = z if z > -30.0 else -30.0
    win = 1.0 / (1.0 + math.exp(-z))
    equity = win * my_value - (1.0 - win) * his_value
    if c.looks:
        roller = COLORS[pos.turn]  # (a hand-built position or side may hold a plain 0 or 1)
        first, first_pts = _lookahead(rs, play, pos, roller)
        then, then_pts = _lookahead(rs, play, pos, roller.other)
        if first or then:  # the roller's pattern comes first; the other's on the next roll
            mine = 1.0 if roller == side else -1.0
            equity = first * mine * first_pts + (1.0 - first) * (
                -then * mine * then_pts + (1.0 - then) * equity
            )
            won = 1.0 if roller == side else 0.0
            win = first * won + (1.0 - first) * (then * (1.0 - won) + (1.0 - then) * win)
    return _new(Estimate, (equity, win))
