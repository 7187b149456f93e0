"""Computer players, hint, tutor and review (issue 10).

Invariants, not strength: players only choose legal plays (replayed step by step through the
roll machine, over random games of several presets), a hint's best play is never worse than
the played play by the hint's own evaluation, the tutor's thresholds, the review's shape, and
the CLI contract of ``hint``. Strength is measured by ``benchmarks/players.py``, not here.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import cli, cli_error
from puffteach import Game, rules
from puffteach.color import WHITE, Color
from puffteach.families import family_of
from puffteach.listing import count_plays
from puffteach.movegen import Play, begin, begin_roll, finish, plans, push, turn_steps
from puffteach.odds import chance_outcomes
from puffteach.players import Estimate, Player, net
from puffteach.players.evaluate import WEIGHTS, Weights, heuristic, weighted
from puffteach.players.hint import (
    VERDICTS,
    RollReview,
    hint,
    rating,
    review,
    review_rolls,
    summarize,
    tutor,
    verdict,
)
from puffteach.players.search import (
    DEFAULT_LEVEL,
    GREEDY_LEVEL,
    LEVELS,
    MATCH_LEVELS,
    RandomPlayer,
    SearchPlayer,
    candidate_plays,
    player,
)
from puffteach.position import Position
from puffteach.rollout import opening
from puffteach.rules import RuleSet

PRESETS = [
    "lang-puff",
    "kontrar-puff+generalpasch",
    "dubbel-kontrar-puff+fourth-pasch",
    "pierer-contrapuff",
    "gegenpuff",
    "lang-puff+long-puff-entry",
    "brade-standard",
    "brade-family",
    "vasamuseet",
]


def _roll(rs: RuleSet, pos: Position, rng: random.Random) -> tuple[int, ...]:
    if family_of(rs).one_die_required(rs, pos):
        return (rng.randint(1, 6),)
    return (rng.randint(1, 6), rng.randint(1, 6))


def _assert_legal(rs: RuleSet, pos: Position, dice: tuple[int, ...], play: Play) -> None:
    """Replay ``play`` through the roll machine: each step legal when taken, the roll over
    at the end, and the same position and outcome."""
    assert play.plan in plans(rs, pos, dice)
    t = begin(rs, pos, play.plan)
    for step in play.moves:
        assert step in turn_steps(t), (str(pos), dice, [str(m) for m in play.moves], str(step))
        t = push(t, step)
    assert t.done
    final, outcome, again = finish(t)
    assert (final, outcome, again) == (play.position, play.outcome, play.again)
    assert t.forfeited == play.forfeited


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_players_choose_legal_plays(name: str, seed: int) -> None:
    """Random games between a noisy greedy player and the plain greedy one (a random player
    now and then), every choice replayed step by step: only legal plays."""
    rs = rules(name)
    rng = random.Random(seed)
    players: list[Any] = [
        player("beginner", rng=random.Random(seed)),
        player("advanced", rng=random.Random(seed + 1)),
    ]
    rand = RandomPlayer(random.Random(seed + 2))
    pos = opening(rs, rng)
    for _ in range(80):
        dice = _roll(rs, pos, rng)
        p = rand if rng.random() < 0.2 else players[pos.turn]
        play = p.choose(rs, pos, dice)
        _assert_legal(rs, pos, dice, play)
        if play.outcome is not None:
            break
        pos = play.position


@pytest.mark.parametrize("level", ["expert", "master"])
def test_net_levels_choose_legal_plays(level: str) -> None:
    """The levels on the learned net too: greedy (expert) and the 1-ply searcher (master; a
    few rolls of two presets: it is slower)."""
    for name in ("kontrar-puff", "brade-standard"):
        rs = rules(name)
        rng = random.Random(5)
        p = player(level, rng=random.Random(5))
        pos = opening(rs, rng)
        for _ in range(6):
            dice = _roll(rs, pos, rng)
            play = p.choose(rs, pos, dice)
            _assert_legal(rs, pos, dice, play)
            if play.outcome is not None:
                break
            pos = play.position


def test_later_pasch_is_not_enumerated() -> None:
    """A later pasch with ~10^4+ distinct plays: the beam keeps a few partial plays per step
    (each finished play it reaches is legal) instead of listing them all."""
    rs = rules("pierer-contrapuff+generalpasch")
    text = "W:1x2,2x2,3x4,4x3,7,8,10,12 B:1,4x3,6x6,8x5 w bpasch=2 general=1-5 wpasch=1"
    pos = Position.parse(text, rs)
    dice = (1, 5)  # the generalpasch: 124,605 plays (README, "make bench")
    total = count_plays(rs, pos, dice)
    turns = begin_roll(rs, pos, dice)
    found = candidate_plays(turns, None, beam=4)
    assert total > 100_000
    assert 0 < len(found) < total // 100
    for play in found:
        _assert_legal(rs, pos, dice, play)


def _moves(rs: RuleSet, pos: Position, dice: tuple[int, ...], moves: str) -> Play:
    """The play of ``dice`` made of ``moves`` (each step must be legal when taken)."""
    t = begin(rs, pos, plans(rs, pos, dice)[0])
    for mv in moves.split():
        t = push(t, next(st for st in turn_steps(t) if str(st) == mv))
    assert t.done
    end, outcome, again = finish(t)
    return Play(t.moves, t.forfeited, end, outcome, t.plan, again)


def test_hint_and_tutor_on_a_later_pasch() -> None:
    """konträr puff, White's later pasch 1-1 (four ones, then four sixes): over 40,000 plays,
    never listed. The hint's plays are legal, distinct and ranked. The hand-chosen play
    12/13 10/11 8/9 7/8 1/7 1/7 2/8 2/8 leaves Black's blot on White's 24 alone (12/18/24*
    hits it) and three new blots (9, 11, 13) in front of Black's checkers: bad or very bad.
    The beam does not reach it, so the tutor values it on its own, at the level's depth; named
    by its final position it is found again (another order of the same steps)."""
    rs = rules("kontrar-puff")
    pos = Position.parse("W:1x2,2x2,3x4,4x3,7,8,10,12 B:1,4x3,6x6,8x5 w bpasch=2 wpasch=1", rs)
    dice = (1, 1)
    assert count_plays(rs, pos, dice) > 40_000
    hints = hint(rs, pos, dice, top=5)
    assert len(hints) == 5
    assert len({(h.play.position, h.play.outcome) for h in hints}) == 5
    assert [h.estimate.equity for h in hints] == sorted(
        (h.estimate.equity for h in hints), reverse=True
    )
    for h in hints:
        _assert_legal(rs, pos, dice, h.play)
    for h in hints:  # a hit is named in the reasons exactly when a step hits
        hits = any(str(m).endswith("*") for m in h.play.moves)
        assert any(m.key == "hint.hits" for m in h.reasons) == hits
    played = _moves(rs, pos, dice, "12/13 10/11 8/9 7/8 1/7 1/7 2/8 2/8")
    turns = begin_roll(rs, pos, dice)
    beam = candidate_plays(turns, None, beam=LEVELS["expert"].beam)
    assert played.position not in {p.position for p in beam}
    v = tutor(rs, pos, dice, played, level="expert")
    assert v.verdict in ("bad", "very-bad")
    expert = SearchPlayer(replace(LEVELS["expert"], noise=0.0))
    assert v.played_estimate == expert.value(rs, played, WHITE, LEVELS["expert"].plies)
    assert v.best_estimate.equity > v.played_estimate.equity
    assert hints[0].estimate.equity >= v.best_estimate.equity - 1e-9
    again = tutor(rs, pos, dice, played.position, level="expert")
    assert again.played.position == played.position
    _assert_legal(rs, pos, dice, again.played)
    assert (again.verdict, again.lost) == (v.verdict, pytest.approx(v.lost))


def test_choose_turn_mid_roll() -> None:
    """A player takes over a roll in progress: its play starts with the steps already made."""
    rs = rules("brade-standard")
    pos = Position.start(rs).after_opening(rs, 2, 5)
    t = begin(rs, pos, plans(rs, pos, (6, 3))[0])
    first = turn_steps(t)[0]
    t = push(t, first)
    play = SearchPlayer("advanced").choose_turn(t)
    assert play.moves[0] == first
    _assert_legal(rs, pos, (6, 3), play)


def test_the_ladder() -> None:
    """The levels, weakest first: three noisy greedy levels on the hand-written evaluation,
    each with less noise than the one before; the plain greedy one on it (the issue's
    "greedy"); greedy on the learned net (the default); 1 ply on the net, its replies pruned by
    the hand-written evaluation in Puff; grandmaster searches the same depth as master with more
    candidates, wider beams and more replies."""
    assert MATCH_LEVELS == ("beginner", "casual", "intermediate", "advanced", "expert", "master")
    assert list(LEVELS) == [*MATCH_LEVELS, "grandmaster"]
    noisy = [LEVELS[n] for n in ("beginner", "casual", "intermediate", "advanced")]
    assert all(lv.plies == 0 and lv.evaluator == "heuristic" for lv in noisy)
    for weaker, stronger in zip(noisy, noisy[1:], strict=False):
        assert weaker.noise >= stronger.noise and weaker.careless >= stronger.careless
        assert (weaker.noise, weaker.careless) != (stronger.noise, stronger.careless)
    assert all(0.0 <= lv.careless < 1.0 for lv in LEVELS.values())
    assert GREEDY_LEVEL == "advanced"
    adv, exp, mas, gm = (LEVELS[n] for n in ("advanced", "expert", "master", "grandmaster"))
    for lv, plies, ev in ((adv, 0, "heuristic"), (exp, 0, "net"), (mas, 1, "net"), (gm, 1, "net")):
        assert (lv.plies, lv.noise, lv.careless, lv.evaluator) == (plies, 0.0, 0.0, ev)
    assert gm.candidates > mas.candidates and gm.beam > mas.beam
    assert gm.inner_beam > mas.inner_beam
    # the search prunes its replies by the hand-written evaluation in Puff only, grandmaster
    # keeping more replies and a wider beam than master
    assert [fam for fam, _, _ in mas.prune] == [fam for fam, _, _ in gm.prune] == ["puff"]
    assert gm.pruning("puff") > mas.pruning("puff") and mas.pruning("brade") is None
    assert all(not lv.prune for lv in LEVELS.values() if lv.plies == 0)
    assert DEFAULT_LEVEL == "expert"


def test_careless_plays() -> None:
    """A level that is always careless picks among the candidate plays at random (several
    different ones over a few draws, each legal); never careless and without noise, always
    the best-ranked one. White's 6-5 with five checkers spread out has many plays."""
    rs = rules("brade-standard")
    pos = Position.parse("W:1x10,3,5,7,9,12 B:1x12,4,6,8 w", rs)
    dice = (6, 5)
    turns = begin_roll(rs, pos, dice)
    n = len(candidate_plays(turns))
    assert n >= 3
    wild = SearchPlayer(replace(LEVELS["advanced"], careless=1.0), rng=random.Random(1))
    picks = [wild.choose(rs, pos, dice) for _ in range(40)]
    for play in picks:
        _assert_legal(rs, pos, dice, play)
    assert len({p.position for p in picks}) >= 3
    best = SearchPlayer("advanced").ranked(rs, turns)[0][0]
    sure = SearchPlayer("advanced", rng=random.Random(1))
    assert {sure.choose(rs, pos, dice).position for _ in range(5)} == {best.position}


