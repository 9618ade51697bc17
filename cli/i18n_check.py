"""`twilight i18n check [RULESET...]`: are a ruleset's words complete in every language?

What a ruleset needs is read from its IR and from the code: the names of its cards (with a summary),
countries, regions and sides; a question for every decision the rules or the interpreter ask; a label
for every option word; a reason for every prohibition code; every way the game can end; the solo
ratings, settings and phases; the words of `explain` and of the AI's explanations; and the words of the
terminal game (cli/locales). The check reports, per language:
- missing: a message the game needs and the language lacks (or an attribute of it, e.g. `.summary`);
- unused: a message no part of the game can show (a typo, or left over after a rename);
- mismatched: a message whose attributes or variables differ from English (`$country_gen` counts as
  `$country`: grammatical forms are the translator's choice);
- syntax: a line Fluent cannot parse.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from twilight.cli.i18n import FALLBACK, LANGUAGES, locale_files, syntax_errors
from twilight.cli.play_text import APP_FOLDER, CASES, play_folders

# Words the interpreter itself offers as options (runtime/primitives.py).
RUNTIME_OPTIONS = ("influence", "coup", "realign", "space", "event", "ops", "yes", "no", "all_in")
# Attributes a language may add for its grammar, and that another may lack.
GRAMMAR_ATTRIBUTES = {*CASES, "acc"}
# `$country_gen` is a form of `$country`; the outline's placeholders write theirs `$a0gen`, `$a1acc`.
CASE_SUFFIX = re.compile(r"(_(" + "|".join(sorted(GRAMMAR_ATTRIBUTES)) + r")|(gen|acc))$")


# ---------------------------------------------------------------------- what the IR asks for
def _walk(node: Any, visit: Any) -> None:
    if isinstance(node, dict):
        visit(node)
        for value in node.values():
            _walk(value, visit)
    elif isinstance(node, list):
        for value in node:
            _walk(value, visit)


def _literal(arg: Any) -> str | None:
    return arg["str"] if isinstance(arg, dict) and isinstance(arg.get("str"), str) else None


def ir_words(ir: dict[str, Any]) -> dict[str, set[str]]:
    """The things of a ruleset that need words, by family."""
    words: dict[str, set[str]] = {
        k: set() for k in ("decision", "option", "refusal", "end", "rating", "phase", "allow")
    }

    def visit(node: dict[str, Any]) -> None:
        if "choose" in node and isinstance(node.get("decision"), str):
            words["decision"].add(node["decision"])
        if "decide" in node and isinstance(node.get("options"), list):
            words["decision"].add(node["decide"])
            words["option"].update(o["name"] for o in node["options"])
        if "forbid" in node and isinstance(node.get("code"), str):
            words["refusal"].add(node["code"])
        if "allow" in node and isinstance(node.get("allow"), str):
            words["allow"].add(node["allow"])
        if "phase" in node and "body" in node and isinstance(node["phase"], str):
            words["phase"].add(node["phase"])
        for call in (node.get("call"), node.get("do")):
            if not isinstance(call, dict):
                continue
            for name, args in call.items():
                index = {"win": 1, "end_in_draw": 0}.get(name)
                if index is not None and isinstance(args, list) and len(args) > index:
                    reason = _literal(args[index])
                    if reason:
                        words["end"].add(reason)

    _walk(ir, visit)
    rating = (ir.get("functions") or {}).get("victory_rating")
    if rating is not None:
        words["rating"] = set(_results(rating["body"]))
    return words


def _results(expr: Any) -> list[str]:
    """The text values an expression can return (the branches of its `if`s)."""
    literal = _literal(expr)
    if literal is not None:
        return [literal]
    if isinstance(expr, dict) and expr.get("op") == "if":
        _, then, otherwise = expr["args"]
        return _results(then) + _results(otherwise)
    return []


def needed(ir: dict[str, Any]) -> dict[str, set[str]]:
    """Message id -> the attributes it must have, for a ruleset to be shown in full."""
    from twilight.cli.appendix_view import APPENDIX_WORDS
    from twilight.cli.explain_cmd import EXPLAIN_WORDS
    from twilight.cli.explain_trace import TRACE_WORDS, ai_message_ids
    from twilight.cli.outline import code_message_ids
    from twilight.cli.play_session import RUNTIME_DECISIONS

    out: dict[str, set[str]] = {}
    for card in ir["cards"]:
        out[f"card-{card}"] = {"summary"}
    for kind, ids in (
        ("country", ir["map"]["countries"]),
        ("region", ir["map"]["regions"]),
        ("side", ir["map"]["sides"]),
    ):
        out.update({f"{kind}-{i}": set() for i in ids})
    words = ir_words(ir)
    for name in sorted(words["decision"] | words["allow"] | set(RUNTIME_DECISIONS)):
        out[f"decision-{name}"] = set()
    for family in ("option", "refusal", "end", "rating", "phase"):
        out.update({f"{family}-{w}": set() for w in words[family]})
    out.update({f"option-{w}": set() for w in RUNTIME_OPTIONS})
    for name, setting in (ir.get("settings") or {}).items():
        out[f"setting-{name}"] = set()
        values = setting.get("values") or ([True, False] if setting.get("type") == "bool" else [])
        out.update({f"setting-{name}-{str(v).lower()}": set() for v in values})
    out.update({m: set() for m in code_message_ids() | set(EXPLAIN_WORDS)})
    if ir.get("priorities") or ir.get("appendix"):
        out.update({m: set() for m in ai_message_ids(ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)})
    out.update(app_needed())
    return out


def app_needed() -> dict[str, set[str]]:
    """The terminal game's own messages: every id its code names, and each family it builds ids in."""
    from twilight.cli.play_input import COMMANDS
    from twilight.cli.play_log import NARRATED, VARIANT_IDS, VARIANTS_ONLY
    from twilight.cli.play_session import RUNTIME_DECISIONS
    from twilight.cli.saves import SAVE_CODES

    ids: set[str] = set()
    literal = re.compile(r'"((?:play|log|help)-[a-z0-9_\-]+)"')
    for path in sorted(APP_FOLDER.glob("play*.py")):
        ids.update(literal.findall(path.read_text(encoding="utf-8")))
    ids.update(f"log-{kind}" for kind in NARRATED if kind not in VARIANTS_ONLY)
    ids.update(VARIANT_IDS)
    ids.update(f"help-{name}" for name in RUNTIME_DECISIONS)
    ids.update(f"play-input-{code}" for code in PROBLEM_CODES)
    ids.update(f"play-save-{code}" for code in SAVE_CODES)
    ids.update(f"play-language-{code}" for code in LANGUAGES)
    out: dict[str, set[str]] = {i: set() for i in ids}
    out.update({f"play-command-{c}": {"aliases"} for c in COMMANDS})
    return out


# Problems the input parser names (cli/play_input.py `Problem.code`).
PROBLEM_CODES = ("empty", "number", "ambiguous", "unknown", "count", "repeat")
# Families any ruleset may word although nothing requires them (explain shows them when present).
OPTIONAL_PREFIXES = ("procedure-", "function-")


# ---------------------------------------------------------------------- what the files hold
@dataclass
class Message:
    attributes: set[str]
    variables: set[str]
    path: Path
    line: int


def read_messages(files: list[Path]) -> dict[str, Message]:
    """Message id -> its attributes and variables (a later file overrides an earlier one, as at run time)."""
    parser = FluentParser(with_spans=True)
    out: dict[str, Message] = {}
    for path in files:
        source = path.read_text(encoding="utf-8")
        for entry in parser.parse(source).body:
            if isinstance(entry, fast.Message):
                variables: set[str] = set()
                # A grammatical form may need words of its own (the kind of a thing, to decline it).
                _collect_variables(entry.value, variables)
                for attribute in entry.attributes:
                    if attribute.id.name not in GRAMMAR_ATTRIBUTES:
                        _collect_variables(attribute.value, variables)
                line = source.count("\n", 0, entry.span.start) + 1 if entry.span else 0
                attrs = {a.id.name for a in entry.attributes}
                out[entry.id.name] = Message(attrs, variables, path, line)
    return out


def _collect_variables(node: Any, found: set[str]) -> None:
    if isinstance(node, fast.VariableReference):
        found.add(CASE_SUFFIX.sub("", node.id.name))
    if isinstance(node, fast.BaseNode):
        for value in vars(node).values():
            if isinstance(value, list):
                for item in value:
                    _collect_variables(item, found)
            else:
                _collect_variables(value, found)


@dataclass
class Report:
    ruleset: str
    problems: list[dict[str, Any]] = field(default_factory=list)

    def add(self, kind: str, lang: str, msg_id: str, detail: str = "", where: str = "") -> None:
        self.problems.append({"kind": kind, "lang": lang, "id": msg_id, "detail": detail, "where": where})


def check_ruleset(target: str, ir: dict[str, Any]) -> Report:
    """The problems of a ruleset (by name or folder) whose IR is `ir`."""
    report = Report(str(ir["ruleset"]["name"]))
    folders = play_folders(target)
    wanted = needed(ir)
    tables = {lang: read_messages(locale_files(folders, lang)) for lang in LANGUAGES}
    for lang in LANGUAGES:
        files = locale_files(folders, lang)
        for error in syntax_errors(files):
            report.add("syntax", lang, "", error)
        table = tables[lang]
        for msg_id in sorted(wanted):
            message = table.get(msg_id)
            if message is None:
                report.add("missing", lang, msg_id)
                continue
            for attr in sorted(wanted[msg_id] - message.attributes):
                report.add("missing", lang, f"{msg_id}.{attr}", where=f"{message.path}:{message.line}")
        for msg_id in sorted(table):
            if msg_id not in wanted and not msg_id.startswith(OPTIONAL_PREFIXES):
                message = table[msg_id]
                report.add("unused", lang, msg_id, where=f"{message.path}:{message.line}")
        if lang == FALLBACK:
            continue
        english = tables[FALLBACK]
        for msg_id in sorted(set(table) & set(english)):
            mine, theirs = table[msg_id], english[msg_id]
            where = f"{mine.path}:{mine.line}"
            attrs = (mine.attributes - GRAMMAR_ATTRIBUTES) ^ (theirs.attributes - GRAMMAR_ATTRIBUTES)
            if attrs:
                report.add(
                    "mismatched", lang, msg_id, f"attributes differ from {FALLBACK}: {sorted(attrs)}", where
                )
            if mine.variables != theirs.variables:
                lost = sorted(theirs.variables - mine.variables)
                extra = sorted(mine.variables - theirs.variables)
                detail = "; ".join(
                    part
                    for part in (
                        f"lacks ${', $'.join(lost)}" if lost else "",
                        f"uses ${', $'.join(extra)} that {FALLBACK} does not" if extra else "",
                    )
                    if part
                )
                report.add("mismatched", lang, msg_id, detail, where)
    return report


def render_report(report: Report) -> list[str]:
    lines = []
    for p in report.problems:
        where = f" ({p['where']})" if p["where"] else ""
        detail = f": {p['detail']}" if p["detail"] else ""
        lines.append(f"{report.ruleset} [{p['lang']}] {p['kind']}: {p['id']}{detail}{where}")
    counts: dict[str, int] = {}
    for p in report.problems:
        counts[p["kind"]] = counts.get(p["kind"], 0) + 1
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("missing", "unused", "mismatched", "syntax"))
    state = "ok" if not report.problems else "failed"
    lines.append(f"{report.ruleset}: {state}: {summary} ({', '.join(LANGUAGES)})")
    return lines


@click.group("i18n")
def i18n() -> None:
    """Translators' tools."""


@i18n.command("check")
@click.argument("rulesets", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per problem, then none: for tools.")
def check_cmd(rulesets: tuple[str, ...], as_json: bool) -> None:
    """Report missing, unused and mismatched messages of each ruleset (default: all), in every language.
    Exit 1 on any problem."""
    from twilight.compiler import api
    from twilight.compiler.loader import known_rulesets

    names = list(rulesets) or list(known_rulesets())
    failed = False
    for name in names:
        result = api.compile_target(name)
        if result.ir is None or not result.ok:
            click.echo(f"{name}: the ruleset does not compile; run `twilight check {name}`")
            failed = True
            continue
        report = check_ruleset(name, result.ir)
        failed = failed or bool(report.problems)
        if as_json:
            for problem in report.problems:
                click.echo(json.dumps({"ruleset": report.ruleset, **problem}, ensure_ascii=False))
        else:
            for line in render_report(report):
                click.echo(line)
    sys.exit(1 if failed else 0)
