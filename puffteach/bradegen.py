"""Bräde move rules (BH and RV): steps, bursts, bear-off variants, wins and scoring.

Called from :mod:`puffteach.movegen` when ``rules.family == "brade"``. Path numbers are the
mover's own; ``CROSS[layout][q]`` is the opponent's point on the same physical point (in bräde
the opponent's 1 is the mover's 13, so the opponent's huk, his 12, is the mover's 24).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .board import CROSS, OFF
from .color import Color
from .movegen import Outcome, Step, apply_step
from .position import CHECKERS, Position
from .rules import RuleSet
from .rules.brade import PATTERNS, POINTS, VALUED_AS

if TYPE_CHECKING:
    from .movegen import Turn

_X = CROSS["brade"]
_new = tuple.__new__


def _sides(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (pos.b, pos.w) if pos.turn else (pos.w, pos.b)


_NO_WALL: frozenset[int] = frozenset()


def wall_points(opp: tuple[int, ...]) -> frozenset[int]:
    """The mover's points holding opponent bands that belong to a run of six or more
    consecutive bands along the mover's path (B-burst-wall, RV 6)."""
    if sum(n >= 2 for n in opp[1:25]) < 6:
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


def entry_burst_allowed(rs: RuleSet, own: tuple[int, ...], opp: tuple[int, ...]) -> bool:
    """May an entering checker burst an opponent band in the first quarter (RV 5a / 5b)?"""
    if rs.burst_entry == "5b":
        return all(own[p] or opp[_X[p]] >= 2 for p in range(1, 7))
    if rs.burst_entry == "5a":
        # RV 5a counts the vacant ("lediga") points; BH's entering section tells a vacant point
        # apart from one with an opponent blot, so a blot does not count as vacant here.
        free = sum(1 for p in range(1, 7) if not own[p] and not opp[_X[p]])
        return own[0] > free
    return False


def huk_burst_allowed(rs: RuleSet, own: tuple[int, ...], frm: int) -> bool:
    """RV 7: the opponent's huk band (the mover's 24) may be burst once the mover has all his
    checkers in his fourth quarter, or the other fourteen there and this one comes from 18."""
    if not rs.huk_burst:
        return False
    behind = sum(own[:19])
    return behind == 0 or (behind == 1 and frm == 18)


def may_bear_off(rs: RuleSet, own: tuple[int, ...], opp: tuple[int, ...]) -> str | None:
    """None if the mover may bear off now, else the rule id that forbids it."""
    if sum(own[:19]):
        return "B-bearoff"
    if rs.bear_bands_only and any(own[p] == 1 for p in range(19, 25)):
        return "RV-9"
    if rs.huk_blocks_bearoff and opp[12] >= 2:
        return "RV-10"
    return None


def reduction_allowed(rs: RuleSet, opp: tuple[int, ...]) -> bool:
    if rs.bearoff == "8d":
        return opp[12] < 2
    return rs.bearoff in ("8a", "8b")


def brade_steps(rs: RuleSet, pos: Position, die: int) -> list[Step]:
    own, opp = _sides(pos)
    last = own[OFF] == CHECKERS - 1  # B-last-checker: never burst
    lo, hi = rs.noband or (0, -1)
    six_b = rs.wall == "6b"
    walls: frozenset[int] | None = None

    def target(frm: int, q: int, entering: bool) -> Step | None:
        nonlocal walls
        if own[q] and (entering or lo <= q <= hi):
            return None  # B-enter (never onto own checkers) / B-noband
        n = opp[_X[q]]
        if n >= 2:
            if last:
                return None
            if walls is None:
                walls = wall_points(opp)
            if not (
                q in walls
                or (lo <= _X[q] <= hi)  # RV 2a: a six-out band on the opponent's 7 (2-11)
                or (entering and entry_burst_allowed(rs, own, opp))
                or (q == 24 and huk_burst_allowed(rs, own, frm))
            ):
                return None
        if six_b and own[q] == 1:
            after = list(own)
            after[frm] -= 1
            after[q] += 1
            if makes_wall(tuple(after)):
                return None
        return _new(Step, (die, frm, q, n >= 1, 1))

    if own[0]:
        st = target(0, die, True)
        return [st] if st else []
    out: list[Step] = []
    for p in range(1, 25 - die):
        if own[p]:
            st = target(p, p + die, False)
            if st:
                out.append(st)
    if not any(own[:19]) and may_bear_off(rs, own, opp) is None:
        back = next(p for p in range(19, 26) if own[p])
        reduce = reduction_allowed(rs, opp)
        for p in range(max(19, 25 - die), 25):
            if own[p] and (rs.bearoff != "8b" or p == back) and (p + die == OFF or reduce):
                out.append(_new(Step, (die, p, OFF, False, 1)))
    return out


# --------------------------------------------------------------------------- outcomes


