"""`twilight lsp` driven over stdio as an author uses it on a copy of solo-v2 and a variant of it: the
editor's text kept in step whatever characters it holds, the diagnostics of files two rulesets share,
what closing an edited file leaves shown, and the names a hover gives (cli/lsp/server.py, describe.py)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspProcess

ROOT = Path(__file__).resolve().parent.parent
VARIANT_MANIFEST = (
    'ruleset "harder" provisional "P10: a test variant" {\n  version "1"\n  extends "my-solo"\n}\n'
)
VARIANT = "# a variant that drops a function its base calls\n"
DROPS_A_BASE_FUNCTION = VARIANT + "remove function in_play_regions\n"


class Workspace:
    """A copy of solo-v2 (as `my-solo`) with a variant `harder` beside it, and the server over them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lsp = LspProcess(ROOT)
        self.lsp.start(root)
        self.versions: dict[str, int] = {}

    def open(self, relative: str, text: str | None = None) -> str:
        path = self.root / relative
        uri = path.as_uri()
        self.versions[uri] = 1
        self.lsp.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "twilight",
                    "version": 1,
                    "text": path.read_text(encoding="utf-8") if text is None else text,
                }
            },
        )
        return uri

    def change(self, uri: str, change: dict[str, Any]) -> None:
        self.versions[uri] += 1
        self.lsp.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": self.versions[uri]}, "contentChanges": [change]},
        )

    def checked(self, names: set[str], since: int, timeout: float = 60) -> None:
        """Wait until each ruleset of `names` has logged a check after the `since`-th notification."""
        deadline = time.monotonic() + timeout
        while True:
            logged = {
                message["params"]["message"].split(":")[0].removeprefix("checked ")
                for message in self.lsp.notifications[since:]
                if message.get("method") == "window/logMessage"
                and message["params"]["message"].startswith("checked ")
            }
            if names <= logged:
                # (what a check publishes follows its log line: a request answered after it is after them)
                self.lsp.request(
                    "textDocument/hover",
                    {
                        "textDocument": {"uri": "file:///no-rule-file.txt"},
                        "position": {"line": 0, "character": 0},
                    },
                )
                return
            self.lsp.wait_for("window/logMessage", timeout=max(0.1, deadline - time.monotonic()))

    def published(self, uri: str, since: int) -> list[list[dict[str, Any]]]:
        """Every list of diagnostics published for `uri` after the `since`-th notification."""
        return [
            message["params"]["diagnostics"]
            for message in self.lsp.notifications[since:]
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri
        ]

    def ask(self, method: str, relative: str, needle: str) -> Any:
        """A request at the second character of the first `needle` of a file (read from disk, not opened)."""
        path = self.root / relative
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n")):
            if needle in line:
                position = {"line": number, "character": line.index(needle) + 1}
                break
        else:
            raise AssertionError(f"{needle!r} is not in {relative}")
        return self.lsp.request(method, {"textDocument": {"uri": path.as_uri()}, "position": position})

    def hover(self, relative: str, needle: str) -> str:
        """The hover's text on the first `needle` of a file."""
        found = self.ask("textDocument/hover", relative, needle)
        assert found is not None, f"no hover on {needle!r}"
        text: str = found["contents"]["value"]
        return text


