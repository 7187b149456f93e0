"""Why a step is or is not allowed, with the rule id, source and section.

``explain_step(turn, text)`` parses a move like ``3/8``, ``0/5`` or ``22/off`` and returns an
:class:`Explanation`. The checks mirror :mod:`puffteach.movegen`: a step is legal exactly when
``turn_steps`` lists it, and the reason for a refusal is the first rule it breaks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .board import CROSS, OFF
from .movegen import Step, Turn, landing, may_bear_off, raw_steps, rearmost, turn_steps
from .rules import RULES

_MOVE = re.compile(
    r"^\s*(\d{1,2})\s*/\s*(\d{1,2}|off)(?:x([2-9]))?\s*(\*?)\s*(?:@\s*([1-6]))?\s*$", re.IGNORECASE
)


class MoveSyntaxError(ValueError):
    """A move string is not ``from/to`` in path numbers."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules forbid; the message cites the rule."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.message)
        self.explanation = explanation


@dataclass(frozen=True)
class Explanation:
    legal: bool
    reason: str
    rule: str
    step: Step | None = None

    @property
    def source(self) -> str:
        return RULES[self.rule].source

    @property
    def section(self) -> str:
        return RULES[self.rule].section

    @property
    def message(self) -> str:
        return f"{self.reason} — {self.source}, {self.section} ({self.rule})"

    def to_json(self) -> dict[str, object]:
        return {
            "legal": self.legal,
            "reason": self.reason,
            "rule": self.rule,
            "source": self.source,
            "section": self.section,
        }


def parse_move(text: str) -> tuple[int, int]:
    """``"3/8"`` -> (3, 8); ``"22/off"`` -> (22, 25). Raises MoveSyntaxError.

    ``"1/7x6"`` (bräde RV 2a's six-out) parses as (1, 7); see :func:`move_count`."""
    m = _MOVE.match(text) if isinstance(text, str) else None
    if not m:
        raise MoveSyntaxError(
            f"bad move {text!r}: write from/to in your path numbers, e.g. '3/8', '0/5', '22/off'"
        )
    frm = int(m.group(1))
    to = OFF if m.group(2).lower() == "off" else int(m.group(2))
    if frm > 24:
        raise MoveSyntaxError(f"bad move {text!r}: a checker moves from 0 (waiting) or 1-24")
    if not 1 <= to <= OFF:
        raise MoveSyntaxError(f"bad move {text!r}: a checker moves to 1-24 or 'off'")
    if to <= frm:
        raise MoveSyntaxError(f"bad move {text!r}: checkers only move forward along their path")
    return frm, to


def move_count(text: str) -> int:
    """How many checkers a move string moves together (``1/7x6`` -> 6, else 1)."""
    m = _MOVE.match(text)
    return int(m.group(3)) if m and m.group(3) else 1


def move_die(text: str) -> int | None:
    """The die a move names with ``@`` (``24/off@6``: bear off with the 6), if any."""
    m = _MOVE.match(text)
    return int(m.group(5)) if m and m.group(5) else None


def move_text(t: Turn, step: Step) -> str:
    """The shortest text that denotes ``step`` in ``t``: ``24/off``, or ``24/off@6`` when
    another die could bear the same checker off and would be chosen by default."""
    text = str(step)
    others = [s for s in turn_steps(t) if s.frm == step.frm and s.to == step.to]
    if min((s.die for s in others), default=step.die) != step.die:
        return f"{text}@{step.die}"
    return text


def find_step(t: Turn, text: str) -> Step:
    """The legal step the move text denotes, or raise IllegalMoveError / MoveSyntaxError."""
    e = explain_step(t, text)
    if not e.legal or e.step is None:
        raise IllegalMoveError(e)
    return e.step


def _names(t: Turn) -> tuple[str, str]:
    me = t.pos.turn
    return ("White", "Black")[me], ("White", "Black")[1 - me]


