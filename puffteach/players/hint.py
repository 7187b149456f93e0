"""Hint, tutor and review: plays ranked by a player's own search, with reasons in words.

- :func:`hint`: the candidate plays of a roll ranked by equity (expected points) at a level's
  depth, each with :class:`~puffteach.messages.Message` reasons from exact features: the hits
  made, the blots left in reach and the rolls out of 36 that hit each (exact, by the rule set:
  :func:`puffteach.odds.hit_table`), bands made and broken, checkers still to enter, checkers
  borne off, the opponent's chance to make the mover jan (bräde), a pattern one checker away
  (bräde's beautiful plays; Puff's tower and goose), the opponent's chance to win by a tower
  with his next roll (:func:`puffteach.odds.pattern_chance`) and a win.
- :func:`tutor`: the verdict on a play — best, good, doubtful, bad, very bad — by the equity
  it loses against the best play (:data:`VERDICTS`, thresholds as data: gnubg's
  0.04 / 0.08 / 0.16, kept after checking them against the ladder's plays in both families,
  see :data:`VERDICTS`); the best play comes with it (a board draws it as arrows).
- :func:`review`: a finished game record replayed: each side's errors judged at the tutor's
  level (in Puff the plays the tutor's net values picked by the hand-written evaluation first,
  :func:`_review_judged`), its mean equity lost per decision and a rating band
  (:data:`RATINGS`, per family, calibrated on the ladder), and the luck of every roll (the
  value of the roll minus the average value over all rolls, each roll's play built die by die
  on the hand-written evaluation, 0 plies, a pasch's by a beam of 6 where a pasch came).

The best play of a hint is never worse than the played play by the hint's own evaluation:
a played play outside the candidates searched is searched at the same depth and ranked with
them.

**Cost** (figures: ``benchmarks/hint.py`` and the README). A roll's plays are the search
player's candidates (:func:`~puffteach.players.search.candidate_plays`: a Puff pasch with
four or more dice due is built by a beam, never listed); the plays a hint shows are searched
at the level's depth (:data:`DEEP_MAX` at most) and only they get reasons; the hit counts of
the reasons come from :func:`~puffteach.odds.hit_table`, whose search skips every state from
which no checker can still reach a blot. A played play the beam did not reach is valued on
its own; one named by its final position is found by a search that drops a partial play as
soon as it cannot end there (the roll's plays are never listed). The last few rankings are
remembered (:func:`ranked`), so the tutor's verdict after a hint on the same roll costs one
search of the played play at most.
"""

from __future__ import annotations

import gc
import math
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Final

from ..board import OFF
from ..color import Color
from ..families import FAMILIES, family_of
from ..listing import iter_turn_plays
from ..messages import Message, Number
from ..movegen import Play, finish, push, step_end, turn_steps
from ..movegen import begin_roll as _turns  # every plan of a roll, checked
from ..odds import chance_outcomes, hit_table, jan_chance, pattern_chance
from ..position import CHECKERS, Position
from ..rules import RuleSet, rules
from ..steps import Step, Turn
from .base import Estimate, Evaluator, PlayersError, outcome_estimate
from .evaluate import heuristic
from .ladder import check_hint_level
from .net import evaluate as net_evaluate
from .net import load as load_net
from .search import (
    BEAM_FROM,
    DEFAULT_LEVEL,
    LEVELS,
    SearchPlayer,
    _beam_plays,
    _rank,
    _Scorer,
)

if TYPE_CHECKING:
    from ..game import Game, TurnRecord

__all__ = [
    "DEEP_MAX",
    "RATINGS",
    "VERDICTS",
    "Hint",
    "Review",
    "RollReview",
    "Verdict",
    "hint",
    "rating",
    "ranked",
    "reasons",
    "forget_reviews",
    "kept_rolls",
    "review",
    "review_ahead",
    "review_luck",
    "review_rolls",
    "summarize",
    "tutor",
    "verdict",
]

#: (verdict, equity lost from which it applies), mildest first; "best" below the first.
#: gnubg's thresholds, checked on the ladder (``benchmarks/calibrate.py``, the tutor judging
#: each level's own games): doubtful-or-worse / bad-or-worse / very bad for advanced (greedy)
#: 2.3% / 0.4% / 0.2% of its decisions in Puff (the 128-unit Puff net judging, 28 November
#: 2026) and 36% / 23% / 9.5% in bräde, for beginner 40% / 28% / 18% and 64% / 55% / 42.5%. In
#: bräde the greedy player does lose about a point a game to the tutor's level, some four very
#: bad plays of at least 0.16, so the thresholds flag real errors there; in Puff halving them
#: would flag 7.6% of the greedy player's plays, doubling them would hide 84% of the casual
#: player's. Kept for both families.
VERDICTS: Final[tuple[tuple[str, float], ...]] = (
    ("good", 1e-9),
    ("doubtful", 0.04),
    ("bad", 0.08),
    ("very-bad", 0.16),
)

