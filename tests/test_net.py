"""The learned evaluator (issue 10): the encoding, pure-Python inference, the shipped weights."""

from __future__ import annotations

import base64
import json
import math
import random
from pathlib import Path

import pytest

from puffteach import rules
from puffteach.color import BLACK, WHITE
from puffteach.players.base import Estimate
from puffteach.players.evaluate import heuristic
from puffteach.players.net import (
    EXTRA_FEATURES,
    OUTPUTS,
    RULE_FEATURES,
    Net,
    _estimate,
    encode,
    encode_dense,
    evaluate,
    evaluate_many,
    input_size,
    load,
    max_points,
)
from puffteach.position import Position
from puffteach.rollout import opening, random_roll
from puffteach.rules import ALL_PRESETS

WEIGHTS = Path(__file__).resolve().parent.parent / "puffteach" / "players" / "weights"
SETS = [
    *ALL_PRESETS,
    "lang-puff+long-puff-entry",
    "kontrar-puff+generalpasch+fourth-pasch",
    "pierer-contrapuff+tower-goose",
    "brade-standard+3+15b+20+21",
    "vasamuseet+2c+8d+19",
    "brade-family+25+4c",
]


def mirror(pos: Position) -> Position:
    """The same position with the colours swapped (checkers, keys and the side to roll)."""
    flags = tuple(sorted(({"w": "b", "b": "w"}[k[0]] + k[1:], v) for k, v in pos.flags))
    return Position(
        pos.b, pos.w, pos.turn.other, pos.bpasch, pos.wpasch, pos.streak, pos.general, flags
    )


def positions(name: str, n: int = 60, seed: int = 3) -> list[Position]:
    rs = rules(name)
    rng = random.Random(seed)
    pos = opening(rs, rng)
    out = [pos]
    while len(out) < n:
        r = random_roll(rs, pos, rng)
        pos = opening(rs, rng) if r.outcome is not None else r.position
        out.append(pos)
    return out


def random_net(family: str, hidden: int, seed: int) -> Net:
    rng = random.Random(seed)
    n_in, n_out = input_size(family), 2 * OUTPUTS[family]
    w1 = [[rng.gauss(0.0, 0.3) for _ in range(hidden)] for _ in range(n_in)]
    w2 = [[rng.gauss(0.0, 0.5) for _ in range(hidden)] for _ in range(n_out)]
    b1 = [rng.gauss(0.0, 0.3) for _ in range(hidden)]
    b2 = [rng.gauss(0.0, 0.5) for _ in range(n_out)]
    return Net(family, w1, b1, w2, b2)


@pytest.mark.parametrize("name", SETS)
def test_encoding_shape(name: str) -> None:
    """Every unit index is in range, ascending, once; values are finite and non-negative;
    the rule-set bits are those of the rule set's own fields."""
    rs = rules(name)
    n = input_size(rs.family)
    for pos in positions(name, 30):
        for me in (WHITE, BLACK):
            units = encode(rs, pos, me)
            idx = [i for i, _ in units]
            assert idx == sorted(set(idx)) and 0 <= idx[0] and idx[-1] < n
            assert all(0.0 < v < 10.0 for _, v in units)
            assert len(encode_dense(rs, pos, me)) == n


def test_rule_bits() -> None:
    """The rule-set units: kontrar-puff is contrary, LT scoring, rearmost bear-off; vasamuseet
    (RV 26d points, 14b, 8b) and its +20 (graded munk)."""

    def on(name: str) -> set[tuple[str, object]]:
        rs = rules(name)
        feats = RULE_FEATURES[rs.family]
        end = input_size(rs.family) - EXTRA_FEATURES[rs.family]
        x = encode_dense(rs, Position.start(rs), WHITE)[end - len(feats) : end]
        return {f for f, v in zip(feats, x, strict=True) if v}

    assert on("kontrar-puff") == {
        ("layout", "contrary"),
        ("scoring", "lt"),
        ("pasch_reroll", "later"),
        ("bearoff", "rearmost"),
    }
    vasa = on("vasamuseet")
    assert {("points", "26d"), ("beautiful", "14b"), ("bearoff", "8b")} <= vasa
    assert ("points", "26a") not in vasa and ("munk_graded", True) not in vasa
    assert on("vasamuseet+20") == vasa | {("munk_graded", True)}


