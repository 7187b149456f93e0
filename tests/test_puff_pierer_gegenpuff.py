"""Rule tests for Pierer's Puff (PI), Gegenpuff (GP) and LT's long-puff-entry variant.

Every expected value below was worked out by hand from the sources (the authority), never from
engine output:

* PI = sources/003 (Pierer's Universal-Lexikon 1861, "Puffspiel"),
* GP = sources/002 ("Regeln Gegenpuff"),
* LT = sources/000 (Lyckans Talisman, section "Regelvariant för lång puff").

Physical points are White's path numbers. Black's path point p is physical
  long             (pierer-langer-puff, lang-puff):      p
  contrary         (pierer-contrapuff, gegenpuff):       25 - p
  double-contrary  (pierer-doppelter-contrapuff):        13 - p (p <= 12), 37 - p (p >= 13)
(PI a/b/c, GP "ein Spieler beginnt auf der 1, der andere auf der 24", LT Förberedelser/Figur 3).
Every position below says, where Black matters, which physical points Black's checkers stand on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from conftest import explain, plays

PI_LONG = "pierer-langer-puff"
PI_CONTRA = "pierer-contrapuff"
PI_DOUBLE = "pierer-doppelter-contrapuff"
GP = "gegenpuff"
LPE = "lang-puff+long-puff-entry"


# --------------------------------------------------------------------------- helpers


def canon(s: str) -> str:
    """Canonical form of a hand-written position (stacks merged and sorted, `x1` dropped, keys
    sorted, zero-valued keys dropped). Also checks my own arithmetic: 15 checkers a side."""
    stacks: dict[str, str] = {}
    side = "w"
    keys: dict[str, str] = {}
    for field in s.split():
        if field[:2] in ("W:", "B:"):
            counts: Counter[int] = Counter()
            for item in field[2:].split(","):
                point, _, n = item.partition("x")
                counts[int(point)] += int(n) if n else 1
            assert sum(counts.values()) == 15, f"not 15 checkers in {field!r}"
            stacks[field[0]] = ",".join(
                str(p) if n == 1 else f"{p}x{n}" for p, n in sorted(counts.items())
            )
        elif field in ("w", "b"):
            side = field
        else:
            k, _, v = field.partition("=")
            if v != "0":
                keys[k] = v
    return " ".join(
        [f"W:{stacks['W']}", f"B:{stacks['B']}", side]
        + [f"{k}={v}" for k, v in sorted(keys.items())]
    )


def res(rules: str, position: str, *dice: int) -> set[str]:
    """Resulting positions of a roll, canonicalised."""
    return {canon(p["position"]) for p in plays(rules, position, *dice)}


def exp(*positions: str) -> set[str]:
    return {canon(p) for p in positions}


def by_position(rules: str, position: str, *dice: int) -> dict[str, dict[str, Any]]:
    """Plays keyed by canonical resulting position."""
    return {canon(p["position"]): p for p in plays(rules, position, *dice)}


def only_play(rules: str, position: str, *dice: int) -> dict[str, Any]:
    ps = plays(rules, position, *dice)
    assert len(ps) == 1, ps
    return ps[0]


def stacks_of(position: str) -> str:
    """'W:... B:...' part of a position (ignores the side to move and keys)."""
    return " ".join(canon(position).split()[:2])


# =========================================================================== PI-order


@pytest.mark.parametrize(
    "rules, black",
    [
        # Black band on physical 2: long B2; contrary B23 (rest B10 = phys 15);
        # double-contrary B11 (rest B20 = phys 17).
        (PI_LONG, "B:0x13,2x2"),
        (PI_CONTRA, "B:10x13,23x2"),
        (PI_DOUBLE, "B:11x2,20x13"),
    ],
)
def test_PI_order_free_order_higher_first_then_lower(rules: str, black: str) -> None:
    """PI-order: no lower-die-first rule; the higher die may go first, the lower after it."""
    # PI: "Beide Spieler ... setzen die auf jedem einzelnen Würfel befindlichen Augen" -- no order
    # is prescribed (unlike LT "måste ... först flytta ... den tärning som visar lägst").
    # White has one checker at 0 and 14 on 10; a Black band stands on physical 2.
    # Roll 2-5.  The 2 cannot enter first (band on 2: "so kann man nicht setzen"), and while a
    # checker is at 0 no board checker may move ("man muß erst alle Steine ... eingesetzt haben").
    # So lower-first would forfeit everything.  PI: enter with the 5 (phys 5 empty); now nothing
    # is at 0, so the 2 moves a board checker: 5->7 or 10->12 (both empty).
    pos = f"W:0,10x14 {black} w"
    assert res(rules, pos, 2, 5) == exp(
        f"W:7,10x14 {black} b",
        f"W:5,10x13,12 {black} b",
    )
    for p in plays(rules, pos, 2, 5):
        assert p["forfeited"] == []


def test_PI_order_gegenpuff_contrast_lower_first_forfeits_all() -> None:
    """GP lower-die-first: the same physical position as above forfeits the whole roll."""
    # GP: "Es wird bei jedem Zug grundsätzlich mit der kleineren Augenzahl begonnen. Ist dies
    # nicht möglich, ist der Gegner am Zug."  The 2 cannot enter on physical 2 (Black band,
    # contrary B23) -> turn passes with both dice forfeited.
    pos = "W:0,10x14 B:10x13,23x2 w"
    p = only_play(GP, pos, 2, 5)
    assert p["moves"] == []
    assert p["forfeited"] == [2, 5]
    assert canon(p["position"]) == canon("W:0,10x14 B:10x13,23x2 b")
    assert explain(GP, pos, (2, 5), "0/5")["legal"] is False
    assert explain(PI_CONTRA, pos, (2, 5), "0/5")["legal"] is True


def test_PI_order_must_use_both_when_some_order_does() -> None:
    """PI-order: if some order moves both dice, plays using only one die are illegal."""
    # PI (last sentence): "gilt die Regel, daß man setzen muß, wenn man setzen kann" (digest:
    # both dice must be moved whenever some order allows it).
    # pierer-langer-puff (Black p = phys p). White 3, 10x14.  Black bands on 11 and 15.
    # Dice 3, 5.  Steps: 3: 3->6, 10->13;  5: 3->8 (10->15 band).
    #   3->6 then 5: 6->11 band, 10->15 band  => only one die: NOT legal (both are possible).
    #   10->13 then 5: 3->8 or 13->18         => W:8,10x13,13 / W:3,10x13,18
    #   3->8 then 3: 8->11 band, 10->13       => W:8,10x13,13 (same)
    pos = "W:3,10x14 B:0x11,11x2,15x2 w"
    assert res(PI_LONG, pos, 3, 5) == exp(
        "W:8,10x13,13 B:0x11,11x2,15x2 b",
        "W:3,10x13,18 B:0x11,11x2,15x2 b",
    )
    bad = explain(PI_LONG, pos, (3, 5), "3/6")
    assert bad["legal"] is False
    assert bad["rule"] == "PI-order"
    assert bad["source"] == "PI"
    assert explain(PI_LONG, pos, (3, 5), "3/8")["legal"] is True
    # (Under LT's lower-first/no-maximisation rules 3/6 would be a legal choice.)


def test_PI_order_only_one_die_movable_either_die_may_be_played() -> None:
    """PI-order: when only one of the dice can be moved, either one may be (no higher-die rule)."""
    # Same as above with one more Black band on 13: now 10->13 and 10->15 are blocked.
    #   3->6 then 5: 6->11 band, 10->15 band -> 5 forfeited
    #   3->8 then 3: 8->11 band, 10->13 band -> 3 forfeited
    # No order moves both; PI names no rule preferring the higher die (digest PI-order: "if only
    # one of them can be moved (whichever), he moves one of his choice").
    pos = "W:3,10x14 B:0x9,11x2,13x2,15x2 w"
    got = by_position(PI_LONG, pos, 3, 5)
    assert set(got) == exp(
        "W:6,10x14 B:0x9,11x2,13x2,15x2 b",
        "W:8,10x14 B:0x9,11x2,13x2,15x2 b",
    )
    assert got[canon("W:6,10x14 B:0x9,11x2,13x2,15x2 b")]["forfeited"] == [5]
    assert got[canon("W:8,10x14 B:0x9,11x2,13x2,15x2 b")]["forfeited"] == [3]


def test_PI_order_both_dice_one_checker_needs_free_intermediate_point() -> None:
    """PI-order: a checker moving both dice must rest on one of the two intermediate points."""
    # PI: "Will man mit einem Steine beide geworfene Zahlen setzen, so muß man auch mit einer von
    # beiden Zahlen auf einem Dreieck ausruhen können, wo sich kein feindliches Band befindet."
    # White 3, 10x14, dice 2 and 4; the runner's target 3+6 = 9 is empty.
    # (a) Black bands on 5 and 7 (both intermediates) and on 12, 14 (the stack's 2 and 4):
    #     nothing can move at all, 3->9 is not allowed -> whole roll forfeited.
    pos_a = "W:3,10x14 B:0x7,5x2,7x2,12x2,14x2 w"
    p = only_play(PI_LONG, pos_a, 2, 4)
    assert p["moves"] == []
    assert sorted(p["forfeited"]) == [2, 4]
    assert canon(p["position"]) == canon("W:3,10x14 B:0x7,5x2,7x2,12x2,14x2 b")
    # (b) Free 7: the runner goes 3->7 (4) and rests there, then 7->9 (2).  3->5 is blocked,
    #     10->12 and 10->14 too, so this is the only play.
    pos_b = "W:3,10x14 B:0x9,5x2,12x2,14x2 w"
    assert res(PI_LONG, pos_b, 2, 4) == exp("W:9,10x14 B:0x9,5x2,12x2,14x2 b")


# ===================================================================== PI pasches


def test_PI_pasch_fixed_order_top_faces_blocked_forfeits_bottom_faces() -> None:
    """PI pasch (first of the game): top faces first; if they cannot be moved, nothing is."""
    # PI: "würfelt man einen Pasch, so werden die Zahlen zweimal gesetzt, u. wenn dies geschehen
    # ist u. hat geschehen können, so werden auch die ... entgegengesetzten ... gesetzt";
    # "beim ersten Pasch jedes Spielers ... nur ein Mal gesetzt u. es wird nicht noch ein Mal
    # gewürfelt".  Double-contrary: Black band on B11 = phys 13-11 = 2 (rest B20 = phys 17).
    # 2-2: the 2 cannot enter, so the 5s (entry 5 is free) are not played even though PI
    # otherwise lets the player choose the order.  First pasch: no re-roll, wpasch=1.
    pos = "W:0x15 B:11x2,20x13 w"
    p = only_play(PI_DOUBLE, pos, 2, 2)
    assert p["moves"] == []
    assert p["forfeited"] == [2, 2, 5, 5]
    assert canon(p["position"]) == canon("W:0x15 B:11x2,20x13 b wpasch=1")


def test_PI_pasch_first_pasch_bottom_faces_blocked_only_those_forfeited() -> None:
    """PI first pasch: x,x then 7-x,7-x once each; blocked bottom faces alone are forfeited."""
    # Long layout, Black band on 5.  2-2 as first pasch: enter 2, 2 ("zweimal" -> first pasch
    # "nur ein Mal", i.e. once per die), then 5, 5 cannot enter and board checkers may not move
    # while checkers are at 0 -> both 5s forfeited.  No re-roll.
    pos = "W:0x15 B:0x13,5x2 w"
    p = only_play(PI_LONG, pos, 2, 2)
    assert p["moves"] == ["0/2", "0/2"]
    assert p["forfeited"] == [5, 5]
    assert canon(p["position"]) == canon("W:0x13,2x2 B:0x13,5x2 b wpasch=1")


def test_PI_pasch_later_pasch_rerolls_even_when_nothing_could_be_moved() -> None:
    """PI later pasch: x four times, 7-x four times, then roll again -- even if all forfeited."""
    # PI: "... u. man würfelt noch einmal, auch wenn man gar nicht hätte setzen können".
    # Same position as the first test (band on phys 2), but White already had a pasch
    # (wpasch=1): the 2s cannot enter -> all eight moves forfeited, White rolls again (streak=1).
    pos = "W:0x15 B:11x2,20x13 w wpasch=1"
    p = only_play(PI_DOUBLE, pos, 2, 2)
    assert p["moves"] == []
    assert p["forfeited"] == [2, 2, 2, 2, 5, 5, 5, 5]
    assert canon(p["position"]) == canon("W:0x15 B:11x2,20x13 w streak=1 wpasch=2")


def test_PI_pasch_later_pasch_partial_still_rerolls() -> None:
    """PI later pasch: 2s enter four times, 5s blocked -> forfeited, and White rolls again."""
    # Long layout, Black band on 5: four checkers enter on 2, the four 5s are forfeited
    # (entry point blocked, board checkers may not move while checkers wait).  PI re-rolls after
    # a later pasch regardless ("auch wenn man gar nicht hätte setzen können").
    pos = "W:0x15 B:0x13,5x2 w wpasch=1"
    p = only_play(PI_LONG, pos, 2, 2)
    assert p["forfeited"] == [5, 5, 5, 5]
    assert canon(p["position"]) == canon("W:0x11,2x4 B:0x13,5x2 w streak=1 wpasch=2")


def test_PI_fourth_pasch_in_a_row_moves_only_top_faces_no_reroll() -> None:
    """PI fourth pasch in a row: only x, x ("gewöhnliche Zahlen"), no further roll."""
    # PI: "wirft man vier Päsche sogleich nach einander, so gilt der vierte Pasch nur für
    # gewöhnliche Zahlen u. berechtigt nicht zu einem neuen Wurf".
    # streak=3: White has rolled three pasches in a row this turn; now 3-3.  Only two 3s:
    #   5->8->11, 5->8 + 10->13, 10->13 twice, 10->13->16.  Turn passes, wpasch 4 -> 5.
    pos = "W:5,10x14 B:0x15 w streak=3 wpasch=4"
    assert res(PI_LONG, pos, 3, 3) == exp(
        "W:10x14,11 B:0x15 b wpasch=5",
        "W:8,10x13,13 B:0x15 b wpasch=5",
        "W:5,10x12,13x2 B:0x15 b wpasch=5",
        "W:5,10x13,16 B:0x15 b wpasch=5",
    )
    for p in plays(PI_LONG, pos, 3, 3):
        assert len(p["moves"]) == 2 and p["forfeited"] == []


def test_PI_third_pasch_in_a_row_is_still_a_full_later_pasch() -> None:
    """PI: the third pasch in a row (streak=2) is a normal later pasch: 8 moves and a re-roll."""
    # Nothing can block White (Black all at 0, 14 checkers on 10 can always take a 3 or 4), so
    # every play moves 3,3,3,3,4,4,4,4 and White rolls again with streak=3.
    pos = "W:5,10x14 B:0x15 w streak=2 wpasch=3"
    ps = plays(PI_LONG, pos, 3, 3)
    assert ps
    for p in ps:
        assert len(p["moves"]) == 8 and p["forfeited"] == []
        assert canon(p["position"]).split()[2:] == ["w", "streak=3", "wpasch=4"]


def test_PI_generalpasch_on_by_default() -> None:
    """PI generalpasch: rolling the generalpasch lets the player name any pasch."""
    # PI: "meist spielt man mit dem Generalpasch ... werden diese Zahlen im Fortgange des Spiels
    # geworfen, so kann man dafür jeden andern Pasch beliebig wählen u. mit denselben Rechten
    # setzen."  The preset has it without "+generalpasch".  general=2-4, roll 2-4, wpasch=0.
    #   as rolled: enter 2 and 4                      -> W:0x13,2,4 (no pasch, wpasch stays 0)
    #   named 1-1 (first pasch: 1,1,6,6) = named 6-6  -> W:0x11,1x2,6x2 wpasch=1, no re-roll
    #   named 2-2 (2,2,5,5)              = named 5-5  -> W:0x11,2x2,5x2 wpasch=1
    #   named 3-3 (3,3,4,4)              = named 4-4  -> W:0x11,3x2,4x2 wpasch=1
    pos = "W:0x15 B:0x15 w general=2-4"
    assert res(PI_LONG, pos, 2, 4) == exp(
        "W:0x13,2,4 B:0x15 b general=2-4",
        "W:0x11,1x2,6x2 B:0x15 b general=2-4 wpasch=1",
        "W:0x11,2x2,5x2 B:0x15 b general=2-4 wpasch=1",
        "W:0x11,3x2,4x2 B:0x15 b general=2-4 wpasch=1",
    )


# ======================================================================= PI-bearoff


def test_PI_bearoff_any_checker_no_rearmost_rule() -> None:
    """PI-bearoff: any checker whose die overshoots 24 is taken off; excess pips are lost."""
    # PI: "Ist man ... bis in das vierte Feld gekommen, u. es sind keine Dreiecke mehr vorhanden,
    # um die geworfene Zahl zu setzen, so wird ein Stein für die einzelne Zahl herausgenommen,
    # ohne jedoch die etwa übrigen Augen einem andern Steine zu Gute zu rechnen."
    # White 20, 22x2, 12 off; dice 3, 4 (both must be used).
    #   3: 20->23 or 22->off;  4: 20->24 or 22->off (no rearmost rule: 20 is behind)
    #   3 20->23, 4 23->off | 22->off        -> W:22x2 / W:22,23
    #   3 22->off, 4 20->24 | 22->off        -> W:22,24 / W:20
    #   4 first gives the same four.
    pos = "W:20,22x2,25x12 B:0x15 w"
    assert res(PI_LONG, pos, 3, 4) == exp(
        "W:22x2,25x13 B:0x15 b",
        "W:22,23,25x13 B:0x15 b",
        "W:22,24,25x13 B:0x15 b",
        "W:20,25x14 B:0x15 b",
    )


def test_PI_bearoff_only_once_all_in_fourth_quarter() -> None:
    """PI-bearoff: no bearing off while a checker is outside the fourth quarter."""
    # PI: "man darf nicht eher die Steine herausnehmen, bis man sie alle in das vierte Feld
    # gebracht".  White 18, 22x2, 12 off; dice 3, 4.  At first only 18 may move (22+3, 22+4 would
    # leave the board): 18->21 or 18->22.  Then all are in 19-24 and the other die bears off:
    #   18->21, then 4: 21->off or 22->off   -> W:22x2 / W:21,22
    #   18->22, then 3: 22->off               -> W:22x2
    pos = "W:18,22x2,25x12 B:0x15 w"
    assert res(PI_LONG, pos, 3, 4) == exp(
        "W:22x2,25x13 B:0x15 b",
        "W:21,22,25x13 B:0x15 b",
    )


# ========================================================================== PI-win


def _outcomes(rules: str, pos: str, *dice: int) -> list[Any]:
    return [p["outcome"] for p in plays(rules, pos, *dice)]


def test_PI_win_schneider_when_loser_has_taken_off_none() -> None:
    """PI-win: Schneider (2 points) when the loser has taken off no checker."""
    # PI: "Wer seine Steine zuerst herausgenommen hat, hat das Spiel gewonnen; geschieht dies ehe
    # der Gegner einen Stein herausgenommen hat, so ist derselbe Schneider."  Digest: 2 points.
    # Contrary: White 23, 24 (phys 23, 24), dice 2-3 take both off in any order.
    # Black on B19-21 (phys 6-4): nothing borne off -> Schneider (LT's "first quarter" test
    # would NOT give schneider here: Black has nothing on his 1-6 and nothing at 0).
    pos = "W:23,24,25x13 B:19x5,20x5,21x5 w"
    outs = _outcomes(PI_CONTRA, pos, 2, 3)
    assert outs and all(
        o
        == {
            "winner": "w",
            "kind": "bearoff",
            "points": 2,
            "munk": False,
            "schneider": True,
            "pissmunk": False,
        }
        for o in outs
    )
    for p in plays(PI_CONTRA, pos, 2, 3):
        assert stacks_of(p["position"]) == stacks_of("W:25x15 B:19x5,20x5,21x5")


def test_PI_win_simple_when_loser_has_taken_off_one() -> None:
    """PI-win: a loser who has taken off at least one checker is not Schneider: 1 point."""
    # Black has one checker off (25) and, after being hit, one back on his B3 (phys 22) in his
    # first quarter (LT would score that schneider; PI asks only whether he took one off).
    pos = "W:23,24,25x13 B:3,19x6,20x7,25 w"
    outs = _outcomes(PI_CONTRA, pos, 2, 3)
    assert outs and all(
        o
        == {
            "winner": "w",
            "kind": "bearoff",
            "points": 1,
            "munk": False,
            "schneider": False,
            "pissmunk": False,
        }
        for o in outs
    )


def test_PI_win_tower_thurm() -> None:
    """PI-win: all 15 on one point (Thurm) wins; 4 points (LT's value, digest reading)."""
    # PI: "Das Spiel ist auch gewonnen, wenn man alle Steine auf ein Dreieck (Thurm) bringen kann".
    # Double-contrary: White 7, 10x14; Black on B19/B20 = phys 18/17.  Dice 1-2: 7->8->10 (or
    # 7->9->10; phys 8 = B5, 9 = B4 are empty) makes 15 on 10.
    pos = "W:7,10x14 B:19x8,20x7 w"
    got = by_position(PI_DOUBLE, pos, 1, 2)
    tower = [p for k, p in got.items() if k.startswith("W:10x15 ")]
    assert len(tower) == 1
    o = tower[0]["outcome"]
    assert (o["winner"], o["kind"], o["points"]) == ("w", "tower", 4)
    for k, p in got.items():
        if not k.startswith("W:10x15 "):
            assert p["outcome"] is None, k


def test_PI_win_goose_row_gaensereihe() -> None:
    """PI-win: 15 consecutive points with one checker each (Gänsereihe) wins; 3 points."""
    # PI: "... od. wenn man die Steine auf 15 nach einander folgende Dreiecke bringen kann, die
    # Gänsereihe".  White one each on 1-14 plus a second on 12; dice 1-2: 12->13->15 (or
    # 12->14->15, or 14->15 + 12->14) gives one each on 1-15.
    pos = "W:1,2,3,4,5,6,7,8,9,10,11,12x2,13,14 B:0x15 w"
    got = by_position(PI_LONG, pos, 1, 2)
    goose = canon("W:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 B:0x15 b")
    keys = [k for k in got if stacks_of(k) == stacks_of(goose)]
    assert len(keys) == 1
    o = got[keys[0]]["outcome"]
    assert (o["winner"], o["kind"], o["points"]) == ("w", "goose", 3)


def test_GP_tower_is_not_a_win() -> None:
    """GP names no tower win (and LT's tower-goose is an option that is off by default)."""
    # Same move as the PI tower test in contrary layout (Black B7/B8 = phys 18/17).
    pos = "W:7,10x14 B:7x8,8x7 w"
    for p in plays(GP, pos, 1, 2):
        assert p["outcome"] is None


# ==================================================================== layouts / hits


@pytest.mark.parametrize(
    "rules, black_before, black_after",
    [
        # Black blot on phys 3 and band on phys 5, 12 others out of the way.
        (PI_LONG, "B:3,5x2,20x12", "B:0,5x2,20x12"),  # B3 = 3, B5 = 5
        (PI_CONTRA, "B:10x12,20x2,22", "B:0,10x12,20x2"),  # B22 = 25-22 = 3, B20 = 5
        (PI_DOUBLE, "B:8x2,10,20x12", "B:0,8x2,20x12"),  # B10 = 13-10 = 3, B8 = 5
        (GP, "B:10x12,20x2,22", "B:0,10x12,20x2"),  # contrary
    ],
)
def test_layout_hit_when_entering(rules: str, black_before: str, black_after: str) -> None:
    """Layout mapping + hit on entry: White enters with 3 on the Black blot; the 5 is blocked."""
    # PI: "Kommt man bei diesem Setzen auf ein Dreieck, wo schon ein feindlicher Stein steht, so
    # wird dieser herausgeworfen ... befinden sich aber schon zwei (ein Band) ... so kann man nicht
    # setzen."  GP: "Trifft man beim Setzen ... auf ein Feld, auf dem ein einzelner gegnerischer
    # Stein steht, so kann dieser geschlagen werden ... zwei oder mehr ... nicht gelandet".
    # Dice 3-5: 0/3* hits (lower first for GP anyway); the 5 cannot enter on the band and no
    # board checker may move while 14 wait -> 5 forfeited.
    p = only_play(rules, f"W:0x15 {black_before} w", 3, 5)
    assert p["moves"] == ["0/3*"]
    assert p["forfeited"] == [5]
    assert canon(p["position"]) == canon(f"W:0x14,3 {black_after} b")


@pytest.mark.parametrize(
    "rules, black_before, black_after",
    [
        # Black bands on phys 18 and 22, blot on phys 20, ten others on phys 5 (long/contrary:
        # B5 / B20) or phys 8 (double: B5).
        (PI_LONG, "B:5x10,18x2,20,22x2", "B:0,5x10,18x2,22x2"),
        (PI_CONTRA, "B:3x2,5,7x2,20x10", "B:0,3x2,7x2,20x10"),  # 25-p: 7->18, 5->20, 3->22
        (PI_DOUBLE, "B:5x10,15x2,17,19x2", "B:0,5x10,15x2,19x2"),  # 37-p: 19->18, 17->20, 15->22
    ],
)
def test_layout_hit_on_board_PI(rules: str, black_before: str, black_after: str) -> None:
    """Layout mapping + hit on the board (PI free order)."""
    # White 15x14, 17; dice 3, 5.  Steps: 3: 17->20* (15->18 band); 5: 15->20* (17->22 band).
    # No bearing off (not all in the fourth quarter), so 20->25 is impossible.
    #   3 17->20*, then 5: 15->20                      -> W:15x13,20x2
    #   5 15->20*, then 3: 17->20 | 20->23 (phys 23 empty) -> W:15x13,20x2 / W:15x13,17,23
    pos = f"W:15x14,17 {black_before} w"
    assert res(rules, pos, 3, 5) == exp(
        f"W:15x13,20x2 {black_after} b",
        f"W:15x13,17,23 {black_after} b",
    )


def test_layout_hit_on_board_GP_lower_first() -> None:
    """GP (contrary) + lower first: only the 3 can open, so only 17->20*, 15->20 remains."""
    # GP: "Die niedrigere Augenzahl muss dabei aber immer zuerst gezogen werden."
    pos = "W:15x14,17 B:3x2,5,7x2,20x10 w"
    assert res(GP, pos, 3, 5) == exp("W:15x13,20x2 B:0,3x2,7x2,20x10 b")


# ================================================================ Gegenpuff pasches


def test_GP_pasch_first_pasch_two_and_two_then_reroll() -> None:
    """GP-pasch: first pasch x,x,7-x,7-x -- and (unlike LT/PI) the player rolls again."""
    # GP: "Nach einem Pasch wird zunächst der gewürfelte Pasch (zum Beispiel 2 x 2) gezogen und
    # danach der gegenüberliegende Pasch (in diesem Fall 2 x 5) ebenfalls. ... Nach jedem Pasch
    # wird nochmals gewürfelt."  Start position, 2-2: enter 2, 2, 5, 5; White to roll again.
    p = only_play(GP, "W:0x15 B:0x15 w", 2, 2)
    assert p["moves"] == ["0/2", "0/2", "0/5", "0/5"]
    assert p["forfeited"] == []
    assert canon(p["position"]) == canon("W:0x11,2x2,5x2 B:0x15 w streak=1 wpasch=1")


def test_GP_pasch_later_pasch_four_and_four_then_reroll() -> None:
    """GP-pasch: a later pasch moves x four times and 7-x four times, then roll again."""
    # GP: "Bei einem zweiten Pasch können die geworfenen Zahlen und die Gegenseiten jeweils
    # viermal gezogen werden (4 x 2 und 4 x 5)."  Continuing the turn above (streak=1), 3-3:
    # enter 3 four times and 4 four times (all 8 waiting checkers but 3 get in), roll again.
    pos = "W:0x11,2x2,5x2 B:0x15 w streak=1 wpasch=1"
    p = only_play(GP, pos, 3, 3)
    assert p["forfeited"] == []
    assert canon(p["position"]) == canon("W:0x3,2x2,3x4,4x4,5x2 B:0x15 w streak=2 wpasch=2")


def test_GP_pasch_not_completed_turn_passes() -> None:
    """GP-pasch: a pasch that cannot be moved to the end gives no re-roll."""
    # GP: "Kann der Pasch nicht ganz zu Ende gezogen werden, ist der Gegenspieler mit Würfeln an
    # der Reihe."  Contrary: Black band on B20 = phys 5.  First pasch 2-2: 2, 2 enter, both 5s
    # cannot -> forfeited, turn passes.
    pos = "W:0x15 B:10x13,20x2 w"
    p = only_play(GP, pos, 2, 2)
    assert p["forfeited"] == [5, 5]
    assert canon(p["position"]) == canon("W:0x13,2x2 B:10x13,20x2 b wpasch=1")
    # Later pasch, same block: four 2s enter, four 5s forfeited, turn passes.
    p = only_play(GP, pos + " wpasch=1", 2, 2)
    assert p["forfeited"] == [5, 5, 5, 5]
    assert canon(p["position"]) == canon("W:0x11,2x4 B:10x13,20x2 b wpasch=2")


def test_GP_pasch_top_faces_blocked_nothing_moved() -> None:
    """GP-pasch: bottom faces are not moved when the top faces cannot be; the turn passes."""
    # GP: "Beim Pasch kann die Unterseite nicht gezogen werden, wenn der Spieler die Oberseite
    # nicht ausführen kann."  Black band on B23 = phys 2; 2-2 -> nothing, turn passes.
    pos = "W:0x15 B:10x13,23x2 w"
    p = only_play(GP, pos, 2, 2)
    assert p["moves"] == []
    assert p["forfeited"] == [2, 2, 5, 5]
    assert canon(p["position"]) == canon("W:0x15 B:10x13,23x2 b wpasch=1")


def test_GP_lower_die_blocked_whole_roll_forfeited() -> None:
    """GP lower die first: if the lower die cannot be moved, the roll is lost."""
    # GP: "Die niedrigere Augenzahl muss dabei aber immer zuerst gezogen werden. Kann diese nicht
    # gesetzt werden, verfällt der Zug und der Gegner ist an der Reihe."
    # All at 0, Black band on B23 = phys 2; 2-5 -> both forfeited although 0/5 would be possible.
    pos = "W:0x15 B:10x13,23x2 w"
    p = only_play(GP, pos, 5, 2)
    assert p["moves"] == []
    assert p["forfeited"] == [2, 5]
    assert canon(p["position"]) == canon("W:0x15 B:10x13,23x2 b")


# ============================================================= Gegenpuff bear-off/win


def test_GP_bearoff_any_checker_no_rearmost_rule() -> None:
    """GP bear-off: once all are in the last quarter, any checker may go off with a big die."""
    # GP: "Die Steine werden am Ende des Spiels wieder aus dem Brett ausgewürfelt. Dies ist aber
    # erst möglich, wenn sich alle Steine des Spielers im letzten Viertel ... befinden." No
    # rearmost rule is stated.  White 20, 22x2, 12 off; Black on B13/B14 = phys 12/11.
    # Dice 3, 4, lower first:
    #   3 20->23, then 4: 23->off | 22->off   -> W:22x2 / W:22,23
    #   3 22->off (20 behind!), then 4: 20->24 | 22->off -> W:22,24 / W:20
    pos = "W:20,22x2,25x12 B:13x8,14x7 w"
    assert res(GP, pos, 3, 4) == exp(
        "W:22x2,25x13 B:13x8,14x7 b",
        "W:22,23,25x13 B:13x8,14x7 b",
        "W:22,24,25x13 B:13x8,14x7 b",
        "W:20,25x14 B:13x8,14x7 b",
    )


def test_GP_win_one_point_no_schneider() -> None:
    """GP win: first to bear off all wins; GP has no schneider/treble: 1 point."""
    # GP: "Wer zuerst alle Steine hinausgewürfelt hat, ist Sieger."  Black has taken off none,
    # has a band on his B3 (phys 22, first quarter) and a checker at 0: LT would score 3 and PI
    # Schneider, GP just 1.  Dice 2-3: 2 takes 23 or 24 off, 3 the other.
    pos = "W:23,24,25x13 B:0,3x2,13x12 w"
    outs = _outcomes(GP, pos, 2, 3)
    assert outs and all(
        o
        == {
            "winner": "w",
            "kind": "bearoff",
            "points": 1,
            "munk": False,
            "schneider": False,
            "pissmunk": False,
        }
        for o in outs
    )


# ===================================================================== long-puff-entry
# LT "Regelvariant för lång puff".  Long layout: Black's p is physical p, so both sides enter
# on the same physical points 1-6.


def test_long_puff_entry_b_first_roll_enters_two_checkers() -> None:
    """long-puff-entry (b): the first roll enters one checker per die; no continuing."""
    # LT: "Den spelare som börjar ... måste spela in två brickor i sitt första slag, en för
    # vardera tärningen."  3-5 -> 0/3, 0/5 only (not 0/3 3/8).
    pos = "W:0x15 B:0x15 w"
    assert res(LPE, pos, 3, 5) == exp("W:0x13,3,5 B:0x15 b wrolled=1")


def test_long_puff_entry_b_occupied_entry_points_forfeit_no_hit() -> None:
    """long-puff-entry (b): in the first roll a die whose entry point is occupied is forfeited."""
    # LT: "Det är inte tillåtet att slå blottor för spelare som ännu inte spelat alla sina femton
    # brickor. ... Om en tärning placerar en bricka på en tunga som är upptagen av ett band eller en
    # blotta, måste spelaren fåta den tärningen."  Black's first roll 3-5 against White blots on
    # 3 and 5: both forfeited, nothing hit.
    pos = "W:0x13,3,5 B:0x15 b wrolled=1"
    p = only_play(LPE, pos, 3, 5)
    assert p["moves"] == []
    assert sorted(p["forfeited"]) == [3, 5]
    assert canon(p["position"]) == canon("W:0x13,3,5 B:0x15 w brolled=1 wrolled=1")


def test_long_puff_entry_b_no_lower_first_in_first_roll() -> None:
    """long-puff-entry (b): lower-first does not apply in the first roll."""
    # LT: "Spelaren behöver inte flytta för den lägsta först, utan det är tillåtet att spela in en
    # bricka för den tärning som visar högst och fåta den som visar lägst."
    # Black's first roll 3-6: entry 3 holds a White blot -> 3 forfeited; 6 enters.
    pos = "W:0x13,3,5 B:0x15 b wrolled=1"
    p = only_play(LPE, pos, 3, 6)
    assert p["moves"] == ["0/6"]
    assert p["forfeited"] == [3]
    assert canon(p["position"]) == canon("W:0x13,3,5 B:0x14,6 w brolled=1 wrolled=1")


def test_long_puff_entry_b_first_roll_pasch_own_checker_occupies() -> None:
    """long-puff-entry (a)+(b): a first roll 4-4 (first pasch) enters one checker; the second 4
    finds its entry point occupied (by White's own blot) and is forfeited."""
    # LT: first pasch "flyttar bara för ögonen på ovansidan av tärningarna, precis som vid ett
    # vanligt slag" -> 4, 4 only, no re-roll; first roll: a die whose entry point "är upptagen av
    # ett band eller en blotta" is forfeited (any colour).  wpasch counts the pasch.
    pos = "W:0x15 B:0x15 w"
    p = only_play(LPE, pos, 4, 4)
    assert p["moves"] == ["0/4"]
    assert p["forfeited"] == [4]
    assert canon(p["position"]) == canon("W:0x14,4 B:0x15 b wpasch=1 wrolled=1")


@pytest.mark.parametrize(
    "white, rolled, expected, forfeited",
    [
        # first roll: 2 (band on 2) forfeited, 5 enters -- no lower-first (b)
        ("W:0x15", "", "W:0x14,5", [2]),
        # later roll: lower first (c): the 2 cannot enter -> whole roll forfeited
        ("W:0x14,4", " wrolled=1", "W:0x14,4", [2, 5]),
    ],
)
def test_long_puff_entry_c_lower_first_from_second_roll(
    white: str, rolled: str, expected: str, forfeited: list[int]
) -> None:
    """long-puff-entry (c): from the second roll on, the lower die first as usual."""
    # LT: "I alla slag efter det första, måste spelarna som vanligt flytta för den lägsta
    # tärningen först."  Black band on phys 2 (B2).  Roll 2-5.
    pos = f"{white} B:0x13,2x2 w brolled=1{rolled}"
    p = only_play(LPE, pos, 2, 5)
    assert p["forfeited"] == forfeited
    assert canon(p["position"]) == canon(f"{expected} B:0x13,2x2 b brolled=1 wrolled=1")


def test_long_puff_entry_a_first_pasch_only_top_faces_after_first_roll() -> None:
    """long-puff-entry (a)+(e): first pasch 2-2 in the second roll: two 2s only, no re-roll;
    the second 2 may enter or carry on with the checker the first 2 entered."""
    # LT: first pasch "precis som vid ett vanligt slag"; "Det är däremot tillåtet att spela in
    # en bricka i en förflyttning, men bara låta det bli en mellanlandning och istället även göra
    # nästa förflyttning med samma bricka."  Board checkers on 3 and 5 are frozen.
    # Black blots on 1, 6 are not touched.  0/2 then 0/2 | 2/4.
    pos = "W:0x13,3,5 B:0x13,1,6 w brolled=1 wrolled=1"
    assert res(LPE, pos, 2, 2) == exp(
        "W:0x11,2x2,3,5 B:0x13,1,6 b brolled=1 wpasch=1 wrolled=1",
        "W:0x12,3,4,5 B:0x13,1,6 b brolled=1 wpasch=1 wrolled=1",
    )


def test_long_puff_entry_a_later_pasch_as_usual_with_chains() -> None:
    """long-puff-entry (a)+(e): a later pasch is 4x + 4x(7-x) and a re-roll; each die enters a
    checker or carries on the checker moved by the immediately preceding die."""
    # LT: "Övriga pascher behandlas enligt ovan ... två gånger för varje ovasida, två gånger för
    # varje undersida och slår sedan igen"; "Om spelaren flyttar för en pasch annan än sin första
    # kan hen göra fler mellanlandningar och förflyttningar, men när hen väl låter brickan landa för
    # att göra nästa förflyttning med en annan bricka ... så får brickan inte flyttas fram igen".
    # White 3, 6 on the board (frozen), 13 at 0; Black bands on 4 and 7 (Black has 11 at 0).
    # 2-2: each 2 must enter on 2 (continuing 2->4 hits the band) -> four on 2.
    # 5s: the first 5 cannot continue the last 2-checker (2->7 band); so the 5s form runs, each
    # starting with 0/5 and continuing 5->10->15->20: run lengths {4},{3,1},{2,2},{2,1,1},{1,1,1,1}.
    pos = "W:0x13,3,6 B:0x11,4x2,7x2 w brolled=1 wpasch=1 wrolled=1"
    keys = "w brolled=1 streak=1 wpasch=2 wrolled=1"
    b = "B:0x11,4x2,7x2"
    assert res(LPE, pos, 2, 2) == exp(
        f"W:0x8,2x4,3,6,20 {b} {keys}",
        f"W:0x7,2x4,3,5,6,15 {b} {keys}",
        f"W:0x7,2x4,3,6,10x2 {b} {keys}",
        f"W:0x6,2x4,3,5x2,6,10 {b} {keys}",
        f"W:0x5,2x4,3,5x4,6 {b} {keys}",
    )


def test_long_puff_entry_d_blots_unhittable_while_owner_has_checkers_out() -> None:
    """long-puff-entry (d): a player's blots cannot be hit while he still has checkers at 0."""
    # LT: "Så länge en spelare inte har spelat in samtliga sina brickor, kan hens blottor inte
    # slås. Motspelaren får varken landa eller mellanlanda på en tunga där spelaren har en blotta."
    # White 7, 10x14 (all entered); Black blot on 8, band on 13, 12 at 0.  Dice 1-3, lower first:
    #   1: 7->8 forbidden (blot of a player with checkers at 0); 10->11.
    #   then 3: 11->14 | 7->10 (10->13 band)  -> W:7,10x13,14 / W:10x14,11
    pos = "W:7,10x14 B:0x12,8,13x2 w brolled=1 wrolled=1"
    assert res(LPE, pos, 1, 3) == exp(
        "W:7,10x13,14 B:0x12,8,13x2 b brolled=1 wrolled=1",
        "W:10x14,11 B:0x12,8,13x2 b brolled=1 wrolled=1",
    )
    e = explain(LPE, pos, (1, 3), "7/8")
    assert e["legal"] is False
    assert e["source"] == "LT"


def test_long_puff_entry_d_control_blot_hittable_once_all_entered() -> None:
    """long-puff-entry (d) control: with all Black checkers entered the blot on 8 can be hit."""
    # Same as above, Black's 12 waiting checkers now on 20.  7->8* then 8->11 becomes legal.
    # The hit Black, who had all fifteen in, carries bentered=1 from then on.
    pos = "W:7,10x14 B:8,13x2,20x12 w brolled=1 wrolled=1"
    assert res(LPE, pos, 1, 3) == exp(
        "W:10x14,11 B:0,13x2,20x12 b bentered=1 brolled=1 wrolled=1",
        "W:10x14,11 B:8,13x2,20x12 b brolled=1 wrolled=1",
        "W:7,10x13,14 B:8,13x2,20x12 b brolled=1 wrolled=1",
    )


# Black has entered all fifteen once (bentered=1), then had a checker hit: one at 0, a blot on 6.
LPE_REHIT_W = "W:3x2,5x3,8x2,10x2,12x2,14x2,16x2"
LPE_REHIT_B = "B:0,6,11x2,13x2,17x2,18x2,19x2,20x2,21"


@pytest.mark.parametrize(("key", "hittable"), [(" bentered=1", True), ("", False)])
def test_long_puff_entry_d_protection_ends_once_all_fifteen_entered(
    key: str, hittable: bool
) -> None:
    """long-puff-entry (d): the protection lasts until the player has entered all fifteen the
    first time; a checker hit later does not bring it back (bentered=1 records that)."""
    # LT: blots cannot be hit "för spelare som ännu inte spelat alla sina femton brickor".
    # White's 1 (lower die first, 1-3): 3/4, 8/9, 14/15 always; 5/6* hits Black's blot only
    # when Black has already had all fifteen in; 10/11, 12/13, 16/17 are Black bands.
    pos = f"{LPE_REHIT_W} {LPE_REHIT_B} w brolled=1 wentered=1 wrolled=1{key}"
    e = explain(LPE, pos, (1, 3), "5/6*")
    assert e["legal"] is hittable
    if not hittable:
        assert e["rule"] == "long-puff-entry"
    from puffteach import Game

    g = Game(LPE, position=pos)
    g.set_dice(1, 3)
    expected = {"3/4", "8/9", "14/15"} | ({"5/6*"} if hittable else set())
    assert {str(m) for m in g.legal_moves()} == expected


def test_long_puff_entry_d_two_hits_in_one_roll_once_all_entered() -> None:
    """long-puff-entry (d): against a player with all fifteen in, the first hit does not protect
    his other blots for the rest of the roll."""
    # Black has none waiting (so he has entered all fifteen).  White 1-2: 5/6* then 7/9*.
    pos = "W:5,7,10x2,12x3,14x2,15x2,16x2,22,23 B:6,9,11x2,13x2,17x2,18x2,19x2,20x2,21 w"
    keys = "b bentered=1 brolled=1 wrolled=1"  # bentered: Black had all fifteen in when hit
    assert canon(
        f"W:6,9,10x2,12x3,14x2,15x2,16x2,22,23 B:0x2,11x2,13x2,17x2,18x2,19x2,20x2,21 {keys}"
    ) in res(LPE, pos + " brolled=1 wrolled=1", 1, 2)


def test_long_puff_entry_d_entry_on_protected_blot_and_c_lower_first() -> None:
    """long-puff-entry (c)+(d): entry on a protected Black blot is impossible; lower die first."""
    # White's second roll 1-2; Black (13 still at 0) has blots on 1 and 6.  The 1 cannot enter
    # (cannot hit the blot on 1) and must be moved first -> whole roll forfeited.
    pos = "W:0x13,3,5 B:0x13,1,6 w brolled=1 wrolled=1"
    p = only_play(LPE, pos, 1, 2)
    assert p["moves"] == []
    assert p["forfeited"] == [1, 2]
    assert canon(p["position"]) == canon("W:0x13,3,5 B:0x13,1,6 b brolled=1 wrolled=1")


def test_long_puff_entry_e_entered_checker_continues_others_frozen() -> None:
    """long-puff-entry (d)+(e): 2 enters; the 6 cannot enter (protected blot on 6) and board
    checkers 3, 5 are frozen, but the checker just entered may carry on 2->8."""
    # LT: "En spelare som inte har spelat in samtliga sina brickor får inte flytta fram brickor
    # som redan är inspelade på brädet. Det är däremot tillåtet att ta spela in en bricka i en
    # förflyttning, men bara låta det bli en mellanlandning och istället även göra nästa
    # förflyttning med samma bricka."
    pos = "W:0x13,3,5 B:0x13,1,6 w brolled=1 wrolled=1"
    p = only_play(LPE, pos, 2, 6)
    assert p["moves"] == ["0/2", "2/8"]
    assert p["forfeited"] == []
    assert canon(p["position"]) == canon("W:0x12,3,5,8 B:0x13,1,6 b brolled=1 wrolled=1")
    assert explain(LPE, pos, (2, 6), "0/2 3/9")["legal"] is False
    assert explain(LPE, pos, (2, 6), "0/2 2/8")["legal"] is True


@pytest.mark.parametrize(
    "black, expected, forfeited",
    [
        # Black band on 4 only: the entered checker continues 1->5.
        ("B:0x13,4x2", "W:0x12,3,5,9", []),
        # Black bands on 4 and 5: continuing is blocked too; 3->7, 9->13 are frozen -> 4 lost.
        ("B:0x11,4x2,5x2", "W:0x12,1,3,9", [4]),
    ],
)
def test_long_puff_entry_e_frozen_board_checkers(
    black: str, expected: str, forfeited: list[int]
) -> None:
    """long-puff-entry (e): board checkers stay frozen while checkers wait at 0."""
    # White 3, 9 on the board, 13 at 0; dice 1-4 (lower first): 0/1, then the 4 cannot enter on
    # the band at 4.  (e): only the checker entered by the 1 may continue (1->5); 3->7 and 9->13
    # would be free points but those checkers may not move.
    pos = f"W:0x13,3,9 {black} w brolled=1 wrolled=1"
    p = only_play(LPE, pos, 1, 4)
    assert p["forfeited"] == forfeited
    assert canon(p["position"]) == canon(f"{expected} {black} b brolled=1 wrolled=1")


# ============================================================== additional contrasts


@pytest.mark.parametrize(
    "rules, white_before, white_after",
    [
        # Black to move: his entry points B3/B5 are phys 3/5 (long), 22/20 (contrary: 25-p),
        # 10/8 (double-contrary: 13-p).  A White blot on B3's point, a White band on B5's.
        (PI_LONG, "W:3,5x2,20x12", "W:0,5x2,20x12"),
        (PI_CONTRA, "W:10x12,20x2,22", "W:0,10x12,20x2"),
        (PI_DOUBLE, "W:8x2,10,20x12", "W:0,8x2,20x12"),
        (GP, "W:10x12,20x2,22", "W:0,10x12,20x2"),
    ],
)
def test_layout_black_hits_when_entering(rules: str, white_before: str, white_after: str) -> None:
    """Layout mapping from Black's side: Black enters 0/3* on the White blot, the 5 is blocked."""
    # Same derivation as test_layout_hit_when_entering with colours swapped (PI "herausgeworfen",
    # "ein Band ... so kann man nicht setzen"; GP "geschlagen", "nicht gelandet").
    p = only_play(rules, f"{white_before} B:0x15 b", 3, 5)
    assert p["moves"] == ["0/3*"]
    assert p["forfeited"] == [5]
    assert canon(p["position"]) == canon(f"{white_after} B:0x14,3 w")


def test_PI_win_schneider_loser_with_checker_at_zero_is_still_two() -> None:
    """PI-win: PI knows only Schneider (none taken off); no treble for a hit checker."""
    # PI names one bonus only ("so ist derselbe Schneider"); digest PI-win: score 1, Schneider 2.
    # Black has taken off none and has a checker at 0 (LT would score 3 for that).
    pos = "W:23,24,25x13 B:0,19x7,20x7 w"
    outs = _outcomes(PI_CONTRA, pos, 2, 3)
    assert outs
    for o in outs:
        assert (o["winner"], o["kind"], o["points"], o["schneider"]) == ("w", "bearoff", 2, True)


def test_PI_generalpasch_named_later_pasch_moves_double_and_rerolls() -> None:
    """PI generalpasch: the named pasch has "denselben Rechten" -- a later pasch rerolls."""
    # White already had a pasch (wpasch=1).  general=2-4, roll 4-2:
    #   as rolled: enter 2 and 4 -> Black to move
    #   named 1 or 6: 1x4, 6x4; named 2 or 5: 2x4, 5x4; named 3 or 4: 3x4, 4x4; roll again.
    pos = "W:0x15 B:0x15 w general=2-4 wpasch=1"
    assert res(PI_LONG, pos, 4, 2) == exp(
        "W:0x13,2,4 B:0x15 b general=2-4 wpasch=1",
        "W:0x7,1x4,6x4 B:0x15 w general=2-4 streak=1 wpasch=2",
        "W:0x7,2x4,5x4 B:0x15 w general=2-4 streak=1 wpasch=2",
        "W:0x7,3x4,4x4 B:0x15 w general=2-4 streak=1 wpasch=2",
    )


def test_GP_no_maximisation_lower_die_choice_may_lose_the_higher() -> None:
    """GP (as LT P-must): lower die first, any legal lower move may be chosen even if the higher
    die is then lost -- contrast with test_PI_order_must_use_both_when_some_order_does."""
    # GP says only "Die niedrigere Augenzahl muss dabei aber immer zuerst gezogen werden"; the
    # digest keeps LT's P-must (no maximisation) for GP.  Same physical position as the PI test:
    # Black bands on phys 11 (B14) and 15 (B10).  Dice 3, 5; the 3 first:
    #   3->6, then 5: 6->11 band, 10->15 band -> 5 forfeited     -> W:6,10x14
    #   10->13, then 5: 3->8 | 13->18                             -> W:8,10x13,13 / W:3,10x13,18
    pos = "W:3,10x14 B:0x11,10x2,14x2 w"
    got = by_position(GP, pos, 3, 5)
    assert set(got) == exp(
        "W:6,10x14 B:0x11,10x2,14x2 b",
        "W:8,10x13,13 B:0x11,10x2,14x2 b",
        "W:3,10x13,18 B:0x11,10x2,14x2 b",
    )
    assert got[canon("W:6,10x14 B:0x11,10x2,14x2 b")]["forfeited"] == [5]


def test_PI_tower_must_stand_after_whole_roll() -> None:
    """PI tower-goose: a tower made by the first die and broken by the second does not win."""
    # White 9, 10x14, dice 1-3.  9->10 makes 15 on 10, but the 3 must then be moved too (PI must
    # use both; 10->13 is free), so no play ends with 15 on one point; LT's tower-goose: "Spelaren
    # måste uppnå dessa ställningar efter att ha flyttat färdigt för det sista slaget."
    pos = "W:9,10x14 B:0x15 w"
    ps = plays(PI_LONG, pos, 1, 3)
    assert ps
    for p in ps:
        assert p["outcome"] is None
        assert not canon(p["position"]).startswith("W:10x15 ")


def test_PI_order_touch_down_on_blot_hits() -> None:
    """PI-order: the resting point of a two-dice move may hold an enemy blot, which is hit."""
    # PI: the checker must rest "auf einem Dreieck ..., wo sich kein feindliches Band befindet"
    # (a blot is fine) and "Kommt man bei diesem Setzen auf ein Dreieck, wo schon ein feindlicher
    # Stein steht, so wird dieser herausgeworfen".  Long layout: White 3, 10x14; Black blot on 5,
    # bands on 7, 12, 14.  Dice 2, 4: 4 first is impossible (3->7, 10->14 bands); 2 first: 3->5*
    # (10->12 band), then the 4 must be used: 5->9 (10->14 band).  One play.
    pos = "W:3,10x14 B:0x8,5,7x2,12x2,14x2 w"
    p = only_play(PI_LONG, pos, 2, 4)
    assert p["moves"] == ["3/5*", "5/9"]
    assert canon(p["position"]) == canon("W:9,10x14 B:0x9,7x2,12x2,14x2 b")


def test_PI_bearoff_hit_checker_must_come_back_first() -> None:
    """PI-bearoff: a hit checker must be brought back to the fourth quarter before bearing off."""
    # PI: "man darf nicht eher die Steine herausnehmen, bis man sie alle in das vierte Feld
    # gebracht, u. die etwa herausgeworfenen dahin nachgeholt hat".  White 0, 22x2, 12 off; dice
    # 3, 4: one die enters (0/3 or 0/4), the other must move that checker on to 7 (22+3 or 22+4
    # would bear off, not allowed while a checker is on 3/4).
    pos = "W:0,22x2,25x12 B:0x15 w"
    assert res(PI_LONG, pos, 3, 4) == exp("W:7,22x2,25x12 B:0x15 b")


def test_GP_no_fourth_pasch_limit() -> None:
    """GP-pasch: "Nach jedem Pasch wird nochmals gewürfelt" -- no fourth-pasch rule in GP."""
    # A fourth pasch in a row (streak=3) is a full later pasch (3x4, 4x4; nothing can block White
    # here) and White rolls again (streak=4).
    pos = "W:5,10x14 B:0x15 w streak=3 wpasch=4"
    ps = plays(GP, pos, 3, 3)
    assert ps
    for p in ps:
        assert len(p["moves"]) == 8 and p["forfeited"] == []
        assert canon(p["position"]).split()[2:] == ["w", "streak=4", "wpasch=5"]


def test_layout_double_contrary_black_crosses_from_12_to_13() -> None:
    """Double-contrary: Black's path jumps from phys 1 (his 12) to phys 24 (his 13)."""
    # LT Figur 3: Black moves "i fallande nummerordning ... (men med ett hopp i nummerföljden vid
    # tunga 1)"; PI c).  Black to move: B10 (phys 3) runner, B20x14 (phys 17).  White band on
    # phys 1 (= B12) and phys 15 (= B22), blot on phys 22 (= B15), ten on phys 10 (= B3).
    # Dice 2, 5 (PI free order):
    #   2: B10->B12 band, B20->B22 band -> the 2 cannot go first.
    #   5: B10->B15* (phys 22, hits), B20->25 not allowed (not all in the fourth quarter).
    #   then 2: B15->B17 (phys 20, empty); B20->B22 band.  Both dice used -> one play.
    pos = "W:1x2,10x10,15x2,22 B:10,20x14 b"
    p = only_play(PI_DOUBLE, pos, 2, 5)
    assert p["moves"] == ["10/15*", "15/17"]
    assert canon(p["position"]) == canon("W:0,1x2,10x10,15x2 B:17,20x14 w")
