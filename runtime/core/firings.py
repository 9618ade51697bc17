"""How often declarations fire in a game: the balance lab's measure of what a variant's change does.

A game counts when its engine holds a counter (`Engine.firings`, the real game's alone: the copies the
search and the AI's look-ahead make hold none). What counts as firing, by kind of declaration:

- procedure: called; priority list: asked (and which option decided, by the option's name or number);
- appendix entry: asked by the AI about its card (and `held`: a line's condition held);
- table: read; card: played in an action round;
- rule function: called (only those named to `Program(counted=...)`, runtime/backend/program.py, which are
  then never written out in place of their calls; `count_functions` wraps them).

Every other kind of declaration (a setting, a track, a standing rule, the sequence…) is in force in every
game: it has no count.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twilight.runtime.core.compiled import CompiledRules

COUNTED_KINDS = ("procedure", "priority", "appendix", "table", "card", "function")


def count_functions(program: CompiledRules) -> None:
    """Wrap the program's counted rule functions (`Program.counted`) so that each call is counted in the
    calling engine's `firings`, as the generated code and the runtime call them."""
    for name in program.counted:
        function = program.functions.get(name)
        if function is None:
            continue
        counted = _counting(name, function.call)
        function.call = counted
        program.codegen.namespace[f"F_{name}"] = counted


def _counting(name: str, call: Any) -> Any:
    key = ("function", name)

    def counted(engine: Any, *arguments: Any) -> Any:
        firings = engine.firings
        if firings is not None:
            firings[key] += 1
        return call(engine, *arguments)

    return counted


def as_record(firings: Counter[tuple[str, ...]]) -> dict[str, int]:
    """The counts as a game record holds them: `kind:id` (and `kind:id:detail`) -> times."""
    return {":".join(key): n for key, n in sorted(firings.items())}
