"""Scenario files: set up a game situation, make moves with forced dice and scripted answers, check the
result (the format is the contract in shared/spec/scenario-format.md).

A file is read and checked first: an unknown key, a value of the wrong type or an unknown country or card
is reported as `Invalid` with the key and the problem. Then the engine is built (`setup`: the ruleset's
`moment setup NAME`), the `state` overrides are applied, and each step drives the engine: `play` through
`take_action_round`, every other step through the `moment` of its name that the ruleset declares (no
procedure or phase name of any ruleset is written here). The decisions a step raises are answered from the
step itself (the card, how it is played, its targets, the headline cards) and otherwise from `answers`, in
order. A step the rules refuse raises `Refused` with the
spec's error code; the game is then put back exactly as it was before the step.

Additions to the format (optional keys, as the contract allows):
- step `start_turn: true`: the phases of the turn before the headline (DEFCON improves, cards are dealt);
- step `action_rounds: true`: the turn's action rounds, from the first (standard; solo rulesets: step D);
- expect `draw_pile_size` and `discard_size`: how many cards the piles hold;
- solo: steps `region_phase: true` and `score_primary: true`, state `scoring_discard`, expect
  `scoring_deck`, `scoring_deck_size` and `scoring_discard`;
- expect `hand_order: {side: [cards]}`: the first cards of a side's deck/hand, top first, in order;
- expect `rating`: the ruleset's victory rating of the finished game (`none` while it goes on);
- solo: `state.hands` may list The China Card (6): it lies face down at that place in the deck/hand.
- solo: expect `ai_choices` and `ai_decisions`: the AI's traced choices (`ai_choice`: which priority list,
  which option fired, the target, the key that broke the tie) and decisions (`ai_decision`: how it played
  a card), matched item by item, in order, against what the steps traced.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.common.input_bounds import (
    ECHO_CHARS,
    SEED_LIMIT,
    InputRefused,
    clip,
    could_be_path,
    parse_yaml,
    printable,
)
from twilight.compiler.diagnostics import suggest
from twilight.harness.scenario_problems import (
    MOST_LISTED,
    Gather,
    Invalid,
    Positions,
    Problem,
    gathered,
    in_file_order,
    reason,
    split_key,
)
from twilight.harness.scenario_problems import yaml_text as show
from twilight.runtime.backend.program import Program
from twilight.runtime.core import primitives as prim
from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision, IllegalAnswer
from twilight.runtime.core.engine import Engine, GameEnded
from twilight.runtime.core.frames import Frame
from twilight.runtime.core.limits import StepLimitExceeded
from twilight.runtime.core.primitives.basics import action_rounds_this_turn, space_attempts_allowed
from twilight.runtime.core.rule_errors import RuleError
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.core.sides import sides as declared_sides
from twilight.runtime.core.state import (
    DEFCON_TRACK,
    MILITARY_OPERATIONS_TRACK,
    SIDES,
    SPACE_RACE_TRACK,
    TURN_TRACK,
    VP_TRACK,
)
from twilight.runtime.game import build_program, new_engine
from twilight.runtime.solo.ai import ai_side_of, players_with_ai

TOP_KEYS: dict[str, type | tuple[type, ...]] = {
    "name": (str, int, float),
    "ruleset": str,
    "seed": int,
    "options": dict,
    "setup": str,
    "state": dict,
    "dice": list,
    "answers": list,
    "steps": list,
    "expect": dict,
}
PLAY_MODES = ("event", "influence", "coup", "realign", "space")
# The steps the runner plays itself: `play` runs an action round of the side it names, answering the
# round's decisions from the step. Every other step, and every setup, is a moment the ruleset declares
# (`moment NAME`, `moment setup NAME`); the `headline` moment's headline cards come from the step.
RUNNER_STEPS = ("play",)
HEADLINE_STEP = "headline"
# What the runner tells a moment (the ruleset language's context `moment`): the AI's side and yours, the
# next action round, the turn marker.
MOMENT_CONTEXT = tuple(registry.CONTEXTS["moment"])
STATE_KEYS = (
    *("turn", "action_round", "phasing", "defcon", "vp", "milops", "space", "space_attempts", "influence"),
    *("hands", "draw_pile", "discard", "removed", "in_effect", "china"),
)
EXPECT_KEYS = (
    *("influence", "controlled_by", "vp", "defcon", "turn", "action_round", "milops", "space", "hand_size"),
    *("hand_contains", "discard_contains", "removed_contains", "in_effect_contains", "in_effect_excludes"),
    *("china", "game_over", "winner", "end_reason", "error", "dice_unused", "draw_pile_size", "discard_size"),
    *("hand_order", "rating"),
)
# Any variable or zone the ruleset declares may be set in `state` and checked in `expect` (a zone's size
# too, as `<zone>_size`). The scoring cards of the Primary and the Secondary region a scenario names are
# laid face up in this declared zone (part of the scenario format's contract with the ruleset).
REVEALED_ZONE = registry.SCORING_REVEALED.name
# The AI's trace, matched in order: the keys an item of each list may name (any subset of them).
AI_TRACE_EXPECT = {
    "ai_choices": ("ai_choice", ("priority", "option", "option_name", "target", "decided_by")),
    "ai_decisions": ("ai_decision", ("what", "card", "rule")),
}
# The ruleset function that names the scoring card of a region (solo scoring deck in scenarios).
SCORING_CARD_OF = registry.SCORING_CARD_OF.name
# The scoring deck and the cards set aside (zones) and the regions whose cards lie face up (variables): each
# a `state` key of a solo scenario by the same name, and a need of the contract (a renamed one: E601).
SCORING_DECK, SCORING_DISCARD = registry.SCORING_DECK.name, registry.SCORING_DISCARD.name
FACE_UP_REGIONS = (registry.PRIMARY_REGION.name, registry.SECONDARY_REGION.name)
WINNERS = (US, USSR, "draw")
# What a file may ask for, bounded by what a game can hold: a file stays a few KB (the largest in
# tests/scenarios is 3 KB), so no scenario comes near these.
MAX_FILE_BYTES = 1024 * 1024
# A side's influence in one country: the rules set no limit; no game comes near this one.
MAX_INFLUENCE = 99
# The most a modifier adds to a card's operations in one play (The China Card's +1 in Asia with Vietnam
# Revolts' +1 in Southeast Asia): a play's targets number at most the ruleset's highest card ops plus this.
OPS_BONUS_CEILING = 2
# How much of an expected value and of the game's a difference shows.
SHOWN_CHARS = 160
# The steps whose unknown card or country is the refusal the file expects, not a mistake in it.
NAME_REFUSALS = ("unknown_card", "unknown_country")
# What broke an AI choice's tie, as the trace says it (runtime/backend/priorities.py).
DECIDED_BY = re.compile(r"(prefer|then_by)\[\d+\]|domain_order")


class Refused(Exception):
    """The rules refuse a step (or an answer it was given): the spec's error code and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.where = ""


def _differ(key: str, wanted: Any, got: Any) -> list[str]:
    """The problem of an expected value the game does not hold, if it does not."""
    if wanted == got:
        return []
    return [f"{key}: expected {show(wanted, SHOWN_CHARS)}, got {show(got, SHOWN_CHARS)}"]


def _refusal_problems(refusal: Refused | None, wanted_error: Any) -> list[str]:
    """A refused last step against `expect.error`: refused when no refusal was expected, for another
    reason, or not refused when one was."""
    if refusal is not None and wanted_error is None:
        return [f"{refusal.where}: refused ({refusal.code}): {refusal}"]
    if refusal is not None and refusal.code != wanted_error:
        return [f"expect.error: expected {wanted_error}, got {refusal.code} ({refusal.where}: {refusal})"]
    if refusal is None and wanted_error is not None:
        return [f"expect.error: expected the last step to be refused with {wanted_error}, it was not"]
    return []


# A file whose every expectation held on its starting board passes whatever its steps do: it pins a rule
# down only if a wrong rule would have changed what it expects. Said beside its PASS, so that its author
# adds something the steps change (the project's rule: expect what the steps change, or a trace event).
HELD_BEFORE_STEPS = (
    "every expectation already held before the steps ran, so the file would pass had they done nothing; "
    "expect something they change as well (where a card went: discard_contains, removed_contains; "
    "dice_unused: 0; a track) or the AI's trace (ai_choices, ai_decisions)"
)


class Failed(Exception):
    """The scenario cannot go on: no answer left, the game already over, a step not supported."""


@dataclass
class ScenarioResult:
    path: str
    passed: bool
    reason: str = ""
    name: str = ""
    ruleset: str = ""  # as the file writes it: a name, or a variant's folder by path
    # the ruleset that name or path compiled to (its manifest's name and version), once the file loaded it:
    # what `scenario coverage` counts the file under
    ruleset_name: str = ""
    ruleset_version: str = ""
    events: list[str] = field(default_factory=list)  # cards whose event ran during the steps
    played: list[str] = field(default_factory=list)  # cards played in an action round or headlined
    refused: list[str] = field(default_factory=list)  # cards of a last step the rules refused
    # what failed, each at its place in the file, in the file's order (`reason` says them on one line)
    problems: list[Problem] = field(default_factory=list)
    # what a passing file should still look at (said after its PASS)
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.problems and not self.reason:
            self.reason = reason(self.path, self.problems)
        # One line each, whatever the file held: a value it repeats is shown in part.
        self.reason, self.name = clip(self.reason), clip(self.name, ECHO_CHARS * 2)

    def line(self) -> str:
        # (a key or a name the file wrote is echoed in the reason: a terminal must show it, not act on it)
        path = printable(self.path)
        if not self.passed:
            return f"FAIL {path}: {printable(self.reason)}"
        return "\n".join([f"PASS {path}", *(f"  warning: {w}" for w in self.warnings)])

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "name": self.name,
            "passed": self.passed,
            "reason": self.reason,
            "ruleset": self.ruleset,
            "events": self.events,
            "played": self.played,
            "refused": self.refused,
            "problems": [p.to_json() for p in self.problems[:MOST_LISTED]],
            "warnings": self.warnings,
        }


# ---------------------------------------------------------------------- rulesets, compiled once per process
_RULESETS: dict[str, tuple[dict[str, Any], Program]] = {}

# `ruleset: NAME@VERSION` pins a version, as `twilight play --ruleset NAME@VERSION` does.
VERSION_SEP = "@"

# How a `ruleset:` that is no folder is found: the spec as the file writes it (`solo-v2`, `solo-v2@2.0`)
# -> what the compiler is given (an installed name, or a ruleset's folder); a LookupError whose words say
# what is wrong (with the names or versions found) when it names nothing. The command line gives the one
# `twilight play` finds rulesets with (installed, `$TWILIGHT_HOME/rules/`: cli/ruleset_target.py), which the
# harness may not import; without it, `installed_ruleset` knows the installed ones.
RulesetFinder = Callable[[str], str]


def installed_ruleset(spec: str) -> str:
    """The installed ruleset `spec` names (its version, when pinned, is checked once it is compiled)."""
    from twilight.compiler.loader import known_rulesets

    name = spec.partition(VERSION_SEP)[0]
    known = sorted(known_rulesets())
    if name in known:
        return name
    hint = suggest(name, known)
    found = f"rulesets found: {', '.join(known)}"
    raise LookupError(
        f"'{clip(spec, ECHO_CHARS)}' is neither a known ruleset nor a file or folder; "
        + (f"did you mean '{hint}'? ({found})" if hint else found)
    )


def _is_folder(target: str, base_dir: Path) -> bool:
    """Whether `target` is a folder, from the working directory or from the file's."""
    if not could_be_path(target) or not could_be_path(str(base_dir / target)):
        return False
    return Path(target).is_dir() or (base_dir / target).is_dir()


