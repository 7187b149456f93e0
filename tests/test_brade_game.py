"""Game-level bräde rules that the one-roll CLI cannot show: RV 1, 2b/2c, 4, 11-13, 15, 22,
23, 25. Positions worked out by hand from RV (Regelvarianter för bräde) and BH."""

from __future__ import annotations

import pytest

from puffteach import Game, GameError, Position, rules
from puffteach.match import Match
from puffteach.rules.brade import roll_name
from tests.conftest import cli_error

# Black's path point p is White's point ((p + 11) mod 24) + 1 ... and vice versa:
# White 21 is Black 9, White 22 is Black 10, White 19 is Black 7 (B-start figure, BH).


def test_rv23_roll_names() -> None:
    """RV 23: the traditional names, in either order of the dice."""
    assert roll_name(5, 4) == "sinka fyra"
    assert roll_name(4, 5) == "sinka fyra"
    assert roll_name(6, 6) == "sexor all"
    assert roll_name(4, 4) == "kvartaner"
    assert roll_name(2, 1) == "dus ess"
    assert roll_name(3, 2) == "troja dus"
    g = Game("brade-standard+23", position="W:1x15 B:1x15 w")
    g.set_dice(6, 5)
    assert g.roll_name == "sextiofem"


def test_rv25_reroll_once_per_game() -> None:
    """RV 25: a player may once per game refuse his roll and roll again."""
    g = Game("brade-standard+25", position="W:1x15 B:1x15 w", seed=4)
    g.set_dice(1, 2)
    g.reroll()
    assert g.dice is not None and len(g.dice) == 2
    assert Position.parse(str(g.history[-1].position) if g.history else str(g.start)).turn == 0
    assert g.turn is not None and g.turn.start.flag("wreroll") == 1
    with pytest.raises(GameError, match="used"):
        g.reroll()
    plain = Game("brade-standard", position="W:1x15 B:1x15 w")
    plain.set_dice(1, 2)
    with pytest.raises(GameError, match="RV 25"):
        plain.reroll()


def test_rv4a_resign_for_hemspel_points() -> None:
    """RV 4a: resign for a hemspel's points when never having had a band in the 3rd/4th
    quarter nor the janblotta out. 4b forbids resigning."""
    g = Game("brade-standard", position="W:1x15 B:1x15 w")
    out = g.resign()
    assert (out.winner, out.kind, out.points) == (1, "hemspel", 1)
    assert g.is_over()
    banded = Game("brade-standard", position="W:1x13,14x2 B:1x15 w")
    with pytest.raises(GameError, match="band"):
        banded.resign()
    # seven checkers out of the home (8 left): the janblotta is out
    janblotta = Game("brade-standard", position="W:1x8,2,3,4,5,6,7,12 B:1x15 w")
    with pytest.raises(GameError, match="janblotta"):
        janblotta.resign()
    with pytest.raises(GameError, match="4b"):
        Game("vasamuseet", position="W:1x15 B:1x15 w").resign()


# Black: home band of 8, blots on his 2-6 (all six first-quarter points his own), blots on his
# 9 and 10 (White's 21 and 22). White: 14 at home, one on 19. A hit on either blot leaves Black
# one checker to enter and no free point in his first quarter: jan (B-jan).
JAN = "W:1x14,19 B:1x8,2,3,4,5,6,9,10 w"


def _jan_points(spec: str, dice: tuple[int, int]) -> set[int]:
    from puffteach.listing import legal_plays

    rs = rules(spec)
    return {
        p.outcome.points
        for p in legal_plays(rs, Position.parse(JAN, rs), dice)
        if p.outcome is not None and p.outcome.kind == "jan"
    }


def test_jan_points_by_table_and_grading() -> None:
    """26a: jan 2; BH: one game; 26d: 4; RV 21 grades one point per extra checker (24b lets
    White hit both blots with 19/21*/22*: two to enter, none can: 2 + 1); RV 4c values a jan
    before the victim had a band in his 3rd/4th quarter as a hemspel (1)."""
    assert _jan_points("brade-standard", (2, 1)) == {2}
    assert _jan_points("brade-family", (2, 1)) == {1}
    assert _jan_points("brade-standard+26d", (2, 1)) == {4}
    assert 3 in _jan_points("brade-standard+21+24b", (2, 1))
    assert _jan_points("brade-standard+24b", (2, 1)) == {2}
    assert _jan_points("brade-standard+4c", (2, 1)) == {1}
    jan_banded = JAN.replace(" w", " w bbanded=1")
    rs = rules("brade-standard+4c")
    from puffteach.listing import legal_plays

    pts = {
        p.outcome.points
        for p in legal_plays(rs, Position.parse(jan_banded, rs), (2, 1))
        if p.outcome is not None
    }
    assert pts == {2}