#: per family: (rating band, mean equity lost per decision up to which it applies), best
#: first. Calibrated on the ladder (``benchmarks/calibrate.py``: each level playing itself, 30
#: games a level and family, every decision judged as :func:`review` judges it, at the tutor's
#: level): a band is named after the level whose error rate it holds, its limit is the
#: geometric mean of that level's error rate and the next weaker one's, and the top band ends
#: at half the advanced level's rate (the judge's own rate is 0). Measured error rates, Puff
#: (again with the 128-unit Puff net, 28 November 2026): expert 0.0004, advanced 0.0057,
#: intermediate 0.0100, casual 0.057, beginner 0.138; bräde (the bräde net judging, 26
#: November 2026): expert 0, advanced 0.056, intermediate 0.079, casual 0.19, beginner 0.27
#: (bräde's decisions are worth more: jan, and the greedy player loses about a point a game
#: to the expert level there, against 0.07 in lång puff)
RATINGS: Final[dict[str, tuple[tuple[str, float], ...]]] = {
    name: f.play.ratings for name, f in FAMILIES.items()
}  # each family's ``play.ratings`` (families/<name>_play.py), by name


def verdict(lost: float) -> str:
    """The tutor's verdict on a play that loses ``lost`` equity against the best play."""
    name = "best"
    for v, threshold in VERDICTS:
        if lost >= threshold:
            name = v
    return name


def rating(error_rate: float, family: str) -> str:
    """The rating band of a mean equity lost per decision in a family's game."""
    bands = FAMILIES[family].play.ratings
    for band, limit in bands:
        if error_rate <= limit:
            return band
    return bands[-1][0]


@dataclass(frozen=True)
class Hint:
    """A candidate play with its value for the mover and the reasons."""

    play: Play
    estimate: Estimate
    reasons: tuple[Message, ...]

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return {
            "moves": [str(m) for m in self.play.moves],
            "named": self.play.plan.named,
            "position": str(self.play.position),
            "equity": round(self.estimate.equity, 4),
            "win": round(self.estimate.win, 4),
            "reasons": [{"key": m.key, "text": m.text(lang)} for m in self.reasons],
        }


#: a hint searches at most this many plays at its level's depth (at least the level's own
#: candidates); plays shown below them keep their 0-ply values
DEEP_MAX: Final = 8


def _player(level: str, evaluator: Evaluator | None, shown: int = 0) -> SearchPlayer:
    """A noiseless player of ``level``; with ``shown`` plays to show, one that searches at
    least that many (up to :data:`DEEP_MAX`) at its depth, so the plays a hint shows are
    ranked alike."""
    if level not in LEVELS:
        raise PlayersError("error.players.level", got=repr(level), levels=", ".join(LEVELS))
    lv = replace(LEVELS[level], noise=0.0)
    if lv.plies > 0 and min(shown, DEEP_MAX) > lv.candidates:
        lv = replace(lv, candidates=min(shown, DEEP_MAX))
    return SearchPlayer(lv, evaluator)


def _identity(play: Play) -> tuple[Position, object]:
    return (play.position, play.outcome)


#: the rankings of the last few rolls asked about (a hint and then the tutor's verdict on the
#: same roll, or a board asked twice, search once): key -> ranked plays
_RANKED: OrderedDict[tuple[object, ...], list[tuple[Play, Estimate]]] = OrderedDict()
_RANKED_SIZE: Final = 16


def ranked(p: SearchPlayer, rs: RuleSet, turns: list[Turn]) -> list[tuple[Play, Estimate]]:
    """``p.ranked(rs, turns)`` (a new list), remembered for the last few fresh rolls."""
    if any(t.moves for t in turns):  # a roll in progress: not remembered
        return p.ranked(rs, turns)
    lv = p.level
    key = (lv, p.evaluator, rs.name, turns[0].start, tuple(t.plan for t in turns))
    got = _RANKED.get(key)
    if got is None:
        got = _RANKED[key] = p.ranked(rs, turns)
        while len(_RANKED) > _RANKED_SIZE:
            _RANKED.popitem(last=False)
    else:
        _RANKED.move_to_end(key)
    return list(got)


def _judged(
    p: SearchPlayer, rs: RuleSet, turns: list[Turn], played: Play | None = None
) -> list[tuple[Play, Estimate]]:
    """The ranked candidates; ``played`` searched as deep as the head and ranked with it."""
    ranked_plays = ranked(p, rs, turns)
    if played is None:
        return ranked_plays
    head = p.level.candidates if p.level.plies > 0 else len(ranked_plays)
    ids = [_identity(x) for x, _ in ranked_plays[:head]]
    if _identity(played) not in ids:
        me = turns[0].start.turn
        est = p.value(rs, played, me, p.level.plies)
        ranked_plays = [x for x in ranked_plays if _identity(x[0]) != _identity(played)]
        ranked_plays.insert(0, (played, est))
        top = sorted(ranked_plays[: head + 1], key=lambda x: x[1].equity, reverse=True)
        ranked_plays = top + ranked_plays[head + 1 :]
    return ranked_plays


