"""The kernel's small data types: a single step, the plan of a roll, a refusal, a roll in
progress. Shared by the roll machine (:mod:`puffteach.movegen`) and the family modules
(:mod:`puffteach.families`), which import nothing else of each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .board import CROSS, OFF
from .color import OTHER
from .messages import Message

if TYPE_CHECKING:
    from .outcome import Outcome
    from .position import Position
    from .rules import RuleSet


class Step(NamedTuple):
    """One checker moved by one die, in the mover's path numbers (``frm`` 0 = entering, ``to``
    25 = borne off); ``hit`` when it hits a blot or bursts a band."""

    die: int
    frm: int
    to: int
    hit: bool = False
    #: checkers moved together: 6 for bräde RV 2a's six-out on the first 6-6, else 1
    many: int = 1

    def __str__(self) -> str:
        to = "off" if self.to == OFF else str(self.to)
        many = f"x{self.many}" if self.many > 1 else ""
        return f"{self.frm}/{to}{many}{'*' if self.hit else ''}"


class Refusal(NamedTuple):
    """Why a step is not allowed: the rule id and what to say (a catalogue key and its
    parameters; :attr:`message` makes the :class:`~puffteach.messages.Message`)."""

    rule: str
    key: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, rule: str, key: str, **params: object) -> Refusal:
        return tuple.__new__(cls, (rule, key, tuple(params.items())))

    @property
    def message(self) -> Message:
        return Message(self.key, tuple(sorted(self.params)))


@dataclass(frozen=True)
class Plan:
    """How a roll is to be moved: the dice in the order due and which forfeits end the roll."""

    dice: tuple[int, ...]  # as rolled (two values; one for a one-die roll)
    seq: tuple[int, ...]  # the moves due, in order (ordered) or as a multiset (free)
    critical: tuple[bool, ...]  # ordered: a forfeit here forfeits everything after it
    free: bool  # free order with maximisation
    pasch: bool  # counts as a pasch (first/later) for the pasch count and re-roll
    named: int | None = None  # generalpasch: the pasch the player named
    reroll: bool = False  # the same player rolls again after this roll (see complete)
    first_roll: bool = False  # long-puff-entry: the player's first roll
    complete: bool = False  # the re-roll only if every move was made (GP; LT variant)


@dataclass(slots=True)
class Turn:
    """A roll in progress: position (mover = ``pos.turn``), what is still due, what was done.

    Treated as immutable: every step makes a new Turn (``movegen.push``)."""

    rules: RuleSet
    start: Position
    plan: Plan
    pos: Position
    remaining: tuple[int, ...]
    critical: tuple[bool, ...]
    moves: tuple[Step, ...] = ()
    forfeited: tuple[int, ...] = ()
    cont: int | None = None  # long-puff-entry: where the checker moved by the last die stands
    outcome: Outcome | None = None
    #: free regimes: what a legal whole play achieves (dice used, higher die, pips), from begin
    target: tuple[int, int, int] | None = None
    #: the machine's caches: the legal steps now, and (listing regimes) the completions
    steps: list[Step] | None = field(default=None, compare=False, repr=False)
    completions: list[Any] | None = field(default=None, compare=False, repr=False)
    #: free regimes: the raw steps of every die still due (before the higher-die rule)
    raw: list[Step] | None = field(default=None, compare=False, repr=False)

    @property
    def done(self) -> bool:
        return not self.remaining or self.outcome is not None


_new = tuple.__new__

#: Every step of one checker, made once (steps are values: one object serves every position,
#: so generation picks them instead of building them): ``LANDING[die][frm][hit]`` is
#: ``Step(die, frm, frm + die, hit)`` for ``frm + die`` on the board, ``BEARING_OFF[die][frm]``
#: is ``Step(die, frm, OFF)``.
LANDING: Final = tuple(
    tuple((Step(d, f, f + d, False), Step(d, f, f + d, True)) for f in range(OFF - d))
    for d in range(7)
)
BEARING_OFF: Final = tuple(tuple(Step(d, f, OFF) for f in range(OFF)) for d in range(7))


def apply_step(rs: RuleSet, pos: Position, step: Step) -> Position:
    """The position after ``step`` (same side to move): the checker(s) moved and, for a hit,
    the opponent's checkers on that point sent back to wait (his path point 0)."""
    me = pos.turn
    own = list(pos.b if me else pos.w)
    own[step.frm] -= step.many
    own[step.to] += step.many
    if step.hit:
        opp = list(pos.w if me else pos.b)
        x = CROSS[rs.layout][step.to]
        if not opp[0] and "wentered" in rs.keys:  # long-puff-entry (d): he had all fifteen
            pos = pos.with_side_flag(OTHER[me], "entered", 1)  # entered, and stays unprotected
        opp[0] += opp[x]
        opp[x] = 0
        if me:
            return _new(type(pos), (tuple(opp), tuple(own), *pos[2:]))
        return _new(type(pos), (tuple(own), tuple(opp), *pos[2:]))
    if me:
        return _new(type(pos), (pos.w, tuple(own), *pos[2:]))
    return _new(type(pos), (tuple(own), *pos[1:]))


def apply_steps(rs: RuleSet, pos: Position, steps: tuple[Step, ...]) -> Position:
    """The position after ``steps`` played one after the other (same side to move): what
    :func:`apply_step` after each gives, with one position made at the end."""
    me = pos.turn
    own = list(pos.b if me else pos.w)
    opp: list[int] | None = None
    for step in steps:
        own[step.frm] -= step.many
        own[step.to] += step.many
        if step.hit:
            if opp is None:
                opp = list(pos.w if me else pos.b)
            x = CROSS[rs.layout][step.to]
            if not opp[0] and "wentered" in rs.keys:  # long-puff-entry (d), as apply_step
                pos = pos.with_side_flag(OTHER[me], "entered", 1)
            opp[0] += opp[x]
            opp[x] = 0
    theirs = (pos.w if me else pos.b) if opp is None else tuple(opp)
    if me:
        return _new(type(pos), (theirs, tuple(own), *pos[2:]))
    return _new(type(pos), (tuple(own), theirs, *pos[2:]))
