"""The contract closed (issue 48, item 1): the Python side names a ruleset's declarations only through the
runtime's contract (runtime/registry.py's needs, runtime/sides.py), so a variant that renames one is
refused by `twilight check` (E601) instead of failing, or silently doing nothing, at run time.

- No name the rulesets declare (cards, countries, regions, sides, procedures, functions, settings and their
  values, tracks, variables, zones, tables, priority lists, orders, decisions) is written as a string
  literal in runtime/, cli/ or harness/, but in the registry (the contract itself); the runtime's own
  vocabulary (its primitives, triggers, actions, modifiers, moments, types) is its own to write.
- A variant renaming a name the scenario runner reads, a decision, The China Card or a side is refused
  with E601.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, compiled_ir, describe
from twilight.compiler import api
from twilight.compiler.diagnostics import Diagnostic
from twilight.runtime.core import registry, sides

MANIFEST = 'ruleset "{name}" provisional "P1: a test variant" {{\n  version "1"\n  extends "{base}"\n}}\n'
SCANNED = ("runtime", "cli", "harness")
# The contract itself: where each name is written once.
CONTRACT_FILES = {"runtime/core/registry.py"}
# Literals that are words of another vocabulary, not the ruleset's name (each with its reason).
NOT_THE_RULESETS = {
    ("cli/board/draw.py", "normal"): "an SVG font weight",
    ("cli/play/log.py", "level_vp"): "a key of the runtime's region_score trace event",
}
# Not closed yet, by file (each with its reason); kept here so that a new literal anywhere else fails.
NOT_YET_CLOSED = {
    "cli/replay/": "a replay of other programs' logs, written at the same time as this test (issue 48)",
    "cli/balance/": "the balance report's JSON keys `level` and `ai_side` (the settings' names)",
}
NOT_YET_CLOSED_NAMES = {registry.LEVEL.name, registry.AI_SIDE.name}


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


@cache
def declared_names() -> dict[str, str]:
    """Every name standard and solo-v2 declare, with its kind."""
    names: dict[str, str] = {}
    for ruleset in ("standard", "solo-v2"):
        ir = compiled_ir(ruleset)
        for kind in ("cards", "settings", "variables", "zones", "tracks", "tables", "orders"):
            names.update((n, kind) for n in ir.get(kind) or {})
        for kind in ("procedures", "functions", "priorities"):
            names.update((n, kind) for n in ir.get(kind) or {})
        for kind in ("regions", "sides", "countries"):
            names.update((n, kind) for n in ir["map"][kind])
        for setting in ir["settings"].values():
            names.update((v, "setting value") for v in setting["values"] if v not in names)
        for node in _walk(ir):
            if "choose" in node and isinstance(node.get("decision"), str):
                names[node["decision"]] = "decision"
            if isinstance(node.get("decide"), str):
                names[node["decide"]] = "decision"
    return names


def runtime_vocabulary() -> set[str]:
    """The words the runtime offers the rules (a ruleset uses them because the runtime has them)."""
    words = {p.name for p in registry.PRIMITIVES}
    for table in (registry.TRIGGERS, registry.ACTIONS, registry.MODIFIERS, registry.EXPIRIES):
        words |= set(table)
    words |= set(registry.STATUSES) | set(registry.MOMENTS) | set(registry.ENUMS) | set(registry.QUESTIONS)
    words |= {
        v for kind, values in registry.ENUMS.items() if kind not in ("side", "card_side") for v in values
    }
    words |= {v for context in registry.CONTEXTS.values() for v in context}
    return words - set(sides.SIDES)  # (the sides are the ruleset's: read through runtime/sides.py)


def literals() -> Iterator[tuple[str, int, str]]:
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    yield rel, node.lineno, node.value


def test_no_declared_name_is_written_outside_the_contract() -> None:
    names, ours = declared_names(), runtime_vocabulary()
    found = []
    for rel, line, text in literals():
        if text not in names or text in ours or rel in CONTRACT_FILES or (rel, text) in NOT_THE_RULESETS:
            continue
        if text in NOT_YET_CLOSED_NAMES or any(rel.startswith(folder) for folder in NOT_YET_CLOSED):
            continue
        found.append(f"{rel}:{line}: {names[text]} '{text}'")
    assert found == [], "declared names written as literals (read them through the contract):\n" + "\n".join(
        found
    )


def test_the_scan_sees_the_rulesets_names() -> None:
    names = declared_names()
    assert names[registry.THE_CHINA_CARD.name] == "cards"
    assert names[registry.SCORING_REVEALED.name] == "zones"
    assert names[registry.HEADLINE_CARD.name] == "decision"
    assert all(s in names for s in sides.SIDES)


def test_the_sides_helper_reads_the_ruleset() -> None:
    ir = compiled_ir("standard")
    assert sides.sides(ir) == tuple(ir["map"]["sides"]) == sides.SIDES
    assert [sides.opponent(s) for s in sides.SIDES] == list(reversed(sides.SIDES))


# ---------------------------------------------------------------------------------- renamed: refused
def variant(tmp_path: Path, text: str, base: str = "solo-v2") -> Path:
    folder = tmp_path / "renamed"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(MANIFEST.format(name="renamed", base=base), encoding="utf-8")
    (folder / "changes.tsr").write_text(text, encoding="utf-8")
    return folder


def e601(folder: Path, name: str) -> Diagnostic:
    result = api.compile_target(str(folder), use_cache=False)
    assert not result.ok
    found = [d for d in result.diagnostics if d.code == "E601" and f"'{name}'" in d.message]
    assert len(found) == 1, describe(result.diagnostics)
    return found[0]


def word_at(diag: Diagnostic) -> str:
    assert diag.pos is not None
    line = Path(diag.pos.file).read_text(encoding="utf-8").splitlines()[diag.pos.line - 1]
    return line[diag.pos.col - 1 :].split(":")[0].split()[0]


@pytest.mark.parametrize(
    ("renamed", "declared"),
    [
        (registry.SCORING_REVEALED, "zone scoring_shown"),
        (registry.SCORING_DECK, "zone scoring_pile face down"),
        (registry.SCORING_DISCARD, "zone scoring_set_aside"),
        (registry.SECONDARY_REGION, "variable next_region: region = none"),
        (registry.PRIMARY_REGION, "variable main_region: region = none"),
    ],
    ids=lambda x: x.name if isinstance(x, registry.Need) else "",
)
def test_a_solo_variant_renaming_what_the_scenario_runner_reads_is_refused(
    tmp_path: Path, renamed: registry.Need, declared: str
) -> None:
    kind = renamed.kind
    diag = e601(variant(tmp_path, f"remove {kind} {renamed.name}\n{declared}\n"), renamed.name)
    # where the need arises: the setting that makes the ruleset a game against the AI
    assert diag.pos is not None and diag.pos.file.endswith("solo-v2/settings.tsr")
    assert word_at(diag) == registry.AI_SIDE.name


def test_a_solo_variant_renaming_the_scoring_card_function_is_refused(tmp_path: Path) -> None:
    text = (
        f"remove function {registry.SCORING_CARD_OF.name}\n"
        'function scoring_card(r: region or none): card or none provisional "P1: renamed" {\n  none\n}\n'
    )
    diag = e601(variant(tmp_path, text), registry.SCORING_CARD_OF.name)
    assert diag.help is not None and diag.help.startswith("did you mean `scoring_card`?")


def test_a_variant_renaming_the_headline_decision_is_refused(tmp_path: Path) -> None:
    source = (ROOT / "rules" / "standard" / "sequence.tsr").read_text(encoding="utf-8")
    assert f"as {registry.HEADLINE_CARD.name} {{" in source
    # (the ruleset asks it under another name: a copy of standard's sequence, the decision renamed)
    folder = tmp_path / "standard-renamed"
    for path in (ROOT / "rules" / "standard").rglob("*"):
        target = folder / path.relative_to(ROOT / "rules" / "standard")
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    sequence = folder / "sequence.tsr"
    sequence.write_text(source.replace("as headline_card {", "as headline_pick {"), encoding="utf-8")
    diag = e601(folder, registry.HEADLINE_CARD.name)
    assert diag.help is not None and "as headline_card" in diag.help


def test_a_variant_without_the_china_card_is_refused(tmp_path: Path) -> None:
    diag = e601(variant(tmp_path, "remove card the_china_card\n", base="standard"), "the_china_card")
    assert diag.pos is not None and Path(diag.pos.file).name == "ruleset.tsr"


def test_a_variant_without_a_side_is_refused(tmp_path: Path) -> None:
    diag = e601(variant(tmp_path, f"remove side {sides.US}\n", base="standard"), sides.US)
    assert "side" in diag.message
