"""Whole-play listing (puffteach.listing): ``count_plays`` is exact, ``iter_plays`` lists each
distinct play once and lazily, both agree with the perft files, with ``legal_plays`` and with
a plain reference that plays every roll step by step through the roll machine
(``turn_steps``/``push``/``finish``); the CLI's ``count``, ``--limit`` and ``truncated``.

No timing here: the speed figures are in ``benchmarks/random_games.py``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from puffteach import Game, Position, RuleSet, rules
from puffteach.families import family_of
from puffteach.listing import (
    count_plays,
    count_turn_plays,
    iter_plays,
    iter_turn_plays,
    legal_plays,
)
from puffteach.movegen import Play, Turn, begin, finish, plans, push, turn_steps
from puffteach.outcome import Outcome
from puffteach.rollout import opening, random_roll
from tests.conftest import cli, cli_error

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import perft  # noqa: E402

#: a later pasch from the perft files (lang-puff 2-2: 2873 plays)
LATER = "W:3x2,5,8x3,10x2,14x2,16,20x2,22x2 B:0x3,4x3,9x2,12x2,18x2,21x3 w wpasch=1 bpasch=2"
Key = tuple[Position, "Outcome | None"]

#: the reference walks every step sequence: keep it to rolls this small
REFERENCE_MAX = 600
#: larger rolls are counted only (the perft counts hold them)
LIST_MAX = 25000


def reference(turns: list[Turn]) -> set[Key]:
    """Every (position, outcome) a roll can end in, step by step through the roll machine."""
    out: set[Key] = set()
    for t in turns:
        frontier = {(t.pos, t.remaining, t.forfeited, t.cont): t}
        while frontier:
            new: dict[object, Turn] = {}
            for cur in frontier.values():
                if cur.done:
                    pos, outcome, _ = finish(cur)
                    out.add((pos, outcome))
                    continue
                for st in turn_steps(cur):
                    nxt = push(cur, st)
                    new.setdefault((nxt.pos, nxt.remaining, nxt.forfeited, nxt.cont), nxt)
            frontier = new
    return out


def keys(found: list[Play]) -> set[Key]:
    got = {(p.position, p.outcome) for p in found}
    assert len(got) == len(found), "a play listed twice"
    return got


def replay(rs: RuleSet, start: Turn, play: Play) -> None:
    """The play's moves, pushed one by one, end the roll in the play's position."""
    t = start
    for st in play.moves[len(start.moves) :]:
        assert st in turn_steps(t), f"{st} not legal in {t.pos}"
        t = push(t, st)
    assert t.done
    assert finish(t) == (play.position, play.outcome, play.again)


def check_roll(rs: RuleSet, pos: Position, dice: tuple[int, ...], expected: int | None) -> int:
    """count_plays == the distinct plays iter_plays lists (== the perft count); rolls up to
    REFERENCE_MAX plays also == legal_plays == the step-by-step reference, and replay."""
    n = count_plays(rs, pos, dice)
    if expected is not None:
        assert n == expected, f"{pos} {dice}: perft {expected}, count_plays {n}"
    if n > LIST_MAX:
        return n
    listed = list(iter_plays(rs, pos, dice))
    assert n == len(keys(listed)), (pos, dice)
    if n <= REFERENCE_MAX:
        assert keys(legal_plays(rs, pos, dice)) == keys(listed)
        turns = [begin(rs, pos, plan) for plan in plans(rs, pos, dice)]
        assert keys(listed) == reference(turns), f"{rs.name} {pos} {dice}"
        starts = {t.plan: t for t in turns}
        for play in listed[:20]:
            replay(rs, starts[play.plan], play)
    return n


def _perft_rows() -> Iterator[tuple[str, str, str, int]]:
    for f in sorted((ROOT / "tests" / "perft").glob("*.perft")):
        name, rows = perft.parse(f.read_text(encoding="utf-8"))
        for pos, dice, n, _ in rows:
            yield name, pos, dice, n


@pytest.mark.parametrize("name", perft.RULE_SETS)
def test_count_and_listing_agree_with_the_perft_files(name: str) -> None:
    """Every roll of every perft position: count_plays == distinct iter_plays == legal_plays
    == the file's count; small rolls also equal the step-by-step reference."""
    rs = rules(name)
    for rname, text, dice, n in _perft_rows():
        if rname != name:
            continue
        check_roll(rs, Position.parse(text, rs), tuple(map(int, dice.split("-"))), n)


