"""The book's rule-set comparison tables, computed from the rule sets' data
(:class:`~puffteach.rules.PuffRules`, :class:`~puffteach.rules.BradeRules`).

Chapter 7 (and any page) shows them with the ``ruleset-table`` directive, so the book cannot
drift from the engine: every cell is derived from a rule set's fields, and a field value this
module has no words for is an error (the build fails until the words are written).

A cell is a string; text between backticks is a rule id or code and is set as code. What a
row says about one family's own fields comes from that family's function in a table keyed by
the family (``_PASCH``, ``_ENTERING``, …), which takes the rule set as its own type.
This module needs no Sphinx; :func:`table` is also handy in a notebook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

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


def _word(mapping: dict[object, str], value: object, field: str) -> str:
    try:
        return mapping[value]
    except (KeyError, TypeError):
        raise ValueError(
            f"the book has no words for {field}={value!r}; "
            "add them to puffteach/sphinxext/tables.py"
        ) from None


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
LAYOUT: Final[dict[object, str]] = {
    "long": "long (one shared path)",
    "contrary": "contrary (head to head)",
    "double-contrary": "double contrary",
    "brade": "bräde (Black's 1 = White's 13)",
}
START: Final[dict[object, str]] = {
    0: "off the board (0)",
    1: "on the home (1)",
}
OPENING: Final[dict[object, str]] = {
    "higher": "the higher die starts",
    "lower": "the lower die starts (teka)",
}
MATCH: Final[dict[object, str]] = {
    "1a": "the loser starts",
    "1b": "tek again before every game",
    "1c": "the first roll alternates",
}
ORDER: Final[dict[object, str]] = {
    "lower-first": "the lower die first; if it cannot move, the whole roll is lost",
    "free": "either die first, as the player chooses",
}
PASCH: Final[dict[object, str]] = {
    "top-bottom": "x, x, then 7−x, 7−x",
    "top": "x, x only",
    "top2-bottom2": "x four times, then 7−x four times",
    "four": "x four times (alla)",
}
REROLL: Final[dict[object, str]] = {
    "never": "never",
    "later": "after every later pasch",
    "all": "after every pasch",
}
BURST_ENTRY: Final[dict[object, str]] = {
    "none": "—",
    "5a": "when more checkers wait than free points",
    "5b": "when all six first-quarter points are blocked",
}
WALL: Final[dict[object, str]] = {
    "none": "a band can never be landed on",
    "6a": "six or more in a row allowed, but burstable",
    "6b": "six in a row may not be made",
}
BEAROFF: Final[dict[object, str]] = {
    "rearmost": "rearmost checker only, with the exact or a larger die",
    "any-over": "any checker, with the exact or a larger die (extra pips lost)",
    "8a": "any checker; a larger die may be reduced, most pips used",
    "8b": "rearmost checker only; a larger die may be reduced",
    "8c": "exact number only; a larger die is forfeited",
    "8d": "exact only while the opponent holds his huk, otherwise as 8a",
}
SCORING: Final[dict[object, str]] = {
    "lt": "1; schneider 2 (loser still in his first quarter); 3 if he has a hit checker",
    "pi": "1; Schneider 2 (loser has borne off none)",
    "gp": "1 (no schneider)",
    "brade": "by the points table",
}
BEAUTIFUL: Final[dict[object, str]] = {
    "none": "—",
    "14a": "after the whole roll, moved with most pips",
    "14b": "as soon as it stands",
}
ONE_DIE: Final[dict[object, str]] = {
    "none": "—",
    "15a": "series of three one-die rolls",
    "15b": "as 15a; a second series binds to one die for the game",
}
JAN_WHEN: Final[dict[object, str]] = {
    "24a": "as soon as one die makes it",
    "24b": "after the whole roll (most pips)",
}
RESIGN: Final[dict[object, str]] = {
    "4a": "allowed for a hemspel's points (conditions)",
    "4b": "not allowed",
    "4c": "not allowed; an early jan scores as hemspel",
}
OPENING_SIX: Final[dict[object, str]] = {
    "none": "—",
    "2a": "6-6 may put six on point 7",
    "2b": "as 2a; an answering six-out sends them home",
    "2c": "as 2b, for as long as 6-6 answers 6-6",
}
OUTCOME_ROWS: Final[dict[str, str]] = {
    "hemspel": "hemspel",
    "uppspel": "uppspel",
    "trappspel": "trappspel",
    "kronspel": "kronspel",
    "munk": "munk bonus",
    "jan": "jan",
    "sprangjan": "sprängjan",
}
PATTERN: Final[dict[object, str]] = {
    "enkelt-kronspel": "enkelt kronspel",
    "dubbelt-kronspel": "dubbelt kronspel",
    "trappspel": "trappspel",
    "uppspel": "uppspel",
    "kejsarspel": "kejsarspel",
    "triangel": "triangel",
    "nio-fem-ett": "nio-fem-ett",
}


def _points_source(code: str) -> str:
    if code == "bh":
        return "BH (family)"
    summary = _brade.CODES[code][0]
    return f"{code}: {summary.removeprefix('points: ')}"


def _yes(flag: bool, text: str = "yes") -> str:
    return text if flag else "—"


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
_NEXT_GAME: Final[dict[str, Callable[[RuleSet], str]]] = {
    "puff": lambda rs: "—",
    "brade": lambda rs: _word(MATCH, BradeRules.narrow(rs).match_start, "match_start"),
}


def _codes_of(rs: RuleSet) -> dict[str, str]:
    return _CODES_OF[rs.family](rs)


# ------------------------------------------------------------------------------- tables
def _start(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        codes = _codes_of(rs)
        opening_ids = _START_IDS[rs.family](rs)
        match = _NEXT_GAME[rs.family](rs)
        if "1" in codes:
            match += f" ({_rv(codes['1'])})"
        rows.append(
            (
                _name(rs),
                rs.source,
                _word(LAYOUT, rs.layout, "layout"),
                _word(START, rs.start_point, "start_point"),
                _word(OPENING, rs.opening, "opening"),
                match,
                _ids(*opening_ids),
            )
        )
    return Table(
        "Who starts",
        ("Rule set", "Source", "Layout", "Checkers begin", "Opening roll", "Next game", "Rules"),
        tuple(rows),
    )


def _dice(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        if not rs.maximise:
            must = "die by die: a die that can move must move, no look-ahead"
        elif rs.higher_die:
            must = "as many dice as possible; the higher if only one can move"
        else:
            must = "both whenever some order allows; else either one"
        rows.append(
            (
                _name(rs),
                _word(ORDER, rs.dice_order, "dice_order"),
                must,
                _ids(rs.rule_id("order"), rs.rule_id("must")),
            )
        )
    return Table(
        "The order of the dice", ("Rule set", "Unequal dice", "Using them", "Rules"), rows_t(rows)
    )


def _pasch(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        again = _word(REROLL, rs.pasch_reroll, "pasch_reroll")
        more, extra = _PASCH[rs.family](rs)
        again += more
        rows.append(
            (
                _name(rs),
                _word(PASCH, rs.first_pasch, "first_pasch"),
                _word(PASCH, rs.later_pasch, "later_pasch"),
                again,
                "; ".join(extra) or "—",
                _ids(rs.rule_id("pasch-1"), rs.rule_id("pasch-n")),
            )
        )
    return Table(
        "Pasches (x is the top face, 7−x the face beneath it)",
        ("Rule set", "First pasch", "Later pasches", "Roll again", "Also", "Rules"),
        rows_t(rows),
    )


def _puff_pasch(rs: RuleSet) -> tuple[str, list[str]]:
    """Puff's part of a pasch row: when the re-roll needs a complete pasch, and the options."""
    puff = PuffRules.narrow(rs)
    more = ", if it was moved in full" if puff.reroll_needs_complete else ""
    extra = []
    if puff.fourth_pasch:
        extra.append("the 4th in a row: x, x only, turn ends (`fourth-pasch`)")
    if puff.generalpasch:
        extra.append("the generalpasch may be played as any pasch (`generalpasch`)")
    return more, extra


