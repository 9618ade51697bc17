"""The runtime registry and the committed IR schema agree; the schema is a valid 2020-12 schema."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from helpers import SCHEMA_PATH, run_cli
from twilight.compiler.vocab import schema as compiler_schema
from twilight.compiler.vocab import vocabulary
from twilight.runtime.backend.schema import IR_VERSION, build_schema
from twilight.runtime.core import registry


def committed() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def test_registry_and_schema_agree() -> None:
    built = build_schema()
    assert built == committed(), "compiler/schema/ir.schema.json is stale: run `twilight dev schema --write`"
    # byte for byte, as `twilight dev schema --write` writes it
    text = json.dumps(built, indent=1, ensure_ascii=False) + "\n"
    assert text == SCHEMA_PATH.read_text(encoding="utf-8")


def test_dev_schema_command_agrees() -> None:
    status, out = run_cli(["dev", "schema"])
    assert status == 0, out
    assert "schema and registry agree" in out


def test_compiler_reads_the_committed_schema() -> None:
    assert compiler_schema() == committed()


def test_schema_is_a_valid_2020_12_schema() -> None:
    schema = committed()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert jsonschema.validators.validator_for(schema) is jsonschema.Draft202012Validator
    assert schema["properties"]["ir_version"] == {"const": IR_VERSION}


def test_primitive_names_are_unique() -> None:
    names = [p.name for p in registry.PRIMITIVES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("prim", registry.PRIMITIVES, ids=lambda p: p.name)
def test_primitive_in_schema_with_its_arity(prim: registry.Primitive) -> None:
    defs = committed()["$defs"]
    home, other = ("effect_call", "query_call") if prim.returns is None else ("query_call", "effect_call")
    assert prim.name in defs[home]["properties"], f"{prim.name} missing from $defs/{home}"
    assert prim.name not in defs[other]["properties"], f"{prim.name} is in $defs/{other} too"
    spec = defs[home]["properties"][prim.name]
    assert spec["type"] == "array"
    assert spec["minItems"] == len(prim.params)
    if prim.variadic:
        assert "maxItems" not in spec
    else:
        assert spec["maxItems"] == len(prim.params)
    # the compiler's copy of the signature
    sig = vocabulary().primitives[prim.name]
    assert sig.params == tuple((p.name, p.type) for p in prim.params)
    assert sig.returns == prim.returns
    assert sig.variadic == prim.variadic


def test_schema_has_no_unknown_primitives() -> None:
    defs = committed()["$defs"]
    names = {p.name for p in registry.PRIMITIVES}
    listed = set(defs["query_call"]["properties"]) | set(defs["effect_call"]["properties"])
    assert listed == names
    assert set(committed()["x-twilight"]["primitives"]) == names
    for calls in ("query_call", "effect_call"):
        assert defs[calls]["additionalProperties"] is False
        assert defs[calls]["minProperties"] == defs[calls]["maxProperties"] == 1


def test_vocabulary_tables_copied() -> None:
    vocab = committed()["x-twilight"]
    assert vocab["triggers"] == registry.TRIGGERS
    assert vocab["actions"] == registry.ACTIONS
    assert vocab["modifiers"] == registry.MODIFIERS
    assert vocab["moments"] == registry.MOMENTS
    assert vocab["contexts"] == registry.CONTEXTS
    assert vocab["expiries"] == {k: list(v) for k, v in registry.EXPIRIES.items()}
    assert vocab["statuses"] == {k: list(v) for k, v in registry.STATUSES.items()}
    assert vocab["enums"] == {k: list(v) for k, v in registry.ENUMS.items()}


def _sub_validator(ref: str) -> jsonschema.protocols.Validator:
    """A validator for one of the schema's $defs (its inner references still resolve)."""
    schema = committed()
    return jsonschema.Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": ref}
    )


def test_schema_checks_call_arity() -> None:
    """The schema itself rejects a call with the wrong number of arguments or an unknown name."""
    query = _sub_validator("#/$defs/query_call")
    assert query.is_valid({"defcon": []})
    assert not query.is_valid({"defcon": [1]})
    assert not query.is_valid({"no_such_query": []})
    assert not query.is_valid({"add_influence": [None, None, 1]}), "an effect is not a query"
    assert query.is_valid({"max": [1, 2, 3]}), "max is variadic"
    assert not query.is_valid({"max": [1]})
    effect = _sub_validator("#/$defs/effect_call")
    assert effect.is_valid({"set_defcon": [2]})
    assert not effect.is_valid({"set_defcon": [2, 3]})
    assert not effect.is_valid({"set_defcon": [2], "log": [{"str": "x"}]})
    assert not effect.is_valid({"defcon": []}), "a query is not an effect"
