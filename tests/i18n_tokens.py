"""What a translation of the book must keep exactly: markup targets, notation and citations.

Used by tests/test_book_i18n.py (and by whoever writes a .po file, to check an entry at once).
A msgid's *tokens* are the parts a translation may not change:

- a role's target: ``{rule}`P-order```, ``{doc}`bibliography```, ``{term}`tunga```, and for a
  role with its own text (``{ref}`the options table <side-by-side-options>```) the ``<target>``;
- every code span (positions, moves, rule-set strings, ids: ``W:0x15``, ``0/5``, ``RV-8b``);
- a link's address (``[text](address)``) and inline math (``$…$``);
- the source keys with their numbers, as citations write them (``LT``, ``BH``, ``RV 8b``, ``PI``,
  ``GP``; a genitive ``LTs`` counts as ``LT``).
"""

from __future__ import annotations

import re
from collections import Counter

__all__ = ["tokens", "missing_tokens"]

_ROLE = re.compile(r"\{([\w:-]+)\}`([^`]*)`")
_CODE = re.compile(r"(`+)(.+?)\1")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_MATH = re.compile(r"\$[^$\s][^$]*\$")
#: a source key, also in a genitive without apostrophe (German "LTs"), with its variant numbers
_SOURCE = re.compile(r"\b(LT|BH|RV|PI|GP)s?\b((?: \d+[a-z]?(?:[–-]\d+[a-z]?)?)?)")


def tokens(text: str) -> Counter[str]:
    """The tokens of ``text`` (a msgid or a msgstr), with how often each occurs."""
    out: Counter[str] = Counter()
    for role, content in _ROLE.findall(text):
        target = re.search(r"<([^<>]+)>\s*$", content)
        out[f"<{target.group(1)}>" if target else f"{{{role}}}`{content}`"] += 1
    rest = _ROLE.sub(" ", text)
    for _, code in _CODE.findall(rest):
        out[f"`{code}`"] += 1
    rest = _CODE.sub(" ", rest)
    out.update(_LINK.findall(rest))
    out.update(_MATH.findall(rest))
    out.update(key + numbers for key, numbers in _SOURCE.findall(rest))
    return out


def missing_tokens(msgid: str, msgstr: str) -> list[str]:
    """The tokens of ``msgid`` that ``msgstr`` lacks (or has fewer times)."""
    return sorted((tokens(msgid) - tokens(msgstr)).elements())
