"""Answers computed by the engine while the book is built (the worksheets' answer pages).

``plays`` directive
    Every distinct legal play of a roll (``listing.legal_plays``), as the engine finds them::

        ```{plays}
        :rules: brade-family
        :position: W:1x15 B:1x15 w
        :dice: 3 1
        ```

``explain`` directive
    Whether a move (or a sequence of moves, the last one explained) is legal, the reason and the
    rule with its source, as ``python -m puffteach explain`` says it (in the book's language)::

        ```{explain}
        :rules: brade-family
        :position: W:1x15 B:1x11,18x2,19x2 w
        :dice: 6 5
        :move: 1/7
        ```

A bad option fails the build with the engine's message.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from ..messages import DEFAULT, LANGUAGES, Message
from ..position import Position
from ..rules import rules

__all__ = ["PlaysDirective", "ExplainDirective"]

_OPTIONS: dict[str, Any] = {
    "rules": directives.unchanged_required,
    "position": directives.unchanged_required,
    "dice": directives.unchanged_required,
}


class _EngineDirective(SphinxDirective):
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = dict(_OPTIONS)

    def lang(self) -> str:
        lang = self.config.language or DEFAULT
        return lang if lang in LANGUAGES else DEFAULT

    def text(self, key: str, **params: object) -> str:
        return Message.of(key, **params).text(self.lang())

    def setup_game(self) -> tuple[Any, Position, tuple[int, ...]]:
        for opt in ("rules", "position", "dice"):
            if not self.options.get(opt):
                raise self.error(f"{self.name}: the option :{opt}: is required")
        try:
            rs = rules(self.options["rules"])
            pos = Position.parse(self.options["position"], rs)
            dice = tuple(int(d) for d in self.options["dice"].replace(",", " ").split())
        except ValueError as exc:
            raise self.error(f"{self.name}: {exc}") from None
        return rs, pos, dice


class PlaysDirective(_EngineDirective):
    """``{plays}``: the legal plays of a roll, listed by the engine at build time."""

    def run(self) -> list[nodes.Node]:
        from ..listing import legal_plays

        rs, pos, dice = self.setup_game()
        try:
            plays = list(legal_plays(rs, pos, dice))
        except ValueError as exc:
            raise self.error(f"plays: {exc}") from None
        moving = [p for p in plays if p.moves]
        para = nodes.paragraph(classes=["puffteach-plays"])
        if not moving:
            para += nodes.Text(self.text("ui.sheet.no_play"))
            return [para]
        para += nodes.Text(self.text("ui.sheet.plays", n=len(moving)) + " ")
        for i, p in enumerate(moving):
            if i:
                para += nodes.Text("; ")
            text = " ".join(map(str, p.moves))
            para += nodes.literal(text, text)
            if p.forfeited:
                lost = " ".join(map(str, p.forfeited))
                para += nodes.Text(" " + self.text("ui.sheet.forfeited", dice=lost))
        para += nodes.Text(".")
        return [para]


class ExplainDirective(_EngineDirective):
    """``{explain}``: the engine's answer to "may this move be played?", at build time."""

    option_spec: ClassVar[dict[str, Any]] = {**_OPTIONS, "move": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        from ..cli import cmd_explain

        rs, pos, dice = self.setup_game()
        move = self.options.get("move")
        if not move:
            raise self.error("explain: the option :move: is required")
        try:
            e = cmd_explain(rs, pos, dice, move, self.lang())
        except ValueError as exc:
            raise self.error(f"explain: {exc}") from None
        para = nodes.paragraph(classes=["puffteach-explain"])
        para += nodes.literal(move, move)
        key = "ui.sheet.legal" if e["legal"] else "ui.sheet.refused"
        cite = f"{e.get('source', '')}, {e.get('section', '')}; {e.get('rule', '')}"
        para += nodes.Text(": " + self.text(key, reason=e["reason"], cite=cite))
        return [para]
