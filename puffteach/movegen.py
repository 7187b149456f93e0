"""The roll machine: the flow of one roll for every family, on top of :mod:`puffteach.families`.

A *step* moves one checker by one die: ``Step(die, frm, to, hit)`` in the mover's path numbers
(``frm`` 0 = entering, ``to`` 25 = borne off). A roll is played as a :class:`Turn`: the dice
still due, in order (ordered regimes: LT, GP, Puff pasches) or as a set to be used as fully as
possible (free regimes: PI's unequal dice, bräde). This one machine serves ``Game`` (step by
step, with undo), ``legal_moves``, whole-play listing and fast random play
(:func:`random_step`); what differs between Puff and bräde is asked of the rule set's family:
single steps (its check chain), plans, wins, scoring and state keys.

Every roll is planned by :func:`plans` (the one validating entry) and walked by the same
moves: settle (forfeit what cannot be moved), choose a step, advance, :func:`finish`. One
walker per regime does all three, on plain values: :func:`_walk_ordered` (P-order, the
pasches) and :func:`_walk_free` (PI-order's unequal dice, bräde), each with the *step*
strategy (:func:`begin`, :func:`push`: the caller chooses, the walker hands back a settled
Turn) and the *sample* strategy (:func:`random_play`, :func:`random_roll_turn`,
:func:`random_step`: steps drawn at random); ``_random_pair`` is the free walker's first
draw for a fresh roll of two unequal dice. The *enumerate* strategy is
:mod:`puffteach.listing` (int keys for ordered rolls, stepping for free ones). CONTRIBUTING
("The roll walker") has the why and the figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .board import OFF
from .color import OTHER
from .errors import DiceError, GameOverError
from .families import FAMILIES as _FAMILY
from .families import Family, family_of
from .outcome import Outcome as Outcome
from .position import CHECKERS, Position
from .rules import RuleSet
from .steps import Plan as Plan
from .steps import Refusal as Refusal
from .steps import Step as Step
from .steps import Turn as Turn
from .steps import apply_step as apply_step
from .steps import apply_steps

_new = tuple.__new__

__all__ = [
    "Outcome",
    "Plan",
    "Play",
    "Refusal",
    "Step",
    "Turn",
    "advance",
    "apply_step",
    "begin",
    "begin_roll",
    "early_outcome",
    "finish",
    "forfeit_span",
    "plans",
    "push",
    "random_play",
    "random_roll_turn",
    "random_step",
    "raw_steps",
    "step_end",
    "turn_steps",
]


def raw_steps(rs: RuleSet, pos: Position, die: int, cont: int | None, first: bool) -> list[Step]:
    """Every single step with ``die`` for the side to move (no look-ahead): the family's."""
    return family_of(rs).steps(rs, pos, die, cont, first)


# --------------------------------------------------------------------------- planning a roll


