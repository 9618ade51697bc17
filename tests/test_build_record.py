"""A program's build replayed from its record (runtime/build_record.py) is the build itself.

The first build with a cache folder writes down what the code generator's calls gave, and the generated
module; the next one loads the module and takes those answers from the record without writing any
source. These tests check that the replayed program is the one a build from scratch makes (the same
names, the same generated code, line for line, the same games), that a record is only ever used for the
very IR, primitives and runtime it was made for, and that a record the build does not follow, a damaged
one, one whose module is gone or another build's, or one that is not ours costs a build from scratch,
nothing else.
"""

from __future__ import annotations

import marshal
import os
import re
from pathlib import Path
from types import FunctionType
from typing import Any

import pytest
from twilight.compiler import api
from twilight.runtime.backend import build_record, codegen, generated_module
from twilight.runtime.backend.build_record import BuildRecord, record_file_for
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import IMPLEMENTATIONS
from twilight.runtime.solo.ai import RulesAIPlayer


def _ir(ruleset: str) -> dict[str, Any]:
    result = api.compile_target(ruleset)
    assert result.ir is not None
    return result.ir


def _record_file(folder: Path, ir: dict[str, Any]) -> Path:
    return record_file_for(folder, ir["ruleset"]["name"])


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """No generated code in this process's memory, as in a new one."""
    monkeypatch.setattr(generated_module, "_COMPILED", {})
    monkeypatch.setattr(generated_module, "_LOADED", {})


def _generated(program: Program, value: Any) -> bool:
    return isinstance(value, FunctionType) and program.codegen.module.owns(value.__code__.co_filename)


def _assert_same_namespace(built: Program, other: Program) -> None:
    """The same names (a program loaded from its module has the module's own too: each of its functions,
    by its name); the same generated code under each, at the same line; the same values else (a
    program's own parts, its statements and bound methods, by what they are)."""
    ours, theirs = built.codegen.namespace, other.codegen.namespace
    more = set(theirs) - set(ours)
    assert set(ours) <= set(theirs)
    assert all(
        name.startswith("__") or name == "BUILD_KEY" or _generated(other, theirs[name]) for name in more
    )
    for name, value in ours.items():
        found = theirs[name]
        if _generated(built, value):
            assert _generated(other, found) and found.__code__ == value.__code__, name
        elif callable(value) and not isinstance(value, type):
            assert getattr(found, "__qualname__", None) == getattr(value, "__qualname__", None), name
            if getattr(value, "__self__", None) is None and not hasattr(value, "__closure__"):
                assert found is value, name
        else:
            assert found is value or (type(found) is type(value) and found == value), name


def _codes(program: Program) -> list[Any]:
    """The code of the program's parts the runtime calls directly: rule functions, the AI's lists."""
    codes: list[Any] = [program.functions[name].call.__code__ for name in sorted(program.functions)]
    for name in sorted(program.priorities):
        priority = program.priorities[name]
        codes.append(priority.requires.__code__)
        for option in priority.options:
            codes += [option.where.__code__, option.kept_by.__code__ if option.kept_by else None]
            codes += [key.value.__code__ for key in option.keys]
    return codes