def explain_step(t: Turn, text: str) -> Explanation:
    frm, to = parse_move(text)
    rs, pos = t.rules, t.pos
    me, _ = _names(t)
    if t.outcome is not None:
        return Explanation(False, "the game is over", rs.rule_id("win"))
    if t.done:
        if t.forfeited and rs.family == "brade" and t.pos.side(t.pos.turn)[frm]:
            from .bradegen import refusal

            fits = [d for d in set(t.forfeited) if frm + d == to or (to == OFF and frm + d >= to)]
            if fits:
                reason, rule_id = refusal(t, frm, to, fits[0])
                if rule_id != "B-dice":
                    return Explanation(False, reason, rule_id)
        if t.forfeited:
            return _forfeit_reason(t)
        return Explanation(False, "this roll has been played in full", rs.rule_id("must"))
    many = move_count(text)
    named_die = move_die(text)
    legal = [
        s
        for s in turn_steps(t)
        if s.frm == frm and s.to == to and s.many == many and named_die in (None, s.die)
    ]
    if many > 1 and not legal:
        return Explanation(
            False, "six checkers go out together only for a first roll of 6-6 (RV 2a)", "RV-2a"
        )
    if legal:
        # prefer the die due first (ordered) or the smallest die that does it (bear-off)
        st = min(legal, key=lambda s: s.die)
        return Explanation(True, _why_legal(t, st), _legal_rule(t, st), st)
    own = pos.side(pos.turn)
    # 1. a checker to move
    if not own[frm]:
        where = "waiting to enter" if frm == 0 else f"on your point {frm}"
        return Explanation(False, f"{me} has no checker {where}", rs.rule_id("dice"))
    # 2. a die for the distance
    dice = set(t.remaining)
    dist = to - frm
    cands: list[int] = (
        sorted(d for d in dice if frm + d >= OFF) if to == OFF else [d for d in dice if d == dist]
    )
    if not cands:
        left = " ".join(map(str, t.remaining))
        what = "bearing off from there" if to == OFF else f"a move of {dist}"
        return Explanation(False, f"no die left for {what} (dice due: {left})", rs.rule_id("dice"))
    if rs.family == "brade":
        from .bradegen import refusal

        reason, rule_id = refusal(t, frm, to, cands[0] if to != OFF else _bear_die(t, frm, cands))
        return Explanation(False, reason, rule_id)
    # 3. the order of the dice
    if not t.plan.free and t.remaining[0] not in cands:
        return _order_refusal(t, cands[0])
    die = t.remaining[0] if not t.plan.free else cands[0]
    # 4. the rules of a single step with that die
    first = t.plan.first_roll
    if own[0] and rs.enter_first:
        if first and frm == 0:
            if own[to] or pos.side(1 - pos.turn)[CROSS[rs.layout][to]]:
                return Explanation(
                    False,
                    "in the first roll a checker may only enter on an empty point; "
                    "this die is forfeited",
                    "long-puff-entry",
                )
        if frm != 0:
            if rs.long_entry and not first:
                return Explanation(
                    False,
                    "while checkers wait to enter, only the checker moved by the previous die "
                    "may go on; the others stay where they are",
                    "long-puff-entry",
                )
            return Explanation(
                False, f"{me} must first enter the {own[0]} waiting checker(s)", rs.rule_id("enter")
            )
        if not rs.enter_own and own[to]:
            return Explanation(
                False, "a checker may not enter onto your own checkers", rs.rule_id("enter")
            )
    elif frm == 0:
        return Explanation(False, f"{me} has no checker waiting to enter", rs.rule_id("enter"))
    if to == OFF:
        if not may_bear_off(rs, own):
            return Explanation(
                False,
                "bearing off needs all checkers in the fourth quarter (points 19-24)",
                rs.rule_id("bearoff"),
            )
        if rs.bearoff == "rearmost" and frm != rearmost(own):
            if not (rs.exact_25 and frm + die == OFF):
                return Explanation(
                    False,
                    f"only the rearmost checker (on point {rearmost(own)}) may be borne off",
                    rs.rule_id("bearoff"),
                )
    else:
        why = landing(rs, pos, to)
        if why == "land":
            return Explanation(
                False,
                f"the opponent has a band on your point {to}: no landing or touching down",
                rs.rule_id("land"),
            )
        if why == "long-entry-blot":
            return Explanation(
                False,
                "the opponent still has checkers waiting to enter, so his blots cannot be hit",
                "long-puff-entry",
            )
    # 5. legal alone but not within the roll (maximisation, lookahead)
    raw = raw_steps(rs, pos, die, t.cont, first)
    if any(s.frm == frm and s.to == to for s in raw) and t.plan.free:
        return Explanation(
            False,
            "the dice must be used as fully as possible, and this step leaves a die unplayable "
            "that another play would use",
            rs.rule_id("order"),
        )
    return Explanation(False, "this step is not allowed", rs.rule_id("must"))


