"""Execute the worked-example notebooks in place and store deterministic outputs.

    python scripts/run_notebooks.py [NOTEBOOK ...]     (default: notebooks/*.ipynb)

Outputs are what `pytest --nbval` compares; this strips the per-cell execution timestamps that
Jupyter adds, so a re-run changes a notebook only where its results change.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    execute(nb, path.parent)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)}")


def execute(nb: Any, folder: Path) -> None:
    """Run notebook ``nb`` (an nbformat notebook, changed in place) with this checkout's
    engine, in ``folder``, and make its outputs deterministic."""
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
    )
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    ).execute()
    views = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if "outputs" in cell:
            cell.outputs = _merged(cell.outputs)
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW)
            if view is not None:  # live widget ids are random: store a stable placeholder
                views += 1
                view["model_id"] = f"puffteach-board-{views}"
    nb.metadata.pop("widgets", None)  # the live widget state (random ids); the book rebuilds it


def _merged(outputs: list[Any]) -> list[Any]:
    """Consecutive stream outputs of one stream as one: how the kernel cuts printed text into
    messages depends on timing, so without this a re-run may store the same text differently."""
    out: list[Any] = []
    for o in outputs:
        prev = out[-1] if out else None
        if (
            o.get("output_type") == "stream"
            and prev is not None
            and prev.get("output_type") == "stream"
            and prev.get("name") == o.get("name")
        ):
            prev["text"] = prev["text"] + o["text"]
        else:
            out.append(o)
    return out


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for p in paths:
        run(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
