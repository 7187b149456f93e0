"""The interface every game family implements (:class:`Family`); see :mod:`puffteach.families`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from ..board import OFF
from ..position import CHECKERS

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable

    from ..book_cells import BookRows
    from ..color import Color
    from ..messages import Message
    from ..outcome import Outcome
    from ..players.play_data import PlayData
    from ..position import Position
    from ..rules import RuleSet
    from ..steps import Plan, Refusal, Step, Turn

__all__ = ["EarlyWins", "Family"]

#: the rule-set type of a family (``Puff`` is a ``Family[PuffRules]``)
R = TypeVar("R", bound="RuleSet")


@dataclass(frozen=True)
class EarlyWins:
    """Which steps may end the game at once: the one rule of *where* a roll's walkers ask
    :meth:`Family.early_outcome` (each family declares it, :attr:`Family.early_wins`).

    The rule is stated on what every kind of state a walker keeps can tell cheaply: the step
    and how many of the mover's checkers are borne off after it (a Position counts them on
    its ``OFF`` point, :mod:`puffteach.listing`'s int keys in one byte). The ordered walker
    (``movegen._walk_ordered``) and the int-key enumeration of ordered rolls
    (``listing._Ordered``) both ask :meth:`may_end`, the free walkers its step part
    (:attr:`bearoff`), so a new kind of early win is declared here once and every walker
    asks for it. It may say yes where ``early_outcome`` then finds no win (it is a gate, not
    the win); ``tests/test_kernel.py`` checks that it never says no where one is found.

    A win after a step that bears off must depend only on the positions before and after
    it: the int-key enumeration keeps neither the turn's steps nor a Turn per node."""

    #: only a step that bears off a checker may end the game (else any step may: bräde's
    #: sprängjan, jan, patterns, kejsarspel)
    bearoff: bool = False
    #: ... and only when the mover has at least this many checkers borne off after it
    least_off: int = 0
    #: every early win leaves the mover nothing to move (the last checker borne off): no
    #: step can follow one, so the order of a run of equal dice cannot decide where the
    #: roll ends (the int-key enumeration's canonical order relies on it)
    terminal: bool = field(init=False)
    #: per "the step bears off": the borne-off counts (a bit each, 0-15) after which the
    #: step may end the game (the int-key enumeration's test, one shift per step)
    masks: tuple[int, int] = field(init=False)

    def __post_init__(self) -> None:
        def mask(off: bool) -> int:
            return sum(1 << n for n in range(CHECKERS + 1) if self._may_end(off, n))

        masks = (mask(False), mask(True))
        object.__setattr__(self, "masks", masks)
        below = (1 << CHECKERS) - 1  # fewer than all fifteen off
        object.__setattr__(self, "terminal", not masks[0] and not masks[1] & below)

    def _may_end(self, off: bool, borne_off: int) -> bool:
        return (off or not self.bearoff) and borne_off >= self.least_off

    def may_end(self, step: Step, borne_off: int) -> bool:
        """May ``step`` end the game at once, the mover having ``borne_off`` checkers borne
        off after it? (Where not, no walker asks ``early_outcome``.) The test the int keys
        make too: :attr:`masks`."""
        return bool(self.masks[step.to == OFF] >> borne_off & 1)


