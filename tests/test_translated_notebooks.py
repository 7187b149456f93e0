"""The Swedish and German worked-example notebooks of ``scripts/translate_notebooks.py``.

They are made from the book's .po files (``locales/<lang>/LC_MESSAGES/notebooks/``) for the
JupyterLite site and for nbval (``make nbval``). Every markdown block of a translated notebook
is a translation from its .po and every translation is used; the code is the English one except
the boards of cells tagged ``puffteach-lang``, which speak the notebook's language.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import translate_notebooks as tn  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LANGS = ["sv", "de"]


def _blocks(source: str) -> list[str]:
    """The messages Sphinx would extract from a markdown cell's blocks."""
    found = []
    for token in tn._parser().parse(source):
        if token.type in ("inline", "fence", "code_block") and token.map is not None:
            msg = tn._message(token.content.rstrip("\n"))
            if msg:
                found.append(msg)
    return found


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_block_is_translated_and_every_translation_used(lang: str) -> None:
    assert NOTEBOOKS
    for path in NOTEBOOKS:
        messages = tn.catalogue(lang, path.stem)
        assert messages, f"{lang}: no .po for {path.name}"
        nb = json.loads(path.read_text(encoding="utf-8"))
        translated, missing = tn.translate(nb, messages, lang)
        assert missing == [], (path.name, missing[:3])
        english = [
            m for c in nb["cells"] if c["cell_type"] == "markdown" for m in _blocks(_source(c))
        ]
        shown = [
            m
            for c in translated["cells"]
            if c["cell_type"] == "markdown"
            for m in _blocks(_source(c))
        ]
        # block for block: each English block became its translation, in the same order
        assert shown == [messages[m] for m in english], path.name
        assert set(shown) == set(messages.values()), f"{path.name}: a translation is not used"
        assert translated["metadata"]["language"] == lang


@pytest.mark.parametrize("lang", LANGS)
def test_code_stays_english_but_tagged_boards_speak_the_language(lang: str) -> None:
    tagged = 0
    for path in NOTEBOOKS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        translated, _ = tn.translate(nb, tn.catalogue(lang, path.stem) or {}, lang)
        assert len(translated["cells"]) == len(nb["cells"])
        for old, new in zip(nb["cells"], translated["cells"], strict=True):
            assert old["cell_type"] == new["cell_type"]
            if old["cell_type"] != "code":
                continue
            if tn.FOLLOW not in old["metadata"].get("tags", []):
                assert _source(new) == _source(old)
                assert new["outputs"] == old["outputs"]
                continue
            tagged += 1
            assert _source(new) != _source(old)
            assert _source(new).replace(f', lang="{lang}")', ")") == _source(old)
            assert new["outputs"] == [] and tn.NBVAL_IGNORE in new["metadata"]["tags"]
    assert tagged >= 1  # the Pierer notebook's board


def test_a_board_call_gets_the_language_once() -> None:
    code = 'b = Board("kontrar-puff",\n    seed=1)\nc = Board()\nd = Board("x", lang="de")\n'
    assert tn._with_lang(code, "sv") == (
        'b = Board("kontrar-puff",\n    seed=1, lang="sv")\nc = Board(lang="sv")\n'
        'd = Board("x", lang="de")\n'
    )


def test_a_changed_english_text_is_reported_untranslated() -> None:
    path = ROOT / "notebooks" / "03-pierer.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    cell["source"] = [_source(cell) + "\n\nA sentence the .po does not know yet.\n"]
    translated, missing = tn.translate(nb, tn.catalogue("sv", "03-pierer") or {}, "sv")
    assert missing == ["A sentence the .po does not know yet."]
    assert "A sentence the .po does not know yet." in _source(translated["cells"][0])


def test_the_script_writes_each_language_folder(tmp_path: Path) -> None:
    written = tn.build(tmp_path, ("sv", "de"), strict=True)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == sorted(
        f"{lang}/{p.name}" for lang in LANGS for p in NOTEBOOKS
    )
    sv = json.loads((tmp_path / "sv" / "03-pierer.ipynb").read_text(encoding="utf-8"))
    title = _source(sv["cells"][0]).splitlines()[0]
    assert (
        title
        == "# "
        + (tn.catalogue("sv", "03-pierer") or {})["Worked examples: Pierer's Puffspiel (1861)"]
    )
