"""The command-line contract (design.md) and the position notation, both directions."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puffteach import Game, GameError, Position, PositionError, RuleSetError, rules
from puffteach.cli import main
from tests.conftest import cli, cli_error, explain, plays


def test_plays_matches_design_example() -> None:
    """design.md's example, field for field."""
    out = cli(
        "plays", "--rules", "kontrar-puff", "--position", "W:0x15 B:0x15 w", "--dice", "5", "5"
    )
    assert out == {
        "rules": "kontrar-puff",
        "position": "W:0x15 B:0x15 w",
        "dice": [5, 5],
        "count": 1,
        "truncated": False,
        "plays": [
            {
                "moves": ["0/5", "0/5", "0/2", "0/2"],
                "forfeited": [],
                "position": "W:0x11,2x2,5x2 B:0x15 b wpasch=1",
                "outcome": None,
                "named": None,
            }
        ],
    }


def test_forfeited_roll_is_one_play_without_moves() -> None:
    """A roll forfeited whole gives one play with no moves (design.md). Black bands on his
    23 and 24 are White's 2 and 1 in konträr puff (LT, Speltips): a 1 cannot enter."""
    ps = plays("kontrar-puff", "W:0x15 B:0x11,23x2,24x2 w", 1, 4)
    assert ps == [
        {
            "moves": [],
            "forfeited": [1, 4],
            "position": "W:0x15 B:0x11,23x2,24x2 b",
            "outcome": None,
            "named": None,
        }
    ]


def test_explain_fields_and_multi_move() -> None:
    e = explain("kontrar-puff", "W:0x15 B:0x15 w", (3, 5), "0/3 0/5")
    assert set(e) == {"legal", "reason", "rule", "source", "section"}
    assert e["legal"] is True
    e = explain("kontrar-puff", "W:0x15 B:0x15 w", (3, 5), "0/5")
    assert (e["legal"], e["rule"], e["source"]) == (False, "P-order", "LT")
    assert e["section"] == "Förflyttningen av brickorna"


def test_rules_listing_and_description() -> None:
    listing = cli("rules")
    assert set(listing["presets"]) >= {
        "lang-puff",
        "kontrar-puff",
        "dubbel-kontrar-puff",
        "pierer-langer-puff",
        "pierer-contrapuff",
        "pierer-doppelter-contrapuff",
        "gegenpuff",
        "brade-family",
        "brade-standard",
        "vasamuseet",
    }
    assert "26e" in listing["codes"]["brade"] and "exact-25" in listing["codes"]["puff"]
    assert listing["rules"]["B-noband"]["source"] == "BH"
    desc = cli("rules", "vasamuseet")
    assert desc["bearoff"] == "8b" and "RV-8b" in desc["rules"]


