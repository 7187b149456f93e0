"""Why a step is or is not allowed, with the rule id, source and section.

``explain_step(turn, text)`` parses a move like ``3/8``, ``0/5`` or ``22/off`` and returns an
:class:`Explanation`. The roll machine's own rules (whose turn, which die is due, using the dice
as fully as possible) are checked here; the rules of a single step come from the family's check
chain (:meth:`puffteach.families.Family.check`), the same chain that generates the legal steps,
so a step is legal exactly when ``turn_steps`` lists it and a refusal names the first rule it
breaks. Every sentence is a catalogue message (:mod:`puffteach.messages`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from .board import CROSS, OFF
from .errors import LocalizedError
from .families import family_of
from .messages import Message, language
from .movegen import turn_steps
from .rules import RULES
from .steps import Refusal, Step, Turn

_MOVE = re.compile(
    r"^\s*(\d{1,2})\s*/\s*(\d{1,2}|off)(?:x([2-9]))?\s*(\*?)\s*(?:@\s*([1-6]))?\s*$", re.IGNORECASE
)


class MoveSyntaxError(LocalizedError):
    """A move string is not ``from/to`` in path numbers."""


class IllegalMoveError(LocalizedError):
    """A well-formed move that the rules forbid; the message cites the rule."""

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(explanation.cited)
        self.explanation = explanation
        self.lang = explanation.lang

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[Explanation]]:
        return (type(self), (self.explanation,))


@dataclass(frozen=True)
class Explanation:
    """Whether a step is legal, what to say about it (a catalogue message) and the rule.

    ``lang`` is the language its sentences speak unless another is asked for (``reason``,
    ``message``, ``text()``, ``to_json()``; None: the default language,
    :func:`~puffteach.messages.default_language`); rule ids, sources and sections never
    change."""

    legal: bool
    what: Message
    rule: str
    step: Step | None = None
    lang: str | None = field(default=None, compare=False)

    @property
    def source(self) -> str:
        return RULES[self.rule].source

    @property
    def section(self) -> str:
        return RULES[self.rule].section

    def reason_text(self, lang: str | None = None) -> str:
        return self.what.text(self.lang if lang is None else lang)

    @property
    def reason(self) -> str:
        """The reason in the explanation's language (``reason_text(lang)`` for another)."""
        return self.reason_text()

    @property
    def cited(self) -> Message:
        """The reason with its citation, as a message."""
        return Message.of(
            "explain.cited",
            reason=self.what,
            source=self.source,
            section=self.section,
            rule=self.rule,
        )

    def text(self, lang: str | None = None) -> str:
        """The reason with its citation: ``… — LT, section (P-order)``."""
        return self.cited.text(self.lang if lang is None else lang)

    @property
    def message(self) -> str:
        return self.text()

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        return {
            "legal": self.legal,
            "reason": self.reason_text(lang),
            "rule": self.rule,
            "source": self.source,
            "section": self.section,
        }


def _no(rule: str, key: str, **params: object) -> Explanation:
    return Explanation(False, Message.of(key, **params), rule)


def _refused(r: Refusal) -> Explanation:
    return Explanation(False, r.message, r.rule)


def parse_move(text: str) -> tuple[int, int]:
    """``"3/8"`` -> (3, 8); ``"22/off"`` -> (22, 25). Raises MoveSyntaxError.

    ``"1/7x6"`` (bräde RV 2a's six-out) parses as (1, 7); see :func:`move_count`."""
    m = _MOVE.match(text) if isinstance(text, str) else None
    if not m:
        raise MoveSyntaxError("error.move.syntax", got=repr(text))
    frm = int(m.group(1))
    to = OFF if m.group(2).lower() == "off" else int(m.group(2))
    if frm > 24:
        raise MoveSyntaxError("error.move.from", got=repr(text))
    if not 1 <= to <= OFF:
        raise MoveSyntaxError("error.move.to", got=repr(text))
    if to <= frm:
        raise MoveSyntaxError("error.move.backward", got=repr(text))
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


def explain_step(t: Turn, text: str, lang: str | None = None) -> Explanation:
    """Is the move ``text`` legal now in the roll ``t``, and why (not)? The explanation speaks
    ``lang`` (``en``, ``sv``, ``de``; None: the default language)."""
    e = _explain_step(t, text)
    return e if lang is None else replace(e, lang=language(lang))


