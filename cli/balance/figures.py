"""The figures of a balance run, from its game records alone (no timings: the same seed gives the same
figures whatever the backend)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from twilight.cli import simulate_cmd
from twilight.cli.balance import stats
from twilight.cli.balance.keys import AI_SIDE, LEVEL
from twilight.cli.balance.vp_sources import cell_sources
from twilight.runtime.core.sides import opponent


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
        # (each game that stopped on an error: its index, seed and message, to play it again)
        "error_games": [
            {"game": r["game"], "seed": r["seed"], "error": r["error"]} for r in records if "error" in r
        ],
        "invariant_violations": summary["invariant_violations"],
        "ai_wins": wins,
        "ai_win_rate": round(wins / len(done), 4) if done else None,
        "ai_win_interval": [round(low, 4), round(high, 4)],
        "winners": summary["winners"],
        "end_reasons": summary["end_reasons"],
        # (who won by each end: a DEFCON 1 ending says whose move it was)
        "winners_by_end_reason": {
            str(reason): dict(Counter(str(r["winner"]) for r in done if r["reason"] == reason))
            for reason in sorted({r["reason"] for r in done}, key=str)
        },
        "turns_reached": summary["turns_reached"],
        "mean_turn": round(sum(r["turn"] for r in done) / len(done), 3) if done else None,
        "final_vp": summary["final_vp"],
        # The VP at the end (positive: US ahead), as a distribution: value -> games.
        "vp_distribution": {str(v): n for v, n in sorted(Counter(r["vp"] for r in done).items())},
        "ratings": summary["ratings"],
        # (the games each end came by, to play them again: `twilight simulate --seed` of the run and the
        # game's index, or its seed here)
        "games_by_end_reason": _games_by_end_reason(done),
        "vp_sources": cell_sources(records, opponent(ai_side)),
        "playouts_per_game": (
            round(sum(r.get("playouts", 0) for r in done) / len(done), 1)
            if done and any("playouts" in r for r in done)
            else None
        ),
    }


GAMES_LISTED = 12  # per end: enough to look at, few enough for the report


def _games_by_end_reason(done: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The first games of each end, by index, with their seed and winner."""
    listed: dict[str, list[dict[str, Any]]] = {}
    for record in done:
        games = listed.setdefault(str(record["reason"]), [])
        if len(games) < GAMES_LISTED:
            games.append({"game": record["game"], "seed": record["seed"], "winner": record["winner"]})
    return dict(sorted(listed.items()))


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


# A cell's AI win share beyond these tells the lab nothing about a change: every game ends alike.
CEILING = 0.95
FLOOR = 0.05


def reach(cell: dict[str, Any], policy: str, search: dict[str, Any], detect: float) -> dict[str, Any]:
    """What a cell's run can show: the games it needs for a change of `detect` in the AI's win share to
    show, and a warning at a ceiling or floor, saying what to run instead."""
    rate = cell["ai_win_rate"]
    out: dict[str, Any] = {
        "games_needed": None if rate is None else stats.games_for_difference(rate, detect),
        "warning": None,
    }
    if rate is None:
        return out
    if rate > CEILING:
        out["warning"] = {
            "kind": "ceiling",
            "message": f"the AI wins {100 * rate:.1f}% of games: a change to the rules can hardly show; "
            f"run a stronger human side: {stronger_policy(policy, search)}",
        }
    elif rate < FLOOR:
        out["warning"] = {
            "kind": "floor",
            "message": f"the AI wins {100 * rate:.1f}% of games: a change to the rules can hardly show; "
            "run a weaker human side (--policy greedy), or a smaller search budget",
        }
    return out


def stronger_policy(policy: str, search: dict[str, Any]) -> str:
    """The options of a stronger human side than `policy` at `search`'s budget."""
    from twilight.runtime.players.search import DEFAULT_HORIZON, DEFAULT_PLAYOUTS

    if policy != "search":
        return f"--policy search --playouts {DEFAULT_PLAYOUTS}"
    playouts = int(search.get("playouts") or DEFAULT_PLAYOUTS)
    horizon = int(search.get("horizon") or DEFAULT_HORIZON)
    return f"--policy search --playouts {4 * playouts} --horizon {horizon + 1}"


def paired_figures(
    records_a: list[dict[str, Any]], records_b: list[dict[str, Any]], ai_side: str, detect: float
) -> dict[str, Any]:
    """The cell's games tested as pairs (cli/balance/paired.py), and the pairs a run needs for a change of
    `detect` in the AI's win share to show, given how often this pair of rulesets disagrees."""
    from twilight.cli.balance.paired import paired_comparison

    out = paired_comparison(records_a, records_b, ai_side)
    n = out["pairs"]
    share = out["ai_wins"]["discordant"] / n if n else 0.0
    out["pairs_needed"] = stats.pairs_for_difference(share, detect) if n else None
    return out


def levels_order(cells: list[dict[str, Any]], levels: list[str], sides: list[str]) -> list[dict[str, Any]]:
    """Per ruleset and AI side, the levels' AI win shares in the order given (the ruleset's, easiest
    first): whether they rise with the level, and which neighbours' intervals overlap (levels the run
    cannot tell apart)."""
    out = []
    for ruleset in dict.fromkeys(c["ruleset"] for c in cells):
        for side in sides:
            found = {c[LEVEL]: c["figures"] for c in cells if c["ruleset"] == ruleset and c[AI_SIDE] == side}
            row = [
                {
                    LEVEL: lv,
                    "ai_win_rate": found[lv]["ai_win_rate"],
                    "interval": found[lv]["ai_win_interval"],
                }
                for lv in levels
                if lv in found and found[lv]["ai_win_rate"] is not None
            ]
            if len(row) < 2:
                continue
            rates = [r["ai_win_rate"] for r in row]
            overlapping = [
                [x[LEVEL], y[LEVEL]]
                for x, y in itertools.pairwise(row)
                if x["interval"][1] >= y["interval"][0] and y["interval"][1] >= x["interval"][0]
            ]
            out.append(
                {
                    "ruleset": ruleset,
                    "ruleset_name": next(c["ruleset_name"] for c in cells if c["ruleset"] == ruleset),
                    AI_SIDE: side,
                    "levels": row,
                    "ordered": all(x <= y for x, y in itertools.pairwise(rates)),
                    "not_told_apart": overlapping,
                }
            )
    return out
