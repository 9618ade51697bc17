"""Every card of the standard rules is proven by a scenario: its event runs in at least one passing
scenario (The China Card, which has none, is played), and a card with a prerequisite or a preventer is
also shown refused. The check is `twilight scenario coverage`, which reads the engine's trace of each
scenario, so a scenario that never reaches the event does not count."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from twilight.cli.main import cli

SCENARIOS = sorted(str(p) for p in (Path(__file__).parent / "scenarios" / "standard").glob("*.yaml"))


def test_every_card_has_a_scenario() -> None:
    result = CliRunner().invoke(cli, ["scenario", "coverage", "--json", *SCENARIOS])
    report = json.loads(result.output)
    assert report["cards"] == 110
    assert report["failed_files"] == []
    assert report["missing_event"] == [], report["missing_event"]
    assert report["missing_refusal"] == [], report["missing_refusal"]
    assert result.exit_code == 0


def test_coverage_counts_only_events_that_ran(tmp_path: Path) -> None:
    # one scenario that plays Duck and Cover for operations: the card is played, its event never runs
    scenario = tmp_path / "ops_only.yaml"
    scenario.write_text(
        "name: ops only\nruleset: standard\nsetup: empty\nstate:\n  hands: {us: [4]}\n"
        "steps:\n  - play: {side: us, card: 4, as: influence, targets: {mexico: 3}}\n"
        "expect:\n  influence: {mexico: {us: 3}}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["scenario", "coverage", "--json", str(scenario)])
    report = json.loads(result.output)
    assert "duck_and_cover" in report["missing_event"]
    assert result.exit_code == 1
