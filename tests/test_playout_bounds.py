"""benchmarks/playout_bounds.py: what sharing work between the search's playouts could save at most
(docs/bench.md, "What is left, bounded"). Checked here: the four runs make the same search (the counting
changes nothing the search does), the counts agree with each other, and nothing the script replaced for
its runs is left replaced. No figure is compared with a target: they are what the runs found."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import playout_bounds  # noqa: E402  (a script of benchmarks/, not a package)
from twilight.runtime.backend import priorities  # noqa: E402
from twilight.runtime.core.engine import Engine  # noqa: E402
from twilight.runtime.players import search  # noqa: E402
from twilight.runtime.solo import lookahead  # noqa: E402
from twilight.runtime.solo.ai import RulesAIPlayer  # noqa: E402


def test_the_runs_search_alike_and_their_counts_agree(capsys: pytest.CaptureFixture[str]) -> None:
    replaced = (
        search.SearchPlayer._playout,
        search.playout_value,
        priorities.PriorityList.pick,
        lookahead._cached,
        lookahead.what_if,
        search.Dice,
        Engine.resume,
        RulesAIPlayer.decide,
    )
    assert playout_bounds.main(["--decisions", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["same_search"]
    playouts = result["plain"]["playouts"]
    assert playouts > 0
    assert result["timed"]["playouts"] == result["counted"]["playouts"] == playouts
    assert result["prefixed"]["playouts"] == playouts

    counted = result["counted"]
    ends = counted["final_states"]
    assert ends["playouts"] == playouts  # (every playout's end was seen)
    assert ends["distinct"] + ends["found_again"] == playouts
    assert 1 <= ends["distinct"] <= playouts
    assert counted["picks"], "the AI picked nothing in the playouts"
    for name, count in counted["picks"].items():
        assert 0 <= count["found_again"] < count["picks"], name  # (a list's first pick is new)
    looked = counted["lookahead"]
    assert looked["own_cache"] + looked["shared_cache_only"] <= looked["asked"]
    assert 0 <= counted["picks_found_again_cpu_s"] <= counted["cpu_s_less_keys"]
    for share in (result["timed"]["picks_cpu_share"], result["timed"]["lookahead_cpu_share"]):
        assert 0 < share < 1
    prefixed = result["prefixed"]
    assert sum(prefixed["first_reads"].values()) == playouts  # (one first read, or none, per playout)
    assert 0 < prefixed["before_luck_cpu_s"] < prefixed["resumed_cpu_s"] < prefixed["cpu_s"]

    assert (
        search.SearchPlayer._playout,
        search.playout_value,
        priorities.PriorityList.pick,
        lookahead._cached,
        lookahead.what_if,
        search.Dice,
        Engine.resume,
        RulesAIPlayer.decide,
    ) == replaced


def test_a_count_of_no_decisions_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        playout_bounds.main(["--decisions", "0"])
    assert stopped.value.code == 2
    assert "--decisions must be at least 1" in capsys.readouterr().err
