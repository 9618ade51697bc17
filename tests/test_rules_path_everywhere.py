"""`--rules-path DIR` on every command that takes a ruleset, with the same lookup as `twilight play`
(cli/versions.py `catalog`, and compiler/loader.py's pinned `extends "NAME@VERSION"` found there too:
cli/versions.py `search_rules_in`). Before, only `play`, `serve`, `rulesets`, `check`, `scenario run` and
`lsp` took it: a variant in ~/my-rules whose parent is pinned in another folder could be checked and
played, but not compiled, diffed, simulated, explained, documented, measured, hinted or translated.

Each command is run on `mine@1` (in `my-rules/`), which extends `base@2` (in `other/`, found only on a
`--rules-path`), by name; base 2's setting (the deluxe map's 2 US influence in Canada) reaches mine.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from test_extends_rules_path import SETTING, ruleset
from twilight.compiler import api
from twilight.compiler.loader import set_rules_search


class _Enough(Exception):
    pass


class _UntilRound:
    """A cautious player who stops the game at the first question of turn 1's second action round."""

    def __init__(self, inner: Any, engine: Any) -> None:
        self.inner, self.engine = inner, engine

    def decide(self, decision: Any) -> Any:
        if (self.engine.state.turn, self.engine.state.action_round) >= (1, 2):
            raise _Enough
        return self.inner.decide(decision)


