"""Bräde (BH and the RV paragraphs): single steps, bursts, bear-off variants, plans, wins,
scoring and the state keys.

Path numbers are the mover's own; ``CROSS[layout][q]`` is the opponent's point on the same
physical point (in bräde the opponent's 1 is the mover's 13, so the opponent's huk, his 12, is
the mover's 24).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from ..board import (
    BEFORE_HOME,
    CROSS,
    FIRST_QUARTER,
    HOME_QUARTER,
    IN_FIRST_QUARTER,
    LAST_HALF,
    OFF,
)
from ..color import BLACK, WHITE, Color
from ..errors import DiceError
from ..messages import Message
from ..outcome import Outcome, Termination
from ..position import CHECKERS, Position
from ..rules import BradeRules
from ..rules import brade as _rules_brade
from ..rules.brade import PATTERNS, POINTS, RANK, VALUED_AS, roll_name
from ..steps import BEARING_OFF, LANDING, Plan, Refusal, Step, Turn, apply_step
from .base import Family

if TYPE_CHECKING:
    from ..rules import RuleSet

_X = CROSS["brade"]
_new = tuple.__new__
_R = Refusal.of
#: every point a checker on the board can move from
_BOARD: Final = range(1, OFF)


def _own(rs: RuleSet) -> BradeRules:
    """A turn's rule set as a bräde one (TypeError for another family's): the one narrowing
    helper of this module, for the functions that get the rule set with the turn."""
    return rs if type(rs) is BradeRules else BradeRules.narrow(rs)


def _sides(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (pos.b, pos.w) if pos.turn else (pos.w, pos.b)


_NO_WALL: frozenset[int] = frozenset()
_BAND = (2).__le__  # n >= 2: a band (counted in C by ``sum(map(...))``)


def wall_points(opp: tuple[int, ...]) -> frozenset[int]:
    """The mover's points holding opponent bands that belong to a run of six or more
    consecutive bands along the mover's path (B-burst-wall, RV 6)."""
    if sum(map(_BAND, opp[1:25])) < 6:
        return _NO_WALL
    out: set[int] = set()
    run: list[int] = []
    for q in range(1, 26):
        if q <= 24 and opp[_X[q]] >= 2:
            run.append(q)
            continue
        if len(run) >= 6:
            out.update(run)
        run = []
    return frozenset(out)


def makes_wall(own: tuple[int, ...]) -> bool:
    """Does ``own`` hold six or more bands in a row along the opponent's path (RV 6b)?"""
    run = 0
    for r in range(1, 25):  # the opponent's path point r is the mover's point _X[r]
        if own[_X[r]] >= 2:
            run += 1
            if run >= 6:
                return True
        else:
            run = 0
    return False


def entry_burst_allowed(rs: BradeRules, own: tuple[int, ...], opp: tuple[int, ...]) -> bool:
    """May an entering checker burst an opponent band in the first quarter (RV 5a / 5b)?"""
    if rs.burst_entry == "5b":
        return all(own[p] or opp[_X[p]] >= 2 for p in FIRST_QUARTER)
    if rs.burst_entry == "5a":
        # RV 5a counts the free ("lediga") points: where a checker can enter, i.e. empty or
        # holding an opponent blot (RV's note under 5b uses "ledig" so). 5a-strict counts only
        # empty points (BH's entering section tells "ledig" apart from an opponent blot).
        block = 1 if rs.burst_entry_strict else 2  # opponent checkers that make a point unfree
        free = sum(1 for p in FIRST_QUARTER if not own[p] and opp[_X[p]] < block)
        return own[0] > free
    return False


def huk_burst_allowed(rs: BradeRules, own: tuple[int, ...], frm: int) -> bool:
    """RV 7: the opponent's huk band (the mover's 24) may be burst once the mover has all his
    checkers in his fourth quarter, or the other fourteen there and this one comes from 18."""
    if not rs.huk_burst:
        return False
    behind = sum(own[BEFORE_HOME])
    return behind == 0 or (behind == 1 and frm == 18)