def janblotta_out(own: tuple[int, ...]) -> bool:
    """The seventh checker has left the home, or the sixth while the home band stands (B-jan)."""
    # checkers taken out of the home one by one; RV 2a's six-out band (on 7, or 5) left as one
    out = CHECKERS - own[1] - own[OFF] - sum(own[p] for p in (5, 7) if own[p] >= 2)
    return out >= 7 or (out >= 6 and own[1] >= 2)


def may_resign(rs: RuleSet, pos: Position) -> str | None:
    """None if the side to move may resign for a hemspel's points (RV 4a), else why not."""
    if rs.resign != "4a":
        return f"resigning is not allowed under {rs.name} (RV {rs.resign})"
    own, _ = _sides(pos)
    c = "b" if pos.turn else "w"
    if any(own[p] >= 2 for p in range(13, 25)) or pos.flag(f"{c}banded"):
        return "you have (or had) a band in your third or fourth quarter (RV 4a)"
    if janblotta_out(own) or pos.flag(f"{c}janblotta"):
        return "you have (or had) your janblotta out (RV 4a)"
    return None


def jan_excess(victim: tuple[int, ...]) -> int:
    """How many more checkers the victim has to enter than he has points to enter on (B-jan):
    points of his first quarter without his own checkers (empty, or the winner's)."""
    free = sum(1 for p in range(1, 7) if not victim[p])
    return victim[0] - free


def pattern(rs: RuleSet, own: tuple[int, ...], opp: tuple[int, ...]) -> str | None:
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


def kejsar_from(rs: RuleSet, start: Position, dice: tuple[int, ...]) -> int | None:
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


def score(rs: RuleSet, pos: Position, winner: int, kind: str, victim_excess: int = 0) -> Outcome:
    """Points per the rule set's table (RV 26; BH: one game each), munk (B-munk, RV 20),
    graded jan (RV 21), johannaregeln (RV 4c)."""
    table = POINTS[rs.points]
    loser = pos.side(1 - winner)
    munk = kind not in ("jan", "sprangjan") and loser[0] > 0
    value_kind = VALUED_AS[kind]
    victim_banded = pos.flag("bbanded" if winner == 0 else "wbanded")
    if kind == "jan" and rs.resign == "4c" and not victim_banded:
        value_kind = "hemspel"  # RV 4c: a jan before the victim had a band in his 3rd/4th quarter
    points = table[value_kind]
    if kind == "jan" and rs.jan_graded and value_kind == "jan":
        points += max(0, victim_excess - 1)
    if munk:
        points += table["munk"] * (loser[0] if rs.munk_graded else 1)
    return Outcome(Color(winner), kind, points, munk=munk)


def brade_early_outcome(
    t: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...]
) -> Outcome | None:
    rs = t.rules
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


def brade_finish(t: Turn) -> tuple[Position, Outcome | None]:
    """End of a bräde roll: patterns under 14a, jan under 24b, and the state keys."""
    rs = t.rules
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
    c = "b" if me else "w"
    if rs.opening_six in ("2b", "2c"):
        pos = pos.with_flag(f"{c}rolled", 1)
    if rs.resign in ("4a", "4c") and any(own[p] >= 2 for p in range(13, 25)):
        pos = pos.with_flag(f"{c}banded", 1)
    if rs.resign == "4a" and janblotta_out(own):
        pos = pos.with_flag(f"{c}janblotta", 1)
    if rs.one_die != "none":
        left = pos.flag(f"{c}onedie")
        if len(t.plan.dice) == 1:
            if left:
                pos = pos.with_flag(f"{c}onedie", left - 1)
            else:
                pos = pos.with_flag(f"{c}onedie", 2)
                pos = pos.with_flag(f"{c}series", pos.flag(f"{c}series") + 1)
    return pos, outcome


# --------------------------------------------------------------------------- special rolls


def six_out_step(t: Turn) -> list[Step]:
    """RV 2a-2c: a first roll of 6-6 may put six checkers from the home on point 7 (four in
    the Icelandic form; with 2a-kvartaner a first 4-4 may put six on point 5)."""
    rs = t.rules
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
    c = "b" if t.start.turn else "w"
    if to == 7 and rs.opening_six == "2b" and t.start.flag(f"{c}rolled"):
        return []
    if (
        to == 7
        and rs.opening_six == "2c"
        and t.start.flag(f"{c}rolled")
        and not _six_out_stands(rs, opp)
    ):
        return []
    if to == 5 and t.start.flag(f"{c}rolled"):
        return []
    return [Step(t.plan.dice[0], 1, to, False, count)]


def _six_out_stands(rs: RuleSet, side: tuple[int, ...]) -> bool:
    n = rs.six_out_count
    return side[7] == n and side[1] == CHECKERS - n


def answer_six_out(rs: RuleSet, pos: Position) -> Position:
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