def plans(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
    """The ways a roll may be moved: one plan, or more for a generalpasch.

    The one entry that plans a roll: it refuses a position where the game is already over
    (``Family.ended``: ``GameOverError``) and checks the dice (each a face 1-6, as many as
    the rule set and the position allow, ``DiceError`` otherwise) before asking the family,
    so no caller may skip the check (``tests/test_kernel.py`` fails on a ``.plans(`` call
    outside ``movegen`` and ``families/``)."""
    if (
        len(dice) != 2
        or type(a := dice[0]) is not int
        or type(b := dice[1]) is not int
        or not (0 < a < 7 and 0 < b < 7)
    ):  # (the common case, two plain int faces, at once; the rest die by die)
        for d in dice:
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                raise DiceError("error.die", got=repr(d))
    fam = _FAMILY[rs.family]
    over = fam.ended(rs, pos)
    if over is not None:
        raise GameOverError("error.position.over", outcome=over.message)
    fam.check_dice(rs, pos, dice)
    return fam.plans(rs, pos, dice)


def begin_roll(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Turn]:
    """Every plan of the roll ``dice`` begun (:func:`plans`, checked, then :func:`begin`)."""
    return [begin(rs, pos, plan) for plan in plans(rs, pos, dice)]


def begin(rs: RuleSet, pos: Position, plan: Plan) -> Turn:
    """Start moving a roll: the turn with any forfeits that are already certain."""
    t = Turn(rs, pos, plan, pos, plan.seq, plan.critical)
    if not plan.free:
        return _walk_ordered(t, None, None, True)  # settled in place
    if family_of(rs).needs_listing(t):
        done = _complete(t)
        t.target = _target(t, done)
        t.completions = done
    else:
        t.target = _UNSEARCHED  # found when first needed (most rolls use every die)
    return _walk_free(t, None, None, True)  # settled in place


#: the target of a free roll decided by search, before the search: (best, higher die, -1)
_UNSEARCHED = (-1, 0, -1)


def _reach(
    t: Turn,
    fam: Family[Any],
    pos: Position,
    cont: int | None,
    rem: tuple[int, ...],
    need: int,
    seen: set[tuple[Position, tuple[int, ...]]],
    prior: tuple[Step, ...] = (),
    wins: bool = True,
) -> bool:
    """Can ``need`` more dice of ``rem`` be moved from ``pos`` (or the game be won on the way)?

    ``wins=False``: the ordinary dice rules, where only a win that leaves nothing to move ends
    the roll (see :func:`_ends_roll`); the search goes on past any other win."""
    if need <= 0:
        return True
    if need == 1:  # any step of any die left will do
        return any(_raw(t, fam, pos, d, cont) for d in set(rem))
    key = (pos, rem)
    if key in seen:
        return False
    rs = t.rules
    for d in sorted(set(rem), reverse=True):
        i = rem.index(d)
        rest = rem[:i] + rem[i + 1 :]
        for st in _raw(t, fam, pos, d, cont):
            p2 = apply_step(rs, pos, st)
            if fam.early_outcome(t, pos, p2, st, prior) is not None and (wins or _ends_roll(p2)):
                return True
            c2 = st.to if st.to != OFF else None
            if _reach(t, fam, p2, c2, rest, need - 1, seen, (*prior, st), wins):
                return True
    seen.add(key)
    return False


def _raw(t: Turn, fam: Family[Any], pos: Position, die: int, cont: int | None) -> list[Step]:
    """The family's raw steps of ``die`` from ``pos`` in the roll ``t``."""
    return fam.steps(t.rules, pos, die, cont, t.plan.first_roll)


def _fast_target(t: Turn, most: int | None = None) -> tuple[int, int, int]:
    """(dice that can be used, the higher die when only one can, -1): found by search.
    ``most``: no more dice than that can be used, as the caller has found (the search starts
    there)."""
    fam = family_of(t.rules)
    n = len(t.remaining) if most is None else most
    best = 0
    for k in range(n, 0, -1):  # the ordinary dice rules: a win in the roll is only permitted
        if _reach(t, fam, t.pos, t.cont, t.remaining, k, set(), t.moves, wins=False):
            best = k
            break
    hi = 0
    if t.rules.higher_die and best == 1 and len(set(t.plan.seq)) == 2:
        top = max(t.plan.seq)
        if _raw(t, fam, t.pos, top, t.cont):
            hi = top
    return (best, hi, -1)  # pips -1: steps are decided by search, not by listing plays


def _candidates(t: Turn, fam: Family[Any]) -> list[Step]:
    """The raw steps of every die still due (free regimes; the higher die when it is forced).
    A new list each call (callers may consume it)."""
    hi = t.target[1] if t.target is not None else 0
    raw = t.raw
    if raw is None:
        raw = t.raw = [
            st for d in sorted(set(t.remaining)) for st in _raw(t, fam, t.pos, d, t.cont)
        ]
    if hi:  # ... and a step of the other die that wins at once (RV 24a, 14b: permitted)
        return [st for st in raw if st.die == hi or _wins_now(t, fam, st)]
    return list(raw)


def _wins_now(t: Turn, fam: Family[Any], st: Step) -> bool:
    p2 = apply_step(t.rules, t.pos, st)
    return fam.early_outcome(t, t.pos, p2, st, t.moves) is not None


def _ends_roll(pos: Position) -> bool:
    """Has the mover borne off every checker (nothing is left to move)? Such a win ends the
    roll by itself. Every other win during a roll (bräde sprängjan, RV 24a's jan, RV 14b's
    patterns, kejsarspel) is permitted, not compulsory: the plays the ordinary dice rules allow
    stay legal beside it, so the target of the roll is found as if the roll went on."""
    return pos.side(pos.turn)[OFF] == CHECKERS


def _keeps_target(t: Turn, fam: Family[Any], st: Step, need: int) -> bool:
    """Free regimes: may ``st`` be played now, i.e. does it win at once or leave ``need`` more
    dice that can still be moved (B-dice, PI-order maximisation)?"""
    if need <= 0:  # the step completes the target: any step of a die still due does
        return True
    rs = t.rules
    p2 = apply_step(rs, t.pos, st)
    if fam.early_outcome(t, t.pos, p2, st, t.moves) is not None:
        return True
    i = t.remaining.index(st.die)
    rest = t.remaining[:i] + t.remaining[i + 1 :]
    c2 = st.to if st.to != OFF else None
    return _reach(t, fam, p2, c2, rest, need, set(), (*t.moves, st))


def _fast_steps(t: Turn) -> list[Step]:
    if t.target is _UNSEARCHED:
        t.target = _fast_target(t)
    assert t.target is not None
    fam = family_of(t.rules)
    need = t.target[0] - len(t.moves) - 1
    return [st for st in _candidates(t, fam) if _keeps_target(t, fam, st, need)]


# --------------------------------------------------------------------------- turn flow


def turn_steps(t: Turn) -> list[Step]:
    """The legal single steps now (empty when the roll is over)."""
    if t.done:
        return []
    return list(_steps_now(t))


def _steps_now(t: Turn) -> list[Step]:
    """The legal steps of a roll that is not over (cached on the turn; do not change it)."""
    cached = t.steps
    if cached is not None:
        return cached
    if not t.plan.free:
        rs = t.rules
        cached = _FAMILY[rs.family].steps(rs, t.pos, t.remaining[0], t.cont, t.plan.first_roll)
    elif t.target is not None and t.target[2] < 0:
        cached = _fast_steps(t)
    else:
        firsts: dict[Step, None] = {}
        for moves, _, _ in _free_plays(t):
            if len(moves) > len(t.moves):
                firsts.setdefault(moves[len(t.moves)], None)
        cached = list(firsts)
    t.steps = cached
    return cached


def random_step(t: Turn, rng: random.Random) -> Step:
    """A legal step drawn uniformly from ``turn_steps(t)`` (the roll must not be over): one of
    the listed steps, or in a free roll decided by search the first step of the free walker
    (:func:`_walk_free`), which draws raw steps and takes the first that keeps the target
    (the same distribution, without testing every step; the target found and the raw steps
    stay on ``t``)."""
    target = t.target
    if t.steps is not None or target is None or target[2] >= 0:
        steps = _steps_now(t)
        return steps[int(rng.random() * len(steps))]
    return _walk_free(t, rng, None, one=True).moves[len(t.moves)]


def random_roll_turn(rs: RuleSet, pos: Position, plan: Plan, rng: random.Random) -> Turn:
    """``random_play(begin(rs, pos, plan), rng)``: a roll played to its end by random legal
    steps (an ordered roll goes straight to the lean driver, without settling a first Turn,
    and ends in that same Turn, which no one else has seen)."""
    t = Turn(rs, pos, plan, pos, plan.seq, plan.critical)
    if not plan.free:
        return _walk_ordered(t, rng, None, True)
    fam = _FAMILY[rs.family]
    if fam.lists_free_rolls and fam.needs_listing(t):
        return random_play(begin(rs, pos, plan), rng)
    t.target = _UNSEARCHED  # as begin sets it; _walk_free settles the turn as begin would
    seq = plan.seq
    if len(seq) == 2 and seq[0] != seq[1]:
        return _random_pair(t, rng)
    return _walk_free(t, rng, None, True)


def _random_pair(t: Turn, rng: random.Random) -> Turn:
    """:func:`_walk_free`'s sampling for a fresh free roll of two unequal dice (PI-order, bräde's
    unequal rolls), the commonest roll: the same draws, with both dice's steps made in one
    pass where the family can (:meth:`~puffteach.families.Family.steps_pair`), the steps
    of the second die derived from those of the first position
    (:meth:`~puffteach.families.Family.steps_after`) and both steps applied at once
    (:func:`~puffteach.steps.apply_steps`). Ends ``t`` in place."""
    rs, plan = t.rules, t.plan
    fam = _FAMILY[rs.family]
    gen, early, first = fam.steps, fam.early_outcome, plan.first_roll
    any_step = not fam.early_wins.bearoff  # (the rule's step part)
    pos, cont = t.pos, t.cont
    a, b = plan.seq
    lo, hi = (a, b) if a < b else (b, a)
    steps_lo, steps_hi = fam.steps_pair(rs, pos, lo, hi, cont, first)
    n_lo = len(steps_lo)
    total = n_lo + len(steps_hi)
    if not total:  # no die can move: both forfeited
        t.forfeited, t.remaining, t.critical, t.cont = (*t.forfeited, *plan.seq), (), (), None
        return t
    # the first draw from the raw steps of both dice (steps_lo + steps_hi) without a copy;
    # the pool of the others is made only when that step does not keep both dice
    k = int(rng.random() * total)
    st = steps_lo[k] if k < n_lo else steps_hi[k - n_lo]
    pool: list[Step] | None = None
    after = fam.steps_after
    while True:
        # the position after the first step is made only where it is asked for (a win to
        # look for, the other die's steps made afresh); else both steps are applied at once
        p2: Position | None = None
        if any_step or st.to == OFF:
            p2 = apply_step(rs, pos, st)
            outcome = early(t, pos, p2, st, ())
            if outcome is not None:  # a win: the roll ends with the other die unplayed
                i = plan.seq.index(st.die)
                t.remaining, t.critical = plan.seq[1 - i : 2 - i], plan.critical[1 - i : 2 - i]
                t.pos, t.moves, t.outcome, t.target = p2, (st,), outcome, (2, 0, -1)
                t.cont = st.to if st.to != OFF else None
                return t
        c2 = st.to if st.to != OFF else None
        if st.die == lo:
            other = hi
            known = None if c2 is None else after(rs, pos, st, hi, steps_hi)
        else:
            other = lo
            known = None if c2 is None else after(rs, pos, st, lo, steps_lo)
        if known is None:
            if p2 is None:
                p2 = apply_step(rs, pos, st)
            known = gen(rs, p2, other, c2, first)
        if known:  # the whole roll can be used: every step of the other die is legal now
            last = known[int(rng.random() * len(known))]
            if p2 is None:
                end = apply_steps(rs, pos, (st, last))
            else:
                end = apply_step(rs, p2, last)
            if any_step or last.to == OFF:
                if p2 is None:
                    p2 = apply_step(rs, pos, st)
                t.outcome = early(t, p2, end, last, (st,))
            t.pos, t.remaining, t.critical, t.moves = end, (), (), (st, last)
            t.cont, t.target = (last.to if last.to != OFF else None), (2, 0, -1)
            return t
        if pool is None:
            pool = steps_lo + steps_hi
            pool.pop(k)
        if not pool:
            break
        st = pool.pop(int(rng.random() * len(pool)))
    # no step keeps both dice (every first step tried, none won: _reach for both dice
    # would fail alike): search the target from one die, then go on as _walk_free would
    t.raw = steps_lo + steps_hi
    t.target = _fast_target(t, 1)
    return _walk_free(t, rng, None, True)


def random_play(t: Turn, rng: random.Random) -> Turn:
    """Play uniformly random legal steps (as :func:`random_step` draws them) to the end of the
    roll: the roll walkers' sampling strategy (:func:`_walk_ordered`, :func:`_walk_free`),
    used by the players' rollouts."""
    if t.target is None:  # ordered
        return _walk_ordered(t, rng, None)
    return _walk_free(t, rng, None)


def _walk_ordered(
    t: Turn, rng: random.Random | None, step: Step | None, fresh: bool = False
) -> Turn:
    """The roll walker of an ordered roll (P-order, the pasches), on plain values: *settle*
    (the die due is the first left; a die without a step forfeits :func:`forfeit_span` dice),
    *choose*, *advance* (the step applied, :func:`advance`; an early win, asked where the
    family's :attr:`~puffteach.families.Family.early_wins` says the step may end the game,
    ends the roll; a pasch's next equal die gets its steps derived,
    :meth:`~puffteach.families.Family.steps_after`) until the roll ends or a choice is due.
    The int-key enumeration (:mod:`puffteach.listing`) takes its advance and that rule from
    the same two. Its strategies, by argument, checked once per step:

    - *sample* (``rng``): a step drawn uniformly from the legal steps, to the end of the roll
      (:func:`random_play`, :func:`random_roll_turn`); with two dice or more left, the
      family draws them on its own counts where it can
      (:meth:`~puffteach.families.Family.sample_run`: the same draws; it stops where a die
      has no step, and the walker forfeits);
    - *step* (``rng`` None): ``step`` played (:func:`push`; the caller checks it is legal),
      or none (:func:`begin`), then the roll settled up to the next choice; the Turn handed
      back keeps the legal steps of the die due (``t.steps``, :func:`turn_steps`).

    ``fresh``: ``t`` was made for this call alone (seen by no one), so it is ended in place."""
    rs, plan = t.rules, t.plan
    fam = _FAMILY[rs.family]
    pos, seq, crit, cont, outcome = t.pos, t.remaining, t.critical, t.cont, t.outcome
    moves, lost, steps = t.moves, t.forfeited, t.steps
    masks = fam.early_wins.masks  # where a step may end the game (see advance, below)
    i, n = 0, len(seq)
    while i < n and outcome is None:
        # settle
        if steps is None:
            steps = fam.steps(rs, pos, seq[i], cont, plan.first_roll)
        if not steps:
            k = forfeit_span(crit[i:])
            lost, i, cont, steps = (*lost, *seq[i : i + k]), i + k, None, None
            continue
        # choose
        if rng is not None:
            if i + 1 < n:  # two dice or more left: the family's, if it can
                ran = fam.sample_run(rs, pos, seq[i:], steps, rng)
                if ran is not None:
                    pos, played, steps = ran
                    moves = (*moves, *played)
                    i += len(played)
                    st = played[-1]
                    cont = st.to if st.to != OFF else None
                    continue
            st = steps[int(rng.random() * len(steps))]
        elif step is not None:
            st, step = step, None
        else:
            break  # a choice is due
        # advance: the step applied (advance), an early win asked where the family's rule
        # lets the step through (EarlyWins.may_end, inline: the step's mask by "it bears
        # off", one bit per count of the mover's checkers off after it, as the int keys test)
        after, cont = advance(rs, pos, st)
        end = masks[st.to == OFF]
        if end and end >> (after.b if after.turn else after.w)[OFF] & 1:
            outcome = fam.early_outcome(t, pos, after, st, moves)
        i += 1
        if cont is not None and i < n and seq[i] == st.die:  # a pasch's next equal die
            steps = fam.steps_after(rs, pos, st, st.die, steps)
        else:
            steps = None
        pos = after
        moves = (*moves, st)
    if outcome is not None:
        steps = None
    if not fresh:
        t = Turn(rs, t.start, plan, pos, seq[i:], crit[i:], moves, lost, cont, outcome, None)
        t.steps = steps
        return t
    t.pos, t.remaining, t.critical, t.moves = pos, seq[i:], crit[i:], moves
    t.forfeited, t.cont, t.outcome, t.steps = lost, cont, outcome, steps
    return t


def _walk_free(
    t: Turn,
    rng: random.Random | None,
    step: Step | None,
    fresh: bool = False,
    one: bool = False,
) -> Turn:
    """The roll walker of a free roll (PI-order's unequal dice, bräde), on plain values:
    *settle* (every die left is forfeited once none can move or the target of the roll is
    reached), *choose*, *advance* (the step applied, its early win, RV 2a's six-out, the die
    taken off) until the roll ends or a choice is due. Its strategies, by argument:

    - *sample* (``rng``): where the target is decided by search (unsearched or found by
      :func:`_fast_target`), raw steps drawn at random, the first that keeps the target
      taken (the target is taken to be the whole roll until no step keeps it, then
      searched); where it is decided by listing plays, a step drawn from the listed ones
      (:func:`turn_steps`). :func:`random_step` is its first step (``one``);
    - *step* (``rng`` None): ``step`` played (:func:`push`; the caller checks it is legal),
      or none (:func:`begin`), then the roll settled up to the next choice; the Turn handed
      back keeps what settling found (the raw steps, the listed steps).

    It leaves on ``t`` the target found and the raw steps of its position. ``fresh``: ``t``
    was made for this call alone (seen by no one), so it is ended in place."""
    rs, plan = t.rules, t.plan
    fam = _FAMILY[rs.family]
    first = plan.first_roll
    any_step = not fam.early_wins.bearoff  # (the rule's step part)
    pos, rem, crit, cont, outcome = t.pos, t.remaining, t.critical, t.cont, t.outcome
    moves, lost, target, raw = t.moves, t.forfeited, t.target, t.raw
    assert target is not None
    listed = target[2] >= 0  # decided by listing whole plays (the others by search)
    cur: Turn | None = t  # the Turn of the state now, if there is one (it keeps the caches)
    known: list[Step] | None = None  # the last die's steps, all legal (sampling)
    st = step  # a step to play now (the step strategy's, first)
    while True:
        if st is None:
            if not rem or outcome is not None:
                break
            # settle: forfeit the dice left when no die can move or the target is reached
            if target is _UNSEARCHED:
                if raw is None:
                    raw = [s for d in sorted(set(rem)) for s in fam.steps(rs, pos, d, cont, first)]
                    if cur is not None:
                        cur.raw = raw
                if not raw:
                    lost, rem, crit, cont = (*lost, *rem), (), (), None
                    break
            elif listed:
                if cur is None:
                    cur = Turn(rs, t.start, plan, pos, rem, crit, moves, lost, cont, None, target)
                if not _steps_now(cur):
                    lost, rem, crit, cont = (*lost, *rem), (), (), None
                    break
            elif len(moves) >= target[0]:
                lost, rem, crit, cont = (*lost, *rem), (), (), None
                break
            # choose
            if rng is None:  # the step strategy: a choice is due
                if cur is None:
                    cur = Turn(rs, t.start, plan, pos, rem, crit, moves, lost, cont, None, target)
                    cur.raw = raw
                return cur
            if listed:  # a step drawn from the listed ones
                assert cur is not None
                steps = _steps_now(cur)
                st = steps[int(rng.random() * len(steps))]
                p2 = apply_step(rs, pos, st)
                outcome = fam.early_outcome(t, pos, p2, st, moves)
            else:  # raw steps drawn at random, the first that keeps the target taken
                while True:
                    unsearched = target is _UNSEARCHED
                    best = len(plan.seq) if unsearched else target[0]
                    need = best - len(moves) - 1
                    if raw is None:
                        raw = [
                            s for d in sorted(set(rem)) for s in fam.steps(rs, pos, d, cont, first)
                        ]
                        if cur is not None:
                            cur.raw = raw
                    hi = target[1]
                    if hi:  # the higher die, or a step of the other die that wins at once
                        pool = [
                            s
                            for s in raw
                            if s.die == hi
                            or fam.early_outcome(t, pos, apply_step(rs, pos, s), s, moves)
                            is not None
                        ]
                    else:
                        pool = list(raw)
                    while pool:
                        st = pool.pop(int(rng.random() * len(pool)))
                        p2 = apply_step(rs, pos, st)
                        if any_step or st.to == OFF:
                            outcome = fam.early_outcome(t, pos, p2, st, moves)
                        known = None
                        if need <= 0 or outcome is not None:
                            break
                        i = rem.index(st.die)
                        rest = rem[:i] + rem[i + 1 :]
                        c2 = st.to if st.to != OFF else None
                        if need == 1 and len(rest) == 1:  # every step of the last die is legal
                            known = fam.steps(rs, p2, rest[0], c2, first)
                            if known:
                                break
                        elif _reach(t, fam, p2, c2, rest, need, set(), (*moves, st)):
                            break
                    else:
                        if not unsearched:
                            raise AssertionError(f"no legal step for {rem} in {pos}")
                        now = Turn(
                            rs, t.start, plan, pos, rem, crit, moves, lost, cont, None, target
                        )
                        target = _fast_target(now if cur is None else cur)
                        if cur is not None:
                            cur.target = target
                        continue
                    break
                if unsearched:
                    target = (best, 0, -1)  # the whole roll can be used
                    if cur is not None:
                        cur.target = target
        else:  # the step strategy's step
            p2 = apply_step(rs, pos, st)
            if any_step or st.to == OFF:
                outcome = fam.early_outcome(t, pos, p2, st, moves)
        assert st is not None
        # advance
        if st.many > 1:  # bräde 2a: the six-out's side effects (RV 2b/2c)
            p2 = fam.after_step(rs, p2, st)
        if known and outcome is None and len(rem) == 2 and not one:  # the last die
            assert rng is not None  # (known: the sampling strategy's)
            last = known[int(rng.random() * len(known))]
            end = apply_step(rs, p2, last)
            if any_step or last.to == OFF:
                outcome = fam.early_outcome(t, p2, end, last, (*moves, st))
            pos, rem, crit, moves = end, (), (), (*moves, st, last)
            cont = last.to if last.to != OFF else None
            break
        if st.many > 1:  # the whole first 6-6 goes into the six-out
            rem, crit = (), ()
        else:
            i = rem.index(st.die)
            rem, crit = rem[:i] + rem[i + 1 :], crit[:i] + crit[i + 1 :]
        pos, moves, cont, raw, cur = p2, (*moves, st), st.to if st.to != OFF else None, None, None
        st, known = None, None
        if one:
            break
    if not fresh:
        return Turn(rs, t.start, plan, pos, rem, crit, moves, lost, cont, outcome, target)
    t.pos, t.remaining, t.critical, t.moves = pos, rem, crit, moves
    t.forfeited, t.cont, t.outcome, t.target, t.raw = lost, cont, outcome, target, None
    t.steps = None
    return t


def push(t: Turn, step: Step) -> Turn:
    """Play a step that ``turn_steps`` allows (the caller checks legality): the walker's step
    strategy, which hands back the roll settled up to the next choice."""
    if t.target is None:  # ordered
        return _walk_ordered(t, None, step)
    return _walk_free(t, None, step)


def step_end(t: Turn, step: Step) -> tuple[Position, Outcome | None]:
    """Where a step that ``turn_steps(t)`` allows leaves the checkers, and the early win it
    makes: ``push(t, step)``'s ``pos`` and ``outcome`` without settling the roll after it
    (the next die's steps are not derived). For a search that ranks the steps of a partial
    play by where they lead and pushes only the ones it keeps (the review's luck, die by
    die). The walkers' *advance*, the same order: the step applied (:func:`advance`), the
    early win asked where the family's :attr:`~puffteach.families.Family.early_wins` lets the
    step through (its whole rule: where it says no, ``early_outcome`` finds none, checked in
    ``tests/test_kernel.py``; the free walkers ask its step part), then a bräde six-out's side
    effects (RV 2b/2c)."""
    rs = t.rules
    fam = _FAMILY[rs.family]
    after = advance(rs, t.pos, step)[0]
    outcome = None
    end = fam.early_wins.masks[step.to == OFF]  # (EarlyWins.may_end, inline as the walkers')
    if end and end >> (after.b if after.turn else after.w)[OFF] & 1:
        outcome = fam.early_outcome(t, t.pos, after, step, t.moves)
    if step.many > 1:
        after = fam.after_step(rs, after, step)
    return after, outcome


def early_outcome(
    t: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...] | None = None
) -> Outcome | None:
    """A win that ends the roll at once: the last checker borne off, or (bräde) sprängjan,
    jan under RV 24a, a beautiful pattern under RV 14b, kejsarspel."""
    return family_of(t.rules).early_outcome(
        t, before, pos, step, t.moves if prior is None else prior
    )


