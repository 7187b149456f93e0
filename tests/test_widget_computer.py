"""The board against the computer, with hint, tutor, review and odds (issue 10; the widget
protocol's side: puffteach/widget/computer.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puffteach.game import Game
from puffteach.players.hint import forget_reviews
from puffteach.widget import protocol

State = dict[str, Any]


def fresh(rules: str = "kontrar-puff", seed: int = 3, **kw: Any) -> State:
    return protocol.initial_state(rules, seed=seed, **kw)


def ok(s: State, action: dict[str, Any]) -> State:
    new = protocol.step(s, action)
    assert not new["error"], (action, new["error"])
    assert json.loads(json.dumps(new)) == new
    return new


SAID = ("error", "message", "message_keys", "explanation")


def refused(s: State, action: dict[str, Any], words: str) -> None:
    new = protocol.step(s, action)
    assert new["error"] and words in new["error"], new["error"]
    assert {k: v for k, v in new.items() if k not in SAID} == {
        k: v for k, v in s.items() if k not in SAID
    }, "a refusal changed the state"


def test_the_levels_are_players_of_the_board() -> None:
    for level in ("random", "beginner", "casual", "intermediate", "advanced", "expert", "master"):
        assert level in protocol.PLAYERS
    assert {"hint", "tutor", "review", "odds"} <= set(protocol.actions())


@pytest.mark.parametrize(
    ("rules", "white", "black"),
    [
        ("kontrar-puff", "random", "beginner"),
        ("lang-puff+generalpasch", "beginner", "random"),
        ("brade-standard", "random", "beginner"),
    ],
)
def test_a_computer_game_is_legal_to_the_end(rules: str, white: str, black: str) -> None:
    s = ok(fresh(rules, seed=11), {"type": "players", "w": white, "b": black})
    for _ in range(40):  # the autoplay stops after AUTOPLAY_LIMIT actions: nudge it on
        if s["outcome"]:
            break
        s = ok(s, {"type": "view", "arrows": not s["view"]["arrows"]})
    assert s["outcome"], "the game ends"
    # every event is legal: the engine replays the record (it refuses an illegal move)
    g = Game.load(s["record"])
    assert g.is_over() and str(g.position) == s["position"]


def test_the_computer_answers_a_human_play_with_its_steps_one_by_one() -> None:
    s = ok(fresh(seed=5), {"type": "players", "b": "expert"})
    assert s["to_move"] == "w"  # Black (the computer) played its opening at once if due
    s = ok(s, {"type": "roll"})
    while s["to_move"] == "w" and s["legal_moves"]:
        before = len(s["record"]["events"])
        s = ok(s, {"type": "move", "move": s["legal_moves"][0]})
        assert len(s["record"]["events"]) > before
    # the human's last step ended White's roll(s); Black rolled and played at once
    assert s["to_move"] == "w" and s["can_roll"]
    black = [e for e in s["record"]["events"] if e[0] == "move"]
    steps = s["computer_steps"]
    # one frame per state before each computer action: its roll and each of its steps
    assert len(steps) >= 2 and all(f["svg"].startswith("<svg") for f in steps)
    assert "Black rolls" in s["computer_message"]
    assert black, s["record"]


def test_hint_ranks_plays_and_draws_the_best_as_arrows() -> None:
    s = fresh(seed=3)
    refused(s, {"type": "hint"}, "roll the dice first")
    s = ok(s, {"type": "set_dice", "dice": [3, 4]})
    refused(s, {"type": "hint", "level": "godlike"}, "unknown level 'godlike'")
    h = ok(s, {"type": "hint"})
    plays = h["hint"]["plays"]
    assert 1 <= len(plays) <= 3
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    # Kontra-Puff's start: all fifteen wait; a 3-4 enters two of them on White's points 3 and 4
    assert sorted(plays[0]["moves"]) == ["0/3", "0/4"]
    assert sorted((a["from"], a["to"]) for a in h["hint"]["arrows"]) == [("w0", 3), ("w0", 4)]
    assert h["message"].startswith("Hint: the best play is")
    assert any("still to enter" in r for r in plays[0]["reasons"])
    # the hint belongs to the moment it was asked: the next action drops it
    after = ok(h, {"type": "move", "move": "0/3"})
    assert after["hint"] is None


def test_tutor_gives_a_verdict_after_the_human_roll() -> None:
    s = ok(fresh(seed=3), {"type": "tutor", "on": True})
    refused(s, {"type": "tutor", "on": "yes"}, "yes")
    s = ok(s, {"type": "set_dice", "dice": [3, 4]})
    best = ok(s, {"type": "hint"})["hint"]["plays"][0]["moves"]
    for m in best:
        s = ok(s, {"type": "move", "move": m})
    v = s["verdict"]
    assert v["verdict"] == "best" and v["side"] == "w" and v["arrows"] == []
    # said once (issue 44 item 10): on the verdict's own line, not again in the message
    assert v["text"].startswith("Tutor: White played")
    assert "Tutor" not in s["message"] and v["text"] not in s["message"]
    s = ok(s, {"type": "tutor", "on": False})
    assert s["verdict"] is None


@pytest.mark.parametrize(
    ("rules", "seed", "computer"), [("kontrar-puff", 5, "b"), ("brade-standard", 5, "w")]
)
def test_a_computer_that_opens_the_game_says_who_starts(
    rules: str, seed: int, computer: str
) -> None:
    """Issue 44 item 10: the computer's words on its opening roll begin with the opening roll
    and who starts (they said only its own roll). Who starts is the engine's (the record's
    start position); the words are the new game's own."""
    s = fresh(rules, seed=seed)
    side = {"w": "White", "b": "Black"}[computer]
    w, b = s["record"]["opening"]
    assert s["to_move"] == computer  # these seeds: the computer's side starts
    s = ok(s, {"type": "players", computer: "expert"})
    said = s["computer_message"]
    assert said.startswith(f"New game. Opening roll: White {w}, Black {b}; {side} starts. ")
    assert f"{side} rolls" in said
    # later computer rolls do not say it again
    s = ok(s, {"type": "roll"})
    while s["to_move"] != computer and s["legal_moves"]:
        s = ok(s, {"type": "move", "move": s["legal_moves"][0]})
    assert s["computer_message"] and "Opening roll" not in s["computer_message"]


