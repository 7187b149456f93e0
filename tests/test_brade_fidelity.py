"""Bräde read against the source (issue 41, item 7): RV 4a's resignation after a roll, RV 26's
points table, 26b's strict reading. Each expected value is worked out by hand from RV (Sten
Helmfrid, Regelvarianter för bräde, 2006), the paragraph named in the test.
"""

from __future__ import annotations

import pytest

from conftest import cli_error, plays
from puffteach.game import Game, GameError

# White: eleven at home (his 1), blots on 20, 21, 22, 23: four checkers out of the home, no
# band anywhere, so RV 4a's conditions hold before the roll. Black has all fifteen on his 24
# (White's 12), out of White's way on 2-7, 13 and 19.
RV4A = "W:1x11,20,21,22,23 B:24x15 w"


def test_rv4a_resign_before_rolling_as_before() -> None:
    """RV 4a: no band in the 3rd/4th quarter, the janblotta never out: he may give up for a
    hemspel's points (1 under RV 26a); Black wins."""
    out = Game("brade-standard", position=RV4A).resign()
    assert (out.winner, out.kind, out.points) == (1, "hemspel", 1)


def test_rv4a_resign_after_a_roll_that_forces_a_breach_refused() -> None:
    """RV 4a: 6-6 must be moved four times (B-dice). The blots on 20-23 cannot move a six
    (no bearing off while checkers are at home), and a checker from home goes at most
    1/7/13/19 (three sixes; 19/off is barred too), so a second checker must leave the home:
    six out with the home band standing, the janblotta (B-jan). The roll forces the breach, so
    he may not give up after seeing it."""
    g = Game("brade-standard", position=RV4A)
    g.set_dice(6, 6)
    with pytest.raises(GameError, match="RV 4a"):
        g.resign()
    assert not g.is_over()


def test_rv4a_resign_after_a_harmless_roll_allowed() -> None:
    """RV 4a: 2-1 can be played 1/2/4 (one checker leaves the home: five out, no janblotta;
    no band made), so the roll does not force a breach and he may give up after seeing it,
    for the hemspel's point; the roll is not moved."""
    g = Game("brade-standard", position=RV4A)
    g.set_dice(2, 1)
    out = g.resign()
    assert (out.winner, out.kind, out.points) == (1, "hemspel", 1)
    assert g.is_over()
    again = Game.load(g.dumps())  # the record (roll, then resign) replays
    assert again.outcome == out


def test_rv4a_no_resign_once_the_roll_is_being_moved() -> None:
    """After the first step of the roll he has chosen to play it: no giving up mid-roll."""
    g = Game("brade-standard", position=RV4A)
    g.set_dice(2, 1)
    g.push("1/2")
    with pytest.raises(GameError):
        g.resign()


def test_rv4b_still_no_resign_after_a_roll() -> None:
    """RV 4b (vasamuseet): resigning is not allowed, before or after a roll."""
    g = Game("vasamuseet", position=RV4A)
    g.set_dice(2, 1)
    with pytest.raises(GameError, match="4b"):
        g.resign()


# --------------------------------------------------------------------------- RV 26


def _outcomes(spec: str, position: str, *dice: int) -> dict[str, object]:
    """Resulting position (White's and Black's stacks) -> outcome of each play."""
    return {" ".join(p["position"].split()[:2]): p["outcome"] for p in plays(spec, position, *dice)}


# White's last checker on 24, Black with one checker waiting (at 0): 24/off is a hemspel with
# munk (B-munk, RV 20's single munk).
MUNK = "W:24,25x14 B:0,14x14 w"


@pytest.mark.parametrize(
    ("code", "points"), [("26a", 2), ("26b", 1), ("26c", 2), ("26d", 2), ("26e", 1)]
)
def test_rv26_munk_row(code: str, points: int) -> None:
    """RV 26's munk row, read as a = 1, b = 0, c = 1 (Illustrerad spelbok names munk for the
    hemspel: RV's prose on 26c), d = 1, e = 0: a hemspel (1 in every column) plus the munk
    bonus. Before the fix 26c gave 1 (c = 0)."""
    (out,) = _outcomes(f"brade-standard+{code}", MUNK, 1, 2).values()
    assert isinstance(out, dict)
    assert (out["kind"], out["munk"], out["points"]) == ("hemspel", True, points)


# One checker on 19 and 3-5-6 on 22-23-24: 19/22/24 (3 then 2) makes 3-5-7, a trappspel.
TRAPP = "W:19,22x3,23x5,24x6 B:14x15 w"
TRAPP_AFTER = "W:22x3,23x5,24x7 B:14x15"


def test_rv26b_trappspel_scores_a_hemspel_point() -> None:
    """26b (Lyckans Talisman) has no cell for a trappspel; the engine keeps reading it as a
    hemspel's single point."""
    out = _outcomes("brade-standard+26b", TRAPP, 3, 2)[TRAPP_AFTER]
    assert isinstance(out, dict) and (out["kind"], out["points"]) == ("trappspel", 1)


def test_rv26b_strict_trappspel_ends_no_game() -> None:
    """26b-strict: RV says Lyckans Talisman knew only hemspel, uppspel, jan and sprängjan, so
    the 3-5-7 standing on 22-24 is no win; the game goes on (Black to roll)."""
    out = _outcomes("brade-standard+26b+26b-strict", TRAPP, 3, 2)
    assert out[TRAPP_AFTER] is None
    up = _outcomes("brade-standard+26b+26b-strict", "W:20,24x14 B:14x15 w", 3, 1)
    won = up["W:24x15 B:14x15"]  # 20/23/24: all fifteen on 24, uppspel still wins (2 points)
    assert isinstance(won, dict) and (won["kind"], won["points"]) == ("uppspel", 2)


def test_rv26b_strict_needs_26b() -> None:
    """26b-strict is a reading of 26b: with another points table it is refused."""
    line = cli_error("rules", "brade-standard+26b-strict")
    assert "26b" in line
