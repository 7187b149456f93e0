"""Bad input refused alike at every entry point (issue 41, item 6).

Each test was run against the code before its fix and failed there (noted per test). The
expected answers are worked out by hand from the rules: a die shows 1-6 (LT, "Tärningarna"),
Puff is played with two dice (LT; PI), bräde with two or, under RV 15, one die.
"""

from __future__ import annotations

import pytest

from conftest import cli_error, explain, plays, results
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


# --------------------------------------------------------------------------- explanations


def test_six_out_notation_is_no_puff_move_P_dice() -> None:
    """Moving several checkers as one move is bräde's six-out (RV 2a); in Puff every step
    moves one checker (LT), so ``0/3x2`` is no move of the game: a syntax refusal naming the
    rule set, never a bräde rule (before the fix it cited RV-2a)."""
    line = cli_error(
        "explain", "--rules", "kontrar-puff", "--position", START_PUFF,
        "--dice", "3", "5", "--move", "0/3x2",
    )  # fmt: skip
    assert "kontrar-puff" in line and "RV" not in line


def test_six_out_refused_in_brade_RV_2a() -> None:
    """RV 2a: six checkers go out together only on a first roll of 6-6; with 3-5 it is
    refused, citing RV 2a (still, after the knowledge moved into the bräde family)."""
    e = explain("brade-standard", "W:1x15 B:1x15 w", (3, 5), "1/4x6")
    assert (e["legal"], e["rule"]) == (False, "RV-2a")


def test_named_die_that_does_not_fit_P_dice() -> None:
    """``0/3@5`` names the 5, which enters on 5, not 3 (LT: a die moves its own number of
    points): refused for that reason (before the fix: a generic "not allowed now")."""
    e = explain("kontrar-puff", START_PUFF, (3, 5), "0/3@5")
    assert e["legal"] is False and e["rule"] == "P-dice"
    assert "'@5'" in e["reason"]


def test_named_die_not_rolled_P_dice() -> None:
    """``0/3@4`` names a 4 that is not among the dice 3-5."""
    e = explain("kontrar-puff", START_PUFF, (3, 5), "0/3@4")
    assert e["legal"] is False and "'@4'" in e["reason"]


def test_named_die_honoured_in_bearoff_B_bearoff() -> None:
    """BH (B-bearoff): White's last checker outside 20 is on 22; with 3-6, ``22/off@3``
    bears it off with the 3 (exact), and the explanation says it is the 3."""
    e = explain("brade-standard", "W:20x14,22 B:1x15 w", (3, 6), "22/off@3")
    assert e["legal"] is True and "3" in e["reason"]


def test_several_moves_say_which_is_explained_P_order() -> None:
    """P-order (LT): the lower die first. In ``0/5 0/3`` with 3-5 the first move is the one
    refused, and the answer says so (before the fix it did not say which move)."""
    e = explain("kontrar-puff", START_PUFF, (3, 5), "0/5 0/3")
    assert (e["legal"], e["rule"]) == (False, "P-order")
    assert e["reason"].startswith("move 1 of 2 (0/5): ")
    ok = explain("kontrar-puff", START_PUFF, (3, 5), "0/3 0/5")
    assert ok["legal"] is True and ok["reason"].startswith("move 2 of 2 (0/5): ")
