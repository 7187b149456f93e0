"""The learned evaluator: one small neural network per family, trained by self-play.

**What the net sees.** A position is encoded from the viewpoint of one side (``me``; the
evaluator always asks from the side to roll, ``pos.turn``, and flips the answer for the other
side). Each side is described in its *own* path numbering, so one encoding serves every layout:

- per point 1-24, TD-Gammon's truncated unary count: ``n>=1``, ``n>=2``, ``n>=3``,
  ``(n-3)/2`` (four units);
- waiting to enter (point 0): ``n>=1``, ``n>=2``, ``n>=3``, ``n/15``; borne off: ``n>=1``,
  ``n/15``; the pip count / 375; ``n>=1`` and ``n/15`` on points 0-6 (LT's schneider zone,
  bräde's first quarter);
- the side's game-state keys (``Position.side_state``): pasches rolled (``>=1`` … ``>=4``),
  first roll made, all entered once, one-die rolls owed, one-die series started, RV 25 re-roll
  used, RV 2b six-out, ``banded``, ``janblotta`` (0 where the rule set does not track them);
- where the *other* side's checkers stand on this side's path (blot / two or more on each of
  this side's points 1-24): the layout decides which physical point a path point is, so the
  contact between the sides is given in each side's own numbering rather than learned per
  layout.

Then the shared state: the pasch streak of the side to roll, the generalpasch faces, whether
``me`` is to roll, and *rule-set bits*: one unit per (field, value) of :data:`RULE_FEATURES`
(``layout == "contrary"``, ``points == "26d"``, ``"triangel" in patterns`` …), so one net per
family serves every preset and code combination of it. Last, a few hand-written features
(:data:`EXTRA_FEATURES`): in Puff the blots' shots, the bands and the hand-written evaluation's
verdict; in bräde each side's margin against jan and its exposed blots.

**What it answers.** ``2K`` sigmoid outputs: the chances that ``me`` wins with at least
``k`` points and that the other side does, ``k = 1..K`` (Puff ``K = 4``: single, the two
schneider grades, tower; bräde ``K = 6``: hemspel, munk, jan, beautiful plays and sprängjan
as the points tables value them). Equity is ``sum_k P(win >= k) - P(lose >= k)``, which is
the expected points when no game scores more than ``K`` (the few bräde games that could, a
graded munk or jan, are counted as ``K``). Outputs beyond the rule set's highest score
(:func:`max_points`) are ignored, so the equity stays within the rule set's range.

**Mixed with the hand-written evaluation.** A net whose weights carry ``meta["mix"] = m``
below 1 answers ``m`` times its own estimate plus ``1 - m`` times the hand-written
evaluation's (:func:`puffteach.players.evaluate.heuristic`), equity and win chance alike. The
hand-written verdict is among the Puff net's inputs already, so the mix costs nothing. In
Puff the two disagree in different places, and greedy play on the mix beat greedy play on
either alone (``docs-notes/learned-evaluator.md``); the bräde net plays on its own.

**Inference** is pure Python (runs in Pyodide's core, no numpy): the input is sparse (about
50-70 of some 400 units are non-zero), so the hidden layer is the bias plus one precomputed weight
row per active unit, summed column by column in one pass; then 40-80 sigmoids and ``2K`` dot
products. The weights ship as ``puffteach/players/weights/<family>.json`` (float32, base64),
loaded on first use. How they were trained: ``scripts/train.py`` (TD(λ) self-play; the design
note is there) and ``docs-notes/learned-evaluator.md``.
"""

from __future__ import annotations

import base64
import json
import math
import random
import struct
from collections.abc import Callable, Sequence
from importlib import resources
from operator import mul
from typing import Final

from ..board import CROSS, OFF
from ..color import OTHER, Color
from ..errors import LocalizedError
from ..families import FAMILIES, family_of
from ..position import Position
from ..rules import RuleSet
from .base import Estimate
from .evaluate import features, judged
from .play_data import PlayData