def advance(rs: RuleSet, pos: Position, step: Step) -> tuple[Position, int | None]:
    """What one step does to an ordered roll's state: the position after it and the checker
    that may go on moving (long-puff-entry (e): the one it moved, unless borne off). The one
    copy of the rule: :func:`_walk_ordered` advances by it, and the int-key enumeration
    (:mod:`puffteach.listing`) makes each step's key delta from it. (Whether the step may
    end the game: :attr:`~puffteach.families.Family.early_wins`.)"""
    return apply_step(rs, pos, step), (step.to if step.to != OFF else None)


def forfeit_span(critical: tuple[bool, ...]) -> int:
    """Ordered regimes, the walkers' settle rule: how many dice a die due that cannot be moved
    forfeits, ``critical`` being the flags of the dice still due from it on — the rest of the
    roll when it is critical (P-order's lower die, a pasch's top face), else itself
    (P-pasch-*). The one copy of the rule: :func:`_walk_ordered` and the int-key enumeration
    (:mod:`puffteach.listing`) both ask it."""
    return len(critical) if critical[0] else 1


Completion = tuple[tuple[Step, ...], Position, "Outcome | None"]


def _complete(t: Turn, wins: bool = True) -> list[Completion]:
    """Every way to go on moving a free-order roll from ``t`` until no die can be moved or the
    game is won, with the moves made so far (no maximisation yet). ``wins=False``: go on past
    every win that leaves something to move (the ordinary dice rules, see :func:`_ends_roll`)."""
    rs = t.rules
    fam = family_of(rs)
    results: list[Completion] = []
    rem = t.remaining
    orders = {tuple(sorted(rem)), tuple(sorted(rem, reverse=True))}
    # states are kept apart by the first step of the play too, so every legal first step
    # survives the merging of paths (two orders of the same steps reach the same state)
    Key = tuple[Position, int | None, Outcome | None, Step | None]
    k0 = len(t.moves)
    prefixes = fam.play_rules(rs)  # a shorter play may be legal where longer ones are not
    for order in orders:
        frontier: dict[Key, tuple[Step, ...]] = {(t.pos, t.cont, t.outcome, None): t.moves}
        for die in order:
            if prefixes:
                results.extend((m, p, o) for (p, _, o, _), m in frontier.items() if o is None)
            new: dict[Key, tuple[Step, ...]] = {}
            for (pos, cont, oc, first), moves in frontier.items():
                if oc is not None:
                    new.setdefault((pos, cont, oc, first), moves)
                    continue
                steps = fam.steps(rs, pos, die, cont, t.plan.first_roll)
                if not steps:
                    new.setdefault((pos, None, None, first), moves)
                for st in steps:
                    p2 = apply_step(rs, pos, st)
                    o2 = fam.early_outcome(t, pos, p2, st, moves)
                    if not wins and o2 is not None and not _ends_roll(p2):
                        o2 = None
                    c2 = st.to if st.to != OFF else None
                    new.setdefault((p2, c2, o2, st if len(moves) == k0 else first), (*moves, st))
            frontier = new
        results.extend((m, p, o) for (p, _, o, _), m in frontier.items())
    if not t.moves:
        for st in fam.first_steps(t):
            results.append(((st,), fam.after_step(rs, apply_step(rs, t.pos, st), st), None))
    return results


