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
    lang = B._match_key("lang-puff", "master", "advanced")
    pierer = B._match_key("pierer-contrapuff", "master", "advanced")
    assert lang == (B.player_key("master", "puff"), B.player_key("advanced", "puff"))
    assert pierer == tuple(k + f"/patterns-{B.PATTERN_VERSION}" for k in lang)
    assert B._match_key("pierer-contrapuff", "master", "random")[1] == "random/1"
    assert B._match_key("vasamuseet", "master", "advanced")[0] == B.player_key("master", "brade")


def test_keys_of_brade_net_levels_by_highest_score() -> None:
    """The bräde net's equity is cut at the rule set's highest score: the net levels of the
    rule sets where that cut is below the old six carry it (their play changed); Vasamuseet's
    and the hand-written levels' keys stay as they were."""
    std = B._match_key("brade-standard", "master", "advanced")
    assert std == (B.player_key("master", "brade") + "/top-4", B.player_key("advanced", "brade"))
    fam = B._match_key("brade-family", "expert", "random")
    assert fam == (B.player_key("expert", "brade") + "/top-1", "random/1")
    vasa = B._match_key("vasamuseet", "master", "expert")
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
