"""Exact odds for every rule set, in :class:`fractions.Fraction`.

- :func:`chance_outcomes`: the rolls the side to move may get, with their probabilities, as
  the rule set plays them — 21 two-dice rolls (a pasch 1/36, another roll 2/36), or the six
  faces of a one-die roll (bräde RV 15) — and whether the roll may earn another roll (Puff's
  pasches). Every search of :mod:`puffteach.players` goes through this one function (as
  OpenSpiel's games list their chance outcomes).
- :func:`pips`: a side's pip count (checkers waiting to enter count the whole path).
- :func:`hit_rolls` / :func:`hit_chance`: the rolls that hit a given blot, direct or indirect.
  Legality is the engine's own: each roll is played through the roll machine
  (:func:`puffteach.movegen.begin` / ``push`` / ``turn_steps``), so blocked points, LT's
  lower-die-first order, entering first, the pasches' fixed order and bräde's noband rule are
  honoured without being restated here. The search (depth first, each state once) stops at
  the first hit and skips every state in which no attacker checker can still come down on the
  blot with the dice left (in their order, or any order in free regimes) touching down on no
  band of the defender (Puff's bands hold; bräde's may be burst); when the family says no blot
  can be hit this roll (``Family.blots_protected``: long-puff-entry (d)) it is not run at all.
  So an opponent's later pasch (eight moves, up to ~10⁵ plays) costs little unless a hit is
  nearly possible.
- :func:`enter_chance`, :func:`jan_chance` (bräde: the chance to be made jan by the next
  roll), :func:`pasch_series`.
- :func:`shots`: a fast count of the rolls that reach a distance (the classic direct/indirect
  shot table, honouring blocked touch-down points but not the order rules); the hand-written
  evaluation uses it where the exact :func:`hit_rolls` would be too slow.

>>> from puffteach import rules
>>> from puffteach.position import Position
>>> rs = rules("kontrar-puff")
>>> sum(o.probability for o in chance_outcomes(rs, Position.start(rs)))
Fraction(1, 1)
>>> shots(6, frozenset())  # any 6, 5-1, 4-2, 3-3, 2-2: 11 + 2 + 2 + 1 + 1
17
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import Final, NamedTuple

from .board import CROSS, OFF
from .color import Color
from .errors import GameOverError, LocalizedError
from .families import family_of
from .movegen import begin, finish, plans, push, turn_steps
from .outcome import Outcome
from .position import CHECKERS, Position
from .rules import RuleSet
from .steps import Step, Turn

__all__ = [
    "ChanceOutcome",
    "OddsError",
    "PATTERN_KINDS",
    "chance_outcomes",
    "enter_chance",
    "exists_play",
    "hit_chance",
    "hit_rolls",
    "hit_table",
    "jan_chance",
    "pasch_series",
    "pattern_chance",
    "pips",
    "rolls_where",
    "shots",
]


class OddsError(LocalizedError):
    """A question the odds cannot answer (no blot on that point, ...)."""


class ChanceOutcome(NamedTuple):
    """One roll: the dice (lower first; one value for a one-die roll), its probability and
    whether it may earn the same side another roll (a Puff pasch under the rule set's rules)."""

    dice: tuple[int, ...]
    probability: Fraction
    again: bool


#: the 21 two-dice rolls with their number of ways out of 36
TWO_DICE: Final[tuple[tuple[tuple[int, int], int], ...]] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)
)
ONE_DIE: Final[tuple[tuple[tuple[int], int], ...]] = tuple(((d,), 1) for d in range(1, 7))


