"""`twilight lsp` driven as an editor drives it: the real process over stdio, a copy of a variant that
extends solo-v2 (which extends standard) opened, edited and asked about (cli/lsp/, compiler/symbols.py).

One server serves the whole module, as one editor session would; each test leaves the open file as it
found it."""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspProcess
from twilight.cli.lsp import server as lsp_server
from twilight.cli.lsp.analysis import Target, analyse, target_of
from twilight.compiler.layout import layout
from twilight.compiler.vocab import vocabulary

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
EXAMPLE = ROOT / "docs" / "examples" / "solo-v2-aggressive"


class Session:
    """The server and the variant's file open in it, with helpers that speak in the file's words."""

    def __init__(self, lsp: LspProcess, file: Path, capabilities: dict[str, Any]) -> None:
        self.lsp = lsp
        self.capabilities = capabilities
        self.first_diagnostics: list[dict[str, Any]] = []
        self.file = file
        self.uri = file.as_uri()
        self.text = file.read_text(encoding="utf-8")
        self.version = 1

    def edit(self, text: str) -> list[dict[str, Any]]:
        """Replace the open file's text (unsaved) and return the diagnostics it gets."""
        self.version += 1
        self.lsp.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": [{"text": text}]},
        )
        return self.lsp.diagnostics_for(self.uri)

    def at(self, needle: str, offset: int = 1, text: str | None = None) -> dict[str, int]:
        """The protocol position `offset` characters into the first `needle` outside a comment."""
        for number, line in enumerate((text or self.text).split("\n")):
            code = line.split("#", 1)[0]
            if needle in code:
                return {"line": number, "character": code.index(needle) + offset}
        raise AssertionError(f"{needle!r} is not in the file")

    def ask(self, method: str, needle: str, offset: int = 1, **more: Any) -> Any:
        params = {"textDocument": {"uri": self.uri}, "position": self.at(needle, offset), **more}
        return self.lsp.request(method, params)


def line_of(path: Path, needle: str) -> int:
    """The 0-based line of the first line of `path` holding `needle`."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} is not in {path}")


def fluent_value(path: Path, msg_id: str) -> str:
    found = re.search(rf"^{re.escape(msg_id)} = (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None, f"{msg_id} is not in {path}"
    return found.group(1).strip()


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    copy = tmp_path_factory.mktemp("lsp") / "solo-v2-aggressive"
    shutil.copytree(EXAMPLE, copy)
    lsp = LspProcess(ROOT)
    try:
        opened = Session(lsp, copy / "variant.tsr", lsp.start(copy))
        lsp.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": opened.uri,
                    "languageId": "twilight",
                    "version": 1,
                    "text": opened.text,
                }
            },
        )
        opened.first_diagnostics = lsp.diagnostics_for(opened.uri)
        yield opened
        lsp.notify("textDocument/didClose", {"textDocument": {"uri": opened.uri}})
        assert lsp.stop() == 0
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()


def test_the_server_says_what_it_can_do(session: Session) -> None:
    capabilities = session.capabilities
    for feature in (
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "documentSymbolProvider",
        "documentFormattingProvider",
        "completionProvider",
    ):
        assert capabilities.get(feature), feature
    assert capabilities["textDocumentSync"]["openClose"]


def test_a_clean_file_gets_an_empty_list(session: Session) -> None:
    assert session.first_diagnostics == []


def test_a_misspelt_name_is_reported_at_its_place_with_the_compilers_code_and_help(session: Session) -> None:
    broken = session.text.replace(
        "war_hindrance(ai, south_korea) == 0", "war_hindranse(ai, south_korea) == 0"
    )
    [diagnostic] = session.edit(broken)
    assert diagnostic["code"] == "E501" and diagnostic["source"] == "twilight"
    assert diagnostic["severity"] == 1
    start = session.at("war_hindranse", 0, broken)
    assert diagnostic["range"]["start"] == start
    assert diagnostic["range"]["end"] == {"line": start["line"], "character": start["character"] + 13}
    assert diagnostic["message"].splitlines() == [
        "unknown function 'war_hindranse'",
        "help: did you mean 'war_hindrance'?",
    ]
    assert session.edit(session.text) == []  # fixed: the file's diagnostics are cleared


def test_a_note_that_names_a_place_is_related_information_there(session: Session) -> None:
    duplicate = 'country poland region europe stability 3\n  adjacent ussr\n  source "x · y"\n'
    found = session.edit(session.text + "\n" + duplicate)
    [diagnostic] = [d for d in found if d["code"] == "E201"]
    assert "help: write `override`" in diagnostic["message"]
    [related] = diagnostic["relatedInformation"]
    europe = RULES / "standard" / "map" / "europe.tsr"
    assert related["location"]["uri"] == europe.as_uri()
    assert related["location"]["range"]["start"]["line"] == line_of(europe, "country poland ")
    assert session.edit(session.text) == []


def test_each_file_with_problems_gets_them_and_loses_them_when_they_are_gone(session: Session) -> None:
    """Removing a function the parents call puts errors in the parents' files; putting it back clears them."""
    card = RULES / "standard" / "cards" / "011_korean_war.tsr"
    since = len(session.lsp.notifications)
    own = session.edit(session.text + "\nremove function war_hindrance\n")
    assert {d["code"] for d in own} == {"E501"}  # the variant's own calls
    found = session.lsp.published(card.as_uri(), since)
    [call] = [d for d in found if "war_hindrance" in d["message"]]
    assert call["code"] == "E501" and call["range"]["start"]["line"] == line_of(card, "war_hindrance(")
    since = len(session.lsp.notifications)
    assert session.edit(session.text) == []
    assert session.lsp.published(card.as_uri(), since) == []