def test_levels_play_on_their_evaluator() -> None:
    """A player takes its level's evaluator unless one is given; the hint's player too."""
    assert SearchPlayer("advanced").evaluator is heuristic
    assert SearchPlayer("expert").evaluator is net.evaluate
    assert SearchPlayer("beginner").evaluator is heuristic
    assert SearchPlayer("master", heuristic).evaluator is heuristic
    # the hint at the default level ranks by the net: its estimate is the net's value
    rs = rules("brade-standard")
    pos = Position.start(rs).after_opening(rs, 2, 5)
    best = hint(rs, pos, (6, 5), top=1)[0]
    assert best.estimate == net.evaluate(rs, best.play.position, WHITE)
    best_h = hint(rs, pos, (6, 5), level="advanced", top=1)[0]
    assert best_h.estimate == heuristic(rs, best_h.play.position, WHITE)


def test_reply_pruning() -> None:
    """A level with ``prune``: inside the search the replies of each roll are ranked by the
    hand-written evaluation (its beam through a pasch too) and only the best ``prune`` of them
    reach the level's own evaluator; the value is the mean, over the rolls, of the best of
    those. Checked against the definition, computed here roll by roll, on a kontrar puff
    position where pasches keep the roller rolling."""
    rs = rules("kontrar-puff")
    pos = Position.parse("W:0x5,3x2,5x2,8x2,10,12,14,16 B:1,2x2,4x2,6x2,7,18,19,21,23x2,24x2 b", rs)
    seen: set[tuple[Position, int]] = set()

    def counting(rs: RuleSet, p: Position, side: Any) -> Estimate:
        seen.add((p, int(side)))
        return net.evaluate(rs, p, side)

    lv = replace(LEVELS["master"], name="pruned", prune=(("puff", 2, 3),))
    value = SearchPlayer(lv, counting).position_value(rs, pos, 0, 1)
    outcomes = chance_outcomes(rs, pos)
    assert 0 < len(seen) <= 2 * len(outcomes)
    eq = 0.0
    cheap = SearchPlayer(replace(lv, evaluator="heuristic"))
    for o in outcomes:
        turns = begin_roll(rs, pos, o.dice)
        replies = candidate_plays(turns, cheap.scorer(rs), 3, inner=True)
        replies.sort(key=lambda r: cheap.scorer(rs).play(r, 1).equity, reverse=True)
        best = max(
            (
                net.evaluate(rs, r.position, 1).equity
                if r.outcome is None
                else cheap.scorer(rs).play(r, 1).equity
                for r in replies[:2]
            ),
        )
        eq -= float(o.probability) * best
    assert value.equity == pytest.approx(eq)
    seen.clear()
    SearchPlayer(replace(lv, prune=(("brade", 2, 3),)), counting).position_value(rs, pos, 0, 1)
    assert len(seen) > 2 * len(outcomes)  # not pruned in Puff: every reply on the net