def saved_game(folder: Path, roots: list[tuple[Path, str]], save: Path, trace: Path) -> None:
    """A game of the variant at `folder` (its parent found in `roots`) stopped at a question: its save, as
    `twilight play` writes one (no rules pinned: the variant is given with --ruleset), and its trace."""
    from twilight.runtime.core.decisions import CautiousPlayer
    from twilight.runtime.game import new_engine
    from twilight.runtime.solo.ai import players_with_ai

    previous = set_rules_search(roots)
    try:
        result = api.compile_target(str(folder), use_cache=False)
    finally:
        set_rules_search(previous)
    assert result.ir is not None and result.ok, [str(d) for d in result.diagnostics]
    engine = new_engine(result.ir, {}, seed=5)
    people: dict[str, Any] = {}
    for number, side in enumerate(("us", "ussr"), 1):
        inner = CautiousPlayer(10 + number)
        inner.engine = engine
        people[side] = _UntilRound(inner, engine)
    players, ai = players_with_ai(result.ir, engine.state.settings, people)
    if ai is not None:
        ai.engine = engine
    engine.players = players
    with contextlib.suppress(_Enough):
        engine.run()
    humans = [side for side, player in players.items() if player is not ai]
    save.write_text(json.dumps({**engine.save_data(), "play": {"humans": humans, "lang": "en"}}), "utf-8")
    trace.write_text("".join(json.dumps(e) + "\n" for e in engine.events), encoding="utf-8")


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`my-rules/mine` 1 extends `base@2`, which is only in `other/base`; `home` is the player's folder
    (empty); a save and a trace of a game of mine."""
    root = tmp_path_factory.mktemp("rules-path")
    ruleset(root / "other" / "base", "base", "2", "solo-v2", SETTING)
    ruleset(root / "my-rules" / "mine", "mine", "1", "base@2")
    (root / "home").mkdir()
    (root / "out").mkdir()
    roots = [(root / "other", "--rules-path")]
    saved_game(root / "my-rules" / "mine", roots, root / "game.json", root / "game.jsonl")
    return root


# Each command, its arguments (`{root}` the fixture's folder) and a text its output holds when it worked.
COMMANDS: dict[str, tuple[list[str], str]] = {
    "check": (["check", "mine@1"], "0 errors"),
    "compile": (["compile", "mine@1", "-o", "{root}/out/mine.json"], ""),
    # (base 2's setting, which mine inherits, against solo-v2's)
    "diff": (["diff", "solo-v2", "mine@1"], "deluxe_map_canada"),
    "simulate": (["simulate", "--ruleset", "mine@1", "--games", "1", "--human-policy", "random"], "mine"),
    "explain card": (["explain", "card", "21", "--ruleset", "mine@1"], "NATO"),
    "explain state": (["explain", "state", "--ruleset", "mine@1"], "defcon"),
    # (a save of mine names its ruleset, mine: found in a rules path, as `play --resume` finds it)
    "explain state of a save": (["explain", "state", "{root}/game.json"], "(mine): turn 1"),
    "explain state of a save, --ruleset": (
        ["explain", "state", "{root}/game.json", "--ruleset", "mine@1"],
        "(mine): turn 1",
    ),
    # (the trace names its ruleset, mine: found in a rules path)
    "explain trace": (["explain", "trace", "{root}/game.jsonl", "--all"], "#"),
    "docs": (["docs", "mine@1", "-o", "{root}/out/docs"], "wrote"),
    "sources": (["sources", "mine@1"], "P11"),
    "balance": (
        ["balance", "mine@1", "--games", "1", "--levels", "normal", "--sides", "ussr", "--policy", "random"],
        "normal",
    ),
    "hint": (["hint", "{root}/game.json", "--ruleset", "mine@1", "--budget-ms", "50"], ""),
    "board": (["board", "--seed", "1", "--ruleset", "mine@1", "-o", "{root}/out/board.svg"], "wrote"),
    "board of a save": (
        ["board", "{root}/game.json", "--ruleset", "mine", "-o", "{root}/out/s.svg"],
        "wrote",
    ),
    # (its report of mine's messages, whatever the state of the shipped translations: exit 0 or 1)
    # (a save of mine names its ruleset, mine: found in a rules path as `play --resume` finds it)
    "board of a save by its name": (["board", "{root}/game.json", "-o", "{root}/out/n.svg"], "wrote"),
    "hint by the save's name": (["hint", "{root}/game.json", "--budget-ms", "50"], ""),
    "dev code": (["dev", "code", "mine@1"], "The rule code of the ruleset mine,"),
    # (mine measured by its folder: a fresh process per figure finds its pinned parent too)
    "bench": (["bench", "--ruleset", "mine@1", "--quick", "--games", "2", "--json"], '/mine": {"cold_s": '),
    "i18n check": (["i18n", "check", "mine@1"], "; warnings: "),
    "i18n status": (["i18n", "status", "mine@1"], "mine@1 [ru]"),
    "i18n sync": (["i18n", "sync", "mine@1", "--dry-run"], ""),
    "i18n review": (["i18n", "review", "mine@1", "-o", "{root}/out/review.md"], "wrote"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_variant_whose_pinned_parent_is_on_a_rules_path(rules: Path, command: str) -> None:
    args, said = COMMANDS[command]
    args = [arg.replace("{root}", str(rules)) for arg in args]
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    status, out = run_cli([*args, *paths], extra_env={"TWILIGHT_HOME": str(rules / "home")})
    assert status == 0, out[-3000:]
    assert said in out, out[-3000:]
    for wrong in ("E002", "no such option", "unknown ruleset", "not a known ruleset", "does not compile"):
        assert wrong not in out, out[-3000:]


def test_scenario_coverage_counts_the_variants_files(rules: Path) -> None:
    """`scenario coverage --ruleset mine@1` compiles mine, and counts a file whose `ruleset: mine@1` is
    found in a rules path (the cards without a scenario are gaps: exit 1, with the report)."""
    from test_extends_rules_path import canada_scenario

    scenario = canada_scenario(rules, "mine", "mine@1")
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    status, out = run_cli(
        ["scenario", "coverage", str(scenario), "--ruleset", "mine@1", "--json", *paths],
        extra_env={"TWILIGHT_HOME": str(rules / "home")},
    )
    assert status == 1, out
    report = json.loads(out)
    assert report["ruleset"] == "mine" and report["cards"] == 110, out
    assert report["failed_files"] == [] and report["other_ruleset_files"] == [], out


def test_the_variants_ir_has_its_pinned_parents_setting(rules: Path) -> None:
    """What `compile` wrote is mine's, with base 2's setting: the parent found was the one pinned."""
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    out = rules / "out" / "ir.json"
    status, said = run_cli(
        ["compile", "mine@1", "-o", str(out), *paths], extra_env={"TWILIGHT_HOME": str(rules / "home")}
    )
    assert status == 0, said
    ir = json.loads(out.read_text(encoding="utf-8"))
    assert ir["ruleset"]["name"] == "mine"
    assert ir["settings"]["deluxe_map_canada"]["default"] is True, ir["settings"]["deluxe_map_canada"]


def test_mark_translated_finds_the_ruleset_in_a_rules_path(rules: Path) -> None:
    """`i18n mark-translated` writes what it records (it is not run here): its lookup is `chain`'s, given
    the rules paths; and it takes the option."""
    from twilight.cli.i18n.tools import chain

    paths = (str(rules / "my-rules"), str(rules / "other"))
    previous = set_rules_search([(Path(p), "--rules-path") for p in paths])
    try:
        folders = chain("mine@1", paths)
    finally:
        set_rules_search(previous)
    assert [f.name for f in folders][-2:] == ["base", "mine"], folders
    status, out = run_cli(["i18n", "mark-translated", "--help"])
    assert status == 0 and "--rules-path" in out, out


def test_i18n_check_of_a_variant_that_does_not_compile_names_its_rules_paths(rules: Path) -> None:
    """The advice to run `twilight check` gives the `--rules-path` options it was given, so that the
    check finds what i18n check found."""
    paths = ["--rules-path", str(rules / "my-rules")]  # (base 2 is not found: mine does not compile)
    status, out = run_cli(
        ["i18n", "check", "mine@1", *paths], extra_env={"TWILIGHT_HOME": str(rules / "home")}
    )
    assert status == 1, out
    assert f"run `twilight check --rules-path {rules / 'my-rules'} mine@1`" in out, out