def test_definition_of_a_name_of_the_parents_is_in_the_parents_file(session: Session) -> None:
    influence = RULES / "solo-v2" / "ai" / "influence_priority.tsr"
    [listed] = session.ask("textDocument/definition", "ai_influence_placement")
    assert listed["uri"] == influence.as_uri()
    assert listed["range"]["start"]["line"] == line_of(influence, "priority ai_influence_placement(")
    # an option a patch moves is the option of that list, not any name `key_new`
    [option] = session.ask("textDocument/definition", "key_new")
    assert option["uri"] == influence.as_uri()
    assert option["range"]["start"]["line"] == line_of(influence, "option 7 key_new")
    # a name of the grandparent, standard
    [country] = session.ask("textDocument/definition", "south_korea")
    asia = RULES / "standard" / "map" / "asia.tsr"
    assert country["uri"] == asia.as_uri() and country["range"]["start"] == {"line": 42, "character": 8}
    assert line_of(asia, "country south_korea") == 42


def test_references_span_the_ruleset_and_those_it_extends(session: Session) -> None:
    found = session.ask("textDocument/references", "war_hindrance", context={"includeDeclaration": True})
    places = {(Path(p["uri"].removeprefix("file://")).name, p["range"]["start"]["line"]) for p in found}
    wars = RULES / "standard" / "wars.tsr"
    assert ("wars.tsr", line_of(wars, "function war_hindrance(")) in places
    assert ("variant.tsr", session.at("war_hindrance")["line"]) in places
    korean_war = RULES / "standard" / "cards" / "011_korean_war.tsr"
    assert ("011_korean_war.tsr", line_of(korean_war, "war_hindrance(")) in places
    assert len(places) > 20


def test_hover_shows_the_signature_the_mark_and_both_names(session: Session) -> None:
    hover = session.ask("textDocument/hover", "ai_influence_placement")
    text = hover["contents"]["value"]
    assert hover["contents"]["kind"] == "markdown"
    assert "priority ai_influence_placement(ai: side, region: region" in text
    assert "-> target c: country" in text
    assert 'source "001 · Приоритет Размещения Очков Влияния ИИ"' in text
    russian = fluent_value(
        RULES / "solo-v2" / "locales" / "ru" / "ai.ftl", "ai-priority-ai_influence_placement"
    )
    assert f"Russian: **{russian}**" in text and "English: **AI Influence Placement Priority**" in text
    assert "patched or removed at" in text and "variant.tsr:4" in text

    country = session.ask("textDocument/hover", "south_korea")["contents"]["value"]
    assert "country south_korea: region asia, stability 3, battleground" in country
    assert "Южная Корея" in country and "South Korea" in country

    primitive = session.ask("textDocument/hover", "influence(")["contents"]["value"]
    assert vocabulary().primitives["influence"].render() in primitive