def may_bear_off(rs: BradeRules, own: tuple[int, ...], opp: tuple[int, ...]) -> str | None:
    """None if the mover may bear off now, else the rule id that forbids it."""
    if sum(own[BEFORE_HOME]):
        return "B-bearoff"
    # RV 9 forbids only *beginning* the bear-off with a blot in the fourth quarter
    if rs.bear_bands_only and not own[OFF] and any(own[p] == 1 for p in HOME_QUARTER):
        return "RV-9"
    if rs.huk_blocks_bearoff and opp[12] >= 2:
        return "RV-10"
    return None


def reduction_allowed(rs: BradeRules, opp: tuple[int, ...]) -> bool:
    if rs.bearoff == "8d":
        return opp[12] < 2
    return rs.bearoff in ("8a", "8b")


# --------------------------------------------------------------------------- outcomes


def janblotta_out(own: tuple[int, ...]) -> bool:
    """The seventh checker has left the home, or the sixth while the home band stands (B-jan)."""
    # checkers taken out of the home one by one; RV 2a's six-out band (on 7, or 5) left as one
    out = CHECKERS - own[1] - own[OFF] - sum(own[p] for p in (5, 7) if own[p] >= 2)
    return out >= 7 or (out >= 6 and own[1] >= 2)


def may_resign(rs: BradeRules, pos: Position) -> Message | None:
    """None if the side to move may resign for a hemspel's points (RV 4a), else why not."""
    if rs.resign != "4a":
        return Message.of("error.resign_rule", rules=rs.name, code=rs.resign)
    return _breach(pos, pos.turn)


def _breach(pos: Position, side: Color) -> Message | None:
    """Which of RV 4a's conditions ``side`` breaks in ``pos``, if any: a band in his third or
    fourth quarter now or before, the janblotta out now or before."""
    own = pos.side(side)
    if any(own[p] >= 2 for p in LAST_HALF) or pos.side_flag(side, "banded"):
        return Message.of("error.resign_banded")
    if janblotta_out(own) or pos.side_flag(side, "janblotta"):
        return Message.of("error.resign_janblotta")
    return None


def may_resign_after(rs: BradeRules, pos: Position, ends: Iterable[Position]) -> Message | None:
    """RV 4a after seeing a roll: allowed when the conditions held before it and the roll does
    not force a breach, i.e. some legal play of it (ending in one of ``ends``) keeps them."""
    why = may_resign(rs, pos)
    if why is not None:
        return why
    me = pos.turn
    if any(_breach(end, me) is None for end in ends):
        return None
    return Message.of("error.resign_forced")


def jan_excess(victim: tuple[int, ...]) -> int:
    """How many more checkers the victim has to enter than he has points to enter on (B-jan):
    points of his first quarter without his own checkers (empty, or the winner's)."""
    return victim[0] - victim[IN_FIRST_QUARTER].count(
        0
    )  # the free points: those holding none of his


def pattern(rs: BradeRules, own: tuple[int, ...], opp: tuple[int, ...]) -> str | None:
    """The beautiful pattern ``own`` forms (B-beautiful, RV 16-19), if any."""
    if own[OFF] or "uppspel" not in PATTERNS or not rs.patterns:
        return None
    shifts = [0]
    if rs.shifted_patterns and opp[12] >= 2:
        shifts.append(1)
    for shift in shifts:
        lo = 20 - shift
        if sum(own[lo : lo + 5]) != CHECKERS:
            continue
        counts = tuple(own[lo : lo + 5])
        for kind in rs.patterns:
            if PATTERNS.get(kind) == counts:
                return kind
    return None


def kejsar_from(rs: BradeRules, start: Position, dice: tuple[int, ...]) -> int | None:
    """Kejsarspel (BH; RV 18): 7 on 24 and 7 on 23, and one die brings the fifteenth checker
    exactly to 24 and the other exactly to 23. Returns that checker's point."""
    if "kejsarspel" not in rs.patterns or len(dice) != 2:
        return None
    own, _ = _sides(start)
    if own[24] != 7 or own[23] != 7 or own[OFF]:
        return None
    p = next((q for q in range(0, 23) if own[q]), None)
    if p is None or p == 0:
        return None
    return p if sorted(dice) == [23 - p, 24 - p] else None


