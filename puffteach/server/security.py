"""Tokens, constant-time checks, rate limits and message validation for the class server.

Secrets (the teacher key, the pupils' seat tokens) come from :mod:`secrets`, are stored only as
SHA-256 digests, compared with :func:`hmac.compare_digest` and never logged."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Any, Final

from ..messages import DEFAULT, LANGUAGES, Message, render

#: the join code's alphabet: no 0/O, 1/I/L look-alikes
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: the longest WebSocket text frame the server reads (bytes)
MAX_FRAME: Final = 16 * 1024
#: a pupil's name, after trimming
MAX_NAME: Final = 24
MAX_CLASS_NAME: Final = 80
MAX_ID: Final = 24


class Refused(Exception):
    """A request the server does not carry out: a catalogue key (``server.error.*``) and its
    parameters; the game and the store are unchanged."""

    def __init__(self, key: str, status: int = 400, **params: object) -> None:
        super().__init__(key)
        self.key = f"server.error.{key}"
        self.status = status
        self.params = params

    def text(self, lang: str = DEFAULT) -> str:
        return render(Message.of(self.key, **self.params), lang if lang in LANGUAGES else DEFAULT)

    def to_json(self, lang: str = DEFAULT) -> dict[str, str]:
        return {"key": self.key, "message": self.text(lang)}


def new_token() -> str:
    """A teacher key or seat token: 32 random bytes, URL-safe base64."""
    return secrets.token_urlsafe(32)


def new_id() -> str:
    """A class, pupil or table id (not a secret)."""
    return secrets.token_urlsafe(9)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: object) -> str | None:
    """A join code as typed (any case, spaces or dashes) in its stored form, or None."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def digest(token: str) -> str:
    """What the store keeps of a secret."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: object, stored_digest: str) -> bool:
    """Whether ``token`` is the secret whose digest is ``stored_digest`` (constant time)."""
    if not isinstance(token, str) or not token or len(token) > 200:
        return False
    return hmac.compare_digest(digest(token), stored_digest)


def seed() -> int:
    return secrets.randbelow(2**31)


class RateLimit:
    """Token buckets by key: ``rate`` tokens a second, at most ``burst`` saved up."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if len(self._buckets) >= self.max_keys and key not in self._buckets:
            self._prune(now)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        return True

    def _prune(self, now: float) -> None:
        full = [
            k
            for k, (t, last) in self._buckets.items()
            if t + (now - last) * self.rate >= self.burst
        ]
        for k in full:
            del self._buckets[k]
        while len(self._buckets) >= self.max_keys:  # still full: forget the oldest
            del self._buckets[next(iter(self._buckets))]


# --------------------------------------------------------------------------- validation


def shown(value: object) -> str:
    """A refused value as a message repeats it (short)."""
    try:
        text = repr(value)
    except Exception:  # pragma: no cover
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def need(msg: dict[str, Any], field: str) -> Any:
    if field not in msg:
        raise Refused("field_missing", field=field)
    return msg[field]


def get_int(
    msg: dict[str, Any], field: str, low: int, high: int, default: int | None = None
) -> int:
    value = msg.get(field, default) if default is not None else need(msg, field)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Refused("field_int", field=field, low=low, high=high, got=shown(value))
    return value


def get_bool(msg: dict[str, Any], field: str, default: bool | None = None) -> bool:
    value = msg.get(field, default) if default is not None else need(msg, field)
    if not isinstance(value, bool):
        raise Refused("field_bool", field=field, got=shown(value))
    return value


def get_text(msg: dict[str, Any], field: str, limit: int, default: str | None = None) -> str:
    value = msg.get(field, default) if default is not None else need(msg, field)
    if not isinstance(value, str) or len(value) > limit:
        raise Refused("field_text", field=field, limit=limit)
    return value


def get_choice(
    msg: dict[str, Any], field: str, choices: tuple[str, ...], default: str | None = None
) -> str:
    value = msg.get(field, default) if default is not None else need(msg, field)
    if value not in choices:
        raise Refused("field_choice", field=field, choices=", ".join(choices), got=shown(value))
    return str(value)


def get_id(msg: dict[str, Any], field: str, optional: bool = False) -> str | None:
    if optional and msg.get(field) is None:
        return None
    value = need(msg, field)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
        raise Refused("field_text", field=field, limit=MAX_ID)
    return value


def clean_name(value: object, limit: int = MAX_NAME) -> str:
    """A name as typed, trimmed; 1-``limit`` characters, no control characters."""
    if not isinstance(value, str):
        raise Refused("name", limit=limit)
    name = " ".join(value.split())
    if not 0 < len(name) <= limit or any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise Refused("name", limit=limit)
    return name
