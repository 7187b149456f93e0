"""Every sentence a user reads comes from the catalogue (issue 41, item 5).

The guard reads every module of the package (``puffteach/**/*.py``) and the board's front end
(``puffteach/widget/static/*.js``; and the book's and the class pages' scripts and pages), not a
list of modules, and fails on English written in the code. What counts:

- a **sentence** is a string literal (a Python ``str`` or f-string, a JS string or template)
  holding two words of letters side by side (``"no plan to play"``, ``f"unknown view {v}"``);
  a single word, a catalogue key (``"error.position.total"``), a CSS class list
  (``"pt-bar pt-computer"``), SQL (``"PRAGMA journal_mode=WAL"``) and markup (an SVG or HTML
  tag with its attributes) are not;
- **not for users**, so left in English: docstrings and comments; log lines (``log.*``,
  ``logger.*``, ``logging.*``, ``warnings.warn``; JS ``console.*``); ``AssertionError`` and
  ``NotImplementedError`` (invariants: a bug, not an input); ``AttributeError`` (Python's own
  protocol, in its words); ``messages.CatalogueError`` (a key or parameter the catalogue lacks:
  a bug, for the developer who adds it); Python code the worker runs (JS ``const X_PY``);
  Jinja's code in the book's templates; the book's build (``sphinxext/``: errors and warnings
  for the book's author, in the build log beside Sphinx's own English), the front end's
  bundler (``widget/bundle.py``) and the store's migrations;
- **names and citations**, not our sentences: the sources' titles and section headings
  (``rules/ids.py``, ``rules/brade.py``'s section tables, cited as the sources write them),
  bräde's pattern names (Swedish in every language), a rule set's ``title=`` (the catalogue's
  ``preset.<name>`` gives each language's; ``test_messages.py`` checks the English matches) and
  a command's ``prog=`` name.

Everything else the package says is ``Message.of(key, ...)``, a ``LocalizedError`` with a key,
or a ``ui.*`` key the front end looks up in ``state.ui``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from puffteach import Position
from puffteach.color import WHITE
from puffteach.errors import LocalizedError
from puffteach.messages import Message

PKG = Path(__file__).resolve().parent.parent / "puffteach"

#: two words of letters side by side, not inside a name (``pt-bar``, ``journal_mode``, ``a.b``)
WORDS = re.compile(r"(?<![\w\-./@$%])[A-Za-z][a-z']*[a-z]\s+[A-Za-z][a-z']*[a-z](?![\w\-/(])")
#: a whole tag (``<circle cx="{}" .../>``) and what is left of one cut by an f-string's field
TAG = re.compile(r"<[^<>]*>")

#: modules (or folders, ending in /) whose words are for developers, and why
DEVELOPER_MODULES: dict[str, str] = {
    "sphinxext/": "the book's build: its author reads the build log, beside Sphinx's English",
    "widget/bundle.py": "bundles the front end's modules (make, the book's build)",
    "server/migrations/": "the store's schema migrations",
}
#: names and citations, by module: the names (assignments) whose values are not our sentences
NAMES: dict[str, tuple[str, ...]] = {
    "rules/ids.py": ("*",),  # the sources' titles and section headings, as the sources write them
    "rules/brade.py": ("BH_SEC", "_RV_SECTIONS"),  # RV's and BH's section headings
    "families/brade_book.py": ("PATTERN",),  # bräde's pattern names, Swedish in every language
}
#: exceptions that are not words for a user
NOT_FOR_USERS = {"AssertionError", "NotImplementedError", "AttributeError", "CatalogueError"}
#: keywords whose value is a name, not a sentence (a rule set's title, a command's name)
NAMED_BY = {"title", "prog"}
#: calls whose words are a developer's log
LOGGERS = {"log", "logger", "logging", "_log", "LOG", "warnings"}


def _text(node: ast.expr) -> str:
    """A literal's text; an f-string's fields become ``{}``."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    assert isinstance(node, ast.JoinedStr)
    return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)


def is_sentence(text: str) -> bool:
    bare = TAG.sub(" ", text)
    if "<" in bare or '="' in bare:  # a piece of markup cut by a field
        return False
    return WORDS.search(bare) is not None


