"""`twilight simulate`: headless games, the same results whatever --jobs, errors reported per game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import RULES, run_cli
from twilight.cli import simulate_cmd
from twilight.cli.main import cli
from twilight.runtime.game import new_engine

TIMING = ("seconds", "games_per_second", "jobs")


def simulate_json(*args: str) -> dict[str, Any]:
    code, out = run_cli(["simulate", "--json", *args])
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def test_jobs_do_not_change_the_results() -> None:
    one = simulate_json("--games", "12", "--seed", "5", "--jobs", "1")
    two = simulate_json("--games", "12", "--seed", "5", "--jobs", "2")
    assert one["jobs"] == 1 and two["jobs"] == 2
    for key in TIMING:
        one.pop(key), two.pop(key)
    assert one == two
    assert [r["game"] for r in one["records"]] == list(range(12))
    assert len({r["seed"] for r in one["records"]}) == 12
    assert all(len(r["digest"]) == 16 for r in one["records"])


def test_summary_counts_add_up() -> None:
    data = simulate_json("--games", "6", "--seed", "1")
    assert data["games"] == data["completed"] == 6 and data["errors"] == 0
    assert sum(data["winners"].values()) == 6 and set(data["winners"]) == {"us", "ussr", "draw"}
    assert sum(data["end_reasons"].values()) == 6
    assert sum(data["turns_reached"].values()) == 6
    vps = [r["vp"] for r in data["records"]]
    assert data["final_vp"]["min"] == min(vps) and data["final_vp"]["max"] == max(vps)
    assert data["decisions_per_game"]["min"] > 0
    assert data["games_per_second"] > 0


def test_text_summary_and_no_bar_when_piped() -> None:
    code, out = run_cli(["simulate", "--games", "3", "--seed", "2"])
    assert code == 0, out
    for label in ("winners:", "end reasons:", "turns reached:", "final VP:", "decisions/game:", "games/s"):
        assert label in out, out
    assert "━" not in out  # no progress bar outside a terminal


def test_game_seeds_depend_on_the_run_seed_and_index_only() -> None:
    seeds = [simulate_cmd.game_seed(1, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds == [simulate_cmd.game_seed(1, i) for i in range(100)]
    assert simulate_cmd.game_seed(2, 0) != seeds[0]


def test_a_failing_game_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def __init__(self, seed: int) -> None:
            self.seed = seed

        def decide(self, decision: Any) -> Any:
            if self.seed % 2:  # half of the games break
                raise ValueError(f"broken player for {decision.name}")
            return decision.options[0] if decision.single else decision.options[: decision.min_count]

    def broken_players(seed: int, kind: str = "random", ai_side: str | None = None) -> dict[str, Broken]:
        return {"us": Broken(seed), "ussr": Broken(seed)}

    monkeypatch.setattr(simulate_cmd, "game_players", broken_players)
    result = CliRunner().invoke(cli, ["simulate", "--games", "6", "--seed", "3", "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.output)
    failed = [r for r in data["records"] if "error" in r]
    assert failed and data["errors"] == len(failed)
    for r in failed:
        assert r["seed"] % 2 == 1
        assert r["error"].startswith("ValueError: broken player for ")
    text = CliRunner().invoke(cli, ["simulate", "--games", "6", "--seed", "3"])
    assert text.exit_code == 1
    assert "Traceback" not in text.output
    assert f"(seed {failed[0]['seed']}, turn " in text.output
    assert "ValueError: broken player for " in text.output


def test_compile_errors_are_shown_and_no_game_is_played(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(RULES / "standard", folder)
    sequence = folder / "sequence.tsr"
    sequence.write_text(sequence.read_text(encoding="utf-8").replace("(ussr, syria,", "(ussr, syrria,"))
    code, out = run_cli(["simulate", "--ruleset", str(folder), "--games", "2"])
    assert code == 1
    assert "error[E104]" in out and "syrria" in out and "^" in out
    assert "Traceback" not in out and "winners" not in out


def test_trace_dir_gets_one_trace_per_game(tmp_path: Path) -> None:
    code, out = run_cli(["simulate", "--games", "3", "--seed", "4", "--trace-dir", str(tmp_path / "t")])
    assert code == 0, out
    files = sorted((tmp_path / "t").glob("*.jsonl"))
    assert [f.name for f in files] == ["game-00000.jsonl", "game-00001.jsonl", "game-00002.jsonl"]
    for f in files:
        events = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines()]
        assert events[-1]["kind"] == "game_end"


def test_each_side_may_have_its_own_policy() -> None:
    """`--players us=greedy,ussr=random`: each side's games are its policy's; the same run with both
    sides random differs, and the text names both policies."""
    from twilight.runtime.core.decisions import GreedyPlayer, RandomPlayer

    players = simulate_cmd.game_players(4, "us=greedy,ussr=random")
    assert type(players["us"]) is GreedyPlayer and type(players["ussr"]) is RandomPlayer
    mixed = simulate_json("--games", "6", "--seed", "3", "--players", "us=greedy,ussr=random")
    assert mixed["players"] == "us=greedy,ussr=random"
    both_random = simulate_json("--games", "6", "--seed", "3")
    assert [r["digest"] for r in mixed["records"]] != [r["digest"] for r in both_random["records"]]
    code, out = run_cli(["simulate", "--games", "2", "--players", "ussr=greedy,us=random"])
    assert code == 0 and "players:        us random, ussr greedy" in out, out


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("us=bogus", "'bogus' is not a policy"),
        ("china=greedy", "write SIDE=KIND with SIDE us or ussr"),
        ("greedy,random", "'greedy,random' is not a policy"),
    ],
)
def test_a_wrong_players_value_is_a_clear_message(players: str, message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--players", players])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", str(10**30)], "is not in the range 1<=x<=1000000"),
        (["--games", "2", "--jobs", "10000"], "'--jobs': 10000 is not in the range"),
        (["--human-policy", "search", "--budget-ms", "nan"], "'--budget-ms': not a number"),
        (["--human-policy", "search", "--budget-ms", "inf"], "is not in the range 1<=x<=600000"),
        (["--human-policy", "search", "--budget-ms", "1e12"], "is not in the range 1<=x<=600000"),
        (["--human-policy", "search", "--playouts", str(10**9)], "is not in the range 1<=x<=100000"),
    ],
)
def test_a_run_too_large_to_end_is_refused_at_once(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--ruleset", "solo-v2", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("ruleset", ["solo-v2", "standard"])
def test_a_game_leaves_nothing_for_the_garbage_collector(ruleset: str) -> None:
    """A game of `twilight simulate` is freed as it ends: its engine lets go of its players (who hold it),
    and the AI's look-ahead copies hold their players weakly (lookahead._LookAheadAI). No reference cycle
    keeps a game's states until the collector's next full pass."""
    import gc

    from twilight.compiler import api

    result = api.compile_target(ruleset)
    assert result.ir is not None
    simulate_cmd._init_worker(result.ir, None, False, {}, "random")
    gc.collect()
    gc.disable()
    try:
        records = [simulate_cmd.play_game((i, simulate_cmd.game_seed(1, i))) for i in range(3)]
        left = gc.collect()
    finally:
        gc.enable()
    assert all("error" not in r for r in records) and left == 0


def test_a_look_ahead_copy_goes_as_soon_as_nothing_holds_it() -> None:
    import weakref

    from twilight.compiler import api
    from twilight.runtime.solo.ai import _LookAheadAI, what_if

    result = api.compile_target("solo-v2")
    assert result.ir is not None
    engine = new_engine(result.ir, {}, seed=1)
    twin = what_if(engine, lambda copy: None)
    players = list(twin.players.values())
    assert all(type(p) is _LookAheadAI and p.engine is twin for p in players)
    gone = weakref.ref(twin)
    del twin
    assert gone() is None and all(p.engine is None for p in players)
