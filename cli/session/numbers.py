"""What a version of the rules changes, said in numbers: "action rounds a turn: 7 instead of 6 (turns 1–3)",
"Space Race: boxes 0–6 instead of 0–8", "NATO: 3 operations instead of 4", an AI list's option that is
number 6 instead of 7, new or taken out. `twilight rulesets --changes` shows these lines above its list,
and `twilight play` when a saved game's rules have changed since it began.

Every line comes from `twilight diff`'s comparison of the two IRs (cli/diff/ir.py), read field by field,
except the counts a player keeps each turn (action rounds, Space Race attempts), which no field holds: a
rule works them out. Those are asked of the runtime, for both IRs, at each turn of a game that has just
begun (nothing on the Space Race, no event in effect), so what a rule makes of a later position (the
Space Station's eighth round) is not told here; its rule's changed lines are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from twilight.cli.diff.ir import Change, Detail, compare
from twilight.cli.diff.views import Views
from twilight.cli.localizer import Localizer
from twilight.cli.session.rule_book import sections_of

# The counts a player keeps each turn that rules work out (`modify`), each with its message and the value
# the runtime starts from (runtime/primitives/basics.py).
COUNTS = {
    "action_rounds": ("play-numbers-action-rounds", 0),
    "space_attempts_allowed": ("play-numbers-space-attempts", 1),
}
# The ruleset's messages that name a declaration of these kinds, by the id's prefix.
PLAYER_WORDS = {"track": "state-", "table": "table-", "priority": "ai-priority-"}
# A table's row added or taken out (message ids written out, as `twilight i18n check` finds the ids a
# module uses).
ROW_WORDS = {"added": "play-numbers-row-added", "removed": "play-numbers-row-removed"}
# The order the lines come in: the board's tracks first, the rules' outlines last.
KIND_ORDER = {
    kind: i
    for i, kind in enumerate(
        ("track", "setting", "card", "appendix", "priority", "table", "rule", "procedure")
    )
}
# The kinds whose changed outline lines are shown (a short change only: MOST_OUTLINE_LINES each way).
OUTLINED = ("rule", "procedure", "function")
# The kinds whose changes are told in the rules' words (`numbers_and_words`), not in numbers.
WORDED = ("appendix", *OUTLINED)
MOST_OUTLINE_LINES = 2
# The most lines one declaration gives (a table rewritten cell by cell would fill the screen).
MOST_PER_CHANGE = 4

Words = Callable[..., str]


def changes_in_numbers(old_ir: dict[str, Any], new_ir: dict[str, Any], loc: Localizer) -> list[str]:
    """The lines that say in numbers what `new_ir` changes against `old_ir`, in the localizer's language
    (the new ruleset's words, the game's behind them), then the rules' changed words: the one list
    `twilight play` shows when a saved game's rules have changed (`numbers_and_words` gives the two
    apart, as `twilight rulesets --changes` shows them)."""
    numbers, words = numbers_and_words(old_ir, new_ir, loc)
    return numbers + words


def numbers_and_words(
    old_ir: dict[str, Any], new_ir: dict[str, Any], loc: Localizer
) -> tuple[list[str], list[str]]:
    """Both lists from one comparison: the changes in numbers, and the rules' changed words (which have
    no number of their own, so are not told under "In numbers")."""

    def t(msg_id: str, **args: Any) -> str:
        got = loc.get(msg_id, **args)
        return msg_id if got is None else got

    changes = compare(old_ir, Views(loc, old_ir), new_ir, Views(loc, new_ir))
    numbers = counts_each_turn(old_ir, new_ir, loc, t)
    words: list[str] = []
    for change in sorted(changes, key=lambda change: KIND_ORDER.get(change.kind, len(KIND_ORDER))):
        told = _limited(_lines_of(change, old_ir, new_ir, loc, t), t)
        if change.kind in WORDED:
            words += told
        else:
            numbers += told
    return numbers, words


def _limited(lines: list[str], t: Words) -> list[str]:
    if len(lines) <= MOST_PER_CHANGE:
        return lines
    return [*lines[: MOST_PER_CHANGE - 1], t("play-numbers-more", count=len(lines) - MOST_PER_CHANGE + 1)]


def _lines_of(
    change: Change, old_ir: dict[str, Any], new_ir: dict[str, Any], loc: Localizer, t: Words
) -> list[str]:
    if change.change != "changed":
        # (the list below the numbers names each one a player knows, and groups the others by the rule
        # book sections they follow: an id here would be the rule writer's word)
        return []
    name = _name(change, loc)
    details = [d for d in change.details if d.field not in ("sources", "provisional")]
    if change.kind == "track":
        return _track_lines(change, old_ir, new_ir, loc, t)
    if change.kind == "priority":
        return _moved_options(
            change, old_ir, new_ir, name, t, lambda option: loc.get(f"ai-option-{option}") or option
        )
    if change.kind == "card":
        return _card_lines(details, name, t)
    if change.kind == "appendix":
        return _worded_lines(details, name, t)
    if change.kind == "setting":
        return [
            t("play-numbers-setting", setting=name, before=_shown(d.before), after=_shown(d.after))
            for d in details
            if d.field == "default"
        ]
    if change.kind == "table":
        return _table_lines(change, old_ir, new_ir, loc, name, t)
    if change.kind in OUTLINED:
        return _outline_lines(details, _rule_name(change, loc, t), t)
    return []


def _name(change: Change, loc: Localizer) -> str:
    """What a player calls the declaration: the ruleset's words for a card, a setting, a track; else its
    name with spaces (the rule writer's, which `twilight diff` shows too)."""
    if change.kind in ("card", "appendix"):
        return loc.card(change.id)
    if change.kind == "setting":
        question = loc.get(f"setting-{change.id}")
        if question:
            return question.rstrip(" ?？")
    shown = loc.get(f"{PLAYER_WORDS[change.kind]}{change.id}") if change.kind in PLAYER_WORDS else None
    return shown or change.id.replace("_", " ")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "–" if value is None else str(value)


def _track_lines(
    change: Change, old_ir: dict[str, Any], new_ir: dict[str, Any], loc: Localizer, t: Words
) -> list[str]:
    before = old_ir.get("tracks", {}).get(change.id, {})
    after = new_ir.get("tracks", {}).get(change.id, {})
    if (before.get("min"), before.get("max")) == (after.get("min"), after.get("max")):
        return []
    return [
        t(
            "play-numbers-track",
            track=_name(change, loc),
            low=after.get("min"),
            high=after.get("max"),
            old_low=before.get("min"),
            old_high=before.get("max"),
        )
    ]


def _option_numbers(ir: dict[str, Any], priority: str) -> dict[str, int]:
    """Each option of the list by name, with the number the player sees (the one `twilight diff` and the
    AI's own explanations give it), in the list's order."""
    options = ir.get("priorities", {}).get(priority, {}).get("options", [])
    return {str(option.get("name")): int(option.get("number", i + 1)) for i, option in enumerate(options)}


def _moved_options(
    change: Change,
    old_ir: dict[str, Any],
    new_ir: dict[str, Any],
    name: str,
    t: Words,
    option_words: Callable[[str], str],
) -> list[str]:
    """Each option whose number changed, with its number before and now (each list's own numbers), in the
    new list's order; then each option the list did not have, and each it no longer has."""
    before, after = _option_numbers(old_ir, change.id), _option_numbers(new_ir, change.id)
    lines = []
    for option, now in after.items():
        shown = option_words(option)
        if option not in before:
            lines.append(t("play-numbers-option-new", list=name, option=shown, number=now))
        elif before[option] != now:
            lines.append(
                t("play-numbers-option-moved", list=name, option=shown, before=before[option], after=now)
            )
    for option, was in before.items():
        if option not in after:
            lines.append(t("play-numbers-option-removed", list=name, option=option_words(option), number=was))
    return lines


def _card_lines(details: list[Detail], name: str, t: Words) -> list[str]:
    lines = []
    for detail in details:
        if detail.field == "ops" and detail.change == "changed":
            lines.append(t("play-numbers-card-ops", card=name, before=detail.before, after=detail.after))
        elif detail.field == "event":
            lines.append(t("play-numbers-card-event", card=name))
    return lines


def _table_lines(
    change: Change, old_ir: dict[str, Any], new_ir: dict[str, Any], loc: Localizer, name: str, t: Words
) -> list[str]:
    """Each row added or taken out and each cell changed, the row named by its keys' words (a side, a
    country, a region by name, a setting's value by its label) and the column by its table's words."""
    old_table = old_ir.get("tables", {}).get(change.id) or {}
    new_table = new_ir.get("tables", {}).get(change.id) or {}
    table = new_table or old_table
    kinds = [str(kind) for kind in table.get("keys") or []]
    keys_of = _row_keys(old_table, new_table)
    columns = {str(column.get("label")): column for column in table.get("columns") or []}
    lines = []
    for detail in change.details:
        if not detail.field.startswith("row "):
            continue
        row, _, column = detail.field.removeprefix("row ").partition(", column ")
        keys = keys_of.get(row, row.split())
        named = [_key_words(kind, key, new_ir, loc) for kind, key in zip(kinds, keys, strict=False)]
        row_words = ", ".join(named)
        if detail.change in ROW_WORDS and not column:
            lines.append(t(ROW_WORDS[detail.change], table=name, row=row_words))
        elif detail.change == "changed" and column:
            before, after = _shown(detail.before), _shown(detail.after)
            column_words = _column_words(change.id, columns.get(column, {"label": column}), loc, t)
            cell = {"table": name, "row": row_words, "column": column_words}
            lines.append(t("play-numbers-cell", **cell, before=before, after=after))
    return lines


def _row_keys(*tables: dict[str, Any]) -> dict[str, list[str]]:
    """The keys of the tables' rows apart, by the name the diff gives each row: its keys joined with
    spaces (`us france`)."""
    found: dict[str, list[str]] = {}
    for table in tables:
        for row in table.get("rows") or []:
            keys = [str(key) for key in row.get("keys") or []]
            found[" ".join(keys)] = keys
    return found


def _key_words(kind: str, key: str, ir: dict[str, Any], loc: Localizer) -> str:
    """A table row's key as the game names it: a side, a country, a region by name; a setting's value by
    its label, without the label's aside (“Hard (the AI starts with 4 VP)”: the line gives the figures,
    and they may be the very ones that changed)."""
    if kind == "side":
        return loc.side(key)
    if kind == "country":
        return loc.country(key)
    if kind == "region":
        return loc.region(key)
    if kind in (ir.get("settings") or {}):
        label = loc.get(f"setting-{kind}-{key}")
        if label:
            return label.split(" (")[0]
    return key.replace("_", " ")


def _column_words(table: str, column: dict[str, Any], loc: Localizer, t: Words) -> str:
    """A table's column by its words (`table-<id>-column-<label>`); a column of die faces as the roll."""
    label = str(column.get("label"))
    if column.get("faces"):
        return t("play-numbers-column-roll", roll=label)
    return loc.get(f"table-{table}-column-{label}") or label.replace("_", " ")


def _worded_lines(details: list[Detail], name: str, t: Words) -> list[str]:
    """Changed parts told in words by `twilight diff` (an AI instruction's condition): now and before."""
    lines = []
    for detail in details:
        if detail.change == "changed" and isinstance(detail.after, str) and isinstance(detail.before, str):
            lines += [t("play-numbers-now", what=name, line=detail.after)]
            lines += [t("play-numbers-was", what=name, line=detail.before)]
    return lines


def _rule_name(change: Change, loc: Localizer, t: Words) -> str:
    """A rule, a procedure, a function as a player reads it: its words when the ruleset has some, else
    the rule book sections it follows, else what it is."""
    words = loc.get(f"{change.kind}-{change.id}")
    if words:
        return words
    # (B's sections; a rule a variant rewrote with its own mark alone is still the one A's sections name)
    sections = sections_of(change.sources, loc.lang)
    if not sections and isinstance(change.before, dict):
        sections = sections_of(change.before, loc.lang) or sections_of(
            change.before.get("provenance"), loc.lang
        )
    if sections:
        return t("play-numbers-rule-of-sections", sections="; ".join(sections))
    return t("play-numbers-rule-unsourced")


def _outline_lines(details: list[Detail], name: str, t: Words) -> list[str]:
    """The lines of a short change to a rule's outline: what they said, and what they say now (a longer
    one is only named in the list below)."""
    lines = []
    for detail in details:
        diff = detail.diff or []
        gone = [line[2:] for line in diff if line.startswith("- ")]
        new = [line[2:] for line in diff if line.startswith("+ ")]
        if not diff or len(gone) > MOST_OUTLINE_LINES or len(new) > MOST_OUTLINE_LINES:
            continue
        lines += [t("play-numbers-now", what=name, line=line.strip()) for line in new]
        lines += [t("play-numbers-was", what=name, line=line.strip()) for line in gone]
    return lines


# ---------------------------------------------------------------- counts the rules work out


def counts_each_turn(old_ir: dict[str, Any], new_ir: dict[str, Any], loc: Localizer, t: Words) -> list[str]:
    """Each count of COUNTS that differs on some turn of a game just begun: its values before and now,
    with the turns (and the side, when the two sides differ)."""
    before, after = _counts(old_ir), _counts(new_ir)
    if before is None or after is None:
        return []
    lines = []
    for quantity, (msg_id, _) in COUNTS.items():
        sides = sorted({side for (q, side, _) in after if q == quantity})
        per_side = {side: _runs(before, after, quantity, side) for side in sides}
        if len({tuple(runs) for runs in per_side.values()}) == 1 and sides:
            per_side = {"": per_side[sides[0]]}
        for side, runs in per_side.items():
            for first, last, was, now in runs:
                what = (
                    t(msg_id) if not side else t("play-numbers-of-side", what=t(msg_id), side=loc.side(side))
                )
                lines.append(
                    t(
                        "play-numbers-count",
                        what=what,
                        before=was,
                        after=now,
                        turns=_turns(first, last, after, t),
                    )
                )
    return lines


def _turns(first: int, last: int, values: dict[tuple[str, str, int], int], t: Words) -> str:
    turns = sorted({turn for (_, _, turn) in values})
    if (first, last) == (turns[0], turns[-1]):
        return t("play-numbers-every-turn")
    if first == last:
        return t("play-numbers-turn", turn=first)
    return t("play-numbers-turns", first=first, last=last)


def _runs(
    before: dict[tuple[str, str, int], int], after: dict[tuple[str, str, int], int], quantity: str, side: str
) -> list[tuple[int, int, int, int]]:
    """The turns where the count differs, as runs of turns with the same (before, now)."""
    runs: list[tuple[int, int, int, int]] = []
    for (q, s, turn), now in sorted(after.items(), key=lambda item: item[0][2]):
        if q != quantity or s != side:
            continue
        was = before.get((q, s, turn))
        if was is None or was == now:
            continue
        if runs and runs[-1][1] == turn - 1 and runs[-1][2:] == (was, now):
            runs[-1] = (runs[-1][0], turn, was, now)
        else:
            runs.append((turn, turn, was, now))
    return runs


def _counts(ir: dict[str, Any]) -> dict[tuple[str, str, int], int] | None:
    """Each count of COUNTS for each side at each turn of the turn track, in a game just begun; None when
    the rules cannot say (a rule asks for something a game just begun does not have)."""
    from twilight.runtime.game import new_engine

    turn_track = ir.get("tracks", {}).get("turn", {})
    turns = range(int(turn_track.get("min", 1)), int(turn_track.get("max", 0)) + 1)
    sides: Iterable[str] = ir.get("map", {}).get("sides", {})
    try:
        engine = new_engine(ir, seed=0)
        found = {}
        for turn in turns:
            engine.state.turn = turn
            for quantity, (_, base) in COUNTS.items():
                for side in sides:
                    found[(quantity, side, turn)] = int(engine.modified(quantity, base, actor=side))
        return found
    except Exception:  # (a rule the runtime cannot work out so early: the lines of its rule say it)
        return None
