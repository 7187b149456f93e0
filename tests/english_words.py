"""The English catalogue's words, to look for them where another language is due: what the code
of a Swedish or German notebook prints (its stored outputs, its book page).

A template's words are its text between parameters; only runs of three words or more count,
and only those the other language's template lacks (a name such as "konträr puff (Lyckans
Talisman)" is the same in every language)."""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

from puffteach.messages import catalogue

_FIELD = re.compile(r"\{[^{}]*\}")
_TRIM = " .,:;—-()"
#: a notebook page's printed outputs (myst-nb: stream and text/plain cells)
_OUTPUT = re.compile(
    r'<div class="output (?:stream|text_plain)[^"]*"><div class="highlight"><pre>(.*?)</pre>', re.S
)


@cache
def english_words(lang: str) -> frozenset[str]:
    """The runs of English words the catalogue's ``lang`` templates do not share."""
    en, other = catalogue("en"), catalogue(lang)
    found = set()
    for key, template in en.items():
        theirs = other.get(key, "")
        for part in _FIELD.split(template):
            part = part.strip(_TRIM)
            if len(part.split()) >= 3 and part not in theirs:
                found.add(part)
    return frozenset(found)


def english_in(text: str, lang: str) -> list[str]:
    """The English words of :func:`english_words` that ``text`` holds."""
    return sorted(w for w in english_words(lang) if w in text)


def notebook_printed(nb: dict[str, Any]) -> str:
    """What a notebook's code cells printed or returned as text (its stored stream and
    ``text/plain`` outputs), one after the other."""
    parts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append("".join(out["text"]))
            plain = out.get("data", {}).get("text/plain")
            if plain is not None:
                parts.append("".join(plain) if isinstance(plain, list) else plain)
    return "\n".join(parts)


def page_printed(page: str) -> str:
    """What the code cells of a built notebook page printed or returned as text."""
    return "\n".join(
        html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) for m in _OUTPUT.finditer(page)
    )