def test_completion_offers_countries_primitives_and_the_options_of_the_patched_list(session: Session) -> None:
    items = session.ask("textDocument/completion", "war_hindrance")["items"]
    by_label = {item["label"]: item for item in items}
    assert by_label["poland"]["kind"] == 21  # a constant
    assert "stability 3" in by_label["poland"]["detail"] and "Poland" in by_label["poland"]["detail"]
    assert by_label["add_influence"]["detail"] == vocabulary().primitives["add_influence"].render()
    assert by_label["war_hindrance"]["detail"].startswith("function war_hindrance(attacker: side")
    assert {"europe", "nato", "ai_influence_placement"} <= set(by_label)
    # inside `patch priority ai_influence_placement { … }`, the list's options come first
    inside = session.ask("textDocument/completion", "move option key_new", 5)["items"]
    first = [item["label"] for item in inside[:10]]
    assert {"key_new", "key_spread", "non_key_any"} <= set(first)
    assert "option 7 of priority ai_influence_placement" in {item["detail"] for item in inside[:10]}


def test_the_outline_lists_every_declaration_of_the_file(session: Session) -> None:
    symbols = session.lsp.request("textDocument/documentSymbol", {"textDocument": {"uri": session.uri}})
    names = [s["name"] for s in symbols]
    assert names == [
        "patch priority ai_influence_placement",
        "patch table ai_head_start",
        "patch table variable_setup",
        "patch appendix korean_war",
        "extra_action_round",
    ]
    rule = symbols[-1]
    assert rule["range"]["start"]["line"] == session.at("rule extra_action_round")["line"]
    assert rule["selectionRange"]["start"] == session.at("extra_action_round", 0)


def test_formatting_is_twilight_fmts_as_one_edit_and_nothing_for_a_broken_file(session: Session) -> None:
    messy = session.text.replace("  move option key_new", "        move   option key_new")
    session.edit(messy)
    options = {"tabSize": 2, "insertSpaces": True}
    [edit] = session.lsp.request(
        "textDocument/formatting", {"textDocument": {"uri": session.uri}, "options": options}
    )
    assert edit["newText"] == layout(messy, "variant.tsr").text == session.text
    assert edit["range"]["start"] == {"line": 0, "character": 0}
    assert edit["range"]["end"]["line"] == messy.count("\n")
    broken = session.text + "\npatch priority ai_influence_placement {\n  move option\n"
    assert session.edit(broken)  # (a syntax error)
    assert (
        session.lsp.request(
            "textDocument/formatting", {"textDocument": {"uri": session.uri}, "options": options}
        )
        == []
    )
    # the names found before the file broke still answer
    [listed] = session.ask("textDocument/definition", "south_korea")
    assert listed["uri"].endswith("/rules/standard/map/asia.tsr")
    assert session.edit(session.text) == []


def test_bad_input_gets_an_answer_not_a_dead_server(session: Session) -> None:
    assert (
        session.lsp.request(
            "textDocument/hover",
            {"textDocument": {"uri": "untitled:Untitled-1"}, "position": {"line": 0, "character": 0}},
        )
        is None
    )
    garbage = session.edit("\x00\ufffd}}} card )(")
    assert garbage and all(d["code"].startswith("E1") for d in garbage)
    # answered (with nothing there), not failed: `request` raises on an error answer
    for method in ("textDocument/hover", "textDocument/definition", "textDocument/completion"):
        session.lsp.request(
            method, {"textDocument": {"uri": session.uri}, "position": {"line": 0, "character": 9}}
        )
    session.lsp.request("textDocument/documentSymbol", {"textDocument": {"uri": session.uri}})
    assert session.edit(session.text) == []
    assert session.ask("textDocument/hover", "south_korea") is not None
    # a message that is not JSON: one line in the server's log, and it goes on
    stdin = session.lsp.process.stdin
    assert stdin is not None
    stdin.write(b"Content-Length: 5\r\n\r\n{bad}")
    stdin.flush()
    assert session.ask("textDocument/hover", "south_korea") is not None
    deadline = time.monotonic() + 10
    while not any(b"JSONDecodeError" in line for line in session.lsp.stderr) and time.monotonic() < deadline:
        time.sleep(0.05)
    log = b"".join(session.lsp.stderr).decode()
    assert "twilight lsp: warning: a message that is not JSON (JSONDecodeError" in log
    assert "Traceback" not in log
    assert session.lsp.process.poll() is None