@pytest.fixture
def workspace(tmp_path: Path) -> Iterator[Workspace]:
    solo = tmp_path / "my-solo"
    shutil.copytree(ROOT / "rules" / "solo-v2", solo, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = solo / "ruleset.tsr"
    renamed = manifest.read_text(encoding="utf-8").replace('ruleset "solo-v2"', 'ruleset "my-solo"')
    manifest.write_text(renamed, encoding="utf-8")
    harder = tmp_path / "harder"
    harder.mkdir()
    (harder / "ruleset.tsr").write_text(VARIANT_MANIFEST, encoding="utf-8")
    (harder / "variant.tsr").write_text(VARIANT, encoding="utf-8")
    opened = Workspace(tmp_path)
    try:
        yield opened
        assert opened.lsp.stop() == 0
        assert b"Traceback" not in b"".join(opened.lsp.stderr)
    finally:
        if opened.lsp.process.poll() is None:
            opened.lsp.process.kill()


def uses_of(lines: list[str], needle: str) -> list[tuple[int, int]]:
    """(line, column), both from 1, of each line's first `needle` outside a comment."""
    return [
        (number + 1, line.index(needle) + 1)
        for number, line in enumerate(lines)
        if needle in line.split("#", 1)[0]
    ]


def codes_at(diagnostics: list[dict[str, Any]]) -> list[tuple[str, int, int]]:
    return [
        (d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1)
        for d in diagnostics
    ]


# A character Python's str.splitlines() ends a line at, which the protocol (and the compiler) do not:
# the line separator, a form feed, NEL. Each may come into a comment pasted from a PDF or a word processor.
@pytest.mark.parametrize("odd", ["\u2028", "\x0c", "\x85"])
def test_an_edit_below_a_comment_with_a_character_python_breaks_lines_at_lands_where_the_editor_put_it(
    workspace: Workspace, odd: str
) -> None:
    path = workspace.root / "my-solo" / "human.tsr"
    text = path.read_text(encoding="utf-8").replace("# Your side of", f"# Your side{odd}of", 1)
    uri = workspace.open("my-solo/human.tsr", text)
    assert workspace.lsp.diagnostics_for(uri) == []
    # the first call of in_region, below that comment, misspelt in place as an editor sends it
    lines = text.split("\n")
    row = next(number for number, line in enumerate(lines) if "in_region(" in line)
    col = lines[row].index("in_region(")
    edit = {
        "start": {"line": row, "character": col},
        "end": {"line": row, "character": col + len("in_region")},
    }
    workspace.change(uri, {"range": edit, "text": "in_regon"})
    # where the compiler puts it (`twilight check`: the line and column of the word, from 1)
    assert codes_at(workspace.lsp.diagnostics_for(uri)) == [("E501", row + 1, col + 1)]
    # and a name further down is found where the editor shows it
    [(use_row, use_col)] = uses_of(lines, "in_play_regions(target)")[:1]
    hovered = workspace.lsp.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": {"line": use_row - 1, "character": use_col + 2}},
    )
    assert hovered is not None and "function in_play_regions" in hovered["contents"]["value"]


def test_closing_an_edited_file_unsaved_clears_the_problems_its_text_made_in_other_files(
    workspace: Workspace,
) -> None:
    human = workspace.open("my-solo/human.tsr")
    assert workspace.lsp.diagnostics_for(human) == []
    text = (workspace.root / "my-solo" / "human.tsr").read_text(encoding="utf-8")
    workspace.change(human, {"text": text.replace("procedure human_headline(", "procedure human_headlin(")})
    headline = (workspace.root / "my-solo" / "headline.tsr").as_uri()
    assert [code for code, _, _ in codes_at(workspace.lsp.diagnostics_for(headline))] == ["E501", "E501"]
    # closed without saving: the file on disk, which declares human_headline, is the ruleset's again
    workspace.lsp.notify("textDocument/didClose", {"textDocument": {"uri": human}})
    assert workspace.lsp.diagnostics_for(headline, timeout=20) == []


def test_a_file_two_open_rulesets_read_shows_the_problems_of_both(workspace: Workspace) -> None:
    human = workspace.open("my-solo/human.tsr")
    variant = workspace.open("harder/variant.tsr")
    workspace.checked({"my-solo", "harder"}, 0)
    since = len(workspace.lsp.notifications)
    workspace.change(variant, {"text": DROPS_A_BASE_FUNCTION})
    workspace.checked({"harder"}, since)
    # the variant removes a function the base's file calls twice: its problems, in the base's file
    human_text = (workspace.root / "my-solo" / "human.tsr").read_text(encoding="utf-8")
    dropped = [("E501", row, col) for row, col in uses_of(human_text.split("\n"), "in_play_regions(target)")]
    assert len(dropped) == 2
    assert codes_at(workspace.published(human, since)[-1]) == dropped
    # an edit of the base's file checks both rulesets again: no list shows the problems where they
    # were before the edit, and the last shows them where they are now
    since = len(workspace.lsp.notifications)
    top = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
    workspace.change(human, {"range": top, "text": "# a note\n"})
    workspace.checked({"my-solo", "harder"}, since)
    moved = [(code, line + 1, col) for code, line, col in dropped]
    shown = [codes_at(each) for each in workspace.published(human, since)]
    assert shown[-1] == moved
    assert all(each in ([], moved) for each in shown)
    # a new file of the base, made on disk, checks the base alone: its check keeps the variant's problems
    since = len(workspace.lsp.notifications)
    extra = workspace.root / "my-solo" / "extra.tsr"
    extra.write_text("# nothing declared here yet\n", encoding="utf-8")
    workspace.lsp.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": extra.as_uri(), "type": 1}]})
    workspace.checked({"my-solo"}, since)
    assert codes_at(workspace.published(human, since)[-1]) == moved
    # and the variant put right, they are gone
    since = len(workspace.lsp.notifications)
    workspace.change(variant, {"text": VARIANT})
    workspace.checked({"harder"}, since)
    assert workspace.published(human, since)[-1] == []


