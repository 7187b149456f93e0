"""Immutable positions and their one-line notation (design.md, "Position notation").

    W:<stacks> B:<stacks> [w|b] [key=value ...]

Stacks are ``point`` or ``pointxcount`` in the owner's path numbering (0 waiting, 1-24 board,
25 borne off). The canonical form sorts stacks and keys, omits ``x1`` and default values, and
always writes the side to move, so ``Position.parse(str(p)) == p``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, get_args

from .board import CROSS, OFF
from .color import BLACK, COLORS, WHITE, Color
from .errors import LocalizedError

if TYPE_CHECKING:
    from .rules import RuleSet

CHECKERS: Final = 15
Counts = tuple[int, ...]


class PositionError(LocalizedError):
    """A position string or a position's contents are malformed."""


FIXED_KEYS: Final = ("wpasch", "bpasch", "streak", "general")

#: the per-side keys (the notation writes them with the side's letter: ``wbanded``, ``bonedie``)
SideKey = Literal["rolled", "entered", "onedie", "series", "reroll", "six", "banded", "janblotta"]
SIDE_KEYS: Final[tuple[SideKey, ...]] = get_args(SideKey)
_SIDE_KEYS: Final = tuple({k: f"{c}{k}" for k in SIDE_KEYS} for c in "wb")


#: Keys beyond the four fixed ones (each side's ``SideKey`` with its letter: ``wrolled``,
#: ``bonedie``; their meanings at :class:`SideState`), in the order an error lists them, with
#: the ``SideKey`` each is. Values are non-negative integers.
EXTRA_KEYS: Final[dict[str, SideKey]] = {f"{c}{k}": k for k in SIDE_KEYS for c in "wb"}


class SideState(NamedTuple):
    """One side's game state beyond its checkers (``Position.side_state``)."""

    pasches: int  # pasches rolled so far this game (Puff)
    rolled: int  # has made the first roll (long-puff-entry; bräde RV 2b/2c)
    entered: int  # has had all fifteen entered once (long-puff-entry (d))
    onedie: int  # one-die rolls still owed in an RV 15 series
    series: int  # one-die series started (RV 15b)
    reroll: int  # RV 25's re-roll used
    six: int  # the first-roll six-out stands (RV 2b/2c)
    banded: int  # has had a band in his third or fourth quarter (RV 4a/4c)
    janblotta: int  # has had the janblotta out (RV 4a)


#: how a position draws itself (``_repr_svg_``): :mod:`puffteach.svg` registers its drawing
#: when imported (``import puffteach`` does), so the notation does not depend on the drawing
DRAW: list[Callable[[Position], str]] = []

_STACK = re.compile(r"^(\d+)(?:x(\d+))?$")
_EMPTY: Final = (0,) * 26


