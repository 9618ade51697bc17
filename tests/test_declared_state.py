"""Rulesets declare their state (issue 18, items 1 and 3): variables, zones and tracks in rule files.

- A variant of solo-v2 made only of rule files (tests/variants/solo-v2-thirty: 30 VP win, 8 turns) checks
  clean and its simulated games end with no error and no broken invariant (before the tracks were
  declared, the invariant checker's own 20 VP broke every game: "VP is -22 and the game goes on").
- The declarations compile to the IR; a bad track or variable is refused with a code.
- solo-v2's regions and scoring deck live in declared state, not in Python fields.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from helpers import ROOT, compiled_ir, run_cli
from rich.console import Console
from twilight.cli.explain.trace import TraceExplainer, group_moves
from twilight.cli.localizer import Localizer
from twilight.cli.play.screen import Screen
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.state import GameState
from twilight.runtime.game import new_engine

VARIANT = str((ROOT / "tests" / "variants" / "solo-v2-thirty").relative_to(ROOT))


def test_the_variant_checks_clean() -> None:
    code, out = run_cli(["check", VARIANT])
    assert code == 0, out
    assert "solo-v2-thirty: ok: 0 errors, 0 warnings" in out


def test_the_variants_tracks_are_its_own() -> None:
    ir = compiled_ir(VARIANT)
    assert (ir["tracks"]["vp"]["min"], ir["tracks"]["vp"]["max"]) == (-30, 30)
    assert ir["tracks"]["turn"]["max"] == 8
    assert compiled_ir("solo-v2")["tracks"]["vp"]["max"] == 20


def test_the_variants_games_end_without_a_broken_invariant() -> None:
    for extra in ([], ["--set", "ai_side=us"]):
        code, out = run_cli(
            ["simulate", "--ruleset", VARIANT, "--human-policy", "random", "--games", "10", "--json", *extra]
        )
        assert code == 0, out
        summary = json.loads(out)
        assert summary["errors"] == 0 and summary["invariant_violations"] == 0, out
        assert summary["records"] and all(record["turn"] <= 8 for record in summary["records"])


def test_solo_state_is_declared_not_python() -> None:
    ir = compiled_ir("solo-v2")
    assert {"primary_region", "secondary_region", "scoring_round"} <= set(ir["variables"])
    assert {"scoring_deck", "scoring_discard", "scoring_revealed"} <= set(ir["zones"])
    assert not hasattr(GameState(), "primary_region")


def test_bad_declarations_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "bad" provisional "P10: test" {\n  version "1"\n  extends "solo-v2"\n}\n'
    )
    (folder / "state.tsr").write_text(
        'track steps from 5 to 1 provisional "P10: t"\n'
        'variable count: int = europe provisional "P10: t"\n'
        'variable primary_region: region = none provisional "P10: t"\n'
    )
    code, out = run_cli(["check", str(folder)])
    assert code != 0
    assert "E206" in out and "E503" in out and "E201" in out, out


def test_the_last_declared_turn_ends_in_final_scoring(tmp_path: Path) -> None:
    """An 8-turn variant with no automatic VP victory: a game that lasts goes to final scoring after turn 8
    (solo-v2-thirty's AI wins at 30 VP before turn 8 in every simulated game, so it never gets there)."""
    folder = tmp_path / "eight"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "eight" provisional "P10: test" {\n  version "1"\n  extends "solo-v2"\n}\n'
    )
    (folder / "tracks.tsr").write_text(
        'override track vp from -99 to 99 provisional "P10: t"\n'
        'override track turn from 1 to 8 provisional "P10: t"\n'
    )
    code, out = run_cli(
        ["simulate", "--ruleset", str(folder), "--human-policy", "random", "--games", "6", "--json"]
    )
    assert code == 0, out
    summary = json.loads(out)
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0, out
    finals = [r for r in summary["records"] if r["reason"] == "final_scoring"]
    assert finals and all(r["turn"] == 8 for r in finals), summary["end_reasons"]
    assert all(r["turn"] <= 8 for r in summary["records"])