def _bear_die(t: Turn, frm: int, cands: list[int]) -> int:
    exact = [d for d in cands if frm + d == OFF]
    return exact[0] if exact else cands[0]


def _pasch_rule(t: Turn) -> str:
    rs, start = t.rules, t.start
    if rs.family == "brade":
        return rs.rule_id("dice")
    if rs.fourth_pasch and start.streak >= 3:
        return "fourth-pasch"
    if rs.long_entry and t.plan.first_roll:
        return "long-puff-entry"
    return rs.rule_id("pasch-1" if start.pasches(start.turn) == 0 else "pasch-n")


def _forfeit_reason(t: Turn) -> Explanation:
    """Why the rest of the roll was forfeited (fåta)."""
    rs, plan = t.rules, t.plan
    first = t.forfeited[0]
    lost = " ".join(map(str, t.forfeited))
    if plan.free:
        return Explanation(
            False,
            f"no further die can be used, so {lost} is forfeited (fåta)",
            rs.rule_id("order"),
        )
    if plan.pasch:
        tops = len(plan.seq) // 2 if len(plan.seq) > 2 else len(plan.seq)
        if len(t.moves) < tops:
            why = (
                f"a top face of the pasch ({first}) cannot be moved, so the rest of the pasch "
                f"({lost}) is forfeited (fåta)"
            )
        else:
            why = f"the bottom face {first} cannot be moved and is forfeited (fåta)"
        return Explanation(False, why, _pasch_rule(t))
    if not t.moves:
        return Explanation(
            False,
            f"the lower die ({first}) cannot be moved, so the whole roll ({lost}) is forfeited "
            "(fåta)",
            rs.rule_id("order"),
        )
    return Explanation(
        False, f"the {first} cannot be moved and is forfeited (fåta)", rs.rule_id("must")
    )


def _order_refusal(t: Turn, die: int) -> Explanation:
    rs = t.rules
    due = t.remaining[0]
    if t.plan.pasch:
        pasch_id = _pasch_rule(t)
        return Explanation(
            False,
            f"a pasch is moved in a fixed order: the {due} is due now, not the {die}",
            pasch_id,
        )
    return Explanation(
        False,
        f"the lower die must be moved first: move the {due} before the {die}",
        rs.rule_id("order"),
    )


def _legal_rule(t: Turn, st: Step) -> str:
    rs = t.rules
    if t.plan.first_roll or (rs.long_entry and st.frm != 0 and t.pos.side(t.pos.turn)[0]):
        return "long-puff-entry"
    if st.frm == 0:
        return rs.rule_id("enter")
    if st.to == OFF:
        return rs.rule_id("bearoff")
    if st.hit:
        return rs.rule_id("hit")
    if t.plan.pasch:
        return _pasch_rule(t)
    if rs.family == "brade" and st.hit:
        return "B-hit"
    return rs.rule_id("order")


def _why_legal(t: Turn, st: Step) -> str:
    me, opp = _names(t)
    if st.frm == 0:
        text = f"{me} enters a checker with the {st.die} on point {st.to}"
    elif st.to == OFF:
        text = f"{me} bears off the checker on point {st.frm} with the {st.die}"
    else:
        text = f"{me} moves a checker {st.die} from point {st.frm} to point {st.to}"
    if st.hit:
        text += f", hitting {opp}'s blot"
    return text
