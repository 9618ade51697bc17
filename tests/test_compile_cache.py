"""The fast paths of the compiler give the same answers as the slow ones.

A cache lookup walks the chain of rulesets without the parser (each manifest's `extends` is remembered
by the manifest's text), and displayed paths are resolved a folder at a time: these tests hold both to
what `load_chain` and `display_path` give.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, RULES, RULESETS
from twilight.compiler import api
from twilight.compiler.diagnostics import Pos, Sink
from twilight.compiler.loader import Loader, display_path, known_rulesets, rules_root


def test_display_agrees_with_display_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "real"
    (real / "deep").mkdir(parents=True)
    (real / "deep" / "a.tsr").write_text("", encoding="utf-8")
    (tmp_path / "linked").symlink_to(real, target_is_directory=True)  # a folder reached by a link
    (real / "b.tsr").symlink_to(real / "deep" / "a.tsr")  # a file that is a link
    paths = [
        tmp_path / "linked" / "deep" / "a.tsr",
        tmp_path / "linked" / "b.tsr",
        real / "deep" / ".." / "b.tsr",
        Path("real/deep/a.tsr"),
        Path("linked"),
        Path("missing/none.tsr"),
        Path("."),
        tmp_path,
        Path("/"),
        *sorted(RULES.rglob("*.tsr"))[:5],
    ]
    for cwd in (tmp_path, real, tmp_path / "linked" / "deep", Path("/")):
        monkeypatch.chdir(cwd)
        loader = Loader(Sink())
        assert [loader.display(p) for p in paths] == [display_path(p) for p in paths], cwd


@pytest.mark.parametrize("name", RULESETS)
def test_read_chain_reads_what_load_chain_reads(name: str, cache_dir: Path) -> None:
    assert api.compile_target(name).ok  # remembers what each manifest extends
    quick = Loader(Sink())
    assert quick.read_chain(known_rulesets()[name], name, rules_root(), api._known_extends)
    full = Loader(Sink())
    full.load_chain(known_rulesets()[name], name, rules_root())
    assert list(quick.sources.items()) == list(full.sources.items())


def test_read_chain_gives_up_on_an_unknown_manifest(cache_dir: Path) -> None:
    loader = Loader(Sink())
    assert not loader.read_chain(known_rulesets()["solo-v2"], "solo-v2", rules_root(), lambda text: None)
    assert loader.sink.items == []  # nothing reported: load_chain reports what there is to report


def test_a_cache_hit_needs_neither_parser_nor_checker(cache_dir: Path) -> None:
    assert api.compile_target("solo-v2").ok
    probe = (
        "import sys\n"
        "from twilight.compiler.api import compile_target\n"
        "result = compile_target('solo-v2')\n"
        "print(result.cached, result.ok, sorted(m for m in ('lark', 'twilight.compiler.parser', "
        "'twilight.compiler.decls', 'twilight.compiler.ast', 'jsonschema') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.split("\n")[0] == "True True []", out.stdout + out.stderr


def test_a_wrong_memo_of_extends_only_misses(cache_dir: Path) -> None:
    first = api.compile_target("solo-v2")
    assert first.ok and not first.cached
    # Every remembered manifest now claims to extend nothing: the lookup reads solo-v2 alone, finds no
    # IR for those sources, and the compile goes the long way, to the same IR.
    memos = list(cache_dir.glob("manifest-*.json"))
    assert len(memos) == 2
    for memo in memos:
        memo.write_text(json.dumps({"extends": []}), encoding="utf-8")
    again = api.compile_target("solo-v2")
    assert again.ok and again.ir == first.ir and again.sources == first.sources
    for memo in memos:
        memo.write_text("{not json", encoding="utf-8")
    last = api.compile_target("solo-v2")
    assert last.ok and last.cached and last.ir == first.ir


def test_a_new_sibling_of_the_extended_ruleset_is_not_missed(
    tmp_path: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "ruleset.tsr").write_text('ruleset "Mine" {\n  extends "standard"\n}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    first = api.compile_target("mine")
    assert first.ok and not first.cached
    assert api.compile_target("mine").cached
    # A copy of standard next to it now wins over the installed one (as `load_chain` has it).
    shutil.copytree(RULES / "standard", tmp_path / "standard")
    victory = tmp_path / "standard" / "victory.tsr"
    victory.write_text(victory.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    second = api.compile_target("mine")
    assert second.ok and not second.cached
    assert os.path.join("standard", "victory.tsr") in second.sources
    assert api.compile_target("mine").cached


@pytest.mark.parametrize("depth", [api.MAX_IR_DEPTH, api.MAX_IR_DEPTH + 1])
def test_depth_limit_and_where_it_is_reported(depth: int) -> None:
    ir: dict[str, Any] = {}
    nodes: list[Any] = [ir]  # nodes[i] lies at depth i + 1
    while len(nodes) < depth:
        child: Any = [] if len(nodes) % 2 else {}
        parent = nodes[-1]
        if isinstance(parent, dict):
            parent["x"] = child
        else:
            parent.append(child)
        nodes.append(child)
    where = {id(nodes[5]): Pos("a.tsr", 3, 1)}
    sink = Sink()
    api._check_depth(ir, where, sink)
    if depth <= api.MAX_IR_DEPTH:
        assert sink.items == []
    else:
        assert [(d.code, d.pos) for d in sink.items] == [("E106", Pos("a.tsr", 3, 1))]


def test_forgetting_between_compiles_makes_the_next_one_do_all_its_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from twilight.compiler import loader

    monkeypatch.setattr(api, "_rust_validator", lambda: None)  # jsonschema's remembering pass, then

    first = api.compile_target("standard", use_cache=False)
    assert first.ok and loader._PARSE_CACHE and api._screen().passed
    api.forget_between_compiles()
    assert not loader._PARSE_CACHE and not api._screen().passed and not api._screen().numbers
    again = api.compile_target("standard", use_cache=False)
    assert again.ok and again.ir == first.ir


@pytest.mark.parametrize(
    ("raised", "code", "message"),
    [
        (ValueError("boom"), "E902", "could not build the syntax tree: boom"),
        (RecursionError("deep"), "E106", "the file nests too deeply to compile"),
    ],
)
def test_a_failing_builder_is_reported(
    raised: Exception, code: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from twilight.compiler import parser

    def failing(self: Any, meta: Any, children: list[Any]) -> Any:
        raise raised

    monkeypatch.setitem(parser._BUILDERS, "int_lit", failing)
    sink = Sink()
    assert parser.parse_text("function f(): int { 1 }\n", "f.tsr", sink) is None
    assert [(d.code, d.message, d.pos) for d in sink.items] == [(code, message, Pos("f.tsr", 1, 1))]


def test_the_ir_cache_does_not_depend_on_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`twilight play` run from another folder finds the IR compiled from here, and a cached warning
    names its file as seen from the folder it is shown in."""
    monkeypatch.setenv("TWILIGHT_CACHE", str(tmp_path / "cache"))
    lone = tmp_path / "rules" / "extra.tsr"
    lone.parent.mkdir()
    lone.write_text("function extra_value(): int {\n  1\n}\n", encoding="utf-8")  # W201: no source
    monkeypatch.chdir(tmp_path)
    first = api.compile_target(str(lone))
    assert not first.cached and [d.code for d in first.diagnostics] == ["W201"]
    assert first.diagnostics[0].pos is not None and first.diagnostics[0].pos.file == "rules/extra.tsr"
    elsewhere = tmp_path / "rules"
    monkeypatch.chdir(elsewhere)
    again = api.compile_target(str(lone))
    assert again.cached and again.ir == first.ir
    assert again.diagnostics[0].pos is not None and again.diagnostics[0].pos.file == "extra.tsr"
    monkeypatch.chdir(ROOT)
    named = api.compile_target("solo-v2")
    monkeypatch.chdir(tmp_path)
    assert api.compile_target("solo-v2").cached and named.ir is not None
