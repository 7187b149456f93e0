"""Share links (issue 44, Build "Share links"): the Play page packs a game record small
(``puffteach/sphinxext/static/puffteach-link.js``, run here by Node) and opens it again.

Random whole games of every family are packed and unpacked; the unpacked record loads in the
engine to the very same game (``Game.load(...).record()`` equals the original, the hits'
``*`` marked again by the engine), and a whole game of lång puff makes a link of fewer than 600
characters (the base64url JSON link was about 9,000)."""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from puffteach import Game

ROOT = Path(__file__).resolve().parent.parent
LINK_JS = ROOT / "puffteach" / "sphinxext" / "static" / "puffteach-link.js"

#: reads [[record, rules, start], ...] on stdin, prints [[packed, unpacked], ...]
ROUND_TRIP = f"""
import {{ packRecord, unpackRecord }} from {json.dumps(LINK_JS.as_uri())};
let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = JSON.parse(text).map(([rec, rules, start]) => {{
  const packed = packRecord(rec);
  return [packed, packed === null ? null : unpackRecord(packed, rules, start)];
}});
console.log(JSON.stringify(out));
"""


def _node_round_trip(records: list[dict[str, Any]]) -> list[tuple[str | None, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    args = [[r, r["rules"], r["start"]] for r in records]
    proc = subprocess.run(
        [node, "--input-type=module", "-e", ROUND_TRIP],
        input=json.dumps(args),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [(p, u) for p, u in json.loads(proc.stdout)]


def _random_game(preset: str, seed: int) -> Game:
    game = Game(preset, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if game.outcome is not None:
            break
        game.play_random_roll(rng)
    return game


PRESETS = [
    "lang-puff",
    "kontrar-puff+generalpasch",
    "pierer-doppelter-contrapuff",
    "gegenpuff+tower-goose",
    "brade-standard",
    "vasamuseet",
]


def test_packed_games_load_to_the_same_game() -> None:
    records = [_random_game(p, seed).record() for p in PRESETS for seed in range(3)]
    # a game not yet begun, one cut in the middle of a roll, one ended by a resignation
    records.append(Game("kontrar-puff", seed=7).record())
    half = Game("lang-puff", seed=4)
    for _ in range(5):
        half.play_random_roll()
    half.roll()
    steps = half.legal_moves()
    if steps:
        half.push(steps[0])
    records.append(half.record())
    ended = Game("brade-standard", seed=5)
    ended.play_random_roll()
    ended.resign()
    records.append(ended.record())
    results = _node_round_trip(records)
    for record, (packed, unpacked) in zip(records, results, strict=True):
        assert packed is not None, record["rules"]
        assert Game.load(unpacked).record() == record, record["rules"]
    names = {e[0] for r in records for e in r["events"]}
    assert {"roll", "move", "resign", "name"} <= names  # the kinds the packing was tried on


def test_a_whole_game_of_lang_puff_makes_a_short_link() -> None:
    records = [_random_game("lang-puff", seed).record() for seed in range(10, 16)]
    results = _node_round_trip(records)
    for record, (packed, _) in zip(records, results, strict=True):
        assert record["events"] and Game.load(record).outcome is not None
        old = base64.urlsafe_b64encode(json.dumps(record).encode()).rstrip(b"=")
        assert packed is not None
        # the link's packed part with the start position beside it (st=W%3A0x15+B%3A0x15+b)
        link = f"g={packed}&st=" + record["start"].replace(":", "%3A").replace(" ", "+")
        assert len(link) < 600 < len(old), (len(link), len(old))


def test_what_the_packing_does_not_know_goes_as_json() -> None:
    record = Game("lang-puff", seed=1).record()
    odd = [
        {**record, "format": "other/1"},
        {**record, "events": [["roll", [7, 1]]]},
        {**record, "events": [["shout", 1]]},
    ]
    assert [p for p, _ in _node_round_trip(odd)] == [None, None, None]