def hint(
    rs: RuleSet | str,
    pos: Position,
    dice: tuple[int, ...],
    level: str = DEFAULT_LEVEL,
    top: int = 5,
    evaluator: Evaluator | None = None,
) -> list[Hint]:
    """The ``top`` best plays of ``dice`` in ``pos``, best first, with reasons (found for
    those plays only). The first ``top`` (at least the level's candidates, at most
    :data:`DEEP_MAX`) are searched at the level's depth."""
    rs = rules(rs)
    top = max(1, top)
    check_hint_level(rs, level)  # the rule set's ladder (no random), or grandmaster
    p = _player(level, evaluator, top)
    ranked_plays = _judged(p, rs, _turns(rs, pos, dice))
    return [Hint(play, est, reasons(rs, pos, play)) for play, est in ranked_plays[:top]]


# --------------------------------------------------------------------------- reasons


def reasons(rs: RuleSet, before: Position, play: Play) -> tuple[Message, ...]:
    """Why a play is good or bad, from exact features of the positions before and after."""
    me = Color(before.turn)
    him = me.other
    after = play.position
    own0, own1 = before.side(me), after.side(me)
    opp0, opp1 = before.side(him), after.side(him)
    out: list[Message] = []
    if play.outcome is not None:
        out.append(
            Message.of(
                "hint.wins", kind=Message.of(f"kind.{play.outcome.kind}"), n=play.outcome.points
            )
        )
        return tuple(out)
    hits = opp1[0] - opp0[0]
    if hits > 0:
        out.append(Message.of("hint.hits", n=hits))
    made = [p for p in range(1, OFF) if own1[p] >= 2 and own0[p] < 2]
    broken = [p for p in range(1, OFF) if own0[p] >= 2 and own1[p] < 2]
    if made:
        out.append(Message.of("hint.bands_made", points=_points(made), n=len(made)))
    if broken:
        out.append(Message.of("hint.bands_broken", points=_points(broken), n=len(broken)))
    if own1[0]:
        out.append(Message.of("hint.to_enter", n=own1[0]))
    off = own1[OFF] - own0[OFF]
    if off > 0:
        out.append(Message.of("hint.borne_off", n=off))
    if play.forfeited:
        out.append(Message.of("hint.forfeits", n=len(play.forfeited)))
    probe = after if after.turn == him else after._replace(turn=him, streak=0)
    shots = hit_table(rs, probe, me)
    for p, n in shots.items():
        out.append(Message.of("hint.blot", point=p, n=n))
    if not shots and hit_table(rs, before._replace(turn=him, streak=0), me):
        # the roll found its blots in danger and leaves none (said only then: in a race, or
        # with no blot before, "no blot" would tell the pupil nothing)
        out.append(Message.of("hint.blots_safe"))
    if own1[0] or 1 in own1[1:OFF]:
        jan = jan_chance(rs, probe, me)
        if jan:
            out.append(Message.of("hint.jan_risk", n=int(jan * 36)))
    near = _near_pattern(rs, own1)
    if near is not None:
        out.append(Message.of("hint.pattern_near", kind=Message.of(f"kind.{near}")))
    risk = pattern_chance(rs, probe, him, "tower")  # (the goose march: see evaluate.py)
    if risk:
        out.append(Message.of("hint.pattern_risk", kind=Message.of("kind.tower"), n=int(risk * 36)))
    return tuple(out)


def _points(points: list[int]) -> str:
    return ", ".join(map(str, points))


def _near_pattern(rs: RuleSet, own: tuple[int, ...]) -> str | None:
    """A beautiful pattern (bräde) or tower (Puff with tower-goose) one checker away."""
    if own[OFF]:
        return None
    fam = family_of(rs)
    for kind in fam.patterns(rs):
        shape = fam.pattern_shape(kind)
        if (
            shape is not None
            and sum(min(a, b) for a, b in zip(own[20:OFF], shape, strict=True)) == CHECKERS - 1
        ):
            return kind
    if fam.shape_wins(rs) and max(own[1:OFF]) == CHECKERS - 1:
        return "tower"
    return None


# --------------------------------------------------------------------------- tutor


@dataclass(frozen=True)
class Verdict:
    """The tutor's answer: the verdict, the equity lost, the played and the best play."""

    verdict: str
    lost: float
    played: Play
    played_estimate: Estimate
    best: Play
    best_estimate: Estimate

    @property
    def message(self) -> Message:
        return Message.of(f"verdict.{self.verdict}", lost=Number(self.lost))

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "text": self.message.text(lang),
            "lost": round(self.lost, 4),
            "played": [str(m) for m in self.played.moves],
            "best": [str(m) for m in self.best.moves],
            "best_position": str(self.best.position),
        }


def tutor(
    rs: RuleSet | str,
    pos: Position,
    dice: tuple[int, ...],
    played: Play | Position,
    level: str = DEFAULT_LEVEL,
    evaluator: Evaluator | None = None,
) -> Verdict:
    """The verdict on ``played`` (a play, or the position it ended in) for ``dice`` in
    ``pos``."""
    rs = rules(rs)
    p = _player(level, evaluator)
    turns = _turns(rs, pos, dice)
    play = _find(rs, turns, played) if isinstance(played, Position) else played
    ranked = _judged(p, rs, turns, play)
    best, best_est = ranked[0]
    mine = next(est for x, est in ranked if _identity(x) == _identity(play))
    lost = max(0.0, best_est.equity - mine.equity)
    return Verdict(verdict(lost), lost, play, mine, best, best_est)


