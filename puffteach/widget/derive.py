"""The derived fields of a state (what a front end shows), recomputed after every step from the
state's game: the position, the dice, the legal moves and targets, what may be done now, the
history, the outcome and the drawing."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..color import Color
from ..families import family_of
from ..game import Game
from ..messages import DEFAULT
from ..movegen import plans
from ..position import Position
from ..rules import RuleSet
from ..svg import draw_apart
from .core import SIDES, Entry, State
from .events import refusal_of
from .places import place, targets
from .words import history_line, lang_of, outcome_line, text_in, ui_words


def dice_view(game: Game, lang: str = DEFAULT) -> tuple[list[dict[str, Any]], str | None]:
    """Every move of the current (or last) roll in order, with its status, and the roll's name."""
    t = game.turn
    if t is not None:
        plan, moves, forfeited = t.plan, t.moves, t.forfeited
    elif game.history:
        rec = game.history[-1]
        prev = game.history[-2].position if len(game.history) > 1 else game.start
        try:
            plan = next(p for p in plans(game.rules, prev, rec.dice) if p.named == rec.named)
        except (StopIteration, ValueError):
            return [], None
        moves, forfeited = rec.moves, rec.forfeited
    else:
        return [], None
    seq, name = plan.seq, "-".join(map(str, plan.dice))
    if plan.named is not None:
        name = text_in("board.event.name", lang, x=plan.named)
    traditional = family_of(game.rules).roll_name(game.rules, plan.dice)  # bräde RV 23
    if traditional:
        name = f"{traditional} ({name})"
    used = Counter(m.die for m in moves)
    lost = Counter(forfeited)
    out = []
    for v in seq:
        if used[v]:
            used[v] -= 1
            status = "used"
        elif lost[v]:
            lost[v] -= 1
            status = "forfeited"
        else:
            status = "due"
        out.append({"value": v, "status": status})
    return out, name


def can_reroll(game: Game) -> bool:
    """Bräde RV 25, as ``Game.reroll`` checks it (once per game, right after rolling)."""
    t = game.turn
    return t is not None and not t.moves and refusal_of(game, game.reroll) is None


#: what a position being set up shows: no dice, no moves, nothing to do but compose
_SETUP_FIELDS: dict[str, Any] = {
    "dice": None,
    "remaining": [],
    "dice_view": [],
    "roll_name": None,
    "legal_moves": [],
    "targets": [],
    "selected": None,
    "can_roll": False,
    "can_roll_one_die": False,
    "one_die_due": False,
    "can_reroll": False,
    "can_resign": False,
    "can_name_pasch": False,
    "can_end_roll": False,
    "last_to": None,
}


def derive(state: State, entry: Entry) -> State:
    """Fill in ``state``'s derived fields from its game (``entry``); returns ``state``."""
    game = entry.game
    _derive_common(state, entry)
    setup = state.get("setup")
    if setup:
        pos = Position.parse(setup["position"])
        state.update(_SETUP_FIELDS, position=str(pos), to_move=SIDES[pos.turn])
        state["svg"], state["marks"] = draw(state, pos, game.rules, (), None, ())
        return state
    sel = _derive_turn(state, game)
    last = last_move(game)
    state["last_to"] = None if last is None else place(game.rules, last[0], last[2])
    highlight = (sel["point"],) if sel else ()
    state["svg"], state["marks"] = draw(
        state, game.position, game.rules, highlight, last, tuple(state["targets"])
    )
    return state


def _derive_common(state: State, entry: Entry) -> None:
    """The fields shown in play and in set-up alike: words, replay place, history, outcome."""
    lang = lang_of(state)
    setup = state.get("setup")
    n_events = len(state["record"]["events"])
    state["ui"] = ui_words(lang)
    state["replay_index"] = n_events
    state["replay_length"] = n_events + len(state["future"])
    state["can_undo"] = not setup and n_events > 0
    state["can_redo"] = not setup and bool(state["future"])
    state["history"] = entry.history(lang, history_line)
    o = entry.game.outcome
    state["outcome"] = dict(o.to_json()) if o is not None else None
    state["outcome_line"] = outcome_line(o, lang) if o is not None else None


def _derive_turn(state: State, game: Game) -> dict[str, Any] | None:
    """The position, dice, moves, targets and what may be done now; returns the selection
    (dropped when the selected checker can no longer move)."""
    steps = game.legal_moves()
    sel = state.get("selected")
    if sel and not any(s.frm == sel.get("from") for s in steps):
        state["selected"] = sel = None
    shown, roll_name = dice_view(game, lang_of(state))
    last_dice = list(game.history[-1].dice) if game.history else None
    state.update(
        position=str(game.position),
        to_move=SIDES[game.position.turn],
        dice=list(game.dice) if game.dice else last_dice,
        remaining=list(game.remaining),
        dice_view=shown,
        roll_name=roll_name,
        legal_moves=[str(s) for s in steps],
        targets=targets(sel, game, steps),
    )
    state.update(_permissions(game))
    return sel


def _permissions(game: Game) -> dict[str, bool]:
    """The ``can_*`` fields: what the side to act may do now."""
    t = game.turn
    can_roll = t is None and not game.is_over()
    return {
        "can_roll": can_roll,
        "one_die_due": can_roll and game.one_die_required(),
        "can_roll_one_die": can_roll and game.one_die_allowed() and not game.one_die_required(),
        "can_reroll": can_reroll(game),
        "can_resign": can_roll
        and game.after_game is None
        and refusal_of(game, game.resign) is None,
        "can_name_pasch": game.generalpasch_available(),
        "can_end_roll": t is not None and t.done,
    }


def last_move(game: Game) -> tuple[Color, int, int] | None:
    """``(side, from, to)`` of the last step of the roll in progress or of the last roll."""
    t = game.turn
    if t is not None and t.moves:
        return (t.start.turn, t.moves[-1].frm, t.moves[-1].to)
    if t is None and game.history and game.history[-1].moves:
        rec = game.history[-1]
        return (rec.side, rec.moves[-1].frm, rec.moves[-1].to)
    return None


def draw(
    state: State,
    pos: Position,
    rs: RuleSet,
    highlight: tuple[Any, ...],
    last_move: tuple[Color, int, int] | None,
    targets: tuple[Any, ...],
) -> tuple[str, list[dict[str, Any]]]:
    """The board drawn with no place marked, and the marked places (the selected checker's
    and its targets) as ``[{"place", "svg"}, ...]``: their groups drawn marked, which a front
    end puts in place of theirs (``static/marks.js``; :func:`puffteach.svg.with_marks`). A
    click that only selects changes the marks, not the drawing, so its patch stays small."""
    view = state["view"]
    shown = state.get("dice_view") or []
    dice = tuple(d["value"] for d in shown) or None
    used = tuple(i for i, d in enumerate(shown) if d["status"] != "due")
    # a finished game: the line under the board says who won, how and the points
    o, line = state.get("outcome"), state.get("outcome_line")
    status: tuple[Color | None, str] | None = None
    if o and line and not state.get("setup"):
        winner = o.get("winner")
        status = (Color(SIDES.index(winner)) if winner in SIDES else None, str(line))
    drawing, marks = draw_apart(
        pos,
        rs,
        view=view["view"],
        flip=view["flip"],
        arrows=view["arrows"],
        highlight=highlight,
        targets=targets,
        last_move=last_move,
        dice=dice,
        used=used,
        lang=lang_of(state),
        interactive=True,
        size=view["size"],
        status=status,
    )
    return drawing, [{"place": place, "svg": group} for place, group in marks]
