"""Which rules read the board only at the country they are asked about.

An operation places influence one point at a time, and before each point the side is offered every
country it may place in, with its cost: the prohibitions of `influence` and the modifiers of
`influence_cost`, asked of every country (primitives.operations). A point changes the influence of one
country and the round's placements there, and nothing else when no rule hears it. When every such rule
reads the influence and the placements only of the country it is asked about (its target), only that
country's answers can change from one point to the next; the others are kept.

`reads_board_only_at` tells it from the IR: each primitive that reads the live board (influence,
placements) must be asked about the target itself; every other primitive must read none of it (the
map's facts, the tracks, the effects in force, the influence as the round began); a rule function is
looked into with its parameters bound to what it is given. Anything else (a primitive not named here, a
pick, a die) counts as reading the whole board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twilight.runtime.core import registry

# Primitives that read the live board (a country's influence, the round's placements there) at their
# one country argument, and nothing else of it.
_AT_ITS_COUNTRY = (
    "controls",
    "influence",
    "control_margin",
    "ops_to_control",
    "ops_to_break_control",
    "placed_this_round",
)

# Primitives whose answer depends on their arguments and the ruleset alone (the map's facts, its orders,
# values made of their arguments): the same in every state of every game of the ruleset.
STATE_FREE = frozenset(
    {
        "in_region",
        "region_of",
        "battleground",
        "stability",
        "adjacent_to_superpower",
        "adjacent_to_superpower_of",
        "adjacent_to_region",
        "neighbours",
        "countries",
        "all_countries",
        "rank",
        "opponent",
        "min",
        "max",
        "abs",
        "size",
        "first",
        "concat",
        "take",
        "index_of",
    }
)


# Primitives that read nothing of the live board: the map's facts, lists and numbers, the tracks, the
# settings and the effects in force (unchanged by a point nothing hears), and access, which the
# influence as the round began decides (6.1.1).
BOARD_FREE = STATE_FREE | {
    "accessible",
    "in_effect",
    "defcon",
    "turn",
    "action_round",
    "vp",
    "milops",
    "space_box",
    "in_headline",
    "setting",
    "track_min",
    "track_max",
}

# The names a rule may write that stand for a constant (a country, a card, an enumeration's value…); a
# setting and a declared variable of the state are not among them.
_NAMED_CONSTANTS = frozenset({"country", "region", "card", "side", "table", "order", "enum"})


def reads_no_state(node: Any) -> bool:
    """Whether the IR expression's value follows from the variables it reads and the ruleset alone: only
    constants, variables, operators, lists and STATE_FREE primitives (no rule function, no pick, no
    comprehension, nothing of the game state, settings included)."""
    if isinstance(node, list):
        return all(reads_no_state(item) for item in node)
    if not isinstance(node, dict):
        return True  # a constant
    if "str" in node or "var" in node:
        return True
    if "ref" in node:
        return node["ref"] in _NAMED_CONSTANTS
    if "call" in node:
        ((name, args),) = node["call"].items()
        return name in STATE_FREE and reads_no_state(args)
    if "list" in node:
        return reads_no_state(node["list"])
    if "op" in node:
        return reads_no_state(node["args"])
    return False  # a rule function, a pick, a comprehension or an aggregate: when in doubt, it reads more


def variables_read(node: Any) -> set[str]:
    """The names of the variables an expression that `reads_no_state` reads."""
    if isinstance(node, list):
        return {name for item in node for name in variables_read(item)}
    if not isinstance(node, dict):
        return set()
    if "var" in node:
        return {str(node["var"])}
    return {name for value in node.values() for name in variables_read(value)}


def _country_position(name: str) -> int:
    params = next(p for p in registry.PRIMITIVES if p.name == name).params
    (position,) = [i for i, p in enumerate(params) if p.type == "country"]
    return position


AT_ITS_COUNTRY: dict[str, int] = {name: _country_position(name) for name in _AT_ITS_COUNTRY}


def reads_board_only_at(node: Any, targets: frozenset[str], functions: Mapping[str, Any]) -> bool:
    """Whether the IR expression reads the live board only at the country held by one of the variables
    `targets` (`functions`: the ruleset's rule functions, by name, as in the IR)."""
    return _Reads(functions).only_at(node, targets)


class _Reads:
    def __init__(self, functions: Mapping[str, Any]) -> None:
        self.functions = functions
        self.asked: dict[tuple[str, frozenset[str]], bool] = {}  # (a function asked again, or recursive)

    def only_at(self, node: Any, targets: frozenset[str]) -> bool:
        if isinstance(node, list):
            return all(self.only_at(item, targets) for item in node)
        if not isinstance(node, dict):
            return True  # a constant
        if "pick" in node:
            return False
        if "call" in node:
            ((name, args),) = node["call"].items()
            position = AT_ITS_COUNTRY.get(name)
            if position is not None:
                at = args[position] if position < len(args) else None
                if not (isinstance(at, dict) and at.get("var") in targets):
                    return False
            elif name not in BOARD_FREE:
                return False
            return self.only_at(args, targets)
        if "fn" in node:
            return self._function(node["fn"], node.get("args", []), targets)
        bound = node.get("bind", node.get("each"))
        if isinstance(bound, str) and bound in targets:
            return False  # (a comprehension's variable hiding the target: when in doubt, it reads more)
        return all(self.only_at(value, targets) for key, value in node.items() if key not in ("bind", "each"))

    def _function(self, name: str, args: list[Any], targets: frozenset[str]) -> bool:
        function = self.functions.get(name)
        if function is None or not self.only_at(args, targets):
            return False
        params = [p["name"] for p in function["params"]]
        # its parameters given the target itself are the target in its body
        inner = frozenset(
            p for p, a in zip(params, args, strict=False) if isinstance(a, dict) and a.get("var") in targets
        )
        key = (name, inner)
        if key not in self.asked:
            self.asked[key] = False  # (recursion: assumed to read more until its body says otherwise)
            self.asked[key] = self.only_at(function["body"], inner)
        return self.asked[key]
