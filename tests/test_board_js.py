"""The board's front end modules (puffteach/widget/static/*.js), tested by ``node --test``,
and the bundle Jupyter loads (:mod:`puffteach.widget.bundle`).

The node tests are ``tests/js/board_*.test.mjs`` (the engine client and its patches, the keys,
the hint arrows, the panels, the half board); this file runs them inside pytest, so the
README's test command runs them too. The browser tests (``test_widget_browser.py`` and the
book's) drive the same modules in Chromium.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from puffteach.widget.bundle import STATIC, BundleError, bundle, modules

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("board_*.test.mjs"))


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return node


def test_there_are_js_tests() -> None:
    assert len(JS_TESTS) >= 4


@pytest.mark.parametrize("path", JS_TESTS, ids=lambda p: p.name)
def test_node_test(path: Path) -> None:
    proc = subprocess.run(
        [_node(), "--test", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout


def test_every_module_is_in_the_bundle_after_what_it_imports() -> None:
    names = modules()
    assert names[-1] == "board.js" and names[0] == "dom.js"
    assert {"engine-client.js", "keys.js", "render.js", "half.js"} <= set(names)
    # every front-end module but the worker's own is the board's (none is left out)
    assert set(names) == {p.name for p in STATIC.glob("*.js")} - {"engine-worker.js"}


def test_the_bundle_is_one_module_with_the_entry_exports(tmp_path: Path) -> None:
    text = bundle()
    assert 'from "./' not in text  # no import is left
    path = tmp_path / "bundle.mjs"
    path.write_text(text, encoding="utf-8")
    probe = (
        f"const m = await import({str(path)!r});"
        "console.log([typeof m.default.render, typeof m.render, typeof m.loadEngine].join());"
    )
    proc = subprocess.run(
        [_node(), "--input-type=module", "-e", probe], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "function,function,function"


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def test_modules_are_scoped_and_renamed_imports_kept(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "a.js": "const secret = 2;\nexport const x = secret;\n"
            "export function f() { return 3; }\n",
            "b.js": 'import { x as y, f } from "./a.js";\nconst secret = 5;\n'
            "export const z = y + f() + secret;\n",
            "main.js": 'import { z } from "./b.js";\nexport { z };\nexport default { z };\n',
        },
    )
    assert modules("main.js", tmp_path) == ["a.js", "b.js", "main.js"]
    path = tmp_path / "out.mjs"
    path.write_text(bundle("main.js", tmp_path), encoding="utf-8")
    probe = f"const m = await import({str(path)!r}); console.log(m.z, m.default.z);"
    proc = subprocess.run(
        [_node(), "--input-type=module", "-e", probe], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["10", "10"]


@pytest.mark.parametrize(
    ("files", "words"),
    [
        ({"main.js": 'import x from "./a.js";\n', "a.js": ""}, "only `import {"),
        ({"main.js": 'import { x } from "./a.js";\n', "a.js": "export default 1;\n"}, "named"),
        ({"main.js": 'import { x } from "./gone.js";\n'}, "no module gone.js"),
        (
            {
                "main.js": 'import { x } from "./a.js";\n',
                "a.js": 'import { y } from "./main.js";\nexport const x = 1;\n',
            },
            "import circle",
        ),
    ],
)
def test_what_cannot_be_bundled_is_refused(
    tmp_path: Path, files: dict[str, str], words: str
) -> None:
    _write(tmp_path, files)
    with pytest.raises(BundleError, match=words.replace("{", r"\{")):
        bundle("main.js", tmp_path)
