"""The figures of a balance run, from its game records alone (no timings: the same seed gives the same
figures whatever the backend)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from twilight.cli import simulate_cmd
from twilight.cli.balance import stats


def cell_figures(records: list[dict[str, Any]], ai_side: str) -> dict[str, Any]:
    """One cell: simulate's summary, the AI's win rate with its Wilson interval, the VP distribution."""
    summary = simulate_cmd.summarize(records)
    done = [r for r in records if "error" not in r]
    wins = summary["winners"][ai_side]
    low, high = stats.wilson(wins, len(done))
    return {
        "games": summary["games"],
        "completed": summary["completed"],
        "errors": summary["errors"],
        "invariant_violations": summary["invariant_violations"],
        "ai_wins": wins,
        "ai_win_rate": round(wins / len(done), 4) if done else None,
        "ai_win_interval": [round(low, 4), round(high, 4)],
        "winners": summary["winners"],
        "end_reasons": summary["end_reasons"],
        "turns_reached": summary["turns_reached"],
        "mean_turn": round(sum(r["turn"] for r in done) / len(done), 3) if done else None,
        "final_vp": summary["final_vp"],
        # The VP at the end (positive: US ahead), as a distribution: value -> games.
        "vp_distribution": {str(v): n for v, n in sorted(Counter(r["vp"] for r in done).items())},
        "ratings": summary["ratings"],
        "playouts_per_game": (
            round(sum(r.get("playouts", 0) for r in done) / len(done), 1)
            if done and any("playouts" in r for r in done)
            else None
        ),
    }


def compare(
    a: dict[str, Any], b: dict[str, Any], records_a: list[Any], records_b: list[Any]
) -> dict[str, Any]:
    """Ruleset B's figures against A's in one cell: each difference with its test."""
    done_a = [r for r in records_a if "error" not in r]
    done_b = [r for r in records_b if "error" not in r]
    n_a, n_b = len(done_a), len(done_b)
    out: dict[str, Any] = {
        "ai_win_rate": {**stats.two_proportions(a["ai_wins"], n_a, b["ai_wins"], n_b), "test": "proportion"},
        "mean_turn": {
            **stats.two_means([r["turn"] for r in done_a], [r["turn"] for r in done_b]),
            "test": "means",
        },
        "mean_final_vp": {
            **stats.two_means([r["vp"] for r in done_a], [r["vp"] for r in done_b]),
            "test": "means",
        },
    }
    for group in ("end_reasons", "ratings"):
        names = sorted(set(a[group]) | set(b[group]), key=str)
        out[group] = {
            str(name): {
                **stats.two_proportions(a[group].get(name, 0), n_a, b[group].get(name, 0), n_b),
                "test": "proportion",
            }
            for name in names
        }
    return out