class Position(NamedTuple):
    """A position between rolls: both sides' checkers, the side to move and the game-state keys.

    ``w`` and ``b`` are 26-tuples of checker counts indexed by the owner's path point
    (0 = waiting to enter, 25 = borne off). ``turn`` is the side to move (a ``Color``).
    """

    w: Counts
    b: Counts
    turn: Color = WHITE
    wpasch: int = 0
    bpasch: int = 0
    streak: int = 0
    general: tuple[int, int] | None = None
    flags: tuple[tuple[str, int], ...] = ()

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, rules: RuleSet) -> Position:
        """The starting position of a rule set (all at 0 in Puff, all home on 1 in bräde)."""
        stacks = [0] * 26
        stacks[rules.start_point] = CHECKERS
        return cls(tuple(stacks), tuple(stacks))

    def after_opening(self, rules: RuleSet, white: int, black: int) -> Position:
        """The start position once the deciding opening roll (one die each, P-start / B-tek)
        has chosen who begins: the higher die (Puff) or the lower (bräde); under the
        generalpasch rule the two faces become the generalpasch."""
        if not (1 <= white <= 6 and 1 <= black <= 6) or white == black:
            raise PositionError("error.position.opening", white=white, black=black)
        higher = white > black
        turn = (
            (WHITE if higher else BLACK)
            if rules.opening == "higher"
            else (BLACK if higher else WHITE)
        )
        pos = self._replace(turn=turn)
        if "general" in rules.keys:  # the generalpasch rule
            pos = pos._replace(general=(min(white, black), max(white, black)))
        return pos

    @classmethod
    def from_stacks(
        cls, white: dict[int, int], black: dict[int, int], turn: str = "w", **keys: int
    ) -> Position:
        """Build a position from ``{path point: count}`` maps, e.g. ``{0: 15}``."""
        text = f"W:{_fmt_stacks(_counts(white))} B:{_fmt_stacks(_counts(black))} {turn}"
        for k, v in sorted(keys.items()):
            text += f" {k}={v}"
        return cls.parse(text)

    @classmethod
    def parse(cls, text: str, rules: RuleSet | None = None) -> Position:
        """Parse the notation; with ``rules`` also check the position fits that rule set."""
        if not isinstance(text, str):
            raise PositionError("error.position.not_text", kind=type(text).__name__)
        fields = text.split()
        if len(fields) < 2:
            raise PositionError("error.position.fields", text=repr(text))
        if not fields[0].startswith("W:"):
            raise PositionError("error.position.white_first", got=repr(fields[0]))
        if not fields[1].startswith("B:"):
            raise PositionError("error.position.black_second", got=repr(fields[1]))
        w = _parse_stacks(fields[0][2:], WHITE)
        b = _parse_stacks(fields[1][2:], BLACK)
        rest = fields[2:]
        turn = WHITE
        if rest and "=" not in rest[0]:
            if rest[0] not in ("w", "b"):
                raise PositionError("error.position.turn", got=repr(rest[0]))
            turn = Color.parse(rest[0])
            rest = rest[1:]
        values: dict[str, int] = {}
        general: tuple[int, int] | None = None
        flags: dict[str, int] = {}
        for item in rest:
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise PositionError("error.position.key_value", got=repr(item))
            if key in values or key in flags or (key == "general" and general is not None):
                raise PositionError("error.position.key_twice", name=repr(key))
            if key == "general":
                general = _parse_general(value)
            elif key in ("wpasch", "bpasch", "streak") or key in EXTRA_KEYS:
                if not value.isdigit():
                    raise PositionError("error.position.key_number", name=key, got=repr(value))
                n = int(value)
                if key in EXTRA_KEYS:
                    if n:
                        flags[key] = n
                else:
                    values[key] = n
            else:
                known = ", ".join((*FIXED_KEYS, *EXTRA_KEYS))
                raise PositionError("error.position.unknown_key", name=repr(key), known=known)
        pos = cls(
            w,
            b,
            turn,
            values.get("wpasch", 0),
            values.get("bpasch", 0),
            values.get("streak", 0),
            general,
            tuple(sorted(flags.items())),
        )
        if rules is not None:
            pos.check(rules)
        return pos

    # ------------------------------------------------------------------ notation
    def __str__(self) -> str:
        parts = [f"W:{_fmt_stacks(self.w)}", f"B:{_fmt_stacks(self.b)}", COLORS[self.turn].letter]
        keys: list[tuple[str, str]] = [(k, str(v)) for k, v in self.flags]
        if self.wpasch:
            keys.append(("wpasch", str(self.wpasch)))
        if self.bpasch:
            keys.append(("bpasch", str(self.bpasch)))
        if self.streak:
            keys.append(("streak", str(self.streak)))
        if self.general is not None:
            keys.append(("general", f"{self.general[0]}-{self.general[1]}"))
        parts.extend(f"{k}={v}" for k, v in sorted(keys))
        return " ".join(parts)

    def fen(self) -> str:
        """The canonical notation (same as ``str(position)``)."""
        return str(self)

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"

    def _repr_svg_(self) -> str:
        return DRAW[0](self)

    # ------------------------------------------------------------------ queries
    def side(self, side: Color) -> Counts:
        """Checker counts of ``side`` by its path point."""
        return self.b if side else self.w

    def flag(self, key: str) -> int:
        """The value of an extra key (0 when absent)."""
        for k, v in self.flags:
            if k == key:
                return v
        return 0

    def side_state(self, side: Color) -> SideState:
        """Every per-side key of ``side`` as a typed record."""
        names = _SIDE_KEYS[side]
        return SideState(self.pasches(side), *(self.flag(names[k]) for k in SIDE_KEYS))

    def side_flag(self, side: Color, key: SideKey) -> int:
        """The value of ``side``'s key ``key`` (``banded``, ``onedie``, …; 0 when absent)."""
        return self.flag(_SIDE_KEYS[side][key])

    def with_side_flag(self, side: Color, key: SideKey, value: int) -> Position:
        """A copy with ``side``'s key ``key`` set (0 removes it)."""
        return self.with_flag(_SIDE_KEYS[side][key], value)

    def with_flag(self, key: str, value: int) -> Position:
        """A copy with the extra key set (0 removes it)."""
        if key not in EXTRA_KEYS:
            raise PositionError("error.position.unknown_flag", name=repr(key))
        if self.flag(key) == value:
            return self
        items = {k: v for k, v in self.flags if k != key}
        if value:
            items[key] = value
        return self._replace(flags=tuple(sorted(items.items())))

    def pasches(self, side: Color) -> int:
        """Pasches ``side`` has rolled so far this game."""
        return self.bpasch if side else self.wpasch

    def pip_count(self, side: Color) -> int:
        """Pips ``side`` still has to travel to bear everything off."""
        return sum(n * (OFF - p) for p, n in enumerate(self.side(side)))

    def check(self, rules: RuleSet) -> None:
        """Raise PositionError when the position cannot occur under ``rules``."""
        cross = CROSS[rules.layout]
        for p in range(1, 25):
            if self.w[p] and self.b[cross[p]]:
                raise PositionError(
                    "error.position.both_colours", p=p, q=cross[p], layout=rules.layout
                )
        used = {k for k, _ in self.flags}
        used |= {k for k, v in (("wpasch", self.wpasch), ("bpasch", self.bpasch)) if v}
        if self.streak:
            used.add("streak")
        if self.general is not None:
            used.add("general")
        rules.check_position(self)  # (its family knows which ends cannot occur)
        extra = sorted(used - rules.keys)  # a key the rule set does not use is an error
        if extra:
            raise PositionError(
                "error.position.keys_unused",
                name=repr(extra[0]),
                rules=rules.name,
                allowed=", ".join(sorted(rules.keys)) or "none",
            )