RANDOM_RULE_SETS = (
    "kontrar-puff",
    "lang-puff",
    "gegenpuff",  # tower and goose march
    "pierer-contrapuff+generalpasch",
    "kontrar-puff+incomplete-pasch-ends-turn",  # a forfeit decides the re-roll
    "kontrar-puff+fourth-pasch+exact-25+tower-goose",
    "lang-puff+long-puff-entry",  # order-dependent entering: no canonical order
    "brade-standard",
)


@pytest.mark.parametrize("name", RANDOM_RULE_SETS)
def test_count_and_listing_on_random_positions(name: str) -> None:
    """Positions met in seeded random games, every pasch and a few other rolls each."""
    rs = rules(name)
    rng = random.Random(f"listing:{name}")
    checked = 0
    for _ in range(2):
        pos = opening(rs, rng)
        for n in range(60):
            roll = random_roll(rs, pos, rng)
            if roll.outcome is not None:
                break
            pos = roll.position
            if n % 9:
                continue
            rolls = [(x, x) for x in range(1, 7)] + [(rng.randint(1, 6), rng.randint(1, 6))]
            if pos.general is not None:
                rolls.append(pos.general)
            for dice in rolls:
                try:
                    plans(rs, pos, dice)
                except ValueError:
                    continue  # e.g. a one-die series owed
                if count_plays(rs, pos, dice) <= 3000:
                    check_roll(rs, pos, dice, None)
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    ("name", "text", "dice", "kinds"),
    [
        # bearing off: the last checker off ends the roll at once (P-win)
        ("kontrar-puff", "W:19x2,21,23,24x2,25x9 B:0x15 w wpasch=2", (4, 4), {"bearoff"}),
        ("pierer-contrapuff", "W:22,23,24,25x12 B:0x15 w wpasch=1", (6, 6), {"bearoff"}),
        ("kontrar-puff+exact-25", "W:20,22x2,23x3,24x3,25x6 B:0x15 w wpasch=2", (2, 2), {None}),
        # a forfeited later pasch ends the turn: the same board with and without the re-roll
        (
            "kontrar-puff+incomplete-pasch-ends-turn",
            "W:0,3x8,5x4,8,23 B:1x3,3,6x2,11,13,14,16x2,18x3,21 w bpasch=6 wpasch=2",
            (3, 3),
            {None},
        ),
        # a tower (all fifteen on one point) by P-order's two dice and by a later pasch
        ("kontrar-puff+tower-goose", "W:7,8,9x13 B:0x15 w", (1, 2), {None, "tower"}),
        ("kontrar-puff+tower-goose", "W:13x4,20x11 B:0x15 w wpasch=1", (1, 1), {None, "tower"}),
        # a goose march (fifteen points in a row, one checker each)
        (
            "pierer-contrapuff",
            "W:1,2,3,4,5,6,7,8,9,10,11,12x2,13,14 B:0x15 w",
            (1, 2),
            {None, "goose"},
        ),
    ],
)
def test_count_and_listing_at_the_edges(
    name: str, text: str, dice: tuple[int, int], kinds: set[str | None]
) -> None:
    rs = rules(name)
    pos = Position.parse(text, rs)
    check_roll(rs, pos, dice, None)
    assert {p.outcome and p.outcome.kind for p in iter_plays(rs, pos, dice)} == kinds


def test_ordered_rolls_of_a_family_that_may_win_on_any_step_are_stepped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The int-key walk asks early_outcome only after steps that bear off; a family that may
    win early on other steps (``EarlyWins(bearoff=False)``) has its ordered rolls listed
    through the walker's step strategy instead. Here Puff is made to win at once by any hit:
    every play that hits ends with that win on its first hit, and the plays without a hit end
    as the int keys' plays."""
    from puffteach.families import EarlyWins

    rs = rules("kontrar-puff")
    pos = Position.parse("W:0,1x2,2,3x2,4x4,5,6x4 B:2x5,5x2,6x3,9,10,11,16,18 w bpasch=2", rs)
    dice = (2, 2)
    keyed = list(iter_plays(rs, pos, dice))
    won = Position.parse("W:19x2,21,23,24x2,25x9 B:0x15 w wpasch=2", rs)
    win = next(iter_plays(rs, won, (4, 4))).outcome
    assert win is not None
    fam = type(family_of(rs))
    plain = fam.early_outcome

    def early(self: Any, t: Any, before: Any, after: Any, step: Any, prior: Any) -> Any:
        return win if step.hit else plain(self, t, before, after, step, prior)

    monkeypatch.setattr(fam, "early_wins", EarlyWins())
    monkeypatch.setattr(fam, "early_outcome", early)
    stepped = list(iter_plays(rs, pos, dice))
    hits = [p for p in stepped if any(st.hit for st in p.moves)]
    assert hits and all(p.outcome == win and p.moves[-1].hit for p in hits)
    quiet = {(p.position, p.outcome) for p in stepped if p not in hits}
    assert quiet and quiet <= {(p.position, p.outcome) for p in keyed}
    assert count_plays(rs, pos, dice) == len(stepped)


