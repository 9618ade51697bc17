"""The board's evaluation as native code: a ruleset's priority lists' candidate filters and the pure rule
functions they call, written from the IR as C over the board read once per filter, compiled by the
machine's C compiler and loaded in place of the generated Python (docs/bench.md, "What native code would
give").

Why: about half of what the search's playouts cost is the board evaluated without being changed (the AI's
picks, the rollout player's points), and Python's objects cost the same to read from C as from Python;
numbers in arrays cost 25 to 50 times less. So the filters read each country's influence once into an
array and evaluate the rules' conditions on numbers.

What stays the same: every native filter keeps the same candidates as the Python one, in the same order.
Anything it cannot be sure of (a value of another type than the IR declares, a `none` where a number is
needed, a number past a rule's bound, an error in a primitive it calls back in Python) hands the whole
filter to the Python code it stands for, which gives the rules' answer or their error. A primitive with no
native twin is called in Python, its arguments made Python values again; a construct with neither keeps
the whole filter in Python. tests/test_native_eval.py compares the two on the boards of played games.

When: only where it is asked for (`TWILIGHT_NATIVE=1`, or `Program(..., native=True)`), with a C compiler
on the machine and a folder to keep the compiled module in; otherwise nothing changes."""

from __future__ import annotations

import dataclasses
import os
import threading
from typing import TYPE_CHECKING, Any

from twilight.common.cachedir import file_is_ours
from twilight.runtime.backend.locality import reads_no_state
from twilight.runtime.backend.native.build import load_module, module_path
from twilight.runtime.backend.native.emit import Emitter, Unsupported, plain_type
from twilight.runtime.backend.native.module import (
    Filter,
    assemble,
    filter_function,
    greedy_function,
    pick_function,
)
from twilight.runtime.backend.priorities import DEFERRED
from twilight.runtime.core import registry

if TYPE_CHECKING:
    from pathlib import Path

    from twilight.runtime.backend.program import Program

ENVIRONMENT = "TWILIGHT_NATIVE"


def wanted() -> bool:
    """TWILIGHT_NATIVE=1: every program with a folder puts its native evaluation in place as it is built."""
    return os.environ.get(ENVIRONMENT, "") == "1"


def allowed() -> bool:
    """TWILIGHT_NATIVE=0: none does (the generated Python alone)."""
    return os.environ.get(ENVIRONMENT, "") != "0"


@dataclasses.dataclass
class NativeRules:
    """What `install` put in place: the module, and the filters native, by list and option."""

    module: Any
    filters: dict[tuple[str, int, str], str]
    # the Python filter each native one stands for (what it hands a question it cannot be sure of)
    fallbacks: dict[tuple[str, int, str], Any] = dataclasses.field(default_factory=dict)
    # `greedy_points(engine, side, options, weighed)`: the greedy heuristic's best countries for a point
    # (decisions.GreedyPlayer), None when the native code leaves the choice to Python
    greedy_points: Any = None


@dataclasses.dataclass
class Prepared:
    """A program's native functions, written: the C text (`source`, for a module name) and where each
    goes."""

    emitter: Emitter
    filters: list[Filter]
    fallbacks: list[Any]
    placed: list[tuple[str, int, str]]
    picks: list[tuple[str, Filter]]
    greedy: Filter | None

    texts: dict[str, str] = dataclasses.field(default_factory=dict)

    def source(self, module_name: str, ir: dict[str, Any]) -> str:
        found = self.texts.get(module_name)
        if found is None:
            every = [
                *self.filters,
                *(made for _, made in self.picks),
                *([self.greedy] if self.greedy else []),
            ]
            found = self.texts[module_name] = assemble(ir, self.emitter, every, module_name)
        return found


# The modules loaded in this process, by file: a module's C code holds the Python objects it was started
# with (the names, the primitives and rule functions it calls back), and a module file is loaded once per
# process; every program of the same IR shares it (the same rules, the same answers).
_LOADED: dict[str, Any] = {}
_LOADING = threading.Lock()


def prepare(program: Program) -> Prepared | None:
    """The native functions of the program's priority lists and of the greedy heuristic's region score,
    written; None when none could be."""
    ir = program.ir
    emitter = Emitter(ir, frozenset(program.pure), program.codegen.whole_number, program.primitives)
    for items in program.rules:
        for action, forbids in items.forbid_nodes_of.items():
            emitter.standing_forbids.setdefault(action, []).extend(forbids)
        for quantity, steps in items.modifier_nodes_of.items():
            emitter.standing_modifiers.setdefault(quantity, []).append(list(steps))
    emitter.lasting_cards = _lasting_cards(ir)
    prepared = Prepared(emitter, [], [], [], [], None)
    for name, plist in program.priorities.items():
        _filters_of(program, name, plist, prepared)
    for name, plist in program.priorities.items():
        _pick_of(program, name, plist, prepared)
    vp = emitter.function(registry.REGION_VP.name)
    prepared.greedy = greedy_function(vp) if vp is not None else None
    if not prepared.filters and not prepared.picks and prepared.greedy is None:
        return None
    return prepared