def test_rv15a_one_die_series() -> None:
    """RV 15a / BH: one checker four points from uppspel may roll one die; a miss binds the
    player to one die for two more rolls; the third roll here completes the uppspel."""
    g = Game("brade-standard", position="W:20,24x14 B:1x15 w")
    assert g.one_die_allowed()
    g.set_dice(3)
    g.push("20/23")
    assert g.position.flag("wonedie") == 2 and g.position.flag("wseries") == 1
    g.set_dice(2, 1)  # Black
    g.push("1/3")
    g.push("1/2")
    assert g.one_die_required()
    with pytest.raises(GameError, match="one die"):
        g.set_dice(3, 4)
    g.set_dice(1)
    g.push("23/24")
    assert g.outcome is not None and g.outcome.kind == "uppspel"


def test_rv15_one_die_needs_a_chance() -> None:
    """RV 15a: no one-die roll without a one-checker chance at a beautiful play."""
    g = Game("brade-standard", position="W:19x3,24x12 B:1x15 w")
    assert not g.one_die_allowed()
    with pytest.raises(GameError, match="RV 15"):
        g.set_dice(4)
    msg = cli_error(
        "plays", "--rules", "brade-standard", "--position", "W:19x3,24x12 B:1x15 w", "--dice", "4"
    )
    assert "RV 15" in msg


def test_rv15b_second_series_binds_for_the_game() -> None:
    """RV 15b: after starting a second series the player rolls one die for the rest of the
    game; under 15a the same player (series over) rolls two dice again."""
    pos = "W:22,24x14 B:1x15 w wseries=2"
    bound = Game("brade-standard+15b", position=pos)
    assert bound.one_die_required()
    with pytest.raises(GameError):
        bound.set_dice(1, 2)
    free = Game("brade-standard", position=pos)
    assert not free.one_die_required()
    free.set_dice(1, 2)


def test_rv11_draw_after_the_starters_hemspel() -> None:
    """RV 11: the starter's hemspel without munk gives the opponent one roll to bear off too."""
    g = Game("brade-standard+11", position="W:23,25x14 B:23x2,25x13 w")
    g.set_dice(2, 1)
    g.push("23/off")
    assert g.after_game == (11, 1, 1) and not g.is_over()
    g.set_dice(2, 2)
    g.push("23/off")
    g.push("23/off")
    assert g.is_over() and g.outcome is not None and g.outcome.kind == "draw"
    assert g.outcome.to_json()["winner"] is None
    # a roll that leaves a checker on the board: White's hemspel stands
    h = Game("brade-standard+11", position="W:23,25x14 B:23x2,25x13 w")
    h.set_dice(2, 1)
    h.push("23/off")
    h.set_dice(2, 1)
    while h.turn is not None:
        h.push(h.legal_moves()[0])
    assert h.is_over() and h.outcome is not None
    assert (h.outcome.winner, h.outcome.kind) == (0, "hemspel")


def test_rv12_beautiful_after_hemspel() -> None:
    """RV 12: after a hemspel the loser has three rolls to make a beautiful play (and wins its
    points: uppspel 2 in 26d)."""
    g = Game("brade-standard+12+26d", position="W:23,25x14 B:20,24x14 w")
    g.set_dice(2, 1)
    g.push("23/off")
    assert g.after_game == (12, 1, 3)
    g.set_dice(1)  # one die (15a): 20/21 misses
    g.push("20/21")
    assert g.after_game == (12, 1, 2)
    g.set_dice(3)
    g.push("21/24")
    assert g.is_over() and g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind, g.outcome.points) == (1, "uppspel", 2)


def test_rv13_higher_beautiful_play() -> None:
    """RV 13: after a beautiful win the loser has three rolls to make a higher one."""
    # White completes dubbelt kronspel (5-5-5 on 22-24) by 21/22; Black then makes uppspel.
    g = Game("brade-standard+13+26d", position="W:21,22x4,23x5,24x5 B:20,24x14 w")
    g.set_dice(1)
    g.push("21/22")
    assert g.outcome is not None and g.outcome.kind == "dubbelt-kronspel"
    assert g.after_game == (13, 1, 3)
    g.set_dice(4)
    g.push("20/24")
    assert g.is_over() and g.outcome is not None
    assert (g.outcome.winner, g.outcome.kind) == (1, "uppspel")