def chance_outcomes(
    rs: RuleSet, pos: Position, one_die: bool | None = None
) -> tuple[ChanceOutcome, ...]:
    """The rolls of the side to move with their probabilities (summing to 1).

    ``one_die``: None for the roll the rules give (one die when bound to a one-die series,
    bräde RV 15), True/False to ask for a one-die or a two-dice roll explicitly."""
    fam = family_of(rs)
    if one_die is None:
        one_die = fam.one_die_required(rs, pos)
    me = pos.turn
    key = (rs, one_die, me, pos.wpasch, pos.bpasch, pos.streak, pos.general, pos.flags)
    cached = _OUTCOMES.get(key)
    if cached is None:
        table = ONE_DIE if one_die else TWO_DICE
        total = 6 if one_die else 36
        cached = tuple(
            ChanceOutcome(dice, Fraction(ways, total), any(p.reroll for p in plans(rs, pos, dice)))
            for dice, ways in table
        )
        if len(_OUTCOMES) > 4096:
            _OUTCOMES.clear()
        _OUTCOMES[key] = cached
    return cached


_OUTCOMES: dict[object, tuple[ChanceOutcome, ...]] = {}


def pips(pos: Position, side: Color) -> int:
    """Pips ``side`` still has to move to bear every checker off: 25 − p for a checker on path
    point p, 25 for one waiting to enter (point 0)."""
    own = pos.side(side)
    return sum((OFF - p) * n for p, n in enumerate(own[:OFF]) if n)


def pasch_series(n: int) -> Fraction:
    """The chance that the next ``n`` rolls are all pasches (a Puff series of re-rolls):
    (1/6)ⁿ."""
    if n < 0:
        raise OddsError("error.odds.series", n=n)
    return Fraction(1, 6) ** n


# --------------------------------------------------------------------------- plays that exist

StepTest = Callable[[Turn, Step], bool]
EndTest = Callable[[Position, Outcome | None], bool]


def exists_play(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, ...],
    step_test: StepTest | None = None,
    end_test: EndTest | None = None,
    prune: Callable[[Turn], bool] | None = None,
) -> bool:
    """Is there a legal play of ``dice`` (any plan) with a step passing ``step_test`` (asked
    before the step is pushed) or ending where ``end_test`` holds (the position after
    :func:`~puffteach.movegen.finish` and the outcome)? ``prune(turn)`` may say that nothing
    below a turn can pass (the search skips it). Depth first over the roll machine's legal
    steps, each intermediate state visited once."""
    for plan in plans(rs, pos, dice):
        seen: set[object] = set()
        if _exists(begin(rs, pos, plan), step_test, end_test, prune, seen):
            return True
    return False


def _exists(
    t: Turn,
    step_test: StepTest | None,
    end_test: EndTest | None,
    prune: Callable[[Turn], bool] | None,
    seen: set[object],
    floor: int = -1,
) -> bool:
    """``floor``: in a run of equal dice of an ordered roll, the source point of the run's last
    step. Within such a run the opponent's bands do not move (a hit only removes a blot), so
    any legal order of the run's steps sorted by source point is legal and ends alike (as in
    :mod:`puffteach.listing`): only steps from ``floor`` on are tried, each multiset of steps
    once (not under long-puff-entry, where entering depends on the order)."""
    if t.done:
        if end_test is None:
            return False
        final, outcome, _ = finish(t)
        return end_test(final, outcome)
    key = (t.pos, t.remaining, t.cont, floor, t.moves if t.target is not None else None)
    if key in seen:
        return False
    seen.add(key)
    if prune is not None and prune(t):
        return False
    steps = turn_steps(t)
    if step_test is not None:
        for st in steps:
            if step_test(t, st):
                return True
    ordered = t.target is None and not family_of(t.rules).follows_checker(t.rules)
    for st in steps:
        if ordered and st.frm < floor:
            continue
        t2 = push(t, st)
        nxt = -1
        if (
            ordered
            and t2.remaining
            and t2.remaining[0] == st.die
            and len(t2.remaining) < len(t.remaining)
        ):
            nxt = st.frm
        if _exists(t2, step_test, end_test, prune, seen, nxt):
            return True
    return False


def rolls_where(
    rs: RuleSet, pos: Position, test: Callable[[tuple[int, ...]], bool], one_die: bool = False
) -> int:
    """How many of the 36 two-dice rolls (or the 6 faces, ``one_die``) pass ``test``."""
    table = ONE_DIE if one_die else TWO_DICE
    return sum(ways for dice, ways in table if test(dice))


