"""The book's rule-set comparison tables, computed from the rule sets' data
(:class:`~puffteach.rules.PuffRules`, :class:`~puffteach.rules.BradeRules`).

Chapter 7 (and any page) shows them with the ``ruleset-table`` directive, so the book cannot
drift from the engine: every cell is derived from a rule set's fields, and a field value the
message catalogue has no words for is an error (the build fails until the words are written).

Every word of a table (title, headings, cells) comes from the message catalogue
(``table.*`` keys in ``puffteach/catalogue/<lang>/tables.json``; rule summaries are the
catalogue's ``rule.<id>``) in the page's language, so the Swedish and German books show the
same tables in their own words. Rule ids, rule-set names, source keys, section titles and
bräde's own Swedish names (hemspel, kronspel, the roll names of RV 23) stay as they are.

A cell is a string; text between backticks is a rule id or code and is set as code. The tables
every family shares are built here from the common fields; what a row says about one family's
own fields, and the tables of one family only (bräde's points, Puff's options), come from the
rule set's family (``family_of(rs).book``, a :class:`~puffteach.book_cells.BookRows` written in
``families/<name>_book.py``): this module names no family.
This module needs no Sphinx; :func:`table` (``lang=``) is also handy in a notebook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from ..book_cells import Table, rows_t
from ..book_cells import also as _also
from ..book_cells import header as _header
from ..book_cells import ids as _ids
from ..book_cells import name as _name
from ..book_cells import rv as _rv
from ..book_cells import w as _w
from ..book_cells import word as _word
from ..families import FAMILIES, Family, family_of
from ..messages import DEFAULT, language
from ..rules import ALL_PRESETS as _ALL
from ..rules import RULES, SOURCES, RuleSet, rules

__all__ = ["Table", "KINDS", "ALL_PRESETS", "table", "resolve_specs"]

#: every preset, Puff first, in the order the book discusses them (a view that follows the
#: family registry: a family plugged in later is in it)
ALL_PRESETS: Final[Sequence[str]] = _ALL


# ------------------------------------------------------------------------------- words
#: the rule-set fields whose values a table names, each value's words being the catalogue's
#: ``table.<field>.<value>`` (``puffteach/catalogue/<lang>/tables.json``)
FIELDS: Final[tuple[str, ...]] = (
    "layout",
    "start_point",
    "opening",
    "match_start",
    "dice_order",
    "pasch_dice",
    "pasch_reroll",
    "burst_entry",
    "wall",
    "bearoff",
    "scoring",
    "beautiful",
    "one_die",
    "jan_when",
    "resign",
    "opening_six",
)


# ------------------------------------------------------------------------------- tables
def _start(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        book = family_of(rs).book
        codes = book.codes(rs)
        opening_ids = book.start_ids(rs)
        match = book.next_game(rs, lang)
        if "1" in codes:
            match += f" ({_rv(codes['1'])})"
        rows.append(
            (
                _name(rs),
                rs.source,
                _word("layout", rs.layout, lang),
                _word("start_point", rs.start_point, lang),
                _word("opening", rs.opening, lang),
                match,
                _ids(*opening_ids),
            )
        )
    return Table(
        _w(lang, "title.start"),
        _header(
            lang, "rule_set", "source", "layout", "checkers_begin", "opening", "next_game", "rules"
        ),
        tuple(rows),
    )


def _dice(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        if not rs.maximise:
            must = _w(lang, "cell.must_die_by_die")
        elif rs.higher_die:
            must = _w(lang, "cell.must_higher")
        else:
            must = _w(lang, "cell.must_both")
        rows.append(
            (
                _name(rs),
                _word("dice_order", rs.dice_order, lang),
                must,
                _ids(rs.rule_id("order"), rs.rule_id("must")),
            )
        )
    return Table(
        _w(lang, "title.dice"), _header(lang, "rule_set", "unequal", "using", "rules"), rows_t(rows)
    )


def _pasch(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        again = _word("pasch_reroll", rs.pasch_reroll, lang)
        complete, extra = family_of(rs).book.pasch(rs, lang)
        if complete and rs.pasch_reroll != "never":
            again = _w(lang, "cell.if_complete", again=again)
        rows.append(
            (
                _name(rs),
                _word("pasch_dice", rs.first_pasch, lang),
                _word("pasch_dice", rs.later_pasch, lang),
                again,
                _also(extra, lang),
                _ids(rs.rule_id("pasch-1"), rs.rule_id("pasch-n")),
            )
        )
    return Table(
        _w(lang, "title.pasch"),
        _header(lang, "rule_set", "first_pasch", "later_pasch", "roll_again", "also", "rules"),
        rows_t(rows),
    )


def _entering(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        waiting = _w(lang, "cell.waiting_first" if rs.enter_first else "cell.waiting_free")
        own = _w(lang, "cell.own_yes" if rs.enter_own else "cell.own_no")
        burst, first, ids = family_of(rs).book.entering(rs, lang)
        rows.append((_name(rs), waiting, own, burst, first, _ids(*ids)))
    return Table(
        _w(lang, "title.entering"),
        _header(lang, "rule_set", "waiting", "onto_own", "burst", "first_roll", "rules"),
        rows_t(rows),
    )


def _bands(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        noband, wall, extra, ids = family_of(rs).book.bands(rs, lang)
        rows.append((_name(rs), noband, wall, _also(extra, lang), _ids(*ids)))
    return Table(
        _w(lang, "title.bands"),
        _header(lang, "rule_set", "no_bands", "bands_in_row", "also", "rules"),
        rows_t(rows),
    )


def _bearoff(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        how, extra = family_of(rs).book.bearoff(rs, lang)
        rows.append(
            (
                _name(rs),
                _w(lang, "cell.bearoff_when"),
                how,
                _also(extra, lang),
                _ids(rs.rule_id("bearoff")),
            )
        )
    return Table(
        _w(lang, "title.bearoff"),
        _header(lang, "rule_set", "when", "which", "also", "rules"),
        rows_t(rows),
    )


def _scoring(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        ways, points = family_of(rs).book.ways(rs, lang)
        rows.append(
            (
                _name(rs),
                ways,
                _word("scoring", rs.scoring, lang),
                points,
                _ids(rs.rule_id("win")),
            )
        )
    return Table(
        _w(lang, "title.scoring"),
        _header(lang, "rule_set", "ways", "score", "points_table", "rules"),
        rows_t(rows),
    )


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule's row in the ``rules`` table, e.g. ``rule-p-order``."""
    return "rule-" + rule_id.lower()