def test_the_variant_plays_to_its_end_screen(tmp_path: Path) -> None:
    code, out = run_cli(
        [
            "play",
            "--ruleset",
            VARIANT,
            "--human-policy",
            "random",
            "--seed",
            "5",
            "--lang",
            "en",
            "--delay",
            "0",
        ],
        extra_env={"TWILIGHT_HOME": str(tmp_path)},
    )
    assert code == 0, out
    assert "Game over" in out and "Turn 1 of 8" in out, out[-2000:]
    # the solo player reads again which regions are Primary and Secondary
    assert "Primary region: " in out and "Secondary region: " in out


SOLO_EVENTS = [
    {"kind": "zone", "card": "asia_scoring", "zone": "scoring_deck", "top": False},
    {"kind": "zone", "card": "europe_scoring", "zone": "scoring_deck", "top": False},
    {"kind": "zone", "card": "europe_scoring", "zone": "scoring_revealed", "top": False},
    {"kind": "variable", "name": "primary_region", "value": "europe"},
    {"kind": "variable", "name": "scoring_round", "value": True},
]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                "Scoring deck: 2 cards added face down.",
                "Scoring cards face up: Europe Scoring added.",
                "Primary region: Europe.",
                "Scoring round: yes.",
            ],
        ),
        ("ru", ["Первичный регион: Европа.", "Раунд с подсчетом очков: да."]),
    ],
)
def test_the_log_tells_declared_state_by_its_labels(lang: str, expected: list[str]) -> None:
    ir = compiled_ir("solo-v2")
    lines = Narrator(PlayText("solo-v2", lang, ir)).lines(SOLO_EVENTS)
    assert all(line in lines for line in expected), lines
    # a face-down zone never names its cards
    assert not any("Asia" in line or "Азия" in line for line in lines), lines


def test_the_screen_shows_declared_state_and_only_the_size_of_a_face_down_zone() -> None:
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {"us": RandomPlayer(1), "ussr": RandomPlayer(2)}, seed=1)
    engine.state.vars["primary_region"] = "asia"
    engine.state.zones["scoring_deck"] = ["europe_scoring", "africa_scoring"]
    engine.state.zones["scoring_revealed"] = ["asia_scoring"]
    screen = Screen(Console(file=io.StringIO(), width=200), PlayText("solo-v2", "en", ir), engine, True)
    shown = screen.declared_state()
    assert "Primary region: Asia" in shown and "Scoring deck: 2 cards" in shown, shown
    # a zone of scoring cards names them by region: its label already says they are scoring cards
    assert "Scoring cards face up: Asia" in shown, shown
    assert not any("Europe" in item or "Africa" in item for item in shown), shown
    screen_ru = Screen(Console(file=io.StringIO(), width=200), PlayText("solo-v2", "ru", ir), engine, True)
    assert "Вскрытые карточки подсчета очков: Азия" in screen_ru.declared_state()
    board = io.StringIO()
    Console(file=board, width=200).print(screen.board())
    assert "Asia · Primary region" in board.getvalue()


def test_explain_trace_gives_the_declared_variables_as_a_move_began() -> None:
    ir = compiled_ir("solo-v2")
    events = [
        {"n": 1, "kind": "variable", "name": "primary_region", "value": "europe"},
        {"n": 2, "kind": "action_round", "round": 1, "side": "ussr"},
        {"n": 3, "kind": "ai_decision", "what": "action", "card": "asia_scoring", "rule": "scoring"},
    ]
    moves = group_moves(events)
    assert moves[0].state == {"primary_region": "europe"}
    explainer = TraceExplainer(Localizer.for_ruleset("solo-v2", "en"), ir, "solo-v2")
    lines = explainer.render(explainer.move(1, moves[0]))
    assert any("Primary region: Europe" in line for line in lines), lines
