"""`twilight balance`: the same figures for a seed on either backend, a report whose plots a browser
shows, the statistics, and clear errors."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.balance import stats
from twilight.cli.main import cli

from tests.test_docs import CHROMIUM_FLAGS, chromium

# A tiny run: greedy human side (fast), two rulesets, one level, one AI side.
TINY = [
    "solo-v2",
    "docs/examples/solo-v2-aggressive",
    "--policy",
    "greedy",
    "--games",
    "2",
    "--levels",
    "normal",
    "--sides",
    "ussr",
    "--seed",
    "5",
]


def _balance(args: list[str]) -> Any:
    return CliRunner().invoke(cli, ["balance", *args], catch_exceptions=False)


def _figures(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    data.pop("timing")  # seconds and games/s: the only part that depends on the machine
    return data


@pytest.fixture(scope="module")
def local_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("matplotlib")
    out = tmp_path_factory.mktemp("balance") / "report.html"
    result = _balance([*TINY, "--jobs", "2", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_the_figures_of_a_run(local_report: Path) -> None:
    data = _figures(local_report.with_suffix(".json"))
    assert [r["name"] for r in data["rulesets"]] == ["solo-v2", "solo-v2-aggressive"]
    assert [(c["ruleset"], c["level"], c["ai_side"]) for c in data["cells"]] == [
        ("a", "normal", "ussr"),
        ("b", "normal", "ussr"),
    ]
    for cell in data["cells"]:
        f = cell["figures"]
        assert f["games"] == 2 and f["errors"] == 0
        assert f["ai_win_rate"] == f["ai_wins"] / 2
        low, high = f["ai_win_interval"]
        assert low <= f["ai_win_rate"] <= high
        assert sum(f["end_reasons"].values()) == sum(f["vp_distribution"].values()) == 2
        assert sum(f["turns_reached"].values()) == 2
    (comparison,) = data["comparisons"]
    assert set(comparison) >= {"ai_win_rate", "mean_turn", "mean_final_vp", "end_reasons", "ratings"}
    assert "two-proportion" in data["tests"]["proportions"]


def test_a_comparison_is_paired_by_seed_and_counts_what_the_variant_changed(local_report: Path) -> None:
    data = _figures(local_report.with_suffix(".json"))
    (comparison,) = data["comparisons"]
    paired = comparison["paired"]
    assert paired["pairs"] == 2
    wins = paired["ai_wins"]
    assert (
        wins["a"] == data["cells"][0]["figures"]["ai_wins"]
        and wins["b"] == data["cells"][1]["figures"]["ai_wins"]
    )
    assert "McNemar" in paired["tests"]["ai_wins"] and paired["pairs_needed"] is not None
    # The variant's five changes (docs/examples/solo-v2-aggressive), each with how often it fired.
    changes = {(c["kind"], c["id"]): c for c in data["changes"]}
    assert set(changes) == {
        ("priority", "ai_influence_placement"),
        ("table", "ai_head_start"),
        ("table", "variable_setup"),
        ("appendix", "korean_war"),
        ("rule", "extra_action_round"),
    }
    placement = changes["priority", "ai_influence_placement"]
    # The AI places influence in every game, under both rulesets: the list is asked many times.
    assert placement["a"]["games"] == placement["b"]["games"] == 2
    assert placement["a"]["firings"] > 10 and placement["b"]["firings"] > 10
    # The two options the variant moved, each with how often it decided a placement.
    assert set(placement["options"]) == {"key_new", "key_spread"}
    assert changes["table", "variable_setup"]["a"]["games"] == 2  # (setup: every game reads it)
    assert not changes["rule", "extra_action_round"]["counted"]
    # The games changed: the variant's extra action round changes every game's course (more decisions).
    changed = paired["games_changed"]
    assert changed["course"] == 2 and changed["winner"] <= changed["course"] >= changed["final_vp"]
    assert 0 <= placement["games_changed"] <= placement["games_fired_in_either"] == 2


def test_a_cell_at_its_ceiling_says_what_to_run_instead(local_report: Path) -> None:
    data = _figures(local_report.with_suffix(".json"))
    for cell in data["cells"]:
        f = cell["figures"]
        assert f["games_needed"] > 2
        if f["ai_win_rate"] > 0.95:  # (greedy against the normal AI: the AI wins every game)
            assert f["warning"]["kind"] == "ceiling"
            assert "--policy search" in f["warning"]["message"]
        else:
            assert f["warning"] is None
    assert any(c["figures"]["warning"] for c in data["cells"]), (
        "greedy no longer loses every game: pick another"
    )
    page = local_report.read_text(encoding="utf-8")
    assert "id='warnings'" in page and "run a stronger human side" in page
    assert "What B changed, and how often it fired" in page and "McNemar" in page
    assert "option key_new decided" in page


def test_counting_firings_leaves_the_game_as_it_was() -> None:
    from collections import Counter

    from twilight.compiler import api
    from twilight.runtime.backend.program import Program
    from twilight.runtime.core.decisions import GreedyPlayer
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.firings import count_functions
    from twilight.runtime.game import IMPLEMENTATIONS
    from twilight.runtime.solo.ai import players_with_ai

    ir = api.compile_target("solo-v2").ir
    digests = []
    counts: Counter[tuple[str, ...]] = Counter()
    for counted in (frozenset(), frozenset({"war_hindrance", "controlled_count"})):
        program = Program(ir, IMPLEMENTATIONS, counted=counted)
        count_functions(program)
        human = GreedyPlayer(3)
        engine = Engine(ir, {}, seed=3, settings={"level": "normal"}, program=program)
        players, ai = players_with_ai(ir, engine.state.settings, {"us": human})
        engine.players = players
        ai.engine = human.engine = engine
        if counted:
            engine.firings = counts
        digests.append(engine.run().digest())
    assert digests[0] == digests[1]
    assert counts["function", "controlled_count"] > 0  # (asked by every scoring and by the AI's lists)
    assert counts["priority", "ai_influence_placement"] > 0 and counts["table", "variable_setup"] == 3
    assert not any(key[0] == "function" and key[1] not in counted for key in counts)
    # A procedure called by another procedure fires too, not only those the engine calls itself: the AI's
    # card play (called by its action round) and the draft (called by the deal). Both used to count 0.
    assert counts["procedure", "ai_play_card"] > 0 and counts["procedure", "draft"] > 0


def test_paired_tests_agree_with_known_values() -> None:
    # 40 pairs, 2 won by the AI only under A, 10 only under B: p = 2 * P(X <= 2), X ~ Bin(12, 1/2)
    result = stats.mcnemar(2, 10, 40)
    assert math.isclose(result["p"], 2 * (1 + 12 + 66) / 4096, abs_tol=1e-5) and result["significant"]
    assert result["difference"] == 0.2 and result["discordant"] == 12
    assert stats.mcnemar(5, 5, 40)["p"] == 1.0
    mean = stats.paired_means([1.0, 2.0, 3.0, 4.0])
    assert mean["difference"] == 2.5
    assert math.isclose(mean["interval"][0], 2.5 - stats.Z95 * math.sqrt(5 / 3 / 4), abs_tol=1e-3)
    # A change of 10 points from 50%: about 385 games per ruleset (the textbook figure for 50% vs 60%).
    assert 380 <= stats.games_for_difference(0.5, 0.10) <= 390
    assert stats.pairs_for_difference(0.2, 0.10) < stats.games_for_difference(0.5, 0.10)


def test_local_workers_and_ray_give_the_same_figures(local_report: Path, tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    assert _balance([*TINY, "--jobs", "1", "-o", str(one)]).exit_code == 0
    assert _figures(one) == _figures(local_report.with_suffix(".json"))
    if importlib.util.find_spec("ray") is None:
        pytest.skip("ray is not installed (pip install -e '.[cluster]')")
    on_ray = tmp_path / "ray.json"
    result = _balance([*TINY, "--backend", "ray", "--jobs", "2", "-o", str(on_ray)])
    assert result.exit_code == 0, result.output
    assert _figures(on_ray) == _figures(local_report.with_suffix(".json"))


def test_the_report_shows_its_plots_in_chromium(local_report: Path, tmp_path: Path) -> None:
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium found (chromium, chromium-browser, google-chrome): apt-get install chromium")
    from matplotlib.image import imread

    page = local_report.read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and "<script" not in page
    shot = tmp_path / "shot.png"
    with tempfile.TemporaryDirectory(prefix="twilight-chromium-") as profile:
        proc = subprocess.run(
            [
                browser,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                "--window-size=1000,1800",
                f"--screenshot={shot}",
                local_report.as_uri(),
            ],
            capture_output=True,
            timeout=120,
            check=False,
        )
    assert proc.returncode == 0 and shot.exists(), proc.stderr[-2000:]
    pixels = imread(str(shot))[:, :, :3]
    # Not blank: a good part of the page is drawn, and much of it in the plots' first colour (matplotlib's
    # blue, #1f77b4: the bars, lines and markers); the tables alone are black, grey and white.
    ink = (pixels.sum(axis=2) < 2.9).mean()
    assert ink > 0.02, f"the page looks blank ({ink:.3%} drawn)"
    blue = ((abs(pixels[:, :, 0] - 0x1F / 255) < 0.08) & (abs(pixels[:, :, 2] - 0xB4 / 255) < 0.08)).sum()
    assert blue > 2000, f"no plot drawn ({blue} blue pixels)"


def test_wilson_interval_and_tests_agree_with_known_values() -> None:
    low, high = stats.wilson(0, 10)
    assert low == 0.0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = stats.wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    same = stats.two_proportions(30, 100, 30, 100)
    assert same["difference"] == 0 and same["p"] == 1.0 and not same["significant"]
    apart = stats.two_proportions(30, 100, 50, 100)  # z = 2.887, p = 0.0039
    assert math.isclose(apart["z"], 2.887, abs_tol=1e-3) and apart["significant"]
    assert math.isclose(apart["p"], 0.0039, abs_tol=1e-4)
    means = stats.two_means([1, 2, 3, 4], [2, 3, 4, 5])
    assert means["difference"] == 1 and not means["significant"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nosuch"], "'nosuch' is neither a known ruleset"),
        (["solo-v2", "--levels", "odd"], "'odd' is not a level of solo-v2 (its levels: normal,"),
        (["solo-v2", "--sides", "china"], "'china' is not a side the AI plays in solo-v2 (us, ussr)"),
        (["standard"], "standard: has no setting 'level'"),
        (["solo-v2", "--address", "auto"], "--address is for --backend ray"),
        (["solo-v2", "--playouts", "3", "--budget-ms", "5"], "give --playouts or --budget-ms, not both"),
        (["solo-v2", "-o", "no/such/folder/r.json"], "there is no folder no/such/folder; nothing was played"),
        (["solo-v2", "-o", "."], "File '.' is a directory"),
    ],
)
def test_errors_are_clear_messages(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["balance", *args, "--games", "1"])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("garbage:::", "not a Ray address (auto, HOST:PORT or ray://HOST:PORT)"),
        ("ray://127.0.0.1:1", "--address ray://127.0.0.1:1: nothing answers there"),
        ("127.0.0.1:1", "--address 127.0.0.1:1: nothing answers there"),
    ],
)
def test_a_ray_cluster_that_cannot_be_joined_is_said_at_once(address: str, message: str) -> None:
    pytest.importorskip("ray")
    args = ["solo-v2", "--backend", "ray", "--address", address, "--games", "1", "--policy", "greedy"]
    result = CliRunner().invoke(cli, ["balance", *args])
    assert result.exit_code == 1 and message in result.output and "internal error" not in result.output


def test_without_ray_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if it were not installed
    result = CliRunner().invoke(cli, ["balance", "solo-v2", "--backend", "ray", "--games", "1"])
    assert result.exit_code == 1
    assert "pip install -e '.[cluster]'" in result.output
    assert "Traceback" not in result.output


def test_runs_of_one_sweep_merge_into_the_report_of_one_run(tmp_path: Path) -> None:
    """The cells of a sweep played in two runs (a level each) make the report one run of both levels
    makes; runs of other games, or a cell twice, are refused with a message."""
    pytest.importorskip("matplotlib")
    base = ["solo-v2", "--policy", "greedy", "--games", "3", "--sides", "us,ussr", "--seed", "8"]
    for name, levels in (("normal", "normal"), ("expert", "expert"), ("both", "normal,expert")):
        result = _balance([*base, "--levels", levels, "-o", str(tmp_path / f"{name}.json")])
        assert result.exit_code == 0, result.output
    merged = tmp_path / "merged.html"
    runs = [str(tmp_path / "normal.json"), str(tmp_path / "expert.json")]  # (levels in the order given)
    result = CliRunner().invoke(cli, ["balance-report", *runs, "-o", str(merged)])
    assert result.exit_code == 0, result.output
    one = json.loads((tmp_path / "both.json").read_text(encoding="utf-8"))
    got = json.loads(merged.with_suffix(".json").read_text(encoding="utf-8"))
    assert got["cells"] == one["cells"] and got["run"]["games"] == 3
    assert got["levels"] == one["levels"] and len(got["levels"]) == 2  # (the AI as US, as USSR)
    assert got["run"]["levels"] == ["normal", "expert"] and len(got["merged_from"]) == 2
    assert merged.read_text(encoding="utf-8").count("<svg") == 4
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")  # (Python's own reader gave up with a RecursionError)
    other = tmp_path / "other.json"
    assert _balance([*base[:4], "4", *base[5:], "--levels", "normal", "-o", str(other)]).exit_code == 0
    for bad, message in (
        ([runs[1], str(other)], "its games (4) is not"),
        ([runs[0], runs[0]], "is in"),
        ([str(tmp_path / "missing.json")], "cannot read it"),
        ([str(deep)], "nested more than"),
    ):
        result = CliRunner().invoke(cli, ["balance-report", *bad, "-o", str(merged)])
        assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_merged_runs_add_up_what_the_variant_changed() -> None:
    from twilight.cli.balance.merge import _summed

    one = {
        "kind": "priority",
        "id": "p",
        "counted": True,
        "a": {"firings": 3, "games": 1},
        "games_changed": 1,
        "options": {"x": {"a": 1, "b": 2}},
    }
    two = {**one, "a": {"firings": 4, "games": 2}, "games_changed": 0, "options": {"x": {"a": 5, "b": 0}}}
    (summed,) = _summed([[one], [two]])
    assert summed["a"] == {"firings": 7, "games": 3} and summed["games_changed"] == 1
    assert summed["options"] == {"x": {"a": 6, "b": 2}} and summed["counted"] is True
    assert one["a"] == {"firings": 3, "games": 1}  # (the runs' own figures untouched)
