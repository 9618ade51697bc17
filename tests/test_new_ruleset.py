"""The example variant of docs/new-ruleset.md (docs/examples/solo-v2-aggressive/) and the guide itself.

- The variant compiles with no error or warning, its words are complete, and headless games against it
  play to the end.
- Its IR differs from solo-v2's in exactly the five changes the guide describes (each P10): options 6 and
  7 of the AI Influence Placement Priority change places, the Hard level's head start is 5 VP, a point of
  the setup roll moves from France to Italy, Korean War's condition, and one action round more.
- Its scenarios pass, and the option scenario fails under solo-v2 (the change is real).
- Every code block of the guide that shows a file is that file, or parts of it in order (`…` lines stand
  for what is left out), so the guide cannot drift from the example.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import ROOT, compiled_ir, run_cli
from twilight.cli.localizer import Localizer
from twilight.compiler.loader import known_rulesets

EXAMPLE = ROOT / "docs" / "examples" / "solo-v2-aggressive"
VARIANT = str(EXAMPLE.relative_to(ROOT))
GUIDE = ROOT / "docs" / "new-ruleset.md"
P10 = re.compile(r"^P10: ")


def _without_src(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_src(v) for k, v in node.items() if k != "src"}
    if isinstance(node, list):
        return [_without_src(v) for v in node]
    return node


@pytest.fixture(scope="module")
def irs() -> tuple[dict[str, Any], dict[str, Any]]:
    return _without_src(compiled_ir("solo-v2")), _without_src(compiled_ir(VARIANT))


def test_the_example_is_not_a_known_ruleset() -> None:
    # kept out of rules/, so the suite's per-ruleset tests and `twilight check` (no argument) skip it
    assert "solo-v2-aggressive" not in known_rulesets()


def test_the_variant_checks_clean() -> None:
    code, out = run_cli(["check", VARIANT])
    assert code == 0, out
    assert "solo-v2-aggressive: ok: 0 errors, 0 warnings" in out


def test_the_variants_words_are_complete_and_its_own() -> None:
    code, out = run_cli(["i18n", "check", VARIANT])
    assert code == 0, out
    english = Localizer.for_ruleset(VARIANT, "en")
    russian = Localizer.for_ruleset(VARIANT, "ru")
    assert english.get("setting-level-hard") == "Hard (the AI starts with 5 VP)"
    assert russian.get("setting-level-hard") == "Сложный (ИИ начинает с 5 ПО)"
    # everything else is inherited from solo-v2 and standard
    assert english.get("setting-level-expert") == Localizer.for_ruleset("solo-v2", "en").get(
        "setting-level-expert"
    )


def test_headless_games_play_to_the_end() -> None:
    code, out = run_cli(
        ["simulate", "--ruleset", VARIANT, "--human-policy", "random", "--games", "5", "--json"]
    )
    assert code == 0, out
    summary = json.loads(out)
    assert summary["ruleset"] == "solo-v2-aggressive"
    assert summary["completed"] == 5 and summary["errors"] == 0 and summary["invariant_violations"] == 0
    assert all(record["reason"] for record in summary["records"])


def test_the_ir_differs_in_exactly_the_five_changes(
    irs: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    parent, variant = irs
    assert variant["ruleset"]["chain"] == ["standard", "solo-v2", "solo-v2-aggressive"]

    def p10_added(old: dict[str, Any], new: dict[str, Any]) -> None:
        assert new["provenance"]["sources"] == old["provenance"]["sources"]
        added = [
            p
            for p in new["provenance"].get("provisional", [])
            if p not in old["provenance"].get("provisional", [])
        ]
        assert len(added) == 1 and P10.match(added[0]), new["provenance"]

    # 1. options 6 and 7 change places; the numbers stay where they stand
    old_list = parent["priorities"]["ai_influence_placement"]
    new_list = variant["priorities"]["ai_influence_placement"]
    assert {k: v for k, v in new_list.items() if k != "options"} == {
        k: v for k, v in old_list.items() if k != "options"
    }
    old_options, new_options = old_list["options"], new_list["options"]
    assert [o["number"] for o in new_options] == [o["number"] for o in old_options]
    names = [o["name"] for o in old_options]
    six, seven = names.index("key_spread"), names.index("key_new")
    assert (six, seven) == (6, 7)
    swapped = {six: seven, seven: six}
    for i, option in enumerate(new_options):
        old = old_options[swapped.get(i, i)]
        unchanged = ("number", "provenance")
        assert {k: v for k, v in option.items() if k not in unchanged} == {
            k: v for k, v in old.items() if k not in unchanged
        }
        if option["name"] == "key_new":  # the moved option carries the move's mark
            p10_added(old, option)
        else:
            assert option["provenance"] == old["provenance"]

    # 2. and 3. one cell of the head start, two cells of the setup roll (a point moved: totals unchanged)
    def cells(ir: dict[str, Any], table: str) -> dict[str, list[Any]]:
        return {" ".join(r["keys"]): r["cells"] for r in ir["tables"][table]["rows"]}

    old_head, new_head = cells(parent, "ai_head_start"), cells(variant, "ai_head_start")
    assert (old_head.pop("hard"), new_head.pop("hard")) == ([4], [5])
    assert old_head == new_head
    old_setup, new_setup = cells(parent, "variable_setup"), cells(variant, "variable_setup")
    assert (old_setup.pop("us france"), new_setup.pop("us france")) == ([1, 3, 1, 1], [1, 2, 1, 1])
    assert (old_setup.pop("us italy"), new_setup.pop("us italy")) == ([1, 1, 2, 1], [1, 2, 2, 1])
    assert old_setup == new_setup
    for table in ("ai_head_start", "variable_setup"):
        p10_added(parent["tables"][table], variant["tables"][table])

    # 4. one condition of Korean War's appendix entry
    old_entry, new_entry = parent["appendix"]["korean_war"], variant["appendix"]["korean_war"]
    p10_added(old_entry, new_entry)
    assert len(new_entry["events"]) == len(old_entry["events"]) == 1
    assert new_entry["events"][0]["when"] != old_entry["events"][0]["when"]
    assert "3" in json.dumps(old_entry["events"][0]["when"]) and "3" not in json.dumps(
        new_entry["events"][0]["when"]
    )

    # 5. a standing rule that adds an action round
    added_rules = {k: v for k, v in variant["rules"].items() if k not in parent["rules"]}
    assert list(added_rules) == ["extra_action_round"]

    # nothing else differs
    def rest_of(ir: dict[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in ir.items() if k != "ruleset"}
        out["priorities"] = {k: v for k, v in ir["priorities"].items() if k != "ai_influence_placement"}
        out["tables"] = {
            k: v for k, v in ir["tables"].items() if k not in ("ai_head_start", "variable_setup")
        }
        out["appendix"] = {k: v for k, v in ir["appendix"].items() if k != "korean_war"}
        out["rules"] = {k: v for k, v in ir["rules"].items() if k != "extra_action_round"}
        return out

    assert rest_of(variant) == rest_of(parent)


def test_the_variants_scenarios_pass() -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in (EXAMPLE / "scenarios").glob("*.yaml"))
    assert len(files) == 3
    code, out = run_cli(["scenario", "run", *files])
    assert code == 0, out
    assert "3 passed, 0 failed" in out


def test_the_option_scenario_fails_under_solo_v2(tmp_path: Path) -> None:
    scenario = yaml.safe_load(
        (EXAMPLE / "scenarios" / "ai_influence_new_key_country_first.yaml").read_text(encoding="utf-8")
    )
    scenario["ruleset"] = "solo-v2"
    path = tmp_path / "under_solo_v2.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True), encoding="utf-8")
    # (--json: the text's one line names the first problems only, as many as its width holds, and a
    # longer temporary folder shows fewer)
    code, out = run_cli(["scenario", "run", "--json", str(path)])
    assert code == 1
    line = next(line for line in out.splitlines() if line.startswith("{"))
    problems = {p["key"]: p["problem"] for p in json.loads(line)["problems"]}
    assert problems["expect.ai_choices[0].target"] == "expected iran, got iraq"
    assert problems["expect.ai_choices[0].option_name"] == "expected key_new, got key_spread"


# ---------------------------------------------------------------------- the guide against the example
MARKER = re.compile(r"^<!-- example: (?P<path>\S+) -->$")
FENCE = re.compile(r"^```(?P<lang>\w*)$")


def guide_blocks() -> list[tuple[str | None, str, list[str]]]:
    """Each fenced block of the guide: the example file its marker names (or None), its language, lines."""
    blocks: list[tuple[str | None, str, list[str]]] = []
    lines = GUIDE.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if fence is None:
            i += 1
            continue
        marker = MARKER.match(lines[i - 1]) if i > 0 else None
        end = lines.index("```", i + 1)
        blocks.append((marker.group("path") if marker else None, fence.group("lang"), lines[i + 1 : end]))
        i = end + 1
    return blocks


def _find_run(haystack: list[str], needle: list[str], start: int) -> int:
    """Where `needle` occurs as consecutive lines of `haystack` at or after `start`, else -1."""
    for at in range(start, len(haystack) - len(needle) + 1):
        if haystack[at : at + len(needle)] == needle:
            return at
    return -1


def shown_parts_match(block: list[str], file_lines: list[str]) -> bool:
    """A block without `…` lines is the whole file; with them, its parts are runs of the file, in order."""
    if not any(line.strip() == "…" for line in block):
        return block == file_lines
    parts: list[list[str]] = [[]]
    for line in block:
        if line.strip() == "…":
            parts.append([])
        else:
            parts[-1].append(line)
    at = 0
    for part in (p for p in parts if p):
        found = _find_run(file_lines, part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


def test_the_matcher_catches_a_changed_line() -> None:
    text = ["a", "b", "c", "d"]
    assert shown_parts_match(["a", "b", "c", "d"], text)
    assert shown_parts_match(["…", "b", "c", "…"], text)
    assert not shown_parts_match(["a", "b"], text)
    assert not shown_parts_match(["…", "c", "b", "…"], text)
    assert not shown_parts_match(["…", "b", "x", "…"], text)


def test_the_guides_code_blocks_are_the_examples_files() -> None:
    blocks = guide_blocks()
    shown = [b for b in blocks if b[0] is not None]
    assert len(shown) >= 5
    for path, lang, lines in blocks:
        if path is None:
            # only commands go without a marker; the paths they name exist
            assert lang == "sh", f"a {lang or 'plain'} block of the guide names no example file: {lines[:2]}"
            for word in " ".join(lines).split():
                if word.startswith("docs/examples/"):
                    assert list(ROOT.glob(word)), word
            continue
        file_lines = (EXAMPLE / path).read_text(encoding="utf-8").splitlines()
        assert shown_parts_match(lines, file_lines), f"the guide's block for {path} differs from the file"
    # every rule and locale file of the example is shown
    files = {str(p.relative_to(EXAMPLE)) for p in EXAMPLE.rglob("*") if p.suffix in (".tsr", ".ftl")}
    assert files <= {b[0] for b in shown}


def test_the_guide_mentions_the_tools() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for command in (
        f"twilight check {VARIANT}",
        f"twilight diff solo-v2 {VARIANT}",
        f"twilight simulate --ruleset {VARIANT} --human-policy random --games 5",
        f"twilight play --ruleset {VARIANT}",
        f"twilight i18n check {VARIANT}",
        "twilight scenario run",
    ):
        assert command in text, command


def test_the_variant_is_small_and_diff_shows_its_five_changes() -> None:
    """Issue 18's measure of small variants: the example's rule files are at most 60 lines, and the
    guide's last step, `twilight diff solo-v2 <variant>`, names each of its five changes in rule terms."""
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in EXAMPLE.rglob("*.tsr"))
    assert lines <= 60, lines
    status, out = run_cli(["diff", "solo-v2", VARIANT, "--json"])
    assert status == 0, out
    report = json.loads(out)
    kinds = {(c["kind"], c["id"], c["change"]) for c in report["changes"]}
    assert kinds == {
        ("priority", "ai_influence_placement", "changed"),
        ("table", "ai_head_start", "changed"),
        ("table", "variable_setup", "changed"),
        ("appendix", "korean_war", "changed"),
        ("rule", "extra_action_round", "added"),
    }
    status, text = run_cli(["diff", "solo-v2", VARIANT])
    assert status == 0
    assert "options: 6 and 7 swapped (key_spread is now 7, key_new is now 6)" in text
    assert "row Hard; VP the AI starts with: 4 -> 5" in text
    assert "row US, France; roll of 3: 3 -> 2" in text and "row US, Italy; roll of 3: 1 -> 2" in text
    assert "event 1 condition:" in text and "South Korea ≥ 2" in text
    assert "added rule extra_action_round" in text
    assert "5 declarations differ" in text
