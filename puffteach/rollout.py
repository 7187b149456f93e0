"""Fast random play: whole rolls and games for simulations, benchmarks and computer players.

The roll is played by the engine's one roll machine (:mod:`puffteach.movegen`: ``plans``,
``begin``, ``random_play``, ``finish``); what this module leaves out is the
bookkeeping of :class:`~puffteach.Game` (undo snapshots, records, explanations). Steps are
sampled as :meth:`Game.play_random_roll` samples them: uniformly over the legal single steps
at each moment.

>>> import random
>>> from puffteach import rules
>>> pos, outcome, rolls = random_game(rules("kontrar-puff"), random.Random(7))
>>> outcome is not None and outcome.points >= 1
True
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from .errors import LocalizedError
from .families import FAMILIES, family_of
from .movegen import finish, plans, random_roll_turn
from .outcome import Outcome
from .position import Position
from .rules import RuleSet
from .steps import Step, Turn


class Roll(NamedTuple):
    """One roll played: the position after it (side to roll next), its outcome, whether the
    same side rolls again, the dice, the pasch named for a generalpasch, steps and forfeits."""

    position: Position
    outcome: Outcome | None
    again: bool
    dice: tuple[int, ...]
    named: int | None
    moves: tuple[Step, ...]
    forfeited: tuple[int, ...]


MAX_ROLLS: Final = 5000
_new = tuple.__new__


def _die(rng: random.Random) -> int:
    return int(rng.random() * 6) + 1


def one_die_required(rs: RuleSet, pos: Position) -> bool:
    """Bräde RV 15: the side to move is bound to a one-die series."""
    return family_of(rs).one_die_required(rs, pos)


def random_roll(rs: RuleSet, pos: Position, rng: random.Random) -> Roll:
    """Roll for the side to move and play uniformly random legal steps to the end of the roll."""
    t = _random_turn(rs, pos, rng)
    final, outcome, again = finish(t)
    plan = t.plan
    return _new(Roll, (final, outcome, again, plan.dice, plan.named, t.moves, t.forfeited))


def _random_turn(rs: RuleSet, pos: Position, rng: random.Random) -> Turn:
    """A roll of random dice for the side to move, played to its end by random legal steps."""
    fam = FAMILIES[rs.family]
    r = rng.random  # _die, inline
    if fam.one_die_rolls and fam.one_die_required(rs, pos):
        dice: tuple[int, ...] = (int(r() * 6) + 1,)
    else:
        dice = (int(r() * 6) + 1, int(r() * 6) + 1)
    options = plans(rs, pos, dice)
    plan = options[0]
    if len(options) > 1:  # the generalpasch: name one of the six pasches or play the dice
        choice = int(rng.random() * 7)
        if choice:
            plan = options[choice]
    return random_roll_turn(rs, pos, plan, rng)


def opening(rs: RuleSet, rng: random.Random) -> Position:
    """The start position after a random deciding opening roll (P-start / B-tek), with the
    generalpasch set when the rule set plays with it."""
    while True:
        w, b = _die(rng), _die(rng)
        if w != b:
            return Position.start(rs).after_opening(rs, w, b)


def random_game(
    rs: RuleSet, rng: random.Random, pos: Position | None = None
) -> tuple[Position, Outcome, int]:
    """Play a whole game of random legal steps; return the final position, the outcome and
    the number of rolls. (RV 11-13's extra rolls after the game are left to Game.)"""
    pos = opening(rs, rng) if pos is None else pos
    for n in range(1, MAX_ROLLS + 1):
        pos, outcome, _ = finish(_random_turn(rs, pos, rng))
        if outcome is not None:
            return pos, outcome, n
    raise LocalizedError("error.rollout.endless", n=MAX_ROLLS, rules=rs.name)
