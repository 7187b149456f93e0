"""Bräde: the Behrens–Helmfrid family rules (BH), the standard rules and every numbered variant
of "Regelvarianter för bräde" (RV 1a-26e), as data on :class:`RuleSet`.

A code changes fields of the preset; codes of one paragraph replace each other
(``brade-standard+8b`` replaces 8a). The combination RV forbids (8d with 7) is rejected with the
reason; those it only advises against (10 or 19 with 7, 8d or 9) are accepted and noted.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from ..errors import DiceError, LocalizedError
from ..messages import Message
from .base import RuleFields, RuleSet, RuleSetError
from .ids import Rule, register

BH_SEC = {
    "start": "Förberedelser",
    "move": "Förflyttning av brickor",
    "band": "Band och blottor",
    "hit": "Att slå blottor … spela in dem igen",
    "wall": "Band kan normalt inte slås",
    "home": "Vinstsätt: Hemspel",
    "beauty": "Vinstsätt: Vackert spel",
    "munk": "Vinstsätt: Munk",
    "jan": "Vinstsätt: Jan",
    "sjan": "Vinstsätt: Sprängjan",
    "match": "Matcher",
}

register(
    Rule(
        "B-start",
        "BH",
        BH_SEC["start"],
        "all fifteen checkers start on the player's home, his point 1",
    ),
    Rule(
        "B-tek",
        "BH",
        BH_SEC["start"],
        "each player rolls one die (tekar); the lower starts, equal dice roll again",
    ),
    Rule(
        "B-dice",
        "BH",
        BH_SEC["move"],
        "the dice may be moved in either order, as many pips as possible; if only one die can "
        "be used, the higher when either could be; an alla is moved four times",
    ),
    Rule(
        "B-noband",
        "BH",
        BH_SEC["band"],
        "no band on your points 2-11; bands may stand on the buk (12) and on 13-24",
    ),
    Rule(
        "B-hit",
        "BH",
        BH_SEC["hit"],
        "landing or touching down on an opponent blot hits it; a player with hit checkers "
        "moves nothing else until all are back in play",
    ),
    Rule(
        "B-enter",
        "BH",
        BH_SEC["hit"],
        "a hit checker enters on the point of the die's number in the first quarter, if it "
        "is empty or holds an opponent blot, never onto your own checkers",
    ),
    Rule(
        "B-burst-entry",
        "BH",
        BH_SEC["hit"],
        "when all six points of the first quarter hold own checkers or opponent bands, an "
        "entering checker may burst an opponent band there",
    ),
    Rule(
        "B-burst-wall",
        "BH",
        BH_SEC["wall"],
        "six or more opponent bands in a row may be burst by landing or touching down on them",
    ),
    Rule(
        "B-land",
        "BH",
        BH_SEC["wall"],
        "no landing or touching down on an opponent band (unless it may be burst)",
    ),
    Rule(
        "B-last-checker",
        "BH",
        BH_SEC["home"],
        "a player with only one checker left to bear off may never burst",
    ),
    Rule(
        "B-bearoff",
        "BH",
        BH_SEC["home"],
        "bearing off needs all checkers in the fourth quarter; the home counts as point 25 "
        "and a checker goes there only with the exact number",
    ),
    Rule("B-win-home", "BH", BH_SEC["home"], "bearing off the last checker wins (hemspel)"),
    Rule(
        "B-beautiful",
        "BH",
        BH_SEC["beauty"],
        "a pattern in the fourth quarter wins (vackert spel) if no pips remain to be used",
    ),
    Rule(
        "B-one-die",
        "BH",
        BH_SEC["beauty"],
        "a player one move of at most six from a beautiful pattern may roll one die, then "
        "must roll one die for two more rolls",
    ),
    Rule(
        "B-munk",
        "BH",
        BH_SEC["munk"],
        "a hemspel or beautiful win while the loser has hit checkers is won with munk",
    ),
    Rule(
        "B-jan",
        "BH",
        BH_SEC["jan"],
        "the loser is jan when he has more checkers to enter than free points in his first "
        "quarter; the roll is first moved in full",
    ),
    Rule(
        "B-sprangjan",
        "BH",
        BH_SEC["sjan"],
        "a jan completed by bursting a band is sprängjan and wins at once",
    ),
    Rule("B-score", "BH", BH_SEC["match"], "every won game counts the same"),
)

_RV_SECTIONS = {
    1: "Tekning",
    2: "Spelöppningen",
    3: "Spelöppningen",
    4: "Att slippa bli jan",
    5: "Sprängning av band",
    6: "Sprängning av band",
    7: "Sprängning av hukbandet",
    8: "Hemspelet",
    9: "Hemspelet",
    10: "Hemspelet",
    11: "Extra slag efter partiet",
    12: "Extra slag efter partiet",
    13: "Extra slag efter partiet",
    14: "Vackra spel",
    15: "Vackra spel",
    16: "Vackra spel",
    17: "Vackra spel",
    18: "Vackra spel",
    19: "Vackra spel",
    20: "Munk och jan",
    21: "Munk och jan",
    22: "Munk och jan",
    23: "Ropa ut slagen",
    24: "Sista slaget",
    25: "Slå om",
    26: "Poängskala",
}

#: code -> (summary, field changes)
CODES: Final[dict[str, tuple[str, RuleFields]]] = {
    "1a": ("in a match the loser of a game starts the next", RuleFields(match_start="1a")),
    "1b": ("in a match the players tek again for every game", RuleFields(match_start="1b")),
    "1c": (
        "in a match the first roll alternates between the players",
        RuleFields(match_start="1c"),
    ),
    "2a": (
        "a first roll of 6-6 may put six checkers on point 7 as one burstable band",
        RuleFields(opening_six="2a"),
    ),
    "2b": (
        "as 2a; an answering six-out sends the first six back home",
        RuleFields(opening_six="2b"),
    ),
    "2c": ("as 2b, for as long as 6-6 answers 6-6", RuleFields(opening_six="2c")),
    # RV 2a's two local forms (no letter of their own in RV): named codes beside 2a-2c
    "2a-kvartaner": (
        "as 2a, also for a first 4-4: six checkers on point 5 (some circles)",
        RuleFields(six_out_kvartaner=True),
    ),
    "2a-island": (
        "the Icelandic form of 2a: a first 6-6 puts four checkers on point 7",
        RuleFields(six_out_count=4),
    ),
    "3": ("no band before five blots have left the home", RuleFields(five_blots=True)),
    "4a": (
        "a player who never had a band in his 3rd/4th quarter nor the janblotta out may "
        "resign for a hemspel's points",
        RuleFields(resign="4a"),
    ),
    "4b": ("resigning is not allowed", RuleFields(resign="4b")),
    "4c": (
        "no resigning, but a jan made before the victim had a band in his 3rd/4th quarter "
        "scores as a hemspel",
        RuleFields(resign="4c"),
    ),
    "5a": (
        "an entering checker bursts if more checkers wait than free points in the first quarter",
        RuleFields(burst_entry="5a"),
    ),
    # RV 5a read strictly (no letter of its own in RV): a named reading beside 5a
    "5a-strict": (
        "as 5a, counting only empty points as free (an opponent blot's point is not)",
        RuleFields(burst_entry_strict=True),
    ),
    "5b": (
        "an entering checker bursts when all six first-quarter points hold own checkers "
        "or opponent bands",
        RuleFields(burst_entry="5b"),
    ),
    "6a": ("more than five bands in a row are allowed but may be burst", RuleFields(wall="6a")),
    "6b": (
        "six bands in a row may not be made; a die that would force it is forfeited",
        RuleFields(wall="6b"),
    ),
    "7": (
        "a band on the huk may be burst once the opponent has all checkers in his fourth quarter",
        RuleFields(huk_burst=True),
    ),
    "8a": (
        "any checker may be borne off, reducing a larger die, using as many pips as possible",
        RuleFields(bearoff="8a"),
    ),
    "8b": (
        "only the rearmost checker may be borne off, reducing allowed",
        RuleFields(bearoff="8b"),
    ),
    "8c": ("only exact bear-off; a larger die is forfeited", RuleFields(bearoff="8c")),
    "8d": (
        "exact bear-off only while the opponent holds his huk, else 8a",
        RuleFields(bearoff="8d"),
    ),
    "9": (
        "the bear-off may not begin until every checker in the fourth quarter stands in a band",
        RuleFields(bear_bands_only=True),
    ),
    "10": (
        "no bear-off while the opponent holds a band on his huk",
        RuleFields(huk_blocks_bearoff=True),
    ),
    "11": (
        "after the starter's hemspel without munk the opponent has one roll to draw",
        RuleFields(after_game=(11,)),
    ),
    "12": (
        "after a hemspel the loser has three rolls to make a beautiful pattern",
        RuleFields(after_game=(12,)),
    ),
    "13": (
        "after a beautiful win the loser has three rolls to make a higher one",
        RuleFields(after_game=(13,)),
    ),
    "14a": (
        "a beautiful pattern counts only after the roll is moved with the most pips",
        RuleFields(beautiful="14a"),
    ),
    "14b": ("a beautiful pattern counts as soon as it stands", RuleFields(beautiful="14b")),
    "15a": (
        "the one-die rule: a three-roll series of one die towards a beautiful pattern",
        RuleFields(one_die="15a"),
    ),
    "15b": (
        "as 15a; a second series binds the player to one die for the rest of the game",
        RuleFields(one_die="15b"),
    ),
    "16": (
        "triangel 5-4-3-2-1 on points 24-20 is a beautiful play",
        RuleFields(patterns=("triangel",)),
    ),
    "17": ("9-5-1 on points 24-22 is a beautiful play", RuleFields(patterns=("nio-fem-ett",))),
    "18": (
        "kejsarspel is a beautiful play valued as uppspel",
        RuleFields(patterns=("kejsarspel",)),
    ),
    "19": (
        "while the opponent holds his huk, patterns may stand one point further back",
        RuleFields(shifted_patterns=True),
    ),
    "20": ("one munk point per opponent checker waiting to enter", RuleFields(munk_graded=True)),
    "21": (
        "one extra jan point per checker beyond what the opponent can enter",
        RuleFields(jan_graded=True),
    ),
    "22": (
        "hitting a blot and bearing off the last checker in one roll is pissmunk",
        RuleFields(pissmunk=True),
    ),
    "23": ("every roll is called out by its traditional name", RuleFields(roll_names=True)),
    "24a": ("jan or sprängjan wins as soon as one die makes it", RuleFields(jan_when="24a")),
    "24b": (
        "jan and sprängjan win only after the whole roll is moved with the most pips",
        RuleFields(jan_when="24b", sprangjan_now=False),
    ),
    "25": (
        "once per game a player may refuse his roll and roll again",
        RuleFields(reroll_once=True),
    ),
    "26a": ("points: Regler för bräde 2005", RuleFields(points="26a")),
    "26b": ("points: Lyckans Talisman 1818", RuleFields(points="26b")),
    "26c": ("points: Illustrerad spelbok 1888", RuleFields(points="26c")),
    "26d": ("points: Vasamuseets vänner 1999", RuleFields(points="26d")),
    "26e": ("points: Fars brädspel 2003", RuleFields(points="26e")),
}

BASE_PATTERNS = ("enkelt-kronspel", "dubbelt-kronspel", "trappspel", "uppspel")
_COMMON = RuleFields(
    family="brade",
    layout="brade",
    start_point=1,
    opening="lower",
    dice_order="free",
    maximise=True,
    higher_die=True,
    enter_own=False,
    first_pasch="four",
    later_pasch="four",
    pasch_reroll="never",
    noband=(2, 11),
    scoring="brade",
    ids=(
        ("start", "B-start"),
        ("dice", "B-dice"),
        ("order", "B-dice"),
        ("must", "B-dice"),
        ("enter", "B-enter"),
        ("land", "B-land"),
        ("hit", "B-hit"),
        ("bearoff", "B-bearoff"),
        ("win", "B-win-home"),
        ("noband", "B-noband"),
        ("pasch-1", "B-dice"),
        ("pasch-n", "B-dice"),
    ),
)

#: the a-rules of RV (Regler för bräde)
STANDARD_CODES = ("1a", "2a", "4a", "5a", "6a", "8a", "14a", "15a", "24a", "26a")

PRESETS: Final[dict[str, RuleFields]] = {
    "brade-family": RuleFields(
        **_COMMON,
        source="BH",
        title="bräde, Behrens–Helmfrid family rules",
        burst_entry="5b",
        wall="6a",
        bearoff="8c",
        beautiful="14a",
        one_die="15a",
        jan_when="24b",
        points="bh",
        match_start="1a",
        resign="4b",
        patterns=(*BASE_PATTERNS, "kejsarspel"),
    ),
    "brade-standard": RuleFields(
        **_COMMON,
        source="RV",
        title="bräde, standard rules (Regler för bräde)",
        burst_entry="5a",
        wall="6a",
        bearoff="8a",
        beautiful="14a",
        one_die="15a",
        jan_when="24a",
        points="26a",
        match_start="1a",
        resign="4a",
        patterns=BASE_PATTERNS,
        opening_six="2a",
    ),
}
_VASA: RuleFields = {
    **PRESETS["brade-standard"],
    "title": "bräde, Vasamuseets brädspelsvänner",
    "resign": "4b",
    "bearoff": "8b",
    "beautiful": "14b",
    "points": "26d",
}
PRESETS["vasamuseet"] = _VASA
#: the code in force for each paragraph the preset decides (BH's choices for the family)
PRESET_CODES: Final[dict[str, tuple[str, ...]]] = {
    "brade-family": ("1a", "4b", "5b", "6a", "8c", "14a", "15a", "18", "24b"),
    "brade-standard": STANDARD_CODES,
    "vasamuseet": ("1a", "2a", "4b", "5a", "6a", "8b", "14b", "15a", "24a", "26d"),
}

#: combinations RV forbids: rejected
_MISFITS: Final[dict[frozenset[str], Message]] = {
    frozenset({"8d", "7"}): Message.of("error.rules.misfit.8d_7"),
}
#: combinations RV only advises against (RV 10: "lämpligen inte", RV 19: "bör inte"):
#: accepted, and named in ``describe`` (the ``rules`` command) as advice
ADVICE: Final[dict[frozenset[str], str]] = {
    frozenset({a, b}): f"RV {a} advises against combining {a} with {b}; accepted"
    for a in ("10", "19")
    for b in ("7", "8d", "9")
}


def advice(rs: RuleSet) -> list[str]:
    """RV's advice against combinations of codes in force in ``rs`` (not errors)."""
    eff = set(effective_codes(rs).values())
    return [why for pair, why in ADVICE.items() if pair <= eff]


