"""What the core needs of a compiled ruleset: the interface it owns, which the back end's
`runtime/backend/program.Program` implements.

The engine is given a program (it never builds one: runtime/game.py, the facade, does) and reads it only
through these members; so do the primitives, the invariant checks and the solo AI. Every member is a
read-only property here: a class whose attribute holds a narrower type (a `dict` of the back end's own
items) still fits. tests/test_layers.py checks that the core imports nothing of the back end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from twilight.runtime.core import registry
from twilight.runtime.core.board_reads import BoardReads
from twilight.runtime.core.frames import EffectItems, Expr, Frame, Function, Procedure, Stmt

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


class PriorityPick(Protocol):
    """A priority list of the AI, compiled: it picks a target among a domain (and traces why)."""

    @property
    def name(self) -> str: ...

    @property
    def params(self) -> list[str]: ...

    @property
    def target_type(self) -> str: ...

    def pick(self, frame: Frame, domain: list[Any], domain_name: str | None = None) -> Any: ...


class AppendixLine(Protocol):
    """One line of a card's entry in the solo appendix: the moments it names, its condition, its block."""

    @property
    def moments(self) -> list[tuple[str, str | None]]: ...

    @property
    def when(self) -> Expr | None: ...

    @property
    def resolve(self) -> Stmt | None: ...


class AppendixItems(Protocol):
    """A card's entry in the solo appendix, compiled (read by runtime/solo/appendix.py)."""

    @property
    def events(self) -> Sequence[AppendixLine]: ...

    @property
    def reaction(self) -> Stmt | None: ...

    @property
    def against_human(self) -> Stmt | None: ...


class CompiledRules(Protocol):
    """A ruleset compiled for the engine: its sequence, procedures, events, rules in force and the
    declarations the runtime calls by name."""

    @property
    def ir(self) -> dict[str, Any]: ...

    @property
    def primitives(self) -> Mapping[str, Callable[..., Any]]: ...

    # The generated code (its module, its namespace): read when an error is placed in the rules
    # (rule_errors.py) and when calls are counted (firings.py).
    @property
    def codegen(self) -> Any: ...

    @property
    def counted(self) -> frozenset[str]: ...

    @property
    def sequence(self) -> Stmt: ...

    @property
    def functions(self) -> Mapping[str, Function]: ...

    @property
    def procedures(self) -> Mapping[str, Procedure]: ...

    @property
    def events(self) -> Mapping[str, Stmt]: ...

    @property
    def appendix(self) -> Mapping[str, AppendixItems]: ...

    @property
    def priorities(self) -> Mapping[str, PriorityPick]: ...

    @property
    def china_card(self) -> str: ...

    @property
    def domain_sets(self) -> Mapping[str, frozenset[Any]]: ...

    @property
    def domains_by_length(self) -> Mapping[int, list[tuple[list[Any], frozenset[Any]]]]: ...

    # The rules in force: the standing rules' items, indexed, and the lasting blocks by (card, name).
    @property
    def rules(self) -> Sequence[EffectItems]: ...

    @property
    def rules_allowing(self) -> Sequence[EffectItems]: ...

    @property
    def lasting(self) -> Mapping[tuple[str, str], EffectItems]: ...

    @property
    def asking_standing(self) -> frozenset[str]: ...

    @property
    def rule_hooks(self) -> Mapping[str, list[list[tuple[Expr | None, Stmt]]]]: ...

    @property
    def rule_statuses(self) -> Mapping[str, list[list[Expr]]]: ...

    @property
    def rule_forbids(self) -> Mapping[str, Callable[[Engine, dict[str, Any]], Any]]: ...

    @property
    def rule_modifiers(self) -> Mapping[str, Callable[..., Any]]: ...

    @property
    def native_rules(self) -> Any: ...

    def use_native(self, wait: bool = False) -> None: ...

    def needed(self, need: registry.Need) -> Any: ...

    def permits(self, action: str, key: str) -> Callable[..., Any] | None: ...

    def modifiers_each(self, quantity: str, key: str) -> Callable[..., Any] | None: ...

    def standing_adds(self, quantity: str) -> Callable[..., Any] | None: ...

    def reads_board_only_at(self, action: str, quantity: str | None, key: str) -> bool: ...

    def board_reads(self, function: str) -> BoardReads | None: ...

    def each_refusal(self, action: str) -> list[Callable[[Engine, dict[str, Any]], Any]]: ...

    def order_ranks(self, order: str) -> dict[Any, int]: ...

    def expr_of_ir(self, node: Any) -> Expr: ...