__all__ = [
    "EXTRA_FEATURES",
    "RULE_FEATURES",
    "OUTPUTS",
    "Net",
    "encode",
    "encode_dense",
    "input_size",
    "load",
    "max_points",
    "net_evaluator",
    "evaluate",
    "evaluate_many",
]

#: point thresholds per family (each family's ``play.outputs``): outputs are P(win >= k),
#: P(lose >= k) for k = 1..K. This and the two indexes below are derived from the families
#: (their ``play`` data, ``families/<name>_play.py``), for the training scripts and tests
OUTPUTS: Final[dict[str, int]] = {name: f.play.outputs for name, f in FAMILIES.items()}

#: (RuleSet field, value) pairs, one input unit each: 1 when the field equals the value, or,
#: for a tuple field, contains it. Only fields that change play or scoring are listed.
RULE_FEATURES: Final[dict[str, tuple[tuple[str, object], ...]]] = {
    name: f.play.rule_features for name, f in FAMILIES.items()
}

# ---------------------------------------------------------------------------- the encoding
_POINT: Final = 4  # units per board point
_SIDE_BOARD: Final = 24 * _POINT
_WAIT: Final = _SIDE_BOARD  # 4 units
_OFF: Final = _WAIT + 4  # 2 units
_PIPS: Final = _OFF + 2
_NEAR: Final = _PIPS + 1  # 2 units
_STATE: Final = _NEAR + 2  # 12 units
_CONTACT: Final = _STATE + 12  # 48 units: the other side on this side's path (blot, >=2)
SIDE_UNITS: Final = _CONTACT + 48
_SHARED: Final = 2 * SIDE_UNITS  # streak >=1..>=3, general (1 + 6 + 6), me to roll
_RULES: Final = _SHARED + 3 + 13 + 1

Sparse = list[tuple[int, float]]


def input_size(family: str) -> int:
    """Number of input units of the family's net (``family``: its name, ``rules.family``)."""
    play = FAMILIES[family].play
    return _RULES + len(play.rule_features) + play.extra_features


#: hand-written features given to a family's net after its rule-set units, how many (its
#: ``play.extra_features``; the values come from its ``play.extra``: the Puff net plays better
#: with the blots' shots and the bands spelt out than from the raw board alone, the bräde net
#: with its margin against jan, which the raw board shows only through a count over six
#: points). Where among them the hand-written evaluation's verdict is (win chance, equity
#: gain / 3, equity loss / 3) is ``play.judged_at``: a net whose ``meta["mix"]`` is below 1
#: mixes it into its own estimate without computing it again.
EXTRA_FEATURES: Final[dict[str, int]] = {
    name: f.play.extra_features for name, f in FAMILIES.items()
}


def _extra(rs: RuleSet, play: PlayData, pos: Position, me: Color, base: int) -> Sparse:
    """The family's hand-written features seen by ``me`` (non-zero units from ``base``)."""
    side = Color(me)  # (a hand-built position or side may hold a plain 0 or 1)
    vals = play.extra(rs, pos, side, features(rs, pos, side), features(rs, pos, side.other), judged)
    return [(base + i, v) for i, v in enumerate(vals) if v > 0.0]


def _rule_bits(rs: RuleSet) -> Sparse:
    out: Sparse = []
    for i, (name, value) in enumerate(family_of(rs).play.rule_features):
        got = getattr(rs, name)
        if (value in got) if isinstance(got, tuple) else (got == value):
            out.append((_RULES + i, 1.0))
    return out


_RULE_CACHE: dict[str, Sparse] = {}