def _bearing_off_positions(rs: RuleSet, n: int) -> list[Position]:
    """Positions of seeded random games (two a game at most) where the side to move bears off
    (none waiting, none before the home quarter) with fewer than fourteen checkers off."""
    rng = random.Random(f"bearing-off:{rs.name}")
    out: list[Position] = []
    while len(out) < n:
        pos, found = opening(rs, rng), 0
        while found < 2:
            own = pos.side(pos.turn)
            if not own[0] and not any(own[1:19]) and own[25] < 14:
                out.append(pos)
                found += 1
            roll = random_roll(rs, pos, rng)
            if roll.outcome is not None:
                break
            pos = roll.position
    return out[:n]


def test_a_new_early_win_on_bearing_off_is_seen_by_stepping_sampling_and_listing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Which step may end the game is the family's one rule (``Family.early_wins``), and a
    step's effect is the walkers' ``advance``: the int-key enumeration derives both from
    them. Here Puff gets a new kind of early win, declared only in the family (no change to
    listing or the walkers): bearing off a checker while the opponent still has checkers
    waiting to enter wins at once, with checkers left to move. Stepping (the reference,
    ``turn_steps``/``push``), sampling (``random_play``) and counting and listing over int
    keys must then find the same plays, early wins included: the int keys must ask where the
    rule says (not only where the last checker leaves) and drop their canonical order of
    equal dice, since the order now decides where a roll ends."""
    from puffteach.families import EarlyWins
    from puffteach.movegen import random_play
    from puffteach.outcome import Termination

    rs = rules("kontrar-puff")
    fam = type(family_of(rs))
    plain = fam.early_outcome

    def early(self: Any, t: Any, before: Any, after: Any, step: Any, prior: Any) -> Any:
        if step.to == 25 and after.side(after.turn.other)[0]:
            return Outcome(after.turn, Termination.BEAROFF, 3, schneider=True)
        return plain(self, t, before, after, step, prior)

    positions = _bearing_off_positions(rs, 24)
    # with and without the opponent's checkers waiting: a later pasch (eight moves), an
    # unequal roll; and a 1-1 that may hit a blot before bearing off again (sorted by source,
    # the hit would come first and the win one step earlier: the canonical order misses 121
    # of its 1,088 plays)
    geg = rules("gegenpuff")
    cases = [(rs, p, (d, d)) for p in positions for d in (1, 4, 6)]
    cases += [(rs, p, (2, 5)) for p in positions]
    cases.append(
        (geg, Position.parse("W:19x3,20x3,21x3,22x3,24x3 B:2,10x14 w wpasch=1", geg), (1, 1))
    )
    monkeypatch.setattr(fam, "early_wins", EarlyWins(bearoff=True, least_off=1))
    monkeypatch.setattr(fam, "early_outcome", early)
    early_wins = plain_ends = 0
    for i, (rs, pos, dice) in enumerate(cases):
        turns = [begin(rs, pos, plan) for plan in plans(rs, pos, dice)]
        expected = reference(turns)
        listed = list(iter_plays(rs, pos, dice))
        assert keys(listed) == expected, f"{pos} {dice}"
        assert count_plays(rs, pos, dice) == len(expected), f"{pos} {dice}"
        for t in turns:
            for seed in range(3):
                done = random_play(begin(rs, pos, t.plan), random.Random(100 * i + seed))
                assert finish(done)[:2] in expected
        for p in listed:
            if (
                p.outcome is not None
                and p.outcome.points == 3
                and p.position.side(pos.turn)[25] < 15
            ):
                early_wins += 1
            elif p.outcome is None:
                plain_ends += 1
    assert early_wins and plain_ends


def test_a_forfeit_can_decide_the_reroll() -> None:
    """incomplete-pasch-ends-turn: plays that forfeit pass the turn, the others roll again."""
    rs = rules("kontrar-puff+incomplete-pasch-ends-turn")
    pos = Position.parse(
        "W:0,3x8,5x4,8,23 B:1x3,3,6x2,11,13,14,16x2,18x3,21 w bpasch=6 wpasch=2", rs
    )
    found = list(iter_plays(rs, pos, (3, 3)))
    assert {(bool(p.forfeited), p.again) for p in found} == {(False, True), (True, False)}


def test_after_a_partial_play() -> None:
    """Game.count_plays() and Game.legal_plays() continue the roll in progress."""
    rs = rules("lang-puff")
    game = Game(
        rs,
        position=LATER,
    )
    game.set_dice(2, 2)
    total = game.count_plays()
    assert total == len(list(game.legal_plays())) > 1000
    rng = random.Random(7)
    for _ in range(3):
        game.push(rng.choice(game.legal_moves()))
        t = game.turn
        assert t is not None
        n = game.count_plays()
        listed = list(game.legal_plays())
        assert n == count_turn_plays(t) == len(keys(listed)) < total
        assert {(p.position, p.outcome) for p in iter_turn_plays(t)} == keys(listed)
        if n <= REFERENCE_MAX:
            assert keys(listed) == reference([t])
        for play in listed[:10]:
            assert play.moves[: len(t.moves)] == t.moves
            replay(rs, t, play)


def test_a_generalpasch_lists_the_roll_and_every_named_pasch() -> None:
    rs = rules("pierer-contrapuff+generalpasch")
    text = "W:5x2,7x3,9x2,13x3,16x3,20x2 B:2x2,6x3,11x3,15x3,21x2,22x2 w general=1-5 wpasch=1"
    game = Game(rs, position=text)
    game.set_dice(1, 5)
    assert game.generalpasch_available()
    pos = Position.parse(text, rs)
    named = {p.plan.named for p in game.legal_plays()}
    assert named == {None, 1, 2, 3, 4, 5, 6}
    assert game.count_plays() == count_plays(rs, pos, (1, 5)) == len(legal_plays(rs, pos, (1, 5)))


def test_legal_plays_is_lazy() -> None:
    """Game.legal_plays() is an iterator; the first plays come without listing the rest."""
    rs = rules("kontrar-puff")
    game = Game(
        rs,
        position="W:1,3x2,5,7,8,11x2,12,15,18,21,22,23x2 "
        "B:1,5x2,6,8,9,11,12,15x2,16x2,19,21,23 w wpasch=1",
    )
    game.set_dice(1, 1)
    plays = game.legal_plays()
    assert iter(plays) is plays
    first = list(islice(plays, 100))
    assert len({(p.position, p.outcome) for p in first}) == 100
    assert list(Game(rs).legal_plays()) == []  # no roll yet: nothing to list


# ----------------------------------------------------------------------------- the CLI


def _plays(*extra: str) -> dict[str, object]:
    out = cli("plays", "--rules", "lang-puff", "--position", LATER, "--dice", "2", "2", *extra)
    assert isinstance(out, dict)
    return out


def test_cli_plays_counts_and_limits() -> None:
    """ "count" always; --limit N lists the first N and says "truncated": true when it cut."""
    whole = _plays()
    n = whole["count"]
    assert isinstance(n, int) and n > 1000
    assert whole["truncated"] is False
    assert isinstance(whole["plays"], list) and len(whole["plays"]) == n
    cut = _plays("--limit", "10")
    assert cut["count"] == n and cut["truncated"] is True
    assert isinstance(cut["plays"], list) and len(cut["plays"]) == 10
    assert cut["plays"] == whole["plays"][:10]  # the same order, cut
    more = _plays("--limit", str(n))
    assert more["truncated"] is False and more == whole


def test_cli_limit_above_a_small_count() -> None:
    out = cli(
        "plays",
        "--rules",
        "kontrar-puff",
        "--position",
        "W:0x15 B:0x15 w",
        "--dice",
        "5",
        "5",
        "--limit",
        "3",
    )
    assert out["count"] == 1 and out["truncated"] is False and len(out["plays"]) == 1


@pytest.mark.parametrize("bad", ["0", "-2", "x", "1.5", ""])
def test_cli_bad_limit_is_a_usage_error(bad: str) -> None:
    line = cli_error(
        "plays",
        "--rules",
        "kontrar-puff",
        "--position",
        "W:0x15 B:0x15 w",
        "--dice",
        "5",
        "5",
        "--limit",
        bad,
    )
    assert "--limit" in line and "positive integer" in line