@pytest.mark.parametrize(
    "args,needle",
    [
        (
            ["plays", "--rules", "nope", "--position", "W:0x15 B:0x15", "--dice", "1", "2"],
            "presets",
        ),
        (
            ["plays", "--rules", "lang-puff", "--position", "W:0x15 B:0x15", "--dice", "9", "2"],
            "1-6",
        ),
        (
            [
                "plays",
                "--rules",
                "lang-puff",
                "--position",
                "W:0x15 B:0x15",
                "--dice",
                "1",
                "2",
                "3",
            ],
            "one or two",
        ),
        (["plays", "--rules", "lang-puff", "--position", "X", "--dice", "1", "2"], "W:"),
        (
            [
                "explain",
                "--rules",
                "lang-puff",
                "--position",
                "W:0x15 B:0x15",
                "--dice",
                "1",
                "2",
                "--move",
                "5-3",
            ],
            "bad move",
        ),
        (
            [
                "plays",
                "--rules",
                "brade-standard+8b+fourth-pasch",
                "--position",
                "W:1x15 B:1x15",
                "--dice",
                "1",
                "2",
            ],
            "Puff options",
        ),
        (["plays", "--rules", "lang-puff"], "required"),
        ([], "required"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], needle: str) -> None:
    assert needle in cli_error(*args)


@pytest.mark.parametrize(
    ("args", "ending"),
    [
        (["--position", "W:0x15 B:0x15 w", "--dice", "2", "x"], "got 'x'"),
        (["--position", "W:0x15 B:0x15 q", "--dice", "2", "1"], "got 'q'"),
        (["--position", "W:0x15 B:0x15 w", "--dice", "2", "7"], "got '7'"),
    ],
)
def test_error_line_keeps_its_closing_quote(args: list[str], ending: str) -> None:
    """design.md: one line that says what is wrong; a message ending in a quoted value keeps
    its closing quote (the printer once stripped quotes from both ends of every message)."""
    assert cli_error("plays", "--rules", "kontrar-puff", *args).endswith(ending)


def test_cli_as_a_real_process() -> None:
    """`python -m puffteach` on the command line: JSON on stdout, exit 2 and no traceback."""
    ok = subprocess.run(
        [
            sys.executable,
            "-m",
            "puffteach",
            "plays",
            "--rules",
            "brade-family",
            "--position",
            "W:1x15 B:1x15 w",
            "--dice",
            "4",
            "4",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0
    out = json.loads(ok.stdout)
    # digest section 7: opening 4-4 moves home->5->9 and home->5, three of four moves
    assert [p["position"] for p in out["plays"]] == ["W:1x13,5,9 B:1x15 b"]
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "puffteach",
            "plays",
            "--rules",
            "brade-family",
            "--position",
            "W:1x14 B:1x15",
            "--dice",
            "4",
            "4",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1 and "14 checkers" in bad.stderr


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=20), max_size=8))
def test_cli_never_tracebacks(argv: list[str]) -> None:
    """Whatever the arguments, the CLI exits 0 or 2 and never raises."""
    assert main(argv) in (0, 2)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_position_parse_errors_are_valueerrors(text: str) -> None:
    try:
        Position.parse(text)
    except PositionError as e:
        assert isinstance(e, ValueError) and "\n" not in str(e)


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("W:0x15 B:0x15", "W:0x15 B:0x15 w"),
        ("W:5x1,3x14 B:0x15 b", "W:3x14,5 B:0x15 b"),
        ("W:0x15 B:0x15 w streak=0 wpasch=2 general=4-2", "W:0x15 B:0x15 w general=2-4 wpasch=2"),
        ("  W:1x15   B:1x15  w ", "W:1x15 B:1x15 w"),
    ],
)
def test_canonical_format(text: str, canonical: str) -> None:
    p = Position.parse(text)
    assert str(p) == canonical
    assert Position.parse(str(p)) == p


@pytest.mark.parametrize(
    "text,needle",
    [
        ("W:0x14 B:0x15", "14 checkers"),
        ("W:0x15 B:0x16", "16 checkers"),
        ("W:0x14,26 B:0x15", "out of range"),
        ("W:0x15 B:0x15 w foo=1", "unknown key"),
        ("W:0x15 B:0x15 x", "'w' or 'b'"),
        ("W:0x15 B:0x15 w general=3-3", "different faces"),
        ("W:0x13,3x2 B:0x12,3x3", None),  # same path numbers, different places: fine in contrary
        ("W:0x15,3x0 B:0x15", "no checkers"),
        ("W:0x10,3x5,3 B:0x15", "twice"),
        ("B:0x15 W:0x15", "'W:'"),
    ],
)
def test_notation_errors(text: str, needle: str | None) -> None:
    if needle is None:
        Position.parse(text, rules("kontrar-puff"))
        return
    with pytest.raises(PositionError, match=needle):
        Position.parse(text)


def test_both_colours_on_one_physical_point_depends_on_layout() -> None:
    # White 20 and Black 5 are physical 20 in contrary layout, not in long layout
    text = "W:0x14,20 B:0x14,5"
    with pytest.raises(PositionError, match="same physical point"):
        Position.parse(text, rules("kontrar-puff"))
    Position.parse(text, rules("lang-puff"))
    with pytest.raises(PositionError, match="no meaning"):
        Position.parse("W:1x15 B:1x15 w wpasch=1", rules("brade-standard"))


