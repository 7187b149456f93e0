"""Rule sets typed per family: every preset and code builds the same values as before the split.

``tests/golden/rulesets.json`` was dumped from the single flat ``RuleSet`` (51 fields, both
families' fields on every rule set) before it was split into :class:`PuffRules` and
:class:`BradeRules`: for every preset, every preset with one code, and some combinations, the
value of every field and the net's rule input units. It is a record, not generated again.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from puffteach import rules
from puffteach.players.net import _rule_bits

GOLDEN = json.loads(
    (Path(__file__).resolve().parent / "golden" / "rulesets.json").read_text(encoding="utf-8")
)
FIELDS: list[str] = GOLDEN["fields"]
SETS: dict[str, dict[str, Any]] = GOLDEN["rule_sets"]


def _json(value: object) -> object:
    return json.loads(json.dumps(value))


def _old(spec: str) -> dict[str, object]:
    return dict(zip(FIELDS, SETS[spec]["values"], strict=True))


def test_golden_covers_every_preset_and_code() -> None:
    """The record holds every preset with each code of its family (196 rule sets in all)."""
    assert len(SETS) == 196
    assert {"lang-puff+generalpasch", "vasamuseet+26e", "brade-standard+5a-strict"} <= set(SETS)


@pytest.mark.parametrize("spec", sorted(SETS))
def test_same_values_as_before_the_split(spec: str) -> None:
    """Every field a rule set has keeps its old value, and its name is unchanged; a field it no
    longer has belonged to the other family and had the same value in every rule set of this
    family before the split (so it told nothing)."""
    rs = rules(spec)
    old = _old(spec)
    assert rs.name == SETS[spec]["name"] and str(rs) == old["name"]
    assert rs.family == old["family"]
    have = {f.name for f in dataclasses.fields(rs)}
    for name, value in old.items():
        if name == "family":
            continue
        if name in have:
            assert _json(getattr(rs, name)) == value, name
        else:
            same = {json.dumps(_old(s)[name]) for s in SETS if _old(s)["family"] == rs.family}
            assert same == {json.dumps(value)}, f"{name} was not constant for {rs.family}"


@pytest.mark.parametrize("spec", sorted(SETS))
def test_same_net_rule_inputs(spec: str) -> None:
    """The net's rule inputs (the shipped weights were trained on them) are unchanged."""
    assert [i for i, _ in _rule_bits(rules(spec))] == SETS[spec]["net"]
