"""The stored notebook outputs are deterministic, so `pytest --nbval` can compare them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
ADDRESS = re.compile(r"at 0x[0-9a-f]{6,}|object at 0x")
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_are_stored_and_deterministic(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {}), "live widget state (random ids) is stored"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, "a notebook of worked examples has code cells"
    assert all(c.get("execution_count") for c in code), "run scripts/run_notebooks.py"
    for c in code:
        assert "execution" not in c.get("metadata", {}), "execution timestamps are stored"
        text = json.dumps(c.get("outputs", []))
        assert not ADDRESS.search(text), f"a memory address in the output of {c['source'][:60]}"
        assert not TIMESTAMP.search(text), "a timestamp in an output"
        for ids in re.findall(r'"model_id": "([^"]+)"', text):
            assert ids.startswith("puffteach-board-"), "a random widget id is stored"
        assert not any(o.get("output_type") == "error" for o in c.get("outputs", []))
