"""Shared helpers for the test suite: where the rule files are, how to edit one through `overrides`.

Tests run from the project root (tests/conftest.py changes into it), so displayed paths look like
"rules/standard/map/europe.tsr", exactly as the compiler prints them.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from twilight.compiler.diagnostics import Diagnostic, Severity
from twilight.compiler.loader import display_path, rules_root

ROOT = Path(__file__).resolve().parent.parent
RULES = rules_root()
SCHEMA_PATH = ROOT / "compiler" / "schema" / "ir.schema.json"
RULESETS = ("standard", "solo-v2", "solo-v2-quickdeal")
SUMMARY: list[str] = []  # lines for the end of the run (conftest.py prints them), e.g. the mutation count


def rule_files() -> list[Path]:
    """Every rule file of every ruleset, sorted."""
    return sorted(p for p in RULES.rglob("*.tsr") if p.is_file())


def shown(rel: str) -> str:
    """The displayed path of a rule file given relative to the rules folder ("standard/sequence.tsr")."""
    return display_path(RULES / rel)


def read_rule(rel: str) -> str:
    return (RULES / rel).read_text(encoding="utf-8")


def line_of(text: str, needle: str) -> int:
    """The 1-based line of the one occurrence of `needle` in `text` (fails if it is not unique)."""
    count = text.count(needle)
    assert count == 1, f"{needle!r} occurs {count} times; the edit needs exactly one"
    return text[: text.index(needle)].count("\n") + 1


def col_of(text: str, needle: str) -> int:
    """The 1-based column of the one occurrence of `needle` in `text`."""
    line_of(text, needle)
    start = text.index(needle)
    return start - (text.rfind("\n", 0, start) + 1) + 1


def edit(rel: str, old: str, new: str) -> tuple[dict[str, str], int]:
    """Overrides that replace the one `old` in a rule file by `new`, and the line where `old` was."""
    text = read_rule(rel)
    line = line_of(text, old)
    return {shown(rel): text.replace(old, new)}, line


def errors(diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diags if d.severity is Severity.ERROR]


def describe(diags: Sequence[Diagnostic]) -> str:
    return "\n".join(f"  {d.pos}: {d.code}: {d.message}" for d in diags) or "  (no diagnostics)"


def twilight_cmd() -> list[str] | None:
    """The `twilight` console script next to this Python, or on PATH; None if there is none."""
    beside = Path(sys.executable).with_name("twilight")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("twilight")
    return [found] if found else None


def run_cli(
    args: Sequence[str], cwd: Path | None = None, extra_env: dict[str, str] | None = None
) -> tuple[int, str]:
    """Run `twilight ARGS` in `cwd` (default: the project root); returns (exit status, stdout + stderr).

    Uses the installed console script when there is one (the real entry point, `main()`), otherwise
    click's CliRunner on the command group.
    """
    cmd = twilight_cmd()
    if cmd is not None:
        env = {**os.environ, **(extra_env or {})}
        proc = subprocess.run(
            [*cmd, *args], cwd=cwd or ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
        )
        return proc.returncode, proc.stdout + proc.stderr
    from click.testing import CliRunner
    from twilight.cli.main import cli

    previous = Path.cwd()
    os.chdir(cwd or ROOT)
    try:
        result = CliRunner().invoke(cli, list(args), env=extra_env)
    finally:
        os.chdir(previous)
    return result.exit_code, result.output


def dump_ir(ir: dict[str, Any]) -> str:
    """The IR as `twilight compile` writes it."""
    return json.dumps(ir, indent=1, ensure_ascii=False) + "\n"


def compiled_ir(ruleset: str) -> dict[str, Any]:
    """A ruleset's IR, which must compile cleanly (the compiler's cache makes repeated calls cheap)."""
    from twilight.compiler import api

    result = api.compile_target(ruleset)
    assert result.ir is not None and result.ok, f"{ruleset} does not compile cleanly"
    ir: dict[str, Any] = result.ir
    return ir


def solo_against_random(program: Any, seed: int) -> Any:
    """A solo-v2 game (its IR from `compiled_ir`, run by `program`) of its AI against the random policy,
    built and not yet run."""
    from twilight.cli.simulate_cmd import game_players
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.solo.ai import ai_side_of

    ir = compiled_ir("solo-v2")
    chosen = game_players(seed, "random", ai_side_of(ir, {}))
    engine = Engine(ir, chosen, seed=seed, program=program)
    for player in chosen.values():
        if hasattr(player, "engine"):
            player.engine = engine
    return engine


class StopHere(Exception):
    """Raised by `GreedyUntil` once its test has looked at the game: the game stops there."""


class GreedyUntil:
    """A side played by the greedy heuristic until the first decision `where` holds for; there
    `act(engine, decision)` runs and the game stops (`StopHere`)."""

    def __init__(self, where: Any, act: Any) -> None:
        from twilight.runtime.core.decisions import GreedyPlayer

        self.where = where
        self.act = act
        self.greedy = GreedyPlayer(5)
        self.engine: Any = None

    def decide(self, decision: Any) -> Any:
        self.greedy.engine = self.engine
        if not self.where(decision):
            return self.greedy.decide(decision)
        self.act(self.engine, decision)
        raise StopHere


def play_solo_until(where: Any, act: Any, seed: int = 3, track: bool = False) -> None:
    """A solo-v2 game, the US played by `GreedyUntil(where, act)` against the AI, up to that decision.
    `track`: the game keeps its place in the rules as records (a search copies it at its decisions)."""
    play_solo_until_stopped(GreedyUntil(where, act), seed, track)


def play_solo_until_stopped(human: Any, seed: int, track: bool = False) -> None:
    """A solo-v2 game, the US played by `human` (bound to the engine as `human.engine`) against the AI,
    until `human` raises `StopHere`. `track`: as `play_solo_until`'s."""
    import pytest
    from twilight.runtime.game import new_engine
    from twilight.runtime.solo.ai import RulesAIPlayer

    ir = compiled_ir("solo-v2")
    ai = RulesAIPlayer()
    engine = new_engine(ir, {"us": human, "ussr": ai}, seed=seed)
    if track:
        engine.track = engine.track_after = True
    human.engine = ai.engine = engine
    with pytest.raises(StopHere):
        engine.run()


