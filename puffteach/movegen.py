"""Single steps, whole plays and the flow of one roll.

A *step* moves one checker by one die: ``Step(die, frm, to, hit)`` in the mover's path numbers
(``frm`` 0 = entering, ``to`` 25 = borne off). A roll is played as a :class:`Turn`: the dice
still due, in order (ordered regimes: LT, GP, pasches) or as a set to be used as fully as
possible (free regimes: PI's unequal dice, bräde). Illegal-step reasons are produced by
:mod:`puffteach.explain` from the same predicates used here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from .board import CROSS, OFF
from .color import Color
from .outcome import Outcome as Outcome
from .position import CHECKERS, Position
from .rules import RuleSet

_new = tuple.__new__


class Step(NamedTuple):
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


@dataclass(slots=True)
class Turn:
    """A roll in progress: position (mover = ``pos.turn``), what is still due, what was done.

    Treated as immutable: every step makes a new Turn (``push``)."""

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
    _cache: dict[str, Any] = field(
        default_factory=dict, init=False, compare=False, hash=False, repr=False
    )

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
    if rs.family == "brade":
        return bradegen.brade_steps(rs, pos, die)
    if pos.turn:
        own, opp = pos.b, pos.w
    else:
        own, opp = pos.w, pos.b
    cross = CROSS[rs.layout]
    guard = rs.long_entry and opp[0] > 0  # long-puff-entry (d): his blots cannot be hit
    out: list[Step] = []
    if own[0] and rs.enter_first:  # P-enter
        q = die
        n = opp[cross[q]]
        if first:  # long-puff-entry (b): only onto an empty point
            if not own[q] and not n:
                out.append(_new(Step, (die, 0, q, False, 1)))
            return out
        if n < 2 and not (n and guard) and (rs.enter_own or not own[q]):
            out.append(_new(Step, (die, 0, q, n == 1, 1)))
        if rs.long_entry and cont is not None and own[cont]:  # long-puff-entry (e)
            q = cont + die
            if q <= 24:
                n = opp[cross[q]]
                if n < 2 and not (n and guard):
                    out.append(_new(Step, (die, cont, q, n == 1, 1)))
        return out
    for p in range(1, 25 - die):  # P-land, P-hit
        if own[p]:
            q = p + die
            n = opp[cross[q]]
            if n < 2 and not (n and guard):
                out.append(_new(Step, (die, p, q, n == 1, 1)))
    if not any(own[:19]):  # P-bearoff / PI-bearoff
        back = rearmost(own)
        for p in range(max(19, 25 - die), 25):
            if own[p] and (
                rs.bearoff == "any-over" or p == back or (rs.exact_25 and p + die == OFF)
            ):
                out.append(_new(Step, (die, p, OFF, False, 1)))
    return out


def apply_step(rs: RuleSet, pos: Position, step: Step) -> Position:
    """The position after ``step`` (same side to move)."""
    me = pos[2]
    own = list(pos[1] if me else pos[0])
    own[step.frm] -= step.many
    own[step.to] += step.many
    if step.hit:
        opp = list(pos[0] if me else pos[1])
        x = CROSS[rs.layout][step.to]
        opp[0] += opp[x]
        opp[x] = 0
        if me:
            return _new(Position, (tuple(opp), tuple(own), *pos[2:]))
        return _new(Position, (tuple(own), tuple(opp), *pos[2:]))
    if me:
        return _new(Position, (pos[0], tuple(own), *pos[2:]))
    return _new(Position, (tuple(own), *pos[1:]))


# --------------------------------------------------------------------------- planning a roll


def plans(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
    """The ways a roll may be moved: one plan, or more for a generalpasch."""
    for d in dice:
        if not isinstance(d, int) or not 1 <= d <= 6:
            raise ValueError(f"a die shows 1-6, got {d!r}")
    if rs.family == "brade":
        bradegen.check_dice_count(rs, pos, dice)
        if len(dice) == 1:
            return [Plan(dice, dice, (False,), True, False)]
    elif len(dice) != 2:
        raise ValueError(f"{rs.name} is played with two dice, got {len(dice)}")
    a, b = sorted(dice)
    out = [_plan(rs, pos, (a, b), None)]
    if rs.generalpasch and pos.general == (a, b):
        out.extend(_plan(rs, pos, (x, x), x, (a, b)) for x in range(1, 7))
    return out


def _plan(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, int],
    named: int | None,
    shown: tuple[int, int] | None = None,
) -> Plan:
    """The plan for ``dice`` (for a named generalpasch: ``dice`` is the pasch, ``shown`` the
    dice as rolled)."""
    me = pos.turn
    key = (
        rs.name,
        dice,
        named,
        shown,
        pos.pasches(me) == 0,
        pos.streak >= 3,
        rs.long_entry and not pos.flag("brolled" if me else "wrolled"),
    )
    plan = _PLANS.get(key)
    if plan is None:
        plan = _make_plan(rs, pos, dice, named)
        if shown is not None:
            plan = replace(plan, dice=shown)
        _PLANS[key] = plan
    return plan


#: plans depend only on the rule set, the dice and a few facts about the position (Plan is
#: frozen, so one value serves every roll that asks for it)
_PLANS: dict[tuple[object, ...], Plan] = {}


def _make_plan(rs: RuleSet, pos: Position, dice: tuple[int, int], named: int | None) -> Plan:
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
    seq: tuple[int, ...]
    crit: tuple[bool, ...]
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
    if plan.free:
        if _needs_enumeration(t):
            done = _complete(t)
            t = replace(t, target=_target(t, done))
            t._cache["complete"] = done
        else:
            t = replace(t, target=_fast_target(t))
    return _settle(t)


def _needs_enumeration(t: Turn) -> bool:
    """Free regimes list whole plays when pips or play-level rules matter (bräde bear-off with
    reduction, RV 3, RV 2a's six-out); otherwise a depth-first search for the number of dice
    that can be used decides each step, which is much faster."""
    rs = t.rules
    if rs.family != "brade":
        return False
    own = t.pos.b if t.pos.turn else t.pos.w
    if rs.five_blots or (
        rs.opening_six != "none" and t.plan.dice in ((6, 6), (4, 4)) and own[1] == CHECKERS
    ):
        return True  # RV 3's play-level rule, or a six-out is possible (all still at home)
    if rs.bearoff in ("8a", "8b", "8d"):
        return sum(own[:19]) <= len(t.remaining)
    return False


def _reach(
    t: Turn,
    pos: Position,
    cont: int | None,
    rem: tuple[int, ...],
    need: int,
    seen: set[tuple[Position, tuple[int, ...]]],
    prior: tuple[Step, ...] = (),
) -> bool:
    """Can ``need`` more dice of ``rem`` be moved from ``pos`` (or the game be won on the way)?"""
    if need <= 0:
        return True
    key = (pos, rem)
    if key in seen:
        return False
    rs = t.rules
    for d in sorted(set(rem), reverse=True):
        i = rem.index(d)
        rest = rem[:i] + rem[i + 1 :]
        for st in raw_steps(rs, pos, d, cont, t.plan.first_roll):
            p2 = apply_step(rs, pos, st)
            if early_outcome(t, pos, p2, st, prior) is not None:
                return True
            if _reach(t, p2, st.to if st.to != OFF else None, rest, need - 1, seen, (*prior, st)):
                return True
    seen.add(key)
    return False


def _fast_target(t: Turn) -> tuple[int, int, int]:
    n = len(t.remaining)
    best = 0
    for k in range(n, 0, -1):
        if _reach(t, t.pos, t.cont, t.remaining, k, set(), t.moves):
            best = k
            break
    hi = 0
    if t.rules.higher_die and best == 1 and len(set(t.plan.seq)) == 2:
        top = max(t.plan.seq)
        if raw_steps(t.rules, t.pos, top, t.cont, t.plan.first_roll):
            hi = top
    return (best, hi, -1)  # pips -1: steps are decided by search, not by listing plays


def _fast_steps(t: Turn) -> list[Step]:
    assert t.target is not None
    best, hi, _ = t.target
    need = best - len(t.moves) - 1
    rs = t.rules
    out: list[Step] = []
    seen: set[tuple[Position, tuple[int, ...]]] = set()
    for d in sorted(set(t.remaining)):
        if hi and d != hi:
            continue
        i = t.remaining.index(d)
        rest = t.remaining[:i] + t.remaining[i + 1 :]
        for st in raw_steps(rs, t.pos, d, t.cont, t.plan.first_roll):
            p2 = apply_step(rs, t.pos, st)
            if early_outcome(t, t.pos, p2, st) is not None or _reach(
                t, p2, st.to if st.to != OFF else None, rest, need, seen, (*t.moves, st)
            ):
                out.append(st)
    return out


# --------------------------------------------------------------------------- turn flow


def turn_steps(t: Turn) -> list[Step]:
    """The legal single steps now (empty when the roll is over)."""
    if t.done:
        return []
    cached: list[Step] | None = t._cache.get("steps")
    if cached is not None:
        return list(cached)
    if not t.plan.free:
        cached = raw_steps(t.rules, t.pos, t.remaining[0], t.cont, t.plan.first_roll)
        t._cache["steps"] = cached
        return list(cached)
    if t.target is not None and t.target[2] < 0:
        cached = _fast_steps(t)
        t._cache["steps"] = cached
        return list(cached)
    else:
        firsts: dict[Step, None] = {}
        for moves, _, _ in _free_plays(t):
            if len(moves) > len(t.moves):
                firsts.setdefault(moves[len(t.moves)], None)
        cached = list(firsts)
        t._cache["steps"] = cached
    return list(cached)


def push(t: Turn, step: Step) -> Turn:
    """Play a step that ``turn_steps`` allows (the caller checks legality)."""
    rs = t.rules
    pos = apply_step(rs, t.pos, step)
    if step.many > 1:  # bräde 2a: the whole first 6-6 goes into the six-out
        i, n = 0, len(t.remaining)
    else:
        i, n = (t.remaining.index(step.die) if t.plan.free else 0), 1
    remaining = t.remaining[:i] + t.remaining[i + n :]
    critical = t.critical[:i] + t.critical[i + n :]
    cont = step.to if step.to != OFF else None
    outcome = early_outcome(t, t.pos, pos, step)
    if step.many > 1:
        pos = bradegen.answer_six_out(rs, pos)
    t2 = Turn(
        rs,
        t.start,
        t.plan,
        pos,
        remaining,
        critical,
        (*t.moves, step),
        t.forfeited,
        cont,
        outcome,
        t.target,
    )
    return _settle(t2)


def early_outcome(
    t: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...] | None = None
) -> Outcome | None:
    """A win that ends the roll at once: the last checker borne off, or (bräde) sprängjan,
    jan under RV 24a, a beautiful pattern under RV 14b, kejsarspel."""
    if t.rules.family == "brade":
        return bradegen.brade_early_outcome(
            t, before, pos, step, t.moves if prior is None else prior
        )
    if pos.side(pos.turn)[OFF] == CHECKERS:
        return win_outcome(t.rules, pos, pos.turn, "bearoff")
    return None


def _settle(t: Turn) -> Turn:
    """Forfeit the dice that cannot be moved now (P-order, P-pasch-*, maximisation)."""
    while not t.done:
        if t.plan.free:
            if turn_steps(t):
                return t
            return _forfeit(t, len(t.remaining))
        if turn_steps(t):
            return t
        t = _forfeit(t, len(t.remaining) if t.critical[0] else 1)
    return t


def _forfeit(t: Turn, n: int) -> Turn:
    return Turn(
        t.rules,
        t.start,
        t.plan,
        t.pos,
        t.remaining[n:],
        t.critical[n:],
        t.moves,
        (*t.forfeited, *t.remaining[:n]),
        None,
        t.outcome,
        t.target,
    )


Completion = tuple[tuple[Step, ...], Position, "Outcome | None"]


def _complete(t: Turn) -> list[Completion]:
    """Every way to go on moving a free-order roll from ``t`` until no die can be moved or the
    game is won, with the moves made so far (no maximisation yet)."""
    rs = t.rules
    results: list[Completion] = []
    rem = t.remaining
    orders = {tuple(sorted(rem)), tuple(sorted(rem, reverse=True))}
    extra: list[Step] = []
    if rs.family == "brade" and not t.moves:
        extra = bradegen.six_out_step(t)
    Key = tuple[Position, int | None, Outcome | None]
    for order in orders:
        frontier: dict[Key, tuple[Step, ...]] = {(t.pos, t.cont, t.outcome): t.moves}
        for die in order:
            new: dict[Key, tuple[Step, ...]] = {}
            for (pos, cont, oc), moves in frontier.items():
                if oc is not None:
                    new.setdefault((pos, cont, oc), moves)
                    continue
                steps = raw_steps(rs, pos, die, cont, t.plan.first_roll)
                if not steps:
                    new.setdefault((pos, None, None), moves)
                for st in steps:
                    p2 = apply_step(rs, pos, st)
                    o2 = early_outcome(t, pos, p2, st, moves)
                    new.setdefault((p2, st.to if st.to != OFF else None, o2), (*moves, st))
            frontier = new
        results.extend((m, p, o) for (p, _, o), m in frontier.items())
    for st in extra:
        p2 = bradegen.answer_six_out(rs, apply_step(rs, t.pos, st))
        results.append(((st,), p2, None))
    return results


def _pips(rs: RuleSet, moves: tuple[Step, ...]) -> int:
    if rs.family != "brade":
        return 0
    return sum((st.to - st.frm) * st.many for st in moves)


def _target(t: Turn, results: list[Completion]) -> tuple[int, int, int]:
    """(dice used, higher die forced (its value or 0), pips) that a legal play must reach.

    A play that wins on the way (the last checker borne off, sprängjan, RV 14b / 24a) ends the
    game, so it counts as using the whole roll. RV 2a's six-out is a free alternative and sets
    no target."""
    rs = t.rules
    full = len(t.plan.seq)
    if any(o is not None for _, _, o in results):
        plain_best = max(
            (_used(m) for m, _, o in results if o is None and not _six_out(m) and _valid(t, m)),
            default=0,
        )
        if plain_best < full:
            return (full, 0, 0)
    plain = [m for m, _, o in results if o is None and not _six_out(m) and _valid(t, m)]
    if not plain:
        return (0, 0, 0)
    best = max(_used(m) for m in plain)
    hi = 0
    if rs.higher_die and best == 1 and len(set(t.plan.seq)) == 2:
        top = max(t.plan.seq)
        if any(m[0].die == top for m in plain if _used(m) == 1):
            hi = top
            plain = [m for m in plain if m[0].die == top]
    pips = max((_pips(rs, m) for m in plain if _used(m) == best), default=0)
    return (best, hi, pips)


def _six_out(moves: tuple[Step, ...]) -> bool:
    return bool(moves) and moves[0].many > 1


def _used(moves: tuple[Step, ...]) -> int:
    return 4 if moves and moves[0].many > 1 else len(moves)


def _valid(t: Turn, moves: tuple[Step, ...]) -> bool:
    if t.rules.family == "brade" and t.rules.five_blots:
        return bradegen.five_blots_ok(t, moves)
    return True


def _free_plays(t: Turn) -> list[Completion]:
    """The legal ways to finish a free-order roll from ``t``: those reaching the target of the
    whole roll (B-dice / PI-order maximisation), and those that win on the way."""
    assert t.target is not None
    best, hi, pips = t.target
    out: list[Completion] = []
    done: list[Completion] | None = t._cache.get("complete")
    for m, p, o in done if done is not None else _complete(t):
        if o is not None or _six_out(m):
            out.append((m, p, o))
        elif (
            _used(m) == best
            and _pips(t.rules, m) == pips
            and (not hi or (m and m[0].die == hi))
            and _valid(t, m)
        ):
            out.append((m, p, o))
    return out


# --------------------------------------------------------------------------- ending a roll


def win_outcome(rs: RuleSet, pos: Position, winner: int, kind: str) -> Outcome:
    """Score a win (P-win, PI-win, GP-win; tower and goose with tower-goose)."""
    loser = pos.side(1 - winner)
    winner = Color(winner)
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
    board = pos.side(side)[1:OFF]
    if CHECKERS in board:
        return "tower"
    if board.count(1) == CHECKERS:  # all fifteen stand alone: are they in one row?
        first = board.index(1)
        if board[first : first + CHECKERS] == (1,) * CHECKERS:
            return "goose"
    return None


def finish(t: Turn) -> tuple[Position, Outcome | None, bool]:
    """The position after the roll (with the side to roll next), its outcome, and whether the
    same side rolls again."""
    rs, plan, start = t.rules, t.plan, t.start
    me = start.turn
    pos = t.pos
    outcome = t.outcome
    if rs.family == "brade":
        pos, outcome = bradegen.brade_finish(t)
    elif outcome is None:
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
    if not t.plan.free and t.rules.family == "puff":
        return _ordered_plays(t)
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


def _ordered_plays(t: Turn) -> list[Play]:
    """``plays_from`` for the ordered regimes (P-order, pasches), level by level over bare
    positions: the same rules as ``turn_steps``/``push``/``_settle`` (raw steps of the die due;
    a forfeit of a critical die forfeits the rest), without building a Turn per node."""
    rs, plan = t.rules, t.plan
    me = t.pos.turn
    first = plan.first_roll
    if t.done:
        pos, outcome, again = finish(t)
        return [Play(t.moves, t.forfeited, pos, outcome, plan, again)]
    ends: list[tuple[Position, tuple[Step, ...], tuple[int, ...]]] = []
    frontier: dict[tuple[Position, int | None], tuple[tuple[Step, ...], tuple[int, ...]]] = {
        (t.pos, t.cont): (t.moves, t.forfeited)
    }
    remaining, critical = t.remaining, t.critical
    for i, die in enumerate(remaining):
        new: dict[tuple[Position, int | None], tuple[tuple[Step, ...], tuple[int, ...]]] = {}
        for (pos, cont), (moves, lost) in frontier.items():
            steps = raw_steps(rs, pos, die, cont, first)
            if not steps:
                if critical[i]:
                    ends.append((pos, moves, lost + remaining[i:]))
                else:
                    new.setdefault((pos, None), (moves, (*lost, die)))
                continue
            for st in steps:
                p2 = apply_step(rs, pos, st)
                if (p2[1] if me else p2[0])[OFF] == CHECKERS:  # P-win: the game ends at once
                    ends.append((p2, (*moves, st), lost))
                else:
                    new.setdefault((p2, st.to if st.to != OFF else None), ((*moves, st), lost))
        frontier = new
    ends.extend((pos, moves, lost) for (pos, _), (moves, lost) in frontier.items())
    out: dict[tuple[Position, Outcome | None], Play] = {}
    seen: set[tuple[Position, bool]] = set()
    for pos, moves, lost in ends:
        if (pos, bool(lost)) in seen:  # the same end (a forfeit can change only the re-roll)
            continue
        seen.add((pos, bool(lost)))
        won = (pos[1] if me else pos[0])[OFF] == CHECKERS
        outcome = win_outcome(rs, pos, me, "bearoff") if won else None
        done = Turn(rs, t.start, plan, pos, (), (), moves, lost, None, outcome, t.target)
        final, outcome, again = finish(done)
        key = (final, outcome)
        if key not in out:
            out[key] = Play(moves, lost, final, outcome, plan, again)
    return list(out.values())


def legal_plays(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Play]:
    """Every distinct legal way to move the roll ``dice`` from ``pos`` (design.md ``plays``)."""
    out: dict[tuple[Position, Outcome | None], Play] = {}
    for plan in plans(rs, pos, dice):
        for play in plays_from(begin(rs, pos, plan)):
            out.setdefault((play.position, play.outcome), play)
    return list(out.values())


from . import bradegen  # noqa: E402  (bräde rules; imports this module's Step and Outcome)