def _pinned(target: str, find: RulesetFinder) -> tuple[str, str]:
    """A `ruleset: NAME@VERSION` found: what the compiler is given, and the version wanted (`find`'s
    words, placed at the key, when it names nothing)."""
    written = clip(target, ECHO_CHARS)
    version = target.partition(VERSION_SEP)[2]
    if not version:
        raise Invalid(
            "ruleset", f"'{written}': no version after '{VERSION_SEP}' (write NAME@VERSION, or NAME)"
        )
    try:
        return find(target), version
    except LookupError as err:
        # (the finder's words name the spec as written)
        raise Invalid("ruleset", str(err.args[0]) if err.args else f"'{written}': not found") from None


def _found(target: str, base_dir: Path, find: RulesetFinder) -> tuple[str, str]:
    """What the compiler is given for a `ruleset:` (a folder, beside the file or from the working
    directory, is left to `_ruleset`), and the version `NAME@VERSION` pins ("" for none)."""
    from twilight.compiler.loader import known_rulesets

    if VERSION_SEP in target and not _is_folder(target, base_dir):
        return _pinned(target, find)
    if target not in known_rulesets() and not _is_folder(target, base_dir) and not _looks_like_path(target):
        # A name found only where the command line looks ($TWILIGHT_HOME/rules/...); else the compiler
        # says the name is unknown, as before.
        with contextlib.suppress(LookupError):
            return find(target), ""
    return target, ""


def _ruleset(
    target: str, base_dir: Path, find: RulesetFinder | None = None
) -> tuple[dict[str, Any], Program]:
    from twilight.compiler.api import compile_target
    from twilight.compiler.loader import known_rulesets

    written = target  # (as the file wrote it: a message echoes that, not the folder it was found at)
    target, pinned = _found(target, base_dir, find or installed_ruleset)
    if target not in known_rulesets() and could_be_path(target) and could_be_path(str(base_dir / target)):
        # (a name past the file system's limits is left to the compiler, which calls it unknown: pathlib
        # raises for it rather than answer that nothing is there)
        near = base_dir / target
        if not Path(target).exists() and near.is_dir():
            target = str(near)
    if target not in _RULESETS:
        result = compile_target(target)
        if result.ir is None or not result.ok:
            errors = [d for d in result.diagnostics if d.severity.value == "error"]
            raise Invalid(
                "ruleset",
                f"'{clip(written, ECHO_CHARS)}': {_not_compiled(errors, written, target, base_dir)}",
            )
        _RULESETS[target] = (result.ir, build_program(result.ir))
    ir = _RULESETS[target][0]
    version = str(ir.get("ruleset", {}).get("version", ""))
    if pinned and version != pinned:
        name = written.partition(VERSION_SEP)[0]
        raise Invalid(
            "ruleset",
            f"'{clip(written, ECHO_CHARS)}' names no version of {clip(name, ECHO_CHARS)} that is found; "
            f"did you mean '{name}@{version}'? (versions found: {version or '-'})",
        )
    return _RULESETS[target]


def _not_compiled(errors: list[Any], written: str, target: str, base_dir: Path) -> str:
    """Why the ruleset the file names cannot be played, and what mends it: the folder a path names that
    is not there, the installed name a misspelt one means, or the rules' first error where it is, with
    its fix and the command that shows every error."""
    first = errors[0] if errors else None
    if first is None:
        return "it does not compile"
    if first.code == "E002":
        if not could_be_path(written):  # (past the file system's limits: no name nor folder is near it)
            return str(first.message)
        if _looks_like_path(written):
            return _no_such_folder(written, base_dir)
        near = _ruleset_folder_near(written, base_dir)
        if near is not None:
            # (a variant's own scenarios naming it by its name: the nearest installed name is its parent's,
            # which was no help)
            return (
                f"no ruleset found has that name; the folder {near} (from the file's folder) is a ruleset "
                f"of that name: write `ruleset: {near}`"
            )
    said = f"{first.message} ({first.help})" if first.help else first.message
    if first.pos is None:  # (a folder without ruleset.tsr, a manifest the loader refused: no file to show)
        return said
    # (the first error where it is: the author goes there to mend it, and `check` shows the rest, each with
    # its line and a caret, which one line of a FAIL cannot)
    folder = shlex.quote(os.path.normpath(target))
    return f"{first.pos}: {said}; run `twilight check {folder}` to see every error"


def _looks_like_path(written: str) -> bool:
    """Whether the file names its ruleset by a path (a folder beside it, `../my-variant`) rather than by
    an installed name: a path is told it is not there, a name which installed one it means."""
    return "/" in written or written.startswith(".") or "\\" in written


def _no_such_folder(written: str, base_dir: Path) -> str:
    """A ruleset path that leads nowhere: where it was looked for, and the folder of a ruleset beside the
    one it names that it most likely means."""
    beside = Path(os.path.normpath(base_dir / written))
    said = f"the folder {written} does not exist"
    if beside != Path(os.path.normpath(written)):  # (a path is looked for from here, then beside the file)
        said += f", neither from the working folder nor from the file's (as {beside})"
    parent = beside.parent
    if parent.is_dir():
        with contextlib.suppress(OSError):
            folders = sorted(
                child.name
                for child in parent.iterdir()
                if child.is_dir() and (child / "ruleset.tsr").is_file()
            )
            near = suggest(beside.name, folders)
            if near is not None:
                wanted = str(Path(written).parent / near)
                return f"{said}; did you mean '{wanted}'?"
    elif not parent.exists():
        return f"{said}; the folder {parent} does not exist either"
    found = _ruleset_folder_near(beside.name, base_dir)
    if found is not None:  # (a `..` too few or too many: the folder is further up)
        return f"{said}; did you mean '{found}'?"
    return said


# How many folders up from a scenario file a ruleset folder of the name it writes is looked for.
FOLDERS_UP = 4


def _ruleset_folder_near(name: str, base_dir: Path) -> str | None:
    """A ruleset folder named `name` in the file's folder or one above it, or one of those folders itself
    (a variant's `scenarios/` inside it): its path from the file's folder; None when there is none."""
    if not name or name in (".", "..") or not could_be_path(name) or "/" in name or "\\" in name:
        return None
    here = Path(os.path.abspath(base_dir))
    for folder in [here, *here.parents][:FOLDERS_UP]:
        for candidate in (folder / name, folder) if folder.name == name else (folder / name,):
            with contextlib.suppress(OSError):
                if (candidate / "ruleset.tsr").is_file():
                    # (`../../my-variant` rather than `..`: a path is read from the working folder first,
                    # where `..` is some other folder; docs/new-ruleset.md, section 7)
                    return os.path.join(os.path.relpath(candidate.parent, here), name)
    return None


