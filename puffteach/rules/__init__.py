"""Rule sets as data: presets, option codes and the ``preset+code…`` parser.

A rule set is a frozen dataclass of its family, :class:`PuffRules` or :class:`BradeRules`
(both a :class:`RuleSet`: the fields the families share); every variant of a family is a
different value of its fields, never a subclass. ``rules("kontrar-puff+generalpasch")`` parses
a rule-set string.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, overload

from ..messages import catalogue, default_language, language
from .base import (
    _DEFAULT_IDS,
    _ID_MAPS,
    _KEYS,
    KEYS,
    POSITION_CHECKS,
    RULE_TYPES,
    BradeFields,
    BradeRules,
    CommonFields,
    PaschMoves,
    PuffFields,
    PuffRules,
    RuleSet,
    RuleSetError,
)
from .ids import RULES, SOURCES, Rule, rule

__all__ = [
    "KEYS",
    "POSITION_CHECKS",
    "RULE_TYPES",
    "PaschMoves",
    "CommonFields",
    "PuffFields",
    "BradeFields",
    "RuleSet",
    "PuffRules",
    "BradeRules",
    "RuleSetError",
    "rules",
    "PRESETS",
    "ALL_PRESETS",
    "MORE_PRESETS",
    "PUFF_OPTIONS",
    "plug_family",
    "unplug_family",
    "Rule",
    "RULES",
    "SOURCES",
    "rule",
    "describe",
]


_LT = PuffFields(source="LT")
_PI_IDS = (("order", "PI-order"), ("bearoff", "PI-bearoff"), ("win", "PI-win"))
_GP_IDS = (
    ("order", "GP-order"),
    ("pasch-1", "GP-pasch"),
    ("pasch-n", "GP-pasch"),
    ("bearoff", "GP-bearoff"),
    ("win", "GP-win"),
)
_PI = PuffFields(
    source="PI",
    dice_order="free",
    maximise=True,
    fourth_pasch=True,
    generalpasch=True,
    bearoff="any-over",
    tower_goose=True,
    scoring="pi",
    ids=_PI_IDS,
)

#: preset name -> PuffRules field values
PRESETS: Final[dict[str, PuffFields]] = {
    "lang-puff": PuffFields(**_LT, layout="long", title="lång puff (Lyckans Talisman)"),
    "kontrar-puff": PuffFields(**_LT, layout="contrary", title="konträr puff (Lyckans Talisman)"),
    "dubbel-kontrar-puff": PuffFields(
        **_LT, layout="double-contrary", title="dubbel konträr puff (Lyckans Talisman)"
    ),
    "pierer-langer-puff": PuffFields(**_PI, layout="long", title="langer Puff (Pierer 1861)"),
    "pierer-contrapuff": PuffFields(
        **_PI, layout="contrary", title="einfacher Contrapuff (Pierer 1861)"
    ),
    "pierer-doppelter-contrapuff": PuffFields(
        **_PI, layout="double-contrary", title="doppelter Contrapuff (Pierer 1861)"
    ),
    "gegenpuff": PuffFields(
        source="GP",
        layout="contrary",
        title="Gegenpuff (medieval reconstruction)",
        pasch_reroll="all",
        reroll_needs_complete=True,
        bearoff="any-over",
        scoring="gp",
        ids=_GP_IDS,
    ),
}

#: Puff option code -> field changes (its rule id is the code)
PUFF_OPTIONS: Final[dict[str, PuffFields]] = {
    "fourth-pasch": PuffFields(fourth_pasch=True),
    "incomplete-pasch-ends-turn": PuffFields(reroll_needs_complete=True),
    "generalpasch": PuffFields(generalpasch=True),
    "exact-25": PuffFields(exact_25=True),
    "tower-goose": PuffFields(tower_goose=True),
    "long-puff-entry": PuffFields(long_entry=True, first_pasch="top"),
}

_ALIASES: Final[dict[str, str]] = {
    "langer-puff": "pierer-langer-puff",
    "contrapuff": "pierer-contrapuff",
    "doppelter-contrapuff": "pierer-doppelter-contrapuff",
}

_CACHE: dict[str, RuleSet] = {}


def _normalise(word: str) -> str:
    w = unicodedata.normalize("NFC", word).strip().lower().replace("_", "-").replace(" ", "-")
    w = w.replace("ä", "a").replace("å", "a").replace("ö", "o")
    return _ALIASES.get(w, w)


def rules(spec: str | RuleSet) -> RuleSet:
    """Parse a rule-set string ``preset[+code…]`` into a :class:`RuleSet`.

    >>> rules("kontrar-puff+generalpasch").generalpasch
    True
    """
    if isinstance(spec, RuleSet):
        return spec
    if not isinstance(spec, str) or not spec.strip():
        raise RuleSetError("error.rules.syntax")
    if spec in _CACHE:
        return _CACHE[spec]
    head, *codes = spec.split("+")
    preset = _normalise(head)
    chosen = [_normalise(c) for c in codes]
    if preset in PRESETS:
        result: RuleSet = _build_puff(preset, PuffFields(**PRESETS[preset]), chosen)
    elif preset in brade.PRESETS:
        result = brade.build(preset, BradeFields(**brade.PRESETS[preset]), chosen)
    elif preset in MORE_PRESETS:
        result = MORE_PRESETS[preset](preset, chosen)
    else:
        raise RuleSetError("error.rules.preset", got=repr(head), presets=", ".join(ALL_PRESETS))
    _CACHE[spec] = result
    return result


#: presets of a family plugged in from outside the package (a test's toy family): preset name
#: -> the function that builds its rule set from the preset and the codes given (the
#: family's ``build``); filled by :func:`plug_family`
MORE_PRESETS: dict[str, Callable[[str, list[str]], RuleSet]] = {}

#: family name -> the presets :func:`plug_family` added to MORE_PRESETS for it
_PLUGGED: dict[str, tuple[str, ...]] = {}


def plug_family(
    name: str,
    rules_type: type[RuleSet],
    keys: Callable[[Any], frozenset[str]],
    check_position: Callable[[Any, Any], None],
    presets: tuple[str, ...],
    build: Callable[[str, list[str]], RuleSet],
) -> None:
    """Make the rule data know a family (called by :func:`puffteach.families.register`): its
    rule-set class (``describe``), its state keys and position checks, and its presets, so
    :func:`rules` builds them (with ``build``) and :data:`ALL_PRESETS` lists them. The
    package's own presets are parsed by :func:`rules` itself (so the rule data works before
    the families are registered); a family registered again replaces its entries."""
    unplug_family(name)
    RULE_TYPES[name] = rules_type
    KEYS[name] = keys
    POSITION_CHECKS[name] = check_position
    own = tuple(p for p in presets if p not in PRESETS and p not in brade.PRESETS)
    for p in own:
        MORE_PRESETS[p] = build
    _PLUGGED[name] = own


def unplug_family(name: str) -> None:
    """Forget a family :func:`plug_family` made known, with the rule sets of it already built
    (a test's toy family takes itself out again)."""
    own = _PLUGGED.pop(name, ())
    for p in own:
        MORE_PRESETS.pop(p, None)
    RULE_TYPES.pop(name, None)
    KEYS.pop(name, None)
    POSITION_CHECKS.pop(name, None)
    for spec, rs in list(_CACHE.items()):
        if rs.preset in own:
            del _CACHE[spec]
            _KEYS.pop(rs.name, None)
            _ID_MAPS.pop(rs.name, None)


def _build_puff(preset: str, values: PuffFields, codes: list[str]) -> PuffRules:
    chosen: list[str] = []
    for code in codes:
        if code not in PUFF_OPTIONS:
            raise RuleSetError(
                "error.rules.brade_code" if code[:1].isdigit() else "error.rules.option",
                got=repr(code),
                preset=preset,
                options=", ".join(PUFF_OPTIONS),
            )
        if code == "long-puff-entry" and values["layout"] != "long":
            raise RuleSetError("error.rules.long_puff_entry", preset=preset)
        if code not in chosen:
            chosen.append(code)
    order = list(PUFF_OPTIONS)
    chosen.sort(key=order.index)
    for code in chosen:
        values.update(PUFF_OPTIONS[code])
    name = "+".join([preset, *chosen])
    return PuffRules(name=name, preset=preset, codes=tuple(chosen), **values)


def describe(rs: RuleSet, lang: str | None = None) -> dict[str, object]:
    """A JSON-friendly description of a rule set (used by ``puffteach rules NAME``); its words
    (the preset's ``title``, ``summaries`` of its rules, ``advice``) in ``lang`` (None: the
    default language, :func:`~puffteach.messages.default_language`)."""
    lang = default_language() if lang is None else language(lang)
    own = dataclasses.asdict(rs)
    data: dict[str, object] = {k: own[k] for k in ("name", "preset", "codes")}
    data["family"] = rs.family
    # every rule set lists the fields of every registered family (the other families' at
    # their neutral defaults), in the order the families were registered, so the JSON has the
    # same keys whatever the family
    for kind in RULE_TYPES.values():
        for f in dataclasses.fields(kind):
            if f.name not in data and f.name != "ids":
                data[f.name] = own.get(f.name, f.default)
    # the preset's title from the catalogue (a family plugged in from outside the package may
    # bring none: then its rule set's own title)
    data["title"] = catalogue(lang).get(f"preset.{rs.preset}") or rs.title
    data["ids"] = dict(rs.ids)
    data["source_title"] = SOURCES[rs.source]
    data["rules"] = sorted(
        {rs.rule_id(c) for c in _DEFAULT_IDS} | set(PUFF_OPTIONS.keys() & set(rs.codes))
    )
    data["advice"] = []  # combinations the source advises against (accepted)
    _DESCRIBE.get(rs.family, _as_is)(rs, data, lang)
    data["summaries"] = {r: RULES[r].summary_text(lang) for r in rs_rules(data)}
    return data


def _as_is(rs: RuleSet, data: dict[str, object], lang: str) -> None:
    return None


def _describe_brade(rs: RuleSet, data: dict[str, object], lang: str) -> None:
    """The RV paragraphs in force, RV's advice, and their rule ids."""
    data["advice"] = brade.advice(rs, lang)
    codes = sorted(brade.effective_codes(rs).values(), key=brade.paragraph)
    data["effective_codes"] = codes
    data["rules"] = sorted({*rs_rules(data), *(f"RV-{c}" for c in codes)})


def rs_rules(data: dict[str, object]) -> list[str]:
    found = data["rules"]
    assert isinstance(found, list)
    return [str(x) for x in found]


from . import brade  # noqa: E402  (the bräde presets and codes)

#: what the description of a family's rule sets adds
_DESCRIBE: Final[dict[str, Callable[[RuleSet, dict[str, object], str], None]]] = {
    "brade": _describe_brade,
}


class _AllPresets(Sequence[str]):
    """Every preset name: the package's own, Puff first (the design's order), then those of
    the families plugged in (:func:`plug_family`, through ``families.register``) in the order
    they came. A read-only view, so it follows the registry: a family registered later is in
    it at once (``tuple(ALL_PRESETS)`` takes a copy)."""

    def _names(self) -> tuple[str, ...]:
        return (*PRESETS, *brade.PRESETS, *MORE_PRESETS)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[str, ...]: ...
    def __getitem__(self, i: int | slice) -> str | tuple[str, ...]:
        return self._names()[i]

    def __len__(self) -> int:
        return len(PRESETS) + len(brade.PRESETS) + len(MORE_PRESETS)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in PRESETS or name in brade.PRESETS or name in MORE_PRESETS

    def __repr__(self) -> str:
        return f"ALL_PRESETS{self._names()!r}"


ALL_PRESETS: Final[Sequence[str]] = _AllPresets()