class Family(ABC, Generic[R]):
    """One game family's rules. Stateless: every method takes the rule set it applies, typed as
    the family's own (:func:`~puffteach.families.family_of` hands each family its own kind of
    rule set; a method given a turn takes the turn's rule set as its own type once)."""

    name: ClassVar[str]
    #: the class of the family's rule sets (``rules.describe`` lists the fields of every
    #: registered family's class)
    rules_type: ClassVar[type[RuleSet]]
    #: the family's player-side data (evaluation, net, ratings, pruning), given by
    #: :func:`~puffteach.families.register` from the family's ``<name>_play`` module
    play: PlayData
    #: what the family's rows say in the book's tables, and its own tables, given by
    #: :func:`~puffteach.families.register` from the family's ``<name>_book`` module
    book: BookRows
    #: does the family know jan (bräde's B-jan: too many checkers to enter on too few free
    #: points of the first quarter)? The odds count the rolls that make a side jan then
    has_jan: ClassVar[bool] = False
    #: may a band (two or more checkers) never be hit? (Puff: never; bräde bursts bands when
    #: entering, in a wall and on the huk, RV 5-7, so there a band does not stop a touch-down)
    bands_hold: ClassVar[bool] = True
    #: which steps may end the game at once (:class:`EarlyWins`): every walker asks
    #: :meth:`early_outcome` only after those; here any step may
    early_wins: ClassVar[EarlyWins] = EarlyWins()
    #: False when :meth:`needs_listing` never answers True (random play then does not ask)
    lists_free_rolls: ClassVar[bool] = True
    #: False when :meth:`one_die_required` never answers True (random play then does not ask)
    one_die_rolls: ClassVar[bool] = False
    #: the strongest computer level this family's ladder offers (a level name of
    #: :mod:`puffteach.players.search`; :func:`puffteach.players.ladder.ladder` offers every
    #: level up to it, weakest first). A level is offered only when the stored matches show it
    #: measurably stronger than the one below it in this family (``benchmarks/players.py
    #: --report``: a 95% interval above zero over 2,000 mirrored games); book chapter 10
    ladder_top: ClassVar[str]

    # ------------------------------------------------------------------ its rule sets
    @abstractmethod
    def presets(self) -> tuple[str, ...]:
        """The names of the family's presets, in the order the book discusses them."""

    def option_codes(self) -> tuple[str, ...]:
        """The codes a rule-set string may add to one of the family's presets
        (``preset+code``: Puff's options, bräde's RV codes)."""
        return ()

    def build(self, preset: str, codes: list[str]) -> R:
        """The rule set of one of the family's presets with the codes given (the parts of a
        rule-set string after ``+``): what :func:`puffteach.rules.rules` calls for a preset of
        a family registered from outside the package. The package's own presets are parsed by
        ``rules`` itself, which this default asks; a family of its own overrides it."""
        from ..rules import rules

        rs = rules("+".join([preset, *codes]))
        if not isinstance(rs, self.rules_type) or rs.family != self.name:
            # another family's preset asked of this one: a bug, not an input
            raise AssertionError(f"{rs.name} is not a rule set of the family {self.name}")
        return rs  # type: ignore[return-value]  # R is the family's rules_type

    # ------------------------------------------------------------------ single steps
    @abstractmethod
    def steps(self, rs: R, pos: Position, die: int, cont: int | None, first: bool) -> list[Step]:
        """Every single step ``die`` allows the side to move (no look-ahead): the steps the
        check chain answers with a Step."""

    @abstractmethod
    def check(
        self,
        rs: R,
        pos: Position,
        frm: int,
        to: int,
        die: int,
        cont: int | None = None,
        first: bool = False,
    ) -> Step | Refusal:
        """The check chain: the step ``frm/to`` with ``die``, or the first rule it breaks."""

    def after_step(self, rs: R, pos: Position, step: Step) -> Position:
        """The position after a step that moves several checkers at once (bräde RV 2a's
        six-out, which under RV 2b/2c sends an answered six-out home)."""
        return pos

    def steps_after(
        self, rs: R, pos: Position, step: Step, die: int, before: list[Step]
    ) -> list[Step] | None:
        """The steps of ``die`` after ``step``, derived from ``before``, the steps of ``die``
        in ``pos``, the position *before* ``step`` (so a caller need not make the position
        after it first), when the family can do so cheaply; else None (the caller then asks
        :meth:`steps`). Same steps in the same order as ``steps(rs, p2, die, step.to,
        False)`` with ``p2`` the position after ``step`` (tested), so a random draw from it
        is the same draw. Random play uses it for the second die of an unequal free roll and
        for a pasch's next equal die."""
        return None

    def steps_pair(
        self, rs: R, pos: Position, lo: int, hi: int, cont: int | None, first: bool
    ) -> tuple[list[Step], list[Step]]:
        """``(steps(lo), steps(hi))`` of a fresh roll of two unequal dice, which random play
        draws from together; a family may make both in one pass over the board (the same
        steps in the same order, tested)."""
        return self.steps(rs, pos, lo, cont, first), self.steps(rs, pos, hi, cont, first)

    def sample_run(
        self, rs: R, pos: Position, dice: tuple[int, ...], steps: list[Step], rng: random.Random
    ) -> tuple[Position, list[Step], list[Step] | None] | None:
        """Random play of an ordered roll's ``dice`` still due (two or more, in order), from
        ``steps``, the legal steps of the first in ``pos`` (not empty): each step drawn as the
        ordered walker draws it (``steps[int(rng.random() * len(steps))]``) and the next
        die's steps made on the family's own counts, until the dice are played, a die has no
        step or the family cannot go on cheaply. Answers the position after the steps
        played (at least one), those steps, and the legal steps of the next die due (``[]``:
        none, so the walker forfeits; None: not known, or no die is left). Never plays a
        step that may win (the game or the roll; :attr:`early_wins` says which may): the
        family stops before. None: the walker
        plays the dice itself. Same draws, same steps as the walker's loop (tested)."""
        return None

    def first_steps(self, turn: Turn) -> list[Step]:
        """Steps that take a whole roll at once (bräde RV 2a's six-out)."""
        return []

    # ------------------------------------------------------------------ a roll
    @abstractmethod
    def check_dice(self, rs: R, pos: Position, dice: tuple[int, ...]) -> None:
        """Raise ValueError when ``dice`` is not a roll the side to move may make now."""

    @abstractmethod
    def plans(self, rs: R, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
        """The ways the roll ``dice`` may be moved (more than one for a generalpasch)."""

    def one_die_required(self, rs: R, pos: Position) -> bool:
        """Must the side to move roll one die (bräde RV 15)?"""
        return False

    def one_die_allowed(self, rs: R, pos: Position) -> bool:
        """May the side to move choose a one-die roll now (bräde RV 15)?"""
        return False

    def follows_checker(self, rs: R) -> bool:
        """May a step's legality depend on where the checker moved by the previous die stands
        (the turn's ``cont``: Puff long-puff-entry (e))? Then the order of equal dice matters."""
        return False

    def shape_wins(self, rs: R) -> bool:
        """Can the end of a roll win by the shape of the board alone (Puff tower-goose: all
        fifteen on one point, or one on each of fifteen points in a row)?"""
        return False

    def patterns(self, rs: R) -> tuple[str, ...]:
        """The beautiful patterns that win (bräde RV 14-19), as outcome kinds."""
        return ()

    def reroll_once(self, rs: R) -> bool:
        """May a player refuse one roll per game and roll again (bräde RV 25)?"""
        return False

    @abstractmethod
    def needs_listing(self, turn: Turn) -> bool:
        """Must a free-order roll be decided by listing whole plays (pips, play-level rules)
        rather than by the faster search for the number of dice that can be used?"""

    def play_pips(self, rs: R, moves: tuple[Step, ...]) -> int:
        """The pips a play uses when the rules ask for as many pips as possible (bräde)."""
        return 0

    def maximise_refusal(self, rs: R) -> Refusal:
        """Why a step that is legal alone is refused within the roll: it would leave dice
        unused that another play would use (PI-order's maximisation)."""
        from ..steps import Refusal

        return Refusal.of(rs.rule_id("order"), "refusal.maximise")

    def play_rules(self, rs: R) -> bool:
        """Does a rule judge whole plays (so a shorter play can be legal where every longer
        one is not, bräde RV 3)?"""
        return False

    def play_refusal(self, turn: Turn, moves: tuple[Step, ...]) -> Refusal | None:
        """A rule that forbids this whole play although each step is legal (bräde RV 3)."""
        return None

    def match_start(self, rs: R) -> str:
        """Who starts the next game of a match, as RV 1's code: ``1a`` the loser, ``1b`` the
        players roll for it (tek), ``1c`` the winner."""
        return "1b"

    def roll_name(self, rs: R, dice: tuple[int, ...]) -> str | None:
        """The traditional name of a roll (bräde RV 23), if the family has them."""
        return None

    # ------------------------------------------------------------------ outcomes
    @abstractmethod
    def early_outcome(
        self, turn: Turn, before: Position, pos: Position, step: Step, prior: tuple[Step, ...]
    ) -> Outcome | None:
        """A win that ends the roll at once, after ``step`` (``prior``: the steps before it)."""

    @abstractmethod
    def finish(self, turn: Turn) -> tuple[Position, Outcome | None]:
        """The end of a roll: a win decided now, and the state keys the family updates (the
        machine then sets the side to roll next)."""

    def after_game(
        self, rs: R, outcome: Outcome, pos: Position, first_side: Color
    ) -> tuple[int, Color, int] | None:
        """Extra rolls for the loser after a win (bräde RV 11-13): ``(paragraph, loser,
        rolls)``, or None. ``first_side`` rolled first in this game."""
        return None

    def after_game_outcome(
        self, rs: R, paragraph: int, first: Outcome, outcome: Outcome
    ) -> Outcome | None:
        """The result when the loser wins (``outcome``) during the extra rolls
        :meth:`after_game` gave him under ``paragraph`` after ``first`` (bräde RV 11-13: a
        draw, or the loser's win), or None when ``first`` stands."""
        return None

    def pattern_shape(self, kind: str) -> tuple[int, ...] | None:
        """The checkers on points 20-24 (the mover's path) that make the pattern win ``kind``
        (bräde's beautiful patterns, RV 14-19), if it is one of the family's."""
        return None

    def resign_refusal(self, rs: R, pos: Position) -> Message | None:
        """None if the side to move may resign now (bräde RV 4a), else why not."""
        from ..messages import Message

        return Message.of("error.no_resign", rules=rs.name)

    def resign_after_roll(self, rs: R, pos: Position, ends: Iterable[Position]) -> Message | None:
        """None if the side to move may give up after seeing his roll, before moving it
        (``pos`` the position before the roll, ``ends`` where its legal plays end), else why
        not (bräde RV 4a: when the roll does not force him to break its conditions). Here:
        never after rolling."""
        from ..messages import Message

        return Message.of("error.game.resign_when")

    def resign_outcome(self, rs: R, pos: Position) -> Outcome:
        from ..errors import LocalizedError

        raise LocalizedError("error.no_resign", rules=rs.name)

    # ------------------------------------------------------------------ finished positions
    def check_position(self, rs: R, pos: Position) -> None:
        """Raise PositionError when ``pos`` cannot occur in a game of ``rs``: here both sides
        with every checker borne off (the first to bear off his last checker ends the game; a
        family whose rules let the loser go on, bräde RV 11, says otherwise)."""
        from ..board import OFF
        from ..position import CHECKERS, PositionError

        if pos.w[OFF] == CHECKERS and pos.b[OFF] == CHECKERS:
            raise PositionError("error.position.both_off", rules=rs.name)

    def ended(self, rs: R, pos: Position) -> Outcome | None:
        """The result of a game that is already over in ``pos`` (a position between rolls),
        or None while it goes on: here a side with all its checkers borne off has won one
        point. Families score it by their own rules."""
        from ..board import OFF
        from ..color import Color
        from ..outcome import Outcome, Termination
        from ..position import CHECKERS

        for side in (Color.WHITE, Color.BLACK):
            if pos.side(side)[OFF] == CHECKERS:
                return Outcome(side, Termination.BEAROFF, 1)
        return None

    # ------------------------------------------------------------------ explanations
    @abstractmethod
    def pasch_rule(self, turn: Turn) -> str:
        """The rule id that governs how this roll's pasch is moved."""

    @abstractmethod
    def legal_rule(self, turn: Turn, step: Step) -> str:
        """The rule id to cite for a legal step."""

    def forfeit_refusal(self, turn: Turn, frm: int, to: int) -> Refusal | None:
        """A family rule that explains a step after the rest of the roll was forfeited."""
        return None

    def many_refusal(self, turn: Turn) -> Refusal | None:
        """Why a move of several checkers together (``1/7x6``) that is not legal now is
        refused, citing the family's rule; None when the rule set has no such moves at all
        (the notation is then no move of this game)."""
        return None

    # ------------------------------------------------------------------ state
    @abstractmethod
    def keys(self, rs: R) -> frozenset[str]:
        """The position keys this rule set tracks."""

    def notices(self, rs: R, before: Position, after: Position, side: Color) -> list[Message]:
        """What the board should tell the players after a roll (bräde: the janblotta is out)."""
        return []

    def blots_protected(self, rs: R, pos: Position) -> bool:
        """Can no blot of the side not on roll be hit during this roll of the side on roll,
        whatever it plays (Puff long-puff-entry (d))? The odds skip their hit search then."""
        return False
