"""A toy third family, plugged in from outside the package by this one module: plain backgammon
movement without doubling (two dice, free order, as many dice as possible and the higher when
only one can be used, a double moves four times and rolls no again, a blot is hit to wait for
entering, one point a game). All fifteen checkers start waiting, as in Puff; the single steps
are Puff's check chain with these options, so the family subclasses :class:`Puff`, brings its
own plan of a double (:meth:`Toy.plans`) and keeps every default of its play and book data (no
tuned weights, no net, no rows of its own).

``plug()`` registers it (``families.register``: the family, its rule-set class and its preset,
which ``rules()`` then builds with :meth:`Toy.build`); ``unplug()`` takes it out again
(``families.unregister``). ``make typecheck`` checks this module under mypy's strict mode (it is
in ``[tool.mypy] files``): a third family needs no ``# type: ignore``.
``tests/test_toy_family.py`` shows that the book table, the odds, the CLI and a random player
work for it unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from puffteach.book_cells import BookRows
from puffteach.families import register, unregister
from puffteach.families.puff import Puff
from puffteach.players.play_data import PlayData
from puffteach.position import Position
from puffteach.rules import PuffFields, PuffRules, RuleSetError
from puffteach.steps import Plan

NAME = "toy"
PRESET = "toy-backgammon"


@dataclass(frozen=True)
class ToyRules(PuffRules):
    """A toy rule set: Puff's fields, its own family, and one field of its own."""

    family: str = field(default=NAME, init=False, repr=False)
    #: backgammon's doubling cube: never in the toy (a field only the toy's rule sets have;
    #: ``rules NAME`` lists it for every rule set while the toy is registered)
    doubling: Literal[False] = False


_FIELDS = PuffFields(
    source="GP",  # a known source key: the toy cites Gegenpuff's rules for its moves
    layout="contrary",
    title="toy backgammon (test fixture)",
    dice_order="free",
    maximise=True,
    higher_die=True,
    first_pasch="four",  # the book's words for it; Toy.plans moves it
    later_pasch="four",
    pasch_reroll="never",
    bearoff="any-over",
    scoring="gp",
)


class Toy(Puff):
    """Puff's single steps, entering, hitting and bear-off, with backgammon's double: four
    moves of the die, as many of them as can be made (Puff has no such pasch: its pasches
    move the die and its opposite)."""

    name = NAME
    rules_type = ToyRules

    def plans(self, rs: PuffRules, pos: Position, dice: tuple[int, ...]) -> list[Plan]:
        a, b = dice
        if a != b:
            return super().plans(rs, pos, dice)
        return [Plan(dice, (a,) * 4, (False,) * 4, True, True)]

    def presets(self) -> tuple[str, ...]:
        return (PRESET,)

    def option_codes(self) -> tuple[str, ...]:
        return ()

    def build(self, preset: str, codes: list[str]) -> ToyRules:
        if codes:
            raise RuleSetError("error.rules.option", got=repr(codes[0]), preset=preset, options="")
        return ToyRules(name=preset, preset=preset, codes=(), **_FIELDS)


TOY = Toy()


def plug() -> None:
    register(TOY, PlayData(), BookRows())


def unplug() -> None:
    unregister(NAME)