def _live(rs: RuleSet, pos: Position) -> None:
    """Refuse a question about the next roll in a position where the game is over
    (``Family.ended``), as :func:`~puffteach.movegen.plans` refuses to plan one."""
    over = family_of(rs).ended(rs, pos)
    if over is not None:
        raise GameOverError("error.position.over", outcome=over.message)


def _as_mover(pos: Position, side: Color) -> Position:
    """``pos`` with ``side`` to roll (a fresh turn: no pasch streak)."""
    if pos.turn == side and not pos.streak:
        return pos
    return pos._replace(turn=side, streak=0)


# --------------------------------------------------------------------------- tower and goose

#: the outcome kinds of the patterns that win at once (Puff's tower-goose option)
PATTERN_KINDS: Final = frozenset({"tower", "goose"})


def pattern_chance(rs: RuleSet, pos: Position, side: Color, kind: str | None = None) -> Fraction:
    """The chance that ``side``, rolling next from ``pos`` (a fresh turn), can complete a
    tower (all fifteen on one point) or a goose march (fifteen points in a row, one checker
    each) with that roll — or only the pattern ``kind`` — under the rule set's legal plays
    (tower-goose; 0 when the rule set has no such wins). A pasch counts its moves, not the
    roll it may earn. Each roll is searched through the roll machine (:func:`exists_play`);
    a state is dropped as soon as too few moves are left to bring every checker in (checkers
    never move back, and each checker that has to move needs a move of its own). A tower is
    quick to decide; a goose march with fifteen single checkers near a row and a later pasch
    (eight moves) can take seconds."""
    _live(rs, pos)
    if not family_of(rs).shape_wins(rs):
        return Fraction(0)
    kinds = PATTERN_KINDS if kind is None else frozenset({kind})
    tower, goose = "tower" in kinds, "goose" in kinds
    mover = _as_mover(pos, side)

    def won(final: Position, outcome: Outcome | None) -> bool:
        return outcome is not None and outcome.winner == side and outcome.kind in kinds

    def prune(t: Turn) -> bool:
        own = t.pos.side(side)
        left = len(t.remaining)
        if own[OFF]:  # a checker borne off: fewer than fifteen left for a pattern
            return True
        last = OFF - 1
        while not own[last]:
            last -= 1
        # checkers never move back, so a tower stands on the furthest point held, and each
        # checker not yet there needs a move of its own
        if tower and last and CHECKERS - own[last] <= left:
            return False
        # a goose march ends on or beyond that point; each checker behind its row, and each
        # beyond the first on a point of the row, needs a move of its own
        if goose:
            for end in range(max(last, CHECKERS), OFF):
                first = end - CHECKERS + 1
                moves = sum(own[:first]) + sum(n - 1 for n in own[first : end + 1] if n > 1)
                if moves <= left:
                    return False
        return True

    return sum(
        (
            o.probability
            for o in chance_outcomes(rs, mover)
            if exists_play(rs, mover, o.dice, end_test=won, prune=prune)
        ),
        start=Fraction(0),
    )


# --------------------------------------------------------------------------- hitting a blot


#: the attacker's path points a checker may stand on, as a bit mask (0 = waiting, 1-24)
_BOARD: Final = (1 << OFF) - 1


def _reach_mask(dice: tuple[int, ...], free: bool, targets: int, blocked: int) -> int:
    """The points (bit mask) from which one checker can come down on a point of ``targets``
    (bit mask) by moving some of ``dice``: in their order (an ordered roll) or in any order
    (``free``), each die at most once, touching down on no ``blocked`` point (the defender's
    bands: they cannot change during the attacker's roll, as a hit only takes a blot). A
    superset of what the rules allow (the order rules, entering first, forfeits and
    maximisation only take plays away), so a search may skip every state in which no
    attacker checker stands on one of these points."""
    key = (dice, free, targets, blocked)
    mask = _REACH.get(key)
    if mask is None:
        orders = set(permutations(dice)) if free and len(set(dice)) > 1 else (dice,)
        mask = 0
        free_points = _BOARD & ~blocked
        for seq in orders:
            m = targets
            for d in reversed(seq):
                m |= (m >> d) & free_points
            mask |= m
        if len(_REACH) > 65536:
            _REACH.clear()
        _REACH[key] = mask
    return mask


