"""The Jupyter board widget: play, set up, replay and explain positions.

``Board`` (an anywidget, needs ``pip install anywidget``) draws the board and sends the
reader's clicks to Python; the logic lives in :mod:`puffteach.widget.protocol`, pure functions
of JSON that need only the standard library (so they also run in the browser under Pyodide).
Importing this package does not import anywidget; ``Board`` is loaded on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import DEFAULT, text

if TYPE_CHECKING:
    from ._board import Board

__all__ = ["Board"]


def __getattr__(name: str) -> Any:
    if name == "Board":
        try:
            from ._board import Board
        except ImportError as e:
            raise ImportError(text("error.widget.anywidget", DEFAULT, error=str(e))) from e
        return Board
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
