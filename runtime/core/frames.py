"""What the interpreter runs and the back end makes: a frame of local variables, the compiled items of a
standing rule or a lasting block, a rule function, a procedure, and the ordered enumerations' values.

The core defines these; the back end (runtime/backend/program.py) fills them with generated code, so the
engine and the primitives read them without importing the back end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.limits import StepLimitExceeded

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


class Ordinal(str):
    """A value of an ordered enumeration (period, scoring level): equal as text, ordered by rank."""

    rank: int

    def __new__(cls, value: str, rank: int) -> Ordinal:
        obj = super().__new__(cls, value)
        obj.rank = rank
        return obj

    def _r(self, other: object) -> int:
        return other.rank if isinstance(other, Ordinal) else ORDINALS.get(str(other), -1)

    def __lt__(self, other: object) -> bool:
        return self.rank < self._r(other)

    def __le__(self, other: object) -> bool:
        return self.rank <= self._r(other)

    def __gt__(self, other: object) -> bool:
        return self.rank > self._r(other)

    def __ge__(self, other: object) -> bool:
        return self.rank >= self._r(other)

    __hash__ = str.__hash__


ORDINALS: dict[str, int] = {}
ORDERED_ENUMS = ("period", "scoring_level")
ENUM_VALUES: dict[str, Ordinal] = {}
for _enum in ORDERED_ENUMS:
    for _rank, _value in enumerate(registry.ENUMS[_enum]):
        ORDINALS[_value] = _rank
        ENUM_VALUES[_value] = Ordinal(_value, _rank)


def ordinal(value: str) -> str:
    return ENUM_VALUES.get(value, value)


def too_deep(src: str, what: str) -> StepLimitExceeded:
    """Python's stack ran out inside `what`: calls that set each other off without end."""
    return StepLimitExceeded(
        f"{src or '?'}: {what} sets itself off again and again: calls nested too deep "
        "(a procedure, hook or event that runs itself, directly or through others)"
    )


@dataclass(slots=True)
class Frame:
    engine: Engine
    vars: dict[str, Any] = field(default_factory=dict)
    # The `repeat` loops running in this frame: a loop's number (`Program._repeat_loops`) -> (this pass,
    # passes), so a `choose` inside one can tell its player "pick 2 of 3".
    repeats: dict[int, tuple[int, int]] | None = None


Expr = Callable[[Frame], Any]
Stmt = Callable[[Frame], None]


@dataclass
class EffectItems:
    """The compiled items of a standing rule or a lasting block."""

    source: str  # "rule:<name>" or "card:<id>:<lasting>"
    modifiers: list[tuple[str, str, Expr, Expr | None]] = field(
        default_factory=list
    )  # target, mode, value, when
    forbids: list[tuple[tuple[str, ...], Expr | None, str | None]] = field(default_factory=list)
    hooks: list[tuple[str, Expr | None, Stmt]] = field(default_factory=list)
    allows: list[tuple[str, Expr, Expr | None, Stmt]] = field(default_factory=list)
    statuses: list[tuple[str, list[Expr]]] = field(default_factory=list)
    ends: list[tuple[str, Expr | None]] = field(default_factory=list)
    # The same items looked up by the name the engine asks about (filled by `index`): the engine asks
    # tens of thousands of times a game whether a quantity is modified or an action forbidden.
    modifiers_of: dict[str, ModifierSteps] = field(default_factory=dict)
    forbids_of: dict[str, list[tuple[Expr | None, str | None]]] = field(default_factory=dict)
    # A standing rule's prohibitions and modifiers as IR, for the generated code of all of them (Program):
    # (when, code) of each prohibition; (mode, value, when) of each modifier.
    forbid_nodes_of: dict[str, list[tuple[Any, str | None]]] = field(default_factory=dict)
    modifier_nodes_of: dict[str, list[tuple[str, Any, Any]]] = field(default_factory=dict)
    hooks_of: dict[str, list[tuple[Expr | None, Stmt]]] = field(default_factory=dict)
    # the triggers some hook of these items may lead to a decision on (its body can ask)
    asking_on: frozenset[str] = frozenset()
    ends_of: dict[str, list[Expr | None]] = field(default_factory=dict)
    statuses_of: dict[str, list[list[Expr]]] = field(default_factory=dict)

    def index(self) -> None:
        for quantity, mode, value, when in self.modifiers:
            steps = self.modifiers_of.setdefault(quantity, ModifierSteps([], []))
            (steps.to if mode == "to" else steps.by).append((value, when))
        for actions, when, code in self.forbids:
            for action in actions:
                self.forbids_of.setdefault(action, []).append((when, code))
        for trigger, when, body in self.hooks:
            self.hooks_of.setdefault(trigger, []).append((when, body))
        for trigger, when in self.ends:
            self.ends_of.setdefault(trigger, []).append(when)
        for status, args in self.statuses:
            self.statuses_of.setdefault(status, []).append(args)


@dataclass
class ModifierSteps:
    """One source's modifiers of one quantity: its `to` items and its `by` items (every source's `to`s
    apply before any `by`: Engine.modified)."""

    to: list[tuple[Expr, Expr | None]]
    by: list[tuple[Expr, Expr | None]]


@dataclass
class Function:
    """A rule function: `call(engine, *arguments)` (generated code, see codegen.ExprCompiler.function)."""

    params: list[str]
    call: Callable[..., Any]


@dataclass
class Procedure:
    params: list[str]
    body: Stmt
    src: str = ""  # where it is declared ("standard/sequence.tsr:12")
