"""`twilight hint SAVE`: what the search would answer to the question a saved game stopped at, with each
answer's score, its interval and playouts, and one line of why; in the save's language or as JSON.

The save's answers are replayed up to its question (as `twilight board` does), and the playouts run on
copies of the game made there: the save is only read. The search sees what the player sees (the cards
the player cannot see are dealt anew in each playout)."""

from __future__ import annotations

import dataclasses
import json
import sys
from typing import Any

import click
from twilight.cli.localizer import LANGUAGES
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option

DEFAULT_BUDGET_MS = 3000.0
# The line when every answer loses at once, by whether the question is how a card is played, and when
# they lose by other reasons than nuclear war alone (the game's own say undo takes the last answer back:
# there is no undo here).
HINT_WAR_ALL = {False: "hint-war-all", True: "hint-war-all-mode"}
HINT_LOSE_ALL = "hint-lose-all"


@click.command()
@click.argument("save")
@click.option(
    "--budget-ms",
    type=click.FloatRange(min=50, max=600_000),
    default=DEFAULT_BUDGET_MS,
    show_default=True,
    help="Wall-clock milliseconds the playouts may take (more playouts, narrower intervals).",
)
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language (default: the save's).")
@click.option("--json", "as_json", is_flag=True, help="Print the advice as JSON.")
@click.option(
    "--ruleset",
    default=None,
    help="The ruleset (a name or a folder) of a save whose ruleset is not installed (a variant's folder).",
)
@rules_path_option(FOUND_TOO.replace("a name", "the name --ruleset gives"))
def hint(
    save: str,
    budget_ms: float,
    lang: str | None,
    as_json: bool,
    ruleset: str | None,
    rules_paths: tuple[str, ...],
) -> None:
    """What the search would answer to a saved game's question: the best answers with their scores,
    intervals and playouts, and one line of why (or JSON).

    SAVE is a file, or a name `twilight saves` lists. Each answer's score is 100 for a win and 0 for a
    loss, with its 95% interval and the playouts behind it; answers whose intervals overlap the best
    one's are said to be tied with it."""
    from twilight.cli.board.cmd import compiler_in
    from twilight.cli.board.game import BoardError, find_save, save_state
    from twilight.cli.explain.errors import EMPTY_RULESET, EMPTY_SAVE, error_line, refuse_empty
    from twilight.cli.session.hint import (
        MAX_CANDIDATES,
        advice_json,
        advice_lines,
        heuristic_answer,
        heuristic_lines,
        heuristic_opponent,
        hint_seed,
        losing_found,
        losing_lines,
        opponent_lines,
    )
    from twilight.cli.session.text import PlayText
    from twilight.cli.versions import search_rules_in
    from twilight.runtime.players.search import SearchPlayer

    refuse_empty(save, EMPTY_SAVE, "SAVE", lang)
    refuse_empty(ruleset, EMPTY_RULESET, "--ruleset", lang)
    search_rules_in(rules_paths)
    found: dict[str, Any] = {}

    def at_question(engine: Any, decision: Any) -> None:
        # (as the game's own hint, by the same finding: the answers that lose at once are said, with the
        # reasons they lose by, and the others weighed)
        losing, by_opponent, reasons = losing_found(engine, decision)
        weighed = [o for o in decision.options if o not in losing]
        found.update(decision=decision, losing=losing, by_opponent=by_opponent, reasons=reasons, advice=None)
        if weighed and len(weighed) < len(decision.options) and len(weighed) > 1:
            decision = dataclasses.replace(decision, options=weighed)
        if len(weighed) > 1 or not losing:
            search = SearchPlayer(hint_seed(engine), max_candidates=MAX_CANDIDATES, most_plans=MAX_CANDIDATES)
            search.engine = engine
            found.update(advice=search.advise(decision, budget_ms), horizon=search.horizon)
            found.update(greedy=heuristic_opponent(engine, decision.side))
            if found["advice"] is None:  # (the quick heuristic's answer, as the game's hint gives it)
                found.update(heuristic=heuristic_answer(engine, decision))

    try:
        ir, _state, data = save_state(
            find_save(save), compiler_in(rules_paths), ruleset, at_question, rules_paths
        )
    except BoardError as err:
        # (in the language asked for, else the save's, as `twilight play` and `explain` say theirs)
        click.echo(error_line(err, lang), err=True)
        sys.exit(1)
    lang = lang or (data["play"].get("lang") if data["play"].get("lang") in LANGUAGES else "en")
    text = PlayText(ir["ruleset"]["name"], lang or "en", ir)
    if "decision" not in found:
        _say(text.t("hint-no-question"), as_json, {"question": None, "answers": [], "why": None})
        return
    decision, advice, losing = found["decision"], found["advice"], found["losing"]
    war, weighed = losing_lines(
        text, decision, losing, HINT_WAR_ALL, found["by_opponent"], found["reasons"], HINT_LOSE_ALL
    )
    war_data = {"loses_at_once": [_answer_id(o) for o in losing]}
    if advice is None:
        line = "\n".join(war) if war and len(decision.options) - len(losing) < 2 else ""
        heuristic, answer = found.get("heuristic", (False, None))
        if not line:
            said, _picks = heuristic_lines(text, weighed, heuristic, answer, bool(war))
            line = "\n".join([*war, *said])
        data = {"question": decision.name, "answers": [], "why": None, **war_data}
        _say(line, as_json, {**data, "heuristic": answer if heuristic else None})
        return
    if as_json:
        data = {**advice_json(text, decision, advice, found["horizon"]), **war_data}
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    for line in [*war, *advice_lines(text, advice, found["horizon"]), *opponent_lines(text, found["greedy"])]:
        click.echo(line)


def _answer_id(option: Any) -> Any:
    """An answer as JSON holds it (the option itself: a country's or a card's id)."""
    return option if isinstance(option, (str, int)) else str(option)


def _say(line: str, as_json: bool, data: dict[str, Any]) -> None:
    click.echo(json.dumps({**data, "message": line}, ensure_ascii=False) if as_json else line)
