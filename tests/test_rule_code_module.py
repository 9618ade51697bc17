"""The generated code of a ruleset is one Python module a person can read (runtime/generated_module.py).

`twilight dev code RULESET` prints it; each function is named after its declaration and carries the rule
file and line it comes from; an error raised inside the rules names that file and line in its message
and in its traceback, whose frames point at the module's own lines (built afresh, or loaded from the
cache folder).
"""

from __future__ import annotations

import copy
import re
import traceback
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from twilight.compiler import api
from twilight.runtime.backend import generated_module
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.rule_errors import RuleError
from twilight.runtime.game import IMPLEMENTATIONS

_DEF = re.compile(r"^def (\w+)\(.*\):  # (\S+\.tsr:\d+)$", re.MULTILINE)


def _ir(ruleset: str) -> dict[str, Any]:
    result = api.compile_target(ruleset)
    assert result.ir is not None
    return result.ir


def test_dev_code_prints_the_module_with_each_function_s_rule_line(tmp_path: Path) -> None:
    status, out = run_cli(["dev", "code", "solo-v2"])
    assert status == 0, out
    ir = _ir("solo-v2")
    lines = dict(_DEF.findall(out))
    # every rule function under its own name, at the file and line it is declared at
    for name, fn in ir["functions"].items():
        assert lines[f"F_{name}"] == fn["src"], name
    # the rest named after their declarations: procedures, cards' events, priority lists, the sequence
    for prefix in ("procedure_ai_operations__", "card_", "priority_ai_", "sequence__", "appendix_"):
        assert any(name.startswith(prefix) for name in lines), prefix
    assert len(lines) > 1000
    compile(out, "<printed>", "exec", dont_inherit=True)  # (Python, as printed)
    written = tmp_path / "solo.py"
    status, said = run_cli(["dev", "code", "solo-v2", "--output", str(written)])
    assert status == 0, said
    assert written.read_text(encoding="utf-8") == out
    status, said = run_cli(["dev", "code", "no_such_ruleset"])
    assert status == 1 and "E002" in said and "Traceback" not in said


def _broken(ruleset: str, function: str) -> dict[str, Any]:
    """The IR with the rule function's body made to fail when the game reaches it (a number added to a
    text: an IR made some other way, which the compiler would refuse)."""
    ir = copy.deepcopy(_ir(ruleset))
    body = ir["functions"][function]["body"]
    ir["functions"][function]["body"] = {"op": "+", "args": [body, {"str": "not a number"}]}
    return ir


@pytest.mark.parametrize("cached", [False, True], ids=["built", "loaded from the cache"])
def test_an_error_in_a_rule_names_its_rule_file_and_line(
    cached: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ir = _broken("standard", "headline_value")  # (asked at the first headline)
    src = ir["functions"]["headline_value"]["src"]
    folder = tmp_path / "cache" if cached else None
    if cached:
        Program(ir, IMPLEMENTATIONS, code_cache=folder)  # (writes the module: the next one loads it)
        monkeypatch.setattr(generated_module, "_COMPILED", {})
    program = Program(ir, IMPLEMENTATIONS, code_cache=folder)
    module = program.codegen.module
    if cached:
        assert module.path is not None and module.filename == str(module.path)
        assert not module.chunks[1:]  # (loaded, not written again)
    engine = Engine(ir, {"us": RandomPlayer(1), "ussr": RandomPlayer(2)}, seed=1, program=program)
    with pytest.raises(RuleError) as raised:
        engine.run()
    message = str(raised.value)
    assert message.startswith(f"{src}: in function headline_value: TypeError"), message
    told = "".join(traceback.format_exception(raised.value))
    # the frame of the rule function points at its line of the generated module, shown as written...
    frame = next(
        f for f in traceback.extract_tb(raised.value.__cause__.__traceback__) if f.name == "F_headline_value"
    )
    assert frame.filename == module.filename
    assert frame.line is not None and "'not a number'" in frame.line
    text = module.source().splitlines()
    assert text[frame.lineno - 1].strip() == frame.line
    # ...and the traceback names the rule file and line, in the note on that error and in the message
    assert f"comes from {src} (function headline_value)" in told
    assert f"RuleError: {src}: in function headline_value" in told


def test_a_statement_s_own_rule_line_is_on_its_code() -> None:
    """A call of a procedure has a rule line of its own (the IR's `src` of the `run`): the code that
    makes it is written under that line, so an error there names it, not the procedure's first line."""
    ir = copy.deepcopy(_ir("standard"))
    program = Program(ir, IMPLEMENTATIONS)
    module = program.codegen.module
    text = module.text().splitlines()
    runs = [
        (number, line)
        for number, line in enumerate(text, 1)
        if line.startswith("    ") and re.search(r"B_\d+\(f, \{.*\}\)  # \S+\.tsr:\d+$", line)
    ]
    assert runs
    for number, line in runs:
        found = module.where(module.filename, number)
        assert found is not None and line.endswith(f"# {found[0]}"), line
    # a line of a function with no rule line of its own (an aggregate's loop, which several share)
    shared = next(number for number, line in enumerate(text, 1) if line.startswith("def A_"))
    assert module.where(module.filename, shared + 1) is None


def test_a_rule_file_name_cannot_end_a_comment_and_start_code() -> None:
    """The rule file and line come from the IR: a line break in them (an IR made some other way) must
    not become a line of the generated module."""
    ir = copy.deepcopy(_ir("standard"))
    ir["functions"]["headline_value"]["src"] = "x.tsr:1\nimport os; os.system('echo planted')\n#"
    program = Program(ir, IMPLEMENTATIONS)
    text = program.codegen.source()
    assert "\nimport os" not in text
    compile(text, "<checked>", "exec", dont_inherit=True)
