"""`twilight explain state SAVE` of a variant's save (a ruleset that `extends` another, kept outside the
installed rulesets) finds the save's rules as `twilight board`, `hint` and `play --resume` find them
(cli/board/game.py `save_ir`): the rules a pinned save keeps in the rules store, else the variant of its
name found in `$TWILIGHT_HOME/rules/` or a `--rules-path`, else the folder `--ruleset` gives. Before, it
took an installed ruleset's save only, with or without `--rules-path` ("ruleset 'mine' is not a known
ruleset"); where it cannot find the ruleset, it now names the folders it looked in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli
from test_extends_rules_path import SETTING, ruleset
from test_rules_path_everywhere import saved_game
from twilight.compiler import api
from twilight.compiler.loader import set_rules_search


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`my-rules/mine` 1 extends `base@2` (in `other/base`); `game.json` a save of mine without its rules
    kept; `home/saves/pinned.json` the same save pinned to mine's IR, kept in the home's rules store."""
    from twilight.cli.session.rules_store import pin_of, store_ir

    root = tmp_path_factory.mktemp("explain-state-variant")
    ruleset(root / "other" / "base", "base", "2", "solo-v2", SETTING)
    ruleset(root / "my-rules" / "mine", "mine", "1", "base@2")
    (root / "home" / "saves").mkdir(parents=True)
    roots = [(root / "other", "--rules-path")]
    saved_game(root / "my-rules" / "mine", roots, root / "game.json", root / "game.jsonl")
    previous = set_rules_search(roots)
    try:
        ir = api.compile_target(str(root / "my-rules" / "mine"), use_cache=False).ir
    finally:
        set_rules_search(previous)
    assert ir is not None
    store_ir(ir, root / "home" / "saves" / "rules")
    data = json.loads((root / "game.json").read_text(encoding="utf-8"))
    data["play"]["rules"] = pin_of(ir)
    (root / "home" / "saves" / "pinned.json").write_text(json.dumps(data), encoding="utf-8")
    return root


def explain_state(rules: Path, *args: str) -> tuple[int, str]:
    return run_cli(["explain", "state", *args], cwd=rules, extra_env={"TWILIGHT_HOME": str(rules / "home")})


def test_a_pinned_save_is_explained_by_the_rules_it_keeps(rules: Path) -> None:
    """No rules path: the rules store has the save's IR (as `play --resume` replays it)."""
    status, out = explain_state(rules, "pinned", "--json")
    assert status == 0, out
    view = json.loads(out)
    assert view["ruleset"] == "mine" and view["game"]["turn"] == 1, view["game"]


@pytest.mark.parametrize(
    "given",
    [
        ["--rules-path", "my-rules", "--rules-path", "other"],
        ["--ruleset", "mine@1", "--rules-path", "my-rules", "--rules-path", "other"],
        ["--ruleset", "my-rules/mine", "--rules-path", "other"],
    ],
)
def test_a_variants_save_is_found_by_name_or_folder(rules: Path, given: list[str]) -> None:
    status, out = explain_state(rules, "game.json", *given)
    assert status == 0, out
    assert out.startswith("State of the game in game.json (mine): turn 1, action round 2"), out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "which is neither installed nor in the folders looked in: {home} ($TWILIGHT_HOME/rules), "),
        (
            "ru",
            "а его нет ни среди установленных, ни в просмотренных папках: {home} ($TWILIGHT_HOME/rules), ",
        ),
    ],
)
def test_a_ruleset_found_nowhere_names_where_it_was_looked_for(rules: Path, lang: str, said: str) -> None:
    status, out = explain_state(rules, "game.json", "--rules-path", "other", "--lang", lang)
    assert status == 1, out
    assert out.count("\n") == 1 and "Traceback" not in out, out
    assert said.format(home=rules / "home" / "rules") + "other (--rules-path)" in out, out
    assert "--rules-path" in out.split("other (--rules-path)")[1], out


def test_another_ruleset_given_is_still_refused_in_explains_words(rules: Path) -> None:
    status, out = explain_state(rules, "game.json", "--ruleset", "solo-v2", "--rules-path", "other")
    assert (status, out.strip()) == (1, "error: game.json is a game of mine, not of solo-v2"), out


def test_the_words_are_those_of_the_variants_folder_given(rules: Path, tmp_path: Path) -> None:
    """`--ruleset FOLDER` (a variant not on any rules path) says the game in that folder's words."""
    import shutil

    folder = tmp_path / "mine"
    shutil.copytree(rules / "my-rules" / "mine", folder)
    words = folder / "locales" / "en"
    words.mkdir(parents=True)
    (words / "outline.ftl").write_text(
        "explain-state-game = Mine's own heading: { $file }, turn { $turn }\n", encoding="utf-8"
    )
    status, out = explain_state(rules, "game.json", "--ruleset", str(folder), "--rules-path", "other")
    assert status == 0, out
    assert out.startswith("Mine's own heading: game.json, turn 1"), out[:300]