def test_tutor_shows_the_better_play_of_a_poor_one() -> None:
    s = ok(fresh("brade-standard", seed=2), {"type": "players", "b": "random"})
    s = ok(s, {"type": "tutor", "on": True})
    assert s["to_move"] == "w" and s["can_roll"]
    s = ok(s, {"type": "set_dice", "dice": [6, 5]})
    n = len(s["history"])
    while len(s["history"]) == n:  # White plays the last legal step each time
        s = ok(s, {"type": "move", "move": s["legal_moves"][-1]})
    v = s["verdict"]
    assert v is not None and v["side"] == "w"
    assert v["verdict"] in ("best", "good", "doubtful", "bad", "very-bad")
    if v["verdict"] != "best":
        assert v["arrows"] and v["best"] != v["played"] and "Better was" in v["text"]


def test_review_waits_for_the_end_and_then_judges_both_sides() -> None:
    s = fresh("brade-standard", seed=11)
    refused(s, {"type": "review"}, "when the game is over")
    s = ok(s, {"type": "players", "w": "random", "b": "random"})
    for _ in range(40):
        if s["outcome"]:
            break
        s = ok(s, {"type": "view", "arrows": not s["view"]["arrows"]})
    r = ok(s, {"type": "review"})["review"]
    assert [x["side"] for x in r["sides"]] == ["w", "b"]
    assert all(x["rating"] for x in r["sides"]) and r["rolls"]
    assert all(x["decisions"] >= x["errors"] for x in r["sides"])