def _side(
    out: Sparse, base: int, own: Sequence[int], other: Sequence[int], cross: Sequence[int]
) -> None:
    append = out.append
    pips = 0
    for p in range(1, 25):
        n = own[p]
        if n:
            pips += n * (25 - p)
            i = base + (p - 1) * _POINT
            append((i, 1.0))
            if n >= 2:
                append((i + 1, 1.0))
                if n >= 3:
                    append((i + 2, 1.0))
                    if n > 3:
                        append((i + 3, (n - 3) / 2.0))
        m = other[cross[p]]
        if m:
            append((base + _CONTACT + (p - 1) * 2 + (m >= 2), 1.0))
    n = own[0]
    if n:
        pips += 25 * n
        append((base + _WAIT, 1.0))
        if n >= 2:
            append((base + _WAIT + 1, 1.0))
            if n >= 3:
                append((base + _WAIT + 2, 1.0))
        append((base + _WAIT + 3, n / 15.0))
    n = own[OFF]
    if n:
        append((base + _OFF, 1.0))
        append((base + _OFF + 1, n / 15.0))
    if pips:
        append((base + _PIPS, pips / 375.0))
    near = own[0] + own[1] + own[2] + own[3] + own[4] + own[5] + own[6]
    if near:
        append((base + _NEAR, 1.0))
        append((base + _NEAR + 1, near / 15.0))


def _state(out: Sparse, base: int, pos: Position, side: Color) -> None:
    st = pos.side_state(side)
    s = base + _STATE
    for k in range(4):
        if st.pasches > k:
            out.append((s + k, 1.0))
    bits = (st.rolled, st.entered, st.reroll, st.six, st.banded, st.janblotta)
    for k, v in enumerate(bits):
        if v:
            out.append((s + 4 + k, 1.0))
    if st.onedie:
        out.append((s + 10, st.onedie / 3.0))
    if st.series:
        out.append((s + 11, float(st.series)))


_STATE_CACHE: dict[tuple[object, ...], Sparse] = {}


def _states(pos: Position, me: Color) -> Sparse:
    """Both sides' state units (they depend only on the keys and pasch counts, which most
    positions of a search share: cached)."""
    key = (pos.flags, pos.wpasch, pos.bpasch, me)
    got = _STATE_CACHE.get(key)
    if got is None:
        if len(_STATE_CACHE) > 4096:
            _STATE_CACHE.clear()
        got = []
        _state(got, 0, pos, me)
        _state(got, SIDE_UNITS, pos, OTHER[me])
        _STATE_CACHE[key] = got
    return got


def encode(rs: RuleSet, pos: Position, me: Color) -> Sparse:
    """The non-zero input units ``(index, value)`` of ``pos`` seen by side ``me``, in
    ascending index order. The encoding of a position by White equals that of the mirrored
    position (sides, keys and the side to move swapped) by Black."""
    own, opp = (pos.b, pos.w) if me else (pos.w, pos.b)
    cross = CROSS[rs.layout]
    out: Sparse = []
    _side(out, 0, own, opp, cross)
    _side(out, SIDE_UNITS, opp, own, cross)
    out.extend(_states(pos, me))
    out.sort()
    s = _SHARED
    streak = pos.streak
    for k in range(3):
        if streak > k:
            out.append((s + k, 1.0))
    if pos.general is not None:
        lo, hi = pos.general
        out.append((s + 3, 1.0))
        out.append((s + 3 + lo, 1.0))
        out.append((s + 9 + hi, 1.0))
    if pos.turn == me:
        out.append((s + 16, 1.0))
    bits = _RULE_CACHE.get(rs.name)
    if bits is None:
        bits = _RULE_CACHE[rs.name] = _rule_bits(rs)
    out.extend(bits)
    play = FAMILIES[rs.family].play  # family_of(rs).play, read inline (the hot path)
    if play.extra_features:
        out.extend(_extra(rs, play, pos, me, _RULES + len(play.rule_features)))
    return out


def encode_dense(rs: RuleSet, pos: Position, me: Color) -> list[float]:
    """The whole input vector (for tests and training)."""
    x = [0.0] * input_size(rs.family)
    for i, v in encode(rs, pos, me):
        x[i] = v
    return x


# ---------------------------------------------------------------------------- the net


_exp = math.exp


def _sigmoid(z: float) -> float:
    if z < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