def _six_out(moves: tuple[Step, ...]) -> bool:
    return bool(moves) and moves[0].many > 1


def _used(moves: tuple[Step, ...]) -> int:
    return 4 if moves and moves[0].many > 1 else len(moves)


def _target(t: Turn, results: list[Completion]) -> tuple[int, int, int]:
    """(dice used, higher die forced (its value or 0), pips) that a legal play must reach.

    A play that bears off the last checker counts as using the whole roll. Other wins on the
    way (sprängjan, RV 14b / 24a, kejsarspel) are permitted, not compulsory: the target is that
    of the ordinary dice rules, found as if the roll went on past them (plays that win stay
    legal beside the plays reaching it). RV 2a's six-out is a free alternative and sets no
    target."""
    rs = t.rules
    fam = family_of(rs)
    full = len(t.plan.seq)
    if any(o is not None and not _ends_roll(p) for _, p, o in results):
        results = _complete(t, wins=False)
    plain = [
        m for m, _, o in results if o is None and not _six_out(m) and fam.play_refusal(t, m) is None
    ]
    if any(o is not None for _, _, o in results):
        if max((_used(m) for m in plain), default=0) < full:
            return (full, 0, 0)
    if not plain:
        return (0, 0, 0)
    best = max(_used(m) for m in plain)
    hi = 0
    if rs.higher_die and best == 1 and len(set(t.plan.seq)) == 2:
        top = max(t.plan.seq)
        if any(m[0].die == top for m in plain if _used(m) == 1 and m):
            hi = top
            plain = [m for m in plain if m and m[0].die == top]
    pips = max((fam.play_pips(rs, m) for m in plain if _used(m) == best), default=0)
    return (best, hi, pips)


