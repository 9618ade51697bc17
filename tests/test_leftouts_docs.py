"""`twilight docs` heads each standing rule by its name in the reader's language (`rule-<id>` of the
ruleset's locale files), then its id: it headed them by words made up from the id ("Twenty vp", "Ai never
causes nuclear war"), in English on the Russian pages too. A rule the ruleset does not name is headed by
its id alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.docs.cmd import docs
from twilight.cli.localizer import Localizer
from twilight.cli.session.text import play_folders
from twilight.compiler import api


def rule_headings(ruleset: str, lang: str, out: Path) -> dict[str, str]:
    """Each standing rule's heading on the Markdown page, by the rule's id."""
    result = CliRunner().invoke(docs, [ruleset, "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "restrictions.md").read_text(encoding="utf-8")
    found = re.findall(r'<a id="rule-([a-z0-9_]+)"></a>\n\n### (.*)\n', page)
    return dict(found)


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_standing_rule_is_headed_by_its_name(ruleset: str, lang: str, tmp_path: Path) -> None:
    ir = api.compile_target(ruleset).ir
    assert ir is not None
    loc = Localizer.for_folders(play_folders(ruleset), lang)
    headings = rule_headings(ruleset, lang, tmp_path)
    assert set(headings) == set(ir["rules"])
    for rule, heading in headings.items():
        name = loc.get(f"rule-{rule}")
        assert name, f"{ruleset} names no rule {rule} in {lang}"
        assert heading == f"{name} `{rule}`"
    if lang == "ru":
        assert headings["twenty_vp"] == "20 ПО приносят победу `twenty_vp`"
        assert not any(re.match(r"[A-Z][a-z]+ ", heading) for heading in headings.values()), headings


def test_a_rule_without_a_name_is_headed_by_its_id(tmp_path: Path) -> None:
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "house" source "test" {\n  version "1"\n  extends "standard"\n'
        '  description "a variant with a rule of its own"\n}\n',
        encoding="utf-8",
    )
    # (a house rule: 19 VP win for the US)
    house_win = (
        'victory house_win source "002 · 10.1" {\n'
        '  on vp_changed when vp() >= 19 {\n    win(us, "vp_20")\n  }\n}\n'
    )
    (folder / "house.tsr").write_text(house_win, encoding="utf-8")
    headings = rule_headings(str(folder), "ru", tmp_path / "out")
    assert headings["house_win"] == "`house_win`"
    assert headings["twenty_vp"] == "20 ПО приносят победу `twenty_vp`"


def test_provisional_marks_are_worded_in_the_readers_language(tmp_path: Path) -> None:
    """Every provisional mark on the Russian pages says its summary in Russian (the ruleset's
    `provisional-*` words, as `twilight sources` says them): the pages printed the rule file's English."""
    result = CliRunner().invoke(docs, ["solo-v2", "--lang", "ru", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = "\n".join(p.read_text(encoding="utf-8") for p in sorted(tmp_path.glob("*.md")))
    marks = re.findall(r"⚠ временное правило (P[\d.]+)\*\* ([^·\n<]+)", pages)
    assert len(marks) > 20
    english = [f"{code}: {summary}" for code, summary in marks if re.search(r"[a-z]{3,} [a-z]{3,}", summary)]
    assert english == []
    assert "influence by option 9 anywhere legal" not in pages