def score(
    rs: BradeRules, pos: Position, winner: Color, kind: str, victim_excess: int = 0
) -> Outcome:
    """Points per the rule set's table (RV 26; BH: one game each), munk (B-munk, RV 20),
    graded jan (RV 21), johannaregeln (RV 4c)."""
    table = POINTS[rs.points]
    winner = Color(winner)  # (a position built by hand may hold a plain 0 or 1)
    loser = pos.side(winner.other)
    munk = kind not in ("jan", "sprangjan") and loser[0] > 0
    value_kind = VALUED_AS[kind]
    victim_banded = pos.side_flag(winner.other, "banded")
    if kind == "jan" and rs.resign == "4c" and not victim_banded:
        value_kind = "hemspel"  # RV 4c: a jan before the victim had a band in his 3rd/4th quarter
    points = table[value_kind]
    if kind == "jan" and rs.jan_graded and value_kind == "jan":
        points += max(0, victim_excess - 1)
    if munk:
        points += table["munk"] * (loser[0] if rs.munk_graded else 1)
    return Outcome(winner, Termination(kind), points, munk=munk)


#: A step that hits nothing and stops short of the fourth quarter cannot win at once: the last
#: checker borne off goes to OFF, a kejsarspel ends on 23 or 24, a jan needs a hit, and a
#: beautiful pattern stands in the fourth quarter only (the step's checker among its fifteen).
#: :meth:`Brade.early_outcome` answers such steps, most of a game's, without the checks.
_FOURTH: Final = 19


def early_outcome(
    t: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...]
) -> Outcome | None:
    rs = _own(t.rules)
    me = pos.turn
    own, opp = _sides(pos)
    if own[OFF] == CHECKERS:
        out = score(rs, pos, me, "hemspel")
        if rs.pissmunk and (step.hit or any(st.hit for st in prior)):
            out = replace(out, pissmunk=True)
        return out
    if not prior and step.to in (23, 24) and "kejsarspel" in rs.patterns:
        k = kejsar_from(rs, t.start, t.plan.dice)
        if k is not None and step.frm == k:
            return score(rs, pos, me, "kejsarspel")
    excess = jan_excess(opp) if step.hit else 0
    if excess > 0:
        burst = _sides(before)[1][_X[step.to]] >= 2 if step.to <= 24 else False
        if burst and (rs.sprangjan_now or rs.jan_when == "24a"):
            return score(rs, pos, me, "sprangjan")
        if rs.jan_when == "24a":
            return score(rs, pos, me, "jan", excess)
    if rs.beautiful == "14b":
        kind = pattern(rs, own, opp)
        if kind:
            return score(rs, pos, me, kind)
    return None


def _jan_made_by_burst(t: Turn) -> bool:
    """Was the jan completed by a burst (sprängjan) rather than by hitting a blot (RV 24b)?"""
    pos = t.start
    for st in t.moves:
        opp_before = _sides(pos)[1]
        burst = st.to <= 24 and st.hit and opp_before[_X[st.to]] >= 2
        pos = apply_step(t.rules, pos, st)
        if jan_excess(_sides(pos)[1]) > 0:
            return burst
    return False


