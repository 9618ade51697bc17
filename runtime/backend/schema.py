"""Builds the JSON Schema (draft 2020-12) of the IR from the runtime registry.

The IR encodes a query call as {"call": {"<name>": [args]}} and an effect as {"do": {"<name>": [args]}}
so that the schema checks each name and its arity with one property lookup. The vocabulary (signatures,
triggers, actions, modifiers, expiries, statuses, moments, enums, contexts) is copied into the schema
under "x-twilight", which is where the compiler reads it from.
"""

from __future__ import annotations

from typing import Any

from twilight.runtime.core import registry

IR_VERSION = 1
_REF = {"$ref": "#/$defs/expr"}
_BODY = {"$ref": "#/$defs/body"}
_COMMON_TAGS = [
    "var",
    "call",
    "op",
    "ref",
    "do",
    "let",
    "if",
    "choose",
    "forbid",
    "on",
    "modify",
    "list",
    "each",
]
_OPT_EXPR = {"anyOf": [{"$ref": "#/$defs/expr"}, {"type": "null"}]}


_SRC = {"src": {"type": "string"}}  # optional: where a statement or an item is in the rule files


def _obj(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    props = dict(required)
    props.update(optional or {})
    return {
        "type": "object",
        "required": sorted(required),
        "properties": props,
        "additionalProperties": False,
    }


def _union(forms: dict[str, dict[str, Any]], scalars: list[str] | None = None) -> dict[str, Any]:
    """A tagged union: each object form has one key no other form has (its tag).

    `dependentSchemas` applies a form's schema only when its tag is present, so validation never tries
    the wrong forms (an `anyOf` would, and collect every error of each).
    """
    union: dict[str, Any] = {
        "type": [*(scalars or []), "object"],
        "dependentSchemas": forms,
    }
    # The tag check tries tags in turn; the common ones first make it cheap.
    rank = {tag: i for i, tag in enumerate(_COMMON_TAGS)}
    ordered = sorted(forms, key=lambda tag: rank.get(tag, len(rank)))
    tags = {"anyOf": [{"required": [tag]} for tag in ordered]}
    if scalars:
        union["if"] = {"type": "object"}
        union["then"] = tags
    else:
        union.update(tags)
    return union


def _arity(prim: registry.Primitive) -> dict[str, Any]:
    n = len(prim.params)
    spec: dict[str, Any] = {"type": "array", "items": _REF, "minItems": n}
    if not prim.variadic:
        spec["maxItems"] = n
    return spec


def _calls(effects: bool) -> dict[str, Any]:
    prims = [p for p in registry.PRIMITIVES if (p.returns is None) == effects]
    return {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": {p.name: _arity(p) for p in prims},
        "additionalProperties": False,
    }


def vocabulary() -> dict[str, Any]:
    return {
        "ir_version": IR_VERSION,
        "primitives": {
            p.name: {
                "params": [[a.name, a.type] for a in p.params],
                "returns": p.returns,
                "variadic": p.variadic,
                "random": p.name in registry.NONDETERMINISTIC_QUERIES,
                "doc": p.doc,
            }
            for p in registry.PRIMITIVES
        },
        "triggers": registry.TRIGGERS,
        "actions": registry.ACTIONS,
        "modifiers": registry.MODIFIERS,
        "expiries": {k: list(v) for k, v in registry.EXPIRIES.items()},
        "statuses": {k: list(v) for k, v in registry.STATUSES.items()},
        "moments": registry.MOMENTS,
        "enums": {k: list(v) for k, v in registry.ENUMS.items()},
        "contexts": registry.CONTEXTS,
        "contract": contract(),
    }


def _need(need: registry.Need) -> dict[str, Any]:
    return {
        "kind": need.kind,
        "doc": need.doc,
        "params": [[a.name, a.type] for a in need.params],
        "returns": need.returns,
        "columns": [[c.name, c.type] for c in need.columns],
        "keys": list(need.keys),
        "optional": need.optional,
        "least_params": need.least_params,
        "values": list(need.values),
        "track": need.track,
        "declares": list(need.declares),
    }


def contract() -> dict[str, Any]:
    """What the runtime needs from a ruleset (registry.Need): each need once, the needs of each primitive
    and of the engine by when they apply."""
    return {
        "kinds": list(registry.NEED_KINDS),
        "needs": {name: _need(need) for name, need in registry.all_needs().items()},
        "primitives": {prim: [n.name for n in needs] for prim, needs in registry.PRIMITIVE_NEEDS.items()},
        "engine": {when: [n.name for n in needs] for when, needs in registry.ENGINE_NEEDS.items()},
        "when": registry.NEEDS_WHEN,
        "solo_setting": registry.SOLO_SETTING.name,
    }


def build_schema() -> dict[str, Any]:
    provenance = _obj(
        {"sources": {"type": "array", "items": {"type": "string"}}},
        {"provisional": {"type": "array", "items": {"type": "string", "pattern": r"^P[0-9]+(\.[0-9]+)*: "}}},
    )
    decl_common = {"provenance": {"$ref": "#/$defs/provenance"}, "src": {"type": "string"}}
    ident = {"type": "string", "pattern": "^[a-z_][a-z0-9_]*$"}
    ids = {"type": "array", "items": ident}
    sort_key = _obj({"key": _REF, "desc": {"type": "boolean"}})
    param = _obj({"name": ident, "type": {"type": "string"}})

    expr_forms = {
        "str": _obj({"str": {"type": "string"}}),
        "var": _obj({"var": ident}),
        "ref": _obj(
            {
                "ref": {
                    "enum": [
                        "country",
                        "region",
                        "card",
                        "side",
                        "superpower",
                        "setting",
                        "table",
                        "order",
                        "enum",
                        "variable",
                        "zone",
                        "track",
                    ]
                },
                "id": ident,
            },
            {"type": ident},
        ),
        "call": _obj({"call": {"$ref": "#/$defs/query_call"}}),
        "fn": _obj({"fn": ident, "args": {"type": "array", "items": _REF}}),
        "pick": _obj({"pick": ident, "args": {"type": "array", "items": _REF}}),
        "agg": _obj(
            {
                "agg": {"enum": ["count", "sum", "max", "min", "any", "all"]},
                "item": _REF,
                "bind": ident,
                "in": _REF,
                "where": _OPT_EXPR,
            }
        ),
        "list": _obj({"list": {"type": "array", "items": _REF}}),
        "each": _obj(
            {
                "each": ident,
                "in": _REF,
                "where": _OPT_EXPR,
                "order": {"type": "array", "items": {"$ref": "#/$defs/sort_key"}},
            }
        ),
        "op": _obj(
            {
                "op": {
                    "enum": [
                        "and",
                        "or",
                        "not",
                        "neg",
                        "==",
                        "!=",
                        "<",
                        "<=",
                        ">",
                        ">=",
                        "+",
                        "-",
                        "*",
                        "in",
                        "not_in",
                        "if",
                    ]
                },
                "args": {"type": "array", "items": _REF, "minItems": 1, "maxItems": 3},
            }
        ),
    }

    stmt_forms = {
        "do": _obj({"do": {"$ref": "#/$defs/effect_call"}}),
        # "src": where the statement is ("standard/sequence.tsr:12"), for the step limit's message
        "run": _obj({"run": ident, "args": {"type": "array", "items": _REF}}, _SRC),
        "let": _obj({"let": ident, "value": _REF}),
        "set": _obj({"set": ident, "value": _REF}),
        "if": _obj({"if": _REF, "then": _BODY, "else": _BODY}),
        "for_each": _obj({"for_each": ident, "in": _REF, "where": _OPT_EXPR, "body": _BODY}),
        "repeat": _obj({"repeat": _REF, "as": {"anyOf": [ident, {"type": "null"}]}, "body": _BODY}, _SRC),
        "while": _obj({"while": _REF, "body": _BODY}, _SRC),
        "choose": _obj(
            {
                "choose": ident,
                "in": _REF,
                "where": _OPT_EXPR,
                "by": _REF,
                "count": _OPT_EXPR,
                "up_to": _OPT_EXPR,
                "distinct": {"type": "boolean"},
                "optional": {"type": "boolean"},
                "decision": ident,
                "body": _BODY,
                "otherwise": _BODY,
            }
        ),
        "decide": _obj(
            {
                "decide": ident,
                "by": _REF,
                "options": {
                    "type": "array",
                    "minItems": 1,
                    "items": _obj({"name": ident, "when": _OPT_EXPR, "body": _BODY}),
                },
            }
        ),
        "lasting": _obj(
            {
                "lasting": ident,
                "until": {"enum": sorted(registry.EXPIRIES)},
                "until_args": {"type": "array", "items": _REF},
                "items": {"type": "array", "items": {"$ref": "#/$defs/effect_item"}},
            },
            {"provenance": {"$ref": "#/$defs/provenance"}},
        ),
        "phase": _obj(
            {
                "phase": ident,
                "step": {"type": "boolean"},
                "label": {"type": ["string", "null"]},
                "body": _BODY,
            },
            {"provenance": {"$ref": "#/$defs/provenance"}},
        ),
        "stop": _obj({"stop": {"const": True}}),
        "phases": _obj({"phases": ident, "until": {"anyOf": [ident, {"type": "null"}]}}, _SRC),
    }

    item_common = {"provenance": {"$ref": "#/$defs/provenance"}}
    effect_item_forms = {
        "modify": _obj(
            {
                "modify": {"enum": sorted(registry.MODIFIERS)},
                "mode": {"enum": ["by", "to"]},
                "value": _REF,
                "when": _OPT_EXPR,
            },
            item_common,
        ),
        "forbid": _obj(
            {
                "forbid": {"type": "array", "minItems": 1, "items": {"enum": sorted(registry.ACTIONS)}},
                "when": _OPT_EXPR,
                "code": {"anyOf": [ident, {"type": "null"}]},
            },
            item_common,
        ),
        "on": _obj(
            {"on": {"enum": sorted(registry.TRIGGERS)}, "when": _OPT_EXPR, "body": _BODY},
            {**item_common, **_SRC},
        ),
        "allow": _obj({"allow": ident, "by": _REF, "when": _OPT_EXPR, "body": _BODY}, item_common),
        "status": _obj(
            {"status": {"enum": sorted(registry.STATUSES)}, "args": {"type": "array", "items": _REF}},
            item_common,
        ),
        "ends_on": _obj({"ends_on": {"enum": sorted(registry.TRIGGERS)}, "when": _OPT_EXPR}, item_common),
    }

    cell = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 2,
        "maxItems": 2,
    }
    country = _obj(
        {
            "region": ident,
            "subregions": ids,
            "stability": {"type": "integer", "minimum": 1, "maximum": 9},
            "battleground": {"type": "boolean"},
            "adjacent": ids,
        },
        decl_common,
    )
    card = _obj(
        {
            "number": {"type": "integer", "minimum": 1},
            "ops": {"type": "integer", "minimum": 0, "maximum": 4},
            "side": {"enum": list(registry.ENUMS["card_side"])},
            "period": {"enum": list(registry.ENUMS["period"])},
            "starred": {"type": "boolean"},
            "permanent": {"type": "boolean"},
            "scoring": {"type": "boolean"},
            "optional": {"type": "boolean"},
            "no_event": {"type": "boolean"},
            "event": {"anyOf": [_BODY, {"type": "null"}]},
            "enables": ids,
            "prevents": ids,
            "requires_any": ids,
            "prevented_by": ids,
        },
        {"held_by": ident, **decl_common},
    )
    option = _obj(
        {
            "number": {"type": "integer", "minimum": 0},
            "name": ident,
            "where": {"type": "array", "items": _REF},
            "when": {"type": "array", "items": _REF},
            "prefer": {"type": "array", "items": {"$ref": "#/$defs/sort_key"}},
            "place": _OPT_EXPR,
        },
        {"provenance": {"$ref": "#/$defs/provenance"}},
    )
    priority = _obj(
        {
            "params": {"type": "array", "items": param},
            "target": param,
            "restart": {"anyOf": [ident, {"type": "null"}]},
            "requires": {
                "type": "array",
                "items": _obj({"expr": _REF}, {"provenance": {"$ref": "#/$defs/provenance"}}),
            },
            "options": {"type": "array", "minItems": 1, "items": option},
            "final": {
                "type": "array",
                "items": _obj(
                    {"key": _REF, "desc": {"type": "boolean"}}, {"provenance": {"$ref": "#/$defs/provenance"}}
                ),
            },
        },
        decl_common,
    )
    moment = _obj(
        {"moment": {"enum": sorted(registry.MOMENTS)}, "region": {"anyOf": [ident, {"type": "null"}]}}
    )
    appendix = _obj(
        {
            "number": {"type": "integer", "minimum": 1},
            "events": {
                "type": "array",
                "items": _obj(
                    {
                        "moments": {"type": "array", "minItems": 1, "items": moment},
                        "when": _OPT_EXPR,
                        "resolve": {"anyOf": [_BODY, {"type": "null"}]},
                    },
                    {"provenance": {"$ref": "#/$defs/provenance"}},
                ),
            },
            "ops_only": {"type": "boolean"},
            "reaction": {"anyOf": [_BODY, {"type": "null"}]},
            "against_human": {"anyOf": [_BODY, {"type": "null"}]},
        },
        decl_common,
    )
    table = _obj(
        {
            "roll": _OPT_EXPR,
            "keys": {"type": "array", "items": {"type": "string"}},
            "columns": {
                "type": "array",
                "minItems": 1,
                "items": _obj(
                    {
                        "label": {"type": "string"},
                        "faces": {
                            "anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}]
                        },
                    }
                ),
            },
            "rows": {
                "type": "array",
                "items": _obj(
                    {
                        "keys": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9_]+$"}},
                        "cells": {"type": "array", "items": {"type": "integer"}},
                    }
                ),
            },
            "totals": {"type": "array", "items": _obj({"keys": ids, "total": {"type": "integer"}})},
        },
        decl_common,
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://twilight.invalid/ir.schema.json",
        "title": "twilight ruleset IR",
        "description": "Generated by `twilight dev schema --write` from runtime/registry.py; do not edit.",
        "type": "object",
        "required": [
            "ir_version",
            "ruleset",
            "settings",
            "map",
            "cards",
            "priorities",
            "appendix",
            "tables",
            "orders",
            "procedures",
            "functions",
            "sequence",
            "rules",
        ],
        "additionalProperties": False,
        "properties": {
            "ir_version": {"const": IR_VERSION},
            "ruleset": _obj(
                {
                    "name": {"type": "string"},
                    "title": {"type": "string"},
                    "version": {"type": ["string", "null"]},
                    "description": {"type": ["string", "null"]},
                    "chain": {"type": "array", "items": {"type": "string"}},
                },
                decl_common,
            ),
            "settings": {
                "type": "object",
                "additionalProperties": _obj(
                    {
                        "type": {"enum": ["bool", "int", "enum"]},
                        "values": ids,
                        "default": {"type": ["boolean", "integer", "string"]},
                    },
                    # `int from MIN to MAX`: the values a game may give an int setting, both included
                    {
                        "min": {"type": "integer"},
                        "max": {"type": "integer"},
                        "asked": {"type": "boolean"},
                        **decl_common,
                    },
                ),
            },
            # the state the ruleset declares: `variable NAME: TYPE = VALUE`, `zone NAME`, `track NAME from
            # MIN to MAX [per side]`
            "variables": {
                "type": "object",
                "additionalProperties": _obj({"type": {"type": "string"}, "initial": {}}, decl_common),
            },
            "zones": {
                "type": "object",
                "additionalProperties": _obj({}, {"face_down": {"type": "boolean"}, **decl_common}),
            },
            "tracks": {
                "type": "object",
                "additionalProperties": _obj(
                    {"min": {"type": "integer"}, "max": {"type": "integer"}, "per_side": {"type": "boolean"}},
                    {"start": {"type": "integer"}, **decl_common},
                ),
            },
            "map": _obj(
                {
                    "regions": {
                        "type": "object",
                        "additionalProperties": _obj(
                            {"parent": {"anyOf": [ident, {"type": "null"}]}}, decl_common
                        ),
                    },
                    "sides": {
                        "type": "object",
                        "additionalProperties": _obj(
                            {"superpower": ident, "adjacent": ids},
                            {registry.FIRST_SIDE.name: {"const": True}, **decl_common},
                        ),
                    },
                    "countries": {"type": "object", "additionalProperties": country},
                },
                {
                    # where `twilight board` draws each box and region name: grid cells [column, row]
                    "layout": _obj(
                        {
                            "name": ident,
                            "places": {"type": "object", "additionalProperties": cell},
                            "labels": {"type": "object", "additionalProperties": cell},
                        },
                        decl_common,
                    )
                },
            ),
            "cards": {"type": "object", "additionalProperties": card},
            "priorities": {"type": "object", "additionalProperties": priority},
            "appendix": {"type": "object", "additionalProperties": appendix},
            "tables": {"type": "object", "additionalProperties": table},
            "orders": {"type": "object", "additionalProperties": _obj({"items": ids}, decl_common)},
            "procedures": {
                "type": "object",
                "additionalProperties": _obj(
                    {"params": {"type": "array", "items": param}, "body": _BODY}, decl_common
                ),
            },
            "functions": {
                "type": "object",
                "additionalProperties": _obj(
                    {
                        "params": {"type": "array", "items": param},
                        "returns": {"type": "string"},
                        "body": _REF,
                    },
                    decl_common,
                ),
            },
            "sequence": _obj({"name": ident, "body": _BODY}, decl_common),
            "moments": {
                "type": "object",
                "additionalProperties": _obj(
                    {
                        "setup": {"type": "boolean"},
                        "params": {"type": "array", "items": param},
                        "body": _BODY,
                    },
                    decl_common,
                ),
            },
            "rules": {
                "type": "object",
                "additionalProperties": _obj(
                    {
                        "kind": {"enum": ["rule", "restriction", "victory"]},
                        "items": {"type": "array", "items": {"$ref": "#/$defs/effect_item"}},
                    },
                    decl_common,
                ),
            },
        },
        "$defs": {
            "provenance": provenance,
            "sort_key": sort_key,
            "expr": _union(expr_forms, ["integer", "boolean", "null"]),
            "body": {"type": "array", "items": {"$ref": "#/$defs/stmt"}},
            "stmt": _union(stmt_forms),
            "effect_item": _union(effect_item_forms),
            "query_call": _calls(effects=False),
            "effect_call": _calls(effects=True),
        },
        "x-twilight": vocabulary(),
    }