@pytest.mark.parametrize(
    ("relative", "needle", "english", "russian"),
    [
        (
            "my-solo/ai/influence_priority.tsr",
            "key_new {",
            "a Key country in or next to the region",
            "Ключевая страна",
        ),
        ("my-solo/setup_tables.tsr", "hard:", "Hard (the AI starts with 4 VP)", "Сложный"),
        (
            "my-solo/ai/region_country_priority.tsr",
            "region_country_priority",
            "Region/Country Priority Table",
            "Таблица приоритета",
        ),
        ("my-solo/human.tsr", "two_per_country", "At most 2 influence in a country", "Не больше 2 влияния"),
        ("my-solo/human.tsr", "primary_region !=", "Primary region", "Первичный регион"),
        ("my-solo/regions.tsr", "scoring_deck face", "Scoring deck", "Колода подсчета очков"),
        # a setting by its name, not by the question asked for it
        ("my-solo/settings.tsr", "level: normal", "Skill level**", "Уровень сложности**"),
    ],
)
def test_hover_gives_both_names_the_rulesets_fluent_files_give(
    workspace: Workspace, relative: str, needle: str, english: str, russian: str
) -> None:
    text = workspace.hover(relative, needle)
    assert f"English: **{english}" in text
    assert f"Russian: **{russian}" in text


def test_hover_on_a_name_the_language_gives_says_so_with_its_type(workspace: Workspace) -> None:
    # `human` in an appendix entry: no rule file declares it
    text = workspace.hover("my-solo/appendix/011_korean_war.tsr", "human, south_korea")
    assert "human: side" in text
    assert "a name the language gives" in text and "`appendix`" in text
    # `early`, a value of the language's enumeration of periods
    assert "`period`: early | mid | late" in workspace.hover("my-solo/regions.tsr", "early {")


def test_a_choices_decision_and_a_forbids_code_lead_to_their_fluent_messages(workspace: Workspace) -> None:
    asked = workspace.hover("my-solo/human.tsr", "headline_card {")
    assert "message `decision-headline_card`" in asked
    assert "decision-headline_card = Choose your headline card" in asked
    assert "decision-headline_card = Выберите" in asked
    found = workspace.ask("textDocument/definition", "my-solo/human.tsr", "headline_card {")
    english = ROOT / "rules" / "standard" / "locales" / "en" / "play.ftl"
    lines = english.read_text(encoding="utf-8").split("\n")
    at = next(number for number, line in enumerate(lines) if line.startswith("decision-headline_card ="))
    assert found[0]["uri"] == english.as_uri()
    assert found[0]["range"]["start"] == {"line": at, "character": 0}
    assert found[1]["uri"].endswith("/standard/locales/ru/play.ftl")
    # the refusal is solo-v2's own message, in the copy's Fluent files
    refused = workspace.hover("my-solo/human.tsr", "region_restricted")
    assert "message `refusal-region_restricted`" in refused
    assert "is outside this round's regions" in refused
    found = workspace.ask("textDocument/definition", "my-solo/human.tsr", "region_restricted")
    assert [place["uri"] for place in found] == [
        (workspace.root / "my-solo" / "locales" / language / "play.ftl").as_uri() for language in ("en", "ru")
    ]


