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


SUEZ = (
    "name: Suez Crisis in a variant\nruleset: {ruleset}\nsetup: empty\n"
    "state:\n  influence: {{uk: {{us: 5}}, france: {{us: 2}}, israel: {{us: 1}}}}\n  hands: {{ussr: [28]}}\n"
    "answers: [uk, uk, france, israel]\nsteps:\n  - play: {{side: ussr, card: 28, as: event}}\n"
    "expect:\n  influence: {{uk: {{us: 3}}, france: {{us: 1}}, israel: {{us: 0}}}}\n"
)


def test_coverage_counts_the_scenarios_of_a_variant_named_by_path(tmp_path: Path) -> None:
    # A variant of standard and a scenario naming it by its folder's path, as docs/new-ruleset.md's
    # example variant does (`ruleset: ../../solo-v2-aggressive`): it counts under the variant.
    variant = tmp_path / "my-variant"
    variant.mkdir()
    (variant / "ruleset.tsr").write_text(
        'ruleset "my-variant" provisional "P10: a test variant" {\n  version "1"\n  extends "standard"\n}\n',
        encoding="utf-8",
    )
    (variant / "rules.tsr").write_text('setting test_level: int = 1 provisional "P10: t"\n', encoding="utf-8")
    scenarios = tmp_path / "my-variant-scenarios"
    scenarios.mkdir()
    by_path = scenarios / "suez.yaml"
    by_path.write_text(SUEZ.format(ruleset="../my-variant"), encoding="utf-8")
    of_standard = scenarios / "suez_standard.yaml"
    of_standard.write_text(SUEZ.format(ruleset="standard"), encoding="utf-8")

    result = CliRunner().invoke(
        cli, ["scenario", "coverage", "--json", "--ruleset", str(variant), str(by_path), str(of_standard)]
    )
    report = json.loads(result.output)
    assert report["ruleset"] == "my-variant"
    assert report["by_card"]["suez_crisis"]["ran"] == [str(by_path)], report["by_card"]["suez_crisis"]
    assert "suez_crisis" not in report["missing_event"]
    assert report["failed_files"] == []
    # the scenario of standard is not counted for the variant, and the report says so
    assert report["other_ruleset_files"] == [
        {
            "path": str(of_standard),
            "ruleset": "standard",
            "compiled": report["other_ruleset_files"][0]["compiled"],
        }
    ]
    assert report["other_ruleset_files"][0]["compiled"].startswith("standard ")

    # the other way round: the variant's scenario is listed (not silently dropped) when counting standard
    text = CliRunner().invoke(cli, ["scenario", "coverage", str(by_path), str(of_standard)]).output
    assert "1 file(s) of another ruleset not counted" in text and f"{by_path} (my-variant 1)" in text, text
    assert "no scenario runs the event of 28 suez_crisis" not in text


def test_coverage_reports_a_failing_file(tmp_path: Path) -> None:
    # a failing file is reported as failed, not dropped because its result carried no ruleset
    scenario = tmp_path / "wrong.yaml"
    scenario.write_text(
        SUEZ.format(ruleset="standard").replace("israel: {us: 0}", "israel: {us: 1}"), "utf-8"
    )
    result = CliRunner().invoke(cli, ["scenario", "coverage", "--json", str(scenario)])
    report = json.loads(result.output)
    assert report["failed_files"] == [str(scenario)]
    assert result.exit_code == 1
