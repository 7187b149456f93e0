"""Shared helpers for the test suite.

`cli(...)` runs the command-line interface in-process and returns its parsed JSON, so the
rule tests exercise exactly the contract of design.md (the same contract other tools use).
`built_book` builds the book once per session for the tests that read or serve it.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

#: Debian's chromium, driven headless by Playwright in the browser tests (never a downloaded one)
CHROMIUM = Path("/usr/bin/chromium")
#: launch flags: root needs --no-sandbox; the others keep chromium off the (closed) network
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture(autouse=True)
def _reviews_forgotten() -> None:
    """Each test starts with no review kept by the engine (``hint.forget_reviews``: the
    rolls the board's review kept, issue 44), so that a test which counts a review's steps
    does not find the rolls another test reviewed (the same seeded game) already done."""
    from puffteach.players.hint import forget_reviews

    forget_reviews()


def control_styles(widget: Any) -> dict[str, Any]:
    """Computed styles of a board's Roll and Undo buttons, its first die select and its
    history list's numbering (Playwright locator of the ``.puffteach-widget``): the Jupyter
    front ends' tests check that the host page's styles do not reach them (issue 44 items
    11, 14)."""
    return dict(
        widget.evaluate(
            """(w) => {
              const of = (sel) => {
                const e = w.querySelector(sel);
                const cs = getComputedStyle(e);
                return { disabled: e.disabled, color: cs.color, background: cs.backgroundColor,
                         border: `${cs.borderTopWidth} ${cs.borderTopStyle}`,
                         cursor: cs.cursor };
              };
              return { roll: of("button.pt-roll"), undo: of("button.pt-undo"),
                       die: of("select.pt-die1"),
                       history: getComputedStyle(w.querySelector("ol.pt-history"))
                         .listStyleType };
            }"""
        )
    )


@contextlib.contextmanager
def serve(handler: Any) -> Iterator[str]:
    """Serve ``handler`` (a request handler class or factory) on 127.0.0.1 in a thread; yield
    the base URL (``http://127.0.0.1:PORT/``); shut the server down afterwards."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


class _QuietFiles(SimpleHTTPRequestHandler):
    """Static files as a web server sends them (ES modules and WebAssembly typed), no log."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args: Any) -> None:  # keep the test output quiet
        pass


def serve_directory(directory: Path) -> contextlib.AbstractContextManager[str]:
    """Serve a built book (or any folder) from 127.0.0.1: ``with serve_directory(d) as url``."""
    return serve(functools.partial(_QuietFiles, directory=str(directory)))


@contextlib.contextmanager
def serve_book(book: Path) -> Iterator[str]:
    """Serve one language's built book with the site around it (the engine lives once at the
    site's root, ``<site>/_static/puffteach/``, since issue 44): yields the book's URL
    (``http://127.0.0.1:PORT/en/``). A book built on its own (no shared engine beside it) is
    served by itself."""
    book = Path(os.path.abspath(book))  # not resolve(): <site>/en links to the build folder
    if (book.parent / "_static" / "puffteach").is_dir():
        with serve_directory(book.parent) as url:
            yield f"{url}{book.name}/"
    else:
        with serve_directory(book) as url:
            yield url


class BoardApp:
    """The kernel side of a board page served to a browser: the protocol state, and every
    action the page sent (``POST /action``), in order."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.actions: list[dict[str, Any]] = []


def serve_board(page: str, app: BoardApp) -> contextlib.AbstractContextManager[str]:
    """Serve a board page from 127.0.0.1 as Jupyter would drive it: ``/`` is ``page``,
    ``/state`` the protocol state, ``/board.js`` (the modules bundled, as Jupyter loads them)
    and ``/board.css`` the widget's front end, and ``POST /action`` one protocol step (its
    answer the new state)."""
    from http.server import BaseHTTPRequestHandler
    from urllib.parse import urlparse

    from puffteach.widget import protocol
    from puffteach.widget.bundle import bundle

    static = Path(protocol.__file__).resolve().parent / "static"

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # keep the test output quiet
            pass

        def _send(self, body: bytes, ctype: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            path = urlparse(self.path).path
            if path == "/":
                self._send(page.encode(), "text/html; charset=utf-8")
            elif path == "/state":
                self._send(json.dumps(app.state).encode(), "application/json")
            elif path == "/board.js":  # what Jupyter loads: the modules in one text
                self._send(bundle().encode(), "text/javascript; charset=utf-8")
            elif path == "/board.css":
                self._send((static / "board.css").read_bytes(), "text/css; charset=utf-8")
            else:
                self.send_error(404)

        def do_POST(self) -> None:
            if urlparse(self.path).path != "/action":
                self.send_error(404)
                return
            n = int(self.headers.get("Content-Length", "0"))
            action = json.loads(self.rfile.read(n))
            app.actions.append(action)
            app.state = protocol.step(app.state, action)
            self._send(json.dumps(app.state).encode(), "application/json")

    return serve(Handler)


def cli(*args: str) -> Any:
    """Run `python -m puffteach ARGS` in-process; return the parsed JSON printed on stdout.

    Fails the test when the CLI exits with a non-zero status.
    """
    from puffteach.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    assert status in (0, None), f"CLI exit {status}: {err.getvalue()}"
    return json.loads(out.getvalue())


def cli_error(*args: str) -> str:
    """Run the CLI expecting bad input: assert exit status 2 and return the one stderr line."""
    from puffteach.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    assert status == 2, f"expected exit 2, got {status}; stdout={out.getvalue()!r}"
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def plays(rules: str, position: str, *dice: int) -> list[dict[str, Any]]:
    """The `plays` list for a roll."""
    result = cli("plays", "--rules", rules, "--position", position, "--dice", *map(str, dice))
    assert isinstance(result["plays"], list)
    return list(result["plays"])


def results(rules: str, position: str, *dice: int) -> set[str]:
    """The set of positions reachable by the whole roll (one per distinct legal play)."""
    return {p["position"] for p in plays(rules, position, *dice)}


def explain(rules: str, position: str, dice: tuple[int, ...], move: str) -> dict[str, Any]:
    """The `explain` object for MOVE (one step, or several separated by spaces: the last is
    explained after the earlier ones are played)."""
    return dict(
        cli(
            "explain",
            "--rules",
            rules,
            "--position",
            position,
            "--dice",
            *map(str, dice),
            "--move",
            move,
        )
    )


@pytest.fixture
def run_cli():  # type: ignore[no-untyped-def]
    return cli


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The book built once per session in its three languages (``scripts/build_book.py``:
    ``sphinx-build -W`` for en, sv and de; the notebooks run once): the site's root folder, with
    ``en/``, ``sv/``, ``de/`` and ``index.html``. Skipped only when Sphinx or myst-nb is not
    installed. ``PUFFTEACH_BUILT_BOOK=<site>/en`` reuses a site already built (``make book``:
    ``_build/html/en``) when its ``sv/`` and ``de/`` are beside it."""
    given = os.environ.get("PUFFTEACH_BUILT_BOOK")
    if given:
        site = Path(given).absolute().parent  # not resolve(): OUT/en links to the build
        if all((site / lang / "book" / "index.html").is_file() for lang in ("en", "sv", "de")):
            return site
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_nb")
    tmp = tmp_path_factory.mktemp("book")
    out = tmp / "html"  # each language builds in tmp/<lang>/ (doctrees, jupyter_execute beside)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_book.py"), str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert proc.returncode == 0, (
        f"sphinx-build failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-8000:]}"
    )
    return out


@pytest.fixture(scope="session")
def built_book(built_site: Path) -> Path:
    """The English book of ``built_site`` (``<site>/en``)."""
    return built_site / "en"


def build_tiny_book(tmp_path: Path, conf: str, index: str, text: str) -> Any:
    """Build a one-page Sphinx project (``conf`` is its conf.py, ``index`` the page's file
    name, ``text`` its content) with the checkout importable; return the finished process."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(conf, encoding="utf-8")
    (src / index).write_text(text, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(root), env.get("PYTHONPATH")) if p)
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), str(tmp_path / "out")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
