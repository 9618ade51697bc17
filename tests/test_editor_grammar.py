"""The editor support in editors/vscode: the TextMate grammar of .tsr files knows every keyword of
grammar/twilight.lark and finds the comments and strings the compiler's own lexer finds; the problem
matcher reads `twilight check --format json`.

The grammar's patterns keep to what Oniguruma (TextMate, VS Code) and Python's re both read, so these
tests run them with re, the way a TextMate editor applies them: at each point of a line, the pattern
that matches earliest wins, the first listed on a tie."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lark import Lark, Token
from twilight.cli.main import cli
from twilight.compiler.loader import rules_root
from twilight.compiler.parser import grammar_text

EDITORS = Path(__file__).resolve().parent.parent / "editors" / "vscode"
GRAMMAR_PATH = EDITORS / "syntaxes" / "twilight.tmLanguage.json"
# Scopes a keyword may be given: a declaration's kind, a modifier, a control word, a constant…
KEYWORD_SCOPES = ("storage.", "keyword.", "constant.language.", "support.type.")


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def lark_keywords() -> set[str]:
    """The word literals of the Lark grammar (`"card"`, `"if"` …), its comments left out."""
    code = "\n".join(line.split("//", 1)[0] for line in grammar_text().splitlines())
    return set(re.findall(r'"([a-z_]+)"', code))


@dataclass(frozen=True)
class Rule:
    scope: str
    regex: re.Pattern[str]
    captures: dict[int, str]


def top_level_rules(grammar: dict[str, Any]) -> list[Rule]:
    """The grammar's top-level patterns in order, each `include` expanded."""
    out: list[Rule] = []

    def add(pattern: dict[str, Any]) -> None:
        if "include" in pattern:
            add(grammar["repository"][pattern["include"].removeprefix("#")])
        elif "patterns" in pattern:
            for inner in pattern["patterns"]:
                add(inner)
        else:
            captures = {int(k): v["name"] for k, v in pattern.get("captures", {}).items()}
            out.append(Rule(pattern.get("name", ""), re.compile(pattern["match"], re.M), captures))

    for pattern in grammar["patterns"]:
        add(pattern)
    return out


def tokens(text: str, rules: list[Rule]) -> list[tuple[int, str, str]]:
    """(offset, scope, text) of each scoped piece of text, as a TextMate editor would colour it."""
    out: list[tuple[int, str, str]] = []
    pos = 0
    while pos < len(text):
        found = [(m.start(), i, m) for i, rule in enumerate(rules) if (m := rule.regex.search(text, pos))]
        if not found:
            break
        _, index, match = min(found, key=lambda item: (item[0], item[1]))
        rule = rules[index]
        if rule.scope:
            out.append((match.start(), rule.scope, match.group()))
        for group, scope in rule.captures.items():
            if match.group(group) is not None:
                out.append((match.start(group), scope, match.group(group)))
        pos = max(match.end(), pos + 1)
    return out


@pytest.fixture(scope="module")
def grammar() -> dict[str, Any]:
    found: dict[str, Any] = load(GRAMMAR_PATH)
    return found


def test_the_files_are_valid_json_and_agree(grammar: dict[str, Any]) -> None:
    package = load(EDITORS / "package.json")
    config = load(EDITORS / "language-configuration.json")
    [language] = package["contributes"]["languages"]
    [contributed] = package["contributes"]["grammars"]
    assert language["extensions"] == [".tsr"] and config["comments"]["lineComment"] == "#"
    assert (EDITORS / contributed["path"]).resolve() == GRAMMAR_PATH
    assert contributed["scopeName"] == grammar["scopeName"] and grammar["fileTypes"] == ["tsr"]
    assert (EDITORS / language["configuration"]).is_file()
    assert ["{", "}"] in config["brackets"] and {"open": "{", "close": "}"} in config["autoClosingPairs"]
    assert len(top_level_rules(grammar)) > 10  # every pattern compiles with re


def test_every_keyword_of_the_lark_grammar_is_a_keyword(grammar: dict[str, Any]) -> None:
    keywords = lark_keywords()
    assert {"card", "if", "override", "source", "provisional", "against_human", "none"} <= keywords
    rules = [r for r in top_level_rules(grammar) if r.scope.startswith(KEYWORD_SCOPES) and not r.captures]
    for word in sorted(keywords):
        assert any(r.regex.fullmatch(word) for r in rules), f"{word!r} is no keyword of the TextMate grammar"
        # ... and only as a whole word: an identifier that contains it stays a name.
        for longer in (f"{word}_x", f"x_{word}", f"{word}2"):
            assert not any(r.regex.search(longer) for r in rules), longer


# The comments the parser's lexer met in the file it read last (Lark drops them from the tree).
COMMENTS: list[Token] = []


@functools.cache
def comment_keeping_parser() -> Lark:
    def keep(token: Token) -> Token:
        COMMENTS.append(token)
        return token

    return Lark(grammar_text(), parser="lalr", keep_all_tokens=True, lexer_callbacks={"COMMENT": keep})


def lark_lex(text: str) -> tuple[list[Token], list[Token]]:
    """The comments, and every other token, of a rule file as the compiler's lexer reads it."""
    COMMENTS.clear()
    tree = comment_keeping_parser().parse(text)
    return list(COMMENTS), list(tree.scan_values(lambda v: isinstance(v, Token)))


