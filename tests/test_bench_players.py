"""The strength benchmark's bookkeeping (issue 10): the summary of a match and its stored,
resumable results. No strength and no timing here: only that the figures are added up right
and that a resumed run plays only the dice streams still missing."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench(name: str, script: str) -> ModuleType:
    """A benchmark script loaded as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / script)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


B = _bench("bench_players", "players.py")


def test_summary_by_hand() -> None:
    """Two streams: A scores +1 and -1 on the first (mean 0), +2 and 0 on the second (mean 1).
    Mean 0.5; the pairs' standard deviation is 1/sqrt(2), so the 95% half-width is
    1.96 * (1/sqrt(2)) / sqrt(2) = 0.98. A wins 2 of the 4 games (a 0 is no win) and takes 3
    of the 4 points that changed hands."""
    r = B.summary([(1, -1), (2, 0)])
    assert r["games"] == 4
    assert r["ppg"] == pytest.approx(0.5)
    assert r["lo"] == pytest.approx(0.5 - 0.98)
    assert r["hi"] == pytest.approx(0.5 + 0.98)
    assert r["wins"] == pytest.approx(0.5)
    assert r["share"] == pytest.approx(0.75)


def test_paired_difference_by_hand() -> None:
    """Two rows against the same B: streams 0 and 1 in both, 2 and 3 in one each. Stream 0:
    first +2 and -1, second +1 and -1, a difference of (1 - 0) / 2 = 0.5 a game; stream 1:
    the same points, 0. Mean 0.25; the differences' standard deviation is sqrt(0.125), so
    the 95% half-width is 1.96 * sqrt(0.125) / sqrt(2) = 0.49. One common stream gives no
    interval ((2 + 2) - (-1 + 1) = 4 points over two games: 2 a game), none gives nothing."""
    first = {0: (2, -1), 1: (1, 1), 2: (0, 2)}
    second = {0: (1, -1), 1: (1, 1), 3: (2, 2)}
    n, mean, half = B.paired(first, second)
    assert (n, mean) == (2, pytest.approx(0.25))
    assert half == pytest.approx(0.49)
    assert B.paired({0: (2, 2)}, {0: (-1, 1)}) == (1, 2.0, float("inf"))
    assert B.paired(first, {9: (1, 1)}) == (0, 0.0, float("inf"))


def test_pairings_of_the_ladder() -> None:
    """Strongest against random and against greedy, then each level against the one below."""
    assert B.pairings("master") == [
        ("master", "random"),
        ("master", "advanced"),
        ("beginner", "random"),
        ("casual", "beginner"),
        ("intermediate", "casual"),
        ("advanced", "intermediate"),
        ("expert", "advanced"),
        ("master", "expert"),
    ]


def test_results_resume_and_add_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random against random (quick): 4 games store 2 streams; asking for 6 plays only the
    third stream; the stored tally equals a run of 6 games from scratch, stream by stream.
    A second seed adds its own streams, and a changed level key is not counted."""
    monkeypatch.setattr(B, "RESULTS", tmp_path)
    B.run_match("brade-family", "random", "random", 4, jobs=1, block=1)
    path = tmp_path / "players-brade-family.jsonl"
    assert [json.loads(x)["streams"] for x in path.read_text().splitlines()] == [[0], [1]]
    r = B.run_match("brade-family", "random", "random", 6, jobs=1, block=1)
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [x["streams"] for x in lines] == [[0], [1], [2]]
    assert r["games"] == 6
    resumed = B.tally("brade-family", "random", "random")
    fresh = {i: B.play_pair(("brade-family", "random", "random", i)) for i in range(3)}
    assert resumed == fresh
    B.run_match("brade-family", "random", "random", 2, jobs=1, seed=1)
    assert len(B.tally("brade-family", "random", "random")) == 4
    assert len(B.tally("brade-family", "random", "random", seed=1)) == 1
    monkeypatch.setattr(B, "PLAY_VERSION", 999)
    assert B.tally("brade-family", "random", "random") == {}


def test_keys_of_levels_by_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level's key holds its pruning only in the families it prunes, and a field at its
    default leaves the key as it was: the stored results of unchanged levels keep counting
    (the 4,000 stored games of expert against advanced in lang-puff are found under the
    current keys)."""
    from dataclasses import replace

    from puffteach.players.search import LEVELS

    master = LEVELS["master"]
    keys = {}
    for prune in ((), (("puff", 3, 6),), (("puff", 2, 6),)):
        monkeypatch.setitem(LEVELS, "master", replace(master, prune=prune))
        keys[prune] = (B.player_key("master", "puff"), B.player_key("master", "brade"))
    assert len({k[1] for k in keys.values()}) == 1  # bräde: no pruning in any of them
    assert len({k[0] for k in keys.values()}) == 3
    monkeypatch.setitem(LEVELS, "master", master)
    assert len(B.tally("lang-puff", "expert", "advanced")) >= 2000