_REACH: dict[tuple[tuple[int, ...], bool, int, int], int] = {}


def _bands(rs: RuleSet, pos: Position, side: Color) -> int:
    """``side``'s bands (two or more checkers) as a bit mask of the opponent's path points,
    where they always hold (the family's ``bands_hold``); else none."""
    if not family_of(rs).bands_hold:
        return 0
    own = pos.side(side)
    x = CROSS[rs.layout]
    return sum(1 << x[p] for p in range(1, OFF) if own[p] >= 2)


def _occupied(own: tuple[int, ...]) -> int:
    """The points 0-24 holding ``own``'s checkers, as a bit mask."""
    return sum(1 << q for q in range(OFF) if own[q])


def _hit_search(
    rs: RuleSet, pos: Position, side: Color, point: int
) -> Callable[[tuple[int, ...]], bool]:
    """A test of dice: does some play of the attacker (``side.other``, to move) hit ``side``'s
    blot on its path point ``point``?"""
    own = pos.side(side)
    if not 1 <= point <= 24 or own[point] != 1:
        raise OddsError("error.odds.blot", point=point, side=side)
    attacker = side.other
    target = CROSS[rs.layout][point]  # the attacker's path point of that physical point
    mover = _as_mover(pos, attacker)
    blocked = _bands(rs, pos, side)

    def hits(t: Turn, st: Step) -> bool:
        return st.hit and st.to == target

    def prune(t: Turn) -> bool:
        """No attacker checker can reach the target with the dice left."""
        reach = _reach_mask(t.remaining, t.plan.free, 1 << target, blocked)
        return not reach & _occupied(t.pos.side(attacker))

    protected = family_of(rs).blots_protected(rs, mover)

    def test(dice: tuple[int, ...]) -> bool:
        return not protected and exists_play(rs, mover, dice, step_test=hits, prune=prune)

    return test


def hit_rolls(rs: RuleSet, pos: Position, side: Color, point: int) -> int:
    """How many of the 36 rolls of ``side``'s opponent can hit ``side``'s blot on its path
    point ``point`` (directly or by a combination), by the rule set's legal plays. The
    opponent is taken to be on roll with a fresh turn; a Puff pasch counts its moves (not the
    re-roll it may earn)."""
    _live(rs, pos)
    return rolls_where(rs, pos, _hit_search(rs, pos, side, point))


def hit_chance(rs: RuleSet, pos: Position, side: Color, point: int) -> Fraction:
    """The chance that the opponent's next roll (one die when he is bound to a one-die series)
    can hit ``side``'s blot on ``point``."""
    _live(rs, pos)
    test = _hit_search(rs, pos, side, point)
    mover = _as_mover(pos, side.other)
    return sum(
        (o.probability for o in chance_outcomes(rs, mover) if test(o.dice)), start=Fraction(0)
    )