def _brade_pasch(rs: RuleSet) -> tuple[str, list[str]]:
    """Bräde's part of a pasch row: RV 25's re-roll."""
    return "", ["one re-roll per game (`RV-25`)"] if BradeRules.narrow(rs).reroll_once else []


_PASCH: Final[dict[str, Callable[[RuleSet], tuple[str, list[str]]]]] = {
    "puff": _puff_pasch,
    "brade": _brade_pasch,
}


def _entering(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        waiting = (
            "all must enter before any other checker moves"
            if rs.enter_first
            else "board checkers may move meanwhile"
        )
        own = "yes" if rs.enter_own else "no (the home neither)"
        burst, first, ids = _ENTERING[rs.family](rs)
        rows.append((_name(rs), waiting, own, burst, first, _ids(*ids)))
    return Table(
        "Entering and re-entering",
        (
            "Rule set",
            "Waiting checkers",
            "Onto own checkers",
            "Bursting a band",
            "First roll",
            "Rules",
        ),
        rows_t(rows),
    )


def _puff_entering(rs: RuleSet) -> tuple[str, str, list[str]]:
    """Puff's bursting (none), first roll (long-puff-entry) and rules of an entering row."""
    first = "—"
    if PuffRules.narrow(rs).long_entry:
        first = "first roll enters two, no hitting (`long-puff-entry`)"
    return _word(BURST_ENTRY, "none", "burst_entry"), first, [rs.rule_id("enter")]


def _brade_entering(rs: RuleSet) -> tuple[str, str, list[str]]:
    """Bräde's bursting (RV 5), first roll (RV 2's six-out) and rules of an entering row."""
    brade = BradeRules.narrow(rs)
    burst = _word(BURST_ENTRY, brade.burst_entry, "burst_entry")
    if brade.burst_entry != "none":
        burst += f" ({_rv(brade.burst_entry)})"
    first = "—"
    if brade.opening_six != "none":
        first = f"{_word(OPENING_SIX, brade.opening_six, 'opening_six')} ({_rv(brade.opening_six)})"
    ids = [rs.rule_id("enter"), "B-burst-entry" if brade.burst_entry == "5b" else ""]
    return burst, first, ids


_ENTERING: Final[dict[str, Callable[[RuleSet], tuple[str, str, list[str]]]]] = {
    "puff": _puff_entering,
    "brade": _brade_entering,
}


def _bands(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        noband, wall, extra, ids = _BANDS[rs.family](rs)
        rows.append((_name(rs), noband, wall, "; ".join(extra) or "—", _ids(*ids)))
    return Table(
        "Blots and bands",
        ("Rule set", "No bands allowed", "Bands in a row", "Also", "Rules"),
        rows_t(rows),
    )


def _puff_bands(rs: RuleSet) -> tuple[str, str, list[str], list[str]]:
    """Puff's row of the bands table: no band rules beyond landing and hitting."""
    return "—", _word(WALL, "none", "wall"), [], [rs.rule_id("land"), rs.rule_id("hit")]


def _brade_bands(rs: RuleSet) -> tuple[str, str, list[str], list[str]]:
    """Bräde's row of the bands table: B-noband, RV 6's walls, RV 7 and RV 3."""
    brade = BradeRules.narrow(rs)
    noband = "—" if brade.noband is None else f"on points {brade.noband[0]}–{brade.noband[1]}"
    wall = _word(WALL, brade.wall, "wall")
    if brade.wall != "none":
        wall += f" ({_rv(brade.wall)})"
    extra = []
    if brade.huk_burst:
        extra.append("a huk band may be burst (`RV-7`)")
    if brade.five_blots:
        extra.append("five blots before the first band (`RV-3`)")
    ids = [rs.rule_id("land"), rs.rule_id("hit")]
    if brade.noband is not None:
        ids.append(rs.rule_id("noband"))
    return noband, wall, extra, ids


_BANDS: Final[dict[str, Callable[[RuleSet], tuple[str, str, list[str], list[str]]]]] = {
    "puff": _puff_bands,
    "brade": _brade_bands,
}


def _bearoff(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        how = _word(BEAROFF, rs.bearoff, "bearoff")
        if rs.bearoff.startswith("8"):
            how += f" ({_rv(rs.bearoff)})"
        extra = _BEAROFF[rs.family](rs)
        rows.append(
            (
                _name(rs),
                "all fifteen in the fourth quarter (19–24)",
                how,
                "; ".join(extra) or "—",
                _ids(rs.rule_id("bearoff")),
            )
        )
    return Table(
        "Bearing off",
        ("Rule set", "When", "Which checker, which die", "Also", "Rules"),
        rows_t(rows),
    )


def _puff_bearoff(rs: RuleSet) -> list[str]:
    """Puff's bear-off option (exact-25)."""
    if PuffRules.narrow(rs).exact_25:
        return ["any checker with the exact number (`exact-25`)"]
    return []


def _brade_bearoff(rs: RuleSet) -> list[str]:
    """Bräde's bear-off paragraphs beside RV 8 (RV 9, RV 10)."""
    brade = BradeRules.narrow(rs)
    extra = []
    if brade.bear_bands_only:
        extra.append("beginning only once every checker there stands in a band (`RV-9`)")
    if brade.huk_blocks_bearoff:
        extra.append("not while the opponent holds his huk (`RV-10`)")
    return extra


_BEAROFF: Final[dict[str, Callable[[RuleSet], list[str]]]] = {
    "puff": _puff_bearoff,
    "brade": _brade_bearoff,
}


def _scoring(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in specs:
        ways, points = _WAYS[rs.family](rs)
        rows.append(
            (
                _name(rs),
                ways,
                _word(SCORING, rs.scoring, "scoring"),
                points,
                _ids(rs.rule_id("win")),
            )
        )
    return Table(
        "Winning and scoring",
        ("Rule set", "Ways to win", "Score", "Points table", "Rules"),
        rows_t(rows),
    )


def _puff_ways(rs: RuleSet) -> tuple[str, str]:
    ways = "bear off all fifteen"
    if PuffRules.narrow(rs).tower_goose:
        ways += "; tower 4, goose march 3 (`tower-goose`)"
    return ways, "—"


def _brade_ways(rs: RuleSet) -> tuple[str, str]:
    brade = BradeRules.narrow(rs)
    ways = ", ".join(["hemspel", "jan", "sprängjan", *(PATTERN[p] for p in brade.patterns)])
    return ways, _points_source(brade.points)


_WAYS: Final[dict[str, Callable[[RuleSet], tuple[str, str]]]] = {
    "puff": _puff_ways,
    "brade": _brade_ways,
}


def _brade_wins(specs: list[RuleSet]) -> Table:
    rows = []
    for rs in _brades(specs):
        munk = "one point per waiting checker (`RV-20`)" if rs.munk_graded else "as the table"
        jan = _word(JAN_WHEN, rs.jan_when, "jan_when")
        if rs.jan_graded:
            jan += "; graded (`RV-21`)"
        rows.append(
            (
                _name(rs),
                _word(BEAUTIFUL, rs.beautiful, "beautiful") + f" ({_rv(rs.beautiful)})",
                _word(ONE_DIE, rs.one_die, "one_die") + f" ({_rv(rs.one_die)})",
                jan + f" ({_rv(rs.jan_when)})",
                munk,
                _word(RESIGN, rs.resign, "resign") + f" ({_rv(rs.resign)})",
            )
        )
    return Table(
        "Bräde: beautiful plays, jan, munk and resigning",
        ("Rule set", "A pattern counts", "One-die rule", "Jan counts", "Munk", "Resigning"),
        rows_t(rows),
    )


def _points(specs: list[RuleSet]) -> Table:
    tables = list(_brade.POINTS)
    used: dict[str, list[str]] = {t: [] for t in tables}
    for rs in _brades(specs):
        used[rs.points].append(f"`{rs.name}`")
    header = ("Outcome", *(_points_source(t) for t in tables))
    rows = []
    for row, label in OUTCOME_ROWS.items():
        also = [PATTERN.get(k, k) for k, v in _brade.VALUED_AS.items() if v == row and k != row]
        if also:
            label += f" ({', '.join(also)})"
        rows.append((label, *(str(_brade.POINTS[t][row]) for t in tables)))
    rows.append(("used by", *(", ".join(used[t]) or "—" for t in tables)))
    return Table("Points (RV 26; BH counts games)", header, rows_t(rows))


def _roll_names(specs: list[RuleSet]) -> Table:
    rows = [(f"{a}-{b}", name) for (a, b), name in _brade.ROLL_NAMES.items()]
    return Table("Roll names (RV 23)", ("Roll", "Name"), rows_t(rows))


def _codes(specs: list[RuleSet]) -> Table:
    eff = {rs.name: _brade.effective_codes(rs) for rs in _groups(specs)["brade"]}
    rows = []
    for code, (summary, _) in _brade.CODES.items():
        where = [f"`{n}`" for n, codes in eff.items() if codes.get(_brade.slot(code)) == code]
        rows.append((f"`{code}`", RULES[f"RV-{code}"].section, summary, ", ".join(where) or "—"))
    return Table(
        "The numbered bräde variants (RV)",
        ("Code", "RV section", "Rule", "In force in"),
        rows_t(rows),
    )


def _options(specs: list[RuleSet]) -> Table:
    rows = []
    for code in PUFF_OPTIONS:
        r = RULES[code]
        where = [f"`{rs.name}`" for rs in _groups(specs)["puff"] if _has_option(rs, code)]
        rows.append((f"`{code}`", r.cite(), r.summary, ", ".join(where) or "—"))
    return Table("Puff options", ("Option", "Source", "Rule", "On in"), rows_t(rows))


def _has_option(rs: RuleSet, code: str) -> bool:
    changes = PUFF_OPTIONS[code]
    return all(getattr(rs, k) == v for k, v in changes.items())


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule's row in the ``rules`` table, e.g. ``rule-p-order``."""
    return "rule-" + rule_id.lower()


def _rules(specs: list[RuleSet]) -> Table:
    rows = [(f"`{r.id}`", r.source, r.section, r.summary) for r in RULES.values()]
    return Table(
        "Every rule the engine applies",
        ("Id", "Source", "Section", "Summary"),
        rows_t(rows),
        anchors=tuple(rule_anchor(r.id) for r in RULES.values()),
    )


def _sources(specs: list[RuleSet]) -> Table:
    rows = []
    for key, title in SOURCES.items():
        presets = [f"`{rs.name}`" for rs in specs if rs.source == key]
        rows.append((key, title, ", ".join(presets) or "(the codes of RV)"))
    return Table("Sources", ("Key", "Source", "Rule sets"), rows_t(rows))


KINDS: Final[dict[str, Callable[[list[RuleSet]], Table]]] = {
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


def table(kind: str, specs: str | Iterable[str | RuleSet] | None = None) -> Table:
    """Build the ``kind`` table (one of :data:`KINDS`) for rule sets (default: every preset)."""
    if kind not in KINDS:
        raise ValueError(f"unknown table {kind!r}; tables: {', '.join(KINDS)}")
    if specs is None or isinstance(specs, str):
        chosen = resolve_specs(specs)
    else:
        chosen = [rules(s) for s in specs]
    return KINDS[kind](chosen)
