"""Types of the rule language: plain strings such as "int", "country", "list[card]".

`any` fits everything; `side` fits where `card_side` is expected; a setting of enum type has the type
"setting:<name>". A value that may be none has its type marked "card?" (written `card or none` in the
rules; the literal `none` is of type "none"): it fits where its plain type does, as far as `fits` goes, and
the checker (compiler/exprs.py, `Emitter.expect_value`) refuses it where a value is required (an argument
of a primitive or a rule, an operand of arithmetic, a list to go through) unless the rule has checked it.
"""

from __future__ import annotations

ORDERED = {"int", "period", "scoring_level"}


MAYBE = "?"


def maybe(t: str) -> str:
    """The type of a value that is a `t` or none."""
    return t if t in ("any?", "none") or t.endswith(MAYBE) else t + MAYBE


def definite(t: str) -> str:
    """The type of the value once it is known not to be none ("any" for the literal none)."""
    return "any" if t == "none" else t.removesuffix(MAYBE)


def may_be_none(t: str) -> bool:
    return t == "none" or t.endswith(MAYBE)


def shown(t: str) -> str:
    """A type as the rules write it: `card or none`."""
    return f"{definite(t)} or none" if t.endswith(MAYBE) else t


def element(t: str) -> str | None:
    """The element type of a list type (a list that may be none: of its list), or None if `t` is not a
    list."""
    t = definite(t) if t != "none" else t
    if t.startswith("list[") and t.endswith("]"):
        return t[5:-1]
    if t == "any":
        return "any"
    return None


def list_of(t: str) -> str:
    return f"list[{t}]"


def fits(actual: str, expected: str) -> bool:
    """Whether a value of type `actual` may stand where `expected` is asked, none aside (see the module)."""
    actual, expected = actual.removesuffix(MAYBE), expected.removesuffix(MAYBE)
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
    """The common type of two branches or list items (that may be none when either may), or None when
    they do not mix."""
    if a == "none":
        return maybe(b)
    if b == "none":
        return maybe(a)
    either = may_be_none(a) or may_be_none(b)
    a, b = definite(a), definite(b)
    common = None
    if a == "any":
        common = b
    elif b == "any":
        common = a
    elif fits(a, b):
        common = b
    elif fits(b, a):
        common = a
    if common is None:
        return None
    return maybe(common) if either else common


def bind(param: str, actual: str, env: dict[str, str]) -> str:
    """Resolve the type variable T in a parameter type against an argument's type (T is never bound
    to a type that may be none: the argument's own check says so)."""
    if param not in ("T", "list[T]", "T?"):
        return param
    actual = definite(actual) if actual != "none" else "any"
    if param in ("T", "T?"):
        env.setdefault("T", actual)
        return env["T"] if param == "T" else maybe(env["T"])
    if param == "list[T]":
        el = element(actual)
        if el is not None and el != "any":
            env.setdefault("T", el)
        return list_of(env.get("T", "any"))
    return param


def substitute(t: str, env: dict[str, str]) -> str:
    if t == "T":
        return env.get("T", "any")
    if t == "T?":
        return maybe(env.get("T", "any"))
    if t == "list[T]":
        return list_of(env.get("T", "any"))
    return t