def _explain_step(t: Turn, text: str) -> Explanation:
    frm, to = parse_move(text)
    rs, pos = t.rules, t.pos
    fam = family_of(rs)
    me = pos.turn
    if t.outcome is not None:
        return _no(rs.rule_id("win"), "refusal.game_over")
    if t.done:
        if t.forfeited:
            r = fam.forfeit_refusal(t, frm, to)
            if r is not None and r.rule != rs.rule_id("dice"):
                return _refused(r)
            return _forfeit_reason(t)
        return _no(rs.rule_id("must"), "refusal.roll_done")
    many = move_count(text)
    many_refused = fam.many_refusal(t) if many > 1 else None
    if many > 1 and many_refused is None:  # this game has no moves of several checkers
        raise MoveSyntaxError("error.move.many", got=repr(text), rules=rs.name)
    named_die = move_die(text)
    legal = [
        s
        for s in turn_steps(t)
        if s.frm == frm and s.to == to and s.many == many and named_die in (None, s.die)
    ]
    if many_refused is not None and not legal:
        return _refused(many_refused)
    if legal:  # the die due first (ordered) or the smallest die that does it (bear-off)
        st = min(legal, key=lambda s: s.die)
        return Explanation(True, _legal_message(t, st), fam.legal_rule(t, st), st)
    own = pos.side(me)
    if not own[frm]:  # 1. a checker to move
        if frm == 0:
            return _no(rs.rule_id("dice"), "refusal.none_waiting", side=me)
        return _no(rs.rule_id("dice"), "refusal.no_checker_on", side=me, point=frm)
    dice = set(t.remaining)  # 2. a die for the distance
    dist = to - frm
    cands = (
        sorted(d for d in dice if frm + d >= OFF) if to == OFF else [d for d in dice if d == dist]
    )
    if named_die is not None:  # ``@N`` names the die: explain the move with that die
        due = " ".join(map(str, t.remaining))
        if named_die not in dice:
            return _no(rs.rule_id("dice"), "refusal.named_die_absent", die=named_die, dice=due)
        if named_die not in cands:
            return _no(rs.rule_id("dice"), "refusal.named_die", die=named_die, frm=frm, to=to)
        cands = [named_die]
    if not cands:
        due = " ".join(map(str, t.remaining))
        if to == OFF:
            return _no(rs.rule_id("dice"), "refusal.no_die_bearoff", dice=due)
        return _no(rs.rule_id("dice"), "refusal.no_die", n=dist, dice=due)
    if not t.plan.free and t.remaining[0] not in cands:  # 3. the order of the dice
        return _order_refusal(t, cands[0])
    if not t.plan.free:
        die = t.remaining[0]
    elif to == OFF:
        exact = [d for d in cands if frm + d == OFF]
        die = exact[0] if exact else cands[0]
    else:
        die = cands[0]
    alone = fam.check(rs, pos, frm, to, die, t.cont, t.plan.first_roll)  # 4. the step's rules
    if isinstance(alone, Refusal):
        return _refused(alone)
    if t.plan.free:  # 5. legal alone, but not within the roll
        pr = fam.play_refusal(t, (*t.moves, alone))
        if pr is not None:
            return _refused(pr)
        return _refused(fam.maximise_refusal(rs))
    return _no(rs.rule_id("must"), "refusal.not_now")


def _forfeit_reason(t: Turn) -> Explanation:
    """Why the rest of the roll was forfeited (fåta)."""
    rs, plan = t.rules, t.plan
    first = t.forfeited[0]
    lost = " ".join(map(str, t.forfeited))
    if plan.free:
        return _no(rs.rule_id("order"), "forfeit.free", dice=lost)
    if plan.pasch:
        rule = family_of(rs).pasch_rule(t)
        tops = len(plan.seq) // 2 if len(plan.seq) > 2 else len(plan.seq)
        if len(t.moves) < tops:
            return _no(rule, "forfeit.pasch_top", die=first, dice=lost)
        return _no(rule, "forfeit.pasch_bottom", die=first)
    if not t.moves:
        return _no(rs.rule_id("order"), "forfeit.lower", die=first, dice=lost)
    return _no(rs.rule_id("must"), "forfeit.die", die=first)


def _order_refusal(t: Turn, die: int) -> Explanation:
    due = t.remaining[0]
    if t.plan.pasch:
        return _no(family_of(t.rules).pasch_rule(t), "refusal.pasch_order", due=due, die=die)
    return _no(t.rules.rule_id("order"), "refusal.lower_first", due=due, die=die)


def _legal_message(t: Turn, st: Step) -> Message:
    me = t.pos.turn
    other = me.other
    if st.many > 1:
        return Message.of("legal.six_out", side=me, n=st.many, to=st.to)
    burst = st.hit and st.to != OFF and t.pos.side(other)[CROSS[t.rules.layout][st.to]] >= 2
    hit = "burst" if burst else ("hit" if st.hit else "")
    if st.frm == 0:
        key = "legal.enter"
    elif st.to == OFF:
        key = "legal.bearoff"
    else:
        key = "legal.move"
    return Message.of(
        key + (f"_{hit}" if hit else ""), side=me, opponent=other, die=st.die, frm=st.frm, to=st.to
    )
