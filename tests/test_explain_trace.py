"""`twilight explain trace`: the solo AI's reasons, read back from a real trace, in English and Russian."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import compiled_ir, run_cli
from twilight.cli.explain.trace import TraceExplainer, group_moves, read_trace
from twilight.cli.localizer import Localizer
from twilight.harness.scenario import Scenario

SCENARIO = (
    Path(__file__).parent / "scenarios" / "solo-v2" / "ai_influence_priority_restarts_after_each_point.yaml"
)


@pytest.fixture(scope="module")
def ir() -> dict[str, Any]:
    return compiled_ir("solo-v2")


@pytest.fixture(scope="module")
def scenario_trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The trace of the scenario where the AI places 3 points: Haiti (option 0, the table broke the tie
    with Nicaragua), Cuba (option 2), Nicaragua (option 9)."""
    scenario = Scenario(SCENARIO)
    scenario.load()
    scenario.build()
    assert scenario.run_steps() is None
    assert scenario.check(None) == []
    assert scenario.engine is not None
    path = tmp_path_factory.mktemp("trace") / "scenario.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in scenario.engine.events), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def game_trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("game")
    code, out = run_cli(
        [
            *("simulate", "--ruleset", "solo-v2", "--games", "1", "--human-policy", "random"),
            *("--seed", "3", "--trace-dir", str(folder)),
        ]
    )
    assert code == 0, out
    return folder / "game-00000.jsonl"


def explain(*args: str) -> tuple[int, str]:
    return run_cli(["explain", "trace", *args])