def _rules(specs: list[RuleSet], lang: str) -> Table:
    rows = [(f"`{r.id}`", r.source, r.section, r.summary_text(lang)) for r in RULES.values()]
    return Table(
        _w(lang, "title.rules"),
        _header(lang, "id", "source", "section", "summary"),
        rows_t(rows),
        anchors=tuple(rule_anchor(r.id) for r in RULES.values()),
    )


def _sources(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for key, title in SOURCES.items():
        presets = [f"`{rs.name}`" for rs in specs if rs.source == key]
        rows.append((key, title, ", ".join(presets) or _w(lang, "cell.rv_codes")))
    return Table(
        _w(lang, "title.sources"), _header(lang, "key", "source", "rule_sets"), rows_t(rows)
    )


def _family_table(fam: Family[Any], make: Callable[[list[RuleSet], str], Table]) -> Kind:
    """A family's own table over the chosen rule sets of that family (in their order)."""

    def build(specs: list[RuleSet], lang: str) -> Table:
        return make([rs for rs in specs if family_of(rs) is fam], lang)

    return build


Kind = Callable[[list[RuleSet], str], Table]
#: every table by name; each takes the rule sets and the language of its words: the shared
#: ones, then each family's own (``family.book.tables``)
KINDS: Final[dict[str, Kind]] = {
    "start": _start,
    "dice": _dice,
    "pasch": _pasch,
    "entering": _entering,
    "bands": _bands,
    "bearoff": _bearoff,
    "scoring": _scoring,
    **{
        kind: _family_table(fam, make)
        for fam in FAMILIES.values()
        for kind, make in fam.book.tables.items()
    },
    "rules": _rules,
    "sources": _sources,
}


def _groups() -> dict[str, tuple[str, ...]]:
    """The words for groups of presets in a directive: ``all``, each family's name (and its
    ``book.aliases``) for its presets."""
    out: dict[str, tuple[str, ...]] = {"all": tuple(ALL_PRESETS)}
    for fam in FAMILIES.values():
        for word in (fam.name, *fam.book.aliases):
            out[word] = fam.presets()
    return out


def resolve_specs(text: str | None) -> list[RuleSet]:
    """Rule sets from ``all``, a family's name (``puff``, ``brade`` or ``bräde``: its presets)
    or rule-set strings (space or comma separated).

    Raises :class:`~puffteach.rules.RuleSetError` (a ``ValueError``) for a bad rule set.
    """
    words = (text or "all").replace(",", " ").split()
    groups = _groups()
    names: list[str] = []
    for w in words:
        group = groups.get(w)
        names.extend(group if group is not None else [w])
    return [rules(n) for n in names]


def table(
    kind: str, specs: str | Iterable[str | RuleSet] | None = None, lang: str = DEFAULT
) -> Table:
    """Build the ``kind`` table (one of :data:`KINDS`) for rule sets (default: every preset), in
    the catalogue's language ``lang`` (``en``, ``sv``, ``de``)."""
    if kind not in KINDS:
        raise ValueError(f"unknown table {kind!r}; tables: {', '.join(KINDS)}")
    if specs is None or isinstance(specs, str):
        chosen = resolve_specs(specs)
    else:
        chosen = [rules(s) for s in specs]
    return KINDS[kind](chosen, language(lang))
