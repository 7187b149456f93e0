"""Matches of several games: who starts each game (bräde RV 1a-1c) and the running score."""

from __future__ import annotations

import random

from .color import COLORS, Color
from .families import family_of
from .game import Game, GameError
from .position import Position
from .rules import RuleSet, rules


class Match:
    """A match under one rule set.

    >>> m = Match("brade-standard", seed=3)
    >>> g = m.new_game()
    >>> while not g.is_over():
    ...     _ = g.play_random_roll()
    >>> m.finish_game(g); sum(m.score) > 0 or g.outcome.kind == "draw"
    True
    """

    def __init__(self, rules_: RuleSet | str, seed: int | None = None, length: int | None = None):
        self.rules = rules(rules_)
        self.rng = random.Random(seed)
        self.length = length
        self.score = [0, 0]
        self.games: list[Game] = []
        self._pending: Game | None = None

    def _next_starter(self) -> Color | None:
        """The side that starts the next game, or None when the players tek (roll) for it."""
        if not self.games:
            return None
        last = self.games[-1]
        out = last.outcome
        rule = family_of(self.rules).match_start(self.rules)
        if rule == "1b" or out is None:
            return None
        if rule == "1a":  # RV 1a / BH: the loser of a game starts the next
            return last.first_side if out.winner is None else out.winner.other
        return last.first_side.other  # RV 1c: the first roll alternates

    def new_game(self) -> Game:
        if self._pending is not None:
            raise GameError("error.match.unfinished")
        if self.winner() is not None:
            raise GameError("error.match.over")
        seed = self.rng.randrange(2**32)
        starter = self._next_starter()
        if starter is None:
            game = Game(self.rules, seed=seed)
        else:
            pos = Position.start(self.rules)._replace(turn=starter)
            game = Game(self.rules, position=pos, seed=seed)
        self._pending = game
        return game

    def finish_game(self, game: Game) -> None:
        if game is not self._pending or not game.is_over():
            raise GameError("error.match.score")
        out = game.outcome
        assert out is not None
        if out.winner is not None:
            self.score[out.winner] += out.points
        self.games.append(game)
        self._pending = None

    def winner(self) -> Color | None:
        if self.length is None:
            return None
        for side in COLORS:
            if self.score[side] >= self.length:
                return side
        return None
