"""The board's computer opponent, hint, tutor, review and odds panel (issue 10).

An adapter between :mod:`puffteach.widget.protocol` and :mod:`puffteach.players`: nothing
here knows a rule; the players, the hint, the tutor and :mod:`puffteach.odds` do the work.

- **Computer players.** This module registers (on import, through
  :func:`~puffteach.widget.core.register_player`) one protocol player per level (``random``
  and :data:`~puffteach.players.search.MATCH_LEVELS`); the board lists the rule set's ladder
  (``state["levels"]``, :func:`puffteach.players.ladder.ladder`). A player takes the optional
  decisions (RV 4a, 15, 25) by its own evaluation (:mod:`puffteach.players.decide`). When
  its side is to act, a player rolls (the board's seeded dice), then chooses the whole play
  once (``Player.choose``, its noise drawn from a generator seeded by the game's seed and roll
  count, so a board replays the same game) and hands it over one step at a time
  (``name_pasch``, ``move``). The protocol's autoplay applies them; the states in between
  become ``computer_steps`` (drawing, message, where the step landed), which a front end
  shows one by one before the final state, and ``computer_message`` says everything the
  computer did (for the live region).
- **Actions** added to the protocol: ``hint`` (the best plays of the roll in progress, ranked,
  with reasons; the best one as arrows), ``tutor`` ``{"on": bool}`` (after each roll of a
  human side, a verdict and the better play as arrows), ``review`` (a finished game judged
  roll by roll), ``odds`` ``{"on": bool}`` (pip counts, entering chances, the shots at the
  selected blot).

Arrows are ``{"from": place, "to": place, "path": [from, to]}`` with places as the protocol
names them (physical points 1-24, pools ``w0``/``b0``/``w25``/``b25``) and the mover's path
numbers of the move; the front end draws them over the board (on a phone's half board an arrow
into the half not shown is cut at the edge and labelled there with that end's path number).
"""

from __future__ import annotations

import json
import random
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from ..color import Color
from ..messages import Message, Number
from ..movegen import Play
from ..movegen import begin_roll as _turns  # every plan of a roll, checked
from ..players.ladder import LADDER_ORDER
from ..position import Position
from ..rules import RuleSet, rules
from .core import (
    Action,
    Ctx,
    PlayerHook,
    Refusal,
    State,
    checkin,
    checkout,
    got,
    refuse,
    register_action,
    register_after_human,
    register_finish,
    register_player,
)
from .derive import can_reroll
from .events import game_over, playing
from .places import place
from .replay import goto
from .words import lang_of, render

if TYPE_CHECKING:
    from ..game import Game
    from ..players.hint import RollReview

#: every level a board registers as a computer player, weakest first: each family's ladder
#: is a prefix of it, and a board lists its rule set's own (``state["levels"]``,
#: :func:`puffteach.players.ladder.ladder`)
BOARD_LEVELS: Final = LADDER_ORDER
#: the level of the hint and the tutor
COACH_LEVEL: Final = "expert"
#: how many plays a hint lists
HINT_TOP: Final = 3

# a computer's chosen play, by the game (record head and events up to its roll) and level
_PLANS: OrderedDict[str, list[Action]] = OrderedDict()
_PLANS_SIZE: Final = 64


# --------------------------------------------------------------------------- computer players


def _roll_index(events: list[Any]) -> int:
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], list) and events[i] and events[i][0] == "roll":
            return i
    return -1


def _arrows(rs: RuleSet, side: Color, moves: Any) -> list[dict[str, Any]]:
    """The arrows of a play's moves (``Move``s, or moves written as text: ``"12/15*"``): the
    places they join and, as ``path``, the mover's path numbers (the board names an end that
    lies on the half of a phone's board not shown)."""
    from ..explain import parse_move

    out = []
    for m in moves:
        frm, to = parse_move(m.rstrip("*")) if isinstance(m, str) else (m.frm, m.to)
        out.append({"from": place(rs, side, frm), "to": place(rs, side, to), "path": [frm, to]})
    return out


def _plays_of(play: Play) -> list[dict[str, Any]]:
    acts: list[dict[str, Any]] = []
    if play.plan.named is not None:
        acts.append({"type": "name_pasch", "x": play.plan.named})
    acts.extend({"type": "move", "move": str(m)} for m in play.moves)
    return acts