@pytest.mark.parametrize("key", ["wbanded", "bbanded", "wjanblotta", "bjanblotta"])
@pytest.mark.parametrize("preset", ["lang-puff", "kontrar-puff", "pierer-contrapuff", "gegenpuff"])
def test_puff_rejects_brade_only_keys(preset: str, key: str) -> None:
    """Notation: RV 4a's keys (band in the 3rd/4th quarter, janblotta) are bräde state; a key a
    rule set does not use is bad input (CONTRIBUTING), so Puff refuses them: exit 2, one line."""
    line = cli_error(
        "plays", "--rules", preset, "--position", f"W:0x15 B:0x15 w {key}=1", "--dice", "2", "1"
    )
    assert key in line and "no meaning" in line
    # the bräde standard (RV 4a) tracks them
    Position.parse(f"W:1x15 B:1x15 w {key}=1", rules("brade-standard"))


def test_rule_set_strings() -> None:
    assert rules("konträr-puff").name == "kontrar-puff"
    assert rules("bräde-standard+8b+2a").name == "brade-standard+8b"  # 2a is standard already
    assert rules("brade-standard+8c+8b").bearoff == "8b"  # same paragraph: the later wins
    with pytest.raises(RuleSetError, match="8d"):
        rules("brade-standard+8d+7")
    with pytest.raises(RuleSetError, match="long layout"):
        rules("kontrar-puff+long-puff-entry")


def test_game_record_round_trip_and_undo() -> None:
    g = Game("kontrar-puff+generalpasch", seed=5)
    for _ in range(30):
        if g.is_over():
            break
        g.play_random_roll()
    text = g.dumps()
    h = Game.load(text)
    assert h.position == g.position and h.history == g.history
    before = g.position
    g.set_dice(1, 2)
    if g.legal_moves():
        g.push(g.legal_moves()[0])
        g.pop()
        assert g.position == before
    with pytest.raises(GameError):
        Game.load('{"format": "other"}')
    with pytest.raises(GameError, match="event 1"):
        Game.load(
            json.dumps(
                {
                    "format": "puffteach-game/1",
                    "rules": "lang-puff",
                    "start": "W:0x15 B:0x15 w",
                    "events": [["move", "0/3"]],
                }
            )
        )


def test_generalpasch_naming_in_a_game() -> None:
    """LT generalpasch: rolling the opening combination lets the player name any pasch."""
    g = Game("kontrar-puff+generalpasch", position="W:0x15 B:0x15 w general=2-4")
    g.set_dice(4, 2)
    assert g.generalpasch_available()
    g.name_pasch(6)  # first pasch: 6, 6 then 1, 1
    assert g.remaining == (6, 6, 1, 1)
    for m in ["0/6", "0/6", "0/1", "0/1"]:
        g.push(m)
    assert str(g.position) == "W:0x11,1x2,6x2 B:0x15 b general=2-4 wpasch=1"


def test_declined_generalpasch_roll_is_recorded() -> None:
    """A fully forfeited generalpasch roll accepted with end_roll() replays from the record.
    Black bands on his 24, 23 (White's 1, 2 in konträr puff) and 21 (White's 4): the 2 of a
    2-4 cannot enter (P-order), so the plain roll is forfeited whole."""
    pos = "W:0x15 B:0x9,21x2,23x2,24x2 w general=2-4"
    g = Game("kontrar-puff+generalpasch", position=pos)
    g.set_dice(2, 4)
    assert g.legal_moves() == [] and g.generalpasch_available()
    g.end_roll()
    h = Game.load(g.record())
    assert h.position == g.position and h.position.turn == 1


def test_readme_picture_is_drawn_by_the_engine() -> None:
    """The README's picture is the engine's own drawing (regenerate it if the look changes)."""
    from pathlib import Path

    from puffteach.svg import draw

    rs = rules("kontrar-puff")
    p = Position.parse(
        "W:0x5,2x2,5x2,9,12x2,17,20x2 B:0x4,1,3x2,6x2,10,14x2,15,18x2 w wpasch=1", rs
    )
    expected = draw(p, rs, arrows=True, dice=(3, 5), title="konträr puff")
    picture = Path(__file__).resolve().parent.parent / "images" / "readme-board.svg"
    assert picture.read_text() == expected