def _find(rs: RuleSet, turns: list[Turn], final: Position) -> Play:
    """A play of ``turns`` that ends in ``final``: depth first over the legal steps, never
    listing the roll's plays. Checkers only move forward and the opponent's only leave the
    board (hit), so a partial play is dropped as soon as the mover has fewer checkers at or
    behind some point than ``final`` has, or the opponent fewer on a point."""
    me = turns[0].start.turn
    mine_f = final.side(Color(me))
    his_f = final.side(Color(me).other)
    behind_f = list(accumulate(mine_f))
    seen: set[object] = set()

    def search(t: Turn) -> Turn | None:
        if t.done:
            return t if finish(t)[0] == final else None
        key = (t.pos, t.remaining, t.cont, t.moves if t.target is not None else None)
        if key in seen:
            return None
        seen.add(key)
        mine = t.pos.side(Color(me))
        his = t.pos.side(Color(me).other)
        if any(a < b for a, b in zip(accumulate(mine), behind_f, strict=True)) or any(
            his[p] < his_f[p] for p in range(1, OFF + 1)
        ):
            return None
        for st in turn_steps(t):
            found = search(push(t, st))
            if found is not None:
                return found
        return None

    for t in turns:
        seen.clear()
        end = search(t)
        if end is not None:
            pos, outcome, again = finish(end)
            return Play(end.moves, end.forfeited, pos, outcome, end.plan, again)
    raise PlayersError("error.players.not_a_play", position=str(final))


# --------------------------------------------------------------------------- review


@dataclass(frozen=True)
class RollReview:
    """One roll of a reviewed game."""

    side: Color
    dice: tuple[int, ...]
    choices: bool  # more than one play was possible
    verdict: str
    lost: float
    luck: float
    played: tuple[str, ...]
    best: tuple[str, ...]
    #: the mover's chance to win after the play made, as the judge sees it (the review chart)
    win: float = 0.5

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side.letter,
            "dice": list(self.dice),
            "verdict": self.verdict,
            "lost": round(self.lost, 4),
            "luck": round(self.luck, 4),
            "played": list(self.played),
            "best": list(self.best),
        }

    def to_state(self) -> dict[str, Any]:
        """Every field, unrounded: what a review done a few rolls at a time keeps between its
        steps (:meth:`from_state` reads it back)."""
        return {
            **self.to_json(),
            "choices": self.choices,
            "lost": self.lost,
            "luck": self.luck,
            "win": self.win,
        }

    @classmethod
    def from_state(cls, data: Any) -> RollReview:
        """The roll :meth:`to_state` wrote; ``ValueError`` for anything else."""
        try:
            dice = tuple(int(d) for d in data["dice"])
            made = cls(
                Color.parse(data["side"]),
                dice,
                bool(data["choices"]),
                str(data["verdict"]),
                float(data["lost"]),
                float(data["luck"]),
                tuple(str(m) for m in data["played"]),
                tuple(str(m) for m in data["best"]),
                float(data.get("win", 0.5)),
            )
        except (KeyError, TypeError, AttributeError) as e:
            raise PlayersError("error.player.review", got=repr(data)) from e
        if made.verdict not in {"best", *(v for v, _ in VERDICTS)}:
            raise ValueError(f"not a verdict: {made.verdict!r}")
        return made


@dataclass(frozen=True)
class Review:
    """A game's review: every roll, and per side errors, error rate, rating and luck."""

    rolls: tuple[RollReview, ...]
    errors: dict[str, list[int]] = field(default_factory=dict)  # side letter -> roll indices
    error_rate: dict[str, float] = field(default_factory=dict)
    rating: dict[str, str] = field(default_factory=dict)
    luck: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rolls": [r.to_json() for r in self.rolls],
            "errors": self.errors,
            "error_rate": {k: round(v, 4) for k, v in self.error_rate.items()},
            "rating": self.rating,
            "luck": {k: round(v, 4) for k, v in self.luck.items()},
        }


#: the review's verdicts (:func:`_review_judged`), where the tutor's evaluator mixes in the
#: hand-written one (Puff's net): the plays valued by the tutor's evaluator are the best
#: ``REVIEW_KEEP`` of the roll's plays by the hand-written evaluation, and the play made. 4
#: since 5 December 2026 (was 8; the net's work in Pyodide is most of the verdicts'): the verdict
#: classes agree with the tutor's own ranking in 2,386 of 2,418 rolls of lång puff seeds 1-20
#: (98.7%; 2,390 with 8, 2,394 with 8 and a pasch beam of 32), the verdicts' CPU 5.97 -> 5.07 s
REVIEW_KEEP: Final = 4
#: ... and a pasch's plays are those a beam of ``REVIEW_BEAM`` partial plays ranked by the
#: hand-written evaluation reaches (the tutor's own beam of 12 asks its net about every
#: partial play, most of the net's work in a review). 16 since 5 December 2026 (was 32, half
#: of the verdicts' time in lång puff): the same verdict classes against the tutor's ranking on
#: lång puff seeds 1-6 (805 of 813 rolls either way), 2,390 of 2,418 on seeds 1-20 (2,394)
REVIEW_BEAM: Final = 16


