"""Errors as catalogue messages (issue 9, "Messages as keys"), and the CLI's ``--lang``.

Every error the engine raises is a :class:`puffteach.errors.LocalizedError`: a key in
``puffteach/catalogue/<lang>/errors.json`` plus parameters, English by ``str()``. The CLI's
one-line errors keep their words (design.md: exit 2, one line on stderr naming what is wrong).
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import io
import json
import pickle
import re
from pathlib import Path

import pytest

from puffteach import Color, Game, GameError, Position, PositionError, RuleSetError, rules
from puffteach import messages as messages_module
from puffteach.errors import DiceError, LocalizedError, message_of
from puffteach.explain import IllegalMoveError, MoveSyntaxError
from puffteach.messages import Message, catalogue
from puffteach.movegen import plans
from tests.conftest import cli, cli_error

PKG = Path(__file__).resolve().parent.parent / "puffteach"
START = "W:0x15 B:0x15 w"
BRADE = "W:1x15 B:1x15 w"
CODES = (
    "1a-1c, 2a-2c, 3, 4a-4c, 5a, 5b, 6a, 6b, 7, 8a-8d, 9-13, 14a, 14b, 15a, 15b, 16-23, "
    "24a, 24b, 25, 26a-26e, and the named forms 2a-kvartaner, 2a-island, 5a-strict, 26b-strict"
)
PUFF_OPTIONS = (
    "fourth-pasch, incomplete-pasch-ends-turn, generalpasch, exact-25, tower-goose, long-puff-entry"
)


def _plays(rules_: str, position: str, *dice: str) -> tuple[str, ...]:
    return ("plays", "--rules", rules_, "--position", position, "--dice", *dice)


def _explain(move: str, *dice: str) -> tuple[str, ...]:
    return (
        "explain",
        "--rules",
        "kontrar-puff",
        "--position",
        START,
        "--dice",
        *dice,
        "--move",
        move,
    )


# --------------------------------------------------------------------------- the CLI's lines

#: every error the engine can raise through the CLI, with the line it prints (words as before)
CLI_ERRORS: list[tuple[tuple[str, ...], str]] = [
    # rule sets (RuleSetError)
    (_plays("", START, "3", "5"), "a rule set is written preset[+code...], e.g. 'kontrar-puff'"),
    (
        _plays("nope", START, "3", "5"),
        "unknown preset 'nope'; presets: lang-puff, kontrar-puff, dubbel-kontrar-puff, "
        "pierer-langer-puff, pierer-contrapuff, pierer-doppelter-contrapuff, gegenpuff, "
        "brade-family, brade-standard, vasamuseet",
    ),
    (
        ("rules", "kontrar-puff+nope"),
        f"unknown option 'nope' for kontrar-puff; options: {PUFF_OPTIONS}",
    ),
    (
        ("rules", "kontrar-puff+8b"),
        "unknown option '8b' for kontrar-puff (bräde codes such as 8b only fit the bräde "
        f"presets); options: {PUFF_OPTIONS}",
    ),
    (
        ("rules", "kontrar-puff+long-puff-entry"),
        "long-puff-entry fits only the long layout (lang-puff, pierer-langer-puff), not "
        "kontrar-puff",
    ),
    (("rules", "brade-standard+99z"), f"unknown bräde code '99z'; codes are {CODES}"),
    (
        ("rules", "brade-standard+generalpasch"),
        "unknown bräde code 'generalpasch' (Puff options only fit the Puff presets); codes are "
        f"{CODES}",
    ),
    (
        ("rules", "brade-standard+8d+7"),
        "7 and 8d do not fit together: RV 8 says 8d cannot be combined with 7",
    ),
    (
        ("rules", "brade-family+2a-island"),
        "2a-kvartaner and 2a-island are forms of RV 2a: add 2a, 2b or 2c",
    ),
    (
        ("rules", "brade-family+5a-strict"),
        "5a-strict is a reading of RV 5a, but this rule set bursts on entry by 5b: add 5a",
    ),
    (
        ("rules", "brade-standard+26b-strict"),
        "26b-strict is a reading of RV 26b, but this rule set scores by 26a: add 26b",
    ),
    # positions (PositionError)
    (
        _plays("kontrar-puff", "W:0x15", "3", "5"),
        "position 'W:0x15' needs at least 'W:<stacks> B:<stacks>' (e.g. 'W:0x15 B:0x15 w')",
    ),
    (
        _plays("kontrar-puff", "B:0x15 W:0x15", "3", "5"),
        "position must start with 'W:' (White's stacks), got 'B:0x15'",
    ),
    (
        _plays("kontrar-puff", "W:0x15 X:0x15", "3", "5"),
        "second field must be 'B:' (Black's stacks), got 'X:0x15'",
    ),
    (
        _plays("kontrar-puff", "W:0x15 B:0x15 x", "3", "5"),
        "side to move must be 'w' or 'b', got 'x'",
    ),
    (_plays("kontrar-puff", "W:0x15 B:0x15 w =1", "3", "5"), "expected key=value, got '=1'"),
    (
        _plays("kontrar-puff", "W:0x15 B:0x15 w wpasch=1 wpasch=2", "3", "5"),
        "key 'wpasch' given twice",
    ),
    (
        _plays("kontrar-puff", "W:0x15 B:0x15 w wpasch=x", "3", "5"),
        "wpasch must be a whole number >= 0, got 'x'",
    ),
    (
        _plays("kontrar-puff", "W:0x15 B:0x15 w zz=1", "3", "5"),
        "unknown key 'zz'; known keys: wpasch, bpasch, streak, general, ",
    ),
    (_plays("kontrar-puff", "W: B:0x15", "3", "5"), "White has no stacks; write e.g. '0x15'"),
    (
        _plays("kontrar-puff", "W:0x15 B:y", "3", "5"),
        "bad stack 'y' for Black: write 'point' or 'pointxcount', e.g. '5x3'",
    ),
    (
        _plays("kontrar-puff", "W:0x14,26 B:0x15", "3", "5"),
        "White's point 26 out of range: use 0 (waiting), 1-24 or 25 (off)",
    ),
    (_plays("kontrar-puff", "W:0x15,3x0 B:0x15", "3", "5"), "White's stack '3x0' has no checkers"),
    (_plays("kontrar-puff", "W:0x14,0 B:0x15", "3", "5"), "White's point 0 listed twice"),
    (
        _plays("kontrar-puff", "W:0x14 B:0x15", "3", "5"),
        "White has 14 checkers; each side has exactly 15",
    ),
    (
        _plays("kontrar-puff+generalpasch", "W:0x15 B:0x15 w general=x", "3", "5"),
        "general must be two different faces like '2-4', got 'x'",
    ),
    (
        _plays("kontrar-puff+generalpasch", "W:0x15 B:0x15 w general=3-3", "3", "5"),
        "general must be two different faces (a generalpasch is not a pasch), got '3-3'",
    ),
    (
        _plays("kontrar-puff", "W:0x14,1 B:0x14,24 w", "3", "5"),
        "White's point 1 and Black's point 24 are the same physical point under contrary "
        "layout and cannot hold both colours",
    ),
    (
        _plays("kontrar-puff", "W:0x15 B:0x15 w wbanded=1", "3", "5"),
        "key 'wbanded' has no meaning under kontrar-puff (keys it uses: bpasch, streak, wpasch)",
    ),
    # dice (DiceError)
    (_plays("kontrar-puff", START, "3", "4", "5"), "--dice takes one or two values, got 3"),
    (_plays("kontrar-puff", START, "3", "x"), "a die shows 1-6, got 'x'"),
    (_plays("kontrar-puff", START, "7", "1"), "a die shows 1-6, got '7'"),
    (_plays("kontrar-puff", START, "3"), "kontrar-puff is played with two dice, got 1"),
    (
        _plays("brade-standard", BRADE, "3"),
        "a one-die roll needs a chance to finish a beautiful play by moving one checker six "
        "points or fewer (RV 15)",
    ),
    (
        _plays("brade-standard", "W:1x15 B:1x15 w wonedie=1", "3", "4"),
        "this player is in a one-die series and must roll one die (RV 15)",
    ),
    # moves (MoveSyntaxError, and the CLI's own)
    (_explain(" ", "3", "5"), "--move needs at least one move like '3/8'"),
    (
        _explain("x", "3", "5"),
        "bad move 'x': write from/to in your path numbers, e.g. '3/8', '0/5', '22/off'",
    ),
    (_explain("25/26", "3", "5"), "bad move '25/26': a checker moves from 0 (waiting) or 1-24"),
    (_explain("0/26", "3", "5"), "bad move '0/26': a checker moves to 1-24 or 'off'"),
    (_explain("5/3", "3", "5"), "bad move '5/3': checkers only move forward along their path"),
]


@pytest.mark.parametrize(("args", "line"), CLI_ERRORS, ids=[line[:40] for _, line in CLI_ERRORS])
def test_every_cli_error_is_one_line_with_its_words(args: tuple[str, ...], line: str) -> None:
    got = cli_error(*args)
    assert got.startswith(f"puffteach: {line}"), got
    if not line.endswith(", "):  # (the known keys go on; the rest of each line is exact)
        assert got == f"puffteach: {line}"
    assert cli_error(*args, "--lang", "en") == got


def test_argument_errors_are_one_line_too() -> None:
    assert cli_error("plays", "--rules", "kontrar-puff") == (
        "puffteach plays: the following arguments are required: --position, --dice"
    )
    line = cli_error(*_plays("kontrar-puff", START, "3", "5"), "--lang", "xx")
    assert line == (
        "puffteach plays: argument --lang: invalid choice: 'xx' (choose from 'en', 'sv', 'de')"
    )
    assert cli_error("rules", "--lang", "xx").startswith("puffteach rules: argument --lang")


def test_lang_en_is_the_default_on_every_command() -> None:
    for args in (
        _plays("kontrar-puff", START, "5", "5"),
        _explain("0/5", "3", "5"),
        ("rules", "kontrar-puff"),
        ("rules",),
    ):
        assert cli(*args, "--lang", "en") == cli(*args)
    e = cli(*_explain("0/5", "3", "5"), "--lang", "en")
    assert e["reason"] == "the lower die must be moved first: move the 3 before the 5"


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> str:
    """A made-up language ``xx`` whose every template is the English one marked ``[xx]``:
    shows which words the CLI renders in the language asked for (sv/de come later)."""
    real = messages_module.catalogue

    def table(lang: str = "en") -> dict[str, str]:
        if lang == "xx":
            return {k: f"[xx] {v}" for k, v in real("en").items()}
        return real(lang)

    monkeypatch.setattr(messages_module, "catalogue", table)
    monkeypatch.setattr(messages_module, "LANGUAGES", ("en", "xx"))
    monkeypatch.setattr("puffteach.cli.LANGUAGES", ("en", "xx"))
    return "xx"


def test_cli_renders_errors_and_reasons_in_the_language_asked(pseudo_language: str) -> None:
    lang = pseudo_language
    assert cli_error(*_plays("nope", START, "3", "5"), "--lang", lang).startswith(
        "puffteach: [xx] unknown preset 'nope'; presets: "
    )
    assert cli_error("rules", "brade-standard+8d+7", "--lang", lang) == (
        "puffteach: [xx] 7 and 8d do not fit together: [xx] RV 8 says 8d cannot be combined with 7"
    )
    assert cli_error(*_explain("5/3", "3", "5"), "--lang", lang) == (
        "puffteach: [xx] bad move '5/3': checkers only move forward along their path"
    )
    e = cli(*_explain("0/5", "3", "5"), "--lang", lang)
    assert e["reason"] == "[xx] the lower die must be moved first: move the 3 before the 5"
    assert e["rule"] == "P-order"  # rule ids never change with the language
    assert cli(*_explain("0/5", "3", "5"))["reason"].startswith("the lower die")


# --------------------------------------------------------------------------- the errors


def test_errors_are_value_errors_with_a_message() -> None:
    with pytest.raises(PositionError) as info:
        Position.parse("W:0x14 B:0x15")
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, LocalizedError)
    assert str(e) == e.text("en") == "White has 14 checkers; each side has exactly 15"
    assert e.message.key == "error.position.total"
    assert json.loads(json.dumps(e.message.to_json()))["params"]["side"] == "w"
    copy = pickle.loads(pickle.dumps(e))
    assert type(copy) is PositionError and copy.message == e.message
    for cls in (RuleSetError, GameError, MoveSyntaxError, IllegalMoveError, DiceError):
        assert issubclass(cls, LocalizedError) and issubclass(cls, ValueError)


def test_dice_errors_are_dice_errors() -> None:
    rs, pos = rules("kontrar-puff"), Position.parse(START)
    with pytest.raises(DiceError, match=r"^a die shows 1-6, got 0$"):
        plans(rs, pos, (0, 3))
    one_die_none = dataclasses.replace(rules("brade-standard"), one_die="none")
    with pytest.raises(DiceError, match=r"^brade-standard has no one-die rolls$"):
        plans(one_die_none, Position.parse(BRADE), (3,))
    with pytest.raises(DiceError, match=r"^bräde is played with one or two dice, got 3$"):
        plans(rules("brade-standard"), Position.parse(BRADE), (3, 4, 5))


def test_illegal_move_error_cites_the_rule_and_pickles() -> None:
    g = Game("kontrar-puff", seed=1)
    g.set_dice(3, 5)
    with pytest.raises(IllegalMoveError) as info:
        g.push("0/5")
    e = info.value
    assert str(e) == e.explanation.text() == e.text("en")
    assert str(e).endswith("— LT, Förflyttningen av brickorna (P-order)")
    assert e.message.key == "explain.cited"
    assert str(pickle.loads(pickle.dumps(e))) == str(e)


def test_game_errors_keep_their_words_and_nest_the_cause() -> None:
    g = Game("kontrar-puff", seed=1)
    with pytest.raises(GameError, match=r"^roll the dice first$"):
        g.push("0/5")
    with pytest.raises(GameError, match=r"^no step to take back$"):
        g.pop()
    g.set_dice(3, 5)
    with pytest.raises(GameError, match=r"^the roll \(3, 5\) is still being moved$"):
        g.set_dice(1, 2)
    with pytest.raises(GameError, match=r"^kontrar-puff has no re-roll \(RV 25\)$"):
        g.reroll()
    record = Game("kontrar-puff", seed=1).record()
    record["events"] = [["roll", [3, 9]]]
    with pytest.raises(GameError) as info:
        Game.load(record)
    assert str(info.value) == "game record event 1 ['roll', [3, 9]]: a die shows 1-6, got 9"
    cause = dict(info.value.message.params)["error"]
    assert isinstance(cause, Message) and cause.key == "error.die"
    with pytest.raises(GameError, match=r"^a game record must be JSON: Expecting value$"):
        Game.load("x")
    g2 = Game("brade-standard", seed=1)
    with pytest.raises(
        GameError,
        match=r"^game record event 1 \['roll', \[3, 4\]\]: this player is in a one-die series",
    ):
        g2.load({**g2.record(), "start": "W:1x15 B:1x15 w wonedie=1", "events": [["roll", [3, 4]]]})


def test_message_of_keeps_foreign_words_as_they_are() -> None:
    assert message_of(TypeError("odd")) == Message.of("error.text", text="odd")
    assert message_of(GameError("error.game.over")) == Message.of("error.game.over")
    assert str(GameError(message_of(KeyError("k")))) == "'k'"


# --------------------------------------------------------------------------- the source

# No sentence is left in a raise, nor anywhere else in the package: tests/test_words_guard.py
# reads every module (it replaced the list of modules issue 9 checked here).


_KEY = re.compile(r"error\.[a-z0-9_.-]*[a-z0-9_]")


def _error_keys_in_source() -> set[str]:
    keys = set()
    for path in sorted(PKG.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if _KEY.fullmatch(node.value):
                    keys.add(node.value)
    return keys


def test_every_error_key_is_in_the_catalogue_and_used() -> None:
    table = catalogue("en")
    used = _error_keys_in_source()
    assert len(used) > 60
    assert sorted(used - set(table)) == []
    assert sorted(k for k in table if k.startswith("error.") and k not in used) == []


def test_errors_json_holds_only_error_keys() -> None:
    path = PKG / "catalogue" / "en" / "errors.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data and all(k.startswith("error.") for k in data)


def test_cli_error_output_is_exactly_one_line() -> None:
    from puffteach.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["plays", "--rules", "kontrar-puff", "--position", "W:0x14 B:0x15"])
    assert status == 2 and out.getvalue() == "" and err.getvalue().count("\n") == 1


# --------------------------------------------------------------------------- three languages
#
# Issue 11: English, Swedish and German catalogues. The sentences below are written by hand from
# what the rule says (LT's order rule, BH's no-band rule) in the words of the sources' terms,
# not pasted from the engine's output.

CATALOGUE = PKG / "catalogue"
_FIELDS = re.compile(r"\{([a-z_][a-z0-9_]*)(\|[^|{}]*\|[^|{}]*)?\}")


def _fields(template: str) -> set[tuple[str, bool]]:
    """Each placeholder of a template with whether it chooses a plural form."""
    return {(m.group(1), m.group(2) is not None) for m in _FIELDS.finditer(template)}


def test_the_languages() -> None:
    assert messages_module.LANGUAGES == ("en", "sv", "de")
    assert sorted(p.name for p in CATALOGUE.iterdir() if p.is_dir()) == ["de", "en", "sv"]


@pytest.mark.parametrize("lang", ["sv", "de"])
def test_every_catalogue_file_has_every_key_with_the_same_placeholders(lang: str) -> None:
    """File by file: the same keys as English (a missing or an extra key fails) and in every
    template the same placeholders, plural choices (``{n|one|other}``) included."""
    english = sorted(p.name for p in (CATALOGUE / "en").glob("*.json"))
    assert sorted(p.name for p in (CATALOGUE / lang).glob("*.json")) == english
    for name in english:
        en = json.loads((CATALOGUE / "en" / name).read_text(encoding="utf-8"))
        other = json.loads((CATALOGUE / lang / name).read_text(encoding="utf-8"))
        assert sorted(set(en) - set(other)) == [], f"{lang}/{name} lacks these keys"
        assert sorted(set(other) - set(en)) == [], f"{lang}/{name} has keys English lacks"
        for key, template in other.items():
            assert _fields(template) == _fields(en[key]), (lang, key, template)
            assert template.strip() or not en[key].strip(), (lang, key)
            for m in _FIELDS.finditer(template):
                if m.group(2):  # both plural forms written
                    assert all(f.strip() for f in m.group(2)[1:].split("|")), (lang, key)


def test_a_missing_key_fails_the_check(tmp_path: Path) -> None:
    """The check above is not vacuous: a catalogue without one key is caught."""
    en = json.loads((CATALOGUE / "en" / "core.json").read_text(encoding="utf-8"))
    sv = json.loads((CATALOGUE / "sv" / "core.json").read_text(encoding="utf-8"))
    del sv["side.black"]
    assert sorted(set(en) - set(sv)) == ["side.black"]
    assert _fields("{n|# punkt|# punkter} {side}") == {("n", True), ("side", False)}
    assert _fields("{n} {side}") != _fields("{n|# punkt|# punkter} {side}")


def test_no_catalogue_copies_a_source() -> None:
    """The copy check (seven words in a row from a source) over every language's catalogue."""
    copycheck = next(
        (
            p
            for p in (
                PKG.parent.parent / "shared" / "tools" / "copycheck.py",
                Path("/work/shared/tools/copycheck.py"),
            )
            if p.is_file()
        ),
        None,
    )
    if copycheck is None:
        pytest.skip("the shared copy check is not beside the project")
    import subprocess
    import sys

    dirs = [str(CATALOGUE / lang) for lang in messages_module.LANGUAGES]
    proc = subprocess.run(
        [sys.executable, str(copycheck), *dirs], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stdout[-4000:]
    assert "0 copied run" in proc.stdout


LT_REFUSED = _explain("0/5", "3", "5")  # konträr puff, 3-5 from the start: 0/5 moves the 5 first
BRADE_REFUSED = (
    "explain",
    "--rules",
    "brade-standard",
    "--position",
    "W:1x14,5 B:1x15 w",
    "--dice",
    "4",
    "2",
    "--move",
    "1/5",
)


@pytest.mark.parametrize(
    ("lang", "lt", "brade"),
    [
        (
            "sv",
            # LT: the lower die is moved first ("den lägre tärningen"), here the 3 before the 5
            "den lägre tärningen ska flyttas först: flytta 3:an före 5:an",
            # BH, Band och blottor: no band on points 2-11, and 5 already holds a White checker
            "inget band på dina tungor 2-11: på tunga 5 står redan en av dina brickor",
        ),
        (
            "de",
            "die kleinere Zahl wird zuerst gesetzt: erst die 3, dann die 5",
            "kein Band auf deinen Dreiecken 2-11: auf Dreieck 5 steht schon ein Stein von dir",
        ),
        (
            "en",
            "the lower die must be moved first: move the 3 before the 5",
            "no band on your points 2-11: point 5 already holds your checker",
        ),
    ],
)
def test_cli_explains_a_refused_lt_and_bräde_move_in_each_language(
    lang: str, lt: str, brade: str
) -> None:
    e = cli(*LT_REFUSED, "--lang", lang)
    assert e == {
        "legal": False,
        "reason": lt,
        "rule": "P-order",
        "source": "LT",
        "section": "Förflyttningen av brickorna",
    }
    e = cli(*BRADE_REFUSED, "--lang", lang)
    assert e == {
        "legal": False,
        "reason": brade,
        "rule": "B-noband",
        "source": "BH",
        "section": "Band och blottor",
    }


def test_cli_errors_in_swedish_and_german() -> None:
    assert cli_error(*_plays("kontrar-puff", "W:0x14 B:0x15", "3", "5"), "--lang", "sv") == (
        "puffteach: Vit har 14 brickor; varje sida har exakt 15"
    )
    assert cli_error(*_plays("kontrar-puff", START, "7", "1"), "--lang", "de") == (
        "puffteach: ein Würfel zeigt 1-6, nicht '7'"
    )


def test_game_speaks_its_language() -> None:
    g = Game("kontrar-puff", position=START, lang="sv")
    g.set_dice(3, 5)
    e = g.explain("0/5")
    assert e.lang == "sv" and e.rule == "P-order"
    assert e.reason == "den lägre tärningen ska flyttas först: flytta 3:an före 5:an"
    assert e.reason_text("en") == "the lower die must be moved first: move the 3 before the 5"
    assert e.to_json()["reason"] == e.reason
    assert e.text().endswith("— LT, Förflyttningen av brickorna (P-order)")
    with pytest.raises(IllegalMoveError) as info:
        g.push("0/5")
    assert str(info.value).startswith("den lägre tärningen ska flyttas först")
    assert info.value.text("en").startswith("the lower die must be moved first")
    g2 = Game("kontrar-puff", position=START, lang="de")
    with pytest.raises(GameError, match=r"^erst würfeln$"):
        g2.push("0/5")
    with pytest.raises(GameError, match=r"^kontrar-puff kennt keinen neuen Wurf \(RV 25\)$"):
        g2.reroll()
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Game("kontrar-puff", lang="fr")
    # the default stays English
    g3 = Game("kontrar-puff", position=START)
    with pytest.raises(GameError, match=r"^roll the dice first$"):
        g3.push("0/5")


def test_rules_command_speaks_the_language_asked() -> None:
    """Rule summaries, preset titles and RV's advice come from the catalogue (rules.json)."""
    listing = cli("rules", "--lang", "sv")
    # LT's order rule, in our Swedish: the lower die first, or the whole roll is lost (fåta)
    assert listing["rules"]["P-order"] == {
        "source": "LT",
        "section": "Förflyttningen av brickorna",
        "summary": "den lägre tärningen flyttas först; går den inte att flytta fåtas hela slaget",
    }
    assert listing["presets"]["gegenpuff"] == "Gegenpuff (medeltida rekonstruktion)"
    assert cli("rules", "--lang", "de")["presets"]["brade-standard"] == (
        "bräde, Standardregeln (Regler för bräde)"
    )
    en = cli("rules")
    assert en["rules"]["RV-25"]["summary"] == (
        "once per game a player may refuse his roll and roll again"
    )
    assert set(listing["rules"]) == set(en["rules"])  # ids never change with the language
    described = cli("rules", "brade-standard+10+7", "--lang", "de")
    assert described["advice"] == ["RV 10 rät davon ab, 10 mit 7 zu verbinden; trotzdem angenommen"]
    assert described["title"] == "bräde, Standardregeln (Regler för bräde)"
    assert described["summaries"]["RV-10"] == (
        "kein Herausnehmen, solange der Gegner ein Band auf seinem huk hält"
    )
    assert cli("rules", "brade-standard+10+7")["advice"] == [
        "RV 10 advises against combining 10 with 7; accepted"
    ]


def test_preset_titles_in_english_are_the_rule_sets_titles() -> None:
    from puffteach.rules import ALL_PRESETS

    for preset in ALL_PRESETS:
        assert catalogue("en")[f"preset.{preset}"] == rules(preset).title


def test_glossary_in_each_language() -> None:
    sv = cli("glossary", "--lang", "sv")
    de = cli("glossary", "--lang", "de")
    en = cli("glossary")
    assert [t["id"] for t in sv["terms"]] == [t["id"] for t in en["terms"]]
    assert [t["id"] for t in de["terms"]] == [t["id"] for t in en["terms"]]
    words = {t["id"]: t["term"] for t in sv["terms"]}
    # the sources' own words: LT/BH's tunga, blotta, fåta; Pierer's Dreieck, Schneider, Thurm
    assert words["point"] == "tunga" and words["blot"] == "blotta" and words["fata"] == "fåta"
    german = {t["id"]: t["term"] for t in de["terms"]}
    assert german["point"] == "Dreieck" and german["schneider"] == "Schneider"
    assert german["tower"] == "Thurm, Gänsereihe" and german["wall"] == "Kette"
    assert all(t["means"] and t["en"] for t in sv["terms"] + de["terms"])
    assert sv["title"] == "Ordlista över brädets ord" and sv["lang"] == "sv"


def test_demo_speaks_the_language_asked() -> None:
    from puffteach.demo import main as demo

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert demo(["kontrar-puff", "1", "--lang", "sv"]) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "puffteach-demo: kontrar-puff, frö 1"
    assert lines[1].startswith("öppningsslag: Vit ") and lines[1].endswith(" börjar")
    assert " vinner: " in lines[-1] and lines[-1].endswith(" slag)")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        demo(["kontrar-puff", "1"])
    assert out.getvalue().splitlines()[0] == "puffteach demo: kontrar-puff, seed 1"


def test_roll_names_are_the_sources_in_every_language() -> None:
    """RV 23's names of the rolls are catalogue keys (roll.A-B) that no language translates."""
    from puffteach.rules.brade import ROLL_NAMES, roll_name

    names = {k: v for k, v in catalogue("en").items() if k.startswith("roll.")}
    assert len(names) == 21 == len(ROLL_NAMES)
    for lang in ("sv", "de"):
        assert {k: catalogue(lang)[k] for k in names} == names
    assert roll_name(4, 5) == "sinka fyra" and roll_name(2, 3) == "troja dus"
    assert list(ROLL_NAMES)[:2] == [(6, 6), (5, 5)]  # RV 23's order: the pasches first


def test_numbers_are_written_as_each_language_writes_them() -> None:
    from puffteach.messages import Number

    assert Number(1.9417, 3, signed=True).text("en") == "+1.942"
    assert Number(1.9417, 3, signed=True).text("sv") == "+1,942"
    assert Number(1.9417, 3, signed=True).text("de") == "+1,942"
    assert Number(-0.5, 2, signed=True).text("sv") == "-0,50"
    assert Number(0.0312).text("de") == "0,031"
    assert Number(-0.004, 2, signed=True).text("en") == "+0.00"  # never "-0.00"
    assert Number(92.4, 0).text("sv") == "92"  # a whole number has no decimal sign at all
    m = Message.of("verdict.bad", lost=Number(0.1234))
    assert "0,123" in m.text("sv") and "0.123" in m.text("en")
    # in JSON the number stays a number
    assert m.to_json() == {"key": "verdict.bad", "params": {"lost": 0.1234}}


# ------------------------------------------------------------------ the default language
@pytest.fixture
def swedish() -> object:
    """The engine's default language set to Swedish for one test (English again after)."""
    assert messages_module.default_language() == "en"
    messages_module.set_default_language("sv")
    try:
        yield
    finally:
        messages_module.set_default_language("en")


def test_the_default_language_is_english_and_an_unknown_one_is_refused() -> None:
    assert messages_module.default_language() == "en"
    assert str(Message.of("kind.jan")) == messages_module.text("kind.jan") == "jan"
    with pytest.raises(messages_module.MessageError, match="unknown language 'xx'"):
        messages_module.set_default_language("xx")
    assert messages_module.default_language() == "en"


@pytest.mark.usefixtures("swedish")
def test_where_no_language_is_asked_for_the_engine_speaks_the_default() -> None:
    """Everything a notebook prints without naming a language follows
    ``set_default_language``: messages, errors, explanations, descriptions, drawings, a new
    board's state, hints and rule-set descriptions; a language asked for still wins."""
    from puffteach import svg
    from puffteach.describe import describe
    from puffteach.players.hint import hint
    from puffteach.rules import describe as describe_rules
    from puffteach.widget.protocol import initial_state

    sv = catalogue("sv")
    rolls = {"side": Color.WHITE, "dice": "5-5"}
    said = messages_module.text("board.rolls", **rolls)
    assert said == messages_module.text("board.rolls", "sv", **rolls)
    assert said != messages_module.text("board.rolls", "en", **rolls)
    assert str(Message.of("side.white")) == sv["side.white"]
    with pytest.raises(GameError) as refused:
        Game("brade-standard", position=BRADE, seed=4).reroll()
    assert str(refused.value) == refused.value.text("sv") != refused.value.text("en")
    g = Game("kontrar-puff", position=START)
    g.set_dice(3, 1)
    why = g.explain("0/3")
    assert g.lang == "sv" and why.message == why.text("sv") != why.text("en")
    pos = Position.parse("W:0x13,5x2 B:0x15 w")
    assert describe(pos) == describe(pos, lang="sv") != describe(pos, lang="en")
    assert '"lang":"sv"' in svg.draw(pos) and '"lang":"sv"' in pos._repr_svg_()
    assert '"lang":"en"' in svg.draw(pos, lang="en") and '"lang":"de"' in svg.draw(pos, labels="de")
    assert initial_state("kontrar-puff", START, seed=1)["view"]["lang"] == "sv"
    assert initial_state("kontrar-puff", START, seed=1, lang="de")["view"]["lang"] == "de"
    rs = rules("kontrar-puff")
    hs = hint(rs, Position.parse(START, rs), (3, 1), level="beginner", top=1)
    reasons = hs[0].to_json()["reasons"]
    assert reasons == hs[0].to_json("sv")["reasons"]
    assert describe_rules(rs)["summaries"] == describe_rules(rs, "sv")["summaries"]
    assert describe_rules(rs)["summaries"] != describe_rules(rs, "en")["summaries"]


def test_a_game_keeps_the_language_it_was_made_in() -> None:
    g = Game("kontrar-puff", position=START)
    g.set_dice(3, 1)
    messages_module.set_default_language("de")
    try:
        assert g.lang == "en" and g.explain("0/3").text() == g.explain("0/3").text("en")
        assert Game("kontrar-puff").lang == "de"
    finally:
        messages_module.set_default_language("en")
