"""What bräde's rows say in the book's rule-set tables (:class:`~puffteach.book_cells.BookRows`),
from bräde's own fields, and bräde's own tables (wins, points, roll names, RV codes).
``families/__init__.py`` gives it to :data:`~puffteach.families.brade.BRADE`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..book_cells import BookRows, Table, header, rows_t, rv, w, word
from ..book_cells import name as _name
from ..messages import text
from ..rules import RULES, BradeRules
from ..rules import brade as _brade

if TYPE_CHECKING:
    from ..rules import RuleSet

__all__ = ["BRADE_BOOK", "OUTCOME_ROWS", "PATTERN"]

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


def _points_source(code: str, lang: str) -> str:
    """A points table's column: ``a: Regler för bräde 2005`` (the source's title stays)."""
    if code == "bh":
        return w(lang, "cell.family")
    summary = text(f"rule.RV-{code}", lang)  # "points: <title>" in the page's language
    return f"{code}: {summary.split(': ', 1)[-1]}"


def _start_ids(rs: RuleSet) -> tuple[str, ...]:
    return (rs.rule_id("start"), "B-tek")


def _next_game(rs: RuleSet, lang: str) -> str:
    return word("match_start", BradeRules.narrow(rs).match_start, lang)


def _pasch(rs: RuleSet, lang: str) -> tuple[bool, list[str]]:
    """Bräde's part of a pasch row: RV 25's re-roll."""
    return False, [w(lang, "cell.reroll_once")] if BradeRules.narrow(rs).reroll_once else []


def _entering(rs: RuleSet, lang: str) -> tuple[str, str, list[str]]:
    """Bräde's bursting (RV 5), first roll (RV 2's six-out) and rules of an entering row."""
    brade = BradeRules.narrow(rs)
    burst = word("burst_entry", brade.burst_entry, lang)
    if brade.burst_entry != "none":
        burst += f" ({rv(brade.burst_entry)})"
    first = w(lang, "cell.none")
    if brade.opening_six != "none":
        first = f"{word('opening_six', brade.opening_six, lang)} ({rv(brade.opening_six)})"
    ids = [rs.rule_id("enter"), "B-burst-entry" if brade.burst_entry == "5b" else ""]
    return burst, first, ids


def _bands(rs: RuleSet, lang: str) -> tuple[str, str, list[str], list[str]]:
    """Bräde's row of the bands table: B-noband, RV 6's walls, RV 7 and RV 3."""
    brade = BradeRules.narrow(rs)
    noband = (
        w(lang, "cell.none")
        if brade.noband is None
        else w(lang, "cell.noband", a=brade.noband[0], b=brade.noband[1])
    )
    wall = word("wall", brade.wall, lang)
    if brade.wall != "none":
        wall += f" ({rv(brade.wall)})"
    extra = []
    if brade.huk_burst:
        extra.append(w(lang, "cell.huk_burst"))
    if brade.five_blots:
        extra.append(w(lang, "cell.five_blots"))
    ids = [rs.rule_id("land"), rs.rule_id("hit")]
    if brade.noband is not None:
        ids.append(rs.rule_id("noband"))
    return noband, wall, extra, ids


def _bearoff(rs: RuleSet, lang: str) -> tuple[str, list[str]]:
    """Bräde's bear-off: which checkers (RV 8, its paragraph named) and the paragraphs beside
    it (RV 9, RV 10)."""
    brade = BradeRules.narrow(rs)
    how = f"{word('bearoff', brade.bearoff, lang)} ({rv(brade.bearoff)})"
    extra = []
    if brade.bear_bands_only:
        extra.append(w(lang, "cell.bearoff_bands_only"))
    if brade.huk_blocks_bearoff:
        extra.append(w(lang, "cell.bearoff_huk_blocks"))
    return how, extra


def _ways(rs: RuleSet, lang: str) -> tuple[str, str]:
    brade = BradeRules.narrow(rs)
    ways = ", ".join(["hemspel", "jan", "sprängjan", *(PATTERN[p] for p in brade.patterns)])
    return ways, _points_source(brade.points, lang)


# ------------------------------------------------------------------------ bräde's own tables
def _wins(specs: list[RuleSet], lang: str) -> Table:
    rows = []
    for rs in map(BradeRules.narrow, specs):
        munk = w(lang, "cell.munk_graded" if rs.munk_graded else "cell.munk_table")
        jan = word("jan_when", rs.jan_when, lang)
        if rs.jan_graded:
            jan = w(lang, "cell.jan_graded", jan=jan)
        rows.append(
            (
                _name(rs),
                word("beautiful", rs.beautiful, lang) + f" ({rv(rs.beautiful)})",
                word("one_die", rs.one_die, lang) + f" ({rv(rs.one_die)})",
                jan + f" ({rv(rs.jan_when)})",
                munk,
                word("resign", rs.resign, lang) + f" ({rv(rs.resign)})",
            )
        )
    return Table(
        w(lang, "title.brade-wins"),
        header(lang, "rule_set", "pattern_counts", "one_die", "jan_counts", "munk", "resigning"),
        rows_t(rows),
    )


def _points(specs: list[RuleSet], lang: str) -> Table:
    tables = list(_brade.POINTS)
    used: dict[str, list[str]] = {t: [] for t in tables}
    for rs in map(BradeRules.narrow, specs):
        used[rs.points].append(f"`{rs.name}`")
    head = (w(lang, "col.outcome"), *(_points_source(t, lang) for t in tables))
    rows = []
    for row, label in OUTCOME_ROWS.items():
        label = label or w(lang, "cell.munk_bonus")
        also = [PATTERN.get(k, k) for k, v in _brade.VALUED_AS.items() if v == row and k != row]
        if also:
            label += f" ({', '.join(also)})"
        rows.append((label, *(str(_brade.POINTS[t][row]) for t in tables)))
    none = w(lang, "cell.none")
    rows.append((w(lang, "cell.used_by"), *(", ".join(used[t]) or none for t in tables)))
    return Table(w(lang, "title.points"), head, rows_t(rows))


def _roll_names(specs: list[RuleSet], lang: str) -> Table:
    rows = [(f"{a}-{b}", name) for (a, b), name in _brade.ROLL_NAMES.items()]
    return Table(w(lang, "title.roll-names"), header(lang, "roll", "name"), rows_t(rows))


def _codes(specs: list[RuleSet], lang: str) -> Table:
    eff = {rs.name: _brade.effective_codes(rs) for rs in specs}
    rows = []
    for code in _brade.CODES:
        r = RULES[f"RV-{code}"]
        where = [f"`{n}`" for n, codes in eff.items() if codes.get(_brade.slot(code)) == code]
        none = w(lang, "cell.none")
        rows.append((f"`{code}`", r.section, r.summary_text(lang), ", ".join(where) or none))
    return Table(
        w(lang, "title.codes"),
        header(lang, "code", "rv_section", "rule", "in_force"),
        rows_t(rows),
    )


BRADE_BOOK: Final = BookRows(
    codes=_brade.effective_codes,
    start_ids=_start_ids,
    next_game=_next_game,
    pasch=_pasch,
    entering=_entering,
    bands=_bands,
    bearoff=_bearoff,
    ways=_ways,
    tables={"brade-wins": _wins, "points": _points, "roll-names": _roll_names, "codes": _codes},
    aliases=("bräde",),
)