def as_json(*args: str) -> dict[str, Any]:
    code, out = explain(*args, "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def test_the_last_move_names_options_and_tie_breaks_in_english(scenario_trace: Path) -> None:
    code, out = explain(str(scenario_trace))
    assert code == 0, out
    assert "Duck and Cover" in out
    assert "your event: it happens for you first, then the AI spends the ops" in out
    # The scoring-round coup list offered nothing; then three points of the placement priority.
    assert "coup of a scoring round (P3.4): no option offered anything" in out
    assert "option 0, a non-Key country to minimal control, when that gives the AI Domination" in out
    assert "→ Haiti, of 2 candidates" in out
    assert "tie broken by the Region/Country Priority Table (provisional: P4)" in out
    assert "option 2, one point more in a Key country the AI holds at minimal control" in out
    assert "→ Cuba, of 1 candidate" in out
    assert "option 9, any non-Key country" in out
    assert "non_key_any" not in out  # the option's words, not its id
    assert "→ Nicaragua" in out
    assert out.count("the only candidate: no tie to break") == 2
    assert "source: AI priorities · AI influence placement priority" in out  # in English
    # The order of the lines follows the trace: Haiti, then Cuba, then Nicaragua.
    assert out.index("Haiti") < out.index("Cuba") < out.index("Nicaragua")


def test_russian(scenario_trace: Path) -> None:
    code, out = explain(str(scenario_trace), "--lang", "ru")
    assert code == 0, out
    assert "Приоритет размещения очков влияния ИИ" in out
    assert "вариант 0, не-Ключевая страна до минимального контроля" in out
    assert "→ Гаити, из 2 кандидатов" in out
    assert "→ Куба, из 1 кандидата" in out
    assert "Никарагуа" in out
    assert "ничью разбила Таблица приоритета регионов и стран (предварительно: P4)" in out
    assert "ваше событие: сначала оно срабатывает для вас" in out
    assert "option" not in out and "candidate" not in out  # nothing left in English


def test_json_shape(scenario_trace: Path) -> None:
    data = as_json(str(scenario_trace))
    assert data["ruleset"] == "solo-v2" and data["ruleset_from"] == "default" and data["lang"] == "en"
    assert data["moves_in_trace"] == 1
    (move,) = data["moves"]
    assert move["kind"] == "action" and move["turn"] == 1 and move["round"] == 1
    assert move["card"] == {"id": "duck_and_cover", "name": "Duck and Cover"}
    assert move["decision"]["rule"] == "human_event_then_ops"
    choices = [s for s in move["steps"] if s["type"] == "choice"]
    got = [(c["priority"], c["option"], c["target"], c["decided_by"]) for c in choices]
    assert got == [
        ("ai_scoring_coup_target", None, None, None),
        ("ai_influence_placement", 0, "haiti", "then_by[0]"),
        ("ai_influence_placement", 2, "cuba", None),
        ("ai_influence_placement", 9, "nicaragua", None),
    ]
    haiti = choices[1]
    assert haiti["option_name"] == "non_key_control_for_level" and haiti["candidates"] == 2
    assert haiti["tie_break"]["stage"] == "then_by" and haiti["tie_break"]["index"] == 0
    assert haiti["tie_break"]["table"] == "region_country_priority"
    assert haiti["source"]["sources"] == ["001 · Приоритет Размещения Очков Влияния ИИ"]
    assert haiti["source_from"] == "list"
    assert choices[2]["tie_break"] is None
    first, last = move["events"]
    assert first <= haiti["n"] <= last


def test_move_by_event_number(scenario_trace: Path, game_trace: Path) -> None:
    events = read_trace(game_trace)
    moves = group_moves(events)
    middle = moves[len(moves) // 2]
    inside = middle.steps[-1]["n"] if middle.steps else middle.first
    data = as_json(str(game_trace), "--event", str(inside))
    assert [m["events"] for m in data["moves"]] == [[middle.first, middle.last]]
    # An event no AI move holds (the setup) is one error line.
    code, out = explain(str(game_trace), "--event", "0")
    assert code == 1 and out.startswith("error: no AI move holds trace event 0") and "Traceback" not in out
    code, out = explain(str(scenario_trace), "--move", "3", "--all")
    assert code == 1 and out.strip() == "error: give one of --move N, --event N and --all"


def test_move_by_its_number_counts_ai_moves(game_trace: Path) -> None:
    moves = group_moves(read_trace(game_trace))
    third = as_json(str(game_trace), "--move", "3")["moves"]
    assert [(m["move"], m["events"]) for m in third] == [(3, [moves[2].first, moves[2].last])]
    code, out = explain(str(game_trace), "--move", str(len(moves) + 1))
    assert (
        code == 1
        and out.strip() == f"error: no AI move {len(moves) + 1}: the trace holds moves 1 to {len(moves)}"
    )
    code, out = explain(str(game_trace), "--move", "0", "--lang", "ru")
    assert code == 1 and "решения ИИ № 0 нет" in out


def test_every_ai_event_of_a_game_belongs_to_one_move(game_trace: Path) -> None:
    events = read_trace(game_trace)
    data = as_json(str(game_trace), "--all")
    shown = [s["n"] for m in data["moves"] for s in m["steps"]]
    wanted = [e["n"] for e in events if e["kind"] in ("ai_choice", "ai_answer")]
    assert shown == wanted
    decisions = [m["decision"]["n"] for m in data["moves"] if m["decision"]]
    assert decisions == [e["n"] for e in events if e["kind"] == "ai_decision"]
    kinds = {m["kind"] for m in data["moves"]}
    assert {"headline", "action"} <= kinds
    # The moves do not overlap and come in order.
    spans = [m["events"] for m in data["moves"]]
    assert all(a[1] < b[0] for a, b in itertools.pairwise(spans))
    for lang in ("en", "ru"):
        code, out = explain(str(game_trace), "--all", "--lang", lang)
        assert code == 0 and "{" not in out and "$" not in out, out


def choice_line(ir: dict[str, Any], lang: str, **event: Any) -> dict[str, Any]:
    explainer = TraceExplainer(Localizer.for_ruleset("solo-v2", lang), ir, "solo-v2")
    return explainer.choice({"kind": "ai_choice", "n": 1, **event})


def test_a_prefer_or_final_key_is_outlined_with_its_direction(ir: dict[str, Any]) -> None:
    event = {"priority": "ai_influence_placement", "option": 1, "option_name": "key_control_or_break"}
    view = choice_line(ir, "en", **event, target="iraq", candidates=4, decided_by="prefer[0]")
    assert view["tie_break"]["text"] == (
        "tie broken by the option's key 1 of 4 (c: each candidate): "
        "VP the AI gains by the control or break it reaches "
        "(the AI, c, the region, operations left, by an event) "
        "(highest first)"
    )
    coup = {"priority": "ai_coup_target", "option": 2, "option_name": "non_key_country", "target": "syria"}
    view = choice_line(ir, "en", **coup, candidates=3, decided_by="then_by[1]")
    wanted = "the list's final key 2 of 5 (c: each candidate): stability of c (lowest first)"
    assert wanted in view["tie_break"]["text"]
    assert "001 · Приоритет Переворотов ИИ" in view["tie_break"]["source"]["sources"]
    view = choice_line(ir, "en", **coup, candidates=3, decided_by="then_by[0]")
    assert view["tie_break"]["text"].endswith("c borders a superpower (yes first)")
    view = choice_line(ir, "ru", **coup, candidates=3, decided_by="then_by[1]")
    assert view["tie_break"]["text"].endswith("стабильность страны c (сначала наименьшее)")
    view = choice_line(ir, "en", **coup, candidates=3, decided_by="domain_order")
    assert "first in the map's order" in view["tie_break"]["text"]


def test_what_the_ruleset_does_not_know_still_renders(ir: dict[str, Any]) -> None:
    view = choice_line(ir, "en", priority="ai_coup_target", option=1, target="iran", candidates=2,
                       option_name="key_country", decided_by="prefer[7]")  # fmt: skip
    assert "a key this ruleset's lists do not have" in view["tie_break"]["text"]
    view = choice_line(ir, "en", priority="ai_made_up", option=3, option_name="made_up", target="iran",
                       candidates=2, decided_by="then_by[0]")  # fmt: skip
    assert "(this list is not in solo-v2)" in view["text"][0] and "Iran" in view["text"][2]


def test_an_answer_names_the_decision_and_the_list(game_trace: Path) -> None:
    data = as_json(str(game_trace), "--all", "--lang", "ru")
    answers = [s for m in data["moves"] for s in m["steps"] if s["type"] == "answer"]
    assert answers
    first = answers[0]
    assert first["text"][0].startswith("отвечает на выбор «событие карты „")  # the card, not the id
    assert first["decision"] not in first["text"][0]
    if first["answered_by"] != "default":
        assert first["list_name"] in first["text"][0]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"kind": "phase", "n": 0}\n{"kind": "ai_choice", "n": 1, "prior', "not a JSON line"),
        ("[1, 2]\n", "not a trace event"),
        ("", "the trace is empty"),
        ('{"kind": "phase", "n": 0}\n', "the trace holds no AI move"),
        (b"\xff\xfe\x00junk", "cannot read the trace"),
    ],
)
def test_a_damaged_trace_is_one_error_line(tmp_path: Path, content: str | bytes, says: str) -> None:
    path = tmp_path / "bad.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code, out = explain(str(path))
    assert code == 1
    assert out.startswith("error: ") and says in out and len(out.strip().splitlines()) == 1, out
    assert "Traceback" not in out