def hit_table(rs: RuleSet, pos: Position, side: Color) -> dict[int, int]:
    """:func:`hit_rolls` for every blot of ``side`` at once: ``{path point: rolls out of 36}``
    (blots no roll can hit are left out). One search per roll collects every blot a play can
    hit, stopping when all are found and skipping states from which no blot still unfound is
    in reach, so a position with several blots costs about as much as one."""
    _live(rs, pos)
    own = pos.side(side)
    x = CROSS[rs.layout]
    blots = {x[p]: p for p in range(1, OFF) if own[p] == 1}  # attacker's point -> side's point
    attacker = side.other
    mover = _as_mover(pos, attacker)
    out: dict[int, int] = {}
    if not blots or family_of(rs).blots_protected(rs, mover):
        return out
    blocked = _bands(rs, pos, side)
    for dice, ways in TWO_DICE:
        found: set[int] = set()
        unfound = [sum(1 << q for q in blots)]  # the blots not hit yet, as a bit mask

        def hits(t: Turn, st: Step, found: set[int] = found, unfound: list[int] = unfound) -> bool:
            if st.hit and st.to in blots and st.to not in found:
                found.add(st.to)
                unfound[0] &= ~(1 << st.to)
            return not unfound[0]

        def prune(t: Turn, unfound: list[int] = unfound) -> bool:
            reach = _reach_mask(t.remaining, t.plan.free, unfound[0], blocked)
            return not reach & _occupied(t.pos.side(attacker))

        exists_play(rs, mover, dice, step_test=hits, prune=prune)
        for target in found:
            out[blots[target]] = out.get(blots[target], 0) + ways
    return dict(sorted(out.items()))


# --------------------------------------------------------------------------- entering, jan


def enter_chance(rs: RuleSet, pos: Position, side: Color, count: int | None = 1) -> Fraction:
    """The chance that ``side``'s next roll can enter at least ``count`` of its checkers
    waiting at point 0 (``None``: all of them)."""
    _live(rs, pos)
    waiting = pos.side(side)[0]
    if not waiting:
        raise OddsError("error.odds.none_waiting", side=side)
    need = waiting if count is None else min(count, waiting)
    mover = _as_mover(pos, side)

    def entered(t: Turn, st: Step) -> bool:
        return st.frm == 0 and waiting - t.pos.side(side)[0] + 1 >= need

    return sum(
        (
            o.probability
            for o in chance_outcomes(rs, mover)
            if exists_play(rs, mover, o.dice, step_test=entered)
        ),
        start=Fraction(0),
    )


def jan_chance(rs: RuleSet, pos: Position, side: Color) -> Fraction:
    """The chance that the opponent's next roll can make ``side`` jan (bräde B-jan; sprängjan
    included). Zero when ``side`` has no blot and none waiting (and in rule sets without jan)."""
    _live(rs, pos)
    own = pos.side(side)
    if not family_of(rs).has_jan or (not own[0] and 1 not in own[1:OFF]):
        return Fraction(0)
    attacker = side.other
    mover = _as_mover(pos, attacker)

    def jan(final: Position, outcome: Outcome | None) -> bool:
        return (
            outcome is not None
            and outcome.winner == attacker
            and outcome.kind in ("jan", "sprangjan")
        )

    def jan_now(t: Turn, st: Step) -> bool:  # a jan that wins at once (sprängjan, RV 24a)
        if not st.hit:
            return False
        out = push(t, st).outcome
        return out is not None and jan(t.pos, out)

    return sum(
        (
            o.probability
            for o in chance_outcomes(rs, mover)
            if exists_play(rs, mover, o.dice, step_test=jan_now, end_test=jan)
        ),
        start=Fraction(0),
    )


# --------------------------------------------------------------------------- the shot table


@lru_cache(maxsize=65536)
def shots(distance: int, blocked: frozenset[int]) -> int:
    """How many of the 36 rolls bring a checker exactly ``distance`` pips forward: one die,
    both dice (touching down after either die), or a pasch moved up to four times, with no
    touch-down on a ``blocked`` distance. The order rules (lower die first, entering first)
    and the pasches' bottom faces are not modelled: a fast estimate for the evaluation; the
    exact count by the rule set is :func:`hit_rolls`."""
    if distance in blocked or distance < 1:
        return 0
    n = 0
    for (a, b), ways in TWO_DICE:
        if a == b:
            if any(a * k == distance for k in range(1, 5)) and all(
                a * j not in blocked for j in range(1, distance // a)
            ):
                n += ways
        elif (
            a == distance
            or b == distance
            or (a + b == distance and (a not in blocked or b not in blocked))
        ):
            n += ways
    return n
