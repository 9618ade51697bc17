"""Rulesets declare their state (issue 18, items 1 and 3): variables, zones and tracks in rule files.

- A variant of solo-v2 made only of rule files (tests/variants/solo-v2-thirty: 30 VP win, 8 turns) checks
  clean and its simulated games end with no error and no broken invariant (before the tracks were
  declared, the invariant checker's own 20 VP broke every game: "VP is -22 and the game goes on").
- The declarations compile to the IR; a bad track or variable is refused with a code.
- solo-v2's regions and scoring deck live in declared state, not in Python fields.
"""

from __future__ import annotations

import json
from pathlib import Path

from helpers import ROOT, compiled_ir, run_cli
from twilight.runtime.state import GameState

VARIANT = str((ROOT / "tests" / "variants" / "solo-v2-thirty").relative_to(ROOT))


def test_the_variant_checks_clean() -> None:
    code, out = run_cli(["check", VARIANT])
    assert code == 0, out
    assert "solo-v2-thirty: ok: 0 errors, 0 warnings" in out


def test_the_variants_tracks_are_its_own() -> None:
    ir = compiled_ir(VARIANT)
    assert (ir["tracks"]["vp"]["min"], ir["tracks"]["vp"]["max"]) == (-30, 30)
    assert ir["tracks"]["turn"]["max"] == 8
    assert compiled_ir("solo-v2")["tracks"]["vp"]["max"] == 20


def test_the_variants_games_end_without_a_broken_invariant() -> None:
    for extra in ([], ["--set", "ai_side=us"]):
        code, out = run_cli(
            ["simulate", "--ruleset", VARIANT, "--human-policy", "random", "--games", "10", "--json", *extra]
        )
        assert code == 0, out
        summary = json.loads(out)
        assert summary["errors"] == 0 and summary["invariant_violations"] == 0, out
        assert all(record["turns"] <= 8 for record in summary["records"] if "turns" in record)


def test_solo_state_is_declared_not_python() -> None:
    ir = compiled_ir("solo-v2")
    assert {"primary_region", "secondary_region", "scoring_round"} <= set(ir["variables"])
    assert {"scoring_deck", "scoring_discard", "scoring_revealed"} <= set(ir["zones"])
    assert not hasattr(GameState(), "primary_region")


def test_bad_declarations_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "bad" provisional "P10: test" {\n  version "1"\n  extends "solo-v2"\n}\n'
    )
    (folder / "state.tsr").write_text(
        'track steps from 5 to 1 provisional "P10: t"\n'
        'variable count: int = europe provisional "P10: t"\n'
        'variable primary_region: region = none provisional "P10: t"\n'
    )
    code, out = run_cli(["check", str(folder)])
    assert code != 0
    assert "E206" in out and "E503" in out and "E201" in out, out
