r"""Train the learned evaluators (:mod:`puffteach.players.net`) by self-play: TD(λ).

    pip install -e .[train]
    nice python scripts/train.py --family all --seed 1 --hours 1.5 --workers 1
    python scripts/train.py --match 200          # greedy 1-ply net vs random, per family

Design note (quoted by the book's chapter "Playing against the computer")
-------------------------------------------------------------------------
We train as TD-Gammon did, by temporal differences over self-play, and not as wildbg does, by
supervised learning on rollout values. A rollout-supervised net needs a good player to roll out
with and hundreds of rollout games per training position; our engine is pure Python (a few
hundred random games a second, far fewer with a net choosing every play), and no strong Puff or
bräde player exists to roll out with. Self-play needs nothing but the rules: every game played
by the current net is one training example per roll, and the dice supply the exploration (as
in TD-Gammon, the net always plays its best play). So TD(λ) it is, in its *offline* form: after
a game, each position's target is its λ-return, ``G_t = (1-λ) V(s_{t+1}) + λ G_{t+1}``, ending
in the real result (points won or lost, as ``P(win >= k)`` indicators); the net is then
moved towards the targets by Adam on the cross-entropy of its sigmoid outputs. With the
weights fixed during a game this is the forward view of TD(λ); it lets several processes play
games with the same weights while one process learns (``--workers``), and the result does not
depend on how many workers there are: game ``i`` of a family always has the seed
``(seed, family, i)``, and updates are applied in game order, ``--round`` games at a time.

Every game samples a rule set of the family: a preset (uniformly) and 0-2 of the family's
codes (any that fit), so one net learns all presets and codes, told apart by the rule-set
input bits. One-die series a player may choose, RV 25's re-roll and resigning are not used in
training (a required one-die roll is played).

Choosing a play during self-play never lists the ~10^5 plays of a Puff later pasch: the plays
are listed lazily (``listing.iter_plays``) and, when there are more than ``LIST_LIMIT``, the
play is built step by step (``movegen.begin``/``turn_steps``/``push``/``finish``) with a beam of
``BEAM`` partial plays, each scored by the net as if the roll ended there.

Checkpoints: the weights in ``puffteach/players/weights/<family>.json`` (the shipped package
data, with the games played and the training settings in ``meta``) and the optimiser state in
``--state`` (``build/train/<family>.npz``); a run resumes from them and plays on from game
``meta.games``. ``--hidden`` on resuming widens the net (``Net.widened``, Net2Net's idea: the
new hidden units start with output weights 0, so the net plays exactly as before), so more
capacity does not mean starting again from random weights:

    nice python scripts/train.py --family puff --hidden 128 --lr 0.0005 --hours 2 --workers 1

A candidate that should not ship yet trains in a directory of its own (``--weights``, with
``--state`` beside it): the first run starts there from the shipped weights, later runs resume
from the directory, and the package's weights stay as they are. A long run over several
sessions commits that directory to main between sessions (``training/puff-128`` holds the
128-unit Puff net that way); ``--match`` judges it against random play:

    nice python scripts/train.py --family puff --weights training/puff-128 \
        --state training/puff-128 --hours 2 --workers 2

Stopping early: SIGTERM or SIGINT (Ctrl-C, or ``kill -INT``: a run started in the background
with ``&`` or ``nohup`` would otherwise ignore SIGINT) ends the run after the round under way,
and the weights and optimiser state are saved as at the deadline; a second signal is not
needed and does not break the save.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

# one BLAS thread per process: the matrices are small, and the workers are the parallelism
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("PUFFTEACH_SRC", str(ROOT)))

from puffteach.color import Color  # noqa: E402
from puffteach.errors import LocalizedError  # noqa: E402
from puffteach.families import family_of  # noqa: E402
from puffteach.listing import iter_plays  # noqa: E402
from puffteach.movegen import Play, begin, finish, plans, push, random_play, turn_steps  # noqa: E402
from puffteach.outcome import Outcome  # noqa: E402
from puffteach.players import net as netmod  # noqa: E402
from puffteach.position import Position  # noqa: E402
from puffteach.rollout import opening  # noqa: E402
from puffteach.rules import PRESETS as PUFF_PRESETS  # noqa: E402
from puffteach.rules import PUFF_OPTIONS, RuleSet, rules  # noqa: E402
from puffteach.rules import brade as brade_rules  # noqa: E402
from puffteach.steps import Turn  # noqa: E402

FAMILIES = ("puff", "brade")
PRESETS: dict[str, tuple[str, ...]] = {
    "puff": tuple(PUFF_PRESETS),
    "brade": tuple(brade_rules.PRESETS),
}
#: codes sampled per family (match-start, roll names and after-game codes change no play)
CODES: dict[str, tuple[str, ...]] = {
    "puff": tuple(PUFF_OPTIONS),
    "brade": tuple(
        c for c in brade_rules.CODES if c not in ("1a", "1b", "1c", "11", "12", "13", "22", "23")
    ),
}
LIST_LIMIT = 400
BEAM = 6
MAX_ROLLS = 3000
WEIGHTS = ROOT / "puffteach" / "players" / "weights"

Values = Callable[[RuleSet, Sequence[Position]], list[float]]


# ----------------------------------------------------------------------------- rule sets
def sample_rules(family: str, rng: random.Random) -> RuleSet:
    """A preset of the family, uniformly, with 0-2 codes that fit it."""
    preset = rng.choice(PRESETS[family])
    n = rng.choice((0, 0, 1, 1, 2))
    codes = rng.sample(CODES[family], n)
    while codes:
        try:
            return rules("+".join([preset, *codes]))
        except LocalizedError:
            codes.pop()
    return rules(preset)


# ----------------------------------------------------------------------------- numpy net
class NumpyNet:
    """The same net as :class:`puffteach.players.net.Net`, in numpy (float64), with Adam."""

    def __init__(self, family: str, hidden: int, rng: np.random.Generator) -> None:
        self.family = family
        n_in, k = netmod.input_size(family), netmod.OUTPUTS[family]
        self.w1 = rng.normal(0.0, 0.1, (n_in, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0.0, 0.1, (2 * k, hidden))
        self.b2 = np.concatenate([[0.0], -2.0 - np.arange(k - 1), [0.0], -2.0 - np.arange(k - 1)])
        self.adam = [np.zeros_like(p) for p in self.params() for _ in (0, 1)]
        self.steps = 0

    def params(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = 1.0 / (1.0 + np.exp(-(x @ self.w1 + self.b1)))
        y = 1.0 / (1.0 + np.exp(-(h @ self.w2.T + self.b2)))
        return h, y

    def train_step(self, x: np.ndarray, target: np.ndarray, lr: float) -> float:
        """One Adam step on the mean cross-entropy of ``target`` (soft labels)."""
        h, y = self.forward(x)
        eps = 1e-7
        loss = -np.mean(
            np.sum(target * np.log(y + eps) + (1 - target) * np.log(1 - y + eps), axis=1)
        )
        dz2 = (y - target) / len(x)
        g_w2 = dz2.T @ h
        g_b2 = dz2.sum(axis=0)
        dz1 = (dz2 @ self.w2) * h * (1 - h)
        g_w1 = x.T @ dz1
        g_b1 = dz1.sum(axis=0)
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for i, (p, g) in enumerate(zip(self.params(), (g_w1, g_b1, g_w2, g_b2), strict=True)):
            m, v = self.adam[2 * i], self.adam[2 * i + 1]
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mh = m / (1 - b1**self.steps)
            vh = v / (1 - b2**self.steps)
            p -= lr * mh / (np.sqrt(vh) + 1e-8)
        return float(loss)

    def to_net(self, meta: dict[str, object]) -> netmod.Net:
        f32 = [a.astype(np.float32).astype(np.float64) for a in self.params()]
        return netmod.Net(
            self.family,
            f32[0].tolist(),
            f32[1].tolist(),
            f32[2].tolist(),
            f32[3].tolist(),
            meta,
        )

    @classmethod
    def from_net(cls, net: netmod.Net) -> NumpyNet:
        self = cls.__new__(cls)
        self.family = net.family
        self.w1 = np.array(net.w1)
        self.b1 = np.array(net.b1)
        self.w2 = np.array(net.w2)
        self.b2 = np.array(net.b2)
        self.adam = [np.zeros_like(p) for p in self.params() for _ in (0, 1)]
        self.steps = 0
        return self


def dense(family: str, rows: Sequence[netmod.Sparse]) -> np.ndarray:
    x = np.zeros((len(rows), netmod.input_size(family)))
    for r, row in enumerate(rows):
        if row:
            idx, val = zip(*row, strict=True)
            x[r, list(idx)] = val
    return x


def equity_np(y: np.ndarray, top: int) -> np.ndarray:
    k = y.shape[1] // 2
    w = np.minimum.accumulate(y[:, :top], axis=1)
    lo = np.minimum.accumulate(y[:, k : k + top], axis=1)
    return (w - lo).sum(axis=1)


def numpy_values(net: NumpyNet) -> Values:
    def values(rs: RuleSet, positions: Sequence[Position]) -> list[float]:
        if not positions:
            return []
        x = dense(rs.family, [netmod.encode(rs, p, p.turn) for p in positions])
        _, y = net.forward(x)
        return [float(v) for v in equity_np(y, netmod.max_points(rs))]

    return values


def python_values(net: netmod.Net) -> Values:
    def values(rs: RuleSet, positions: Sequence[Position]) -> list[float]:
        return [net.estimate(rs, p).equity for p in positions]

    return values


# ----------------------------------------------------------------------------- choosing
def _points(outcome: Outcome, me: Color) -> float:
    if outcome.winner is None:
        return 0.0
    return float(outcome.points) if outcome.winner == me else -float(outcome.points)


def score_ends(
    rs: RuleSet, me: Color, ends: Sequence[tuple[Position, Outcome | None]], values: Values
) -> list[float]:
    """Equity for ``me`` of each end of a roll (a position with the side to roll next)."""
    out = [0.0] * len(ends)
    todo = [i for i, (_, o) in enumerate(ends) if o is None]
    vals = values(rs, [ends[i][0] for i in todo])
    for i, v in zip(todo, vals, strict=True):
        out[i] = v if ends[i][0].turn == me else -v
    for i, (_, o) in enumerate(ends):
        if o is not None:
            out[i] = _points(o, me)
    return out


def choose(rs: RuleSet, pos: Position, dice: tuple[int, ...], values: Values) -> Play:
    """The play with the best 1-ply equity for the side to roll (listing or beam)."""
    me = pos.turn
    found: list[Play] = []
    for play in iter_plays(rs, pos, dice):
        found.append(play)
        if len(found) > LIST_LIMIT:
            return beam_choose(rs, pos, dice, values)
    scores = score_ends(rs, me, [(p.position, p.outcome) for p in found], values)
    return found[max(range(len(found)), key=scores.__getitem__)]


def beam_choose(rs: RuleSet, pos: Position, dice: tuple[int, ...], values: Values) -> Play:
    """Build the play step by step, keeping the ``BEAM`` best partial plays; a partial play is
    scored as if the roll ended there (the other side to roll)."""
    me = pos.turn
    beam: list[Turn] = [begin(rs, pos, plan) for plan in plans(rs, pos, dice)]
    best: tuple[float, Play] | None = None
    while beam:
        nxt: dict[tuple[object, ...], Turn] = {}
        for t in beam:
            for st in turn_steps(t):
                t2 = push(t, st)
                nxt.setdefault((t2.pos, t2.remaining, t2.plan.named, t2.cont), t2)
        if not nxt:
            break
        turns = list(nxt.values())
        ends: list[tuple[Position, Outcome | None]] = []
        for t2 in turns:
            if t2.done:
                final, outcome, _ = finish(t2)
                ends.append((final, outcome))
            else:
                ends.append((t2.pos._replace(turn=me.other, streak=0), None))
        scores = score_ends(rs, me, ends, values)
        order = sorted(range(len(turns)), key=scores.__getitem__, reverse=True)
        beam = []
        for i in order:
            t2 = turns[i]
            if t2.done:
                if best is None or scores[i] > best[0]:
                    final, outcome, again = finish(t2)
                    best = (scores[i], Play(t2.moves, t2.forfeited, final, outcome, t2.plan, again))
            elif len(beam) < BEAM:
                beam.append(t2)
    if best is None:  # nothing to move at all
        t = begin(rs, pos, plans(rs, pos, dice)[0])
        final, outcome, again = finish(t)
        return Play(t.moves, t.forfeited, final, outcome, t.plan, again)
    return best[1]


def roll_dice(rs: RuleSet, pos: Position, rng: random.Random) -> tuple[int, ...]:
    one = family_of(rs).one_die_required(rs, pos)
    return (rng.randint(1, 6),) if one else (rng.randint(1, 6), rng.randint(1, 6))


# ----------------------------------------------------------------------------- self-play
def game_rng(seed: int, family: str, index: int) -> random.Random:
    return random.Random(f"{seed}-{family}-{index}")


def self_play(task: tuple[str, int, int, list[np.ndarray]]) -> dict[str, object]:
    """One game of the net against itself: the positions before each roll (sparse, from the
    side to roll) and the result as ``[P(White wins >= k)..., P(Black wins >= k)...]``."""
    family, seed, index, params = task
    net = NumpyNet.__new__(NumpyNet)
    net.family = family
    net.w1, net.b1, net.w2, net.b2 = params
    values = numpy_values(net)
    rng = game_rng(seed, family, index)
    rs = sample_rules(family, rng)
    pos = opening(rs, rng)
    xs: list[netmod.Sparse] = []
    turns: list[int] = []
    k = netmod.OUTPUTS[family]
    for _ in range(MAX_ROLLS):
        xs.append(netmod.encode(rs, pos, pos.turn))
        turns.append(pos.turn)
        play = choose(rs, pos, roll_dice(rs, pos, rng), values)
        pos = play.position
        if play.outcome is not None:
            z = [0.0] * (2 * k)
            o = play.outcome
            if o.winner is not None:
                for j in range(min(k, o.points)):
                    z[int(o.winner) * k + j] = 1.0
            return {"rules": rs.name, "xs": xs, "turns": turns, "z": z, "index": index}
    return {"rules": rs.name, "xs": [], "turns": [], "z": [], "index": index}


def swap(y: np.ndarray, k: int) -> np.ndarray:
    return np.concatenate([y[..., k:], y[..., :k]], axis=-1)


def lambda_targets(net: NumpyNet, game: dict[str, object], lam: float) -> tuple[np.ndarray, ...]:
    xs = game["xs"]
    assert isinstance(xs, list)
    turns = np.array(game["turns"])
    k = netmod.OUTPUTS[net.family]
    x = dense(net.family, xs)
    _, y = net.forward(x)
    white = np.where(turns[:, None] == 0, y, swap(y, k))  # White's frame
    g = np.array(game["z"], dtype=float)
    targets = np.zeros_like(white)
    for t in range(len(xs) - 1, -1, -1):
        targets[t] = g
        if t:
            g = (1 - lam) * white[t] + lam * g
    mover = np.where(turns[:, None] == 0, targets, swap(targets, k))
    return x, mover


# ----------------------------------------------------------------------------- checkpoints
def weights_path(family: str, weights_dir: Path = WEIGHTS) -> Path:
    return weights_dir / f"{family}.json"


def save(
    net: NumpyNet, meta: dict[str, object], state_dir: Path, weights_dir: Path = WEIGHTS
) -> None:
    weights_dir.mkdir(parents=True, exist_ok=True)
    path = weights_path(net.family, weights_dir)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(net.to_net(meta).to_json(), indent=0) + "\n")
    os.replace(tmp, path)
    state_dir.mkdir(parents=True, exist_ok=True)
    np.savez(state_dir / f"{net.family}.npz", *net.params(), *net.adam, steps=net.steps)


def restore(
    family: str, state_dir: Path, weights_dir: Path = WEIGHTS
) -> tuple[NumpyNet, dict[str, object]] | None:
    """The net to train on and its meta: the weights in ``weights_dir`` (with the Adam state
    in ``state_dir`` if it belongs to them); a ``weights_dir`` without them (a new candidate's
    directory, ``--weights``) starts from the shipped weights."""
    path = weights_path(family, weights_dir)
    if not path.exists():
        path = weights_path(family)
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    shipped = netmod.Net.from_json(data)
    net = NumpyNet.from_net(shipped)
    state = state_dir / f"{family}.npz"
    if state.exists():
        saved = np.load(state)
        arrays = [saved[f"arr_{i}"] for i in range(12)]
        if all(
            a.shape == b.shape and np.allclose(a.astype(np.float32), b)
            for a, b in zip(arrays[:4], net.params(), strict=True)
        ):
            net.w1, net.b1, net.w2, net.b2 = arrays[:4]
            net.adam = arrays[4:]
            net.steps = int(saved["steps"])
    return net, dict(shipped.meta)


def widen(net: NumpyNet, hidden: int, meta: dict[str, object], seed: int) -> NumpyNet:
    """``net`` with ``hidden`` hidden units (:meth:`Net.widened`: the new units start with no
    say, so the net plays exactly as before); the Adam state restarts and the meta history
    records the change."""
    old = net.b1.shape[0]
    wide = NumpyNet.from_net(net.to_net(meta).widened(hidden, seed))
    history = meta.setdefault("history", [])
    assert isinstance(history, list)
    history.append(
        {
            "games": meta["games"],
            "change": f"hidden units {old} -> {hidden} (new units: input weights drawn from "
            "N(0, 0.1), output weights 0, so the net played exactly as before); Adam state "
            "restarted",
        }
    )
    print(f"{net.family}: widened from {old} to {hidden} hidden units", flush=True)
    return wide


# ----------------------------------------------------------------------------- training loop
def _stop_on_signal() -> list[str]:
    """SIGTERM and SIGINT ask the run to stop after the round under way (the returned list
    gets the signal's name); SIGINT is handled even when the shell started the run ignoring
    it (a background job)."""
    stop: list[str] = []

    def ask(signum: int, _frame: object) -> None:
        stop.append(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, ask)
    signal.signal(signal.SIGINT, ask)
    return stop


def _worker_signals() -> None:
    """Self-play workers leave stopping to the main process (which finishes the round, saves
    and shuts the pool down): a Ctrl-C reaches the whole process group."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def train(args: argparse.Namespace) -> None:
    state_dir = Path(args.state)
    weights_dir = Path(args.weights)
    families = FAMILIES if args.family == "all" else (args.family,)
    nets: dict[str, NumpyNet] = {}
    metas: dict[str, dict[str, object]] = {}
    for fam in families:
        got = restore(fam, state_dir, weights_dir) if not args.fresh else None
        if got is None:
            hidden = args.hidden if args.hidden is not None else 64
            nets[fam] = NumpyNet(fam, hidden, np.random.default_rng([args.seed, len(fam)]))
            metas[fam] = {
                "games": 0,
                "positions": 0,
                "seconds": 0.0,
                "seed": args.seed,
                "lambda": args.lam,
                "lr": args.lr if args.lr is not None else 0.002,
                "round": args.round,
                "method": "TD(lambda) self-play, offline lambda-returns, Adam",
                "history": [],
            }
        else:
            nets[fam], metas[fam] = got
            print(f"{fam}: resuming after {metas[fam]['games']} games", flush=True)
            if args.lr is not None and float(str(metas[fam]["lr"])) != args.lr:
                # a new learning rate given on resuming: used from here on, and recorded
                history = metas[fam].setdefault("history", [])
                assert isinstance(history, list)
                history.append(
                    {
                        "games": metas[fam]["games"],
                        "change": f"learning rate {metas[fam]['lr']} -> {args.lr}",
                    }
                )
                metas[fam]["lr"] = args.lr
            if args.hidden is not None and args.hidden != nets[fam].b1.shape[0]:
                if args.hidden < nets[fam].b1.shape[0]:
                    sys.exit(
                        f"train.py: --hidden {args.hidden} is fewer than the "
                        f"{nets[fam].b1.shape[0]} hidden units of the {fam} weights"
                    )
                nets[fam] = widen(nets[fam], args.hidden, metas[fam], args.seed)
    deadline = time.time() + args.hours * 3600
    last_save = time.time()
    pool = (
        ProcessPoolExecutor(args.workers, initializer=_worker_signals) if args.workers > 1 else None
    )
    stop = _stop_on_signal()
    try:
        while time.time() < deadline and not stop:
            for fam in families:
                net, meta = nets[fam], metas[fam]
                if int(str(meta["games"])) >= args.games:
                    continue
                start = int(str(meta["games"]))
                params = net.params()
                tasks = [
                    (fam, int(str(meta["seed"])), start + i, params) for i in range(args.round)
                ]
                t0 = time.time()
                games = list(pool.map(self_play, tasks) if pool else map(self_play, tasks))
                losses = []
                n_pos = 0
                for g in games:
                    if not g["xs"]:
                        continue
                    x, y = lambda_targets(net, g, float(str(meta["lambda"])))
                    losses.append(net.train_step(x, y, float(str(meta["lr"]))))
                    n_pos += len(x)
                meta["games"] = start + args.round
                meta["positions"] = int(str(meta["positions"])) + n_pos
                meta["seconds"] = round(float(str(meta["seconds"])) + time.time() - t0, 1)
                print(
                    f"{fam}: games {meta['games']} positions {meta['positions']} "
                    f"loss {statistics.fmean(losses) if losses else math.nan:.4f} "
                    f"({time.time() - t0:.1f} s)",
                    flush=True,
                )
            if stop:
                print(f"stopping on {stop[0]}", flush=True)
                break
            if time.time() - last_save > args.save_every or time.time() >= deadline:
                for fam in families:
                    save(nets[fam], metas[fam], state_dir, weights_dir)
                last_save = time.time()
                print("saved", flush=True)
            if all(int(str(metas[f]["games"])) >= args.games for f in families):
                break
    finally:
        for fam in families:
            save(nets[fam], metas[fam], state_dir, weights_dir)
        if pool:
            pool.shutdown()


# ----------------------------------------------------------------------------- strength
def random_choose(rs: RuleSet, pos: Position, dice: tuple[int, ...], rng: random.Random) -> Play:
    options = plans(rs, pos, dice)
    plan = options[rng.randrange(len(options))]
    t = random_play(begin(rs, pos, plan), rng)
    final, outcome, again = finish(t)
    return Play(t.moves, t.forfeited, final, outcome, t.plan, again)


def match(family: str, games: int, seed: int, weights_dir: Path = WEIGHTS) -> dict[str, object]:
    """The net's greedy 1-ply player (pure-Python inference; the shipped weights unless
    ``--weights`` names others) against random play, every preset in turn, the net White in
    even games and Black in odd ones."""
    shipped = netmod.Net.from_json(json.loads(weights_path(family, weights_dir).read_text()))
    values = python_values(shipped)
    wins = 0
    points: list[float] = []
    per_preset: dict[str, list[float]] = {}
    t0 = time.time()
    for i in range(games):
        rng = random.Random(f"match-{seed}-{family}-{i}")
        preset = PRESETS[family][i // 2 % len(PRESETS[family])]
        rs = rules(preset)
        net_side = i % 2
        pos = opening(rs, rng)
        outcome = None
        for _ in range(MAX_ROLLS):
            dice = roll_dice(rs, pos, rng)
            if pos.turn == net_side:
                play = choose(rs, pos, dice, values)
            else:
                play = random_choose(rs, pos, dice, rng)
            pos, outcome = play.position, play.outcome
            if outcome is not None:
                break
        got = 0.0 if outcome is None else _points(outcome, net_side)
        wins += got > 0
        points.append(got)
        per_preset.setdefault(preset, []).append(got)
    mean = statistics.fmean(points)
    half = 1.96 * statistics.stdev(points) / math.sqrt(len(points))
    return {
        "family": family,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "points_per_game": round(mean, 3),
        "ci95": round(half, 3),
        "per_preset": {k: round(statistics.fmean(v), 3) for k, v in per_preset.items()},
        "seconds": round(time.time() - t0, 1),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--family", choices=(*FAMILIES, "all"), default="all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=10**9, help="stop after this many per family")
    ap.add_argument("--hours", type=float, default=1.0, help="stop after this long")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--round", type=int, default=8, help="games per update round")
    ap.add_argument(
        "--hidden",
        type=int,
        default=None,
        help="hidden units (a fresh run: 64 if not given; on resuming, more than the weights "
        "have widens the net, its outputs unchanged, and is recorded in their meta history)",
    )
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument(
        "--lr",
        type=float,
        default=None,
        help="learning rate (a fresh run: 0.002 if not given; on resuming, the weights' own "
        "unless given, and a new one is recorded in their meta history)",
    )
    ap.add_argument("--save-every", type=float, default=600.0, help="seconds between checkpoints")
    ap.add_argument("--state", default=str(ROOT / "build" / "train"))
    ap.add_argument(
        "--weights",
        default=str(WEIGHTS),
        help="where the weights are read and written (default: the package's, which ship); "
        "a directory without them starts from the shipped weights",
    )
    ap.add_argument("--fresh", action="store_true", help="start from random weights")
    ap.add_argument("--match", type=int, default=0, help="play N games net vs random, per family")
    args = ap.parse_args(argv)
    if args.match:
        families = FAMILIES if args.family == "all" else (args.family,)
        for fam in families:
            print(json.dumps(match(fam, args.match, args.seed, Path(args.weights))), flush=True)
        return
    train(args)


if __name__ == "__main__":
    main()
