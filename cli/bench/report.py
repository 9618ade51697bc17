"""The targets of `twilight bench` (benchmarks/targets.yaml) and its report: a table of every figure with
its target, or one JSON object."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from twilight.runtime.core import registry

BOUNDS = {"at_least": ">=", "at_most": "<="}
# A one-minute load average from this up, before the bench starts, means other processes want the CPUs.
BUSY_LOAD = 1.0


class TargetsError(Exception):
    """A targets file that cannot be used; the message names the file and what is wrong."""


def default_targets_path() -> Path:
    """benchmarks/targets.yaml of the source tree twilight runs from."""
    return Path(__file__).resolve().parent.parent.parent / "benchmarks" / "targets.yaml"


def load_targets(path: Path) -> list[dict[str, Any]]:
    """Each target: name, the dotted path of its figure in the bench's JSON, and one bound."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise TargetsError(f"{path}: cannot read it: {err.strerror or err}") from None
    except yaml.YAMLError as err:
        raise TargetsError(f"{path}: not YAML: {str(err).splitlines()[0]}") from None
    if not isinstance(data, dict):
        raise TargetsError(f"{path}: expected a mapping of target names to targets")
    targets = []
    for name, spec in data.items():
        where = f"{path}: target {name!r}"
        if not isinstance(spec, dict) or not isinstance(spec.get("figure"), str):
            raise TargetsError(f"{where}: wants `figure:` (a dotted path into `twilight bench --json`)")
        bounds = [key for key in BOUNDS if key in spec]
        if len(bounds) != 1:
            raise TargetsError(f"{where}: wants exactly one of at_least, at_most")
        bound = spec[bounds[0]]
        if isinstance(bound, bool) or not isinstance(bound, (int, float)):
            raise TargetsError(f"{where}: {bounds[0]} must be a number, not {bound!r}")
        unknown = set(spec) - {"figure", "says", *BOUNDS}
        if unknown:
            raise TargetsError(
                f"{where}: unknown key {sorted(unknown)[0]!r} (figure, at_least, at_most, says)"
            )
        targets.append(
            {"name": str(name), "figure": spec["figure"], bounds[0]: bound, "says": spec.get("says", "")}
        )
    return targets