def _free_plays(t: Turn) -> list[Completion]:
    """The legal ways to finish a free-order roll from ``t``: those reaching the target of the
    whole roll (B-dice / PI-order maximisation), and those that win on the way."""
    assert t.target is not None
    fam = family_of(t.rules)
    best, hi, pips = t.target
    out: list[Completion] = []
    done: list[Completion] | None = t.completions
    for m, p, o in done if done is not None else _complete(t):
        if o is not None or _six_out(m):
            out.append((m, p, o))
        elif (
            _used(m) == best
            and fam.play_pips(t.rules, m) == pips
            and (not hi or (m and m[0].die == hi))
            and fam.play_refusal(t, m) is None
        ):
            out.append((m, p, o))
    return out


# --------------------------------------------------------------------------- ending a roll


def finish(t: Turn) -> tuple[Position, Outcome | None, bool]:
    """The position after the roll (with the side to roll next), its outcome, and whether the
    same side rolls again."""
    rs, plan = t.rules, t.plan
    me = t.start.turn
    pos, outcome = _FAMILY[rs.family].finish(t)
    again = plan.reroll and not (plan.complete and t.forfeited) and outcome is None
    w, b, _, wp, bp, streak, general, flags = pos
    if again:
        pos = _new(Position, (w, b, me, wp, bp, streak + 1, general, flags))
    else:
        pos = _new(Position, (w, b, OTHER[me], wp, bp, 0, general, flags))
    return pos, outcome, again


