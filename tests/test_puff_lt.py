"""Rule tests for Puff after Lyckans Talisman (LT): presets and LT options.

Presets: `lang-puff`, `kontrar-puff`, `dubbel-kontrar-puff`; options `fourth-pasch`,
`incomplete-pasch-ends-turn`, `generalpasch`, `exact-25`, `tower-goose`.

Every expectation below was worked out by hand from the source
(`shared/sources/000_1c601c2375a23a8a.txt`, "LT"), never copied from engine output. The comment
of each test names the LT section it follows from and shows the derivation.

Physical mapping used to place Black's checkers (LT, Förberedelser, Figur 2 and 3 captions;
"tunga nummer 24 för svart spelare i figur 2 och tunga 12 i figur 3 räknas som tunga nummer 1"):
physical points are White's path numbers; Black's path point p is physical
    lang-puff            p
    kontrar-puff         25 - p
    dubbel-kontrar-puff  13 - p (p <= 12), 37 - p (p >= 13)
so a Black checker standing on physical point q is written, in Black's own numbering, as
    lang q;  kontrar 25 - q;  dubbel 13 - q (q <= 12), 37 - q (q >= 13).
Positions that depend on the layout are given per preset in dicts keyed by preset, each Black
stack translated by hand with these formulas.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import cli, cli_error, explain, plays, results

LANG = "lang-puff"
KONTRAR = "kontrar-puff"
DUBBEL = "dubbel-kontrar-puff"
PRESETS = [LANG, KONTRAR, DUBBEL]

START = "W:0x15 B:0x15 w"

# LT section headings (the explain contract cites them).
SEC_MOVE = "Förflyttningen av brickorna"
SEC_ENTER = "Brickorna måste först spelas in"
SEC_BLOTS = "Blottor och band"
SEC_HOME = "Att spela hem brickorna"


def only(rules: str, position: str, *dice: int) -> dict[str, Any]:
    """The single play of a roll whose outcome is forced (asserts there is exactly one)."""
    ps = plays(rules, position, *dice)
    assert len(ps) == 1, [p["position"] for p in ps]
    return ps[0]


def stacks(position: str) -> str:
    """The two stack fields of a position string (used where the game has ended)."""
    return " ".join(position.split()[:2])


def outcome_core(outcome: dict[str, Any] | None) -> tuple[Any, ...] | None:
    if outcome is None:
        return None
    return (outcome["winner"], outcome["kind"], outcome["points"])


# ---------------------------------------------------------------------------------------------
# P-start (what positions can show): all 15 start at 0; the starter rolls both dice.
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_P_start_first_roll_enters_lower_then_higher(rules: str) -> None:
    """P-start / P-enter: from the start position 3-1 enters on 1, then on 3.

    LT, Förberedelser: all checkers stand beside the first quarter (path point 0).
    LT, Brickorna måste först spelas in: a die enters a checker on the point of its number.
    LT, Förflyttningen av brickorna: the lower die (1) first, then the 3. Black is all at 0,
    so nothing can be hit or blocked: one result, turn passes to Black.
    """
    assert results(rules, START, 3, 1) == {"W:0x13,1,3 B:0x15 b"}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_start_side_to_move_defaults_to_white(rules: str) -> None:
    """P-start: position notation without a side means White to move (design contract)."""
    assert results(rules, "W:0x15 B:0x15", 3, 1) == {"W:0x13,1,3 B:0x15 b"}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_start_black_may_start(rules: str) -> None:
    """P-start: Black won the opening roll; 6-2 enters on Black's 2 and 6 (own numbering).

    LT, Brickorna måste först spelas in: "med numret på den tunga ... avses tungans nummer i
    spelarens färdväg", so the notation is Black's path points 2 and 6 in every layout.
    """
    assert results(rules, "W:0x15 B:0x15 b", 6, 2) == {"W:0x15 B:0x13,2,6 w"}


# ---------------------------------------------------------------------------------------------
# P-order: lower die first; lower unplayable -> whole roll forfeited; higher alone forfeited.
# ---------------------------------------------------------------------------------------------

# White has 14 on 10 and one on 12; Black is off the board (nothing blocks).
ORDER_FREE = "W:10x14,12 B:0x15 w"


def test_P_order_lower_then_higher_any_checker() -> None:
    """P-order: 3-1 on a free board: first a 1 by any checker, then a 3 by the same or another.

    LT, Förflyttningen av brickorna: "först flytta ... den tärning som visar lägst ... sedan ...
    antingen samma bricka som nyss flyttades eller någon annan bricka".
    1 first: 10/11 or 12/13.
      after 10/11 (10x13,11,12): 3 by 10/13 -> 10x12,11,12,13; 11/14 -> 10x13,12,14;
                                 12/15 -> 10x13,11,15
      after 12/13 (10x14,13):    3 by 10/13 -> 10x13,13x2; 13/16 -> 10x14,16
    """
    assert results(LANG, ORDER_FREE, 3, 1) == {
        "W:10x12,11,12,13 B:0x15 b",
        "W:10x13,12,14 B:0x15 b",
        "W:10x13,11,15 B:0x15 b",
        "W:10x13,13x2 B:0x15 b",
        "W:10x14,16 B:0x15 b",
    }


# White 10x15; a Black band on physical 11 (White's 11).
LOWER_BLOCKED = {
    LANG: "W:10x15 B:0x13,11x2 w",
    KONTRAR: "W:10x15 B:0x13,14x2 w",  # 25 - 11 = 14
    DUBBEL: "W:10x15 B:0x13,2x2 w",  # 13 - 11 = 2
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_order_lower_unplayable_forfeits_both(rules: str) -> None:
    """P-order: 1-3; the 1 cannot move (10/11 lands on a band), so the 3 is forfeited too,
    although 10/13 would be possible.

    LT, Förflyttningen av brickorna: "Om spelaren inte kan flytta för den tärning som visar
    lägst ... tvingad att fåta både den tärning som visar lägst och den som visar högst."
    LT, Blottor och band: no landing on an opponent band.
    """
    pos = LOWER_BLOCKED[rules]
    play = only(rules, pos, 3, 1)
    assert play["moves"] == []
    assert play["forfeited"] == [1, 3]
    assert play["position"] == pos[:-1] + "b"


@pytest.mark.parametrize("rules", PRESETS)
def test_P_order_explain_lower_unplayable(rules: str) -> None:
    """P-order: with the 1 unplayable the 3 may not be moved either (10/13 illegal)."""
    e = explain(rules, LOWER_BLOCKED[rules], (1, 3), "10/13")
    assert e["legal"] is False
    assert e["rule"] == "P-order"
    assert e["source"] == "LT"
    assert SEC_MOVE in e["section"]


def test_P_order_explain_higher_first_is_illegal() -> None:
    """P-order: 1-3 on a free board: moving the 3 first is illegal, the 1 first is legal.

    LT, Förflyttningen av brickorna: "måste spelaren ... först flytta ... den tärning som visar
    lägst".
    """
    pos = "W:10x15 B:0x15 w"
    e = explain(LANG, pos, (1, 3), "10/13")
    assert e["legal"] is False
    assert e["rule"] == "P-order"
    assert e["source"] == "LT"
    assert SEC_MOVE in e["section"]
    assert explain(LANG, pos, (1, 3), "10/11")["legal"] is True
    assert explain(LANG, pos, (1, 3), "10/11 10/13")["legal"] is True


# White 10x15; Black bands on physical 13 and 14.
HIGHER_BLOCKED = {
    LANG: "W:10x15 B:0x11,13x2,14x2 w",
    KONTRAR: "W:10x15 B:0x11,11x2,12x2 w",  # 25-13 = 12, 25-14 = 11
    DUBBEL: "W:10x15 B:0x11,23x2,24x2 w",  # 37-13 = 24, 37-14 = 23
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_order_higher_forfeited_alone(rules: str) -> None:
    """P-order: 1-3: the 1 moves 10/11; then the 3 (10/13 or 11/14) lands on a band either way,
    so only the 3 is forfeited.

    LT, Förflyttningen av brickorna: "Om spelaren inte kan flytta för den tärning som visar
    högst, måste hen fåta denna."
    """
    pos = HIGHER_BLOCKED[rules]
    black = pos.split()[1]
    play = only(rules, pos, 1, 3)
    assert play["moves"] == ["10/11"]
    assert play["forfeited"] == [3]
    assert play["position"] == f"W:10x14,11 {black} b"


# ---------------------------------------------------------------------------------------------
# P-must: no lookahead (LT's example of a 3 and a 5).
# ---------------------------------------------------------------------------------------------

# White 10x14 and 14; Black bands on physical 15, 18, 19.
THREE_FIVE = {
    LANG: "W:10x14,14 B:0x9,15x2,18x2,19x2 w",
    KONTRAR: "W:10x14,14 B:0x9,6x2,7x2,10x2 w",  # 25-19, 25-18, 25-15
    DUBBEL: "W:10x14,14 B:0x9,18x2,19x2,22x2 w",  # 37-19, 37-18, 37-15
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_must_three_and_five_without_lookahead(rules: str) -> None:
    """P-must: 3-5; the 3 can be 10/13 (after which every 5 lands on a band: 10/15, 13/18,
    14/19) or 14/17 (after which 17/22 is open). Both 3s are legal; the first forfeits the 5.

    LT, Förflyttningen av brickorna (last paragraph): "Det finns dock inget krav att flytta på
    ett sätt som gör att spelaren kan undvika att fåta ... behöver inte välja den flytt som sedan
    gör det möjligt att flytta för femman."
    """
    pos = THREE_FIVE[rules]
    black = pos.split()[1]
    got = {p["position"]: p["forfeited"] for p in plays(rules, pos, 5, 3)}
    assert got == {
        f"W:10x13,13,14 {black} b": [5],
        f"W:10x14,22 {black} b": [],
    }


@pytest.mark.parametrize("rules", PRESETS)
def test_P_must_explain_three_that_forfeits_five_is_legal(rules: str) -> None:
    """P-must: the 3 played 10/13 is legal though the 5 is then lost (LT's example)."""
    assert explain(rules, THREE_FIVE[rules], (3, 5), "10/13")["legal"] is True


def test_P_must_movable_die_cannot_be_declined() -> None:
    """P-must: a die that can be moved must be moved: no play leaves a movable die unused.

    LT, Förflyttningen av brickorna: "En spelare får inte avstå från att flytta ... Om spelaren
    kan flytta ... måste hen göra det." On the free board every play of 3-1 uses both dice.
    """
    for p in plays(LANG, ORDER_FREE, 3, 1):
        assert p["forfeited"] == []
        assert len(p["moves"]) == 2


# ---------------------------------------------------------------------------------------------
# P-enter
# ---------------------------------------------------------------------------------------------

# White: two at 0, thirteen on 8; Black band on physical 5 (White's entry point for a 5).
ENTER_5_BLOCKED = {
    LANG: "W:0x2,8x13 B:0x13,5x2 w",
    KONTRAR: "W:0x2,8x13 B:0x13,20x2 w",  # 25-5 = 20
    DUBBEL: "W:0x2,8x13 B:0x13,8x2 w",  # 13-5 = 8 (physical 5; White's 8 is Black's 5)
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_enter_die_forfeited_although_board_checkers_could_move(rules: str) -> None:
    """P-enter: 2-5 with two checkers at 0: the 2 enters (0/2); one checker still waits, so
    the 5 must enter on 5, which is a Black band: the 5 is forfeited, although 8/13 or 2/7
    could be played.

    LT, Brickorna måste först spelas in: "Om spelaren inte kan spela in en bricka för den
    tärning hen flyttar för, måste spelaren fåta även om hen skulle kunna flytta andra brickor."
    """
    pos = ENTER_5_BLOCKED[rules]
    black = pos.split()[1]
    play = only(rules, pos, 5, 2)
    assert play["moves"] == ["0/2"]
    assert play["forfeited"] == [5]
    assert play["position"] == f"W:0,2,8x13 {black} b"


@pytest.mark.parametrize("rules", PRESETS)
def test_P_enter_explain_board_move_while_checkers_wait(rules: str) -> None:
    """P-enter: 8/10 with a checker at 0 is illegal (LT, Brickorna måste först spelas in:
    "En spelare får inte flytta någon annan bricka på brädet förrän hen har spelat in samtliga
    brickor")."""
    e = explain(rules, ENTER_5_BLOCKED[rules], (2, 5), "8/10")
    assert e["legal"] is False
    assert e["rule"] == "P-enter"
    assert e["source"] == "LT"
    assert SEC_ENTER in e["section"]


@pytest.mark.parametrize("rules", PRESETS)
def test_P_enter_remaining_die_free_after_last_checker_enters(rules: str) -> None:
    """P-enter: one checker at 0, 2-5: 0/2 enters the last one; the 5 is then free:
    2/7 (the entered checker continues) or 8/13.

    LT, Brickorna måste först spelas in: "När en spelare har spelat in alla sina brickor, kan
    spelaren börja flytta fram brickorna i brädet."
    """
    assert results(rules, "W:0,8x14 B:0x15 w", 2, 5) == {
        "W:7,8x14 B:0x15 b",
        "W:2,8x13,13 B:0x15 b",
    }


@pytest.mark.parametrize("rules", PRESETS)
def test_P_enter_entered_checker_cannot_continue_while_others_wait(rules: str) -> None:
    """P-enter: two at 0, 2-5: 0/2, and since one still waits the 5 must enter (0/5); neither
    2/7 nor 8/13 is allowed.

    LT, Brickorna måste först spelas in: "Så länge en spelare har brickor kvar utanför sitt
    startkvarter, får hen bara utnyttja slagen till att spela in brickor".
    """
    pos = "W:0x2,8x13 B:0x15 w"
    assert results(rules, pos, 2, 5) == {"W:2,5,8x13 B:0x15 b"}
    e = explain(rules, pos, (2, 5), "0/2 2/7")
    assert e["legal"] is False
    assert e["rule"] == "P-enter"


# Black bands on White's entry points 1 and 2 (physical 1 and 2). In kontrar-puff these are
# Black's last two points 24 and 23 (LT, Speltips).
BANDS_ON_WHITE_1_2 = {
    LANG: "W:0x15 B:0x11,1x2,2x2 w",
    KONTRAR: "W:0x15 B:0x11,23x2,24x2 w",  # 25-1 = 24, 25-2 = 23
    DUBBEL: "W:0x15 B:0x11,11x2,12x2 w",  # 13-1 = 12, 13-2 = 11
}

ROLLS_WITH_1_OR_2 = [(a, b) for a in range(1, 7) for b in range(a, 7) if a <= 2 and a != b]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("low,high", ROLLS_WITH_1_OR_2)
def test_P_enter_bands_on_last_two_points_forfeit_rolls_with_1_or_2(
    rules: str, low: int, high: int
) -> None:
    """P-enter + P-order: bands on White's 1 and 2 (in kontrar-puff Black's last two points)
    make every unequal roll containing a 1 or 2 a total forfeit for White, who must enter:
    such a roll's lower die is 1 or 2, its entry point is a band, so both dice are lost.

    LT, Speltips: "Om en spelare till exempel har band på sina två sista tungor, måste
    motspelaren fåta alla slag som innehåller ett eller två när hen spelar in brickor."
    LT, Förflyttningen av brickorna: lower die unplayable -> both forfeited.
    """
    pos = BANDS_ON_WHITE_1_2[rules]
    play = only(rules, pos, high, low)
    assert play["moves"] == []
    assert play["forfeited"] == [low, high]
    assert play["position"] == pos[:-1] + "b"


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("x", [1, 2])
def test_P_enter_bands_on_last_two_points_forfeit_pasch_1_and_2(rules: str, x: int) -> None:
    """P-enter + P-pasch-1: 1-1 and 2-2 (White's first pasch): the first top face cannot enter,
    so the rest, both bottom faces included, is forfeited; the pasch still counts (wpasch=1).

    LT, Speltips (all rolls containing 1 or 2); LT, Förflyttningen av brickorna (first pasch:
    "måste hen fåta både de förflyttningar som inte kan göras för de uppvända sidorna och båda
    förflyttningarna för de nervända sidorna").
    """
    pos = BANDS_ON_WHITE_1_2[rules]
    play = only(rules, pos, x, x)
    assert play["moves"] == []
    assert play["forfeited"] == [x, x, 7 - x, 7 - x]
    assert play["position"] == pos[:-1] + "b wpasch=1"


@pytest.mark.parametrize("rules", PRESETS)
def test_P_enter_bands_on_last_two_points_other_rolls_enter(rules: str) -> None:
    """P-enter: with the same bands, 3-6 enters normally on 3 and 6 (physical 3 and 6 free)."""
    pos = BANDS_ON_WHITE_1_2[rules]
    black = pos.split()[1]
    assert results(rules, pos, 6, 3) == {f"W:0x13,3,6 {black} b"}


# ---------------------------------------------------------------------------------------------
# P-land / P-hit
# ---------------------------------------------------------------------------------------------

# White 10x15; a Black blot on physical 11.
BLOT_ON_11 = {
    LANG: "W:10x15 B:0x14,11 w",
    KONTRAR: "W:10x15 B:0x14,14 w",  # 25-11
    DUBBEL: "W:10x15 B:0x14,2 w",  # 13-11
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_hit_on_touch_down(rules: str) -> None:
    """P-hit: 1-3; the 1 must be 10/11, hitting the blot (a lone Black checker) on 11; the 3 is
    then 11/14 (one checker "tar fullt med en": 10/11*/14, the hit happens at the touch-down)
    or 10/13. The hit checker goes back to 0.

    LT, Förflyttningen av brickorna: taking both dice with one checker is two moves with a
    touch-down on the lower die's point. LT, Blottor och band: "Om en spelare landar eller
    mellanlandar på en tunga där motspelaren har en ensam bricka ... är motspelarens bricka
    slagen och måste börja om från början."
    """
    assert results(rules, BLOT_ON_11[rules], 3, 1) == {
        "W:10x14,14 B:0x15 b",
        "W:10x13,11,13 B:0x15 b",
    }
    assert explain(rules, BLOT_ON_11[rules], (1, 3), "10/11* 11/14")["legal"] is True


# White 10x15; a Black blot on physical 13.
BLOT_ON_13 = {
    LANG: "W:10x15 B:0x14,13 w",
    KONTRAR: "W:10x15 B:0x14,12 w",  # 25-13
    DUBBEL: "W:10x15 B:0x14,24 w",  # 37-13
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_hit_on_landing(rules: str) -> None:
    """P-hit: 1-3; 10/11, then 10/13* hits the blot on 13 (it goes to 0), or 11/14 leaves it.

    LT, Blottor och band: landing on an opponent blot hits it.
    """
    pos = BLOT_ON_13[rules]
    black = pos.split()[1]
    assert results(rules, pos, 1, 3) == {
        "W:10x13,11,13 B:0x15 b",
        f"W:10x14,14 {black} b",
    }


# White 14 on 10 and one on 12; a Black band on physical 11.
BAND_ON_11 = {
    LANG: "W:10x14,12 B:0x13,11x2 w",
    KONTRAR: "W:10x14,12 B:0x13,14x2 w",
    DUBBEL: "W:10x14,12 B:0x13,2x2 w",
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_land_band_blocks_touch_down(rules: str) -> None:
    """P-land: 1-3; the checkers on 10 cannot take the 1 (band on 11), so the 1 is 12/13;
    then the 3: 10/13 or 13/16. No checker may go 10->14, although 13 and 14 are free,
    because with the lower die first it would touch down on 11.

    LT, Förflyttningen av brickorna: "måste mellanlanda på tungan lika många tungor framåt som
    antalet ögon på den tärning som visar lägst"; LT, Blottor och band: "får varken landa eller
    mellanlanda på en tunga där motspelaren har ett band".
    """
    pos = BAND_ON_11[rules]
    black = pos.split()[1]
    assert results(rules, pos, 1, 3) == {
        f"W:10x13,13x2 {black} b",
        f"W:10x14,16 {black} b",
    }


@pytest.mark.parametrize("rules", PRESETS)
def test_P_land_explain_band(rules: str) -> None:
    """P-land: 10/11 onto the band is illegal; the rule cited is P-land (LT, Blottor och band)."""
    e = explain(rules, BAND_ON_11[rules], (1, 3), "10/11")
    assert e["legal"] is False
    assert e["rule"] == "P-land"
    assert e["source"] == "LT"
    assert SEC_BLOTS in e["section"]


# White all at 0; a Black blot on physical 3 and fourteen Black on Black's 20.
ENTER_ON_BLOT = {
    LANG: "W:0x15 B:3,20x14 w",  # Black 20 = physical 20
    KONTRAR: "W:0x15 B:20x14,22 w",  # 25-3 = 22; Black 20 = physical 5
    DUBBEL: "W:0x15 B:10,20x14 w",  # 13-3 = 10; Black 20 = physical 17
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_hit_when_entering(rules: str) -> None:
    """P-hit: 3-4: 0/3* enters onto the Black blot and hits it, then 0/4.

    LT, Blottor och band: "Notera att detta gäller även när en spelare spelar in brickor på
    någon av motspelarens ensamma brickor."
    """
    assert results(rules, ENTER_ON_BLOT[rules], 4, 3) == {"W:0x13,3,4 B:0,20x14 b"}


def test_P_hit_lang_puff_black_enters_on_white_blot() -> None:
    """P-hit (lang-puff only: both enter the same quarter): Black 1-5 enters 0/1, then 0/5*
    onto White's blot on (physical and Black's) 5, which goes back to 0.

    LT, Förberedelser: in lång puff both players' checkers stand beside the same quarter and run
    the same path. LT, Blottor och band: entering onto a blot hits it.
    """
    assert results(LANG, "W:0x14,5 B:0x15 b", 5, 1) == {"W:0x15 B:0x13,1,5 w"}
    # In kontrar-puff Black's 5 is physical 20: no contact.
    assert results(KONTRAR, "W:0x14,5 B:0x15 b", 5, 1) == {"W:0x14,5 B:0x13,1,5 w"}


# Black: one hit checker at 0, fourteen on 17; a White band on Black's entry point 2.
HIT_MUST_REENTER = {
    LANG: "W:2x2,10x13 B:0,17x14 b",  # Black 2 = physical 2
    KONTRAR: "W:10x13,23x2 B:0,17x14 b",  # Black 2 = physical 23; Black 17 = physical 8
    DUBBEL: "W:10x13,11x2 B:0,17x14 b",  # Black 2 = physical 11; Black 17 = physical 20
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_hit_hit_checker_must_reenter_first(rules: str) -> None:
    """P-hit: Black has a hit checker at 0; 2-5: the 2 must re-enter it on Black's 2, a White
    band: the whole roll is forfeited, although 17/19 and 17/22 are open.

    LT, Blottor och band: "En spelare som har en slagen bricka utanför brädet får inte flytta
    fram någon annan bricka förrän den slagna brickan åter kommit i spel. Det görs ingen
    skillnad ..." and lower die unplayable -> both forfeited (Förflyttningen av brickorna).
    """
    pos = HIT_MUST_REENTER[rules]
    play = only(rules, pos, 5, 2)
    assert play["moves"] == []
    assert play["forfeited"] == [2, 5]
    assert play["position"] == pos[:-1] + "w"


# ---------------------------------------------------------------------------------------------
# P-pasch-1
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_1_two_fives_then_two_twos(rules: str) -> None:
    """P-pasch-1: the first pasch 5-5 from the start: two fives, then two twos (the bottom
    faces), all entering; no further roll; wpasch counts it.

    LT, Förflyttningen av brickorna: "En spelare som till exempel slår två femmor flyttar först
    för två femmor sedan för två tvåor." The order of moves is forced (entering).
    """
    play = only(rules, START, 5, 5)
    assert play["moves"] == ["0/5", "0/5", "0/2", "0/2"]
    assert play["forfeited"] == []
    assert play["position"] == "W:0x11,2x2,5x2 B:0x15 b wpasch=1"


def test_P_pasch_1_each_step_by_any_checker() -> None:
    """P-pasch-1: 5-5 (first pasch) = 5, 5, 2, 2 with movers on 1 and 3 (the 23s cannot move:
    no bearing off while 1 and 3 are out, and 23+5 is beyond 24). Each step may take either
    checker, so checker A on 1 gets a fives and b twos (a, b in 0..2), B the rest:
    A = 1+5a+2b, B = 3+5(2-a)+2(2-b), giving {1,17} {3,15} {5,13} {6,12} {8,10} {7,11}.

    LT, Förflyttningen av brickorna: "får spelaren vid varje förflyttning välja mellan att
    flytta nya brickor eller brickor som redan tidigare har förflyttats".
    """
    got = results(LANG, "W:1,3,23x13 B:0x15 w", 5, 5)
    assert got == {
        f"W:{a},{b},23x13 B:0x15 b wpasch=1"
        for a, b in [(1, 17), (3, 15), (5, 13), (6, 12), (8, 10), (7, 11)]
    }


# White one on 10, fourteen on 22; a Black band on physical 20.
PASCH1_SECOND_TOP_FAILS = {
    LANG: "W:10,22x14 B:0x13,20x2 w",
    KONTRAR: "W:10,22x14 B:0x13,5x2 w",  # 25-20
    DUBBEL: "W:10,22x14 B:0x13,17x2 w",  # 37-20
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_1_second_top_face_fails_forfeits_rest(rules: str) -> None:
    """P-pasch-1: 5-5: first 5 is 10/15 (22+5 is beyond 24); second 5: 15/20 is a band and the
    22s cannot move 5: forfeited, and with it both 2s, though 15/17 and 22/24 would be open.

    LT, Förflyttningen av brickorna: "Om spelaren inte kan flytta för båda tärningarnas
    uppvända sidor, måste hen fåta både de förflyttningar som inte kan göras för de uppvända
    sidorna och båda förflyttningarna för de nervända sidorna."
    """
    pos = PASCH1_SECOND_TOP_FAILS[rules]
    black = pos.split()[1]
    play = only(rules, pos, 5, 5)
    assert play["moves"] == ["10/15"]
    assert play["forfeited"] == [5, 2, 2]
    assert play["position"] == f"W:15,22x14 {black} b wpasch=1"


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_1_explain_bottom_face_after_failed_top(rules: str) -> None:
    """P-pasch-1: after 10/15 the second five is lost, so 22/24 (a two) is not allowed."""
    e = explain(rules, PASCH1_SECOND_TOP_FAILS[rules], (5, 5), "10/15 22/24")
    assert e["legal"] is False
    assert e["rule"] == "P-pasch-1"
    assert e["source"] == "LT"


# White one on 10, fourteen on 22; a Black band on physical 15.
PASCH1_FIRST_TOP_FAILS = {
    LANG: "W:10,22x14 B:0x13,15x2 w",
    KONTRAR: "W:10,22x14 B:0x13,10x2 w",  # 25-15
    DUBBEL: "W:10,22x14 B:0x13,22x2 w",  # 37-15
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_1_first_top_face_fails_forfeits_all(rules: str) -> None:
    """P-pasch-1: 5-5: 10/15 is a band, 22+5 beyond 24: the first 5 fails, so everything is
    forfeited (5, 5, 2, 2) although 10/12 and 22/24 would be possible. Same LT sentence."""
    pos = PASCH1_FIRST_TOP_FAILS[rules]
    play = only(rules, pos, 5, 5)
    assert play["moves"] == []
    assert play["forfeited"] == [5, 5, 2, 2]
    assert play["position"] == pos[:-1] + "b wpasch=1"


# White one on 1, fourteen on 23; a Black band on physical 15.
PASCH1_BOTTOM_FAILS = {
    LANG: "W:1,23x14 B:0x13,15x2 w",
    KONTRAR: "W:1,23x14 B:0x13,10x2 w",
    DUBBEL: "W:1,23x14 B:0x13,22x2 w",
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_1_bottom_face_fails_only_it_is_forfeited(rules: str) -> None:
    """P-pasch-1: 3-3 = 3, 3, 4, 4; only the checker on 1 can move (23+3, 23+4 beyond 24; no
    bearing off with 1 outside the fourth quarter): 1/4, 4/7, 7/11, then 11/15 is a band: only
    that last 4 is forfeited.

    LT, Förflyttningen av brickorna: "Om spelaren kan flytta för de uppvända sidorna men inte
    för de båda nervända sidorna, fåtar hen de förflyttningar som inte kan göras."
    """
    pos = PASCH1_BOTTOM_FAILS[rules]
    black = pos.split()[1]
    play = only(rules, pos, 3, 3)
    assert play["moves"] == ["1/4", "4/7", "7/11"]
    assert play["forfeited"] == [4]
    assert play["position"] == f"W:11,23x14 {black} b wpasch=1"


# ---------------------------------------------------------------------------------------------
# P-pasch-n
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_n_five_five_from_zero_enters_eight_and_rolls_again(rules: str) -> None:
    """P-pasch-n (digest section 7): White already had a pasch, all at 0, rolls 5-5: four enter
    on 5, four on 2, and White rolls again (same side to move, streak=1, wpasch=2).

    LT, Förflyttningen av brickorna: "flyttar spelaren två gånger för de uppvända sidorna av
    tärningarna och två gånger för de nervända ... Spelaren slår sedan ännu en gång."
    """
    play = only(rules, "W:0x15 B:0x15 w wpasch=1", 5, 5)
    assert play["moves"] == ["0/5"] * 4 + ["0/2"] * 4
    assert play["forfeited"] == []
    assert play["position"] == "W:0x7,2x4,5x4 B:0x15 w streak=1 wpasch=2"


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_n_black_later_pasch(rules: str) -> None:
    """P-pasch-n for Black: bpasch=2 and 3-3 from all at 0: four on 3, four on 4, Black again."""
    assert results(rules, "W:0x15 B:0x15 b bpasch=2", 3, 3) == {
        "W:0x15 B:0x7,3x4,4x4 b bpasch=3 streak=1"
    }


# White all at 0; Black band on physical 5.
LATER_PASCH_ALL_FORFEITED = {
    LANG: "W:0x15 B:0x13,5x2 w wpasch=1",
    KONTRAR: "W:0x15 B:0x13,20x2 w wpasch=1",
    DUBBEL: "W:0x15 B:0x13,8x2 w wpasch=1",
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_n_all_forfeited_still_rolls_again(rules: str) -> None:
    """P-pasch-n: later pasch 5-5; the first 5 cannot enter (band on 5): all eight moves are
    forfeited, yet White rolls again.

    LT, Förflyttningen av brickorna: "Om spelaren inte kan göra alla fyra förflyttningarna för
    de uppvända sidorna, måste hen fåta ... alla förflyttningarna för de nervända sidorna ...
    Spelaren slår sedan ännu en gång. Notera att detta görs även om hen har fåtat delar av eller
    hela slaget."
    """
    pos = LATER_PASCH_ALL_FORFEITED[rules]
    black = pos.split()[1]
    play = only(rules, pos, 5, 5)
    assert play["moves"] == []
    assert play["forfeited"] == [5, 5, 5, 5, 2, 2, 2, 2]
    assert play["position"] == f"W:0x15 {black} w streak=1 wpasch=2"


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_n_second_top_face_fails(rules: str) -> None:
    """P-pasch-n: later 5-5 with one mover on 10 (band on physical 20): 10/15, then 15/20 is
    blocked: the three remaining fives and all four twos are forfeited; White rolls again."""
    pos = PASCH1_SECOND_TOP_FAILS[rules][:-1] + "w wpasch=1"
    black = pos.split()[1]
    play = only(rules, pos, 5, 5)
    assert play["moves"] == ["10/15"]
    assert play["forfeited"] == [5, 5, 5, 2, 2, 2, 2]
    assert play["position"] == f"W:15,22x14 {black} w streak=1 wpasch=2"


# White one on 1, fourteen on 24; a Black band on physical 21.
LATER_PASCH_BOTTOM_FAILS = {
    LANG: "W:1,24x14 B:0x13,21x2 w wpasch=1",
    KONTRAR: "W:1,24x14 B:0x13,4x2 w wpasch=1",  # 25-21
    DUBBEL: "W:1,24x14 B:0x13,16x2 w wpasch=1",  # 37-21
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_pasch_n_bottom_faces_forfeited_individually(rules: str) -> None:
    """P-pasch-n: later 3-3 = 3x4 then 4x4 with one mover on 1 (the 24s cannot move: no bearing
    off while it is outside the fourth quarter): 1/4/7/10/13, 13/17, then 17/21 is a band: the
    last three fours are forfeited; White rolls again.

    LT, Förflyttningen av brickorna: "Om spelaren kan flytta alla fyra gångerna för de uppvända
    sidorna men inte alla fyra gångerna för de nervända sidorna, fåtar hen de förflyttningar som
    inte kan göras. Spelaren slår sedan ännu en gång."
    """
    pos = LATER_PASCH_BOTTOM_FAILS[rules]
    black = pos.split()[1]
    play = only(rules, pos, 3, 3)
    assert play["moves"] == ["1/4", "4/7", "7/10", "10/13", "13/17"]
    assert play["forfeited"] == [4, 4, 4]
    assert play["position"] == f"W:17,24x14 {black} w streak=1 wpasch=2"


def test_P_pasch_n_further_pasch_in_a_row() -> None:
    """P-pasch-n: a second pasch in a row (streak=1) is again x4 + (7-x)x4 and another roll.

    LT: "Om tärningarna visar lika igen, flyttar spelaren två gånger ... och slår ännu en gång.
    Samma procedur upprepas för varje ytterligare pasch i rad."
    """
    assert results(LANG, "W:0x15 B:0x15 w streak=1 wpasch=2", 1, 1) == {
        "W:0x7,1x4,6x4 B:0x15 w streak=2 wpasch=3"
    }


def test_P_pasch_n_unequal_roll_after_pasch_ends_turn() -> None:
    """P-pasch-n: after pasches, an unequal roll is moved as usual and the turn passes.

    LT: "Om tärningarna visar olika, flyttar spelaren som vanligt." 2-3 enters on 2 and 3.
    """
    assert results(LANG, "W:0x7,1x4,6x4 B:0x15 w streak=2 wpasch=3", 3, 2) == {
        "W:0x5,1x4,2,3,6x4 B:0x15 b wpasch=3"
    }


def test_P_pasch_n_fourth_in_a_row_without_option_is_ordinary() -> None:
    """P-pasch-n without `fourth-pasch`: the 4th pasch in a row (streak=3) is a later pasch like
    any other: 5x4, 2x4, roll again (LT: "Samma procedur upprepas för varje ytterligare pasch")."""
    assert results(LANG, "W:0x15 B:0x15 w streak=3 wpasch=4", 5, 5) == {
        "W:0x7,2x4,5x4 B:0x15 w streak=4 wpasch=5"
    }


# ---------------------------------------------------------------------------------------------
# Option fourth-pasch
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_fourth_pasch_moves_top_faces_once_and_ends_turn(rules: str) -> None:
    """fourth-pasch: streak=3 and 5-5: only 5, 5 (two checkers enter on 5), no bottom faces,
    no further roll.

    LT, Förflyttningen av brickorna, "Variant: Om spelaren på tur slår pasch fyra gånger i rad,
    får hen den fjärde gången bara flytta en gång var för varje uppvänd sida ... och får inte slå
    igen".
    """
    assert results(rules + "+fourth-pasch", "W:0x15 B:0x15 w streak=3 wpasch=4", 5, 5) == {
        "W:0x13,5x2 B:0x15 b wpasch=5"
    }


def test_fourth_pasch_third_in_a_row_still_full() -> None:
    """fourth-pasch: streak=2 (this is the 3rd pasch in a row): still x4 + (7-x)x4 and again."""
    assert results(LANG + "+fourth-pasch", "W:0x15 B:0x15 w streak=2 wpasch=3", 5, 5) == {
        "W:0x7,2x4,5x4 B:0x15 w streak=3 wpasch=4"
    }


# ---------------------------------------------------------------------------------------------
# Option incomplete-pasch-ends-turn
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_incomplete_pasch_all_forfeited_ends_turn(rules: str) -> None:
    """incomplete-pasch-ends-turn: later 5-5 wholly forfeited (band on the entry point 5):
    no further roll, the turn passes (still counted: wpasch=2).

    LT, Förflyttningen av brickorna, "Variant: En spelare som inte lyckas göra alla fyra
    förflyttningarna för både ovasidan och undersidan ... vid en pasch får inte slå igen."
    """
    pos = LATER_PASCH_ALL_FORFEITED[rules]
    black = pos.split()[1]
    play = only(rules + "+incomplete-pasch-ends-turn", pos, 5, 5)
    assert play["forfeited"] == [5, 5, 5, 5, 2, 2, 2, 2]
    assert play["position"] == f"W:0x15 {black} b wpasch=2"


@pytest.mark.parametrize("rules", PRESETS)
def test_incomplete_pasch_bottom_face_forfeited_ends_turn(rules: str) -> None:
    """incomplete-pasch-ends-turn: later 3-3, the last three fours forfeited (see
    test_P_pasch_n_bottom_faces_forfeited_individually): no re-roll."""
    pos = LATER_PASCH_BOTTOM_FAILS[rules]
    black = pos.split()[1]
    play = only(rules + "+incomplete-pasch-ends-turn", pos, 3, 3)
    assert play["forfeited"] == [4, 4, 4]
    assert play["position"] == f"W:17,24x14 {black} b wpasch=2"


def test_incomplete_pasch_streak_cleared() -> None:
    """incomplete-pasch-ends-turn: a 3rd pasch in a row that is forfeited ends the turn too."""
    pos = "W:0x15 B:0x13,5x2 w streak=2 wpasch=3"
    assert results(LANG + "+incomplete-pasch-ends-turn", pos, 5, 5) == {
        "W:0x15 B:0x13,5x2 b wpasch=4"
    }


def test_incomplete_pasch_complete_pasch_still_rolls_again() -> None:
    """incomplete-pasch-ends-turn: a later pasch moved in full still earns the roll."""
    assert results(LANG + "+incomplete-pasch-ends-turn", "W:0x15 B:0x15 w wpasch=1", 5, 5) == {
        "W:0x7,2x4,5x4 B:0x15 w streak=1 wpasch=2"
    }


# ---------------------------------------------------------------------------------------------
# Option generalpasch
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", PRESETS)
def test_generalpasch_first_pasch_named(rules: str) -> None:
    """generalpasch: general=2-4, White has no pasch yet, all at 0, rolls 4-2. White may play
    the roll as it is (enter on 2 and 4) or name any pasch 1..6, played as a first pasch
    (x, x, 7-x, 7-x, no further roll): 1-1 and 6-6 both give 1x2 + 6x2, 2-2/5-5 give 2x2 + 5x2,
    3-3/4-4 give 3x2 + 4x2.

    LT, Förflyttningen av brickorna, "Variant: ... En spelare som slår generalpasch i det
    fortsatta spelet får ange valfri pasch ... Den valda paschen behandlas precis som om
    spelaren hade slagit den på vanligt sätt."
    """
    got = results(rules + "+generalpasch", "W:0x15 B:0x15 w general=2-4", 4, 2)
    assert got == {
        "W:0x13,2,4 B:0x15 b general=2-4",
        "W:0x11,1x2,6x2 B:0x15 b general=2-4 wpasch=1",
        "W:0x11,2x2,5x2 B:0x15 b general=2-4 wpasch=1",
        "W:0x11,3x2,4x2 B:0x15 b general=2-4 wpasch=1",
    }


@pytest.mark.parametrize("rules", PRESETS)
def test_generalpasch_later_pasch_named_rolls_again(rules: str) -> None:
    """generalpasch: as above but White already had a pasch: a named pasch is a later pasch
    (x4, (7-x)x4, roll again). LT: "Om spelaren till exempel redan har slagit en pasch i
    partiet, flyttar hen dubbelt och slår igen." The plain roll passes the turn."""
    got = results(rules + "+generalpasch", "W:0x15 B:0x15 w general=2-4 wpasch=1", 2, 4)
    assert got == {
        "W:0x13,2,4 B:0x15 b general=2-4 wpasch=1",
        "W:0x7,1x4,6x4 B:0x15 w general=2-4 streak=1 wpasch=2",
        "W:0x7,2x4,5x4 B:0x15 w general=2-4 streak=1 wpasch=2",
        "W:0x7,3x4,4x4 B:0x15 w general=2-4 streak=1 wpasch=2",
    }


def test_generalpasch_black() -> None:
    """generalpasch for Black with bpasch=1: general=1-2 rolled; named pasches are later ones."""
    got = results(LANG + "+generalpasch", "W:0x15 B:0x15 b bpasch=1 general=1-2", 1, 2)
    assert got == {
        "W:0x15 B:0x13,1,2 w bpasch=1 general=1-2",
        "W:0x15 B:0x7,1x4,6x4 b bpasch=2 general=1-2 streak=1",
        "W:0x15 B:0x7,2x4,5x4 b bpasch=2 general=1-2 streak=1",
        "W:0x15 B:0x7,3x4,4x4 b bpasch=2 general=1-2 streak=1",
    }


def test_generalpasch_other_combination_is_plain() -> None:
    """generalpasch: a roll other than the general combination (3-4 vs 2-4) is only itself."""
    assert results(LANG + "+generalpasch", "W:0x15 B:0x15 w general=2-4", 4, 3) == {
        "W:0x13,3,4 B:0x15 b general=2-4"
    }


def test_generalpasch_without_option_is_plain_roll() -> None:
    """Without the option 4-2 is an ordinary roll (the general key is not even accepted)."""
    assert results(LANG, START, 4, 2) == {"W:0x13,2,4 B:0x15 b"}


# ---------------------------------------------------------------------------------------------
# P-bearoff and exact-25
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("opt", ["", "+exact-25"])
def test_P_bearoff_not_before_all_in_fourth_quarter(opt: str) -> None:
    """P-bearoff: 1-2 with one checker on 10 and fourteen on 24: the 24s may not bear off (not
    all in the fourth quarter), so 10/11 and 11/13.

    LT, Att spela hem brickorna: "När en spelare har samlat alla sina brickor i det fjärde och
    sista kvarteret, får spelaren börja ta ut"; the exact-25 variant keeps that condition
    ("under förutsättning att alla spelarens brickor är samlade i det fjärde kvarteret").
    """
    assert results(LANG + opt, "W:10,24x14 B:0x15 w", 1, 2) == {"W:13,24x14 B:0x15 b"}


@pytest.mark.parametrize("opt", ["", "+exact-25"])
def test_P_bearoff_hit_checker_blocks_bearing_off(opt: str) -> None:
    """P-bearoff: White had begun bearing off (13 off) and a checker was hit (at 0). 1-3: the 1
    must enter it (0/1); then 22/off with the 3 is not allowed until it is back in the fourth
    quarter, so the 3 is 1/4.

    LT, Att spela hem brickorna: "Om en eller flera brickor slås för en spelare som har börjat
    spela hem sina brickor, får inga fler brickor spelas hem förrän den eller de slagna brickorna
    återbördats till det fjärde kvarteret."
    """
    assert results(LANG + opt, "W:0,22,25x13 B:0x15 w", 3, 1) == {"W:4,22,25x13 B:0x15 b"}


def test_P_bearoff_explain_hit_checker_blocks() -> None:
    """P-bearoff: 0/1 then 22/off is illegal; the rule cited is P-bearoff."""
    e = explain(LANG, "W:0,22,25x13 B:0x15 w", (1, 3), "0/1 22/off")
    assert e["legal"] is False
    assert e["rule"] == "P-bearoff"
    assert e["source"] == "LT"
    assert SEC_HOME in e["section"]


def test_P_bearoff_larger_die_takes_rearmost() -> None:
    """P-bearoff: 5-6 with 20, 22, 22: the 5 takes 20 off (20 + 5 reaches past 24); 22 + 5 would
    also, but 22 is not the rearmost. Then the 6 takes a 22 (rearmost, tied) off.

    LT, Att spela hem brickorna: "En bricka spelas hem om den flyttas för en tärning som visar
    fler ögon än vad som behövs för att placera den på den sista tungan ... bara tillåtet ...
    om den ligger sist eller på delad sistaplats".

    Bearing off is compulsory here (the only play): once the rearmost checker can go off with
    a die, every other checker would overshoot too, so no move within the quarter exists and
    P-must leaves no choice.
    """
    play = only(LANG, "W:20,22x2,25x12 B:0x15 w", 6, 5)
    assert play["moves"] == ["20/off", "22/off"]
    assert play["position"] == "W:22,25x14 B:0x15 b"


BEAROFF_REARMOST = "W:19,23,24x2,25x11 B:0x15 w"


def test_P_bearoff_only_rearmost() -> None:
    """P-bearoff: 2-6 with 19, 23, 24, 24: the 2 cannot take 23 off (not rearmost) nor move it
    within the quarter (23 + 2 = 25), so the 2 is 19/21; then the 6 takes the rearmost, 21, off.

    LT, Att spela hem brickorna: only the rearmost may go off; "En spelare som inte kan spela
    hem den sista brickan ... måste flytta fram en bricka inom det fjärde kvarteret".
    """
    assert results(LANG, BEAROFF_REARMOST, 6, 2) == {"W:23,24x2,25x12 B:0x15 b"}
    e = explain(LANG, BEAROFF_REARMOST, (2, 6), "23/off")
    assert e["legal"] is False
    assert e["rule"] == "P-bearoff"


def test_exact_25_any_checker_with_exact_die() -> None:
    """exact-25: 2-6 as above; now 23/off with the 2 (exactly to the imagined 25th point) is
    also allowed, beside 19/21; after 23/off the 6 takes the rearmost 19 off (19 + 6 = 25).
    This is also the one case where bearing off is a choice (not compulsory): the 2 may move
    19/21 within the quarter instead.

    LT, Att spela hem brickorna, "Variant: Det är också tillåtet att spela hem en bricka, om den
    tärning ... visar exakt så många ögon som behövs för att placera brickan på en tänkt
    tjugofemte tunga ... oavsett brickans placering i förhållande till spelaren övriga brickor".
    """
    assert results(LANG + "+exact-25", BEAROFF_REARMOST, 6, 2) == {
        "W:23,24x2,25x12 B:0x15 b",
        "W:24x2,25x13 B:0x15 b",
    }
    assert explain(LANG + "+exact-25", BEAROFF_REARMOST, (2, 6), "23/off")["legal"] is True


@pytest.mark.parametrize("opt", ["", "+exact-25"])
def test_P_bearoff_die_moves_within_quarter(opt: str) -> None:
    """P-bearoff: 2-3 with 19, 19 and thirteen on 24: the 2 is 19/21 (24 + 2 would go off but
    24 is not rearmost); the 3 cannot take the rearmost 19 off (19 + 3 = 22) so it moves within
    the quarter: 19/22 or 21/24. No die is exact for 24 (needs 1), 21 (4) or 19 (6).

    LT, Att spela hem brickorna: "måste flytta fram en bricka inom det fjärde kvarteret, men får
    inte lämna det."
    """
    assert results(LANG + opt, "W:19x2,24x13 B:0x15 w", 3, 2) == {
        "W:21,22,24x13 B:0x15 b",
        "W:19,24x14 B:0x15 b",
    }


# White 19, 19, 24x13; a Black band on physical 21.
BEAROFF_LOWER_BLOCKED = {
    LANG: "W:19x2,24x13 B:0x13,21x2 w",
    KONTRAR: "W:19x2,24x13 B:0x13,4x2 w",  # 25-21
    DUBBEL: "W:19x2,24x13 B:0x13,16x2 w",  # 37-21
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_bearoff_lower_die_blocked_forfeits_roll(rules: str) -> None:
    """P-bearoff + P-order: 2-3: the 2 can only be 19/21 (24s are not rearmost), a band: the
    whole roll is forfeited, although 19/22 with the 3 would be possible."""
    pos = BEAROFF_LOWER_BLOCKED[rules]
    play = only(rules, pos, 3, 2)
    assert play["forfeited"] == [2, 3]
    assert play["position"] == pos[:-1] + "b"


# White 19, 24x14; a Black band on physical 22.
BEAROFF_HIGHER_BLOCKED = {
    LANG: "W:19,24x14 B:0x13,22x2 w",
    KONTRAR: "W:19,24x14 B:0x13,3x2 w",  # 25-22
    DUBBEL: "W:19,24x14 B:0x13,15x2 w",  # 37-22
}


@pytest.mark.parametrize("rules", PRESETS)
def test_P_bearoff_neither_off_nor_within_forfeits_die(rules: str) -> None:
    """P-bearoff: 1-2: the 1 is 19/20; the 2 cannot take the rearmost 20 off (needs 5) and
    20/22 is a band; the 24s are not rearmost: the 2 is forfeited.

    LT, Att spela hem brickorna: "Om det heller inte går på grund av motspelarens band, måste
    spelaren fåta."
    """
    pos = BEAROFF_HIGHER_BLOCKED[rules]
    black = pos.split()[1]
    play = only(rules, pos, 2, 1)
    assert play["moves"] == ["19/20"]
    assert play["forfeited"] == [2]
    assert play["position"] == f"W:20,24x14 {black} b"


def test_P_bearoff_last_checker_arrives_then_bears_off() -> None:
    """P-bearoff: 3-4 with 18 and fourteen on 22: the 3 must be 18/21 (22 + 3 would go off, not
    allowed with 18 outside); now all are in the fourth quarter and the 4 takes the rearmost,
    21, off (21 + 4 = 25); the 22s cannot go off with it (not rearmost)."""
    play = only(LANG, "W:18,22x14 B:0x15 w", 4, 3)
    assert play["moves"] == ["18/21", "21/off"]
    assert play["position"] == "W:22x14,25 B:0x15 b"


# ---------------------------------------------------------------------------------------------
# P-win
# ---------------------------------------------------------------------------------------------

WHITE_LAST_TWO = "W:24x2,25x13"  # 1-2: 24/off, 24/off (24 is rearmost, tied)

# Black stacks in Black's own numbering; none of them is on physical 24 in any layout
# (Black 3 -> 3/22/10, 6 -> 6/19/7, 7 -> 7/18/6, 20 -> 20/5/17 in lang/kontrar/dubbel).
WIN_CASES = [
    ("B:20x5,25x10", 1, False),  # nothing in Black's first quarter, nothing at 0
    ("B:7,20x4,25x10", 1, False),  # Black 7 is in his second quarter
    ("B:6,20x4,25x10", 2, True),  # Black 6: still in his first quarter -> schneider
    ("B:3,20x4,25x10", 2, True),
    ("B:0,20x4,25x10", 3, True),  # a hit checker -> treble
    ("B:0,3,20x3,25x10", 3, True),  # treble takes precedence over schneider
]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("black,points,schneider", WIN_CASES)
def test_P_win_scoring(rules: str, black: str, points: int, schneider: bool) -> None:
    """P-win: White bears off the last two checkers (1-2) and wins: 1; 2 (schneider) if Black
    still has a checker in his first quarter (1-6); 3 if Black has a checker hit (at 0).

    LT, Att spela hem brickorna: "Den spelare som först spelar hem alla sina brickor har vunnit
    ... Om motspelaren ... fortfarande har minst en bricka kvar i sitt första kvarter, har hen
    blivit schneider ... räknas dubbelt. Om motspelaren har en eller flera brickor slagna, vinner
    spelaren trefalt."
    """
    play = only(rules, f"{WHITE_LAST_TWO} {black} w", 2, 1)
    assert stacks(play["position"]) == f"W:25x15 {black}"
    assert play["outcome"] == {
        "winner": "w",
        "kind": "bearoff",
        "points": points,
        "munk": False,
        "schneider": schneider,
        "pissmunk": False,
    }


@pytest.mark.parametrize("rules", PRESETS)
def test_P_win_black_wins_with_schneider(rules: str) -> None:
    """P-win for Black: Black bears off his last two (24, 24 with 1-2); White still has a
    checker on his 2 (first quarter): schneider, 2 points. Black 24 is physical 24/1/13, White's
    2 and 10 are free of it in every layout."""
    play = only(rules, "W:2,10x14 B:24x2,25x13 b", 1, 2)
    assert stacks(play["position"]) == "W:2,10x14 B:25x15"
    assert play["outcome"] == {
        "winner": "b",
        "kind": "bearoff",
        "points": 2,
        "munk": False,
        "schneider": True,
        "pissmunk": False,
    }


def test_P_win_no_outcome_before_last_checker() -> None:
    """P-win: bearing off 14 of 15 is no win (outcome null)."""
    for p in plays(LANG, "W:20,22x2,25x12 B:0x15 w", 5, 6):
        assert p["outcome"] is None


# ---------------------------------------------------------------------------------------------
# Option tower-goose
# ---------------------------------------------------------------------------------------------

TOWER_POS = "W:17,20x14 B:0x15 w"
# 1-2: the 1 is 17/18 or 20/21 (no bearing off: 17 outside the fourth quarter);
#   17/18 then 18/20 -> 20x15 (tower) or 20/22 -> 18,20x13,22
#   20/21 then 17/19 -> 19,20x13,21; 20/22 -> 17,20x12,21,22; 21/23 -> 17,20x13,23
TOWER_OTHERS = {
    "W:18,20x13,22 B:0x15 b",
    "W:19,20x13,21 B:0x15 b",
    "W:17,20x12,21,22 B:0x15 b",
    "W:17,20x13,23 B:0x15 b",
}


def test_tower_goose_tower_wins_four() -> None:
    """tower-goose: 17/18/20 puts all 15 on 20: a tower, won fourfold.

    LT, Att spela hem brickorna, "Variant: En spelare som samlar alla sina brickor på en enda
    tunga har gjort ett torn och vinner fyrfalt. Det spelar ingen roll vilken tunga det är."
    """
    ps = plays(LANG + "+tower-goose", TOWER_POS, 1, 2)
    wins = [p for p in ps if p["outcome"] is not None]
    assert len(wins) == 1
    assert stacks(wins[0]["position"]) == "W:20x15 B:0x15"
    assert outcome_core(wins[0]["outcome"]) == ("w", "tower", 4)
    assert {p["position"] for p in ps if p["outcome"] is None} == TOWER_OTHERS


def test_tower_goose_off_tower_is_no_win() -> None:
    """Without tower-goose the same play is an ordinary position (no outcome)."""
    ps = plays(LANG, TOWER_POS, 1, 2)
    assert all(p["outcome"] is None for p in ps)
    assert {p["position"] for p in ps} == TOWER_OTHERS | {"W:20x15 B:0x15 b"}


def test_tower_goose_pattern_must_stand_after_whole_roll() -> None:
    """tower-goose: 19 and 20x14, 1-2: 19/20 makes a tower after the first die, but the 2 must
    then be moved (20/22, within the fourth quarter): no win. Other plays: 20/21 then 19/21,
    20/22 or 21/23. No play wins.

    LT, Att spela hem brickorna, Variant: "Om spelaren uppnår ställningen när hen har flyttat för
    en del av slaget men sedan raserar den när hen flyttar för resten, räknas det inte som vinst."
    """
    ps = plays(LANG + "+tower-goose", "W:19,20x14 B:0x15 w", 1, 2)
    assert all(p["outcome"] is None for p in ps)
    assert {p["position"] for p in ps} == {
        "W:20x14,22 B:0x15 b",
        "W:20x13,21x2 B:0x15 b",
        "W:19,20x12,21,22 B:0x15 b",
        "W:19,20x13,23 B:0x15 b",
    }


GOOSE_POS = "W:1,2,3,4,5,6,7,8,9,10,11,12x2,13,14 B:0x15 w"
GOOSE = "W:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 B:0x15"


def test_tower_goose_goose_march_wins_three() -> None:
    """tower-goose: 1..14 with two on 12; 1-2: 12/13/15 (or 14/15, 12/14) leaves one checker on
    each of 1..15: a goose march, won threefold. 15 consecutive single points hold pip sum
    15s + 105 = 117 + 3, so s = 1: it is the only goose reachable.

    LT, Att spela hem brickorna, Variant: "En spelare som placerar alla sina brickor i en lång
    rad av femton på varandra följande tungor har gjort en gåsmarsch och vinner trefalt."
    """
    ps = plays(LANG + "+tower-goose", GOOSE_POS, 1, 2)
    wins = [p for p in ps if p["outcome"] is not None]
    assert len(wins) == 1
    assert stacks(wins[0]["position"]) == GOOSE
    assert outcome_core(wins[0]["outcome"]) == ("w", "goose", 3)
    assert f"{GOOSE} b" in {p["position"] for p in plays(LANG, GOOSE_POS, 1, 2)}


# ---------------------------------------------------------------------------------------------
# Notation and CLI errors
# ---------------------------------------------------------------------------------------------


def _plays_error(rules: str, position: str, *dice: str) -> str:
    return cli_error("plays", "--rules", rules, "--position", position, "--dice", *dice)


def test_notation_error_fourteen_checkers() -> None:
    msg = _plays_error(KONTRAR, "W:0x14 B:0x15 w", "3", "4")
    assert "15" in msg or "14" in msg


def test_notation_error_unknown_key() -> None:
    assert "foo" in _plays_error(KONTRAR, "W:0x15 B:0x15 w foo=1", "3", "4")


def test_notation_error_point_26() -> None:
    assert "26" in _plays_error(KONTRAR, "W:0x14,26 B:0x15 w", "3", "4")


@pytest.mark.parametrize(
    "position",
    ["W0x15 B:0x15 w", "W:0x15 B:0x15 x", "W:0y15 B:0x15 w", "W:0x15 w", "W:0x15 B:0x15 w streak"],
)
def test_notation_error_bad_syntax(position: str) -> None:
    assert _plays_error(KONTRAR, position, "3", "4")


# Same physical point in the given layout (White's 20 / White's 5 against Black's number).
CLASHES = [
    (LANG, "W:0x14,5 B:0x14,5 w"),  # long: Black p = physical p
    (KONTRAR, "W:0x14,20 B:0x14,5 w"),  # Black 5 = physical 20
    (DUBBEL, "W:0x14,20 B:0x14,17 w"),  # Black 17 = physical 37-17 = 20
    (DUBBEL, "W:0x14,5 B:0x14,8 w"),  # Black 8 = physical 13-8 = 5
]


@pytest.mark.parametrize("rules,position", CLASHES)
def test_notation_error_both_colours_on_one_point(rules: str, position: str) -> None:
    assert _plays_error(rules, position, "3", "4")


NO_CLASHES = [
    (LANG, "W:0x14,20 B:0x14,5 w"),
    (KONTRAR, "W:0x14,5 B:0x14,5 w"),  # Black 5 = physical 20
    (DUBBEL, "W:0x14,20 B:0x14,5 w"),  # Black 5 = physical 8
    (KONTRAR, "W:0x14,25 B:0x14,25 w"),  # borne off and waiting checkers are on no point
]


@pytest.mark.parametrize("rules,position", NO_CLASHES)
def test_notation_same_numbers_other_points_are_fine(rules: str, position: str) -> None:
    """The same path numbers on different physical points are a valid position."""
    assert results(rules, position, 3, 4)


def test_cli_error_unknown_preset_names_valid_ones() -> None:
    msg = _plays_error("puff-ohne-regeln", START, "3", "4")
    for name in PRESETS:
        assert name in msg


def test_cli_error_unknown_code_names_options() -> None:
    msg = _plays_error(KONTRAR + "+no-such-code", START, "3", "4")
    assert "generalpasch" in msg


def test_cli_error_brade_code_on_puff_preset() -> None:
    assert "8b" in _plays_error(KONTRAR + "+8b", START, "3", "4")


@pytest.mark.parametrize("dice", [("7", "3"), ("0", "3"), ("3", "x")])
def test_cli_error_bad_dice(dice: tuple[str, str]) -> None:
    assert _plays_error(KONTRAR, START, *dice)


def test_notation_error_general_key_without_generalpasch() -> None:
    """CONTRIBUTING: a key the rule set does not use is rejected."""
    assert "general" in _plays_error(KONTRAR, "W:0x15 B:0x15 w general=2-4", "3", "4")


def test_rules_alias_with_diacritics() -> None:
    """design.md: `konträr-puff` is an accepted alias of `kontrar-puff`."""
    assert results("konträr-puff", START, 3, 1) == results(KONTRAR, START, 3, 1)


def test_cli_plays_echoes_rules_and_dice() -> None:
    out = cli("plays", "--rules", KONTRAR, "--position", START, "--dice", "5", "5")
    assert out["rules"] == KONTRAR
    assert out["dice"] == [5, 5]
    assert [p["position"] for p in out["plays"]] == ["W:0x11,2x2,5x2 B:0x15 b wpasch=1"]