#: the hand-written evaluation's values the review's two passes share (:func:`_heuristic_scorer`)
_SHARED: list[_Scorer] = []
#: ... dropped when they hold more positions than this (a whole game's review: some 30,000)
_SHARED_SIZE: Final = 100_000


def _heuristic_scorer(rs: RuleSet) -> _Scorer:
    """The hand-written evaluation's scorer of ``rs`` for a review, kept between calls: the
    luck's walks meet positions the verdicts valued (the pasch that came, beamed by both) and
    the board reviews a game a few rolls a call. One rule set at a time; the values are the
    evaluation's, so keeping them changes nothing but the time."""
    if _SHARED and _SHARED[0].rs == rs and len(_SHARED[0].cache) <= _SHARED_SIZE:
        return _SHARED[0]
    _SHARED[:] = [_Scorer(rs, heuristic)]
    return _SHARED[0]


def _mixes_heuristic(p: SearchPlayer, rs: RuleSet) -> bool:
    """Whether ``p``'s evaluator is a net that mixes in the hand-written evaluation (so that
    the hand-written evaluation may choose which plays the net values)."""
    if p.evaluator is not net_evaluate:
        return False
    return load_net(rs.family).mix < 1.0


@contextmanager
def _gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused (as :mod:`puffteach.listing` pauses it): a review's
    rolls make some 10^5 short-lived tuples and Turns each game and no reference cycles, and
    the collector's passes over the values the review keeps (the evaluations, the sides'
    counts) were some 15% of its time (CPython, lång puff seed 8)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _review_judged(
    p: SearchPlayer, cheap: _Scorer, rs: RuleSet, turns: list[Turn], played: Play
) -> tuple[list[tuple[Play, Estimate]], int]:
    """The review's ranking of a roll's plays (best first, ``played`` among them) and the
    number of plays it chose from: what :func:`_judged` gives for a greedy level, cheaper.
    The plays are valued together (one batch, :meth:`_Scorer.plays`); where the level's
    evaluator mixes in the hand-written one (:func:`_mixes_heuristic`), only the
    :data:`REVIEW_KEEP` best by the hand-written evaluation (``cheap``) and the play made
    are valued, and a pasch's plays are found by a beam of :data:`REVIEW_BEAM` on the
    hand-written evaluation. A deeper level: :func:`_judged`."""
    with _gc_paused():
        return _review_ranked(p, cheap, rs, turns, played)


def _review_ranked(
    p: SearchPlayer, cheap: _Scorer, rs: RuleSet, turns: list[Turn], played: Play
) -> tuple[list[tuple[Play, Estimate]], int]:
    """:func:`_review_judged`'s work (the collector paused by it)."""
    if p.level.plies > 0:
        ranked_plays = _judged(p, rs, turns, played)
        return ranked_plays, len(ranked_plays)
    me = Color(turns[0].start.turn)
    scorer = p.scorer(rs)
    mixed = _mixes_heuristic(p, rs)
    small: list[Turn] = []
    big: list[Turn] = []
    for t in turns:
        (big if len(t.remaining) >= BEAM_FROM and not t.plan.free else small).append(t)
    found: dict[tuple[Position, object], Play] = {}
    for t in small:
        for x in iter_turn_plays(t):
            found.setdefault(_identity(x), x)
    if big:
        beamed = (
            _beam_plays(big, cheap, REVIEW_BEAM)
            if mixed
            else _beam_plays(big, scorer, p.level.beam)
        )
        for x in beamed:
            found.setdefault(_identity(x), x)
    plays = list(found.values())
    count = len(plays)
    if mixed and count > REVIEW_KEEP:
        values = [e.equity for e in cheap.plays(plays, me)]
        order = sorted(range(len(plays)), key=values.__getitem__, reverse=True)
        plays = [plays[i] for i in order[:REVIEW_KEEP]]
    if _identity(played) not in {_identity(x) for x in plays}:
        plays.append(played)
        count += _identity(played) not in found
    ranked_plays = sorted(
        zip(plays, scorer.plays(plays, me), strict=True),
        key=lambda x: x[1].equity,
        reverse=True,
    )
    return ranked_plays, count


#: the width of the beam that builds each roll's play for the luck: 1, die by die the step
#: that leaves the best position (the review's luck, issue 44: see :func:`_luck`)
LUCK_BEAM: Final = 1
#: ... and through a pasch (a roll with four dice or more due), where a pasch came
LUCK_PASCH_BEAM: Final = 6


def _long(turns: list[Turn]) -> bool:
    """Whether a roll's plans move four dice or more (a pasch)."""
    return any(len(t.remaining) >= BEAM_FROM for t in turns)