def test_players_follow_the_protocol() -> None:
    assert isinstance(RandomPlayer(), Player)
    assert isinstance(SearchPlayer("expert"), Player)
    with pytest.raises(ValueError, match="unknown level"):
        player("godlike")


def test_evaluator_signature() -> None:
    """The evaluator the neural network replaces: (rules, position, side) -> Estimate, from
    that side's view; a position and its colours swapped read the same from either side."""
    rs = rules("kontrar-puff")
    pos = Position.parse("W:0x5,3x2,5x2,8x2,10,12,14,16 B:0x9,2x2,4x2,6x2 w", rs)
    est = heuristic(rs, pos, WHITE)
    assert isinstance(est, Estimate) and 0.0 <= est.win <= 1.0
    swapped = pos._replace(w=pos.b, b=pos.w, turn=Color.BLACK)
    mirror = heuristic(rs, swapped, WHITE.other)
    assert mirror.equity == pytest.approx(est.equity)
    assert mirror.win == pytest.approx(est.win)


def test_evaluation_counts_a_tower_threat() -> None:
    """tower-goose: White (to roll) holds 13 on his 9 with checkers on 7 and 8; only 1-2
    completes the tower (the 1 first, 8/9, then 7/9: LT's lower die first), 2 rolls of 36,
    and Black, all waiting, has none. So the hand-written value is that chance of 4 points
    plus the rest of the ordinary value (the same position without tower-goose); Black's view
    is its mirror."""
    pos = Position.parse("W:7,8,9x13 B:0x15 w", rules("kontrar-puff"))
    base = heuristic(rules("kontrar-puff"), pos, WHITE)
    rs = rules("kontrar-puff+tower-goose")
    est = heuristic(rs, pos, WHITE)
    t = 2 / 36
    assert est.equity == pytest.approx(t * 4 + (1 - t) * base.equity)
    assert est.win == pytest.approx(t + (1 - t) * base.win)
    black = heuristic(rs, pos, WHITE.other)
    assert black.equity == pytest.approx(-est.equity)
    # Black's threat, White to roll first: White's ordinary value loses Black's chance of 4
    theirs = Position.parse("W:0x15 B:7,8,9x13 w", rs)
    plain = heuristic(rules("kontrar-puff"), theirs, WHITE)
    assert heuristic(rs, theirs, WHITE).equity == pytest.approx(-t * 4 + (1 - t) * plain.equity)


