"""Every rule the engine applies: its id (as in the rules digest), source and section.

`explain`, `IllegalMoveError` messages and the book cite rules through this table, so a rule
text lives in one place. Summaries are our own words (the sources are in ``shared/sources``),
kept in the message catalogue as ``rule.<id>`` (``puffteach/catalogue/<lang>/rules.json``), so
they read in English, Swedish and German; ids, sources and sections never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..messages import text


@dataclass(frozen=True)
class Rule:
    id: str
    source: str  # LT, PI, GP, BH, RV
    section: str

    @property
    def summary(self) -> str:
        """What the rule says, in English (``summary_text(lang)`` for another language)."""
        return self.summary_text()

    def summary_text(self, lang: str | None = None) -> str:
        """What the rule says in ``lang`` (the catalogue's ``rule.<id>``)."""
        return text(f"rule.{self.id}", lang)

    def cite(self) -> str:
        """Short citation, e.g. ``LT, Förflyttningen av brickorna``."""
        return f"{self.source}, {self.section}"


SOURCES: Final[dict[str, str]] = {
    "LT": "Lyckans Talisman, “Puff” (lång, konträr, dubbel konträr puff)",
    "BH": "Sten Helmfrid, Familjen Behrens–Helmfrids regler för bräde (2005)",
    "GP": "Geirdís Geirharðardóttir, “Puff” — Regeln Gegenpuff",
    "PI": "Pierer's Universal-Lexikon, vol. 13 (1861), “Puffspiel”",
    "RV": "Sten Helmfrid, Regelvarianter för bräde (2006)",
}

_LT_MOVE = "Förflyttningen av brickorna"
_LT_ENTER = "Brickorna måste först spelas in"
_LT_BLOTS = "Blottor och band"
_LT_HOME = "Att spela hem brickorna"
_LT_LONG = "Regelvariant för lång puff"
_PI = "Puffspiel"
_GP = "Regeln Gegenpuff"

_RULES = [
    Rule("P-start", "LT", "Förberedelser"),
    Rule("P-dice", "LT", _LT_MOVE),
    Rule("P-order", "LT", _LT_MOVE),
    Rule("P-must", "LT", _LT_MOVE),
    Rule("P-enter", "LT", _LT_ENTER),
    Rule("P-land", "LT", _LT_BLOTS),
    Rule("P-hit", "LT", _LT_BLOTS),
    Rule("P-pasch-1", "LT", _LT_MOVE),
    Rule("P-pasch-n", "LT", _LT_MOVE),
    Rule("P-bearoff", "LT", _LT_HOME),
    Rule("P-win", "LT", _LT_HOME),
    Rule("fourth-pasch", "LT", _LT_MOVE + " (variant)"),
    Rule("incomplete-pasch-ends-turn", "LT", _LT_MOVE + " (variant)"),
    Rule("generalpasch", "LT", _LT_MOVE + " (variant)"),
    Rule("exact-25", "LT", _LT_HOME + " (variant)"),
    Rule("tower-goose", "LT", _LT_HOME + " (variant)"),
    Rule("long-puff-entry", "LT", _LT_LONG),
    Rule("PI-order", "PI", _PI),
    Rule("PI-bearoff", "PI", _PI),
    Rule("PI-win", "PI", _PI),
    Rule("GP-pasch", "GP", _GP),
    Rule("GP-order", "GP", _GP),
    Rule("GP-bearoff", "GP", _GP),
    Rule("GP-win", "GP", _GP),
]

RULES: Final[dict[str, Rule]] = {r.id: r for r in _RULES}


def rule(rule_id: str) -> Rule:
    """The rule with this id (KeyError names the id)."""
    return RULES[rule_id]


def register(*rules: Rule) -> None:
    """Add rules (used by the bräde module)."""
    for r in rules:
        RULES[r.id] = r