def test_odds_panel_counts_pips_by_hand() -> None:
    s = fresh("kontrar-puff", seed=3)
    refused(s, {"type": "odds", "on": 1}, "1")
    s = ok(s, {"type": "odds", "on": True})
    # every checker waits: 15 x 25 pips each side; any roll enters (nothing blocks)
    assert s["odds"]["pips"] == {"w": 375, "b": 375}
    assert any("100%" in line for line in s["odds"]["lines"])
    s = ok(s, {"type": "odds", "on": False})
    assert s["odds"] is None


def test_view_delay_is_checked() -> None:
    s = fresh()
    assert ok(s, {"type": "view", "delay": 0})["view"]["delay"] == 0
    refused(s, {"type": "view", "delay": -5}, "-5")


def test_board_methods_for_the_computer() -> None:
    pytest.importorskip("anywidget")
    from puffteach.widget import Board

    b = Board("kontrar-puff", position="W:0x15 B:0x15 w", seed=3, delay=0)
    b.play_against("b", "random")
    assert b.state["players"] == {"w": "human", "b": "random"}
    with pytest.raises(ValueError, match="roll the dice first"):
        b.hint()
    b.set_dice(3, 4)
    assert sorted(b.hint(level="advanced")[0]["moves"]) == ["0/3", "0/4"]
    b.tutor(True)
    b.odds(True)
    assert b.state["odds"]["pips"] == {"w": 375, "b": 375}
    with pytest.raises(ValueError, match="when the game is over"):
        b.review()
    with pytest.raises(ValueError, match="ask for the review"):
        b.review_show(0)
    b.play_against("b", "human")
    b.load(_finished()["record"], index=-1)
    rolls = b.review()["rolls"]
    b.review_show(len(rolls) - 1)
    assert b.state["replay"] and len(b.state["history"]) == len(rolls) - 1


def test_the_board_speaks_swedish_and_german_numbers_and_level_names() -> None:
    """The words a Swedish or German pupil reads: the players by their names in the
    catalogue (not the protocol's ``human``/``master``) and numbers with a decimal comma."""
    s = ok(fresh(seed=3), {"type": "view", "lang": "sv"})
    s = ok(s, {"type": "players", "b": "master"})
    assert s["message"] == "Vit: människa, Svart: mästare."
    de = ok(s, {"type": "view", "lang": "de"})
    de = ok(de, {"type": "players", "b": "advanced"})
    assert de["message"] == "Weiß: Mensch, Schwarz: Fortgeschrittener."
    s = ok(ok(s, {"type": "players", "b": "human"}), {"type": "set_dice", "dice": [3, 4]})
    h = ok(s, {"type": "hint"})
    best = h["hint"]["plays"][0]
    written = f"{best['equity']:+.3f}".replace(".", ",")
    assert best["label"] == f"{best['text']} ({written})", best
    assert f"({written} poäng i förväntan" in h["message"], h["message"]
    en = ok(ok(s, {"type": "view", "lang": "en"}), {"type": "hint"})
    assert en["hint"]["plays"][0]["label"] == f"{best['text']} ({best['equity']:+.3f})"


def _finished(rules: str = "brade-standard", seed: int = 11) -> State:
    s = ok(fresh(rules, seed=seed), {"type": "players", "w": "random", "b": "random"})
    for _ in range(40):
        if s["outcome"]:
            break
        s = ok(s, {"type": "view", "arrows": not s["view"]["arrows"]})
    assert s["outcome"]
    return s


