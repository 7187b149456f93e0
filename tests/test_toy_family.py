"""A third family plugs in by one module (``tests/toy_family.py``: plain backgammon movement
without doubling) and the book table, the odds, the CLI, the rule-set listings and descriptions
and a random player work for it with no change to the package. The expected plays are worked out
by hand from backgammon's rules (a double moves four times; waiting checkers enter before any
other checker moves)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
import toy_family

from conftest import cli
from puffteach import Position, odds, rules
from puffteach.families import FAMILIES, family_of
from puffteach.players.search import player
from puffteach.position import CHECKERS
from puffteach.rules import ALL_PRESETS, RuleSetError, describe
from puffteach.sphinxext import play_catalog
from puffteach.sphinxext.tables import KINDS, resolve_specs, table

SHARED = ("start", "dice", "pasch", "entering", "bands", "bearoff", "scoring")


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    toy_family.plug()
    try:
        yield
    finally:
        toy_family.unplug()


def test_the_toy_is_found_by_its_rule_sets() -> None:
    rs = rules(toy_family.PRESET)
    assert family_of(rs) is toy_family.TOY and FAMILIES["toy"] is toy_family.TOY
    assert resolve_specs("toy") == [rs]


def test_the_preset_lists_follow_the_registry() -> None:
    """``ALL_PRESETS`` (the CLI's listing, the book's ``all``, the Play page) has the toy's
    preset while the toy is registered, after every built-in one, and not once it is taken
    out: then ``rules()`` refuses the name again (no rule set of it is kept)."""
    assert toy_family.PRESET in ALL_PRESETS and ALL_PRESETS[-1] == toy_family.PRESET
    assert len(ALL_PRESETS) == len(list(ALL_PRESETS))
    assert [r.name for r in resolve_specs("all")][-1] == toy_family.PRESET
    assert cli("rules")["presets"][toy_family.PRESET] == "toy backgammon (test fixture)"
    catalog = play_catalog(lang="en")
    assert catalog["families"][toy_family.PRESET] == "toy"
    assert catalog["levels"][toy_family.PRESET][0] == "random"
    toy_family.unplug()
    try:
        assert toy_family.PRESET not in ALL_PRESETS and "toy" not in FAMILIES
        assert toy_family.PRESET not in cli("rules")["presets"]
        with pytest.raises(RuleSetError):
            rules(toy_family.PRESET)
    finally:
        toy_family.plug()
    assert isinstance(rules(toy_family.PRESET), toy_family.ToyRules)


def test_the_description_lists_every_family_s_fields() -> None:
    """``rules NAME`` describes the toy (its family, its own field) and, while the toy is
    registered, every rule set lists the toy's field too, so the fields' keys stay the same
    whatever the family (bräde adds its RV codes in force after them)."""
    toy = cli("rules", toy_family.PRESET)
    assert toy["family"] == "toy" and toy["doubling"] is False
    puff = describe(rules("kontrar-puff"))
    brade = describe(rules("brade-standard"))
    assert list(toy) == list(puff) == [k for k in brade if k != "effective_codes"]
    assert puff["doubling"] is False and brade["doubling"] is False
    toy_family.unplug()
    try:
        assert "doubling" not in describe(rules("kontrar-puff"))
    finally:
        toy_family.plug()


def test_every_book_table_takes_the_toy_unchanged() -> None:
    """The shared tables give the toy one row under its name (from the defaults of
    ``BookRows`` where the toy says nothing of its own); the other families' own tables build
    with no rows of it."""
    for kind in KINDS:
        for lang in ("en", "sv", "de"):
            t = table(kind, [toy_family.PRESET], lang)
            if kind in SHARED:
                assert [r[0] for r in t.rows] == [f"`{toy_family.PRESET}`"]
    assert table("pasch", [toy_family.PRESET]).rows[0][3] == "never"  # no re-roll


def test_the_odds_of_the_toy() -> None:
    """21 distinct rolls, their chances summing to 1, and none rolls again (no pasch re-roll
    in backgammon)."""
    rs = rules(toy_family.PRESET)
    outcomes = odds.chance_outcomes(rs, Position.start(rs))
    assert len(outcomes) == 21 and sum(o.probability for o in outcomes) == 1
    assert sum(o.probability == Fraction(1, 36) for o in outcomes) == 6
    assert not any(o.again for o in outcomes)


def test_the_cli_lists_the_toy_plays() -> None:
    """From the start a double five enters four checkers on the five-point (a double moves four
    times); a six-one enters two checkers, on six and one (fourteen still wait, so no entered
    checker may move on)."""
    out = cli("plays", "--rules", toy_family.PRESET, "--position", "W:0x15 B:0x15 w",
              "--dice", "5", "5")  # fmt: skip
    assert out["count"] == 1
    assert out["plays"][0]["moves"] == ["0/5"] * 4
    assert out["plays"][0]["position"].startswith("W:0x11,5x4 B:0x15 b")
    out = cli("plays", "--rules", toy_family.PRESET, "--position", "W:0x15 B:0x15 w",
              "--dice", "6", "1")  # fmt: skip
    assert out["count"] == 1
    assert sorted(out["plays"][0]["moves"]) == ["0/1", "0/6"]
    assert cli("rules")["codes"]["toy"] == []


def test_a_random_player_plays_a_toy_game_to_its_end() -> None:
    """Random legal plays reach a win by bearing off all fifteen, worth one point."""
    rs = rules(toy_family.PRESET)
    rng = random.Random(41)
    me = player("random", rng=rng)
    pos = Position.start(rs)
    for _ in range(5000):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = me.choose(rs, pos, dice)
        if play.outcome is not None:
            break
        pos = play.position
    else:
        raise AssertionError("no end in 5000 rolls")
    winner = play.outcome.winner
    assert winner is not None and play.outcome.points == 1
    assert play.position.side(winner)[25] == CHECKERS


def test_the_shared_fields_are_plain_strings_on_the_base() -> None:
    """``bearoff`` and ``scoring`` are typed ``str`` on the base (like ``family``), so a third
    family types its own values without editing ``rules/base.py``; each family's class keeps
    its own ``Literal``, and what a value means in the bear-off table (bräde's RV paragraph)
    comes from the family's book hook."""
    from typing import get_args, get_type_hints

    from puffteach.rules.base import BradeRules, PuffRules, RuleSet

    for name in ("family", "bearoff", "scoring"):
        assert get_type_hints(getattr(RuleSet, name).fget)["return"] is str, name
    assert get_args(get_type_hints(BradeRules)["bearoff"]) == ("8a", "8b", "8c", "8d")
    assert get_args(get_type_hints(PuffRules)["scoring"]) == ("lt", "pi", "gp")
    assert table("bearoff", ["brade-standard+8c"]).rows[0][2].endswith("(`RV-8c`)")
    assert "RV-" not in table("bearoff", [toy_family.PRESET]).rows[0][2]
