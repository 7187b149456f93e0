"""A position in words: the text alternative of every board drawing.

:func:`describe` says where each side's checkers stand, in the numbering the drawing prints
(physical points 1-24, or one side's path numbers), and who is to move::

    >>> from puffteach.position import Position
    >>> describe(Position.parse("W:0x13,5x2 B:0x15 w"))
    'White: 2 on point 5, 13 to enter. Black: 15 to enter. White to move.'

Every word comes from the message catalogue (``describe.*`` keys in
``puffteach/catalogue/<lang>/a11y.json``), so the text follows the drawing's language.
:func:`puffteach.svg.draw` uses it as the drawing's ``<title>`` (the name a screen reader
reads, and the alt text the book gives a notebook's board images).
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import BLACK, OFF, WHITE, from_physical, to_physical
from .color import Color
from .errors import LocalizedError
from .messages import default_language, language, text
from .position import Position
from .rules import RuleSet
from .rules import rules as parse_rules

__all__ = ["describe", "describe_title"]

_SEP = ", "


def _side(position: Position, rs: RuleSet, side: Color, view: str, lang: str) -> str:
    own = position.side(side)
    stacks: list[tuple[int, int]] = []
    for p in range(1, OFF):
        if own[p]:
            q = to_physical(rs.layout, side, p)
            number = q if view == "physical" else from_physical(rs.layout, Color.parse(view[0]), q)
            stacks.append((number, own[p]))
    items = [text("describe.stack", lang, n=n, point=point) for point, n in sorted(stacks)]
    if own[0]:
        items.append(text("describe.waiting", lang, n=own[0]))
    if own[OFF]:
        items.append(text("describe.off", lang, n=own[OFF]))
    listed = _SEP.join(items) if items else text("describe.none", lang)
    return text("describe.side", lang, side=Color(side), items=listed)


#: the numberings a description names its points in
VIEWS = ("physical", "white", "black")


def describe(
    position: Position,
    rules: RuleSet | str | None = None,
    *,
    view: str = "physical",
    lang: str | None = None,
    dice: Iterable[int] | None = None,
) -> str:
    """``position`` in words: each side's stacks, waiting and borne-off checkers, the dice (if
    given) and the side to move. ``view`` is the numbering the points are named in
    (``physical``, ``white`` or ``black``); ``lang`` the catalogue's language (None: the
    default language, :func:`~puffteach.messages.default_language`)."""
    lang = default_language() if lang is None else language(lang)
    rs = parse_rules("kontrar-puff" if rules is None else rules)
    if view not in VIEWS:
        raise LocalizedError("error.describe.view", got=repr(view), views=", ".join(VIEWS))
    parts = [_side(position, rs, side, view, lang) for side in (WHITE, BLACK)]
    if view != "physical":
        parts.append(text("describe.numbering", lang, side=Color("wb".index(view[0]))))
    faces = tuple(dice or ())
    if faces:
        parts.append(text("describe.dice", lang, dice=" ".join(map(str, faces))))
    parts.append(text("describe.to_move", lang, side=Color(position.turn)))
    return " ".join(parts)


def describe_title(
    position: Position,
    rules: RuleSet | str | None = None,
    *,
    view: str = "physical",
    lang: str | None = None,
    dice: Iterable[int] | None = None,
    title: str | None = None,
) -> str:
    """The drawing's title: the rule set's name (or the figure's ``title``), then
    :func:`describe`."""
    rs = parse_rules("kontrar-puff" if rules is None else rules)
    description = describe(position, rs, view=view, lang=lang, dice=dice)
    if title:
        return text("describe.titled", lang, title=title, description=description)
    return text("describe.title", lang, rules=rs.name, description=description)
