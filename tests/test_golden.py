"""Golden IR snapshots: the compiled IR of each ruleset equals tests/golden/<ruleset>.ir.json.

A change to a rule file (or to the compiler) that changes the IR makes this test fail with a diff.
When the change is intended, rewrite the snapshots and commit them with it:

    UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

(with UPDATE_GOLDEN=1 the test writes the files instead of comparing, and passes.)
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
from pathlib import Path

import pytest
from helpers import ROOT, RULESETS, describe, dump_ir, twilight_cmd
from twilight.compiler.api import compile_target

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def golden_path(name: str) -> Path:
    return GOLDEN / f"{name}.ir.json"


@pytest.mark.parametrize("name", RULESETS)
def test_ir_matches_golden(name: str) -> None:
    result = compile_target(name, use_cache=False)
    assert result.ok and result.ir is not None, f"{name} does not compile:\n{describe(result.diagnostics)}"
    text = dump_ir(result.ir)
    path = golden_path(name)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    if not path.is_file():
        pytest.fail(
            f"golden file {path.relative_to(ROOT)} is missing; create it with "
            f"`UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`, review it and commit it"
        )
    want = path.read_text(encoding="utf-8")
    if json.loads(want) != result.ir or want != text:
        diff = difflib.unified_diff(
            want.splitlines(),
            text.splitlines(),
            f"golden/{name}.ir.json",
            f"compiled {name}",
            lineterm="",
            n=2,
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"the IR of {name} differs from {path.relative_to(ROOT)} (first lines of the diff below); if the "
            f"change is intended, run `UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`\n{shown}"
        )


@pytest.mark.parametrize("name", RULESETS)
def test_compile_is_deterministic_in_process(name: str) -> None:
    first = compile_target(name, use_cache=False)
    second = compile_target(name, use_cache=False)
    assert first.ir is not None and second.ir is not None, describe(first.diagnostics)
    assert not first.cached and not second.cached
    assert dump_ir(first.ir).encode() == dump_ir(second.ir).encode()


@pytest.mark.skipif(twilight_cmd() is None, reason="needs the installed `twilight` console script")
def test_compile_is_deterministic_across_processes(tmp_path: Path) -> None:
    """Fresh processes with different hash seeds (set and dict orders) write byte-identical IR."""
    cmd = twilight_cmd()
    assert cmd is not None
    outputs = []
    for seed in ("1", "2", "12345"):
        out = tmp_path / f"solo-{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run(
            [*cmd, "compile", "solo-v2", "--no-cache", "-o", str(out)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]
    golden = golden_path("solo-v2")
    if golden.is_file() and not UPDATE:
        assert outputs[0] == golden.read_bytes(), "`twilight compile` output differs from the golden IR"
