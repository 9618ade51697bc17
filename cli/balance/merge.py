"""`twilight balance-report`: one report from the figures of several `twilight balance` runs, such as the
cells of one sweep played on different machines or on different days (each run's JSON)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from twilight.cli.balance.cmd import report_output, written_files
from twilight.cli.balance.figures import levels_order
from twilight.cli.balance.keys import AI_SIDE, LEVEL
from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.common.input_bounds import InputRefused, parse_json

# What the runs must share for their cells to stand in one report: the same games, seeds and player.
SHARED = ("games", "seed", "policy", "search")


class MergeError(Exception):
    """The runs cannot be put in one report; the message says why."""


def merge(reports: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The runs' cells (and comparisons) in one report, in the order the runs are given. The runs must
    share `SHARED` and their rulesets; a cell measured twice is refused (which one would count?)."""
    first_name, first = reports[0]
    merged: dict[str, Any] = {
        "run": {**first["run"], "levels": [], "sides": []},
        "rulesets": first["rulesets"],
        "cells": [],
        "tests": first["tests"],
        "merged_from": [],
    }
    if "comparisons" in first:
        merged["comparisons"] = []
    seen: dict[tuple[str, str, str], str] = {}
    for name, report in reports:
        for key in SHARED:
            if report["run"].get(key) != first["run"].get(key):
                raise MergeError(
                    f"{name}: its {key} ({report['run'].get(key)}) is not {first_name}'s "
                    f"({first['run'].get(key)}); only runs of the same games and player make one report"
                )
        if [r["name"] for r in report["rulesets"]] != [r["name"] for r in first["rulesets"]]:
            raise MergeError(f"{name}: other rulesets than {first_name}'s")
        for cell in report["cells"]:
            where = (cell["ruleset"], cell[LEVEL], cell[AI_SIDE])
            if where in seen:
                raise MergeError(
                    f"{name}: {cell['ruleset_name']} at {cell[LEVEL]} with the AI as {cell[AI_SIDE]} is "
                    f"in {seen[where]} too"
                )
            seen[where] = name
            merged["cells"].append(cell)
        for axis, values in (("levels", report["run"]["levels"]), ("sides", report["run"]["sides"])):
            merged["run"][axis] += [v for v in values if v not in merged["run"][axis]]
        merged["comparisons"] = merged.get("comparisons", []) + report.get("comparisons", [])
        timing = report.get("timing") or {}
        merged["merged_from"].append({"file": name, "cells": len(report["cells"]), **timing})
    if not merged["comparisons"]:
        merged.pop("comparisons")
    # cells by ruleset, level and side (in the order the runs list them), as one run would order them
    levels, sides = merged["run"]["levels"], merged["run"]["sides"]
    merged["cells"].sort(key=lambda c: (c["ruleset"], levels.index(c[LEVEL]), sides.index(c[AI_SIDE])))
    merged["levels"] = levels_order(merged["cells"], levels, sides)
    changes = [r["changes"] for _, r in reports if "changes" in r]
    if changes:
        merged["changes"] = _summed(changes)
    return merged


def _summed(runs: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The runs' counts of what B changed, added up declaration by declaration (each run counted its own
    games)."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for changes in runs:
        for change in changes:
            key = (change["kind"], change["id"])
            if key not in out:
                out[key] = json.loads(json.dumps(change))  # (a copy of its own, added to)
                continue
            _add(out[key], change)
    return list(out.values())


def _add(total: dict[str, Any], more: dict[str, Any]) -> None:
    for name, value in more.items():
        if isinstance(value, bool) or name not in total:
            continue
        if isinstance(value, int):
            total[name] += value
        elif isinstance(value, dict):
            _add(total[name], value)


# The largest run read: a run's figures are sums and counts per cell (a few kB), its failed games listed
# with their errors at most; far below this. /dev/zero named as a run once filled the memory.
MAX_RUN_BYTES = 256 * 2**20


def _read(path: str) -> dict[str, Any]:
    try:
        # (only a regular file, read up to the bound: a FIFO once waited for a writer for ever)
        data = parse_json(read_bounded(path, MAX_RUN_BYTES).decode("utf-8"))
    except NotRegularFile:
        raise MergeError(
            f"{path}: cannot read it: not a regular file (a folder, a device or a pipe)"
        ) from None
    except FileTooLarge:
        raise MergeError(f"{path}: larger than {MAX_RUN_BYTES // 2**20} MiB: not the JSON of a run") from None
    except OSError as err:
        raise MergeError(f"{path}: cannot read it: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise MergeError(f"{path}: not JSON ({err})") from None
    except InputRefused as err:  # (not JSON, or JSON no run writes: nested thousands deep, say)
        raise MergeError(f"{path}: not JSON of a run ({err})") from None
    if not isinstance(data, dict) or not all(k in data for k in ("run", "rulesets", "cells")):
        raise MergeError(f"{path}: not the JSON of a twilight balance run")
    return data


def _not_over_a_run(output: str, runs: tuple[str, ...]) -> None:
    """The report (or the JSON written beside its page) must not replace a run it reads: those figures
    would be lost."""
    read = {Path(run).resolve(): run for run in runs}
    for written in written_files(output):
        run = read.get(written.resolve())
        if run is not None:
            raise MergeError(
                f"{written} would overwrite {run}, a run this report reads: give -o another name"
            )


@click.command("balance-report")
@click.argument("runs", nargs=-1, required=True, metavar="RUN.json...")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    callback=lambda _ctx, _param, value: report_output(value),
    help="report.html: the page with plots, and the figures as JSON beside it; report.json: the figures.",
)
def balance_report(runs: tuple[str, ...], output: str) -> None:
    """One report from the figures of several balance runs (the JSON each wrote), such as the cells of one
    sweep played on different machines or days: the same games, seed and player in each."""
    from twilight.cli.balance.cmd import _print_cells, _write
    from twilight.cli.balance.report import PlotsMissing

    try:
        _not_over_a_run(output, runs)
        report = merge([(path, _read(path)) for path in runs])
    except MergeError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)
    _print_cells(report)
    try:
        _write(report, Path(output))
    except PlotsMissing as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)
