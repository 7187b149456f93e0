"""The rules kernel: one check chain per family, one roll machine, no family tests outside the
family modules, an acyclic import graph, and the message catalogue."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puffteach import Position, rules
from puffteach.board import OFF
from puffteach.explain import explain_step
from puffteach.families import family_of
from puffteach.listing import legal_plays
from puffteach.messages import LANGUAGES, Message, catalogue, placeholders
from puffteach.movegen import begin, plans, push, step_end, turn_steps
from puffteach.rollout import opening, random_roll
from puffteach.rules import RULES
from puffteach.steps import Refusal, Step, apply_step

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "puffteach"

RULE_SETS = [
    "lang-puff",
    "kontrar-puff",
    "dubbel-kontrar-puff",
    "pierer-langer-puff",
    "pierer-contrapuff+exact-25",
    "gegenpuff",
    "lang-puff+long-puff-entry",
    "brade-family",
    "brade-standard+6b+7",
    "vasamuseet+3",
    "brade-family+9+8b",
    "brade-standard+10+5b",
]


def _positions(name: str, seed: int, n: int) -> list[Position]:
    rs = rules(name)
    rng = random.Random(f"kernel:{name}:{seed}")
    out = []
    pos = opening(rs, rng)
    while len(out) < n:
        roll = random_roll(rs, pos, rng)
        if roll.outcome is not None:
            pos = opening(rs, rng)
            continue
        pos = roll.position
        out.append(pos)
    return out


# --------------------------------------------------------------------------- the check chain


@pytest.mark.parametrize("name", RULE_SETS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), a=st.integers(1, 6), b=st.integers(1, 6), k=st.integers(0, 3))
def test_generation_and_explanation_agree(name: str, seed: int, a: int, b: int, k: int) -> None:
    """For random positions and dice, after ``k`` random steps: every step the machine lists
    explains as legal, and every other from/to a checker could try is refused with a known rule
    id and a message that renders."""
    rs = rules(name)
    pos = _positions(name, seed, 1)[0]
    try:
        options = plans(rs, pos, (a, b))
    except ValueError:
        return  # e.g. a bräde player bound to one-die rolls
    t = begin(rs, pos, options[0])
    rng = random.Random(seed)
    for _ in range(k):
        steps = turn_steps(t)
        if not steps:
            break
        t = push(t, rng.choice(steps))
    legal = {(s.frm, s.to) for s in turn_steps(t) if s.many == 1}
    own = t.pos.side(t.pos.turn)
    for frm in range(0, 25):
        for to in range(frm + 1, OFF + 1):
            text = f"{frm}/{'off' if to == OFF else to}"
            e = explain_step(t, text)
            assert e.rule in RULES, (text, e.rule)
            assert e.reason and "{" not in e.reason, (text, e.reason)
            if (frm, to) in legal:
                assert e.legal and e.step is not None and (e.step.frm, e.step.to) == (frm, to)
            else:
                assert not e.legal, f"{name} {t.pos} {t.remaining}: {text} explains as legal"
            if own[frm] and not e.legal and not t.done:
                assert e.rule, text


@pytest.mark.parametrize("name", RULE_SETS)
def test_step_end_is_where_push_leads(name: str) -> None:
    """``step_end`` (a step's position and early win without settling the roll, the review's
    luck walk ranks steps by it) is ``push``'s position and outcome for every legal step of
    every plan of every roll, at the start of a roll and part way through (random steps), from
    the first roll of a game on (bräde's six-out: a step of several checkers)."""
    rs = rules(name)
    rng = random.Random(f"step_end:{name}")
    starts = [opening(rs, random.Random(f"step_end:{name}:{i}")) for i in range(4)]
    checked = 0
    for pos in starts + _positions(name, 2, 16):
        for a in range(1, 7):
            for b in range(a, 7):
                try:
                    options = plans(rs, pos, (a, b))
                except ValueError:
                    continue  # e.g. a bräde player bound to one-die rolls
                for plan in options:
                    t = begin(rs, pos, plan)
                    while not t.done:
                        steps = turn_steps(t)
                        for step in steps:
                            pushed = push(t, step)
                            assert step_end(t, step) == (pushed.pos, pushed.outcome), (t, step)
                            checked += 1
                        t = push(t, rng.choice(steps))
    assert checked > 500


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_chain_generates_the_steps(name: str) -> None:
    """A family's ``steps`` are exactly the candidates its check chain answers with a Step."""
    rs = rules(name)
    fam = family_of(rs)
    for pos in _positions(name, 1, 30):
        for die in range(1, 7):
            got = fam.steps(rs, pos, die, None, False)
            own = pos.side(pos.turn)
            want = []
            for frm in range(0, 25):
                if own[frm]:
                    r = fam.check(rs, pos, frm, min(frm + die, OFF), die)
                    if isinstance(r, Step):
                        want.append(r)
                    else:
                        assert isinstance(r, Refusal) and r.rule in RULES
            assert sorted(got) == sorted(want), (pos, die)


def test_rv3_a_shorter_play_is_legal_where_every_longer_one_makes_a_band() -> None:
    """RV 3 with B-dice: four blots are out, 6-6. 10/16 and 18/24 are fine; a third six can only
    be 16/22 (a band on 22 before the fifth blot has left: RV 3), 1/7 (a band on 7: B-noband)
    or 7/13 (Black's band on his 1); so the play is 10/16 18/24 and two sixes are forfeited
    (worked by hand; before the kernel issue the whole roll was forfeited)."""
    rs = rules("brade-family+3")
    pos = Position.parse("W:1x11,7,10,18,22 B:1x12,7,15,17 w", rs)
    found = legal_plays(rs, pos, (6, 6))
    assert [(sorted(map(str, p.moves)), p.forfeited) for p in found] == [
        (["10/16", "18/24"], (6, 6))
    ]


# --------------------------------------------------------------------------- structure


def _py_files() -> list[Path]:
    return sorted(PKG.rglob("*.py"))


#: the modules that may hold a family's own knowledge: the families and the rule data
_FAMILY_DIRS: tuple[str, ...] = ("families", "rules")
#: board.py's layout geometry: ``"brade"`` there is the name of a layout (the bräde board,
#: each side starting across from the other), a value rule sets, records and the catalogue's
#: ``table.layout.brade`` share, not a test of the family
_LAYOUT_MODULE = "board.py"


def _family_names() -> set[str]:
    from puffteach.families import FAMILIES

    return set(FAMILIES) | {a for f in FAMILIES.values() for a in f.book.aliases}


def _own_modules() -> set[str]:
    """The modules of one family (named after it): ``families.puff``, ``families.brade_play``,
    ``rules.brade`` …; the shared ones (``families``, ``families.base``, ``rules``,
    ``rules.base``, ``rules.ids``) are not."""
    from puffteach.families import FAMILIES

    out = set()
    for d in _FAMILY_DIRS:
        for f in (PKG / d).glob("*.py"):
            if any(f.stem == n or f.stem.startswith(n + "_") for n in FAMILIES):
                out.add(f"puffteach.{d}.{f.stem}")
    return out


def _family_knowledge(source: str, rel: Path, names: set[str], own: set[str]) -> list[str]:
    """What in ``source`` (the module at ``rel`` from the project root) is family knowledge: a
    test of ``.family`` or ``family`` (``==``, ``!=``, ``in``), a string that names a family (a
    table keyed by family name, a branch on it), an import of one family's own module."""
    tree = ast.parse(source)
    mod = ".".join(rel.with_suffix("").parts)
    base = mod.split(".") if rel.name == "__init__.py" else mod.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        where = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.lower() in names:
                out.append(f"{where}: the string {node.value!r}")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(
                (isinstance(x, ast.Attribute) and x.attr == "family")
                or (isinstance(x, ast.Name) and x.id == "family")
                for x in sides
            ):
                out.append(f"{where}: a test of the family")
        elif isinstance(node, ast.ImportFrom | ast.Import):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = base[: len(base) - node.level + 1]
                    target = ".".join(parts + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                cands = [target, *(f"{target}.{a.name}" for a in node.names)]
            else:
                cands = [a.name for a in node.names]
            hit = sorted(c for c in cands if c in own)
            if hit:
                out.append(f"{where}: imports {', '.join(hit)}")
    return out


def test_family_knowledge_stays_in_the_family_modules() -> None:
    """Everything that differs between the families is the family's: the rest of the package
    asks ``family_of(rules)`` (its rule checks, ``play``, ``book``, codes, presets …). Outside
    ``families/`` and ``rules/`` no module names a family in a string (no table keyed by the
    family's name), tests ``rules.family``, or imports a family's own module (board.py's
    layout names aside, see :data:`_LAYOUT_MODULE`)."""
    names, own = _family_names(), _own_modules()
    assert {"puff", "brade", "bräde"} <= names
    assert {"puffteach.families.puff", "puffteach.families.brade", "puffteach.rules.brade"} <= own
    offenders = []
    for path in _py_files():
        rel = path.relative_to(PKG)
        if rel.parts[0] in _FAMILY_DIRS or str(rel) == _LAYOUT_MODULE:
            continue
        source = path.read_text(encoding="utf-8")
        offenders += _family_knowledge(source, path.relative_to(ROOT), names, own)
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('WEIGHTS = {"puff": 1, "brade": 2}', 2),
        ('if rs.family == "puff":\n    pass', 2),
        ("if family in ok:\n    pass", 1),
        ('x = "Bräde"', 1),
        ("from ..families.puff import PUFF", 1),
        ("from ..families import brade_play", 1),
        ("from ..rules import brade", 1),
        ("from ..rules.brade import POINTS", 1),
        ("from ..families import family_of\nfrom ..rules import RuleSet", 0),
        ('x = "puffteach"\nfamily_of(rs).play.weights', 0),
    ],
)
def test_the_family_guard_finds_what_it_should(source: str, found: int) -> None:
    """The guard itself, on small modules written for it (as if in ``puffteach/players/``, so
    the relative imports resolve as they would there)."""
    rel = Path("puffteach", "players", "probe.py")
    got = _family_knowledge(source, rel, _family_names(), _own_modules())
    assert len(got) == found, got


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Every puffteach module ``path`` imports, anywhere in the file (functions and
    ``TYPE_CHECKING`` blocks included: a type-only import is a dependency too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mod = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    base = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = base[: len(base) - node.level + 1]
                target = ".".join(parts + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target, *(f"{target}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out |= {n for n in names if n in modules}
    return out


def test_the_import_graph_has_no_cycle() -> None:
    """No module of the package depends on itself through others (python-chess's layering:
    rule data, position, steps, families, the roll machine, explanations, the game, …)."""
    files = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for p in _py_files()
    }
    graph = {m: _imports(p, set(files)) - {m} for m, p in files.items()}
    state: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                raise AssertionError(" -> ".join([*stack, m, n]))
            if not state.get(n):
                visit(n, [*stack, m])
        state[m] = 2

    for m in sorted(graph):
        if not state.get(m):
            visit(m, [])


def test_rollout_has_no_rule_copies() -> None:
    text = (PKG / "rollout.py").read_text(encoding="utf-8")
    assert (
        "raw_steps" not in text
        and "apply_step" not in text
        and "from .movegen import _" not in text
    )


def test_every_roll_is_planned_through_the_validating_entry() -> None:
    """Only ``movegen.plans`` (which checks the dice) asks a family for the plans of a roll:
    no ``.plans(`` call in the package, the tests, benchmarks or scripts outside
    ``movegen.py`` and the family modules (``families/``, and the toy family of
    ``tests/toy_family.py``, whose ``plans`` hands unequal dice to Puff's); and no ``Plan(``
    built outside them either, so every plan the walker is given (``begin``,
    ``random_roll_turn``) came from that entry."""
    offenders = []
    for folder in ("puffteach", "tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in ("puffteach/movegen.py", "tests/test_kernel.py", "tests/toy_family.py"):
                continue
            if rel.startswith("puffteach/families/"):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr in ("plans", "Plan"))
                    or (isinstance(node.func, ast.Name) and node.func.id == "Plan")
                ):
                    offenders.append(f"{rel}:{node.lineno}")
    assert not offenders, offenders


@pytest.mark.parametrize("dice", [(0, 0), (7, 9), (3,), (3, 5, 6), (True, 2), (2.0, 3)], ids=repr)
def test_the_validating_entry_refuses_dice_that_do_not_fit(dice: tuple[int, ...]) -> None:
    """``plans`` (and ``begin_roll`` on it) refuse dice that are no Puff roll, before the
    family is asked (Puff rolls two dice, each a face 1-6)."""
    from puffteach.errors import DiceError
    from puffteach.movegen import begin_roll

    rs = rules("kontrar-puff")
    pos = Position.start(rs)
    for entry in (plans, begin_roll):
        with pytest.raises(DiceError):
            entry(rs, pos, dice)


# --------------------------------------------------------------------------- the catalogue


def test_every_catalogue_has_every_key_and_placeholder() -> None:
    reference = catalogue("en")
    for lang in LANGUAGES:
        table = catalogue(lang)
        assert set(table) == set(reference), lang
        for key, template in table.items():
            assert placeholders(template) == placeholders(reference[key]), (lang, key)


def _message_keys_in_source() -> set[str]:
    keys = set()
    pattern = re.compile(
        r"""(?:Message\.of|_R|_no|Refusal\.of|text|[A-Z][A-Za-z]*Error)\(\s*(?:[a-zA-Z_.]+,\s*)?"""
        r"""f?["']([a-z][a-z0-9_.-]*)["']"""
    )
    for path in _py_files():
        keys |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return {k for k in keys if "." in k}


def test_every_key_the_code_uses_is_in_the_catalogue() -> None:
    table = catalogue("en")
    missing = sorted(k for k in _message_keys_in_source() if k not in table and not k.endswith("_"))
    assert not missing, missing


def test_catalogue_files_are_flat_string_maps() -> None:
    for path in sorted((PKG / "catalogue").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()), path


def test_a_draw_has_a_message() -> None:
    from puffteach.outcome import Outcome

    o = Outcome(None, "draw", 0)
    assert o.to_json()["winner"] is None
    assert "draw" in o.message.text()
    assert Message.of("kind.draw").text() == "draw"


# --------------------------------------------------------------------------- an oracle


def _oracle_first_steps(name: str, pos: Position, dice: tuple[int, ...]) -> set[Step]:
    """Every first step of a legal play, by brute force over every order of every step:
    the plays that use the most dice (a win on the way counts as using all), then the most
    pips (bräde), the higher die when only one can be used, and no play a play rule forbids."""
    rs = rules(name)
    fam = family_of(rs)
    plan = plans(rs, pos, dice)[0]
    t = begin(rs, pos, plan)
    ends: list[tuple[tuple[Step, ...], bool]] = []

    def walk(p: Position, rem: tuple[int, ...], moves: tuple[Step, ...]) -> None:
        ends.append((moves, False))
        for d in sorted(set(rem)):
            for s in fam.steps(rs, p, d, None, False):
                p2 = apply_step(rs, p, s)
                if fam.early_outcome(t, p, p2, s, moves) is not None:
                    ends.append(((*moves, s), True))
                    continue
                i = rem.index(d)
                walk(p2, rem[:i] + rem[i + 1 :], (*moves, s))

    walk(pos, plan.seq, ())
    special = set(fam.first_steps(t))  # RV 2a's six-out, a free alternative
    plain = [m for m, won in ends if not won and fam.play_refusal(t, m) is None]
    wins = [m for m, won in ends if won]
    best = max(len(m) for m in plain)
    if wins and best < len(plan.seq):
        return {m[0] for m in wins} | special
    keep = [m for m in plain if len(m) == best]
    if rs.higher_die and best == 1 and len(set(plan.seq)) == 2:
        top = [m for m in keep if m[0].die == max(plan.seq)]
        keep = top or keep
    pips = max(fam.play_pips(rs, m) for m in keep)
    firsts = {m[0] for m in keep if m and fam.play_pips(rs, m) == pips}
    return firsts | {m[0] for m in wins} | special


@pytest.mark.parametrize(
    "name", ["brade-standard", "vasamuseet+3", "brade-family+9", "pierer-contrapuff"]
)
def test_first_steps_match_a_brute_force_oracle(name: str) -> None:
    """The legal first steps of a roll are exactly the first steps of the legal plays (before
    the kernel issue the listing regime of bräde dropped some when two orders of the same
    steps met)."""
    rs = rules(name)
    rng = random.Random(name)
    checked = 0
    for pos in _positions(name, 2, 60):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        try:
            t = begin(rs, pos, plans(rs, pos, dice)[0])
        except ValueError:
            continue
        if t.done or not t.plan.free:  # ordered plans have no choice of order to check
            continue
        assert set(turn_steps(t)) == _oracle_first_steps(name, pos, dice), (str(pos), dice)
        checked += 1
    assert checked > 20


# --------------------------------------------------------------------------- records


def test_a_record_cannot_re_roll_twice() -> None:
    """RV 25: one re-roll per player per game, also when a record is read."""
    from puffteach import Game
    from puffteach.game import GameError

    g = Game("brade-standard+25", position="W:1x15 B:1x15 w")
    g.set_dice(3, 1)
    g.apply_event(["reroll", 1])
    g.set_dice(2, 1)
    g.push("1/2")
    g.push("1/3")
    g.set_dice(4, 2)  # Black
    for m in ("1/3", "1/5"):
        g.push(m)
    g.set_dice(5, 1)  # White again: his re-roll is spent
    with pytest.raises(GameError, match="once-per-game"):
        g.apply_event(["reroll", 1])


def test_no_resigning_during_the_losers_extra_rolls() -> None:
    """RV 12: after a hemspel the loser, with nothing borne off, rolls three times; the game
    is decided, so nobody can resign (RV 4a) in between."""
    from puffteach import Game
    from puffteach.game import GameError

    g = Game("brade-standard+12", position="W:24,25x14 B:1x15 w")
    g.set_dice(1, 2)
    g.push("24/off")
    assert g.outcome is not None and g.after_game is not None
    with pytest.raises(GameError, match="resign"):
        g.resign()


def test_rule_fields_mirror_the_rule_set() -> None:
    """Presets and codes are typed per family (PuffFields, BradeFields) with exactly the fields
    of that family's rule set."""
    import dataclasses
    import typing

    from puffteach.rules import BradeFields, BradeRules, PuffFields, PuffRules

    for typed, cls in ((PuffFields, PuffRules), (BradeFields, BradeRules)):
        fields = {f.name for f in dataclasses.fields(cls) if f.init} - {"name", "preset", "codes"}
        assert set(typing.get_type_hints(typed)) == fields


@pytest.mark.parametrize("name", ["lang-puff", "pierer-contrapuff", "lang-puff+long-puff-entry"])
def test_fast_random_play_is_the_machine_stepped(name: str) -> None:
    """The fast driver of ordered rolls draws exactly as stepping the machine with ``push``
    does, so both end every roll alike (same seed, same steps, forfeits and outcome)."""
    from puffteach.movegen import finish, random_play

    rs = rules(name)
    for i, pos in enumerate(_positions(name, 3, 80)):
        dice = (1 + i % 6, 1 + (i * 7 // 6) % 6)
        for plan in plans(rs, pos, dice):
            if plan.free:
                continue
            fast = random_play(begin(rs, pos, plan), random.Random(i))
            rng = random.Random(i)
            t = begin(rs, pos, plan)
            while not t.done:
                steps = turn_steps(t)
                t = push(t, steps[int(rng.random() * len(steps))])
            assert (fast.moves, fast.forfeited, fast.outcome) == (t.moves, t.forfeited, t.outcome)
            assert finish(fast) == finish(t)


@pytest.mark.parametrize(
    "name", ["pierer-contrapuff", "pierer-langer-puff+exact-25", "brade-standard", "vasamuseet+3"]
)
def test_fast_random_rolls_draw_as_the_machine_stepped(name: str) -> None:
    """A fresh roll played by ``random_roll_turn`` (its lean drivers: an unequal free roll, a
    pasch) draws exactly as stepping the machine with ``random_step`` and ``push`` (on Turns),
    each drawn step one of ``turn_steps``, for every
    two-dice roll from positions of random games: same steps, forfeits and outcome."""
    from puffteach.movegen import finish, random_roll_turn, random_step

    rs = rules(name)
    for i, pos in enumerate(_positions(name, 5, 40)):
        for a in range(1, 7):
            for b in range(1, 7):
                try:
                    options = plans(rs, pos, (a, b))
                except ValueError:  # bräde: bound to a one-die series
                    continue
                for plan in options:
                    seed = 100 * i + 6 * a + b
                    fast = random_roll_turn(rs, pos, plan, random.Random(seed))
                    rng = random.Random(seed)
                    t = begin(rs, pos, plan)
                    while not t.done:  # random_step: uniform over turn_steps(t)
                        step = random_step(t, rng)
                        assert step in turn_steps(t)
                        t = push(t, step)
                    got = (fast.moves, fast.forfeited, fast.outcome, fast.remaining)
                    assert got == (t.moves, t.forfeited, t.outcome, t.remaining)
                    assert finish(fast) == finish(t)


@pytest.mark.parametrize("name", ["pierer-contrapuff", "brade-standard", "vasamuseet+3"])
def test_the_walker_goes_on_from_a_roll_in_progress_as_stepping_does(name: str) -> None:
    """``random_play`` from a roll in progress (its first step pushed, its caches, such as the
    target found and the raw steps, already on the Turn) ends the roll exactly as stepping it
    with ``random_step`` and ``push`` to the end does: the walker's settle and advance on
    plain values agree with ``_settle``/``_advance`` on Turns, every drawn step legal."""
    from puffteach.movegen import finish, random_play, random_step

    rs = rules(name)
    walked = 0
    for i, pos in enumerate(_positions(name, 7, 30)):
        for a, b in ((1, 2), (3, 5), (6, 4), (2, 2), (5, 5)):
            try:
                options = plans(rs, pos, (a, b))
            except ValueError:  # bräde: bound to a one-die series
                continue
            for plan in options:
                t = begin(rs, pos, plan)
                if t.done:
                    continue
                t = push(t, turn_steps(t)[(i + a) % len(turn_steps(t))])
                if t.done:
                    continue
                walked += 1
                seed = 1000 * i + 10 * a + b
                fast = random_play(t, random.Random(seed))
                rng = random.Random(seed)
                stepped = t
                while not stepped.done:
                    step = random_step(stepped, rng)
                    assert step in turn_steps(stepped)
                    stepped = push(stepped, step)
                got = (fast.moves, fast.forfeited, fast.outcome, fast.remaining)
                assert got == (stepped.moves, stepped.forfeited, stepped.outcome, stepped.remaining)
                assert finish(fast) == finish(stepped)
    assert walked > 50


@pytest.mark.parametrize("name", [*RULE_SETS[:7], "pierer-doppelter-contrapuff"])
def test_steps_after_a_step_are_the_chains_steps(name: str) -> None:
    """``Family.steps_after`` (the steps of a die patched after one step, for random play)
    gives exactly the check chain's steps in the new position, in the same order, whenever
    it answers: every die after every legal step, from positions of random games."""
    rs = rules(name)
    fam = family_of(rs)
    answered = 0
    for pos in _positions(name, 6, 60):
        for a in range(1, 7):
            for b in range(1, 7):
                before = fam.steps(rs, pos, b, None, False)
                for step in fam.steps(rs, pos, a, None, False):
                    p2 = apply_step(rs, pos, step)
                    got = fam.steps_after(rs, pos, step, b, list(before))
                    if got is not None:
                        answered += 1
                        assert got == fam.steps(rs, p2, b, step.to, False), (str(pos), step, b)
    if not rs.long_entry:
        assert answered > 1000  # the middle game is covered


@pytest.mark.parametrize(
    "name", ["pierer-contrapuff", "lang-puff+long-puff-entry", "brade-standard"]
)
def test_apply_steps_is_apply_step_after_each(name: str) -> None:
    """``apply_steps`` (both steps of a roll applied at once, random play's unequal roll)
    gives the position ``apply_step`` gives after each, hits and long-puff-entry's
    "entered" key included: every legal first step and every second from positions of
    random games."""
    from puffteach.steps import apply_steps

    rs = rules(name)
    fam = family_of(rs)
    hits = 0
    for pos in _positions(name, 4, 25):
        for a, b in ((1, 2), (3, 5), (6, 4), (2, 2)):
            for first in fam.steps(rs, pos, a, None, False):
                p2 = apply_step(rs, pos, first)
                for second in fam.steps(rs, p2, b, first.to, False):
                    want = apply_step(rs, p2, second)
                    assert apply_steps(rs, pos, (first, second)) == want
                    hits += first.hit or second.hit
    assert hits > 0


@pytest.mark.parametrize(
    "name", ["pierer-contrapuff", "lang-puff", "gegenpuff", "pierer-langer-puff+exact-25"]
)
def test_sample_run_draws_as_the_walker_steps(name: str) -> None:
    """``Family.sample_run`` (random play of an ordered roll's dice on the family's counts)
    plays exactly what drawing die by die from the chain's steps does with the same seed
    (each die's steps made afresh by ``steps``, each step applied by ``apply_step``): the
    same steps and position, and no step left (``[]``) only where the next die has none.
    The dice of every ordered plan (P-order, pasches) from positions of random games, from
    each die on, with checkers waiting and without."""
    rs = rules(name)
    fam = family_of(rs)
    answered = waiting = stopped = 0
    for i, pos in enumerate(_positions(name, 9, 40)):
        for a in range(1, 7):
            for b in range(a, 7):
                for plan in plans(rs, pos, (a, b)):
                    for cut in range(len(plan.seq) - 1) if not plan.free else ():
                        dice = plan.seq[cut:]
                        steps = fam.steps(rs, pos, dice[0], None, False)
                        ran = (
                            fam.sample_run(rs, pos, dice, steps, random.Random(i))
                            if steps
                            else None
                        )
                        if ran is None:
                            continue
                        answered += 1
                        waiting += bool(pos.side(pos.turn)[0])
                        got, played, now = ran
                        rng, p, want = random.Random(i), pos, steps
                        for k, step in enumerate(played):
                            assert step == want[int(rng.random() * len(want))], (str(pos), dice)
                            p = apply_step(rs, p, step)
                            if k + 1 < len(dice):
                                want = fam.steps(rs, p, dice[k + 1], step.to, False)
                        assert got == p
                        if len(played) == len(dice):
                            assert now is None
                        elif now is not None:  # stopped where the next die has no step
                            assert now == want == []
                            stopped += 1
    assert answered > 1000 and waiting > 20 and stopped > 0


@pytest.mark.parametrize(
    "name",
    [
        "kontrar-puff",
        "gegenpuff+tower-goose",
        "pierer-contrapuff",
        "lang-puff+long-puff-entry",
        "brade-standard",
        "vasamuseet+3",
        "brade-family+9+8b",
    ],
)
def test_early_wins_let_every_early_win_through(name: str) -> None:
    """``Family.early_wins`` is where every walker asks ``early_outcome`` (stepping,
    sampling, and the int keys of listing): it must never say no where ``early_outcome``
    finds a win. Every legal step of six rolls from each of the last ten positions of
    seeded random games (their winning rolls among them), played on by random steps."""
    rs = rules(name)
    fam = family_of(rs)
    gate = fam.early_wins
    rng = random.Random(f"early-wins:{name}")
    wins = 0
    for _ in range(8):
        pos, seen = opening(rs, rng), []
        while True:
            seen.append(pos)
            roll = random_roll(rs, pos, rng)
            if roll.outcome is not None:
                break
            pos = roll.position
        for pos in seen[-10:]:
            for a in range(1, 7):
                try:
                    options = plans(rs, pos, (a, rng.randint(1, 6)))
                except ValueError:  # bräde: bound to a one-die series
                    options = plans(rs, pos, (a,))
                t = begin(rs, pos, options[-1])
                while not t.done:
                    steps = turn_steps(t)
                    for step in steps:
                        after = apply_step(rs, t.pos, step)
                        if fam.early_outcome(t, t.pos, after, step, t.moves) is not None:
                            wins += 1
                            assert gate.may_end(step, after.side(after.turn)[OFF]), (
                                str(t.pos),
                                str(step),
                            )
                    t = push(t, steps[int(rng.random() * len(steps))])
    assert wins > 0


@pytest.mark.parametrize("name", [*RULE_SETS[:8], "pierer-doppelter-contrapuff"])
def test_steps_pair_are_the_chains_steps_of_each_die(name: str) -> None:
    """``Family.steps_pair`` (both dice's steps of a fresh unequal roll, made in one pass)
    gives exactly the check chain's steps of each die, in the same order, from positions
    of random games."""
    rs = rules(name)
    fam = family_of(rs)
    compared = 0
    for pos in _positions(name, 8, 60):
        for a in range(1, 7):
            for b in range(a + 1, 7):
                got = fam.steps_pair(rs, pos, a, b, None, False)
                each = (fam.steps(rs, pos, a, None, False), fam.steps(rs, pos, b, None, False))
                assert got == each
                compared += bool(got[0] or got[1])
    assert compared > 500


@pytest.mark.parametrize(
    "change",
    [{"opening": ["x", 2]}, {"opening": [3, 3, 1]}, {"rules": 7}, {"start": None}, {"events": {}}],
)
def test_game_load_checks_the_record_shape(change: dict[str, object]) -> None:
    """Game.load refuses a malformed record with a GameError naming the field (the widget
    reads records through the same check)."""
    from puffteach import Game
    from puffteach.game import GameError

    record = Game("kontrar-puff", opening=(5, 2)).record()
    with pytest.raises(GameError, match="record"):
        Game.load({**record, **change})
