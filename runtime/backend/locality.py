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
from twilight.runtime.core.board_reads import BoardReads
from twilight.runtime.core.primitives.map_queries import board_of_ir

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


# ---------------------------------------------------------------------- what a rule function reads
# Primitives that read the influence in their one country argument, and nothing else of the game.
_INFLUENCE_AT = ("controls", "influence", "control_margin", "ops_to_control", "ops_to_break_control")
# Primitives that read the modifiers in force of one quantity (and their argument values).
_MODIFIERS_READ = {"battlegrounds_counted": "scoring_battlegrounds"}
# Primitives that read the ruleset alone (its tables), or which cards' effects are in force.
_TABLES = frozenset({"table_value"})
_EFFECTS = "in_effect"
_MEMBERS = "countries"  # (the countries of a region: a loop over them reads their influence)


class _Unknown(Exception):
    """The function reads something of the game this description has no word for."""


def board_reads(ir: dict[str, Any], name: str) -> BoardReads | None:
    """What the rule function `name` reads of a game (core/board_reads.py), or None when it reads
    anything else, calls a function that does, or is no function of the ruleset."""
    function = ir.get("functions", {}).get(name)
    if function is None:
        return None
    found = _Found()
    env: dict[str, tuple[Any, ...]] = {
        p["name"]: ("param_region", i) if p.get("type") == "region" else ("other",)
        for i, p in enumerate(function["params"])
    }
    try:
        found.expression(ir.get("functions", {}), function["body"], env, depth=0)
    except _Unknown:
        return None
    members = board_of_ir(ir).members
    countries: dict[str, None] = {}
    for source in sorted(found.sources, key=repr):
        if source[0] == "region":
            countries.update(dict.fromkeys(members.get(source[1], ())))
    countries.update(dict.fromkeys(sorted(found.countries)))
    return BoardReads(
        region_params=tuple(sorted(i for kind, i in found.sources if kind == "param_region")),
        countries=tuple(countries),
        effects=found.effects,
        quantities=tuple(sorted(found.quantities)),
    )


class _Found:
    """What an expression reads, gathered as it is gone through (`expression`): the regions whose
    countries' influence (a parameter's, by its position, or a named one), the countries named, whether
    the effects in force, the quantities whose modifiers."""

    def __init__(self) -> None:
        self.sources: set[tuple[str, Any]] = set()
        self.countries: set[str] = set()
        self.effects = False
        self.quantities: set[str] = set()

    def expression(
        self, functions: Mapping[str, Any], node: Any, env: dict[str, tuple[Any, ...]], depth: int
    ) -> None:
        if node is None or isinstance(node, (bool, int, str)):
            return
        if isinstance(node, list):
            for item in node:
                self.expression(functions, item, env, depth)
            return
        if not isinstance(node, dict) or "pick" in node:
            raise _Unknown
        if "str" in node or "var" in node:
            return
        if "ref" in node:
            if node["ref"] not in _NAMED_CONSTANTS:
                raise _Unknown  # (a setting, a variable of the state)
            return
        if "call" in node:
            ((name, args),) = node["call"].items()
            self._primitive(functions, name, args, env, depth)
            return
        if "fn" in node:
            self._function(functions, node["fn"], node.get("args", []), env, depth)
            return
        if "agg" in node or "each" in node:
            bind = node.get("bind", node.get("each"))
            self.expression(functions, node["in"], env, depth)
            inner = {**env, str(bind): self._member_of(node["in"], env)}
            self.expression(functions, [node.get("item"), node.get("where")], inner, depth)
            for order in node.get("order") or ():
                self.expression(functions, order.get("key"), inner, depth)
            if set(node) - {"agg", "each", "bind", "in", "item", "where", "order"}:
                raise _Unknown  # (a form of loop this description does not know)
            return
        if "list" in node:
            self.expression(functions, node["list"], env, depth)
            return
        if "op" in node:
            self.expression(functions, node["args"], env, depth)
            return
        raise _Unknown

    def _primitive(
        self,
        functions: Mapping[str, Any],
        name: str,
        args: list[Any],
        env: dict[str, tuple[Any, ...]],
        depth: int,
    ) -> None:
        self.expression(functions, args, env, depth)
        if name in _INFLUENCE_AT:
            position = AT_ITS_COUNTRY[name]
            at = _value_of(args[position], env) if len(args) > position else ("other",)
            if at[0] == "country_of":
                self.sources.add(at[1])
            elif at[0] == "country":
                self.countries.add(at[1])
            else:
                raise _Unknown  # (a country it is given, or reached another way: not described)
        elif name in _MODIFIERS_READ:
            self.quantities.add(_MODIFIERS_READ[name])
        elif name == _EFFECTS:
            self.effects = True
        elif name not in STATE_FREE and name not in _TABLES:
            raise _Unknown

    def _function(
        self,
        functions: Mapping[str, Any],
        name: str,
        args: list[Any],
        env: dict[str, tuple[Any, ...]],
        depth: int,
    ) -> None:
        function = functions.get(name)
        if function is None or depth > _DEEPEST:
            raise _Unknown
        self.expression(functions, args, env, depth)
        params = [p["name"] for p in function["params"]]
        inner = {p: _value_of(a, env) for p, a in zip(params, args, strict=False)}
        self.expression(functions, function["body"], inner, depth + 1)

    @staticmethod
    def _member_of(source: Any, env: dict[str, tuple[Any, ...]]) -> tuple[Any, ...]:
        """What a loop's variable holds: a country of a region (`countries(R)`), else anything."""
        if isinstance(source, dict) and "call" in source:
            ((name, args),) = source["call"].items()
            if name == _MEMBERS and len(args) == 1:
                region = _value_of(args[0], env)
                if region[0] in ("param_region", "region"):
                    return ("country_of", region)
        return ("other",)


_DEEPEST = 32  # (rule functions never call themselves, E510: a bound all the same)


def _value_of(node: Any, env: dict[str, tuple[Any, ...]]) -> tuple[Any, ...]:
    """What an argument holds, as far as the description goes: a parameter's region, a named region or
    country, a country of a region; anything else."""
    if isinstance(node, dict):
        if "var" in node:
            return env.get(str(node["var"]), ("other",))
        if node.get("ref") == "region":
            return ("region", node["id"])
        if node.get("ref") == "country":
            return ("country", node["id"])
    return ("other",)
