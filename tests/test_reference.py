"""`twilight reference`: the language reference follows the grammar and the registry, and cannot drift.

- The grammar reader finds exactly the rules, aliases and terminals Lark builds from the grammar.
- Every construct, word, trigger, action, quantity, expiry, status, moment and block has a note in
  cli/reference_notes.yaml, and no note names something that no longer exists; a construct added to the
  grammar (or a note left behind) is caught.
- Every example parses and holds the construct it illustrates; every word's example is that word.
- docs/reference.md is the command's output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from lark import Lark, Tree
from lark.exceptions import LarkError
from twilight.cli import reference as ref
from twilight.cli.grammar_constructs import read_grammar, split_alternatives
from twilight.cli.main import cli
from twilight.compiler.parser import grammar_text
from twilight.compiler.vocab import vocabulary

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "reference.md"


@pytest.fixture(scope="module")
def lark_all_starts() -> Lark:
    """The grammar with every rule as a start symbol, to parse an example of any construct."""
    names = [r.name for r in read_grammar().rules]
    return Lark(grammar_text(), parser="lalr", start=names, maybe_placeholders=True)


def test_the_reader_finds_what_lark_builds(lark_all_starts: Lark) -> None:
    grammar = read_grammar()
    lark_rules = {str(r.origin.name) for r in lark_all_starts.rules if not str(r.origin.name).startswith("_")}
    lark_aliases = {str(r.alias) for r in lark_all_starts.rules if r.alias}
    assert {r.name for r in grammar.rules} == lark_rules
    assert {a.alias for r in grammar.rules for a in r.alternatives if a.alias} == lark_aliases
    lark_terminals = {t.name for t in lark_all_starts.terminals}
    assert {t.name for t in grammar.terminals} <= lark_terminals
    assert "NAME" in {t.name for t in grammar.terminals}
    assert grammar.ignored == ("WS", "COMMENT")
    # sections come from the grammar's own dividers, in order
    assert grammar.sections[0] == "files, declarations, annotations"
    assert "statements" in grammar.sections and "expressions" in grammar.sections


def test_alternatives_split_at_top_level_bars_only() -> None:
    assert split_alternatives('NAME ("|" NAME)+ -> enum_type') == ['NAME ("|" NAME)+ -> enum_type']
    assert split_alternatives('"else" (block | if_stmt)') == ['"else" (block | if_stmt)']
    assert split_alternatives('"a" -> x | "b" -> y') == ['"a" -> x', '"b" -> y']


def test_constructs_are_aliases_and_plain_rules() -> None:
    grammar = read_grammar()
    by_key = {c.key: c for c in grammar.constructs()}
    assert by_key["c_stability"].rule == "country_clause"
    assert by_key["c_stability"].syntax == ("stability INT",)
    assert by_key["column"].syntax == ("STRING", "NAME", "INT")
    assert by_key["call"].syntax == ('NAME "(" [args] ")"',)
    # an inlined rule's pass-through alternatives are no constructs; its categories list them
    assert "decl" not in by_key and "stmt" not in by_key
    categories = {c.name: c.members for c in grammar.categories()}
    assert "card_decl" in categories["decl"] and "choose_stmt" in categories["stmt"]
    # `arith` is one construct of two rules
    assert {c.rule for c in grammar.constructs() if c.key == "arith"} == {"sum", "product"}


def test_every_name_has_a_note_and_every_note_a_name() -> None:
    problems = {
        section: lists
        for section, lists in ref.drift(read_grammar(), ref.load_notes(), vocabulary()).items()
        if lists != ([], [])
    }
    assert not problems, (
        "cli/reference_notes.yaml does not fit the language (section: (names without a note, notes "
        f"naming nothing)): {problems}; then run `twilight reference --markdown -o docs/reference.md`"
    )


def test_a_new_construct_without_a_note_is_caught() -> None:
    text = grammar_text().replace(
        '           | "ends" "on" NAME when? annotation*                     -> e_ends\n',
        '           | "ends" "on" NAME when? annotation*                     -> e_ends\n'
        '           | "pause" NAME annotation*                               -> e_pause\n',
    )
    assert "e_pause" in text
    missing, stale = ref.drift(read_grammar(text), ref.load_notes(), vocabulary())["constructs"]
    assert (missing, stale) == (["e_pause"], [])
    # the reference still builds, and says what is missing
    tables = ref.build(read_grammar(text), ref.load_notes())
    assert "e_pause" in ref.render_markdown(tables) and ref.UNDESCRIBED in ref.render_markdown(tables)


def test_a_note_about_nothing_is_caught() -> None:
    raw = yaml.safe_load(ref.notes_text())
    raw["constructs"]["e_vanished"] = {"meaning": "Gone.", "example": "vanished"}
    raw["triggers"]["comet_sighted"] = "A comet."
    drift = ref.drift(read_grammar(), ref.parse_notes(yaml.safe_dump(raw)), vocabulary())
    assert drift["constructs"] == ([], ["e_vanished"])
    assert drift["triggers"] == ([], ["comet_sighted"])


def _nodes(tree: Tree) -> set[str]:  # type: ignore[type-arg]
    return {str(t.data) for t in tree.iter_subtrees()}


def test_every_example_parses_and_holds_its_construct(lark_all_starts: Lark) -> None:
    grammar = read_grammar()
    notes = ref.load_notes()
    inlined = {r.name for r in grammar.rules if r.inlined}
    starts = [r.name for r in grammar.rules]
    failures = []
    for construct in grammar.constructs():
        example = notes.construct(construct.key).example
        own = [c.rule for c in grammar.constructs() if c.key == construct.key]
        parsed = []
        for start in dict.fromkeys([*own, "expr", "stmt", "start", *starts]):
            try:
                parsed.append(lark_all_starts.parse(example, start=start))
            except LarkError:
                continue
        wants_node = construct.key not in inlined
        if not parsed or (wants_node and not any(construct.key in _nodes(t) for t in parsed)):
            failures.append(f"{construct.key}: {example!r}")
    assert not failures, "examples that do not parse as their construct:\n" + "\n".join(failures)


def test_every_word_example_is_that_word() -> None:
    grammar = read_grammar()
    notes = ref.load_notes()
    for terminal in grammar.terminals:
        example = notes.terminal(terminal.name).example
        if terminal.pattern.startswith("/"):
            assert re.fullmatch(terminal.pattern[1:-1], example), terminal.name
        else:
            literals = [a.strip()[1:-1] for a in split_alternatives(terminal.pattern)]
            assert example in literals, terminal.name


def test_the_reference_covers_grammar_and_registry() -> None:
    markdown = ref.render_markdown(ref.build())
    vocab = vocabulary()
    for name, sig in vocab.primitives.items():
        kind = "query" if sig.returns else "effect"
        assert f"| `{sig.render()}` | {kind} |" in markdown, name
    for trigger in vocab.triggers:
        assert f"| `{trigger}` |" in markdown
    for construct in read_grammar().constructs():
        assert f"`{construct.key}`" in markdown
    assert "| `c_stability` (country_clause) | `stability INT` | Its stability number, 1-9. |" in markdown
    assert ref.UNDESCRIBED not in markdown


def test_docs_reference_is_the_commands_output() -> None:
    result = CliRunner().invoke(cli, ["reference", "--markdown"])
    assert result.exit_code == 0, result.output
    assert REFERENCE.read_text(encoding="utf-8") == result.output, (
        "docs/reference.md is stale: run `twilight reference --markdown -o docs/reference.md`"
    )


def test_the_command_writes_a_file_and_plain_text(tmp_path: Path) -> None:
    out = tmp_path / "ref.md"
    result = CliRunner().invoke(cli, ["reference", "--markdown", "-o", str(out)])
    assert result.exit_code == 0 and result.output == f"wrote {out}\n"
    assert out.read_text(encoding="utf-8") == REFERENCE.read_text(encoding="utf-8")
    text = CliRunner().invoke(cli, ["reference"])
    assert text.exit_code == 0
    assert "c_stability (country_clause)  stability INT\n    Its stability number, 1-9.\n" in text.output
    assert "    example: stability 4\n" in text.output
    assert "`" not in text.output


def test_bad_output_path_and_bad_notes_are_one_line_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = CliRunner().invoke(cli, ["reference", "-o", str(tmp_path / "missing" / "ref.md")])
    assert result.exit_code == 1
    assert result.output.startswith("error: cannot write ") and result.output.count("\n") == 1
    monkeypatch.setattr(ref, "notes_text", lambda: "constructs: {}\n")
    result = CliRunner().invoke(cli, ["reference"])
    assert result.exit_code == 1
    assert result.output.startswith("error: reference_notes.yaml must hold exactly the sections")
    monkeypatch.setattr(ref, "notes_text", lambda: "constructs: [\n")
    result = CliRunner().invoke(cli, ["reference"])
    assert result.exit_code == 1 and result.output.startswith("error: reference_notes.yaml is not valid YAML")
