"""`twilight replay --step`: a replayed log, one headline phase or action round at a time, forward and
back: the round's log lines, then our board after it (the tracks and the influence that changed) and the
divergences found there."""

from __future__ import annotations

from typing import Any

import click
from twilight.cli.replay.driver import ReplayResult, Snapshot
from twilight.cli.replay.log import MAX_LOG_BYTES
from twilight.cli.replay.report import ours_words, round_words
from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.runtime.core.sides import US, USSR


def step_through(text: Any, result: ReplayResult) -> None:
    shots = result.snapshots
    if not shots:
        click.echo(text.t("replay-step-empty"))
        return
    try:
        raw = read_bounded(result.log.path, MAX_LOG_BYTES)
        lines = raw.decode("utf-8-sig", errors="replace").splitlines()
    except (OSError, NotRegularFile, FileTooLarge):
        lines = []  # (changed since it was replayed: the steps are shown without their log lines)
    at = 0
    while True:
        show(text, shots, at, lines, result)
        try:
            answer = click.prompt(text.t("replay-step-prompt"), default="n", show_default=False)
        except (click.Abort, EOFError):
            return
        answer = answer.strip().lower()
        if answer in ("q", "quit", "в", "выход"):
            return
        if answer in ("p", "b", "back", "н", "назад"):
            at = max(0, at - 1)
        elif answer.isdigit():
            at = min(len(shots) - 1, max(0, int(answer) - 1))
        else:
            at = min(len(shots) - 1, at + 1)


def show(text: Any, shots: list[Snapshot], at: int, lines: list[str], result: ReplayResult) -> None:
    shot = shots[at]
    previous = shots[at - 1].state["influence"] if at else {}
    label = round_words(text, shot.segment) if shot.segment is not None else shot.label
    click.echo(text.t("replay-step-head", at=at + 1, count=len(shots), label=label))
    for number in range(shot.first_line, shot.last_line + 1):
        if 0 < number <= len(lines) and lines[number - 1].strip():
            click.echo(f"  {number:>5} | {lines[number - 1]}")
    state = shot.state
    click.echo(
        "  "
        + text.t(
            "replay-step-tracks",
            turn=state["turn"],
            defcon=state["defcon"],
            vp=state["vp"],
            us_milops=state["milops"][US],
            ussr_milops=state["milops"][USSR],
            us_space=state["space"][US],
            ussr_space=state["space"][USSR],
        )
    )
    # A country left with no influence is not in the board's list: it changed to [0][0]. In the order of
    # the names the player reads (the ids' order is another in Russian).
    now = state["influence"]
    empty = {US: 0, USSR: 0}
    changed = sorted(
        (
            f"{text.country(c)} [{now.get(c, empty)[US]}][{now.get(c, empty)[USSR]}]"
            for c in {*now, *previous}
            if previous.get(c, empty) != now.get(c, empty)
        ),
        key=str.casefold,
    )
    if changed:
        click.echo("  " + ", ".join(changed))
    for d in result.divergences:
        if shot.first_line <= d.line <= shot.last_line:
            ours = ours_words(text, d)
            click.echo("  " + text.t("replay-step-divergence", line=d.line, log=d.log, ours=ours))
