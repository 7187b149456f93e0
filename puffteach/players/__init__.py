"""Computer players, evaluators, hints and the tutor (issue 10).

:mod:`puffteach.players.base` holds the interface (``Estimate``, ``Evaluator``, ``Player``).
"""

from __future__ import annotations

from .base import Estimate, Evaluator, Player, outcome_estimate

__all__ = ["Estimate", "Evaluator", "Player", "outcome_estimate"]
