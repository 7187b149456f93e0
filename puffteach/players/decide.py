"""The optional decisions a player may take, taken by a player's own evaluation (issue 43).

Besides choosing a play, the rules give a player four choices; a computer player takes each
by the evaluation it ranks its plays with (its level's evaluator, at 0 plies: the decisions
compare averages over whole rolls, and a deeper search of every roll would cost a hundred
plays' searches for one yes or no):

- **giving up** (bräde RV 4a, only where the family's :meth:`~puffteach.families.base.Family.
  resign_refusal` allows it): resign when the expected loss of playing on, the evaluator's
  equity of the position for the side to move, exceeds the points the resignation costs (the
  hemspel's, :meth:`~puffteach.families.base.Family.resign_outcome`); after seeing a roll
  that does not force a breach (the family's ``resign_after_roll``), playing on is worth the
  roll's best play;
- **one die** (bräde RV 15, where the side may choose it and is not bound to it): roll one
  die when the average over its six faces of the best play's value is higher than the average
  over the 21 rolls of two dice;
- **refusing the roll** (bräde RV 25, once a game): roll again when the best play of the roll
  is worth less than the average best play of a new roll by more than :data:`REROLL_MARGIN`
  (what the once-a-game right is assumed to be worth kept for later; not tuned by matches);
- **naming a generalpasch** (Puff): the named pasch whose best play is worth most (the plays
  of every named pasch and of the roll as rolled are ranked together, as
  :meth:`~puffteach.players.search.SearchPlayer.choose` ranks them).

Each decision is a :class:`Decision` with its two values and a sentence from the catalogue
(``catalogue/<lang>/ladder.json``), which the hint shows ("giving up now costs 1 point;
playing on is expected to cost 1.8"). The random player takes none of them (it gives up
never, rolls two dice, keeps its rolls); a generalpasch it plays under a plan drawn at random.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Final

from ..color import Color
from ..families import family_of
from ..listing import iter_turn_plays
from ..messages import Message, Number
from ..movegen import begin_roll as _turns  # every plan of a roll, checked
from ..odds import chance_outcomes
from ..position import Position
from ..rules import RuleSet
from ..steps import Turn
from .search import DEFAULT_LEVEL, LEVELS, SearchPlayer

__all__ = [
    "REROLL_MARGIN",
    "Decision",
    "before_roll",
    "decisions",
    "for_roll",
    "name_choice",
    "one_die_choice",
    "reroll_choice",
    "resign_after_roll_choice",
    "resign_choice",
]

#: points a roll must be worse than a new roll's average before the once-a-game re-roll
#: (RV 25) is spent on it
REROLL_MARGIN: Final = 0.1


@dataclass(frozen=True)
class Decision:
    """One optional decision: ``kind`` (``resign``, ``one_die``, ``reroll``, ``name``),
    whether the player takes it (``take``; for ``name``: always, ``named`` is the pasch named,
    None for the roll as rolled), the value of taking it and of not taking it for the side to
    move (expected points) and the sentence that says why."""

    kind: str
    take: bool
    value: float
    other: float
    message: Message
    named: int | None = None

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": self.kind,
            "take": self.take,
            "value": round(self.value, 4),
            "other": round(self.other, 4),
            "key": self.message.key,
            "text": self.message.text(lang),
        }
        if self.kind == "name":
            out["named"] = self.named
        return out


#: the last few roll averages asked about: (evaluator, rules, position, one die) -> value
_AVERAGES: OrderedDict[tuple[object, ...], float] = OrderedDict()
_AVERAGES_SIZE: Final = 64


def _best(p: SearchPlayer, rs: RuleSet, turns: list[Turn]) -> float:
    """The value for the mover of the best play of a roll (0 plies on ``p``'s evaluator)."""
    return p.ranked(rs, turns, plies=0)[0][1].equity


def _average(p: SearchPlayer, rs: RuleSet, pos: Position, one_die: bool) -> float:
    """The mover's expected value of rolling (one die or two) and playing the best play."""
    key = (p.evaluator, rs.name, pos, one_die)
    got = _AVERAGES.get(key)
    if got is None:
        got = sum(
            float(o.probability) * _best(p, rs, _turns(rs, pos, o.dice))
            for o in chance_outcomes(rs, pos, one_die)
        )
        _AVERAGES[key] = got
        while len(_AVERAGES) > _AVERAGES_SIZE:
            _AVERAGES.popitem(last=False)
    else:
        _AVERAGES.move_to_end(key)
    return got


def resign_choice(p: SearchPlayer, rs: RuleSet, pos: Position) -> Decision | None:
    """Give up now (bräde RV 4a)? None when the rules do not allow it in ``pos`` (a position
    between rolls, the side to move deciding)."""
    fam = family_of(rs)
    if fam.resign_refusal(rs, pos) is not None:
        return None
    cost = float(fam.resign_outcome(rs, pos).points)
    playing_on = p.evaluator(rs, pos, Color(pos.turn)).equity
    return _resign_decision(cost, playing_on)


def resign_after_roll_choice(
    p: SearchPlayer, rs: RuleSet, pos: Position, dice: tuple[int, ...]
) -> Decision | None:
    """Give up after seeing the roll ``dice`` in ``pos``, before moving it (RV 4a, revised:
    when the roll does not force a breach of its conditions)? None when the family's checks
    (:meth:`~puffteach.families.base.Family.resign_refusal` and ``resign_after_roll``) do not
    allow it. Playing on is worth the roll's best play."""
    fam = family_of(rs)
    if fam.resign_refusal(rs, pos) is not None:
        return None
    turns = _turns(rs, pos, dice)
    ends = (play.position for t in turns for play in iter_turn_plays(t))
    if fam.resign_after_roll(rs, pos, ends) is not None:
        return None
    cost = float(fam.resign_outcome(rs, pos).points)
    playing_on = _best(p, rs, turns)
    return _resign_decision(cost, playing_on)


def _resign_decision(cost: float, playing_on: float) -> Decision:
    take = -playing_on > cost
    if playing_on > 0:
        msg = Message.of("decide.resign.ahead", n=int(cost), gain=Number(playing_on, 2))
    else:
        key = "decide.resign.take" if take else "decide.resign.keep"
        msg = Message.of(key, n=int(cost), loss=Number(-playing_on, 2))
    return Decision("resign", take, -cost, playing_on, msg)


def one_die_choice(p: SearchPlayer, rs: RuleSet, pos: Position) -> Decision | None:
    """Roll one die (bräde RV 15)? None when the side may not choose (not allowed, or bound
    to a one-die series)."""
    fam = family_of(rs)
    if fam.one_die_required(rs, pos) or not fam.one_die_allowed(rs, pos):
        return None
    one = _average(p, rs, pos, True)
    two = _average(p, rs, pos, False)
    take = one > two
    key = "decide.one_die.take" if take else "decide.one_die.keep"
    msg = Message.of(key, one=Number(one, 2, True), two=Number(two, 2, True))
    return Decision("one_die", take, one, two, msg)


def reroll_choice(
    p: SearchPlayer, rs: RuleSet, pos: Position, dice: tuple[int, ...]
) -> Decision | None:
    """Refuse the roll ``dice`` just made in ``pos`` and roll again (bräde RV 25)? None when
    the rules give no re-roll or the side to move has used it."""
    me = pos.turn
    if not family_of(rs).reroll_once(rs) or pos.side_flag(me, "reroll"):
        return None
    keep = _best(p, rs, _turns(rs, pos, dice))
    again = _average(p, rs, pos.with_side_flag(me, "reroll", 1), len(dice) == 1)
    take = again - keep > REROLL_MARGIN
    key = "decide.reroll.take" if take else "decide.reroll.keep"
    msg = Message.of(key, keep=Number(keep, 2, True), again=Number(again, 2, True))
    return Decision("reroll", take, again, keep, msg)


def name_choice(
    p: SearchPlayer, rs: RuleSet, pos: Position, dice: tuple[int, ...]
) -> Decision | None:
    """Which pasch to name for a generalpasch (None when the roll offers one plan only): the
    plan whose best play is worth most (ties: the roll as rolled, then the lower pasch)."""
    turns = _turns(rs, pos, dice)
    if len(turns) < 2:
        return None
    values = [(_best(p, rs, [t]), t.plan.named) for t in turns]
    as_rolled = next((v for v, named in values if named is None), float("-inf"))
    best, named = max(values, key=lambda x: (x[0], x[1] is None, -(x[1] or 0)))
    if named is None:
        msg = Message.of("decide.name.keep", value=Number(best, 2, True))
    else:
        msg = Message.of(
            "decide.name.take",
            x=named,
            value=Number(best, 2, True),
            rolled=Number(as_rolled, 2, True),
        )
    return Decision("name", named is not None, best, as_rolled, msg, named)


def before_roll(p: SearchPlayer, rs: RuleSet, pos: Position) -> list[Decision]:
    """The decisions the side to move may take before rolling in ``pos``: giving up, one
    die."""
    out = [resign_choice(p, rs, pos), one_die_choice(p, rs, pos)]
    return [d for d in out if d is not None]


def for_roll(p: SearchPlayer, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> list[Decision]:
    """The decisions the roll ``dice`` just made in ``pos`` offers: giving up after seeing
    it (RV 4a), re-roll, naming."""
    out = [
        resign_after_roll_choice(p, rs, pos, dice),
        reroll_choice(p, rs, pos, dice),
        name_choice(p, rs, pos, dice),
    ]
    return [d for d in out if d is not None]


def decisions(
    rs: RuleSet, pos: Position, dice: tuple[int, ...], level: str = DEFAULT_LEVEL
) -> list[Decision]:
    """What a hint says about the optional decisions around the roll ``dice`` in ``pos`` at
    ``level`` (noiseless): those before the roll (giving up, one die), then the roll's own
    (re-roll, naming)."""
    p = SearchPlayer(replace(LEVELS[level], noise=0.0, careless=0.0))
    return [*before_roll(p, rs, pos), *for_roll(p, rs, pos, dice)]
