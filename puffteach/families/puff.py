"""Puff (LT, PI, GP and the Puff options): single steps, plans, wins and scoring.

Path numbers are the mover's own; ``CROSS[layout][q]`` is the opponent's point on the same
physical point. Rule ids cite the rule set's own source (``rs.rule_id("land")`` is ``P-land``
for LT, …).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from ..board import BEFORE_HOME, CROSS, HOME_QUARTER, IN_FIRST_QUARTER, OFF
from ..color import BLACK, OTHER, WHITE, Color
from ..errors import DiceError
from ..outcome import Outcome, Termination
from ..position import CHECKERS, Position
from ..rules import PRESETS, PUFF_OPTIONS, PuffRules
from ..steps import BEARING_OFF, LANDING, Plan, Refusal, Step, Turn
from .base import EarlyWins, Family

if TYPE_CHECKING:
    from random import Random

    from ..rules import RuleSet

_new = tuple.__new__
_HOME: Final = HOME_QUARTER.start  # the home quarter's first point (bearing off from there)
_R = Refusal.of


def _protected(rs: PuffRules, pos: Position, opp: tuple[int, ...]) -> bool:
    """long-puff-entry (d): the opponent's blots cannot be hit while he has not yet entered
    all fifteen checkers, the first time (his ``wentered``/``bentered`` key is then set: a
    checker hit later does not bring the protection back)."""
    return rs.long_entry and opp[0] > 0 and not pos.side_flag(OTHER[pos.turn], "entered")


def _own(rs: RuleSet) -> PuffRules:
    """A turn's rule set as a Puff one (TypeError for another family's): the one narrowing
    helper of this module, for the methods that get the rule set with the turn."""
    return rs if type(rs) is PuffRules else PuffRules.narrow(rs)


def _sides(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (pos.b, pos.w) if pos.turn else (pos.w, pos.b)


# The check chain. A step is checked in the order a player meets the rules: a checker to move
# and the die's distance (:func:`_check`), the entering rules (:func:`_enter`), then either
# where it lands (:func:`_land`) or bearing off (:func:`_bear`). Each segment takes a list of
# candidates and returns the legal steps; with ``why`` it also lists each refusal (rule id,
# message key, parameters), without it a refused candidate is dropped. Generation
# (:meth:`Puff.steps`) runs the segments over every checker, explanations
# (:meth:`Puff.check`) run them over one: the same rules, written once.


def _land(
    rs: PuffRules,
    own: Sequence[int],
    opp: Sequence[int],
    guard: bool,
    die: int,
    frms: Iterable[tuple[int, int]],
    why: bool,
    out: list[Step | Refusal],
) -> None:
    """P-land, P-hit, long-puff-entry (d): where a checker comes down (``frm + die`` <= 24).
    ``frms``: the sources, each with the opponent's point where it lands (``_LANDINGS``,
    ``_SOURCE``)."""
    made = LANDING[die]
    for frm, x in frms:
        if not own[frm]:
            continue
        n = opp[x]
        if n >= 2:
            if why:
                out.append(_R(rs.rule_id("land"), "refusal.land", point=frm + die))
        elif n and guard:
            if why:
                out.append(_R("long-puff-entry", "refusal.long_entry_blot"))
        else:
            out.append(made[frm][n])  # Step(die, frm, to, hit=n == 1)


#: per layout and die: every source on the board whose checker lands on the board, with the
#: opponent's point there (``CROSS[layout][frm + die]``), for generation
_LANDINGS: Final = {
    layout: tuple(tuple((f, cross[f + d]) for f in range(1, OFF - d)) for d in range(7))
    for layout, cross in CROSS.items()
}
#: per layout, die and source (0 = entering): that one source for :func:`_land`
_SOURCE: Final = {
    layout: tuple(tuple(((f, cross[f + d]),) for f in range(OFF - d)) for d in range(7))
    for layout, cross in CROSS.items()
}


def _bear(
    rs: PuffRules,
    own: tuple[int, ...],
    die: int,
    frms: Iterable[int],
    why: bool,
    out: list[Step | Refusal],
) -> None:
    """P-bearoff, PI-bearoff, GP-bearoff, exact-25: bearing off (``frm + die`` >= 25)."""
    if sum(own[BEFORE_HOME]):
        if why:
            out.append(_R(rs.rule_id("bearoff"), "refusal.bearoff_quarter"))
        return
    back = rearmost(own) if rs.bearoff == "rearmost" else 0
    for frm in frms:
        if not own[frm]:
            continue
        if back and frm != back and not (rs.exact_25 and frm + die == OFF):
            if why:
                out.append(_R(rs.rule_id("bearoff"), "refusal.bearoff_rearmost", point=back))
            continue
        out.append(BEARING_OFF[die][frm])


def _enter(
    rs: PuffRules,
    own: Sequence[int],
    opp: Sequence[int],
    guard: bool,
    cont: int | None,
    first: bool,
    frm: int,
    die: int,
    why: bool,
    out: list[Step | Refusal],
) -> None:
    """P-enter, long-puff-entry (b), (e): a step while checkers wait to enter."""
    if frm:
        if not rs.long_entry or first:
            if why:
                out.append(_R(rs.rule_id("enter"), "refusal.enter_first", n=own[0]))
            return
        if frm != cont:
            if why:
                out.append(_R("long-puff-entry", "refusal.long_entry_frozen"))
            return
    elif first:
        if own[die] or opp[CROSS[rs.layout][die]]:
            if why:
                out.append(_R("long-puff-entry", "refusal.long_entry_first"))
            return
        out.append(_new(Step, (die, 0, die, False, 1)))
        return
    elif not rs.enter_own and own[die]:
        if why:
            out.append(_R(rs.rule_id("enter"), "refusal.enter_own"))
        return
    if frm + die <= 24:
        _land(rs, own, opp, guard, die, _SOURCE[rs.layout][die][frm], why, out)
    elif why:  # a continuing checker cannot bear off while others wait
        out.append(_R(rs.rule_id("bearoff"), "refusal.bearoff_quarter"))


def _check(
    rs: PuffRules, pos: Position, frm: int, to: int, die: int, cont: int | None, first: bool
) -> Step | Refusal:
    """The whole chain for one step ``frm/to`` with ``die``: the step or its first refusal."""
    own, opp = _sides(pos)
    out: list[Step | Refusal] = []
    if not own[frm]:  # a checker to move
        if frm == 0:
            return _R(rs.rule_id("enter"), "refusal.nothing_to_enter")
        return _R(rs.rule_id("dice"), "refusal.no_checker", point=frm)
    if to != frm + die and not (to == OFF and frm + die > OFF):  # the die's distance
        return _R(rs.rule_id("dice"), "refusal.distance", die=die, frm=frm, to=to)
    guard = _protected(rs, pos, opp)
    if own[0] and rs.enter_first:
        _enter(rs, own, opp, guard, cont, first, frm, die, True, out)
    elif to == OFF:
        _bear(rs, own, die, (frm,), True, out)
    else:
        _land(rs, own, opp, guard, die, _SOURCE[rs.layout][die][frm], True, out)
    return out[0]


def rearmost(own: tuple[int, ...]) -> int:
    for p in range(1, OFF):
        if own[p]:
            return p
    return OFF


def _patch(
    opp: Sequence[int],
    cross: tuple[int, ...],
    die: int,
    frm: int,
    to: int,
    hit: bool,
    gone: bool,
    new: bool,
    now: list[Step],
    i: int = 0,
) -> None:
    """The middle game's steps of ``die`` after a step ``frm``/``to`` (``hit``) landed on the
    board: ``now``, its steps before that step in source order, changed in place (``opp``:
    the opponent's counts; ``gone``: the step emptied its source; ``new``: its target holds
    the mover's only checker there now). A point's steps depend only on its own count and
    on where they land (P-land, P-hit), so they change only at the step's source (emptied:
    its step goes), the point a die short of its target (a hit there is now a plain
    landing) and its target (a new source). ``i``: where to start looking (every step
    before it comes from a point below ``frm`` and ``to - die``)."""
    back = to - die if hit else -1
    last = len(now)
    while i < last and (gone or back >= 0):
        f = now[i][1]
        if gone and f >= frm:
            gone = False
            if f == frm:
                del now[i]
                last -= 1
                continue
        if back >= 0 and f >= back:
            if f == back:
                now[i] = LANDING[die][f][0]
            back = -1
        if f > to:  # (a new source at ``to`` goes before it)
            break
        i += 1
    if new and to + die < OFF:  # a new source point
        n = opp[cross[to + die]]
        if n < 2:
            while i < last and now[i][1] < to:
                i += 1
            now.insert(i, LANDING[die][to][n])


class Puff(Family[PuffRules]):
    name = "puff"
    rules_type = PuffRules
    #: P-win: the last checker borne off (tower and goose march are decided at the end of
    #: the roll, by finish)
    early_wins = EarlyWins(bearoff=True, least_off=CHECKERS)
    lists_free_rolls = False  # (needs_listing: never)
    #: master is not measurably stronger than expert in lång puff (+0.028 [-0.011, +0.067]
    #: points a game over 2,000 mirrored games) and several times slower: Puff's ladder ends
    #: at expert (issue 43; hints and analysis may use grandmaster, a setting of its own)
    ladder_top = "expert"

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def option_codes(self) -> tuple[str, ...]:
        return tuple(PUFF_OPTIONS)

    # ------------------------------------------------------------------ the check chain
    def check(
        self,
        rs: PuffRules,
        pos: Position,
        frm: int,
        to: int,
        die: int,
        cont: int | None = None,
        first: bool = False,
    ) -> Step | Refusal:
        return _check(rs, pos, frm, to, die, cont, first)

    def steps(
        self, rs: PuffRules, pos: Position, die: int, cont: int | None, first: bool
    ) -> list[Step]:
        if pos.turn:
            own, opp = pos.b, pos.w
        else:
            own, opp = pos.w, pos.b
        guard = rs.long_entry and _protected(rs, pos, opp)
        out: list[Any] = []  # only Steps: without ``why`` the segments list no refusal
        if own[0] and rs.enter_first:
            # only the waiting checkers (and long-puff-entry's checker moved by the last die)
            _enter(rs, own, opp, guard, cont, first, 0, die, False, out)
            if cont is not None and rs.long_entry and not first and own[cont] and cont + die <= 24:
                _enter(rs, own, opp, guard, cont, first, cont, die, False, out)
        else:
            _land(rs, own, opp, guard, die, _LANDINGS[rs.layout][die], False, out)
            if not sum(own[BEFORE_HOME]):  # (the bear-off segment would only refuse otherwise)
                _bear(rs, own, die, range(max(_HOME, OFF - die), OFF), False, out)
        return out

    def steps_pair(
        self, rs: PuffRules, pos: Position, lo: int, hi: int, cont: int | None, first: bool
    ) -> tuple[list[Step], list[Step]]:
        """Without long-puff-entry: while checkers wait, each die's entry (:func:`_enter`);
        else both dice's landings in one pass over the mover's points, with :func:`_land`'s
        rule (P-land, P-hit: an opponent band stops the checker, a blot is hit), then
        :func:`_bear` for each. Same steps, same order as :meth:`steps`
        (``tests/test_kernel.py``)."""
        if pos.turn:
            own, opp = pos.b, pos.w
        else:
            own, opp = pos.w, pos.b
        if rs.long_entry or lo >= hi:
            return self.steps(rs, pos, lo, cont, first), self.steps(rs, pos, hi, cont, first)
        out_lo: list[Any] = []  # only Steps (as in steps)
        out_hi: list[Any] = []
        if own[0] and rs.enter_first:  # only the waiting checkers enter (P-enter)
            _enter(rs, own, opp, False, cont, first, 0, lo, False, out_lo)
            _enter(rs, own, opp, False, cont, first, 0, hi, False, out_hi)
            return out_lo, out_hi
        cross = CROSS[rs.layout]
        made_lo, made_hi = LANDING[lo], LANDING[hi]
        end_lo, end_hi = OFF - lo, OFF - hi  # points a checker lands from: below these
        for frm in compress(range(1, end_lo), own[1:end_lo]):  # the occupied points
            n = opp[cross[frm + lo]]
            if n < 2:
                out_lo.append(made_lo[frm][n])  # Step(lo, frm, frm + lo, hit=n == 1)
            if frm < end_hi:
                n = opp[cross[frm + hi]]
                if n < 2:
                    out_hi.append(made_hi[frm][n])
        if not sum(own[BEFORE_HOME]):
            _bear(rs, own, lo, range(max(_HOME, end_lo), OFF), False, out_lo)
            _bear(rs, own, hi, range(max(_HOME, end_hi), OFF), False, out_hi)
        return out_lo, out_hi

    def steps_after(
        self, rs: PuffRules, pos: Position, step: Step, die: int, before: list[Step]
    ) -> list[Step] | None:
        """In the middle game (nothing waiting to enter, no bear-off, no long-puff-entry) a
        point's steps depend only on its own count and on where they land (the module's
        chain: P-land, P-hit), so one step changes the steps of another die only at its
        source, its target and the point a die short of its target: ``before`` patched
        there (:func:`_patch`). While checkers wait to enter after a checker entered, a die
        enters as it did (a hit sends back a checker on another point), unless it enters
        on the point the step came in on."""
        if rs.long_entry or step.many != 1:
            return None
        own = pos.b if pos.turn else pos.w
        frm, to = step.frm, step.to
        if not frm:  # entered: while others wait, the die enters as before (P-enter)
            # unless it enters where this checker came in (its own checker there now)
            return before if own[0] > 1 and rs.enter_first and to != die else None
        # the middle game after the step: none waiting, and a checker before home
        if own[0] or sum(own[BEFORE_HOME]) - (frm < _HOME) + (to < _HOME) <= 0:
            return None
        gone, new = own[frm] == 1, not own[to]
        if not (gone or new):  # no step changes (a hit lands on a point the mover had not)
            return before
        now = list(before)
        opp = pos.w if pos.turn else pos.b
        _patch(opp, CROSS[rs.layout], die, frm, to, step.hit, gone, new, now)
        return now

    def sample_run(
        self, rs: PuffRules, pos: Position, dice: tuple[int, ...], steps: list[Step], rng: Random
    ) -> tuple[Position, list[Step], list[Step] | None] | None:
        """On the sides' counts as lists, one Position at the end. A die after a die of
        another value has its steps made on the counts by the chain's segments (entering,
        :func:`_enter`, while checkers wait; else landing, :func:`_land`). A die after an
        equal one: while checkers wait, the same entry on a point the opponent no longer
        holds (P-enter; none without ``enter_own``), made afresh once the last has entered;
        in the middle game the drawn die's steps patched in place (:func:`_patch`, from the
        drawn step's index: the point a die short of its target is its source). Stops where
        bearing off opens, so no step it plays bears off or wins (Puff's :attr:`early_wins`:
        only a step that bears off may). Not with long-puff-entry."""
        if rs.long_entry or not rs.enter_first:
            return None
        me = pos.turn
        own_t, opp_t = (pos.b, pos.w) if me else (pos.w, pos.b)
        behind = sum(own_t[1:_HOME])  # checkers on the board before the home quarter
        if not behind and not own_t[0]:  # bearing off
            return None
        own = list(own_t)
        opp: Sequence[int] = opp_t
        hits: list[int] | None = None
        cross, layout = CROSS[rs.layout], rs.layout
        die = dice[0]
        r = rng.random
        played: list[Step] = []
        now: list[Any] | None = list(steps)  # (only Steps) patched in place
        k, n = 0, len(dice)
        while now:
            i = int(r() * len(now))
            st = now[i]
            played.append(st)
            frm, to, hit = st[1], st[2], st[3]
            own[frm] -= 1
            own[to] += 1
            if hit:
                if hits is None:
                    opp = hits = list(opp_t)
                x = cross[to]
                hits[0] += hits[x]
                hits[x] = 0
            if to >= _HOME > frm:
                behind -= 1
            elif not frm:
                behind += 1
            k += 1
            if k == n:
                now = None
            elif dice[k] != die or not frm and not own[0]:  # steps made afresh
                die = dice[k]
                now = []
                if own[0]:
                    _enter(rs, own, opp, False, None, False, 0, die, False, now)
                elif behind:
                    _land(rs, own, opp, False, die, _LANDINGS[layout][die], False, now)
                else:  # bearing off opens: the walker's (every step of the die)
                    now = None
            elif not frm:  # entered, checkers still wait: the next equal die enters here too
                now = [LANDING[die][0][0]] if rs.enter_own else []
            elif not behind:  # bearing off opens
                now = None
            elif not own[frm] or own[to] == 1:  # (else no step changes: a hit lands alone)
                _patch(opp, cross, die, frm, to, hit, not own[frm], own[to] == 1, now, i)
        mine = tuple(own)
        theirs = opp_t if hits is None else tuple(hits)
        after = _new(Position, (theirs, mine, *pos[2:]) if me else (mine, theirs, *pos[2:]))
        return after, played, now

    # ------------------------------------------------------------------ a roll
    def check_dice(self, rs: PuffRules, pos: Position, dice: tuple[int, ...]) -> None:
        if len(dice) != 2:
            raise DiceError("error.dice.two", rules=rs.name, n=len(dice))

    def plans(self, rs: PuffRules, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
        """One plan, or seven for the generalpasch (played as rolled, or named as x-x)."""
        a, b = (dice[0], dice[1]) if dice[0] <= dice[1] else (dice[1], dice[0])
        if a != b and not rs.long_entry:  # P-order / PI-order: the same plan every time
            plan = _UNEQUAL.get((rs.name, a, b))
            if plan is None:
                plan = _UNEQUAL[(rs.name, a, b)] = _plan(rs, pos, (a, b), None)
            if not (rs.generalpasch and pos.general == (a, b)):
                return [plan]
        if rs.generalpasch and pos.general == (a, b):
            # the seven plans depend on what _plan's keys hold: made once per such key
            me = pos.turn
            first_roll = rs.long_entry and not pos.side_flag(me, "rolled")
            key = (rs.name, a, b, pos.pasches(me) == 0, pos.streak >= 3, first_roll)
            seven = _GENERAL.get(key)
            if seven is None:
                seven = _GENERAL[key] = (
                    _plan(rs, pos, (a, b), None),
                    *(_plan(rs, pos, (x, x), x, (a, b)) for x in range(1, 7)),
                )
            return list(seven)
        return [_plan(rs, pos, (a, b), None)]

    def ended(self, rs: PuffRules, pos: Position) -> Outcome | None:
        """Over once a side has borne off all fifteen (P-win, PI-win, GP-win), scored by the
        rule set's table. (A tower or goose march standing is not taken as over: it wins when
        a roll makes it, and positions set up with one are used to study it.)"""
        if pos.w[OFF] == CHECKERS:
            return win_outcome(rs, pos, WHITE, "bearoff")
        if pos.b[OFF] == CHECKERS:
            return win_outcome(rs, pos, BLACK, "bearoff")
        return None

    def follows_checker(self, rs: PuffRules) -> bool:
        return rs.long_entry

    def shape_wins(self, rs: PuffRules) -> bool:
        return rs.tower_goose

    def needs_listing(self, turn: Turn) -> bool:
        return False

    # ------------------------------------------------------------------ outcomes
    def early_outcome(
        self, turn: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...]
    ) -> Outcome | None:
        if (pos.b if pos.turn else pos.w)[OFF] == CHECKERS:
            return win_outcome(_own(turn.rules), pos, pos.turn, "bearoff")
        return None

    def finish(self, turn: Turn) -> tuple[Position, Outcome | None]:
        rs, me, pos, outcome = _own(turn.rules), turn.start.turn, turn.pos, turn.outcome
        if outcome is None and rs.tower_goose and _may_pattern(pos.b if me else pos.w, turn):
            kind = pattern_win(rs, pos, me)
            if kind:
                outcome = win_outcome(rs, pos, me, kind)
        if turn.plan.pasch:  # the pasch count (P-pasch-1: a player's first pasch differs)
            w, b, turn_, wp, bp, *rest = pos
            pos = _new(Position, (w, b, turn_, wp + (not me), bp + me, *rest))
        if rs.long_entry:
            pos = pos.with_side_flag(me, "rolled", 1)
        return pos, outcome

    # ------------------------------------------------------------------ explanations
    def pasch_rule(self, turn: Turn) -> str:
        rs, start = _own(turn.rules), turn.start
        if rs.fourth_pasch and start.streak >= 3:
            return "fourth-pasch"
        if rs.long_entry and turn.plan.first_roll:
            return "long-puff-entry"
        return rs.rule_id("pasch-1" if start.pasches(start.turn) == 0 else "pasch-n")

    def legal_rule(self, turn: Turn, step: Step) -> str:
        rs = _own(turn.rules)
        if turn.plan.first_roll or (
            rs.long_entry and step.frm != 0 and turn.pos.side(turn.pos.turn)[0]
        ):
            return "long-puff-entry"
        if step.frm == 0:
            return rs.rule_id("enter")
        if step.to == OFF:
            return rs.rule_id("bearoff")
        if step.hit:
            return rs.rule_id("hit")
        if turn.plan.pasch:
            return self.pasch_rule(turn)
        return rs.rule_id("order")

    # ------------------------------------------------------------------ state
    def keys(self, rs: PuffRules) -> frozenset[str]:
        keys = {"wpasch", "bpasch"}
        if rs.pasch_reroll != "never":
            keys.add("streak")
        if rs.generalpasch:
            keys.add("general")
        if rs.long_entry:
            keys |= {"wrolled", "brolled", "wentered", "bentered"}
        return frozenset(keys)

    def blots_protected(self, rs: PuffRules, pos: Position) -> bool:
        # long-puff-entry (d): no hit can lift the protection during the roll (a blot is not
        # hit while it holds), so it holds for the whole roll
        return _protected(rs, pos, _sides(pos)[1])


PUFF: Final = Puff()


# --------------------------------------------------------------------------- plans


def _plan(
    rs: PuffRules,
    pos: Position,
    dice: tuple[int, int],
    named: int | None,
    shown: tuple[int, int] | None = None,
) -> Plan:
    """The plan for ``dice`` (for a named generalpasch: ``dice`` is the pasch, ``shown`` the
    dice as rolled). Plans depend only on the rule set, the dice and a few facts about the
    position, so one frozen value serves every roll that asks for it."""
    me = pos.turn
    first_roll = rs.long_entry and not pos.side_flag(me, "rolled")
    key = (rs.name, dice, named, shown, pos.pasches(me) == 0, pos.streak >= 3, first_roll)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _make_plan(rs, pos, dice, named, first_roll)
        if shown is not None:
            plan = replace(plan, dice=shown)
        _PLANS[key] = plan
    return plan


_PLANS: dict[tuple[object, ...], Plan] = {}
#: unequal dice without long-puff-entry: the plan depends only on the rule set and the dice
_UNEQUAL: dict[tuple[str, int, int], Plan] = {}
#: a generalpasch roll's seven plans, by the facts of the position that _plan's keys hold
_GENERAL: dict[tuple[object, ...], tuple[Plan, ...]] = {}


def _make_plan(
    rs: PuffRules, pos: Position, dice: tuple[int, int], named: int | None, first_roll: bool
) -> Plan:
    """P-order / PI-order (unequal dice), P-pasch-1 / P-pasch-n / GP-pasch (pasches),
    fourth-pasch and long-puff-entry (a) and (b)."""
    a, b = dice
    if a != b:
        if rs.dice_order == "free" or first_roll:
            return Plan(dice, (a, b), (False, False), True, False, named, first_roll=first_roll)
        return Plan(dice, (a, b), (True, False), False, False, named)
    x, y = a, 7 - a
    first_pasch = pos.pasches(pos.turn) == 0
    if rs.fourth_pasch and pos.streak >= 3:
        return Plan(dice, (x, x), (True, False), False, True, named, False, first_roll)
    if first_roll:
        return Plan(dice, (x, x), (False, False), True, True, named, False, True)
    kind = rs.first_pasch if first_pasch else rs.later_pasch
    seq: tuple[int, ...]
    crit: tuple[bool, ...]
    if kind == "top":
        seq, crit = (x, x), (True, False)
    elif kind == "top-bottom":
        seq, crit = (x, x, y, y), (True, True, False, False)
    else:  # top2-bottom2
        seq, crit = (x,) * 4 + (y,) * 4, (True,) * 4 + (False,) * 4
    reroll = rs.pasch_reroll == "all" or (rs.pasch_reroll == "later" and not first_pasch)
    return Plan(dice, seq, crit, False, True, named, reroll, complete=rs.reroll_needs_complete)


# --------------------------------------------------------------------------- wins


def win_outcome(rs: PuffRules, pos: Position, side: Color, name: str) -> Outcome:
    """Score a win (P-win, PI-win, GP-win; tower and goose with tower-goose)."""
    side = Color(side)  # (a position built by hand may hold a plain 0 or 1)
    loser = pos.side(side.other)
    kind = Termination(name)
    if kind == "tower":
        return Outcome(side, kind, 4)
    if kind == "goose":
        return Outcome(side, kind, 3)
    if rs.scoring == "lt":
        if loser[0]:
            return Outcome(side, kind, 3, schneider=True)
        if sum(loser[IN_FIRST_QUARTER]):
            return Outcome(side, kind, 2, schneider=True)
        return Outcome(side, kind, 1)
    if rs.scoring == "pi":
        if not loser[OFF]:
            return Outcome(side, kind, 2, schneider=True)
        return Outcome(side, kind, 1)
    return Outcome(side, kind, 1)


def _may_pattern(own: tuple[int, ...], turn: Turn) -> bool:
    """May ``own`` (the mover's counts after ``turn``) be a tower or a goose march? A cheap
    test before :func:`pattern_win`: fifteen points in a row always hold 10 to 15, and a
    tower made by the roll stands where its last step went (a roll without steps: ask)."""
    if own[10] == 1 and own[15] == 1:
        return True
    moves = turn.moves
    return own[moves[-1].to] == CHECKERS if moves else True


def pattern_win(rs: PuffRules, pos: Position, side: Color) -> str | None:
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
