"""The ladder of computer levels and the players' optional decisions (issue 43).

- One ladder per family (:func:`puffteach.players.ladder.ladder`), and it is what the command
  line, the board and the Play page list, in the same order; every adjacent pair of a family's
  ladder has a stored match row (``benchmarks/results/``) of at least 2,000 mirrored games
  whose 95% interval lies above zero, and the level above Puff's top (master over expert) has
  none.
- The decisions (:mod:`puffteach.players.decide`): giving up only where RV 4a allows it
  (hand-worked positions), one die where RV 15 offers a pattern, the once-a-game re-roll
  (RV 25) and the generalpasch's name; the board's computer takes them in whole games played
  through the widget protocol, and every event of those games replays legally.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from puffteach import rules
from puffteach.cli import main
from puffteach.families import FAMILIES, family_of
from puffteach.game import Game
from puffteach.movegen import begin_roll
from puffteach.players import decide
from puffteach.players.base import Estimate
from puffteach.players.ladder import ANALYSIS_LEVEL, LADDER_ORDER, hint_levels, ladder
from puffteach.players.search import LEVELS, SearchPlayer
from puffteach.position import Position
from puffteach.rules import ALL_PRESETS
from puffteach.sphinxext import play_catalog
from puffteach.widget import protocol

ROOT = Path(__file__).resolve().parent.parent
BRADE = "brade-standard+25"  # RV 4a and 15a are brade-standard's; 25 is named
#: a kronspel (3-3-3-3-3 on 20-24) one checker away: the checker on 18 with a six
NEAR_KRONSPEL = "W:20x3,21x3,22x3,23x3,24x2,18 B:24x2,25x13 w"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_players", ROOT / "benchmarks/players.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_players"] = mod
    spec.loader.exec_module(mod)
    return mod


# --------------------------------------------------------------------------- the ladder


def test_each_family_offers_a_prefix_of_the_order_ending_where_measured() -> None:
    assert ladder(rules("lang-puff")) == (
        "random",
        "beginner",
        "casual",
        "intermediate",
        "advanced",
        "expert",
    )
    assert ladder(rules("brade-standard")) == (*ladder(rules("lang-puff")), "master")
    for name in ALL_PRESETS:
        rs = rules(name)
        got = ladder(rs)
        assert got == LADDER_ORDER[: len(got)]
        assert got[-1] == family_of(rs).ladder_top
        # hints: the ladder without random, then the analysis setting under its own name
        assert hint_levels(rs) == (*got[1:], ANALYSIS_LEVEL)
        assert ANALYSIS_LEVEL not in got


def test_every_step_of_each_ladder_is_measured_and_puffs_master_is_not() -> None:
    bench = _bench()

    def row(preset: str, a: str, b: str) -> dict[str, float]:
        summary: dict[str, float] = bench.summary(list(bench.tally(preset, a, b).values()))
        return summary

    for fam in FAMILIES.values():
        presets = [p for p in ALL_PRESETS if family_of(rules(p)) is fam]
        measured = [
            p
            for p in presets
            if all(
                (r := row(p, hi, lo))["games"] >= 2000 and r["lo"] > 0
                for lo, hi in zip(ladder(rules(p)), ladder(rules(p))[1:], strict=False)
            )
        ]
        assert measured, f"{fam.name}: no preset has every step of its ladder measured"
        above = LADDER_ORDER.index(fam.ladder_top) + 1
        if above < len(LADDER_ORDER):  # the next level is not measurably stronger anywhere
            nxt = LADDER_ORDER[above]
            for p in presets:
                r = row(p, nxt, fam.ladder_top)
                assert r["games"] == 0 or r["lo"] <= 0, (p, r)
    assert row("lang-puff", "master", "expert")["games"] >= 2000  # the reason, stored


def test_the_cli_board_and_play_page_list_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    catalog = play_catalog()
    for name in ("lang-puff", "kontrar-puff", "brade-standard", "vasamuseet"):
        rs = rules(name)
        # the board: the state after a step says the rule set's ladder
        state = protocol.step(protocol.initial_state(name, None, 1), {"type": "view"})
        assert state["levels"] == list(ladder(rs))
        assert set(ladder(rs)) <= set(protocol.PLAYERS)
        # the Play page's form: what the Python side hands its script
        assert catalog["levels"][name] == list(ladder(rs))
        # the command line: the hint's levels, named in its refusal (random ranks no plays)
        argv = ["hint", "--rules", name, "--position", str(Position.start(rs)), "--dice", "3"]
        assert main([*argv, "1", "--level", "random"]) == 2
        err = capsys.readouterr().err
        assert err.rstrip().endswith("levels: " + ", ".join(hint_levels(rs)))
    assert set(catalog["levels"]) == set(catalog["presets"])
    # Puff offers no master (hints may use grandmaster); bräde does
    puff = ["hint", "--rules", "lang-puff", "--position", "W:0x15 B:0x15 w", "--dice", "3", "1"]
    assert main([*puff, "--level", "master"]) == 2
    assert "master" not in capsys.readouterr().err.split("levels:")[1].split(", ")
    # the scripts list what they are given, not lists of their own
    js = (ROOT / "puffteach/sphinxext/static/puffteach-play.js").read_text()
    assert "cat.levels[preset]" in js and "engine.players()" not in js
    board = (ROOT / "puffteach/widget/static/panels.js").read_text()
    assert "showLevels(s.levels)" in board


# --------------------------------------------------------------------------- decisions


def _hopeless(rs: Any, pos: Position, side: Any) -> Estimate:
    """An evaluator that finds every position lost by ten points for either side."""
    return Estimate(-10.0, 0.0)


@pytest.mark.parametrize(
    ("position", "allowed"),
    [
        ("W:1x15 B:1x15 w", True),  # nothing has left the home band: RV 4a allows it
        ("W:1x13,14x2 B:1x15 w", False),  # a band on 14, White's third quarter
        ("W:1x13,20x2 B:1x15 w", False),  # a band on 20, the fourth quarter
        ("W:1x8,2,3,4,5,6,7,8 B:1x15 w", False),  # seven blots out: the janblotta (RV 4a)
        ("W:1x12,14,15,16 B:1x15 w", True),  # single checkers in the third quarter only
    ],
)
def test_giving_up_only_where_rv_4a_allows_it(position: str, allowed: bool) -> None:
    rs = rules(BRADE)
    pos = Position.parse(position, rs)
    hopeless = SearchPlayer("advanced", evaluator=_hopeless)
    d = decide.resign_choice(hopeless, rs, pos)
    assert (d is not None) == allowed
    if d is not None:
        # a hemspel's point against an expected loss of ten: give up, and the game agrees
        assert d.take and d.value == -1.0 and d.other == -10.0
        assert d.message.text("en") == (
            "giving up now costs 1 point; playing on is expected to cost 10.00: give up (RV 4a)"
        )
        Game(rs, pos).resign()
    # at the start the position is even: nobody gives up a point for it
    fair = decide.resign_choice(SearchPlayer("advanced"), rs, Position.start(rs))
    assert fair is not None and not fair.take


def test_giving_up_after_a_harmless_roll() -> None:
    """RV 4a, revised: after seeing a roll that does not force a breach, before moving it.
    From the start every roll moves blots out of the home band only (no band can reach the
    third quarter, no janblotta with two dice), so each roll leaves giving up allowed; the
    game accepts it. Puff never allows it."""
    rs = rules(BRADE)
    pos = Position.start(rs)
    hopeless = SearchPlayer("advanced", evaluator=_hopeless)
    d = decide.resign_after_roll_choice(hopeless, rs, pos, (3, 1))
    assert d is not None and d.take and d.other == -10.0
    g = Game(rs, pos)
    g.set_dice(3, 1)
    g.resign()
    assert g.outcome is not None and g.outcome.points == 1
    puff = rules("kontrar-puff")
    assert decide.resign_after_roll_choice(hopeless, puff, Position.start(puff), (3, 1)) is None


def test_puff_and_rule_sets_without_4a_never_give_up() -> None:
    hopeless = SearchPlayer("advanced", evaluator=_hopeless)
    for name in ("kontrar-puff", "lang-puff", "brade-standard+4b"):
        rs = rules(name)
        assert decide.resign_choice(hopeless, rs, Position.start(rs)) is None


def test_one_die_for_a_pattern_when_it_is_the_only_hope() -> None:
    """White needs the six that brings 18 to 24 for a kronspel (RV 15 offers one die: one
    checker six points or fewer from a pattern); Black bears off his last two with almost any
    roll, so two dice lose nearly always and one die wins one time in six."""
    rs = rules(BRADE)
    pos = Position.parse(NEAR_KRONSPEL, rs)
    assert family_of(rs).one_die_allowed(rs, pos)
    d = decide.one_die_choice(SearchPlayer("advanced"), rs, pos)
    assert d is not None and d.take and d.value > d.other
    # at the start no pattern is near: no choice to make
    assert decide.one_die_choice(SearchPlayer("advanced"), rs, Position.start(rs)) is None


def test_the_named_pasch_is_the_best_by_the_evaluation() -> None:
    rs = rules("kontrar-puff+generalpasch")
    pos = Position.parse("W:0x13,5x2 B:0x15 w general=2-4 wpasch=1 bpasch=1", rs)
    p = SearchPlayer("advanced")
    d = decide.name_choice(p, rs, pos, (2, 4))
    assert d is not None and d.kind == "name"
    turns = begin_roll(rs, pos, (2, 4))
    best = {t.plan.named: p.ranked(rs, [t], plies=0)[0][1].equity for t in turns}
    assert len(best) == 7 and d.value == max(best.values()) == best[d.named]
    # the player plays a play of that pasch, and the hint says so
    assert p.choose(rs, pos, (2, 4)).plan.named == d.named
    said = decide.decisions(rs, pos, (2, 4), "advanced")
    assert [x.kind for x in said] == ["name"]
    assert said[0].message.text("en").startswith(f"name the pasch {d.named}-{d.named}")
    assert decide.name_choice(p, rs, pos, (3, 5)) is None  # not the generalpasch


def _play(rules_name: str, position: str | None, seed: int) -> dict[str, Any]:
    state = protocol.initial_state(rules_name, position, seed)
    state = protocol.step(state, {"type": "players", "w": "advanced", "b": "advanced"})
    assert not state.get("error"), state.get("error")
    return state


def test_the_boards_computer_takes_every_decision_and_only_legal_ones() -> None:
    """Whole games between two computer players through the widget protocol (its autoplay;
    the dice from the seed): RV 25 and RV 4a from brade-standard+25's start (seed 1: a re-roll
    for each side, then a resignation), RV 15 from a kronspel one checker away, the
    generalpasch's name in konträr puff. Every event of each record replays in a new game, so
    none was illegal, and each game ended."""
    seen: Counter[str] = Counter()
    games = [
        (BRADE, None, 1),
        (BRADE, NEAR_KRONSPEL, 0),
        (BRADE, NEAR_KRONSPEL, 2),
        ("kontrar-puff+generalpasch", "W:0x13,5x2 B:0x15 w general=2-4 wpasch=1 bpasch=1", 0),
    ]
    for name, position, seed in games:
        state = _play(name, position, seed)
        assert state["outcome"] is not None
        record = state["record"]
        replay = Game.load(json.loads(json.dumps(record)))
        assert replay.outcome is not None and replay.outcome.to_json() == state["outcome"]
        for kind, value in record["events"]:
            if kind in ("reroll", "resign", "name"):
                seen[kind] += 1
            elif kind == "roll" and len(value) == 1:
                seen["one_die"] += 1
    assert {"reroll", "resign", "name", "one_die"} <= set(seen), seen
    assert seen["reroll"] <= 2 * 3  # once a game per side


def test_the_hint_says_the_decisions() -> None:
    rs = rules(BRADE)
    pos = Position.start(rs)
    said = {d.kind: d for d in decide.decisions(rs, pos, (6, 5), "advanced")}
    assert set(said) == {"resign", "reroll"}  # at the start: RV 4a allows it, RV 25 unused
    assert not said["resign"].take
    for lang in ("en", "sv", "de"):
        assert all(d.message.text(lang) for d in said.values())
    assert all(lv in LEVELS for lv in hint_levels(rs))