def _walk_value(turns: list[Turn], scorer: _Scorer, me: Color, width: int) -> float:
    """The best value for ``me`` (``scorer``'s, 0 plies) of the plays a beam of ``width``
    partial plays reaches through ``turns``: ``max(scorer.play(x, me).equity for x in
    _beam_plays(turns, scorer, width))``, without making the plays (the luck's walk, 21 rolls
    a position): the same steps, the same ranking (``_rank``, the first of equal partial plays
    kept as the beam's stable sort keeps it) and the same values. A beam of 1 ranks each step
    by where it leads (:func:`~puffteach.movegen.step_end`) and settles only the step it
    keeps (:func:`~puffteach.movegen.push` derives the next die's steps: most of the walk's
    work when every step was pushed). Equal partial plays need no merging there: a later
    one never beats the first."""
    position = scorer.position
    rank = partial(_rank, scorer, me)
    best = -math.inf
    frontier = turns
    while frontier:
        nxt: dict[tuple[Position, tuple[int, ...], int | None], Turn] = {}
        choices: list[tuple[Turn, Step]] = []  # a beam of 1: every step, ranked below
        for t in frontier:
            if t.done:
                end, outcome, _ = finish(t)
                v = (
                    outcome_estimate(outcome, me).equity
                    if outcome is not None
                    else position(end, me).equity
                )
                if v > best:
                    best = v
            elif width == 1:
                choices += [(t, st) for st in turn_steps(t)]
            else:
                for st in turn_steps(t):
                    t2 = push(t, st)
                    nxt.setdefault((t2.pos, t2.remaining, t2.cont), t2)
        if choices:  # ranked by where each step leads; only the one kept is pushed
            keep = choices[0]
            if len(choices) > 1:  # (a forced step is not valued, as the beam does not)
                top = -math.inf
                for t, st in choices:
                    end, outcome = step_end(t, st)
                    v = (
                        outcome_estimate(outcome, me).equity
                        if outcome is not None
                        else position(end, me).equity
                    )
                    if v > top:
                        top, keep = v, (t, st)
            frontier = [push(*keep)]
        elif len(nxt) <= width:
            frontier = list(nxt.values())
        else:
            frontier = sorted(nxt.values(), key=rank, reverse=True)[:width]
    return best


