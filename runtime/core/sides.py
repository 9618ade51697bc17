"""The two sides of the game, as the ruleset declares them (`side us superpower usa …`).

The sides are needs of the runtime's contract (registry.US_SIDE, registry.USSR_SIDE): every ruleset
declares both, and no other (E601, E206), so the names here are the ruleset's. Python names a side only
through this module: `US`, `USSR` where a rule of the game names one (the USSR sets up first), `sides(ir)`
for both in the ruleset's order, `opponent(side)` for the other one.
"""

from __future__ import annotations

from typing import Any

from twilight.runtime.core import registry
from twilight.runtime.core.rule_errors import RuleError

US: str = registry.US_SIDE.name
USSR: str = registry.USSR_SIDE.name
# Both sides, as the contract names them (the order of the ruleset's map, which the compiler checks).
SIDES: tuple[str, str] = (US, USSR)
_OPPONENT: dict[str, str] = {US: USSR, USSR: US}


def sides(ir: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The sides the ruleset declares, in its order (the contract's, without an IR)."""
    if ir is None:
        return SIDES
    declared = (ir.get("map") or {}).get("sides")
    return tuple(declared) if declared else SIDES


def first(ir: dict[str, Any]) -> str:
    """The side that moves first (`side … moves first`, a need of the contract: registry.FIRST_SIDE)."""
    # (a loop: in 3.11 a generator is a function made at each call, and every copy of a game asks)
    for name, side in ir["map"]["sides"].items():
        if side.get(registry.FIRST_SIDE.name):
            return str(name)
    raise RuleError(
        "contract",
        f"no side of the ruleset {registry.FIRST_SIDE.name.replace('_', ' ')}, which the runtime needs: "
        f"{registry.FIRST_SIDE.doc}",
    )


def opponent(side: str) -> str:
    """The other side."""
    return _OPPONENT[side]


def per_side(value: Any) -> dict[str, Any]:
    """A fresh `{side: value}` for each side (a list or a dict copied for each)."""
    return {s: (value.copy() if isinstance(value, list | dict) else value) for s in SIDES}