def test_evaluation_without_patterns_is_unchanged() -> None:
    """Far from a tower (fewer than PATTERN_NEAR checkers on a point) the tower-goose
    option changes nothing in the evaluation."""
    text = "W:0x5,3x2,5x2,8x2,10,12,14,16 B:0x9,2x2,4x2,6x2 w"
    plain = heuristic(rules("kontrar-puff"), Position.parse(text, rules("kontrar-puff")), WHITE)
    rs = rules("kontrar-puff+tower-goose")
    assert heuristic(rs, Position.parse(text, rs), WHITE) == plain


def test_weighted_evaluation_by_hand() -> None:
    """``evaluate.weighted`` plays the hand-written evaluation with another weights table
    (scripts/tune.py's matches). Lång puff, White 15 on 22, Black 15 on 23 (one path), White
    to roll: White's pips 45, Black's 30; Black's band on 23 stands in front of White's
    rearmost checker (one block, a row of one); no blots, nobody waiting, a win is worth 1.
    Shipped weights: score -15 + 8 (tempo) - 12 - 6 = -25 pips over a width of
    6 + 0.09 x 37.5 = 9.375; with tempo, blocks, prime and width factor 0: -15 over 6."""
    rs = rules("lang-puff")
    pos = Position.parse("W:22x15 B:23x15 w", rs)
    shipped = heuristic(rs, pos, WHITE)
    assert shipped.win == pytest.approx(1 / (1 + math.exp(25 / 9.375)))
    assert shipped.equity == pytest.approx(2 * shipped.win - 1)
    assert weighted({"puff": WEIGHTS["puff"]})(rs, pos, WHITE) == shipped
    flat = weighted({"puff": Weights(tempo=0.0, blocks=0.0, prime=0.0, scale=0.0)})
    est = flat(rs, pos, WHITE)
    assert est.win == pytest.approx(1 / (1 + math.exp(2.5)))
    assert est.equity == pytest.approx(2 * est.win - 1)
    # a family the table leaves out keeps the shipped weights
    br = rules("brade-standard")
    start = Position.start(br)
    assert flat(br, start, WHITE) == heuristic(br, start, WHITE)


# --------------------------------------------------------------------------- tutor, hint


@pytest.mark.parametrize(
    ("lost", "name"),
    [
        (0.0, "best"),
        (0.01, "good"),
        (0.039, "good"),
        (0.04, "doubtful"),
        (0.079, "doubtful"),
        (0.08, "bad"),
        (0.159, "bad"),
        (0.16, "very-bad"),
        (2.0, "very-bad"),
    ],
)
def test_tutor_thresholds(lost: float, name: str) -> None:
    """gnubg's thresholds: doubtful from 0.04, bad from 0.08, very bad from 0.16."""
    assert verdict(lost) == name
    assert [t for _, t in VERDICTS][1:] == [0.04, 0.08, 0.16]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["kontrar-puff", "pierer-langer-puff", "brade-standard", "vasamuseet"]),
    seed=st.integers(0, 10**6),
    rolls=st.integers(0, 30),
)
def test_hint_best_never_worse_than_played(name: str, seed: int, rolls: int) -> None:
    """From a position of a random game, a random legal play: the tutor's best play is worth
    at least as much as the played play by the same evaluation, and the verdict matches the
    equity lost."""
    rs = rules(name)
    rng = random.Random(seed)
    rand = RandomPlayer(rng)
    pos = opening(rs, rng)
    for _ in range(rolls):
        play = rand.choose(rs, pos, _roll(rs, pos, rng))
        if play.outcome is not None:
            return
        pos = play.position
    dice = _roll(rs, pos, rng)
    played = rand.choose(rs, pos, dice)
    v = tutor(rs, pos, dice, played, level="advanced")
    assert v.best_estimate.equity >= v.played_estimate.equity
    assert v.lost == pytest.approx(max(0.0, v.best_estimate.equity - v.played_estimate.equity))
    assert v.verdict == verdict(v.lost)
    hints = hint(rs, pos, dice, level="advanced", top=3)
    assert hints[0].estimate.equity >= v.played_estimate.equity - 1e-9
    assert [h.estimate.equity for h in hints] == sorted(
        (h.estimate.equity for h in hints), reverse=True
    )


def test_tutor_master_played_outside_candidates() -> None:
    """At 1 ply only the best few candidates are searched; a play outside them is searched at
    the same depth before it is judged, so the best is still never worse."""
    rs = rules("brade-standard")
    pos = Position.start(rs).after_opening(rs, 2, 5)
    dice = (6, 5)
    plays = candidate_plays(begin_roll(rs, pos, dice))
    for played in plays:
        v = tutor(rs, pos, dice, played.position, level="master")
        assert v.best_estimate.equity >= v.played_estimate.equity


def test_hint_reasons_blot_odds() -> None:
    """lång puff: White's last checker on 8 rolls 1-1, his first pasch (1, 1, 6, 6): forced
    8 -> 9 -> 10 -> 16 -> 22. The blot on 22 is 18 pips from Black's 15 on his 4 (same path).
    Black has had a pasch, so each of his pasches is x four times, then 7 - x four times:
    6-6 (6+6+6), 3-3 (3+3+4+4+4), 2-2 (2+2+2+2+5+5), 4-4 (4+4+4+3+3), 5-5 (5+5+2+2+2+2),
    1-1 (the ones moved by other checkers, then 6+6+6) all reach 18; no other roll
    reaches 18 pips. Hand count: 6 of 36, the exact count the reason gives."""
    rs = rules("lang-puff")
    pos = Position.parse("W:8,25x14 B:4x15 w bpasch=1", rs)
    hints = hint(rs, pos, (1, 1), level="advanced", top=10)
    assert len(hints) == 1
    assert hints[0].play.position.w[22] == 1
    blots = [dict(m.params) for m in hints[0].reasons if m.key == "hint.blot"]
    assert blots == [{"point": 22, "n": 6}]