def paragraph(code: str) -> int:
    """The RV paragraph of a code: ``8b`` -> 8, ``2a-island`` -> 2."""
    digits = re.match(r"\d+", code)
    if digits is None:
        raise LocalizedError("error.rules.not_a_code", got=repr(code))
    return int(digits.group())


for _code, (_summary, _) in CODES.items():
    _para = paragraph(_code)
    register(Rule(f"RV-{_code}", "RV", f"{_para}. {_RV_SECTIONS[_para]}", _summary))


def slot(code: str) -> str:
    """Codes in one slot replace each other: a paragraph's letters; a named local form stands
    beside them (``2a-island`` adds to 2a, 2b or 2c)."""
    return code if "-" in code else str(paragraph(code))


def build(preset: str, values: RuleFields, codes: list[str]) -> RuleSet:

    chosen: dict[str, str] = {}
    for code in codes:
        if code not in CODES:
            raise RuleSetError(
                "error.rules.code" if code[:1].isdigit() else "error.rules.puff_option",
                got=repr(code),
            )
        chosen[slot(code)] = code  # same paragraph: the later code replaces the earlier
    effective = {slot(c): c for c in PRESET_CODES[preset]}
    effective.update(chosen)
    eff = set(effective.values())
    for pair, why in _MISFITS.items():
        if pair <= eff:
            a, b = sorted(pair, key=paragraph)
            raise RuleSetError("error.rules.misfit", a=a, b=b, why=why)
    patterns = list(values.get("patterns", ()))
    after_game = set(values.get("after_game", ()))
    for code in sorted(chosen.values(), key=paragraph):
        changes = RuleFields(**CODES[code][1])
        patterns.extend(p for p in changes.pop("patterns", ()) if p not in patterns)
        after_game.update(changes.pop("after_game", ()))
        values.update(changes)
    values["after_game"] = tuple(sorted(after_game))
    values["patterns"] = tuple(patterns)
    if values.get("opening_six", "none") == "none" and {"2a-kvartaner", "2a-island"} & set(
        chosen.values()
    ):
        raise RuleSetError("error.rules.form_of_2a")
    if values.get("burst_entry") != "5a" and "5a-strict" in chosen.values():
        raise RuleSetError("error.rules.strict_5a", burst=str(values.get("burst_entry")))
    codes_out = tuple(
        c
        for c in sorted(chosen.values(), key=lambda c: (paragraph(c), c))
        if c not in PRESET_CODES[preset] or _changes_preset(preset, c)
    )
    name = "+".join([preset, *codes_out])
    return RuleSet(name=name, preset=preset, codes=codes_out, **values)


