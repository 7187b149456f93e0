"""The rule-set types: :class:`RuleSet` (frozen data: what both families share) and its two
kinds :class:`PuffRules` and :class:`BradeRules`, :class:`PuffFields`/:class:`BradeFields`
(what presets and codes set, typed per family), :class:`RuleSetError`, and the rule ids each
concept cites by default."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Self, TypedDict

from ..board import Layout
from ..errors import LocalizedError
from ..messages import text
from .ids import RULES, Rule


class RuleSetError(LocalizedError):
    """An unknown preset or code, or a code that does not fit the preset."""


PaschMoves = Literal["top-bottom", "top", "top2-bottom2", "four"]
#: how checkers are borne off: Puff's LT (``rearmost``: the rearmost checker, die >= 25-p) or
#: PI/GP (``any-over``: any checker, die >= 25-p); bräde's RV 8: 8a any checker with
#: reduction, 8b rearmost with reduction, 8c exact only, 8d exact while the opponent holds his
#: huk, else 8a
PuffBearoff = Literal["rearmost", "any-over"]
BradeBearoff = Literal["8a", "8b", "8c", "8d"]
#: how a won game scores: LT, PI, GP (Puff), bräde's points table (``BradeRules.points``)
PuffScoring = Literal["lt", "pi", "gp"]
#: bräde's beautiful patterns (the outcome kinds a pattern wins as)
Pattern = Literal[
    "enkelt-kronspel",
    "dubbelt-kronspel",
    "trappspel",
    "uppspel",
    "triangel",
    "nio-fem-ett",
    "kejsarspel",
]
#: RV 11-13: the extra rolls after a game
AfterGame = Literal[11, 12, 13]


@dataclass(frozen=True)
class RuleSet:
    """What both families' rule sets have: the name, source and layout, and the rules of the
    dice, entering and pasches that Puff and bräde share (with different values).

    A rule set is a :class:`PuffRules` or a :class:`BradeRules`; each carries only its own
    family's fields, so a Puff rule set has no bräde field and the type checker refuses one in a
    Puff preset. ``family`` (the name of the family in :data:`puffteach.families.FAMILIES`,
    ``"puff"``/``"brade"`` for the package's own) follows from the class. Code outside the
    family modules reads only these shared fields and asks the family
    (:func:`puffteach.families.family_of`) about anything else."""

    name: str
    preset: str
    codes: tuple[str, ...]
    source: str
    layout: Layout
    title: str = ""
    #: path point where all checkers start: 0 (off the board, Puff) or 1 (the home, bräde)
    start_point: Literal[0, 1] = 0
    #: who starts after the one-die opening roll
    opening: Literal["higher", "lower"] = "higher"
    #: unequal dice: the lower must be moved first, or the player picks the order
    dice_order: Literal["lower-first", "free"] = "lower-first"
    #: in free order: must as many dice as possible be used, and the higher when only one can?
    maximise: bool = False
    higher_die: bool = False
    #: checkers waiting at 0 must all enter before others move; unenterable dice are forfeited
    enter_first: bool = True
    #: may a checker enter onto a point holding the mover's own checkers?
    enter_own: bool = True
    #: how a player's first pasch and later pasches are moved (bräde: alla, four times)
    first_pasch: PaschMoves = "top-bottom"
    later_pasch: PaschMoves = "top2-bottom2"
    #: after which pasches the same player rolls again
    pasch_reroll: Literal["never", "later", "all"] = "later"
    #: concept -> rule id, so explanations cite this rule set's own source
    ids: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        if type(self) is RuleSet:
            raise TypeError(text("error.rules.base"))  # a class misused: a TypeError

    def __str__(self) -> str:
        return self.name

    # Both families have these, each with its own values (a field of the subclass):
    @property
    def family(self) -> str:
        """The family's name (``"puff"``, ``"brade"``, or a family registered from outside the
        package): fixed by the class (a field, not set by presets). A plain ``str``, so a new
        family's rule-set class types its own name without editing this one."""
        raise NotImplementedError

    @property
    def bearoff(self) -> str:
        """How checkers are borne off (a field of each family, typed by it with its own
        values; a plain ``str`` here, like ``family``)."""
        raise NotImplementedError

    @property
    def scoring(self) -> str:
        """How a won game scores (a field of each family, typed by it with its own values; a
        plain ``str`` here, like ``family``)."""
        raise NotImplementedError

    @classmethod
    def narrow(cls, rs: RuleSet) -> Self:
        """``rs`` as this class (``PuffRules.narrow(rs)``), or TypeError for the other family's
        rule set: the checked way from a :class:`RuleSet` to a family's own type."""
        if not isinstance(rs, cls):
            raise TypeError(f"{rs.name} is a {type(rs).__name__}, not a {cls.__name__}")
        return rs

    def rule_id(self, concept: str) -> str:
        """The id of the rule this rule set applies for ``concept`` (e.g. ``order``)."""
        table = _ID_MAPS.get(self.name)
        if table is None:  # the ids follow from the preset, which the name begins with
            table = _ID_MAPS[self.name] = {**_DEFAULT_IDS, **dict(self.ids)}
        return table[concept]

    def cite(self, concept: str) -> Rule:
        return RULES[self.rule_id(concept)]

    @property
    def keys(self) -> frozenset[str]:
        """The position keys this rule set tracks (its family says which: see KEYS)."""
        keys = _KEYS.get(self.name)  # (kept beside the rule set: a value stored on it after
        if keys is None:  # construction would slow every attribute read of it)
            keys = _KEYS[self.name] = KEYS[self.family](self)
        return keys

    def check_position(self, pos: Any) -> None:
        """Raise PositionError when the position ``pos`` cannot occur under this rule set for
        the family's own reasons (its family says which: see POSITION_CHECKS)."""
        POSITION_CHECKS[self.family](self, pos)


