"""The ladder of computer levels a game family offers, weakest first (issue 43).

One function, :func:`ladder`, answers "which opponents may a pupil choose here, and in which
order": the command line, the board's level list (:mod:`puffteach.widget.computer`), the static
book's Play page (:func:`puffteach.sphinxext.play_catalog`) and book chapter 10 all ask it, so
the names and their order are the same everywhere.

The ladder is ``random`` and then the match levels (:data:`~puffteach.players.search.
MATCH_LEVELS`) up to the family's strongest offered level (its ``ladder_top``, asked through
:func:`~puffteach.families.family_of`). A level is offered only when the stored matches
(``benchmarks/players.py --report``) show it measurably stronger than the level below it in
that family: in Puff master is not (+0.028 [-0.011, +0.067] points a game against expert in
lång puff over 2,000 mirrored games), so Puff's ladder ends at expert; in bräde every step is.

Hints and analysis rank plays by an evaluation, which ``random`` has none of: they take the
ladder's other levels and :data:`ANALYSIS_LEVEL` (``grandmaster``: a deeper setting for
analysis under its own name, never an opponent on the ladder):

>>> from puffteach import rules
>>> ladder(rules("lang-puff"))
('random', 'beginner', 'casual', 'intermediate', 'advanced', 'expert')
>>> ladder(rules("brade-standard"))[-2:]
('expert', 'master')
>>> hint_levels(rules("lang-puff"))[-2:]
('expert', 'grandmaster')
"""

from __future__ import annotations

from typing import Final

from ..families import family_of
from ..rules import RuleSet
from .base import PlayersError
from .search import LEVELS, MATCH_LEVELS

__all__ = ["ANALYSIS_LEVEL", "LADDER_ORDER", "check_hint_level", "hint_levels", "ladder"]

#: every level that can be on a ladder, weakest first (a family offers a prefix of it)
LADDER_ORDER: Final = ("random", *MATCH_LEVELS)
#: the deeper setting hints and analysis may use, under its own name (not on any ladder)
ANALYSIS_LEVEL: Final = "grandmaster"


def ladder(rs: RuleSet) -> tuple[str, ...]:
    """The computer levels ``rs``'s family offers as opponents, weakest first."""
    top = family_of(rs).ladder_top
    return LADDER_ORDER[: LADDER_ORDER.index(top) + 1]


def hint_levels(rs: RuleSet) -> tuple[str, ...]:
    """The levels a hint, the tutor or an analysis may use in ``rs``: the ladder's levels
    that rank plays by an evaluation (all but ``random``), then :data:`ANALYSIS_LEVEL`."""
    return (*(lv for lv in ladder(rs) if lv in LEVELS), ANALYSIS_LEVEL)


def check_hint_level(rs: RuleSet, level: str) -> str:
    """``level`` if a hint may use it in ``rs``; else a :class:`PlayersError` that names the
    levels it may use (``random`` ranks no plays; a level the family does not offer, such as
    master in Puff, is refused too)."""
    levels = hint_levels(rs)
    if level not in levels:
        raise PlayersError(
            "error.ladder.hint_level", got=repr(level), rules=rs.name, levels=", ".join(levels)
        )
    return level