def _changes_preset(preset: str, code: str) -> bool:
    """Does ``code`` set a field to another value than the preset has (``brade-family+24b``:
    RV 24b delays sprängjan too, where BH lets it win at once)? Then the name keeps it."""

    base = PRESETS[preset]
    defaults = {f.name: f.default for f in dataclasses.fields(RuleSet)}
    changes = CODES[code][1]
    return any(
        k not in ("patterns", "after_game") and base.get(k, defaults.get(k)) != v
        for k, v in changes.items()
    )


def effective_codes(rs: RuleSet) -> dict[str, str]:
    """Slot (paragraph) -> code in force (the a-rules for the standard, BH's choices for the
    family, then the rule set's own codes)."""
    out = {slot(c): c for c in PRESET_CODES.get(rs.preset, ())}
    out.update({slot(c): c for c in rs.codes})
    return out


ROLL_NAMES: Final[dict[tuple[int, int], str]] = {
    (6, 6): "sexor all",
    (5, 5): "sinkor all",
    (4, 4): "kvartaner",
    (3, 3): "trallor all",
    (2, 2): "dusena par",
    (1, 1): "essena par",
    (6, 5): "sextiofem",
    (6, 4): "sextiofyra",
    (6, 3): "sextiotre",
    (6, 2): "sextiotvå",
    (6, 1): "sex ess",
    (5, 4): "sinka fyra",
    (5, 3): "sinka tre",
    (5, 2): "sinka dus",
    (5, 1): "sinka ess",
    (4, 3): "kvart tre",
    (4, 2): "kvart dus",
    (4, 1): "kvart ess",
    (3, 2): "troja dus",
    (3, 1): "tress ess",
    (2, 1): "dus ess",
}


