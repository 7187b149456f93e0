"""A game: rolls (seeded) or set dice, single steps with undo, pasch series, history, records."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Concatenate, ParamSpec, TypeVar

from .color import Color
from .errors import LocalizedError, message_of
from .explain import Explanation, IllegalMoveError, explain_step, find_step, move_text
from .families import family_of
from .listing import count_turns_plays, iter_turns_plays
from .messages import Message, default_language, language
from .movegen import Outcome, Plan, Play, Step, Turn, begin, finish, plans, turn_steps
from .position import Position
from .rules import RuleSet, rules

RECORD_FORMAT = "puffteach-game/1"


class GameError(LocalizedError):
    """An action that does not fit the state of the game (e.g. moving before rolling)."""


@dataclass(frozen=True)
class TurnRecord:
    """One finished roll: who, the dice, the plan, the moves and forfeits, and the result."""

    side: Color
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
    #: bräde RV 11-13: (paragraph, the loser who rolls on, rolls left) after a provisional win
    after: tuple[int, Color, int] | None = None


class Game:
    """A game under a rule set, from the start or from any position.

    >>> g = Game("kontrar-puff", position="W:0x15 B:0x15 w")
    >>> g.set_dice(5, 5)
    >>> [str(m) for m in g.legal_moves()]
    ['0/5']

    ``lang`` (``en``, ``sv``, ``de``; by default the engine's default language,
    :func:`~puffteach.messages.default_language`) is the language of its explanations and
    errors:

    >>> g = Game("kontrar-puff", position="W:0x15 B:0x15 w", lang="sv")
    >>> g.set_dice(3, 5)
    >>> g.explain("0/5").reason
    'den lägre tärningen ska flyttas först: flytta 3:an före 5:an'
    """

    def __init__(
        self,
        rules_: RuleSet | str,
        position: Position | str | None = None,
        seed: int | None = None,
        opening: tuple[int, int] | None = None,
        lang: str | None = None,
    ) -> None:
        #: the language of the game's explanations and errors (``en``, ``sv``, ``de``)
        self.lang = default_language() if lang is None else language(lang)
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
        self.first_side = start.turn
        # a position where the game is already over starts a game that is over (its family says)
        over = family_of(self.rules).ended(self.rules, start)
        self._state = _State(start, None, None, over, (), ())
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
        try:
            pos = pos.after_opening(self.rules, w, b)
        except ValueError as e:
            raise GameError(message_of(e)) from None
        self.opening = (w, b)
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
        """True once the game has its final result (after any RV 11-13 extra rolls)."""
        return self._state.outcome is not None and self._state.after is None

    @property
    def after_game(self) -> tuple[int, Color, int] | None:
        """(RV paragraph, loser, rolls left) while the loser has extra rolls (RV 11-13)."""
        return self._state.after

    def _set(self, state: _State) -> None:
        self._undo.append(self._state)
        self._redo.clear()
        self._state = state

    # ------------------------------------------------------------------ rolling
    def roll(self, one_die: bool = False) -> tuple[int, ...]:
        """Roll the dice with the game's RNG and start moving them.

        ``one_die=True`` rolls a single die (bräde's one-die rule, RV 15); a player bound to a
        one-die series rolls one die automatically.
        """
        self._check_can_roll()
        if not one_die and self.one_die_required():
            one_die = True
        if one_die:
            d = self.rng.randint(1, 6)
            self.set_dice(d)
            return (d,)
        dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.set_dice(*dice)
        return dice

    def one_die_required(self) -> bool:
        """Bräde RV 15: the side to move is in a one-die series (or bound by 15b)."""
        return family_of(self.rules).one_die_required(self.rules, self._state.position)

    def one_die_allowed(self) -> bool:
        """Bräde RV 15: may the side to move choose to roll one die now?"""
        if self._state.turn is not None or self.is_over():
            return False
        return family_of(self.rules).one_die_allowed(self.rules, self._state.position)

    @property
    def roll_name(self) -> str | None:
        """The traditional name of the roll in progress (bräde, RV 23), e.g. 'sinka fyra'."""
        d = self._state.dice
        if d is None:
            return None
        return family_of(self.rules).roll_name(self.rules, d)

    def reroll(self) -> tuple[int, ...]:
        """Bräde RV 25: once per game, refuse the roll just made and roll again."""
        t = self._state.turn
        self._refuse_roll()
        assert t is not None
        return self.roll(one_die=len(t.plan.dice) == 1)

    def _refuse_roll(self) -> None:
        """RV 25's checks and bookkeeping, shared by :meth:`reroll` and records."""
        st = self._state
        t = st.turn
        if not family_of(self.rules).reroll_once(self.rules):
            raise GameError("error.game.no_reroll", rules=self.rules.name)
        if t is None or t.moves:
            raise GameError("error.game.reroll_late")
        me = st.position.turn
        if st.position.side_flag(me, "reroll"):
            raise GameError("error.game.reroll_used")
        pos = st.position.with_side_flag(me, "reroll", 1)
        self._set(
            _State(pos, None, None, st.outcome, st.turns, st.events + (("reroll", 1),), st.after)
        )

    def resign(self) -> Outcome:
        """Bräde RV 4a: the side to move gives up the game for a hemspel's points, before
        rolling or after seeing a roll that does not force him to break RV 4a's conditions
        (the roll is then not moved)."""
        st = self._state
        t = st.turn
        if st.outcome is not None or (t is not None and t.moves):  # RV 11-13's extra rolls too
            raise GameError("error.game.resign_when")
        fam = family_of(self.rules)
        why = fam.resign_refusal(self.rules, st.position)
        if why is None and t is not None:  # after seeing the roll (RV 4a), before moving it
            ends = (p.position for p in self.legal_plays())
            why = fam.resign_after_roll(self.rules, st.position, ends)
        if why is not None:
            raise GameError(why)
        out = fam.resign_outcome(self.rules, st.position)
        self._set(_State(st.position, None, None, out, st.turns, st.events + (("resign", 1),)))
        return out

    def _check_can_roll(self) -> None:
        if self.is_over():
            raise GameError("error.game.over")
        if self._state.turn is not None:
            raise GameError("error.game.still_moving", dice=str(self._state.dice))

    def set_dice(self, a: int, b: int | None = None) -> None:
        """Set the dice of the next roll (a teacher's roll); ``b=None`` is a one-die roll."""
        self._check_can_roll()
        dice = (a,) if b is None else (a, b)
        pos = self._state.position
        try:
            plan = plans(self.rules, pos, dice)[0]
        except ValueError as e:
            raise GameError(message_of(e)) from None
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
            raise GameError("error.game.name_when")
        options = [p for p in plans(self.rules, t.start, t.plan.dice) if p.named == x]
        if not options:
            g = t.start.general
            raise GameError("error.game.name_bad", dice=str(t.plan.dice), general=str(g), x=x)
        st = self._state
        turn = begin(self.rules, st.position, options[0])
        self._set(
            self._close_if_done(
                _State(
                    st.position,
                    turn,
                    st.dice,
                    st.outcome,
                    st.turns,
                    st.events + (("name", x),),
                    st.after,
                )
            )
        )

    def _start_turn(self, plan: Plan, dice: tuple[int, ...], *events: tuple[str, Any]) -> None:
        st = self._state
        turn = begin(self.rules, st.position, plan)
        new = _State(st.position, turn, dice, st.outcome, st.turns, st.events + events, st.after)
        self._set(self._close_if_done(new))

    def _close_if_done(self, st: _State) -> _State:
        t = st.turn
        if t is None or not t.done:
            return st
        if (
            not t.moves
            and t.plan.named is None
            and t.outcome is None
            and (len(plans(self.rules, t.start, t.plan.dice)) > 1)
        ):
            return st  # the generalpasch may still be named: end_roll() declines
        return self._closed(st)

    def _closed(self, st: _State) -> _State:
        t = st.turn
        assert t is not None
        pos, outcome, again = finish(t)
        rec = TurnRecord(
            t.start.turn, t.plan.dice, t.plan.named, t.moves, t.forfeited, pos, outcome, again
        )
        after = st.after
        final = st.outcome
        if after is not None:  # RV 11-13: the loser's extra rolls
            final, after, pos = self._after_roll(st, after, outcome, pos)
        elif outcome is not None:
            final = outcome
            after = self._after_game(outcome, pos)
            if after is not None:
                pos = pos._replace(turn=after[1], streak=0)
        return _State(pos, None, None, final, st.turns + (rec,), st.events, after)

    def _after_game(self, outcome: Outcome, pos: Position) -> tuple[int, Color, int] | None:
        """RV 11-13: does the loser get extra rolls after this win?"""
        return family_of(self.rules).after_game(self.rules, outcome, pos, self.first_side)

    def _after_roll(
        self, st: _State, after: tuple[int, Color, int], outcome: Outcome | None, pos: Position
    ) -> tuple[Outcome | None, tuple[int, Color, int] | None, Position]:
        para, loser, left = after
        first = st.outcome
        assert first is not None
        if outcome is not None and outcome.winner == loser:
            settled = family_of(self.rules).after_game_outcome(self.rules, para, first, outcome)
            if settled is not None:  # RV 11-13: the loser's extra rolls changed the result
                return settled, None, pos
        if left <= 1:
            return first, None, pos
        return first, (para, loser, left - 1), pos._replace(turn=loser, streak=0)

    def end_roll(self) -> None:
        """Accept a fully forfeited generalpasch roll without naming a pasch."""
        t = self._state.turn
        if t is None or not t.done:
            raise GameError("error.game.no_end")
        st = self._state
        self._set(self._closed(replace(st, events=st.events + (("end", None),))))

    # ------------------------------------------------------------------ moving
    def legal_moves(self) -> list[Step]:
        """The legal single steps now (for the next die; empty between rolls)."""
        t = self._state.turn
        return turn_steps(t) if t is not None else []

    def legal_plays(self) -> Iterator[Play]:
        """Every distinct way to finish the roll in progress, lazily (an iterator: the first
        plays come at once even when a later pasch has 10⁵; ``list()`` it to keep them)."""
        return iter_turns_plays(self._listed_turns())

    def count_plays(self) -> int:
        """The exact number of distinct ways to finish the roll in progress."""
        return count_turns_plays(self._listed_turns())

    def _listed_turns(self) -> list[Turn]:
        """The roll in progress, or every plan of a generalpasch not yet named or moved."""
        t = self._state.turn
        if t is None:
            return []
        if not t.moves and self.generalpasch_available():
            return [
                begin(self.rules, t.start, plan) for plan in plans(self.rules, t.start, t.plan.dice)
            ]
        return [t]

    def explain(self, move: str) -> Explanation:
        """Why ``move`` (e.g. ``"3/8"``) is or is not allowed now."""
        t = self._state.turn
        if t is None:
            over = self.is_over()
            rid = self.rules.rule_id("win" if over else "dice")
            key = "refusal.game_over" if over else "refusal.roll_first"
            return Explanation(False, Message.of(key), rid, lang=self.lang)
        return explain_step(t, move, self.lang)

    def push(self, move: str | Step) -> Step:
        """Play one step; raises IllegalMoveError (a ValueError) citing the rule otherwise."""
        t = self._state.turn
        if t is None:
            raise GameError("error.game.over" if self.is_over() else "error.game.roll_first")
        if isinstance(move, Step):
            if move not in turn_steps(t):
                raise IllegalMoveError(explain_step(t, str(move)))
            step = move
        else:
            step = find_step(t, move)
        from .movegen import push as push_step

        nt = push_step(t, step)
        st = self._state
        self._set(
            self._close_if_done(
                _State(
                    st.position,
                    nt,
                    st.dice,
                    st.outcome,
                    st.turns,
                    st.events + (("move", move_text(t, step)),),
                    st.after,
                )
            )
        )
        return step

    def play(self, moves: list[str] | tuple[str, ...]) -> None:
        for m in moves:
            self.push(m)

    def pop(self) -> Step:
        """Take back the last step (across the end of a roll as well)."""
        if not self._state.events or self._state.events[-1][0] != "move":
            raise GameError("error.game.no_undo")
        text = self._state.events[-1][1]
        prev = self._undo.pop()
        self._redo.append(self._state)
        self._state = prev
        t = prev.turn
        assert t is not None
        return next(s for s in turn_steps(t) if move_text(t, s) == text)

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

    @staticmethod
    def parse_record(record: dict[str, Any] | str) -> dict[str, Any]:
        """A game record as a dict (from JSON text if need be); GameError if it is not one."""
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as e:
                raise GameError("error.record.json", error=e.msg) from None
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise GameError("error.record.format", format=repr(RECORD_FORMAT))
        if not isinstance(record.get("events", []), list):
            raise GameError("error.record.events")
        rules_, start, opening = record.get("rules"), record.get("start"), record.get("opening")
        if not isinstance(rules_, str) or not isinstance(start, str):
            raise GameError("error.record.names", rules=_shown(rules_), start=_shown(start))
        if opening is not None and not (
            isinstance(opening, list)
            and len(opening) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in opening)
        ):
            raise GameError("error.record.opening", got=_shown(opening))
        return record

    @classmethod
    def load(cls, record: dict[str, Any] | str, lang: str | None = None) -> Game:
        """Rebuild a game from ``record()`` output (dict or JSON text), checking every event;
        ``lang`` is the new game's language (records hold none; None: the default language)."""
        record = cls.parse_record(record)
        g = cls(record["rules"], position=record["start"], lang=lang)
        if record.get("opening"):
            w, b = record["opening"]
            g.opening = (w, b)
        for n, event in enumerate(record.get("events", [])):
            try:
                g.apply_event(event)
            except (ValueError, TypeError) as e:
                error = GameError(
                    "error.record.event", n=n + 1, event=_shown(event), error=message_of(e)
                )
                error.lang = g.lang
                raise error from None
        return g

    #: the events a record holds, in the order Game writes them
    EVENTS = ("roll", "name", "move", "end", "reroll", "resign")

    def apply_event(self, event: object) -> str | None:
        """Apply one record event (``["roll", [3, 5]]``, ``["move", "3/8"]``, …) as
        :meth:`load` does; the one reader of records, shared by the widget.

        Returns the canonical text of a move event (``24/off@6`` when the die must be named),
        else None. Raises GameError for an event that is malformed or does not fit the game."""
        if not isinstance(event, (list, tuple)) or len(event) != 2:
            raise GameError("error.record.event_shape", got=repr(event))
        kind, value = event
        if kind == "roll":
            if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 2:
                raise GameError("error.record.roll", got=repr(value))
            dice = [_die_value(v) for v in value]
            self.set_dice(*dice)
        elif kind == "name":
            self.name_pasch(_die_value(value))
        elif kind == "move":
            if not isinstance(value, str):
                raise GameError("error.record.move", got=repr(value))
            self.push(value)
            return str(self._state.events[-1][1])
        elif kind == "end":
            self.end_roll()
        elif kind == "reroll":
            self._refuse_roll()
        elif kind == "resign":
            self.resign()
        else:
            raise GameError("error.record.kind", got=repr(kind), events=", ".join(self.EVENTS))
        return None


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _speaking(method: Callable[Concatenate[Game, _P], _R]) -> Callable[Concatenate[Game, _P], _R]:
    """A Game method whose errors speak the game's language (``str(e)`` in ``game.lang``)."""

    @functools.wraps(method)
    def wrapper(self: Game, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except LocalizedError as e:
            if e.lang is None:
                e.lang = self.lang
                if isinstance(e, IllegalMoveError):
                    e.explanation = replace(e.explanation, lang=self.lang)
            raise

    return wrapper


for _name in (
    "roll",
    "reroll",
    "resign",
    "set_dice",
    "name_pasch",
    "end_roll",
    "push",
    "play",
    "pop",
    "apply_event",
):
    setattr(Game, _name, _speaking(getattr(Game, _name)))


def _shown(value: object, limit: int = 80) -> str:
    """A refused value as a message repeats it (``repr``, shortened)."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _die_value(v: object) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
        raise GameError("error.die", got=repr(v))
    return v
