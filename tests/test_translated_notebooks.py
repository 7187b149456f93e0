"""The Swedish and German worked-example notebooks of ``scripts/translate_notebooks.py``.

They are made from the book's .po files (``locales/<lang>/LC_MESSAGES/notebooks/``) for the
JupyterLite site and for nbval (``make nbval``). Every markdown block of a translated notebook
is a translation from its .po and every translation is used; the code is the English one after
a first cell that makes the notebook's language the engine's default, and the stored outputs
are that language's run: what the code prints is not English.
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
def test_the_code_is_english_after_a_cell_that_sets_the_language(lang: str) -> None:
    from puffteach.sphinxext.i18n import language_cell

    for path in NOTEBOOKS:
        nb = json.loads(path.read_text(encoding="utf-8"))
        translated, _ = tn.translate(nb, tn.catalogue(lang, path.stem) or {}, lang)
        first, *cells = translated["cells"]
        assert first == language_cell(lang)
        assert f'set_default_language("{lang}")' in _source(first)
        assert len(cells) == len(nb["cells"])
        for old, new in zip(nb["cells"], cells, strict=True):
            assert old["cell_type"] == new["cell_type"]
            if old["cell_type"] == "code":
                assert _source(new) == _source(old)
                assert new["outputs"] == [] and new["execution_count"] is None  # run() fills them


def test_a_translated_notebook_runs_in_its_language() -> None:
    """The stored outputs of a translated notebook are its own run's: what the code prints
    (the board's messages, refusals, a description) is Swedish, no English sentence of the
    catalogue is left, and the English notebook's asserts still hold there."""
    from english_words import english_in, notebook_printed

    from puffteach.color import Color
    from puffteach.messages import text

    path = ROOT / "notebooks" / "00-the-board.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert english_in(notebook_printed(nb), "sv")  # the check sees the English run's words
    translated, _ = tn.translate(nb, tn.catalogue("sv", path.stem) or {}, "sv")
    ran = tn.run(translated)
    printed = notebook_printed(ran)
    assert english_in(printed, "sv") == []
    assert text("board.rolls", "sv", side=Color.WHITE, dice="5-5") in printed
    assert all(c["outputs"] for c in ran["cells"][1:] if c["cell_type"] == "code")
    outputs = [o for c in ran["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert not any(o.get("output_type") == "error" for o in outputs)


def test_a_changed_english_text_is_reported_untranslated() -> None:
    path = ROOT / "notebooks" / "03-pierer.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    cell["source"] = [_source(cell) + "\n\nA sentence the .po does not know yet.\n"]
    translated, missing = tn.translate(nb, tn.catalogue("sv", "03-pierer") or {}, "sv")
    assert missing == ["A sentence the .po does not know yet."]
    assert "A sentence the .po does not know yet." in _source(translated["cells"][1])


def test_the_script_writes_each_language_folder(tmp_path: Path) -> None:
    written = tn.build(tmp_path, ("sv", "de"), strict=True, execute=False)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == sorted(
        f"{lang}/{p.name}" for lang in LANGS for p in NOTEBOOKS
    )
    sv = json.loads((tmp_path / "sv" / "03-pierer.ipynb").read_text(encoding="utf-8"))
    assert 'set_default_language("sv")' in _source(sv["cells"][0])
    title = _source(sv["cells"][1]).splitlines()[0]
    assert (
        title
        == "# "
        + (tn.catalogue("sv", "03-pierer") or {})["Worked examples: Pierer's Puffspiel (1861)"]
    )


#: the helper cells' labels the English runs print (roll, forfeited, refused, points, an
#: Outcome's sentence; the computer notebook's levels, equities, verdicts and review)
HELPERS = [
    ("05-brade-family", "de", {"roll", "refused", "to move", "score"}),
    ("10-computer", "sv", {"plies", "noise", "careless", "candidates", "win", "best", "luck"}),
]


@pytest.mark.parametrize(("name", "lang", "labels"), HELPERS)
def test_the_notebooks_own_words_come_from_the_catalogue(
    name: str, lang: str, labels: set[str]
) -> None:
    """What the notebooks' own code prints around the engine's sentences (the plays helper's
    header and forfeits, a refusal, an outcome, the levels, a hint, a verdict, a review) is
    the catalogue's in the notebook's language: no English label is left in the run."""
    from english_words import LABELS, english_in, notebook_printed

    from puffteach.messages import text

    path = ROOT / "notebooks" / f"{name}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    english = notebook_printed(nb)
    assert labels <= {m.group(0).lower() for m in LABELS.finditer(english)}  # the check sees them
    ran = tn.run(tn.translate(nb, tn.catalogue(lang, name) or {}, lang)[0])
    printed = notebook_printed(ran)
    assert english_in(printed, lang) == []
    assert "Outcome(" not in printed and "Termination." not in printed
    if name == "05-brade-family":
        header = text(
            "nb.plays", lang, rules="brade-family", position="W:1x15 B:1x15 w", dice="2-2", n=2
        )
        assert (
            header in printed
            and text(
                "nb.plays", "en", rules="brade-family", position="W:1x15 B:1x15 w", dice="2-2", n=2
            )
            in english
        )
    else:
        assert text("rating.casual", lang) in printed