def test_a_file_new_on_disk_in_the_base_is_read_by_the_open_variant(workspace: Workspace) -> None:
    variant = workspace.open("harder/variant.tsr")
    uses = (
        VARIANT + 'rule one_more provisional "P10: a test" {\n  modify action_rounds by extra_rounds()\n}\n'
    )
    workspace.change(variant, {"text": uses})
    assert [d["code"] for d in workspace.lsp.diagnostics_for(variant)] == ["E501"]
    # the base gains, on disk (a checkout, another editor), the function the variant calls
    made = workspace.root / "my-solo" / "extra.tsr"
    made.write_text('function extra_rounds(): int provisional "P10: a test" {\n  1\n}\n', encoding="utf-8")
    workspace.lsp.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": made.as_uri(), "type": 1}]})
    assert workspace.lsp.diagnostics_for(variant, timeout=20) == []


def test_the_name_a_manifest_extends_leads_to_that_rulesets_manifest(workspace: Workspace) -> None:
    [found] = workspace.ask("textDocument/definition", "harder/ruleset.tsr", '"my-solo"')
    manifest = workspace.root / "my-solo" / "ruleset.tsr"
    assert found["uri"] == manifest.as_uri()
    assert found["range"]["start"]["line"] == next(
        number
        for number, line in enumerate(manifest.read_text(encoding="utf-8").split("\n"))
        if line.startswith("ruleset ")
    )
    assert 'ruleset "my-solo"' in workspace.hover("harder/ruleset.tsr", '"my-solo"')
    # the keyword before it is still the keyword
    assert "keyword `extends`" in workspace.hover("harder/ruleset.tsr", "extends")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="a FIFO is made with os.mkfifo")
def test_a_fifo_named_like_a_rule_file_holds_nothing_up(workspace: Workspace) -> None:
    fifo = workspace.root / "pipe.tsr"
    os.mkfifo(fifo)
    inside = workspace.root / "my-solo" / "pipe.tsr"
    os.mkfifo(inside)
    # asked about without being opened (a reader of it would wait for a writer for ever)
    for path in (fifo, inside):
        where = {"textDocument": {"uri": path.as_uri()}, "position": {"line": 0, "character": 0}}
        assert workspace.lsp.request("textDocument/hover", where, timeout=20) is None
    # opened with a text, as an editor may: the ruleset around it is still checked
    workspace.open("my-solo/pipe.tsr", "# nothing\n")
    settings = workspace.open("my-solo/settings.tsr")
    assert workspace.lsp.diagnostics_for(settings, timeout=20) == []


def test_formatting_a_large_file_does_not_hold_up_a_hover(workspace: Workspace) -> None:
    # a file near the compiler's bound, which takes `twilight fmt`'s layout a second or two
    many = "".join(f'function f{i}(): int provisional "P10: a test" {{\n  {i}\n}}\n' for i in range(3000))
    uri = workspace.open("my-solo/many.tsr", many)
    workspace.lsp.diagnostics_for(uri)
    settings = (workspace.root / "my-solo" / "settings.tsr").as_uri()
    workspace.lsp.send(
        {
            "id": "format",
            "method": "textDocument/formatting",
            "params": {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}},
        }
    )
    workspace.lsp.send(
        {
            "id": "hover",
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": settings}, "position": {"line": 3, "character": 9}},
        }
    )
    answered: list[str] = []
    deadline = time.monotonic() + 60
    while len(answered) < 2 and time.monotonic() < deadline:
        message = workspace.lsp.messages.get(timeout=60)
        if message.get("id") in ("format", "hover") and "method" not in message:
            answered.append(message["id"])
        else:
            workspace.lsp.notifications.append(message)
    assert answered == ["hover", "format"]


def test_formatting_a_file_of_lone_cr_lines_replaces_the_whole_document(workspace: Workspace) -> None:
    """The protocol ends a line at a lone CR, and the layout reads such a file as the compiler does; the
    edit that replaces the document ended where its text ends on lines split at LF only: on its first
    line, so that the editor put the laid-out text before every line after the first."""
    text = '# note\rprocedure q() source "000 · a" {\r      set_defcon(3)\r}\r'
    uri = workspace.open("my-solo/lone_cr.tsr", text)
    edits = workspace.lsp.request(
        "textDocument/formatting",
        {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}},
    )
    assert edits and len(edits) == 1, edits
    # (four lines, each ended by its CR: the document ends at the start of a fifth, empty line)
    assert edits[0]["range"] == {
        "start": {"line": 0, "character": 0},
        "end": {"line": 4, "character": 0},
    }, edits
    assert edits[0]["newText"].split("\n")[2] == "  set_defcon(3)"
