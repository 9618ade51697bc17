"""What docs/new-ruleset.md says its commands print is what they print: section 6's `twilight explain
trace` line for the moved option of the example variant. The guide quoted an older form of it (the
option's id in brackets, the source as the seed's own words), which a newcomer looking for it in the
output did not find."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from twilight.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "new-ruleset.md"
VARIANT = "docs/examples/solo-v2-aggressive"
QUOTED = re.compile(r"shows, where the AI used a moved option, `(?P<line>[^`]+)`")


def test_the_explain_trace_line_the_guide_quotes_is_printed(tmp_path: Path) -> None:
    text = " ".join(GUIDE.read_text(encoding="utf-8").split())  # (the guide's lines joined)
    found = QUOTED.search(text)
    assert found is not None, "the guide no longer quotes the explain line"
    quoted = found.group("line")
    traces = tmp_path / "traces"
    runner = CliRunner()
    variant = str(ROOT / VARIANT)
    simulated = runner.invoke(
        cli,
        [
            "simulate",
            "--ruleset",
            variant,
            "--human-policy",
            "random",
            "--games",
            "5",
            "--trace-dir",
            str(traces),
        ],
    )
    assert simulated.exit_code == 0, simulated.output
    # (the guide's second command names game-00001; any of the five games shows the option)
    assert (traces / "game-00001.jsonl").is_file()
    printed = []
    for trace in sorted(traces.glob("*.jsonl")):
        explained = runner.invoke(cli, ["explain", "trace", str(trace), "--all", "--ruleset", variant])
        assert explained.exit_code == 0, explained.output
        printed += [line.strip() for line in explained.output.splitlines()]
    assert quoted in printed, (quoted, [line for line in printed if line.startswith("option 6")][:3])