@dataclass(frozen=True)
class PuffRules(RuleSet):
    """A Puff rule set (LT, PI, GP and the Puff options)."""

    family: str = field(default="puff", init=False, repr=False)

    #: a re-roll only when every move of the pasch was made (GP; LT variant)
    reroll_needs_complete: bool = False
    fourth_pasch: bool = False
    generalpasch: bool = False
    bearoff: PuffBearoff = "rearmost"
    exact_25: bool = False
    tower_goose: bool = False
    long_entry: bool = False
    scoring: PuffScoring = "lt"


@dataclass(frozen=True)
class BradeRules(RuleSet):
    """A bräde rule set (BH and the RV paragraphs 1a-26e); the comments name the paragraph."""

    family: str = field(default="brade", init=False, repr=False)

    bearoff: BradeBearoff = "8a"  # RV 8
    scoring: Literal["brade"] = "brade"  # by the points table
    #: no two own checkers on these path points (B-noband: 2-11)
    noband: tuple[int, int] | None = None
    #: bursting when entering: RV 5a / 5b (BH)
    burst_entry: Literal["none", "5a", "5b"] = "none"
    #: RV 5a read strictly (code 5a-strict): only empty points count as free, not blots
    burst_entry_strict: bool = False
    #: walls of six bands: 6a burstable (BH) / 6b forbidden to make, burstable if made
    wall: Literal["none", "6a", "6b"] = "none"
    huk_burst: bool = False  # RV 7
    bear_bands_only: bool = False  # RV 9
    huk_blocks_bearoff: bool = False  # RV 10
    #: when a beautiful pattern counts: 14a after the whole roll with most pips / 14b at once
    beautiful: Literal["none", "14a", "14b"] = "none"
    patterns: tuple[Pattern, ...] = ()  # beautiful patterns recognised (kinds)
    shifted_patterns: bool = False  # RV 19
    one_die: Literal["none", "15a", "15b"] = "none"
    munk_graded: bool = False  # RV 20
    jan_graded: bool = False  # RV 21
    pissmunk: bool = False  # RV 22
    roll_names: bool = False  # RV 23
    jan_when: Literal["24a", "24b"] = "24b"
    #: BH: a sprängjan wins at once even though a jan waits for the whole roll (RV 24b: both wait)
    sprangjan_now: bool = True
    reroll_once: bool = False  # RV 25
    points: Literal["bh", "26a", "26b", "26c", "26d", "26e"] = "bh"
    #: 26b read strictly (code 26b-strict): Lyckans Talisman knew only hemspel, uppspel, jan
    #: and sprängjan, so a trappspel or kronspel (or a pattern valued as one) ends no game
    strict_26b: bool = False
    opening_six: Literal["none", "2a", "2b", "2c"] = "none"
    six_out_kvartaner: bool = False  # RV 2a in some circles: a first 4-4 puts six on point 5
    six_out_count: Literal[4, 6] = 6  # RV 2a's Icelandic form puts four on point 7
    five_blots: bool = False  # RV 3
    resign: Literal["4a", "4b", "4c"] = "4a"
    match_start: Literal["1a", "1b", "1c"] = "1a"
    after_game: tuple[AfterGame, ...] = ()  # RV 11, 12, 13