class Names:
    """The ruleset's names: countries, regions, cards by number."""

    def __init__(self, ir: dict[str, Any]) -> None:
        self.countries = set(ir["map"]["countries"])
        self.regions = set(ir["map"]["regions"])
        self.card_id: dict[int, str] = {int(c["number"]): name for name, c in ir["cards"].items()}
        self.number: dict[str, int] = {name: n for n, name in self.card_id.items()}
        self.china = registry.THE_CHINA_CARD.name

    def country(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise Invalid(key, f"a country id is expected, got {show(value)}")
        if value not in self.countries:
            raise Invalid(key, f"unknown country '{value}'{_hint(value, self.countries)}")
        return value

    def region(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or value not in self.regions:
            raise Invalid(key, f"unknown region {show(value)}{_hint(str(value), self.regions)}")
        return value

    def card(self, value: Any, key: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            if value not in self.card_id:
                raise Invalid(
                    key, f"unknown card {value} (cards are numbered {min(self.card_id)}-{max(self.card_id)})"
                )
            return self.card_id[value]
        if isinstance(value, str) and value in self.number:
            return value
        near = _hint(value, set(self.number)) if isinstance(value, str) else ""
        raise Invalid(key, f"unknown card {show(value)} (cards are given by number){near}")

    def show(self, card: str) -> str:
        return f"{self.number[card]} {card}" if card in self.number else str(card)


def _hint(word: str, known: set[str]) -> str:
    if len(word) > ECHO_CHARS:  # no name is that long; comparing it with each would take long
        return ""
    near = suggest(word, sorted(known))
    return f" (did you mean '{near}'?)" if near else ""


# ---------------------------------------------------------------------- small readers
def _no_targets(arg: dict[str, Any], where: str, mode: str) -> None:
    """`as: event` / `as: space` name no country."""
    has_target = "target" in arg
    if has_target or "targets" in arg:
        raise Invalid(f"{where}.{'target' if has_target else 'targets'}", f"not used with as: {mode}")


def _one_target(arg: dict[str, Any], where: str) -> None:
    """`as: coup` names one country."""
    if "targets" in arg or "target" not in arg:
        raise Invalid(f"{where}.target", "a coup names one target (target: COUNTRY)")
    if not isinstance(arg["target"], str):
        raise Invalid(f"{where}.target", f"a country id is expected, got {show(arg['target'])}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, key: str, low: int | None = None, high: int | None = None) -> int:
    if not _is_int(value):
        raise Invalid(key, f"a whole number is expected, got {show(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise Invalid(key, f"{value} is out of range ({span})")
    return int(value)


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise Invalid(key, f"true or false is expected, got {show(value)}")
    return value


def _map(value: Any, key: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise Invalid(key, f"a map is expected, got {type(value).__name__}")
    return value


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise Invalid(key, f"a list is expected, got {type(value).__name__}")
    return value


def _side(value: Any, key: str, allowed: tuple[str, ...] = SIDES) -> str:
    if value is None and "none" in allowed:
        return "none"
    if value not in allowed:
        near = _hint(value, set(allowed)) if isinstance(value, str) else ""
        raise Invalid(key, f"one of {', '.join(allowed)} is expected, got {show(value)}{near}")
    return str(value)


def _keys(
    value: dict[Any, Any],
    key: str,
    known: tuple[str, ...] | list[str],
    elsewhere: Callable[[str], str] | None = None,
) -> None:
    """Every key of the map that is not one of `known`: where it belongs (`elsewhere`: a key of another
    part of the file), or the nearest known one."""
    with gathered() as check:
        for k in check.over(value):
            if k not in known:
                hint = (elsewhere(str(k)) if elsewhere else "") or _no_space(str(k), known)
                hint = hint or _hint(str(k), set(known))
                check.add(f"{key}.{k}" if key else str(k), f"unknown key{hint}")


def _no_space(key: str, known: tuple[str, ...] | list[str]) -> str:
    """The hint for a key and its value written without the space after the colon (`{level:hard}`): YAML
    reads that as one word, a key of no value."""
    head, colon, rest = key.partition(":")
    if colon and head in known and rest and not rest.startswith(" "):
        return f" (a space is missing after the colon: `{head}: {rest}`)"
    return ""


def _per_side(value: Any, key: str, read: Callable[[Any, str], Any]) -> dict[str, Any]:
    value = _map(value, key)
    out: dict[str, Any] = {}
    with gathered() as check:
        with check.each():
            _keys(value, key, SIDES)
        for side, v in value.items():
            if side in SIDES:
                with check.each():
                    out[side] = read(v, f"{key}.{side}")
    return out


def _ranged(low: int, high: int | None) -> Callable[[Any, str], int]:
    return lambda value, key: _int(value, key, low, high)


def _card_list(names: Names, value: Any, key: str) -> list[str]:
    cards: list[str] = []
    with gathered() as check:
        for i, card in check.over(enumerate(_list(value, key))):
            with check.each():
                cards.append(names.card(card, f"{key}[{i}]"))
    return cards


def _read_influence(names: Names, value: Any, key: str) -> None:
    with gathered() as check:
        for country, sides in check.over(_map(value, key).items()):
            with check.each():
                names.country(country, f"{key}.{country}")
            with check.each():
                _per_side(sides, f"{key}.{country}", lambda v, k: _int(v, k, 0, MAX_INFLUENCE))


def _read_controlled_by(names: Names, value: Any, key: str) -> None:
    with gathered() as check:
        for country, side in check.over(_map(value, key).items()):
            with check.each():
                names.country(country, f"{key}.{country}")
            with check.each():
                _side(side, f"{key}.{country}", (US, USSR, "none"))


def _read_china(names: Names, value: Any, key: str) -> None:
    china = _map(value, key)
    with gathered() as check:
        with check.each():
            _keys(china, key, ("holder", "face_up"))
        if "holder" in china:
            with check.each():
                _side(china["holder"], f"{key}.holder")
        if "face_up" in china:
            with check.each():
                _bool(china["face_up"], f"{key}.face_up")


def _a_word(what: str) -> Callable[[Names, Any, str], None]:
    def read(names: Names, value: Any, key: str) -> None:
        if not isinstance(value, str):
            raise Invalid(key, f"{what} is expected, got {show(value)}")

    return read


# How the file's value of each `expect` key of the format is read and checked (raising `Invalid`).
_EXPECT_READ: dict[str, Callable[[Names, Any, str], object]] = {
    "influence": _read_influence,
    "controlled_by": _read_controlled_by,
    "vp": lambda names, value, key: _int(value, key),
    **dict.fromkeys(
        ("defcon", "turn", "action_round", "dice_unused", "draw_pile_size", "discard_size"),
        lambda names, value, key: _int(value, key, 0),
    ),
    **dict.fromkeys(
        ("milops", "space", "hand_size"), lambda names, value, key: _per_side(value, key, _ranged(0, None))
    ),
    **dict.fromkeys(
        ("hand_contains", "hand_order"),
        lambda names, value, key: _per_side(value, key, lambda v, k: _card_list(names, v, k)),
    ),
    "rating": _a_word("a rating word (master, clear, ... or none)"),
    **dict.fromkeys(
        ("discard_contains", "removed_contains", "in_effect_contains", "in_effect_excludes"),
        lambda names, value, key: _card_list(names, value, key),
    ),
    "china": _read_china,
    "game_over": lambda names, value, key: _bool(value, key),
    "winner": lambda names, value, key: _side(value, key, WINNERS),
    "end_reason": _a_word("a word"),
    "error": _a_word("a word"),
}


# ---------------------------------------------------------------------- the runner
class Scenario:
    """One scenario file, from reading to the verdict."""

    def __init__(self, path: Path, find_ruleset: RulesetFinder | None = None) -> None:
        self.path = path
        self.find_ruleset = find_ruleset  # (how a `ruleset:` that is no folder is found: see RulesetFinder)
        self.data: dict[str, Any] = {}
        self.ir: dict[str, Any] = {}
        self.program: Program | None = None
        self.names: Names | None = None
        self.engine: Engine | None = None
        self.answers: list[tuple[int, Any]] = []
        self.plan: _Plan | None = None
        self.where = ""
        self.solo = False
        self.allow_names: set[str] = set()
        self.steps_begin = 0  # index of the first trace event of the steps
        self.refused_cards: list[str] = []
        self.positions: Positions | None = None  # where each key of the file is
        self.raw: dict[Any, Any] = {}  # the file's map as written (`data`: its keys of the format)

    # ------------------------------------------------------------------ reading
    def load(self) -> None:
        """Read the file and check it whole before anything runs: every problem of its keys, types and
        names at once (an Invalid with them all), or none."""
        with gathered() as check:
            data = self._read(check)
            self.data = data
            with check.each():
                self.ir, self.program = _ruleset(data["ruleset"], self.path.parent, self.find_ruleset)
            with check.each():  # (once the ruleset is known: a key may be one of its settings or steps)
                _keys(self.raw, "", list(TOP_KEYS), self._belongs_elsewhere(""))
            if self.program is None:
                return
            self.names = Names(self.ir)
            self.solo = bool(self.ir.get("appendix")) or bool(self.ir.get("priorities"))
            for part in (
                self._check_setup,
                self._check_dice,
                self._check_options,
                self._check_state_keys,
                self._check_steps,
                self._check_expect,
            ):
                with check.each():
                    part()
        self.answers = list(enumerate(data.get("answers", [])))
        assert self.program is not None
        for rule in self.program.rules:
            self.allow_names.update(name for name, *_ in rule.allows)
        for items in self.program.lasting.values():
            self.allow_names.update(name for name, *_ in items.allows)

    def where_in_file(self, key: str, problem: str) -> Problem:
        """A problem at its place in the file (a YAML error's own, before the file was read)."""
        return (self.positions or Positions("", None)).problem(key, problem)

    def _text(self) -> str:
        try:
            # (only a regular file: a FIFO named as a scenario once waited for a writer for ever)
            raw = read_bounded(self.path, MAX_FILE_BYTES)
            return raw.decode("utf-8")
        except UnicodeDecodeError as err:
            # (the codec's words give a byte offset and no way out: the place and the fix, as `check` says
            # it of a rule file)
            before = raw[: err.start].decode("utf-8")
            line, column = before.count("\n") + 1, len(before) - before.rfind("\n")
            raise Invalid(
                "",
                f"line {line}, column {column}: not UTF-8 text (the byte 0x{raw[err.start]:02x}): "
                "save the file as UTF-8",
            ) from None
        except FileTooLarge:
            raise Invalid(
                "", f"the file is over {MAX_FILE_BYTES // 1024} KiB: a scenario is never that big"
            ) from None
        except NotRegularFile:
            raise Invalid(
                "", "cannot read the file: not a regular file (a folder, a device or a pipe)"
            ) from None
        except FileNotFoundError:
            raise Invalid(
                "", "cannot read the file: there is no such file (check its name and folder)"
            ) from None
        except NotADirectoryError:
            raise Invalid("", "cannot read the file: a part of its path is a file, not a folder") from None
        except OSError as err:
            # (the system's reason alone: Python's `[Errno 2] ...: 'path'` repeats the path the line begins
            # with, and the number means nothing to an author)
            why = str(err.strerror or err.__class__.__name__)
            raise Invalid("", f"cannot read the file: {why[:1].lower()}{why[1:]}") from None

    def _read(self, check: Gather) -> dict[str, Any]:
        """The file as a YAML map of the format's top keys, each of its type, the required ones there (a
        key of another type or unknown is a problem noted in `check`, and left out)."""
        text = self._text()
        try:
            data = parse_yaml(text)
        except InputRefused as err:
            raise Invalid("", str(err)) from None
        if not isinstance(data, dict):
            line, column = Positions(text, data).at.get((), (1, 1))  # (an empty file: its start)
            raise Invalid(
                "",
                f"line {line}, column {column}: "
                "a scenario is a YAML map of keys (name, ruleset, setup, state, steps, expect...)",
            )
        self.positions = Positions(text, data)
        self.raw = data
        kept = {
            key: value for key, value in data.items() if key in TOP_KEYS and self._typed(check, key, value)
        }
        for key in ("ruleset", "setup"):
            if key not in data:
                check.add(key, "missing (required)")
        seed = kept.get("seed", 0)
        if not -SEED_LIMIT < seed < SEED_LIMIT:  # (as `twilight play --seed` and a save take one)
            check.add("seed", f"a whole number below 2**64 either way is expected, got {show(seed)}")
        if "ruleset" not in kept:
            check.done()  # (without its ruleset, no name of the file can be checked)
        return kept

    @staticmethod
    def _typed(check: Gather, key: str, value: Any) -> bool:
        """Whether a top key's value is of its type (if not, a problem in `check`)."""
        wanted = TOP_KEYS[key]
        if isinstance(value, wanted) and not (isinstance(value, bool) and wanted is not bool):
            return True
        kinds = wanted if isinstance(wanted, tuple) else (wanted,)
        check.add(key, f"{' or '.join(_TYPE_NAMES[k] for k in kinds)} is expected, got {show(value)}")
        return False

    def _belongs_elsewhere(self, part: str) -> Callable[[str], str]:
        """Where a key unknown in `part` of the file (the top, "options", "state", "expect") belongs: the
        part of the file that takes it (a key indented wrongly, or not at all)."""
        homes = self._homes()

        def elsewhere(key: str) -> str:
            if part == "" and key in homes["steps"]:
                return f" ({key} is a step: an item of the list under steps:, `- {key}: …`)"
            found = [home for home, keys in homes.items() if home not in (part, "steps") and key in keys]
            if not found:
                return ""
            indented = ", indented" if part == "" else ""
            return f" ({key} belongs under {' or '.join(f'{home}:' for home in found)}{indented})"

        return elsewhere

    def _homes(self) -> dict[str, set[str]]:
        """The keys each part of the file takes, as far as the ruleset is known."""
        declared = set(self._declared()) if self.ir else set()
        spec_options = (registry.AI_SIDE.name, registry.LEVEL.name, registry.OPTIONAL_CARDS.name)
        return {
            "options": {*spec_options, *(self.ir.get("settings", {}) if self.ir else ())},
            "state": {*STATE_KEYS, *declared},
            "expect": {
                *EXPECT_KEYS,
                *declared,
                *AI_TRACE_EXPECT,
                *(f"{zone}_size" for zone in self._zones()),
            },
            "steps": set(self._moments(setup=False)) if self.program else set(RUNNER_STEPS),
        }

    def _check_setup(self) -> None:
        setups = self._moments(setup=True)
        setup = self.data.get("setup")
        if setup is not None and setup not in setups:
            raise Invalid(
                "setup",
                f"one of {', '.join(setups) or '(none)'} is expected (the setups the ruleset declares), "
                f"got {show(setup)}{_hint(str(setup), set(setups))}",
            )

    def _check_dice(self) -> None:
        with gathered() as check:
            for i, die in check.over(enumerate(self.data.get("dice", []))):
                with check.each():
                    _int(die, f"dice[{i}]", 1, 6)

    def _moments(self, setup: bool) -> list[str]:
        """The ruleset's scenario setups, or its step kinds (the runner's `play` first)."""
        assert self.program is not None
        declared = [name for name, m in self.program.moments.items() if m.setup == setup]
        return declared if setup else [*RUNNER_STEPS, *declared]

    def _solo_only(self, key: str) -> None:
        if not self.solo:
            raise Invalid(key, f"needs a solo ruleset ('{self.data['ruleset']}' is not one)")

    def _scoring_card(self, region: Any, key: str) -> str:
        """The scoring card of a region, by the ruleset's function `scoring_card_of`."""
        assert self.names is not None and self.program is not None
        region = self.names.region(region, key)
        fn = self.program.functions.get(SCORING_CARD_OF)
        if fn is None:
            raise Invalid(
                key, f"the ruleset has no {SCORING_CARD_OF} function naming a region's scoring card"
            )
        engine = self.engine or new_engine(self.ir, program=self.program)
        card = fn.call(engine, region)
        if card is None:
            raise Invalid(key, f"no scoring card marks the region '{region}'")
        return str(card)

    def _scoring_cards(self, value: Any, key: str) -> list[str]:
        """Regions (top first) as their scoring cards."""
        cards = [self._scoring_card(r, f"{key}[{i}]") for i, r in enumerate(_list(value, key))]
        for i, card in enumerate(cards):
            if card in cards[:i]:
                raise Invalid(f"{key}[{i}]", "the region is listed twice")
        return cards

    def _check_options(self) -> dict[str, Any]:
        """The settings the file's `options` choose, each read by its declared type."""
        options = self.data.get("options", {})
        settings: dict[str, Any] = {}
        # The spec's options (ai_side, level, optional_cards) and any other setting the ruleset declares
        # (e.g. deluxe_map_canada): a scenario chooses what `twilight play` and `--set` can choose.
        ai_side, level = registry.AI_SIDE.name, registry.LEVEL.name
        known = (ai_side, level, registry.OPTIONAL_CARDS.name, *self.ir["settings"])
        with gathered() as check:
            with check.each():
                _keys(options, "options", known, self._belongs_elsewhere("options"))
            for key, value in options.items():
                if key in known:
                    with check.each():
                        self._check_option(key, value, settings)
        return settings

    def _check_option(self, key: str, value: Any, settings: dict[str, Any]) -> None:
        where = f"options.{key}"
        ai_side, level = registry.AI_SIDE.name, registry.LEVEL.name
        if key in (ai_side, level):
            self._solo_only(where)
        if key == ai_side:
            _side(value, where)
        setting = self.ir["settings"].get(key)
        if setting is None:
            if key == ai_side:
                return  # the side the AI plays is not a setting of the rules
            raise Invalid(where, f"the ruleset '{self.data['ruleset']}' has no such option")
        # Each by its declared type: true/false, a whole number, or one of the values it declares.
        if setting["type"] == "bool":
            settings[key] = _bool(value, where)
        elif setting["type"] == "int":
            # (an int setting declared `int from MIN to MAX` holds a scenario to its bounds, as `--set`)
            settings[key] = _int(value, where, setting.get("min"), setting.get("max"))
        elif not isinstance(value, str) or value not in setting["values"]:
            values = setting["values"]
            near = _hint(value, set(values)) if isinstance(value, str) else ""
            raise Invalid(where, f"one of {', '.join(values)} is expected, got {show(value)}{near}")
        else:
            settings[key] = value

    def _zones(self) -> list[str]:
        return list(self.ir.get("zones", {}))

    def _declared(self) -> list[str]:
        """The state the ruleset declares: its variables and zones, settable and checkable by name."""
        return [*self.ir.get("variables", {}), *self._zones()]

    def _declared_value(self, name: str, value: Any, key: str) -> Any:
        """A value of a declared variable or zone, read and checked by its declared type."""
        assert self.names is not None
        if name in self.ir.get("zones", {}):
            # a card, or a region standing for the scoring card that marks it (solo scoring deck)
            regions = self.names.regions
            return [
                self._scoring_card(c, f"{key}[{i}]")
                if isinstance(c, str) and c in regions
                else self.names.card(c, f"{key}[{i}]")
                for i, c in enumerate(_list(value, key))
            ]
        typ = self.ir["variables"][name]["type"]
        if value is None:
            return [] if typ.startswith("list[") else None
        if typ == "bool":
            return _bool(value, key)
        if typ == "int":
            return _int(value, key, -MAX_INFLUENCE, MAX_INFLUENCE)
        if typ == "region":
            return self.names.region(value, key)
        if typ == "country":
            return self.names.country(value, key)
        if typ == "card":
            return self.names.card(value, key)
        if typ == "side":
            return _side(value, key)
        if typ == "list[int]":
            return [
                _int(v, f"{key}[{i}]", -MAX_INFLUENCE, MAX_INFLUENCE) for i, v in enumerate(_list(value, key))
            ]
        raise Invalid(key, f"a variable of type {typ} cannot be set by a scenario")

    def _check_state_keys(self) -> None:
        """Each key of `state` and its value: its type, range and names; a card placed twice."""
        state = self.data.get("state", {})
        with gathered() as check:
            with check.each():
                _keys(state, "state", [*STATE_KEYS, *self._declared()], self._belongs_elsewhere("state"))
            for key, value in check.over(state.items()):
                read = self._state_reader(str(key))
                if read is not None:
                    with check.each():
                        read(value, f"state.{key}")
            with check.each():
                self._check_placed(state)

    def _state_reader(self, key: str) -> Callable[[Any, str], object] | None:
        """How the value of a `state` key is read and checked (raising Invalid); None for an unknown key.
        (The action round's and the Space Race attempts' upper bounds depend on the game: set up first.)"""
        assert self.names is not None
        names = self.names
        if key in self._declared():
            return lambda value, where: self._declared_value(key, value, where)
        tracks = {"turn": (TURN_TRACK, 1), "defcon": (DEFCON_TRACK, 1), "vp": (VP_TRACK, -MAX_INFLUENCE)}
        if key in tracks:
            return _ranged(*self._track(*tracks[key]))
        per_side = {"milops": MILITARY_OPERATIONS_TRACK, "space": SPACE_RACE_TRACK}
        if key in per_side:
            bounds = self._track(per_side[key], 0)
            return lambda value, where: _per_side(value, where, _ranged(*bounds))
        readers: dict[str, Callable[[Any, str], object]] = {
            "action_round": _ranged(0, None),
            "phasing": _side,
            "space_attempts": lambda value, where: _per_side(value, where, _ranged(0, MAX_INFLUENCE)),
            "influence": lambda value, where: _read_influence(names, value, where),
            "hands": lambda value, where: _per_side(value, where, lambda v, k: _card_list(names, v, k)),
            **dict.fromkeys(
                ("draw_pile", "discard", "removed"), lambda value, where: _card_list(names, value, where)
            ),
            "in_effect": lambda value, where: self._effects_in({"in_effect": value}),
            "china": lambda value, where: _read_china(names, value, where),
        }
        return readers.get(key)

    def _check_placed(self, state: dict[str, Any]) -> None:
        """No card placed twice by `state` (The China Card only in a solo deck/hand)."""
        try:
            _, zones = self._state_zones(state)
        except Invalid:
            return  # (the keys' own checks said what is wrong with them)
        self._placed(zones)

    def _state_zones(self, state: dict[str, Any]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """The hands `state` gives, by side, and every hand and pile it fills, by name."""
        assert self.names is not None
        names = self.names
        hands = _per_side(state.get("hands", {}), "state.hands", lambda v, k: _card_list(names, v, k))
        zones: dict[str, list[str]] = {f"hands.{s}": cards for s, cards in hands.items()}
        for zone in ("draw_pile", "discard", "removed"):
            zones[zone] = _card_list(names, state.get(zone, []), f"state.{zone}")
        return hands, zones

    def _check_steps(self) -> None:
        steps = self.data.get("steps", [])
        with gathered() as check:
            for i, step in check.over(enumerate(steps)):
                with check.each():
                    self._check_step(i, step, self._names_refused(i, len(steps)))

    def _names_refused(self, i: int, count: int) -> bool:
        """Whether an unknown card or country in step i is the refusal the file expects (its last step,
        with `expect.error: unknown_card` or `unknown_country`) rather than a mistake in it."""
        return i == count - 1 and self.data.get("expect", {}).get("error") in NAME_REFUSALS

    def _check_step(self, i: int, step: Any, names_refused: bool) -> None:
        kinds = self._moments(setup=False)
        key = f"steps[{i}]"
        if not isinstance(step, dict) or len(step) != 1:
            raise Invalid(key, f"a step is a map with one key ({', '.join(kinds)})")
        ((kind, arg),) = step.items()
        if kind not in kinds:
            raise Invalid(
                f"{key}.{kind}",
                f"unknown step{_hint(str(kind), set(kinds))}; the ruleset '{self.data['ruleset']}' has "
                f"the steps {', '.join(kinds)}",
            )
        where = f"{key}.{kind}"
        if kind == "play":
            self._check_play(_map(arg, where), where, names_refused)
        elif kind == HEADLINE_STEP:
            self._check_headline(_map(arg, where), where, names_refused)
        else:
            self._step_value(kind, arg, where)

    def _check_headline(self, arg: dict[str, Any], where: str, names_refused: bool) -> None:
        assert self.names is not None
        with gathered() as check:
            with check.each():
                _keys(arg, where, SIDES)
            if not arg:
                check.add(where, "name the headline card of us, ussr or both")
            for side, card in arg.items():
                with check.each():
                    if not _is_int(card) and not isinstance(card, str):
                        raise Invalid(f"{where}.{side}", f"a card number is expected, got {show(card)}")
                    if not names_refused:
                        self.names.card(card, f"{where}.{side}")

    def _step_value(self, kind: str, arg: Any, where: str) -> Any:
        """The value a step gives its moment's parameter, read by the parameter's type; `true` for a
        moment without one."""
        assert self.names is not None and self.program is not None
        params = self.program.moments[kind].params
        if not params:
            if arg is not True:
                raise Invalid(where, f"true is expected, got {show(arg)}")
            return None
        name, typ = params[0]
        readers: dict[str, Callable[[Any, str], Any]] = {
            "region": self.names.region,
            "country": self.names.country,
            "card": self.names.card,
            "side": _side,
            "int": _int,
            "bool": _bool,
        }
        read = readers.get(typ)
        if read is None:
            raise Invalid(where, f"the step's {name} is a {typ}, which a scenario cannot give")
        return read(arg, where)

    def _check_play(self, arg: dict[str, Any], where: str, names_refused: bool) -> None:
        assert self.names is not None
        with gathered() as check:
            with check.each():
                _keys(arg, where, ("side", "card", "as", "target", "targets", "event_first"))
            for required in ("side", "card", "as"):
                if required not in arg:
                    check.add(f"{where}.{required}", "missing (required)")
            if "side" in arg:
                with check.each():
                    _side(arg["side"], f"{where}.side")
            if "card" in arg:
                with check.each():
                    card = arg["card"]
                    if not _is_int(card) and not isinstance(card, str):
                        raise Invalid(f"{where}.card", f"a card number is expected, got {show(card)}")
                    if not names_refused:
                        self.names.card(card, f"{where}.card")
            if "event_first" in arg:
                with check.each():
                    _bool(arg["event_first"], f"{where}.event_first")
            if "as" in arg:
                with check.each():
                    self._check_play_mode(arg, where, names_refused)

    def _check_play_mode(self, arg: dict[str, Any], where: str, names_refused: bool) -> None:
        """`as` and the targets it takes: none, one country (a coup), countries (influence, realign)."""
        mode = arg["as"]
        if mode not in PLAY_MODES:
            raise Invalid(f"{where}.as", f"one of {', '.join(PLAY_MODES)} is expected, got {show(mode)}")
        if mode in ("event", "space"):
            _no_targets(arg, where, mode)
            return
        if mode == "coup":
            _one_target(arg, where)
            countries = {f"{where}.target": arg["target"]}
        else:
            self._check_targets(arg, where, mode)
            targets = arg["targets"]
            countries = (
                {f"{where}.targets.{clip(str(c), ECHO_CHARS)}": c for c in targets}
                if isinstance(targets, dict)
                else {f"{where}.targets[{j}]": c for j, c in enumerate(targets)}
            )
        if not names_refused:
            assert self.names is not None
            with gathered() as check:
                for key, country in check.over(countries.items()):
                    with check.each():
                        self.names.country(country, key)

    def _check_targets(self, arg: dict[str, Any], where: str, mode: str) -> None:
        """`as: influence` / `as: realign`: the countries, no more than any play's operations."""
        if "target" in arg:
            raise Invalid(f"{where}.target", f"as: {mode} names its countries with targets")
        if "targets" not in arg:
            raise Invalid(f"{where}.targets", "missing (required)")
        targets, ceiling = arg["targets"], self._ops_ceiling()
        if isinstance(targets, dict) and mode == "influence":
            for country, n in targets.items():
                _int(n, f"{where}.targets.{clip(str(country), ECHO_CHARS)}", 1, ceiling)
            count = sum(targets.values())
        elif isinstance(targets, list):
            for j, country in enumerate(targets):
                if not isinstance(country, str):
                    raise Invalid(f"{where}.targets[{j}]", f"a country id is expected, got {show(country)}")
            count = len(targets)
        else:
            wanted = "a map {country: n} or a list" if mode == "influence" else "a list of countries"
            raise Invalid(f"{where}.targets", f"{wanted} is expected, got {show(targets)}")
        if count > ceiling:
            raise Invalid(
                f"{where}.targets",
                f"{count} placements or rolls; no play has more than {ceiling} operations points",
            )

    def _ops_ceiling(self) -> int:
        """The most operations points a play can have: the ruleset's highest card ops plus modifiers."""
        highest = max((int(card.get("ops") or 0) for card in self.ir["cards"].values()), default=4)
        return highest + OPS_BONUS_CEILING

    def _check_expect(self) -> None:
        expect = self.data.get("expect", {})
        sizes = [f"{zone}_size" for zone in self._zones()]
        known = [*EXPECT_KEYS, *self._declared(), *sizes, *AI_TRACE_EXPECT]
        with gathered() as check:
            with check.each():
                _keys(expect, "expect", known, self._belongs_elsewhere("expect"))
            for key, value in check.over(expect.items()):
                with check.each():
                    self._check_expect_value(str(key), value)

    def _check_expect_value(self, key: str, value: Any) -> None:
        assert self.names is not None
        where = f"expect.{key}"
        if key in AI_TRACE_EXPECT:
            self._solo_only(where)
            self._check_ai_trace(key, value, where)
        elif key.endswith("_size") and key[: -len("_size")] in self._zones():
            _int(value, where, 0)
        elif key in self._declared():
            self._declared_value(key, value, where)
        elif key in _EXPECT_READ:
            _EXPECT_READ[key](self.names, value, where)

    def _check_ai_trace(self, key: str, value: Any, where: str) -> list[dict[str, Any]]:
        """`expect.ai_choices` / `expect.ai_decisions`: a list of maps naming some of the trace event's keys;
        the items as the trace spells them (cards by id)."""
        _, allowed = AI_TRACE_EXPECT[key]
        items: list[dict[str, Any]] = []
        with gathered() as check:
            for i, raw in check.over(enumerate(_list(value, where))):
                with check.each():
                    items.append(self._ai_trace_item(raw, f"{where}[{i}]", allowed))
        return items

    def _ai_trace_item(self, raw: Any, at: str, allowed: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise Invalid(
                at, f"a map with some of the keys {', '.join(allowed)} is expected, got {show(raw)}"
            )
        item: dict[str, Any] = {}
        with gathered() as check:
            with check.each():
                _keys(raw, at, allowed)
            for k, v in raw.items():
                if k in allowed:
                    with check.each():
                        item[k] = self._ai_trace_value(k, v, f"{at}.{k}")
            with check.each():
                self._check_option_of_list(item, at)
        return item

    def _ai_trace_value(self, k: str, v: Any, here: str) -> Any:
        """One value of an AI trace item, as the trace spells it."""
        assert self.names is not None
        if k == "priority":
            priorities = set(self.ir.get("priorities", {}))
            if not isinstance(v, str) or v not in priorities:
                hint = _hint(str(v), priorities) or f" (the ruleset's lists: {', '.join(sorted(priorities))})"
                raise Invalid(here, f"unknown priority list {show(v)}{hint}")
        elif k == "option":
            if v is not None and not _is_int(v):
                raise Invalid(
                    here, f"an option number or null (no option applied) is expected, got {show(v)}"
                )
        elif k == "target":
            return self._trace_target(v, here)
        elif k == "card":
            return None if v is None else self.names.card(v, here)
        elif k in ("option_name", "decided_by"):
            if v is not None and not isinstance(v, str):
                raise Invalid(here, f"a word or null is expected, got {show(v)}")
            if k == "decided_by" and v is not None and not DECIDED_BY.fullmatch(v):
                raise Invalid(here, f"prefer[N], then_by[N], domain_order or null is expected, got {show(v)}")
        elif not isinstance(v, str):
            raise Invalid(here, f"a word is expected, got {show(v)}")
        return v

    def _check_option_of_list(self, item: dict[str, Any], at: str) -> None:
        """An item's `option_name` is an option of its list (of any list when it names none). (Its number
        is not held to the name: a variant's scenario run under the ruleset it changes shows how the
        option that fires differs.)"""
        lists = self.ir.get("priorities", {})
        priority = item.get("priority")
        mine = priority in lists
        options = lists[priority]["options"] if mine else [o for p in lists.values() for o in p["options"]]
        names = {str(o["name"]) for o in options if o.get("name")}
        name = item.get("option_name")
        if isinstance(name, str) and name not in names:
            whose = f"{priority} has no option" if mine else "no AI list has an option"
            hint = _hint(name, names) or (f" (its options: {', '.join(sorted(names))})" if mine else "")
            raise Invalid(f"{at}.option_name", f"{whose} '{name}'{hint}")

    def _trace_target(self, value: Any, key: str) -> Any:
        """A traced target: null (nothing picked), a country id, or a card (by number)."""
        assert self.names is not None
        if value is None:
            return None
        if _is_int(value):
            return self.names.card(value, key)
        if isinstance(value, str) and (value in self.names.countries or value in self.names.number):
            return value
        if isinstance(value, str):
            raise Invalid(key, f"unknown country or card '{value}'{_hint(value, self.names.countries)}")
        raise Invalid(key, f"a country id, a card number or null is expected, got {show(value)}")

    def _ai_trace_problems(self, key: str, value: Any) -> list[str]:
        """What differs between `expect.ai_choices` / `ai_decisions` and the trace of the steps."""
        assert self.engine is not None
        where = f"expect.{key}"
        kind, allowed = AI_TRACE_EXPECT[key]
        wanted = self._check_ai_trace(key, value, where)
        got = [e for e in self.engine.events[self.steps_begin :] if e["kind"] == kind]

        def traced(event: dict[str, Any]) -> str:
            return show({k: event.get(k) for k in allowed if k in event}, SHOWN_CHARS)

        problems = []
        for i, item in enumerate(wanted):
            if i >= len(got):
                problems.append(
                    f"{where}[{i}]: expected {show(item, SHOWN_CHARS)}, but the steps traced only {len(got)}"
                )
                break
            differ = [k for k, v in item.items() if got[i].get(k) != v]
            for k in differ:  # (the traced choice shown once, with the first that differs)
                also = f" (traced {traced(got[i])})" if k == differ[0] else ""
                problems.append(
                    f"{where}[{i}].{k}: expected {show(item[k])}, got {show(got[i].get(k))}{also}"
                )
        if len(got) > len(wanted):
            extra = "; ".join(traced(e) for e in got[len(wanted) :])
            problems.append(
                f"{where}: {len(wanted)} listed, the steps traced {len(got)}; not listed: {extra}"
            )
        return problems

    # ------------------------------------------------------------------ setting up
    def build(self, limits: dict[str, int] | None = None) -> Engine:
        """The engine, set up and with the file's state (`limits`: the Engine's step_limit and
        game_step_limit, `scenario run --step-limit`)."""
        assert self.program is not None
        settings = self._check_options()
        # Solo rulesets: the AI side's event choices are answered by the ruleset's AI (its ai_answer_*
        # lists), as in a real game; `answers` are for your side.
        players, ai_player = players_with_ai(self.ir, settings, {US: _Player(self), USSR: _Player(self)})
        engine = new_engine(
            self.ir,
            players,
            seed=self.data.get("seed", 0),
            settings=settings,
            dice=[int(d) for d in self.data.get("dice", [])],
            program=self.program,
            **(limits or {}),
        )
        self.engine = engine
        if ai_player is not None:
            ai_player.engine = engine
        self.where = "setup"
        self._run_moment(self.data["setup"])
        self.where = "state"
        self._apply_state(self.data.get("state", {}))
        engine.influence_touched = None  # (the board was set here, not by the rules: looked at afresh)
        self.steps_begin = len(engine.events)
        return engine

    def compiled_ruleset(self) -> dict[str, str]:
        """The name and version of the ruleset the file's `ruleset` compiled to (none before it loaded)."""
        info = self.ir.get("ruleset", {}) if self.ir else {}
        return {"ruleset_name": str(info.get("name", "")), "ruleset_version": str(info.get("version", ""))}

    def coverage(self) -> dict[str, Any]:
        """Which cards the steps exercised: events that ran, cards played or headlined, and the cards
        of a refused last step."""
        assert self.engine is not None
        events = self.engine.events[self.steps_begin :]

        def cards(*kinds: str) -> list[str]:
            return sorted({str(e["card"]) for e in events if e["kind"] in kinds and e.get("card")})

        played = {
            *cards("play"),
            *(str(c) for e in events if e["kind"] == "headlines" for c in (e.get(US), e.get(USSR)) if c),
        }
        return {
            "ruleset": str(self.data.get("ruleset", "")),
            **self.compiled_ruleset(),
            "events": cards("event"),
            "played": sorted(played),
            "refused": sorted({*self.refused_cards, *cards("event_prevented")}),
        }

    def _track(self, track: str, low: int) -> tuple[int, int]:
        """The bounds of a track the ruleset declares; of one it does not, `low` up to MAX_INFLUENCE."""
        declared = (self.ir.get("tracks") or {}).get(track)
        if declared is None:
            return low, MAX_INFLUENCE
        return int(declared["min"]), int(declared["max"])

    def _apply_state(self, state: dict[str, Any]) -> None:
        assert self.engine is not None and self.names is not None
        engine, names, st = self.engine, self.names, self.engine.state
        # The tracks' values lie within the bounds the ruleset declares (`track turn from 1 to 10`...).
        if "turn" in state:
            st.turn = _int(state["turn"], "state.turn", *self._track(TURN_TRACK, 1))
        if "phasing" in state:
            st.phasing = _side(state["phasing"], "state.phasing")
            engine.defcon_actor = st.phasing
        if "defcon" in state:
            st.defcon = _int(state["defcon"], "state.defcon", *self._track(DEFCON_TRACK, 1))
        if "vp" in state:
            # the game ends at either end of the VP track
            st.vp = _int(state["vp"], "state.vp", *self._track(VP_TRACK, -MAX_INFLUENCE))
        for key, track in (("milops", MILITARY_OPERATIONS_TRACK), ("space", SPACE_RACE_TRACK)):
            if key in state:
                values = _per_side(state[key], f"state.{key}", _ranged(*self._track(track, 0)))
                getattr(st, key).update(values)
        for country, sides in _map(state.get("influence", {}), "state.influence").items():
            c = names.country(country, f"state.influence.{country}")
            st.influence[c] = {  # (a value, replaced: GameState.clone)
                **st.influence[c],
                **_per_side(sides, f"state.influence.{country}", lambda v, k: _int(v, k, 0, MAX_INFLUENCE)),
            }
        self._apply_cards(state)
        self._apply_rounds(state)
        for name in self.engine.ir.get("variables", {}):
            if name in state:
                st.vars[name] = self._declared_value(name, state[name], f"state.{name}")
        self._apply_scoring_cards(state)
        if "china" in state:
            china = _map(state["china"], "state.china")
            _keys(china, "state.china", ("holder", "face_up"))
            if "holder" in china:
                st.china_holder = _side(china["holder"], "state.china.holder")
            if "face_up" in china:
                st.china_face_up = _bool(china["face_up"], "state.china.face_up")

    def _apply_rounds(self, state: dict[str, Any]) -> None:
        """The action round and the Space Race attempts made, within what the rules allow at the turn set
        with the events in effect (`modify action_rounds`, `modify space_attempts_allowed`)."""
        assert self.engine is not None
        engine, st = self.engine, self.engine.state
        if "action_round" in state:
            last = max(action_rounds_this_turn(engine, side) for side in declared_sides(engine.ir))
            st.action_round = _int(state["action_round"], "state.action_round", 0, last)
        if "space_attempts" in state:
            values = _per_side(state["space_attempts"], "state.space_attempts", _ranged(0, MAX_INFLUENCE))
            for side, made in values.items():
                _int(made, f"state.space_attempts.{side}", 0, space_attempts_allowed(engine, side))
            st.space_attempts.update(values)

    def _apply_scoring_cards(self, state: dict[str, Any]) -> None:
        """Solo: the Primary's and the Secondary's scoring cards face up beside the scoring deck; the
        cards of `scoring_deck` on top of it (the rest of the deck after them, in its order); the cards of
        `scoring_discard` on top of its discard."""
        assert self.engine is not None and self.program is not None
        if SCORING_CARD_OF not in self.program.functions or not self.solo:
            return
        engine, st = self.engine, self.engine.state
        face_up = [self._scoring_card(state[key], f"state.{key}") for key in FACE_UP_REGIONS if key in state]
        deck = self._scoring_cards(state.get(SCORING_DECK, []), f"state.{SCORING_DECK}")
        pile = self._scoring_cards(state.get(SCORING_DISCARD, []), f"state.{SCORING_DISCARD}")
        placed: dict[str, str] = {}
        for key, cards in (("regions", face_up), (SCORING_DECK, deck), (SCORING_DISCARD, pile)):
            for card in cards:
                if card in placed:
                    raise Invalid(f"state.{key}", f"{card} is already placed by state.{placed[card]}")
                placed[card] = key
        for card in face_up:
            prim.move_to_zone(engine, card, REVEALED_ZONE, False)
        for card in [*deck, *pile]:
            prim.move_to_zone(engine, card, SCORING_DECK, True)  # out of wherever it was
            st.zones[SCORING_DECK].remove(card)
        st.zones[SCORING_DECK][:0] = deck
        st.zones[SCORING_DISCARD][:0] = pile

    def _apply_cards(self, state: dict[str, Any]) -> None:
        assert self.engine is not None and self.names is not None
        names, st = self.names, self.engine.state
        hands, zones = self._state_zones(state)
        effects = self._effects_in(state)
        placed = self._placed(zones)
        self._take_out(set(placed) | {card for card, _, _ in effects if card != names.china})
        self._deal(hands)
        st.draw_pile[:0] = zones["draw_pile"]
        st.discard.extend(zones["discard"])
        st.removed.extend(zones["removed"])
        for card, by, key in effects:
            self._start_effect(card, by, key)
            if card != names.china and card not in placed:
                info = self.ir["cards"][card]
                (st.removed if info["starred"] else st.discard).append(card)

    def _effects_in(self, state: dict[str, Any]) -> list[tuple[str, str | None, str]]:
        """`state.in_effect`: each card (by number, or `{card, by}`), who played it, and its key."""
        assert self.names is not None
        effects: list[tuple[str, str | None, str]] = []
        with gathered() as check:
            for i, item in check.over(enumerate(_list(state.get("in_effect", []), "state.in_effect"))):
                with check.each():
                    effects.append(self._effect(item, f"state.in_effect[{i}]", effects))
        return effects

    def _effect(
        self, item: Any, key: str, before: list[tuple[str, str | None, str]]
    ) -> tuple[str, str | None, str]:
        """An item of `state.in_effect`: the card, who played it, its key."""
        assert self.names is not None
        if isinstance(item, dict):
            _keys(item, key, ("card", "by"))
            if "card" not in item:
                raise Invalid(f"{key}.card", "missing (required)")
            by = _side(item["by"], f"{key}.by") if "by" in item else None
            card, where = self.names.card(item["card"], f"{key}.card"), f"{key}.card"
        else:
            by, card, where = None, self.names.card(item, key), key
        # (The China Card has no event to be in effect; a card in effect twice is one event, as a
        # card in a hand twice is one card: both were taken without a word)
        if card == self.names.china:
            raise Invalid(where, "The China Card has no event to be in effect: it is placed with state.china")
        if any(card == seen for seen, _, _ in before):
            raise Invalid(where, f"card {self.names.show(card)} is already in effect in state.in_effect")
        # (a lasting effect that reads what its event chose, Chernobyl's region, cannot be started
        # without the event: the harness has no value to give it, and the rules would fail when it acts)
        chosen = _event_values_read(self.ir["cards"][card].get("event"))
        if chosen:
            raise Invalid(
                where,
                f"the lasting effect of card {self.names.show(card)} needs values its event chooses "
                f"({', '.join(chosen)}), which state.in_effect cannot give: play the card as a step instead",
            )
        return card, by, key

    def _placed(self, zones: dict[str, list[str]]) -> dict[str, str]:
        """Each card the hands and piles of `state` name, with where: a card placed once, The China Card
        only in a solo deck/hand."""
        assert self.names is not None
        names = self.names
        placed: dict[str, str] = {}
        with gathered() as check:
            for zone, cards in zones.items():
                for i, card in enumerate(cards):
                    where = f"state.{zone}[{i}]"
                    if card == names.china and not (self.solo and zone.startswith("hands.")):
                        check.add(where, "The China Card is placed with state.china, not in a pile or hand")
                    elif card in placed:
                        check.add(where, f"card {names.show(card)} is already placed in {placed[card]}")
                    else:
                        placed[card] = where
        return placed

    def _take_out(self, moved: set[str]) -> None:
        """The cards `state` places, out of every hand, pile and zone they were in."""
        assert self.engine is not None
        st = self.engine.state
        for zone_cards in (
            *(st.hands[US], st.hands[USSR], st.draw_pile, st.discard, st.removed),
            *st.zones.values(),
        ):
            zone_cards[:] = [c for c in zone_cards if c not in moved]

    def _deal(self, hands: dict[str, list[str]]) -> None:
        """The hands `state` gives, the old hand back into the draw pile."""
        assert self.engine is not None and self.names is not None
        china, st = self.names.china, self.engine.state
        for side, cards in hands.items():
            st.draw_pile.extend(c for c in st.hands[side] if c not in cards)  # the old hand goes back
            st.hands[side] = list(cards)
            if china in cards:
                # Solo: The China Card inside a deck/hand, face down there (as step B's step 0 puts it).
                other = st.hands[prim.other(side)]
                other[:] = [c for c in other if c != china]
                st.china_holder, st.china_face_up = side, False

    def _start_effect(self, card: str, by: str | None, key: str) -> None:
        """An event in effect as if it had just been played: its permanent marker and lasting blocks."""
        assert self.engine is not None
        engine, info = self.engine, self.ir["cards"][card]
        owner = by or (info["side"] if info["side"] in SIDES else engine.state.phasing)
        blocks = _lasting_blocks(info.get("event"))
        if info["permanent"] or not blocks:
            engine.start_lasting((card, "event"), "cancelled", [], {"player": owner})
        for block in blocks:
            assert self.program is not None
            frame = Frame(engine, {"player": owner, "owner": owner, "this_card": card})
            try:
                args = [self.program.expr(a)(frame) for a in block["until_args"]]
            except (KeyError, TypeError):
                args = [prim.other(owner)] if block["until"] == "end_of_next_action_round" else []
            engine.start_lasting((card, block["lasting"]), block["until"], args, {"player": owner})

    # ------------------------------------------------------------------ answers
    def answer(self, decision: Decision) -> Any:
        if self.plan is not None:
            handled, value = self.plan.answer(decision)
            if handled:
                return value
        if decision.name in self.allow_names and decision.options == ["yes", "no"]:
            if self.answers and _yes_no(self.answers[0][1]) is not None:
                return _yes_no(self.answers.pop(0)[1])
            return "no"
        if not self.answers:
            used_up = self.plan.used_up(decision) if self.plan is not None else ""
            raise Failed(
                f"{self.where}: {decision.name} ({decision.side}) needs an answer{used_up}, and `answers` "
                f"has none left; it offers {self.offers(decision)}"
            )
        index, raw = self.answers.pop(0)
        value = self.convert(raw, decision)
        why = decision.check(value)
        if why is not None:
            refused = self._event_refusal(decision, value)
            if refused is not None:
                raise Refused(
                    refused,
                    f"answers[{index}] = {show(raw)}: the rules refuse the event of "
                    f"{self.names.show(decision.context['card']) if self.names else ''} ({refused}); "
                    f"{decision.name} ({decision.side}) offers {self.offers(decision)}",
                )
            raise Refused(
                "illegal_answer",
                f"answers[{index}] = {show(raw)} does not fit {decision.name} ({decision.side}): it offers "
                f"{self.offers(decision)}",
            )
        return value

    def _event_refusal(self, decision: Decision, value: Any) -> str | None:
        """The code of the rule that keeps a card's event out of how it may be played, when the answer
        asked for that event: the rule's own code, as a `play` step's refusal gives it."""
        card = decision.context.get("card")
        if decision.name != "play_mode" or value != "event" or not isinstance(card, str):
            return None
        assert self.engine is not None
        return self.engine.forbidden("event", actor=decision.side, card=card)

    def convert(self, raw: Any, decision: Decision) -> Any:
        assert self.names is not None
        card_id = self.names.card_id

        def one(x: Any) -> Any:
            if isinstance(x, bool):
                word = "yes" if x else "no"
                return word if word in decision.options else x
            if _is_int(x) and x in card_id and card_id[x] in decision.options:
                return card_id[x]
            return x

        if decision.single:
            # A choice of "up to N" narrowed to one pick (one candidate left) is asked as a single answer;
            # the file may still give it as the list its author wrote for "up to N": one item is that pick.
            if isinstance(raw, list) and len(raw) == 1:
                return one(raw[0])
            if isinstance(raw, dict) and len(raw) == 1 and list(raw.values()) == [1]:
                return one(next(iter(raw)))
            return one(raw)
        if isinstance(raw, dict):
            # `{poland: 4}` is Poland picked 4 times; no more picks are made than the decision takes and
            # one (then it does not fit, and is told so): a count of 10**20 was expanded whole.
            most = decision.max_count + 1
            picks: list[Any] = []
            for key, count in raw.items():
                times = min(count, most - len(picks)) if _is_int(count) else 1
                picks += [one(key)] * max(times, 0)
                if len(picks) >= most:
                    break
            return picks
        if isinstance(raw, list):
            return [one(x) for x in raw]
        return [one(raw)]

    def offers(self, decision: Decision) -> str:
        assert self.names is not None
        shown = [self.names.show(o) if o in self.names.number else str(o) for o in decision.options]
        many = "" if decision.single else f" ({decision.min_count}-{decision.max_count} of them)"
        if len(shown) > 24:
            shown = [*shown[:24], f"... {len(shown) - 24} more"]
        return f"[{', '.join(shown)}]{many}"

    # ------------------------------------------------------------------ steps
    def run_steps(self) -> Refused | None:
        """Run the steps; the refusal of the last step, if it was refused."""
        assert self.engine is not None
        engine = self.engine
        steps = self.data.get("steps", [])
        for i, step in enumerate(steps):
            ((kind, arg),) = step.items()
            self.where = f"steps[{i}].{kind}"
            if engine.state.game_over:
                raise Failed(
                    f"{self.where}: the game is already over ({engine.state.winner} won: "
                    f"{engine.state.end_reason})"
                )
            saved = copy.deepcopy(engine.state)
            saved_actor = engine.defcon_actor
            # Each step of the file starts as a decision would: with the budget of steps between two
            # decisions whole (a run of steps that ask none once shared one budget, and the rule running
            # when it ran out was said never to end). The game's budget still bounds the whole file.
            engine.set_step_limits()
            try:
                self._step(kind, arg)
            except Refused as refusal:
                engine.state, engine.defcon_actor, engine.ops_region = saved, saved_actor, None
                refusal.where = self.where
                self.refused_cards = self._step_cards(kind, arg)
                if i == len(steps) - 1:
                    return refusal
                raise Failed(f"{self.where}: refused ({refusal.code}): {refusal}") from None
            except GameEnded:
                pass
            finally:
                self.plan = None
        return None

    def _step_cards(self, kind: str, arg: Any) -> list[str]:
        """The cards a play or headline step names (for coverage reports); none for other steps."""
        assert self.names is not None
        raw = [arg.get("card")] if kind == "play" else list(arg.values()) if kind == HEADLINE_STEP else []
        out = []
        for value in raw:
            with contextlib.suppress(Invalid):
                out.append(self.names.card(value, "card"))
        return out

    def _step(self, kind: str, arg: Any) -> None:
        assert self.engine is not None
        try:
            if kind == "play":
                self._play(arg)
            elif kind == HEADLINE_STEP:
                plan = _HeadlinePlan(self, {s: self._card(c, f"{self.where}.{s}") for s, c in arg.items()})
                self.plan = plan
                self._run_moment(kind)
                plan.finish()
            else:
                self._run_moment(kind, self._step_value(kind, arg, self.where))
        except RuleError as err:
            raise Refused(err.code, str(err)) from None
        except IllegalAnswer as err:
            raise Refused("illegal_answer", f"{err.decision.name}: {err.why}") from None

    def _run_moment(self, name: str, value: Any = None) -> None:
        """Run the ruleset's moment `name` with the runner's context and the step's value."""
        assert self.engine is not None and self.program is not None
        engine, moment = self.engine, self.program.moments[name]
        ai_side = ai_side_of(self.ir, engine.state.settings) or USSR
        context = {
            "ai": ai_side,
            "human": prim.other(ai_side),
            "round": engine.state.action_round + 1,
            "turn_number": engine.state.turn,
        }
        assert tuple(context) == MOMENT_CONTEXT, "the runner gives a moment the context the language names"
        variables = {**context, **{param: value for param, _ in moment.params}}
        engine.steps_left -= 1
        if engine.steps_left < 0:
            engine.out_of_steps(moment.src, f"moment '{name}'")
        moment.body(Frame(engine, variables))

    def _card(self, value: Any, key: str) -> str:
        try:
            assert self.names is not None
            return self.names.card(value, key)
        except Invalid as err:
            raise Refused("unknown_card", str(err)) from None

    def _country(self, value: Any, key: str) -> str:
        try:
            assert self.names is not None
            return self.names.country(value, key)
        except Invalid as err:
            raise Refused("unknown_country", str(err)) from None

    def _play(self, arg: dict[str, Any]) -> None:
        assert self.engine is not None
        where = self.where
        side, mode = arg["side"], arg["as"]
        card = self._card(arg["card"], f"{where}.card")
        targets: list[str] = []
        if mode == "coup":
            targets = [self._country(arg["target"], f"{where}.target")]
        elif mode in ("influence", "realign"):
            raw = arg["targets"]
            if isinstance(raw, dict):
                for country, n in raw.items():
                    targets += [self._country(country, f"{where}.targets.{country}")] * int(n)
            else:
                targets = [self._country(c, f"{where}.targets[{j}]") for j, c in enumerate(raw)]
        plan = _PlayPlan(self, side, card, mode, targets, bool(arg.get("event_first", False)))
        self.plan = plan
        prim.take_action_round(self.engine, side)
        plan.finish()

    # ------------------------------------------------------------------ expectations
    def held_before_steps(self) -> bool:
        """Whether the file has steps and every one of its expectations already holds on the board it set
        up, before they run: such a file passes whatever the steps do, so it pins nothing down. A refusal
        (`error`), the AI's trace and the file's answers (each must be asked for) are the steps' own, and
        never hold before them."""
        expect, steps = self.data.get("expect", {}), self.data.get("steps", [])
        if not steps or not expect or self.data.get("answers") or "error" in expect:
            return False
        if any(key in expect for key in AI_TRACE_EXPECT):
            return False
        try:
            return not any(self._expect_problems(key, value) for key, value in expect.items())
        except (Invalid, Refused, Failed, RuleError):  # told after the steps, where it belongs
            return False

    def check(self, refusal: Refused | None) -> list[str]:
        expect = self.data.get("expect", {})
        problems = _refusal_problems(refusal, expect.get("error"))
        for key, value in expect.items():
            problems += self._expect_problems(key, value)
        if self.answers:
            left = ", ".join(f"answers[{i}] = {show(raw)}" for i, raw in self.answers)
            problems.append(f"answers left over: {left}")
        return problems

    def _expect_problems(self, key: str, value: Any) -> list[str]:
        """What differs between one `expect` key and the game: the AI's trace, a declared variable or zone
        (or a zone's size), or one of the format's own keys (`error` is the refusal's, told apart)."""
        assert self.engine is not None
        st, where = self.engine.state, f"expect.{key}"
        zone = key.removesuffix("_size")
        if key in AI_TRACE_EXPECT:
            return self._ai_trace_problems(key, value)
        if key in st.vars:
            return _differ(where, value, st.vars[key])
        if key in st.zones:
            return _differ(where, self._declared_value(key, value, where), st.zones[key])
        if zone != key and zone in st.zones:
            return _differ(where, value, len(st.zones[zone]))
        if key in _EXPECT_VALUE:
            return _differ(where, value, _EXPECT_VALUE[key](self.engine))
        if key in _EXPECT_PER_SIDE:
            got = _EXPECT_PER_SIDE[key]
            return [
                p for side, n in value.items() for p in _differ(f"{where}.{side}", n, got(self.engine, side))
            ]
        compare = _EXPECT_COMPARED.get(key)
        return compare(self, key, value) if compare is not None else []

    def _expect_influence(self, key: str, value: Any) -> list[str]:
        assert self.engine is not None
        influence = self.engine.state.influence
        return [
            problem
            for country, sides in value.items()
            for side, n in sides.items()
            for problem in _differ(f"expect.{key}.{country}.{side}", n, influence[country][side])
        ]

    def _expect_controlled_by(self, key: str, value: Any) -> list[str]:
        assert self.engine is not None
        problems = []
        for country, side in value.items():
            got = next((s for s in SIDES if prim.controls(self.engine, s, country)), "none")
            problems += _differ(f"expect.{key}.{country}", "none" if side is None else side, got)
        return problems

    def _expect_hand_contains(self, key: str, value: Any) -> list[str]:
        assert self.engine is not None and self.names is not None
        names, st, where = self.names, self.engine.state, f"expect.{key}"
        return [
            f"{where}.{side}: card {names.show(card)} is not in the hand"
            for side, cards in value.items()
            for card in _card_list(names, cards, where)
            if not (card in st.hands[side] or (card == names.china and st.china_holder == side))
        ]

    def _expect_hand_order(self, key: str, value: Any) -> list[str]:
        """The deck/hand's top cards in order: a solo player draws from the top."""
        assert self.engine is not None and self.names is not None
        names, hands, where = self.names, self.engine.state.hands, f"expect.{key}"
        problems = []
        for side, cards in value.items():
            wanted = [names.show(c) for c in _card_list(names, cards, where)]
            top = [names.show(c) for c in hands[side][: len(wanted)]]
            problems += _differ(f"{where}.{side}", wanted, top)
        return problems

    def _expect_pile_contains(self, key: str, value: Any) -> list[str]:
        assert self.engine is not None and self.names is not None
        st, where = self.engine.state, f"expect.{key}"
        pile = st.discard if key == "discard_contains" else st.removed
        cards = _card_list(self.names, value, where)
        return [f"{where}: card {self.names.show(card)} is not there" for card in cards if card not in pile]

    def _expect_in_effect(self, key: str, value: Any) -> list[str]:
        assert self.engine is not None and self.names is not None
        where, active = f"expect.{key}", {e.card for e in self.engine.state.in_effect}
        problems = []
        for card in _card_list(self.names, value, where):
            if (card in active) != (key == "in_effect_contains"):
                state = "not in effect" if card not in active else "in effect"
                problems.append(f"{where}: card {self.names.show(card)} is {state}")
        return problems

    def _expect_china(self, key: str, value: Any) -> list[str]:
        assert self.engine is not None
        st = self.engine.state
        got = {"holder": st.china_holder, "face_up": st.china_face_up}
        return [
            p
            for part in got
            if part in value
            for p in _differ(f"expect.{key}.{part}", value[part], got[part])
        ]


_TYPE_NAMES = {
    str: "text",
    int: "a whole number",
    float: "a number",
    dict: "a map",
    list: "a list",
    bool: "true/false",
}


# The `expect` keys compared as one value: what the game holds for each.
_EXPECT_VALUE: dict[str, Callable[[Engine], Any]] = {
    "vp": lambda engine: engine.state.vp,
    "defcon": lambda engine: engine.state.defcon,
    "turn": lambda engine: engine.state.turn,
    "action_round": lambda engine: engine.state.action_round,
    "rating": lambda engine: engine.victory_rating() or "none",
    "game_over": lambda engine: engine.state.game_over,
    "winner": lambda engine: engine.state.winner or "none",
    "end_reason": lambda engine: engine.state.end_reason or "none",
    "dice_unused": lambda engine: len(engine.dice.forced),
    "draw_pile_size": lambda engine: len(engine.state.draw_pile),
    "discard_size": lambda engine: len(engine.state.discard),
}
# The `expect` keys given per side (`{us: n, ussr: n}`): what the game holds for a side.
_EXPECT_PER_SIDE: dict[str, Callable[[Engine, str], Any]] = {
    "milops": lambda engine, side: engine.state.milops[side],
    "space": lambda engine, side: engine.state.space[side],
    "hand_size": lambda engine, side: len(engine.state.hands[side]),
}
# The other `expect` keys, each compared item by item.
_EXPECT_COMPARED: dict[str, Callable[[Scenario, str, Any], list[str]]] = {
    "influence": Scenario._expect_influence,
    "controlled_by": Scenario._expect_controlled_by,
    "hand_contains": Scenario._expect_hand_contains,
    "hand_order": Scenario._expect_hand_order,
    "discard_contains": Scenario._expect_pile_contains,
    "removed_contains": Scenario._expect_pile_contains,
    "in_effect_contains": Scenario._expect_in_effect,
    "in_effect_excludes": Scenario._expect_in_effect,
    "china": Scenario._expect_china,
}


class _Player:
    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario

    def decide(self, decision: Decision) -> Any:
        return self.scenario.answer(decision)


def _yes_no(value: Any) -> str | None:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value if value in ("yes", "no") else None


# ---------------------------------------------------------------------- plans: what a step answers itself
class _Plan:
    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        assert scenario.engine is not None and scenario.names is not None
        self.engine = scenario.engine
        self.names = scenario.names

    def answer(self, decision: Decision) -> tuple[bool, Any]:
        raise NotImplementedError

    def used_up(self, decision: Decision) -> str:
        return ""


class _PlayPlan(_Plan):
    """A `play` step answers the card, how it is played, the order of an opponent's event, whether every
    operation goes to one region, and its targets."""

    def __init__(
        self, scenario: Scenario, side: str, card: str, mode: str, targets: list[str], event_first: bool
    ) -> None:
        super().__init__(scenario)
        self.side, self.card, self.mode, self.targets = side, card, mode, targets
        self.event_first = event_first
        self.pending: dict[str, list[Any]] = {registry.ACTION_CARD.name: [card], "play_mode": [mode]}
        if mode in ("coup", "influence", "realign"):
            self.pending[f"{mode}_target"] = list(targets)
        self.once = {"event_first", "ops_in_one_region"}

    def answer(self, decision: Decision) -> tuple[bool, Any]:
        if decision.side != self.side:
            return False, None
        name = decision.name
        if name == "event_first" and name in self.once:
            self.once.discard(name)
            return True, "event" if self.event_first else "ops"
        if name == "ops_in_one_region" and name in self.once:
            self.once.discard(name)
            for option in decision.options:
                region = str(option).removeprefix("all_in_")
                members = prim.board(self.engine).members.get(region, [])
                if option != "no" and self.targets and all(t in members for t in self.targets):
                    return True, option
            return True, "no"
        queue = self.pending.get(name)
        if not queue:
            return False, None
        wanted = queue[0]
        if wanted not in decision.options:
            raise Refused(*self.diagnose(name, wanted))
        queue.pop(0)
        return True, wanted

    def used_up(self, decision: Decision) -> str:
        if decision.side == self.side and decision.name == f"{self.mode}_target":
            return " (the step's targets are used up and operations are left)"
        return ""

    def finish(self) -> None:
        for name, queue in self.pending.items():
            if not queue:
                continue
            if name.endswith("_target") and not self.pending["play_mode"]:
                code, why = self._why_target(name.removesuffix("_target"), queue[0])
                if code in ("illegal_answer", "insufficient_ops"):
                    left = ", ".join(queue)
                    code, why = "insufficient_ops", f"the card's operations ran out before: {left}"
                raise Refused(code, why)
            raise Refused(*self.diagnose(name, queue[0]))

    # ------------------------------------------------------------------ why a step is refused
    def diagnose(self, name: str, wanted: Any) -> tuple[str, str]:
        if name == registry.ACTION_CARD.name:
            return self._why_card()
        if name == "play_mode":
            return self._why_mode(wanted)
        action = name.removesuffix("_target")
        return self._why_target(action, wanted)

    def _why_card(self) -> tuple[str, str]:
        engine, st, side, card = self.engine, self.engine.state, self.side, self.card
        shown = self.names.show(card)
        if card == self.names.china:
            if st.china_holder != side:
                return "card_not_in_hand", f"The China Card is held by the {st.china_holder}"
            if not st.china_face_up:
                return "card_not_in_hand", "The China Card is face down until the end of the turn"
        elif card not in st.hands[side]:
            return "card_not_in_hand", f"card {shown} is not in the {side} hand"
        code = engine.forbidden("play", actor=side, card=card)
        if code is not None:
            return code, f"card {shown} may not be played ({code})"
        held = [c for c in st.hands[side] if engine.forbidden("hold", actor=side, card=c) is not None]
        if held and card not in held:
            code = engine.forbidden("hold", actor=side, card=held[0]) or "illegal_answer"
            cards = ", ".join(self.names.show(c) for c in held)
            return code, f"the {side} must play {cards} now: it may not be held to the end of the turn"
        return "illegal_answer", f"card {shown} may not be played now (another card must be played)"

    def _why_mode(self, mode: str) -> tuple[str, str]:
        engine, side, card = self.engine, self.side, self.card
        info, shown = prim.card_info(engine, card), self.names.show(card)
        space_code = engine.forbidden("space", actor=side, card=card) if mode == "space" else None
        if space_code is not None:
            return space_code, f"card {shown} may not go to the Space Race ({space_code})"
        if info["scoring"] and mode != "event":
            return "illegal_answer", f"card {shown} is a scoring card: it is played as its event"
        forced = engine.has_status("must_play_for_ops", side, card)
        if mode == "event":
            if info["no_event"]:
                return "illegal_answer", f"card {shown} has no event"
            if info["side"] == prim.other(side):
                return (
                    "illegal_answer",
                    f"card {shown} carries the {info['side']}'s event: the {side} plays it for operations "
                    "and the event happens anyway (5.2)",
                )
            # A prevention in effect is the rules' answer, whether or not the event is written yet.
            if any(prim.in_effect(engine, c) for c in info["prevented_by"]):
                return "event_prevented", f"the event of card {shown} is prevented by an event in effect"
            if card not in engine.program.events:
                return "event_not_written", f"the event of card {shown} is not written in the rules yet"
            if info["requires_any"] and not any(prim.in_effect(engine, c) for c in info["requires_any"]):
                needed = ", ".join(self.names.show(c) for c in info["requires_any"])
                return "event_prevented", f"the event of card {shown} needs one of {needed} in effect"
            code = engine.forbidden("event", actor=side, card=card)
            if code is not None:
                return code, f"the event of card {shown} may not be played ({code})"
            if forced:
                return "illegal_answer", f"card {shown} must be played for operations"
        elif mode == "space":
            if forced:
                return "illegal_answer", f"card {shown} must be played for operations"
        elif self.targets:
            return self._why_target(mode, self.targets[0])
        return "illegal_answer", f"card {shown} cannot be played as {mode} now"

    def _why_target(self, action: str, target: str) -> tuple[str, str]:
        engine, side = self.engine, self.side
        code = engine.forbidden(action, actor=side, card=self.card, target=target)
        if code is not None:
            return code, f"{action} in {target} is refused ({code})"
        region = engine.ops_region
        if region is not None and target not in prim.board(engine).members.get(region, []):
            return "illegal_answer", f"{target} is outside {region}, where every operation of the card goes"
        if action == "influence":
            cost = engine.modified("influence_cost", 1, actor=side, target=target)
            return "insufficient_ops", f"influence in {target} costs {cost}, more operations than are left"
        return "illegal_answer", f"{action} in {target} is not possible now"


class _HeadlinePlan(_Plan):
    def __init__(self, scenario: Scenario, cards: dict[str, str]) -> None:
        super().__init__(scenario)
        self.pending = dict(cards)

    def answer(self, decision: Decision) -> tuple[bool, Any]:
        if decision.name != registry.HEADLINE_CARD.name or decision.side not in self.pending:
            return False, None
        card = self.pending[decision.side]
        if card not in decision.options:
            raise Refused(*self._why(decision.side, card))
        del self.pending[decision.side]
        return True, card

    def finish(self) -> None:
        for side, card in self.pending.items():
            raise Refused(*self._why(side, card))

    def _why(self, side: str, card: str) -> tuple[str, str]:
        shown = self.names.show(card)
        code = self.engine.forbidden("headline", actor=side, card=card)
        if code is not None:
            return code, f"card {shown} may not be a headline ({code})"
        if card not in self.engine.state.hands[side]:
            return "card_not_in_hand", f"card {shown} is not in the {side} hand"
        return "illegal_answer", f"card {shown} may not be the {side} headline now"


# ---------------------------------------------------------------------- the ruleset's turn sequence
def _lasting_blocks(node: Any) -> list[dict[str, Any]]:
    """The `lasting` statements an event's own statements start; one nested in another lasting block
    starts only when that block's hook runs (Bear Trap's round-long refusal), so it is not one of them."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if "lasting" in node:
            return [node]
        for value in node.values():
            found += _lasting_blocks(value)
    elif isinstance(node, list):
        for item in node:
            found += _lasting_blocks(item)
    return found


# The IR's keys that bind a name: `let`, `choose`, `for each`, a comprehension's (`each`, `bind`); and
# `repeat … as` (its "as" key only beside "repeat").
_BINDERS = ("let", "choose", "for_each", "each", "bind")


def _names_bound(node: Any, out: set[str], into_lasting: bool) -> set[str]:
    """The names `node`'s statements and expressions bind (`into_lasting`: also inside lasting blocks)."""
    if isinstance(node, dict):
        if "lasting" in node and not into_lasting:
            return out
        out.update(node[k] for k in _BINDERS if isinstance(node.get(k), str))
        if "repeat" in node and isinstance(node.get("as"), str):
            out.add(node["as"])
        for value in node.values():
            _names_bound(value, out, into_lasting)
    elif isinstance(node, list):
        for item in node:
            _names_bound(item, out, into_lasting)
    return out


def _names_read(node: Any, out: set[str]) -> set[str]:
    if isinstance(node, dict):
        if isinstance(node.get("var"), str):
            out.add(node["var"])
        for value in node.values():
            _names_read(value, out)
    elif isinstance(node, list):
        for item in node:
            _names_read(item, out)
    return out


def _event_values_read(event: Any) -> list[str]:
    """The names an event's lasting blocks read that the event itself binds outside them (a region it
    chose, a value it let): a lasting effect put in play without its event has none of them. (What a block
    binds for itself, a trigger's own names and the owner are no event's; its `until` arguments, when they
    cannot be worked out, fall back: see `_start_effect`.)"""
    outside = _names_bound(event, set(), into_lasting=False)
    needed: set[str] = set()
    for block in _lasting_blocks(event):
        items = block.get("items")
        needed |= (_names_read(items, set()) - _names_bound(items, set(), into_lasting=True)) & outside
    return sorted(needed)


# ---------------------------------------------------------------------- entry points
def run_file(
    path: str | Path, limits: dict[str, int] | None = None, find_ruleset: RulesetFinder | None = None
) -> ScenarioResult:
    """Run one scenario file; never raises. `limits`: the steps the rules may take (the Engine's
    step_limit and game_step_limit; its defaults without). `find_ruleset`: how a `ruleset:` name (or
    NAME@VERSION) is found (the installed rulesets without)."""
    shown = str(path)
    scenario = Scenario(Path(path), find_ruleset)
    result = _run(scenario, shown, limits)
    if not result.passed:  # (a failing file still tells which ruleset it ran, once it got that far)
        result.ruleset = str(scenario.data.get("ruleset", ""))
        result.ruleset_name = scenario.compiled_ruleset()["ruleset_name"]
        result.ruleset_version = scenario.compiled_ruleset()["ruleset_version"]
    return result


def _run(scenario: Scenario, shown: str, limits: dict[str, int] | None = None) -> ScenarioResult:
    def failed(*problems: str) -> ScenarioResult:
        """A FAIL with its problems, each at its place in the file (a message that starts with a key)."""
        return placed([split_key(p, TOP_KEYS) for p in problems])

    def placed(problems: list[tuple[str, str]]) -> ScenarioResult:
        found = in_file_order([scenario.where_in_file(key, problem) for key, problem in problems])
        return ScenarioResult(shown, False, "", str(scenario.data.get("name", "")), problems=found)

    try:
        scenario.load()
        scenario.build(limits)
        held_before = scenario.held_before_steps()
        refusal = scenario.run_steps()
        problems = scenario.check(refusal)
    except Invalid as err:
        return placed(err.problems)
    except Failed as err:
        return failed(str(err))
    except Refused as err:
        return failed(f"{scenario.where}: refused ({err.code}): {err}")
    except GameEnded:
        return failed(f"{scenario.where}: the game ended during setup")
    except StepLimitExceeded as err:  # a rule that never ends: its file, line and loop, not an internal error
        return failed(f"{scenario.where}: {err}" if scenario.where else str(err))
    except Exception as err:  # a bug in the engine or the rules: still a FAIL line, never a traceback
        where = f"{scenario.where}: " if scenario.where else ""
        return failed(f"{where}internal error: {err.__class__.__name__}: {err}")
    if problems:
        return failed(*problems)
    warnings = [HELD_BEFORE_STEPS] if held_before else []
    return ScenarioResult(
        shown, True, "", str(scenario.data.get("name", "")), warnings=warnings, **scenario.coverage()
    )


def run_files(paths: list[str]) -> list[ScenarioResult]:
    return [run_file(p) for p in paths]


__all__ = ["Invalid", "Refused", "Scenario", "ScenarioResult", "run_file", "run_files"]