def _step_of(step: Any) -> tuple[str, str]:
    """A step of a roll as a record event (``["move", "1/4*"]``) or a planned action
    (``{"type": "move", "move": "1/4"}``) says it, in one form to compare them."""
    if isinstance(step, dict):
        kind, value = (
            ("name", step.get("x")) if step["type"] == "name_pasch" else ("move", step.get("move"))
        )
    else:
        kind, value = step[0], step[1]
    return kind, str(value).rstrip("*")


def _hook(level: str) -> PlayerHook:
    def hook(state: State) -> Action | None:
        decided = _decision(level, state)  # RV 4a, 15, 25 (players.decide)
        if decided is not None:
            return decided
        if state.get("can_roll"):
            return {"type": "roll"}
        if state.get("can_end_roll"):
            return {"type": "end_roll"}
        events = state["record"].get("events", [])
        i = _roll_index(events)
        if i < 0:
            return None
        record = state["record"]
        head = [record.get("rules"), record.get("start"), record.get("opening"), events[: i + 1]]
        key = level + json.dumps(head, sort_keys=True, default=str)
        taken = [_step_of(e) for e in events[i + 1 :] if e and e[0] in ("name", "move")]
        done = len(taken)
        plan = _PLANS.get(key)
        if plan is not None and [_step_of(a) for a in plan[:done]] != taken:
            plan = None  # someone else began this roll (a move of one's own in a replay)
        if plan is None:
            if done:  # a roll begun by a human: its legal steps, the first one each time
                moves = state.get("legal_moves") or []
                return {"type": "move", "move": moves[0]} if moves else None
            from ..players.search import player

            rs = rules(state["rules"])
            pos = Position.parse(state["position"])
            rng = random.Random(f"{state['seed']}:{state['rolls']}:{level}")
            chosen = player(level, rng=rng).choose(rs, pos, tuple(state["dice"]))
            plan = _plays_of(chosen)
            _PLANS[key] = plan
            while len(_PLANS) > _PLANS_SIZE:
                _PLANS.popitem(last=False)
        if done < len(plan):
            return plan[done]
        moves = state.get("legal_moves") or []
        return {"type": "move", "move": moves[0]} if moves else None

    return hook


def _decision(level: str, state: State) -> Action | None:
    """The optional decision a computer player takes now, by its own evaluation
    (:mod:`puffteach.players.decide`): give up (RV 4a), roll one die (RV 15), refuse a fresh
    roll (RV 25); None when it takes none (the random player never does). Naming a
    generalpasch comes with the chosen play (``_plays_of``)."""
    if level == "random" or not (
        state.get("can_resign") or state.get("can_roll_one_die") or state.get("can_reroll")
    ):
        return _resign_after_roll(level, state)
    from ..players import decide
    from ..players.search import LEVELS, SearchPlayer

    rs = rules(state["rules"])
    pos = Position.parse(state["position"])
    p = SearchPlayer(replace(LEVELS[level], noise=0.0))
    if state.get("can_resign"):
        d = decide.resign_choice(p, rs, pos)
        if d is not None and d.take:
            return {"type": "resign"}
    if state.get("can_roll_one_die"):
        d = decide.one_die_choice(p, rs, pos)
        return {"type": "roll", "one_die": d is not None and d.take}
    if state.get("can_reroll") and state.get("dice"):  # no step taken: pos is the roll's start
        d = decide.reroll_choice(p, rs, pos, tuple(state["dice"]))
        if d is not None and d.take:
            return {"type": "reroll"}
    return _resign_after_roll(level, state)


def _resign_after_roll(level: str, state: dict[str, Any]) -> dict[str, Any] | None:
    """Give up after seeing a fresh roll (RV 4a, revised), if the player's evaluation says so
    and the family allows it; None otherwise."""
    events = state["record"].get("events", [])
    if level == "random" or not events or _roll_index(events) != len(events) - 1:
        return None
    if state.get("can_roll") or not state.get("dice") or state.get("outcome"):
        return None
    from ..players import decide
    from ..players.search import LEVELS, SearchPlayer

    rs = rules(state["rules"])
    pos = Position.parse(state["position"])  # no step taken: the roll's start
    p = SearchPlayer(replace(LEVELS[level], noise=0.0))
    d = decide.resign_after_roll_choice(p, rs, pos, tuple(state["dice"]))
    return {"type": "resign"} if d is not None and d.take else None


