"""`twilight explain trace` names the question the solo AI answered in the third person, as `why` at the
game's prompt does: it quoted the question as put to the player ("answers the choice “Choose a card to
play this action round”"), which reads as said to the person reading the trace. Both now read the
question's `decision-<name>.asked` through one function (cli/explain/trace.py `asked_words`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import compiled_ir, run_cli
from twilight.cli.explain.trace import TraceExplainer, asked_words
from twilight.cli.localizer import Localizer

# Questions of the turn's sequence the solo AI may answer, each with an `.asked` of its own.
ASKED = ["action_card", "headline_card", "coup_target", "defuse_cuban_missile_crisis", "discard_held_cards"]
# The imperative of the question as put to the player, which the trace must not quote.
IMPERATIVE = {"en": "Choose", "ru": "Выберите"}


@pytest.fixture(scope="module")
def ir() -> dict[str, Any]:
    return compiled_ir("solo-v2")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", ASKED)
def test_the_trace_names_a_question_as_why_does(ir: dict[str, Any], lang: str, name: str) -> None:
    loc = Localizer.for_ruleset("solo-v2", lang)
    own = asked_words(loc, name)
    assert own, name
    words = TraceExplainer(loc, ir, "solo-v2").decision_words(name)
    assert words == own
    assert IMPERATIVE[lang] not in words


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_answer_in_a_trace_reads_in_the_third_person(tmp_path: Path, lang: str) -> None:
    """A trace whose AI answered the turn's question by default: the command's text quotes `.asked`."""
    events = [
        {"n": 1, "kind": "ai_answer", "decision": "action_card", "answered_by": "default", "side": "ussr"},
    ]
    events[0].update({"turn": 1, "round": 1})
    trace = tmp_path / "trace.jsonl"
    trace.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    code, out = run_cli(["explain", "trace", str(trace), "--all", "--lang", lang])
    assert code == 0, out
    own = asked_words(Localizer.for_ruleset("solo-v2", lang), "action_card")
    assert own and own in out, out
    assert IMPERATIVE[lang] not in out, out
