"""The widget's small core (puffteach.widget.core): the public registry of actions and players,
and the shape of the modules that register through it."""

from __future__ import annotations

import ast
from pathlib import Path

from puffteach.messages import Message
from puffteach.widget import core, protocol
from puffteach.widget.core import Action, Ctx, Refusal
from puffteach.widget.protocol import initial_state, step

WIDGET = Path(protocol.__file__).parent


def test_every_module_action_is_registered_and_known_to_step() -> None:
    for module, names in protocol.MODULES.items():
        for name in names:
            assert core.action_handler(name) is not None, (module, name)
    assert set(protocol.actions()) == set(core.action_names())
    assert protocol.actions()[:3] == ("roll", "set_dice", "reroll")


def test_an_action_registered_from_outside_is_applied_by_step() -> None:
    def shout(ctx: Ctx, action: Action) -> None:
        if action.get("loud") is not True:
            raise Refusal(Message.of("board.error", text="quiet"))
        ctx.say(Message.of("board.deselected"))

    core.register_action("test_shout", shout)
    try:
        s = initial_state("kontrar-puff", seed=1)
        out = step(s, {"type": "test_shout", "loud": True})
        assert out["error"] is None
        assert out["message_keys"] == [{"key": "board.deselected", "params": {}}]
        refused = step(s, {"type": "test_shout"})
        assert refused["error"] and "quiet" in refused["error"]
        assert refused["position"] == s["position"]
        assert "test_shout" in protocol.actions()
    finally:
        core.unregister_action("test_shout")
    assert "test_shout" not in protocol.actions()


def test_a_player_needs_a_name() -> None:
    try:
        core.register_player("human", lambda s: None)
    except ValueError as e:
        assert "human" in str(e)
    else:  # pragma: no cover
        raise AssertionError("'human' accepted as a computer player")


def _imports(path: Path) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out.extend((node.module or "", a.name) for a in node.names)
    return out


def test_no_widget_module_takes_another_ones_private_names() -> None:
    """The modules meet only through public names (no injection, no ``mod._name``)."""
    for f in sorted(WIDGET.glob("*.py")):
        for module, name in _imports(f):
            assert not name.startswith("_"), f"{f.name} imports {module}.{name}"
        src = f.read_text(encoding="utf-8")
        tree = ast.parse(src)
        modules = {
            a.asname or a.name
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom)
            for a in n.names
            if n.level == 1 and n.module is None
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in modules:
                    assert not node.attr.startswith("_"), f"{f.name}: {node.value.id}.{node.attr}"


def test_the_core_imports_no_module_that_registers() -> None:
    registering = {"play", "setup", "replay", "computer", "protocol", "derive"}
    for module, _name in _imports(WIDGET / "core.py"):
        assert module not in registering, module
    for name in ("play", "setup", "replay", "computer"):
        assert "protocol" not in {m for m, _ in _imports(WIDGET / f"{name}.py")}, name


# --------------------------------------------------------------------------- patches


def test_step_patch_holds_exactly_what_changed() -> None:
    s = step(
        initial_state("kontrar-puff", "W:0x15 B:0x15 w", seed=1),
        {"type": "set_dice", "dice": [3, 5]},
    )
    new, patch = protocol.step_patch(s, {"type": "click", "point": "w0"})
    assert new == step(s, {"type": "click", "point": "w0"})
    assert {**s, **patch} == new
    assert "record" not in patch and "history" not in patch and "ui" not in patch
    assert patch["selected"] == {"point": "w0", "from": 0} and "marks" in patch
    assert "svg" not in patch  # a selection leaves the drawing as it is (its marks apart)
    assert set(patch["targets"]) == set(new["targets"]) and new["targets"]
    same, nothing = protocol.step_patch(new, {"type": "view", "flip": False})
    assert {**new, **nothing} == same
    assert "svg" not in nothing  # the same drawing is not sent again


def test_patch_of_names_a_dropped_field() -> None:
    assert protocol.patch_of({"a": 1, "b": 2}, {"a": 1}) == {"b": None}
    assert protocol.patch_of({"a": 1}, {"a": 1, "c": [3]}) == {"c": [3]}