# --------------------------------------------------------------------------- helpers


def _refuse(key: str, **params: object) -> Refusal:
    return Refusal(Message.of(f"widget.{key}", **params))


def _bool(action: Action, name: str) -> bool:
    value = action.get("on")
    if not isinstance(value, bool):
        raise refuse("bool_bad", option=name, got=got(value))
    return value


def _lang(state: State) -> str:
    return lang_of(state)


def _text(state: State, message: Message) -> str:
    return render(message, state)


def _moves_text(state: dict[str, Any], moves: Any) -> str:
    shown = " ".join(str(m) for m in moves)
    return shown or _text(state, Message.of("board.history.none"))


# --------------------------------------------------------------------------- hint


def _a_hint(ctx: Ctx, action: Action) -> None:
    from ..players import decide
    from ..players.hint import Hint, ranked, reasons
    from ..players.ladder import hint_levels
    from ..players.search import LEVELS, SearchPlayer

    game: Game = playing(ctx)
    level = action.get("level", COACH_LEVEL)
    if level not in hint_levels(game.rules):
        levels = ", ".join(hint_levels(game.rules))
        raise _refuse("level_bad", got=got(level), levels=levels)
    t = game.turn
    if t is None:
        if game.is_over():
            raise game_over(game)
        raise _refuse("hint_roll_first")
    if t.done:
        raise _refuse("hint_nothing")
    rs = game.rules
    dice = tuple(game.dice or t.plan.dice)
    # a fresh roll: every plan (a generalpasch's too); mid-roll: the rest of this roll
    turns = [t] if t.moves and not game.generalpasch_available() else _turns(rs, t.start, dice)
    p = SearchPlayer(replace(LEVELS[level], noise=0.0))
    best_plays = ranked(p, rs, turns)[:HINT_TOP]
    me = t.start.turn
    state = ctx.state
    plays = []
    for play, est in best_plays:
        h = Hint(play, est, reasons(rs, t.start, play))
        plays.append(
            {
                "moves": [str(m) for m in play.moves],
                "named": play.plan.named,
                "equity": round(est.equity, 3),
                "win": round(est.win, 3),
                "text": _moves_text(state, play.moves),
                "label": _text(
                    state,
                    Message.of(
                        "widget.hint_play",
                        moves=_moves_text(state, play.moves),
                        equity=Number(est.equity, 3, signed=True),
                    ),
                ),
                "reasons": [_text(state, m) for m in h.reasons],
            }
        )
    best = best_plays[0][0]
    fresh = not t.moves and (game.generalpasch_available() or can_reroll(game))
    chosen = decide.for_roll(p, rs, t.start, dice) if fresh else []
    state["hint"] = {
        "rev": state.get("rev"),
        "level": level,
        "plays": plays,
        "arrows": _arrows(rs, me, best.moves),
        "decisions": [_text(state, d.message) for d in chosen],
    }
    ctx.say(
        Message.of(
            "widget.hint",
            moves=_moves_text(state, best.moves),
            equity=Number(best_plays[0][1].equity, 3, signed=True),
            win=Number(100 * best_plays[0][1].win, 0),
        )
    )


# --------------------------------------------------------------------------- tutor


def _a_tutor(ctx: Ctx, action: Action) -> None:
    on = _bool(action, "on")
    ctx.state["tutor"] = on
    if not on:
        ctx.state["verdict"] = None
    ctx.say(Message.of("widget.tutor_on" if on else "widget.tutor_off"))


def _verdict(state: dict[str, Any], game: Game, index: int) -> dict[str, Any] | None:
    """The tutor's verdict on the roll ``game.history[index]``."""
    from ..players.hint import tutor

    rs = game.rules
    rec = game.history[index]
    pos = game.history[index - 1].position if index else game.start
    turns = [t for t in _turns(rs, pos, rec.dice) if t.plan.named == rec.named]
    if not turns:
        return None
    played = Play(rec.moves, rec.forfeited, rec.position, rec.outcome, turns[0].plan, rec.again)
    v = tutor(rs, pos, rec.dice, played, level=COACH_LEVEL)
    side = rec.side
    text = _text(
        state,
        Message.of(
            "widget.verdict",
            side=side,
            moves=_moves_text(state, rec.moves),
            verdict=v.message,
        ),
    )
    if v.verdict != "best":
        text += " " + _text(
            state, Message.of("widget.verdict_best", moves=_moves_text(state, v.best.moves))
        )
    return {
        "verdict": v.verdict,
        "lost": round(v.lost, 3),
        "side": side.letter,
        "text": text,
        "played": [str(m) for m in rec.moves],
        "best": [str(m) for m in v.best.moves],
        "arrows": [] if v.verdict == "best" else _arrows(rs, rec.side, v.best.moves),
    }


