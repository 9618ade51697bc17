"""The contract of a primitive with the game's place in the rules (runtime/resumable.py): a primitive
that can lead to a decision (it asks one, sets off a trigger, or runs rule code) must be marked
`@continues` and keep a record of where it is, else a copy of the game taken up at a decision inside it
would run again what it did before the decision. Read from the primitives' code (ast): a registered
primitive whose code, or that of a helper of its module it calls, asks, fires or runs rule code, carries
the mark."""

from __future__ import annotations

import ast
from pathlib import Path

from twilight.runtime.game import IMPLEMENTATIONS

ROOT = Path(__file__).resolve().parent.parent
# The core's primitives, and the solo AI's (they register themselves from runtime/solo/).
PRIMITIVE_FOLDERS = (ROOT / "runtime" / "core" / "primitives", ROOT / "runtime" / "solo")
# The engine's methods that put a decision or can lead to one.
LEADING = {"ask", "ask_one", "ask_at", "ask_one_at", "fire", "call_procedure", "run_procedure"}


def _calls(fn: ast.FunctionDef) -> tuple[set[str], set[str]]:
    """The engine methods of LEADING it calls (`x.ask(...)`), and the plain names it calls (`helper(...)`)."""
    methods, names = set(), set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr in LEADING:
                methods.add(node.func.attr)
            elif isinstance(node.func, ast.Name):
                names.add(node.func.id)
    return methods, names


def test_every_primitive_that_can_lead_to_a_decision_is_marked() -> None:
    functions: dict[str, ast.FunctionDef] = {}
    registered: dict[str, str] = {}  # function name -> registered primitive name
    for path in sorted(path for folder in PRIMITIVE_FOLDERS for path in folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                functions[node.name] = node
    for name, fn in IMPLEMENTATIONS.items():
        registered[fn.__name__] = name
    leads: dict[str, bool] = {}

    def can_lead(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name in leads:
            return leads[name]
        fn = functions.get(name)
        if fn is None or name in seen:
            return False
        methods, names = _calls(fn)
        found = bool(methods) or any(can_lead(n, seen | {name}) for n in names if n in functions)
        leads[name] = found
        return found

    unmarked = [
        f"{registered[name]} ({name})"
        for name in sorted(registered)
        if can_lead(name) and not hasattr(IMPLEMENTATIONS[registered[name]], "continues")
    ]
    assert not unmarked, f"primitives that can lead to a decision without @continues: {unmarked}"
    marked = [n for n in registered if hasattr(IMPLEMENTATIONS[registered[n]], "continues")]
    assert len(marked) >= 20 and all(can_lead(n) for n in marked), [n for n in marked if not can_lead(n)]
