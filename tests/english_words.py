"""The English catalogue's words, to look for them where another language is due: what the code
of a Swedish or German notebook prints (its stored outputs, its book page).

A template's words are its text between parameters; only runs of three words or more count,
and only those the other language's template lacks (a name such as "konträr puff (Lyckans
Talisman)" is the same in every language). Shorter English, the labels a notebook's own code
once printed around the engine's sentences ("roll 3-1", "forfeited:", "2 point(s)", "refused:",
"plies", "equity", an ``Outcome(...)`` repr), is found by :data:`LABELS`."""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any, Final

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


#: English labels too short for :func:`english_words`: what the notebooks' helper cells printed
#: in their own words (whole words, any case) and the reprs of results printed raw
LABELS: Final = re.compile(
    r"\b(?:roll|rolls|rolled|throws?|plays?|play\(s\)|points?|point\(s\)|forfeited|forfeits|"
    r"refused|refuses|no move|schneider=\w+|moves due|to move|won by|score|physical|without|"
    r"first step|endings|outcomes|open|blocked|low|high|pips|plies|noise|careless|candidates|"
    r"equity|win|loses|best|error rate|rating|errors at|luck|distinct|reached|used|due)\b"
    r"|\b(?:Outcome|Termination|Color)[.(]",
    re.IGNORECASE,
)


def english_in(text: str, lang: str) -> list[str]:
    """The English words of :func:`english_words` and the :data:`LABELS` that ``text`` holds."""
    runs = {w for w in english_words(lang) if w in text}
    labels = {m.group(0).lower() for m in LABELS.finditer(text)}
    return sorted(runs | labels)


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
