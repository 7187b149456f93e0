"""Every rule the engine applies: its id (as in the rules digest), source and section.

`explain`, `IllegalMoveError` messages and the book cite rules through this table, so a rule
text lives in one place. Summaries are our own words; the sources are in ``shared/sources``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Rule:
    id: str
    source: str  # LT, PI, GP, BH, RV
    section: str
    summary: str

    def cite(self) -> str:
        """Short citation, e.g. ``LT, Förflyttningen av brickorna``."""
        return f"{self.source}, {self.section}"


SOURCES: Final[dict[str, str]] = {
    "LT": "Lyckans Talisman, “Puff” (lång, konträr and dubbel konträr puff)",
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
    Rule(
        "P-start",
        "LT",
        "Förberedelser",
        "all fifteen checkers start off the board before the first quarter; the higher opening "
        "die starts, equal dice roll again",
    ),
    Rule(
        "P-dice",
        "LT",
        _LT_MOVE,
        "a checker moves forward exactly as many points as the die it is moved for shows",
    ),
    Rule(
        "P-order",
        "LT",
        _LT_MOVE,
        "the lower die must be moved first; if it cannot be moved the whole roll is forfeited",
    ),
    Rule(
        "P-must",
        "LT",
        _LT_MOVE,
        "a die that can be moved must be moved, but later dice need not be kept playable",
    ),
    Rule(
        "P-enter",
        "LT",
        _LT_ENTER,
        "while any checker waits to enter, every die must enter one on the point of its number; "
        "a die that cannot enter is forfeited",
    ),
    Rule(
        "P-land",
        "LT",
        _LT_BLOTS,
        "a checker may not land or touch down on a point where the opponent has a band",
    ),
    Rule(
        "P-hit",
        "LT",
        _LT_BLOTS,
        "landing or touching down on an opponent blot hits it: it goes back to wait for entry",
    ),
    Rule(
        "P-pasch-1",
        "LT",
        _LT_MOVE,
        "a player's first pasch moves the top faces once each, then the bottom faces once each",
    ),
    Rule(
        "P-pasch-n",
        "LT",
        _LT_MOVE,
        "every later pasch moves the top faces twice each, then the bottom faces twice each, "
        "and the player rolls again",
    ),
    Rule(
        "P-bearoff",
        "LT",
        _LT_HOME,
        "bearing off needs all checkers in the fourth quarter; only the rearmost checker goes "
        "off, with a die larger than it needs to reach point 24",
    ),
    Rule(
        "P-win",
        "LT",
        _LT_HOME,
        "the first to bear off all wins: single, double if the loser still has a checker in "
        "his first quarter (schneider), treble if he has one hit off the board",
    ),
    Rule(
        "fourth-pasch",
        "LT",
        _LT_MOVE + " (variant)",
        "the fourth pasch in a row moves only the top faces once each and ends the turn",
    ),
    Rule(
        "incomplete-pasch-ends-turn",
        "LT",
        _LT_MOVE + " (variant)",
        "a pasch that could not be moved in full earns no further roll",
    ),
    Rule(
        "generalpasch",
        "LT",
        _LT_MOVE + " (variant)",
        "the deciding opening combination is the generalpasch: rolled later, it may be played "
        "as any pasch the player names",
    ),
    Rule(
        "exact-25",
        "LT",
        _LT_HOME + " (variant)",
        "any checker may also be borne off with a die that takes it exactly to point 25",
    ),
    Rule(
        "tower-goose",
        "LT",
        _LT_HOME + " (variant)",
        "all fifteen on one point (tower) wins fourfold; fifteen on consecutive points "
        "(goose march) wins threefold, if the pattern stands after the whole roll",
    ),
    Rule(
        "long-puff-entry",
        "LT",
        _LT_LONG,
        "Anton/Wilson's entering rules for lång puff: first roll enters two checkers, no "
        "hitting a player who has not entered all, entered checkers wait",
    ),
    Rule(
        "PI-order",
        "PI",
        _PI,
        "the two dice are moved in the order the player chooses, but both whenever possible",
    ),
    Rule(
        "PI-bearoff",
        "PI",
        _PI,
        "once all checkers are in the fourth quarter, a die too large for any point takes a "
        "checker off; extra pips are lost",
    ),
    Rule(
        "PI-win",
        "PI",
        _PI,
        "the first to take all checkers off wins; the loser is Schneider if he has taken none "
        "off; Thurm and Gänsereihe also win",
    ),
    Rule(
        "GP-pasch",
        "GP",
        _GP,
        "first pasch: top faces then bottom faces once each; later pasches four times each; "
        "after every completed pasch the player rolls again",
    ),
    Rule(
        "GP-order",
        "GP",
        _GP,
        "the lower die is always moved first; if it cannot be, the turn passes",
    ),
    Rule(
        "GP-bearoff",
        "GP",
        _GP,
        "checkers leave the board once all of them stand in the last quarter",
    ),
    Rule("GP-win", "GP", _GP, "whoever first takes all checkers off wins"),
]

RULES: Final[dict[str, Rule]] = {r.id: r for r in _RULES}


def rule(rule_id: str) -> Rule:
    """The rule with this id (KeyError names the id)."""
    return RULES[rule_id]


def register(*rules: Rule) -> None:
    """Add rules (used by the bräde module)."""
    for r in rules:
        RULES[r.id] = r
