"""The board's evaluation as native code (runtime/backend/native): every native answer is the Python one.

The other tests run with TWILIGHT_NATIVE=0 (conftest.py): a C compiler building each variant's module
in every worker would cost minutes. These build the modules once, in a folder of their own, and:
- play the search's games with every native filter, pick and greedy choice compared with the Python
  one as it is made (`checking.check`: a difference raises);
- play the same seeded games with and without the native code and find them identical;
- hand a native filter what it cannot be sure of and find the Python answer, or the Python error."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from twilight.runtime.backend.native import build, checking
from twilight.runtime.backend.priorities import DEFERRED
from twilight.runtime.core.frames import Frame
from twilight.runtime.game import build_program, new_game
from twilight.runtime.players.search import SearchPlayer

from tests.helpers import compiled_ir

pytestmark = pytest.mark.skipif(build.compiler() is None, reason="no C compiler on this machine")


@pytest.fixture(scope="module")
def native_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("native")


def _native_program(ruleset: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv("TWILIGHT_NATIVE", raising=False)
    program = build_program(compiled_ir(ruleset), code_cache=folder)
    program.use_native(wait=True)
    assert program.native_rules is not None, f"{ruleset}: no native module was built"
    return program


class _Enough(Exception):
    pass


def _searched_games(program: Any, decisions: int, seeds: range) -> tuple[int, list[Any]]:
    """The search plays the US in solo-v2 games of these seeds until it has searched `decisions`
    decisions: the playouts made, and each game's answers and final fingerprint."""
    searched = 0
    playouts = 0
    games = []
    for seed in seeds:
        player = SearchPlayer(seed)
        answers: list[Any] = []

        class Counting:
            def __init__(self, player: SearchPlayer, answers: list[Any]) -> None:
                self.player, self.answers = player, answers

            def decide(self, decision: Any) -> Any:
                nonlocal searched
                if searched >= decisions:
                    raise _Enough
                before = self.player.playouts_run
                answer = self.player.decide(decision)
                searched += self.player.playouts_run > before
                self.answers.append(answer)
                return answer

        engine = new_game(program.ir, {"us": Counting(player, answers)}, seed=seed, program=program)
        player.engine = engine
        with contextlib.suppress(_Enough):
            engine.run()
        playouts += player.playouts_run
        games.append((answers, engine.state.fingerprint()))
        if searched >= decisions:
            break
    return playouts, games


