"""Bräde presets and the numbered variants of RV (filled in by the bräde issue)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import RuleSet


def build(preset: str, values: dict[str, object], codes: list[str]) -> RuleSet:
    raise NotImplementedError("bräde rule sets are not implemented yet")
