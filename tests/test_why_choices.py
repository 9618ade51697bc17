"""`why` counts the AI's choices in a move as the choices it made: a priority list none of whose options
offered anything is told (the AI went on to its next step) but is no choice ("Its 4 choices" for a card
of 4 operations, not 5)."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.session.text import PlayText
from twilight.cli.session.why import PlayerExplainer

from tests.helpers import compiled_ir


def _view(made: int, nothing: int) -> dict[str, Any]:
    steps = [{"type": "choice", "option": 1, "text": [f"choice {i}"]} for i in range(made)]
    steps += [{"type": "choice", "option": None, "text": ["nothing offered"]} for _ in range(nothing)]
    return {"title": "AI move 3", "state": [], "card": None, "steps": steps}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_list_that_offered_nothing_is_no_choice(lang: str) -> None:
    ir = compiled_ir("solo-v2")
    explainer = PlayerExplainer(PlayText("solo-v2", lang, ir).loc, ir, "solo-v2")
    lines = explainer.render(_view(4, 1))
    heading = lines[1].strip()
    assert "4" in heading and "5" not in heading, lines
    assert any("nothing offered" in line for line in lines)  # still told
    # and the count of the next move is its own
    assert "2" in explainer.render(_view(2, 0))[1]
