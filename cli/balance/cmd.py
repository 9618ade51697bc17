"""`twilight balance RULESET [RULESET_B]`: how the AI fares at each level and side against a policy for the
human side, for one ruleset or two compared; an HTML report with plots and the same figures as JSON."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click
from twilight.cli import simulate_cmd
from twilight.cli.balance import figures, paired, runner, stats
from twilight.cli.balance.keys import AI_SIDE, LEVEL
from twilight.cli.number_arg import whole_number_option
from twilight.cli.output_file import check_output_file, write_output_file
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.ruleset_target import compile_ruleset
from twilight.cli.settings_arg import read_settings
from twilight.cli.versions import search_rules_in
from twilight.compiler.diagnostics import Severity, render

# Games a cell may ask for: a run lists every game of every cell (up to 16 cells) before it starts.
GAMES_PER_CELL_LIMIT = 100_000
LEVEL_SETTING = LEVEL  # the solo contract's setting (runtime/registry.py LEVEL)
SIDE_SETTING = AI_SIDE  # (runtime/registry.py AI_SIDE)


def _compiled(target: str, rules_paths: tuple[str, ...] = ()) -> dict[str, Any]:
    result = compile_ruleset(target, rules_paths)
    if result.ir is None or not result.ok:
        for d in result.diagnostics:
            if d.severity is Severity.ERROR:
                click.echo(render(d, result.sources), err=True)
        raise click.ClickException(f"{target}: does not compile; no games played")
    ir: dict[str, Any] = result.ir
    for name in (LEVEL_SETTING, SIDE_SETTING):
        if name not in ir.get("settings", {}):
            raise click.ClickException(
                f"{target}: has no setting {name!r}: balance measures a solo ruleset's AI (like solo-v2)"
            )
    return ir


def _changes(targets: list[str], rules_paths: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """What B changes against A, declaration by declaration (`twilight diff`), as plain data."""
    from twilight.cli.diff.cmd import diff_report

    report = diff_report(targets[0], targets[1], "en", rules_paths)
    return [change.to_json() for change in report["changes"]]


def _words(values: tuple[str, ...]) -> list[str]:
    """`--levels normal,expert --levels hard` -> ["normal", "expert", "hard"], without repeats."""
    out: list[str] = []
    for value in values:
        for word in value.replace(",", " ").split():
            if word not in out:
                out.append(word)
    return out


def _some_words(what: str, example: str, left_out: str) -> Any:
    """The callback of `--levels` or `--sides`: a value that names nothing (`''`, `,,,`) is refused; it
    once counted as not given, and a run of every level and side started."""

    def check(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
        for value in values:
            if not value.replace(",", " ").split():
                raise click.BadParameter(
                    f"{value!r} names no {what}: write one or more, e.g. {example}, or leave the option "
                    f"out {left_out}"
                )
        return values

    return check


def _choices(ir: dict[str, Any], name: str, asked: list[str], option: str) -> list[str]:
    """The values asked for (default: all the setting's values); one the ruleset lacks is a usage error."""
    allowed = [str(v) for v in ir["settings"][name].get("values") or []]
    if not asked:
        return allowed
    ruleset = ir["ruleset"]["name"]
    for word in asked:
        if word not in allowed:
            what = (
                f"a level of {ruleset} (its levels: {', '.join(allowed)})"
                if name == LEVEL_SETTING
                else f"a side the AI plays in {ruleset} ({', '.join(allowed)})"
            )
            raise click.BadParameter(f"{word!r} is not {what}", param_hint=option)
    return asked


@click.command()
@click.argument("ruleset")
@click.argument("ruleset_b", required=False)
@rules_path_option(FOUND_TOO)
@click.option(
    "--levels",
    multiple=True,
    metavar="LEVEL[,LEVEL...]",
    callback=_some_words("AI level", "--levels normal,expert", "for all the ruleset's levels"),
    help="The AI's levels to measure (default: all the ruleset's levels).",
)
@click.option(
    "--sides",
    multiple=True,
    metavar="SIDE[,SIDE...]",
    callback=_some_words("side", "--sides us,ussr", "for both"),
    help="The sides the AI plays (default: both).",
)
@click.option(
    "--policy",
    type=click.Choice(simulate_cmd.SIMULATE_POLICIES),
    default="search",
    show_default=True,
    help="Who plays the human side (as simulate's --human-policy).",
)
@simulate_cmd.search_budget_options
@click.option(
    "--games",
    type=click.IntRange(min=1, max=GAMES_PER_CELL_LIMIT),
    default=100,
    show_default=True,
    help="Games per cell.",
)
@click.option(
    "--seed",
    default="0",
    callback=whole_number_option(2**64),
    show_default=True,
    help="Seed of the run; game i of every cell has the seed simulate gives game i.",
)
@click.option(
    "--backend",
    type=click.Choice(("local", "ray")),
    default="local",
    show_default=True,
    help="local: processes on this machine; ray: Ray tasks (pip install -e '.[cluster]').",
)
@click.option(
    "--address",
    default=None,
    help="Ray backend: the cluster's address (e.g. ray://head:10001 or auto); default: a Ray started here.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1, max=simulate_cmd.JOBS_LIMIT),
    default=None,
    help="Processes (local) or CPUs of the Ray started here; default: all cores.",
)
@click.option(
    "--set",
    "assignments",
    multiple=True,
    metavar="NAME=VALUE",
    help="Another setting for every game (repeatable); the level and the AI side are the run's.",
)
@click.option(
    "--detect",
    type=click.FloatRange(min=0.01, max=0.5),
    default=0.10,
    show_default=True,
    help="The change in the AI's win share the report sizes a run for: the games a cell needs for it "
    "to show (5% test, 80% power).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    callback=lambda _ctx, _param, value: report_output(value),
    help="report.html: the page with plots, and the figures as JSON beside it (report.json); "
    "report.json: the figures only.",
)
def balance(
    ruleset: str,
    ruleset_b: str | None,
    rules_paths: tuple[str, ...],
    levels: tuple[str, ...],
    sides: tuple[str, ...],
    policy: str,
    playouts: int | None,
    budget_ms: float | None,
    horizon: int | None,
    max_candidates: int | None,
    games: int,
    seed: int,
    backend: str,
    address: str | None,
    jobs: int | None,
    assignments: tuple[str, ...],
    detect: float,
    output: str | None,
) -> None:
    """The AI's win rate per level and side against a policy for the human side (one ruleset, or two
    compared), as an HTML report with plots and JSON.

    Per level and side: the AI's win rate (95% Wilson interval), how and when the games end, the final
    VP, the victory ratings. With RULESET_B, every figure of both side by side, with the difference and
    its significance (two-proportion z-test for shares, Welch's z-test for means). The HTML report needs
    matplotlib (pip install -e '.[balance]'); the Ray backend needs Ray (pip install -e '.[cluster]').

    Results for a seed are the same on either backend and for any number of workers.
    """
    if address is not None and backend != "ray":
        raise click.BadParameter("--address is for --backend ray", param_hint="--address")
    search = simulate_cmd.search_budget(playouts, budget_ms, horizon, max_candidates)
    simulate_cmd.refuse_idle_budget(search, policy == "search", "--policy search")
    targets = [ruleset] + ([ruleset_b] if ruleset_b else [])
    search_rules_in(rules_paths)
    irs = {key: _compiled(t, rules_paths) for key, t in zip("ab", targets, strict=False)}
    first = irs["a"]
    level_list = _choices(first, LEVEL_SETTING, _words(levels), "--levels")
    side_list = _choices(first, SIDE_SETTING, _words(sides), "--sides")
    cells, settings = _cells(irs, level_list, side_list, assignments)
    changes = _changes(targets, rules_paths) if len(targets) == 2 else []
    plan = runner.Plan(
        irs=irs,
        cells=cells,
        settings=settings,
        policy=policy,
        search=search,
        count_firings=len(targets) == 2,
        counted_functions={key: paired.counted_functions(changes, ir) for key, ir in irs.items()},
    )
    job_list = plan.jobs(seed, games)
    workers = jobs or os.cpu_count() or 1
    _ready_to_play(output, backend, address)
    if backend == "ray":
        played = runner.run_ray(plan, job_list, address, jobs)
    else:
        played = runner.run_local(plan, job_list, workers)
    started = time.perf_counter()
    show = sys.stderr.isatty()
    try:
        records = sorted(
            simulate_cmd.progress(played, len(job_list), show),
            key=lambda r: ([c.key for c in cells].index(r["cell"]), int(r["game"])),
        )
    except runner.RayUnreachable as err:
        raise click.ClickException(str(err)) from None
    seconds = time.perf_counter() - started
    result = build_report(
        irs, cells, records, level_list, side_list, policy, search, games, seed, changes, detect
    )
    result["timing"] = {
        "backend": backend,
        "workers": workers if backend == "local" else jobs,
        "seconds": round(seconds, 3),
        "games_per_second": round(len(job_list) / seconds, 3) if seconds > 0 else None,
    }
    _print_text(result)
    if output is not None:
        _write(result, Path(output))
    errors = sum(c["figures"]["errors"] for c in result["cells"])
    sys.exit(1 if errors else 0)


# What `-o` may name: the page (its figures written as JSON beside it), or the figures alone.
PAGE_SUFFIXES = (".html", ".htm")
JSON_SUFFIX = ".json"


def report_output(value: str | None) -> str | None:
    """`-o`'s name, refused at once unless it says what to write (checked before any game is played)."""
    if value is not None and Path(value).suffix.lower() not in (*PAGE_SUFFIXES, JSON_SUFFIX):
        raise click.BadParameter(
            f"'{value}': the file's name ends in .html (the page with plots, and its figures as JSON "
            "beside it) or .json (the figures only)",
            param_hint="-o",
        )
    return value


def written_files(output: str) -> list[Path]:
    """The files `-o output` writes: the JSON alone, or the page and the JSON beside it."""
    path = Path(output)
    if path.suffix.lower() == JSON_SUFFIX:
        return [path]
    return [path, path.with_suffix(JSON_SUFFIX)]


def _cells(
    irs: dict[str, dict[str, Any]], level_list: list[str], side_list: list[str], assignments: tuple[str, ...]
) -> tuple[list[runner.Cell], dict[str, dict[str, Any]]]:
    """A cell per ruleset, level and side, with the settings its games are played with (each ruleset
    must offer the levels and sides asked for)."""
    cells: list[runner.Cell] = []
    settings: dict[str, dict[str, Any]] = {}
    for key, ir in irs.items():
        _choices(ir, LEVEL_SETTING, level_list, "--levels")
        _choices(ir, SIDE_SETTING, side_list, "--sides")
        chosen = read_settings(ir, assignments)
        for name, option in ((LEVEL_SETTING, "--levels"), (SIDE_SETTING, "--sides")):
            if name in chosen:  # (each cell sets its own: a --set of it would be overridden unsaid)
                message = f"{name} is each cell's own: give it with {option}"
                raise click.BadParameter(message, param_hint="--set")
        for level in level_list:
            for side in side_list:
                cell = runner.Cell(key, level, side)
                cells.append(cell)
                settings[cell.key] = {**chosen, LEVEL_SETTING: level, SIDE_SETTING: side}
    return cells, settings


def _ready_to_play(output: str | None, backend: str, address: str | None) -> None:
    """Before the games: a run that cannot be written, drawn (no matplotlib) or sent (no Ray, or no Ray
    at the address) is not played."""
    if output is not None:
        check_output_file(output)
    if output is not None and Path(output).suffix.lower() != JSON_SUFFIX:
        from twilight.cli.balance import report as report_module

        try:
            report_module._figure(1, 1)
        except report_module.PlotsMissing as err:
            raise click.ClickException(str(err)) from None
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise click.ClickException(f"the ray backend needs Ray: {runner.RAY_INSTALL}") from None
        try:
            if address is not None:
                runner.check_address(address)
        except runner.RayUnreachable as err:
            raise click.ClickException(str(err)) from None


def build_report(
    irs: dict[str, dict[str, Any]],
    cells: list[runner.Cell],
    records: list[dict[str, Any]],
    levels: list[str],
    sides: list[str],
    policy: str,
    search: dict[str, Any],
    games: int,
    seed: int,
    changes: list[dict[str, Any]] | None = None,
    detect: float = 0.10,
) -> dict[str, Any]:
    """The figures of a run (everything but its timing), as written to the JSON. `changes`: what B
    changed against A (`twilight diff`'s changes, as JSON); `detect`: the change in the AI's win share
    each cell's run is sized for."""
    by_cell: dict[str, list[dict[str, Any]]] = {c.key: [] for c in cells}
    for r in records:
        by_cell[r["cell"]].append(r)
    out_cells = []
    for cell in cells:
        out_cells.append(
            {
                "ruleset": cell.ruleset,
                "ruleset_name": irs[cell.ruleset]["ruleset"]["name"],
                LEVEL: cell.level,
                AI_SIDE: cell.ai_side,
                "figures": figures.cell_figures(by_cell[cell.key], cell.ai_side),
            }
        )
        out_cells[-1]["figures"].update(figures.reach(out_cells[-1]["figures"], policy, search, detect))
    report: dict[str, Any] = {
        "run": {
            "games": games,
            "seed": seed,
            "policy": policy,
            "search": search,
            "levels": levels,
            "sides": sides,
            "detect": detect,
        },
        "rulesets": [{"key": k, "name": ir["ruleset"]["name"]} for k, ir in irs.items()],
        "cells": out_cells,
        "tests": {"proportions": stats.PROPORTION_TEST, "means": stats.MEAN_TEST},
        "levels": figures.levels_order(out_cells, levels, sides),
    }
    if len(irs) == 2:
        figures_of = {(c["ruleset"], c[LEVEL], c[AI_SIDE]): c["figures"] for c in out_cells}
        report["comparisons"] = [
            {
                LEVEL: level,
                AI_SIDE: side,
                **figures.compare(
                    figures_of[("a", level, side)],
                    figures_of[("b", level, side)],
                    by_cell[f"a/{level}/{side}"],
                    by_cell[f"b/{level}/{side}"],
                ),
                "paired": figures.paired_figures(
                    by_cell[f"a/{level}/{side}"], by_cell[f"b/{level}/{side}"], side, detect
                ),
            }
            for level in levels
            for side in sides
        ]
        compared = [(by_cell[f"a/{lv}/{sd}"], by_cell[f"b/{lv}/{sd}"]) for lv in levels for sd in sides]
        report["changes"] = paired.declaration_firings(changes or [], irs, compared)
    return report


def _print_text(report: dict[str, Any]) -> None:
    _print_cells(report)
    timing = report["timing"]
    click.echo(f"{timing['seconds']:.1f} s, {timing['games_per_second']} games/s ({timing['backend']})")


def _print_cells(report: dict[str, Any]) -> None:
    """Each cell's AI win rate, and each comparison's difference, one line each."""
    two = len(report["rulesets"]) == 2
    for cell in report["cells"]:
        f = cell["figures"]
        low, high = f["ai_win_interval"]
        rate = "-" if f["ai_win_rate"] is None else f"{100 * f['ai_win_rate']:.1f}%"
        name = f"{cell['ruleset_name']} " if two else ""
        click.echo(
            f"{name}{cell[LEVEL]:<12} AI {cell[AI_SIDE]:<5} AI wins {rate} "
            f"[{100 * low:.1f}%, {100 * high:.1f}%] of {f['completed']}; mean turn {f['mean_turn']}; "
            f"errors {f['errors']}"
        )
        if f.get("warning"):
            click.echo(f"  warning: {f['warning']['message']}")
        sources = f.get("vp_sources")
        if sources:
            totals = sources["totals"]
            click.echo(
                f"  VP towards the human ({sources['side']}), a game's mean: region scorings "
                f"{totals['scoring']:+.2f}, phases {totals['phase']:+.2f}, cards {totals['card']:+.2f}"
            )
    for c in report.get("comparisons", []):
        v = c["paired"]["ai_wins"]
        if v["difference"] is None:
            continue
        changed = c["paired"]["games_changed"]
        vp = c["paired"]["final_vp"]
        vp_text = (
            "" if vp["difference"] is None else f"; final VP {vp['difference']:+.2f} (p = {vp['p']:.4f})"
        )
        click.echo(
            f"B - A at {c[LEVEL]}, AI {c[AI_SIDE]}, {c['paired']['pairs']} games paired by seed: "
            f"AI win rate {100 * v['difference']:+.1f} points (McNemar p = {v['p']:.4f}, "
            f"{'significant' if v['significant'] else 'not significant'}){vp_text}; "
            f"games whose winner changed {changed['winner']}, final VP changed {changed['final_vp']}"
        )
    for d in report.get("changes", []):
        if not d["counted"]:
            click.echo(f"{d['kind']} {d['id']} ({d['change']}): {d['note']}")
            continue
        click.echo(
            f"{d['kind']} {d['id']} ({d['change']}): fired {d['a']['firings']} times in {d['a']['games']} "
            f"games under A, {d['b']['firings']} in {d['b']['games']} under B; of the "
            f"{d['games_fired_in_either']} games it fired in, {d['games_changed']} came out differently"
        )
    for row in report.get("levels", []):
        if not row["ordered"] or row["not_told_apart"]:
            apart = ", ".join(" and ".join(pair) for pair in row["not_told_apart"])
            click.echo(
                f"levels of {row['ruleset_name']}, AI {row[AI_SIDE]}: "
                + ("not in order of strength" if not row["ordered"] else "in order")
                + (f"; not told apart: {apart}" if apart else "")
            )


def _write(report: dict[str, Any], path: Path) -> None:
    """The JSON alone (`.json`), or the page and the JSON beside it; each file whole or not at all."""
    text = json.dumps(report, ensure_ascii=False, indent=1) + "\n"
    if path.suffix.lower() == JSON_SUFFIX:
        write_output_file(text, str(path))
        click.echo(f"wrote {path}")
        return
    from twilight.cli.balance.report import render

    write_output_file(render(report), str(path))
    beside = path.with_suffix(JSON_SUFFIX)
    write_output_file(text, str(beside))
    click.echo(f"wrote {path} and {beside}")