# --------------------------------------------------------------------------- whole plays


@dataclass(frozen=True)
class Play:
    """One distinct way a roll ends: the moves that reach it, the dice forfeited, the position
    after the roll (with the side to roll next), its outcome, the plan it was moved by and
    whether the same side rolls again.

    A result of the first stage of a staged listing (:func:`puffteach.listing.iter_face_plays`)
    is a Play too: when the roll goes on after it, ``remaining`` holds the dice still due,
    ``position`` is the position mid-roll (the mover still to move) and ``again`` is False."""

    moves: tuple[Step, ...]
    forfeited: tuple[int, ...]
    position: Position
    outcome: Outcome | None
    plan: Plan
    again: bool
    #: the dice still due (a staged listing's first stage); empty for a whole play
    remaining: tuple[int, ...] = ()

    @property
    def named(self) -> int | None:
        """The pasch named for a generalpasch roll (1-6), None when played as rolled (and for
        every other roll)."""
        return self.plan.named

    def to_json(self) -> dict[str, object]:
        """design.md's play object, plus ``named`` (always there: ``null`` unless the play
        names a pasch for a generalpasch roll)."""
        return {
            "moves": [str(m) for m in self.moves],
            "forfeited": list(self.forfeited),
            "position": str(self.position),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "named": self.plan.named,
        }
