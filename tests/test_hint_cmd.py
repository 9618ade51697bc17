"""`twilight hint SAVE`: the search's advice on the question a saved game stopped at, in the save's
language or as JSON; the save only read; clear messages for what is no save."""

from __future__ import annotations

import json
import re
from pathlib import Path

from board_saves import write_save
from click.testing import CliRunner
from twilight.cli.main import cli


def _hint(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["hint", *args], catch_exceptions=False)
    return result.exit_code, result.output


def test_the_advice_on_a_saved_question_as_json_and_in_both_languages(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    write_save("solo-v2", save, seed=11, turn=2, round_=2)
    before = save.read_bytes()
    code, out = _hint(str(save), "--json", "--budget-ms", "600")
    assert code == 0, out
    advice = json.loads(out)
    assert advice["question"] and advice["side"] in ("us", "ussr")
    answers = advice["answers"]
    assert len(answers) >= 2 and advice["playouts"] >= len(answers)
    scores = [a["score"] for a in answers]
    assert scores == sorted(scores, reverse=True)
    for a in answers:
        low, high = a["interval"]
        assert low <= a["score"] <= high and a["playouts"] >= 1
    assert answers[0]["tied_with_best"]  # (the best is tied with itself)
    assert advice["why"]["cause"] in ("tie", "lost", "won", "vp_gain", "region_gain", "score")
    assert answers[0]["words"] in advice["why"]["line"]
    code, text = _hint(str(save), "--budget-ms", "300")
    assert code == 0 and text.startswith("Hint from the search:") and re.search(r"^1\. ", text, re.M)
    code, russian = _hint(str(save), "--budget-ms", "300", "--lang", "ru")
    assert code == 0 and russian.startswith("Подсказка поиска:") and "оценка" in russian
    assert save.read_bytes() == before  # only read


def test_a_point_of_influence_is_advised_as_whole_plans_in_json(tmp_path: Path) -> None:
    """At a saved point of influence, each answer is a plan for the card's points: the country its first
    point goes to (the answer to give now) and the influence it adds in each country, all of them open."""
    save = tmp_path / "game.json"
    write_save("solo-v2", save, seed=11, turn=2, round_=2, question="influence_target")
    code, out = _hint(str(save), "--json", "--budget-ms", "600")
    assert code == 0, out
    advice = json.loads(out)
    assert advice["question"] == "influence_target"
    answers = advice["answers"]
    assert len(answers) >= 2
    state = json.loads(save.read_text(encoding="utf-8"))["state"]
    for a in answers:
        plan = a["plan"]
        assert plan and all(p["influence"] >= 1 and p["country"] in state["influence"] for p in plan)
        assert a["answer"] == plan[0]["country"]  # (the plan's points in the order it places them)
        assert a["words"].count(" +") == len(plan)  # (each country by name, with the influence it gets)
    assert len({json.dumps(a["plan"]) for a in answers}) == len(answers)  # (each plan a board of its own)


def test_what_is_no_save_gets_a_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    for given in (str(broken), str(tmp_path / "missing.json")):
        code, out = _hint(given)
        assert code == 1 and out.startswith("error: ") and "Traceback" not in out


def test_a_save_with_settings_its_ruleset_lacks_gets_a_message(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    write_save("solo-v2", save, seed=11, turn=2)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["settings"]["ai_side"] = "x"
    save.write_text(json.dumps(data), encoding="utf-8")
    code, out = _hint(str(save))
    assert code == 1 and "settings.ai_side: one of us, ussr is expected, got 'x'" in out
    result = CliRunner().invoke(cli, ["board", str(save), "-o", str(tmp_path / "b.svg")])
    assert result.exit_code == 1 and "settings.ai_side" in result.output and "internal" not in result.output
