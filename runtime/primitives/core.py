"""The registry of primitive implementations (`impl`) and the helpers every primitive module shares:
the sides, a card's facts, a ruleset table, the China card's name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from twilight.runtime.engine import Engine


IMPLEMENTATIONS: dict[str, Callable[..., Any]] = {}
SIDES = ("us", "ussr")


F = TypeVar("F", bound=Callable[..., Any])


def impl(name: str | None = None) -> Callable[[F], F]:
    def register(fn: F) -> F:
        IMPLEMENTATIONS[name or fn.__name__.rstrip("_")] = fn
        return fn

    return register


def other(side: str) -> str:
    return "ussr" if side == "us" else "us"


def card_info(engine: Engine, card: str) -> dict[str, Any]:
    info: dict[str, Any] = engine.ir["cards"][card]
    return info


def _table(engine: Engine, name: str) -> dict[str, Any]:
    table: dict[str, Any] = engine.ir["tables"][name]
    return table


def _china(engine: Engine) -> str:
    return next((n for n, c in engine.ir["cards"].items() if c["no_event"]), "the_china_card")
