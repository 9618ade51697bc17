"""Golden traces: a few whole games, played as `twilight simulate` plays them, must give exactly the trace
they gave when the file tests/golden/traces.json was written (every event, die and AI choice: the hash of
the trace file). The interpreter may get faster, never different.

After a change to the rules or the runtime that is meant to change play, rewrite the file with
    UPDATE_GOLDEN=1 python -m pytest tests/test_golden_traces.py
and say in the commit why the games changed.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from twilight.cli import simulate_cmd
from twilight.compiler import api

GOLDEN = Path(__file__).resolve().parent / "golden" / "traces.json"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

# (ruleset, player kind of the side(s) not played by an AI, run seed, games)
RUNS = [
    ("solo-v2", "random", 11, 4),
    ("solo-v2", "greedy", 12, 2),
    ("solo-v2-quickdeal", "cautious", 13, 2),
    ("standard", "random", 11, 4),
]


def play(ruleset: str, kind: str, seed: int, games: int, folder: Path) -> dict[str, dict[str, object]]:
    ir = api.compile_target(ruleset).ir
    assert ir is not None
    simulate_cmd._init_worker(ir, str(folder), False, {}, kind)
    out: dict[str, dict[str, object]] = {}
    for index in range(games):
        record = simulate_cmd.play_game((index, simulate_cmd.game_seed(seed, index)))
        assert "error" not in record, record
        trace = (folder / f"game-{index:05d}.jsonl").read_bytes()
        out[f"{ruleset} {kind} {seed} {index}"] = {
            "digest": record["digest"],
            "events": record["events"],
            "trace_sha256": hashlib.sha256(trace).hexdigest(),
        }
    return out


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    results: dict[str, dict[str, object]] = {}
    for ruleset, kind, seed, games in RUNS:
        results.update(play(ruleset, kind, seed, games, tmp_path_factory.mktemp("traces")))
    return results


def test_games_replay_their_golden_traces(played: dict[str, dict[str, object]]) -> None:
    if UPDATE:
        GOLDEN.write_text(json.dumps(played, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return
    assert GOLDEN.is_file(), "tests/golden/traces.json is missing: UPDATE_GOLDEN=1 writes it"
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    differing = [name for name in golden if played.get(name) != golden[name]]
    assert set(played) == set(golden), "the list of golden games changed: rewrite the file"
    assert not differing, f"these games no longer play as they did: {differing}"
