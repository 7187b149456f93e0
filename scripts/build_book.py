"""Build the book in its three languages side by side.

    python scripts/build_book.py [OUT] [--lang en sv de] [--jobs N] [--no-cache] [--lite]

OUT (default ``_build/html``) receives ``en/``, ``sv/`` and ``de/`` (each a whole Sphinx HTML
build, ``sphinx-build -W``) and an ``index.html`` that sends the reader to the English book.
Every page has a switch to the same page in the other languages (puffteach.sphinxext.i18n).
The engine (Pyodide, the wheel, the snapshot, the widget scripts) and the service worker live
once at OUT's root, ``OUT/_static/puffteach/`` and ``OUT/puffteach-sw.js``, for every language
(``puffteach_engine_site``, puffteach.sphinxext.vendor). ``OUT/puffteach-offline.json`` lists
the files a reader's browser keeps to read the book offline (the front page's "Make the book
available offline", ``puffteach-offline.js``): each language's pages and the shared engine.

Each language is built into ``OUT/../<lang>/html`` (with its own doctrees and myst-nb
``jupyter_execute`` folder, so two builds never write the same file) and OUT/<lang> links to it.
The notebooks run once per call and language: the cache (``OUT/../.jupyter_cache``) is emptied,
the English build executes every notebook with this checkout's engine and stores the outputs,
and the other languages (built in parallel, ``--jobs`` at a time) each start from a copy of it
(``OUT/../.jupyter_cache-<lang>``, so two builds never write one cache): a notebook translated
into the language runs again there in that language (puffteach.sphinxext.i18n), an English-only
one takes the English outputs. ``--no-cache`` runs every notebook in every build instead. Prints
the time of each build and the total.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "sv", "de")

INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>puffteach: Puff and bräde</title>
<meta http-equiv="refresh" content="0; url=en/book/index.html">
<link rel="canonical" href="en/book/index.html">
</head>
<body>
<p>The book: <a href="en/book/index.html" hreflang="en">English</a> ·
<a href="sv/book/index.html" hreflang="sv" lang="sv">Svenska</a> ·
<a href="de/book/index.html" hreflang="de" lang="de">Deutsch</a></p>
</body>
</html>
"""


def build(
    lang: str, base: Path, execution: str, cache: Path, site: Path, lite: str = ""
) -> tuple[str, float, str]:
    """One language's ``sphinx-build -W``; returns (lang, seconds, error output or "")."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env["PUFFTEACH_NB_EXECUTION"] = execution
    env["PUFFTEACH_NB_CACHE"] = str(cache)
    cmd = [
        sys.executable,
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-q",
        "-b",
        "html",
        "-D",
        f"language={lang}",
        "-D",
        f"puffteach_engine_site={site}",
        *(["-D", f"puffteach_lite={lite}"] if lite else []),
        "-d",
        str(base / lang / "doctrees"),
        str(ROOT),
        str(base / lang / "html"),
    ]
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.monotonic() - start
    error = "" if proc.returncode == 0 else f"{proc.stdout[-4000:]}\n{proc.stderr[-8000:]}"
    return lang, seconds, error


def link(out: Path, lang: str, target: Path) -> None:
    """OUT/<lang> -> the language's build folder (a relative symlink)."""
    entry = out / lang
    if entry.is_symlink() or entry.is_file():
        entry.unlink()
    elif entry.is_dir():
        shutil.rmtree(entry)
    entry.symlink_to(os.path.relpath(target, out), target_is_directory=True)


#: left out of the offline list: Sphinx's page sources and build records
OFFLINE_SKIP = ("_sources/", ".buildinfo", "objects.inv", ".doctrees/")


def offline_manifest(out: Path, langs: list[str]) -> dict[str, object]:
    """What a browser keeps to read the book offline: ``{"shared": [[url, bytes], ...],
    "languages": {lang: [[url, bytes], ...]}}``, URLs relative to OUT."""

    def files(folder: Path, prefix: str) -> list[list[object]]:
        found = []
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder).as_posix()
            if path.is_file() and not any(rel.startswith(s) or s in rel for s in OFFLINE_SKIP):
                found.append([prefix + rel, path.stat().st_size])
        return found

    shared = [["index.html", (out / "index.html").stat().st_size]]
    if (out / "_static").is_dir():
        shared += files(out / "_static", "_static/")
    languages = {lang: files(out / lang, f"{lang}/") for lang in langs if (out / lang).is_dir()}
    return {"shared": shared, "languages": languages}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default="_build/html", type=Path)
    parser.add_argument("--lang", nargs="+", default=list(LANGUAGES), choices=LANGUAGES)
    parser.add_argument("--jobs", type=int, default=2, help="translated builds at a time")
    parser.add_argument("--no-cache", action="store_true", help="run the notebooks every build")
    parser.add_argument(
        "--lite",
        action="store_true",
        help="also build the notebooks' JupyterLite site into OUT/lite (scripts/build_lite.py) "
        "and link each notebook page to it",
    )
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    base = out.parent
    cache = base / ".jupyter_cache"
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(cache, ignore_errors=True)
    execution = "force" if args.no_cache else "cache"
    langs = [lang for lang in LANGUAGES if lang in args.lang]

    start = time.monotonic()
    lite = ""
    if args.lite:
        from build_lite import build as build_lite  # scripts/build_lite.py

        build_lite(out / "lite", [])
        lite = "../lite/"  # from a language's root (OUT/<lang>/)
        print(f"lite: {time.monotonic() - start:.0f} s")
    results = []
    first, rest = langs[0], langs[1:]
    results.append(build(first, base, execution, cache, out, lite))
    if not results[0][2]:
        caches = {lang: base / f".jupyter_cache-{lang}" for lang in rest}
        for own in caches.values():
            shutil.rmtree(own, ignore_errors=True)
            if cache.is_dir():
                shutil.copytree(cache, own)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results += pool.map(
                lambda lang: build(lang, base, execution, caches[lang], out, lite), rest
            )
    total = time.monotonic() - start

    failed = False
    for lang, seconds, error in results:
        print(f"{lang}: {seconds:.0f} s")
        if error:
            failed = True
            print(f"sphinx-build ({lang}) failed:\n{error}", file=sys.stderr)
        else:
            link(out, lang, base / lang / "html")
    print(f"total: {total:.0f} s for {', '.join(langs)}")
    (out / "index.html").write_text(INDEX, encoding="utf-8")
    built = [lang for lang in LANGUAGES if (out / lang / "book" / "index.html").is_file()]
    manifest = offline_manifest(out, built)
    (out / "puffteach-offline.json").write_text(json.dumps(manifest), encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