def _filters_of(program: Program, name: str, plist: Any, prepared: Prepared) -> None:
    """The list's options' candidate filters, each as `PriorityList` makes it (its lazy `kept_by`, the
    fixed conditions asked of the domain before; its `where`)."""
    codegen = program.codegen
    node = program.ir["priorities"][name]
    target_kind = plain_type(plist.target_type)
    frame_kinds = {p["name"]: plain_type(p["type"]) for p in node["params"]}
    requires = [r["expr"] for r in node["requires"]]
    for index, option in enumerate(plist.options):
        where = codegen.conjuncts(node["options"][index]["where"])
        ways: list[tuple[str, tuple[list[Any], list[Any], list[Any]], bool]] = []
        if option.kept_by is not None:
            fixed = [part for part in where if reads_no_state(part)]
            cheap = [p for p in codegen.cheap_parts(node["options"][index]["where"]) if p not in fixed]
            rest = [p for p in where if p not in fixed and p not in cheap]
            ways.append(("kept_by", (cheap, requires, rest), True))
        ways.append(("where", ([], [], where), False))
        for attr, groups, shares in ways:
            number = len(prepared.filters)
            try:
                made = filter_function(
                    prepared.emitter, number, groups, plist.target, target_kind, frame_kinds, shares
                )
            except Unsupported:
                continue
            prepared.filters.append(made)
            prepared.fallbacks.append(getattr(option, attr))
            prepared.placed.append((name, index, attr))


def _pick_of(program: Program, name: str, plist: Any, prepared: Prepared) -> None:
    """The list's whole pick, for a game that traces no choice."""
    codegen = program.codegen
    node = program.ir["priorities"][name]
    options = []
    for o in node["options"]:
        where = codegen.conjuncts(o["where"])
        cheap = codegen.cheap_parts(o["where"])
        rest = [p for p in where if p not in cheap]
        keys = [(k["key"], bool(k["desc"])) for k in (*o["prefer"], *node["final"])]
        options.append((list(o["when"]), cheap, rest, keys))
    requires = [r["expr"] for r in node["requires"]]
    try:
        made = pick_function(
            prepared.emitter,
            len(prepared.picks),
            node,
            plist.target,
            plain_type(plist.target_type),
            requires,
            options,
        )
    except Unsupported:
        return
    prepared.picks.append((name, made))


def built_before(prepared: Prepared | None, program: Program, folder: Path) -> bool:
    """Whether the program's native module (`prepared`, None: there is none) is in the folder already, or
    loaded in this process: `install` is then at once."""
    if prepared is None:
        return True
    path = module_path(program.ir["ruleset"]["name"], lambda name: prepared.source(name, program.ir), folder)
    return str(path) in _LOADED or file_is_ours(path)


def install(program: Program, folder: Path, prepared: Prepared | None) -> NativeRules | None:
    """Compile (unless built before) and load the program's native functions, written (`prepare`), and
    put each in place of the Python it stands for. None (nothing changed) when none could be written or
    the module could not be built."""
    if prepared is None:
        return None
    ir = program.ir
    path = module_path(ir["ruleset"]["name"], lambda name: prepared.source(name, ir), folder)
    with _LOADING:
        module = _LOADED.get(str(path))
        if module is None:
            module = load_module(ir["ruleset"]["name"], lambda name: prepared.source(name, ir), folder)
            if module is None:
                return None
            _start(module, program, prepared)
            _LOADED[str(path)] = module
    return _put_in_place(module, program, prepared)


def _start(module: Any, program: Program, prepared: Prepared) -> None:
    tables = prepared.emitter.tables
    module.init(
        tuple(tables.countries),
        tuple(tables.regions),
        tuple(tables.cards),
        tuple(_ordinals(tables.enums["period"])),
        tuple(_ordinals(tables.enums["scoring_level"])),
        tuple(tables.texts),
        tuple(prepared.emitter.var_keys),
        tuple(_callable(program, name) for name in prepared.emitter.callbacks),
        tuple(prepared.fallbacks),
        program._call_pick,
        DEFERRED,
    )


def _put_in_place(module: Any, program: Program, prepared: Prepared) -> NativeRules:
    installed: dict[tuple[str, int, str], str] = {}
    replaced: dict[tuple[str, int, str], Any] = {}
    for (name, index, attr), made, python in zip(
        prepared.placed, prepared.filters, prepared.fallbacks, strict=True
    ):
        replaced[(name, index, attr)] = python
        plist = program.priorities[name]
        options = list(plist.options)
        options[index] = dataclasses.replace(options[index], **{attr: getattr(module, made.cname)})
        plist.options = tuple(options)
        installed[(name, index, attr)] = made.cname
    for name, made in prepared.picks:
        program.priorities[name].native = getattr(module, made.cname)
        installed[(name, -1, "pick")] = made.cname
    rules = NativeRules(module, installed, replaced)
    if prepared.greedy is not None:
        rules.greedy_points = module.greedy_points
    return rules


def _lasting_cards(ir: dict[str, Any]) -> dict[tuple[str, str], set[str]]:
    """The cards whose rules (their event, their appendix entry) hold a prohibition of an action or a
    modifier of a quantity anywhere, by ("forbid", action) and ("modify", quantity): while one is in
    effect, its lasting block may be the one that forbids or modifies (more than needed, never less)."""
    found: dict[tuple[str, str], set[str]] = {}

    def walk(node: Any, card: str) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("forbid"), list):
                for action in node["forbid"]:
                    found.setdefault(("forbid", str(action)), set()).add(card)
            if isinstance(node.get("modify"), str):
                found.setdefault(("modify", node["modify"]), set()).add(card)
            for value in node.values():
                walk(value, card)
        elif isinstance(node, list):
            for value in node:
                walk(value, card)

    for card, node in ir["cards"].items():
        walk(node, card)
        walk(ir.get("appendix", {}).get(card), card)
    return found


def _ordinals(values: list[str]) -> list[Any]:
    from twilight.runtime.core.frames import ordinal

    return [ordinal(v) for v in values]


def _callable(program: Program, name: str) -> Any:
    """The Python object the native code calls back by `name`: a primitive, or a rule function."""
    kind, _, ident = name.partition("_")
    if kind == "P":
        return program.primitives[ident]
    return program.functions[ident].call
