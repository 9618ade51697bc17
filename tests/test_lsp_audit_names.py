"""`twilight lsp` on names several things share, as an author meets them in a copy of solo-v2: a card and
its appendix entry (`nato`), a side, its superpower and the values of `setting ai_side: us | ussr`
(`ussr`); and on what hover and completion show where the rules write types and comments
(cli/lsp/analysis.py, describe.py, editing.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspProcess

ROOT = Path(__file__).resolve().parent.parent
SOLO = ROOT / "rules" / "solo-v2"
BRUSH_WAR = Path("appendix") / "036_brush_war.tsr"


class Opened:
    """One rule file of the copy, open in the server."""

    def __init__(self, lsp: LspProcess, path: Path) -> None:
        self.lsp = lsp
        self.uri = path.as_uri()
        self.text = path.read_text(encoding="utf-8")
        lsp.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": self.uri, "languageId": "twilight", "version": 1, "text": self.text}},
        )
        self.diagnostics = lsp.diagnostics_for(self.uri)
        self.capabilities: dict[str, Any] = {}  # (the server's, as it answered `initialize`)

    def at(self, needle: str, offset: int = 1, in_comments: bool = False) -> dict[str, int]:
        """The position `offset` characters into the first `needle` (written outside a comment unless
        `in_comments`)."""
        for number, line in enumerate(self.text.split("\n")):
            code = line if in_comments else line.split("#", 1)[0]
            if needle in code:
                return {"line": number, "character": code.index(needle) + offset}
        raise AssertionError(f"{needle!r} is not in the file")

    def ask(self, method: str, position: dict[str, int], **more: Any) -> Any:
        return self.lsp.request(method, {"textDocument": {"uri": self.uri}, "position": position, **more})

    def hover(self, needle: str, offset: int = 1) -> str:
        found = self.ask("textDocument/hover", self.at(needle, offset))
        assert found is not None, needle
        text: str = found["contents"]["value"]
        return text


@pytest.fixture(scope="module")
def brush_war(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Opened]:
    copy = tmp_path_factory.mktemp("audit") / "my-variant"
    shutil.copytree(SOLO, copy)
    lsp = LspProcess(ROOT)
    try:
        capabilities = lsp.start(copy)
        opened = Opened(lsp, copy / BRUSH_WAR)
        opened.capabilities = capabilities
        assert opened.diagnostics == []
        yield opened
        assert lsp.stop() == 0
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()


def test_hover_on_a_card_in_an_expression_is_the_card_not_its_appendix_entry(brush_war: Opened) -> None:
    # `in_effect(nato)`: the card NATO; solo-v2 also has an appendix entry `nato`, which is not replaced
    # by it nor replaces it
    text = brush_war.hover("nato)")
    assert text.startswith("```twilight\ncard 21 nato: ops 4, side us, period early")
    assert "replaced at" not in text
    assert "declared at `rules/standard/cards/021_nato.tsr:" in text
    assert "also of this name: `appendix 21 nato` at `" in text and "appendix/021_nato.tsr:2`" in text


def test_hover_on_a_side_is_the_side_not_a_value_of_the_ai_side_setting(brush_war: Opened) -> None:
    text = brush_war.hover("ussr and")
    assert text.startswith("```twilight\nside ussr\n```")
    assert "a value of setting" not in text and "replaced at" not in text
    assert "English: **USSR**" in text
    assert "also of this name: `superpower ussr  (of side ussr)`" in text


def test_go_to_definition_of_a_side_leads_to_the_side_first(brush_war: Opened) -> None:
    places = brush_war.ask("textDocument/definition", brush_war.at("ussr and"))
    assert [Path(p["uri"]).name for p in places] == ["regions.tsr", "regions.tsr"]  # the side, its superpower
    assert places[0]["uri"].endswith("/rules/standard/map/regions.tsr")
    assert places[0]["range"]["start"]["character"] == len("side ")


def test_references_of_a_side_keep_the_setting_that_names_it(brush_war: Opened) -> None:
    places = brush_war.ask(
        "textDocument/references", brush_war.at("ussr and"), context={"includeDeclaration": False}
    )
    assert any(p["uri"].endswith("/my-variant/settings.tsr") for p in places)


def test_completion_says_a_side_is_a_side(brush_war: Opened) -> None:
    items = brush_war.ask("textDocument/completion", brush_war.at("require brush_war_solo_may_hit", 8))[
        "items"
    ]
    detail = {item["label"]: item["detail"] for item in items}
    assert detail["us"].startswith("side us") and detail["ussr"].startswith("side ussr")
    assert detail["nato"].startswith("card 21 nato")


def test_a_type_that_may_be_none_is_shown_as_the_rules_write_it(brush_war: Opened) -> None:
    copy = Path(brush_war.uri.removeprefix("file://")).parent.parent
    crisis = Opened(brush_war.lsp, copy / "appendix" / "040_cuban_missile_crisis.tsr")
    text = crisis.hover("cuban_missile_crisis_at_once(ai: side)")
    assert "function cuban_missile_crisis_at_once(ai: side): country or none\n" in text
    symbols = crisis.lsp.request("textDocument/documentSymbol", {"textDocument": {"uri": crisis.uri}})
    [target] = [s for s in symbols if s["name"] == "cuban_missile_crisis_at_once"]
    assert target["detail"] == "function cuban_missile_crisis_at_once(ai: side): country or none"


def test_no_completion_inside_a_comment_or_a_string(brush_war: Opened) -> None:
    comment = brush_war.at("# Where the AI looks", 8, in_comments=True)
    assert not brush_war.ask("textDocument/completion", comment)
    string = brush_war.at('source "000', 9)
    assert not brush_war.ask("textDocument/completion", string)
    # in the code, names are offered again
    after = brush_war.at("require brush_war_solo_may_hit", 8)
    assert brush_war.ask("textDocument/completion", after)["items"]


def test_a_setting_value_and_a_subregion_show_the_marks_of_what_declares_them(brush_war: Opened) -> None:
    # `row hard:` of solo-v2's table ai_head_start: the value `hard` of `setting level … source "000 ·
    # Расстановка · 5"`, which covers it: not "no source or provisional mark"
    copy = Path(brush_war.uri.removeprefix("file://")).parent.parent
    tables = Opened(brush_war.lsp, copy / "setup_tables.tsr")
    value = tables.hover("hard:")
    assert value.startswith("```twilight\nhard  (a value of setting level)\n```")
    assert 'source "000 · Расстановка · 5"' in value and "no `source`" not in value
    regions = Opened(brush_war.lsp, ROOT / "rules" / "standard" / "map" / "regions.tsr")
    subregion = regions.hover("western_europe")
    assert 'source "002 · 2.1.1"' in subregion and "no `source`" not in subregion


def test_hover_on_a_keyword_gives_its_forms_from_the_reference(brush_war: Opened) -> None:
    text = brush_war.hover("if primary_region", 0)
    assert text.startswith("keyword `if`")
    # the forms and meanings of docs/reference.md (`twilight reference`), the statement's and the value's
    assert "if expr block else_part?" in text and "if or_expr then expr else expr" in text
    assert "docs/reference.md" in text
    assert "keyword `and`" in brush_war.hover("and battleground", 1)
    # a keyword's word in a comment is no keyword
    comment = brush_war.at("best group first", 12, in_comments=True)
    assert brush_war.ask("textDocument/hover", comment) is None


def test_a_space_does_not_open_the_completion_list(brush_war: Opened) -> None:
    """A list opened by each space would take the Enter typed after one (VS Code accepts on Enter)."""
    triggers = brush_war.capabilities["completionProvider"]["triggerCharacters"]
    assert " " not in triggers and "(" in triggers


def test_the_outline_of_a_file_cut_short_by_a_mistake_stays_within_it(brush_war: Opened) -> None:
    """While a file does not parse, its outline is the last one that did, each range within the text."""
    lsp, uri = brush_war.lsp, brush_war.uri

    def edit(text: str, version: int) -> list[dict[str, Any]]:
        change = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}
        lsp.notify("textDocument/didChange", change)
        return lsp.diagnostics_for(uri)

    assert [d["code"] for d in edit("function broken(: {\n", 2)] == ["E101"]
    symbols = lsp.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    names = ["brush_war_solo_group", "brush_war_solo_may_hit", "brush_war_solo_target", "brush_war"]
    assert [s["name"] for s in symbols] == names
    for symbol in symbols:
        for end in ("start", "end"):
            for part in ("range", "selectionRange"):
                assert symbol[part][end]["line"] <= 1  # (the text's two lines: 0 and the empty 1)
    assert edit(brush_war.text, 3) == []


def test_a_side_written_as_a_value_of_the_ai_side_setting_is_the_side(brush_war: Opened) -> None:
    copy = Path(brush_war.uri.removeprefix("file://")).parent.parent
    settings = Opened(brush_war.lsp, copy / "settings.tsr")
    text = settings.hover("ussr = ussr")
    assert text.startswith("```twilight\nside ussr\n```") and "a value of setting" not in text
    [side, _superpower] = settings.ask("textDocument/definition", settings.at("ussr = ussr"))
    assert side["uri"].endswith("/rules/standard/map/regions.tsr")