def _whole(state: dict[str, Any]) -> tuple[Any, ...]:
    """A game as its record and the events a replay has still to come."""
    record = state.get("record") or {}
    events = [*record.get("events", []), *(state.get("future") or [])]
    return (record.get("rules"), record.get("start"), record.get("opening"), events)


def after_human(old: State, action: Action, new: State) -> State:
    """After a human's action (before the computer acts): the tutor's verdict when a roll of a
    human side has just ended; a hint of an earlier moment is dropped."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind != "hint":
        new["hint"] = None
    if kind in ("new_game", "load", "set_position", "undo", "redo", "replay_goto"):
        new["verdict"] = None
    if (new.get("review") or new.get("review_work")) and _whole(new) != _whole(old):
        new["review"] = new["review_work"] = None  # another game: another review
    if not new.get("tutor") or kind not in ("move", "click", "end_roll", "name_pasch"):
        return new
    before = len(old.get("history") or [])
    if len(new.get("history") or []) <= before:
        return new
    entry = checkout(new)
    try:
        game = entry.game
        index = len(game.history) - 1
        if index < 0 or new["players"].get(game.history[index].side.letter) != "human":
            return new
        out = dict(new)
        # said once: the board shows the verdict on its own line (issue 44 item 10), not also
        # in the message
        out["verdict"] = _verdict(new, game, index)
        return out
    except (ValueError, KeyError) as e:  # pragma: no cover - the tutor fails: no verdict
        return {**new, "verdict": None, "message": f"{new.get('message')} ({e})"}
    finally:
        checkin(entry)


# --------------------------------------------------------------------------- review


def _review_done(state: dict[str, Any], game: Game) -> list[RollReview]:
    """The rolls an unfinished review of ``game`` has judged so far (none if what is kept is
    not that: the state comes back from the front end)."""
    from ..players.hint import RollReview

    work = state.get("review_work")
    if not isinstance(work, dict) or not isinstance(work.get("rolls"), list):
        return []
    try:
        done = [RollReview.from_state(x) for x in work["rolls"]]
    except ValueError:  # not what a review step keeps: judge the game again
        return []
    if len(done) > len(game.history) or any(
        (int(x.side), x.dice) != (rec.side, rec.dice)
        for x, rec in zip(done, game.history, strict=False)
    ):
        return []  # the rolls of another game
    return done


def _a_review(ctx: Ctx, action: Action) -> None:
    """The game's review: every roll judged at once, or with ``{"rolls": n}`` in steps (the
    board's button): first the plays, ``n`` rolls a step, the rolls judged so far kept in
    ``review_work`` and the step saying how far it is; once every play is judged the review
    is shown (``review``, its ``luck_pending`` true) and the next steps measure the luck of
    ``n`` rolls each (``review_work["lucky"]``: how many have it) until the last one fills it
    in (a review of a long game takes seconds in the browser, the luck most of them: so the
    page shows the verdicts first, and New game or Undo stops it). Rolls the engine has kept
    (``hint.review_ahead``: worked out while the game was played) cost a step nothing: a step
    takes them beyond its ``n``, and the luck too in the step that judges the last plays when
    every roll's luck is kept, so a review worked out ahead is shown whole by one step."""
    from ..players.hint import kept_rolls, review_luck, review_rolls

    game: Game = ctx.game
    if not game.is_over():
        raise _refuse("review_not_over")
    budget = action.get("rolls")
    if budget is not None and (
        not isinstance(budget, int) or isinstance(budget, bool) or budget < 1
    ):
        raise _refuse("review_rolls_bad", got=got(budget))
    state = ctx.state
    if budget is not None and state.get("review") and not state.get("review_work"):
        ctx.say(Message.of("widget.review_done"))  # a step more than needed: keep the review
        return
    done = _review_done(state, game)
    work = state.get("review_work")
    lucky = work.get("lucky") if isinstance(work, dict) else None
    lucky = lucky if isinstance(lucky, int) and 0 <= lucky <= len(done) else 0
    count = None if budget is None else budget + kept_rolls(game, COACH_LEVEL, len(done))
    new, total = review_rolls(game, COACH_LEVEL, start=len(done), count=count, luck=False)
    done = (done + new)[:total]
    if len(done) < total:
        state["review"] = None
        state["review_work"] = {"rolls": [x.to_state() for x in done], "total": total}
        ctx.say(Message.of("widget.review_progress", done=len(done), total=total))
        return
    kept = kept_rolls(game, COACH_LEVEL, lucky, luck=True)
    # every play judged before this step (or every roll's luck kept): measure the luck
    if not new or budget is None or lucky + kept >= total:
        lucks, _ = review_luck(game, start=lucky, count=None if budget is None else budget + kept)
        done[lucky : lucky + len(lucks)] = [
            replace(x, luck=v) for x, v in zip(done[lucky:], lucks, strict=False)
        ]
        lucky += len(lucks)
    if lucky < total:
        state["review"] = _review_shown(state, game, done, pending=True)
        state["review_work"] = {
            "rolls": [x.to_state() for x in done],
            "total": total,
            "lucky": lucky,
        }
        ctx.say(Message.of("widget.review_luck_progress", done=lucky, total=total))
        return
    state["review_work"] = None
    state["review"] = _review_shown(state, game, done, pending=False)
    ctx.say(Message.of("widget.review_done"))