def test_hint_reasons_blots_made_safe() -> None:
    """lång puff: White's blot on 10 stands 6 pips in front of Black's fifteen on his 4 (the
    same path), so any roll with a 6 hits it. White rolls 1-1, his first pasch: 1, 1, then
    6, 6. Moving 10 -> 11 -> 12 covers it, and 12 -> 18 -> 24 then leaves W:12x2,24: a band,
    and a blot 20 pips from Black, who has had no pasch and so moves at most 14 pips (a first
    pasch: 5, 5, 2, 2 or 6, 6, 1, 1). So that play leaves no blot Black can hit, and the
    reason says so; a play that leaves a blot in reach names that blot instead, never both."""
    rs = rules("lang-puff")
    pos = Position.parse("W:10,12x2,25x12 B:4x15 w", rs)
    hints = hint(rs, pos, (1, 1), level="advanced", top=50)
    keys = {str(h.play.position): [m.key for m in h.reasons] for h in hints}
    safe = [p for p, k in keys.items() if "hint.blots_safe" in k]
    assert any(p.startswith("W:12x2,24,25x12 B:4x15") for p in safe), keys
    for k in keys.values():
        assert not ("hint.blots_safe" in k and "hint.blot" in k), k
    assert any("hint.blot" in k for k in keys.values())  # e.g. 12/18 12/18 leaves 12 alone
    # with no blot in danger before the roll, a safe play is not praised for it
    calm = Position.parse("W:12x3,25x12 B:4x15 w", rs)
    for h in hint(rs, calm, (1, 2), level="advanced", top=50):
        assert "hint.blots_safe" not in [m.key for m in h.reasons]


def test_hint_reasons_tower_risk() -> None:
    """konträr puff + tower-goose: Black, three checkers waiting, rolls 1-2 and must enter two
    of them (on his 1 and 2, White's 24 and 23: out of White's way). White is left with 9 and
    14 on 12 behind Black's bands on White's 13-18, and finishes the tower with 1-2, 3-4, 3-5,
    3-6 and 3-3 (see tests/test_odds.py): 9 of 36, the reason says."""
    rs = rules("kontrar-puff+tower-goose")
    pos = Position.parse("W:9,12x14 B:12x2,11x2,10x2,9x2,8x2,7x2,0x3 b", rs)
    hints = hint(rs, pos, (1, 2), level="advanced", top=10)
    assert len(hints) == 1
    risks = [dict(m.params) for m in hints[0].reasons if m.key == "hint.pattern_risk"]
    assert [r["n"] for r in risks] == [9]
    assert risks[0]["kind"].key == "kind.tower"
    text = hints[0].reasons[-1].text("sv")
    assert text == "motspelaren kan vinna med 9 av 36 slag: torn"


# --------------------------------------------------------------------------- review


def _game(rs: RuleSet, seed: int, players: list[Any], rolls: int) -> Game:
    """A game of ``rs`` from the dice of ``seed``, each side's roll played by its player,
    until it is over or has ``rolls`` rolls (a roll with nothing to move closes itself)."""
    g = Game(rs, seed=seed)
    while not g.is_over() and len(g.history) < rolls:
        before = g.position
        dice = g.roll(one_die=g.one_die_required())
        if g.turn is None:  # nothing could be moved: the roll closed itself
            continue
        play = players[before.turn].choose(rs, before, dice)
        if play.plan.named is not None:
            g.name_pasch(play.plan.named)
        for step in play.moves:
            g.push(step)
        if g.turn is not None:
            g.end_roll()
    return g


def test_review_of_a_game() -> None:
    """A short game between two players, reviewed: one entry per roll up to the win, the
    verdicts and the error rates consistent, every side rated."""
    rs = rules("brade-standard")
    rng = random.Random(3)
    g = _game(rs, 3, [player("advanced", rng=rng), RandomPlayer(rng)], 12)
    n = len(g.history)
    assert n == 12 or g.is_over()
    r = review(g.record())
    assert len(r.rolls) == n
    for roll in r.rolls:
        assert roll.verdict == verdict(roll.lost)
    assert set(r.rating) == {"w", "b"}
    for side in "wb":
        assert r.rating[side] == rating(r.error_rate[side], "brade")
    data = r.to_json()
    assert set(data) == {"rolls", "errors", "error_rate", "rating", "luck"}
    # the review judges the plays as the tutor does (its default level), so a pupil who had
    # the tutor on during the game reads the same verdicts afterwards
    pos = g.start
    for rec, roll in zip(g.history, r.rolls, strict=True):
        plan = plans(rs, pos, rec.dice)[0]
        played = Play(rec.moves, rec.forfeited, rec.position, rec.outcome, plan, rec.again)
        v = tutor(rs, pos, rec.dice, played)
        assert (v.verdict, v.lost) == (roll.verdict, pytest.approx(roll.lost))
        pos = rec.position


