"""Single steps, whole plays and the flow of one roll.

A *step* moves one checker by one die: ``Step(die, frm, to, hit)`` in the mover's path numbers
(``frm`` 0 = entering, ``to`` 25 = borne off). A roll is played as a :class:`Turn`: the dice
still due, in order (ordered regimes: LT, GP, pasches) or as a set to be used as fully as
possible (free regimes: PI's unequal dice, bräde). Illegal-step reasons are produced by
:mod:`puffteach.explain` from the same predicates used here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .board import CROSS, OFF
from .position import CHECKERS, Position
from .rules import RuleSet


class Step(NamedTuple):
    die: int
    frm: int
    to: int
    hit: bool = False

    def __str__(self) -> str:
        to = "off" if self.to == OFF else str(self.to)
        return f"{self.frm}/{to}{'*' if self.hit else ''}"


@dataclass(frozen=True)
class Outcome:
    winner: int  # 0 White, 1 Black
    kind: str
    points: int
    munk: bool = False
    schneider: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "winner": "wb"[self.winner],
            "kind": self.kind,
            "points": self.points,
            "munk": self.munk,
            "schneider": self.schneider,
        }


@dataclass(frozen=True)
class Plan:
    """How a roll is to be moved: the dice in the order due and which forfeits end the roll."""

    dice: tuple[int, ...]  # as rolled (two values; one for a one-die roll)
    seq: tuple[int, ...]  # the moves due, in order (ordered) or as a multiset (free)
    critical: tuple[bool, ...]  # ordered: a forfeit here forfeits everything after it
    free: bool  # free order with maximisation
    pasch: bool  # counts as a pasch (first/later) for the pasch count and re-roll
    named: int | None = None  # generalpasch: the pasch the player named
    reroll: bool = False  # the same player rolls again after this roll (if complete, see rules)
    first_roll: bool = False  # long-puff-entry: the player's first roll

    @property
    def label(self) -> str:
        if self.named is not None:
            return f"generalpasch named as {self.named}-{self.named}"
        return "-".join(map(str, self.dice))


@dataclass(frozen=True)
class Turn:
    """A roll in progress: position (mover = ``pos.turn``), what is still due, what was done."""

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
    _cache: dict[str, object] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def done(self) -> bool:
        return not self.remaining or self.outcome is not None


# --------------------------------------------------------------------------- predicates


def may_bear_off(rs: RuleSet, own: tuple[int, ...]) -> bool:
    """All checkers in the fourth quarter or off (P-bearoff, PI-bearoff)."""
    return sum(own[:19]) == 0


def rearmost(own: tuple[int, ...]) -> int:
    for p in range(1, OFF):
        if own[p]:
            return p
    return OFF


def landing(rs: RuleSet, pos: Position, q: int) -> str | None:
    """Why the mover may not land or touch down on his path point q (None: he may).

    Returns a concept name for the citation: ``land`` (opponent band) or ``long-entry-blot``.
    """
    me = pos.turn
    opp = pos.b if me == 0 else pos.w
    n = opp[CROSS[rs.layout][q]]
    if n >= 2:
        return "land"
    if n == 1 and rs.long_entry and opp[0] > 0:
        return "long-entry-blot"
    return None


def raw_steps(rs: RuleSet, pos: Position, die: int, cont: int | None, first: bool) -> list[Step]:
    """Every legal single step with ``die`` for the side to move (no lookahead)."""
    me = pos.turn
    own = pos.b if me else pos.w
    opp = pos.w if me else pos.b
    cross = CROSS[rs.layout]
    out: list[Step] = []
    if own[0] and rs.enter_first:
        q = die
        if first:
            if not own[q] and not opp[cross[q]]:
                out.append(Step(die, 0, q, False))
            return out
        if landing(rs, pos, q) is None and (rs.enter_own or not own[q]):
            out.append(Step(die, 0, q, opp[cross[q]] == 1))
        if rs.long_entry and cont is not None and own[cont]:
            q = cont + die
            if q <= 24 and landing(rs, pos, q) is None:
                out.append(Step(die, cont, q, opp[cross[q]] == 1))
        return out
    bear = may_bear_off(rs, own)
    back = rearmost(own) if bear else OFF
    for p in range(1, OFF):
        if not own[p]:
            continue
        q = p + die
        if q <= 24:
            if landing(rs, pos, q) is None:
                out.append(Step(die, p, q, opp[cross[q]] == 1))
        elif bear:
            if rs.bearoff == "any-over" or p == back or (rs.exact_25 and q == OFF):
                out.append(Step(die, p, OFF, False))
    return out


def apply_step(rs: RuleSet, pos: Position, step: Step) -> Position:
    """The position after ``step`` (same side to move)."""
    me = pos.turn
    own = list(pos.b if me else pos.w)
    own[step.frm] -= 1
    own[step.to] += 1
    if step.hit:
        opp = list(pos.w if me else pos.b)
        x = CROSS[rs.layout][step.to]
        opp[0] += opp[x]
        opp[x] = 0
        if me:
            return pos._replace(b=tuple(own), w=tuple(opp))
        return pos._replace(w=tuple(own), b=tuple(opp))
    if me:
        return pos._replace(b=tuple(own))
    return pos._replace(w=tuple(own))


# --------------------------------------------------------------------------- planning a roll


def plans(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
    """The ways a roll may be moved: one plan, or more for a generalpasch."""
    for d in dice:
        if not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"a die shows 1-6, got {d!r}")
    if len(dice) != 2:
        raise ValueError(f"{rs.name} is played with two dice, got {len(dice)}")
    a, b = sorted(dice)
    out = [_plan(rs, pos, (a, b), None)]
    if rs.generalpasch and pos.general == (a, b):
        out.extend(replace(_plan(rs, pos, (x, x), x), dice=(a, b)) for x in range(1, 7))
    return out


def _plan(rs: RuleSet, pos: Position, dice: tuple[int, int], named: int | None) -> Plan:
    a, b = dice
    me = pos.turn
    first_roll = rs.long_entry and not pos.flag("brolled" if me else "wrolled")
    if a != b:
        if rs.dice_order == "free" or first_roll:
            return Plan(dice, (a, b), (False, False), True, False, named, first_roll=first_roll)
        return Plan(dice, (a, b), (True, False), False, False, named)
    x, y = a, 7 - a
    first_pasch = pos.pasches(me) == 0
    if rs.fourth_pasch and pos.streak >= 3:
        return Plan(dice, (x, x), (True, False), False, True, named, False, first_roll)
    kind = rs.first_pasch if first_pasch else rs.later_pasch
    if first_roll:
        return Plan(dice, (x, x), (False, False), True, True, named, False, True)
    if kind == "top":
        seq, crit = (x, x), (True, False)
    elif kind == "top-bottom":
        seq, crit = (x, x, y, y), (True, True, False, False)
    elif kind == "top2-bottom2":
        seq, crit = (x,) * 4 + (y,) * 4, (True,) * 4 + (False,) * 4
    else:  # four: bräde
        return Plan(dice, (x,) * 4, (False,) * 4, True, True, named)
    reroll = rs.pasch_reroll == "all" or (rs.pasch_reroll == "later" and not first_pasch)
    return Plan(dice, seq, crit, False, True, named, reroll)


def begin(rs: RuleSet, pos: Position, plan: Plan) -> Turn:
    """Start moving a roll: the turn with any forfeits that are already certain."""
    t = Turn(rs, pos, plan, pos, plan.seq, plan.critical)
    return _settle(t)


# --------------------------------------------------------------------------- turn flow


def turn_steps(t: Turn) -> list[Step]:
    """The legal single steps now (empty when the roll is over)."""
    if t.done:
        return []
    if not t.plan.free:
        return raw_steps(t.rules, t.pos, t.remaining[0], t.cont, t.plan.first_roll)
    cached = t._cache.get("steps")
    if cached is None:
        firsts: dict[Step, None] = {}
        for moves, _ in _free_plays(t):
            if moves:
                firsts.setdefault(moves[0], None)
        cached = list(firsts)
        t._cache["steps"] = cached
    return list(cached)  # type: ignore[call-overload]


def push(t: Turn, step: Step) -> Turn:
    """Play a step that ``turn_steps`` allows (the caller checks legality)."""
    rs = t.rules
    pos = apply_step(rs, t.pos, step)
    if t.plan.free:
        i = t.remaining.index(step.die)
    else:
        i = 0
    remaining = t.remaining[:i] + t.remaining[i + 1 :]
    critical = t.critical[:i] + t.critical[i + 1 :]
    cont = step.to if step.to != OFF else None
    outcome = None
    if pos.side(pos.turn)[OFF] == CHECKERS:
        outcome = win_outcome(rs, pos, pos.turn, "bearoff")
    t2 = Turn(rs, t.start, t.plan, pos, remaining, critical, (*t.moves, step), t.forfeited, cont,
              outcome)
    return _settle(t2)


def _settle(t: Turn) -> Turn:
    """Forfeit the dice that cannot be moved now (P-order, P-pasch-*, maximisation)."""
    while not t.done:
        if t.plan.free:
            if turn_steps(t):
                return t
            return _forfeit(t, len(t.remaining))
        if raw_steps(t.rules, t.pos, t.remaining[0], t.cont, t.plan.first_roll):
            return t
        t = _forfeit(t, len(t.remaining) if t.critical[0] else 1)
    return t


def _forfeit(t: Turn, n: int) -> Turn:
    return Turn(t.rules, t.start, t.plan, t.pos, t.remaining[n:], t.critical[n:], t.moves,
                (*t.forfeited, *t.remaining[:n]), None, t.outcome)


def _free_plays(t: Turn) -> list[tuple[tuple[Step, ...], Position]]:
    """All maximal ways to finish a free-order roll from ``t`` (used count maximised; with the
    higher-die rule, the higher die when only one of two can be used)."""
    rs = t.rules
    results: list[tuple[tuple[Step, ...], Position]] = []
    orders = {tuple(sorted(t.remaining)), tuple(sorted(t.remaining, reverse=True))}
    for order in orders:
        frontier: dict[tuple[Position, int | None], tuple[Step, ...]] = {(t.pos, t.cont): ()}
        for die in order:
            new: dict[tuple[Position, int | None], tuple[Step, ...]] = {}
            for (pos, cont), moves in frontier.items():
                steps = (
                    raw_steps(rs, pos, die, cont, t.plan.first_roll)
                    if pos.side(pos.turn)[OFF] < CHECKERS else []
                )
                if not steps:
                    new.setdefault((pos, None), moves)
                for st in steps:
                    p2 = apply_step(rs, pos, st)
                    new.setdefault((p2, st.to if st.to != OFF else None), (*moves, st))
            frontier = new
        results.extend((m, p) for (p, _), m in frontier.items())
    best = max(len(m) for m, _ in results)
    results = [(m, p) for m, p in results if len(m) == best]
    if rs.higher_die and best == 1 and len(set(t.remaining)) == 2:
        hi = max(t.remaining)
        if any(m[0].die == hi for m, _ in results):
            results = [(m, p) for m, p in results if m[0].die == hi]
    return results


# --------------------------------------------------------------------------- ending a roll


def win_outcome(rs: RuleSet, pos: Position, winner: int, kind: str) -> Outcome:
    """Score a win (P-win, PI-win, GP-win; tower and goose with tower-goose)."""
    loser = pos.side(1 - winner)
    if kind == "tower":
        return Outcome(winner, kind, 4)
    if kind == "goose":
        return Outcome(winner, kind, 3)
    if rs.scoring == "lt":
        if loser[0]:
            return Outcome(winner, kind, 3, schneider=True)
        if sum(loser[1:7]):
            return Outcome(winner, kind, 2, schneider=True)
        return Outcome(winner, kind, 1)
    if rs.scoring == "pi":
        if not loser[OFF]:
            return Outcome(winner, kind, 2, schneider=True)
        return Outcome(winner, kind, 1)
    return Outcome(winner, kind, 1)


def pattern_win(rs: RuleSet, pos: Position, side: int) -> str | None:
    """Tower (all 15 on one point) or goose march (15 consecutive points, one each)."""
    if not rs.tower_goose:
        return None
    own = pos.side(side)
    if any(own[p] == CHECKERS for p in range(1, OFF)):
        return "tower"
    for i in range(1, 11):
        if all(own[p] == 1 for p in range(i, i + CHECKERS)):
            return "goose"
    return None


def finish(t: Turn) -> tuple[Position, Outcome | None, bool]:
    """The position after the roll (with the side to roll next), its outcome, and whether the
    same side rolls again."""
    rs, plan, start = t.rules, t.plan, t.start
    me = start.turn
    pos = t.pos
    outcome = t.outcome
    if outcome is None:
        kind = pattern_win(rs, pos, me)
        if kind:
            outcome = win_outcome(rs, pos, me, kind)
    if plan.pasch and rs.family == "puff":
        if me:
            pos = pos._replace(bpasch=pos.bpasch + 1)
        else:
            pos = pos._replace(wpasch=pos.wpasch + 1)
    if rs.long_entry:
        pos = pos.with_flag("brolled" if me else "wrolled", 1)
    again = plan.reroll and not (rs.reroll_needs_complete and t.forfeited) and outcome is None
    if again:
        pos = pos._replace(streak=pos.streak + 1)
    else:
        pos = pos._replace(streak=0, turn=1 - me)
    return pos, outcome, again


# --------------------------------------------------------------------------- whole plays


@dataclass(frozen=True)
class Play:
    moves: tuple[Step, ...]
    forfeited: tuple[int, ...]
    position: Position
    outcome: Outcome | None
    plan: Plan
    again: bool

    def to_json(self) -> dict[str, object]:
        return {
            "moves": [str(m) for m in self.moves],
            "forfeited": list(self.forfeited),
            "position": str(self.position),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def plays_from(t: Turn) -> list[Play]:
    """Every distinct way to finish the roll from ``t`` (distinct position or outcome)."""
    out: dict[tuple[Position, Outcome | None], Play] = {}
    frontier: dict[tuple[Position, tuple[int, ...], tuple[int, ...], int | None], Turn] = {
        (t.pos, t.remaining, t.forfeited, t.cont): t
    }
    while frontier:
        new: dict[tuple[Position, tuple[int, ...], tuple[int, ...], int | None], Turn] = {}
        for cur in frontier.values():
            if cur.done:
                pos, outcome, again = finish(cur)
                key = (pos, outcome)
                if key not in out:
                    out[key] = Play(cur.moves, cur.forfeited, pos, outcome, cur.plan, again)
                continue
            for st in turn_steps(cur):
                nxt = push(cur, st)
                k = (nxt.pos, nxt.remaining, nxt.forfeited, nxt.cont)
                if k not in new:
                    new[k] = nxt
        frontier = new
    return list(out.values())


def legal_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Play]:
    """Every distinct legal way to move the roll ``dice`` from ``pos`` (design.md ``plays``)."""
    out: dict[tuple[Position, Outcome | None], Play] = {}
    for plan in plans(rs, pos, dice):
        for play in plays_from(begin(rs, pos, plan)):
            out.setdefault((play.position, play.outcome), play)
    return list(out.values())