def rule_file_sample() -> list[Path]:
    """Every folder's first rule files: the map, cards, the sequence, AI lists, the appendix, tables."""
    files = sorted(rules_root().rglob("*.tsr"))
    by_folder: dict[Path, list[Path]] = {}
    for path in files:
        by_folder.setdefault(path.parent, []).append(path)
    return [p for folder in sorted(by_folder) for p in by_folder[folder][:4]]


@pytest.mark.parametrize("path", rule_file_sample(), ids=lambda p: str(p.relative_to(rules_root())))
def test_rule_files_colour_as_the_compiler_reads_them(grammar: dict[str, Any], path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = tokens(text, top_level_rules(grammar))
    comments, lexed = lark_lex(text)

    def pieces(scope: str) -> list[tuple[int, str]]:
        return [(offset, piece) for offset, name, piece in found if name.startswith(scope)]

    assert pieces("comment.") == [(t.start_pos, str(t)) for t in comments]
    assert pieces("string.") == [(t.start_pos, str(t)) for t in lexed if t.type == "STRING"]
    keyword_at = {offset for offset, name, _ in found if name.startswith(KEYWORD_SCOPES)}
    keywords = lark_keywords()
    missed = [
        (t.line, str(t))
        for t in lexed
        if str(t) in keywords and t.type != "NAME" and t.start_pos not in keyword_at
    ]
    assert missed == []


def test_declarations_name_what_they_declare(grammar: dict[str, Any]) -> None:
    rules = top_level_rules(grammar)
    cards = sorted((rules_root() / "standard" / "cards").glob("*.tsr"))
    assert len(cards) > 100
    for path in cards:
        found = tokens(path.read_text(encoding="utf-8"), rules)
        assert (path.stem.split("_", 1)[1], "entity.name.type.twilight") in {(p, s) for _, s, p in found}, (
            path
        )
    sample = (
        'override procedure headline_phase source "x" {\n'
        "  choose c in countries() by us as pick { stop }\n"
        "}\n"
        "side ussr superpower soviet_union adjacent finland\n"
        "card 21 nato {\n"
        "  ops 4 side us period early\n"
        "}\n"
        "country poland region europe stability 3 battleground\n"
        "function nato_protects(c: country): bool { in_region(c, europe) }\n"
    )
    named = {(piece, scope.removesuffix(".twilight")) for _, scope, piece in tokens(sample, rules)}
    assert {
        ("override", "storage.modifier.override"),
        ("headline_phase", "entity.name.function"),
        ("nato_protects", "entity.name.function"),
        ("ussr", "entity.name.type"),
        ("nato", "entity.name.type"),
        ("21", "constant.numeric.integer"),
        ("poland", "entity.name.type"),
        ("us", "constant.other.side"),  # a card's side: no declaration
        ("side", "storage.type.declaration"),
        ("in_region", "entity.name.function.call"),
        ("countries", "entity.name.function.call"),
        ("choose", "keyword.control"),
        ('"x"', "string.quoted.double"),
        ("source", "storage.modifier.annotation"),
    } <= named
    assert ("europe", "entity.name.type") not in named  # a country's region is a reference


# ---------------------------------------------------------------------- twilight check --format json
BROKEN = "card 21 nato {\n  ops 4 side us period early\n  event { place_influence(us, west_germny, 1) }\n}\n"


def test_check_json_lines_carry_what_an_editor_needs(tmp_path: Path) -> None:
    path = tmp_path / "broken.tsr"
    path.write_text(BROKEN, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--format", "json"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    problems = [json.loads(line) for line in lines]
    assert all(isinstance(p, dict) for p in problems) and len(problems) >= 2
    for p in problems:
        assert {"file", "line", "col", "code", "severity", "message"} <= set(p), p
        assert p["file"] == str(path) and p["severity"] in ("error", "warning")
        assert isinstance(p["line"], int) and isinstance(p["col"], int)
    unknown = next(p for p in problems if "west_germny" in p["message"])
    assert (
        unknown["shown"] == f"{unknown['message']} (help: {unknown['help']})"
        and "west_germany" in unknown["help"]
    )
    assert (unknown["line"], unknown["col"], unknown["severity"]) == (3, 31, "error")
    assert BROKEN.splitlines()[2][unknown["col"] - 1 :].startswith("west_germny")

    # The extension's problem matcher reads each line back into the same fields.
    [matcher] = load(EDITORS / "package.json")["contributes"]["problemMatchers"]
    pattern = matcher["pattern"]
    for line, p in zip(lines, problems, strict=True):
        match = re.match(pattern["regexp"], line)
        assert match is not None, line
        got = {
            field: match.group(pattern[field]) for field in ("code", "severity", "message", "file", "line")
        }
        # The Problems panel shows the message with its help (the matcher reads `shown`, not `message`).
        shown = f"{p['message']} (help: {p['help']})" if "help" in p else p["message"]
        # (as the line holds it: JSON's escapes stay, a quote in the help is `\"` there)
        escaped = json.dumps(shown, ensure_ascii=False)[1:-1]
        want = {"code": p["code"], "severity": p["severity"], "message": escaped, "file": p["file"]}
        assert got == {**want, "line": str(p["line"])}
        assert match.group(pattern["column"]) == str(p["col"])
