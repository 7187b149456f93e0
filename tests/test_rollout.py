"""The engine's fast random play (puffteach.rollout) follows exactly the rules Game applies:
every roll it plays can be replayed step by step through Game.push, which checks each step,
and ends in the same position with the same forfeits and outcome."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puffteach import Game, rules
from puffteach.rollout import opening, random_game, random_roll

SPECS = [
    "lang-puff",
    "kontrar-puff",
    "dubbel-kontrar-puff",
    "pierer-langer-puff",
    "pierer-contrapuff",
    "pierer-doppelter-contrapuff",
    "gegenpuff",
    "lang-puff+long-puff-entry",
    "kontrar-puff+fourth-pasch+generalpasch+exact-25+tower-goose+incomplete-pasch-ends-turn",
    "brade-family",
    "brade-standard",
    "vasamuseet",
    "brade-standard+2c+3+5b+6b+7+9+16+17+21+24b",
    "brade-standard+19+20+22+25+4c",
    "brade-standard+8c+14b+15b+2a-island",
    "brade-family+10+8b",
]


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_rollout_roll_replays_through_game(spec: str, seed: int) -> None:
    rs = rules(spec)
    rng = random.Random(seed)
    pos = opening(rs, rng)
    for _ in range(400):
        roll = random_roll(rs, pos, rng)
        game = Game(rs, position=pos)
        game.set_dice(*roll.dice)
        if roll.named is not None:
            game.name_pasch(roll.named)
        for step in roll.moves:
            game.push(step)  # raises IllegalMoveError if the rollout broke a rule
        if game.turn is not None:  # a whole roll forfeited on a generalpasch not named
            assert not roll.moves and game.generalpasch_available()
            game.end_roll()
        record = game.history[-1]
        assert record.forfeited == roll.forfeited
        assert (record.position, record.outcome, record.again) == (
            roll.position,
            roll.outcome,
            roll.again,
        )
        pos = roll.position
        if roll.outcome is not None:
            break


@pytest.mark.parametrize("spec", ["kontrar-puff", "pierer-contrapuff", "brade-standard"])
def test_random_games_end_with_an_outcome(spec: str) -> None:
    rs = rules(spec)
    rng = random.Random(3)
    for _ in range(5):
        final, outcome, rolls = random_game(rs, rng)
        assert outcome.winner in (0, 1) and outcome.points >= 1 and rolls > 1
        assert sum(final.w) == 15 and sum(final.b) == 15
