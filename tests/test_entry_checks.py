"""Bad input refused alike at every entry point (issue 41, item 6).

Each test was run against the code before its fix and failed there (noted per test). The
expected answers are worked out by hand from the rules: a die shows 1-6 (LT, "Tärningarna"),
Puff is played with two dice (LT; PI), bräde with two or, under RV 15, one die.
"""

from __future__ import annotations

import pytest

from conftest import cli_error, plays, results
from puffteach.color import BLACK, WHITE
from puffteach.errors import DiceError, GameOverError
from puffteach.game import Game, GameError
from puffteach.odds import enter_chance
from puffteach.players.hint import hint
from puffteach.position import Position, PositionError
from puffteach.rules import rules

START_PUFF = "W:0x15 B:0x15 w"


# --------------------------------------------------------------------------- dice (hint)


@pytest.mark.parametrize("dice", [(0, 0), (3, 5, 6), (7, 9), (3,), (0, 3), (3, 7)])
def test_hint_refuses_dice_the_rules_refuse_P_dice(dice: tuple[int, ...]) -> None:
    """P-dice: a Puff roll is two dice showing 1-6 each; ``hint`` answers the same DiceError
    as ``plays`` (before the fix: (0, 0) gave a counted "0-0 pasch", (3, 5, 6) dropped the 6,
    (7, 9) and (3,) raised IndexError)."""
    rs = rules("kontrar-puff")
    pos = Position.parse(START_PUFF, rs)
    with pytest.raises(DiceError):
        hint(rs, pos, dice)


def test_hint_cli_refuses_one_die_without_chance_RV_15() -> None:
    """RV 15: a one-die roll only when one checker moved six points or fewer can finish a
    beautiful play; from the start (all fifteen on 1) none can, so ``hint --dice 3`` is
    refused as ``plays`` refuses it (before the fix ``hint`` returned the play 1/4)."""
    args = ("--rules", "brade-standard", "--position", "W:1x15 B:1x15 w", "--dice", "3")
    refused = cli_error("plays", *args)
    assert "RV 15" in refused
    assert cli_error("hint", *args) == refused


def test_hint_cli_refuses_zero_dice() -> None:
    """``--dice 0 0`` is not a roll (exit 2, one line naming the die)."""
    line = cli_error(
        "hint", "--rules", "kontrar-puff", "--position", START_PUFF, "--dice", "0", "0"
    )
    assert "'0'" in line


def test_plays_still_lists_good_dice() -> None:
    """The check refuses only bad dice: 3-5 from the start of konträr puff enters two checkers,
    on 3 and 5 (P-order: the lower die first), one play."""
    assert [p["moves"] for p in plays("kontrar-puff", START_PUFF, 3, 5)] == [["0/3", "0/5"]]


# --------------------------------------------------------------------------- finished games


def test_finished_puff_game_plays_refused_P_win() -> None:
    """P-win: the game ends when a side has borne off all fifteen; White has, so no roll is
    played (before the fix ``plays`` listed the forfeit of 3-4)."""
    args = ("--rules", "kontrar-puff", "--position", "W:25x15 B:0x15 w", "--dice", "3", "4")
    assert "over" in cli_error("plays", *args)
    assert "over" in cli_error("hint", *args)
    assert "over" in cli_error("explain", *args, "--move", "0/3")


def test_both_borne_off_is_impossible_in_puff_P_win() -> None:
    """P-win: the first side to bear off all fifteen ends the game, so both sides borne off
    cannot occur (before the fix the position was accepted)."""
    with pytest.raises(PositionError):
        Position.parse("W:25x15 B:25x15 w", rules("kontrar-puff"))
    line = cli_error(
        "plays", "--rules", "kontrar-puff", "--position", "W:25x15 B:25x15 w", "--dice", "3", "4"
    )
    assert "both sides" in line


def test_finished_puff_game_is_over_P_win_schneider() -> None:
    """LT (P-win): White has borne off all fifteen while all of Black's are still waiting:
    the win counts treble (schneider, a checker of the loser not yet entered). Before the fix
    ``is_over()`` was False."""
    g = Game("kontrar-puff", position="W:25x15 B:0x15 w")
    assert g.is_over()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind, g.outcome.points) == (WHITE, "bearoff", 3)
    with pytest.raises(GameError):
        g.roll()


def test_finished_game_hint_and_odds_refused_P_win() -> None:
    """No hint (before the fix: +2.43 for White, who has won) and no odds in a finished game."""
    rs = rules("kontrar-puff")
    pos = Position.parse("W:25x15 B:0x15 w", rs)
    with pytest.raises(GameOverError):
        hint(rs, pos, (3, 4))
    with pytest.raises(GameOverError):
        enter_chance(rs, pos, BLACK)


def test_finished_brade_game_is_over_hemspel_RV_26a() -> None:
    """bräde (B-win; RV 26a: a hemspel is 1 point): White has borne off all fifteen, Black,
    to move, has all fifteen on his 1 (none waiting: no munk, RV 20): over, White 1 point."""
    g = Game("brade-standard", position="W:25x15 B:1x15 b")
    assert g.is_over()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind, g.outcome.points) == (WHITE, "hemspel", 1)
    args = ("--rules", "brade-standard", "--position", "W:25x15 B:1x15 b", "--dice", "3", "4")
    assert "over" in cli_error("plays", *args)


def test_both_borne_off_brade_RV_11_draw() -> None:
    """RV 11: when the loser bears off all in his extra roll the game is drawn, so with code 11
    both sides borne off is a finished (drawn) game; without it the position cannot occur."""
    with pytest.raises(PositionError):
        Position.parse("W:25x15 B:25x15 w", rules("brade-standard"))
    g = Game("brade-standard+11", position="W:25x15 B:25x15 w")
    assert g.is_over()
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind) == (None, "draw")


def test_brade_extra_rolls_position_stays_live_RV_12() -> None:
    """RV 12: after a win the loser (here Black, to move, none borne off) may have extra
    rolls; a position with the winner borne off and the loser to move is such a roll, so it
    is played: 3-4 from Black's 1 (B-dice, both dice used) ends with two checkers on 4 and 5
    or one on 8 (1/4 4/8 and 1/5 5/8 end alike)."""
    res = results("brade-standard+12", "W:25x15 B:1x15 b", 3, 4)
    assert res == {"W:25x15 B:1x13,4,5 w", "W:25x15 B:1x14,8 w"}
