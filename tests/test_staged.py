"""The staged listing of a later pasch (``puffteach.listing.iter_face_plays`` /
``iter_completions``, CLI ``plays --stage``) and the named pasch of a generalpasch play
(``Play.named``, ``"named"`` in the ``plays`` JSON) replayed through a game record.

The two stages must compose to exactly the plays of the whole listing: every whole play of
the first stage, and every completion of every other first-stage result, and nothing else.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import islice

import pytest

from puffteach import Game, Position, RuleSet, rules
from puffteach.listing import (
    FACES,
    after_faces,
    count_completions,
    count_face_plays,
    count_plays,
    iter_completions,
    iter_face_plays,
    iter_plays,
)
from puffteach.movegen import Play
from puffteach.outcome import Outcome
from puffteach.rollout import opening, random_roll
from puffteach.rules import PuffRules
from tests.conftest import cli, cli_error

Key = tuple[Position, "Outcome | None"]

#: a later pasch from the perft files (lang-puff 2-2: 2873 plays)
LATER = "W:3x2,5,8x3,10x2,14x2,16,20x2,22x2 B:0x3,4x3,9x2,12x2,18x2,21x3 w wpasch=1 bpasch=2"
#: a generalpasch whose named pasches are later pasches (White has had one pasch)
GENERAL = "W:5x2,7x3,9x2,13x3,16x3,20x2 B:2x2,6x3,11x3,15x3,21x2,22x2 w general=1-5 wpasch=1"

ROLLED = "brolled=1 wpasch=1 wrolled=1"

#: (rule set, position, dice): later pasches from the perft files, a generalpasch, entering
#: and bearing off, long-puff-entry (a checker may go on moving: rule (e)), four pasches in a
#: row allowed (fourth-pasch), a top face that cannot be moved
CASES = [
    ("lang-puff", LATER, (2, 2)),
    ("lang-puff", LATER, (6, 6)),
    (
        "kontrar-puff",
        "W:1x2,3x2,4x3,5x3,6x2,16,18,23 B:3,6,12x2,15x2,16x4,17x2,18,23x2 b bpasch=7 wpasch=1",
        (3, 3),
    ),
    ("kontrar-puff", "W:0x5,1,2x4,5x3,6x2 B:0x5,1,2x3,3x2,5,6x3 w wpasch=1", (1, 1)),
    (
        "kontrar-puff",
        "W:6,7x2,8x2,9x3,11x2,21,22x3,24 B:0,7x2,11x3,12x2,13x5,15,20 b bpasch=5 wpasch=5",
        (4, 4),
    ),
    (
        "kontrar-puff+generalpasch",
        "W:0x5,1x4,2x2,3,6x3 B:0x3,1,2,3x4,4x4,6x2 w bpasch=1 general=1-2 wpasch=1",
        (1, 2),
    ),
    ("pierer-contrapuff+generalpasch", GENERAL, (1, 5)),
    (
        "lang-puff+long-puff-entry",
        "W:0,1x4,5x2,6x4,9x3,14 B:0x4,2x5,3,4,7,8,11,22 w bpasch=3 brolled=1 wpasch=2 wrolled=1",
        (2, 2),
    ),
    (
        "lang-puff+long-puff-entry",
        "W:0x8,1x5,2,8 B:3x6,4x5,5,7,11,12 w bpasch=2 brolled=1 wpasch=1 wrolled=1",
        (3, 3),
    ),
    (
        "lang-puff+long-puff-entry",
        "W:0x2,1x3,2,4,10x2,22x3,23x3 B:3,5,8x3,9,11x3,12x2,13,18,20,24 w bentered=1 "
        "bpasch=4 brolled=1 wentered=1 wpasch=4 wrolled=1",
        (3, 3),
    ),
    (
        "lang-puff+long-puff-entry",
        "W:0,1x4,10x2,11,17,18,22x3,23x2 B:0,3,6x3,7x2,8x3,9x3,16,24 b bentered=1 bpasch=3 "
        "brolled=1 wentered=1 wpasch=4 wrolled=1",
        (2, 2),
    ),
    ("lang-puff+long-puff-entry", "W:0x7,1x2,2,5,6,11x2,12 B:0x9,3,4,7,9x3 w " + ROLLED, (5, 5)),
    ("gegenpuff", "W:13x4,20x11 B:0x15 w wpasch=1", (1, 1)),
    ("kontrar-puff+tower-goose", "W:13x4,20x11 B:0x15 w wpasch=1", (1, 1)),
    ("kontrar-puff", "W:23,24,25x13 B:0x15 w wpasch=1", (1, 1)),
]


def _keys(found: list[Play]) -> set[Key]:
    got = {(p.position, p.outcome) for p in found}
    assert len(got) == len(found), "a play listed twice"
    return got


def _composed(rs: RuleSet, pos: Position, dice: tuple[int, ...]) -> Iterator[Play]:
    """The second stage of every first-stage result."""
    for first in iter_face_plays(rs, pos, dice):
        yield from iter_completions(rs, pos, dice, first)


@pytest.mark.parametrize(("name", "text", "dice"), CASES)
def test_the_two_stages_compose_to_the_whole_listing(
    name: str, text: str, dice: tuple[int, int]
) -> None:
    rs = rules(name)
    pos = Position.parse(text, rs)
    whole = _keys(list(iter_plays(rs, pos, dice)))
    firsts = list(iter_face_plays(rs, pos, dice))
    assert count_face_plays(rs, pos, dice) == len(firsts)
    ends = [p for p in firsts if not p.remaining]
    partial = [p for p in firsts if p.remaining]
    # each first-stage result is distinct: a whole play once, a mid-roll state once (the
    # same position twice only under long-puff-entry, where the continuing checker differs)
    assert len(_keys(ends)) == len(ends)
    mid = {(p.plan.named, p.position) for p in partial}
    if not (isinstance(rs, PuffRules) and rs.long_entry):
        assert len(mid) == len(partial)
    composed: set[Key] = set()
    for first in firsts:
        seconds = list(iter_completions(rs, pos, dice, first))
        assert count_completions(rs, pos, dice, first) == len(_keys(seconds)) >= 1
        for p in seconds:
            assert p.moves[: len(first.moves)] == first.moves
            assert p.plan == first.plan and not p.remaining
        if not first.remaining:
            assert seconds == [first]  # a whole play completes as itself
        else:
            # the rolled faces are the plan's first four dice; the bottom faces still due
            assert first.remaining == first.plan.seq[FACES:]
            assert len(first.moves) + len(first.forfeited) == FACES
            assert first.outcome is None and first.position.turn == pos.turn
        composed |= _keys(seconds)
    assert composed == whole


def test_a_generalpasch_stage_one_holds_the_roll_as_rolled_and_every_named_pasch() -> None:
    """PI: the generalpasch 1-5 may be played as rolled (two moves, a whole play in stage 1)
    or named as any pasch x-x; White has had a pasch, so a named one is a later pasch (four
    top faces x, then four bottom faces 7-x): its stage-1 results wait for the 7-x."""
    rs = rules("pierer-contrapuff+generalpasch")
    pos = Position.parse(GENERAL, rs)
    firsts = list(iter_face_plays(rs, pos, (1, 5)))
    assert {p.named for p in firsts} == {None, 1, 2, 3, 4, 5, 6}
    for p in firsts:
        if p.named is None:
            assert not p.remaining and len(p.moves) + len(p.forfeited) == 2
        elif p.remaining:
            assert p.remaining == (7 - p.named,) * 4


def test_a_hand_worked_bear_off() -> None:
    """LT (konträr puff): a later pasch 1-1 is four ones (top faces) then four sixes (bottom
    faces); White's last two checkers stand on 19 and 20, all others off.

    By hand: four ones spread over the two checkers (4 pips, neither passing 24, and a 1 from
    24 would need a fifth one) give {19, 24}, {20, 23} or {21, 22}: three first-stage
    results. From each, the first six bears off the farther checker and the second six the
    last one, which wins at once: one completion each, the same play (15 off) every time."""
    rs = rules("kontrar-puff")
    text = "W:19,20,25x13 B:0x15 w wpasch=1"
    pos = Position.parse(text, rs)
    firsts = list(iter_face_plays(rs, pos, (1, 1)))
    got = {tuple(p for p in range(1, 25) for _ in range(f.position.w[p])) for f in firsts}
    assert got == {(19, 24), (20, 23), (21, 22)}
    assert all(f.remaining == (6, 6, 6, 6) for f in firsts)
    finals = set()
    for f in firsts:
        (done,) = iter_completions(rs, pos, (1, 1), f)
        assert done.outcome is not None and done.outcome.kind == "bearoff"
        sixes = done.moves[FACES:]
        assert [(s.die, s.to) for s in sixes] == [(6, 25), (6, 25)]
        assert sixes[0].frm < sixes[1].frm  # the farther checker first
        finals.add((done.position, done.outcome))
    assert len(finals) == 1 == count_plays(rs, pos, (1, 1))


def test_the_cases_cover_every_kind_of_first_stage_result() -> None:
    """Among CASES: a top face forfeited (the roll over at once), the last checker borne off
    within the faces (a win), and under long-puff-entry two results with one position (the
    checker moved last may go on moving while others wait, rule (e))."""
    kinds: set[str] = set()
    for name, text, dice in CASES:
        rs = rules(name)
        pos = Position.parse(text, rs)
        firsts = list(iter_face_plays(rs, pos, dice))
        for p in firsts:
            if not p.remaining:
                kinds.add("win" if p.outcome is not None else "forfeit")
        mids = [p.position for p in firsts if p.remaining]
        if len(set(mids)) < len(mids):
            assert isinstance(rs, PuffRules) and rs.long_entry
            kinds.add("continuing checker")
    assert kinds == {"win", "forfeit", "continuing checker"}


def test_long_puff_entry_keeps_the_continuing_checker_apart() -> None:
    """long-puff-entry (e): while checkers wait, only the checker moved by the die just
    before may move on the board. Seven White checkers wait; a later pasch 5-5 (four fives,
    then four twos). Entering three fives and moving the third on to 10, or moving the
    second on to 10 and entering the third, leave one position; by hand, after the first the
    checker on 10 may go on with a two (10/12), after the second it is frozen (the checker
    entered last on 5 may go on instead)."""
    rs = rules("lang-puff+long-puff-entry")
    text = "W:0x7,1x2,2,5,6,11x2,12 B:0x9,3,4,7,9x3 w " + ROLLED
    pos = Position.parse(text, rs)
    firsts = {tuple(map(str, p.moves)): p for p in iter_face_plays(rs, pos, (5, 5))}
    goes_on = firsts[("0/5", "0/5", "0/5", "5/10")]
    frozen = firsts[("0/5", "0/5", "5/10", "0/5")]
    assert goes_on.position == frozen.position
    nexts = [
        {str(p.moves[FACES]) for p in iter_completions(rs, pos, (5, 5), f)}
        for f in (goes_on, frozen)
    ]
    assert "10/12" in nexts[0] and "10/12" not in nexts[1]


# ----------------------------------------------------------------------------- named pasch


def _replay_record(name: str, text: str, dice: list[int], play: dict[str, object]) -> Game:
    """A game that plays the JSON ``play`` (name the pasch if it names one, then its moves;
    a generalpasch forfeited whole as rolled is ended), saved and loaded again."""
    game = Game(name, position=text)
    game.set_dice(*dice)
    named = play["named"]
    if named is not None:
        assert isinstance(named, int)
        game.name_pasch(named)
    moves = play["moves"]
    assert isinstance(moves, list)
    for move in moves:
        game.push(move)
    if game.turn is not None:
        game.end_roll()
    return Game.load(game.dumps())


def test_the_named_pasch_round_trips_through_the_cli_json_and_a_record() -> None:
    """PI's generalpasch (1-5 here) is played as rolled or named as any pasch: each play in
    the JSON says which ("named": null or 1-6); naming that pasch and playing the moves, then
    saving and loading the game, ends in the play's position, and the record holds the
    naming as its own event."""
    name = "pierer-contrapuff+generalpasch"
    out = cli("plays", "--rules", name, "--position", GENERAL, "--dice", "1", "5")
    found = out["plays"]
    assert len(found) == out["count"]
    by_named: dict[object, list[dict[str, object]]] = {}
    for p in found:
        by_named.setdefault(p["named"], []).append(p)
    assert set(by_named) == {None, 1, 2, 3, 4, 5, 6}
    rng = random.Random(14)
    for named, group in by_named.items():
        for play in [group[0], group[-1], *rng.sample(group, min(5, len(group)))]:
            game = _replay_record(name, GENERAL, [1, 5], play)
            assert str(game.position) == play["position"]
            (last,) = game.history
            assert last.named == named
            assert [str(m) for m in last.moves] == play["moves"]
            events = json.loads(game.dumps())["events"]
            assert (["name", named] in events) == (named is not None)


def test_named_is_null_for_every_other_roll() -> None:
    """An ordinary roll and a pasch: every play says "named": null."""
    out = cli("plays", "--rules", "lang-puff", "--position", LATER, "--dice", "2", "2")
    assert {p["named"] for p in out["plays"]} == {None}
    out = cli("plays", "--rules", "lang-puff", "--position", LATER, "--dice", "2", "5")
    assert {p["named"] for p in out["plays"]} == {None}


def test_a_generalpasch_forfeited_whole_round_trips() -> None:
    """konträr puff with generalpasch 1-2, White's first pasch: all fifteen White checkers
    wait and Black's bands on his 24 and 23 close White's entry points 1 and 2 (LT,
    Speltips). By hand: as rolled, the lower die (1) cannot enter and forfeits the roll
    (P-order); named 1-1 or 2-2, the top faces cannot enter and forfeit everything (the two
    end alike: listed once, as 1); named 3-3 or 4-4, 3s and 4s enter (one position: listed
    once, as 3); named 5-5 or 6-6, the top faces enter and the bottom faces (2s, 1s) are
    forfeited. Each of the five plays replays through a record, forfeits included."""
    name = "kontrar-puff+generalpasch"
    text = "W:0x15 B:0x11,23x2,24x2 w general=1-2"
    out = cli("plays", "--rules", name, "--position", text, "--dice", "1", "2")
    got = {(p["named"], len(p["moves"]), tuple(p["forfeited"])) for p in out["plays"]}
    assert got == {
        (None, 0, (1, 2)),
        (1, 0, (1, 1, 6, 6)),
        (3, 4, ()),
        (5, 2, (2, 2)),
        (6, 2, (1, 1)),
    }
    for play in out["plays"]:
        game = _replay_record(name, text, [1, 2], play)
        assert str(game.position) == play["position"]
        assert game.history[-1].named == play["named"]


# ----------------------------------------------------------------------------- CLI --stage


def _stage(*extra: str, rules_: str = "lang-puff", text: str = LATER) -> dict[str, object]:
    out = cli("plays", "--rules", rules_, "--position", text, "--dice", "2", "2", *extra)
    assert isinstance(out, dict)
    return out


def test_cli_stages_compose_to_plays() -> None:
    """plays --stage 1, then --stage 2 --after each result's moves: the union of the
    positions is the position set of plain plays; counts, limits and truncation as plays."""
    whole = _stage()
    first = _stage("--stage", "1")
    assert first["stage"] == 1 and first["truncated"] is False
    firsts = first["plays"]
    assert isinstance(firsts, list) and len(firsts) == first["count"]
    assert all(p["remaining"] == [5, 5, 5, 5] and p["named"] is None for p in firsts)
    union: set[str] = set()
    for p in firsts:
        second = _stage("--stage", "2", "--after", " ".join(p["moves"]))
        assert second["after"] == p["moves"] and second["named"] is None
        assert second["count"] == len(second["plays"])  # type: ignore[arg-type]
        union |= {q["position"] for q in second["plays"]}  # type: ignore[union-attr]
    assert isinstance(whole["plays"], list)
    assert union == {p["position"] for p in whole["plays"]}
    cut = _stage("--stage", "1", "--limit", "5")
    assert cut["count"] == first["count"] and cut["truncated"] is True
    assert cut["plays"] == firsts[:5]


def test_cli_stage_two_of_a_named_pasch() -> None:
    """--named X picks the pasch named for a generalpasch: its completions name it too."""
    out = cli(
        "plays", "--rules", "pierer-contrapuff+generalpasch", "--position", GENERAL,
        "--dice", "1", "5", "--stage", "1",
    )  # fmt: skip
    first = next(p for p in out["plays"] if p["named"] == 3 and p["remaining"])
    second = cli(
        "plays", "--rules", "pierer-contrapuff+generalpasch", "--position", GENERAL,
        "--dice", "1", "5", "--stage", "2", "--after", ",".join(first["moves"]),
        "--named", "3",
    )  # fmt: skip
    assert second["named"] == 3 and second["count"] >= 1
    assert {p["named"] for p in second["plays"]} == {3}
    assert all(p["moves"][:4] == first["moves"] for p in second["plays"])


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (("--stage", "3"), "--stage takes 1 or 2"),
        (("--stage", "x"), "--stage takes 1 or 2"),
        (("--stage", "2"), "--stage 2 needs --after"),
        (("--stage", "1", "--after", "3/5"), "--stage 2 only"),
        (("--after", "3/5 3/5 5/7 5/7"), "--stage 2 only"),
        (("--named", "2"), "--stage 2 only"),
        (("--stage", "2", "--after", "3/5 3/5 5/7"), "leaves some of the rolled faces"),
        (("--stage", "2", "--after", "3/5 3/5 5/7 5/7 5/10"), "more than the rolled faces"),
        (("--stage", "2", "--after", "3/5 3/5 5/7 5/9"), "move 4 '5/9'"),
        (("--stage", "2", "--after", "3/5 3/5 x 5/7"), "move 3 'x'"),
        (("--stage", "2", "--after", "3/5 3/5 5/7 5/7", "--named", "7"), "a die shows 1-6"),
        (("--stage", "2", "--after", "3/5 3/5 5/7 5/7", "--named", "2"), "not the generalpasch"),
        (("--stage", "1", "--limit", "0"), "--limit takes a positive integer"),
    ],
)
def test_cli_stage_bad_input_is_one_line_and_exit_2(extra: tuple[str, ...], words: str) -> None:
    line = cli_error(
        "plays", "--rules", "lang-puff", "--position", LATER, "--dice", "2", "2", *extra
    )
    assert words in line


@pytest.mark.parametrize(
    ("name", "text", "dice"),
    [
        ("lang-puff", LATER, ("2", "5")),  # an ordinary roll
        ("kontrar-puff", "W:0x15 B:0x15 w", ("5", "5")),  # a first pasch: four moves
        ("brade-standard", "W:1x15 B:1x15 w", ("3", "3")),  # bräde's alla: four moves
    ],
)
def test_a_roll_of_four_moves_or_fewer_has_no_stages(
    name: str, text: str, dice: tuple[str, str]
) -> None:
    line = cli_error("plays", "--rules", name, "--position", text, "--dice", *dice, "--stage", "1")
    assert "has no stages" in line and "more than 4 moves" in line
    with pytest.raises(ValueError, match="has no stages"):
        after_faces(rules(name), Position.parse(text, rules(name)), tuple(map(int, dice)), [])


@pytest.mark.parametrize(
    "name", ["kontrar-puff", "pierer-contrapuff+generalpasch", "lang-puff+long-puff-entry"]
)
def test_the_stages_compose_on_random_positions(name: str) -> None:
    """Positions met in a seeded random game, every later pasch (and the generalpasch) of
    the side to move that has at most 1,500 plays: the stages compose to the whole listing."""
    rs = rules(name)
    rng = random.Random(f"staged:{name}")
    pos = opening(rs, rng)
    checked = 0
    for n in range(80):
        roll = random_roll(rs, pos, rng)
        if roll.outcome is not None:
            break
        pos = roll.position
        if n % 5:
            continue
        rolls = [(x, x) for x in range(1, 7)]
        if pos.general is not None:
            rolls.append(pos.general)
        for dice in rolls:
            whole = list(islice(iter_plays(rs, pos, dice), 1501))
            if len(whole) > 1500:
                continue
            try:
                firsts = list(iter_face_plays(rs, pos, dice))
            except ValueError:
                continue  # no later pasch here (a first pasch, the fourth in a row)
            composed = {
                (p.position, p.outcome) for f in firsts for p in iter_completions(rs, pos, dice, f)
            }
            assert composed == _keys(whole), (str(pos), dice)
            checked += 1
    assert checked >= 4
