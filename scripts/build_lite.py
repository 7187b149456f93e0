"""The course notebooks in the browser: a JupyterLite site with puffteach preinstalled.

    python scripts/build_lite.py [OUT] [--contents DIR ...]

Builds with ``jupyter lite build`` (jupyterlite-core and jupyterlite-pyodide-kernel from PyPI,
the test extra) into OUT (default ``_build/lite``): JupyterLab and Notebook in the browser, the
Pyodide kernel, the book's notebooks (``notebooks/*.ipynb`` at the top, their Swedish and
German translations in ``sv/`` and ``de/``, made from the book's .po files by
``scripts/translate_notebooks.py``; plus any ``--contents`` folder), and nothing that loads
from another host once built:

- Pyodide's core is npm's ``pyodide`` (``node_modules``, as for the book). The kernel needs a
  few pure-Python packages of Pyodide's full distribution (micropip, packaging, IPython and
  what it needs, jedi): their wheels come from PyPI at the versions ``pyodide-lock.json``
  names (``pip download``, cached in ``_build/lite-wheels``), under the file names the lock
  expects; the lock's sha256 entries are set to those files (Pyodide's own builds differ).
- puffteach (the engine wheel the book builds, ``vendor.build_wheel``), anywidget, ipywidgets,
  comm and psygnal are added to the lock and preloaded (``loadPyodideOptions.packages``), so a
  notebook's ``from puffteach import Board`` works at once; the PyPI fallback is off.
- The widget front ends (ipywidgets' and anywidget's lab extensions) are the ones installed in
  this Python environment.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puffteach.sphinxext.vendor import build_wheel  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from translate_notebooks import build as translate_notebooks  # noqa: E402

#: the Pyodide packages the kernel and the preloaded packages need (their dependencies follow
#: from the lock)
KERNEL_NEEDS = ("micropip", "packaging", "ipython", "jedi", "typing-extensions")
#: preinstalled beside them (their versions: the ones installed here, which the widget's lab
#: extensions match)
PRELOADED = {
    "comm": ["traitlets"],
    "psygnal": ["typing-extensions"],
    "ipywidgets": ["comm", "ipython", "traitlets"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
}


def _pyodide_dir() -> Path:
    path = ROOT / "node_modules" / "pyodide"
    if not (path / "pyodide-lock.json").is_file():
        sys.exit(f"build_lite: {path} is missing: run `npm ci` (or `make npm`) first")
    return path


def _key(name: str) -> str:
    """A package's key in the lock (``prompt_toolkit`` is listed as ``prompt-toolkit``)."""
    return name.lower().replace("_", "-")


def _closure(packages: dict[str, dict[str, object]], names: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop()
        name = name if name in packages else _key(name)
        if name in seen:
            continue
        if name not in packages:
            sys.exit(f"build_lite: Pyodide's lock has no package {name!r}")
        seen.append(name)
        todo.extend(str(d) for d in packages[name].get("depends", []))  # type: ignore[union-attr]
    return sorted(seen)


def _download(requirements: list[str], into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:",
           "--python-version", "3.14", "--implementation", "py", "-d", str(into),
           *requirements]  # fmt: skip
    subprocess.run(cmd, check=True)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build(out: Path, contents: list[Path]) -> Path:
    core = _pyodide_dir()
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages: dict[str, dict[str, object]] = lock["packages"]
    names = _closure(packages, KERNEL_NEEDS)
    cache = ROOT / "_build" / "lite-wheels"
    wanted = {str(packages[n]["file_name"]): f"{n}=={packages[n]['version']}" for n in names}
    extra = {name: importlib.metadata.version(name) for name in PRELOADED}
    missing = [req for file, req in wanted.items() if not (cache / file).is_file()]
    missing += [f"{n}=={v}" for n, v in extra.items() if not list(cache.glob(f"{n}-{v}-*.whl"))]
    if missing:
        _download(missing, cache)

    with tempfile.TemporaryDirectory() as tmp:
        lite = Path(tmp)
        dist = lite / "static" / "pyodide"  # jupyterlite-pyodide-kernel's well-known place
        dist.mkdir(parents=True)
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "pyodide.js", "package.json"):  # fmt: skip
            shutil.copy2(core / name, dist / name)
        for file in wanted:
            shutil.copy2(cache / file, dist / file)
            entry = next(e for e in packages.values() if e["file_name"] == file)
            entry["sha256"] = _sha256(dist / file)
        for name, depends in PRELOADED.items():
            version = extra[name]
            wheel = next(cache.glob(f"{name}-{version}-*.whl"))
            shutil.copy2(wheel, dist / wheel.name)
            packages[name] = _entry(name, version, wheel.name, _sha256(wheel), depends)
        wheel_name, wheel_bytes = build_wheel()
        (dist / wheel_name).write_bytes(wheel_bytes)
        from puffteach import __version__

        packages["puffteach"] = _entry(
            "puffteach", __version__, wheel_name, hashlib.sha256(wheel_bytes).hexdigest(), []
        )
        (dist / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
        config = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "litePluginSettings": {
                    "@jupyterlite/pyodide-kernel-extension:kernel": {
                        "disablePyPIFallback": True,
                        "loadPyodideOptions": {"packages": ["puffteach", *PRELOADED]},
                    }
                }
            },
        }
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        folder = lite / "contents"
        folder.mkdir()
        for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
            shutil.copy2(nb, folder / nb.name)
        translated = translate_notebooks(folder)  # folder/sv/*.ipynb, folder/de/*.ipynb
        if not translated:
            sys.exit("build_lite: no translated notebook (locales/<lang>/LC_MESSAGES/notebooks/)")
        for extra_dir in contents:
            for path in extra_dir.iterdir():
                if path.is_file():
                    shutil.copy2(path, folder / path.name)
        if out.exists():
            shutil.rmtree(out)
        cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--contents", str(folder),
               "--output-dir", str(out.resolve())]  # fmt: skip
        subprocess.run(cmd, cwd=lite, check=True, stdout=subprocess.DEVNULL)
    settings = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = settings["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        sys.exit(f"build_lite: the site does not load Pyodide from itself: {kernel}")
    return out


def _entry(
    name: str, version: str, file: str, sha256: str, depends: list[str]
) -> dict[str, object]:
    return {
        "depends": depends,
        "file_name": file,
        "imports": [name],
        "install_dir": "site",
        "name": name,
        "package_type": "package",
        "sha256": sha256,
        "tool": {},
        "unvendored_tests": False,
        "version": version,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "_build" / "lite"))
    parser.add_argument("--contents", action="append", default=[], help="more files to include")
    args = parser.parse_args()
    out = build(Path(args.out), [Path(c) for c in args.contents])
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
    print(f"JupyterLite site in {out} ({size:.0f} MB)")


if __name__ == "__main__":
    main()
