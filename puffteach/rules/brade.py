"""Bräde: the Behrens–Helmfrid family rules (BH), the standard rules and every numbered variant
of "Regelvarianter för bräde" (RV 1a-26e), as data on :class:`BradeRules`.

A code changes fields of the preset; codes of one paragraph replace each other
(``brade-standard+8b`` replaces 8a). The combination RV forbids (8d with 7) is rejected with the
reason; those it only advises against (10 or 19 with 7, 8d or 9) are accepted and noted.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from ..errors import DiceError, LocalizedError
from ..messages import Message, catalogue, text
from .base import BradeFields, BradeRules, Pattern, RuleSet, RuleSetError
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
    Rule("B-start", "BH", BH_SEC["start"]),
    Rule("B-tek", "BH", BH_SEC["start"]),
    Rule("B-dice", "BH", BH_SEC["move"]),
    Rule("B-noband", "BH", BH_SEC["band"]),
    Rule("B-hit", "BH", BH_SEC["hit"]),
    Rule("B-enter", "BH", BH_SEC["hit"]),
    Rule("B-burst-entry", "BH", BH_SEC["hit"]),
    Rule("B-burst-wall", "BH", BH_SEC["wall"]),
    Rule("B-land", "BH", BH_SEC["wall"]),
    Rule("B-last-checker", "BH", BH_SEC["home"]),
    Rule("B-bearoff", "BH", BH_SEC["home"]),
    Rule("B-win-home", "BH", BH_SEC["home"]),
    Rule("B-beautiful", "BH", BH_SEC["beauty"]),
    Rule("B-one-die", "BH", BH_SEC["beauty"]),
    Rule("B-munk", "BH", BH_SEC["munk"]),
    Rule("B-jan", "BH", BH_SEC["jan"]),
    Rule("B-sprangjan", "BH", BH_SEC["sjan"]),
    Rule("B-score", "BH", BH_SEC["match"]),
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

#: code -> field changes (what each code means: the catalogue's ``rule.RV-<code>``)
_CODE_FIELDS: Final[dict[str, BradeFields]] = {
    "1a": BradeFields(match_start="1a"),
    "1b": BradeFields(match_start="1b"),
    "1c": BradeFields(match_start="1c"),
    "2a": BradeFields(opening_six="2a"),
    "2b": BradeFields(opening_six="2b"),
    "2c": BradeFields(opening_six="2c"),
    # RV 2a's two local forms (no letter of their own in RV): named codes beside 2a-2c
    "2a-kvartaner": BradeFields(six_out_kvartaner=True),
    "2a-island": BradeFields(six_out_count=4),
    "3": BradeFields(five_blots=True),
    "4a": BradeFields(resign="4a"),
    "4b": BradeFields(resign="4b"),
    "4c": BradeFields(resign="4c"),
    "5a": BradeFields(burst_entry="5a"),
    # RV 5a read strictly (no letter of its own in RV): a named reading beside 5a
    "5a-strict": BradeFields(burst_entry_strict=True),
    "5b": BradeFields(burst_entry="5b"),
    "6a": BradeFields(wall="6a"),
    "6b": BradeFields(wall="6b"),
    "7": BradeFields(huk_burst=True),
    "8a": BradeFields(bearoff="8a"),
    "8b": BradeFields(bearoff="8b"),
    "8c": BradeFields(bearoff="8c"),
    "8d": BradeFields(bearoff="8d"),
    "9": BradeFields(bear_bands_only=True),
    "10": BradeFields(huk_blocks_bearoff=True),
    "11": BradeFields(after_game=(11,)),
    "12": BradeFields(after_game=(12,)),
    "13": BradeFields(after_game=(13,)),
    "14a": BradeFields(beautiful="14a"),
    "14b": BradeFields(beautiful="14b"),
    "15a": BradeFields(one_die="15a"),
    "15b": BradeFields(one_die="15b"),
    "16": BradeFields(patterns=("triangel",)),
    "17": BradeFields(patterns=("nio-fem-ett",)),
    "18": BradeFields(patterns=("kejsarspel",)),
    "19": BradeFields(shifted_patterns=True),
    "20": BradeFields(munk_graded=True),
    "21": BradeFields(jan_graded=True),
    "22": BradeFields(pissmunk=True),
    "23": BradeFields(roll_names=True),
    "24a": BradeFields(jan_when="24a"),
    "24b": BradeFields(jan_when="24b", sprangjan_now=False),
    "25": BradeFields(reroll_once=True),
    "26a": BradeFields(points="26a"),
    "26b": BradeFields(points="26b"),
    "26c": BradeFields(points="26c"),
    "26d": BradeFields(points="26d"),
    "26e": BradeFields(points="26e"),
    # RV 26b read strictly (no letter of its own in RV): a named reading beside 26b
    "26b-strict": BradeFields(strict_26b=True),
}

#: code -> (summary in English, field changes)
CODES: Final[dict[str, tuple[str, BradeFields]]] = {
    code: (text(f"rule.RV-{code}"), fields) for code, fields in _CODE_FIELDS.items()
}

BASE_PATTERNS: Final[tuple[Pattern, ...]] = (
    "enkelt-kronspel",
    "dubbelt-kronspel",
    "trappspel",
    "uppspel",
)
_COMMON = BradeFields(
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

PRESETS: Final[dict[str, BradeFields]] = {
    "brade-family": BradeFields(
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
    "brade-standard": BradeFields(
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
_VASA: BradeFields = {
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
ADVICE: Final[dict[frozenset[str], Message]] = {
    frozenset({a, b}): Message.of("rules.advice", a=a, b=b)
    for a in ("10", "19")
    for b in ("7", "8d", "9")
}


def advice(rs: RuleSet, lang: str | None = None) -> list[str]:
    """RV's advice against combinations of codes in force in ``rs`` (not errors), in ``lang``."""
    eff = set(effective_codes(rs).values())
    return [why.text(lang) for pair, why in ADVICE.items() if pair <= eff]