class CommonFields(TypedDict, total=False):
    """The shared fields that presets and codes set (everything of :class:`RuleSet` but the
    name, the preset and the codes), typed as the RuleSet types them."""

    source: str
    layout: Layout
    title: str
    start_point: Literal[0, 1]
    opening: Literal["higher", "lower"]
    dice_order: Literal["lower-first", "free"]
    maximise: bool
    higher_die: bool
    enter_first: bool
    enter_own: bool
    first_pasch: PaschMoves
    later_pasch: PaschMoves
    pasch_reroll: Literal["never", "later", "all"]
    ids: tuple[tuple[str, str], ...]


class PuffFields(CommonFields, total=False):
    """What a Puff preset or option sets: a bräde field here fails the type check."""

    reroll_needs_complete: bool
    fourth_pasch: bool
    generalpasch: bool
    bearoff: PuffBearoff
    exact_25: bool
    tower_goose: bool
    long_entry: bool
    scoring: PuffScoring


class BradeFields(CommonFields, total=False):
    """What a bräde preset or code sets: a Puff field here fails the type check."""

    bearoff: BradeBearoff
    scoring: Literal["brade"]
    noband: tuple[int, int] | None
    burst_entry: Literal["none", "5a", "5b"]
    burst_entry_strict: bool
    wall: Literal["none", "6a", "6b"]
    huk_burst: bool
    bear_bands_only: bool
    huk_blocks_bearoff: bool
    beautiful: Literal["none", "14a", "14b"]
    patterns: tuple[Pattern, ...]
    shifted_patterns: bool
    one_die: Literal["none", "15a", "15b"]
    munk_graded: bool
    jan_graded: bool
    pissmunk: bool
    roll_names: bool
    jan_when: Literal["24a", "24b"]
    sprangjan_now: bool
    reroll_once: bool
    points: Literal["bh", "26a", "26b", "26c", "26d", "26e"]
    strict_26b: bool
    opening_six: Literal["none", "2a", "2b", "2c"]
    six_out_kvartaner: bool
    six_out_count: Literal[4, 6]
    five_blots: bool
    resign: Literal["4a", "4b", "4c"]
    match_start: Literal["1a", "1b", "1c"]
    after_game: tuple[AfterGame, ...]


_ID_MAPS: dict[str, dict[str, str]] = {}
_KEYS: dict[str, frozenset[str]] = {}

_DEFAULT_IDS: Final[dict[str, str]] = {
    "start": "P-start",
    "dice": "P-dice",
    "order": "P-order",
    "must": "P-must",
    "enter": "P-enter",
    "land": "P-land",
    "hit": "P-hit",
    "pasch-1": "P-pasch-1",
    "pasch-n": "P-pasch-n",
    "bearoff": "P-bearoff",
    "win": "P-win",
}

#: family name -> the position keys a rule set of that family tracks; filled by
#: :mod:`puffteach.families` (each family owns its keys; the rule data does not know them)
KEYS: dict[str, Callable[[RuleSet], frozenset[str]]] = {}

#: family name -> its check of positions that cannot occur (``Family.check_position``; the
#: argument is a Position, typed loosely: the rule data does not import positions); filled by
#: :mod:`puffteach.families` like KEYS
POSITION_CHECKS: dict[str, Callable[[RuleSet, Any], None]] = {}

#: family name -> the class of its rule sets (``describe`` lists the fields of every one);
#: filled by :mod:`puffteach.families` like KEYS
RULE_TYPES: dict[str, type[RuleSet]] = {}
