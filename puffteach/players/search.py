"""Computer players on the roll machine: random, greedy and whole-turn expectimax search.

**Candidate plays.** A roll's plays come from the roll machine: ``movegen.begin`` for each plan
(every plan of a generalpasch), then :func:`puffteach.listing.iter_turn_plays` — except for
an ordered roll with four or more dice still due (Puff's pasches: a later pasch has up to
~10⁵ distinct plays), which is never enumerated. There the play is built **step by step with
a beam**: from the partial plays kept so far, every legal next step (``movegen.turn_steps``,
``push``) is taken, equal partial positions are merged, each is scored by the evaluator as
it stands (the mover's view, mid-roll) and the ``beam`` best are kept; finished rolls
(``movegen.finish``) are collected on the way. So a pasch costs about
``beam × steps per die × dice`` evaluations instead of one per play.

**Search** (as gnubg's n-ply): a position after a play is worth, at 0 plies, the evaluator's
estimate (or the exact points of a finished game). At n plies it is the average, over the
chance outcomes of the side to roll (:func:`puffteach.odds.chance_outcomes`: 21 rolls or a
one-die roll's six; after a Puff pasch the same side rolls again), of the value of that side's
best reply, the replies being ranked at 0 plies and only the best ``inner`` of them searched at
n − 1 plies (candidate pruning). At the top, all candidates are ranked at 0 plies and the best
``candidates`` are searched at the level's depth.

**Pruning the replies** (as gnubg's pruning nets pick the moves its full net then judges): a
level with ``prune`` for a family ranks the replies inside its search with the hand-written
evaluation — the partial plays of its beam through a pasch as well — and only the best few
replies of each roll reach its own evaluator. Master and grandmaster do so in Puff only. In
Puff the net, which reads the hand-written features as inputs, costs about fourteen times as
much as the hand-written evaluation, and most of a search's evaluations were partial plays in
the replies' pasch beams; pruning made master's lång puff decisions about 2.4 times faster with
a beam three times as wide (6 instead of 2), and it played at least as well
(``docs-notes/learned-evaluator.md``). In bräde the net has no hand-written inputs and costs
only about three times as much, pruning saved no time, and the hand-written evaluation is far
weaker than the net there (greedy on the net takes 86% of the points against greedy on it), so
bräde's search asks the net about every reply.

**Levels** (:data:`LEVELS`) combine an evaluator (:data:`EVALUATORS`: the hand-written
``heuristic`` or the learned ``net``; the Puff net's answers are mixed with the heuristic's,
see :mod:`puffteach.players.net`), depth, pruning, noise (a Gaussian added to each candidate's
equity, as gnubg's noisy levels do) and careless plays (a share of the decisions taken by
picking one of the candidate plays at random). Beginner, casual and intermediate are greedy on
the heuristic with noise 0.15, 0.15 and 0.02 points and 40%, 10% and no careless plays;
advanced is the plain greedy player on it (the "greedy" of the strength table); expert is
greedy on the net (the default: it beats advanced clearly in bräde, and by less in Puff);
master searches 1 ply on the net (3 candidates; in Puff replies pruned to 3, beam 6);
grandmaster 1 ply on the net with 6 candidates and wider beams (in Puff 6 replies; slow: for
analysis). Why careless plays and not only more noise: the candidates of a roll mostly lie
within a few hundredths of a point of each other, but the few plays that decide a game (a bräde
jan threat) differ by a point or more; noise large enough to miss those makes every other
choice random too, and from 0.15 to 1.0 the matches showed no difference in bräde (680 games:
+0.03 points a game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Final

from ..color import COLORS, Color
from ..families import FAMILIES
from ..listing import iter_turn_plays
from ..movegen import Play, finish, push, random_play, turn_steps
from ..movegen import begin_roll as _turns  # every plan of a roll, checked
from ..odds import chance_outcomes
from ..position import Position
from ..rules import RuleSet
from ..steps import Turn
from .base import Estimate, Evaluator, PlayersError, outcome_estimate
from .evaluate import heuristic
from .net import evaluate as net_evaluate
from .net import evaluate_many as net_evaluate_many

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "GREEDY_LEVEL",
    "MATCH_LEVELS",
    "PLAY_VERSION",
    "Level",
    "RandomPlayer",
    "SearchPlayer",
    "candidate_plays",
    "player",
]

#: the players' play version: raise it when a change to this module or its callers changes
#: which play a level chooses (``benchmarks/players.py`` adds up stored match results only
#: under the same version, level settings and evaluator)
PLAY_VERSION: Final = 1

#: ordered rolls with at least this many dice due are played with a beam, not listed
BEAM_FROM: Final = 4


@dataclass(frozen=True)
class Level:
    """How a search player plays: plies searched, candidates kept at the top, replies kept
    inside the search, the beam width for pasches (top and inside), the evaluator, the noise,
    the share of careless plays (``careless``: the chance that a decision takes one of the
    candidate plays at random instead of the best-looking one) and the families in which it
    prunes its search with the hand-written evaluation (``prune``)."""

    name: str
    plies: int
    noise: float = 0.0
    candidates: int = 4
    inner: int = 1
    beam: int = 12
    inner_beam: int = 2
    evaluator: str = "heuristic"
    careless: float = 0.0
    #: pruning inside a 1-ply search, by family: ``(family, replies, beam)`` (the shipped
    #: levels take it from each family's ``play.prune``, :func:`_prune`). In that family
    #: each roll's replies, and the partial plays of the beam (``beam`` wide) through a pasch,
    #: are ranked by the hand-written evaluation, and only the best ``replies`` of each roll
    #: are judged by the level's own evaluator (see the module's docstring)
    prune: tuple[tuple[str, int, int], ...] = ()

    def pruning(self, family: str) -> tuple[int, int] | None:
        """``(replies, beam)`` if the level prunes its search in ``family``, else None."""
        return {fam: (replies, beam) for fam, replies, beam in self.prune}.get(family)


def _prune(level: str) -> tuple[tuple[str, int, int], ...]:
    """A level's ``prune``: ``(family, replies, beam)`` for each family whose ``play.prune``
    names the level."""
    return tuple(
        (name, *f.play.prune[level]) for name, f in FAMILIES.items() if level in f.play.prune
    )


LEVELS: Final[dict[str, Level]] = {
    lv.name: lv
    for lv in (
        Level("beginner", 0, noise=0.15, careless=0.4),
        Level("casual", 0, noise=0.15, careless=0.1),
        Level("intermediate", 0, noise=0.02),
        Level("advanced", 0),
        Level("expert", 0, evaluator="net"),
        Level("master", 1, candidates=3, evaluator="net", prune=_prune("master")),
        Level(
            "grandmaster",
            1,
            candidates=6,
            beam=16,
            inner_beam=4,
            evaluator="net",
            prune=_prune("grandmaster"),
        ),
    )
}
#: the levels of the strength ladder, weakest first (grandmaster is master with more
#: candidates and wider beams, seconds a move in CPython: for hints and analysis)
MATCH_LEVELS: Final = ("beginner", "casual", "intermediate", "advanced", "expert", "master")
#: the greedy player on the hand-written evaluation (the issue's "greedy" reference)
GREEDY_LEVEL: Final = "advanced"
#: the level a player gets when none is named (decision time: see benchmarks/players.py)
DEFAULT_LEVEL: Final = "expert"


#: the evaluators a level may name (the net's weights are read on first use)
EVALUATORS: Final[dict[str, Evaluator]] = {"heuristic": heuristic, "net": net_evaluate}
#: evaluators with a batch form (several positions of one side at once, cheaper)
BATCH: Final[dict[Evaluator, Callable[[RuleSet, list[Position], Color], list[Estimate]]]] = {
    net_evaluate: net_evaluate_many
}


def evaluator_of(level: Level) -> Evaluator:
    """The evaluator a level plays on."""
    return EVALUATORS[level.evaluator]


def _play(t: Turn) -> Play:
    pos, outcome, again = finish(t)
    return Play(t.moves, t.forfeited, pos, outcome, t.plan, again)


def _identity(play: Play) -> tuple[Position, object]:
    return (play.position, play.outcome)


class _Scorer:
    """0-ply values of positions for one side, cached (positions are immutable)."""

    def __init__(self, rs: RuleSet, evaluator: Evaluator) -> None:
        self.rs = rs
        self.evaluator = evaluator
        self.cache: dict[tuple[Position, int], Estimate] = {}

    def position(self, pos: Position, side: Color) -> Estimate:
        key = (pos, side)
        est = self.cache.get(key)
        if est is None:
            if len(self.cache) > 200_000:
                self.cache.clear()
            est = self.cache[key] = self.evaluator(self.rs, pos, COLORS[side])
        return est

    def play(self, play: Play, side: Color) -> Estimate:
        if play.outcome is not None:
            return outcome_estimate(play.outcome, Color(side))
        return self.position(play.position, side)

    def positions(self, positions: list[Position], side: Color) -> list[Estimate]:
        """:meth:`position` of each, those not known yet valued together when the evaluator
        has a batch form (:data:`BATCH`: the net's, cheaper for the positions of one roll)."""
        many = BATCH.get(self.evaluator)
        cache = self.cache
        if many is not None:
            todo = list({p: None for p in positions if (p, side) not in cache})
            if len(todo) > 1:
                if len(cache) > 200_000:
                    cache.clear()
                for p, est in zip(todo, many(self.rs, todo, Color(side)), strict=True):
                    cache[(p, side)] = est
        return [self.position(p, side) for p in positions]

    def plays(self, plays: list[Play], side: Color) -> list[Estimate]:
        """:meth:`play` of each (the positions valued together, :meth:`positions`)."""
        self.positions([x.position for x in plays if x.outcome is None], side)
        return [self.play(x, side) for x in plays]


def _rank(scorer: _Scorer, me: Color, t: Turn) -> float:
    """A partial play's value for the mover as it stands (an early win: its points)."""
    if t.outcome is not None:
        return outcome_estimate(t.outcome, COLORS[me]).equity
    return scorer.position(t.pos, me).equity


def _beam_plays(turns: Iterable[Turn], scorer: _Scorer, width: int) -> list[Play]:
    """The plays a beam of ``width`` partial plays reaches (see the module's docstring)."""
    done: dict[tuple[Position, object], Play] = {}
    frontier = list(turns)
    while frontier:
        me = frontier[0].start.turn
        nxt: dict[tuple[Position, tuple[int, ...], int | None], Turn] = {}
        for t in frontier:
            if t.done:
                play = _play(t)
                done.setdefault(_identity(play), play)
                continue
            for st in turn_steps(t):
                t2 = push(t, st)
                nxt.setdefault((t2.pos, t2.remaining, t2.cont), t2)
        if len(nxt) > width:
            frontier = sorted(nxt.values(), key=partial(_rank, scorer, me), reverse=True)[:width]
        else:
            frontier = list(nxt.values())
    return list(done.values())


def candidate_plays(
    turns: list[Turn], scorer: _Scorer | None = None, beam: int = 12, inner: bool = False
) -> list[Play]:
    """The plays of a roll (its plans' turns): listed, or found by a beam for long ordered
    rolls (inside a search, ``inner``, for every roll with four dice due: bräde's alla too).
    ``scorer`` ranks partial plays for the beam (needed only then)."""
    small: list[Turn] = []
    big: list[Turn] = []
    for t in turns:
        long = len(t.remaining) >= BEAM_FROM
        (big if long and (inner or not t.plan.free) else small).append(t)
    out: dict[tuple[Position, object], Play] = {}
    for t in small:
        for play in iter_turn_plays(t):
            out.setdefault(_identity(play), play)
    if big:
        if scorer is None:
            scorer = _Scorer(turns[0].rules, heuristic)
        for play in _beam_plays(big, scorer, beam):
            out.setdefault(_identity(play), play)
    return list(out.values())


class SearchPlayer:
    """Greedy (0 plies) or expectimax (1-2 plies) on an evaluator, with a level's noise."""

    def __init__(
        self,
        level: str | Level = DEFAULT_LEVEL,
        evaluator: Evaluator | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.name = self.level.name
        self.evaluator = evaluator if evaluator is not None else evaluator_of(self.level)
        self.rng = rng if rng is not None else random.Random()
        self._scorers: dict[str, _Scorer] = {}
        self._cheap: dict[str, _Scorer] = {}

    def scorer(self, rs: RuleSet) -> _Scorer:
        s = self._scorers.get(rs.name)
        if s is None or s.evaluator is not self.evaluator:
            s = self._scorers[rs.name] = _Scorer(rs, self.evaluator)
        return s

    def cheap(self, rs: RuleSet) -> _Scorer:
        """The hand-written evaluation's scorer (to prune replies inside the search)."""
        s = self._cheap.get(rs.name)
        if s is None:
            s = self._cheap[rs.name] = _Scorer(rs, heuristic)
        return s

    # ------------------------------------------------------------------ values
    def value(self, rs: RuleSet, play: Play, side: Color, plies: int) -> Estimate:
        """The value for ``side`` of the position after ``play`` searched ``plies`` deep."""
        scorer = self.scorer(rs)
        if play.outcome is not None or plies <= 0:
            return scorer.play(play, side)
        return self.position_value(rs, play.position, side, plies)

    def position_value(self, rs: RuleSet, pos: Position, side: Color, plies: int) -> Estimate:
        """Expectimax: the average over the roller's chance outcomes of his best reply."""
        scorer = self.scorer(rs)
        roller = pos.turn
        lv = self.level
        pruning = lv.pruning(rs.family) if self.evaluator is not heuristic else None
        if pruning is None:
            keep, ranker, width = 0, scorer, lv.inner_beam
        else:
            keep, ranker, width = pruning[0], self.cheap(rs), pruning[1]
        eq = win = 0.0
        for outcome in chance_outcomes(rs, pos):
            replies = candidate_plays(_turns(rs, pos, outcome.dice), ranker, width, inner=True)
            if plies > 1:
                ranked = sorted(replies, key=lambda p: scorer.play(p, roller).equity, reverse=True)
                best = max(
                    (self.value(rs, p, roller, plies - 1) for p in ranked[: lv.inner]),
                    key=lambda e: e.equity,
                )
            else:
                if 0 < keep < len(replies):
                    replies = sorted(
                        replies, key=lambda p: ranker.play(p, roller).equity, reverse=True
                    )[:keep]
                best = max((scorer.play(p, roller) for p in replies), key=lambda e: e.equity)
            if roller != side:
                best = best.flipped()
            pr = float(outcome.probability)
            eq += pr * best.equity
            win += pr * best.win
        return Estimate(eq, win)

    def ranked(
        self, rs: RuleSet, turns: list[Turn], plies: int | None = None
    ) -> list[tuple[Play, Estimate]]:
        """The candidate plays of a roll with their values for the mover, best first (no
        noise): all at 0 plies, the best ``candidates`` at the level's depth on top."""
        lv = self.level
        plies = lv.plies if plies is None else plies
        scorer = self.scorer(rs)
        me = turns[0].start.turn
        plays = candidate_plays(turns, scorer, lv.beam)
        scored = sorted(
            ((p, scorer.play(p, me)) for p in plays), key=lambda x: x[1].equity, reverse=True
        )
        if plies <= 0 or len(scored) <= 1:
            return scored
        picked = self.searched(turns[0].start, scored)
        head = [(scored[i][0], self.value(rs, scored[i][0], me, plies)) for i in picked]
        head.sort(key=lambda x: x[1].equity, reverse=True)
        rest = set(picked)
        return head + [x for i, x in enumerate(scored) if i not in rest]

    def searched(self, start: Position, scored: list[tuple[Play, Estimate]]) -> list[int]:
        """Which of a roll's plays, ranked at 0 plies, the search looks at (their indices):
        the level's best ``candidates``. A variant of a level may widen the choice
        (``benchmarks/paired_replay.py``)."""
        return list(range(min(self.level.candidates, len(scored))))

    # ------------------------------------------------------------------ choosing
    def _pick(self, rs: RuleSet, turns: list[Turn]) -> Play:
        if not turns:
            raise PlayersError("error.player.no_plan")
        ranked = self.ranked(rs, turns)
        if len(ranked) == 1:
            return ranked[0][0]
        noise = self.level.noise
        rng = self.rng
        if self.level.careless > 0 and rng.random() < self.level.careless:
            return ranked[int(rng.random() * len(ranked))][0]
        if noise <= 0:
            return ranked[0][0]
        return max(ranked, key=lambda x: x[1].equity + rng.gauss(0.0, noise))[0]

    def choose(self, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> Play:
        return self._pick(rs, _turns(rs, pos, dice))

    def choose_turn(self, turn: Turn) -> Play:
        if turn.done:
            return _play(turn)
        return self._pick(turn.rules, [turn])


class RandomPlayer:
    """Uniformly random legal steps (the plan of a generalpasch drawn uniformly)."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> Play:
        turns = _turns(rs, pos, dice)
        return self.choose_turn(turns[int(self.rng.random() * len(turns))])

    def choose_turn(self, turn: Turn) -> Play:
        return _play(random_play(turn, self.rng))


def player(
    level: str = DEFAULT_LEVEL,
    evaluator: Evaluator | None = None,
    rng: random.Random | None = None,
) -> SearchPlayer | RandomPlayer:
    """A player by level name: ``random`` or one of :data:`LEVELS`."""
    if level == "random":
        return RandomPlayer(rng)
    if level not in LEVELS:
        raise PlayersError(
            "error.players.level", got=repr(level), levels=", ".join(["random", *LEVELS])
        )
    return SearchPlayer(level, evaluator, rng)
