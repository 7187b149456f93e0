"""Exact odds (issue 10) against counts worked out by hand from the sources' rules.

Each count lists the rolls by hand; the engine only decides legality through the roll machine,
so these tests check that the odds module asks it the right question."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from puffteach import rules
from puffteach.board import CROSS, OFF
from puffteach.color import BLACK, WHITE, Color
from puffteach.families import family_of
from puffteach.odds import (
    TWO_DICE,
    OddsError,
    chance_outcomes,
    enter_chance,
    exists_play,
    hit_chance,
    hit_rolls,
    hit_table,
    jan_chance,
    pasch_series,
    pattern_chance,
    pips,
    shots,
)
from puffteach.players.search import RandomPlayer
from puffteach.position import Position
from puffteach.rollout import opening
from puffteach.rules import RuleSet
from puffteach.steps import Step, Turn


def _pos(rs: str, text: str) -> Position:
    return Position.parse(text, rules(rs))


# --------------------------------------------------------------------------- chance outcomes


@pytest.mark.parametrize("name", ["lang-puff", "gegenpuff", "pierer-contrapuff", "vasamuseet"])
def test_chance_outcomes_two_dice(name: str) -> None:
    """21 rolls: each pasch 1/36, each other roll 2/36; they sum to one."""
    rs = rules(name)
    outs = chance_outcomes(rs, Position.start(rs))
    assert len(outs) == 21
    assert sum(o.probability for o in outs) == 1
    assert all(
        o.probability == (Fraction(1, 36) if o.dice[0] == o.dice[1] else Fraction(1, 18))
        for o in outs
    )


def test_chance_outcomes_puff_pasch_again() -> None:
    """LT P-pasch-1 / P-pasch-n: a player's first pasch earns no roll, every later one does;
    GP-pasch: every pasch does; bräde (B-dice): none does."""
    rs = rules("lang-puff")
    first = {o.dice for o in chance_outcomes(rs, _pos("lang-puff", "W:0x15 B:0x15 w")) if o.again}
    later = {
        o.dice
        for o in chance_outcomes(rs, _pos("lang-puff", "W:0x15 B:0x15 w wpasch=1"))
        if o.again
    }
    assert first == set()
    assert later == {(x, x) for x in range(1, 7)}
    gp = rules("gegenpuff")
    assert {o.dice for o in chance_outcomes(gp, Position.start(gp)) if o.again} == later
    br = rules("brade-standard")
    assert not any(o.again for o in chance_outcomes(br, Position.start(br)))


def test_chance_outcomes_brade_one_die() -> None:
    """RV 15: a player bound to a one-die series rolls one die: six faces of 1/6."""
    rs = rules("brade-family")
    pos = _pos("brade-family", "W:20,22x4,23x5,24x5 B:1x15 w wonedie=2")
    outs = chance_outcomes(rs, pos)
    assert [o.dice for o in outs] == [(d,) for d in range(1, 7)]
    assert all(o.probability == Fraction(1, 6) for o in outs)


def test_pips_and_pasch_series() -> None:
    """Pips: a checker on path point p has 25 − p to go, one waiting 25, one off 0."""
    # Puff start: 15 waiting x 25 = 375. Bräde start: 15 on the home (1) x 24 = 360.
    assert pips(Position.start(rules("lang-puff")), WHITE) == 375
    assert pips(Position.start(rules("brade-standard")), BLACK) == 360
    # W: 0 (25) + 10 (15) + 24x2 (1+1) + 25x11 (0) = 42
    assert pips(_pos("lang-puff", "W:0,10,24x2,25x11 B:0x15 w"), WHITE) == 42
    assert pasch_series(2) == Fraction(1, 36)
    assert pasch_series(0) == 1


# --------------------------------------------------------------------------- the shot table


@pytest.mark.parametrize(
    ("distance", "blocked", "n"),
    [
        (1, (), 11),  # any 1
        (6, (), 17),  # any 6 (11), 5-1 (2), 4-2 (2), 3-3 (1), 2-2 (1)
        (7, (), 6),  # 6-1, 5-2, 4-3
        (8, (), 6),  # 6-2, 5-3 (4), 4-4, 2-2 (2)
        (11, (), 2),  # 6-5
        (12, (), 3),  # 6-6, 4-4, 3-3
        (6, (3,), 16),  # 3-3 must touch down on 3: 17 - 1
        (7, (1, 6), 4),  # 6-1 must touch down on 1 or 6, both blocked: 6 - 2
    ],
)
def test_shots_table(distance: int, blocked: tuple[int, ...], n: int) -> None:
    assert shots(distance, frozenset(blocked)) == n


# --------------------------------------------------------------------------- hitting a blot


def test_hit_rolls_lt_first_pasch() -> None:
    """lång puff, LT. Black's 15 on his 4, White's blot on 10 (same path): distance 6.
    Unequal rolls with a 6 (lower die first moves 4->4+x onto empty points, then the 6 hits):
    6-1..6-5 = 10. 5-1: 1 then 5 (4->5->10), 4-2: 2 then 4: 2 + 2. First pasch x,x,7-x,7-x:
    6-6 (6 hits), 3-3 (3,3: 4->7->10), 1-1 (the bottom 6 hits), 4-4 (bottom 3,3): 4.
    2-2 (2,2,5,5) and 5-5 (5,5,2,2) make no 6 from their sums. 10 + 4 + 4 = 18."""
    rs = rules("lang-puff")
    pos = _pos("lang-puff", "W:10,25x14 B:4x15 b")
    assert hit_rolls(rs, pos, WHITE, 10) == 18
    assert hit_chance(rs, pos, WHITE, 10) == Fraction(18, 36)


def test_hit_rolls_lt_later_pasch() -> None:
    """As above after Black's first pasch: every pasch is x four times then 7-x four times, so
    2-2 (2+2+2) and 5-5 (bottom 2+2+2) hit too: 18 + 2 = 20."""
    rs = rules("lang-puff")
    assert hit_rolls(rs, _pos("lang-puff", "W:10,25x14 B:4x15 b bpasch=1"), WHITE, 10) == 20


def test_hit_rolls_lt_lower_die_first_blocked() -> None:
    """White's band on 7 (Black's 4+3). LT P-order: a roll whose lower die is 3 cannot move the
    3 (4->7 is blocked) and forfeits both dice: 6-3 no longer hits. 3-3 and 4-4 need to touch
    down on 7. Left: 6-1, 6-2, 6-4, 6-5 (8), 6-6, 1-1 (2), 5-1, 4-2 (4) = 14."""
    rs = rules("lang-puff")
    assert hit_rolls(rs, _pos("lang-puff", "W:7x2,10,25x12 B:4x15 b"), WHITE, 10) == 14


def test_hit_rolls_lt_later_pasch_blocked() -> None:
    """The band on 7 again, after Black's first pasch (each pasch x four times, then 7 - x four
    times, in that order): the unequal rolls of the case above (6-1, 6-2, 6-4, 6-5, 5-1, 4-2:
    12); 1-1 and 6-6 (a 6 from 4 hits), 2-2 (2+2+2 touching down on 6 and 8) and 5-5 (the
    fives go 4->9, then the bottom 2+2+2) hit; 3-3 cannot move a 3 from 4 (7 is blocked) and
    4-4 makes 6 only as 3+3 through 7. 12 + 4 = 16: the search must not skip the long ways
    round a band."""
    rs = rules("lang-puff")
    pos = _pos("lang-puff", "W:7x2,10,25x12 B:4x15 b bpasch=1")
    assert hit_rolls(rs, pos, WHITE, 10) == 16
    assert hit_table(rs, pos, WHITE) == {10: 16}


def test_hit_rolls_behind_a_prime() -> None:
    """White's six bands 14-19 with a blot on 20, Black's checkers all on 13 or below (same
    path), Black's pasches later pasches (eight moves). A step moves at most 6 pips, so a
    checker from 13 or below touches down on 14-19 before it gets past 19: no roll hits 20,
    however many dice. A blot on 12 instead stays in reach of the checkers on 1 and 5 (in
    front of the prime): the table keeps that one only."""
    rs = rules("lang-puff")
    text = "W:14x4,15x2,16x2,17x2,18x2,19x2,20 B:1x5,5x5,13x5 b bpasch=1"
    assert hit_rolls(rs, _pos("lang-puff", text), WHITE, 20) == 0
    assert hit_table(rs, _pos("lang-puff", text), WHITE) == {}
    text = "W:12,14x3,15x2,16x2,17x2,18x2,19x2,20 B:1x5,5x5,13x5 b bpasch=1"
    table = hit_table(rs, _pos("lang-puff", text), WHITE)
    assert set(table) == {12}
    assert table[12] == hit_rolls(rs, _pos("lang-puff", text), WHITE, 12)


def test_hit_rolls_long_entry_protected() -> None:
    """long-puff-entry (d): White has not yet entered all fifteen (no ``wentered``), so no
    blot of his can be hit, whatever Black rolls (his later pasches too): nothing for the
    blot on 8, five pips in front of Black's five on 3. Once White has had all fifteen in
    (``wentered=1``, checkers hit since wait again) the blot is open: every roll with a 5
    hits it at least (the lower die first by another checker, then 3->8), 11 of 36."""
    rs = rules("lang-puff+long-puff-entry")
    text = "W:0x9,5x3,8,11x2 B:3x5,4,6x3,7x2,9,12,15,23 b bentered=1 bpasch=1 brolled=1 wpasch=1"
    closed = _pos("lang-puff+long-puff-entry", text + " wrolled=1")
    assert hit_rolls(rs, closed, WHITE, 8) == 0
    assert hit_table(rs, closed, WHITE) == {}
    opened = _pos("lang-puff+long-puff-entry", text + " wentered=1 wrolled=1")
    assert hit_rolls(rs, opened, WHITE, 8) >= 11
    assert hit_table(rs, opened, WHITE) == {8: hit_rolls(rs, opened, WHITE, 8)}


def test_hit_rolls_pierer_free_order() -> None:
    """The same position under Pierer (PI-order: the player picks the order): 6-3 plays the 6
    first and hits. 6-x (10), 6-6, 1-1, 5-1, 4-2 = 16."""
    rs = rules("pierer-langer-puff")
    assert hit_rolls(rs, _pos("pierer-langer-puff", "W:7x2,10,25x12 B:4x15 b"), WHITE, 10) == 16


def test_hit_rolls_entering_contrary() -> None:
    """konträr puff: White's blot on his 22 is Black's 3 (25 - 22). Black has all 15 waiting
    (P-enter: each die enters at its own point, no entered checker moves on). Rolls with a 3:
    10 + 3-3; and 4-4 (first pasch: 4, 4, then the bottom faces 3, 3 enter on 3): 12.
    With White's band on his 24 (Black's 1) a roll whose lower die is 1 forfeits everything
    (P-order): 3-1 is lost: 10."""
    rs = rules("kontrar-puff")
    assert hit_rolls(rs, _pos("kontrar-puff", "W:22,25x14 B:0x15 b"), WHITE, 22) == 12
    assert hit_rolls(rs, _pos("kontrar-puff", "W:22,24x2,25x12 B:0x15 b"), WHITE, 22) == 10


def test_hit_rolls_brade() -> None:
    """bräde: White's 17 is Black's 5 ((17 + 11) mod 24 + 1). Black's 15 on his home (1):
    distance 4. Any 4 (11), 3-1 (2), 2-2 (1->3->5), 1-1 (four ones, 1->2->3->4->5): 15.
    With one of them on Black's 2 instead (distance 3 from there): any 3 or 4 (11 + 11 - 2),
    2-1 (2->3->5 or 2->4->5, touch-downs empty), 1-1 (2->3->4->5), 2-2 (1->3->5): 24.
    White's 18 is Black's 6; Black on 1 (x14) and 4: distance 5 and 2. Any 2 or 5 (20),
    1-1 (4->5->6), 4-1 (1->2->6; 1->5 would do too): 23; 3-3 would touch down on 4, where a
    second checker makes a band the noband rule forbids, and reaches 7 anyway."""
    rs = rules("brade-standard")
    assert hit_rolls(rs, _pos("brade-standard", "W:17,25x14 B:1x15 b"), WHITE, 17) == 15
    assert hit_rolls(rs, _pos("brade-standard", "W:17,25x14 B:1x14,2 b"), WHITE, 17) == 24
    assert hit_rolls(rs, _pos("brade-standard", "W:18,25x14 B:1x14,4 b"), WHITE, 18) == 23


def test_hit_rolls_needs_a_blot() -> None:
    rs = rules("lang-puff")
    with pytest.raises(OddsError):
        hit_rolls(rs, _pos("lang-puff", "W:10x2,25x13 B:4x15 b"), WHITE, 10)


# --------------------------------------------------------------------------- entering, jan


def test_enter_chance_lt_and_pierer() -> None:
    """konträr puff: White's band on his 24 = Black's 1. Black (15 waiting) enters unless the
    lower die is a 1 (P-order: the lower die cannot enter, the roll is forfeited): the 11 rolls
    with a 1 fail, 25/36. Pierer (free order): 6-1 enters the 6; only 1-1 fails (its first 1
    cannot enter, so the rest of the pasch is forfeited): 35/36."""
    text = "W:24x2,25x13 B:0x15 b"
    assert enter_chance(rules("kontrar-puff"), _pos("kontrar-puff", text), BLACK) == Fraction(
        25, 36
    )
    rs = rules("pierer-contrapuff")
    assert enter_chance(rs, _pos("pierer-contrapuff", text), BLACK) == Fraction(35, 36)


def test_enter_chance_all() -> None:
    """lång puff, Black has two waiting, White holds bands on Black's 1-5 (same path): only a
    6 enters. In an unequal roll the 6 is the higher die and the lower (1-5) cannot enter, so
    P-order forfeits the roll. Only 6-6 enters (first pasch: 6, 6 enter both, then 1, 1):
    1/36 for one and for both."""
    rs = rules("lang-puff")
    pos = _pos("lang-puff", "W:1x2,2x2,3x2,4x2,5x2,25x5 B:0x2,20x13 b")
    assert enter_chance(rs, pos, BLACK) == Fraction(1, 36)
    assert enter_chance(rs, pos, BLACK, None) == Fraction(1, 36)
    pi = rules("pierer-langer-puff")
    # Pierer: the 6 of any 6-x enters (free order): 11/36 for one; both only with 6-6
    pos = _pos("pierer-langer-puff", "W:1x2,2x2,3x2,4x2,5x2,25x5 B:0x2,20x13 b")
    assert enter_chance(pi, pos, BLACK) == Fraction(11, 36)
    assert enter_chance(pi, pos, BLACK, None) == Fraction(1, 36)


@pytest.mark.parametrize("name", ["brade-standard", "brade-family", "vasamuseet"])
def test_jan_chance_brade(name: str) -> None:
    """B-jan. White holds his home (1, two checkers) and a checker on each of 2-6: no point of
    his first quarter is free. His blot on 20 is Black's 8, seven pips from Black's 15 on his
    home: hit only by 6-1, 5-2, 4-3 (touch-downs on Black's 2-7, all empty): 6/36. Hit, White
    has one checker waiting and no free point: jan."""
    rs = rules(name)
    pos = _pos(name, "W:1x2,2,3,4,5,6,20,25x7 B:1x15 b")
    assert hit_rolls(rs, pos, WHITE, 20) == 6
    assert jan_chance(rs, pos, WHITE) == Fraction(1, 6)


def test_jan_chance_none_without_blots() -> None:
    rs = rules("brade-standard")
    assert jan_chance(rs, _pos("brade-standard", "W:1x15 B:1x15 b"), WHITE) == 0


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("lang-puff", "W:7x2,10,25x12 B:4x15 b"),
        ("kontrar-puff", "W:0x5,1x2,2,3x4,4x3 B:2x2,3,5x4,6,8x2,10,11,13,15,19 b bpasch=4"),
        ("pierer-langer-puff", "W:3x4,4,9x3,10,12,15x2,20,22,23 B:0x12,1,2x2 b bpasch=1"),
        ("brade-standard", "W:1x11,6,7,9,20 B:1x10,4,7,16,20,22 b"),
    ],
)
def test_hit_table_agrees_with_hit_rolls(name: str, text: str) -> None:
    """One search for every blot gives each blot the count of its own search."""
    rs = rules(name)
    pos = _pos(name, text)
    table = hit_table(rs, pos, WHITE)
    for p in range(1, 25):
        if pos.w[p] == 1:
            assert table.get(p, 0) == hit_rolls(rs, pos, WHITE, p), p


def _hits_every_play(rs: RuleSet, pos: Position, side: Color) -> dict[int, int]:
    """The blots' hit counts the plain way: every roll searched through all its legal steps
    for a hit on each blot, nothing skipped."""
    x = CROSS[rs.layout]
    own = pos.side(side)
    blots = {x[p]: p for p in range(1, OFF) if own[p] == 1}
    mover = pos._replace(turn=side.other, streak=0)
    out: dict[int, int] = {}
    for dice, ways in TWO_DICE:
        found: set[int] = set()

        def hits(t: Turn, st: Step, found: set[int] = found) -> bool:
            if st.hit and st.to in blots:
                found.add(st.to)
            return False

        if blots:
            exists_play(rs, mover, dice, step_test=hits)
        for target in found:
            out[blots[target]] = out.get(blots[target], 0) + ways
    return dict(sorted(out.items()))


@pytest.mark.parametrize(
    "name", ["kontrar-puff", "pierer-langer-puff", "gegenpuff", "brade-standard", "vasamuseet"]
)
def test_hit_table_skips_nothing(name: str) -> None:
    """The hit table's search skips states from which it reckons no blot is in reach; over the
    positions of a random game (first pasches only: the unskipped search of a later pasch
    takes too long) it counts exactly what searching every play counts."""
    rs = rules(name)
    fam = family_of(rs)
    rng = random.Random(name)
    pos = opening(rs, rng)
    player = RandomPlayer(rng)
    checked = 0
    for n in range(80):
        one = fam.one_die_required(rs, pos)
        dice = (rng.randint(1, 6),) if one else (rng.randint(1, 6), rng.randint(1, 6))
        play = player.choose(rs, pos, dice)
        if play.outcome is not None:
            break
        pos = play.position
        if n % 4 == 0:
            probe = pos._replace(wpasch=0, bpasch=0)  # a later pasch: too long unskipped
            for side in (WHITE, BLACK):
                assert hit_table(rs, probe, side) == _hits_every_play(rs, probe, side), probe
                checked += 1
    assert checked >= 10


# --------------------------------------------------------------------------- tower and goose


def test_pattern_chance_tower_lower_die_first() -> None:
    """konträr puff + tower-goose, White 7, 8 and 13 on 9: only 1-2 brings both in (the 1
    first, 8/9, then 7/9), 2 of 36; Black, all waiting, has no pattern; and none without the
    option. Asked for White while Black is to roll, White is taken to roll next."""
    rs = "kontrar-puff+tower-goose"
    pos = _pos(rs, "W:7,8,9x13 B:0x15 w")
    assert pattern_chance(rules(rs), pos, WHITE) == Fraction(2, 36)
    assert pattern_chance(rules(rs), pos, BLACK) == 0
    assert (
        pattern_chance(rules("kontrar-puff"), _pos("kontrar-puff", "W:7,8,9x13 B:0x15 w"), WHITE)
        == 0
    )
    assert pattern_chance(rules(rs), pos._replace(turn=BLACK), WHITE) == Fraction(2, 36)


def test_pattern_chance_tower_behind_bands() -> None:
    """White 9 and 14 on 12; Black's bands on White's 13-18 (Black's 12-7) stop the stack.
    The checker on 9 reaches 10, 11 and 12 only. Tower: 1-2 (9/10/12), 3-4, 3-5 and 3-6 (the
    3 first, 9/12; the higher die cannot be played), and 3-3 as a first pasch (9/12; the second
    3 cannot be moved, so the rest is forfeited, P-pasch-1). Not 1-3 (9/10, then 10/13 is
    blocked), 2-3, 1-1 or 2-2 (they stop on 11), nor 4-4, 5-5, 6-6 (the first die cannot be
    moved): 2 + 6 + 1 = 9 of 36."""
    rs = "kontrar-puff+tower-goose"
    pos = _pos(rs, "W:9,12x14 B:12x2,11x2,10x2,9x2,8x2,7x2,0x3 w")
    assert pattern_chance(rules(rs), pos, WHITE) == Fraction(9, 36)


def test_pattern_chance_goose_and_later_pasch() -> None:
    """A goose march: White alone on 1-14 and 16 can fill the row 2-16 only by bringing the
    checker on 1 to 15, 14 pips: each first pasch (x, x, 7-x, 7-x) does it, no other roll
    (at most 11 pips); 6 of 36. A later pasch (x four times, then 7-x four times) takes four
    checkers 7 pips each, so White's four on 13 join the eleven on 20 with every pasch."""
    rs = rules("kontrar-puff+tower-goose")
    goose = Position.parse("W:1,2,3,4,5,6,7,8,9,10,11,12,13,14,16 B:0x15 w", rs)
    assert pattern_chance(rs, goose, WHITE) == Fraction(6, 36)
    assert pattern_chance(rs, goose, WHITE, "tower") == 0
    later = Position.parse("W:13x4,20x11 B:0x15 w wpasch=1", rs)
    assert pattern_chance(rs, later, WHITE, "tower") == Fraction(6, 36)


def test_pattern_chance_brade_has_none() -> None:
    rs = rules("brade-standard")
    assert pattern_chance(rs, Position.start(rs), WHITE) == 0
