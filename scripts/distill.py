"""Distil master's one-ply search into the Puff net (search bootstrapping).

    pip install -e .[train]
    nice python scripts/distill.py generate --games 2000 --workers 2   # resumable
    python scripts/distill.py fit --epochs 4                            # writes candidate weights
    python scripts/distill.py fit --epochs 4 --ship --mix 0.3           # into the package

Why: greedy play on the Puff net (level expert) and master's one-ply search on it differ by
about 0.05 points a game in lång puff; TD(λ) self-play had reached a plateau. A net that
answers at once what the one-ply search would have answered is a better 0-ply evaluator, and
the search on it looks a ply further than before (as gnubg trains its nets on deeper
evaluations, and as TD-Leaf and AlphaZero train on search results).

**Positions.** Games of the shipped expert player against itself, a rule set of the family
drawn for each game as ``scripts/train.py`` draws them (a preset and 0-2 codes); every
position before a roll is kept. Game ``i`` has the seed ``(seed, i)``; chunks of
``--chunk`` games are written to ``build/distill/`` as they finish, so a run resumes where
it stopped and gives the same data whatever the number of workers.

**Targets.** For each position, the average over the roller's chance outcomes
(:func:`puffteach.odds.chance_outcomes`) of the net's outputs after the reply master would
play: the replies listed (or built with the beam through a pasch), ranked by the
hand-written evaluation, the best three judged by the shipped evaluator (the net mixed with
the hand-written evaluation), and the net's own eight outputs for the one chosen, turned to
the roller's view (or the exact result of a game the reply ends). These are soft labels for
the net's sigmoid outputs; ``fit`` moves the shipped net towards them (Adam, cross-entropy,
mini-batches), keeps every 20th chunk out to measure the loss, and writes the weights with
the step recorded in ``meta.history``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import train  # noqa: E402

from puffteach.movegen import Play, begin_roll  # noqa: E402
from puffteach.odds import chance_outcomes  # noqa: E402
from puffteach.players import net as netmod  # noqa: E402
from puffteach.players.search import LEVELS, SearchPlayer, candidate_plays  # noqa: E402
from puffteach.position import Position  # noqa: E402
from puffteach.rollout import opening  # noqa: E402
from puffteach.rules import RuleSet  # noqa: E402

FAMILY = "puff"
K = netmod.OUTPUTS[FAMILY]
DATA = ROOT / "build" / "distill"
Pairs = list[tuple[np.ndarray, np.ndarray]]


def _vector(net: netmod.Net, rs: RuleSet, play: Play, me: int) -> list[float]:
    """The net's outputs after ``play`` from ``me``'s view (exact after a game's end)."""
    if play.outcome is not None:
        z = [0.0] * (2 * K)
        o = play.outcome
        if o.winner is not None:
            base = 0 if int(o.winner) == me else K
            for j in range(min(K, o.points)):
                z[base + j] = 1.0
        return z
    q = play.position
    y = net.forward(netmod.encode(rs, q, q.turn))
    return y if q.turn == me else y[K:] + y[:K]


def target(sp: SearchPlayer, net: netmod.Net, rs: RuleSet, pos: Position) -> list[float]:
    """The one-ply target of ``pos`` for its side to roll (see the module's docstring)."""
    me = pos.turn
    pruning = sp.level.pruning(rs.family)
    assert pruning is not None
    keep, width = pruning
    scorer, cheap = sp.scorer(rs), sp.cheap(rs)
    out = [0.0] * (2 * K)
    for oc in chance_outcomes(rs, pos):
        turns = begin_roll(rs, pos, oc.dice)
        replies = candidate_plays(turns, cheap, width, inner=True)
        if len(replies) > keep:
            replies = sorted(replies, key=lambda p: cheap.play(p, me).equity, reverse=True)
            replies = replies[:keep]
        best = max(replies, key=lambda p: scorer.play(p, me).equity)
        pr = float(oc.probability)
        for j, v in enumerate(_vector(net, rs, best, me)):
            out[j] += pr * v
    return out


def gen_chunk(task: tuple[int, int, int]) -> tuple[int, int, float]:
    """Play and label the games of one chunk; write ``build/distill/<seed>-<chunk>.npz``."""
    seed, chunk, size = task
    net = netmod.load(FAMILY)
    expert = SearchPlayer("expert")
    master = SearchPlayer(LEVELS["master"])
    idx: list[int] = []
    val: list[float] = []
    offsets = [0]
    targets: list[list[float]] = []
    t0 = time.process_time()
    for i in range(chunk * size, (chunk + 1) * size):
        rng = random.Random(f"distill-{seed}-{i}")
        rs = train.sample_rules(FAMILY, rng)
        pos = opening(rs, rng)
        for _ in range(train.MAX_ROLLS):
            x = netmod.encode(rs, pos, pos.turn)
            for a, b in x:
                idx.append(a)
                val.append(b)
            offsets.append(len(idx))
            targets.append(target(master, net, rs, pos))
            play = expert.choose(rs, pos, train.roll_dice(rs, pos, rng))
            if play.outcome is not None:
                break
            pos = play.position
        expert._scorers.clear()
        master._scorers.clear()
        master._cheap.clear()
    DATA.mkdir(parents=True, exist_ok=True)
    tmp = DATA / f"{seed}-{chunk}.tmp.npz"
    np.savez_compressed(
        tmp,
        idx=np.array(idx, dtype=np.int16),
        val=np.array(val, dtype=np.float32),
        offsets=np.array(offsets, dtype=np.int64),
        targets=np.array(targets, dtype=np.float32),
    )
    os.replace(tmp, DATA / f"{seed}-{chunk}.npz")
    return chunk, len(targets), time.process_time() - t0


def generate(args: argparse.Namespace) -> None:
    chunks = [
        c for c in range(args.games // args.chunk) if not (DATA / f"{args.seed}-{c}.npz").exists()
    ]
    tasks = [(args.seed, c, args.chunk) for c in chunks]
    print(f"{len(tasks)} chunks of {args.chunk} games to play", flush=True)
    with ProcessPoolExecutor(args.workers) as ex:
        for chunk, n, cpu in ex.map(gen_chunk, tasks):
            print(f"chunk {chunk}: {n} positions, {cpu:.0f} s CPU", flush=True)


def load_data(seed: int) -> tuple[Pairs, Pairs, int]:
    """(train, held-out) lists of (dense inputs, targets), and the games they hold."""
    n_in = netmod.input_size(FAMILY)
    fit: Pairs = []
    held: Pairs = []
    chunks = sorted(
        int(p.stem.split("-")[1]) for p in DATA.glob(f"{seed}-*.npz") if ".tmp" not in p.name
    )
    for c in chunks:
        d = np.load(DATA / f"{seed}-{c}.npz")
        off = d["offsets"]
        x = np.zeros((len(off) - 1, n_in), dtype=np.float32)
        rows = np.repeat(np.arange(len(off) - 1), np.diff(off))
        x[rows, d["idx"].astype(np.int64)] = d["val"]
        (held if c % 20 == 19 else fit).append((x, d["targets"].astype(np.float64)))
    return fit, held, len(chunks)


def loss_of(net: train.NumpyNet, data: Pairs) -> float:
    total, n = 0.0, 0
    eps = 1e-7
    for x, t in data:
        _, y = net.forward(x.astype(np.float64))
        total += float(-np.sum(t * np.log(y + eps) + (1 - t) * np.log(1 - y + eps)))
        n += len(x)
    return total / max(n, 1)


def fit(args: argparse.Namespace) -> None:
    shipped = netmod.load(FAMILY)
    net = train.NumpyNet.from_net(shipped)
    data, held, n_chunks = load_data(args.seed)
    x = np.concatenate([d[0] for d in data])
    t = np.concatenate([d[1] for d in data])
    print(f"{len(x)} positions to fit, {sum(len(h[0]) for h in held)} held out", flush=True)
    eps = 1e-7
    floor = sum(
        float(-np.sum(t_ * np.log(t_ + eps) + (1 - t_) * np.log(1 - t_ + eps))) for _, t_ in held
    ) / max(sum(len(h[0]) for h in held), 1)
    print(
        f"held-out loss, shipped net: {loss_of(net, held):.4f} (the targets' own entropy "
        f"{floor:.4f})",
        flush=True,
    )
    rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        order = rng.permutation(len(x))
        losses = []
        for s in range(0, len(x), args.batch):
            b = order[s : s + args.batch]
            losses.append(net.train_step(x[b].astype(np.float64), t[b], args.lr))
        print(
            f"epoch {epoch + 1}: fit loss {np.mean(losses):.4f}, held-out {loss_of(net, held):.4f}",
            flush=True,
        )
    meta = dict(shipped.meta)
    meta["mix"] = args.mix
    history = list(meta.get("history", []))  # type: ignore[call-overload]
    history.append(
        {
            "games": meta.get("games"),
            "change": (
                f"distilled master's one-ply search (scripts/distill.py, seed {args.seed}, "
                f"{n_chunks} chunks, {len(x)} positions, {args.epochs} epochs, lr {args.lr}, "
                f"batch {args.batch}); mix {args.mix}"
            ),
        }
    )
    meta["history"] = history
    out = train.weights_path(FAMILY) if args.ship else Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(net.to_net(meta).to_json(), indent=0) + "\n")
    print(f"wrote {out}", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--games", type=int, default=2000)
    g.add_argument("--chunk", type=int, default=10)
    g.add_argument("--workers", type=int, default=1)
    g.add_argument("--seed", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--epochs", type=int, default=4)
    f.add_argument("--batch", type=int, default=256)
    f.add_argument("--lr", type=float, default=0.0005)
    f.add_argument("--mix", type=float, default=0.3)
    f.add_argument("--ship", action="store_true")
    f.add_argument("--out", default=str(ROOT / "build" / "distill" / "puff.json"))
    args = ap.parse_args(argv)
    (generate if args.cmd == "generate" else fit)(args)


if __name__ == "__main__":
    main()
