"""`twilight diff` names a table's rows and columns in words, as `twilight rulesets --changes` does: it
printed `row us france, column 3` (the rule file's ids) where an author reads "US, France; roll of 3"
everywhere else. The names follow --lang (as the report's outlines do); the report's own words stay
English; the JSON keeps the ids in `field` and gives the words beside them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_diff import declaration, edited, variant
from twilight.cli.diff.cmd import diff


@pytest.fixture(scope="module")
def changed_tables(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A variant of solo-v2 with a cell of the variable setup and one of the AI's head start changed."""
    setup = declaration("solo-v2/setup_tables.tsr", "table variable_setup")
    setup = edited(setup, "row us france:           1 3 1 1", "row us france:           1 2 2 1")
    # (each column's total must still hold: Italy gives back what France takes)
    setup = edited(setup, "row us italy:            1 1 2 1", "row us italy:            1 2 1 1")
    head_start = declaration("solo-v2/setup_tables.tsr", "table ai_head_start")
    head_start = edited(head_start, "hard:        4", "hard:        5")
    return variant(tmp_path_factory.mktemp("tables") / "tables", "solo-v2", setup + "\n" + head_start)


@pytest.mark.parametrize(
    ("lang", "cell", "level"),
    [
        ("en", "    row US, France; roll of 3: 3 -> 2", "    row Hard; "),
        ("ru", "    row США, Франция; roll of 3: 3 -> 2", "    row Сложный; "),
    ],
    ids=["en", "ru"],
)
def test_a_changed_cell_is_named_by_its_row_and_column_in_words(
    changed_tables: str, lang: str, cell: str, level: str
) -> None:
    result = CliRunner().invoke(diff, ["solo-v2", changed_tables, "--lang", lang])
    assert result.exit_code == 0, result.output
    said = result.output.splitlines()
    assert cell in said, result.output
    # (a level's row by the level's name, the column by the table's words for it)
    assert any(line.startswith(level) and line.endswith(": 4 -> 5") and "vp" not in line for line in said)
    assert "column" not in result.output and "us france" not in result.output


def test_the_json_keeps_the_ids_and_gives_the_words(changed_tables: str) -> None:
    result = CliRunner().invoke(diff, ["solo-v2", changed_tables, "--json"])
    assert result.exit_code == 0, result.output
    details = [
        d for c in json.loads(result.output)["changes"] for d in c["details"] if d["field"].startswith("row")
    ]
    assert {(d["field"], d["words"]) for d in details} == {
        ("row us france, column 3", "row US, France; roll of 3"),
        ("row us france, column 2", "row US, France; roll of 2"),
        ("row us italy, column 3", "row US, Italy; roll of 3"),
        ("row us italy, column 2", "row US, Italy; roll of 2"),
        ("row hard, column vp", "row Hard; VP the AI starts with"),
    }
