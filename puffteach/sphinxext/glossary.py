"""The catalogue's glossary in the book: ``{board-glossary}``.

Each message catalogue (``puffteach/catalogue/<lang>/glossary.json``) lists the board's words
with what they mean, in the sources' terms of that language; ``python -m puffteach glossary
--lang sv`` prints it. The directive renders it as a definition list in the page's language
(Sphinx's ``language``; ``:lang:`` overrides), each term with its English word beside it, so
the English, Swedish and German builds of the glossary chapter show the catalogue their boards
speak::

    ```{board-glossary}
    ```
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ..messages import DEFAULT, LANGUAGES, glossary, text


class GlossaryDirective(SphinxDirective):
    """The board's words of the page's language, from the message catalogue."""

    has_content = False
    option_spec = {"lang": lambda a: directives.choice(a, LANGUAGES)}

    def run(self) -> list[nodes.Node]:
        lang = self.options.get("lang") or self.config.language or DEFAULT
        if lang not in LANGUAGES:
            lang = DEFAULT
        terms = nodes.definition_list(classes=["pt-board-glossary"])
        for entry in glossary(lang):
            item = nodes.definition_list_item()
            term = nodes.term()
            term += nodes.Text(entry["term"])
            if lang != DEFAULT:
                term += nodes.Text(f" ({entry['en']})")
            item += term
            definition = nodes.definition()
            definition += nodes.paragraph(text=entry["means"])
            item += definition
            terms += item
        caption = nodes.rubric(text=text("glossary.title", lang))
        caption["translatable"] = False  # in the page's language already (not for the .po)
        return [caption, terms]


def setup_glossary(app: Sphinx) -> dict[str, Any]:
    app.add_directive("board-glossary", GlossaryDirective)
    return {"parallel_read_safe": True}