def finish(t: Turn) -> tuple[Position, Outcome | None]:
    """End of a bräde roll: patterns under 14a, jan under 24b, and the state keys."""
    rs = _own(t.rules)
    pos = t.pos
    me = t.start.turn
    outcome = t.outcome
    own, opp = _sides(pos)
    if outcome is None and rs.beautiful == "14a":
        kind = pattern(rs, own, opp)
        if kind:
            outcome = score(rs, pos, me, kind)
    if outcome is None:
        excess = jan_excess(opp)
        if excess > 0 and any(st.hit for st in t.moves):
            kind = "sprangjan" if _jan_made_by_burst(t) else "jan"
            outcome = score(rs, pos, me, kind, excess)
    if outcome is not None and outcome.kind == "kejsarspel" and own[24] == 8:
        # RV 18: the fifteenth checker lies across both bands, whichever die took it there; one
        # end, written with it on 23 (the lower die's point), so 21/23 and 21/24 (dice 2-3) are
        # one play, not two
        own = (*own[:23], 8, 7, *own[25:])
        pos = pos._replace(b=own) if me else pos._replace(w=own)
    if rs.opening_six in ("2b", "2c"):
        pos = pos.with_side_flag(me, "rolled", 1)
    if rs.resign in ("4a", "4c") and any(own[p] >= 2 for p in LAST_HALF):
        pos = pos.with_side_flag(me, "banded", 1)
    if rs.resign == "4a" and janblotta_out(own):
        pos = pos.with_side_flag(me, "janblotta", 1)
    if rs.one_die != "none":
        left = pos.side_flag(me, "onedie")
        if len(t.plan.dice) == 1:
            if left:
                pos = pos.with_side_flag(me, "onedie", left - 1)
            else:
                pos = pos.with_side_flag(me, "onedie", 2)
                pos = pos.with_side_flag(me, "series", pos.side_flag(me, "series") + 1)
    return pos, outcome


# --------------------------------------------------------------------------- special rolls


def six_out_step(t: Turn) -> list[Step]:
    """RV 2a-2c: a first roll of 6-6 may put six checkers from the home on point 7 (four in
    the Icelandic form; with 2a-kvartaner a first 4-4 may put six on point 5)."""
    rs = _own(t.rules)
    if rs.opening_six == "none" or t.moves:
        return []
    if t.plan.dice == (6, 6):
        to, count = 7, rs.six_out_count
    elif t.plan.dice == (4, 4) and rs.six_out_kvartaner:
        to, count = 5, 6
    else:
        return []
    own, opp = _sides(t.start)
    if own[1] != CHECKERS or opp[_X[to]]:
        return []
    me = t.start.turn
    if to == 7 and rs.opening_six == "2b" and t.start.side_flag(me, "rolled"):
        return []
    if (
        to == 7
        and rs.opening_six == "2c"
        and t.start.side_flag(me, "rolled")
        and not _six_out_stands(rs, opp)
    ):
        return []
    if to == 5 and t.start.side_flag(me, "rolled"):
        return []
    return [Step(t.plan.dice[0], 1, to, False, count)]


def _six_out_stands(rs: BradeRules, side: tuple[int, ...]) -> bool:
    n = rs.six_out_count
    return side[7] == n and side[1] == CHECKERS - n


def answer_six_out(rs: BradeRules, pos: Position) -> Position:
    """RV 2b/2c: a six-out answering the opponent's six-out sends his six back home."""
    if rs.opening_six not in ("2b", "2c"):
        return pos
    me = pos.turn
    opp = list(pos.w if me else pos.b)
    mine = pos.b if me else pos.w
    if not (_six_out_stands(rs, mine) and _six_out_stands(rs, tuple(opp))):
        return pos  # only a six-out on 7 answers a six-out on 7
    opp[7] -= rs.six_out_count
    opp[1] += rs.six_out_count
    return pos._replace(w=tuple(opp)) if me else pos._replace(b=tuple(opp))


def five_blots_ok(t: Turn, moves: tuple[Step, ...]) -> bool:
    """RV 3: no band before five blots have left the home (the fifth in the same roll is fine)."""
    own, _ = _sides(t.start)
    left_home_end = CHECKERS - own[1] + sum(st.many for st in moves if st.frm == 1)
    if CHECKERS - own[1] >= 5 or left_home_end >= 5:
        return True
    pos = t.start
    for st in moves:
        mine, _ = _sides(pos)
        if st.to != OFF and mine[st.to] >= 1 and st.to != 1:
            return False
        pos = apply_step(t.rules, pos, st)
    return True


def one_die_chance(rs: BradeRules, pos: Position) -> bool:
    """B-one-die / RV 15: one checker moved six points or fewer would complete a beautiful
    pattern (kejsarspel excepted)."""
    own, opp = _sides(pos)
    if own[OFF] or own[0]:
        return False
    for d in range(1, 7):
        for st in BRADE.steps(rs, pos, d, None, False):
            after = apply_step(rs, pos, st)
            a_own, a_opp = _sides(after)
            if pattern(rs, a_own, a_opp) not in (None, "kejsarspel"):
                return True
    return False


