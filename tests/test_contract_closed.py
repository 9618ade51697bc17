"""The contract closed (issue 48, item 1): the Python side names a ruleset's declarations only through the
runtime's contract (runtime/registry.py's needs, runtime/sides.py), so a variant that renames one is
refused by `twilight check` (E601) instead of failing, or silently doing nothing, at run time.

- No name the rulesets declare (cards, countries, regions, sides, procedures, functions, settings and their
  values, tracks, variables, zones, tables, priority lists, orders, decisions) is written as a string
  literal in runtime/, cli/ or harness/, but in the registry (the contract itself); the runtime's own
  vocabulary (its primitives, triggers, actions, modifiers, moments, types) is its own to write.
- A variant renaming a name the scenario runner reads, a decision, The China Card or a side is refused
  with E601; so is one that leaves out where the game starts (the DEFCON track's `start`, The China
  Card's `held by`, the side that `moves first`) or the solo appendix's moment (`appendix_moment`).
- The names kept as data (the replay's ids of `standard`, cli/replay/standard.yaml) are checked against
  the ruleset when a replay starts.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, compiled_ir, describe
from twilight.compiler import api
from twilight.compiler.diagnostics import Diagnostic
from twilight.runtime.core import registry, sides
from twilight.runtime.game import new_engine

MANIFEST = 'ruleset "{name}" provisional "P1: a test variant" {{\n  version "1"\n  extends "{base}"\n}}\n'
SCANNED = ("runtime", "cli", "harness")
# The contract itself: where each name is written once.
CONTRACT_FILES = {"runtime/core/registry.py"}
# Literals that are words of another vocabulary, not the ruleset's name (each with its reason).
NOT_THE_RULESETS = {
    ("cli/board/draw.py", "normal"): "an SVG font weight",
    ("cli/session/log.py", "level_vp"): "a key of the runtime's region_score trace event",
    ("cli/session/log.py", "level"): "a key of the runtime's region_score trace event (score_told's `level`)",
    # (checked equal to the contract's name below: the saves list imports no runtime, to start quickly)
    ("cli/session/unfinished.py", registry.LEVEL.name): "the saves list's copy of the level setting's name",
    ("cli/session/unfinished.py", registry.AI_SIDE.name): "the saves list's copy of the ai_side setting",
}


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


# ------------------------------------------------------------------- where the game starts: the rules say
CHINA_CARD_WITHOUT_HOLDER = (
    "override card 6 the_china_card {\n  ops 4 side neutral period early no_event\n}\n"
)
USSR_LINE = "side ussr superpower ussr adjacent finland, poland, romania, afghanistan, north_korea"


def test_the_engine_starts_where_the_rules_say() -> None:
    ir = compiled_ir("standard")
    engine = new_engine(ir, {}, seed=1)
    first = next(name for name, side in ir["map"]["sides"].items() if side.get(registry.FIRST_SIDE.name))
    assert engine.state.phasing == engine.defcon_actor == first
    assert engine.state.defcon == ir["tracks"][registry.DEFCON_TRACK.name]["start"]
    assert engine.state.china_holder == ir["cards"][registry.THE_CHINA_CARD.name]["held_by"]


def test_a_variant_changing_where_the_game_starts_starts_there(tmp_path: Path) -> None:
    text = (
        "override track defcon from 1 to 5 start 4\n"
        "override side us superpower usa adjacent canada, japan, mexico, cuba moves first\n"
        f"override {USSR_LINE}\n"
        "override card 6 the_china_card {\n  ops 4 side neutral period early no_event held by us\n}\n"
    )
    result = api.compile_target(str(variant(tmp_path, text, base="standard")), use_cache=False)
    assert result.ok and result.ir is not None, describe(result.diagnostics)
    engine = new_engine(result.ir, {}, seed=1)
    assert (engine.state.phasing, engine.defcon_actor) == (sides.US, sides.US)
    assert (engine.state.defcon, engine.state.china_holder) == (4, sides.US)


def test_a_variant_whose_defcon_track_has_no_start_is_refused_at_the_track(tmp_path: Path) -> None:
    diag = e601(variant(tmp_path, "override track defcon from 1 to 5\n", base="standard"), "defcon")
    assert diag.pos is not None and Path(diag.pos.file).name == "changes.tsr"  # (the declaration)
    assert word_at(diag) == "defcon" and "start" in (diag.help or "")


def test_a_variant_without_the_defcon_track_is_refused(tmp_path: Path) -> None:
    diag = e601(variant(tmp_path, "remove track defcon\n", base="standard"), "defcon")
    assert diag.pos is not None and Path(diag.pos.file).name == "ruleset.tsr"


def test_a_variant_whose_china_card_says_no_holder_is_refused_at_the_card(tmp_path: Path) -> None:
    diag = e601(variant(tmp_path, CHINA_CARD_WITHOUT_HOLDER, base="standard"), registry.THE_CHINA_CARD.name)
    assert diag.pos is not None and Path(diag.pos.file).name == "changes.tsr"
    assert word_at(diag) == registry.THE_CHINA_CARD.name and "held by" in (diag.help or "")


def test_a_variant_where_no_side_moves_first_is_refused(tmp_path: Path) -> None:
    diag = e601(variant(tmp_path, f"override {USSR_LINE}\n", base="standard"), registry.FIRST_SIDE.name)
    assert diag.pos is not None and Path(diag.pos.file).name == "ruleset.tsr"
    assert "moves first" in (diag.help or "")


def test_two_sides_moving_first_are_refused(tmp_path: Path) -> None:
    text = "override side us superpower usa adjacent canada, japan, mexico, cuba moves first\n"
    result = api.compile_target(str(variant(tmp_path, text, base="standard")), use_cache=False)
    assert [d.code for d in result.diagnostics if "moves first" in d.message] == ["E206"]


def test_a_track_starting_off_its_bounds_is_refused(tmp_path: Path) -> None:
    text = "override track defcon from 1 to 5 start 6\n"
    result = api.compile_target(str(variant(tmp_path, text, base="standard")), use_cache=False)
    assert [d.code for d in result.diagnostics if "starts at 6" in d.message] == ["E206"]


# ------------------------------------------------------------------------------ names kept as data, checked
def test_the_saves_list_names_the_level_and_ai_side_settings_as_the_contract_does() -> None:
    from twilight.cli.session import unfinished

    assert registry.LEVEL.name == unfinished.LEVEL_SETTING
    assert registry.AI_SIDE.name == unfinished.AI_SIDE_SETTING


def test_the_replay_reads_only_ids_standard_declares() -> None:
    from twilight.cli.replay import ids

    assert ids.missing(compiled_ir("standard")) == []
    kinds = {kind for kind, _ in ids.standard_ids().by_kind()}
    assert kinds == {"card", "country", "setting", "decision", "phase"}


@pytest.mark.parametrize(
    ("kind", "name"),
    [("card", "grain_sales_to_soviets"), ("decision", "norad_influence"), ("phase", "military_operations")],
)
def test_a_ruleset_renaming_what_the_replay_reads_is_refused(kind: str, name: str) -> None:
    from twilight.cli.replay import ids

    renamed = json.loads(json.dumps(compiled_ir("standard")).replace(f'"{name}"', f'"{name}_renamed"'))
    assert f"{kind} '{name}'" in ids.missing(renamed)


# --------------------------------------------------------------------- the appendix's moment: the rules say
def test_a_solo_variant_without_the_appendix_moment_is_refused(tmp_path: Path) -> None:
    text = f"remove function {registry.APPENDIX_MOMENT.name}\n"
    diag = e601(variant(tmp_path, text), registry.APPENDIX_MOMENT.name)
    assert diag.pos is not None and diag.pos.file.endswith("solo-v2/settings.tsr")
    assert word_at(diag) == registry.AI_SIDE.name


def test_the_appendix_reads_its_moment_from_the_rules(tmp_path: Path) -> None:
    from twilight.runtime.solo import appendix

    solo = new_engine(compiled_ir("solo-v2"), {}, seed=1)
    assert appendix._moment(solo) == "non_scoring_round"  # (as the game starts: no headline, no scoring)
    name = registry.APPENDIX_MOMENT.name
    text = f'override function {name}(): text provisional "P1: a test variant" {{\n  "scoring_round"\n}}\n'
    result = api.compile_target(str(variant(tmp_path, text)), use_cache=False)
    assert result.ok and result.ir is not None, describe(result.diagnostics)
    assert appendix._moment(new_engine(result.ir, {}, seed=1)) == "scoring_round"


def test_another_card_saying_who_holds_it_is_refused(tmp_path: Path) -> None:
    text = "override card 4 duck_and_cover {\n  ops 3 side us period early held by us\n  event { }\n}\n"
    result = api.compile_target(str(variant(tmp_path, text, base="standard")), use_cache=False)
    assert [d.code for d in result.diagnostics if "says who holds it" in d.message] == ["E209"]