def _exempt_nodes(tree: ast.Module, names: tuple[str, ...]) -> set[int]:
    """The ids of every node in a docstring, a log call, an invariant, a title or a name."""
    out: set[int] = set()

    def under(node: ast.AST) -> None:
        out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Constant, ast.JoinedStr)):
            under(node)  # docstrings, and strings standing alone
        elif isinstance(node, ast.Call):
            f = node.func
            base = f.value if isinstance(f, ast.Attribute) else None
            if isinstance(base, ast.Name) and base.id in LOGGERS:
                under(node)
            for k in node.keywords:
                if k.arg in NAMED_BY:
                    under(k.value)
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            f = node.exc.func
            if isinstance(f, ast.Name) and f.id in NOT_FOR_USERS:
                under(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and names:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if "*" in names or any(isinstance(t, ast.Name) and t.id in names for t in targets):
                under(node)
    return out


def python_sentences(source: str, names: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    skip = _exempt_nodes(tree, names)
    inner = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in ast.walk(n)} - {
        id(n) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)
    }
    out = []
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, str)
        ):
            text = _text(node)
            if is_sentence(text):
                out.append((node.lineno, text))
    return out


#: a JS comment, or a string / template literal (a template's ``${...}`` fields are kept)
_JS = re.compile(
    r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`",
    re.S,
)


#: a word written straight into what the page shows or reads aloud (a label, a title, a text)
_LABEL = re.compile(
    r"""(?:setAttribute\(\s*"(?:aria-label|title|placeholder|alt)"\s*,\s*"""
    r"""|\.(?:textContent|innerText|title|placeholder|alt)\s*=\s*)(["'`])([A-Za-z][^"'`]*)\1"""
)


def js_sentences(source: str) -> list[tuple[int, str]]:
    """The sentences in a front-end module's string literals (not in comments, not in a
    ``console.*`` line, not a regular expression's text), and any word written straight into
    a label, a title or a text the page shows (one word is enough there)."""
    out = [(source.count("\n", 0, m.start()) + 1, m.group(2)) for m in _LABEL.finditer(source)]
    for m in _JS.finditer(source):
        token = m.group()
        if token.startswith(("//", "/*")):
            continue
        start = source.rfind("\n", 0, m.start()) + 1
        line = source[start : source.find("\n", m.start())]
        if "console." in line or re.match(r"\s*const [A-Z_]+_PY = ", line):
            continue  # a developer's log; Python code the worker runs
        body = re.sub(r"\$\{[^}]*\}", "{}", token[1:-1])
        if is_sentence(body):
            out.append((source.count("\n", 0, m.start()) + 1, body))
    return out


def html_sentences(source: str) -> list[tuple[int, str]]:
    """The sentences in a page's text (outside its tags, scripts, styles and Jinja's code)."""
    source = re.sub(
        r"<(script|style)\b.*?</\1>|\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", "", source, flags=re.S
    )
    out = []
    for m in re.finditer(r">([^<]+)<", source):
        if WORDS.search(m.group(1)):
            out.append((source.count("\n", 0, m.start()) + 1, m.group(1).strip()))
    return out


def _rel(path: Path) -> str:
    return path.relative_to(PKG).as_posix()


def _developers(rel: str) -> bool:
    return any(rel == m or (m.endswith("/") and rel.startswith(m)) for m in DEVELOPER_MODULES)


def test_no_english_outside_the_catalogue() -> None:
    modules = sorted(PKG.rglob("*.py"))
    scripts = sorted(PKG.rglob("*.js"))  # the board's front end, the book's and the class's
    pages = sorted(PKG.rglob("*.html"))
    assert len(modules) > 60 and len(scripts) >= 20 and pages  # the whole package
    left = []
    for path in modules:
        rel = _rel(path)
        if _developers(rel):
            continue
        found = python_sentences(path.read_text(encoding="utf-8"), NAMES.get(rel, ()))
        left += [f"{rel}:{line}: {text!r}" for line, text in found]
    for path in scripts:
        found = js_sentences(path.read_text(encoding="utf-8"))
        left += [f"{_rel(path)}:{line}: {text!r}" for line, text in found]
    for path in pages:
        found = html_sentences(path.read_text(encoding="utf-8"))
        left += [f"{_rel(path)}:{line}: {text!r}" for line, text in found]
    assert not left, "English outside the catalogue:\n" + "\n".join(left)


# --------------------------------------------------------------------------- the guard finds


@pytest.mark.parametrize(
    "source",
    [
        'raise ValueError("no plan to play")',
        'raise ValueError(f"unknown view {view!r}; choose one of physical, white, black")',
        'def label(self):\n    return f"generalpasch named as {self.named}"',
        'X = {"wrolled": "White has made the first roll"}',
        'p.add_argument("--top", help="how many plays to list")',
        'raise TypeError(f"a state is a dict, got {type(s).__name__}")',
        "svg = f'<text x=\"{x}\">Black to move</text>'",
    ],
)
def test_the_guard_finds_english_in_python(source: str) -> None:
    assert python_sentences(source)


@pytest.mark.parametrize(
    "source",
    [
        '"""A docstring says what the module does."""',
        'log.warning("LISTEN connection lost (%s); reconnecting", e)',
        'raise AssertionError(f"no legal step for {rem} in {pos}")',
        'raise ValueError("error.position.total")',
        'cls = "puffteach-board puffteach-live"',
        'db.execute("PRAGMA journal_mode=WAL")',
        'svg = f\'<circle cx="{x}" cy="{y}" r="{r}"/>\'',
        'PuffFields(layout="long", title="lång puff (Lyckans Talisman)")',
        'text = "Undo"',
    ],
)
def test_the_guard_leaves_what_is_not_a_sentence(source: str) -> None:
    assert not python_sentences(source)


def test_the_guard_reads_javascript() -> None:
    src = (
        "// a comment says what it likes\n"
        'const a = say(s, "ui.loading"), c = "pt-bar pt-computer";\n'
        'console.warn("puffteach: the snapshot was not kept");\n'
        "throw new Error(`the engine wheel: HTTP ${r.status}`);\n"
        'el.title = "Roll the dice";\n'
        'input.setAttribute("aria-label", "position");\n'
    )
    assert sorted(js_sentences(src)) == [
        (4, "the engine wheel: HTTP {}"),
        (5, "Roll the dice"),
        (5, "Roll the dice"),  # a sentence, and a text written into a title
        (6, "position"),
    ]


def test_the_guard_reads_pages() -> None:
    page = '<main><h1 data-key="x"></h1><p>Join the class</p><script>a("b c")</script></main>'
    assert html_sentences(page) == [(1, "Join the class")]


def test_the_names_exempt_only_their_assignment() -> None:
    src = 'BH_SEC = {"move": "Förflyttning av brickor"}\nOTHER = "not a name here"\n'
    assert python_sentences(src, ("BH_SEC",)) == [(2, "not a name here")]


# --------------------------------------------------------------------------- what a user sees


def test_the_static_books_board_refuses_a_position_in_its_language() -> None:
    import json

    from puffteach.widget.worker import initial_json

    args = {"rules": "kontrar-puff", "position": "W:0x14 B:0x15 w", "view": {"lang": "sv"}}
    error = json.loads(initial_json(json.dumps(args)))["error"]
    assert error == Message.of("error.position.total", side=WHITE, total=14, n=15).text("sv")
    assert error != json.loads(initial_json(json.dumps({**args, "view": {}})))["error"]


def test_a_board_refuses_a_state_that_is_no_state_in_words() -> None:
    from puffteach.widget.protocol import step

    out = step("a state", {"type": "roll"})  # type: ignore[arg-type]
    assert out["message"] == Message.of("board.not_a_state", got="str").text()


def test_the_api_errors_speak_every_language() -> None:
    from puffteach.color import Color
    from puffteach.describe import describe

    with pytest.raises(KeyError, match="'x'"):  # no words: color.py is below the catalogue
        Color.parse("x")
    with pytest.raises(LocalizedError) as view:
        describe(Position.parse("W:0x15 B:0x15 w"), view="upside-down")
    assert str(view.value) == "unknown view 'upside-down'; choose one of physical, white, black"
    assert view.value.text("de").startswith("unbekannte Ansicht 'upside-down'; wähle eine von")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["plays", "--help"], "a rule set, e.g. kontrar-puff+generalpasch"),
        (["plays", "--lang", "sv", "--help"], "en regeluppsättning, t.ex. kontrar-puff"),
        (["rules", "--lang=de", "--help"], "ein Regelwerk, z. B. brade-standard+8b"),
    ],
)
def test_the_command_lines_help_speaks_the_language_asked(argv: list[str], words: str) -> None:
    import contextlib
    import io

    from puffteach.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    assert words in " ".join(out.getvalue().split())