def test_review_luck_worked_out_by_hand() -> None:
    """lång puff, White to roll with his last checker on 19 (fourteen off), Black's fifteen
    on his 12 (not in White's way, none on 1-6 nor at 0: a win is worth 1). A die of 6 bears
    the checker off (25 - 19); a smaller die moves it on and the next die bears it off if the
    two add up to 6 or more; a pasch wins too (1-1: 1, 1, then 6, 6; 2-2: 2, 2, 5, 5, ...).
    Only 1-2, 1-3, 1-4 and 2-3 (8 of 36) leave it on the board. On an evaluation that values
    every unfinished position at -0.5 for the side asked: a roll's value is 1 if it wins, else
    -0.5; the average is 28/36 - 8/36 * 0.5 = 2/3, so a winning roll's luck is 1 - 2/3 = 1/3
    and a losing roll's -0.5 - 2/3 = -7/6 (the review's luck, roll by roll)."""
    rs = rules("lang-puff")
    start = Position.parse("W:19,25x14 B:12x15 w", rs)

    def flat(rs: RuleSet, pos: Position, side: Color) -> Estimate:
        return Estimate(-0.5, 0.25)

    seen = {}
    for dice in ((5, 3), (1, 2), (2, 3), (6, 6), (1, 1), (4, 2)):
        g = Game(rs, position=start, seed=1)
        g.set_dice(*dice)
        play = player("advanced").choose(rs, start, dice)
        for step in play.moves:
            g.push(step)
        if g.turn is not None and not g.is_over():
            g.end_roll()
        [roll], total = review_rolls(g, "advanced", evaluator=flat)
        assert total == 1
        seen[dice] = roll.luck
    for dice, luck in seen.items():
        wins = dice not in ((1, 2), (2, 3))
        assert luck == pytest.approx(1 / 3 if wins else -7 / 6), dice


def test_review_luck_is_the_greedy_value_of_the_roll_against_the_average() -> None:
    """A roll's luck: the value (the hand-written evaluation, 0 plies) of the play built die by
    die, each step the one that leaves the best position, minus the average of that over every
    roll that could have come; where a pasch came, every pasch's play is built keeping the
    six best partial plays each die (``LUCK_PASCH_BEAM``). Checked roll by roll against a
    brute-force average written here on a lång puff game with later pasches (8 dice, another
    roll)."""
    from puffteach.players.base import outcome_estimate

    rs = rules("lang-puff")
    rng = random.Random(8)
    g = _game(rs, 8, [RandomPlayer(rng), RandomPlayer(rng)], 40)
    later = [r for r in g.history if len(r.dice) == 2 and r.dice[0] == r.dice[1] and r.again]
    assert later, "the game has a pasch that earned another roll"

    def value(t: Any, me: Color) -> float:
        if t.outcome is not None:
            return outcome_estimate(t.outcome, me).equity
        return heuristic(rs, t.pos, me).equity

    def is_pasch(pos: Position, dice: tuple[int, ...]) -> bool:
        return any(len(t.remaining) >= 4 for t in begin_roll(rs, pos, dice))

    def greedy(pos: Position, dice: tuple[int, ...], width: int = 1) -> float:
        me = Color(pos.turn)
        frontier, ends = list(begin_roll(rs, pos, dice)), []
        while frontier:
            children = []
            for t in frontier:
                if t.done:
                    end, outcome, _ = finish(t)
                    if outcome is not None:
                        ends.append(outcome_estimate(outcome, me).equity)
                    else:
                        ends.append(heuristic(rs, end, me).equity)
                    continue
                children += [push(t, st) for st in turn_steps(t)]
            unique: dict[Any, Any] = {}
            for t in children:  # the first of equal partial plays, in the order they came
                unique.setdefault((t.pos, t.remaining, t.cont), t)
            frontier = sorted(unique.values(), key=lambda t: value(t, me), reverse=True)[:width]
        return max(ends)

    r = review(g.record(), level="advanced")
    pos = g.start
    for rec, roll in zip(g.history, r.rolls, strict=False):
        outcomes = chance_outcomes(rs, pos, len(rec.dice) == 1)
        assert sum(o.probability for o in outcomes) == 1
        came = is_pasch(pos, rec.dice)

        def best(dice: tuple[int, ...]) -> float:
            return greedy(pos, dice, 6 if came and is_pasch(pos, dice) else 1)  # noqa: B023

        avg = sum(float(o.probability) * best(o.dice) for o in outcomes)
        assert roll.luck == pytest.approx(best(rec.dice) - avg, abs=1e-9), rec
        pos = rec.position


def test_review_luck_of_a_pasch_is_not_the_die_by_die_play() -> None:
    """Die by die (the best-looking step each die) misses the best play of many a pasch: in
    this lång puff position Black's 5-5 (four fives, then four twos, and another roll) is
    worth -1.84 to him played die by die and +2.45 played as a beam of 12 finds it (a checker
    brought in and run on with the twos, hitting three times), so die by die the roll looked
    unlucky (luck -0.05 against +3.88 by the players' own plays, ``_luck_by_rolls``). Where a
    pasch came the review builds the pasches' plays with a beam of ``LUCK_PASCH_BEAM``: its
    luck is within half a point of the players' here (it fails with a beam of 1)."""
    from puffteach.players.hint import _luck, _luck_by_rolls, _player
    from puffteach.players.search import _Scorer

    rs = rules("lang-puff")
    pos = Position.parse(
        "W:3x3,8x4,12,17x2,18,19,22,23,24 B:0,1x8,2x2,5x2,6x2 b bpasch=1 wpasch=3", rs
    )
    scorer = _Scorer(rs, heuristic)
    slow = _luck_by_rolls(_player("advanced", None), rs, pos, (5, 5))
    assert slow > 3.0  # the pasch is a lucky roll
    assert _luck(scorer, rs, pos, (5, 5)) == pytest.approx(slow, abs=0.5)


