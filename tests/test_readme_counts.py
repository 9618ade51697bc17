"""The README's counts are the code's: cards, countries, the AI's lists and appendix entries, scenario files,
diagnostic codes and primitives, each read from where it is kept (a count that drifts fails here, with
the number to write)."""

from __future__ import annotations

import re

from helpers import ROOT
from twilight.compiler.api import compile_target
from twilight.compiler.diagnostics import CODES
from twilight.compiler.vocab import vocabulary

README = (ROOT / "README.md").read_text(encoding="utf-8")


def said(pattern: str) -> int:
    """The number the README writes where `pattern` (with a `(N)` group for it) matches, once."""
    found = re.findall(pattern.replace("(N)", r"([\d,]+)"), " ".join(README.split()))
    assert len(found) == 1, f"the README should say it once: {pattern}"
    return int(found[0].replace(",", ""))


def test_the_readme_counts_are_the_codes() -> None:
    standard = compile_target("standard").ir
    solo = compile_target("solo-v2").ir
    assert standard is not None and solo is not None
    optional = sum(1 for card in standard["cards"].values() if card.get("optional"))
    scenarios = len(list((ROOT / "tests" / "scenarios").rglob("*.yaml")))
    expected = {
        r"the standard rules have (N) cards": len(standard["cards"]),
        r"\((N) of them optional\)": optional,
        r"and (N) countries": len(standard["map"]["countries"]),
        r"solo-v2 adds (N) AI priority lists": len(solo["priorities"]),
        r"and (N) card appendix entries": len(solo["appendix"]),
        r"(N) scenario files in `tests/scenarios/`": scenarios,
        r"(N) diagnostic codes": len(CODES),
        r"(N) runtime primitives": len(vocabulary().primitives),
    }
    wrong = {pattern: (said(pattern), count) for pattern, count in expected.items() if said(pattern) != count}
    assert not wrong, "README.md's counts (written, actual): " + "; ".join(
        f"{pattern}: {written} -> write {count}" for pattern, (written, count) in wrong.items()
    )
