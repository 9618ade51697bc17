"""Which rules a game is played under, whoever shows it: the default ruleset, a ruleset's line in the list
to choose from (hot-seat when it has no AI), a setting's answers in words, and the rules a save pinned to
its IR began under (`pinned_ir`: from the rules store, whatever the rule files say now). `twilight play`
and `twilight serve` ask and resume with these."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from twilight.cli.session.rules_store import ir_hash, load_ir, store_ir
from twilight.cli.session.saves import SaveError, SaveWriteError
from twilight.cli.session.text import PlayText, Words
from twilight.cli.versions import VERSION_SEP, RulesetEntry, UnknownRuleset, catalog, resolve
from twilight.compiler import api
from twilight.runtime.core import registry

DEFAULT_RULESET = "solo-v2"
# The settings of a game against the ruleset's AI that `play` asks first (the runtime contract names them).
AI_SIDE = registry.AI_SIDE.name
LEVEL = registry.LEVEL.name


def is_solo(entry: RulesetEntry) -> bool | None:
    """Whether the ruleset has an AI to play against (None when it does not compile): its IR, from the
    compiler's cache when it is there."""
    result = api.compile_target(str(entry.folder))
    if result.ir is None or not result.ok:
        return None
    return AI_SIDE in result.ir["settings"]


def ruleset_label(
    words: Words,
    entry: RulesetEntry,
    lang: str,
    no_ai: str = "play-ruleset-hot-seat",
    ir: dict[str, Any] | None = None,
) -> str:
    """One line of the list: name, version, what it extends, its description; how a ruleset without an
    AI is played (`no_ai`: the message that says it where the list is shown). `ir`: the ruleset's IR
    when the caller has it (not compiled again: the browser's start page names every ruleset)."""
    label = words.t(
        "play-ruleset-entry",
        name=entry.name,
        version=entry.version or "-",
        extends=entry.extends or "none",
        description=entry.description_in(lang),
    )
    solo = is_solo(entry) if ir is None else AI_SIDE in ir["settings"]
    if solo is False:
        label += " " + words.t(no_ai)
    if entry.origin != "installed":
        label += f" · {entry.folder}"
    return label


def setting_values(setting: dict[str, Any]) -> list[str]:
    """A setting's values as answers are typed: `false`/`true` for a yes/no one."""
    return ["false", "true"] if setting["type"] == "bool" else [str(v) for v in setting["values"]]


def setting_options(text: PlayText, ir: dict[str, Any], name: str) -> list[tuple[str, str]]:
    return [(v, text.t(f"setting-{name}-{v}")) for v in setting_values(ir["settings"][name])]


def current_rules(
    pin: dict[str, Any], rules_paths: tuple[str, ...]
) -> tuple[RulesetEntry | None, dict[str, Any] | None]:
    """The ruleset a pinned save names as it is now (its version, else its highest one) and its IR
    (None when it is gone or does not compile)."""
    entries = catalog(rules_paths)
    spec = f"{pin['name']}{VERSION_SEP}{pin['version']}" if pin.get("version") else pin["name"]
    try:
        entry = resolve(spec, entries)
    except UnknownRuleset:
        try:
            entry = resolve(pin["name"], entries)
        except UnknownRuleset:
            return None, None
    result = api.compile_target(str(entry.folder))
    return entry, (result.ir if result.ir is not None and result.ok else None)


def pinned_ir(
    path: Path, data: dict[str, Any], rules_paths: tuple[str, ...], pinned: dict[str, Any]
) -> dict[str, Any]:
    """The IR a save with `play.rules` was started under: from the rules store (never from the rule
    files, which may have changed since). `pinned` gets the ruleset as it is now (`entry`) and, when its
    rules are no longer the save's, their IR (`new_ir`). SaveError ("rules-missing", naming the
    name, version and hash it needs) when the IR is neither stored nor what the rules compile to now."""
    pin = data["play"]["rules"]
    entry, now = current_rules(pin, rules_paths)
    pinned["entry"] = entry
    ir = load_ir(pin["hash"])
    now_hash = ir_hash(now) if now is not None else None
    if ir is None and now_hash == pin["hash"]:
        assert now is not None
        ir = now
        with contextlib.suppress(SaveWriteError):  # kept again for the next time, when it can be
            store_ir(now)
    if ir is None:
        raise SaveError(
            "rules-missing", path, f"{pin['name']} {pin.get('version') or '-'} (rules {pin['hash'][:16]})"
        )
    if now is not None and now_hash != pin["hash"]:
        pinned["new_ir"] = now
    return ir
