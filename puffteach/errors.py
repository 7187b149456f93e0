"""Errors whose words are catalogue messages (:mod:`puffteach.messages`).

A :class:`LocalizedError` is a ``ValueError`` built from a key and parameters (or a
:class:`~puffteach.messages.Message`); ``str()`` is the sentence in its ``lang`` (the default
language, :func:`~puffteach.messages.default_language`, unless set), ``text(lang)`` the
sentence in any language, ``message`` the key and parameters::

    >>> e = LocalizedError("error.die", got="'7'")
    >>> str(e)
    "a die shows 1-6, got '7'"
    >>> e.message.key
    'error.die'
    >>> e.text("sv")
    "en tärning visar 1-6, inte '7'"

The engine's own errors (``PositionError``, ``RuleSetError``, ``GameError``,
``MoveSyntaxError``, ``IllegalMoveError``, :class:`DiceError`) are subclasses, so callers
that catch ``ValueError`` catch them all. Values a user typed go in as parameters, already
written as the error shows them (``got=repr(text)``).
"""

from __future__ import annotations

from .messages import Message

__all__ = ["DiceError", "GameOverError", "LocalizedError", "message_of"]


class LocalizedError(ValueError):
    """A ``ValueError`` that says a catalogue message (by ``str()`` in the default language)."""

    message: Message
    #: the language ``str()`` speaks (None: the default language, unless the raiser knows
    #: better, e.g. a ``Game`` made with ``lang="sv"``)
    lang: str | None = None

    def __init__(self, key: str | Message, /, **params: object) -> None:
        message = key if isinstance(key, Message) else Message.of(key, **params)
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message.text(self.lang)

    def text(self, lang: str | None = None) -> str:
        """The error's sentence in ``lang`` (None: the default language)."""
        return self.message.text(lang)


class DiceError(LocalizedError):
    """Dice that are not dice, or that do not fit the rule set or the position."""


class GameOverError(LocalizedError):
    """A roll asked for in a position where the game is already over."""


def message_of(error: BaseException) -> Message:
    """What ``error`` says as a message: its own for a :class:`LocalizedError`, else its text
    as it is (an error from outside the engine, e.g. the JSON parser or a ``TypeError``)."""
    if isinstance(error, LocalizedError):
        return error.message
    return Message.of("error.text", text=str(error))