def test_missing_file_folder_ruleset_and_language(tmp_path: Path, scenario_trace: Path) -> None:
    for args, says in (
        ([str(tmp_path / "nope.jsonl")], "no trace file"),
        ([str(tmp_path)], "is a folder"),
        ([str(scenario_trace), "--ruleset", "no-such"], "unknown ruleset no-such"),
        ([str(scenario_trace), "--lang", "xx"], "xx"),
    ):
        code, out = explain(*args)
        assert code == 1 and out.startswith("error: ") and says in out and "Traceback" not in out, out


def test_the_ruleset_a_trace_names_is_used(tmp_path: Path, scenario_trace: Path) -> None:
    lines = scenario_trace.read_text(encoding="utf-8").splitlines()
    named = tmp_path / "named.jsonl"
    header = json.dumps({"kind": "trace_start", "n": -1, "ruleset": "solo-v2-quickdeal"})
    named.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    data = as_json(str(named))
    assert data["ruleset"] == "solo-v2-quickdeal" and data["ruleset_from"] == "trace"
    # the extended ruleset inherits the words of solo-v2
    assert "Region/Country Priority Table" in data["moves"][0]["steps"][1]["tie_break"]["text"]
    assert as_json(str(named), "--ruleset", "solo-v2")["ruleset_from"] == "option"