def test_review_in_steps_says_how_far_it_is_and_ends_as_the_review_at_once() -> None:
    """The board's button asks for the review a few rolls a step (``{"rolls": n}``): first
    the plays, each step keeping the rolls judged so far and saying how many of how many;
    once all are judged the review is shown with the verdicts and without the luck
    (``luck_pending``, its texts say nothing of luck), and the next steps measure the luck
    of a few rolls each, saying how far they are; the last fills the same review as one step
    without ``rolls``; a step more keeps it; a new game drops a review under way; a bad count
    is refused."""
    s = _finished()
    whole = ok(s, {"type": "review"})
    assert whole["review"]["luck_pending"] is False and whole["review_work"] is None
    n = len(whole["review"]["rolls"])
    forget_reviews()  # (the engine keeps what a review found: test_review_kept_ahead_...)
    for bad in (0, -2, 1.5, "8", True):
        refused(s, {"type": "review", "rolls": bad}, "whole number from 1 up")
    t, steps = s, 0
    while not t.get("review"):
        t = ok(t, {"type": "review", "rolls": 8})
        steps += 1
        done = min(8 * steps, n)
        if done < n:
            assert t["message"] == f"Reviewing the game: {done} of {n} rolls judged…"
            assert len(t["review_work"]["rolls"]) == done and t["review_work"]["total"] == n
    assert steps == -(-n // 8)
    # the plays are judged: the review is shown, its luck still to come
    judged = t["review"]
    assert judged["luck_pending"] is True and t["review_work"]["lucky"] == 0
    assert t["message"].startswith("The plays are judged") and f"0 of {n} rolls" in t["message"]
    for a, b in zip(judged["rolls"], whole["review"]["rolls"], strict=True):
        assert (a["verdict"], a["lost"], a["best"], a["win"]) == (
            b["verdict"],
            b["lost"],
            b["best"],
            b["win"],
        )
        assert a["luck"] is None and "luck" not in a["text"] and "luck" in b["text"]
    assert [x["errors"] for x in judged["sides"]] == [x["errors"] for x in whole["review"]["sides"]]
    while t["review_work"]:
        t = ok(t, {"type": "review", "rolls": 8})
        steps += 1
        lucky = min(8 * (steps - -(-n // 8)), n)
        if lucky < n:
            assert t["review_work"]["lucky"] == lucky and t["review"]["luck_pending"]
            assert f"{lucky} of {n} rolls" in t["message"]
    assert steps == 2 * -(-n // 8) and t["review_work"] is None
    assert t["review"] == whole["review"]
    assert ok(t, {"type": "review", "rolls": 8})["review"] == whole["review"]
    # Swedish: the same steps in the board's language
    forget_reviews()
    sv = ok(ok(s, {"type": "view", "lang": "sv"}), {"type": "review", "rolls": 8})
    assert sv["message"] == f"Partiet gås igenom: 8 av {n} slag bedömda …"
    # a review under way: kept through the steps, dropped by a new game
    forget_reviews()
    u = ok(s, {"type": "review", "rolls": 8})
    assert u["review"] is None and u["review_work"]
    assert ok(u, {"type": "new_game"})["review_work"] is None
    # what the front end sends back is not trusted: a broken kept roll starts the review again
    broken = {**u, "review_work": {"rolls": [{"side": "w"}], "total": n}}
    forget_reviews()
    again = ok(broken, {"type": "review", "rolls": 8})
    assert again["review_work"]["rolls"] == u["review_work"]["rolls"]
    # so does a kept list of another game's rolls (here the same rolls in another order)
    other = {**u, "review_work": {"rolls": u["review_work"]["rolls"][::-1], "total": n}}
    forget_reviews()
    again = ok(other, {"type": "review", "rolls": 8})
    assert again["review_work"]["rolls"] == u["review_work"]["rolls"]


def test_a_review_worked_out_during_play_is_shown_by_one_step() -> None:
    """Issue 44: the static book's page works the review out while the game is played
    (``worker.ahead_json``: the board state's record and revision in, the rolls left out,
    the state untouched); the Review button's steps take the kept rolls beyond their count,
    so a review worked out to the end is shown whole (the luck too) by the first step, and
    one worked out halfway is judged that far and 8 rolls more by it. Records that do not
    load have nothing to work out."""
    from puffteach.widget import worker

    s = _finished()
    forget_reviews()
    whole = ok(s, {"type": "review"})["review"]  # worked out afresh, in one step
    n = len(whole["rolls"])
    assert n > 20
    forget_reviews()
    arg = json.dumps({"record": s["record"], "rev": s["rev"]})
    lefts = [json.loads(worker.ahead_json(arg, 0))["left"] for _ in range(n // 2)]
    assert lefts == list(range(n - 1, n - n // 2 - 1, -1))  # a roll a call, with no time
    t = ok(s, {"type": "review", "rolls": 8})
    assert len(t["review_work"]["rolls"]) == n // 2 + 8 and t["review"] is None
    forget_reviews()
    for _ in range(n):
        left = json.loads(worker.ahead_json(arg, 0))["left"]
    assert left == 0
    t = ok(s, {"type": "review", "rolls": 8})
    assert t["review_work"] is None and t["review"] == whole
    assert t["message"] == "The game is reviewed: see the panel under the board."
    # the work ahead finds its game from the steps' cache or from the record alone
    assert json.loads(worker.ahead_json(json.dumps({"record": s["record"]})))["left"] == 0
    for bad in ("not json", "[]", '{"record": 5}', json.dumps({"record": {"rules": "nope"}})):
        assert json.loads(worker.ahead_json(bad)) == {"left": 0}, bad
    assert json.loads(worker.ahead_json(json.dumps({"record": fresh()["record"]}))) == {"left": 0}


def test_review_shows_a_roll_on_the_board_with_the_better_play() -> None:
    """A roll of the review, shown: the board replays the game to that roll's dice (the
    position before it, the dice rolled, nothing moved), the review's line is the verdict and
    the better play its arrows; the review stays for the next roll and for replay steps, and
    goes when a new move makes it another game."""
    from puffteach.game import Game

    s = _finished()
    refused(s, {"type": "review_show", "index": 0}, "ask for the review")
    s = ok(s, {"type": "review"})
    rolls = s["review"]["rolls"]
    for bad in (-1, len(rolls), True, "3", None):
        refused(s, {"type": "review_show", "index": bad}, f"it has {len(rolls)} rolls")
    i = next(k for k, x in enumerate(rolls) if x["verdict"] in ("bad", "very-bad"))
    t = ok(s, {"type": "review_show", "index": i})
    game = Game.load(s["record"])
    before = game.history[i - 1].position if i else game.start
    assert t["replay"] and t["position"] == str(before)
    assert sorted(t["dice"]) == sorted(rolls[i]["dice"])
    assert len(t["history"]) == i  # the rolls before it, not this one
    v = t["verdict"]
    assert v["best"] == rolls[i]["best"] != rolls[i]["played"]
    better = " ".join(rolls[i]["best"])
    assert v["text"] == f"{rolls[i]['text']}. Better was {better} (arrows on the board).", v
    # the arrows are the better play's moves, one for each (bräde: White's path is physical)
    from puffteach.explain import parse_move

    assert [(a["from"], a["to"]) for a in v["arrows"]] == [
        parse_move(m.rstrip("*")) for m in rolls[i]["best"]
    ]
    assert t["message"].startswith(f"Roll {i + 1} of the game"), t["message"]
    assert t["review"] == s["review"]
    # a replay step keeps the review (the same game), drops the verdict
    u = ok(t, {"type": "replay_goto", "index": 2})
    assert u["review"] == s["review"] and u["verdict"] is None
    # a move of its own in the replay makes another game: the review goes
    # (White is the random player here: it finishes the roll the reader began, with legal
    # steps, not with the steps it once planned for that roll, which no longer fit)
    w = ok(t, {"type": "move", "move": t["legal_moves"][0]})
    assert not w["replay"] and w["review"] is None
    mine = Game.load(w["record"])  # the record replays: every step legal
    assert len(mine.history) > i
    assert str(mine.history[i].moves[0]).rstrip("*") == t["legal_moves"][0].rstrip("*")