def figure_at(result: dict[str, Any], dotted: str) -> Any:
    """The figure at a dotted path (`games.solo-v2.games_per_second`), or None when it was not measured."""
    value: Any = result
    for part in dotted.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def judge(targets: list[dict[str, Any]], result: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target with the figure measured and whether it is met (None: not measured in this run)."""
    judged = []
    for target in targets:
        value = figure_at(result, target["figure"])
        met: bool | None = None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            met = value >= target["at_least"] if "at_least" in target else value <= target["at_most"]
        judged.append({**target, "value": value, "met": met})
    return judged


def unit(dotted: str) -> str:
    """The unit of a figure, read from its name."""
    last = dotted.rsplit(".", 1)[-1]
    for suffix, name in (
        ("playouts_per_cpu_second", " playouts/CPU-s"),
        ("_us_median", " µs"),
        ("_us_p90", " µs"),
        ("_us_per_card", " µs"),
        ("_ms_per_ten_turn_game", " ms"),
        ("_ms", " ms"),
        ("_s", " s"),
        ("_mb", " MB"),
        ("per_second", " games/s"),
        ("per_cpu_second", " games/CPU-s"),
    ):
        if last.endswith(suffix):
            return name
    return "x" if last == "speedup" else ""


def bound_text(target: dict[str, Any]) -> str:
    key = "at_least" if "at_least" in target else "at_most"
    return f"{BOUNDS[key]} {target[key]:g}{unit(target['figure'])}"


# ---------------------------------------------------------------------- the table
def _num(value: float | None, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}"


def rows(result: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(section, figure, value, dotted path) for every figure of a run, in reading order."""
    out: list[tuple[str, str, str, str]] = []
    comp = result.get("compile")
    if comp:
        runs = comp["runs"]
        section = f"compile (fresh process, best of {runs})"
        for name, fig in comp["rulesets"].items():
            cpu = f" ({_num(fig.get('cold_cpu_s'), 3)} s CPU)"
            out.append((section, f"{name}: cold compile", f"{_num(fig['cold_s'], 3)} s{cpu}", ""))
        out.append(
            (
                section,
                "all rulesets in one process: cold",
                f"{_num(comp['cold_all_s'], 3)} s",
                "compile.cold_all_s",
            )
        )
        out.append(
            (
                section,
                "all rulesets in one process: cold, CPU",
                f"{_num(comp.get('cold_all_cpu_s'), 3)} s",
                "compile.cold_all_cpu_s",
            )
        )
        each = f"{_num(comp['cold_each_sum_s'], 3)} s"
        out.append((section, "each in its own process, added up", each, ""))
        for name, fig in comp["rulesets"].items():
            out.append((section, f"{name}: warm load (cached IR)", f"{_num(fig['warm_s'], 3)} s", ""))
        out.append((section, "import of the compiler (median)", f"{_num(comp['import_s'], 3)} s", ""))
    for name, fig in result.get("games", {}).items():
        ai = fig[registry.AI_SIDE.name]
        who = f"AI ({ai}) vs random" if ai else "random vs random"
        out.append(
            (
                "games on one core (as twilight simulate)",
                f"{name}: {who}",
                f"{_num(fig['games_per_second'])} games/s ({fig['games']} in {_num(fig['seconds'], 1)} s)",
                f"games.{name}.games_per_second",
            )
        )
        out.append(
            (
                "games on one core (as twilight simulate)",
                f"{name}: per CPU-second",
                f"{_num(fig['games_per_cpu_second'])} games/s ({_num(fig['cpu_seconds'], 1)} s of CPU)",
                f"games.{name}.games_per_cpu_second",
            )
        )
        out += _per_game_rows("games on one core (as twilight simulate)", name, fig.get("per_game"), "games")
    for name, fig in result.get("ai_latency", {}).items():
        section = f"AI decisions: {name}, {fig['games']} games"
        out.append((section, "decisions timed", str(fig["decisions"]), ""))
        for key in ("median", "p90", "p99", "max"):
            out.append(
                (section, f"AI decision {key}", f"{_num(fig[key + '_ms'])} ms", f"ai_latency.{name}.{key}_ms")
            )
            cpu = f"cpu_{key}_ms"
            out.append(
                (section, f"AI decision {key}, CPU", f"{_num(fig.get(cpu))} ms", f"ai_latency.{name}.{cpu}")
            )
        wait = fig["human_wait"]
        for key in ("median", "p99", "max"):
            out.append((section, f"human's wait {key}", f"{_num(wait[key + '_ms'])} ms", ""))
    for name, fig in result.get("cautious", {}).items():
        out += _per_game_rows(f"{name}: the AI against the cautious policy", name, fig, "cautious")
    mem = result.get("memory")
    if mem:
        section = "memory (peak RSS)"
        out.append(
            (section, "parent (twilight bench) at start", f"{_num(mem['parent_baseline_rss_mb'], 1)} MB", "")
        )
        for name, fig in mem["rulesets"].items():
            out.append(
                (
                    section,
                    f"{name}: IR loaded, before the games",
                    f"{_num(fig['after_load_rss_mb'], 1)} MB",
                    "",
                )
            )
            out.append(
                (section, f"{name}: {fig['games']} games played", f"{_num(fig['peak_rss_mb'], 1)} MB", "")
            )
    for name, fig in result.get("jobs", {}).items():
        section = f"--jobs 2: {name}, {fig['games']} games"
        out.append((section, "--jobs 1", f"{_num(fig['jobs1_games_per_second'])} games/s", ""))
        out.append((section, "--jobs 2", f"{_num(fig['jobs2_games_per_second'])} games/s", ""))
        out.append((section, "speed-up", f"{_num(fig['speedup'])}x", f"jobs.{name}.speedup"))
        out.append((section, "records identical", "yes" if fig["records_identical"] else "NO", ""))
    play = result.get("play")
    if play:
        runs = f"{play['runs']} run{'s' * (play['runs'] != 1)}"
        section = f"twilight play to its first prompt ({runs})"
        out.append((section, "best", f"{_num(play['best_s'], 3)} s", "play.best_s"))
        out.append((section, "median", f"{_num(play['median_s'], 3)} s", "play.median_s"))
    web = result.get("web")
    if web:
        section = f"twilight serve: a click to the updated page ({web['count']} clicks)"
        out.append((section, "median", f"{_num(web['median_ms'], 1)} ms", "web.median_ms"))
        out.append((section, "p99", f"{_num(web['p99_ms'], 1)} ms", "web.p99_ms"))
    hint = result.get("hint")
    if hint:
        section = f"twilight play: hint, the search's best answers ({hint['count']} hints)"
        for stat in ("median", "p99"):
            out.append(
                (section, f"wall {stat}", f"{_num(hint[f'wall_{stat}_ms'], 1)} ms", f"hint.wall_{stat}_ms")
            )
            out.append(
                (section, f"CPU {stat}", f"{_num(hint[f'cpu_{stat}_ms'], 1)} ms", f"hint.cpu_{stat}_ms")
            )
    copies = result.get("copies")
    if copies:
        section = "a game copied at a decision (Engine.clone), mid-game solo-v2"
        fig = copies["engine"]
        for stat in ("median", "p90"):
            out.append(
                (
                    section,
                    f"CPU {stat} ({fig['count']} decisions)",
                    f"{_num(fig[f'cpu_us_{stat}'], 1)} µs",
                    f"copies.engine.cpu_us_{stat}",
                )
            )
    search = result.get("search")
    if search:
        section = f"the search policy, default budget ({search['decisions']} decisions searched)"
        out.append((section, "playouts", str(search["playouts"]), ""))
        out.append(
            (
                section,
                "playouts per CPU-second",
                f"{_num(search['playouts_per_cpu_second'], 1)}",
                "search.playouts_per_cpu_second",
            )
        )
    return out


def _per_game_rows(
    section: str, name: str, fig: dict[str, Any] | None, where: str
) -> list[tuple[str, str, str, str]]:
    """The figures of a run that timed each game's CPU (cmd.measure_per_game)."""
    if not fig:
        return []
    path = f"{where}.{name}" if where == "cautious" else f"games.{name}.per_game"
    long_games = f"{fig['ten_turn_games']} of {fig['games']} games"
    return [
        (
            section,
            f"{name}: CPU per card played ({fig['players']})",
            f"{_num(fig['cpu_us_per_card'], 1)} µs ({fig['cards_played']} cards)",
            f"{path}.cpu_us_per_card",
        ),
        (
            section,
            f"{name}: CPU per game reaching turn 10 ({fig['players']})",
            f"{_num(fig['cpu_ms_per_ten_turn_game'], 1)} ms ({long_games})",
            f"{path}.cpu_ms_per_ten_turn_game",
        ),
    ]


def print_table(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    by_figure: dict[str, list[dict[str, Any]]] = {}
    for target in result["targets"]:
        by_figure.setdefault(target["figure"], []).append(target)
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    table.add_column("")
    section = None
    for where, label, value, path in rows(result):
        if where != section:
            section = where
            table.add_row(f"[bold]{where}[/bold]", "", "", "", end_section=False)
        for target in by_figure.pop(path, [None]) if path else [None]:
            if target is None:
                table.add_row(f"  {label}", value, "", "")
                continue
            state = "[green]met[/green]" if target["met"] else "[red]missed[/red]"
            table.add_row(f"  {label}", value, bound_text(target), state)
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 110)  # a file or a pipe: no wrapped labels
    console.print(table)
    left = [t for targets in by_figure.values() for t in targets]
    for target in left:  # targets whose figure this run did not print (another --ruleset, or a typo)
        value = target["value"]
        state = "not measured" if target["met"] is None else ("met" if target["met"] else "missed")
        console.print(f"target {target['name']} ({target['figure']} {bound_text(target)}): {value} {state}")
    machine = result["machine"]
    console.print(
        f"machine: {machine['cpu_count']} CPUs, {machine['implementation']} {machine['python']}, "
        f"{machine['platform']}"
    )
    start, end = machine["load_average_start"], machine["load_average_end"]
    if start is not None and end is not None:
        busy = start >= BUSY_LOAD
        note = ": other work shared the CPUs, figures are lower than on an idle machine" if busy else ""
        console.print(f"load average: {start:g} at the start, {end:g} at the end{note}")
    commit = result["commit"] or "unknown"
    dirty = " (with uncommitted changes)" if result.get("dirty") else ""
    console.print(f"commit: {commit}{dirty}")
    judged = [t for t in result["targets"] if t["met"] is not None]
    if judged:
        met = sum(1 for t in judged if t["met"])
        console.print(f"targets met: {met} of {len(judged)}")
