"""SVG board drawings (puffteach.svg): golden files, determinism, structure, hooks, errors.

The golden files under tests/golden/ were written by this module and checked by eye (rendered
to PNG with a headless browser). After an intended change to the drawing, rewrite them with

    PUFFTEACH_UPDATE_GOLDEN=1 python -m pytest tests/test_svg.py

and look at the result again before committing.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from puffteach import Game, Position, rules
from puffteach.board import entry_side, exit_side
from puffteach.color import Color
from puffteach.rules import BradeRules
from puffteach.svg import draw, draw_apart, draw_game, drawn_with, redraw, with_marks

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PUFFTEACH_UPDATE_GOLDEN") == "1"
NS = "{http://www.w3.org/2000/svg}"

START = Position.parse("W:0x15 B:0x15 w")
#: a middle game under konträr puff: a tall White stack on 5, a tall Black one on its 6 (phys 19)
MIDDLE = Position.parse("W:0x3,1x2,5x8,8,12 B:0x2,3x2,6x9,10,25 b wpasch=1")

CASES: dict[str, tuple[Position, dict[str, Any]]] = {
    # Lyckans Talisman, figures 1-3: the set-ups with each side's path (White solid, Black dashed)
    "lt-fig1-lang-puff": (START, {"rules": "lang-puff", "arrows": True}),
    "lt-fig2-kontrar-puff": (START, {"rules": "kontrar-puff", "arrows": True}),
    "lt-fig3-dubbel-kontrar-puff": (START, {"rules": "dubbel-kontrar-puff", "arrows": True}),
    "default": (MIDDLE, {}),
    "middle-marked-en": (
        MIDDLE,
        {
            "rules": "kontrar-puff",
            "highlight": (22, "b0"),
            "targets": (19, 17),
            "last_move": (1, 3, 6),
            "dice": (5, 5, 2, 2),
            "used": (0, 1),
            "title": "Konträr puff: Black's later pasch",
        },
    ),
    "middle-interactive-sv-black": (
        MIDDLE,
        {"rules": "kontrar-puff", "view": "black", "labels": "sv", "interactive": True},
    ),
    "middle-flip-de-dubbel": (
        Position.parse("W:0x2,2x6,7x2,20x2,22,25x2 B:0,3x3,9x7,14,18,25x2 w"),
        {"rules": "dubbel-kontrar-puff", "flip": True, "labels": "de", "arrows": True},
    ),
}


def test_cases_are_legal_positions() -> None:
    for pos, kw in CASES.values():
        pos.check(rules(kw.get("rules", "kontrar-puff")))


def _svg(name: str) -> str:
    pos, kw = CASES[name]
    return draw(pos, **kw)


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


def _points(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-point", "0")): g for g in _groups(root, "pt")}


def _pools(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-pool", ""): g for g in _groups(root, "pool")}


def _texts(g: ET.Element) -> list[str]:
    return [t.text or "" for t in g.iter(f"{NS}text")]


def _lane_x(pool: ET.Element) -> float:
    rect = pool.find(f"{NS}rect")
    assert rect is not None
    return float(rect.get("x", "0")) + float(rect.get("width", "0")) / 2


def _lane_y(pool: ET.Element) -> float:
    rect = pool.find(f"{NS}rect")
    assert rect is not None
    return float(rect.get("y", "0")) + float(rect.get("height", "0")) / 2


def _point_x(pt: ET.Element) -> float:
    poly = pt.find(f"{NS}polygon")
    assert poly is not None
    xs = [float(p.split(",")[0]) for p in poly.get("points", "").split()]
    return sum(xs[:2]) / 2


def _point_y(pt: ET.Element) -> float:
    poly = pt.find(f"{NS}polygon")
    assert poly is not None
    return float(poly.get("points", "").split()[0].split(",")[1])


# ------------------------------------------------------------------------------- golden files
@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    svg = _svg(name)
    path = GOLDEN / f"svg-{name}.svg"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8", newline="\n")
    assert path.exists(), f"missing golden file {path}; run with PUFFTEACH_UPDATE_GOLDEN=1"
    assert svg == path.read_text(encoding="utf-8"), (
        f"{path.name} differs; if the change is intended, rewrite with PUFFTEACH_UPDATE_GOLDEN=1 "
        "and review the drawing"
    )


# ------------------------------------------------------------------------------- determinism
@pytest.mark.parametrize("name", sorted(CASES))
def test_deterministic_and_well_formed(name: str) -> None:
    a, b = _svg(name), _svg(name)
    assert a == b
    root = _tree(a)
    assert root.tag == f"{NS}svg"
    assert a.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')
    assert " id=" not in a  # no ids that could clash between boards on one page
    # no float noise: every number has at most one decimal
    assert not re.search(r"\d\.\d{2,}", a)


def test_rules_string_and_ruleset_draw_the_same() -> None:
    assert draw(MIDDLE, "kontrar-puff") == draw(MIDDLE, rules("kontrar-puff")) == draw(MIDDLE)


def test_size_sets_width_and_keeps_viewbox() -> None:
    small, big = _tree(draw(START, size=280)), _tree(draw(START, size=1120))
    assert small.get("width") == "280" and big.get("width") == "1120"
    assert small.get("viewBox") == big.get("viewBox")
    assert int(big.get("height", "0")) == 4 * int(small.get("height", "0"))


def test_repr_svg_uses_default_rules() -> None:
    assert MIDDLE._repr_svg_() == draw(MIDDLE, "kontrar-puff")
    assert 'data-rules="kontrar-puff"' in START._repr_svg_()


# ------------------------------------------------------------------------------- structure
def test_24_points_with_path_numbers() -> None:
    root = _tree(draw(MIDDLE, "kontrar-puff"))
    pts = _points(root)
    assert sorted(pts) == list(range(1, 25))
    for q, g in pts.items():
        assert g.get("data-white") == str(q)
        assert g.get("data-black") == str(25 - q)  # konträr: Black's p is physical 25 - p
        assert g.find(f"{NS}title") is not None


def test_layout_standard_orientation_and_flip() -> None:
    pts = _points(_tree(draw(START)))
    x = {q: _point_x(g) for q, g in pts.items()}
    y = {q: _point_y(g) for q, g in pts.items()}
    # 1 at the bottom right, going left to 12; 13 top left going right to 24
    assert all(x[q] > x[q + 1] for q in range(1, 12))
    assert all(x[q] < x[q + 1] for q in range(13, 24))
    assert y[1] > y[24] and all(y[q] == y[1] for q in range(1, 13))
    assert x[1] == x[24] and x[12] == x[13]
    # the bar between the quarters: a wider step between 6/7 and 18/19
    assert x[6] - x[7] > x[5] - x[6]
    flipped = _tree(draw(START, flip=True))
    width = float(flipped.get("viewBox", "").split()[2])
    fx = {q: _point_x(g) for q, g in _points(flipped).items()}
    assert all(fx[q] == width - x[q] for q in range(1, 25))


def test_point_numbers_follow_view() -> None:
    for view, expect in (("physical", 5), ("white", 5), ("black", 20)):
        pt = _points(_tree(draw(MIDDLE, "kontrar-puff", view=view)))[5]
        assert _texts(pt)[-1] == str(expect)
    pt = _points(_tree(draw(MIDDLE, "dubbel-kontrar-puff", view="black")))[5]
    assert _texts(pt)[-1] == "8"  # double-contrary: Black's 8 is physical 13 - 8


def test_tall_stacks_drawn_as_five_with_count() -> None:
    root = _tree(draw(MIDDLE, "kontrar-puff"))
    pts = _points(root)
    white5 = pts[5]  # 8 White checkers
    assert white5.get("data-count") == "8" and white5.get("data-color") == "w"
    assert len(white5.findall(f"{NS}circle")) == 5
    assert "8" in _texts(white5)
    black19 = pts[19]  # Black's 6: 9 checkers, each a disc with an inner ring
    assert black19.get("data-count") == "9" and black19.get("data-color") == "b"
    assert len(black19.findall(f"{NS}circle")) == 10
    assert "9" in _texts(black19)
    small = pts[22]  # Black's 3: 2 checkers, no count label
    assert _texts(small) == ["22"]


def test_black_checkers_differ_by_more_than_colour() -> None:
    root = _tree(draw(MIDDLE, "kontrar-puff"))
    pts = _points(root)
    white = pts[12].findall(f"{NS}circle")
    black = pts[15].findall(f"{NS}circle")
    assert len(white) == 1 and len(black) == 2  # the inner ring
    assert black[1].get("fill") == "none"


@pytest.mark.parametrize(
    ("preset", "b0", "b25"),
    [
        ("lang-puff", 1, 24),
        ("kontrar-puff", 24, 1),
        ("dubbel-kontrar-puff", 12, 13),
        ("pierer-contrapuff", 24, 1),
    ],
)
def test_pools_beside_entry_and_exit(preset: str, b0: int, b25: int) -> None:
    rs = rules(preset)
    assert (entry_side(rs.layout, 1), exit_side(rs.layout, 1)) == (b0, b25)
    for flip in (False, True):
        root = _tree(draw(MIDDLE if preset == "kontrar-puff" else START, rs, flip=flip))
        pools, pts = _pools(root), _points(root)
        assert sorted(pools) == ["b0", "b25", "w0", "w25"]
        beside = {"w0": 1, "w25": 24, "b0": b0, "b25": b25}
        width = float(root.get("viewBox", "").split()[2])
        mid_y = (_point_y(pts[1]) + _point_y(pts[24])) / 2
        for key, q in beside.items():
            pool = pools[key]
            assert pool.get("data-beside") == str(q)
            # on the short side next to that point's quarter, at that point's long side
            assert (_lane_x(pool) > width / 2) == (_point_x(pts[q]) > width / 2)
            assert (_lane_y(pool) > mid_y) == (q <= 12)
            # off the board
            xs = [_point_x(g) for g in pts.values()]
            assert not min(xs) - 20 <= _lane_x(pool) <= max(xs) + 20


def test_pool_counts_and_captions() -> None:
    pools = _pools(_tree(draw(MIDDLE, "kontrar-puff")))
    assert {k: g.get("data-count") for k, g in pools.items()} == {
        "w0": "3",
        "w25": "0",
        "b0": "2",
        "b25": "1",
    }
    assert "to enter" in _texts(pools["w0"]) and "borne off" in _texts(pools["b25"])
    assert "3" in _texts(pools["w0"])
    sv = _pools(_tree(draw(MIDDLE, labels="sv")))
    assert "att spela in" in _texts(sv["b0"]) and "hemspelade" in _texts(sv["w25"])
    de = _pools(_tree(draw(MIDDLE, labels="de")))
    assert "einzusetzen" in _texts(de["b0"]) and "herausgenommen" in _texts(de["w25"])


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "Black to move"), ("sv", "Svart på tur"), ("de", "Schwarz am Zug")],
)
def test_side_to_move(lang: str, text: str) -> None:
    svg = draw(MIDDLE, labels=lang)
    assert f">{text}</text>" in svg
    assert 'data-turn="b"' in svg
    assert ">White to move</text>" in draw(START)


def test_interactive_hooks() -> None:
    root = _tree(draw(MIDDLE, "kontrar-puff", interactive=True))
    assert root.get("role") == "group"
    hooks = [*_groups(root, "pt"), *_groups(root, "pool")]
    assert len(hooks) == 28
    for g in hooks:
        assert g.get("role") == "button" and g.get("tabindex") == "0"
        assert g.get("aria-label")
    assert _points(root)[5].get("aria-label") == "point 5 (White 5, Black 20): 8 White checkers"
    assert _points(root)[7].get("aria-label") == "point 7 (White 7, Black 18): empty"
    assert _pools(root)["b0"].get("aria-label") == "Black, to enter: 2 Black checkers"
    sv = _tree(draw(MIDDLE, "kontrar-puff", interactive=True, labels="sv"))
    assert _points(sv)[19].get("aria-label") == "tunga 19 (Vit 19, Svart 6): 9 svarta brickor"


def test_static_drawing_keeps_data_but_not_widget_attributes() -> None:
    svg = draw(MIDDLE, "kontrar-puff")
    root = _tree(svg)
    assert root.get("role") == "img"
    assert root.find(f"{NS}title") is not None
    assert len(_groups(root, "pt")) == 24 and len(_groups(root, "pool")) == 4
    assert "tabindex" not in svg and 'role="button"' not in svg and "aria-label" not in svg


def test_highlight_targets_last_move_and_dice() -> None:
    root = _tree(_svg("middle-marked-en"))
    pts, pools = _points(root), _pools(root)
    assert pts[22].get("data-highlight") == "1" and pools["b0"].get("data-highlight") == "1"
    assert pts[19].get("data-target") == "1" and pts[17].get("data-target") == "1"
    assert [q for q, g in pts.items() if g.get("data-highlight") or g.get("data-target")] == [
        17,
        19,
        22,
    ]
    last = _groups(root, "last-move")
    assert len(last) == 1 and last[0].get("data-move") == "3/6" and last[0].get("data-side") == "b"
    dice = _groups(root, "die")
    assert [(d.get("data-value"), d.get("data-used")) for d in dice] == [
        ("5", "1"),
        ("5", "1"),
        ("2", "0"),
        ("2", "0"),
    ]
    assert [len(d.findall(f"{NS}circle")) for d in dice] == [5, 5, 2, 2]
    assert dice[0].get("opacity") and not dice[2].get("opacity")


@pytest.mark.parametrize("interactive", [False, True])
@pytest.mark.parametrize("name", sorted(CASES))
def test_apart_the_marks_in_place_give_the_whole_drawing(name: str, interactive: bool) -> None:
    """A live board's drawing without marks plus the marked places' groups (issue 41 item 3):
    put together they are exactly the golden drawing."""
    pos, kw = CASES[name]
    kw = {**kw, "interactive": interactive}
    marked = {"highlight": kw.pop("highlight", (5, "w0")), "targets": kw.pop("targets", (8, "w25"))}
    whole = draw(pos, **kw, **marked)
    base, marks = draw_apart(pos, **kw, **marked)
    assert with_marks(base, marks) == whole
    assert base == draw(pos, **kw)  # nothing marked
    assert {place for place, _ in marks} == {*marked["highlight"], *marked["targets"]}
    plain = {g.get("data-point", g.get("data-pool")): g for g in _tree(base) if g.tag == f"{NS}g"}
    order = list(plain)
    assert [order.index(str(place)) for place, _ in marks] == sorted(
        order.index(str(place)) for place, _ in marks
    )  # in the drawing's order
    for place, group in marks:
        tree = _tree(f'<svg xmlns="http://www.w3.org/2000/svg">{group}</svg>')
        (g,) = list(tree)  # one group each, its printed words left aside in the drawing
        assert g.get("data-point", g.get("data-pool")) == str(place)
        assert g.get("data-highlight") == "1" or g.get("data-target") == "1"
        before = plain[str(place)].get("aria-label")
        if interactive:  # the name says what the mark is
            assert before and g.get("aria-label", "").startswith(before)
            assert g.get("aria-label") != before
    assert with_marks(base, []) == base


def test_path_arrows_white_solid_black_dashed() -> None:
    root = _tree(draw(START, "kontrar-puff", arrows=True))
    arrows = {g.get("data-side"): g for g in _groups(root, "path-arrow")}
    assert sorted(map(str, arrows)) == ["b", "w"]
    assert all(p.get("stroke-dasharray") is None for p in arrows["w"].iter(f"{NS}polyline"))
    assert any(p.get("stroke-dasharray") for p in arrows["b"].iter(f"{NS}polyline"))
    assert not _groups(_tree(draw(START)), "path-arrow")


def test_brade_layout_by_hand_made_ruleset() -> None:
    brade = BradeRules(name="brade-test", preset="x", codes=(), source="RV", layout="brade")
    root = _tree(draw(Position.parse("W:1x15 B:1x15 w"), brade, view="black"))
    pts, pools = _points(root), _pools(root)
    assert pts[13].get("data-color") == "b" and pts[1].get("data-color") == "w"
    assert pools["b0"].get("data-beside") == "13" and pools["b25"].get("data-beside") == "12"
    assert _texts(pts[13])[-1] == "1"


def test_draw_game_shows_the_roll_in_progress() -> None:
    game = Game("kontrar-puff", position="W:0x15 B:0x15 w")
    assert draw_game(game) == draw(game.position, "kontrar-puff")
    game.set_dice(5, 5)
    for move in ("0/5", "0/5", "0/2"):
        game.push(move)
    svg = draw_game(game)
    assert svg == draw(
        game.position, "kontrar-puff", dice=(5, 5, 2, 2), used=(0, 1, 2), last_move=(0, 0, 2)
    )
    assert draw_game(game, dice=None, last_move=None) == draw(game.position, "kontrar-puff")


# ------------------------------------------------------------------------------- redraw
# A static drawing carries its arguments (data-draw), so the book can draw a notebook's English
# drawing again in the page's language (puffteach.sphinxext.i18n.drawing_in).
REDRAWN: list[tuple[Position, dict[str, Any]]] = [
    *[(pos, {k: v for k, v in kw.items() if k != "labels"}) for pos, kw in CASES.values()],
    (MIDDLE, {"rules": "kontrar-puff", "view": "white", "size": 420, "dice": (3,)}),
    (
        Position.parse("W:0x15 B:0x15 w general=2-4 wpasch=1"),
        {"rules": "kontrar-puff+generalpasch", "status": (Color.WHITE, "Vit <vann> & 'ok'")},
    ),
    (START, {"rules": "brade-standard+16+26d", "status": (None, "over"), "title": 'a "b"'}),
    (MIDDLE, {"last_move": (Color.BLACK, 3, 25), "targets": ("w25", 3, "b0"), "flip": 1}),
]


@pytest.mark.parametrize(("pos", "kw"), REDRAWN)
@pytest.mark.parametrize("lang", ("sv", "de", "en"))
def test_redraw_in_another_language_is_the_drawing_in_it(
    pos: Position, kw: dict[str, Any], lang: str
) -> None:
    if kw.get("interactive"):  # a live board's drawing carries no arguments
        assert drawn_with(draw(pos, **kw)) is None
        with pytest.raises(ValueError, match="data-draw"):
            redraw(draw(pos, **kw), lang)
        return
    english = draw(pos, **kw)
    again = redraw(english, lang)
    assert again == draw(pos, **kw, lang=lang)
    assert redraw(again, "en") == english
    assert (again == english) == (lang == "en")
    args = drawn_with(again)
    assert args is not None and args["lang"] == lang and args["position"] == str(pos)


def test_the_redrawn_words_are_the_catalogues() -> None:
    from puffteach.messages import text

    english = draw(MIDDLE, "kontrar-puff", dice=(5, 5, 2, 2), size=400)
    for lang in ("sv", "de"):
        again = redraw(english, lang)
        for key in ("svg.white", "svg.black", "svg.to_enter", "svg.borne_off"):
            assert f">{text(key, 'en')}<" in english
            assert f">{text(key, 'en')}<" not in again and f">{text(key, lang)}<" in again
        title = _tree(again).find(f"{NS}title")
        assert title is not None and title.text is not None
        assert title.text.startswith(text("svg.board", lang, rules="", position="")[:4])
        assert "to move" not in title.text and "White" not in title.text
        root = _tree(again)
        assert root.get("width") == "400" and root.get("data-rules") == "kontrar-puff"


def test_redraw_reads_a_drawing_ipython_wrote_again() -> None:
    """IPython's ``SVG`` puts the drawing through minidom (the notebooks' ``SVG(draw(…))``):
    the arguments come through in double quotes, with the other escapes."""
    IPython = pytest.importorskip("IPython.display")
    kw = dict(CASES["middle-marked-en"][1])
    shown = IPython.SVG(draw(MIDDLE, **kw)).data
    assert 'data-draw="{&quot;position&quot;' in shown  # as minidom writes it
    assert drawn_with(shown) == drawn_with(draw(MIDDLE, **kw))
    assert redraw(shown, "de") == draw(MIDDLE, **kw, lang="de")


def test_draw_args_stay_small_and_leave_defaults_out() -> None:
    args = drawn_with(draw(START))
    assert args == {"position": "W:0x15 B:0x15 w", "rules": "kontrar-puff", "lang": "en"}
    line = draw(MIDDLE, **CASES["middle-marked-en"][1]).split("\n")[0]
    assert len(line) < 700


@pytest.mark.parametrize(
    "data",
    [
        "not json",
        '{"position":"W:0x15 B:0x15 w","rules":"kontrar-puff"}',  # no lang
        '{"position":"W:0x15","rules":"kontrar-puff","lang":"en"}',  # no position
        '{"position":"W:0x15 B:0x15 w","rules":"no-such-puff","lang":"en"}',
        '{"position":"W:0x15 B:0x15 w","rules":"kontrar-puff","lang":"en","colour":1}',
        '{"position":"W:0x15 B:0x15 w","rules":"kontrar-puff","lang":"en","last_move":5}',
    ],
)
def test_redraw_refuses_broken_arguments(data: str) -> None:
    svg = draw(START).replace(draw(START).split("data-draw='")[1].split("'")[0], data, 1)
    with pytest.raises(ValueError):
        redraw(svg, "sv")
    with pytest.raises(ValueError):
        redraw("<svg xmlns='http://www.w3.org/2000/svg'><title>x</title></svg>", "sv")


# ------------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"view": "red"}, ["'red'", "physical, white, black"]),
        ({"labels": "fr"}, ["'fr'", "en, sv, de"]),
        ({"highlight": (25,)}, ["25", "1-24"]),
        ({"targets": ("x0",)}, ["'x0'", "w0, w25, b0, b25"]),
        ({"dice": (7,)}, ["1-6"]),
        ({"dice": (3, 4), "used": (2,)}, ["index"]),
        ({"last_move": (2, 0, 5)}, ["last_move"]),
        ({"size": 0}, ["size"]),
    ],
)
def test_bad_arguments(kw: dict[str, Any], words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        draw(START, **kw)
    for w in words:
        assert w in str(info.value)


def test_bad_rules() -> None:
    with pytest.raises(ValueError, match="presets"):
        draw(START, "no-such-puff")
