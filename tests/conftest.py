"""Shared helpers for the test suite.

`cli(...)` runs the command-line interface in-process and returns its parsed JSON, so the
rule tests exercise exactly the contract of design.md (the same contract other tools use).
"""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest


def cli(*args: str) -> Any:
    """Run `python -m puffteach ARGS` in-process; return the parsed JSON printed on stdout.

    Fails the test when the CLI exits with a non-zero status.
    """
    from puffteach.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    assert status in (0, None), f"CLI exit {status}: {err.getvalue()}"
    return json.loads(out.getvalue())


def cli_error(*args: str) -> str:
    """Run the CLI expecting bad input: assert exit status 2 and return the one stderr line."""
    from puffteach.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    assert status == 2, f"expected exit 2, got {status}; stdout={out.getvalue()!r}"
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def plays(rules: str, position: str, *dice: int) -> list[dict[str, Any]]:
    """The `plays` list for a roll."""
    result = cli("plays", "--rules", rules, "--position", position, "--dice", *map(str, dice))
    assert isinstance(result["plays"], list)
    return list(result["plays"])


def results(rules: str, position: str, *dice: int) -> set[str]:
    """The set of positions reachable by the whole roll (one per distinct legal play)."""
    return {p["position"] for p in plays(rules, position, *dice)}


def explain(rules: str, position: str, dice: tuple[int, ...], move: str) -> dict[str, Any]:
    """The `explain` object for MOVE (one step, or several separated by spaces: the last is
    explained after the earlier ones are played)."""
    return dict(
        cli(
            "explain",
            "--rules",
            rules,
            "--position",
            position,
            "--dice",
            *map(str, dice),
            "--move",
            move,
        )
    )


@pytest.fixture
def run_cli():  # type: ignore[no-untyped-def]
    return cli
