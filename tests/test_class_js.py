"""The class pages' pure JS modules (puffteach/server/static/*.js), tested by ``node --test``.

The tests are ``tests/js/class_*.test.mjs``: the model adapter that lets the book's board draw
a state the class server sends (and turns its actions into WebSocket messages), and the
WebSocket connection that reconnects with backoff. This file runs them inside pytest, so the
README's test command runs them too.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("class_*.test.mjs"))


def test_there_are_js_tests() -> None:
    assert len(JS_TESTS) >= 2


@pytest.mark.parametrize("path", JS_TESTS, ids=lambda p: p.name)
def test_node_test(path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    proc = subprocess.run(
        [node, "--test", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout
