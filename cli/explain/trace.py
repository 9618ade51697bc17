"""`twilight explain trace FILE`: why the solo AI made a move, read back from a game trace.

The runtime writes the AI's reasons into the trace (JSON lines): `ai_decision` (what the AI did with a
card and by which rule), `ai_choice` (a priority list's pick: the option that offered candidates, how
many, and which key broke the tie) and `ai_answer` (which list answered an event's choice). This module
groups those events into moves and puts each reason into words, with the ruleset's compiled IR for the
option names, their sources and the keys themselves (outlined by cli/outline.py), and the ruleset's
locale files (`ai-*` messages, see rules/solo-v2/locales/*/ai.ftl) for the words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twilight.cli.declared_state import label, variable_text
from twilight.cli.explain.errors import WordedError
from twilight.cli.localizer import Localizer, readable
from twilight.cli.outline import Outliner, vocabulary_primitives
from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.common.input_bounds import ECHO_CHARS, InputRefused, clip, parse_json

# The words this module formats; tests/test_locales.py checks each is in every language of an AI ruleset.
TRACE_WORDS: tuple[str, ...] = (
    "ai-explain-move-headline",
    "ai-explain-move-action",
    "ai-explain-move-answer",
    "ai-explain-move-choices",
    "ai-explain-when-headline",
    "ai-explain-when-round",
    "ai-explain-when-setup",
    "ai-explain-card",
    "ai-explain-event-card",
    "ai-explain-rule",
    "ai-explain-choice",
    "ai-explain-choice-nothing",
    "ai-explain-decision-of-card",
    "ai-explain-option",
    "ai-explain-target",
    "ai-explain-only-candidate",
    "ai-explain-by-prefer",
    "ai-explain-by-then",
    "ai-explain-by-table",
    "ai-explain-by-domain-order",
    "ai-explain-by-unknown",
    "ai-explain-order-number",
    "ai-explain-order-bool",
    "ai-explain-source",
    "ai-explain-provisional",
    "ai-explain-answer",
    "ai-explain-answer-default",
    "ai-explain-unknown-list",
    "ai-explain-unknown-option",
    "ai-explain-no-moves",
    "ai-explain-no-move",
    "ai-explain-no-move-number",
    "ai-explain-state",
)

# Events that end a move: the next action round, the next phase (the headline phase among them), a turn.
BOUNDARIES = {"action_round", "phase", "turn", "turn_end", "game_end"}
# Events between rounds (the next round's regions and scoring cards): not part of the move before them.
BOOKKEEPING = {"variable", "zone"}  # changes of the state the ruleset declares
DEFAULT_RULESET = "solo-v2"
DECIDED = re.compile(r"^(prefer|then_by)\[(\d{1,9})\]$")
PLACE = re.compile(r"\{\s*\$(\w+)\s*\}")
BOOL_OPS = {"and", "or", "not", "==", "!=", "<", "<=", ">", ">=", "in", "not_in"}


# A whole game's trace is ~100 KB and its longest event a few hundred characters; its events nest ~5 deep.
MAX_TRACE_BYTES = 64 * 2**20
MAX_EVENT_CHARS = 2**20
MAX_EVENT_DEPTH = 16


class TraceError(WordedError):
    """A trace the command cannot use (missing, damaged, without AI moves): one line, exit status 1, in
    the reader's language (its messages: cli/locales/*/explain.ftl)."""


# ---------------------------------------------------------------- reading and grouping


def read_trace(path: Path) -> list[dict[str, Any]]:
    """The events of a trace file, in order; any problem is one TraceError line."""
    try:
        # (only a regular file: a FIFO named as a trace once waited for a writer for ever)
        text = read_bounded(path, MAX_TRACE_BYTES).decode("utf-8")
    except FileTooLarge:
        mib = str(MAX_TRACE_BYTES // 2**20)
        raise TraceError(
            f"{path}: over {mib} MiB, more than any game's trace",
            "explain-error-trace-too-big",
            file=str(path),
            mib=mib,
        ) from None
    except NotRegularFile:
        if path.is_dir():
            raise TraceError(
                f"{path} is a folder, not a trace file (give DIR/game-NNNNN.jsonl)",
                "explain-error-trace-folder",
                file=str(path),
            ) from None
        raise TraceError(
            f"{path}: not a regular file (a device or a pipe)", "explain-error-trace-not-file", file=str(path)
        ) from None
    except FileNotFoundError:
        raise TraceError(f"no trace file {path}", "explain-error-trace-missing", file=str(path)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise TraceError(
            f"cannot read the trace {path}: {err}",
            "explain-error-trace-unreadable",
            file=str(path),
            detail=str(err),
        ) from None
    events: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        # (line numbers and counts as text: a number variable would be written `1,234`)
        where = {"file": str(path), "line": str(number)}
        if len(line) > MAX_EVENT_CHARS:
            raise TraceError(
                f"{path}:{number}: a line of {len(line)} characters, longer than any event",
                "explain-error-trace-long-line",
                chars=str(len(line)),
                **where,
            )
        try:
            event = parse_json(line, MAX_EVENT_DEPTH)
        except InputRefused as err:
            if err.syntax:
                raise TraceError(
                    f"{path}:{number}: not a JSON line ({err}); is this a game trace?",
                    "explain-error-trace-not-json",
                    detail=str(err),
                    **where,
                ) from None
            raise TraceError(
                f"{path}:{number}: not a trace event: {err}",
                "explain-error-trace-not-event",
                detail=str(err),
                **where,
            ) from None
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise TraceError(
                f"{path}:{number}: not a trace event (a JSON object with a 'kind')",
                "explain-error-trace-no-kind",
                **where,
            )
        events.append(event)
    if not events:
        raise TraceError(f"{path}: the trace is empty", "explain-error-trace-empty", file=str(path))
    return events


def trace_ruleset(events: list[dict[str, Any]]) -> str | None:
    """The ruleset a trace names (an event with a `ruleset` field), if any."""
    for event in events:
        name = event.get("ruleset")
        if isinstance(name, str) and name:
            return name
    return None


@dataclass
class Move:
    """One AI move: a headline, an action round, or answers it gave during your round."""

    kind: str  # headline | action | answer
    events: list[dict[str, Any]] = field(default_factory=list)  # every event from its start to its end
    decision: dict[str, Any] | None = None  # the ai_decision, when there is one
    event_card: str | None = None  # for answers: the card whose event put the choice to the AI
    # the variables the ruleset declares, as the move began (its `variable` events replayed)
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def first(self) -> int:
        return _n(self.events[0])

    @property
    def last(self) -> int:
        """The last event of the move, leaving out the round's bookkeeping that follows it."""
        kept = len(self.events)
        while kept > 1 and self.events[kept - 1]["kind"] in BOOKKEEPING:
            kept -= 1
        return _n(self.events[kept - 1])

    @property
    def steps(self) -> list[dict[str, Any]]:
        return [e for e in self.events if e["kind"] in ("ai_choice", "ai_answer")]


def _n(event: dict[str, Any]) -> int:
    value = event.get("n")
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def ai_side(events: list[dict[str, Any]]) -> str | None:
    """The AI's side: the side its answers name, else the side whose action round holds an ai_decision."""
    for event in events:
        if event["kind"] == "ai_answer" and isinstance(event.get("side"), str):
            return str(event["side"])
    round_side = None
    for event in events:
        if event["kind"] == "action_round":
            round_side = event.get("side")
        elif event["kind"] == "ai_decision" and event.get("what") == "action" and isinstance(round_side, str):
            return round_side
    return None


def group_moves(events: list[dict[str, Any]]) -> list[Move]:
    """The AI moves of a trace. A move starts at an ai_decision, or at the first ai_choice / ai_answer that
    no move holds yet (in the AI's action round that is an action; elsewhere the AI answers a choice an
    event put to it), and runs up to the next action round, phase or turn (or the next ai_decision)."""
    side = ai_side(events)
    moves: list[Move] = []
    current: Move | None = None
    round_side: str | None = None
    last_event_card: str | None = None
    declared: dict[str, Any] = {}
    for event in events:
        kind = event["kind"]
        if kind == "variable" and isinstance(event.get("name"), str):
            declared[event["name"]] = event.get("value")
        if kind in BOUNDARIES:
            current = None
            round_side = str(event.get("side")) if kind == "action_round" else None
            last_event_card = None
            continue
        if kind == "event" and isinstance(event.get("card"), str):
            last_event_card = event["card"]
        if kind == "ai_decision":
            what = str(event.get("what"))
            current = Move(
                what if what in ("headline", "action") else "action", [event], event, None, dict(declared)
            )
            moves.append(current)
            continue
        if current is None:
            if kind not in ("ai_choice", "ai_answer"):
                continue
            mine = round_side is not None and (side is None or round_side == side)
            current = Move("action" if mine else "answer", state=dict(declared))
            if not mine:
                current.event_card = last_event_card
            moves.append(current)
        current.events.append(event)
    return moves


def select_moves(moves: list[Move], move: int | None, every: bool, event: int | None = None) -> list[Move]:
    """All moves, AI move number `move` (1 = the first, as the output numbers them), the move holding
    trace event `event`, or the last one."""
    if every:
        return moves
    if move is not None:
        return [moves[move - 1]] if 1 <= move <= len(moves) else []
    if event is not None:
        return [m for m in moves if m.first <= event <= m.last][:1]
    return moves[-1:]


# ---------------------------------------------------------------- putting reasons into words


def _mark(provenance: Any) -> dict[str, list[str]]:
    provenance = provenance if isinstance(provenance, dict) else {}
    return {
        "sources": [str(s) for s in provenance.get("sources") or []],
        "provisional": [str(p) for p in provenance.get("provisional") or []],
    }


def _short(provisional: str) -> str:
    """`P4: the seeds lack…` -> `P4`: the gap's number is enough on a line; the JSON has the text."""
    head = provisional.split(":", 1)[0].strip()
    return head if re.fullmatch(r"P\d+(\.\d+)*", head) else provisional


# A question as `why` and this explainer name it when they tell the AI's or the computer's answer: in the
# third person ("which card to play this action round"), not as the question is put to the player who
# answers it ("Choose your headline card", the ruleset's `decision-<name>`, which would read as said to the
# person reading). The ruleset gives those words as the question's attribute `.asked`; a question without
# one is named by the card whose event asks it ("the event of Comecon"), else quoted as asked.
ASKED_ATTRIBUTE = "asked"


def asked_words(loc: Any, name: str) -> str | None:
    """The question `name` in the third person (its `decision-<name>.asked`), or None when it has none."""
    got = loc.get(f"decision-{name}", ASKED_ATTRIBUTE)
    return None if got is None else str(got)


class TraceExplainer:
    """Builds the view of each move (plain data, localised), from the trace, the IR and the locale."""

    def __init__(self, loc: Localizer, ir: dict[str, Any], ruleset: str) -> None:
        self.loc = loc
        self.ir = ir
        self.ruleset = ruleset
        self.priorities: dict[str, Any] = ir.get("priorities") or {}
        self.orders: dict[str, Any] = ir.get("orders") or {}
        self.functions: dict[str, Any] = ir.get("functions") or {}

    def t(self, msg_id: str, default: str, **args: Any) -> str:
        """A message; when no locale has it, the English default with its `{$name}` places filled."""
        got = self.loc.get(msg_id, **args)
        if got is not None:
            return got
        return PLACE.sub(lambda m: str(args.get(m.group(1), "")), default)

    def mark_text(self, mark: dict[str, list[str]]) -> str:
        """`source: …` or `provisional: P4`, or nothing."""
        parts = []
        if mark["sources"]:
            from twilight.cli.source_words import source_text

            sources = "; ".join(source_text(s, self.loc) for s in mark["sources"])
            parts.append(self.t("ai-explain-source", "source: {$sources}", sources=sources))
        if mark["provisional"]:
            codes = ", ".join(_short(p) for p in mark["provisional"])
            parts.append(self.t("ai-explain-provisional", "provisional: {$codes}", codes=codes))
        return " · ".join(parts)

    def marked(self, text: str, marks: str) -> str:
        """A line with its sources and provisional rulings after it, in brackets."""
        return f"{text} [{marks}]" if marks else text

    def step_prefix(self, step: dict[str, Any]) -> str:
        """What a step of a move starts with: its trace event's number (`--event N` finds it)."""
        return f"#{step['n']} "

    # names

    def list_name(self, name: str) -> str:
        """A priority list by its words; an answer the AI weighs by a function (its position value), by
        the function's words."""
        return self.t(f"ai-priority-{name}", self.loc.get(f"function-{name}") or readable(name))

    def option_text(self, name: str) -> str:
        return self.t(f"ai-option-{name}", readable(name).lower())

    def target_name(self, plist: dict[str, Any] | None, target: Any) -> str | None:
        if target is None:
            return None
        kind = str(((plist or {}).get("target") or {}).get("type") or "")
        text = str(target)
        if kind == "card" or (not kind and text in (self.ir.get("cards") or {})):
            return self.loc.card(text)
        if kind == "country" or (not kind and text in ((self.ir.get("map") or {}).get("countries") or {})):
            return self.loc.country(text)
        if kind == "region":
            return self.loc.region(text)
        return readable(text)

    def decision_words(self, name: str) -> str:
        """A decision the AI answered, named in the third person as `why` names it (the ruleset's
        `decision-NAME.asked`, read by the one function `why` reads it with: "which card to play this
        action round", not the player's "Choose a card…"), else by the card whose event asks it ("the
        event of Comecon"), else as the player is asked it (its `decision-NAME` question, when it needs no
        count), else its name in words. (A question speaks to the one asked, "your influence": not to one
        reading about the AI.)"""
        from twilight.cli.session.homes import decision_homes

        own = asked_words(self.loc, name)
        if own is not None:
            return own
        if not hasattr(self, "_homes"):
            self._homes = decision_homes(self.ir)
        for kind, ident, _ in self._homes.get(name, []):
            if kind == "card":
                return self.t("ai-explain-decision-of-card", "{$card}", card=self.loc.card(ident))
        errors = len(self.loc.errors)
        asked = self.loc.get(f"decision-{name}")
        if asked is not None and len(self.loc.errors) == errors:
            return asked
        del self.loc.errors[errors:]  # (the question needs the count: not an error of the rules)
        return readable(name)

    # keys

    def is_bool(self, e: Any) -> bool:
        """Whether a key's value is a yes/no (said "yes first" rather than "highest first")."""
        if isinstance(e, bool):
            return True
        if not isinstance(e, dict):
            return False
        if "op" in e:
            if e["op"] == "if":
                args = list(e.get("args") or [])
                return len(args) == 3 and self.is_bool(args[1])
            return e["op"] in BOOL_OPS
        if "agg" in e:
            return e["agg"] in ("any", "all")
        if isinstance(e.get("call"), dict) and e["call"]:
            name = next(iter(e["call"]))
            return (vocabulary_primitives().get(str(name)) or {}).get("returns") == "bool"
        if "fn" in e:
            return (self.functions.get(str(e["fn"])) or {}).get("returns") == "bool"
        return False

    def table_of(self, key: Any, target: str) -> str | None:
        """The order a key ranks by (`rank(region_country_priority, c)`), if it is one."""
        call = key.get("call") if isinstance(key, dict) else None
        if not isinstance(call, dict) or list(call) != ["rank"]:
            return None
        args = call["rank"]
        if not isinstance(args, list) or len(args) != 2:
            return None
        ref, var = args
        if isinstance(ref, dict) and ref.get("ref") == "order" and var == {"var": target}:
            return str(ref.get("id"))
        return None

    def key_words(self, key: dict[str, Any], target: str, words: Outliner | None = None) -> dict[str, Any]:
        """A sort key of a list in words: the order it ranks by (`table`, `table_name`), or its expression
        outlined (`key`, by `words` when given) with its direction (`direction`)."""
        desc = bool(key.get("desc"))
        table = self.table_of(key.get("key"), target)
        if table is not None:
            return {"desc": desc, "table": table, "table_name": self.t(f"order-{table}", readable(table))}
        kind = "bool" if self.is_bool(key.get("key")) else "number"
        direction = self.t(
            f"ai-explain-order-{kind}",
            "highest first" if desc else "lowest first",
            desc="yes" if desc else "no",
        )
        expr = (words or Outliner(self.loc, self.ir)).expr(key.get("key"))
        return {"desc": desc, "key": expr, "direction": direction}

    def tie_break(
        self, plist: dict[str, Any], option: dict[str, Any] | None, decided_by: Any
    ) -> dict[str, Any]:
        """Which key broke the tie, in words."""
        view: dict[str, Any] = {"decided_by": decided_by}
        if decided_by == "domain_order":
            view["text"] = self.t(
                "ai-explain-by-domain-order", "still tied after every key: the first in the map's order"
            )
            return view
        found = DECIDED.match(str(decided_by))
        keys: list[Any] = []
        if found:
            stage, index = found.group(1), int(found.group(2))
            holder = (option or {}).get("prefer") if stage == "prefer" else plist.get("final")
            keys = list(holder or [])
        if not found or index >= len(keys) or not isinstance(keys[index], dict):
            shown = clip(str(decided_by), ECHO_CHARS)
            view["text"] = self.t("ai-explain-by-unknown", "key {$key}", key=shown)
            return view
        key = keys[index]
        view.update(stage=stage, index=index, desc=bool(key.get("desc")))
        mark = _mark(key.get("provenance"))
        target = str((plist.get("target") or {}).get("name") or "c")
        words = self.key_words(key, target)
        if "table" in words:
            table = words["table"]
            order = self.orders.get(table) or {}
            mark = _mark(order.get("provenance")) if not any(_mark(key.get("provenance")).values()) else mark
            order_mark = _mark(order.get("provenance"))
            view.update(table=table, table_name=words["table_name"])
            # `rank(order, c) desc` wants the candidate the order lists last: say which end of it won.
            view["text"] = self.t(
                "ai-explain-by-table",
                "the {$table} decided",
                table=view["table_name"],
                mark=self.mark_text(order_mark) or "-",
                desc="yes" if view["desc"] else "no",
            )
            view["source"] = mark
            return view
        expr, direction = words["key"], words["direction"]
        view.update(key=expr, direction=direction, source=mark)
        word = "ai-explain-by-prefer" if stage == "prefer" else "ai-explain-by-then"
        view["text"] = self.t(
            word,
            "{$key} ({$direction})",
            key=expr,
            direction=direction,
            number=index + 1,
            count=len(keys),
            var=target,
        )
        return view

    # steps

    def choice(self, event: dict[str, Any]) -> dict[str, Any]:
        name = str(event.get("priority"))
        plist = self.priorities.get(name)
        view: dict[str, Any] = {
            "type": "choice",
            "n": event.get("n"),
            "priority": name,
            "priority_name": self.list_name(name),
            "known_list": plist is not None,
            "option": event.get("option"),
            "option_name": event.get("option_name"),
            "candidates": event.get("candidates"),
            "target": event.get("target"),
            "target_name": self.target_name(plist, event.get("target")),
            "decided_by": event.get("decided_by"),
        }
        if event.get("option") is None:
            view["text"] = [
                self.t(
                    "ai-explain-choice-nothing",
                    "{$list}: no option offered anything",
                    list=view["priority_name"],
                )
            ]
            return view
        option = None
        if plist is not None:
            wanted = event.get("option")
            option = next((o for o in plist.get("options") or [] if o.get("number") == wanted), None)
        option_name = str(event.get("option_name") or (option or {}).get("name") or "")
        mark = _mark((option or {}).get("provenance"))
        inherited = not any(mark.values())
        if inherited and plist is not None:
            mark = _mark(plist.get("provenance"))  # the option stands on the list's sources
        view.update(
            option_name=option_name,
            option_text=self.option_text(option_name),
            source=mark,
            source_from="list" if inherited else "option",
        )
        view["text"] = [
            self.t("ai-explain-choice", "{$list}", list=view["priority_name"], id=name)
            + ("" if plist is not None else " " + self.not_in_ruleset("ai-explain-unknown-list")),
            "  "
            + self.marked(
                self.option_line(event, view, plist is not None and option is None), self.mark_text(mark)
            ),
            "  " + self.target_line(event, view, plist),
            "  " + self.tie_break_line(event, view, plist, option),
        ]
        return view

    def not_in_ruleset(self, msg_id: str) -> str:
        return self.t(msg_id, "(not in {$ruleset})", ruleset=self.ruleset)

    def option_line(self, event: dict[str, Any], view: dict[str, Any], unknown: bool) -> str:
        """`option 3: …`, and `(not in …)` for an option its list does not have."""
        line = self.t(
            "ai-explain-option",
            "option {$number}: {$text}",
            number=event.get("option"),
            text=view["option_text"],
            id=view["option_name"],
        )
        return line + " " + self.not_in_ruleset("ai-explain-unknown-option") if unknown else line

    def target_line(self, event: dict[str, Any], view: dict[str, Any], plist: dict[str, Any] | None) -> str:
        count = event.get("candidates")
        return self.t(
            "ai-explain-target",
            "→ {$target}, of {$count} candidates",
            target=view["target_name"] or "-",
            count=count if isinstance(count, int) else 0,
            var=str(((plist or {}).get("target") or {}).get("name") or "c"),
        )

    def tie_break_line(
        self, event: dict[str, Any], view: dict[str, Any], plist: dict[str, Any] | None, option: Any
    ) -> str:
        """The key that broke the tie among the candidates (`view["tie_break"]`), or that there was none."""
        if event.get("decided_by") is None:
            view["tie_break"] = None
            return self.t("ai-explain-only-candidate", "the only candidate: no tie to break")
        view["tie_break"] = self.tie_break(plist or {}, option, event.get("decided_by"))
        extra = self.mark_text(view["tie_break"].get("source") or {"sources": [], "provisional": []})
        shown = view["tie_break"]["text"]
        return shown if "table" in view["tie_break"] else self.marked(shown, extra)

    def answer(self, event: dict[str, Any]) -> dict[str, Any]:
        used = str(event.get("answered_by"))
        view: dict[str, Any] = {
            "type": "answer",
            "n": event.get("n"),
            "decision": event.get("decision"),
            "side": event.get("side"),
            "answered_by": used,
        }
        decision = self.decision_words(str(event.get("decision")))
        if used == "default":
            view["list_name"] = None
            text = self.t("ai-explain-answer-default", "answers “{$decision}” by default", decision=decision)
        else:
            view["list_name"] = self.list_name(used)
            text = self.t(
                "ai-explain-answer",
                "answers “{$decision}” with {$list}",
                decision=decision,
                list=view["list_name"],
            )
        view["text"] = [text]
        return view

    # moves

    def when(self, event: dict[str, Any], kind: str) -> str:
        turn, rnd = event.get("turn", "?"), event.get("round")
        if kind == "headline":
            return self.t("ai-explain-when-headline", "turn {$turn}, headline", turn=turn)
        if not rnd:
            return self.t("ai-explain-when-setup", "turn {$turn}", turn=turn)
        return self.t("ai-explain-when-round", "turn {$turn}, round {$round}", turn=turn, round=rnd)

    def move(self, number: int, move: Move) -> dict[str, Any]:
        head = move.events[0]
        view: dict[str, Any] = {
            "move": number,
            "kind": move.kind,
            "turn": head.get("turn"),
            "round": head.get("round"),
            "when": self.when(head, move.kind),
            "events": [move.first, move.last],
            "card": None,
            "decision": None,
        }
        view["title"] = self.t(
            f"ai-explain-move-{move.kind}",
            "AI move {$number} · {$when}",
            number=number,
            when=view["when"],
            first=move.first,
            last=move.last,
        )
        if move.decision is not None:
            card = move.decision.get("card")
            rule = str(move.decision.get("rule"))
            view["card"] = {"id": card, "name": self.loc.card(str(card)) if card else None}
            view["decision"] = {
                "what": move.decision.get("what"),
                "rule": rule,
                "text": self.t(f"ai-rule-{rule}", readable(rule)),
                "n": move.decision.get("n"),
            }
        if move.event_card is not None:
            view["event_card"] = {"id": move.event_card, "name": self.loc.card(move.event_card)}
        view["state"] = [
            {"name": name, "value": value, "text": self.state_text(name, value)}
            for name, value in move.state.items()
        ]
        view["steps"] = [self.choice(e) if e["kind"] == "ai_choice" else self.answer(e) for e in move.steps]
        return view

    def state_text(self, name: str, value: Any) -> str:
        """`Primary region: Europe`: a declared variable by its label, its value by its type."""
        return f"{label(self.loc, name)}: {variable_text(self.loc, self.ir, name, value)}"

    def render(self, view: dict[str, Any]) -> list[str]:
        lines = [view["title"]]
        if view["state"]:
            state = " · ".join(item["text"] for item in view["state"])
            lines.append("  " + self.t("ai-explain-state", "state: {$state}", state=state))
        if view["card"] is not None:
            lines.append("  " + self.t("ai-explain-card", "card: {$card}", card=view["card"]["name"] or "-"))
            lines.append(
                "  "
                + self.t(
                    "ai-explain-rule",
                    "why: {$rule}",
                    rule=view["decision"]["text"],
                    id=view["decision"]["rule"],
                )
            )
        if view.get("event_card"):
            lines.append(
                "  " + self.t("ai-explain-event-card", "Event: {$card}", card=view["event_card"]["name"])
            )
        if view["steps"]:
            lines.append("  " + self.t("ai-explain-move-choices", "its choices:", count=len(view["steps"])))
        for step in view["steps"]:
            lines.append("  " + self.step_prefix(step) + step["text"][0])
            lines.extend("    " + line for line in step["text"][1:])
        return lines


# ---------------------------------------------------------------- what the locale must hold


def ai_rule_keys(ir: dict[str, Any]) -> set[str]:
    """Every rule key an `ai_decision` call in the IR can name (the strings of its third argument)."""
    found: set[str] = set()

    def strings(e: Any) -> None:
        if isinstance(e, dict):
            if isinstance(e.get("str"), str):
                found.add(e["str"])
            for value in e.values():
                strings(value)
        elif isinstance(e, list):
            for value in e:
                strings(value)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for holder in ("do", "call"):
                call = node.get(holder)
                if isinstance(call, dict) and isinstance(call.get("ai_decision"), list):
                    args = call["ai_decision"]
                    if len(args) >= 3:
                        strings(args[2])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(ir)
    return found


def ai_message_ids(ir: dict[str, Any]) -> set[str]:
    """The `ai-*` messages an AI ruleset's locale must hold for its trace to be explained in words:
    each priority list, each option name, each ai_decision rule key, and each order it ranks by."""
    ids: set[str] = set()
    for name, plist in (ir.get("priorities") or {}).items():
        ids.add(f"ai-priority-{name}")
        ids.update(f"ai-option-{o['name']}" for o in plist.get("options") or [] if o.get("name"))
    ids.update(f"ai-rule-{key}" for key in ai_rule_keys(ir))
    ids.update(f"order-{name}" for name in ir.get("orders") or {})
    ids.update(f"function-{name}" for name in key_functions(ir))
    ids.update(f"outline-var-{name}" for name in key_variables(ir))
    return ids


def key_variables(ir: dict[str, Any]) -> set[str]:
    """The variables the priority lists' keys pass to functions, but each list's own candidate (`c`,
    introduced by the explanation): a tie-break outline names them."""
    found: set[str] = set()

    def walk(e: Any, args: bool) -> None:
        if isinstance(e, dict):
            if args and isinstance(e.get("var"), str):
                found.add(e["var"])
            inner = args or "fn" in e
            for value in e.values():
                walk(value, inner)
        elif isinstance(e, list):
            for value in e:
                walk(value, args)

    for plist in (ir.get("priorities") or {}).values():
        keys = [k.get("key") for o in plist.get("options") or [] for k in o.get("prefer") or []]
        walk([*keys, *[k.get("key") for k in plist.get("final") or []]], False)
        found.discard(str((plist.get("target") or {}).get("name") or "c"))
    return found


def key_functions(ir: dict[str, Any]) -> set[str]:
    """The ruleset functions the priority lists' keys call (a tie-break outline names them)."""
    found: set[str] = set()

    def walk(e: Any) -> None:
        if isinstance(e, dict):
            if isinstance(e.get("fn"), str):
                found.add(e["fn"])
            for value in e.values():
                walk(value)
        elif isinstance(e, list):
            for value in e:
                walk(value)

    for plist in (ir.get("priorities") or {}).values():
        walk([k.get("key") for o in plist.get("options") or [] for k in o.get("prefer") or []])
        walk([k.get("key") for k in plist.get("final") or []])
    return found