def check_dice_count(rs: BradeRules, pos: Position, dice: tuple[int, ...]) -> None:
    bound = BRADE.one_die_required(rs, pos)
    if len(dice) == 1:
        if rs.one_die == "none":
            raise DiceError("error.dice.no_one_die", rules=rs.name)
        if not bound and not one_die_chance(rs, pos):
            raise DiceError("error.dice.one_die_chance")
    elif len(dice) == 2:
        if bound:
            raise DiceError("error.dice.one_die_series")
    else:
        raise DiceError("error.dice.brade_count", n=len(dice))


def _rv(rs: BradeRules, code: str, bh: str) -> str:
    """Cite BH for the family preset's own choices, RV's paragraph otherwise."""
    return bh if rs.preset == "brade-family" else f"RV-{code}"


def _chain(
    rs: BradeRules,
    pos: Position,
    die: int,
    frms: Iterable[int],
    to_given: int | None,
    why: bool,
) -> list[Step | Refusal]:
    """The check chain: the rules of one step in the order a player meets them, applied to each
    candidate ``frm`` (to ``to_given``, or as far as ``die`` goes). The first rule a candidate
    breaks refuses it: with ``why`` the refusal is listed (rule id, message key, parameters),
    without it the candidate is dropped, so generation lists exactly the legal steps. One chain
    serves :meth:`Brade.steps` and :meth:`Brade.check`."""
    own, opp = (pos.b, pos.w) if pos.turn else (pos.w, pos.b)
    lo, hi = rs.noband or (0, -1)
    last = own[OFF] == CHECKERS - 1
    waiting = own[0]
    six_b = rs.wall == "6b"
    walls: frozenset[int] | None = None  # the opponent's walls, found when a band is met
    stop: str | None = ""  # may_bear_off's answer ("": not asked yet), asked at a bear-off
    out: list[Step | Refusal] = []
    for frm in frms:
        if not own[frm]:  # a checker to move
            if why:
                if frm == 0:
                    out.append(_R("B-enter", "refusal.nothing_to_enter"))
                else:
                    out.append(_R(rs.rule_id("dice"), "refusal.no_checker", point=frm))
            continue
        if to_given is None:  # generation: as far as the die goes
            to = frm + die if frm + die < OFF else OFF
        else:  # the die's distance
            to = to_given
            if to != frm + die and not (to == OFF and frm + die > OFF):
                if why:
                    out.append(_R(rs.rule_id("dice"), "refusal.distance", die=die, frm=frm, to=to))
                continue
        if waiting and frm:  # B-hit: hit checkers enter before anything else moves
            if why:
                out.append(_R("B-hit", "refusal.brade_enter_first", n=waiting))
            continue
        if to < OFF:
            entering = frm == 0
            mine = own[to]
            if mine and entering:
                if why:
                    out.append(_R("B-enter", "refusal.brade_enter_own"))
                continue
            if mine and lo <= to <= hi:
                if why:
                    out.append(_R("B-noband", "refusal.noband", point=to, lo=lo, hi=hi))
                continue
            n = opp[_X[to]]
            if n >= 2:
                if last:
                    if why:
                        out.append(_R("B-last-checker", "refusal.last_checker"))
                    continue
                if walls is None:
                    walls = wall_points(opp)
                if not (
                    to in walls
                    or (lo <= _X[to] <= hi)  # RV 2a: a six-out band on the opponent's 7 (2-11)
                    or (entering and entry_burst_allowed(rs, own, opp))
                    or (to == 24 and huk_burst_allowed(rs, own, frm))
                ):
                    if why:
                        if entering:
                            code = rs.burst_entry if rs.burst_entry != "none" else "5b"
                            rule = _rv(rs, code, "B-burst-entry")
                            if code == "5a" and rs.burst_entry_strict:
                                rule = "RV-5a-strict"
                            out.append(_R(rule, f"refusal.burst_entry_{code}", point=to))
                        elif to == 24 and rs.huk_burst:
                            out.append(_R("RV-7", "refusal.huk_burst"))
                        else:
                            out.append(_R("B-land", "refusal.brade_land", point=to))
                    continue
            if six_b and mine == 1:
                after = list(own)
                after[frm] -= 1
                after[to] += 1
                if makes_wall(tuple(after)):
                    if why:
                        out.append(_R("RV-6b", "refusal.make_wall"))
                    continue
            out.append(LANDING[die][frm][n >= 1])  # Step(die, frm, to, hit=n >= 1)
            continue
        if stop == "":  # bear-off: B-bearoff, RV 8-10 (the same answer for every checker)
            stop = may_bear_off(rs, own, opp)
        if stop is not None:
            if why:
                key = {"B-bearoff": "refusal.bearoff_quarter", "RV-9": "refusal.bearoff_bands"}
                out.append(_R(stop, key.get(stop, "refusal.bearoff_huk")))
            continue
        if rs.bearoff == "8b":
            back = next(p for p in range(19, 26) if own[p])
            if frm != back:
                if why:
                    out.append(_R("RV-8b", "refusal.bearoff_rearmost", point=back))
                continue
        if frm + die > OFF and not reduction_allowed(rs, opp):
            if why:
                if rs.bearoff == "8d":
                    out.append(_R("RV-8d", "refusal.bearoff_exact_huk"))
                else:
                    rule = _rv(rs, "8c", "B-bearoff")
                    out.append(_R(rule, "refusal.bearoff_exact", die=die, need=OFF - frm))
            continue
        out.append(BEARING_OFF[die][frm])
    return out