def roll_name(a: int, b: int) -> str:
    """The traditional name of a roll (RV 23), e.g. ``roll_name(5, 4) == 'sinka fyra'``."""
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise DiceError("error.die_pair", a=a, b=b)
    return ROLL_NAMES[(max(a, b), min(a, b))]


#: RV 26 points tables; b's empty cells (its source knew only hemspel, uppspel, jan and
#: sprängjan) are read as a hemspel's single point and no munk bonus.
POINTS: Final[dict[str, dict[str, int]]] = {
    "bh": dict(hemspel=1, uppspel=1, trappspel=1, kronspel=1, munk=0, jan=1, sprangjan=1),
    "26a": dict(hemspel=1, uppspel=1, trappspel=1, kronspel=1, munk=1, jan=2, sprangjan=4),
    "26b": dict(hemspel=1, uppspel=2, trappspel=1, kronspel=1, munk=0, jan=2, sprangjan=2),
    "26c": dict(hemspel=1, uppspel=2, trappspel=1, kronspel=1, munk=0, jan=2, sprangjan=2),
    "26d": dict(hemspel=1, uppspel=2, trappspel=2, kronspel=2, munk=1, jan=4, sprangjan=6),
    "26e": dict(hemspel=1, uppspel=4, trappspel=2, kronspel=2, munk=0, jan=2, sprangjan=4),
}
#: outcome kind -> the points-table row it is valued as
VALUED_AS: Final[dict[str, str]] = {
    "hemspel": "hemspel",
    "uppspel": "uppspel",
    "kejsarspel": "uppspel",
    "trappspel": "trappspel",
    "enkelt-kronspel": "kronspel",
    "dubbelt-kronspel": "kronspel",
    "triangel": "trappspel",
    "nio-fem-ett": "trappspel",
    "jan": "jan",
    "sprangjan": "sprangjan",
}
#: beautiful patterns on points 20-24 (index 0 = point 20)
PATTERNS: Final[dict[str, tuple[int, int, int, int, int]]] = {
    "enkelt-kronspel": (3, 3, 3, 3, 3),
    "dubbelt-kronspel": (0, 0, 5, 5, 5),
    "trappspel": (0, 0, 3, 5, 7),
    "uppspel": (0, 0, 0, 0, 15),
    "triangel": (1, 2, 3, 4, 5),
    "nio-fem-ett": (0, 0, 1, 5, 9),
}
#: RV 13's ranking of beautiful plays, highest first
RANK: Final = ("uppspel", "trappspel", "dubbelt-kronspel", "enkelt-kronspel")