def _review_shown(
    state: dict[str, Any], game: Game, done: list[RollReview], pending: bool
) -> dict[str, Any]:
    """The review the board shows of the judged rolls ``done``; ``pending``: their luck is
    not measured yet (the texts leave it out, the chart shades no roll)."""
    from ..players.hint import summarize

    r = summarize(done, game.rules.family)
    side_key = "widget.review_side_judged" if pending else "widget.review_side"
    roll_key = "widget.review_roll_judged" if pending else "widget.review_roll"
    sides = []
    for side in (Color.WHITE, Color.BLACK):
        c = side.letter
        decisions = sum(1 for x in r.rolls if x.side == side and x.choices)
        sides.append(
            {
                "side": c,
                "errors": len(r.errors[c]),
                "decisions": decisions,
                "error_rate": round(r.error_rate[c], 4),
                "rating": r.rating[c],
                "luck": None if pending else round(r.luck[c], 3),
                "text": _text(
                    state,
                    Message.of(
                        side_key,
                        side=side,
                        n=len(r.errors[c]),
                        d=decisions,
                        rate=Number(r.error_rate[c]),
                        band=Message.of(f"rating.{r.rating[c]}"),
                        luck=Number(r.luck[c], 2, signed=True),
                    ),
                ),
            }
        )
    rolls = []
    errors = {i for c in "wb" for i in r.errors[c]}
    for i, x in enumerate(r.rolls):
        verdict = Message.of(f"verdict.{x.verdict}", lost=Number(x.lost))
        rolls.append(
            {
                "side": x.side.letter,
                "dice": list(x.dice),
                "verdict": x.verdict,
                "error": i in errors,
                "luck": None if pending else round(x.luck, 3),
                "win": round(x.win, 3),
                "text": _text(
                    state,
                    Message.of(
                        roll_key,
                        n=i + 1,
                        side=x.side,
                        dice="-".join(map(str, x.dice)),
                        moves=_moves_text(state, x.played),
                        verdict=verdict,
                        luck=Number(x.luck, 2, signed=True),
                    ),
                ),
                "best": list(x.best),
                "played": list(x.played),
                "lost": round(x.lost, 4),
                "best_arrows": [] if x.best == x.played else _arrows(game.rules, x.side, x.best),
            }
        )
    from ..review_chart import ChartRoll, review_chart

    chart = review_chart(
        [
            ChartRoll(x.side.letter, x.win, x.verdict, i in errors, x.luck, str(rolls[i]["text"]))
            for i, x in enumerate(r.rolls)
        ],
        _text(state, Message.of("widget.review_chart")),
    )
    return {
        "sides": sides,
        "rolls": rolls,
        "level": COACH_LEVEL,
        "chart": chart,
        "luck_pending": pending,
    }


