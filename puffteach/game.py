"""A game: rolls (seeded) or set dice, single steps with undo, pasch series, history, records."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from .explain import Explanation, IllegalMoveError, explain_step, find_step
from .movegen import Outcome, Play, Plan, Step, Turn, begin, finish, plans, plays_from, turn_steps
from .position import Position
from .rules import RuleSet, rules

RECORD_FORMAT = "puffteach-game/1"


class GameError(ValueError):
    """An action that does not fit the state of the game (e.g. moving before rolling)."""


@dataclass(frozen=True)
class TurnRecord:
    """One finished roll: who, the dice, the plan, the moves and forfeits, and the result."""

    side: int
    dice: tuple[int, ...]
    named: int | None
    moves: tuple[Step, ...]
    forfeited: tuple[int, ...]
    position: Position
    outcome: Outcome | None
    again: bool


@dataclass(frozen=True)
class _State:
    position: Position
    turn: Turn | None
    dice: tuple[int, ...] | None
    outcome: Outcome | None
    turns: tuple[TurnRecord, ...]
    events: tuple[tuple[str, Any], ...]


class Game:
    """A game under a rule set, from the start or from any position.

    >>> g = Game("kontrar-puff", position="W:0x15 B:0x15 w")
    >>> g.set_dice(5, 5)
    >>> [str(m) for m in g.legal_moves()]
    ['0/5']
    """

    def __init__(
        self,
        rules_: RuleSet | str,
        position: Position | str | None = None,
        seed: int | None = None,
        opening: tuple[int, int] | None = None,
    ) -> None:
        self.rules = rules(rules_)
        self.rng = random.Random(seed)
        self.opening: tuple[int, int] | None = None
        if position is None:
            start = Position.start(self.rules)
            if opening is None:
                opening = self._roll_opening()
            start = self._apply_opening(start, opening)
        elif isinstance(position, str):
            start = Position.parse(position, self.rules)
        else:
            position.check(self.rules)
            start = position
        self.start = start
        self._state = _State(start, None, None, None, (), ())
        self._undo: list[_State] = []
        self._redo: list[_State] = []

    # ------------------------------------------------------------------ opening
    def _roll_opening(self) -> tuple[int, int]:
        while True:
            w, b = self.rng.randint(1, 6), self.rng.randint(1, 6)
            if w != b:
                return (w, b)

    def _apply_opening(self, pos: Position, opening: tuple[int, int]) -> Position:
        w, b = opening
        if not (1 <= w <= 6 and 1 <= b <= 6) or w == b:
            raise GameError(f"the deciding opening roll needs two different faces, got {w} and {b}")
        self.opening = (w, b)
        if self.rules.opening == "higher":
            turn = 0 if w > b else 1
        else:
            turn = 0 if w < b else 1
        pos = pos._replace(turn=turn)
        if self.rules.generalpasch:
            pos = pos._replace(general=(min(w, b), max(w, b)))
        return pos

    # ------------------------------------------------------------------ state
    @property
    def position(self) -> Position:
        """The current position (mid-roll: after the steps played so far)."""
        t = self._state.turn
        return t.pos if t is not None else self._state.position

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice of the roll in progress (None between rolls)."""
        return self._state.dice

    @property
    def remaining(self) -> tuple[int, ...]:
        """The moves still due in this roll, in order (e.g. (5, 5, 2, 2))."""
        t = self._state.turn
        return t.remaining if t is not None else ()

    @property
    def turn(self) -> Turn | None:
        return self._state.turn

    @property
    def outcome(self) -> Outcome | None:
        return self._state.outcome

    @property
    def history(self) -> tuple[TurnRecord, ...]:
        """The finished rolls so far."""
        return self._state.turns

    @property
    def events(self) -> tuple[tuple[str, Any], ...]:
        return self._state.events

    def is_over(self) -> bool:
        return self._state.outcome is not None

    def _set(self, state: _State) -> None:
        self._undo.append(self._state)
        self._redo.clear()
        self._state = state

    # ------------------------------------------------------------------ rolling
    def roll(self) -> tuple[int, int]:
        """Roll both dice with the game's RNG and start moving them."""
        self._check_can_roll()
        dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.set_dice(*dice)
        return dice

    def _check_can_roll(self) -> None:
        if self._state.outcome is not None:
            raise GameError("the game is over")
        if self._state.turn is not None:
            raise GameError(f"the roll {self._state.dice} is still being moved")

    def set_dice(self, a: int, b: int | None = None) -> None:
        """Set the dice of the next roll (a teacher's roll); ``b=None`` is a one-die roll."""
        self._check_can_roll()
        dice = (a,) if b is None else (a, b)
        pos = self._state.position
        try:
            plan = plans(self.rules, pos, dice)[0]
        except ValueError as e:
            raise GameError(str(e)) from None
        self._start_turn(plan, dice, ("roll", list(dice)))

    def generalpasch_available(self) -> bool:
        """True when the roll just made is the generalpasch and no step has been taken."""
        t = self._state.turn
        return (
            t is not None
            and not t.moves
            and t.plan.named is None
            and len(plans(self.rules, t.start, t.plan.dice)) > 1
        )

    def name_pasch(self, x: int) -> None:
        """Play the generalpasch just rolled as the pasch x-x (generalpasch rule)."""
        t = self._state.turn
        if t is None or t.moves:
            raise GameError("a pasch can be named only right after rolling the generalpasch")
        options = [p for p in plans(self.rules, t.start, t.plan.dice) if p.named == x]
        if not options:
            g = t.start.general
            raise GameError(
                f"the roll {t.plan.dice} is not the generalpasch ({g}) or {x} is not a face 1-6"
            )
        st = self._state
        turn = begin(self.rules, st.position, options[0])
        self._set(self._close_if_done(
            _State(st.position, turn, st.dice, None, st.turns, st.events + (("name", x),))
        ))

    def _start_turn(self, plan: Plan, dice: tuple[int, ...], *events: tuple[str, Any]) -> None:
        st = self._state
        turn = begin(self.rules, st.position, plan)
        new = _State(st.position, turn, dice, None, st.turns, st.events + events)
        self._set(self._close_if_done(new))

    def _close_if_done(self, st: _State) -> _State:
        t = st.turn
        if t is None or not t.done:
            return st
        if not t.moves and t.plan.named is None and t.outcome is None and (
            len(plans(self.rules, t.start, t.plan.dice)) > 1
        ):
            return st  # the generalpasch may still be named: end_roll() declines
        return self._closed(st)

    def _closed(self, st: _State) -> _State:
        t = st.turn
        assert t is not None
        pos, outcome, again = finish(t)
        rec = TurnRecord(t.start.turn, t.plan.dice, t.plan.named, t.moves, t.forfeited, pos,
                         outcome, again)
        return _State(pos, None, None, outcome, st.turns + (rec,), st.events)

    def end_roll(self) -> None:
        """Accept a fully forfeited generalpasch roll without naming a pasch."""
        t = self._state.turn
        if t is None or not t.done:
            raise GameError("there is no finished roll waiting to be ended")
        self._set(self._closed(self._state))

    # ------------------------------------------------------------------ moving
    def legal_moves(self) -> list[Step]:
        """The legal single steps now (for the next die; empty between rolls)."""
        t = self._state.turn
        return turn_steps(t) if t is not None else []

    def legal_plays(self) -> list[Play]:
        """Every distinct way to finish the roll in progress."""
        t = self._state.turn
        if t is None:
            return []
        out = {}
        if not t.moves and self.generalpasch_available():
            for plan in plans(self.rules, t.start, t.plan.dice):
                for p in plays_from(begin(self.rules, t.start, plan)):
                    out.setdefault((p.position, p.outcome), p)
            return list(out.values())
        return plays_from(t)

    def explain(self, move: str) -> Explanation:
        """Why ``move`` (e.g. ``"3/8"``) is or is not allowed now."""
        t = self._state.turn
        if t is None:
            from .explain import Explanation as E

            rid = self.rules.rule_id("win" if self.is_over() else "dice")
            return E(False, "the game is over" if self.is_over() else "roll the dice first", rid)
        return explain_step(t, move)

    def push(self, move: str | Step) -> Step:
        """Play one step; raises IllegalMoveError (a ValueError) citing the rule otherwise."""
        t = self._state.turn
        if t is None:
            raise GameError("the game is over" if self.is_over() else "roll the dice first")
        if isinstance(move, Step):
            if move not in t._cache.get("steps", ()) and move not in turn_steps(t):
                raise IllegalMoveError(explain_step(t, str(move)))
            step = move
        else:
            step = find_step(t, move)
        from .movegen import push as push_step

        nt = push_step(t, step)
        st = self._state
        self._set(self._close_if_done(
            _State(st.position, nt, st.dice, None, st.turns, st.events + (("move", str(step)),))
        ))
        return step

    def play(self, moves: list[str] | tuple[str, ...]) -> None:
        for m in moves:
            self.push(m)

    def pop(self) -> Step:
        """Take back the last step (across the end of a roll as well)."""
        if not self._state.events or self._state.events[-1][0] != "move":
            raise GameError("no step to take back")
        text = self._state.events[-1][1]
        prev = self._undo.pop()
        self._redo.append(self._state)
        self._state = prev
        t = prev.turn
        assert t is not None
        return next(s for s in turn_steps(t) if str(s) == text)

    def undo(self) -> bool:
        """Undo the last action (a step or a roll). False when there is nothing to undo."""
        if not self._undo:
            return False
        self._redo.append(self._state)
        self._state = self._undo.pop()
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self._state)
        self._state = self._redo.pop()
        return True

    # ------------------------------------------------------------------ random play
    def play_random_roll(self, rng: random.Random | None = None) -> TurnRecord:
        """Roll and play uniformly random legal single steps until the roll is over."""
        rng = rng or self.rng
        self.roll()
        if self.generalpasch_available():
            choice = rng.randint(0, 6)
            if choice:
                self.name_pasch(choice)
        while self._state.turn is not None:
            steps = self.legal_moves()
            if not steps:
                self.end_roll()
                break
            self.push(rng.choice(steps))
        return self._state.turns[-1]

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """A JSON-able record: rules, start position, opening, every roll and move."""
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.name,
            "start": str(self.start),
            "opening": list(self.opening) if self.opening else None,
            "events": [[k, v] for k, v in self._state.events],
        }

    def dumps(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def load(cls, record: dict[str, Any] | str) -> Game:
        """Rebuild a game from ``record()`` output (dict or JSON text), checking every event."""
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as e:
                raise GameError(f"a game record must be JSON: {e.msg}") from None
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise GameError(f"not a puffteach game record (format {RECORD_FORMAT!r})")
        g = cls(record["rules"], position=record["start"])
        if record.get("opening"):
            g.opening = tuple(record["opening"])  # type: ignore[assignment]
        for n, event in enumerate(record.get("events", [])):
            try:
                kind, value = event
                if kind == "roll":
                    g.set_dice(*value)
                elif kind == "name":
                    g.name_pasch(int(value))
                elif kind == "move":
                    g.push(str(value))
                else:
                    raise GameError(f"unknown event {kind!r}")
            except (ValueError, TypeError) as e:
                raise GameError(f"game record event {n + 1} {event!r}: {e}") from None
        return g
