"""Bad input refused alike at every entry point (issue 41, item 6).

Each test was run against the code before its fix and failed there (noted per test). The
expected answers are worked out by hand from the rules: a die shows 1-6 (LT, "Tärningarna"),
Puff is played with two dice (LT; PI), bräde with two or, under RV 15, one die.
"""

from __future__ import annotations

import pytest

from conftest import cli_error, plays
from puffteach.errors import DiceError
from puffteach.players.hint import hint
from puffteach.position import Position
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