def test_review_luck_stays_close_to_the_players_own_plays() -> None:
    """The review's luck builds each roll's play die by die (``hint._luck``: a beam of 1, of
    ``LUCK_PASCH_BEAM`` through the pasches where a pasch came) instead of asking the greedy
    player for its play of each of the 21 rolls (``luck_level``: ``_luck_by_rolls``, the
    review's luck until 5 December 2026). On a random lång puff game the two, roll by roll,
    correlate at least 0.99 and differ by at most 0.03 points on average (measured: 0.998 and
    0.023 on this game, 0.9925 and 0.042 over the 813 rolls of seeds 1-6; bräde 0.945 and
    0.049 over seeds 1-6, ``benchmarks/review.py --compare``). Die by die through the pasches
    too (``LUCK_PASCH_BEAM`` 1) fails here: 0.9955 and 0.032."""
    from statistics import correlation, fmean

    rs = rules("lang-puff")
    g = Game(rs, seed=2)
    rng = random.Random(2)
    while g.outcome is None:
        g.play_random_roll(rng)
    fast = [r.luck for r in review_rolls(g, "advanced", luck=True)[0]]
    slow = [r.luck for r in review_rolls(g, "advanced", luck_level="advanced")[0]]
    assert len(fast) == len(slow) > 100
    assert correlation(fast, slow) >= 0.99
    assert fmean(abs(a - b) for a, b in zip(fast, slow, strict=True)) <= 0.03


def test_review_verdicts_agree_with_the_tutors_ranking() -> None:
    """The review ranks a Puff roll's plays by the hand-written evaluation first and lets the
    tutor's net value only the best ``REVIEW_KEEP`` of them and the play made (a pasch's plays
    come from a beam of ``REVIEW_BEAM`` on the hand-written evaluation). Against the
    tutor's own ranking (``review_rolls(..., exact=True)``, every candidate valued by the net)
    on a random lång puff game: the play made is valued alike in every roll (the chart's
    win chance); a roll with at most ``REVIEW_KEEP`` plays and no pasch gets the same verdict
    and loss; any other roll with no pasch never more loss (its best play is one of the
    tutor's); and the verdicts agree on at least 95% of the rolls (measured: 2,386 of 2,418
    rolls of 20 games, ``benchmarks/review.py --agree 20``)."""
    from puffteach.players.hint import REVIEW_KEEP

    rs = rules("lang-puff")
    same = total = 0
    for seed in (1,):
        g = Game(rs, seed=seed)
        rng = random.Random(seed)
        while g.outcome is None:
            g.play_random_roll(rng)
        exact, _ = review_rolls(g, DEFAULT_LEVEL, exact=True)
        fast, _ = review_rolls(g, DEFAULT_LEVEL)
        pos = g.start
        for rec, a, b in zip(g.history, exact, fast, strict=False):
            turns = [t for t in begin_roll(rs, pos, rec.dice) if t.plan.named == rec.named]
            pasch = any(len(t.remaining) >= 4 for t in turns)
            assert b.win == pytest.approx(a.win, abs=1e-9) and b.choices == a.choices
            if not pasch and len(candidate_plays(turns)) <= REVIEW_KEEP:
                assert (b.verdict, b.lost, b.best) == (a.verdict, pytest.approx(a.lost), a.best)
            elif not pasch:
                assert b.lost <= a.lost + 1e-9
            same += a.verdict == b.verdict
            total += 1
            pos = rec.position
    assert same >= 0.95 * total


def test_review_in_steps_is_the_review_at_once() -> None:
    """The board's review goes a few rolls a step: the rolls of steps of 5 (and of a step
    past the end) are the rolls of the review at once, their summary the same review, and a
    roll kept between the steps (``to_state``) reads back unchanged; the game itself is judged
    as its record is; what is not a kept roll is refused."""
    rng = random.Random(5)
    g = _game(rules("kontrar-puff"), 5, [RandomPlayer(rng), RandomPlayer(rng)], 14)
    record = g.record()
    whole = review(record, level="advanced")
    n = len(whole.rolls)
    assert n == len(g.history) >= 14
    got: list[RollReview] = []
    while True:
        part, total = review_rolls(record, "advanced", start=len(got), count=5)
        assert total == n and len(part) == min(5, n - len(got))
        got += [RollReview.from_state(json.loads(json.dumps(x.to_state()))) for x in part]
        if len(got) == n:
            break
    assert tuple(got) == whole.rolls
    assert summarize(got, "puff") == whole
    assert review_rolls(record, "advanced", start=n, count=5) == ([], n)
    # a game already loaded (the board's own) is judged as its record is
    assert review_rolls(g, "advanced", start=5, count=5) == (list(whole.rolls[5:10]), n)
    for bad in ({}, {"side": "x"}, {**whole.rolls[0].to_state(), "verdict": "great"}, None):
        with pytest.raises(ValueError):
            RollReview.from_state(bad)


@pytest.mark.parametrize(
    ("rate", "family", "band"),
    [
        (0.0, "puff", "expert"),
        (0.0025, "puff", "expert"),
        (0.004, "puff", "advanced"),
        (0.01, "puff", "intermediate"),
        (0.05, "puff", "casual"),
        (0.1, "puff", "beginner"),
        (0.004, "brade", "expert"),
        (0.05, "brade", "advanced"),
        (0.1, "brade", "intermediate"),
        (0.15, "brade", "casual"),
        (0.2, "brade", "casual"),
        (0.25, "brade", "beginner"),
    ],
)
def test_rating_bands_per_family(rate: float, family: str, band: str) -> None:
    """The bands of :data:`hint.RATINGS` (calibrated on the ladder, benchmarks/calibrate.py):
    the same error rate rates higher in bräde, whose decisions are worth more."""
    assert rating(rate, family) == band


# --------------------------------------------------------------------------- CLI


