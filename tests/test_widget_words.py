"""A board's words in its language (issue 44 item 6): the current message after a language
switch, and the sides in the roll history."""

from __future__ import annotations

from typing import Any

from puffteach.widget.protocol import initial_state, step


def _ok(state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    new = step(state, action)
    assert new["error"] is None, new["error"]
    return new


def test_switching_language_says_the_current_message_again_in_it() -> None:
    s = _ok(
        initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=1),
        {"type": "set_dice", "dice": [3, 5]},
    )
    s = _ok(s, {"type": "click", "point": "w0"})
    assert s["message"].startswith("White")
    sv = _ok(s, {"type": "view", "lang": "sv"})
    assert sv["message"] != s["message"]
    assert sv["message"].startswith("Vit"), sv["message"]
    assert sv["message_keys"] == s["message_keys"]
    de = _ok(sv, {"type": "view", "lang": "de"})
    assert "Weiß" in de["message"], de["message"]
    back = _ok(de, {"type": "view", "lang": "en"})
    assert back["message"] == s["message"]


def test_a_refusal_is_said_again_in_the_new_language() -> None:
    s = _ok(
        initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=1),
        {"type": "set_dice", "dice": [3, 5]},
    )
    r = step(s, {"type": "move", "move": "0/4"})
    assert r["error"]
    sv = _ok(r, {"type": "view", "lang": "sv"})
    assert sv["message"] != r["message"]
    assert "tärning" in sv["message"] and "LT" in sv["message"], sv["message"]


def test_a_state_from_elsewhere_is_said_again_from_its_keys() -> None:
    """Without the kept messages (another process), the keys are read back."""
    from puffteach.widget import words

    s = _ok(
        initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=1),
        {"type": "set_dice", "dice": [3, 5]},
    )
    words._SAID.clear()
    sv = _ok(s, {"type": "view", "lang": "sv"})
    assert sv["message"].startswith("Vit"), sv["message"]


def test_the_roll_history_names_the_sides_in_the_board_language() -> None:
    s = initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=1, lang="sv")
    s = _ok(s, {"type": "set_dice", "dice": [3, 5]})
    s = _ok(s, {"type": "move", "move": "0/3"})
    s = _ok(s, {"type": "move", "move": "0/5"})
    assert s["history"] and s["history"][0].startswith("V 3-5"), s["history"]
    s = _ok(s, {"type": "set_dice", "dice": [2, 4]})
    s = _ok(s, {"type": "move", "move": "0/2"})
    s = _ok(s, {"type": "move", "move": "0/4"})
    assert s["history"][1].startswith("S 2-4"), s["history"]
    de = _ok(s, {"type": "view", "lang": "de"})
    assert [line[0] for line in de["history"]] == ["W", "S"]
    en = _ok(s, {"type": "view", "lang": "en"})
    assert [line[0] for line in en["history"]] == ["W", "B"]