@pytest.mark.parametrize("name", SETS)
def test_encoding_symmetry(name: str) -> None:
    """A position seen by White encodes exactly as the mirrored position seen by Black."""
    rs = rules(name)
    for pos in positions(name):
        assert encode(rs, pos, WHITE) == encode(rs, mirror(pos), BLACK)
        assert encode(rs, pos, BLACK) == encode(rs, mirror(pos), WHITE)


def test_encoding_by_hand() -> None:
    """Kontrar-puff, White to roll with 13 waiting and two on his point 5, Black's fifteen on
    his point 19, which is White's point 6 (contrary: 25 - 19). White's block: point 5 has
    n>=1, n>=2 (units 16, 17 = 4*(5-1) + 0, 1); waiting: >=1, >=2, >=3, 13/15 (96-99); pips
    13*25 + 2*20 = 365, /375 (102); fifteen on points 0-6 (103, 104); Black's checkers on
    White's point 6 are 'two or more' (contact units from 117: 117 + 2*(6-1) + 1)."""
    rs = rules("kontrar-puff")
    pos = Position.parse("W:0x13,5x2 B:19x15 w")
    x = dict(encode(rs, pos, WHITE))
    assert x[16] == x[17] == 1.0 and 18 not in x
    assert x[96] == x[97] == x[98] == 1.0 and x[99] == pytest.approx(13 / 15)
    assert x[102] == pytest.approx(365 / 375)
    assert x[103] == 1.0 and x[104] == pytest.approx(15 / 15)
    assert x[117 + 10 + 1] == 1.0 and 117 + 10 not in x
    # Black's own view: his point 19 holds fifteen: units 1, 1, 1, (15-3)/2 = 6
    base = 165
    assert [x[base + 18 * 4 + j] for j in range(4)] == [1.0, 1.0, 1.0, 6.0]


def test_tiny_net_by_hand() -> None:
    """One hidden unit: its weight from the 'White has one on point 5' unit is ln 3 and its
    bias 0, so it outputs 1/(1 + 1/3) = 0.75; output 0 has weight 4 and bias -3 (z = 0, 0.5),
    output 1 weight 0 and bias ln 4 (0.8); the rest weight 0, bias 0 (0.5)."""
    fam = "puff"
    n_in = input_size(fam)
    w1 = [[0.0] for _ in range(n_in)]
    w1[16] = [math.log(3.0)]
    w2 = [[4.0], [0.0]] + [[0.0]] * 6
    b2 = [-3.0, math.log(4.0)] + [0.0] * 6
    net = Net(fam, w1, [0.0], w2, b2)
    x = encode(rules("kontrar-puff"), Position.parse("W:0x14,5 B:0x15 w"), WHITE)
    y = net.forward(x)
    assert y[0] == pytest.approx(0.5, abs=1e-12)
    assert y[1] == pytest.approx(0.8, abs=1e-12)
    assert y[2:] == pytest.approx([0.5] * 6, abs=1e-12)


def test_equity_from_outputs() -> None:
    """Equity = sum over k of P(win >= k) - P(lose >= k), up to the rule set's highest score,
    with each threshold's chance capped by the one below: LT scores at most 3, so with
    outputs (0.6, 0.3, 0.35, 0.05 | 0.4, 0.2, 0.0, 0.0) the equity is
    (0.6 - 0.4) + (0.3 - 0.2) + (0.3 - 0.0) = 0.6; Gegenpuff scores 1: 0.2."""
    y = [0.6, 0.3, 0.35, 0.05, 0.4, 0.2, 0.0, 0.0]
    assert max_points(rules("kontrar-puff")) == 3
    assert _estimate(y, 3) == pytest.approx(Estimate(0.6, 0.6))
    assert max_points(rules("gegenpuff")) == 1
    assert _estimate(y, 1) == pytest.approx(Estimate(0.2, 0.6))
    assert max_points(rules("pierer-contrapuff")) == 4  # tower 4 with tower-goose (PI)