def _counts(stacks: dict[int, int]) -> Counts:
    out = [0] * 26
    for p, n in stacks.items():
        if not 0 <= p <= OFF:
            raise PositionError("error.position.point", p=p)
        out[p] += n
    return tuple(out)


def _parse_stacks(text: str, who: Color) -> Counts:
    if not text:
        raise PositionError("error.position.no_stacks", side=who)
    counts = [0] * 26
    seen: set[int] = set()
    for item in text.split(","):
        m = _STACK.match(item)
        if not m:
            raise PositionError("error.position.stack", item=repr(item), side=who)
        p = int(m.group(1))
        n = int(m.group(2)) if m.group(2) is not None else 1
        if p > OFF:
            raise PositionError("error.position.stack_point", side=who, p=p)
        if n == 0:
            raise PositionError("error.position.stack_empty", side=who, item=repr(item))
        if p in seen:
            raise PositionError("error.position.stack_twice", side=who, p=p)
        seen.add(p)
        counts[p] = n
    total = sum(counts)
    if total != CHECKERS:
        raise PositionError("error.position.total", side=who, total=total, n=CHECKERS)
    return tuple(counts)


def _parse_general(value: str) -> tuple[int, int]:
    m = re.fullmatch(r"([1-6])-([1-6])", value)
    if not m:
        raise PositionError("error.position.general", got=repr(value))
    a, b = sorted((int(m.group(1)), int(m.group(2))))
    if a == b:
        raise PositionError("error.position.general_pasch", got=repr(value))
    return (a, b)


def _fmt_stacks(counts: Counts) -> str:
    return ",".join(f"{p}" if n == 1 else f"{p}x{n}" for p, n in enumerate(counts) if n)
