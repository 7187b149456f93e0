"""The anywidget ``Board``: traitlets synced with ``static/board.js``, logic in ``protocol``."""

from __future__ import annotations

import pathlib
from collections.abc import Iterable
from typing import Any, Final

import anywidget
import traitlets

from ..describe import describe
from ..explain import Explanation
from ..game import Game
from ..position import Position
from ..rules import RuleSet
from .bundle import bundle
from .protocol import drawing, initial_state, patch_of, rebuild
from .protocol import step as protocol_step

_STATIC = pathlib.Path(__file__).parent / "static"

#: the front end's greeting (``engine-client.js``): the kernel answers ``{"hello": true}``
HELLO = {"type": "hello"}
#: the prefix of the state's keys among the synced keys (``state.svg``, ``state.marks``, ...)
_KEY: Final = "state."


class Board(anywidget.AnyWidget):
    """A board to play, set up, replay and explain positions in Jupyter.

    Both sides play at one screen (hot seat): roll or set the dice, click a checker of the side
    to move to see its legal targets, click a target to move; clicking a forbidden point shows
    the rule that forbids it. Every action also has a Python method. Refused method calls raise
    ``ValueError`` with the reason (the board shows it too).

    >>> board = Board("kontrar-puff", position="W:0x15 B:0x15 w")   # doctest: +SKIP
    >>> board.set_dice(5, 5); board.move("0/5")                     # doctest: +SKIP

    ``lang`` (``"en"``, ``"sv"``, ``"de"``; also a trait, and a switch on the board; by default
    the engine's default language, :func:`~puffteach.messages.set_default_language`) is the
    language of everything the board says, refusals and explanations included:

    >>> Board("kontrar-puff", lang="sv")                            # doctest: +SKIP

    Where no widget runs (GitHub's notebook viewer, a PDF, an nbconvert page without the
    widget state) the output shows the board's drawing and the position in words. An HTML page
    that shows the boards offline: ``jupyter nbconvert --to html --execute
    --ExecutePreprocessor.store_widget_state=False notebook.ipynb``.
    """

    #: ``static/board.js`` and its modules as one text (anywidget loads one file; see
    #: :mod:`puffteach.widget.bundle`)
    _esm = bundle()
    _css = _STATIC / "board.css"

    #: the whole protocol state (see :mod:`puffteach.widget.protocol`). Not synced whole: the
    #: front end gets each of its keys as ``state.<key>`` (see :meth:`get_state`), and a step
    #: sends only the keys it changed.
    state = traitlets.Dict()
    #: the current position in notation (set it to start from another position)
    position = traitlets.Unicode("").tag(sync=True)
    #: the rule-set name (set it to start a new game under other rules)
    rules = traitlets.Unicode("").tag(sync=True)
    #: the dice of the roll in progress or of the last roll
    dice: traitlets.List[int] = traitlets.List().tag(sync=True)
    #: one line per finished roll, e.g. ``"W 5-5: 0/5 0/5 0/2 0/2"`` (the front end reads
    #: ``state.history``)
    history: traitlets.List[str] = traitlets.List()
    #: the interactive SVG drawing (the selected checker and its targets marked); Python's
    #: (the front end draws ``state.svg`` and puts ``state.marks`` in place)
    svg = traitlets.Unicode("")
    #: the board's language (``en``, ``sv``, ``de``): its messages, explanations, history,
    #: drawing and buttons; set it (or use the board's language switch) to change it. The
    #: constructor also takes it as ``labels``, its older name.
    lang = traitlets.Unicode("en").tag(sync=True)
    #: the front end may set an action here instead of sending it (add a counter ``n`` so that
    #: the same action twice is a change)
    action = traitlets.Dict().tag(sync=True)
    #: the names of the state's keys (each synced as ``state.<key>``); changes rarely
    _state_keys: traitlets.List[str] = traitlets.List().tag(sync=True)
    #: counts the steps: every step's update ends with it, so the front end reads the state's
    #: keys again once per step (engine-client.js, stateStore)
    _state_v = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        rules: str | RuleSet = "kontrar-puff",
        position: str | Position | None = None,
        seed: int | None = None,
        **view: Any,
    ) -> None:
        self._syncing = False
        super().__init__()
        self._publish(initial_state(rules, position, seed, **view))
        self.on_msg(self._on_msg)
        self.observe(self._on_action, names="action")

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        """Apply a protocol action; return the new state (its ``error`` says if it was refused)."""
        new = protocol_step(self.state, action)
        self._publish(new)
        return new

    def _do(self, action: dict[str, Any]) -> dict[str, Any]:
        new = self.apply(action)
        if new.get("error"):
            raise ValueError(new["error"])
        return new

    def _publish(self, state: dict[str, Any]) -> None:
        """Make ``state`` the board's. Every step, wherever it came from (Python's methods, the
        page's messages, marimo's ``action`` trait), goes to the front end the same way: one
        ``update`` of the widget's synced keys holding the state's keys that changed
        (:func:`~puffteach.widget.protocol.patch_of`: the drawing only when it changed, a
        selection's marks apart; a dropped key as null), then ``_state_v``. A notebook's saved
        widget state (nbclient merges every update, JupyterLab saves the page's model) and a
        view opened later (:meth:`get_state`) have every key."""
        changed = patch_of(self.state, state)
        self._syncing = True
        try:
            with self.hold_sync():
                self.state = state
                self.svg = drawing(state)
                self.rules = state["rules"]
                self.position = state["position"]
                self.dice = list(state["dice"] or [])
                self.history = list(state["history"])
                self.lang = str(state["view"].get("lang", "en"))
                self._state_keys = list(state)
                self._states_to_send.update(_KEY + k for k in changed)
                self._state_v += 1
        finally:
            self._syncing = False

    def get_state(
        self, key: str | Iterable[str] | None = None, drop_defaults: bool = False
    ) -> dict[str, Any]:
        """The synced keys (ipywidgets' ``get_state``), the state's keys among them as
        ``state.<key>`` (all of them when ``key`` is None), ``_state_v`` last."""
        names = None if key is None else [key] if isinstance(key, str) else list(key)
        ours = [n for n in names or () if n.startswith(_KEY)]
        real = [n for n in names if not n.startswith(_KEY)] if names is not None else None
        out: dict[str, Any] = dict(super().get_state(real, drop_defaults=drop_defaults))
        version = out.pop("_state_v", None)
        if names is None:
            ours = [_KEY + k for k in self.state]
        out.update((n, self.state.get(n[len(_KEY) :])) for n in ours)
        if version is not None:
            out["_state_v"] = version
        return out

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if content == HELLO:
            # the front end asks whether a kernel runs this board (engine-client.js, connect)
            self.send({"hello": True})
        elif isinstance(content, dict):
            self.apply(content)  # the front end's own action

    def _on_action(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"]:
            self.apply({k: v for k, v in change["new"].items() if k != "n"})

    @traitlets.validate("position")
    def _valid_position(self, proposal: dict[str, Any]) -> str:
        # Setting ``board.position`` from Python starts a game from that position; a bad one
        # is refused before anyone sees it.
        value = proposal["value"]
        if self._syncing or value == self.state.get("position"):
            return str(value)
        new = self.apply({"type": "set_position", "position": value})
        if new.get("error"):
            raise traitlets.TraitError(new["error"])
        return str(new["position"])

    @traitlets.validate("rules")
    def _valid_rules(self, proposal: dict[str, Any]) -> str:
        # Setting ``board.rules`` starts a new game under those rules.
        value = proposal["value"]
        if self._syncing or value == self.state.get("rules"):
            return str(value)
        new = self.apply({"type": "new_game", "rules": value})
        if new.get("error"):
            raise traitlets.TraitError(new["error"])
        return str(new["rules"])

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict[str, Any]) -> str:
        # Setting ``board.lang`` switches the board's language (a bad one is refused).
        value = proposal["value"]
        if self._syncing or value == self.state.get("view", {}).get("lang"):
            return str(value)
        new = self.apply({"type": "view", "lang": value})
        if new.get("error"):
            raise traitlets.TraitError(new["error"])
        return str(new["view"]["lang"])

    def __repr__(self) -> str:
        return f"Board(rules={self.rules!r}, position={self.position!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget's view plus what shows where no widget can: the drawing of the board as
        it is now (``image/svg+xml``: an nbconvert export without the widget state, GitHub's
        notebook viewer, a PDF) and the position in notation and in words (``text/plain``)."""
        shown: tuple[dict[str, Any], dict[str, Any]] | None = super()._repr_mimebundle_(**kwargs)
        if shown is None:
            return None
        bundle, metadata = dict(shown[0]), shown[1]
        bundle["image/svg+xml"] = self.svg
        words = describe(
            Position.parse(self.position),
            self.rules,
            view=str(self.state.get("view", {}).get("view", "physical")),
            lang=self.lang,
            dice=self.dice or None,
        )
        bundle["text/plain"] = f"{self!r}\n{words}"
        return bundle, metadata

    # ------------------------------------------------------------------ the Python API
    def roll(self, one_die: bool = False) -> list[int]:
        """Roll the dice (seeded); return them. A player bound to a one-die series (bräde RV 15)
        rolls one die; ``one_die=True`` chooses a one-die roll where RV 15 allows it."""
        action: dict[str, Any] = {"type": "roll"}
        if one_die:
            action["one_die"] = True
        return list(self._do(action)["dice"])

    def reroll(self) -> list[int]:
        """Bräde RV 25: refuse the roll just made (once per game) and roll again."""
        return list(self._do({"type": "reroll"})["dice"])

    def resign(self) -> None:
        """Bräde RV 4a: the side to move gives up the game for a hemspel's points."""
        self._do({"type": "resign"})

    def set_dice(self, a: int, b: int | None = None) -> None:
        """Set the dice of the next roll (``b=None``: a one-die roll)."""
        self._do({"type": "set_dice", "dice": [a] if b is None else [a, b]})

    def move(self, move: str) -> None:
        """Play one step, e.g. ``"3/8"`` in the mover's path numbers."""
        self._do({"type": "move", "move": move})

    def name_pasch(self, x: int) -> None:
        """Play the generalpasch just rolled as the pasch x-x."""
        self._do({"type": "name_pasch", "x": x})

    def end_roll(self) -> None:
        """Accept a fully forfeited generalpasch roll without naming a pasch."""
        self._do({"type": "end_roll"})

    def undo(self) -> bool:
        """Take back the last roll or step; False when there is nothing to undo."""
        return not self.apply({"type": "undo"}).get("error")

    def redo(self) -> bool:
        """Replay what ``undo`` took back; False when there is nothing to redo."""
        return not self.apply({"type": "redo"}).get("error")

    def new_game(self, rules: str | None = None) -> None:
        """A new game from the start (with an opening roll), under ``rules`` if given."""
        action: dict[str, Any] = {"type": "new_game"}
        if rules is not None:
            action["rules"] = rules
        self._do(action)

    def load(self, record: dict[str, Any] | str, index: int = 0) -> None:
        """Load a game record (``Game.record()`` / ``Game.dumps()``) to replay from event
        ``index`` (``-1``: the end)."""
        self._do({"type": "load", "record": record, "index": index})

    def goto(self, index: int) -> None:
        """Show the game after its first ``index`` events (replay)."""
        self._do({"type": "replay_goto", "index": index})

    def setup(self, position: str | Position) -> None:
        """Start from ``position`` (notation)."""
        self._do({"type": "set_position", "position": str(position)})

    def view(self, **options: Any) -> None:
        """Drawing options: ``view``, ``flip``, ``arrows``, ``lang`` (or ``labels``), ``size``,
        ``delay`` (ms between the computer's steps as the board shows them)."""
        self._do({"type": "view", **options})

    # ------------------------------------------------------------------ the computer (issue 10)
    def play_against(self, side: str = "b", level: str = "beginner") -> None:
        """Let the computer play ``side`` (``"w"`` or ``"b"``) at ``level`` (``random``,
        ``beginner`` … ``master``); the other side is yours. ``level="human"``: nobody."""
        other = "w" if side == "b" else "b"
        self._do({"type": "players", side: level, other: "human"})

    def hint(self, level: str = "expert") -> list[dict[str, Any]]:
        """The best plays of the roll in progress, best first, with their reasons (the board
        draws the best one as arrows)."""
        return list(self._do({"type": "hint", "level": level})["hint"]["plays"])

    def tutor(self, on: bool = True) -> None:
        """After each roll of a human side, a verdict and the better play (``state["verdict"]``)."""
        self._do({"type": "tutor", "on": on})

    def odds(self, on: bool = True) -> None:
        """Show pip counts, entering chances and the shots at the selected blot."""
        self._do({"type": "odds", "on": on})

    def review(self) -> dict[str, Any]:
        """The finished game judged roll by roll: each side's errors, error rate, rating band
        and luck (the board shows it in a panel)."""
        return dict(self._do({"type": "review"})["review"])

    def review_show(self, index: int) -> None:
        """Replay the reviewed game to its roll ``index`` (counted from 0, as in
        ``review()["rolls"]``): the dice rolled, nothing moved, the better play as arrows."""
        self._do({"type": "review_show", "index": index})

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        """The game on the board (rebuilt from the record; changing it leaves the board as is),
        speaking the board's language."""
        game = rebuild(self.state)
        game.lang = self.lang
        return game

    @property
    def message(self) -> str:
        """What the board says now (the last action's result or refusal)."""
        return str(self.state.get("message", ""))

    def explain(self, move: str) -> Explanation:
        """Why ``move`` is or is not allowed now, with the rule and its source (in the board's
        language)."""
        return self.game.explain(move)

    def record(self) -> dict[str, Any]:
        """The game record (rolls and moves so far), for ``load`` or ``Game.load``."""
        return dict(self.state["record"])
