"""The words of the book's rule-set tables, and what a family tells the tables (its rows' own
cells and its own tables: :class:`BookRows`).

Every word comes from the message catalogue (``table.*`` keys in
``puffteach/catalogue/<lang>/tables.json``). The table directive
(:mod:`puffteach.sphinxext.tables`) builds the tables shared by every family from the rule
sets' common fields and asks each rule set's family (``family_of(rs).book``, written in
``families/<name>_book.py``) for the cells that depend on its own fields. This module needs
neither Sphinx nor the families, so a family module may import it without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .messages import CatalogueError, catalogue, text

if TYPE_CHECKING:
    from .rules import RuleSet

__all__ = ["BookRows", "Table", "also", "header", "ids", "name", "rows_t", "rv", "w", "word"]


@dataclass(frozen=True)
class Table:
    """A table: a title, column headings and rows of cells (strings, `id` marks code)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: row anchors (e.g. ``rule-p-order``), one per row or empty
    anchors: tuple[str, ...] = ()

    def markdown(self) -> str:
        """The table as Markdown (for a notebook's ``display(Markdown(...))``)."""
        lines = ["| " + " | ".join(self.header) + " |", "|" + "---|" * len(self.header)]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in self.rows]
        return "\n".join(lines)


def ids(*rule_ids: str) -> str:
    """Rule ids as code, each once, empty ones left out."""
    seen: list[str] = []
    for i in rule_ids:
        if i and i not in seen:
            seen.append(i)
    return ", ".join(f"`{i}`" for i in seen)


def name(rs: RuleSet) -> str:
    return f"`{rs.name}`"


def rv(code: str) -> str:
    """The rule id of an RV code, marked as code: `RV-8c`."""
    return f"`RV-{code}`"


def rows_t(rows: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(r) for r in rows)


def w(lang: str, key: str, **params: object) -> str:
    """A table's words: the catalogue's ``table.<key>`` in ``lang``."""
    return text(f"table.{key}", lang, **params)


def word(field: str, value: object, lang: str) -> str:
    """The words for a field's value (``table.<field>.<value>``); a value the catalogue has no
    words for fails the build until they are written."""
    key = f"table.{field}.{value}"
    if key not in catalogue(lang):
        raise CatalogueError(
            f"the book has no words for {field}={value!r}; "
            f"add {key!r} to puffteach/catalogue/<lang>/tables.json"
        )
    return text(key, lang)


def also(extra: list[str], lang: str) -> str:
    return "; ".join(extra) or w(lang, "cell.none")


def header(lang: str, *columns: str) -> tuple[str, ...]:
    return tuple(w(lang, f"col.{c}") for c in columns)


def _none(rs: RuleSet, lang: str) -> str:
    return w(lang, "cell.none")


def _no_codes(rs: RuleSet) -> dict[str, str]:
    return {}


def _plain_bearoff(rs: RuleSet, lang: str) -> tuple[str, list[str]]:
    return word("bearoff", rs.bearoff, lang), []


def _plain_pasch(rs: RuleSet, lang: str) -> tuple[bool, list[str]]:
    return False, []


def _plain_entering(rs: RuleSet, lang: str) -> tuple[str, str, list[str]]:
    return word("burst_entry", "none", lang), w(lang, "cell.none"), [rs.rule_id("enter")]


def _plain_bands(rs: RuleSet, lang: str) -> tuple[str, str, list[str], list[str]]:
    none = w(lang, "cell.none")
    return none, word("wall", "none", lang), [], [rs.rule_id("land"), rs.rule_id("hit")]


def _plain_ways(rs: RuleSet, lang: str) -> tuple[str, str]:
    return w(lang, "cell.none"), w(lang, "cell.none")


def _start_ids(rs: RuleSet) -> tuple[str, ...]:
    return (rs.rule_id("start"),)


#: a family's own table: its rule sets among the chosen ones (in order), the language
FamilyTable = Callable[[list["RuleSet"], str], Table]


@dataclass(frozen=True)
class BookRows:
    """What a family's rows say in the book's shared tables, from its own fields (each takes
    the rule set, of the family's own type, and the page's language), and the family's own
    tables (bräde's points table, Puff's options). The defaults suit a family with no fields
    of its own: no bursting, no band rules, no codes."""

    #: the RV-style codes in force (slot -> code), for the next-game cell
    codes: Callable[[RuleSet], dict[str, str]] = _no_codes
    #: the rule ids of the start row
    start_ids: Callable[[RuleSet], tuple[str, ...]] = _start_ids
    #: who starts the next game of a match
    next_game: Callable[[RuleSet, str], str] = _none
    #: the pasch row: does the re-roll need a complete pasch, and the family's options
    pasch: Callable[[RuleSet, str], tuple[bool, list[str]]] = _plain_pasch
    #: the entering row: bursting, the first roll's rule, the rule ids
    entering: Callable[[RuleSet, str], tuple[str, str, list[str]]] = _plain_entering
    #: the bands row: no-band rule, bands in a row, other rules, the rule ids
    bands: Callable[[RuleSet, str], tuple[str, str, list[str], list[str]]] = _plain_bands
    #: the bear-off row: which checkers may go off (the words for ``rs.bearoff`` and any
    #: detail of the family's own, e.g. bräde's RV paragraph), the other rules
    bearoff: Callable[[RuleSet, str], tuple[str, list[str]]] = _plain_bearoff
    #: the scoring row: the ways to win, the points table
    ways: Callable[[RuleSet, str], tuple[str, str]] = _plain_ways
    #: the family's own tables by kind name (the directive's ``:kind:``)
    tables: Mapping[str, FamilyTable] = field(default_factory=dict)
    #: other words for the family's group of presets in a directive (``bräde``)
    aliases: tuple[str, ...] = ()