def test_keys_of_rule_sets_with_patterns() -> None:
    """The tower threats of the hand-written evaluation change play only where a tower wins
    (tower-goose), so only those rule sets' keys carry their version."""
    lang = B.match_key("lang-puff", "master", "advanced")
    pierer = B.match_key("pierer-contrapuff", "master", "advanced")
    assert lang == (B.player_key("master", "puff"), B.player_key("advanced", "puff"))
    assert pierer == tuple(k + f"/patterns-{B.PATTERN_VERSION}" for k in lang)
    assert B.match_key("pierer-contrapuff", "master", "random")[1] == "random/1"
    assert B.match_key("vasamuseet", "master", "advanced")[0] == B.player_key("master", "brade")


def test_keys_of_brade_net_levels_by_highest_score() -> None:
    """The bräde net's equity is cut at the rule set's highest score: the net levels of the
    rule sets where that cut is below the old six carry it (their play changed); Vasamuseet's
    and the hand-written levels' keys stay as they were."""
    std = B.match_key("brade-standard", "master", "advanced")
    assert std == (B.player_key("master", "brade") + "/top-4", B.player_key("advanced", "brade"))
    fam = B.match_key("brade-family", "expert", "random")
    assert fam == (B.player_key("expert", "brade") + "/top-1", "random/1")
    vasa = B.match_key("vasamuseet", "master", "expert")
    assert vasa == (B.player_key("master", "brade"), B.player_key("expert", "brade"))


def test_judged_games_move_to_the_expert_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A judged stream of the shipped net is the players' benchmark's stream of expert against
    advanced (the same dice and noise seeds), so ``--to-players`` may copy it: streams 7 and 9
    of Regler för bräde played both ways give the same points. Copied streams land under the
    pairing's current keys, a second copy adds nothing; other weights are refused, and so is a
    run whose streams do not replay as the benchmark's expert (here a made-up result)."""
    J = _bench("bench_judge_net", "judge_net.py")
    P = J.players  # the module judge_net reads its seeds and keys from
    weights = ROOT / "puffteach" / "players" / "weights" / "brade.json"
    rows = {
        s: J.play_stream(("brade-standard", "advanced", str(weights), None, s))["points"]
        for s in (7, 9)
    }
    assert rows[7] == list(P.play_pair(("brade-standard", "expert", "advanced", 7)))
    monkeypatch.setattr(J, "RESULTS", tmp_path)
    monkeypatch.setattr(P, "RESULTS", tmp_path)

    def judged(name: str, rows: dict[int, list[int]]) -> None:
        J.path("brade-standard", "advanced", name).write_text(
            "".join(json.dumps({"stream": s, "points": p}) + "\n" for s, p in rows.items())
        )

    judged("x", rows)
    assert J.to_players("brade-standard", "advanced", "x", weights) == 2
    assert P.tally("brade-standard", "expert", "advanced") == {s: tuple(rows[s]) for s in rows}
    assert J.to_players("brade-standard", "advanced", "x", weights) == 0
    other = tmp_path / "brade.json"
    other.write_text(weights.read_text().replace('"seed"', '"Seed"', 1))
    with pytest.raises(SystemExit, match="not the shipped"):
        J.to_players("brade-standard", "advanced", "x", other)
    real = P.play_pair(("brade-standard", "expert", "advanced", 11))
    judged("y", {11: [real[0] + 1, real[1]]})
    with pytest.raises(SystemExit, match="does not replay"):
        J.to_players("brade-standard", "advanced", "y", weights)
    assert 11 not in P.tally("brade-standard", "expert", "advanced")


