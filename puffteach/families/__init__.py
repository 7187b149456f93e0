"""The game families behind one interface: what differs between Puff and bräde.

The roll machine (:mod:`puffteach.movegen`) and everything above it (``Game``, ``explain``, the
CLI, the widget, the players) ask the rule set's family, never ``rules.family``:

- **steps**: the single steps a die allows, from one *check chain* per family
  (:meth:`Family.check`) that answers a proposed step with either the :class:`~puffteach.steps.Step`
  or a :class:`~puffteach.steps.Refusal` (rule id, message key, parameters). Generation keeps the
  legal answers; ``explain`` reports the refusal, so the two cannot drift apart;
- **plans**: which dice a roll has and how they are to be moved (Puff's pasches, bräde's alla
  and one-die rolls);
- **outcomes**: a win during the roll (early) and at its end, and its points;
- **state**: the position keys the family tracks and updates after a roll;
- **play rules**: what a whole play must achieve beyond using the dice (bräde's pips, RV 3).

>>> from puffteach import rules
>>> family_of(rules("kontrar-puff")).name, family_of(rules("vasamuseet")).name
('puff', 'brade')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules import plug_family, unplug_family
from .base import EarlyWins, Family
from .brade import BRADE
from .brade_book import BRADE_BOOK
from .brade_play import BRADE_PLAY
from .puff import PUFF
from .puff_book import PUFF_BOOK
from .puff_play import PUFF_PLAY

if TYPE_CHECKING:
    from ..book_cells import BookRows
    from ..players.play_data import PlayData
    from ..rules import RuleSet

__all__ = ["FAMILIES", "EarlyWins", "Family", "family_of", "register", "unregister"]

#: family name -> family (``rules.family`` names it)
#: (each is a ``Family`` of its own rule-set type: a rule set's ``family`` picks the family
#: that takes its type)
FAMILIES: dict[str, Family[Any]] = {}


def register(family: Family[Any], play: PlayData, book: BookRows) -> None:
    """Plug a family in: give it its player-side data (``family.play``, from its own
    ``<name>_play`` module) and its book rows (``family.book``, from ``<name>_book``) — those
    modules may import the family's rule module, which does not import them — and make
    :func:`family_of` and the rule data find it by its name: its keys and position checks,
    its rule-set class (``rules.describe``) and its presets (``rules()`` builds them with
    ``family.build``; ``rules.ALL_PRESETS`` lists them)."""
    family.play = play
    family.book = book
    FAMILIES[family.name] = family
    plug_family(
        family.name,
        family.rules_type,
        family.keys,
        family.check_position,
        family.presets(),
        family.build,
    )


def unregister(name: str) -> None:
    """Take a family out again (a test's toy family): :func:`family_of`, the rule data and
    the rule sets of it already built forget it."""
    FAMILIES.pop(name, None)
    unplug_family(name)


register(PUFF, PUFF_PLAY, PUFF_BOOK)
register(BRADE, BRADE_PLAY, BRADE_BOOK)


def family_of(rs: RuleSet) -> Family[Any]:
    """The family object for a rule set."""
    return FAMILIES[rs.family]