class Net:
    """One hidden layer of sigmoids, sigmoid outputs; weights as lists of floats.

    ``w1`` is stored by input row (``w1[i]`` the hidden units' weights of input ``i``),
    ``w2`` by output (``w2[k]`` the weights of output ``k`` over the hidden units)."""

    __slots__ = (
        "family",
        "play",
        "n_in",
        "n_hidden",
        "n_out",
        "w1",
        "b1",
        "w2",
        "b2",
        "meta",
        "mix",
        "_scaled",
        "_cached_below",
        "_negated_rows",
    )

    def __init__(
        self,
        family: str,
        w1: list[list[float]],
        b1: list[float],
        w2: list[list[float]],
        b2: list[float],
        meta: dict[str, object] | None = None,
    ) -> None:
        self.family = family
        self.n_in = len(w1)
        self.n_hidden = len(b1)
        self.n_out = len(b2)
        self.play = play = FAMILIES[family].play
        if self.n_in != input_size(family) or self.n_out != 2 * play.outputs:
            raise LocalizedError("error.net.shape")
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2
        self.meta = meta or {}
        #: the net's share of its estimate at play time (``meta["mix"]``, 1 when absent); the
        #: rest is the hand-written evaluation's, read from the net's own inputs
        self.mix = float(str(self.meta.get("mix", 1.0)))
        if not 0.0 <= self.mix <= 1.0 or (self.mix < 1.0 and play.judged_at is None):
            raise LocalizedError("error.net.mix", family=family, mix=self.mix)
        #: weight rows already scaled by an input's value (most values recur: pip counts,
        #: checkers on a point, shots out of 36); not the hand-written verdict, which hardly
        #: ever recurs
        self._scaled: dict[tuple[int, float], list[float]] = {}
        self._cached_below = _RULES + len(play.rule_features) + (play.judged_at or 0)
        self._negated_rows: dict[int, list[float]] = {}

    def _row(self, i: int, v: float) -> list[float]:
        """Input ``i``'s weight row scaled by ``v`` (kept for values that recur, as in
        :meth:`forward`)."""
        row = self._scaled.get((i, v))
        if row is None:
            row = list(map(v.__mul__, self.w1[i]))
            if i < self._cached_below:
                if len(self._scaled) >= 20_000:
                    self._scaled.clear()
                self._scaled[(i, v)] = row
        return row

    def _outputs(self, h: list[float]) -> list[float]:
        """The outputs from the hidden layer's sums ``h`` (as :meth:`forward` ends)."""
        try:
            hs = [1.0 / (1.0 + _exp(-z)) for z in h]
            return [
                1.0 / (1.0 + _exp(-(b + sum(map(mul, w, hs)))))
                for w, b in zip(self.w2, self.b2, strict=True)
            ]
        except OverflowError:  # a unit far below zero: the careful way
            hs = [_sigmoid(z) for z in h]
            return [
                _sigmoid(b + sum(map(mul, w, hs))) for w, b in zip(self.w2, self.b2, strict=True)
            ]

    def forward_many(self, xs: Sequence[Sparse]) -> list[list[float]]:
        """:meth:`forward` of each input, the hidden sums of each found from the first one's:
        the positions a roll's plays reach differ from each other in a few units only (about
        18 of some 65 in lång puff), so each adds the rows of the units it has and the first
        has not (or with another value) and takes away those the first has and it has not.
        Equal to :meth:`forward` up to rounding (the sums are added in another order)."""
        if not xs:
            return []
        first = xs[0]
        rows0 = [self.w1[i] if v == 1.0 else self._row(i, v) for i, v in first]
        h0: list[float] = list(map(sum, zip(self.b1, *rows0, strict=True)))
        out = [self._outputs(h0)]
        base = frozenset(first)
        w1, row, neg = self.w1, self._row, self._negated
        for x in xs[1:]:
            mine = set(x)
            rows = [w1[i] if v == 1.0 else row(i, v) for i, v in mine - base]
            rows += [neg(i, u) for i, u in base - mine]
            h: list[float] = list(map(sum, zip(h0, *rows, strict=True))) if rows else h0
            out.append(self._outputs(h))
        return out

    def _negated(self, i: int, v: float) -> list[float]:
        """Input ``i``'s weight row scaled by ``-v``."""
        if v == 1.0:
            row = self._negated_rows.get(i)
            if row is None:
                row = self._negated_rows[i] = [-w for w in self.w1[i]]
            return row
        return self._row(i, -v)

    def estimates(self, rs: RuleSet, positions: Sequence[Position]) -> list[Estimate]:
        """:meth:`estimate` of each position (each for its side to roll), the net's sums found
        incrementally (:meth:`forward_many`): cheaper for the many positions a roll's plays
        reach."""
        xs = [encode(rs, pos, pos.turn) for pos in positions]
        top = max_points(rs)
        return [
            self._mixed(_estimate(y, top), x)
            for y, x in zip(self.forward_many(xs), xs, strict=True)
        ]

    def forward(self, x: Sparse) -> list[float]:
        """The outputs for the sparse input ``x``: the hidden layer is the bias plus the
        weight rows of the active units, each scaled by its value (scaled rows are kept for
        values that recur; summed column by column in one pass), then the sigmoids and one dot
        product per output."""
        w1 = self.w1
        scaled = self._scaled
        get = scaled.get
        below = self._cached_below
        rows: list[list[float]] = []
        add = rows.append
        for i, v in x:
            if v == 1.0:
                add(w1[i])
                continue
            row = get((i, v))
            if row is None:
                row = list(map(v.__mul__, w1[i]))
                if i < below:
                    if len(scaled) >= 20_000:
                        scaled.clear()
                    scaled[(i, v)] = row
            add(row)
        h: list[float] = list(map(sum, zip(self.b1, *rows, strict=True)))
        return self._outputs(h)

    def estimate(self, rs: RuleSet, pos: Position) -> Estimate:
        """Equity and win chance for the side to roll (``pos.turn``): the net's outputs, mixed
        with the hand-written evaluation when ``mix`` is below 1 (a weighted mean of both
        equities and both win chances)."""
        x = encode(rs, pos, pos.turn)
        return self._mixed(_estimate(self.forward(x), max_points(rs)), x)

    def _mixed(self, est: Estimate, x: Sparse) -> Estimate:
        """The net's estimate ``est`` for the input ``x``, mixed with the hand-written
        evaluation's (read from ``x``) when ``mix`` is below 1."""
        if self.mix == 1.0:
            return est
        at = _RULES + len(self.play.rule_features) + (self.play.judged_at or 0)
        win = gain = loss = 0.0  # the sparse input leaves out zeros
        for i, v in reversed(x):  # the hand-written features come last
            if i < at:
                break
            if i == at:
                win = v
            elif i == at + 1:
                gain = v
            elif i == at + 2:
                loss = v
        m = self.mix
        return Estimate(
            m * est.equity + (1.0 - m) * 3.0 * (gain - loss), m * est.win + (1.0 - m) * win
        )

    def widened(self, hidden: int, seed: int, scale: float = 0.1) -> Net:
        """This net with ``hidden`` hidden units, for training on with more capacity (Net2Net's
        idea): the new units' input weights are drawn from a normal distribution of width
        ``scale`` (seeded by ``seed``), their biases and output weights are 0, so the new net's
        outputs are exactly the old net's until training moves them."""
        extra = hidden - self.n_hidden
        if extra < 0:
            raise LocalizedError("error.net.narrow", n=self.n_hidden, hidden=hidden)
        rng = random.Random(seed)
        w1 = [row + [rng.gauss(0.0, scale) for _ in range(extra)] for row in self.w1]
        w2 = [row + [0.0] * extra for row in self.w2]
        return Net(self.family, w1, self.b1 + [0.0] * extra, w2, list(self.b2), dict(self.meta))

    # ------------------------------------------------------------------ storage
    def to_json(self) -> dict[str, object]:
        def pack(values: list[float]) -> str:
            return base64.b64encode(struct.pack(f"<{len(values)}f", *values)).decode("ascii")

        return {
            "family": self.family,
            "inputs": self.n_in,
            "extra_features": self.play.extra_features,
            "hidden": self.n_hidden,
            "outputs": self.n_out,
            "rule_features": [[k, v] for k, v in self.play.rule_features],
            "meta": self.meta,
            "w1": pack([v for row in self.w1 for v in row]),
            "b1": pack(self.b1),
            "w2": pack([v for row in self.w2 for v in row]),
            "b2": pack(self.b2),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Net:
        def unpack(key: str) -> list[float]:
            raw = base64.b64decode(str(data[key]))
            return list(struct.unpack(f"<{len(raw) // 4}f", raw))

        family = str(data["family"])
        play = FAMILIES[family].play
        features = data["rule_features"]
        if not isinstance(features, list) or [tuple(f) for f in features] != list(
            play.rule_features
        ):
            raise LocalizedError("error.net.features")
        n_in, n_h, n_out = (int(str(data[k])) for k in ("inputs", "hidden", "outputs"))
        flat1, flat2 = unpack("w1"), unpack("w2")
        w1 = [flat1[i * n_h : (i + 1) * n_h] for i in range(n_in)]
        extra = int(str(data.get("extra_features", 0)))
        if extra < play.extra_features:  # weights from before the extra features: they
            # start with no say (zero rows), so the net plays exactly as it did
            w1 += [[0.0] * n_h for _ in range(play.extra_features - extra)]
        w2 = [flat2[k * n_h : (k + 1) * n_h] for k in range(n_out)]
        meta = data.get("meta")
        return cls(
            family, w1, unpack("b1"), w2, unpack("b2"), meta if isinstance(meta, dict) else {}
        )


def max_points(rs: RuleSet) -> int:
    """The most points a game of ``rs`` scores, as far as the net's outputs tell apart (BH's
    bräde: 1, every win one game; Regler för bräde's table: 4, a sprängjan): the family's
    ``play.max_points``."""
    return family_of(rs).play.max_points(rs)


def _estimate(y: list[float], top: int) -> Estimate:
    k = len(y) // 2
    equity = 0.0
    w_prev = l_prev = 1.0
    for j in range(top):
        w = min(y[j], w_prev)
        lo = min(y[k + j], l_prev)
        equity += w - lo
        w_prev, l_prev = w, lo
    return Estimate(equity, y[0])


# ---------------------------------------------------------------------------- loading
_NETS: dict[str, Net] = {}


def load(family: str) -> Net:
    """The family's shipped net (read from the package data on first use)."""
    net = _NETS.get(family)
    if net is None:
        text = resources.files(__package__).joinpath("weights", f"{family}.json").read_text()
        net = _NETS[family] = Net.from_json(json.loads(text))
    return net


def evaluate(rs: RuleSet, pos: Position, side: Color) -> Estimate:
    """The learned evaluator (``puffteach.players.base.Evaluator``): ``side``'s equity and
    chance to win in ``pos`` (between rolls; the side to roll is ``pos.turn``)."""
    est = load(rs.family).estimate(rs, pos)
    return est if side == pos.turn else est.flipped()


def evaluate_many(rs: RuleSet, positions: Sequence[Position], side: Color) -> list[Estimate]:
    """:func:`evaluate` of each position for ``side``, found together (:meth:`Net.estimates`:
    the positions of one roll's plays cost about half as much as one by one)."""
    got = load(rs.family).estimates(rs, positions)
    return [e if side == pos.turn else e.flipped() for e, pos in zip(got, positions, strict=True)]


def net_evaluator(net: Net) -> Callable[[RuleSet, Position, Color], Estimate]:
    """An evaluator on a given net (for training and tests)."""

    def ev(rs: RuleSet, pos: Position, side: Color) -> Estimate:
        est = net.estimate(rs, pos)
        return est if side == pos.turn else est.flipped()

    return ev