def paragraph(code: str) -> int:
    """The RV paragraph of a code: ``8b`` -> 8, ``2a-island`` -> 2."""
    digits = re.match(r"\d+", code)
    if digits is None:
        raise LocalizedError("error.rules.not_a_code", got=repr(code))
    return int(digits.group())


for _code in CODES:
    _para = paragraph(_code)
    register(Rule(f"RV-{_code}", "RV", f"{_para}. {_RV_SECTIONS[_para]}"))


def slot(code: str) -> str:
    """Codes in one slot replace each other: a paragraph's letters; a named local form stands
    beside them (``2a-island`` adds to 2a, 2b or 2c)."""
    return code if "-" in code else str(paragraph(code))


def build(preset: str, values: BradeFields, codes: list[str]) -> BradeRules:

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
        changes = BradeFields(**CODES[code][1])
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
    if values.get("strict_26b"):
        if values.get("points") != "26b":
            raise RuleSetError("error.rules.strict_26b", points=str(values.get("points", "bh")))
        # 26b's source knew no trappspel or kronspel: those patterns do not end the game
        values["patterns"] = tuple(
            p for p in values["patterns"] if VALUED_AS[p] not in ("trappspel", "kronspel")
        )
    codes_out = tuple(
        c
        for c in sorted(chosen.values(), key=lambda c: (paragraph(c), c))
        if c not in PRESET_CODES[preset] or _changes_preset(preset, c)
    )
    name = "+".join([preset, *codes_out])
    return BradeRules(name=name, preset=preset, codes=codes_out, **values)


def _changes_preset(preset: str, code: str) -> bool:
    """Does ``code`` set a field to another value than the preset has (``brade-family+24b``:
    RV 24b delays sprängjan too, where BH lets it win at once)? Then the name keeps it."""

    base = PRESETS[preset]
    defaults = {f.name: f.default for f in dataclasses.fields(BradeRules)}
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


#: RV 23's names of the rolls, higher die first (the catalogue's ``roll.A-B``: the source's
#: Swedish names, the same in every language)
ROLL_NAMES: Final[dict[tuple[int, int], str]] = {
    (int(key[5]), int(key[7])): name
    for key, name in catalogue().items()
    if key.startswith("roll.")  # roll.6-6 … roll.2-1, in RV 23's order
}


def roll_name(a: int, b: int) -> str:
    """The traditional name of a roll (RV 23), e.g. ``roll_name(5, 4) == 'sinka fyra'``."""
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise DiceError("error.die_pair", a=a, b=b)
    return ROLL_NAMES[(max(a, b), min(a, b))]


#: RV 26 points tables; b's empty cells (its source knew only hemspel, uppspel, jan and
#: sprängjan) are read as a hemspel's single point (26b-strict: those patterns end no game).
#: The munk row's four printed numbers (1 0 1 0) are read as a = 1, b = 0 (no munk in Lyckans
#: Talisman), c = 1 (Illustrerad spelbok names munk for the hemspel), e = 0, with d's lost
#: cell kept at 1 as before (book chapter 6, RV 26).
POINTS: Final[dict[str, dict[str, int]]] = {
    "bh": dict(hemspel=1, uppspel=1, trappspel=1, kronspel=1, munk=0, jan=1, sprangjan=1),
    "26a": dict(hemspel=1, uppspel=1, trappspel=1, kronspel=1, munk=1, jan=2, sprangjan=4),
    "26b": dict(hemspel=1, uppspel=2, trappspel=1, kronspel=1, munk=0, jan=2, sprangjan=2),
    "26c": dict(hemspel=1, uppspel=2, trappspel=1, kronspel=1, munk=1, jan=2, sprangjan=2),
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
