"""Command line: ``python -m puffteach plays|explain|rules`` (design.md, "Command line").

Output is one JSON object on stdout. Bad input exits with status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import replace
from itertools import islice
from typing import Any, NoReturn

from .errors import DiceError, LocalizedError
from .explain import Explanation, explain_step
from .listing import (
    after_faces,
    count_face_plays,
    count_plays,
    count_turn_plays,
    iter_face_plays,
    iter_plays,
    iter_turn_plays,
)
from .messages import DEFAULT, LANGUAGES, Message, catalogue, glossary, help_lang
from .messages import text as message_text
from .movegen import begin, plans, push
from .position import Position
from .rules import RULES, RuleSet, describe, rules


class _UsageError(LocalizedError):
    """argparse's complaint (its own English words) after the command's name."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError("error.cli.usage", prog=self.prog, error=message)


def _parser(lang: str = DEFAULT) -> argparse.ArgumentParser:
    """The command line; its ``--help`` words (catalogue ``cli.*``) in ``lang``."""

    def h(key: str, **params: object) -> str:
        return message_text(f"cli.{key}", lang, **params).replace("%", "%%")

    p = _Parser(prog="puffteach", description=h("description"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in ("plays", "explain", "hint"):
        s = sub.add_parser(name, help=h(f"command.{name}"))
        s.add_argument("--rules", required=True, help=h("rules"))
        s.add_argument("--position", required=True, help=h("position"))
        s.add_argument("--dice", required=True, nargs="+", metavar="DIE", help=h("dice"))
        if name == "plays":
            s.add_argument("--limit", metavar="N", help=h("limit"))
            s.add_argument("--stage", metavar="1|2", help=h("stage"))
            s.add_argument("--after", metavar="MOVES", help=h("after"))
            s.add_argument("--named", metavar="X", help=h("named"))
        if name == "hint":
            s.add_argument("--level", default=None, help=h("level"))
            s.add_argument("--top", metavar="N", help=h("top"))
        if name == "explain":
            s.add_argument("--move", required=True, help=h("move"))
        _add_lang(s, h("lang", default=DEFAULT))
    sub.add_parser("serve", help=h("command.serve"), add_help=False)
    r = sub.add_parser("rules", help=h("command.rules"))
    r.add_argument("spec", nargs="?", help=h("spec"))
    _add_lang(r, h("lang", default=DEFAULT))
    g = sub.add_parser("glossary", help=h("command.glossary"))
    _add_lang(g, h("lang", default=DEFAULT))
    return p


def _add_lang(s: argparse.ArgumentParser, helptext: str) -> None:
    s.add_argument("--lang", choices=LANGUAGES, default=DEFAULT, help=helptext)


def _lang(argv: list[str]) -> str:
    """The ``--lang`` of a command line that parses (for its error line)."""
    try:
        return str(_parser().parse_args(argv).lang)
    except _UsageError:
        return DEFAULT


def _dice(values: list[str]) -> tuple[int, ...]:
    if len(values) > 2:
        raise DiceError("error.dice.cli_count", n=len(values))
    out = []
    for v in values:
        if not v.isdigit() or not 1 <= int(v) <= 6:
            raise DiceError("error.die", got=repr(v))
        out.append(int(v))
    return tuple(out)


def _limit(text: str | None) -> int | None:
    """``--limit N``: a positive integer."""
    if text is None:
        return None
    if not text.isdigit() or int(text) < 1:
        raise LocalizedError("error.cli.limit", got=repr(text))
    return int(text)


def cmd_plays(
    rs: RuleSet, pos: Position, dice: tuple[int, ...], limit: int | None = None
) -> dict[str, Any]:
    """Every play (``count`` of them), or with ``limit`` the first ``limit`` of them and
    ``truncated`` true when that leaves some out (``truncated`` is always there)."""
    plays = iter_plays(rs, pos, dice)
    if limit is None:
        found = list(plays)
        count = len(found)
    else:
        found = list(islice(plays, limit))
        count = len(found) if len(found) < limit else count_plays(rs, pos, dice)
    return {
        "rules": rs.name,
        "position": str(pos),
        "dice": list(dice),
        "count": count,
        "truncated": count > len(found),
        "plays": [p.to_json() for p in found],
    }


def _stage(text: str | None) -> int | None:
    """``--stage 1`` or ``--stage 2``."""
    if text is None:
        return None
    if text not in ("1", "2"):
        raise LocalizedError("error.cli.stage", got=repr(text))
    return int(text)


def cmd_stage(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, ...],
    stage: int,
    after: str | None = None,
    named: str | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """``plays --stage``: the first stage (the ways to play the rolled faces of a later pasch,
    each with ``remaining``, the dice still due) or the second (the completions of the
    first-stage result ``after``), with ``count`` and ``truncated`` as in :func:`cmd_plays`."""
    out: dict[str, Any] = {"rules": rs.name, "position": str(pos), "dice": list(dice)}
    out["stage"] = stage
    if stage == 1:
        if after is not None or named is not None:
            raise LocalizedError("error.cli.stage_after")
        found = list(islice(iter_face_plays(rs, pos, dice), limit))
        count = len(found) if limit is None or len(found) < limit else None
        if count is None:
            count = count_face_plays(rs, pos, dice)
    else:
        if after is None:
            raise LocalizedError("error.cli.stage_needs_after")
        moves = [m for m in re.split(r"[\s,]+", after.strip()) if m]
        x = None if named is None else _dice([named])[0]
        t = after_faces(rs, pos, dice, moves, x)
        out["after"] = [str(m) for m in t.moves]
        out["named"] = x
        found = list(islice(iter_turn_plays(t), limit))
        count = len(found) if limit is None or len(found) < limit else count_turn_plays(t)
    out["count"] = count
    out["truncated"] = count > len(found)
    out["plays"] = [{**p.to_json(), "remaining": list(p.remaining)} for p in found]
    return out


def cmd_explain(
    rs: RuleSet, pos: Position, dice: tuple[int, ...], moves: str, lang: str = DEFAULT
) -> dict[str, Any]:
    """``explain``: the moves are played in order and the answer is about the first one
    refused, or the last when all are legal. With several moves the reason says which one
    ("move i of n (m): ..."; the JSON keeps design.md's five keys)."""
    texts = [m for m in re.split(r"[\s,]+", moves.strip()) if m]
    if not texts:
        raise LocalizedError("error.cli.move_missing")
    first: tuple[Explanation, int] | None = None
    for plan in plans(rs, pos, dice):
        t = begin(rs, pos, plan)
        e: Explanation | None = None
        at = 0
        for at, text in enumerate(texts):
            e = explain_step(t, text)
            if not e.legal or e.step is None or at == len(texts) - 1:
                break
            t = push(t, e.step)
        assert e is not None
        if e.legal and plan.named is not None:
            what = Message.of("generalpasch.played_as", reason=e.what, x=plan.named)
            e = Explanation(True, what, "generalpasch", e.step)
        if e.legal:
            return _which(e, texts, at, lang)
        if first is None:
            first = (e, at)
    assert first is not None
    return _which(first[0], texts, first[1], lang)


def _which(e: Explanation, texts: list[str], at: int, lang: str) -> dict[str, Any]:
    """The explanation's JSON; for several moves, which of them it is about."""
    if len(texts) == 1:
        return e.to_json(lang)
    what = Message.of("explain.which", i=at + 1, n=len(texts), move=texts[at], reason=e.what)
    return replace(e, what=what).to_json(lang)


def cmd_hint(
    rs: RuleSet,
    pos: Position,
    dice: tuple[int, ...],
    level: str | None = None,
    top: str | None = None,
    lang: str = DEFAULT,
) -> dict[str, Any]:
    """``hint``: the ``--top`` best plays (default 5) at ``--level``, best first, each with
    its equity, win chance and reasons (:func:`puffteach.players.hint.hint`)."""
    from .players.decide import decisions
    from .players.hint import hint
    from .players.ladder import check_hint_level
    from .players.search import DEFAULT_LEVEL

    n = 5
    if top is not None:
        if not top.isdigit() or int(top) < 1:
            raise LocalizedError("error.cli.top", got=repr(top))
        n = int(top)
    lv = check_hint_level(rs, DEFAULT_LEVEL if level is None else level)
    plays = hint(rs, pos, dice, lv, n)
    return {
        "rules": rs.name,
        "position": str(pos),
        "dice": list(dice),
        "level": lv,
        "plays": [h.to_json(lang) for h in plays],
        "decisions": [d.to_json(lang) for d in decisions(rs, pos, dice, lv)],
    }


def cmd_rules(spec: str | None, lang: str = DEFAULT) -> dict[str, Any]:
    """Every preset, code and rule (or one rule set described), the words in ``lang``."""
    from .families import FAMILIES
    from .rules import ALL_PRESETS

    if spec is None:
        codes = {f.name: list(f.option_codes()) for f in FAMILIES.values()}
        return {
            # a preset's title from the catalogue; a family plugged in from outside the
            # package may bring none, and then its rule set's own title is shown
            "presets": {
                k: catalogue(lang).get(f"preset.{k}") or rules(k).title for k in ALL_PRESETS
            },
            "codes": codes,
            "rules": {
                r.id: {"source": r.source, "section": r.section, "summary": r.summary_text(lang)}
                for r in RULES.values()
            },
        }
    return describe(rules(spec), lang)


def run(argv: list[str]) -> dict[str, Any]:
    args = _parser().parse_args(argv)
    if args.command == "rules":
        return cmd_rules(args.spec, args.lang)
    if args.command == "glossary":
        return {
            "lang": args.lang,
            "title": message_text("glossary.title", args.lang),
            "terms": glossary(args.lang),
        }
    rs = rules(args.rules)
    pos = Position.parse(args.position, rs)
    dice = _dice(args.dice)
    if args.command == "plays":
        stage = _stage(args.stage)
        if stage is not None:
            return cmd_stage(rs, pos, dice, stage, args.after, args.named, _limit(args.limit))
        if args.after is not None or args.named is not None:
            raise LocalizedError("error.cli.stage_after")
        return cmd_plays(rs, pos, dice, _limit(args.limit))
    if args.command == "hint":
        return cmd_hint(rs, pos, dice, args.level, args.top, args.lang)
    return cmd_explain(rs, pos, dice, args.move, args.lang)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:  # the class server: imported only here (the engine needs none of it)
        from .server.cli import main as serve

        return serve(argv[1:])
    if any(a in ("-h", "--help") for a in argv):
        try:
            _parser(help_lang(argv)).parse_args(argv)
        except SystemExit:
            return 0
        except _UsageError:
            pass  # not a request for help after all (e.g. an unknown command): report below
    try:
        result = run(argv)
    except _UsageError as e:
        print(str(e).splitlines()[0], file=sys.stderr)
        return 2
    except LocalizedError as e:  # the engine's words, in the language asked for
        text = e.text(_lang(argv)) or type(e).__name__
        print(f"puffteach: {text.splitlines()[0]}", file=sys.stderr)
        return 2
    except (ValueError, KeyError) as e:
        # a KeyError's str() is the repr of its key: unwrap that, keep every other text whole
        arg = e.args[0] if isinstance(e, KeyError) and len(e.args) == 1 else None
        msg = (arg if isinstance(arg, str) else str(e)) or type(e).__name__
        print(f"puffteach: {msg.splitlines()[0]}", file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - never a traceback on the command line
        line = message_text(
            "error.cli.internal", help_lang(argv), kind=type(e).__name__, error=str(e)
        )
        print(f"puffteach: {line.splitlines()[0]}", file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False))
    return 0