def test_cli_hint_contract() -> None:
    out = cli(
        "hint",
        "--rules",
        "brade-standard",
        "--position",
        "W:1x12,7,9,14 B:1x13,7,8 w",
        "--dice",
        "6",
        "4",
        "--top",
        "3",
    )
    assert set(out) == {"rules", "position", "dice", "level", "plays", "decisions"}
    assert out["dice"] == [6, 4] and out["level"] == "expert" and len(out["plays"]) == 3
    for p in out["plays"]:
        assert {"moves", "position", "equity", "win", "reasons"} <= set(p)
        assert 0.0 <= p["win"] <= 1.0
        assert all(set(r) == {"key", "text"} for r in p["reasons"])
    eq = [p["equity"] for p in out["plays"]]
    assert eq == sorted(eq, reverse=True)
    # every play is one the plays command lists
    listed = cli(
        "plays",
        "--rules",
        "brade-standard",
        "--position",
        "W:1x12,7,9,14 B:1x13,7,8 w",
        "--dice",
        "6",
        "4",
    )
    assert {p["position"] for p in out["plays"]} <= {p["position"] for p in listed["plays"]}


def test_cli_hint_default_top_and_lang() -> None:
    out = cli(
        "hint",
        "--rules",
        "kontrar-puff",
        "--position",
        "W:0x15 B:0x15 w",
        "--dice",
        "5",
        "3",
        "--level",
        "advanced",
    )
    assert len(out["plays"]) <= 5 and out["level"] == "advanced"
    sv = cli(
        "hint",
        "--rules",
        "lang-puff",
        "--position",
        "W:8,25x14 B:4x15 w bpasch=1",
        "--dice",
        "1",
        "1",
        "--level",
        "advanced",
        "--lang",
        "sv",
    )
    texts = [r["text"] for p in sv["plays"] for r in p["reasons"]]
    assert any("blotta" in t for t in texts)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--top", "0"], "--top"),
        (["--top", "x"], "--top"),
        (["--level", "godlike"], "cannot use the level"),
        (["--dice", "7", "1"], "1-6"),
        (["--position", "W:0x14 B:0x15 w"], ""),
        (["--rules", "nonsense"], "nonsense"),
    ],
)
def test_cli_hint_bad_input(args: list[str], needle: str) -> None:
    base = {"--rules": "kontrar-puff", "--position": "W:0x15 B:0x15 w", "--dice": None}
    argv = ["hint"]
    given_keys = {args[i] for i in range(0, len(args), 2)}
    for k, v in base.items():
        if k not in given_keys:
            argv += [k, *(["5", "3"] if v is None else [v])]
    i = 0
    while i < len(args):
        if args[i] == "--dice":
            argv += [args[i], args[i + 1], args[i + 2]]
            i += 3
        else:
            argv += [args[i], args[i + 1]]
            i += 2
    line = cli_error(*argv)
    assert needle in line


def test_the_review_worked_out_ahead_is_the_review_worked_out_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 44: the board's review of a game can be worked out a roll at a time while it is
    played (``review_ahead``) and kept; the review of the finished game then takes what is
    kept (no roll judged or its luck measured again) and is the review worked out afresh,
    verdict and luck alike. A call works out at least one roll and, with no time to spare,
    only that one, saying how many are left; the rolls after the kept ones are worked out."""
    from puffteach.players import hint as hint_mod

    g = Game("lang-puff", seed=5)
    rng = random.Random(5)
    while g.outcome is None:
        g.play_random_roll(rng)
    hint_mod.forget_reviews()
    afresh, total = review_rolls(g, DEFAULT_LEVEL)
    assert total == len(g.history) > 40
    hint_mod.forget_reviews()
    record = g.record()
    roll_events = [i for i, e in enumerate(record["events"]) if e[0] == "roll"]
    under_way = Game.load({**record, "events": record["events"][: roll_events[30]]})
    assert len(under_way.history) == 30 and under_way.outcome is None
    assert hint_mod.kept_rolls(under_way, DEFAULT_LEVEL) == 0
    lefts = [hint_mod.review_ahead(under_way, DEFAULT_LEVEL, seconds=0.0) for _ in range(31)]
    assert lefts == [*range(29, -1, -1), 0]
    assert hint_mod.kept_rolls(g, DEFAULT_LEVEL) == 30
    assert hint_mod.kept_rolls(g, DEFAULT_LEVEL, luck=True) == 30
    assert hint_mod.kept_rolls(g, DEFAULT_LEVEL, start=10) == 20
    assert hint_mod.kept_rolls(g, "beginner") == 0  # another level's verdicts are not these
    judged: list[int] = []
    lucks: list[int] = []
    judge, luck = hint_mod._judge_roll, hint_mod._luck
    monkeypatch.setattr(
        hint_mod,
        "_judge_roll",
        lambda *a: judged.append(1) or judge(*a),  # type: ignore[func-returns-value]
    )
    monkeypatch.setattr(
        hint_mod,
        "_luck",
        lambda *a: lucks.append(1) or luck(*a),  # type: ignore[func-returns-value]
    )
    again, _ = review_rolls(g, DEFAULT_LEVEL)
    # each roll not kept is worked out once (a roll met twice, the same dice in the same
    # position with the same play, as when nothing can move, once)
    befores = [g.start, *(rec.position for rec in g.history)]
    keys = list(zip(befores, g.history, strict=False))
    assert len(judged) == len(set(keys[30:]) - set(keys[:30])) > 100
    dice = [(pos, rec.dice) for pos, rec in keys]
    assert len(lucks) == len(set(dice[30:]) - set(dice[:30])) > 100
    assert [r.to_state() for r in again] == [r.to_state() for r in afresh]
    assert [r.luck for r in again] == [r.luck for r in afresh]
