"""The compiler's own data files as text, read without importing the parser (a cache hit needs no Lark)."""

from __future__ import annotations

from importlib import resources


def grammar_text() -> str:
    return resources.files("twilight.grammar").joinpath("twilight.lark").read_text(encoding="utf-8")
