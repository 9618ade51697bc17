"""The balance report as an HTML page: tables of the figures and plots drawn by matplotlib, inlined as SVG
(one self-contained file: no scripts, nothing fetched)."""

from __future__ import annotations

import html
import io
from typing import Any

from twilight.cli.balance import stats
from twilight.cli.balance.keys import AI_SIDE, LEVEL
from twilight.cli.balance.paired import PAIRED_VP_TEST, PAIRED_WIN_TEST

PLOTS_INSTALL = "pip install -e '.[balance]'  (or: pip install 'matplotlib>=3.10')"


class PlotsMissing(Exception):
    """matplotlib is not installed: the HTML report cannot be drawn."""


def _figure(width: float, height: float) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlotsMissing(f"the HTML report's plots need matplotlib: {PLOTS_INSTALL}") from None
    return Figure(figsize=(width, height), layout="constrained")


def _svg(figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg") :]  # (the XML prolog and doctype do not belong inside HTML)


def _label(cell: dict[str, Any], two: bool) -> str:
    name = f"{cell['ruleset_name']} " if two else ""
    return f"{name}{cell[LEVEL]}, AI {cell[AI_SIDE]}"


def win_rate_plot(cells: list[dict[str, Any]], levels: list[str], two: bool) -> str:
    """The AI's win rate by level: one line per ruleset and AI side, with the Wilson intervals."""
    figure = _figure(7, 3.8)
    axes = figure.add_subplot()
    series: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for cell in cells:
        series.setdefault((cell["ruleset_name"], cell[AI_SIDE]), []).append(cell)
    for n, ((name, side), group) in enumerate(series.items()):
        xs, ys, low, high = [], [], [], []
        for cell in group:
            rate = cell["figures"]["ai_win_rate"]
            if rate is None:
                continue
            xs.append(levels.index(cell[LEVEL]) + (n - (len(series) - 1) / 2) * 0.06)
            ys.append(100 * rate)
            interval = cell["figures"]["ai_win_interval"]
            low.append(100 * (rate - interval[0]))
            high.append(100 * (interval[1] - rate))
        label = f"{name}, AI {side}" if two else f"AI {side}"
        axes.errorbar(xs, ys, yerr=[low, high], marker="o", capsize=4, label=label)
    axes.set_xticks(range(len(levels)), levels)
    axes.set_xlim(-0.5, len(levels) - 0.5)
    axes.set_ylim(0, 100)
    axes.set_ylabel("AI win rate, % (95% Wilson interval)")
    axes.set_xlabel("AI level")
    axes.grid(alpha=0.3)
    axes.legend()
    return _svg(figure)


def vp_plot(cells: list[dict[str, Any]], two: bool) -> str:
    """The final VP of each cell's games (positive: US ahead), as box plots."""
    figure = _figure(7, 0.5 + 0.45 * len(cells))
    axes = figure.add_subplot()
    data = []
    for cell in cells:
        values = [int(v) for v, n in cell["figures"]["vp_distribution"].items() for _ in range(n)]
        data.append(values or [0])
    axes.boxplot(data, orientation="horizontal", tick_labels=[_label(c, two) for c in cells])
    axes.axvline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("final VP (positive: US ahead)")
    axes.grid(alpha=0.3, axis="x")
    return _svg(figure)


def share_plot(cells: list[dict[str, Any]], two: bool, key: str, legend: str) -> str:
    """How each cell's games split by `key` (end reasons, turns reached): the shares, as stacked bars."""
    groups = sorted({g for c in cells for g in c["figures"][key]}, key=lambda g: (len(str(g)), str(g)))
    # The legend stands right of the bars, in columns of at most 6 entries: above them, a row of 10 turns
    # or of long end reasons was wider than the figure and squeezed the bars to nothing.
    columns = max(1, -(-len(groups) // 6))
    rows = -(-len(groups) // columns)
    figure = _figure(7 + 1.2 * columns, max(0.8 + 0.45 * len(cells), 0.6 + 0.22 * rows))
    axes = figure.add_subplot()
    labels = [_label(c, two) for c in cells]
    left = [0.0] * len(cells)
    for group in groups:
        shares = []
        for cell in cells:
            done = cell["figures"]["completed"] or 1
            shares.append(100 * cell["figures"][key].get(group, 0) / done)
        axes.barh(labels, shares, left=left, label=str(group))
        left = [a + b for a, b in zip(left, shares, strict=True)]
    axes.set_xlim(0, 100)
    axes.set_xlabel("share of games, %")
    axes.legend(title=legend, loc="upper left", bbox_to_anchor=(1.01, 1.0), ncols=columns, fontsize="small")
    return _svg(figure)


def _percent(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _cell_rows(cells: list[dict[str, Any]], two: bool) -> str:
    rows = []
    for cell in cells:
        f = cell["figures"]
        low, high = f["ai_win_interval"]
        reasons = ", ".join(f"{r} {n}" for r, n in f["end_reasons"].items())
        ratings = ", ".join(f"{r} {n}" for r, n in f["ratings"].items())
        vp = f["final_vp"]
        cost = "" if f.get("playouts_per_game") is None else f"{f['playouts_per_game']}"
        rows.append(
            "<tr>"
            + "".join(
                f"<td>{html.escape(str(v))}</td>"
                for v in (
                    *((cell["ruleset_name"],) if two else ()),
                    cell[LEVEL],
                    cell[AI_SIDE],
                    f["games"],
                    f"{_percent(f['ai_win_rate'])} [{_percent(low)}, {_percent(high)}]",
                    "–" if f["mean_turn"] is None else f"{f['mean_turn']:.2f}",
                    "–" if vp["mean"] is None else f"{vp['mean']:.2f} ({vp['min']} to {vp['max']})",
                    reasons or "–",
                    ratings or "–",
                    f["errors"],
                    cost,
                )
            )
            + "</tr>"
        )
    head = ("<th>ruleset</th>" if two else "") + "".join(
        f"<th>{h}</th>"
        for h in (
            "AI level",
            "AI side",
            "games",
            "AI wins [95% Wilson]",
            "mean turn",
            "final VP mean (range)",
            "end reasons",
            "ratings",
            "errors",
            "playouts/game",
        )
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _table(head: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    cells = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in row) + "</tr>" for row in rows
    )
    heads = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return f"<table><thead><tr>{heads}</tr></thead><tbody>{cells}</tbody></table>"


def _warnings(cells: list[dict[str, Any]], two: bool) -> str:
    """A ceiling or floor warning per cell that has one, and the games each cell needs."""
    items = []
    for cell in cells:
        warning = cell["figures"].get("warning")
        if warning:
            where = f"{cell['ruleset_name']}, " if two else ""
            where += f"{cell[LEVEL]}, AI {cell[AI_SIDE]}"
            items.append(
                f"<li class='warning'><b>{html.escape(where)}</b>: {html.escape(warning['message'])}</li>"
            )
    return f"<ul id='warnings'>{''.join(items)}</ul>" if items else ""


def _sources_rows(cells: list[dict[str, Any]], two: bool) -> str:
    """Per cell: the VP each source moved towards the human side, a game's mean (vp_sources.py)."""
    rows = []
    for cell in cells:
        sources = cell["figures"].get("vp_sources")
        if not sources:
            continue
        where = (*((cell["ruleset_name"],) if two else ()), cell[LEVEL], cell[AI_SIDE], sources["side"])

        def listed(values: dict[str, float]) -> str:
            return ", ".join(f"{name} {vp:+.2f}" for name, vp in values.items()) or "–"

        totals = sources["totals"]
        rows.append(
            (
                *where,
                f"{totals['scoring']:+.2f}: {listed(sources['scorings'])}",
                f"{totals['phase']:+.2f}: {listed(sources['phases'])}",
                f"{totals['card']:+.2f}; most: {listed(sources['cards'])}",
            )
        )
    if not rows:
        return "<p>–</p>"
    head = (
        *(("ruleset",) if two else ()),
        "AI level",
        "AI side",
        "human",
        "region scorings",
        "phases",
        "cards",
    )
    return _table(head, rows)


def _end_games(cells: list[dict[str, Any]], two: bool) -> str:
    """Per cell and end, its first games (index, seed, winner): the games to play again and look at, a
    DEFCON 1 above all (`twilight simulate --seed` of the run plays game i with the seed listed)."""
    items = []
    for cell in cells:
        listed = cell["figures"].get("games_by_end_reason")
        if not listed:
            continue
        where = (f"{cell['ruleset_name']}, " if two else "") + f"{cell[LEVEL]}, AI {cell[AI_SIDE]}"
        ends = "; ".join(
            f"{reason}: " + ", ".join(f"{g['game']} ({g['seed']}, {g['winner']})" for g in games)
            for reason, games in listed.items()
        )
        items.append(f"<li><b>{html.escape(where)}</b>: {html.escape(ends)}</li>")
    if not items:
        return ""
    return (
        "<details id='end-games'><summary>The games of each end: game (seed, winner)</summary>"
        f"<ul>{''.join(items)}</ul></details>"
    )


def _paired_rows(comparisons: list[dict[str, Any]]) -> str:
    rows = []
    for c in comparisons:
        p = c["paired"]
        wins, vp, changed = p["ai_wins"], p["final_vp"], p["games_changed"]

        def interval(v: dict[str, Any], share: bool) -> str:
            if v["interval"] is None:
                return "–"
            low, high = v["interval"]
            return f"[{_percent(low)}, {_percent(high)}]" if share else f"[{low:+.2f}, {high:+.2f}]"

        rows.append(
            (
                c[LEVEL],
                c[AI_SIDE],
                p["pairs"],
                f"{wins['a']} → {wins['b']}",
                "–" if wins["difference"] is None else f"{100 * wins['difference']:+.1f} points",
                interval(wins, True),
                "–" if wins["p"] is None else f"{wins['p']:.4f}",
                "–" if vp["difference"] is None else f"{vp['difference']:+.2f}",
                interval(vp, False),
                "–" if vp["p"] is None else f"{vp['p']:.4f}",
                f"{changed['winner']} / {changed['final_vp']} / {changed['course']}",
                "–" if p["pairs_needed"] is None else p["pairs_needed"],
            )
        )
    return _table(
        (
            "AI level",
            "AI side",
            "pairs",
            "AI wins A → B",
            "B − A",
            "95% interval",
            "McNemar p",
            "final VP B − A",
            "95% interval",
            "p",
            "games changed: winner / VP / course",
            "pairs needed",
        ),
        rows,
    )


def _change_rows(changes: list[dict[str, Any]]) -> str:
    rows = []
    for d in changes:
        if not d["counted"]:
            rows.append((d["kind"], d["name"], d["change"], "–", "–", "–", d["note"]))
            continue
        parts = []
        for option, n in d.get("options", {}).items():
            parts.append(f"option {option} decided {n['a']} → {n['b']}")
        if "held" in d:
            parts.append(f"a line held {d['held']['a']} → {d['held']['b']}")
        rows.append(
            (
                d["kind"],
                d["name"],
                d["change"],
                f"{d['a']['firings']} in {d['a']['games']} games",
                f"{d['b']['firings']} in {d['b']['games']} games",
                f"{d['games_changed']} of {d['games_fired_in_either']}",
                "; ".join(parts),
            )
        )
    return _table(
        ("kind", "declaration", "change", "fired under A", "fired under B", "games changed", "detail"), rows
    )


def _levels(rows: list[dict[str, Any]]) -> str:
    items = []
    for row in rows:
        shares = ", ".join(
            f"{x[LEVEL]} {_percent(x['ai_win_rate'])} "
            f"[{_percent(x['interval'][0])}, {_percent(x['interval'][1])}]"
            for x in row["levels"]
        )
        verdict = "in order of strength" if row["ordered"] else "NOT in order of strength"
        apart = "; ".join(" and ".join(pair) for pair in row["not_told_apart"])
        if apart:
            verdict += f"; not told apart: {apart}"
        line = f"{row['ruleset_name']}, AI {row[AI_SIDE]}: {shares}: {verdict}"
        items.append(f"<li>{html.escape(line)}</li>")
    return f"<ul id='levels'>{''.join(items)}</ul>"


def _comparison_rows(comparisons: list[dict[str, Any]]) -> str:
    rows = []
    for c in comparisons:
        entries = [
            ("AI win rate", c["ai_win_rate"], True),
            ("mean turn", c["mean_turn"], False),
            ("mean final VP", c["mean_final_vp"], False),
            *((f"end: {r}", v, True) for r, v in c["end_reasons"].items()),
            *((f"rating: {r}", v, True) for r, v in c["ratings"].items()),
        ]
        for name, v, share in entries:

            def show(x: float | None, share: bool = share) -> str:
                return "–" if x is None else (_percent(x) if share else f"{x:.2f}")

            mark = "yes" if v["significant"] else "no"
            p = "–" if v["p"] is None else f"{v['p']:.4f}"
            cells = (
                c[LEVEL],
                c[AI_SIDE],
                name,
                show(v["a"]),
                show(v["b"]),
                show(v["difference"]),
                p,
                mark,
            )
            rows.append("<tr>" + "".join(f"<td>{html.escape(str(x))}</td>" for x in cells) + "</tr>")
    head = "".join(
        f"<th>{h}</th>" for h in ("AI level", "AI side", "figure", "A", "B", "B − A", "p", "significant")
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


STYLE = """
body { font-family: sans-serif; margin: 2em; max-width: 72em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; }
th { background: #f0f0f0; }
li.warning { color: #8a3b00; }
figure { margin: 1.5em 0; }
figure svg { max-width: 100%; height: auto; }
"""


def render(report: dict[str, Any]) -> str:
    """The whole page for the figures `report` holds (the JSON written beside it)."""
    cells = report["cells"]
    two = len(report["rulesets"]) == 2
    run = report["run"]
    names = " vs ".join(html.escape(r["name"]) for r in report["rulesets"])
    budget = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in run["search"].items())
    parts = [
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Balance: {names}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Balance: {names}</h1>",
        "<p>"
        + html.escape(
            f"{run['games']} games per cell, seed {run['seed']}, human side: {run['policy']}"
            + (f" ({budget})" if budget else "")
            + f"; levels {', '.join(run['levels'])}; AI sides {', '.join(run['sides'])}."
        )
        + "</p>",
        "<h2>The AI's win rate</h2>",
        f"<figure id='win-rate'>{win_rate_plot(cells, run['levels'], two)}</figure>",
        "<h2>Per level and side</h2>",
        _warnings(cells, two),
        _cell_rows(cells, two),
        "<p>"
        + html.escape(
            f"Games a cell needs for a change of {100 * run.get('detect', 0.1):.0f} points in the AI's win "
            "share to show (5% test, 80% power): "
            + ", ".join(
                f"{c[LEVEL]}/{c[AI_SIDE]} {c['figures'].get('games_needed')}"
                for c in cells
                if c["ruleset"] == "a"
            )
        )
        + "</p>",
        "<h2>Final VP</h2>",
        f"<figure id='vp'>{vp_plot(cells, two)}</figure>",
        "<h2>Where the VP came from</h2>",
        "<p>"
        + html.escape(
            "The VP each source moved towards the human side, a game's mean: each region's scorings, each "
            "phase of the turn (the military operations check, the deal…), the cards played or resolved "
            "(the events and what they set off; the cards that moved most). The three groups add up to the "
            "mean final VP from the human's side."
        )
        + "</p>",
        _sources_rows(cells, two),
        "<h2>How the games ended</h2>",
        f"<figure id='end-reasons'>{share_plot(cells, two, 'end_reasons', 'end reason')}</figure>",
        _end_games(cells, two),
        "<h2>The turn the games reached</h2>",
        f"<figure id='turns'>{share_plot(cells, two, 'turns_reached', 'turn')}</figure>",
    ]
    if report.get("levels"):
        parts += ["<h2>The levels</h2>", _levels(report["levels"])]
    if two:
        parts += [
            "<h2>B against A, game by game</h2>",
            "<p>"
            + html.escape(
                "Game i of a cell has the same seed under both rulesets: the games are pairs. "
                f"AI wins: {PAIRED_WIN_TEST}. Final VP: {PAIRED_VP_TEST}."
            )
            + "</p>",
            _paired_rows(report["comparisons"]),
            "<h2>What B changed, and how often it fired</h2>",
            _change_rows(report.get("changes", [])),
            "<h2>B against A, cell against cell</h2>",
            "<p>"
            + html.escape(
                f"A = {report['rulesets'][0]['name']}, B = {report['rulesets'][1]['name']}. Shares: "
                f"{stats.PROPORTION_TEST}. Means: {stats.MEAN_TEST}."
            )
            + "</p>",
            _comparison_rows(report["comparisons"]),
        ]
    parts.append("</body></html>")
    return "\n".join(parts)