def one_die_chance(rs: RuleSet, pos: Position) -> bool:
    """B-one-die / RV 15: one checker moved six points or fewer would complete a beautiful
    pattern (kejsarspel excepted)."""
    own, opp = _sides(pos)
    if own[OFF] or own[0]:
        return False
    for d in range(1, 7):
        for st in brade_steps(rs, pos, d):
            after = apply_step(rs, pos, st)
            a_own, a_opp = _sides(after)
            if pattern(rs, a_own, a_opp) not in (None, "kejsarspel"):
                return True
    return False


def check_dice_count(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> None:
    c = "b" if pos.turn else "w"
    bound = pos.flag(f"{c}onedie") > 0 or (rs.one_die == "15b" and pos.flag(f"{c}series") >= 2)
    if len(dice) == 1:
        if rs.one_die == "none":
            raise ValueError(f"{rs.name} has no one-die rolls")
        if not bound and not one_die_chance(rs, pos):
            raise ValueError(
                "a one-die roll needs a chance to finish a beautiful play by moving one checker "
                "six points or fewer (RV 15)"
            )
    elif len(dice) == 2:
        if bound:
            raise ValueError("this player is in a one-die series and must roll one die (RV 15)")
    else:
        raise ValueError(f"bräde is played with one or two dice, got {len(dice)}")


# --------------------------------------------------------------------------- explanations


def _rv(rs: RuleSet, code: str, bh: str) -> str:
    """Cite BH for the family preset's own choices, RV's paragraph otherwise."""
    return bh if rs.preset == "brade-family" else f"RV-{code}"


def refusal(t: Turn, frm: int, to: int, die: int) -> tuple[str, str]:
    """(reason, rule id) why the step frm/to with ``die`` is not allowed in bräde."""
    rs, pos = t.rules, t.pos
    own, opp = _sides(pos)
    lo, hi = rs.noband or (0, -1)
    if own[0] and frm != 0:
        return (f"the {own[0]} hit checker(s) must enter before any other checker moves", "B-hit")
    if frm == 0 and not own[0]:
        return ("there is no hit checker waiting to enter", "B-enter")
    raw = brade_steps(rs, pos, die)
    if any(s.frm == frm and s.to == to for s in raw):
        if rs.five_blots and not five_blots_ok(
            t, (*t.moves, *(s for s in raw if s.frm == frm and s.to == to))
        ):
            return ("no band may be made before five blots have left the home", "RV-3")
        return (
            "the roll must be used as fully as possible (as many dice and pips as possible, "
            "and the higher die when only one can be used); this step does not allow that",
            "B-dice",
        )
    last = own[OFF] == CHECKERS - 1
    if to <= 24:
        n = opp[_X[to]]
        if frm == 0 and own[to]:
            return (
                "a hit checker may not enter onto your own checkers, the home included",
                "B-enter",
            )
        if lo <= to <= hi and own[to]:
            return (
                f"no band on your points {lo}-{hi}: point {to} already holds your checker",
                "B-noband",
            )
        if n >= 2:
            if last:
                return (
                    "with only one checker left to bear off you may never burst a band",
                    "B-last-checker",
                )
            if frm == 0:
                code = rs.burst_entry if rs.burst_entry != "none" else "5b"
                return (
                    f"the opponent has a band on your point {to}; entering may burst it only "
                    + (
                        "when more checkers wait than free points in your first quarter"
                        if code == "5a"
                        else "when all six points of your first quarter are yours or his bands"
                    ),
                    _rv(rs, code, "B-burst-entry"),
                )
            if to == 24 and rs.huk_burst:
                return (
                    "the huk band may be burst only with all your other checkers in your "
                    "fourth quarter",
                    "RV-7",
                )
            return (
                f"the opponent has a band on your point {to}: no landing or touching down "
                "(only a wall of six bands in a row may be burst)",
                "B-land",
            )
        if rs.wall == "6b":
            return ("six bands in a row may not be made", "RV-6b")
        return ("this step is not allowed", "B-dice")
    why = may_bear_off(rs, own, opp)
    if why == "B-bearoff":
        return ("bearing off needs all checkers in the fourth quarter (points 19-24)", "B-bearoff")
    if why == "RV-9":
        return ("no bear-off until every checker in the fourth quarter stands in a band", "RV-9")
    if why == "RV-10":
        return ("no bear-off while the opponent holds a band on his huk", "RV-10")
    back = next(p for p in range(19, 26) if own[p])
    if rs.bearoff == "8b" and frm != back:
        return (f"only the rearmost checker (on point {back}) may be borne off", "RV-8b")
    if frm + die > OFF:
        if rs.bearoff == "8d":
            return ("while the opponent holds his huk only exact bear-off is allowed", "RV-8d")
        return (
            f"only exact bear-off: the {die} is more than the {OFF - frm} needed",
            _rv(rs, "8c", "B-bearoff"),
        )
    return ("this step is not allowed", "B-dice")