def _a_review_show(ctx: Ctx, action: Action) -> None:
    """Roll ``index`` of the review on the board: the game replayed to that roll's dice, the
    review's line for it as the verdict, and the better play (if there was one) as arrows. The
    review stays, so the next roll can be shown too; a new move leaves the replay and drops
    it (see :func:`after_human`)."""
    state = ctx.state
    review = state.get("review")
    if not review:
        raise _refuse("review_first")
    rolls = review["rolls"]
    index = action.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(rolls):
        raise _refuse("review_index", n=len(rolls), got=got(index))
    events = state["record"]["events"] + state["future"]
    starts = [k for k, e in enumerate(events) if e[0] == "roll"]
    if index >= len(starts):  # (a review of another record than the board's: none is kept)
        raise _refuse("review_first")
    goto(ctx, starts[index] + 1)
    ctx.msgs.clear()  # not "event k of n": the roll's own line below says where we are
    x = {"played": [], "best": [], "best_arrows": [], **rolls[index]}  # (an older state's review)
    text = x["text"]
    if (
        x["played"] and x["best"] != x["played"]
    ):  # the better play in words too (the arrows are not read)
        text += ". " + _text(  # (a review line has no full stop of its own)
            state, Message.of("widget.verdict_best", moves=_moves_text(state, x["best"]))
        )
    state["verdict"] = {
        "verdict": x["verdict"],
        "side": x["side"],
        "text": text,
        "played": x["played"],
        "best": x["best"],
        "arrows": x["best_arrows"],
    }
    ctx.say(Message.of("widget.review_shown", n=index + 1))


# --------------------------------------------------------------------------- odds


def _a_odds(ctx: Ctx, action: Action) -> None:
    on = _bool(action, "on")
    ctx.state["odds_on"] = on
    ctx.say(Message.of("widget.odds_on" if on else "widget.odds_off"))


def odds_panel(state: dict[str, Any]) -> dict[str, Any] | None:
    """Pip counts, entering chances and the shots at the selected blot (exact, from
    :mod:`puffteach.odds`), as lines of text; None when the panel is off."""
    from ..odds import enter_chance, hit_rolls
    from ..odds import pips as pip_count

    if not state.get("odds_on") or state.get("setup"):
        return None
    rs = rules(state["rules"])
    pos = Position.parse(state["position"])
    lines = []
    pips = {}
    for side in (Color.WHITE, Color.BLACK):
        pips[side.letter] = pip_count(pos, side)
        lines.append(_text(state, Message.of("widget.odds_pips", side=side, n=pips[side.letter])))
    for side in (Color.WHITE, Color.BLACK):
        if pos.side(side)[0] and not state.get("outcome"):
            ch = enter_chance(rs, pos, side)
            lines.append(
                _text(
                    state,
                    Message.of("widget.odds_enter", side=side, pct=Number(100 * float(ch), 0)),
                )
            )
    sel = state.get("selected")
    shots = None
    if sel and isinstance(sel.get("point"), int):
        me = pos.turn
        frm = sel.get("from")
        if isinstance(frm, int) and 1 <= frm <= 24 and pos.side(me)[frm] == 1:
            n = hit_rolls(rs, pos, me, frm)
            shots = {"point": sel["point"], "rolls": n}
            lines.append(_text(state, Message.of("widget.odds_shots", point=sel["point"], n=n)))
    return {"pips": pips, "shots": shots, "lines": lines}


def finish(new: State, frames: list[State], said: list[str]) -> State:
    """The final state of a step: the computer's steps to show one by one, what it said and
    the odds panel."""
    out = dict(new)
    out["computer_steps"] = [
        {"svg": f.get("svg"), "message": f.get("message"), "last_to": f.get("last_to")}
        for f in frames
    ]
    out["computer_message"] = " ".join(s for s in said if s) if frames else ""
    from ..players.ladder import ladder

    out["levels"] = list(ladder(rules(out["rules"])))  # the board's level list (issue 43)
    try:
        out["odds"] = odds_panel(out)
    except ValueError:  # a position the odds cannot judge: no panel
        out["odds"] = None
    return out


#: the actions this module registers
ACTIONS: Final = {
    "hint": _a_hint,
    "tutor": _a_tutor,
    "review": _a_review,
    "review_show": _a_review_show,
    "odds": _a_odds,
}
for _name, _handler in ACTIONS.items():
    register_action(_name, _handler)
for _level in BOARD_LEVELS:
    register_player(_level, _hook(_level))
register_after_human(after_human)
register_finish(finish)
