"""Audit 2: decisions the solo AI used to answer "by default" (the first option offered, no rule of its own)
now have a reasoned answer, and its trace and `why` say so. Each scenario below once traced an `ai_answer`
with `answered_by: default` for the decision named (How I Learned's DEFCON level 1, the card's first
country for Brush War, Truman Doctrine and Cuban Missile Crisis, "influence" for the operations an event
grants, Junta's lone "decline"); none may any more, and `why` tells the AI's last move without the words of
a default answer, in English and Russian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from twilight.cli.explain.trace import group_moves
from twilight.cli.session.text import PlayText
from twilight.cli.session.why import PlayerExplainer
from twilight.harness.scenario import Scenario

from tests.helpers import compiled_ir

SCENARIOS = Path(__file__).parent / "scenarios" / "solo-v2"

# scenario file -> the decision it once answered by default (or the rule key its trace now holds)
CASES = {
    "audit2_ai_046_how_i_learned_headline_fewest_ops_keeps_defcon.yaml": "how_i_learned_defcon",
    "audit2_ai_036_brush_war_headline_fewest_ops_attacks_your_influence.yaml": "brush_war_target",
    "audit2_ai_040_cuban_missile_crisis_headline_removes_where_you_control.yaml": (
        "cuban_missile_crisis_solo_headline"
    ),
    "audit2_ai_019_truman_doctrine_key_country_first.yaml": "truman_doctrine_solo_country",
    "audit2_ai_089_kal_007_operations_by_the_ai_priorities.yaml": "operations",
    "audit2_ai_090_glasnost_reformer_operations_by_the_ai_priorities.yaml": "operations",
    "audit2_ai_057_abm_treaty_headline_fewest_ops_operations_by_the_ai.yaml": "operations",
    "audit2_ai_049_missile_envy_headline_fewest_ops_your_event_for_ops.yaml": "operations",
    "appendix_047_junta_round_control_event.yaml": "junta_follow_up",
}


def _run(name: str) -> Scenario:
    scenario = Scenario(SCENARIOS / name)
    scenario.load()
    scenario.build(None)
    scenario.run_steps()
    assert scenario.engine is not None
    return scenario


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_default_answer(name: str) -> None:
    scenario = _run(name)
    assert scenario.engine is not None
    events = scenario.engine.events[scenario.steps_begin :]
    defaults = [e for e in events if e["kind"] == "ai_answer" and e.get("answered_by") == "default"]
    assert defaults == [], defaults


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_why_reads_no_default(name: str, lang: str) -> None:
    scenario = _run(name)
    assert scenario.engine is not None
    ir = compiled_ir("solo-v2")
    loc = PlayText("solo-v2", lang, ir).loc
    moves = group_moves(scenario.engine.events)
    assert moves, name
    explainer = PlayerExplainer(loc, ir, "solo-v2")
    text = "\n".join(explainer.render(explainer.move(len(moves), moves[-1])))
    # What every default answer says in the middle: "no list of the AI answers this choice".
    said = loc.get("play-why-default-first", decision="D", answer="A", count=1) or ""
    fragment = re.split(r"[:—]", said)[-1].split(",")[0].strip()
    assert len(fragment) > 20, said
    assert fragment not in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_how_i_learned_why_says_defcon_left(lang: str) -> None:
    """The AI's headline of How I Learned to Stop Worrying ends with its reason for the DEFCON level."""
    scenario = _run("audit2_ai_046_how_i_learned_headline_fewest_ops_keeps_defcon.yaml")
    assert scenario.engine is not None
    ir = compiled_ir("solo-v2")
    loc = PlayText("solo-v2", lang, ir).loc
    moves = group_moves(scenario.engine.events)
    explainer = PlayerExplainer(loc, ir, "solo-v2")
    text = "\n".join(explainer.render(explainer.move(len(moves), moves[-1])))
    rule = loc.get("ai-rule-defcon_left_as_is")
    assert rule and rule[-40:] in text, text
    assert "DEFCON 1" not in text.replace(rule, "")
