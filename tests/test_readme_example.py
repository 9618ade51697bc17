"""README.md shows a rule file's mistake as `twilight check` reports it: the example is made again here
(the typo put into a copy of the rules) and must read as the compiler prints it, position and caret
included (it once said 14:12, its caret two columns right, where the compiler says 14:10)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from twilight.compiler.api import compile_target
from twilight.compiler.diagnostics import render

ROOT = Path(__file__).resolve().parent.parent


def readme_example() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"a hint where one exists:\n\n```\n(.*?)```", text, re.DOTALL)
    assert found is not None, "README.md lost its example of a reported mistake"
    return found.group(1).rstrip("\n").split("\n")


def test_the_readme_example_is_what_check_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = readme_example()
    head = re.match(r"(rules/[\w/.-]+\.tsr):(\d+):\d+: error\[E\d+\]: unknown \w+ '(\w+)'", shown[0])
    assert head is not None, shown[0]
    rel, line, typo = head.group(1), int(head.group(2)), head.group(3)
    right = re.search(r"did you mean '(\w+)'", "\n".join(shown))
    assert right is not None
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    file = tmp_path / rel
    lines = file.read_text(encoding="utf-8").split("\n")
    assert right.group(1) in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(right.group(1), typo, 1)
    file.write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = compile_target(f"rules/{rel.split('/')[1]}", use_cache=False)
    [diag] = [d for d in result.diagnostics if d.severity.value == "error"]
    printed = render(diag, result.sources).rstrip("\n").split("\n")
    assert printed == shown