def test_solo_v2_writes_its_lists_picks_and_region_score_natively(
    native_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = _native_program("solo-v2", native_folder, monkeypatch)
    rules = program.native_rules
    picks = {name for (name, _, attr) in rules.filters if attr == "pick"}
    # The AI's lists of operations and answers: all of them (the lists of cards call the look-ahead).
    assert {"ai_influence_placement", "ai_coup_target", "ai_realign_target", "ai_answer_place"} <= picks
    assert len(picks) >= 15
    assert sum(1 for (_, _, attr) in rules.filters if attr != "pick") >= 60
    assert rules.greedy_points is not None


def test_every_native_answer_is_the_python_one_in_the_searchs_games(
    native_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = _native_program("solo-v2", native_folder, monkeypatch)
    counts = checking.check(program)
    playouts, _ = _searched_games(program, 40, range(1, 50))
    assert playouts > 500
    # (each pick and greedy choice of the playouts asked both ways; a difference raised NativeMismatch)
    assert counts["pick"] > 5_000 and counts["greedy"] > 1_000 and counts["filter"] > 20_000, counts
    assert counts["pick deferred"] < counts["pick"] / 100, counts
    assert counts["greedy deferred"] < counts["greedy"] / 100, counts


def test_the_same_seeds_play_the_same_games_with_and_without_native_code(
    native_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    native = _native_program("solo-v2", native_folder, monkeypatch)
    with_native = _searched_games(native, 25, range(3, 40))
    monkeypatch.setenv("TWILIGHT_NATIVE", "0")
    python = build_program(compiled_ir("solo-v2"), code_cache=native_folder)
    python.use_native(wait=True)
    assert python.native_rules is None
    assert _searched_games(python, 25, range(3, 40)) == with_native


def test_the_standard_games_greedy_points_are_native_and_the_same(
    native_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from twilight.runtime.core.decisions import GreedyPlayer

    program = _native_program("standard", native_folder, monkeypatch)
    counts = checking.check(program)
    for seed in range(1, 4):
        players = {side: GreedyPlayer(seed * 7 + i) for i, side in enumerate(("us", "ussr"))}
        engine = new_game(program.ir, players, seed=seed, program=program)
        for player in players.values():
            player.engine = engine
        engine.run()
    assert counts["greedy"] > 100, counts


def test_a_filter_hands_what_it_cannot_be_sure_of_to_python(
    native_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frame without the list's variables: the native filter gives the Python filter's answer or its
    error, never one of its own; a pick gives DEFERRED, and the Python pick decides."""
    program = _native_program("solo-v2", native_folder, monkeypatch)
    engine = new_game(program.ir, {}, seed=1, program=program)
    plist = program.priorities["ai_influence_placement"]
    domain = list(program.ir["map"]["countries"])
    native = plist.native
    assert native is not None
    assert native(Frame(engine, {}), domain) is DEFERRED
    for (name, index, attr), python in program.native_rules.fallbacks.items():
        if name != "ai_influence_placement":
            continue
        filtered = getattr(plist.options[index], attr)
        args = (Frame(engine, {}), domain, {}) if attr == "kept_by" else (Frame(engine, {}), domain)
        try:
            expected: Any = python(*args)
        except Exception as error:
            with pytest.raises(type(error)):
                filtered(*args)
        else:
            assert filtered(*args) == expected


def test_a_damaged_module_in_the_cache_is_built_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module file that is no module (damaged, or another's): the next process builds it again and plays
    on, with no error of its own."""
    import subprocess
    import sys

    monkeypatch.delenv("TWILIGHT_NATIVE", raising=False)
    script = (
        "import sys; from pathlib import Path\n"
        "from twilight.runtime.game import build_program\n"
        "from tests.helpers import compiled_ir\n"
        "p = build_program(compiled_ir('standard'), code_cache=Path(sys.argv[1]))\n"
        "p.use_native(wait=True)\n"
        "print('native' if p.native_rules is not None else 'python')\n"
    )
    first = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, check=True
    )
    assert first.stdout.strip() == "native"
    (built,) = tmp_path.glob("native-standard-*")
    built.write_bytes(b"not a module")
    again = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, check=True
    )
    assert again.stdout.strip() == "native", again.stderr
    assert again.stderr == ""
    assert built.read_bytes()[:4] == b"\x7fELF"


def test_what_rolls_or_draws_stays_python(native_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A function that is not pure (solo-v2's `card_drawn_from_hand` draws at random), or a pick whose
    conditions may roll or draw, is never called back from native code: called in another order, or more
    often, than the Python code calls it, it would draw other numbers and the game would go another way."""
    from twilight.runtime.backend.native.emit import Emitter, Scope, Unsupported

    program = _native_program("solo-v2", native_folder, monkeypatch)
    emitter = Emitter(program.ir, frozenset(program.pure), program.codegen.whole_number, program.primitives)
    assert "card_drawn_from_hand" not in program.pure
    with pytest.raises(Unsupported):
        emitter.expr(
            {"fn": "card_drawn_from_hand", "args": [{"ref": "side", "id": "us"}]}, Scope({}, frame=False)
        )
    rolled = {"call": {"random_card": [{"call": {"hand": [{"ref": "side", "id": "us"}]}}]}}
    assert not emitter._draws_nothing({"op": "==", "args": [rolled, None]}, set())
    assert emitter._draws_nothing(program.ir["priorities"]["ai_influence_placement"], set())