def _game(ir: dict[str, Any], program: Program, seed: int) -> tuple[str, int]:
    players: dict[str, Any] = {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 100)}
    settings: dict[str, Any] = {}
    if ir.get("priorities"):
        players["ussr"] = RulesAIPlayer()
        settings = {"ai_side": "ussr"}
    engine = Engine(ir, players, seed=seed, program=program, settings=settings)
    for player in players.values():
        if isinstance(player, RulesAIPlayer):
            player.engine = engine
    state = engine.run()
    return state.digest(), len(engine.events)


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_a_replayed_build_is_the_build_itself(
    ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ir = _ir(ruleset)
    _new_process(monkeypatch)
    built = Program(ir, IMPLEMENTATIONS)  # no cache folder: no record
    recorded = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    assert _record_file(tmp_path, ir).is_file()
    # (the module kept is the text the build without a cache folder made, but for the build's key)
    kept = generated_module.module_file_for(tmp_path, ir["ruleset"]["name"]).read_text(encoding="utf-8")
    assert kept == built.codegen.source().replace(
        "BUILD_KEY = ''", f"BUILD_KEY = {recorded.codegen.module.key!r}"
    )

    def no_source(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("source written although the build has a record")

    with monkeypatch.context() as patched:  # a new process: nothing in memory, no source written
        _new_process(patched)
        patched.setattr(codegen.ExprCompiler, "emit", no_source)
        # (nor the facts of the IR the build needs worked out again: they are in the record too)
        patched.setattr(codegen, "calls_nothing", no_source)
        patched.setattr(codegen, "pure_functions", no_source)
        replayed = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    assert replayed.pure == built.pure
    for program in (recorded, replayed):
        _assert_same_namespace(built, program)
        assert _codes(program) == _codes(built)
        assert program.codegen.block_parts == built.codegen.block_parts
    # (what the runtime compiles later, on demand, is written as ever once the replay has ended)
    assert replayed.each_refusal("coup")[0].__code__ == built.each_refusal("coup")[0].__code__
    for seed in (3, 4):
        assert _game(ir, replayed, seed) == _game(ir, built, seed)


LONE = """\
function t_value(): int source "test · 1" {
  VALUE
}
"""


def _lone_ir(folder: Path, value: str) -> dict[str, Any]:
    lone = folder / "lone.tsr"
    lone.write_text(LONE.replace("VALUE", value), encoding="utf-8")
    result = api.compile_target(str(lone), use_cache=False)
    assert result.ir is not None
    return result.ir


def _value(ir: dict[str, Any], folder: Path) -> Any:
    program = Program(ir, IMPLEMENTATIONS, code_cache=folder)
    return program.functions["t_value"].call(Engine(ir, {}, program=program))


def test_a_record_serves_only_its_own_ir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cache"
    one, two = _lone_ir(tmp_path, "1 + 1"), _lone_ir(tmp_path, "2 + 3")
    assert one["ruleset"]["name"] == two["ruleset"]["name"]  # (one record file for both)
    _new_process(monkeypatch)
    assert _value(one, folder) == 2
    first = _record_file(folder, one).read_bytes()
    assert _value(one, folder) == 2  # replayed
    assert _value(two, folder) == 5  # another IR: built afresh, and recorded for itself
    assert _record_file(folder, two).read_bytes() != first
    assert build_record.opened(folder, two, IMPLEMENTATIONS).replaying  # type: ignore[union-attr]
    assert not build_record.opened(folder, one, IMPLEMENTATIONS).replaying  # type: ignore[union-attr]
    # Other primitives (a test's, say) are another build too.
    other = {**IMPLEMENTATIONS, "turn": lambda engine: 0}
    assert build_record.build_key(two, other) != build_record.build_key(two, IMPLEMENTATIONS)


def _entries(path: Path) -> list[Any]:
    kept = marshal.loads(path.read_bytes())
    entries: list[Any] = kept[2]
    return entries


def _rewrite(path: Path, entries: list[Any]) -> None:
    fmt, key, _ = marshal.loads(path.read_bytes())
    path.unlink()
    path.write_bytes(marshal.dumps((fmt, key, entries)))
    path.chmod(0o600)


@pytest.mark.parametrize(
    "tamper",
    [
        "swapped",
        "shortened",
        "lengthened",
        "misshapen",
        "foreign module",
        "garbage",
        "module gone",
        "another build's module",
        "function renamed",
    ],
)
def test_a_record_the_build_cannot_follow_costs_a_build_afresh(
    tamper: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ir = _ir("solo-v2")
    _new_process(monkeypatch)
    built = Program(ir, IMPLEMENTATIONS)
    Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    path = _record_file(tmp_path, ir)
    good = path.read_bytes()
    entries = _entries(path)
    if tamper == "swapped":  # two calls of other methods in each other's place
        first = next(i for i, e in enumerate(entries) if e[0] != entries[0][0])
        entries[0], entries[first] = entries[first], entries[0]
        _rewrite(path, entries)
    elif tamper == "shortened":
        _rewrite(path, entries[:-1])
    elif tamper == "lengthened":
        _rewrite(path, [*entries, entries[-1]])
    elif tamper == "misshapen":
        entries[5] = ("compile",)
        _rewrite(path, entries)
    elif tamper == "foreign module":  # (a value to take from a module not ours: never imported)
        at = next(i for i, e in enumerate(entries) if any(how[0] == "g" for _, how in e[3]))
        method, checks, answer, added, parts = entries[at]
        added = tuple((n, ("g", "os", "system") if how[0] == "g" else how) for n, how in added)
        entries[at] = (method, checks, answer, added, parts)
        _rewrite(path, entries)
    elif tamper == "garbage":
        path.write_bytes(b"\x00not a record")
    else:
        module = generated_module.module_file_for(tmp_path, ir["ruleset"]["name"])
        text = module.read_text(encoding="utf-8")
        if tamper == "module gone":
            module.unlink()
        elif tamper == "another build's module":
            module.write_text(re.sub(r"BUILD_KEY = '\w+'", "BUILD_KEY = 'other'", text), encoding="utf-8")
        else:  # (a function the record names is not in the module)
            module.write_text(text.replace("def F_region_vp(", "def F_region_vp_renamed("), encoding="utf-8")
    _new_process(monkeypatch)
    program = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    _assert_same_namespace(built, program)
    assert path.read_bytes() == good  # recorded again
    assert _game(ir, program, 6) == _game(ir, built, 6)


def test_a_record_not_ours_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cache"
    ir = _lone_ir(tmp_path, "4")
    _new_process(monkeypatch)
    assert _value(ir, folder) == 4
    path = _record_file(folder, ir)
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o666)  # anyone could have written it
    assert not build_record.opened(folder, ir, IMPLEMENTATIONS).replaying  # type: ignore[union-attr]
    path.chmod(0o600)
    assert build_record.opened(folder, ir, IMPLEMENTATIONS).replaying  # type: ignore[union-attr]
    elsewhere = tmp_path / "elsewhere.marshal"  # a link to a record of ours is not followed
    elsewhere.write_bytes(path.read_bytes())
    elsewhere.chmod(0o600)
    path.unlink()
    os.symlink(elsewhere, path)
    assert not build_record.opened(folder, ir, IMPLEMENTATIONS).replaying  # type: ignore[union-attr]


class _Program:
    def __init__(self) -> None:
        self.primitives: dict[str, Any] = {}
        self.ir: dict[str, Any] = {}


class _Codegen:
    def __init__(self, namespace: dict[str, Any]) -> None:
        self.namespace = namespace
        self.program = _Program()
        self.block_parts = 0


def test_a_build_with_something_it_cannot_describe_is_not_recorded(tmp_path: Path) -> None:
    path = tmp_path / "build.marshal"
    record = BuildRecord(path, b"key")
    fake: Any = _Codegen({"N_plain": 3, "N_list": [1, 2]})
    record.write(fake, "compile", (), "(1)", 0)
    assert record.broken is not None and "N_list" in record.broken
    record.finish()
    assert not path.exists()
    fine = BuildRecord(path, b"key")
    fine.write(_Codegen({"N_plain": 3}), "compile", (), "(1)", 0)  # type: ignore[arg-type]
    fine.finish()
    assert _entries(path) == [("compile", (), ("v", "(1)"), (("N_plain", ("v", 3)),), 0)]


def test_a_call_that_fails_while_recording_leaves_the_build_unrecorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ir = _ir("standard")
    calls = [0]
    real = codegen.ExprCompiler.emit

    def fails_once(self: Any, node: Any, bound: frozenset[str]) -> str:
        calls[0] += 1
        if calls[0] == 50:
            raise ValueError("planted")
        return real(self, node, bound)

    monkeypatch.setattr(codegen.ExprCompiler, "emit", fails_once)
    with pytest.raises(ValueError, match="planted"):
        Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    assert not _record_file(tmp_path, ir).exists()


def test_without_the_runtime_s_sources_a_build_is_not_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key covers the runtime's code through its sources: an install without them (bytecode only)
    could not tell one runtime's record from another's, so no record is written or read."""
    folder = tmp_path / "cache"
    ir = _lone_ir(tmp_path, "6")
    monkeypatch.setattr(build_record, "__file__", str(tmp_path / "no_sources" / "build_record.py"))
    build_record._runtime_digest.cache_clear()
    try:
        assert build_record.build_key(ir, IMPLEMENTATIONS) is None
        assert _value(ir, folder) == 6
        assert not _record_file(folder, ir).exists()
    finally:
        monkeypatch.undo()
        build_record._runtime_digest.cache_clear()
    assert build_record.build_key(ir, IMPLEMENTATIONS) is not None
