"""Types of the rule language: plain strings such as "int", "country", "list[card]".

`any` fits everything and `none` fits every type; `side` fits where `card_side` is expected; a
setting of enum type has the type "setting:<name>".
"""

from __future__ import annotations

ORDERED = {"int", "period", "scoring_level"}


def element(t: str) -> str | None:
    """The element type of a list type, or None if `t` is not a list."""
    if t.startswith("list[") and t.endswith("]"):
        return t[5:-1]
    if t == "any":
        return "any"
    return None


def list_of(t: str) -> str:
    return f"list[{t}]"


def fits(actual: str, expected: str) -> bool:
    if actual == expected or "any" in (actual, expected) or actual == "none":
        return True
    if expected == "card_side" and actual == "side":
        return True
    a_el, e_el = element(actual), element(expected)
    if a_el is not None and e_el is not None and actual != "any" and expected != "any":
        return fits(a_el, e_el)
    return False


def comparable(a: str, b: str) -> bool:
    return fits(a, b) or fits(b, a)


def unify(a: str, b: str) -> str | None:
    """The common type of two branches or list items, or None when they do not mix."""
    if a == "none" or a == "any":
        return b
    if b == "none" or b == "any":
        return a
    if fits(a, b):
        return b
    if fits(b, a):
        return a
    return None


def bind(param: str, actual: str, env: dict[str, str]) -> str:
    """Resolve the type variable T in a parameter type against an argument's type."""
    if param not in ("T", "list[T]"):
        return param
    if param == "T":
        env.setdefault("T", actual)
        return env["T"]
    if param == "list[T]":
        el = element(actual)
        if el is not None and el != "any":
            env.setdefault("T", el)
        return list_of(env.get("T", "any"))
    return param


def substitute(t: str, env: dict[str, str]) -> str:
    if t == "T":
        return env.get("T", "any")
    if t == "list[T]":
        return list_of(env.get("T", "any"))
    return t
