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

A cell is a string; text between backticks is a rule id or code and is set as code. What a
row says about one family's own fields comes from that family's function in a table keyed by
the family (``_PASCH``, ``_ENTERING``, …), which takes the rule set as its own type.
This module needs no Sphinx; :func:`table` (``lang=``) is also handy in a notebook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from ..messages import DEFAULT, catalogue, language, text
from ..rules import ALL_PRESETS as _ALL
from ..rules import PRESETS as PUFF_PRESETS
from ..rules import PUFF_OPTIONS, RULES, SOURCES, BradeRules, PuffRules, RuleSet, rules
from ..rules import brade as _brade

__all__ = ["Table", "KINDS", "ALL_PRESETS", "table", "resolve_specs"]

#: every preset, Puff first, in the order the book discusses them
ALL_PRESETS: Final[tuple[str, ...]] = _ALL
PUFF: Final[tuple[str, ...]] = tuple(PUFF_PRESETS)
BRADE: Final[tuple[str, ...]] = tuple(_brade.PRESETS)


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


def _ids(*ids: str) -> str:
    seen: list[str] = []
    for i in ids:
        if i and i not in seen:
            seen.append(i)
    return ", ".join(f"`{i}`" for i in seen)


def _name(rs: RuleSet) -> str:
    return f"`{rs.name}`"


def _rv(code: str) -> str:
    """The rule id of an RV code, marked as code: `RV-8c`."""
    return f"`RV-{code}`"


def rows_t(rows: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(r) for r in rows)


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
#: the rows of the points table: bräde's outcomes (their own Swedish names in every language)
OUTCOME_ROWS: Final[dict[str, str]] = {
    "hemspel": "hemspel",
    "uppspel": "uppspel",
    "trappspel": "trappspel",
    "kronspel": "kronspel",
    "munk": "",  # the catalogue's table.cell.munk_bonus
    "jan": "jan",
    "sprangjan": "sprängjan",
}
#: bräde's beautiful patterns, by their Swedish names in every language
PATTERN: Final[dict[object, str]] = {
    "enkelt-kronspel": "enkelt kronspel",
    "dubbelt-kronspel": "dubbelt kronspel",
    "trappspel": "trappspel",
    "uppspel": "uppspel",
    "kejsarspel": "kejsarspel",
    "triangel": "triangel",
    "nio-fem-ett": "nio-fem-ett",
}


def _w(lang: str, key: str, **params: object) -> str:
    """A table's words: the catalogue's ``table.<key>`` in ``lang``."""
    return text(f"table.{key}", lang, **params)


def _word(field: str, value: object, lang: str) -> str:
    """The words for a field's value (``table.<field>.<value>``); a value the catalogue has no
    words for fails the build until they are written."""
    key = f"table.{field}.{value}"
    if key not in catalogue(lang):
        raise ValueError(
            f"the book has no words for {field}={value!r}; "
            f"add {key!r} to puffteach/catalogue/<lang>/tables.json"
        )
    return text(key, lang)


def _points_source(code: str, lang: str) -> str:
    """A points table's column: ``a: Regler för bräde 2005`` (the source's title stays)."""
    if code == "bh":
        return _w(lang, "cell.family")
    summary = text(f"rule.RV-{code}", lang)  # "points: <title>" in the page's language
    return f"{code}: {summary.split(': ', 1)[-1]}"


def _also(extra: list[str], lang: str) -> str:
    return "; ".join(extra) or _w(lang, "cell.none")


def _groups(specs: list[RuleSet]) -> dict[str, list[RuleSet]]:
    """The rule sets by family (``puff``, ``brade``), in their order."""
    out: dict[str, list[RuleSet]] = {"puff": [], "brade": []}
    for rs in specs:
        out[rs.family].append(rs)
    return out


def _brades(specs: list[RuleSet]) -> list[BradeRules]:
    """The bräde rule sets of ``specs``, in their order."""
    return [BradeRules.narrow(rs) for rs in _groups(specs)["brade"]]


def _no_codes(rs: RuleSet) -> dict[str, str]:
    return {}