def test_brade_max_points() -> None:
    """A bräde game's highest score, from the points tables by hand (B-score, RV 26): BH
    counts every win as one game, so 1; Regler för bräde (26a) a sprängjan's 4 (hemspel with
    munk 2, jan 2); Vasamuseet (26d) a sprängjan's 6; 26b 2 (uppspel, jan and sprängjan 2, no
    munk bonus); 26c 3 (uppspel 2 plus column c's munk bonus 1); 26e 4 (uppspel, sprängjan).
    Graded jan (RV 21) or graded munk with a munk bonus (RV 20) have no bound below the net's
    six outputs; graded munk under BH's table (munk worth nothing) stays 1."""
    expect = {
        "brade-family": 1,
        "brade-standard": 4,
        "vasamuseet": 6,
        "brade-standard+26b": 2,
        "brade-standard+26c": 3,
        "brade-standard+26e": 4,
        "brade-standard+21": 6,
        "brade-standard+20": 6,
        "brade-family+20": 1,
    }
    assert {name: max_points(rules(name)) for name in expect} == expect


def test_brade_family_equity_is_a_win_chance() -> None:
    """Under BH every win is one game, so the equity is the net's P(win) - P(lose) (its
    first output of each side): the higher outputs (the net learns every table at once) must
    not count. In this position (White far ahead, Black with three checkers waiting) the net
    may give White's win with two points or more a chance, which only other tables pay."""
    rs = rules("brade-family")
    pos = Position.parse("W:1x3,2,6,9,10,14,16,21x2,22x2,24x2 B:0x3,1x7,5,6,7,8,24 w", rs)
    est = evaluate(rs, pos, WHITE)
    y = load("brade").forward(encode(rs, pos, WHITE))
    assert est.equity == pytest.approx(y[0] - y[6], abs=1e-9)
    assert -1.0 <= est.equity <= 1.0
    # by hand: outputs (0.9, 0.6, 0.3, 0.3, 0, 0 | 0.1, 0, …) are worth 0.9 - 0.1 = 0.8 under
    # BH; counted up to six points, as before the cut, 0.9 + 0.6 + 0.3 + 0.3 - 0.1 = 2.0
    hand = [0.9, 0.6, 0.3, 0.3, 0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert _estimate(hand, max_points(rs)).equity == pytest.approx(0.8)
    assert _estimate(hand, 6).equity == pytest.approx(2.0)


@pytest.mark.parametrize("family", ["puff", "brade"])
def test_inference_matches_numpy(family: str) -> None:
    """The pure-Python forward pass equals a numpy forward pass on the dense input."""
    np = pytest.importorskip("numpy")
    net = random_net(family, 7, seed=11)
    w1, b1, w2, b2 = (np.array(a) for a in (net.w1, net.b1, net.w2, net.b2))
    for name in [s for s in SETS if rules(s).family == family][:3]:
        rs = rules(name)
        for pos in positions(name, 25):
            x = np.array(encode_dense(rs, pos, pos.turn))
            h = 1 / (1 + np.exp(-(x @ w1 + b1)))
            y = 1 / (1 + np.exp(-(w2 @ h + b2)))
            got = net.forward(encode(rs, pos, pos.turn))
            assert max(abs(a - b) for a, b in zip(got, y.tolist(), strict=True)) < 1e-9


@pytest.mark.parametrize("family", ["puff", "brade"])
def test_forward_with_kept_rows(family: str) -> None:
    """Weight rows scaled by recurring input values are kept between calls: the outputs are
    the same with the rows kept (second pass) as without (first pass), and equal a plain
    dense forward pass written out here; the hand-written verdict's units are never kept."""
    net = random_net(family, 7, seed=12)
    names = [s for s in SETS if rules(s).family == family][:3]
    xs = [encode(rules(n), pos, pos.turn) for n in names for pos in positions(n, 20)]
    first = [net.forward(x) for x in xs]
    assert net._scaled  # noqa: SLF001 - rows were kept
    assert all(i < net._cached_below for i, _ in net._scaled)  # noqa: SLF001
    assert [net.forward(x) for x in xs] == first
    for x, got in zip(xs, first, strict=True):
        dense = [0.0] * net.n_in
        for i, v in x:
            dense[i] = v
        h = [
            1 / (1 + math.exp(-(b + sum(dense[i] * net.w1[i][j] for i in range(net.n_in)))))
            for j, b in enumerate(net.b1)
        ]
        y = [
            1 / (1 + math.exp(-(b + sum(wj * hj for wj, hj in zip(w, h, strict=True)))))
            for w, b in zip(net.w2, net.b2, strict=True)
        ]
        assert max(abs(a - b) for a, b in zip(got, y, strict=True)) < 1e-9


@pytest.mark.parametrize("family", ["puff", "brade"])
def test_forward_many_is_forward(family: str) -> None:
    """The batch form (each input's hidden sums found from the first input's, adding and
    taking away the rows of the units that differ) gives each input's :meth:`Net.forward` up
    to rounding: the positions of one roll's plays (close to each other), positions of
    different games and rule sets (far apart), an input given twice, and one alone."""
    net = random_net(family, 9, seed=4)
    names = [s for s in SETS if rules(s).family == family][:3]
    xs = [encode(rules(n), pos, pos.turn) for n in names for pos in positions(n, 15, seed=7)]
    for batch in (xs, xs[::-1], [xs[3], xs[3], xs[5]], [xs[0]], []):
        got = net.forward_many(batch)
        assert len(got) == len(batch)
        for x, y in zip(batch, got, strict=True):
            assert max(abs(a - b) for a, b in zip(y, net.forward(x), strict=True)) < 1e-12


@pytest.mark.parametrize("name", ["lang-puff", "kontrar-puff", "brade-standard", "vasamuseet"])
def test_evaluate_many_is_evaluate(name: str) -> None:
    """The shipped net's batch evaluation (the review's: a roll's plays at once) equals
    :func:`evaluate` of each position for either side, the Puff net's mix with the
    hand-written evaluation included."""
    from puffteach.listing import iter_turn_plays
    from puffteach.movegen import begin_roll

    rs = rules(name)
    rng = random.Random(11)
    for pos in positions(name, 12, seed=9):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        ends = [
            p.position
            for t in begin_roll(rs, pos, dice)
            if len(t.remaining) < 4
            for p in iter_turn_plays(t)
            if p.outcome is None
        ]
        for side in (WHITE, BLACK):
            got = evaluate_many(rs, ends, side)
            want = [evaluate(rs, q, side) for q in ends]
            for a, b in zip(got, want, strict=True):
                assert a.equity == pytest.approx(b.equity, abs=1e-12)
                assert a.win == pytest.approx(b.win, abs=1e-12)


def test_json_round_trip() -> None:
    """Packing to float32 and back gives the same net up to float32 rounding."""
    net = random_net("brade", 5, seed=2)
    back = Net.from_json(json.loads(json.dumps(net.to_json())))
    assert back.n_in == net.n_in and back.n_hidden == 5 and back.n_out == 12
    assert all(
        abs(a - b) <= 1e-6 * max(1.0, abs(a))
        for ra, rb in zip(net.w1, back.w1, strict=True)
        for a, b in zip(ra, rb, strict=True)
    )


@pytest.mark.parametrize("name", SETS)
def test_shipped_weights_evaluate(name: str) -> None:
    """The shipped net evaluates every preset's start (after the opening roll) and positions
    from random games to a finite equity within the rule set's points, a win chance in 0..1;
    the evaluator answers for either side (flipped)."""
    rs = rules(name)
    top = max_points(rs)
    for pos in positions(name, 20, seed=5):
        est = evaluate(rs, pos, pos.turn)
        assert math.isfinite(est.equity) and -top <= est.equity <= top
        assert 0.0 <= est.win <= 1.0
        other = evaluate(rs, pos, BLACK if pos.turn == WHITE else WHITE)
        assert other == est.flipped()
    assert load(rs.family).n_hidden >= 40


def test_shipped_weights_size() -> None:
    """All families' weights together stay under 3 MB."""
    files = sorted(WEIGHTS.glob("*.json"))
    assert {f.stem for f in files} == set(OUTPUTS)
    assert sum(f.stat().st_size for f in files) < 3_000_000


def test_puff_extra_features_by_hand() -> None:
    """Kontrar-puff (contrary: White's point p is Black's 25 - p), White to roll with a blot
    on his 10 (Black's 15) and fourteen on his 24 (Black's 1); Black has two on his 9 and
    thirteen on his 3. Shots at the blot: from 9 (6 pips) every roll with a 6 (11), 5-1 and
    4-2 (2 each), 3-3 and 2-2 (1 each) = 17; from 3 (12 pips) 6-6, 4-4 and 3-3, of which only
    4-4 is new: 18 of 36. A hit costs the blot's progress plus Puff's re-entry 8 pips:
    18/36 x (10 + 8) = 9 pips (/25 = 0.36). Black's bands on his 3 and 9 are White's 22 and
    16, both ahead of White's rearmost checker (10): two bands, the longest row one; White's
    band on Black's 1 is behind all of Black's checkers: none. Nobody waits. The last three
    units are the hand-written evaluation's own win chance and equity."""
    rs = rules("kontrar-puff")
    pos = Position.parse("W:10,24x14 B:3x13,9x2 w", rs)
    base = input_size("puff") - EXTRA_FEATURES["puff"]
    x = {i - base: v for i, v in encode(rs, pos, WHITE) if i >= base}
    assert x[0] == pytest.approx(0.36) and x[1] == pytest.approx(0.5)
    assert 2 not in x and 3 not in x and 4 not in x  # White: no bands ahead, nobody waiting
    assert 5 not in x and 6 not in x  # Black: no blots
    assert x[7] == pytest.approx(2 / 6) and x[8] == pytest.approx(1 / 6) and 9 not in x
    est = heuristic(rs, pos, WHITE)
    assert x[10] == pytest.approx(est.win)
    assert x.get(11, 0.0) == pytest.approx(max(est.equity, 0.0) / 3)
    assert x.get(12, 0.0) == pytest.approx(max(-est.equity, 0.0) / 3)
    # seen by Black, the same numbers with the sides' groups swapped
    y = {i - base: v for i, v in encode(rs, pos, BLACK) if i >= base}
    assert y[5] == pytest.approx(0.36) and y[2] == pytest.approx(2 / 6)


def test_brade_extra_features_by_hand() -> None:
    """brade-standard, White to roll with two checkers waiting, ten on his 1 and blots on his
    2, 4 and 5; Black has all fifteen on his 1. White's first quarter: his own checkers stand
    on 1, 2, 4 and 5, so 3 and 6 are free; two waiting against two free points: margin 0 (a
    hit now makes him jan, B-jan), so all three threshold units. His blots on his first
    quarter: 2, 4 and 5 (3/6). Shots (bräde's layout: White's p is Black's p + 12): the blot on
    4 is Black's 16, 15 pips from Black's 1, hit only by 5-5 (touching down on Black's 6 and
    11, White's 18 and 23, both empty): 1 of 36; the blot on 5 (Black's 17, 16 pips) only by
    4-4, which touches down on Black's 13, White's band on 1; the blot on 2 (Black's 14, 13
    pips) by no roll. With margin 0 the jan risk is the chance of that hit, 1/36. Black has
    five free points and nobody waiting, no blots: no units."""
    rs = rules("brade-standard")
    pos = Position.parse("W:0x2,1x10,2,4,5 B:1x15 w", rs)
    base = input_size("brade") - EXTRA_FEATURES["brade"]
    x = {i - base: v for i, v in encode(rs, pos, WHITE) if i >= base}
    assert x == pytest.approx({0: 1.0, 1: 1.0, 2: 1.0, 3: 1 / 36, 4: 0.5, 5: 1 / 36})
    # seen by Black, the same numbers in the other side's group
    y = {i - base: v for i, v in encode(rs, pos, BLACK) if i >= base}
    assert y == pytest.approx({6 + k: v for k, v in x.items()})


@pytest.mark.parametrize("family", ["puff", "brade"])
def test_weights_before_the_extra_features_play_as_before(family: str) -> None:
    """Weights saved without the extra features get zero rows for them: the outputs are those
    of the net without them (here: the same net with its last rows dropped, by hand)."""
    net = random_net(family, 5, seed=3)
    n_old = input_size(family) - EXTRA_FEATURES[family]
    data = net.to_json()
    old = dict(data)
    old.pop("extra_features")
    old["inputs"] = n_old
    raw = base64.b64decode(str(data["w1"]))
    old["w1"] = base64.b64encode(raw[: n_old * 5 * 4]).decode("ascii")
    padded = Net.from_json(old)
    assert padded.w1[n_old:] == [[0.0] * 5] * EXTRA_FEATURES[family]
    name = "lang-puff" if family == "puff" else "brade-standard"
    rs = rules(name)
    for pos in positions(name, 5):
        x = encode(rs, pos, WHITE)
        plain = [(i, v) for i, v in x if i < n_old]
        assert padded.forward(x) == padded.forward(plain)


@pytest.mark.parametrize("family", ["puff", "brade"])
def test_widened_net_plays_as_before(family: str) -> None:
    """A net widened for more training (Net2Net) gives the same outputs to the last bit: its
    new hidden units fire (random input weights) but have no say (output weights 0); stored and
    read again it keeps its width; it cannot be narrowed."""
    net = random_net(family, 5, seed=4)
    wide = net.widened(9, seed=1)
    assert (wide.n_in, wide.n_hidden, wide.n_out) == (net.n_in, 9, net.n_out)
    assert all(row[5:] == [0.0] * 4 for row in wide.w2)
    assert any(v != 0.0 for row in wide.w1 for v in row[5:])
    assert wide.w1[0][:5] == net.w1[0][:5] and wide.b1 == [*net.b1, 0.0, 0.0, 0.0, 0.0]
    name = "lang-puff" if family == "puff" else "brade-standard"
    rs = rules(name)
    for pos in positions(name, 8):
        x = encode(rs, pos, pos.turn)
        assert wide.forward(x) == net.forward(x)
    back = Net.from_json(json.loads(json.dumps(wide.to_json())))
    assert back.n_hidden == 9
    with pytest.raises(ValueError, match="cannot narrow"):
        wide.widened(5, seed=1)


@pytest.mark.parametrize("name", ["lang-puff", "kontrar-puff+generalpasch", "gegenpuff"])
def test_mixed_estimate_is_the_weighted_mean(name: str) -> None:
    """A Puff net with ``meta["mix"] = m`` answers m x its own estimate + (1 - m) x the
    hand-written evaluation's, for equity and win chance alike (the same net without the mix
    and ``heuristic`` computed afresh give both parts); m = 1 is the net alone."""
    net = random_net("puff", 6, seed=4)
    mixed = Net(net.family, net.w1, net.b1, net.w2, net.b2, {"mix": 0.3})
    assert net.mix == 1.0 and mixed.mix == 0.3
    rs = rules(name)
    for pos in positions(name, 25, seed=8):
        own = net.estimate(rs, pos)
        hand = heuristic(rs, pos, WHITE if pos.turn == WHITE else BLACK)
        got = mixed.estimate(rs, pos)
        assert got.equity == pytest.approx(0.3 * own.equity + 0.7 * hand.equity, abs=1e-9)
        assert got.win == pytest.approx(0.3 * own.win + 0.7 * hand.win, abs=1e-9)
    back = Net.from_json(json.loads(json.dumps(mixed.to_json())))
    assert back.mix == 0.3


def test_mix_needs_the_hand_written_verdict() -> None:
    """Only a net whose inputs carry the hand-written evaluation's verdict (Puff) can mix it
    in; the mix is a share between 0 and 1."""
    brade = random_net("brade", 4, seed=1)
    with pytest.raises(ValueError, match="cannot mix"):
        Net("brade", brade.w1, brade.b1, brade.w2, brade.b2, {"mix": 0.5})
    puff = random_net("puff", 4, seed=1)
    with pytest.raises(ValueError, match="cannot mix"):
        Net("puff", puff.w1, puff.b1, puff.w2, puff.b2, {"mix": 1.5})
