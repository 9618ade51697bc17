"""A scenario file's `ruleset:` pins a version as `twilight play --ruleset NAME@VERSION` does
(docs/scenarios.md, "Which ruleset"): an installed ruleset at its version, one of two versions of a variant
in `$TWILIGHT_HOME/rules/`, a bare name at its highest version; a version that is not there is a FAIL at
the `ruleset:` line and column, with the versions found. Before, every `NAME@VERSION` was "neither a known
ruleset nor a file or folder", and a variant in `$TWILIGHT_HOME/rules/` could not be named at all."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.harness.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "solo-v2-aggressive"

# You (US) play Captured Nazi Scientist (1 op in solo-v2) for influence: 1 point in Canada, then as many
# in Japan as `points` says (2 at most in a country in one action round): each point 1 op.
SCIENTIST = """\
name: the card's operations, by the ruleset pinned
ruleset: {ruleset}
options: {{ai_side: ussr}}
setup: empty
state:
  phasing: us
  primary_region: europe
  secondary_region: asia
  hands: {{us: [18]}}
steps:
  - play: {{side: us, card: 18, as: influence, targets: {{{targets}}}}}
expect:
  influence: {{{influence}}}
  discard_contains: [18]
"""

VARIANT = """\
override card 18 captured_nazi_scientist provisional "P11: house rule: {ops} ops" {{
  ops {ops} side neutral period early starred
  event source "card text (deluxe) · 18" {{
    space_advance(player, 1)
  }}
}}
"""


def _scenario(folder: Path, ruleset: str, points: int = 1) -> Path:
    """A scenario of `points` points of influence (`points` ops) under `ruleset`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "case.yaml"
    placed = {"canada": 1, "japan": points - 1} if points > 1 else {"canada": 1}
    targets = ", ".join(f"{c}: {n}" for c, n in placed.items())
    influence = ", ".join(f"{c}: {{us: {n}}}" for c, n in placed.items())
    text = SCIENTIST.format(ruleset=ruleset, targets=targets, influence=influence)
    path.write_text(text, encoding="utf-8")
    return path


def _variant(home: Path, folder: str, version: str, ops: int) -> None:
    """A variant of solo-v2 named `scientist`, at `version`, whose card 18 has `ops` operations."""
    where = home / "rules" / folder
    where.mkdir(parents=True)
    (where / "ruleset.tsr").write_text(
        f'ruleset "scientist" provisional "P11: a test variant" {{\n  version "{version}"\n'
        '  extends "solo-v2"\n}\n',
        encoding="utf-8",
    )
    (where / "variant.tsr").write_text(VARIANT.format(ops=ops), encoding="utf-8")
    shutil.copytree(EXAMPLE / "locales", where / "locales")  # (words are not what this checks)


def _run(*files: Path) -> list[str]:
    result = CliRunner().invoke(cli, ["scenario", "run", *map(str, files)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output.splitlines()


def test_an_installed_ruleset_pinned_at_its_version_runs(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "solo-v2@2.0")
    assert run_file(path).passed, run_file(path).line()
    assert _run(path)[0] == f"PASS {path}"


@pytest.mark.parametrize("spec", ["solo-v2@2.1", "solo-v2@9"])
def test_an_unknown_version_fails_at_the_ruleset_line_with_the_versions_found(
    tmp_path: Path, spec: str
) -> None:
    path = _scenario(tmp_path, spec)
    for line in (run_file(path).line(), _run(path)[0]):
        assert line.startswith(f"FAIL {path}: {path}:2:1: ruleset: '{spec}' names no version of solo-v2"), (
            line
        )
        assert "versions found: 2.0" in line, line


def test_no_version_after_the_at_sign_says_how_to_write_one(tmp_path: Path) -> None:
    line = run_file(_scenario(tmp_path, "'solo-v2@'")).line()
    assert ":2:1: ruleset: 'solo-v2@': no version after '@' (write NAME@VERSION, or NAME)" in line, line


def test_an_unknown_name_with_a_version_is_given_the_nearest_name(tmp_path: Path) -> None:
    line = run_file(_scenario(tmp_path, "solo-v3@2.0")).line()
    assert ":2:1: ruleset: 'solo-v3@2.0' is neither a known ruleset" in line, line
    assert "did you mean 'solo-v2'?" in line, line


def test_two_versions_of_a_variant_in_twilight_home_each_pinned_and_the_bare_name_the_highest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("TWILIGHT_HOME", str(home))
    _variant(home, "one", "1.0", ops=2)
    _variant(home, "two", "1.1", ops=3)
    files = tmp_path / "files"  # (no folder named like the ruleset beside the files)
    two_points_v1 = _scenario(files / "a", "scientist@1.0", points=2)
    three_points_v1 = _scenario(files / "b", "scientist@1.0", points=3)
    three_points_v11 = _scenario(files / "c", "scientist@1.1", points=3)
    three_points_bare = _scenario(files / "d", "scientist", points=3)
    unknown = _scenario(files / "e", "scientist@1.2", points=3)
    lines = _run(two_points_v1, three_points_v1, three_points_v11, three_points_bare, unknown)
    assert lines[0] == f"PASS {two_points_v1}"
    assert lines[1].startswith(f"FAIL {three_points_v1}"), lines[1]  # version 1.0 has 2 ops, not 3
    assert lines[2] == f"PASS {three_points_v11}"
    assert lines[3] == f"PASS {three_points_bare}"  # a bare name plays the highest version
    assert lines[4].startswith(f"FAIL {unknown}: {unknown}:2:1: ruleset: 'scientist@1.2' names no version"), (
        lines[4]
    )
    assert "versions found: 1.0, 1.1" in lines[4], lines[4]
