"""Fast random play: whole rolls and games for simulations, benchmarks and a future computer
opponent.

The rules are the engine's own (``plans``, ``raw_steps``, ``apply_step``, ``early_outcome``,
``finish`` and the step search of the free regimes); what this module leaves out is the
bookkeeping of :class:`~puffteach.Game` (undo snapshots, records, explanations). Steps are
sampled as :meth:`Game.play_random_roll` samples them: uniformly over the legal single steps
at each moment (in a free regime by drawing a raw step at random and keeping it if the roll
can still be completed as the maximisation rules demand, which is the same distribution).

>>> import random
>>> from puffteach import rules
>>> pos, outcome, rolls = random_game(rules("kontrar-puff"), random.Random(7))
>>> outcome is not None and outcome.points >= 1
True
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from .board import OFF
from .movegen import (
    Outcome,
    Plan,
    Step,
    Turn,
    _fast_target,
    _needs_enumeration,
    _reach,
    apply_step,
    begin,
    early_outcome,
    finish,
    plans,
    push,
    raw_steps,
    turn_steps,
)
from .position import CHECKERS, Position
from .rules import RuleSet


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


def _die(rng: random.Random) -> int:
    return int(rng.random() * 6) + 1


def one_die_required(rs: RuleSet, pos: Position) -> bool:
    """Bräde RV 15: the side to move is bound to a one-die series."""
    if rs.family != "brade" or rs.one_die == "none":
        return False
    c = "b" if pos.turn else "w"
    return pos.flag(f"{c}onedie") > 0 or (rs.one_die == "15b" and pos.flag(f"{c}series") >= 2)


def random_roll(rs: RuleSet, pos: Position, rng: random.Random) -> Roll:
    """Roll for the side to move and play uniformly random legal steps to the end of the roll.

    Returns a :class:`Roll`."""
    dice = (_die(rng),) if one_die_required(rs, pos) else (_die(rng), _die(rng))
    options = plans(rs, pos, dice)
    plan = options[0]
    if len(options) > 1:  # the generalpasch: name one of the six pasches or play the dice
        choice = int(rng.random() * 7)
        if choice:
            plan = options[choice]
    if not plan.free:
        return _ordered(rs, pos, plan, rng)
    t0 = Turn(rs, pos, plan, pos, plan.seq, plan.critical)
    if not _needs_enumeration(t0):
        return _free(t0, rng)
    t = begin(rs, pos, plan)
    while not t.done:  # listed plays (pips, RV 3, the six-out): the Turn's own steps
        t = push(t, rng.choice(turn_steps(t)))
    return _end(t)


def _end(t: Turn) -> Roll:
    final, outcome, again = finish(t)
    return Roll(final, outcome, again, t.plan.dice, t.plan.named, t.moves, t.forfeited)


def _ordered(rs: RuleSet, pos: Position, plan: Plan, rng: random.Random) -> Roll:
    """P-order and the pasches: each die in turn; a die with no step is forfeited, and a
    forfeited critical die forfeits the rest (the rules of ``movegen._settle``)."""
    start = pos
    me = pos.turn
    seq, critical = plan.seq, plan.critical
    moves: list[Step] = []
    lost: list[int] = []
    cont: int | None = None
    outcome: Outcome | None = None
    first = plan.first_roll
    for i, die in enumerate(seq):
        steps = raw_steps(rs, pos, die, cont, first)
        if not steps:
            if critical[i]:
                lost.extend(seq[i:])
                break
            lost.append(die)
            cont = None
            continue
        st = steps[int(rng.random() * len(steps))]
        before = pos
        pos = apply_step(rs, pos, st)
        moves.append(st)
        cont = st.to if st.to != OFF else None
        if (pos[1] if me else pos[0])[OFF] == CHECKERS:
            t0 = Turn(rs, start, plan, before, (), (), tuple(moves[:-1]), ())
            outcome = early_outcome(t0, before, pos, st)
            break
    t = Turn(rs, start, plan, pos, (), (), tuple(moves), tuple(lost), None, outcome)
    return _end(t)


def _free(t0: Turn, rng: random.Random) -> Roll:
    """A free-order roll (PI's unequal dice, bräde): draw raw steps at random and keep one
    from which the roll can still use as many dice as the rules demand (or that wins)."""
    rs, plan = t0.rules, t0.plan
    # First assume every die can be used (the usual case); only when no first step allows
    # that is the target searched for (it may then also bring the higher-die rule).
    best, hi, searched = len(t0.remaining), 0, False
    pos, remaining, cont = t0.pos, t0.remaining, t0.cont
    moves: tuple[Step, ...] = ()
    outcome: Outcome | None = None
    known: list[Step] | None = None  # the next die's steps, when already listed
    while remaining and len(moves) < best and outcome is None:
        need = best - len(moves) - 1
        candidates = (
            known
            if known is not None
            else [
                st
                for d in sorted(set(remaining))
                if not (hi and d != hi)
                for st in raw_steps(rs, pos, d, cont, plan.first_roll)
            ]
        )
        known = None
        while candidates:
            st = candidates.pop(int(rng.random() * len(candidates)))
            p2 = apply_step(rs, pos, st)
            i = remaining.index(st.die)
            rest = remaining[:i] + remaining[i + 1 :]
            c2 = st.to if st.to != OFF else None
            outcome = early_outcome(t0, pos, p2, st, moves)
            if outcome is None and need == 1 and len(rest) == 1:
                nxt = raw_steps(rs, p2, rest[0], c2, plan.first_roll)
                if not nxt:
                    continue
                known = nxt  # every step of the last die is legal once this one is
            elif outcome is None and not _reach(t0, p2, c2, rest, need, set(), (*moves, st)):
                continue
            pos, remaining, cont, moves = p2, rest, c2, (*moves, st)
            break
        else:
            if searched or moves:  # the target says a step exists: an engine bug
                raise AssertionError(f"no legal step found for {plan.dice} in {pos}")
            best, hi, _ = _fast_target(t0)
            searched = True
            continue
        hi = 0  # the higher-die rule only chooses the first die
    lost = () if outcome is not None else remaining
    t = Turn(rs, t0.start, plan, pos, (), (), moves, lost, cont, outcome)
    return _end(t)


def opening(rs: RuleSet, rng: random.Random) -> Position:
    """The start position after a random deciding opening roll (P-start / B-tek), with the
    generalpasch set when the rule set plays with it."""
    while True:
        w, b = _die(rng), _die(rng)
        if w != b:
            break
    pos = Position.start(rs)
    turn = (0 if w > b else 1) if rs.opening == "higher" else (0 if w < b else 1)
    pos = pos._replace(turn=turn)
    if rs.generalpasch:
        pos = pos._replace(general=(min(w, b), max(w, b)))
    return pos


def random_game(
    rs: RuleSet, rng: random.Random, pos: Position | None = None
) -> tuple[Position, Outcome, int]:
    """Play a whole game of random legal steps; return the final position, the outcome and
    the number of rolls. (RV 11-13's extra rolls after the game are left to Game.)"""
    pos = opening(rs, rng) if pos is None else pos
    for n in range(1, MAX_ROLLS + 1):
        roll = random_roll(rs, pos, rng)
        pos = roll.position
        if roll.outcome is not None:
            return pos, roll.outcome, n
    raise RuntimeError(f"no end after {MAX_ROLLS} rolls under {rs.name}")
