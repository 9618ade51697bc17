"""Where the VP came from (cli/balance/vp_sources.py): each change of the VP track put down to the scoring,
phase or card that moved it, and the balance lab's figures of it per cell."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from twilight.cli.balance.vp_sources import cell_sources, towards, vp_sources


def _events() -> list[dict]:
    return [
        {"kind": "phase", "phase": "headline"},
        {"kind": "event", "card": "duck_and_cover", "side": "us"},
        {"kind": "vp", "change": 2, "side": "us"},
        {"kind": "phase", "phase": "action_rounds"},
        {"kind": "play", "card": "nato", "side": "us"},
        {"kind": "region_score", "region": "europe", "side": "us"},
        {"kind": "region_score", "region": "europe", "side": "ussr"},
        {"kind": "vp", "change": 3, "side": "ussr"},
        {"kind": "scored", "region": "europe"},
        {"kind": "vp", "change": 1, "side": "ussr"},  # after the scoring: the card in play again
        {"kind": "phase", "phase": "military_operations"},
        {"kind": "vp", "change": 2, "side": "us"},
        {"kind": "vp", "change": 2, "side": "us"},
    ]


def test_each_vp_change_goes_to_what_moved_it() -> None:
    assert vp_sources(_events()) == {
        "card:duck_and_cover": 2,
        "scoring:europe": -3,
        "card:nato": -1,
        "phase:military_operations": 4,
    }


def test_the_sources_add_up_to_the_final_vp_from_either_side() -> None:
    sources = vp_sources(_events())
    assert sum(sources.values()) == 2 - 3 - 1 + 4
    assert towards(sources, "ussr") == {k: -v for k, v in sources.items()}


def test_a_cell_means_its_games_towards_the_human() -> None:
    records = [
        {"game": 0, "vp_sources": {"scoring:europe": -4, "card:nato": 2, "phase:deal_cards": 1}},
        {"game": 1, "vp_sources": {"scoring:europe": -2, "scoring:asia": 6}},
        {"game": 2, "error": "stopped"},  # (a game that stopped is not counted)
    ]
    cell = cell_sources(records, "ussr")
    assert cell["games"] == 2 and cell["side"] == "ussr"
    assert cell["scorings"] == {"asia": -3.0, "europe": 3.0}  # worst for the human first
    assert cell["phases"] == {"deal_cards": -0.5}
    assert cell["cards"] == {"nato": -1.0}
    assert cell["totals"] == {"scoring": 0.0, "phase": -0.5, "card": -1.0}
    assert cell_sources([{"game": 0}], "us") == {}  # a run made before the sources were kept


def test_the_balance_report_says_where_the_vp_came_from(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "twilight.cli.main",
            "balance",
            "solo-v2",
            "--levels",
            "normal",
            "--sides",
            "ussr",
            "--policy",
            "greedy",
            "--games",
            "4",
            "--jobs",
            "1",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "VP towards the human (us), a game's mean: region scorings" in run.stdout
    figures = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))["cells"][0]["figures"]
    sources = figures["vp_sources"]
    assert sources["games"] == 4 and sources["side"] == "us"
    # the groups add up to the mean final VP seen from the human side (the US here: the track's own sense)
    total = sum(sources["totals"].values())
    assert abs(total - figures["final_vp"]["mean"]) < 0.01, (sources["totals"], figures["final_vp"])
    assert sources["scorings"], "a game of solo-v2 scores regions"
    assert sum(len(games) for games in figures["games_by_end_reason"].values()) == 4
    page = out.read_text(encoding="utf-8")
    assert "Where the VP came from" in page and "military_operations" in page
    first = next(iter(figures["games_by_end_reason"].values()))[0]
    assert f"{first['game']} ({first['seed']}, {first['winner']})" in page