def test_a_compile_that_raises_is_logged_and_the_last_tables_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    target = target_of(EXAMPLE / "variant.tsr")
    assert target == Target(EXAMPLE.resolve(), False)
    server = lsp_server.RulesServer()
    logged: list[str] = []
    monkeypatch.setattr(server, "log", lambda message, kind=None: logged.append(message))
    monkeypatch.setattr(server, "overlays", dict)
    good = analyse(target, {})
    server.analyses[target] = good

    def broken(*args: object) -> None:
        raise RuntimeError("the compiler fell over")

    monkeypatch.setattr(lsp_server, "analyse", broken)
    assert asyncio.run(server.compile(target)) is None
    assert server.analyses[target] is good
    assert logged == [f"checking {target.path} failed: RuntimeError: the compiler fell over"]


def test_the_name_tables_tell_locals_calls_and_the_parts_a_patch_names() -> None:
    """compiler/symbols.py on a file of its own: what is a use, of what, and what is declared."""
    from twilight.compiler.diagnostics import Sink
    from twilight.compiler.parser import parse_text
    from twilight.compiler.symbols import SymbolTable, file_symbols

    text = (
        'function near(c: country): bool source "a · b" {\n'
        "  count(x for x in adjacent(c) where controls(us, x)) > 0 and c != poland\n"
        "}\n"
        "patch priority ai_influence_placement {\n"
        '  move option key_new before key_spread provisional "P10: x"\n'
        "}\n"
        "patch appendix korean_war { remove ai_event headline }\n"
    )
    sink = Sink()
    parsed = parse_text(text, "t.tsr", sink)
    assert parsed is not None and not sink.items
    table = SymbolTable()
    table.add(file_symbols(parsed))
    [declared] = table.declarations("near")
    assert (declared.kind, declared.pos.line, declared.pos.col) == ("function", 1, 10)
    assert table.uses("c") == [] and table.uses("x") == []  # a parameter and a bound variable
    [poland] = table.uses("poland")
    poland_col = text.split("\n")[1].index("poland") + 1
    assert (poland.pos.line, poland.pos.col, poland.call) == (2, poland_col, False)
    assert [u.call for u in table.uses("controls")] == [True] and table.uses("adjacent")[0].call
    [moved] = table.uses("key_new", "ai_influence_placement")
    assert table.uses("key_new") == [] and (moved.pos.line, moved.pos.col) == (5, 15)
    assert [u.kind for u in table.uses("korean_war")] == ["appendix"]
    assert table.at("t.tsr", 5, 16) == moved and table.at("t.tsr", 1, 12) == declared


def test_the_hover_line_of_an_int_setting_gives_its_bounds() -> None:
    from twilight.cli.lsp.describe import signature
    from twilight.compiler.diagnostics import Sink
    from twilight.compiler.parser import parse_text
    from twilight.compiler.symbols import SymbolTable, file_symbols

    text = 'setting swing: int from -3 to 10 = 2 asked source "t · 1"\nsetting free: int = 7 source "t · 1"\n'
    sink = Sink()
    parsed = parse_text(text, "t.tsr", sink)
    assert parsed is not None and not sink.items
    table = SymbolTable()
    table.add(file_symbols(parsed))
    [swing], [free] = table.declarations("swing"), table.declarations("free")
    assert signature(swing) == "setting swing: int from -3 to 10 = 2 (asked when a game starts)"
    assert signature(free) == "setting free: int = 7"
