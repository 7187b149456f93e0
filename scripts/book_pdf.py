"""The whole book as one PDF, printed by Debian's Chromium (``make pdf``).

    python scripts/book_pdf.py [OUT] [--lang en] [--chromium /usr/bin/chromium]

Builds the book for one language with Sphinx's ``singlehtml`` builder (every chapter and
notebook on one page, figures numbered as in the HTML book; the notebooks' outputs come from
the execution cache when ``make book`` has filled it) into ``_build/pdf/<lang>/``, then prints
that page with ``chromium --headless --print-to-pdf``. The book's print stylesheet leaves every
button, menu and sidebar off the paper and keeps boards with their captions. The page is opened
from disk, so no engine loads and every board is its drawing. OUT defaults to
``_build/puffteach-book[-<lang>].pdf``; the script prints its size and fails above 20 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT_MB = 20.0


def build_single(lang: str, out: Path) -> Path:
    """``sphinx-build -b singlehtml`` of the book in ``lang``; returns the page to print."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env.setdefault("PUFFTEACH_NB_EXECUTION", "cache")
    cmd = [
        sys.executable,
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-q",
        "-b",
        "singlehtml",
        "-d",
        str(out.parent / f"{lang}-doctrees"),
        "-D",
        f"language={lang}",
        str(ROOT),
        str(out),
    ]
    proc = subprocess.run(cmd, cwd=ROOT, env=env)
    if proc.returncode:
        raise SystemExit(f"book_pdf: the singlehtml build failed (exit {proc.returncode})")
    written = out / "book" / "index.html"
    if not written.is_file():
        raise SystemExit(f"book_pdf: {written} was not written")
    # singlehtml writes the root document (book/index) one folder down but links its styles,
    # scripts and images from the output's root: print a copy that sits at the root
    page = out / "book.html"
    page.write_text(written.read_text(encoding="utf-8"), encoding="utf-8")
    return page


def print_pdf(chromium: str, page: Path, pdf: Path) -> None:
    """Print ``page`` to ``pdf`` with headless Chromium (no network: the page is on disk)."""
    pdf.parent.mkdir(parents=True, exist_ok=True)
    if pdf.exists():
        pdf.unlink()
    cmd = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--run-all-compositor-stages-before-draw",
        "--virtual-time-budget=20000",
        "--no-pdf-header-footer",
        f"--print-to-pdf={pdf}",
        page.resolve().as_uri(),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode or not pdf.is_file():
        tail = proc.stderr[-2000:]
        raise SystemExit(f"book_pdf: chromium failed (exit {proc.returncode}): {tail}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", help="the PDF to write")
    ap.add_argument("--lang", default="en", choices=("en", "sv", "de"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    suffix = "" if args.lang == "en" else f"-{args.lang}"
    pdf = Path(args.out) if args.out else ROOT / "_build" / f"puffteach-book{suffix}.pdf"
    t0 = time.perf_counter()
    page = build_single(args.lang, ROOT / "_build" / "pdf" / args.lang)
    t1 = time.perf_counter()
    print_pdf(args.chromium, page, pdf)
    t2 = time.perf_counter()
    size = pdf.stat().st_size / 1e6
    print(f"{pdf}: {size:.1f} MB (build {t1 - t0:.0f} s, print {t2 - t1:.0f} s)")
    if size > LIMIT_MB:
        print(f"book_pdf: the PDF is over {LIMIT_MB:.0f} MB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
