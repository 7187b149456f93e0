"""Rule sets typed per family: every preset and code builds the same values as before the split.

``tests/golden/rulesets.json`` was dumped from the single flat ``RuleSet`` (51 fields, both
families' fields on every rule set) before it was split into :class:`PuffRules` and
:class:`BradeRules`: for every preset, every preset with one code, and some combinations, the
value of every field and the net's rule input units. It is a record, not generated again.
"""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from pathlib import Path
from typing import Any

import pytest

from puffteach import Position, rules
from puffteach.families import family_of
from puffteach.families.brade import BRADE
from puffteach.families.puff import PUFF
from puffteach.movegen import begin, plans
from puffteach.players.net import _rule_bits
from puffteach.rules import ALL_PRESETS, BradeRules, PuffRules, RuleSet

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


# ------------------------------------------------------------------------------- the types
def test_each_family_has_its_own_type() -> None:
    """A Puff preset builds a PuffRules, a bräde preset a BradeRules; both are RuleSets and
    name their family; the shared base alone is no rule set."""
    puff, brade = rules("kontrar-puff+generalpasch"), rules("brade-standard+8b")
    assert type(puff) is PuffRules and puff.family == "puff" and isinstance(puff, RuleSet)
    assert type(brade) is BradeRules and brade.family == "brade" and isinstance(brade, RuleSet)
    assert puff.generalpasch and brade.bearoff == "8b"
    assert not hasattr(puff, "wall") and not hasattr(brade, "generalpasch")
    with pytest.raises(TypeError):
        RuleSet(name="x", preset="x", codes=(), source="LT", layout="long")


def test_a_field_of_the_other_family_is_refused() -> None:
    """Building a Puff rule set with a bräde field (or the reverse) fails at once."""
    with pytest.raises(TypeError, match="noband"):
        PuffRules(name="x", preset="x", codes=(), source="LT", layout="long", noband=(2, 11))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="tower_goose"):
        BradeRules(name="x", preset="x", codes=(), source="RV", layout="brade", tower_goose=True)  # type: ignore[call-arg]


def test_family_modules_take_only_their_own_rule_sets() -> None:
    """Each family is a ``Family`` of its own rule-set type, and ``family_of`` hands every
    preset's rule set to the family of its type; a method that gets the rule set with a turn
    refuses another family's (TypeError) instead of reading a field that is not there."""
    assert typing.get_args(type(PUFF).__orig_bases__[0]) == (PuffRules,)  # type: ignore[attr-defined]
    assert typing.get_args(type(BRADE).__orig_bases__[0]) == (BradeRules,)  # type: ignore[attr-defined]
    for name in ALL_PRESETS:
        rs = rules(name)
        fam = family_of(rs)
        assert typing.get_args(type(fam).__orig_bases__[0]) == (type(rs),), name  # type: ignore[attr-defined]
    puff, brade = rules("lang-puff"), rules("brade-family")
    assert PUFF.keys(puff) == {"wpasch", "bpasch", "streak"}  # LT: a later pasch rolls again
    assert BRADE.keys(brade) == {"wonedie", "bonedie", "wseries", "bseries"}  # BH's 15a
    brade_turn = begin(brade, Position.start(brade), plans(brade, Position.start(brade), (3, 1))[0])
    puff_turn = begin(puff, Position.start(puff), plans(puff, Position.start(puff), (3, 1))[0])
    with pytest.raises(TypeError, match="not a PuffRules"):
        PUFF.finish(brade_turn)
    with pytest.raises(TypeError, match="not a BradeRules"):
        BRADE.finish(puff_turn)
    assert PuffRules.narrow(puff) is puff
    with pytest.raises(TypeError, match="brade-family is a BradeRules, not a PuffRules"):
        PuffRules.narrow(brade)


#: a Puff preset with a bräde field, a bräde preset with a Puff field, a Puff field of the
#: wrong value, the Puff family handed a bräde rule set: mypy (strict, the project's
#: configuration) must refuse each of these lines (4, 5, 6 and 10)
_MISTYPED = """
from puffteach.rules import BradeFields, PuffFields

A_PUFF = PuffFields(source="LT", layout="long", wall="6a")
A_BRADE = BradeFields(source="RV", layout="brade", generalpasch=True)
WRONG = PuffFields(source="LT", layout="long", bearoff="8a")
from puffteach.families.puff import PUFF
from puffteach.rules import BradeRules
def keys(rs: BradeRules) -> frozenset[str]:
    return PUFF.keys(rs)
"""


def test_mypy_refuses_a_field_of_the_other_family(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The per-family typed dicts make the type checker reject a bräde field in a Puff preset
    (and the reverse, and a bräde value in a Puff field), and the Puff family a bräde rule
    set."""
    api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)  # where mypy finds puffteach
    bad = tmp_path / "bad_preset.py"
    bad.write_text(_MISTYPED, encoding="utf-8")
    out, _, status = api.run(["--strict", "--no-incremental", "--cache-dir", os.devnull, str(bad)])
    assert status == 1, out
    lines = {line.split(":")[1] for line in out.splitlines() if ": error:" in line}
    assert lines == {"4", "5", "6", "10"}, out
    assert 'key "wall"' in out and 'key "generalpasch"' in out and "'8a'" in out
