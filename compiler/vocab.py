"""The runtime vocabulary as the compiler sees it: read from the IR schema's "x-twilight" section.

The compiler never imports the runtime; the schema file is the contract between the two, and a test
asserts that it matches the runtime registry.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Signature:
    name: str
    params: tuple[tuple[str, str], ...]
    returns: str | None
    variadic: bool
    doc: str
    random: bool = False  # (it rolls or draws: two calls may differ)

    def render(self) -> str:
        """The signature as the rules write its types (`card or none`)."""
        from twilight.compiler.types import shown

        params = ", ".join(f"{n}: {shown(t)}" for n, t in self.params) + (", ..." if self.variadic else "")
        tail = f" -> {shown(self.returns)}" if self.returns else ""
        return f"{self.name}({params}){tail}"


@dataclass(frozen=True)
class Need:
    """A declaration the runtime calls by name (runtime/registry.py's Need, as the schema gives it)."""

    kind: str
    name: str
    doc: str
    params: tuple[tuple[str, str], ...]
    returns: str | None
    columns: tuple[tuple[str, str], ...]
    keys: tuple[str, ...]
    optional: bool
    least_params: int | None
    values: tuple[str, ...]
    track: str | None = None  # a table read at each box of this track: a row per box
    declares: tuple[str, ...] = ()  # what the declaration must say besides its name (a track's `start`)

    @property
    def pattern(self) -> bool:
        return "<" in self.name

    def prefix(self) -> str:
        return self.name.split("<", 1)[0]


@dataclass(frozen=True)
class Contract:
    """What the runtime needs from a ruleset: the needs by name, those of each primitive, and those of
    the engine by when they apply ("always", "solo": the ruleset declares the setting `solo_setting`)."""

    kinds: tuple[str, ...]
    needs: dict[str, Need]
    primitives: dict[str, tuple[str, ...]]
    engine: dict[str, tuple[str, ...]]
    when: dict[str, str]
    solo_setting: str


@dataclass(frozen=True)
class Vocabulary:
    primitives: dict[str, Signature]
    triggers: dict[str, dict[str, str]]
    actions: dict[str, dict[str, str]]
    modifiers: dict[str, dict[str, str]]
    expiries: dict[str, tuple[str, ...]]
    statuses: dict[str, tuple[str, ...]]
    moments: dict[str, bool]
    enums: dict[str, tuple[str, ...]]
    contexts: dict[str, dict[str, str]]
    contract: Contract


def schema_text() -> str:
    return resources.files("twilight.compiler").joinpath("schema/ir.schema.json").read_text(encoding="utf-8")


@functools.cache
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(schema_text())
    return loaded


@functools.cache
def vocabulary() -> Vocabulary:
    raw = schema()["x-twilight"]
    prims = {
        name: Signature(
            name,
            tuple((p[0], p[1]) for p in spec["params"]),
            spec["returns"],
            spec["variadic"],
            spec["doc"],
            spec.get("random", False),
        )
        for name, spec in raw["primitives"].items()
    }
    return Vocabulary(
        primitives=prims,
        triggers=raw["triggers"],
        actions=raw["actions"],
        modifiers=raw["modifiers"],
        expiries={k: tuple(v) for k, v in raw["expiries"].items()},
        statuses={k: tuple(v) for k, v in raw["statuses"].items()},
        moments=raw["moments"],
        enums={k: tuple(v) for k, v in raw["enums"].items()},
        contexts=raw["contexts"],
        contract=_contract(raw["contract"]),
    )


def _contract(raw: dict[str, Any]) -> Contract:
    needs = {
        name: Need(
            kind=spec["kind"],
            name=name,
            doc=spec["doc"],
            params=tuple((p[0], p[1]) for p in spec["params"]),
            returns=spec["returns"],
            columns=tuple((c[0], c[1]) for c in spec["columns"]),
            keys=tuple(spec["keys"]),
            optional=spec["optional"],
            least_params=spec["least_params"],
            values=tuple(spec["values"]),
            track=spec.get("track"),
            declares=tuple(spec.get("declares", ())),
        )
        for name, spec in raw["needs"].items()
    }
    return Contract(
        kinds=tuple(raw["kinds"]),
        needs=needs,
        primitives={k: tuple(v) for k, v in raw["primitives"].items()},
        engine={k: tuple(v) for k, v in raw["engine"].items()},
        when=raw["when"],
        solo_setting=raw["solo_setting"],
    )