def _luck(scorer: _Scorer, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> float:
    """The luck of ``dice`` in ``pos``: the 0-ply value (``scorer``'s evaluation) of the best
    play found for them minus the average of that over every roll that could have come. Each
    roll's play is built die by die, each step the one that leaves the best position
    (:data:`LUCK_BEAM` wide), never listed and never searched by a beam of 12 through a pasch
    as the players do: about 5 times cheaper in lång puff (the 21 rolls of every position).
    Die by die misses the best play of many a pasch (its early steps look bad and set up a
    hit), so where a pasch came every pasch's play is built by a beam of
    :data:`LUCK_PASCH_BEAM` (the pasch that came and those of the average alike): the same
    cheap plays value the roll that came and the average, so the luck still averages 0 over
    the rolls of a position. Against the players' plays (:func:`_luck_by_rolls`) a roll's luck
    differs by 0.03-0.08 points on average, a pasch's by 0.04 (it was 0.14 and up to 3.9
    with pasches die by die); ``benchmarks/review.py --compare``, CONTRIBUTING.md."""
    me = Color(pos.turn)
    came = _long(_turns(rs, pos, dice))
    values: dict[tuple[int, ...], float] = {}  # the roll that came is among the average's

    def best(d: tuple[int, ...]) -> float:
        got = values.get(d)
        if got is None:
            turns = _turns(rs, pos, d)
            width = LUCK_PASCH_BEAM if came and _long(turns) else LUCK_BEAM
            got = values[d] = _walk_value(turns, scorer, me, width)
        return got

    with _gc_paused():
        outcomes = chance_outcomes(rs, pos, len(dice) == 1)
        avg = sum(float(o.probability) * best(o.dice) for o in outcomes)
        return best(dice) - avg


def _luck_by_rolls(p: SearchPlayer, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> float:
    """The luck measured the slow way (the review's until 5 December 2026, kept to compare,
    ``benchmarks/review.py --compare``): the 0-ply value of the play ``p`` ranks best for
    ``dice`` minus the average of that over all rolls (21 rankings, a Puff pasch by ``p``'s
    beam)."""

    def best(d: tuple[int, ...]) -> float:
        return p.ranked(rs, _turns(rs, pos, d), plies=0)[0][1].equity

    avg = sum(float(o.probability) * best(o.dice) for o in chance_outcomes(rs, pos, len(dice) == 1))
    return best(dice) - avg


def review_rolls(
    record: dict[str, Any] | str | Game,
    level: str = DEFAULT_LEVEL,
    evaluator: Evaluator | None = None,
    luck_level: str | None = None,
    start: int = 0,
    count: int | None = None,
    exact: bool = False,
    luck: bool = True,
) -> tuple[list[RollReview], int]:
    """Rolls ``start`` to ``start + count`` (to the end when ``count`` is None) of a game's
    review, judged as :func:`review` judges them, and the number of rolls the review has in
    all: a long review done a few rolls at a time (the board's Review button, so that the page
    can say how far it is) gives the same rolls as one done at once. ``record`` is a game
    record (``Game.record()``) or a game already loaded from one. Each roll is judged by
    :func:`_review_judged` (the tutor's ranking, cheaper), or with ``exact`` by the tutor's own
    (:func:`_judged`, as :func:`tutor` judges a play during the game). Without ``luck`` each
    roll's luck is left at 0 (the verdicts first, the luck later: :func:`review_luck`)."""
    from ..game import Game

    g = record if isinstance(record, Game) else Game.load(record)
    rs = g.rules
    total = _decided(g)  # RV 11-13's extra rolls aside
    stop = total if count is None else min(total, start + max(0, count))
    if start >= stop:
        return [], total
    p = _player(level, evaluator)
    lp = (
        None
        if luck_level is None
        else p
        if evaluator is not None or luck_level == level
        else _player(luck_level, None)
    )
    scorer = _heuristic_scorer(rs) if evaluator is None else _Scorer(rs, evaluator)
    cheap = scorer if evaluator is None else _heuristic_scorer(rs)
    kept = evaluator is None and not exact  # the board's review: kept (_KEPT_JUDGED)
    rolls: list[RollReview] = []
    pos = g.start
    for i, rec in enumerate(g.history[:stop]):
        if i >= start:
            key = _judged_key(rs, level, pos, rec)
            judged = _KEPT_JUDGED.get(key) if kept else None
            if judged is None:
                judged = _judge_roll(p, cheap, rs, pos, rec, exact)
                if kept:
                    _keep(_KEPT_JUDGED, key, judged)
            if luck:
                judged = replace(
                    judged,
                    luck=_kept_luck(scorer, rs, pos, rec.dice)
                    if lp is None
                    else _luck_by_rolls(lp, rs, pos, rec.dice),
                )
            rolls.append(judged)
        pos = rec.position
    return rolls, total


def _judge_roll(
    p: SearchPlayer, cheap: _Scorer, rs: RuleSet, pos: Position, rec: TurnRecord, exact: bool
) -> RollReview:
    """The review's verdict on roll ``rec`` played in ``pos`` (its luck left at 0):
    :func:`_review_judged`, or with ``exact`` the tutor's own ranking."""
    turns = [t for t in _turns(rs, pos, rec.dice) if t.plan.named == rec.named]
    played = Play(rec.moves, rec.forfeited, rec.position, rec.outcome, turns[0].plan, rec.again)
    if exact:
        ranked = _judged(p, rs, turns, played)
        count = len(ranked)
    else:
        ranked, count = _review_judged(p, cheap, rs, turns, played)
    best, best_est = ranked[0]
    mine = next(est for x, est in ranked if _identity(x) == _identity(played))
    lost = max(0.0, best_est.equity - mine.equity)
    return RollReview(
        rec.side,
        rec.dice,
        count > 1,
        verdict(lost),
        lost,
        0.0,
        tuple(str(m) for m in rec.moves),
        tuple(str(m) for m in best.moves),
        mine.win,
    )


#: what the board's review found of each roll, kept between calls (issue 44: the review
#: worked out while the game is played, :func:`review_ahead`, is taken up by the Review
#: button's steps): a roll's verdict (its luck at 0) by (rule set, level, the position it was
#: rolled in, its record), and a roll's luck (:func:`_luck`, on the hand-written evaluation) by
#: (rule set, that position, the dice). Each is a function of its key alone (no dice rolled,
#: no clock read), so a kept one is the one worked out again. The newest :data:`_KEPT_SIZE`
#: of each (some 20 long games).
_KEPT_JUDGED: OrderedDict[tuple[object, ...], RollReview] = OrderedDict()
_KEPT_LUCK: OrderedDict[tuple[object, ...], float] = OrderedDict()
_KEPT_SIZE: Final = 4096


def _judged_key(rs: RuleSet, level: str, pos: Position, rec: TurnRecord) -> tuple[object, ...]:
    """A roll's key in :data:`_KEPT_JUDGED`."""
    return (rs, level, pos, rec)


def _luck_key(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> tuple[object, ...]:
    """A roll's key in :data:`_KEPT_LUCK`."""
    return (rs, pos, dice)


def _keep(
    table: OrderedDict[tuple[object, ...], Any], key: tuple[object, ...], value: object
) -> None:
    table[key] = value
    while len(table) > _KEPT_SIZE:
        table.popitem(last=False)


def _kept_luck(scorer: _Scorer, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> float:
    """:func:`_luck`, kept (:data:`_KEPT_LUCK`) where ``scorer`` is the hand-written one."""
    if scorer.evaluator is not heuristic:
        return _luck(scorer, rs, pos, dice)
    key = _luck_key(rs, pos, dice)
    got = _KEPT_LUCK.get(key)
    if got is None:
        got = _luck(scorer, rs, pos, dice)
        _keep(_KEPT_LUCK, key, got)
    return got


def forget_reviews() -> None:
    """Forget the rolls the board's review has kept (:data:`_KEPT_JUDGED`, :data:`_KEPT_LUCK`)
    and the hand-written evaluation's values it shares: the next review works everything
    out again (for benchmarks and tests that count the work)."""
    _KEPT_JUDGED.clear()
    _KEPT_LUCK.clear()
    _SHARED.clear()


def _decided(g: Game) -> int:
    """The rolls of ``g``'s review: up to the one that decided the game (RV 11-13's extra
    rolls aside), or every roll of a game under way."""
    total = next((i + 1 for i, rec in enumerate(g.history) if rec.outcome is not None), None)
    return len(g.history) if total is None else total


def kept_rolls(
    record: dict[str, Any] | str | Game,
    level: str = DEFAULT_LEVEL,
    start: int = 0,
    luck: bool = False,
) -> int:
    """How many rolls of a game's review from roll ``start`` on are kept one after the other
    (their verdicts at ``level``, or with ``luck`` their luck): what :func:`review_rolls`
    and :func:`review_luck` give them without working anything out (the board's review steps
    take them beyond their count)."""
    from ..game import Game

    g = record if isinstance(record, Game) else Game.load(record)
    rs = g.rules
    n = 0
    pos = g.start
    for i, rec in enumerate(g.history[: _decided(g)]):
        if i >= start:
            if luck:
                if _luck_key(rs, pos, rec.dice) not in _KEPT_LUCK:
                    break
            elif _judged_key(rs, level, pos, rec) not in _KEPT_JUDGED:
                break
            n += 1
        pos = rec.position
    return n


def review_ahead(
    record: dict[str, Any] | str | Game, level: str = DEFAULT_LEVEL, seconds: float = 0.05
) -> int:
    """Work out and keep the board's review of the rolls a game has so far (a game under way
    or finished; each roll's verdict at ``level`` and its luck), for the Review button to take
    up (issue 44: the static book's page does this while the reader thinks, a little at a
    time, so that Review at the end of a game has nothing left to do). At least one roll is
    worked out, and no more once ``seconds`` have passed (how much is done depends on the
    clock; what is kept does not). Returns how many rolls are left to work out."""
    from ..game import Game

    g = record if isinstance(record, Game) else Game.load(record)
    rs = g.rules
    t0 = time.perf_counter()
    worked = left = 0
    scorer: _Scorer | None = None
    pos = g.start
    for i, rec in enumerate(g.history[: _decided(g)]):
        need = _judged_key(rs, level, pos, rec) not in _KEPT_JUDGED
        lucky = _luck_key(rs, pos, rec.dice) in _KEPT_LUCK
        if need or not lucky:
            if worked and time.perf_counter() - t0 >= seconds:
                left += 1
            else:
                if need:
                    review_rolls(g, level, start=i, count=1, luck=False)
                if not lucky:
                    scorer = scorer or _heuristic_scorer(rs)
                    _kept_luck(scorer, rs, pos, rec.dice)
                worked += 1
        pos = rec.position
    return left


def review_luck(
    record: dict[str, Any] | str | Game,
    start: int = 0,
    count: int | None = None,
    evaluator: Evaluator | None = None,
) -> tuple[list[float], int]:
    """The luck (:func:`_luck`) of rolls ``start`` to ``start + count`` of a game's review
    (to the end when ``count`` is None) and the number of rolls the review has in all: what
    :func:`review_rolls` gives each roll, for a review that judges the plays first (the
    board shows them) and measures the luck after."""
    from ..game import Game

    g = record if isinstance(record, Game) else Game.load(record)
    rs = g.rules
    total = _decided(g)
    stop = total if count is None else min(total, start + max(0, count))
    scorer = _heuristic_scorer(rs) if evaluator is None else _Scorer(rs, evaluator)
    out: list[float] = []
    pos = g.start
    for i, rec in enumerate(g.history[:stop]):
        if i >= start:
            out.append(_kept_luck(scorer, rs, pos, rec.dice))
        pos = rec.position
    return out, total


def summarize(rolls: list[RollReview] | tuple[RollReview, ...], family: str) -> Review:
    """A game's review from its judged rolls (:func:`review_rolls`): each side's errors, error
    rate per decision, rating band in ``family``'s game and luck."""
    errors: dict[str, list[int]] = {}
    rate: dict[str, float] = {}
    band: dict[str, str] = {}
    luck: dict[str, float] = {}
    for side in (Color.WHITE, Color.BLACK):
        mine_rolls = [(i, r) for i, r in enumerate(rolls) if r.side == side]
        decisions = [r for _, r in mine_rolls if r.choices]
        errors[side.letter] = [
            i for i, r in mine_rolls if r.verdict in ("doubtful", "bad", "very-bad")
        ]
        rate[side.letter] = sum(r.lost for r in decisions) / len(decisions) if decisions else 0.0
        band[side.letter] = rating(rate[side.letter], family)
        luck[side.letter] = sum(r.luck for _, r in mine_rolls)
    return Review(tuple(rolls), errors, rate, band, luck)


def review(
    record: dict[str, Any] | str,
    level: str = DEFAULT_LEVEL,
    evaluator: Evaluator | None = None,
    luck_level: str | None = None,
) -> Review:
    """Replay a game record (``Game.record()``) and judge every roll: the plays at ``level``
    (the tutor's, so that the review and the tutor's verdicts during the game agree) and the
    luck of every roll (:func:`_luck`: on the hand-written evaluation, or on ``evaluator`` when
    given, each roll's play built die by die). With ``luck_level`` the luck is measured the
    slow way instead (:func:`_luck_by_rolls`: the plays that level would choose; to compare the
    two, ``benchmarks/review.py --compare``)."""
    from ..game import Game

    g = Game.load(record)
    rolls, _ = review_rolls(g, level, evaluator, luck_level)
    return summarize(rolls, g.rules.family)