def _plan(dice: tuple[int, ...]) -> Plan:
    if len(dice) == 1:
        return Plan(dice, dice, (False,), True, False)
    a, b = sorted(dice)
    if a == b:
        return Plan((a, b), (a,) * 4, (False,) * 4, True, True)
    return Plan((a, b), (a, b), (False, False), True, False)


_PLANS: dict[tuple[int, ...], Plan] = {}


class Brade(Family[BradeRules]):
    name = "brade"
    rules_type = BradeRules
    #: master beats expert by +0.298 [+0.244, +0.353] points a game in brade-standard (2,000
    #: mirrored games): bräde's ladder goes up to master
    ladder_top = "master"
    has_jan = True
    bands_hold = False
    one_die_rolls = True  # RV 15

    def presets(self) -> tuple[str, ...]:
        return tuple(_rules_brade.PRESETS)

    def option_codes(self) -> tuple[str, ...]:
        return tuple(_rules_brade.CODES)

    # ------------------------------------------------------------------ the check chain
    def check(
        self,
        rs: BradeRules,
        pos: Position,
        frm: int,
        to: int,
        die: int,
        cont: int | None = None,
        first: bool = False,
    ) -> Step | Refusal:
        return _chain(rs, pos, die, (frm,), to, True)[0]

    def steps(
        self, rs: BradeRules, pos: Position, die: int, cont: int | None, first: bool
    ) -> list[Step]:
        own = pos.b if pos.turn else pos.w
        # B-hit: the hit checkers first; else every occupied point (empty ones skipped in C)
        frms = (0,) if own[0] else compress(_BOARD, own[1:OFF])
        steps: list[Any] = _chain(rs, pos, die, frms, None, False)  # no refusal without why
        return steps

    def after_step(self, rs: BradeRules, pos: Position, step: Step) -> Position:
        return answer_six_out(rs, pos) if step.many > 1 else pos

    def first_steps(self, turn: Turn) -> list[Step]:
        return six_out_step(turn)

    # ------------------------------------------------------------------ a roll
    def check_dice(self, rs: BradeRules, pos: Position, dice: tuple[int, ...]) -> None:
        check_dice_count(rs, pos, dice)

    def plans(self, rs: BradeRules, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
        """B-dice: free order, as much as possible; an alla is moved four times; a one-die
        roll (RV 15) moves one die."""
        plan = _PLANS.get(dice) if type(dice) is tuple else None  # (a list is not cached)
        if plan is None:  # a plan depends on the dice alone: one frozen value serves each roll
            plan = _plan(dice)
            if type(dice) is tuple:
                _PLANS[dice] = plan
        return [plan]

    def one_die_required(self, rs: BradeRules, pos: Position) -> bool:
        if rs.one_die == "none":
            return False
        me = pos.turn
        return pos.side_flag(me, "onedie") > 0 or (
            rs.one_die == "15b" and pos.side_flag(me, "series") >= 2
        )

    def one_die_allowed(self, rs: BradeRules, pos: Position) -> bool:
        if rs.one_die == "none":
            return False
        return self.one_die_required(rs, pos) or one_die_chance(rs, pos)

    def needs_listing(self, turn: Turn) -> bool:
        """Bear-off with reduction (pips count), RV 3's play-level rule and a possible six-out
        are decided by listing whole plays."""
        rs = _own(turn.rules)
        own = turn.pos.b if turn.pos.turn else turn.pos.w
        if rs.five_blots or (
            rs.opening_six != "none" and turn.plan.dice in ((6, 6), (4, 4)) and own[1] == CHECKERS
        ):
            return True
        if rs.bearoff in ("8a", "8b", "8d"):
            return sum(own[BEFORE_HOME]) <= len(turn.remaining)
        return False

    def patterns(self, rs: BradeRules) -> tuple[str, ...]:
        return rs.patterns

    def reroll_once(self, rs: BradeRules) -> bool:
        return rs.reroll_once

    def play_pips(self, rs: BradeRules, moves: tuple[Step, ...]) -> int:
        return sum((st.to - st.frm) * st.many for st in moves)

    def maximise_refusal(self, rs: BradeRules) -> Refusal:
        return _R(rs.rule_id("dice"), "refusal.brade_maximise")

    def play_rules(self, rs: BradeRules) -> bool:
        return rs.five_blots

    def play_refusal(self, turn: Turn, moves: tuple[Step, ...]) -> Refusal | None:
        if _own(turn.rules).five_blots and not five_blots_ok(turn, moves):
            return _R("RV-3", "refusal.five_blots")
        return None

    def match_start(self, rs: BradeRules) -> str:
        return rs.match_start

    def roll_name(self, rs: BradeRules, dice: tuple[int, ...]) -> str | None:
        return roll_name(*dice) if len(dice) == 2 else None

    # ------------------------------------------------------------------ outcomes
    def early_outcome(
        self, turn: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...]
    ) -> Outcome | None:
        if step.to < _FOURTH and not step.hit:  # no win can follow such a step: see _FOURTH
            return None
        return early_outcome(turn, before, pos, step, prior)

    def finish(self, turn: Turn) -> tuple[Position, Outcome | None]:
        return finish(turn)

    def after_game(
        self, rs: BradeRules, outcome: Outcome, pos: Position, first_side: Color
    ) -> tuple[int, Color, int] | None:
        """RV 11-13: does the loser get extra rolls after this win?"""
        after = rs.after_game
        if not after or outcome.winner is None:
            return None
        loser = outcome.winner.other
        if outcome.kind == "hemspel":
            if 11 in after and outcome.winner == first_side and not outcome.munk:
                return (11, loser, 1)
            if 12 in after and not pos.side(loser)[OFF]:
                return (12, loser, 3)
        if 13 in after and outcome.kind in RANK:
            return (13, loser, 3)
        return None

    def check_position(self, rs: BradeRules, pos: Position) -> None:
        """Both sides borne off is RV 11's draw (the loser bore off in his extra roll); under
        rules without RV 11 it cannot occur."""
        if 11 not in rs.after_game:
            super().check_position(rs, pos)

    def ended(self, rs: BradeRules, pos: Position) -> Outcome | None:
        """Over when a side has borne off all fifteen: a hemspel scored by the points table
        (munk if the loser has checkers not yet entered, RV 20), both off RV 11's draw. When
        the side not to move has borne off and the rule set gives the loser extra rolls (RV
        11-13), the position may be such a roll: it goes on (a ``Game`` that saw the win knows
        which it is)."""
        w_off, b_off = pos.w[OFF] == CHECKERS, pos.b[OFF] == CHECKERS
        if w_off and b_off:
            return Outcome(None, Termination.DRAW, 0)
        if not (w_off or b_off):
            return None
        winner = WHITE if w_off else BLACK
        if winner != pos.turn and rs.after_game:
            return None
        return score(rs, pos, winner, "hemspel")

    def after_game_outcome(
        self, rs: BradeRules, paragraph: int, first: Outcome, outcome: Outcome
    ) -> Outcome | None:
        if paragraph == 11 and outcome.kind == "hemspel":
            return Outcome(None, Termination.DRAW, 0)  # RV 11: both bore off
        if (
            paragraph == 12
            and outcome.kind in VALUED_AS
            and outcome.kind not in ("hemspel", "jan", "sprangjan")
        ):
            return outcome  # RV 12: the loser's beautiful play wins
        if (
            paragraph == 13
            and outcome.kind in RANK
            and (RANK.index(outcome.kind) < RANK.index(first.kind))
        ):
            return outcome  # RV 13: a higher beautiful play wins
        return None

    def pattern_shape(self, kind: str) -> tuple[int, ...] | None:
        return PATTERNS.get(kind)

    def resign_refusal(self, rs: BradeRules, pos: Position) -> Message | None:
        return may_resign(rs, pos)

    def resign_after_roll(
        self, rs: BradeRules, pos: Position, ends: Iterable[Position]
    ) -> Message | None:
        return may_resign_after(rs, pos, ends)

    def resign_outcome(self, rs: BradeRules, pos: Position) -> Outcome:
        out = score(rs, pos, pos.turn.other, "hemspel")
        return Outcome(out.winner, Termination.HEMSPEL, out.points, out.munk, False)

    # ------------------------------------------------------------------ explanations
    def pasch_rule(self, turn: Turn) -> str:
        return turn.rules.rule_id("dice")

    def legal_rule(self, turn: Turn, step: Step) -> str:
        rs = _own(turn.rules)
        if step.many > 1:
            return f"RV-{rs.opening_six}"
        if step.frm == 0:
            return "B-enter"
        if step.to == OFF:
            return rs.rule_id("bearoff")
        if step.hit:
            return "B-hit"
        return rs.rule_id("dice")

    def forfeit_refusal(self, turn: Turn, frm: int, to: int) -> Refusal | None:
        """After a forfeit: the bräde rule that stops a step of a forfeited die, if one does."""
        own = turn.pos.side(turn.pos.turn)
        if not own[frm]:
            return None
        for d in sorted(set(turn.forfeited)):
            if frm + d == to or (to == OFF and frm + d >= to):
                r = self.check(_own(turn.rules), turn.pos, frm, to, d)
                return r if isinstance(r, Refusal) else None
        return None

    def many_refusal(self, turn: Turn) -> Refusal | None:
        """RV 2a: six checkers go out together only on a first roll of 6-6 (rule sets with
        the six-out; without it ``xN`` is no move)."""
        if _own(turn.rules).opening_six == "none":
            return None
        return _R("RV-2a", "refusal.six_out")

    # ------------------------------------------------------------------ state
    def keys(self, rs: BradeRules) -> frozenset[str]:
        keys: set[str] = set()
        if rs.opening_six in ("2b", "2c"):
            keys |= {"wrolled", "brolled"}
        if rs.one_die != "none":
            keys |= {"wonedie", "bonedie", "wseries", "bseries"}
        if rs.reroll_once:
            keys |= {"wreroll", "breroll"}
        if rs.resign in ("4a", "4c"):
            keys |= {"wbanded", "bbanded"}
        if rs.resign == "4a":
            keys |= {"wjanblotta", "bjanblotta"}
        return frozenset(keys)

    def notices(
        self, rs: BradeRules, before: Position, after: Position, side: Color
    ) -> list[Message]:
        if janblotta_out(after.side(side)) and not janblotta_out(before.side(side)):
            return [Message.of("notice.janblotta", side=Color(side))]
        return []


BRADE: Final = Brade()