def test_replays_count_only_beside_the_row_of_their_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay is set against the stored master row of the same keys only. Stored master
    against advanced: stream 0 +1 and -1, stream 1 +2 and 0. Replayed: stream 0 +2 and -1
    (0.5 a game better), stream 1 as stored (0); mean +0.25, half-width 1.96 *
    sqrt(0.125) / sqrt(2) = 0.49; each side won 2 games; one stream ended differently. A
    third replay without the keys (played on another net) is left out and said so."""
    R = _bench("bench_paired_replay", "paired_replay.py")
    P = sys.modules["players"]  # the module paired_replay reads its results from
    monkeypatch.setattr(P, "RESULTS", tmp_path)
    monkeypatch.setattr(R, "RESULTS", tmp_path)
    keys = P.match_key("lang-puff", "master", "advanced")
    P.store_block("lang-puff", ("master", "advanced"), keys, 0, [0, 1], [1, -1, 2, 0])
    key = R.replay_key("lang-puff", "advanced")
    rows = [
        {"stream": 0, "points": [2, -1], "key": key},
        {"stream": 1, "points": [2, 0], "key": key},
        {"stream": 0, "points": [-2, -2]},
    ]
    R.path("lang-puff", "grandmaster", "advanced").write_text(
        "".join(json.dumps(r) + "\n" for r in rows)
    )
    assert R.report("lang-puff", "grandmaster", "advanced") == (
        "lang-puff grandmaster vs advanced: 2 streams (4 games), 1 ended differently; "
        "won 2 (master 2); points a game +0.250 ± 0.490, share of games won +0.0000 ± 0.0000"
        " (1 replayed under other keys left out)"
    )


def test_history_sets_an_earlier_key_beside_the_current(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two rows of master against random stored by hand: one under made-up earlier keys
    (streams 0-2), one under the current keys (streams 1-3). Common streams 1 and 2: the
    current row +2 +2 and +2 -1, the earlier +2 -1 and +2 -1, so the differences are 1.5 and
    0 points a game (mean 0.75, standard deviation sqrt(1.125), half-width 1.96 * sqrt(1.125)
    / sqrt(2) = 1.47), and in games won 0.5 and 0 (mean 0.25, half-width 0.49). The rows
    keep the order they were first stored in; a row under other keys is not the current one."""
    monkeypatch.setattr(B, "RESULTS", tmp_path)
    now = B.match_key("lang-puff", "master", "random")
    old = ("master/old/net-0/1", now[1])
    B.store_block("lang-puff", ("master", "random"), old, 0, [0, 1, 2], [2, 2, 2, -1, 2, -1])
    B.store_block("lang-puff", ("master", "random"), now, 0, [1, 2, 3], [2, 2, 2, -1, -1, -1])
    B.store_block("lang-puff", ("expert", "random"), now, 0, [1], [-4, -4])
    rows = B.by_keys("lang-puff", "master", "random")
    assert list(rows) == [old, now]
    assert rows[old] == {0: (2, 2), 1: (2, -1), 2: (2, -1)}
    assert B.tally("lang-puff", "master", "random") == rows[now]
    n, mean, half = B.paired(rows[now], rows[old])
    assert (n, mean, half) == (2, pytest.approx(0.75), pytest.approx(1.47, abs=0.005))
    n, wmean, whalf = B.paired_wins(rows[now], rows[old])
    assert (n, wmean, whalf) == (2, pytest.approx(0.25), pytest.approx(0.49))
    lines = B.history("lang-puff", "master", "random")
    assert len(lines) == 2
    assert "earlier master/old/net-0/1" in lines[0]
    assert "current − earlier on 4 common games: +0.750 ± 1.470" in lines[0]
    assert "+25.0% ± 49.0% of the games won" in lines[0]
    assert "current master/" in lines[1] and "common games" not in lines[1]