#: what a table row says that depends on the family (tables, not branches)
_CODES_OF: Final[dict[str, Callable[[RuleSet], dict[str, str]]]] = {
    "puff": _no_codes,
    "brade": _brade.effective_codes,
}
_START_IDS: Final[dict[str, Callable[[RuleSet], tuple[str, ...]]]] = {
    "puff": lambda rs: ("P-start",),
    "brade": lambda rs: (rs.rule_id("start"), "B-tek"),
}
_NEXT_GAME: Final[dict[str, Callable[[RuleSet, str], str]]] = {
    "puff": lambda rs, lang: _w(lang, "cell.none"),
    "brade": lambda rs, lang: _word("match_start", BradeRules.narrow(rs).match_start, lang),
}


def _codes_of(rs: RuleSet) -> dict[str, str]:
    return _CODES_OF[rs.family](rs)


def _header(lang: str, *columns: str) -> tuple[str, ...]:
    return tuple(_w(lang, f"col.{c}") for c in columns)


# ------------------------------------------------------------------------------- tables
def _start(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        codes = _codes_of(rs)
        opening_ids = _START_IDS[rs.family](rs)
        match = _NEXT_GAME[rs.family](rs, lang)
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
        complete, extra = _PASCH[rs.family](rs, lang)
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


def _puff_pasch(rs: RuleSet, lang: str) -> tuple[bool, list[str]]:
    """Puff's part of a pasch row: whether the re-roll needs a complete pasch, the options."""
    puff = PuffRules.narrow(rs)
    extra = []
    if puff.fourth_pasch:
        extra.append(_w(lang, "cell.fourth"))
    if puff.generalpasch:
        extra.append(_w(lang, "cell.generalpasch"))
    return puff.reroll_needs_complete, extra


def _brade_pasch(rs: RuleSet, lang: str) -> tuple[bool, list[str]]:
    """Bräde's part of a pasch row: RV 25's re-roll."""
    return False, [_w(lang, "cell.reroll_once")] if BradeRules.narrow(rs).reroll_once else []


_PASCH: Final[dict[str, Callable[[RuleSet, str], tuple[bool, list[str]]]]] = {
    "puff": _puff_pasch,
    "brade": _brade_pasch,
}


def _entering(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        waiting = _w(lang, "cell.waiting_first" if rs.enter_first else "cell.waiting_free")
        own = _w(lang, "cell.own_yes" if rs.enter_own else "cell.own_no")
        burst, first, ids = _ENTERING[rs.family](rs, lang)
        rows.append((_name(rs), waiting, own, burst, first, _ids(*ids)))
    return Table(
        _w(lang, "title.entering"),
        _header(lang, "rule_set", "waiting", "onto_own", "burst", "first_roll", "rules"),
        rows_t(rows),
    )


def _puff_entering(rs: RuleSet, lang: str) -> tuple[str, str, list[str]]:
    """Puff's bursting (none), first roll (long-puff-entry) and rules of an entering row."""
    first = _w(lang, "cell.none")
    if PuffRules.narrow(rs).long_entry:
        first = _w(lang, "cell.long_entry")
    return _word("burst_entry", "none", lang), first, [rs.rule_id("enter")]


def _brade_entering(rs: RuleSet, lang: str) -> tuple[str, str, list[str]]:
    """Bräde's bursting (RV 5), first roll (RV 2's six-out) and rules of an entering row."""
    brade = BradeRules.narrow(rs)
    burst = _word("burst_entry", brade.burst_entry, lang)
    if brade.burst_entry != "none":
        burst += f" ({_rv(brade.burst_entry)})"
    first = _w(lang, "cell.none")
    if brade.opening_six != "none":
        first = f"{_word('opening_six', brade.opening_six, lang)} ({_rv(brade.opening_six)})"
    ids = [rs.rule_id("enter"), "B-burst-entry" if brade.burst_entry == "5b" else ""]
    return burst, first, ids


_ENTERING: Final[dict[str, Callable[[RuleSet, str], tuple[str, str, list[str]]]]] = {
    "puff": _puff_entering,
    "brade": _brade_entering,
}


def _bands(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        noband, wall, extra, ids = _BANDS[rs.family](rs, lang)
        rows.append((_name(rs), noband, wall, _also(extra, lang), _ids(*ids)))
    return Table(
        _w(lang, "title.bands"),
        _header(lang, "rule_set", "no_bands", "bands_in_row", "also", "rules"),
        rows_t(rows),
    )


def _puff_bands(rs: RuleSet, lang: str) -> tuple[str, str, list[str], list[str]]:
    """Puff's row of the bands table: no band rules beyond landing and hitting."""
    none = _w(lang, "cell.none")
    return none, _word("wall", "none", lang), [], [rs.rule_id("land"), rs.rule_id("hit")]


def _brade_bands(rs: RuleSet, lang: str) -> tuple[str, str, list[str], list[str]]:
    """Bräde's row of the bands table: B-noband, RV 6's walls, RV 7 and RV 3."""
    brade = BradeRules.narrow(rs)
    noband = (
        _w(lang, "cell.none")
        if brade.noband is None
        else _w(lang, "cell.noband", a=brade.noband[0], b=brade.noband[1])
    )
    wall = _word("wall", brade.wall, lang)
    if brade.wall != "none":
        wall += f" ({_rv(brade.wall)})"
    extra = []
    if brade.huk_burst:
        extra.append(_w(lang, "cell.huk_burst"))
    if brade.five_blots:
        extra.append(_w(lang, "cell.five_blots"))
    ids = [rs.rule_id("land"), rs.rule_id("hit")]
    if brade.noband is not None:
        ids.append(rs.rule_id("noband"))
    return noband, wall, extra, ids


_BANDS: Final[dict[str, Callable[[RuleSet, str], tuple[str, str, list[str], list[str]]]]] = {
    "puff": _puff_bands,
    "brade": _brade_bands,
}


def _bearoff(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        how = _word("bearoff", rs.bearoff, lang)
        if rs.bearoff.startswith("8"):
            how += f" ({_rv(rs.bearoff)})"
        extra = _BEAROFF[rs.family](rs, lang)
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


def _puff_bearoff(rs: RuleSet, lang: str) -> list[str]:
    """Puff's bear-off option (exact-25)."""
    if PuffRules.narrow(rs).exact_25:
        return [_w(lang, "cell.bearoff_exact_25")]
    return []


def _brade_bearoff(rs: RuleSet, lang: str) -> list[str]:
    """Bräde's bear-off paragraphs beside RV 8 (RV 9, RV 10)."""
    brade = BradeRules.narrow(rs)
    extra = []
    if brade.bear_bands_only:
        extra.append(_w(lang, "cell.bearoff_bands_only"))
    if brade.huk_blocks_bearoff:
        extra.append(_w(lang, "cell.bearoff_huk_blocks"))
    return extra


_BEAROFF: Final[dict[str, Callable[[RuleSet, str], list[str]]]] = {
    "puff": _puff_bearoff,
    "brade": _brade_bearoff,
}


def _scoring(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in specs:
        ways, points = _WAYS[rs.family](rs, lang)
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


def _puff_ways(rs: RuleSet, lang: str) -> tuple[str, str]:
    ways = _w(lang, "cell.ways_puff")
    if PuffRules.narrow(rs).tower_goose:
        ways += "; " + _w(lang, "cell.ways_tower_goose")
    return ways, _w(lang, "cell.none")


def _brade_ways(rs: RuleSet, lang: str) -> tuple[str, str]:
    brade = BradeRules.narrow(rs)
    ways = ", ".join(["hemspel", "jan", "sprängjan", *(PATTERN[p] for p in brade.patterns)])
    return ways, _points_source(brade.points, lang)


_WAYS: Final[dict[str, Callable[[RuleSet, str], tuple[str, str]]]] = {
    "puff": _puff_ways,
    "brade": _brade_ways,
}


def _brade_wins(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in _brades(specs):
        munk = _w(lang, "cell.munk_graded" if rs.munk_graded else "cell.munk_table")
        jan = _word("jan_when", rs.jan_when, lang)
        if rs.jan_graded:
            jan = _w(lang, "cell.jan_graded", jan=jan)
        rows.append(
            (
                _name(rs),
                _word("beautiful", rs.beautiful, lang) + f" ({_rv(rs.beautiful)})",
                _word("one_die", rs.one_die, lang) + f" ({_rv(rs.one_die)})",
                jan + f" ({_rv(rs.jan_when)})",
                munk,
                _word("resign", rs.resign, lang) + f" ({_rv(rs.resign)})",
            )
        )
    return Table(
        _w(lang, "title.brade-wins"),
        _header(lang, "rule_set", "pattern_counts", "one_die", "jan_counts", "munk", "resigning"),
        rows_t(rows),
    )


def _points(specs: list[RuleSet], lang: str) -> Table:
    tables = list(_brade.POINTS)
    used: dict[str, list[str]] = {t: [] for t in tables}
    for rs in _brades(specs):
        used[rs.points].append(f"`{rs.name}`")
    header = (_w(lang, "col.outcome"), *(_points_source(t, lang) for t in tables))
    rows = []
    for row, label in OUTCOME_ROWS.items():
        label = label or _w(lang, "cell.munk_bonus")
        also = [PATTERN.get(k, k) for k, v in _brade.VALUED_AS.items() if v == row and k != row]
        if also:
            label += f" ({', '.join(also)})"
        rows.append((label, *(str(_brade.POINTS[t][row]) for t in tables)))
    none = _w(lang, "cell.none")
    rows.append((_w(lang, "cell.used_by"), *(", ".join(used[t]) or none for t in tables)))
    return Table(_w(lang, "title.points"), header, rows_t(rows))


def _roll_names(specs: list[RuleSet], lang: str) -> Table:
    rows = [(f"{a}-{b}", name) for (a, b), name in _brade.ROLL_NAMES.items()]
    return Table(_w(lang, "title.roll-names"), _header(lang, "roll", "name"), rows_t(rows))


def _codes(specs: list[RuleSet], lang: str) -> Table:
    eff = {rs.name: _brade.effective_codes(rs) for rs in _groups(specs)["brade"]}
    rows = []
    for code in _brade.CODES:
        r = RULES[f"RV-{code}"]
        where = [f"`{n}`" for n, codes in eff.items() if codes.get(_brade.slot(code)) == code]
        none = _w(lang, "cell.none")
        rows.append((f"`{code}`", r.section, r.summary_text(lang), ", ".join(where) or none))
    return Table(
        _w(lang, "title.codes"),
        _header(lang, "code", "rv_section", "rule", "in_force"),
        rows_t(rows),
    )


def _options(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for code in PUFF_OPTIONS:
        r = RULES[code]
        where = [f"`{rs.name}`" for rs in _groups(specs)["puff"] if _has_option(rs, code)]
        none = _w(lang, "cell.none")
        rows.append((f"`{code}`", r.cite(), r.summary_text(lang), ", ".join(where) or none))
    return Table(
        _w(lang, "title.options"), _header(lang, "option", "source", "rule", "on_in"), rows_t(rows)
    )


def _has_option(rs: RuleSet, code: str) -> bool:
    changes = PUFF_OPTIONS[code]
    return all(getattr(rs, k) == v for k, v in changes.items())


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


#: every table by name; each takes the rule sets and the language of its words
KINDS: Final[dict[str, Callable[[list[RuleSet], str], Table]]] = {
    "start": _start,
    "dice": _dice,
    "pasch": _pasch,
    "entering": _entering,
    "bands": _bands,
    "bearoff": _bearoff,
    "scoring": _scoring,
    "brade-wins": _brade_wins,
    "points": _points,
    "roll-names": _roll_names,
    "codes": _codes,
    "options": _options,
    "rules": _rules,
    "sources": _sources,
}


def resolve_specs(text: str | None) -> list[RuleSet]:
    """Rule sets from ``all``, ``puff``, ``brade`` or rule-set strings (space or comma separated).

    Raises :class:`~puffteach.rules.RuleSetError` (a ``ValueError``) for a bad rule set.
    """
    words = (text or "all").replace(",", " ").split()
    names: list[str] = []
    for w in words:
        group = {"all": ALL_PRESETS, "puff": PUFF, "brade": BRADE, "bräde": BRADE}.get(w)
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
