"""The worked-example notebooks in Swedish and German, from the book's gettext catalogues.

    python scripts/translate_notebooks.py [OUT] [--lang sv de]

Writes ``OUT/<lang>/<name>.ipynb`` (default OUT ``_build/notebooks``) for every
``notebooks/<name>.ipynb`` that has ``locales/<lang>/LC_MESSAGES/notebooks/<name>.po``: the
same .po files the book's Swedish and German notebook pages are translated with (``make pot``),
so nothing is translated twice and nothing is copied from the sources.

- Markdown cells: each paragraph, heading, list item, table cell and literal block is replaced
  by its translation, found under the message Sphinx extracts for it (the text as written,
  line breaks as spaces; MyST-Parser's markdown-it gives the blocks and their lines). Fuzzy or
  empty translations leave the English, as in the book.
- Code cells are the English ones, after a first code cell that makes the notebook's language
  the engine's default (``messages.set_default_language("sv")``,
  ``puffteach.sphinxext.i18n.language_cell``, as on the book's translated notebook pages): what
  the code prints (explanations, refusals, descriptions), the boards it shows and the drawings
  it makes speak the notebook's language.
- Each translated notebook is run (``scripts/run_notebooks.py``'s ``execute``, in
  ``notebooks/``), so its stored outputs are that language's: the JupyterLite site opens with
  them, and ``pytest --nbval`` compares a fresh run with them as for the English notebooks
  (its asserts run too). ``--no-execute``: leave the code cells without outputs.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("sv", "de")
# this checkout's engine (the language cell) and scripts (run_notebooks), however it is called
for _path in (str(ROOT / "scripts"), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


def catalogue(lang: str, name: str) -> dict[str, str] | None:
    """The translations of notebook ``name`` in ``lang`` (msgid -> msgstr, fuzzy and empty
    ones left out), or None when the notebook has no .po in that language."""
    from babel.messages.pofile import read_po

    po = ROOT / "locales" / lang / "LC_MESSAGES" / "notebooks" / f"{name}.po"
    if not po.is_file():
        return None
    with po.open("rb") as f:
        cat = read_po(f)
    return {
        str(m.id): str(m.string)
        for m in cat
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
    }


def _message(text: str) -> str:
    """The message Sphinx extracts for a block's text (``_clean_extracted_message``)."""
    lines = [line.rstrip(" \t") for line in text.splitlines()]
    lines = [line[:-1].rstrip(" \t") if line.endswith("\\") else line for line in lines]
    return "\n".join(lines).replace("\n", " ").strip()


def _parser() -> Any:
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    # the book's MyST settings (conf.py: myst_enable_extensions)
    config = MdParserConfig(enable_extensions={"colon_fence", "deflist"})
    from markdown_it.renderer import RendererHTML

    return create_md_parser(config, RendererHTML)


def translate_markdown(source: str, messages: dict[str, str], missing: list[str]) -> str:
    """``source`` with each block's text replaced by its translation; the messages with no
    translation are appended to ``missing``."""
    lines: list[str | None] = list(source.split("\n"))
    done: dict[int, int] = {}  # line -> column up to which it has been translated
    for token in _parser().parse(source):
        if token.map is None:
            continue
        if token.type == "inline":
            text = token.content
        elif token.type in ("fence", "code_block"):
            text = token.content.rstrip("\n")
        else:
            continue
        msg = _message(text)
        if not msg:
            continue
        new = messages.get(msg)
        if new is None:
            missing.append(msg)
            continue
        first, end = token.map
        parts = text.split("\n")
        if token.type != "inline" or len(parts) == 1:
            if token.type != "inline":  # a literal block: its lines between the fences
                body = range(first + 1, end - 1) if token.type == "fence" else range(first, end)
                start = lines[body[0]] or ""
                indent = start[: len(start) - len(start.lstrip())]
                new_lines: list[str | None] = [indent + x for x in new.split("\n")]
                new_lines += [None] * (len(body) - len(new_lines))
                lines[body.start : body.stop] = new_lines
                continue
            row = first
            while row < end and parts[0] not in (lines[row] or "")[done.get(row, 0) :]:
                row += 1
            if row == end:
                missing.append(msg)
                continue
            line = lines[row] or ""
            at = line.index(parts[0], done.get(row, 0))
            lines[row] = line[:at] + new + line[at + len(parts[0]) :]
            done[row] = at + len(new)
            continue
        # a paragraph (or list item) over several lines: one line from where its text begins
        head = lines[first] or ""
        at = head.find(parts[0])
        if at < 0:
            missing.append(msg)
            continue
        last = first + len(parts) - 1
        lines[first] = head[:at] + new
        for row in range(first + 1, min(last, end - 1) + 1):
            lines[row] = None
    return "\n".join(line for line in lines if line is not None)


def translate(
    nb: dict[str, Any], messages: dict[str, str], lang: str
) -> tuple[dict[str, Any], list[str]]:
    """A translated copy of notebook ``nb`` (as JSON) and the messages left in English: its
    markdown translated, its code the English code after the cell that sets the notebook's
    language, every code cell's outputs dropped (they are the English run's; :func:`run`
    makes the language's)."""
    from puffteach.sphinxext.i18n import language_cell

    out = copy.deepcopy(nb)
    missing: list[str] = []
    for cell in out["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown":
            source = translate_markdown(source, messages, missing)
        elif cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        cell["source"] = source.splitlines(keepends=True)
    out["cells"] = [language_cell(lang), *out["cells"]]
    out.setdefault("metadata", {})["language"] = lang
    return out, missing


def run(nb: dict[str, Any]) -> dict[str, Any]:
    """Notebook ``nb`` (JSON) run in ``notebooks/`` with its outputs stored
    (``scripts/run_notebooks.py``)."""
    import nbformat
    from run_notebooks import execute  # scripts/run_notebooks.py

    node = nbformat.reads(json.dumps(nb), as_version=4)
    execute(node, ROOT / "notebooks")
    result: dict[str, Any] = json.loads(nbformat.writes(node))
    return result


def build(
    out: Path, langs: tuple[str, ...] = LANGS, strict: bool = False, execute: bool = True
) -> list[Path]:
    """Write the translated notebooks; return their paths. ``strict``: fail if a message of a
    notebook with a .po has no translation; ``execute``: run each one to store its outputs."""
    written: list[Path] = []
    for lang in langs:
        for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
            messages = catalogue(lang, path.stem)
            if messages is None:
                continue
            nb = json.loads(path.read_text(encoding="utf-8"))
            translated, missing = translate(nb, messages, lang)
            if missing and strict:
                sys.exit(f"translate_notebooks: {lang}/{path.name}: untranslated: {missing[:3]}")
            if execute:
                translated = run(translated)
            target = out / lang / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(translated, indent=1, ensure_ascii=False) + "\n"
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "_build" / "notebooks"))
    parser.add_argument("--lang", nargs="+", default=list(LANGS))
    parser.add_argument(
        "--no-execute", action="store_true", help="do not run them (no stored outputs)"
    )
    args = parser.parse_args()
    written = build(Path(args.out), tuple(args.lang), strict=True, execute=not args.no_execute)
    print(f"{len(written)} translated notebooks in {args.out}")


if __name__ == "__main__":
    main()