def check_lone(tmp_path: Path, text: str) -> Any:
    """A lone rule file checked on top of the standard ruleset (no cache: each check compiles)."""
    from twilight.compiler import api

    lone = tmp_path / "lone.tsr"
    lone.write_text(text, encoding="utf-8")
    return api.compile_target(str(lone), use_cache=False)


def write_variant(
    folder: Path, text: str, parent: str = "solo-v2", name: str | None = None, rules: str = "variant.tsr"
) -> Path:
    """A ruleset folder extending `parent` (a provisional test ruleset), its rules `text` in the file
    `rules`; the manifest names it `name` (the folder's name unless told)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{name or folder.name}" provisional "P11: a test variant" {{\n'
        f'  version "1"\n  extends "{parent}"\n}}\n',
        encoding="utf-8",
    )
    (folder / rules).write_text(text, encoding="utf-8")
    return folder


def settle(state: Any, rng: random.Random) -> None:
    """Roll the dice and deal the cards the state waits for, at random."""
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))


def ussr_first_card_with(
    game: Any, card: str, seed: int, spare: tuple[str, ...] = (), prepare: Callable[[Any], None] | None = None
) -> tuple[Any, random.Random]:
    """A standard game (`game`, an api.Game) of turn 1 at the USSR's first question of which card to play,
    `card` put in its hand in place of one it did not headline (nor one of `spare`) while the US chose its
    headline; `prepare` may edit the game's state further at that moment. Every other answer at random."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or state.decision().name != "headline_card" or state.decision().side != "us":
        state.apply_action(rng.choice(state.legal_actions()))
    now = state.engine.state
    hand = now.hands["ussr"]
    hand[hand.index(next(c for c in hand if c != now.headline["ussr"] and c not in spare))] = card
    if prepare is not None:
        prepare(now)
    while True:
        settle(state, rng)
        decision = state.decision()
        if decision.name == "action_card" and decision.side == "ussr":
            return state, rng
        state.apply_action(rng.choice(state.legal_actions()))


def play_aldrich_ames(state: Any, rng: random.Random) -> None:
    """At `ussr_first_card_with(game, "aldrich_ames_remix", …)`'s question: the USSR plays the card for its
    event and discards the first US card offered; the US to act next, still in turn 1."""
    state.apply_answer("aldrich_ames_remix")
    state.apply_answer("event")
    settle(state, rng)
    assert state.decision().name == "aldrich_ames_discard"
    state.apply_answer(state.decision().options[0])
    settle(state, rng)
    assert state.decision().side == "us" and state.engine.state.turn == 1
