"""One message catalogue for every sentence the engine and the board say.

A message is a key plus parameters (:class:`Message`); the words live in JSON catalogues under
``puffteach/catalogue/<lang>/*.json`` (one flat ``{key: template}`` object per file; the files of
a language are merged and a key defined twice is an error). The same files feed the front end.

Templates use ``{name}`` for a parameter and ``{name|one|other}`` to choose a form by number
(``one`` when the value is 1; ``#`` in a form stands for the number)::

    >>> from puffteach.color import WHITE
    >>> text("outcome.win", side=WHITE, kind=Message.of("kind.jan"), n=1, extra="")
    'White wins: jan, 1 point.'
    >>> text("outcome.win", side=WHITE, kind=Message.of("kind.jan"), n=4, extra="")
    'White wins: jan, 4 points.'

A parameter may itself be a :class:`Message` (rendered in the same language, as ``kind``
above) or a :class:`~puffteach.color.Color` (rendered as the side's name).

Where no language is asked for (``str(message)``, ``text(key)``, an error's ``str()``, a
``Game``, ``Board``, drawing or description made without ``lang``), the engine speaks the
default language: English unless :func:`set_default_language` chose another. A Swedish
notebook starts with ``messages.set_default_language("sv")``, and every sentence its code
prints is Swedish::

    >>> set_default_language("sv")
    >>> text("outcome.win", side=WHITE, kind=Message.of("kind.jan"), n=1, extra="")
    'Vit vinner: jan, 1 poäng.'
    >>> set_default_language("en")
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Final, NamedTuple

from .color import Color

__all__ = [
    "LANGUAGES",
    "Message",
    "CatalogueError",
    "MessageError",
    "Number",
    "catalogue",
    "glossary",
    "default_language",
    "help_lang",
    "language",
    "render",
    "set_default_language",
    "text",
]

#: the languages with a catalogue; English is the reference every other catalogue matches
LANGUAGES: Final = ("en", "sv", "de")
#: the reference language (English), and the default language until one is set
DEFAULT: Final = "en"
#: the language the engine speaks where none is asked for (:func:`set_default_language`)
_default: str = DEFAULT

_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)(?:\|([^|{}]*)\|([^|{}]*))?\}")


class MessageError(ValueError):
    """An unknown language or key, or a template whose parameters are not given."""


class CatalogueError(MessageError):
    """The catalogue lacks a key or a parameter the code uses, or has a key twice: a bug, whose
    words are for the developer who adds the key (``tests/test_kernel.py`` checks every key)."""


class Number(NamedTuple):
    """A number in a message, written as the message's language writes it: ``digits``
    decimals, a decimal point in English and a decimal comma in Swedish and German, and a
    sign in front of a positive number too when ``signed`` (an equity, a luck)."""

    value: float
    digits: int = 3
    signed: bool = False

    def text(self, lang: str | None = None) -> str:
        value = self.value if round(self.value, self.digits) else 0.0  # no "-0.00"
        s = f"{value:{'+' if self.signed else ''}.{self.digits}f}"
        return s.replace(".", ",") if _lang(lang) in DECIMAL_COMMA else s


#: the languages that write a decimal comma
DECIMAL_COMMA: Final = frozenset({"sv", "de"})


class Message(NamedTuple):
    """A sentence as a catalogue key and its parameters (hashable, comparable, JSON-able)."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, /, **params: object) -> Message:
        return cls(key, tuple(sorted(params.items())))

    def text(self, lang: str | None = None) -> str:
        return render(self, lang)

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict[str, object]:
        """``{"key": …, "params": {…}}`` with nested messages and colours as plain values."""
        return {"key": self.key, "params": {k: _json_value(v) for k, v in self.params}}


def _json_value(v: object) -> object:
    if isinstance(v, Message):
        return v.to_json()
    if isinstance(v, Color):
        return v.letter
    if isinstance(v, Number):
        return v.value
    return v


def language(lang: object) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; MessageError (a ValueError) otherwise."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        languages = ", ".join(LANGUAGES)
        raise MessageError(text("error.language", got=repr(lang), languages=languages))
    return lang


def default_language() -> str:
    """The language the engine speaks where none is asked for (English unless
    :func:`set_default_language` chose another)."""
    return _default


def set_default_language(lang: str) -> None:
    """Make ``lang`` (one of :data:`LANGUAGES`) the language the engine speaks where none is
    asked for: messages, errors, explanations, descriptions and drawings, and the games,
    boards and drawings made from now on without ``lang``. Refuses an unknown language
    (:class:`MessageError`)."""
    global _default
    _default = language(lang)


def _lang(lang: str | None) -> str:
    """``lang``, or the default language for None."""
    return _default if lang is None else language(lang)


def help_lang(argv: list[str]) -> str:
    """The ``--lang`` a command line asks for, read before it is parsed (for ``--help``)."""
    for i, a in enumerate(argv):
        value = argv[i + 1] if a == "--lang" and i + 1 < len(argv) else a.partition("=")[2]
        if (a == "--lang" or a.startswith("--lang=")) and value in LANGUAGES:
            return value
    return DEFAULT


@cache
def catalogue(lang: str = DEFAULT) -> dict[str, str]:
    """Every key of ``lang`` with its template."""
    language(lang)
    out: dict[str, str] = {}
    folder = resources.files("puffteach") / "catalogue" / lang
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        for key, template in data.items():
            if key in out:
                raise CatalogueError(f"key {key!r} defined twice in the {lang} catalogue")
            out[key] = template
    return out


def render(message: Message, lang: str | None = None) -> str:
    """The sentence ``message`` says in ``lang`` (None: the default language)."""
    lang = _lang(lang)
    table = catalogue(lang)
    template = table.get(message.key)
    if template is None:
        raise CatalogueError(f"no message {message.key!r} in the {lang} catalogue")
    params = dict(message.params)

    def field(m: re.Match[str]) -> str:
        name, one, other = m.group(1), m.group(2), m.group(3)
        if name not in params:
            raise CatalogueError(f"message {message.key!r} needs the parameter {name!r}")
        value = params[name]
        if one is not None:
            n = value if isinstance(value, int) else 0
            return (one if n == 1 else other).replace("#", str(n))
        return _value(value, lang)

    return _FIELD.sub(field, template)


def _value(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Number):
        return value.text(lang)
    if isinstance(value, Color):
        return render(Message(f"side.{value.name.lower()}"), lang)
    return str(value)


def text(key: str, lang: str | None = None, **params: object) -> str:
    """Render the message ``key`` with ``params`` in ``lang`` (None: the default language; a
    shortcut)."""
    return render(Message.of(key, **params), lang)


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (for the catalogue tests)."""
    return {m.group(1) for m in _FIELD.finditer(template)}


def glossary(lang: str = DEFAULT) -> list[dict[str, str]]:
    """The catalogue's glossary in ``lang``: the board's words (``glossary.<id>.term``) with
    what they mean (``glossary.<id>.means``), in the catalogue's order, each with its English
    term beside it (``python -m puffteach glossary --lang sv``)."""
    table, english = catalogue(lang), catalogue(DEFAULT)
    out = []
    for key in table:
        if key.startswith("glossary.") and key.endswith(".term"):
            ident = key[len("glossary.") : -len(".term")]
            out.append(
                {
                    "id": ident,
                    "term": table[key],
                    "means": table[f"glossary.{ident}.means"],
                    "en": english[key],
                }
            )
    return out
