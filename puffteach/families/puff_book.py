"""What Puff's rows say in the book's rule-set tables (:class:`~puffteach.book_cells.BookRows`),
from Puff's own fields, and Puff's own table (its options). ``families/__init__.py`` gives it
to :data:`~puffteach.families.puff.PUFF`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..book_cells import BookRows, Table, header, rows_t, w, word
from ..rules import PUFF_OPTIONS, RULES, PuffRules

if TYPE_CHECKING:
    from ..rules import RuleSet

__all__ = ["PUFF_BOOK"]


def _pasch(rs: RuleSet, lang: str) -> tuple[bool, list[str]]:
    """Puff's part of a pasch row: whether the re-roll needs a complete pasch, the options."""
    puff = PuffRules.narrow(rs)
    extra = []
    if puff.fourth_pasch:
        extra.append(w(lang, "cell.fourth"))
    if puff.generalpasch:
        extra.append(w(lang, "cell.generalpasch"))
    return puff.reroll_needs_complete, extra


def _entering(rs: RuleSet, lang: str) -> tuple[str, str, list[str]]:
    """Puff's bursting (none), first roll (long-puff-entry) and rules of an entering row."""
    first = w(lang, "cell.none")
    if PuffRules.narrow(rs).long_entry:
        first = w(lang, "cell.long_entry")
    return word("burst_entry", "none", lang), first, [rs.rule_id("enter")]


def _bearoff(rs: RuleSet, lang: str) -> tuple[str, list[str]]:
    """Puff's bear-off: which checkers, and its option (exact-25)."""
    puff = PuffRules.narrow(rs)
    how = word("bearoff", puff.bearoff, lang)
    return how, [w(lang, "cell.bearoff_exact_25")] if puff.exact_25 else []


def _ways(rs: RuleSet, lang: str) -> tuple[str, str]:
    ways = w(lang, "cell.ways_puff")
    if PuffRules.narrow(rs).tower_goose:
        ways += "; " + w(lang, "cell.ways_tower_goose")
    return ways, w(lang, "cell.none")


def _has_option(rs: RuleSet, code: str) -> bool:
    changes = PUFF_OPTIONS[code]
    return all(getattr(rs, k) == v for k, v in changes.items())


def _options(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for code in PUFF_OPTIONS:
        r = RULES[code]
        where = [f"`{rs.name}`" for rs in specs if _has_option(rs, code)]
        none = w(lang, "cell.none")
        rows.append((f"`{code}`", r.cite(), r.summary_text(lang), ", ".join(where) or none))
    return Table(
        w(lang, "title.options"), header(lang, "option", "source", "rule", "on_in"), rows_t(rows)
    )


def _start_ids(rs: RuleSet) -> tuple[str, ...]:
    return ("P-start",)


PUFF_BOOK: Final = BookRows(
    start_ids=_start_ids,
    pasch=_pasch,
    entering=_entering,
    bearoff=_bearoff,
    ways=_ways,
    tables={"options": _options},
)