def test_rv2b_answer_sends_six_back_and_2c_repeats() -> None:
    """RV 2b: an answering six-out sends the first player's six home; 2c: for as long as 6-6
    answers 6-6 (2b: the first player may not put out six again)."""
    for spec, again in (("brade-standard+2b", False), ("brade-standard+2c", True)):
        g = Game(spec, position="W:1x15 B:1x15 w")
        g.set_dice(6, 6)
        g.push("1/7x6")
        assert str(g.position).startswith("W:1x9,7x6 B:1x15 b")
        g.set_dice(6, 6)
        g.push("1/7x6")
        assert str(g.position).startswith("W:1x15 B:1x9,7x6 w")
        g.set_dice(6, 6)
        moves = {str(m) for m in g.legal_moves()}
        assert ("1/7x6" in moves) is again, spec
        if again:
            g.push("1/7x6")
            assert str(g.position).startswith("W:1x9,7x6 B:1x15 b")


def test_rv22_pissmunk() -> None:
    """RV 22: hitting a blot and bearing off the last checker in one roll is pissmunk (shown,
    no extra points). White's 21 is Black's 9."""
    rs = rules("brade-standard+22")
    from puffteach.listing import legal_plays

    pos = Position.parse("W:19,25x14 B:9,24x14 w", rs)
    found = {tuple(map(str, p.moves)): p.outcome for p in legal_plays(rs, pos, (2, 4)) if p.outcome}
    # 19/21* hits Black's blot on his 9 and 21/off bears off the last: pissmunk, scored as a
    # hemspel with munk (26a: 1 + 1), nothing more; 19/23/off hits nothing: plain hemspel.
    hit = found[("19/21*", "21/off")]
    assert hit is not None and hit.pissmunk and hit.munk and hit.points == 2
    plain = found[("19/23", "23/off")]
    assert plain is not None and not plain.pissmunk and plain.points == 1


@pytest.mark.parametrize("code,expect", [("1a", "loser"), ("1c", "alternate"), ("1b", "tek")])
def test_rv1_who_starts_the_next_game(code: str, expect: str) -> None:
    """RV 1a: the loser starts the next game; 1b: tek again; 1c: alternate."""
    m = Match(f"brade-standard+{code}", seed=11)
    g1 = m.new_game()
    while not g1.is_over():
        g1.play_random_roll()
    m.finish_game(g1)
    out = g1.outcome
    assert out is not None
    g2 = m.new_game()
    if expect == "loser":
        assert g2.first_side == 1 - out.winner and g2.opening is None
    elif expect == "alternate":
        assert g2.first_side == 1 - g1.first_side and g2.opening is None
    else:
        assert g2.opening is not None
    assert sum(m.score) == out.points


def test_rv2a_local_forms_kvartaner_and_icelandic() -> None:
    """RV 2a: in some circles a first 4-4 may put six checkers on point 5; the Icelandic form
    puts four (not six) on point 7. Both are optional, like 2a itself."""
    from puffteach.listing import legal_plays

    rs = rules("brade-standard+2a-kvartaner")
    start = Position.parse("W:1x15 B:1x15 w", rs)
    got = {str(p.position) for p in legal_plays(rs, start, (4, 4))}
    # the six-out, or the ordinary 4-4 opening (digest section 7: home->5->9 and home->5)
    assert got == {"W:1x9,5x6 B:1x15 b", "W:1x13,5,9 B:1x15 b"}
    plain = rules("brade-standard")
    assert {str(p.position) for p in legal_plays(plain, start, (4, 4))} == {"W:1x13,5,9 B:1x15 b"}
    ice = rules("brade-standard+2a-island")
    got = {str(p.position) for p in legal_plays(ice, Position.parse(str(start), ice), (6, 6))}
    assert got == {"W:1x11,7x4 B:1x15 b", "W:1x14,7 B:1x15 b"}
    with pytest.raises(ValueError, match="2a"):
        rules("brade-family+2a-island")
    g = Game("brade-standard+2a-kvartaner", position="W:1x15 B:1x15 w")
    g.set_dice(4, 4)
    g.push("1/5x6")
    assert str(g.position).startswith("W:1x9,5x6 B:1x15 b")
