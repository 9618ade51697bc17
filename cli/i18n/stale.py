"""Words a variant inherits for something it changed: `twilight i18n check`'s `stale` warnings.

A variant (a ruleset that `extends` another) that overrides a card, a procedure or a function, or changes
an option of a priority list, still shows the words its parent wrote for it (`card-nasser` and its
`.summary`, `procedure-solo_deal`, `ai-option-key_country`) unless it writes its own: they may now say
what the rule no longer does. What the variant changed is read by comparing its IR with its parent's:
a declaration (or a priority option, by name) both have and that differs in what it does (source
positions, provenance and the links the compiler works out between cards left out). Each message of such
an item that the language takes from a folder other than the variant's own is a warning, per language;
writing the message in the variant's own locale folder (even with the parent's words, once they are
known to be right) answers it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from twilight.compiler.loader import display_path, known_rulesets

# The declarations whose messages say what they do, by IR section: the kind, and the message naming one.
WORDED: dict[str, tuple[str, str]] = {
    "cards": ("card", "card-{}"),
    "procedures": ("procedure", "procedure-{}"),
    "functions": ("function", "function-{}"),
}
OPTION_MESSAGE = "ai-option-{}"
# Fields that say nothing of what a declaration does: where it is written, where it comes from, the
# links the compiler works out between cards (another card's override changes them) and an option's
# number (moving an option changes it, not what the option picks).
NOT_WHAT_IT_DOES = frozenset(
    {"src", "provenance", "enables", "prevents", "requires_any", "prevented_by", "number"}
)


class Located(Protocol):
    path: Path
    line: int


@dataclass(frozen=True)
class Changed:
    """One item the variant changed, and the message whose words describe it."""

    msg_id: str
    what: str  # "card nasser", "option no_own_influence of priority ai_coup_target"
    src: str  # where the variant writes the change


def what_it_does(node: Any) -> Any:
    """A declaration without the fields that say nothing of what it does, at any depth."""
    if isinstance(node, dict):
        return {k: what_it_does(v) for k, v in node.items() if k not in NOT_WHAT_IT_DOES}
    if isinstance(node, list):
        return [what_it_does(v) for v in node]
    return node


def changed_items(ir: dict[str, Any], parent: dict[str, Any]) -> Iterator[Changed]:
    """The items of `ir` that its parent's IR `parent` has and that `ir` changes, with their messages."""
    for section, (kind, message) in WORDED.items():
        before = parent.get(section) or {}
        for name, decl in (ir.get(section) or {}).items():
            was = before.get(name)
            if isinstance(was, dict) and isinstance(decl, dict) and what_it_does(was) != what_it_does(decl):
                yield Changed(message.format(name), f"{kind} {name}", str(decl.get("src") or ""))
    yield from changed_options(ir, parent)


def changed_options(ir: dict[str, Any], parent: dict[str, Any]) -> Iterator[Changed]:
    """The priority options (by name) of each priority list both IRs have, that `ir` changes."""
    before_lists = parent.get("priorities") or {}
    for name, plist in (ir.get("priorities") or {}).items():
        was = before_lists.get(name)
        if not isinstance(was, dict) or not isinstance(plist, dict):
            continue
        before = {o.get("name"): o for o in was.get("options") or [] if isinstance(o, dict)}
        for option in plist.get("options") or []:
            old = before.get(option.get("name")) if isinstance(option, dict) else None
            if old is not None and what_it_does(old) != what_it_does(option):
                what = f"option {option['name']} of priority {name}"
                yield Changed(OPTION_MESSAGE.format(option["name"]), what, str(plist.get("src") or ""))


def parent_ir(ir: dict[str, Any], folders: list[Path]) -> dict[str, Any] | None:
    """The compiled IR of the ruleset `ir` extends (`folders`: the chain's folders, base first); None
    for a ruleset that extends nothing, or whose parent does not compile."""
    from twilight.compiler import api

    chain = list((ir.get("ruleset") or {}).get("chain") or [])
    if len(folders) < 2 or len(chain) < 2:
        return None
    folder, name = folders[-2], str(chain[-2])
    known = known_rulesets().get(name)
    target = name if known is not None and known.resolve() == folder.resolve() else str(folder)
    result = api.compile_target(target)
    return result.ir if result.ir is not None and result.ok else None


def stale_messages(
    ir: dict[str, Any], parent: dict[str, Any], folders: list[Path], table: Mapping[str, Located], lang: str
) -> Iterator[tuple[str, str, str]]:
    """(message id, what is wrong, "path:line" of the inherited message) for each message of an item the
    ruleset changed that `table` (one language's messages along the chain) takes from a folder other
    than the ruleset's own (the last of `folders`, the chain's folders base first)."""
    own = (folders[-1] / "locales").resolve()
    chain = [str(n) for n in (ir.get("ruleset") or {}).get("chain") or []]
    names = dict(zip(folders[-len(chain) :], chain, strict=True)) if len(chain) <= len(folders) else {}
    ruleset = chain[-1] if chain else folders[-1].name
    seen: set[str] = set()
    for item in changed_items(ir, parent):
        found = table.get(item.msg_id)
        if found is None or item.msg_id in seen or found.path.resolve().is_relative_to(own):
            continue
        seen.add(item.msg_id)
        origin = next((n for f, n in names.items() if found.path.resolve().is_relative_to(f.resolve())), "")
        home = display_path(folders[-1] / "locales" / lang / found.path.name)
        at = f" ({item.src})" if item.src else ""
        detail = (
            f"comes from {origin or display_path(found.path)} but {ruleset} overrides {item.what}{at}: "
            f"write its own text in {home}"
        )
        yield item.msg_id, detail, f"{display_path(found.path)}:{found.line}"
